"""Build the compiled solver and the compiled engine modules; every other piece of
metadata is in pyproject.toml.

The extensions are optional: on a machine without a working C compiler,
``pip install .`` still installs the package, prints one warning line naming what
was not built (shown by ``pip install -v .``) and the pure-Python code serves
(``threethirteen.implementation == "python"``). The test suite fails when an
extension is missing, so CI always checks they were built.
"""

import sys

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CCompilerError, ExecError, PlatformError

WARNING = (
    "threethirteen: warning: the compiled {what} not built ({reason});"
    " installing with the pure-Python {fallback}, which is slower"
)
SOLVER = "threethirteen._solver"
PLAYOUT = "threethirteen.bots._playout"

# The errors a missing or broken C compiler raises.
COMPILER_ERRORS = (CCompilerError, ExecError, PlatformError, OSError)


def warning(failed: list[str], reason: str) -> str:
    """The one warning line for the extensions ``failed`` (their full names)."""
    engine = ", ".join(name.rpartition(".")[2] for name in failed if name != SOLVER)
    if SOLVER in failed:
        what, fallback = "solver was", "solver"
        if engine:
            fallback += f" and engine modules ({engine})"
    else:
        what, fallback = f"engine modules ({engine}) were", "modules"
    return WARNING.format(what=what, reason=reason, fallback=fallback)


class OptionalBuildExt(build_ext):
    """``build_ext`` that turns failed compiles into one warning line, however many
    extensions failed."""

    def run(self) -> None:
        self.failed: list[str] = []
        self.reason = ""
        try:
            super().run()
        except COMPILER_ERRORS as error:  # no compiler at all (e.g. no MSVC on Windows)
            self.not_built(error, *(ext.name for ext in self.extensions))
        if self.failed:
            print(warning(self.failed, self.reason), file=sys.stderr, flush=True)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except COMPILER_ERRORS as error:
            self.not_built(error, ext.name)

    def not_built(self, error: BaseException, *names: str) -> None:
        """Note the extensions ``names`` as not built; the first error is the reason."""
        if not self.reason:
            reason = " ".join(str(error).split()) or type(error).__name__
            if len(reason) > 100:  # a failed command quotes all its arguments
                reason = reason[:97] + "..."
            self.reason = reason
        self.failed += [name for name in names if name not in self.failed]


# The modules a game step runs through (Game.apply, the legal actions, the
# observation and the action mask, the PettingZoo environment, and the hands,
# actions and cards they handle), compiled by Cython from their own .py files
# ("pure Python mode"); measured again, they gain no more than noise (see
# docs/performance.md, "What the compiled engine modules gain"). The .py stays
# the source of truth (no .pyx copy, nothing in it for Cython); the extension
# module is built beside it and, when present, imported instead of it (except
# under THREETHIRTEEN_IMPLEMENTATION=python, see _backend.py). The tests read
# this list (tests/test_compiled_modules.py). Names are dotted below the package
# ("engine.game" is src/threethirteen/engine/game.py).
COMPILED_MODULES = (
    "engine.game",
    "adapters.spaces",
    "adapters.envs",
    "hands.hand",
    "engine.actions",
    "hands.cards",
)

# Annotations are for type checkers only: Cython must not turn ``x: int`` into a C
# type or a run-time type check, so the compiled module behaves as the .py does.
# ``binding=True`` makes functions behave like Python functions (signatures,
# descriptors, and doctest finds their docstrings), so no ``__test__`` dict of
# docstrings is needed (``autotestdict``: it would run each doctest twice).
PURE_PYTHON_DIRECTIVES = {
    "language_level": "3",
    "annotation_typing": False,
    "binding": True,
    "autotestdict": False,
}

# cythonize() returns new Extension objects without ``optional``: set it again.
extensions = cythonize(
    [
        Extension(SOLVER, ["src/threethirteen/_solver.pyx"]),
        # The playout loop (threethirteen.bots.playouts), built on the solver's C-level API.
        Extension(PLAYOUT, ["src/threethirteen/bots/_playout.pyx"]),
    ],
    compiler_directives={"language_level": "3"},
) + cythonize(
    [
        Extension(f"threethirteen.{name}", [f"src/threethirteen/{name.replace('.', '/')}.py"])
        for name in COMPILED_MODULES
    ],
    compiler_directives=PURE_PYTHON_DIRECTIVES,
)
for extension in extensions:
    extension.optional = True

setup(ext_modules=extensions, cmdclass={"build_ext": OptionalBuildExt})
