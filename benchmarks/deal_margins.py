"""Per-deal margins of real tournaments, for the interval coverage test
(tests/test_coverage.py resamples them: their mean is the true margin).

    python benchmarks/deal_margins.py --deals 1000 --workers 2 > tests/data/deal_margins.json

Each deal is played in both seatings (duplicate deals); a deal's margin is the
first bot's lead in points a game over the two games (the second bot's total less
the first's, averaged), exactly as the tournament's head-to-head samples.
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor

import threethirteen as tt

PAIRS = (("advisor", "greedy"), ("greedy", "random"))


def margins(pair: tuple[str, str], deals: int, seed: int, workers: int) -> list[float]:
    with ProcessPoolExecutor(workers) as pool:
        results = tt.tournament(
            list(pair),
            games=2 * deals,
            seed=seed,
            keep_games=True,
            executor=pool,
            max_turns=60 if "random" in pair else None,
        )
    found = []
    for first, second in zip(results.games[::2], results.games[1::2], strict=True):
        lead = 0
        for game in (first, second):
            a, b = game.bots.index(pair[0]), game.bots.index(pair[1])
            lead += game.totals[b] - game.totals[a]
        found.append(lead / 2)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    data = {
        "deals": args.deals,
        "seed": args.seed,
        "rules": "pagat",
        "margins": {
            f"{a}-{b}": margins((a, b), args.deals, args.seed, args.workers) for a, b in PAIRS
        },
    }
    json.dump(data, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
