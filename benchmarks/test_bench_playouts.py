"""The cost of a playout move: the compiled loop (``threethirteen.bots.playouts.playout``)
against the same policy played through the engine, on the same sampled positions of
pagat games at two and four players (every round, both phases; the copies to play
on are made before the clock starts); and the search bot's cost per decision with
either.

Each benchmark plays every position once (one round); the median round over the
moves the positions' playouts play is the cost per move, in ``extra_info``
(``--benchmark-json``). ``python benchmarks/test_bench_playouts.py`` prints the
ratios and the search bot's milliseconds per decision.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

import threethirteen as tt
from threethirteen.bots import playouts

POSITIONS = 120


def positions(players: int, count: int = POSITIONS, seed: int = 1) -> list[tuple[tt.Game, int]]:
    """``count`` distinct sampled positions (a view's sample, the viewer) from games of
    greedy bots, spread over every round."""
    rng = np.random.default_rng(seed)
    found: list[tuple[tt.Game, int]] = []
    game_seed = seed
    while len(found) < count:
        game = tt.Game("pagat", players=players, seed=game_seed)
        game_seed += 1
        bot = tt.GreedyBot()
        while not game.is_over and len(found) < count:
            mover = game.to_move
            assert mover is not None
            if rng.random() < 0.1:
                found.append((game.view(mover).sample(rng), mover))
            game.apply(bot.act(game.view(mover), game.legal_actions()))
    return found


def moves_of(found: list[tuple[tt.Game, int]]) -> int:
    """The actions the positions' playouts play (the engine's count)."""
    total = 0
    for game, _player in found:
        copy = game.clone()
        played, turns = len(copy.round_scores), copy.turns
        for _ in range(playouts.PLAYOUT_LIMIT):
            if copy.is_over or len(copy.round_scores) != played or copy.turns < turns:
                break
            turns = copy.turns
            copy.apply(playouts.playout_action(copy))
            total += 1
    return total


def clones(found: list[tuple[tt.Game, int]]) -> list[tuple[tt.Game, int]]:
    """Fresh copies of the positions to play on (copied before the clock starts)."""
    return [(game.clone(), player) for game, player in found]


def play_all(found: list[tuple[tt.Game, int]], compiled: bool) -> list[float]:
    """Each position's playout (played on: pass :func:`clones`)."""
    play = playouts.playout if compiled else playouts.engine_playout
    return [play(game, player) for game, player in found]


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("path", ["engine", "compiled"])
def test_playout_moves(benchmark: Any, players: int, path: str) -> None:
    if path == "compiled" and not playouts.compiled:
        pytest.skip("the compiled playout loop is not built")
    benchmark.group = f"playouts: {POSITIONS} sampled pagat positions, {players} players"
    found = positions(players)
    values = benchmark.pedantic(
        play_all,
        setup=lambda: ((clones(found), path == "compiled"), {}),
        rounds=3,
        iterations=1,
    )
    assert values == play_all(clones(found), False)
    moves = moves_of(found)
    benchmark.extra_info["moves"] = moves
    if benchmark.stats is not None:  # (None under --benchmark-disable)
        benchmark.extra_info["us_per_move"] = 1e6 * benchmark.stats.stats.median / moves


def decisions(players: int, count: int, seed: int = 5) -> float:
    """The search bot's (seat 0, 16 playouts) mean seconds per decision over ``count``
    decisions of pagat games against greedy bots."""
    spent = 0.0
    made = 0
    game_seed = seed
    while made < count:
        game = tt.Game("pagat", players=players, seed=game_seed)
        game_seed += 1
        bots: list[tt.Bot] = [tt.SearchBot(seed=game_seed)]
        bots += [tt.GreedyBot() for _ in range(players - 1)]
        while not game.is_over and made < count:
            mover = game.to_move
            assert mover is not None
            view, legal = game.view(mover), game.legal_actions()
            start = time.perf_counter()
            action = bots[mover].act(view, legal)
            if mover == 0:
                spent += time.perf_counter() - start
                made += 1
            game.apply(action)
    return spent / made


def main(argv: Sequence[str]) -> None:  # pragma: no cover - a report, run by hand
    """Print the cost per playout move (median of 3) and the search bot's cost per
    decision, with the compiled loop and without (``--decisions N``, default 200)."""
    count = int(argv[argv.index("--decisions") + 1]) if "--decisions" in argv else 200
    for players in (2, 4):
        found = positions(players)
        moves = moves_of(found)
        times = {}
        for compiled in (False, True):
            rounds = []
            for _ in range(3):
                copies = clones(found)
                start = time.perf_counter()
                play_all(copies, compiled)
                rounds.append(time.perf_counter() - start)
            times[compiled] = statistics.median(rounds) / moves
        print(
            f"{players} players, {len(found)} positions, {moves} moves:"
            f" engine {1e6 * times[False]:.2f} us/move, compiled {1e6 * times[True]:.2f}"
            f" us/move, {times[False] / times[True]:.1f}x"
        )
    saved = playouts._compiled
    for players in (2, 4):
        costs = {}
        for compiled in (False, True):
            playouts._compiled = saved if compiled else None
            costs[compiled] = decisions(players, count)
        playouts._compiled = saved
        print(
            f"search bot, {players} players, {count} decisions: engine"
            f" {1000 * costs[False]:.2f} ms, compiled {1000 * costs[True]:.2f} ms a decision"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
