"""Game records: the versioned JSON document a :class:`~threethirteen.Game` writes,
its shape checked before a replay, its analysis (a review of its decisions), and
the score sheet.

The format is described on the docs' records page and by the JSON Schemas shipped
in the package (:func:`schema`): version 1, and version 2, a record with an
``"analysis"`` (:func:`with_analysis` writes one, :func:`record_analysis` reads it).
:func:`check_record` checks the shape (fields, types, bounds), by a table of fields
for each part of a record (in the style of ``threethirteen._validate``) and then
the checks across fields; the game's replay checks the play.

>>> check_record({"format": "threethirteen-game", "version": 3})
Traceback (most recent call last):
...
threethirteen.errors.InvalidRecordError: record version 3 is not one this library reads (1 or 2)
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import fields as dataclass_fields
from functools import lru_cache
from importlib import resources
from typing import Any

from .._validate import (
    MAX_CARDS,
    MAX_SEED,
    CrossCheck,
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
    union_field,
)
from ..errors import GameError, InvalidInputError, InvalidRecordError, ThreeThirteenError
from ..hands.cards import CARDS, Card, rank_name
from ..hands.rules import (
    MAX_DECKS,
    MAX_JOKERS,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MAX_TURNS,
    MAX_VARIATIONS,
    Rules,
)
from .actions import MAX_ACTION_LENGTH, Action

__all__ = [
    "ANALYSIS_VERSION",
    "LABELS",
    "LEVELS",
    "MAX_ANALYSIS_DEALS",
    "MAX_CANDIDATES",
    "MAX_NAME_LENGTH",
    "MAX_RECORD_ACTIONS",
    "MAX_RECORD_BYTES",
    "MAX_RECORD_ROUNDS",
    "MAX_SCORE",
    "MAX_WORDS_LENGTH",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "RECORD_VERSIONS",
    "card_codes",
    "check_analysis",
    "check_game_end",
    "check_record",
    "check_round_played",
    "check_round_start",
    "check_rules",
    "custom_fields",
    "event_dicts",
    "game_record",
    "rank_text",
    "read_deal",
    "record_analysis",
    "record_names",
    "record_rules",
    "reshuffle_stocks",
    "rules_dict",
    "schema",
    "score_sheet",
    "with_analysis",
]

RECORD_FORMAT = "threethirteen-game"
"""The ``"format"`` of a game record."""
RECORD_VERSION = 1
"""The version of the record format of a record without an analysis (older readers
read it)."""
ANALYSIS_VERSION = 2
"""The version of the record format of a record with an ``"analysis"`` (its review)."""
RECORD_VERSIONS = (RECORD_VERSION, ANALYSIS_VERSION)
"""The versions of the record format this library reads."""

MAX_RECORD_ACTIONS = 500_000
"""The most entries (actions and reshuffles, all rounds together) a record holds: a
game between people takes a few hundred; random play without ``max_turns``, tens of
thousands."""
MAX_RECORD_ROUNDS = 1000
"""The most rounds a record holds (void rounds, dealt again, included)."""
MAX_RECORD_BYTES = 32 * 1024 * 1024
"""The largest record file ``threethirteen replay`` reads (32 MiB): about
:data:`MAX_RECORD_ACTIONS` entries."""
MAX_SCORE = 2**53 - 1
"""The largest score or total (either sign) a record holds: an exact number in every
JSON reader."""
MAX_NAME_LENGTH = 100
"""The most characters of a preset's or a variation's name in a record."""

_MAX_POOL = 52 * MAX_DECKS + MAX_JOKERS  # the most cards a game deals from
_MAX_DEALT = 15  # the most cards a round deals each player

MAX_CANDIDATES = 64
"""The most candidate actions a decision of a record's analysis weighs."""
MAX_WORDS_LENGTH = 500
"""The most characters of a decision's words in a record's analysis."""
MAX_ANALYSIS_DEALS = 1_000_000
"""The most deals a decision an analysis weighs may be sampled over."""
LEVELS = ("full", "quick")
"""The levels of a review (a record's analysis's ``"level"``)."""
LABELS = ("inaccuracy", "mistake", "blunder")
"""The labels of a costly decision (a decision's ``"label"``, or null)."""

_MAX_HELD = _MAX_DEALT + 1  # the most cards a hand holds (after its draw)
_MAX_CARD_TEXT = 8  # "10c=10h": a card, and what a wild card stands for
_ENDS = ("out", "empty_hand", "stock", "turn_limit")
_RANKS = frozenset(rank_name(rank) for rank in range(1, 14))
_RULE_FIELDS = frozenset(item.name for item in dataclass_fields(Rules))


def rank_text(rank: int | None) -> str | None:
    """A wild rank as a record writes it: ``"3"``, ``"J"``; ``None`` for none.

    >>> rank_text(11), rank_text(None)
    ('J', None)
    """
    return None if rank is None else rank_name(rank)


def schema(version: int = RECORD_VERSION) -> dict[str, Any]:
    """The JSON Schema of a game record of format ``version`` (1, without an
    analysis; 2, with one), shipped with the package.

    >>> schema()["title"]
    'A game of Three Thirteen, as threethirteen records it'
    >>> schema(2)["properties"]["version"]["const"]
    2
    """
    if version not in RECORD_VERSIONS:
        raise InvalidInputError(f"a record's version must be 1 or 2, not {quote(version)}")
    path = f"schemas/game-record-{version}.json"
    text = resources.files("threethirteen").joinpath(path).read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


# -- a record's shape, as tables of fields ---------------------------------------
# Each object of a record has its table (field -> check, in the order a record writes
# them); checks across fields (a list of one item a player, the entries in all, an
# analysis's decisions naming the record's actions) follow in one list, _RECORD_RULES.


def _card(value: object, where: str) -> None:
    """A card's text (``"9s"``, ``"Jk"``; in an action ``"Jk=7h"`` too): a short
    string, parsed by the replay."""
    if not isinstance(value, str) or not 1 <= len(value) <= _MAX_CARD_TEXT:
        raise expected(
            where, f"a card such as '9s' or 'Jk', of at most {_MAX_CARD_TEXT} characters", value
        )


def _rank(value: object, where: str) -> None:
    if value is not None and (not isinstance(value, str) or value not in _RANKS):
        raise expected(where, "a rank such as '3' or 'J', or null", value)


def _any(value: object, where: str) -> None:
    """Any value: a rule's field, checked by :class:`~threethirteen.Rules` itself."""


def _cards(most: int) -> FieldCheck:
    """A list of at most ``most`` cards' texts (a deal's stock holds a hundred: read
    in one pass, the table's own check only for the message of one that is wrong)."""
    slow = list_field(_card, 0, most)

    def check(value: object, where: str) -> None:
        if not (
            type(value) is list
            and len(value) <= most
            and all(type(card) is str and 0 < len(card) <= _MAX_CARD_TEXT for card in value)
        ):
            slow(value, where)

    return check


_NAME = string_field(MAX_NAME_LENGTH, fewest=0)
_PLAYER = integer_field(0, MAX_PLAYERS - 1)
_SCORE = integer_field(-MAX_SCORE, MAX_SCORE)
_SCORES = list_field(_SCORE, 0, MAX_PLAYERS)  # (then: one a player)
_MELDS = list_field(_cards(_MAX_HELD), 0, _MAX_HELD)
_PILE = integer_field(0, MAX_PLAYERS - 1)
_MELD_INDEX = integer_field(0, MAX_CARDS)

_RULES: dict[str, FieldCheck] = {
    "preset": _NAME,
    "variations": list_field(_NAME, 0, MAX_VARIATIONS),
    "players": integer_field(2, MAX_PLAYERS),
    "max_turns": nullable_field(integer_field(1, MAX_TURNS)),
}
"""A record's ``"rules"``; ``"fields"`` (:data:`_RULES_OPTIONAL`) when the rules are
not a preset's."""
_RULES_OPTIONAL: dict[str, FieldCheck] = {
    "fields": object_field({}, {name: _any for name in sorted(_RULE_FIELDS)}),
}

_DEAL: dict[str, FieldCheck] = {
    "hands": list_field(_cards(_MAX_DEALT), 0, MAX_PLAYERS),
    "upcard": _card,
    "stock": _cards(_MAX_POOL),
}
"""A round's ``"deal"`` (the cards parsed, and the deal checked, by the replay)."""

_ACTIONS: dict[str, FieldCheck] = {
    "draw": object_field(
        {
            "player": _PLAYER,
            "type": choice_field("draw"),
            "source": choice_field("stock", "discard"),
        },
        {"pile": _PILE},
    ),
    "discard": object_field(
        {
            "player": _PLAYER,
            "type": choice_field("discard"),
            "card": _card,
            "go_out": boolean_field,
        },
        {"pile": _PILE, "melds": _MELDS},
    ),
    "meld": object_field(
        {"player": _PLAYER, "type": choice_field("meld"), "cards": _cards(_MAX_HELD)}
    ),
    "lay_off": object_field(
        {"player": _PLAYER, "type": choice_field("lay_off"), "card": _card, "meld": _MELD_INDEX}
    ),
    "reshuffle": object_field({"type": choice_field("reshuffle"), "stock": _cards(_MAX_POOL)}),
}
"""A round's entries, told apart by their ``"type"``: a player's action (as
:meth:`Action.to_dict <threethirteen.Action.to_dict>` writes it, with the player),
or a reshuffle and the new stock."""

_ROUND: dict[str, FieldCheck] = {
    "number": integer_field(1, MAX_ROUNDS),
    "dealer": _PLAYER,
    "wild": _rank,
    "cards_dealt": integer_field(3, _MAX_DEALT),
    "deal": object_field(_DEAL),
    "actions": list_field(union_field("type", _ACTIONS), 0, MAX_RECORD_ACTIONS),
    "end": nullable_field(choice_field(*_ENDS)),
    "void": boolean_field,
    "scores": nullable_field(_SCORES),  # (then: one a player)
}
"""A round record."""


def _rounds(value: object, where: str) -> None:
    """The rounds: at most :data:`MAX_RECORD_ROUNDS`, then (before any entry is read)
    at most :data:`MAX_RECORD_ACTIONS` entries in all, then each round."""
    if not isinstance(value, list):
        raise expected(where, "a list", value)
    if len(value) > MAX_RECORD_ROUNDS:
        raise FieldError(
            f"{where}: expected a list of 0 to {MAX_RECORD_ROUNDS} items, not {len(value)}"
        )
    entries = 0
    for index, item in enumerate(value):
        actions = item.get("actions") if isinstance(item, Mapping) else None
        entries += len(actions) if isinstance(actions, list) else 0
        if entries > MAX_RECORD_ACTIONS:
            raise FieldError(
                f"{where}[{index}].actions: a record holds at most {MAX_RECORD_ACTIONS} actions"
                " (MAX_RECORD_ACTIONS)"
            )
    check = object_field(_ROUND)
    for index, item in enumerate(value):
        check(item, f"{where}[{index}]")


def _action_text(value: object, where: str) -> None:
    """An action's notation (``"discard 7h"``), which must parse."""
    if not isinstance(value, str) or not 1 <= len(value) <= MAX_ACTION_LENGTH:
        raise expected(
            where, f"an action's notation of at most {MAX_ACTION_LENGTH} characters", value
        )
    try:
        _parsed(value)
    except ThreeThirteenError as error:
        raise FieldError(f"{where}: {error}") from None


_CANDIDATE: dict[str, FieldCheck] = {
    "action": _action_text,
    "value": number_field(-MAX_SCORE, MAX_SCORE),
    "error": number_field(0, MAX_SCORE),
}
"""A candidate action of a decision and its value (the expected round margin)."""

_DECISION: dict[str, FieldCheck] = {
    "round": integer_field(0, MAX_RECORD_ROUNDS - 1),
    "index": integer_field(0, MAX_RECORD_ACTIONS - 1),
    "player": _PLAYER,
    "candidates": list_field(object_field(_CANDIDATE), 1, MAX_CANDIDATES),
    "best": _action_text,
    "loss": number_field(0, MAX_SCORE),
    "error": number_field(0, MAX_SCORE),
    "label": nullable_field(choice_field(*LABELS)),
    "words": string_field(MAX_WORDS_LENGTH, fewest=0),
}
"""A decision reviewed (then: it names an action of the record, after the one before)."""

_ANALYSIS: dict[str, FieldCheck] = {
    "level": choice_field(*LEVELS),
    "deals": integer_field(0, MAX_ANALYSIS_DEALS),
    "seed": integer_field(0, MAX_SEED),
    "policy": string_field(MAX_NAME_LENGTH),
    "decisions": list_field(object_field(_DECISION), 0, MAX_RECORD_ACTIONS),
}
"""A record's ``"analysis"`` (format version 2): its review."""

_TOP: dict[str, FieldCheck] = {
    "format": choice_field(RECORD_FORMAT),
    "version": integer_field(1, 2),
    "rules": object_field(_RULES, _RULES_OPTIONAL),
    "seed": nullable_field(integer_field(0, MAX_SEED)),
    "rounds": _rounds,
    "totals": _SCORES,  # (then: one a player)
    "winners": nullable_field(list_field(_PLAYER, 0, MAX_PLAYERS)),
}
"""A record of either version; ``"names"`` when given (:data:`_TOP_OPTIONAL`), and in
version 2 ``"analysis"`` (:data:`_TOP_V2`)."""
_TOP_OPTIONAL: dict[str, FieldCheck] = {"names": list_field(_NAME, 0, MAX_PLAYERS)}
_TOP_V2: dict[str, FieldCheck] = {**_TOP, "analysis": object_field(_ANALYSIS)}


def _one_a_player(record: Mapping[str, Any]) -> None:
    """The names, each round's scores and the totals: one a player."""
    players = record["rules"]["players"]
    lists: list[tuple[str, str, Any]] = [("names", "a name", record.get("names"))]
    lists += [
        (f"rounds[{i}].scores", "a score", data["scores"])
        for i, data in enumerate(record["rounds"])
    ]
    lists.append(("totals", "a total", record["totals"]))
    for where, what, items in lists:
        if items is not None and len(items) != players:
            raise FieldError(
                f"{where}: expected {what} for each of {players} players, not {len(items)}"
            )


def _decisions_name_actions(record: Mapping[str, Any]) -> None:
    """Each decision of the analysis names an action of the record, by that player,
    after the decision before; its best action is one of its candidates."""
    if "analysis" not in record:
        return
    rounds = record["rounds"]
    last = (-1, -1)
    for number, decision in enumerate(record["analysis"]["decisions"]):
        where = f"analysis.decisions[{number}]"
        at = (decision["round"], decision["index"])
        if at <= last:
            raise FieldError(
                f"{where}: round {at[0]}, index {at[1]} is not after the decision before"
            )
        last = at
        if at[0] >= len(rounds) or at[1] >= len(rounds[at[0]]["actions"]):
            raise FieldError(f"{where}: the record has no action {at[1]} in round record {at[0]}")
        entry = rounds[at[0]]["actions"][at[1]]
        if entry["type"] == "reshuffle":
            raise FieldError(
                f"{where}: round record {at[0]}'s entry {at[1]} is a reshuffle, not an action"
            )
        if entry["player"] != decision["player"]:
            raise FieldError(
                f"{where}: round record {at[0]}'s action {at[1]} is player {entry['player']}'s,"
                f" not player {decision['player']}'s"
            )
        best = _parsed(decision["best"])
        if all(_parsed(item["action"]) != best for item in decision["candidates"]):
            raise FieldError(f"{where}.best: {quote(decision['best'])} is none of the candidates")


_RECORD_RULES: tuple[CrossCheck, ...] = (_one_a_player, _decisions_name_actions)
"""The checks across a record's fields, after its tables."""


@lru_cache(maxsize=4096)
def _parsed(text: str) -> Action:
    return Action.parse(text)


def check_rules(rules: object, where: str = "rules") -> int:
    """Check the shape of a record's ``"rules"`` (at ``where``), as
    :func:`check_record` does; the number of players.

    :raises InvalidRecordError: naming the field and what is wrong.

    >>> check_rules({"preset": "pagat", "variations": [], "players": 2, "max_turns": None})
    2
    >>> check_rules({"preset": "pagat", "variations": [], "players": 1, "max_turns": None})
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidRecordError: rules.players: expected an integer from 2 to 16, not 1
    """
    try:
        object_field(_RULES, _RULES_OPTIONAL)(rules, where)
    except FieldError as error:
        raise InvalidRecordError(str(error)) from None
    assert isinstance(rules, Mapping)
    players: int = rules["players"]
    return players


def check_record(record: object) -> None:
    """Check a record's shape: every field present with the right type and within its
    bounds (the cards and the play are checked by the replay), by the tables of its
    parts, then the checks across fields (a score a player; an analysis's decisions
    naming the record's actions). The sizes are checked before what they hold: at
    most :data:`MAX_RECORD_ROUNDS` rounds and :data:`MAX_RECORD_ACTIONS` entries, a
    pool's cards in a deal. The optional ``"names"`` (the players' names, see
    :func:`record_names`) is checked when present; a record without it (older ones)
    is whole. A record of version 1 holds no ``"analysis"``; one of version 2 holds
    one (see :func:`record_analysis`).

    :raises InvalidRecordError: naming the field and what is wrong.

    >>> check_record({"format": "threethirteen-game", "version": 1.0})
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidRecordError: record version 1.0 is not one this library reads ...
    """
    if not isinstance(record, Mapping):
        raise InvalidRecordError(f"a game record is a JSON object, not {quote(record)}")
    if record.get("format") != RECORD_FORMAT:
        raise InvalidRecordError(
            f"not a game record: format is {quote(record.get('format'))}, not {RECORD_FORMAT!r}"
        )
    version = record.get("version")
    if type(version) is not int or version not in RECORD_VERSIONS:  # not 1.0, not true
        raise InvalidRecordError(
            f"record version {quote(version)} is not one this library reads (1 or 2)"
        )
    if version == RECORD_VERSION and "analysis" in record:
        raise InvalidRecordError(
            f"a record of version {RECORD_VERSION} holds no analysis (one with an analysis is"
            f" version {ANALYSIS_VERSION})"
        )
    check_fields(
        record,
        _TOP if version == RECORD_VERSION else _TOP_V2,
        "",
        InvalidRecordError,
        optional=_TOP_OPTIONAL,
        then=_RECORD_RULES,
    )


def check_analysis(analysis: object, rounds: Sequence[Mapping[str, Any]]) -> None:
    """Check a record's ``"analysis"`` (its review, see the records page) against the
    record's checked ``rounds``: its table (every field's type and bounds, at most
    :data:`MAX_CANDIDATES` candidates a decision, words of at most
    :data:`MAX_WORDS_LENGTH` characters, actions in notation that parse), then each
    decision naming an action of the record (its round record's index, the action's
    index in its ``"actions"``, not a reshuffle, that player's), in the game's order.

    :raises InvalidRecordError: naming the field and what is wrong.

    >>> rounds = [{"actions": [{"player": 1, "type": "draw", "source": "stock"}]}]
    >>> check_analysis({"level": "quick", "deals": 0, "seed": 0, "policy": "playout",
    ...     "decisions": []}, rounds)
    >>> check_analysis({"level": "best"}, rounds)
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidRecordError: analysis.level: expected 'full' or 'quick', not 'best'
    """
    try:
        object_field(_ANALYSIS)(analysis, "analysis")
        _decisions_name_actions({"rounds": rounds, "analysis": analysis})
    except FieldError as error:
        raise InvalidRecordError(str(error)) from None


def record_analysis(record: Mapping[str, Any]) -> dict[str, Any] | None:
    """The analysis a record holds (its ``"analysis"``, format version 2: the review of
    its decisions, see the records page), checked with the whole record; ``None`` for
    a record without one (version 1). A copy: the caller's to change.

    :raises InvalidRecordError: for a record that is not well formed.

    >>> import threethirteen as tt
    >>> record = tt.Game("pagat", players=2, seed=5).to_record()
    >>> record_analysis(record) is None
    True
    """
    check_record(record)
    analysis = record.get("analysis")
    return None if analysis is None else copy.deepcopy(dict(analysis))


def with_analysis(record: Mapping[str, Any], analysis: Mapping[str, Any] | None) -> dict[str, Any]:
    """A copy of a checked ``record`` that holds ``analysis`` (checked against it), as
    format version 2; with ``None``, a copy without one, as version 1.

    :raises InvalidRecordError: for an analysis that is not well formed, or names
        actions the record does not hold.

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=5)
    >>> game.apply(tt.Action.parse("draw stock"))
    >>> analysis = {"level": "quick", "deals": 0, "seed": 0, "policy": "playout",
    ...     "decisions": [{"round": 0, "index": 0, "player": 1,
    ...         "candidates": [{"action": "draw stock", "value": 0.5, "error": 0.0}],
    ...         "best": "draw stock", "loss": 0.0, "error": 0.0, "label": None, "words": ""}]}
    >>> reviewed = with_analysis(game.to_record(), analysis)
    >>> reviewed["version"], record_analysis(reviewed) == analysis
    (2, True)
    """
    check_record(record)
    copied = {key: copy.deepcopy(value) for key, value in record.items() if key != "analysis"}
    if analysis is None:
        copied["version"] = RECORD_VERSION
        return copied
    check_analysis(analysis, record["rounds"])
    copied["version"] = ANALYSIS_VERSION
    copied["analysis"] = copy.deepcopy(dict(analysis))
    return copied


def _names(value: object, players: int) -> list[str]:
    try:
        list_field(_NAME, 0, MAX_PLAYERS)(value, "names")
    except FieldError as error:
        raise InvalidRecordError(str(error)) from None
    assert isinstance(value, list)
    if len(value) != players:
        raise InvalidRecordError(
            f"names: expected a name for each of {players} players, not {len(value)}"
        )
    return value


def record_names(record: Mapping[str, Any]) -> list[str] | None:
    """The players' names a checked record holds (its optional ``"names"``: one a
    seat, as ``threethirteen play --record`` writes them), or ``None``.

    :raises InvalidRecordError: for names that are not a string of at most
        :data:`MAX_NAME_LENGTH` characters for each player.

    >>> record_names({"rules": {"players": 2}, "names": ["you", "advisor"]})
    ['you', 'advisor']
    >>> record_names({"rules": {"players": 3}, "names": ["you", "advisor"]})
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidRecordError: names: expected a name for each of 3 players, not 2
    """
    if "names" not in record:
        return None
    return _names(record["names"], record["rules"]["players"])


def score_sheet(
    players: int,
    rounds: Sequence[Mapping[str, Any]],
    totals: Sequence[int],
    winners: Sequence[int] | None,
    names: Sequence[str] | None = None,
) -> str:
    """The scores as text: a row per round (a void round marked), the totals, the winners.

    ``names``: each player's name (default ``player 0``, ``player 1``...).

    >>> rounds = [{"number": 1, "wild": "3", "void": False, "scores": [0, 12]}]
    >>> print(score_sheet(2, rounds, [0, 12], [0]))
    round  wild  player 0  player 1
        1     3         0        12
    total               0        12
    winner: player 0
    >>> print(score_sheet(2, rounds, [0, 12], [0], names=["you", "greedy"]))
    round  wild     you  greedy
        1     3       0      12
    total             0      12
    winner: you
    """
    if names is None:
        names = [f"player {player}" for player in range(players)]
    elif len(names) != players:
        raise GameError(f"a score sheet names each of {players} players, not {quote(names)}")
    widths = [max(len(name), 6) for name in names]
    lines = [
        "round  wild  "
        + "  ".join(name.rjust(width) for name, width in zip(names, widths, strict=True))
    ]
    for data in rounds:
        scores = data.get("scores")
        if scores is None:
            cells = ["-".rjust(width) for width in widths]
        else:
            cells = [str(score).rjust(width) for score, width in zip(scores, widths, strict=True)]
        line = f"{data['number']:>5}  {data.get('wild') or ''!s:>4}  " + "  ".join(cells)
        if data.get("void"):
            line += "  (void: replayed)"
        lines.append(line)
    lines.append(
        "total"
        + " " * 8
        + "  ".join(str(total).rjust(width) for total, width in zip(totals, widths, strict=True))
    )
    if winners:
        label = "winner" if len(winners) == 1 else "winners (shared)"
        lines.append(f"{label}: " + ", ".join(names[player] for player in winners))
    return "\n".join(lines)


def rules_dict(rules: Rules, players: int, max_turns: int | None) -> dict[str, Any]:
    """The rules as a record writes them: the preset, the variations, the table; and
    every field when the rules are not the preset's for that table."""
    data: dict[str, Any] = {
        "preset": rules.name,
        "variations": list(rules.variations),
        "players": players,
        "max_turns": max_turns,
    }
    fields = custom_fields(rules, players)
    if fields is not None:
        data["fields"] = fields
    return data


def custom_fields(rules: Rules, players: int) -> dict[str, Any] | None:
    """The rules' fields when they are not the preset's with its variations (a
    fresh dict: the caller's to change)."""
    fields = _custom_fields(rules, players)
    return (
        None
        if fields is None
        else {
            name: list(value) if isinstance(value, list) else value
            for name, value in fields.items()
        }
    )


@lru_cache(maxsize=256)
def _custom_fields(rules: Rules, players: int) -> dict[str, Any] | None:
    """:func:`custom_fields`, worked out once for each rules and table (a view's
    ``to_dict``, which every process bot's request holds, asks it every time)."""
    try:
        plain = Rules.preset(rules.name, rules.variations, players=players)
    except ThreeThirteenError:
        plain = None
    if plain == rules:
        return None
    return {
        item.name: list(value) if isinstance(value := getattr(rules, item.name), tuple) else value
        for item in dataclass_fields(rules)
    }


def record_rules(spec: Mapping[str, Any]) -> Rules:
    """The rules a record's ``"rules"`` names: its ``fields`` when given (checked
    against its preset and variations), else the preset for its table.

    :raises InvalidRecordError: for fields missing, unknown (``lay_off``, the old
        spelling of ``layoff``, too) or out of line with the preset.
    :raises InvalidRulesError: for rules that are not (an unknown preset...).
    """
    fields = spec.get("fields")
    if fields is not None:
        values: dict[str, Any] = {
            key: tuple(value) if isinstance(value, list) else value for key, value in fields.items()
        }
        extra = sorted(str(key) for key in values if key not in _RULE_FIELDS)
        if extra:  # (an old spelling such as lay_off would override its field)
            raise InvalidRecordError(
                f"the record's rule fields: unexpected field {quote(extra[0])}"
            )
        missing = [item.name for item in dataclass_fields(Rules) if item.name not in values]
        if missing:
            raise InvalidRecordError(f"the record's rule fields: missing {missing[0]!r}")
        try:
            rules = Rules(**values)
        except TypeError as error:
            raise InvalidRecordError(f"the record's rule fields: {error}") from None
        said = (spec["preset"], list(spec["variations"]))
        if said != (rules.name, list(rules.variations)):
            raise InvalidRecordError(
                f"the record's rules say preset {quote(said[0])} and variations"
                f" {quote(said[1])}; its fields say {quote(rules.name)}"
                f" and {quote(list(rules.variations))}"
            )
        return rules
    return Rules.preset(spec["preset"], spec["variations"], players=spec["players"])


def card_codes(cards: object, where: str) -> list[int]:
    """The codes of a record's list of cards (``["9s", "Jk"]``).

    :raises InvalidRecordError: saying ``where`` the list is, for one that is not
        a list of card texts.

    >>> card_codes(["9s", "Jk"], "the stock")
    [47, 52]
    """
    if not isinstance(cards, list) or not all(isinstance(card, str) for card in cards):
        raise InvalidRecordError(f"{where}: cards are a list of strings, not {quote(cards)}")
    try:
        return [Card.parse(card).code for card in cards]
    except ThreeThirteenError as error:
        raise InvalidRecordError(f"{where}: {error}") from None


def read_deal(
    deal: Mapping[str, Any], players: int, dealt: int, pool: list[int], where: str
) -> tuple[list[list[int]], int, list[int]]:
    """A record's deal as card codes: the hands, the upcard, the stock (top first).

    :param pool: every card code of the game's pool, sorted.
    :raises InvalidRecordError: for cards that do not parse, hands of the wrong size,
        or a deal that is not the pool's cards.
    """
    hands = [card_codes(hand, f"{where}, hand {i}") for i, hand in enumerate(deal["hands"])]
    if len(hands) != players:
        raise InvalidRecordError(f"{where}: {len(hands)} hands dealt for {players} players")
    for index, hand in enumerate(hands):
        if len(hand) != dealt:
            raise InvalidRecordError(f"{where}: hand {index} holds {len(hand)} cards, not {dealt}")
    upcard = card_codes([deal["upcard"]], f"{where}, the upcard")[0]
    stock = card_codes(deal["stock"], f"{where}, the stock")
    everything = sorted([code for hand in hands for code in hand] + [upcard] + stock)
    if everything != pool:
        dealt_cards = Counter(everything)
        extra = sorted((dealt_cards - Counter(pool)).elements())
        missing = sorted((Counter(pool) - dealt_cards).elements())
        detail = (
            f"{CARDS[extra[0]]} is dealt more often than the pool holds it"
            if extra
            else f"{CARDS[missing[0]]} is missing"
        )
        raise InvalidRecordError(f"{where}: the deal is not the pool's cards: {detail}")
    return hands, upcard, stock


def event_dicts(
    events: Sequence[tuple[int, Any]], orders: Sequence[tuple[int, ...]]
) -> list[dict[str, Any]]:
    """The record's entries of a round's events: actions, and reshuffles with their stocks."""
    stocks = iter(orders)
    entries: list[dict[str, Any]] = []
    for player, event in events:
        if player < 0:
            entries.append(
                {"type": "reshuffle", "stock": [str(CARDS[code]) for code in next(stocks)]}
            )
        else:
            entries.append({"player": player, **event.to_dict()})
    return entries


# -- writing a game's record and checking its replay --------------------------------
# The game writes each round's dict as the round ends and replays a record by playing
# it (its deals and reshuffles are game state); what a record is, and how a replay is
# checked against it, is here.


def game_record(
    rules: Rules,
    players: int,
    max_turns: int | None,
    seed: int | None,
    rounds: Sequence[Mapping[str, Any]],
    totals: Sequence[int],
    winners: Sequence[int] | None,
    *,
    analysis: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """A game's record (:meth:`Game.to_record <threethirteen.Game.to_record>`): the
    rules, the seed, each round's dict (deep copies: the caller's to change) and the
    result (``winners``: ``None`` while the game is in play); format version 1, or 2
    with an ``analysis`` (the game's review, checked: see :func:`check_analysis`).

    :raises InvalidRecordError: for an analysis that is not well formed or names
        actions the rounds do not hold.

    >>> import threethirteen as tt
    >>> record = game_record(tt.Rules.preset("pagat"), 2, None, 5, [], [0, 0], None)
    >>> record["format"], record["rules"]["preset"], record["winners"]
    ('threethirteen-game', 'pagat', None)
    """
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION if analysis is None else ANALYSIS_VERSION,
        "rules": rules_dict(rules, players, max_turns),
        "seed": seed,
        "rounds": copy.deepcopy(list(rounds)),  # the caller's to change; the game's stay
        "totals": list(totals),
        "winners": None if winners is None else list(winners),
    }
    if analysis is not None:
        check_analysis(analysis, record["rounds"])
        record["analysis"] = copy.deepcopy(dict(analysis))
    return record


def check_round_start(where: str, data: Mapping[str, Any], expected: tuple[int, int, int]) -> None:
    """Refuse a round record whose number, dealer and cards dealt are not the game's
    (``expected``) at that point of the replay.

    :raises InvalidRecordError: saying both.

    >>> check_round_start("round record 0 (round 2)", {"number": 2, "dealer": 0,
    ...     "cards_dealt": 3}, (1, 0, 3))
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidRecordError: round record 0 (round 2): number, dealer ...
    """
    found = (data["number"], data["dealer"], data["cards_dealt"])
    if found != expected:
        raise InvalidRecordError(
            f"{where}: number, dealer and cards dealt are {found}; the game's are {expected}"
        )


def reshuffle_stocks(actions: Sequence[Mapping[str, Any]], where: str) -> list[list[int]]:
    """The new stock of each reshuffle among a round record's actions, in order, as
    card codes (top card first): what a replay without a seed deals them from.

    :raises InvalidRecordError: for a stock that is not a list of cards.

    >>> reshuffle_stocks([{"type": "reshuffle", "stock": ["9s", "Jk"]}], "round record 0")
    [[47, 52]]
    """
    return [
        card_codes(entry.get("stock"), f"{where}, a reshuffle's stock")
        for entry in actions
        if entry.get("type") == "reshuffle"
    ]


def check_round_played(where: str, made: Mapping[str, Any], data: Mapping[str, Any]) -> None:
    """Refuse a round record that the game, replaying it, wrote otherwise (``made``:
    the round's dict as the game writes it): the first action that differs, then the
    wild rank, the end, whether void, the scores.

    :raises InvalidRecordError: naming the first difference.

    >>> made = {"actions": [{"player": 1, "type": "draw", "source": "stock"}]}
    >>> check_round_played("round record 0 (round 1)", made, {"actions": []})
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidRecordError: round record 0 (round 1), action 0: the record says ...
    """
    if made["actions"] != data["actions"]:
        mine, theirs = made["actions"], data["actions"]
        first = next(
            (i for i, pair in enumerate(zip(mine, theirs, strict=False)) if pair[0] != pair[1]),
            min(len(mine), len(theirs)),
        )
        said = theirs[first] if first < len(theirs) else None
        did = mine[first] if first < len(mine) else None
        raise InvalidRecordError(
            f"{where}, action {first}: the record says {quote(said)}, the game did {quote(did)}"
        )
    for key in ("wild", "end", "void", "scores"):
        if made[key] != data[key]:
            said, did = quote(data[key]), quote(made[key])
            raise InvalidRecordError(f"{where}: the record's {key} is {said}, the game's {did}")


def check_game_end(
    record: Mapping[str, Any], totals: Sequence[int], winners: Sequence[int] | None
) -> None:
    """Refuse a record whose totals and winners are not those of the game that
    replayed it (``winners``: ``None`` while the game is in play).

    :raises InvalidRecordError: saying both.

    >>> check_game_end({"totals": [0, 9], "winners": [0]}, [0, 9], [0])
    >>> check_game_end({"totals": [0, 8], "winners": [0]}, [0, 9], [0])
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidRecordError: the record's totals [0, 8] are not the game's [0, 9]
    """
    if record["totals"] != list(totals):
        raise InvalidRecordError(
            f"the record's totals {quote(record['totals'])} are not the game's {list(totals)}"
        )
    found = None if winners is None else list(winners)
    if record["winners"] != found:
        raise InvalidRecordError(
            f"the record's winners {quote(record['winners'])} are not the game's {found}"
        )
