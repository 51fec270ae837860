"""The compiled extensions in the source tree (``_solver`` and ``bots/_playout``,
built from their ``.pyx`` by setup.py), and the checks the root ``conftest.py``
makes of them before any test: that none is older than its source (the tests
would run the old code), and that no extension module left from an older build
sits beside a ``.py`` of the same name (Python would import it instead of the
``.py``).
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "threethirteen"

EXTENSIONS = ("_solver", "bots._playout")
"""The extensions setup.py builds, dotted below the package, each from its ``.pyx``."""

REBUILD = "python setup.py build_ext --inplace"
"""The command that rebuilds the extensions in the source tree."""


def extension_stem(path: Path) -> str | None:
    """The module name of the extension module file ``path`` (``_solver`` for
    ``_solver.cpython-311-x86_64-linux-gnu.so``), or None for any other file."""
    for suffix in EXTENSION_SUFFIXES:
        if path.name.endswith(suffix) and len(path.name) > len(suffix):
            return path.name[: -len(suffix)]
    return None


def extension_modules(directory: Path) -> list[tuple[Path, str]]:
    """Each extension module file in ``directory`` or below it, with its module name."""
    found = []
    for path in sorted(directory.rglob("*")):
        stem = extension_stem(path)
        if stem is not None and path.is_file():
            found.append((path, stem))
    return found


def stale_extensions(directory: Path = PACKAGE) -> list[str]:
    """One line for each extension module in ``directory`` or below it older than its
    source (the ``.pyx`` or ``.pxd`` of the same name beside it), each file named by
    its path below ``directory``."""
    stale = []
    for extension, stem in extension_modules(directory):
        for suffix in (".pyx", ".pxd"):
            source = extension.parent / f"{stem}{suffix}"
            if source.is_file() and source.stat().st_mtime > extension.stat().st_mtime:
                stale.append(
                    f"{extension.relative_to(directory).as_posix()} is older than"
                    f" {source.relative_to(directory).as_posix()}"
                )
    return stale


def stale_message(stale: list[str]) -> str:
    return (
        "the compiled extensions in the source tree are out of date, so the tests would"
        f" run the old code ({'; '.join(stale)}): rebuild them with `{REBUILD}`"
        " (or `pip install -e .`)"
    )


def shadowing_extensions(directory: Path = PACKAGE) -> list[str]:
    """The path below ``directory`` of each extension module in ``directory`` or below
    it that has a ``.py`` of the same name beside it: left from a build that
    compiled that ``.py`` (setup.py compiles none now), it would be imported in the
    ``.py``'s place."""
    return [
        extension.relative_to(directory).as_posix()
        for extension, stem in extension_modules(directory)
        if (extension.parent / f"{stem}.py").is_file()
    ]


def shadowing_message(shadowing: list[str]) -> str:
    return (
        "extension modules left from an older build sit beside the .py files of the"
        f" same name, and Python would import them instead ({', '.join(shadowing)}):"
        " delete them (and the .c files beside them)"
    )
