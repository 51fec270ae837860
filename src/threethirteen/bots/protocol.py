"""What a bot is: the protocol every player of the arena speaks, and its labels.

A bot is anything with ``act(view, legal_actions) -> action``: an object with that
method (:class:`Bot`), or a plain function of the two (a bot function).
:func:`as_bot` makes a bot object of either; :func:`bot_name` gives the label a bot
(or anything that names one) gets in results.

>>> import threethirteen as tt
>>> game = tt.Game("pagat", players=2, seed=7)
>>> bot = as_bot(lambda view, legal_actions: legal_actions[0])
>>> isinstance(bot, Bot), bot.act(game.view(game.to_move), game.legal_actions())
(True, Action.parse('draw stock'))
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from .._validate import quote
from ..engine.actions import Action
from ..engine.game import PlayerView
from ..errors import InvalidBotError

__all__ = ["Bot", "BotFunction", "BotLike", "as_bot", "bot_name"]


@runtime_checkable
class Bot(Protocol):
    """What a bot is: one method that picks an action from a player's view."""

    def act(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        """The action to take; one of ``legal_actions``."""
        ...


BotFunction = Callable[[PlayerView, Sequence[Action]], Action]
"""A bot written as a plain function of the view and the legal actions."""

BotLike = Bot | BotFunction
"""A bot object or a bot function."""


class _FunctionBot:
    """A bot function wrapped as a bot object."""

    def __init__(self, function: BotFunction) -> None:
        self.function = function
        self.name = bot_name(function)

    def act(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        return self.function(view, legal_actions)

    def __repr__(self) -> str:
        return f"as_bot({self.function!r})"


def as_bot(bot: BotLike) -> Bot:
    """A bot object for a bot object or a bot function.

    :raises InvalidBotError: for anything else.

    >>> as_bot(lambda view, legal: legal[0]).act  # doctest: +ELLIPSIS
    <bound method _FunctionBot.act of as_bot(<function <lambda> at ...>)>
    """
    if isinstance(bot, Bot):
        return bot
    if callable(bot):
        return _FunctionBot(bot)
    raise InvalidBotError(f"a bot has an act(view, legal_actions) method, not {quote(bot)}")


def bot_name(spec: object) -> str:
    """The label a bot specification (see :data:`~threethirteen.bots.registry.BotSpec`)
    gets, in results tables:

    - a string: itself;
    - a bot object with a ``name`` string: that (a built-in bot's ``name=``);
    - a ``functools.partial``: its ``name=`` keyword, if it gives one; else the
      label of what it calls;
    - a class: its ``name`` attribute if that is a string (a built-in bot's:
      ``"search"``), else its ``__name__``;
    - a function (or any callable with a ``__name__``): its ``__name__``;
    - anything else: its type's name.

    >>> import functools
    >>> from threethirteen import SearchBot
    >>> bot_name("greedy"), bot_name(SearchBot), bot_name(SearchBot(name="deep"))
    ('greedy', 'search', 'deep')
    >>> bot_name(functools.partial(SearchBot, playouts=64))
    'search'
    >>> bot_name(functools.partial(SearchBot, playouts=64, name="search-64"))
    'search-64'
    >>> def cautious(view, legal_actions):
    ...     return legal_actions[0]
    >>> bot_name(cautious)
    'cautious'
    """
    if isinstance(spec, str):
        return spec
    if isinstance(spec, functools.partial):
        given = spec.keywords.get("name")
        return given if isinstance(given, str) else bot_name(spec.func)
    name = getattr(spec, "name", None)
    if isinstance(name, str):
        return name
    if isinstance(spec, type) or callable(spec):
        found = getattr(spec, "__name__", None)
        if isinstance(found, str):
            return found
    return type(spec).__name__
