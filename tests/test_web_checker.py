"""The hand checker's routes (``/api/check``, ``/api/check/rules``): the README's hand
with its actual melds, deadwood and discards; the outs and the advice; the rules'
selectors; bad input as a 400 with the library's message; and the answers compared
with the brute-force reference of the tests on random hands."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import threethirteen as tt
from tests.conftest import examples
from tests.reference import is_valid_meld, reference_can_go_out, reference_discard_scores
from tests.strategies import pool
from tests.web_support import get_json, running_server
from threethirteen.web.checker import check_hand_data
from threethirteen.web.server import RunningServer


@pytest.fixture(scope="module")
def server() -> Iterator[RunningServer]:
    with running_server() as running:
        yield running


def test_the_readme_hand_of_round_4(server: RunningServer) -> None:
    status, data = get_json(server, "/api/check", hand="9s 9h 9d 4h 5h 6c 7d", round="4")
    assert status == 200
    assert data["round"] == 4
    assert data["round_assumed"] is False
    assert data["cards_dealt"] == 6
    assert data["wild"] == "6"
    assert data["holds_drawn"] is True
    assert sorted(data["hand"]) == sorted(["9s", "9h", "9d", "4h", "5h", "6c", "7d"])
    assert data["hand_wild"][data["hand"].index("6c")] is True
    assert sum(data["hand_wild"]) == 1
    assert data["melds"] == [
        {
            "kind": "set",
            "cards": ["9d", "9h", "9s"],
            "stands_for": ["9d", "9h", "9s"],
            "wild": [False, False, False],
        },
        {
            "kind": "run",
            "cards": ["4h", "5h", "6c"],
            "stands_for": ["4h", "5h", "6h"],
            "wild": [False, False, True],
        },
    ]
    assert data["deadwood"] == ["7d"]
    assert data["deadwood_wild"] == [False]
    assert data["score"] == 7
    assert data["go_out"] is True
    assert data["go_out_discard"] == "7d"
    assert data["discards"][:3] == [
        {"card": "7d", "score": 0, "goes_out": True},
        {"card": "5h", "score": 11, "goes_out": False},
        {"card": "4h", "score": 12, "goes_out": False},
    ]
    scores = [item["score"] for item in data["discards"]]
    assert scores == sorted(scores)
    assert sorted(item["card"] for item in data["discards"]) == sorted(set(data["hand"]))
    assert "outs" not in data


def test_the_query_as_the_page_writes_it(server: RunningServer) -> None:
    # /check?hand=9s+9h+9d...: the plus signs of a shared address are spaces.
    status, data = get_json(server, "/api/check?hand=9s+9h+9d+4h+5h+6c+7d&round=4&rules=pagat")
    assert status == 200
    assert data["go_out_discard"] == "7d"


def test_a_hand_before_the_draw_has_its_outs_and_advice(server: RunningServer) -> None:
    status, data = get_json(server, "/api/check", hand="9s 9h 9d 4h 5h 7d", round="4", top="6h")
    assert status == 200
    assert data["holds_drawn"] is False
    assert data["score"] == 16
    assert data["deadwood"] == ["7d", "4h", "5h"]
    assert "discards" not in data
    assert "go_out" not in data
    outs = data["outs"]
    assert [(out["card"], out["discard"]) for out in outs["outs"]] == [
        ("6c", "7d"),
        ("6d", "7d"),
        ("3h", "7d"),
        ("6h", "7d"),
        ("6s", "7d"),
    ]
    assert outs["unseen"] == 98
    assert outs["probability"] == "5/49"
    advice = data["advice"]
    assert advice["choice"] == "discard"
    assert advice["top"] == "6h"
    assert advice["discard"]["expected_score"] == "0"
    assert advice["discard"]["out_probability"] == "1"
    assert advice["stock"]["expected_score"] == "1226/97"
    assert "draws" not in advice["stock"]


def test_the_round_from_the_hand_size_is_said(server: RunningServer) -> None:
    status, data = get_json(server, "/api/check", hand="9s 9h 9d 4h 5h 6c 7d")
    assert status == 200
    assert (data["round"], data["round_assumed"], data["other_round"]) == (5, True, 4)
    assert data["wild"] == "7"
    assert data["holds_drawn"] is False


def test_drawn_says_which_round_a_size_means(server: RunningServer) -> None:
    hand = "9s 9h 9d 4h 5h 6c 7d"
    status, data = get_json(server, "/api/check", hand=hand, drawn="yes")
    assert status == 200
    assert (data["round"], data["round_assumed"], data["holds_drawn"]) == (4, True, True)
    assert data["go_out_discard"] == "7d"
    status, data = get_json(server, "/api/check", hand=hand, drawn="no")
    assert (status, data["round"], data["holds_drawn"]) == (200, 5, False)
    status, data = get_json(server, "/api/check", hand=hand, drawn="no", round="4")
    assert status == 400
    assert data["error"] == "round 4 deals 6 cards: a hand of 7 holds the card drawn"
    status, data = get_json(server, "/api/check", hand="9s 9h", drawn="yes")
    assert status == 400
    assert data["error"] == "no round of these rules deals 1 card (a hand of 2 with the card drawn)"
    status, data = get_json(server, "/api/check", hand=hand, drawn="maybe")
    assert (status, data["error"]) == (400, "drawn must be 'yes' or 'no', not 'maybe'")


def test_rules_variations_and_wild(server: RunningServer) -> None:
    status, data = get_json(
        server, "/api/check", hand="Jk 9h 9d 4h 5h 6h 2c", round="4", variations="jokers"
    )
    assert status == 200
    assert data["rules"] == {"preset": "pagat", "variations": ["jokers"]}
    assert data["go_out"] is True
    assert data["go_out_discard"] == "2c"
    assert data["hand_wild"][data["hand"].index("Jk")] is True
    status, data = get_json(
        server, "/api/check", hand="9s 9h 9d 4h 5h 6c 7d", round="4", wild="none"
    )
    assert status == 200
    assert data["wild"] is None
    assert data["go_out"] is False
    assert data["score"] == 22  # 9s 9h 9d melded; 4h 5h 6c 7d left over
    assert data["discards"][0] == {"card": "7d", "score": 15, "goes_out": False}


def test_the_rules_route(server: RunningServer) -> None:
    status, data = get_json(server, "/api/check/rules")
    assert status == 200
    assert [item["name"] for item in data["presets"]] == list(tt.PRESETS)
    assert [item["name"] for item in data["variations"]] == list(tt.VARIATIONS)
    jokers = next(item for item in data["variations"] if item["name"] == "jokers")
    assert jokers["takes_value"] is False
    assert len(data["rounds"]) == 11
    assert data["rounds"][0] == {"number": 1, "cards": 3, "wild": "3"}
    assert data["rounds"][10] == {"number": 11, "cards": 13, "wild": "K"}
    status, data = get_json(server, "/api/check/rules", rules="pagat", variations="longer-game")
    assert status == 200
    assert len(data["rounds"]) == 13
    assert data["rounds"][12] == {"number": 13, "cards": 15, "wild": "2"}


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"hand": "9s 9x", "round": "4"}, "unknown suit 'x' in '9x' (card 2 of '9s 9x')"),
        ({"hand": "9s 9h 9d", "rules": "pagt"}, "unknown preset 'pagt'; valid: pagat,"),
        ({"hand": "9s 9h 9d", "variations": "jokrs"}, "unknown variation 'jokrs'; valid:"),
        ({"hand": "9s 9h 9d", "round": "14"}, "no round 14: these rules play rounds 1 to 11"),
        ({"hand": "9s 9h 9d", "round": "four"}, "the round must be an int, not 'four'"),
        ({"hand": "9s 9h 9d 4h", "round": "4"}, "hand has 4 cards; round 4 deals 6 (7 with"),
        ({"hand": "Jk 9s 9h", "round": "1"}, "a joker in"),
        ({"hand": "9s " * 200, "round": "1"}, "a hand must be at most 400 characters, not 600"),
        ({"round": "1"}, "the parameter 'hand' is missing"),
    ],
)
def test_bad_input_is_a_400_with_the_message(
    server: RunningServer, query: dict[str, str], message: str
) -> None:
    status, data = get_json(server, "/api/check", **query)
    assert status == 400
    assert data["error"].startswith(message), data


def test_a_hostile_query_is_never_a_500(server: RunningServer) -> None:
    for hand in ["", "<script>alert(1)</script>", "\u0000", "9s" * 100, "%zz"]:
        status, data = get_json(server, "/api/check", hand=hand, round="1")
        assert status == 400, (hand, data)
        assert isinstance(data["error"], str)
    status, data = get_json(server, "/api/check/rules", variations="x" * 5000)
    assert status == 400
    assert data["error"] == "variations must be at most 400 characters, not 5000"


_PAGAT = tt.Rules.preset("pagat")
_CARDS = pool(_PAGAT)


@settings(max_examples=examples(40))
@given(st.integers(1, 5), st.randoms(use_true_random=False))
def test_the_answer_agrees_with_the_reference(number: int, random: object) -> None:
    round_ = tt.Round(_PAGAT, number)
    assert round_.dealt is not None
    cards = random.sample(_CARDS, round_.dealt + 1)  # type: ignore[attr-defined]
    text = " ".join(str(card) for card in cards)
    data = check_hand_data(text, round_text=str(number))
    wild = round_.wild
    # every card is in one meld or the deadwood, each meld valid
    laid = [card for meld in data["melds"] for card in meld["cards"]] + data["deadwood"]
    assert Counter(laid) == Counter(str(card) for card in cards)
    for meld in data["melds"]:
        assert is_valid_meld([tt.Card.parse(card) for card in meld["cards"]], wild, _PAGAT)
    scores = reference_discard_scores(cards, wild, _PAGAT)
    assert {item["card"]: item["score"] for item in data["discards"]} == {
        str(card): score for card, score in scores.items()
    }
    assert data["go_out"] == reference_can_go_out(cards, wild, _PAGAT)
    if data["go_out"]:
        assert scores[tt.Card.parse(data["go_out_discard"])] == 0
