"""The game engine's speed side by side with OpenSpiel's ``gin_rummy``, in one
process, printed as a Markdown table (run by hand; OpenSpiel rows need pyspiel).

    python benchmarks/engine_report.py [--repeat N]

Times are medians of ``time.perf_counter_ns`` over repeats that take turns
(``hands.interleaved_loops_ns``: a load that comes and goes weighs on each
alike), the garbage collector off:

* random legal play: 2000 actions of uniform random play (``max_turns=200``), as
  actions per second; OpenSpiel's loop counts its chance actions too;
* ``clone()`` of a 4-player game in round 11, 30 actions in; OpenSpiel's
  ``state.clone()`` 60 actions into a hand;
* ``game.view(p).sample(rng)`` there; OpenSpiel's ``resample_from_infostate``;
* a whole greedy game of 11 rounds for 4 players (issue 12's third figure).
"""

from __future__ import annotations

import argparse
import os
import platform

import numpy as np

from engine_play import (
    greedy_game,
    late_position,
    openspiel_game,
    openspiel_position,
    openspiel_random_actions,
    random_actions,
)
from hands import LoopTimer, interleaved_loops_ns

ACTIONS = 2000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    repeat = parser.parse_args().repeat
    try:
        import pyspiel  # type: ignore[import-not-found]

        spiel = openspiel_game()
    except ImportError:
        spiel = None
    print(
        f"Machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores,"
        f" Python {platform.python_version()}\n"
    )
    names = ["pagat, 4 players", "bga, 4 players", "family, 4 players"]
    timers = [
        LoopTimer(lambda p=preset: random_actions(p, 4, 1, ACTIONS), repeat)
        for preset in ("pagat", "bga", "family")
    ]
    if spiel is not None:
        names.append("OpenSpiel gin_rummy")
        timers.append(LoopTimer(lambda: openspiel_random_actions(spiel, 1, ACTIONS), repeat))
    times = interleaved_loops_ns(timers)
    print("| random legal play | actions per second | ratio to OpenSpiel |\n|---|---|---|")
    theirs = ACTIONS / times[-1] * 1e9 if spiel is not None else None
    for name, ns in zip(names, times, strict=True):
        rate = ACTIONS / ns * 1e9
        ratio = f"{rate / theirs:.2f}" if theirs else "-"
        print(f"| {name} | {rate:,.0f} | {ratio} |")
    game = late_position()
    player = game.to_move
    assert player is not None
    rng = np.random.default_rng(0)
    rows = [
        ("clone()", LoopTimer(game.clone, repeat * 200)),
        ("view(p).sample(rng)", LoopTimer(lambda: game.view(player).sample(rng), repeat * 200)),
    ]
    if spiel is not None:
        import pyspiel

        state = openspiel_position(spiel)
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        who = state.current_player()
        rows += [
            ("OpenSpiel clone()", LoopTimer(state.clone, repeat * 200)),
            (
                "OpenSpiel resample_from_infostate",
                LoopTimer(lambda: state.resample_from_infostate(who, sampler), repeat * 200),
            ),
        ]
    times = interleaved_loops_ns([timer for _, timer in rows])
    print("\n| 4 players, round 11 | µs |\n|---|---|")
    for (name, _), ns in zip(rows, times, strict=True):
        print(f"| {name} | {ns / 1000:.1f} |")
    ns = interleaved_loops_ns([LoopTimer(lambda: greedy_game("pagat", 4, 3), repeat)])[0]
    print(f"\nA whole greedy game (pagat, 4 players, 11 rounds): {ns / 1e6:.1f} ms")


if __name__ == "__main__":
    main()
