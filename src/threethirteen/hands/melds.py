"""Melds and meldings: the answers the solver gives, as value types.

A meld lists the cards held and what each stands for; a wild card is written
``card=identity``, so ``6c=6h`` is a wild 6♣ standing for 6♥.

>>> meld = Meld.parse("4h 5h 6c=6h")
>>> meld.kind, [str(card) for card, identity in meld.wilds]
('run', ['6c'])
>>> print(meld.unicode())
4♥ 5♥ 6♣=6♥
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, overload

from .. import _faces
from .._validate import MAX_CARDS, as_index, check_int, quote
from ..errors import InvalidCardError, InvalidHandError, InvalidMeldError
from .cards import CARDS, Card
from .meld_rules import meld_text, read_meld_text, run_place, run_span, value_problem
from .rules import MAX_PENALTY

__all__ = ["Discard", "Discards", "Meld", "MeldLike", "Melding"]


@dataclass(frozen=True)
class Meld:
    """A set or a run: the cards held, what each stands for, and which are wild.

    ``cards[i]`` stands for ``stands_for[i]``; a card that is not wild stands for
    itself. Cards are kept in meld order (a run from its lowest rank up).

    A meld value knows no rules: it checks only what no rules allow (fewer than 2
    cards, identities that make no set or run under any ace rule, a joker not
    wild). Whether it is valid in a round is :func:`~threethirteen.verify_meld`'s
    question.

    :raises InvalidMeldError: for fields that make no meld under any rules.
    """

    cards: tuple[Card, ...]
    """The cards held, in meld order (a run from its lowest rank up)."""
    stands_for: tuple[Card, ...]
    """What each card stands for: ``stands_for[i]`` for ``cards[i]``."""
    wild: tuple[bool, ...]
    """Whether each card is wild (a wild card may stand for itself)."""

    def __post_init__(self) -> None:
        for name, kind in (("cards", Card), ("stands_for", Card), ("wild", bool)):
            values = getattr(self, name)
            if not isinstance(values, (tuple, list)) or len(values) > MAX_CARDS:
                raise InvalidMeldError(f"a meld's {name} is a tuple, not {quote(values)}")
            for value in values:
                if not isinstance(value, kind):
                    what = "a Card" if kind is Card else "True or False"
                    raise InvalidMeldError(f"a meld's {name} holds {what}, not {quote(value)}")
        problem = value_problem(self.cards, self.stands_for, self.wild)
        if problem is not None:
            if len(self.cards) == len(self.stands_for) == len(self.wild):
                written = [
                    identity if is_wild else None
                    for identity, is_wild in zip(self.stands_for, self.wild, strict=True)
                ]
                problem = f"meld {meld_text(list(self.cards), written)!r}: {problem}"
            raise InvalidMeldError(problem)
        ranks = [int(identity.rank or 0) for identity in self.stands_for]
        if len(set(ranks)) > 1:
            span = run_span(ranks, high_aces=True)
            assert span is not None  # value_problem checked it
            ace_high = span[1] == 14
            order = sorted(range(len(self.cards)), key=lambda i: run_place(ranks[i], ace_high))
        else:
            order = sorted(range(len(self.cards)), key=lambda i: (self.wild[i], self.cards[i].code))
        object.__setattr__(self, "cards", tuple(self.cards[i] for i in order))
        object.__setattr__(self, "stands_for", tuple(self.stands_for[i] for i in order))
        object.__setattr__(self, "wild", tuple(self.wild[i] for i in order))

    @classmethod
    def from_trusted(
        cls, cards: list[Card], stands_for: list[Card], wild: list[bool], is_set: bool
    ) -> Meld:
        """A meld known to be valid (the solver's): not checked again (the tests
        check every melding the solver returns). A run comes in order; a set
        is put in the order ``__post_init__`` gives: natural cards, then wild, by code."""
        if is_set:
            order = sorted(range(len(cards)), key=lambda i: (wild[i], cards[i].code))
            cards = [cards[i] for i in order]
            stands_for = [stands_for[i] for i in order]
            wild = [wild[i] for i in order]
        meld = object.__new__(cls)
        object.__setattr__(meld, "cards", tuple(cards))
        object.__setattr__(meld, "stands_for", tuple(stands_for))
        object.__setattr__(meld, "wild", tuple(wild))
        return meld

    @classmethod
    def parse(cls, text: str, *, min_size: int = 3) -> Meld:
        """Read a meld in the notation of ``str(meld)``: ``"4h 5h 6c=6h"``.

        A wild card is written ``card=identity``; a card written alone stands for
        itself. Without rules, a meld has at least ``min_size`` cards: 3, the
        smallest meld of every preset; give 2 for rules whose ``min_set`` or
        ``min_run`` is 2 (the solver makes such melds; their ``repr`` says so).
        Whether the meld is valid in a round (wild rank, ace rules, sizes) is
        :func:`~threethirteen.verify_meld`'s question.

        :param text: the meld's notation.
        :param min_size: the fewest cards a meld may hold, 2 or more.
        :raises InvalidMeldError: for text that is no meld: a token that is no
            card (naming it), too few cards, cards that make no set or run.

        >>> Meld.parse("9s 9h Jk=9c").kind
        'set'
        >>> Meld.parse("4h 5h")
        Traceback (most recent call last):
        ...
        threethirteen.errors.InvalidMeldError: meld '4h 5h': too few cards (at least 3)
        >>> Meld.parse("4h 5h", min_size=2)
        Meld.parse('4h 5h', min_size=2)
        """
        min_size = check_int("min_size", min_size, 2, error=InvalidMeldError)
        cards, written = read_meld_text(text)
        identities = tuple(
            card if identity is None else identity
            for card, identity in zip(cards, written, strict=True)
        )
        wild = tuple(identity is not None for identity in written)
        problem = (
            f"too few cards (at least {quote(min_size)})"
            if len(cards) < min_size
            else value_problem(cards, identities, wild)
        )
        if problem is not None:
            raise InvalidMeldError(f"meld {quote(text)}: {problem}")
        return cls(tuple(cards), identities, wild)

    @property
    def kind(self) -> Literal["set", "run"]:
        """``"set"`` or ``"run"``."""
        first = self.stands_for[0].rank
        return "set" if all(card.rank == first for card in self.stands_for) else "run"

    @property
    def wilds(self) -> tuple[tuple[Card, Card], ...]:
        """The wild cards of the meld, each with what it stands for."""
        return tuple(
            (card, identity)
            for card, identity, is_wild in zip(self.cards, self.stands_for, self.wild, strict=True)
            if is_wild
        )

    def _notation(self, name: str) -> str:
        parts = []
        for card, identity, is_wild in zip(self.cards, self.stands_for, self.wild, strict=True):
            text = getattr(card, name)() if name != "str" else str(card)
            if is_wild:
                text += "=" + (getattr(identity, name)() if name != "str" else str(identity))
            parts.append(text)
        return " ".join(parts)

    def unicode(self) -> str:
        """The meld with suit symbols."""
        return self._notation("unicode")

    def to_dict(self) -> dict[str, Any]:
        """The meld as JSON-ready data; :meth:`from_dict` reads it back.

        >>> Meld.parse("4h 5h 6c=6h").to_dict()
        {'kind': 'run', 'cards': ['4h', '5h', '6c'], 'stands_for': ['4h', '5h', '6h'], \
'wild': [False, False, True]}
        """
        return {
            "kind": self.kind,
            "cards": [str(card) for card in self.cards],
            "stands_for": [str(card) for card in self.stands_for],
            "wild": list(self.wild),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Meld:
        """The meld of :meth:`to_dict`'s data (``kind`` is not needed).

        :raises InvalidMeldError: for data that is no dict with the three lists, a
            card that is not a card's text, a wild flag that is not True or False,
            or lists that make no meld.

        >>> meld = Meld.parse("9s 9h Jk=9c")
        >>> Meld.from_dict(meld.to_dict()) == meld
        True
        """
        try:
            lists = [data["cards"], data["stands_for"], data["wild"]]
        except (KeyError, TypeError, IndexError) as error:
            raise InvalidMeldError(f"not a meld's data: {quote(data)}") from error
        for values in lists:
            if not isinstance(values, (list, tuple)) or len(values) > MAX_CARDS:
                raise InvalidMeldError(f"not a meld's data: {quote(data)}")
        try:
            cards = tuple(Card.parse(text) for text in lists[0])
            stands_for = tuple(Card.parse(text) for text in lists[1])
        except InvalidCardError as error:
            raise InvalidMeldError(f"{error} in a meld's data") from None
        for flag in lists[2]:
            if not isinstance(flag, bool):
                raise InvalidMeldError(f"a meld's wild flag is true or false, not {quote(flag)}")
        return cls(cards, stands_for, tuple(lists[2]))

    def __len__(self) -> int:
        return len(self.cards)

    def __str__(self) -> str:
        return self._notation("str")

    def __repr__(self) -> str:
        if len(self.cards) < 3:
            return f"Meld.parse({str(self)!r}, min_size={len(self.cards)})"
        return f"Meld.parse({str(self)!r})"

    def _svg_group(self) -> list[tuple[int, int | None]]:
        """(code, code it stands for if wild else None) per card, for :mod:`._faces`."""
        return [
            (card.code, identity.code if is_wild else None)
            for card, identity, is_wild in zip(self.cards, self.stands_for, self.wild, strict=True)
        ]

    def _repr_svg_(self) -> str:
        """The meld as SVG card faces, for Jupyter; the same as ``threethirteen.svg.meld``."""
        return _faces.row_svg([self._svg_group()], [self.kind], title=self.unicode())


@dataclass(frozen=True)
class Melding:
    """A best melding of a hand: disjoint melds, the deadwood, and its score.

    >>> import threethirteen as tt
    >>> m = tt.best_melds("9s 9h 9d 4h 5h 6c Kd", wild=6)
    >>> m.melds, m.deadwood, m.score
    ((Meld.parse('9d 9h 9s'), Meld.parse('4h 5h 6c=6h')), (Card.parse('Kd'),), 10)
    >>> print(m)
    [9d 9h 9s] [4h 5h 6c=6h] deadwood: Kd score: 10
    """

    melds: tuple[Meld, ...]
    """The melds, disjoint."""
    deadwood: tuple[Card, ...]
    """The cards in no meld."""
    score: int
    """What the deadwood costs under the rules: the deadwood score."""

    def __post_init__(self) -> None:
        """Check the types, and the score as far as it can be checked without the
        rules: an int from 0 (always 0 without deadwood) to the most the deadwood
        can cost (:data:`~threethirteen.hands.rules.MAX_PENALTY` a card)."""
        for name, kind in (("melds", Meld), ("deadwood", Card)):
            values = getattr(self, name)
            if not isinstance(values, (tuple, list)) or len(values) > MAX_CARDS:
                raise InvalidHandError(f"a melding's {name} is a tuple, not {quote(values)}")
            for value in values:
                if not isinstance(value, kind):
                    raise InvalidHandError(
                        f"a melding's {name} holds {kind.__name__}s, not {quote(value)}"
                    )
            object.__setattr__(self, name, tuple(values))
        score = self.score
        if type(score) is not int:  # a numpy integer is taken as its int
            score = as_index(score, "a melding's score", InvalidHandError)
            object.__setattr__(self, "score", score)
        most = len(self.deadwood) * MAX_PENALTY
        if score < 0:
            raise InvalidHandError(f"a melding's score is at least 0, not {quote(score)}")
        if score > most:
            why = (
                "a melding without deadwood scores 0"
                if not self.deadwood
                else f"{len(self.deadwood)} cards of deadwood cost at most {most}"
            )
            raise InvalidHandError(f"a melding's score of {quote(score)} is impossible: {why}")

    @classmethod
    def from_trusted(
        cls, melds: tuple[Meld, ...], deadwood: tuple[Card, ...], score: int
    ) -> Melding:
        """A melding known to be right (the solver's), made without the dataclass's
        own ``__init__``, which is slower."""
        melding = object.__new__(cls)
        object.__setattr__(melding, "melds", melds)
        object.__setattr__(melding, "deadwood", deadwood)
        object.__setattr__(melding, "score", score)
        return melding

    @classmethod
    def deferred(
        cls, score: int, build: Callable[[], tuple[tuple[Meld, ...], tuple[Card, ...]]]
    ) -> Melding:
        """A melding whose score is known and whose melds and deadwood ``build()``
        makes the first time they are read: :func:`best_discard` returns the card
        and the score at the cost of the search, and the melds cost only those who
        look at them. It behaves in every way as the melding ``build`` makes."""
        melding = object.__new__(cls)
        melding.__dict__.update(score=score, _build=build)
        return melding

    def __getattr__(self, name: str) -> Any:
        # Called only for attributes not set: the melds and deadwood of deferred().
        build = self.__dict__.get("_build")
        if build is None or name not in ("melds", "deadwood"):
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        melds, deadwood = build()
        object.__setattr__(self, "melds", melds)
        object.__setattr__(self, "deadwood", deadwood)
        self.__dict__.pop("_build", None)
        return self.__dict__[name]

    def __getstate__(self) -> dict[str, Any]:
        """The three fields (built first if they were left for later)."""
        return {"melds": self.melds, "deadwood": self.deadwood, "score": self.score}

    def to_dict(self) -> dict[str, Any]:
        """The melding as JSON-ready data; :meth:`from_dict` reads it back.

        >>> import threethirteen as tt
        >>> tt.best_melds("9s 9h 9d Kd", wild=None).to_dict()
        {'melds': [{'kind': 'set', 'cards': ['9d', '9h', '9s'], 'stands_for': ['9d', '9h', '9s'], \
'wild': [False, False, False]}], 'deadwood': ['Kd'], 'score': 10}
        """
        return {
            "melds": [meld.to_dict() for meld in self.melds],
            "deadwood": [str(card) for card in self.deadwood],
            "score": self.score,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Melding:
        """The melding of :meth:`to_dict`'s data.

        :raises InvalidHandError: for data that is no dict of melds, deadwood and a
            score; for a score that is no int, is negative, is not 0 without
            deadwood, or is more than the deadwood can cost (see ``__post_init__``).
        :raises InvalidCardError: for a card that is not a card's text.

        >>> import threethirteen as tt
        >>> melding = tt.best_melds("9s 9h 9d 4h 5h 6c Kd", wild=6)
        >>> Melding.from_dict(melding.to_dict()) == melding
        True
        """
        try:
            lists = [data["melds"], data["deadwood"]]
            score = data["score"]
        except (KeyError, TypeError, IndexError) as error:
            raise InvalidHandError(f"not a melding's data: {quote(data)}") from error
        for values in lists:
            if not isinstance(values, (list, tuple)) or len(values) > MAX_CARDS:
                raise InvalidHandError(f"not a melding's data: {quote(data)}")
        melds = tuple(Meld.from_dict(item) for item in lists[0])
        deadwood = tuple(sorted(Card.parse(text) for text in lists[1]))
        return cls(melds, deadwood, score)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the melding: the melds' cards and the deadwood, sorted."""
        held = [card for meld in self.melds for card in meld.cards]
        return tuple(sorted(held + list(self.deadwood)))

    def unicode(self) -> str:
        """The melding with suit symbols."""
        melds = " ".join(f"[{meld.unicode()}]" for meld in self.melds)
        deadwood = " ".join(card.unicode() for card in self.deadwood) or "-"
        return f"{melds} deadwood: {deadwood} score: {self.score}".lstrip()

    def __str__(self) -> str:
        melds = " ".join(f"[{meld}]" for meld in self.melds)
        deadwood = " ".join(str(card) for card in self.deadwood) or "-"
        return f"{melds} deadwood: {deadwood} score: {self.score}".lstrip()

    def _repr_svg_(self) -> str:
        """The melding as SVG card faces, for Jupyter; as ``threethirteen.svg.melding``."""
        return _faces.melding_svg(
            [meld._svg_group() for meld in self.melds],
            [card.code for card in self.deadwood],
            score=self.score,
            title=self.unicode(),
        )


MeldLike = Meld | str
"""A meld as callers give it: a :class:`Meld` or its notation (``"4h 5h 6c=6h"``;
a wild card is written ``card=identity``)."""


class Discard(NamedTuple):
    """A card discarded and the best melding of the cards it leaves.

    :func:`~threethirteen.best_discard` returns the best one;
    :func:`~threethirteen.discards` every one, best first.
    """

    card: Card
    """The card discarded."""
    melding: Melding
    """A best melding of the cards it leaves."""

    @property
    def score(self) -> int:
        """The deadwood score the discard leaves."""
        return self.melding.score

    @property
    def goes_out(self) -> bool:
        """Whether the discard leaves every other card melded: the hand goes out.

        >>> import threethirteen as tt
        >>> tt.best_discard("9s 9h 9d Kd", wild=None).goes_out
        True
        """
        return self.melding.score == 0 and not self.melding.deadwood

    def to_dict(self, *, melding: bool = True) -> dict[str, Any]:
        """The discard as JSON-ready data: the card, the score it leaves, whether it
        goes out, and (unless ``melding=False``, for a ranking of many discards
        that builds no melding it does not need) the melding it leaves.

        >>> import threethirteen as tt
        >>> data = tt.best_discard("9s 9h 9d Kd", wild=None).to_dict()
        >>> data["card"], data["score"], data["goes_out"], data["melding"]["deadwood"]
        ('Kd', 0, True, [])
        >>> tt.discards("9s 9h 9d Kd", wild=None)[1].to_dict(melding=False)
        {'card': '9s', 'score': 28, 'goes_out': False}
        """
        data: dict[str, Any] = {
            "card": str(self.card),
            "score": self.score,
            "goes_out": self.goes_out,
        }
        if melding:
            data["melding"] = self.melding.to_dict()
        return data


class Discards(Sequence[Discard]):
    """Every distinct discard of a hand, best first, each with the melding it leaves.

    A sequence of :class:`Discard`. ``cards`` and ``scores`` list the discards and
    the scores they leave without building any melding; each melding is built the
    first time it is read.

    >>> import threethirteen as tt
    >>> ranking = tt.discards("9s 9h 9d 4h 5h Kd", wild=None)
    >>> [str(card) for card in ranking.cards], ranking.scores
    (['Kd', '5h', '4h', '9s', '9h', '9d'], (9, 14, 15, 37, 37, 37))
    >>> print(ranking[0].melding)
    [9d 9h 9s] deadwood: 4h 5h score: 9
    >>> ranking
    <Discards Kd: 9, 5h: 14, 4h: 15, 9s: 37, 9h: 37, 9d: 37>
    """

    __slots__ = ("_cards", "_codes", "_items", "_make", "_scores")

    def __init__(self, discards: Iterable[Discard] = ()) -> None:
        items = tuple(discards)
        for item in items:
            if not isinstance(item, Discard):
                raise TypeError(f"not a Discard: {item!r}")
        self._items: list[Discard | None] | None = list(items)
        self._make: Callable[[int], Discard] | None = None
        self._cards: tuple[Card, ...] | None = tuple(item.card for item in items)
        self._codes = bytes(card.code for card in self._cards)
        self._scores = tuple(item.score for item in items)

    @classmethod
    def deferred(
        cls, codes: bytes, scores: tuple[int, ...], make: Callable[[int], Discard]
    ) -> Discards:
        """The discards the solver found, as card codes and scores: the cards are made
        when first read, and ``make(i)`` builds the i-th discard when it is read."""
        discards = object.__new__(cls)
        discards._codes = codes
        discards._scores = scores
        discards._cards = None
        discards._items = None
        discards._make = make
        return discards

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, best discard first."""
        cards = self._cards
        if cards is None:
            cards = self._cards = tuple([CARDS[code] for code in self._codes])
        return cards

    @property
    def scores(self) -> tuple[int, ...]:
        """The score each discard leaves, in the order of :attr:`cards`."""
        return self._scores

    @property
    def best(self) -> Discard:
        """The best discard (the first).

        :raises IndexError: for an empty hand.
        """
        return self[0]

    def score_of(self, card: Card | str) -> int:
        """The score discarding ``card`` leaves.

        :raises KeyError: when the hand holds no such card.

        >>> import threethirteen as tt
        >>> tt.discards("9s 9h 9d 4h 5h Kd", wild=None).score_of("4h")
        15
        """
        if isinstance(card, str):
            card = Card.parse(card)
        index = self._codes.find(card.code) if isinstance(card, Card) else -1
        if index < 0:
            raise KeyError(card)
        return self._scores[index]

    def _item(self, index: int) -> Discard:
        items = self._items
        if items is None:
            items = self._items = [None] * len(self._codes)
        item = items[index]
        if item is None:
            assert self._make is not None
            item = items[index] = self._make(index)
        return item

    @overload
    def __getitem__(self, index: int) -> Discard: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Discard, ...]: ...
    def __getitem__(self, index: int | slice) -> Discard | tuple[Discard, ...]:
        if isinstance(index, slice):
            return tuple(self._item(i) for i in range(len(self._codes))[index])
        return self._item(range(len(self._codes))[index])

    def __len__(self) -> int:
        return len(self._codes)

    def __iter__(self) -> Iterator[Discard]:
        return (self._item(i) for i in range(len(self._codes)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Discards):
            return NotImplemented
        return tuple(self) == tuple(other)

    def __hash__(self) -> int:
        return hash((self._codes, self._scores))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Discards, (tuple(self),))

    def __repr__(self) -> str:
        pairs = zip(self.cards, self._scores, strict=True)
        ranking = ", ".join(f"{card}: {score}" for card, score in pairs)
        return f"<Discards {ranking or 'none'}>"

    def to_dict(self) -> dict[str, Any]:
        """Every discard, best first, as JSON-ready data (each melding is built).

        >>> import threethirteen as tt
        >>> [item["card"] for item in tt.discards("9s 9h 9d Kd", wild=None).to_dict()["discards"]]
        ['Kd', '9s', '9h', '9d']
        """
        return {"discards": [item.to_dict() for item in self]}


def __getattr__(name: str) -> Any:
    """``BestDiscard``, the old name of :class:`Discard`, with a warning."""
    if name == "BestDiscard":
        warnings.warn(
            "threethirteen.hands.melds.BestDiscard is deprecated; use Discard",
            DeprecationWarning,
            stacklevel=2,
        )
        return Discard
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
