"""The processes a process started, found and stopped: :func:`descendants`,
:func:`kill_tree` and :func:`become_subreaper` (Linux, read from ``/proc``), and the
small guard that a bot program runs under (:func:`guard`).

A process that calls ``os.setsid()``, or forks twice and lets its parent exit,
leaves its process group and is re-parented: killing the group misses it. A
*child subreaper* (``prctl(PR_SET_CHILD_SUBREAPER)``) keeps every orphan of its
subtree as its own child, so that its descendants are all the processes it ever
started that still live; :func:`kill_tree` stops them (``SIGSTOP``, so that none
can fork while it looks) and then kills them, until none is left.

The guard is this file run as a script (it imports only the standard library, so
that it starts fast): ``python -I -S process_tree.py FD -- PROGRAM ARGS...``. It
makes itself a subreaper, starts the program (which inherits its standard input,
output and error), writes the program's process id, or why it could not start,
on descriptor ``FD``, and waits. When the program exits, or when the guard is
told to stop (``SIGTERM``, or ``SIGHUP`` when its parent dies), it kills every
process left under it and exits as the program did (the same status, or the
same signal). In a sandbox (``FD --sandbox [--home FOLDER] [--chdir] -- ...``, run
in namespaces of its own by ``unshare``), it first makes every mount read-only and
mounts fresh, empty folders over ``/var/tmp``, ``/dev/shm`` and its private folder
(:func:`sandbox_folders`).

>>> import subprocess, time
>>> parent = subprocess.Popen(["sh", "-c", "sleep 30 & wait"])
>>> while not descendants(parent.pid):  # the shell starts its child
...     time.sleep(0.01)
>>> kill_tree(parent.pid)
>>> parent.wait(), descendants(parent.pid)
(-9, [])
"""

from __future__ import annotations

import os
import signal
import sys
import time

__all__ = ["become_subreaper", "descendants", "guard", "kill_tree", "sandbox_folders"]

_PR_SET_PDEATHSIG = 1
_PR_SET_CHILD_SUBREAPER = 36
_KILL_SECONDS = 5.0
"""The longest :func:`kill_tree` keeps at it (a tree that keeps growing faster than
it can be stopped, which a stopped tree cannot do)."""


def _table() -> dict[int, tuple[int, str]] | None:
    """Every process's parent and state (``R``, ``S``, ``Z``...), from ``/proc``; or
    ``None`` where there is no ``/proc``."""
    try:
        names = os.listdir("/proc")
    except OSError:
        return None
    table: dict[int, tuple[int, str]] = {}
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as file:
                stat = file.read()
        except OSError:  # gone meanwhile
            continue
        fields = stat[stat.rindex(b")") + 2 :].split(None, 2)
        if len(fields) >= 2:
            table[int(name)] = (int(fields[1]), fields[0].decode("ascii", "replace"))
    return table


def _children_files() -> bool:
    """Whether ``/proc/PID/task/TID/children`` exists here (``CONFIG_PROC_CHILDREN``)."""
    return os.path.exists(f"/proc/self/task/{os.getpid()}/children")


_CHILDREN_FILES: list[bool] = []


def _children(pid: int) -> list[int]:
    """The children of ``pid``, from its threads' ``children`` files."""
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:  # gone
        return []
    found: list[int] = []
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/children", "rb") as file:
                found.extend(int(child) for child in file.read().split())
        except OSError:  # the thread ended meanwhile
            continue
    return found


def descendants(pid: int) -> list[int]:
    """Every live descendant of process ``pid`` (children, their children...; zombies,
    already dead, left out), parents before their children, read from ``/proc``;
    ``[]`` where there is no ``/proc``.

    :param pid: a process id (a process that does not exist has no descendants).

    >>> import os, subprocess
    >>> child = subprocess.Popen(["sleep", "30"])
    >>> child.pid in descendants(os.getpid()), descendants(child.pid)
    (True, [])
    >>> child.kill(), child.wait()
    (None, -9)
    >>> descendants(2**22 + 1)
    []
    """
    if not _CHILDREN_FILES:
        _CHILDREN_FILES.append(_children_files())
    if _CHILDREN_FILES[0]:  # the tree's own files: no look at every process
        found: list[int] = []
        queue = [pid]
        seen = {pid}
        while queue:
            for child in sorted(_children(queue.pop(0))):
                if child not in seen:
                    seen.add(child)
                    if _alive(child):
                        found.append(child)
                        queue.append(child)
        return found
    return _descendants_scanned(pid)


def _descendants_scanned(pid: int) -> list[int]:
    """:func:`descendants`, from every process's parent in ``/proc``."""
    table = _table()
    if not table:
        return []
    children: dict[int, list[int]] = {}
    for child, (parent, _) in table.items():
        children.setdefault(parent, []).append(child)
    found: list[int] = []
    queue = [pid]
    seen = {pid}
    while queue:
        parent = queue.pop(0)
        for child in sorted(children.get(parent, ())):
            if child in seen:
                continue
            seen.add(child)
            if table[child][1] != "Z":
                found.append(child)
                queue.append(child)
    return found


def _state(pid: int) -> bytes:
    """The state of ``pid`` (``b"R"``, ``b"S"``, ``b"T"`` stopped, ``b"Z"`` a
    zombie...), or ``b""`` when it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as file:
            stat = file.read()
    except OSError:
        return b""
    end = stat.rindex(b")")
    return stat[end + 2 : end + 3]


def _alive(pid: int) -> bool:
    """Whether ``pid`` exists and is not a zombie."""
    return _state(pid) not in (b"", b"Z", b"X")


def _stopped(pids: list[int], deadline: float) -> None:
    """Stop ``pids`` (``SIGSTOP``) and wait until each is stopped or gone (or
    ``deadline``): a signal is sent at once but taken later, and a process that has
    not taken it yet may still fork."""
    for pid in pids:
        _signal(pid, signal.SIGSTOP)
    pause = 0.0002
    waiting = pids
    while True:
        waiting = [pid for pid in waiting if _state(pid) not in (b"", b"T", b"t", b"Z", b"X")]
        if not waiting or time.monotonic() > deadline:
            return
        time.sleep(pause)
        pause = min(pause * 2, 0.005)


def _signal(pid: int, number: int) -> None:
    try:
        os.kill(pid, number)
    except OSError:  # gone, or not ours
        return


def kill_tree(pid: int, *, root: bool = True) -> None:
    """Kill every descendant of process ``pid``, and ``pid`` itself when ``root``: each
    is stopped first (``SIGSTOP``), the tree looked at again until no new process
    shows up (a process that forks in a loop cannot outrun it: a stopped one forks
    no more), then all are killed (``SIGKILL``); and again, until none is left or
    5 seconds passed. It never raises for processes already gone, and it reaps
    nothing (``pid``'s parent does: for ``pid`` itself, the caller).

    Without ``/proc`` (not Linux) it kills ``pid`` alone, when ``root``.

    :param pid: the process whose tree dies.
    :param root: whether ``pid`` dies too (``False``: a guard clearing its own tree).

    >>> import subprocess
    >>> sleeper = subprocess.Popen(["sleep", "30"])
    >>> kill_tree(sleeper.pid)
    >>> sleeper.wait()
    -9
    >>> kill_tree(sleeper.pid)  # gone: nothing to do
    """
    deadline = time.monotonic() + _KILL_SECONDS
    if root:
        _stopped([pid], deadline)
    killed: set[int] = set()
    pause = 0.0005
    while True:
        stopped: set[int] = set()
        while True:
            found = [child for child in descendants(pid) if child not in stopped]
            if not found:  # every process of the tree is stopped: none can fork
                break
            _stopped(found, deadline)
            stopped.update(found)
            if time.monotonic() > deadline:
                break
        if root and pid not in killed:
            stopped.add(pid)
        for child in stopped - killed:
            _signal(child, signal.SIGKILL)
        killed |= stopped
        left = descendants(pid)
        if root and _alive(pid) and pid not in killed:
            left.append(pid)
        if not left or time.monotonic() > deadline:
            return
        if set(left) <= killed:  # killed, not yet dead: give the kernel a moment
            time.sleep(pause)
            pause = min(pause * 2, 0.01)
            killed -= set(left)  # a stopped process woken by SIGCONT: kill it again


def become_subreaper() -> bool:
    """Make the calling process a child subreaper (``prctl(PR_SET_CHILD_SUBREAPER, 1)``):
    a process orphaned under it becomes its child, not ``init``'s (it must reap
    them). Whether it could: ``False`` where this is not Linux.

    >>> import subprocess, sys
    >>> code = "from threethirteen.arena.process_tree import *; print(become_subreaper())"
    >>> subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
    'True\\n'
    """
    return _prctl(_PR_SET_CHILD_SUBREAPER, 1)


def _prctl(option: int, value: int) -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(option, value, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


# -- the guard ---------------------------------------------------------------------


class _Stop(Exception):
    """The guard was told to stop."""


_PARENT = [0]
"""The guard's parent (the arena), once it runs."""


def _terminated(number: int, frame: object) -> None:
    """The ``SIGTERM`` handler: stop."""
    raise _Stop


def _hangup(number: int, frame: object) -> None:
    """The ``SIGHUP`` handler: stop when the parent died (``PR_SET_PDEATHSIG`` also
    fires when only the parent's thread that started the guard ends)."""
    if os.getppid() != _PARENT[0]:
        raise _Stop


def _exit_as(status: int) -> int:
    """Exit as a process that ended with ``status`` did (``waitpid``'s status)."""
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        try:
            signal.signal(number, signal.SIG_DFL)
        except (OSError, ValueError):  # SIGKILL has no handler to reset
            number = signal.SIGKILL
        os.kill(os.getpid(), number)
        return 128 + number  # a signal that does not end a process: never here
    return os.WEXITSTATUS(status) if os.WIFEXITED(status) else 1


def guard(argv: list[str], report: int) -> int:
    """Run ``argv`` as the guard does (see the module's docs): the program's process
    id, or why it could not start, written on descriptor ``report``; the exit status
    returned (or the program's signal raised again).

    :param argv: the program and its arguments (looked up on ``PATH``).
    :param report: a descriptor to write a line on, then closed: the program's process
        id, or ``error: ...`` (a sandbox's ``unshare`` keeps the descriptor open: the
        line's end is the message's).
    """
    parent = _PARENT[0] = os.getppid()
    signal.signal(signal.SIGTERM, _terminated)
    signal.signal(signal.SIGHUP, _hangup)
    become_subreaper()
    _prctl(_PR_SET_PDEATHSIG, signal.SIGHUP)
    if os.getppid() != parent:  # the arena died before the guard was set up
        return 1
    os.set_inheritable(report, False)
    try:
        program = os.posix_spawnp(
            argv[0],
            argv,
            os.environ,
            setsigdef=(signal.SIGPIPE, signal.SIGXFSZ, signal.SIGHUP, signal.SIGTERM),
        )
    except OSError as error:
        os.write(report, f"error: {error}\n".encode("utf-8", "replace"))
        return 127
    os.write(report, f"{program}\n".encode())
    os.close(report)
    null = os.open(os.devnull, os.O_RDWR)
    for descriptor in (0, 1, 2):  # the program holds the pipes, not the guard
        os.dup2(null, descriptor)
    os.close(null)
    status: int | None = None
    stopping = False
    while status is None:
        try:
            if stopping:
                kill_tree(os.getpid(), root=False)
            found, code = os.waitpid(-1, 0)
            if found == program:
                status = code
        except _Stop:
            stopping = True
        except ChildProcessError:  # never here: the program is a child until reaped
            status = 1 << 8
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    kill_tree(os.getpid(), root=False)
    while True:  # reap what was killed
        try:
            os.waitpid(-1, 0)
        except ChildProcessError:
            break
    return _exit_as(status)


_MS_RDONLY = 1
_MS_NOSUID = 2
_MS_NODEV = 4
_MS_REMOUNT = 32
_MS_BIND = 4096
_MOUNT_FLAGS = {
    "nosuid": _MS_NOSUID, "nodev": _MS_NODEV, "noexec": 8, "noatime": 1024,
    "nodiratime": 2048, "relatime": 1 << 21, "strictatime": 1 << 24,
}  # fmt: skip
"""The flags of a mount (``/proc/self/mountinfo``'s options) kept when it is made
read-only (the kernel refuses to drop them in a user namespace)."""
_PRIVATE_FOLDERS = ("/var/tmp", "/dev/shm")
"""The shared folders a sandbox covers with fresh, empty ones. Not ``/tmp``, which
stays as it is, read-only: a program (or its virtual environment) may live there."""


def _mount_tmpfs(folder: str) -> None:
    """A fresh, empty ``tmpfs`` over ``folder`` (in a mount namespace of one's own).

    :raises OSError: when it cannot be mounted.
    """
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    flags = _MS_NOSUID | _MS_NODEV
    if libc.mount(b"tmpfs", folder.encode(), b"tmpfs", flags, b"mode=1777") != 0:
        number = ctypes.get_errno()
        raise OSError(number, f"cannot mount a tmpfs over {folder}: {os.strerror(number)}")


def _read_only() -> None:
    """Every mount made read-only (in a mount namespace of one's own).

    :raises OSError: for a mount that cannot be made read-only.
    """
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    with open("/proc/self/mountinfo", encoding="utf-8", errors="surrogateescape") as file:
        mounts = [line.split() for line in file]
    for fields in mounts:
        options = fields[5].split(",")
        if "ro" in options:
            continue
        point = fields[4].encode("utf-8", "surrogateescape").decode("unicode_escape")
        flags = _MS_REMOUNT | _MS_BIND | _MS_RDONLY
        for option in options:
            flags |= _MOUNT_FLAGS.get(option, 0)
        if libc.mount(None, point.encode("utf-8", "surrogateescape"), None, flags, None) != 0:
            number = ctypes.get_errno()
            raise OSError(number, f"cannot make {point} read-only: {os.strerror(number)}")


def sandbox_folders(home: str | None, chdir: bool) -> None:
    """In a sandbox's namespaces: every mount made read-only (``/tmp`` too), then a
    fresh ``tmpfs`` over ``/var/tmp``, ``/dev/shm`` and the folder ``home`` (the
    program's private folder: its ``HOME`` and ``TMPDIR``), the only places it can
    write, all gone with it; ``home`` made the working directory when ``chdir``.

    :raises OSError: when a mount cannot be made read-only, or a folder cannot be
        mounted or made.
    """
    _read_only()
    for folder in _PRIVATE_FOLDERS:
        if os.path.isdir(folder):
            _mount_tmpfs(folder)
    if home is not None:
        os.makedirs(home, mode=0o700, exist_ok=True)
        _mount_tmpfs(home)
        if chdir:
            os.chdir(home)


def _main(arguments: list[str]) -> int:
    """``FD [--sandbox] [--home FOLDER] [--chdir] -- PROGRAM ARGS...``"""
    report = int(arguments[0])
    split = arguments.index("--")
    options, argv = arguments[1:split], arguments[split + 1 :]
    if "--sandbox" in options:
        home = options[options.index("--home") + 1] if "--home" in options else None
        try:
            sandbox_folders(home, "--chdir" in options)
        except OSError as error:
            os.write(report, f"error: {error}\n".encode("utf-8", "replace"))
            return 127
    return guard(argv, report)


if __name__ == "__main__":
    raise SystemExit(_main(sys.argv[1:]))
