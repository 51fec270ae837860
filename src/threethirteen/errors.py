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
    "BotError",
    "BotProtocolError",
    "BotRaisedError",
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
    "MoveTimeError",
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
    cards could go onto more than :data:`~threethirteen.hands.layoffs.MAX_LAYOFF_RUNS` of them (the
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


class BotError(GameError):
    """A bot's fault in a game: it raised, chose an action that is not one of the legal
    actions, or overran its time for a decision. The message names the bot, its seat,
    the game, the round and the turn; the bot's own exception, if any, is chained
    (``__cause__``). The same facts are attributes: ``bot``, ``seat``, ``game`` (the
    game's index in a tournament, or ``None``), ``round``, ``turn``, ``kind``
    (``"error"``, ``"illegal"`` or ``"time"``), ``error_type`` and ``error_message``
    (the bot's exception's type name and message, or ``None``)."""

    bot: str | None = None
    seat: int | None = None
    game: int | None = None
    round: int | None = None
    turn: int | None = None
    kind: str | None = None
    error_type: str | None = None
    error_message: str | None = None


class MoveTimeError(ThreeThirteenError):
    """A bot did not answer within its time for a decision (``move_time``)."""


class BotProtocolError(ThreeThirteenError):
    """A bot in its own process broke the line protocol: its process could not be
    started or ended, or it wrote a line that is not an answer (the tail of its
    standard error is in the message)."""


class BotRaisedError(ThreeThirteenError):
    """A bot in an isolated worker process raised: its exception stays in the worker,
    which reports its type's name (``error_type``) and its message, shortened
    (``error_message``, ``None`` when it could not be shown); the message says both.

    >>> print(BotRaisedError("ZeroDivisionError", "division by zero"))
    the bot raised ZeroDivisionError: division by zero
    """

    def __init__(self, error_type: str, error_message: str | None) -> None:
        shown = "" if error_message is None else f": {error_message}"
        super().__init__(f"the bot raised {error_type}{shown}")
        self.error_type = error_type
        self.error_message = error_message

    def __reduce__(self) -> tuple[type[BotRaisedError], tuple[str, str | None]]:
        return BotRaisedError, (self.error_type, self.error_message)
