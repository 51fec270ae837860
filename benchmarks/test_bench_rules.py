"""Benchmarks of a fresh but equal ``Rules`` object per call.

``Rules`` is hashed and compared by value, and ``rounds.round_for`` (the cache of
the rounds ``rules=`` and ``wild=`` prepare) is keyed by value: a program that
builds new, equal rules for every call must find the round prepared for them
about as cheaply as one that keeps one object (the issue's target: at most 1 µs
more per ``tt.deadwood_score`` call). In the group, on the same distinct hands
(uniform, 10 cards, pagat, sixes wild), ``tt.deadwood_score(hand, wild=6,
rules=r)`` with ``r``:

* ``reused``: one ``Rules.preset("pagat")`` for every call;
* ``fresh``: a new ``Rules.preset("pagat")`` per call, all built before the timed
  loop (pytest-benchmark's ``setup``, once per round), so only the calls are timed;
* ``name``: the preset's name, ``"pagat"``.

These go through ``rules=``, so they use the solver chosen at import. Times are
per round of all the hands; ``extra_info`` has the median per hand.
``benchmarks/rules_per_call.py`` prints the medians per call and the difference.
"""

from __future__ import annotations

from typing import Any

import pytest

import threethirteen as tt
from hands import uniform_hands

HANDS = uniform_hands(10, 500, seed=17)
WILD = 6
ROUNDS = 20
REUSED = tt.Rules.preset("pagat")


def fresh_rules(count: int) -> list[tt.Rules]:
    """``count`` new ``Rules`` objects, each equal to (not the same as) ``REUSED``."""
    return [tt.Rules.preset("pagat") for _ in range(count)]


def expected() -> list[int]:
    return [tt.deadwood_score(hand, wild=WILD, rules=REUSED) for hand in HANDS]


@pytest.mark.parametrize("rules", ["reused", "fresh", "name"])
def test_rules_per_call(benchmark: Any, rules: str) -> None:
    benchmark.group = f"deadwood_score, a fresh Rules per call ({tt.implementation})"
    benchmark.extra_info["hands"] = len(HANDS)

    def run(each: list[tt.Rules | str]) -> list[int]:
        return [
            tt.deadwood_score(hand, wild=WILD, rules=r) for hand, r in zip(HANDS, each, strict=True)
        ]

    def setup() -> tuple[tuple[list[tt.Rules | str]], dict[str, Any]]:
        each: list[tt.Rules | str]
        if rules == "fresh":
            each = list(fresh_rules(len(HANDS)))
            assert all(r == REUSED and r is not REUSED for r in each)
        else:
            each = [REUSED if rules == "reused" else "pagat"] * len(HANDS)
        return (each,), {}

    scores = benchmark.pedantic(run, setup=setup, rounds=ROUNDS, iterations=1)
    if benchmark.stats is not None:
        median = benchmark.stats.stats.median
        benchmark.extra_info["median_us_per_hand"] = round(median / len(HANDS) * 1e6, 3)
    assert scores == expected()
