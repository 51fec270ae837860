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

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from itertools import pairwise
from typing import TYPE_CHECKING, Any, NamedTuple, Union

from .._kernel.protocol import COUNT_BITS, Mode, Solver
from .._lazy import LazyModule
from .._validate import as_index, quote
from ..errors import (
    InvalidHandError,
    InvalidInputError,
    InvalidRulesError,
    InvalidWildError,
)
from .encoding import PADDING, HandsLike, as_codes, codes_of_counts, encode_hands, is_count_matrix
from .hand import MAX_HAND_SIZE, Hand
from .rounds import UNSET, Round, UnsetType, resolve_round, round_for
from .rules import RulesLike, WildLike, parse_wild
from .solving import refused

__all__ = [
    "NOT_IN_HAND",
    "PADDING",
    "BatchDiscards",
    "WildsLike",
    "best_discards",
    "deadwood_scores",
    "discard_scores",
    "encode_hands",
    "go_out_flags",
]

_ROWS_PER_TASK = 256  # the smallest share of rows worth a worker thread
MAX_THREADS = 256
"""The most worker threads a batch function takes."""

NOT_IN_HAND = -1
"""The entry of :func:`discard_scores` for a card the hand does not hold (scores are
never negative)."""

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
else:  # numpy is imported when a batch is solved, not with the package
    np = LazyModule("numpy")
    npt = LazyModule("numpy.typing")

WildsLike = Union[WildLike, "npt.NDArray[np.integer[Any]]", Sequence[WildLike]]
"""The wild rank of every hand (``6``, ``"Q"``, ``None``), or one per row: a 1-D
integer array (1-13, 0 for no wild rank) or a sequence of wild ranks."""


class BatchDiscards(NamedTuple):
    """The best discard of each hand of a batch: card codes and the scores they leave."""

    cards: npt.NDArray[np.int8]
    """The code of the card to discard, per hand."""
    scores: npt.NDArray[np.int64]
    """The deadwood score left after that discard, per hand."""


def _workers(threads: int | None) -> int:
    workers = 1 if threads is None else as_index(threads, "threads")
    if workers < 1:
        raise InvalidInputError(f"threads must be at least 1, not {quote(threads)}")
    if workers > MAX_THREADS:
        raise InvalidInputError(f"threads must be at most {MAX_THREADS}, not {quote(threads)}")
    return workers


def _is_per_row(wild: object) -> bool:
    """Whether ``wild`` gives a wild rank per row: a 1-D array, a list or a tuple."""
    if isinstance(wild, (list, tuple)):
        return True
    return type(wild).__module__ == "numpy" and getattr(wild, "ndim", 0) == 1


def _wild_ranks(wild: Any, rows: int) -> npt.NDArray[np.int64]:
    """The wild rank of each row (0 for none), checked: ``rows`` of them."""
    import numpy as np

    if len(wild) != rows:
        raise InvalidWildError(f"{len(wild)} wild ranks given for {rows} hands: give one per hand")
    if isinstance(wild, np.ndarray) and wild.dtype.kind in "iu":
        ranks = wild.astype(np.int64)
        bad = np.flatnonzero((ranks < 0) | (ranks > 13))
        if bad.size:
            row = int(bad[0])
            raise InvalidWildError(
                f"row {row}: bad wild rank {quote(wild[row].item())}: give 1-13, or 0 for none"
            )
        return ranks
    if isinstance(wild, np.ndarray) and wild.dtype.kind != "O":
        raise InvalidWildError(
            f"wild ranks per row are integers (1-13, 0 for none), not {wild.dtype}"
        )
    found = []
    for row, value in enumerate(wild):
        try:
            found.append(parse_wild(value) or 0)
        except InvalidWildError as error:
            raise InvalidWildError(f"row {row}: {error}") from None
    return np.array(found, dtype=np.int64)


def _codes(hands: HandsLike, solver: Solver) -> npt.NDArray[np.int8]:
    """The batch as card codes; a ``uint8`` count matrix (what
    :func:`~threethirteen.count_vectors` gives) is turned into codes in C."""
    import numpy as np

    if not is_count_matrix(hands):
        return as_codes(hands)
    matrix: npt.NDArray[Any] = hands  # type: ignore[assignment]
    if matrix.dtype != np.uint8:
        if matrix.size and int(matrix.max()) > MAX_HAND_SIZE:
            return codes_of_counts(matrix)  # raises, naming the row
        matrix = matrix.astype(np.uint8)
    matrix = np.ascontiguousarray(matrix)
    codes = np.empty((matrix.shape[0], MAX_HAND_SIZE), dtype=np.int8)
    width = solver.codes_of_count_rows(matrix, codes)
    if width < 0:
        row = -width - 1
        size = int(matrix[row].sum(dtype=np.int64))
        raise InvalidHandError(
            f"row {row}: a count vector of {size} cards; at most {MAX_HAND_SIZE} are supported"
        )
    return codes if width == MAX_HAND_SIZE else np.ascontiguousarray(codes[:, :width])


Groups = list[tuple[Round, "npt.NDArray[np.int64] | None"]]
"""The round of each group of rows, and its rows (``None``: every row)."""


def _groups(
    hands: HandsLike,
    round: Round | int | None,
    wild: WildsLike | UnsetType,
    rules: RulesLike | UnsetType,
    function: str,
) -> tuple[npt.NDArray[np.int8], Groups]:
    """The batch as codes, and the rows of each round: one round for every row, or
    with a wild rank per row, one round per wild rank."""
    import numpy as np

    if not _is_per_row(wild):
        prepared = resolve_round(round, wild, rules, function)  # type: ignore[arg-type]
        return _codes(hands, prepared.solver), [(prepared, None)]
    if round is not None:
        raise InvalidRulesError(
            f"{function}() takes a Round or rules and wild, not both: the Round has them"
        )
    base: RulesLike = "pagat" if isinstance(rules, UnsetType) else rules
    first = round_for(base, None)
    codes = _codes(hands, first.solver)
    ranks = _wild_ranks(wild, codes.shape[0])
    groups: Groups = []
    for rank in np.unique(ranks).tolist():
        rows = np.flatnonzero(ranks == rank).astype(np.int64)
        groups.append((round_for(base, rank or None), rows))
    return codes, groups


Failure = tuple[int, int, Round]
"""A refused row: its index in the batch, the solver's error code, and its round."""


def _run(
    tasks: list[Callable[[], Failure | None]], workers: int, codes: npt.NDArray[np.int8]
) -> None:
    """Run the tasks (on up to ``workers`` threads: the solver releases the GIL), then
    raise for the first refused row of ``codes``."""
    if workers == 1 or len(tasks) == 1:
        results = [task() for task in tasks]
    else:
        with ThreadPoolExecutor(max_workers=min(workers, len(tasks))) as pool:
            results = list(pool.map(lambda task: task(), tasks))
    failures = [failure for failure in results if failure is not None]
    if failures:
        row, error, prepared = min(failures, key=lambda failure: failure[0])
        hand = Hand.from_codes(code for code in codes[row] if code != PADDING)
        raise InvalidHandError(f"row {row}: {refused(prepared, hand, error)}")


def _spans(rows: int, workers: int) -> list[tuple[int, int]]:
    """``rows`` split into about equal spans, one per worker, none under 256 rows."""
    tasks = min(workers, max(1, rows // _ROWS_PER_TASK))
    edges = [rows * task // tasks for task in range(tasks + 1)]
    return list(pairwise(edges))


def _solve(
    hands: HandsLike,
    round: Round | int | None,
    wild: WildsLike | UnsetType,
    rules: RulesLike | UnsetType,
    function: str,
    mode: Mode,
    threads: int | None,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    import numpy as np

    workers = _workers(threads)
    codes, groups = _groups(hands, round, wild, rules, function)
    out = np.zeros(codes.shape[0], dtype=np.int64)
    discards = np.full(codes.shape[0], PADDING, dtype=np.int64)
    tasks: list[Callable[[], Failure | None]] = []
    scatter = []
    for prepared, selected in groups:
        if selected is None:
            part, part_out, part_discards = codes, out, discards
        else:  # the group's rows, gathered; scattered back after
            part = np.ascontiguousarray(codes[selected])
            part_out = np.zeros(len(selected), dtype=np.int64)
            part_discards = np.full(len(selected), PADDING, dtype=np.int64)
            scatter.append((selected, part_out, part_discards))
        for start, stop in _spans(part.shape[0], workers):

            def task(
                prepared: Round = prepared,
                selected: Any = selected,
                part: Any = part,
                part_out: Any = part_out,
                part_discards: Any = part_discards,
                start: int = start,
                stop: int = stop,
            ) -> Failure | None:
                row, error = prepared.solver.solve_rows(
                    part, prepared.params, mode, part_out, part_discards, start, stop
                )
                if row < 0:
                    return None
                return (row if selected is None else int(selected[row])), error, prepared

            tasks.append(task)
    _run(tasks, workers, codes)
    for selected, part_out, part_discards in scatter:
        out[selected] = part_out
        discards[selected] = part_discards
    return out, discards


def deadwood_scores(
    hands: HandsLike,
    round: Round | int | None = None,
    *,
    wild: WildsLike | UnsetType = UNSET,
    rules: RulesLike | UnsetType = UNSET,
    threads: int | None = None,
) -> npt.NDArray[np.int64]:
    """The lowest deadwood score of every hand of a batch (see :func:`deadwood_score`).

    :param hands: a 2-D array of card codes, a count matrix of width 53 (see the
        module's docstring), or a list of hands or strings.
    :param round: the :class:`~threethirteen.Round` of every hand; or give ``wild``
        and ``rules``.
    :param wild: the wild rank of every hand (``None`` for none); or one per row: a
        1-D integer array (1-13, 0 for none) or a sequence of wild ranks.
    :param rules: a :class:`~threethirteen.Rules` or a preset name (``"pagat"``).
    :param threads: worker threads to share the rows (the GIL is released): an int
        from 1 to 256 (a numpy integer too), or ``None`` for one.
    :returns: an ``int64`` array, one score per row.
    :raises InvalidHandError: naming the first row that is not a valid hand.
    :raises InvalidWildError: for a bad wild rank, or not one per row (naming the row).

    >>> deadwood_scores(["Ks 4d Ac", "Ks Kd Kc"], wild=None, rules="wikipedia")
    array([18,  0])
    >>> deadwood_scores(["Ks Kd 4d", "Ks Kd 4d"], wild=[4, None], rules="wikipedia")
    array([ 0, 30])
    """
    costs, _ = _solve(hands, round, wild, rules, "deadwood_scores", Mode.SCORE, threads)
    return costs >> COUNT_BITS


def go_out_flags(
    hands: HandsLike,
    round: Round | int | None = None,
    *,
    wild: WildsLike | UnsetType = UNSET,
    rules: RulesLike | UnsetType = UNSET,
    threads: int | None = None,
) -> npt.NDArray[np.bool_]:
    """Whether each hand of a batch can go out (see :func:`can_go_out`): some
    discard leaves every other card melded.

    >>> go_out_flags(["3c 3d 3h 3s", "3c 4d 5h 6s"], wild=3)
    array([ True, False])
    """
    flags, _ = _solve(hands, round, wild, rules, "go_out_flags", Mode.GO_OUT, threads)
    return flags.astype(bool)


def best_discards(
    hands: HandsLike,
    round: Round | int | None = None,
    *,
    wild: WildsLike | UnsetType = UNSET,
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

    costs, discards = _solve(hands, round, wild, rules, "best_discards", Mode.BEST_DISCARD, threads)
    empty = np.flatnonzero(discards < 0)
    if empty.size:
        raise InvalidHandError(f"row {int(empty[0])}: an empty hand has no card to discard")
    return BatchDiscards(discards.astype(np.int8), costs >> COUNT_BITS)


def discard_scores(
    hands: HandsLike,
    round: Round | int | None = None,
    *,
    wild: WildsLike | UnsetType = UNSET,
    rules: RulesLike | UnsetType = UNSET,
    threads: int | None = None,
) -> npt.NDArray[np.int64]:
    """The deadwood score left by every discard of every hand: an ``(N, 53)`` array,
    entry ``[i, code]`` the lowest score of hand ``i`` without one copy of card
    ``code`` (jokers in column 52), :data:`NOT_IN_HAND` (-1) where the hand holds no
    such card. For learning: each row is what :func:`discards` ranks, by card code,
    from one search per hand (the compiled solver shares it between the discards).

    :param hands: a 2-D array of card codes, a count matrix of width 53 (as fast:
        it is read in C), or a list of hands or strings.
    :param round: the :class:`~threethirteen.Round` of every hand; or give ``wild``
        and ``rules``.
    :param wild: the wild rank of every hand (``None`` for none); or one per row: a
        1-D integer array (1-13, 0 for none) or a sequence of wild ranks.
    :param rules: a :class:`~threethirteen.Rules` or a preset name (``"pagat"``).
    :param threads: worker threads to share the rows (the GIL is released): an int
        from 1 to 256 (a numpy integer too), or ``None`` for one.
    :returns: an ``int64`` array of shape ``(N, 53)``; an empty hand's row is all -1.
    :raises InvalidHandError: naming the first row that is not a valid hand.
    :raises InvalidWildError: for a bad wild rank, or not one per row (naming the row).

    >>> import threethirteen as tt
    >>> scores = discard_scores(["9s 9h 9d 4h 5h 6c Kd"], wild=6)
    >>> kd, nine, ace = (tt.Card.parse(card).code for card in ("Kd", "9s", "Ac"))
    >>> scores.shape, int(scores[0, kd]), int(scores[0, nine]), int(scores[0, ace])
    ((1, 53), 0, 19, -1)
    >>> import numpy as np
    >>> heart, seven = tt.Card.parse("5h").code, tt.Card.parse("7c").code
    >>> discard_scores(["5h 6h 7h 7c", "5h 6h 7h 7c"], wild=np.array([0, 7]))[:, [heart, seven]]
    array([[20,  0],
           [ 0,  0]])
    """
    import numpy as np

    workers = _workers(threads)
    codes, groups = _groups(hands, round, wild, rules, "discard_scores")
    rows = codes.shape[0]
    out = np.empty((rows, 53), dtype=np.int64)
    tasks: list[Callable[[], Failure | None]] = []
    for prepared, selected in groups:
        every = np.arange(rows, dtype=np.int64) if selected is None else selected
        for start, stop in _spans(len(every), workers):

            def task(prepared: Round = prepared, part: Any = every[start:stop]) -> Failure | None:
                row, error = prepared.solver.discard_rows(
                    codes, prepared.params, part, out, COUNT_BITS, NOT_IN_HAND
                )
                return None if row < 0 else (row, error, prepared)

            tasks.append(task)
    _run(tasks, workers, codes)
    return out
