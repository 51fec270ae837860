"""The expert and heuristic bots measured: duplicate deals of two-player pagat.

    python benchmarks/expert_strength.py --deals 40 --cheap-deals 1000 --out results/

Pairings: heuristic against advisor and greedy (``--cheap-deals`` deals each), then
the expert (``--playouts`` deals a decision, 8) against advisor and heuristic
(``--deals`` each), one process, the expert's CPU time per decision recorded. Prints
one line a pairing: the first bot's margin in points a game (the other's total less
its own: positive when it did better) with its 95 % interval, and writes each
tournament's results to ``--out``.
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import time
from collections.abc import Sequence
from pathlib import Path

import threethirteen as tt

TIMES: list[float] = []

MAX_TURNS = 500
"""A round that reaches this many turns is scored as it stands: a guard against two
bots that pass a card to and fro for ever."""


class Timed:
    """A bot whose every decision's CPU time is kept in ``TIMES``."""

    def __init__(self, bot: tt.Bot, name: str) -> None:
        self.bot = bot
        self.name = name

    def act(self, view: tt.PlayerView, legal_actions: Sequence[tt.Action]) -> tt.Action:
        start = time.process_time()  # CPU time: the machine is shared
        action = self.bot.act(view, legal_actions)
        TIMES.append(time.process_time() - start)
        return action


def timed_expert(seed: int | None = None, playouts: int = 8, name: str = "expert") -> Timed:
    return Timed(tt.ExpertBot(seed, playouts=playouts), name)


def run(first: object, second: str, deals: int, seed: int, out: Path, label: str) -> str:
    start, cpu = time.perf_counter(), time.process_time()
    results = tt.tournament(
        [first, second],  # type: ignore[list-item]
        games=2 * deals,
        rules="pagat",
        seed=seed,
        max_turns=MAX_TURNS,
    )
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu
    data = results.to_dict()
    data["wall_seconds"] = seconds
    data["cpu_seconds"] = cpu
    (out / f"{label}.json").write_text(json.dumps(data), encoding="utf-8")
    head = results.head_to_heads()[0]
    low, high = head.interval
    return (
        f"| {head.bot} | {head.other} | {deals} | {head.margin:+.1f} | {low:+.1f} to {high:+.1f}"
        f" | {seconds:.0f} s wall, {cpu:.0f} s CPU |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--cheap-deals", type=int, default=1000)
    parser.add_argument("--playouts", type=int, default=8)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--skip-cheap", action="store_true")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    print("| first | second | deals | first's margin | 95 % interval | time |", flush=True)
    if not args.skip_cheap:
        for other, seed in (("advisor", 31), ("greedy", 32)):
            line = run("heuristic", other, args.cheap_deals, seed, args.out, f"heuristic-{other}")
            print(line, flush=True)
    expert = functools.partial(timed_expert, playouts=args.playouts, name="expert")
    for other, seed in (("advisor", 33), ("heuristic", 34)):
        TIMES.clear()
        line = run(expert, other, args.deals, seed, args.out, f"expert-{other}")
        ms = sorted(t * 1000 for t in TIMES)
        print(
            f"{line} expert ms a decision: median {statistics.median(ms):.1f},"
            f" 90th {ms[int(0.9 * len(ms))]:.1f}, max {ms[-1]:.1f} ({len(ms)} decisions)",
            flush=True,
        )


if __name__ == "__main__":
    main()
