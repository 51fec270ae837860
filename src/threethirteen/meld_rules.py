"""The rules of melds, in one home: which card is wild, the geometry of runs, whether a
group of cards is a valid meld under given rules and wild rank (and why not), and the
meld notation.

A run's *places* run from 1 (an ace, low) to 13 (a king), and 14 for an ace above
a king where the rules let aces be high; K-A-2 never forms.

>>> import threethirteen as tt
>>> from threethirteen.cards import Card
>>> cards, identities = read_meld_text("Qh Kh Ah")
>>> meld_problem(cards, identities, None, tt.Rules.preset("pagat"))
'aces are low in these rules: Q-K-A is not a run'
>>> meld_problem(cards, identities, None, tt.Rules.preset("bga")) is None
True
"""

from __future__ import annotations

import re

from .cards import CARDS, JOKER, Card, read_card_token
from .errors import InvalidCardError, InvalidMeldError
from .rules import Rules

__all__ = [
    "extend_run",
    "is_wild",
    "meld_problem",
    "meld_text",
    "read_meld_text",
    "run_card",
    "run_place",
    "set_identities",
    "shape_problem",
]

_SEPARATORS = re.compile(r"[\s,;]+")


def run_place(rank: int, ace_high: bool) -> int:
    """The place of a card of ``rank`` in a run: its rank, or 14 for an ace above a king."""
    return 14 if rank == 1 and ace_high else rank


def read_meld_text(text: str) -> tuple[list[Card], list[Card | None]]:
    """The cards of a meld written in the notation (``"4h 5h 6c=6h"``) and the identity
    written for each (``None`` where none is written: a card not marked wild).

    :raises InvalidCardError: for a token that is no card.
    :raises InvalidMeldError: for text that is no meld at all.
    """
    if not isinstance(text, str):
        raise InvalidMeldError(f"a meld is written as a string such as '4h 5h 6h', not {text!r}")
    cards: list[Card] = []
    identities: list[Card | None] = []
    for token in _SEPARATORS.split(text.strip()):
        if not token:
            continue
        held, marked, identity = token.partition("=")
        code, problem = read_card_token(held)
        if code is None:
            raise InvalidCardError(f"{problem} in meld {text!r}")
        cards.append(CARDS[code])
        if not marked:
            identities.append(None)
            continue
        identity_code, problem = read_card_token(identity)
        if identity_code is None:
            raise InvalidCardError(f"{problem} in meld {text!r}")
        if identity_code == JOKER:
            raise InvalidMeldError(f"{held} cannot stand for a joker in meld {text!r}")
        identities.append(CARDS[identity_code])
    if not cards:
        raise InvalidMeldError(f"a meld needs cards: {text!r}")
    return cards, identities


def is_wild(card: Card, wild_rank: int | None) -> bool:
    """Whether ``card`` is wild in a round whose wild rank is ``wild_rank``: a joker,
    or a card of that rank."""
    return card.code == JOKER or card.code % 13 + 1 == wild_rank


def meld_text(cards: list[Card], identities: list[Card | None]) -> str:
    """The meld in the notation, as written (identities only where they were given)."""
    return " ".join(
        str(card) if identity is None else f"{card}={identity}"
        for card, identity in zip(cards, identities, strict=True)
    )


def _fits(ranks: list[int], size: int, ace_high: bool) -> bool:
    """Whether runs of these distinct ranks fit in ``size`` consecutive places."""
    positions = [14 if rank == 1 and ace_high else rank for rank in ranks]
    return max(positions) - min(positions) <= size - 1


def _wraps(ranks: list[int], size: int) -> bool:
    """Whether the ranks fit in ``size`` consecutive places if K were followed by A."""
    return any(
        max((rank - shift) % 13 for rank in ranks) - min((rank - shift) % 13 for rank in ranks)
        <= size - 1
        for shift in range(13)
    )


def shape_problem(fixed: list[Card], size: int, rules: Rules) -> str | None:
    """Why ``size`` cards, of which ``fixed`` are the identities known (the others
    wild cards free to stand for anything), can be no set or run; ``None`` if they can."""
    ranks = [int(card.rank or 0) for card in fixed]
    if len(set(ranks)) <= 1:
        if size >= rules.min_set:
            return None
        if len(fixed) <= 1:
            if rules.min_run <= size <= 13:
                return None
            return f"too few cards for a meld (a set needs {rules.min_set}, a run {rules.min_run})"
        return f"a set needs at least {rules.min_set} cards"
    if len({card.suit for card in fixed}) > 1:
        return "neither a set nor a run"
    if len(set(ranks)) != len(ranks):
        return "a run holds each rank once (twins cannot share a run)"
    if size < rules.min_run:
        return f"a run needs at least {rules.min_run} cards"
    if size > 13:
        return "a run holds at most 13 cards"
    high_aces = rules.aces == "high-or-low"
    if _fits(ranks, size, False) or (high_aces and _fits(ranks, size, True)):
        return None
    if not high_aces and _fits(ranks, size, True):
        return "aces are low in these rules: Q-K-A is not a run"
    if _wraps(ranks, size):
        return "a run cannot wrap around from K to A to 2"
    return "the ranks are not consecutive"


def meld_problem(
    cards: list[Card], identities: list[Card | None], wild_rank: int | None, rules: Rules
) -> str | None:
    """Why the cards are no valid meld under ``rules`` this round, or ``None``.

    A card with an identity must be wild this round and stands for it; a card
    without one stands for itself if natural and for whatever makes a meld if wild.
    """
    fixed: list[Card] = []
    all_wild = True
    for card, identity in zip(cards, identities, strict=True):
        wild = is_wild(card, wild_rank)
        all_wild = all_wild and wild
        if identity is not None and not wild:
            return f"{card} is marked wild, but is not wild this round"
        if identity is not None:
            fixed.append(identity)
        elif not wild:
            fixed.append(card)
    problem = shape_problem(fixed, len(cards), rules)
    if problem is None and all_wild and not rules.all_wild_melds:
        return "a meld of wild cards only, which these rules forbid"
    return problem


def set_identities(rank: int, natural_suits: list[int], count: int) -> list[Card]:
    """Identities for ``count`` wilds in a set of ``rank``: the missing suits first,
    then the suits present, round and round."""
    order = [suit for suit in range(4) if suit not in natural_suits]
    order += sorted(set(natural_suits))
    return [CARDS[order[i % len(order)] * 13 + rank - 1] for i in range(count)]


def run_card(suit: int, position: int) -> Card:
    """The card of ``suit`` (0-3) at run place ``position`` (1-14)."""
    return CARDS[suit * 13 + (position - 1 if position <= 13 else 0)]


def extend_run(
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
