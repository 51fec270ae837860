"""Hand analysis: best melds, deadwood score, going out, best discard, every discard.

Each function takes the hand and the round: a :class:`~threethirteen.Round`, or the
round's wild rank (``wild=``) and the rules (``rules=``, Pagat's by default). It
validates and encodes in Python, then calls the exact solver, which works on small
ints only.

>>> best_melds("9s 9h 9d 4h 5h 6c", wild=6).score
0
>>> deadwood_score("Ks 4d Ac", wild=None), deadwood_score("Ks 4d Ac", wild=None, rules="wikipedia")
(15, 18)
>>> deadwood_score("Ks 4d Ac", Round("pagat", 1))
15
"""

from __future__ import annotations

from .._kernel.protocol import COUNT_BITS, score_of
from ..errors import InvalidHandError
from .cards import CARDS, Card
from .hand import Hand, HandLike, as_hand
from .melds import Discard, Discards, Meld, Melding
from .rounds import UNSET, Round, UnsetType, resolve_round
from .rules import RulesLike, WildLike
from .solving import VALUES, melding_of, refused

__all__ = [
    "best_discard",
    "best_melds",
    "can_go_out",
    "deadwood_score",
    "discards",
    "is_out",
]


def _hand(hand: HandLike) -> Hand:
    return hand if type(hand) is Hand else as_hand(hand)


def best_melds(
    hand: HandLike,
    round: Round | None = None,
    *,
    wild: WildLike | UnsetType = UNSET,
    rules: RulesLike | UnsetType = UNSET,
) -> Melding:
    """The best melding of a hand: the melds that leave the lowest deadwood score.

    :param hand: a :class:`~threethirteen.Hand` or a string such as ``"9s 9h 9d"``.
    :param round: the :class:`~threethirteen.Round`; or give ``wild`` and ``rules``.
    :param wild: the round's wild rank (``6``, ``"6"``, ``"J"``...), or ``None``.
    :param rules: a :class:`~threethirteen.Rules` or a preset name (``"pagat"``
        when not given).
    :returns: a :class:`~threethirteen.Melding`; of equally good meldings, one.
    :raises InvalidCardError: for text that is no card.
    :raises InvalidHandError: for a hand impossible under the rules.
    :raises InvalidWildError: for a bad wild rank.
    :raises InvalidRulesError: for an unknown preset.

    >>> melding = best_melds("5s 6s 7s 6h 6d Ks", wild="K")
    >>> melding.melds, melding.score
    ((Meld.parse('6d 6h Ks=6c'), Meld.parse('5s 6s 7s')), 0)
    """
    parsed = hand if type(hand) is Hand else as_hand(hand)  # _hand, inlined: hot path
    found = resolve_round(round, wild, rules, "best_melds")
    codes = parsed.code_bytes
    melding: Melding | int = found.solver.melding(codes, found.params, COUNT_BITS, VALUES)
    if type(melding) is int:
        raise refused(found, parsed, melding)
    return melding  # type: ignore[return-value]


def deadwood_score(
    hand: HandLike,
    round: Round | None = None,
    *,
    wild: WildLike | UnsetType = UNSET,
    rules: RulesLike | UnsetType = UNSET,
) -> int:
    """The lowest deadwood score of a hand (the score of :func:`best_melds`).

    Parse a hand once with :func:`~threethirteen.parse_hand` when you score it many times: a
    :class:`Hand` is the fast path.

    >>> deadwood_score("2c 6c 9c", wild=None)
    17
    """
    parsed = hand if type(hand) is Hand else as_hand(hand)  # _hand, inlined: hot path
    found = resolve_round(round, wild, rules, "deadwood_score")
    cost: int = found.solver.score(parsed.code_bytes, found.params)
    if cost < 0:
        raise refused(found, parsed, cost)
    return cost >> COUNT_BITS


def can_go_out(
    hand: HandLike,
    round: Round | None = None,
    *,
    wild: WildLike | UnsetType = UNSET,
    rules: RulesLike | UnsetType = UNSET,
) -> bool:
    """Whether some discard leaves every other card of the hand melded.

    >>> can_go_out("9s 9h 9d Kc", wild=6), can_go_out("9s 9h 8d Kc", wild=6)
    (True, False)
    """
    parsed = _hand(hand)
    found = resolve_round(round, wild, rules, "can_go_out")
    result: int = found.solver.can_go_out(parsed.code_bytes, found.params)
    if result < 0:
        raise refused(found, parsed, result)
    return result == 1


def best_discard(
    hand: HandLike,
    round: Round | None = None,
    *,
    wild: WildLike | UnsetType = UNSET,
    rules: RulesLike | UnsetType = UNSET,
) -> Discard:
    """The discard that leaves the lowest deadwood score, and the melding left.

    Of discards that leave the same score, the one that leaves the fewest cards
    unmelded is preferred (the melding left goes out where that is possible, and
    of two discards that leave the same score, the one whose deadwood is fewer
    cards), then a card that is not wild, then the one with the highest penalty,
    then the highest card code.

    One search finds the card and the score; the melding's melds and deadwood
    are built the first time they are read.

    :raises InvalidHandError: for an empty hand.

    >>> card, melding = best_discard("9s 9h 9d 4h 5h 6c Kd", wild=6)
    >>> card, melding.score
    (Card.parse('Kd'), 0)
    """
    parsed = _hand(hand)
    found = resolve_round(round, wild, rules, "best_discard")
    cost, code = found.solver.best_discard(parsed.code_bytes, found.params)
    if cost < 0:
        raise refused(found, parsed, cost)
    if code < 0:
        raise InvalidHandError("an empty hand has no card to discard")
    return _discard(parsed, found, CARDS[code], score_of(cost))


def _discard(hand: Hand, round: Round, card: Card, score: int) -> Discard:
    """The discard of ``card`` from ``hand``, whose score the search found: the melds
    are built when first read."""

    def build() -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
        melding = melding_of(hand.without(card), round)
        if melding.score != score:  # pragma: no cover - internal invariant
            raise AssertionError("the discard search and the melding disagree")
        return melding.melds, melding.deadwood

    return tuple.__new__(Discard, (card, Melding.deferred(score, build)))  # fast Discard()


def discards(
    hand: HandLike,
    round: Round | None = None,
    *,
    wild: WildLike | UnsetType = UNSET,
    rules: RulesLike | UnsetType = UNSET,
) -> Discards:
    """Every distinct discard of a hand, best first, with the score and melding it leaves.

    One search scores every discard (not one solve per card); the order is that of
    :func:`best_discard`, so the first is its card. Each melding is built the first
    time it is read; ``cards`` and ``scores`` build none. A hand without cards has
    no discards.

    :param hand: a :class:`~threethirteen.Hand` or a string, usually the hand
        dealt plus the card drawn.
    :returns: :class:`~threethirteen.Discards`, a sequence of
        :class:`~threethirteen.Discard`.
    :raises InvalidHandError: for a hand impossible under the rules.

    >>> ranking = discards("9s 9h 9d 4h 5h 6c Kd", wild=6)
    >>> ranking.best.card, ranking.best.score
    (Card.parse('Kd'), 0)
    >>> [(str(card), score) for card, score in zip(ranking.cards, ranking.scores)][:3]
    [('Kd', 0), ('5h', 14), ('4h', 15)]
    """
    parsed = _hand(hand)
    prepared = resolve_round(round, wild, rules, "discards")
    found = prepared.solver.discards(parsed.code_bytes, prepared.params, COUNT_BITS)
    if isinstance(found, int):
        raise refused(prepared, parsed, found)
    codes, scores = found

    def make(index: int) -> Discard:
        return _discard(parsed, prepared, CARDS[codes[index]], scores[index])

    return Discards.deferred(codes, scores, make)


def is_out(
    hand: HandLike,
    round: Round | None = None,
    *,
    wild: WildLike | UnsetType = UNSET,
    rules: RulesLike | UnsetType = UNSET,
) -> bool:
    """Whether a hand is out: it holds one card more than its round deals (the card
    just drawn) and some discard leaves every other card melded; or, any other
    hand, every card of it melds.

    :raises InvalidHandError: for a hand impossible under the rules.

    >>> is_out("9s 9h 9d Kc", Round("pagat", 1)), is_out("9s 9h 9d", Round("pagat", 1))
    (True, True)
    >>> is_out("9s 9h 9d Kc", wild=None)
    False
    """
    parsed = _hand(hand)
    found = resolve_round(round, wild, rules, "is_out")
    if found.dealt is not None and len(parsed) == found.dealt + 1:
        return can_go_out(parsed, found)
    return not melding_of(parsed, found).deadwood
