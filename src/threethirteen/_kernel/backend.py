"""Chooses the solver backend once, at import: the compiled ``_solver`` or its
pure-Python twin ``_solver_py``.

The environment variable ``THREETHIRTEEN_IMPLEMENTATION`` decides: ``cython``
asks for the compiled solver (an error when it is not built, never a silent
fallback), ``python`` for the pure-Python one; unset or empty means the compiled
one when it is built, else the Python one. Nothing swaps the choice in a running
process: ``threethirteen.implementation`` always tells the truth. Code that wants
the other backend for one round asks for it by name
(``Round(..., implementation="python")``).

The choice covers the engine modules too: a few ``.py`` modules of the package
(those on a game step's path, listed in setup.py) are also compiled by Cython into
extension modules beside them, which Python imports in their place. When the
implementation is ``python``, :class:`SourceFinder` is installed first on
``sys.meta_path``, before the package imports any of them (the package's
``__init__`` imports this module first), so that every module of the package is
loaded from its ``.py``: ``python`` means no compiled code of the package runs
(the compiled solver is still loaded, for ``Round(..., implementation="cython")``).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec, SourceFileLoader
from importlib.util import spec_from_file_location
from types import ModuleType

from . import solver_py as _solver_py
from .protocol import Solver

__all__ = [
    "ENVIRONMENT_VARIABLE",
    "IMPLEMENTATION",
    "SourceFinder",
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
"""The solver in use, ``"cython"`` (compiled) or ``"python"``, and its module."""


class SourceFinder(MetaPathFinder):
    """Finds the modules of ``package`` (in ``directory``), in its subpackages too, in
    their ``.py`` source, ahead of any compiled extension module of the same name
    beside it. (A subpackage itself, its ``__init__.py``, is the other finders'
    business: no ``__init__`` is compiled.)"""

    def __init__(self, package: str, directory: str) -> None:
        self.package = package
        self.directory = directory

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None = None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        package, _, name = fullname.partition(".")
        if package != self.package or not name:
            return None  # not one of the package's modules: the other finders' business
        source = os.path.join(self.directory, *name.split(".")) + ".py"
        if not os.path.isfile(source):
            return None
        return spec_from_file_location(fullname, source, loader=SourceFileLoader(fullname, source))

    def __repr__(self) -> str:
        return f"SourceFinder({self.package!r}, {self.directory!r})"


def _package_directory() -> str:
    """The directory of the top package, however deep this module sits in it."""
    directory = os.path.dirname(os.path.abspath(__file__))
    for _ in range(__name__.count(".") - 1):
        directory = os.path.dirname(directory)
    return directory


if IMPLEMENTATION == "python":
    sys.meta_path.insert(0, SourceFinder(__name__.partition(".")[0], _package_directory()))
