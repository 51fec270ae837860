"""What every pytest run of the project needs, whatever it collects (tests/, the
doctests in src/, README.md, docs/, benchmarks/): the compiled engine modules
(``COMPILED_MODULES`` in setup.py) handled as their ``.py`` files.

- A compiled module in the source tree older than its source stops the run at
  once: the tests would silently run the old compiled code.
- The doctests of a ``.py`` that Python imports from a compiled module beside it
  are collected from that compiled module (pytest would refuse it, its
  ``__file__`` not being the ``.py``); they are the same doctests, run against the
  code the tests run. Under ``THREETHIRTEEN_IMPLEMENTATION=python`` Python imports
  the ``.py`` itself, and pytest collects it as usual.
"""

from __future__ import annotations

import importlib
from collections.abc import Generator
from pathlib import Path
from types import ModuleType

import pytest
from _pytest.doctest import DoctestModule
from tests.compiled_modules import compiled_module_name, stale_extensions, stale_message


def pytest_configure(config: pytest.Config) -> None:
    stale = stale_extensions()
    if stale:
        raise pytest.UsageError(stale_message(stale))


class CompiledDoctestModule(DoctestModule):
    """The doctests of a module that Python imports from its compiled extension."""

    module_name: str

    def _getobj(self) -> ModuleType:
        return importlib.import_module(self.module_name)


class CompiledModule(pytest.Module):
    """A module named on the command line (``pytest src/threethirteen/hands/hand.py``)
    that Python imports from its compiled extension."""

    module_name: str

    def _getobj(self) -> ModuleType:
        return importlib.import_module(self.module_name)


@pytest.hookimpl(wrapper=True)
def pytest_collect_file(
    file_path: Path, parent: pytest.Collector
) -> Generator[None, list[pytest.Collector], list[pytest.Collector]]:
    collectors = yield
    if not any(isinstance(collector, pytest.Module) for collector in collectors):
        return collectors
    name = compiled_module_name(file_path)
    if name is None:
        return collectors
    replaced: list[pytest.Collector] = []
    for collector in collectors:
        kind = type(collector)
        if kind in (DoctestModule, pytest.Module):
            compiled = (
                CompiledDoctestModule if kind is DoctestModule else CompiledModule
            ).from_parent(parent, path=file_path)
            compiled.module_name = name
            collector = compiled
        replaced.append(collector)
    return replaced
