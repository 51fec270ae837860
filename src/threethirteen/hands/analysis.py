"""Hand analysis: best melds, deadwood score, going out, best discard, every discard.

Each function takes the hand and the round: a :class:`~threethirteen.Round`; or the
round's number (``round=4``, as ``--round 4`` on the command line) and the rules
(``rules=``, Pagat's by default), the round's wild rank replaced by ``wild=`` if
given; or, for a hand of any size, the wild rank (``wild=``) and the rules. It
validates and encodes in Python, then calls the exact solver, which works on small
ints only. An empty hand is refused (:class:`~threethirteen.InvalidHandError`): no
round deals none, and it must never pass for a hand that is out; only
:func:`deadwood_score` scores it (0, the hand of a player who went out).

>>> best_melds("9s 9h 9d 4h 5h 6c", wild=6).score
0
>>> deadwood_score("Ks 4d Ac", wild=None), deadwood_score("Ks 4d Ac", wild=None, rules="wikipedia")
(15, 18)
>>> deadwood_score("Ks 4d Ac", Round("pagat", 1)), deadwood_score("Ks 4d Ac", round=1)
(15, 15)
>>> best_melds("", wild=3)
Traceback (most recent call last):
...
threethirteen.errors.InvalidHandError: an empty hand is no hand of any round: a round deals 3 ...
"""

from __future__ import annotations

from .._kernel.protocol import COUNT_BITS, score_of
from ..errors import InvalidHandError
from .cards import CARDS, Card
from .hand import Hand, HandLike, as_hand
from .melds import Discard, Discards, Meld, Melding
from .rounds import UNSET, Round, UnsetType, empty_hand_error, resolve_round
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
    round: Round | int | None = None,
    *,
    wild: WildLike | UnsetType = UNSET,
    rules: RulesLike | UnsetType = UNSET,
) -> Melding:
    """The best melding of a hand: the melds that leave the lowest deadwood score.

    :param hand: a :class:`~threethirteen.Hand` or a string such as ``"9s 9h 9d"``.
    :param round: the :class:`~threethirteen.Round` (``Round("pagat", 4)``), or the
        round's number (``4``) under ``rules``; or give only ``wild`` and ``rules``.
    :param wild: the round's wild rank (``6``, ``"6"``, ``"J"``...), or ``None``;
        with a round number, it replaces the round's own.
    :param rules: a :class:`~threethirteen.Rules` or a preset name (``"pagat"``
        when not given).
    :returns: a :class:`~threethirteen.Melding`; of equally good meldings, one.
    :raises InvalidCardError: for text that is no card.
    :raises InvalidHandError: for a hand impossible under the rules, or an empty one.
    :raises InvalidWildError: for a bad wild rank, or a round number the rules do
        not play.
    :raises InvalidRulesError: for an unknown preset, or no round given at all.

    >>> melding = best_melds("5s 6s 7s 6h 6d Ks", wild="K")
    >>> melding.melds, melding.score
    ((Meld.parse('6d 6h Ks=6c'), Meld.parse('5s 6s 7s')), 0)
    >>> best_melds("9s 9h 9d 4h 5h 6c", round=4).score  # round 4 of Pagat's: 6s wild
    0
    >>> best_melds("9s 9h 9d 4h 5h 6c")
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidRulesError: best_melds() needs the round: a round number ...
    """
    parsed = hand if type(hand) is Hand else as_hand(hand)  # _hand, inlined: hot path
    found = resolve_round(round, wild, rules, "best_melds")
    codes = parsed.code_bytes
    if not codes:
        raise empty_hand_error(found)
    melding: Melding | int = found.solver.melding(codes, found.params, COUNT_BITS, VALUES)
    if type(melding) is int:
        raise refused(found, parsed, melding)
    return melding  # type: ignore[return-value]


def deadwood_score(
    hand: HandLike,
    round: Round | int | None = None,
    *,
    wild: WildLike | UnsetType = UNSET,
    rules: RulesLike | UnsetType = UNSET,
) -> int:
    """The lowest deadwood score of a hand (the score of :func:`best_melds`).

    Parse a hand once with :func:`~threethirteen.parse_hand` when you score it many times: a
    :class:`Hand` is the fast path.

    Unlike the other functions it takes an empty hand, and scores it 0: what a player
    who went out holds while the others take their last turns, which the engine and
    the bots score. An empty hand is never out (:func:`is_out` refuses it).

    >>> deadwood_score("2c 6c 9c", wild=None), deadwood_score("", round=4)
    (17, 0)
    """
    parsed = hand if type(hand) is Hand else as_hand(hand)  # _hand, inlined: hot path
    found = resolve_round(round, wild, rules, "deadwood_score")
    cost: int = found.solver.score(parsed.code_bytes, found.params)
    if cost < 0:
        raise refused(found, parsed, cost)
    return cost >> COUNT_BITS


def can_go_out(
    hand: HandLike,
    round: Round | int | None = None,
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
    if not parsed.code_bytes:
        raise empty_hand_error(found)
    result: int = found.solver.can_go_out(parsed.code_bytes, found.params)
    if result < 0:
        raise refused(found, parsed, result)
    return result == 1


def best_discard(
    hand: HandLike,
    round: Round | int | None = None,
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

    :raises InvalidHandError: for a hand impossible under the rules, or an empty one.

    >>> card, melding = best_discard("9s 9h 9d 4h 5h 6c Kd", wild=6)
    >>> card, melding.score
    (Card.parse('Kd'), 0)
    """
    parsed = _hand(hand)
    found = resolve_round(round, wild, rules, "best_discard")
    if not parsed.code_bytes:
        raise empty_hand_error(found)
    cost, code = found.solver.best_discard(parsed.code_bytes, found.params)
    if cost < 0:
        raise refused(found, parsed, cost)
    if code < 0:
        raise InvalidHandError("an empty hand has no card to discard")  # pragma: no cover
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
    round: Round | int | None = None,
    *,
    wild: WildLike | UnsetType = UNSET,
    rules: RulesLike | UnsetType = UNSET,
) -> Discards:
    """Every distinct discard of a hand, best first, with the score and melding it leaves.

    One search scores every discard (not one solve per card); the order is that of
    :func:`best_discard`, so the first is its card. Each melding is built the first
    time it is read; ``cards`` and ``scores`` build none.

    :param hand: a :class:`~threethirteen.Hand` or a string, usually the hand
        dealt plus the card drawn.
    :returns: :class:`~threethirteen.Discards`, a sequence of
        :class:`~threethirteen.Discard`.
    :raises InvalidHandError: for a hand impossible under the rules, or an empty one.

    >>> ranking = discards("9s 9h 9d 4h 5h 6c Kd", wild=6)
    >>> ranking.best.card, ranking.best.score
    (Card.parse('Kd'), 0)
    >>> [(str(card), score) for card, score in zip(ranking.cards, ranking.scores)][:3]
    [('Kd', 0), ('5h', 14), ('4h', 15)]
    """
    parsed = _hand(hand)
    prepared = resolve_round(round, wild, rules, "discards")
    if not parsed.code_bytes:
        raise empty_hand_error(prepared)
    found = prepared.solver.discards(parsed.code_bytes, prepared.params, COUNT_BITS)
    if isinstance(found, int):
        raise refused(prepared, parsed, found)
    codes, scores = found

    def make(index: int) -> Discard:
        return _discard(parsed, prepared, CARDS[codes[index]], scores[index])

    return Discards.deferred(codes, scores, make)


def is_out(
    hand: HandLike,
    round: Round | int | None = None,
    *,
    wild: WildLike | UnsetType = UNSET,
    rules: RulesLike | UnsetType = UNSET,
) -> bool:
    """Whether a hand is out: it holds one card more than its round deals (the card
    just drawn) and some discard leaves every other card melded; or, any other
    hand, every card of it melds.

    :raises InvalidHandError: for a hand impossible under the rules, or an empty one
        (no round deals none: an empty hand is never out).

    >>> is_out("9s 9h 9d Kc", Round("pagat", 1)), is_out("9s 9h 9d", Round("pagat", 1))
    (True, True)
    >>> is_out("9s 9h 9d Kc", wild=None)
    False
    """
    parsed = _hand(hand)
    found = resolve_round(round, wild, rules, "is_out")
    if not parsed.code_bytes:
        raise empty_hand_error(found)
    if found.dealt is not None and len(parsed) == found.dealt + 1:
        return can_go_out(parsed, found)
    return not melding_of(parsed, found).deadwood
