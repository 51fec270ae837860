"""A tournament's results (:class:`TournamentResults`): integer sums of the games'
totals, wins, round scores, head-to-head margins and scores, and the bots' faults,
and what they tell with honest 95 % intervals (Student's t over the samples: a deal
under duplicate deals, else a game; see :mod:`threethirteen.statistics`), as
values, a text table, JSON and a picture. :func:`threethirteen.tournament` plays the
games and tallies them (:class:`~threethirteen.arena.tally.Tally`).

This is the module users import the results' names from; besides
:class:`TournamentResults` it re-exports those whose homes are the modules beside
it: :class:`GameResult`, :class:`Fault` and :data:`FAULT_KINDS` (one game's result,
:mod:`~threethirteen.arena.game_results`); :class:`BotResults`,
:class:`HeadToHead`, :class:`Rating` and :func:`lowest_total` (the figures,
:mod:`~threethirteen.arena.results_figures`); :data:`RESULTS_FORMAT` and
:data:`RESULTS_VERSION` (the data's format, :mod:`~threethirteen.arena.results_schema`);
:data:`ARENA_MAX_TURNS` and :data:`SEATINGS`
(:mod:`~threethirteen.arena.tournament_settings`). The text table is
:mod:`~threethirteen.arena.results_table`'s, the picture
:mod:`~threethirteen.arena.results_plot`'s.

>>> data = {"format": "threethirteen-tournament", "version": 3, "bots": ["a", "b"],
...     "rules": {"preset": "pagat", "variations": [], "players": 2, "max_turns": None},
...     "seed": 1, "games": 2, "duplicate": False, "seatings": "balanced", "rounds": 1,
...     "move_time": None, "faults": [], "game_results": None,
...     "stats": [{"games": 2, "wins": 1, "forfeits": 0, "samples": 2, "sample_sum": 11,
...                "sample_squares": 73, "win_sum": 1, "win_squares": 1,
...                "round_sums": [11], "round_counts": [2]},
...               {"games": 2, "wins": 1, "forfeits": 0, "samples": 2, "sample_sum": 18,
...                "sample_squares": 164, "win_sum": 1, "win_squares": 1,
...                "round_sums": [18], "round_counts": [2]}],
...     "pairs": [{"bots": [0, 1], "games": 2, "samples": 2, "margin_sum": 7,
...                "margin_squares": 25, "score_sum": 2, "score_squares": 4}]}
>>> results = TournamentResults.from_dict(data)
>>> results["a"].mean_total, results["a"].wins, results.head_to_head("a", "b").margin
(5.5, 1, 3.5)
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from itertools import combinations
from typing import Any

from .._validate import load_json, quote
from ..engine.records import record_rules
from ..errors import InvalidInputError, InvalidRecordError
from ..statistics import (
    bonferroni_confidence,
    fraction_interval,
    holm,
    mean_interval,
    p_value,
    ratings,
    small_sample_note,
    wilson_interval,
)
from .game_results import FAULT_KINDS, Fault, GameResult
from .results_figures import BotResults, HeadToHead, Rating, lowest_total
from .results_plot import results_plot
from .results_schema import RESULTS_FORMAT, RESULTS_VERSION, checked_results_data
from .results_table import results_table
from .tournament_settings import ARENA_MAX_TURNS, SEATINGS

__all__ = [
    "ADJUSTMENTS",
    "ARENA_MAX_TURNS",
    "FAULT_KINDS",
    "RESULTS_FORMAT",
    "RESULTS_VERSION",
    "SEATINGS",
    "BotResults",
    "Fault",
    "GameResult",
    "HeadToHead",
    "Rating",
    "TournamentResults",
    "lowest_total",
    "wilson_interval",
]


ADJUSTMENTS = (None, "holm", "bonferroni")
"""What :meth:`TournamentResults.head_to_heads` may adjust its verdicts by."""


class TournamentResults:
    """The results of :func:`tournament`: each bot's :class:`BotResults`
    (``results[name]``), the head-to-head margins (:meth:`head_to_head`,
    :meth:`head_to_heads`), ratings (:meth:`ratings`), the faults
    (:attr:`faults`), the games themselves when kept (:attr:`games`), a text table
    (``str(results)``), JSON (:meth:`to_json`, :meth:`from_json`) and a picture
    (:meth:`plot`).

    The results hold integer sums only, so they are exact and their JSON round trip
    is too: ``TournamentResults.from_dict(r.to_dict()).to_dict() == r.to_dict()``.
    """

    def __init__(self, data: Mapping[str, Any]) -> None:
        self._data = checked_results_data(data)

    # -- what was played
    @property
    def bots(self) -> tuple[str, ...]:
        """The bots' names, in the order given (a name given twice gets ``#2``)."""
        return tuple(self._data["bots"])

    @property
    def game_count(self) -> int:
        """The games played."""
        return int(self._data["games"])

    @property
    def games(self) -> tuple[GameResult, ...]:
        """Each game's :class:`GameResult`, in game order, when the tournament kept
        them (``keep_games=True``); else ``()``."""
        kept = self._data.get("game_results")
        if not kept:
            return ()
        return tuple(GameResult.from_dict(item) for item in kept)

    @property
    def seed(self) -> int:
        """The tournament's seed."""
        return int(self._data["seed"])

    @property
    def duplicate(self) -> bool:
        """Whether every deal was played once per seating rotation."""
        return bool(self._data["duplicate"])

    @property
    def seatings(self) -> str:
        """How the tables were seated: ``"balanced"`` (every order around the table)
        or ``"rotations"`` (the order given, rotated); see
        :func:`~threethirteen.tournament`."""
        return str(self._data["seatings"])

    @property
    def players(self) -> int:
        """The players a game."""
        return int(self._data["rules"]["players"])

    @property
    def move_time(self) -> float | None:
        """The time a decision allowed, in seconds (``None``: no limit)."""
        value = self._data.get("move_time")
        return None if value is None else float(value)

    @property
    def rules(self) -> dict[str, Any]:
        """The rules as a game record writes them (preset, variations, players,
        max_turns)."""
        return json.loads(json.dumps(self._data["rules"]))  # type: ignore[no-any-return]

    @property
    def samples(self) -> int:
        """The independent samples the intervals rest on: the deals with duplicate
        deals, else the games."""
        return self.game_count // self._per_unit

    @property
    def faults(self) -> dict[str, int]:
        """Each bot's number of forfeits (games it lost by a fault), by name."""
        return {
            name: stats["forfeits"]
            for name, stats in zip(self.bots, self._data["stats"], strict=True)
        }

    @property
    def first_faults(self) -> tuple[Fault, ...]:
        """The first fault of each kind of each bot, in game order."""
        return tuple(Fault.from_dict(item) for item in self._data["faults"])

    @property
    def warnings(self) -> tuple[str, ...]:
        """What a reader of these figures should know: too few samples for narrow
        intervals, bots that forfeited games."""
        notes = []
        unit = "deal" if self.duplicate else "game"
        counts = [stats["samples"] for stats in self._data["stats"] if stats["games"]]
        counts += [pair["samples"] for pair in self._data["pairs"] if pair["games"]]
        note = small_sample_note(min(counts, default=0), unit)
        if note is not None:
            notes.append(note)
        for name, count in self.faults.items():
            if count:
                notes.append(f"{name} forfeited {count} game{'s' if count > 1 else ''}")
        return tuple(notes)

    # -- the figures
    def __getitem__(self, name: str) -> BotResults:
        return self.bot(name)

    def _index(self, name: str) -> int:
        try:
            return self.bots.index(name)
        except ValueError:
            raise KeyError(
                f"no bot {name!r} in these results (the bots: {', '.join(self.bots)})"
            ) from None

    def _lowest_total(self) -> int:
        """The lowest total a game can have under these rules: 0, or less where the
        first player out scores a bonus (``first-out-bonus``), doubled in the rounds
        ``doubles`` doubles."""
        found = self.__dict__.get("_lowest")
        if found is None:
            found = lowest_total(record_rules(self.rules))
            self.__dict__["_lowest"] = found
        return int(found)

    def bot(self, name: str) -> BotResults:
        """The results of the bot named ``name``."""
        stats = self._data["stats"][self._index(name)]
        samples = stats["samples"]
        mean, interval = mean_interval(
            samples, stats["sample_sum"], stats["sample_squares"], self._per_unit
        )
        if interval is not None:  # no mean lies below the lowest total the rules allow
            lowest = self._lowest_total()
            interval = (max(interval[0], lowest), max(interval[1], lowest))
        games, wins = stats["games"], stats["wins"]
        if self._per_unit == 1:
            win_interval = wilson_interval(wins, games)
        else:
            _, found = fraction_interval(
                samples, stats["win_sum"], stats["win_squares"], self._per_unit
            )
            win_interval = (0.0, 1.0) if found is None else found
        return BotResults(
            name=name,
            games=games,
            samples=samples,
            mean_total=mean,
            mean_total_interval=interval,
            wins=wins,
            win_rate=wins / games if games else None,
            win_interval=win_interval,
            forfeits=stats["forfeits"],
            round_means=tuple(
                total / count if count else None
                for total, count in zip(stats["round_sums"], stats["round_counts"], strict=True)
            ),
        )

    @property
    def _per_unit(self) -> int:
        return self.players if self.duplicate else 1

    def _pair(self, a: int, b: int) -> Mapping[str, Any]:
        for pair in self._data["pairs"]:
            if pair["bots"] == [a, b]:
                return pair  # type: ignore[no-any-return]
        raise AssertionError("every pair of bots is counted")  # pragma: no cover

    def head_to_head(self, bot: str, other: str, *, confidence: float = 0.95) -> HeadToHead:
        """The points a game ``bot`` finished ahead of ``other`` (see :class:`HeadToHead`)."""
        a, b = self._index(bot), self._index(other)
        if a == b:
            raise KeyError(f"a bot has no head-to-head margin with itself ({bot!r})")
        pair = self._pair(min(a, b), max(a, b))
        samples, per_unit = pair["samples"], self._per_unit
        mean, interval = mean_interval(
            samples, pair["margin_sum"], pair["margin_squares"], per_unit, confidence
        )
        p = (
            p_value(samples, pair["margin_sum"], pair["margin_squares"], per_unit)
            if samples > 1
            else None
        )
        score = pair["score_sum"] / (2 * pair["games"]) if pair["games"] else None
        if a > b:
            mean = None if mean is None else -mean
            interval = None if interval is None else (-interval[1], -interval[0])
            score = None if score is None else 1 - score
        return HeadToHead(
            bot, other, pair["games"], samples, mean, interval, p, score, None, confidence
        )

    def head_to_heads(self, adjust: str | None = None) -> list[HeadToHead]:
        """Every pair's margin, each bot against those after it in :attr:`bots`.

        :param adjust: for several comparisons at once: ``"bonferroni"`` widens every
            interval to ``1 - 0.05 / k`` for ``k`` comparisons and multiplies the
            p-values by ``k``, so that all the intervals hold together with 95 %
            confidence and no verdict is a false alarm with more than 5 %
            probability; ``"holm"`` gives Holm's step-down p-values (as strict a
            guarantee on the verdicts, with more power) and ``significant`` follows
            them, the intervals being Bonferroni's; ``None`` (the default) leaves
            each comparison at 95 % on its own.
        :raises ThreeThirteenError: for another ``adjust``.
        """
        if not (adjust is None or (isinstance(adjust, str) and adjust in ADJUSTMENTS)):
            raise InvalidInputError(f"adjust is None, 'holm' or 'bonferroni', not {quote(adjust)}")
        names = self.bots
        pairs = list(combinations(range(len(names)), 2))
        if adjust is None or len(pairs) < 2:
            found = [self.head_to_head(names[a], names[b]) for a, b in pairs]
            if adjust is None:
                return found
            return [_adjusted(h, h.p_value, adjust, h.confidence) for h in found]
        confidence = bonferroni_confidence(len(pairs))
        found = [self.head_to_head(names[a], names[b], confidence=confidence) for a, b in pairs]
        raw = [1.0 if h.p_value is None else h.p_value for h in found]
        adjusted = holm(raw) if adjust == "holm" else [min(1.0, p * len(raw)) for p in raw]
        return [
            _adjusted(h, None if h.p_value is None else p, adjust, confidence)
            for h, p in zip(found, adjusted, strict=True)
        ]

    def ratings(self) -> dict[str, Rating]:
        """Each bot's rating on the Elo scale, with a 95 % interval, fitted to the
        head-to-head scores of every pair (see :class:`Rating`)."""
        fitted = ratings(
            len(self.bots),
            {
                (pair["bots"][0], pair["bots"][1]): (
                    pair["games"],
                    pair["samples"],
                    pair["score_sum"],
                    pair["score_squares"],
                    2 * self._per_unit,
                )
                for pair in self._data["pairs"]
            },
        )
        return {
            name: Rating(name, rating.elo, rating.interval)
            for name, rating in zip(self.bots, fitted, strict=True)
        }

    def __iter__(self) -> Iterator[BotResults]:
        return (self.bot(name) for name in self.bots)

    # -- text
    def table(self) -> str:
        """The results as a text table: the bots, best mean total first, with their
        ratings and forfeits; the head to head margins; the mean score by round;
        warnings and faults."""
        return results_table(self)

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        return (
            f"<TournamentResults {', '.join(self.bots)}: {self.game_count} games,"
            f" seed {self.seed}{', duplicate' if self.duplicate else ''}>"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TournamentResults):
            return NotImplemented
        return self._data == other._data

    __hash__ = None  # type: ignore[assignment]

    # -- JSON
    def to_dict(self) -> dict[str, Any]:
        """The results as JSON-ready data: integer sums, from which every figure
        follows, and the bots' ratings (``"ratings"``: each bot's ``elo`` and
        ``interval``), which :meth:`from_dict` works out again rather than reads."""
        data: dict[str, Any] = json.loads(json.dumps(self._data))
        if len(self.bots) > 1:
            data["ratings"] = {
                name: {
                    "elo": rating.elo,
                    "interval": None if rating.interval is None else list(rating.interval),
                }
                for name, rating in self.ratings().items()
            }
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TournamentResults:
        """Results from :meth:`to_dict`'s data, every field checked for its type and
        bounds (integers to ``2**128 - 1``, at most 1,000 bots).

        :raises InvalidRecordError: for data that is not a tournament's results,
            naming the field and what is wrong.
        """
        return cls(data)

    def to_json(self, indent: int | None = None) -> str:
        """The results as JSON text (:meth:`to_dict`'s data)."""
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_json(cls, text: str) -> TournamentResults:
        """Results from :meth:`to_json`'s text (checked as :meth:`from_dict` checks).

        :raises InvalidRecordError: for text that is not JSON (or nested too deeply,
            or holding a number of too many digits) or not a tournament's results.
        """
        if not isinstance(text, (str, bytes, bytearray)):
            raise InvalidRecordError(f"tournament results: JSON text, not {quote(text)}")
        data = load_json(text, "tournament results: the text", InvalidRecordError)
        return cls(data)

    # -- pictures
    def plot(self) -> Any:
        """A matplotlib ``Figure``: each bot's mean total with
        its 95 % interval, and its mean score in each round.

        :raises ModuleNotFoundError: without matplotlib (``pip install
            '.[plot]'``).
        """
        return results_plot(self)


def _adjusted(head: HeadToHead, p: float | None, adjust: str, confidence: float) -> HeadToHead:
    return HeadToHead(
        head.bot,
        head.other,
        head.games,
        head.samples,
        head.margin,
        head.interval,
        p,
        head.score,
        adjust,
        confidence,
    )
