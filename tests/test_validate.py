"""The shared checks of ``_validate``: JSON objects described as tables of fields,
the one int check, the one finite-number check and the one cut; and the results'
field table built on them."""

from __future__ import annotations

import math

import numpy as np
import pytest

from threethirteen import _validate
from threethirteen._validate import (
    MAX_SEED,
    FieldError,
    as_finite,
    as_index,
    boolean_field,
    check_fields,
    choice_field,
    cut,
    finite,
    integer_field,
    list_field,
    load_json,
    number_field,
    object_field,
    string_field,
)
from threethirteen.arena import (
    game_results,
    results_figures,
    results_schema,
    tally,
    tournament_results,
    tournament_settings,
)
from threethirteen.errors import InvalidInputError, InvalidRecordError

FIELDS = {
    "seed": integer_field(0, MAX_SEED),
    "sum": integer_field(-MAX_SEED, MAX_SEED),
    "duplicate": boolean_field,
    "seatings": choice_field("balanced", "rotations"),
    "bots": list_field(string_field(5), 2, 3),
    "stats": list_field(object_field({"games": integer_field(0, 9)}), 1, 2),
}
GOOD = {
    "seed": 1,
    "sum": -3,
    "duplicate": False,
    "seatings": "balanced",
    "bots": ["a", "b"],
    "stats": [{"games": 3}],
}


def check(data: dict[str, object]) -> None:
    check_fields(data, FIELDS, "data", InvalidRecordError, allowed=("format",))


def test_a_good_object_passes() -> None:
    check(GOOD)
    check({**GOOD, "format": "x"})


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("seed", True, "data: seed: expected an integer, not True"),
        ("seed", 1.0, "data: seed: expected an integer, not 1.0"),
        ("seed", -1, "data: seed: expected an integer from 0 to 2**128 - 1, not -1"),
        ("sum", -(2**128), "data: sum: expected an integer from -(2**128 - 1) to 2**128 - 1,"),
        ("duplicate", 0, "data: duplicate: expected true or false, not 0"),
        ("seatings", "all", "data: seatings: expected 'balanced' or 'rotations', not 'all'"),
        ("seatings", ["balanced"], "data: seatings: expected 'balanced' or 'rotations', not"),
        ("bots", "ab", "data: bots: expected a list, not 'ab'"),
        ("bots", ["a"] * 10**6, "data: bots: expected a list of 2 to 3 items, not 1000000"),
        ("bots", ["a", "bcdefg"], "data: bots[1]: expected a string of 1 to 5 characters,"),
        ("stats", [[]], "data: stats[0]: expected an object, not []"),
        ("stats", [{}], "data: stats[0]: missing 'games'"),
        ("stats", [{"games": 1, "x": 2}], "data: stats[0]: unexpected field 'x'"),
        ("stats", [{"games": 10}], "data: stats[0].games: expected an integer from 0 to 9,"),
    ],
)
def test_a_bad_field_is_named_by_its_path(field: str, value: object, message: str) -> None:
    with pytest.raises(InvalidRecordError) as raised:
        check({**GOOD, field: value})
    assert str(raised.value).startswith(message)
    assert len(str(raised.value)) < 200


def test_a_missing_or_unexpected_field_is_named() -> None:
    with pytest.raises(InvalidRecordError, match=r"^data: missing 'bots'$"):
        check({key: value for key, value in GOOD.items() if key != "bots"})
    with pytest.raises(InvalidRecordError, match=r"^data: unexpected field 'extra'$"):
        check({**GOOD, "extra": 1})


def test_a_check_of_ones_own_serves_in_the_table() -> None:
    def even(value: object, where: str) -> None:
        if not isinstance(value, int) or value % 2:
            raise _validate.expected(where, "an even number", value)

    with pytest.raises(InvalidInputError, match=r"^data: x\[1\]: expected an even number, not 3$"):
        check_fields({"x": [2, 3]}, {"x": list_field(even, 0, 5)}, "data", InvalidInputError)


def test_a_field_error_never_leaves_check_fields() -> None:
    with pytest.raises(InvalidRecordError) as raised:
        check({**GOOD, "seed": "x"})
    assert not isinstance(raised.value, FieldError)
    assert raised.value.__cause__ is None


def test_as_index_refuses_bools_and_takes_numpy_integers() -> None:
    assert as_index(np.int16(3), "n") == 3
    for value in (True, 1.0, "1", None):
        with pytest.raises(InvalidInputError, match=r"^n must be an int, not "):
            as_index(value, "n")


def test_finite_numbers() -> None:
    assert [finite(v) for v in (0, 2**200, 1.5, np.float64(2.0), np.int8(-3))] == [
        0,
        2**200,
        1.5,
        2.0,
        -3,
    ]
    refused = (True, math.nan, math.inf, -math.inf, 10**400, -(10**400), "1", None)
    assert [finite(v) for v in refused] == [None] * len(refused)
    assert as_finite(0.5, "t", low=0, above_low=True) == 0.5
    with pytest.raises(InvalidInputError, match=r"^t must be a finite number, not nan$"):
        as_finite(math.nan, "t")
    with pytest.raises(InvalidInputError, match=r"^t must be from 0, not -1$"):
        as_finite(-1, "t", low=0)
    with pytest.raises(InvalidRecordError, match=r"^t must be above 0, not 0.0$"):
        as_finite(0.0, "t", InvalidRecordError, low=0, above_low=True)


def test_cut_keeps_a_message_within_its_limit() -> None:
    assert cut("short") == "short"
    assert cut("x" * 1000) == "x" * (_validate.QUOTE_LIMIT - 3) + "..."
    assert cut("x" * 200, 160) == "x" * 157 + "..."
    assert len(cut("y" * 10**6, 20)) == 20


def test_the_results_fields_are_a_table_of_the_shared_checks() -> None:
    assert list(results_schema.RESULTS_FIELDS)[:3] == ["bots", "rules", "seed"]
    data = {"format": results_schema.RESULTS_FORMAT, "version": 3}
    with pytest.raises(InvalidRecordError, match=r"^tournament results: missing 'bots'$"):
        results_schema.checked_results_data(data)


def test_the_results_names_are_where_users_import_them() -> None:
    """``arena.tournament_results`` re-exports the names whose homes moved beside it."""
    homes = {
        "Fault": game_results,
        "GameResult": game_results,
        "FAULT_KINDS": game_results,
        "BotResults": results_figures,
        "HeadToHead": results_figures,
        "Rating": results_figures,
        "lowest_total": results_figures,
        "RESULTS_FORMAT": results_schema,
        "RESULTS_VERSION": results_schema,
        "ARENA_MAX_TURNS": tournament_settings,
        "SEATINGS": tournament_settings,
    }
    for name, home in homes.items():
        assert getattr(tournament_results, name) is getattr(home, name), name
        assert name in tournament_results.__all__
    rules = {"preset": "pagat", "variations": [], "players": 2, "max_turns": None}
    results = tally.Tally(2, 1, 1).results(["a", "b"], rules, 1, 0, False, 1)
    assert tournament_results.TournamentResults.from_dict(results.to_dict()) == results


def test_one_json_reader_bounds_nesting_and_refuses_nan_when_asked() -> None:
    assert load_json("[[1]]", "a line", InvalidInputError, max_depth=2) == [[1]]
    assert math.isnan(load_json("NaN", "a line", InvalidInputError))  # (Python's json)
    for text, reason in [
        ("[[[1]]]", "nested more than 2 deep"),
        ("[" * 100_000 + "]" * 100_000, "nested more than 2 deep"),
        ('{"a": "[[[[" , "b": [[0]]}', "nested more than 2 deep"),
        ("[NaN]", "NaN is not JSON"),
        ("-Infinity", "-Infinity is not JSON"),
        ("{", "Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"),
    ]:
        with pytest.raises(InvalidInputError) as raised:
            load_json(text, "a line", InvalidInputError, max_depth=2, allow_nan=False)
        assert str(raised.value) == f"a line is not JSON: {reason}"
    with pytest.raises(InvalidInputError, match=r"^a line is not UTF-8 text: invalid start"):
        load_json(b'["\xff"]', "a line", InvalidInputError, max_depth=2)
    assert load_json('["[[[[", {"a": "]]"}]', "a line", InvalidInputError, max_depth=2)


def test_a_number_field() -> None:
    check = number_field(0, 10**9, above_low=True)
    for good in (0.5, 1, 10**9, np.float32(2.0)):
        check(good, "move_time")
    for bad in (0, -1.5, 10**9 + 1, True, math.nan, math.inf, "1", None, 10**400):
        with pytest.raises(FieldError, match=r"^move_time: expected a number above 0 and at most"):
            check(bad, "move_time")
    number_field(0, 5)(0, "x")
    with pytest.raises(FieldError, match=r"^x: expected a number from 0 to 5, not 6$"):
        number_field(0, 5)(6, "x")


# -- optional fields, kinds told apart by a tag, checks across fields ------------------

EVENT = _validate.union_field(
    "type",
    {
        "draw": object_field({"type": choice_field("draw")}, {"pile": integer_field(0, 3)}),
        "score": object_field(
            {"type": choice_field("score"), "points": list_field(integer_field(0, 9), 1, 3)}
        ),
    },
)
EVENTS = {"events": list_field(object_field({"event": EVENT}), 0, 5)}


def one_event_a_player(data: object) -> None:
    assert isinstance(data, dict)
    if len(data["events"]) != data.get("players", 0):
        raise FieldError(f"events: expected one a player, not {len(data['events'])}")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"events": [{"event": {"type": "fly"}}]}, "log: events[0].event.type: expected 'draw'"),
        ({"events": [{"event": {"type": ["draw"]}}]}, "log: events[0].event.type: expected"),
        ({"events": [{"event": {}}]}, "log: events[0].event: missing 'type'"),
        ({"events": [{"event": 7}]}, "log: events[0].event: expected an object, not 7"),
        (
            {"events": [{"event": {"type": "draw"}}, {"event": {"type": "draw", "pile": 4}}]},
            "log: events[1].event.pile: expected an integer from 0 to 3, not 4",
        ),
        (
            {"events": [{"event": {"type": "draw", "x": 1}}]},
            "log: events[0].event: unexpected field 'x'",
        ),
        (
            {"events": [{"event": {"type": "score", "points": [1, 2, 30]}}]},
            "log: events[0].event.points[2]: expected an integer from 0 to 9, not 30",
        ),
        ({"events": [], "players": "2"}, "log: players: expected an integer, not '2'"),
        ({"events": [], "players": 2}, "log: events: expected one a player, not 0"),
    ],
)
def test_tables_name_the_whole_path_of_a_bad_value(data: object, message: str) -> None:
    """The tables check a value with a short path, then again with its whole path for
    the message: the path is always the whole one, however deep."""
    with pytest.raises(InvalidInputError) as raised:
        check_fields(
            data,  # type: ignore[arg-type]
            EVENTS,
            "log",
            InvalidInputError,
            optional={"players": integer_field(2, 4)},
            then=(one_event_a_player,),
        )
    assert str(raised.value).startswith(message), str(raised.value)


def test_optional_fields_and_checks_across_fields_pass_good_data() -> None:
    good = {
        "events": [
            {"event": {"type": "draw"}},
            {"event": {"type": "draw", "pile": 3}},
            {"event": {"type": "score", "points": [0, 9]}},
        ],
        "players": 3,
    }
    check_fields(
        good,
        EVENTS,
        "log",
        InvalidInputError,
        optional={"players": integer_field(2, 4)},
        then=(one_event_a_player,),
    )


def test_no_message_at_the_top_without_a_name() -> None:
    with pytest.raises(InvalidRecordError, match=r"^seed: expected an integer, not 'x'$"):
        check_fields({"seed": "x"}, {"seed": integer_field(0, 9)}, "", InvalidRecordError)
    with pytest.raises(InvalidRecordError, match=r"^missing 'seed'$"):
        check_fields({}, {"seed": integer_field(0, 9)}, "", InvalidRecordError)


def test_a_number_field_without_a_bound_above() -> None:
    check = number_field(0, math.inf, above_low=True)
    check(1e300, "move_time")
    for bad, shown in ((0, "0"), (math.inf, "inf"), (math.nan, "nan"), (True, "True")):
        with pytest.raises(FieldError) as raised:
            check(bad, "move_time")
        assert str(raised.value) == f"move_time: expected a finite number above 0, not {shown}"
