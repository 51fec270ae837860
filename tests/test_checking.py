"""``check_melds``: every kind of problem with its reason, scores, better
arrangements, and agreement with the brute force's meld test and ``best_melds``."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import threethirteen as tt
from tests.common import both
from tests.conftest import examples
from tests.reference import is_valid_meld
from tests.strategies import any_hand, pool

Card = tt.Card
NO_ALL_WILD = tt.Rules.preset("pagat", ["no-all-wild-melds"])


@pytest.mark.parametrize(
    ("hand", "meld", "wild", "rules", "reason"),
    [
        ("9h 9s Kd", "9h 9s", None, "pagat", "a set needs at least 3 cards"),
        ("9h 9h 9s", "9h 9h", None, "pagat", "a set needs at least 3 cards"),
        ("4h 5h 6h", "4h 5h 6h", None, "family", "a run needs at least 4 cards"),
        ("9h Jk", "9h Jk", None, "bga", "too few cards for a meld (a set needs 3, a run 3)"),
        ("4h 5c 6h", "4h 5c 6h", None, "pagat", "neither a set nor a run"),
        ("Kh Ah 2h", "Kh Ah 2h", None, "bga", "a run cannot wrap around from K to A to 2"),
        ("Kh Ah 2h", "Kh Ah 2h", None, "pagat", "a run cannot wrap around from K to A to 2"),
        ("Kh Jk 2h", "Kh Jk=Ah 2h", None, "bga", "a run cannot wrap around from K to A to 2"),
        ("Qh Kh Ah", "Qh Kh Ah", None, "pagat", "aces are low in these rules: Q-K-A is not a run"),
        ("4h 5h 7h", "4h 5h 7h", None, "pagat", "the ranks are not consecutive"),
        ("4h 8h Jk", "4h 8h Jk", None, "bga", "the ranks are not consecutive"),
        (
            "9h 9h 10h",
            "9h 9h 10h",
            None,
            "pagat",
            "a run holds each rank once (twins cannot share a run)",
        ),
        ("4h 5h 9c", "4h 5h 9c=6h", None, "pagat", "9c is marked wild, but is not wild this round"),
        ("4h 5h 9c", "4h 5h 9c=6h", 6, "pagat", "9c is marked wild, but is not wild this round"),
        (
            "6c 6d 6h",
            "6c 6d 6h",
            6,
            NO_ALL_WILD,
            "a meld of wild cards only, which these rules forbid",
        ),
        ("9s 9h 9d", "9s 9h 9c", None, "pagat", "the hand holds no 9c"),
    ],
)
def test_each_problem_and_its_reason(
    hand: str, meld: str, wild: int | None, rules: str | tt.Rules, reason: str
) -> None:
    check = both.check_melds(hand, [meld], wild=wild, rules=rules)
    assert [(problem.index, problem.reason) for problem in check.problems] == [(0, reason)]
    assert check.problems[0].meld == meld
    assert not check.goes_out
    assert not check.is_valid


def test_copies_are_counted_over_the_valid_melds_in_order() -> None:
    check = both.check_melds("9h 10h Jh 9c 9d", ["9h 10h Jh", "9h 9c 9d"], wild=None)
    assert [str(problem) for problem in check.problems] == [
        "meld 1 [9h 9c 9d]: the hand holds 1 copy of 9h, but the melds use 2"
    ]
    assert check.deadwood == (Card.parse("9c"), Card.parse("9d"))
    assert check.score == 18
    # An invalid meld uses no copies: the 9h is free for the next one.
    check = both.check_melds("9h 9c 9d Kd", ["9h Kd", "9h 9c 9d"], wild=None)
    assert [problem.index for problem in check.problems] == [0]
    assert (check.deadwood, check.score) == ((Card.parse("Kd"),), 10)


def test_a_valid_out() -> None:
    check = both.check_melds("9s 9h 9d 4h 5h 6c", ["9s 9h 9d", "4h 5h 6c=6h"], wild=6)
    assert (check.problems, check.deadwood, check.score) == ((), (), 0)
    assert check.goes_out
    assert check.is_valid
    assert check.better is None
    assert check.best.score == 0


def test_wild_cards_without_identities_stand_for_what_fits() -> None:
    check = both.check_melds("9h 3c 3d", ["9h 3c 3d"], wild=3)
    assert check.goes_out
    check = both.check_melds("4h 6h Jk", ["4h Jk 6h"], wild=None, rules="bga")
    assert check.goes_out
    # A wild card may stand for itself.
    assert both.check_melds("6c 7c 8c", ["6c=6c 7c 8c"], wild=6).goes_out


def test_a_valid_but_worse_arrangement() -> None:
    check = both.check_melds("4s 5s 6s 6h 6d", ["4s 5s 6s"], wild=None)
    assert check.problems == ()
    assert (check.deadwood, check.score, check.goes_out) == (
        (Card.parse("6d"), Card.parse("6h")),
        12,
        False,
    )
    assert check.better is not None
    assert str(check.better) == "[6d 6h 6s] deadwood: 4s 5s score: 9"
    assert check.better == check.best


def test_an_invalid_meld_counts_as_deadwood() -> None:
    hand = "Kh Ah 2h 3h 9s 9c 9d"
    check = both.check_melds(hand, ["Kh Ah 2h", "9s 9c 9d"], wild=None, rules="bga")
    assert [problem.index for problem in check.problems] == [0]
    assert check.deadwood == tuple(tt.parse_hand("Ah 2h 3h Kh").cards)
    assert check.score == 15 + 2 + 3 + 13
    assert check.better is not None
    assert str(check.better) == "[9c 9d 9s] [Ah 2h 3h] deadwood: Kh score: 13"
    assert not check.goes_out


def test_false_out_in_a_short_round() -> None:
    # Round 1: three cards, 3s wild; declaring 9h 9s 4c a set is a false out.
    check = both.check_melds("9h 9s 4c", ["9h 9s 4c"], wild=3)
    assert check.problems[0].reason == "neither a set nor a run"
    assert check.score == 22
    assert not check.goes_out
    assert both.check_melds("9h 9s 3c", ["9h 9s 3c"], wild=3).goes_out


def test_no_melds_declared() -> None:
    check = both.check_melds("Kd 2c", [], wild=None)
    assert (check.problems, check.score, check.goes_out, check.better) == ((), 12, False, None)
    with pytest.raises(tt.InvalidHandError, match=r"^an empty hand is no hand of any round"):
        both.check_melds("", [], wild=None)  # never "out": no round deals none


def test_bad_input() -> None:
    with pytest.raises(tt.InvalidMeldError, match="wrap a single meld in a list"):
        both.check_melds("9h 9c 9d", "9h 9c 9d", wild=None)  # type: ignore[arg-type]
    with pytest.raises(tt.InvalidMeldError, match="a meld needs cards: ' '"):
        both.check_melds("9h", [" "], wild=None)
    with pytest.raises(tt.InvalidMeldError, match="9c cannot stand for a joker in meld"):
        both.check_melds("9h", ["9c=Jk 9h 9d"], wild=9)
    with pytest.raises(tt.InvalidMeldError, match="unknown rank '1' in '1h'"):
        both.check_melds("9h", ["1h 2h 3h"], wild=None)
    with pytest.raises(tt.InvalidHandError, match="3 copies of 9h"):
        both.check_melds("9h 9h 9h", [], wild=None)


def test_to_dict_is_json_ready() -> None:
    check = both.check_melds("Kh Ah 2h 9s 9c 9d", ["Kh Ah 2h", "9s 9c 9d"], wild=None, rules="bga")
    data = json.loads(json.dumps(check.to_dict()))
    assert data["problems"] == [
        {"index": 0, "meld": "Kh Ah 2h", "reason": "a run cannot wrap around from K to A to 2"}
    ]
    assert data["deadwood"] == ["Ah", "2h", "Kh"]
    assert (data["score"], data["goes_out"]) == (30, False)
    assert tt.Melding.from_dict(data["best"]) == check.best
    assert data["better"] is None  # nothing scores less than 30 here


RULE_SETS = [
    *(tt.Rules.preset(name) for name in tt.PRESETS),
    tt.Rules.preset("pagat", ["jokers", "aces-high", "no-all-wild-melds"]),
]


@settings(max_examples=examples(60))
@given(st.data())
def test_the_best_melding_checks_clean(data: st.DataObject) -> None:
    rules = data.draw(st.sampled_from(RULE_SETS))
    cards, wild = data.draw(any_hand(rules))
    hand = tt.Hand(cards)
    best = both.best_melds(hand, wild=wild, rules=rules)
    for melds in (best.melds, [str(meld) for meld in best.melds]):
        check = both.check_melds(hand, melds, wild=wild, rules=rules)
        assert check.problems == ()
        assert (check.deadwood, check.score) == (best.deadwood, best.score)
        assert check.better is None
        assert check.goes_out == (not best.deadwood)


@settings(max_examples=examples(150))
@given(st.data())
def test_a_group_is_valid_exactly_when_the_brute_force_says_so(data: st.DataObject) -> None:
    rules = data.draw(st.sampled_from(RULE_SETS))
    wild = data.draw(st.one_of(st.none(), st.integers(1, 13)))
    suits = data.draw(st.lists(st.integers(0, 3), min_size=1, max_size=2, unique=True))
    low = data.draw(st.integers(1, 10))
    cards_pool = pool(rules, ranks=sorted({*range(low, low + 4), 1, 13}), suits=suits)
    positions = data.draw(
        st.lists(st.integers(0, len(cards_pool) - 1), min_size=1, max_size=6, unique=True)
    )
    group = [cards_pool[i] for i in positions]
    text = " ".join(str(card) for card in group)
    check = both.check_melds(text, [text], wild=wild, rules=rules)
    assert check.is_valid == is_valid_meld(group, wild, rules), check.problems
