"""Every dotted name the docs write in code (``threethirteen.arena.simulations.play_games``)
names something that exists: a renamed function cannot leave a page behind."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md")])
NAME = re.compile(r"`(threethirteen(?:\.[A-Za-z_]\w*)+)")


def resolves(dotted: str) -> bool:
    """Whether ``dotted`` is a module, or an attribute path below the longest module
    prefix that imports."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            if not hasattr(found, part):
                return False
            found = getattr(found, part)
        return True
    return False


def test_the_name_check_can_fail() -> None:
    assert resolves("threethirteen.arena.simulations.play_games")
    assert not resolves("threethirteen.arena.simulations.play_chunk")
    assert not resolves("threethirteen.nowhere")


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_dotted_name_in_a_page_exists(page: Path) -> None:
    names = sorted(set(NAME.findall(page.read_text(encoding="utf-8"))))
    missing = [name for name in names if not resolves(name)]
    assert missing == []
