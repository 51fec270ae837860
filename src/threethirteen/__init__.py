"""threethirteen: exact, fast analysis of Three Thirteen (3-13) rummy hands.

>>> import threethirteen as tt
>>> hand = tt.parse_hand("9s 9h 9d 4h 5h 6c")
>>> m = tt.best_melds(hand, wild="6", rules="pagat")
>>> m.melds, m.score
((Meld.parse('9d 9h 9s'), Meld.parse('4h 5h 6c=6h')), 0)
"""

from ._backend import IMPLEMENTATION as implementation
from .analysis import best_discard, best_melds, can_go_out, deadwood_score
from .batch import (
    PADDING,
    BatchDiscards,
    best_discards,
    deadwood_scores,
    encode_hands,
    go_out_flags,
)
from .cards import JOKER, Card, parse_card
from .checking import MeldCheck, MeldLike, MeldProblem, check_melds
from .errors import (
    InvalidCardError,
    InvalidHandError,
    InvalidMeldError,
    InvalidRulesError,
    InvalidWildError,
    ThreeThirteenError,
)
from .hand import MAX_HAND_SIZE, Hand, HandLike, check_hand, parse_hand
from .layoff import LaidOff, Layoff, layoff
from .melds import BestDiscard, Meld, Melding
from .rules import PRESETS, VARIATIONS, Rules, RulesLike, WildLike, parse_wild, wild_rank_for_cards

__version__ = "0.1.0"

__all__ = [
    "JOKER",
    "MAX_HAND_SIZE",
    "PADDING",
    "PRESETS",
    "VARIATIONS",
    "BatchDiscards",
    "BestDiscard",
    "Card",
    "Hand",
    "HandLike",
    "InvalidCardError",
    "InvalidHandError",
    "InvalidMeldError",
    "InvalidRulesError",
    "InvalidWildError",
    "LaidOff",
    "Layoff",
    "Meld",
    "MeldCheck",
    "MeldLike",
    "MeldProblem",
    "Melding",
    "Rules",
    "RulesLike",
    "ThreeThirteenError",
    "WildLike",
    "__version__",
    "best_discard",
    "best_discards",
    "best_melds",
    "can_go_out",
    "check_hand",
    "check_melds",
    "deadwood_score",
    "deadwood_scores",
    "encode_hands",
    "go_out_flags",
    "implementation",
    "layoff",
    "parse_card",
    "parse_hand",
    "parse_wild",
    "wild_rank_for_cards",
]
