"""Hand analysis: best melds, deadwood score, going out, best discard.

Each function validates and encodes in Python, then calls the exact solver,
which works on small ints only.

>>> best_melds("9s 9h 9d 4h 5h 6c", wild=6).score
0
>>> deadwood_score("Ks 4d Ac", wild=None), deadwood_score("Ks 4d Ac", wild=None, rules="wikipedia")
(15, 18)
"""

from __future__ import annotations

from contextlib import suppress
from operator import attrgetter
from typing import Any

from . import _backend
from .cards import _CARDS, JOKER, Card
from .errors import InvalidHandError
from .hand import MAX_HAND_SIZE, Hand, HandLike, check_hand, parse_hand
from .melds import BestDiscard, Discard, Discards, Meld, Melding
from .rules import Rules, RulesLike, WildLike, parse_wild

__all__ = ["best_discard", "best_melds", "can_go_out", "deadwood_score", "discards"]


# The solver minimises a cost per card left over. A card's cost is its penalty
# shifted left by COUNT_BITS, plus one: so the lowest cost is the lowest score
# and, of equal scores, the fewest cards left over. "Going out" is then a cost of
# exactly 0, even where the rules let some cards cost 0 points.
COUNT_BITS = 6
assert 1 << COUNT_BITS > MAX_HAND_SIZE

_BY_CODE = attrgetter("code")
_CACHE_SIZE = 512  # rounds kept prepared (one per backend, rules and wild)


def _cost(penalty: int) -> int:
    return (penalty << COUNT_BITS) + 1


def _score(cost: int) -> int:
    return cost >> COUNT_BITS


class _Round:
    """The rules and the wild rank of a round, with the solver's parameters for them."""

    __slots__ = ("params", "penalties", "rules", "solver", "wild_rank")

    def __init__(self, rules: Rules, wild_rank: int | None, solver: Any) -> None:
        self.rules = rules
        self.wild_rank = wild_rank
        self.solver = solver
        self.penalties = [rules.penalty(card, wild=wild_rank) for card in _CARDS]
        """What each card code costs left over, this round."""
        self.params = self.params_costing(
            [_cost(rules.card_values[code % 13]) for code in range(52)],
            [_cost(penalty) for penalty in self.penalties],
        )

    def params_costing(self, natural: list[int], wild: list[int]) -> Any:
        """The solver's parameters of this round with other costs: ``natural`` for each
        card code 0-51 that is not wild, ``wild`` for each code 0-52 when it is."""
        rules = self.rules
        return self.solver.Params(
            natural,
            wild,
            self.wild_rank or 0,
            rules.decks,
            rules.jokers,
            rules.min_set,
            rules.min_run,
            rules.aces == "high-or-low",
            rules.all_wild_melds,
        )

    def invalid(self, hand: Hand, error: int) -> InvalidHandError:
        """The exception for a hand the solver refused (``error`` < 0)."""
        try:
            check_hand(hand, self.rules)
        except InvalidHandError as exception:
            return exception
        raise AssertionError(f"the solver refused {hand!r} ({error})")  # pragma: no cover


_ROUNDS: dict[tuple[Any, Any, type, Any], _Round] = {}
"""Rounds already prepared, by (backend, preset name or id of the Rules, type of wild,
wild): a cache of a pure function of immutable values, so that a repeated call costs
one lookup. A Rules object is known by its id (hashing its fields would cost more than
the search); the round holds it, so the id is not reused while the entry lives."""


def _round(rules: RulesLike, wild: WildLike) -> _Round:
    """The round for ``rules`` and ``wild``, prepared once."""
    solver = _backend.solver
    key = (solver, rules if type(rules) is str else id(rules), type(wild), wild)
    try:
        found = _ROUNDS.get(key)
    except TypeError:  # an unhashable wild, which parse_wild refuses below
        found = None
    if found is not None and (found.rules is rules or type(rules) is str):
        return found
    found = _Round(Rules.find(rules), parse_wild(wild), solver)
    if len(_ROUNDS) >= _CACHE_SIZE:
        _ROUNDS.clear()
    with suppress(TypeError):  # a good wild that is unhashable (a 0-d numpy array): no cache
        _ROUNDS[key] = found
    return found


def _hand(hand: HandLike) -> Hand:
    return hand if type(hand) is Hand else parse_hand(hand)


def _set_identities(rank: int, natural_suits: list[int], count: int) -> list[Card]:
    """Identities for ``count`` wilds in a set of ``rank``: the missing suits first,
    then the suits present, round and round."""
    order = [suit for suit in range(4) if suit not in natural_suits]
    order += sorted(set(natural_suits))
    return [_CARDS[order[i % len(order)] * 13 + rank - 1] for i in range(count)]


def _run_card(suit: int, position: int) -> Card:
    return _CARDS[suit * 13 + (position - 1 if position <= 13 else 0)]


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


def _decode(hand: Hand, game: _Round, plan: Any) -> Melding:
    """Turn the solver's plan into value types, giving the dearest wilds jobs first."""
    cost, moves, placed, unplaced = plan
    score = _score(cost)
    rules = game.rules
    wild_rank = game.wild_rank
    high_aces = rules.aces == "high-or-low"
    penalties = game.penalties
    wild_codes = [code for code in hand._code_bytes if code == JOKER or code % 13 + 1 == wild_rank]
    if len(wild_codes) > 1:
        wild_codes.sort(key=lambda code: (-penalties[code], code))
    wild_cards = [_CARDS[code] for code in wild_codes]
    used_wilds = wild_cards[: len(wild_cards) - unplaced]
    spare_wilds = wild_cards[len(wild_cards) - unplaced :]
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
            deadwood.append(_CARDS[move[1]])
        elif move[0] == "set":
            _, rank, codes, need = move
            sets.append([rank, [_CARDS[code] for code in codes], need])
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

    layouts: list[tuple[bool, list[Slot]]] = []  # (is a set, slots)
    for rank, naturals, count in sets:
        identities = _set_identities(rank, [card.code // 13 for card in naturals], count)
        slots: list[Slot] = [(card, card) for card in naturals]
        layouts.append((True, slots + [(None, card) for card in identities]))
    for suit, low, high, positions in runs:
        base = suit * 13 - 1  # the code of rank r of this suit is base + r (an ace: 14 -> 1)
        slots = []
        for position in range(low, high + 1):
            card = _CARDS[base + (position if position <= 13 else 1)]
            slots.append((card if position in positions else None, card))
        layouts.append((False, slots))
    if extra:  # a meld of wilds only, as the rules allow
        if extra >= rules.min_set:
            # Wild-rank cards stand for themselves; jokers take the other suits.
            own = [card for card in used_wilds if card.code != JOKER][:extra]
            suits = [card.code // 13 for card in own]
            identities = own + _set_identities(wild_rank or 1, suits, extra - len(own))
        else:
            identities = [_run_card(0, position) for position in range(1, extra + 1)]
        layouts.append((extra >= rules.min_set, [(None, identity) for identity in identities]))

    # Wild cards go where they stand for themselves first, then in order.
    free = [card.code for card in used_wilds]
    chosen: dict[tuple[int, int], int] = {}
    if free:
        for meld_index, (_is_set, layout) in enumerate(layouts):
            for slot_index, (natural, identity) in enumerate(layout):
                if natural is None and identity.code in free:
                    free.remove(identity.code)
                    chosen[meld_index, slot_index] = identity.code
    melds = []
    for meld_index, (is_set, layout) in enumerate(layouts):
        cards, flags = [], []
        for slot_index, (natural, _identity) in enumerate(layout):
            if natural is not None:
                cards.append(natural)
                flags.append(False)
            else:
                code = chosen.get((meld_index, slot_index))
                cards.append(_CARDS[code if code is not None else free.pop(0)])
                flags.append(True)
        identities = [identity for _, identity in layout]
        melds.append(Meld._of_solver(cards, identities, flags, is_set))
    if free:  # pragma: no cover - internal invariant
        raise AssertionError("the solver's plan left a wild card without a job")
    deadwood.extend(spare_wilds)
    if sum([penalties[card.code] for card in deadwood]) != score:  # pragma: no cover
        raise AssertionError("the decoded melding does not reach the solver's score")
    deadwood.sort(key=_BY_CODE)
    return Melding._of_solver(tuple(melds), tuple(deadwood), score)


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
    ((Meld.parse('6d 6h Ks=6c'), Meld.parse('5s 6s 7s')), 0)
    """
    parsed = _hand(hand)
    game = _round(rules, wild)
    plan = game.solver.plan(parsed._code_bytes, game.params)
    if type(plan) is int:
        raise game.invalid(parsed, plan)
    return _decode(parsed, game, plan)


def deadwood_score(hand: HandLike, *, wild: WildLike, rules: RulesLike = "pagat") -> int:
    """The lowest deadwood score of a hand (the score of :func:`best_melds`).

    Parse a hand once with :func:`parse_hand` when you score it many times: a
    :class:`Hand` is the fast path.

    >>> deadwood_score("2c 6c 9c", wild=None)
    17
    """
    parsed = hand if type(hand) is Hand else parse_hand(hand)  # _hand, inlined: hot path
    game = _round(rules, wild)
    cost: int = game.solver.score(parsed._code_bytes, game.params)
    if cost < 0:
        raise game.invalid(parsed, cost)
    return cost >> COUNT_BITS


def can_go_out(hand: HandLike, *, wild: WildLike, rules: RulesLike = "pagat") -> bool:
    """Whether some discard leaves every other card of the hand melded.

    >>> can_go_out("9s 9h 9d Kc", wild=6), can_go_out("9s 9h 8d Kc", wild=6)
    (True, False)
    """
    parsed = _hand(hand)
    game = _round(rules, wild)
    result: int = game.solver.can_go_out(parsed._code_bytes, game.params)
    if result < 0:
        raise game.invalid(parsed, result)
    return result == 1


def best_discard(hand: HandLike, *, wild: WildLike, rules: RulesLike = "pagat") -> BestDiscard:
    """The discard that leaves the lowest deadwood score, and the melding left.

    Of discards that leave the same score, the one that leaves the fewest cards
    unmelded is preferred (this matters only where some cards cost 0), then a
    card that is not wild, then the one with the highest penalty, then the
    highest card code.

    One search finds the card and the score; the melding's melds and deadwood
    are built the first time they are read.

    :raises InvalidHandError: for an empty hand.

    >>> card, melding = best_discard("9s 9h 9d 4h 5h 6c Kd", wild=6)
    >>> card, melding.score
    (Card.parse('Kd'), 0)
    """
    parsed = _hand(hand)
    game = _round(rules, wild)
    cost, code = game.solver.best_discard(parsed._code_bytes, game.params)
    if cost < 0:
        raise game.invalid(parsed, cost)
    if code < 0:
        raise InvalidHandError("an empty hand has no card to discard")
    return _discard(parsed, game, _CARDS[code], _score(cost))


def _discard(hand: Hand, game: _Round, card: Card, score: int) -> Discard:
    """The discard of ``card`` from ``hand``, whose score the search found: the melds
    are built when first read."""

    def build() -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
        rest = hand.without(card)
        melding = _decode(rest, game, game.solver.plan(rest._code_bytes, game.params))
        if melding.score != score:  # pragma: no cover - internal invariant
            raise AssertionError("the discard search and the melding disagree")
        return melding.melds, melding.deadwood

    return tuple.__new__(Discard, (card, Melding._later(score, build)))  # fast Discard()


def discards(hand: HandLike, *, wild: WildLike, rules: RulesLike = "pagat") -> Discards:
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
    game = _round(rules, wild)
    found = game.solver.discards(parsed._code_bytes, game.params, COUNT_BITS)
    if type(found) is int:
        raise game.invalid(parsed, found)
    codes, scores = found

    def make(index: int) -> Discard:
        return _discard(parsed, game, _CARDS[codes[index]], scores[index])

    return Discards._later(codes, scores, make)
