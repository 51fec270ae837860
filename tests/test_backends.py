"""The two backends: choosing one, and the compiled one against the pure-Python twin.

The other test files call the analysis functions through ``tests.common.both``,
which runs each call with both solvers; the tests here choose a backend in fresh
interpreters, and compare the two kernels directly, call by call, on the same
encoded inputs. (``tests/test_project.py`` fails when the compiled solver is not
built.)
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
from tests.common import IMPLEMENTATIONS, both
from tests.conftest import examples
from tests.strategies import (
    any_hand,
    meld_rich_hands,
    twin_heavy_hands,
    uniform_hands,
    wild_heavy_hands,
)
from tests.test_reference import RULES_IDS, RULES_ONLY, check_melding
from threethirteen._kernel import backend as _backend

T = TypeVar("T")


def twice(
    function: Callable[..., T], hand: tt.Hand, wild: int | None, rules: tt.Rules
) -> tuple[T, T]:
    """``function`` called with a round of the compiled solver, then of the Python one."""
    compiled, python = (
        function(hand, tt.Round(rules, wild=wild, implementation=name))
        for name in ("cython", "python")
    )
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
    assert _backend.load("") == ("python", _backend.python)


def test_the_choice_is_bound_once_and_told_truly() -> None:
    """Nothing in the package swaps the backend: no ``using``, and the default round's
    solver is the one ``tt.implementation`` names."""
    assert not hasattr(_backend, "using")
    assert tt.Round("pagat", 4).implementation == tt.implementation
    assert tt.Round("pagat", 4).solver is _backend.solver
    python_round = tt.Round("pagat", 4, implementation="python")
    assert python_round.solver is _backend.python
    assert python_round != tt.Round("pagat", 4, implementation="cython")
    other = "python" if tt.implementation == "cython" else "cython"
    assert repr(tt.Round("pagat", 4, implementation=other)) == (
        f"Round('pagat', 4, implementation={other!r})"
    )
    assert repr(tt.Round("pagat", 4, implementation=tt.implementation)) == "Round('pagat', 4)"
    with pytest.raises(
        tt.InvalidRulesError, match="implementation must be 'cython' or 'python', not 'rust'"
    ):
        tt.Round("pagat", 4, implementation="rust")


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
    compiled, python = twice(tt.best_melds, hand, wild, rules)
    assert compiled == python
    check_melding(compiled, cards, wild, rules, python.score)
    assert twice(tt.deadwood_score, hand, wild, rules) == (python.score, python.score)
    if cards:
        go_out = twice(tt.can_go_out, hand, wild, rules)
        assert go_out[0] == go_out[1]
        discard = twice(tt.best_discard, hand, wild, rules)
        assert discard[0] == discard[1]
        assert go_out[0] == discard[0].goes_out
        ranked = twice(tt.discards, hand, wild, rules)
        assert ranked[0] == ranked[1]


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
        with pytest.raises(tt.InvalidHandError) as error:
            function(hand, tt.Round(rules, wild=6, implementation=name))
        messages.append(str(error.value))
    assert messages[0] == messages[1]
    assert message in messages[0]


def test_both_calls_each_solver_and_compares() -> None:
    """The helper the other test files use: it runs both solvers and would notice a
    disagreement (here, made up by a function whose answer depends on the solver)."""
    assert IMPLEMENTATIONS == ("cython", "python")
    assert both.deadwood_score("Ks 4d Ac", wild=None, rules="wikipedia") == 18

    def tells_its_solver(hand: str, *, round: tt.Round) -> str:
        return round.implementation

    from tests.common import call_both

    with pytest.raises(AssertionError, match="the solvers disagree: 'cython' against 'python'"):
        call_both(tells_its_solver, "9s", wild=6)
