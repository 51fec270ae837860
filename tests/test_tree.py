"""The package's tree: the subpackages show the layers. No module of the old flat
layout is left at the top of the package, each subpackage has its contract listing
exactly its modules, and every import of the package goes down the layers: inside
a subpackage by its contract, between subpackages by the package's (import-linter
checks the same; this test says which import breaks a layer, in plain words).

The design page (``docs/design.md``) tells the truth: its tree names every package
and module there is (a module added without a line on the page fails here) and
nothing that is gone, its contracts are ``pyproject.toml``'s, and every name it
cites resolves."""

from __future__ import annotations

import ast
import importlib
import importlib.util
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
    assert set(subpackages()) == {
        *("_kernel", "hands", "engine", "bots", "arena", "adapters", "cli", "review", "web"),
        "training",
    }


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
    allowed = {
        tuple(part.strip() for part in line.split("->"))
        for contract in contracts()
        for line in contract.get("ignore_imports", [])
    }  # what a contract lets through (a lazy import, said so there)
    broken = []
    for importer in sorted(graph.modules):
        if importer == "threethirteen":
            continue  # the package's __init__ gathers the public names
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            if imported == "threethirteen":
                continue  # "from .. import _solver": the compiled solver
            if (importer, imported) in allowed:
                continue
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


# -- the design page ----------------------------------------------------------------

DESIGN = ROOT / "docs" / "design.md"
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.DOTALL | re.MULTILINE)
TREE_LINE = re.compile(r"^( +)(\S+)(?: +(\S.*))?$")
ROLE = re.compile(r"\{(?:class|func|data|meth|attr|exc|mod)\}`~?([\w.]+)`")
TICKED = re.compile(r"(?<![}`])`([^`\s]+)`(?!`)")
FILE_SUFFIXES = (".py", ".pyx", ".pxd", ".pyi", ".md", ".toml", ".json", ".c")


def design_page() -> str:
    return DESIGN.read_text(encoding="utf-8")


def page_tree() -> dict[str, str]:
    """The page's tree (its first ``text`` block): each entry's dotted name under
    the package (``errors``, ``_kernel``, ``_kernel.backend``, ``schemas``), and what
    the page says of it."""
    block = FENCE.search(design_page().split("## The tree", 1)[1])
    assert block is not None
    lines = block.group(1).splitlines()
    assert lines[0].strip() == "src/threethirteen/"
    found: dict[str, str] = {}
    package: str | None = None
    for line in lines[1:]:
        match = TREE_LINE.match(line)
        assert match is not None, line
        indent, name, said = len(match.group(1)), match.group(2), match.group(3)
        assert indent in (2, 4), line
        assert said, f"the page says nothing of {name}"
        stem = SUFFIXES.sub("", name.rstrip("/"))
        if indent == 2:
            package = stem if name.endswith("/") else None
            found[stem] = said
        else:
            assert package is not None, line
            found[f"{package}.{stem}"] = said
    return found


def tree() -> set[str]:
    """Every module and package of the source tree, as :func:`page_tree` names them
    (a folder of data, like ``schemas``, too)."""
    found = modules_of(PACKAGE) | {"__init__"}
    for path in PACKAGE.iterdir():
        if not path.is_dir() or (path.name.startswith(("_", ".")) and path.name != "_kernel"):
            continue
        if not (path / "__init__.py").exists():
            found.add(path.name)  # data
            continue
        found.add(path.name)
        found |= {f"{path.name}.{module}" for module in modules_of(path)}
    return found


def test_the_design_page_lists_every_module_and_nothing_else() -> None:
    listed, present = set(page_tree()), tree()
    assert sorted(present - listed) == [], "modules the tree of docs/design.md does not list"
    assert sorted(listed - present) == [], "docs/design.md lists what is not in the package"


def test_the_design_pages_contracts_are_the_projects() -> None:
    shown = {}
    for block in FENCE.findall(design_page()):
        lines = [line.strip() for line in block.splitlines() if line.strip()]
        if lines and re.fullmatch(r"\[threethirteen[\w.]*\]", lines[0]):
            shown[lines[0][1:-1]] = lines[1:]
    expected = {
        contract["containers"][0]: [" ".join(layer.split()) for layer in contract["layers"]]
        for contract in contracts()
    }
    assert {
        name: [" ".join(layer.split()) for layer in layers] for name, layers in shown.items()
    } == (expected)


def our_names() -> set[str]:
    """The first parts a dotted name of this package may start with on the page:
    its modules and packages (the old flat layout's too, so that a name cited from it
    is caught), and ``tt``."""
    stems = {name.split(".")[-1] for name in tree()} | {name.split(".")[0] for name in tree()}
    return stems | FLAT | KEEP | {"tt", "threethirteen"}


def resolves(name: str) -> bool:
    """Whether ``threethirteen.<name>`` is a module, or a module's attribute."""
    parts = name.split(".")
    for cut in range(len(parts), -1, -1):
        module = ".".join(["threethirteen", *parts[:cut]])
        try:
            spec = importlib.util.find_spec(module)
        except ModuleNotFoundError:
            spec = None
        if spec is None:
            continue
        if cut == len(parts):
            return True
        value: object = importlib.import_module(module)
        for attribute in parts[cut:]:
            if not hasattr(value, attribute):
                return False
            value = getattr(value, attribute)
        return True
    return False


def cited() -> tuple[set[str], set[str]]:
    """The dotted names of the package the page's prose cites, under the package
    (``hands.solving``, ``Round``), and the files it cites."""
    prose = FENCE.sub("", design_page())
    names = {
        target.removeprefix("threethirteen.")
        for target in ROLE.findall(prose)
        if target.startswith("threethirteen.")
    }
    files = set()
    ours = our_names()
    for token in TICKED.findall(prose):
        if token == "tt.*" or token.startswith("/"):  # every entry point; a system path
            continue
        if "/" in token or token.endswith(FILE_SUFFIXES):
            files.add(token.rstrip("/"))
        elif token.startswith("tt.") and token != "tt.*":
            names.add(token.removeprefix("tt."))
        elif "." in token and token.split(".")[0] in ours:
            names.add(token.removeprefix("threethirteen."))
    return names, files


def test_every_name_the_design_page_cites_resolves() -> None:
    names, files = cited()
    assert len(names) > 40
    assert sorted(name for name in names if not resolves(name)) == []
    places = (ROOT, ROOT / "src", PACKAGE, ROOT / "docs")
    assert sorted(path for path in files if not any((at / path).exists() for at in places)) == []


def kernel_importers() -> set[str]:
    """The modules outside ``_kernel`` that import from it (``tt`` for the package's
    ``__init__``), as the page names them (``hands.rounds``)."""
    found = set()
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
        if parts[0] == "_kernel":
            continue
        package = parts[:-1]  # the package the module is in, under threethirteen
        name = ".".join(package if parts[-1] == "__init__" else parts)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = package[: len(package) - (node.level - 1)]
                target = [*base, *(node.module.split(".") if node.module else [])]
                names = [alias.name for alias in node.names]
                if target[:1] == ["_kernel"] or (not target and "_kernel" in names):
                    found.add(name or "tt")
            elif isinstance(node, ast.ImportFrom | ast.Import):
                modules = [node.module] if isinstance(node, ast.ImportFrom) else []
                if isinstance(node, ast.Import):
                    modules = [alias.name for alias in node.names]
                if any((module or "").startswith("threethirteen._kernel") for module in modules):
                    found.add(name or "tt")
    return found


def test_the_design_page_names_every_module_that_sees_the_kernel() -> None:
    page = design_page()
    start = page.index("5. **The solver boundary**")
    paragraph = page[start : page.index("6. **", start)]
    named = {
        name.removeprefix("tt.").split(".")[0] if name.startswith("tt.") else name
        for name in TICKED.findall(paragraph)
    }
    named = {"tt" if name == "implementation" else name for name in named}
    importers = kernel_importers()
    assert "hands.solving" in importers
    assert sorted(importers - named) == [], "modules that import the kernel, not named"
    said = {
        name for name in named if re.fullmatch(r"(hands|engine|bots|arena|adapters|cli)\.\w+", name)
    }
    assert sorted(said - importers) == [], "modules named as seeing the kernel that do not"
