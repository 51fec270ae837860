"""The compiled extensions (``_solver`` and ``bots/_playout``, built by setup.py from
their ``.pyx``): setup.py builds exactly them, the default implementation uses both,
the pure-Python one neither (but the solver it keeps loaded for
``Round(..., implementation="cython")``), every other module of the package is
imported from its ``.py``, and an extension older than its source, or one left from
an older build beside a ``.py``, is caught before it is tested.
(``tests/test_project.py`` fails when they were not built.)
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

import pytest

import threethirteen as tt
from tests.extensions import (
    EXTENSIONS,
    REBUILD,
    ROOT,
    extension_stem,
    shadowing_extensions,
    shadowing_message,
    stale_extensions,
    stale_message,
)
from threethirteen._kernel import backend as _backend

PACKAGE = Path(tt.__file__).parent
"""The package the tests import (the source tree, or an installed copy)."""

LOADED = """
import json, sys
import threethirteen as tt
from threethirteen.bots import playouts
files = {name: module.__file__ for name, module in sys.modules.items()
         if name.startswith("threethirteen.")}
print(json.dumps({"implementation": tt.implementation, "playouts": playouts.compiled,
                  "files": files}))
"""


def loaded_in_a_fresh_interpreter(implementation: str) -> Any:
    """``tt.implementation``, whether the compiled playout loop serves, and the file of
    each module of the package loaded (by its name below the package), in a fresh
    interpreter with ``THREETHIRTEEN_IMPLEMENTATION=implementation``."""
    environment = dict(os.environ, **{_backend.ENVIRONMENT_VARIABLE: implementation})
    result = subprocess.run(
        [sys.executable, "-c", LOADED],
        capture_output=True,
        text=True,
        env=environment,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    loaded = json.loads(result.stdout)
    loaded["files"] = {
        name.removeprefix("threethirteen."): path for name, path in loaded["files"].items()
    }
    return loaded


def from_extensions(files: dict[str, str]) -> list[str]:
    """The modules among ``files`` loaded from an extension module."""
    return sorted(name for name, path in files.items() if extension_stem(Path(path)))


def test_setup_builds_the_two_extensions_from_their_pyx() -> None:
    """setup.py names each ``.pyx`` of the package, and nothing else, as a source."""
    sources = sorted(
        node.value
        for node in ast.walk(ast.parse((ROOT / "setup.py").read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and str(node.value).startswith("src/")
    )
    assert sources == ["src/threethirteen/_solver.pyx", "src/threethirteen/bots/_playout.pyx"]
    assert sources == [
        f"src/threethirteen/{name.replace('.', '/')}.pyx" for name in sorted(EXTENSIONS)
    ]
    pyx = sorted(path.relative_to(ROOT).as_posix() for path in PACKAGE.rglob("*.pyx"))
    assert pyx in ([], sources)  # an installed copy holds no .pyx


def test_the_default_implementation_uses_both_extensions() -> None:
    """Unset, the compiled solver and the compiled playout loop serve (both must be
    built: tests/test_project.py); every other module comes from its ``.py``."""
    loaded = loaded_in_a_fresh_interpreter("")
    assert loaded["implementation"] == _backend.load("")[0]
    if loaded["implementation"] == "cython":
        assert loaded["playouts"] is True
        assert from_extensions(loaded["files"]) == sorted(EXTENSIONS)
    for name, path in loaded["files"].items():
        if name not in EXTENSIONS:
            assert Path(path).suffix == ".py", (name, path)


def test_the_python_implementation_runs_no_compiled_code_of_the_package() -> None:
    """Only the compiled solver is loaded (for ``Round(..., implementation="cython")``),
    not the playout loop; every other module of the package comes from its ``.py``."""
    loaded = loaded_in_a_fresh_interpreter("python")
    assert loaded["implementation"] == "python"
    assert loaded["playouts"] is False
    assert from_extensions(loaded["files"]) in ([], ["_solver"])
    assert loaded["files"]["engine.game"] == str(PACKAGE / "engine" / "game.py")


# -- a stale or a leftover build ----------------------------------------------------------


def test_no_extension_in_the_source_tree_is_stale_or_left_over() -> None:
    """The root conftest.py stops a run with these messages before any test."""
    assert stale_extensions() == []
    assert shadowing_extensions() == []


def test_an_extension_older_than_its_source_is_stale(tmp_path: Path) -> None:
    suffix = EXTENSION_SUFFIXES[0]
    for name in ("_solver.pyx", "_solver.pxd", f"_solver{suffix}", "rules.py"):
        (tmp_path / name).write_text("", encoding="utf-8")
    os.utime(tmp_path / "_solver.pyx", (1000, 1000))
    os.utime(tmp_path / "_solver.pxd", (1000, 1000))
    os.utime(tmp_path / f"_solver{suffix}", (2000, 2000))
    assert stale_extensions(tmp_path) == []

    os.utime(tmp_path / "_solver.pxd", (3000, 3000))  # edited, not rebuilt
    assert stale_extensions(tmp_path) == [f"_solver{suffix} is older than _solver.pxd"]
    nested = tmp_path / "bots"
    nested.mkdir()
    (nested / "_playout.pyx").write_text("", encoding="utf-8")
    (nested / f"_playout{suffix}").write_text("", encoding="utf-8")
    os.utime(nested / f"_playout{suffix}", (2000, 2000))
    os.utime(nested / "_playout.pyx", (3000, 3000))
    stale = stale_extensions(tmp_path)
    assert stale == [
        f"_solver{suffix} is older than _solver.pxd",
        f"bots/_playout{suffix} is older than bots/_playout.pyx",
    ]
    message = stale_message(stale)
    assert f"bots/_playout{suffix} is older than bots/_playout.pyx" in message
    assert REBUILD == "python setup.py build_ext --inplace"
    assert REBUILD in message


def test_an_extension_beside_a_py_is_left_over(tmp_path: Path) -> None:
    """An extension module beside the ``.py`` of the same name (left from a build that
    compiled the engine modules) is caught however new it is."""
    suffix = EXTENSION_SUFFIXES[0]
    (tmp_path / "engine").mkdir()
    for name in ("engine/game.py", f"engine/game{suffix}", "_solver.pyx", f"_solver{suffix}"):
        (tmp_path / name).write_text("", encoding="utf-8")
    os.utime(tmp_path / "engine/game.py", (1000, 1000))
    assert stale_extensions(tmp_path) == []  # newer than its .py: not stale, left over
    assert shadowing_extensions(tmp_path) == [f"engine/game{suffix}"]
    (tmp_path / f"game{suffix}").write_text("", encoding="utf-8")  # no game.py beside it
    assert shadowing_extensions(tmp_path) == [f"engine/game{suffix}"]
    message = shadowing_message([f"engine/game{suffix}"])
    assert f"Python would import them instead (engine/game{suffix}): delete them" in message


@pytest.mark.parametrize("name", ["_solver.pyx", "cards.py", f"x{EXTENSION_SUFFIXES[0]}"])
def test_the_extension_stem_of_a_file(name: str) -> None:
    expected = "x" if name.startswith("x.") else None
    assert extension_stem(Path(name)) == expected
