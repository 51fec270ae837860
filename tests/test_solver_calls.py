"""The solver's calls for bots and batches (``draws``, ``discard_rows``) against the
calls they stand for, on both solvers: ``draws`` is one ``best_discard`` per card
drawn, ``discard_rows`` one ``discards`` per row."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import threethirteen as tt
from tests.common import IMPLEMENTATIONS
from tests.conftest import examples
from tests.strategies import Drawn, any_hand, meld_rich_hands, uniform_hands
from threethirteen._kernel.protocol import COUNT_BITS, Mode

RULES = [
    tt.Rules.preset("pagat"),
    tt.Rules.preset("family"),
    tt.Rules.preset("bga"),
    tt.Rules.preset("pagat", ["jokers", "aces-high"]),
    tt.Rules.preset("family", ["jokers"]),
]


def hands() -> st.SearchStrategy[tuple[tt.Rules, Drawn]]:
    """Hands of every kind under rules with and without jokers, aces high, runs of four."""
    return st.sampled_from(RULES).flatmap(
        lambda rules: st.tuples(
            st.just(rules),
            st.one_of(any_hand(rules), uniform_hands(rules, 13), meld_rich_hands(rules, 13)),
        )
    )


def drawn_rows(round_: tt.Round, codes: bytes, candidates: bytes, mode: Mode) -> object:
    """What ``draws`` must give: one ``best_discard`` per card drawn."""
    results, discards = [], []
    for code in candidates:
        cost, discard = round_.solver.best_discard(bytes(sorted([*codes, code])), round_.params)
        if cost < 0:
            return cost
        if mode == Mode.GO_OUT:
            results.append(int(cost == 0))
            discards.append(discard if cost == 0 else -1)
        else:
            results.append(cost)
            discards.append(discard)
    return results, discards


@pytest.mark.parametrize("implementation", IMPLEMENTATIONS)
@settings(max_examples=examples(150))
@given(case=hands(), data=st.data())
def test_draws_is_a_best_discard_per_card(
    implementation: str, case: tuple[tt.Rules, Drawn], data: st.DataObject
) -> None:
    rules, (cards, wild) = case
    round_ = tt.Round(rules, wild=wild, implementation=implementation)
    hand = tt.Hand(cards[:19])
    counts = hand.counts()
    room = [rules.decks] * 52 + [rules.jokers]
    fitting = [code for code in range(53) if counts[code] < room[code]]
    candidates = bytes(data.draw(st.lists(st.sampled_from(fitting), max_size=12)))
    for mode in (Mode.BEST_DISCARD, Mode.GO_OUT):
        found = round_.solver.draws(hand.code_bytes, candidates, round_.params, mode)
        assert found == drawn_rows(round_, hand.code_bytes, candidates, mode)


@pytest.mark.parametrize("implementation", IMPLEMENTATIONS)
def test_draws_settles_a_card_no_meld_holds(implementation: str) -> None:
    # Kd melds with nothing: discarding it leaves the hand (score 5 + 6 = 11 < 10 + 4).
    round_ = tt.Round("pagat", wild=None, implementation=implementation)
    hand = tt.parse_hand("5c 6d 9s 9h 9d")
    candidates = bytes([tt.Card.parse("Kd").code, tt.Card.parse("Ac").code])
    costs, discards = round_.solver.draws(
        hand.code_bytes, candidates, round_.params, Mode.BEST_DISCARD
    )
    assert [cost >> COUNT_BITS for cost in costs] == [11, 6]
    assert [str(tt.Card(code)) for code in discards] == ["Kd", "6d"]
    flags, going = round_.solver.draws(hand.code_bytes, candidates, round_.params, Mode.GO_OUT)
    assert (flags, going) == ([0, 0], [-1, -1])


@pytest.mark.parametrize("implementation", IMPLEMENTATIONS)
def test_draws_refuses_a_card_too_many(implementation: str) -> None:
    round_ = tt.Round("pagat", wild=None, implementation=implementation)
    hand = tt.parse_hand("9s 9s 4h")
    nine = bytes([tt.Card.parse("9s").code])
    assert round_.solver.draws(hand.code_bytes, nine, round_.params, Mode.BEST_DISCARD) == -4
    with pytest.raises(ValueError, match="mode"):
        round_.solver.draws(hand.code_bytes, nine, round_.params, Mode.SCORE)


@pytest.mark.parametrize("implementation", IMPLEMENTATIONS)
def test_codes_of_count_rows_is_codes_of_counts(implementation: str) -> None:
    import numpy as np

    from threethirteen.hands.encoding import codes_of_counts

    solver = tt.Round("pagat", wild=None, implementation=implementation).solver
    rng = np.random.default_rng(7)
    counts = np.zeros((300, 53), dtype=np.uint8)
    for row in counts:
        for code in rng.choice(53, size=rng.integers(0, 12), replace=False):
            row[code] = rng.integers(1, 3)
    counts[0] = 0
    counts[0, 48:53] = 2  # the last, partial word of eight entries
    out = np.empty((300, 20), dtype=np.int8)
    width = solver.codes_of_count_rows(counts, out)
    expected = codes_of_counts(counts)
    assert width == expected.shape[1]
    assert np.array_equal(out[:, :width], expected)
    assert (out[:, width:] == -1).all()
    counts[5, 50] = 19  # 21 cards or more in row 5: the first row too long
    counts[9, 0] = 30
    assert solver.codes_of_count_rows(counts, out) == -6
