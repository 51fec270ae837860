"""In-process bots behind a real wall: each in a worker process of its own.

A watchdog thread cannot stop Python code stuck in one long C call (``sum`` of a
huge range, a catastrophic regular expression): it holds the interpreter, and
every other thread with it. Only another process can be stopped for certain. An
:class:`IsolatedBot` forks a worker process (``os.fork``: any bot runs in it,
lambdas and local functions included, without pickling) that makes the bot from
its specification and serves the arena's requests on two pipes: the arena pickles
each view and legal list to it, and reads back one short JSON line that it checks
(the index of the chosen action in the legal list, or the bot's fault, already
described in the worker by the referee's own functions): never an object made
in the worker. A worker that does not answer within its time is killed, with
every process it started (:func:`~threethirteen.arena.process_tree.kill_tree`),
and reaped.

The worker ignores ``SIGINT`` (a person's Ctrl-C is the arena's to handle), reads
``/dev/null`` as its standard input and writes its standard output to standard
error; it closes the arena's pipes to the other workers, is killed when the arena
dies (Linux: ``PR_SET_PDEATHSIG``) and keeps what its bot starts under it (a child
subreaper), so that killing it kills them all. A bot object given as it
is keeps its state only in the worker, for one game: what it learns is lost when
the game ends. The wall is one of time and of crashes, not of memory: the worker is
a copy of the arena's process, so a bot can still read (not change) whatever the
arena held when the game began, the game's deal and the tournament's seed among
them. A bot not to be trusted with the hidden cards plays as a
:class:`~threethirteen.ProcessBot`, a program of its own.

Fork copies only the thread that calls it: a lock another thread of the arena held
at that moment (an import, logging) stays held in the worker, and a bot that needs
it hangs there until its time runs out. Python 3.12 warns of this
(``DeprecationWarning``); the worker runs only the bot's code and the arena's, and
that warning is silenced for the fork alone.

>>> import threethirteen as tt
>>> game = tt.Game("pagat", 2, seed=3)
>>> with IsolatedBot("greedy", seed=1, name="greedy", move_time=5) as bot:
...     bot.wait_made(5)
...     view, legal = game.view(0), game.legal_actions()
...     bot.timed_act(view, legal, 5) in legal
True
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import pickle
import select
import signal
import sys
import threading
import time
import warnings
import weakref
from collections.abc import Sequence
from types import TracebackType
from typing import Any, NoReturn

from .._validate import quote
from ..bots.builtin import Bot, BotSpec, make_bot
from ..engine.actions import Action, DiscardCard, DrawDiscard, DrawStock, LayMeld, LayOff
from ..engine.game import PlayerView
from ..errors import (
    BotProtocolError,
    BotRaisedError,
    GameError,
    InvalidActionError,
    MoveTimeError,
)
from .process_tree import become_subreaper, kill_tree
from .referee import IllegalChoice, describe_choice, describe_error, is_genuine_action

__all__ = ["CAN_ISOLATE", "MAX_REPORT_BYTES", "IsolatedBot"]

CAN_ISOLATE = hasattr(os, "fork") and os.name == "posix"
"""Whether this platform can isolate bots (it has ``os.fork``)."""

MAX_REPORT_BYTES = 16 * 1024
"""The longest line a worker may answer with, in bytes."""

_PR_SET_PDEATHSIG = 1
_EXIT_SECONDS = 0.5
"""How long a worker that closed its answer pipe has to exit before it is killed."""

_FORKING = threading.Lock()
"""Held while a worker is forked, so that no other thread's new pipes leak into it."""

_ARENA_ENDS: set[int] = set()
"""The arena's ends of every live worker's pipes (a new worker closes them)."""


# -- the worker ----------------------------------------------------------------------


def _report(answers: int, data: dict[str, Any]) -> None:
    line = json.dumps(data, ensure_ascii=True).encode("ascii") + b"\n"
    view = memoryview(line)
    while view:
        view = view[os.write(answers, view) :]


def _error_report(error: BaseException) -> dict[str, Any]:
    name, message = describe_error(error)
    return {"error": [name, message]}


def _read_exactly(requests: int, size: int) -> bytes | None:
    chunks: list[bytes] = []
    while size:
        chunk = os.read(requests, min(size, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def _choose(bot: Bot, view: PlayerView, legal: list[Action]) -> dict[str, Any]:
    """The bot's decision, checked here, under the arena's deadline."""
    try:
        choice: object = bot.act(view, list(legal))
    except BaseException as error:  # every exception is the bot's fault here
        return _error_report(error)
    for index, action in enumerate(legal):
        if action is choice:
            return {"index": index}
    genuine = is_genuine_action(choice)
    if genuine:
        for index, action in enumerate(legal):
            if type(action) is type(choice) and action == choice:
                return {"index": index}
    return {
        "illegal": describe_choice(choice),
        "is_action": type(choice) in _ACTION_TYPES,
        "action": choice.to_dict() if genuine else None,  # type: ignore[attr-defined]
    }


def _hook(bot: Bot, name: str, message: object) -> dict[str, Any]:
    hook = getattr(bot, name, None)
    if callable(hook):
        try:
            hook(message)
        except BaseException as error:
            return _error_report(error)
    return {"ok": True}


def _serve(spec: BotSpec, seed: int, requests: int, answers: int) -> None:
    """The worker: make the bot, say so, then answer each request until the arena
    closes the pipe."""
    try:
        bot = make_bot(spec, seed=seed)
    except BaseException as error:
        _report(answers, _error_report(error))
        return
    _report(answers, {"ok": True})
    while True:
        head = _read_exactly(requests, 8)
        if head is None:
            return
        body = _read_exactly(requests, int.from_bytes(head, "little"))
        if body is None:
            return
        request = pickle.loads(body)  # from the arena: trusted
        kind = request[0]
        if kind == "act":
            answer = _choose(bot, request[1], request[2])
        else:
            answer = _hook(bot, f"{kind}_game", request[1])
        _report(answers, answer)


def _die_with(parent: int) -> None:
    """Be killed when the arena dies (Linux: ``PR_SET_PDEATHSIG``), so that a bot
    stuck in a loop cannot outlive it; exit now if it is gone already."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:
        os._exit(0)


def _worker(
    spec: BotSpec, seed: int, requests: int, answers: int, others: list[int], parent: int
) -> NoReturn:
    """The child's whole life after ``fork``: it never returns to the arena's code."""
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        for descriptor in others:
            with contextlib.suppress(OSError):
                os.close(descriptor)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.close(null)
        os.dup2(2, 1)
        _die_with(parent)
        become_subreaper()
        _serve(spec, seed, requests, answers)
    except BaseException:  # pragma: no cover - the arena sees the pipe close
        pass
    finally:
        os._exit(0)


def _fork() -> int:
    """``os.fork()``, its warning about threads silenced (see the module's notes)."""
    with warnings.catch_warnings():
        warnings.filterwarnings(
            "ignore", message=r".*fork\(\) may lead to deadlocks", category=DeprecationWarning
        )
        return os.fork()


def _end_worker(pid: int, descriptors: tuple[int, ...]) -> None:
    """Kill the worker and all it started, reap it and close the arena's ends."""
    kill_tree(pid)
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, 0)
    for descriptor in descriptors:
        _ARENA_ENDS.discard(descriptor)
        with contextlib.suppress(OSError):
            os.close(descriptor)


# -- the arena's side ----------------------------------------------------------------


class _Timeout(Exception):
    pass


class _Closed(Exception):
    pass


class IsolatedBot:
    """A bot made and run in a worker process of its own (see the module's notes),
    for one game: the arena makes one per seat per game and closes it at the game's
    end.

    :param spec: the bot's specification, as :func:`~threethirteen.make_bot` takes
        it (made in the worker, with ``seed``).
    :param name: the bot's label, for messages.
    :param move_time: the seconds the bot has for each decision and for
        ``end_game`` (``None``: no limit); ``start_game`` has ``extra`` more.
    :raises GameError: where there is no ``os.fork``.
    """

    def __init__(
        self,
        spec: BotSpec,
        *,
        seed: int,
        name: str,
        move_time: float | None = None,
        extra: float = 2.0,
    ) -> None:
        if not CAN_ISOLATE:
            raise GameError(f"isolating a bot needs os.fork, which {sys.platform!r} lacks")
        self.name = name
        self.move_time = move_time
        self.extra = extra
        self._buffer = bytearray()
        with _FORKING:
            requests_read, requests_write = os.pipe()
            answers_read, answers_write = os.pipe()
            others = sorted(_ARENA_ENDS)
            arena = os.getpid()
            blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
            try:
                pid = _fork()
                if pid == 0:  # pragma: no cover - the worker (coverage sees no child)
                    os.close(requests_write)
                    os.close(answers_read)
                    _worker(spec, seed, requests_read, answers_write, others, arena)
            finally:
                signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
            os.close(requests_read)
            os.close(answers_write)
            _ARENA_ENDS.update((requests_write, answers_read))
        os.set_blocking(requests_write, False)
        self._pid: int | None = pid
        self._requests = requests_write
        self._answers = answers_read
        self._finalizer = weakref.finalize(self, _end_worker, pid, (requests_write, answers_read))

    @property
    def pid(self) -> int | None:
        """The worker's process id (``None`` once it is closed)."""
        return self._pid

    # -- the pipes ----------------------------------------------------------------

    def _send(self, request: tuple[Any, ...], deadline: float | None) -> None:
        body = pickle.dumps(request, pickle.HIGHEST_PROTOCOL)
        data = memoryview(len(body).to_bytes(8, "little") + body)
        while data:
            try:
                data = data[os.write(self._requests, data) :]
                continue
            except BlockingIOError:
                pass
            except BrokenPipeError:
                raise _Closed from None
            _wait(self._requests, select.POLLOUT, deadline)

    def _line(self, deadline: float | None) -> bytes:
        while True:
            end = self._buffer.find(b"\n")
            if end >= 0:
                line = bytes(self._buffer[:end])
                del self._buffer[: end + 1]
                return line
            if len(self._buffer) > MAX_REPORT_BYTES:
                raise self._broken("answered a line too long")
            _wait(self._answers, select.POLLIN, deadline)
            chunk = os.read(self._answers, 1 << 16)
            if not chunk:
                raise _Closed
            self._buffer += chunk

    def _ask(self, request: tuple[Any, ...] | None, seconds: float | None, what: str) -> Any:
        """Send ``request`` (none: read the worker's first report) and read the
        answer within ``seconds``; a worker that overruns or dies is ended here."""
        if self._pid is None:
            raise BotProtocolError(f"bot {self.name!r}: its worker is closed")
        if request is not None and self._buffer:
            raise self._broken("wrote on its worker's answer pipe unasked")
        deadline = None if seconds is None else time.monotonic() + seconds
        try:
            if request is not None:
                self._send(request, deadline)
            line = self._line(deadline)
        except _Timeout:
            self.close()
            raise MoveTimeError(f"no answer within the {what} of {seconds:g} s") from None
        except _Closed:
            raise self._died() from None
        except BaseException:  # interrupted: the worker's answer would come out of turn
            self.close()
            raise
        try:
            answer = json.loads(line)
        except ValueError:
            answer = None
        if type(answer) is not dict or len(answer) not in (1, 3):
            raise self._broken("answered what is no report")
        return answer

    def _broken(self, what: str) -> BotProtocolError:
        self.close()
        return BotProtocolError(f"bot {self.name!r}: its worker {what}")

    def _died(self) -> BotProtocolError:
        pid = self._pid
        status = None
        if pid is not None:  # its pipe closed: it exits now, or is killed
            give_up = time.monotonic() + _EXIT_SECONDS
            with contextlib.suppress(ChildProcessError):
                while status is None and time.monotonic() < give_up:
                    found, code = os.waitpid(pid, os.WNOHANG)
                    if found:
                        status = code
                    else:
                        time.sleep(0.001)
        self.close()
        if status is not None and os.WIFSIGNALED(status):
            number = os.WTERMSIG(status)
            try:
                how = f"was killed by signal {number} ({signal.Signals(number).name})"
            except ValueError:  # pragma: no cover
                how = f"was killed by signal {number}"
        elif status is not None and os.WIFEXITED(status):
            how = f"exited with status {os.WEXITSTATUS(status)}"
        else:
            how = "closed its answer pipe"
        return BotProtocolError(f"bot {self.name!r}: its worker process {how}")

    def _outcome(self, answer: dict[str, Any]) -> None:
        """Raise the bot's error an ``ok`` or ``error`` report carries."""
        if answer.get("ok") is True and len(answer) == 1:
            return
        error = answer.get("error")
        if (
            type(error) is list
            and len(error) == 2
            and type(error[0]) is str
            and (error[1] is None or type(error[1]) is str)
        ):
            raise BotRaisedError(error[0][:200], None if error[1] is None else error[1][:400])
        raise self._broken("answered what is no report")

    # -- the bot's side of the arena ------------------------------------------------

    def wait_made(self, seconds: float | None) -> None:
        """Wait for the worker to make the bot.

        :raises BotRaisedError: the bot's factory raised (or the name is no bot).
        :raises MoveTimeError: it took more than ``seconds``: the worker was killed.
        :raises BotProtocolError: the worker died.
        """
        self._outcome(self._ask(None, seconds, "time to make the bot"))

    def start_game(self, message: dict[str, Any]) -> None:
        """Pass the ``start`` message to the bot's ``start_game``, if it has one,
        within ``move_time`` and ``extra`` seconds."""
        limit = None if self.move_time is None else self.move_time + self.extra
        self._outcome(self._ask(("start", message), limit, "time to start"))

    def end_game(self, message: dict[str, Any]) -> None:
        """Pass the ``end`` message to the bot's ``end_game``, if it has one, within
        ``move_time``."""
        self._outcome(self._ask(("end", message), self.move_time, "time to end"))

    def act(self, view: PlayerView, legal_actions: Sequence[Action]) -> object:
        """The bot's choice, within this bot's ``move_time`` (see :meth:`timed_act`)."""
        return self.timed_act(view, legal_actions, self.move_time)

    def timed_act(
        self, view: PlayerView, legal_actions: Sequence[Action], move_time: float | None
    ) -> object:
        """The bot's choice: the very action of ``legal_actions`` it chose, or an
        :class:`~threethirteen.arena.referee.IllegalChoice` describing what else it
        returned.

        :raises BotRaisedError: the bot raised (its type's name and message kept).
        :raises MoveTimeError: no answer within ``move_time``: the worker was killed.
        :raises BotProtocolError: the worker died, or wrote what is no report.
        """
        legal = list(legal_actions)
        answer = self._ask(("act", view, legal), move_time, "move time")
        index = answer.get("index")
        if len(answer) == 1 and type(index) is int:
            if not 0 <= index < len(legal):
                raise self._broken(f"chose action {quote(index)} of {len(legal)}")
            return legal[index]
        described = answer.get("illegal")
        if len(answer) == 3 and type(described) is str:
            is_action = answer.get("is_action") is True
            return IllegalChoice(
                described[:400], is_action=is_action, action=_parsed(answer.get("action"))
            )
        self._outcome(answer)
        raise self._broken("answered what is no report")  # pragma: no cover

    def close(self) -> None:
        """Kill the worker (and whatever it started), reap it and close the pipes."""
        self._pid = None
        self._finalizer()

    def __enter__(self) -> IsolatedBot:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<IsolatedBot {self.name!r} pid={self._pid}>"


def _wait(descriptor: int, event: int, deadline: float | None) -> None:
    poller = select.poll()
    poller.register(descriptor, event)
    while True:
        left = None if deadline is None else deadline - time.monotonic()
        if left is not None and left <= 0:
            raise _Timeout
        if poller.poll(None if left is None else max(1, int(left * 1000 + 0.999))):
            return


def _parsed(data: object) -> Action | None:
    """The genuine action a worker reported, or ``None``."""
    if data is None:
        return None
    try:
        action = Action.from_dict(data)  # type: ignore[arg-type]
    except InvalidActionError:
        return None
    except Exception:  # pragma: no cover - from_dict raises its own error
        return None
    return action if is_genuine_action(action) else None


_ACTION_TYPES = frozenset((DiscardCard, DrawDiscard, DrawStock, LayMeld, LayOff))
"""The library's actions: a choice of one of these types is an action, forged or not."""
