"""The referee: one game between bots, played behind walls.

Every decision goes through :func:`referee_game`, which hands the bot its view and a
copy of the legal actions, and checks what comes back against the engine's own
list, by type and value (an object that only claims to be equal, such as
``unittest.mock.ANY``, is not an action). A bot that raises, chooses anything that
is not one of the legal actions, or overruns its time for a decision commits a
*fault*: it forfeits the game (see :func:`forfeit_scores`), and the referee says
so in a :class:`~threethirteen.arena.tournament_results.Fault`.

**Time limits.** With ``move_time`` (seconds per decision), a bot that can enforce
a limit itself (it has ``timed_act(view, legal_actions, move_time)``, as
:class:`~threethirteen.ProcessBot` does: it kills its process on overrun) is given
the limit. Any other bot runs on a watchdog thread: the referee waits
``move_time`` seconds for its answer, and a bot that has not answered forfeits at
once. Python cannot kill a thread: the abandoned call is asked to stop (an
asynchronous exception, raised at its next Python instruction) and is otherwise
left to finish on its daemon thread; a bot stuck in C code keeps its thread until
it returns. Only a bot in its own process can be stopped for certain.

>>> import threethirteen as tt
>>> game = tt.Game("pagat", 2, seed=1)
>>> def broken(view, legal_actions):
...     return 1 / 0
>>> bots = [tt.GreedyBot(seed=1), tt.as_bot(broken)]
>>> fault = referee_game(game, bots, ["greedy", "broken"])
>>> print(fault.message)
bot 'broken' in seat 1, round 1, turn 1: raised ZeroDivisionError: division by zero
>>> forfeit_scores(game, fault.seat)[0]  # the most each round's hand can cost
(0, 880)
"""

from __future__ import annotations

import ctypes
import math
import queue
import threading
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from .._validate import quote
from ..bots.builtin import Bot
from ..engine.actions import Action, DiscardCard, DrawDiscard, DrawStock, LayMeld, LayOff
from ..engine.game import Game
from ..errors import BotError, GameError, MoveTimeError, ThreeThirteenError
from ..hands.cards import CARDS, JOKER
from ..hands.rounds import Round
from .tournament_results import Fault

__all__ = [
    "check_move_time",
    "forfeit_scores",
    "listed_action",
    "raise_fault",
    "referee_game",
    "start_fault",
]


def check_move_time(move_time: object) -> float | None:
    """``move_time`` checked: ``None`` (no limit) or a positive, finite number of
    seconds.

    >>> check_move_time(0.5), check_move_time(None)
    (0.5, None)
    >>> check_move_time(float("nan"))
    Traceback (most recent call last):
    ...
    threethirteen.errors.GameError: move_time is a positive number of seconds (or None), not nan
    """
    if move_time is None:
        return None
    if (
        isinstance(move_time, bool)
        or not isinstance(move_time, (int, float))
        or not math.isfinite(move_time)
        or move_time <= 0
    ):
        raise GameError(
            f"move_time is a positive number of seconds (or None), not {quote(move_time)}"
        )
    return float(move_time)


def listed_action(choice: object, legal: Sequence[Action]) -> Action | None:
    """The engine's own action in ``legal`` that ``choice`` is: the same type and an
    equal value; ``None`` when it is none of them.

    >>> import threethirteen as tt
    >>> from unittest.mock import ANY
    >>> legal = [tt.DrawStock(), tt.DrawDiscard()]
    >>> listed_action(tt.DrawStock(), legal) is legal[0], listed_action(ANY, legal)
    (True, None)
    """
    kind = type(choice)
    for action in legal:
        if type(action) is kind and action == choice:
            return action
    return None


# -- the watchdog -----------------------------------------------------------------


class _Abandoned(BaseException):
    """Raised in a bot's abandoned call, to stop it at its next Python instruction."""


class _Task:
    __slots__ = ("done", "error", "function", "value")

    def __init__(self, function: Callable[[], Any]) -> None:
        self.function = function
        self.done = threading.Event()
        self.value: Any = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self.value = self.function()
        except BaseException as error:  # the bot's error, or _Abandoned
            self.error = error
        finally:
            self.done.set()


def _work(tasks: queue.SimpleQueue[_Task | None]) -> None:
    try:
        while True:
            task = tasks.get()
            if task is None:
                return
            task.run()
    except _Abandoned:
        return


class _Watchdog:
    """Runs a game's bot decisions on one worker thread, so that the referee can stop
    waiting for a bot that overruns."""

    def __init__(self) -> None:
        self._tasks: queue.SimpleQueue[_Task | None] | None = None
        self._thread: threading.Thread | None = None

    def call(self, function: Callable[[], Any], seconds: float) -> Any:
        """``function()``'s value or error, or :class:`MoveTimeError` after
        ``seconds``."""
        if self._thread is None or self._tasks is None:
            self._tasks = queue.SimpleQueue()
            self._thread = threading.Thread(
                target=_work, args=(self._tasks,), name="threethirteen bot", daemon=True
            )
            self._thread.start()
        task = _Task(function)
        self._tasks.put(task)
        if not task.done.wait(seconds):
            self._abandon()
            raise MoveTimeError(f"no answer within the move time of {seconds:g} s")
        if task.error is not None:
            raise task.error
        return task.value

    def _abandon(self) -> None:
        thread, tasks = self._thread, self._tasks
        self._thread = self._tasks = None
        if thread is None or tasks is None:  # pragma: no cover
            return
        tasks.put(None)  # the thread ends once the call returns
        ident = thread.ident
        if ident is not None and thread.is_alive():
            try:
                set_async = ctypes.pythonapi.PyThreadState_SetAsyncExc
            except AttributeError:  # pragma: no cover - not CPython
                return
            set_async(ctypes.c_ulong(ident), ctypes.py_object(_Abandoned))

    def close(self) -> None:
        if self._tasks is not None:
            self._tasks.put(None)
        self._thread = self._tasks = None


# -- one game ---------------------------------------------------------------------


def _where(label: str, seat: int, index: int | None, round_: int, turn: int) -> str:
    game = "" if index is None else f", game {index}"
    return f"bot {label!r} in seat {seat}{game}, round {round_}, turn {turn}"


def _fault(
    game: Game,
    seat: int,
    label: str,
    index: int | None,
    kind: str,
    what: str,
    error: BaseException | None = None,
) -> Fault:
    turn = game.turns + 1 if not game.is_over else game.turns
    message = f"{_where(label, seat, index, game.round, turn)}: {what}"
    return Fault(
        bot=label,
        seat=seat,
        game=index,
        round=game.round,
        turn=turn,
        kind=kind,
        error_type=None if error is None else type(error).__name__,
        error_message=None if error is None else _shortened(str(error)),
        message=message,
    )


def _shortened(text: str, limit: int = 300) -> str:
    text = text.replace("\n", " ").strip()
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _raised(error: BaseException) -> str:
    shown = _shortened(str(error))
    return f"raised {type(error).__name__}: {shown}" if shown else f"raised {type(error).__name__}"


def _illegal(game: Game, choice: object) -> str:
    if type(choice) not in _ACTION_TYPES:
        return f"chose {quote(choice)}, which is not legal: it is not an action"
    reason = "it is not one of the legal actions"
    try:
        game.verify(choice)  # type: ignore[arg-type]
    except ThreeThirteenError as error:
        reason = str(error)
    except Exception:  # an action made without its constructor's checks
        pass
    return f"chose {quote(str(choice))}, which is not legal: {reason}"


def _decide(
    bot: Bot, game: Game, seat: int, legal: list[Action], move_time: float | None, dog: _Watchdog
) -> object:
    view = game.view(seat)
    offered = list(legal)  # the bot's copy: what it does to it changes nothing here
    if move_time is None:  # (the common case: no lookup of timed_act, no thread)
        return bot.act(view, offered)
    timed = getattr(bot, "timed_act", None)
    if callable(timed):
        return timed(view, offered, move_time)
    return dog.call(lambda: bot.act(view, offered), move_time)


def referee_game(
    game: Game,
    bots: Sequence[Bot],
    labels: Sequence[str],
    *,
    move_time: float | None = None,
    index: int | None = None,
    raise_faults: bool = False,
) -> Fault | None:
    """Play ``game`` to its end, each seat's bot choosing its actions, and return
    ``None``; or stop at a bot's first fault and return it (the game is left as it
    stood). ``index`` is the game's index in a tournament, for the messages.

    A fault is one of three kinds: ``"error"`` (the bot raised; a
    :class:`~threethirteen.ProcessBot` whose process crashed or broke the protocol
    raises too), ``"illegal"`` (it returned anything that is not one of the legal
    actions) and ``"time"`` (no answer within ``move_time`` seconds).

    :raises BotError: instead of returning a fault, with ``raise_faults``: its
        message is the fault's, and the bot's exception is chained.
    """
    dog = _Watchdog()
    try:
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            legal = game.legal_actions()
            cause: BaseException | None = None
            try:
                choice = _decide(bots[seat], game, seat, legal, move_time, dog)
            except MoveTimeError as error:
                fault = _fault(
                    game, seat, labels[seat], index, "time", _took_too_long(error), error
                )
                cause = error
            except Exception as error:
                fault = _fault(game, seat, labels[seat], index, "error", _raised(error), error)
                cause = error
            else:
                action = listed_action(choice, legal)
                if action is not None:
                    game.apply(action)
                    continue
                fault = _fault(game, seat, labels[seat], index, "illegal", _illegal(game, choice))
            if raise_faults:
                raise_fault(fault, cause)
            return fault
        return None
    finally:
        dog.close()


def start_fault(
    game: Game, seat: int, label: str, index: int | None, error: BaseException
) -> Fault:
    """The fault of a bot whose ``start_game`` raised (or overran): it forfeits the
    game before its first turn."""
    if isinstance(error, MoveTimeError):
        return _fault(game, seat, label, index, "time", f"took too long to start ({error})", error)
    return _fault(game, seat, label, index, "error", f"failed to start: {_raised(error)}", error)


def _took_too_long(error: MoveTimeError) -> str:
    return f"took too long to choose ({_shortened(str(error))})"


def raise_fault(fault: Fault, cause: BaseException | None = None) -> NoReturn:
    """Raise :class:`~threethirteen.BotError` for ``fault``."""
    error = BotError(fault.message)
    error.bot, error.seat, error.game = fault.bot, fault.seat, fault.game
    error.round, error.turn, error.kind = fault.round, fault.turn, fault.kind
    error.error_type, error.error_message = fault.error_type, fault.error_message
    raise error from cause


# -- forfeits ---------------------------------------------------------------------


def _most_a_hand_costs(round_: Round, decks_jokers: int) -> int:
    pool = CARDS if decks_jokers else CARDS[:JOKER]
    assert round_.dealt is not None
    return round_.dealt * max(round_.penalty(card) for card in pool)


def forfeit_scores(game: Game, seat: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """The totals and round scores of a game that ``seat`` forfeited: the rounds
    scored stand; for the round in play and every round not yet played, the
    forfeiting seat scores the most a hand of that round can cost (every card dealt
    at the highest penalty of the round, a wild or a joker left over included) and
    every other seat 0. The forfeiting seat is never a winner, whatever its total.

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", 2, seed=1)
    >>> totals, rounds = forfeit_scores(game, 0)
    >>> totals, rounds[:3]
    ((880, 0), ((30, 0), (40, 0), (50, 0)))
    """
    rules = game.rules
    scored = list(game.round_scores)
    players = game.players
    for number in range(len(scored) + 1, len(rules.rounds) + 1):
        round_ = Round(rules, number)
        most = _most_a_hand_costs(round_, rules.jokers)
        scored.append(tuple(most if player == seat else 0 for player in range(players)))
    totals = tuple(sum(scores[player] for scores in scored) for player in range(players))
    return totals, tuple(scored)


_ACTION_TYPES = frozenset((DiscardCard, DrawDiscard, DrawStock, LayMeld, LayOff))
"""The library's actions: what a bot's choice must be an instance of, exactly."""
