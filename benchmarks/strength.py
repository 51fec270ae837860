"""The built-in bots' strength: the round-robin of docs/strength.md.

Each pairing plays duplicate deals of pagat (every deal once in each seating), and
the four bots meet at one four-player table; the results go to JSON files, and the
tables of docs/strength.md are printed from them::

    python benchmarks/strength.py run --out results/ --workers 2   # about 5 core-hours
    python benchmarks/strength.py table results/

``--games`` and ``--search-games`` shorten the run (the search bot's games cost
about a second each: it plays 16 playouts for every move).
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import threethirteen as tt

#: The round-robin at two players: every pairing of the four bots, with its seed.
PAIRINGS = (
    (("greedy", "random"), 11),
    (("advisor", "greedy"), 12),
    (("search", "advisor"), 13),
    (("advisor", "random"), 15),
    (("search", "greedy"), 16),
    (("search", "random"), 17),
)
FOUR = ("search", "advisor", "greedy", "random")


def run_one(
    bots: tuple[str, ...], games: int, players: int, seed: int, out: Path, workers: int
) -> tt.TournamentResults:
    """One tournament, saved with its wall time to ``out``."""
    start = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        results = tt.tournament(
            list(bots), games=games, rules="pagat", players=players, seed=seed, executor=pool
        )
    data = results.to_dict()
    data["wall_seconds"] = time.perf_counter() - start
    data["workers"] = workers
    out.write_text(json.dumps(data), encoding="utf-8")
    return results


def load(path: Path) -> tuple[tt.TournamentResults, float]:
    data = json.loads(path.read_text(encoding="utf-8"))
    seconds = float(data.pop("wall_seconds"))
    data.pop("workers", None)
    return tt.TournamentResults.from_dict(data), seconds


def table(folder: Path) -> str:
    """The strength table: each pairing's margin with its interval."""
    lines = [
        "| table | first | second | games | first's margin, points a game | 95 % interval |",
        "|---|---|---|--:|--:|---|",
    ]
    for path in sorted(folder.glob("*.json")):
        results, _ = load(path)
        for head in results.head_to_heads():
            low, high = head.interval
            lines.append(
                f"| {results.players} players | {head.bot} | {head.other} | {head.games}"
                f" | {head.margin:+.1f} | {low:+.1f} to {high:+.1f} |"
            )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run")
    run.add_argument("--out", type=Path, required=True)
    run.add_argument("--workers", type=int, default=2)
    run.add_argument("--games", type=int, default=2000)
    run.add_argument("--search-games", type=int, default=2000)
    run.add_argument("--four-games", type=int, default=2000)
    run.add_argument(
        "--only", nargs="*", help="result names to run (e.g. search_greedy four); default all"
    )
    show = commands.add_parser("table")
    show.add_argument("folder", type=Path)
    args = parser.parse_args()
    if args.command == "table":
        print(table(args.folder))
        return
    args.out.mkdir(parents=True, exist_ok=True)
    for bots, seed in PAIRINGS:
        name = "_".join(bots)
        if args.only and name not in args.only:
            continue
        games = args.search_games if "search" in bots else args.games
        print(run_one(bots, games, 2, seed, args.out / f"{name}.json", args.workers), flush=True)
    if not args.only or "four" in args.only:
        print(run_one(FOUR, args.four_games, 4, 14, args.out / "four.json", args.workers))


if __name__ == "__main__":
    main()
