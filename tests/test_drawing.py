"""Outs and draw advice: against a brute force built on :mod:`tests.reference`, on
hand-made cases with chances worked out by hand, and on bad input."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import threethirteen as tt
from tests.common import both
from tests.conftest import examples
from tests.reference import reference_can_go_out, reference_discard_scores, reference_for
from tests.strategies import (
    Drawn,
    meld_rich_hands,
    pool,
    twin_heavy_hands,
    uniform_hands,
)
from threethirteen.hands import draw_advice
from threethirteen.hands.cards import JOKER

Card = tt.Card
PAGAT = tt.Rules.preset("pagat")
BGA = tt.Rules.preset("bga")
PRESET_RULES = [tt.Rules.preset(name) for name in tt.PRESETS]
RULES_CASES = [*PRESET_RULES, tt.Rules.preset("pagat", ["jokers"])]


def cards_of(text: str) -> list[Card]:
    return list(tt.parse_hand(text).cards)


# -- the brute force ------------------------------------------------------------------


def pool_of(rules: tt.Rules) -> Counter[Card]:
    """The rules' pool of cards, as a multiset."""
    pool = Counter({Card(code): rules.decks for code in range(52)})
    if rules.jokers:
        pool[Card(JOKER)] = rules.jokers
    return pool


def goes_out_by_discarding(
    cards: list[Card], discard: Card, wild: int | None, rules: tt.Rules
) -> bool:
    """Whether discarding ``discard`` from ``cards`` leaves every card melded (the
    reference counts cards left over, so a card that costs 0 still counts)."""
    rest = list(cards)
    rest.remove(discard)
    return reference_for(rules, wild, count_cards=True).score(rest) == 0


def reference_outs(cards: list[Card], wild: int | None, rules: tt.Rules) -> dict[Card, set[Card]]:
    """Every card the hand may take that lets it go out, with every discard that
    goes out: each candidate added, each discard tried."""
    held = Counter(cards)
    found = {}
    for card, copies in pool_of(rules).items():
        if held[card] >= copies:
            continue
        more = [*cards, card]
        going = {d for d in set(more) if goes_out_by_discarding(more, d, wild, rules)}
        if going:
            found[card] = going
    return found


def reference_after_draw(
    cards: list[Card], card: Card, wild: int | None, rules: tt.Rules
) -> tuple[int, bool]:
    """The score left after the best discard of ``cards`` + ``card``, and whether
    the hand can go out."""
    more = [*cards, card]
    return min(reference_discard_scores(more, wild, rules).values()), reference_can_go_out(
        more, wild, rules
    )


@st.composite
def wild_heavy_small_hands(draw: st.DrawFn, rules: tt.Rules) -> Drawn:
    """Up to 7 cards, 2 to 5 of them wild (jokers and cards of the wild rank): the
    small cousin of ``tests.strategies.wild_heavy_hands``."""
    wild = draw(st.integers(1, 13))
    wilds = pool(rules, ranks=[wild])
    naturals = pool(rules, ranks=[r for r in range(1, 14) if r != wild], jokers=False)
    count = draw(st.integers(2, 5))
    chosen = draw(
        st.lists(st.integers(0, len(wilds) - 1), min_size=count, max_size=count, unique=True)
    )
    others = draw(st.lists(st.integers(0, len(naturals) - 1), max_size=7 - count, unique=True))
    return [wilds[i] for i in chosen] + [naturals[i] for i in others], wild


@st.composite
def small_hands(draw: st.DrawFn) -> tuple[tt.Rules, list[Card], int | None]:
    """A preset (or pagat with jokers) and a hand of at most 7 cards: uniform,
    meld-rich, wild-heavy or twin-heavy."""
    rules = draw(st.sampled_from(RULES_CASES))
    strategy = st.one_of(
        uniform_hands(rules, max_size=7),
        meld_rich_hands(rules, max_size=7),
        wild_heavy_small_hands(rules),
        twin_heavy_hands(rules, max_size=7),
    )
    cards, wild = draw(strategy)
    return rules, cards, wild


@st.composite
def unseen_of(draw: st.DrawFn, rules: tt.Rules, seen: list[Card]) -> Counter[Card] | None:
    """``None`` (the default), or some of the cards the pool has left after ``seen``."""
    if draw(st.booleans()):
        return None
    left = pool_of(rules) - Counter(seen)
    cards = sorted(left.elements())
    positions = draw(st.lists(st.integers(0, len(cards) - 1), max_size=12, unique=True))
    return Counter(cards[i] for i in positions)


def as_vector(unseen: Counter[Card]) -> list[int]:
    vector = [0] * 53
    for card, copies in unseen.items():
        vector[card.code] = copies
    return vector


# -- outs against the brute force -------------------------------------------------------


@settings(max_examples=examples(120))
@given(st.data())
def test_outs_match_the_brute_force(data: st.DataObject) -> None:
    rules, cards, wild = data.draw(small_hands())
    unseen = data.draw(unseen_of(rules, cards))
    if unseen is None:
        found = both.outs(cards, wild=wild, rules=rules)
        unseen = pool_of(rules) - Counter(cards)
    else:
        given_as = data.draw(st.sampled_from(["text", "list", "array"]))
        if given_as == "text":
            argument: object = " ".join(str(card) for card in sorted(unseen.elements()))
        elif given_as == "list":
            argument = as_vector(unseen)
        else:
            argument = np.array(as_vector(unseen), dtype=np.uint8)
        found = both.outs(cards, wild=wild, rules=rules, unseen=argument)  # type: ignore[arg-type]
    expected = reference_outs(cards, wild, rules)
    total = sum(unseen.values())
    assert found.unseen == total
    assert {out.card for out in found} == set(expected)
    for out in found:
        assert out.discard in expected[out.card], f"{out.discard} does not go out"
        # The tie-break of best_discard is documented: the same card.
        assert out.discard == both.best_discard([*cards, out.card], wild=wild, rules=rules).card
        assert out.copies == unseen[out.card]
        assert out.probability == (Fraction(out.copies, total) if total else 0)
    keys = [(-out.copies, out.card.code) for out in found]
    assert keys == sorted(keys)
    copies = sum(unseen[card] for card in expected)
    assert found.probability == (Fraction(copies, total) if total else 0)


# -- draw advice against the brute force ------------------------------------------------


def expected_stock(
    cards: list[Card],
    masses: dict[Card, Fraction],
    wild: int | None,
    rules: tt.Rules,
) -> tuple[Fraction, Fraction]:
    """The expected score after the best discard and the chance of going out, when
    ``card`` is drawn with a chance in proportion to ``masses[card]``."""
    total = sum(masses.values(), Fraction(0))
    score, out = Fraction(0), Fraction(0)
    for card, mass in masses.items():
        left, goes_out = reference_after_draw(cards, card, wild, rules)
        score += mass * left / total
        out += mass / total if goes_out else 0
    return score, out


@settings(max_examples=examples(80))
@given(st.data())
def test_draw_advice_matches_the_brute_force(data: st.DataObject) -> None:
    rules, cards, wild = data.draw(small_hands())
    left = pool_of(rules) - Counter(cards)
    top = data.draw(st.sampled_from(sorted(left)))
    unseen = data.draw(unseen_of(rules, [*cards, top]))
    weights = data.draw(
        st.one_of(
            st.none(),
            st.dictionaries(
                # a weight only for cards the rules have (a joker only with jokers)
                st.sampled_from([Card(code) for code in range(53 if rules.jokers else 52)]),
                st.one_of(st.integers(0, 5), st.fractions(0, 3), st.floats(0.0, 4.0)),
                max_size=8,
            ),
        )
    )
    if unseen is None:
        unseen = pool_of(rules) - Counter([*cards, top])
        argument = None
    else:
        argument = as_vector(unseen)
    weight = {card: Fraction(weights.get(card, 1)) if weights else Fraction(1) for card in unseen}
    masses = {card: copies * weight[card] for card, copies in unseen.items() if copies}
    if not sum(masses.values()):
        with pytest.raises(tt.InvalidHandError, match="there is nothing to draw from the stock"):
            both.draw_advice(
                cards, discard_top=top, wild=wild, rules=rules, unseen=argument, weights=weights
            )
        return
    advice = both.draw_advice(
        cards, discard_top=top, wild=wild, rules=rules, unseen=argument, weights=weights
    )

    # Taking the discard: one card, its best discard.
    score, goes_out = reference_after_draw(cards, top, wild, rules)
    (taken,) = advice.discard.draws
    assert (taken.card, taken.score, taken.goes_out) == (top, score, goes_out)
    assert reference_discard_scores([*cards, top], wild, rules)[taken.discard] == score
    assert advice.discard.expected_score == score
    assert advice.discard.out_probability == (1 if goes_out else 0)

    # Drawing blind: every unseen card, its chance, its best discard.
    expected_score, out_chance = expected_stock(cards, masses, wild, rules)
    assert advice.stock.expected_score == expected_score
    assert advice.stock.out_probability == out_chance
    assert [draw.card for draw in advice.stock.draws] == sorted(masses)
    total = sum(masses.values())
    for draw in advice.stock.draws:
        more = [*cards, draw.card]
        assert draw.copies == unseen[draw.card]
        assert draw.probability == masses[draw.card] / total
        assert (draw.score, draw.goes_out) == reference_after_draw(cards, draw.card, wild, rules)
        assert reference_discard_scores(more, wild, rules)[draw.discard] == draw.score
        if draw.goes_out:
            assert goes_out_by_discarding(more, draw.discard, wild, rules)

    # The choice: lower expected score, then a higher chance out, then the stock.
    d, s = advice.discard, advice.stock
    keys = {
        "discard": (d.expected_score, -d.out_probability, 1),
        "stock": (s.expected_score, -s.out_probability, 0),
    }
    assert advice.choice == min(keys, key=keys.__getitem__)
    assert advice.best is (d if advice.choice == "discard" else s)


@settings(max_examples=examples(60))
@given(st.data())
def test_stock_outlook_matches_the_brute_force(data: st.DataObject) -> None:
    rules, cards, wild = data.draw(small_hands())
    unseen = data.draw(unseen_of(rules, cards))
    argument = None if unseen is None else as_vector(unseen)
    if unseen is None:
        unseen = pool_of(rules) - Counter(cards)
    masses = {card: Fraction(copies) for card, copies in unseen.items() if copies}
    if not masses:
        with pytest.raises(tt.InvalidHandError, match="nothing to draw from the stock"):
            both.stock_outlook(cards, wild=wild, rules=rules, unseen=argument)
        return
    expected = tt.StockOutlook(*expected_stock(cards, masses, wild, rules))
    assert both.stock_outlook(cards, wild=wild, rules=rules, unseen=argument) == expected


def test_stock_outlook_worked_out_by_hand() -> None:
    # 9s 9h 4h, no wild card: a 9c goes out (0); with a 2d the best discard throws a
    # 9 (9, 4h and 2d left: 15); a Kd is thrown back (22): (0 + 15 + 22) / 3.
    found = tt.stock_outlook("9s 9h 4h", wild=None, unseen="9c 2d Kd")
    assert (found.expected_score, found.out_probability) == (Fraction(37, 3), Fraction(1, 3))
    found = tt.stock_outlook("9s 9h 4h", wild=None, unseen="Kd Kh")
    assert (found.expected_score, found.out_probability) == (22, 0)
    with pytest.raises(tt.InvalidHandError) as refused:
        tt.stock_outlook("9s 9h 4h", wild=None, unseen="9s 9s")
    assert str(refused.value) == "3 copies of 9s in the hand and unseen, but 2 decks hold only 2"
    with pytest.raises(tt.InvalidHandError) as refused:
        tt.stock_outlook("9s 9h 4h", wild=None, unseen=[0] * 53)
    assert str(refused.value) == "there is nothing to draw from the stock: no card is unseen"


# -- hand-made cases, chances worked out by hand ----------------------------------------


def test_outs_of_a_pair_and_a_spare_card() -> None:
    # 9s 9h 4h, pagat (two decks), no wild rank: a third 9 makes a set and the 4h
    # goes. Unseen: 104 - 3 = 101 cards, of which 9c x2, 9d x2, 9h x1, 9s x1 are 9s:
    # 6/101. Nothing else goes out (no card makes 4h and a 9 into a meld).
    found = both.outs("9s 9h 4h", wild=None)
    assert [(str(out.card), str(out.discard), out.copies) for out in found] == [
        ("9c", "4h", 2),
        ("9d", "4h", 2),
        ("9h", "4h", 1),
        ("9s", "4h", 1),
    ]
    assert [out.probability for out in found] == [
        Fraction(2, 101),
        Fraction(2, 101),
        Fraction(1, 101),
        Fraction(1, 101),
    ]
    assert found.unseen == 101
    assert found.probability == Fraction(6, 101)


def test_outs_with_jokers_list_the_joker_first() -> None:
    # bga: two decks and 4 jokers, 108 cards; the hand holds 3, so 105 are unseen.
    # Outs: the jokers (4), 9c and 9d (2 each), 9h and 9s (1 each): 10/105 = 2/21.
    found = both.outs("9s 9h Kd", wild=None, rules="bga")
    assert [(str(out.card), out.copies) for out in found] == [
        ("Jk", 4),
        ("9c", 2),
        ("9d", 2),
        ("9h", 1),
        ("9s", 1),
    ]
    assert all(str(out.discard) == "Kd" for out in found)
    assert found.probability == Fraction(2, 21)


def test_dead_outs_are_listed_with_no_chance() -> None:
    # Unseen: 9c 9c 9s 3h Kd (5 cards). Outs 9c (2/5) and 9s (1/5): 3/5; 9d and 9h
    # are outs too, but none is unseen.
    found = both.outs("9s 9h 4h", wild=None, unseen="9c 9c 9s 3h Kd")
    assert [(str(out.card), out.copies, out.probability) for out in found] == [
        ("9c", 2, Fraction(2, 5)),
        ("9s", 1, Fraction(1, 5)),
        ("9d", 0, 0),
        ("9h", 0, 0),
    ]
    assert found.probability == Fraction(3, 5)
    nothing = both.outs("9s 9h 4h", wild=None, unseen="")
    assert (len(nothing), nothing.unseen, nothing.probability) == (4, 0, 0)


def test_a_melded_hand_goes_out_with_any_card() -> None:
    # 4h 5h and a wild 7c are a run already: whatever is drawn, some discard goes out.
    found = both.outs("4h 5h 7c", wild=7)
    assert len(found) == 52
    assert found.probability == 1
    # Drawing 3h: 3h 4h 5h 7c; discarding any of them goes out, and the tie-break
    # keeps the wild card and lets the dearest natural card go, the 5h.
    three = next(out for out in found if str(out.card) == "3h")
    assert str(three.discard) == "5h"


def test_draw_advice_worked_out_by_hand() -> None:
    # 9s 9h 4h, top of the discard pile Kd, the stock one of 9c 2d Kd.
    # Take Kd: discard Kd, left 9 + 9 + 4 = 22.
    # Stock: 9c goes out (0); 2d: discard a 9, left 9 + 4 + 2 = 15; Kd: 22.
    # Expected (0 + 15 + 22) / 3 = 37/3 < 22: draw from the stock.
    advice = both.draw_advice("9s 9h 4h", discard_top="Kd", wild=None, unseen="9c 2d Kd")
    assert advice.choice == "stock"
    assert advice.discard.expected_score == 22
    assert advice.discard.out_probability == 0
    assert advice.stock.expected_score == Fraction(37, 3)
    assert advice.stock.out_probability == Fraction(1, 3)
    assert [
        (str(d.card), d.copies, d.probability, str(d.discard), d.score, d.goes_out)
        for d in advice.stock.draws
    ] == [
        ("9c", 1, Fraction(1, 3), "4h", 0, True),
        ("2d", 1, Fraction(1, 3), "9s", 15, False),
        ("Kd", 1, Fraction(1, 3), "Kd", 22, False),
    ]


def test_draw_advice_with_weights() -> None:
    # As above, with 9c weighing 2: masses 2, 1, 1 of 4. Expected 15/4 + 22/4 = 37/4;
    # out 2/4 = 1/2.
    advice = both.draw_advice(
        "9s 9h 4h", discard_top="Kd", wild=None, unseen="9c 2d Kd", weights={"9c": 2}
    )
    assert advice.stock.expected_score == Fraction(37, 4)
    assert advice.stock.out_probability == Fraction(1, 2)
    # A float weight is taken exactly: 2d weighs 0.5, masses 1, 1/2, 1 of 5/2:
    # expected (15 / 2 + 22) / (5 / 2) = 59/5, out 2/5.
    by_float = both.draw_advice(
        "9s 9h 4h", discard_top="Kd", wild=None, unseen="9c 2d Kd", weights={Card.parse("2d"): 0.5}
    )
    assert by_float.stock.expected_score == Fraction(59, 5)
    assert by_float.stock.out_probability == Fraction(2, 5)
    assert [d.weight for d in by_float.stock.draws] == [1, Fraction(1, 2), 1]
    # The same weights as 53 numbers (a list or an array).
    vector = [1.0] * 53
    vector[Card.parse("2d").code] = 0.5
    for weights in (vector, np.array(vector)):
        again = both.draw_advice(
            "9s 9h 4h", discard_top="Kd", wild=None, unseen="9c 2d Kd", weights=weights
        )
        assert again == by_float
    # A card weighing 0 is never drawn, and its copies still show.
    no_nine = both.draw_advice(
        "9s 9h 4h", discard_top="Kd", wild=None, unseen="9c 2d Kd", weights={"9c": 0}
    )
    assert no_nine.stock.out_probability == 0
    assert no_nine.stock.expected_score == Fraction(37, 2)
    assert (no_nine.stock.draws[0].copies, no_nine.stock.draws[0].probability) == (1, 0)


def test_draw_advice_default_unseen_leaves_out_the_hand_and_the_top() -> None:
    # 9s 9h 4h with 9c on the discard pile: 104 - 4 = 100 unseen; the 9s left are
    # 9c x1, 9d x2, 9h x1, 9s x1: 5/100 = 1/20 to go out from the stock.
    advice = both.draw_advice("9s 9h 4h", discard_top="9c", wild=None)
    assert advice.choice == "discard"
    assert advice.discard.draws[0].goes_out
    assert str(advice.discard.draws[0].discard) == "4h"
    assert advice.stock.out_probability == Fraction(1, 20)
    assert sum(d.copies for d in advice.stock.draws) == 100


FREE = dataclasses.replace(PAGAT, card_values=(0,) * 13)
"""Every card costs 0 left over: every expected score is 0, so the chances decide."""


@pytest.mark.parametrize(
    ("top", "unseen", "choice"),
    [
        ("9c", "2d Kd", "discard"),  # the discard goes out, the stock cannot
        ("Kd", "9c 2d", "stock"),  # the discard cannot go out, the stock may (1/2)
        ("Kd", "2d Kc", "stock"),  # a tie on both: the stock shows nothing
        ("9c", "9d", "stock"),  # both go out for sure: a tie, the stock
    ],
)
def test_draw_advice_ties(top: str, unseen: str, choice: str) -> None:
    advice = both.draw_advice("9s 9h 4h", discard_top=top, wild=None, rules=FREE, unseen=unseen)
    assert advice.discard.expected_score == advice.stock.expected_score == 0
    assert advice.choice == choice


# -- bad input ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        (
            {"unseen": "9s 9s"},
            tt.InvalidHandError,
            "3 copies of 9s in the hand and unseen, but 2 decks hold only 2",
        ),
        (
            {"unseen": "Jk"},
            tt.InvalidHandError,
            "a joker in the hand and unseen, but these rules have no jokers",
        ),
        (
            {"unseen": [0] * 52},
            tt.InvalidHandError,
            r"unseen has 53 entries \(52 cards, then the jokers\), not 52",
        ),
        ({"unseen": np.zeros(54, dtype=np.uint8)}, tt.InvalidHandError, r"not shape \(54,\)"),
        (
            {"unseen": [0] * 52 + [-1]},
            tt.InvalidHandError,
            r"unseen: entry 52 \(Jk\) is negative: -1",
        ),
        ({"unseen": "9s 7x"}, tt.InvalidCardError, "unknown suit 'x' in '7x'"),
        ({"rules": "nope"}, tt.InvalidRulesError, "unknown preset 'nope'"),
        ({"wild": 14}, tt.InvalidWildError, "bad wild rank 14"),
    ],
)
def test_outs_refuses_bad_input(
    kwargs: dict[str, object], error: type[Exception], message: str
) -> None:
    arguments: dict[str, object] = {"wild": None, **kwargs}
    with pytest.raises(error, match=message):
        both.outs("9s 9h 4h", **arguments)  # type: ignore[arg-type]


def test_outs_refuses_a_bad_hand() -> None:
    with pytest.raises(tt.InvalidHandError, match="3 copies of 9s in '9s 9s 9s'"):
        both.outs("9s 9s 9s", wild=None)
    twenty = " ".join(f"{rank}{suit}" for rank in "23456789" for suit in "cdh")[:59]
    hand = tt.parse_hand(twenty)
    assert len(hand) == 20
    with pytest.raises(tt.InvalidHandError, match="with the card drawn at most 20 are supported"):
        both.outs(hand, wild=None)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"discard_top": "9x"}, tt.InvalidCardError, "unknown suit 'x' in '9x'"),
        ({"discard_top": 5}, tt.InvalidCardError, "discard_top is a card, not 5"),
        (
            {"discard_top": "9s", "hand": "9s 9s 4h"},
            tt.InvalidHandError,
            "3 copies of 9s in the hand and the discard pile's top",
        ),
        (
            {"discard_top": "Jk"},
            tt.InvalidHandError,
            "a joker in the hand and the discard pile's top",
        ),
        (
            {"discard_top": "9c", "unseen": "9c 9c"},
            tt.InvalidHandError,
            "3 copies of 9c in the hand, the discard pile's top and unseen",
        ),
        (
            {"unseen": ""},
            tt.InvalidHandError,
            "there is nothing to draw from the stock: no card is unseen",
        ),
        (
            {"unseen": [0] * 53},
            tt.InvalidHandError,
            "there is nothing to draw from the stock: no card is unseen",
        ),
        (
            {"unseen": "2d", "weights": {"2d": 0}},
            tt.InvalidHandError,
            "nothing to draw from the stock: every unseen card weighs 0",
        ),
        ({"weights": {"2d": -1}}, tt.ThreeThirteenError, "the weight of 2d must be from 0, not -1"),
        (
            {"weights": {"2d": float("nan")}},
            tt.ThreeThirteenError,
            "the weight of 2d must be a finite number, not nan",
        ),
        (
            {"weights": {"2d": "1"}},
            tt.ThreeThirteenError,
            "the weight of 2d must be an int, a Fraction or a float, not '1'",
        ),
        (
            {"weights": {"2d": True}},
            tt.ThreeThirteenError,
            "the weight of 2d must be an int, a Fraction or a float, not True",
        ),
        ({"weights": {7: 1}}, tt.InvalidCardError, "a weight is given for a card, not for 7"),
        ({"weights": [1] * 52}, tt.ThreeThirteenError, "weights are 53 numbers .* not 52"),
        ({"weights": np.ones(3)}, tt.ThreeThirteenError, "weights are 53 numbers .* not 3"),
    ],
)
def test_draw_advice_refuses_bad_input(
    kwargs: dict[str, object], error: type[Exception], message: str
) -> None:
    arguments: dict[str, object] = {"hand": "9s 9h 4h", "discard_top": "Kd", "wild": None, **kwargs}
    hand = arguments.pop("hand")
    with pytest.raises(error, match=message):
        both.draw_advice(hand, **arguments)  # type: ignore[arg-type]


# -- values: repr, str, to_dict -----------------------------------------------------------


def test_outs_values_print_and_serialise() -> None:
    found = both.outs("9s 9h 4h", wild=None, unseen="9c 9c 9s 3h Kd")
    assert (
        str(found) == "outs: 9cx2 9sx1 9dx0 9hx0; next stock card an out: 3/5 (60.0% of 5 unseen)"
    )
    assert str(found.outs[1]) == "9s (discard 4h): 1 unseen, 1/5"
    assert (
        eval(repr(found), {"Card": Card, "Fraction": Fraction, **vars(tt), **vars(draw_advice)})
        == found
    )
    data = json.loads(json.dumps(found.to_dict()))
    assert data == {
        "outs": [
            {
                "card": "9c",
                "discard": "4h",
                "copies": 2,
                "probability": "2/5",
                "probability_float": 0.4,
            },
            {
                "card": "9s",
                "discard": "4h",
                "copies": 1,
                "probability": "1/5",
                "probability_float": 0.2,
            },
            {
                "card": "9d",
                "discard": "4h",
                "copies": 0,
                "probability": "0",
                "probability_float": 0.0,
            },
            {
                "card": "9h",
                "discard": "4h",
                "copies": 0,
                "probability": "0",
                "probability_float": 0.0,
            },
        ],
        "unseen": 5,
        "probability": "3/5",
        "probability_float": 0.6,
    }
    assert found.cards == tuple(Card.parse(text) for text in ("9c", "9s", "9d", "9h"))


def test_draw_advice_values_print_and_serialise() -> None:
    advice = both.draw_advice(
        "9s 9h 4h", discard_top="Kd", wild=None, unseen="9c 2d Kd", weights={"9c": 2}
    )
    assert str(advice) == (
        "take Kd from the discard pile, discard Kd: score 22\n"
        "draw from the stock: expected score 37/4 (9.25), goes out 1/2 (50.0%)\n"
        "advice: stock"
    )
    assert (
        eval(repr(advice), {"Card": Card, "Fraction": Fraction, **vars(tt), **vars(draw_advice)})
        == advice
    )
    data = json.loads(json.dumps(advice.to_dict()))
    assert data["choice"] == "stock"
    assert data["discard"] == {
        "source": "discard",
        "expected_score": "22",
        "expected_score_float": 22.0,
        "out_probability": "0",
        "out_probability_float": 0.0,
        "draws": [
            {
                "card": "Kd",
                "copies": 1,
                "weight": "1",
                "weight_float": 1.0,
                "probability": "1",
                "probability_float": 1.0,
                "discard": "Kd",
                "score": 22,
                "goes_out": False,
            }
        ],
    }
    stock = data["stock"]
    assert (stock["expected_score"], stock["expected_score_float"]) == ("37/4", 9.25)
    assert (stock["out_probability"], stock["out_probability_float"]) == ("1/2", 0.5)
    assert [
        (d["card"], d["weight"], d["probability"], d["score"], d["goes_out"])
        for d in stock["draws"]
    ] == [
        ("9c", "2", "1/2", 0, True),
        ("2d", "1", "1/4", 15, False),
        ("Kd", "1", "1/4", 22, False),
    ]
