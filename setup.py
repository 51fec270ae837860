"""Build the compiled solver and the compiled playout loop; every other piece of
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
    " installing with the {fallback} instead, which is slower"
)
SOLVER = "threethirteen._solver"
PLAYOUT = "threethirteen.bots._playout"
# Each extension's name in the warning, and what serves when it is not built.
SERVES_INSTEAD = {
    SOLVER: ("solver", "pure-Python solver"),
    PLAYOUT: ("playout loop", "playouts played through the engine"),
}

# The errors a missing or broken C compiler raises.
COMPILER_ERRORS = (CCompilerError, ExecError, PlatformError, OSError)


def warning(failed: list[str], reason: str) -> str:
    """The one warning line for the extensions ``failed`` (their full names)."""
    names = [name for name in SERVES_INSTEAD if name in failed]
    what = " and the compiled ".join(SERVES_INSTEAD[name][0] for name in names)
    what += " were" if len(names) > 1 else " was"
    fallback = " and the ".join(SERVES_INSTEAD[name][1] for name in names)
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


# cythonize() returns new Extension objects without ``optional``: set it again.
extensions = cythonize(
    [
        Extension(SOLVER, ["src/threethirteen/_solver.pyx"]),
        # The playout loop (threethirteen.bots.playouts), built on the solver's C-level API.
        Extension(PLAYOUT, ["src/threethirteen/bots/_playout.pyx"]),
    ],
    compiler_directives={"language_level": "3"},
)
for extension in extensions:
    extension.optional = True

setup(ext_modules=extensions, cmdclass={"build_ext": OptionalBuildExt})
