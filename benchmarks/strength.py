"""The built-in bots' strength: the round-robin of docs/strength.md.

Each pairing plays duplicate deals of pagat (every deal once in each seating), and
the bots meet at four-player tables; the results go to JSON files, and the tables
of docs/strength.md are printed from them::

    python benchmarks/strength.py run --out results/ --workers 2   # many core-hours
    python benchmarks/strength.py run --out results/ --only expert_advisor --games 1200
    python benchmarks/strength.py run --out results/ --only search4_advisor --seed 113
    python benchmarks/strength.py table results/

``--games``, ``--search-games`` and ``--four-games`` shorten the run (the search
and expert bots' games cost about a second each: they play 16 deals for every
move). The expert plays with ``playouts=16`` (deterministic given its seed),
``expert-default`` with its default ``time_ms=20`` (not repeatable); the
search bot with its default 16 playouts, ``search4`` with 4, ``search8`` with 8 and
``confidence=1.5``, ``search24`` with 24 (the budgets the bots page names). ``--seed`` repeats
a pairing on other deals (its file named for the seed).
"""

from __future__ import annotations

import argparse
import functools
import json
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import threethirteen as tt

#: The bots by the names the results use: a built-in name, or a factory.
BOTS: dict[str, Any] = {
    "expert": functools.partial(tt.ExpertBot, playouts=16, name="expert"),
    "expert-default": functools.partial(tt.ExpertBot, name="expert-default"),
    "search4": functools.partial(tt.SearchBot, playouts=4, name="search4"),
    "search8": functools.partial(tt.SearchBot, playouts=8, confidence=1.5, name="search8"),
    "search24": functools.partial(tt.SearchBot, playouts=24, name="search24"),
    "lookahead-value": functools.partial(tt.LookaheadBot, draw="value", name="lookahead-value"),
}

#: The round-robin at two players: each pairing with its seed.
PAIRINGS = (
    (("greedy", "random"), 11),
    (("advisor", "greedy"), 12),
    (("search", "advisor"), 13),
    (("search4", "advisor"), 13),
    (("search8", "advisor"), 18),
    (("search24", "advisor"), 19),
    (("advisor", "random"), 15),
    (("search", "greedy"), 16),
    (("search", "random"), 17),
    (("expert", "advisor"), 21),
    (("expert", "heuristic"), 22),
    (("expert-default", "heuristic"), 22),
    (("heuristic", "advisor"), 31),
    (("heuristic", "greedy"), 32),
    (("lookahead", "advisor"), 41),
    (("lookahead", "heuristic"), 42),
    (("expert", "lookahead"), 43),
    (("lookahead-value", "lookahead"), 44),
)
#: The four-player tables: a name, the bots, the seed.
TABLES = (
    ("four", ("search", "advisor", "greedy", "random"), 14),
    ("four_expert", ("expert", "search", "advisor", "heuristic"), 24),
    ("four_lookahead", ("lookahead", "search", "advisor", "heuristic"), 24),  # four_expert's deals
)
SLOW = {"search", "search4", "search8", "search24", "expert", "expert-default"}


def run_one(
    bots: tuple[str, ...], games: int, players: int, seed: int, out: Path, workers: int
) -> tt.TournamentResults:
    """One tournament, saved with its wall time to ``out``."""
    start = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        results = tt.tournament(
            [BOTS.get(bot, bot) for bot in bots],
            games=games,
            rules="pagat",
            players=players,
            seed=seed,
            executor=pool,
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
    run.add_argument(
        "--four-games",
        type=int,
        default=2016,
        help="a multiple of 24: balanced seatings play every order in all rotations",
    )
    run.add_argument(
        "--only", nargs="*", help="result names (e.g. expert_advisor four_expert); default all"
    )
    run.add_argument(
        "--seed",
        type=int,
        help="a repeat at this seed instead of each one's own, saved as NAME_seedN.json",
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
        games = args.search_games if SLOW & set(bots) else args.games
        seed, path = _repeat(args, seed, name)
        print(run_one(bots, games, 2, seed, path, args.workers), flush=True)
    for name, bots, seed in TABLES:
        if not args.only or name in args.only:
            seed, path = _repeat(args, seed, name)
            print(run_one(bots, args.four_games, 4, seed, path, args.workers), flush=True)


def _repeat(args: argparse.Namespace, seed: int, name: str) -> tuple[int, Path]:
    """The seed and file of a run: its own, or a repeat's under ``--seed``."""
    if args.seed is None:
        return seed, args.out / f"{name}.json"
    return args.seed, args.out / f"{name}_seed{args.seed}.json"


if __name__ == "__main__":
    main()
