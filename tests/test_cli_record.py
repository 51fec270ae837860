"""``play --record`` and ``replay``: the record names the players and replay uses the
names, the file gets the usual mode, a draw from the discard pile shows the card it
took; the record's optional ``"names"`` is checked, and old records still read."""

from __future__ import annotations

import io
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import threethirteen as tt
from tests.cli_run import Run
from threethirteen.cli import _play as _cli_play
from threethirteen.engine.records import MAX_NAME_LENGTH, record_names

ROOT = Path(__file__).resolve().parent.parent
SESSION = "s\nout Ac\nd\nquit\n"
"""What the person types: a draw, going out, a draw from the discard pile, quit."""


def play(*argv: str, stdin: str = SESSION) -> tuple[int, str]:
    out = io.StringIO()
    status = _cli_play.main(list(argv), io.StringIO(stdin), out)
    return status, out.getvalue()


@pytest.fixture
def umask_022() -> Iterator[None]:
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def test_play_records_the_players_names_and_replay_uses_them(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    status, _ = play("--bots", "greedy", "--seed", "5", "--ascii", "--record", str(path))
    assert status == 0
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["names"] == ["you", "greedy"]
    assert record_names(record) == ["you", "greedy"]
    result = run("replay", str(path), "--ascii")
    assert (result.status, result.err) == (0, "")
    assert result.out.split("\n\n")[1] == (
        "round 1: 3 cards, wild rank 3, player 0 (you) deals\n"
        "  player 0 (you) dealt     3c 6d 6h\n"
        "  player 1 (greedy) dealt  2c Jc 9h\n"
        "  upcard                   Jd\n"
        "  player 1 (greedy): draw stock (10d)\n"
        "  player 1 (greedy): discard 10d\n"
        "  player 0 (you): draw stock (Ac)\n"
        "  player 0 (you): discard Ac out [6d 6h 3c=6c]\n"
        "  player 1 (greedy): draw discard (Ac)\n"
        "  player 1 (greedy): discard Jc\n"
        "  ended: a player went out; scores 0 12\n"
        "  player 0 (you) held      out\n"
        "  player 1 (greedy) held   Ac 2c 9h  (deadwood 12)"
    )
    assert "  player 0 (you): draw discard (6s)\n  (in play)\n" in result.out
    assert result.out.endswith(
        "round  wild  player 0 (you)  player 1 (greedy)\n"
        "    1     3               0                 12\n"
        "total                     0                 12\n"
    )


def test_a_record_without_names_still_replays(run: Run, tmp_path: Path) -> None:
    game = tt.play(["greedy", "greedy"], seed=5, max_turns=6)
    record = game.to_record()
    assert "names" not in record
    path = tmp_path / "old.json"
    path.write_text(json.dumps(record))
    result = run("replay", str(path), "--ascii")
    assert result.status == 0
    assert "  player 1: draw discard (Ac)\n" in result.out
    assert result.out.endswith("\n\n" + game.score_sheet() + "\n")
    assert tt.Game.from_record(record).totals == game.totals
    assert record_names(record) is None


@pytest.mark.usefixtures("umask_022")
def test_the_record_file_gets_the_usual_mode(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    assert play("--seed", "1", "--record", str(path), stdin="quit\n")[0] == 0
    assert path.stat().st_mode & 0o777 == 0o644
    assert sorted(item.name for item in tmp_path.iterdir()) == ["game.json"]  # no temporary
    path.chmod(0o600)  # a file already there is replaced (atomically) by a new one
    assert play("--seed", "1", "--record", str(path), stdin="quit\n")[0] == 0
    assert path.stat().st_mode & 0o777 == 0o644
    assert sorted(item.name for item in tmp_path.iterdir()) == ["game.json"]


def piles_taken(game: tt.Game, seed: int) -> list[tuple[int, str]]:
    """Random play to the end, never going out (so the stock runs out and is
    reshuffled); the card each draw from a discard pile took (the player and the card),
    as the engine saw it."""
    rng = np.random.default_rng(seed)
    taken = []
    while not game.is_over:
        legal = [
            action
            for action in game.legal_actions()
            if not (isinstance(action, tt.DiscardCard) and action.go_out)
        ] or game.legal_actions()
        draws = [action for action in legal if isinstance(action, tt.DrawDiscard)]
        if draws and rng.random() < 0.2:
            action: tt.Action = draws[int(rng.integers(len(draws)))]
        elif tt.DrawStock() in legal:
            action = tt.DrawStock()
        else:
            action = legal[int(rng.integers(len(legal)))]
        if isinstance(action, tt.DrawDiscard):
            mover = game.to_move
            assert mover is not None
            taken.append((mover, str(game.piles[action.pile or 0][-1])))
        game.apply(action)
    return taken


@pytest.mark.parametrize(
    ("rules", "players", "variations"),
    [
        ("pagat", 2, []),
        ("pagat", 3, ["separate-discards"]),
        ("bga", 4, ["separate-discards", "joker-discards"]),
        ("family", 3, []),
    ],
)
def test_replay_shows_the_card_each_draw_from_a_pile_took(
    run: Run, tmp_path: Path, rules: str, players: int, variations: list[str]
) -> None:
    """Against the engine, under one pile or a pile each, reshuffles included (random
    play with a turn limit runs the stock out)."""
    game = tt.Game(rules, players, seed=3, variations=variations, max_turns=150)
    taken = piles_taken(game, seed=4)
    record = game.to_record()
    assert any(
        entry["type"] == "reshuffle" for data in record["rounds"] for entry in data["actions"]
    )
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    result = run("replay", str(path), "--ascii")
    assert result.status == 0, result.err
    shown = re.findall(r"^  player (\d+): draw discard(?: \d+)? \((\S+)\)$", result.out, re.M)
    assert [(int(player), card) for player, card in shown] == taken
    assert "draw discard\n" not in result.out  # every such draw shows its card


def test_the_replay_on_the_docs_page_is_what_replay_prints(run: Run, tmp_path: Path) -> None:
    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    section = page.partition("## A recorded game: `replay`")[2]
    shown = section.split("--ascii` begins\n\n```text\n")[1].partition("```")[0]
    game = tt.play(["greedy", "greedy"], seed=5, max_turns=6)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.to_record()))
    result = run("replay", str(path), "--ascii")
    assert result.out.startswith(shown)


def named(names: Any) -> dict[str, Any]:
    record = tt.Game("pagat", 2, seed=1).to_record()
    record["names"] = names
    return record


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (["you"], "names: expected a name for each of 2 players, not 1"),
        (["you", "greedy", "random"], "names: expected a name for each of 2 players, not 3"),
        (["you", 7], "names[1]: expected a string of at most 100 characters, not 7"),
        ("you, greedy", "names: expected a list, not 'you, greedy'"),
        (
            ["you", "x" * (MAX_NAME_LENGTH + 1)],
            f"names[1]: expected a string of at most {MAX_NAME_LENGTH} characters, not 'xxxxx",
        ),
        (None, "names: expected a list, not None"),
    ],
)
def test_names_that_are_not_one_a_seat_are_refused(
    run: Run, tmp_path: Path, names: Any, message: str
) -> None:
    with pytest.raises(tt.InvalidRecordError) as raised:
        tt.Game.from_record(named(names))
    assert str(raised.value).startswith(message)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(named(names)))
    result = run("replay", str(path))
    assert result.status == 2
    assert result.err.startswith(f"threethirteen: error: {message}")


def test_names_are_printed_escaped(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(named(["you", "evil\x1b[2J"])))
    result = run("replay", str(path), "--ascii")
    assert result.status == 0
    assert "\x1b" not in result.out
    assert "  player 1 (evil\\x1b[2J) dealt" in result.out


def test_the_schema_takes_names() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(tt.engine.records.schema())
    assert list(validator.iter_errors(named(["you", "greedy"]))) == []
    assert list(validator.iter_errors(named(["you", 7])))
    assert list(validator.iter_errors(named(["you", "x" * (MAX_NAME_LENGTH + 1)])))


def test_replay_of_a_games_file_names_the_bots(run: Run, tmp_path: Path) -> None:
    """A tournament's games file keeps each game's bots: replay --game N names them."""
    path = tmp_path / "games.jsonl"
    result = run(
        "simulate", "--bots", "greedy,random", "--games", "2", "--seed", "1",
        "--max-turns", "10", "--records", str(path),
    )  # fmt: skip
    assert result.status == 0, result.err
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert sorted(tuple(line["bots"]) for line in lines) == [
        ("greedy", "random"),
        ("random", "greedy"),
    ]
    for line in lines:
        assert "names" not in line["record"]  # the file is as the arena wrote it
        shown = run("replay", str(path), "--game", str(line["index"]), "--ascii")
        assert shown.status == 0, shown.err
        labels = [f"player {seat} ({bot})" for seat, bot in enumerate(line["bots"])]
        dealt = [row.split("  ")[1] for row in shown.out.splitlines()[3:5]]
        assert dealt == [f"{label} dealt" for label in labels]
        header = next(row for row in shown.out.splitlines() if row.startswith("round  wild"))
        assert header.split("  ")[2:] == labels
