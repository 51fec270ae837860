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

from .. import _faces
from .._validate import MAX_CARDS, as_index, is_iterable, quote, tokens
from ..errors import InvalidCardError, InvalidHandError
from .cards import CARDS, NUMBER_OF_CODES, Card, read_card_token

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
        (:data:`~threethirteen.hands.encoding.PADDING`, -1) is skipped.

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
        try:
            code_bytes = bytes(ordered)  # refuses a negative code
            cards = tuple([CARDS[code] for code in ordered])  # refuses one above 52
        except (IndexError, ValueError, TypeError):
            message = f"card codes are ints from 0 to 52, not {quote(codes)}"
            raise InvalidCardError(message) from None
        object.__setattr__(hand, "cards", cards)
        object.__setattr__(hand, "code_bytes", code_bytes)
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
        """The hand with a card (or another hand's cards, or the cards of a text) added.

        The result is checked as :meth:`from_codes` checks; the rules' copy limits
        are checked where a hand meets the rules (:func:`~threethirteen.check_hand`).

        >>> Hand.parse("9s 9h") + "9d"
        Hand.parse('9d 9h 9s')
        >>> Hand.parse("9s") + Hand.parse("9s Jk")
        Hand.parse('9s 9s Jk')
        >>> Hand.parse("9s") + "9h 9d"
        Hand.parse('9d 9h 9s')
        """
        if isinstance(other, str):
            other = as_hand(other)
        if isinstance(other, Hand):
            added = list(other.code_bytes)
        elif isinstance(other, Card):
            added = [other.code]
        else:
            return NotImplemented
        if len(self) + len(added) > MAX_CARDS:
            raise InvalidHandError(f"a hand holds at most {MAX_CARDS} cards")
        return Hand.from_trusted_codes(list(self.code_bytes) + added)

    def __sub__(self, other: Card | str | Hand) -> Hand:
        """The hand with one copy of a card (or of each of another hand's cards) taken out.

        :raises InvalidHandError: when the hand does not hold the card.

        >>> Hand.parse("9d 9h 9s") - "9h"
        Hand.parse('9d 9s')
        >>> Hand.parse("9d 9h 9s") - Hand.parse("9s 9d")
        Hand.parse('9h')
        >>> Hand.parse("9d 9h 9s") - "9s 9h"
        Hand.parse('9d')
        """
        if isinstance(other, str):
            other = as_hand(other)
        if isinstance(other, Hand):
            result = self
            for card in other.cards:
                result = result.without(card)
            return result
        if isinstance(other, Card):
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


HandLike = Hand | str | Iterable[Card | str]
"""What every function that takes a hand accepts: a Hand, a string, or cards."""


def _parse_text(text: str) -> Hand:
    codes: list[int] = []
    for token in tokens(text, InvalidHandError):
        code, problem = read_card_token(token)
        if code is not None:
            codes.append(code)
            continue
        cards, problem, bad = _split_run(token, problem)
        if cards is None:
            where = f"card {len(codes) + bad + 1} of {quote(text.strip())}"
            raise InvalidCardError(f"{problem} ({where})")
        codes.extend(cards)
        if len(codes) > MAX_CARDS:
            raise InvalidHandError(
                f"a hand holds at most {MAX_CARDS} cards, not {quote(text.strip())}"
            )
    return Hand.from_trusted_codes(codes)


_LONGEST_CARD = 5
"""The most characters one card is written with (``joker``), variation selectors aside."""


def _clip(part: str) -> str:
    """A part of a run quoted within a message that quotes the hand too: 20 characters."""
    return repr(part) if len(part) <= 20 else repr(part[:17] + "...")


def _split_run(token: str, problem: str) -> tuple[list[int] | None, str, int]:
    """Read a token that is no card as cards written without spaces (``9s9h9d``).

    Returns ``(codes, "", 0)`` when exactly one split into cards exists; else
    ``(None, reason, cards)``: ``reason`` names the part that is no card (for a token
    no split begins to read, ``problem``, the token's own) and ``cards`` counts the
    cards read before it. Card notation cannot be split two ways (a card other than
    a joker ends with its suit, and no rank or joker contains a suit); the check for
    two readings stays, so that a spelling added later cannot make a hand mean two
    things.
    """
    run = token.replace("\ufe0f", "")
    size = len(run)
    if size > MAX_HAND_SIZE * _LONGEST_CARD:
        return None, f"not a card: {_clip(run)}", 0
    # ways[i]: how many splits of run[i:] into cards there are (counting to 2), and
    # the first card of one of them.
    ways = [0] * (size + 1)
    first: list[tuple[int, int]] = [(0, 0)] * (size + 1)
    ways[size] = 1
    for start in range(size - 1, -1, -1):
        for end in range(start + 1, min(start + _LONGEST_CARD, size) + 1):
            if ways[end] == 0:
                continue
            code, _ = read_card_token(run[start:end])
            if code is not None:
                if ways[start] == 0:
                    first[start] = (code, end)
                ways[start] = min(2, ways[start] + ways[end])
    if ways[0] == 1:
        codes, start = [], 0
        while start < size:
            code, start = first[start]
            codes.append(code)
        return codes, "", 0
    if ways[0] > 1:
        return None, f"{quote(token)} reads as cards in more than one way: add spaces", 0
    return None, *_first_bad_part(run, ways, token, problem)


def _first_bad_part(run: str, ways: list[int], token: str, problem: str) -> tuple[str, int]:
    """Why a run of characters does not split into cards: the reason for its first
    part that is no card, and how many cards come before that part."""
    # Read cards from the left for as long as they read; the bad part then runs
    # to where the rest would read as cards (or to the end).
    start, read = 0, 0
    while start < len(run):
        for end in range(min(start + _LONGEST_CARD, len(run)), start, -1):
            if read_card_token(run[start:end])[0] is not None:
                break
        else:
            break
        start, read = end, read + 1
    end = next((index for index in range(start + 1, len(run)) if ways[index]), len(run))
    part = run[start:end]
    if len(part) > _LONGEST_CARD + 3:
        return f"not a card: {_clip(part)}", read
    if part == run:
        return problem, 0
    return read_card_token(part)[1], read


def as_hand(hand: HandLike) -> Hand:
    """A :class:`Hand` from anything hand-like: a Hand (itself), a string such as
    ``"9s 10h Th J♠ a♦ QS Jk"``, or an iterable of cards or card strings.

    Tokens are separated by spaces, commas or semicolons; case does not matter.
    Cards may also be written without spaces (``9s9h9d``, ``10h10dJk``): card
    notation splits only one way, since every card but a joker ends with its suit
    and no rank or joker contains a suit. :func:`~threethirteen.parse_hand` does the
    same and can check the hand against rules.

    :raises InvalidCardError: naming the token that is no card, where, and why.
    :raises InvalidHandError: for more than 1000 cards, or a value that is no hand.

    >>> as_hand("9s 10h Th J♠ a♦ QS")
    Hand.parse('Ad 10h 10h 9s Js Qs')
    >>> as_hand("9s9h9d 10h10dJk")
    Hand.parse('9d 10d 9h 10h 9s Jk')
    >>> as_hand("9s9x9d")
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidCardError: unknown suit 'x' in '9x' (card 2 of '9s9x9d')
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
