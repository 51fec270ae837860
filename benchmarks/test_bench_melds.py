"""Benchmarks of ``best_melds``: against OpenSpiel's ``best_meld_group``, and with wilds.

In each group "best_melds vs OpenSpiel {kind}, {size} cards" the same one-deck
hands with no wild card (uniform or meld-rich, 7 to 16 cards) go through
OpenSpiel's ``GinRummyUtils(13, 4, 99).best_meld_group`` (a loop of calls; skipped
without pyspiel) and through ``tt.best_melds`` with the compiled solver and the
pure-Python one, so pytest-benchmark's relative column is the ratio (issue 11's
target: at most 1.5x OpenSpiel on uniform hands, faster on meld-rich hands from 10
cards up). The groups "best_melds with wilds" time bga hands of 14 cards (aces
wild) with 4 to 8 wild cards (target: a median under 5 µs per hand).
``benchmarks/melds_ratio.py`` prints the same figures per hand, cold. Every
benchmark checks its answers: our score is OpenSpiel's deadwood, and the two
backends give the same meldings.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

import threethirteen as tt
from hands import (
    GIN_RULES,
    Timed,
    meld_rich_hands,
    openspiel_utils,
    round_of,
    to_openspiel,
    uniform_hands,
)
from melds_ratio import bga_wild_hands

SIZES = (7, 10, 13, 16)
KINDS = ("uniform", "meld-rich")
HANDS = 50
BACKENDS = ["cython", "python"]


@cache
def hands_of(kind: str, size: int) -> tuple[tt.Hand, ...]:
    make = uniform_hands if kind == "uniform" else meld_rich_hands
    return tuple(make(size, HANDS, seed=11, decks=1))


@cache
def expected(kind: str, size: int) -> tuple[tt.Melding, ...]:
    """The meldings of the pure-Python twin: every benchmark's answers must be these."""
    round_ = round_of(GIN_RULES, None, "python")
    return tuple(tt.best_melds(hand, round_) for hand in hands_of(kind, size))


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("size", SIZES)
def test_best_melds(timed: Timed, backend: str, kind: str, size: int) -> None:
    hands = hands_of(kind, size)
    round_ = round_of(GIN_RULES, None, backend)

    def run() -> list[tt.Melding]:
        return [tt.best_melds(hand, round_) for hand in hands]

    found = timed(f"best_melds vs OpenSpiel {kind}, {size} cards", run, HANDS)
    assert tuple(found) == expected(kind, size)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("size", SIZES)
def test_openspiel_best_meld_group(timed: Timed, kind: str, size: int) -> None:
    utils: Any = openspiel_utils()
    if utils is None:
        pytest.skip("pyspiel (OpenSpiel) is not installed")
    theirs = [to_openspiel(hand) for hand in hands_of(kind, size)]
    best_meld_group = utils.best_meld_group

    def run() -> list[Any]:
        return [best_meld_group(cards) for cards in theirs]

    groups = timed(f"best_melds vs OpenSpiel {kind}, {size} cards", run, HANDS)
    assert len(groups) == HANDS
    scores = [melding.score for melding in expected(kind, size)]
    assert [utils.min_deadwood(cards) for cards in theirs] == scores


@cache
def wild_hands_of(wilds: int) -> tuple[tt.Hand, ...]:
    return tuple(bga_wild_hands(wilds, HANDS))


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
@pytest.mark.parametrize("wilds", [4, 6, 8])
def test_best_melds_with_wilds(timed: Timed, backend: str, wilds: int) -> None:
    hands = wild_hands_of(wilds)
    round_ = round_of("bga", 1, backend)

    def run() -> list[tt.Melding]:
        return [tt.best_melds(hand, round_) for hand in hands]

    found = timed(f"best_melds with wilds: bga, 14 cards, {wilds} wild", run, HANDS)
    python = round_of("bga", 1, "python")
    assert found == [tt.best_melds(hand, python) for hand in hands]
