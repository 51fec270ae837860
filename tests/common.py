"""Both solvers side by side, call by call (as RapidFuzz's ``tests/common.py`` calls its
compiled and pure-Python scorers).

``both.best_melds(hand, wild=6, rules="pagat")`` calls ``tt.best_melds`` once with a
:class:`~threethirteen.Round` of the compiled solver and once with one of the
pure-Python solver, checks that the two answers (or the two errors: class and
message) are the same, and returns the compiled one's. Nothing switches a backend
for the process: ``tt.implementation`` stays what it was chosen at import. Where
the compiled solver is not built, only the Python one runs (and
``tests/test_project.py`` fails).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

import threethirteen as tt
from threethirteen._kernel import backend as _backend
from threethirteen.hands.rounds import UNSET

IMPLEMENTATIONS: tuple[str, ...] = (
    ("cython", "python") if _backend.compiled is not None else ("python",)
)
"""The solvers compared: the compiled one first (its answer is returned)."""


def same(first: object, second: object) -> bool:
    """Whether two answers are the same; lazy results compare by what they computed
    (so that comparing builds no melding the test did not ask for)."""
    if isinstance(first, np.ndarray) and isinstance(second, np.ndarray):
        return first.dtype == second.dtype and np.array_equal(first, second)
    if isinstance(first, tt.BatchDiscards) and isinstance(second, tt.BatchDiscards):
        return same(first.cards, second.cards) and same(first.scores, second.scores)
    if isinstance(first, tt.Discards) and isinstance(second, tt.Discards):
        return first.cards == second.cards and first.scores == second.scores
    if isinstance(first, tt.Discard) and isinstance(second, tt.Discard):
        return first.card == second.card and first.score == second.score
    return first == second


def call_both(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``function(*args, **kwargs)`` with a round of each solver (``wild`` and
    ``rules`` in ``kwargs`` make the round; or pass ``round=``); the answers, or
    the errors, must agree."""
    wild = kwargs.pop("wild", UNSET)
    rules = kwargs.pop("rules", "pagat")
    given = kwargs.pop("round", None)
    outcomes: list[tuple[str, Any]] = []
    for implementation in IMPLEMENTATIONS:
        try:
            if given is not None:
                round_ = tt.Round(
                    given.rules,
                    given.number,
                    wild=given.wild,
                    dealt=None if given.number is not None else given.dealt,
                    implementation=implementation,
                )
            elif wild is UNSET:
                round_ = None  # the function's own error for a missing round
            else:
                round_ = tt.Round(rules, wild=wild, implementation=implementation)
            if round_ is None:
                outcomes.append(("value", function(*args, **kwargs)))
            else:
                outcomes.append(("value", function(*args, round=round_, **kwargs)))
        except Exception as error:
            outcomes.append(("error", error))
    first_kind, first = outcomes[0]
    for kind, other in outcomes[1:]:
        if first_kind == "error" or kind == "error":
            assert (kind, type(other), str(other)) == (first_kind, type(first), str(first)), (
                f"{function.__name__}: the solvers disagree: {first!r} against {other!r}"
            )
        else:
            assert same(first, other), (
                f"{function.__name__}: the solvers disagree: {first!r} against {other!r}"
            )
    if first_kind == "error":
        raise first
    return first


class _Both:
    """``both.name(...)``: :func:`call_both` of ``tt.name``."""

    def __getattr__(self, name: str) -> Callable[..., Any]:
        function = getattr(tt, name)

        def call(*args: Any, **kwargs: Any) -> Any:
            return call_both(function, *args, **kwargs)

        call.__name__ = name
        return call


both = _Both()
"""The library's analysis functions, each called with both solvers."""
