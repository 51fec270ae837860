"""The public analysis API: inputs it accepts, answers it gives, errors it raises."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import threethirteen as tt
from tests.common import both
from threethirteen import Card, Hand, Meld, Rules
from threethirteen.hands.rules import RulesLike

from .conftest import examples


def melds_of(melding: tt.Melding) -> list[str]:
    return [str(meld) for meld in melding.melds]


def test_issue_example() -> None:
    hand = tt.parse_hand("9s 9h 9d 4h 5h 6c")
    rules = Rules.preset("bga")
    melding = both.best_melds(hand, wild="6", rules=rules)
    assert melds_of(melding) == ["9d 9h 9s", "4h 5h 6c=6h"]
    assert melding.deadwood == ()
    assert melding.score == 0
    assert both.deadwood_score(hand, wild="6", rules=rules) == 0
    assert both.can_go_out(hand, wild="6", rules=rules) is False
    # Throwing 5h leaves 9d 9h 9s 6c as a set of four and 4h over (4 points);
    # throwing 4h leaves 5; 9d or 6c leave 9.
    card, left = both.best_discard(hand, wild="6", rules=rules)
    assert card == Card.parse("5h")
    assert (melds_of(left), left.deadwood, left.score) == (
        ["9d 9h 9s 6c=9c"],
        (Card.parse("4h"),),
        4,
    )


def test_inputs_are_interchangeable() -> None:
    text = "Ks 4d Ac"
    answers = {
        both.deadwood_score(text, wild=None),
        both.deadwood_score(Hand.parse(text), wild=None),
        both.deadwood_score([Card.parse("Ks"), "4d", "Ac"], wild=None),
        both.deadwood_score(text, wild=None, rules="pagat"),
        both.deadwood_score(text, wild=None, rules=Rules.preset("pagat")),
    }
    assert answers == {15}
    assert both.deadwood_score(text, wild=None, rules="wikipedia") == 18


NEEDS_THE_ROUND = (
    "deadwood_score() needs the round: a round number (round=4; Pagat's rules unless"
    " rules= names others), a Round (tt.Round('pagat', 4)), or wild= (the wild rank, or"
    " None) for a hand of any round"
)


def test_the_round_is_required_and_the_error_names_what_to_pass() -> None:
    with pytest.raises(tt.InvalidRulesError) as caught:
        both.deadwood_score("9s 9h 9d")
    assert str(caught.value) == NEEDS_THE_ROUND


def test_wild_spellings_give_the_same_answer() -> None:
    hand = "4h 6h Jc 2s"
    scores = {both.deadwood_score(hand, wild=wild) for wild in ("J", "j", 11, "11")}
    assert scores == {2}


def test_wild_stands_for_itself_or_anything() -> None:
    melding = both.best_melds("6h 7h 8h", wild=6)
    assert (melds_of(melding), melding.score) == (["6h=6h 7h 8h"], 0)
    assert melding.melds[0].wilds == ((Card.parse("6h"), Card.parse("6h")),)
    melding = both.best_melds("9h 6c 6d", wild=6)
    assert melds_of(melding) == ["9h 6c=9c 6d=9d"]


def test_jokers_stay_wild_without_a_wild_rank() -> None:
    rules = Rules.preset("pagat", ["jokers"])
    melding = both.best_melds("4h 5h Jk", wild=None, rules=rules)
    assert (melds_of(melding), melding.score) == (["4h 5h Jk=6h"], 0)


def test_wilds_left_over_cost_their_penalties() -> None:
    bga = Rules.preset("bga")
    assert both.best_melds("Jk 6c", wild=6, rules=bga).deadwood == (
        Card.parse("6c"),
        Card.parse("Jk"),
    )
    assert both.deadwood_score("Jk 6c", wild=6, rules=bga) == 100
    pagat = Rules.preset("pagat", ["jokers"])
    assert both.deadwood_score("Jk 6c Kd", wild=6, rules=pagat) == 0
    assert both.deadwood_score("Jk 6c", wild=6, rules=pagat) == 26
    # Without all-wild melds the two 3s and the joker cannot meld alone.
    no_all_wild = Rules.preset("pagat", ["jokers", "no-all-wild-melds"])
    assert both.deadwood_score("Jk 3c 3d", wild=3, rules=no_all_wild) == 26
    assert both.deadwood_score("Jk 3c 3d 9s", wild=3, rules=no_all_wild) == 0


def test_extra_wilds_join_a_meld() -> None:
    melding = both.best_melds("9h 9s 9d 6c 6d", wild=6)
    assert melding.score == 0
    assert melds_of(melding) == ["9d 9h 9s 6c=9c 6d=9d"]
    run_only = both.best_melds("4h 5h 6h 7h Jk", wild=None, rules=Rules.preset("bga"))
    assert melds_of(run_only) == ["4h 5h 6h 7h Jk=8h"]


def test_all_wild_melds_follow_the_rules() -> None:
    assert both.deadwood_score("6c 6d 6h", wild=6) == 0
    no_all_wild = Rules.preset("pagat", ["no-all-wild-melds"])
    assert both.deadwood_score("6c 6d 6h", wild=6, rules=no_all_wild) == 18
    bga = dataclasses.replace(Rules.preset("bga"), all_wild_melds=False)
    assert both.deadwood_score("6c 6d Jk 2s", wild=6, rules=bga) == 0
    assert both.deadwood_score("6c 6d Jk", wild=6, rules=bga) == 150


def test_aces() -> None:
    assert both.deadwood_score("Qs Ks As", wild=None) == 21
    assert both.deadwood_score("Qs Ks As", wild=None, rules="bga") == 0
    assert both.deadwood_score("As 2s 3s", wild=None, rules="bga") == 0
    assert both.deadwood_score("Ks As 2s", wild=None, rules="bga") == 30
    assert (
        both.deadwood_score("Ks As 2s", wild=None, rules=Rules.preset("pagat", ["aces-high"])) == 27
    )
    melding = both.best_melds("Qs Ks Jk", wild=None, rules="bga")
    assert melds_of(melding) == ["Qs Ks Jk=As"]


def test_family_runs_need_four_cards() -> None:
    assert both.deadwood_score("4h 5h 6h", wild=None, rules="family") == 15
    assert both.deadwood_score("4h 5h 6h 7h", wild=None, rules="family") == 0
    melding = both.best_melds("4h 5h 6h 2c", wild=2, rules="family")
    assert melds_of(melding) == ["4h 5h 6h 2c=7h"]


EMPTY = "an empty hand is no hand of any round: a round deals 3 to 13 cards"


@pytest.mark.parametrize("name", ["best_melds", "can_go_out", "best_discard", "discards", "is_out"])
def test_an_empty_hand_is_refused(name: str) -> None:
    """No round deals none: an empty hand is never out, never scores 0 (it did)."""
    for hand in ("", tt.Hand.parse(""), tt.Hand()):
        with pytest.raises(tt.InvalidHandError) as caught:
            getattr(both, name)(hand, wild=3)
        assert str(caught.value) == EMPTY
        with pytest.raises(tt.InvalidHandError) as caught:
            getattr(tt, name)(hand, 4)
        assert str(caught.value) == EMPTY


def test_can_go_out_needs_the_melds_to_stand_after_the_discard() -> None:
    assert both.can_go_out("9s 9h 9d Kc", wild=3) is True
    assert both.can_go_out("9s 9h 8d Kc", wild=3) is False
    # Short rounds: three cards dealt, four held; the three left must be one meld.
    assert both.can_go_out("4h 5h 6h 6c", wild=3) is True
    assert both.can_go_out("4h 5h 7c 8c", wild=3) is False
    # A wild may be the card thrown.
    assert both.can_go_out("4h 5h 6h 3c", wild=3) is True


def test_best_discard_prefers_a_natural_then_the_dearest_card() -> None:
    card, melding = both.best_discard("Kh Qd 2c 3s", wild=9)
    assert (card, melding.score) == (Card.parse("Kh"), 15)
    # Throwing 6h or the wild 3c both go out: the natural card goes.
    card, melding = both.best_discard("4h 5h 6h 3c", wild=3)
    assert (card, melding.score) == (Card.parse("6h"), 0)
    card, melding = both.best_discard("4h 5h 6h 3c 3d", wild=3)
    assert card == Card.parse("6h")
    assert melding.score == 0
    card, melding = both.best_discard(
        "4h 5h 3c Jk", wild=3, rules=Rules.preset("pagat", ["jokers"])
    )
    assert (card, melding.score) == (Card.parse("5h"), 0)
    card, melding = both.best_discard(
        "4h 5h 3c Jk 3d", wild=3, rules=Rules.preset("pagat", ["jokers"])
    )
    assert (card, melding.score) == (Card.parse("5h"), 0)
    # Throwing the joker leaves 3 points; throwing the 3 leaves 20.
    card, melding = both.best_discard("Jk 3c", wild=3, rules=Rules.preset("pagat", ["jokers"]))
    assert (card, melding.score) == (Card.parse("Jk"), 3)


@pytest.mark.parametrize(
    ("hand", "rules", "message"),
    [
        ("9h 9h 9h", "pagat", "3 copies of 9h in '9h 9h 9h', but 2 decks hold only 2"),
        (
            "9h 9h",
            dataclasses.replace(Rules.preset("pagat"), decks=1),
            "2 copies of 9h in '9h 9h', but 1 deck holds only 1",
        ),
        ("9h Jk", "pagat", "a joker in '9h Jk', but these rules have no jokers"),
        ("Jk Jk Jk Jk Jk", "bga", "5 jokers in 'Jk Jk Jk Jk Jk', but the rules have only 4"),
        (
            " ".join(["Ac", "2c", "3c", "4c", "5c", "6c", "7c"] * 3),
            "pagat",
            "21 cards in '.*': at most 20 are supported",
        ),
    ],
)
def test_impossible_hands(hand: str, rules: RulesLike, message: str) -> None:
    for function in (both.best_melds, both.deadwood_score, both.can_go_out, both.best_discard):
        with pytest.raises(tt.InvalidHandError, match=message):
            function(hand, wild=None, rules=rules)
    with pytest.raises(tt.InvalidHandError, match=message):
        tt.parse_hand(hand, rules=rules)


def test_twenty_cards_are_supported() -> None:
    hand = " ".join(f"{rank}{suit}" for suit in "cd" for rank in ("A", 2, 3, 4, 5, 6, 7, 8, 9, 10))
    melding = both.best_melds(hand, wild=None, rules="bga")
    assert melding.score == 0
    assert len(melding.cards) == 20


def test_every_error_is_a_value_error() -> None:
    for error in (
        tt.InvalidCardError,
        tt.InvalidHandError,
        tt.InvalidRulesError,
        tt.InvalidWildError,
    ):
        assert issubclass(error, tt.ThreeThirteenError)
        assert issubclass(error, ValueError)


HANDS = st.lists(st.integers(0, 51), min_size=1, max_size=12).filter(
    lambda codes: all(codes.count(code) <= 2 for code in codes)
)


@settings(max_examples=examples(200))
@given(HANDS, st.randoms(use_true_random=False), st.sampled_from([None, 3, 7, 13]))
def test_order_of_input_never_changes_an_answer(
    codes: list[int], random: object, wild: int | None
) -> None:
    shuffled = list(codes)
    random.shuffle(shuffled)  # type: ignore[attr-defined]
    text = " ".join(str(Card(code)) for code in codes)
    other = " ".join(str(Card(code)) for code in shuffled)
    assert both.best_melds(text, wild=wild) == both.best_melds(other, wild=wild)
    assert both.can_go_out(text, wild=wild) == both.can_go_out(other, wild=wild)
    if codes:
        assert both.best_discard(text, wild=wild) == both.best_discard(other, wild=wild)


@settings(max_examples=examples(200))
@given(HANDS, st.sampled_from([None, 2, 6, 11]), st.sampled_from(list(tt.PRESETS)))
def test_answers_agree_with_each_other(codes: list[int], wild: int | None, preset: str) -> None:
    hand = Hand.from_codes(codes)
    melding = both.best_melds(hand, wild=wild, rules=preset)
    assert melding.score == both.deadwood_score(hand, wild=wild, rules=preset)
    assert Hand(melding.cards) == hand
    rules = Rules.preset(preset)
    assert melding.score == sum(rules.penalty(card, wild=wild) for card in melding.deadwood)
    for meld in melding.melds:
        assert Meld.parse(str(meld)) == meld
    if codes:
        card, left = both.best_discard(hand, wild=wild, rules=preset)
        assert card in hand
        assert Hand(left.cards) == hand.without(card)
        assert both.can_go_out(hand, wild=wild, rules=preset) == (left.score == 0)


def test_best_discard_melding_is_built_when_read_and_behaves_as_any_melding() -> None:
    hand = tt.parse_hand("9s 9h 9d 4h 5h 6c 6d 7c 8c 10c Jc Kd 2s Qh")
    eager = both.best_melds(hand.without("Qh"), wild=6)
    card, melding = both.best_discard(hand, wild=6)
    assert card == tt.Card.parse("Qh")
    assert melding.score == 12
    assert "melds" not in vars(melding)  # not built yet: the search gave the score
    assert melding == eager
    assert "melds" in vars(melding)
    assert "_build" not in vars(melding)
    assert hash(melding) == hash(eager)
    assert repr(melding) == repr(eager)
    assert str(melding) == "[9d 9h 9s] [4h 5h 6c=6h] [7c 8c 6d=9c 10c Jc] deadwood: Kd 2s score: 12"
    fresh = both.best_discard(hand, wild=6).melding
    assert pickle.loads(pickle.dumps(fresh)) == eager
    assert copy.deepcopy(both.best_discard(hand, wild=6).melding) == eager
    with pytest.raises(AttributeError, match="'Melding' object has no attribute 'nothing'"):
        _ = melding.nothing  # type: ignore[attr-defined]
