"""Build the compiled solver; every other piece of metadata is in pyproject.toml."""

from pathlib import Path

from setuptools import setup

SOLVER = Path("src/threethirteen/_solver.pyx")

ext_modules = []
if SOLVER.exists():  # the Cython solver is written by the next milestone
    from Cython.Build import cythonize

    ext_modules = cythonize(
        [str(SOLVER)],
        compiler_directives={"language_level": "3"},
    )

setup(ext_modules=ext_modules)
