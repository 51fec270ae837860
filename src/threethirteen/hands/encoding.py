"""Hands as numpy arrays: a batch of hands as a 2-D array of card codes, and the checks
of arrays given as hands or counts.

A batch is a 2-D ``int8`` array, one hand per row, each row's card codes sorted and
padded on the right with :data:`PADDING` (-1). A count matrix (width 53, one row of
counts per hand) is also a batch.

>>> encode_hands(["Ac Jk", "Kc"])
array([[ 0, 52],
       [12, -1]], dtype=int8)

numpy is imported the first time one of these functions runs, not with the package.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Union

from .._lazy import LazyModule
from .._validate import MAX_CARDS, as_index, check_int, is_iterable, quote
from ..errors import InvalidHandError
from .cards import CARDS, NUMBER_OF_CODES
from .hand import MAX_HAND_SIZE, Hand, HandLike, as_hand

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
else:  # resolved when an annotation is read (typing.get_type_hints), not at import
    np = LazyModule("numpy")
    npt = LazyModule("numpy.typing")

__all__ = [
    "PADDING",
    "HandsLike",
    "as_codes",
    "codes_of_counts",
    "count_list",
    "encode_hands",
    "is_count_matrix",
]

PADDING = -1
"""The code that fills a row of a batch after its hand's cards."""

MAX_COUNT = 255
"""The most copies of one card a count (a ``uint8`` entry) holds."""

HandsLike = Union["npt.ArrayLike", Iterable[HandLike]]
"""A 2-D array of card codes, a count matrix, or an iterable of hands (or strings)."""


def encode_hands(hands: Iterable[HandLike], *, width: int | None = None) -> npt.NDArray[np.int8]:
    """A 2-D ``int8`` array of card codes, one row per hand, each row sorted and
    padded on the right with :data:`PADDING` (-1).

    :param hands: hands, strings or iterables of cards.
    :param width: the number of columns (0 to 1000); by default the largest hand's size.
    :raises InvalidCardError: for text that is no card (naming the hand).
    :raises InvalidHandError: when a hand has more cards than ``width``; for
        ``hands`` that are not a list of hands.
    :raises ThreeThirteenError: for a ``width`` that is no int from 0 to 1000.

    >>> encode_hands(["Ac Jk", "Kc"], width=3)
    array([[ 0, 52, -1],
           [12, -1, -1]], dtype=int8)
    """
    import numpy as np

    if width is not None:
        width = check_int("width", width, 0, MAX_CARDS)
    if isinstance(hands, (str, Hand)):
        raise InvalidHandError("hands is a list of hands: wrap a single hand in a list")
    if not is_iterable(hands):
        raise InvalidHandError(f"hands is a list of hands or an array, not {quote(hands)}")
    parsed = [as_hand(hand) for hand in hands]
    longest = max((len(hand) for hand in parsed), default=0)
    if width is None:
        width = longest
    elif longest > width:
        raise InvalidHandError(f"a hand of {longest} cards does not fit in {width} columns")
    # One buffer of every row padded to the width, read by numpy in one go.
    pad = bytes([PADDING & 0xFF]) * width
    rows = b"".join([(hand.code_bytes + pad)[:width] for hand in parsed])
    codes: npt.NDArray[np.int8] = np.frombuffer(bytearray(rows), dtype=np.int8)
    return codes.reshape(len(parsed), width)


def as_codes(hands: HandsLike) -> npt.NDArray[np.int8]:
    """The batch as a C-contiguous ``int8`` array, checked for codes out of range."""
    import numpy as np

    if is_count_matrix(hands):
        return codes_of_counts(hands)  # type: ignore[arg-type]
    if not isinstance(hands, np.ndarray):
        return encode_hands(hands)  # type: ignore[arg-type]
    if hands.ndim != 2:
        raise InvalidHandError(f"a batch of hands is a 2-D array of card codes, not {hands.ndim}-D")
    if hands.dtype.kind not in "iu":
        raise InvalidHandError(f"card codes are integers, not {hands.dtype}")
    if hands.size:
        low, high = int(hands.min()), int(hands.max())
        if low < PADDING or high >= NUMBER_OF_CODES:
            bad = low if low < PADDING else high
            row, column = (int(i) for i in np.argwhere(hands == bad)[0])
            raise InvalidHandError(
                f"row {row}, column {column}: {bad} is no card code"
                f" (0-51 cards, 52 a joker, {PADDING} padding)"
            )
    return np.ascontiguousarray(hands, dtype=np.int8)


def is_count_matrix(hands: object) -> bool:
    """Whether ``hands`` is a 2-D integer array of width 53 with no negative entry:
    a count matrix, never a batch of card codes (whose rows would hold 53 cards)."""
    import numpy as np

    return (
        isinstance(hands, np.ndarray)
        and hands.ndim == 2
        and hands.shape[1] == NUMBER_OF_CODES
        and hands.dtype.kind in "iu"
        and (hands.size == 0 or int(hands.min()) >= 0)
    )


def codes_of_counts(matrix: npt.NDArray[Any]) -> npt.NDArray[np.int8]:
    """A count matrix as a batch of card codes: each row's codes in order, padded
    with -1 to the longest row; in numpy, with no Python work per row.

    :raises InvalidHandError: for a row of more than :data:`MAX_HAND_SIZE` cards.
    """
    import numpy as np

    rows = matrix.shape[0]
    # Entries capped first, so that the sums cannot overflow whatever the dtype.
    sizes = np.minimum(matrix, MAX_HAND_SIZE + 1).sum(axis=1, dtype=np.int64)
    over = np.flatnonzero(sizes > MAX_HAND_SIZE)
    if over.size:
        row = int(over[0])
        size = int(matrix[row].sum(dtype=object))
        raise InvalidHandError(
            f"row {row}: a count vector of {size} cards; at most {MAX_HAND_SIZE} are supported"
        )
    width = int(sizes.max()) if rows else 0
    repeats = matrix.ravel().astype(np.int64)
    codes = np.repeat(np.tile(np.arange(NUMBER_OF_CODES, dtype=np.int8), rows), repeats)
    # Row of each card, and its column: its place among the cards of its row.
    row_of = np.repeat(np.arange(rows), sizes)
    starts = np.cumsum(sizes) - sizes
    column_of = np.arange(codes.size) - np.repeat(starts, sizes)
    batch = np.full((rows, width), -1, dtype=np.int8)
    batch[row_of, column_of] = codes
    return batch


def count_list(vector: object, what: str = "a count vector") -> list[int]:
    """The 53 counts of ``vector`` (a numpy array or a sequence of ints) as a list,
    checked: one dimension, 53 entries, each an integer from 0 to 255."""
    import numpy as np

    if isinstance(vector, np.ndarray):
        if vector.ndim != 1 or vector.shape[0] != NUMBER_OF_CODES:
            raise InvalidHandError(
                f"{what} has {NUMBER_OF_CODES} entries (52 cards, then the jokers),"
                f" not shape {vector.shape}"
            )
        if vector.dtype.kind not in "iub":
            raise InvalidHandError(f"{what} holds integers, not {vector.dtype}")
        values: list[Any] = vector.tolist()
    elif isinstance(vector, Sequence) and not isinstance(vector, (str, bytes)):
        if len(vector) != NUMBER_OF_CODES:
            raise InvalidHandError(
                f"{what} has {NUMBER_OF_CODES} entries (52 cards, then the jokers),"
                f" not {len(vector)}"
            )
        values = list(vector)
    else:
        raise InvalidHandError(
            f"{what} is a sequence of {NUMBER_OF_CODES} ints, not {quote(vector)}"
        )
    # The common case at once: plain ints within range (bools are not ``int`` here).
    if all(type(value) is int for value in values) and (
        not values or (min(values) >= 0 and max(values) <= MAX_COUNT)
    ):
        return values
    counts = []
    for code, entry in enumerate(values):
        value = as_index(entry, f"{what}: entry {code} ({CARDS[code]})", InvalidHandError)
        if value < 0:
            raise InvalidHandError(f"{what}: entry {code} ({CARDS[code]}) is negative: {value}")
        if value > MAX_COUNT:
            raise InvalidHandError(
                f"{what}: entry {code} ({CARDS[code]}) is {quote(value)}:"
                f" a count is at most {MAX_COUNT}"
            )
        counts.append(value)
    return counts
