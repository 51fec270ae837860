"""threethirteen: the rummy game Three Thirteen (3-13) in Python: exact hand
analysis, a game engine, bots, tournaments and adapters for learning frameworks.

The main entry points, all in ``threethirteen`` (``import threethirteen as tt``):

* hand analysis: :func:`best_melds`, :func:`deadwood_score`, :func:`can_go_out`,
  :func:`best_discard`, :func:`discards`, :func:`outs`, :func:`draw_advice`,
  :func:`layoff`, :func:`check_melds`; the batch functions (:func:`deadwood_scores`,
  :func:`best_discards`, ...) over numpy arrays of many hands;
* the rules: :class:`Rules` (``Rules.preset("pagat")``), :data:`PRESETS`,
  :data:`VARIATIONS`, :class:`Round`;
* the engine: :class:`Game` (deal, legal actions, apply, records that replay),
  :class:`PlayerView` (what one player may know);
* the bots and the arena: :data:`BOTS` (``"random"``, ``"greedy"``, ...),
  :class:`Bot`, :func:`play`, :func:`tournament`, :func:`match`;
* the adapters (imported on their own): ``threethirteen.adapters.envs`` (PettingZoo),
  ``threethirteen.adapters.gym_env`` (Gymnasium), ``threethirteen.adapters.openspiel_game``
  (OpenSpiel);
* the command line: ``threethirteen --help`` (check a hand, ``play``,
  ``simulate``, ``replay``).

Bad input raises a :class:`ThreeThirteenError` (a :class:`ValueError`).

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

import warnings as _warnings
from typing import Any as _Any

from ._kernel.backend import IMPLEMENTATION as implementation
from .arena.process_bot import ProcessBot
from .arena.simulations import (
    ARENA_MAX_TURNS,
    BotResults,
    HeadToHead,
    MatchResult,
    TournamentResults,
    game_seed,
    match,
    play,
    tournament,
)
from .arena.tournament_results import Fault, GameResult, Rating
from .bots.builtin import (
    BOTS,
    AdvisorBot,
    Bot,
    BotLike,
    BotSpec,
    GreedyBot,
    HeuristicBot,
    LookaheadBot,
    RandomBot,
    SearchBot,
    as_bot,
    bot_name,
    make_bot,
)
from .bots.expert import ExpertBot
from .engine.actions import Action, DiscardCard, DrawDiscard, DrawStock, LayMeld, LayOff
from .engine.game import Game, PlayerView, Reshuffle, TableMeld, ViewCodes
from .errors import (
    BotError,
    BotProtocolError,
    BotRaisedError,
    GameError,
    IllegalActionError,
    InvalidActionError,
    InvalidBotError,
    InvalidCardError,
    InvalidHandError,
    InvalidMeldError,
    InvalidRecordError,
    InvalidRulesError,
    InvalidWildError,
    MoveTimeError,
    TableTooLargeError,
    ThreeThirteenError,
)
from .hands.analysis import best_discard, best_melds, can_go_out, deadwood_score, discards, is_out
from .hands.arrays import (
    NOT_IN_HAND,
    BatchDiscards,
    WildsLike,
    best_discards,
    deadwood_scores,
    discard_scores,
    go_out_flags,
)
from .hands.cards import JOKER, Card, parse_card
from .hands.count_vectors import count_vector, count_vectors, hand_from_counts, unseen_cards
from .hands.deck import check_hand, parse_hand
from .hands.draw_advice import (
    Draw,
    DrawAdvice,
    DrawOption,
    Out,
    Outs,
    StockOutlook,
    UnseenLike,
    WeightsLike,
    draw_advice,
    outs,
    stock_outlook,
)
from .hands.encoding import PADDING, HandsLike, encode_hands
from .hands.hand import MAX_HAND_SIZE, Hand, HandLike
from .hands.layoffs import MAX_LAYOFF_RUNS, Layoff, LayoffCard, layoff
from .hands.meld_check import MeldCheck, MeldProblem, check_melds
from .hands.meld_rules import is_valid_meld, verify_meld
from .hands.melds import Discard, Discards, Meld, Melding, MeldLike
from .hands.rounds import Round
from .hands.rules import (
    PRESETS,
    VARIATIONS,
    Rules,
    RulesLike,
    WildLike,
    parse_wild,
    wild_rank_for_cards,
)

__version__ = "0.2.0.dev0"
"""The version: the next release in development (see CHANGELOG.md)."""

__all__ = [
    "ARENA_MAX_TURNS",
    "BOTS",
    "JOKER",
    "MAX_HAND_SIZE",
    "MAX_LAYOFF_RUNS",
    "NOT_IN_HAND",
    "PADDING",
    "PRESETS",
    "VARIATIONS",
    "Action",
    "AdvisorBot",
    "BatchDiscards",
    "Bot",
    "BotError",
    "BotLike",
    "BotProtocolError",
    "BotRaisedError",
    "BotResults",
    "BotSpec",
    "Card",
    "Discard",
    "DiscardCard",
    "Discards",
    "Draw",
    "DrawAdvice",
    "DrawDiscard",
    "DrawOption",
    "DrawStock",
    "ExpertBot",
    "Fault",
    "Game",
    "GameError",
    "GameResult",
    "GreedyBot",
    "Hand",
    "HandLike",
    "HandsLike",
    "HeadToHead",
    "HeuristicBot",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidBotError",
    "InvalidCardError",
    "InvalidHandError",
    "InvalidMeldError",
    "InvalidRecordError",
    "InvalidRulesError",
    "InvalidWildError",
    "LayMeld",
    "LayOff",
    "Layoff",
    "LayoffCard",
    "LookaheadBot",
    "MatchResult",
    "Meld",
    "MeldCheck",
    "MeldLike",
    "MeldProblem",
    "Melding",
    "MoveTimeError",
    "Out",
    "Outs",
    "PlayerView",
    "ProcessBot",
    "RandomBot",
    "Rating",
    "Reshuffle",
    "Round",
    "Rules",
    "RulesLike",
    "SearchBot",
    "StockOutlook",
    "TableMeld",
    "TableTooLargeError",
    "ThreeThirteenError",
    "TournamentResults",
    "UnseenLike",
    "ViewCodes",
    "WeightsLike",
    "WildLike",
    "WildsLike",
    "__version__",
    "as_bot",
    "best_discard",
    "best_discards",
    "best_melds",
    "bot_name",
    "can_go_out",
    "check_hand",
    "check_melds",
    "count_vector",
    "count_vectors",
    "deadwood_score",
    "deadwood_scores",
    "discard_scores",
    "discards",
    "draw_advice",
    "encode_hands",
    "game_seed",
    "go_out_flags",
    "hand_from_counts",
    "implementation",
    "is_out",
    "is_valid_meld",
    "layoff",
    "make_bot",
    "match",
    "outs",
    "parse_card",
    "parse_hand",
    "parse_wild",
    "play",
    "stock_outlook",
    "tournament",
    "unseen_cards",
    "verify_meld",
    "wild_rank_for_cards",
]

_DEPRECATED = {
    "BestDiscard": ("Discard", Discard),
    "LaidOff": ("LayoffCard", LayoffCard),
}


def __getattr__(name: str) -> _Any:
    """The names of earlier releases, with a warning."""
    if name in _DEPRECATED:
        new_name, value = _DEPRECATED[name]
        _warnings.warn(
            f"threethirteen.{name} is deprecated; use threethirteen.{new_name}",
            DeprecationWarning,
            stacklevel=2,
        )
        return value
    raise AttributeError(f"module 'threethirteen' has no attribute {name!r}")
