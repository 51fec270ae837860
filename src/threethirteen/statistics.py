"""The statistics of an arena for bots, honest at any sample size: Student's t
intervals and tests from integer sums, Holm's and Bonferroni's corrections for
many comparisons, Elo ratings fitted to every pair's score, and a sequential test
(SPRT) that stops a match once the evidence is in.

A *sample* is an independent unit of play: a deal under duplicate deals (its games
share the cards, so their luck cancels), else a game. The tournament keeps exact
integer sums per sample (the count, the sum and the sum of squares), and everything
here follows from them. With few samples, Student's t (not the normal 1.96) makes a
95 % interval cover the truth 95 % of the time: with 2 samples the normal interval
covers only about 70 %. Student's t assumes samples near normal; per-deal margins,
sums of 11 rounds, are close enough (by simulation the coverage is 94.9 to 95.3 %
from 2 samples on), but strongly skewed ones (a bot now and then caught holding a
great deal) cover less with few samples (about 90 % at 5 to 10).

Only the standard library is used: the t distribution by the regularized incomplete
beta function (a continued fraction) and a safeguarded Newton search.

>>> mean, interval = mean_interval(3, 1 + 2 + 6, 1 + 4 + 36)
>>> mean, tuple(round(bound, 4) for bound in interval)
(3.0, (-3.5724, 9.5724))
>>> round(t_quantile(0.975, 2), 6), round(normal_quantile(0.975), 6)
(4.302653, 1.959964)
"""

from __future__ import annotations

import math
import numbers
import operator
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import NamedTuple

from ._validate import as_finite, as_index, check_int, quote
from .errors import InvalidInputError

__all__ = [
    "ELO_PER_LOGIT",
    "SMALL_SAMPLES",
    "SPRT",
    "SPRT_MAX_SIZE",
    "SPRT_MIN_SAMPLES",
    "Z95",
    "PairScores",
    "Rating",
    "bonferroni_confidence",
    "fraction_interval",
    "holm",
    "mean_interval",
    "normal_quantile",
    "p_value",
    "ratings",
    "small_sample_note",
    "student_errors",
    "t_cdf",
    "t_quantile",
    "wilson_interval",
]

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95 % interval."""

SMALL_SAMPLES = 10
"""Fewer samples than this earn a warning (:func:`small_sample_note`): Student's t
with so few degrees of freedom makes the intervals markedly wider than 1.96
standard errors."""

ELO_PER_LOGIT = 400 / math.log(10)
"""Elo points per unit of log-odds: ``elo = 400 * log10(p / (1 - p))``."""

SPRT_MAX_SIZE = 1e12
"""The largest size of a margin or a sample :class:`SPRT` takes (points a game run to
the thousands): the squares it sums stay far from a float's overflow."""

SPRT_MIN_SAMPLES = 8
"""The fewest samples on which :class:`SPRT` decides by default: with fewer, the
variance estimated from them is so rough that the error rates overshoot alpha and
beta (measured by simulation in the tests)."""

_NORMAL = NormalDist()
_TINY = 1e-300
_EPSILON = 1e-16
_HILL_DF = 1000.0
"""From this many degrees of freedom (and where ``t * t <= df / 10``) the t tail is
Hill's normal approximation, accurate there to about 1e-14, where the continued
fraction would lose digits to ``1 - z`` rounding."""


# -- checks ----------------------------------------------------------------------


def _real(name: str, value: object) -> float:
    """``value`` as a float: a real number (an int, a float, numpy's too), never a
    bool or NaN."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise InvalidInputError(f"{name} must be a number, not {quote(value)}")
    try:
        number = float(value)
    except OverflowError:  # an int beyond any float
        raise InvalidInputError(f"{name} must be a finite number, not {quote(value)}") from None
    if math.isnan(number):
        raise InvalidInputError(f"{name} must be a number, not {quote(value)}")
    return number


def _number(name: str, value: object) -> int | float:
    """``value`` as an int when it is one (exact sums stay exact, however large), else
    a finite float."""
    if not isinstance(value, bool):
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    return float(as_finite(value, name))


def _finite(name: str, value: object) -> float:
    """``value`` as a finite float (an int beyond any float refused)."""
    return float(as_finite(value, name))


def _bounded(name: str, value: object) -> float:
    """``value`` as a finite float no larger in size than :data:`SPRT_MAX_SIZE`."""
    number = _finite(name, value)
    if abs(number) > SPRT_MAX_SIZE:
        raise InvalidInputError(f"{name} is at most 1e12 in size, not {quote(value)}")
    return number


def _probability(name: str, value: object) -> float:
    number = _real(name, value)
    if not 0 < number < 1:
        raise InvalidInputError(f"{name} must be between 0 and 1, not {quote(value)}")
    return number


def _degrees(df: object) -> float:
    number = _real("the degrees of freedom", df)
    if not number > 0:
        raise InvalidInputError(f"the degrees of freedom must be positive, not {quote(df)}")
    return number


def _count(name: str, value: object) -> int:
    return check_int(name, value, 0)


def _scale(value: object) -> int | float:
    number = _number("the scale", value)
    if not number > 0:
        raise InvalidInputError(f"the scale must be positive, not {quote(value)}")
    return number


# -- the t distribution ------------------------------------------------------------


def _log_gamma_half_ratio(a: float) -> float:
    """``log(gamma(a + 1/2) / gamma(a))``, by its asymptotic series for large ``a``
    (where the difference of two large ``lgamma`` would lose digits)."""
    if a < 20:
        return math.lgamma(a + 0.5) - math.lgamma(a)
    x = 1 / a
    x2 = x * x
    series = 1 / 192 + x2 * (-1 / 640 + x2 * (17 / 14336 - x2 * 31 / 18432))
    return 0.5 * math.log(a) - x / 8 + x * x2 * series


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularized incomplete beta function
    (Numerical Recipes' ``betacf``, by the modified Lentz method)."""
    sum_ab, a_plus, a_minus = a + b, a + 1, a - 1
    c = 1.0
    d = 1 - sum_ab * x / a_plus
    d = 1 / (d if abs(d) > _TINY else _TINY)
    h = d
    for m in range(1, 100_000):
        m2 = 2 * m
        for numerator in (
            m * (b - m) * x / ((a_minus + m2) * (a + m2)),
            -(a + m) * (sum_ab + m) * x / ((a + m2) * (a_plus + m2)),
        ):
            d = 1 + numerator * d
            d = 1 / (d if abs(d) > _TINY else _TINY)
            c = 1 + numerator / c
            c = c if abs(c) > _TINY else _TINY
            delta = d * c
            h *= delta
        if abs(delta - 1) < _EPSILON:
            break
    return h


def _t_tail(t: float, df: float) -> float:
    """``P(T > t)`` for ``t >= 0`` under Student's t with ``df`` degrees of freedom."""
    if t == 0:
        return 0.5
    if math.isinf(t):
        return 0.0
    if math.isinf(df):
        return _NORMAL.cdf(-t)
    t2 = t * t
    if df >= _HILL_DF and t2 <= df / 10:
        # Hill (1970), CACM algorithm 395: the normal tail of a corrected deviate.
        a = df - 0.5
        b = 48 * a * a
        y = a * math.log1p(t2 / df)
        y = ((((-0.4 * y - 3.3) * y - 24) * y - 85.5) / (0.8 * y * y + 100 + b) + y + 3) / b + 1
        y *= math.sqrt(a * math.log1p(t2 / df))
        return 0.5 * math.erfc(y / math.sqrt(2))
    # P(T > t) = I_z(df / 2, 1 / 2) / 2 with z = df / (df + t**2); w = 1 - z.
    half = df / 2
    if t2 <= df:
        ratio = t2 / df
        log_z, log_w = -math.log1p(ratio), math.log(ratio) - math.log1p(ratio)
        z, w = 1 / (1 + ratio), ratio / (1 + ratio)
    else:
        ratio = df / t2
        log_ratio = math.log(ratio) if ratio > 1e-300 else math.log(df) - 2 * math.log(t)
        log_z, log_w = log_ratio - math.log1p(ratio), -math.log1p(ratio)
        z, w = ratio / (1 + ratio), 1 / (1 + ratio)
    # log of z**a * w**b / B(a, b) with a = df / 2, b = 1 / 2
    front = _log_gamma_half_ratio(half) - 0.5 * math.log(math.pi) + half * log_z + 0.5 * log_w
    if z < (half + 1) / (half + 2.5):
        return 0.5 * math.exp(front) * _beta_fraction(half, 0.5, z) / half
    return 0.5 - math.exp(front) * _beta_fraction(0.5, half, w)


def _t_density(t: float, df: float) -> float:
    """The density of Student's t at ``t`` (``df`` finite)."""
    log_density = (
        _log_gamma_half_ratio(df / 2)
        - 0.5 * math.log(df * math.pi)
        - (df + 1) / 2 * math.log1p(t * t / df)
    )
    return math.exp(log_density)


def t_cdf(x: float, df: float) -> float:
    """The cumulative distribution function of Student's t: ``P(T <= x)``.

    :param x: where to evaluate it (``±inf`` allowed).
    :param df: the degrees of freedom, positive (not necessarily whole;
        ``math.inf`` is the standard normal).
    :raises ThreeThirteenError: for ``df`` not positive, or NaN.

    >>> t_cdf(0, 3), round(t_cdf(12.706204736174698, 1), 12), round(t_cdf(-1, 1), 12)
    (0.5, 0.975, 0.25)
    """
    value = _real("x", x)
    degrees = _degrees(df)
    if value >= 0:
        return 1 - _t_tail(value, degrees)
    return _t_tail(-value, degrees)


def _t_tail_quantile(tail: float, df: float) -> float:
    """The ``t >= 0`` with ``P(T > t) == tail`` for ``0 < tail <= 1/2``."""
    if tail == 0.5:
        return 0.0
    if math.isinf(df):
        return -_NORMAL.inv_cdf(tail)
    if df == 1:
        return 1 / math.tan(math.pi * tail)
    if df == 2:
        return (1 - 2 * tail) / math.sqrt(2 * tail * (1 - tail))
    # a start from the normal deviate, by the first terms of Cornish-Fisher
    z = -_NORMAL.inv_cdf(tail)
    guess = z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df * df)
    low, high = 0.0, max(guess, 1e-3)
    while _t_tail(high, df) > tail:
        low, high = high, 2 * high
        if math.isinf(high):
            return math.inf
    t = min(max(guess, low), high)
    log_tail = math.log(tail)
    for _ in range(200):
        found = _t_tail(t, df)
        if found == tail:
            return t
        if found > tail:
            low = t
        else:
            high = t
        density = _t_density(t, df)
        step = 0.0
        if found > 0 and density > 0:
            # Newton on log P(T > t), which is nearly linear far in the tail.
            step = (math.log(found) - log_tail) * found / density
        candidate = t + step
        if not low < candidate < high or step == 0:
            candidate = (low + high) / 2
        if abs(candidate - t) <= 4 * _EPSILON * abs(t) or high - low <= 4 * _EPSILON * high:
            return candidate
        t = candidate
    return t  # pragma: no cover - the search converges in far fewer steps


def t_quantile(probability: float, df: float) -> float:
    """The quantile of Student's t: the ``x`` with ``P(T <= x) == probability``.

    :param probability: strictly between 0 and 1.
    :param df: the degrees of freedom, positive (not necessarily whole;
        ``math.inf`` is the standard normal).
    :raises ThreeThirteenError: for a probability outside (0, 1) or ``df`` not positive.

    >>> round(t_quantile(0.975, 1), 12), round(t_quantile(0.975, 4), 12), t_quantile(0.5, 7)
    (12.706204736175, 2.776445105198, 0.0)
    >>> round(t_quantile(0.025, 29), 12)
    -2.045229642133
    """
    p = _probability("the probability", probability)
    degrees = _degrees(df)
    if p == 0.5:
        return 0.0
    if p > 0.5:
        return _t_tail_quantile(1 - p, degrees)
    return -_t_tail_quantile(p, degrees)


def student_errors(errors: float, samples: int) -> float:
    """How many standard errors a mean of ``samples`` paired differences must lead
    by to be as sure as ``errors`` standard errors of a normal mean: Student's t
    quantile with ``samples - 1`` degrees of freedom at the normal tail of
    ``errors`` (2: the one-sided 97.7 %). Infinite for fewer than 2 samples (no
    spread to judge by), except that 0 errors is always 0 (the bare mean decides).
    The search bots' guard: a few playouts need a larger lead.

    >>> round(student_errors(2, 4), 3), round(student_errors(2, 16), 3), student_errors(2, 1)
    (3.307, 2.181, inf)
    >>> student_errors(0, 1)
    0.0

    Beyond about 8.3 errors the normal tail is below a double's precision, and no
    lead is enough:

    >>> student_errors(8, 4) > 1e5, student_errors(9, 4), student_errors(1e9, 16)
    (True, inf, inf)
    """
    if errors == 0:
        return 0.0
    if samples < 2:
        return math.inf
    level = _NORMAL.cdf(errors)
    if level >= 1.0:
        return math.inf
    return t_quantile(level, samples - 1)


def normal_quantile(probability: float) -> float:
    """The quantile of the standard normal distribution (``statistics.NormalDist``).

    :raises ThreeThirteenError: for a probability outside (0, 1).

    >>> round(normal_quantile(0.975), 12), normal_quantile(0.5)
    (1.95996398454, 0.0)
    """
    return _NORMAL.inv_cdf(_probability("the probability", probability))


# -- means of samples ----------------------------------------------------------------


def _spread(count: int, total: int | float, squares: int | float) -> int | float:
    """``count * squares - total**2`` (``count * (count - 1)`` times the sample
    variance), exact for ints, refusing sums no sample has."""
    spread = count * squares - total * total
    if spread < 0:
        if isinstance(spread, float) and spread >= -1e-9 * max(count * abs(squares), 1e-300):
            return 0.0
        raise InvalidInputError(
            f"the sums are no sample's: {count} values cannot sum to {quote(total)}"
            f" with squares summing to {quote(squares)}"
        )
    return spread


def _sums(
    count: object, total: object, squares: object, scale: object
) -> tuple[int, int | float, int | float, int | float]:
    number = _count("the count", count)
    found_total = _number("the sum", total)
    found_squares = _number("the sum of squares", squares)
    if found_squares < 0:
        raise InvalidInputError(f"the sum of squares must not be negative, not {quote(squares)}")
    if number == 0 and (found_total or found_squares):
        raise InvalidInputError(
            f"the sums of no values are 0, not {quote(total)} and {quote(squares)}"
        )
    return number, found_total, found_squares, _scale(scale)


def mean_interval(
    count: int,
    total: float,
    squares: float,
    scale: float = 1,
    confidence: float = 0.95,
) -> tuple[float | None, tuple[float, float] | None]:
    """The mean of samples ``x / scale`` and its Student's t interval, from the sums
    of the samples ``x`` (``total``) and of their squares (``squares``).

    The interval is ``mean ± t(1 - (1 - confidence) / 2, count - 1) * s / sqrt(count)``
    with ``s`` the sample standard deviation. Integer sums are used exactly (the
    variance is ``(count * squares - total**2) / (count * (count - 1))``, no
    cancellation). A sample without spread has an interval of zero width.

    :param count: the number of samples.
    :param total: the sum of the samples.
    :param squares: the sum of their squares.
    :param scale: what each sample is divided by (say, the games in a deal).
    :param confidence: the interval's confidence, between 0 and 1.
    :returns: ``(mean, (low, high))``; the mean is ``None`` with no samples, the
        interval ``None`` with fewer than two.
    :raises ThreeThirteenError: for sums that no sample has (``count * squares <
        total**2``), a negative count, a scale that is not positive, a confidence
        outside (0, 1).

    >>> mean_interval(3, 9, 41)  # the samples 1, 2 and 6
    (3.0, (-3.5724..., 9.5724...))
    >>> mean_interval(1, 5, 25), mean_interval(0, 0, 0), mean_interval(2, 6, 18, 3)
    ((5.0, None), (None, None), (1.0, (1.0, 1.0)))
    """
    number, found_total, found_squares, divisor = _sums(count, total, squares, scale)
    level = _probability("the confidence", confidence)
    if number == 0:
        return None, None
    spread = _spread(number, found_total, found_squares)
    mean = found_total / (number * divisor)
    if number < 2:
        return mean, None
    if spread == 0:
        return mean, (mean, mean)
    error = math.sqrt(spread / (number - 1)) / (number * divisor)
    half = t_quantile(1 - (1 - level) / 2, number - 1) * error
    return mean, (mean - half, mean + half)


def p_value(count: int, total: float, squares: float, scale: float = 1) -> float:
    """The two-sided p-value of Student's t test that the samples' mean is 0: the
    probability, were the true mean 0, of a t statistic as far from 0 as this one.

    :param count: the number of samples.
    :param total: the sum of the samples.
    :param squares: the sum of their squares.
    :param scale: what each sample is divided by (it does not change the p-value).
    :returns: the p-value; ``1.0`` with fewer than two samples (no evidence) or
        when every sample is 0, ``0.0`` when every sample is the same non-zero value.
    :raises ThreeThirteenError: as :func:`mean_interval`.

    >>> round(p_value(3, 9, 41), 6), p_value(1, 5, 25), p_value(3, 6, 12), p_value(2, 0, 0)
    (0.188497, 1.0, 0.0, 1.0)
    """
    number, found_total, found_squares, _ = _sums(count, total, squares, scale)
    if number < 2:
        return 1.0
    spread = _spread(number, found_total, found_squares)
    if spread == 0:
        return 1.0 if found_total == 0 else 0.0
    # t = mean / (s / sqrt(n)) = total * sqrt(n - 1) / sqrt(spread)
    statistic = abs(found_total) * math.sqrt((number - 1) / spread)
    return min(1.0, 2 * _t_tail(statistic, number - 1))


def fraction_interval(
    count: int,
    total: float,
    squares: float,
    scale: float = 1,
    confidence: float = 0.95,
) -> tuple[float | None, tuple[float, float] | None]:
    """The mean of per-sample fractions ``x / scale`` (say, a bot's share of the wins
    of each deal) and its Student's t interval clipped to [0, 1]: under duplicate
    deals the games of a deal are not independent, so the interval rests on the
    deals, not on the games (compare :func:`wilson_interval`, for independent games).
    The interval is widened to hold the Wilson interval of the mean fraction over
    ``count`` trials (one a sample), so that a few samples that all agree (every
    deal won) never give an interval of zero width: a clean sweep of 5 deals is not
    a certainty.

    :param count: the number of samples.
    :param total: the sum of the samples ``x``, each from 0 to ``scale``.
    :param squares: the sum of their squares.
    :param scale: the value of ``x`` that is a fraction of 1.
    :param confidence: the interval's confidence.
    :returns: as :func:`mean_interval`, the interval clipped to [0, 1].
    :raises ThreeThirteenError: as :func:`mean_interval`, and for a sum above
        ``count * scale`` (a fraction above 1) or below 0.

    >>> fraction_interval(4, 5, 9, 2)  # a deal's wins out of 2 games: 2, 2, 1, 0
    (0.625, (0.0, 1.0))
    >>> fraction_interval(5, 10, 20, 2)  # every deal won: Wilson's 5 out of 5
    (1.0, (0.5655..., 1.0))
    >>> fraction_interval(10, 12, 18, 2)  # Wilson's is the wider here
    (0.6, (0.3126..., 0.8318...))
    """
    mean, interval = mean_interval(count, total, squares, scale, confidence)
    if mean is not None and not -1e-12 <= mean <= 1 + 1e-12:
        raise InvalidInputError(
            f"fractions are from 0 to 1, not a mean of {quote(mean)}"
            f" ({quote(total)} over {quote(count)} samples of scale {quote(scale)})"
        )
    if interval is None or mean is None:
        return mean, None
    low, high = _wilson(min(1.0, max(0.0, mean)), count, Z95)
    return mean, (min(1.0, max(0.0, interval[0], 0.0), low), max(0.0, min(1.0, interval[1]), high))


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95 % by default), for
    independent trials; ``(0.0, 1.0)`` with none.

    :param successes: the successes, from 0 to ``trials``.
    :param trials: the trials.
    :param z: the normal quantile of the interval (1.96 for 95 %).
    :raises ThreeThirteenError: for successes outside 0 to ``trials``.

    >>> low, high = wilson_interval(60, 100)
    >>> round(low, 4), round(high, 4)
    (0.502, 0.6906)
    >>> wilson_interval(0, 0), wilson_interval(0, 5)[0], wilson_interval(5, 5)[1]
    ((0.0, 1.0), 0.0, 1.0)
    """
    n = _count("the trials", trials)
    k = _count("the successes", successes)
    if k > n:
        raise InvalidInputError(f"the successes must be at most the trials ({n}), not {k}")
    width = _real("z", z)
    if n == 0:
        return 0.0, 1.0
    return _wilson(k / n, n, width)


def _wilson(p: float, n: int, z: float) -> tuple[float, float]:
    """The Wilson interval of a proportion ``p`` of ``n`` trials (``n`` > 0)."""
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    low = 0.0 if p == 0 else max(0.0, centre - half)
    return low, 1.0 if p == 1 else min(1.0, centre + half)


def small_sample_note(samples: int, unit: str) -> str | None:
    """A one-line warning for results that rest on fewer than :data:`SMALL_SAMPLES`
    samples, saying why their intervals are wide; ``None`` for enough samples.

    :param samples: the number of independent samples.
    :param unit: what a sample is, in the singular (``"deal"``, ``"game"``); an
        ``s`` makes the plural.

    >>> print(small_sample_note(4, "deal"))
    only 4 deals: Student's t with 3 degrees of freedom widens the 95% intervals
    (3.18 standard errors, not 1.96)
    >>> small_sample_note(1, "game")
    'only 1 game: no intervals (they take at least 2 games)'
    >>> small_sample_note(10, "deal") is None
    True
    """
    number = _count("the samples", samples)
    if number >= SMALL_SAMPLES:
        return None
    if number < 2:
        what = f"no {unit}s" if number == 0 else f"only 1 {unit}"
        return f"{what}: no intervals (they take at least 2 {unit}s)"
    degrees = number - 1
    quantile = t_quantile(0.975, degrees)
    return (
        f"only {number} {unit}s: Student's t with {degrees} degree{'s' if degrees > 1 else ''}"
        f" of freedom widens the 95% intervals ({quantile:.2f} standard errors, not 1.96)"
    )


# -- many comparisons --------------------------------------------------------------


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given: the ``i``-th smallest
    of ``m`` p-values is multiplied by ``m - i + 1``, each adjusted value is at least
    the one before it in that order, and none exceeds 1. Rejecting where the
    adjusted p-value is at most 0.05 keeps the family-wise error rate (the chance of
    any false rejection) at 5 %, with more power than Bonferroni's.

    Holm's method tests; it gives no intervals. For intervals that hold together,
    use Bonferroni's confidence (:func:`bonferroni_confidence`): a verdict by Holm
    and an interval by Bonferroni may then disagree at the margin.

    :raises ThreeThirteenError: for a p-value outside [0, 1].

    >>> holm([0.01, 0.04, 0.03, 0.005])
    [0.03, 0.06, 0.06, 0.02]
    """
    values = [_real("a p-value", p) for p in p_values]
    for p in values:
        if not 0 <= p <= 1:
            raise InvalidInputError(f"a p-value is from 0 to 1, not {quote(p)}")
    m = len(values)
    adjusted = [0.0] * m
    running = 0.0
    for rank, index in enumerate(sorted(range(m), key=values.__getitem__)):
        running = max(running, min(1.0, (m - rank) * values[index]))
        adjusted[index] = running
    return adjusted


def bonferroni_confidence(comparisons: int, confidence: float = 0.95) -> float:
    """The confidence of each of ``comparisons`` intervals that, by Bonferroni's
    inequality, all hold together with ``confidence``: ``1 - (1 - confidence) / k``.

    These simultaneous intervals go with verdicts by Holm's p-values (:func:`holm`),
    which are never less powerful than Bonferroni's.

    :raises ThreeThirteenError: for fewer than one comparison.

    >>> round(bonferroni_confidence(6), 6), bonferroni_confidence(1)
    (0.991667, 0.95)
    """
    k = check_int("the comparisons", comparisons, 1)
    level = _probability("the confidence", confidence)
    return 1 - (1 - level) / k


# -- ratings -----------------------------------------------------------------------


class PairScores(NamedTuple):
    """One pair of bots' head-to-head scores as integer sums, for :func:`ratings`.

    Each sample (a deal, or a game) gives the first bot a score: the pairwise games
    of the sample it finished ahead of the second bot (a lower total), a tie
    counting half, divided by ``scale`` (a fraction from 0 to 1). With scores
    counted in halves and ``g`` games of the pair per sample, ``scale`` is ``2 * g``.

    >>> PairScores(games=5, samples=5, total=7, squares=13)
    PairScores(games=5, samples=5, total=7, squares=13, scale=2)
    """

    games: int
    """The pair's games in all the samples."""
    samples: int
    """The samples (each with at least one game of the pair)."""
    total: int
    """The sum of the first bot's scores."""
    squares: int
    """The sum of their squares."""
    scale: int = 2
    """A score of ``scale`` is a fraction of 1 (every game won)."""


@dataclass(frozen=True)
class Rating:
    """A bot's rating on the Elo scale (a lead of 400 points is odds of 10 to 1 of
    finishing ahead), centred so that the ratings average 0, and its interval
    (``None`` with too few samples). ``elo`` is ``None`` for a bot compared with no
    other.

    >>> Rating(73.6, (-10.0, 157.2))
    Rating(elo=73.6, interval=(-10.0, 157.2))
    """

    elo: float | None
    interval: tuple[float, float] | None


class _Pair(NamedTuple):
    first: int
    second: int
    difference: float  # the Elo difference, first less second
    weight: float  # 1 / its variance
    samples: int


def _pair_fit(scores: PairScores) -> tuple[float, float]:
    """A pair's Elo difference and its variance (see :func:`ratings`)."""
    n, g = scores.samples, scores.games
    mean = scores.total / (n * scores.scale)
    least = 1 / (2 * (g + 1))
    p = min(max(mean, least), 1 - least)
    spread = n * scores.squares - scores.total * scores.total
    if n >= 2 and spread > 0:
        variance = spread / (n * (n - 1) * scores.scale**2) / n
    else:
        variance = p * (1 - p) / g
    difference = ELO_PER_LOGIT * math.log(p / (1 - p))
    return difference, ELO_PER_LOGIT**2 * variance / (p * (1 - p)) ** 2


def _check_pair(bots: int, key: object, value: object) -> PairScores | None:
    if not isinstance(key, tuple) or len(key) != 2:
        raise InvalidInputError(f"a pair of bots is a tuple (a, b), not {quote(key)}")
    a, b = (as_index(bot, "a bot") for bot in key)
    if not (0 <= a < bots and 0 <= b < bots) or a == b:
        raise InvalidInputError(f"a pair is two bots from 0 to {bots - 1}, not {quote(key)}")
    if not isinstance(value, tuple) or len(value) != 5:
        raise InvalidInputError(
            f"a pair's scores are (games, samples, total, squares, scale), not {quote(value)}"
        )
    games, samples, total, squares = (
        _count(f"pair {quote(key)}'s {name}", item)
        for name, item in zip(("games", "samples", "total", "squares"), value[:4], strict=True)
    )
    scale = check_int(f"pair {quote(key)}'s scale", value[4], 1)
    if games < samples or (samples == 0 and (games or total or squares)):
        raise InvalidInputError(
            f"pair {quote(key)} has at least one game in each sample, not {quote(value)}"
        )
    if total > samples * scale or squares > total * scale or samples * squares < total * total:
        raise InvalidInputError(
            f"pair {quote(key)}'s sums are not those of scores from 0 to its scale: {quote(value)}"
        )
    return PairScores(games, samples, total, squares, scale) if samples else None


def _solve(matrix: list[list[float]], columns: list[list[float]]) -> list[list[float]]:
    """``matrix**-1 @ columns`` by Gauss-Jordan elimination with partial pivoting
    (``matrix`` positive definite, small)."""
    size = len(matrix)
    rows = [matrix[i][:] + [column[i] for column in columns] for i in range(size)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda row: abs(rows[row][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [value / lead for value in rows[col]]
        for row in range(size):
            factor = rows[row][col]
            if row != col and factor:
                rows[row] = [v - factor * w for v, w in zip(rows[row], rows[col], strict=True)]
    return [[rows[i][size + j] for i in range(size)] for j in range(len(columns))]


def _components(bots: int, pairs: list[_Pair]) -> list[list[int]]:
    """The groups of bots linked by compared pairs (a bot in no pair in none)."""
    parent = list(range(bots))

    def root(bot: int) -> int:
        while parent[bot] != bot:
            parent[bot] = parent[parent[bot]]
            bot = parent[bot]
        return bot

    for pair in pairs:
        parent[root(pair.first)] = root(pair.second)
    linked = {bot for pair in pairs for bot in (pair.first, pair.second)}
    groups: dict[int, list[int]] = {}
    for bot in sorted(linked):
        groups.setdefault(root(bot), []).append(bot)
    return list(groups.values())


def ratings(
    bots: int,
    pairs: Mapping[tuple[int, int], PairScores | tuple[int, int, int, int, int]],
    confidence: float = 0.95,
) -> list[Rating]:
    """Ratings on the Elo scale of ``bots`` bots, fitted to their pairs' scores.

    The method, for each pair ``(a, b)`` with games:

    - ``p``, the mean over the samples of ``a``'s score fraction against ``b``;
      a score of 0 or 1 is pulled to ``1 / (2 * (g + 1))`` or ``1 - 1 / (2 * (g +
      1))`` for ``g`` games (the score with half a game added to each side, as the
      Haldane-Anscombe correction does), so that its logit is finite;
    - its Elo difference ``d = 400 * log10(p / (1 - p))``;
    - its variance by the delta method, ``(400 / ln 10)**2 * v / (p * (1 - p))**2``,
      where ``v`` is the variance of ``p``: the sample variance of the pair's
      per-sample fractions over its samples, or, when that is 0 or there is only
      one sample, the binomial ``p * (1 - p) / g`` (a zero variance would weigh a
      pair infinitely).

    The ratings ``r`` minimize ``sum w * (r_a - r_b - d)**2`` with weights ``w`` the
    inverse variances (weighted least squares), with the ratings of each group of
    bots linked by compared pairs centred to mean 0. Their covariance is the
    pseudo-inverse of ``X'WX`` (the weighted Laplacian of the pairs), which the
    centring makes unique; an interval is ``r ± t * sqrt(variance)`` with Student's t
    on the fewest samples less one of the group's pairs (at least 2 samples;
    ``None`` when no pair of the group has 2). With two bots this is exactly
    ``±d / 2``. A bot in no pair with games has ``elo=None``.

    By simulation from known ratings (-200, 0, 150 and 400, every pair 100 games)
    the fit orders the bots right and its intervals cover the truth 94 to 96 % of the
    time. Scores at or near 0 or 1 only bound a difference: bots 1,200 points apart
    over 20 games a pair are pulled towards each other and their intervals cover
    some 75 % (with 200 games, 95 %).

    :param bots: the number of bots.
    :param pairs: each pair ``(a, b)`` of bots (indices, ``a != b``, each pair once)
        mapped to its :class:`PairScores` (or a tuple in its order:
        ``(games, samples, total, squares, scale)``); pairs missing or with no
        games are left out.
    :param confidence: the confidence of the intervals.
    :returns: each bot's :class:`Rating`, in bot order.
    :raises ThreeThirteenError: for a pair that names no two bots, is given twice
        or has impossible sums.

    >>> fitted = ratings(2, {(0, 1): PairScores(games=5, samples=5, total=7, squares=13)})
    >>> [round(rating.elo, 2) for rating in fitted]  # 400 * log10(0.7 / 0.3) / 2
    [73.6, -73.6]
    >>> ratings(3, {(0, 1): (1, 1, 1, 1, 2)})[2]
    Rating(elo=None, interval=None)
    """
    count = _count("the bots", bots)
    level = _probability("the confidence", confidence)
    seen: set[tuple[int, int]] = set()
    fits: list[_Pair] = []
    for key, value in pairs.items():
        scores = _check_pair(count, key, value)
        a, b = (operator.index(bot) for bot in key)
        if (min(a, b), max(a, b)) in seen:
            raise InvalidInputError(f"the pair {quote(key)} is given twice")
        seen.add((min(a, b), max(a, b)))
        if scores is not None:
            difference, variance = _pair_fit(scores)
            fits.append(_Pair(a, b, difference, 1 / variance, scores.samples))
    found = [Rating(None, None)] * count
    for group in _components(count, fits):
        position = {bot: index for index, bot in enumerate(group)}
        size = len(group)
        members = [pair for pair in fits if pair.first in position]
        # X'WX + c J, whose inverse less J / (c size**2) is the pseudo-inverse of X'WX;
        # c sets the eigenvalue of the constant vector near the others
        level_weight = 2 * sum(pair.weight for pair in members) / size**2
        laplacian = [[level_weight] * size for _ in range(size)]
        right = [0.0] * size
        for pair in members:
            i, j = position[pair.first], position[pair.second]
            laplacian[i][i] += pair.weight
            laplacian[j][j] += pair.weight
            laplacian[i][j] -= pair.weight
            laplacian[j][i] -= pair.weight
            right[i] += pair.weight * pair.difference
            right[j] -= pair.weight * pair.difference
        identity = [[float(i == j) for i in range(size)] for j in range(size)]
        inverse = _solve(laplacian, identity)
        centred = [sum(inverse[j][i] * right[j] for j in range(size)) for i in range(size)]
        shift = sum(centred) / size  # 0 up to rounding
        degrees = min((pair.samples - 1 for pair in members if pair.samples >= 2), default=0)
        quantile = t_quantile(1 - (1 - level) / 2, degrees) if degrees else None
        for bot, index in position.items():
            elo = centred[index] - shift
            interval = None
            if quantile is not None:
                variance = inverse[index][index] - 1 / (level_weight * size * size)
                half = quantile * math.sqrt(max(variance, 0.0))
                interval = (elo - half, elo + half)
            found[bot] = Rating(elo, interval)
    return found


# -- a sequential test -----------------------------------------------------------


class SPRT:
    """A sequential probability ratio test of a mean margin, as fishtest runs: add
    one sample at a time (say, the points per deal by which bot A beat bot B) and
    stop as soon as the evidence favours one hypothesis enough.

    It tests ``H0: mean = margin0`` against ``H1: mean = margin1`` (``margin0 <
    margin1``) with the generalized SPRT (GSPRT): the samples are taken as normal
    with an unknown variance, which is estimated under each hypothesis by maximum
    likelihood. For ``n`` samples with mean ``m`` and variance ``v`` (the sum of the
    squared deviations over ``n``) the log-likelihood ratio is

        ``LLR = n / 2 * log((v + (m - margin0)**2) / (v + (m - margin1)**2))``

    which for many samples is fishtest's normalized form ``(margin1 - margin0) / v
    * (S - n * (margin0 + margin1) / 2)`` (``S`` the samples' sum). That linear form,
    though, is too liberal with few samples (the measured error rates were 6.7 %
    for 5 % with 10 samples at least, 10 % with 4); this one keeps them.

    The test accepts H1 once ``LLR >= log((1 - beta) / alpha)`` and H0 once ``LLR
    <= log(beta / (1 - alpha))`` (Wald's bounds), from ``min_samples`` samples on
    (:data:`SPRT_MIN_SAMPLES`). Were the true mean ``margin0``, it then accepts H1
    with probability about ``alpha``; were it ``margin1``, it accepts H0 with
    probability about ``beta``. By simulation with ``alpha = beta = 0.05``, margins
    0 and 10 and a standard deviation of 30, normal samples give 5.0 % and 5.2 %,
    skewed and heavy-tailed ones less; strongly skewed samples and a small
    ``margin1 - margin0`` (a tenth of the standard deviation, some 500 samples) can
    raise the error on the side of the long tail to about 6.5 %. Between the margins
    the test may take long: a caller should also cap the samples.

    Once decided, the decision stands; later samples still count in
    :attr:`samples` and :attr:`llr`.

    :param margin0: the mean under H0.
    :param margin1: the mean under H1, above ``margin0``.
    :param alpha: the chance of accepting H1 when H0 holds, below 0.5.
    :param beta: the chance of accepting H0 when H1 holds, below 0.5.
    :param min_samples: the fewest samples to decide on, at least 2.
    :raises ThreeThirteenError: for margins not finite or not increasing, error
        rates outside (0, 0.5), ``min_samples`` below 2.

    >>> test = SPRT(0, 10)
    >>> round(test.lower, 4), round(test.upper, 4)
    (-2.9444, 2.9444)
    >>> [test.add(margin) for margin in [12, 15, 25, 31, 18, 40, 19]]
    [None, None, None, None, None, None, None]
    >>> round(test.llr, 3), test.samples  # evidence enough, but too few samples
    (3.117, 7)
    >>> test.add(22), test.add(-50), round(test.llr, 3), test.decision, test.samples
    ('H1', 'H1', 1.24, 'H1', 9)
    """

    def __init__(
        self,
        margin0: float,
        margin1: float,
        alpha: float = 0.05,
        beta: float = 0.05,
        min_samples: int = SPRT_MIN_SAMPLES,
    ) -> None:
        low = _bounded("margin0", margin0)
        high = _bounded("margin1", margin1)
        if not low < high:
            raise InvalidInputError(
                f"margin0 must be below margin1, not {quote(margin0)} and {quote(margin1)}"
            )
        rates = []
        for name, rate in (("alpha", alpha), ("beta", beta)):
            rates.append(_real(name, rate))
            if not 0 < rates[-1] < 0.5:
                raise InvalidInputError(f"{name} must be between 0 and 0.5, not {quote(rate)}")
        fewest = check_int("min_samples", min_samples, 2)
        self.margin0 = float(low)
        self.margin1 = float(high)
        self.alpha, self.beta = rates
        self.min_samples = fewest
        self._count = 0
        self._mean = 0.0
        self._spread = 0.0  # the sum of squared deviations from the mean (Welford)
        self._decision: str | None = None

    def __repr__(self) -> str:
        return (
            f"<SPRT {self.margin0:g} vs {self.margin1:g} (alpha {self.alpha:g},"
            f" beta {self.beta:g}): {self._count} samples, LLR {self.llr:.3f},"
            f" {self._decision or 'undecided'}>"
        )

    @property
    def lower(self) -> float:
        """The bound at or below which the test accepts H0: ``log(beta / (1 - alpha))``."""
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        """The bound at or above which the test accepts H1: ``log((1 - beta) / alpha)``."""
        return math.log((1 - self.beta) / self.alpha)

    @property
    def samples(self) -> int:
        """The samples added."""
        return self._count

    @property
    def decision(self) -> str | None:
        """``"H0"``, ``"H1"``, or ``None`` while undecided."""
        return self._decision

    @property
    def llr(self) -> float:
        """The log-likelihood ratio of H1 to H0 so far (0 with no samples; infinite
        when every sample equals a margin)."""
        if self._count == 0:
            return 0.0
        variance = self._spread / self._count
        under0 = variance + (self._mean - self.margin0) ** 2
        under1 = variance + (self._mean - self.margin1) ** 2
        if under0 == 0:
            return -math.inf
        if under1 == 0:
            return math.inf
        return self._count / 2 * math.log(under0 / under1)

    def add(self, value: float) -> str | None:
        """Add one sample; return the decision (``"H0"`` or ``"H1"``) once made,
        ``None`` before.

        :raises ThreeThirteenError: for a value that is not a finite number.
        """
        number = _bounded("a sample", value)
        self._count += 1
        delta = number - self._mean
        self._mean += delta / self._count
        self._spread += delta * (number - self._mean)
        if self._decision is None and self._count >= self.min_samples:
            llr = self.llr
            if llr >= self.upper:
                self._decision = "H1"
            elif llr <= self.lower:
                self._decision = "H0"
        return self._decision
