"""The command line: every option and error in-process, the documented examples, and
real runs of the installed command and of ``python -m threethirteen``."""

from __future__ import annotations

import io
import json
import os
import random
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import threethirteen as tt
from tests.cli_run import Result, Run
from threethirteen.cli import check as cli_check
from threethirteen.cli import main as cli
from threethirteen.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
ISSUE_HAND = "9s 9h 9d 4h 5h 6c 7d"


def lines(*items: str) -> str:
    return "".join(item + "\n" for item in items)


# -- one hand -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        pytest.param(
            [ISSUE_HAND, "--round", "4"],
            [
                "pagat, round 4: 6 cards + 1 drawn, wild rank 6",
                "hand:     6♣ 7♦ 9♦ 4♥ 5♥ 9♥ 9♠",
                "melds:    [9♦ 9♥ 9♠] [4♥ 5♥ 6♣=6♥]",
                "deadwood: 7♦",
                "score:    7",
                "go out:   yes, discard 7♦",
                "discards: 7♦ 0, 5♥ 11, 4♥ 12, 9♠ 16, 9♥ 16, 9♦ 16, 6♣ 16",
            ],
            id="card drawn",
        ),
        pytest.param(
            ["9s 9h 9d 4h 5h 6c", "--round", "4"],
            [
                "pagat, round 4: 6 cards, wild rank 6",
                "hand:     6♣ 9♦ 4♥ 5♥ 9♥ 9♠",
                "melds:    [9♦ 9♥ 9♠] [4♥ 5♥ 6♣=6♥]",
                "deadwood: -",
                "score:    0",
            ],
            id="as dealt",
        ),
        pytest.param(
            ["9s 9h 8d 4h Kc", "--round", "2"],
            [
                "pagat, round 2: 4 cards + 1 drawn, wild rank 4",
                "hand:     K♣ 8♦ 4♥ 9♥ 9♠",
                "melds:    [9♥ 9♠ 4♥=9♣]",
                "deadwood: K♣ 8♦",
                "score:    18",
                "go out:   no, best discard K♣ leaves 8",
                "discards: K♣ 8, 8♦ 10, 9♠ 31, 9♥ 31, 4♥ 36",
            ],
            id="cannot go out",
        ),
        pytest.param(
            [ISSUE_HAND, "--round", "4", "--ascii"],
            [
                "pagat, round 4: 6 cards + 1 drawn, wild rank 6",
                "hand:     6c 7d 9d 4h 5h 9h 9s",
                "melds:    [9d 9h 9s] [4h 5h 6c=6h]",
                "deadwood: 7d",
                "score:    7",
                "go out:   yes, discard 7d",
                "discards: 7d 0, 5h 11, 4h 12, 9s 16, 9h 16, 9d 16, 6c 16",
            ],
            id="ascii",
        ),
        pytest.param(
            ["9s 6h", "--wild", "6"],
            [
                "pagat, wild rank 6",
                "hand:     6♥ 9♠",
                "melds:    -",
                "deadwood: 6♥ 9♠",
                "score:    15",
            ],
            id="wild rank, any size",
        ),
    ],
)
def test_text_report(run: Run, argv: list[str], expected: list[str]) -> None:
    assert run(*argv) == Result(0, lines(*expected), "")


def test_cards_as_separate_words_and_options_between_them(run: Run) -> None:
    quoted = run(ISSUE_HAND, "--round", "4")
    assert run(*ISSUE_HAND.split(), "--round", "4") == quoted
    assert run("9s", "9h", "--round", "4", "9d", "4h 5h", "6c", "7d") == quoted


def test_wild_rank_names(run: Run) -> None:
    assert run("Qh Kh Ah", "--wild", "none").out.splitlines()[0] == "pagat, no wild rank"
    assert run("Qh Kh Ah", "--wild", "None").out.splitlines()[0] == "pagat, no wild rank"
    assert run("Qh Kh Ah", "--wild", "q").out.splitlines()[0] == "pagat, wild rank Q"
    assert run("Qh Kh Ah", "--wild", "11").out.splitlines()[0] == "pagat, wild rank J"


def test_wild_rank_replaces_the_rounds(run: Run) -> None:
    result = run("9s 9h 9d 4h 5h 6c", "--round", "4", "--wild", "none")
    assert result.out.splitlines()[0] == "pagat, round 4: 6 cards, no wild rank"
    assert result.out.splitlines()[3:5] == ["deadwood: 6♣ 4♥ 5♥", "score:    15"]


def test_round_assumed_from_the_hand_size(run: Run) -> None:
    assert run(ISSUE_HAND).out.splitlines()[0] == (
        "pagat, round 5 (assumed from the hand size): 7 cards, wild rank 7"
    )
    fourteen = "Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc Kd"
    assert run(fourteen).out.splitlines()[0] == (
        "pagat, round 11 (assumed from the hand size): 13 cards + 1 drawn, wild rank K"
    )
    assert run("7c 7d 7h 8s", "--variation", "up-and-back").out.splitlines()[0] == (
        "pagat with up-and-back, round 2 (assumed from the hand size; round 21 deals 4 too):"
        " 4 cards, wild rank 4"
    )


def test_an_assumed_round_is_noted_on_standard_error(run: Run) -> None:
    result = run("9s 9h 9d 4h 5h 6c")
    assert result.status == 0
    assert result.err == (
        "threethirteen: note: round 4 assumed from the hand size (6 cards);"
        " give --round to choose\n"
    )
    assert result.out.splitlines()[0] == (
        "pagat, round 4 (assumed from the hand size): 6 cards, wild rank 6"
    )
    json_run = run("9s 9h 9d 4h 5h 6c", "--json")
    assert json_run.err == result.err
    assert json.loads(json_run.out)["round_assumed"] is True
    for given in (["--round", "4"], ["--wild", "6"]):  # nothing assumed, nothing noted
        assert run("9s 9h 9d 4h 5h 6c", *given).err == ""


def test_an_assumed_round_is_noted_once_a_hand_size_on_lines(run: Run) -> None:
    stdin = lines("9s 9h 9d", "9s 9h 9d 4h", "Qs Qh Qd", "Qs Qh Qd Kc")
    result = run("-", stdin=stdin)
    assert result.status == 0
    assert len(result.out.splitlines()) == 4
    assert result.err == lines(
        "threethirteen: note: line 1: round 1 assumed from the hand size (3 cards);"
        " give --round to choose",
        "threethirteen: note: line 2: round 2 assumed from the hand size (4 cards);"
        " give --round to choose",
    )


@pytest.mark.parametrize(
    ("hand", "message", "drawn"),
    [
        (ISSUE_HAND, "a hand of 7 cards is round 5 as dealt or round 4 with the card drawn", "4"),
        (
            "9s 9h 9d 4h",
            "a hand of 4 cards is round 2 as dealt or round 1 with the card drawn",
            "1",
        ),
    ],
)
def test_check_asks_for_the_round_when_the_size_reads_two_ways(
    run: Run, hand: str, message: str, drawn: str
) -> None:
    assert run(hand, "--check") == Result(
        2, "", f"threethirteen: error: {message}; give --round for --check\n"
    )
    assert run(hand, "--check", "--json").status == 2
    assert run(hand, "--check", "--round", drawn) == run(hand, "--round", drawn)  # out: 0


def test_check_without_a_round_where_the_size_reads_one_way(run: Run) -> None:
    """3 cards are only round 1 as dealt; 14 only round 11 with the card drawn."""
    result = run("9s 9h 9d", "--check")
    assert (result.status, result.err.startswith("threethirteen: note: round 1 assumed")) == (
        0,
        True,
    )
    fourteen = "Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc Kd"
    assert run(fourteen, "--check").status == 0
    assert run("9s 9h 9d", "--check", "--wild", "3").status == 0  # a wild rank reads one way


def test_check_on_lines_asks_for_the_round_per_line(run: Run) -> None:
    result = run("-", "--check", "--json", stdin=lines("9s 9h 9d", ISSUE_HAND))
    assert result.status == 1
    assert [json.loads(line) for line in result.out.splitlines()][1] == {
        "line": 2,
        "error": "a hand of 7 cards is round 5 as dealt or round 4 with the card drawn;"
        " give --round for --check",
    }


def test_rules_variations_and_players(run: Run) -> None:
    result = run("Qh Kh Jk 7c 7d 7s", "--rules", "bga", "--round", "4")
    assert result.out.splitlines()[:3] == [
        "bga, round 4: 6 cards, wild rank 6",
        "hand:     7♣ 7♦ Q♥ K♥ 7♠ ★",
        "melds:    [7♣ 7♦ 7♠] [Q♥ K♥ ★=A♥]",
    ]
    result = run("Qh Kh Ah Jk", "--variation", "jokers", "--variation", "aces-high", "--wild", "2")
    assert result.out.splitlines()[0] == "pagat with jokers, aces-high, wild rank 2"
    assert result.out.splitlines()[3:] == ["deadwood: -", "score:    0"]
    assert run("9s 9s 9h", "--round", "1").status == 0
    assert run("9s 9s 9h", "--players", "2", "--round", "1") == Result(
        2, "", "threethirteen: error: 2 copies of 9s in '9h 9s 9s', but 1 deck holds only 1\n"
    )


# -- commands ------------------------------------------------------------------------------


def test_check_is_the_default_command(run: Run) -> None:
    assert run("check", ISSUE_HAND, "--round", "4") == run(ISSUE_HAND, "--round", "4")
    assert run("--round", "4", ISSUE_HAND) == run(ISSUE_HAND, "--round", "4")
    stdin = lines(ISSUE_HAND)
    assert run("check", "-", "--round", "4", stdin=stdin) == run("-", "--round", "4", stdin=stdin)


def test_commands_take_the_shared_options(run: Run) -> None:
    assert run("rules", "--color", "never", "--ascii") == run("rules")
    assert run("rounds", "--rules", "bga", "--color", "always").status == 0


def test_a_command_name_is_a_command_only_first(run: Run) -> None:
    """'rules' after a hand option is read as a card, and is not one."""
    result = run("--round", "4", "rules")
    assert result.status == 2
    assert (
        result.err == "threethirteen: error: unknown rank 'rule' in 'rules' (card 1 of 'rules')\n"
    )


# -- JSON and --check ---------------------------------------------------------------------


def test_json_for_a_hand_with_the_card_drawn(run: Run) -> None:
    result = run(ISSUE_HAND, "--round", "4", "--json")
    assert result.status == 0
    assert result.out.count("\n") == 1
    data = json.loads(result.out)
    assert data == {
        "hand": ["6c", "7d", "9d", "4h", "5h", "9h", "9s"],
        "rules": {"preset": "pagat", "variations": [], "players": None},
        "round": 4,
        "round_assumed": False,
        "cards_dealt": 6,
        "wild": "6",
        "melds": [
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
        ],
        "deadwood": ["7d"],
        "score": 7,
        "go_out": True,
        "discards": [item.to_dict(melding=False) for item in tt.discards(ISSUE_HAND, wild=6)],
    }
    assert data["discards"][0] == {"card": "7d", "score": 0, "goes_out": True}
    assert data["discards"][1] == {"card": "5h", "score": 11, "goes_out": False}
    assert [(item["card"], item["score"]) for item in data["discards"]] == [
        ("7d", 0), ("5h", 11), ("4h", 12), ("9s", 16), ("9h", 16), ("9d", 16), ("6c", 16)
    ]  # fmt: skip


def test_json_uses_the_library_shapes(run: Run) -> None:
    """A meld, a melding, a discard, a layoff and a check are written as their
    ``to_dict()``, so ``from_dict`` reads them back."""
    data = json.loads(run(ISSUE_HAND, "--round", "4", "--json").out)
    melding = tt.best_melds(ISSUE_HAND, wild=6)
    assert tt.Melding.from_dict(data) == melding
    assert [tt.Meld.from_dict(meld) for meld in data["melds"]] == list(melding.melds)
    best = tt.best_discard(ISSUE_HAND, wild=6)
    assert data["discards"][0] == best.to_dict(melding=False)
    assert set(best.to_dict()) == {"card", "score", "goes_out", "melding"}


def test_json_for_a_dealt_hand_has_no_discards(run: Run) -> None:
    result = run("Qh Kh Jk 7c 7d 10s", "--rules", "bga", "--variation", "up-and-back", "--json")
    assert json.loads(result.out) == {
        "hand": ["7c", "7d", "Qh", "Kh", "10s", "Jk"],
        "rules": {"preset": "bga", "variations": ["up-and-back"], "players": None},
        "round": 4,
        "round_assumed": True,
        "cards_dealt": 6,
        "wild": "6",
        "melds": [
            {
                "kind": "run",
                "cards": ["Qh", "Kh", "Jk"],
                "stands_for": ["Qh", "Kh", "Ah"],
                "wild": [False, False, True],
            }
        ],
        "deadwood": ["7c", "7d", "10s"],
        "score": 24,
    }


def test_json_with_only_a_wild_rank_and_always_ascii(run: Run) -> None:
    result = json.loads(run("9♠ 9♥ ★", "--wild", "none", "--variation", "jokers", "--json").out)
    assert (result["round"], result["cards_dealt"], result["wild"]) == (None, None, None)
    assert result["melds"] == [
        {
            "kind": "set",
            "cards": ["9h", "9s", "Jk"],
            "stands_for": ["9h", "9s", "9c"],
            "wild": [False, False, True],
        }
    ]


@pytest.mark.parametrize(
    ("hand", "status"),
    [
        (ISSUE_HAND, 0),  # goes out by discarding 7d
        ("9s 9h 9d 4h 5h 8c 7d", 1),  # no discard leaves every card melded
        ("9s 9h 9d 4h 5h 6c", 0),  # as dealt: fully melded
        ("9s 9h 9d 4h 5h 7d", 1),  # as dealt: 7d 4h 5h left over
    ],
)
def test_check(run: Run, hand: str, status: int) -> None:
    result = run(hand, "--round", "4", "--check")
    assert result.status == status
    assert result.out == run(hand, "--round", "4").out  # the output stays


def test_check_counts_cards_that_cost_nothing(run: Run) -> None:
    # With aces costing 0, a score of 0 is not out: the ace is still left over.
    result = run("9s 9h 9d Ac", "--round", "2", "--variation", "aces-high=0", "--check")
    assert result.status == 1
    assert result.out.splitlines()[3:] == ["deadwood: A♣", "score:    0"]
    result = run("9s 9h 9d Ac Kd", "--round", "2", "--variation", "aces-high=0", "--check")
    assert result.status == 1
    assert result.out.splitlines()[-2:] == [
        "go out:   no, best discard K♦ leaves 0",
        "discards: K♦ 0, A♣ 10, 9♠ 28, 9♥ 28, 9♦ 28",
    ]


# -- many hands: '-' ----------------------------------------------------------------------


def test_lines_from_standard_input(run: Run) -> None:
    stdin = lines("# round 4", ISSUE_HAND, "", "  9s 9h 9d 4h 5h 7d  # as dealt", "9s 9x 9d", "Kd")
    assert run("-", "--round", "4", stdin=stdin) == Result(
        1,
        lines(
            "6♣ 7♦ 9♦ 4♥ 5♥ 9♥ 9♠ | round 4: 6 cards + 1 drawn, wild rank 6"
            " | [9♦ 9♥ 9♠] [4♥ 5♥ 6♣=6♥] deadwood: 7♦ score: 7 | go out: yes, discard 7♦",
            "7♦ 9♦ 4♥ 5♥ 9♥ 9♠ | round 4: 6 cards, wild rank 6"
            " | [9♦ 9♥ 9♠] deadwood: 7♦ 4♥ 5♥ score: 16",
        ),
        lines(
            "threethirteen: error: line 5: unknown suit 'x' in '9x' (card 2 of '9s 9x 9d')",
            "threethirteen: error: line 6: hand has 1 card; round 4 deals 6 (7 with the card drawn)",
        ),
    )


def test_lines_all_good(run: Run) -> None:
    result = run("-", stdin=lines("9s 9h 9d", "Qh Kh 7c 7d 7s", "2c 3c"))
    assert result.status == 1  # '2c 3c' fits no round
    assert result.out == lines(
        "9♦ 9♥ 9♠ | round 1 (assumed from the hand size): 3 cards, wild rank 3"
        " | [9♦ 9♥ 9♠] deadwood: - score: 0",
        "7♣ 7♦ Q♥ K♥ 7♠ | round 3 (assumed from the hand size): 5 cards, wild rank 5"
        " | [7♣ 7♦ 7♠] deadwood: Q♥ K♥ score: 20",
    )
    assert run("-", stdin=lines("9s 9h 9d", "Qh Kh 7c 7d 7s")).status == 0
    assert run("-", stdin="").status == 0


def test_a_line_says_what_the_report_says(run: Run) -> None:
    """A text line finds only the best discard; it agrees with the full report."""
    rng = random.Random(4)
    pool = [str(tt.Card(code)) for code in range(52)]
    hands = [" ".join(rng.sample(pool, 7)) for _ in range(40)]
    hands += ["9s 9h 9d 4h 5h 6c 7d", "9s 9h 9d 4h 5h 6c 6d"]  # out; out with a wild to spare
    out = run("-", "--round", "4", stdin=lines(*hands)).out.splitlines()
    for hand, line in zip(hands, out, strict=True):
        report = run(hand, "--round", "4").out.splitlines()
        assert line.split(" | ")[-1] == "go out: " + report[5].removeprefix("go out:   "), hand


def test_lines_as_json(run: Run) -> None:
    result = run("-", "--json", "--ascii", stdin=lines("9s 9h 9d 4h", "", "9s 9h 9x"))
    assert result.status == 1
    records = [json.loads(line) for line in result.out.splitlines()]
    assert records == [
        {
            "hand": ["9d", "4h", "9h", "9s"],
            "rules": {"preset": "pagat", "variations": [], "players": None},
            "round": 2,
            "round_assumed": True,
            "cards_dealt": 4,
            "wild": "4",
            "melds": [
                {
                    "kind": "set",
                    "cards": ["9d", "9h", "9s", "4h"],
                    "stands_for": ["9d", "9h", "9s", "9c"],
                    "wild": [False, False, False, True],
                }
            ],
            "deadwood": [],
            "score": 0,
            "line": 1,
        },
        {"line": 3, "error": "unknown suit 'x' in '9x' (card 3 of '9s 9h 9x')"},
    ]
    assert result.err == lines(
        "threethirteen: note: line 1: round 2 assumed from the hand size (4 cards);"
        " give --round to choose",
        "threethirteen: error: line 3: unknown suit 'x' in '9x' (card 3 of '9s 9h 9x')",
    )


def test_every_line_of_json_input_has_a_line_of_output(run: Run) -> None:
    """A consumer of JSON lines sees each hand's line, good or bad, in order."""
    stdin = lines("# hands", ISSUE_HAND, "9s 9h", "", "9s 9h 9d 4h 5h 6c", "Kx")
    result = run("-", "--round", "4", "--json", stdin=stdin)
    assert result.status == 1
    records = [json.loads(line) for line in result.out.splitlines()]
    assert [record["line"] for record in records] == [2, 3, 5, 6]
    assert records[1] == {
        "line": 3,
        "error": "hand has 2 cards; round 4 deals 6 (7 with the card drawn)",
    }
    assert records[3] == {"line": 6, "error": "unknown suit 'x' in 'Kx' (card 1 of 'Kx')"}
    assert result.err == lines(
        "threethirteen: error: line 3: hand has 2 cards; round 4 deals 6 (7 with the card drawn)",
        "threethirteen: error: line 6: unknown suit 'x' in 'Kx' (card 1 of 'Kx')",
    )
    text = run("-", "--round", "4", stdin=stdin)  # text lines: errors only on stderr
    assert len(text.out.splitlines()) == 2
    assert text.err == result.err


def test_a_byte_order_mark_is_ignored(run: Run) -> None:
    """Saved by an editor that writes one: at the start of the file, or of a line."""
    expected = run("-", "--round", "1", stdin=lines("9s 9h 9d", "Kc Kd Kh"))
    assert expected.status == 0
    bom = "\ufeff"
    assert run("-", "--round", "1", stdin=lines(bom + "9s 9h 9d", bom + "Kc Kd Kh")) == expected
    assert run("-", "--round", "1", stdin=lines(bom + "# comment", "9s 9h 9d", "Kc Kd Kh")) == (
        expected
    )
    assert run(bom + "9s 9h 9d", "--round", "1") == run("9s 9h 9d", "--round", "1")


def test_lines_written_without_spaces(run: Run) -> None:
    stdin = lines("9s9h9d", "10h10dJk", "9s9x9d")
    result = run("-", "--round", "1", "--variation", "jokers", "--ascii", stdin=stdin)
    assert result.status == 1
    assert result.out.splitlines()[1].startswith("10d 10h Jk | round 1")
    assert result.err == (
        "threethirteen: error: line 3: unknown suit 'x' in '9x' (card 2 of '9s9x9d')\n"
    )


def test_lines_with_check(run: Run) -> None:
    out = lines(ISSUE_HAND, "9s 9h 9d 4h 5h 6c")
    assert run("-", "--round", "4", "--check", stdin=out).status == 0
    assert run("-", "--round", "4", "--check", stdin=out + "9s 9h 9d 4h 5h 7d\n").status == 1


def test_lines_do_not_crash_on_bytes_that_are_not_utf8(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = io.TextIOWrapper(io.BytesIO(b"9s 9h 9d\n9s \xff9h 9d\n"), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", raw)
    assert main(["-", "--ascii", "--round", "1"]) == 1
    captured = capsys.readouterr()
    assert captured.out == lines(
        "9d 9h 9s | round 1: 3 cards, wild rank 3 | [9d 9h 9s] deadwood: - score: 0"
    )
    assert captured.err == (
        "threethirteen: error: line 2: not a card: '\ufffd' (card 2 of '9s \ufffd9h 9d')\n"
    )


# -- hands written without spaces ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("9s9h9d", "9d 9h 9s"),
        ("10h10dJk", "10d 10h Jk"),
        ("TsJsQs", "10s Js Qs"),
        ("9♠9♥ 4h5h6c", "6c 4h 5h 9h 9s"),
        ("9♠\ufe0f9♥\ufe0f", "9h 9s"),
        ("jokerJK*9s", "9s Jk Jk Jk"),
        ("9s,10h10d", "10d 10h 9s"),
    ],
)
def test_cards_written_without_spaces(text: str, expected: str) -> None:
    assert str(tt.parse_hand(text)) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("9s9x9d", "unknown suit 'x' in '9x' (card 2 of '9s9x9d')"),
        ("9s 9s9h1d", "unknown rank '1' in '1d': write A for an ace (card 4 of '9s 9s9h1d')"),
        ("9s9h9", "missing suit in '9' (card 3 of '9s9h9')"),
        ("7x", "unknown suit 'x' in '7x' (card 1 of '7x')"),
        (
            "9s" + "x" * 30 + "9d",
            f"not a card: 'xxxxxxxxxxxxxxxxx...' (card 2 of '9s{'x' * 30}9d')",
        ),
        (
            "9s " + "x" * 200,
            "not a card: 'xxxxxxxxxxxxxxxxx...' (card 2 of '9s "
            + "x" * 47
            + "...' (203 characters))",
        ),
    ],
)
def test_a_run_that_is_not_cards_names_the_bad_part(text: str, message: str) -> None:
    with pytest.raises(tt.InvalidCardError) as caught:
        tt.parse_hand(text)
    assert str(caught.value) == message
    assert len(str(caught.value)) < 120


def test_card_notation_splits_one_way_only() -> None:
    """Any two card spellings written together read back as those two cards, and only
    so: there is no run of characters that two splits read as cards."""
    spellings = [
        f"{rank}{suit}" for rank in ["A", "a", "2", "9", "10", "T", "t", "J", "j", "Q", "K", "k"]
        for suit in "cdhsCDHS♣♦♥♠♧♢♡♤"
    ] + ["Jk", "jk", "JK", "joker", "Joker", "JOKER", "*", "★", "🃏", "🃟"]  # fmt: skip
    for first in spellings:
        for second in spellings:
            expected = tt.Hand([tt.Card.parse(first), tt.Card.parse(second)])
            assert tt.parse_hand(first + second) == expected, first + second


def test_two_readings_would_be_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """If a spelling were ever added that made a run split two ways, the run is an
    error, not a guess: here 'abc' reads as 'ab' + 'c' and as 'a' + 'bc'."""
    from threethirteen.hands import hand

    made_up = {"9s": 47, "ab": 0, "c": 1, "a": 2, "bc": 3}
    monkeypatch.setattr(
        hand, "read_card_token", lambda token: (made_up.get(token), f"no card {token!r}")
    )
    with pytest.raises(tt.InvalidCardError) as caught:
        tt.parse_hand("9s abc")
    assert str(caught.value) == (
        "'abc' reads as cards in more than one way: add spaces (card 2 of '9s abc')"
    )
    assert str(tt.parse_hand("9s abbc")) == "Ac 4c 9s"  # 'ab' + 'bc': one way


def test_the_command_reads_cards_without_spaces(run: Run) -> None:
    assert run("9s9h9d4h5h6c7d", "--round", "4") == run(ISSUE_HAND, "--round", "4")
    assert run("9s9x9d", "--round", "1") == Result(
        2, "", "threethirteen: error: unknown suit 'x' in '9x' (card 2 of '9s9x9d')\n"
    )


# -- rules and rounds ---------------------------------------------------------------------


def test_rules_lists_presets_and_variations(run: Run) -> None:
    result = run("rules")
    assert result.status == 0
    out = result.out.splitlines()
    assert out[0] == "presets (--rules NAME):"
    assert out[1] == "  pagat              Pagat's standard sheet: pictures 10, aces low, no jokers"
    assert out[5] == "variations (--variation NAME, repeatable; some take =VALUE):"
    assert out[6] == (
        "  aces-high          aces high or low in runs (no wrap-around);"
        " an ace left over costs 15 (=N to change)"
    )
    assert [line.split()[0] for line in out[1:5]] == list(tt.PRESETS)
    assert [line.split()[0] for line in out[6:]] == list(tt.VARIATIONS)


def test_rules_table(run: Run) -> None:
    assert run("rules", "bga") == Result(
        0,
        lines(
            "bga",
            "preset:           Board Game Arena: two decks, 4 jokers, aces high or low,"
            " wilds and jokers left over cost 50",
            "decks:            2",
            "jokers:           4",
            "aces:             high or low",
            "min set / run:    3 / 3",
            "all-wild melds:   allowed",
            "card:             A  2  3  4  5  6  7  8  9 10  J  Q  K",
            "value:           15  2  3  4  5  6  7  8  9 10 11 12 13",
            "wild left over:   50",
            "joker left over:  50",
            "rounds:           11, dealing 3 to 13 cards",
        ),
        "",
    )


def test_rules_table_with_variations_and_players(run: Run) -> None:
    out = run("rules", "pagat", "--variation", "no-all-wild-melds", "--players", "2").out
    assert out.splitlines() == [
        "pagat for 2 players with no-all-wild-melds",
        "preset:           Pagat's standard sheet: pictures 10, aces low, no jokers",
        "variation:        no-all-wild-melds: every meld needs a card that is not wild",
        "decks:            1",
        "jokers:           0",
        "aces:             low",
        "min set / run:    3 / 3",
        "all-wild melds:   not allowed",
        "card:             A  2  3  4  5  6  7  8  9 10  J  Q  K",
        "value:            1  2  3  4  5  6  7  8  9 10 10 10 10",
        "wild left over:   its usual value",
        "joker left over:  - (no jokers)",
        "rounds:           11, dealing 3 to 13 cards",
    ]
    # The rules can be named with --rules too, and options alone choose a table.
    assert run("rules", "--rules", "BGA").out == run("rules", "bga").out
    assert run("rules", "bga", "--rules", "bga").out == run("rules", "bga").out
    assert run("rules", "--players", "2").out.splitlines()[0] == "pagat for 2 players"


def test_rounds(run: Run) -> None:
    assert run("rounds") == Result(
        0,
        lines(
            "pagat: 11 rounds",
            "round  cards  wild",
            "    1      3  3",
            "    2      4  4",
            "    3      5  5",
            "    4      6  6",
            "    5      7  7",
            "    6      8  8",
            "    7      9  9",
            "    8     10  10",
            "    9     11  J",
            "   10     12  Q",
            "   11     13  K",
        ),
        "",
    )
    out = run(
        "rounds", "--rules", "bga", "--variation", "up-and-back", "--variation", "longer-game"
    )
    assert out.out.splitlines()[0] == "bga with up-and-back, longer-game: 26 rounds"
    assert out.out.splitlines()[13:17] == [
        "   12     14  A",
        "   13     15  2",
        "   14     15  2",
        "   15     14  A",
    ]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["rules", "--round", "3"], "--round does not apply to 'rules'"),
        (["rules", "--round", "0"], "--round does not apply to 'rules'"),
        (["rules", "--round=3"], "--round does not apply to 'rules'"),
        (["rounds", "--json"], "--json does not apply to 'rounds'"),
        (["rounds", "--check"], "--check does not apply to 'rounds'"),
        (["rounds", "--wild", "3"], "--wild does not apply to 'rounds'"),
        (["rounds", "--bogus"], "unrecognized arguments: --bogus"),
        (["rules", "a", "b"], "'rules' takes one NAME at most (got 'a b')"),
        (["rules", "bga", "--rules", "pagat"], "two presets named: 'bga' and --rules 'pagat'"),
        (["rounds", "bga"], "'rounds' takes no NAME (got 'bga'); use --rules NAME"),
        (
            ["rounds", "--color", "red"],
            "argument --color: invalid choice: 'red' (choose from 'auto', 'always', 'never')",
        ),
        (
            [],
            "give a hand (e.g. \"9s 9h 9d 4h 5h 6c\") or '-', or a command: check, rules, rounds, simulate, replay, review, train, play, bot, serve ('threethirteen --help' says more)",
        ),
        (
            ["check"],
            "give a hand (e.g. \"9s 9h 9d 4h 5h 6c\") or '-', or a command: check, rules, rounds, simulate, replay, review, train, play, bot, serve ('threethirteen --help' says more)",
        ),
        (["-", "9s"], "'-' reads the hands from standard input: give no cards with it"),
        (["9s 9h 9d", "--round", "three"], "argument --round: invalid int value: 'three'"),
        (["9s 9h 9d", "--colour"], "unrecognized arguments: --colour"),
        (
            ["9s 9h 9d", "--color", "red"],
            "argument --color: invalid choice: 'red' (choose from 'auto', 'always', 'never')",
        ),
        (["9s 9h 9d", "--rul", "bga"], "unrecognized arguments: --rul bga"),
    ],
)
def test_usage_errors(run: Run, argv: list[str], message: str) -> None:
    """The usage lines of the command given (``check`` for a hand), then the message."""
    usage = {
        "rules": "usage: threethirteen rules [NAME] [--variation NAME]... [--players N]\n",
        "rounds": "usage: threethirteen rounds [--rules NAME] [--variation NAME]... [--players N]\n",
    }.get(
        argv[0] if argv else "check",
        "usage: threethirteen [check] HAND [--round N | --wild RANK] [options]\n"
        "       threethirteen [check] - [--round N | --wild RANK] [options] < FILE\n",
    )
    result = run(*argv)
    assert result.status == 2
    assert result.out == ""
    assert result.err.startswith(usage)
    assert result.err.endswith(f"\nthreethirteen: error: {message}\n")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["9s 9h 7x 4h 5h 6c"], "unknown suit 'x' in '7x' (card 3 of '9s 9h 7x 4h 5h 6c')"),
        (
            ["9s 9h 1d 4h 5h 6c"],
            "unknown rank '1' in '1d': write A for an ace (card 3 of '9s 9h 1d 4h 5h 6c')",
        ),
        (
            [ISSUE_HAND + " 8d", "--round", "4"],
            "hand has 8 cards; round 4 deals 6 (7 with the card drawn)",
        ),
        (["9s 9h", "--round", "1"], "hand has 2 cards; round 1 deals 3 (4 with the card drawn)"),
        (
            ["9s 9h"],
            "hand has 2 cards; the rounds of pagat deal 3 to 13 cards (3 to 14 with the card drawn); give --wild for any other size",
        ),
        (
            [""],
            "an empty hand is no hand of any round: a round deals 3 to 13 cards",
        ),
        (
            ["9s " * 17, "--variation", "longer-game"],
            "hand has 17 cards; the rounds of pagat with longer-game deal 3 to 15 cards (3 to 16 with the card drawn); give --wild for any other size",
        ),
        (["9s 9h 9d", "--round", "12"], "no round 12: these rules play rounds 1 to 11"),
        (["9s 9h 9d", "--round", "0"], "no round 0: these rules play rounds 1 to 11"),
        (
            ["9s 9h 9d", "--wild", "X"],
            "bad wild rank 'X': give A, 2-10, J, Q, K (or 1-13), or None for no wild rank",
        ),
        (
            ["9s 9h 9d Jk", "--round", "2"],
            "a joker in '9d 9h 9s Jk', but these rules have no jokers (add the 'jokers' variation)",
        ),
        (["9s 9s 9s", "--round", "1"], "3 copies of 9s in '9s 9s 9s', but 2 decks hold only 2"),
        (
            ["9s 9h 9d", "--rules", "gin"],
            "unknown preset 'gin'; valid: pagat, wikipedia, bga, family",
        ),
        (
            ["9s 9h 9d", "--variation", "aces-high=x"],
            "variation 'aces-high' must be an int, not 'x'",
        ),
        (
            ["9s 9h 9d", "--rules", "bga", "--players", "6"],
            "the 'bga' preset is for 2 to 5 players, not 6",
        ),
        (["rules", "gin"], "unknown preset 'gin'; valid: pagat, wikipedia, bga, family"),
        (["9s " * 21, "--wild", "2"], f"21 cards in '{'9s ' * 20}9s': at most 20 are supported"),
    ],
)
def test_bad_input(run: Run, argv: list[str], message: str) -> None:
    assert run(*argv) == Result(2, "", f"threethirteen: error: {message}\n")


# -- help, version ------------------------------------------------------------------------


def test_version(run: Run) -> None:
    assert run("--version") == Result(0, f"threethirteen {tt.__version__}\n", "")


def test_help_shows_usage_commands_examples_and_exit_status(run: Run) -> None:
    result = run("--help")
    assert result.status == 0
    assert result.err == ""
    assert result.out.startswith(
        "usage: threethirteen [check] HAND [--round N | --wild RANK] [options]\n"
        "       threethirteen [check] - [--round N | --wild RANK] [options] < FILE\n"
        "       threethirteen rules [NAME] [--variation NAME]... [--players N]\n"
        "       threethirteen rounds [--rules NAME] [--variation NAME]... [--players N]\n"
    )
    commands = result.out.split("\ncommands:\n")[1].split("\n\n")[0]
    assert [line.split()[0] for line in commands.splitlines()[1:]] == [
        "check",
        "rules",
        "rounds",
        "simulate",
        "replay",
        "review",
        "train",
        "play",
        "bot",
        "serve",
    ]
    examples = result.out.split("\nexamples:\n")[1].split("\n\n")[0].splitlines()
    assert examples[0] == '  threethirteen "9s 9h 9d 4h 5h 6c 7d" --round 4'
    assert "  threethirteen rules bga" in examples
    assert "\nexit status:\n  0  success;" in result.out
    assert "'threethirteen HAND' is 'threethirteen check HAND'" in result.out
    assert run("-h").out == result.out


def test_check_help_shows_every_option(run: Run) -> None:
    result = run("check", "--help")
    assert (result.status, result.err) == (0, "")
    assert result.out.startswith(
        "usage: threethirteen [check] HAND [--round N | --wild RANK] [options]\n"
    )
    for option in ("--round N", "--wild RANK", "--rules NAME", "--variation NAME", "--players N",
                   "--outs", "--advice CARD", "--unseen CARDS", "--table MELD", "--declare MELD",
                   "--json", "--check", "--color WHEN", "--ascii"):  # fmt: skip
        assert f"  {option}" in result.out, option
    assert "\nexit status:\n  0  success;" in result.out
    assert run("9s 9h 9d", "--help").out == result.out  # a hand means 'check'


def test_rules_and_rounds_help(run: Run) -> None:
    rules = run("rules", "--help")
    assert rules.out.startswith("usage: threethirteen rules [NAME]")
    assert "  --round" not in rules.out
    assert "  --color WHEN" in rules.out
    rounds = run("rounds", "-h")
    assert rounds.out.startswith("usage: threethirteen rounds [--rules NAME]")
    assert "NAME" not in rounds.out.split("options:")[0].split("\n", 2)[2]  # no positional


def test_every_help_example_runs(run: Run) -> None:
    """The examples in --help are commands that work (a file of hands stands in for hands.txt)."""
    examples = run("--help").out.split("\nexamples:\n")[1].split("\n\n")[0].splitlines()
    for example in examples:
        words = shlex.split(example.split("&&")[0].split("<")[0])
        assert words[0] == "threethirteen"
        result = run(*words[1:], stdin=lines(ISSUE_HAND))
        # an example that goes on after '&&' says what it prints only with status 0
        assert result.status in ((0,) if "&&" in example else (0, 1)), example
        assert result.err == "", example


# -- outs and draw advice -------------------------------------------------------------------

BEFORE_DRAW = "9s 9h 4h 5h 6c 7d"
"""Round 4 (6s wild): the 9s and the wild 6c meld; 3h, a 9 or a 6 would put it out."""


def test_outs_text(run: Run) -> None:
    """Unseen 9c 3h 3h Kd: 3 of the 4 are outs (3h twice, 9c), so 3/4."""
    result = run(BEFORE_DRAW, "--round", "4", "--outs", "--unseen", "9c 3h 3h Kd", "--ascii")
    assert result.status == 0
    assert result.out.splitlines()[4:] == [
        "score:    16",
        "outs:     3h x2 (discard 7d), 9c x1 (discard 7d)",
        "dead:     6c 6d 9d 6h 9h 6s 9s (outs with no copy unseen)",
        "chance:   75.0% (3 of 4 unseen) that the next stock card is an out",
    ]


def test_outs_by_default_count_every_card_not_in_the_hand(run: Run) -> None:
    """Two decks less the 6 cards held: 98 unseen; the outs 9c 6d 9d 3h 6h 6s (2 copies
    each) and 6c 9h 9s (1 each): 15/98."""
    result = run(BEFORE_DRAW, "--round", "4", "--outs", "--ascii")
    assert result.out.splitlines()[-1] == (
        "chance:   15.3% (15 of 98 unseen) that the next stock card is an out"
    )


def test_advice_text(run: Run) -> None:
    """Taking the 9d goes out; the stock goes out 3 times in 4 and leaves 16 once: 4."""
    result = run(BEFORE_DRAW, "--round", "4", "--advice", "9d", "--unseen", "9c 3h 3h Kd")
    assert result.status == 0
    assert result.out.splitlines()[5:] == [
        "take:     9♦, then discard 7♦: goes out",
        "stock:    expected score 4.00 (4), goes out 75.0% (3 of 4 unseen)",
        "advice:   take 9♦",
    ]


def test_advice_to_draw_from_the_stock(run: Run) -> None:
    result = run(BEFORE_DRAW, "--round", "4", "--advice", "Kd", "--ascii")
    assert result.out.splitlines()[5:] == [
        "take:     Kd, then discard Kd: score 16",
        "stock:    expected score 12.01 (1165/97), goes out 15.5% (15 of 97 unseen)",
        "advice:   draw from the stock",
    ]


def test_outs_and_advice_as_json(run: Run) -> None:
    argv = [BEFORE_DRAW, "--round", "4", "--outs", "--advice", "Kd", "--json"]
    data = json.loads(run(*argv).out)
    hand = tt.parse_hand(BEFORE_DRAW)
    assert data["outs"] == tt.outs(hand, wild=6).to_dict()
    assert data["advice"] == tt.draw_advice(hand, discard_top="Kd", wild=6).to_dict()
    assert data["outs"]["probability"] == "15/98"
    assert data["advice"]["choice"] == "stock"


def test_outs_and_advice_on_lines(run: Run) -> None:
    result = run("-", "--round", "4", "--outs", "--advice", "Kd", "--ascii",
                 stdin=lines(BEFORE_DRAW, ISSUE_HAND))  # fmt: skip
    assert result.status == 1
    assert result.out == lines(
        "6c 7d 4h 5h 9h 9s | round 4: 6 cards, wild rank 6 | [9h 9s 6c=9c] deadwood: 7d 4h 5h"
        " score: 16 | outs: 9, 15.3% (15 of 98 unseen) | advice: stock"
    )
    assert result.err == (
        "threethirteen: error: line 2: --outs looks at a hand before the draw: round 4 deals"
        " 6 cards, and this hand holds 7\n"
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([ISSUE_HAND, "--round", "4", "--outs"], "--outs looks at a hand before the draw"),
        ([ISSUE_HAND, "--round", "4", "--advice", "Kd"], "--advice looks at a hand before"),
        ([BEFORE_DRAW, "--round", "4", "--advice", "9x"], "unknown suit 'x' in '9x'"),
        ([BEFORE_DRAW, "--round", "4", "--unseen", "9c"], "--unseen goes with --outs or --advice"),
        ([BEFORE_DRAW, "--round", "4", "--outs", "--unseen", "9c 7x"], "'7x'"),
        ([BEFORE_DRAW, "--round", "4", "--advice", "9h", "--unseen", "9h"], "3 copies of 9h"),
        (["rules", "--outs"], "--outs does not apply to 'rules'"),
    ],
)
def test_outs_and_advice_errors(run: Run, argv: list[str], message: str) -> None:
    result = run(*argv)
    assert result.status == 2
    assert message in result.err
    assert result.out == ""


# -- laying off and declared melds ------------------------------------------------------------


def test_table_lays_cards_off(run: Run) -> None:
    """7h 8h extend 4h 5h 6h, 10d joins the 10s; the Kc is left: 10."""
    argv = ["7h 8h Kc 10d", "--wild", "none", "--table", "4h 5h 6h", "--table", "10c 10s 10h"]
    result = run(*argv, "--ascii")
    assert result.status == 0
    assert result.out.splitlines()[5:] == [
        "lay off:  7h 8h onto meld 0; 10d onto meld 1",
        "table:    [4h 5h 6h 7h 8h] [10c 10d 10h 10s]",
        "kept:     deadwood: Kc",
        "score:    10 after laying off",
    ]
    data = json.loads(run(*argv, "--json").out)
    expected = tt.layoff("7h 8h Kc 10d", ["4h 5h 6h", "10c 10s 10h"], wild=None)
    assert data["layoff"] == expected.to_dict()
    assert data["layoff"]["score"] == 10
    # Meld numbers count from 0 in the text, the JSON and the library alike.
    assert [item["meld_index"] for item in data["layoff"]["laid_off"]] == [0, 0, 1]
    assert [item.meld_index for item in expected.laid_off] == [0, 0, 1]


def test_table_wild_laid_off_with_its_identity(run: Run) -> None:
    """A joker on a run's end stands for the next card; here it bridges to the 8h."""
    result = run("Jk 8h Kc", "--wild", "none", "--rules", "bga", "--table", "4h 5h 6h",
                 "--ascii")  # fmt: skip
    assert result.out.splitlines()[5:7] == [
        "lay off:  Jk=7h 8h onto meld 0",
        "table:    [4h 5h 6h Jk=7h 8h]",
    ]


def test_declare_reports_problems_and_a_better_melding(run: Run) -> None:
    argv = ["4s 5s 6s 6h 6d 9c", "--wild", "none", "--declare", "4s 5s 6s",
            "--declare", "6h 6d 9c", "--ascii"]  # fmt: skip
    result = run(*argv, "--check")
    assert result.status == 1
    assert result.out.splitlines()[5:] == [
        "declared: meld 1 [6h 6d 9c]: neither a set nor a run",
        "declared: deadwood 9c 6d 6h, score 21, does not go out",
        "better:   [6d 6h 6s] score: 18",
    ]
    data = json.loads(run(*argv, "--json").out)
    assert data["declared"]["problems"] == [
        {"index": 1, "meld": "6h 6d 9c", "reason": "neither a set nor a run"}
    ]
    assert data["declared"]["score"] == 21
    check = tt.check_melds("4s 5s 6s 6h 6d 9c", ["4s 5s 6s", "6h 6d 9c"], wild=None)
    assert str(check.problems[0]) == "meld 1 [6h 6d 9c]: neither a set nor a run"


def test_declare_a_valid_out_checks(run: Run) -> None:
    argv = ["9s 9h 9d 4h 5h 6c", "--round", "4", "--declare", "9s 9h 9d",
            "--declare", "4h 5h 6c=6h", "--check", "--ascii"]  # fmt: skip
    result = run(*argv)
    assert result.status == 0
    assert result.out.splitlines()[5:] == [
        "declared: every meld is valid",
        "declared: deadwood -, score 0, goes out",
    ]


def test_table_and_declare_on_lines(run: Run) -> None:
    result = run("-", "--wild", "none", "--table", "4h 5h 6h", "--declare", "7h 8h Kc",
                 "--ascii", stdin=lines("7h 8h Kc 10d"))  # fmt: skip
    assert result.out == lines(
        "Kc 10d 7h 8h | no wild rank | deadwood: Kc 10d 7h 8h score: 35 | lay off: 7h 8h,"
        " score 20 | declared: 1 invalid, score 35"
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["7h 8h", "--wild", "none", "--table", "4h 5h 7h"], "table meld '4h 5h 7h'"),
        (["7h 8h", "--wild", "none", "--table", "4h 5x 7h"], "unknown suit 'x' in '5x'"),
        (["7h 8h", "--wild", "none", "--declare", "4h 5x 7h"], "unknown suit 'x' in '5x'"),
        (["rules", "--table", "4h 5h 6h"], "--table does not apply to 'rules'"),
    ],
)
def test_table_and_declare_errors(run: Run, argv: list[str], message: str) -> None:
    result = run(*argv)
    assert result.status == 2
    assert message in result.err


# -- output: symbols, colour, pipes -------------------------------------------------------


class Terminal(io.StringIO):
    """An in-memory stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


RED = "\x1b[31m"
RESET = "\x1b[0m"


@pytest.mark.parametrize(
    ("environ", "ascii_only", "coloured"),
    [
        ({}, False, True),
        ({"NO_COLOR": ""}, False, True),  # no-color.org: set and not empty
        ({"NO_COLOR": "1"}, False, False),
        ({"TERM": "dumb"}, False, False),
        ({"TERM": "xterm-256color"}, False, True),
        ({}, True, False),
    ],
)
def test_colour_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, environ: dict[str, str], ascii_only: bool, coloured: bool
) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TERM", raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    terminal = Terminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    assert main([ISSUE_HAND, "--round", "4", *(["--ascii"] if ascii_only else [])]) == 0
    out = terminal.getvalue().splitlines()
    if coloured:
        assert out[2] == (
            f"melds:    [{RED}9♦{RESET} {RED}9♥{RESET} 9♠]"
            f" [{RED}4♥{RESET} {RED}5♥{RESET} 6♣={RED}6♥{RESET}]"
        )
        assert out[5] == f"go out:   yes, discard {RED}7♦{RESET}"
    else:
        assert RED not in terminal.getvalue()
        melds = "[9d 9h 9s] [4h 5h 6c=6h]" if ascii_only else "[9♦ 9♥ 9♠] [4♥ 5♥ 6♣=6♥]"
        assert out[2] == f"melds:    {melds}"


@pytest.mark.parametrize(
    ("environ", "color", "terminal", "coloured"),
    [
        ({}, "auto", False, False),
        ({"FORCE_COLOR": "1"}, "auto", False, True),  # force-color.org: even in a pipe
        ({"FORCE_COLOR": ""}, "auto", False, False),  # set but empty: not forced
        ({"FORCE_COLOR": "1", "TERM": "dumb"}, "auto", True, True),
        ({"FORCE_COLOR": "1", "NO_COLOR": "1"}, "auto", True, False),  # NO_COLOR wins
        ({}, "always", False, True),
        ({"NO_COLOR": "1"}, "always", False, True),  # the option beats the environment
        ({}, "never", True, False),
        ({"FORCE_COLOR": "1"}, "never", True, False),
    ],
)
def test_color_option_and_environment(
    monkeypatch: pytest.MonkeyPatch,
    environ: dict[str, str],
    color: str,
    terminal: bool,
    coloured: bool,
) -> None:
    for name in ("NO_COLOR", "FORCE_COLOR", "TERM"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    stream = Terminal() if terminal else io.StringIO()
    monkeypatch.setattr(sys, "stdout", stream)
    assert main(["9s 9h 9d", "--round", "1", "--color", color]) == 0
    melds = stream.getvalue().splitlines()[2]
    assert melds == (
        f"melds:    [{RED}9♦{RESET} {RED}9♥{RESET} 9♠]" if coloured else "melds:    [9♦ 9♥ 9♠]"
    )


def test_ascii_letters_in_colour_only_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("FORCE_COLOR", "1")
    stream = io.StringIO()
    monkeypatch.setattr(sys, "stdout", stream)
    main(["9s 9h 9d", "--round", "1", "--ascii"])
    main(["9s 9h 9d", "--round", "1", "--ascii", "--color", "always"])
    assert stream.getvalue().splitlines()[2::5] == [
        "melds:    [9d 9h 9s]",
        f"melds:    [{RED}9d{RESET} {RED}9h{RESET} 9s]",
    ]


def test_no_colour_in_json_even_when_forced(monkeypatch: pytest.MonkeyPatch, run: Run) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert "\x1b" not in run("9s 9h 9d", "--round", "1", "--json", "--color", "always").out


def test_no_colour_in_json_or_in_a_pipe(monkeypatch: pytest.MonkeyPatch, run: Run) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    terminal = Terminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    main([ISSUE_HAND, "--round", "4", "--json"])
    assert json.loads(terminal.getvalue())["hand"][1] == "7d"
    monkeypatch.undo()
    assert "\x1b" not in run(ISSUE_HAND, "--round", "4").out


def ascii_stream(monkeypatch: pytest.MonkeyPatch, name: str) -> io.BytesIO:
    """Make ``sys.<name>`` a stream whose encoding is ASCII; the bytes written to it."""
    buffer = io.BytesIO()
    monkeypatch.setattr(sys, name, io.TextIOWrapper(buffer, encoding="ascii", write_through=True))
    return buffer


def test_symbols_fall_back_to_letters_where_the_encoding_has_none(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    written = ascii_stream(monkeypatch, "stdout")
    assert main([ISSUE_HAND, "--round", "4"]) == 0
    assert written.getvalue().decode().splitlines()[2] == "melds:    [9d 9h 9s] [4h 5h 6c=6h]"


def test_error_messages_survive_an_encoding_without_the_input(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    written = ascii_stream(monkeypatch, "stderr")
    assert main(["9s ♠9"]) == 2
    assert written.getvalue() == (
        b"threethirteen: error: unknown suit '9' in '\\u26609' (card 2 of '9s \\u26609')\n"
    )


class ClosedPipe(io.StringIO):
    """Standard output whose reader has gone: every write raises BrokenPipeError."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_a_closed_pipe_ends_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines(ISSUE_HAND) * 3))
    assert main(["-", "--round", "4"]) == 141
    assert main([ISSUE_HAND, "--round", "4"]) == 141
    assert main(["--help"]) == 0  # argparse itself ignores a failed write of the help
    assert capsys.readouterr().err == ""


def test_interrupted(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    class Interrupted(io.StringIO):
        def __iter__(self) -> Interrupted:
            raise KeyboardInterrupt

    monkeypatch.setattr(sys, "stdin", Interrupted())
    assert main(["-"]) == 130
    assert capsys.readouterr() == ("", "")


# -- the discard ranking agrees with the library ------------------------------------------


@pytest.mark.parametrize(
    ("preset", "variations"),
    [
        ("pagat", ()),
        ("wikipedia", ("jokers",)),
        ("bga", ()),
        ("family", ()),
        ("pagat", ("aces-high=0", "jokers")),  # cards that cost nothing
    ],
)
def test_ranking_agrees_with_best_discard_and_can_go_out(
    preset: str, variations: tuple[str, ...]
) -> None:
    rules = tt.Rules.preset(preset, variations)
    rng = random.Random(f"{preset} {variations}")
    pool = [tt.Card(code) for code in range(52)] * 2 + [tt.Card.parse("Jk")] * rules.jokers
    # Small ranks make melds likely; then ties in the ranking are common.
    narrow = [card for card in pool if card.is_joker or card.rank in (1, 2, 3, 4, 5, 12, 13)]
    for _ in range(60):
        size = rng.choice([4, 5, 6, 7, 8])
        wild = rng.choice([None, size - 1])
        hand = tt.Hand(rng.sample(narrow, size))
        ranking = cli_check.rank_discards(hand, wild, rules)
        best = tt.best_discard(hand, wild=wild, rules=rules)
        assert ranking[0].card == best.card, hand
        assert ranking[0].score == best.melding.score, hand
        out = ranking[0].goes_out
        assert out == tt.can_go_out(hand, wild=wild, rules=rules), hand
        assert sorted(item.card for item in ranking) == sorted(set(hand.cards)), hand
        for item in ranking:
            assert item.score == tt.deadwood_score(hand.without(item.card), wild=wild, rules=rules)


# -- the documented examples -------------------------------------------------------------


@dataclass
class Example:
    """A ``$ threethirteen ...`` line of a console block, its standard input (a
    ``<<'EOF'`` here-document) and the output shown under it."""

    command: str
    stdin: list[str]
    output: list[str]


def console_examples(page: Path) -> list[Example]:
    text = page.read_text(encoding="utf-8")
    examples = []
    for block in re.findall(r"```console\n(.*?)```", text, flags=re.DOTALL):
        rows = block.splitlines()
        index = 0
        while index < len(rows):
            assert rows[index].startswith("$ "), rows[index]
            command, index = rows[index][2:], index + 1
            stdin = []
            if command.endswith("<<'EOF'"):
                command = command.removesuffix("<<'EOF'").rstrip()
                while rows[index] != "EOF":
                    stdin.append(rows[index])
                    index += 1
                index += 1
            output = []
            while index < len(rows) and not rows[index].startswith("$ "):
                output.append(rows[index])
                index += 1
            examples.append(Example(command, stdin, output))
    return examples


def run_console(example: Example, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Run a documented command in-process as a shell would show it: standard output
    and standard error in the order written. Besides the command itself it knows a
    here-document, ``> /dev/null`` and ``; echo $?``, and nothing else of the shell."""
    command = example.command
    show_status = command.endswith("; echo $?")
    command = command.removesuffix("; echo $?")
    quiet = command.endswith("> /dev/null")
    command = command.removesuffix("> /dev/null")
    words = shlex.split(command)
    assert words[0] == "threethirteen"
    assert not {"|", ">", "<", ";", "&&"} & set(words), f"unsupported shell: {example.command}"
    terminal = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines(*example.stdin)))
    monkeypatch.setattr(sys, "stdout", io.StringIO() if quiet else terminal)
    monkeypatch.setattr(sys, "stderr", terminal)
    status = main(words[1:])
    monkeypatch.undo()
    return terminal.getvalue().splitlines() + ([str(status)] if show_status else [])


CLI_PAGE = ROOT / "docs" / "cli.md"
CLI_EXAMPLES = console_examples(CLI_PAGE)


def test_the_page_has_examples_of_every_feature() -> None:
    commands = " ".join(example.command for example in CLI_EXAMPLES)
    for part in ("--round", "--wild", "--rules", "--variation", "rules", "rounds", "--check",
                 "--json", "--ascii", "threethirteen -", "echo $?", "--outs", "--advice",
                 "--unseen", "--table", "--declare", "threethirteen check ", "9s9h9d",
                 "rounds --json"):  # fmt: skip
        assert part in commands, part


@pytest.mark.parametrize("example", CLI_EXAMPLES, ids=[e.command for e in CLI_EXAMPLES])
def test_documented_example(example: Example, monkeypatch: pytest.MonkeyPatch) -> None:
    assert run_console(example, monkeypatch) == example.output


def test_readme_opens_with_the_command(monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's first command is the one-line check, and prints what it says."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = re.findall(r"```sh\n(.*?)\n```", readme, flags=re.DOTALL)[0]
    assert command.startswith("pip install . && threethirteen ")
    example = Example(command.removeprefix("pip install . && "), [], [])
    shown = re.findall(r"```text\n(.*?)\n```", readme, flags=re.DOTALL)[0]
    assert run_console(example, monkeypatch) == shown.splitlines()


# -- real runs ----------------------------------------------------------------------------


def installed_command() -> Path:
    for name in ("threethirteen", "threethirteen.exe"):
        path = Path(sys.executable).parent / name
        if path.exists():
            return path
    pytest.skip(
        f"the threethirteen command is not installed beside {sys.executable} (pip install .)"
    )


def subprocess_env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    env["PYTHONIOENCODING"] = "utf-8"
    return env


def test_installed_command() -> None:
    done = subprocess.run(
        [str(installed_command()), ISSUE_HAND, "--round", "4"],
        capture_output=True, text=True, encoding="utf-8", env=subprocess_env(), check=False,
    )  # fmt: skip
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines()[2] == "melds:    [9♦ 9♥ 9♠] [4♥ 5♥ 6♣=6♥]"


def test_python_dash_m() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "threethirteen", "9s 9h 9x", "--round", "1"],
        capture_output=True, text=True, encoding="utf-8", env=subprocess_env(), check=False,
    )  # fmt: skip
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "threethirteen: error: unknown suit 'x' in '9x' (card 3 of '9s 9h 9x')\n"


def test_a_real_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    """The reader takes one line and goes; the command stops without a traceback."""
    hands = tmp_path / "hands.txt"
    hands.write_text("9s 9h 9d\n" * 20_000)  # far more output than a pipe holds
    with hands.open("rb") as stdin:
        process = subprocess.Popen(
            [sys.executable, "-m", "threethirteen", "-", "--round", "1", "--ascii"],
            stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=subprocess_env(),
        )  # fmt: skip
        assert process.stdout is not None
        first = process.stdout.readline()
        process.stdout.close()
        _, stderr = process.communicate(timeout=60)
    assert first.startswith(b"9d 9h 9s | round 1")
    assert (process.returncode, stderr) == (141, b"")


@pytest.mark.parametrize(
    ("word", "hint"),
    [
        ("rule", " (did you mean the command 'rules'?)"),
        ("round", " (did you mean the command 'rounds'?)"),
        ("simulat", " (did you mean the command 'simulate'?)"),
    ],
)
def test_a_mistyped_command_is_named(run: Run, word: str, hint: str) -> None:
    result = run(word)
    assert result.status == 2
    assert result.err.endswith(hint + "\n"), result.err
    assert "did you mean" not in run("9s 9h 7x").err
    assert "did you mean" not in run("check", "rule").err


# -- the examples of --help ----------------------------------------------------------------


def help_examples() -> list[str]:
    return [line.strip() for line in cli.EXAMPLES.splitlines()[1:]]


def test_the_help_example_for_scripts_prints_out(tmp_path: Path) -> None:
    """``... --check && echo out``, run by a shell: the hand is out, so ``out`` shows."""
    (line,) = [example for example in help_examples() if "&& echo out" in example]
    assert line == 'threethirteen "Qh Kh Jk 7c 7d 7s" --rules bga --round 4 --check && echo out'
    command = line.replace("threethirteen", shlex.quote(str(installed_command())), 1)
    done = subprocess.run(
        ["bash", "-c", command], capture_output=True, text=True, encoding="utf-8",
        env=subprocess_env(), check=False, cwd=tmp_path,
    )  # fmt: skip
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines()[-2:] == ["score:    0", "out"]
