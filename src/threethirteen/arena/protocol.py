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
from collections.abc import Mapping, Sequence
from functools import lru_cache
from importlib import resources
from typing import Any

from .._validate import MAX_CARDS, quote
from ..engine.actions import Action, DiscardCard, DrawDiscard, DrawStock, LayMeld, LayOff
from ..engine.game import Game, PlayerView, Reshuffle, TableMeld
from ..engine.records import record_rules, rules_dict
from ..errors import (
    BotProtocolError,
    GameError,
    InvalidRecordError,
    ThreeThirteenError,
)
from ..hands.cards import CARDS, Card, parse_rank
from ..hands.hand import Hand
from ..hands.melds import Meld
from ..hands.rounds import Round
from ..hands.rules import MAX_PLAYERS, Rules

__all__ = [
    "FORFEIT_KINDS",
    "MAX_ANSWER_BYTES",
    "MAX_HISTORY",
    "MESSAGE_TYPES",
    "PROTOCOL_VERSION",
    "act_message",
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

_CARD_BY_TEXT = {str(card): card for card in CARDS}
_VIEW_KEYS = frozenset(
    (
        "player", "players", "rules", "max_turns", "round", "cards_dealt", "wild",
        "dealer", "to_move", "phase", "hand", "piles", "table", "hand_sizes", "known",
        "stock_size", "reshuffled", "turns", "went_out", "first_out", "has_melded",
        "penalties", "history", "false_outs", "upcard", "dealt_hand", "stock_draws",
        "round_scores", "totals",
    )
)  # fmt: skip
_RULES_KEYS = frozenset(("preset", "variations", "players", "max_turns"))
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


def _seat(game: Game | PlayerView, seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise GameError(f"no seat {quote(seat)} at a table of {game.players}")
    return seat


def _optional_int(value: object, name: str) -> int | None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise GameError(f"{name} is an int or None, not {quote(value)}")
    return value


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
    view: PlayerView, legal_actions: Sequence[Action], move_time: float | None = None
) -> dict[str, Any]:
    """The ``act`` message: the whole view (:meth:`~threethirteen.PlayerView.to_dict`), the legal
    actions' notation, and the seconds the bot has to answer (``None``: no limit).

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> message = act_message(game.view(1), game.legal_actions())
    >>> sorted(message), message["view"]["hand"], message["move_time"]
    (['legal', 'move_time', 'type', 'view'], ['7c', '2d', '3d'], None)
    """
    if move_time is not None:
        if isinstance(move_time, bool) or not isinstance(move_time, (int, float)):
            raise GameError(f"move_time is a number of seconds or None, not {quote(move_time)}")
        move_time = float(move_time)
    return {
        "type": "act",
        "view": view.to_dict(),
        "legal": [str(action) for action in legal_actions],
        "move_time": move_time,
    }


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
        said = {"seat": _seat(game, forfeit["seat"]), "kind": forfeit["kind"]}
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
    try:
        data = json.loads(line)
    except (ValueError, UnicodeDecodeError) as error:
        raise BotProtocolError(f"a message is a JSON object, not {quote(line)} ({error})") from None
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
    if isinstance(line, (bytes, str)) and len(line) > MAX_ANSWER_BYTES + 2:
        raise BotProtocolError(f"an answer is at most {MAX_ANSWER_BYTES} bytes, not {len(line)}")
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError:
            raise BotProtocolError(f"answer {quote(line)} is not UTF-8") from None
    elif not isinstance(line, str):
        raise BotProtocolError(f"an answer is a line of text, not {quote(line)}")
    text = line.strip()
    if not text:
        raise BotProtocolError("an empty line is no answer")
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except ValueError as error:
            message = getattr(error, "msg", str(error))
            raise BotProtocolError(f"answer {quote(text)} is not JSON: {message}") from None
        notation = data.get("action") if isinstance(data, dict) else None
        if not isinstance(notation, str):
            raise BotProtocolError(f'an answer object is {{"action": "..."}}, not {quote(text)}')
        text = notation.strip()
    if legal_actions is not None:
        for action in legal_actions:
            if str(action) == text:
                return action
    return Action.parse(text)


# -- a view read back ------------------------------------------------------------------


def _fail(where: str, message: str) -> InvalidRecordError:
    return InvalidRecordError(f"view.{where}: {message}")


def _int(value: object, where: str, low: int = 0, high: int = _MAX_INT) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(where, f"expected an integer, not {quote(value)}")
    if not low <= value <= high:
        raise _fail(where, f"expected {low} to {high}, not {quote(value)}")
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


def _cards(value: object, where: str) -> tuple[Card, ...]:
    return tuple(_card(item, where) for item in _list(value, where))


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


def _rules(value: object, players: int, max_turns: int | None) -> Rules:
    if not isinstance(value, Mapping):
        raise _fail("rules", f"expected an object, not {quote(value)}")
    keys = set(value)
    missing = sorted(_RULES_KEYS - keys)
    extra = sorted(str(key) for key in keys - _RULES_KEYS - {"fields"})
    if missing or extra:
        word = "missing" if missing else "unexpected"
        raise _fail("rules", f"{word} field {(missing or extra)[0]!r}")
    if not isinstance(value["preset"], str):
        raise _fail("rules.preset", f"expected a string, not {quote(value['preset'])}")
    variations = _list(value["variations"], "rules.variations", most=_MAX_VARIATIONS)
    if not all(isinstance(item, str) for item in variations):
        raise _fail("rules.variations", f"expected strings, not {quote(variations)}")
    if value["players"] != players or value["max_turns"] != max_turns:
        said = quote((value["players"], value["max_turns"]))
        table = (players, max_turns)
        raise _fail("rules", f"players and max_turns {said} are not the view's {table}")
    fields = value.get("fields")
    if fields is not None and not isinstance(fields, Mapping):
        raise _fail("rules.fields", f"expected an object, not {quote(fields)}")
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


def view_from_dict(data: Mapping[str, Any]) -> PlayerView:
    """The :class:`~threethirteen.PlayerView` that
    :meth:`~threethirteen.PlayerView.to_dict` wrote (after a trip through JSON too):
    ``view_from_dict(view.to_dict()) == view``, and the view rebuilt works as the first
    did (a search bot may :meth:`~threethirteen.PlayerView.sample` it). Every field is
    checked: its type, its size, players and cards that exist, and no more copies of a
    card in sight than the game's pool holds; and the record must add up: the round's
    history, replayed from the upcard, leaves the piles, the stock's size and the
    player's own stock draws that the view shows, and the unseen cards fill the
    other hands' unknown places and the stock exactly.

    :raises InvalidRecordError: naming the field and what is wrong with it.

    >>> import threethirteen as tt
    >>> view = tt.Game("family", players=4, seed=5).view(2)
    >>> view_from_dict(view.to_dict()) == view
    True
    >>> view_from_dict({**view.to_dict(), "hand": ["9s", "9x"]})
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidRecordError: view.hand: unknown suit 'x' in '9x'
    """
    if not isinstance(data, Mapping):
        raise InvalidRecordError(f"a view is a JSON object, not {quote(data)}")
    keys = set(data)
    missing = sorted(_VIEW_KEYS - keys)
    if missing:
        raise InvalidRecordError(f"a view: missing field {missing[0]!r}")
    extra = sorted(str(key) for key in keys - _VIEW_KEYS)
    if extra:
        raise InvalidRecordError(f"a view: unexpected field {extra[0]!r}")
    players = _int(data["players"], "players", 2, MAX_PLAYERS)
    player = _player(data["player"], "player", players)
    max_turns = None if data["max_turns"] is None else _int(data["max_turns"], "max_turns", 1)
    rules = _rules(data["rules"], players, max_turns)
    number = _int(data["round"], "round", 1, len(rules.rounds))
    round_ = _round(rules, number)
    cards_dealt = _int(data["cards_dealt"], "cards_dealt", 0, MAX_CARDS)
    if cards_dealt != round_.dealt:
        raise _fail("cards_dealt", f"round {number} deals {round_.dealt}, not {quote(cards_dealt)}")
    wild_text = data["wild"]
    try:
        wild = None if wild_text is None else parse_rank(wild_text)
    except ValueError:
        raise _fail("wild", f"expected a rank such as '3' or 'J', not {quote(wild_text)}") from None
    if wild != round_.wild:
        raise _fail("wild", f"round {number}'s wild rank is not {quote(wild_text)}")
    phase = data["phase"]
    if phase not in _PHASES:
        raise _fail("phase", f"expected 'draw', 'play' or 'over', not {quote(phase)}")
    piles = tuple(
        _cards(pile, f"piles[{index}]") for index, pile in enumerate(_list(data["piles"], "piles"))
    )
    if len(piles) not in (1, players):
        raise _fail("piles", f"expected 1 or {players} piles, not {len(piles)}")
    view = PlayerView(
        player=player,
        players=players,
        rules=rules,
        max_turns=max_turns,
        round=number,
        cards_dealt=cards_dealt,
        wild=wild,
        dealer=_player(data["dealer"], "dealer", players),
        to_move=_maybe_player(data["to_move"], "to_move", players),
        phase=phase,
        hand=_hand(data["hand"], "hand"),
        piles=piles,
        table=_table(data["table"], players),
        hand_sizes=_ints(data["hand_sizes"], "hand_sizes", players),
        known=tuple(
            _hand(known, f"known[{index}]")
            for index, known in enumerate(_list(data["known"], "known", players))
        ),
        stock_size=_int(data["stock_size"], "stock_size", 0, MAX_CARDS),
        reshuffled=None if data["reshuffled"] is None else _hand(data["reshuffled"], "reshuffled"),
        turns=_int(data["turns"], "turns"),
        went_out=_bools(data["went_out"], "went_out", players),
        first_out=_maybe_player(data["first_out"], "first_out", players),
        has_melded=_bools(data["has_melded"], "has_melded", players),
        penalties=_ints(data["penalties"], "penalties", players),
        history=_history(data["history"], players),
        false_outs=tuple(
            _int(item, "false_outs")
            for item in _list(data["false_outs"], "false_outs", most=MAX_HISTORY)
        ),
        upcard=_card(data["upcard"], "upcard"),
        dealt_hand=_hand(data["dealt_hand"], "dealt_hand"),
        stock_draws=_cards(data["stock_draws"], "stock_draws"),
        round_scores=tuple(
            tuple(_score(score, "round_scores") for score in _list(scores, "round_scores", players))
            for scores in _list(data["round_scores"], "round_scores")
        ),
        totals=tuple(_score(total, "totals") for total in _list(data["totals"], "totals", players)),
    )
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
    """Refuse a view whose public record does not add up: the round's history
    replayed from the deal (the upcard on the dealer's pile, or the only pile) must
    draw only from piles that hold a card, and leave the piles, the stock's size
    and the player's own stock draws that the view shows; whose turn it is must
    fit the phase; and the cards unseen must fill the other hands' unknown places
    and the stock exactly."""
    if (view.to_move is None) != (view.phase == "over"):
        raise _fail("to_move", f"{quote(view.to_move)} in the phase {view.phase!r}")
    players = view.players
    separate = bool(view.rules.separate_discards)
    if len(view.piles) != (players if separate else 1):
        raise _fail(
            "piles", f"{'one pile a player' if separate else 'one pile'}, not {len(view.piles)}"
        )
    piles: list[list[Card]] = [[] for _ in view.piles]
    piles[view.dealer if separate else 0].append(view.upcard)
    rules = view.rules
    stock = rules.decks * 52 + rules.jokers - players * view.cards_dealt - 1
    own_draws = 0
    for place, (player, event) in enumerate(view.history):
        where = f"history[{place}]"
        if isinstance(event, Reshuffle):
            stock += len(event.cards)
            piles = [pile[-1:] for pile in piles]
        elif isinstance(event, DrawStock):
            if stock <= 0:
                raise _fail(where, "a draw from an empty stock")
            stock -= 1
            own_draws += player == view.player
        elif isinstance(event, DrawDiscard):
            index = event.pile or 0
            if index >= len(piles) or not piles[index]:
                raise _fail(where, f"a draw from pile {index}, which holds no card")
            piles[index].pop()
        elif isinstance(event, DiscardCard):
            index = player if separate else 0
            if separate and event.pile is not None:
                index = event.pile
            if index >= len(piles):
                raise _fail(where, f"a discard onto pile {index}, which is not in the game")
            piles[index].append(event.card)
    if tuple(map(tuple, piles)) != view.piles:
        raise _fail("piles", "not the piles that the history leaves")
    if stock != view.stock_size:
        raise _fail("stock_size", f"the history leaves {stock}, not {view.stock_size}")
    if own_draws != len(view.stock_draws):
        draws = f"{own_draws} stock draw{'s' if own_draws != 1 else ''}"
        raise _fail(
            "stock_draws",
            f"{len(view.stock_draws)} cards, but the history has {draws} of the player's",
        )
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
