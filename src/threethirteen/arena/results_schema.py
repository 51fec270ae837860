"""The data of a tournament's results: its format (:data:`RESULTS_FORMAT`,
:data:`RESULTS_VERSION`), its fields as a table (:data:`RESULTS_FIELDS`: each
field's type and bounds, checked by :func:`threethirteen._validate.check_fields`),
and :func:`checked_results_data`, which reads data against them (a copy, checked)
and refuses, naming the field, what is not a tournament's results.

>>> checked_results_data({"format": "threethirteen-tournament", "version": True})
Traceback (most recent call last):
...
threethirteen.errors.InvalidRecordError: tournament results: version: expected an integer, ...
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from itertools import combinations
from typing import Any

from .._validate import (
    MAX_SEED,
    FieldCheck,
    FieldError,
    boolean_field,
    check_fields,
    choice_field,
    expected,
    integer_field,
    list_field,
    nullable_field,
    number_field,
    object_field,
    quote,
    string_field,
)
from ..engine.records import check_rules, record_rules
from ..errors import InvalidRecordError, ThreeThirteenError
from ..hands.rules import MAX_ROUNDS
from .game_results import Fault, GameResult
from .tournament_settings import SEATINGS

__all__ = [
    "MAX_LABEL_LENGTH",
    "MAX_RESULTS_BOTS",
    "MAX_RESULTS_INT",
    "RESULTS_FIELDS",
    "RESULTS_FORMAT",
    "RESULTS_VERSION",
    "checked_results_data",
]

RESULTS_FORMAT = "threethirteen-tournament"
"""The ``"format"`` of results data (:meth:`~threethirteen.TournamentResults.to_dict`)."""
RESULTS_VERSION = 3
"""The ``"version"`` of results data (version 2, without ``"seatings"``, is read too)."""

MAX_RESULTS_INT = MAX_SEED
"""The bound of every integer in results data: from 0 to ``2**128 - 1`` for the seed,
the counts (games, wins, samples) and the sums of squares; from ``-(2**128 - 1)`` for
the sums (of totals, round scores and margins)."""
MAX_RESULTS_BOTS = 1000
"""The most bots results data names (their pairs' margins are kept: about half a
million of them)."""
MAX_LABEL_LENGTH = 1000
"""The most characters of a bot's name in results data."""

_WHAT = "tournament results"
"""What every message about results data starts with."""


def _invalid(where: str, what: str, value: object) -> InvalidRecordError:
    return InvalidRecordError(f"{_WHAT}: {expected(where, what, value)}")


def _rules(value: object, where: str) -> None:
    """The rules as a game record writes them, rules that can be made."""
    try:
        check_rules(value, where)
        assert isinstance(value, Mapping)
        record_rules(value)
    except ThreeThirteenError as error:
        raise FieldError(str(error)) from None


def _fault(value: object, where: str) -> None:
    if not isinstance(value, Mapping):
        raise expected(where, "an object", value)
    try:
        Fault.from_dict(value)
    except InvalidRecordError as error:
        raise FieldError(f"{where}: {error}") from None


def _game_results(value: object, where: str) -> None:
    if value is None:
        return
    if not isinstance(value, list):
        raise expected(where, "null or a list", value)
    for index, item in enumerate(value):
        try:
            GameResult.from_dict(item)
        except InvalidRecordError as error:
            raise FieldError(f"{where}[{index}]: {error}") from None


_COUNT = integer_field(0, MAX_RESULTS_INT)
_SUM = integer_field(-MAX_RESULTS_INT, MAX_RESULTS_INT)
_BOT = integer_field(0, MAX_RESULTS_BOTS - 1)
_ROUND_LIST = (1, MAX_ROUNDS)  # a list a round

RESULTS_FIELDS: dict[str, FieldCheck] = {
    "bots": list_field(string_field(MAX_LABEL_LENGTH), 2, MAX_RESULTS_BOTS),
    "rules": _rules,
    "seed": integer_field(0, MAX_SEED),
    "games": _COUNT,
    "duplicate": boolean_field,
    "seatings": choice_field(*SEATINGS),
    "rounds": integer_field(*_ROUND_LIST),
    "move_time": nullable_field(number_field(0, 10**9, above_low=True)),  # seconds
    "faults": list_field(_fault, 0, 3 * MAX_RESULTS_BOTS),
    "game_results": _game_results,
    "stats": list_field(
        object_field(
            {
                "games": _COUNT,
                "wins": _COUNT,
                "forfeits": _COUNT,
                "samples": _COUNT,
                "sample_sum": _SUM,
                "sample_squares": _COUNT,
                "win_sum": _COUNT,
                "win_squares": _COUNT,
                "round_sums": list_field(_SUM, *_ROUND_LIST),
                "round_counts": list_field(_COUNT, *_ROUND_LIST),
            }
        ),
        2,
        MAX_RESULTS_BOTS,
    ),
    "pairs": list_field(
        object_field(
            {
                "bots": list_field(_BOT, 2, 2),
                "games": _COUNT,
                "samples": _COUNT,
                "margin_sum": _SUM,
                "margin_squares": _COUNT,
                "score_sum": _COUNT,
                "score_squares": _COUNT,
            }
        ),
        1,
        math.comb(MAX_RESULTS_BOTS, 2),
    ),
}
"""The fields of results data after ``format`` and ``version``, each with its check
(of its type and bounds): the table :func:`_check_values` goes through."""


def _check_values(data: object) -> None:
    """Check every field of results data against :data:`RESULTS_FIELDS` (types and
    bounds; lists' lengths before their items, so no work is done on oversized or
    deeply nested data: the copy after would overflow the stack), then what the
    figures need to agree: a stats entry a bot, a pairs entry for each pair of bots,
    a sum and a count a round, no more wins than games. Data that is no object, of
    another format or version, or missing a field is left to
    :func:`checked_results_data` to refuse, once ``format`` is text and ``version``
    an int (not 1.0, not true)."""
    if not isinstance(data, Mapping):
        return
    if not isinstance(data.get("format"), str):  # (a numpy array compares oddly)
        raise _invalid("format", repr(RESULTS_FORMAT), data.get("format"))
    if data["format"] != RESULTS_FORMAT:
        return
    if type(data.get("version")) is not int:  # (1.0 and true are not 1)
        raise _invalid("version", "an integer", data.get("version"))
    if data["version"] != RESULTS_VERSION or any(name not in data for name in RESULTS_FIELDS):
        return
    check_fields(
        data, RESULTS_FIELDS, _WHAT, InvalidRecordError, allowed=("format", "version", "ratings")
    )
    bots, rounds = len(data["bots"]), data["rounds"]
    if len(data["stats"]) != bots:
        raise InvalidRecordError(f"{_WHAT}: the stats do not match the bots")
    for index, stats in enumerate(data["stats"]):
        if len(stats["round_sums"]) != rounds or len(stats["round_counts"]) != rounds:
            raise InvalidRecordError(
                f"{_WHAT}: stats[{index}]: expected a sum and a count for each of"
                f" the {rounds} rounds"
            )
        if stats["wins"] > stats["games"]:
            raise InvalidRecordError(
                f"{_WHAT}: stats[{index}]: more wins than games"
                f" ({quote(stats['wins'])} of {quote(stats['games'])})"
            )
    if sorted(tuple(pair["bots"]) for pair in data["pairs"]) != list(combinations(range(bots), 2)):
        raise InvalidRecordError(f"{_WHAT}: the pairs are not each pair of the bots once")
    faulty = {
        label for label, stats in zip(data["bots"], data["stats"], strict=True) if stats["forfeits"]
    }
    if {fault["bot"] for fault in data["faults"]} != faulty:
        raise InvalidRecordError(f"{_WHAT}: the faults are not those of the bots that forfeited")
    kept = data["game_results"]
    if kept is not None and len(kept) != data["games"]:
        raise InvalidRecordError(
            f"{_WHAT}: game_results: expected the {quote(data['games'])} games, not {len(kept)}"
        )


_KEYS = (
    "bots",
    "rules",
    "seed",
    "games",
    "duplicate",
    "seatings",
    "rounds",
    "move_time",
    "stats",
    "pairs",
    "faults",
    "game_results",
)


def checked_results_data(data: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of results data, checked for its format and its fields (version 2, which
    did not name its seatings, seated by rotations: read as ``"rotations"``); the
    ratings, which follow from the sums, left out (worked out again, never read).

    :raises InvalidRecordError: for data that is not a tournament's results, naming
        the field and what is wrong.
    """
    if (
        isinstance(data, Mapping)
        and isinstance(data.get("format"), str)  # (a numpy array compares oddly)
        and data["format"] == RESULTS_FORMAT
        and type(data.get("version")) is int
        and data["version"] == 2
        and "seatings" not in data
    ):
        data = {**data, "version": RESULTS_VERSION, "seatings": "rotations"}
    _check_values(data)
    if not isinstance(data, Mapping) or data.get("format") != RESULTS_FORMAT:
        raise InvalidRecordError(
            f'tournament results have "format": {RESULTS_FORMAT!r}, not {quote(data)}'
        )
    version = data.get("version")
    if type(version) is not int or version != RESULTS_VERSION:
        raise InvalidRecordError(
            f"tournament results version {quote(version)} is not {RESULTS_VERSION}"
        )
    missing = [key for key in _KEYS if key not in data]
    if missing:
        raise InvalidRecordError(f"tournament results: missing {missing[0]!r}")
    # (the ratings follow from the sums: worked out again, never read)
    copy: dict[str, Any] = json.loads(
        json.dumps({key: value for key, value in data.items() if key != "ratings"})
    )
    bots = copy["bots"]
    if len(copy["stats"]) != len(bots) or len(copy["pairs"]) != math.comb(len(bots), 2):
        raise InvalidRecordError("tournament results: the stats do not match the bots")
    return copy
