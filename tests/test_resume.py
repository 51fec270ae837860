"""A resumed tournament cannot change its results: a games file cut anywhere resumes
to the results of a run never stopped, and a line that does not agree with itself,
with the tournament or with its own record is refused, the whole file with it,
naming the file, the line and what is wrong (issue 38, case by case)."""

from __future__ import annotations

import json
import random
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import threethirteen as tt
from tests.cli_run import Run
from tests.conftest import examples

BOTS = ["greedy", "random"]
RUN: dict[str, Any] = {"seed": 7, "max_turns": 20}  # short rounds: fast games

Line = dict[str, Any]


def breaks_in_round_two(view: tt.PlayerView, legal: Sequence[tt.Action]) -> tt.Action:
    """A bot that raises in round 2: it forfeits every game."""
    if view.round == 2:
        raise ZeroDivisionError("division by zero")
    return tt.GreedyBot().act(view, legal)


@pytest.fixture(scope="module")
def whole() -> tt.TournamentResults:
    """The run never stopped: 8 games."""
    return tt.tournament(BOTS, games=8, keep_games=True, **RUN)


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The games file of the first 4 games of that run."""
    path = tmp_path_factory.mktemp("saved") / "games.jsonl"
    tt.tournament(BOTS, games=4, save_games=path, **RUN)
    return path.read_bytes()


def _lines(saved: bytes) -> list[Line]:
    return [json.loads(line) for line in saved.decode().splitlines()]


def _resume(path: Path, games: int = 8, **options: Any) -> tt.TournamentResults:
    return tt.tournament(
        BOTS, games=games, save_games=path, resume=True, keep_games=True, **RUN, **options
    )


def _refused(tmp_path: Path, saved: bytes, edit: Callable[[list[Line]], object]) -> str:
    """The message that refuses the games file ``saved`` edited by ``edit``; the file
    is left as it was."""
    lines = _lines(saved)
    edit(lines)
    path = tmp_path / "games.jsonl"
    text = "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(tt.InvalidRecordError) as caught:
        _resume(path)
    assert path.read_text(encoding="utf-8") == text  # refused: nothing appended or cut
    return str(caught.value)


# -- case 1: a file cut in its first line -------------------------------------------------


def test_a_file_cut_in_its_first_line_resumes_to_the_whole_run(
    tmp_path: Path, saved: bytes, whole: tt.TournamentResults
) -> None:
    path = tmp_path / "games.jsonl"
    path.write_bytes(saved[:50])  # the run stopped while writing its first game
    assert _resume(path) == whole
    assert len(path.read_text(encoding="utf-8").splitlines()) == 8  # the cut line dropped
    assert _resume(path) == whole  # and resumed again: nothing left to play


def test_a_cut_last_line_is_dropped(
    tmp_path: Path, saved: bytes, whole: tt.TournamentResults
) -> None:
    path = tmp_path / "games.jsonl"
    last = saved.rstrip(b"\n").rfind(b"\n") + 1
    path.write_bytes(saved[: last + 100])
    assert _resume(path) == whole
    assert path.read_bytes().startswith(saved[:last])
    assert len(path.read_text(encoding="utf-8").splitlines()) == 8


@settings(max_examples=examples(12))
@given(st.data())
def test_a_file_cut_at_any_byte_resumes_to_the_whole_run(
    short: tuple[bytes, tt.TournamentResults], data: st.DataObject
) -> None:
    text, run = short
    cut = data.draw(st.integers(0, len(text)), label="cut")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.jsonl"
        path.write_bytes(text[:cut])
        assert _resume(path, games=2) == run
        assert path.read_bytes() == text  # the games played again, written again


@pytest.fixture(scope="module")
def short(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, tt.TournamentResults]:
    """A two-game run's games file and results."""
    path = tmp_path_factory.mktemp("short") / "games.jsonl"
    results = tt.tournament(BOTS, games=2, save_games=path, keep_games=True, **RUN)
    return path.read_bytes(), results


# -- case 2: fields out of the tournament's ranges --------------------------------------


def test_twelve_round_scores_are_refused(tmp_path: Path, saved: bytes) -> None:
    message = _refused(tmp_path, saved, lambda lines: lines[0]["round_scores"].append([0, 0]))
    assert message == "games.jsonl, line 1: round_scores: 12 rounds, where the rules play 11"


def test_a_forfeit_seat_beyond_the_table_is_refused(tmp_path: Path, saved: bytes) -> None:
    fault = {
        "bot": "greedy",
        "seat": 5,
        "game": 0,
        "round": 1,
        "turn": 1,
        "kind": "error",
        "error_type": "ZeroDivisionError",
        "error_message": "division by zero",
        "message": "bot 'greedy' in seat 5, game 0, round 1, turn 1: raised ZeroDivisionError",
    }

    def forfeit(lines: list[Line]) -> None:
        lines[0]["forfeit"] = fault

    message = _refused(tmp_path, saved, forfeit)
    assert message == "games.jsonl, line 1: a fault's seat 5 is not one of the game's 2 seats"


# -- case 3: lines that do not agree with themselves, the tournament or their record ---------


def test_totals_that_are_not_the_sums_are_refused(tmp_path: Path, saved: bytes) -> None:
    def lower(lines: list[Line]) -> None:
        lines[0]["totals"][0] -= 25  # (greedy's mean total would move by 25 / 8)

    assert _refused(tmp_path, saved, lower) == (
        "games.jsonl, line 1: a game's totals [6, 411] are not the sums of its round scores"
        " [31, 411]"
    )


def test_edited_scores_are_refused(tmp_path: Path, saved: bytes) -> None:
    def edit(lines: list[Line]) -> None:  # the round and the total, so the line adds up
        lines[0]["round_scores"][1][0] += 5
        lines[0]["totals"][0] += 5

    assert _refused(tmp_path, saved, edit) == (
        "games.jsonl, line 1: round_scores are not those its record replays to,"
        " [[0, 0], [0, 32], [10, 47], [0, 31], [18, 33], [0, 55], ...] (totals [31, 411])"
    )


def test_edited_winners_are_refused(tmp_path: Path, saved: bytes) -> None:
    def edit(lines: list[Line]) -> None:
        lines[0]["winners"] = [1]

    assert _refused(tmp_path, saved, edit) == (
        "games.jsonl, line 1: a game's winners [1] are not the seats with the lowest total [0]"
        " (totals [31, 411])"
    )


def test_a_relabelled_index_is_refused(tmp_path: Path, saved: bytes) -> None:
    def edit(lines: list[Line]) -> None:
        lines[3]["index"] = 5  # game 3 claims to be game 5 (same seats, another deal)

    seeds = [tt.game_seed(7, index, players=2) for index in (5, 3)]
    assert _refused(tmp_path, saved, edit) == (
        f"games.jsonl, line 4: the seed is not game 5's (the tournament's seed gives"
        f" {seeds[0]}, not {seeds[1]})"
    )


def test_swapped_bots_are_refused(tmp_path: Path, saved: bytes) -> None:
    def edit(lines: list[Line]) -> None:
        lines[0]["bots"].reverse()

    assert _refused(tmp_path, saved, edit) == (
        "games.jsonl, line 1: bots ['random', 'greedy'] are not game 0's ['greedy', 'random']"
    )


def test_another_games_record_is_refused(tmp_path: Path, saved: bytes) -> None:
    def same_deal(lines: list[Line]) -> None:
        lines[0]["record"] = lines[1]["record"]  # game 1: the same deal, seats swapped

    assert _refused(tmp_path, saved, same_deal) == (
        "games.jsonl, line 1: round_scores are not those its record replays to,"
        " [[0, 0], [0, 2], [39, 1], [24, 0], [42, 0], [25, 3], ...] (totals [358, 13])"
    )

    def other_deal(lines: list[Line]) -> None:
        lines[0]["record"] = lines[2]["record"]

    message = _refused(tmp_path, saved, other_deal)
    assert message == "games.jsonl, line 1: the record's seed is not the game's"


def test_a_game_twice_is_refused(tmp_path: Path, saved: bytes) -> None:
    def edit(lines: list[Line]) -> None:
        lines[2] = lines[1]

    assert _refused(tmp_path, saved, edit) == "games.jsonl, line 3: game 1 again (line 2 holds it)"


def test_a_record_of_the_wrong_rules_is_refused(tmp_path: Path, saved: bytes) -> None:
    def edit(lines: list[Line]) -> None:
        lines[0]["record"]["rules"]["max_turns"] = 30

    assert _refused(tmp_path, saved, edit) == (
        "games.jsonl, line 1: the record's rules {'max_turns': 30, 'players': 2,"
        " 'preset': 'pagat', 'variations': []} are not the tournament's"
    )


# -- forfeits --------------------------------------------------------------------------------


def test_a_resumed_run_with_forfeits_equals_one_never_stopped(tmp_path: Path) -> None:
    bots = ["greedy", breaks_in_round_two]
    whole = tt.tournament(bots, games=4, seed=3, max_turns=20, keep_games=True)
    assert whole.faults == {"greedy": 0, "breaks_in_round_two": 4}
    path = tmp_path / "games.jsonl"
    tt.tournament(bots, games=2, seed=3, max_turns=20, save_games=path)
    text = path.read_text(encoding="utf-8")
    resumed = tt.tournament(
        bots, games=4, seed=3, max_turns=20, save_games=path, resume=True, keep_games=True
    )
    assert resumed == whole
    lines = [json.loads(line) for line in text.splitlines()]
    fault = lines[0]["forfeit"]
    assert (fault["seat"], fault["round"]) == (1, 2)
    fault["turn"] += 1  # the fault moved a turn on: not where its record stops
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    with pytest.raises(tt.InvalidRecordError) as caught:
        tt.tournament(bots, games=4, seed=3, max_turns=20, save_games=path, resume=True)
    turn = fault["turn"]
    assert str(caught.value) == (
        f"games.jsonl, line 1: the fault's round 2, turn {turn} is not where the record"
        f" stops (round 2, turn {turn - 1})"
    )


def test_a_forfeit_blamed_on_the_other_seat_is_refused(tmp_path: Path) -> None:
    bots = ["greedy", breaks_in_round_two]
    path = tmp_path / "games.jsonl"
    tt.tournament(bots, games=2, seed=3, max_turns=20, save_games=path)
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    lines[0]["forfeit"]["seat"] = 0  # the fault moved to greedy's seat, its bot not
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    with pytest.raises(tt.InvalidRecordError) as caught:
        tt.tournament(bots, games=4, seed=3, max_turns=20, save_games=path, resume=True)
    assert str(caught.value) == (
        "games.jsonl, line 1: a fault's bot 'breaks_in_round_two' is not 'greedy', the bot in"
        " seat 0"
    )


# -- indices past the tournament's games, and the full check ---------------------------------


def test_games_past_the_tournaments_are_checked_and_left_out(tmp_path: Path, saved: bytes) -> None:
    path = tmp_path / "games.jsonl"
    path.write_bytes(saved)
    fewer = tt.tournament(BOTS, games=2, keep_games=True, **RUN)
    assert _resume(path, games=2) == fewer
    assert path.read_bytes() == saved  # kept for a longer run resumed later
    lines = _lines(saved)
    lines[3]["bots"].reverse()
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    with pytest.raises(tt.InvalidRecordError, match=r"^games.jsonl, line 4: bots \['greedy'"):
        _resume(path, games=2)


def unseeded(view: tt.PlayerView, legal: Sequence[tt.Action]) -> tt.Action:
    """A bot that draws on a randomness no seed gives: it plays another game each time."""
    return random.choice(legal)


def test_verify_plays_the_games_again(
    tmp_path: Path, saved: bytes, whole: tt.TournamentResults
) -> None:
    path = tmp_path / "games.jsonl"
    path.write_bytes(saved)
    assert _resume(path, verify=True) == whole
    bots = ["greedy", unseeded]
    path = tmp_path / "unseeded.jsonl"
    tt.tournament(bots, games=2, save_games=path, **RUN)
    assert tt.tournament(bots, games=2, save_games=path, resume=True, **RUN).game_count == 2
    with pytest.raises(
        tt.InvalidRecordError,
        match=r"^unseeded.jsonl, line 1: game 0 played again gives another [a-z_, ]*record"
        r" \(an edited line, or bots that do not play the same game from the same seed\)$",
    ):
        tt.tournament(bots, games=2, save_games=path, resume=True, verify=True, **RUN)
    with pytest.raises(tt.GameError, match=r"^verify plays again the games resume goes on with"):
        tt.tournament(BOTS, games=2, verify=True, **RUN)


def test_a_line_without_its_record_is_refused(tmp_path: Path, saved: bytes) -> None:
    def edit(lines: list[Line]) -> None:  # (its scores could then say anything)
        del lines[0]["record"]

    assert _refused(tmp_path, saved, edit) == (
        "games.jsonl, line 1: no record (the arena writes each game's, and resume replays it)"
    )


# -- the command line ------------------------------------------------------------------------


def _simulate(path: Path, *more: str) -> list[str]:
    return [
        "simulate",
        "--bots",
        ",".join(BOTS),
        "--games",
        "8",
        "--seed",
        "7",
        "--max-turns",
        "20",
        "--records",
        str(path),
        "--resume",
        *more,
    ]


def test_simulate_resume_refuses_a_bad_file_on_one_line(
    tmp_path: Path, saved: bytes, run: Run
) -> None:
    lines = _lines(saved)
    lines[0]["round_scores"].append([0, 0])
    path = tmp_path / "games.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    result = run(*_simulate(path))
    assert (result.status, result.out) == (2, "")
    assert result.err == (
        "threethirteen: error: games.jsonl, line 1: round_scores: 12 rounds, where the rules"
        " play 11\n"
    )


def test_simulate_verify(tmp_path: Path, saved: bytes, run: Run) -> None:
    path = tmp_path / "games.jsonl"
    path.write_bytes(saved)
    result = run(*_simulate(path, "--verify", "--json"))
    assert result.status == 0
    assert json.loads(result.out)["games"] == 8
    result = run(*_simulate(path)[:-1], "--verify")  # without --resume
    assert result.status == 2
    assert result.err.endswith(
        "threethirteen: error: --verify plays again the games --resume goes on with:"
        " give --resume\n"
    )
