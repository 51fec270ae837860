"""Hand analysis: best melds, deadwood score, going out, best discard.

Each function validates and encodes in Python, then calls the exact solver,
which works on small ints only.

>>> best_melds("9s 9h 9d 4h 5h 6c", wild=6).score
0
>>> deadwood_score("Ks 4d Ac", wild=None), deadwood_score("Ks 4d Ac", wild=None, rules="wikipedia")
(15, 18)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ._backend import solver
from .cards import JOKER, Card
from .errors import InvalidHandError
from .hand import MAX_HAND_SIZE, HandLike, check_hand, parse_hand
from .melds import BestDiscard, Meld, Melding
from .rules import Rules, RulesLike, WildLike, parse_wild

__all__ = ["best_discard", "best_melds", "can_go_out", "deadwood_score"]


# The solver minimises a cost per card left over. A card's cost is its penalty
# shifted left by COUNT_BITS, plus one: so the lowest cost is the lowest score
# and, of equal scores, the fewest cards left over. "Going out" is then a cost of
# exactly 0, even where the rules let some cards cost 0 points.
COUNT_BITS = 6
assert 1 << COUNT_BITS > MAX_HAND_SIZE


def _cost(penalty: int) -> int:
    return (penalty << COUNT_BITS) + 1


def _score(cost: int) -> int:
    return cost >> COUNT_BITS


@lru_cache(maxsize=256)
def _params(rules: Rules, wild_rank: int | None) -> solver.Params:
    values = [_cost(rules.card_values[code % 13]) for code in range(52)]
    return solver.Params(
        values,
        rules.min_set,
        rules.min_run,
        rules.aces == "high-or-low",
        rules.all_wild_melds,
    )


class _Encoded:
    """A hand as the solver sees it: packed naturals and the wild cards, dearest first."""

    __slots__ = ("costs", "hand", "params", "rules", "state", "wild_cards", "wild_rank")

    def __init__(self, hand: HandLike, wild: WildLike, rules: RulesLike) -> None:
        self.rules = Rules.find(rules)
        self.wild_rank = parse_wild(wild)
        self.hand = parse_hand(hand)
        check_hand(self.hand, self.rules)
        state = 0
        wild_cards = []
        for card in self.hand.cards:
            code = card.code
            if code == JOKER or code % 13 + 1 == self.wild_rank:
                wild_cards.append(card)
            else:
                state += 1 << (solver.BITS * code)
        self.state = state
        self.wild_cards = sorted(wild_cards, key=lambda card: (-self.penalty(card), card.code))
        self.costs = [_cost(self.penalty(card)) for card in self.wild_cards]
        self.params = _params(self.rules, self.wild_rank)

    def penalty(self, card: Card) -> int:
        return self.rules.penalty(card, wild=self.wild_rank)

    def melding(self) -> Melding:
        return _decode(self, solver.best_plan(self.state, self.params, self.costs))


def _set_identities(rank: int, natural_suits: list[int], count: int) -> list[Card]:
    """Identities for ``count`` wilds in a set of ``rank``: the missing suits first,
    then the suits present, round and round."""
    order = [suit for suit in range(4) if suit not in natural_suits]
    order += sorted(set(natural_suits))
    return [Card(order[i % len(order)] * 13 + rank - 1) for i in range(count)]


def _run_card(suit: int, position: int) -> Card:
    return Card(suit * 13 + (position - 1 if position <= 13 else 0))


def _extend_run(
    low: int, high: int, count: int, high_aces: bool, preferred: frozenset[int]
) -> tuple[int, int]:
    """Widen a run by ``count`` places: towards a ``preferred`` position next to it
    (where a wild card of this suit can stand for itself), else up, else down."""
    for _ in range(count):
        top = 14 if high_aces and low >= 2 else 13
        bottom = 2 if high == 14 else 1
        if high + 1 in preferred and high < top:
            high += 1
        elif low - 1 in preferred and low > bottom:
            low -= 1
        elif high < top:
            high += 1
        else:
            low -= 1
    return low, high


Slot = tuple[Card | None, Card]
"""A place in a meld: the natural card held there (None for a wild), and its identity."""


def _decode(encoded: _Encoded, plan: solver.Plan) -> Melding:
    """Turn the solver's plan into value types, giving the dearest wilds jobs first."""
    cost, moves, placed, unplaced = plan
    score = _score(cost)
    rules = encoded.rules
    high_aces = rules.aces == "high-or-low"
    used_wilds = encoded.wild_cards[: len(encoded.wild_cards) - unplaced]
    spare_wilds = encoded.wild_cards[len(encoded.wild_cards) - unplaced :]
    wild_rank = encoded.wild_rank
    wild_suits = {card.code // 13 for card in used_wilds if card.code != JOKER}

    def preferred(suit: int) -> frozenset[int]:
        if wild_rank is None or suit not in wild_suits:
            return frozenset()
        return frozenset({wild_rank, 14} if wild_rank == 1 else {wild_rank})

    deadwood: list[Card] = []
    sets: list[list[Any]] = []  # rank, natural cards, number of wilds
    runs: list[list[Any]] = []  # suit, low, high, natural positions
    for move in moves:
        if move[0] == "dead":
            deadwood.append(Card(move[1]))
        elif move[0] == "set":
            _, rank, codes, need = move
            sets.append([rank, [Card(code) for code in codes], need])
        else:
            _, suit, ranks, _need = move
            low, high = min(ranks), max(ranks)
            deficit = max(0, rules.min_run - (high - low + 1))
            low, high = _extend_run(low, high, deficit, high_aces, preferred(suit))
            runs.append([suit, low, high, set(ranks)])
    # The wilds that join melds beside the plan's: into a set (no upper size), else
    # into the room left in runs, else (the rules allowing it) a meld of their own.
    extra = placed
    if extra and sets:
        sets[0][2] += extra
        extra = 0
    elif extra <= sum(13 - (high - low + 1) for _suit, low, high, _ranks in runs):
        for run in runs:
            room = min(extra, 13 - (run[2] - run[1] + 1))
            run[1], run[2] = _extend_run(run[1], run[2], room, high_aces, preferred(run[0]))
            extra -= room

    layouts: list[list[Slot]] = []
    for rank, naturals, count in sets:
        identities = _set_identities(rank, [card.code // 13 for card in naturals], count)
        layouts.append([(card, card) for card in naturals] + [(None, card) for card in identities])
    for suit, low, high, positions in runs:
        layouts.append(
            [
                (
                    _run_card(suit, position) if position in positions else None,
                    _run_card(suit, position),
                )
                for position in range(low, high + 1)
            ]
        )
    if extra:  # a meld of wilds only, as the rules allow
        if extra >= rules.min_set:
            # Wild-rank cards stand for themselves; jokers take the other suits.
            own = [card for card in used_wilds if card.code != JOKER][:extra]
            suits = [card.code // 13 for card in own]
            identities = own + _set_identities(wild_rank or 1, suits, extra - len(own))
        else:
            identities = [_run_card(0, position) for position in range(1, extra + 1)]
        layouts.append([(None, identity) for identity in identities])

    # Wild cards go where they stand for themselves first, then in order.
    free = list(used_wilds)
    chosen: dict[tuple[int, int], Card] = {}
    for meld_index, layout in enumerate(layouts):
        for slot_index, (natural, identity) in enumerate(layout):
            if natural is None and identity in free:
                free.remove(identity)
                chosen[meld_index, slot_index] = identity
    melds = []
    for meld_index, layout in enumerate(layouts):
        cards, flags = [], []
        for slot_index, (natural, _identity) in enumerate(layout):
            if natural is not None:
                cards.append(natural)
                flags.append(False)
            else:
                wild_card = chosen.get((meld_index, slot_index))
                cards.append(wild_card if wild_card is not None else free.pop(0))
                flags.append(True)
        melds.append(Meld(tuple(cards), tuple(identity for _, identity in layout), tuple(flags)))
    if free:  # pragma: no cover - internal invariant
        raise AssertionError("the solver's plan left a wild card without a job")
    deadwood.extend(spare_wilds)
    if sum(encoded.penalty(card) for card in deadwood) != score:  # pragma: no cover
        raise AssertionError("the decoded melding does not reach the solver's score")
    return Melding(tuple(melds), tuple(sorted(deadwood)), score)


def best_melds(hand: HandLike, *, wild: WildLike, rules: RulesLike = "pagat") -> Melding:
    """The best melding of a hand: the melds that leave the lowest deadwood score.

    :param hand: a :class:`~threethirteen.Hand` or a string such as ``"9s 9h 9d"``.
    :param wild: the round's wild rank (``6``, ``"6"``, ``"J"``...), or ``None``.
    :param rules: a :class:`~threethirteen.Rules` or a preset name.
    :returns: a :class:`~threethirteen.Melding`; of equally good meldings, one.
    :raises InvalidCardError: for text that is no card.
    :raises InvalidHandError: for a hand impossible under the rules.
    :raises InvalidWildError: for a bad wild rank.
    :raises InvalidRulesError: for an unknown preset.

    >>> melding = best_melds("5s 6s 7s 6h 6d Ks", wild="K")
    >>> melding.melds, melding.score
    ((Meld.parse('6d 6h 6s'), Meld.parse('5s Ks=6s 7s')), 0)
    """
    return _Encoded(hand, wild, rules).melding()


def deadwood_score(hand: HandLike, *, wild: WildLike, rules: RulesLike = "pagat") -> int:
    """The lowest deadwood score of a hand (the score of :func:`best_melds`).

    >>> deadwood_score("2c 6c 9c", wild=None)
    17
    """
    encoded = _Encoded(hand, wild, rules)
    return _score(solver.best_score(encoded.state, encoded.params, encoded.costs))


def _discard_results(encoded: _Encoded, stop_at_zero: bool) -> list[tuple[int, int, int]]:
    return solver.discard_scores(encoded.state, encoded.params, encoded.costs, stop_at_zero)


def can_go_out(hand: HandLike, *, wild: WildLike, rules: RulesLike = "pagat") -> bool:
    """Whether some discard leaves every other card of the hand melded.

    >>> can_go_out("9s 9h 9d Kc", wild=6), can_go_out("9s 9h 8d Kc", wild=6)
    (True, False)
    """
    encoded = _Encoded(hand, wild, rules)
    if not len(encoded.hand):
        return False
    return any(cost == 0 for cost, _, _ in _discard_results(encoded, stop_at_zero=True))


def best_discard(hand: HandLike, *, wild: WildLike, rules: RulesLike = "pagat") -> BestDiscard:
    """The discard that leaves the lowest deadwood score, and the melding left.

    Of discards that leave the same score, the one that leaves the fewest cards
    unmelded is preferred (this matters only where some cards cost 0), then a
    card that is not wild, then the one with the highest penalty, then the
    highest card code.

    :raises InvalidHandError: for an empty hand.

    >>> card, melding = best_discard("9s 9h 9d 4h 5h 6c Kd", wild=6)
    >>> card, melding.score
    (Card.parse('Kd'), 0)
    """
    encoded = _Encoded(hand, wild, rules)
    if not len(encoded.hand):
        raise InvalidHandError("an empty hand has no card to discard")
    results = _discard_results(encoded, stop_at_zero=False)
    natural_costs = encoded.params.values

    def preference(result: tuple[int, int, int]) -> tuple[int, int, int, int]:
        cost, kind, which = result  # which: a natural card's code, or a wild's cost
        if kind == 0:
            return (cost, 0, -natural_costs[which], -which)
        return (cost, 1, -which, 0)

    cost, kind, which = min(results, key=preference)
    if kind == 0:
        card = Card(which)
    else:
        card = max(card for card in encoded.wild_cards if _cost(encoded.penalty(card)) == which)
    melding = best_melds(encoded.hand.without(card), wild=encoded.wild_rank, rules=encoded.rules)
    if melding.score != _score(cost):  # pragma: no cover - internal invariant
        raise AssertionError("the discard search and the melding disagree")
    return BestDiscard(card, melding)
