"""Side by side with OpenSpiel's Gin Rummy ``min_deadwood`` (skipped without pyspiel).

OpenSpiel (``pip install open-spiel``) is no dependency of this project. Its
``GinRummyUtils(13, 4, 99).min_deadwood`` scores one-deck hands with no wild
card; Gin Rummy's melds and card values are pagat's with one deck
(``hands.GIN_RULES``, as ``tests/test_gin_rummy.py`` shows), so on the same
hands both must give the same deadwood, which every benchmark checks. In each
group (uniform or meld-rich one-deck hands of one size, 7 to 14 cards), the
same hands go through OpenSpiel (a loop of calls), our batch API and our single
calls; pytest-benchmark's relative column is the ratio. ``benchmarks/report.py``
prints the ratios per hand.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import threethirteen as tt
from hands import (
    ADVERSARIAL,
    GIN_RULES,
    Timed,
    meld_rich_hands,
    openspiel_utils,
    round_of,
    to_openspiel,
    uniform_hands,
)

try:
    import pyspiel  # noqa: F401
except ImportError:  # OpenSpiel is optional: not installed (or not importable here)
    pytest.skip("pyspiel (OpenSpiel) is not installed", allow_module_level=True)

SIZES = range(7, 15)
KINDS = ("uniform", "meld-rich")
HANDS = 100


@cache
def utils() -> Any:
    return openspiel_utils()


class Batch:
    def __init__(self, kind: str, size: int) -> None:
        make = uniform_hands if kind == "uniform" else meld_rich_hands
        self.hands = make(size, HANDS, seed=11, decks=1)
        self.codes = tt.encode_hands(self.hands)
        self.theirs = [to_openspiel(hand) for hand in self.hands]
        min_deadwood = utils().min_deadwood
        self.expected = [min_deadwood(cards) for cards in self.theirs]


@cache
def batch(kind: str, size: int) -> Batch:
    return Batch(kind, size)


KIND = pytest.mark.parametrize("kind", KINDS)
SIZE = pytest.mark.parametrize("size", SIZES)


@KIND
@SIZE
def test_openspiel_min_deadwood(timed: Timed, kind: str, size: int) -> None:
    b = batch(kind, size)
    min_deadwood = utils().min_deadwood

    def run() -> list[int]:
        return [min_deadwood(cards) for cards in b.theirs]

    assert timed(f"vs OpenSpiel {kind}, {size} cards", run, HANDS) == b.expected


@KIND
@SIZE
def test_ours_batch(timed: Timed, backend: str, kind: str, size: int) -> None:
    b = batch(kind, size)
    round_ = round_of(GIN_RULES, None, backend)

    def run() -> npt.NDArray[np.int64]:
        return tt.deadwood_scores(b.codes, round_)

    assert timed(f"vs OpenSpiel {kind}, {size} cards", run, HANDS).tolist() == b.expected


@KIND
@SIZE
def test_ours_single(timed: Timed, backend: str, kind: str, size: int) -> None:
    b = batch(kind, size)
    round_ = round_of(GIN_RULES, None, backend)

    def run() -> list[int]:
        return [tt.deadwood_score(hand, round_) for hand in b.hands]

    assert timed(f"vs OpenSpiel {kind}, {size} cards", run, HANDS) == b.expected


WORST = [case for case in ADVERSARIAL if case.openspiel]


@pytest.mark.parametrize("who", ["openspiel", "ours"])
@pytest.mark.parametrize("case", WORST, ids=[case.name for case in WORST])
def test_worst_case_vs_openspiel(timed: Timed, backend: str, case: Any, who: str) -> None:
    hand = tt.parse_hand(case.hand)
    theirs = to_openspiel(hand)
    min_deadwood = utils().min_deadwood
    round_ = round_of(GIN_RULES, None, backend)

    def run() -> int:
        if who == "openspiel":
            return int(min_deadwood(theirs))
        return tt.deadwood_score(hand, round_)

    assert timed(f"vs OpenSpiel worst case: {case.name}", run, 1) == min_deadwood(theirs)
