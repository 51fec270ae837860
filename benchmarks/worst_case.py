"""A seeded random search for the slowest hand of at most 16 cards (run by hand).

    python benchmarks/worst_case.py [--candidates 5000] [--climb 2000] [--seeds 10] [--seed 1]

Candidates come from several generators (uniform, dense windows of ranks and
suits, long suits, twins, many copies of one or two ranks, wild-heavy), under every preset and a few
variations, with a random wild rank (or none). Each is timed with the compiled
solver (``tt.deadwood_score`` on a parsed hand, the best of 3 calls); the
slowest are then improved by hill climbing (swap, add or drop a card), and the
finalists re-timed as the median of 201 calls. It prints them with the score
and the time, and the pure-Python backend's time for the worst. The candidates
follow from the seed, but the climb follows the timings, so two runs may
climb to different hands. Not a test: CI never runs it.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

import threethirteen as tt
from hands import compiled_available, round_of
from threethirteen import JOKER, Card, Hand, Rules

MAX_SIZE = 16

RULES: dict[str, Rules] = {
    "pagat": Rules.preset("pagat"),
    "wikipedia": Rules.preset("wikipedia"),
    "bga": Rules.preset("bga"),
    "family": Rules.preset("family"),
    "pagat+jokers": Rules.preset("pagat", ["jokers"]),
    "pagat+aces-high": Rules.preset("pagat", ["aces-high"]),
    "family+jokers": Rules.preset("family", ["jokers"]),
}

Candidate = tuple[str, Hand, "int | None"]  # rules name, hand, wild rank


def pool(rules: Rules, ranks: list[int], suits: list[int], jokers: bool = True) -> list[Card]:
    cards = [Card(s * 13 + r - 1) for s in suits for r in ranks for _ in range(rules.decks)]
    return cards + [Card(JOKER)] * (rules.jokers if jokers else 0)


def draw(rng: random.Random, cards: list[Card], size: int) -> list[Card]:
    return rng.sample(cards, min(size, len(cards)))


def gen_uniform(rng: random.Random, rules: Rules) -> list[Card]:
    return draw(rng, pool(rules, list(range(1, 14)), [0, 1, 2, 3]), rng.randint(10, MAX_SIZE))


def gen_window(rng: random.Random, rules: Rules) -> list[Card]:
    width = rng.randint(3, 7)
    low = rng.randint(1, 14 - width)
    suits = rng.sample(range(4), rng.randint(2, 4))
    cards = pool(rules, list(range(low, low + width)), suits)
    return draw(rng, cards, rng.randint(10, MAX_SIZE))


def gen_long_suit(rng: random.Random, rules: Rules) -> list[Card]:
    width = rng.randint(8, 13)
    low = rng.randint(1, 14 - width)
    suits = rng.sample(range(4), rng.randint(1, 2))
    return draw(rng, pool(rules, list(range(low, low + width)), suits), rng.randint(12, MAX_SIZE))


def gen_twins(rng: random.Random, rules: Rules) -> list[Card]:
    width = rng.randint(2, 6)
    low = rng.randint(1, 14 - width)
    distinct = pool(rules, list(range(low, low + width)), [0, 1, 2, 3], jokers=False)
    distinct = list(dict.fromkeys(distinct))
    rng.shuffle(distinct)
    hand: list[Card] = []
    for card in distinct:
        hand += [card] * rng.randint(1, rules.decks)
    return hand[: rng.randint(10, MAX_SIZE)]


def gen_copies(rng: random.Random, rules: Rules) -> list[Card]:
    """Many copies of one or two ranks (up to ``decks`` of each card), jokers, a few
    others: sets of one rank chosen many ways."""
    ranks = rng.sample(range(1, 14), rng.randint(1, 2))
    copies = pool(rules, ranks, [0, 1, 2, 3], jokers=False)
    hand = draw(rng, copies, rng.randint(6, min(14, len(copies))))
    hand += [Card(JOKER)] * rng.randint(0, min(4, rules.jokers))
    hand += draw(rng, pool(rules, list(range(1, 14)), [0, 1, 2, 3], jokers=False), 4)
    return hand[: rng.randint(10, MAX_SIZE)]


GENERATORS: dict[str, Callable[[random.Random, Rules], list[Card]]] = {
    "uniform": gen_uniform,
    "window": gen_window,
    "long suit": gen_long_suit,
    "twins": gen_twins,
    "copies": gen_copies,
}


def wild_heavy(rng: random.Random, rules: Rules, wild: int) -> list[Card]:
    size = rng.randint(10, MAX_SIZE)
    wilds = pool(rules, [wild], [0, 1, 2, 3])
    count = rng.randint(2, min(12, len(wilds), size))
    width = rng.randint(3, 6)
    low = rng.choice([x for x in range(1, 15 - width) if not x <= wild < x + width] or [1])
    naturals = pool(rules, list(range(low, low + width)), rng.sample(range(4), rng.randint(2, 4)))
    naturals = [card for card in naturals if card.code % 13 + 1 != wild and card.code != JOKER]
    return draw(rng, wilds, count) + draw(rng, naturals, size - count)


def valid(cards: list[Card], rules: Rules) -> bool:
    try:
        tt.check_hand(Hand(cards), rules)
    except tt.InvalidHandError:
        return False
    return 0 < len(cards) <= MAX_SIZE


def timed(candidate: Candidate, calls: int, statistic: str = "min") -> float:
    """Microseconds per ``tt.deadwood_score`` call with the compiled solver: the best
    or the median of ``calls``."""
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


def random_candidate(rng: random.Random) -> Candidate:
    while True:
        name = rng.choice(list(RULES))
        rules = RULES[name]
        wild = rng.choice([None, *range(1, 14)])
        if wild is not None and rng.random() < 0.3:
            cards = wild_heavy(rng, rules, wild)
        else:
            cards = GENERATORS[rng.choice(list(GENERATORS))](rng, rules)
        if valid(cards, rules):
            return name, Hand(cards), wild


def mutate(rng: random.Random, candidate: Candidate) -> Candidate:
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
        elif move < 0.8 and len(cards) < MAX_SIZE:
            cards.append(rng.choice(source))
        elif move < 0.9 and len(cards) > 3:
            cards.pop(rng.randrange(len(cards)))
        else:
            wild = rng.choice([None, *range(1, 14)])
        if valid(cards, rules):
            return name, Hand(cards), wild


def describe(candidate: Candidate) -> str:
    name, hand, wild = candidate
    return f"{len(hand):2} cards, {name}, wild {wild}: {hand}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidates", type=int, default=5000)
    parser.add_argument("--climb", type=int, default=2000, help="hill-climbing steps per seed")
    parser.add_argument("--seeds", type=int, default=10, help="hands to climb from")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not compiled_available():
        sys.exit("the compiled solver is not built")
    rng = random.Random(args.seed)
    started = time.perf_counter()
    found = []
    for _ in range(args.candidates):
        candidate = random_candidate(rng)
        found.append((timed(candidate, 3), candidate))
    found.sort(key=lambda item: -item[0])
    print(f"{args.candidates} random candidates; the slowest (best of 3 calls):")
    for us, candidate in found[:5]:
        print(f"  {us:8.1f} us  {describe(candidate)}")
    climbed = []
    for us, candidate in found[: args.seeds]:
        best, best_us = candidate, us
        for _ in range(args.climb):
            trial = mutate(rng, best)
            trial_us = timed(trial, 3)
            if trial_us > best_us:
                best, best_us = trial, trial_us
        climbed.append(best)
    finalists = climbed + [candidate for _, candidate in found[:10]]
    final = sorted(((timed(c, 201, "median"), c) for c in finalists), key=lambda x: -x[0])
    seen = set()
    print(f"\nafter {args.seeds} x {args.climb} hill-climbing steps; median of 201 calls:")
    for us, candidate in final:
        if candidate in seen:
            continue
        seen.add(candidate)
        name, hand, wild = candidate
        score = tt.deadwood_score(hand, round_of(RULES[name], wild, "cython"))
        print(f"  {us:8.1f} us  score {score:3}  {describe(candidate)}")
    us, (name, hand, wild) = final[0]
    python_round = round_of(RULES[name], wild, "python")
    start = time.perf_counter_ns()
    tt.deadwood_score(hand, python_round)
    python_us = (time.perf_counter_ns() - start) / 1000
    print(f"\nworst: {us:.1f} us compiled, {python_us:.0f} us pure Python (one call)")
    print(f"search took {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
