"""Issue 43's engine figures: ``Game.clone()`` and ``view.sample(rng)`` against
OpenSpiel ``gin_rummy``'s ``state.clone()`` and ``resample_from_infostate``, in one
process, over many distinct positions (run by hand; the OpenSpiel rows need pyspiel):

    python benchmarks/engine_copies.py [--positions N] [--repeat N]

Ours: 4-player games in round 11 (13 cards dealt), 30 random actions in
(:func:`engine_play.late_position`, one seed a position), and the view of the player
to move (made before timing: what a search samples many times). OpenSpiel's: gin
rummy states 60 actions into a random hand (:func:`engine_play.openspiel_position`,
one seed a state; seeds whose hand ended sooner are skipped). Each figure is the
median time of one call over every position and every pass, the four kinds taking
turns pass by pass (``hands.interleaved_calls_ns``: a load that comes and goes
weighs on each alike), the garbage collector off. The load average is printed:
the ratios are what counts on a shared machine.

``clone() + an action`` times a copy and the first action applied to it (a draw:
the copy's first change copies the lists it touches), against the same action
applied to a copy made before: what a copy that shares its lists until changed
defers is in the first figure, not in the second.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

import numpy as np

import threethirteen as tt
from engine_play import late_position, openspiel_game
from hands import CallTimer, interleaved_calls_ns


def openspiel_states(game: Any, count: int) -> list[Any]:
    """``count`` gin rummy states, each 60 actions into a random hand of its own seed."""
    import random

    states = []
    seed = 0
    while len(states) < count:
        seed += 1
        chooser = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal() and (state.is_chance_node() or len(state.history()) < 60):
            if state.is_chance_node():
                state.apply_action(chooser.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(chooser.choice(state.legal_actions()))
        if not state.is_terminal():
            states.append(state)
    return states


def first_action(game: tt.Game) -> None:
    """Apply the first legal action (a draw from the stock) to ``game``."""
    game.apply(game.legal_actions()[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=40)
    options = parser.parse_args()
    count, repeat = options.positions, options.repeat
    games = [late_position(4, seed) for seed in range(1, count + 1)]
    views = [game.view(game.to_move) for game in games]  # type: ignore[arg-type]
    for view in views:
        view.unseen_codes()  # (worked out once a view, as in a search)
    rng = np.random.default_rng(0)
    rows: list[tuple[str, CallTimer]] = [
        ("Game.clone()", CallTimer(tt.Game.clone, games, repeat)),
        ("view.sample(rng)", CallTimer(lambda view: view.sample(rng), views, repeat)),
        ("clone() + an action", CallTimer(lambda g: first_action(g.clone()), games, repeat)),
    ]
    copies = [[game.clone() for _ in range(repeat + 1)] for game in games]
    rows.append(("an action on a copy", CallTimer(lambda c: first_action(c.pop()), copies, repeat)))
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        pyspiel = None
    if pyspiel is not None:
        states = openspiel_states(openspiel_game(), count)
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        rows += [
            ("OpenSpiel clone()", CallTimer(lambda state: state.clone(), states, repeat)),
            (
                "OpenSpiel resample_from_infostate",
                CallTimer(
                    lambda state: state.resample_from_infostate(state.current_player(), sampler),
                    states,
                    repeat,
                ),
            ),
        ]
    times = interleaved_calls_ns([timer for _, timer in rows])
    found = {name: ns / 1000 for (name, _), ns in zip(rows, times, strict=True)}
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    print(f"{count} positions, {repeat} passes; load average {load}, {os.cpu_count()} cores\n")
    print("| what | µs (median) | against OpenSpiel |\n|---|---|---|")
    peers = {
        "Game.clone()": "OpenSpiel clone()",
        "view.sample(rng)": "OpenSpiel resample_from_infostate",
    }
    for name, micros in found.items():
        peer = found.get(peers.get(name, ""))
        ratio = f"{micros / peer:.2f}x" if peer else ""
        print(f"| {name} | {micros:.1f} | {ratio} |")


if __name__ == "__main__":
    main()
