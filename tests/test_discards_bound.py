"""The every-discard search's best-first walk, on the hands that stress its cuts.

``discards`` walks the discard search's states cheapest way in first, stops
expanding a state once no entry live there can be lowered (the state's scalar
value less the card's own cost bounds it), makes the set of a rank once (taking
every copy no run nor the discard could hold) and values a drop only while it
could lower its entry. Each of these is exact only if the bound and the cut hold
for every entry at once, so these hands are the ones where cards compete most:
all four suits of a few neighbouring ranks, with two or four decks, jokers and a
wild rank inside the window, aces at both ends. Each table is compared with one
scalar solve per discard (itself checked against the brute force in
``tests/test_reference.py``) and, on hands the brute force takes quickly, with
the brute force itself.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import threethirteen as tt
from tests.conftest import examples
from tests.reference import reference_discard_scores
from tests.strategies import Drawn, pool

Rules = tt.Rules

RULES = [
    ("pagat", Rules.preset("pagat")),
    ("pagat+jokers", Rules.preset("pagat", ["jokers"])),
    ("bga", Rules.preset("bga")),
    ("family+jokers", Rules.preset("family", ["jokers"])),
    ("wikipedia+aces-high+jokers", Rules.preset("wikipedia", ["aces-high", "jokers"])),
]


@st.composite
def crowded_hands(draw: st.DrawFn, rules: Rules, min_size: int, max_size: int) -> Drawn:
    """Cards of three to five neighbouring ranks in every suit (with the copies the
    decks allow, and the jokers), and a wild rank often inside that window."""
    width = draw(st.integers(3, 5))
    low = draw(st.integers(1, 14 - width))
    ranks = list(range(low, low + width))
    if rules.aces != "low" and draw(st.booleans()):
        ranks = [1, 13, 12, 11][:width]  # aces on top
    cards = pool(rules, ranks=ranks)
    indexes = draw(
        st.lists(
            st.integers(0, len(cards) - 1),
            min_size=min(min_size, len(cards)),
            max_size=min(max_size, len(cards)),
            unique=True,
        )
    )
    wild = draw(st.one_of(st.none(), st.sampled_from(ranks), st.integers(1, 13)))
    return [cards[index] for index in indexes], wild


def loop_scores(cards: list[tt.Card], wild: int | None, rules: Rules) -> dict[tt.Card, int]:
    """The score of the hand without each distinct card, one solve per card."""
    hand = tt.Hand(cards)
    return {
        card: tt.deadwood_score(hand.without(card), wild=wild, rules=rules) for card in set(cards)
    }


@pytest.mark.parametrize("rules", [rules for _, rules in RULES], ids=[name for name, _ in RULES])
@settings(max_examples=examples(40))
@given(data=st.data())
def test_crowded_hands_match_a_loop_of_solves(rules: Rules, data: st.DataObject) -> None:
    """14 to 18 crowded cards: every entry equals its own solve, and the best of the
    table is ``best_discard``'s card."""
    cards, wild = data.draw(crowded_hands(rules, 14, 18), label="hand and wild")
    ranking = tt.discards(cards, wild=wild, rules=rules)
    assert dict(zip(ranking.cards, ranking.scores, strict=True)) == loop_scores(cards, wild, rules)
    assert ranking.best.card == tt.best_discard(cards, wild=wild, rules=rules).card


@pytest.mark.parametrize("rules", [rules for _, rules in RULES], ids=[name for name, _ in RULES])
@settings(max_examples=examples(30))
@given(data=st.data())
def test_crowded_hands_match_the_brute_force(rules: Rules, data: st.DataObject) -> None:
    """Up to 9 crowded cards: every entry equals the brute force's."""
    cards, wild = data.draw(crowded_hands(rules, 2, 9), label="hand and wild")
    ranking = tt.discards(cards, wild=wild, rules=rules)
    expected = reference_discard_scores(cards, wild, rules)
    assert dict(zip(ranking.cards, ranking.scores, strict=True)) == expected


@st.composite
def mixed_hands(draw: st.DrawFn, rules: Rules, min_size: int, max_size: int) -> Drawn:
    """A crowded window of ranks (``crowded_hands``) with cards of any rank scattered
    among it: many are dead in every best melding, so many entries sit at their floor."""
    window, wild = draw(crowded_hands(rules, min_size // 2, max_size // 2))
    cards = pool(rules)
    indexes = draw(
        st.lists(
            st.integers(0, len(cards) - 1),
            min_size=max(0, min_size - len(window)),
            max_size=max(0, max_size - len(window)),
        )
    )
    hand = list(window)
    for index in indexes:  # within the copies the decks and jokers allow
        if hand.count(cards[index]) < cards.count(cards[index]):
            hand.append(cards[index])
    return hand, wild


@pytest.mark.parametrize("rules", [rules for _, rules in RULES], ids=[name for name, _ in RULES])
@settings(max_examples=examples(30))
@given(data=st.data())
def test_mixed_hands_match_a_loop_of_solves(rules: Rules, data: st.DataObject) -> None:
    """Up to 16 cards, a window and scattered cards: every entry equals its own
    solve, and none is below its floor (the hand's score less the card's cost)."""
    cards, wild = data.draw(mixed_hands(rules, 10, 16), label="hand and wild")
    ranking = tt.discards(cards, wild=wild, rules=rules)
    table = dict(zip(ranking.cards, ranking.scores, strict=True))
    assert table == loop_scores(cards, wild, rules)
    whole = tt.deadwood_score(tt.Hand(cards), wild=wild, rules=rules)
    for card, score in table.items():
        assert score >= whole - tt.deadwood_score(tt.Hand([card]), wild=wild, rules=rules)


@pytest.mark.parametrize("rules", [rules for _, rules in RULES], ids=[name for name, _ in RULES])
@settings(max_examples=examples(20))
@given(data=st.data())
def test_mixed_hands_match_the_brute_force(rules: Rules, data: st.DataObject) -> None:
    """Up to 9 cards, a window and scattered cards: every entry equals the brute force's."""
    cards, wild = data.draw(mixed_hands(rules, 4, 9), label="hand and wild")
    ranking = tt.discards(cards, wild=wild, rules=rules)
    expected = reference_discard_scores(cards, wild, rules)
    assert dict(zip(ranking.cards, ranking.scores, strict=True)) == expected
