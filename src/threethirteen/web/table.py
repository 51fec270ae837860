"""The Play page's tables: a person in seat 0 against bots, one :class:`~threethirteen.Game`
each, kept in a :class:`~threethirteen.web.sessions.SessionStore`.

Each table is driven through the game's public surface only (``legal_actions``,
``verify``, ``apply``, ``view``, ``to_record``). The person's requests never wait
for a bot: after the person's move, the bots' moves run on the server's worker pool
(``context.executor``), each within the table's ``move_time``
(:class:`~threethirteen.web.table_bots.MoveMaker`, the arena's walls), and every
action applied leaves a *step*: the person's view of the table just after it, with
the action said in words. The page polls (``GET /api/table/<id>?after=N``, which
waits up to :data:`WAIT_SECONDS` for a step after ``N`` while a bot is thinking)
and shows the steps one by one.

What the page gets of a table (:meth:`Table.state`) is built from
``game.view(0)`` and the game's public scores only: the person's hand, the piles,
the stock's size, each opponent's card count, the cards they took from the pile
and still hold, the tops they passed and the cards they discarded this round, the
melds on the table, the score sheet, whose turn it is, and the person's legal
actions in the library's notation. Nothing of another hand, nor the stock's order.

Routes (bodies and answers are JSON; see :func:`handle_get`, :func:`handle_post`):

- ``GET /api/table/options``: the bots, presets and variations a table may have.
- ``POST /api/table/new``: ``{"players": 2, "bots": ["greedy"], "rules": "pagat",
  "variations": [], "seed": null, "move_time": 2, "max_turns": null}`` (all but
  ``players`` optional) makes a table; the answer is its state.
- ``GET /api/table/<id>[?after=N]``: the state, with the steps after ``N``.
- ``POST /api/table/<id>/act``: ``{"action": "discard 9s"}`` plays the person's move
  (an illegal or malformed one: 400 with the library's message, the game unchanged).
- ``POST /api/table/<id>/auto``: the advisor bot's choice, played for the person.
- ``GET /api/table/<id>/hint``: the review's words for the decision in front of the
  person (:func:`threethirteen.review.words.hint_words`).
- ``GET /api/table/<id>/record``: the game's record as it stands, a download.

>>> from threethirteen.web.routing import Context, Request
>>> context = Context(files={})
>>> answer = handle_post(context, Request("POST", "/api/table/new", {},
...     b'{"players": 2, "bots": ["greedy"], "seed": 5}'))
>>> state = json.loads(answer.body)
>>> state["seats"][1]["name"], state["hand"], state["to_move"]
('greedy', ['3c', '6d', '6h'], 1)
"""

from __future__ import annotations

import collections
import json
import threading
import time
from dataclasses import dataclass
from typing import Any

from .._validate import (
    FieldCheck,
    check_fields,
    integer_field,
    list_field,
    nullable_field,
    number_field,
    quote,
    string_field,
)
from ..arena.referee import listed_action
from ..bots.protocol import Bot
from ..bots.registry import BOTS, make_bot
from ..engine.actions import Action, DiscardCard, DrawDiscard, DrawStock, LayMeld, LayOff
from ..engine.game import Game, PlayerView
from ..engine.public_replay import PublicReplay, PublicVisitor
from ..engine.records import rank_text, rules_dict
from ..errors import InvalidInputError, ThreeThirteenError
from ..hands.analysis import best_melds
from ..hands.cards import CARDS
from ..hands.rules import PRESETS, VARIATIONS
from ..review.words import hint_words
from .routing import Context, HttpError, Request, Response, Route, json_response
from .sessions import SessionStore
from .table_bots import (
    MAX_MOVE_TIME,
    BotFault,
    MoveMaker,
    bot_specs,
    check_table_move_time,
    close_bots,
    make_seat_bot,
)

__all__ = [
    "MAX_PLAYERS",
    "MAX_STEPS",
    "MIN_PLAYERS",
    "ROUTES",
    "SEAT",
    "WAIT_SECONDS",
    "Table",
    "handle_get",
    "handle_post",
    "new_table",
    "tables",
]

SEAT = 0
"""The person's seat."""
MIN_PLAYERS = 2
MAX_PLAYERS = 8
"""The seats a table has (the preset may allow fewer)."""
MAX_STEPS = 256
"""The most steps a table keeps for the page to catch up with."""
WAIT_SECONDS = 3.0
"""The longest a ``GET ...?after=N`` waits for a bot's move."""
ADVISOR = "advisor"
"""The bot whose choice "play it for me" plays."""

_PREFIX = "/api/table/"


def tables(context: Context) -> SessionStore:
    """The tables of the server (a :class:`SessionStore` of 64, an hour idle each).

    >>> len(tables(Context(files={})))
    0
    """
    store: SessionStore = context.feature_state(
        "table", lambda: SessionStore(max_sessions=64, idle_seconds=3600.0)
    )
    return store


def _card(code: int) -> str:
    return str(CARDS[code])


class _Seen(PublicVisitor):
    """What each player took from the discard piles, passed on them (the tops they
    left for the stock) and discarded, this round: a walk of the view's history."""

    def __init__(self, players: int) -> None:
        self.took: list[list[str]] = [[] for _ in range(players)]
        self.passed: list[list[str]] = [[] for _ in range(players)]
        self.discarded: list[list[str]] = [[] for _ in range(players)]

    def visit_draw_stock(self, player: int, event: DrawStock, passed: list[int]) -> None:
        self.passed[player].extend(map(_card, passed))

    def visit_draw_discard(
        self, player: int, event: DrawDiscard, pile: int, card: int | None
    ) -> None:
        if card is not None:
            self.took[player].append(_card(card))

    def visit_discard(self, player: int, event: DiscardCard, pile: int, false_out: bool) -> None:
        self.discarded[player].append(str(event.card))


def _actions(legal: list[Action]) -> dict[str, Any]:
    """The person's legal actions by what the page shows: each in the notation."""
    draws: dict[str, str] = {}
    discard: dict[str, str] = {}
    out: dict[str, str] = {}
    lay: list[str] = []
    lay_off: list[str] = []
    for action in legal:
        text = str(action)
        if isinstance(action, DrawStock):
            draws["stock"] = text
        elif isinstance(action, DrawDiscard):
            draws[str(action.pile or 0)] = text
        elif isinstance(action, DiscardCard):
            target = out if action.go_out else discard
            target.setdefault(str(action.card), text)
        elif isinstance(action, LayMeld):
            lay.append(text)
        elif isinstance(action, LayOff):
            lay_off.append(text)
    return {
        "draw_stock": draws.pop("stock", None),
        "draw_pile": draws,
        "discard": discard,
        "go_out": out,
        "lay": lay,
        "lay_off": lay_off,
    }


def _said(name: str, action: Action, before: PlayerView, went_out: bool) -> str:
    """What a player's action (just applied, from ``before``, a view taken before
    it) was, as everyone saw it."""
    if isinstance(action, DrawStock):
        return f"{name} drew from the stock"
    if isinstance(action, DrawDiscard):
        pile = before.piles[action.pile or 0] if (action.pile or 0) < len(before.piles) else ()
        return f"{name} took {pile[-1]} from the pile" if pile else f"{name} took the pile's top"
    if isinstance(action, DiscardCard):
        text = f"{name} discarded {action.card}"
        if went_out:
            return text + " and went out"
        return text + (" and declared out: a false out" if action.go_out else "")
    if isinstance(action, LayMeld):
        return f"{name} laid {action.meld}"
    if isinstance(action, LayOff):
        return f"{name} laid off {action.card} on meld {action.meld}"
    return f"{name}: {action}"  # pragma: no cover - the five kinds are above


@dataclass(frozen=True)
class _Settings:
    """A table's settings, as the new-table request gave them."""

    players: int
    bots: tuple[str, ...]
    rules: str
    variations: tuple[str, ...]
    seed: int | None
    move_time: float
    max_turns: int | None


class Table:
    """One game: the person in seat 0, a bot in every other seat. Thread-safe: every
    method holds the table's lock (a bot thinks without it).

    :param game: the game, at its first deal.
    :param labels: each seat's name (``"you"`` for seat 0).
    :param bots: the bot of each other seat.
    :param move_time: the seconds each bot has for a decision.
    """

    def __init__(
        self,
        game: Game,
        labels: list[str],
        bots: dict[int, Bot],
        move_time: float,
        *,
        seed_shown: bool = True,
    ):
        self.game = game
        self.seed_shown = seed_shown
        """Whether the person may see the game's seed while it is played: only when
        they chose it (a seed the server drew deals every card to come)."""
        self.labels = labels
        self.names = [
            f"{label} ({seat})" if labels.count(label) > 1 else label
            for seat, label in enumerate(labels)
        ]
        """Each seat's name as the page says it: its label, with its seat when two
        seats have the same label."""
        self.bots = bots
        self.maker = MoveMaker(move_time)
        self.fault: str | None = None
        self.seq = 0
        self.sheet: list[dict[str, Any]] = []
        self.driving = False
        self._changed = threading.Condition()
        self._steps: collections.deque[dict[str, Any]] = collections.deque(maxlen=MAX_STEPS)
        self._steps.append(self._state(None))

    # -- what the page sees ----------------------------------------------------------

    @property
    def status(self) -> str:
        """``"play"``, ``"over"`` or ``"fault"`` (a bot failed: the game stops)."""
        if self.fault is not None:
            return "fault"
        return "over" if self.game.is_over else "play"

    def _state(self, event: dict[str, Any] | None) -> dict[str, Any]:
        """The person's view of the table now, as JSON data (the lock held)."""
        game = self.game
        view = game.view(SEAT)
        round_ = view.prepared_round
        seen = _Seen(game.players)
        PublicReplay.of_view(view).walk(view.history, seen)
        hand = view.hand
        melding = best_melds(hand, round_) if len(hand) else None
        yours = self.status == "play" and game.to_move == SEAT
        legal = game.legal_actions() if yours else []
        return {
            "seq": self.seq,
            "event": event,
            "status": self.status,
            "fault": self.fault,
            "rules": rules_dict(game.rules, game.players, game.max_turns),
            "seed": game.seed if self.seed_shown or self.status != "play" else None,
            "move_time": self.maker.move_time,
            "round": view.round,
            "rounds": len(game.rules.rounds),
            "cards_dealt": view.cards_dealt,
            "wild": rank_text(view.wild),
            "dealer": view.dealer,
            "to_move": view.to_move,
            "phase": view.phase,
            "your_turn": yours,
            "seats": [
                {
                    "seat": player,
                    "name": self.labels[player],
                    "cards": view.hand_sizes[player],
                    "holds": [str(card) for card in view.known[player]],
                    "took": seen.took[player],
                    "passed": seen.passed[player],
                    "discarded": seen.discarded[player],
                    "went_out": view.went_out[player],
                    "total": view.totals[player],
                }
                for player in range(game.players)
            ],
            "hand": [str(card) for card in hand],
            "wild_cards": sorted({str(card) for card in hand if round_.is_wild(card)}),
            "melds": [] if melding is None else [[str(c) for c in m.cards] for m in melding.melds],
            "deadwood": [] if melding is None else [str(card) for card in melding.deadwood],
            "deadwood_score": 0 if melding is None else melding.score,
            "piles": [[str(card) for card in pile] for pile in view.piles],
            "stock_size": view.stock_size,
            "table_melds": [item.to_dict() for item in view.table],
            "legal": [str(action) for action in legal],
            "actions": _actions(legal),
            "sheet": [dict(row) for row in self.sheet],
            "totals": list(view.totals),
            "winners": list(game.winners) if game.is_over else None,
        }

    def _step(self, event: dict[str, Any] | None) -> None:
        """Keep a step for the page (the lock held) and wake those waiting."""
        self.seq += 1
        self._steps.append(self._state(event))
        self._changed.notify_all()

    def state(self, after: int | None = None, wait: float = 0.0) -> dict[str, Any]:
        """The table now, with ``"steps"``: the states after step ``after`` (oldest
        first; the last is the table now), empty when ``after`` is ``None``. While a
        bot is to move and there is no step after ``after``, waits up to ``wait``
        seconds for one."""
        with self._changed:
            if after is not None and wait > 0:
                deadline = time.monotonic() + wait
                while self.seq <= after and self.driving:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        break
                    self._changed.wait(left)
            answer = dict(self._steps[-1])
            if after is None:
                answer["steps"] = []
            else:
                answer["steps"] = [step for step in self._steps if step["seq"] > after]
            return answer

    # -- moves ---------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        """Apply the mover's ``action`` and keep its step (the lock held)."""
        game = self.game
        mover = game.to_move
        assert mover is not None
        before = game.view(mover)
        number, scored = game.round, len(game.round_scores)
        wild = game.wild
        game.apply(action)
        ended = game.is_over or game.round != number or len(game.round_scores) != scored
        event: dict[str, Any] = {"player": mover, "action": str(action)}
        if ended:
            void = len(game.round_scores) == scored
            scores = None if void else list(game.round_scores[-1])
            went = scores is not None and scores[mover] <= 0
            row = {"number": number, "wild": rank_text(wild), "void": void, "scores": scores}
            row["end"] = game.last_end
            self.sheet.append(row)
            event["round_end"] = row
        else:
            went = game.went_out[mover] and not before.went_out[mover]
        name = "you" if mover == SEAT else self.names[mover]
        said = _said(name, action, before, went and isinstance(action, DiscardCard))
        if mover == SEAT and isinstance(action, DrawStock) and not ended:
            drawn = game.view(SEAT).hand - before.hand  # the person's own card
            said = f"you drew {' '.join(str(card) for card in drawn)} from the stock"
        event["said"] = said
        self._step(event)
        if self.status != "play":
            self._finish()

    def _finish(self) -> None:
        """The game is over or stopped: end the bots' programs."""
        close_bots(self.bots)
        self.maker.close()

    def act(self, text: object) -> None:
        """Play the person's action ``text`` (the library's notation).

        :raises InvalidInputError: (the library's) for text that is no action, or an
            action that is not legal now; the game is unchanged.
        :raises HttpError: 409 when the game is over or stopped.
        """
        if not isinstance(text, str):
            raise InvalidInputError(f"an action must be a string, not {quote(text)}")
        if len(text) > 2000:
            raise InvalidInputError(f"an action has at most 2000 characters, not {len(text)}")
        action = Action.parse(text)
        with self._changed:
            self._playing()
            self.game.verify(action, SEAT)
            self._apply(action)

    def _playing(self) -> None:
        if self.status != "play":
            why = "is over" if self.status == "over" else f"stopped: {self.fault}"
            raise HttpError(409, f"the game {why}")

    def auto(self) -> str:
        """Play the advisor's choice for the person; the action played.

        :raises HttpError: 409 when it is not the person's turn, or the game is over.
        """
        with self._changed:
            self._playing()
            game = self.game
            if game.to_move != SEAT:
                raise HttpError(409, "it is not your turn")
            legal = game.legal_actions()
            bot = make_bot(ADVISOR, seed=(game.seed or 0) + game.turns)
            action = listed_action(bot.act(game.view(SEAT), list(legal)), legal)
            if action is None:  # pragma: no cover - the advisor chooses a legal action
                raise HttpError(500, "the advisor chose no legal action")
            self._apply(action)
            return str(action)

    def hint(self) -> str:
        """The review's words for the decision in front of the person (``""``: none).

        :raises HttpError: 409 when it is not the person's turn.
        """
        with self._changed:
            self._playing()
            if self.game.to_move != SEAT:
                raise HttpError(409, "it is not your turn: the bots are playing")
            view = self.game.view(SEAT)
            legal = self.game.legal_actions()
        try:
            return hint_words(view, legal)
        except ThreeThirteenError as error:  # a position the analysis does not cover
            return f"none here ({error})"

    def record(self) -> dict[str, Any]:
        """The game's record as it stands, with the seats' names. While the game is
        played it holds the rounds played to their end only, and no seed the person
        did not choose: the round in play's deal, and a drawn seed, would show the
        cards the person cannot see."""
        with self._changed:
            record = self.game.to_record()
            playing = self.status == "play"
        if playing:
            record["rounds"] = [entry for entry in record["rounds"] if entry["end"] is not None]
            if not self.seed_shown:
                record["seed"] = None
        record["names"] = list(self.labels)
        return record

    def needs_bots(self) -> bool:
        """Whether a bot is to move and nobody drives the bots yet; if so, the caller
        must run :meth:`drive` (marked as driven)."""
        with self._changed:
            if self.driving or self.status != "play" or self.game.to_move in (SEAT, None):
                return False
            self.driving = True
            return True

    def drive(self) -> None:
        """Play the bots' moves until the person is to move, the game ends, or a bot
        fails (a fault: the game stops, the page says why)."""
        try:
            while True:
                with self._changed:
                    game = self.game
                    mover = game.to_move
                    if self.status != "play" or mover in (SEAT, None):
                        return
                    copy = game.clone()
                    label = self.labels[mover]
                    bot = self.bots[mover]
                try:
                    action = self.maker.choose(copy, label, bot)
                except BotFault as fault:
                    with self._changed:
                        self.fault = str(fault)
                        self._step({"player": mover, "fault": self.fault})
                        self._finish()
                    return
                with self._changed:
                    self._apply(action)
        finally:
            with self._changed:
                self.driving = False
                self._changed.notify_all()


def _run_bots(context: Context, table: Table) -> None:
    """Start the bots' moves on the worker pool (or a thread), never waiting."""
    if not table.needs_bots():
        return
    if context.executor is not None:
        context.executor.submit(table.drive)
    else:
        threading.Thread(target=table.drive, name="threethirteen table", daemon=True).start()


_NEW_FIELDS: dict[str, FieldCheck] = {"players": integer_field(MIN_PLAYERS, MAX_PLAYERS)}
_NEW_OPTIONAL: dict[str, FieldCheck] = {
    "bots": list_field(string_field(40), 1, MAX_PLAYERS - 1),
    "rules": string_field(40),
    "variations": list_field(string_field(60), 0, 16),
    "seed": nullable_field(integer_field(0, 2**128 - 1)),
    "move_time": nullable_field(number_field(0, MAX_MOVE_TIME, above_low=True)),
    "max_turns": nullable_field(integer_field(1, 100_000)),
}


def _settings(data: object) -> _Settings:
    """The new table's settings from the request's JSON.

    :raises InvalidInputError: ``a new table: PATH: what is wrong``.
    """
    if not isinstance(data, dict):
        raise InvalidInputError(f"a new table must be a JSON object, not {quote(data)}")
    check_fields(data, _NEW_FIELDS, "a new table", InvalidInputError, optional=_NEW_OPTIONAL)
    players: int = data["players"]
    bots = list(data.get("bots", ["greedy"]))
    if len(bots) == 1:
        bots = bots * (players - 1)
    if len(bots) != players - 1:
        raise InvalidInputError(
            f"a new table: {players} players need {players - 1} bots (or one for all),"
            f" not {len(bots)}"
        )
    return _Settings(
        players,
        tuple(bots),
        data.get("rules", "pagat"),
        tuple(data.get("variations", ())),
        data.get("seed"),
        check_table_move_time(data.get("move_time")),
        data.get("max_turns"),
    )


def new_table(context: Context, data: object) -> tuple[str, Table]:
    """Make a table from the new-table request's JSON ``data`` and keep it; its id
    and the table (the bots not yet started).

    :raises InvalidInputError: for bad settings, an unknown bot, preset or
        variation, or a bad bot config file (the library's messages).
    """
    settings = _settings(data)
    specs = bot_specs(context.state.get("bot_config"))
    for name in settings.bots:
        if name not in specs:
            raise InvalidInputError(f"unknown bot {quote(name)}: choose one of {', '.join(specs)}")
    game = Game(
        settings.rules,
        settings.players,
        seed=settings.seed,
        variations=settings.variations,
        max_turns=settings.max_turns,
    )
    seed = game.seed or 0
    bots: dict[int, Bot] = {}
    try:
        for player, name in enumerate(settings.bots, start=1):
            bots[player] = make_seat_bot(specs[name], seed + player)
    except BaseException:
        close_bots(bots)
        raise
    table = Table(
        game,
        ["you", *settings.bots],
        bots,
        settings.move_time,
        seed_shown=settings.seed is not None,
    )
    return tables(context).create(table), table


def _options(context: Context) -> dict[str, Any]:
    """What the new-game form offers."""
    specs = bot_specs(context.state.get("bot_config"))
    return {
        "bots": [{"name": name, "builtin": name in BOTS} for name in specs],
        "presets": [
            {
                "name": name,
                "description": preset.description,
                "players": [preset.players[0], preset.players[1]],
            }
            for name, preset in PRESETS.items()
        ],
        "variations": [
            {"name": name, "description": variation.description}
            for name, variation in VARIATIONS.items()
        ],
        "players": [MIN_PLAYERS, MAX_PLAYERS],
        "move_time": check_table_move_time(None),
        "max_move_time": MAX_MOVE_TIME,
    }


def _after(request: Request) -> int | None:
    text = request.query.get("after")
    if text is None:
        return None
    if not text.isdigit() or len(text) > 12:
        raise HttpError(400, f"after must be a step number, not {quote(text)}")
    return int(text)


def _split(path: str) -> tuple[str, str]:
    """``/api/table/ID/what`` as ``(ID, what)`` (``what`` empty for the table)."""
    rest = path[len(_PREFIX) :]
    key, _, what = rest.partition("/")
    if not key:
        raise HttpError(404, f"no such page: {quote(path)}")
    return key, what


def handle_get(context: Context, request: Request) -> Response:
    """``GET /api/table/options``, ``/api/table/<id>``, ``.../hint``, ``.../record``."""
    key, what = _split(request.path)
    if key == "options" and not what:
        return json_response(_options(context))
    table: Table = tables(context).get(key)
    if what == "":
        after = _after(request)
        answer = table.state(after, WAIT_SECONDS if after is not None else 0.0)
        return json_response({"table": key, **answer})
    if what == "hint":
        return json_response({"table": key, "hint": table.hint()})
    if what == "record":
        record = table.record()
        body = json.dumps(record, ensure_ascii=False, indent=1).encode("utf-8")
        seed = record["seed"]
        name = "threethirteen-game.json" if seed is None else f"threethirteen-game-{seed}.json"
        return Response(
            200,
            body,
            "application/json",
            (("Content-Disposition", f'attachment; filename="{name}"'),),
        )
    raise HttpError(404, f"no such page: {quote(request.path)}")


def handle_post(context: Context, request: Request) -> Response:
    """``POST /api/table/new``, ``/api/table/<id>/act``, ``.../auto``."""
    key, what = _split(request.path)
    if key == "new" and not what:
        made, table = new_table(context, request.json())
        answer = {"table": made, **table.state()}
        _run_bots(context, table)
        return json_response(answer)
    table = tables(context).get(key)
    if what == "act":
        data = request.json()
        if not isinstance(data, dict) or set(data) != {"action"}:
            raise HttpError(400, f'the body must be {{"action": "..."}}, not {quote(data)}')
        seq = table.seq
        table.act(data["action"])
        answer = {"table": key, **table.state(seq)}
        _run_bots(context, table)
        return json_response(answer)
    if what == "auto":
        seq = table.seq
        played = table.auto()
        answer = {"table": key, "played": played, **table.state(seq)}
        _run_bots(context, table)
        return json_response(answer)
    raise HttpError(404, f"no such page: {quote(request.path)}")


ROUTES: tuple[Route, ...] = (
    Route("GET", _PREFIX, handle_get, prefix=True),
    Route("POST", _PREFIX, handle_post, prefix=True),
)
"""The table's routes (see the module's notes)."""
