"""A seeded search for the slowest hands (run by hand), in the issue's two classes.

    python benchmarks/worst_case.py [--candidates 5000] [--climb 2000] [--seeds 10] [--seed 1]
        [--passes 31] [--quick]

The classes (issue 11): hands of up to 16 cards from **two decks** (every preset
and variation with two decks: pagat, wikipedia, bga, pagat with jokers or aces
high, family for 3-4 players with jokers), target 20 µs; and hands of up to 20
cards from **four decks with jokers** (family with jokers), target 100 µs.

Candidates are of two sorts. The **structured families** known to be hard, each
under several wild ranks: many copies of one rank across the suits (with
jokers and a few other cards), eleven aces with three jokers, 4x4 blocks (four
neighbouring ranks of every suit, twins included), long twin runs (a run of one
suit held twice), and long suits beside many copies of a rank. The **random
candidates** come from several generators (uniform, dense windows of ranks and
suits, long suits, twins, many copies of one or two ranks, wild-heavy) under the
class's rules, with a random wild rank (or none). Each is timed with the
compiled solver (``tt.deadwood_score`` on a parsed hand, the best of 3 calls);
the slowest are improved by hill climbing (swap, add or drop a card, change the
wild rank, within the class). The finalists are then timed **cold**: pass after
pass over all of them, in a new order each pass, each hand timed once per pass
(one hand never timed twice in a row), the median per hand over ``--passes``.
It prints the slowest of each class with the score, the cold median and the
target, and the pure-Python backend's time for the worst. The candidates follow
from the seed, but the climb follows the timings, so two runs may climb to
different hands. Not a test: CI never runs it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator

import threethirteen as tt
from hands import compiled_available, round_of
from threethirteen import Card, Hand, Rules
from threethirteen.hands.cards import JOKER

TWO_DECKS: dict[str, Rules] = {
    "pagat": Rules.preset("pagat"),
    "wikipedia": Rules.preset("wikipedia"),
    "bga": Rules.preset("bga"),
    "pagat+jokers": Rules.preset("pagat", ["jokers"]),
    "pagat+aces-high": Rules.preset("pagat", ["aces-high"]),
    "family(4 players)+jokers": Rules.preset("family", ["jokers"], players=4),
}
FOUR_DECKS: dict[str, Rules] = {"family+jokers": Rules.preset("family", ["jokers"])}
RULES: dict[str, Rules] = {**TWO_DECKS, **FOUR_DECKS}


class Class:
    """One class of hands: its rules, its largest hand and its target."""

    def __init__(self, name: str, rules: dict[str, Rules], max_size: int, target_us: float) -> None:
        self.name = name
        self.rules = rules
        self.max_size = max_size
        self.target_us = target_us


CLASSES = (
    Class("up to 16 cards, two decks", TWO_DECKS, 16, 20.0),
    Class("up to 20 cards, four decks with jokers", FOUR_DECKS, 20, 100.0),
)

Candidate = tuple[str, Hand, "int | None"]  # rules name, hand, wild rank


def pool(rules: Rules, ranks: list[int], suits: list[int], jokers: bool = True) -> list[Card]:
    cards = [Card(s * 13 + r - 1) for s in suits for r in ranks for _ in range(rules.decks)]
    return cards + [Card(JOKER)] * (rules.jokers if jokers else 0)


def draw(rng: random.Random, cards: list[Card], size: int) -> list[Card]:
    return rng.sample(cards, min(size, len(cards)))


def gen_uniform(rng: random.Random, rules: Rules, top: int) -> list[Card]:
    return draw(rng, pool(rules, list(range(1, 14)), [0, 1, 2, 3]), rng.randint(10, top))


def gen_window(rng: random.Random, rules: Rules, top: int) -> list[Card]:
    width = rng.randint(3, 7)
    low = rng.randint(1, 14 - width)
    suits = rng.sample(range(4), rng.randint(2, 4))
    cards = pool(rules, list(range(low, low + width)), suits)
    return draw(rng, cards, rng.randint(10, top))


def gen_long_suit(rng: random.Random, rules: Rules, top: int) -> list[Card]:
    width = rng.randint(8, 13)
    low = rng.randint(1, 14 - width)
    suits = rng.sample(range(4), rng.randint(1, 2))
    return draw(rng, pool(rules, list(range(low, low + width)), suits), rng.randint(12, top))


def gen_twins(rng: random.Random, rules: Rules, top: int) -> list[Card]:
    width = rng.randint(2, 6)
    low = rng.randint(1, 14 - width)
    distinct = pool(rules, list(range(low, low + width)), [0, 1, 2, 3], jokers=False)
    distinct = list(dict.fromkeys(distinct))
    rng.shuffle(distinct)
    hand: list[Card] = []
    for card in distinct:
        hand += [card] * rng.randint(1, rules.decks)
    return hand[: rng.randint(10, top)]


def gen_copies(rng: random.Random, rules: Rules, top: int) -> list[Card]:
    """Many copies of one or two ranks (up to ``decks`` of each card), jokers, a few
    others: sets of one rank chosen many ways."""
    ranks = rng.sample(range(1, 14), rng.randint(1, 2))
    copies = pool(rules, ranks, [0, 1, 2, 3], jokers=False)
    hand = draw(rng, copies, rng.randint(6, min(14, len(copies))))
    hand += [Card(JOKER)] * rng.randint(0, min(4, rules.jokers))
    hand += draw(rng, pool(rules, list(range(1, 14)), [0, 1, 2, 3], jokers=False), 4)
    return hand[: rng.randint(10, top)]


GENERATORS: dict[str, Callable[[random.Random, Rules, int], list[Card]]] = {
    "uniform": gen_uniform,
    "window": gen_window,
    "long suit": gen_long_suit,
    "twins": gen_twins,
    "copies": gen_copies,
}


def wild_heavy(rng: random.Random, rules: Rules, wild: int, top: int) -> list[Card]:
    size = rng.randint(10, top)
    wilds = pool(rules, [wild], [0, 1, 2, 3])
    count = rng.randint(2, min(12, len(wilds), size))
    width = rng.randint(3, 6)
    low = rng.choice([x for x in range(1, 15 - width) if not x <= wild < x + width] or [1])
    naturals = pool(rules, list(range(low, low + width)), rng.sample(range(4), rng.randint(2, 4)))
    naturals = [card for card in naturals if card.code % 13 + 1 != wild and card.code != JOKER]
    return draw(rng, wilds, count) + draw(rng, naturals, size - count)


def valid(cards: list[Card], rules: Rules, top: int) -> bool:
    try:
        tt.check_hand(Hand(cards), rules)
    except tt.InvalidHandError:
        return False
    return 0 < len(cards) <= top


# -- the structured families ------------------------------------------------------


def text_hand(text: str) -> Hand:
    return tt.parse_hand(text)


def families(group: Class) -> Iterator[Candidate]:
    """The structured hard families of the class, each under a few wild ranks."""
    for name, rules in group.rules.items():
        decks, jokers, top = rules.decks, rules.jokers, group.max_size
        wilds: list[int | None] = [None, 2, 5, 9, 13]
        for rank in (1, 5, 8, 13):
            # many copies of one rank across the suits, jokers, a few other cards
            for copies in range(6, min(4 * decks, top) + 1):
                for joker_count in range(min(jokers, 3, top - copies) + 1):
                    suits = [suit for _ in range(decks) for suit in range(4)][:copies]
                    cards = [Card(suit * 13 + rank - 1) for suit in suits]
                    cards += [Card(JOKER)] * joker_count
                    others = [
                        Card(suit * 13 + other - 1)
                        for suit in range(4)
                        for other in (rank % 13 + 1, (rank + 2) % 13 + 1, (rank + 8) % 13 + 1)
                    ]
                    cards += others[: top - len(cards)]
                    for wild in wilds:
                        if wild != rank and valid(cards, rules, top):
                            yield name, Hand(cards), wild
        for low in (1, 4, 10):
            # 4x4 blocks, twins included
            block = [Card(suit * 13 + r - 1) for r in range(low, low + 4) for suit in range(4)]
            for copies in range(1, decks + 1):
                cards = (block * copies)[:top]
                for wild in wilds:
                    if valid(cards, rules, top):
                        yield name, Hand(cards), wild
            # long twin runs: one suit's run held twice, jokers
            for length in (6, 8, 10):
                run = [Card(13 + r - 1) for r in range(low, min(low + length, 14))]
                for joker_count in range(min(jokers, 2) + 1):
                    cards = (run * min(decks, 2))[: top - joker_count] + [Card(JOKER)] * joker_count
                    for wild in wilds:
                        if valid(cards, rules, top):
                            yield name, Hand(cards), wild
        # a long suit beside many copies of one rank
        for rank in (3, 6):
            cards = [Card(r - 1) for r in range(1, 14) if r != rank]
            cards += [Card(suit * 13 + rank - 1) for suit in range(4)] * min(decks, 2)
            cards = cards[:top]
            for wild in wilds:
                if valid(cards, rules, top):
                    yield name, Hand(cards), wild
    if "family+jokers" in group.rules:
        # eleven aces with three jokers (the slowest an earlier search found)
        for text in (
            "Ac Ac Ac Ac 4c Ad Ad Ad Kd Ah Ah As As Jk Jk Jk",
            "Ac Ac Ac Ac 4c Ad Ad Ad Kd Ah Ah Ah As As As Jk Jk Jk",
            "3c 3c 3c 3c 5c 3d 3d 3h 3h 7h 3s 3s 3s Jk Jk Jk",
        ):
            for wild in (None, 2, 6, 11):
                yield "family+jokers", text_hand(text), wild


# -- timing -----------------------------------------------------------------------


def timed(candidate: Candidate, calls: int, statistic: str = "min") -> float:
    """Microseconds per ``tt.deadwood_score`` call with the compiled solver: the best
    or the median of ``calls`` (warm: the search's quick estimate)."""
    name, hand, wild = candidate
    round_ = round_of(RULES[name], wild, "cython")
    clock = time.perf_counter_ns
    times = []
    for _ in range(calls):
        start = clock()
        tt.deadwood_score(hand, round_)
        times.append(clock() - start)
    times.sort()
    value = times[0] if statistic == "min" else times[len(times) // 2]
    return value / 1000


def cold(candidates: list[Candidate], passes: int, seed: int) -> list[float]:
    """Microseconds per call of each candidate, timed cold: pass after pass over all
    of them in a new order, each timed once per pass; the median per candidate."""
    rng = random.Random(seed)
    prepared = [
        (index, hand, round_of(RULES[name], wild, "cython"))
        for index, (name, hand, wild) in enumerate(candidates)
    ]
    samples: list[list[int]] = [[] for _ in candidates]
    clock = time.perf_counter_ns
    score = tt.deadwood_score
    for _ in range(passes):
        rng.shuffle(prepared)
        for index, hand, round_ in prepared:
            start = clock()
            score(hand, round_)
            samples[index].append(clock() - start)
    return [statistics.median(times) / 1000 for times in samples]


def random_candidate(rng: random.Random, group: Class) -> Candidate:
    while True:
        name = rng.choice(list(group.rules))
        rules = group.rules[name]
        wild = rng.choice([None, *range(1, 14)])
        if wild is not None and rng.random() < 0.3:
            cards = wild_heavy(rng, rules, wild, group.max_size)
        else:
            cards = GENERATORS[rng.choice(list(GENERATORS))](rng, rules, group.max_size)
        if valid(cards, rules, group.max_size):
            return name, Hand(cards), wild


def mutate(rng: random.Random, candidate: Candidate, group: Class) -> Candidate:
    name, hand, wild = candidate
    rules = RULES[name]
    while True:
        cards = list(hand.cards)
        move = rng.random()
        everything = pool(rules, list(range(1, 14)), [0, 1, 2, 3])
        # new cards near the ones held, mostly: their ranks and suits
        near = pool(
            rules,
            sorted({c.code % 13 + 1 for c in cards if c.code != JOKER}),
            sorted({c.code // 13 for c in cards if c.code != JOKER}),
        )
        source = near if near and rng.random() < 0.8 else everything
        if move < 0.6 and cards:
            cards[rng.randrange(len(cards))] = rng.choice(source)
        elif move < 0.8 and len(cards) < group.max_size:
            cards.append(rng.choice(source))
        elif move < 0.9 and len(cards) > 3:
            cards.pop(rng.randrange(len(cards)))
        else:
            wild = rng.choice([None, *range(1, 14)])
        if valid(cards, rules, group.max_size):
            return name, Hand(cards), wild


def describe(candidate: Candidate) -> str:
    name, hand, wild = candidate
    return f"{len(hand):2} cards, {name}, wild {wild}: {hand}"


def search(
    group: Class, args: argparse.Namespace, rng: random.Random
) -> list[tuple[float, Candidate]]:
    """The class's finalists, slowest first, timed cold."""
    print(f"\n## {group.name} (target {group.target_us:g} us)")
    structured = list(dict.fromkeys(families(group)))
    found = [(timed(candidate, 3), candidate) for candidate in structured]
    print(f"{len(structured)} hands of the structured families")
    for _ in range(args.candidates):
        candidate = random_candidate(rng, group)
        found.append((timed(candidate, 3), candidate))
    found.sort(key=lambda item: -item[0])
    print(f"{args.candidates} random candidates; the slowest of all (best of 3 calls, warm):")
    for us, candidate in found[:5]:
        print(f"  {us:8.1f} us  {describe(candidate)}")
    climbed = []
    for us, candidate in found[: args.seeds]:
        best, best_us = candidate, us
        for _ in range(args.climb):
            trial = mutate(rng, best, group)
            trial_us = timed(trial, 3)
            if trial_us > best_us:
                best, best_us = trial, trial_us
        climbed.append(best)
    finalists = list(dict.fromkeys(climbed + [candidate for _, candidate in found[:40]]))
    times = cold(finalists, args.passes, args.seed)
    final = sorted(zip(times, finalists, strict=True), key=lambda item: -item[0])
    print(
        f"after {args.seeds} x {args.climb} hill-climbing steps; {len(finalists)} finalists"
        f" timed cold (median of {args.passes} passes):"
    )
    for us, candidate in final[:8]:
        name, hand, wild = candidate
        score = tt.deadwood_score(hand, round_of(RULES[name], wild, "cython"))
        print(f"  {us:8.1f} us  score {score:3}  {describe(candidate)}")
    us, (name, hand, wild) = final[0]
    python_round = round_of(RULES[name], wild, "python")
    start = time.perf_counter_ns()
    tt.deadwood_score(hand, python_round)
    python_us = (time.perf_counter_ns() - start) / 1000
    verdict = "met" if us <= group.target_us else "NOT met"
    print(
        f"worst: {us:.1f} us compiled (cold), {python_us:.0f} us pure Python (one call);"
        f" target {group.target_us:g} us: {verdict}"
    )
    return final


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidates", type=int, default=5000)
    parser.add_argument("--climb", type=int, default=2000, help="hill-climbing steps per seed")
    parser.add_argument("--seeds", type=int, default=10, help="hands to climb from")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--passes", type=int, default=31, help="cold passes over the finalists")
    parser.add_argument("--quick", action="store_true", help="500 candidates, 3 x 200 steps")
    args = parser.parse_args()
    if args.quick:
        args.candidates, args.climb, args.seeds = 500, 200, 3
    if not compiled_available():
        sys.exit("the compiled solver is not built")
    rng = random.Random(args.seed)
    started = time.perf_counter()
    for group in CLASSES:
        search(group, args, rng)
    print(f"\nsearch took {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
