"""The solver kernel's interface: what both backends offer, and how costs are encoded.

The kernel is the bottom layer of the package: the compiled ``_solver`` and its
pure-Python twin ``_solver_py`` import nothing of the package, and this module
describes what they share. :class:`Solver` is the protocol both satisfy (mypy
checks it); the cost encoding is owned here and nowhere else; the batch modes
and the error codes have names.

>>> cost_of(7), score_of(cost_of(7))
(449, 7)
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import Any, Protocol

__all__ = [
    "COUNT_BITS",
    "MAX_CARDS",
    "ErrorCode",
    "Mode",
    "Solver",
    "cost_of",
    "discard_order_for",
    "make_params",
    "score_of",
]

MAX_CARDS = 20
"""The most cards the kernel takes in one hand."""

COUNT_BITS = 6
"""A cost is a penalty shifted left by this many bits, plus one per card left over,
so that the lowest cost is the lowest score and, of equal scores, the fewest cards
left over. "Going out" is then a cost of exactly 0, even where the rules let some
cards cost 0 points."""

JOKER_CODE = 52
"""The joker's card code (the kernel knows no card values; ``cards.JOKER`` is the same)."""

if (1 << COUNT_BITS) <= MAX_CARDS:  # pragma: no cover - a constant's invariant
    raise AssertionError("COUNT_BITS must count every card of a hand")


def cost_of(penalty: int) -> int:
    """The kernel's cost of one card left over whose penalty is ``penalty``."""
    return (penalty << COUNT_BITS) + 1


def score_of(cost: int) -> int:
    """The score (the sum of penalties) of a kernel cost."""
    return cost >> COUNT_BITS


def discard_order_for(
    natural_costs: Sequence[int], wild_costs: Sequence[int], wild_rank: int | None
) -> list[int]:
    """The discard tie-break, the one policy both backends follow: for each card code
    0-52, its place in the order in which discards of equal cost are ranked (0 first).

    Of discards that leave the same cost, a natural card comes before a wild one,
    then the dearer (by ``natural_costs`` for a natural card, ``wild_costs`` for a
    wild one), then the higher code. The solver ranks discards by (cost, place).

    :param natural_costs: the cost of each code 0-51 when it is not wild.
    :param wild_costs: the cost of each code 0-52 when it is wild.
    :param wild_rank: the round's wild rank, 1-13, or ``None``.

    >>> order = discard_order_for([cost_of(5)] * 52, [cost_of(20)] * 53, wild_rank=3)
    >>> order[51], order[0], order[52], order[2]  # K♠, A♣, the joker, 3♣ (wild)
    (0, 47, 48, 52)
    """

    def rank(code: int) -> tuple[bool, int, int]:
        wild = code == JOKER_CODE or code % 13 + 1 == wild_rank
        return (wild, -(wild_costs[code] if wild else natural_costs[code]), -code)

    order = [0] * (JOKER_CODE + 1)
    for place, code in enumerate(sorted(range(JOKER_CODE + 1), key=rank)):
        order[code] = place
    return order


class Mode(IntEnum):
    """What :meth:`Solver.solve_rows` computes for each row."""

    SCORE = 0
    """The lowest cost."""
    GO_OUT = 1
    """1 when some discard leaves every other card melded, else 0."""
    BEST_DISCARD = 2
    """The best discard's cost, and its code into ``discards``."""


class ErrorCode(IntEnum):
    """The negative codes the kernel returns for a hand it refuses."""

    BAD_CODE = -1
    TOO_MANY_CARDS = -2
    TOO_MANY_JOKERS = -3
    TOO_MANY_COPIES = -4


class Solver(Protocol):
    """A solver backend: the compiled ``_solver`` or the pure-Python ``_solver_py``.

    A hand arrives as the ``bytes`` of its card codes; a result below 0 is an
    :class:`ErrorCode`.
    """

    @property
    def Params(self) -> Any:
        """The class of a round's prepared parameters (see :func:`make_params`)."""

    def score(self, codes: bytes, params: Any, /) -> int:
        """The lowest cost of the cards left unmelded."""

    def can_go_out(self, codes: bytes, params: Any, /) -> int:
        """1 when some discard leaves every other card melded, else 0."""

    def best_discard(self, codes: bytes, params: Any, /) -> tuple[int, int]:
        """(cost, code) of the best discard; code -1 for an empty hand."""

    def discards(
        self, codes: bytes, params: Any, shift: int, /
    ) -> tuple[bytes, tuple[int, ...]] | int:
        """Every distinct discard's code, best first, and the cost each leaves,
        shifted right by ``shift``."""

    def plan(
        self, codes: bytes, params: Any, /
    ) -> tuple[int, list[tuple[Any, ...]], int, int] | int:
        """The lowest cost and the moves of a melding that reaches it."""

    def melding(self, codes: bytes, params: Any, shift: int, values: Any, /) -> Any:
        """The melding of :meth:`plan`, built of ``values`` (``(Meld, Melding,
        cards)``: the value types and the card of each code), its score the cost
        shifted right by ``shift``; or an error code (an int)."""

    def solve_rows(
        self, codes: Any, params: Any, mode: int, out: Any, discards: Any, start: int, stop: int, /
    ) -> tuple[int, int]:
        """Solve rows ``start:stop`` of a 2-D code array in ``mode`` (a :class:`Mode`)."""

    def draws(
        self, hand: bytes, candidates: bytes, params: Any, mode: int, /
    ) -> tuple[list[int], list[int]] | int:
        """For each card code of ``candidates``, the hand with that card drawn:
        ``BEST_DISCARD``, the best discard's cost and code; ``GO_OUT``, 1 and the
        discard that goes out, or 0 and -1."""

    def discard_rows(
        self, codes: Any, params: Any, rows: Any, out: Any, shift: int, missing: int, /
    ) -> tuple[int, int]:
        """The cost left by each discard of the rows ``rows`` of a 2-D code array,
        shifted right by ``shift``, into a 2-D array of width 53 (``missing`` where
        the card is not in the hand)."""

    def codes_of_count_rows(self, counts: Any, out: Any, /) -> int:
        """Each row of a ``uint8`` count matrix (width 53) as the row of ``out`` with
        its card codes in order, padded with -1: the width the rows need, or
        ``-(row + 1)`` for the first row of more cards than ``out`` has columns."""

    def fill_observation(
        self,
        out: Any,
        scalars: int,
        offsets: list[int],
        rows: list[bytes],
        seat_numbers: tuple[tuple[Any, ...], ...],
        player: int,
        numbers: tuple[Any, ...],
        scales: Any,
        /,
    ) -> int:
        """An observation vector in ``out`` (float32): its first ``scalars`` entries
        the count of each place ``offsets[i] + byte`` over the bytes of ``rows[i]``;
        then each tuple of ``seat_numbers`` (a number per seat) from seat ``player``
        on round the table, then ``numbers``, each number times its entry of
        ``scales`` (float32); 0, or -1 for a place outside ``0:scalars`` or sizes
        that disagree."""


def make_params(
    solver: Solver,
    *,
    natural_costs: Sequence[int],
    wild_costs: Sequence[int],
    wild_rank: int | None,
    decks: int,
    jokers: int,
    min_set: int,
    min_run: int,
    high_aces: bool,
    all_wild_melds: bool,
    discard_order: Sequence[int] | None = None,
) -> Any:
    """The ``solver``'s parameters of a round, built by keyword.

    :param natural_costs: the cost of leaving each card code 0-51 unmelded when
        it is not wild (see :func:`cost_of`).
    :param wild_costs: the cost of each code 0-52 when it is wild.
    :param wild_rank: the round's wild rank, 1-13, or ``None``.
    :param discard_order: each code's place in the discard tie-break; by default
        :func:`discard_order_for` these costs (the library's one policy).
    """
    if discard_order is None:
        discard_order = discard_order_for(natural_costs, wild_costs, wild_rank)
    return solver.Params(
        natural_costs,
        wild_costs,
        wild_rank or 0,
        decks,
        jokers,
        min_set,
        min_run,
        high_aces,
        all_wild_melds,
        discard_order,
    )
