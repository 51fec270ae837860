"""The lookahead bot's going-out term, fitted: its margin over the advisor for each
``out_points``, on the same duplicate deals.

    python benchmarks/lookahead_sweep.py [--games 2000] [--workers 2] [--seed 9]

Each line: ``out_points``, the lookahead bot's margin over the advisor in points a
game, its 95 % interval (pagat, two players; about a minute a line on two cores).
The table of docs/strength.md came from this run at the defaults.
"""

from __future__ import annotations

import argparse
import functools
from concurrent.futures import ProcessPoolExecutor

import threethirteen as tt

#: The values tried: 0 (no going-out term) up to 12 points a card dealt.
OUT_POINTS = (0.0, 1.5, 3.0, 6.0, 9.0, 12.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=9)
    args = parser.parse_args()
    for points in OUT_POINTS:
        bot = functools.partial(tt.LookaheadBot, out_points=points, name="lookahead")
        with ProcessPoolExecutor(args.workers) as pool:
            results = tt.tournament(
                [bot, "advisor"], games=args.games, rules="pagat", seed=args.seed, executor=pool
            )
        head = results.head_to_head("lookahead", "advisor")
        low, high = head.interval
        print(f"{points:5.1f}  {head.margin:+.2f}  {low:+.2f} to {high:+.2f}", flush=True)


if __name__ == "__main__":
    main()
