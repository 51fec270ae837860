"""The framework adapters' speed: PettingZoo AEC steps with random masked actions,
and Gymnasium steps against ``RandomBot`` (see ``env_steps.py``, which also prints
a report of steps per second). Skipped without PettingZoo or Gymnasium.
"""

from __future__ import annotations

from typing import Any

import pytest

from env_steps import aec_random_steps, gym_random_steps, vector_random_steps

STEPS = 1000
TABLES = pytest.mark.parametrize(("preset", "players"), [("pagat", 2), ("pagat", 4), ("family", 4)])


@TABLES
def test_pettingzoo_random_steps(benchmark: Any, preset: str, players: int) -> None:
    pytest.importorskip("pettingzoo")
    benchmark.group = f"adapters: {STEPS} random masked steps"
    benchmark.extra_info["steps"] = STEPS
    assert benchmark(aec_random_steps, STEPS, preset, players) == STEPS


def test_pettingzoo_raw_random_steps(benchmark: Any) -> None:
    pytest.importorskip("pettingzoo")
    benchmark.group = f"adapters: {STEPS} random masked steps"
    benchmark.extra_info["steps"] = STEPS
    assert benchmark(aec_random_steps, STEPS, "pagat", 2, wrapped=False) == STEPS


@TABLES
def test_gymnasium_random_steps(benchmark: Any, preset: str, players: int) -> None:
    pytest.importorskip("gymnasium")
    benchmark.group = f"adapters: {STEPS} random masked steps"
    benchmark.extra_info["steps"] = STEPS
    assert benchmark(gym_random_steps, STEPS, preset, players) == STEPS


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_gymnasium_vector_random_steps(benchmark: Any, mode: str) -> None:
    pytest.importorskip("gymnasium")
    benchmark.group = f"adapters: {STEPS} random masked steps"
    benchmark.extra_info["steps"] = STEPS
    assert benchmark(vector_random_steps, STEPS, "pagat", 2, mode=mode) == STEPS
