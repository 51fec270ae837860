"""A newcomer's first hour: the package's help, a view's attributes, the docs build
without the optional frameworks and their copy buttons, and the command line's
record, replay, messages and help texts."""

from __future__ import annotations

import ast
import io
import json
import os
import pydoc
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import threethirteen as tt
from tests.cli_run import Run
from threethirteen.arena import bot_server
from threethirteen.cli import _play as _cli_play
from threethirteen.cli import main as cli
from threethirteen.cli import simulate as cli_simulate
from threethirteen.cli._format import Style

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = Path(tt.__file__).resolve().parent
SRC = PACKAGE.parent
CONF = ROOT / "docs" / "conf.py"


def conf_value(name: str) -> object:
    """The literal value docs/conf.py assigns to ``name`` (read, not run: running it
    sets the implementation for the whole process)."""
    for node in ast.parse(CONF.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == name for target in node.targets
        ):
            return ast.literal_eval(node.value)
    raise AssertionError(f"docs/conf.py sets no {name}")


# -- the package and its values -----------------------------------------------------------


def test_help_opens_with_what_the_library_is() -> None:
    text = pydoc.render_doc(tt, renderer=pydoc.plaintext)
    description = tt.__doc__ or ""
    assert description.splitlines()[0].startswith("threethirteen: the rummy game Three Thirteen")
    for name in (
        "best_melds",
        "Game",
        "PlayerView",
        "BOTS",
        "tournament",
        "threethirteen.adapters.envs",
    ):
        assert name in description, name
    assert description.splitlines()[0] in text
    assert ">>> import threethirteen as tt" in description


def test_dir_of_a_view_lists_the_fields_made_when_first_read() -> None:
    view = tt.Game("pagat", players=3, seed=4).view(1)
    names = dir(view)
    assert "hand" not in vars(view)  # still to be made
    fields = {"hand", "known", "piles", "reshuffled", "dealt_hand", "upcard", "history"}
    assert fields | {"stock_draws", "round", "totals", "unseen", "sample"} <= set(names)
    assert names == sorted(set(names))
    assert "hand" not in vars(view)  # dir made none of them
    assert view.hand == tt.Game("pagat", players=3, seed=4).hand(1)


# -- the docs -----------------------------------------------------------------------------


def test_the_copy_button_leaves_the_prompts_out() -> None:
    extensions = conf_value("extensions")
    assert isinstance(extensions, list)
    assert "sphinx_copybutton" in extensions
    prompts = conf_value("copybutton_prompt_text")
    assert isinstance(prompts, str)
    assert conf_value("copybutton_prompt_is_regexp") is True
    for line, code in [
        (">>> x = 1", "x = 1"),
        ("... x", "x"),
        ("$ pip install .", "pip install ."),
    ]:
        match = re.match(prompts, line)
        assert match is not None
        assert line[match.end() :] == code


def optional_imports() -> set[str]:
    """The top-level names of every module the package imports that is neither the
    standard library, numpy, nor the package."""
    found: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            found.update(name.partition(".")[0] for name in names)
    return found - set(sys.stdlib_module_names) - {"numpy", "threethirteen"}


def test_the_docs_mock_every_optional_framework() -> None:
    """The docs extra alone builds the site: autodoc imports each framework an adapter
    or the arena imports as a mock, and conf.py reads the modules' source without
    importing them."""
    mocked = conf_value("autodoc_mock_imports")
    assert isinstance(mocked, list)
    found = optional_imports()
    assert {"gymnasium", "pettingzoo", "pyspiel", "dask", "matplotlib"} <= found
    assert sorted(found - set(mocked)) == []
    assert "import_module" not in CONF.read_text(encoding="utf-8")


BLOCKER = """
import sys
from importlib.abc import MetaPathFinder

BLOCKED = set({blocked!r})

class Blocker(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {{name!r}} (blocked)", name=name)
        return None

sys.meta_path.insert(0, Blocker())
"""


@pytest.mark.slow
def test_the_docs_build_without_the_frameworks(tmp_path: Path) -> None:
    """The site builds with every warning an error while every optional framework
    fails to import (as in an environment with the docs extra only)."""
    pytest.importorskip("sphinx_copybutton")
    blocker = tmp_path / "blocker"
    blocker.mkdir()
    (blocker / "sitecustomize.py").write_text(
        BLOCKER.format(blocked=sorted(optional_imports())), encoding="utf-8"
    )
    environ = dict(os.environ, PYTHONPATH=os.pathsep.join([str(blocker), str(SRC)]))
    check = subprocess.run(
        [sys.executable, "-c", "import gymnasium"], env=environ, capture_output=True, check=False
    )
    assert b"blocked" in check.stderr
    result = subprocess.run(
        [
            sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
            "-d", str(tmp_path / "doctrees"), str(ROOT / "docs"), str(tmp_path / "html"),
        ],
        capture_output=True, text=True, timeout=600, check=False, env=environ,
    )  # fmt: skip
    assert result.returncode == 0, f"the docs build failed:\n{result.stdout}\n{result.stderr}"
    assert (tmp_path / "html" / "write-a-bot.html").exists()


def test_one_page_writes_a_bot_and_the_front_page_links_it() -> None:
    titles = {
        path.name: path.read_text(encoding="utf-8").splitlines()[0]
        for path in (ROOT / "docs").glob("*.md")
    }
    writing = [name for name, title in titles.items() if re.search(r"\bwrit", title, re.I)]
    assert writing == ["write-a-bot.md"]
    assert titles["write-a-bot.md"] == "# Write your own bot"
    assert titles["bots.md"] == "# The built-in bots"
    front = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    for part in ("{doc}`write-a-bot`", "the engine", "the bots", "the arena", "the adapters"):
        assert part in front, part


def test_the_docs_install_extras_from_a_clone() -> None:
    """Only the getting-started page shows the index form of an extra's install."""
    for path in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]:
        text = path.read_text(encoding="utf-8")
        lines = [line for line in text.splitlines() if "install 'threethirteen[" in line]
        if path.name == "getting-started.md":
            assert len(lines) == 1
            assert "pip install '.[plot]'" in text
        else:
            assert lines == [], path.name


def test_margins_are_the_first_bots_lead_everywhere() -> None:
    for path in [
        ROOT / "README.md",
        *(ROOT / "docs").glob("*.md"),
        ROOT / "benchmarks" / "bot_play.py",
    ]:
        text = " ".join(path.read_text(encoding="utf-8").split())
        assert "negative is better" not in text, path.name
        assert "total less the second's" not in text, path.name
    bots_page = " ".join((ROOT / "docs" / "bots.md").read_text(encoding="utf-8").split())
    assert "positive when the search bot did better" in bots_page
    assert "| 24 playouts | +2.2 | +1.7 to +2.7 |" in bots_page


# -- play ---------------------------------------------------------------------------------


def play(*argv: str, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    status = _cli_play.main(list(argv), io.StringIO(stdin), out)
    return status, out.getvalue()


def test_play_speaks_to_the_player() -> None:
    status, out = play(
        "--players", "2", "--bots", "greedy", "--seed", "5", "--ascii", "--rules", "bga",
        stdin="Kc\ns\nd\nKc\nQz\nquit\n",
    )  # fmt: skip
    assert status == 0
    assert (
        "error: draw first: type 's' to draw from the stock, 'd' to take the discard"
        " pile's top card (3s)\n" in out
    )
    assert (
        "error: you have drawn: type a card to discard (9s), 'out 9s' to discard it and"
        " go out\n" in out
    )
    assert "error: you do not hold Kc\n" in out
    assert (
        "error: unknown suit 'z' in 'Qz': type a card to discard (9s), 'out 9s' to"
        " discard it and go out, or 'help'\n" in out
    )
    assert out.count("player 0") == 1  # "you are player 0", once at the start
    sheet = out[out.index("game left in round 1") :].splitlines()
    assert sheet[1:] == [
        "round  wild     you  player 1 (greedy)",
        "total             0                  0",
    ]


def test_personal_messages() -> None:
    assert _cli_play.personal("illegal action 'draw stock': player 1 has drawn already", 1) == (
        "you have drawn already"
    )
    assert _cli_play.personal("player 2 must draw first; player 12 has not", 2) == (
        "you must draw first; player 12 has not"
    )


def test_wild_cards_are_marked_in_the_hand_line() -> None:
    game = tt.Game("pagat", players=2, seed=1)
    assert game.wild == 3
    command = _cli_play.PlayCommand(game, 0, {}, io.StringIO(), io.StringIO(), Style(unicode=False))
    assert command.melded(tt.parse_hand("3c 9d Kh")) == "3c* 9d Kh  (deadwood 22; * wild)"
    assert command.melded(tt.parse_hand("3c 9d 9h")) == "[9d 9h 3c=9c]  (deadwood 0)"
    # a wild card in a meld is written held=identity, even as itself
    assert command.melded(tt.parse_hand("2c 3c 4c")) == "[2c 3c=3c 4c]  (deadwood 0)"


def test_a_last_turn_is_announced() -> None:
    for seed in range(200):
        game = tt.Game("pagat", players=2, seed=seed)
        bot = tt.make_bot("greedy", seed=1)
        while game.round == 1 and not (game.to_move == 0 and game.went_out[1]):
            mover = game.to_move
            assert mover is not None
            game.apply(bot.act(game.view(mover), game.legal_actions()))
        if game.round == 1:
            break
    else:
        pytest.fail("no deal where player 1 goes out first")
    out = io.StringIO()
    command = _cli_play.PlayCommand(
        game, 0, {1: ("greedy", bot)}, io.StringIO("quit\n"), out, Style(unicode=False)
    )
    with pytest.raises(_cli_play._Quit):
        command.person_turn()
    assert out.getvalue().startswith("-- your last turn: player 1 (greedy) went out; round 1,")


def wait_for(path: Path, test: object, seconds: float = 60) -> dict[str, object]:
    """The record in ``path`` once ``test(record)`` holds."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            record = None
        if record is not None and test(record):  # type: ignore[operator]
            return record  # type: ignore[no-any-return]
        time.sleep(0.05)
    raise AssertionError(f"{path} never held the record expected")


def player_actions(record: dict[str, object]) -> list[dict[str, object]]:
    rounds = record["rounds"]
    assert isinstance(rounds, list)
    return [entry for data in rounds for entry in data["actions"] if entry.get("player") == 0]


def test_play_writes_the_record_as_the_game_goes(run: Run, tmp_path: Path) -> None:
    """Killed in the middle of a turn (no chance to write anything at the end), the
    game keeps its record up to the last action; replay reads it."""
    path = tmp_path / "game.json"
    argv = [sys.executable, "-m", "threethirteen", "play", "--seed", "5", "--ascii"]
    environ = dict(os.environ, PYTHONPATH=str(SRC))
    process = subprocess.Popen(
        [*argv, "--bots", "greedy", "--record", str(path)],
        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=environ,
    )  # fmt: skip
    assert process.stdin is not None
    try:
        first = wait_for(path, lambda record: record["rounds"])
        assert player_actions(first) == []
        process.stdin.write(b"s\n")
        process.stdin.flush()
        drew = wait_for(path, lambda record: player_actions(record))
        assert player_actions(drew) == [{"player": 0, "type": "draw", "source": "stock"}]
    finally:
        process.send_signal(signal.SIGKILL)
        process.communicate(timeout=60)  # (closes the pipes)
    game = tt.Game.from_record(drew)
    assert (game.round, game.to_move, game.phase) == (1, 0, "play")
    result = run("replay", str(path), "--ascii")
    assert result.status == 0, result.err
    drawn = next(line for line in result.out.splitlines() if "player 0 (you): draw" in line)
    assert drawn == f"  player 0 (you): draw stock ({game.view(0).stock_draws[0]})"
    assert "(in play)" in result.out


def test_play_reports_an_unwritable_record_before_the_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out = play("--seed", "1", "--record", str(tmp_path / "no" / "game.json"))
    assert (status, out) == (2, "")
    assert capsys.readouterr().err.startswith(
        f"threethirteen: error: cannot write the record to '{tmp_path / 'no' / 'game.json'}':"
    )


# -- replay ------------------------------------------------------------------------------


def test_replay_shows_each_stock_draw_and_every_hand_at_the_end(run: Run, tmp_path: Path) -> None:
    """The card each stock draw took (reshuffles too: random play with a turn limit),
    checked against the engine; every hand at each round's end, whose deadwood is
    the round's score."""
    checked = 0
    for seed in range(3):
        game = tt.Game("pagat", players=3, seed=seed, max_turns=120)
        bots = [tt.make_bot("random", seed=seed), tt.make_bot("greedy"), tt.make_bot("random")]
        drawn: list[str] = []
        while not game.is_over:
            mover = game.to_move
            assert mover is not None
            action = bots[mover].act(game.view(mover), game.legal_actions())
            before = game.hand(mover)
            number = game.round
            game.apply(action)
            if isinstance(action, tt.DrawStock):
                if game.round == number:
                    (card,) = (game.hand(mover) - before).cards
                    drawn.append(str(card))
                else:  # the draw ended the round: the card is not worth finding here
                    drawn.append("?")
        path = tmp_path / f"game{seed}.json"
        path.write_text(json.dumps(game.to_record()), encoding="utf-8")
        result = run("replay", str(path), "--ascii")
        assert result.status == 0, result.err
        shown = re.findall(r"draw stock \((\S+)\)", result.out)
        assert len(shown) == len(drawn)
        assert [a for a, b in zip(shown, drawn, strict=True) if b != "?"] == [
            b for b in drawn if b != "?"
        ]
        record = game.to_record()
        held = re.findall(r"player (\d) held +(.*)", result.out)
        ended = [data for data in record["rounds"] if data["end"] is not None]
        assert len(held) == 3 * len(ended)
        for position, data in enumerate(ended):
            for player in range(3):
                number, text = held[3 * position + player]
                assert int(number) == player
                score = re.search(r"\(deadwood (\d+)\)$", text)
                expected = data["scores"][player] if data["scores"] else 0
                assert (int(score.group(1)) if score else 0) == expected, text
                checked += 1
    assert checked == 3 * 3 * 11


# -- help ---------------------------------------------------------------------------------


def help_texts(run: Run, capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    texts = {name: run(name, "--help").out for name in ("simulate", "play")}
    assert bot_server.main(["--help"]) == 0
    texts["bot"] = capsys.readouterr().out
    return texts


def test_every_help_that_takes_a_bot_lists_every_built_in_bot(
    run: Run, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for command, text in help_texts(run, capsys).items():
        flat = " ".join(text.split())
        for name in tt.BOTS:
            assert re.search(rf"\b{name}\b", flat), (command, name)
    monkeypatch.setitem(tt.BOTS, "newcomer", tt.GreedyBot)
    for command, text in help_texts(run, capsys).items():
        assert "newcomer" in text, command


def test_no_arguments_name_every_command(run: Run) -> None:
    result = run()
    assert result.status == 2
    message = result.err.splitlines()[-1]
    for command in (*cli.COMMANDS, "play", "bot"):
        assert f" {command}" in message, command


# -- simulate --plot ------------------------------------------------------------------------


def no_tournament(*args: object, **kwargs: object) -> None:
    raise AssertionError("a game was played")


def test_simulate_plot_checks_matplotlib_and_the_path_before_the_first_game(
    run: Run, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(cli_simulate, "tournament", no_tournament)
    argv = ("simulate", "--bots", "greedy,random", "--games", "2", "--plot")
    result = run(*argv, str(tmp_path / "missing" / "plot.png"))
    assert (result.status, result.out) == (2, "")
    assert "cannot write the plot to" in result.err
    real_find_spec = cli_simulate.importlib.util.find_spec

    def find_spec(name: str, *args: object) -> object:
        return None if name == "matplotlib" else real_find_spec(name, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(cli_simulate.importlib.util, "find_spec", find_spec)
    result = run(*argv, str(tmp_path / "plot.png"))
    assert (result.status, result.out) == (2, "")
    assert "--plot needs matplotlib" in result.err


def test_simulate_prints_the_table_before_drawing(
    run: Run, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib")

    def fail(results: object) -> None:
        raise ModuleNotFoundError("the drawing failed")

    monkeypatch.setattr(tt.TournamentResults, "plot", fail)
    argv = ("simulate", "--bots", "greedy,random", "--games", "2", "--seed", "1")
    result = run(*argv, "--max-turns", "20", "--plot", str(tmp_path / "plot.png"))
    assert result.status == 2
    assert result.err == "threethirteen: error: the drawing failed\n"
    expected = tt.tournament(["greedy", "random"], games=2, seed=1, max_turns=20)
    assert result.out == expected.table() + "\n"
