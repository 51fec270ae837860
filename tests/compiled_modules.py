"""The engine modules Cython compiles from their ``.py`` files (``COMPILED_MODULES``
in setup.py), and the two checks the root ``conftest.py`` makes of them: that no
compiled module in the source tree is older than its source (the tests would run
the old code), and which ``.py`` files Python imports from a compiled module
beside them (their doctests are collected from the compiled module).
"""

from __future__ import annotations

import ast
import importlib.util
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "threethirteen"

REBUILD = "python setup.py build_ext --inplace"
"""The command that rebuilds the compiled modules in the source tree."""


def compiled_modules(setup: Path = ROOT / "setup.py") -> tuple[str, ...]:
    """``COMPILED_MODULES`` of setup.py, read without running it: dotted names below
    the package (``engine.game`` is ``threethirteen.engine.game``)."""
    for node in ast.parse(setup.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "COMPILED_MODULES"
            for target in node.targets
        ):
            names = ast.literal_eval(node.value)
            assert isinstance(names, tuple), names
            return names
    raise LookupError(f"no COMPILED_MODULES in {setup}")


COMPILED_MODULES = compiled_modules()


def source_path(name: str, package: Path = PACKAGE) -> Path:
    """The ``.py`` file of the module ``name`` (dotted, below the package)."""
    return package.joinpath(*name.split(".")).with_suffix(".py")


def extension_stem(path: Path) -> str | None:
    """The module name of the extension module file ``path`` (``game`` for
    ``game.cpython-311-x86_64-linux-gnu.so``), or None for any other file."""
    for suffix in EXTENSION_SUFFIXES:
        if path.name.endswith(suffix) and len(path.name) > len(suffix):
            return path.name[: -len(suffix)]
    return None


def stale_extensions(directory: Path = PACKAGE) -> list[str]:
    """One line for each extension module in ``directory`` or below it older than its
    source (``.py``, ``.pyx`` or ``.pxd`` of the same name beside it), each file named
    by its path below ``directory``."""
    stale = []
    for extension in sorted(directory.rglob("*")):
        stem = extension_stem(extension)
        if stem is None or not extension.is_file():
            continue
        for suffix in (".py", ".pyx", ".pxd"):
            source = extension.parent / f"{stem}{suffix}"
            if source.is_file() and source.stat().st_mtime > extension.stat().st_mtime:
                stale.append(
                    f"{extension.relative_to(directory).as_posix()} is older than"
                    f" {source.relative_to(directory).as_posix()}"
                )
    return stale


def stale_message(stale: list[str]) -> str:
    return (
        "the compiled modules in the source tree are out of date, so the tests would"
        f" run the old code ({'; '.join(stale)}): rebuild them with `{REBUILD}`"
        " (or `pip install -e .`)"
    )


def compiled_module_name(path: Path) -> str | None:
    """The dotted name of the module ``path`` (a ``.py`` file) when Python imports
    that module from a compiled extension module beside it, else None."""
    if path.suffix != ".py":
        return None
    parts = [path.stem]
    directory = path.parent
    while (directory / "__init__.py").is_file():
        parts.insert(0, directory.name)
        directory = directory.parent
    if len(parts) == 1:
        return None
    name = ".".join(parts)
    try:
        spec = importlib.util.find_spec(name)
    except ImportError:
        return None
    origin = Path(spec.origin) if spec is not None and spec.origin else None
    if origin is None or origin.parent != path.parent or extension_stem(origin) != path.stem:
        return None
    return name


def signatures() -> dict[str, str]:
    """The signature and the type hints of every function, class and class member
    defined in the compiled modules (as loaded: compiled or not), by name; what the
    docs show of them (docs/conf.py documents the ``.py`` files)."""
    import inspect
    import typing

    found: dict[str, str] = {}
    for module_name in COMPILED_MODULES:
        module = importlib.import_module(f"threethirteen.{module_name}")
        for name, value in vars(module).items():
            if getattr(value, "__module__", None) != module.__name__:
                continue  # imported, or not a function or class
            members = [(name, value)]
            if inspect.isclass(value):
                members += [(f"{name}.{member}", getattr(value, member)) for member in vars(value)]
            for qualname, member in members:
                key = f"{module_name}.{qualname}"
                for what, describe in (
                    ("signature", inspect.signature),
                    ("hints", typing.get_type_hints),
                ):
                    try:
                        found[f"{key} {what}"] = str(describe(member))
                    except (TypeError, ValueError, NameError) as error:
                        found[f"{key} {what}"] = f"<{type(error).__name__}>"
    return found
