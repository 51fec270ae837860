"""Hypothesis strategies for hands that are valid under given rules.

Every strategy takes a :class:`~threethirteen.Rules` and draws ``(cards, wild)``:
a list of :class:`~threethirteen.Card` that respects ``rules.decks`` copies per
card, ``rules.jokers`` jokers and at most 20 cards, and a wild rank (1-13 or
``None``). Hands are drawn from a pool (a list of cards, with copies) by
distinct positions, so no card is drawn more often than the pool holds it.

Hand sizes are kept where the brute force in :mod:`tests.reference` is quick:
long suits make it slow (2 to the number of cards of a suit), so hands built
from one or two suits stay at about a dozen cards.
"""

from __future__ import annotations

from functools import lru_cache

from hypothesis import strategies as st

from threethirteen import Card, Rules
from threethirteen.hands.cards import JOKER

__all__ = [
    "Drawn",
    "ace_edge_hands",
    "any_hand",
    "meld_rich_hands",
    "pool",
    "twin_heavy_hands",
    "uniform_hands",
    "wild_heavy_hands",
    "wild_ranks",
]

Drawn = tuple[list[Card], "int | None"]
"""A hand and its wild rank."""


def wild_ranks(allow_none: bool = True) -> st.SearchStrategy[int | None]:
    """A wild rank: any rank 1-13 (aces and 2s are wild in the longer game), or ``None``."""
    ranks = st.integers(min_value=1, max_value=13)
    return st.one_of(st.none(), ranks) if allow_none else ranks


def pool(
    rules: Rules,
    ranks: range | list[int] | tuple[int, ...] = range(1, 14),
    suits: range | list[int] | tuple[int, ...] = range(4),
    jokers: bool = True,
) -> list[Card]:
    """The cards of the game's pool with these ranks and suits: ``decks`` copies of
    each, plus the rules' jokers (when ``jokers``)."""
    cards = [
        Card(suit * 13 + rank - 1) for suit in suits for rank in ranks for _ in range(rules.decks)
    ]
    if jokers:
        cards.extend(Card(JOKER) for _ in range(rules.jokers))
    return cards


def _draw_from(cards: list[Card], min_size: int, max_size: int) -> st.SearchStrategy[list[Card]]:
    """Distinct positions of ``cards``: a sub-multiset of the pool."""
    max_size = min(max_size, len(cards))
    min_size = min(min_size, max_size)
    return st.lists(
        st.integers(min_value=0, max_value=len(cards) - 1),
        min_size=min_size,
        max_size=max_size,
        unique=True,
    ).map(lambda positions: [cards[i] for i in sorted(positions)])


@st.composite
def uniform_hands(draw: st.DrawFn, rules: Rules, max_size: int = 14) -> Drawn:
    """A uniformly random hand of 1 to ``max_size`` cards and a wild rank (an empty
    hand is no hand of any round: the analysis refuses it)."""
    wild = draw(wild_ranks())
    return draw(_draw_from(pool(rules), 1, max_size)), wild


@st.composite
def meld_rich_hands(draw: st.DrawFn, rules: Rules, max_size: int = 12) -> Drawn:
    """Cards from a window of a few ranks in one or two suits, plus a few others:
    many sets and runs that compete for the same cards."""
    wild = draw(wild_ranks())
    suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=2, unique=True))
    width = draw(st.integers(3, 7))
    low = draw(st.integers(1, 14 - width))
    ranks = list(range(low, low + width))
    rich = pool(rules, ranks=ranks, suits=suits)
    # A few cards of those ranks in the other suits, for sets.
    others = pool(rules, ranks=ranks, suits=[s for s in range(4) if s not in suits], jokers=False)
    hand = draw(_draw_from(rich, 4, max_size))
    extra = draw(_draw_from(others, 0, max(0, min(4, max_size - len(hand)))))
    return hand + extra, wild


@st.composite
def wild_heavy_hands(draw: st.DrawFn, rules: Rules, size: int = 16) -> Drawn:
    """``size`` cards, up to 12 of them wild (jokers and cards of the wild rank)."""
    wild = draw(wild_ranks(allow_none=False))
    wilds = pool(rules, ranks=[wild])  # every card of the wild rank, and the jokers
    naturals = pool(rules, ranks=[r for r in range(1, 14) if r != wild], jokers=False)
    count = draw(st.integers(min_value=min(4, len(wilds)), max_value=min(12, len(wilds))))
    hand = draw(_draw_from(wilds, count, count))
    hand += draw(_draw_from(naturals, size - count, size - count))
    return hand, wild


@st.composite
def twin_heavy_hands(draw: st.DrawFn, rules: Rules, max_size: int = 14) -> Drawn:
    """A few distinct cards, many held in several copies (as many as the decks allow)."""
    wild = draw(wild_ranks())
    distinct = draw(st.lists(st.integers(0, 51), min_size=1, max_size=7, unique=True))
    hand: list[Card] = []
    for code in distinct:
        copies = draw(st.integers(1, rules.decks))
        hand.extend([Card(code)] * copies)
    hand = hand[:max_size]
    jokers = draw(st.integers(0, min(rules.jokers, max(0, max_size - len(hand)), 2)))
    return hand + [Card(JOKER)] * jokers, wild


@st.composite
def ace_edge_hands(draw: st.DrawFn, rules: Rules, max_size: int = 12) -> Drawn:
    """Aces with kings, queens, jacks, twos and threes, to try aces at both ends."""
    wild = draw(st.one_of(st.none(), st.sampled_from([1, 2, 3, 11, 12, 13]), wild_ranks()))
    suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=2, unique=True))
    edge = pool(rules, ranks=[1, 2, 3, 11, 12, 13], suits=suits)
    hand = draw(_draw_from(edge, 2, max_size))
    return hand, wild


@lru_cache(maxsize=64)
def any_hand(rules: Rules) -> st.SearchStrategy[Drawn]:
    """Any of the hand strategies above (built once per rules: building costs time)."""
    return st.one_of(
        uniform_hands(rules),
        meld_rich_hands(rules),
        wild_heavy_hands(rules),
        twin_heavy_hands(rules),
        ace_edge_hands(rules),
    )
