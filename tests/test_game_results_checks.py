"""A game's result and a fault, read back from JSON data: each field checked against
its table (``_validate.check_fields``), in the one voice of the field checks."""

from __future__ import annotations

from typing import Any

import pytest

import threethirteen as tt
from threethirteen.arena.game_results import Fault, GameResult


def a_fault() -> dict[str, Any]:
    return Fault("b", 1, 0, 1, 3, "error", "ZeroDivisionError", "", "bot 'b' raised").to_dict()


def a_result(**changes: Any) -> dict[str, Any]:
    data = GameResult(0, 7, ("a", "b"), (3, 10), ((3, 10),), (0,)).to_dict()
    data.update(changes)
    return data


def test_good_data_reads_back() -> None:
    assert Fault.from_dict(a_fault()).error_message == ""
    forfeited = a_result(forfeit=a_fault(), winners=[0])
    assert GameResult.from_dict(forfeited).forfeit == Fault.from_dict(a_fault())
    unrecorded = a_result()
    del unrecorded["record"]
    assert GameResult.from_dict(unrecorded).record is None


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"seat": True}, "a fault: seat: expected an integer, not True"),
        ({"seat": -1}, "a fault: seat: expected an integer from 0 to 2**128 - 1, not -1"),
        ({"game": "0"}, "a fault: game: expected an integer, not '0'"),
        ({"kind": "late"}, "a fault: kind: expected 'error' or 'illegal' or 'time', not 'late'"),
        ({"bot": 3}, "a fault: bot: expected a string of at most 2000 characters, not 3"),
        ({"error_type": 3}, "a fault: error_type: expected a string of at most 2000"),
        ({"extra": 1}, "a fault: unexpected field 'extra'"),
    ],
)
def test_a_bad_fault_is_refused(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(tt.InvalidRecordError) as raised:
        Fault.from_dict({**a_fault(), **changes})
    assert str(raised.value).startswith(message)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "a game's result is an object, not []"),
        ({"index": 0}, "a game's result: missing 'seed'"),
        (a_result(extra=1), "a game's result: unexpected field 'extra'"),
        (a_result(index=1.0), "a game's result: index: expected an integer, not 1.0"),
        (a_result(seed=2**128), "a game's result: seed: expected an integer from 0 to 2**128 - 1"),
        (a_result(bots=["a"]), "a game's result: bots: expected a list of 2 to 16 items, not 1"),
        (a_result(totals=[3, True]), "a game's result: totals[1]: expected an integer, not True"),
        (
            a_result(totals=[3, 10**9]),
            "a game's result: totals[1]: expected an integer from -999999999 to 999999999",
        ),
        (a_result(totals=[3, 10, 0]), "a game's result: totals: expected 2 scores, one a seat"),
        (
            a_result(round_scores=[[3, 10, 0]]),
            "a game's result: round_scores[0]: expected 2 scores, one a seat",
        ),
        (a_result(winners=[2]), "a game's result: winners: expected seats from 0 to 1, not [2]"),
        (a_result(forfeit=7), "a game's result: forfeit: expected null or an object, not 7"),
        (
            a_result(forfeit={**a_fault(), "turn": None}),
            "a game's result: forfeit: a fault: turn: expected an integer, not None",
        ),
        (a_result(record=[]), "a game's result: record: expected an object, not []"),
        (a_result(totals=[3, 11]), "a game's totals [3, 11] are not the sums of its round"),
    ],
)
def test_a_bad_game_result_is_refused(data: object, message: str) -> None:
    with pytest.raises(tt.InvalidRecordError) as raised:
        GameResult.from_dict(data)  # type: ignore[arg-type]
    assert str(raised.value).startswith(message)
