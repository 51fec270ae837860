"""Players and positions shared by the engine benchmarks (``test_bench_engine.py``)
and the side-by-side script (``engine_report.py``).

* :func:`random_actions`: uniform random legal play, ``max_turns`` set, counting
  the actions applied; :func:`openspiel_random_actions` the same loop on
  OpenSpiel's ``gin_rummy`` (``legal_actions()`` + ``apply_action``; chance nodes
  sampled from ``chance_outcomes()`` and counted too, which flatters OpenSpiel).
* :func:`greedy_game`: a whole game where every player draws the upcard when it
  lowers their best score after the discard, discards the best card, and goes
  out when they can.
* :func:`late_position`: a 4-player game in round 11 (13 cards), mid-round, for
  ``clone()`` and ``view(p).sample(rng)``; :func:`openspiel_position` a gin rummy
  state mid-hand for OpenSpiel's ``clone()`` and ``resample_from_infostate``.
"""

from __future__ import annotations

import random
from typing import Any

import threethirteen as tt

__all__ = [
    "greedy_game",
    "late_position",
    "openspiel_game",
    "openspiel_position",
    "openspiel_random_actions",
    "random_actions",
]


def random_actions(preset: str, players: int, seed: int, actions: int) -> int:
    """Play uniform random legal actions in games of ``preset`` (``max_turns=200``)
    until ``actions`` have been applied; return the number applied."""
    chooser = random.Random(seed)
    done = 0
    game_seed = seed
    while done < actions:
        game = tt.Game(preset, players=players, seed=game_seed, max_turns=200)
        game_seed += 1
        while not game.is_over and done < actions:
            game.apply(chooser.choice(game.legal_actions()))
            done += 1
    return done


def openspiel_game() -> Any:
    """OpenSpiel's ``gin_rummy`` game (pyspiel must be installed)."""
    import pyspiel  # type: ignore[import-not-found]

    return pyspiel.load_game("gin_rummy")


def openspiel_random_actions(game: Any, seed: int, actions: int) -> int:
    """Random play on OpenSpiel's gin rummy until ``actions`` actions (chance ones too)."""
    chooser = random.Random(seed)
    done = 0
    while done < actions:
        state = game.new_initial_state()
        while not state.is_terminal() and done < actions:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(chooser.choice(outcomes)[0])
            else:
                state.apply_action(chooser.choice(state.legal_actions()))
            done += 1
    return done


def greedy_game(preset: str, players: int, seed: int) -> tt.Game:
    """A whole game of greedy players (see the module's docstring)."""
    game = tt.Game(preset, players=players, seed=seed)
    while not game.is_over:
        player = game.to_move
        assert player is not None
        round_ = game.prepared_round
        hand = game.hand(player)
        if game.phase == "draw":
            pile = game.piles[0]
            take = bool(pile) and tt.best_discard(hand + pile[-1], round_).score < (
                tt.deadwood_score(hand, round_)
            )
            game.apply(tt.DrawDiscard() if take else tt.DrawStock())
            continue
        going = [
            action
            for action in game.legal_actions()
            if isinstance(action, tt.DiscardCard) and action.go_out
        ]
        game.apply(going[0] if going else tt.DiscardCard(tt.best_discard(hand, round_).card))
    return game


def late_position(players: int = 4, seed: int = 1) -> tt.Game:
    """A game of ``players`` in round 11 (13 cards dealt), 30 random actions in."""
    game = tt.Game("pagat", players=players, seed=seed)
    chooser = random.Random(seed)
    while game.round < 11:
        game.apply(chooser.choice(game.legal_actions()))
    for _ in range(30):
        game.apply(chooser.choice(game.legal_actions()))
    return game


def openspiel_position(game: Any, seed: int = 1) -> Any:
    """A gin rummy state 60 actions into a random hand (a player to move)."""
    chooser = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node() or len(state.history()) < 60:
        if state.is_chance_node():
            state.apply_action(chooser.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(chooser.choice(state.legal_actions()))
    return state
