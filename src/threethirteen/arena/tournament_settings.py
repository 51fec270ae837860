"""The settings of games in the arena that other modules share: the turn limit of
a round unless one is given (:data:`ARENA_MAX_TURNS`), and the ways a tournament
seats its tables (:data:`SEATINGS`).

>>> ARENA_MAX_TURNS, SEATINGS
(10000, ('balanced', 'rotations'))
"""

from __future__ import annotations

__all__ = ["ARENA_MAX_TURNS", "SEATINGS"]

ARENA_MAX_TURNS = 10_000
"""The turn limit of a round in :func:`~threethirteen.play`,
:func:`~threethirteen.tournament` and :func:`~threethirteen.match` unless
``max_turns`` is given: a safety net, far above what a round takes (bots that draw
from the stock end one in a few dozen turns, random bots in at most a few thousand),
that ends the rounds that never would, as between two bots that keep taking each
other's discards, so that no pair of bots can hang a run."""

SEATINGS = ("balanced", "rotations")
"""How a tournament seats each table's bots (see :func:`~threethirteen.tournament`):
every order around the table, or the order given, rotated."""
