"""Benchmarks of the batches for learning: ``tt.discard_scores`` (the score left by
every discard of every hand, an (N, 53) array).

In a group (the same 13-card uniform hands, pagat round 11, kings wild):

* ``discard_scores`` on a code array, on a count matrix, with the wild rank given
  per row, and on the pure-Python solver (fewer hands);
* the batch it stands for: ``deadwood_scores`` of every hand less each card
  (13 rows per hand).

Answers are checked against each other. ``python benchmarks/bot_calls.py`` gives
the hands per second of docs/numpy.md.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

import threethirteen as tt
from hands import Timed, round_of, uniform_hands

SIZE = 13
HANDS = 500
PYTHON_HANDS = 5
GROUP = f"learning: every discard, uniform, {SIZE} cards"


@cache
def batch() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    codes = tt.encode_hands(uniform_hands(SIZE, HANDS, seed=29))
    rows = [
        [code for k, code in enumerate(line) if k != drop] for line in codes for drop in range(SIZE)
    ]
    without = np.array(rows, dtype=np.int8)
    return codes, tt.count_vectors(codes), without


@cache
def reference() -> np.ndarray:
    return tt.discard_scores(batch()[0], round_of("pagat", 13, "cython"))


@pytest.mark.parametrize("backend", ["cython", "python"], indirect=True)
@pytest.mark.parametrize("given", ["codes", "counts", "wild per row"])
def test_discard_scores(timed: Timed, backend: str, given: str) -> None:
    codes, counts, _ = batch()
    hands = HANDS if backend == "cython" else PYTHON_HANDS
    round_ = round_of("pagat", 13, backend)
    if given == "codes":
        scores = timed(GROUP, lambda: tt.discard_scores(codes[:hands], round_), hands)
    elif given == "counts":
        scores = timed(GROUP, lambda: tt.discard_scores(counts[:hands], round_), hands)
    else:
        if backend == "python":
            pytest.skip("a wild rank per row uses the solver chosen at import")
        ranks = np.full(hands, 13, dtype=np.int64)
        scores = timed(GROUP, lambda: tt.discard_scores(codes[:hands], wild=ranks), hands)
    assert np.array_equal(scores, reference()[:hands])


def test_deadwood_scores_of_every_hand_less_a_card(timed: Timed) -> None:
    _, _, without = batch()
    round_ = round_of("pagat", 13, "cython")
    scores = timed(GROUP, lambda: tt.deadwood_scores(without, round_), HANDS)
    codes = batch()[0]
    first = reference()[0]
    assert sorted(scores[:SIZE].tolist()) == sorted(
        np.repeat(first, np.bincount(codes[0], minlength=53)).tolist()
    )
