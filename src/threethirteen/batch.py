"""Many hands at once, as numpy arrays: for bots, simulations and data work.

A batch is a 2-D ``int8`` array of card codes, one row per hand: a card is
``suit * 13 + rank - 1`` with the suits in the order clubs, diamonds, hearts,
spades (``Ac`` = 0, ``Kc`` = 12, ``Ad`` = 13, ``Ks`` = 51) and 52 a joker. A
row shorter than the array is padded with -1; padding may stand anywhere in a
row and is ignored. :func:`encode_hands` makes such an array from hands or
strings, and every function here also takes a list of hands directly.

The functions that solve also take a count matrix (:func:`count_vectors`): a 2-D
integer array of width 53, copies of each card code per row, jokers last. Such an
array is told from a batch of codes by its shape and signs: a 2-D integer array of
width 53 with no negative entry. That is unambiguous, because as a batch of codes
each of its rows would be 53 cards with no padding, and the solver takes at most
20; a batch of codes of width 53 must hold padding (-1) in every row. A count row
of more than 20 cards is refused, naming the row.

The hands are checked and solved in compiled code with the GIL released, with
no Python work per hand; ``threads`` splits the rows over worker threads.

>>> import threethirteen as tt
>>> codes = tt.encode_hands(["9s 9h 9d 4h 5h 6c", "2c 6c 9c"])
>>> codes
array([[ 5, 21, 29, 30, 34, 47],
       [ 1,  5,  8, -1, -1, -1]], dtype=int8)
>>> tt.deadwood_scores(codes, wild=6)
array([ 0, 17])
>>> tt.go_out_flags(["9s 9h 9d Kc", "9s 9h 8d Kc"], wild=6)
array([ True, False])
>>> tt.deadwood_scores(tt.count_vectors(["9s 9h 9d 4h 5h 6c", "2c 6c 9c"]), wild=6)
array([ 0, 17])
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from itertools import pairwise
from typing import TYPE_CHECKING, NamedTuple

from ._kernel import COUNT_BITS, Mode
from ._lazy import LazyModule
from ._validate import as_index, quote
from .encoding import PADDING, HandsLike, as_codes, encode_hands
from .errors import InvalidHandError, ThreeThirteenError
from .hand import Hand
from .rounds import UNSET, Round, UnsetType, resolve_round
from .rules import RulesLike, WildLike
from .solving import refused

__all__ = [
    "PADDING",
    "BatchDiscards",
    "best_discards",
    "deadwood_scores",
    "encode_hands",
    "go_out_flags",
]

_ROWS_PER_TASK = 256  # the smallest share of rows worth a worker thread
MAX_THREADS = 256
"""The most worker threads a batch function takes."""

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
else:  # numpy is imported when a batch is solved, not with the package
    np = LazyModule("numpy")
    npt = LazyModule("numpy.typing")


class BatchDiscards(NamedTuple):
    """The best discard of each hand of a batch: card codes and the scores they leave."""

    cards: npt.NDArray[np.int8]
    """The code of the card to discard, per hand."""
    scores: npt.NDArray[np.int64]
    """The deadwood score left after that discard, per hand."""


def _solve(
    hands: HandsLike,
    prepared: Round,
    mode: Mode,
    threads: int | None,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    import numpy as np

    workers = 1 if threads is None else as_index(threads, "threads")
    if workers < 1:
        raise ThreeThirteenError(f"threads must be at least 1, not {quote(threads)}")
    if workers > MAX_THREADS:
        raise ThreeThirteenError(f"threads must be at most {MAX_THREADS}, not {quote(threads)}")
    codes = as_codes(hands)
    rows = codes.shape[0]
    out = np.zeros(rows, dtype=np.int64)
    discards = np.full(rows, PADDING, dtype=np.int64)

    def run(bounds: tuple[int, int]) -> tuple[int, int]:
        failed: tuple[int, int] = prepared.solver.solve_rows(
            codes, prepared.params, mode, out, discards, bounds[0], bounds[1]
        )
        return failed

    tasks = min(workers, max(1, rows // _ROWS_PER_TASK))
    edges = [rows * task // tasks for task in range(tasks + 1)]
    spans = list(pairwise(edges))
    if tasks == 1:
        results = [run(spans[0])]
    else:
        with ThreadPoolExecutor(max_workers=tasks) as pool:
            results = list(pool.map(run, spans))
    failures = [(row, error) for row, error in results if row >= 0]
    if failures:
        row, error = min(failures)
        hand = Hand.from_codes(code for code in codes[row] if code != PADDING)
        problem = refused(prepared, hand, error)
        raise InvalidHandError(f"row {row}: {problem}") from None
    return out, discards


def deadwood_scores(
    hands: HandsLike,
    round: Round | None = None,
    *,
    wild: WildLike | UnsetType = UNSET,
    rules: RulesLike | UnsetType = UNSET,
    threads: int | None = None,
) -> npt.NDArray[np.int64]:
    """The lowest deadwood score of every hand of a batch (see :func:`deadwood_score`).

    :param hands: a 2-D array of card codes, a count matrix of width 53 (see the
        module's docstring), or a list of hands or strings.
    :param round: the :class:`~threethirteen.Round` of every hand; or give ``wild``
        and ``rules``.
    :param wild: the wild rank of every hand, or ``None``.
    :param rules: a :class:`~threethirteen.Rules` or a preset name (``"pagat"``).
    :param threads: worker threads to share the rows (the GIL is released): an int
        from 1 to 256 (a numpy integer too), or ``None`` for one.
    :returns: an ``int64`` array, one score per row.
    :raises InvalidHandError: naming the first row that is not a valid hand.

    >>> deadwood_scores(["Ks 4d Ac", "Ks Kd Kc"], wild=None, rules="wikipedia")
    array([18,  0])
    """
    costs, _ = _solve(
        hands, resolve_round(round, wild, rules, "deadwood_scores"), Mode.SCORE, threads
    )
    return costs >> COUNT_BITS


def go_out_flags(
    hands: HandsLike,
    round: Round | None = None,
    *,
    wild: WildLike | UnsetType = UNSET,
    rules: RulesLike | UnsetType = UNSET,
    threads: int | None = None,
) -> npt.NDArray[np.bool_]:
    """Whether each hand of a batch can go out (see :func:`can_go_out`): some
    discard leaves every other card melded.

    >>> go_out_flags(["3c 3d 3h 3s", "3c 4d 5h 6s"], wild=3)
    array([ True, False])
    """
    flags, _ = _solve(
        hands, resolve_round(round, wild, rules, "go_out_flags"), Mode.GO_OUT, threads
    )
    return flags.astype(bool)


def best_discards(
    hands: HandsLike,
    round: Round | None = None,
    *,
    wild: WildLike | UnsetType = UNSET,
    rules: RulesLike | UnsetType = UNSET,
    threads: int | None = None,
) -> BatchDiscards:
    """The best discard of each hand of a batch and the score it leaves, chosen as
    :func:`best_discard` chooses (one search per hand).

    :raises InvalidHandError: for an empty hand, naming its row.

    >>> cards, scores = best_discards(["9s 9h 9d 4h 5h 6c Kd"], wild=6)
    >>> cards, scores
    (array([25], dtype=int8), array([0]))
    """
    import numpy as np

    costs, discards = _solve(
        hands, resolve_round(round, wild, rules, "best_discards"), Mode.BEST_DISCARD, threads
    )
    empty = np.flatnonzero(discards < 0)
    if empty.size:
        raise InvalidHandError(f"row {int(empty[0])}: an empty hand has no card to discard")
    return BatchDiscards(discards.astype(np.int8), costs >> COUNT_BITS)
