"""The docs cannot go stale: docs/api.md is what docs/make_api.py renders today.

(The examples in README.md and docs/*.md run as doctests through pytest's
``--doctest-glob=*.md``; this file checks what doctests cannot.)
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

import threethirteen as tt

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def _load_make_api() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_api", DOCS / "make_api.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    return module


def test_api_page_is_current() -> None:
    rendered = _load_make_api().render()
    committed = (DOCS / "api.md").read_text(encoding="utf-8")
    assert rendered == committed, "docs/api.md is stale: run `python docs/make_api.py`"


def test_api_page_names_every_public_name() -> None:
    page = (DOCS / "api.md").read_text(encoding="utf-8")
    missing = [name for name in tt.__all__ if f"### `{name}`" not in page]
    assert missing == []


def test_make_api_check_mode() -> None:
    assert _load_make_api().main(["--check"]) == 0


@pytest.mark.parametrize(
    "page",
    [
        "README.md",
        "docs/index.md",
        "docs/rules.md",
        "docs/notation.md",
        "docs/cli.md",
        "docs/performance.md",
        "docs/scale.md",
    ],
)
def test_local_links_resolve(page: str) -> None:
    path = ROOT / page
    text = path.read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
        if "://" in target:
            continue
        assert (path.parent / target).exists(), f"{page} links to missing {target}"


def test_rules_page_names_every_variation_and_preset() -> None:
    page = (DOCS / "rules.md").read_text(encoding="utf-8")
    for name in [*tt.VARIATIONS, *tt.PRESETS]:
        assert f"`{name}`" in page, name
