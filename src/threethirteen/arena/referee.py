"""The referee: one game between bots, played behind walls.

Every decision goes through :func:`referee_game`, which hands the bot its view and a
copy of the legal actions, and checks what comes back against the engine's own
list (see :func:`listed_action`: by identity, or by value only for an action whose
every part is of the library's exact types, so that no method of an object the bot
made ever runs). A bot that raises (any exception: ``SystemExit``,
``GeneratorExit`` and other ``BaseException`` subclasses included), chooses
anything that is not one of the legal actions, or overruns its time for a decision
commits a *fault*: it forfeits the game (see :func:`forfeit_scores`), and the
referee says so in a :class:`~threethirteen.arena.tournament_results.Fault`. The
referee never formats an object the bot made: a choice is shown as its notation
only when it is a genuine action, otherwise by its type's name; a bot's exception
is shown with its message only when its ``__str__`` is a built-in one and its
arguments are of built-in types (else "its message could not be shown").

**Ctrl-C.** A person's Ctrl-C (``SIGINT`` delivered to the process) stops the run,
as it stops any Python program; a bot that *raises* ``KeyboardInterrupt`` commits
a fault like any other. In the main thread the referee tells them apart with a
``SIGINT`` handler that notes each signal before passing it on to the handler it
replaced (:func:`watching_interrupts`); a bot on another thread, or in a worker
process, cannot receive a person's Ctrl-C at all (a worker ignores ``SIGINT``). A
bot in this process that *sends* ``SIGINT`` to the process
(``signal.raise_signal``, ``os.kill``) is taken at its word: that is a real
interrupt, and the run stops (a bot in this process can end it anyway, with
``os._exit``); an isolated bot that does so only signals its worker, which ignores it.

**Time limits.** With ``move_time`` (seconds per decision), a bot that can enforce
a limit itself (it has ``timed_act(view, legal_actions, move_time)``, as
:class:`~threethirteen.ProcessBot` and the arena's isolated workers
(:mod:`threethirteen.arena.isolated_bot`) do: they kill their process on overrun)
is given the limit. Any other bot runs on a :class:`Watchdog` thread: the referee
waits ``move_time`` seconds for its answer, and a bot that has not answered
forfeits at once. Python cannot kill a thread: the abandoned call is asked to stop
(an asynchronous exception, raised at its next Python instruction, sent again
every millisecond for up to :data:`ABANDON_SECONDS` while the thread lives) and is
otherwise left on its daemon thread; a bot stuck in C code (a long ``sum``, a
catastrophic regular expression) holds the interpreter until it returns, and
neither the watchdog nor anything else in the process can stop it. Only a bot in
its own process can be stopped for certain: the arena's tournaments put every
in-process bot in a worker process when a ``move_time`` is set.

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

import builtins
import contextlib
import ctypes
import queue
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from types import FrameType
from typing import Any, NoReturn

from .._validate import as_finite, cut, quote
from ..bots.builtin import Bot
from ..engine.actions import Action, DiscardCard, DrawDiscard, DrawStock, LayMeld, LayOff
from ..engine.game import Game, PlayerView
from ..errors import BotError, BotRaisedError, GameError, MoveTimeError, ThreeThirteenError
from ..hands.cards import CARDS, JOKER, Card
from ..hands.melds import Meld
from ..hands.rounds import Round
from .game_results import Fault

__all__ = [
    "ABANDON_SECONDS",
    "HOOK_ALLOWANCE",
    "IllegalChoice",
    "InterruptWatch",
    "Watchdog",
    "check_move_time",
    "describe_choice",
    "describe_error",
    "forfeit_scores",
    "hook_fault",
    "is_genuine_action",
    "listed_action",
    "raise_decision_fault",
    "raise_fault",
    "referee_game",
    "start_fault",
    "type_name",
    "watching_interrupts",
]

ABANDON_SECONDS = 1.0
"""How long the watchdog keeps asking an abandoned bot's thread to stop (sending the
asynchronous exception again every millisecond) before it leaves it running."""

HOOK_ALLOWANCE = 2.0
"""The seconds a bot's ``start_game`` (and the making of the bot, in a worker) has
beyond ``move_time``."""


def check_move_time(move_time: object) -> float | None:
    """``move_time`` checked: ``None`` (no limit) or a positive, finite number of
    seconds.

    >>> check_move_time(0.5), check_move_time(None)
    (0.5, None)
    >>> check_move_time(float("nan"))
    Traceback (most recent call last):
    ...
    threethirteen.errors.GameError: move_time must be a finite number, not nan
    """
    if move_time is None:
        return None
    return float(as_finite(move_time, "move_time", GameError, low=0, above_low=True))


# -- what a bot returns, read without running its code ---------------------------------

_NAME = type.__dict__["__name__"]
_MRO = type.__dict__["__mro__"]
_CLASS_DICT = type.__dict__["__dict__"]


def type_name(value: object) -> str:
    """The name of ``value``'s type, read without running any code of the type (a
    metaclass cannot lie about it), shortened.

    >>> type_name(3), type_name(Card(0))
    ('int', 'Card')
    """
    name = _NAME.__get__(type(value))
    return _shortened(name if type(name) is str else "?", 80)


def _is_card(value: object) -> bool:
    return type(value) is Card and type(object.__getattribute__(value, "code")) is int


def _is_meld(value: object) -> bool:
    if type(value) is not Meld:
        return False
    for name, kind in (("cards", Card), ("stands_for", Card), ("wild", bool)):
        part = object.__getattribute__(value, name)
        if type(part) is not tuple:
            return False
        for item in part:
            if kind is Card and not _is_card(item):
                return False
            if kind is bool and type(item) is not bool:
                return False
    return True


def _is_int(value: object) -> bool:
    return type(value) is int


def _is_optional_int(value: object) -> bool:
    return value is None or type(value) is int


def _is_optional_card(value: object) -> bool:
    return value is None or _is_card(value)


def _is_optional_melds(value: object) -> bool:
    return value is None or (type(value) is tuple and all(_is_meld(meld) for meld in value))


_ACTION_PARTS: dict[type, tuple[tuple[str, Callable[[object], bool]], ...]] = {
    DrawStock: (),
    DrawDiscard: (("pile", _is_optional_int),),
    DiscardCard: (
        ("card", _is_card),
        ("go_out", lambda value: type(value) is bool),
        ("pile", _is_optional_int),
        ("melds", _is_optional_melds),
    ),
    LayMeld: (("meld", _is_meld),),
    LayOff: (("card", _is_card), ("meld", _is_int), ("stands_for", _is_optional_card)),
}
"""Each action type's parts, with the check that a part is of the library's exact types."""


def is_genuine_action(value: object) -> bool:
    """Whether ``value`` is one of the library's actions, of its exact type, with
    every part of the exact types its constructor makes (no subclass anywhere): an
    object whose comparison and notation run only the library's code. Nothing of
    ``value``'s own runs to find out.

    >>> import threethirteen as tt
    >>> from unittest.mock import ANY
    >>> is_genuine_action(tt.DrawStock()), is_genuine_action(ANY)
    (True, False)
    """
    parts = _ACTION_PARTS.get(type(value))
    if parts is None:
        return False
    try:
        return all(check(object.__getattribute__(value, name)) for name, check in parts)
    except AttributeError:  # made without its constructor: a slot never set
        return False


def listed_action(choice: object, legal: Sequence[Action]) -> Action | None:
    """The engine's own action in ``legal`` that ``choice`` is: the very object, or
    a genuine action (:func:`is_genuine_action`) of the same type and an equal value;
    ``None`` when it is none of them. No method of ``choice`` runs.

    >>> import threethirteen as tt
    >>> from unittest.mock import ANY
    >>> legal = [tt.DrawStock(), tt.DrawDiscard()]
    >>> listed_action(tt.DrawStock(), legal) is legal[0], listed_action(ANY, legal)
    (True, None)
    """
    for action in legal:
        if action is choice:
            return action
    if not is_genuine_action(choice):
        return None
    kind = type(choice)
    for action in legal:
        if type(action) is kind and action == choice:
            return action
    return None


_SHOWN_TYPES = (str, int, float, bool, type(None), bytes)
"""The built-in types whose values the referee quotes as they are."""


def describe_choice(choice: object) -> str:
    """``choice`` as an error message shows it, without running any of its code: a
    genuine action's notation, a value of a built-in type quoted, anything else by
    its type.

    >>> import threethirteen as tt
    >>> from unittest.mock import ANY
    >>> describe_choice(tt.DrawStock()), describe_choice("draw"), describe_choice(ANY)
    ("'draw stock'", "'draw'", 'an object of type _ANY')
    """
    if is_genuine_action(choice):
        return quote(str(choice))
    if type(choice) in _SHOWN_TYPES:
        return quote(choice)
    return f"an object of type {type_name(choice)}"


_BUILTIN_CLASSES = frozenset(
    value for value in vars(builtins).values() if isinstance(value, type)
) | {object}


def _defining_class(kind: type, name: str) -> type | None:
    for klass in _MRO.__get__(kind):
        if name in _CLASS_DICT.__get__(klass):
            return klass  # type: ignore[no-any-return]
    return None


def describe_error(error: BaseException) -> tuple[str, str | None]:
    """The type's name and the message of an exception a bot raised, shortened,
    without running the bot's code: the message is shown only when the exception's
    ``__str__`` is a built-in one and its arguments are of built-in types (``None``
    when it could not be shown).

    >>> describe_error(ZeroDivisionError("division by zero"))
    ('ZeroDivisionError', 'division by zero')
    >>> class Sly(Exception):
    ...     def __str__(self):
    ...         raise RuntimeError("no")
    >>> describe_error(Sly("x"))
    ('Sly', None)
    """
    if type(error) is BotRaisedError:  # a worker's report: already safe text
        return error.error_type or "?", error.error_message
    name = type_name(error)
    if _defining_class(type(error), "__str__") not in _BUILTIN_CLASSES:
        return name, None
    args = BaseException.__dict__["args"].__get__(error)
    if type(args) is not tuple or any(type(arg) not in _SHOWN_TYPES for arg in args):
        return name, None
    if type(error) is KeyError and len(args) == 1:
        return name, _shortened(repr(args[0]))
    return name, _shortened(BaseException.__str__(error))


class IllegalChoice:
    """What a bot chose that is none of the legal actions, already described (by
    :func:`describe_choice`) where it was chosen: an isolated worker reports this
    instead of the object, with whether it was of an action's type and the genuine
    action it parsed, if any, so that the referee can say why it is not legal.

    >>> IllegalChoice("an object of type Forged", is_action=False).description
    'an object of type Forged'
    """

    __slots__ = ("action", "description", "is_action")

    def __init__(self, description: str, *, is_action: bool, action: Action | None = None) -> None:
        self.description = description
        self.is_action = is_action
        self.action = action


# -- Ctrl-C -----------------------------------------------------------------------


class InterruptWatch:
    """Whether a real ``SIGINT`` came while :func:`watching_interrupts` watched."""

    __slots__ = ("signalled",)

    def __init__(self) -> None:
        self.signalled = False

    def is_persons(self, error: BaseException) -> bool:
        """Whether ``error`` is a person's Ctrl-C to pass on, not a bot's fault: a
        ``KeyboardInterrupt`` after a real signal."""
        return isinstance(error, KeyboardInterrupt) and self.signalled

    def check(self) -> None:
        """Raise ``KeyboardInterrupt`` if a real signal came (a bot that caught it
        cannot keep the run going)."""
        if self.signalled:
            raise KeyboardInterrupt


@contextlib.contextmanager
def watching_interrupts() -> Iterator[InterruptWatch]:
    """Note every real ``SIGINT`` while the block runs, passing each on to the
    handler it found (by default, Python's, which raises ``KeyboardInterrupt``). Only
    the main thread receives signals: elsewhere nothing is installed, and no
    ``KeyboardInterrupt`` can be a person's.

    >>> with watching_interrupts() as watch:
    ...     pass
    >>> watch.signalled
    False
    """
    watch = InterruptWatch()
    if threading.current_thread() is not threading.main_thread():
        yield watch
        return
    found = signal.getsignal(signal.SIGINT)

    def noted(number: int, frame: FrameType | None) -> Any:
        watch.signalled = True
        if callable(found):
            return found(number, frame)
        if found == signal.SIG_DFL:  # pragma: no cover - a program that chose it
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            signal.raise_signal(signal.SIGINT)
        return None

    try:
        signal.signal(signal.SIGINT, noted)
    except (ValueError, TypeError):  # pragma: no cover - no signals here
        yield watch
        return
    try:
        yield watch
    finally:
        signal.signal(signal.SIGINT, found)


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


class Watchdog:
    """Runs a game's bot calls on one worker thread, so that the referee can stop
    waiting for a bot that overruns. It cannot stop a bot in C code: see the
    module's notes.

    >>> dog = Watchdog()
    >>> dog.call(lambda: 6 * 7, 1.0)
    42
    >>> dog.close()
    """

    def __init__(self) -> None:
        self._tasks: queue.SimpleQueue[_Task | None] | None = None
        self._thread: threading.Thread | None = None

    def call(self, function: Callable[[], Any], seconds: float) -> Any:
        """``function()``'s value or error, or :class:`MoveTimeError` after
        ``seconds`` (the call abandoned)."""
        if self._thread is None or self._tasks is None:
            self._tasks = queue.SimpleQueue()
            self._thread = threading.Thread(
                target=_work, args=(self._tasks,), name="threethirteen bot", daemon=True
            )
            self._thread.start()
        task = _Task(function)
        self._tasks.put(task)
        try:
            done = task.done.wait(seconds)
        except BaseException:  # a person's Ctrl-C: the call is abandoned too
            self._abandon()
            raise
        if not done:
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
        try:
            set_async = ctypes.pythonapi.PyThreadState_SetAsyncExc
        except AttributeError:  # pragma: no cover - not CPython
            return
        # a bot that catches the exception and goes on is sent it again, until its
        # thread ends or ABANDON_SECONDS have passed
        give_up = time.monotonic() + ABANDON_SECONDS
        while ident is not None and thread.is_alive():
            set_async(ctypes.c_ulong(ident), ctypes.py_object(_Abandoned))
            thread.join(0.001)
            if time.monotonic() > give_up:
                break

    def close(self) -> None:
        """End the worker thread (once its call, if any, returns)."""
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
    facts = (None, None) if error is None else describe_error(error)
    return Fault(
        bot=label,
        seat=seat,
        game=index,
        round=game.round,
        turn=turn,
        kind=kind,
        error_type=facts[0],
        error_message=facts[1],
        message=message,
    )


def _shortened(text: str, limit: int = 300) -> str:
    """``text`` on one line, cut to ``limit`` characters (see :func:`cut`)."""
    return cut(text.replace("\n", " ").strip(), limit)


def _raised(error: BaseException) -> str:
    name, shown = describe_error(error)
    if shown is None:
        return f"raised {name} (its message could not be shown)"
    return f"raised {name}: {shown}" if shown else f"raised {name}"


def _illegal(game: Game, choice: object) -> str:
    if type(choice) is IllegalChoice:
        shown, action, is_action = choice.description, choice.action, choice.is_action
    else:
        shown = describe_choice(choice)
        action = choice if is_genuine_action(choice) else None  # type: ignore[assignment]
        is_action = type(choice) in _ACTION_PARTS
    if action is None:
        if is_action:
            return f"chose {shown}, which is not legal: it is not one of the legal actions"
        return f"chose {shown}, which is not legal: it is not an action"
    reason = "it is not one of the legal actions"
    try:
        game.verify(action)
    except ThreeThirteenError as error:
        reason = _shortened(str(error))
    except Exception:  # pragma: no cover - a genuine action verifies
        pass
    return f"chose {shown}, which is not legal: {reason}"


def _decide(
    bot: Bot, game: Game, seat: int, legal: list[Action], move_time: float | None, dog: Watchdog
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
    watchdog: Watchdog | None = None,
    interrupts: InterruptWatch | None = None,
) -> Fault | None:
    """Play ``game`` to its end, each seat's bot choosing its actions, and return
    ``None``; or stop at a bot's first fault and return it (the game is left as it
    stood). ``index`` is the game's index in a tournament, for the messages.

    A fault is one of three kinds: ``"error"`` (the bot raised anything, a
    ``BaseException`` included; a :class:`~threethirteen.ProcessBot` or an isolated
    worker whose process crashed or broke the protocol raises too), ``"illegal"``
    (it returned anything that is not one of the legal actions) and ``"time"`` (no
    answer within ``move_time`` seconds). A person's Ctrl-C is no fault: it
    propagates (see the module's notes).

    :param watchdog: the thread to run bots on under ``move_time`` (one is made
        for the game when ``None``, and closed at its end).
    :param interrupts: the watch that tells a person's Ctrl-C from a bot's
        ``KeyboardInterrupt`` (one is set up for the game when ``None``).
    :raises BotError: instead of returning a fault, with ``raise_faults``: its
        message is the fault's, and the bot's exception is chained.
    """
    with contextlib.ExitStack() as stack:
        dog = watchdog
        if dog is None:
            dog = Watchdog()
            stack.callback(dog.close)
        watch = interrupts
        if watch is None:
            watch = stack.enter_context(watching_interrupts())
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
            except BaseException as error:  # the bot's, unless a person's Ctrl-C
                if watch.is_persons(error):
                    raise
                fault = _fault(game, seat, labels[seat], index, "error", _raised(error), error)
                cause = error
            else:
                watch.check()
                action = listed_action(choice, legal)
                if action is not None:
                    game.apply(action)
                    continue
                fault = _fault(game, seat, labels[seat], index, "illegal", _illegal(game, choice))
            watch.check()
            if raise_faults:
                raise_fault(fault, cause)
            return fault
        return None
    raise AssertionError("unreachable")  # pragma: no cover


def start_fault(
    game: Game, seat: int, label: str, index: int | None, error: BaseException
) -> Fault:
    """The fault of a bot whose ``start_game`` raised (or overran): it forfeits the
    game before its first turn."""
    return hook_fault(game, seat, label, index, error, "start")


_STAGES = {
    "make": ("to be made", "could not be made"),
    "start": ("to start", "failed to start"),
    "end": ("to end", "failed to end"),
}


def hook_fault(
    game: Game, seat: int, label: str, index: int | None, error: BaseException, stage: str
) -> Fault:
    """The fault of a bot that failed (raised, or overran) at a ``stage`` of a game
    that is not a decision: ``"make"`` (its factory, for this game's seed),
    ``"start"`` (its ``start_game``) or ``"end"`` (its ``end_game``).

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", 2, seed=1)
    >>> print(hook_fault(game, 1, "x", 4, SystemExit(3), "end").message)
    bot 'x' in seat 1, game 4, round 1, turn 1: failed to end: raised SystemExit: 3
    """
    took, failed = _STAGES[stage]
    if isinstance(error, MoveTimeError):
        return _fault(
            game,
            seat,
            label,
            index,
            "time",
            f"took too long {took} ({_shortened(str(error))})",
            error,
        )
    return _fault(game, seat, label, index, "error", f"{failed}: {_raised(error)}", error)


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


class _Again:
    """A bot's faulty decision, made again at the referee's table: it raises the
    same exception, or returns the same choice."""

    def __init__(self, error: BaseException | None, choice: object) -> None:
        self.error = error
        self.choice = choice

    def act(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        if self.error is not None:
            raise self.error
        return self.choice  # type: ignore[return-value]  # (not an action: the fault)


def raise_decision_fault(
    game: Game,
    labels: Sequence[str],
    *,
    error: BaseException | None = None,
    choice: object = None,
) -> NoReturn:
    """Raise the :class:`~threethirteen.BotError` the referee raises for the bot to
    move in ``game``, whose decision raised ``error`` (or, without one, returned
    ``choice``, which is not legal): for a caller that asks a bot itself (an
    environment's opponent), with the referee's own message. ``game`` is left as
    it stands.

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", 2, seed=1)
    >>> raise_decision_fault(game, ["learner", "sleepy"], choice=None)
    Traceback (most recent call last):
    ...
    threethirteen.errors.BotError: bot 'sleepy' in seat 1, round 1, turn 1: chose None,
    which is not legal: it is not an action
    """
    again = _Again(error, choice)
    referee_game(game, [again] * game.players, labels, raise_faults=True)
    raise AssertionError("the referee found no fault")  # pragma: no cover
