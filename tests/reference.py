"""A deliberately simple brute-force reference for the deadwood score.

It is written from the rules sheet (``/work/shared/RULES.md`` sections 1-4), not
from the library's solver, so the tests can compare the two.

How it works
------------
A hand is a multiset of cards. The cards that are not wild this round
("naturals") are kept by card code; the wild cards (jokers and cards of the
round's wild rank) sort after every natural. Two wild cards that cost the same
when left over are interchangeable in every respect the score depends on
(either may stand for anything, and they cost the same), so a wild card is
kept only as its penalty; this makes equal wilds one item with a count and
keeps the memo small. It changes nothing else.

The score of a multiset is ``f(multiset)``: take its lowest item ``x``; either
``x`` is deadwood (its penalty plus ``f`` of the rest), or ``x`` belongs to a
meld ``T``, a sub-multiset of the hand that holds ``x`` and passes
:func:`is_valid_meld` (then ``f`` of the rest minus ``T``). ``f`` is the
minimum over all of these and is memoised on the multiset.

Which sub-multisets are tried: a meld holding a natural ``x`` is a set or a
run. In a set every natural shares ``x``'s rank; in a run every natural has
``x``'s suit and the ranks differ. So the candidates are ``x`` plus any
sub-multiset of the other naturals of its rank, or ``x`` plus any subset (one
card per rank) of the naturals of its suit and other ranks; each combined
with any sub-multiset of the wild cards. When ``x`` is wild, only wilds are
left (they sort last), so the candidates are sub-multisets of wilds. Every
candidate is checked with :func:`is_valid_meld`; nothing else is assumed.

Cost: the number of candidates grows as 2 to the number of naturals of one
suit, so the strategies keep hands with long suits to about a dozen cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import product
from typing import NamedTuple

from threethirteen import Card, Rules
from threethirteen.hands.cards import JOKER

__all__ = [
    "Reference",
    "is_valid_meld",
    "is_wild",
    "reference_can_go_out",
    "reference_discard_scores",
    "reference_score",
    "valid_identities",
]

_WILD_BASE = 1000
"""A wild item is ``_WILD_BASE + penalty``; naturals are card codes 0-51, so wilds sort last."""


def is_wild(card: Card, wild_rank: int | None) -> bool:
    """Whether ``card`` is wild this round: a joker, or a card of the wild rank."""
    return card.code == JOKER or (wild_rank is not None and card.rank == wild_rank)


def _windows(size: int, ace_high: bool) -> Iterator[tuple[int, int, bool]]:
    """Every window (low, high, ace counted as 14) of ``size`` consecutive positions
    a run may occupy: inside 1..13, and with high-or-low aces also inside 2..14."""
    for low in range(1, 13 - size + 2):
        yield low, low + size - 1, False
    if ace_high:
        for low in range(2, 14 - size + 2):
            yield low, low + size - 1, True


def _is_run_shape(natural_ranks: list[int], size: int, shape: _Shape) -> bool:
    """Whether naturals of these ranks (one suit) and wilds make a run of ``size`` cards."""
    if size < shape.min_run or size > 13:
        return False
    if len(set(natural_ranks)) != len(natural_ranks):
        return False  # twins can never share a run
    for low, high, ace_as_14 in _windows(size, shape.ace_high):
        positions = [14 if rank == 1 and ace_as_14 else rank for rank in natural_ranks]
        if all(low <= position <= high for position in positions):
            return True
    return False


class _Shape(NamedTuple):
    """The parts of the rules that decide what a meld is (a cheap hashable key)."""

    min_set: int
    min_run: int
    ace_high: bool
    all_wild_melds: bool

    @classmethod
    def of(cls, rules: Rules) -> _Shape:
        """The meld rules of ``rules``."""
        return cls(rules.min_set, rules.min_run, rules.aces == "high-or-low", rules.all_wild_melds)


@lru_cache(maxsize=200_000)
def _shape_is_meld(naturals: tuple[int, ...], wilds: int, shape: _Shape) -> bool:
    """Whether the natural cards ``naturals`` (codes) plus ``wilds`` wild cards are a meld."""
    size = len(naturals) + wilds
    if size == 0:
        return False
    if not naturals:
        if not shape.all_wild_melds:
            return False
        # Wilds only: give them identities of one rank (a set) or one suit (a run).
        return size >= shape.min_set or shape.min_run <= size <= 13
    ranks = [code % 13 + 1 for code in naturals]
    suits = {code // 13 for code in naturals}
    if size >= shape.min_set and len(set(ranks)) == 1:
        return True  # a set: the wilds stand for cards of that rank
    return len(suits) == 1 and _is_run_shape(ranks, size, shape)


def is_valid_meld(cards: Iterable[Card], wild_rank: int | None, rules: Rules) -> bool:
    """Whether ``cards`` (held cards) can be given identities that make a set or a run.

    >>> from threethirteen import Hand
    >>> rules = Rules.preset("pagat")
    >>> is_valid_meld(Hand.parse("4h 5h 6c").cards, 6, rules)
    True
    >>> is_valid_meld(Hand.parse("Qh Kh Ah").cards, None, rules)
    False
    """
    cards = list(cards)
    naturals = tuple(sorted(card.code for card in cards if not is_wild(card, wild_rank)))
    return _shape_is_meld(naturals, len(cards) - len(naturals), _Shape.of(rules))


def valid_identities(identities: list[Card], rules: Rules) -> bool:
    """Whether the cards meld pieces stand for are exactly a set or a run under ``rules``.

    No identity may be a joker. A set: at least ``min_set`` identities, one rank.
    A run: ``min_run`` to 13 identities, one suit, distinct ranks, consecutive
    (A is 1, or with high-or-low aces also 14, never in the middle).
    """
    if not identities or any(card.code == JOKER for card in identities):
        return False
    ranks = [card.rank for card in identities]
    assert all(rank is not None for rank in ranks)
    int_ranks = [int(rank) for rank in ranks if rank is not None]
    if len(set(int_ranks)) == 1:
        return len(identities) >= rules.min_set
    if len({card.suit for card in identities}) != 1:
        return False
    size = len(identities)
    if not rules.min_run <= size <= 13 or len(set(int_ranks)) != size:
        return False
    options = [sorted(int_ranks)]
    if rules.aces == "high-or-low":
        options.append(sorted(14 if rank == 1 else rank for rank in int_ranks))
    return any(option[-1] - option[0] == size - 1 for option in options)


class Reference:
    """The memoised brute force for one rule set and one wild rank."""

    def __init__(self, rules: Rules, wild_rank: int | None, count_cards: bool = False) -> None:
        """With ``count_cards`` every card left over costs 1, so ``f`` is 0 exactly when
        the cards can all be melded (even if some card's penalty is 0)."""
        self.rules = rules
        self.wild_rank = wild_rank
        self.count_cards = count_cards
        self.shape = _Shape.of(rules)
        self.memo: dict[tuple[int, ...], int] = {}

    def item(self, card: Card) -> int:
        """The multiset item of a card: its code if natural, else ``_WILD_BASE + penalty``."""
        if is_wild(card, self.wild_rank):
            return _WILD_BASE + self.rules.penalty(card, wild=self.wild_rank)
        return card.code

    def items(self, cards: Iterable[Card]) -> tuple[int, ...]:
        """The hand as a sorted tuple of items (the memo key)."""
        return tuple(sorted(self.item(card) for card in cards))

    def penalty(self, item: int) -> int:
        """What an item costs left over."""
        if self.count_cards:
            return 1
        if item >= _WILD_BASE:
            return item - _WILD_BASE
        return self.rules.card_values[item % 13]

    def score(self, cards: Iterable[Card]) -> int:
        """The lowest deadwood score of the cards."""
        return self.f(self.items(cards))

    def f(self, state: tuple[int, ...]) -> int:
        """The lowest deadwood score of a sorted multiset of items."""
        if not state:
            return 0
        known = self.memo.get(state)
        if known is not None:
            return known
        x, rest = state[0], state[1:]
        best = self.penalty(x) + self.f(rest)  # x is deadwood
        for meld in self.melds_with_lowest(state):
            remaining = list(state)
            for item in meld:
                remaining.remove(item)  # removing keeps the list sorted
            best = min(best, self.f(tuple(remaining)))
        self.memo[state] = best
        return best

    def melds_with_lowest(self, state: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        """Every sub-multiset of ``state`` that holds ``state[0]`` and is a valid meld."""
        x = state[0]
        if x >= _WILD_BASE:
            # Only wild cards are left: x plus any sub-multiset of the other wilds.
            for wilds in _sub_multisets(state[1:]):
                if _shape_is_meld((), 1 + len(wilds), self.shape):
                    yield (x, *wilds)
            return
        # Wild sub-multisets by size: whether a group is a meld depends on how many.
        wilds_by_size = _sub_multisets_by_size(tuple(item for item in state if item >= _WILD_BASE))
        naturals = [item for item in state[1:] if item < _WILD_BASE]
        rank, suit = x % 13, x // 13
        # A set: x and naturals of its rank (any suits, twins allowed).
        same_rank = tuple(item for item in naturals if item % 13 == rank)
        natural_groups = [(x, *group) for group in _sub_multisets(same_rank)]
        # A run: x and naturals of its suit, one per other rank.
        other_ranks = sorted({item for item in naturals if item // 13 == suit and item != x})
        for chosen in product((False, True), repeat=len(other_ranks)):
            group = tuple(code for code, keep in zip(other_ranks, chosen, strict=True) if keep)
            if group:  # the empty choice is already among the set candidates
                natural_groups.append((x, *group))
        for group in natural_groups:
            naturals_in_group = tuple(sorted(group))
            for size, all_wilds in wilds_by_size.items():
                if _shape_is_meld(naturals_in_group, size, self.shape):
                    for wilds in all_wilds:
                        yield group + wilds


@lru_cache(maxsize=100_000)
def _sub_multisets(items: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every sub-multiset of the sorted multiset ``items``, as sorted tuples."""
    counts = Counter(items)
    keys = sorted(counts)
    return tuple(
        tuple(key for key, count in zip(keys, taken, strict=True) for _ in range(count))
        for taken in product(*(range(counts[key] + 1) for key in keys))
    )


@lru_cache(maxsize=100_000)
def _sub_multisets_by_size(items: tuple[int, ...]) -> dict[int, list[tuple[int, ...]]]:
    """The sub-multisets of ``items`` grouped by their number of cards."""
    by_size: dict[int, list[tuple[int, ...]]] = {}
    for sub in _sub_multisets(items):
        by_size.setdefault(len(sub), []).append(sub)
    return by_size


@lru_cache(maxsize=32)
def reference_for(rules: Rules, wild_rank: int | None, count_cards: bool = False) -> Reference:
    """A shared :class:`Reference` (and its memo) per rule set and wild rank."""
    return Reference(rules, wild_rank, count_cards)


def reference_score(cards: Iterable[Card], wild_rank: int | None, rules: Rules) -> int:
    """The lowest deadwood score of ``cards`` by brute force."""
    return reference_for(rules, wild_rank).score(cards)


def reference_discard_scores(
    cards: Iterable[Card], wild_rank: int | None, rules: Rules
) -> dict[Card, int]:
    """The score left after discarding each distinct card of the hand."""
    cards = list(cards)
    scores: dict[Card, int] = {}
    for index, card in enumerate(cards):
        if card not in scores:
            scores[card] = reference_score(cards[:index] + cards[index + 1 :], wild_rank, rules)
    return scores


def reference_can_go_out(cards: Iterable[Card], wild_rank: int | None, rules: Rules) -> bool:
    """Whether some discard leaves every other card melded.

    This counts the cards left over rather than their penalties, so it stays
    right under rules where some card costs 0.
    """
    cards = list(cards)
    counter = reference_for(rules, wild_rank, count_cards=True)
    return any(
        counter.score(cards[:index] + cards[index + 1 :]) == 0 for index in range(len(cards))
    )
