"""``discard_scores``: the score left by every discard of every hand, as an (N, 53)
array; wild ranks per row; count matrices; numpy integers."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import threethirteen as tt
from tests.common import both
from tests.conftest import examples
from tests.reference import reference_discard_scores
from tests.strategies import twin_heavy_hands, uniform_hands, wild_heavy_hands
from threethirteen.hands.arrays import NOT_IN_HAND

BGA = tt.Rules.preset("bga")
FAMILY = tt.Rules.preset("family", ["jokers"])


def expected_row(hand: tt.Hand, wild: int | None, rules: tt.Rules) -> list[int]:
    """What a row must hold: ``tt.discards`` by card code, -1 for the others."""
    row = [NOT_IN_HAND] * 53
    if len(hand):
        ranking = tt.discards(hand, wild=wild, rules=rules)
        for card, score in zip(ranking.cards, ranking.scores, strict=True):
            row[card.code] = score
    return row


def test_a_row_is_the_score_without_each_card() -> None:
    scores = both.discard_scores(["9s 9h 9d 4h 5h 6c Kd", ""], wild=6)
    assert scores.shape == (2, 53)
    assert scores.dtype == np.int64
    row = {str(tt.Card(code)): int(score) for code, score in enumerate(scores[0]) if score >= 0}
    assert row == {"Kd": 0, "5h": 14, "4h": 15, "9s": 19, "9h": 19, "9d": 19, "6c": 19}
    assert scores[1].tolist() == [-1] * 53


@settings(max_examples=examples(60))
@given(
    rules=st.sampled_from([tt.Rules.preset("pagat"), BGA, FAMILY]),
    data=st.data(),
)
def test_rows_match_discards_and_the_reference(rules: tt.Rules, data: st.DataObject) -> None:
    drawn = [
        data.draw(
            st.one_of(
                uniform_hands(rules, 14), wild_heavy_hands(rules, 12), twin_heavy_hands(rules, 12)
            )
        )
        for _ in range(3)
    ]
    wild = drawn[0][1]
    hands = [tt.Hand(cards) for cards, _ in drawn]
    scores = both.discard_scores(hands, wild=wild, rules=rules)
    for hand, row in zip(hands, scores.tolist(), strict=True):
        assert row == expected_row(hand, wild, rules)
    small = hands[0]
    if 0 < len(small) <= 8:  # the brute force, where it is quick
        for card, score in reference_discard_scores(small.cards, wild, rules).items():
            assert scores[0, card.code] == score


def test_wild_ranks_per_row() -> None:
    hands = ["5h 6h 7h 7c Kd", "5h 6h 7h 7c Kd", "Ks Kd 4d 9c", "Ks Kd 4d 9c"]
    ranks = np.array([0, 7, 4, 13], dtype=np.uint8)
    per_row = tt.discard_scores(hands, wild=ranks, rules="wikipedia")
    for index, hand in enumerate(hands):
        alone = tt.discard_scores([hand], wild=int(ranks[index]) or None, rules="wikipedia")
        assert per_row[index].tolist() == alone[0].tolist()
    assert per_row[1, tt.Card.parse("Kd").code] == 0
    listed = tt.discard_scores(hands, wild=[None, "7", 4, "K"], rules="wikipedia")
    assert np.array_equal(listed, per_row)
    assert tt.deadwood_scores(hands, wild=ranks, rules="wikipedia").tolist() == [
        tt.deadwood_score(hand, wild=int(rank) or None, rules="wikipedia")
        for hand, rank in zip(hands, ranks, strict=True)
    ]
    assert tt.go_out_flags(hands, wild=[None, 7, 4, 13], rules="wikipedia").tolist() == [
        False, True, True, True,
    ]  # fmt: skip
    cards, left = tt.best_discards(hands, wild=ranks, rules="wikipedia", threads=2)
    assert left.tolist() == [min(row[row >= 0]) for row in per_row]
    assert [int(per_row[index, code]) for index, code in enumerate(cards)] == left.tolist()


def test_wild_ranks_per_row_over_many_rows_and_threads() -> None:
    rng = np.random.default_rng(3)
    deck = np.arange(104) // 2  # two decks
    codes = np.sort([rng.choice(deck, size=10, replace=False) for _ in range(600)], axis=1)
    codes = codes.astype(np.int8)
    codes[codes == codes[:, [0]]] = -1  # some padding, anywhere
    ranks = rng.integers(0, 14, size=600)
    together = tt.discard_scores(codes, wild=ranks, rules="wikipedia", threads=2)
    scores = tt.deadwood_scores(codes, wild=ranks, rules="wikipedia", threads=2)
    for rank in range(14):
        rows = np.flatnonzero(ranks == rank)
        alone = tt.discard_scores(codes[rows], wild=rank or None, rules="wikipedia")
        assert np.array_equal(together[rows], alone)
        assert np.array_equal(
            scores[rows], tt.deadwood_scores(codes[rows], wild=rank or None, rules="wikipedia")
        )


def test_bad_wild_ranks_per_row() -> None:
    with pytest.raises(tt.InvalidWildError, match="3 wild ranks given for 2 hands"):
        tt.discard_scores(["Ac", "2c"], wild=np.array([1, 2, 3]))
    with pytest.raises(tt.InvalidWildError, match="row 1: bad wild rank 14"):
        tt.discard_scores(["Ac", "2c"], wild=np.array([1, 14]))
    with pytest.raises(tt.InvalidWildError, match="row 0: bad wild rank -1"):
        tt.deadwood_scores(["Ac", "2c"], wild=np.array([-1, 2]))
    with pytest.raises(tt.InvalidWildError, match="row 1: bad wild rank 'Z'"):
        tt.go_out_flags(["Ac", "2c"], wild=[1, "Z"])
    with pytest.raises(tt.InvalidWildError, match="not float64"):
        tt.discard_scores(["Ac", "2c"], wild=np.array([1.0, 2.0]))
    with pytest.raises(tt.InvalidRulesError, match="not both"):
        tt.discard_scores(["Ac"], tt.Round("pagat", wild=3), wild=[3])
    with pytest.raises(tt.InvalidHandError, match="row 1: 3 copies of 9h"):
        tt.discard_scores(["Ac", "9h 9h 9h"], wild=np.array([0, 5]))


def test_count_matrices_give_what_codes_give() -> None:
    hands = ["9s 9h 9d 4h 5h 6c Kd", "Jk Jk Ac", "", "Ks Ks Kd Kd Qs Qs"]
    counts = tt.count_vectors(hands)
    codes = tt.encode_hands(hands)
    for function in (tt.discard_scores, tt.deadwood_scores, tt.go_out_flags):
        assert np.array_equal(
            function(counts, wild=6, rules=BGA), function(codes, wild=6, rules=BGA)
        )
        wide = counts.astype(np.int32)
        assert np.array_equal(function(wide, wild=6, rules=BGA), function(codes, wild=6, rules=BGA))
    assert np.array_equal(
        both.discard_scores(counts, wild=6, rules=BGA), tt.discard_scores(codes, wild=6, rules=BGA)
    )


def test_count_matrices_refuse_too_many_cards() -> None:
    counts = np.zeros((3, 53), dtype=np.uint8)
    counts[2, :21] = 1
    with pytest.raises(tt.InvalidHandError, match="row 2: a count vector of 21 cards; at most 20"):
        tt.discard_scores(counts, wild=None)
    counts = counts.astype(np.int64)
    counts[1, 0] = 300
    with pytest.raises(tt.InvalidHandError, match="row 1: a count vector of 300 cards"):
        tt.deadwood_scores(counts, wild=None)


def test_numpy_integers_everywhere() -> None:
    hands = tt.encode_hands(["5h 6h 7h 7c Kd", "Ks Kd 4d 9c"])
    plain = tt.discard_scores(hands, wild=7, rules="wikipedia", threads=1)
    for integer in (np.int8, np.uint8, np.int64):
        assert np.array_equal(
            tt.discard_scores(hands, wild=integer(7), rules="wikipedia", threads=integer(2)), plain
        )
        assert np.array_equal(
            tt.discard_scores(hands, tt.Round("wikipedia", integer(5)), threads=integer(1)), plain
        )


def test_numpy_integers_in_the_bot_calls() -> None:
    for integer in (np.int8, np.uint8, np.int64):
        assert tt.outs("9s 9h 4h", wild=integer(5)) == tt.outs("9s 9h 4h", wild=5)
        assert tt.layoff("7h 8h", ["4h 5h 6h"], wild=integer(2)).score == 0
        assert tt.Round("pagat", integer(3)) == tt.Round("pagat", 3)
        weights = [integer(1)] * 53
        advice = tt.draw_advice("9s 9h 4h", discard_top="Kd", wild=None, weights=weights)
        assert advice == tt.draw_advice("9s 9h 4h", discard_top="Kd", wild=None)
