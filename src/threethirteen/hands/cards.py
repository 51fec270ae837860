"""Cards: small integer codes inside, a :class:`Card` value type and notation outside.

A card code is ``suit * 13 + rank - 1`` with suits in the order clubs, diamonds,
hearts, spades and ranks A=1 ... K=13, so the codes 0-51 are the 52 cards of a
deck; :data:`JOKER` (52) is the joker. Jokers are all alike.

>>> Card.parse("10h")
Card.parse('10h')
>>> Card.parse("q♠").code, Card.parse("Jk").is_joker
(50, True)
>>> print(Card.parse("9s").unicode())
9♠
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import _faces
from .._validate import check_int, quote
from ..errors import InvalidCardError, InvalidInputError

__all__ = [
    "CARDS",
    "JOKER",
    "NUMBER_OF_CODES",
    "RANKS",
    "SUITS",
    "Card",
    "card_code",
    "parse_card",
    "parse_card_token",
    "parse_rank",
    "rank_name",
    "read_card_token",
]

RANKS = tuple(range(1, 14))
"""The ranks as numbers: A=1, 2-10, J=11, Q=12, K=13."""

SUITS = "cdhs"
"""The suit letters in code order: clubs, diamonds, hearts, spades."""

SUIT_SYMBOLS = "♣♦♥♠"
"""The Unicode suit symbols in code order."""

JOKER = 52
"""The code of a joker."""

NUMBER_OF_CODES = 53
"""Card codes run from 0 to 52: 52 cards and the joker."""

JOKER_NAME = "Jk"
JOKER_SYMBOL = "★"

_RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_RANK_BY_NAME = {name: rank for rank, name in enumerate(_RANK_NAMES, start=1)}
_RANK_BY_NAME["T"] = 10
_SUIT_BY_CHARACTER = {
    **{letter: index for index, letter in enumerate(SUITS)},
    **{symbol: index for index, symbol in enumerate(SUIT_SYMBOLS)},
    **{symbol: index for index, symbol in enumerate("♧♢♡♤")},
}
_JOKER_SPELLINGS = frozenset({"jk", "joker", "*", JOKER_SYMBOL, "🃏", "🃟"})
_VARIATION_SELECTOR = "\ufe0f"


def rank_name(rank: int) -> str:
    """The notation of a rank: ``A``, ``2`` ... ``10``, ``J``, ``Q``, ``K``.

    >>> rank_name(1), rank_name(10), rank_name(13)
    ('A', '10', 'K')
    """
    return _RANK_NAMES[rank - 1]


def parse_rank(text: str | int) -> int:
    """Read a rank given as a number (1-13, also as digits) or a name (``"A"``, ``"t"``, ``"q"``).

    :raises ValueError: when it names no rank (callers raise their own error).

    >>> parse_rank("q"), parse_rank(10), parse_rank("A")
    (12, 10, 1)
    """
    if not isinstance(text, str):
        try:
            return check_int("a rank", text, 1, 13)
        except InvalidInputError as error:  # (a plain ValueError: see above)
            raise ValueError(str(error)) from None
    name = text.strip().upper()
    if name.isdigit() and name.isascii() and len(name) <= 9:
        return parse_rank(int(name))
    rank = _RANK_BY_NAME.get(name)
    if rank is None:
        raise ValueError(f"unknown rank {quote(text)}")
    return rank


def card_code(rank: int, suit: str) -> int:
    """The code of the card of ``rank`` (1-13) and ``suit`` (a letter or symbol).

    >>> card_code(1, "c"), card_code(13, "s")
    (0, 51)
    """
    suit_index = _SUIT_BY_CHARACTER.get(suit.lower()) if isinstance(suit, str) else None
    if suit_index is None or not 1 <= rank <= 13:
        raise InvalidCardError(f"no card of rank {quote(rank)} and suit {quote(suit)}")
    return suit_index * 13 + rank - 1


def read_card_token(token: str) -> tuple[int | None, str]:
    """``(code, "")`` for a card token, or ``(None, reason)`` when it is not one: the
    one reader of card notation, for every parser of hands and melds.

    >>> read_card_token("9s"), read_card_token("9x")
    ((47, ''), (None, "unknown suit 'x' in '9x'"))
    """
    code = _CODE_BY_TOKEN.get(token)
    if code is not None:
        return code, ""
    return _read_token(token)


def _read_token(token: str) -> tuple[int | None, str]:
    """:func:`read_card_token` the long way, for tokens not in :data:`_CODE_BY_TOKEN`."""
    text = token.replace(_VARIATION_SELECTOR, "")
    if text.lower() in _JOKER_SPELLINGS:
        return JOKER, ""
    if len(text) > 8:  # no card is written so long: say so, quoting the token once
        return None, f"not a card: {quote(token)}"
    if len(text) < 2:
        if text.upper() in _RANK_BY_NAME:
            return None, f"missing suit in {quote(token)}"
        return None, f"not a card: {quote(token)}"
    rank_text, suit_text = text[:-1], text[-1]
    suit_index = _SUIT_BY_CHARACTER.get(suit_text.lower())
    rank = _RANK_BY_NAME.get(rank_text.upper())
    if suit_index is None:
        if rank is None and text.upper() in _RANK_BY_NAME:
            return None, f"missing suit in {quote(token)}"
        return None, f"unknown suit {quote(suit_text)} in {quote(token)}"
    if rank is None:
        if rank_text in ("1", "01"):
            return None, f"unknown rank {quote(rank_text)} in {quote(token)}: write A for an ace"
        return None, f"unknown rank {quote(rank_text)} in {quote(token)}"
    return suit_index * 13 + rank - 1, ""


def _common_tokens() -> dict[str, int]:
    """Every usual spelling of every card (any case, letters or symbols, 10 or T),
    read once by :func:`_read_token`, so that parsing a hand is a dict lookup."""
    tokens: dict[str, int] = {}
    ranks = [*_RANK_BY_NAME, *(name.lower() for name in _RANK_BY_NAME)]
    suits = [*_SUIT_BY_CHARACTER, *(suit.upper() for suit in SUITS)]
    spellings = [rank + suit for rank in ranks for suit in suits]
    spellings += [case(joker) for joker in _JOKER_SPELLINGS for case in (str, str.upper, str.title)]
    for spelling in spellings:
        code, _problem = _read_token(spelling)
        if code is not None:
            tokens[spelling] = code
    return tokens


_CODE_BY_TOKEN = _common_tokens()


def parse_card_token(token: str) -> int:
    """The code of one card token, e.g. ``"9s"`` -> 47.

    :raises InvalidCardError: naming the token and what is wrong with it.
    """
    code, problem = read_card_token(token)
    if code is None:
        raise InvalidCardError(problem)
    return code


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card, or a joker; frozen, hashable, ordered by code.

    ``str(card)`` is the ASCII notation (``9s``, ``10h``, ``Ah``, ``Jk``) and
    ``repr(card)`` can be pasted back into Python.

    >>> card = Card.parse("Th")
    >>> card, str(card), card.rank, card.suit, card.code
    (Card.parse('10h'), '10h', 10, 'h', 35)
    """

    code: int
    """The card's code: ``suit * 13 + rank - 1`` (0-51), or
    :data:`~threethirteen.hands.cards.JOKER` (52)."""

    def __post_init__(self) -> None:
        if type(self.code) is not int or not 0 <= self.code < NUMBER_OF_CODES:
            # (a numpy integer is taken as its int)
            code = check_int("a card code", self.code, 0, NUMBER_OF_CODES - 1, InvalidCardError)
            object.__setattr__(self, "code", code)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card: ``"9s"``, ``"10h"``, ``"Th"``, ``"q♠"``, ``"Jk"``, ``"joker"``, ``"*"``.

        :raises InvalidCardError: when the text is not one card.
        """
        if not isinstance(text, str):
            raise InvalidCardError(f"a card is text such as '9s', not {quote(text)}")
        return cls(parse_card_token(text.strip()))

    @classmethod
    def of(cls, rank: int | str, suit: str) -> Card:
        """The card of a rank (number or name) and a suit (letter or symbol).

        >>> Card.of("Q", "s"), Card.of(1, "♦")
        (Card.parse('Qs'), Card.parse('Ad'))
        """
        try:
            number = parse_rank(rank)
        except ValueError as error:
            raise InvalidCardError(str(error)) from None
        return cls(card_code(number, suit))

    @property
    def is_joker(self) -> bool:
        """True for a joker."""
        return self.code == JOKER

    @property
    def rank(self) -> int | None:
        """1 (A) to 13 (K); ``None`` for a joker."""
        return None if self.code == JOKER else self.code % 13 + 1

    @property
    def suit(self) -> str | None:
        """``"c"``, ``"d"``, ``"h"`` or ``"s"``; ``None`` for a joker."""
        return None if self.code == JOKER else SUITS[self.code // 13]

    def unicode(self) -> str:
        """The card with a suit symbol: ``9♠``, ``10♥``; a joker is ``★``."""
        if self.code == JOKER:
            return JOKER_SYMBOL
        return rank_name(self.code % 13 + 1) + SUIT_SYMBOLS[self.code // 13]

    def __str__(self) -> str:
        if self.code == JOKER:
            return JOKER_NAME
        return rank_name(self.code % 13 + 1) + SUITS[self.code // 13]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        """The card face as SVG, for Jupyter; the same as ``threethirteen.svg.card``."""
        return _faces.row_svg([[(self.code, None)]], title=self.unicode())


CARDS = tuple(Card(code) for code in range(NUMBER_OF_CODES))
"""Every card, by code (``CARDS[47]`` is 9♠): cards are immutable, so these serve
every caller."""


def parse_card(text: str) -> Card:
    """Read one card; the same as :meth:`Card.parse`.

    >>> parse_card("a♦")
    Card.parse('Ad')
    """
    return Card.parse(text)
