"""A mean total's interval never reaches below the lowest total the rules allow (no
mean can), and is Student's t where it stays above."""

from __future__ import annotations

import math

import pytest

import threethirteen as tt
from threethirteen.arena.tournament_results import lowest_total
from threethirteen.statistics import SPRT, mean_interval


def test_the_lowest_total_is_zero_or_the_bonuses() -> None:
    assert lowest_total(tt.Rules.preset("pagat")) == 0
    # 11 rounds, -10 to the first out in each
    assert lowest_total(tt.Rules.preset("pagat", ["first-out-bonus"])) == -110
    # J, Q and K wild double under "doubles": rounds of 11, 12 and 13 cards
    both = tt.Rules.preset("pagat", ["first-out-bonus", "doubles"])
    assert lowest_total(both) == -140


def test_few_games_give_an_interval_clipped_at_zero() -> None:
    results = tt.tournament(["advisor", "greedy", "random"], players=2, games=6, seed=1,
                            max_turns=30)  # fmt: skip
    advisor = results["advisor"]
    assert advisor.mean_total == 23.0
    assert advisor.mean_total_interval is not None
    low, high = advisor.mean_total_interval
    assert low == 0.0
    assert math.isclose(high, 181.8, abs_tol=0.05)
    # the unclipped t interval reached below zero
    stats = results.to_dict()["stats"][results.bots.index("advisor")]
    raw = mean_interval(stats["samples"], stats["sample_sum"], stats["sample_squares"], 2)[1]
    assert raw is not None
    assert raw[0] < 0
    assert math.isclose(raw[1], high)
    # an interval above zero is left as it is
    random = results["random"]
    assert random.mean_total_interval is not None
    assert random.mean_total_interval[0] > 100


def test_a_margin_or_sample_too_large_to_square_is_refused() -> None:
    # hypothesis found margin1=-1.34e154: its square overflowed in the LLR
    with pytest.raises(tt.ThreeThirteenError) as caught:
        tt.match(["greedy", "random"], margin1=-1.34e154, seed=1, max_deals=2, max_turns=5)
    assert str(caught.value) == "margin1 is at most 1e12 in size, not -1.34e+154"
    test = SPRT(0, 5)
    with pytest.raises(tt.ThreeThirteenError, match="a sample is at most 1e12 in size"):
        test.add(1e300)
    assert test.samples == 0
    test.add(-1e12)
    assert test.samples == 1


def test_stopping_the_interval_at_the_lowest_total_keeps_its_coverage() -> None:
    # Totals are never below 0: a mean total's t interval stopped at 0 holds the true
    # mean exactly when the whole interval does, so its coverage is unchanged, by
    # simulation over small samples of a skewed total whose intervals often reach
    # below zero.
    import numpy as np

    rng = np.random.default_rng(3)
    true_mean, trials, size = 20.0, 4000, 3
    whole = stopped = below = 0
    for _ in range(trials):
        totals = rng.exponential(true_mean, size)
        found = mean_interval(size, float(totals.sum()), float((totals**2).sum()), 1)[1]
        assert found is not None
        low, high = found
        below += low < 0
        whole += low <= true_mean <= high
        stopped += max(low, 0.0) <= true_mean <= max(high, 0.0)
    assert below > trials // 4  # the case the clip is for is common here
    assert stopped == whole
    assert 0.85 < whole / trials < 0.95  # (t undercovers a skewed total at n=3: 0.876)
