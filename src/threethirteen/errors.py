"""The library's exceptions: one base class, then one narrow class per kind of bad input.

Every exception subclasses :class:`ValueError`, so ``except ValueError`` catches
them all. Messages are short, quote the bad input and say where it is.

>>> import threethirteen as tt
>>> try:
...     tt.parse_hand("9s 9h 7x")
... except tt.InvalidCardError as error:
...     print(error)
unknown suit 'x' in '7x' (card 3 of '9s 9h 7x')
"""

from __future__ import annotations

__all__ = [
    "GameError",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidBotError",
    "InvalidCardError",
    "InvalidHandError",
    "InvalidMeldError",
    "InvalidRecordError",
    "InvalidRulesError",
    "InvalidWildError",
    "TableTooLargeError",
    "ThreeThirteenError",
]


class ThreeThirteenError(ValueError):
    """Base class of every error this library raises for bad input."""


class InvalidCardError(ThreeThirteenError):
    """A token is not a card in the notation (see the card notation table)."""


class InvalidHandError(ThreeThirteenError):
    """A hand is impossible under the rules: too many copies of a card, a joker where
    the rules have none, more cards than the solver supports, or none where one is needed."""


class InvalidMeldError(ThreeThirteenError):
    """A meld that is not valid under the rules (:func:`~threethirteen.verify_meld`,
    a table meld given to :func:`~threethirteen.layoff`), or a meld's text or value
    that is no meld at all (a token in it that is no card included)."""


class TableTooLargeError(InvalidMeldError):
    """More runs on the table than :func:`~threethirteen.layoff` searches: the hand's
    cards could go onto more than :data:`~threethirteen.MAX_LAYOFF_RUNS` of them (the
    exact search grows exponentially with their number)."""


class InvalidRulesError(ThreeThirteenError):
    """Unknown preset or variation, or rule fields that do not make a playable game."""


class InvalidWildError(ThreeThirteenError):
    """A wild rank (or round number) that names no rank of the game."""


class InvalidActionError(ThreeThirteenError):
    """An action's notation or dict that is no action (syntax, not the rules of play)."""


class IllegalActionError(ThreeThirteenError):
    """An action the rules do not allow now: out of turn, a card not held, drawing
    twice, going out with a hand that is not out, a table meld that does not exist..."""


class InvalidRecordError(ThreeThirteenError):
    """A game record that is malformed or does not replay: a card that is not there,
    an illegal action, a score that is not the game's."""


class GameError(ThreeThirteenError):
    """A game that cannot be set up or asked this: too few cards for the table, a
    player that does not exist, a record asked of a sampled game."""


class InvalidBotError(ThreeThirteenError):
    """A bot that is not one: a name that is no built-in bot, or an object without
    an ``act(view, legal_actions)`` method that is not a function either."""
