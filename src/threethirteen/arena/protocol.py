"""The line protocol between an arena and a bot in its own process (version 1).

The arena writes one JSON object a line to the bot program's standard input:
``start`` at each game's start, ``act`` for each decision, ``end`` at the game's end
and ``quit`` before it closes the pipe. The bot answers each ``act``, and nothing
else, with one line on its standard output: the action's notation
(``discard 9s``) or ``{"action": "discard 9s"}``. The docs' protocol page describes
every message; :func:`schema` is its JSON Schema. This module holds the pure
parts: the messages built, a view read back from its dict, an answer line read.
:class:`~threethirteen.arena.process_bot.ProcessBot` (the arena's side) and
:mod:`threethirteen.arena.bot_server` (a Python bot's side) use them.

>>> import threethirteen as tt
>>> game = tt.Game("pagat", players=2, seed=7)
>>> message = act_message(game.view(1), game.legal_actions(), move_time=0.5)
>>> message["type"], message["legal"], message["move_time"]
('act', ['draw stock', 'draw discard'], 0.5)
>>> view_from_dict(message["view"]) == game.view(1)
True
>>> parse_answer('{"action": "draw discard"}')
Action.parse('draw discard')
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from importlib import resources
from typing import Any

from .._validate import (
    MAX_CARDS,
    FieldCheck,
    FieldError,
    as_finite,
    as_index,
    check_int,
    choice_field,
    expected,
    integer_field,
    list_field,
    load_json,
    nullable_field,
    object_field,
    quote,
)
from ..engine.actions import Action, DiscardCard, DrawDiscard, DrawStock, LayMeld, LayOff
from ..engine.game import Game, PlayerView, Reshuffle, TableMeld
from ..engine.public_replay import PublicReplay, PublicVisitor
from ..engine.records import record_rules, rules_dict
from ..engine.table_play import extended
from ..errors import (
    BotProtocolError,
    GameError,
    InvalidRecordError,
    ThreeThirteenError,
)
from ..hands.cards import CARDS, JOKER, Card, parse_rank
from ..hands.hand import Hand
from ..hands.meld_rules import verify_meld
from ..hands.melds import Meld
from ..hands.rounds import Round
from ..hands.rules import MAX_PLAYERS, Rules

__all__ = [
    "FORFEIT_KINDS",
    "MAX_ANSWER_BYTES",
    "MAX_HISTORY",
    "MAX_NESTING",
    "MESSAGE_TYPES",
    "PROTOCOL_VERSION",
    "act_message",
    "answer_request",
    "check_legal_actions",
    "end_message",
    "message_line",
    "parse_answer",
    "quit_message",
    "read_message",
    "schema",
    "start_message",
    "view_from_dict",
]

PROTOCOL_VERSION = 1
"""The version of the protocol: the ``"protocol"`` of a ``start`` message."""

MESSAGE_TYPES = ("start", "act", "end", "quit")
"""The ``"type"`` of each message the arena writes."""

FORFEIT_KINDS = ("error", "illegal", "time")
"""Why a bot forfeited a game (an ``end`` message's ``forfeit.kind``): it raised or
crashed, chose an illegal action, or overran its time for a decision."""

MAX_ANSWER_BYTES = 64 * 1024
"""The longest answer line a bot may write, in bytes (the newline not counted)."""

MAX_HISTORY = 1_000_000
"""The most entries a view's history may hold in a message."""

MAX_NESTING = 32
"""The deepest a message or an answer object may nest arrays and objects (a message
of version 1 nests 6 deep at most): deeper ones are refused unread, so no reader
ever recurses without a bound."""

_CARD_BY_TEXT = {str(card): card for card in CARDS}
_PHASES = ("draw", "play", "over")
_MAX_VARIATIONS = 64
_MAX_INT = 2**63
_MOST_REMEMBERED = 65536
_RULES_READ: dict[str, Rules] = {}
_MELDS_READ: dict[Any, Meld] = {}
_ACTIONS_READ: dict[Any, Action] = {}
"""What view_from_dict read before (values never changed): the rules by their JSON,
melds and history entries by their data (lists as tuples)."""


def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of every message of the protocol, both
    directions, shipped with the package as ``threethirteen/schemas/bot-protocol.json``.

    >>> schema()["title"]
    'The line protocol between a threethirteen arena and a bot program (version 1)'
    """
    text = resources.files("threethirteen").joinpath("schemas/bot-protocol.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


# -- the arena's messages --------------------------------------------------------------


def _seat(game: Game | PlayerView, seat: object, name: str = "seat") -> int:
    return check_int(name, seat, 0, game.players - 1, GameError)


def _optional_int(value: object, name: str) -> int | None:
    return None if value is None else as_index(value, name, GameError)


def start_message(
    game: Game | PlayerView, seat: int, *, bot_seed: int | None = None, index: int | None = None
) -> dict[str, Any]:
    """The ``start`` message for the bot in ``seat`` of ``game`` (a game, or a view of
    it: the rules, the table and the turn limit are read from it).

    :param bot_seed: the seed the bot is made with (``None``: the bot chooses).
    :param index: the game's index in a tournament (the message's ``"game"``), or ``None``.
    :raises GameError: for a seat that is not at the table.

    >>> import threethirteen as tt
    >>> start_message(tt.Game("bga", players=3, seed=1), 2, bot_seed=99)
    ... # doctest: +NORMALIZE_WHITESPACE
    {'type': 'start', 'protocol': 1, 'seat': 2, 'players': 3,
     'rules': {'preset': 'bga', 'variations': [], 'players': 3, 'max_turns': None},
     'bot_seed': 99, 'game': None}
    """
    seat = _seat(game, seat)
    return {
        "type": "start",
        "protocol": PROTOCOL_VERSION,
        "seat": seat,
        "players": game.players,
        "rules": rules_dict(game.rules, game.players, game.max_turns),
        "bot_seed": _optional_int(bot_seed, "bot_seed"),
        "game": _optional_int(index, "a game's index"),
    }


def act_message(
    view: PlayerView,
    legal_actions: Sequence[Action],
    move_time: float | None = None,
    *,
    request: int | None = None,
) -> dict[str, Any]:
    """The ``act`` message: the whole view (:meth:`~threethirteen.PlayerView.to_dict`), the legal
    actions' notation, and the seconds the bot has to answer (``None``: no limit).

    :param request: the request's number (an int from 0), written as the message's
        ``"request"`` after ``"move_time"``; a bot that echoes it in its answer object
        (:func:`answer_request`) is never confused with its own late answer to an
        earlier request. ``None`` (the default): the message has no ``"request"``.
    :raises GameError: for a ``move_time`` that is no number or a ``request`` that is
        no int from 0.

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> message = act_message(game.view(1), game.legal_actions())
    >>> sorted(message), message["view"]["hand"], message["move_time"]
    (['legal', 'move_time', 'type', 'view'], ['7c', '2d', '3d'], None)
    >>> list(act_message(game.view(1), game.legal_actions(), 0.5, request=3).items())[3:]
    [('move_time', 0.5), ('request', 3)]
    """
    if move_time is not None:
        move_time = float(as_finite(move_time, "move_time", GameError))
    if request is not None:
        request = check_int("request", request, 0, error=GameError)
    message: dict[str, Any] = {
        "type": "act",
        "view": view.to_dict(),
        "legal": [str(action) for action in legal_actions],
        "move_time": move_time,
    }
    if request is not None:
        message["request"] = request
    return message


def end_message(
    game: Game,
    seat: int,
    *,
    forfeit: Mapping[str, Any] | None = None,
    winners: Sequence[int] | None = None,
    totals: Sequence[int] | None = None,
    round_scores: Sequence[Sequence[int]] | None = None,
) -> dict[str, Any]:
    """The ``end`` message for the bot in ``seat``: the totals, each round's scores,
    the winners (``game.winners``, or ``winners``, ``totals`` and ``round_scores``
    when the arena decides them, as after a forfeit) and the forfeit, if a bot
    forfeited the game.

    :param forfeit: ``{"seat": int, "kind": "error" | "illegal" | "time"}`` or ``None``.
    :raises GameError: for a seat that is not at the table, or a forfeit that is not one.

    >>> import threethirteen as tt
    >>> game = tt.play(["greedy", "greedy"], seed=3)
    >>> message = end_message(game, 0)
    >>> message["totals"] == list(game.totals), message["winners"], message["forfeit"]
    (True, [1], None)
    >>> end_message(game, 0, forfeit={"seat": 1, "kind": "late"})
    Traceback (most recent call last):
    ...
    threethirteen.errors.GameError: a forfeit's kind is 'error', 'illegal' or 'time', not 'late'
    """
    seat = _seat(game, seat)
    said: dict[str, Any] | None = None
    if forfeit is not None:
        if not isinstance(forfeit, Mapping) or set(forfeit) != {"seat", "kind"}:
            raise GameError(f"a forfeit is {{'seat': ..., 'kind': ...}}, not {quote(forfeit)}")
        if forfeit["kind"] not in FORFEIT_KINDS:
            raise GameError(
                f"a forfeit's kind is 'error', 'illegal' or 'time', not {quote(forfeit['kind'])}"
            )
        said = {"seat": _seat(game, forfeit["seat"], "a forfeit's seat"), "kind": forfeit["kind"]}
    return {
        "type": "end",
        "seat": seat,
        "totals": list(game.totals if totals is None else totals),
        "round_scores": [
            list(scores) for scores in (game.round_scores if round_scores is None else round_scores)
        ],
        "winners": list(game.winners if winners is None else winners),
        "forfeit": said,
    }


def quit_message() -> dict[str, Any]:
    """The ``quit`` message, the last the arena writes before it closes the pipe.

    >>> quit_message()
    {'type': 'quit'}
    """
    return {"type": "quit"}


def message_line(message: Mapping[str, Any]) -> bytes:
    """A message as the line written: compact JSON (ASCII, so UTF-8), then a newline.

    >>> message_line(quit_message())
    b'{"type":"quit"}\\n'
    """
    return json.dumps(message, separators=(",", ":")).encode("ascii") + b"\n"


def read_message(line: str | bytes) -> dict[str, Any]:
    """A line the arena wrote, read back: a JSON object with a known ``"type"``.

    :raises BotProtocolError: for a line that is not such an object.

    >>> read_message('{"type":"quit"}')
    {'type': 'quit'}
    >>> read_message('{"type":"fly"}')
    Traceback (most recent call last):
    ...
    threethirteen.errors.BotProtocolError: unknown message type 'fly' (start, act, end, quit)
    """
    data = load_json(
        line, f"message {quote(line)}", BotProtocolError, max_depth=MAX_NESTING, allow_nan=False
    )
    if not isinstance(data, dict):
        raise BotProtocolError(f"a message is a JSON object, not {quote(data)}")
    if data.get("type") not in MESSAGE_TYPES:
        raise BotProtocolError(
            f"unknown message type {quote(data.get('type'))} (start, act, end, quit)"
        )
    return data


# -- the bot's answer ------------------------------------------------------------------


def parse_answer(line: str | bytes, legal_actions: Sequence[Action] | None = None) -> Action:
    """The action a bot's answer line names: its notation (``discard 9s``), or a JSON
    object ``{"action": "discard 9s"}`` (other keys are ignored: later versions may
    use them). Space around the answer and the line's end are ignored. Given the
    legal actions, an answer written as one of them returns that action itself;
    whether the action is legal is the arena's question, not this function's.

    :raises BotProtocolError: for a line that is neither: empty, too long (more than
        :data:`MAX_ANSWER_BYTES`), not UTF-8, bad JSON, or an object without a
        string ``"action"``.
    :raises InvalidActionError: for notation that is no action.

    >>> parse_answer("discard 9s\\n")
    Action.parse('discard 9s')
    >>> parse_answer('{"action": "draw stock", "note": "thinking"}')
    Action.parse('draw stock')
    >>> parse_answer("{draw stock}")
    Traceback (most recent call last):
    ...
    threethirteen.errors.BotProtocolError: answer '{draw stock}' is not JSON: Expecting ...
    >>> parse_answer("pass")
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidActionError: no action 'pass': write 'draw stock', ...
    """
    text = _answer_text(line)
    if not text:
        raise BotProtocolError("an empty line is no answer")
    data = _answer_object(text)
    if data is not None:
        notation = data.get("action")
        if not isinstance(notation, str):
            raise BotProtocolError(f'an answer object is {{"action": "..."}}, not {quote(text)}')
        text = notation.strip()
    if legal_actions is not None:
        for action in legal_actions:
            if str(action) == text:
                return action
    return Action.parse(text)


def answer_request(line: str | bytes) -> int | None:
    """The ``"request"`` of a bot's answer line: the int an answer object carries (the
    ``"request"`` of the ``act`` message it answers, echoed), or ``None`` for an answer
    in notation or an object without one. An arena that numbers its requests
    (:func:`act_message`'s ``request``) tells by it a late answer to an earlier
    request from the answer to the one it waits for.

    :raises BotProtocolError: for a ``"request"`` that is not an int (a bool is not),
        and for a line :func:`parse_answer` refuses as unreadable: too long, not
        UTF-8, or an object that is not JSON.

    >>> answer_request('{"action": "draw stock", "request": 12}')
    12
    >>> answer_request("draw stock") is None, answer_request('{"action": "draw stock"}') is None
    (True, True)
    >>> answer_request('{"action": "draw stock", "request": "12"}')
    Traceback (most recent call last):
    ...
    threethirteen.errors.BotProtocolError: an answer's request must be an int, not '12'
    """
    data = _answer_object(_answer_text(line))
    if data is None or "request" not in data:
        return None
    return as_index(data["request"], "an answer's request", BotProtocolError)


def _answer_text(line: object) -> str:
    """A bot's answer line as text, space around it stripped.

    :raises BotProtocolError: for a line too long, not UTF-8, or no text at all.
    """
    if isinstance(line, (bytes, str)) and len(line) > MAX_ANSWER_BYTES + 2:
        raise BotProtocolError(f"an answer is at most {MAX_ANSWER_BYTES} bytes, not {len(line)}")
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError:
            raise BotProtocolError(f"answer {quote(line)} is not UTF-8") from None
    elif not isinstance(line, str):
        raise BotProtocolError(f"an answer is a line of text, not {quote(line)}")
    return line.strip()


def _answer_object(text: str) -> dict[str, Any] | None:
    """The JSON object an answer's text is, or ``None`` for notation (text that does
    not start with ``{``).

    :raises BotProtocolError: for an object that is not JSON (or nests too deep), or
        JSON that is no object.
    """
    if not text.startswith("{"):
        return None
    data = load_json(
        text, f"answer {quote(text)}", BotProtocolError, max_depth=MAX_NESTING, allow_nan=False
    )
    if not isinstance(data, dict):
        raise BotProtocolError(f'an answer object is {{"action": "..."}}, not {quote(text)}')
    return data


# -- a view read back ------------------------------------------------------------------


def _fail(where: str, message: str) -> InvalidRecordError:
    return InvalidRecordError(f"view.{where}: {message}")


def _int(value: object, where: str, low: int = 0, high: int = _MAX_INT) -> int:
    """An integer field from ``low`` to ``high``, checked by
    :func:`~threethirteen._validate.integer_field` (whose bounds need the view's
    players or rules, so no entry of :data:`_VIEW_FIELDS` can say them)."""
    if type(value) is int and low <= value <= high:
        return value
    try:
        integer_field(low, high)(value, f"view.{where}")
    except FieldError as error:
        raise InvalidRecordError(str(error)) from None
    assert isinstance(value, int)  # (a subclass of int)
    return value


def _score(value: object, where: str) -> int:
    return _int(value, where, -_MAX_INT, _MAX_INT)


def _list(value: object, where: str, size: int | None = None, most: int = MAX_CARDS) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(where, f"expected a list, not {quote(value)}")
    if size is not None and len(value) != size:
        raise _fail(where, f"expected {size} items, not {len(value)}")
    if len(value) > most:
        raise _fail(where, f"expected at most {most} items, not {len(value)}")
    return value


def _card(value: object, where: str) -> Card:
    if isinstance(value, str):
        card = _CARD_BY_TEXT.get(value)
        if card is not None:
            return card
        try:
            return Card.parse(value)
        except ThreeThirteenError as error:
            raise _fail(where, str(error)) from None
    raise _fail(where, f"expected a card such as '9s', not {quote(value)}")


def _cards(value: object, where: str, most: int = MAX_CARDS) -> tuple[Card, ...]:
    return tuple(_card(item, where) for item in _list(value, where, most=most))


def _hand(value: object, where: str) -> Hand:
    return Hand(_cards(value, where))


def _bools(value: object, where: str, size: int) -> tuple[bool, ...]:
    for item in _list(value, where, size):
        if not isinstance(item, bool):
            raise _fail(where, f"expected true or false, not {quote(item)}")
    return tuple(value)  # type: ignore[arg-type]


def _ints(value: object, where: str, size: int, low: int = 0) -> tuple[int, ...]:
    return tuple(_int(item, where, low) for item in _list(value, where, size))


def _player(value: object, where: str, players: int) -> int:
    return _int(value, where, 0, players - 1)


def _maybe_player(value: object, where: str, players: int) -> int | None:
    return None if value is None else _player(value, where, players)


def _rules(value: Mapping[str, Any], players: int, max_turns: int | None) -> Rules:
    """The rules (their shape checked by :data:`_RULES_FIELDS`) for this table: its
    players and turn limit, rules that can be made."""
    if value["players"] != players or value["max_turns"] != max_turns:
        said = quote((value["players"], value["max_turns"]))
        table = (players, max_turns)
        raise _fail("rules", f"players and max_turns {said} are not the view's {table}")
    try:
        key: str | None = json.dumps(value, sort_keys=True)
    except (TypeError, ValueError):
        key = None
    found = _RULES_READ.get(key) if key is not None else None
    if found is not None:
        return found
    try:
        rules = record_rules(value)
    except (ThreeThirteenError, TypeError) as error:
        raise _fail("rules", str(error)) from None
    if key is not None:
        _remember(_RULES_READ, key, rules, 256)
    return rules


def _remember(cache: dict[Any, Any], key: Any, value: Any, most: int) -> None:
    if len(cache) >= most:
        cache.clear()
    cache[key] = value


def _frozen(value: object) -> Any:
    """A hashable key for JSON data of actions and melds (lists made tuples)."""
    if isinstance(value, list):
        return tuple(_frozen(item) for item in value)
    return value


@lru_cache(maxsize=256)
def _round(rules: Rules, number: int) -> Round:
    return Round(rules, number)


def _table(value: object, players: int) -> tuple[TableMeld, ...]:
    table = []
    for index, item in enumerate(_list(value, "table")):
        where = f"table[{index}]"
        if not isinstance(item, Mapping) or set(item) != {"owner", "cards"}:
            raise _fail(where, f"expected {{'owner': ..., 'cards': [...]}}, not {quote(item)}")
        owner = _player(item["owner"], f"{where}.owner", players)
        cards = _list(item["cards"], f"{where}.cards")
        if not all(isinstance(card, str) for card in cards):
            raise _fail(f"{where}.cards", f"expected strings, not {quote(cards)}")
        key = _frozen(cards)
        meld = _MELDS_READ.get(key)
        if meld is None:
            try:
                meld = Meld.parse(" ".join(cards), min_size=2)
            except ThreeThirteenError as error:
                raise _fail(where, str(error)) from None
            _remember(_MELDS_READ, key, meld, _MOST_REMEMBERED)
        table.append(TableMeld(owner, meld))
    return tuple(table)


def _history(value: object, players: int) -> tuple[tuple[int, Action | Reshuffle], ...]:
    history: list[tuple[int, Action | Reshuffle]] = []
    for index, entry in enumerate(_list(value, "history", most=MAX_HISTORY)):
        where = f"history[{index}]"
        if not isinstance(entry, Mapping):
            raise _fail(where, f"expected an object, not {quote(entry)}")
        if entry.get("type") == "reshuffle":
            if set(entry) != {"type", "cards"}:
                raise _fail(where, f"a reshuffle is {{'type', 'cards'}}, not {quote(entry)}")
            history.append((-1, Reshuffle(_hand(entry["cards"], f"{where}.cards"))))
            continue
        player = _player(entry.get("player"), f"{where}.player", players)
        try:
            key = tuple(
                [
                    (name, type(item), _frozen(item))
                    for name, item in entry.items()
                    if name != "player"
                ]
            )
            action = _ACTIONS_READ.get(key)
        except TypeError:  # not hashable: no action either
            key, action = None, None
        if action is None:
            try:
                action = Action.from_dict(entry)
            except ThreeThirteenError as error:
                raise _fail(where, str(error)) from None
            if key is not None:
                _remember(_ACTIONS_READ, key, action, _MOST_REMEMBERED)
        history.append((player, action))
    return tuple(history)


def _read_later(value: object, where: str) -> None:
    """A field of a view whose check needs the players, the rules, the round or the
    fields before it: :data:`_VIEW_READERS` checks it, in the second stage."""


def _text(value: object, where: str) -> None:
    if not isinstance(value, str):
        raise expected(where, "a string", value)


def _any_object(value: object, where: str) -> None:
    """An object of any fields (the rules' fields, which the rules check)."""
    if not isinstance(value, Mapping):
        raise expected(where, "an object", value)


_RULES_FIELDS: dict[str, FieldCheck] = {
    "preset": _text,
    "variations": list_field(_text, 0, _MAX_VARIATIONS),
    "players": integer_field(2, MAX_PLAYERS),  # (then: the view's)
    "max_turns": nullable_field(integer_field(1, _MAX_INT)),  # (then: the view's)
}
"""The rules as a record writes them (:func:`~threethirteen.engine.records.rules_dict`);
``"fields"`` too, for rules that are no preset's."""

_VIEW_FIELDS: dict[str, FieldCheck] = {
    "player": _read_later,  # a player at the table
    "players": integer_field(2, MAX_PLAYERS),
    "rules": object_field(_RULES_FIELDS, {"fields": nullable_field(_any_object)}),
    "max_turns": nullable_field(integer_field(1, _MAX_INT)),
    "round": _read_later,  # one of the rules' rounds
    "cards_dealt": integer_field(0, MAX_CARDS),  # (then: as the round deals)
    "wild": _read_later,  # the round's wild rank
    "dealer": _read_later,  # a player
    "to_move": _read_later,  # a player or null
    "phase": choice_field(*_PHASES),
    "hand": _read_later,  # cards
    "piles": _read_later,  # one pile or one a player, of cards
    "table": _read_later,  # melds of players
    "hand_sizes": _read_later,  # an int a player
    "known": _read_later,  # cards a player
    "stock_size": integer_field(0, MAX_CARDS),
    "reshuffled": _read_later,  # cards or null
    "turns": integer_field(0, _MAX_INT),
    "went_out": _read_later,  # a bool a player
    "first_out": _read_later,  # a player or null
    "has_melded": _read_later,  # a bool a player
    "penalties": _read_later,  # an int a player
    "history": _read_later,  # actions and reshuffles
    "false_outs": _read_later,  # history entries
    "upcard": _read_later,  # a card
    "dealt_hand": _read_later,  # cards
    "stock_draws": _read_later,  # cards
    "round_scores": _read_later,  # an int a player, a round
    "totals": _read_later,  # an int a player
}
"""The first stage of reading a view: the fields of its dict, in the order
:meth:`~threethirteen.PlayerView.to_dict` writes them, each with its check where the
field alone says what it must be; the others (:func:`_read_later`) are read, and
checked, in the second stage (:data:`_VIEW_READERS`)."""
_CHECK_VIEW = object_field(_VIEW_FIELDS)

_Read = dict[str, Any]
"""The fields of a view read so far, by name (the values a view is made of)."""


def _read_round(value: object, read: _Read) -> int:
    return _int(value, "round", 1, len(read["rules"].rounds))


def _read_cards_dealt(value: int, read: _Read) -> int:
    dealt = _round(read["rules"], read["round"]).dealt
    if value != dealt:
        raise _fail("cards_dealt", f"round {read['round']} deals {dealt}, not {quote(value)}")
    return value


def _read_wild(value: object, read: _Read) -> int | None:
    number = read["round"]
    try:
        wild = None if value is None else parse_rank(value)  # type: ignore[arg-type]
    except (ValueError, TypeError):
        raise _fail("wild", f"expected a rank such as '3' or 'J', not {quote(value)}") from None
    if wild != _round(read["rules"], number).wild:
        raise _fail("wild", f"round {number}'s wild rank is not {quote(value)}")
    return wild


def _read_piles(value: object, read: _Read) -> tuple[tuple[Card, ...], ...]:
    piles = tuple(
        _cards(pile, f"piles[{index}]") for index, pile in enumerate(_list(value, "piles"))
    )
    if len(piles) not in (1, read["players"]):
        raise _fail("piles", f"expected 1 or {read['players']} piles, not {len(piles)}")
    return piles


_Reader = Callable[[Any, _Read], Any]
_VIEW_READERS: dict[str, _Reader] = {
    "player": lambda value, read: _player(value, "player", read["players"]),
    "rules": lambda value, read: _rules(value, read["players"], read["max_turns"]),
    "round": _read_round,  # one of the rules' rounds
    "cards_dealt": _read_cards_dealt,  # as the round deals
    "wild": _read_wild,  # the round's wild rank
    "piles": _read_piles,  # one pile, or one a player
    "dealer": lambda value, read: _player(value, "dealer", read["players"]),
    "to_move": lambda value, read: _maybe_player(value, "to_move", read["players"]),
    "hand": lambda value, read: _hand(value, "hand"),
    "table": lambda value, read: _table(value, read["players"]),
    "hand_sizes": lambda value, read: _ints(value, "hand_sizes", read["players"]),
    "known": lambda value, read: tuple(
        _hand(known, f"known[{index}]")
        for index, known in enumerate(_list(value, "known", read["players"]))
    ),
    "reshuffled": lambda value, read: None if value is None else _hand(value, "reshuffled"),
    "went_out": lambda value, read: _bools(value, "went_out", read["players"]),
    "first_out": lambda value, read: _maybe_player(value, "first_out", read["players"]),
    "has_melded": lambda value, read: _bools(value, "has_melded", read["players"]),
    "penalties": lambda value, read: _ints(value, "penalties", read["players"]),
    "history": lambda value, read: _history(value, read["players"]),
    "false_outs": lambda value, read: tuple(
        _int(item, "false_outs") for item in _list(value, "false_outs", most=MAX_HISTORY)
    ),
    "upcard": lambda value, read: _card(value, "upcard"),
    "dealt_hand": lambda value, read: _hand(value, "dealt_hand"),
    "stock_draws": lambda value, read: _cards(value, "stock_draws", MAX_HISTORY),  # long rounds
    "round_scores": lambda value, read: tuple(
        tuple(
            _score(score, "round_scores")
            for score in _list(scores, "round_scores", read["players"])
        )
        for scores in _list(value, "round_scores")
    ),
    "totals": lambda value, read: tuple(
        _score(total, "totals") for total in _list(value, "totals", read["players"])
    ),
}
"""The second stage of reading a view: each field whose check needs others (the
players, the rules, the round), read in this order into the value the view holds,
and checked as it is read (sizes of one a player, players at the table, cards that
parse, the round's wild rank and deal...). Every field of :data:`_VIEW_FIELDS` marked
:func:`_read_later` is here, and those whose first check leaves a second (the rules
for this table, the cards the round deals); the rest are read as they are. Then
:func:`_check_cards` and the replay of the public history check the view as a
whole."""
assert (
    {name for name, check in _VIEW_FIELDS.items() if check is _read_later}
    <= set(_VIEW_READERS)
    <= set(_VIEW_FIELDS)
), "each field read later has its reader"


def view_from_dict(data: Mapping[str, Any]) -> PlayerView:
    """The :class:`~threethirteen.PlayerView` that
    :meth:`~threethirteen.PlayerView.to_dict` wrote (after a trip through JSON too):
    ``view_from_dict(view.to_dict()) == view``, and the view rebuilt works as the first
    did (a search bot may :meth:`~threethirteen.PlayerView.sample` it). Every field is
    checked: its type (an integer is an int, never a bool), its size, players and
    cards that exist, and no more copies of a card in sight than the game's pool
    holds; and every field must follow from the rules, the round and the public
    history. The round is replayed from its deal as everyone saw it: each entry by
    the player whose turn it was, in its phase, as the rules allow (melds and
    lay-offs when allowed, a going-out discard laying exactly the cards left, a
    reshuffle exactly when the stock ran out, of the cards under the piles' tops),
    the player's own hand followed from the dealt hand and the stock draws; whose
    turn it is, the phase, the turns, the hand sizes, the known cards, the piles,
    the stock's size, the table, the outs, the melds laid, the penalties, the false
    outs, the last reshuffle and the hand must be what it derives; the dealer the
    round's; the rounds scored those before it, the totals their sums; and the
    unseen cards must fill the other hands' unknown places and the stock exactly.

    :raises InvalidRecordError: naming the field and what is wrong with it.

    >>> import threethirteen as tt
    >>> view = tt.Game("family", players=4, seed=5).view(2)
    >>> view_from_dict(view.to_dict()) == view
    True
    >>> view_from_dict({**view.to_dict(), "hand": ["9s", "9x"]})
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidRecordError: view.hand: unknown suit 'x' in '9x'
    >>> view_from_dict({**view.to_dict(), "turns": 500})
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidRecordError: view.turns: the history leaves 0, not 500
    """
    if not isinstance(data, Mapping):
        raise InvalidRecordError(f"a view is a JSON object, not {quote(data)}")
    try:
        _CHECK_VIEW(data, "view")
    except FieldError as error:
        raise InvalidRecordError(str(error)) from None
    read: _Read = {name: data[name] for name in _VIEW_FIELDS if name not in _VIEW_READERS}
    for name, reader in _VIEW_READERS.items():
        read[name] = reader(data[name], read)
    view = PlayerView(**read)
    _check_cards(view)
    return view


def check_legal_actions(view: PlayerView, legal_actions: Sequence[Action]) -> None:
    """Refuse an ``act`` message's legal actions that do not fit its view (a bot
    server's check before its bot sees them): it must be the view's player's turn,
    and every action one that player could have: a draw only in the draw phase and
    from a pile that holds a card, a discard, meld or lay-off only in the play
    phase and of cards in the hand. (Whether each is legal by the rules, the
    arena's referee decides.)

    :raises InvalidRecordError: naming the first action that does not fit.

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> check_legal_actions(game.view(1), game.legal_actions())
    >>> check_legal_actions(game.view(1), [tt.Action.parse("discard Kd")])
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidRecordError: legal[0]: 'discard Kd' in the draw phase
    """
    if view.phase == "over" or view.to_move != view.player:
        raise InvalidRecordError(
            f"an act message for player {view.player}, whose turn it is not"
            f" (to_move {quote(view.to_move)})"
        )
    if not legal_actions:
        raise InvalidRecordError("an act message with no legal action")
    drawing = view.phase == "draw"
    hand = view.hand.counts()
    separate = bool(view.rules.separate_discards)
    piles = "each player has a pile" if separate else "there is one pile"
    for index, action in enumerate(legal_actions):
        where = f"legal[{index}]"
        if isinstance(action, (DrawStock, DrawDiscard)) != drawing:
            raise _fail_legal(where, f"{quote(str(action))} in the {view.phase} phase")
        named = getattr(action, "pile", None) is not None
        if (isinstance(action, DrawDiscard) and named != separate) or (named and not separate):
            raise _fail_legal(where, f"{quote(str(action))}, but {piles}")
        if isinstance(action, DrawDiscard):
            pile = action.pile or 0
            if pile >= len(view.piles) or not view.piles[pile]:
                raise _fail_legal(where, f"{quote(str(action))}, but that pile holds no card")
        cards: tuple[Card, ...] = ()
        if isinstance(action, DiscardCard):
            cards = (action.card,)
        elif isinstance(action, LayMeld):
            cards = action.meld.cards
        elif isinstance(action, LayOff):
            cards = (action.card,)
        needed = Counter(card.code for card in cards)
        if any(hand[code] < count for code, count in needed.items()):
            raise _fail_legal(where, f"{quote(str(action))}, but the hand is {str(view.hand)!r}")


def _fail_legal(where: str, message: str) -> InvalidRecordError:
    return InvalidRecordError(f"{where}: {message}")


def _check_cards(view: PlayerView) -> None:
    """Refuse a view that shows what no game could: a hand not its size, a false out
    that is not in the history, more copies of a card in sight than the pool holds."""
    if len(view.hand) != view.hand_sizes[view.player]:
        size = view.hand_sizes[view.player]
        raise _fail("hand", f"{len(view.hand)} cards, but hand_sizes says {size}")
    for other, known in enumerate(view.known):
        if len(known) > view.hand_sizes[other]:
            raise _fail(f"known[{other}]", f"more cards than player {other} holds")
    for place in view.false_outs:
        if place >= len(view.history):
            raise _fail("false_outs", f"no history entry {place}")
    rules = view.rules
    seen: Counter[int] = Counter(card.code for card in view.hand)
    for pile in view.piles:
        seen.update(card.code for card in pile)
    for table_meld in view.table:
        seen.update(card.code for card in table_meld.meld.cards)
    for other, known in enumerate(view.known):
        if other != view.player:
            seen.update(card.code for card in known)
    for code, count in seen.items():
        most = rules.jokers if code == 52 else rules.decks
        if count > most:
            raise InvalidRecordError(
                f"a view shows {count} of {CARDS[code]}; the pool holds {most}"
            )
    _check_history(view)


def _check_history(view: PlayerView) -> None:
    """Refuse a view whose fields do not follow from its rules, its round and its
    public history: the fields that do not need the history (the dealer, whose turn
    it may be in the phase, the piles' count, the rounds scored and the totals, the
    dealt hand's size) first; then the round replayed from the deal by
    :class:`_RoundCheck` (every entry in turn and as the rules allow), and every
    field it derives compared with the view's; last, the cards unseen must fill the
    other hands' unknown places and the stock exactly."""
    if (view.to_move is None) != (view.phase == "over"):
        raise _fail("to_move", f"{quote(view.to_move)} in the phase {view.phase!r}")
    players = view.players
    separate = bool(view.rules.separate_discards)
    if len(view.piles) != (players if separate else 1):
        raise _fail(
            "piles", f"{'one pile a player' if separate else 'one pile'}, not {len(view.piles)}"
        )
    dealer = (view.round - 1) % players  # the deal moves on with each round scored
    if view.dealer != dealer:
        raise _fail("dealer", f"round {view.round}'s dealer is player {dealer}, not {view.dealer}")
    scored = view.round if view.phase == "over" else view.round - 1
    if len(view.round_scores) != scored:
        raise _fail(
            "round_scores",
            f"{len(view.round_scores)} rounds scored, but {scored} are before round {view.round}"
            + (" ends the game" if view.phase == "over" else ""),
        )
    sums = [sum(scores[other] for scores in view.round_scores) for other in range(players)]
    if list(view.totals) != sums:
        raise _fail("totals", f"{quote(list(view.totals))}, not the round scores' sums {sums}")
    if len(view.dealt_hand) != view.cards_dealt:
        raise _fail(
            "dealt_hand",
            f"{len(view.dealt_hand)} cards, but round {view.round} deals {view.cards_dealt}",
        )
    own_draws = sum(
        1
        for player, event in view.history
        if player == view.player and isinstance(event, DrawStock)
    )
    if own_draws != len(view.stock_draws):
        draws = f"{own_draws} stock draw{'s' if own_draws != 1 else ''}"
        raise _fail(
            "stock_draws",
            f"{len(view.stock_draws)} cards, but the history has {draws} of the player's",
        )
    replay = _RoundCheck(view)
    replay.run()
    replay.compare()
    places = sum(
        view.hand_sizes[other] - len(view.known[other])
        for other in range(players)
        if other != view.player
    )
    unseen = len(view.unseen())
    if unseen != places + view.stock_size:
        raise _fail(
            "hand_sizes",
            f"{unseen} cards unseen for {places} unknown cards in hands and a stock of"
            f" {view.stock_size}",
        )


class _RoundCheck(PublicVisitor):
    """A round replayed from its deal as everyone saw it: the history's entries in
    turn, walked by :class:`~threethirteen.engine.public_replay.PublicReplay` (the
    piles and the stock's size), each checked in its hook as the engine's rules
    check it where the public record can tell (whose turn and which phase, the
    piles' cards drawn, the stock's size, what melds and lay-offs the rules allow,
    going out with exactly the cards held), and the player's own hand followed card
    by card. What it derives is compared with the view's fields by :meth:`compare`."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        rules = view.rules
        self.rules = rules
        self.round = _round(rules, view.round)
        self.players = players = view.players
        self.separate = bool(rules.separate_discards)
        self.public = PublicReplay.of_view(view)  # the piles and the stock's size
        self.sizes = [view.cards_dealt] * players
        self.known: list[list[int]] = [[] for _ in range(players)]
        self.hand: Counter[int] = Counter(card.code for card in view.dealt_hand)
        self.draws = [card.code for card in view.stock_draws]
        self.table: list[TableMeld] = []
        self.went_out = [False] * players
        self.first_out: int | None = None
        self.has_melded = [False] * players
        self.penalties = [0] * players
        self.false_outs: list[int] = []
        self.turns = 0
        self.mover = (view.dealer + 1) % players
        self.drawn = False  # the phase: "play" once the mover has drawn
        self.ended = False
        self.turn_starts = False  # a turn has passed: is the stock empty?
        self.needs_reshuffle = False
        self.reshuffled: list[int] | None = None
        self.where = "history"

    # -- the entries ------------------------------------------------------------------

    def fail(self, message: str) -> InvalidRecordError:
        return _fail(self.where, message)

    def run(self) -> None:
        apply = self.public.apply
        for place, (player, event) in enumerate(self.view.history):
            self.where = f"history[{place}]"
            self.start_turn()
            if self.ended:
                raise self.fail("an entry after the round's end")
            if not isinstance(event, Reshuffle):
                if self.needs_reshuffle:
                    raise self.fail("the stock is empty, but no reshuffle comes first")
                if player != self.mover:
                    raise self.fail(f"player {player} moves in player {self.mover}'s turn")
                if not self.drawn and not isinstance(event, (DrawStock, DrawDiscard)):
                    raise self.fail(f"{quote(str(event))} before player {player} drew")
            apply(player, event, self)
        self.where = "history"
        self.start_turn()
        if self.needs_reshuffle:
            raise self.fail("the stock ran out, but no reshuffle follows")

    def start_turn(self) -> None:
        """After a turn: an empty stock needs a reshuffle, or ends the round when
        nothing is under the piles' tops."""
        if not self.turn_starts:
            return
        self.turn_starts = False
        if self.public.stock_size == 0:
            if self.public.reshuffle_cards():
                self.needs_reshuffle = True
            else:  # nothing to reshuffle: the round ends
                self.ended = True

    def visit_reshuffle(self, event: Any, cards: list[int]) -> None:
        if not self.needs_reshuffle:
            raise self.fail(f"a reshuffle with {self.public.stock_size} cards in the stock")
        under = sorted(cards)
        if sorted(card.code for card in event.cards) != under:
            raise self.fail("a reshuffle of cards that are not those under the piles' tops")
        self.reshuffled = under
        self.needs_reshuffle = False

    def check_draw(self, player: int) -> None:
        if self.drawn:
            raise self.fail(f"player {player} draws twice in a turn")

    def visit_draw_stock(self, player: int, event: DrawStock, passed: list[int]) -> None:
        self.check_draw(player)
        if self.public.stock_size <= 0:
            raise self.fail("a draw from an empty stock")
        if player == self.view.player:
            self.hand[self.draws.pop(0)] += 1
        self.sizes[player] += 1
        self.drawn = True

    def visit_draw_discard(
        self, player: int, event: DrawDiscard, pile: int, card: int | None
    ) -> None:
        self.check_draw(player)
        if (event.pile is None) == self.separate:
            piles = "each player has a pile" if self.separate else "there is one pile"
            raise self.fail(f"{quote(str(event))}, but {piles}")
        if card is None:
            raise self.fail(f"a draw from pile {pile}, which holds no card")
        self.known[player].append(card)
        if player == self.view.player:
            self.hand[card] += 1
        self.sizes[player] += 1
        self.drawn = True

    def take(self, player: int, code: int) -> None:
        """``code`` leaves ``player``'s hand (known cards first)."""
        if self.sizes[player] <= 0:
            raise self.fail(f"player {player} plays {CARDS[code]} from an empty hand")
        if player == self.view.player:
            if self.hand[code] <= 0:
                raise self.fail(f"player {player} plays {CARDS[code]}, which they do not hold")
            self.hand[code] -= 1
        self.sizes[player] -= 1
        known = self.known[player]
        if code in known:
            known.remove(code)

    def check_meld(self, meld: Meld) -> None:
        try:
            verify_meld(meld, self.round)
        except ThreeThirteenError as error:
            raise self.fail(str(error)) from None

    def visit_discard(self, player: int, event: DiscardCard, pile: int, false_out: bool) -> None:
        rules = self.rules
        code = event.card.code
        place = self.public.index
        if event.pile is not None and event.pile != player:
            if not rules.joker_discards or code != JOKER or event.pile >= self.players:
                raise self.fail(f"{quote(str(event))}: a card goes onto the player's own pile")
        elif event.pile is not None and not self.separate:
            raise self.fail(f"{quote(str(event))}: there is one discard pile")
        laid: tuple[Meld, ...] = ()
        shown: list[int] = []
        out = event.go_out and not false_out
        if event.go_out:
            if rules.go_around_first and self.turns < self.players - 1:
                raise self.fail("an out before every player has had a turn (go-around-first)")
            left = self.sizes[player] - 1
            in_melds = sum(len(meld) for meld in event.melds or ())
            for meld in event.melds or ():
                self.check_meld(meld)
            if false_out:
                if rules.false_out_penalty is None:
                    raise _fail("false_outs", f"{place}, but these rules have no false outs")
                if in_melds >= left:
                    raise _fail("false_outs", f"{place}, but its melds hold every card left")
                self.penalties[player] += rules.false_out_penalty
                self.false_outs.append(place)
                shown = [card.code for meld in event.melds or () for card in meld.cards]
            elif event.melds is None:
                raise self.fail("an out with no melds laid that is not among the false outs")
            elif in_melds != left:
                raise self.fail(
                    f"an out laying {in_melds} cards, but player {player} holds {left} more"
                )
            else:
                laid = event.melds
        self.take(player, code)
        if shown:  # a false out's melds: everyone saw them
            counts = Counter(shown)
            counts.subtract(self.known[player])
            self.known[player].extend(counts.elements())
        for meld in laid:  # (the walk puts the card discarded on pile ``pile``)
            self.lay(player, meld)
        if out:
            self.go_out(player)
        if self.sizes[player] == 0:
            self.go_out(player)
            if not rules.last_turns:
                self.turns += 1
                self.ended = True
                return
        self.next_turn(player)

    def lay(self, player: int, meld: Meld) -> None:
        for card in meld.cards:
            self.take(player, card.code)
        self.table.append(TableMeld(player, meld))

    def visit_lay_meld(self, player: int, event: LayMeld) -> None:
        rules = self.rules
        if not (
            rules.layoff
            or (rules.redemption and self.first_out is not None and not self.went_out[player])
        ):
            raise self.fail(f"{quote(str(event))}, which the rules do not allow now")
        self.check_meld(event.meld)
        self.lay(player, event.meld)
        self.has_melded[player] = True
        self.check_empty(player)

    def visit_lay_off(self, player: int, event: LayOff) -> None:
        rules = self.rules
        if rules.layoff:
            may = self.has_melded[player]
        else:
            may = rules.redemption and self.first_out is not None and not self.went_out[player]
        if not self.table or not may:
            raise self.fail(f"{quote(str(event))}, which the rules do not allow now")
        if event.meld >= len(self.table):
            raise self.fail(f"no table meld {event.meld} (the table has {len(self.table)})")
        target = self.table[event.meld]
        made = extended(target.meld, event.card, event.stands_for, self.round)
        if isinstance(made, str):
            raise self.fail(f"{quote(str(event))}: {made}")
        self.take(player, event.card.code)
        self.table[event.meld] = TableMeld(target.owner, made)
        self.check_empty(player)

    def go_out(self, player: int) -> None:
        self.went_out[player] = True
        if self.first_out is None:
            self.first_out = player

    def check_empty(self, player: int) -> None:
        if self.sizes[player]:
            return
        self.go_out(player)
        if self.rules.last_turns:
            self.next_turn(player)
        else:
            self.ended = True

    def next_turn(self, player: int) -> None:
        self.turns += 1
        following = (player + 1) % self.players
        if self.first_out is not None and (
            not self.rules.last_turns or following == self.first_out
        ):
            self.ended = True
            return
        max_turns = self.view.max_turns
        if max_turns is not None and self.turns >= max_turns:
            self.ended = True
            return
        self.mover = following
        self.drawn = False
        self.turn_starts = True  # (the stock is looked at once the entry is walked)

    # -- the fields derived -----------------------------------------------------------

    def compare(self) -> None:
        view = self.view
        if self.ended:
            if view.phase != "over":
                raise _fail("phase", f"{view.phase!r}, but the history ends the round")
            last = len(self.rules.rounds)
            if view.round != last:
                raise _fail("round", f"{view.round} is over, but the game has {last} rounds")
        else:
            phase = "play" if self.drawn else "draw"
            if view.phase != phase:
                raise _fail("phase", f"the history leaves the {phase} phase, not {view.phase!r}")
            if view.to_move != self.mover:
                raise _fail(
                    "to_move",
                    f"the history gives the turn to player {self.mover}, not {view.to_move}",
                )
        self.same("turns", view.turns, self.turns)
        self.same("hand_sizes", list(view.hand_sizes), self.sizes)
        if tuple(map(tuple, self.public.piles)) != tuple(
            tuple(card.code for card in pile) for pile in view.piles
        ):
            raise _fail("piles", "not the piles that the history leaves")
        stock = self.public.stock_size
        if stock != view.stock_size:
            raise _fail("stock_size", f"the history leaves {stock}, not {view.stock_size}")
        if bytes(sorted(self.hand.elements())) != view.hand.code_bytes:
            hand = Hand([CARDS[code] for code in self.hand.elements()])
            raise _fail(
                "hand", f"the deal and the history leave {str(hand)!r}, not {str(view.hand)!r}"
            )
        for other, known in enumerate(view.known):
            if bytes(sorted(self.known[other])) != known.code_bytes:
                derived = Hand([CARDS[code] for code in self.known[other]])
                raise _fail(
                    f"known[{other}]",
                    f"the history shows player {other} holding {str(derived)!r},"
                    f" not {str(known)!r}",
                )
        if len(self.table) != len(view.table):
            raise _fail("table", f"{len(view.table)} melds, but the history lays {len(self.table)}")
        for index, (shown, laid) in enumerate(zip(view.table, self.table, strict=True)):
            if shown != laid:
                raise _fail(
                    f"table[{index}]",
                    f"{str(shown.meld)!r} of player {shown.owner}, but the history lays"
                    f" {str(laid.meld)!r} of player {laid.owner}",
                )
        self.same("went_out", list(view.went_out), self.went_out)
        self.same("first_out", view.first_out, self.first_out)
        self.same("has_melded", list(view.has_melded), self.has_melded)
        self.same("penalties", list(view.penalties), self.penalties)
        if list(view.false_outs) != self.false_outs:
            raise _fail(
                "false_outs",
                f"{quote(list(view.false_outs))}, but the history's false outs are at"
                f" {self.false_outs}",
            )
        reshuffled = None if view.reshuffled is None else [c.code for c in view.reshuffled]
        if reshuffled != (None if self.reshuffled is None else sorted(self.reshuffled)):
            raise _fail("reshuffled", "not the cards of the history's last reshuffle")

    @staticmethod
    def same(where: str, shown: object, derived: object) -> None:
        if shown != derived:
            raise _fail(where, f"the history leaves {quote(derived)}, not {quote(shown)}")
