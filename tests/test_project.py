"""The project's promises about itself: README commands, CI, typing marker, public names,
the compiled extensions built."""

from __future__ import annotations

import importlib
import importlib.util
import re
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import threethirteen as tt

ROOT = Path(__file__).resolve().parent.parent


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```(?:sh|bash|console)\n(.*?)\n```", text, flags=re.DOTALL)


def test_readme_opens_with_the_two_commands() -> None:
    check, test = readme_commands()[:2]
    assert check.startswith("pip install . && threethirteen ")  # the command-line check
    assert (
        test == "pip install -e '.[test,docs]' && pytest && pytest benchmarks --benchmark-disable"
    )


def test_ci_runs_exactly_the_readme_test_command() -> None:
    test_command = readme_commands()[1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert test_command in ci.splitlines()
    assert "python3 -m venv" in ci
    assert "set -euo pipefail" in ci


def test_package_is_typed() -> None:
    assert (Path(tt.__file__).parent / "py.typed").exists()


def test_public_names() -> None:
    for name in (
        "parse_hand",
        "best_melds",
        "deadwood_score",
        "can_go_out",
        "best_discard",
        "Rules",
        "Hand",
        "Card",
        "Meld",
        "Melding",
    ):
        assert name in dir(tt)
        assert getattr(tt, name) is not None
    assert re.fullmatch(r"\d+\.\d+\.\d+(\.dev\d+)?", tt.__version__)


def test_the_compiled_solver_is_built() -> None:
    """``pip install .`` builds the extension; CI fails here when it did not."""
    from threethirteen._kernel import backend as _backend

    assert _backend.compiled is not None, "the compiled solver (_solver.pyx) was not built"
    assert _backend.load("")[0] == "cython"


def test_the_compiled_playout_loop_is_built() -> None:
    """``pip install .`` builds the playout loop (``bots/_playout.pyx``) too; it serves
    when the compiled solver does. No other module of the package is compiled."""
    from threethirteen.bots import playouts

    spec = importlib.util.find_spec("threethirteen.bots._playout")
    origin = spec.origin if spec is not None else None
    assert origin is not None, "the compiled playout loop (_playout.pyx) was not built"
    assert origin.endswith(tuple(EXTENSION_SUFFIXES)), origin
    assert playouts.compiled == (tt.implementation == "cython")
    for name in ("engine.game", "hands.cards", "adapters.spaces"):
        path = importlib.import_module(f"threethirteen.{name}").__file__ or ""
        assert path.endswith(f"{name.rpartition('.')[2]}.py"), path
