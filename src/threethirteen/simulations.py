"""Games between bots: one game (:func:`play`), and tournaments of many games with
honest intervals (:func:`tournament`), on one core or any
:class:`concurrent.futures.Executor`.

Every game's seed is derived from the tournament's seed and the game's index (a
BLAKE2b hash of the two), and every bot's seed from its game's seed and its seat,
so the results are the same whatever runs the games: serially, on threads, on
processes, or on a Dask or Ray cluster, in chunks of any size.

>>> import threethirteen as tt
>>> game = tt.play(["greedy", "random"], seed=3, max_turns=40)
>>> game.is_over, game.totals, game.winners
(True, (42, 317), (0,))
>>> results = tt.tournament(["greedy", "random"], games=20, seed=1, max_turns=40)
>>> results["greedy"].games, results["greedy"].win_rate
(20, 1.0)
"""

from __future__ import annotations

import hashlib
import json
import math
import sys
import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ._validate import as_index, as_seed, quote
from .actions import Action
from .bots import Bot, BotSpec, make_bot
from .errors import GameError, IllegalActionError, InvalidRecordError, ThreeThirteenError
from .game import Game
from .rules import RulesLike

__all__ = [
    "BotResults",
    "HeadToHead",
    "TournamentResults",
    "play",
    "tournament",
]

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95 % interval."""

CHUNK_SECONDS = 0.1
"""The least time a chunk of games sent to an executor should take, in seconds."""

IN_FLIGHT = 1024
"""The most chunks submitted to an executor and not yet collected."""

RESULTS_FORMAT = "threethirteen-tournament"
RESULTS_VERSION = 1


# -- seeds ----------------------------------------------------------------------


def derived_seed(seed: int, index: int, bits: int = 128) -> int:
    """A seed of ``bits`` bits for item ``index`` of ``seed``: the BLAKE2b hash of the
    two numbers, the same on every machine.

    >>> derived_seed(1, 0), derived_seed(1, 0, bits=32)
    (188674312635354405898514316745854390793, 2957405061)
    """
    digest = hashlib.blake2b(f"{seed}/{index}".encode(), digest_size=bits // 8).digest()
    return int.from_bytes(digest, "little")


def _bot_name(spec: object) -> str:
    """A short name for a bot specification: the built-in name, the class's ``name``
    attribute or its ``__name__``."""
    if isinstance(spec, str):
        return spec
    name = getattr(spec, "name", None)
    if isinstance(name, str):
        return name
    named = spec if isinstance(spec, type) or callable(spec) else type(spec)
    found = getattr(named, "__name__", None)
    return found if isinstance(found, str) else type(spec).__name__


def _labels(specs: Sequence[object]) -> tuple[str, ...]:
    """A distinct label for each bot: its name, then ``name#2``, ``name#3``... for the
    same name again."""
    labels: list[str] = []
    seen: dict[str, int] = {}
    for spec in specs:
        name = _bot_name(spec)
        seen[name] = seen.get(name, 0) + 1
        labels.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return tuple(labels)


# -- one game -------------------------------------------------------------------


def _play_out(game: Game, bots: Sequence[Bot], labels: Sequence[str]) -> None:
    """Play ``game`` to its end, each seat's bot choosing its actions.

    :raises IllegalActionError: naming the bot, its seat and the action, when a bot
        chooses an action that is not legal.
    """
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        legal = game.legal_actions()
        action = bots[seat].act(game.view(seat), legal)
        if action not in legal:
            _illegal(game, seat, labels[seat], action)
        game.apply(action)


def _illegal(game: Game, seat: int, label: str, action: object) -> None:
    """Raise the error for a bot's illegal choice."""
    try:
        game.verify(action)  # type: ignore[arg-type]
        reason = "it is not one of the legal actions"
    except ThreeThirteenError as error:
        reason = str(error)
    shown = str(action) if isinstance(action, Action) else repr(action)
    raise IllegalActionError(
        f"bot {label!r} in seat {seat} chose {quote(shown)} in round {game.round},"
        f" turn {game.turns + 1}, which is not legal: {reason}"
    )


def _seat_bots(specs: Sequence[BotSpec], game_seed: int) -> list[Bot]:
    """A bot for each seat, seeded from the game's seed and the seat."""
    return [
        make_bot(spec, seed=derived_seed(game_seed, seat, 64)) for seat, spec in enumerate(specs)
    ]


def play(
    bots: Sequence[BotSpec],
    rules: RulesLike = "pagat",
    players: int | None = None,
    seed: int | None = None,
    variations: Sequence[str] = (),
    max_turns: int | None = None,
) -> Game:
    """Play one game between ``bots``, bot ``i`` in seat ``i``, and return it over.

    Each bot is made by :func:`~threethirteen.make_bot` with a seed derived from the
    game's seed and its seat (a bot object or function is used as it is), so the
    same seed plays the same game. The game's record is ``game.to_record()``.

    :param bots: a bot specification per seat: a built-in name (``"greedy"``), a
        class taking ``seed=``, a bot object or a bot function.
    :param players: the number of players: ``len(bots)``, the default.
    :param seed: the game's seed (``None``: a fresh one, kept in ``game.seed``).
    :param max_turns: end a round after this many turns (random players need it).
    :raises IllegalActionError: when a bot chooses an action that is not legal; the
        message names the bot, its seat and the action.
    :raises GameError: for a table that cannot be set up.

    >>> import threethirteen as tt
    >>> game = tt.play(["greedy", "greedy", "random"], seed=11, max_turns=30)
    >>> print(game.score_sheet().splitlines()[-1])
    winner: player 0
    >>> tt.play(["greedy", lambda view, legal: tt.DrawStock()], seed=1)
    Traceback (most recent call last):
    ...
    threethirteen.errors.IllegalActionError: bot '<lambda>' in seat 1 chose 'draw stock' ...
    """
    specs = _specs(bots)
    count = _players(players, len(specs))
    if count != len(specs):
        raise GameError(
            f"play seats one bot a player: {len(specs)} bots for {quote(players)} players"
        )
    game = Game(rules, count, seed=seed, variations=variations, max_turns=max_turns)
    assert game.seed is not None
    _play_out(game, _seat_bots(specs, game.seed), _labels(specs))
    return game


def _specs(bots: Sequence[BotSpec]) -> tuple[BotSpec, ...]:
    """The bots' specifications, each checked by making it once (a name that is no
    built-in bot, or a value that is no bot, fails here with its reason)."""
    if isinstance(bots, str):
        raise GameError(
            f"bots are a list of bots, not the string {quote(bots)} (write [{quote(bots)}])"
        )
    try:
        specs = tuple(bots)
    except TypeError:
        raise GameError(f"bots are a list of bots, not {quote(bots)}") from None
    if not specs:
        raise GameError("no bots: give at least one")
    for spec in specs:
        make_bot(spec, seed=0)
    return specs


def _players(players: object, bots: int) -> int:
    """The number of seats: ``players``, or one a bot."""
    if players is None:
        return bots
    count = as_index(players, "players", GameError)
    if not 2 <= count <= 16:
        raise GameError(f"a game seats 2 to 16 players, not {quote(players)}")
    return count


def _flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise GameError(f"{name} is True or False, not {quote(value)}")
    return value


# -- the schedule of a tournament ---------------------------------------------------


@dataclass(frozen=True)
class _Plan:
    """What a worker needs to play any game of a tournament: the bots, the table and
    the seeds (picklable when the bots and rules are)."""

    specs: tuple[BotSpec, ...]
    labels: tuple[str, ...]
    rules: RulesLike
    players: int
    variations: tuple[str, ...]
    max_turns: int | None
    seed: int
    duplicate: bool
    lineups: tuple[tuple[int, ...], ...]

    def lineup(self, index: int) -> tuple[int, ...]:
        """The bot (its index in ``specs``) in each seat of game ``index``."""
        return self.lineups[index % len(self.lineups)]

    def unit(self, index: int) -> int:
        """The deal set of game ``index`` (with ``duplicate``), or the game itself."""
        return index // self.players if self.duplicate else index

    def game_seed(self, index: int) -> int:
        return derived_seed(self.seed, self.unit(index))


def _lineups(bots: int, players: int) -> tuple[tuple[int, ...], ...]:
    """Every choice of ``players`` bots (in order), each in its ``players`` rotations:
    bot ``choice[(seat + r) % players]`` sits in ``seat`` in rotation ``r``."""
    return tuple(
        tuple(choice[(seat + rotation) % players] for seat in range(players))
        for choice in combinations(range(bots), players)
        for rotation in range(players)
    )


Outcome = tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]
"""A game's result as a worker sends it: each seat's total, and each round's scores."""


def _play_game(plan: _Plan, index: int) -> Outcome:
    lineup = plan.lineup(index)
    specs = [plan.specs[bot] for bot in lineup]
    seed = plan.game_seed(index)
    game = Game(
        plan.rules, plan.players, seed=seed, variations=plan.variations, max_turns=plan.max_turns
    )
    _play_out(game, _seat_bots(specs, seed), [plan.labels[bot] for bot in lineup])
    return game.totals, game.round_scores


def play_chunk(plan: _Plan, start: int, stop: int) -> list[Outcome]:
    """Play games ``start`` to ``stop - 1`` of a tournament: the task an executor runs.
    Its arguments name its games, so no two tasks of a tournament look alike to a
    scheduler that caches calls (Dask)."""
    return [_play_game(plan, index) for index in range(start, stop)]


# -- counting --------------------------------------------------------------------


class _Tally:
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
        """Results from :meth:`to_dict`'s data.

        :raises InvalidRecordError: for data that is not a tournament's results.
        """
        return cls(data)

    def to_json(self, indent: int | None = None) -> str:
        """The results as JSON text."""
        return json.dumps(self._data, indent=indent)

    @classmethod
    def from_json(cls, text: str) -> TournamentResults:
        """Results from :meth:`to_json`'s text."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise InvalidRecordError(f"tournament results: not JSON ({error})") from None
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


# -- the tournament ------------------------------------------------------------------


def _positive(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise GameError(f"{name} is a whole number from 1, not {quote(value)}")
    return value


def tournament(
    bots: Sequence[BotSpec],
    games: int = 100,
    rules: RulesLike = "pagat",
    players: int | None = None,
    seed: int | None = None,
    duplicate: bool = True,
    executor: Executor | None = None,
    chunk_size: int | None = None,
    progress: bool = False,
    variations: Sequence[str] = (),
    max_turns: int | None = None,
) -> TournamentResults:
    """Play ``games`` games between ``bots`` and measure them.

    **Seats.** ``players`` (default: one a bot) seats that many bots a game; with
    fewer seats than bots, the games go through every choice of ``players`` bots in
    turn (``itertools.combinations`` order), and each choice through its seating
    rotations, so every bot meets every other and sits in every seat. Give a bot
    twice to seat two copies. Each game makes a fresh bot per seat
    (:func:`~threethirteen.make_bot`: a bot object or function is used as it is).

    **Duplicate deals.** With ``duplicate=True`` every deal (a game's seed) is
    played once in each rotation of its table's seats, so each bot plays the same
    cards from every seat and the luck of the deal cancels out of the comparison;
    ``games`` must then be a multiple of ``players``, and the intervals take a
    deal as one sample. Without, every game has its own deal.

    **Seeds.** Game ``i``'s seed is derived from ``seed`` and ``i`` (or its deal's
    index), each bot's from its game's seed and its seat: the results are the same
    for the same arguments whatever the ``executor``, its workers and the chunk
    size.

    **Executors.** ``executor`` (any :class:`concurrent.futures.Executor`: a
    process pool, a Dask ``Client.get_executor()``, a Ray pool adapter) is sent
    chunks of games sized to take about 0.1 s each (timed on the first game, played
    here) or ``chunk_size`` games; their results are merged in game order. The bots
    and rules must pickle to go to other processes (names and classes do; lambdas
    do not).

    :param max_turns: end a round after this many turns and score the hands as
        they stand: random bots need it, and it is the safety net for bots that may
        never end a round (the real rules do not end one in which nobody draws from
        the stock: two bots that keep taking each other's discards play forever).
    :param progress: show a tqdm progress bar on standard error (needs tqdm).
    :raises GameError: for bad arguments (games, players, chunk size).
    :raises IllegalActionError: when a bot chooses an illegal action.

    >>> import threethirteen as tt
    >>> results = tt.tournament(["greedy", "random"], games=20, seed=1, max_turns=40)
    >>> results["greedy"].mean_total < results["random"].mean_total
    True
    >>> head = results.head_to_head("greedy", "random")
    >>> head.games, head.samples, head.significant
    (20, 10, True)
    """
    specs = _specs(bots)
    labels = _labels(specs)
    count = _players(players, len(specs))
    games = _positive(games, "games")
    if chunk_size is not None:
        chunk_size = _positive(chunk_size, "chunk_size")
    duplicate = _flag(duplicate, "duplicate")
    progress = _flag(progress, "progress")
    seed = as_seed(seed, "a seed", GameError)
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise GameError(
            f"executor is a concurrent.futures.Executor (with submit), not {quote(executor)}"
        )
    if count > len(specs):
        raise GameError(
            f"{quote(players)} players but {len(specs)} bots: give a bot more than once to"
            " seat it more than once"
        )
    if duplicate and games % count:
        below = games - games % count
        raise GameError(
            f"with duplicate deals, games is a multiple of the players ({count}: every deal"
            f" is played in each seating), not {games}; say {below or count} or {below + count}"
        )
    if seed is None:
        seed = derived_seed(time.time_ns(), id(specs))
    sample = Game(rules, count, seed=seed, variations=variations, max_turns=max_turns)
    record_rules = sample.to_record()["rules"]
    plan = _Plan(
        specs=specs,
        labels=labels,
        rules=rules,
        players=count,
        variations=tuple(variations),
        max_turns=max_turns,
        seed=seed,
        duplicate=duplicate,
        lineups=_lineups(len(specs), count),
    )
    tally = _Tally(len(specs), len(sample.rules.rounds), count if duplicate else 1)
    bar = _progress_bar(games) if progress else None
    try:
        for index, outcome in enumerate(_outcomes(plan, games, executor, chunk_size, bar)):
            tally.add(plan.lineup(index), outcome)
    finally:
        if bar is not None:
            bar.close()
    return TournamentResults(
        {
            "format": RESULTS_FORMAT,
            "version": RESULTS_VERSION,
            "bots": list(labels),
            "rules": record_rules,
            "seed": seed,
            "games": games,
            "duplicate": duplicate,
            "rounds": len(sample.rules.rounds),
            "stats": [
                {
                    "games": tally.games[bot],
                    "wins": tally.wins[bot],
                    "samples": tally.units[bot],
                    "sample_sum": tally.unit_sums[bot],
                    "sample_squares": tally.unit_squares[bot],
                    "round_sums": tally.round_sums[bot],
                    "round_counts": tally.round_counts[bot],
                }
                for bot in range(len(specs))
            ],
            "pairs": [
                {
                    "bots": [a, b],
                    "games": sums[0],
                    "samples": sums[1],
                    "margin_sum": sums[2],
                    "margin_squares": sums[3],
                }
                for (a, b), sums in tally.pairs.items()
            ],
        }
    )


def _progress_bar(games: int) -> Any:
    try:
        from tqdm import tqdm  # type: ignore[import-untyped]
    except ModuleNotFoundError:
        raise ModuleNotFoundError(
            "progress=True needs tqdm: pip install 'threethirteen[progress]'"
        ) from None
    return tqdm(total=games, unit="game", file=sys.stderr)


def _outcomes(
    plan: _Plan, games: int, executor: Executor | None, chunk_size: int | None, bar: Any
) -> Iterator[Outcome]:
    """Each game's outcome, in game order."""
    step: Callable[[int], None] = bar.update if bar is not None else (lambda done: None)
    if executor is None:
        for index in range(games):
            yield _play_game(plan, index)
            step(1)
        return
    start = 0
    if chunk_size is None:
        began = time.perf_counter()
        yield _play_game(plan, 0)
        step(1)
        seconds = time.perf_counter() - began
        chunk_size = max(1, math.ceil(CHUNK_SECONDS / max(seconds, 1e-6)))
        start = 1
    pending: deque[tuple[int, Future[list[Outcome]]]] = deque()
    chunks = iter(range(start, games, chunk_size))
    try:
        for first in chunks:
            pending.append(
                (first, executor.submit(play_chunk, plan, first, min(first + chunk_size, games)))
            )
            if len(pending) < IN_FLIGHT:
                continue
            yield from _collect(pending.popleft()[1], step)
        while pending:
            yield from _collect(pending.popleft()[1], step)
    finally:
        for _, future in pending:
            future.cancel()


def _collect(future: Future[list[Outcome]], step: Callable[[int], None]) -> Iterator[Outcome]:
    outcomes = future.result()
    yield from outcomes
    step(len(outcomes))
