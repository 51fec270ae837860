"""Benchmarks of the worst cases: the adversarial hands of ``hands.ADVERSARIAL``.

One group per hand, a single ``tt.deadwood_score`` call each, compiled and
pure Python (the answers must agree). ``benchmarks/worst_case.py`` searches
for slower hands at random; the worst it found are in ``hands.ADVERSARIAL``.
"""

from __future__ import annotations

import pytest

import threethirteen as tt
from hands import ADVERSARIAL, Adversarial, Timed, adversarial_hands, compiled_available, round_of

CASES = adversarial_hands()


@pytest.mark.parametrize("backend", ["cython", "python"], indirect=True)
@pytest.mark.parametrize(("case", "hand"), CASES, ids=[case.name for case in ADVERSARIAL])
def test_worst_case(timed: Timed, backend: str, case: Adversarial, hand: tt.Hand) -> None:
    round_ = round_of(case.rules, case.wild, backend)
    score = timed(f"worst case: {case.name}", lambda: tt.deadwood_score(hand, round_), 1)
    other = "python" if backend == "cython" else "cython"
    if other == "python" or compiled_available():
        other_round = round_of(case.rules, case.wild, other)
        assert tt.deadwood_score(hand, other_round) == score, "the backends disagree"
