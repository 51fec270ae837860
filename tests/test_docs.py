"""The docs site: it builds with every warning an error, it documents every public
name, and its pages link to pages that exist.

(The examples in README.md and docs/*.md run as doctests through pytest's
``--doctest-glob=*.md``; this file checks what doctests cannot.)
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import threethirteen as tt

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted(path.name for path in DOCS.glob("*.md"))


@pytest.mark.slow
def test_sphinx_builds_without_warnings(tmp_path: Path) -> None:
    """``nitpicky`` is on in docs/conf.py, so a broken cross-reference fails too."""
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-W",
            "--keep-going",
            "-q",
            "-b",
            "html",
            "-d",
            str(tmp_path / "doctrees"),
            str(DOCS),
            str(tmp_path / "html"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, f"the docs build failed:\n{result.stdout}\n{result.stderr}"
    assert (tmp_path / "html" / "api.html").exists()


def test_api_page_names_every_public_name() -> None:
    page = (DOCS / "api.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\.\. auto\w+:: threethirteen\.(\w+)$", page, flags=re.M))
    public = {name for name in dir(tt) if not name.startswith("_")} | {"__version__"}
    assert sorted(public - documented) == []


def test_every_page_is_in_the_toctree() -> None:
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^([\w-]+)$", index, flags=re.M))
    assert sorted({page.removesuffix(".md") for page in PAGES} - listed - {"index"}) == []


@pytest.mark.parametrize(
    "page", ["README.md", "benchmarks/NOTES.md", *(f"docs/{p}" for p in PAGES)]
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
