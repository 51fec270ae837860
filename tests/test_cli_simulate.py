"""The command line's ``simulate``, ``replay`` and ``play`` (its dispatch): exact
outputs, the JSON and picture written, and the errors."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

import threethirteen as tt
from tests.cli_run import Result, Run
from threethirteen.cli import _play as _cli_play
from threethirteen.cli import main as cli
from threethirteen.cli.main import main

SIMULATE = ["simulate", "--bots", "greedy,random", "--games", "10", "--seed", "1"]
SHORT = ["--max-turns", "20"]

TABLE = tt.tournament(["greedy", "random"], games=10, seed=1, max_turns=20).table() + "\n"
"""What ``simulate`` prints: the library's table of the same tournament (whose
figures tests/test_simulations.py asserts), and a newline."""


def test_simulate_prints_the_table(run: Run) -> None:
    assert run(*SIMULATE, *SHORT) == Result(0, TABLE, "")  # no progress bar off a terminal


@pytest.mark.parametrize("seatings", ["balanced", "rotations"])
def test_simulate_seats_as_told(run: Run, seatings: str) -> None:
    bots = ["greedy", "advisor", "heuristic"]
    table = tt.tournament(bots, games=6, players=3, seed=2, seatings=seatings).table()
    found = run(
        "simulate",
        "--bots",
        ",".join(bots),
        "--games",
        "6",
        "--seed",
        "2",
        *(["--seatings", seatings] if seatings == "rotations" else []),
    )
    assert found == Result(0, table + "\n", "")
    order = "every order" if seatings == "balanced" else "one order"
    assert f"{order} around the table" in found.out.splitlines()[0]


def test_simulate_shows_a_progress_bar_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("tqdm")
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main([*SIMULATE, *SHORT]) == 0
    captured = capsys.readouterr()
    assert captured.out == TABLE
    assert "10/10" in captured.err


def test_simulate_on_processes_prints_the_same(run: Run) -> None:
    assert run(*SIMULATE, *SHORT, "--workers", "2") == Result(0, TABLE, "")


def test_simulate_on_a_dask_scheduler_prints_the_same(run: Run) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        result = run(*SIMULATE, *SHORT, "--scheduler", cluster.scheduler_address)
    assert result == Result(0, TABLE, "")


def test_simulate_json_is_the_librarys(run: Run) -> None:
    result = run(*SIMULATE, *SHORT, "--json")
    assert result.status == 0
    expected = tt.tournament(["greedy", "random"], games=10, seed=1, max_turns=20)
    assert json.loads(result.out) == expected.to_dict()


def test_simulate_options_reach_the_tournament(run: Run) -> None:
    result = run(
        "simulate", "--bots", "greedy,greedy,random", "--players", "2", "--games", "6",
        "--no-duplicate", "--rules", "bga", "--variation", "jokers", "--seed", "4",
        "--max-turns", "6", "--json",
    )  # fmt: skip
    assert result.status == 0, result.err
    expected = tt.tournament(
        ["greedy", "greedy", "random"], games=6, rules="bga", players=2, seed=4,
        duplicate=False, variations=["jokers"], max_turns=6,
    )  # fmt: skip
    assert json.loads(result.out) == expected.to_dict()


def test_simulate_draws_the_plot(run: Run, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    picture = tmp_path / "results.png"
    result = run(*SIMULATE, *SHORT, "--plot", str(picture))
    assert result == Result(0, TABLE, "")
    assert picture.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--games", "9"],
            "with duplicate deals, games is a multiple of the players (2: every deal is"
            " played in each seating), not 9; say 8 or 10",
        ),
        (
            ["--bots", "greedy,best"],
            "--bots: unknown bot 'best': a bot is a built-in name (advisor, expert, greedy,"
            " heuristic, learned, lookahead, random, search), MODULE:OBJECT (a Python bot:"
            " mypkg.mybot:MyBot) or a command (a program that speaks the bot protocol:"
            " 'node mybot.js')",
        ),
        (["--bots", "greedy,,random"], "--bots: a bot's name is missing in 'greedy,,random'"),
        (["--workers", "0"], "--workers is at least 1, not 0"),
        (
            ["--players", "3"],
            "3 players but 2 bots: give a bot more than once to seat it more than once",
        ),
        (["--rules", "gin"], "unknown preset 'gin'; valid: pagat, wikipedia, bga, family"),
    ],
)
def test_simulate_errors(run: Run, argv: list[str], message: str) -> None:
    result = run(*SIMULATE, *argv)
    assert result.status == 2
    assert result.err.splitlines()[-1] == f"threethirteen: error: {message}"


def test_simulate_needs_bots_and_one_place_to_run(run: Run) -> None:
    result = run("simulate", "--games", "2")
    assert result.status == 2
    assert result.err.endswith("error: the following arguments are required: --bots\n")
    result = run(*SIMULATE, "--workers", "2", "--scheduler", "tcp://127.0.0.1:1")
    assert result.status == 2
    assert "not allowed with argument --workers" in result.err


def test_simulate_help(run: Run) -> None:
    result = run("simulate", "--help")
    assert result.status == 0
    assert result.out.startswith("usage: threethirteen simulate --bots NAME,NAME...")
    for option in ("--bots", "--games", "--seed", "--workers", "--scheduler", "--json", "--plot"):
        assert f"  {option}" in result.out


# -- replay ------------------------------------------------------------------------------


@pytest.fixture
def record_file(tmp_path: Path) -> tuple[Path, tt.Game]:
    game = tt.play(["greedy", "greedy"], seed=5, max_turns=6)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.to_record()), encoding="utf-8")
    return path, game


FIRST_ROUNDS = """\
pagat, 2 players, at most 6 turns a round, seed 5

round 1: 3 cards, wild rank 3, player 0 deals
  player 0 dealt  3c 6d 6h
  player 1 dealt  2c Jc 9h
  upcard          Jd
  player 1: draw stock (10d)
  player 1: discard 10d
  player 0: draw stock (Ac)
  player 0: discard Ac out [6d 6h 3c=6c]
  player 1: draw discard (Ac)
  player 1: discard Jc
  ended: a player went out; scores 0 12
  player 0 held   out
  player 1 held   Ac 2c 9h  (deadwood 12)

round 2: 4 cards, wild rank 4, player 1 deals
"""


def test_replay_shows_each_round_then_the_score_sheet(
    run: Run, record_file: tuple[Path, tt.Game]
) -> None:
    path, game = record_file
    result = run("replay", str(path), "--ascii")
    assert result.status == 0
    assert result.err == ""
    assert result.out.startswith(FIRST_ROUNDS)
    assert result.out.endswith("\n\n" + game.score_sheet() + "\n")
    assert len(re.findall(r"^round \d+: ", result.out, flags=re.M)) == 11
    assert "  ended: the turn limit; scores 1 1\n" in result.out
    assert run("replay", "-", "--ascii", stdin=path.read_text()).out == result.out


def test_replay_writes_suit_symbols(run: Run, record_file: tuple[Path, tt.Game]) -> None:
    result = run("replay", str(record_file[0]), "--color", "never")
    assert "  player 0: discard A♣ out [6♦ 6♥ 3♣=6♣]\n" in result.out


def test_replay_of_a_game_in_play(run: Run, tmp_path: Path) -> None:
    game = tt.Game("pagat", 2, seed=5)
    game.apply(tt.DrawStock())
    path = tmp_path / "in-play.json"
    path.write_text(json.dumps(game.to_record()))
    result = run("replay", str(path), "--ascii")
    assert result.status == 0
    assert "  player 1: draw stock (10d)\n  (in play)\n" in result.out


def test_replay_errors(run: Run, tmp_path: Path, record_file: tuple[Path, tt.Game]) -> None:
    missing = tmp_path / "none.json"
    assert run("replay", str(missing)) == Result(
        2, "", f"threethirteen: error: cannot read {str(missing)!r}: No such file or directory\n"
    )
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    result = run("replay", str(broken))
    assert result.status == 2
    assert result.err.startswith(f"threethirteen: error: {str(broken)!r} is not JSON: ")
    listed = tmp_path / "list.json"
    listed.write_text("[]")
    assert run("replay", str(listed)).err == (
        "threethirteen: error: a game record is a JSON object, not list\n"
    )
    record = json.loads(record_file[0].read_text())
    record["rounds"][0]["scores"] = [0, 13]
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(record))
    assert run("replay", str(tampered)).err == (
        "threethirteen: error: round record 0 (round 1): the record's scores is [0, 13],"
        " the game's [0, 12]\n"
    )
    result = run("replay", str(record_file[0]), "--rules", "bga")
    assert result.status == 2
    assert result.err.endswith("threethirteen: error: --rules does not apply to 'replay'\n")


# -- play ----------------------------------------------------------------------------------


def test_play_runs_its_own_module_with_the_words_after_it(
    run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[list[str]] = []

    def fake_main(argv: Sequence[str]) -> int:
        calls.append(list(argv))
        return 7

    monkeypatch.setattr(_cli_play, "main", fake_main)
    assert run("play", "--rules", "bga", "9s").status == 7
    assert calls == [["--rules", "bga", "9s"]]


def help_options(run: Run, *command: str) -> list[str]:
    """Every long option the help of ``command`` lists (but ``--help``)."""
    result = run(*command, "--help")
    assert result.status == 0
    options = result.out.partition("\noptions:\n")[2]
    found = re.findall(r"^  (?:-\w, )?(--[\w-]+)", options, flags=re.MULTILINE)
    return [option for option in found if option != "--help"]


def test_the_simulate_usage_line_lists_every_option(run: Run) -> None:
    options = help_options(run, "simulate")
    assert len(options) == 23
    for option in ("--max-turns", "--no-duplicate", "--seatings", "--alpha", "--beta"):
        assert option in options
    usage = cli.SIMULATE_USAGE
    optional = [option for option in options if re.search(rf"(?:\[|\| ){option}\b", usage)]
    assert sorted(set(options) - set(optional)) == ["--bots"]  # required: not in brackets
    assert usage.startswith("threethirteen simulate --bots NAME,NAME... ")
    result = run("simulate", "--help")
    assert result.out.startswith("usage: " + usage + "\n")
    assert "       " + usage in cli.USAGE  # the command's own usage, as the top one lists it
