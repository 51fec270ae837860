"""Shared test configuration: Hypothesis profiles that keep CI bounded.

Choose a profile with ``HYPOTHESIS_PROFILE``: ``default`` (what CI runs: the
example counts the tests ask for), ``quick`` (a tenth, for a fast local loop),
``thorough`` (ten times as many, for a long local run).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from tests.cli_run import Run, make_run

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


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Run:
    """The command line run in-process: ``run(*argv, stdin="")`` gives its
    :class:`tests.cli_run.Result`."""
    return make_run(capsys, monkeypatch)
