"""Shared test configuration: Hypothesis profiles that keep CI bounded.

Choose a profile with ``HYPOTHESIS_PROFILE``: ``default`` (what CI runs: the
example counts the tests ask for), ``quick`` (a tenth, for a fast local loop),
``thorough`` (ten times as many, for a long local run).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from threethirteen import _backend

_COMMON = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
    "print_blob": True,
}
settings.register_profile("default", **_COMMON)
settings.register_profile("quick", max_examples=20, **_COMMON)
settings.register_profile("thorough", max_examples=5000, **_COMMON)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def examples(count: int) -> int:
    """Scale a test's example count by the profile: a tenth under ``quick``,
    ten times under ``thorough``."""
    profile = os.environ.get("HYPOTHESIS_PROFILE", "default")
    if profile == "quick":
        return max(5, count // 10)
    if profile == "thorough":
        return count * 10
    return count


# -- both backends ----------------------------------------------------------------
# Every test runs once against the compiled solver and once against the
# pure-Python twin (doctests run against the default one). A missing compiled
# solver skips its half here and fails tests/test_backends.py.

BACKENDS = ("cython", "python")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test module may narrow the backends with its own ``BACKENDS`` tuple."""
    if "backend" in metafunc.fixturenames:
        names = getattr(metafunc.module, "BACKENDS", BACKENDS)
        metafunc.parametrize("backend", names, indirect=True, scope="session")


@pytest.fixture(scope="session", autouse=True)
def backend(request: pytest.FixtureRequest) -> object:
    """The backend every analysis call of the test uses, by name (doctests: the default)."""
    name = getattr(request, "param", _backend.IMPLEMENTATION)
    if name == "cython" and _backend.compiled is None:
        pytest.skip("the compiled solver is not built")
    with _backend.using(name):
        yield name
