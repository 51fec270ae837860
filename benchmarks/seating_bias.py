"""What the seating does to a margin at four players: two copies of one bot at a
table, seated by rotations of one order and by every order around the table.

    python benchmarks/seating_bias.py [--deals 1002] [--workers 2] [--seed 9]
    python benchmarks/seating_bias.py --random [--deals 252]

The default table: two copies of the lookahead bot side by side, then the advisor
and the heuristic bot. ``--random``: the random bot, a copy of the lookahead bot,
the advisor, the other copy (the first copy draws the random bot's discards).
Each line: the seatings, then the first copy's margin over the second in points a
game with its 95 % interval (pagat; about ten minutes a line on two cores). The
copies play alike, so any margin is the seats' doing. docs/arena.md quotes these
runs at the defaults.
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor

import threethirteen as tt

#: The tables: the bots in the order given, the copies labelled as the tournament
#: labels them.
TABLES = {
    False: ("lookahead", "lookahead", "advisor", "heuristic"),
    True: ("random", "lookahead", "advisor", "lookahead"),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1002, help="a multiple of 6 (1002)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--random", action="store_true", help="the table with the random bot")
    args = parser.parse_args()
    for seatings in ("rotations", "balanced"):
        with ProcessPoolExecutor(args.workers) as pool:
            results = tt.tournament(
                list(TABLES[args.random]),
                games=4 * args.deals,
                players=4,
                seed=args.seed,
                seatings=seatings,
                executor=pool,
            )
        head = results.head_to_head("lookahead", "lookahead#2")
        low, high = head.interval
        print(
            f"{seatings}: {head.margin:+.2f} ({low:+.2f} to {high:+.2f}), {head.samples} deals",
            flush=True,
        )


if __name__ == "__main__":
    main()
