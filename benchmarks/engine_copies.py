"""Issue 43's engine figures: ``Game.clone()``, ``view.sample(rng)`` and random play
against OpenSpiel ``gin_rummy``'s ``state.clone()``, ``resample_from_infostate`` and
random play, in one process, over many distinct positions and games (run by hand;
the OpenSpiel rows need pyspiel):

    python benchmarks/engine_copies.py [--positions N] [--repeat N] [--actions N]

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

Random play: ``--actions`` uniform random legal actions (``legal_actions()`` then
``apply``) from a new game of its own seed (4 players, pagat, ``max_turns=200``:
:func:`engine_play.random_actions`), a seed for each position, timed as one call
and given per action; OpenSpiel's the same loop on gin rummy
(:func:`engine_play.openspiel_random_actions`, its chance actions counted too).
Their ratio is OpenSpiel's time an action over ours: how many times as many actions
a second we play. A sample is timed on a view sampled before (the view keeps what
every sample of it starts from, worked out at its first sample: a search samples
one view many times).
"""

from __future__ import annotations

import argparse
import os
from typing import Any

import numpy as np

import threethirteen as tt
from engine_play import late_position, openspiel_game, openspiel_random_actions, random_actions
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
    parser.add_argument("--actions", type=int, default=300)
    options = parser.parse_args()
    count, repeat, actions = options.positions, options.repeat, options.actions
    play_repeat = max(1, repeat // 8)
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
    seeds = list(range(1, count + 1))
    rows.append(
        (
            "random play, an action",
            CallTimer(lambda seed: random_actions("pagat", 4, seed, actions), seeds, play_repeat),
        )
    )
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
        spiel = openspiel_game()
        rows.append(
            (
                "OpenSpiel random play, an action",
                CallTimer(
                    lambda seed: openspiel_random_actions(spiel, seed, actions), seeds, play_repeat
                ),
            )
        )
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    times = interleaved_calls_ns([timer for _, timer in rows])
    after = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    found = {name: ns / 1000 for (name, _), ns in zip(rows, times, strict=True)}
    for name in ("random play, an action", "OpenSpiel random play, an action"):
        if name in found:
            found[name] /= actions
    print(
        f"{count} positions, {repeat} passes ({play_repeat} of random play, {actions} actions"
        f" a game); load average {load} before and {after} after, {os.cpu_count()} cores\n"
    )
    print("| what | µs (median) | against OpenSpiel |\n|---|---|---|")
    peers = {
        "Game.clone()": "OpenSpiel clone()",
        "view.sample(rng)": "OpenSpiel resample_from_infostate",
    }
    for name, micros in found.items():
        peer = found.get(peers.get(name, ""))
        ratio = f"{micros / peer:.2f}x" if peer else ""
        print(f"| {name} | {micros:.2f} | {ratio} |")
    ours, theirs = found["random play, an action"], found.get("OpenSpiel random play, an action")
    if theirs:
        print(
            f"\nrandom play: {1e6 / ours:,.0f} actions a second, OpenSpiel {1e6 / theirs:,.0f}:"
            f" {theirs / ours:.2f}x"
        )


if __name__ == "__main__":
    main()
