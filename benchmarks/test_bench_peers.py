"""Random games of our environments and of the peers' gin rummy (each skipped when its
package is missing).

The peers (PettingZoo 1.26.1's ``gin_rummy_v4``, RLCard's ``gin-rummy``, OpenSpiel's
``gin_rummy``) are no dependencies of this project, and PettingZoo 1.27 has no gin
rummy: where they are not installed their benchmarks skip. Each benchmark plays the
games of the same few seeds with uniformly random legal actions, through the loops of
``benchmarks/peers_report.py``, which prints the side-by-side table (steps per second
and ratios) of docs/training.md.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from typing import Any

import pytest

from peers_report import (
    GIN_LIKE,
    Play,
    openspiel_gin,
    our_aec,
    pettingzoo_gin,
    rlcard_gin,
)

SEEDS = range(3)


def _has(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def _needs(*modules: str) -> pytest.MarkDecorator:
    missing = [module for module in modules if not _has(module)]
    return pytest.mark.skipif(bool(missing), reason=f"not installed: {', '.join(missing)}")


def _games(benchmark: Any, group: str, make: Callable[[], Play]) -> int:
    play = make()
    benchmark.group = group

    def run() -> int:
        steps = 0
        for seed in SEEDS:
            played, games = play(seed)
            assert games == 1
            steps += played
        return steps

    steps: int = benchmark(run)
    benchmark.extra_info["steps"] = steps
    return steps


GROUP = "random games, 3 seeds, AEC steps"


@_needs("pettingzoo.classic.gin_rummy_v4", "rlcard", "pygame")
def test_pettingzoo_gin(benchmark: Any) -> None:
    assert _games(benchmark, GROUP, pettingzoo_gin()) > 3 * 10


@_needs("rlcard")
def test_rlcard_gin(benchmark: Any) -> None:
    assert _games(benchmark, GROUP, rlcard_gin) > 3 * 10


@_needs("pyspiel")
def test_openspiel_gin(benchmark: Any) -> None:
    assert _games(benchmark, "OpenSpiel: random games, 3 seeds", openspiel_gin) > 3 * 10


@_needs("pettingzoo", "threethirteen.adapters.envs")
def test_our_aec_gin_like(benchmark: Any) -> None:
    """One deck, one round of 10 cards (random play of pagat's whole game takes
    about 25,000 steps: the report times it)."""
    assert _games(benchmark, GROUP, our_aec(GIN_LIKE, 2)) > 3 * 10
