"""The figures a tournament's results give: a bot's (:class:`BotResults`), a pair's
(:class:`HeadToHead`), a bot's rating (:class:`Rating`), and the lowest total a
game can have (:func:`lowest_total`), below which no mean total's interval reaches.

>>> HeadToHead("a", "b", 10, 10, 2.5, (0.5, 4.5)).significant
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.scoring import DOUBLED_ROUNDS, first_out_score
from ..hands.rounds import Round
from ..hands.rules import Rules

__all__ = ["BotResults", "HeadToHead", "Rating", "lowest_total"]


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
