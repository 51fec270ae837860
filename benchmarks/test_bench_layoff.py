"""Benchmarks of ``tt.layoff`` and ``tt.check_melds``.

Cases, each one call:

* ``set``: a card onto a set (one solve, no run searched);
* ``family``: an 11-card family hand against 6 melds of two players;
* ``wild chains``: jokers bridging to naturals at both ends of runs (BGA);
* ``bad``: the slowest case a random search found under a preset (20 cards,
  three of them jokers, against 15 overlapping runs of two suits; family rules
  with jokers): the bound stays low deep into the search. The pure-Python solver runs the
  small cases only.

Answers are checked, so the benchmarks cannot rot.
"""

from __future__ import annotations

import pytest

import threethirteen as tt
from hands import Timed, round_of

FAMILY_JOKERS = tt.Rules.preset("family", ["jokers"])

CASES = {
    "set": ("10h Kd", ["10c 10d 10s"], None, "pagat", 10),
    "family": (
        "7h 8h 9h 8c 8d 2s 3s Ks Kd Jk Qc",
        ["4h 5h 6h 7h", "Qs Ks As Jk=Js", "10c Jc Qc Kc", "9s 9c 9d", "2d 3d 4d 5d", "6s 6c 6h"],
        11,
        FAMILY_JOKERS,
        25,
    ),
    "wild chains": (
        "2h 9h Jk Jk Jk Kd Kc 5c 9c",
        ["4h 5h 6h", "6c 7c Jk=8c", "Qd Kd Ad"],
        None,
        "bga",
        0,
    ),
    "bad": (
        "Jk Jk Jk 10c 2c 7s Kc 7c 8s 2c 7s 3s 5c 4c Qs 9c 8c 4s 9c Ac",
        [
            "3c 4c 5c 6c 7c",
            "7s 8s 9s 10s",
            "Ac 2c 3c 4c 5c",
            "2s 3s 4s 5s",
            "3s 4s 5s 6s 7s",
            "6c 7c 8c 9c",
            "5c 6c 7c 8c",
            "8c 9c 10c Jc",
            "10s Js Qs Ks",
            "8s 9s 10s Js Qs",
            "Ac 2c 3c 4c",
            "10c Jc Qc Kc",
            "10s Js Qs Ks",
            "As 2s 3s 4s",
            "10c Jc Qc Kc",
        ],
        None,
        FAMILY_JOKERS,
        10,
    ),
}


@pytest.mark.parametrize("backend", ["cython", "python"], indirect=True)
@pytest.mark.parametrize("case", list(CASES))
def test_layoff(timed: Timed, backend: str, case: str) -> None:
    if backend == "python" and case == "bad":
        pytest.skip("seconds with the pure-Python solver")
    hand, table, wild, rules, score = CASES[case]
    round_ = round_of(rules, wild, backend)
    result = timed(f"layoff {case}", lambda: tt.layoff(hand, table, round_), 1)
    assert result.score == score


@pytest.mark.parametrize("backend", ["cython", "python"], indirect=True)
def test_check_melds(timed: Timed, backend: str) -> None:
    hand = "9s 9h 9d 4h 5h 6c Kd Kh Ah 2h"
    melds = ["9s 9h 9d", "4h 5h 6c=6h", "Kh Ah 2h"]
    round_ = round_of("bga", 6, backend)
    check = timed("check_melds", lambda: tt.check_melds(hand, melds, round_), 1)
    assert [problem.index for problem in check.problems] == [2]
    assert check.better is not None
