"""The files the pages open: records, games files and tournament results, from the
command line or uploaded, read by one loader (:func:`load_bytes`) and bounded as
``threethirteen replay`` bounds them.

A file is recognised by what it holds: a games file (``simulate --records``,
``tournament(save_games=...)``) is one JSON line a game, each with ``"format":
"threethirteen-tournament-game"``; tournament results (``TournamentResults.to_json``)
are one object with ``"format": "threethirteen-tournament"``; anything else must be a
game record (``Game.to_record()``), which is replayed to check it. Every way a file
fails is the library's :class:`~threethirteen.InvalidRecordError`, which the server
answers with 400 and its message.

Routes: ``GET /api/files`` (the files named on the command line), ``GET
/api/files/<name>`` (one file's kind and games), ``POST /api/files/upload`` (a
file's text; the answer names the upload for :func:`load`).

>>> import threethirteen as tt
>>> game = tt.Game("pagat", players=2, seed=1, max_turns=2)
>>> while not game.is_over:
...     game.apply(game.legal_actions()[0])
>>> loaded = load_bytes("game.json", json.dumps(game.to_record()).encode())
>>> loaded.kind, len(loaded.records), loaded.games[0].index
('record', 1, 0)
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import threethirteen as tt

from .._validate import load_json, quote
from ..arena.game_log import GAMES_FORMAT, MAX_LINE, read_game_line
from ..arena.tournament_results import RESULTS_FORMAT, GameResult, TournamentResults
from ..engine.records import MAX_NAME_LENGTH, MAX_RECORD_BYTES, record_names
from ..errors import InvalidRecordError
from .routing import Context, HttpError, Request, Response, Route, json_response
from .sessions import SessionStore

__all__ = [
    "KINDS",
    "MAX_FILE_BYTES",
    "MAX_NAME",
    "MAX_UPLOADS",
    "ROUTES",
    "LoadedFile",
    "game_summary",
    "load",
    "load_bytes",
]

MAX_FILE_BYTES = MAX_RECORD_BYTES
"""The largest file read, in bytes: a record's bound (``MAX_RECORD_BYTES``), for a
games file or results too (each games file's line is at most ``MAX_LINE``)."""
MAX_NAME = 200
"""The longest name an upload may give (it is only shown)."""
MAX_UPLOADS = 32
"""The uploads kept at once (the longest idle one is dropped beyond)."""
KINDS = ("record", "games", "results")
"""What a file can be."""


@dataclass(frozen=True)
class LoadedFile:
    """A file read and checked.

    :param name: the name it was opened by (a named file's name, an upload's own name).
    :param kind: ``"record"``, ``"games"`` or ``"results"``.
    :param records: for a record its one record; else the record of each game (in
        :attr:`games`' order), ``None`` for a game kept without one. A games file's
        record names its players by the bots' labels when it names none (as
        ``threethirteen replay`` shows them).
    :param games: each game's result (for a record, one made from it: index 0, its
        seed, its players' names, totals and winners).
    :param results: the tournament's results, for ``"results"``.
    """

    name: str
    kind: str
    records: tuple[dict[str, Any] | None, ...]
    games: tuple[GameResult, ...]
    results: TournamentResults | None = None


def _named_record(game: GameResult) -> dict[str, Any] | None:
    """A games file's record with its players named by the line's bot labels (when it
    names none and each label fits a record's name), as ``replay`` names them."""
    record = game.record
    if record is None:
        return None
    rules = record.get("rules")
    labels = list(game.bots)
    if (
        "names" not in record
        and isinstance(rules, Mapping)
        and rules.get("players") == len(labels)
        and all(len(label) <= MAX_NAME_LENGTH for label in labels)
    ):
        return {**record, "names": labels}
    return record


def _record_game(record: dict[str, Any]) -> GameResult:
    """A checked record's game as a :class:`GameResult` (index 0)."""
    game = tt.Game.from_record(record)  # replays it: every way it is wrong raises
    players = game.players
    names = record_names(record) or [f"player {seat}" for seat in range(players)]
    totals = tuple(int(total) for total in record["totals"])
    winners = record.get("winners")
    rows = tuple(
        tuple(int(score) for score in data["scores"])
        for data in record["rounds"]
        if data.get("scores") is not None and not data.get("void")
    )
    return GameResult(
        index=0,
        seed=int(record["seed"]) if type(record.get("seed")) is int else 0,
        bots=tuple(names),
        totals=totals,
        round_scores=rows,
        winners=tuple(winners) if winners is not None else (),
        record=record,
    )


def _games_file(name: str, text: str) -> LoadedFile:
    where = quote(name)
    games = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            games.append(read_game_line(line, f"{where}, line {number}"))
    indexes = [game.index for game in games]
    if len(set(indexes)) != len(indexes):
        raise InvalidRecordError(f"{where}: a game's index appears twice")
    return LoadedFile(name, "games", tuple(_named_record(g) for g in games), tuple(games))


def load_bytes(name: str, data: bytes) -> LoadedFile:
    """The file ``name`` holding ``data``, read and checked.

    :raises InvalidRecordError: for more than :data:`MAX_FILE_BYTES`, text that is not
        UTF-8 or not JSON, a games line longer than ``MAX_LINE``, or what is not a
        record, a games file or results (the library's message, naming the file).

    >>> load_bytes("x.json", b"[1, 2]")
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidRecordError: 'x.json': a game record is a JSON object, not list
    >>> load_bytes("x.json", b"{")
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidRecordError: 'x.json' is not JSON: Expecting property name ...
    """
    where = quote(name)
    if len(data) > MAX_FILE_BYTES:
        raise InvalidRecordError(
            f"{where}: a file is at most {MAX_FILE_BYTES} bytes (MAX_RECORD_BYTES), not {len(data)}"
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidRecordError(f"{where}: not UTF-8 text") from None
    text = text.lstrip("\ufeff")
    first = next((line for line in text.splitlines() if line.strip()), "")
    if len(first) <= MAX_LINE and first.lstrip().startswith("{") and GAMES_FORMAT in first:
        try:
            head = json.loads(first)
        except (ValueError, RecursionError):
            head = None
        if isinstance(head, dict) and head.get("format") == GAMES_FORMAT:
            return _games_file(name, text)
    value = load_json(text, where, InvalidRecordError)
    if not isinstance(value, dict):
        raise InvalidRecordError(
            f"{where}: a game record is a JSON object, not {type(value).__name__}"
        )
    if value.get("format") == RESULTS_FORMAT:
        try:
            results = TournamentResults.from_dict(value)
        except InvalidRecordError as error:
            raise InvalidRecordError(f"{where}: {error}") from None
        games = results.games
        return LoadedFile(name, "results", tuple(_named_record(g) for g in games), games, results)
    if value.get("format") == GAMES_FORMAT:
        return _games_file(name, text)
    try:
        game = _record_game(value)
    except InvalidRecordError as error:
        raise InvalidRecordError(f"{where}: {error}") from None
    return LoadedFile(name, "record", (value,), (game,))


# -- the files a server knows ----------------------------------------------------------


class _NamedCache:
    """The named files read so far, each kept with its size and time of change (read
    again when they change)."""

    def __init__(self) -> None:
        self.files: dict[str, tuple[tuple[int, int], LoadedFile]] = {}


def _uploads(context: Context) -> SessionStore:
    store: SessionStore = context.feature_state(
        "files.uploads", lambda: SessionStore(max_sessions=MAX_UPLOADS)
    )
    return store


def _read_named(name: str, path: Path) -> bytes:
    try:
        with open(path, "rb") as file:
            return file.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise HttpError(404, f"cannot read {quote(name)}: {error.strerror or error}") from None


def load(context: Context, name: str) -> LoadedFile:
    """The file the page names ``name``: a file named on the command line (by the name
    :attr:`Context.files` gives it), else an upload (by the id
    ``POST /api/files/upload`` answered).

    :raises HttpError: 404 for a name that is neither.
    :raises InvalidRecordError: for a named file that is not a record, games or
        results.

    >>> load(Context(files={}), "nothing")
    Traceback (most recent call last):
    ...
    threethirteen.web.routing.HttpError: no file named 'nothing': it was not named on ...
    """
    path = context.files.get(name)
    if path is not None:
        cache: _NamedCache = context.feature_state("files.named", _NamedCache)
        try:
            stat = os.stat(path)
            stamp = (stat.st_size, stat.st_mtime_ns)
        except OSError as error:
            raise HttpError(404, f"cannot read {quote(name)}: {error.strerror or error}") from None
        with context.lock:
            kept = cache.files.get(name)
        if kept is not None and kept[0] == stamp:
            return kept[1]
        loaded = load_bytes(name, _read_named(name, Path(path)))
        with context.lock:
            cache.files[name] = (stamp, loaded)
        return loaded
    try:
        found = _uploads(context).get(name)
    except HttpError:
        found = None
    if not isinstance(found, LoadedFile):
        raise HttpError(
            404,
            f"no file named {quote(name)}: it was not named on the command line or uploaded"
            " (an upload ends after an hour unused)",
        )
    return found


def game_summary(game: GameResult, has_record: bool) -> dict[str, Any]:
    """One game as the pages list it: ``index``, ``seed`` (as text: a seed has up to
    128 bits, more than a JavaScript number holds), ``bots``, ``totals``,
    ``winners``, ``forfeit`` (the fault's message, or ``None``), ``record`` (whether it
    has one to review).

    >>> game = GameResult(4, 99, ("greedy", "random"), (20, 50), ((20, 50),), (0,))
    >>> game_summary(game, False)["totals"], game_summary(game, False)["record"]
    ([20, 50], False)
    """
    return {
        "index": game.index,
        "seed": str(game.seed),
        "bots": list(game.bots),
        "totals": list(game.totals),
        "winners": list(game.winners),
        "forfeit": None if game.forfeit is None else game.forfeit.message,
        "record": has_record,
    }


# -- routes ------------------------------------------------------------------------------


def _list_files(context: Context, request: Request) -> Response:
    files = []
    for name in sorted(context.files):
        try:
            kind: str | None = load(context, name).kind
            error = None
        except (HttpError, InvalidRecordError) as failure:
            kind, error = None, str(failure)
        files.append({"name": name, "kind": kind, "error": error})
    return json_response({"files": files})


def _show_file(context: Context, request: Request) -> Response:
    name = request.path[len("/api/files/") :]  # the server decoded the path
    loaded = load(context, name)
    return json_response(
        {
            "file": name,
            "name": loaded.name,
            "kind": loaded.kind,
            "games": [
                game_summary(game, record is not None)
                for game, record in zip(loaded.games, loaded.records, strict=True)
            ],
        }
    )


def _upload(context: Context, request: Request) -> Response:
    body = request.json()
    if not isinstance(body, dict):
        raise HttpError(
            400, f"an upload is an object {{'name': ..., 'text': ...}}, not {quote(body)}"
        )
    name, text = body.get("name"), body.get("text")
    if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME:
        raise HttpError(
            400, f"an upload's name must be text of 1 to {MAX_NAME} characters, not {quote(name)}"
        )
    if not isinstance(text, str):
        raise HttpError(400, f"an upload's text must be a string, not {quote(text)}")
    loaded = load_bytes(name, text.encode("utf-8", "surrogatepass"))
    key = _uploads(context).create(loaded)
    return json_response(
        {"file": key, "kind": loaded.kind, "name": loaded.name, "games": len(loaded.games)}
    )


ROUTES: tuple[Route, ...] = (
    Route("GET", "/api/files", _list_files),
    Route("POST", "/api/files/upload", _upload),
    Route("GET", "/api/files/", _show_file, prefix=True),
)
"""The files' routes."""
