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
import os
import selectors
import shlex
import shutil
import signal
import site
import subprocess
import sys
import tempfile
import threading
import time
import weakref
from collections.abc import Mapping, Sequence
from types import TracebackType
from typing import Any

from .._validate import as_finite, as_seed, quote
from ..engine.actions import Action
from ..engine.game import PlayerView
from ..errors import BotProtocolError, InvalidBotError, MoveTimeError, ThreeThirteenError
from . import process_tree
from .process_tree import kill_tree
from .protocol import (
    MAX_ANSWER_BYTES,
    act_message,
    answer_request,
    message_line,
    parse_answer,
    quit_message,
    start_message,
)

__all__ = ["SANDBOX_OPTIONS", "STDERR_TAIL_BYTES", "STDERR_TAIL_LINES", "UNSHARE", "ProcessBot"]

STDERR_TAIL_BYTES = 4096
"""The most of a bot program's standard error kept: its last 4 KB..."""
STDERR_TAIL_LINES = 20
"""...and of those, its last 20 lines."""

UNSHARE = "unshare"
"""The ``unshare`` program (util-linux) that ``sandbox=True`` runs a program under."""
SANDBOX_OPTIONS = (
    "--user", "--map-root-user", "--pid", "--fork", "--kill-child", "--mount",
    "--mount-proc", "--net", "--ipc", "--uts",
)  # fmt: skip
"""The options ``sandbox=True`` gives :data:`UNSHARE`: new user, process-id, mount,
network, IPC and host-name namespaces, a private ``/proc``, and every process in
them killed when the guard (the namespace's first process) ends."""

_POSIX = os.name == "posix"
_GUARDED = sys.platform.startswith("linux") and bool(sys.executable)
"""Whether programs run under the guard of :mod:`~threethirteen.arena.process_tree`
(Linux: ``/proc`` and a child subreaper)."""
_GUARD_START_SECONDS = 30.0
"""The longest the guard may take to start the program and say so."""
_GUARD_STOP_SECONDS = 2.0
"""The longest the guard may take to kill its tree and exit when told to stop
(then it is killed, with its tree, from here)."""
_QUIT_SECONDS = 1.0
"""How long a program has to exit after ``quit`` (at a game's end, at close)."""
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


def _private_folder() -> str:
    """A fresh, private folder for a program's files (removed when it ends)."""
    return tempfile.mkdtemp(prefix="threethirteen-bot-")


def _environment(folder: str, argv: list[str]) -> dict[str, str]:
    """This process's environment, with ``HOME``, ``TMPDIR``, ``TEMP`` and ``TMP``
    pointed at ``folder``; Python's user site and ``-m`` modules found as here (the
    user base kept, this process's folder on ``PYTHONPATH``)."""
    env = dict(os.environ)
    env.update(HOME=folder, TMPDIR=folder, TEMP=folder, TMP=folder)
    if "PYTHONUSERBASE" not in env:
        env["PYTHONUSERBASE"] = site.getuserbase()
    if "-m" in argv:
        paths = [os.getcwd(), *filter(None, env.get("PYTHONPATH", "").split(os.pathsep))]
        env["PYTHONPATH"] = os.pathsep.join(paths)
    return env


def _absolute_files(argv: list[str]) -> list[str]:
    """``argv`` with each word that names a file from this process's folder (``bot.py``,
    ``examples/bot.js``, ``./mybot``) made absolute: the program runs elsewhere. (The
    program's own name, without a ``/``, is looked up on ``PATH`` as before.)"""
    found = []
    for place, word in enumerate(argv):
        if (
            word
            and not word.startswith("-")
            and not os.path.isabs(word)
            and (place > 0 or os.sep in word)
            and os.path.isfile(word)
        ):
            word = os.path.abspath(word)
        found.append(word)
    return found


def _host_pid(root: int, inner: int) -> int | None:
    """The process id, here, of the descendant of ``root`` that is ``inner`` in its own
    process-id namespace (a sandbox's)."""
    for pid in process_tree.descendants(root):
        with (
            contextlib.suppress(OSError, ValueError),
            open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as file,
        ):
            for line in file:
                if line.startswith("NSpid:"):
                    fields = line.split()
                    if len(fields) > 2 and int(fields[-1]) == inner:
                        return pid
                    break
    return None


class _Running:
    """A started bot program: its process, its pipes, the buffer of what it wrote on
    its standard output, and the tail of its standard error (read by a thread, so
    that the pipe never fills).

    On Linux the program runs under a guard (see :mod:`~threethirteen.arena.process_tree`)
    that keeps every process it starts in its tree and kills them all when it ends;
    with ``sandbox``, the guard and the program run in namespaces of their own
    (:data:`UNSHARE`). ``folder``: a private folder made for the program, its
    working directory when ``cwd`` is ``None`` and its ``HOME`` and ``TMPDIR`` when
    ``env`` is ``None``; removed when it ends.
    """

    def __init__(
        self,
        argv: list[str],
        cwd: str | None,
        env: Mapping[str, str] | None,
        sandbox: bool = False,
    ) -> None:
        self.owner = os.getpid()
        self.folder = _private_folder() if cwd is None or env is None else None
        self.sandbox = sandbox
        self.program: int | None = None
        if self.folder is not None:
            if cwd is None:
                argv = _absolute_files(argv)
            if env is None:
                env = _environment(self.folder, argv)
            cwd = self.folder if cwd is None else cwd
        try:
            self.popen = self._spawn(argv, cwd, env)
        except BaseException:
            self._remove_folder()
            raise
        assert self.popen.stdin is not None
        assert self.popen.stdout is not None
        self.stdin = self.popen.stdin.fileno()
        self.stdout = self.popen.stdout.fileno()
        self.buffer = bytearray()
        self.answered = False
        self.requests = 0
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

    def _spawn(
        self, argv: list[str], cwd: str | None, env: Mapping[str, str] | None
    ) -> subprocess.Popen[bytes]:
        """Start the program (under its guard, on Linux).

        :raises OSError: when it could not be started (the guard says why).
        """
        environment = None if env is None else dict(env)
        if not _GUARDED:  # pragma: no cover - not Linux: the program alone, in its group
            return subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=cwd,
                env=environment,
                bufsize=0,
                start_new_session=_POSIX,
            )
        report, write = os.pipe()
        guard = [sys.executable, "-I", "-S", process_tree.__file__, str(write)]
        if self.sandbox:
            guard.append("--sandbox")
            if self.folder is not None:
                guard += ["--home", self.folder]
                if cwd == self.folder:
                    guard.append("--chdir")
        command = [*guard, "--", *argv]
        if self.sandbox:
            command = [UNSHARE, *SANDBOX_OPTIONS, "--", *command]
        try:
            popen = subprocess.Popen(
                command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=cwd,
                env=environment,
                bufsize=0,
                start_new_session=True,
                pass_fds=(write,),
            )
        except BaseException:
            os.close(report)
            raise
        finally:
            os.close(write)
        try:
            said = _read_line(report, time.monotonic() + _GUARD_START_SECONDS)
        finally:
            os.close(report)
        text = said.decode("utf-8", "replace")
        if text.isdigit():
            inner = int(text)
            self.program = _host_pid(popen.pid, inner) if self.sandbox else inner
            return popen
        _killed_group(popen.pid)
        for stream in (popen.stdin, popen.stdout, popen.stderr):
            if stream is not None:
                stream.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            popen.wait(5)
        if text.startswith("error: "):
            raise OSError(text[len("error: ") :])
        status = popen.returncode
        raise OSError(f"its guard ended before it started it (status {status})")

    def _remove_folder(self) -> None:
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

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
        """Kill the program and every process it started, and reap it; close the
        pipes; remove its private folder. Under a guard: the guard is told to stop
        (it kills its whole tree, escaped processes too) and given 2 seconds, then
        killed with its tree from here; and the process group is killed in any case."""
        if self.closed:
            return
        self.closed = True
        if os.getpid() != self.owner:  # a forked copy: the process is not this one's
            return
        popen = self.popen
        if popen.returncode is None:
            if _GUARDED and not self.sandbox:  # (unshare ignores SIGTERM: SIGKILL it)
                with contextlib.suppress(OSError):  # (not send_signal: it would reap)
                    os.kill(popen.pid, signal.SIGTERM)
                if self.status(_GUARD_STOP_SECONDS) is None:
                    kill_tree(popen.pid)
            if not (_POSIX and _killed_group(popen.pid)):
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
        self._remove_folder()

    def close(self, wait: float = _QUIT_SECONDS) -> bool:
        """End the program politely: ``quit``, its standard input closed, ``wait``
        seconds to exit; then :meth:`kill` (whatever is left of its tree). Whether it
        exited in time (or was gone already)."""
        if self.closed or os.getpid() != self.owner:
            self.closed = True
            return True
        exited = True
        if self.popen.returncode is None:
            with contextlib.suppress(_Broken, _Timeout, OSError, ValueError):
                self.send(message_line(quit_message()), time.monotonic() + wait)
            if self.popen.stdin is not None:
                with contextlib.suppress(OSError):
                    self.popen.stdin.close()
            exited = self.status(wait) is not None
        self.kill()
        return exited


def _left(deadline: float | None) -> float | None:
    return None if deadline is None else max(deadline - time.monotonic(), 0.0)


def _read_line(descriptor: int, deadline: float) -> bytes:
    """The line written on ``descriptor`` (without its end), read until its end, the
    descriptor's end or ``deadline``."""
    data = bytearray()
    with selectors.DefaultSelector() as selector:
        selector.register(descriptor, selectors.EVENT_READ)
        while len(data) < 65536 and not data.endswith(b"\n"):
            left = deadline - time.monotonic()
            if left <= 0 or not selector.select(left):
                break
            chunk = os.read(descriptor, 4096)
            if not chunk:
                break
            data += chunk
    return bytes(data).rstrip(b"\n")


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
    return float(as_finite(value, name, InvalidBotError, low=0, above_low=positive))


_SANDBOX_CHECKED: dict[str, str | None] = {}
"""Whether each ``unshare`` program made a sandbox when tried: ``None``, or why not."""


def _sandbox_refusal(unshare: str) -> str | None:
    """Why ``sandbox=True`` cannot be had here (``unshare`` tried once), or ``None``."""
    if unshare in _SANDBOX_CHECKED:
        return _SANDBOX_CHECKED[unshare]
    found = shutil.which(unshare)
    why: str | None = None
    if not _GUARDED:
        why = "it needs Linux"
    elif found is None:
        why = f"{unshare!r} (util-linux) is not found"
    else:
        try:
            tried = subprocess.run(
                [found, *SANDBOX_OPTIONS, "--", "true"],
                capture_output=True,
                timeout=30,
                check=False,
            )
        except (OSError, subprocess.SubprocessError) as error:
            why = f"{unshare!r} did not run: {error}"
        else:
            if tried.returncode != 0:
                said = tried.stderr.decode("utf-8", "replace").strip().splitlines()
                why = f"namespaces are refused here ({said[-1] if said else tried.returncode})"
    _SANDBOX_CHECKED[unshare] = why
    return why


class ProcessBot:
    """A bot that is a program in a process of its own, spoken to over the line
    protocol (see the docs' protocol page).

    The process starts at first use (:meth:`start_game` or :meth:`act`), so a
    :class:`ProcessBot` pickles (without its process: an executor's worker starts
    its own). Every game has a fresh process: :meth:`start_game` starts one (ending
    one that runs) and writes it the arena's ``start`` message, :meth:`end_game`
    writes the ``end`` message and ends it, so that a program keeps nothing from one
    game to the next in its memory (with duplicate deals, the hands it was dealt
    would tell it its opponents' hands). A process started for :meth:`act` with no
    ``start`` message from an arena gets one made from the view (its ``bot_seed`` is
    ``seed``). After a kill or a crash the next use starts a fresh process, and the
    game's ``start`` message is written to it again. One :class:`ProcessBot` plays
    one seat at a time, from one thread at a time.

    **Walls.** Each process starts in a fresh private folder (removed with all in
    it when the process ends): its working directory, unless ``cwd`` is given, and
    its ``HOME``, ``TMPDIR``, ``TEMP`` and ``TMP``, unless ``env`` is given (then the
    environment is exactly ``env``). Words of the command that name a file from
    this process's folder are made absolute, and with ``-m`` this process's folder
    is on ``PYTHONPATH``, so ``ProcessBot("python bots/mine.py")`` still finds its
    program. A program may still write files by absolute path (``/tmp/x``) and read
    them next game, unless ``sandbox``. On Linux each program runs under a guard that
    keeps every process it starts, even one that left its session
    (``os.setsid()``) or forked twice, and kills them all when the program ends or is
    killed: no process of it outlives its game. With ``sandbox=True`` the program runs
    in Linux namespaces of its own (``unshare``, ``SANDBOX_OPTIONS``): a private
    ``/proc`` (it sees only its own processes), no network, every file system
    read-only (``/tmp`` too) but a fresh, empty private folder (its working
    directory, ``HOME`` and ``TMPDIR``), ``/var/tmp`` and ``/dev/shm``, so that
    nothing it writes lasts to its next game.

    **Time.** Each decision has ``move_time``; the first decision of each process
    also has a startup allowance for the program to start, ``startup_time`` at
    first. A process that overran its first decision halves the next process's
    allowance; one that answered it in time restores it to ``startup_time``. So a
    program that never answers costs at most ``move_time`` a decision plus less
    than ``2 * startup_time`` over the bot's life, and ends after ``quit`` cost at
    most 1 second each, halved likewise for a program that ignores ``quit``.

    **Answers.** Each ``act`` message of a process carries its request's number
    (``"request"``: 0, 1, 2...); an answer object that echoes another number (a late
    answer to an earlier request) is a protocol fault, as is a line written when
    nothing was asked. An answer without the echo is taken (older bots).

    :param command: the program and its arguments: a list, or a string split as a
        shell would (``shlex.split``); no shell runs it.
    :param move_time: the seconds the program has for each decision (``None``: no
        limit); an arena's limit, when lower, wins (see :meth:`timed_act`).
    :param cwd: the program's working directory (``None``: a fresh private folder).
    :param env: the program's environment (``None``: this process's, with ``HOME`` and
        ``TMPDIR`` in the private folder).
    :param name: the bot's label in results and messages (default: the program's
        name, or the script or module an interpreter runs).
    :param seed: the ``bot_seed`` of the ``start`` message this bot writes itself.
    :param startup_time: the seconds added to a process's first decision's limit for
        it to start (an interpreter, imports); see **Time** for how it shrinks.
    :param sandbox: run the program in Linux namespaces of its own (see **Walls**).
    :raises InvalidBotError: for a command or an option that is not one, and for
        ``sandbox=True`` where ``unshare`` is absent or namespaces are refused.

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
        sandbox: bool = False,
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
        if not isinstance(sandbox, bool):
            raise InvalidBotError(f"sandbox is True or False, not {quote(sandbox)}")
        if sandbox:
            why = _sandbox_refusal(UNSHARE)
            if why is not None:
                raise InvalidBotError(f"bot {self.name!r} cannot have sandbox=True: {why}")
        self.sandbox = sandbox
        self._running: _Running | None = None
        self._last: _Running | None = None
        self._finalizer: weakref.finalize[Any, Any] | None = None
        self._start: dict[str, Any] | None = None
        self._allowance = self.startup_time
        self._quit_wait = _QUIT_SECONDS

    # -- the process ------------------------------------------------------------

    @property
    def pid(self) -> int | None:
        """The process id of the program running now, or ``None`` (under a guard, the
        program's, not the guard's)."""
        running = self._running
        if running is None:
            return None
        return running.popen.pid if running.program is None else running.program

    @property
    def stderr_tail(self) -> str:
        """The end of what the program running now (or last) wrote on its standard
        error: at most its last :data:`~threethirteen.arena.process_bot.STDERR_TAIL_LINES` lines
        and :data:`~threethirteen.arena.process_bot.STDERR_TAIL_BYTES` bytes."""
        running = self._running or self._last
        return "" if running is None else running.stderr_tail()

    def _started(self, view: PlayerView | None) -> _Running:
        """The running program: started now if it is not, with the game's ``start``
        message (the arena's, else one made from ``view``) written to it."""
        running = self._running
        if running is not None:
            return running
        try:
            running = _Running(self.argv, self.cwd, self.env, self.sandbox)
        except (OSError, ValueError, subprocess.SubprocessError) as error:
            raise BotProtocolError(f"bot {self.name!r} could not be started: {error}") from error
        self._running = self._last = running
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

    def _quit_process(self) -> None:
        """End the program politely (``quit``, then killed after the wait), if one runs;
        a program that does not exit in time halves the next one's wait."""
        running, finalizer = self._running, self._finalizer
        self._running = self._finalizer = None
        if finalizer is not None:
            finalizer.detach()
        if running is None:
            return
        exited = running.close(self._quit_wait)
        self._quit_wait = _QUIT_SECONDS if exited else self._quit_wait / 2

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
        """A game starts: keep the arena's ``start`` message (for a restart), start a
        fresh process (ending one that runs) and write the message to it.

        :raises BotProtocolError: for a program that cannot be started or does not
            read its input.
        """
        if not isinstance(message, Mapping) or message.get("type") != "start":
            raise BotProtocolError(
                f"a start message is {{'type': 'start', ...}}, not {quote(message)}"
            )
        self._start = dict(message)
        self._quit_process()
        self._started(None)

    def end_game(self, message: Mapping[str, Any]) -> None:
        """The game is over: write the arena's ``end`` message to the program, if one
        runs, then end it (``quit``; killed when it does not exit within a second). It
        never raises: the next game starts a fresh process."""
        self._start = None
        if self._running is None:
            return
        with contextlib.suppress(BotProtocolError):
            self._send(message)
        self._quit_process()

    def act(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        """The program's choice, within this bot's ``move_time`` (see :meth:`timed_act`)."""
        return self.timed_act(view, legal_actions, None)

    def timed_act(
        self, view: PlayerView, legal_actions: Sequence[Action], move_time: float | None
    ) -> Action:
        """The program's choice, answered within the lower of this bot's ``move_time``
        and ``move_time`` (``None``: no limit of its own); a process's first decision
        has its startup allowance more (``startup_time``, halved after each process
        that overran its first decision). Whether the action is legal is the arena's
        question.

        :raises MoveTimeError: when the program overran: it was killed.
        :raises BotProtocolError: when it exited, closed its output, wrote a line that
            is not an action (or a line it was not asked for, or an answer to another
            request): it was killed.
        """
        given = _seconds(move_time, "the arena's move_time")
        limits = [limit for limit in (self.move_time, given) if limit is not None]
        limit = min(limits) if limits else None
        running = self._started(view)
        first = not running.answered
        extra = self._allowance if first else 0.0
        stray = running.pending()
        if stray.strip():
            raise self._fail("wrote a line it was not asked for", stray.strip()[:200])
        running.buffer.clear()
        request = running.requests
        running.requests += 1
        line = message_line(act_message(view, legal_actions, limit, request=request))
        deadline = None if limit is None else time.monotonic() + limit + extra
        try:
            running.send(line, deadline)
            answer = running.read_answer(deadline)
        except _Timeout:
            self._end_process()
            if first:
                self._allowance /= 2
            allowed = f"{limit:g} s" + (f" (and {extra:g} s to start)" if extra else "")
            raise MoveTimeError(f"bot {self.name!r} did not answer within {allowed}") from None
        except _Broken as error:
            raise self._fail(str(error), wait=0.5 if error.closed else 0.0) from None
        except BaseException:  # interrupted (Ctrl-C): what the program writes next is lost
            self._end_process()
            raise
        try:
            echoed = answer_request(answer)
            action = parse_answer(answer, legal_actions)
        except ThreeThirteenError as error:
            raise self._fail(f"answered what is no action ({error})") from error
        except Exception as error:  # (RecursionError: JSON nested too deep)
            kind = type(error).__name__
            raise self._fail(f"answered what is no action ({kind})", answer[:200]) from error
        if echoed is not None and echoed != request:
            raise self._fail(f"answered request {echoed} when asked request {request}", answer)
        running.answered = True
        if first:
            self._allowance = self.startup_time
        return action

    # -- the end ----------------------------------------------------------------

    def close(self) -> None:
        """End the program: ``quit``, its standard input closed, a second to exit,
        then killed (with every process it started) and reaped. The bot can be used
        again: the next use starts the program again."""
        self._quit_process()

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
        state.update(_running=None, _last=None, _finalizer=None, _start=None)
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
                ("sandbox", self.sandbox, False),
            )
            if value != default
        ]
        extra = "".join(f", {name}={value!r}" for name, value in options)
        if self.env is not None:
            extra += ", env={...}"
        return f"ProcessBot({self.command!r}{extra})"
