"""What every pytest run of the project needs, whatever it collects (tests/, the
doctests in src/, README.md, docs/, benchmarks/): the compiled extensions in the
source tree checked before any test (``tests/extensions.py``).

- An extension older than its ``.pyx`` or ``.pxd`` stops the run at once: the
  tests would silently run the old compiled code.
- So does an extension module beside a ``.py`` of the same name, left from an
  older build that compiled the engine modules: Python would import it instead of
  the ``.py``.
"""

from __future__ import annotations

import pytest
from tests.extensions import (
    shadowing_extensions,
    shadowing_message,
    stale_extensions,
    stale_message,
)


def pytest_configure(config: pytest.Config) -> None:
    problems = []
    stale = stale_extensions()
    if stale:
        problems.append(stale_message(stale))
    shadowing = shadowing_extensions()
    if shadowing:
        problems.append(shadowing_message(shadowing))
    if problems:
        raise pytest.UsageError("; ".join(problems))
