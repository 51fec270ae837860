"""The solver boundary: calls the kernel with a round's prepared parameters and turns
its answers into value types (a plan into a :class:`~threethirteen.Melding`, an error
code into the library's exception).

>>> import threethirteen as tt
>>> fourth = tt.Round("pagat", 4)
>>> hand = tt.parse_hand("9s 9h 9d 4h 5h 6c")
>>> print(melding_of(hand, fourth))
[9d 9h 9s] [4h 5h 6c=6h] deadwood: - score: 0
"""

from __future__ import annotations

from typing import Any

from .._kernel import solver_py as _solver_py
from .._kernel.protocol import COUNT_BITS
from ..errors import InvalidHandError
from .cards import CARDS, Card
from .deck import check_hand
from .hand import Hand
from .meld_rules import has_high_aces
from .melds import Meld, Melding
from .rounds import Round

__all__ = ["VALUES", "Slot", "decode", "melding_of", "refused"]


def refused(round: Round, hand: Hand, error: int) -> InvalidHandError:
    """The exception for a hand the solver refused (``error`` < 0): the checks of
    :func:`~threethirteen.check_hand` say why, in the library's words."""
    try:
        check_hand(hand, round.rules)
    except InvalidHandError as exception:
        return exception
    raise AssertionError(f"the solver refused {hand!r} ({error})")  # pragma: no cover


def melding_of(hand: Hand, round: Round) -> Melding:
    """The best melding of ``hand`` this round: one call of the solver, which
    searches and builds the melding (in C with the compiled solver).

    :raises InvalidHandError: for a hand impossible under the rules.
    """
    found: Melding | int = round.solver.melding(hand.code_bytes, round.params, COUNT_BITS, VALUES)
    if type(found) is int:
        raise refused(round, hand, found)
    return found  # type: ignore[return-value]


VALUES = (Meld, Melding, CARDS)
"""What the solver builds a melding of: the value types and the card of each code."""

Slot = tuple[Card | None, Card]
"""A place in a meld: the natural card held there (None for a wild), and its identity."""


def decode(
    hand: Hand, round: Round, plan: Any, penalties: tuple[int, ...] | list[int] | None = None
) -> Melding:
    """The melding of the solver's plan for ``hand`` this round, the dearest wilds
    given jobs first. ``penalties`` (53, by code) replaces the round's own, for a
    plan made with other costs."""
    rules = round.rules
    if penalties is None:
        penalties = round.penalties
    melding: Melding = _solver_py.decode(
        plan,
        hand.code_bytes,
        round.wild or 0,
        rules.min_set,
        rules.min_run,
        has_high_aces(rules),
        penalties,
        COUNT_BITS,
        VALUES,
    )
    if sum([penalties[card.code] for card in melding.deadwood]) != melding.score:
        raise AssertionError(  # pragma: no cover - internal invariant
            "the decoded melding does not reach the solver's score"
        )
    return melding
