"""The package's shape, checked: one-way layers (import-linter's contract in
pyproject.toml), no private name crossing modules, and ruff and ``mypy --strict``
clean. Each runs the tool a developer would run, so CI fails as they would."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "threethirteen"


def contracts() -> list[dict[str, Any]]:
    """The import-linter contracts of pyproject.toml."""
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib

    found: list[dict[str, Any]] = tomllib.loads(
        (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    )["tool"]["importlinter"]["contracts"]
    return found


def run_tool(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *command],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )


def test_the_layers_hold() -> None:
    """import-linter's contract: every module imports only from the layers below it."""
    script = "from importlinter.cli import lint_imports_command; lint_imports_command()"
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"Contracts: {len(contracts())} kept, 0 broken." in result.stdout


def private_names_crossing(path: Path) -> list[str]:
    """Each ``from .module import _name``, ``module._name`` (a module of the package
    imported whole) and ``value._name`` read off another module's class in ``path``
    (only the first two can be found by syntax; the third is left to review)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    problems = []
    modules: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level >= 1:
            for alias in node.names:
                if node.module is None:
                    modules.add(alias.asname or alias.name)
                elif alias.name.startswith("_"):
                    dots = "." * node.level
                    problems.append(
                        f"{path.name}:{node.lineno}: from {dots}{node.module} import {alias.name}"
                    )
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ):
            problems.append(f"{path.name}:{node.lineno}: {node.value.id}.{node.attr}")
    return problems


def test_no_module_imports_another_modules_private_names() -> None:
    problems = [
        problem
        for path in sorted(PACKAGE.rglob("*.py"))
        for problem in private_names_crossing(path)
    ]
    assert problems == []


def test_the_private_name_check_can_fail(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from .hand import _secret, public\nfrom . import analysis\nanalysis._round(1)\n"
        "from ..engine.game import _deal\n",
        encoding="utf-8",
    )
    assert private_names_crossing(sample) == [
        "sample.py:1: from .hand import _secret",
        "sample.py:4: from ..engine.game import _deal",
        "sample.py:3: analysis._round",
    ]


def test_no_import_cycles() -> None:
    """No cycle among the package's modules, whether its imports are at the top or
    hidden inside functions (grimp reads both)."""
    import grimp

    graph = grimp.build_graph("threethirteen")
    # The package's __init__ gathers the public names (every module is below it), and
    # "from . import _solver" reads as an import of the package (the compiled module
    # is not in a graph built from Python sources).
    graph.remove_module("threethirteen")
    modules = sorted(graph.modules)
    cycles = [
        (first, second)
        for index, first in enumerate(modules)
        for second in modules[index + 1 :]
        if graph.chain_exists(importer=first, imported=second, as_packages=False)
        and graph.chain_exists(importer=second, imported=first, as_packages=False)
    ]
    assert cycles == []


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff is installed with the test extra")
def test_ruff_is_clean() -> None:
    result = subprocess.run(
        ["ruff", "check", "."], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_is_clean() -> None:
    result = run_tool("mypy")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout


def design_page_blocks(page: str) -> dict[str, list[str]]:
    """The layers blocks of the design page, by container: each is a ``text`` block
    whose first line names its container in brackets (``[threethirteen]``)."""
    blocks = {}
    for chunk in page.split("```text\n")[1:]:
        lines = chunk.split("```", 1)[0].strip().splitlines()
        if lines and lines[0].startswith("[") and lines[0].endswith("]"):
            blocks[lines[0][1:-1]] = lines[1:]
    return blocks


def test_the_design_page_shows_the_contract() -> None:
    """docs/design.md prints the layers of each contract as pyproject.toml states them."""
    expected = {}
    for contract in contracts():
        assert contract["type"] == "layers", contract["id"]
        (container,) = contract["containers"]
        expected[container] = contract["layers"]
    page = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    assert design_page_blocks(page) == expected
