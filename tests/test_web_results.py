"""The results page's route (``/api/results?file=NAME``): a tournament's figures, as
:class:`threethirteen.TournamentResults` gives them, and a games file's or a record's
games, each linked to its review."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import threethirteen as tt
from tests.web_support import get_json, post_json, running_server
from threethirteen.web.server import RunningServer


@pytest.fixture(scope="module")
def results() -> tt.TournamentResults:
    return tt.tournament(["greedy", "random"], games=4, seed=5, keep_games=True, records=True)


@pytest.fixture(scope="module")
def server(
    tmp_path_factory: pytest.TempPathFactory, results: tt.TournamentResults
) -> Iterator[RunningServer]:
    folder = tmp_path_factory.mktemp("results")
    (folder / "results.json").write_text(results.to_json())
    tt.tournament(["greedy", "random"], games=2, seed=8, save_games=folder / "my games.jsonl")
    with running_server([folder / "results.json", folder / "my games.jsonl"]) as running:
        yield running


def test_a_tournaments_results(server: RunningServer, results: tt.TournamentResults) -> None:
    status, data = get_json(server, "/api/results", file="results.json")
    assert status == 200
    assert data["kind"] == "results"
    assert data["tournament"]["bots"] == ["greedy", "random"]
    assert data["tournament"]["games"] == 4
    assert data["tournament"]["seed"] == "5"
    assert data["tournament"]["rules"] == {"preset": "pagat", "variations": []}
    greedy = results["greedy"]
    shown = data["bots"][0]
    assert shown["name"] == "greedy"
    assert shown["games"] == greedy.games == 4
    assert shown["wins"] == greedy.wins
    assert shown["mean_total"] == pytest.approx(greedy.mean_total)
    assert shown["mean_total_interval"] == pytest.approx(list(greedy.mean_total_interval or ()))
    assert shown["win_interval"] == pytest.approx(list(greedy.win_interval))
    assert shown["forfeits"] == 0
    assert shown["elo"] == pytest.approx(results.ratings()["greedy"].elo)
    head = results.head_to_head("greedy", "random")
    assert len(data["head_to_heads"]) == 1
    pair = data["head_to_heads"][0]
    assert (pair["bot"], pair["other"], pair["games"]) == ("greedy", "random", 4)
    assert pair["margin"] == pytest.approx(head.margin)
    assert pair["significant"] is head.significant
    assert data["faults"] == []
    assert data["warnings"] == list(results.warnings)
    assert [game["index"] for game in data["games"]] == [0, 1, 2, 3]
    assert [game["totals"] for game in data["games"]] == [list(g.totals) for g in results.games]
    assert data["games"][2]["review"] == "/review?file=results.json&game=2"


def test_a_games_files_games_link_to_their_review(server: RunningServer) -> None:
    status, data = get_json(server, "/api/results", file="my games.jsonl")
    assert status == 200
    assert data["kind"] == "games"
    assert "bots" not in data
    assert [game["index"] for game in data["games"]] == [0, 1]
    assert data["games"][1]["review"] == "/review?file=my%20games.jsonl&game=1"
    assert all(game["record"] for game in data["games"])


def test_an_uploaded_record_is_one_game(server: RunningServer) -> None:
    game = tt.Game("pagat", players=2, seed=1, max_turns=2)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    text = json.dumps(game.to_record())
    status, upload = post_json(server, "/api/files/upload", {"name": "g.json", "text": text})
    assert status == 200
    status, data = get_json(server, "/api/results", file=upload["file"])
    assert status == 200
    assert data["kind"] == "record"
    assert data["name"] == "g.json"
    assert data["games"][0]["totals"] == [298, 341]
    assert data["games"][0]["review"] == f"/review?file={upload['file']}&game=0"


def test_results_without_games_have_no_rows(tmp_path: Path) -> None:
    results = tt.tournament(["greedy", "random"], games=2, seed=1)
    (tmp_path / "r.json").write_text(results.to_json())
    with running_server([tmp_path / "r.json"]) as server:
        status, data = get_json(server, "/api/results", file="r.json")
    assert status == 200
    assert data["games"] == []
    assert [bot["name"] for bot in data["bots"]] == ["greedy", "random"]


def test_errors(server: RunningServer) -> None:
    status, data = get_json(server, "/api/results")
    assert (status, data["error"]) == (400, "the parameter 'file' is missing")
    status, data = get_json(server, "/api/results", file="nope")
    assert status == 404
    assert data["error"].startswith("no file named 'nope'")
