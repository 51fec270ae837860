"""Seeded shuffles for the game engine: the same seed gives the same cards on every
machine and every Python and numpy version.

A shuffle draws 64-bit words from numpy's PCG64 bit generator, seeded by a
:class:`numpy.random.SeedSequence` of the game's seed and a key (the round's index,
its replay, and the shuffle's number in the round). numpy promises that these bit
streams never change; the Fisher-Yates shuffle over them is written here, so no
library's shuffle algorithm (which may change between versions) is involved.
Position ``i`` (from the end) swaps with ``(word * (i + 1)) >> 64``.

>>> shuffled([0, 1, 2, 3, 4, 5], 42, (0, 0, 0))
[1, 3, 5, 2, 4, 0]
>>> pool_codes(1, 2)[-3:]
[51, 52, 52]
"""

from __future__ import annotations

import secrets
from functools import lru_cache
from typing import TYPE_CHECKING

from .._lazy import LazyModule
from .._validate import MAX_SEED
from ..hands.cards import JOKER

if TYPE_CHECKING:
    import numpy as np
else:  # numpy is imported when first used, not with the package
    np = LazyModule("numpy")

__all__ = ["MAX_SEED", "new_seed", "pool_codes", "shuffled"]


def new_seed() -> int:
    """A fresh random seed for a game given none: 53 bits, so that it is an exact
    number in every JSON reader (JavaScript's too)."""
    return secrets.randbits(53)


def shuffled(codes: list[int], seed: int, key: tuple[int, ...]) -> list[int]:
    """The ``codes`` in the order the ``seed`` and ``key`` give (a new list)."""
    result = list(codes)
    count = len(result)
    if count < 2:
        return result
    sequence = np.random.SeedSequence(seed, spawn_key=key)
    words = np.random.PCG64(sequence).random_raw(count - 1).tolist()
    for step, word in enumerate(words):
        i = count - 1 - step
        j = (word * (i + 1)) >> 64
        result[i], result[j] = result[j], result[i]
    return result


@lru_cache(maxsize=64)
def _pool(decks: int, jokers: int) -> tuple[int, ...]:
    return tuple(sorted(list(range(52)) * decks)) + (JOKER,) * jokers


def pool_codes(decks: int, jokers: int) -> list[int]:
    """Every card of the pool, sorted: ``decks`` copies of the 52 cards and the jokers."""
    return list(_pool(decks, jokers))
