"""Build the compiled solver; every other piece of metadata is in pyproject.toml.

The extension is marked optional so that ``pip install .`` still works on a
machine without a C compiler (the pure-Python solver then serves); the test
suite fails when the extension is missing, so CI always checks it was built.
"""

from Cython.Build import cythonize
from setuptools import Extension, setup

extension = Extension(
    "threethirteen._solver",
    ["src/threethirteen/_solver.pyx"],
    optional=True,
)

setup(
    ext_modules=cythonize(
        [extension],
        compiler_directives={"language_level": "3"},
    ),
)
