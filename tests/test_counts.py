"""Count vectors: the encoding, its inverse, the unseen cards, and count matrices in
the batch functions (compared with arrays of card codes)."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import threethirteen as tt
from tests.common import both
from tests.conftest import examples
from tests.strategies import Drawn, any_hand, twin_heavy_hands, uniform_hands, wild_heavy_hands
from threethirteen.hands.encoding import count_list

PRESET_RULES = [tt.Rules.preset(name) for name in tt.PRESETS]
BGA = tt.Rules.preset("bga")


# -- count_vector, count_vectors ------------------------------------------------------


def test_count_vector_counts_copies_by_code_jokers_last() -> None:
    vector = tt.count_vector("9h 9h Jk Ac Ks Jk")
    assert vector.dtype == np.uint8
    assert vector.shape == (53,)
    # 9h is 2 * 13 + 9 - 1 = 34; Ks is 51; the jokers are entry 52.
    assert {int(i): int(vector[i]) for i in vector.nonzero()[0]} == {0: 1, 34: 2, 51: 1, 52: 2}


def test_count_vector_takes_any_hand_like() -> None:
    expected = tt.count_vector("Qs 2c").tolist()
    assert tt.count_vector(tt.parse_hand("2c Qs")).tolist() == expected
    assert tt.count_vector(["Qs", tt.Card.parse("2c")]).tolist() == expected
    assert tt.count_vector("").tolist() == [0] * 53


def test_count_vector_refuses_more_copies_than_a_byte_holds() -> None:
    with pytest.raises(
        tt.InvalidHandError, match="256 copies of 2c: a count vector holds at most 255"
    ):
        tt.count_vector([tt.Card.parse("2c")] * 256)
    assert tt.count_vector([tt.Card.parse("2c")] * 255)[1] == 255


def test_count_vectors_of_a_list_and_of_codes_agree() -> None:
    hands = ["9s 9h 9d 4h 5h 6c", "2c 6c 9c", "", "Jk Jk Ac"]
    matrix = tt.count_vectors(hands)
    assert matrix.dtype == np.uint8
    assert matrix.shape == (4, 53)
    assert matrix.tolist() == [tt.count_vector(hand).tolist() for hand in hands]
    assert tt.count_vectors(tt.encode_hands(hands)).tolist() == matrix.tolist()
    # Padding anywhere in a row, and any integer dtype.
    codes = np.array([[-1, 52, 0, -1, 52]], dtype=np.int16)
    assert tt.count_vectors(codes).tolist() == [tt.count_vector("Jk Jk Ac").tolist()]
    assert tt.count_vectors([]).shape == (0, 53)


def test_count_vectors_keeps_a_count_matrix() -> None:
    matrix = tt.count_vectors(["Ac Ac", "Jk"]).astype(np.int64)
    again = tt.count_vectors(matrix)
    assert again.dtype == np.uint8
    assert again.tolist() == matrix.tolist()


def test_count_vectors_names_a_bad_code() -> None:
    with pytest.raises(tt.InvalidHandError, match="row 1, column 0: 53 is no card code"):
        tt.count_vectors(np.array([[1, 2], [53, -1]]))


# -- hand_from_counts ---------------------------------------------------------------


@settings(max_examples=examples(60))
@given(st.sampled_from(PRESET_RULES).flatmap(any_hand))
def test_hand_from_counts_inverts_count_vector(drawn: Drawn) -> None:
    cards, _wild = drawn
    hand = tt.Hand(cards)
    vector = tt.count_vector(hand)
    assert int(vector.sum()) == len(cards)
    assert tt.hand_from_counts(vector) == hand
    assert tt.hand_from_counts(vector.tolist()) == hand
    assert tt.hand_from_counts(tuple(vector.astype(np.int64))) == hand


def test_hand_from_counts_of_hand_made_vectors() -> None:
    vector = [0] * 53
    vector[34], vector[52], vector[12] = 2, 1, 1
    assert tt.hand_from_counts(vector) == tt.parse_hand("9h 9h Jk Kc")
    assert tt.hand_from_counts(np.zeros(53, dtype=np.uint8)) == tt.parse_hand("")


@pytest.mark.parametrize(
    ("vector", "message"),
    [
        ([0] * 52, r"a count vector has 53 entries \(52 cards, then the jokers\), not 52"),
        (np.zeros(54, dtype=np.int8), r"not shape \(54,\)"),
        (np.zeros((1, 53), dtype=np.int8), r"not shape \(1, 53\)"),
        ([0] * 47 + [-1] + [0] * 5, r"entry 47 \(9s\) is negative: -1"),
        (np.array([0] * 52 + [-2]), r"entry 52 \(Jk\) is negative: -2"),
        ([0] * 13 + [1.0] + [0] * 39, r"entry 13 \(Ad\) must be an int, not 1.0"),
        ([True] + [0] * 52, r"entry 0 \(Ac\) must be an int, not True"),
        (np.zeros(53, dtype=np.float64), "a count vector holds integers, not float64"),
        ("9h 9h", "a count vector is a sequence of 53 ints, not '9h 9h'"),
        (7, "a count vector is a sequence of 53 ints, not 7"),
    ],
)
def test_hand_from_counts_refuses_bad_vectors(vector: object, message: str) -> None:
    with pytest.raises(tt.InvalidHandError, match=message):
        tt.hand_from_counts(vector)  # type: ignore[arg-type]


@given(
    st.lists(
        st.one_of(st.integers(0, 3), st.integers(-2, 258), st.booleans()),
        min_size=53,
        max_size=53,
    ),
    st.booleans(),
)
@settings(max_examples=examples(300))
def test_count_list_keeps_plain_counts_and_names_the_first_bad_entry(
    values: list[int], as_array: bool
) -> None:
    # The reference: every entry an int (not a bool) from 0 to 255, checked in order.
    bad = next(
        (
            code
            for code, value in enumerate(values)
            if type(value) is not int or not 0 <= value <= 255
        ),
        None,
    )
    given_vector: object = values
    if as_array:
        if any(type(value) is bool for value in values):
            return  # an array of ints and bools is an int array: nothing to compare
        given_vector = np.array(values, dtype=np.int64)
    if bad is None:
        found = count_list(given_vector)
        assert found == values
        assert found is not values  # a copy: the caller's list is not kept
        assert all(type(value) is int for value in found)
    else:
        with pytest.raises(tt.InvalidHandError, match=rf"entry {bad} \({tt.Card(bad)}\)"):
            count_list(given_vector)


# -- unseen_cards -------------------------------------------------------------------


@pytest.mark.parametrize("rules", PRESET_RULES, ids=list(tt.PRESETS))
def test_unseen_cards_of_nothing_seen_is_the_pool(rules: tt.Rules) -> None:
    unseen = tt.unseen_cards(rules)
    assert unseen.dtype == np.uint8
    assert unseen.tolist() == [rules.decks] * 52 + [rules.jokers]
    assert tt.unseen_cards(rules.name).tolist() == unseen.tolist()


def test_unseen_cards_takes_hands_strings_and_cards() -> None:
    hand = tt.parse_hand("9h Jk Ac")
    unseen = tt.unseen_cards(BGA, seen=[hand, "9h", tt.Card.parse("Ac"), "Kd Kd Jk", ["2c"]])
    expected = [2] * 52 + [4]
    expected[34] -= 2  # 9h twice
    expected[0] -= 2  # Ac twice
    expected[25] -= 2  # Kd twice
    expected[1] -= 1  # 2c
    expected[52] -= 2  # two jokers
    assert unseen.tolist() == expected
    # One hand on its own, as a string or a Hand.
    assert (
        tt.unseen_cards("pagat", seen="9h 9h").tolist()
        == tt.unseen_cards("pagat", seen=[tt.parse_hand("9h"), "9h"]).tolist()
    )
    assert int(tt.unseen_cards("pagat", seen=tt.parse_hand("9h 9h")).sum()) == 102


def test_unseen_cards_refuses_more_than_the_pool() -> None:
    with pytest.raises(tt.InvalidHandError, match="3 copies of 9h seen, but 2 decks hold only 2"):
        tt.unseen_cards("pagat", seen=["9h 9h", "9h"])
    with pytest.raises(tt.InvalidHandError, match="a joker seen, but these rules have no jokers"):
        tt.unseen_cards("pagat", seen="Jk")
    with pytest.raises(tt.InvalidHandError, match="5 jokers seen, but the rules have only 4"):
        tt.unseen_cards("bga", seen=["Jk Jk Jk", "Jk Jk"])
    with pytest.raises(tt.InvalidCardError, match="unknown suit 'x' in '7x'"):
        tt.unseen_cards("pagat", seen=["9h", "7x"])


# -- count matrices in the batch functions --------------------------------------------


@settings(max_examples=examples(40))
@given(
    st.lists(
        st.one_of(
            uniform_hands(BGA, max_size=12), twin_heavy_hands(BGA), wild_heavy_hands(BGA, 14)
        ),
        min_size=1,
        max_size=6,
    ),
    st.integers(1, 13),
)
def test_batch_functions_read_count_matrices_as_code_arrays(hands: list[Drawn], wild: int) -> None:
    parsed = [tt.Hand(cards) for cards, _ in hands]
    codes = tt.encode_hands(parsed)
    counts = tt.count_vectors(parsed)
    assert (
        both.deadwood_scores(counts, wild=wild, rules=BGA).tolist()
        == both.deadwood_scores(codes, wild=wild, rules=BGA).tolist()
    )
    assert (
        both.go_out_flags(counts, wild=wild, rules=BGA).tolist()
        == both.go_out_flags(codes, wild=wild, rules=BGA).tolist()
    )
    if all(parsed):
        by_counts = both.best_discards(counts.astype(np.int32), wild=wild, rules=BGA)
        by_codes = both.best_discards(codes, wild=wild, rules=BGA)
        assert by_counts.cards.tolist() == by_codes.cards.tolist()
        assert by_counts.scores.tolist() == by_codes.scores.tolist()


def test_a_count_matrix_gives_hand_made_answers() -> None:
    counts = tt.count_vectors(["9s 9h 9d 4h 5h 6c Kd", "9s 9h 8d Kc", "3c 3d 3h 3s"])
    assert both.deadwood_scores(counts, wild=6).tolist() == [10, 36, 0]
    cards, scores = both.best_discards(counts, wild=6)
    assert cards.tolist() == [25, 12, 41]  # Kd; Kc; of four equal 3s, the highest code: 3s
    assert scores.tolist() == [0, 26, 0]
    assert both.deadwood_scores(np.zeros((0, 53), dtype=np.uint8), wild=6).tolist() == []


def test_a_count_row_of_more_than_20_cards_is_refused() -> None:
    counts = np.zeros((3, 53), dtype=np.int64)
    counts[0, 5] = 2
    counts[2, :21] = 1
    with pytest.raises(
        tt.InvalidHandError, match="row 2: a count vector of 21 cards; at most 20 are supported"
    ):
        both.deadwood_scores(counts, wild=None)
    counts[2, :21] = 0
    counts[1, 7] = 10**12  # no overflow in the sums
    with pytest.raises(tt.InvalidHandError, match=f"row 1: a count vector of {10**12} cards"):
        both.go_out_flags(counts, wild=None)


def test_a_count_row_the_rules_refuse_is_named() -> None:
    counts = tt.count_vectors(["9h 9h", "Jk"]).astype(np.int8)
    counts[0, 34] = 3
    with pytest.raises(tt.InvalidHandError, match="row 0: 3 copies of 9h in '9h 9h 9h'"):
        both.deadwood_scores(counts, wild=None)
    with pytest.raises(tt.InvalidHandError, match="row 0: a joker in 'Jk'"):
        both.deadwood_scores(counts[1:], wild=None)


def test_a_code_array_with_padding_stays_a_code_array() -> None:
    # Width 53, but padding in it: card codes, not counts.
    codes = np.full((1, 53), -1, dtype=np.int8)
    codes[0, :3] = [47, 34, 21]
    assert both.deadwood_scores(codes, wild=None).tolist() == [0]


def test_import_does_not_import_numpy() -> None:
    code = "import sys, threethirteen; print('numpy' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"
