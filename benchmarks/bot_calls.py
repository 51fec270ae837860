"""Bot calls and learning batches, cold: the figures of issue 11's targets 4 and 5.

    python benchmarks/bot_calls.py [--hands N] > bot_calls.md

Every call is timed once per distinct input, one input after another ("cold": no
hand is repeated, so nothing the library caches per hand helps), with
``time.perf_counter_ns`` and the garbage collector off; the tables give the median
and the slowest call. The pure-Python twin runs the same calls on the first few
inputs, for the ratio (there is no outside peer: OpenSpiel has no outs, draw advice,
lay-offs or every-discard batch).

* ``outs`` and ``draw_advice``: 13-card hands (uniform: dealt from two decks;
  meld-rich: four neighbouring ranks of all suits), pagat, kings wild; draw advice
  against 80 unseen cards (a random 80 of the pool less the hand and the discard
  pile's top);
* ``layoff``: family rules (jokers too), 11-card hands against 1 to 4 table melds
  dealt from what is left, and 20-card hands with three jokers against tables of
  ``MAX_LAYOFF_RUNS`` runs of two suits (the limit);
* the slowest ``outs`` and ``draw_advice`` a random search finds over five rule
  sets and wild-heavy hands;
* learning batches: ``discard_scores`` per hand and in hands per second, on codes,
  on a count matrix and with a wild rank per row, against the batch it stands for
  (``deadwood_scores`` of every hand less one card).
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

import threethirteen as tt
from hands import FAMILY_JOKERS, layoff_tables, meld_rich_hands, round_of, uniform_hands
from report import environment, markdown, us
from threethirteen.hands.cards import JOKER
from threethirteen.hands.layoffs import MAX_LAYOFF_RUNS

PAGAT = tt.Rules.preset("pagat")


def cold_ns(function: Callable[[Any], object], items: Sequence[Any]) -> list[int]:
    """One call per item, in order; the time of each."""
    clock = time.perf_counter_ns
    times = []
    gc.disable()
    try:
        for item in items:
            start = clock()
            function(item)
            times.append(clock() - start)
    finally:
        gc.enable()
    return times


def draws(kind: str, count: int) -> list[tuple[tt.Hand, tt.Card, tt.Hand]]:
    """13-card hands, each with a discard pile's top and 80 unseen cards."""
    make = uniform_hands if kind == "uniform" else meld_rich_hands
    rng = random.Random(f"bot calls {kind}")
    pool = Counter({tt.Card(code): PAGAT.decks for code in range(52)})
    found = []
    for hand in make(13, count, seed=23):
        left = sorted((pool - Counter(hand.cards)).elements())
        top = left.pop(rng.randrange(len(left)))
        found.append((hand, top, tt.Hand(rng.sample(left, 80))))
    return found


def at_the_limit(count: int) -> list[tuple[tt.Hand, list[str]]]:
    """20 cards (3 jokers) against ``MAX_LAYOFF_RUNS`` runs of two suits, all in reach."""
    rng = random.Random("layoff at the limit")
    found: list[tuple[tt.Hand, list[str]]] = []
    while len(found) < count:
        table = []
        for _ in range(MAX_LAYOFF_RUNS):
            suit, length = rng.choice((0, 3)), rng.randint(4, 6)
            start = rng.randint(0, 13 - length)
            cards = [tt.Card(suit * 13 + rank) for rank in range(start, start + length)]
            table.append(" ".join(map(str, cards)))
        pool = Counter({code: 4 for suit in (0, 3) for code in range(suit * 13, suit * 13 + 13)})
        pool.subtract(Counter(card.code for meld in table for card in tt.Meld.parse(meld).cards))
        codes = rng.sample(sorted(pool.elements()), 17) + [JOKER] * 3
        hand = tt.Hand.from_codes(codes)
        try:
            tt.layoff(hand, table, wild=None, rules=FAMILY_JOKERS)
        except (tt.TableTooLargeError, tt.InvalidHandError):  # out of reach, or 5 copies
            continue
        found.append((hand, table))
    return found


def slowest_ns(function: Callable[[Any], object], items: Sequence[Any], times: list[int]) -> int:
    """The slowest input's time: the 10 slowest inputs of the cold pass timed 5 more
    times each, the least of its times per input, the most over them. One pass alone
    also catches the scheduler (a 4 ms time slice on a shared machine)."""
    worst = sorted(range(len(items)), key=times.__getitem__)[-10:]
    return max(min([times[k], *cold_ns(function, [items[k]] * 5)]) for k in worst)


def row(
    name: str,
    function: Callable[[Any], object],
    items: Sequence[Any],
    python: Callable[[Any], object] | None = None,
    python_items: int = 0,
) -> list[str]:
    compiled = cold_ns(function, items)
    median = statistics.median(compiled)
    ratio = "—"
    if python is not None and python_items:
        slow = cold_ns(python, items[:python_items])
        pairs = [p / c for p, c in zip(slow, compiled, strict=False)]
        ratio = f"{statistics.median(pairs):,.0f}x"
    return [name, str(len(compiled)), us(median), us(slowest_ns(function, items, compiled)), ratio]


def bot_table(hands: int, python_hands: int) -> str:
    rows = []
    for kind in ("uniform", "meld-rich"):
        cases = draws(kind, hands)
        for backend in ("cython", "python"):
            round_of(PAGAT, 13, backend)
        fast, slow = round_of(PAGAT, 13, "cython"), round_of(PAGAT, 13, "python")
        tt.outs(cases[0][0], fast)  # numpy imported, the round prepared
        for name, call in (
            ("outs", lambda case, r: tt.outs(case[0], r)),
            (
                "draw_advice, 80 unseen",
                lambda case, r: tt.draw_advice(case[0], r, discard_top=case[1], unseen=case[2]),
            ),
        ):
            rows.append(
                row(
                    f"`{name}`, {kind}, 13 cards",
                    lambda case, call=call, r=fast: call(case, r),
                    cases,
                    lambda case, call=call, r=slow: call(case, r),
                    python_hands,
                )
            )
    for rules, label in ((tt.Rules.preset("family"), "family"), (FAMILY_JOKERS, "family+jokers")):
        tables = layoff_tables(rules, 11, 11, 4, hands)
        fast, slow = round_of(rules, 11, "cython"), round_of(rules, 11, "python")
        tt.layoff(*tables[0], fast)
        rows.append(
            row(
                f"`layoff`, {label}, 11 cards, 1-4 table melds",
                lambda case, r=fast: tt.layoff(case[0], case[1], r),
                tables,
                lambda case, r=slow: tt.layoff(case[0], case[1], r),
                python_hands,
            )
        )
    limit = at_the_limit(max(20, hands // 25))
    fast = round_of(FAMILY_JOKERS, None, "cython")
    rows.append(
        row(
            f"`layoff`, 20 cards (3 jokers), {MAX_LAYOFF_RUNS} runs in reach",
            lambda case: tt.layoff(case[0], case[1], fast),
            limit,
        )
    )
    header = ["call", "inputs", "median µs", "slowest µs", "pure Python / compiled"]
    return markdown(header, rows)


def learning_table(hands: int) -> str:
    size = 13
    cases = uniform_hands(size, hands, seed=29)
    codes = tt.encode_hands(cases)
    counts = tt.count_vectors(cases)
    ranks = np.random.default_rng(1).integers(0, 14, size=hands)  # 0: no wild rank
    elevens = np.full(hands, 13)  # the wild rank of round 11: kings
    round_ = tt.Round("pagat", 11)
    without = np.array(
        [
            [code for k, code in enumerate(line) if k != drop]
            for line in codes
            for drop in range(size)
        ],
        dtype=np.int8,
    )  # every hand less each of its cards: 13 rows per hand

    reference = tt.discard_scores(codes, round_)
    assert np.array_equal(tt.discard_scores(counts, round_), reference)
    assert np.array_equal(tt.discard_scores(codes, wild=elevens), reference)
    loop = tt.deadwood_scores(without, round_).reshape(hands, size)
    for k in range(0, hands, 97):
        held = np.bincount(codes[k], minlength=53)
        expected = np.repeat(reference[k], held)  # each card's score once per copy
        assert sorted(loop[k].tolist()) == sorted(expected.tolist())
    timings = [
        ("`discard_scores(codes, round_)`", lambda: tt.discard_scores(codes, round_)),
        ("`discard_scores(counts, round_)` (a count matrix)",
         lambda: tt.discard_scores(counts, round_)),
        ("`discard_scores(codes, wild=elevens)` (13, kings, given per row)",
         lambda: tt.discard_scores(codes, wild=elevens)),
        ("`discard_scores(codes, wild=ranks)` (random wild ranks per row)",
         lambda: tt.discard_scores(codes, wild=ranks)),
        ("`discard_scores(codes, round_, threads=2)`",
         lambda: tt.discard_scores(codes, round_, threads=2)),
        ("`deadwood_scores` of the 13 hands less one card (13 rows per hand)",
         lambda: tt.deadwood_scores(without, round_)),
        ("`deadwood_scores(codes, round_)` (one solve per hand)",
         lambda: tt.deadwood_scores(codes, round_)),
        ("`deadwood_scores(counts, round_)`", lambda: tt.deadwood_scores(counts, round_)),
    ]  # fmt: skip
    # Passes: each call once per pass, in turn, so that a load that comes and goes
    # weighs on each alike; the median time, and the median of the per-pass ratios.
    passes: list[list[float]] = []
    for _ in range(7):
        times = []
        for _name, function in timings:
            start = time.perf_counter()
            function()
            times.append(time.perf_counter() - start)
        passes.append(times)
    rows = []
    for k, (name, _function) in enumerate(timings):
        seconds = statistics.median(times[k] for times in passes)
        ratio = statistics.median(times[k] / times[0] for times in passes)
        per_second = f"{hands / seconds:,.0f}"
        rows.append([name, per_second, f"{seconds / hands * 1e6:.2f}", f"{ratio:.2f}x"])
    header = [f"call ({hands:,} uniform 13-card hands, pagat round 11)", "hands per second",
              "µs per hand", "time / discard_scores(codes)"]  # fmt: skip
    return markdown(header, rows)


def slowest_search(per_rules: int) -> str:
    """The slowest ``outs`` and ``draw_advice`` a seeded random search finds: 13-card
    hands (uniform, wild-heavy with 3 to 8 wild cards, meld-rich with a wild card)
    under five rule sets, kings wild (jacks for family), 80 unseen; each call timed
    three times, the least kept."""
    rng = random.Random("slowest bot calls")
    worst: dict[str, tuple[int, str, str]] = {}
    for name, variations, wild in (
        ("pagat", [], 13),
        ("pagat", ["jokers"], 13),
        ("family", ["jokers"], 11),
        ("bga", [], 13),
        ("wikipedia", [], 13),
    ):
        rules = tt.Rules.preset(name, variations)
        round_ = tt.Round(rules, wild=wild)
        pool = [code for code in range(52) for _ in range(rules.decks)] + [JOKER] * rules.jokers
        wilds = [code for code in pool if code == JOKER or code % 13 + 1 == wild]
        naturals = [code for code in pool if code not in wilds]
        for trial in range(per_rules):
            if trial % 3 == 0:
                codes = rng.sample(pool, 13)
            elif trial % 3 == 1:
                count = rng.randint(3, min(8, len(wilds)))
                codes = rng.sample(wilds, count) + rng.sample(naturals, 13 - count)
            else:
                low = rng.randint(0, 9)
                window = [code for code in naturals if low <= code % 13 < low + 4]
                codes = rng.sample(window, 12) + rng.sample(wilds, 1)
            hand = tt.Hand.from_codes(codes)
            left = Counter(pool)
            left.subtract(Counter(codes))
            rest = sorted(left.elements())
            top = tt.Card(rest.pop(rng.randrange(len(rest))))
            unseen = tt.Hand.from_codes(rng.sample(rest, 80))
            calls: list[tuple[str, Callable[[Any], object]]] = [
                ("outs", lambda case: tt.outs(case[0], case[1])),
                (
                    "draw_advice",
                    lambda case: tt.draw_advice(
                        case[0], case[1], discard_top=case[2], unseen=case[3]
                    ),
                ),
            ]
            for call, function in calls:
                least = min(cold_ns(function, [(hand, round_, top, unseen)] * 3))
                if least > worst.get(call, (0, "", ""))[0]:
                    worst[call] = (least, rules.name + "+" * bool(variations), str(hand))
    rows = [[f"`{call}`", us(ns), rules, f"`{hand}`"] for call, (ns, rules, hand) in worst.items()]
    header = [f"slowest of {5 * per_rules} hands", "µs", "rules", "hand"]
    return markdown(header, rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000, help="distinct inputs per row")
    parser.add_argument("--python-hands", type=int, default=10, help="of them, pure Python")
    parser.add_argument("--batch", type=int, default=50_000, help="hands per learning batch")
    parser.add_argument("--search", type=int, default=300, help="hands per rule set searched")
    arguments = parser.parse_args()
    print(f"{environment()}\n")
    print(bot_table(arguments.hands, arguments.python_hands))
    print()
    print(slowest_search(arguments.search))
    print()
    print(learning_table(arguments.batch))


if __name__ == "__main__":
    main()
