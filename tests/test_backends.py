"""The two backends: choosing one, and the compiled one against the pure-Python twin.

Every other test file runs once per backend (see ``conftest.py``); the tests here
compare the two directly, so they run once, under the ``cython`` parameter.
(``tests/test_project.py`` fails when the compiled solver is not built.)
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import threethirteen as tt
from tests.conftest import examples
from tests.strategies import (
    any_hand,
    meld_rich_hands,
    twin_heavy_hands,
    uniform_hands,
    wild_heavy_hands,
)
from tests.test_reference import RULES_IDS, RULES_ONLY, check_melding
from threethirteen import _backend

T = TypeVar("T")


BACKENDS = ("cython",)


def both(function: Callable[..., T], *args: Any, **kwargs: Any) -> tuple[T, T]:
    """``function`` called under the compiled backend, then under the Python one."""
    with _backend.using("cython"):
        compiled = function(*args, **kwargs)
    with _backend.using("python"):
        python = function(*args, **kwargs)
    return compiled, python


# -- choosing a backend ---------------------------------------------------------------


def _implementation_in_a_fresh_interpreter(value: str | None) -> subprocess.CompletedProcess[str]:
    environment = dict(os.environ)
    environment.pop(_backend.ENVIRONMENT_VARIABLE, None)
    if value is not None:
        environment[_backend.ENVIRONMENT_VARIABLE] = value
    return subprocess.run(
        [sys.executable, "-c", "import threethirteen as tt; print(tt.implementation)"],
        capture_output=True,
        text=True,
        env=environment,
        check=False,
    )


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, "cython"),
        ("", "cython"),
        ("cython", "cython"),
        ("python", "python"),
        ("Python", "python"),
    ],
)
def test_the_environment_variable_chooses(value: str | None, expected: str) -> None:
    result = _implementation_in_a_fresh_interpreter(value)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == expected


def test_an_unknown_backend_is_an_error() -> None:
    result = _implementation_in_a_fresh_interpreter("rust")
    assert result.returncode != 0
    assert "THREETHIRTEEN_IMPLEMENTATION must be cython or python, not 'rust'" in result.stderr


def test_asking_for_a_missing_compiled_solver_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_backend, "compiled", None)
    with pytest.raises(ImportError, match="THREETHIRTEEN_IMPLEMENTATION=cython, but the compiled"):
        _backend.load("cython")
    assert _backend.load("") == ("python", tt._backend._solver_py)


def test_the_twins_have_the_same_functions() -> None:
    compiled = _backend.load("cython")[1]
    python = _backend.load("python")[1]
    for name in ("Params", "score", "plan", "can_go_out", "best_discard", "solve_rows"):
        assert callable(getattr(compiled, name)), name
        assert callable(getattr(python, name)), name


# -- the same answers -------------------------------------------------------------------


def assert_backends_agree(cards: list[tt.Card], wild: int | None, rules: tt.Rules) -> None:
    """Same score, same melding (every one valid), same go-out answer, same discard."""
    hand = tt.Hand(cards)
    compiled, python = both(tt.best_melds, hand, wild=wild, rules=rules)
    assert compiled == python
    check_melding(compiled, cards, wild, rules, python.score)
    assert both(tt.deadwood_score, hand, wild=wild, rules=rules) == (python.score, python.score)
    if cards:
        go_out = both(tt.can_go_out, hand, wild=wild, rules=rules)
        assert go_out[0] == go_out[1]
        discard = both(tt.best_discard, hand, wild=wild, rules=rules)
        assert discard[0] == discard[1]
        assert go_out[0] == (discard[0].melding.score == 0 and not discard[0].melding.deadwood)


@pytest.mark.parametrize("rules", RULES_ONLY, ids=RULES_IDS)
@settings(max_examples=examples(120))
@given(data=st.data())
def test_backends_agree(rules: tt.Rules, data: st.DataObject) -> None:
    cards, wild = data.draw(any_hand(rules), label="hand and wild")
    assert_backends_agree(cards, wild, rules)


HARD_HANDS = {
    "uniform, up to 20 cards": lambda rules: uniform_hands(rules, max_size=20),
    "wild-heavy, 16 cards": lambda rules: wild_heavy_hands(rules, size=16),
    "twin-heavy, up to 16 cards": lambda rules: twin_heavy_hands(rules, max_size=16),
    "meld-rich, up to 16 cards": lambda rules: meld_rich_hands(rules, max_size=16),
}


@pytest.mark.parametrize("kind", HARD_HANDS)
@pytest.mark.parametrize(
    "preset",
    [tt.Rules.preset("bga"), tt.Rules.preset("family", ["jokers"])],
    ids=["bga", "family+jokers"],
)
@settings(max_examples=examples(60))
@given(data=st.data())
def test_backends_agree_on_large_hands(kind: str, preset: tt.Rules, data: st.DataObject) -> None:
    """Hands too large for the brute force: the twins must still agree exactly."""
    cards, wild = data.draw(HARD_HANDS[kind](preset), label="hand and wild")
    assert_backends_agree(cards, wild, preset)


BAD_HANDS = [
    ("9h 9h 9h", "pagat", "3 copies of 9h in '9h 9h 9h', but 2 decks hold only 2"),
    ("9h Jk", "pagat", "a joker in '9h Jk', but these rules have no jokers"),
    (" ".join(["Ac", "2c", "3c", "4c", "5c"] * 5), "family", "25 cards in "),
]


@pytest.mark.parametrize(("hand", "rules", "message"), BAD_HANDS)
@pytest.mark.parametrize(
    "function", [tt.deadwood_score, tt.best_melds, tt.can_go_out, tt.best_discard]
)
def test_backends_refuse_bad_hands_alike(
    hand: str, rules: str, message: str, function: Callable[..., Any]
) -> None:
    messages = []
    for name in ("cython", "python"):
        with _backend.using(name), pytest.raises(tt.InvalidHandError) as error:
            function(hand, wild=6, rules=rules)
        messages.append(str(error.value))
    assert messages[0] == messages[1]
    assert message in messages[0]
