"""Benchmarks of the best discard of ``n + 1`` cards against deadwood solves of ``n``.

In a group (one kind of hand, one ``n``), on the same hands:

* ``solve n``: one ``tt.deadwood_score`` per hand of ``n`` cards (the hand of
  ``n + 1`` less one card): the unit the target compares with;
* ``best_discard``: ``tt.best_discard`` on ``n + 1`` cards (the search, then the
  melding of the rest built as Python ``Meld`` objects);
* ``best_discards batch``: the search alone, per hand, by the batch API;
* ``can_go_out``: the same search, stopping at the first way out;
* ``discards``: ``tt.discards`` on ``n + 1`` cards, every distinct discard's score
  from one search (the meldings left unbuilt, as they are until read);
* ``loop of solves``: what ``best_discard`` and ``discards`` save, ``n + 1``
  deadwood solves.

Kinds: uniform and meld-rich (two decks, no wild), and hands with 4 wild cards.
"""

from __future__ import annotations

import random
from functools import cache

import numpy as np
import numpy.typing as npt
import pytest

import threethirteen as tt
from hands import (
    WILD_RULES,
    Timed,
    meld_rich_hands,
    reference_implementation,
    round_of,
    round_wild,
    uniform_hands,
    wild_hands,
)

KINDS = ("uniform", "meld-rich", "4 wilds")
SIZES = (3, 7, 10, 13, 15)  # n: the hands hold n + 1 cards
HANDS = 100
PYTHON_HANDS = 10


class Batch:
    """The hands of ``n + 1`` cards, each less one card (at random), and the round
    (``b.round(backend)``: its ``tt.Round`` for that solver)."""

    def __init__(self, kind: str, n: int) -> None:
        if kind == "4 wilds":
            self.hands = wild_hands(n + 1, 4, HANDS)
            self.wild: int | None = round_wild(n + 1)
            self.rules = WILD_RULES
        else:
            make = uniform_hands if kind == "uniform" else meld_rich_hands
            self.hands = make(n + 1, HANDS, seed=3)
            self.wild = None
            self.rules = tt.Rules.preset("pagat")
        rng = random.Random(n)
        self.smaller = [hand.without(rng.choice(hand.cards)) for hand in self.hands]
        self.codes = tt.encode_hands(self.hands)
        self.smaller_codes = tt.encode_hands(self.smaller)
        self.less_each = [[hand.without(card) for card in hand.cards] for hand in self.hands]
        self.best = tt.best_discards(self.codes, self.round(reference_implementation()))

    def round(self, backend: str) -> tt.Round:
        return round_of(self.rules, self.wild, backend)


@cache
def batch(kind: str, n: int) -> Batch:
    return Batch(kind, n)


def group(kind: str, n: int) -> str:
    return f"discard {kind}, {n + 1} cards (n = {n})"


KIND = pytest.mark.parametrize("kind", KINDS)
N = pytest.mark.parametrize("n", SIZES)


@KIND
@N
def test_solve_n(timed: Timed, backend: str, kind: str, n: int) -> None:
    b = batch(kind, n)
    round_ = b.round(backend)
    scores = timed(
        group(kind, n), lambda: [tt.deadwood_score(hand, round_) for hand in b.smaller], HANDS
    )
    assert all(score >= best for score, best in zip(scores, b.best.scores, strict=True))


@KIND
@N
def test_solve_n_batch(timed: Timed, backend: str, kind: str, n: int) -> None:
    b = batch(kind, n)
    round_ = b.round(backend)

    def run() -> npt.NDArray[np.int64]:
        return tt.deadwood_scores(b.smaller_codes, round_)

    scores = timed(group(kind, n), run, HANDS)
    assert (scores >= b.best.scores).all()


@KIND
@N
def test_best_discard(timed: Timed, backend: str, kind: str, n: int) -> None:
    b = batch(kind, n)
    round_ = b.round(backend)

    def run() -> list[tt.Discard]:
        return [tt.best_discard(hand, round_) for hand in b.hands]

    found = timed(group(kind, n), run, HANDS)
    assert [found.card.code for found in found] == b.best.cards.tolist()
    assert [found.melding.score for found in found] == b.best.scores.tolist()


@KIND
@N
def test_best_discards_batch(timed: Timed, backend: str, kind: str, n: int) -> None:
    b = batch(kind, n)
    round_ = b.round(backend)

    def run() -> tt.BatchDiscards:
        return tt.best_discards(b.codes, round_)

    cards, scores = timed(group(kind, n), run, HANDS)
    assert (cards == b.best.cards).all()
    assert (scores == b.best.scores).all()


@KIND
@N
def test_can_go_out(timed: Timed, backend: str, kind: str, n: int) -> None:
    b = batch(kind, n)
    round_ = b.round(backend)

    def run() -> list[bool]:
        return [tt.can_go_out(hand, round_) for hand in b.hands]

    flags = timed(group(kind, n), run, HANDS)
    assert flags == (b.best.scores == 0).tolist()


@KIND
@N
def test_discards(timed: Timed, backend: str, kind: str, n: int) -> None:
    b = batch(kind, n)
    round_ = b.round(backend)

    def run() -> list[tt.Discards]:
        return [tt.discards(hand, round_) for hand in b.hands]

    found = timed(group(kind, n), run, HANDS)
    assert [ranking.scores[0] for ranking in found] == b.best.scores.tolist()
    assert [ranking.cards[0].code for ranking in found] == b.best.cards.tolist()
    loop = [min(tt.deadwood_score(less, round_) for less in each) for each in b.less_each[:5]]
    assert loop == [min(ranking.scores) for ranking in found[:5]]


@KIND
@N
def test_loop_of_solves(timed: Timed, backend: str, kind: str, n: int) -> None:
    b = batch(kind, n)
    round_ = b.round(backend)

    def run() -> list[int]:
        return [min(tt.deadwood_score(less, round_) for less in each) for each in b.less_each]

    assert timed(group(kind, n), run, HANDS) == b.best.scores.tolist()


@pytest.mark.parametrize("backend", ["python"], indirect=True)
@KIND
@N
def test_best_discard_python(timed: Timed, backend: str, kind: str, n: int) -> None:
    b = batch(kind, n)
    round_ = b.round(backend)
    hands = b.hands[:PYTHON_HANDS]

    def run() -> list[tt.Discard]:
        return [tt.best_discard(hand, round_) for hand in hands]

    found = timed(group(kind, n) + ", python", run, len(hands))
    assert [found.card.code for found in found] == b.best.cards[:PYTHON_HANDS].tolist()


@pytest.mark.parametrize("backend", ["python"], indirect=True)
@KIND
@N
def test_discards_python(timed: Timed, backend: str, kind: str, n: int) -> None:
    b = batch(kind, n)
    round_ = b.round(backend)
    hands = b.hands[:PYTHON_HANDS]

    def run() -> list[tt.Discards]:
        return [tt.discards(hand, round_) for hand in hands]

    found = timed(group(kind, n) + ", python", run, len(hands))
    assert [ranking.cards[0].code for ranking in found] == b.best.cards[:PYTHON_HANDS].tolist()
