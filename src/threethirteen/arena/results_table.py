"""A tournament's results as a text table (:func:`results_table`, which
:meth:`~threethirteen.TournamentResults.table` and ``str(results)`` return): it reads the results
through their public figures only (:class:`TableResults`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any, Protocol

from .game_results import Fault
from .results_figures import BotResults, HeadToHead, Rating
from .tournament_settings import ARENA_MAX_TURNS

__all__ = ["TableResults", "results_table"]


class TableResults(Protocol):
    """What :func:`results_table` reads of a :class:`~threethirteen.TournamentResults`."""

    @property
    def rules(self) -> dict[str, Any]: ...
    @property
    def move_time(self) -> float | None: ...
    @property
    def game_count(self) -> int: ...
    @property
    def duplicate(self) -> bool: ...
    @property
    def players(self) -> int: ...
    @property
    def seatings(self) -> str: ...
    @property
    def seed(self) -> int: ...
    @property
    def bots(self) -> tuple[str, ...]: ...
    @property
    def first_faults(self) -> tuple[Fault, ...]: ...
    @property
    def warnings(self) -> tuple[str, ...]: ...
    def __iter__(self) -> Iterator[BotResults]: ...
    def ratings(self) -> dict[str, Rating]: ...
    def head_to_head(self, bot: str, other: str) -> HeadToHead: ...


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


def results_table(results: TableResults) -> str:
    """The results as a text table (what :meth:`~threethirteen.TournamentResults.table` returns):
    what was played; the bots, best mean total first, with their ratings and
    forfeits; the head to head margins; the mean score by round; faults and
    warnings.

    >>> from threethirteen.arena.tally import Tally
    >>> from threethirteen.arena.game_results import GameResult
    >>> tally = Tally(bots=2, rounds=1, per_unit=1)
    >>> tally.add((0, 1), GameResult(0, 1, ("a", "b"), (3, 10), ((3, 10),), (0,)))
    >>> rules = {"preset": "pagat", "variations": [], "players": 2, "max_turns": None}
    >>> print(results_table(tally.results(["a", "b"], rules, 1, 1, False, 1)).splitlines()[0])
    pagat, 2 players: 1 games (a deal each), seed 1
    """
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
    count = len(ranked[0].round_means)  # (a list a round; at least two bots)
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
