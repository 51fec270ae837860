"""The package's tree: the subpackages show the layers. No module of the old flat
layout is left at the top of the package, each subpackage has its contract listing
exactly its modules, and every import of the package goes down the layers: inside
a subpackage by its contract, between subpackages by the package's (import-linter
checks the same; this test says which import breaks a layer, in plain words)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "threethirteen"

# Modules that stay at the top of the package, and the flat layout's other modules
# (each moved into a subpackage, or removed).
KEEP = {
    "__init__", "__main__", "errors", "svg", "_faces", "_lazy", "_validate", "_solver", "statistics"
}  # fmt: skip
FLAT = {
    "_backend", "_cli_format", "_cli_play", "_kernel", "_run_geometry", "_solver_py",
    "actions", "analysis", "batch", "blocks", "bot_server", "bots", "cards", "checking",
    "cli", "counts", "dealing", "determinize", "drawing", "encoding", "envs", "game",
    "game_log", "gym_env", "hand", "laying_off", "layoffs", "meld_rules", "melds",
    "openspiel_game", "pool", "process_bot", "protocol", "records", "referee", "rounds",
    "rules", "scoring", "simulations", "solving", "spaces", "statistics", "table_play",
    "tournament_results", "playouts", "beliefs", "expert", "_playout",
}  # fmt: skip
SUFFIXES = re.compile(r"\.(py|pyx|pxd|pyi|c)$|\.[\w-]+\.(so|pyd)$|\.(so|pyd)$")


def contracts() -> list[dict[str, Any]]:
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib

    found: list[dict[str, Any]] = tomllib.loads(
        (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    )["tool"]["importlinter"]["contracts"]
    return found


def layers(contract: dict[str, Any]) -> dict[str, tuple[int, str]]:
    """Each name of a layers contract: (its layer's index from the top, the layer's
    separator: ``:`` when its modules may import each other)."""
    found = {}
    for index, layer in enumerate(contract["layers"]):
        separator = ":" if ":" in layer else "|"
        for name in layer.split(separator):
            found[name.strip().strip("()")] = (index, separator)
    return found


def modules_of(directory: Path) -> set[str]:
    return {
        SUFFIXES.sub("", path.name)
        for path in directory.iterdir()
        if path.is_file() and SUFFIXES.search(path.name)
    } - {"__init__"}


def subpackages() -> list[str]:
    return sorted(
        path.name for path in PACKAGE.iterdir() if path.is_dir() and (path / "__init__.py").exists()
    )


def test_no_module_of_the_flat_layout_is_left_at_the_top() -> None:
    top = modules_of(PACKAGE)
    assert top & (FLAT - KEEP) == set()
    assert top <= KEEP
    assert set(subpackages()) == {"_kernel", "hands", "engine", "bots", "arena", "adapters", "cli"}


def test_each_subpackage_has_a_contract_of_exactly_its_modules() -> None:
    by_container = {contract["containers"][0]: contract for contract in contracts()}
    top = layers(by_container["threethirteen"])
    for package in subpackages():
        assert package in top, package
        contract = by_container[f"threethirteen.{package}"]
        assert contract["exhaustive"] is True
        listed = set(layers(contract))
        present = modules_of(PACKAGE / package)
        assert present <= listed, package
        optional = {
            name.strip().strip("()")
            for layer in contract["layers"]
            for name in re.split(r"[:|]", layer)
            if name.strip().startswith("(")
        }
        assert listed - present <= optional, package


def rank(module: str, by_container: dict[str, dict[str, tuple[int, str]]]) -> tuple[Any, ...]:
    """Where ``threethirteen.a.b`` sits: its top-level layer, then its layer inside ``a``."""
    parts = module.split(".")[1:]
    top = by_container["threethirteen"][parts[0]]
    inner = (
        by_container.get(f"threethirteen.{parts[0]}", {}).get(parts[1]) if len(parts) > 1 else None
    )
    return top, inner


def test_every_import_goes_down_the_layers() -> None:
    grimp = pytest.importorskip("grimp")
    graph = grimp.build_graph("threethirteen")
    by_container = {contract["containers"][0]: layers(contract) for contract in contracts()}
    broken = []
    for importer in sorted(graph.modules):
        if importer == "threethirteen":
            continue  # the package's __init__ gathers the public names
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            if imported == "threethirteen":
                continue  # "from .. import _solver": the compiled solver
            if importer.startswith(f"{imported}.") and imported.count(".") == 1:
                continue  # "from . import _playout": a compiled module of its subpackage
            (top_a, inner_a), (top_b, inner_b) = (
                rank(importer, by_container),
                rank(imported, by_container),
            )
            if importer.split(".")[1] != imported.split(".")[1]:
                ok = top_a[0] < top_b[0] or (top_a[0] == top_b[0] and top_a[1] == ":")
            else:
                assert inner_a is not None, importer
                assert inner_b is not None, imported
                ok = inner_a[0] < inner_b[0] or (inner_a[0] == inner_b[0] and inner_a[1] == ":")
            if not ok:
                broken.append(f"{importer} imports {imported}, which is not below it")
    assert broken == []
