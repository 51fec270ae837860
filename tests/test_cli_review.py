"""``threethirteen review``: a record, a games file (one game, or every game with a
summary per bot) or standard input reviewed at the quick level (exact, fast), the
printed lines asserted; ``--json``, ``--plot`` and the errors.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

import threethirteen as tt
from tests.cli_run import Run
from tests.scripting import scripted
from threethirteen.cli import review as cli_review
from threethirteen.review.report import accuracy as report_accuracy

# Round 1 of pagat (3 cards, 3s wild): player 1 holds 7h 8h Kd, draws the 9h and
# throws the 7h, when discarding the Kd went out; player 0 draws the Ac, throws the Jc.
ACTIONS = ["draw stock", "discard 7h", "draw stock", "discard Jc"]

MISSED = """\
pagat, 2 players, no seed; review quick (the lookahead's exact values)

round 1: 3 cards, wild rank 3
  player 1, action 2: blunder, 45 points
    hand:  Kd 7h 8h 9h
    took:  discard 7h
    best:  discard Kd out
    You could have gone out with 7h 8h 9h by discarding Kd (about 45 points).
"""

SUMMARIES = """
player 0: 2 decisions, 0.0 points given up, accuracy 100.0
  labels:    0 inaccuracies, 0 mistakes, 0 blunders
  by round:  0.0

player 1: 2 decisions, 45 points given up, accuracy 0.0
  labels:    0 inaccuracies, 0 mistakes, 1 blunder
  by round:  45.3
  costliest 1: round 1, discard 7h (45 points; best discard Kd out)
"""


def missed_record(names: list[str] | None = None) -> dict[str, object]:
    game = scripted("pagat", 2, (), ["4c 5d Jc", "7h 8h Kd"], "2c", "9h", actions=ACTIONS)
    record = game.to_record()
    if names is not None:
        record["names"] = names
    return record


def write(path: Path, record: object) -> str:
    path.write_text(json.dumps(record), encoding="utf-8")
    return str(path)


def test_a_going_out_missed_is_shown_with_its_words(run: Run, tmp_path: Path) -> None:
    path = write(tmp_path / "game.json", missed_record())
    result = run("review", path, "--quick", "--ascii")
    assert (result.status, result.err) == (0, "")
    assert result.out == MISSED + SUMMARIES


def test_standard_input_and_one_player_by_name(run: Run) -> None:
    text = json.dumps(missed_record(["ann", "bob"]))
    result = run("review", "-", "--quick", "--ascii", "--player", "bob", stdin=text)
    assert result.status == 0
    assert "  player 1 (bob), action 2: blunder, 45 points\n" in result.out
    assert "player 0 (ann):" not in result.out
    assert result.out.endswith(
        "player 1 (bob): 2 decisions, 45 points given up, accuracy 0.0\n"
        "  labels:    0 inaccuracies, 0 mistakes, 1 blunder\n"
        "  by round:  45.3\n"
        "  costliest 1: round 1, discard 7h (45 points; best discard Kd out)\n"
    )
    by_seat = run("review", "-", "--quick", "--ascii", "--player", "1", stdin=text)
    assert by_seat.out == result.out


def test_json_is_the_review(run: Run, tmp_path: Path) -> None:
    path = write(tmp_path / "game.json", missed_record())
    result = run("review", path, "--quick", "--json")
    assert result.status == 0
    data = json.loads(result.out)
    review = tt.review(missed_record(), level="quick")
    assert data["decisions"][1]["words"] == (
        "You could have gone out with 7h 8h 9h by discarding Kd (about 45 points)."
    )
    assert [item["action"] for item in data["decisions"]] == ACTIONS
    assert [item["loss"] for item in data["decisions"]] == [d.loss for d in review.decisions]
    assert data["decisions"][1]["facts"]["could_go_out"] == ["7h 8h 9h"]
    assert data["decisions"][1]["facts"]["broke_meld"] is True


def games_file(run: Run, tmp_path: Path) -> str:
    path = tmp_path / "games.jsonl"
    argv = ["--bots", "greedy,random", "--games", "2", "--seed", "1", "--max-turns", "4"]
    assert run("simulate", *argv, "--records", str(path)).status == 0
    return str(path)


def test_every_game_of_a_games_file_with_a_summary_per_bot(run: Run, tmp_path: Path) -> None:
    path = games_file(run, tmp_path)
    result = run("review", path, "--quick", "--ascii")
    assert result.status == 0
    assert result.out.startswith("game 0: pagat, 2 players, seed ")
    assert "\ngame 1: pagat, 2 players, seed " in result.out
    table = result.out.split("by bot (the least points given up a decision first):\n")[1]
    header, *rows = table.splitlines()
    assert header.split() == [
        "bot", "games", "decisions", "given", "up", "a", "decision", "accuracy",
        "inaccuracies", "mistakes", "blunders",
    ]  # fmt: skip
    data = json.loads(run("review", path, "--quick", "--json").out)
    bots = {entry["bot"]: entry for entry in data["bots"]}
    assert [row.split()[0] for row in rows] == [entry["bot"] for entry in data["bots"]]
    for row in rows:
        name, games, decisions, loss, mean, accuracy, *labels = row.split()
        entry = bots[name]
        assert (int(games), int(decisions)) == (2, entry["decisions"])
        assert (float(loss), float(mean)) == (round(entry["loss"], 1), round(entry["mean_loss"], 2))
        assert float(accuracy) == entry["accuracy"] == report_accuracy(entry["mean_loss"])
        assert [int(n) for n in labels] == [entry["inaccuracy"], entry["mistake"], entry["blunder"]]
    # The per-bot sums are the games' summaries added up.
    for name, entry in bots.items():
        total = sum(
            summary["loss"]
            for game in data["games"]
            for summary in game["review"]["summaries"]
            if game["bots"][summary["player"]] == name
        )
        assert entry["loss"] == pytest.approx(total)
    one = run("review", path, "--quick", "--ascii", "--game", "1")
    assert one.out.startswith("game 1: pagat")
    assert "by bot" not in one.out
    only = run("review", path, "--quick", "--ascii", "--player", "random")
    assert "player 0 (greedy):" not in only.out
    assert "player 1 (greedy):" not in only.out
    assert only.out.split("first):\n")[1].splitlines()[1].split()[0] == "random"


@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None, reason="needs matplotlib")
def test_the_plot_is_drawn(run: Run, tmp_path: Path) -> None:
    path = write(tmp_path / "game.json", missed_record())
    picture = tmp_path / "curve.png"
    result = run("review", path, "--quick", "--ascii", "--plot", str(picture))
    assert result.status == 0
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_plot_without_matplotlib_is_a_clear_error(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path / "game.json", missed_record())
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *args: None if name == "matplotlib" else real(name, *args),
    )
    result = run("review", path, "--quick", "--plot", str(tmp_path / "curve.png"))
    assert (result.status, result.out) == (2, "")
    assert result.err == (
        "threethirteen: error: --plot needs matplotlib: pip install 'threethirteen[plot]'\n"
    )


def test_errors(run: Run, tmp_path: Path) -> None:
    path = write(tmp_path / "game.json", missed_record(["ann", "bob"]))
    no_file = run("review", str(tmp_path / "none.json"), "--quick")
    assert no_file.status == 2
    assert no_file.err.endswith("none.json': No such file or directory\n")
    seat = run("review", path, "--quick", "--player", "2")
    assert (seat.status, seat.err.splitlines()[-1]) == (
        2,
        "threethirteen: error: --player 2: the game has seats 0 to 1",
    )
    name = run("review", path, "--quick", "--player", "carl")
    assert name.err.splitlines()[-1] == (
        "threethirteen: error: --player 'carl': no such player (seats 0 to 1; names: ann, bob)"
    )
    deals = run("review", path, "--quick", "--deals", "8")
    assert deals.err.splitlines()[-1] == (
        "threethirteen: error: --deals goes with the full level, not --quick"
    )
    bad = run("review", "-", "--quick", stdin="{not json")
    assert bad.status == 2
    assert bad.err.startswith("threethirteen: error: ")
    empty = run("review", "-", "--quick", stdin="\n\n")
    assert empty.err == "threethirteen: error: '-' holds no game\n"


def test_a_games_file_reviewed_whole_draws_no_plot(run: Run, tmp_path: Path) -> None:
    path = games_file(run, tmp_path)
    result = run("review", path, "--quick", "--plot", str(tmp_path / "curve.png"))
    assert result.status == 2
    assert result.err.splitlines()[-1] == (
        "threethirteen: error: --plot draws one game: choose it with --game N"
    )


def test_the_full_level_with_few_deals(run: Run, tmp_path: Path) -> None:
    path = write(tmp_path / "game.json", missed_record())
    result = run("review", path, "--deals", "8", "--ascii", "--seed", "3")
    assert result.status == 0
    assert result.out.startswith(
        "pagat, 2 players, no seed; review full (8 deals a decision, seed 3, playouts)\n"
    )
    assert "    You could have gone out with 7h 8h 9h by discarding Kd (about " in result.out


def test_the_reviewed_record_replays_with_the_words(run: Run, tmp_path: Path) -> None:
    path = write(tmp_path / "game.json", missed_record())
    reviewed = tmp_path / "reviewed.json"
    assert run("review", path, "--quick", "--record", str(reviewed)).status == 0
    record = json.loads(reviewed.read_text(encoding="utf-8"))
    assert record["version"] == 2
    assert record["analysis"]["decisions"][1]["words"] == (
        "You could have gone out with 7h 8h 9h by discarding Kd (about 45 points)."
    )
    shown = run("replay", str(reviewed), "--ascii")
    assert shown.status == 0
    assert (
        "  player 1: draw stock (9h)\n"
        "  player 1: discard 7h\n"
        "    You could have gone out with 7h 8h 9h by discarding Kd (about 45 points).\n"
        "  player 0: draw stock (Ac)\n"
    ) in shown.out
    plain = run("replay", path, "--ascii")
    assert plain.out == shown.out.replace(
        "    You could have gone out with 7h 8h 9h by discarding Kd (about 45 points).\n", ""
    )
    many = run("review", games_file(run, tmp_path), "--quick", "--record", str(reviewed))
    assert many.err.splitlines()[-1] == (
        "threethirteen: error: --record writes one game: choose it with --game N"
    )


ROOT = Path(__file__).resolve().parent.parent


def test_the_session_in_the_docs(run: Run, tmp_path: Path) -> None:
    """docs/review.md's command prints what the page shows (the page elides the
    rounds between the second and the summary with '...')."""
    page = (ROOT / "docs" / "review.md").read_text(encoding="utf-8")
    block = page.split("```text\n$ threethirteen review ")[1].partition("```")[0]
    command, _, shown = block.partition("\n")
    head, _, tail = shown.partition("...\n")
    game = tt.play(["advisor", "random"], seed=4)
    path = write(tmp_path / "game.json", {**game.to_record(), "names": ["advisor", "random"]})
    argv = command.split()
    assert argv[0] == "game.json"
    result = run("review", path, *argv[1:])
    assert result.status == 0
    assert result.out.startswith(head)
    assert result.out.endswith(tail)


def test_input_is_read_bounded_and_checked(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pretty = tmp_path / "pretty.json"
    pretty.write_text(json.dumps(missed_record(), indent=2), encoding="utf-8")
    assert run("review", str(pretty), "--quick", "--ascii").out == MISSED + SUMMARIES
    monkeypatch.setattr(cli_review, "MAX_RECORD_BYTES", 100)
    big = run("review", str(pretty), "--quick")
    assert (
        big.err
        == f"threethirteen: error: cannot read {str(pretty)!r}: a record is at most 100 bytes\n"
    )
    monkeypatch.undo()
    path = Path(games_file(run, tmp_path))
    lines = path.read_bytes().splitlines(keepends=True)
    broken = tmp_path / "broken.jsonl"
    broken.write_bytes(lines[0] + b"\xff\xfe\n")
    result = run("review", str(broken), "--quick")
    assert result.err == "threethirteen: error: broken.jsonl, line 2: not UTF-8 text\n"
    broken.write_bytes(lines[0] + b'{"format": "threethirteen-tournament-game"}\n')
    result = run("review", str(broken), "--quick")
    assert result.status == 2
    assert result.err.startswith("threethirteen: error: broken.jsonl, line 2: ")
    monkeypatch.setattr(cli_review, "MAX_GAMES", 1)
    many = run("review", str(path), "--quick")
    assert (
        many.err
        == f"threethirteen: error: cannot review {str(path)!r}: it holds more games than MAX_GAMES (1)\n"
    )
