"""Fixtures of the benchmarks: the backend by name, and per-hand timing.

``backend`` is the name of the solver one benchmark times (parametrize it
indirectly with "cython" or "python"; without a parameter it is the compiled
solver): the benchmark builds its rounds for it (``hands.round_of(rules, wild,
backend)``) and passes them to the analysis functions. Nothing switches the
backend of the process. A missing compiled solver skips the compiled benchmarks.

``timed(group, function, hands)`` runs ``function`` under pytest-benchmark in
``group`` and records the number of hands it handles and, when timed, the
median per hand in the benchmark's ``extra_info`` (shown by
``--benchmark-json``); it returns what ``function`` returns, so the benchmark
can check the answers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from hands import Timed, compiled_available


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    name: str = getattr(request, "param", "cython")
    if name == "cython" and not compiled_available():
        pytest.skip("the compiled solver is not built")
    return name


@pytest.fixture
def timed(benchmark: Any) -> Timed:
    def run(group: str, function: Callable[[], Any], hands: int) -> Any:
        benchmark.group = group
        benchmark.extra_info["hands"] = hands
        result = benchmark(function)
        if benchmark.stats is not None:
            median = benchmark.stats.stats.median
            benchmark.extra_info["median_us_per_hand"] = round(median / hands * 1e6, 3)
        return result

    return run
