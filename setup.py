"""Build the compiled solver; every other piece of metadata is in pyproject.toml.

The extension is optional: on a machine without a working C compiler,
``pip install .`` still installs the package, prints one warning line (shown by
``pip install -v .``) and the pure-Python solver serves
(``threethirteen.implementation == "python"``). The test suite fails when the
extension is missing, so CI always checks it was built.
"""

import sys

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CCompilerError, ExecError, PlatformError

WARNING = (
    "threethirteen: warning: the compiled solver was not built ({reason});"
    " installing with the pure-Python solver, which is slower"
)

# The errors a missing or broken C compiler raises.
COMPILER_ERRORS = (CCompilerError, ExecError, PlatformError, OSError)


class OptionalBuildExt(build_ext):
    """``build_ext`` that turns a failed compile into one warning line."""

    def run(self) -> None:
        try:
            super().run()
        except COMPILER_ERRORS as error:  # no compiler at all (e.g. no MSVC on Windows)
            self.warn_not_built(error)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except COMPILER_ERRORS as error:
            self.warn_not_built(error)

    @staticmethod
    def warn_not_built(error: BaseException) -> None:
        reason = " ".join(str(error).split()) or type(error).__name__
        if len(reason) > 100:  # a failed command quotes all its arguments
            reason = reason[:97] + "..."
        print(WARNING.format(reason=reason), file=sys.stderr, flush=True)


# cythonize() returns new Extension objects without ``optional``: set it again.
extensions = cythonize(
    [Extension("threethirteen._solver", ["src/threethirteen/_solver.pyx"])],
    compiler_directives={"language_level": "3"},
)
for extension in extensions:
    extension.optional = True

setup(ext_modules=extensions, cmdclass={"build_ext": OptionalBuildExt})
