"""Chooses the solver backend once, at import: the compiled ``_solver`` or its
pure-Python twin ``_kernel.solver_py``.

The environment variable ``THREETHIRTEEN_IMPLEMENTATION`` decides: ``cython``
asks for the compiled solver (an error when it is not built, never a silent
fallback), ``python`` for the pure-Python one; unset or empty means the compiled
one when it is built, else the Python one. Nothing swaps the choice in a running
process: ``threethirteen.implementation`` always tells the truth. Code that wants
the other backend for one round asks for it by name
(``Round(..., implementation="python")``).

The choice covers the compiled playout loop too (``bots/_playout.pyx``): it serves
only when the implementation is ``cython`` (see ``bots.playouts``),
so ``python`` means no compiled code of the package runs (the compiled solver is
still loaded, for ``Round(..., implementation="cython")``). Every other module of
the package is plain Python, whatever the choice.
"""

from __future__ import annotations

import os

from . import solver_py as _solver_py
from .protocol import Solver

__all__ = [
    "ENVIRONMENT_VARIABLE",
    "IMPLEMENTATION",
    "compiled",
    "load",
    "python",
    "solver",
]

ENVIRONMENT_VARIABLE = "THREETHIRTEEN_IMPLEMENTATION"

python: Solver = _solver_py
"""The pure-Python solver."""

compiled: Solver | None
try:
    from .. import _solver as _compiled_module
except ImportError:  # not built: only the Python backend exists
    compiled = None
else:
    compiled = _compiled_module


def load(name: str) -> tuple[str, Solver]:
    """The backend called ``name`` (``"cython"``, ``"python"`` or ``""`` for the best
    one built), as ``(name, module)``.

    :raises ImportError: for ``"cython"`` when the compiled solver is not built, or
        for an unknown name.
    """
    choice = name.strip().lower()
    if choice == "python":
        return "python", python
    if choice in ("cython", ""):
        if compiled is not None:
            return "cython", compiled
        if choice == "":
            return "python", python
        raise ImportError(
            f"{ENVIRONMENT_VARIABLE}=cython, but the compiled solver is not built:"
            " reinstall with a C compiler (pip install .), or set it to python"
        )
    raise ImportError(f"{ENVIRONMENT_VARIABLE} must be cython or python, not {name!r}")


IMPLEMENTATION, solver = load(os.environ.get(ENVIRONMENT_VARIABLE, ""))
"""The solver in use, ``"cython"`` (compiled) or ``"python"``, and its module; under
``"python"`` the playouts play through the engine too, not the compiled loop."""
