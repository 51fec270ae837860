"""Per-deal margins of real tournaments, for the interval coverage tests
(tests/test_coverage.py resamples them: their mean is the true margin).

    python benchmarks/deal_margins.py --deals 1000 --workers 2 > tests/data/deal_margins.json
    python benchmarks/deal_margins.py --four --deals 600 > tests/data/seat_margins.json

Each deal is played in both seatings (duplicate deals); a deal's margin is the
first bot's lead in points a game over the two games (the second bot's total less
the first's, averaged), exactly as the tournament's head-to-head samples.

``--four`` plays the table random, copy1, greedy, copy2 at four players with
balanced seatings (two copies of the advisor: equal by symmetry, but whoever sits
after the random bot takes its discards) and writes, for each deal, the order of
the seats and the copies' integer margin over its four games (copy2's totals less
copy1's), the sample the tournament keeps.
"""

from __future__ import annotations

import argparse
import functools
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


FOUR = ("random", "copy1", "greedy", "copy2")


def seat_margins(deals: int, seed: int, workers: int) -> dict[str, list[int]]:
    """Each deal's integer margin of copy2 over copy1, by the order of the seats
    after the random bot (the deal's first game's order read from the seats)."""
    bots = [
        name if name in ("random", "greedy") else functools.partial(tt.AdvisorBot, name=name)
        for name in FOUR
    ]
    with ProcessPoolExecutor(workers) as pool:
        results = tt.tournament(
            bots, games=4 * deals, players=4, seed=seed, keep_games=True, executor=pool
        )
    found: dict[str, list[int]] = {}
    for start in range(0, len(results.games), 4):
        games = results.games[start : start + 4]
        seats = games[0].bots
        first = seats.index("random")
        order = " ".join(seats[first + 1 :] + seats[:first])
        lead = 0
        for game in games:
            lead += game.totals[game.bots.index("copy2")] - game.totals[game.bots.index("copy1")]
        found.setdefault(order, []).append(lead)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--four", action="store_true", help="the four-player seat population")
    args = parser.parse_args()
    data: dict[str, object] = {"deals": args.deals, "seed": args.seed, "rules": "pagat"}
    if args.four:
        data["table"] = list(FOUR)
        data["seatings"] = "balanced"
        data["margins"] = seat_margins(args.deals, args.seed, args.workers)
    else:
        data["margins"] = {
            f"{a}-{b}": margins((a, b), args.deals, args.seed, args.workers) for a, b in PAIRS
        }
    json.dump(data, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
