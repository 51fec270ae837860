"""``ProcessBot``: bots in their own processes, over the line protocol.

A Python bot run by ``python -m threethirteen bot`` plays exactly the game its
in-process twin plays (the game records are equal); the Node.js example plays
legal, finished games; faulty programs (slow, crashing, writing garbage or huge
lines, flooding standard error, ignoring quit, leaving a child behind) raise the
library's errors, fast, and leave no process behind.
"""

from __future__ import annotations

import gc
import os
import pickle
import shutil
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

import threethirteen as tt
from threethirteen.arena.process_bot import STDERR_TAIL_BYTES, STDERR_TAIL_LINES, ProcessBot
from threethirteen.arena.protocol import end_message, start_message

ROOT = Path(__file__).resolve().parent.parent
PROGRAMS = str(ROOT / "tests" / "bot_programs.py")
NODE = shutil.which("node")
SLACK = 0.5
"""How much later than its move time a slow bot's MoveTimeError may come."""


def served(spec: str) -> list[str]:
    """The command that runs a Python bot over the protocol."""
    return [sys.executable, "-m", "threethirteen", "bot", spec]


def program(*options: str) -> list[str]:
    """The command of a test bot program (see tests/bot_programs.py)."""
    return [sys.executable, PROGRAMS, *options]


def children() -> set[int]:
    """The live child processes of this process (zombies, already dead, left out)."""
    me = str(os.getpid())
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if fields[1] == me and fields[0] != "Z":
            found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """Whether process ``pid`` exists and is not a zombie."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


def gone(pid: int, within: float = 3.0) -> bool:
    deadline = time.monotonic() + within
    while alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


@pytest.fixture(autouse=True)
def no_process_left_behind() -> Iterator[None]:
    before = children()
    yield
    gc.collect()
    deadline = time.monotonic() + 3
    while children() - before and time.monotonic() < deadline:
        time.sleep(0.01)
    assert children() - before == set()


def drive(
    bots: Sequence[Any],
    rules: str,
    players: int,
    seed: int,
    bot_seeds: Sequence[int | None],
    variations: Sequence[str] = (),
) -> tt.Game:
    """Play a game as an arena does: ``start_game`` and ``end_game`` for the bots that
    have them, every action checked against the legal actions."""
    game = tt.Game(rules, players=players, seed=seed, variations=tuple(variations))
    for seat, bot in enumerate(bots):
        if hasattr(bot, "start_game"):
            bot.start_game(start_message(game, seat, bot_seed=bot_seeds[seat], index=0))
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        legal = game.legal_actions()
        action = bots[seat].act(game.view(seat), legal)
        assert action in legal, (action, legal)
        game.apply(action)
    for seat, bot in enumerate(bots):
        if hasattr(bot, "end_game"):
            bot.end_game(end_message(game, seat))
    return game


# -- a Python bot in a process plays as it does in this one ---------------------------


@pytest.mark.parametrize(
    ("name", "spec", "rules", "players", "variations"),
    [
        ("greedy", "threethirteen:GreedyBot", "pagat", 2, []),
        ("advisor", "threethirteen:AdvisorBot", "pagat", 2, []),
        ("advisor", "advisor", "family", 4, ["redemption"]),
        ("advisor", "threethirteen:AdvisorBot", "bga", 4, ["separate-discards"]),
        ("search4", "tests.bot_programs:search4", "pagat", 2, []),
        ("search4", "tests.bot_programs:search4", "bga", 4, []),
    ],
)
def test_a_bot_in_a_process_plays_the_game_it_plays_here(
    name: str, spec: str, rules: str, players: int, variations: list[str]
) -> None:
    from tests.bot_programs import search4

    def twin(seed: int) -> tt.Bot:
        return search4(seed) if name == "search4" else tt.make_bot(name, seed=seed)

    seeds = [100 + seat for seat in range(players)]
    others = ["greedy", "advisor", "greedy", "advisor"]
    local = [tt.make_bot(others[seat], seed=seeds[seat]) for seat in range(players)]
    local[1] = twin(seeds[1])
    with ProcessBot(served(spec), cwd=ROOT, move_time=60) as bot:
        remote: list[Any] = [tt.make_bot(others[seat], seed=seeds[seat]) for seat in range(players)]
        remote[1] = bot
        played = drive(remote, rules, players, 3, seeds, variations)
        assert bot.pid is None  # its process ended with the game
    expected = drive(local, rules, players, 3, seeds, variations)
    assert played.to_record() == expected.to_record()


def test_play_with_a_process_bot_is_play_with_the_bot() -> None:
    """tt.play writes no start message today: the bot writes its own, from the view
    (``bot_seed``: its ``seed``)."""
    with ProcessBot(served("threethirteen:GreedyBot")) as bot:
        game = tt.play(["greedy", bot], seed=3)
        again = tt.play(["greedy", bot], seed=3)  # the same process, another game
    expected = tt.play(["greedy", "greedy"], seed=3)
    assert (game.totals, game.round_scores) == (expected.totals, expected.round_scores)
    assert again.to_record() == expected.to_record()


def test_a_process_bot_plays_on_processes_of_a_tournament() -> None:
    """An executor pickles the bot: each worker starts its own process (and the
    tournament may play a game here too, to time it)."""
    from concurrent.futures import ProcessPoolExecutor

    with (
        ProcessBot(served("threethirteen:GreedyBot"), name="greedy-process") as bot,
        ProcessPoolExecutor(2) as executor,
    ):
        results = tt.tournament(["greedy", bot], games=4, seed=2, executor=executor)
    here = tt.tournament(["greedy", "greedy"], games=4, seed=2)
    assert results["greedy-process"].games == 4
    assert results["greedy-process"].mean_total == here["greedy#2"].mean_total


# -- the Node.js bot --------------------------------------------------------------


@pytest.mark.skipif(NODE is None, reason="Node.js (node) is not installed")
@pytest.mark.parametrize(
    ("opponent", "rules", "players", "variations"),
    [
        ("greedy", "pagat", 2, []),
        ("advisor", "pagat", 2, []),
        ("advisor", "bga", 3, []),
        ("greedy", "family", 4, ["redemption"]),
        ("greedy", "pagat", 3, ["separate-discards", "jokers"]),
    ],
)
def test_the_node_bot_plays_legal_games_to_the_end(
    opponent: str, rules: str, players: int, variations: list[str]
) -> None:
    assert NODE is not None
    with ProcessBot([NODE, str(ROOT / "examples" / "bot.js")], move_time=5) as bot:
        assert bot.name == "bot.js"
        for seed in range(2):
            seats: list[Any] = [tt.make_bot(opponent, seed=seat) for seat in range(players)]
            seats[seed % players] = bot
            game = drive(seats, rules, players, seed, [None] * players, variations)
            assert game.is_over
            replayed = tt.Game.from_record(game.to_record())
            assert (replayed.totals, replayed.winners) == (game.totals, game.winners)


def test_the_docs_show_the_node_bot() -> None:
    page = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    assert "```{literalinclude} ../examples/bot.js\n:language: javascript\n```" in page


# -- faults ---------------------------------------------------------------------


def a_decision(seed: int = 7) -> tuple[tt.PlayerView, list[tt.Action]]:
    game = tt.Game("pagat", players=2, seed=seed)
    seat = game.to_move
    assert seat is not None
    return game.view(seat), game.legal_actions()


def test_a_slow_bot_is_killed_at_its_move_time_and_started_again(tmp_path: Path) -> None:
    view, legal = a_decision()
    marker = tmp_path / "slept"
    bot = ProcessBot(
        program("--sleep-once", str(marker), "--require-start", "--log", str(tmp_path / "log")),
        move_time=0.3,
        startup_time=1,
        name="sleepy",
    )
    bot.start_game(start_message(tt.Game("pagat", players=2, seed=7), 1, bot_seed=1))
    pid = bot.pid
    assert pid is not None
    begin = time.monotonic()
    with pytest.raises(tt.MoveTimeError) as error:
        bot.act(view, legal)
    took = time.monotonic() - begin
    # the first decision: 0.3 s and the startup time; the program sleeps 60 s
    assert str(error.value) == "bot 'sleepy' did not answer within 0.3 s (and 1 s to start)"
    assert 1.3 <= took < 1.3 + SLACK
    assert bot.pid is None
    assert gone(pid, within=0.1)
    assert bot.act(view, legal) == legal[0]  # a fresh process, given the start again
    bot.close()
    assert (tmp_path / "log").read_text() == "start\nact\nstart\nact\nquit\n"


def test_the_arenas_move_time_wins_when_it_is_lower(tmp_path: Path) -> None:
    view, legal = a_decision()
    with ProcessBot(program("--sleep", "2"), move_time=30, startup_time=0, name="slow") as bot:
        begin = time.monotonic()
        with pytest.raises(tt.MoveTimeError, match=r"^bot 'slow' did not answer within 0.2 s$"):
            bot.timed_act(view, legal, 0.2)
        assert 0.2 <= time.monotonic() - begin < 0.2 + SLACK
    with ProcessBot(program("--sleep", "2"), move_time=0.25, startup_time=0, name="slow") as bot:
        begin = time.monotonic()
        with pytest.raises(tt.MoveTimeError, match=r"within 0.25 s$"):
            bot.timed_act(view, legal, 10)
        assert 0.25 <= time.monotonic() - begin < 0.25 + SLACK
    with ProcessBot(program("--sleep", "0.3"), startup_time=0) as bot:
        assert bot.timed_act(view, legal, None) == legal[0]  # no limit at all


def test_a_bot_that_exits_at_once_raises_with_its_standard_error() -> None:
    view, legal = a_decision()
    bot = ProcessBot(program("--exit-at-once", "3"), name="quitter")
    with pytest.raises(tt.BotProtocolError) as error:
        bot.act(view, legal)
    message = str(error.value)
    assert message.startswith("bot 'quitter' ")
    assert "(it exited with status 3); its standard error ends:\n" in message
    assert message.endswith("\n  | bot_programs: exiting at once with status 3")
    assert bot.pid is None


def test_a_bot_that_cannot_start_raises() -> None:
    view, legal = a_decision()
    bot = ProcessBot(["/nonexistent/bot", "--fast"])
    assert bot.name == "bot"
    with pytest.raises(tt.BotProtocolError, match=r"^bot 'bot' could not be started: \[Errno 2\]"):
        bot.act(view, legal)
    with pytest.raises(tt.BotProtocolError, match=r"could not be started"):
        bot.start_game(start_message(tt.Game("pagat", players=2, seed=7), 0))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            ["--garbage", "hello world"],
            "bot 'bot_programs.py' answered what is no action (no action 'hello world': write",
        ),
        (
            ["--garbage", '{"action": 3}'],
            "bot 'bot_programs.py' answered what is no action (an answer object is",
        ),
        (
            ["--garbage", "{oops"],
            "bot 'bot_programs.py' answered what is no action (answer '{oops'",
        ),
        (["--huge"], "bot 'bot_programs.py' wrote a line longer than 65536 bytes"),
    ],
)
def test_a_bot_that_writes_no_action_raises(options: list[str], message: str) -> None:
    view, legal = a_decision()
    bot = ProcessBot(program(*options))
    begin = time.monotonic()
    with pytest.raises(tt.BotProtocolError) as error:
        bot.act(view, legal)
    assert str(error.value).startswith(message)
    assert time.monotonic() - begin < 5
    assert bot.pid is None
    bot.close()


def test_a_bot_that_writes_a_line_nobody_asked_for_raises() -> None:
    view, legal = a_decision()
    with ProcessBot(program("--stray"), name="talker") as bot:
        assert bot.act(view, legal) == legal[0]
        time.sleep(0.1)
        with pytest.raises(tt.BotProtocolError) as error:
            bot.act(view, legal)
        assert str(error.value).startswith(
            "bot 'talker' wrote a line it was not asked for: 'and another thing'"
        )


@pytest.mark.parametrize("answer", ["json", "blank"])
def test_an_answer_object_and_blank_lines_are_read(answer: str) -> None:
    view, legal = a_decision()
    with ProcessBot(program("--answer", answer)) as bot:
        for _ in range(3):
            assert bot.act(view, legal) is legal[0]


def test_a_bot_that_floods_its_standard_error_does_not_block() -> None:
    """256 KB a decision on standard error, far more than a pipe holds: it is read as
    it comes, and only its tail kept."""
    view, legal = a_decision()
    with ProcessBot(program("--chatty"), move_time=10) as bot:
        for _ in range(8):
            assert bot.act(view, legal) == legal[0]
        time.sleep(0.1)
        tail = bot.stderr_tail
        assert 0 < len(tail.encode()) <= STDERR_TAIL_BYTES
        assert len(tail.splitlines()) <= STDERR_TAIL_LINES
        assert tail.splitlines()[-1] == "chatter " * 32


def test_close_ends_a_polite_bot_with_quit_and_kills_a_stubborn_one() -> None:
    view, legal = a_decision()
    polite = ProcessBot(program())
    polite.act(view, legal)
    running = polite._running
    assert running is not None
    polite.close()
    assert running.popen.returncode == 0
    stubborn = ProcessBot(program("--stubborn"))
    stubborn.act(view, legal)
    running = stubborn._running
    assert running is not None
    begin = time.monotonic()
    stubborn.close()
    assert 0.9 < time.monotonic() - begin < 3
    assert running.popen.returncode == -9
    stubborn.close()  # again: nothing to do


def test_a_child_of_the_bot_is_killed_with_it(tmp_path: Path) -> None:
    view, legal = a_decision()
    file = tmp_path / "child"
    with ProcessBot(program("--spawn", str(file))) as bot:
        bot.act(view, legal)
        child = int(file.read_text())
        assert alive(child)
    assert gone(child)


def test_a_bot_left_to_the_garbage_collector_is_ended() -> None:
    view, legal = a_decision()
    bot = ProcessBot(program())
    bot.act(view, legal)
    pid = bot.pid
    assert pid is not None
    del bot
    gc.collect()
    assert gone(pid)


def test_a_process_bot_pickles_without_its_process() -> None:
    view, legal = a_decision()
    with ProcessBot(program(), move_time=2, name="copied", seed=4) as bot:
        bot.act(view, legal)
        copy = pickle.loads(pickle.dumps(bot))
        assert (copy.pid, copy.name, copy.move_time, copy.seed) == (None, "copied", 2.0, 4)
        assert copy.act(view, legal) == legal[0]
        assert copy.pid not in (None, bot.pid)
        copy.close()
        assert bot.act(view, legal) == legal[0]


def test_end_game_never_raises_and_the_next_game_starts_again(tmp_path: Path) -> None:
    view, legal = a_decision()
    game = tt.Game("pagat", players=2, seed=7)
    log = tmp_path / "log"
    with ProcessBot(program("--require-start", "--log", str(log))) as bot:
        bot.start_game(start_message(game, 1, bot_seed=3))
        bot.act(view, legal)
        running = bot._running
        assert running is not None
        running.kill()  # as if it crashed
        bot.end_game(end_message(tt.play(["greedy", "greedy"], seed=1), 1))  # no error
        assert bot.pid is None
        bot.start_game(start_message(game, 1, bot_seed=4))
        bot.act(view, legal)
    assert log.read_text() == "start\nact\nstart\nact\nquit\n"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"command": []}, "a bot's command is empty"),
        ({"command": ""}, "a bot's command is empty"),
        ({"command": 3}, "a bot's command is a string or a list of strings, not 3"),
        ({"command": "bot 'x"}, "a bot's command \"bot 'x\": No closing quotation"),
        ({"command": "bot", "move_time": 0}, "move_time must be above 0, not 0"),
        ({"command": "bot", "move_time": "1"}, "move_time must be a finite number, not '1'"),
        ({"command": "bot", "name": 3}, "a bot's name is a string, not 3"),
        ({"command": "bot", "seed": -1}, "a bot's seed"),
    ],
)
def test_a_process_bot_that_is_not_one(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(tt.InvalidBotError) as error:
        ProcessBot(**arguments)
    assert str(error.value).startswith(message)


def test_names_and_reprs() -> None:
    assert ProcessBot("./mybot --fast").name == "mybot"
    assert ProcessBot(["python3", "-u", "bots/clever.py"]).name == "clever.py"
    assert ProcessBot(["python", "-m", "mypackage.bot"]).name == "mypackage.bot"
    assert ProcessBot(served("tests.bot_programs:search4")).name == "tests.bot_programs:search4"
    bot = ProcessBot("node bot.js", move_time=0.5, name="js", seed=3, env={"A": "1"})
    assert repr(bot) == "ProcessBot('node bot.js', move_time=0.5, name='js', seed=3, env={...})"
    assert isinstance(bot, tt.Bot)


def test_a_process_bot_is_a_gymnasium_opponent() -> None:
    """A process bot goes wherever a bot goes: here, the Gymnasium environment's
    opponent, playing the same game as the bot in this process."""
    pytest.importorskip("gymnasium")
    from threethirteen.adapters.gym_env import ThreeThirteenEnv

    command = [sys.executable, "-m", "threethirteen", "bot", "threethirteen:GreedyBot"]
    with tt.ProcessBot(command, name="greedy-process") as process:
        outside = ThreeThirteenEnv("pagat", players=2, opponents=[process])
        inside = ThreeThirteenEnv("pagat", players=2, opponents=[tt.GreedyBot()])
        first, _ = outside.reset(seed=4)
        second, _ = inside.reset(seed=4)
        for _ in range(30):
            assert (first["observation"] == second["observation"]).all()
            mask = first["action_mask"]
            action = int(mask.nonzero()[0][0])
            first, reward, done, _, _ = outside.step(action)
            second, reward_inside, done_inside, _, _ = inside.step(action)
            assert (reward, done) == (reward_inside, done_inside)
            if done:
                break
