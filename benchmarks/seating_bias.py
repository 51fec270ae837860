"""What the seating does to a margin at four players: two copies of the lookahead
bot at one table with the advisor and the heuristic bot, seated by rotations of
one order and by every order around the table.

    python benchmarks/seating_bias.py [--deals 1002] [--workers 2] [--seed 9]

Each line: the seatings, then the first copy's margin over the second in points a
game with its 95 % interval (pagat; about ten minutes a line on two cores). The
copies play alike, so any margin is the seats' doing. docs/arena.md quotes this
run at the defaults.
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor

import threethirteen as tt

#: The table: the two copies sit next to each other in the order given.
TABLE = ("lookahead", "lookahead", "advisor", "heuristic")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1002, help="a multiple of 6 (1002)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=9)
    args = parser.parse_args()
    for seatings in ("rotations", "balanced"):
        with ProcessPoolExecutor(args.workers) as pool:
            results = tt.tournament(
                list(TABLE),
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
