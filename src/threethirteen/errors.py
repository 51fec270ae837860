"""The library's exceptions: one base class, then two branches: bad input, and a
bot's failure.

Every exception subclasses :class:`ThreeThirteenError`. Bad input (a card that does
not parse, a hand impossible under the rules, an illegal action, a malformed
record...) is an :class:`InvalidInputError`, so also a :class:`ValueError`, with
one narrow class per kind. A bot that fails in a game (it raised, overran its time,
broke the line protocol or chose what is not legal) is a :class:`BotError`, which
is **not** a :class:`ValueError`: a crashed bot does not read as bad input (as
python-chess's ``EngineError`` is no ``ValueError``). Messages are short, quote the
bad input and say where it is.

The tree::

    ThreeThirteenError
    ├── InvalidInputError (a ValueError)
    │   ├── InvalidCardError
    │   ├── InvalidHandError
    │   ├── InvalidMeldError
    │   │   └── TableTooLargeError
    │   ├── InvalidRulesError
    │   ├── InvalidWildError
    │   ├── InvalidActionError
    │   ├── IllegalActionError
    │   ├── InvalidRecordError
    │   ├── GameError
    │   └── InvalidBotError
    └── BotError
        ├── MoveTimeError
        ├── BotProtocolError
        └── BotRaisedError

>>> import threethirteen as tt
>>> try:
...     tt.parse_hand("9s 9h 7x")
... except tt.InvalidCardError as error:
...     print(error)
unknown suit 'x' in '7x' (card 3 of '9s 9h 7x')
>>> issubclass(tt.InvalidCardError, ValueError), issubclass(tt.BotError, ValueError)
(True, False)
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
    "InvalidInputError",
    "InvalidMeldError",
    "InvalidRecordError",
    "InvalidRulesError",
    "InvalidWildError",
    "MoveTimeError",
    "TableTooLargeError",
    "ThreeThirteenError",
]


class ThreeThirteenError(Exception):
    """Base class of every error this library raises: bad input
    (:class:`InvalidInputError`, a :class:`ValueError`) or a bot's failure
    (:class:`BotError`, not a :class:`ValueError`).

    >>> import threethirteen as tt
    >>> issubclass(tt.InvalidInputError, tt.ThreeThirteenError)
    True
    >>> issubclass(tt.BotError, tt.ThreeThirteenError)
    True
    """


class InvalidInputError(ThreeThirteenError, ValueError):
    """Bad input: a value that is not what the call takes (the narrow classes below
    say which kind); a :class:`ValueError`.

    >>> import threethirteen as tt
    >>> try:
    ...     tt.Rules.preset("pagaat")
    ... except ValueError as error:
    ...     print(type(error).__name__, isinstance(error, tt.InvalidInputError))
    InvalidRulesError True
    """


class InvalidCardError(InvalidInputError):
    """A token is not a card in the notation (see the card notation table)."""


class InvalidHandError(InvalidInputError):
    """A hand is impossible under the rules: too many copies of a card, a joker where
    the rules have none, more cards than the solver supports, or none where one is needed."""


class InvalidMeldError(InvalidInputError):
    """A meld that is not valid under the rules (:func:`~threethirteen.verify_meld`,
    a table meld given to :func:`~threethirteen.layoff`), or a meld's text or value
    that is no meld at all (a token in it that is no card included)."""


class TableTooLargeError(InvalidMeldError):
    """More runs on the table than :func:`~threethirteen.layoff` searches: the hand's
    cards could go onto more than :data:`~threethirteen.hands.layoffs.MAX_LAYOFF_RUNS` of them (the
    exact search grows exponentially with their number)."""


class InvalidRulesError(InvalidInputError):
    """Unknown preset or variation, or rule fields that do not make a playable game."""


class InvalidWildError(InvalidInputError):
    """A wild rank (or round number) that names no rank of the game."""


class InvalidActionError(InvalidInputError):
    """An action's notation or dict that is no action (syntax, not the rules of play)."""


class IllegalActionError(InvalidInputError):
    """An action the rules do not allow now: out of turn, a card not held, drawing
    twice, going out with a hand that is not out, a table meld that does not exist..."""


class InvalidRecordError(InvalidInputError):
    """A game record that is malformed or does not replay: a card that is not there,
    an illegal action, a score that is not the game's."""


class GameError(InvalidInputError):
    """A game that cannot be set up or asked this: too few cards for the table, a
    player that does not exist, a record asked of a sampled game."""


class InvalidBotError(InvalidInputError):
    """A bot that is not one: a name that is no built-in bot, or an object without
    an ``act(view, legal_actions)`` method that is not a function either."""


class BotError(ThreeThirteenError):
    """A bot's failure, not bad input (so not a :class:`ValueError`: catch this
    class, or :class:`ThreeThirteenError`).

    The arena's referee raises this class itself for a bot's fault in a game: it
    raised, chose an action that is not one of the legal actions, or overran its
    time for a decision. The message names the bot, its seat, the game, the round
    and the turn; the bot's own exception, if any, is chained (``__cause__``). The
    same facts are attributes: ``bot``, ``seat``, ``game`` (the game's index in a
    tournament, or ``None``), ``round``, ``turn``, ``kind`` (``"error"``,
    ``"illegal"`` or ``"time"``), ``error_type`` and ``error_message`` (the bot's
    exception's type name and message, or ``None``). The narrow classes below say
    how a bot failed where it is run (in a thread, a worker or its own process);
    their attributes are ``None`` but where they say otherwise.

    >>> import threethirteen as tt
    >>> def crash(view, legal):
    ...     raise ZeroDivisionError("division by zero")
    >>> try:
    ...     tt.play(["greedy", crash], seed=1)
    ... except tt.BotError as error:
    ...     print(error.bot, error.kind, error.error_type, isinstance(error, ValueError))
    crash error ZeroDivisionError False
    """

    bot: str | None = None
    seat: int | None = None
    game: int | None = None
    round: int | None = None
    turn: int | None = None
    kind: str | None = None
    error_type: str | None = None
    error_message: str | None = None


class MoveTimeError(BotError):
    """A bot did not answer within its time for a decision (``move_time``)."""


class BotProtocolError(BotError):
    """A bot in its own process broke the line protocol: its process could not be
    started or ended, or it wrote a line that is not an answer (the tail of its
    standard error is in the message)."""


class BotRaisedError(BotError):
    """A bot in an isolated worker process raised: its exception stays in the worker,
    which reports its type's name (``error_type``) and its message, shortened
    (``error_message``, ``None`` when it could not be shown); the message says both.

    >>> print(BotRaisedError("ZeroDivisionError", "division by zero"))
    the bot raised ZeroDivisionError: division by zero
    """

    error_type: str

    def __init__(self, error_type: str, error_message: str | None) -> None:
        shown = "" if error_message is None else f": {error_message}"
        super().__init__(f"the bot raised {error_type}{shown}")
        self.error_type = error_type
        self.error_message = error_message

    def __reduce__(self) -> tuple[type[BotRaisedError], tuple[str, str | None]]:
        return BotRaisedError, (self.error_type, self.error_message)
