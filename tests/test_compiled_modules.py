"""The engine modules Cython compiles from their ``.py`` files (``COMPILED_MODULES``
in setup.py): the pure-Python implementation stays pure, the compiled modules keep
every doctest of their source, and a compiled module older than its source is
caught before it is tested. (``tests/test_project.py`` fails when they were not
built.)
"""

from __future__ import annotations

import ast
import doctest
import importlib
import json
import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

import pytest

import threethirteen as tt
from tests.compiled_modules import (
    COMPILED_MODULES,
    REBUILD,
    ROOT,
    compiled_module_name,
    compiled_modules,
    extension_stem,
    signatures,
    source_path,
    stale_extensions,
    stale_message,
)
from threethirteen._kernel import backend as _backend

PACKAGE = Path(tt.__file__).parent
"""The package the tests import (the source tree, or an installed copy)."""

LOADED = """
import importlib, json, sys
import threethirteen as tt
for name in sys.argv[1:]:
    importlib.import_module(f"threethirteen.{name}")
files = {name: module.__file__ for name, module in sys.modules.items()
         if name.startswith("threethirteen.")}
print(json.dumps({"implementation": tt.implementation, "files": files}))
"""


def json_printed_by(implementation: str, script: str, *arguments: str) -> Any:
    """What ``script`` prints (JSON), run with ``arguments`` in a fresh interpreter
    (in the project's root) with ``THREETHIRTEEN_IMPLEMENTATION=implementation``."""
    environment = dict(os.environ, **{_backend.ENVIRONMENT_VARIABLE: implementation})
    result = subprocess.run(
        [sys.executable, "-c", script, *arguments],
        capture_output=True,
        text=True,
        env=environment,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def loaded_in_a_fresh_interpreter(implementation: str) -> tuple[str, dict[str, str]]:
    """``tt.implementation`` and the file of each module of the package loaded, in
    a fresh interpreter with ``THREETHIRTEEN_IMPLEMENTATION=implementation`` that
    imports the compiled modules."""
    loaded = json_printed_by(implementation, LOADED, *COMPILED_MODULES)
    files = {name.removeprefix("threethirteen."): path for name, path in loaded["files"].items()}
    return loaded["implementation"], files


def test_setup_lists_the_engine_modules() -> None:
    assert COMPILED_MODULES == (
        "engine.game",
        "adapters.spaces",
        "adapters.envs",
        "hands.hand",
        "engine.actions",
        "hands.cards",
    )
    for name in COMPILED_MODULES:
        assert source_path(name, PACKAGE).is_file(), name  # the source of truth


def test_the_compiled_modules_are_read_from_setup_py(tmp_path: Path) -> None:
    setup = tmp_path / "setup.py"
    setup.write_text("import os\nCOMPILED_MODULES = ('cards',)\n", encoding="utf-8")
    assert compiled_modules(setup) == ("cards",)
    setup.write_text("import os\n", encoding="utf-8")
    with pytest.raises(LookupError, match="no COMPILED_MODULES"):
        compiled_modules(setup)


def test_the_python_implementation_loads_no_compiled_module_of_the_package() -> None:
    """Only the compiled solver is loaded (for ``Round(..., implementation="cython")``);
    every other module of the package comes from its ``.py``."""
    implementation, files = loaded_in_a_fresh_interpreter("python")
    assert implementation == "python"
    for name in COMPILED_MODULES:
        assert files[name] == str(source_path(name, PACKAGE)), name
    compiled = sorted(name for name, path in files.items() if extension_stem(Path(path)))
    assert compiled in ([], ["_solver"])


def test_the_default_implementation_loads_the_compiled_modules() -> None:
    """Unset, the compiled solver and the compiled modules serve (both must be built:
    tests/test_project.py)."""
    implementation, files = loaded_in_a_fresh_interpreter("")
    assert implementation == _backend.load("")[0]
    for name in COMPILED_MODULES:
        compiled = extension_stem(Path(files[name])) == name.rpartition(".")[2]
        assert compiled == (implementation == "cython"), files[name]


def test_the_source_finder_finds_only_the_packages_own_source() -> None:
    finder = _backend.SourceFinder("threethirteen", str(PACKAGE))
    spec = finder.find_spec("threethirteen.hands.cards")
    assert spec is not None
    assert spec.origin == str(PACKAGE / "hands/cards.py")
    assert finder.find_spec("threethirteen.no.such.module") is None
    assert spec.cached is not None  # compiled to bytecode and cached, as usual
    assert finder.find_spec("threethirteen._solver") is None  # no .py: compiled only
    assert finder.find_spec("threethirteen.nothing") is None
    assert finder.find_spec("cards") is None
    assert finder.find_spec("numpy.cards") is None
    installed = [finder for finder in sys.meta_path if isinstance(finder, _backend.SourceFinder)]
    assert len(installed) == (1 if tt.implementation == "python" else 0)


# -- doctests ---------------------------------------------------------------------------


def doctests_in_source(path: Path, module: str) -> set[str]:
    """The names doctest gives the docstrings with examples in ``path``: the
    module's, its functions', its classes' and their members' (read from the source)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()

    def visit(
        node: ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef, name: str
    ) -> None:
        docstring = ast.get_docstring(node, clean=False)
        if docstring and ">>>" in docstring:
            names.add(name)
        if isinstance(node, (ast.Module, ast.ClassDef)):
            for child in node.body:
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    visit(child, f"{name}.{child.name}")

    visit(tree, module)
    return names


@pytest.mark.parametrize("name", COMPILED_MODULES)
def test_the_loaded_module_has_every_doctest_of_its_source(name: str) -> None:
    """Compiled (functions are cyfunctions) or not, doctest finds in the module the
    examples of every docstring of its ``.py``, once each (no ``__test__`` copies)."""
    module = importlib.import_module(f"threethirteen.{name}")
    found = [
        test.name for test in doctest.DocTestFinder().find(module, module.__name__) if test.examples
    ]
    assert len(found) == len(set(found))
    assert set(found) == doctests_in_source(source_path(name, PACKAGE), module.__name__)
    assert found


def test_pytest_collects_the_doctests_of_a_compiled_module_from_it() -> None:
    """The root conftest.py collects the doctests of a ``.py`` that Python imports
    from a compiled module from that module; a module only in Python is left alone."""
    for name in COMPILED_MODULES:
        module = importlib.import_module(f"threethirteen.{name}")
        path = source_path(name, PACKAGE)
        compiled = module.__file__ != str(path)
        assert compiled_module_name(path) == (f"threethirteen.{name}" if compiled else None)
    assert compiled_module_name(PACKAGE / "hands/rules.py") is None
    assert compiled_module_name(PACKAGE / "_solver.pyx") is None


# -- a stale build ------------------------------------------------------------------------


def test_no_compiled_module_in_the_source_tree_is_stale() -> None:
    """The root conftest.py stops a run with this message before any test."""
    assert stale_extensions() == []


def test_a_compiled_module_older_than_its_source_is_stale(tmp_path: Path) -> None:
    suffix = EXTENSION_SUFFIXES[0]
    for name in ("cards.py", f"cards{suffix}", "_solver.pyx", f"_solver{suffix}", "rules.py"):
        (tmp_path / name).write_text("", encoding="utf-8")
    os.utime(tmp_path / "cards.py", (1000, 1000))
    os.utime(tmp_path / f"cards{suffix}", (2000, 2000))
    os.utime(tmp_path / "_solver.pyx", (1000, 1000))
    os.utime(tmp_path / f"_solver{suffix}", (2000, 2000))
    assert stale_extensions(tmp_path) == []

    os.utime(tmp_path / "cards.py", (3000, 3000))  # edited, not rebuilt
    os.utime(tmp_path / "_solver.pyx", (3000, 3000))
    stale = stale_extensions(tmp_path)
    assert stale == [
        f"_solver{suffix} is older than _solver.pyx",
        f"cards{suffix} is older than cards.py",
    ]
    nested = tmp_path / "engine"
    nested.mkdir()
    (nested / "game.py").write_text("", encoding="utf-8")
    (nested / f"game{suffix}").write_text("", encoding="utf-8")
    os.utime(nested / f"game{suffix}", (2000, 2000))
    os.utime(nested / "game.py", (3000, 3000))
    assert stale_extensions(tmp_path) == [
        *stale,
        f"engine/game{suffix} is older than engine/game.py",
    ]
    message = stale_message(stale)
    assert f"cards{suffix} is older than cards.py" in message
    assert REBUILD == "python setup.py build_ext --inplace"
    assert REBUILD in message


def test_the_compiled_modules_show_the_signatures_of_their_source() -> None:
    """What ``inspect.signature`` and ``typing.get_type_hints`` tell of every function,
    class and method of the compiled modules is what they tell of the ``.py`` files
    (which the docs are built from)."""
    script = (
        "import json; from tests.compiled_modules import signatures;"
        " print(json.dumps(signatures()))"
    )
    source = json_printed_by("python", script)
    assert len(source) > 500  # every public and private function, class and member
    loaded = signatures()
    assert [key for key in source if source[key] != loaded.get(key)] == []
    assert loaded == source
