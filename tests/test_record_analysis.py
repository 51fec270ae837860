"""The analysis part of a game record (format version 2, issue 40): written by
``game_record(..., analysis=...)`` and ``with_analysis``, read by
``record_analysis`` (checked by its table, then each decision against the record's
actions), refused with a message naming the field when it is wrong, described by
``game-record-2.json``; a version-1 record reads as before, and ``Game.from_record``
replays a reviewed record as the record without its analysis.
"""

from __future__ import annotations

import copy
import functools
import json
import math
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import threethirteen as tt
from threethirteen.engine.records import (
    MAX_CANDIDATES,
    MAX_WORDS_LENGTH,
    check_record,
    game_record,
    record_analysis,
    schema,
    with_analysis,
)

from .conftest import examples

Record = dict[str, Any]


def reshuffled_game() -> tt.Game:
    """Two players who draw from the stock and throw the card back until the stock
    is reshuffled, then a few turns more: a round whose entries hold a reshuffle."""
    game = tt.Game("pagat", 2, seed=8)
    while not any(player < 0 for player, _ in game.view(0).history):
        card = game.stock[0]
        game.apply(tt.Action.parse("draw stock"))
        game.apply(tt.Action.parse(f"discard {card}"))
    for _ in range(2):
        game.apply(game.legal_actions()[0])
    return game


def decision(record: Record, round_: int, index: int, loss: float = 0.0) -> dict[str, Any]:
    """A decision on the record's action ``index`` of round record ``round_``: the
    action taken and one other candidate (the first legal one of another kind)."""
    entry = record["rounds"][round_]["actions"][index]
    taken = str(tt.Action.from_dict(entry))
    other = "draw discard" if entry["type"] == "draw" else "meld 4h 5h 6h"
    return {
        "round": round_,
        "index": index,
        "player": entry["player"],
        "candidates": [
            {"action": taken, "value": -1 / 3, "error": 0.125},
            {"action": other, "value": 2.5 + loss, "error": 0.0},
        ],
        "best": taken,
        "loss": loss,
        "error": 0.1 * 3,  # (0.30000000000000004: floats that must come back exactly)
        "label": "inaccuracy" if loss else None,
        "words": "kept the 9s: a pair of twins" if loss else "",
    }


@pytest.fixture(scope="module")
def game() -> tt.Game:
    return reshuffled_game()


@pytest.fixture(scope="module")
def record(game: tt.Game) -> Record:
    return game.to_record()


@pytest.fixture(scope="module")
def reshuffle_at(record: Record) -> int:
    actions = record["rounds"][0]["actions"]
    return next(i for i, entry in enumerate(actions) if entry["type"] == "reshuffle")


@pytest.fixture(scope="module")
def analysis(record: Record, reshuffle_at: int) -> dict[str, Any]:
    decisions = [
        decision(record, 0, 0),
        decision(record, 0, 1, loss=1.75),
        decision(record, 0, reshuffle_at + 1),
    ]
    return {
        "level": "full",
        "deals": 64,
        "seed": 2**100,
        "policy": "playout",
        "decisions": decisions,
    }


@pytest.fixture(scope="module")
def reviewed(record: Record, analysis: dict[str, Any]) -> Record:
    return with_analysis(record, analysis)


def test_a_record_with_an_analysis_is_version_2(
    game: tt.Game, record: Record, analysis: dict[str, Any], reviewed: Record
) -> None:
    assert record["version"] == 1
    assert "analysis" not in record
    assert reviewed["version"] == 2
    assert list(reviewed) == [*record, "analysis"]
    assert reviewed["analysis"] == analysis
    assert reviewed["analysis"] is not analysis  # (a copy)
    assert {key: value for key, value in reviewed.items() if key != "analysis"} == {
        **record,
        "version": 2,
    }
    written = game_record(
        game.rules,
        game.players,
        game.max_turns,
        game.seed,
        record["rounds"],
        record["totals"],
        record["winners"],
        analysis=analysis,
    )
    assert written == reviewed
    assert list(written) == list(reviewed)
    plain = game_record(
        game.rules,
        game.players,
        game.max_turns,
        game.seed,
        record["rounds"],
        record["totals"],
        record["winners"],
    )
    assert plain == record
    assert with_analysis(reviewed, None) == record


def test_written_read_and_written_again_is_byte_identical(game: tt.Game, reviewed: Record) -> None:
    text = json.dumps(reviewed)
    read = json.loads(text)
    check_record(read)
    analysis = record_analysis(read)
    assert analysis is not None
    assert analysis["decisions"][0]["error"] == 0.30000000000000004
    assert analysis["seed"] == 2**100
    assert json.dumps(with_analysis(read, analysis)) == text
    again = tt.Game.from_record(read)
    rewritten = game_record(
        again.rules,
        again.players,
        again.max_turns,
        again.seed,
        again.to_record()["rounds"],
        again.to_record()["totals"],
        again.to_record()["winners"],
        analysis=analysis,
    )
    assert json.dumps(rewritten) == text


def test_a_version_1_record_still_reads(record: Record) -> None:
    check_record(record)
    assert record_analysis(record) is None
    assert tt.Game.from_record(json.loads(json.dumps(record))).to_record() == record


def test_the_replay_ignores_the_analysis(game: tt.Game, record: Record, reviewed: Record) -> None:
    replayed = tt.Game.from_record(json.loads(json.dumps(reviewed)))
    assert replayed.to_record() == record
    assert replayed.view(0) == game.view(0)


def test_the_analysis_read_is_the_callers(reviewed: Record) -> None:
    read = record_analysis(reviewed)
    assert read is not None
    read["decisions"].clear()
    assert len(reviewed["analysis"]["decisions"]) == 3


def _set(path: str, value: Any) -> Callable[[Record], None]:
    """Set the field at ``path`` (dots between keys and list indexes; ``...``
    deletes it)."""

    def change(record: Record) -> None:
        *steps, last = path.split(".")
        target: Any = record
        for step in steps:
            target = target[int(step)] if step.isdigit() else target[step]
        key: Any = int(last) if last.isdigit() else last
        if value is ...:
            del target[key]
        else:
            target[key] = value

    return change


D0 = "analysis.decisions.0"
"""The first decision."""

BAD: list[tuple[str, Callable[[Record], None], str, bool]] = [
    # (name, change, message, whether the JSON Schema refuses it too)
    ("analysis not an object", _set("analysis", []), "analysis: expected an object, not []", True),
    ("no level", _set("analysis.level", ...), "analysis: missing 'level'", True),
    ("an extra field", _set("analysis.comment", "x"), "analysis: unexpected field 'comment'", True),
    (
        "unknown level",
        _set("analysis.level", "deep"),
        "analysis.level: expected 'full' or 'quick', not 'deep'",
        True,
    ),
    (
        "deals true",
        _set("analysis.deals", True),
        "analysis.deals: expected an integer, not True",
        True,
    ),
    (
        "negative deals",
        _set("analysis.deals", -1),
        "analysis.deals: expected an integer from 0 to 1000000, not -1",
        True,
    ),
    (
        "seed too large",
        _set("analysis.seed", 2**128),
        "analysis.seed: expected an integer from 0 to 2**128 - 1, not an int of 39 digits",
        True,
    ),
    (
        "empty policy",
        _set("analysis.policy", ""),
        "analysis.policy: expected a string of 1 to 100 characters, not ''",
        True,
    ),
    (
        "decisions not a list",
        _set("analysis.decisions", {}),
        "analysis.decisions: expected a list, not {}",
        True,
    ),
    (
        "too many candidates",
        lambda record: record["analysis"]["decisions"][0]["candidates"].extend(
            [{"action": "draw discard", "value": 0.0, "error": 0.0}] * MAX_CANDIDATES
        ),
        "analysis.decisions[0].candidates: expected a list of 1 to 64 items, not 66",
        True,
    ),
    (
        "no candidate",
        _set(f"{D0}.candidates", []),
        "analysis.decisions[0].candidates: expected a list of 1 to 64 items, not 0",
        True,
    ),
    (
        "long words",
        _set(f"{D0}.words", "w" * (MAX_WORDS_LENGTH + 1)),
        "analysis.decisions[0].words: expected a string of at most 500 characters, not"
        " 'wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww...' (501 characters)",
        True,
    ),
    (
        "a value of NaN",
        _set(f"{D0}.candidates.0.value", math.nan),
        "analysis.decisions[0].candidates[0].value: expected a number from -(2**53 - 1)"
        " to 2**53 - 1, not nan",
        False,  # (a JSON Schema validator compares NaN with nothing)
    ),
    (
        "an infinite value",
        _set(f"{D0}.candidates.0.value", -math.inf),
        "analysis.decisions[0].candidates[0].value: expected a number from -(2**53 - 1)"
        " to 2**53 - 1, not -inf",
        True,
    ),
    (
        "a value as text",
        _set(f"{D0}.candidates.0.value", "1.5"),
        "analysis.decisions[0].candidates[0].value: expected a number from -(2**53 - 1)"
        " to 2**53 - 1, not '1.5'",
        True,
    ),
    (
        "a negative error",
        _set(f"{D0}.candidates.1.error", -0.5),
        "analysis.decisions[0].candidates[1].error: expected a number from 0 to"
        " 2**53 - 1, not -0.5",
        True,
    ),
    (
        "a negative loss",
        _set(f"{D0}.loss", -1e-9),
        "analysis.decisions[0].loss: expected a number from 0 to 2**53 - 1, not -1e-09",
        True,
    ),
    (
        "an unknown label",
        _set(f"{D0}.label", "brilliant"),
        "analysis.decisions[0].label: expected 'inaccuracy' or 'mistake' or 'blunder',"
        " not 'brilliant'",
        True,
    ),
    (
        "a candidate that is no action",
        _set(f"{D0}.candidates.1.action", "fly away"),
        "analysis.decisions[0].candidates[1].action: no action 'fly away': write 'draw stock',"
        " 'draw discard', 'discard 9s', 'discard 9s out', 'meld 4h 5h 6h' or 'lay off 7h on 0'",
        False,
    ),
    (
        "a candidate's card that is none",
        _set(f"{D0}.candidates.1.action", "discard 9x"),
        "analysis.decisions[0].candidates[1].action: no action 'discard 9x': unknown suit 'x'"
        " in '9x'",
        False,
    ),
    (
        "an action as a dict",
        _set(f"{D0}.best", {"type": "draw", "source": "stock"}),
        "analysis.decisions[0].best: expected an action's notation of at most 1000 characters,"
        " not {'source': 'stock', 'type': 'draw'}",
        True,
    ),
    (
        "a best that is no candidate",
        _set(f"{D0}.best", "draw discard 1"),
        "analysis.decisions[0].best: 'draw discard 1' is none of the candidates",
        False,
    ),
    (
        "a round the record does not hold",
        _set(f"{D0}.round", 5),
        "analysis.decisions[0]: the record has no action 0 in round record 5",
        False,
    ),
    (
        "an action the round does not hold",
        _set("analysis.decisions.2.index", 10_000),
        "analysis.decisions[2]: the record has no action 10000 in round record 0",
        False,
    ),
    (
        "a negative index",
        _set(f"{D0}.index", -1),
        "analysis.decisions[0].index: expected an integer from 0 to 499999, not -1",
        True,
    ),
    (
        "another player's action",
        lambda record: record["analysis"]["decisions"][0].update(
            player=1 - record["analysis"]["decisions"][0]["player"]
        ),
        "analysis.decisions[0]: round record 0's action 0 is player 1's, not player 0's",
        False,
    ),
    (
        "the same decision twice",
        lambda record: record["analysis"]["decisions"].insert(
            1, copy.deepcopy(record["analysis"]["decisions"][0])
        ),
        "analysis.decisions[1]: round 0, index 0 is not after the decision before",
        False,
    ),
    (
        "version 1 with an analysis",
        _set("version", 1),
        "a record of version 1 holds no analysis (one with an analysis is version 2)",
        True,
    ),
    ("version 2 without one", _set("analysis", ...), "missing 'analysis'", True),
]


jsonschema = pytest.importorskip("jsonschema")
VALIDATOR_2 = jsonschema.Draft202012Validator(schema(2))


@pytest.fixture(scope="module")
def validator() -> Any:
    return VALIDATOR_2


def broken(reviewed: Record, change: Callable[[Record], None]) -> Record:
    record = copy.deepcopy(reviewed)
    change(record)
    return record


@pytest.mark.parametrize(
    ("change", "message"),
    [pytest.param(change, message, id=name) for name, change, message, _ in BAD],
)
def test_a_bad_analysis_is_refused_naming_the_field(
    reviewed: Record, change: Callable[[Record], None], message: str
) -> None:
    record = broken(reviewed, change)
    for read in (check_record, record_analysis, tt.Game.from_record):
        with pytest.raises(tt.InvalidRecordError) as error:
            read(record)
        assert str(error.value) == message


def test_a_bad_analysis_is_not_written(game: tt.Game, record: Record, analysis: Record) -> None:
    first = analysis["decisions"][0]
    wrong = {**analysis, "decisions": [{**first, "player": 1 - first["player"]}]}
    for write in (
        lambda: with_analysis(record, wrong),
        lambda: game_record(
            game.rules, 2, None, game.seed, record["rounds"], [0, 0], None, analysis=wrong
        ),
    ):
        with pytest.raises(tt.InvalidRecordError, match=r"^analysis\.decisions\[0\]: round"):
            write()


def test_the_schema_validates_the_reviewed_record(validator: Any, reviewed: Record) -> None:
    assert list(validator.iter_errors(json.loads(json.dumps(reviewed)))) == []


@pytest.mark.parametrize(
    "change", [pytest.param(change, id=name) for name, change, _, refused in BAD if refused]
)
def test_the_schema_refuses_what_the_library_refuses(
    validator: Any, reviewed: Record, change: Callable[[Record], None]
) -> None:
    assert not validator.is_valid(broken(reviewed, change))


def test_each_schema_takes_its_own_version(
    validator: Any, record: Record, reviewed: Record
) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    first = jsonschema.Draft202012Validator(schema(1))
    assert first.is_valid(record)
    assert not first.is_valid(reviewed)
    assert not validator.is_valid(record)
    jsonschema.Draft202012Validator.check_schema(schema(2))
    assert schema(2)["title"] == schema(1)["title"]


def test_only_versions_1_and_2_have_a_schema() -> None:
    with pytest.raises(tt.InvalidInputError, match=r"^a record's version must be 1 or 2, not 3$"):
        schema(3)


# -- any analysis: written and read again, or refused ----------------------------------

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**130), max_value=2**130)
    | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3)
    ),
    max_leaves=8,
)
"""JSON values of every kind (no NaN: JSON has none)."""

FIELDS = [
    "level",
    "deals",
    "seed",
    "policy",
    "decisions",
    "decisions.0.round",
    "decisions.0.index",
    "decisions.0.player",
    "decisions.0.candidates",
    "decisions.0.candidates.0",
    "decisions.0.candidates.0.action",
    "decisions.0.candidates.0.value",
    "decisions.0.candidates.1.error",
    "decisions.0.best",
    "decisions.0.loss",
    "decisions.0.error",
    "decisions.0.label",
    "decisions.0.words",
]
"""Fields of the analysis that the property below makes anything in turn."""


@functools.cache
def a_reviewed_record() -> Record:
    """The reviewed record of the fixtures, for a Hypothesis test (which takes no
    fixture whose value it would show)."""
    game = reshuffled_game()
    record = game.to_record()
    actions = record["rounds"][0]["actions"]
    at = next(i for i, entry in enumerate(actions) if entry["type"] == "reshuffle")
    decisions = [decision(record, 0, 0), decision(record, 0, 1, 1.75), decision(record, 0, at + 1)]
    analysis = {
        "level": "full",
        "deals": 64,
        "seed": 0,
        "policy": "playout",
        "decisions": decisions,
    }
    return with_analysis(record, analysis)


@settings(max_examples=examples(200))
@given(
    field=st.sampled_from(FIELDS),
    value=JSON_VALUES | st.sampled_from(["draw stock", "discard 9s", 0, 1, 0.5, "mistake"]),
)
def test_any_analysis_is_written_and_read_back_or_refused(field: str, value: Any) -> None:
    """An analysis with one field made anything: the library refuses it with its own
    error, or writes it, reads it back and writes it again to the same text; what
    the library takes, the JSON Schema takes too (the schema cannot say the rest:
    actions that parse, decisions that name the record's actions)."""
    reviewed = a_reviewed_record()
    record = broken(reviewed, _set(f"analysis.{field}", value))
    try:
        written = with_analysis(reviewed, record["analysis"])
    except tt.InvalidRecordError as error:
        message = str(error)
    else:
        text = json.dumps(written)
        read = json.loads(text)
        assert json.dumps(with_analysis(read, record_analysis(read))) == text
        assert VALIDATOR_2.is_valid(read)
        return
    assert 0 < len(message) <= 300
    with pytest.raises(tt.InvalidRecordError, match=re.escape(message)):
        check_record(record)
