"""Game records: the versioned JSON document a :class:`~threethirteen.Game` writes,
its shape checked before a replay, and the score sheet.

The format is described on the docs' records page and by the JSON Schema shipped
in the package (:func:`schema`). :func:`check_record` checks the shape (fields,
types, card notation); the game's replay checks the play.

>>> check_record({"format": "threethirteen-game", "version": 2})
Traceback (most recent call last):
...
threethirteen.errors.InvalidRecordError: record version 2 is not one this library reads (1)
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

from .._validate import MAX_SEED, FieldError, integer_field, quote
from ..errors import GameError, InvalidRecordError, ThreeThirteenError
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

__all__ = [
    "MAX_NAME_LENGTH",
    "MAX_RECORD_ACTIONS",
    "MAX_RECORD_BYTES",
    "MAX_RECORD_ROUNDS",
    "MAX_SCORE",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "card_codes",
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
    "record_names",
    "record_rules",
    "reshuffle_stocks",
    "rules_dict",
    "schema",
    "score_sheet",
]

RECORD_FORMAT = "threethirteen-game"
"""The ``"format"`` of a game record."""
RECORD_VERSION = 1
"""The version of the record format this library writes and reads."""

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

_TOP = {"format", "version", "rules", "seed", "rounds", "totals", "winners"}
_OPTIONAL_TOP = frozenset({"names"})
_RULES = {"preset", "variations", "players", "max_turns"}
_ROUND = {"number", "dealer", "wild", "cards_dealt", "deal", "actions", "end", "void", "scores"}
_DEAL = {"hands", "upcard", "stock"}
_ENDS = (None, "out", "empty_hand", "stock", "turn_limit")
_RULE_FIELDS = frozenset(item.name for item in dataclass_fields(Rules))


def rank_text(rank: int | None) -> str | None:
    """A wild rank as a record writes it: ``"3"``, ``"J"``; ``None`` for none.

    >>> rank_text(11), rank_text(None)
    ('J', None)
    """
    return None if rank is None else rank_name(rank)


def schema() -> dict[str, Any]:
    """The JSON Schema of a game record (version 1), shipped with the package.

    >>> schema()["title"]
    'A game of Three Thirteen, as threethirteen records it'
    """
    text = (
        resources.files("threethirteen").joinpath("schemas/game-record-1.json").read_text("utf-8")
    )
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def _fail(where: str, message: str) -> InvalidRecordError:
    return InvalidRecordError(f"{where}: {message}" if where else message)


def _keys(
    data: object, required: set[str], where: str, optional: frozenset[str] = frozenset()
) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise _fail(where, f"expected an object, not {quote(data)}")
    missing = sorted(required - set(data))
    if missing:
        raise _fail(where, f"missing field {missing[0]!r}")
    known = required | optional
    extra = min((str(key) for key in data if key not in known), default=None)  # (no sort)
    if extra is not None:
        raise _fail(where, f"unexpected field {quote(extra)}")
    return data


def _int(value: object, where: str, low: int, high: int) -> int:
    """An int (never a bool) from ``low`` to ``high``: the field check
    :func:`~threethirteen._validate.integer_field`."""
    if type(value) is int and low <= value <= high:
        return value
    try:
        integer_field(low, high)(value, where)
    except FieldError as error:
        raise InvalidRecordError(str(error)) from None
    assert isinstance(value, int)  # (a subclass of int)
    return value


def _list(value: object, where: str, most: int, what: str = "a list") -> list[Any]:
    """A list of at most ``most`` items (its length checked before its items)."""
    if not isinstance(value, list):
        raise _fail(where, f"expected {what}, not {quote(value)}")
    if len(value) > most:
        raise _fail(where, f"expected at most {most} items, not {len(value)}")
    return value


def _ints(value: object, where: str, low: int, high: int, size: int | None = None) -> list[int]:
    """A list of ints from ``low`` to ``high``: ``size`` of them, or at most one a player
    (a longer list is not read)."""
    items = _list(value, where, MAX_PLAYERS, "a list of integers")
    if size is not None and len(items) != size:
        raise _fail(where, f"expected {size} numbers, not {len(items)}")
    for item in items:
        _int(item, where, low, high)
    return items


def _strings(value: object, where: str, most: int = _MAX_POOL, longest: int = 0) -> list[str]:
    """A list of at most ``most`` strings (each of at most ``longest`` characters)."""
    items = _list(value, where, most, "a list of strings")
    for item in items:
        if not isinstance(item, str):
            raise _fail(where, f"expected a list of strings, not {quote(value)}")
        if longest and len(item) > longest:
            raise _fail(where, f"expected at most {longest} characters, not {quote(item)}")
    return items


def check_rules(rules: object, where: str = "rules") -> int:
    """Check the shape of a record's ``"rules"`` (at ``where``), as
    :func:`check_record` does; the number of players.

    :raises InvalidRecordError: naming the field and what is wrong.

    >>> check_rules({"preset": "pagat", "variations": [], "players": 2, "max_turns": None})
    2
    """
    spec = _keys(rules, _RULES, where, frozenset({"fields"}))
    preset = spec["preset"]
    if not isinstance(preset, str) or len(preset) > MAX_NAME_LENGTH:
        expected = f"expected a name of at most {MAX_NAME_LENGTH} characters"
        raise _fail(f"{where}.preset", f"{expected}, not {quote(preset)}")
    _strings(spec["variations"], f"{where}.variations", MAX_VARIATIONS, MAX_NAME_LENGTH)
    players = _int(spec["players"], f"{where}.players", 2, MAX_PLAYERS)
    if spec["max_turns"] is not None:
        _int(spec["max_turns"], f"{where}.max_turns", 1, MAX_TURNS)
    if "fields" in spec:
        _keys(spec["fields"], set(), f"{where}.fields", _RULE_FIELDS)
    return players


def check_record(record: object) -> None:
    """Check a record's shape: every field present with the right type and within its
    bounds (the cards and the play are checked by the replay). The sizes are checked
    before what they hold: at most :data:`MAX_RECORD_ROUNDS` rounds and
    :data:`MAX_RECORD_ACTIONS` entries, a pool's cards in a deal. The optional
    ``"names"`` (the players' names, see :func:`record_names`) is checked when present;
    a record without it (older ones) is whole.

    :raises InvalidRecordError: naming the field and what is wrong.

    >>> check_record({"format": "threethirteen-game", "version": 1.0})
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidRecordError: record version 1.0 is not one this library reads (1)
    """
    if not isinstance(record, Mapping):
        raise InvalidRecordError(f"a game record is a JSON object, not {quote(record)}")
    if record.get("format") != RECORD_FORMAT:
        raise InvalidRecordError(
            f"not a game record: format is {quote(record.get('format'))}, not {RECORD_FORMAT!r}"
        )
    version = record.get("version")
    if type(version) is not int or version != RECORD_VERSION:  # not 1.0, not true
        raise InvalidRecordError(
            f"record version {quote(version)} is not one this library reads ({RECORD_VERSION})"
        )
    _keys(record, _TOP, "", _OPTIONAL_TOP)
    players = check_rules(record["rules"])
    if "names" in record:
        _names(record["names"], players)
    if record["seed"] is not None:
        _int(record["seed"], "seed", 0, MAX_SEED)
    rounds = _list(record["rounds"], "rounds", MAX_RECORD_ROUNDS)
    entries = 0
    for index, data in enumerate(rounds):
        where = f"rounds[{index}]"
        item = _keys(data, _ROUND, where)
        _int(item["number"], f"{where}.number", 1, MAX_ROUNDS)
        _int(item["dealer"], f"{where}.dealer", 0, MAX_PLAYERS - 1)
        _int(item["cards_dealt"], f"{where}.cards_dealt", 3, _MAX_DEALT)
        if item["wild"] is not None and not isinstance(item["wild"], str):
            raise _fail(
                f"{where}.wild", f"expected a rank such as '3' or 'J', not {quote(item['wild'])}"
            )
        deal = _keys(item["deal"], _DEAL, f"{where}.deal")
        hands = _list(deal["hands"], f"{where}.deal.hands", MAX_PLAYERS, "a list of hands")
        for number, hand in enumerate(hands):
            _strings(hand, f"{where}.deal.hands[{number}]", _MAX_DEALT)
        if not isinstance(deal["upcard"], str):
            raise _fail(f"{where}.deal.upcard", f"expected a card, not {quote(deal['upcard'])}")
        _strings(deal["stock"], f"{where}.deal.stock")
        actions = _list(item["actions"], f"{where}.actions", MAX_RECORD_ACTIONS)
        entries += len(actions)
        if entries > MAX_RECORD_ACTIONS:
            raise _fail(
                f"{where}.actions",
                f"a record holds at most {MAX_RECORD_ACTIONS} actions (MAX_RECORD_ACTIONS)",
            )
        for number, action in enumerate(actions):
            if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
                raise _fail(
                    f"{where}.actions[{number}]", f"expected an action object, not {quote(action)}"
                )
            if action["type"] == "reshuffle":
                _keys(action, {"type", "stock"}, f"{where}.actions[{number}]")
                _strings(action["stock"], f"{where}.actions[{number}].stock")
            elif "player" not in action:
                raise _fail(f"{where}.actions[{number}]", "missing field 'player'")
            else:
                _int(action["player"], f"{where}.actions[{number}].player", 0, MAX_PLAYERS - 1)
        if item["end"] is not None and (
            not isinstance(item["end"], str) or item["end"] not in _ENDS
        ):
            raise _fail(
                f"{where}.end",
                f"expected out, empty_hand, stock, turn_limit or null, not {quote(item['end'])}",
            )
        if not isinstance(item["void"], bool):
            raise _fail(f"{where}.void", f"expected true or false, not {quote(item['void'])}")
        if item["scores"] is not None:
            _ints(item["scores"], f"{where}.scores", -MAX_SCORE, MAX_SCORE, players)
    _ints(record["totals"], "totals", -MAX_SCORE, MAX_SCORE, players)
    if record["winners"] is not None:
        _ints(record["winners"], "winners", 0, MAX_PLAYERS - 1)


def _names(value: object, players: int) -> list[str]:
    names = _strings(value, "names", MAX_PLAYERS, MAX_NAME_LENGTH)
    if len(names) != players:
        raise _fail("names", f"expected a name for each of {players} players, not {len(names)}")
    return names


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
            raise InvalidRecordError(f"the record's rule fields: missing field {missing[0]!r}")
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
    events: list[tuple[int, Any]], orders: list[tuple[int, ...]]
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
) -> dict[str, Any]:
    """A game's record (:meth:`Game.to_record <threethirteen.Game.to_record>`): the
    rules, the seed, each round's dict (deep copies: the caller's to change) and the
    result (``winners``: ``None`` while the game is in play).

    >>> import threethirteen as tt
    >>> record = game_record(tt.Rules.preset("pagat"), 2, None, 5, [], [0, 0], None)
    >>> record["format"], record["rules"]["preset"], record["winners"]
    ('threethirteen-game', 'pagat', None)
    """
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "rules": rules_dict(rules, players, max_turns),
        "seed": seed,
        "rounds": copy.deepcopy(list(rounds)),  # the caller's to change; the game's stay
        "totals": list(totals),
        "winners": None if winners is None else list(winners),
    }


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
