"""Benchmarks of the public analysis API (pure-Python backend for now).

Not part of the default test run. Run them with::

    pytest benchmarks --benchmark-only
    pytest benchmarks --benchmark-disable   # once each, as a smoke test

Hands are drawn from a fixed seed so runs compare; groups are by operation
and hand size.
"""

from __future__ import annotations

import random

import pytest

import threethirteen as tt

SIZES = [4, 7, 10, 13, 16]


def uniform_hands(size: int, count: int = 50, seed: int = 13) -> list[tt.Hand]:
    """Hands dealt from two shuffled decks."""
    rng = random.Random(seed * 100 + size)
    pool = [tt.Card(code) for code in range(52)] * 2
    return [tt.Hand(rng.sample(pool, size)) for _ in range(count)]


def meld_rich_hands(size: int, count: int = 50, seed: int = 31) -> list[tt.Hand]:
    """Hands from four neighbouring ranks of every suit: many overlapping melds."""
    rng = random.Random(seed * 100 + size)
    hands = []
    for _ in range(count):
        low = rng.randrange(1, 10)
        pool = [tt.Card.of(rank, suit) for rank in range(low, low + 4) for suit in "cdhs"] * 2
        hands.append(tt.Hand(rng.sample(pool, size)))
    return hands


@pytest.mark.parametrize("size", SIZES)
def test_deadwood_uniform(benchmark, size: int) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = f"deadwood_score uniform, {size} cards"
    hands = uniform_hands(size)

    def run() -> None:
        for hand in hands:
            tt.deadwood_score(hand, wild=None, rules="pagat")

    benchmark(run)


@pytest.mark.parametrize("size", SIZES)
def test_deadwood_meld_rich(benchmark, size: int) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = f"deadwood_score meld-rich, {size} cards"
    hands = meld_rich_hands(size)

    def run() -> None:
        for hand in hands:
            tt.deadwood_score(hand, wild=None, rules="pagat")

    benchmark(run)


@pytest.mark.parametrize("size", [7, 10, 13])
def test_best_discard_against_a_loop_of_solves(benchmark, size: int) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = f"best_discard, {size + 1} cards"
    hands = uniform_hands(size + 1, count=20)

    def run() -> None:
        for hand in hands:
            tt.best_discard(hand, wild=size, rules="pagat")

    benchmark(run)
