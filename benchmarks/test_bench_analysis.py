"""Benchmarks of deadwood scoring, per call and per batch, compiled and pure Python.

Not part of the default test run. Run them with::

    pytest benchmarks --benchmark-only                # times them
    pytest benchmarks --benchmark-disable             # once each, as a smoke test

Each group is one kind of hand (uniform: dealt from two shuffled decks;
meld-rich: four neighbouring ranks of all four suits, two decks) at one size,
no wild, pagat rules; in it the same hands are scored by single calls
(``tt.deadwood_score`` on parsed hands) and by the batch API
(``tt.deadwood_scores`` on an encoded array), with the compiled solver and
with the pure-Python one, so pytest-benchmark's relative column is the ratio.
The times are per round of all the group's hands; ``extra_info`` has the
median per hand. Every benchmark checks its answers against the compiled
batch's: the two backends must agree. Each benchmark passes the ``tt.Round``
of its solver (``hands.round_of``) where it used to pass ``wild`` and ``rules``.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt
import pytest

import threethirteen as tt
from hands import Timed, meld_rich_hands, reference_implementation, round_of, uniform_hands

SIZES = range(3, 17)
KINDS = ("uniform", "meld-rich")
HANDS = 200
BACKENDS = ["cython", "python"]


@cache
def hands_of(kind: str, size: int) -> tuple[tt.Hand, ...]:
    make = uniform_hands if kind == "uniform" else meld_rich_hands
    return tuple(make(size, HANDS))


@cache
def codes_of(kind: str, size: int) -> npt.NDArray[np.int8]:
    return tt.encode_hands(hands_of(kind, size))


@cache
def expected(kind: str, size: int) -> tuple[int, ...]:
    """The scores by the compiled batch (the reference every benchmark checks)."""
    round_ = round_of("pagat", None, reference_implementation())
    scores = tt.deadwood_scores(codes_of(kind, size), round_)
    return tuple(int(score) for score in scores)


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("size", SIZES)
def test_deadwood_score_single(timed: Timed, backend: str, kind: str, size: int) -> None:
    hands = hands_of(kind, size)
    round_ = round_of("pagat", None, backend)

    def run() -> list[int]:
        return [tt.deadwood_score(hand, round_) for hand in hands]

    scores = timed(f"deadwood {kind}, {size} cards", run, len(hands))
    assert tuple(scores) == expected(kind, size)


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("size", SIZES)
def test_deadwood_scores_batch(timed: Timed, backend: str, kind: str, size: int) -> None:
    codes = codes_of(kind, size)
    round_ = round_of("pagat", None, backend)

    def run() -> npt.NDArray[np.int64]:
        return tt.deadwood_scores(codes, round_)

    scores = timed(f"deadwood {kind}, {size} cards", run, len(codes))
    assert tuple(scores.tolist()) == expected(kind, size)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("size", [7, 10, 13])
def test_deadwood_score_from_text(timed: Timed, backend: str, kind: str, size: int) -> None:
    """The slow path: a string parsed on every call."""
    texts = [str(hand) for hand in hands_of(kind, size)]
    round_ = round_of("pagat", None, backend)

    def run() -> list[int]:
        return [tt.deadwood_score(text, round_) for text in texts]

    scores = timed(f"deadwood {kind}, {size} cards", run, len(texts))
    assert tuple(scores) == expected(kind, size)


@pytest.mark.parametrize("threads", [1, 2])
def test_deadwood_scores_threads(timed: Timed, backend: str, threads: int) -> None:
    """A large batch over worker threads (the machine may have only 2 cores)."""
    codes = np.concatenate([codes_of("uniform", 13)] * 25)
    round_ = round_of("pagat", None, backend)

    def run() -> npt.NDArray[np.int64]:
        return tt.deadwood_scores(codes, round_, threads=threads)

    scores = timed("deadwood_scores threads, 5000 uniform 13-card hands", run, len(codes))
    assert tuple(scores[:HANDS].tolist()) == expected("uniform", 13)
