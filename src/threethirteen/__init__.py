"""threethirteen: the rummy game Three Thirteen (3-13) in Python: exact hand
analysis, a game engine, bots, tournaments and adapters for learning frameworks.

Every name below is at the top (``import threethirteen as tt``); ``help(tt.NAME)``
shows one in full, and the API reference (docs/api.md) shows them all.

* Analysing a hand: :func:`best_melds` (a :class:`Melding` of :class:`Meld`),
  :func:`deadwood_score`, :func:`can_go_out`, :func:`is_out`, :func:`best_discard`
  (a :class:`Discard`), :func:`discards` (:class:`Discards`), :func:`outs`
  (:class:`Outs` of :class:`Out`), :func:`draw_advice` (:class:`DrawAdvice`),
  :func:`stock_outlook` (:class:`StockOutlook`), :func:`layoff` (a :class:`Layoff`),
  :func:`check_melds` (a :class:`MeldCheck`), :func:`verify_meld`,
  :func:`is_valid_meld`.
* Cards and hands: :class:`Card`, :func:`parse_card`, :class:`Hand`,
  :func:`parse_hand`, :func:`check_hand`.
* Many hands at once (numpy): :func:`encode_hands`, :func:`deadwood_scores`,
  :func:`go_out_flags`, :func:`best_discards` (:class:`BatchDiscards`),
  :func:`discard_scores`, :func:`count_vector`, :func:`count_vectors`,
  :func:`hand_from_counts`, :func:`unseen_cards`.
* The rules: :class:`Rules` (``Rules.preset("pagat")``), :data:`PRESETS`,
  :data:`VARIATIONS`, :class:`Round`, :func:`parse_wild`,
  :func:`wild_rank_for_cards`.
* The engine: :class:`Game` (deal, legal actions, apply, records that replay),
  :class:`PlayerView` (what one player may know), the actions :class:`Action`,
  :class:`DrawStock`, :class:`DrawDiscard`, :class:`DiscardCard`, :class:`LayMeld`,
  :class:`LayOff`.
* The bots: :data:`BOTS` (by name), :class:`Bot`, :class:`RandomBot`,
  :class:`GreedyBot`, :class:`HeuristicBot`, :class:`AdvisorBot`,
  :class:`LookaheadBot`, :class:`SearchBot`, :class:`ExpertBot`, :class:`LearnedBot`,
  :class:`ProcessBot` (a program speaking the line protocol), :func:`make_bot`, :func:`as_bot`,
  :func:`bot_name`.
* Reviewing a played game: :func:`review` (a ``Review`` of every decision, weighed;
  the function, imported when first used: see ``threethirteen.review.reviewer``).
* The arena: :func:`play` (one game), :func:`tournament`
  (:class:`TournamentResults` of :class:`GameResult`), :func:`match` (a
  :class:`MatchResult`), :func:`game_seed`, :data:`ARENA_MAX_TURNS`.
* Errors: every one is a :class:`ThreeThirteenError`. Bad input raises an
  :class:`InvalidInputError` (a :class:`ValueError`): :class:`InvalidCardError`,
  :class:`InvalidHandError`, :class:`InvalidMeldError`, :class:`TableTooLargeError`,
  :class:`InvalidRulesError`, :class:`InvalidWildError`, :class:`InvalidActionError`,
  :class:`IllegalActionError`, :class:`InvalidRecordError`, :class:`GameError`,
  :class:`InvalidBotError`; a bot's failure in the arena is a :class:`BotError` (not a
  :class:`ValueError`): :class:`MoveTimeError`, :class:`BotProtocolError`,
  :class:`BotRaisedError`.
* The package: :data:`__version__`, :data:`implementation` (the solver in use).

What is at the top and what is not: the top holds what a user calls and what those
calls hand back (every function; the classes a function returns; the rules, the
engine, the bots, the arena's entry points; the errors). The parts inside those
results, the type aliases of what the calls accept and the encoding's constants
live in their modules: ``threethirteen.hands`` (``cards.JOKER``,
``hand.HandLike``, ``hand.MAX_HAND_SIZE``, ``encoding.HandsLike``,
``encoding.PADDING``, ``melds.MeldLike``, ``rules.RulesLike``, ``rules.WildLike``,
``arrays.WildsLike``, ``arrays.NOT_IN_HAND``, ``draw_advice.Draw``,
``draw_advice.DrawOption``, ``draw_advice.UnseenLike``,
``draw_advice.WeightsLike``, ``layoffs.LayoffCard``, ``layoffs.MAX_LAYOFF_RUNS``,
``meld_check.MeldProblem``), ``threethirteen.engine.game`` (``TableMeld``,
``Reshuffle``, ``ViewCodes``), ``threethirteen.bots`` (``protocol.BotLike``,
``registry.BotSpec``) and ``threethirteen.arena.tournament_results`` (``BotResults``,
``HeadToHead``, ``Rating``, ``Fault``). Their old names at the top still work in
the 0.2 releases, with a :class:`DeprecationWarning` naming the new home; 0.3
removes them.

Other modules are imported on their own: ``threethirteen.svg`` (pictures), the
adapters ``threethirteen.adapters.envs`` (PettingZoo),
``threethirteen.adapters.gym_env`` (Gymnasium), ``threethirteen.adapters.openspiel_game``
(OpenSpiel), ``threethirteen.adapters.spaces``; the command line is
``threethirteen --help`` (check a hand, ``play``, ``simulate``, ``replay``).

>>> import threethirteen as tt
>>> hand = tt.parse_hand("9s 9h 9d 4h 5h 6c")
>>> m = tt.best_melds(hand, wild="6", rules="pagat")
>>> m.melds, m.score
((Meld.parse('9d 9h 9s'), Meld.parse('4h 5h 6c=6h')), 0)
>>> tt.deadwood_score(hand, tt.Round("pagat", 4))
0
>>> game = tt.play(["greedy", "random"], seed=1, max_turns=50)
>>> game.is_over, len(game.totals)
(True, 2)
"""

import importlib as _importlib
import warnings as _warnings
from types import ModuleType as _ModuleType
from typing import TYPE_CHECKING as _TYPE_CHECKING
from typing import Any as _Any

from ._kernel.backend import IMPLEMENTATION as _IMPLEMENTATION
from .arena.process_bot import ProcessBot as ProcessBot
from .arena.simulations import ARENA_MAX_TURNS as ARENA_MAX_TURNS
from .arena.simulations import MatchResult as MatchResult
from .arena.simulations import TournamentResults as TournamentResults
from .arena.simulations import game_seed as game_seed
from .arena.simulations import match as match
from .arena.simulations import play as play
from .arena.simulations import tournament as tournament
from .arena.tournament_results import GameResult as GameResult
from .bots.builtin import AdvisorBot as AdvisorBot
from .bots.builtin import GreedyBot as GreedyBot
from .bots.builtin import HeuristicBot as HeuristicBot
from .bots.builtin import LookaheadBot as LookaheadBot
from .bots.builtin import RandomBot as RandomBot
from .bots.builtin import SearchBot as SearchBot
from .bots.expert import ExpertBot as ExpertBot
from .bots.learned import LearnedBot as LearnedBot
from .bots.protocol import Bot as Bot
from .bots.protocol import as_bot as as_bot
from .bots.protocol import bot_name as bot_name
from .bots.registry import BOTS as BOTS
from .bots.registry import make_bot as make_bot
from .engine.actions import Action as Action
from .engine.actions import DiscardCard as DiscardCard
from .engine.actions import DrawDiscard as DrawDiscard
from .engine.actions import DrawStock as DrawStock
from .engine.actions import LayMeld as LayMeld
from .engine.actions import LayOff as LayOff
from .engine.game import Game as Game
from .engine.game import PlayerView as PlayerView
from .errors import BotError as BotError
from .errors import BotProtocolError as BotProtocolError
from .errors import BotRaisedError as BotRaisedError
from .errors import GameError as GameError
from .errors import IllegalActionError as IllegalActionError
from .errors import InvalidActionError as InvalidActionError
from .errors import InvalidBotError as InvalidBotError
from .errors import InvalidCardError as InvalidCardError
from .errors import InvalidHandError as InvalidHandError
from .errors import InvalidInputError as InvalidInputError
from .errors import InvalidMeldError as InvalidMeldError
from .errors import InvalidRecordError as InvalidRecordError
from .errors import InvalidRulesError as InvalidRulesError
from .errors import InvalidWildError as InvalidWildError
from .errors import MoveTimeError as MoveTimeError
from .errors import TableTooLargeError as TableTooLargeError
from .errors import ThreeThirteenError as ThreeThirteenError
from .hands.analysis import best_discard as best_discard
from .hands.analysis import best_melds as best_melds
from .hands.analysis import can_go_out as can_go_out
from .hands.analysis import deadwood_score as deadwood_score
from .hands.analysis import discards as discards
from .hands.analysis import is_out as is_out
from .hands.arrays import BatchDiscards as BatchDiscards
from .hands.arrays import best_discards as best_discards
from .hands.arrays import deadwood_scores as deadwood_scores
from .hands.arrays import discard_scores as discard_scores
from .hands.arrays import go_out_flags as go_out_flags
from .hands.cards import Card as Card
from .hands.cards import parse_card as parse_card
from .hands.count_vectors import count_vector as count_vector
from .hands.count_vectors import count_vectors as count_vectors
from .hands.count_vectors import hand_from_counts as hand_from_counts
from .hands.count_vectors import unseen_cards as unseen_cards
from .hands.deck import check_hand as check_hand
from .hands.deck import parse_hand as parse_hand
from .hands.draw_advice import DrawAdvice as DrawAdvice
from .hands.draw_advice import Out as Out
from .hands.draw_advice import Outs as Outs
from .hands.draw_advice import StockOutlook as StockOutlook
from .hands.draw_advice import draw_advice as draw_advice
from .hands.draw_advice import outs as outs
from .hands.draw_advice import stock_outlook as stock_outlook
from .hands.encoding import encode_hands as encode_hands
from .hands.hand import Hand as Hand
from .hands.layoffs import Layoff as Layoff
from .hands.layoffs import layoff as layoff
from .hands.meld_check import MeldCheck as MeldCheck
from .hands.meld_check import check_melds as check_melds
from .hands.meld_rules import is_valid_meld as is_valid_meld
from .hands.meld_rules import verify_meld as verify_meld
from .hands.melds import Discard as Discard
from .hands.melds import Discards as Discards
from .hands.melds import Meld as Meld
from .hands.melds import Melding as Melding
from .hands.rounds import Round as Round
from .hands.rules import PRESETS as PRESETS
from .hands.rules import VARIATIONS as VARIATIONS
from .hands.rules import Rules as Rules
from .hands.rules import parse_wild as parse_wild
from .hands.rules import wild_rank_for_cards as wild_rank_for_cards

if _TYPE_CHECKING:  # at run time imported when first read (__getattr__)
    from .review.reviewer import review as review

__version__ = "0.2.0.dev0"
"""The version: the next release in development (see CHANGELOG.md)."""

implementation = _IMPLEMENTATION
"""The solver in use, ``"cython"`` (compiled) or ``"python"``, chosen once at import
from the environment variable ``THREETHIRTEEN_IMPLEMENTATION``."""

# No __all__: pydoc documents every name of a module's __all__ in full (6,448 lines
# of help(threethirteen) with it), and without one it shows the docstring above and
# the data. The public names are the ones imported above ("X as X" re-exports them
# for type checkers); dir() lists them, and the moved names below only warn.

_MOVED = {
    "BotLike": "threethirteen.bots.protocol",
    "BotSpec": "threethirteen.bots.registry",
    "HandLike": "threethirteen.hands.hand",
    "HandsLike": "threethirteen.hands.encoding",
    "MeldLike": "threethirteen.hands.melds",
    "RulesLike": "threethirteen.hands.rules",
    "UnseenLike": "threethirteen.hands.draw_advice",
    "WeightsLike": "threethirteen.hands.draw_advice",
    "WildLike": "threethirteen.hands.rules",
    "WildsLike": "threethirteen.hands.arrays",
    "ViewCodes": "threethirteen.engine.game",
    "TableMeld": "threethirteen.engine.game",
    "Reshuffle": "threethirteen.engine.game",
    "Fault": "threethirteen.arena.tournament_results",
    "Rating": "threethirteen.arena.tournament_results",
    "BotResults": "threethirteen.arena.tournament_results",
    "HeadToHead": "threethirteen.arena.tournament_results",
    "LayoffCard": "threethirteen.hands.layoffs",
    "MeldProblem": "threethirteen.hands.meld_check",
    "Draw": "threethirteen.hands.draw_advice",
    "DrawOption": "threethirteen.hands.draw_advice",
    "NOT_IN_HAND": "threethirteen.hands.arrays",
    "PADDING": "threethirteen.hands.encoding",
    "MAX_HAND_SIZE": "threethirteen.hands.hand",
    "MAX_LAYOFF_RUNS": "threethirteen.hands.layoffs",
    "JOKER": "threethirteen.hands.cards",
}
"""The names the top held until 0.2 and their homes: 0.2 warns, 0.3 removes them."""

_RENAMED = {
    "BestDiscard": ("Discard", "threethirteen"),
    "LaidOff": ("LayoffCard", "threethirteen.hands.layoffs"),
}
"""Older names of the top level: the new name and its module."""


def __getattr__(name: str) -> _Any:
    """The names of earlier releases, with a :class:`DeprecationWarning` that names
    where each lives now.

    >>> import warnings
    >>> import threethirteen as tt
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     joker = tt.JOKER
    >>> joker, str(caught[0].message)
    (52, 'threethirteen.JOKER is deprecated: import it from threethirteen.hands.cards')
    """
    if name in _SUBMODULES:  # taken out of the namespace below; imported on demand
        return _importlib.import_module(f"{__name__}.{name}")
    if name == "review":  # the function, imported when first used (see below)
        return _importlib.import_module(f"{__name__}.review.reviewer").review
    if name in _MOVED:
        module = _MOVED[name]
        message = f"threethirteen.{name} is deprecated: import it from {module}"
    elif name in _RENAMED:
        new_name, module = _RENAMED[name]
        message = f"threethirteen.{name} is deprecated; use {module}.{new_name}"
        name = new_name
    else:
        raise AttributeError(f"module 'threethirteen' has no attribute {name!r}")
    _warnings.warn(message, DeprecationWarning, stacklevel=2)
    return getattr(_importlib.import_module(module), name)


def __dir__() -> list[str]:
    """The public names (and the module's own dunder names), without the
    subpackages, the private names or the deprecated ones.

    >>> import threethirteen as tt
    >>> "best_melds" in dir(tt), "JOKER" in dir(tt), "hands" in dir(tt)
    (True, False, False)
    """
    return sorted(
        name
        for name, value in globals().items()
        if (not name.startswith("_") and not isinstance(value, _ModuleType))
        or (name.startswith("__") and name.endswith("__"))
    )


_SUBMODULES = frozenset(
    ("adapters", "arena", "bots", "cli", "engine", "errors", "hands", "statistics", "svg")
)
"""The package's public modules: reached as attributes (``threethirteen.hands``) and
by imports as ever, but not held in the namespace, so that ``from threethirteen
import *``, which takes a namespace's public names when it has no ``__all__``,
brings no module in (``statistics`` would hide the standard library's)."""

for _name in [name for name in _SUBMODULES if isinstance(globals().get(name), _ModuleType)]:
    del globals()[_name]
del _name

# ``review`` at the top is the function threethirteen.review.reviewer.review, imported
# when first read (__getattr__, which imports numpy: not with the package), not the
# package of that name: the package (its __init__ imports nothing) is imported here
# and taken out of the namespace, so that no later import of one of its modules puts
# the package at the top. Like the subpackages, the name stays out of the namespace
# (dir() and "import *" do not list it): tt.review is read through __getattr__.
_importlib.import_module(f"{__name__}.review")  # ("from . import" would ask __getattr__)
del globals()["review"]
