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
    preset_hands,
    reference_implementation,
    round_of,
    round_wild,
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
    round_ = round_of(WILD_RULES, round_wild(size), reference_implementation())
    scores = tt.deadwood_scores(codes, round_)
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
    round_ = round_of(WILD_RULES, round_wild(size), backend)

    def run() -> list[int]:
        return [tt.deadwood_score(hand, round_) for hand in hands]

    scores = timed(f"wilds {kind}, {size} cards, {wilds} wild", run, len(hands))
    assert tuple(scores) == wild_expected(kind, size, wilds)


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_wild_batch(timed: Timed, backend: str, case: tuple[str, int, int]) -> None:
    kind, size, wilds = case
    _, codes = wild_batch(kind, size, wilds)
    round_ = round_of(WILD_RULES, round_wild(size), backend)

    def run() -> npt.NDArray[np.int64]:
        return tt.deadwood_scores(codes, round_)

    scores = timed(f"wilds {kind}, {size} cards, {wilds} wild", run, HANDS)
    assert tuple(scores.tolist()) == wild_expected(kind, size, wilds)


@pytest.mark.parametrize("backend", ["python"], indirect=True)
@pytest.mark.parametrize("case", PYTHON_CASES, ids=_ids)
def test_wild_single_python(timed: Timed, backend: str, case: tuple[str, int, int]) -> None:
    kind, size, wilds = case
    hands = wild_batch(kind, size, wilds)[0][:PYTHON_HANDS]
    round_ = round_of(WILD_RULES, round_wild(size), backend)

    def run() -> list[int]:
        return [tt.deadwood_score(hand, round_) for hand in hands]

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
    round_ = round_of(rules, rules.wild_for_cards(size), reference_implementation())
    scores = tt.deadwood_scores(codes, round_)
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
    round_ = round_of(rules, rules.wild_for_cards(size), backend)

    def run() -> list[int]:
        return [tt.deadwood_score(hand, round_) for hand in hands]

    group = f"preset {name}, {kind}, {size} cards" + (", python" if backend == "python" else "")
    assert tuple(timed(group, run, len(hands))) == expected


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("size", PRESET_SIZES)
@pytest.mark.parametrize("name", PRESET_RULES)
def test_preset_batch(timed: Timed, backend: str, name: str, kind: str, size: int) -> None:
    rules = PRESET_RULES[name]
    _, codes, expected = preset_batch(name, kind, size)
    round_ = round_of(rules, rules.wild_for_cards(size), backend)

    def run() -> npt.NDArray[np.int64]:
        return tt.deadwood_scores(codes, round_)

    assert tuple(timed(f"preset {name}, {kind}, {size} cards", run, HANDS).tolist()) == expected
