"""The bots by name, and bots made from a name, a factory or a bot.

:data:`BOTS` knows every built-in bot by name without importing one: each entry is
the dotted path of its class, imported when the entry is first read (so
``make_bot("expert")`` works whether or not ``threethirteen.bots.expert`` has been
imported, and no module registers itself on import). A program may add its own
bots to it. :func:`make_bot` makes a bot from a :data:`BotSpec`.

>>> make_bot("greedy", seed=3)
GreedyBot(seed=3)
>>> "expert" in BOTS, sorted(BOTS)[:3]
(True, ['advisor', 'expert', 'greedy'])
"""

from __future__ import annotations

import functools
import importlib
import inspect
from collections.abc import Callable, Iterator, Mapping, MutableMapping
from typing import Any

from .._validate import cut, quote
from ..errors import InvalidBotError
from .protocol import Bot, BotFunction, as_bot, bot_name

__all__ = ["BOTS", "BotRegistry", "BotSpec", "make_bot"]

BotFactory = Callable[..., Bot]
"""What makes a bot: called with ``seed=`` (a built-in bot's class)."""


class BotRegistry(MutableMapping[str, BotFactory]):
    """Bot factories by name, each given as itself or as the dotted path of one
    (``"package.module.Name"``), imported when its entry is first read. Iterating,
    ``len`` and ``in`` import nothing.

    >>> registry = BotRegistry({"greedy": "threethirteen.bots.builtin.GreedyBot"})
    >>> "greedy" in registry, registry["greedy"]
    (True, <class 'threethirteen.bots.builtin.GreedyBot'>)
    """

    def __init__(self, entries: Mapping[str, str | BotFactory] | None = None) -> None:
        self._entries: dict[str, str | BotFactory] = dict(entries or {})

    def __getitem__(self, name: str) -> BotFactory:
        entry = self._entries[name]
        if isinstance(entry, str):
            module, _, attribute = entry.rpartition(".")
            factory: BotFactory = getattr(importlib.import_module(module), attribute)
            self._entries[name] = entry = factory
        return entry

    def __setitem__(self, name: str, factory: str | BotFactory) -> None:
        self._entries[name] = factory

    def __delitem__(self, name: str) -> None:
        del self._entries[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def __repr__(self) -> str:
        return repr(dict(self.items()))


BOTS: BotRegistry = BotRegistry(
    {
        "random": "threethirteen.bots.builtin.RandomBot",
        "greedy": "threethirteen.bots.builtin.GreedyBot",
        "heuristic": "threethirteen.bots.builtin.HeuristicBot",
        "advisor": "threethirteen.bots.builtin.AdvisorBot",
        "lookahead": "threethirteen.bots.builtin.LookaheadBot",
        "search": "threethirteen.bots.builtin.SearchBot",
        "expert": "threethirteen.bots.expert.ExpertBot",
        "learned": "threethirteen.bots.learned.LearnedBot",
    }
)
"""The built-in bots by name, each a class taking ``seed=`` (a mapping, read and
changed as a ``dict`` is: each class is imported when its entry is first read)."""

BotSpec = str | Callable[..., Bot] | Bot | BotFunction
"""What names a bot for :func:`make_bot`: a built-in bot's name; a bot factory,
called with ``seed=`` (a class; a ``functools.partial`` of a class; a callable
with a ``seed`` parameter that needs no two positional arguments besides it); or a
bot object or bot function, used as it is. See :func:`make_bot` for the rule."""


def _is_factory(spec: object) -> bool:
    """Whether ``spec`` (a callable, not a bot object) is a bot factory: see
    :func:`make_bot`."""
    if isinstance(spec, type):
        return True
    if isinstance(spec, functools.partial) and isinstance(spec.func, type):
        return True
    try:
        parameters = inspect.signature(spec).parameters  # type: ignore[arg-type]
    except (TypeError, ValueError):  # no signature to read: a bot function
        return False
    seed = parameters.get("seed")
    if seed is None or seed.kind not in (seed.POSITIONAL_OR_KEYWORD, seed.KEYWORD_ONLY):
        return False
    needed = [
        parameter
        for parameter in parameters.values()
        if parameter.kind in (parameter.POSITIONAL_ONLY, parameter.POSITIONAL_OR_KEYWORD)
        and parameter.default is parameter.empty
        and parameter is not seed
    ]
    return len(needed) < 2  # a bot function needs two: the view and the legal actions


_SHOWN = 160
"""The most characters of a factory's exception message that :func:`make_bot` shows."""


def make_bot(spec: BotSpec, seed: int | None = None) -> Bot:
    """A bot from its specification, seeded with ``seed`` when it is made here.

    - A built-in bot's name (:data:`BOTS`) makes that bot with ``seed``.
    - A bot factory is called with ``seed=seed`` alone, and must return a bot (an
      object with ``act``, or a bot function). A factory is a class; a
      ``functools.partial`` of a class (``partial(tt.SearchBot, playouts=8)``:
      a seed the partial holds is replaced); or any other callable whose signature
      has a ``seed`` parameter (not positional-only) and that needs no two
      positional arguments besides it (``def make(seed=None): ...``;
      ``partial(make, depth=2)``).
    - A bot object (anything with ``act``) is used as it is; so is any other
      callable, taken for a bot function, called with the view and the legal
      actions: ``def bot(view, legal_actions): ...`` (even with a ``seed``
      parameter after those two). A bot used as it is should be deterministic by
      itself.

    :raises InvalidBotError: for an unknown name, or something that is no bot; for
        a factory that raises (an :class:`InvalidBotError` as it is, any other
        exception chained as ``__cause__``) or returns no bot.

    >>> make_bot("random", seed=5)
    RandomBot(seed=5)
    >>> import functools
    >>> from threethirteen import AdvisorBot, SearchBot
    >>> make_bot(functools.partial(SearchBot, playouts=8, name="search-8"), seed=5)
    SearchBot(seed=5, playouts=8, name='search-8')
    >>> def make(seed=None):
    ...     return AdvisorBot(seed, margin=0)
    >>> make_bot(make, seed=2)
    AdvisorBot(seed=2, margin=0)
    >>> make_bot("best")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidBotError: unknown bot 'best' (the built-in bots: advisor, ...)
    """
    if isinstance(spec, str):
        try:
            factory = BOTS[spec]
        except KeyError:
            names = ", ".join(sorted(BOTS))
            raise InvalidBotError(
                f"unknown bot {quote(spec)} (the built-in bots: {names})"
            ) from None
        return factory(seed=seed)
    if isinstance(spec, type) or (
        not isinstance(spec, Bot) and callable(spec) and _is_factory(spec)
    ):
        return _from_factory(spec, seed)
    return as_bot(spec)  # type: ignore[arg-type]


def _from_factory(factory: Callable[..., Any], seed: int | None) -> Bot:
    label = bot_name(factory)
    try:
        made = factory(seed=seed)
    except InvalidBotError:
        raise
    except Exception as error:
        try:  # the factory's exception is its code: its __str__ may raise too
            shown = cut(str(error), _SHOWN)
        except Exception:
            shown = "(its message could not be shown)"
        raise InvalidBotError(
            f"bot factory {label!r} raised {type(error).__name__}: {shown}"
        ) from error
    if not isinstance(made, type) and (isinstance(made, Bot) or callable(made)):
        return as_bot(made)  # (a class has act, but is no bot)
    raise InvalidBotError(
        f"bot factory {label!r} returned {quote(made)}, not a bot"
        " (an object with act(view, legal_actions), or a bot function)"
    )
