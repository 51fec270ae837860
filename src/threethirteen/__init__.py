"""threethirteen: exact, fast analysis of Three Thirteen (3-13) rummy hands.

>>> import threethirteen as tt
>>> hand = tt.parse_hand("9s 9h 9d 4h 5h 6c")
>>> m = tt.best_melds(hand, wild="6", rules="pagat")
>>> m.melds, m.score
((Meld.parse('9d 9h 9s'), Meld.parse('4h 5h 6c=6h')), 0)
"""

from ._backend import IMPLEMENTATION as implementation
from .analysis import best_discard, best_melds, can_go_out, deadwood_score, discards
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
from .counts import count_vector, count_vectors, hand_from_counts, unseen_cards
from .drawing import Draw, DrawAdvice, DrawOption, Out, Outs, draw_advice, outs
from .errors import (
    InvalidCardError,
    InvalidHandError,
    InvalidMeldError,
    InvalidRulesError,
    InvalidWildError,
    ThreeThirteenError,
)
from .hand import MAX_HAND_SIZE, Hand, HandLike, check_hand, parse_hand
from .laying_off import LaidOff, Layoff, layoff
from .melds import BestDiscard, Discard, Discards, Meld, Melding
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
    "Discard",
    "Discards",
    "Draw",
    "DrawAdvice",
    "DrawOption",
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
    "Out",
    "Outs",
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
    "count_vector",
    "count_vectors",
    "deadwood_score",
    "deadwood_scores",
    "discards",
    "draw_advice",
    "encode_hands",
    "go_out_flags",
    "hand_from_counts",
    "implementation",
    "layoff",
    "outs",
    "parse_card",
    "parse_hand",
    "parse_wild",
    "unseen_cards",
    "wild_rank_for_cards",
]
