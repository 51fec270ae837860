"""The command line seats any bot: a built-in name, a Python bot (``MODULE:OBJECT``)
or a program that speaks the bot protocol (a command), as docs/protocol.md promises."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

import threethirteen as tt
from tests.cli_run import Run
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
        " expert, greedy, heuristic, lookahead, random, search), MODULE:OBJECT (a Python bot:"
        " mypkg.mybot:MyBot) or a command (a program that speaks the bot protocol:"
        " 'node mybot.js')"
    )
