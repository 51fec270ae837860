"""A tournament's games, written one JSON line a game as each ends, so that a long
run keeps every game and can be resumed (as the chess testers write a PGN file).

Each line is a JSON object: ``"format": "threethirteen-tournament-game"``,
``"version": 1``, ``"tournament"`` (what identifies the run: the bots' labels, the
rules, the seed, whether the deals are duplicated, the time a decision, the
seatings), then the game's
:class:`~threethirteen.GameResult` (``index``, ``seed``,
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

A run resumed from the file (``resume=True``) plays only the games it lacks, and
counts no line it has not checked: a last line cut short (the run stopped while
writing it) is dropped and cut off the file, the first line too; every other line
must agree with itself (totals the sums of the round scores, winners the lowest
totals, a forfeit's seat, bot and game its own), with the tournament (the seed and
the bots of its index, the rules' rounds, each game once) and with its record,
which is replayed (:meth:`GameLog.check_games`). A file that fails a check is
refused whole, naming the line, and left as it is:

>>> edited = json.loads(lines[0])
>>> edited["winners"] = [1]
>>> with path.open("w") as file:
...     print(json.dumps(edited), file=file)
>>> tt.tournament(["greedy", "advisor"], games=4, seed=5, save_games=path, resume=True)
Traceback (most recent call last):
...
threethirteen.errors.InvalidRecordError: games.jsonl, line 1: a game's winners [1] are not ...
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from .._validate import load_json, quote
from ..engine.game import Game
from ..errors import GameError, InvalidRecordError
from .game_results import GameResult

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


ForfeitScores = Callable[[Game, int], tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]]
"""What :func:`threethirteen.arena.referee.forfeit_scores` is: the totals and round
scores of a game (as it stood) that a seat forfeited (given, since this module and
the referee are neighbours that do not import each other)."""

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
    return load_json(text, where, InvalidRecordError)


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
        self.lines: dict[int, int] = {}  # each game's line number
        self._found: dict[str, Any] | None = None
        self._good = 0  # the length of the file's whole, good lines
        self._size = 0  # the length of the file read (a last line cut short included)
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
            if result.index in self.results:
                raise InvalidRecordError(
                    f"{where}: game {result.index} again (line {self.lines[result.index]} holds it)"
                )
            self.results[result.index] = result
            self.lines[result.index] = number
            position = end + 1
        self._good = position
        self._size = len(raw)

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

    def check_games(
        self,
        seed_of: Callable[[int], int],
        bots_of: Callable[[int], Sequence[str]],
        rounds: int,
        forfeit_scores: ForfeitScores,
    ) -> None:
        """Refuse the whole file unless each game in it is the tournament's game of its
        index: the seed ``seed_of(index)``, the bots ``bots_of(index)`` in their
        seats, ``rounds`` round scores, and a record (every line the arena writes
        holds one) of the tournament's rules and of that seed that replays to the
        line's round scores and totals (for a forfeit: the rounds scored, then
        ``forfeit_scores(game, seat)`` of the game where the fault stopped it, at the
        fault's round and turn). A line's result agrees with itself already
        (:meth:`GameResult.from_dict`). Lines past the tournament's ``games`` are
        checked too (a longer run resumed shorter keeps them).

        :raises InvalidRecordError: naming the file, the line and what is wrong.
        """
        for index, result in sorted(self.results.items()):
            where = f"{self.path.name}, line {self.lines[index]}"
            bots = tuple(bots_of(index))
            if result.bots != bots:
                raise InvalidRecordError(
                    f"{where}: bots {list(result.bots)} are not game {index}'s {list(bots)}"
                )
            if result.seed != seed_of(index):
                raise InvalidRecordError(
                    f"{where}: the seed is not game {index}'s (the tournament's seed gives"
                    f" {seed_of(index)}, not {result.seed})"
                )
            if len(result.round_scores) != rounds:
                raise InvalidRecordError(
                    f"{where}: round_scores: {len(result.round_scores)} rounds, where the"
                    f" rules play {rounds}"
                )
            if result.record is None:
                raise InvalidRecordError(
                    f"{where}: no record (the arena writes each game's, and resume replays it)"
                )
            self._check_record(result, where, forfeit_scores)

    def _check_record(self, result: GameResult, where: str, forfeit_scores: ForfeitScores) -> None:
        record = result.record
        assert record is not None
        assert isinstance(self._found, dict)
        if record.get("seed") != result.seed:
            raise InvalidRecordError(f"{where}: the record's seed is not the game's")
        if record.get("rules") != self._found.get("rules"):
            raise InvalidRecordError(
                f"{where}: the record's rules {quote(record.get('rules'))} are not the tournament's"
            )
        try:
            game = Game.from_record(record)
        except InvalidRecordError as error:
            raise InvalidRecordError(f"{where}: the record: {error}") from None
        fault = result.forfeit
        if fault is None:
            if not game.is_over:
                raise InvalidRecordError(f"{where}: the record stops before the game's end")
            expected = game.totals, game.round_scores
        else:
            turn = game.turns + 1 if not game.is_over else game.turns
            if (fault.round, fault.turn) != (game.round, turn):
                raise InvalidRecordError(
                    f"{where}: the fault's round {fault.round}, turn {fault.turn} is not"
                    f" where the record stops (round {game.round}, turn {turn})"
                )
            expected = forfeit_scores(game, fault.seat)
        if (result.totals, result.round_scores) != expected:
            totals, scores = expected
            rounds = [list(row) for row in scores]
            raise InvalidRecordError(
                f"{where}: round_scores are not those its record replays to, {quote(rounds)}"
                f" (totals {list(totals)})"
            )

    def check_replayed(self, replayed: Iterable[GameResult]) -> int:
        """Refuse the whole file unless each game of ``replayed`` (the file's games
        played again) equals its line, its record included; the number compared.

        :raises InvalidRecordError: naming the file, the line and what differs.
        """
        count = 0
        for result in replayed:
            kept = self.results[result.index]
            if result != kept:
                differ = [
                    name
                    for name in ("seed", "bots", "totals", "round_scores", "winners", "forfeit")
                    if getattr(result, name) != getattr(kept, name)
                ]
                differ += ["record"] if result.record != kept.record else []
                raise InvalidRecordError(
                    f"{self.path.name}, line {self.lines[result.index]}: game {result.index}"
                    f" played again gives another {', '.join(differ)} (an edited line, or bots"
                    " that do not play the same game from the same seed)"
                )
            count += 1
        return count

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
            if self._size > self._good:  # (the first line too: all that is left is cut)
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
