"""Bots in their own processes: :class:`ProcessBot` speaks the line protocol
(:mod:`threethirteen.arena.protocol`) to any program, in any language.

A :class:`ProcessBot` is a bot wherever a bot goes. It starts its program at its
first use, writes the program one JSON line a message on its standard input and
reads one line of answer from its standard output for each decision, within the
decision's time limit: a program that overruns it is killed (and
:class:`~threethirteen.MoveTimeError` raised), one that crashes or breaks the
protocol is killed too (:class:`~threethirteen.BotProtocolError`, with the end of
what it wrote on its standard error); the next use starts the program again. No
process is left behind: :meth:`ProcessBot.close`, a ``with`` block, and a finalizer
(at garbage collection or at exit) end it. As python-chess's ``chess.engine`` is
to chess engines, this is to Three Thirteen bots.

>>> import sys
>>> import threethirteen as tt
>>> command = [sys.executable, "-m", "threethirteen", "bot", "threethirteen:GreedyBot"]
>>> with ProcessBot(command, move_time=30, name="greedy-process") as bot:
...     game = tt.play(["greedy", bot], seed=3)
>>> game.totals == tt.play(["greedy", tt.GreedyBot()], seed=3).totals
True
"""

from __future__ import annotations

import contextlib
import math
import os
import selectors
import shlex
import signal
import subprocess
import threading
import time
import weakref
from collections.abc import Mapping, Sequence
from types import TracebackType
from typing import Any

from .._validate import as_seed, quote
from ..engine.actions import Action
from ..engine.game import PlayerView
from ..errors import BotProtocolError, InvalidBotError, MoveTimeError, ThreeThirteenError
from .protocol import (
    MAX_ANSWER_BYTES,
    act_message,
    message_line,
    parse_answer,
    quit_message,
    start_message,
)

__all__ = ["STDERR_TAIL_BYTES", "STDERR_TAIL_LINES", "ProcessBot"]

STDERR_TAIL_BYTES = 4096
"""The most of a bot program's standard error kept: its last 4 KB..."""
STDERR_TAIL_LINES = 20
"""...and of those, its last 20 lines."""

_POSIX = os.name == "posix"
_SEND_SECONDS = 10.0
"""The longest a message that needs no answer may take to be written (a program
that reads none of its input fills the pipe)."""
_MAX_BLANK_LINES = 1000
"""The most blank lines skipped before an answer."""
_SHOWN_LINES = 8
"""The lines of a program's standard error an error message shows."""
_INTERPRETERS = ("python", "pypy", "node", "nodejs", "deno", "bun", "ruby", "perl", "java")


class _Timeout(Exception):
    """The deadline passed."""


class _Broken(Exception):
    """The program closed its end of a pipe (``closed``), or wrote what is no answer."""

    def __init__(self, message: str, closed: bool = False) -> None:
        super().__init__(message)
        self.closed = closed


def _killed_group(pid: int) -> bool:
    """Kill the process group of ``pid`` (started in a session of its own); whether
    it could."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        return False
    return True


class _Running:
    """A started bot program: its process, its pipes, the buffer of what it wrote on
    its standard output, and the tail of its standard error (read by a thread, so
    that the pipe never fills)."""

    def __init__(self, argv: list[str], cwd: str | None, env: Mapping[str, str] | None) -> None:
        self.owner = os.getpid()
        self.popen = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=None if env is None else dict(env),
            bufsize=0,
            start_new_session=_POSIX,
        )
        assert self.popen.stdin is not None
        assert self.popen.stdout is not None
        self.stdin = self.popen.stdin.fileno()
        self.stdout = self.popen.stdout.fileno()
        self.buffer = bytearray()
        self.answered = False
        self.tail = bytearray()
        self.lock = threading.Lock()
        self.reader: selectors.BaseSelector | None = None
        self.writer: selectors.BaseSelector | None = None
        if _POSIX:
            os.set_blocking(self.stdout, False)
            os.set_blocking(self.stdin, False)
            self.reader = selectors.DefaultSelector()
            self.reader.register(self.stdout, selectors.EVENT_READ)
            self.writer = selectors.DefaultSelector()
            self.writer.register(self.stdin, selectors.EVENT_WRITE)
        self.thread = threading.Thread(
            target=self._read_stderr, name=f"bot stderr {self.popen.pid}", daemon=True
        )
        self.thread.start()
        self.closed = False

    def _read_stderr(self) -> None:
        stream = self.popen.stderr
        assert stream is not None
        while True:
            try:
                chunk = stream.read(4096)
            except (OSError, ValueError):
                return
            if not chunk:
                return
            with self.lock:
                self.tail += chunk
                if len(self.tail) > 2 * STDERR_TAIL_BYTES:
                    del self.tail[:-STDERR_TAIL_BYTES]

    def stderr_tail(self) -> str:
        """The end of what the program wrote on its standard error."""
        with self.lock:
            data = bytes(self.tail[-STDERR_TAIL_BYTES:])
        lines = data.decode("utf-8", "replace").splitlines()
        return "\n".join(lines[-STDERR_TAIL_LINES:])

    # -- the pipes ---------------------------------------------------------------

    def send(self, data: bytes, deadline: float | None) -> None:
        """Write ``data`` to the program's standard input by ``deadline``.

        :raises _Timeout: at the deadline.
        :raises _Broken: when the program closed its standard input.
        """
        if self.writer is None:  # pragma: no cover - not POSIX: a blocking write
            try:
                assert self.popen.stdin is not None
                self.popen.stdin.write(data)
            except OSError as error:
                raise _Broken("closed its standard input", closed=True) from error
            return
        view = memoryview(data)
        while view:
            try:
                written = os.write(self.stdin, view)
            except BlockingIOError:
                written = 0
            except OSError as error:  # BrokenPipeError: it exited
                raise _Broken("closed its standard input", closed=True) from error
            view = view[written:]
            if view and not self.writer.select(_left(deadline)):
                raise _Timeout

    def pending(self) -> bytes:
        """What the program wrote that no one asked for (read without waiting)."""
        if self.reader is not None:
            with contextlib.suppress(OSError):
                while self.reader.select(0):
                    chunk = os.read(self.stdout, 65536)
                    if not chunk:
                        break
                    self.buffer += chunk
                    if len(self.buffer) > MAX_ANSWER_BYTES:
                        break
        return bytes(self.buffer)

    def read_answer(self, deadline: float | None) -> bytes:
        """The program's next line that is not blank, read by ``deadline``.

        :raises _Timeout: at the deadline.
        :raises _Broken: at the end of its output, or for a line too long.
        """
        blank = 0
        while True:
            end = self.buffer.find(b"\n")
            if end > MAX_ANSWER_BYTES or (end < 0 and len(self.buffer) > MAX_ANSWER_BYTES):
                raise _Broken(f"wrote a line longer than {MAX_ANSWER_BYTES} bytes")
            if end >= 0:
                line = bytes(self.buffer[:end])
                del self.buffer[: end + 1]
                if line.strip():
                    return line
                blank += 1
                if blank > _MAX_BLANK_LINES:
                    raise _Broken(f"wrote more than {_MAX_BLANK_LINES} blank lines")
                continue
            self.buffer += self._read(deadline)

    def _read(self, deadline: float | None) -> bytes:
        if self.reader is None:  # pragma: no cover - not POSIX
            return self._read_blocking(deadline)
        while True:
            timeout = _left(deadline)
            if timeout is not None and timeout <= 0:
                raise _Timeout
            if not self.reader.select(timeout):
                continue
            try:
                chunk = os.read(self.stdout, 65536)
            except BlockingIOError:
                continue
            except OSError as error:
                raise _Broken("closed its standard output", closed=True) from error
            if not chunk:
                raise _Broken("closed its standard output", closed=True)
            return chunk

    def _read_blocking(self, deadline: float | None) -> bytes:  # pragma: no cover - not POSIX
        """Without ``selectors`` on pipes (Windows): a thread reads, the caller waits."""
        found: list[bytes] = []
        stream = self.popen.stdout
        assert stream is not None

        def read() -> None:
            with contextlib.suppress(OSError, ValueError):
                found.append(stream.readline(MAX_ANSWER_BYTES + 1))

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(_left(deadline))
        if reader.is_alive():
            raise _Timeout
        if not found or not found[0]:
            raise _Broken("closed its standard output", closed=True)
        return found[0]

    # -- the end -----------------------------------------------------------------

    def status(self, wait: float) -> int | None:
        """The program's exit status once it exits, within ``wait`` seconds (it is
        not reaped here, so that its process group is still its own), or ``None``."""
        if self.popen.returncode is not None:
            return self.popen.returncode
        if not _POSIX or not hasattr(os, "waitid"):  # pragma: no cover
            try:
                return self.popen.wait(wait)
            except subprocess.TimeoutExpired:
                return None
        deadline = time.monotonic() + wait
        pause = 0.0005
        while True:
            try:
                found = os.waitid(os.P_PID, self.popen.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
            except ChildProcessError:  # reaped by someone else
                return self.popen.poll()
            if found is not None:
                code = found.si_status
                return -code if found.si_code != os.CLD_EXITED else code
            if time.monotonic() >= deadline:
                return None
            time.sleep(pause)
            pause = min(pause * 2, 0.02)

    def kill(self) -> None:
        """Kill the program (its whole process group) and reap it; close the pipes."""
        if self.closed:
            return
        self.closed = True
        if os.getpid() != self.owner:  # a forked copy: the process is not this one's
            return
        popen = self.popen
        if popen.returncode is None and not (_POSIX and _killed_group(popen.pid)):
            with contextlib.suppress(OSError):
                popen.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            popen.wait(5)
        for selector in (self.reader, self.writer):
            if selector is not None:
                selector.close()
        for stream in (popen.stdin, popen.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        self.thread.join(1.0)
        if popen.stderr is not None and not self.thread.is_alive():
            popen.stderr.close()

    def close(self, wait: float = 1.0) -> None:
        """End the program politely: ``quit``, its standard input closed, ``wait``
        seconds to exit; then :meth:`kill` (whatever is left of its group)."""
        if self.closed or os.getpid() != self.owner:
            self.closed = True
            return
        if self.popen.returncode is None:
            with contextlib.suppress(_Broken, _Timeout, OSError, ValueError):
                self.send(message_line(quit_message()), time.monotonic() + wait)
            if self.popen.stdin is not None:
                with contextlib.suppress(OSError):
                    self.popen.stdin.close()
            self.status(wait)
        self.kill()


def _left(deadline: float | None) -> float | None:
    return None if deadline is None else max(deadline - time.monotonic(), 0.0)


def _argv(command: object) -> list[str]:
    if isinstance(command, str):
        try:
            argv = shlex.split(command)
        except ValueError as error:
            raise InvalidBotError(f"a bot's command {quote(command)}: {error}") from None
    elif isinstance(command, Sequence) and all(
        isinstance(word, (str, os.PathLike)) for word in command
    ):
        argv = [os.fspath(word) for word in command]
    else:
        raise InvalidBotError(
            f"a bot's command is a string or a list of strings, not {quote(command)}"
        )
    if not argv:
        raise InvalidBotError("a bot's command is empty")
    return argv


def _default_name(argv: list[str]) -> str:
    """The program's file name; for an interpreter, what it runs (``bot.js``; after
    ``-m``, the module, or for ``threethirteen bot SPEC``, the spec)."""
    program = os.path.basename(argv[0])
    if not program.lower().startswith(_INTERPRETERS):
        return program
    rest = argv[1:]
    if "-m" in rest[:-1]:
        module = rest[rest.index("-m") + 1]
        after = rest[rest.index("-m") + 2 :]
        if module == "threethirteen" and len(after) >= 2 and after[0] == "bot":
            return after[1]
        return module
    for word in rest:
        if not word.startswith("-"):
            return os.path.basename(word)
    return program


def _seconds(value: object, name: str, positive: bool = True) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise InvalidBotError(f"{name} is a number of seconds or None, not {quote(value)}")
    if value < 0 or (positive and value == 0):
        raise InvalidBotError(f"{name} is a positive number of seconds, not {quote(value)}")
    return float(value)


class ProcessBot:
    """A bot that is a program in a process of its own, spoken to over the line
    protocol (see the docs' protocol page).

    The process starts at first use (:meth:`start_game` or :meth:`act`), so a
    :class:`ProcessBot` pickles (without its process: an executor's worker starts
    its own). At :meth:`start_game` it writes the arena's ``start`` message; a
    process started for :meth:`act` with no ``start`` message from an arena gets
    one made from the view (its ``bot_seed`` is ``seed``). After a kill or a crash
    the next use starts a fresh process, and the game's ``start`` message is
    written to it again. One :class:`ProcessBot` plays one seat at a time, from one
    thread at a time.

    :param command: the program and its arguments: a list, or a string split as a
        shell would (``shlex.split``); no shell runs it.
    :param move_time: the seconds the program has for each decision (``None``: no
        limit); an arena's limit, when lower, wins (see :meth:`timed_act`).
    :param cwd: the program's working directory (``None``: this process's).
    :param env: the program's environment (``None``: this process's).
    :param name: the bot's label in results and messages (default: the program's
        name, or the script or module an interpreter runs).
    :param seed: the ``bot_seed`` of the ``start`` message this bot writes itself.
    :param startup_time: the seconds added to the first decision's limit after the
        program starts, for it to start (an interpreter, imports).
    :raises InvalidBotError: for a command or an option that is not one.

    >>> import sys
    >>> ProcessBot([sys.executable, "bot.py"], move_time=0.5)  # doctest: +ELLIPSIS
    ProcessBot([...'bot.py'], move_time=0.5)
    >>> ProcessBot("node examples/bot.js").name
    'bot.js'
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        move_time: float | None = None,
        cwd: str | os.PathLike[str] | None = None,
        env: Mapping[str, str] | None = None,
        name: str | None = None,
        seed: int | None = None,
        startup_time: float = 10.0,
    ) -> None:
        self.command = command
        self.argv = _argv(command)
        self.move_time = _seconds(move_time, "move_time")
        self.cwd = None if cwd is None else os.fspath(cwd)
        if env is not None and not isinstance(env, Mapping):
            raise InvalidBotError(f"env is a mapping of strings, or None, not {quote(env)}")
        self.env = None if env is None else dict(env)
        if name is not None and not isinstance(name, str):
            raise InvalidBotError(f"a bot's name is a string, not {quote(name)}")
        self.name = _default_name(self.argv) if name is None else name
        self.seed = as_seed(seed, "a bot's seed", InvalidBotError)
        startup = _seconds(startup_time, "startup_time", positive=False)
        self.startup_time = 0.0 if startup is None else startup
        self._running: _Running | None = None
        self._finalizer: weakref.finalize[Any, Any] | None = None
        self._start: dict[str, Any] | None = None

    # -- the process ------------------------------------------------------------

    @property
    def pid(self) -> int | None:
        """The process id of the program running now, or ``None``."""
        return None if self._running is None else self._running.popen.pid

    @property
    def stderr_tail(self) -> str:
        """The end of what the program running now (or last) wrote on its standard
        error: at most its last :data:`~threethirteen.arena.process_bot.STDERR_TAIL_LINES` lines
        and :data:`~threethirteen.arena.process_bot.STDERR_TAIL_BYTES` bytes."""
        return "" if self._running is None else self._running.stderr_tail()

    def _started(self, view: PlayerView | None) -> _Running:
        """The running program: started now if it is not, with the game's ``start``
        message (the arena's, else one made from ``view``) written to it."""
        running = self._running
        if running is not None:
            return running
        try:
            running = _Running(self.argv, self.cwd, self.env)
        except (OSError, ValueError, subprocess.SubprocessError) as error:
            raise BotProtocolError(f"bot {self.name!r} could not be started: {error}") from error
        self._running = running
        self._finalizer = weakref.finalize(self, running.close)
        start = self._start
        if start is None and view is not None:
            start = start_message(view, view.player, bot_seed=self.seed)
        if start is not None:
            self._send(start)
        return running

    def _send(self, message: Mapping[str, Any]) -> None:
        running = self._running
        assert running is not None
        try:
            running.send(message_line(message), time.monotonic() + _SEND_SECONDS)
        except _Timeout:
            raise self._fail("does not read its standard input") from None
        except _Broken as error:
            raise self._fail(str(error), wait=0.5 if error.closed else 0.0) from None

    def _end_process(self) -> None:
        """Kill the program, if one runs; the next use starts another."""
        running, finalizer = self._running, self._finalizer
        self._running = self._finalizer = None
        if running is not None:
            running.kill()
        if finalizer is not None:
            finalizer.detach()

    def _fail(self, what: str, answer: bytes | None = None, wait: float = 0.0) -> BotProtocolError:
        """The error for a program that broke the protocol, killed (its exit status,
        given ``wait`` seconds to exit, and its standard error's end in the message)."""
        running = self._running
        status = None if running is None else running.status(wait)
        self._end_process()
        message = f"bot {self.name!r} {what}"
        if answer is not None:
            message += f": {quote(answer.decode('utf-8', 'replace'))}"
        if status is not None:
            message += f" (it exited with status {status})"
        tail = "" if running is None else running.stderr_tail()
        if tail:
            lines = tail.splitlines()[-_SHOWN_LINES:]
            message += "; its standard error ends:\n" + "\n".join(f"  | {line}" for line in lines)
        return BotProtocolError(message)

    # -- the Bot protocol and the arena's hooks ---------------------------------

    def start_game(self, message: Mapping[str, Any]) -> None:
        """A game starts: keep the arena's ``start`` message (for a restart) and write
        it to the program (started now if it is not running).

        :raises BotProtocolError: for a program that cannot be started or does not
            read its input.
        """
        if not isinstance(message, Mapping) or message.get("type") != "start":
            raise BotProtocolError(
                f"a start message is {{'type': 'start', ...}}, not {quote(message)}"
            )
        self._start = dict(message)
        if self._running is None:
            self._started(None)
        else:
            self._send(self._start)

    def end_game(self, message: Mapping[str, Any]) -> None:
        """The game is over: write the arena's ``end`` message to the program, if one
        runs. It never raises: a program gone by now is started again at next use."""
        self._start = None
        if self._running is None:
            return
        with contextlib.suppress(BotProtocolError):
            self._send(message)

    def act(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        """The program's choice, within this bot's ``move_time`` (see :meth:`timed_act`)."""
        return self.timed_act(view, legal_actions, None)

    def timed_act(
        self, view: PlayerView, legal_actions: Sequence[Action], move_time: float | None
    ) -> Action:
        """The program's choice, answered within the lower of this bot's ``move_time``
        and ``move_time`` (``None``: no limit of its own); the first decision after
        the program starts has ``startup_time`` more. Whether the action is legal is
        the arena's question.

        :raises MoveTimeError: when the program overran: it was killed.
        :raises BotProtocolError: when it exited, closed its output, or wrote a line
            that is not an action (or a line it was not asked for): it was killed.
        """
        given = _seconds(move_time, "the arena's move_time")
        limits = [limit for limit in (self.move_time, given) if limit is not None]
        limit = min(limits) if limits else None
        running = self._started(view)
        extra = self.startup_time if not running.answered else 0.0
        stray = running.pending()
        if stray.strip():
            raise self._fail("wrote a line it was not asked for", stray.strip()[:200])
        running.buffer.clear()
        line = message_line(act_message(view, legal_actions, limit))
        deadline = None if limit is None else time.monotonic() + limit + extra
        try:
            running.send(line, deadline)
            answer = running.read_answer(deadline)
        except _Timeout:
            self._end_process()
            allowed = f"{limit:g} s" + (f" (and {extra:g} s to start)" if extra else "")
            raise MoveTimeError(f"bot {self.name!r} did not answer within {allowed}") from None
        except _Broken as error:
            raise self._fail(str(error), wait=0.5 if error.closed else 0.0) from None
        except BaseException:  # interrupted (Ctrl-C): what the program writes next is lost
            self._end_process()
            raise
        try:
            action = parse_answer(answer, legal_actions)
        except ThreeThirteenError as error:
            raise self._fail(f"answered what is no action ({error})") from error
        running.answered = True
        return action

    # -- the end ----------------------------------------------------------------

    def close(self) -> None:
        """End the program: ``quit``, its standard input closed, a second to exit,
        then killed (with any process it started) and reaped. The bot can be used
        again: the next use starts the program again."""
        finalizer = self._finalizer
        self._running = self._finalizer = None
        if finalizer is not None:
            finalizer()

    def __enter__(self) -> ProcessBot:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def __getstate__(self) -> dict[str, Any]:
        """The bot's settings, not its process (a copy starts its own)."""
        state = dict(self.__dict__)
        state.update(_running=None, _finalizer=None, _start=None)
        return state

    def __repr__(self) -> str:
        options = [
            (name, value)
            for name, value, default in (
                ("move_time", self.move_time, None),
                ("cwd", self.cwd, None),
                ("name", self.name, _default_name(self.argv)),
                ("seed", self.seed, None),
                ("startup_time", self.startup_time, 10.0),
            )
            if value != default
        ]
        extra = "".join(f", {name}={value!r}" for name, value in options)
        if self.env is not None:
            extra += ", env={...}"
        return f"ProcessBot({self.command!r}{extra})"
