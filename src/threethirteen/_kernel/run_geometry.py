"""Run places and card codes, shared by the pure-Python solver and the meld rules
(the lowest layer: both sides import it, neither imports the other's home).

>>> run_code(2, 14) == run_code(2, 1)  # an ace, high or low
True
>>> extend_run(5, 7, 2, high_aces=False, preferred=frozenset({4}))
(4, 8)
"""

from __future__ import annotations

from collections.abc import Collection

__all__ = ["extend_run", "run_code"]


def run_code(suit: int, place: int) -> int:
    """The card code of ``suit`` (0-3) at run place ``place`` (1-14)."""
    return suit * 13 + (0 if place == 14 else place - 1)


def extend_run(
    low: int, high: int, count: int, high_aces: bool, preferred: Collection[int]
) -> tuple[int, int]:
    """Widen a run by ``count`` places: towards a ``preferred`` place next to it
    (where a wild card of this suit can stand for itself), else up, else down."""
    for _ in range(count):
        top = 14 if high_aces and low >= 2 else 13
        bottom = 2 if high == 14 else 1
        if high + 1 in preferred and high < top:
            high += 1
        elif low - 1 in preferred and low > bottom:
            low -= 1
        elif high < top:
            high += 1
        else:
            low -= 1
    return low, high
