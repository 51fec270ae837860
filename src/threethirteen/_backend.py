"""Chooses the solver backend: the compiled ``_solver`` or its pure-Python twin.

The environment variable ``THREETHIRTEEN_IMPLEMENTATION`` decides, once, at
import: ``cython`` asks for the compiled solver (an error when it is not built,
never a silent fallback), ``python`` for the pure-Python one; unset or empty
means the compiled one when it is built, else the Python one.
``threethirteen.implementation`` says which is in use.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType

from . import _solver_py

__all__ = ["ENVIRONMENT_VARIABLE", "IMPLEMENTATION", "compiled", "load", "solver", "using"]

ENVIRONMENT_VARIABLE = "THREETHIRTEEN_IMPLEMENTATION"

compiled: ModuleType | None
try:
    from . import _solver as compiled
except ImportError:  # not built: only the Python backend exists
    compiled = None


def load(name: str) -> tuple[str, ModuleType]:
    """The backend called ``name`` (``"cython"``, ``"python"`` or ``""`` for the best
    one built), as ``(name, module)``.

    :raises ImportError: for ``"cython"`` when the compiled solver is not built, or
        for an unknown name.
    """
    choice = name.strip().lower()
    if choice == "python":
        return "python", _solver_py
    if choice in ("cython", ""):
        if compiled is not None:
            return "cython", compiled
        if choice == "":
            return "python", _solver_py
        raise ImportError(
            f"{ENVIRONMENT_VARIABLE}=cython, but the compiled solver is not built:"
            " reinstall with a C compiler (pip install .), or set it to python"
        )
    raise ImportError(f"{ENVIRONMENT_VARIABLE} must be cython or python, not {name!r}")


_CHOSEN = load(os.environ.get(ENVIRONMENT_VARIABLE, ""))
IMPLEMENTATION: str = _CHOSEN[0]
"""The solver in use: ``"cython"`` (compiled) or ``"python"``, chosen at import from
the environment variable ``THREETHIRTEEN_IMPLEMENTATION`` (``cython`` or ``python``;
unset: the compiled one when it is built)."""
solver: ModuleType = _CHOSEN[1]
"""The module of the solver in use."""


@contextmanager
def using(name: str) -> Iterator[str]:
    """Analyse with the backend ``name`` inside the block (for tests and benchmarks
    that compare the two in one process); the one chosen at import comes back after.

    :raises ImportError: as :func:`load`.
    """
    global IMPLEMENTATION, solver
    saved = IMPLEMENTATION, solver
    IMPLEMENTATION, solver = load(name)
    try:
        yield IMPLEMENTATION
    finally:
        IMPLEMENTATION, solver = saved
