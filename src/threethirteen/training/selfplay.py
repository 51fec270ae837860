"""Self-play for the Deep Monte-Carlo trainer: games played by a Q-network
(ε-greedy) or by a teacher bot, each decision's chosen features paired with its
Monte-Carlo return.

A decision's return is its player's round result: the other players' mean round
score less the player's own, over :data:`RETURN_SCALE` (positive when the player
did better). Rounds are scored on their own, so the round's result is the return
of every decision in it; nothing is bootstrapped. Everything here is numpy and the
engine (the workers need no torch), and every game is reproduced by its seed.

>>> import numpy as np
>>> from threethirteen.bots.action_features import FEATURES
>>> from threethirteen.bots.learned import QNetwork
>>> net = QNetwork([(np.zeros((len(FEATURES), 1), np.float32), np.zeros(1, np.float32))])
>>> batch = play_games(net.arrays(), [5], epsilon=0.1)
>>> batch.rows.shape[1] == len(FEATURES), len(batch.rows) == len(batch.returns), batch.games
(True, True, 1)
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from ..arena.tournament_settings import ARENA_MAX_TURNS
from ..bots.action_features import FEATURES
from ..bots.learned import choices, load_network
from ..bots.registry import make_bot
from ..engine.game import Game

__all__ = ["RETURN_SCALE", "Batch", "game_seeds", "play_games"]

RETURN_SCALE = 50.0
"""Round results (points) are divided by this to make the returns."""


@dataclass(frozen=True)
class Batch:
    """The decisions of some games: ``rows`` (one row of features a decision, the
    action chosen), ``returns`` (each decision's return), the ``games`` played, and
    the CPU seconds the process that played them spent on them. A teacher's games
    also keep every candidate of every decision: ``candidates`` (their rows, a
    decision's after the previous one's), ``sizes`` (how many a decision had) and
    ``picks`` (the index of the chosen one among its decision's); empty otherwise."""

    rows: np.ndarray
    returns: np.ndarray
    games: int
    cpu_seconds: float = 0.0
    candidates: np.ndarray = field(
        default_factory=lambda: np.zeros((0, len(FEATURES)), np.float32), repr=False
    )
    sizes: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64), repr=False)
    picks: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64), repr=False)

    @staticmethod
    def join(batches: Sequence[Batch]) -> Batch:
        """The batches one after another, in order."""
        if not batches:
            return Batch(np.zeros((0, len(FEATURES)), np.float32), np.zeros(0, np.float32), 0)
        return Batch(
            np.concatenate([b.rows for b in batches]),
            np.concatenate([b.returns for b in batches]),
            sum(b.games for b in batches),
            sum(b.cpu_seconds for b in batches),
            np.concatenate([b.candidates for b in batches]),
            np.concatenate([b.sizes for b in batches]),
            np.concatenate([b.picks for b in batches]),
        )


def game_seeds(seed: int, iteration: int, games: int) -> list[int]:
    """The seeds of an iteration's games, from the run's seed alone.

    >>> game_seeds(1, 0, 2) == game_seeds(1, 0, 2), game_seeds(1, 0, 2) != game_seeds(1, 1, 2)
    (True, True)
    """
    state = np.random.SeedSequence([seed, iteration]).generate_state(games, np.uint64)
    return [int(word) >> 1 for word in state]


def _round_returns(scores: Sequence[int], players: int) -> list[float]:
    total = sum(scores)
    return [((total - own) / max(players - 1, 1) - own) / RETURN_SCALE for own in scores]


def play_game(
    network: Mapping[str, Any] | None,
    seed: int,
    epsilon: float,
    rules: str = "pagat",
    players: int = 2,
    variations: Sequence[str] = (),
    teacher: str | None = None,
    max_turns: int = ARENA_MAX_TURNS,
) -> Batch:
    """One game of self-play (see :func:`play_games`)."""
    net = load_network(network) if teacher is None else None
    bots = [make_bot(teacher, seed=seed + seat) for seat in range(players)] if teacher else []
    game = Game(rules, players=players, seed=seed, variations=variations, max_turns=max_turns)
    random = np.random.default_rng(seed)
    rows: list[np.ndarray] = []
    returns: list[float] = []
    pending: list[tuple[int, np.ndarray, int]] = []
    candidates: list[np.ndarray] = []
    picks: list[int] = []
    rounds = 0
    while not game.is_over:
        player = game.to_move
        assert player is not None
        view = game.view(player)
        legal = game.legal_actions()
        actions, features = choices(view, legal)
        if teacher is not None:
            action = bots[player].act(view, legal)
            index = actions.index(action) if action in actions else -1
        else:
            assert net is not None
            if len(actions) == 1:
                index = 0
            elif random.random() < epsilon:
                index = int(random.integers(len(actions)))
            else:
                index = int(np.argmax(net(features)))
            action = actions[index]
        if index >= 0:
            pending.append((player, features, index))
        game.apply(action, player)
        if len(game.round_scores) > rounds:
            rounds = len(game.round_scores)
            results = _round_returns(game.round_scores[-1], players)
            for who, found, index in pending:
                rows.append(found[index])
                returns.append(results[who])
                if teacher is not None:
                    candidates.append(found)
                    picks.append(index)
            pending = []
    if not rows:
        return Batch.join([])
    if teacher is None:
        return Batch(np.stack(rows), np.asarray(returns, np.float32), 1)
    return Batch(
        np.stack(rows),
        np.asarray(returns, np.float32),
        1,
        candidates=np.concatenate(candidates).astype(np.float32, copy=False),
        sizes=np.asarray([len(found) for found in candidates], np.int64),
        picks=np.asarray(picks, np.int64),
    )


def play_games(
    network: Mapping[str, Any] | None,
    seeds: Sequence[int],
    epsilon: float,
    rules: str = "pagat",
    players: int = 2,
    variations: Sequence[str] = (),
    teacher: str | None = None,
    max_turns: int = ARENA_MAX_TURNS,
) -> Batch:
    """Games of self-play, one a seed, in order: every seat played by the network
    of ``network`` (its arrays, see :meth:`~threethirteen.bots.learned.QNetwork.arrays`),
    which takes a uniformly random choice with probability ``epsilon`` and else the
    action of the highest value; or, with ``teacher`` (a built-in bot's name), by
    that bot. Each game's seed deals it and draws its random choices; a round ends
    after ``max_turns`` turns (its hands scored as they stand)."""
    started = time.process_time()
    batch = Batch.join(
        [
            play_game(network, seed, epsilon, rules, players, variations, teacher, max_turns)
            for seed in seeds
        ]
    )
    return replace(batch, cpu_seconds=time.process_time() - started)
