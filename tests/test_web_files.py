"""The files' loader and routes (``/api/files``, ``/api/files/<name>``,
``/api/files/upload``): each kind of file loaded, from the command line and uploaded;
hostile files (too big, not JSON, the wrong shape, a record that does not replay)
refused with a 400 and the library's message; a record whose names hold markup kept
as text."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import threethirteen as tt
from tests.web_support import get_json, post_json, request, running_server
from threethirteen.errors import InvalidRecordError
from threethirteen.web.files import MAX_FILE_BYTES, load, load_bytes
from threethirteen.web.routing import Context, HttpError
from threethirteen.web.server import RunningServer

HOSTILE_NAMES = ['<script>alert("x")</script>', '<img src=x onerror="alert(1)">']


def _record(names: list[str] | None = None) -> dict[str, Any]:
    game = tt.Game("pagat", players=2, seed=1, max_turns=2)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    record = game.to_record()
    if names is not None:
        record["names"] = names
    return record


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("files")
    (path / "game.json").write_text(json.dumps(_record(HOSTILE_NAMES)))
    results = tt.tournament(
        ["greedy", "random"],
        games=4,
        seed=5,
        keep_games=True,
        records=True,
        save_games=path / "games.jsonl",
    )
    (path / "results.json").write_text(results.to_json())
    (path / "bad.json").write_text("{not json")
    return path


@pytest.fixture(scope="module")
def server(folder: Path) -> Iterator[RunningServer]:
    files = [folder / name for name in ("game.json", "games.jsonl", "results.json", "bad.json")]
    with running_server(files) as running:
        yield running


def test_each_kind_is_loaded(folder: Path) -> None:
    record = load_bytes("game.json", (folder / "game.json").read_bytes())
    assert record.kind == "record"
    assert record.records[0] is not None
    assert record.records[0]["names"] == HOSTILE_NAMES
    assert record.games[0].bots == tuple(HOSTILE_NAMES)
    assert record.games[0].totals == (298, 341)
    assert record.games[0].winners == (0,)
    games = load_bytes("games.jsonl", (folder / "games.jsonl").read_bytes())
    assert games.kind == "games"
    assert [game.index for game in games.games] == [0, 1, 2, 3]
    assert all(item is not None for item in games.records)
    first = games.records[0]
    assert first is not None
    assert first["names"] == list(games.games[0].bots)  # named by the line's bot labels
    assert games.results is None
    results = load_bytes("results.json", (folder / "results.json").read_bytes())
    assert results.kind == "results"
    assert results.results is not None
    assert results.results.bots == ("greedy", "random")
    assert [game.totals for game in results.games] == [game.totals for game in games.games]


def test_the_named_files_are_listed(server: RunningServer) -> None:
    status, data = get_json(server, "/api/files")
    assert status == 200
    by_name = {item["name"]: item for item in data["files"]}
    assert {name: item["kind"] for name, item in by_name.items()} == {
        "bad.json": None,
        "game.json": "record",
        "games.jsonl": "games",
        "results.json": "results",
    }
    assert by_name["bad.json"]["error"].startswith("'bad.json' is not JSON: ")


def test_a_named_file_shows_its_games(server: RunningServer) -> None:
    status, data = get_json(server, "/api/files/game.json")
    assert status == 200
    assert data["kind"] == "record"
    assert data["games"] == [
        {
            "index": 0,
            "seed": "1",
            "bots": HOSTILE_NAMES,
            "totals": [298, 341],
            "winners": [0],
            "forfeit": None,
            "record": True,
        }
    ]
    status, data = get_json(server, "/api/files/games.jsonl")
    assert status == 200
    assert data["kind"] == "games"
    assert [game["index"] for game in data["games"]] == [0, 1, 2, 3]
    assert all(game["record"] for game in data["games"])
    assert {tuple(game["bots"]) for game in data["games"]} == {
        ("greedy", "random"),
        ("random", "greedy"),
    }


def test_markup_in_names_comes_back_as_json_text(server: RunningServer) -> None:
    status, headers, body = request(server, "GET", "/api/files/game.json")
    assert status == 200
    assert headers["content-type"].startswith("application/json")
    assert headers["x-content-type-options"] == "nosniff"
    assert json.loads(body)["games"][0]["bots"][0] == HOSTILE_NAMES[0]


def test_unknown_and_bad_files(server: RunningServer) -> None:
    status, data = get_json(server, "/api/files/nothing.json")
    assert status == 404
    assert data["error"].startswith("no file named 'nothing.json': it was not named")
    status, data = get_json(server, "/api/files/bad.json")
    assert status == 400
    assert data["error"].startswith("'bad.json' is not JSON: Expecting property name")
    status, data = get_json(server, "/api/files/..%2F..%2Fetc%2Fpasswd")
    assert status == 404


def test_an_upload_is_loaded_and_opened_by_its_id(server: RunningServer, folder: Path) -> None:
    text = (folder / "games.jsonl").read_text()
    status, data = post_json(server, "/api/files/upload", {"name": "mine.jsonl", "text": text})
    assert status == 200
    assert data["kind"] == "games"
    assert data["games"] == 4
    key = data["file"]
    assert len(key) == 16
    status, shown = get_json(server, f"/api/files/{key}")
    assert status == 200
    assert shown["name"] == "mine.jsonl"
    assert shown["file"] == key
    assert len(shown["games"]) == 4
    assert load(server.context, key).kind == "games"


def test_an_upload_needs_the_token(server: RunningServer) -> None:
    status, _ = post_json(server, "/api/files/upload", {"name": "x", "text": "{}"}, token=False)
    assert status == 403


def _record_with(**changes: Any) -> str:
    return json.dumps({**_record(), **changes})


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"name": "x.json", "text": "{not json"}, "'x.json' is not JSON: Expecting property"),
        (
            {"name": "x.json", "text": "[1, 2]"},
            "'x.json': a game record is a JSON object, not list",
        ),
        ({"name": "x.json", "text": "[" * 100_000}, "'x.json' is not JSON: nested too deeply"),
        ({"name": "x.json", "text": "1" * 5000}, "'x.json' is not JSON: a number of more than"),
        ({"name": "x.json", "text": "{}"}, "'x.json': "),
        ({"name": "x.json", "text": _record_with(totals=[1, 2])}, "'x.json': "),
        ({"name": "x.json", "text": _record_with(names=["a" * 101, "b"])}, "'x.json': names"),
        (
            {"name": "x.jsonl", "text": '{"format": "threethirteen-tournament-game"}\n'},
            "'x.jsonl', line 1: version None is not 1",
        ),
        (
            {"name": "r.json", "text": '{"format": "threethirteen-tournament", "bots": 3}'},
            "'r.json': ",
        ),
        ({"name": "", "text": "{}"}, "an upload's name must be text of 1 to 200 characters"),
        ({"name": "x.json", "text": 3}, "an upload's text must be a string, not 3"),
        ([1], "an upload is an object"),
    ],
)
def test_hostile_uploads_are_a_400_with_the_message(
    server: RunningServer, body: Any, message: str
) -> None:
    status, data = post_json(server, "/api/files/upload", body)
    assert status == 400, data
    assert data["error"].startswith(message), data["error"]


def test_a_record_that_does_not_replay_is_refused() -> None:
    record = _record()
    record["rounds"][0]["actions"][0]["type"] = "draw_discard"
    record["rounds"][0]["actions"][0].pop("pile", None)
    with pytest.raises(InvalidRecordError, match=r"^'x.json': "):
        load_bytes("x.json", json.dumps(record).encode())


def test_a_file_too_big_is_refused_before_it_is_parsed() -> None:
    with pytest.raises(InvalidRecordError) as caught:
        load_bytes("big.json", b" " * (MAX_FILE_BYTES + 1))
    assert str(caught.value) == (
        f"'big.json': a file is at most {MAX_FILE_BYTES} bytes (MAX_RECORD_BYTES),"
        f" not {MAX_FILE_BYTES + 1}"
    )
    with pytest.raises(InvalidRecordError, match=r"^'x.json': not UTF-8 text$"):
        load_bytes("x.json", b"\xff\xfe{}")


def test_a_body_over_the_servers_bound_is_413(server: RunningServer) -> None:
    status, _, _ = request(
        server,
        "POST",
        "/api/files/upload",
        b"",
        {"X-TT-Token": server.token, "Content-Length": str(64 * 1024 * 1024)},
    )
    assert status == 413


def test_load_names_a_missing_file() -> None:
    with pytest.raises(HttpError) as caught:
        load(Context(files={"gone.json": Path("/no/such/gone.json")}), "gone.json")
    assert caught.value.status == 404
    assert caught.value.message == "cannot read 'gone.json': No such file or directory"


def test_a_named_file_changed_is_read_again(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_record()))
    context = Context(files={"game.json": path})
    assert load(context, "game.json").kind == "record"
    assert load(context, "game.json") is load(context, "game.json")  # kept
    path.write_text("[]  ")
    with pytest.raises(InvalidRecordError, match="a game record is a JSON object, not list"):
        load(context, "game.json")


def test_a_games_file_with_a_game_twice_is_refused(folder: Path) -> None:
    line = (folder / "games.jsonl").read_text().splitlines()[0]
    with pytest.raises(InvalidRecordError) as caught:
        load_bytes("twice.jsonl", f"{line}\n{line}\n".encode())
    assert str(caught.value) == "'twice.jsonl': a game's index appears twice"
    cut = line[: len(line) // 2]
    with pytest.raises(InvalidRecordError, match=r"^'cut.jsonl', line 2 is not JSON: "):
        load_bytes("cut.jsonl", f"{line}\n{cut}\n".encode())
