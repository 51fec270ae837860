"""What one player may know of a game, as plain data: :class:`ViewData`.

A view holds values only: its own copy of the rules, numbers, tuples, hands and
cards, and the cards it shows as card codes (:class:`ViewCodes`). It holds
nothing of the game it was taken from (no list of the game's, not the stock, no
other player's hand), so that a bot given a view can neither read nor change what
it may not. :meth:`Game.view <threethirteen.Game.view>` makes one with
:meth:`ViewData.from_codes`; the arena's protocol and the tests make one with its
constructor.

The data sits below the beliefs' model and the determinization, which read it.
:class:`~threethirteen.PlayerView`, the view :meth:`Game.view
<threethirteen.Game.view>` gives, is :class:`ViewData` with what needs the
engine above it: :meth:`~threethirteen.PlayerView.sample` (a
:class:`~threethirteen.Game` dealt from the view) and
:meth:`~threethirteen.PlayerView.beliefs` (the beliefs' model).

>>> import threethirteen as tt
>>> view = tt.Game("pagat", players=2, seed=7).view(1)
>>> view.player, view.hand, view.stock_size
(1, Hand.parse('7c 2d 3d'), 45)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from functools import lru_cache
from itertools import chain
from typing import Any, Generic, Literal, NamedTuple, TypedDict, TypeVar, overload

from ..errors import GameError
from ..hands.cards import CARDS, Card
from ..hands.hand import Hand
from ..hands.melds import Meld
from ..hands.rounds import Round
from ..hands.rules import Rules
from .actions import Action, LayMeld
from .dealing import pool_codes
from .records import rank_text, rules_dict

__all__ = [
    "HistoryParts",
    "Phase",
    "Reshuffle",
    "TableMeld",
    "ViewCodes",
    "ViewData",
    "ViewFields",
    "round_of",
]

Phase = Literal["draw", "play", "over"]
"""``"draw"``, ``"play"`` or ``"over"``."""

HistoryParts = tuple[tuple[tuple[Any, ...], ...], tuple[Any, ...]]
"""A round's history as the game keeps it for views: a tuple of sealed chunks (tuples
of events) and a tuple of the events since; their concatenation is the history."""

_CARD_AT = CARDS.__getitem__
_T = TypeVar("_T")
_View = TypeVar("_View", bound="ViewData")


@dataclass(frozen=True)
class TableMeld:
    """A meld on the table: who laid it, and the meld as it stands now."""

    owner: int
    """The player who laid it."""
    meld: Meld
    """The meld, with every card laid off onto it."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"owner": 0, "cards": ["4h", "5h", "6c=6h"]}``."""
        return {"owner": self.owner, "cards": LayMeld(self.meld).to_dict()["cards"]}


@dataclass(frozen=True)
class Reshuffle:
    """In a view's history: the discards were shuffled into a new stock. Everyone saw
    these cards in the piles; nobody sees their order."""

    cards: Hand
    """The cards shuffled (sorted)."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"type": "reshuffle", "cards": [...]}``."""
        return {"type": "reshuffle", "cards": [str(card) for card in self.cards]}

    def __str__(self) -> str:
        return f"reshuffle {len(self.cards)} cards"


class ViewCodes(NamedTuple):
    """The cards a :class:`~threethirteen.PlayerView` shows, as card codes (``Card.code``, 0-52) in
    bytes: for encoders, which need no :class:`~threethirteen.Card` objects.

    >>> import threethirteen as tt
    >>> codes = tt.Game("pagat", players=2, seed=7).view(1).card_codes
    >>> [str(tt.Card(code)) for code in codes.hand], codes.known, list(codes.piles[0])
    (['7c', '2d', '3d'], (b'', b''), [7])
    """

    hand: bytes
    """The player's own cards, sorted (:attr:`PlayerView.hand`)."""
    known: tuple[bytes, ...]
    """The cards each player is known to hold, sorted (:attr:`PlayerView.known`)."""
    piles: tuple[bytes, ...]
    """Each discard pile, from bottom to top (:attr:`PlayerView.piles`)."""
    reshuffled: bytes | None
    """The cards of the last reshuffle, sorted (:attr:`PlayerView.reshuffled`)."""


class ViewFields(TypedDict):
    """The fields of a :class:`ViewData` that :meth:`ViewData.from_codes` takes as
    they are (see the view's fields): all but the cards and the history."""

    player: int
    players: int
    rules: Rules
    max_turns: int | None
    round: int
    cards_dealt: int
    wild: int | None
    dealer: int
    to_move: int | None
    phase: Phase
    table: tuple[TableMeld, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    turns: int
    went_out: tuple[bool, ...]
    first_out: int | None
    has_melded: tuple[bool, ...]
    penalties: tuple[int, ...]
    false_outs: tuple[int, ...]
    round_scores: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]


@lru_cache(maxsize=256)
def round_of(rules: Rules, number: int) -> Round:
    """The prepared round ``number`` of ``rules``, made once (a
    :class:`~threethirteen.Round` is an immutable value): games and views share them.

    >>> import threethirteen as tt
    >>> round_of(tt.Rules.preset("pagat"), 1).wild
    3
    """
    return Round(rules, number)


@lru_cache(maxsize=64)
def _pool_bytes(decks: int, jokers: int) -> bytes:
    """The pool's card codes, sorted."""
    return bytes(sorted(pool_codes(decks, jokers)))


def _rules_copy(rules: Rules) -> Rules:
    """A copy of ``rules`` for a view (equal, with the same hash): a bot that forces a
    field of its view's rules (``object.__setattr__``) changes its copy, never the
    game's rules nor another player's view. A shallow copy of the fields' values,
    all immutable, in about a microsecond."""
    copy = object.__new__(Rules)
    copy.__dict__.update(rules.__dict__)
    return copy


_EMPTY_HAND = Hand()
_HANDS: dict[tuple[int, ...], Hand] = {(): _EMPTY_HAND}
"""Hands already made, by their codes in the order given (hands are immutable, so
views share them): a view's dealt hand, known cards and reshuffled cards change
seldom, and a hand often comes back within a round."""

_PILES: dict[tuple[int, ...], tuple[Card, ...]] = {}


def _hand_of(codes: tuple[int, ...]) -> Hand:
    """The hand of ``codes`` (valid codes), made once for each order of them."""
    found = _HANDS.get(codes)
    if found is None:
        found = Hand.from_trusted_codes(list(codes))
        if len(_HANDS) >= 8192:
            _HANDS.clear()
            _HANDS[()] = _EMPTY_HAND
        _HANDS[codes] = found
    return found


def _pile_cards(codes: tuple[int, ...]) -> tuple[Card, ...]:
    """The cards of a discard pile's codes, made once for each pile (views share
    them: a pile changes by a card or two a turn, and often comes back)."""
    found = _PILES.get(codes)
    if found is None:
        if len(_PILES) >= 4096:
            _PILES.clear()
        found = _PILES[codes] = tuple(map(_CARD_AT, codes))
    return found


class _MadeWhenRead(Generic[_T]):
    """A field of a view made by :meth:`ViewData.from_codes` that is made when first
    read, from the codes the view keeps (``make`` reads the view's own attributes),
    and then kept in the view's ``__dict__``. A non-data descriptor: the value in
    the ``__dict__`` (a view made by its constructor, a field read before, an
    unpickled view) is found first, at the speed of a plain attribute. Set on the
    class after the dataclass is made (see :data:`_MADE_WHEN_READ`), so that the
    fields have no default."""

    __slots__ = ("_make", "_name")

    def __init__(self, make: Callable[[dict[str, Any]], _T]) -> None:
        self._make = make
        self._name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    @overload
    def __get__(self, view: None, owner: type | None = None) -> _MadeWhenRead[_T]: ...
    @overload
    def __get__(self, view: object, owner: type | None = None) -> _T: ...
    def __get__(self, view: object, owner: type | None = None) -> Any:
        if view is None:
            return self
        made = view.__dict__
        value = made[self._name] = self._make(made)
        return value


def _history(made: dict[str, Any]) -> tuple[Any, ...]:
    sealed, tail = made["_history_parts"]
    return tuple(chain(*sealed, tail)) if sealed else tail


def _known(made: dict[str, Any]) -> tuple[Hand, ...]:
    return tuple([_hand_of(tuple(known)) for known in made["_codes"].known])


def _piles(made: dict[str, Any]) -> tuple[tuple[Card, ...], ...]:
    return tuple([_pile_cards(tuple(pile)) for pile in made["_codes"].piles])


def _reshuffled(made: dict[str, Any]) -> Hand | None:
    codes: bytes | None = made["_codes"].reshuffled
    return None if codes is None else _hand_of(tuple(codes))


@dataclass(frozen=True)
class ViewData:
    """What one player may know, as plain data: their own hand and everything public,
    nothing else. :class:`~threethirteen.PlayerView`, what
    :meth:`Game.view <threethirteen.Game.view>` gives, is this with what the engine
    above the view does with one (:meth:`~threethirteen.PlayerView.sample`,
    :meth:`~threethirteen.PlayerView.beliefs`); the beliefs' model reads this.
    What is public, what is hidden, and what a view may hold: see
    :class:`~threethirteen.PlayerView`.

    >>> import threethirteen as tt
    >>> view = tt.Game("pagat", players=3, seed=42).view(0)
    >>> view.hand_sizes, view.stock_size, view.known[1]
    ((3, 3, 3), 94, Hand.parse(''))
    """

    player: int
    """Whose view this is."""
    players: int
    """The number of players."""
    rules: Rules
    """The game's rules."""
    max_turns: int | None
    """The game's turn limit per round, or ``None``."""
    round: int
    """The round in play (1 deals the fewest cards)."""
    cards_dealt: int
    """The cards dealt each player this round."""
    wild: int | None
    """The round's wild rank."""
    dealer: int
    """The round's dealer."""
    to_move: int | None
    """Whose turn it is (``None``: the game is over)."""
    phase: Phase
    """``"draw"``, ``"play"`` or ``"over"``."""
    hand: Hand
    """The player's own cards."""
    piles: tuple[tuple[Card, ...], ...]
    """The discard piles, each from bottom to top."""
    table: tuple[TableMeld, ...]
    """The melds on the table, in the order laid."""
    hand_sizes: tuple[int, ...]
    """How many cards each player holds."""
    known: tuple[Hand, ...]
    """The cards each player is known to hold: taken from a discard pile, or shown in
    the melds of a false out, and not since discarded or laid (the player's own too:
    what the others know of it)."""
    stock_size: int
    """The cards left in the stock."""
    reshuffled: Hand | None
    """The cards shuffled into the stock at the round's last reshuffle, or ``None``."""
    turns: int
    """The turns completed this round."""
    went_out: tuple[bool, ...]
    """Who has gone out this round."""
    first_out: int | None
    """The first player out this round, or ``None``."""
    has_melded: tuple[bool, ...]
    """Who has laid a meld on the table this round."""
    penalties: tuple[int, ...]
    """False-out penalties taken this round."""
    history: tuple[tuple[int, Action | Reshuffle], ...]
    """The round's public history: ``(player, action)``, and ``(-1, Reshuffle)``."""
    false_outs: tuple[int, ...]
    """The places in :attr:`history` of the declared outs that were false outs."""
    upcard: Card
    """The card turned up at the deal."""
    dealt_hand: Hand
    """The player's own hand as dealt this round."""
    stock_draws: tuple[Card, ...]
    """The cards the player drew from the stock this round, in order."""
    round_scores: tuple[tuple[int, ...], ...]
    """The scores of the rounds played (void rounds left out)."""
    totals: tuple[int, ...]
    """Each player's total."""

    @classmethod
    def from_codes(
        cls: type[_View],
        fields: ViewFields,
        codes: ViewCodes,
        history: HistoryParts,
        upcard: int,
        dealt_hand: tuple[int, ...],
        stock_draws: bytes,
    ) -> _View:
        """The engine's constructor (:meth:`Game.view <threethirteen.Game.view>`):
        ``fields`` as they are (with a copy of the rules of the view's own); the
        cards as codes, trusted, made into cards and hands when first read (an
        encoder reads only :attr:`card_codes`): those ``codes`` show, the ``upcard``,
        the ``dealt_hand`` and the ``stock_draws``; the round's ``history`` as its
        parts (``HistoryParts``), joined when first read. The view equals the
        one its constructor makes of the same values.

        (A frozen dataclass's constructor sets each of the 29 fields through
        ``object.__setattr__``, and a call with a keyword argument for each binds
        them one by one: either costs more than the rest of a view. This one sets
        the instance's attributes at once, from one dict.)

        >>> import threethirteen as tt
        >>> view = tt.Game("pagat", players=2, seed=7).view(1)
        >>> type(view)(**{f: getattr(view, f) for f in view.__dataclass_fields__}) == view
        True
        """
        view = object.__new__(cls)
        made = view.__dict__
        made.update(fields)
        made["rules"] = _rules_copy(fields["rules"])
        made["_codes"] = codes
        made["_history_parts"] = history
        made["_upcard_code"] = upcard
        made["_dealt_codes"] = dealt_hand
        made["_draw_codes"] = stock_draws
        return view

    @property
    def history_parts(self) -> HistoryParts | None:
        """The round's history as the parts :meth:`from_codes` was given
        (``HistoryParts``), or ``None`` for a view made by its constructor: a game
        sampled from the view keeps them, so that its views share them.

        >>> import threethirteen as tt
        >>> view = tt.Game("pagat", players=2, seed=7).view(1)
        >>> import dataclasses
        >>> view.history_parts, dataclasses.replace(view).history_parts
        (((), ()), None)
        """
        parts: HistoryParts | None = self.__dict__.get("_history_parts")
        return parts

    @property
    def prepared_round(self) -> Round:
        """The round as a :class:`~threethirteen.Round`, for the analysis functions
        (found once a view, and kept: not pickled, not compared)."""
        rules, number = self.rules, self.round
        kept: tuple[Rules, int, Round] | None = self.__dict__.get("_prepared_round")
        if kept is not None and kept[0] is rules and kept[1] == number:
            return kept[2]
        found = round_of(rules, number)
        self.__dict__["_prepared_round"] = (rules, number, found)
        return found

    @property
    def discard_top(self) -> Card | None:
        """The top card of the discard pile, the card ``draw discard`` takes; ``None``
        when the pile is empty. (Under ``separate-discards`` every player has a pile
        and any may be drawn from: read ``view.piles[n][-1]``.)

        :raises GameError: under ``separate-discards``, where no one pile is the
            discard pile.

        >>> import threethirteen as tt
        >>> view = tt.Game("pagat", players=2, seed=3).view(1)
        >>> view.discard_top, view.piles[0][-1]
        (Card.parse('Qh'), Card.parse('Qh'))
        """
        if len(self.piles) != 1:
            raise GameError(
                "under separate-discards every player has a discard pile and any may be"
                " drawn from: read view.piles[n][-1]"
            )
        pile = self.piles[0]
        return pile[-1] if pile else None

    def unseen(self) -> Hand:
        """The cards this player cannot see: the pool less their hand, the piles, the
        table and the cards other players are known to hold."""
        hidden = self._hidden()
        return Hand.from_trusted_codes(list(hidden)) if hidden else _EMPTY_HAND

    def unseen_codes(self) -> bytes:
        """The card codes of :meth:`unseen`, sorted: for samplers and encoders,
        without making cards.

        >>> import threethirteen as tt
        >>> view = tt.Game("pagat", players=2, seed=7).view(1)
        >>> view.unseen_codes() == view.unseen().code_bytes
        True
        """
        return bytes(self._hidden())

    @property
    def card_codes(self) -> ViewCodes:
        """The cards this view shows, as card codes (see :class:`ViewCodes`): what an
        encoder reads, without making cards.

        >>> import threethirteen as tt
        >>> view = tt.Game("pagat", players=2, seed=7).view(1)
        >>> list(view.card_codes.hand) == [card.code for card in view.hand]
        True
        """
        codes: ViewCodes | None = self.__dict__.get("_codes")
        if codes is None:
            codes = ViewCodes(
                self.hand.code_bytes,
                tuple([known.code_bytes for known in self.known]),
                tuple([bytes([card.code for card in pile]) for pile in self.piles]),
                None if self.reshuffled is None else self.reshuffled.code_bytes,
            )
            self.__dict__["_codes"] = codes
        return codes

    def __getstate__(self) -> dict[str, Any]:
        """The fields, with those left for later made first, and the hidden cards."""
        state = {name: getattr(self, name) for name in _VIEW_FIELDS}
        state["_hidden_codes"] = self._hidden()
        return state

    def _hidden(self) -> tuple[int, ...]:
        """The codes of :meth:`unseen`, sorted: worked out from the view's own
        fields (the pool less the cards the view shows), once."""
        found: tuple[int, ...] | None = self.__dict__.get("_hidden_codes")
        if found is None:
            found = self.__dict__["_hidden_codes"] = tuple(self._work_out_hidden())
        return found

    def _work_out_hidden(self) -> bytes:
        """The pool less every card the view shows (its hand, the piles, the table,
        the others' known cards), sorted: public, whoever holds the game."""
        codes = self.card_codes
        player = self.player
        seen = [codes.hand, *codes.piles]
        for other, known in enumerate(codes.known):
            if known and other != player:  # the player's own are in their hand
                seen.append(known)
        table = self.table
        if table:
            seen.append(bytes([card.code for item in table for card in item.meld.cards]))
        rules = self.rules
        pool = _pool_bytes(rules.decks, rules.jokers)
        shown = b"".join(seen)
        if rules.decks == 1 and rules.jokers <= 1:  # one of each card: delete those seen
            return pool.translate(None, shown)
        left = bytearray(pool)
        remove = left.remove
        try:
            for code in shown:
                remove(code)
        except ValueError:  # more copies shown than the pool holds (a view made by hand)
            left = bytearray(pool)
            for code in shown:
                if code in left:
                    left.remove(code)
        return bytes(left)

    def to_dict(self) -> dict[str, Any]:
        """The view as a JSON-ready dict (cards in the library's notation)."""
        return {
            "player": self.player,
            "players": self.players,
            "rules": rules_dict(self.rules, self.players, self.max_turns),
            "max_turns": self.max_turns,
            "round": self.round,
            "cards_dealt": self.cards_dealt,
            "wild": rank_text(self.wild),
            "dealer": self.dealer,
            "to_move": self.to_move,
            "phase": self.phase,
            "hand": [str(card) for card in self.hand],
            "piles": [[str(card) for card in pile] for pile in self.piles],
            "table": [table_meld.to_dict() for table_meld in self.table],
            "hand_sizes": list(self.hand_sizes),
            "known": [[str(card) for card in known] for known in self.known],
            "stock_size": self.stock_size,
            "reshuffled": None if self.reshuffled is None else [str(c) for c in self.reshuffled],
            "turns": self.turns,
            "went_out": list(self.went_out),
            "first_out": self.first_out,
            "has_melded": list(self.has_melded),
            "penalties": list(self.penalties),
            "history": [
                event.to_dict() if player < 0 else {"player": player, **event.to_dict()}
                for player, event in self.history
            ],
            "false_outs": list(self.false_outs),
            "upcard": str(self.upcard),
            "dealt_hand": [str(card) for card in self.dealt_hand],
            "stock_draws": [str(card) for card in self.stock_draws],
            "round_scores": [list(scores) for scores in self.round_scores],
            "totals": list(self.totals),
        }


_MADE_WHEN_READ: dict[str, Callable[[dict[str, Any]], Any]] = {
    "hand": lambda made: _hand_of(tuple(made["_codes"].hand)),
    "piles": _piles,
    "known": _known,
    "reshuffled": _reshuffled,
    "history": _history,
    "upcard": lambda made: CARDS[made["_upcard_code"]],
    "dealt_hand": lambda made: _hand_of(made["_dealt_codes"]),
    "stock_draws": lambda made: tuple(map(_CARD_AT, made["_draw_codes"])),
}
"""The fields of a view made by :meth:`ViewData.from_codes` that are made when first
read, each from what the view keeps (its ``__dict__``: the codes, the history's
parts)."""

for _name, _make in _MADE_WHEN_READ.items():
    _field = _MadeWhenRead(_make)
    _field.__set_name__(ViewData, _name)
    setattr(ViewData, _name, _field)

_VIEW_FIELDS = tuple(item.name for item in fields(ViewData))
"""The fields of a view, which a pickle keeps (with the hidden cards, worked out)."""
