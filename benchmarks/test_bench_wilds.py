"""Benchmarks of hands with wild cards, and of every preset.

Wild hands: ``k`` of the hand's cards are wild (cards of the round's wild rank,
then jokers past the 8 two decks hold), the rest uniform or meld-rich naturals
of the other ranks, scored under pagat with jokers. Presets: hands dealt from
each preset's own pool (its decks and jokers) in the round that deals that
many cards (so the wild rank is the size's rank). Groups hold single calls
and the batch on the same hands; the pure-Python backend runs on a few sizes
only (it takes milliseconds per hand there). Answers are checked against the
compiled batch's.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt
import pytest

import threethirteen as tt
from hands import (
    PRESETS,
    WILD_RULES,
    Timed,
    compiled_available,
    preset_hands,
    round_wild,
    using,
    wild_hands,
)
from threethirteen import Rules

KINDS = ("uniform", "meld-rich")
WILDS = (0, 1, 2, 4, 8, 12)
SIZES = (7, 10, 13, 14, 16)
HANDS = 100
PYTHON_HANDS = 10


@cache
def wild_batch(kind: str, size: int, wilds: int) -> tuple[tuple[tt.Hand, ...], object]:
    hands = tuple(wild_hands(size, wilds, HANDS, kind=kind))
    return hands, tt.encode_hands(hands)


@cache
def wild_expected(kind: str, size: int, wilds: int) -> tuple[int, ...]:
    _, codes = wild_batch(kind, size, wilds)
    with using("cython" if compiled_available() else "python"):
        scores = tt.deadwood_scores(codes, wild=round_wild(size), rules=WILD_RULES)
    return tuple(scores.tolist())


CASES = [
    (kind, size, wilds) for kind in KINDS for size in SIZES for wilds in WILDS if wilds <= size
]
PYTHON_CASES = [case for case in CASES if case[1] in (10, 14) and case[2] in (0, 2, 4, 12)]


def _ids(case: tuple[str, int, int]) -> str:
    return f"{case[0]}-{case[1]}cards-{case[2]}wilds"


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_wild_single(timed: Timed, backend: str, case: tuple[str, int, int]) -> None:
    kind, size, wilds = case
    hands, _ = wild_batch(kind, size, wilds)
    wild = round_wild(size)

    def run() -> list[int]:
        return [tt.deadwood_score(hand, wild=wild, rules=WILD_RULES) for hand in hands]

    scores = timed(f"wilds {kind}, {size} cards, {wilds} wild", run, len(hands))
    assert tuple(scores) == wild_expected(kind, size, wilds)


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_wild_batch(timed: Timed, backend: str, case: tuple[str, int, int]) -> None:
    kind, size, wilds = case
    _, codes = wild_batch(kind, size, wilds)
    wild = round_wild(size)

    def run() -> npt.NDArray[np.int64]:
        return tt.deadwood_scores(codes, wild=wild, rules=WILD_RULES)

    scores = timed(f"wilds {kind}, {size} cards, {wilds} wild", run, HANDS)
    assert tuple(scores.tolist()) == wild_expected(kind, size, wilds)


@pytest.mark.parametrize("backend", ["python"], indirect=True)
@pytest.mark.parametrize("case", PYTHON_CASES, ids=_ids)
def test_wild_single_python(timed: Timed, backend: str, case: tuple[str, int, int]) -> None:
    kind, size, wilds = case
    hands = wild_batch(kind, size, wilds)[0][:PYTHON_HANDS]
    wild = round_wild(size)

    def run() -> list[int]:
        return [tt.deadwood_score(hand, wild=wild, rules=WILD_RULES) for hand in hands]

    # its own group: fewer hands than the compiled benchmarks (compare per hand)
    scores = timed(f"wilds {kind}, {size} cards, {wilds} wild, python", run, len(hands))
    assert tuple(scores) == wild_expected(kind, size, wilds)[:PYTHON_HANDS]


# -- presets ------------------------------------------------------------------------

PRESET_RULES = {name: Rules.preset(name) for name in PRESETS}
PRESET_RULES["pagat+jokers"] = WILD_RULES
PRESET_SIZES = (7, 10, 13)


@cache
def preset_batch(name: str, kind: str, size: int) -> tuple[tuple[tt.Hand, ...], object, tuple]:
    rules = PRESET_RULES[name]
    hands = tuple(preset_hands(rules, size, HANDS, kind=kind))
    codes = tt.encode_hands(hands)
    with using("cython" if compiled_available() else "python"):
        scores = tt.deadwood_scores(codes, wild=rules.wild_for_cards(size), rules=rules)
    return hands, codes, tuple(scores.tolist())


@pytest.mark.parametrize("backend", ["cython", "python"], indirect=True)
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("size", PRESET_SIZES)
@pytest.mark.parametrize("name", PRESET_RULES)
def test_preset_single(timed: Timed, backend: str, name: str, kind: str, size: int) -> None:
    rules = PRESET_RULES[name]
    hands, _, expected = preset_batch(name, kind, size)
    if backend == "python":
        hands, expected = hands[:PYTHON_HANDS], expected[:PYTHON_HANDS]
    wild = rules.wild_for_cards(size)

    def run() -> list[int]:
        return [tt.deadwood_score(hand, wild=wild, rules=rules) for hand in hands]

    group = f"preset {name}, {kind}, {size} cards" + (", python" if backend == "python" else "")
    assert tuple(timed(group, run, len(hands))) == expected


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("size", PRESET_SIZES)
@pytest.mark.parametrize("name", PRESET_RULES)
def test_preset_batch(timed: Timed, backend: str, name: str, kind: str, size: int) -> None:
    rules = PRESET_RULES[name]
    _, codes, expected = preset_batch(name, kind, size)
    wild = rules.wild_for_cards(size)

    def run() -> npt.NDArray[np.int64]:
        return tt.deadwood_scores(codes, wild=wild, rules=rules)

    assert tuple(timed(f"preset {name}, {kind}, {size} cards", run, HANDS).tolist()) == expected
