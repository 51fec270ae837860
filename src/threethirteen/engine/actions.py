"""The actions of a game: small immutable values, one kind per thing a player can do.

Each action has a ``str`` in a short notation that :meth:`Action.parse` reads
back, a ``repr`` that pastes back, and a JSON-ready :meth:`~Action.to_dict` (the
form a game record uses) that :meth:`Action.from_dict` reads.

>>> Action.parse("discard 9s out")
Action.parse('discard 9s out')
>>> Action.parse("draw discard").to_dict()
{'type': 'draw', 'source': 'discard'}
>>> str(LayOff(Card.parse("Jk"), 0, Card.parse("7h")))
'lay off Jk=7h on 0'
>>> Action.from_dict({"type": "meld", "cards": ["4h", "5h", "6c=6h"]})
Action.parse('meld 4h 5h 6c=6h')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from .._validate import MAX_CARDS, as_index, quote
from ..errors import InvalidActionError, ThreeThirteenError
from ..hands.cards import JOKER, Card
from ..hands.melds import Meld

__all__ = [
    "MAX_ACTION_LENGTH",
    "Action",
    "DiscardCard",
    "DrawDiscard",
    "DrawStock",
    "LayMeld",
    "LayOff",
]

MAX_ACTION_LENGTH = 1000
"""The most characters an action's notation may hold (:meth:`Action.parse`): the
longest action of any game (going out with 16 cards laid in melds, each written
``card=identity``) takes about 200."""

_MAX_PILE = 1000
_MAX_MELD = 1_000_000  # the notation reads indexes of up to 6 digits


class Action:
    """The base of the five kinds of action: :class:`DrawStock`, :class:`DrawDiscard`,
    :class:`DiscardCard`, :class:`LayMeld` and :class:`LayOff`."""

    __slots__ = ()
    kind: ClassVar[str]
    """The action's ``"type"`` in a record: ``"draw"``, ``"discard"``, ``"meld"``, ``"lay_off"``."""

    def to_dict(self) -> dict[str, Any]:
        """The action as a JSON-ready dict, as a game record writes it."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Action:
        """Read an action from its :meth:`to_dict` form (a ``"player"`` key is ignored).

        :raises InvalidActionError: naming what is wrong with it.

        >>> Action.from_dict({"type": "draw", "source": "discard", "pile": 2})
        Action.parse('draw discard 2')
        >>> Action.from_dict({"type": "fly"})
        Traceback (most recent call last):
        ...
        threethirteen.errors.InvalidActionError: unknown action type 'fly' (draw, discard, ...)
        """
        if not isinstance(data, Mapping):
            raise InvalidActionError(f"an action is a dict, not {quote(data)}")
        kind = data.get("type")
        try:
            if kind == "draw":
                source = data.get("source")
                if source == "stock":
                    _only(data, {"source"})
                    return DrawStock()
                if source == "discard":
                    _only(data, {"source", "pile"})
                    return DrawDiscard(_pile(data.get("pile")))
                raise InvalidActionError(
                    f"a draw's source is 'stock' or 'discard', not {quote(source)}"
                )
            if kind == "discard":
                _only(data, {"card", "go_out", "pile", "melds"})
                go_out = data.get("go_out", False)
                if not isinstance(go_out, bool):
                    raise InvalidActionError(f"go_out is true or false, not {quote(go_out)}")
                melds = data.get("melds")
                parsed = None if melds is None else _melds(melds)
                return DiscardCard(_card(data.get("card")), go_out, _pile(data.get("pile")), parsed)
            if kind == "meld":
                _only(data, {"cards"})
                cards = data.get("cards")
                if not isinstance(cards, list) or len(cards) > MAX_CARDS:
                    raise InvalidActionError(f"a meld's cards are a list, not {quote(cards)}")
                if not all(isinstance(card, str) for card in cards):
                    raise InvalidActionError(f"a meld's cards are strings, not {quote(cards)}")
                return LayMeld(Meld.parse(" ".join(cards), min_size=2))
            if kind == "lay_off":
                _only(data, {"card", "meld"})
                card, stands_for = _card_as(data.get("card"))
                meld = as_index(data.get("meld"), "a table meld's index", InvalidActionError)
                return LayOff(card, meld, stands_for)
        except InvalidActionError:
            raise
        except ThreeThirteenError as error:  # a card or a meld that does not parse
            raise InvalidActionError(f"bad {kind} action {quote(dict(data))}: {error}") from None
        raise InvalidActionError(
            f"unknown action type {quote(kind)} (draw, discard, meld, lay_off)"
        )

    @staticmethod
    def parse(text: str) -> Action:
        """Read an action from its notation (the ``str`` of an action):
        ``draw stock``, ``draw discard``, ``draw discard 2``, ``discard 9s``,
        ``discard Jk pile 1``, ``discard 9s out``,
        ``discard 9s out [9d 9h 9c] [4h 5h 6c=6h]``, ``discard 9s out []`` (the
        last card, laying no meld), ``meld 4h 5h 6c=6h``,
        ``lay off 7h on 2``, ``lay off Jk=7h on 2``.

        :raises InvalidActionError: for text that is no action, saying why.

        >>> Action.parse("discard 9s out [9d 9h 9c]").melds
        (Meld.parse('9c 9d 9h'),)
        >>> Action.parse("draw 2")
        Traceback (most recent call last):
        ...
        threethirteen.errors.InvalidActionError: no action 'draw 2': write 'draw stock' or ...
        """
        if not isinstance(text, str):
            raise InvalidActionError(f"an action's notation is a str, not {quote(text)}")
        if len(text) > MAX_ACTION_LENGTH:
            raise InvalidActionError(
                f"an action's notation holds at most {MAX_ACTION_LENGTH} characters,"
                f" not {quote(text)}"
            )
        words = text.split()
        try:
            return _parse_words(words, text)
        except InvalidActionError:
            raise
        except ThreeThirteenError as error:
            raise InvalidActionError(f"no action {quote(text)}: {error}") from None


def _parse_words(words: list[str], text: str) -> Action:
    head = words[0].lower() if words else ""
    if head == "draw":
        if words[1:] == ["stock"]:
            return DrawStock()
        if len(words) in (2, 3) and words[1] == "discard":
            return DrawDiscard(_pile(_number(words[2])) if len(words) == 3 else None)
        raise InvalidActionError(f"no action {quote(text)}: write 'draw stock' or 'draw discard'")
    if head == "discard" and len(words) >= 2:
        card = _card(words[1])
        rest = words[2:]
        pile = None
        if rest[:1] == ["pile"] and len(rest) >= 2:
            pile = _pile(_number(rest[1]))
            rest = rest[2:]
        if not rest:
            return DiscardCard(card, False, pile)
        if rest[0] == "out":
            melds_text = " ".join(rest[1:])
            if not melds_text:
                return DiscardCard(card, True, pile)
            if melds_text == "[]":
                return DiscardCard(card, True, pile, ())
            groups = _bracketed(melds_text)
            if groups is None:
                raise InvalidActionError(
                    f"no action {quote(text)}: write the melds as [9d 9h 9c] [4h 5h 6c=6h]"
                )
            return DiscardCard(card, True, pile, _melds(groups))
    if head == "meld" and len(words) >= 2:
        return LayMeld(Meld.parse(" ".join(words[1:]), min_size=2))
    if head == "lay" and len(words) == 5 and words[1] == "off" and words[3] == "on":
        card, stands_for = _card_as(words[2])
        return LayOff(card, _number(words[4]), stands_for)
    raise InvalidActionError(
        f"no action {quote(text)}: write 'draw stock', 'draw discard', 'discard 9s',"
        " 'discard 9s out', 'meld 4h 5h 6h' or 'lay off 7h on 0'"
    )


def _bracketed(text: str) -> list[str] | None:
    """What the ``[...]`` groups that make up all of ``text`` hold (``"[9d 9h 9c] [4h
    5h 6h]"``: spaces between groups or none; no bracket inside a group), or ``None``
    for text that is something else. One pass over the text, each character read
    once (a regular expression for it backtracks exponentially on some failures).

    >>> _bracketed("[9d 9h 9c] [4h 5h 6h][Jk]"), _bracketed("[9s] x"), _bracketed("[[9s]]")
    (['9d 9h 9c', '4h 5h 6h', 'Jk'], None, None)
    """
    groups: list[str] = []
    position, end = 0, len(text)
    while position < end:
        if text[position] == " ":
            position += 1
            continue
        if text[position] != "[":
            return None
        close = text.find("]", position + 1)
        if close < 0:
            return None
        group = text[position + 1 : close]
        if "[" in group:
            return None
        groups.append(group)
        position = close + 1
    return groups if groups else None


def _number(word: str) -> int:
    if not re.fullmatch(r"[0-9]{1,6}", word):
        limit = "from 0 to 999999" if re.fullmatch(r"-?[0-9]+", word) else "an int"
        raise InvalidActionError(f"an index must be {limit}, not {quote(word)}")
    return int(word)


def _only(data: Mapping[str, Any], allowed: set[str]) -> None:
    known = allowed | {"type", "player"}
    extra = min((str(key) for key in data if key not in known), default=None)  # (no sort)
    if extra is not None:
        raise InvalidActionError(f"unexpected field {quote(extra)} in action {quote(dict(data))}")


def _pile(value: object) -> int | None:
    if value is None:
        return None
    pile = as_index(value, "a discard pile's index", InvalidActionError)
    if not 0 <= pile < _MAX_PILE:
        raise InvalidActionError(f"no discard pile {quote(value)}")
    return pile


def _card(value: object) -> Card:
    if isinstance(value, Card):
        return value
    if not isinstance(value, str):
        raise InvalidActionError(f"a card is written as text such as '9s', not {quote(value)}")
    return Card.parse(value)


def _card_as(value: object) -> tuple[Card, Card | None]:
    """A card written ``card`` or ``card=identity`` (a wild card and what it stands for)."""
    if isinstance(value, str) and "=" in value:
        card, _, identity = value.partition("=")
        return _card(card), _card(identity)
    return _card(value), None


def _melds(groups: object) -> tuple[Meld, ...]:
    if not isinstance(groups, (list, tuple)) or len(groups) > MAX_CARDS:
        raise InvalidActionError(f"melds are a list, not {quote(groups)}")
    melds = []
    cards = 0  # all the melds hold at most MAX_CARDS: read no more than that
    for group in groups:
        if isinstance(group, list) and len(group) > MAX_CARDS - cards:
            raise InvalidActionError(f"melds hold at most {MAX_CARDS} cards")
        if isinstance(group, Meld):
            melds.append(group)
        elif isinstance(group, str):
            melds.append(Meld.parse(group, min_size=2))
        elif isinstance(group, list) and all(isinstance(card, str) for card in group):
            melds.append(Meld.parse(" ".join(group), min_size=2))
        else:
            raise InvalidActionError(f"a meld is a list of cards, not {quote(group)}")
        cards += len(melds[-1])
        if cards > MAX_CARDS:
            raise InvalidActionError(f"melds hold at most {MAX_CARDS} cards")
    return tuple(melds)


def _meld_cards(meld: Meld) -> list[str]:
    return [
        f"{card}={identity}" if wild else str(card)
        for card, identity, wild in zip(meld.cards, meld.stands_for, meld.wild, strict=True)
    ]


@dataclass(frozen=True, slots=True, repr=False)
class DrawStock(Action):
    """Draw the top card of the stock.

    >>> str(DrawStock()), DrawStock().to_dict()
    ('draw stock', {'type': 'draw', 'source': 'stock'})
    """

    kind: ClassVar[str] = "draw"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "draw", "source": "stock"}

    def __str__(self) -> str:
        return "draw stock"


@dataclass(frozen=True, slots=True, repr=False)
class DrawDiscard(Action):
    """Take the top card of a discard pile: the only pile, or under
    ``separate-discards`` player ``pile``'s.

    >>> str(DrawDiscard(1)), DrawDiscard(1).to_dict()
    ('draw discard 1', {'type': 'draw', 'source': 'discard', 'pile': 1})
    """

    pile: int | None = None
    """The pile (a player's index) under ``separate-discards``; ``None`` for the only pile."""
    kind: ClassVar[str] = "draw"

    def __post_init__(self) -> None:
        if self.pile is not None and (type(self.pile) is not int or not 0 <= self.pile < _MAX_PILE):
            object.__setattr__(self, "pile", _pile(self.pile))

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "draw", "source": "discard"}
        if self.pile is not None:
            data["pile"] = self.pile
        return data

    def __str__(self) -> str:
        return "draw discard" if self.pile is None else f"draw discard {self.pile}"


@dataclass(frozen=True, slots=True, repr=False)
class DiscardCard(Action):
    """Discard a card face up, ending the turn; with ``go_out`` the player goes out
    (laying down ``melds``, or the best melding when they are not given).

    >>> action = DiscardCard(Card.parse("Kc"), go_out=True)
    >>> str(action), action.to_dict()
    ('discard Kc out', {'type': 'discard', 'card': 'Kc', 'go_out': True})
    """

    card: Card
    """The card discarded."""
    go_out: bool = False
    """Whether the player goes out (declares going out) with this discard."""
    pile: int | None = None
    """Under ``joker-discards``, the player whose pile a joker goes onto; ``None``:
    the player's own pile (or the only pile)."""
    melds: tuple[Meld, ...] | None = None
    """With ``go_out``, the melds laid down; ``None``: the engine lays the best melding."""
    kind: ClassVar[str] = "discard"

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            object.__setattr__(self, "card", _card(self.card))
        if not isinstance(self.go_out, bool):
            raise InvalidActionError(f"go_out is True or False, not {quote(self.go_out)}")
        if self.pile is not None and (type(self.pile) is not int or not 0 <= self.pile < _MAX_PILE):
            object.__setattr__(self, "pile", _pile(self.pile))
        if self.melds is not None:
            if not self.go_out:
                raise InvalidActionError("melds are laid down only with go_out=True")
            if not isinstance(self.melds, tuple) or not all(
                isinstance(meld, Meld) for meld in self.melds
            ):
                object.__setattr__(self, "melds", _melds(self.melds))

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "discard", "card": str(self.card), "go_out": self.go_out}
        if self.pile is not None:
            data["pile"] = self.pile
        if self.melds is not None:
            data["melds"] = [_meld_cards(meld) for meld in self.melds]
        return data

    def __str__(self) -> str:
        text = f"discard {self.card}"
        if self.pile is not None:
            text += f" pile {self.pile}"
        if self.go_out:
            text += " out"
        if self.melds is not None:  # no melds at all (the hand left is empty): "[]"
            text += " " + (" ".join(f"[{meld}]" for meld in self.melds) or "[]")
        return text


@dataclass(frozen=True, slots=True, repr=False)
class LayMeld(Action):
    """Lay a meld from the hand on the table (table play, or ``redemption``); a wild
    card's stand-in is written ``card=identity``.

    >>> LayMeld(Meld.parse("4h 5h 6c=6h 7h")).to_dict()
    {'type': 'meld', 'cards': ['4h', '5h', '6c=6h', '7h']}
    """

    meld: Meld
    """The meld laid."""
    kind: ClassVar[str] = "meld"

    def __post_init__(self) -> None:
        if not isinstance(self.meld, Meld):
            raise InvalidActionError(f"LayMeld takes a Meld, not {quote(self.meld)}")

    def to_dict(self) -> dict[str, Any]:
        return {"type": "meld", "cards": _meld_cards(self.meld)}

    def __str__(self) -> str:
        return f"meld {self.meld}"


@dataclass(frozen=True, slots=True, repr=False)
class LayOff(Action):
    """Lay one card off onto table meld number ``meld`` (melds are numbered in the
    order they were laid in the round, from 0); a wild card says what it stands for
    (``None``: the engine chooses).

    >>> LayOff(Card.parse("7h"), 2).to_dict()
    {'type': 'lay_off', 'card': '7h', 'meld': 2}
    """

    card: Card
    """The card laid off."""
    meld: int
    """The table meld's index in the round."""
    stands_for: Card | None = None
    """For a wild card, the card it stands for in the meld; ``None`` for a natural card."""
    kind: ClassVar[str] = "lay_off"

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            object.__setattr__(self, "card", _card(self.card))
        if type(self.meld) is not int:
            object.__setattr__(
                self, "meld", as_index(self.meld, "a table meld's index", InvalidActionError)
            )
        if not 0 <= self.meld < _MAX_MELD:
            raise InvalidActionError(f"no table meld {quote(self.meld)}")
        if self.stands_for is not None:
            if not isinstance(self.stands_for, Card):
                object.__setattr__(self, "stands_for", _card(self.stands_for))
            if self.stands_for is not None and self.stands_for.code == JOKER:
                raise InvalidActionError(f"{self.card} cannot stand for a joker")

    def to_dict(self) -> dict[str, Any]:
        card = str(self.card) if self.stands_for is None else f"{self.card}={self.stands_for}"
        return {"type": "lay_off", "card": card, "meld": self.meld}

    def __str__(self) -> str:
        card = str(self.card) if self.stands_for is None else f"{self.card}={self.stands_for}"
        return f"lay off {card} on {self.meld}"
