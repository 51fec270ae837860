"""The batch functions on a Dask array, block by block: for more hands than one
machine holds (hands stored in Zarr or Parquet, scored on a Dask cluster).

Each function takes a 2-D Dask array of card codes (as :func:`~threethirteen.encode_hands`
makes, -1 padding) or a count matrix of width 53 (as
:func:`~threethirteen.count_vectors` makes), chunked by rows, and returns a lazy
Dask array with one value per row, chunked as the rows are. Every block is solved
by the in-memory function of the same name (:func:`threethirteen.deadwood_scores`
and the others) through :func:`dask.array.map_blocks`, so the answers are the same,
whichever scheduler runs the blocks. The columns must be one chunk: an array whose
columns are split is rechunked to one column chunk first.

A hand the solver refuses fails the computation with the error the in-memory
function raises, its message naming the row in the whole array, not in its block.

Dask is imported when one of these functions runs, not with the package; install
it with the ``dask`` extra (``pip install '.[dask]'``).

>>> import dask.array as da
>>> import threethirteen as tt
>>> from threethirteen.hands import dask_blocks as blocks
>>> codes = tt.encode_hands(["9s 9h 9d 4h 5h 6c", "2c 6c 9c", "Kc Kd Ks 6h"])
>>> hands = da.from_array(codes, chunks=(2, -1))
>>> scores = blocks.deadwood_scores(hands, wild=6)
>>> scores
dask.array<deadwood_scores, shape=(3,), dtype=int64, chunksize=(2,), chunktype=numpy.ndarray>
>>> scores.compute()
array([ 0, 17,  0])
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, NamedTuple

from .._lazy import LazyModule
from ..errors import ThreeThirteenError
from . import arrays as batch
from .encoding import as_codes
from .rounds import UNSET, Round, UnsetType, resolve_round
from .rules import RulesLike, WildLike

if TYPE_CHECKING:
    from collections.abc import Callable

    import dask.array as da
    import numpy as np
    import numpy.typing as npt
else:  # dask and numpy are imported when a function here runs, not with the package
    da = LazyModule("dask.array")
    np = LazyModule("numpy")
    npt = LazyModule("numpy.typing")

__all__ = ["BlockDiscards", "best_discards", "deadwood_scores", "go_out_flags"]

_ROW = re.compile(r"^row (\d+)")


class BlockDiscards(NamedTuple):
    """The best discard of each hand of a Dask array: two lazy arrays, computed
    together by ``dask.compute(*discards)``."""

    cards: da.Array
    """The code of the card to discard, per hand (``int8``)."""
    scores: da.Array
    """The deadwood score left after that discard, per hand (``int64``)."""


def _rows_of(hands: Any) -> da.Array:
    """``hands`` as a Dask array checked for what needs no data (two dimensions,
    integers), its columns in one chunk."""
    import dask.array as da
    import numpy as np

    array: da.Array = (
        hands if isinstance(hands, da.Array) else da.asarray(hands)  # type: ignore[no-untyped-call]
    )
    # The in-memory checks of shape and dtype, run now on an empty array like it,
    # so a wrong array fails here with the in-memory message, not at compute time.
    as_codes(np.empty((0,) * array.ndim, dtype=array.dtype))
    if len(array.chunks[1]) > 1:
        array = array.rechunk({1: -1})  # type: ignore[no-untyped-call]
    return array


def _global_rows(error: ThreeThirteenError, first_row: int) -> ThreeThirteenError:
    """``error`` with the row its message names (``row 3``, within a block) counted
    from the start of the whole array."""
    message = _ROW.sub(lambda match: f"row {int(match[1]) + first_row}", str(error), count=1)
    return type(error)(message)


def _first_row(block_info: dict[Any, Any] | None) -> int:
    """The row of the whole array where the block starts."""
    if block_info is None or 0 not in block_info:
        return 0
    start: int = block_info[0]["array-location"][0][0]
    return start


def _solve_block(
    function: Callable[..., Any],
    block: npt.NDArray[Any],
    round: Round,
    block_info: dict[Any, Any] | None = None,
) -> Any:
    try:
        return function(block, round)
    except ThreeThirteenError as error:
        raise _global_rows(error, _first_row(block_info)) from None


def _scores_block(
    block: npt.NDArray[Any], round: Round, block_info: dict[Any, Any] | None = None
) -> npt.NDArray[np.int64]:
    scores: npt.NDArray[np.int64] = _solve_block(batch.deadwood_scores, block, round, block_info)
    return scores


def _flags_block(
    block: npt.NDArray[Any], round: Round, block_info: dict[Any, Any] | None = None
) -> npt.NDArray[np.bool_]:
    flags: npt.NDArray[np.bool_] = _solve_block(batch.go_out_flags, block, round, block_info)
    return flags


def _discards_block(
    block: npt.NDArray[Any], round: Round, block_info: dict[Any, Any] | None = None
) -> npt.NDArray[np.int64]:
    import numpy as np

    cards, scores = _solve_block(batch.best_discards, block, round, block_info)
    return np.stack([cards.astype(np.int64), scores], axis=1)


def _map_rows(
    function: Callable[..., Any],
    rows: da.Array,
    round: Round,
    dtype: npt.DTypeLike,
    token: str,
    width: int | None = None,
) -> da.Array:
    """``function`` mapped over the blocks of ``rows`` (columns in one chunk): one
    value per row, or ``width`` values per row."""
    import dask.array as da
    import numpy as np

    layout: dict[str, Any] = (
        {"drop_axis": 1, "meta": np.empty((0,), dtype=dtype)}
        if width is None
        else {"chunks": (rows.chunks[0], (width,)), "meta": np.empty((0, 0), dtype=dtype)}
    )
    mapped: da.Array = da.map_blocks(  # type: ignore[no-untyped-call]
        function, rows, round=round, dtype=dtype, token=token, **layout
    )
    return mapped


def deadwood_scores(
    hands: da.Array,
    round: Round | int | None = None,
    *,
    wild: WildLike | UnsetType = UNSET,
    rules: RulesLike | UnsetType = UNSET,
) -> da.Array:
    """The lowest deadwood score of every hand of a Dask array, lazily: each block
    solved by :func:`threethirteen.deadwood_scores`.

    :param hands: a 2-D Dask array of card codes or a count matrix of width 53,
        chunked by rows (another array is wrapped with ``dask.array.asarray``).
    :param round: the :class:`~threethirteen.Round` of every hand; or give ``wild``
        and ``rules``.
    :param wild: the wild rank of every hand, or ``None``.
    :param rules: a :class:`~threethirteen.Rules` or a preset name (``"pagat"``).
    :returns: a lazy ``int64`` Dask array, one score per row, chunked as the rows.
    :raises InvalidHandError: at once for an array that is not 2-D or not of
        integers; at compute time for the first row, in the whole array, of the
        failing block that is not a valid hand.

    >>> import dask.array as da
    >>> import threethirteen as tt
    >>> hands = da.from_array(tt.encode_hands(["Ks 4d Ac", "Ks Kd Kc"]), chunks=(1, 3))
    >>> deadwood_scores(hands, tt.Round("wikipedia", wild=None)).compute()
    array([18,  0])
    """
    import numpy as np

    prepared = resolve_round(round, wild, rules, "deadwood_scores")
    return _map_rows(_scores_block, _rows_of(hands), prepared, np.int64, "deadwood_scores")


def go_out_flags(
    hands: da.Array,
    round: Round | int | None = None,
    *,
    wild: WildLike | UnsetType = UNSET,
    rules: RulesLike | UnsetType = UNSET,
) -> da.Array:
    """Whether each hand of a Dask array can go out, lazily: each block solved by
    :func:`threethirteen.go_out_flags`. The parameters are those of
    :func:`deadwood_scores`.

    :returns: a lazy ``bool`` Dask array, one flag per row.

    >>> import dask.array as da
    >>> import threethirteen as tt
    >>> hands = da.from_array(tt.encode_hands(["3c 3d 3h 3s", "3c 4d 5h 6s"]), chunks=1)
    >>> go_out_flags(hands, wild=3).compute()
    array([ True, False])
    """
    import numpy as np

    prepared = resolve_round(round, wild, rules, "go_out_flags")
    return _map_rows(_flags_block, _rows_of(hands), prepared, np.bool_, "go_out_flags")


def best_discards(
    hands: da.Array,
    round: Round | int | None = None,
    *,
    wild: WildLike | UnsetType = UNSET,
    rules: RulesLike | UnsetType = UNSET,
) -> BlockDiscards:
    """The best discard of each hand of a Dask array and the score it leaves, lazily:
    each block solved once by :func:`threethirteen.best_discards`. The parameters
    are those of :func:`deadwood_scores`.

    :returns: a :class:`BlockDiscards` of two lazy arrays over the same blocks;
        ``dask.compute(*discards)`` solves each block once for both.
    :raises InvalidHandError: at compute time for an empty hand, naming its row.

    >>> import dask
    >>> import dask.array as da
    >>> import threethirteen as tt
    >>> hands = da.from_array(tt.encode_hands(["9s 9h 9d 4h 5h 6c Kd"]), chunks=1)
    >>> dask.compute(*best_discards(hands, wild=6))
    (array([25], dtype=int8), array([0]))
    """
    import numpy as np

    prepared = resolve_round(round, wild, rules, "best_discards")
    pairs = _map_rows(
        _discards_block, _rows_of(hands), prepared, np.int64, "best_discards", width=2
    )
    return BlockDiscards(pairs[:, 0].astype(np.int8), pairs[:, 1])
