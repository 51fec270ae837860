"""The learned bot measured: duplicate deals, the rows of docs/strength.md's "The
learned bot".

    python benchmarks/learned_strength.py run --out benchmarks/strength_results/learned
    python benchmarks/learned_strength.py run --out DIR --only learned_expert --deals 200
    python benchmarks/learned_strength.py table benchmarks/strength_results/learned

Every pairing plays duplicate deals on one core (no executor): at two players each
deal once in each seating (``--deals`` deals, ``2 * deals`` games), at four players
each deal in the four rotations of the order given (``--four-deals`` deals; the 24
balanced seatings a deal would cost six times more). The expert plays
``playouts=16`` (deterministic given its seed, as on the strength page);
``partner`` is ``LearnedBot(search="expert", playouts=16)``, the expert's search
with the network breaking its ties (its draws; ``partner-top2`` searches two more
discards too, ``top=2``). Every bot's decisions are timed in CPU time (the machine
is shared), and each pairing's file keeps each bot's median milliseconds a
decision. The shipped weights are those of ``threethirteen.bots.learned.WEIGHTS``;
each file records their modification time.
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import threethirteen as tt
from threethirteen.bots.learned import WEIGHTS

TIMES: dict[str, list[float]] = {}

MAX_TURNS = 500
"""A round that reaches this many turns is scored as it stands."""


class Timed:
    """A bot whose every decision's CPU time is kept in ``TIMES[name]``."""

    def __init__(self, bot: Any, name: str) -> None:
        self.bot = bot
        self.name = name

    def act(self, view: tt.PlayerView, legal_actions: Sequence[tt.Action]) -> tt.Action:
        start = time.process_time()
        action = self.bot.act(view, legal_actions)
        TIMES.setdefault(self.name, []).append(time.process_time() - start)
        if action not in legal_actions:  # the family tables: every action legal
            raise AssertionError(f"{self.name} played {action}, not legal")
        return action


def timed(make: Callable[..., Any], name: str, seed: int | None = None) -> Timed:
    return Timed(make(seed=seed), name)


def timed_spec(bot: str) -> functools.partial[Timed]:
    """A factory of the timed bot ``bot``, labelled ``bot`` in the results."""
    return functools.partial(timed, MAKERS[bot], name=bot)


#: The bots by the names the results use.
MAKERS: dict[str, Callable[..., Any]] = {
    "learned": tt.LearnedBot,
    "advisor": tt.AdvisorBot,
    "lookahead": tt.LookaheadBot,
    "greedy": tt.GreedyBot,
    "expert": functools.partial(tt.ExpertBot, playouts=16),
    "learned-table": functools.partial(tt.LearnedBot, table="network"),
    "partner": functools.partial(tt.LearnedBot, search="expert", playouts=16),
    "partner-top2": functools.partial(tt.LearnedBot, search="expert", playouts=16, top=2),
}

#: The pairings: a label, the bots, the players, the rules, the seed.
PAIRINGS: tuple[tuple[str, tuple[str, ...], int, str, int], ...] = (
    ("learned_advisor", ("learned", "advisor"), 2, "pagat", 501),
    ("learned_lookahead", ("learned", "lookahead"), 2, "pagat", 502),
    ("learned_expert", ("learned", "expert"), 2, "pagat", 503),
    ("partner_expert", ("partner", "expert"), 2, "pagat", 504),
    ("partner-top2_expert", ("partner-top2", "expert"), 2, "pagat", 504),
    ("learned_advisor_family", ("learned", "advisor"), 2, "family", 505),
    ("learned-table_advisor_family", ("learned-table", "advisor"), 2, "family", 505),
    ("learned_lookahead_family", ("learned", "lookahead"), 2, "family", 506),
    ("four", ("learned", "expert", "lookahead", "advisor"), 4, "pagat", 507),
    ("four_family", ("learned", "expert", "lookahead", "advisor"), 4, "family", 508),
)


def run_one(
    label: str, bots: tuple[str, ...], players: int, rules: str, seed: int, deals: int, out: Path
) -> dict[str, Any]:
    """One tournament on one core, saved with its wall time and costs to ``out``."""
    TIMES.clear()
    per_deal = players  # at four: each deal in the four rotations of the order given
    start, cpu = time.perf_counter(), time.process_time()
    results = tt.tournament(
        [timed_spec(bot) for bot in bots],
        games=per_deal * deals,
        rules=rules,
        players=players,
        seed=seed,
        max_turns=MAX_TURNS,
        seatings="balanced" if players == 2 else "rotations",
    )
    data = results.to_dict()
    data["wall_seconds"] = time.perf_counter() - start
    data["cpu_seconds"] = time.process_time() - cpu
    data["label"] = label
    data["weights_mtime"] = time.strftime(
        "%Y-%m-%d %H:%M:%S UTC", time.gmtime(WEIGHTS.stat().st_mtime)
    )
    data["ms_a_decision"] = {
        name: {
            "median": statistics.median(t) * 1000,
            "p90": sorted(t)[int(0.9 * len(t))] * 1000,
            "max": max(t) * 1000,
            "decisions": len(t),
        }
        for name, t in TIMES.items()
    }
    (out / f"{label}.json").write_text(json.dumps(data), encoding="utf-8")
    return data


def rows(data: dict[str, Any]) -> list[str]:
    """The table's rows of one pairing's file: every head-to-head of its first bot."""
    costs = data["ms_a_decision"]
    meta = {"wall_seconds", "cpu_seconds", "label", "weights_mtime", "ms_a_decision"}
    results = tt.TournamentResults.from_dict({k: v for k, v in data.items() if k not in meta})
    found = []
    first = results.bots[0]
    for head in results.head_to_heads():
        if head.bot != first:
            continue
        low, high = head.interval
        cost = costs.get(head.bot, {}).get("median", float("nan"))
        found.append(
            f"| {results.players} | {data['rules']['preset']}"
            f" | {head.bot} | {head.other} | {head.games:,} | {head.margin:+.1f}"
            f" | {low:+.1f} to {high:+.1f} | {cost:.2f} |"
        )
    return found


HEADER = (
    "| players | rules | first | second | games | first's margin, points a game"
    " | 95 % interval | first's ms a decision (median) |\n|--:|---|---|---|--:|--:|---|--:|"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    running = commands.add_parser("run")
    running.add_argument("--out", type=Path, required=True)
    running.add_argument("--only", action="append", default=None)
    running.add_argument("--deals", type=int, default=200)
    running.add_argument("--four-deals", type=int, default=10)
    showing = commands.add_parser("table")
    showing.add_argument("folder", type=Path)
    args = parser.parse_args()
    if args.command == "table":
        print(HEADER)
        for path in sorted(args.folder.glob("*.json")):
            for line in rows(json.loads(path.read_text(encoding="utf-8"))):
                print(line)
        return
    args.out.mkdir(parents=True, exist_ok=True)
    print(HEADER, flush=True)
    for label, bots, players, rules, seed in PAIRINGS:
        if args.only and label not in args.only:
            continue
        deals = args.deals if players == 2 else args.four_deals
        data = run_one(label, bots, players, rules, seed, deals, args.out)
        for line in rows(data):
            print(f"{line} {data['wall_seconds']:.0f} s", flush=True)


if __name__ == "__main__":
    main()
