"""A tournament's results (:class:`TournamentResults`): integer sums of the games'
totals, wins, round scores, head-to-head margins and scores, and the bots' faults
(:class:`Tally`, merged in game order), and what they tell with honest 95 %
intervals (Student's t over the samples: a deal under duplicate deals, else a
game; see :mod:`threethirteen.statistics`), as values, a text table, JSON and a
picture. Each game's own result is a :class:`GameResult`; a bot's fault, a
:class:`Fault`. :func:`threethirteen.tournament` plays the games and tallies them
here.

>>> tally = Tally(bots=2, rounds=1, per_unit=1)
>>> tally.add((0, 1), GameResult(0, 1, ("a", "b"), (3, 10), ((3, 10),), (0,)))
>>> tally.add((1, 0), GameResult(1, 2, ("b", "a"), (4, 8), ((4, 8),), (0,)))
>>> rules = {"preset": "pagat", "variations": [], "players": 2, "max_turns": None}
>>> results = tally.results(["a", "b"], rules, 1, 2, False, 1)
>>> results["a"].mean_total, results["a"].wins, results.head_to_head("a", "b").margin
(5.5, 1, 1.5)
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from itertools import combinations
from typing import Any

from .._validate import MAX_SEED, load_json, quote
from ..engine.records import check_record, check_rules, record_rules
from ..engine.scoring import DOUBLED_ROUNDS, first_out_score
from ..errors import InvalidRecordError, ThreeThirteenError
from ..hands.rounds import Round
from ..hands.rules import MAX_ROUNDS, Rules
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

__all__ = [
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
    "Tally",
    "TournamentResults",
    "wilson_interval",
]

RESULTS_FORMAT = "threethirteen-tournament"
"""The ``"format"`` of results data (:meth:`TournamentResults.to_dict`)."""
RESULTS_VERSION = 3
"""The ``"version"`` of results data (version 2, without ``"seatings"``, is read too)."""

ARENA_MAX_TURNS = 10_000
"""The turn limit of a round in :func:`~threethirteen.play`,
:func:`~threethirteen.tournament` and :func:`~threethirteen.match` unless
``max_turns`` is given: a safety net, far above what a round takes (bots that draw
from the stock end one in a few dozen turns, random bots in at most a few thousand),
that ends the rounds that never would, as between two bots that keep taking each
other's discards, so that no pair of bots can hang a run."""

SEATINGS = ("balanced", "rotations")
"""How a tournament seats each table's bots (see :func:`~threethirteen.tournament`):
every order around the table, or the order given, rotated."""

FAULT_KINDS = ("error", "illegal", "time")
"""The kinds of a bot's fault: it raised (or its process crashed), it chose an
action that is not legal, it overran its time for a decision."""


# -- one game -------------------------------------------------------------------


@dataclass(frozen=True)
class Fault:
    """A bot's fault, which forfeited its game: the bot's label, its seat, the
    game's index in the tournament (``None`` for a single game), the round and turn,
    the kind (``"error"``, ``"illegal"`` or ``"time"``), the bot's exception's type name and
    message (for ``"error"`` and ``"time"``), and the whole message.

    >>> fault = Fault("x", 1, 7, 2, 3, "error", "ZeroDivisionError", "division by zero",
    ...               "bot 'x' in seat 1, game 7, round 2, turn 3: raised ZeroDivisionError")
    >>> Fault.from_dict(fault.to_dict()) == fault
    True
    """

    bot: str
    seat: int
    game: int | None
    round: int
    turn: int
    kind: str
    error_type: str | None
    error_message: str | None
    message: str

    def to_dict(self) -> dict[str, Any]:
        """The fault as JSON-ready data."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Fault:
        """A fault from :meth:`to_dict`'s data.

        :raises InvalidRecordError: for data that is not a fault.
        """
        if not isinstance(data, Mapping) or set(data) != _FAULT_KEYS:
            raise InvalidRecordError(
                f"a fault has the keys {sorted(_FAULT_KEYS)}, not {quote(data)}"
            )
        if not isinstance(data["kind"], str) or data["kind"] not in FAULT_KINDS:
            raise InvalidRecordError(
                f"a fault's kind is one of {FAULT_KINDS}, not {quote(data['kind'])}"
            )
        for key in ("seat", "round", "turn"):
            _count(data[key], f"a fault's {key}")
        if data["game"] is not None:
            _count(data["game"], "a fault's game")
        for key in ("bot", "message"):
            _text(data[key], f"a fault's {key}")
        for key in ("error_type", "error_message"):
            if data[key] is not None:
                _text(data[key], f"a fault's {key}")
        return cls(**dict(data))


_FAULT_KEYS = frozenset(
    ("bot", "seat", "game", "round", "turn", "kind", "error_type", "error_message", "message")
)


@dataclass(frozen=True)
class GameResult:
    """One game of a tournament: its index, its seed (``tt.play(bots, seed=...)``
    replays it, the bots in the same seats), the bot in each seat (their labels),
    each seat's total, each round's scores, the winners, the fault that forfeited
    it (or ``None``), and its record when kept (``records=True``).

    >>> result = GameResult(4, 99, ("greedy", "random"), (20, 50), ((20, 50),), (0,))
    >>> GameResult.from_dict(result.to_dict()) == result
    True
    """

    index: int
    seed: int
    bots: tuple[str, ...]
    totals: tuple[int, ...]
    round_scores: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]
    forfeit: Fault | None = None
    record: dict[str, Any] | None = field(default=None, hash=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The game's result as JSON-ready data (its record included when kept)."""
        return {
            "index": self.index,
            "seed": self.seed,
            "bots": list(self.bots),
            "totals": list(self.totals),
            "round_scores": [list(scores) for scores in self.round_scores],
            "winners": list(self.winners),
            "forfeit": None if self.forfeit is None else self.forfeit.to_dict(),
            "record": self.record,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameResult:
        """A game's result from :meth:`to_dict`'s data.

        :raises InvalidRecordError: for data that is not a game's result.
        """
        if not isinstance(data, Mapping) or not _GAME_KEYS <= set(data) <= _RECORDED_KEYS:
            raise InvalidRecordError(
                f"a game's result has the keys {sorted(_GAME_KEYS)} and a record, not {quote(data)}"
            )
        bots = data["bots"]
        if not isinstance(bots, list) or not 2 <= len(bots) <= 16:
            raise InvalidRecordError(
                f"a game's bots are a list of 2 to 16 names, not {quote(bots)}"
            )
        for bot in bots:
            _text(bot, "a bot's name")
        seats = len(bots)
        totals = _scores(data["totals"], seats, "a game's totals")
        rounds = data["round_scores"]
        if not isinstance(rounds, list) or len(rounds) > 64:
            raise InvalidRecordError(f"a game's round scores are a list, not {quote(rounds)}")
        round_scores = tuple(_scores(scores, seats, "a round's scores") for scores in rounds)
        winners = data["winners"]
        if not isinstance(winners, list) or not all(
            type(w) is int and 0 <= w < seats for w in winners
        ):
            raise InvalidRecordError(f"a game's winners are seats, not {quote(winners)}")
        index = _count(data["index"], "a game's index")
        forfeit = None if data["forfeit"] is None else Fault.from_dict(data["forfeit"])
        _check_agrees(index, tuple(bots), totals, round_scores, tuple(winners), forfeit)
        record = data.get("record")
        if record is not None:
            if not isinstance(record, dict):
                raise InvalidRecordError(f"a game's record is a dict, not {quote(record)}")
            check_record(record)
        return cls(
            index=index,
            seed=_count(data["seed"], "a game's seed"),
            bots=tuple(bots),
            totals=totals,
            round_scores=round_scores,
            winners=tuple(winners),
            forfeit=forfeit,
            record=record,
        )


def _check_agrees(
    index: int,
    bots: tuple[str, ...],
    totals: tuple[int, ...],
    round_scores: tuple[tuple[int, ...], ...],
    winners: tuple[int, ...],
    forfeit: Fault | None,
) -> None:
    """Refuse a game's result that does not agree with itself: totals that are not
    the sums of the round scores, a forfeit whose seat, bot, game or round is not
    the game's, winners that are not the seats with the lowest total (the
    forfeiting seat never one)."""
    seats = range(len(bots))
    sums = tuple(sum(scores[seat] for scores in round_scores) for seat in seats)
    if totals != sums:
        raise InvalidRecordError(
            f"a game's totals {list(totals)} are not the sums of its round scores {list(sums)}"
        )
    others = list(seats)
    if forfeit is not None:
        if forfeit.seat not in seats:
            raise InvalidRecordError(
                f"a fault's seat {quote(forfeit.seat)} is not one of the game's {len(bots)} seats"
            )
        if forfeit.bot != bots[forfeit.seat]:
            raise InvalidRecordError(
                f"a fault's bot {quote(forfeit.bot)} is not {quote(bots[forfeit.seat])},"
                f" the bot in seat {forfeit.seat}"
            )
        if forfeit.game != index:
            raise InvalidRecordError(
                f"a fault's game {quote(forfeit.game)} is not the game's index {index}"
            )
        if not 1 <= forfeit.round <= len(round_scores) or forfeit.turn < 1:
            raise InvalidRecordError(
                f"a fault's round {quote(forfeit.round)} and turn {quote(forfeit.turn)} are not"
                f" a turn of the game's {len(round_scores)} rounds"
            )
        others.remove(forfeit.seat)
    low = min((totals[seat] for seat in others), default=0)
    expected = tuple(seat for seat in others if totals[seat] == low)
    if winners != expected:
        but = ", the forfeiting seat's left out" if forfeit is not None else ""
        raise InvalidRecordError(
            f"a game's winners {list(winners)} are not the seats with the lowest total"
            f" {list(expected)} (totals {list(totals)}{but})"
        )


_GAME_KEYS = frozenset(("index", "seed", "bots", "totals", "round_scores", "winners", "forfeit"))
_RECORDED_KEYS = _GAME_KEYS | {"record"}


def _count(value: object, name: str) -> int:
    if type(value) is not int or not 0 <= value < 2**128:
        raise InvalidRecordError(f"{name} is a whole number, not {quote(value)}")
    return value


def _text(value: object, name: str) -> str:
    if not isinstance(value, str) or len(value) > 2000:
        raise InvalidRecordError(f"{name} is a string, not {quote(value)}")
    return value


def _scores(value: object, seats: int, name: str) -> tuple[int, ...]:
    if (
        not isinstance(value, list)
        or len(value) != seats
        or not all(type(v) is int and abs(v) < 10**9 for v in value)
    ):
        raise InvalidRecordError(f"{name} are {seats} whole numbers, not {quote(value)}")
    return tuple(value)


# -- counting --------------------------------------------------------------------


class Tally:
    """Integer sums, merged in game order, so that the results are exact whatever
    order the games were played in. A sample is ``per_unit`` games in a row (one
    deal in all its seatings under duplicate deals; else one game)."""

    def __init__(self, bots: int, rounds: int, per_unit: int) -> None:
        self.per_unit = per_unit
        self.games = [0] * bots
        self.wins = [0] * bots
        self.forfeits = [0] * bots
        self.units = [0] * bots
        self.unit_sums = [0] * bots
        self.unit_squares = [0] * bots
        self.win_sums = [0] * bots
        self.win_squares = [0] * bots
        self.round_sums = [[0] * rounds for _ in range(bots)]
        self.round_counts = [[0] * rounds for _ in range(bots)]
        # per pair: games, samples, margin sum, margin squares, score sum, score squares
        self.pairs = {pair: [0, 0, 0, 0, 0, 0] for pair in combinations(range(bots), 2)}
        self.faults: list[Fault] = []
        self.kept: list[GameResult] = []
        self._unit: dict[int, list[int]] = {}
        self._pair_unit: dict[tuple[int, int], list[int]] = {}
        self._seen = 0

    def add(self, lineup: Sequence[int], result: GameResult, keep: bool = False) -> None:
        """Count the game ``result`` played by bot ``lineup[seat]`` in each seat."""
        totals = result.totals
        winners = set(result.winners)
        forfeit = result.forfeit
        for seat, bot in enumerate(lineup):
            self.games[bot] += 1
            won = seat in winners
            self.wins[bot] += won
            unit = self._unit.setdefault(bot, [0, 0])
            unit[0] += totals[seat]
            unit[1] += won
            sums, counts = self.round_sums[bot], self.round_counts[bot]
            for number, scores in enumerate(result.round_scores):
                sums[number] += scores[seat]
                counts[number] += 1
        if forfeit is not None:
            bot = lineup[forfeit.seat]
            self.forfeits[bot] += 1
            if not any(f.bot == forfeit.bot and f.kind == forfeit.kind for f in self.faults):
                self.faults.append(forfeit)
        seats = {bot: seat for seat, bot in enumerate(lineup)}
        lost = None if forfeit is None else forfeit.seat
        for a, b in combinations(sorted(seats), 2):
            seat_a, seat_b = seats[a], seats[b]
            margin = totals[seat_b] - totals[seat_a]
            if lost == seat_a:
                score = 0
            elif lost == seat_b:
                score = 2
            else:
                score = 2 if margin > 0 else 1 if margin == 0 else 0
            unit = self._pair_unit.setdefault((a, b), [0, 0])
            unit[0] += margin
            unit[1] += score
            self.pairs[a, b][0] += 1
        if keep:
            self.kept.append(result)
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
        move_time: float | None = None,
        keep_games: bool = False,
        seatings: str = "balanced",
    ) -> TournamentResults:
        """The tournament's results: these sums, with what was played (the bots'
        labels, the rules as a game record writes them, the seed, the games, whether
        the deals were duplicated, the rounds a game, the time a decision, how the
        tables were seated), and the games themselves when kept."""
        return TournamentResults(
            {
                "format": RESULTS_FORMAT,
                "version": RESULTS_VERSION,
                "bots": list(labels),
                "rules": dict(rules),
                "seed": seed,
                "games": games,
                "duplicate": duplicate,
                "seatings": seatings,
                "rounds": rounds,
                "move_time": move_time,
                "stats": [
                    {
                        "games": self.games[bot],
                        "wins": self.wins[bot],
                        "forfeits": self.forfeits[bot],
                        "samples": self.units[bot],
                        "sample_sum": self.unit_sums[bot],
                        "sample_squares": self.unit_squares[bot],
                        "win_sum": self.win_sums[bot],
                        "win_squares": self.win_squares[bot],
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
                        "score_sum": sums[4],
                        "score_squares": sums[5],
                    }
                    for (a, b), sums in self.pairs.items()
                ],
                "faults": [fault.to_dict() for fault in self.faults],
                "game_results": [result.to_dict() for result in self.kept] if keep_games else None,
            }
        )

    def _close_unit(self) -> None:
        for bot, (total, wins) in self._unit.items():
            self.units[bot] += 1
            self.unit_sums[bot] += total
            self.unit_squares[bot] += total * total
            self.win_sums[bot] += wins
            self.win_squares[bot] += wins * wins
        for pair, (margin, score) in self._pair_unit.items():
            sums = self.pairs[pair]
            sums[1] += 1
            sums[2] += margin
            sums[3] += margin * margin
            sums[4] += score
            sums[5] += score * score
        self._unit.clear()
        self._pair_unit.clear()


# -- results ----------------------------------------------------------------------


def lowest_total(rules: Rules) -> int:
    """The lowest total a game can have under ``rules``: the sum of each round's
    lowest score, which is 0, or the first player out's bonus where
    ``first-out-bonus`` gives one (doubled in the rounds ``doubles`` doubles). A
    mean total's interval never reaches below it.

    >>> import threethirteen as tt
    >>> lowest_total(tt.Rules.preset("pagat")), lowest_total(
    ...     tt.Rules.preset("pagat", ["first-out-bonus"]))
    (0, -110)
    """
    lowest = 0
    for number in range(1, len(rules.rounds) + 1):
        round_ = Round(rules, number)
        bonus = first_out_score(round_)
        if bonus is not None and bonus < 0:
            doubled = rules.doubles and round_.dealt in DOUBLED_ROUNDS
            lowest += 2 * bonus if doubled else bonus
    return lowest


@dataclass(frozen=True)
class BotResults:
    """One bot's results in a tournament.

    ``mean_total`` is its mean game total (lower is better) with a 95 % interval
    (Student's t over its ``samples``; ``None`` with fewer than two), which never
    reaches below the lowest total the rules allow (:func:`lowest_total`: 0 unless
    the first player out scores a bonus): the mean cannot. With duplicate
    deals a sample is the mean of its totals on one deal, so seat luck cancels.
    ``wins`` counts the games it finished with the lowest total, a shared lowest
    total counting as a win for each bot that shares it, a forfeited game never;
    ``win_interval`` is the Wilson interval of ``win_rate`` over independent games,
    or with duplicate deals Student's t over each deal's win fraction (the seatings
    of one deal are not independent), clipped to 0 to 1. ``forfeits`` counts the
    games it forfeited by a fault. ``round_means[i]`` is its mean score in round
    ``i + 1``.
    """

    name: str
    games: int
    samples: int
    mean_total: float | None
    mean_total_interval: tuple[float, float] | None
    wins: int
    win_rate: float | None
    win_interval: tuple[float, float]
    forfeits: int
    round_means: tuple[float | None, ...]


@dataclass(frozen=True)
class HeadToHead:
    """How many points a game ``bot`` finished ahead of ``other`` (the other's total
    less its own: positive when ``bot`` did better), over the ``games`` both played
    in; the interval pairs the samples (by deal with duplicate deals, of ``samples``
    deals; else by game): Student's t at ``confidence`` (95 %, or wider when
    adjusted for several comparisons). ``p_value`` is the two-sided t-test of a zero
    margin (Holm-adjusted with ``adjust="holm"``, Bonferroni-adjusted with
    ``adjust="bonferroni"``); ``score`` the share of their games ``bot`` finished
    ahead (a tie counting half, a forfeit as a loss)."""

    bot: str
    other: str
    games: int
    samples: int
    margin: float | None
    interval: tuple[float, float] | None
    p_value: float | None = None
    score: float | None = None
    adjust: str | None = None
    confidence: float = 0.95

    @property
    def significant(self) -> bool:
        """Whether the margin differs from zero: the interval excludes zero (with
        ``adjust="holm"``, the Holm-adjusted p-value is below 0.05)."""
        if self.adjust == "holm":
            return self.p_value is not None and self.p_value < 0.05
        return self.interval is not None and (self.interval[0] > 0 or self.interval[1] < 0)


@dataclass(frozen=True)
class Rating:
    """A bot's rating on the Elo scale (a 400-point lead means 10 to 1 odds of
    finishing ahead in a head-to-head), fitted to every head-to-head score (see
    :func:`threethirteen.statistics.ratings`), centred on 0, with a 95 % interval
    (``None`` for a bot compared with no other)."""

    name: str
    elo: float | None
    interval: tuple[float, float] | None


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
        self._data = _checked(data)

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
            raise ThreeThirteenError(f"adjust is None, 'holm' or 'bonferroni', not {quote(adjust)}")
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
        return _table(self)

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
        return _plot(self)


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


_KEYS = (
    "bots",
    "rules",
    "seed",
    "games",
    "duplicate",
    "seatings",
    "rounds",
    "move_time",
    "stats",
    "pairs",
    "faults",
    "game_results",
)


def _checked(data: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of results data, checked for its format and its fields (version 2, which
    did not name its seatings, seated by rotations: read as ``"rotations"``)."""
    if (
        isinstance(data, Mapping)
        and isinstance(data.get("format"), str)  # (a numpy array compares oddly)
        and data["format"] == RESULTS_FORMAT
        and type(data.get("version")) is int
        and data["version"] == 2
        and "seatings" not in data
    ):
        data = {**data, "version": RESULTS_VERSION, "seatings": "rotations"}
    _check_values(data)
    if not isinstance(data, Mapping) or data.get("format") != RESULTS_FORMAT:
        raise InvalidRecordError(
            f'tournament results have "format": {RESULTS_FORMAT!r}, not {quote(data)}'
        )
    version = data.get("version")
    if type(version) is not int or version != RESULTS_VERSION:
        raise InvalidRecordError(
            f"tournament results version {quote(version)} is not {RESULTS_VERSION}"
        )
    missing = [key for key in _KEYS if key not in data]
    if missing:
        raise InvalidRecordError(f"tournament results: missing {missing[0]!r}")
    # (the ratings follow from the sums: worked out again, never read)
    copy: dict[str, Any] = json.loads(
        json.dumps({key: value for key, value in data.items() if key != "ratings"})
    )
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


def _one_of(*choices: str) -> _Check:
    def check(value: object, where: str) -> None:
        if not isinstance(value, str) or value not in choices:
            raise _invalid(where, " or ".join(repr(choice) for choice in choices), value)

    return check


def _string(longest: int) -> _Check:
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


def _move_time(value: object, where: str) -> None:
    if value is not None and (
        isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 10**9
    ):
        raise _invalid(where, "null or a number of seconds from 0 to 10**9", value)


def _fault(value: object, where: str) -> None:
    if not isinstance(value, Mapping):
        raise _invalid(where, "an object", value)
    try:
        Fault.from_dict(value)
    except InvalidRecordError as error:
        raise InvalidRecordError(f"tournament results: {where}: {error}") from None


def _game_results(value: object, where: str) -> None:
    if value is None:
        return
    if not isinstance(value, list):
        raise _invalid(where, "null or a list", value)
    for index, item in enumerate(value):
        try:
            GameResult.from_dict(item)
        except InvalidRecordError as error:
            raise InvalidRecordError(f"tournament results: {where}[{index}]: {error}") from None


_COUNT = _integer(0, MAX_RESULTS_INT)
_SUM = _integer(-MAX_RESULTS_INT, MAX_RESULTS_INT)
_BOT = _integer(0, MAX_RESULTS_BOTS - 1)
_ROUND_LIST = (1, MAX_ROUNDS)  # a list a round

RESULTS_FIELDS: dict[str, _Check] = {
    "bots": _list_of(_string(MAX_LABEL_LENGTH), 2, MAX_RESULTS_BOTS),
    "rules": _rules,
    "seed": _integer(0, MAX_SEED),
    "games": _COUNT,
    "duplicate": _boolean,
    "seatings": _one_of(*SEATINGS),
    "rounds": _integer(*_ROUND_LIST),
    "move_time": _move_time,
    "faults": _list_of(_fault, 0, 3 * MAX_RESULTS_BOTS),
    "game_results": _game_results,
    "stats": _list_of(
        _object(
            {
                "games": _COUNT,
                "wins": _COUNT,
                "forfeits": _COUNT,
                "samples": _COUNT,
                "sample_sum": _SUM,
                "sample_squares": _COUNT,
                "win_sum": _COUNT,
                "win_squares": _COUNT,
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
                "score_sum": _COUNT,
                "score_squares": _COUNT,
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
    extra = [key for key in extra if key not in ("format", "version", "ratings")]
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
    faulty = {
        label for label, stats in zip(data["bots"], data["stats"], strict=True) if stats["forfeits"]
    }
    if {fault["bot"] for fault in data["faults"]} != faulty:
        raise InvalidRecordError(
            "tournament results: the faults are not those of the bots that forfeited"
        )
    kept = data["game_results"]
    if kept is not None and len(kept) != data["games"]:
        raise InvalidRecordError(
            f"tournament results: game_results: expected the {quote(data['games'])} games,"
            f" not {len(kept)}"
        )


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
    limit = ""
    if rules["max_turns"] not in (None, ARENA_MAX_TURNS):  # the arena's default goes unsaid
        limit = f", at most {rules['max_turns']} turns a round"
    clock = "" if results.move_time is None else f", {results.move_time:g} s a decision"
    games = results.game_count
    if results.duplicate:
        deals = games // results.players
        played = (
            f"{deals} deal{'s, each' if deals > 1 else ','} played in {results.players} seatings"
        )
    else:
        played = "a deal each"
    if results.players > 2:  # who sits to whose left: every order, or the one given
        played += (
            ", every order around the table"
            if results.seatings == "balanced"
            else ", one order around the table"
        )
    lines = [
        f"{rules['preset']}{variations}, {results.players} players{limit}{clock}:"
        f" {games} games ({played}), seed {results.seed}",
        "",
    ]
    ranked = sorted(results, key=lambda r: (r.mean_total is None, r.mean_total or 0.0))
    elo = results.ratings() if len(results.bots) > 1 else {}
    rows = [
        [
            "bot",
            "games",
            "mean total",
            "95% interval",
            "wins",
            "win rate",
            "95% interval",
            "elo",
            "95% interval",
            "forfeits",
        ]
    ]
    for r in ranked:
        rating = elo.get(r.name)
        rows.append(
            [
                r.name,
                str(r.games),
                _number(r.mean_total),
                _interval(r.mean_total_interval),
                str(r.wins),
                "-" if r.win_rate is None else f"{100 * r.win_rate:.1f}%",
                _interval(r.win_interval, percent=True) + "%",
                "-" if rating is None or rating.elo is None else f"{rating.elo:+.0f}",
                "-" if rating is None else _interval(rating.interval, digits=0),
                str(r.forfeits),
            ]
        )
    lines += _columns(rows, [False, *([True] * 9)])
    order = [r.name for r in ranked]
    pairs = [
        results.head_to_head(order[a], order[b]) for a, b in combinations(range(len(order)), 2)
    ]
    if pairs:
        count = len(pairs)
        lines += ["", "head to head: points a game the first finished ahead of the second"]
        if count > 1:
            lines.append(
                f"({count} comparisons, each at 95% on its own;"
                " head_to_heads(adjust='holm') holds for all of them together)"
            )
        rows = [["bots", "games", "margin", "95% interval", "p"]]
        for pair in pairs:
            rows.append(
                [
                    f"{pair.bot} - {pair.other}",
                    str(pair.games),
                    "-" if pair.margin is None else f"{pair.margin:+.1f}",
                    _interval(pair.interval),
                    "-" if pair.p_value is None else _p(pair.p_value),
                ]
            )
        lines += _columns(rows, [False, True, True, True, True])
    lines += ["", "mean score by round"]
    count = int(results._data["rounds"])
    rows = [["round", *(str(number) for number in range(1, count + 1))]]
    for r in ranked:
        rows.append([r.name, *(_number(mean) for mean in r.round_means)])
    lines += _columns(rows, [False, *([True] * count)])
    faults = results.first_faults
    if faults:
        lines += ["", "faults (each forfeits its game; the first of each kind):"]
        lines += [f"  {fault.message}" for fault in faults]
    for note in results.warnings:
        lines += ["", f"warning: {note}"] if note is results.warnings[0] else [f"warning: {note}"]
    return "\n".join(lines)


def _p(value: float) -> str:
    return "<0.001" if value < 0.001 else f"{value:.3f}"


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
    totals.set_title(f"{results.game_count} games, {results.rules['preset']}")
    rounds.set_xlabel("round")
    rounds.set_ylabel("mean score")
    rounds.set_title("mean score by round")
    rounds.legend()
    return figure
