"""The meld rules' one home (``threethirteen.hands.meld_rules``) and the one discard tie-break.

Part 1: legality as a pair, ``verify_meld`` (raises with the reason) and
``is_valid_meld`` (a bool), every reason pinned, and ``is_valid_meld`` compared by
Hypothesis with the independent ``is_valid_meld`` of :mod:`tests.reference`.
Part 2: run geometry. Part 3: the discard tie-break, written once in
``_kernel.discard_order_for`` and followed by both solvers.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import threethirteen as tt
from tests import reference
from tests.common import IMPLEMENTATIONS, both
from tests.conftest import examples
from tests.strategies import pool, wild_ranks
from threethirteen import Card, Rules
from threethirteen._kernel import protocol as _kernel
from threethirteen._kernel import solver_py as _solver_py
from threethirteen.hands import meld_rules

PAGAT = Rules.preset("pagat")
BGA = Rules.preset("bga")
FAMILY = Rules.preset("family")
NO_ALL_WILD = Rules.preset("pagat", ["no-all-wild-melds"])

# -- part 1: legality as a pair -----------------------------------------------------------

REASONS = [
    ("4h 5h 6c=6h", None, PAGAT, "6c is marked wild, but is not wild this round"),
    ("3c=9c 3d=9d 3h=9h", 3, NO_ALL_WILD, "a meld of wild cards only, which these rules forbid"),
    ("9s Jk", None, BGA, "too few cards for a meld (a set needs 3, a run 3)"),
    ("9s 9h", None, PAGAT, "a set needs at least 3 cards"),
    ("9s 10h Jk", None, BGA, "neither a set nor a run"),
    ("9h 9h 10h", None, PAGAT, "a run holds each rank once (twins cannot share a run)"),
    ("4h 5h 6h", None, FAMILY, "a run needs at least 4 cards"),
    (
        "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Jk",
        None,
        BGA,
        "a run holds at most 13 cards",
    ),
    ("Qh Kh Ah", None, PAGAT, "aces are low in these rules: Q-K-A is not a run"),
    ("Kh Ah 2h", None, BGA, "a run cannot wrap around from K to A to 2"),
    ("4h 5h 7h", None, PAGAT, "the ranks are not consecutive"),
]


@pytest.mark.parametrize(("meld", "wild", "rules", "reason"), REASONS)
def test_every_reason(meld: str, wild: int | None, rules: Rules, reason: str) -> None:
    cards, identities = meld_rules.read_meld_text(meld)
    assert meld_rules.meld_problem(cards, identities, wild, rules) == reason
    with pytest.raises(tt.InvalidMeldError) as caught:
        tt.verify_meld(meld, wild=wild, rules=rules)
    assert str(caught.value) == f"meld {meld!r}: {reason}"
    assert tt.is_valid_meld(meld, wild=wild, rules=rules) is False


@pytest.mark.parametrize(
    ("meld", "wild", "rules"),
    [
        ("4h 5h 6c=6h", 6, PAGAT),
        ("4h 5h 6c", 6, PAGAT),  # a wild card without an identity stands for what fits
        ("9s 9h Jk", None, BGA),
        ("Qh Kh Ah", None, BGA),
        ("Ah 2h 3h", None, BGA),
        ("3c 3d 3h", 3, PAGAT),
        ("4h 5h 6h 7h", None, FAMILY),
        ("9h 9h 9s", None, PAGAT),
    ],
)
def test_valid_melds(meld: str, wild: int | None, rules: Rules) -> None:
    assert tt.verify_meld(meld, wild=wild, rules=rules) is None
    assert tt.is_valid_meld(meld, wild=wild, rules=rules) is True


def test_a_round_a_meld_value_or_cards() -> None:
    fourth = tt.Round("pagat", 4)  # 6s wild
    meld = tt.Meld.parse("4h 5h 6c=6h")
    tt.verify_meld(meld, fourth)
    assert tt.is_valid_meld(meld, fourth)
    assert tt.is_valid_meld(list(tt.parse_hand("4h 5h 6c").cards), fourth)
    assert not tt.is_valid_meld(meld, tt.Round("pagat", 5))  # 7s wild: 6c is not
    with pytest.raises(tt.InvalidMeldError) as caught:
        tt.verify_meld(meld, tt.Round("pagat", 5))
    assert str(caught.value) == "meld '4h 5h 6c=6h': 6c is marked wild, but is not wild this round"
    # The solver's melds are valid under the rules they were made for.
    for made in tt.best_melds("9s 9h 9d 4h 5h 6c Kd", fourth).melds:
        tt.verify_meld(made, fourth)


def test_text_that_is_no_meld() -> None:
    with pytest.raises(tt.InvalidMeldError) as caught:
        tt.verify_meld("9s 7x 9h", wild=None)
    assert str(caught.value) == "unknown suit 'x' in '7x' in meld '9s 7x 9h'"
    assert tt.is_valid_meld("9s 7x 9h", wild=None) is False
    assert tt.is_valid_meld("", wild=None) is False
    with pytest.raises(tt.InvalidMeldError) as caught:
        tt.verify_meld(42, wild=None)
    assert str(caught.value) == "a meld is a Meld or a string such as '4h 5h 6h', not 42"


def test_bad_rounds_still_raise() -> None:
    with pytest.raises(tt.InvalidRulesError) as caught:
        tt.is_valid_meld("9s 9h 9d")
    assert str(caught.value) == (
        "is_valid_meld() needs the round: a round number (round=4; Pagat's rules unless"
        " rules= names others), a Round (tt.Round('pagat', 4)), or wild= (the wild rank,"
        " or None) for a hand of any round"
    )
    with pytest.raises(tt.InvalidRulesError) as caught_rules:
        tt.verify_meld("9s 9h 9d", tt.Round("pagat", 4), wild=None)
    assert str(caught_rules.value) == (
        "verify_meld() takes a Round or rules and wild, not both: the Round has them"
    )


RULE_SETS = [
    *(Rules.preset(name) for name in tt.PRESETS),
    Rules.preset("pagat", ["jokers", "aces-high"]),
    Rules.preset("bga", ["no-all-wild-melds"]),
    dataclasses.replace(BGA, min_set=2, min_run=2),
]


@st.composite
def groups(draw: st.DrawFn, rules: Rules) -> list[Card]:
    """A group of cards, often close to a meld: cards of one rank or one suit near
    each other, some swapped for any card of the pool."""
    cards = pool(rules)
    kind = draw(st.sampled_from(["rank", "suit", "any"]))
    if kind == "rank":
        rank = draw(st.integers(1, 13))
        near = pool(rules, ranks=[rank])
    elif kind == "suit":
        start = draw(st.integers(1, 13))
        suit = draw(st.integers(0, 3))
        near = pool(rules, ranks=range(start, min(14, start + 5)), suits=[suit])
        near += pool(rules, ranks=[1], suits=[suit], jokers=False)
    else:
        near = cards
    size = draw(st.integers(1, 7))
    group = [draw(st.sampled_from(near)) for _ in range(size)]
    for index in range(size):
        if draw(st.integers(0, 5)) == 0:
            group[index] = draw(st.sampled_from(cards))
    return group


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda rules: repr(rules)[:60])
@settings(max_examples=examples(300))
@given(data=st.data())
def test_is_valid_meld_agrees_with_the_reference(rules: Rules, data: st.DataObject) -> None:
    wild = data.draw(wild_ranks(), label="wild")
    group = data.draw(groups(rules), label="group")
    expected = reference.is_valid_meld(group, wild, rules)
    assert meld_rules.is_valid_meld(group, wild=wild, rules=rules) is expected


# -- part 2: run geometry ----------------------------------------------------------------


def test_run_geometry() -> None:
    assert meld_rules.run_place(1, ace_high=True) == 14
    assert meld_rules.run_place(1, ace_high=False) == 1
    assert meld_rules.run_code(2, 14) == meld_rules.run_code(2, 1) == 26  # A♥
    assert meld_rules.run_card(3, 13) == Card.parse("Ks")
    assert meld_rules.run_span([12, 13, 1], high_aces=True) == (12, 14)
    assert meld_rules.run_span([12, 13, 1], high_aces=False) is None
    assert meld_rules.run_span([1, 2, 3], high_aces=True) == (1, 3)
    assert meld_rules.run_span([13, 1, 2], high_aces=True) is None
    assert meld_rules.run_span([4, 4, 5], high_aces=False) is None
    # Widening: towards a preferred place, else up, else down; within the ace rules.
    assert meld_rules.extend_run(4, 5, 1, False, frozenset()) == (4, 6)
    assert meld_rules.extend_run(4, 5, 1, False, frozenset({3})) == (3, 5)
    assert meld_rules.extend_run(12, 13, 1, False, frozenset()) == (11, 13)
    assert meld_rules.extend_run(12, 13, 1, True, frozenset()) == (12, 14)
    assert meld_rules.extend_run(1, 2, 2, True, frozenset()) == (1, 4)
    assert meld_rules.is_wild(Card.parse("Jk"), None)
    assert meld_rules.is_wild_code(5, 6)
    assert not meld_rules.is_wild_code(5, None)


# -- part 3: one discard tie-break -------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "wild", "rules", "order", "scores"),
    [
        # Equal costs and values: the highest code first.
        ("Kc Kd Qs Jh", None, "pagat", "Qs Jh Kd Kc", (30, 30, 30, 30)),
        ("2c 4d 8s 9h", None, "family", "8s 9h 4d 2c", (15, 15, 15, 15)),
        # A natural card before a wild one.
        ("9s 9h 9d 6c", 6, "pagat", "9s 9h 9d 6c", (0, 0, 0, 0)),
        # The dearest first, whatever its code (Kd before 5s).
        (
            "Kc Kd Kh Ks 2s 3s 4s 5s",
            None,
            "pagat",
            "Ks Kh Kd Kc 5s 2s 4s 3s",
            (0, 0, 0, 0, 0, 0, 10, 11),
        ),
        # Of equal wilds, the highest code.
        ("3c 3d 9s 9h", 3, "bga", "9s 9h 3d 3c", (0, 0, 0, 0)),
        ("9s 9h Jk Jk 4c", None, "bga", "4c 9s 9h Jk", (0, 4, 4, 4)),
    ],
)
def test_tie_break_on_hand_made_hands(
    hand: str, wild: int | None, rules: str, order: str, scores: tuple[int, ...]
) -> None:
    ranking = both.discards(hand, wild=wild, rules=rules)
    assert " ".join(str(card) for card in ranking.cards) == order
    assert ranking.scores == scores
    assert str(both.best_discard(hand, wild=wild, rules=rules).card) == order.split()[0]


def test_discard_order_is_one_policy() -> None:
    round_ = tt.Round("bga", wild=3)
    natural = [_kernel.cost_of(round_.rules.card_values[code % 13]) for code in range(52)]
    wild = [_kernel.cost_of(penalty) for penalty in round_.penalties]
    order = _kernel.discard_order_for(natural, wild, 3)
    assert sorted(order) == list(range(53))
    ranked = sorted(range(53), key=order.__getitem__)
    assert [str(Card(code)) for code in ranked[:3]] == ["As", "Ah", "Ad"]  # an ace costs 15 at BGA
    assert [str(Card(code)) for code in ranked[-5:]] == ["Jk", "3s", "3h", "3d", "3c"]
    # A solver given another order follows it (every card costing 10: all tie).
    natural = [_kernel.cost_of(10)] * 52
    reverse = [52 - place for place in _kernel.discard_order_for(natural, wild, 3)]
    for implementation in IMPLEMENTATIONS:
        solver = tt.Round("bga", wild=3, implementation=implementation).solver
        params = _kernel.make_params(
            solver,
            natural_costs=natural,
            wild_costs=wild,
            wild_rank=3,
            decks=2,
            jokers=4,
            min_set=3,
            min_run=3,
            high_aces=True,
            all_wild_melds=True,
            discard_order=reverse,
        )
        codes = bytes(sorted(card.code for card in tt.parse_hand("Kc Kd Qs Jh").cards))
        assert solver.best_discard(codes, params) == ((30 << _kernel.COUNT_BITS) + 3, 12)
        assert solver.discards(codes, params, 0)[0] == bytes([12, 25, 36, 50])
    with pytest.raises(ValueError, match="the discard order places each code 0-52 once"):
        _kernel.make_params(
            _solver_py,
            natural_costs=natural,
            wild_costs=wild,
            wild_rank=3,
            decks=2,
            jokers=4,
            min_set=3,
            min_run=3,
            high_aces=True,
            all_wild_melds=True,
            discard_order=[0] * 53,
        )


def test_modes_and_error_codes_have_one_meaning() -> None:
    assert tuple(_kernel.Mode) == (_solver_py.SCORE, _solver_py.GO_OUT, _solver_py.BEST_DISCARD)
    assert tuple(_kernel.ErrorCode) == (
        _solver_py.BAD_CODE,
        _solver_py.TOO_MANY_CARDS,
        _solver_py.TOO_MANY_JOKERS,
        _solver_py.TOO_MANY_COPIES,
    )
