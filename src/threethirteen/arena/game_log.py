"""A tournament's games, written one JSON line a game as each ends, so that a long
run keeps every game and can be resumed (as the chess testers write a PGN file).

Each line is a JSON object: ``"format": "threethirteen-tournament-game"``,
``"version": 1``, ``"tournament"`` (what identifies the run: the bots' labels, the
rules, the seed, whether the deals are duplicated, the time a decision, the
seatings), then the game's
:class:`~threethirteen.arena.tournament_results.GameResult` (``index``, ``seed``,
``bots``, ``totals``, ``round_scores``, ``winners``, ``forfeit``) and its
``record``, which ``threethirteen replay FILE --game N`` shows and
:meth:`threethirteen.Game.from_record` replays.

>>> import json, tempfile, pathlib
>>> import threethirteen as tt
>>> path = pathlib.Path(tempfile.mkdtemp()) / "games.jsonl"
>>> results = tt.tournament(["greedy", "advisor"], games=4, seed=5, save_games=path)
>>> lines = path.read_text().splitlines()
>>> len(lines), json.loads(lines[3])["index"], read_game_line(lines[3]).bots
(4, 3, ('advisor', 'greedy'))
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from .._validate import quote
from ..errors import GameError, InvalidRecordError
from .tournament_results import GameResult

__all__ = [
    "GAMES_FORMAT",
    "GAMES_VERSION",
    "MAX_LINE",
    "GameLog",
    "read_game_line",
]

GAMES_FORMAT = "threethirteen-tournament-game"
"""The ``"format"`` of each line."""
GAMES_VERSION = 1
"""The ``"version"`` of each line."""
MAX_LINE = 16 * 1024 * 1024
"""The longest line read, in characters (a game's record is some kilobytes)."""


_LINE_KEYS = frozenset(("format", "version", "tournament"))
"""The keys of a line besides the game's result."""


def _tournament(
    labels: Sequence[str],
    rules: Mapping[str, Any],
    seed: int | None,
    duplicate: bool,
    move_time: float | None,
    seatings: str,
) -> dict[str, Any]:
    return {
        "bots": list(labels),
        "rules": dict(rules),
        "seed": seed,
        "duplicate": duplicate,
        "move_time": move_time,
        "seatings": seatings,
    }


def _loaded(text: str, where: str) -> Any:
    if len(text) > MAX_LINE:
        raise InvalidRecordError(f"{where}: a line of {len(text)} characters (at most {MAX_LINE})")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        reason = str(error) if isinstance(error, ValueError) else "nested too deeply"
        raise InvalidRecordError(f"{where}: not JSON ({reason[:120]})") from None


def read_game_line(text: str, where: str = "a game line") -> GameResult:
    """The game of one line of a games file, its record included.

    :raises InvalidRecordError: for a line that is not such a game.
    """
    data = _loaded(text, where)
    return _game(data, where)


def _game(data: object, where: str) -> GameResult:
    if not isinstance(data, dict) or data.get("format") != GAMES_FORMAT:
        raise InvalidRecordError(
            f'{where}: a tournament game has "format": {GAMES_FORMAT!r}, not {quote(data)}'
        )
    version = data.get("version")
    if type(version) is not int or version != GAMES_VERSION:
        raise InvalidRecordError(f"{where}: version {quote(version)} is not {GAMES_VERSION}")
    try:
        return GameResult.from_dict(
            {key: value for key, value in data.items() if key not in _LINE_KEYS}
        )
    except InvalidRecordError as error:
        raise InvalidRecordError(f"{where}: {error}") from None


class GameLog:
    """The games file of one tournament: the games it holds already (to resume), and
    each new game appended as it ends.

    :raises GameError: for a file that exists, without ``resume``.
    :raises InvalidRecordError: for a file to resume that is not a games file.
    """

    def __init__(self, path: str | os.PathLike[str], *, resume: bool) -> None:
        self.path = Path(path)
        self.results: dict[int, GameResult] = {}
        self._found: dict[str, Any] | None = None
        self._good = 0  # the length of the file's whole, good lines
        self._file: IO[str] | None = None
        exists = self.path.exists()
        if exists and not resume and self.path.stat().st_size:
            raise GameError(
                f"{quote(str(self.path))} exists: resume goes on with its games,"
                " or name another file"
            )
        if exists and resume:
            self._read()

    def _read(self) -> None:
        try:
            raw = self.path.read_bytes()
        except OSError as error:
            raise GameError(f"cannot read {quote(str(self.path))}: {error.strerror}") from None
        position = 0
        number = 0
        while position < len(raw):
            end = raw.find(b"\n", position)
            if end < 0:  # a last line cut short when the run stopped: dropped
                break
            number += 1
            where = f"{self.path.name}, line {number}"
            try:
                text = raw[position:end].decode("utf-8")
            except UnicodeDecodeError:
                raise InvalidRecordError(f"{where}: not UTF-8 text") from None
            data = _loaded(text, where)
            result = _game(data, where)
            tournament = data.get("tournament")
            if self._found is None:
                self._found = tournament
            elif tournament != self._found:
                raise InvalidRecordError(f"{where}: a game of another tournament")
            self.results[result.index] = result
            position = end + 1
        self._good = position

    def check(
        self,
        labels: Sequence[str],
        rules: Mapping[str, Any],
        seed: int | None,
        duplicate: bool,
        move_time: float | None,
        seatings: str,
    ) -> int | None:
        """The seed to play with: ``seed``, or the file's when ``seed`` is ``None``.

        :raises InvalidRecordError: when the file's games are another tournament's.
        """
        if self._found is None:
            return seed
        if not isinstance(self._found, dict):
            raise InvalidRecordError(f"{self.path.name}: no tournament in its lines")
        found_seed = self._found.get("seed")
        if seed is None and type(found_seed) is int:
            seed = found_seed
        wanted = _tournament(labels, rules, seed, duplicate, move_time, seatings)
        # (a file written before the seatings were named seated by rotations)
        found = {"seatings": "rotations", **self._found}
        if found != wanted:
            differ = [key for key in wanted if found.get(key) != wanted[key]]
            raise InvalidRecordError(
                f"{self.path.name} holds the games of another tournament (its"
                f" {', '.join(differ)} differ): resume it with the same arguments"
            )
        return seed

    def start(
        self,
        labels: Sequence[str],
        rules: Mapping[str, Any],
        seed: int,
        duplicate: bool,
        move_time: float | None,
        seatings: str,
    ) -> None:
        """Open the file for the games to come (a last line cut short is dropped)."""
        self._tournament = _tournament(labels, rules, seed, duplicate, move_time, seatings)
        try:
            if self._good:
                with self.path.open("r+b") as file:
                    file.truncate(self._good)
            self._file = self.path.open("a", encoding="utf-8")
        except OSError as error:
            raise GameError(f"cannot write {quote(str(self.path))}: {error.strerror}") from None

    def write(self, result: GameResult) -> None:
        """Append ``result`` (with its record) as a line, flushed at once."""
        assert self._file is not None
        line = {
            "format": GAMES_FORMAT,
            "version": GAMES_VERSION,
            "tournament": self._tournament,
            **result.to_dict(),
        }
        self._file.write(json.dumps(line, separators=(",", ":")) + "\n")
        self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
