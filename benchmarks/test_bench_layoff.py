"""Benchmarks of ``tt.layoff`` and ``tt.check_melds``.

Cases, each one call:

* ``set``: a card onto a set (one solve, no run searched);
* ``family``: an 11-card family hand against 6 melds of two players;
* ``wild chains``: jokers bridging to naturals at both ends of runs (BGA);
* ``slowest at the limit``: the slowest case a random search found with
  ``MAX_LAYOFF_RUNS`` (5) runs in reach (20 cards, three of them jokers, runs of
  two suits; family rules with jokers): the bound stays low deep into the search;
* ``too large``: 15 overlapping runs in reach (the slowest case found before the
  limit, 0.2 to 0.6 s): refused at once with ``tt.TableTooLargeError``;
* ``big table``: 25 melds, 5 runs in reach.

The pure-Python solver runs the small cases only.

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
    "slowest at the limit": (
        "Ac 6c Qc As As As 2s 3s 3s 4s 6s 9s Js Js Js Qs Ks Jk Jk Jk",
        [
            "6s 7s 8s 9s 10s",
            "10c Jc Qc Kc",
            "5s 6s 7s 8s 9s 10s",
            "7s 8s 9s 10s",
            "9c 10c Jc Qc Kc",
        ],
        None,
        FAMILY_JOKERS,
        10,
    ),
}


@pytest.mark.parametrize("backend", ["cython", "python"], indirect=True)
@pytest.mark.parametrize("case", list(CASES))
def test_layoff(timed: Timed, backend: str, case: str) -> None:
    if backend == "python" and case == "slowest at the limit":
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


TOO_LARGE = (
    "Jk Jk Jk 10c 2c 7s Kc 7c 8s 2c 7s 3s 5c 4c Qs 9c 8c 4s 9c Ac",
    [
        "3c 4c 5c 6c 7c", "7s 8s 9s 10s", "Ac 2c 3c 4c 5c", "2s 3s 4s 5s", "3s 4s 5s 6s 7s",
        "6c 7c 8c 9c", "5c 6c 7c 8c", "8c 9c 10c Jc", "10s Js Qs Ks", "8s 9s 10s Js Qs",
        "Ac 2c 3c 4c", "10c Jc Qc Kc", "10s Js Qs Ks", "As 2s 3s 4s", "10c Jc Qc Kc",
    ],
)  # fmt: skip

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
BIG_TABLE = (
    "Ah 7h Kh 7s Jd Kc",
    [f"{rank}c {rank}d {rank}s" for rank in RANKS]
    + [f"{rank}c {rank}d {rank}h" for rank in RANKS[:6]]
    + ["Ac 2c 3c 4c", "Ad 2d 3d 4d", "2h 3h 4h 5h", "9h 10h Jh Qh", "8s 9s 10s Js",
       "3s 4s 5s 6s", "7d 8d 9d 10d"],
)  # fmt: skip


def test_layoff_too_large(timed: Timed) -> None:
    round_ = round_of(FAMILY_JOKERS, None, "cython")

    def refused() -> str:
        try:
            tt.layoff(*TOO_LARGE, round_)
        except tt.TableTooLargeError as error:
            return str(error)
        raise AssertionError("not refused")

    message = timed("layoff too large", refused, 1)
    assert message.endswith("15 runs of the table; layoff searches at most 5")


@pytest.mark.parametrize("backend", ["cython", "python"], indirect=True)
def test_layoff_big_table(timed: Timed, backend: str) -> None:
    round_ = round_of(FAMILY_JOKERS, None, backend)
    result = timed("layoff big table", lambda: tt.layoff(*BIG_TABLE, round_), 1)
    assert len(BIG_TABLE[1]) == 25
    assert result.score == 0
