"""The batch API: arrays of card codes in, arrays of answers out, equal to the single calls."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import threethirteen as tt
from tests.common import both
from tests.conftest import examples
from tests.strategies import twin_heavy_hands, uniform_hands, wild_heavy_hands
from threethirteen.hands.encoding import PADDING

BGA = tt.Rules.preset("bga")
FAMILY = tt.Rules.preset("family", ["jokers"])


def test_encode_hands_sorts_and_pads() -> None:
    codes = tt.encode_hands(["9s 9h 9d", "Jk Ac", ""], width=4)
    assert codes.dtype == np.int8
    assert codes.tolist() == [[21, 34, 47, -1], [0, 52, -1, -1], [-1, -1, -1, -1]]


def test_encode_hands_round_trips() -> None:
    hands = [tt.parse_hand("Kc Kd Ks 10h 10h"), tt.parse_hand("2c")]
    codes = tt.encode_hands(hands)
    assert codes.shape == (2, 5)
    back = [tt.Hand.from_codes(code for code in row if code != PADDING) for row in codes]
    assert back == hands


def test_encode_hands_of_nothing() -> None:
    assert tt.encode_hands([]).shape == (0, 0)
    assert both.deadwood_scores(np.zeros((0, 3), dtype=np.int8), wild=None).tolist() == []


def test_encode_hands_refuses_a_hand_wider_than_asked() -> None:
    with pytest.raises(tt.InvalidHandError, match="a hand of 3 cards does not fit in 2 columns"):
        tt.encode_hands(["Ac 2c 3c"], width=2)


def test_encode_hands_names_a_bad_card() -> None:
    with pytest.raises(tt.InvalidCardError, match="unknown suit 'x' in '7x'"):
        tt.encode_hands(["Ac", "9s 7x"])


def test_scores_match_single_calls_and_ignore_padding_anywhere() -> None:
    codes = np.array([[47, -1, 34, 21], [1, 5, 8, -1], [-1, -1, -1, -1]], dtype=np.int16)
    assert both.deadwood_scores(codes, wild=None).tolist() == [0, 17, 0]
    assert both.deadwood_scores(codes, wild=6).tolist() == [
        both.deadwood_score("9s 9h 9d", wild=6),
        both.deadwood_score("2c 6c 9c", wild=6),
        0,
    ]
    assert both.deadwood_scores(codes, wild=6).tolist() == [0, 17, 0]


def test_lists_of_hands_are_accepted() -> None:
    hands = ["Ks 4d Ac", tt.parse_hand("Ks Kd Kc"), [tt.Card.parse("2c")]]
    assert both.deadwood_scores(hands, wild=None, rules="wikipedia").tolist() == [18, 0, 2]


def test_go_out_flags_and_best_discards() -> None:
    hands = ["9s 9h 9d 4h 5h 6c Kd", "9s 9h 8d Kc", "3c 3d 3h 3s"]
    assert both.go_out_flags(hands, wild=6).tolist() == [True, False, True]
    cards, scores = both.best_discards(hands, wild=6)
    assert cards.tolist() == [25, 12, 41]  # Kd; Kc; of four equal 3s, the highest code: 3s
    assert scores.tolist() == [0, 26, 0]
    assert [both.best_discard(hand, wild=6).card.code for hand in hands] == cards.tolist()


def test_threads_give_the_same_answers() -> None:
    rng = np.random.default_rng(5)
    rows = np.stack([rng.permutation(104)[:13] % 52 for _ in range(520)]).astype(np.int8)
    single = both.deadwood_scores(rows, wild=7)
    assert (both.deadwood_scores(rows, wild=7, threads=2) == single).all()
    assert (both.deadwood_scores(rows, wild=7, threads=5) == single).all()
    flags = both.go_out_flags(rows, wild=7)
    assert (both.go_out_flags(rows, wild=7, threads=3) == flags).all()
    cards, scores = both.best_discards(rows, wild=7, threads=2)
    assert (both.best_discards(rows, wild=7).cards == cards).all()
    assert (both.best_discards(rows, wild=7).scores == scores).all()


@pytest.mark.parametrize(
    ("codes", "message"),
    [
        (np.array([1, 2, 3]), "a batch of hands is a 2-D array of card codes, not 1-D"),
        (np.array([[1.0, 2.0]]), "card codes are integers, not float64"),
        (np.array([[1, 2], [3, 53]]), "row 1, column 1: 53 is no card code"),
        (np.array([[1, -2]]), "row 0, column 1: -2 is no card code"),
        (np.array([[5, 5], [21, 21], [21, 21]]), None),  # fine: two decks
        (
            np.array([[5, 5, -1], [21, 21, 21]]),
            "row 1: 3 copies of 9d in '9d 9d 9d', but 2 decks hold only 2",
        ),
        (np.array([[52, 0]]), "row 0: a joker in 'Ac Jk', but these rules have no jokers"),
    ],
)
def test_bad_batches_name_the_row(codes: np.ndarray, message: str | None) -> None:
    if message is None:
        assert both.deadwood_scores(codes, wild=None).tolist() == [12, 18, 18]
        return
    with pytest.raises(tt.InvalidHandError, match=message):
        both.deadwood_scores(codes, wild=None)


def test_an_empty_hand_has_no_best_discard() -> None:
    with pytest.raises(tt.InvalidHandError, match="row 1: an empty hand has no card to discard"):
        both.best_discards(["Ac", ""], wild=None)
    assert both.go_out_flags([""], wild=None).tolist() == [False]


def test_threads_must_be_positive() -> None:
    with pytest.raises(tt.ThreeThirteenError, match="threads must be at least 1, not 0"):
        both.deadwood_scores(["Ac"], wild=None, threads=0)


def test_bad_wild_and_rules_are_refused() -> None:
    with pytest.raises(tt.InvalidWildError):
        both.deadwood_scores(["Ac"], wild="Z")
    with pytest.raises(tt.InvalidRulesError):
        both.deadwood_scores(["Ac"], wild=None, rules="poker")


HANDS = {
    "uniform": lambda rules: uniform_hands(rules, max_size=16),
    "wild-heavy": lambda rules: wild_heavy_hands(rules, size=14),
    "twin-heavy": lambda rules: twin_heavy_hands(rules, max_size=14),
}


@pytest.mark.parametrize("kind", HANDS)
@pytest.mark.parametrize("rules", [BGA, FAMILY], ids=["bga", "family+jokers"])
@settings(max_examples=examples(25))
@given(data=st.data())
def test_batches_equal_single_calls(kind: str, rules: tt.Rules, data: st.DataObject) -> None:
    wild = data.draw(st.integers(1, 13), label="wild")
    drawn = data.draw(st.lists(HANDS[kind](rules), min_size=1, max_size=8), label="hands")
    hands = [tt.Hand(cards) for cards, _wild in drawn]
    codes = tt.encode_hands(hands, width=20)
    scores = both.deadwood_scores(codes, wild=wild, rules=rules)
    assert scores.tolist() == [both.deadwood_score(h, wild=wild, rules=rules) for h in hands]
    flags = both.go_out_flags(codes, wild=wild, rules=rules)
    assert flags.tolist() == [both.can_go_out(h, wild=wild, rules=rules) for h in hands]
    held = [hand for hand in hands if len(hand)]
    if held:
        cards, left = both.best_discards(held, wild=wild, rules=rules)
        singles = [both.best_discard(h, wild=wild, rules=rules) for h in held]
        assert cards.tolist() == [single.card.code for single in singles]
        assert left.tolist() == [single.melding.score for single in singles]
