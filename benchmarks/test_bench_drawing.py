"""Benchmarks of drawing: ``tt.outs`` and ``tt.draw_advice`` on 13-card hands.

In a group (one kind of hand), on the same hands:

* ``outs``: every card that lets the hand go out (53 candidates, one batch solve of
  14-card hands), against the default unseen cards (the pool less the hand);
* ``draw_advice``: the discard pile's top against the stock, with 80 unseen cards
  (a random 80 of the pool less the hand and the top): one best discard for the
  top and one per distinct unseen card;
* ``stock_outlook``: the expected score and out chance of one stock draw, the
  unseen cards given as a list of 53 counts (as the lookahead bot gives them, a
  hundred times a value draw);
* the same three under the pure-Python solver, on fewer hands.

Kinds: uniform (dealt from two shuffled decks) and meld-rich (four neighbouring
ranks of all four suits), pagat rules, kings wild (the 13-card round).
Targets, compiled: each call under 2 ms (median per hand).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

import threethirteen as tt
from hands import Timed, meld_rich_hands, round_of, uniform_hands
from threethirteen import Card, Hand

KINDS = ("uniform", "meld-rich")
SIZE = 13
WILD = 13
UNSEEN = 80
HANDS = 20
PYTHON_HANDS = 3
RULES = tt.Rules.preset("pagat")


class Deal:
    """13-card hands, each with a discard pile's top and 80 unseen cards."""

    def __init__(self, kind: str) -> None:
        make = uniform_hands if kind == "uniform" else meld_rich_hands
        self.hands = make(SIZE, HANDS, seed=11)
        rng = random.Random(f"drawing {kind}")
        self.tops: list[Card] = []
        self.unseen: list[Hand] = []
        pool = Counter({Card(code): RULES.decks for code in range(52)})
        for hand in self.hands:
            left = sorted((pool - Counter(hand.cards)).elements())
            top = left.pop(rng.randrange(len(left)))
            self.tops.append(top)
            self.unseen.append(Hand(rng.sample(left, UNSEEN)))

    def outs(self, count: int, round_: tt.Round) -> list[tt.Outs]:
        return [tt.outs(hand, round_) for hand in self.hands[:count]]

    def advice(self, count: int, round_: tt.Round) -> list[tt.DrawAdvice]:
        return [
            tt.draw_advice(hand, round_, discard_top=top, unseen=unseen)
            for hand, top, unseen in zip(
                self.hands[:count], self.tops[:count], self.unseen[:count], strict=True
            )
        ]

    def outlooks(self, count: int, round_: tt.Round) -> list[tt.StockOutlook]:
        return [
            tt.stock_outlook(hand, round_, unseen=unseen.counts())
            for hand, unseen in zip(self.hands[:count], self.unseen[:count], strict=True)
        ]


@cache
def deal(kind: str) -> Deal:
    return Deal(kind)


KIND = pytest.mark.parametrize("kind", KINDS)
BACKENDS = pytest.mark.parametrize(
    ("backend", "count"), [("cython", HANDS), ("python", PYTHON_HANDS)], indirect=["backend"]
)


def group(kind: str, what: str) -> str:
    return f"drawing: {what}, {kind}, {SIZE} cards"


def measured(
    timed: Timed, kind: str, backend: str, label: str, work: Callable[..., Any], count: int
) -> tuple[Any, Deal]:
    """Time ``work`` (a method of :class:`Deal`) on ``count`` hands of ``kind``, in
    the group ``label`` names; what it returns, and the deal."""
    d = deal(kind)
    round_ = round_of(RULES, WILD, backend)
    return timed(group(kind, label), lambda: work(d, count, round_), count), d


@KIND
@BACKENDS
def test_outs(timed: Timed, backend: str, count: int, kind: str) -> None:
    found, _ = measured(timed, kind, backend, "outs", Deal.outs, count)
    for outs in found:
        assert all(out.copies <= RULES.decks for out in outs)
        assert outs.unseen == 104 - SIZE


@KIND
@BACKENDS
def test_draw_advice(timed: Timed, backend: str, count: int, kind: str) -> None:
    advice, _ = measured(timed, kind, backend, f"draw_advice, {UNSEEN} unseen", Deal.advice, count)
    for each in advice:
        assert sum(draw.copies for draw in each.stock.draws) == UNSEEN
        assert each.choice in ("discard", "stock")


@KIND
@BACKENDS
def test_stock_outlook(timed: Timed, backend: str, count: int, kind: str) -> None:
    found, d = measured(
        timed, kind, backend, f"stock_outlook, {UNSEEN} unseen as counts", Deal.outlooks, count
    )
    # The same exact figures as draw_advice's stock option on the same cards.
    stock = [advice.stock for advice in d.advice(count, round_of(RULES, WILD, backend))]
    assert [(o.expected_score, o.out_probability) for o in found] == [
        (option.expected_score, option.out_probability) for option in stock
    ]
