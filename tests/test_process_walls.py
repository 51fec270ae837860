"""The walls around a bot program (issue 38): no process of it outlives its game, even
one that left its session; a late or malformed answer is a fault of the bot; a bot
that never answers costs a bounded time; a fresh process and fresh folders every game,
so a program cannot remember a duplicate deal's hands; ``sandbox=True`` hides the
arena's processes, the network and the host's temporary folders.

The tree tools of :mod:`threethirteen.arena.process_tree` first, then ``ProcessBot``.
"""

from __future__ import annotations

import contextlib
import gc
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

import threethirteen as tt
from threethirteen.arena import process_bot, process_tree
from threethirteen.arena.process_bot import ProcessBot
from threethirteen.arena.process_tree import become_subreaper, descendants, kill_tree
from threethirteen.arena.protocol import end_message, start_message

from .test_process_bot import NODE, SLACK, a_decision, alive, children, gone, program

LINUX = sys.platform.startswith("linux")
pytestmark = pytest.mark.skipif(not LINUX, reason="the walls are built of Linux's /proc")
UNSHARE = shutil.which("unshare")


def sandbox_works() -> bool:
    if UNSHARE is None:
        return False
    tried = subprocess.run(
        [UNSHARE, *process_bot.SANDBOX_OPTIONS, "--", "true"], capture_output=True, check=False
    )
    return tried.returncode == 0


SANDBOX = sandbox_works()
needs_sandbox = pytest.mark.skipif(not SANDBOX, reason="unshare cannot make namespaces here")


@pytest.fixture(autouse=True)
def no_process_left_behind() -> Iterator[None]:
    before = children()
    yield
    gc.collect()
    deadline = time.monotonic() + 3
    while children() - before and time.monotonic() < deadline:
        time.sleep(0.01)
    assert children() - before == set()


def in_session(session: int) -> list[int]:
    """The live processes of session ``session`` (zombies left out)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if int(fields[3]) == session and fields[0] != "Z":
            found.append(int(entry.name))
    return found


def pids_in(file: Path) -> list[int]:
    return [int(line) for line in file.read_text().split()] if file.exists() else []


def descriptors() -> int:
    return len(os.listdir("/proc/self/fd"))


def wait_for(check: object, within: float = 10.0) -> None:
    deadline = time.monotonic() + within
    while not check():  # type: ignore[operator]
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.01)


# -- process_tree ------------------------------------------------------------------


def test_descendants_are_children_and_theirs_even_in_a_session_of_their_own() -> None:
    shell = subprocess.Popen(["sh", "-c", "setsid sleep 30 & sleep 31 & wait"])
    try:
        sleepers = [b"sleep\x0030\x00", b"sleep\x0031\x00"]

        def names() -> list[bytes]:
            return sorted(Path(f"/proc/{pid}/cmdline").read_bytes() for pid in found)

        wait_for(lambda: len(descendants(shell.pid)) == 2)
        found = descendants(shell.pid)
        wait_for(lambda: names() == sleepers)  # (setsid runs sleep)
        assert process_tree._descendants_scanned(shell.pid) == found  # (without children files)
        assert all(alive(pid) for pid in found)
        assert descendants(found[0]) == []
    finally:
        kill_tree(shell.pid)
        assert shell.wait() == -signal.SIGKILL
    assert all(gone(pid) for pid in found)
    assert descendants(shell.pid) == []


def test_kill_tree_outruns_a_program_that_forks_in_a_loop() -> None:
    """300 sleepers started as fast as a shell can: each round stops all it sees before
    it kills, so none is orphaned out of the tree."""
    shell = subprocess.Popen(
        ["sh", "-c", "for i in $(seq 300); do sleep 30 & done; wait"], start_new_session=True
    )
    wait_for(lambda: len(descendants(shell.pid)) >= 20)
    kill_tree(shell.pid)
    assert shell.wait() == -signal.SIGKILL
    time.sleep(0.05)
    assert in_session(shell.pid) == []


def test_kill_tree_without_the_root_and_of_processes_gone() -> None:
    shell = subprocess.Popen(["sh", "-c", "sleep 30 & sleep 30 & wait; exit 7"])
    wait_for(lambda: len(descendants(shell.pid)) == 2)
    kill_tree(shell.pid, root=False)
    assert shell.wait(10) == 7  # it lives on: its children died
    kill_tree(shell.pid)  # gone (reaped): nothing to do, no error
    kill_tree(shell.pid, root=False)


def test_a_subreaper_keeps_a_daemon_in_its_tree() -> None:
    """A double-forked daemon is orphaned: to ``init`` without a subreaper, to the
    subreaper with one."""
    code = (
        "import os, sys, time\n"
        "from threethirteen.arena.process_tree import become_subreaper, descendants, kill_tree\n"
        "print(become_subreaper())\n"
        "if os.fork() == 0:\n"
        "    os.setsid()\n"
        "    if os.fork() == 0:\n"
        "        time.sleep(30)\n"
        "    os._exit(0)\n"
        "os.wait()\n"
        "daemon = descendants(os.getpid())\n"
        "print(len(daemon), open(f'/proc/{daemon[0]}/stat').read().split(') ')[1].split()[1])\n"
        "kill_tree(os.getpid(), root=False)\n"
        "os.wait()\n"
        "print(os.getpid(), descendants(os.getpid()))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    lines = out.stdout.splitlines()
    pid = lines[2].split()[0]
    assert lines == ["True", f"1 {pid}", f"{pid} []"]
    assert become_subreaper.__module__ == "threethirteen.arena.process_tree"


def guarded(*argv: str) -> tuple[subprocess.Popen[bytes], str]:
    """Run ``argv`` under the guard, as ProcessBot does: the guard, and what it said."""
    report, write = os.pipe()
    guard = subprocess.Popen(
        [sys.executable, "-I", "-S", process_tree.__file__, str(write), "--", *argv],
        pass_fds=(write,),
        start_new_session=True,
    )
    os.close(write)
    with os.fdopen(report, "rb") as said:
        return guard, said.read().decode().rstrip("\n")


@pytest.mark.parametrize(("status", "code"), [(0, 0), (3, 3), (-9, "kill -9 $$")])
def test_the_guard_exits_as_its_program_did(status: int, code: int | str) -> None:
    exit_code = code if isinstance(code, str) else f"exit {code}"
    guard, said = guarded("sh", "-c", f"setsid sleep 30 & (sleep 31 &); {exit_code}")
    assert said.isdigit()
    assert guard.wait(10) == status
    assert in_session(guard.pid) == []  # its sleepers died with it, the escaped one too
    assert descendants(guard.pid) == []


def test_the_guard_told_to_stop_kills_its_tree_and_says_why_it_could_not_start() -> None:
    guard, said = guarded("sh", "-c", "setsid sleep 30 & sleep 40")
    program = int(said)
    wait_for(lambda: len(descendants(guard.pid)) == 3)  # the shell and its 2 sleepers
    tree = descendants(guard.pid)
    assert tree[0] == program
    guard.terminate()
    assert guard.wait(10) == -signal.SIGKILL  # (its program's end: killed)
    assert all(gone(pid) for pid in tree)
    guard, said = guarded("/nonexistent/bot", "--fast")
    assert said == "error: [Errno 2] No such file or directory: '/nonexistent/bot'"
    assert guard.wait(10) == 127


# -- escaped children: none outlives its game ----------------------------------------

ESCAPES = [
    "setsid",
    "double-fork",
    pytest.param(
        "node",
        marks=[
            pytest.mark.skipif(NODE is None, reason="Node.js (node) is not installed"),
            pytest.mark.slow,
        ],
    ),
]


@pytest.mark.parametrize("escape", ESCAPES)
def test_no_child_outlives_a_tournament_nor_leaks_a_descriptor_or_thread(
    escape: str, tmp_path: Path
) -> None:
    """Each game's process starts a child that escapes its process group and keeps its
    pipes: after the tournament every one is dead, and this process has the
    descriptors and threads it had (before: 4 games left 4 processes, a pipe and a
    thread each)."""
    warm = ProcessBot(program(), name="warm")
    tt.tournament([warm, "greedy"], games=2, seed=1, max_turns=20)
    warm.close()
    fds, threads = descriptors(), threading.active_count()
    spawned = tmp_path / "spawned"
    bot = ProcessBot(program("--spawn", str(spawned), "--escape", escape), name="escaper")
    results = tt.tournament([bot, "greedy"], games=4, seed=1, max_turns=20)
    assert results.faults == {"escaper": 0, "greedy": 0}
    assert bot.pid is None
    bot.close()
    pids = pids_in(spawned)
    assert len(pids) == 4  # a process a game, a child each
    assert all(gone(pid) for pid in pids)
    # (another test's thread may end meanwhile: nothing new is left)
    wait_for(lambda: threading.active_count() <= threads, within=3)
    assert descriptors() <= fds
    assert threading.active_count() <= threads


@pytest.mark.parametrize("escape", ["setsid", "double-fork"])
def test_a_bot_that_exits_leaving_an_escaped_child_is_a_fault_at_once(
    escape: str, tmp_path: Path
) -> None:
    """The bot exits after its first answer; its escaped child kept the pipes open, so
    before the next decision waited out its move time (or for ever)."""
    view, legal = a_decision()
    spawned = tmp_path / "spawned"
    bot = ProcessBot(
        program("--spawn", str(spawned), "--escape", escape, "--exit-after", "1"),
        move_time=5,
        name="leaver",
    )
    assert bot.act(view, legal) == legal[0]
    (child,) = pids_in(spawned)
    begin = time.monotonic()
    with pytest.raises(tt.BotProtocolError) as error:
        bot.act(view, legal)
    assert time.monotonic() - begin < 3
    assert str(error.value) in (
        "bot 'leaver' closed its standard input (it exited with status 0)",
        "bot 'leaver' closed its standard output (it exited with status 0)",
    )
    assert gone(child)
    bot.close()


def test_close_kills_an_escaped_child_of_a_running_bot(tmp_path: Path) -> None:
    view, legal = a_decision()
    spawned = tmp_path / "spawned"
    with ProcessBot(program("--spawn", str(spawned), "--escape", "setsid")) as bot:
        bot.act(view, legal)
        (child,) = pids_in(spawned)
        assert alive(child)
        pid = bot.pid
        assert pid is not None
        assert pid in descendants(os.getpid())[1:]
    assert gone(child)
    assert gone(pid)


# -- answers --------------------------------------------------------------------------


def test_an_answer_nested_too_deep_is_a_protocol_fault() -> None:
    """Before: RecursionError escaped, and the program lived on."""
    view, legal = a_decision()
    bot = ProcessBot(program("--nest", "20000"), name="nester")
    with pytest.raises(tt.BotProtocolError) as error:
        bot.act(view, legal)
    assert str(error.value).startswith("bot 'nester' answered what is no action (")
    assert bot.pid is None
    bot.close()


def test_anything_reading_the_answer_raises_is_a_protocol_fault(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Not only the library's errors: before, a RecursionError (an answer nested
    20,000 deep) escaped, and the program lived on."""

    def deep(line: object, legal: object = None) -> tt.Action:
        raise RecursionError("maximum recursion depth exceeded")

    view, legal = a_decision()
    monkeypatch.setattr(process_bot, "parse_answer", deep)
    bot = ProcessBot(program(), name="deep")
    with pytest.raises(tt.BotProtocolError) as error:
        bot.act(view, legal)
    assert str(error.value) == (
        f"bot 'deep' answered what is no action (RecursionError): '{legal[0]}'"
    )
    assert bot.pid is None
    bot.close()


def test_a_late_duplicate_answer_is_a_protocol_fault() -> None:
    """Before: the duplicate was taken as the answer to the next request."""
    view, legal = a_decision()
    bot = ProcessBot(program("--twice", "0.3"), name="echo")
    assert bot.act(view, legal) == legal[0]
    with pytest.raises(tt.BotProtocolError) as error:
        bot.act(view, legal)
    assert str(error.value) == (
        "bot 'echo' answered request 0 when asked request 1:"
        f' \'{{"action": "{legal[0]}", "request": 0}}\''
    )
    assert bot.pid is None
    bot.close()


def test_requests_are_numbered_and_an_answer_echoing_its_own_is_taken() -> None:
    view, legal = a_decision()
    with ProcessBot(program("--answer", "json"), name="echo") as bot:
        for _ in range(4):
            assert bot.act(view, legal) == legal[0]
        running = bot._running
        assert running is not None
        assert running.requests == 4


def test_a_line_nobody_asked_for_is_a_fault_even_after_a_duplicate() -> None:
    view, legal = a_decision()
    with ProcessBot(program("--twice", "0"), name="twice") as bot:
        assert bot.act(view, legal) == legal[0]
        time.sleep(0.2)
        with pytest.raises(tt.BotProtocolError, match=r"^bot 'twice' wrote a line it was not"):
            bot.act(view, legal)


# -- time: a bot that never answers costs a bounded time -------------------------------


def test_a_bot_that_never_answers_costs_at_most_twice_its_startup_time() -> None:
    """8 games at move_time=0.1 with startup_time=1: each process's allowance is half
    the last (1, 0.5, 0.25...), under 2 s in all; before, 8 x 1.1 = 8.8 s."""
    bot = ProcessBot(program("--sleep", "60"), startup_time=1, name="mute")
    begin = time.monotonic()
    results = tt.tournament([bot, "greedy"], games=8, seed=1, max_turns=20, move_time=0.1)
    took = time.monotonic() - begin
    bot.close()
    assert results.faults == {"mute": 8, "greedy": 0}
    assert {fault.kind for fault in results.first_faults} == {"time"}
    assert took < 2 * 1 + 8 * (0.1 + 0.5)  # the bound, with 0.5 s a game to start and stop
    assert bot._allowance == 1 / 256


def test_a_start_answered_in_time_restores_the_allowance(tmp_path: Path) -> None:
    view, legal = a_decision()
    marker = tmp_path / "slept"
    bot = ProcessBot(program("--sleep-once", str(marker)), move_time=0.2, startup_time=0.4)
    with pytest.raises(tt.MoveTimeError, match=r"within 0.2 s \(and 0.4 s to start\)$"):
        bot.act(view, legal)
    assert bot._allowance == 0.2
    assert bot.act(view, legal) == legal[0]
    assert bot._allowance == 0.4
    bot.close()


def test_a_bot_that_ignores_quit_costs_less_each_game() -> None:
    """Each game's process ends at its end: one that ignores ``quit`` is killed after
    1 s, the next after 0.5 s...; a polite one restores the full second."""
    view, legal = a_decision()
    game = tt.Game("pagat", players=2, seed=7)
    over = end_message(tt.play(["greedy", "greedy"], seed=1), 1)
    bot = ProcessBot(program("--stubborn"), name="stubborn")
    took = []
    for seed in range(3):
        bot.start_game(start_message(game, 1, bot_seed=seed))
        bot.act(view, legal)
        begin = time.monotonic()
        bot.end_game(over)
        took.append(time.monotonic() - begin)
    assert bot._quit_wait == 1 / 8
    assert 1.0 <= took[0] < 1.0 + SLACK
    assert 0.5 <= took[1] < 0.5 + SLACK
    assert 0.25 <= took[2] < 0.25 + SLACK
    bot.close()


# -- a fresh process and fresh folders every game: no memory of duplicate deals ---------


def knew(bot: ProcessBot) -> tuple[int, int]:
    """What a ``--remember`` bot said at its last game's end: (rounds known, rounds)
    (a moment given for it to say it, to a process that outlived its game)."""
    wait_for(lambda: "remember:" in bot.stderr_tail, within=3)
    time.sleep(0.2)
    found = re.findall(r"remember: knew (\d+) of (\d+) rounds", bot.stderr_tail)
    assert found, bot.stderr_tail
    known, rounds = found[-1]
    return int(known), int(rounds)


@pytest.fixture
def memory_name() -> Iterator[str]:
    """A memory file's name no other test uses, removed wherever a bot left it."""
    name = f"threethirteen-memory-{uuid.uuid4().hex}.json"
    yield name
    for folder in (os.getcwd(), os.path.expanduser("~"), tempfile.gettempdir()):
        with contextlib.suppress(OSError):
            os.remove(os.path.join(folder, name))


@pytest.mark.parametrize("where", ["memory", "cwd", "home", "tmp"])
def test_a_bot_cannot_remember_a_duplicate_deal(where: str, memory_name: str) -> None:
    """Two games on one deal, seats swapped: before, the process (and its folders)
    lasted, and the hands it was dealt in the first game told it the opponent's in
    every round of the second."""
    bot = ProcessBot(program("--remember", where, "--memory-name", memory_name), name="cheat")
    results = tt.tournament([bot, "greedy"], games=2, seed=5, max_turns=20)
    known, rounds = knew(bot)
    bot.close()
    assert results.faults == {"cheat": 0, "greedy": 0}
    assert (known, rounds > 0) == (0, True)


def test_an_absolute_path_is_remembered_without_the_sandbox(tmp_path: Path) -> None:
    bot = ProcessBot(program("--remember", str(tmp_path)), name="cheat")
    tt.tournament([bot, "greedy"], games=2, seed=5, max_turns=20)
    known, rounds = knew(bot)
    bot.close()
    assert known == rounds > 0


def test_each_process_has_a_private_folder_removed_at_its_end() -> None:
    view, legal = a_decision()
    game = tt.Game("pagat", players=2, seed=7)
    bot = ProcessBot(program())
    bot.start_game(start_message(game, 1, bot_seed=1))
    running = bot._running
    assert running is not None
    assert running.folder is not None
    folder = running.folder
    bot.act(view, legal)
    assert Path(f"/proc/{bot.pid}/cwd").resolve() == Path(folder).resolve()
    environ = Path(f"/proc/{bot.pid}/environ").read_bytes().split(b"\0")
    for name in ("HOME", "TMPDIR", "TEMP", "TMP"):
        assert f"{name}={folder}".encode() in environ
    bot.end_game(end_message(tt.play(["greedy", "greedy"], seed=1), 1))
    assert bot.pid is None
    assert not os.path.exists(folder)
    bot.start_game(start_message(game, 1, bot_seed=2))
    again = bot._running
    assert again is not None
    assert again.folder not in (None, folder)
    bot.close()
    assert again.folder is None


def test_a_given_cwd_and_env_are_the_users_choice(tmp_path: Path) -> None:
    view, legal = a_decision()
    with ProcessBot(program(), cwd=tmp_path, env={"PATH": os.environ["PATH"], "X": "1"}) as bot:
        bot.act(view, legal)
        running = bot._running
        assert running is not None
        assert running.folder is None
        assert Path(f"/proc/{bot.pid}/cwd").resolve() == tmp_path.resolve()
        environ = Path(f"/proc/{bot.pid}/environ").read_bytes().split(b"\0")
        assert b"X=1" in environ
        assert not any(item.startswith(b"HOME=") for item in environ)


def test_a_relative_program_path_is_found_from_here(tmp_path: Path) -> None:
    view, legal = a_decision()
    here = os.getcwd()
    os.chdir(Path(program()[1]).parent)
    try:
        bot = ProcessBot([sys.executable, "bot_programs.py"])
        assert bot.act(view, legal) == legal[0]
        bot.close()
    finally:
        os.chdir(here)


# -- the sandbox ---------------------------------------------------------------------


def test_a_sandbox_without_unshare_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(process_bot, "UNSHARE", "/nonexistent/unshare")
    with pytest.raises(tt.InvalidBotError) as error:
        ProcessBot(program(), sandbox=True, name="boxed")
    assert str(error.value) == (
        "bot 'boxed' cannot have sandbox=True: '/nonexistent/unshare' (util-linux) is not found"
    )
    with pytest.raises(tt.InvalidBotError, match=r"^sandbox is True or False, not 'yes'$"):
        ProcessBot(program(), sandbox="yes")  # type: ignore[arg-type]


@needs_sandbox
def test_a_python_bot_in_a_sandbox_plays_the_game_it_plays_here() -> None:
    command = [sys.executable, "-m", "threethirteen", "bot", "threethirteen:GreedyBot"]
    with ProcessBot(command, sandbox=True) as bot:
        game = tt.play(["greedy", bot], seed=3)
    assert game.to_record() == tt.play(["greedy", "greedy"], seed=3).to_record()


@needs_sandbox
def test_a_sandboxed_bot_sees_no_process_and_no_network_of_the_arena() -> None:
    view, legal = a_decision()
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]
        with ProcessBot(program("--census", str(port)), name="open") as bot:
            bot.act(view, legal)
            wait_for(lambda: "census" in bot.stderr_tail)
            seen = bot.stderr_tail
        with ProcessBot(program("--census", str(port)), sandbox=True, name="boxed") as bot:
            assert repr(bot).endswith("name='boxed', sandbox=True)")
            assert bot.act(view, legal) == legal[0]
            pid = bot.pid
            assert pid is not None
            assert alive(pid)
            wait_for(lambda: "census" in bot.stderr_tail)
            boxed = bot.stderr_tail
    many = int(re.findall(r"census: (\d+) processes, network yes", seen)[0])
    assert many > 3
    assert re.findall(r"census: (\d+) processes, network (\w+)", boxed) == [("2", "no")]
    assert gone(pid)


@needs_sandbox
@pytest.mark.parametrize("where", ["memory", "cwd", "home", "tmp", "absolute", "real-home"])
def test_a_sandboxed_bot_cannot_remember_a_duplicate_deal(
    where: str, memory_name: str, tmp_path: Path
) -> None:
    """Nothing it writes lasts: /tmp is its own, everything else is read-only (here,
    this process's HOME)."""
    places = {"absolute": str(tmp_path), "real-home": os.path.expanduser("~")}
    place = places.get(where, where)
    bot = ProcessBot(
        program("--remember", place, "--memory-name", memory_name), sandbox=True, name="cheat"
    )
    results = tt.tournament([bot, "greedy"], games=2, seed=5, max_turns=20)
    known, rounds = knew(bot)
    bot.close()
    assert results.faults == {"cheat": 0, "greedy": 0}
    assert (known, rounds > 0) == (0, True)
    assert list(tmp_path.iterdir()) == []  # it wrote in its own /tmp


@needs_sandbox
def test_a_sandboxed_bot_that_escapes_dies_with_its_game(tmp_path: Path) -> None:
    """The pid namespace ends with its first process: an escaped child cannot outlive it
    (its pid, written inside the sandbox, is the sandbox's: the test reads none)."""
    fds, threads = descriptors(), threading.active_count()
    # (a process another test left to this one, such as a pool's helper, is no bot's)
    before = set(descendants(os.getpid()))
    bot = ProcessBot(program("--spawn", "spawned", "--escape", "setsid"), sandbox=True)
    results = tt.tournament([bot, "greedy"], games=2, seed=1, max_turns=20)
    bot.close()
    assert results.faults == {"bot_programs.py": 0, "greedy": 0}
    assert set(descendants(os.getpid())) <= before  # no process of the bot's survives
    # (another test's thread may end meanwhile: nothing new is left)
    wait_for(lambda: threading.active_count() <= threads, within=3)
    assert descriptors() <= fds
    assert threading.active_count() <= threads


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_the_node_example_echoes_its_request() -> None:
    from threethirteen.arena.protocol import act_message, answer_request, message_line

    game = tt.Game("pagat", 2, seed=7)
    root = Path(__file__).resolve().parents[1]
    lines = message_line(act_message(game.view(1), game.legal_actions(), 5, request=7))
    lines += message_line(act_message(game.view(1), game.legal_actions(), 5))
    done = subprocess.run(
        ["node", str(root / "examples" / "bot.js")],
        input=lines,
        capture_output=True,
        timeout=60,
        check=True,
    )
    first, second = done.stdout.decode().splitlines()
    assert answer_request(first) == 7
    assert answer_request(second) is None
    assert first == '{"action":"draw stock","request":7}'
