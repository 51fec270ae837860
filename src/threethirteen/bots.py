"""Bots: players that choose an action from what one player may see.

A bot is anything with ``act(view, legal_actions) -> action``: an object with that
method, or a plain function of the two. It sees only the
:class:`~threethirteen.PlayerView` of the seat it plays, and the list of actions the
engine allows. The built-in bots take a ``seed`` and are deterministic given it.

>>> import threethirteen as tt
>>> game = tt.Game("pagat", players=2, seed=7)
>>> bot = tt.GreedyBot(seed=1)
>>> player = game.to_move
>>> game.view(player).piles  # the 8 of clubs helps this hand
((Card.parse('8c'),),)
>>> bot.act(game.view(player), game.legal_actions())
Action.parse('draw discard')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from ._validate import quote
from .actions import Action, DiscardCard, DrawDiscard, DrawStock
from .analysis import best_discard, deadwood_score
from .errors import InvalidBotError
from .game import PlayerView

__all__ = [
    "BOTS",
    "Bot",
    "BotLike",
    "BotSpec",
    "GreedyBot",
    "InvalidBotError",
    "RandomBot",
    "as_bot",
    "make_bot",
]


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

    def act(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        return self.function(view, legal_actions)

    def __repr__(self) -> str:
        return f"as_bot({self.function!r})"


def as_bot(bot: BotLike) -> Bot:
    """A bot object for a bot object or a bot function.

    >>> as_bot(lambda view, legal: legal[0]).act  # doctest: +ELLIPSIS
    <bound method _FunctionBot.act of as_bot(<function <lambda> at ...>)>
    """
    if isinstance(bot, Bot):
        return bot
    if callable(bot):
        return _FunctionBot(bot)
    raise InvalidBotError(f"a bot has an act(view, legal_actions) method, not {quote(bot)}")


def _goes_out(legal_actions: Sequence[Action]) -> Action | None:
    """The first going-out discard among the legal actions, if any."""
    for action in legal_actions:
        if isinstance(action, DiscardCard) and action.go_out:
            return action
    return None


class RandomBot:
    """Uniform over the legal actions, except that it goes out when it can.

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> tt.RandomBot(seed=3).act(game.view(game.to_move), game.legal_actions())
    Action.parse('draw stock')
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._random = random.Random(seed)

    def act(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        going = _goes_out(legal_actions)
        if going is not None:
            return going
        return legal_actions[self._random.randrange(len(legal_actions))]

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"


class GreedyBot:
    """The "simple player" of gin rummy research: it takes a pile's top card when that
    lowers the best score it can leave after its discard, discards by
    :func:`threethirteen.discards` (the lowest deadwood left), and goes out at once.

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> tt.GreedyBot().act(game.view(game.to_move), game.legal_actions())
    Action.parse('draw discard')
    """

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def act(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        going = _goes_out(legal_actions)
        if going is not None:
            return going
        round_ = view.prepared_round
        hand = view.hand
        if view.phase == "draw":
            best: Action = DrawStock()
            best_score = deadwood_score(hand, round_)
            for action in legal_actions:
                if isinstance(action, DrawDiscard):
                    pile = view.piles[action.pile or 0]
                    score = best_discard(hand + pile[-1], round_).score
                    if score < best_score:
                        best, best_score = action, score
            if isinstance(best, DrawStock) and best not in legal_actions:
                return legal_actions[0]
            return best
        card = best_discard(hand, round_).card
        for action in legal_actions:
            if isinstance(action, DiscardCard) and action.card == card and not action.go_out:
                return action
        return legal_actions[-1]

    def __repr__(self) -> str:
        return f"GreedyBot(seed={self.seed!r})"


BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "greedy": GreedyBot}
"""The built-in bots by name, each a class taking ``seed=``."""

BotSpec = str | Callable[..., Bot] | Bot | BotFunction
"""What names a bot for :func:`make_bot`: a built-in bot's name, a class (or factory)
taking ``seed=``, or a bot object or function used as it is."""


def make_bot(spec: BotSpec, seed: int | None = None) -> Bot:
    """A bot from its specification, seeded with ``seed`` when it is made here.

    A name or a class makes a new bot with ``seed``; a bot object or function is
    used as it is (so it should be deterministic by itself).

    >>> make_bot("random", seed=5)
    RandomBot(seed=5)
    >>> make_bot("best")
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidBotError: unknown bot 'best' (the built-in bots: greedy, random)
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
    if isinstance(spec, type):
        made: BotLike = spec(seed=seed)
        return as_bot(made)
    return as_bot(spec)  # type: ignore[arg-type]
