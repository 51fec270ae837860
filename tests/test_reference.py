"""The library's solver against the brute force of :mod:`tests.reference`.

Part 1 checks the reference itself on hand-made hands with exact answers (so a
broken reference fails here, not only in the comparison). Part 2 compares
``deadwood_score``, ``best_melds``, ``can_go_out`` and ``best_discard`` with
the reference on random hands for every preset and the variations that change
melding or scoring. Example counts scale with the Hypothesis profile
(``tests.conftest.examples``).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import threethirteen as tt
from tests.common import both
from tests.conftest import examples
from tests.reference import (
    is_valid_meld,
    is_wild,
    reference_can_go_out,
    reference_discard_scores,
    reference_score,
    valid_identities,
)
from tests.strategies import (
    Drawn,
    any_hand,
    meld_rich_hands,
    twin_heavy_hands,
    uniform_hands,
    wild_heavy_hands,
)

Rules = tt.Rules


def cards_of(text: str) -> list[tt.Card]:
    """The cards of a hand written as text."""
    return list(tt.parse_hand(text).cards)


# -- part 1: the reference on hand-made cases --------------------------------------

PAGAT = Rules.preset("pagat")
WIKIPEDIA = Rules.preset("wikipedia")
BGA = Rules.preset("bga")
FAMILY = Rules.preset("family")


@pytest.mark.parametrize(
    ("hand", "wild", "rules", "expected"),
    [
        ("", None, PAGAT, 0),
        # The worked examples of RULES.md section 8.
        ("9s 9h 9d 4h 5h 6c", 6, PAGAT, 0),
        ("Ks 4d Ac", None, PAGAT, 15),
        ("Ks 4d Ac", None, WIKIPEDIA, 18),
        ("4h 6h 5c", 5, PAGAT, 0),
        ("9h 5c 5d", 5, PAGAT, 0),
        ("5s 6s 7s 6h 6d", None, PAGAT, 12),
        ("2c 6c 9c", None, PAGAT, 17),
        ("9h 9h 9s", None, PAGAT, 0),
        ("9h 9h 10h Jh", None, PAGAT, 9),
        # Run 9-10-J♠ leaves 10♥ 10♦ (20); the set of 10s leaves 9♠ J♠ (19).
        ("9s 10s Js 10h 10d", None, PAGAT, 19),
        # Gin Rummy: A-2-3♣ and the 4s, 5♣ left over.
        ("Ac 2c 3c 4c 4d 4h 5c", None, PAGAT, 5),
        # Twins never share a run.
        ("5h 5h 6h 7h", None, PAGAT, 5),
        # Aces: low only in pagat; high or low in bga and with aces-high; never K-A-2.
        ("Qh Kh Ah", None, PAGAT, 21),
        ("Qh Kh Ah", None, Rules.preset("pagat", ["aces-high"]), 0),
        ("Qh Kh Ah", None, BGA, 0),
        ("Kh Ah 2h", None, Rules.preset("pagat", ["aces-high"]), 27),
        ("Kh Ah 2h", None, BGA, 30),
        ("Ah 2h 3h", None, BGA, 0),
        # Q-K-A with a joker as Q leaves the 2 (2), A-2-3 leaves the K (10).
        ("Kh Ah 2h Jk", None, Rules.preset("pagat", ["aces-high", "jokers"]), 2),
        # Picture counts.
        ("Jc Qd Ks", None, PAGAT, 30),
        ("Jc Qd Ks", None, Rules.preset("pagat", ["second-count"]), 36),
        # Family: runs of 4, 2-9 cost 5.
        ("4h 5h 6h", None, FAMILY, 15),
        ("4h 5h 6h 7h", None, FAMILY, 0),
        ("4h 5h 6h 9c", 9, FAMILY, 0),
        ("Jh Qh Kh Ah", None, FAMILY, 0),
        # Wild cards left over: usual value, or BGA's 50; jokers 20 or 50.
        ("3d", 3, PAGAT, 3),
        ("3d", 3, BGA, 50),
        ("Jk Jk", None, BGA, 100),
        ("Jk", None, Rules.preset("pagat", ["jokers"]), 20),
        ("Jk Jk 7c", 3, BGA, 0),
        ("7c 7c 7d 3d", 3, BGA, 0),
        # Melds of wild cards only.
        ("Jk Jk Jk", None, BGA, 0),
        ("Jk Jk Jk", None, dataclasses.replace(BGA, all_wild_melds=False), 150),
        ("6c 6d 6h", 6, PAGAT, 0),
        ("6c 6d 6h", 6, Rules.preset("pagat", ["no-all-wild-melds"]), 18),
        ("6c 6d 6h 9s", 6, Rules.preset("pagat", ["no-all-wild-melds"]), 0),
        # Runs hold at most 13 cards: with runs of 13 only, A-K and the joker make no
        # 14-card run; the best is the joker as A♥ in 2-K with the A♥ left over.
        (
            "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Jk",
            None,
            dataclasses.replace(Rules.preset("pagat", ["jokers"]), min_run=13),
            1,
        ),
        # ... but with runs of 3 it makes A-2-3-[4] beside 4-K.
        ("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Jk", None, Rules.preset("pagat", ["jokers"]), 0),
    ],
)
def test_reference_scores(hand: str, wild: int | None, rules: Rules, expected: int) -> None:
    """The brute force gives the exact score of hand-made hands."""
    assert reference_score(cards_of(hand), wild, rules) == expected


@pytest.mark.parametrize(
    ("meld", "wild", "rules", "expected"),
    [
        ("9s 9h 9d", None, PAGAT, True),
        ("9s 9h", None, PAGAT, False),
        ("9h 9h 9h", None, Rules.preset("family"), True),
        ("4h 5h 6c", 6, PAGAT, True),
        ("4h 5h 6c", None, PAGAT, False),
        ("4h 5h 7h", None, PAGAT, False),
        ("4h 5h 5h", None, PAGAT, False),
        ("Qh Kh Ah", None, PAGAT, False),
        ("Qh Kh Ah", None, BGA, True),
        ("Kh Ah 2h", None, BGA, False),
        ("Kh Ah Jk", None, BGA, True),
        ("Ah 2h Jk", None, BGA, True),
        ("Ah Jk Jk", None, PAGAT, True),
        ("4h 5h 6h", None, FAMILY, False),
        ("Jk Jk Jk", None, BGA, True),
        ("Jk Jk Jk", None, dataclasses.replace(BGA, all_wild_melds=False), False),
        ("Jk Jk", None, BGA, False),
        ("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh", None, PAGAT, True),
        ("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh", None, BGA, True),
        ("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Jk", None, BGA, False),
        ("2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Jk", None, BGA, True),
        ("2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Jk", None, PAGAT, True),
        ("", None, PAGAT, False),
    ],
)
def test_reference_is_valid_meld(meld: str, wild: int | None, rules: Rules, expected: bool) -> None:
    """The meld check of the reference on hand-made melds."""
    assert is_valid_meld(cards_of(meld), wild, rules) is expected


@pytest.mark.parametrize(
    ("identities", "rules", "expected"),
    [
        ("9s 9h 9h", PAGAT, True),
        ("4h 5h 6h", PAGAT, True),
        ("4h 5h 6d", PAGAT, False),
        ("4h 6h 7h", PAGAT, False),
        ("Qh Kh Ah", PAGAT, False),
        ("Qh Kh Ah", BGA, True),
        ("Kh Ah 2h", BGA, False),
        ("4h 5h 6h", FAMILY, False),
        ("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh", PAGAT, True),
        ("9s 9h Jk", PAGAT, False),
    ],
)
def test_reference_valid_identities(identities: str, rules: Rules, expected: bool) -> None:
    """The identity check: what the cards of a meld stand for is a set or a run."""
    assert valid_identities(cards_of(identities), rules) is expected


def test_reference_discards() -> None:
    """The score after each discard, and going out."""
    hand = cards_of("9s 9h 9d Kc")
    scores = reference_discard_scores(hand, 6, PAGAT)
    assert {str(card): score for card, score in scores.items()} == {
        "9s": 28, "9h": 28, "9d": 28, "Kc": 0,
    }  # fmt: skip
    assert reference_can_go_out(hand, 6, PAGAT)
    assert not reference_can_go_out(cards_of("9s 9h 8d Kc"), 6, PAGAT)
    assert not reference_can_go_out([], 6, PAGAT)


def test_reference_can_go_out_counts_cards_not_points() -> None:
    """Going out needs every card melded, even when a card left over would cost 0."""
    free_pictures = dataclasses.replace(PAGAT, card_values=(1, *[2] * 9, 0, 0, 0))
    hand = cards_of("9s 9h 9d Kc Qc")
    assert min(reference_discard_scores(hand, 6, free_pictures).values()) == 0
    assert not reference_can_go_out(hand, 6, free_pictures)
    assert reference_can_go_out(cards_of("9s 9h 9d Kc"), 6, free_pictures)


# -- part 2: the library against the reference ------------------------------------------


def _rules_cases() -> list[tuple[str, Rules]]:
    """Every preset, and the variations that change what melds or what cards cost."""
    cases = [(name, Rules.preset(name)) for name in ("pagat", "wikipedia", "bga", "family")]
    for variation in ("aces-high", "jokers", "second-count", "no-all-wild-melds"):
        cases.append((f"pagat+{variation}", Rules.preset("pagat", variations=[variation])))
    cases.append(("bga-all_wild_melds=False", dataclasses.replace(BGA, all_wild_melds=False)))
    cases.append(("family+jokers", Rules.preset("family", variations=["jokers"])))
    cases.append(
        (
            "wikipedia+aces-high+jokers",
            Rules.preset("wikipedia", variations=["aces-high", "jokers"]),
        )
    )
    return cases


RULES_CASES = _rules_cases()
RULES_IDS = [name for name, _ in RULES_CASES]
RULES_ONLY = [rules for _, rules in RULES_CASES]
FREE_WILDS = dataclasses.replace(BGA, wild_penalty=0, joker_penalty=0)
"""BGA with wild cards and jokers that cost nothing left over (a legal ``Rules``)."""


def check_melding(
    melding: tt.Melding, cards: list[tt.Card], wild: int | None, rules: Rules, score: int
) -> None:
    """Assert ``melding`` is a valid melding of exactly ``cards`` that scores ``score``."""
    assert melding.score == score
    used: list[tt.Card] = []
    for meld in melding.melds:
        # The cards held make a meld by themselves (the reference's own check) ...
        assert is_valid_meld(meld.cards, wild, rules), f"not a meld: {meld}"
        # ... and what the meld says they stand for is consistent.
        assert len(meld.cards) == len(meld.stands_for) == len(meld.wild)
        for card, identity, flagged in zip(meld.cards, meld.stands_for, meld.wild, strict=True):
            if is_wild(card, wild):
                assert flagged, f"{card} is wild in {meld}"
            else:
                assert not flagged, f"{card} is not wild in {meld}"
                assert identity == card, f"{card} stands for {identity} in {meld}"
        assert valid_identities(list(meld.stands_for), rules), f"bad identities: {meld}"
        used.extend(meld.cards)
    assert Counter(used + list(melding.deadwood)) == Counter(cards)
    assert sum(rules.penalty(card, wild=wild) for card in melding.deadwood) == score
    assert list(melding.cards) == sorted(cards)


def assert_matches_reference(cards: list[tt.Card], wild: int | None, rules: Rules) -> None:
    """The library's score equals the reference's, and its melding is valid and reaches it."""
    expected = reference_score(cards, wild, rules)
    assert both.deadwood_score(cards, wild=wild, rules=rules) == expected
    check_melding(both.best_melds(cards, wild=wild, rules=rules), cards, wild, rules, expected)


@pytest.mark.parametrize("rules", RULES_ONLY, ids=RULES_IDS)
@settings(max_examples=examples(400))
@given(data=st.data())
def test_score_and_melding_match_reference(rules: Rules, data: st.DataObject) -> None:
    """``deadwood_score`` equals the brute force; ``best_melds`` reaches it with a valid melding."""
    cards, wild = data.draw(any_hand(rules), label="hand and wild")
    assert_matches_reference(cards, wild, rules)


def _without_wild(drawn: Drawn) -> Drawn:
    return drawn[0], None


@lru_cache(maxsize=16)
def _no_wild_hands(rules: Rules) -> st.SearchStrategy[Drawn]:
    """Hands with no wild rank (built once per rules)."""
    strategy = st.one_of(uniform_hands(rules), meld_rich_hands(rules), twin_heavy_hands(rules))
    return strategy.map(_without_wild)


@lru_cache(maxsize=16)
def _discard_hands(rules: Rules) -> st.SearchStrategy[Drawn]:
    """Hands for the discard comparison (built once per rules)."""
    return st.one_of(
        uniform_hands(rules),
        meld_rich_hands(rules),
        wild_heavy_hands(rules, size=14),
        twin_heavy_hands(rules),
    )


@pytest.mark.parametrize(
    "rules",
    [PAGAT, BGA, Rules.preset("pagat", ["jokers", "aces-high"]), FAMILY],
    ids=["pagat", "bga", "pagat+jokers+aces-high", "family"],
)
@settings(max_examples=examples(200))
@given(data=st.data())
def test_no_wild_rank_matches_reference(rules: Rules, data: st.DataObject) -> None:
    """With no wild rank (``wild=None``) only jokers are wild."""
    cards, wild = data.draw(_no_wild_hands(rules), label="hand")
    assert_matches_reference(cards, wild, rules)


@pytest.mark.parametrize(
    "rules",
    [
        Rules.preset("pagat", players=2),
        dataclasses.replace(Rules.preset("wikipedia", ["jokers"]), decks=3, jokers=6),
        dataclasses.replace(BGA, decks=4),
    ],
    ids=["pagat-1-deck", "wikipedia+jokers-3-decks", "bga-4-decks"],
)
@settings(max_examples=examples(150))
@given(data=st.data())
def test_other_deck_counts_match_reference(rules: Rules, data: st.DataObject) -> None:
    """One deck (no twins), three and four decks (triplets and quadruplets of a card)."""
    cards, wild = data.draw(any_hand(rules), label="hand and wild")
    assert_matches_reference(cards, wild, rules)


@pytest.mark.parametrize(
    "rules",
    [*RULES_ONLY, FREE_WILDS],
    ids=[*RULES_IDS, "bga-free-wilds"],
)
@settings(max_examples=examples(120))
@given(data=st.data())
def test_discards_match_reference(rules: Rules, data: st.DataObject) -> None:
    """``can_go_out`` and ``best_discard`` agree with the reference's scores per discard.

    Each hand costs one brute force per distinct discard, so fewer examples and,
    for wild-heavy hands, 14 cards instead of 16.
    """
    cards, wild = data.draw(_discard_hands(rules), label="hand and wild")
    scores = reference_discard_scores(cards, wild, rules)
    assert both.can_go_out(cards, wild=wild, rules=rules) == reference_can_go_out(
        cards, wild, rules
    )
    if not cards:
        with pytest.raises(tt.InvalidHandError):
            both.best_discard(cards, wild=wild, rules=rules)
        return
    card, melding = both.best_discard(cards, wild=wild, rules=rules)
    assert card in cards
    rest = list(cards)
    rest.remove(card)
    check_melding(melding, rest, wild, rules, min(scores.values()))
    assert scores[card] == melding.score


@pytest.mark.parametrize(
    ("hand", "wild", "rules"),
    [
        ("9s 9h 9d Kc Qc", 6, dataclasses.replace(PAGAT, card_values=(1, *[2] * 9, 0, 0, 0))),
        ("6c 6d 4c", 6, FREE_WILDS),
        ("Jk Jk 4c", None, FREE_WILDS),
    ],
)
def test_can_go_out_needs_every_card_melded(hand: str, wild: int | None, rules: Rules) -> None:
    """RULES.md 4: going out leaves n cards "all melded, with no deadwood at all".

    A discard that leaves a score of 0 is not enough when a card left over costs
    0 (``card_values``, ``wild_penalty`` and ``joker_penalty`` may be 0): here the
    best discard leaves one card unmelded at no cost, so the hand cannot go out.
    """
    cards = cards_of(hand)
    assert not reference_can_go_out(cards, wild, rules)
    assert both.can_go_out(cards, wild=wild, rules=rules) is False


@pytest.mark.parametrize(
    "rules", [BGA, Rules.preset("pagat", ["jokers"])], ids=["bga", "pagat+jokers"]
)
@settings(max_examples=examples(60))
@given(data=st.data())
def test_wild_heavy_16_cards_match_reference(rules: Rules, data: st.DataObject) -> None:
    """16-card hands with 4-12 wild cards (the reference's slowest case)."""
    cards, wild = data.draw(wild_heavy_hands(rules, size=16), label="hand and wild")
    assert_matches_reference(cards, wild, rules)
