"""The Gin Rummy check of RULES.md section 8.

With no wild card in the hand, one deck, aces low and pictures at 10 (the
``pagat`` preset with ``decks=1``), the deadwood score of a hand equals Gin
Rummy's minimum deadwood for the same cards. Gin Rummy's melds are 3 or more
cards of one rank, or 3 or more consecutive cards of one suit (aces low), and
every card is in at most one meld.

The reference below is written from those rules alone and shares no code with
the library. An optional test also compares with OpenSpiel's published Gin
Rummy implementation; it runs only where ``pyspiel`` is importable (OpenSpiel is
no dependency of this project, so by default it is skipped).
"""

from __future__ import annotations

import dataclasses
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import threethirteen as tt
from tests.common import both
from tests.conftest import examples
from threethirteen import Hand, Rules

GIN_RULES = dataclasses.replace(Rules.preset("pagat"), decks=1)

# A card is an int suit * 13 + rank - 1 (suits clubs, diamonds, hearts, spades;
# A=1 ... K=13), the library's own encoding; the reference only uses rank and suit.


def _rank(card: int) -> int:
    return card % 13 + 1


def _suit(card: int) -> int:
    return card // 13


def gin_value(card: int) -> int:
    """Ace 1, 2-10 face value, J Q K 10."""
    return min(_rank(card), 10)


def gin_melds(cards: frozenset[int]) -> list[frozenset[int]]:
    """Every Gin Rummy meld inside ``cards``: sets of 3 or 4 of a rank, runs of 3+."""
    melds: list[frozenset[int]] = []
    for rank in range(1, 14):
        same = [card for card in cards if _rank(card) == rank]
        if len(same) >= 3:
            melds.append(frozenset(same))
            if len(same) == 4:
                melds.extend(frozenset(same) - {card} for card in same)
    for suit in range(4):
        for low in range(1, 12):
            run: list[int] = []
            for rank in range(low, 14):
                card = suit * 13 + rank - 1
                if card not in cards:
                    break
                run.append(card)
                if len(run) >= 3:
                    melds.append(frozenset(run))
    return melds


def gin_min_deadwood(cards: list[int]) -> int:
    """Gin Rummy's minimum deadwood: the least total value of the cards left out
    of a set of disjoint melds."""
    hand = frozenset(cards)
    assert len(hand) == len(cards), "one deck: no card twice"
    melds = gin_melds(hand)

    @cache
    def best(rest: frozenset[int]) -> int:
        if not rest:
            return 0
        lowest = min(rest)
        answer = gin_value(lowest) + best(rest - {lowest})
        for meld in melds:
            if lowest in meld and meld <= rest:
                answer = min(answer, best(rest - meld))
        return answer

    return best(hand)


def library_deadwood(cards: list[int]) -> int:
    return both.deadwood_score(Hand.from_codes(cards), wild=None, rules=GIN_RULES)


FIXED = [
    ("", 0, "no cards"),
    ("Kc", 10, "a picture counts 10"),
    ("2c 6c 9c", 17, "no run"),
    ("Qh Kh Ah", 21, "aces are low: Q-K-A is no meld"),
    ("Ah 2h 3h", 0, "A-2-3 is a run"),
    ("7c 7d 7h 8h 9h", 14, "the 7h melds once: the run leaves 7c 7d"),
    ("4c 4d 4h 4s 5s 6s", 0, "a set of three 4s and the run 4s 5s 6s"),
    ("As 2s 3s 4s 4h 4d 5h 6h 7h Kc", 10, "A-2-3s, three 4s, 5-6-7h; Kc left"),
    ("6s 7s 8s 6c 7c 8c 8d", 8, "two runs leave 8d; the 8s as a set would leave 26"),
    ("Ac Ad Ah As 2c 3c", 0, "three aces and A-2-3c"),
    ("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh", 0, "all thirteen hearts"),
    ("Jc Qd Kh Ks 10s 9d 8c 7h 6s 5d 4c 3h 2s", 94, "thirteen cards, no meld: 5*10+9+...+2"),
    # 3-4-5c, 5-8h, J-Q-Kc leave 5d Kd Ks = 25; with the K set instead, 5d Jc Qc = 25;
    # the set of 5s leaves 3c 4c and two pictures = 27.
    ("3c 4c 5c 5d 5h 6h 7h 8h Jc Qc Kc Kd Ks", 25, "the Kc in J-Q-Kc or in the K set"),
]


def _codes(text: str) -> list[int]:
    return [card.code for card in tt.parse_hand(text)]


@pytest.mark.parametrize(
    ("hand", "deadwood", "why"), FIXED, ids=[row[0] or "empty" for row in FIXED]
)
def test_fixed_hands(hand: str, deadwood: int, why: str) -> None:
    cards = _codes(hand)
    assert gin_min_deadwood(cards) == deadwood, f"reference: {why}"
    assert library_deadwood(cards) == deadwood, f"library: {why}"


def uniform_hands() -> st.SearchStrategy[list[int]]:
    """Any 0-13 cards of one deck."""
    return st.lists(st.integers(min_value=0, max_value=51), unique=True, max_size=13)


@st.composite
def dense_hands(draw: st.DrawFn) -> list[int]:
    """0-13 cards from a window of a few ranks in two to four suits: many melds."""
    width = draw(st.integers(min_value=3, max_value=6))
    low = draw(st.integers(min_value=1, max_value=14 - width))
    suits = draw(st.lists(st.integers(0, 3), min_size=2, max_size=4, unique=True))
    pool = [suit * 13 + rank - 1 for suit in suits for rank in range(low, low + width)]
    return draw(st.lists(st.sampled_from(pool), unique=True, max_size=min(13, len(pool))))


gin_hands = st.one_of(uniform_hands(), dense_hands())


@settings(max_examples=examples(300))
@given(gin_hands)
def test_deadwood_equals_gin_rummy_minimum_deadwood(cards: list[int]) -> None:
    hand = Hand.from_codes(cards)
    assert library_deadwood(cards) == gin_min_deadwood(cards), str(hand)


@settings(max_examples=examples(100))
@given(gin_hands, st.sampled_from(range(1, 14)))
def test_a_wild_rank_not_in_the_hand_changes_nothing(cards: list[int], wild: int) -> None:
    cards = [card for card in cards if _rank(card) != wild]
    score = both.deadwood_score(Hand.from_codes(cards), wild=wild, rules=GIN_RULES)
    assert score == gin_min_deadwood(cards)


# -- optional: OpenSpiel's Gin Rummy -------------------------------------------------------

# OpenSpiel numbers a card suit * 13 + rank index (A=0 ... K=12) with the suits in
# the order spades, clubs, diamonds, hearts ("scdh", gin_rummy_utils.cc).
_OPENSPIEL_SUIT = {0: 1, 1: 2, 2: 3, 3: 0}  # our clubs, diamonds, hearts, spades


def to_openspiel(card: int) -> int:
    return _OPENSPIEL_SUIT[_suit(card)] * 13 + _rank(card) - 1


@settings(max_examples=examples(100))
@given(st.one_of(uniform_hands(), dense_hands().filter(lambda cards: len(cards) <= 11)))
def test_deadwood_equals_openspiel_min_deadwood(cards: list[int]) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    # hand_size 99: OpenSpiel's min_deadwood only drops a card for hands of
    # hand_size + 1 cards, which never happens here.
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 99)
    theirs = utils.min_deadwood([to_openspiel(card) for card in cards])
    assert library_deadwood(cards) == theirs, str(Hand.from_codes(cards))


def test_openspiel_card_numbering() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 99)
    for card in tt.parse_hand("Ac Kc Ad 7h Ts Ks"):
        assert utils.card_string(to_openspiel(card.code)) == str(card).replace("10", "T")
