"""The command line seats any bot: a built-in name, a Python bot (``MODULE:OBJECT``)
or a program that speaks the bot protocol (a command), as docs/protocol.md promises."""

from __future__ import annotations

import io
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import threethirteen as tt
from tests.cli_run import Run
from threethirteen.cli import _play as _cli_play
from threethirteen.cli.bot_args import parse_bot, parse_bots

ROOT = Path(__file__).resolve().parents[1]
PROGRAM = f"{sys.executable} {ROOT / 'tests' / 'bot_programs.py'}"


def rows(out: str) -> dict[str, list[str]]:
    """The results table's rows by bot name: its columns."""
    lines = out.splitlines()
    start = next(at for at, line in enumerate(lines) if line.split()[:2] == ["bot", "games"])
    found: dict[str, list[str]] = {}
    for line in lines[start + 1 :]:
        if not line.strip():
            break
        words = line.split()
        found[words[0]] = words[1:]
    return found


def test_each_form_of_a_bot_is_read() -> None:
    assert parse_bot(" greedy ") == "greedy"
    assert parse_bot("threethirteen:GreedyBot") is tt.GreedyBot
    process = parse_bot("node examples/bot.js")
    assert isinstance(process, tt.ProcessBot)
    assert process.argv == ["node", "examples/bot.js"]
    assert process.name == "bot.js"
    assert parse_bot("./mybot").argv == ["./mybot"]  # type: ignore[union-attr]
    assert [type(bot).__name__ for bot in parse_bots("random,python3 -u bot.py")] == [
        "str",
        "ProcessBot",
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("greedy,,random", "a bot's name is missing in 'greedy,,random'"),
        ("best", "unknown bot 'best': a bot is a built-in name (advisor, expert, greedy,"),
        ("nosuchmodule_xyz:Bot", "cannot import 'nosuchmodule_xyz'"),
        ("threethirteen:BestBot", "module 'threethirteen' has no 'BestBot'"),
    ],
)
def test_a_bot_that_is_none_is_refused(text: str, message: str) -> None:
    with pytest.raises(tt.InvalidBotError) as caught:
        parse_bots(text)
    assert str(caught.value).startswith(message)


def test_simulate_seats_a_program_and_a_python_bot(run: Run) -> None:
    result = run(
        "simulate",
        "--bots",
        f"advisor,{PROGRAM},threethirteen:RandomBot",
        "--players",
        "2",
        "--games",
        "6",
        "--seed",
        "1",
        "--max-turns",
        "20",
        "--move-time",
        "5",
    )
    assert result.status == 0, result.err
    table = rows(result.out)
    assert sorted(table) == ["advisor", "bot_programs.py", "random"]
    assert [table[name][0] for name in sorted(table)] == ["4", "4", "4"]
    assert "5 s a decision" in result.out
    # the program answers the first legal action: it forfeits nothing
    assert table["bot_programs.py"][-1] == "0"


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_simulate_seats_the_node_example(run: Run) -> None:
    command = f"node {ROOT / 'examples' / 'bot.js'}"
    result = run(
        "simulate", "--bots", f"greedy,{command}", "--games", "2", "--seed", "3",
        "--max-turns", "20", "--move-time", "10",
    )  # fmt: skip
    assert result.status == 0, result.err
    table = rows(result.out)
    assert sorted(table) == ["bot.js", "greedy"]
    assert table["bot.js"][-1] == "0"


def test_simulate_names_a_bot_it_cannot_seat(run: Run) -> None:
    result = run("simulate", "--bots", "advisor,best", "--games", "2")
    assert result.status == 2
    assert result.err.splitlines()[-1] == (
        "threethirteen: error: --bots: unknown bot 'best': a bot is a built-in name (advisor,"
        " expert, greedy, heuristic, learned, lookahead, random, search), MODULE:OBJECT (a Python bot:"
        " mypkg.mybot:MyBot) or a command (a program that speaks the bot protocol:"
        " 'node mybot.js')"
    )


# -- play seats any bot -------------------------------------------------------------------

CLI_PAGE = ROOT / "docs" / "cli.md"


def own_bot_section() -> str:
    page = CLI_PAGE.read_text(encoding="utf-8")
    return page.partition("### Your own bot at the table")[2].partition("\n## ")[0]


def shown_session(command_start: str) -> tuple[list[str], str]:
    """A ``$ threethirteen play ...`` block of the own-bot section: the command's words
    and what it shows."""
    section = own_bot_section()
    block = section.split(f"```text\n$ {command_start}")[1].partition("```")[0]
    line, _, shown = block.partition("\n")
    return shlex.split(command_start + line)[2:], shown


def typed(shown: str) -> str:
    """The lines typed at the prompts of a transcript."""
    prompts = re.compile(r"^(?:draw|discard) \(.*?\)> (.*)$", flags=re.MULTILINE)
    return "".join(line + "\n" for line in prompts.findall(shown))


def play(argv: list[str], stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    status = _cli_play.main(argv, io.StringIO(stdin), out)
    return status, out.getvalue()


@pytest.fixture
def mypkg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """``mypkg/mybot.py`` holding the page's ``MyBot``, importable (and forgotten after)."""
    code = own_bot_section().split("```python\n")[1].partition("```")[0]
    package = tmp_path / "mypkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "mybot.py").write_text(code)
    for name in [name for name in sys.modules if name == "mypkg" or name.startswith("mypkg.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield package
    for name in [name for name in sys.modules if name == "mypkg" or name.startswith("mypkg.")]:
        del sys.modules[name]


def write_bot(package: Path, name: str, body: str) -> str:
    """A module ``mypkg.NAME`` holding ``class Bot`` whose ``act`` is ``body``; its
    ``MODULE:OBJECT``."""
    code = (
        "import time\nimport threethirteen as tt\n\n\nclass Bot:\n"
        "    def __init__(self, seed=None):\n        self.seed = seed\n\n"
        "    def act(self, view, legal_actions):\n"
        + "".join(f"        {line}\n" for line in body.splitlines())
    )
    (package / f"{name}.py").write_text(code)
    return f"mypkg.{name}:Bot"


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_play_seats_the_node_example_as_the_docs_show(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    argv, shown = shown_session('threethirteen play --bots "node examples/bot.js"')
    assert argv == ["--bots", "node examples/bot.js", "--seed", "5", "--move-time", "5"]
    assert play(argv, typed(shown)) == (0, shown)


def test_play_seats_a_python_bot_as_the_docs_show(mypkg: Path) -> None:
    argv, shown = shown_session("threethirteen play --bots mypkg.mybot:MyBot")
    assert argv == ["--bots", "mypkg.mybot:MyBot", "--seed", "5"]
    assert typed(shown) == "quit\n"
    assert play(argv, "quit\n") == (0, shown)


def test_the_docs_show_the_faults_play_reports(
    mypkg: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    section = own_bot_section()
    line = section.split("ends it so:\n\n```text\n")[1].partition("\n```")[0]
    code = (mypkg / "mybot.py").read_text().replace("legal_actions[0]", '"draw stock"')
    (mypkg / "mybot.py").write_text(code)
    status, out = play(["--bots", "mypkg.mybot:MyBot", "--seed", "5"])
    assert status == 2
    assert capsys.readouterr().err == line + "\n"
    assert line == (
        "threethirteen: error: bot 'MyBot' in seat 1, round 1, turn 1: chose 'draw stock',"
        " which is not legal: it is not an action"
    )
    assert "Traceback" not in out


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ("return 1 / 0", "raised ZeroDivisionError: division by zero"),
        ("raise KeyboardInterrupt", "raised KeyboardInterrupt"),
        ("raise SystemExit(3)", "raised SystemExit: 3"),
        ("return None", "chose None, which is not legal: it is not an action"),
        (
            'return tt.Action.parse("discard 9s")',
            "chose 'discard 9s', which is not legal: illegal action 'discard 9s': player 1"
            " must draw first",
        ),
        (
            "while True:\n    time.sleep(0.01)",
            "took too long to choose (no answer within the move time of 0.3 s)",
        ),
    ],
)
def test_a_bot_that_fails_ends_play_with_one_line(
    mypkg: Path, capsys: pytest.CaptureFixture[str], body: str, said: str
) -> None:
    spec = write_bot(mypkg, "faulty", body)
    status, out = play(["--bots", spec, "--seed", "5", "--move-time", "0.3", "--ascii"])
    err = capsys.readouterr().err
    assert status == 2
    assert err == f"threethirteen: error: bot 'Bot' in seat 1, round 1, turn 1: {said}\n"
    assert out.splitlines()[-1] == "round 1 of 11: 3 cards, wild rank 3; you deal"


def test_play_names_the_seat_round_and_turn_of_a_later_fault(
    mypkg: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Of three seats (player 1 moves first), seat 2 fails at its second turn, the
    round's fifth, after the person's and the greedy bot's."""
    spec = write_bot(
        mypkg, "later", "if view.turns >= 4:\n    return 'nonsense'\nreturn legal_actions[0]"
    )
    every_card = "".join(f"{rank}{suit}\n" for rank in "A23456789TJQK" for suit in "cdhs")
    status, out = play(
        ["--players", "3", "--bots", f"greedy,{spec}", "--seed", "2", "--ascii"],
        "s\n" + every_card,
    )
    assert status == 2
    assert capsys.readouterr().err == (
        "threethirteen: error: bot 'Bot' in seat 2, round 1, turn 5: chose 'nonsense',"
        " which is not legal: it is not an action\n"
    )
    assert out.splitlines()[-1].startswith("player 1 (greedy): ")


def running_with(marker: str) -> list[int]:
    """The processes whose command line holds ``marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            words = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if marker.encode() in words:
            found.append(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
@pytest.mark.parametrize(
    ("options", "input_", "status", "said"),
    [
        ("", "s\nquit\n", 0, None),
        (
            "--garbage nonsense",
            "",
            2,
            "raised BotProtocolError: bot 'bot_programs.py' answered what is no action",
        ),
        (
            "--sleep 1",
            "s\nquit\n",
            2,
            "took too long to choose (bot 'bot_programs.py' did not answer within 0.4 s)",
        ),
    ],
)
def test_a_program_at_the_table_is_ended_with_the_game(
    capsys: pytest.CaptureFixture[str], options: str, input_: str, status: int, said: str | None
) -> None:
    """A program that plays, answers nonsense, or overruns (after its first answer,
    which has time to start): the error names it; no process of it is left."""
    marker = f"marker-{os.getpid()}-{abs(hash(options))}"
    command = f"{PROGRAM} --memory-name {marker} {options}"
    argv = ["--bots", command, "--seed", "5", "--move-time", "0.4", "--ascii"]
    done, out = play(argv, input_)
    err = capsys.readouterr().err
    assert done == status, err
    if said is None:
        assert err == ""
        assert "player 1 (bot_programs.py): draws from the stock" in out
    else:
        assert err.startswith(
            f"threethirteen: error: bot 'bot_programs.py' in seat 1, round 1, turn 1: {said}"
        ), err
        assert len(err.splitlines()) == 1
    assert running_with(marker) == []


def test_one_command_fills_every_seat_with_a_process_each() -> None:
    argv = ["--players", "3", "--bots", PROGRAM, "--seed", "4", "--ascii", "--max-turns", "2"]
    status, out = play(argv, "s\nquit\n")
    assert status == 0
    assert out.splitlines()[1] == (
        "you are player 0; player 1 (bot_programs.py), player 2 (bot_programs.py);"
        " type 'help' for the commands"
    )


def test_play_help_says_what_a_bot_is(capsys: pytest.CaptureFixture[str]) -> None:
    assert _cli_play.main(["--help"], io.StringIO(), io.StringIO()) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "--move-time SECONDS the time a bot has for each decision" in text
    assert 'threethirteen play --bots "node examples/bot.js" --move-time 5' in text
    assert "threethirteen play --bots mypkg.mybot:MyBot" in text
    assert "MODULE:OBJECT (a Python bot: mypkg.mybot:MyBot) or a command" in text


@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf"])
def test_a_move_time_that_is_none_is_refused(
    capsys: pytest.CaptureFixture[str], value: str
) -> None:
    assert play(["--move-time", value]) == (2, "")
    err = capsys.readouterr().err
    assert err.startswith("usage: threethirteen play")
    what = "above 0" if value in ("0", "-1") else "a finite number"
    assert err.endswith(f"threethirteen: error: --move-time must be {what}, not {value}\n")


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_ctrl_c_while_a_program_thinks_stops_play_and_the_program(tmp_path: Path) -> None:
    """A person's Ctrl-C during a program's decision: exit status 130, no traceback,
    and no process of the program left."""
    marker = f"marker-ctrl-c-{os.getpid()}"
    command = f"{PROGRAM} --memory-name {marker} --sleep 30"
    environ = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    process = subprocess.Popen(
        [sys.executable, "-m", "threethirteen", "play", "--bots", command, "--seed", "5"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environ,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not running_with(marker) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert running_with(marker), "the program never started"
        time.sleep(0.3)  # (it is asked its first decision)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 130, err
    assert b"Traceback" not in err
    assert out.startswith(b"threethirteen play: pagat for 2 players, 11 rounds, seed 5\n")
    assert running_with(marker) == []
