"""Hands: a multiset of cards, parsed from what people type.

>>> hand = parse_hand("9s, 9h 9d 4h 5h 6c")
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
from typing import TYPE_CHECKING

from ._validate import MAX_CARDS, as_index, is_iterable, quote, tokens
from .cards import _CARDS, JOKER, NUMBER_OF_CODES, Card, _token_problem
from .errors import InvalidCardError, InvalidHandError

if TYPE_CHECKING:
    from .rules import Rules

__all__ = ["MAX_HAND_SIZE", "Hand", "HandLike", "check_hand", "parse_hand"]

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
    _code_bytes: bytes = field(init=False, repr=False, compare=False, hash=False)
    """The card codes as bytes: what the solver reads."""

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        if not is_iterable(cards):
            raise InvalidHandError(f"a Hand is made of Cards, not {quote(cards)} (use parse_hand)")
        cards = tuple(islice(cards, MAX_CARDS + 1))
        if len(cards) > MAX_CARDS:
            raise InvalidHandError(f"a hand holds at most {MAX_CARDS} cards")
        for card in cards:
            if not isinstance(card, Card):
                raise InvalidCardError(f"not a Card: {quote(card)} (use parse_hand for text)")
        ordered = tuple(sorted(cards, key=_BY_CODE))
        object.__setattr__(self, "cards", ordered)
        object.__setattr__(self, "_code_bytes", bytes(card.code for card in ordered))

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read a hand from text; see :func:`parse_hand`."""
        return parse_hand(text)

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
    def _of_codes(cls, codes: list[int]) -> Hand:
        """The hand of codes already known to be valid (0-52): no checks, no Card built."""
        hand = object.__new__(cls)
        ordered = sorted(codes)
        object.__setattr__(hand, "cards", tuple([_CARDS[code] for code in ordered]))
        object.__setattr__(hand, "_code_bytes", bytes(ordered))
        return hand

    @property
    def codes(self) -> tuple[int, ...]:
        """The card codes, sorted."""
        return tuple(self._code_bytes)

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
        held = self._code_bytes
        index = held.find(card.code)
        if index < 0:
            raise InvalidHandError(f"the hand {quote(str(self))} holds no {card}")
        return Hand._of_codes(list(held[:index] + held[index + 1 :]))

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


HandLike = Hand | str | Iterable[Card | str]
"""What every function that takes a hand accepts: a Hand, a string, or cards."""


def _parse_text(text: str) -> Hand:
    codes = []
    for position, token in enumerate(tokens(text, InvalidHandError), start=1):
        code, problem = _token_problem(token)
        if code is None:
            raise InvalidCardError(f"{problem} (card {position} of {quote(text.strip())})")
        codes.append(code)
    return Hand._of_codes(codes)


def parse_hand(hand: HandLike, *, rules: Rules | str | None = None) -> Hand:
    """Read a hand: a string such as ``"9s 10h Th J♠ a♦ QS Jk"``, a :class:`Hand`,
    or an iterable of cards or card strings.

    Tokens are separated by spaces, commas or semicolons; case does not matter.
    With ``rules`` the hand is also checked against them (see :func:`check_hand`).

    :param hand: the cards.
    :param rules: optional rules (or a preset name) to check the hand against.
    :returns: the :class:`Hand`.
    :raises InvalidCardError: naming the token that is no card, where, and why.
    :raises InvalidHandError: for more than 1000 cards, for a value that is no hand,
        and when ``rules`` are given and the hand is impossible.

    >>> parse_hand("9s 10h Th J♠ a♦ QS")
    Hand.parse('Ad 10h 10h 9s Js Qs')
    >>> parse_hand("9s 9h 7x")
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
                code, problem = _token_problem(item.strip())
                if code is None:
                    raise InvalidCardError(f"{problem} (card {position})")
                cards.append(Card(code))
            else:
                raise InvalidCardError(f"not a card: {quote(item)} (card {position})")
        parsed = Hand(cards)
    if rules is not None:
        check_hand(parsed, rules)
    return parsed


def check_hand(hand: HandLike, rules: Rules | str) -> None:
    """Raise :class:`InvalidHandError` if ``hand`` cannot occur under ``rules``.

    A hand may hold at most ``rules.decks`` copies of a card, at most
    ``rules.jokers`` jokers, and at most :data:`MAX_HAND_SIZE` cards.

    >>> from threethirteen import Rules
    >>> check_hand(parse_hand("9h 9h 9h"), Rules.preset("pagat"))
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidHandError: 3 copies of 9h in '9h 9h 9h', but 2 decks hold only 2
    """
    from .rules import Rules

    hand = parse_hand(hand)
    rules = Rules.find(rules)
    if len(hand) > MAX_HAND_SIZE:
        raise InvalidHandError(
            f"{len(hand)} cards in {quote(str(hand))}: at most {MAX_HAND_SIZE} are supported"
        )
    _check_counts(hand.counts(), rules, f"in {quote(str(hand))}")


def _too_many(code: int, held: int, rules: Rules, where: str) -> InvalidHandError:
    """The error for ``held`` copies of a card (``where``: "in '9h 9h 9h'") when the
    rules' pool holds fewer."""
    if code == JOKER:
        if rules.jokers == 0:
            return InvalidHandError(
                f"a joker {where}, but these rules have no jokers (add the 'jokers' variation)"
            )
        return InvalidHandError(f"{held} jokers {where}, but the rules have only {rules.jokers}")
    deck_words = "1 deck holds" if rules.decks == 1 else f"{rules.decks} decks hold"
    return InvalidHandError(
        f"{held} copies of {_CARDS[code]} {where}, but {deck_words} only {rules.decks}"
    )


def _check_counts(counts: list[int], rules: Rules, where: str) -> None:
    """Raise for the jokers, then the first card, of which ``counts`` (53, by code)
    holds more than the rules' pool."""
    if counts[JOKER] > rules.jokers:
        raise _too_many(JOKER, counts[JOKER], rules, where)
    for code in range(JOKER):
        if counts[code] > rules.decks:
            raise _too_many(code, counts[code], rules, where)
