"""The key measurements in one process, printed as Markdown tables (run by hand).

    python benchmarks/report.py [--quick] [--budget SECONDS] > report.md

Each row times the same hands with the compiled solver, the pure-Python one
and (for one-deck hands with no wild card, when ``pyspiel`` is installed)
OpenSpiel's Gin Rummy ``min_deadwood``, and gives the ratios to the compiled
time. Times are medians in microseconds per hand, with ``time.perf_counter_ns``:

* single calls (``tt.deadwood_score(hand, ...)`` on a parsed ``Hand``, and
  OpenSpiel's ``min_deadwood(list)``): the median over individual calls, each
  hand of the row timed many times;
* batches (``tt.deadwood_scores(codes, ...)``): the median over repetitions of
  the batch's time divided by its number of hands; OpenSpiel has no batch API,
  so its figure in batch rows is a loop of calls over the same hands, timed the
  same way.

A row's hands are up to 1000 (fewer where the pure-Python solver or OpenSpiel
would take more than ``--budget`` seconds over them). Every row checks that
the backends (and OpenSpiel) give the same scores. A last section checks the
performance targets of issue 3 against the figures.

Each solver is timed through a ``tt.Round`` built for it (``hands.round_of``) and
passed to the call; nothing switches the backend of the process. The section on
where the time of one call goes also times ``rules=`` and ``wild=``, which use the
solver chosen at import: run with the compiled one (``THREETHIRTEEN_IMPLEMENTATION``
unset or ``cython``).
"""

from __future__ import annotations

import argparse
import dataclasses
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

import threethirteen as tt
from hands import (
    GIN_RULES,
    WILD_RULES,
    CallTimer,
    LoopTimer,
    adversarial_hands,
    compiled_available,
    interleaved_calls_ns,
    interleaved_loops_ns,
    median_call_ns,
    median_loop_ns,
    meld_rich_hands,
    openspiel_utils,
    preset_hands,
    round_of,
    round_wild,
    to_openspiel,
    uniform_hands,
    wild_hands,
)
from threethirteen import Hand, Rules
from threethirteen.hands.rounds import round_for

MAX_HANDS = 1000
MIN_HANDS = 20
PAGAT = Rules.preset("pagat")


@dataclasses.dataclass
class Row:
    operation: str
    kind: str
    size: int | str
    compiled: float  # ns per hand
    python: float | None = None
    openspiel: float | None = None
    wilds: int = 0


@dataclasses.dataclass
class DiscardRatios:
    """Per kind and size: the best discard of n + 1 cards over one solve of n."""

    kind: str
    size: int
    full: float  # tt.best_discard / tt.deadwood_score
    go_out: float  # tt.can_go_out / tt.deadwood_score
    search: float  # tt.best_discards / tt.deadwood_scores (batches)


class Report:
    def __init__(self, budget: float, quick: bool) -> None:
        self.budget = budget
        self.quick = quick
        self.openspiel = openspiel_utils()
        self.sections: list[tuple[str, str, list[Row]]] = []
        self.rows: dict[tuple[str, str, str, int | str], Row] = {}
        self.discard_ratios: list[DiscardRatios] = []

    # -- measuring ----------------------------------------------------------------

    def count(self, per_hand_ns: float, available: int) -> int:
        """How many hands keep one pass of the slowest timer within the budget."""
        fits = int(self.budget * 1e9 / max(per_hand_ns, 1.0))
        return max(MIN_HANDS, min(MAX_HANDS, available, fits))

    def probe(self, score: Callable[[Hand], object], hands: Sequence[Hand]) -> float:
        start = time.perf_counter_ns()
        for hand in hands[:5]:
            score(hand)
        return (time.perf_counter_ns() - start) / len(hands[:5])

    def deadwood_rows(
        self,
        section: str,
        kind: str,
        size: int,
        hands: Sequence[Hand],
        wild: int | None,
        rules: Rules,
        *,
        single: bool = True,
        batch: bool = True,
        python: bool = True,
        openspiel: bool = False,
    ) -> list[Row]:
        """Rows for ``tt.deadwood_score`` (single) and ``tt.deadwood_scores`` (batch)
        on the same hands: compiled, pure Python and OpenSpiel."""

        compiled_round = round_of(rules, wild, "cython")
        python_round = round_of(rules, wild, "python")

        def score(hand: Hand) -> int:
            return tt.deadwood_score(hand, compiled_round)

        def score_python(hand: Hand) -> int:
            return tt.deadwood_score(hand, python_round)

        utils = self.openspiel if openspiel else None
        slowest = self.probe(score_python, hands) if python else 0.0
        if utils is not None:
            theirs_all = [to_openspiel(hand) for hand in hands[:5]]
            start = time.perf_counter_ns()
            for cards in theirs_all:
                utils.min_deadwood(cards)
            slowest = max(slowest, (time.perf_counter_ns() - start) / len(theirs_all))
        hands = list(hands[: self.count(slowest, len(hands))])
        codes = tt.encode_hands(hands)
        theirs = [to_openspiel(hand) for hand in hands] if utils is not None else []

        # the answers agree
        expected = tt.deadwood_scores(codes, compiled_round).tolist()
        assert [score(hand) for hand in hands] == expected, (section, kind, size)
        if python:
            assert [score_python(hand) for hand in hands] == expected, (section, kind, size)
        if utils is not None:
            assert [utils.min_deadwood(cards) for cards in theirs] == expected

        fast_repeat = max(3, 3000 // len(hands))
        slow_repeat = 1 if self.quick else 3
        min_deadwood = utils.min_deadwood if utils is not None else None
        rows = []
        if single:
            row = Row("deadwood_score", kind, size, 0.0)
            calls = [CallTimer(score, hands, fast_repeat)]
            if python:
                calls.append(CallTimer(score_python, hands, slow_repeat))
            if min_deadwood is not None:
                calls.append(CallTimer(min_deadwood, theirs, slow_repeat))
            found = interleaved_calls_ns(calls)
            row.compiled = found[0]
            row.python = found[1] if python else None
            row.openspiel = found[-1] if min_deadwood is not None else None
            rows.append(row)
        if batch:
            row = Row("deadwood_scores (batch)", kind, size, 0.0)

            def run() -> object:
                return tt.deadwood_scores(codes, compiled_round)

            def run_python() -> object:
                return tt.deadwood_scores(codes, python_round)

            def loop() -> object:
                return [min_deadwood(cards) for cards in theirs]  # type: ignore[misc]

            loops = [LoopTimer(run, max(15, fast_repeat))]
            if python:
                loops.append(LoopTimer(run_python, slow_repeat))
            if min_deadwood is not None:
                loops.append(LoopTimer(loop, max(3, slow_repeat)))
            found = [ns / len(hands) for ns in interleaved_loops_ns(loops)]
            row.compiled = found[0]
            row.python = found[1] if python else None
            row.openspiel = found[-1] if min_deadwood is not None else None
            rows.append(row)
        for row in rows:
            self.rows[section, row.operation, row.kind, row.size] = row
        return rows

    # -- sections -------------------------------------------------------------------

    def add(self, title: str, note: str, rows: list[Row]) -> None:
        self.sections.append((title, note, rows))
        print(f"  measured: {title} ({len(rows)} rows)", file=sys.stderr)

    def one_deck(self, sizes: Sequence[int]) -> None:
        rows = []
        for kind, make in (("uniform", uniform_hands), ("meld-rich", meld_rich_hands)):
            for size in sizes:
                hands = make(size, MAX_HANDS, seed=11, decks=1)
                rows += self.deadwood_rows(
                    "gin", kind + ", 1 deck", size, hands, None, GIN_RULES, openspiel=True
                )
        self.add(
            "No wild, one deck: against OpenSpiel",
            "Gin Rummy rules (pagat with one deck, no wild card), so OpenSpiel's"
            " `min_deadwood` scores the same hands (and agrees on every one).",
            rows,
        )

    def two_decks(self, sizes: Sequence[int]) -> None:
        rows = []
        for kind, make in (("uniform", uniform_hands), ("meld-rich", meld_rich_hands)):
            for size in sizes:
                hands = make(size, MAX_HANDS, seed=13)
                rows += self.deadwood_rows("pagat", kind, size, hands, None, PAGAT)
        self.add(
            "No wild, two decks (pagat)", "Twins possible; OpenSpiel cannot score these.", rows
        )

    def wilds(self, sizes: Sequence[int], counts: Sequence[int]) -> None:
        rows = []
        for kind in ("uniform", "meld-rich"):
            for size in sizes:
                for wilds in counts:
                    if wilds > size:
                        continue
                    hands = wild_hands(size, wilds, MAX_HANDS, kind=kind)
                    new = self.deadwood_rows(
                        "wilds",
                        f"{kind}, {wilds} wild",
                        size,
                        hands,
                        round_wild(size),
                        WILD_RULES,
                        batch=size == 14,
                    )
                    for row in new:
                        row.wilds = wilds
                    rows += new
        self.add(
            "Wild cards",
            "k of the cards are wild (the round's wild rank, then jokers past 8);"
            " pagat with jokers. Batches for 14 cards only.",
            rows,
        )

    def presets(self, sizes: Sequence[int]) -> None:
        rows = []
        named = [(name, Rules.preset(name)) for name in ("pagat", "wikipedia", "bga", "family")]
        for name, rules in [*named, ("pagat+jokers", WILD_RULES)]:
            for kind in ("uniform", "meld-rich"):
                for size in sizes:
                    hands = preset_hands(rules, size, MAX_HANDS, kind=kind)
                    wild = rules.wild_for_cards(size)
                    rows += self.deadwood_rows(
                        f"preset {name}", f"{name}, {kind}", size, hands, wild, rules
                    )
        self.add(
            "Presets",
            "Hands dealt from each preset's own pool (its decks and jokers), in the round"
            " that deals that many cards (wild rank = the size).",
            rows,
        )

    def worst(self) -> None:
        rows = []
        for case, hand in adversarial_hands():
            row = Row("deadwood_score", case.name, len(hand), 0.0)

            compiled_round = round_of(case.rules, case.wild, "cython")
            python_round = round_of(case.rules, case.wild, "python")

            def score(hand: Hand, round_: tt.Round = compiled_round) -> int:
                return tt.deadwood_score(hand, round_)

            def score_python(hand: Hand, round_: tt.Round = python_round) -> int:
                return tt.deadwood_score(hand, round_)

            expected = score(hand)
            assert score_python(hand) == expected, case.name
            calls = [
                CallTimer(score, [hand], 301),
                CallTimer(score_python, [hand], 1 if self.quick else 5),
            ]
            if case.openspiel and self.openspiel is not None:
                cards = to_openspiel(hand)
                assert self.openspiel.min_deadwood(cards) == expected
                calls.append(CallTimer(self.openspiel.min_deadwood, [cards], 3))
            found = interleaved_calls_ns(calls)
            row.compiled, row.python = found[0], found[1]
            row.openspiel = found[2] if len(found) > 2 else None
            rows.append(row)
            self.rows["worst", row.operation, row.kind, row.size] = row
        self.add(
            "Worst cases",
            "The adversarial hands of `benchmarks/hands.py` (the last found by"
            " `benchmarks/worst_case.py`), one hand per row, each under the rules named"
            " there (OpenSpiel: the one-deck hands, no wild).",
            rows,
        )

    def discards(self, sizes: Sequence[int]) -> list[list[str]]:
        """The best discard of n + 1 cards against one deadwood solve of n (compiled)."""
        table = []
        kinds: list[tuple[str, Callable[[int], list[Hand]], int | None, Rules]] = [
            ("uniform", lambda size: uniform_hands(size, MAX_HANDS, seed=3), None, PAGAT),
            ("meld-rich", lambda size: meld_rich_hands(size, MAX_HANDS, seed=3), None, PAGAT),
            ("4 wilds", lambda size: wild_hands(size, 4, MAX_HANDS), -1, WILD_RULES),
        ]
        for kind, make, wild_choice, rules in kinds:
            for n in sizes:
                if kind == "4 wilds" and n + 1 < 4:
                    continue
                wild = round_wild(n + 1) if wild_choice == -1 else None
                hands = make(n + 1)
                rng = random.Random(n)
                smaller = [hand.without(rng.choice(hand.cards)) for hand in hands]
                codes, smaller_codes = tt.encode_hands(hands), tt.encode_hands(smaller)
                less_each = [[hand.without(card) for card in set(hand.cards)] for hand in hands]
                repeat = 3
                round_ = round_of(rules, wild, "cython")
                best = tt.best_discards(codes, round_)
                found = [tt.best_discard(hand, round_) for hand in hands]
                assert [f.card.code for f in found] == best.cards.tolist()
                assert [f.melding.score for f in found] == best.scores.tolist()
                outs = [tt.can_go_out(hand, round_) for hand in hands]
                assert outs == (best.scores == 0).tolist()

                def solve(hand: Hand, round_: tt.Round = round_) -> int:
                    return tt.deadwood_score(hand, round_)

                def discard(hand: Hand, round_: tt.Round = round_) -> Any:
                    return tt.best_discard(hand, round_)

                def go_out(hand: Hand, round_: tt.Round = round_) -> Any:
                    return tt.can_go_out(hand, round_)

                def loop(each: list[Hand], solve: Callable[[Hand], int] = solve) -> int:
                    return min(solve(less) for less in each)

                assert [loop(each) for each in less_each] == best.scores.tolist()
                solve_ns = median_call_ns(solve, smaller, repeat)
                discard_ns = median_call_ns(discard, hands, repeat)
                go_out_ns = median_call_ns(go_out, hands, repeat)
                loop_ns = median_call_ns(loop, less_each, 1)
                batch_solve_ns = median_loop_ns(
                    lambda c=smaller_codes, r=round_: tt.deadwood_scores(c, r), 15, len(hands)
                )
                batch_discard_ns = median_loop_ns(
                    lambda c=codes, r=round_: tt.best_discards(c, r), 15, len(hands)
                )
                table.append(
                    [
                        kind,
                        f"{n + 1}",
                        us(solve_ns),
                        f"{us(discard_ns)} ({discard_ns / solve_ns:.1f}x)",
                        f"{us(go_out_ns)} ({go_out_ns / solve_ns:.1f}x)",
                        f"{us(loop_ns)} ({loop_ns / solve_ns:.1f}x)",
                        us(batch_solve_ns),
                        f"{us(batch_discard_ns)} ({batch_discard_ns / batch_solve_ns:.1f}x)",
                    ]
                )
                self.discard_ratios.append(
                    DiscardRatios(
                        kind,
                        n + 1,
                        full=discard_ns / solve_ns,
                        go_out=go_out_ns / solve_ns,
                        search=batch_discard_ns / batch_solve_ns,
                    )
                )
        print("  measured: discards", file=sys.stderr)
        return table

    def overhead(self) -> list[list[str]]:
        """Where the time of one call goes, on uniform 10-card hands (pagat, no wild)."""
        hands = uniform_hands(10, MAX_HANDS, seed=13)
        texts = [str(hand) for hand in hands]
        codes = tt.encode_hands(hands)
        bytes_ = [hand.code_bytes for hand in hands]
        lines = []
        # rules= and wild= use the solver chosen at import (main checks it is compiled)
        round_ = round_for(PAGAT, None)
        raw, params = round_.solver.score, round_.params

        def api_round(hand: Hand) -> int:
            return tt.deadwood_score(hand, round_)

        def api_str(hand: Hand) -> int:
            return tt.deadwood_score(hand, wild=None, rules="pagat")

        def api_rules(hand: Hand) -> int:
            return tt.deadwood_score(hand, wild=None, rules=PAGAT)

        def api_text(text: str) -> int:
            return tt.deadwood_score(text, wild=None, rules="pagat")

        measures = [
            ("timer and call of an empty function", lambda b: None, bytes_),
            (
                "raw solver: `round.solver.score(hand.code_bytes, round.params)`",
                lambda b: raw(b, params),
                bytes_,
            ),
            (
                "`rounds.round_for(rules, wild)` alone (rules = preset name)",
                lambda b: round_for("pagat", None),
                bytes_,
            ),
            ("`tt.deadwood_score(hand, round)`", api_round, hands),
            ("`tt.deadwood_score(hand, wild=None, rules=Rules)`", api_rules, hands),
            ('`tt.deadwood_score(hand, wild=None, rules="pagat")`', api_str, hands),
            ('`tt.deadwood_score("text", wild=None, rules="pagat")`', api_text, texts),
            ("`tt.parse_hand(text)` alone", tt.parse_hand, texts),
        ]
        for label, function, items in measures:
            try:
                lines.append([label, us(median_call_ns(function, items, 3))])
            except Exception as error:  # the internals changed: say so, go on
                lines.append([label, f"n/a ({type(error).__name__})"])
        for threads in (1, 2):
            big = np.concatenate([codes] * 10)
            ns = median_loop_ns(
                lambda b=big, t=threads: tt.deadwood_scores(b, wild=None, rules=PAGAT, threads=t),
                9,
                len(big),
            )
            lines.append([f"`tt.deadwood_scores` batch of 10000, threads={threads}", us(ns)])
        ns = median_loop_ns(lambda: tt.encode_hands(hands), 9, len(hands))
        lines.append(["`tt.encode_hands` (parsed hands to an array)", us(ns)])
        print("  measured: overhead", file=sys.stderr)
        return lines

    # -- printing -------------------------------------------------------------------

    def print(self, discards: list[list[str]], overhead: list[list[str]]) -> None:
        print(environment())
        header = [
            "operation",
            "hand kind",
            "size",
            "compiled µs/hand",
            "Python µs/hand",
            "Python / compiled",
            "OpenSpiel µs/hand",
            "OpenSpiel / compiled",
        ]
        for title, note, rows in self.sections:
            print(f"\n### {title}\n\n{note}\n")
            body = []
            for row in rows:
                body.append(
                    [
                        row.operation,
                        row.kind,
                        str(row.size),
                        us(row.compiled),
                        us(row.python),
                        ratio(row.python, row.compiled),
                        us(row.openspiel),
                        ratio(row.openspiel, row.compiled),
                    ]
                )
            print(markdown(header, body))
        print(
            "\n### Best discard of n + 1 cards against one solve of n (compiled)\n\n"
            "Single calls: `deadwood_score` on n cards (the hand less one card), then"
            " `best_discard` (search and Python melding), `can_go_out` and a loop of"
            " n + 1 `deadwood_score` calls on n + 1 cards, with the ratio to the solve;"
            " then the batch API: `deadwood_scores` on n cards and `best_discards` on"
            " n + 1 (the search alone).\n"
        )
        print(
            markdown(
                [
                    "hand kind",
                    "n + 1",
                    "solve n µs",
                    "best_discard µs",
                    "can_go_out µs",
                    "loop of solves µs",
                    "batch solve n µs",
                    "batch best_discards µs",
                ],
                discards,
            )
        )
        print("\n### Where the time of one call goes (uniform 10-card hands, compiled)\n")
        print(markdown(["measured", "median µs per hand"], overhead))
        print("\n### Targets\n")
        print(markdown(["target", "measured", "met"], self.targets()))

    def targets(self) -> list[list[str]]:
        out = []
        gin = [
            row
            for key, row in self.rows.items()
            if key[0] == "gin" and row.operation.endswith("(batch)") and 7 <= int(row.size) <= 14
        ]
        if gin and all(row.openspiel is not None for row in gin):
            worst = min(gin, key=lambda row: row.openspiel / row.compiled)  # type: ignore[operator]
            value = worst.openspiel / worst.compiled  # type: ignore[operator]
            out.append(
                [
                    "batch, no wild: >= 2x faster per hand than OpenSpiel, 7-14 cards",
                    f"lowest ratio {value:.1f}x ({worst.kind}, {worst.size} cards:"
                    f" {us(worst.compiled)} vs {us(worst.openspiel)} µs)",
                    yes(value >= 2),
                ]
            )
        row = self.rows.get(("pagat", "deadwood_score", "uniform", 10))
        if row:
            out.append(
                [
                    "single call, parsed Hand, uniform 10 cards: < 2 µs",
                    f"{us(row.compiled)} µs (two decks, pagat's Round)",
                    yes(row.compiled < 2000),
                ]
            )
        worst_rows = [row for key, row in self.rows.items() if key[0] == "worst"]
        if worst_rows:
            slowest = max(worst_rows, key=lambda row: row.compiled)
            out.append(
                [
                    "worst case (<= 16 cards): < 100 µs",
                    f"slowest known {us(slowest.compiled)} µs ({slowest.kind})",
                    yes(slowest.compiled < 100_000),
                ]
            )
        heavy = [
            row
            for key, row in self.rows.items()
            if key[0] == "wilds" and row.size == 14 and row.wilds >= 4
        ]
        if heavy:
            slowest = max(heavy, key=lambda row: row.compiled)
            out.append(
                [
                    "14 cards, 4+ wilds: median < 20 µs",
                    f"highest median {us(slowest.compiled)} µs"
                    f" ({slowest.kind}, {slowest.operation})",
                    yes(slowest.compiled < 20_000),
                ]
            )
        for label, field in (
            ("best_discard of n + 1: < 3x one solve of n (the full `best_discard`)", "full"),
            ("... the search alone (batch `best_discards` over `deadwood_scores`)", "search"),
            ("... the search alone (`can_go_out` over `deadwood_score`)", "go_out"),
        ):
            if not self.discard_ratios:
                break
            high = max(self.discard_ratios, key=lambda item: getattr(item, field))
            value = getattr(high, field)
            where = f"highest {value:.1f}x ({high.kind}, {high.size} cards)"
            out.append([label, where, yes(value < 3)])
        for label, batch in (("the batch API", True), ("single calls", False)):
            both = [
                row
                for row in self.rows.values()
                if row.python is not None and row.operation.endswith("(batch)") == batch
            ]
            if not both:
                continue
            lowest = min(both, key=lambda row: row.python / row.compiled)  # type: ignore[operator]
            value = lowest.python / lowest.compiled  # type: ignore[operator]
            median = float(np.median([row.python / row.compiled for row in both]))  # type: ignore[operator]
            out.append(
                [
                    f"compiled >= 50x faster than pure Python ({label})",
                    f"lowest {value:.0f}x ({lowest.kind}, {lowest.size} cards);"
                    f" median over {len(both)} rows {median:.0f}x",
                    yes(value >= 50),
                ]
            )
        return out


def us(ns: float | None) -> str:
    if ns is None:
        return "—"
    value = ns / 1000
    if value >= 100:
        return f"{value:,.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def ratio(other: float | None, compiled: float) -> str:
    if other is None:
        return "—"
    value = other / compiled
    return f"{value:,.0f}x" if value >= 10 else f"{value:.1f}x"


def yes(flag: bool) -> str:
    return "met" if flag else "**not met**"


def markdown(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def environment() -> str:
    versions = [f"Python {platform.python_version()}", f"numpy {np.__version__}"]
    try:
        from importlib.metadata import version

        versions.append(f"open-spiel {version('open-spiel')}")
    except Exception:
        versions.append("open-spiel not installed")
    return (
        f"threethirteen {tt.__version__} ({tt.implementation} by default),"
        f" {', '.join(versions)}, {platform.machine()} {platform.processor() or ''}".rstrip()
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer sizes and repetitions")
    parser.add_argument(
        "--budget", type=float, default=0.15, help="seconds per pass of the slow timers"
    )
    args = parser.parse_args()
    if not compiled_available():
        sys.exit("the compiled solver is not built: nothing to compare")
    if tt.implementation != "cython":
        sys.exit("run with the compiled solver in use (THREETHIRTEEN_IMPLEMENTATION=cython)")
    started = time.perf_counter()
    report = Report(args.budget, args.quick)
    sizes = (4, 7, 10, 13, 16) if args.quick else range(3, 17)
    report.one_deck(sizes)
    report.two_decks(sizes)
    report.wilds((7, 10, 14, 16), (0, 1, 2, 4, 8, 12))
    report.presets((10, 13) if not args.quick else (10,))
    report.worst()
    discards = report.discards((3, 7, 10, 13, 15) if args.quick else range(3, 16))
    overhead = report.overhead()
    report.print(discards, overhead)
    print(f"\n(measured in {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
