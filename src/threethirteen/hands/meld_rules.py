"""The rules of melds, in one home: which card is wild, the geometry of runs, whether a
group of cards is a valid meld under given rules and wild rank (and why not), and the
meld notation.

A run's *places* run from 1 (an ace, low) to 13 (a king), and 14 for an ace above
a king where the rules let aces be high; K-A-2 never forms.

Legality is a pair, written once (:func:`meld_problem` gives the reason):
:func:`verify_meld` raises :class:`~threethirteen.InvalidMeldError` with the reason,
and :func:`is_valid_meld` answers ``True`` or ``False``.

>>> import threethirteen as tt
>>> tt.is_valid_meld("Qh Kh Ah", wild=None, rules="bga")
True
>>> tt.verify_meld("Qh Kh Ah", tt.Round("pagat", 4))
Traceback (most recent call last):
...
threethirteen.errors.InvalidMeldError: meld 'Qh Kh Ah': aces are low in these rules: \
Q-K-A is not a run
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from .._kernel.run_geometry import extend_run, run_code
from .._validate import quote, tokens
from ..errors import InvalidMeldError
from .cards import CARDS, JOKER, Card, read_card_token
from .rounds import UNSET, Round, UnsetType, resolve_round
from .rules import Rules, RulesLike, WildLike

__all__ = [
    "MeldValue",
    "extend_run",
    "has_high_aces",
    "highest_place",
    "is_valid_meld",
    "is_wild",
    "is_wild_code",
    "meld_parts",
    "meld_problem",
    "meld_text",
    "read_meld_text",
    "run_card",
    "run_code",
    "run_place",
    "run_span",
    "set_identities",
    "shape_problem",
    "value_problem",
    "verify_meld",
]


def has_high_aces(rules: Rules) -> bool:
    """Whether an ace may sit above a king in a run (Q-K-A) under ``rules``.

    >>> has_high_aces(Rules.preset("bga")), has_high_aces(Rules.preset("pagat"))
    (True, False)
    """
    return rules.aces == "high-or-low"


def highest_place(rules: Rules) -> int:
    """The highest place a run reaches under ``rules``: 14 (an ace above a king) when
    aces may be high, else 13 (a king)."""
    return 14 if has_high_aces(rules) else 13


def run_place(rank: int, ace_high: bool) -> int:
    """The place of a card of ``rank`` in a run: its rank, or 14 for an ace above a king."""
    return 14 if rank == 1 and ace_high else rank


def run_card(suit: int, place: int) -> Card:
    """The card of ``suit`` (0-3) at run place ``place`` (1-14)."""
    return CARDS[run_code(suit, place)]


def run_span(ranks: Sequence[int], high_aces: bool) -> tuple[int, int] | None:
    """The lowest and highest places of a run holding these distinct ranks (an ace
    low if it fits there, else above the king where ``high_aces``), or ``None`` when
    they are not consecutive.

    >>> run_span([12, 13, 1], True), run_span([12, 13, 1], False), run_span([1, 2], True)
    ((12, 14), None, (1, 2))
    """
    for ace_high in (False, True) if high_aces else (False,):
        places = [run_place(rank, ace_high) for rank in ranks]
        low, high = min(places), max(places)
        if high - low == len(places) - 1 and len(set(places)) == len(places):
            return low, high
    return None


def read_meld_text(text: str) -> tuple[list[Card], list[Card | None]]:
    """The cards of a meld written in the notation (``"4h 5h 6c=6h"``) and the identity
    written for each (``None`` where none is written: a card not marked wild): the
    one reader of meld notation. It checks the notation, not the rules.

    :raises InvalidMeldError: for text that is no meld: not a string, no cards, a
        token that is no card (naming it), a card written to stand for a joker.

    >>> read_meld_text("9s 7x 9h")
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidMeldError: unknown suit 'x' in '7x' in meld '9s 7x 9h'
    """
    if not isinstance(text, str):
        raise InvalidMeldError(
            f"a meld is written as a string such as '4h 5h 6h', not {quote(text)}"
        )
    cards: list[Card] = []
    identities: list[Card | None] = []
    for token in tokens(text, InvalidMeldError, "a meld"):
        held, marked, identity = token.partition("=")
        code, problem = read_card_token(held)
        if code is None:
            raise InvalidMeldError(f"{problem} in meld {quote(text)}")
        cards.append(CARDS[code])
        if not marked:
            identities.append(None)
            continue
        identity_code, problem = read_card_token(identity)
        if identity_code is None:
            raise InvalidMeldError(f"{problem} in meld {quote(text)}")
        if identity_code == JOKER:
            raise InvalidMeldError(f"{held} cannot stand for a joker in meld {quote(text)}")
        identities.append(CARDS[identity_code])
    if not cards:
        raise InvalidMeldError(f"a meld needs cards: {quote(text)}")
    return cards, identities


@runtime_checkable
class MeldValue(Protocol):
    """What this module reads of a :class:`~threethirteen.Meld`."""

    @property
    def cards(self) -> tuple[Card, ...]: ...
    @property
    def stands_for(self) -> tuple[Card, ...]: ...
    @property
    def wild(self) -> tuple[bool, ...]: ...


def meld_parts(item: object) -> tuple[list[Card], list[Card | None]]:
    """The cards of a meld and the identity written for each (``None`` where none is
    written: a card not marked wild), from the meld's notation, a
    :class:`~threethirteen.Meld` (its wild cards' identities), or a sequence of
    :class:`~threethirteen.Card` (none marked).

    :raises InvalidMeldError: for what is no meld at all.

    >>> meld_parts("9s Jk=9c")
    ([Card.parse('9s'), Card.parse('Jk')], [None, Card.parse('9c')])
    """
    if isinstance(item, str):
        return read_meld_text(item)
    if isinstance(item, MeldValue):  # a Meld (defined in the layer above)
        identities: list[Card | None] = [
            identity if is_wild else None
            for identity, is_wild in zip(item.stands_for, item.wild, strict=True)
        ]
        return list(item.cards), identities
    if isinstance(item, (list, tuple)) and item and all(isinstance(card, Card) for card in item):
        return list(item), [None] * len(item)
    raise InvalidMeldError(f"a meld is a Meld or a string such as '4h 5h 6h', not {quote(item)}")


def is_wild_code(code: int, wild_rank: int | None) -> bool:
    """Whether the card of ``code`` (0-52) is wild in a round whose wild rank is
    ``wild_rank``: the joker, or a card of that rank."""
    return code == JOKER or code % 13 + 1 == wild_rank


def is_wild(card: Card, wild_rank: int | None) -> bool:
    """Whether ``card`` is wild in a round whose wild rank is ``wild_rank``: a joker,
    or a card of that rank.

    >>> six = Card.parse("6c")
    >>> is_wild(six, 6), is_wild(Card.parse("Jk"), None), is_wild(six, None)
    (True, True, False)
    """
    return is_wild_code(card.code, wild_rank)


def meld_text(cards: list[Card], identities: list[Card | None]) -> str:
    """The meld in the notation, as written (identities only where they were given)."""
    return " ".join(
        str(card) if identity is None else f"{card}={identity}"
        for card, identity in zip(cards, identities, strict=True)
    )


def _fits(ranks: list[int], size: int, ace_high: bool) -> bool:
    """Whether runs of these distinct ranks fit in ``size`` consecutive places."""
    positions = [run_place(rank, ace_high) for rank in ranks]
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
    high_aces = has_high_aces(rules)
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


_ANY_RULES = dataclasses.replace(Rules.preset("bga"), min_set=2, min_run=2)
"""Rules under which every shape some rules allow is a meld: for :func:`value_problem`."""


def value_problem(
    cards: Sequence[Card], stands_for: Sequence[Card], wild: Sequence[bool]
) -> str | None:
    """Why the fields of a :class:`~threethirteen.Meld` make no meld under any rules,
    or ``None``: one identity and one wild flag per card, a joker always wild and
    never an identity, a card not wild standing for itself, at least 2 cards (2 is
    the least ``min_set`` and ``min_run``), and identities that make a set or a run
    (aces high or low). Sizes and wild ranks depend on the rules: :func:`meld_problem`.
    """
    if not len(cards) == len(stands_for) == len(wild):
        return "a meld needs one identity and one wild flag per card"
    for card, identity, is_wild_card in zip(cards, stands_for, wild, strict=True):
        if card.code == JOKER and not is_wild_card:
            return "a joker in a meld stands for a card: write it Jk=9c"
        if identity.code == JOKER:
            return f"{card} cannot stand for a joker"
        if not is_wild_card and identity != card:
            return f"{card} is not wild, so it stands for itself"
    if len(cards) < 2:
        return "a meld has at least 2 cards"
    return shape_problem(list(stands_for), len(stands_for), _ANY_RULES)


def verify_meld(
    meld: object,
    round: Round | int | None = None,
    *,
    wild: WildLike | UnsetType = UNSET,
    rules: RulesLike | UnsetType = UNSET,
) -> None:
    """Check that ``meld`` is a valid meld this round; raise with the reason if not.

    A card written ``card=identity`` must be wild this round and stands for
    ``identity``; a wild card written without one stands for whatever makes the
    meld valid; a card that is not wild stands for itself. The meld is valid when
    the identities can make a set (``min_set`` cards of one rank) or a run
    (``min_run`` cards of one suit in a row, within the ace rules, at most 13), and
    it is not made of wild cards only where ``all_wild_melds`` is off.
    :func:`is_valid_meld` is the same check as a bool.

    :param meld: a :class:`~threethirteen.Meld`, its notation (``"4h 5h 6c=6h"``)
        or a list of :class:`~threethirteen.Card`.
    :param round: the :class:`~threethirteen.Round`, or its number (``4``) under
        ``rules``; or give ``wild`` and ``rules``.
    :param wild: the round's wild rank, or ``None``.
    :param rules: a :class:`~threethirteen.Rules` or a preset name (``"pagat"``).
    :raises InvalidMeldError: ``meld '<notation>': <reason>`` for a meld the rules
        do not allow; or for what is no meld at all (see
        ``threethirteen.hands.meld_rules.read_meld_text``).

    >>> import threethirteen as tt
    >>> verify_meld("4h 5h 6c=6h", tt.Round("pagat", 4))  # 6s wild: valid
    >>> verify_meld("4h 5h 6h", wild=None, rules="family")
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidMeldError: meld '4h 5h 6h': a run needs at least 4 cards
    """
    found = resolve_round(round, wild, rules, "verify_meld")
    cards, identities = meld_parts(meld)
    problem = meld_problem(cards, identities, found.wild, found.rules)
    if problem is not None:
        raise InvalidMeldError(f"meld {meld_text(cards, identities)!r}: {problem}")


def is_valid_meld(
    meld: object,
    round: Round | int | None = None,
    *,
    wild: WildLike | UnsetType = UNSET,
    rules: RulesLike | UnsetType = UNSET,
) -> bool:
    """Whether ``meld`` is a valid meld this round: :func:`verify_meld` as a bool.

    ``False`` for a meld the rules do not allow and for text that is no meld
    (anything :func:`verify_meld` raises :class:`~threethirteen.InvalidMeldError`
    for); a bad ``round``, ``wild`` or ``rules`` still raises.

    >>> import threethirteen as tt
    >>> is_valid_meld("9s 9h Jk", wild=None, rules="bga"), is_valid_meld("9s 9h", wild=None)
    (True, False)
    >>> is_valid_meld(tt.parse_hand("2c 3c 4c").cards, tt.Round("pagat", 1))
    True
    """
    found = resolve_round(round, wild, rules, "is_valid_meld")
    try:
        cards, identities = meld_parts(meld)
    except InvalidMeldError:
        return False
    return meld_problem(cards, identities, found.wild, found.rules) is None


def set_identities(rank: int, natural_suits: list[int], count: int) -> list[Card]:
    """Identities for ``count`` wilds in a set of ``rank``: the missing suits first,
    then the suits present, round and round."""
    order = [suit for suit in range(4) if suit not in natural_suits]
    order += sorted(set(natural_suits))
    return [CARDS[order[i % len(order)] * 13 + rank - 1] for i in range(count)]
