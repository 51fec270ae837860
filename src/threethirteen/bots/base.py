"""What the built-in bots share: a checked seed, a name (their label in results) and
a ``repr`` that pastes back, in one base class, :class:`BuiltinBot`.

>>> class PassiveBot(BuiltinBot):
...     name = "passive"
...     def act(self, view, legal_actions):
...         return legal_actions[0]
>>> PassiveBot(seed=4), PassiveBot(name="calm")
(PassiveBot(seed=4), PassiveBot(seed=None, name='calm'))
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from .._validate import as_seed, finite, quote
from ..engine.actions import Action
from ..engine.game import PlayerView
from ..errors import InvalidBotError

__all__ = ["MAX_NAME", "BuiltinBot", "check_bot_name", "check_bot_seed", "finite_option"]

MAX_NAME = 64
"""The most characters a bot's name (its label) may have."""


def check_bot_seed(seed: object) -> int | None:
    """A bot's seed: ``None`` or a non-negative int (a numpy integer too).

    :raises InvalidBotError: for anything else.

    >>> check_bot_seed(3), check_bot_seed(None)
    (3, None)
    """
    return as_seed(seed, "a bot's seed", InvalidBotError)


def check_bot_name(name: object, default: str) -> str:
    """A bot's label: ``default`` for ``None``, else a string of 1 to
    :data:`MAX_NAME` characters, not blank, without control characters.

    :raises InvalidBotError: for anything else.

    >>> check_bot_name(None, "greedy"), check_bot_name("greedy-2", "greedy")
    ('greedy', 'greedy-2')
    >>> check_bot_name("  ", "greedy")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidBotError: a bot's name has 1 to 64 characters, ...
    """
    if name is None:
        return default
    if not isinstance(name, str):
        raise InvalidBotError(f"a bot's name is a string, not {quote(name)}")
    if not name.strip() or len(name) > MAX_NAME:
        raise InvalidBotError(
            f"a bot's name has 1 to {MAX_NAME} characters, not all blank, not {quote(name)}"
        )
    if any(unicodedata.category(char) in ("Cc", "Cs") for char in name):
        raise InvalidBotError(f"a bot's name has no control characters, not {quote(name)}")
    return name


def finite_option(value: object, above_zero: bool = False) -> int | float | None:
    """``value`` as an int or a float when it is a finite real number (a numpy
    number too, never a bool) from 0 (above 0 with ``above_zero``); else ``None``.

    >>> finite_option(3), finite_option(0.5, above_zero=True), finite_option(0, above_zero=True)
    (3, 0.5, None)
    """
    number = finite(value)  # (an int kept exact; never a bool, NaN or an infinity)
    if number is None or number < 0 or (above_zero and number == 0):
        return None
    return number


class BuiltinBot:
    """The base of the built-in bots: a ``seed`` (``None`` or an int from 0), a
    ``name`` (the class's ``name`` by default; see :func:`check_bot_name`) and a
    ``repr`` of the class, the seed, the options that differ from their defaults
    and the name when it is not the class's.

    A bot checks its seed and name when it calls ``__init__``, names its options
    for ``repr`` by overriding ``_repr_options``, and plays by its ``act``.

    :raises InvalidBotError: for a bad seed or name.
    """

    name = "bot"
    """The bot's label in results; a subclass gives its own (``"greedy"``)."""

    def __init__(self, seed: int | None = None, *, name: str | None = None) -> None:
        self.seed = check_bot_seed(seed)
        self.name = check_bot_name(name, type(self).name)

    def act(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        """The action to take; one of ``legal_actions`` (each bot gives its own)."""
        raise NotImplementedError

    def _repr_options(self) -> Sequence[tuple[str, object]]:
        """The options ``repr`` shows after the seed (those not at their defaults)."""
        return ()

    def __repr__(self) -> str:
        options = [f"seed={self.seed!r}"]
        options += [f"{option}={value!r}" for option, value in self._repr_options()]
        if self.name != type(self).name:
            options.append(f"name={self.name!r}")
        return f"{type(self).__name__}({', '.join(options)})"
