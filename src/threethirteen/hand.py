"""Hands: a multiset of cards, parsed from what people type.

>>> hand = as_hand("9s, 9h 9d 4h 5h 6c")
>>> hand
Hand.parse('6c 9d 4h 5h 9h 9s')
>>> len(hand), hand.count(Card.parse("9h"))
(6, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import islice
from operator import attrgetter

from . import _faces
from ._validate import MAX_CARDS, as_index, is_iterable, quote, tokens
from .cards import CARDS, NUMBER_OF_CODES, Card, read_card_token
from .errors import InvalidCardError, InvalidHandError

__all__ = ["MAX_HAND_SIZE", "Hand", "HandLike", "as_hand"]

MAX_HAND_SIZE = 20
"""The most cards a hand may hold for analysis."""

_BY_CODE = attrgetter("code")


@dataclass(frozen=True, slots=True)
class Hand:
    """A hand: a multiset of cards (twins allowed), kept sorted by card code.

    The order cards were given in never matters: ``Hand`` compares and hashes
    as a multiset. ``str(hand)`` is the notation; ``repr`` can be pasted back.

    >>> Hand.parse("Ah 2h") == Hand.parse("2h, AH")
    True
    >>> print(Hand.parse("9h 9h Jk").unicode())
    9♥ 9♥ ★
    """

    cards: tuple[Card, ...]
    """The cards, sorted by code; twins appear twice."""
    code_bytes: bytes = field(init=False, repr=False, compare=False, hash=False)
    """The card codes, sorted, as ``bytes``: what the solver reads."""

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        if not is_iterable(cards):
            raise InvalidHandError(f"a Hand is made of Cards, not {quote(cards)} (use parse_hand)")
        cards = tuple(islice(cards, MAX_CARDS + 1))
        if len(cards) > MAX_CARDS:
            raise InvalidHandError(f"a hand holds at most {MAX_CARDS} cards")
        for card in cards:
            if not isinstance(card, Card):
                raise InvalidCardError(f"not a Card: {quote(card)} (use Hand.parse for text)")
        ordered = tuple(sorted(cards, key=_BY_CODE))
        object.__setattr__(self, "cards", ordered)
        object.__setattr__(self, "code_bytes", bytes(card.code for card in ordered))

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read a hand from text; see :func:`~threethirteen.parse_hand`."""
        return as_hand(text)

    @classmethod
    def from_codes(cls, codes: Iterable[int]) -> Hand:
        """The hand of the given card codes (0-51 cards, 52 a joker): ints or numpy
        integers, such as a row of :func:`~threethirteen.encode_hands`, whose padding
        (:data:`~threethirteen.PADDING`, -1) is skipped.

        :raises InvalidCardError: for a code that is not an int from 0 to 52 (or -1).
        :raises InvalidHandError: for more than 1000 codes, or codes not iterable.

        >>> Hand.from_codes([47, 34, 52, -1])
        Hand.parse('9h 9s Jk')
        """
        if not is_iterable(codes):
            raise InvalidHandError(f"card codes are a list of ints, not {quote(codes)}")
        cards = []
        for code in islice(codes, MAX_CARDS + 1):
            number = as_index(code, "a card code", InvalidCardError)
            if number != -1:  # the padding of encode_hands
                cards.append(Card(number))
        return cls(cards)

    @classmethod
    def from_trusted_codes(cls, codes: list[int]) -> Hand:
        """The hand of codes already known to be valid (ints 0-52): no checks, for
        code that made the codes itself (use :meth:`from_codes` for any other).

        >>> Hand.from_trusted_codes([52, 47])
        Hand.parse('9s Jk')
        """
        hand = object.__new__(cls)
        ordered = sorted(codes)
        object.__setattr__(hand, "cards", tuple([CARDS[code] for code in ordered]))
        object.__setattr__(hand, "code_bytes", bytes(ordered))
        return hand

    @property
    def codes(self) -> tuple[int, ...]:
        """The card codes, sorted."""
        return tuple(self.code_bytes)

    def counts(self) -> list[int]:
        """How many copies of each card code (53 entries, the joker last)."""
        counts = [0] * NUMBER_OF_CODES
        for card in self.cards:
            counts[card.code] += 1
        return counts

    def count(self, card: Card | str) -> int:
        """How many copies of ``card`` the hand holds."""
        if isinstance(card, str):
            card = Card.parse(card)
        return self.cards.count(card)

    def without(self, card: Card | str) -> Hand:
        """The hand with one copy of ``card`` taken out.

        :raises InvalidHandError: when the hand does not hold the card.

        >>> Hand.parse("9s 9h").without("9h")
        Hand.parse('9s')
        """
        if isinstance(card, str):
            card = Card.parse(card)
        if not isinstance(card, Card):
            raise InvalidCardError(f"not a Card: {card!r}")
        held = self.code_bytes
        index = held.find(card.code)
        if index < 0:
            raise InvalidHandError(f"the hand {quote(str(self))} holds no {card}")
        return Hand.from_trusted_codes(list(held[:index] + held[index + 1 :]))

    def __add__(self, other: Card | str | Hand) -> Hand:
        """The hand with a card (or a card's text, or another hand's cards) added.

        The result is checked as :meth:`from_codes` checks; the rules' copy limits
        are checked where a hand meets the rules (:func:`~threethirteen.check_hand`).

        >>> Hand.parse("9s 9h") + "9d"
        Hand.parse('9d 9h 9s')
        >>> Hand.parse("9s") + Hand.parse("9s Jk")
        Hand.parse('9s 9s Jk')
        """
        if isinstance(other, Hand):
            added = list(other.code_bytes)
        elif isinstance(other, (Card, str)):
            added = [_card_of(other).code]
        else:
            return NotImplemented
        return Hand.from_trusted_codes(list(self.code_bytes) + added)

    def __sub__(self, other: Card | str | Hand) -> Hand:
        """The hand with one copy of a card (or of each of another hand's cards) taken out.

        :raises InvalidHandError: when the hand does not hold the card.

        >>> Hand.parse("9d 9h 9s") - "9h"
        Hand.parse('9d 9s')
        >>> Hand.parse("9d 9h 9s") - Hand.parse("9s 9d")
        Hand.parse('9h')
        """
        if isinstance(other, Hand):
            result = self
            for card in other.cards:
                result = result.without(card)
            return result
        if isinstance(other, (Card, str)):
            return self.without(other)
        return NotImplemented

    def unicode(self) -> str:
        """The hand with suit symbols."""
        return " ".join(card.unicode() for card in self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        """``card in hand`` for a :class:`Card` or a card string such as ``"9h"``."""
        if isinstance(card, str):
            card = Card.parse(card)
        return card in self.cards

    def __str__(self) -> str:
        return " ".join(str(card) for card in self.cards)

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        """The hand as SVG card faces, for Jupyter; the same as ``threethirteen.svg.hand``."""
        return _faces.row_svg([[(code, None) for code in self.code_bytes]], title=self.unicode())


def _card_of(card: Card | str) -> Card:
    if isinstance(card, str):
        return Card.parse(card)
    return card


HandLike = Hand | str | Iterable[Card | str]
"""What every function that takes a hand accepts: a Hand, a string, or cards."""


def _parse_text(text: str) -> Hand:
    codes = []
    for position, token in enumerate(tokens(text, InvalidHandError), start=1):
        code, problem = read_card_token(token)
        if code is None:
            raise InvalidCardError(f"{problem} (card {position} of {quote(text.strip())})")
        codes.append(code)
    return Hand.from_trusted_codes(codes)


def as_hand(hand: HandLike) -> Hand:
    """A :class:`Hand` from anything hand-like: a Hand (itself), a string such as
    ``"9s 10h Th J♠ a♦ QS Jk"``, or an iterable of cards or card strings.

    Tokens are separated by spaces, commas or semicolons; case does not matter.
    :func:`~threethirteen.parse_hand` does the same and can check the hand against
    rules.

    :raises InvalidCardError: naming the token that is no card, where, and why.
    :raises InvalidHandError: for more than 1000 cards, or a value that is no hand.

    >>> as_hand("9s 10h Th J♠ a♦ QS")
    Hand.parse('Ad 10h 10h 9s Js Qs')
    >>> as_hand("9s 9h 7x")
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidCardError: unknown suit 'x' in '7x' (card 3 of '9s 9h 7x')
    """
    if isinstance(hand, Hand):
        parsed = hand
    elif isinstance(hand, str):
        parsed = _parse_text(hand)
    else:
        if not is_iterable(hand):
            raise InvalidHandError(
                f"a hand is a Hand, a string or a list of cards, not {quote(hand)}"
            )
        cards = []
        for position, item in enumerate(hand, start=1):
            if position > MAX_CARDS:
                raise InvalidHandError(f"a hand holds at most {MAX_CARDS} cards")
            if isinstance(item, Card):
                cards.append(item)
            elif isinstance(item, str):
                code, problem = read_card_token(item.strip())
                if code is None:
                    raise InvalidCardError(f"{problem} (card {position})")
                cards.append(Card(code))
            else:
                raise InvalidCardError(f"not a card: {quote(item)} (card {position})")
        parsed = Hand(cards)
    return parsed
