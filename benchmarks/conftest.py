"""Fixtures of the benchmarks: the backend by name, and per-hand timing.

``backend`` switches the solver in-process for one benchmark (parametrize it
indirectly with "cython" or "python"; without a parameter it is the compiled
solver). A missing compiled solver skips the compiled benchmarks.

``timed(group, function, hands)`` runs ``function`` under pytest-benchmark in
``group`` and records the number of hands it handles and, when timed, the
median per hand in the benchmark's ``extra_info`` (shown by
``--benchmark-json``); it returns what ``function`` returns, so the benchmark
can check the answers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from hands import Timed, compiled_available, using


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> Iterator[str]:
    name: str = getattr(request, "param", "cython")
    if name == "cython" and not compiled_available():
        pytest.skip("the compiled solver is not built")
    with using(name):
        yield name


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
