"""Benchmarks of the command's ``-`` mode against a plain library loop over the same hands.

Not part of the default test run (see test_bench_analysis.py for how to run them).
Each group times the command in-process (``main(["-", ...])`` on a file of hands)
beside the library calls that give the same answers, so the difference is what the
command adds: reading lines, working out the round, writing text or JSON.
"""

from __future__ import annotations

import io
import random
import sys
from collections.abc import Callable

import pytest

import threethirteen as tt
from threethirteen.cli.main import main

COUNT = 200


def hand_lines(seed: int = 7) -> list[str]:
    """Random 7-card hands from two decks, one a line, as a user would type them."""
    rng = random.Random(seed)
    pool = [str(tt.Card(code)) for code in range(52)] * 2
    return [" ".join(rng.sample(pool, 7)) for _ in range(COUNT)]


def command(argv: list[str], lines: list[str]) -> Callable[[], None]:
    text = "".join(line + "\n" for line in lines)

    def run() -> None:
        stdin, stdout = sys.stdin, sys.stdout
        sys.stdin, sys.stdout = io.StringIO(text), io.StringIO()
        try:
            assert main(argv) == 0
        finally:
            sys.stdin, sys.stdout = stdin, stdout

    return run


def library_as_dealt(lines: list[str]) -> None:
    for line in lines:
        tt.best_melds(line, wild=7)


def library_best_discard(lines: list[str]) -> None:
    for line in lines:
        hand = tt.parse_hand(line)
        tt.best_melds(hand, wild=6)
        tt.best_discard(hand, wild=6)


def library_ranking(lines: list[str]) -> None:
    for line in lines:
        hand = tt.parse_hand(line)
        tt.best_melds(hand, wild=6)
        for card in set(hand):
            tt.best_melds(hand.without(card), wild=6)


@pytest.mark.parametrize("way", ["library", "text", "json"])
def test_hands_as_dealt(benchmark, way: str) -> None:  # type: ignore[no-untyped-def]
    """7 cards: round 5 (assumed from the size), no discard."""
    benchmark.group = "'-', 7-card hands as dealt (round 5)"
    lines = hand_lines()
    if way == "library":
        benchmark(library_as_dealt, lines)
    else:
        benchmark(command(["-", *(["--json"] if way == "json" else [])], lines))


@pytest.mark.parametrize("way", ["library best_discard", "text", "library ranking", "json"])
def test_hands_with_the_card_drawn(benchmark, way: str) -> None:  # type: ignore[no-untyped-def]
    """7 cards in round 4: a text line shows the best discard (the library's
    best_discard), a JSON line ranks every discard (a solve per distinct card)."""
    benchmark.group = "'-', 7-card hands with the card drawn (round 4)"
    lines = hand_lines()
    if way == "library best_discard":
        benchmark(library_best_discard, lines)
    elif way == "library ranking":
        benchmark(library_ranking, lines)
    else:
        benchmark(command(["-", "--round", "4", *(["--json"] if way == "json" else [])], lines))
