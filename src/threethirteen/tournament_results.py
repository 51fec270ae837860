"""A tournament's results (:class:`TournamentResults`): integer sums of the games'
totals, wins, round scores and head-to-head margins (:class:`Tally`, merged in game
order), and what they tell with 95 % intervals, as values, a text table, JSON and a
picture. :func:`threethirteen.tournament` plays the games and tallies them here.

>>> tally = Tally(bots=2, rounds=1, per_unit=1)
>>> tally.add((0, 1), ((3, 10), ((3, 10),)))
>>> tally.add((1, 0), ((4, 8), ((4, 8),)))
>>> rules = {"preset": "pagat", "variations": [], "players": 2, "max_turns": None}
>>> results = tally.results(["a", "b"], rules, 1, 2, False, 1)
>>> results["a"].mean_total, results["a"].wins, results.head_to_head("a", "b").margin
(5.5, 1, 1.5)
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ._validate import MAX_SEED, load_json, quote
from .errors import InvalidRecordError, ThreeThirteenError
from .records import check_rules, record_rules
from .rules import MAX_ROUNDS

__all__ = [
    "RESULTS_FORMAT",
    "RESULTS_VERSION",
    "BotResults",
    "HeadToHead",
    "Outcome",
    "Tally",
    "TournamentResults",
    "wilson_interval",
]

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95 % interval."""

RESULTS_FORMAT = "threethirteen-tournament"
"""The ``"format"`` of results data (:meth:`TournamentResults.to_dict`)."""
RESULTS_VERSION = 1
"""The ``"version"`` of results data."""

Outcome = tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]
"""A game's result as a worker sends it: each seat's total, and each round's scores."""


# -- counting --------------------------------------------------------------------


class Tally:
    """Integer sums, merged in game order, so that the results are exact whatever
    order the games were played in."""

    def __init__(self, bots: int, rounds: int, per_unit: int) -> None:
        self.per_unit = per_unit
        self.games = [0] * bots
        self.wins = [0] * bots
        self.units = [0] * bots
        self.unit_sums = [0] * bots
        self.unit_squares = [0] * bots
        self.round_sums = [[0] * rounds for _ in range(bots)]
        self.round_counts = [[0] * rounds for _ in range(bots)]
        self.pairs = {pair: [0, 0, 0, 0] for pair in combinations(range(bots), 2)}
        self._unit: dict[int, int] = {}
        self._pair_unit: dict[tuple[int, int], int] = {}
        self._seen = 0

    def add(self, lineup: Sequence[int], outcome: Outcome) -> None:
        totals, rounds = outcome
        low = min(totals)
        for seat, bot in enumerate(lineup):
            self.games[bot] += 1
            self.wins[bot] += totals[seat] == low
            self._unit[bot] = self._unit.get(bot, 0) + totals[seat]
            sums, counts = self.round_sums[bot], self.round_counts[bot]
            for number, scores in enumerate(rounds):
                sums[number] += scores[seat]
                counts[number] += 1
        seats = {bot: seat for seat, bot in enumerate(lineup)}
        for a, b in combinations(sorted(seats), 2):
            margin = totals[seats[b]] - totals[seats[a]]
            self._pair_unit[a, b] = self._pair_unit.get((a, b), 0) + margin
            self.pairs[a, b][0] += 1
        self._seen += 1
        if self._seen % self.per_unit == 0:
            self._close_unit()

    def results(
        self,
        labels: Sequence[str],
        rules: Mapping[str, Any],
        seed: int,
        games: int,
        duplicate: bool,
        rounds: int,
    ) -> TournamentResults:
        """The tournament's results: these sums, with what was played (the bots'
        labels, the rules as a game record writes them, the seed, the games, whether
        the deals were duplicated, the rounds a game)."""
        return TournamentResults(
            {
                "format": RESULTS_FORMAT,
                "version": RESULTS_VERSION,
                "bots": list(labels),
                "rules": dict(rules),
                "seed": seed,
                "games": games,
                "duplicate": duplicate,
                "rounds": rounds,
                "stats": [
                    {
                        "games": self.games[bot],
                        "wins": self.wins[bot],
                        "samples": self.units[bot],
                        "sample_sum": self.unit_sums[bot],
                        "sample_squares": self.unit_squares[bot],
                        "round_sums": self.round_sums[bot],
                        "round_counts": self.round_counts[bot],
                    }
                    for bot in range(len(self.games))
                ],
                "pairs": [
                    {
                        "bots": [a, b],
                        "games": sums[0],
                        "samples": sums[1],
                        "margin_sum": sums[2],
                        "margin_squares": sums[3],
                    }
                    for (a, b), sums in self.pairs.items()
                ],
            }
        )

    def _close_unit(self) -> None:
        for bot, total in self._unit.items():
            self.units[bot] += 1
            self.unit_sums[bot] += total
            self.unit_squares[bot] += total * total
        for pair, margin in self._pair_unit.items():
            sums = self.pairs[pair]
            sums[1] += 1
            sums[2] += margin
            sums[3] += margin * margin
        self._unit.clear()
        self._pair_unit.clear()


# -- results ----------------------------------------------------------------------


def _mean_interval(
    count: int, total: int, squares: int, scale: int
) -> tuple[float | None, tuple[float, float] | None]:
    """The mean of ``count`` samples ``x / scale`` given the sums of ``x`` and
    ``x**2``, and its 95 % normal interval (``None`` for fewer than two samples)."""
    if count == 0:
        return None, None
    mean = total / count / scale
    if count < 2:
        return mean, None
    spread = max(squares * count - total * total, 0)  # exact: integers
    variance = spread / (count * (count - 1) * scale * scale)
    half = Z95 * math.sqrt(variance / count)
    return mean, (mean - half, mean + half)


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95 % by default).

    >>> low, high = wilson_interval(60, 100)
    >>> round(low, 4), round(high, 4)
    (0.502, 0.6906)
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    return low, 1.0 if successes == trials else min(1.0, centre + half)


@dataclass(frozen=True)
class BotResults:
    """One bot's results in a tournament.

    ``mean_total`` is its mean game total (lower is better) with a 95 % interval
    (``None`` with fewer than two samples); with duplicate deals a sample is the
    mean of its totals on one deal, so seat luck cancels. ``wins`` counts the
    games it finished with the lowest total, a shared lowest total counting as a
    win for each bot that shares it; ``win_interval`` is the Wilson interval of
    ``win_rate``. ``round_means[i]`` is its mean score in round ``i + 1``.
    """

    name: str
    games: int
    mean_total: float | None
    mean_total_interval: tuple[float, float] | None
    wins: int
    win_rate: float | None
    win_interval: tuple[float, float]
    round_means: tuple[float | None, ...]


@dataclass(frozen=True)
class HeadToHead:
    """How many points a game ``bot`` finished ahead of ``other`` (the other's total
    less its own: positive when ``bot`` did better), over the ``games`` both played
    in; the 95 % interval pairs the samples (by deal with duplicate deals, of
    ``samples`` deals; else by game)."""

    bot: str
    other: str
    games: int
    samples: int
    margin: float | None
    interval: tuple[float, float] | None

    @property
    def significant(self) -> bool:
        """Whether the interval excludes zero."""
        return self.interval is not None and (self.interval[0] > 0 or self.interval[1] < 0)


class TournamentResults:
    """The results of :func:`tournament`: each bot's :class:`BotResults`
    (``results[name]``), the head-to-head margins (:meth:`head_to_head`), a text
    table (``str(results)``), JSON (:meth:`to_json`, :meth:`from_json`) and a
    picture (:meth:`plot`).

    The results hold integer sums only, so they are exact and their JSON round trip
    is too: ``TournamentResults.from_dict(r.to_dict()).to_dict() == r.to_dict()``.
    """

    def __init__(self, data: Mapping[str, Any]) -> None:
        self._data = _checked(data)

    # -- what was played
    @property
    def bots(self) -> tuple[str, ...]:
        """The bots' names, in the order given (a name given twice gets ``#2``)."""
        return tuple(self._data["bots"])

    @property
    def games(self) -> int:
        """The games played."""
        return int(self._data["games"])

    @property
    def seed(self) -> int:
        """The tournament's seed."""
        return int(self._data["seed"])

    @property
    def duplicate(self) -> bool:
        """Whether every deal was played once per seating rotation."""
        return bool(self._data["duplicate"])

    @property
    def players(self) -> int:
        """The players a game."""
        return int(self._data["rules"]["players"])

    @property
    def rules(self) -> dict[str, Any]:
        """The rules as a game record writes them (preset, variations, players,
        max_turns)."""
        return json.loads(json.dumps(self._data["rules"]))  # type: ignore[no-any-return]

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

    def bot(self, name: str) -> BotResults:
        """The results of the bot named ``name``."""
        stats = self._data["stats"][self._index(name)]
        mean, interval = _mean_interval(
            stats["samples"], stats["sample_sum"], stats["sample_squares"], self._per_unit
        )
        games, wins = stats["games"], stats["wins"]
        return BotResults(
            name=name,
            games=games,
            mean_total=mean,
            mean_total_interval=interval,
            wins=wins,
            win_rate=wins / games if games else None,
            win_interval=wilson_interval(wins, games),
            round_means=tuple(
                total / count if count else None
                for total, count in zip(stats["round_sums"], stats["round_counts"], strict=True)
            ),
        )

    @property
    def _per_unit(self) -> int:
        return self.players if self.duplicate else 1

    def head_to_head(self, bot: str, other: str) -> HeadToHead:
        """The points a game ``bot`` finished ahead of ``other`` (see :class:`HeadToHead`)."""
        a, b = self._index(bot), self._index(other)
        if a == b:
            raise KeyError(f"a bot has no head-to-head margin with itself ({bot!r})")
        sign = 1 if a < b else -1
        for pair in self._data["pairs"]:
            if pair["bots"] == sorted((a, b)):
                mean, interval = _mean_interval(
                    pair["samples"], pair["margin_sum"], pair["margin_squares"], self._per_unit
                )
                if mean is not None and sign < 0:
                    mean = -mean
                    interval = None if interval is None else (-interval[1], -interval[0])
                return HeadToHead(bot, other, pair["games"], pair["samples"], mean, interval)
        raise AssertionError("every pair of bots is counted")  # pragma: no cover

    def head_to_heads(self) -> list[HeadToHead]:
        """Every pair's margin, each bot against those after it in :attr:`bots`."""
        names = self.bots
        return [
            self.head_to_head(names[a], names[b]) for a, b in combinations(range(len(names)), 2)
        ]

    def __iter__(self) -> Iterator[BotResults]:
        return (self.bot(name) for name in self.bots)

    # -- text
    def table(self) -> str:
        """The results as a text table: the bots, best mean total first; the head to
        head margins; the mean score by round."""
        return _table(self)

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        return (
            f"<TournamentResults {', '.join(self.bots)}: {self.games} games,"
            f" seed {self.seed}{', duplicate' if self.duplicate else ''}>"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TournamentResults):
            return NotImplemented
        return self._data == other._data

    __hash__ = None  # type: ignore[assignment]

    # -- JSON
    def to_dict(self) -> dict[str, Any]:
        """The results as JSON-ready data (integer sums; the figures follow from them)."""
        return json.loads(json.dumps(self._data))  # type: ignore[no-any-return]

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TournamentResults:
        """Results from :meth:`to_dict`'s data, every field checked for its type and
        bounds (see :data:`MAX_RESULTS_INT` and :data:`MAX_RESULTS_BOTS`).

        :raises InvalidRecordError: for data that is not a tournament's results,
            naming the field and what is wrong.
        """
        return cls(data)

    def to_json(self, indent: int | None = None) -> str:
        """The results as JSON text."""
        return json.dumps(self._data, indent=indent)

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
            'threethirteen[plot]'``).
        """
        return _plot(self)


def _checked(data: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of results data, checked for its format and its fields."""
    _check_values(data)
    if not isinstance(data, Mapping) or data.get("format") != RESULTS_FORMAT:
        raise InvalidRecordError(
            f'tournament results have "format": {RESULTS_FORMAT!r}, not {quote(data)}'
        )
    if data.get("version") != RESULTS_VERSION:
        raise InvalidRecordError(
            f"tournament results version {quote(data.get('version'))} is not {RESULTS_VERSION}"
        )
    keys = ("bots", "rules", "seed", "games", "duplicate", "rounds", "stats", "pairs")
    missing = [key for key in keys if key not in data]
    if missing:
        raise InvalidRecordError(f"tournament results: missing {missing[0]!r}")
    copy: dict[str, Any] = json.loads(json.dumps(dict(data)))
    bots = copy["bots"]
    if len(copy["stats"]) != len(bots) or len(copy["pairs"]) != math.comb(len(bots), 2):
        raise InvalidRecordError("tournament results: the stats do not match the bots")
    return copy


# -- checking results data ----------------------------------------------------------

MAX_RESULTS_INT = MAX_SEED
"""The bound of every integer in results data: from 0 to ``2**128 - 1`` for the seed,
the counts (games, wins, samples) and the sums of squares; from ``-(2**128 - 1)`` for
the sums (of totals, round scores and margins)."""
MAX_RESULTS_BOTS = 1000
"""The most bots results data names (their pairs' margins are kept: about half a
million of them)."""
MAX_LABEL_LENGTH = 1000
"""The most characters of a bot's name in results data."""

_Check = Callable[[object, str], None]
"""A check of one value: raises InvalidRecordError naming where the value is (a path
such as ``stats[0].games``) and what was expected."""


def _invalid(where: str, expected: str, value: object) -> InvalidRecordError:
    return InvalidRecordError(
        f"tournament results: {where}: expected {expected}, not {quote(value)}"
    )


def _integer(low: int, high: int) -> _Check:
    def check(value: object, where: str) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _invalid(where, "an integer", value)
        if not low <= value <= high:
            bounds = " to ".join(
                "2**128 - 1" if n == MAX_SEED else "-(2**128 - 1)" if n == -MAX_SEED else str(n)
                for n in (low, high)
            )
            raise _invalid(where, f"an integer from {bounds}", value)

    return check


def _boolean(value: object, where: str) -> None:
    if not isinstance(value, bool):
        raise _invalid(where, "true or false", value)


def _text(longest: int) -> _Check:
    def check(value: object, where: str) -> None:
        if not isinstance(value, str) or not 0 < len(value) <= longest:
            raise _invalid(where, f"a string of 1 to {longest} characters", value)

    return check


def _list_of(item: _Check, fewest: int, most: int) -> _Check:
    def check(value: object, where: str) -> None:
        if not isinstance(value, list):
            raise _invalid(where, "a list", value)
        if not fewest <= len(value) <= most:  # (the length before the items)
            raise InvalidRecordError(
                f"tournament results: {where}: expected a list of {fewest} to {most} items,"
                f" not {len(value)}"
            )
        for index, element in enumerate(value):
            item(element, f"{where}[{index}]")

    return check


def _object(fields: Mapping[str, _Check]) -> _Check:
    """An object with exactly these fields, each checked by its check."""

    def check(value: object, where: str) -> None:
        if not isinstance(value, Mapping):
            raise _invalid(where, "an object", value)
        for name, field_check in fields.items():
            if name not in value:
                raise InvalidRecordError(f"tournament results: {where}: missing {name!r}")
            field_check(value[name], f"{where}.{name}")
        extra = sorted(str(key) for key in value if key not in fields)
        if extra:
            raise InvalidRecordError(f"tournament results: {where}: unexpected {quote(extra[0])}")

    return check


def _rules(value: object, where: str) -> None:
    """The rules as a game record writes them, rules that can be made."""
    try:
        check_rules(value, where)
        assert isinstance(value, Mapping)
        record_rules(value)
    except ThreeThirteenError as error:
        raise InvalidRecordError(f"tournament results: {error}") from None


_COUNT = _integer(0, MAX_RESULTS_INT)
_SUM = _integer(-MAX_RESULTS_INT, MAX_RESULTS_INT)
_BOT = _integer(0, MAX_RESULTS_BOTS - 1)
_ROUND_LIST = (1, MAX_ROUNDS)  # a list a round

RESULTS_FIELDS: dict[str, _Check] = {
    "bots": _list_of(_text(MAX_LABEL_LENGTH), 2, MAX_RESULTS_BOTS),
    "rules": _rules,
    "seed": _integer(0, MAX_SEED),
    "games": _COUNT,
    "duplicate": _boolean,
    "rounds": _integer(*_ROUND_LIST),
    "stats": _list_of(
        _object(
            {
                "games": _COUNT,
                "wins": _COUNT,
                "samples": _COUNT,
                "sample_sum": _SUM,
                "sample_squares": _COUNT,
                "round_sums": _list_of(_SUM, *_ROUND_LIST),
                "round_counts": _list_of(_COUNT, *_ROUND_LIST),
            }
        ),
        2,
        MAX_RESULTS_BOTS,
    ),
    "pairs": _list_of(
        _object(
            {
                "bots": _list_of(_BOT, 2, 2),
                "games": _COUNT,
                "samples": _COUNT,
                "margin_sum": _SUM,
                "margin_squares": _COUNT,
            }
        ),
        1,
        math.comb(MAX_RESULTS_BOTS, 2),
    ),
}
"""The fields of results data after ``format`` and ``version``, each with its check
(of its type and bounds): the table :func:`_check_values` goes through."""


def _check_values(data: object) -> None:
    """Check every field of results data against :data:`RESULTS_FIELDS` (types and
    bounds; lists' lengths before their items, so no work is done on oversized or
    deeply nested data: the copy after would overflow the stack), then what the
    figures need to agree: a stats entry a bot, a pairs entry for each pair of bots,
    a sum and a count a round, no more wins than games. Data that is no object, of
    another format or version, or missing a field is left to :func:`_checked` to
    refuse, once ``format`` is text and ``version`` an int (not 1.0, not true).

    >>> _check_values({"format": "threethirteen-tournament", "version": True})
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidRecordError: tournament results: version: expected an integer, ...
    """
    if not isinstance(data, Mapping):
        return
    if not isinstance(data.get("format"), str):  # (a numpy array compares oddly)
        raise _invalid("format", repr(RESULTS_FORMAT), data.get("format"))
    if data["format"] != RESULTS_FORMAT:
        return
    if type(data.get("version")) is not int:  # (1.0 and true are not 1)
        raise _invalid("version", "an integer", data.get("version"))
    if data["version"] != RESULTS_VERSION or any(name not in data for name in RESULTS_FIELDS):
        return
    for name, check in RESULTS_FIELDS.items():
        check(data[name], name)
    extra = sorted(str(key) for key in data if key not in RESULTS_FIELDS)
    extra = [key for key in extra if key not in ("format", "version")]
    if extra:
        raise InvalidRecordError(f"tournament results: unexpected field {quote(extra[0])}")
    bots, rounds = len(data["bots"]), data["rounds"]
    if len(data["stats"]) != bots:
        raise InvalidRecordError("tournament results: the stats do not match the bots")
    for index, stats in enumerate(data["stats"]):
        if len(stats["round_sums"]) != rounds or len(stats["round_counts"]) != rounds:
            raise InvalidRecordError(
                f"tournament results: stats[{index}]: expected a sum and a count for each of"
                f" the {rounds} rounds"
            )
        if stats["wins"] > stats["games"]:
            raise InvalidRecordError(
                f"tournament results: stats[{index}]: more wins than games"
                f" ({quote(stats['wins'])} of {quote(stats['games'])})"
            )
    if sorted(tuple(pair["bots"]) for pair in data["pairs"]) != list(combinations(range(bots), 2)):
        raise InvalidRecordError("tournament results: the pairs are not each pair of the bots once")


def _number(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _interval(interval: tuple[float, float] | None, digits: int = 1, percent: bool = False) -> str:
    if interval is None:
        return "-"
    low, high = interval
    if percent:
        return f"{100 * low:.{digits}f} to {100 * high:.{digits}f}"
    return f"{low:.{digits}f} to {high:.{digits}f}"


def _columns(rows: list[list[str]], right: Sequence[bool]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(
            cell.rjust(width) if align else cell.ljust(width)
            for cell, width, align in zip(row, widths, right, strict=True)
        ).rstrip()
        for row in rows
    ]


def _table(results: TournamentResults) -> str:
    rules = results.rules
    variations = "".join(f" +{name}" for name in rules["variations"])
    limit = f", at most {rules['max_turns']} turns a round" if rules["max_turns"] else ""
    if results.duplicate:
        deals = results.games // results.players
        played = (
            f"{deals} deal{'s, each' if deals > 1 else ','} played in {results.players} seatings"
        )
    else:
        played = "a deal each"
    lines = [
        f"{rules['preset']}{variations}, {results.players} players{limit}:"
        f" {results.games} games ({played}), seed {results.seed}",
        "",
    ]
    ranked = sorted(results, key=lambda r: (r.mean_total is None, r.mean_total or 0.0))
    rows = [["bot", "games", "mean total", "95% interval", "wins", "win rate", "95% interval"]]
    for r in ranked:
        rows.append(
            [
                r.name,
                str(r.games),
                _number(r.mean_total),
                _interval(r.mean_total_interval),
                str(r.wins),
                "-" if r.win_rate is None else f"{100 * r.win_rate:.1f}%",
                _interval(r.win_interval, percent=True) + "%",
            ]
        )
    lines += _columns(rows, [False, True, True, True, True, True, True])
    order = [r.name for r in ranked]
    pairs = [
        results.head_to_head(order[a], order[b]) for a, b in combinations(range(len(order)), 2)
    ]
    if pairs:
        lines += ["", "head to head: points a game the first finished ahead of the second"]
        rows = [["bots", "games", "margin", "95% interval"]]
        for pair in pairs:
            rows.append(
                [
                    f"{pair.bot} - {pair.other}",
                    str(pair.games),
                    "-" if pair.margin is None else f"{pair.margin:+.1f}",
                    _interval(pair.interval),
                ]
            )
        lines += _columns(rows, [False, True, True, True])
    lines += ["", "mean score by round"]
    count = int(results._data["rounds"])
    rows = [["round", *(str(number) for number in range(1, count + 1))]]
    for r in ranked:
        rows.append([r.name, *(_number(mean) for mean in r.round_means)])
    lines += _columns(rows, [False, *([True] * count)])
    return "\n".join(lines)


def _plot(results: TournamentResults) -> Any:
    try:
        from matplotlib.figure import Figure
    except ModuleNotFoundError:
        raise ModuleNotFoundError(
            "TournamentResults.plot needs matplotlib: pip install 'threethirteen[plot]'"
        ) from None
    figure = Figure(figsize=(10, 4), layout="constrained")
    totals, rounds = figure.subplots(1, 2)
    names = list(results.bots)
    for position, name in enumerate(names):
        r = results[name]
        if r.mean_total is None:
            continue
        low, high = r.mean_total_interval or (r.mean_total, r.mean_total)
        totals.errorbar(
            [position],
            [r.mean_total],
            yerr=[[r.mean_total - low], [high - r.mean_total]],
            fmt="o",
            capsize=6,
        )
        numbers = [i + 1 for i, mean in enumerate(r.round_means) if mean is not None]
        means = [mean for mean in r.round_means if mean is not None]
        rounds.plot(numbers, means, marker="o", label=name)
    totals.set_xticks(range(len(names)), names)
    totals.set_ylabel("mean total (95% interval; lower is better)")
    totals.set_title(f"{results.games} games, {results.rules['preset']}")
    rounds.set_xlabel("round")
    rounds.set_ylabel("mean score")
    rounds.set_title("mean score by round")
    rounds.legend()
    return figure
