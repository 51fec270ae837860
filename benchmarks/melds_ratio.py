"""The figures of issue 11's targets 1 and 3, side by side in one process (run by hand).

    python benchmarks/melds_ratio.py [--hands 1000] [--passes 9] [--quick]

Prints Markdown tables:

* ``best_melds`` against OpenSpiel's ``GinRummyUtils.best_meld_group`` on the same
  one-deck hands with no wild card (uniform and meld-rich, 7 to 16 cards), and the
  pure-Python twin on fewer of them; target: at most 1.5x OpenSpiel on uniform
  hands, faster than it on meld-rich hands from 10 cards up;
* ``best_melds`` with wilds: bga, 14 cards (aces wild), 4 to 8 wild cards; target:
  a median under 5 µs;
* ``discards`` of n + 1 cards against one ``deadwood_score`` of n (the hand less
  one card), 11 to 17 cards, uniform and meld-rich; target: at most 3x;
* the batch solve (``deadwood_scores``) against a loop of OpenSpiel's
  ``min_deadwood`` at 7 and 10 cards; target at 7 cards: at least 8x.

Timing is "cold": a list of distinct hands is called one after another, never
one hand twice in a row; a pass times each contender over the whole list
(thread CPU time, the garbage collector off), the contenders take turns pass by
pass, and each figure is the median over the passes of the time per hand; each
ratio is the median of the per-pass ratios. The ``best_melds`` with wilds row
is also given as the median of single calls (``perf_counter_ns``). Every
answer is checked: OpenSpiel's deadwood equals our score, the twins agree.
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import threethirteen as tt
from hands import (
    GIN_RULES,
    compiled_available,
    meld_rich_hands,
    openspiel_utils,
    round_of,
    to_openspiel,
    uniform_hands,
)
from threethirteen import Card, Hand
from threethirteen.hands.cards import JOKER

CLOCK = time.thread_time_ns


def per_pass(
    calls: Sequence[tuple[Callable[[Any], object], Sequence[Any]]], passes: int
) -> list[list[float]]:
    """For each (function, items): the time per item of each pass, in µs."""
    out: list[list[float]] = [[] for _ in calls]
    enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(passes):
            for k, (function, items) in enumerate(calls):
                start = CLOCK()
                for item in items:
                    function(item)
                out[k].append((CLOCK() - start) / len(items) / 1000)
    finally:
        if enabled:
            gc.enable()
    return out


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def ratio(first: Sequence[float], second: Sequence[float]) -> float:
    """The median of the per-pass ratios first / second."""
    return median([a / b for a, b in zip(first, second, strict=True)])


def us(value: float) -> str:
    return f"{value:.2f}" if value < 10 else f"{value:,.1f}" if value < 100 else f"{value:,.0f}"


def table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def melds_against_openspiel(hands_count: int, passes: int, sizes: Sequence[int]) -> str:
    utils = openspiel_utils()
    if utils is None:
        return "(OpenSpiel is not installed: no comparison)"
    compiled = round_of(GIN_RULES, None, "cython")
    python = round_of(GIN_RULES, None, "python")
    best_melds, best_meld_group = tt.best_melds, utils.best_meld_group
    rows = []
    for kind, make in (("uniform", uniform_hands), ("meld-rich", meld_rich_hands)):
        for size in sizes:
            hands = make(size, hands_count, seed=11, decks=1)
            theirs = [to_openspiel(hand) for hand in hands]
            few = hands[: max(10, hands_count // 50)]
            for hand, cards in zip(hands[:50], theirs[:50], strict=True):
                mine = best_melds(hand, compiled)
                assert mine.score == utils.min_deadwood(cards), hand
                assert best_melds(hand, python) == mine, hand
            slow = passes if kind == "uniform" or size < 12 else max(3, passes // 3)
            ours, openspiel = per_pass(
                [
                    (lambda hand: best_melds(hand, compiled), hands),
                    (best_meld_group, theirs),
                ],
                slow,
            )
            twin, ours_few = per_pass(
                [
                    (lambda hand: best_melds(hand, python), few),
                    (lambda hand: best_melds(hand, compiled), few),
                ],
                3,
            )
            target = 1.5 if kind == "uniform" else 1.0 if size >= 10 else None
            mine_ratio = ratio(ours, openspiel)
            rows.append(
                [
                    kind,
                    str(size),
                    us(median(ours)),
                    us(median(openspiel)),
                    f"{mine_ratio:.2f}x",
                    "—" if target is None else ("yes" if mine_ratio <= target else "**no**"),
                    us(median(twin)),
                    f"{ratio(twin, ours_few):,.0f}x",
                ]
            )
    return table(
        [
            "hands",
            "cards",
            "best_melds µs",
            "OpenSpiel best_meld_group µs",
            "ours / OpenSpiel",
            "target met",
            "pure Python µs",
            "Python / compiled",
        ],
        rows,
    )


def bga_wild_hands(wilds: int, count: int) -> list[Hand]:
    """14-card bga hands (aces wild) with ``wilds`` wild cards: aces and jokers."""
    rng = random.Random(f"bga wilds {wilds} {count}")
    naturals = [Card(suit * 13 + rank - 1) for rank in range(2, 14) for suit in range(4)] * 2
    wild_pool = [Card(suit * 13) for suit in range(4)] * 2 + [Card(JOKER)] * 4
    return [
        Hand(rng.sample(naturals, 14 - wilds) + rng.sample(wild_pool, wilds)) for _ in range(count)
    ]


def melds_with_wilds(hands_count: int, passes: int) -> str:
    compiled = round_of("bga", 1, "cython")
    python = round_of("bga", 1, "python")
    rows = []
    for wilds in (4, 5, 6, 8):
        hands = bga_wild_hands(wilds, hands_count)
        for hand in hands[:20]:
            assert tt.best_melds(hand, compiled) == tt.best_melds(hand, python), hand
        ours, score = per_pass(
            [
                (lambda hand: tt.best_melds(hand, compiled), hands),
                (lambda hand: tt.deadwood_score(hand, compiled), hands),
            ],
            passes,
        )
        single = []
        clock = time.perf_counter_ns
        gc.disable()
        for _ in range(max(3, passes // 3)):
            for hand in hands:
                start = clock()
                tt.best_melds(hand, compiled)
                single.append((clock() - start) / 1000)
        gc.enable()
        (twin,) = per_pass([(lambda hand: tt.best_melds(hand, python), hands[:10])], 1)
        rows.append(
            [
                str(wilds),
                us(median(single)),
                us(median(ours)),
                us(median(score)),
                f"{ratio(ours, score):.2f}x",
                us(median(twin)),
                "yes" if median(single) < 5 else "**no**",
            ]
        )
    return table(
        [
            "wilds",
            "best_melds µs (median call)",
            "best_melds µs (mean per pass)",
            "deadwood_score µs",
            "melds / score",
            "pure Python µs",
            "under 5 µs",
        ],
        rows,
    )


def discards_against_a_solve(hands_count: int, passes: int, sizes: Sequence[int]) -> str:
    pagat = tt.Rules.preset("pagat")
    rows = []
    for kind, make in (("uniform", uniform_hands), ("meld-rich", meld_rich_hands)):
        for size in sizes:
            hands = make(size, hands_count, seed=3)
            rng = random.Random(1)
            rest = [hand.without(rng.choice(hand.cards)) for hand in hands]
            round_ = round_of(pagat, (size - 2) % 13 + 1, "cython")
            python = round_of(pagat, (size - 2) % 13 + 1, "python")
            for hand in hands[:5]:
                ranked = tt.discards(hand, round_)
                assert ranked.scores == tt.discards(hand, python).scores, hand
            ranking, solve = per_pass(
                [
                    (lambda hand, round_=round_: tt.discards(hand, round_), hands),
                    (lambda hand, round_=round_: tt.deadwood_score(hand, round_), rest),
                ],
                passes,
            )
            found = ratio(ranking, solve)
            rows.append(
                [
                    kind,
                    str(size),
                    us(median(ranking)),
                    us(median(solve)),
                    f"{found:.2f}x",
                    "yes" if found <= 3 else "**no**",
                ]
            )
    return table(
        ["hands", "n + 1", "discards µs", "deadwood_score of n µs", "ratio", "at most 3x"], rows
    )


def batch_against_openspiel(hands_count: int, passes: int) -> str:
    utils = openspiel_utils()
    if utils is None:
        return "(OpenSpiel is not installed: no comparison)"
    compiled = round_of(GIN_RULES, None, "cython")
    min_deadwood = utils.min_deadwood
    rows = []
    for kind, make in (("uniform", uniform_hands), ("meld-rich", meld_rich_hands)):
        for size in (7, 10):
            hands = make(size, 4 * hands_count, seed=11, decks=1)
            codes = tt.encode_hands(hands)
            theirs = [to_openspiel(hand) for hand in hands]
            scores = tt.deadwood_scores(codes, compiled).tolist()
            assert scores == [min_deadwood(cards) for cards in theirs]
            batch, loop = per_pass(
                [
                    (lambda _, codes=codes: tt.deadwood_scores(codes, compiled), [None]),
                    (lambda _, theirs=theirs: [min_deadwood(cards) for cards in theirs], [None]),
                ],
                passes * 2,
            )
            found = ratio(loop, batch)
            rows.append(
                [
                    kind,
                    str(size),
                    us(median(batch) / len(hands)),
                    us(median(loop) / len(hands)),
                    f"{found:.1f}x",
                    ("yes" if found >= 8 else "**no**") if size == 7 else "—",
                ]
            )
    return table(
        [
            "hands",
            "cards",
            "deadwood_scores µs/hand",
            "OpenSpiel loop µs/hand",
            "OpenSpiel / ours",
            "at least 8x (7 cards)",
        ],
        rows,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000, help="distinct hands per row")
    parser.add_argument("--passes", type=int, default=9)
    parser.add_argument("--quick", action="store_true", help="fewer sizes, hands and passes")
    args = parser.parse_args()
    if not compiled_available():
        sys.exit("the compiled solver is not built")
    hands, passes = (200, 5) if args.quick else (args.hands, args.passes)
    started = time.perf_counter()
    print(
        f"threethirteen {tt.__version__}, Python {platform.python_version()},"
        f" {platform.machine()}; {hands} distinct hands a row, {passes} passes;"
        " thread CPU time"
    )
    sizes = (7, 10, 13, 16) if args.quick else range(7, 17)
    print("\n### best_melds against OpenSpiel's best_meld_group (one deck, no wild)\n")
    print(melds_against_openspiel(hands, passes, sizes))
    print("\n### best_melds with wilds (bga, 14 cards, aces wild)\n")
    print(melds_with_wilds(hands, passes))
    print("\n### discards of n + 1 cards against one deadwood_score of n (pagat)\n")
    print(
        discards_against_a_solve(hands // 2, passes, (11, 14, 17) if args.quick else range(11, 18))
    )
    print("\n### The batch solve against a loop of OpenSpiel's min_deadwood\n")
    print(batch_against_openspiel(hands, passes))
    print(f"\n(measured in {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
