"""``both.discards``: every distinct discard from one search, checked against brute force.

Part 1 compares it with the reference of :mod:`tests.reference` (one brute-force
solve per discard) on random hands of every rule set, wild-heavy and twin-heavy
ones included, and checks every melding it builds. Part 2 compares it with a loop
of ``deadwood_score`` on hands too large for the reference (up to 20 cards).
Part 3 pins hand-made cases and the value type's behaviour.
"""

from __future__ import annotations

import json
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import threethirteen as tt
from tests.common import both
from tests.conftest import examples
from tests.reference import reference_discard_scores
from tests.strategies import pool, twin_heavy_hands, wild_heavy_hands, wild_ranks
from tests.test_reference import (
    FREE_WILDS,
    RULES_IDS,
    RULES_ONLY,
    _discard_hands,
    check_melding,
)

Rules = tt.Rules


def assert_ranking(cards: list[tt.Card], wild: int | None, rules: Rules, expected: dict) -> None:
    """``discards`` lists each distinct card once, with the expected score, best first
    in ``best_discard``'s order; its meldings are valid and reach those scores."""
    ranking = both.discards(cards, wild=wild, rules=rules)
    assert sorted(ranking.cards) == sorted(expected)
    assert dict(zip(ranking.cards, ranking.scores, strict=True)) == expected
    assert list(ranking.scores) == sorted(ranking.scores)
    assert len(ranking) == len(expected)
    if not cards:
        return
    assert ranking.best.card == both.best_discard(cards, wild=wild, rules=rules).card
    for card, melding in ranking:
        rest = list(cards)
        rest.remove(card)
        check_melding(melding, rest, wild, rules, expected[card])


# -- part 1: against the reference ----------------------------------------------------


@pytest.mark.parametrize("rules", [*RULES_ONLY, FREE_WILDS], ids=[*RULES_IDS, "bga-free-wilds"])
@settings(max_examples=examples(40))
@given(data=st.data())
def test_every_discard_matches_reference(rules: Rules, data: st.DataObject) -> None:
    """Each discard's score is the brute force's score of the hand without that card."""
    cards, wild = data.draw(_discard_hands(rules), label="hand and wild")
    assert_ranking(cards, wild, rules, reference_discard_scores(cards, wild, rules))


# -- part 2: large hands against a loop of solves ----------------------------------------


def loop_scores(cards: list[tt.Card], wild: int | None, rules: Rules) -> dict[tt.Card, int]:
    """The score of the hand without each distinct card, one solve per card."""
    hand = tt.Hand(cards)
    return {
        card: both.deadwood_score(hand.without(card), wild=wild, rules=rules) for card in set(cards)
    }


@st.composite
def large_hands(draw: st.DrawFn, rules: Rules) -> tuple[list[tt.Card], int | None]:
    """Up to 20 cards of the whole pool, or 16 wild-heavy or twin-heavy ones."""
    kind = draw(st.sampled_from(["uniform", "wild-heavy", "twin-heavy"]))
    if kind == "wild-heavy":
        return draw(wild_heavy_hands(rules, size=16))
    if kind == "twin-heavy":
        return draw(twin_heavy_hands(rules, max_size=16))
    cards = pool(rules)
    indexes = draw(st.lists(st.integers(0, len(cards) - 1), min_size=14, max_size=20, unique=True))
    return [cards[index] for index in indexes], draw(wild_ranks())


@pytest.mark.parametrize(
    "rules",
    [Rules.preset("pagat"), Rules.preset("bga"), Rules.preset("family", ["jokers"])],
    ids=["pagat", "bga", "family+jokers"],
)
@settings(max_examples=examples(40))
@given(data=st.data())
def test_large_hands_match_a_loop_of_solves(rules: Rules, data: st.DataObject) -> None:
    """On hands of 14 to 20 cards the shared search equals one solve per discard."""
    cards, wild = data.draw(large_hands(rules), label="hand and wild")
    ranking = both.discards(cards, wild=wild, rules=rules)
    assert dict(zip(ranking.cards, ranking.scores, strict=True)) == loop_scores(cards, wild, rules)
    assert ranking.best.card == both.best_discard(cards, wild=wild, rules=rules).card


# -- part 3: hand-made cases and the value type ---------------------------------------------


@pytest.mark.parametrize(
    ("hand", "wild", "rules", "expected"),
    [
        # Discarding a 9 breaks the set: 9 9 4 5 K = 37.
        ("9s 9h 9d 4h 5h Kd", None, "pagat", [("Kd", 9), ("5h", 14), ("4h", 15), ("9s", 37)]),
        # Going out: the K goes, 4h 5h 6c=6h and the 9s are melds.
        ("9s 9h 9d 4h 5h 6c Kd", 6, "pagat", [("Kd", 0), ("5h", 14), ("4h", 15)]),
        # A joker (20 left over) and a wild 6 (6): keeping the joker costs nothing
        # here, but of two wilds the dearer goes first on equal scores.
        ("Jk 6c 9s 9h", 6, Rules.preset("pagat", ["jokers"]), [("9s", 0), ("9h", 0), ("Jk", 0)]),
        # Twins: either 5h leaves the same; one entry for them.
        ("5h 5h 6h 7h", None, "pagat", [("5h", 0), ("7h", 16), ("6h", 17)]),
    ],
)
def test_hand_made_rankings(
    hand: str, wild: int | None, rules: str | Rules, expected: list[tuple[str, int]]
) -> None:
    ranking = both.discards(hand, wild=wild, rules=rules)
    got = [(str(card), score) for card, score in zip(ranking.cards, ranking.scores, strict=True)]
    assert got[: len(expected)] == expected


def test_wild_discards_differ_by_what_they_cost() -> None:
    """A joker and a wild-rank card are two discards: the one kept is left over."""
    rules = Rules.preset("pagat", ["jokers"])
    ranking = both.discards("Jk 6c 2s Kd", wild=6, rules=rules)
    # Jk 6c 2s: a run A-2-3 of spades or a set of 2s; the K is left (10) either way.
    # Discarding the K leaves 2s Jk 6c: a meld, 0.
    assert ranking.score_of("Kd") == 0
    # Discarding a wild leaves 2s + the other wild + Kd: no meld; 2 + 10 + the wild.
    assert ranking.score_of("Jk") == 2 + 10 + 6
    assert ranking.score_of("6c") == 2 + 10 + 20
    assert ranking.score_of("2s") == 0  # Jk 6c Kd: the K with two wilds is a set
    assert [str(card) for card in ranking.cards] == ["Kd", "2s", "Jk", "6c"]


def test_empty_hand_is_refused() -> None:
    with pytest.raises(tt.InvalidHandError) as caught:
        both.discards("", wild=None)
    assert str(caught.value) == "an empty hand is no hand of any round: a round deals 3 to 13 cards"


def test_bad_hands_raise_the_same_error_as_a_solve() -> None:
    with pytest.raises(tt.InvalidHandError, match="3 copies of 9h"):
        both.discards("9h 9h 9h", wild=None)
    with pytest.raises(tt.InvalidCardError, match="7x"):
        both.discards("9h 7x", wild=None)


def test_discards_is_a_value() -> None:
    """Indexing, slicing, equality, hashing, pickling and to_dict."""
    ranking = both.discards("9s 9h 9d 4h 5h Kd", wild=None)
    again = both.discards("Kd 5h 4h 9d 9h 9s", wild=None)
    assert ranking == again
    assert hash(ranking) == hash(again)
    assert ranking[-1] == ranking[5]
    assert ranking[1:3] == (ranking[1], ranking[2])
    assert ranking[0] == tt.Discard(
        tt.Card.parse("Kd"), both.best_melds("9s 9h 9d 4h 5h", wild=None)
    )
    assert ranking[0].score == 9
    copy = pickle.loads(pickle.dumps(ranking))
    assert copy == ranking
    assert copy.scores == ranking.scores
    assert tt.Discards(list(ranking)) == ranking
    data = json.loads(json.dumps(ranking.to_dict()))
    assert [item["card"] for item in data["discards"]] == ["Kd", "5h", "4h", "9s", "9h", "9d"]
    assert data["discards"][0]["melding"]["deadwood"] == ["4h", "5h"]
    assert tt.Melding.from_dict(data["discards"][0]["melding"]) == ranking[0].melding
    with pytest.raises(KeyError):
        ranking.score_of("2c")
    with pytest.raises(IndexError):
        ranking[6]
    with pytest.raises(TypeError):
        tt.Discards(["Kd"])  # type: ignore[list-item]


def test_best_discard_is_a_discard() -> None:
    """``best_discard`` returns a ``Discard``; ``BestDiscard``, its old name, warns."""
    result = both.best_discard("9s 9h 9d Kd", wild=None)
    assert isinstance(result, tt.Discard)
    with pytest.warns(
        DeprecationWarning, match="BestDiscard is deprecated; use threethirteen.Discard"
    ):
        assert tt.BestDiscard is tt.Discard
    assert result.score == 0
    assert result.goes_out
    assert result.to_dict()["melding"]["score"] == 0
