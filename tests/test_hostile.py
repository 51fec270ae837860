"""Hostile input: every public function and constructor refuses bad input with the
library's own error (a :class:`~threethirteen.ThreeThirteenError`), a short message
that names the bad value, and never a hang, a crash or a silent coercion.

Hypothesis throws garbage of every type and size at every argument of every entry
point; the cases the issue lists are checked one by one, with their messages. The
calls that could hang run in one subprocess (per backend) under a time limit.
"""

from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import threethirteen as tt
from tests.common import IMPLEMENTATIONS
from threethirteen._kernel import backend as _backend
from threethirteen.hands.encoding import PADDING

from .conftest import examples

PAGAT = tt.Rules.preset("pagat")
HAND = "9s 9h 9d 4h 5h 6c"
LONGEST_MESSAGE = 200


# An unknown variation's message lists the valid names (about 190 characters): the
# list is fixed, so only the rest of the message is held to the limit.
VALID_VARIATIONS = "; valid: " + ", ".join(tt.VARIATIONS)


def refused(call: Callable[[], object]) -> tt.ThreeThirteenError | None:
    """Call; return the library's error if it raised one (any other exception fails
    the test), after checking that its message is short and not empty."""
    try:
        call()
    except tt.ThreeThirteenError as error:
        message = str(error).replace(VALID_VARIATIONS, "; valid: ...")
        assert 0 < len(message) <= LONGEST_MESSAGE, message[:1000]
        return error
    return None


# -- hostile values ------------------------------------------------------------------

ODD_ARRAYS = [
    np.zeros((2, 3, 4), dtype=np.int8),
    np.array([], dtype=np.int64),
    np.array(5),
    np.array(["9s", "9h"]),
    np.zeros((2, 53), dtype=np.float32),
    np.full(53, 300, dtype=np.int64),
    np.full((1, 53), 2**40, dtype=np.int64),
    np.full(53, 1.5),
    np.zeros(53, dtype=bool),
    np.array([None, "9s", 3], dtype=object),
    np.zeros((3, 0), dtype=np.int8),
    np.full((2, 5), 99, dtype=np.int8),
    np.full((2, 5), -7, dtype=np.int64),
    np.array([[1 + 2j]]),
    np.full((1, 30), 5, dtype=np.int8),
]

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([0, -1, 1, 2, 6, 13, 52, 53, 255, 256, 2**31, 2**63, 10**12, 10**4000]),
    st.floats(),
    st.binary(max_size=20),
    st.text(max_size=30),
    st.text(alphabet="0123456789\u0663\u0664\u0661\u06f5\u0966\u0967_+-= ", max_size=8),
    st.sampled_from(
        [
            "",
            "9s",
            "9s 9h 9d",
            "Jk",
            "pagat",
            "jokers",
            "aces-high=\u0663",
            "x" * 5000,
            "9s " * 2000,
            "\x00\ufe0f",
            "\u0661",  # ARABIC-INDIC DIGIT ONE
            "9s=Jk",
            "Jk=9s",
        ]
    ),
    st.builds(object),
    st.sampled_from(
        [np.int64(6), np.uint8(3), np.int8(-1), np.float64(1.5), np.bool_(True), np.str_("9s")]
    ),
    st.sampled_from(ODD_ARRAYS),
)

HOSTILE = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.tuples(inner, inner),
        st.dictionaries(st.sampled_from(["cards", "stands_for", "wild", "x", "Jk"]), inner),
    ),
    max_leaves=8,
)


def meld_data() -> dict[str, Any]:
    return {"cards": ["9s", "9h", "9d"], "stands_for": ["9s", "9h", "9d"], "wild": [False] * 3}


def melding_data(**given: Any) -> dict[str, Any]:
    return {"melds": [meld_data()], "deadwood": ["Kd"], "score": 10, **given}


def analyses(function: Callable[..., object]) -> list[Callable[[Any], object]]:
    """Each argument of a function of (hand, round, wild=, rules=), made hostile in turn."""
    return [
        lambda x: function(x, wild=6),
        lambda x: function(HAND, wild=x),
        lambda x: function(HAND, wild=6, rules=x),
        lambda x: function(HAND, x, wild=6),
    ]


def batches(function: Callable[..., object]) -> list[Callable[[Any], object]]:
    return [
        lambda x: function(x, wild=6),
        lambda x: function([HAND], x, wild=6),
        lambda x: function([HAND], wild=x),
        lambda x: function([HAND], wild=6, rules=x),
        lambda x: function([HAND], wild=6, threads=x),
    ]


ENTRY_POINTS: dict[str, list[Callable[[Any], object]]] = {
    "parse_hand": [tt.parse_hand, lambda x: tt.parse_hand(HAND, rules=x)],
    "parse_card": [tt.parse_card],
    "Card": [tt.Card],
    "Card.parse": [tt.Card.parse],
    "Card.of": [lambda x: tt.Card.of(x, "s"), lambda x: tt.Card.of(9, x)],
    "Hand": [tt.Hand, lambda x: tt.Hand([x])],
    "Hand.from_codes": [tt.Hand.from_codes, lambda x: tt.Hand.from_codes([x])],
    "Hand.parse": [tt.Hand.parse],
    "Meld.parse": [tt.Meld.parse],
    "Meld.from_dict": [
        tt.Meld.from_dict,
        lambda x: tt.Meld.from_dict({**meld_data(), "cards": x}),
        lambda x: tt.Meld.from_dict({**meld_data(), "stands_for": x}),
        lambda x: tt.Meld.from_dict({**meld_data(), "wild": x}),
        lambda x: tt.Meld.from_dict({**meld_data(), "wild": [False, False, x]}),
    ],
    "Melding.from_dict": [
        tt.Melding.from_dict,
        lambda x: tt.Melding.from_dict(melding_data(melds=x)),
        lambda x: tt.Melding.from_dict(melding_data(melds=[x])),
        lambda x: tt.Melding.from_dict(melding_data(deadwood=x)),
        lambda x: tt.Melding.from_dict(melding_data(score=x)),
    ],
    "Rules": [
        lambda x: tt.Rules(name=x),
        lambda x: tt.Rules(variations=x),
        lambda x: tt.Rules(players=x),
        lambda x: tt.Rules(decks=x),
        lambda x: tt.Rules(aces=x),
        lambda x: tt.Rules(card_values=x),
        lambda x: tt.Rules(wild_penalty=x),
        lambda x: tt.Rules(rounds=x),
        lambda x: tt.Rules(first_out_bonus=x),
        lambda x: tt.Rules(layoff=x),
    ],
    "Rules.preset": [
        tt.Rules.preset,
        lambda x: tt.Rules.preset("pagat", x),
        lambda x: tt.Rules.preset("pagat", [x]),
        lambda x: tt.Rules.preset("pagat", players=x),
    ],
    "Rules.find": [tt.Rules.find],
    "Rules.penalty": [
        lambda x: PAGAT.penalty(x, wild=6),
        lambda x: PAGAT.penalty("9s", wild=x),
    ],
    "Rules.card_value": [PAGAT.card_value],
    "parse_wild": [tt.parse_wild],
    "wild_rank_for_cards": [tt.wild_rank_for_cards],
    "Round": [
        lambda x: tt.Round(x, 4),
        lambda x: tt.Round("pagat", x),
        lambda x: tt.Round("pagat", wild=x),
        lambda x: tt.Round("pagat", wild=6, dealt=x),
        lambda x: tt.Round("pagat", 4, wild=x),
        lambda x: tt.Round("pagat", 4, implementation=x),
        lambda x: tt.Round.for_hand_size("pagat", x),
        lambda x: tt.Round.for_hand_size(x, 6),
        lambda x: tt.Round("pagat", 4).holds_drawn(x),
        lambda x: tt.Round("pagat", 4).penalty(x),
        lambda x: tt.Round("pagat", 4).is_wild(x),
    ],
    "verify_meld": [
        lambda x: tt.verify_meld(x, wild=6),
        lambda x: tt.verify_meld("9s 9h 9d", wild=x),
        lambda x: tt.verify_meld("9s 9h 9d", wild=6, rules=x),
        lambda x: tt.verify_meld("9s 9h 9d", x, wild=6),
    ],
    "is_valid_meld": [
        lambda x: tt.is_valid_meld(x, wild=6),
        lambda x: tt.is_valid_meld("9s 9h 9d", wild=x),
        lambda x: tt.is_valid_meld("9s 9h 9d", x, wild=6),
    ],
    "is_out": analyses(tt.is_out),
    "best_melds": analyses(tt.best_melds),
    "deadwood_score": analyses(tt.deadwood_score),
    "can_go_out": analyses(tt.can_go_out),
    "best_discard": analyses(tt.best_discard),
    "discards": analyses(tt.discards),
    "outs": [
        *analyses(tt.outs),
        lambda x: tt.outs("9s 9h 4h", wild=None, unseen=x),
    ],
    "stock_outlook": [
        *analyses(tt.stock_outlook),
        lambda x: tt.stock_outlook("9s 9h 4h", wild=None, unseen=x),
    ],
    "draw_advice": [
        lambda x: tt.draw_advice(x, discard_top="Kd", wild=6),
        lambda x: tt.draw_advice(HAND, discard_top=x, wild=6),
        lambda x: tt.draw_advice(HAND, discard_top="Kd", wild=x),
        lambda x: tt.draw_advice(HAND, discard_top="Kd", wild=6, rules=x),
        lambda x: tt.draw_advice(HAND, discard_top="Kd", wild=6, unseen=x),
        lambda x: tt.draw_advice(HAND, discard_top="Kd", wild=6, weights=x),
        lambda x: tt.draw_advice(HAND, discard_top="Kd", wild=6, weights={"9c": x}),
    ],
    "layoff": [
        lambda x: tt.layoff(x, ["10c 10d 10s"], wild=None),
        lambda x: tt.layoff("10h Kd", x, wild=None),
        lambda x: tt.layoff("10h Kd", [x], wild=None),
        lambda x: tt.layoff("10h Kd", ["10c 10d 10s"], wild=x),
        lambda x: tt.layoff("10h Kd", ["10c 10d 10s"], wild=None, rules=x),
    ],
    "check_melds": [
        lambda x: tt.check_melds(x, ["9s 9h 9d"], wild=None),
        lambda x: tt.check_melds(HAND, x, wild=None),
        lambda x: tt.check_melds(HAND, [x], wild=None),
        lambda x: tt.check_melds(HAND, ["9s 9h 9d"], wild=x),
        lambda x: tt.check_melds(HAND, ["9s 9h 9d"], wild=None, rules=x),
    ],
    "check_hand": [lambda x: tt.check_hand(x, "pagat"), lambda x: tt.check_hand(HAND, x)],
    "encode_hands": [tt.encode_hands, lambda x: tt.encode_hands([HAND], width=x)],
    "deadwood_scores": batches(tt.deadwood_scores),
    "best_discards": batches(tt.best_discards),
    "go_out_flags": batches(tt.go_out_flags),
    "discard_scores": batches(tt.discard_scores),
    "count_vector": [tt.count_vector],
    "count_vectors": [tt.count_vectors],
    "hand_from_counts": [
        tt.hand_from_counts,
        lambda x: tt.hand_from_counts([x] + [0] * 52),
    ],
    "unseen_cards": [tt.unseen_cards, lambda x: tt.unseen_cards("pagat", seen=x)],
    "as_bot": [tt.as_bot],
    "make_bot": [
        tt.make_bot,
        lambda x: tt.make_bot("random", seed=x),
        lambda x: tt.make_bot("search", seed=x),
        lambda x: tt.make_bot(tt.AdvisorBot, seed=x),
    ],
    "play": [
        tt.play,
        lambda x: tt.play([x, "greedy"], seed=1),
        lambda x: tt.play(["greedy", "greedy"], rules=x, seed=1),
        lambda x: tt.play(["greedy", "greedy"], players=x, seed=1),
        lambda x: tt.play(["greedy", "greedy"], seed=x, max_turns=5),
        lambda x: tt.play(["greedy", "greedy"], seed=1, max_turns=x),
        lambda x: tt.play(["greedy", "greedy"], seed=1, variations=x),
    ],
    "tournament": [
        lambda x: tt.tournament(x, games=2, seed=1),
        lambda x: tt.tournament(["greedy", "random"], games=2, rules=x, seed=1, max_turns=5),
        lambda x: tt.tournament(["greedy", "random"], games=2, seed=x, max_turns=5),
        lambda x: tt.tournament(["greedy", "random"], games=2, players=x, seed=1, max_turns=5),
        lambda x: tt.tournament(["greedy", "random"], games=2, seed=1, duplicate=x, max_turns=5),
        lambda x: tt.tournament(["greedy", "random"], games=2, seed=1, executor=x, max_turns=5),
        lambda x: tt.tournament(["greedy", "random"], games=2, seed=1, chunk_size=x, max_turns=5),
        lambda x: tt.tournament(["greedy", "random"], games=2, seed=1, progress=x, max_turns=5),
        lambda x: tt.tournament(["greedy", "random"], games=2, seed=1, move_time=x, max_turns=5),
        lambda x: tt.tournament(["greedy", "random"], games=2, seed=1, on_error=x, max_turns=5),
        lambda x: tt.tournament(["greedy", "random"], games=2, seed=1, keep_games=x, max_turns=5),
        lambda x: tt.tournament(["greedy", "random"], games=2, seed=1, records=x, max_turns=5),
        lambda x: tt.tournament(["greedy", "random"], games=2, seed=1, resume=x, max_turns=5),
        lambda x: tt.tournament(["greedy", "random"], games=2, seed=1, verify=x, max_turns=5),
        lambda x: tt.tournament(["greedy", "random"], games=2, seed=1, isolate=x, max_turns=5),
    ],
    "match": [
        lambda x: tt.match(x, seed=1, max_deals=2, max_turns=5),
        lambda x: tt.match(["greedy", "random"], margin0=x, seed=1, max_deals=2, max_turns=5),
        lambda x: tt.match(["greedy", "random"], margin1=x, seed=1, max_deals=2, max_turns=5),
        lambda x: tt.match(["greedy", "random"], alpha=x, seed=1, max_deals=2, max_turns=5),
        lambda x: tt.match(["greedy", "random"], beta=x, seed=1, max_deals=2, max_turns=5),
        lambda x: tt.match(["greedy", "random"], seed=x, max_deals=2, max_turns=5),
        lambda x: tt.match(["greedy", "random"], seed=1, max_deals=2, max_turns=x),
        lambda x: tt.match(["greedy", "random"], seed=1, max_deals=2, move_time=x, max_turns=5),
        lambda x: tt.match(["greedy", "random"], seed=1, max_deals=2, isolate=x, max_turns=5),
    ],
    "game_seed": [
        lambda x: tt.game_seed(x, 0),
        lambda x: tt.game_seed(1, x),
        lambda x: tt.game_seed(1, 0, players=x),
    ],
    "bot_name": [tt.bot_name],
}

SLOTS = [(name, index) for name, calls in ENTRY_POINTS.items() for index in range(len(calls))]


def test_every_public_function_is_driven() -> None:
    functions = {
        name
        for name in dir(tt)
        if not name.startswith("_") and inspect.isfunction(getattr(tt, name))
    }
    assert functions <= set(ENTRY_POINTS)
    assert "Round" in ENTRY_POINTS


@pytest.mark.parametrize(("name", "index"), SLOTS, ids=[f"{n}-{i}" for n, i in SLOTS])
@settings(max_examples=examples(20))
@given(value=HOSTILE)
def test_hostile_values_are_refused_cleanly(name: str, index: int, value: object) -> None:
    refused(lambda: ENTRY_POINTS[name][index](value))


NASTY = [
    None,
    0,
    -1,
    53,
    2**70,
    1.5,
    float("nan"),
    True,
    b"9s",
    "",
    "x" * 500,
    "9s " * 1500,
    object(),
    [None],
    [[]],
    {"cards": 1},
    *ODD_ARRAYS,
]


@pytest.mark.parametrize(("name", "index"), SLOTS, ids=[f"{n}-{i}" for n, i in SLOTS])
def test_nasty_values_are_refused_cleanly(name: str, index: int) -> None:
    """Every argument of every entry point, each of a fixed list of nasty values."""
    for value in NASTY:
        refused(lambda: ENTRY_POINTS[name][index](value))  # noqa: B023


# -- the cases of the issue, one by one ----------------------------------------------

H = tt.parse_hand("9s 9h 9d")

WRONG_CLASS = [
    (
        lambda: tt.best_melds(None, wild=6),
        tt.InvalidHandError,
        "a hand is a Hand, a string or a list of cards, not None",
    ),
    (lambda: tt.best_melds(5, wild=6), tt.InvalidHandError, "a list of cards, not 5"),
    (
        lambda: tt.deadwood_scores(None, wild=6),
        tt.InvalidHandError,
        "hands is a list of hands or an array, not None",
    ),
    (
        lambda: tt.deadwood_scores("9s 9h", wild=6),
        tt.InvalidHandError,
        "wrap a single hand in a list",
    ),
    (
        lambda: tt.Rules.preset("pagat", None),
        tt.InvalidRulesError,
        "variations must be a list of names, not None",
    ),
    (
        lambda: tt.layoff(H, None, wild=6),
        tt.InvalidMeldError,
        "table_melds must be a list, not None",
    ),
    (
        lambda: tt.check_melds(H, None, wild=6),
        tt.InvalidMeldError,
        "melds must be a list, not None",
    ),
    (
        lambda: tt.outs(H, wild=6, unseen=5),
        tt.InvalidHandError,
        "unseen is a hand, a string or a count vector of 53, not 5",
    ),
    (lambda: tt.unseen_cards("pagat", seen=5), tt.InvalidHandError, "seen must be a list, not 5"),
    (
        lambda: tt.encode_hands(["9s"], width="5"),
        tt.ThreeThirteenError,
        "width must be an int, not '5'",
    ),
    (
        lambda: tt.encode_hands(["9s"], width=10**12),
        tt.ThreeThirteenError,
        "width must be from 0 to 1000, not 1000000000000",
    ),
    (lambda: tt.Hand.from_codes(["a"]), tt.InvalidCardError, "a card code must be an int, not 'a'"),
    (
        lambda: tt.Meld.parse(None),
        tt.InvalidMeldError,
        r"a meld is written as a string such as '4h 5h 6h', not None",
    ),
    (
        lambda: tt.Meld.from_dict(
            {"cards": [47, 34, 21], "stands_for": [47, 34, 21], "wild": [False] * 3}
        ),
        tt.InvalidMeldError,
        "a card is text such as '9s', not 47 in a meld's data",
    ),
    (
        lambda: PAGAT.penalty(47, wild=6),
        tt.InvalidCardError,
        "a card is a Card or text such as '9s', not 47",
    ),
    (lambda: PAGAT.penalty("9x", wild=6), tt.InvalidCardError, "unknown suit 'x' in '9x'"),
    (lambda: PAGAT.card_value(None), tt.InvalidCardError, "a rank must be an int, not None"),
    (lambda: tt.Card.of(9, None), tt.InvalidCardError, "no card of rank 9 and suit None"),
    (lambda: tt.Card.parse(9), tt.InvalidCardError, "a card is text such as '9s', not 9"),
    (lambda: tt.Hand(5), tt.InvalidHandError, "a Hand is made of Cards, not 5"),
]

SILENT = [
    (lambda: tt.Hand.from_codes([1.5]), tt.InvalidCardError, "a card code must be an int, not 1.5"),
    (
        lambda: tt.Hand.from_codes([True]),
        tt.InvalidCardError,
        "a card code must be an int, not True",
    ),
    (lambda: tt.Card(True), tt.InvalidCardError, "a card code must be an int, not True"),
    (lambda: tt.Card(np.float64(5.0)), tt.InvalidCardError, "a card code must be an int, not"),
    (
        lambda: tt.deadwood_scores([HAND], wild=6, threads=1.5),
        tt.ThreeThirteenError,
        "threads must be an int, not 1.5",
    ),
    (
        lambda: tt.deadwood_scores([HAND], wild=6, threads="2"),
        tt.ThreeThirteenError,
        "threads must be an int, not '2'",
    ),
    (
        lambda: tt.go_out_flags([HAND], wild=6, threads=True),
        tt.ThreeThirteenError,
        "threads must be an int, not True",
    ),
    (
        lambda: tt.best_discards([HAND], wild=6, threads=10**6),
        tt.ThreeThirteenError,
        "threads must be at most 256, not 1000000",
    ),
    (
        lambda: tt.Rules.preset("pagat", ["aces-high=\u0663"]),
        tt.InvalidRulesError,
        "variation 'aces-high' must be an int, not '\u0663'",
    ),
    (
        lambda: tt.Rules.preset("pagat", ["aces-high=1_000"]),
        tt.InvalidRulesError,
        "variation 'aces-high' must be an int, not '1_000'",
    ),
    (
        lambda: tt.Rules.preset("pagat", ["false-out= 5"]),
        tt.InvalidRulesError,
        "variation 'false-out' must be an int, not ' 5'",
    ),
    (
        lambda: tt.draw_advice("9s 9h 4h", discard_top="Kd", wild=None, weights={"Jk": 2}),
        tt.InvalidCardError,
        "a weight is given for Jk, but these rules have none",
    ),
    (
        lambda: tt.Melding.from_dict(melding_data(deadwood=[], score=7)),
        tt.InvalidHandError,
        "a melding's score of 7 is impossible: a melding without deadwood scores 0",
    ),
    (
        lambda: tt.Melding.from_dict(melding_data(score=-1)),
        tt.InvalidHandError,
        "a melding's score is at least 0, not -1",
    ),
    (
        lambda: tt.Melding.from_dict(melding_data(score=10**7)),
        tt.InvalidHandError,
        "a melding's score of 10000000 is impossible: 1 cards of deadwood cost at most 1000000",
    ),
    (
        lambda: tt.Melding.from_dict(melding_data(score="10")),
        tt.InvalidHandError,
        "a melding's score must be an int, not '10'",
    ),
    (
        lambda: tt.Meld.from_dict({**meld_data(), "wild": [False, False, "no"]}),
        tt.InvalidMeldError,
        "a meld's wild flag is true or false, not 'no'",
    ),
    (
        lambda: tt.Meld.from_dict({**meld_data(), "wild": [0, 0, 0]}),
        tt.InvalidMeldError,
        "a meld's wild flag is true or false, not 0",
    ),
    (
        lambda: tt.Rules.preset("pagat", players=100),
        tt.InvalidRulesError,
        "the 'pagat' preset is for 2 to 16 players, not 100",
    ),
    (lambda: tt.Rules(players=17), tt.InvalidRulesError, "players must be from 2 to 16, not 17"),
    (
        lambda: tt.hand_from_counts([256] + [0] * 52),
        tt.InvalidHandError,
        r"a count vector: entry 0 \(Ac\) is 256: a count is at most 255",
    ),
    (
        lambda: tt.hand_from_counts([255] * 4 + [0] * 49),
        tt.InvalidHandError,
        "a count vector of 1020 cards: a hand holds at most 1000",
    ),
]


@pytest.mark.parametrize(("call", "error", "message"), WRONG_CLASS + SILENT)
def test_listed_cases_raise_the_library_error(
    call: Callable[[], object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        call()
    refused(call)


def test_a_long_input_is_quoted_short() -> None:
    garbage = "9s 7x " + "y" * 100_000
    with pytest.raises(tt.InvalidCardError) as caught:
        tt.parse_hand(garbage)
    assert str(caught.value) == (
        "unknown suit 'x' in '7x' (card 2 of '9s 7x yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy"
        "...' (100006 characters))"
    )
    with pytest.raises(tt.InvalidCardError) as caught:
        tt.parse_card("z" * 100_000)
    assert str(caught.value) == (
        "not a card: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz...' (100000 characters)"
    )
    with pytest.raises(tt.InvalidWildError) as caught:
        tt.best_melds(HAND, wild=list(range(10**5)))
    assert str(caught.value).startswith("bad wild rank [0, 1, 2, 3, 4, 5, ...]: give A")


def test_numpy_integers_are_taken_where_ints_are() -> None:
    assert tt.Card(np.int64(5)) == tt.Card(5)
    assert type(tt.Card(np.uint8(5)).code) is int
    codes = tt.encode_hands(["9s 9h Jk", "Ac"])
    assert [tt.Hand.from_codes(row) for row in codes] == [
        tt.parse_hand("9s 9h Jk"),
        tt.parse_hand("Ac"),
    ]
    assert tt.Hand.from_codes([47, PADDING, 34]) == tt.parse_hand("9s 9h")
    assert tt.hand_from_counts([np.int64(1)] + [np.uint8(0)] * 51 + [np.int8(2)]) == (
        tt.parse_hand("Ac Jk Jk")
    )
    assert tt.deadwood_score(HAND, wild=np.int64(6)) == tt.deadwood_score(HAND, wild=6)
    assert tt.deadwood_scores([HAND], wild=6, threads=np.int64(2)).tolist() == [0]
    assert tt.Rules.preset("family", players=np.int64(5)).decks == 3
    assert tt.wild_rank_for_cards(np.int16(11)) == 11
    assert PAGAT.penalty("9h", wild=6) == PAGAT.penalty(tt.Card.parse("9h"), wild=6) == 9
    assert tt.draw_advice(
        "9s 9h 4h", discard_top="Kd", wild=None, weights={"Ac": np.int64(2)}
    ).stock.draws[0].weight == Fraction(2)


# -- calls that could hang: one subprocess per backend, under a time limit ----------

HANG_PRONE = {
    "players": (
        "tt.Rules.preset('pagat', players=10**9)",
        "InvalidRulesError",
        "the 'pagat' preset is for 2 to 16 players, not 1000000000",
    ),
    "huge count": (
        "tt.hand_from_counts([2**40] + [0] * 52)",
        "InvalidHandError",
        "a count vector: entry 0 (Ac) is 1099511627776: a count is at most 255",
    ),
    "million copies": (
        "tt.count_vector(tt.hand_from_counts([10**6] + [0] * 52))",
        "InvalidHandError",
        "a count vector: entry 0 (Ac) is 1000000: a count is at most 255",
    ),
    "million tokens": (
        "tt.best_melds(' '.join(['9s'] * 10**6), wild=6)",
        "InvalidHandError",
        "a hand holds at most 1000 cards, not '9s 9s 9s 9s 9s 9s 9s 9s 9s 9s 9s 9s 9s 9s 9s 9s 9s...' (2999999 characters)",
    ),
    "long garbage": (
        "tt.parse_hand('x' * 10**7)",
        "InvalidCardError",
        "not a card: 'xxxxxxxxxxxxxxxxx...' (card 1 of 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (10000000 characters))",
    ),
    "many seen": (
        "tt.unseen_cards('pagat', seen=['9s'] * 10**6)",
        "InvalidHandError",
        "seen holds more than 1000 items",
    ),
    "endless hand": (
        "tt.parse_hand(itertools.repeat('9s'))",
        "InvalidHandError",
        "a hand holds at most 1000 cards",
    ),
    "endless Hand": (
        "tt.Hand(itertools.repeat(tt.Card(0)))",
        "InvalidHandError",
        "a hand holds at most 1000 cards",
    ),
    "endless codes": (
        "tt.Hand.from_codes(itertools.repeat(0))",
        "InvalidHandError",
        "a hand holds at most 1000 cards",
    ),
    "endless melds": (
        "tt.check_melds('9s 9h 9d', itertools.repeat('9s 9h 9d'), wild=None)",
        "InvalidMeldError",
        "melds holds more than 1000 items",
    ),
    "endless table": (
        "tt.layoff('9s', itertools.repeat('9c 9d 9h'), wild=None)",
        "InvalidMeldError",
        "table_melds holds more than 1000 items",
    ),
    "endless variations": (
        "tt.Rules.preset('pagat', itertools.repeat('jokers'))",
        "InvalidRulesError",
        "more than 64 variations",
    ),
    "long meld": (
        "tt.Meld.parse('9s ' * 10**6)",
        "InvalidMeldError",
        "a meld holds at most 1000 cards, not '9s 9s 9s 9s 9s 9s 9s 9s 9s 9s 9s 9s 9s 9s 9s 9s 9s...' (3000000 characters)",
    ),
    "long number": (
        "tt.Rules.preset('pagat', ['aces-high=' + '9' * 10**6])",
        "InvalidRulesError",
        "variation 'aces-high' must be an int, not '99999999999999999999999999999999999999999999999999...' (1000000 characters)",
    ),
    "huge wild": (
        "tt.best_melds('9s', wild=10**100000)",
        "InvalidWildError",
        "bad wild rank an int of 332193 bits: give A, 2-10, J, Q, K (or 1-13), or None for no wild rank",
    ),
    "wide batch": (
        "tt.encode_hands(['9s'] * 10, width=10**12)",
        "InvalidInputError",
        "width must be from 0 to 1000, not 1000000000000",
    ),
}

SCRIPT = """
import itertools, json, sys, time
import threethirteen as tt
results = {}
for name, code in json.loads(sys.argv[1]).items():
    start = time.perf_counter()
    try:
        eval(code)
        results[name] = ["returned", "", 0.0]
    except Exception as error:
        results[name] = [type(error).__name__, str(error)[:1000], 0.0]
    results[name][2] = time.perf_counter() - start
print(json.dumps(results))
"""


@pytest.mark.parametrize("backend", IMPLEMENTATIONS)
def test_calls_that_could_hang_fail_fast(backend: str) -> None:
    codes = {name: code for name, (code, _, _) in HANG_PRONE.items()}
    environment = {**os.environ, _backend.ENVIRONMENT_VARIABLE: backend}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, json.dumps(codes)],
        capture_output=True,
        text=True,
        timeout=20,
        env=environment,
        check=True,
    )
    results = json.loads(done.stdout)
    for name, (_, error, message) in HANG_PRONE.items():
        kind, text, seconds = results[name]
        assert (name, kind, text) == (name, error, message)
        assert len(text) <= LONGEST_MESSAGE, name
        assert seconds < 5, (name, seconds)
