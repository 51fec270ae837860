"""The game engine: a whole game of Three Thirteen, played action by action.

A :class:`Game` deals every round from its seed, knows whose turn it is and which
actions are legal, applies them (raising :class:`~threethirteen.IllegalActionError`
with the reason for one that is not), scores every round with the library's exact
deadwood score and the variations' adjustments, and writes a record that replays.
:meth:`Game.view` gives a :class:`PlayerView`: exactly what one player may know;
:meth:`PlayerView.sample` deals the cards that player cannot see at random and
returns a full game to play on (a determinization, for search).

>>> import threethirteen as tt
>>> game = tt.Game("pagat", players=3, seed=42)
>>> game.round, game.wild, game.dealer, game.to_move
(1, 3, 0, 1)
>>> game.legal_actions()
[Action.parse('draw stock'), Action.parse('draw discard')]
>>> game.apply(tt.Action.parse("draw stock"))
>>> game.phase, len(game.hand(1))
('play', 4)
"""

from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from .._lazy import LazyModule
from .._validate import (
    MAX_CARDS,
    MAX_SEED,
    as_index,
    check_int,
    cut,
    is_iterable,
    items,
    quote,
    tokens,
)
from ..errors import (
    GameError,
    IllegalActionError,
    InvalidActionError,
    InvalidInputError,
    InvalidMeldError,
    InvalidRecordError,
    InvalidRulesError,
)
from ..hands.analysis import best_melds, can_go_out, discards
from ..hands.cards import CARDS, JOKER, Card
from ..hands.hand import Hand
from ..hands.meld_rules import is_wild_code, verify_meld
from ..hands.melds import Meld, Melding
from ..hands.rounds import Round
from ..hands.rules import MAX_PLAYERS, MAX_TURNS, MAX_VARIATIONS, Rules, RulesLike
from .actions import Action, DiscardCard, DrawDiscard, DrawStock, LayMeld, LayOff
from .beliefs import BeliefState, work_out_beliefs
from .dealing import new_seed, pool_codes, shuffled
from .determinize import Deal, SampleError, sample_history
from .public_replay import discard_pile, first_piles, reshuffle_split
from .record_replay import replay_record
from .records import MAX_RECORD_ACTIONS, event_dicts, game_record, rank_text, score_sheet
from .scoring import is_void, round_scores
from .table_play import extended, lay_off_identity, lay_off_targets, smallest_melds
from .view import HistoryParts, Phase, Reshuffle, TableMeld, ViewCodes, ViewData, round_of

if TYPE_CHECKING:
    import numpy as np
else:  # numpy is imported when first used, not with the package
    np = LazyModule("numpy")

__all__ = [
    "END_REASONS",
    "Game",
    "GameCodes",
    "PlayerView",
    "Reshuffle",
    "TableMeld",
    "ViewCodes",
]

END_REASONS = ("out", "empty_hand", "stock", "turn_limit")
"""Why a round ended: a player went out (and the last turns were played); a hand
emptied in table play; nothing was left to reshuffle; the turn limit was reached."""

_DRAW, _PLAY, _OVER = 0, 1, 2
_PHASES: tuple[Phase, Phase, Phase] = ("draw", "play", "over")
_DRAW_STOCK = DrawStock()
_DISCARD = tuple(DiscardCard(CARDS[code]) for code in range(53))
_GO_OUT = tuple(DiscardCard(CARDS[code], go_out=True) for code in range(53))
_DRAW_PILE = DrawDiscard()
_DRAW_PILE_OF = tuple(DrawDiscard(pile) for pile in range(MAX_PLAYERS))
_CARD_AT = CARDS.__getitem__
_CARD_TEXT = tuple(str(card) for card in CARDS)
"""Each card code's text in a record (``str(Card)``), made once."""


@lru_cache(maxsize=64)
def _pool_counts(decks: int, jokers: int) -> tuple[int, ...]:
    counts = [decks] * 52 + [jokers]
    return tuple(counts)


class _Pending(NamedTuple):
    """What a sampled game needs to work out the round's history when asked: the
    view it was sampled from, the unseen cards dealt, a seed (a named tuple: made
    for every sample, where a frozen dataclass costs a few microseconds)."""

    view: ViewData
    hands: list[list[int]]
    stock: list[int]
    seed: int


_Dealt = tuple[tuple[tuple[int, ...], ...], list[Any], Sequence[tuple[int, ...]]]
"""What a sample knows of the round before it: each hand as dealt, each player's draws
from the stock (bytes or bytearrays), the reshuffles' orders."""

_NO_DEAL_RECORD: dict[str, Any] = {}
"""A sampled game's deal record: none (shared, never changed: copies share a round's
deal record already)."""

_new_pending = tuple.__new__
"""Makes a :class:`_Pending` from a tuple of its fields, without the named tuple's
``__new__`` (a Python function: a sample makes one)."""


class _SampleBase:
    """What every sample of one view starts from, worked out from the view's public
    fields once (:func:`_sample_base`) and kept in the view (a search samples one
    view many times): the cards to deal and where they go, and the sampled game's
    public state, made of the view's immutable values, shared by the samples until
    one changes them (copy on write, see :class:`_RoundState`). Nothing in it is
    hidden from the view's player."""

    __slots__ = (
        "cards_dealt",
        "dealer",
        "events",
        "false_outs",
        "first_out",
        "hand",
        "has_melded",
        "hidden",
        "known",
        "known_lists",
        "max_turns",
        "out",
        "owned",
        "penalties",
        "phase",
        "piles",
        "player",
        "players",
        "reshuffled",
        "reshuffles",
        "round",
        "round_index",
        "round_scores",
        "rules",
        "spans",
        "stock_size",
        "table",
        "to_move",
        "totals",
        "turns",
        "upcard",
    )

    hidden: tuple[int, ...]
    """The cards the player cannot see, sorted (:meth:`ViewData.unseen_codes`)."""
    stock_size: int
    spans: tuple[tuple[int, int], ...]
    """Where each player's unknown cards are in the hidden cards once shuffled (after
    the stock's): ``(start, end)``, empty for the view's player."""
    known_lists: tuple[list[int], ...]
    """The cards each player is known to hold (the view's player: none), as lists
    to add the unknown ones to."""
    player: int
    hand: list[int]
    """The player's own hand (never changed: each sample copies it)."""
    piles: list[Sequence[int]]
    """The discard piles (bytes, never changed: each sample copies the list)."""
    known: list[Sequence[int]]
    """The cards each player is known to hold (bytes, never changed: each sample
    copies the list)."""
    owned: int
    """The lists a sample makes its own (:attr:`_RoundState.owned`): the hands and
    the stock."""
    rules: Rules
    players: int
    max_turns: int | None
    round_index: int
    dealer: int
    round_scores: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    round: Round
    cards_dealt: int
    phase: int
    to_move: int | None
    first_out: int | None
    turns: int
    reshuffles: int
    reshuffled: tuple[int, ...] | None
    """The cards of the last reshuffle, sorted (a tuple: the samples share it, and a
    view must not reach a list its sample holds)."""
    upcard: int
    table: tuple[TableMeld, ...]
    has_melded: tuple[bool, ...]
    penalties: tuple[int, ...]
    out: tuple[bool, ...]
    false_outs: tuple[int, ...]
    events: tuple[tuple[int, Any], ...]


def _sample_base(view: ViewData) -> _SampleBase:
    """The :class:`_SampleBase` of ``view``: worked out once, then kept in the view
    (a value made of its public fields, like its unseen cards; not compared, not
    pickled)."""
    found: _SampleBase | None = view.__dict__.get("_sample_base")
    if found is not None:
        return found
    base = _SampleBase()
    codes = view.card_codes  # (the view's cards as codes: no cards made)
    me = base.player = view.player
    players = base.players = view.players
    base.hidden = view._hidden()
    size = base.stock_size = view.stock_size
    spans = []
    position = size
    for other, held in enumerate(view.hand_sizes):
        unknown = 0 if other == me else held - len(codes.known[other])
        spans.append((position, position + unknown))
        position += unknown
    base.spans = tuple(spans)
    base.known_lists = tuple(
        [[] if other == me else list(known) for other, known in enumerate(codes.known)]
    )
    base.hand = list(codes.hand)
    base.piles = list[Sequence[int]](codes.piles)
    base.known = list[Sequence[int]](codes.known)
    base.owned = ((1 << players) - 1) << _HANDS_BIT | 1 << _STOCK_BIT
    base.rules = view.rules
    base.max_turns = view.max_turns
    base.round_index = view.round - 1
    base.dealer = view.dealer
    base.round_scores = tuple(view.round_scores)
    base.totals = tuple(view.totals)
    base.round = view.prepared_round
    base.cards_dealt = view.cards_dealt
    base.phase = _PHASES.index(view.phase)
    base.to_move = view.to_move
    base.first_out = view.first_out
    base.turns = view.turns
    history = tuple(view.history)
    if codes.reshuffled is None:
        base.reshuffles = 0
        base.reshuffled = None
    else:
        base.reshuffles = sum(1 for player, _ in history if player < 0)
        base.reshuffled = tuple(codes.reshuffled)
    base.upcard = view.upcard.code
    base.table = tuple(view.table)
    base.has_melded = tuple(view.has_melded)
    base.penalties = tuple(view.penalties)
    base.out = tuple(view.went_out)
    base.false_outs = tuple(view.false_outs)
    base.events = history
    view.__dict__["_sample_base"] = base
    return base


class _FalseOut(str):
    """Why a declared out is not out: a false out, which ``false-out`` allows."""


_EMPTY_HAND = Hand()


def _hand(codes: list[int]) -> Hand:
    return Hand.from_trusted_codes(codes) if codes else _EMPTY_HAND


_CHUNK = 32
"""How many events a sealed chunk of a round's history holds (see
:meth:`Game._history_now`)."""

_NO_HISTORY: HistoryParts = ((), ())


def _listed(action: object, legal: list[Action]) -> bool:
    """Whether ``action`` is in ``legal``: the very object first (an action taken
    from the list, the common case, is found without comparing values)."""
    for item in legal:
        if item is action:
            return True
    return isinstance(action, Action) and action in legal  # (a numpy array compares oddly)


def _notation(action: object) -> str:
    """An action's notation quoted (``'draw stock'``), cut short when long; for
    something else, its text or (when it has none: an int of too many digits, a list
    nested too deeply) its quote."""
    try:
        return quote(str(action))
    except Exception:  # (a str() that fails: a huge int, deep nesting, a hostile object)
        return quote(action)


def _without(codes: list[int], taken: Iterable[int]) -> list[int] | None:
    """``codes`` less the multiset ``taken``, or ``None`` when it does not hold them."""
    left = list(codes)
    for code in taken:
        try:
            left.remove(code)
        except ValueError:
            return None
    return left


_MOST_RESHUFFLES = MAX_RECORD_ACTIONS
"""The most reshuffles :meth:`Game.deal` takes for a round (a record's most entries)."""


def _card_codes(cards: object, what: str) -> list[int]:
    """The codes of ``cards`` given to :meth:`Game.deal`, in their order: a text of
    cards, or a list of cards, card texts or card codes (ints from 0 to 52); perhaps
    the list given itself (the caller's to copy if it keeps it).

    :raises GameError: naming ``what`` for a value that is none of these.
    """
    if isinstance(cards, str):
        found: list[Any] = tokens(cards, GameError, what)
    elif type(cards) is list and len(cards) <= MAX_CARDS:  # (read as it is: not kept)
        found = cards
    else:
        found = items(cards, what, GameError)
    kinds = set(map(type, found))  # (all codes, or all cards: the common cases, at once)
    if kinds <= {int} and (not found or (min(found) >= 0 and max(found) < len(CARDS))):
        return found
    if kinds == {Card}:
        return [card.code for card in found]
    codes = []
    for card in found:
        if isinstance(card, Card):
            codes.append(card.code)
        elif isinstance(card, str):
            try:
                codes.append(Card.parse(card).code)
            except InvalidInputError as error:
                raise GameError(f"{what}: {error}") from None
        elif type(card) is int and 0 <= card < len(CARDS):
            codes.append(card)
        else:
            raise GameError(
                f"{what}: a card is a Card, its text or its code (0 to 52), not {quote(card)}"
            )
    return codes


def _not_pool(codes: list[int], pool: list[int]) -> str | None:
    """What keeps ``codes`` from being the (sorted) ``pool``'s cards, or ``None``."""
    if sorted(codes) == pool:
        return None
    dealt, held = Counter(codes), Counter(pool)
    extra = sorted((dealt - held).elements())
    if extra:
        return f"{CARDS[extra[0]]} is dealt more often than the pool holds it"
    return f"{CARDS[min((held - dealt).elements())]} is missing"


_HANDS_BIT, _KNOWN_BIT, _DRAWS_BIT, _PILES_BIT = 0, MAX_PLAYERS, 2 * MAX_PLAYERS, 3 * MAX_PLAYERS
"""The first bit of each player's hand, known cards, draws and pile in
:attr:`_RoundState.owned` (a bit a player or pile)."""
_STOCK_BIT = 4 * MAX_PLAYERS
_EVENTS_BIT = _STOCK_BIT + 1
_TABLE_BIT = _STOCK_BIT + 2
_MELDED_BIT = _STOCK_BIT + 3
_PENALTIES_BIT = _STOCK_BIT + 4
_OUT_BIT = _STOCK_BIT + 5
_FALSE_OUTS_BIT = _STOCK_BIT + 6
_ORDERS_BIT = _STOCK_BIT + 7
"""The bit of each list the round's state holds whole in :attr:`_RoundState.owned`."""
_OWNS_ALL = -1
"""Every bit set: a state whose every list is its own (a new deal)."""


class _RoundState:
    """The state of the round in play: every field a deal makes afresh (a new round
    is a new one of these).

    Copies share their lists until one of them changes one (copy on write): a copy
    (:meth:`share`) has its own outer lists (of the hands, known cards, draws and
    piles) holding the same inner ones, and the same whole lists (the stock, the
    history, the table...); :attr:`owned` says which of them a state may change in
    place. A list not owned is copied (and then owned) before it is first changed:
    through :meth:`hand_to_change` and the other ``..._to_change`` methods, the
    only way the engine changes a list of the state in place. A list not owned may
    be a tuple or bytes (a sampled game's, shared with the view it came from)."""

    __slots__ = (
        "cards_dealt",
        "deal_record",
        "dealt_hands",
        "events",
        "false_outs",
        "first_out",
        "hands",
        "has_melded",
        "history_parts",
        "known",
        "legal",
        "orders",
        "out",
        "owned",
        "penalties",
        "pending",
        "phase",
        "piles",
        "reshuffled",
        "reshuffles",
        "round",
        "stock",
        "stock_draws",
        "table",
        "to_move",
        "turns",
        "upcard",
    )

    round: Round
    cards_dealt: int
    hands: list[list[int]]
    stock: list[int]
    piles: list[list[int]]
    """The discard piles: lists, save a sample's bytes shared with its view until
    :meth:`pile_to_change` copies one."""
    table: Sequence[TableMeld]
    known: list[Sequence[int]]
    has_melded: Sequence[bool]
    penalties: Sequence[int]
    out: Sequence[bool]
    first_out: int | None
    turns: int
    reshuffles: int
    reshuffled: Sequence[int] | None
    events: Sequence[tuple[int, Any]]
    history_parts: HistoryParts
    orders: Sequence[tuple[int, ...]]
    upcard: int
    dealt_hands: tuple[tuple[int, ...], ...]
    stock_draws: list[bytearray]
    false_outs: Sequence[int]
    pending: _Pending | None
    deal_record: dict[str, Any]
    phase: int
    to_move: int | None
    legal: list[Action] | None
    owned: int
    """Which lists this state may change in place: a bit each (``_HANDS_BIT +
    player``..., ``_STOCK_BIT``...); the others are shared with a copy."""

    def share(self) -> _RoundState:
        """An independent copy, sharing every list with this state until one of the
        two changes it (neither owns a list after this)."""
        new = _RoundState()
        new.round = self.round
        new.cards_dealt = self.cards_dealt
        new.hands = self.hands[:]
        new.stock = self.stock
        new.piles = self.piles[:]
        new.table = self.table
        new.known = self.known[:]
        new.has_melded = self.has_melded
        new.penalties = self.penalties
        new.out = self.out
        new.first_out = self.first_out
        new.turns = self.turns
        new.reshuffles = self.reshuffles
        new.reshuffled = self.reshuffled
        new.events = self.events
        new.history_parts = self.history_parts
        new.orders = self.orders
        new.upcard = self.upcard
        new.dealt_hands = self.dealt_hands
        new.stock_draws = self.stock_draws[:]
        new.false_outs = self.false_outs
        new.pending = self.pending
        new.deal_record = self.deal_record
        new.phase = self.phase
        new.to_move = self.to_move
        new.legal = self.legal
        new.owned = self.owned = 0
        return new

    def hand_to_change(self, player: int) -> list[int]:
        """``player``'s hand, this state's own (copied first when shared)."""
        hand = self.hands[player]
        if not isinstance(hand, list) or not self.owned >> player & 1:
            hand = self.hands[player] = list(hand)
            self.owned |= 1 << player
        return hand

    def known_to_change(self, player: int) -> list[int]:
        """``player``'s known cards, this state's own."""
        known = self.known[player]
        bit = _KNOWN_BIT + player
        if not isinstance(known, list) or not self.owned >> bit & 1:
            known = self.known[player] = list(known)
            self.owned |= 1 << bit
        return known

    def draws_to_change(self, player: int) -> bytearray:
        """``player``'s draws from the stock, this state's own."""
        drawn = self.stock_draws[player]
        bit = _DRAWS_BIT + player
        if not isinstance(drawn, bytearray) or not self.owned >> bit & 1:
            drawn = self.stock_draws[player] = bytearray(drawn)
            self.owned |= 1 << bit
        return drawn

    def pile_to_change(self, index: int) -> list[int]:
        """Discard pile ``index``, this state's own."""
        pile = self.piles[index]
        bit = _PILES_BIT + index
        if not isinstance(pile, list) or not self.owned >> bit & 1:
            pile = self.piles[index] = list(pile)
            self.owned |= 1 << bit
        return pile

    def stock_to_change(self) -> list[int]:
        """The stock, this state's own."""
        found = self.stock
        if not isinstance(found, list) or not self.owned >> _STOCK_BIT & 1:
            found = self.stock = list(found)
            self.owned |= 1 << _STOCK_BIT
        return found

    def events_to_change(self) -> list[tuple[int, Any]]:
        """The round's history, this state's own."""
        found = self.events
        if not isinstance(found, list) or not self.owned >> _EVENTS_BIT & 1:
            found = self.events = list(found)
            self.owned |= 1 << _EVENTS_BIT
        return found

    def table_to_change(self) -> list[TableMeld]:
        """The table, this state's own."""
        found = self.table
        if not isinstance(found, list) or not self.owned >> _TABLE_BIT & 1:
            found = self.table = list(found)
            self.owned |= 1 << _TABLE_BIT
        return found

    def has_melded_to_change(self) -> list[bool]:
        """Who has laid a meld, this state's own."""
        found = self.has_melded
        if not isinstance(found, list) or not self.owned >> _MELDED_BIT & 1:
            found = self.has_melded = list(found)
            self.owned |= 1 << _MELDED_BIT
        return found

    def penalties_to_change(self) -> list[int]:
        """The false-out penalties, this state's own."""
        found = self.penalties
        if not isinstance(found, list) or not self.owned >> _PENALTIES_BIT & 1:
            found = self.penalties = list(found)
            self.owned |= 1 << _PENALTIES_BIT
        return found

    def out_to_change(self) -> list[bool]:
        """Who has gone out, this state's own."""
        found = self.out
        if not isinstance(found, list) or not self.owned >> _OUT_BIT & 1:
            found = self.out = list(found)
            self.owned |= 1 << _OUT_BIT
        return found

    def false_outs_to_change(self) -> list[int]:
        """The places of the false outs in the history, this state's own."""
        found = self.false_outs
        if not isinstance(found, list) or not self.owned >> _FALSE_OUTS_BIT & 1:
            found = self.false_outs = list(found)
            self.owned |= 1 << _FALSE_OUTS_BIT
        return found

    def orders_to_change(self) -> list[tuple[int, ...]]:
        """The reshuffles' orders, this state's own."""
        found = self.orders
        if not isinstance(found, list) or not self.owned >> _ORDERS_BIT & 1:
            found = self.orders = list(found)
            self.owned |= 1 << _ORDERS_BIT
        return found


class _RoundEnd(NamedTuple):
    """A round as it ended (or the round in play: ``end`` ``None``): its record's dict
    is made from it when asked for (a round's actions as dicts are made only for a
    record; a round played for search is never asked)."""

    number: int
    dealer: int
    wild: int | None
    cards_dealt: int
    deal: dict[str, Any]
    events: Sequence[tuple[int, Any]]
    """The round's events (never changed once the round has ended: the next deal
    makes new lists, so copies of the game share them)."""
    orders: Sequence[tuple[int, ...]]
    end: str | None
    void: bool
    scores: list[int] | None

    def record(self, copy: bool = False) -> dict[str, Any]:
        """The round's dict in a game's record; ``copy``: sharing nothing of the
        game's (else its deal is the game's own, for a record to copy whole)."""
        deal = self.deal
        if copy:
            deal = {
                "hands": [hand[:] for hand in deal["hands"]],
                "upcard": deal["upcard"],
                "stock": deal["stock"][:],
            }
        return {
            "number": self.number,
            "dealer": self.dealer,
            "wild": rank_text(self.wild),
            "cards_dealt": self.cards_dealt,
            "deal": deal,
            "actions": event_dicts(self.events, self.orders),
            "end": self.end,
            "void": self.void,
            "scores": None if self.scores is None else self.scores[:],
        }

    def scores_row(self) -> dict[str, Any]:
        """What a score sheet shows of the round."""
        wild = rank_text(self.wild)
        return {"number": self.number, "wild": wild, "void": self.void, "scores": self.scores}


class Game:
    """A game of Three Thirteen for 2 or more players, from the first deal to the
    last score.

    :param rules: a preset name (``"pagat"``, ``"wikipedia"``, ``"bga"``,
        ``"family"``) or a :class:`~threethirteen.Rules`.
    :param players: the number of players (the preset's range; 2 to 16 for rules
        given as a :class:`~threethirteen.Rules`). With a preset name it sets the
        deck count for the table.
    :param seed: an int from 0 to 2**128 - 1; the same seed, rules, players and
        actions give the same game on every machine. ``None``: a fresh random seed
        (kept in :attr:`seed` and the record).
    :param variations: variation names, with a preset name (see
        :data:`~threethirteen.VARIATIONS`).
    :param max_turns: end a round after this many turns and score every hand as it
        stands (random players need it); ``None`` for the real rules.
    :raises InvalidRulesError: for an unknown preset or variation, or players the
        preset does not seat.
    :raises GameError: for a table the pool cannot deal, or a bad seed or limit.

    >>> game = Game("family", players=5, seed=7, variations=["jokers"], max_turns=300)
    >>> game.rules.decks, game.rules.jokers, len(game.stock)
    (3, 6, 146)
    """

    __slots__ = (
        "_attempt",
        "_deal_seed",
        "_dealer",
        "_given_reshuffles",
        "_last_end",
        "_r",
        "_round_index",
        "_round_records",
        "_round_scores",
        "_totals",
        "_waits",
        "max_turns",
        "players",
        "rules",
        "seed",
    )

    rules: Rules
    """The rules of the game."""
    players: int
    """The number of players; they are numbered 0, 1, ... clockwise."""
    seed: int | None
    """The seed that deals every round (``None`` for a game replayed from a record
    without one)."""
    max_turns: int | None
    """The most turns a round runs, or ``None``."""

    def __init__(
        self,
        rules: RulesLike = "pagat",
        players: int | None = None,
        *,
        seed: int | None = None,
        variations: Iterable[str] = (),
        max_turns: int | None = None,
    ) -> None:
        found, count = _table_rules(rules, players, variations)
        if seed is None:
            seed = new_seed()
        seed = check_int("a seed", seed, 0, MAX_SEED, GameError)
        self._setup(found, count, seed, _turn_limit(max_turns))
        self._deal(None)

    def _setup(self, rules: Rules, players: int, seed: int | None, max_turns: int | None) -> None:
        self.rules = rules
        self.players = players
        self.seed = seed
        self.max_turns = max_turns
        self._round_index = 0
        self._attempt = 0
        self._dealer = 0
        # (tuples and a list never changed in place: copies of the game share them)
        self._round_records: tuple[_RoundEnd, ...] | None = ()
        self._round_scores: tuple[tuple[int, ...], ...] = ()
        self._totals: tuple[int, ...] = (0,) * players
        self._given_reshuffles: list[list[int]] | None = None
        self._waits = False
        self._deal_seed = new_seed() if seed is None else seed
        self._last_end: str | None = None

    # -- dealing --------------------------------------------------------------

    def _deal(self, deal: tuple[list[list[int]], int, list[int]] | None) -> None:
        """Deal the round at ``_round_index``: from the seed, or the recorded ``deal``
        (hands, upcard, stock top first)."""
        rules, players = self.rules, self.players
        dealt = rules.rounds[self._round_index]
        if deal is None:
            order = shuffled(
                pool_codes(rules.decks, rules.jokers),
                self._deal_seed,
                (self._round_index, self._attempt, 0),
            )
            hands: list[list[int]] = [[] for _ in range(players)]
            position = 0
            for _ in range(dealt):
                for step in range(players):
                    hands[(self._dealer + 1 + step) % players].append(order[position])
                    position += 1
            upcard = order[position]
            stock_top_first = order[position + 1 :]
        else:
            hands, upcard, stock_top_first = deal
        self._r = self._new_round(hands, upcard, stock_top_first)  # the new round: one assignment
        self._start_turn()

    def _new_round(
        self, hands: list[list[int]], upcard: int, stock_top_first: list[int]
    ) -> _RoundState:
        """The state of the round at ``_round_index`` dealt as ``hands``, ``upcard`` and
        ``stock_top_first``, before its first turn starts."""
        rules, players = self.rules, self.players
        r = _RoundState()
        r.round = round_of(rules, self._round_index + 1)
        r.cards_dealt = rules.rounds[self._round_index]
        r.hands = [sorted(hand) for hand in hands]
        r.stock = stock_top_first[::-1]
        r.piles = first_piles(players, self._dealer, upcard, bool(rules.separate_discards))
        r.table = []
        r.known = [[] for _ in range(players)]
        r.has_melded = [False] * players
        r.penalties = [0] * players
        r.out = [False] * players
        r.first_out = None
        r.turns = 0
        r.reshuffles = 0
        r.reshuffled = None
        r.events = []
        r.history_parts = _NO_HISTORY
        r.orders = []
        r.upcard = upcard
        r.dealt_hands = tuple(tuple(hand) for hand in r.hands)
        r.stock_draws = [bytearray() for _ in range(players)]
        r.false_outs = []
        r.pending = None
        text = _CARD_TEXT
        r.deal_record = {
            "hands": [[text[code] for code in hand] for hand in hands],
            "upcard": text[upcard],
            "stock": [text[code] for code in stock_top_first],
        }
        r.phase = _DRAW
        r.to_move = (self._dealer + 1) % players
        r.legal = None
        r.owned = _OWNS_ALL
        return r

    def _start_turn(self) -> None:
        """Before a draw: reshuffle an empty stock, or end the round when nothing is left."""
        r = self._r
        if r.stock:
            return
        tops, cards = reshuffle_split(r.piles)
        if not cards:
            self._end_round("stock")
            return
        r.reshuffles += 1
        if self._given_reshuffles is not None:
            if not self._given_reshuffles:
                raise InvalidRecordError(
                    f"round {self._round_index + 1}: the stock runs out, but the record"
                    " has no reshuffle for it"
                )
            order = self._given_reshuffles.pop(0)
            if sorted(order) != sorted(cards):
                raise InvalidRecordError(
                    f"round {self._round_index + 1}: a reshuffle's stock is not the cards"
                    " of the discard piles under their top cards"
                )
        else:
            order = shuffled(
                sorted(cards), self._deal_seed, (self._round_index, self._attempt, r.reshuffles)
            )
        r.piles = tops  # (new: lists, or bytes a sample shares, which pile_to_change copies)
        r.stock = order[::-1]
        r.owned |= (1 << _STOCK_BIT) | (((1 << len(tops)) - 1) << _PILES_BIT)
        r.reshuffled = sorted(cards)
        r.events_to_change().append((-1, Reshuffle(_hand(cards))))
        r.orders_to_change().append(tuple(order))

    # -- the state --------------------------------------------------------------

    @property
    def round(self) -> int:
        """The number of the round in play (1 deals the fewest cards); the last
        round's when the game is over."""
        return min(self._round_index, len(self.rules.rounds) - 1) + 1

    @property
    def cards_dealt(self) -> int:
        """How many cards the round in play deals to each player."""
        return self._r.cards_dealt

    @property
    def wild(self) -> int | None:
        """The wild rank of the round in play (1 = A ... 13 = K)."""
        return self._r.round.wild

    @property
    def prepared_round(self) -> Round:
        """The round in play as a :class:`~threethirteen.Round`, for the analysis
        functions: ``tt.deadwood_score(game.hand(0), game.prepared_round)``."""
        return self._r.round

    @property
    def dealer(self) -> int:
        """The dealer of the round in play (of the last round when the game is over);
        the player on their left starts."""
        return self._dealer

    @property
    def to_move(self) -> int | None:
        """The player whose turn it is, or ``None`` when the game is over (or waits
        for its deal: :attr:`awaits_deal`)."""
        return self._r.to_move

    @property
    def phase(self) -> Phase:
        """``"draw"`` (the player to move draws next), ``"play"`` (they have drawn:
        they meld, lay off or discard) or ``"over"``."""
        return _PHASES[self._r.phase]

    @property
    def is_over(self) -> bool:
        """Whether the last round has been scored."""
        return self._r.phase == _OVER

    @property
    def turns(self) -> int:
        """The turns completed in the round in play."""
        return self._r.turns

    @property
    def round_scores(self) -> tuple[tuple[int, ...], ...]:
        """The scores of each round played (void rounds left out), in order."""
        return self._round_scores

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's total so far."""
        return self._totals

    @property
    def winners(self) -> tuple[int, ...]:
        """The players with the lowest total once the game is over (equal totals share
        the win); ``()`` before."""
        if self._r.phase != _OVER:
            return ()
        low = min(self._totals)
        return tuple(player for player, total in enumerate(self._totals) if total == low)

    @property
    def last_end(self) -> str | None:
        """Why the last round scored ended (see :data:`END_REASONS`), or ``None``."""
        return self._last_end

    def hand(self, player: int) -> Hand:
        """The cards ``player`` holds."""
        return _hand(self._r.hands[self._player(player)])

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top card first."""
        return tuple(CARDS[code] for code in reversed(self._r.stock))

    @property
    def piles(self) -> tuple[tuple[Card, ...], ...]:
        """The discard piles, each from its bottom card to its top card: one pile, or
        one per player under ``separate-discards``."""
        return tuple(tuple(map(_CARD_AT, pile)) for pile in self._r.piles)

    @property
    def table(self) -> tuple[TableMeld, ...]:
        """The melds on the table this round, in the order they were laid."""
        return tuple(self._r.table)

    @property
    def went_out(self) -> tuple[bool, ...]:
        """Who has gone out this round (or emptied their hand)."""
        return tuple(self._r.out)

    @property
    def card_codes(self) -> GameCodes:
        """The cards of the round in play and who holds them, as card codes: the
        whole state a compiled playout needs (see
        :class:`~threethirteen.engine.game.GameCodes`), without making cards.

        >>> game = Game("pagat", players=2, seed=7)
        >>> codes = game.card_codes
        >>> list(codes.hands[1]) == [card.code for card in game.hand(1)]
        True
        >>> len(codes.stock), list(codes.piles[0]), codes.first_out, codes.penalties
        (45, [7], None, (0, 0))
        """
        r = self._r
        return GameCodes(
            tuple(map(bytes, r.hands)),
            bytes(r.stock),
            tuple(map(bytes, r.piles)),
            tuple(r.out),
            r.first_out,
            tuple(r.penalties),
        )

    def _player(self, player: int) -> int:
        index = as_index(player, "a player", GameError)
        if not 0 <= index < self.players:
            raise GameError(f"no player {quote(player)}: players are 0 to {self.players - 1}")
        return index

    def __repr__(self) -> str:
        if self._r.phase == _OVER:
            state = "over"
        elif self.awaits_deal:
            state = f"round {self.round} awaits its deal"
        else:
            state = f"round {self.round}, player {self._r.to_move} to {self.phase}"
        return f"<Game {self.rules.name} players={self.players} seed={self.seed}: {state}>"

    # -- legal actions ----------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The actions the player to move may take, in a stable order: draws (the
        stock, then each pile); then melds, lay-offs, and discards (each card once,
        in card order; the going-out discards after the others).

        Every legal draw, discard and lay-off is listed; for laying a meld, every
        legal meld of the smallest size (a longer one is the same as a smallest
        one and lay-offs onto it in the same turn), with the wild cards' stand-ins
        chosen as :func:`threethirteen.engine.table_play.smallest_melds` says;
        :meth:`is_legal` and :meth:`apply` take any legal meld. A going-out discard
        is listed without melds (the best melding is laid).
        """
        r = self._r
        if r.legal is None:
            r.legal = self._list_legal()
        return list(r.legal)

    def _list_legal(self) -> list[Action]:
        r = self._r
        player = r.to_move
        if player is None:  # over, or waiting for a deal
            return []
        if r.phase == _DRAW:
            actions: list[Action] = [_DRAW_STOCK] if r.stock else []
            separate = self.rules.separate_discards
            for index, pile in enumerate(r.piles):
                if pile:
                    actions.append(_DRAW_PILE_OF[index] if separate else _DRAW_PILE)
            return actions
        hand = r.hands[player]
        rules = self.rules
        actions = []
        # (the play phase: _may_lay and _may_lay_off, read at once)
        if rules.layoff or (rules.redemption and r.first_out is not None and not r.out[player]):
            actions.extend(LayMeld(meld) for meld in smallest_melds(hand, r.round))
            if r.table and (r.has_melded[player] if rules.layoff else True):
                actions.extend(self._lay_offs(hand))
        distinct = sorted(set(hand))
        if distinct and distinct[-1] == JOKER and rules.joker_discards:  # (the joker: 52, last)
            for code in distinct:
                actions.append(_DISCARD[code])
            actions.extend(
                DiscardCard(CARDS[JOKER], pile=other)
                for other in range(self.players)
                if other != player
            )
        else:
            actions += map(_DISCARD.__getitem__, distinct)
        if len(hand) > 1 and (not rules.go_around_first or r.turns >= self.players - 1):
            if rules.false_out_penalty is not None:
                going = distinct
            elif self._can_go_out(hand):
                going = [d.card.code for d in discards(_hand(hand), r.round) if d.goes_out]
                going.sort()
            else:
                going = []
            actions += map(_GO_OUT.__getitem__, going)
        return actions

    def _can_go_out(self, hand: list[int]) -> bool:
        """``can_go_out`` of a hand of this round (sorted codes), asked of the solver
        at once: a hand is checked after every draw, and needs no cards made."""
        round = self._r.round
        result: int = round.solver.can_go_out(bytes(hand), round.params)
        if result < 0:  # (never for a hand of the round: raise the library's error)
            return can_go_out(_hand(hand), round)
        return result == 1

    def _lay_offs(self, hand: list[int]) -> list[Action]:
        r = self._r
        actions: list[Action] = []
        round = r.round
        wild_rank = round.wild
        distinct = sorted(set(hand))
        for index, table_meld in enumerate(r.table):
            meld = table_meld.meld
            rank, ends = lay_off_targets(meld, round)
            for code in distinct:
                card = CARDS[code]
                if is_wild_code(code, wild_rank):
                    if rank is not None:
                        identity = lay_off_identity(meld, card, None, round)
                        assert isinstance(identity, Card)
                        actions.append(LayOff(card, index, identity))
                    else:
                        actions.extend(LayOff(card, index, end) for end in ends)
                elif (rank is not None and code % 13 + 1 == rank) or card in ends:
                    actions.append(LayOff(card, index))
        return actions

    def is_legal(self, action: Action | str, player: int | None = None) -> bool:
        """Whether ``action`` (an action, or its notation) is legal now (for
        ``player``, when given); ``False`` for text that is no action.

        >>> game = Game("pagat", players=2, seed=1)
        >>> game.is_legal("draw stock"), game.is_legal("discard 9s"), game.is_legal("fly")
        (True, False, False)
        """
        if isinstance(action, str):
            try:
                action = Action.parse(action)
            except InvalidActionError:
                return False
        return self._problem(action, player) is None

    def verify(self, action: Action | str, player: int | None = None) -> None:
        """Raise :class:`~threethirteen.IllegalActionError` saying why ``action`` (an
        action, or its notation) is not legal now; return quietly when it is.

        :raises InvalidActionError: for text that is no action.
        """
        if isinstance(action, str):
            action = Action.parse(action)
        problem = self._problem(action, player)
        if problem is not None:
            raise IllegalActionError(f"illegal action {_notation(action)}: {problem}")

    def _problem(self, action: object, player: int | None) -> str | None:
        """Why ``action`` is illegal now, or ``None``.

        :raises GameError: for a ``player`` that is no int (``True``, ``1.0``).
        """
        r = self._r
        if player is not None and type(player) is not int:  # (a numpy integer is taken)
            player = as_index(player, "a player", GameError)
        if not isinstance(action, Action):
            return f"an action is an Action value, not {quote(action)}"
        if r.phase == _OVER:
            return "the game is over"
        mover = r.to_move
        if mover is None:
            return "no round is in play: the game awaits its deal (Game.deal)"
        if player is not None and player != mover:
            return f"it is player {mover}'s turn, not player {quote(player)}'s"
        if r.legal is not None and action in r.legal:
            return None
        if isinstance(action, (DrawStock, DrawDiscard)):
            if r.phase != _DRAW:
                return f"player {mover} has drawn already this turn"
            if isinstance(action, DrawStock):
                return None if r.stock else "the stock is empty"
            return self._pile_problem(action.pile, mover)
        if r.phase == _DRAW:
            return f"player {mover} must draw first"
        hand = r.hands[mover]
        if isinstance(action, DiscardCard):
            return self._discard_problem(action, mover, hand)
        if isinstance(action, LayMeld):
            if not self._may_lay(mover):
                return self._no_table_play(mover)
            if _without(hand, (card.code for card in action.meld.cards)) is None:
                return f"player {mover} does not hold {cut(str(action.meld))}"
            try:
                verify_meld(action.meld, r.round)
            except InvalidMeldError as error:
                return str(error)
            return None
        if isinstance(action, LayOff):
            if not self._may_lay_off(mover):
                if self._may_lay(mover):
                    return f"player {mover} may lay off only after laying a meld"
                return self._no_table_play(mover)
            if action.card.code not in hand:
                return f"player {mover} does not hold {action.card}"
            if action.meld >= len(r.table):
                return f"no table meld {action.meld} (the table has {len(r.table)})"
            made = extended(r.table[action.meld].meld, action.card, action.stands_for, r.round)
            return made if isinstance(made, str) else None
        return f"unknown action {quote(action)}"

    def _no_table_play(self, player: int) -> str:
        if self.rules.redemption and not self.rules.layoff:
            return (
                f"player {player} may lay melds and lay off only in a last turn"
                " after someone went out (redemption)"
            )
        return "these rules have no melds on the table during play"

    def _pile_problem(self, pile: int | None, player: int) -> str | None:
        r = self._r
        if self.rules.separate_discards:
            if pile is None:
                return "say which pile (each player has one under separate-discards)"
            if pile >= len(r.piles):
                return f"no discard pile {pile} (piles are 0 to {len(r.piles) - 1})"
        elif pile is not None:
            return f"no discard pile {pile}: there is one pile (write 'draw discard')"
        if not r.piles[pile or 0]:
            return "that discard pile is empty"
        return None

    def _discard_problem(self, action: DiscardCard, player: int, hand: list[int]) -> str | None:
        code = action.card.code
        if code not in hand:
            return f"player {player} does not hold {action.card}"
        if action.pile is not None and action.pile != player:
            if not self.rules.joker_discards:
                return (
                    "a discard goes onto the player's own pile"
                    if self.rules.separate_discards
                    else "there is one discard pile"
                )
            if code != JOKER:
                return "only a joker may be discarded onto another player's pile"
            if action.pile >= self.players:
                return f"no discard pile {action.pile} (piles are 0 to {self.players - 1})"
        elif action.pile is not None and not self.rules.separate_discards:
            return "there is one discard pile"
        if not action.go_out:
            return None
        if not self._may_go_out(player):
            return "nobody may go out before every player has had a turn (go-around-first)"
        left = _without(hand, (code,))
        assert left is not None
        melds = self._out_melds(action, left)
        if isinstance(melds, _FalseOut) and self.rules.false_out_penalty is not None:
            return None  # a false out, which the rules allow
        return melds if isinstance(melds, str) else None

    def _out_melds(self, action: DiscardCard, left: list[int]) -> tuple[Meld, ...] | str:
        """The melds laid when going out with ``left`` in hand, or why it is not out."""
        if action.melds is None:
            if not left:
                return ()
            melding = self._best(left)
            if melding.deadwood:
                cards = " ".join(str(card) for card in melding.deadwood)
                return _FalseOut(f"discarding {action.card} leaves {cards} unmelded: not out")
            return melding.melds
        for meld in action.melds:
            try:
                verify_meld(meld, self._r.round)
            except InvalidMeldError as error:
                return str(error)
        used = [card.code for meld in action.melds for card in meld.cards]
        rest = _without(left, used)
        if rest is None:
            return f"the melds are not all in the hand left after discarding {action.card}"
        if rest:
            cards = " ".join(str(CARDS[code]) for code in rest)
            return _FalseOut(f"the melds leave {cards} unmelded: not out")
        return action.melds

    def _best(self, codes: list[int]) -> Melding:
        return best_melds(_hand(codes), self._r.round)

    def _may_lay(self, player: int) -> bool:
        r = self._r
        if r.phase != _PLAY:
            return False
        if self.rules.layoff:
            return True
        return self.rules.redemption and r.first_out is not None and not r.out[player]

    def _may_lay_off(self, player: int) -> bool:
        r = self._r
        if not r.table or r.phase != _PLAY:
            return False
        if self.rules.layoff:
            return r.has_melded[player]
        return self.rules.redemption and r.first_out is not None and not r.out[player]

    def _may_go_out(self, player: int) -> bool:
        return not self.rules.go_around_first or self._r.turns >= self.players - 1

    # -- applying actions ---------------------------------------------------------

    def apply(self, action: Action | str, player: int | None = None) -> None:
        """Apply ``action`` (an action, or its notation: ``"draw stock"``) for the
        player to move (``player``, when given, must be that player); the round and
        the game move on by themselves: the next deal, reshuffles and scoring
        happen as the rules say.

        :raises IllegalActionError: saying why the action is not legal now.
        :raises InvalidActionError: for text that is no action.

        >>> game = Game("pagat", players=2, seed=1)
        >>> game.apply(DiscardCard(Card.parse("9s")))
        Traceback (most recent call last):
        ...
        threethirteen.errors.IllegalActionError: illegal action 'discard 9s': player 1 must draw ...
        """
        r = self._r
        if isinstance(action, str):
            action = Action.parse(action)
        legal = r.legal
        if legal is None or player is not None or not _listed(action, legal):
            self.verify(action, player)
        mover = r.to_move
        assert mover is not None
        r.legal = None
        if isinstance(action, DrawStock):
            code = r.stock_to_change().pop()
            bisect.insort(r.hand_to_change(mover), code)
            r.draws_to_change(mover).append(code)
            r.phase = _PLAY
            r.events_to_change().append((mover, action))
        elif isinstance(action, DrawDiscard):
            code = r.pile_to_change(action.pile or 0).pop()
            bisect.insort(r.hand_to_change(mover), code)
            r.known_to_change(mover).append(code)
            r.phase = _PLAY
            r.events_to_change().append((mover, action))
        elif isinstance(action, DiscardCard):
            self._discard(action, mover)
        elif isinstance(action, LayMeld):
            self._lay(mover, action.meld)
            r.has_melded_to_change()[mover] = True
            r.events_to_change().append((mover, action))
            self._check_empty(mover)
        elif isinstance(action, LayOff):
            table_meld = r.table[action.meld]
            made = extended(table_meld.meld, action.card, action.stands_for, r.round)
            assert isinstance(made, Meld)
            self._take(mover, action.card.code)
            r.table_to_change()[action.meld] = TableMeld(table_meld.owner, made)
            if is_wild_code(action.card.code, r.round.wild):  # log what it stands for
                identity = lay_off_identity(
                    table_meld.meld, action.card, action.stands_for, r.round
                )
                assert isinstance(identity, Card)
                action = LayOff(action.card, action.meld, identity)
            elif action.stands_for is not None:  # a natural card stands for itself
                action = LayOff(action.card, action.meld)
            r.events_to_change().append((mover, action))
            self._check_empty(mover)

    def _take(self, player: int, code: int) -> None:
        """``code`` leaves ``player``'s hand (known cards first)."""
        r = self._r
        r.hand_to_change(player).remove(code)
        if code in r.known[player]:
            r.known_to_change(player).remove(code)

    def _show(self, player: int, codes: list[int]) -> None:
        """Everyone has seen ``player`` hold ``codes``: the known cards become the
        larger of the two counts of each card."""
        known = self._r.known_to_change(player)
        shown = Counter(codes)
        shown.subtract(known)
        known.extend(shown.elements())
        known.sort()

    def _lay(self, player: int, meld: Meld) -> None:
        for card in meld.cards:
            self._take(player, card.code)
        self._r.table_to_change().append(TableMeld(player, meld))

    def _check_empty(self, player: int) -> None:
        """Table play: a hand emptied by laying ends the round (no discard needed)."""
        r = self._r
        if r.hands[player] or r.phase == _OVER:
            return
        self._went_out(player)
        if self.rules.last_turns:
            self._next_turn(player)  # the turn ends: the others take their last turns
        else:
            self._end_round("empty_hand")

    def _went_out(self, player: int) -> None:
        r = self._r
        r.out_to_change()[player] = True
        if r.first_out is None:
            r.first_out = player

    def _discard(self, action: DiscardCard, mover: int) -> None:
        r = self._r
        code = action.card.code
        hand = r.hands[mover]
        logged: Action = action
        out = False
        shown: list[int] = []
        if action.go_out:
            left = _without(hand, (code,))
            assert left is not None
            melds = self._out_melds(action, left)
            if isinstance(melds, str):  # a false out (legal only under false-out)
                assert self.rules.false_out_penalty is not None
                r.penalties_to_change()[mover] += self.rules.false_out_penalty
                r.false_outs_to_change().append(len(r.events))
                if action.melds:  # the melds shown are seen by everyone
                    shown = [card.code for meld in action.melds for card in meld.cards]
            else:
                out = True
                logged = DiscardCard(action.card, True, action.pile, tuple(melds))
        r.hand_to_change(mover).remove(code)  # (_take, inline)
        if code in r.known[mover]:
            r.known_to_change(mover).remove(code)
        if shown:  # after the discard: the card discarded is not one of them
            self._show(mover, shown)
        pile = action.pile
        separate = self.rules.separate_discards
        r.pile_to_change(
            0 if pile is None and not separate else discard_pile(mover, pile, separate)
        ).append(code)
        r.events_to_change().append((mover, logged))
        if out:
            assert isinstance(logged, DiscardCard)
            assert logged.melds is not None
            for meld in logged.melds:
                self._lay(mover, meld)
            self._went_out(mover)
        if not r.hands[mover]:  # the last card discarded (table play, redemption)
            self._went_out(mover)
            if not self.rules.last_turns:
                r.turns += 1
                self._end_round("empty_hand")
                return
        self._next_turn(mover)

    def _next_turn(self, mover: int) -> None:
        r = self._r
        r.turns += 1
        following = (mover + 1) % self.players
        if r.first_out is not None and (not self.rules.last_turns or following == r.first_out):
            self._end_round("out" if self.rules.last_turns else "empty_hand")
            return
        if self.max_turns is not None and r.turns >= self.max_turns:
            self._end_round("turn_limit")
            return
        r.to_move = following
        r.phase = _DRAW
        self._start_turn()

    # -- scoring ----------------------------------------------------------------

    def _end_round(self, end: str) -> None:
        r = self._r
        scores = round_scores(
            r.round,
            [_hand(hand) for hand in r.hands],
            r.out,
            r.first_out,
            r.penalties,
        )
        void = is_void(r.round, scores)
        if self._round_records is not None:
            ended = self._round_end(end, void, scores)
            self._round_records += (ended,)
        self._last_end = end
        if void:
            self._attempt += 1
        else:
            self._round_scores += (tuple(scores),)
            self._totals = tuple(
                [total + score for total, score in zip(self._totals, scores, strict=True)]
            )
            self._round_index += 1
            self._attempt = 0
            if self._round_index < len(self.rules.rounds):  # over: the last dealer stays
                self._dealer = (self._dealer + 1) % self.players
        r.legal = None
        if self._round_index == len(self.rules.rounds):
            r.phase = _OVER
            r.to_move = None
            return
        if self._waits:  # the next round is dealt by deal()
            r.to_move = None
            return
        self._deal(None)

    def _round_end(self, end: str | None, void: bool, scores: list[int] | None) -> _RoundEnd:
        """The round in play as it ends (``end``, ``void``, ``scores``), or (``end``
        ``None``) as it stands."""
        r = self._r
        return _RoundEnd(
            self._round_index + 1,
            self._dealer,
            r.round.wild,
            r.cards_dealt,
            r.deal_record,
            r.events,
            r.orders,
            end,
            void,
            scores,
        )

    # -- copies, views and samples ----------------------------------------------

    def clone(self) -> Game:
        """An independent copy: actions applied to one do not change the other.

        >>> game = Game("pagat", players=2, seed=3)
        >>> copy = game.clone()
        >>> copy.apply(copy.legal_actions()[0])
        >>> game.phase, copy.phase
        ('draw', 'play')
        """
        new = object.__new__(Game)
        new.rules = self.rules
        new.players = self.players
        new.seed = self.seed
        new.max_turns = self.max_turns
        new._deal_seed = self._deal_seed
        new._waits = self._waits
        new._round_index = self._round_index
        new._attempt = self._attempt
        new._dealer = self._dealer
        new._last_end = self._last_end
        new._r = self._r.share()
        new._round_records = self._round_records  # (tuples: shared)
        new._round_scores = self._round_scores
        new._totals = self._totals
        given = self._given_reshuffles
        new._given_reshuffles = None if given is None else given[:]  # (orders never change)
        return new

    def __copy__(self) -> Game:
        """``copy.copy(game)`` is :meth:`clone`: an independent copy (one that shared the
        game's lists would change the game when played on)."""
        return self.clone()

    def view(self, player: int) -> PlayerView:
        """What ``player`` may know now: see :class:`PlayerView`.

        The view holds values only: nothing of the game (not its lists, not the
        stock, not another player's hand), so that a bot given a view cannot
        read or change what it may not.

        :raises GameError: for a player who is not at the table.
        """
        r = self._r
        if type(player) is not int or not 0 <= player < self.players:
            player = self._player(player)
        if self._waits and r.to_move is None and r.phase != _OVER:
            raise GameError("no round is in play: the game awaits its deal (Game.deal)")
        if r.pending is not None:
            self._work_out_history()
        hands = r.hands
        reshuffled = r.reshuffled
        # The cards the view shows are given as codes (card_codes) and made into
        # hands and cards when first read: an encoder reads the codes only. The
        # round's history and the player's draws from the stock (thousands of
        # events in a round of random play, hundreds of draws) are given as values
        # made cheaply: the history as its sealed chunks and the events since, the
        # draws as bytes; their tuples are made when first read.
        return PlayerView.from_codes(
            {
                "player": player,
                "players": self.players,
                "rules": self.rules,
                "max_turns": self.max_turns,
                "round": min(self._round_index, len(self.rules.rounds) - 1) + 1,
                "cards_dealt": r.cards_dealt,
                "wild": r.round.wild,
                "dealer": self._dealer,
                "to_move": r.to_move,
                "phase": _PHASES[r.phase],
                "table": tuple(r.table),
                "hand_sizes": tuple(map(len, hands)),
                "stock_size": len(r.stock),
                "turns": r.turns,
                "went_out": tuple(r.out),
                "first_out": r.first_out,
                "has_melded": tuple(r.has_melded),
                "penalties": tuple(r.penalties),
                "false_outs": tuple(r.false_outs),
                "round_scores": self._round_scores,
                "totals": self._totals,
            },
            ViewCodes(
                bytes(hands[player]),
                tuple([bytes(sorted(known)) if known else b"" for known in r.known]),
                tuple(map(bytes, r.piles)),
                None if reshuffled is None else bytes(reshuffled),
            ),
            self._history_now(),
            r.upcard,
            r.dealt_hands[player],
            bytes(r.stock_draws[player]),
        )

    @classmethod
    def _sampled(
        cls,
        base: _SampleBase,
        hands: list[list[int]],
        stock: list[int],
        dealt: _Dealt,
        pending: _Pending | None,
        deal_seed: int,
        history: HistoryParts | None,
        owned: int,
    ) -> Game:
        """The game of a sample of a view (see :func:`sample_game`): the view's public
        state, as ``base`` holds it (:func:`_sample_base`, worked out once a view);
        the hidden cards in the other ``hands``' unknown places and the ``stock``
        (top card first); what is known of the round before, ``dealt``: each hand
        as dealt, each player's draws from the stock, the reshuffles' orders (or
        ``pending``: worked out when first needed); later deals and reshuffles from
        ``deal_seed``; ``history``: the view's history as its game kept it, for the
        sample's views to share; ``owned``: the bits of the lists in ``dealt`` that
        are the sample's own (:attr:`_RoundState.owned`; the hands and the stock,
        made here, are its own too)."""
        game = object.__new__(cls)
        game.rules = base.rules
        game.players = base.players
        game.seed = None
        game.max_turns = base.max_turns
        game._deal_seed = deal_seed
        game._waits = False
        game._given_reshuffles = None
        game._round_index = base.round_index
        game._attempt = 0
        game._dealer = base.dealer
        game._last_end = None
        game._round_records = None
        game._round_scores = base.round_scores
        game._totals = base.totals
        r = game._r = _RoundState()
        r.pending = pending
        r.dealt_hands, r.stock_draws, r.orders = dealt
        r.round = base.round
        r.cards_dealt = base.cards_dealt
        r.phase = base.phase
        r.to_move = base.to_move
        r.legal = None
        r.first_out = base.first_out
        r.turns = base.turns
        r.reshuffles = base.reshuffles
        r.reshuffled = base.reshuffled
        # The player's own hand as the view holds it; each other hand its known cards
        # and the unknown ones dealt, sorted.
        now = []
        for unknown, known in zip(hands, base.known_lists, strict=True):
            hand = unknown + known  # (a new list: sorted in place)
            hand.sort()
            now.append(hand)
        now[base.player] = base.hand[:]
        r.hands = now
        r.stock = stock[::-1]
        r.upcard = base.upcard
        r.deal_record = _NO_DEAL_RECORD  # a sampled game writes no record
        # The view's values, immutable, are shared until the game changes them (copy
        # on write, see _RoundState): the piles and the known cards (bytes), the
        # table, who has melded or gone out, the penalties, the false outs and the
        # history; the outer lists of the piles and known cards are the sample's own.
        r.piles = cast("list[list[int]]", base.piles[:])  # (bytes: see _RoundState.piles)
        r.known = base.known[:]
        r.table = base.table
        r.has_melded = base.has_melded
        r.penalties = base.penalties
        r.out = base.out
        r.false_outs = base.false_outs
        r.events = base.events
        r.owned = base.owned | owned
        # the same events, in chunks: the sample's views reuse them
        r.history_parts = _NO_HISTORY if history is None else history
        return game

    def _history_now(self) -> HistoryParts:
        """The round's history as values that hold it now: a tuple of its sealed
        chunks (tuples of :data:`_CHUNK` events each, made once) and a tuple of the
        events since (fewer than :data:`_CHUNK`). The history only grows, by
        ``append``: a view takes a snapshot without copying the whole of it."""
        r = self._r
        parts = r.history_parts
        sealed, tail = parts
        events = r.events
        count = len(events)
        done = len(sealed) * _CHUNK
        if done + len(tail) == count:
            return parts
        if count - done >= _CHUNK:
            full = count - count % _CHUNK
            sealed += tuple(
                [tuple(events[start : start + _CHUNK]) for start in range(done, full, _CHUNK)]
            )
            done = full
        parts = r.history_parts = (sealed, tuple(events[done:]))
        return parts

    def _work_out_history(self) -> None:
        """A sampled game's history of the round up to the sample (each hand as dealt,
        each player's draws from the stock), worked out when first needed."""
        r = self._r
        pending = r.pending
        assert pending is not None
        view = pending.view
        history = sample_history(
            _view_deal(view),
            view.history,
            np.random.default_rng(pending.seed),
            frozenset(view.false_outs),
            (pending.hands, pending.stock),
        )
        r.dealt_hands = tuple(tuple(sorted(hand)) for hand in history.dealt)
        r.stock_draws = [
            bytearray(drawn) + later
            for drawn, later in zip(history.drawn, r.stock_draws, strict=True)
        ]
        r.owned |= ((1 << len(r.stock_draws)) - 1) << _DRAWS_BIT  # (new bytearrays)
        r.pending = None  # (no reshuffle came before the sample: no orders to add)

    # -- records ------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """The game as a versioned, JSON-ready record (see the records page of the
        docs): the rules, the seed, and each round's deal, actions, end and scores.

        :raises GameError: for a game made by :meth:`PlayerView.sample`, whose deals
            nobody knows.

        >>> game = Game("pagat", players=2, seed=5)
        >>> record = game.to_record()
        >>> record["format"], record["seed"], record["rounds"][0]["deal"]["upcard"]
        ('threethirteen-game', 5, 'Jd')
        >>> record["rules"]
        {'preset': 'pagat', 'variations': [], 'players': 2, 'max_turns': None}
        """
        if self._round_records is None:
            raise GameError("a game made by PlayerView.sample has no deals to record")
        rounds = [ended.record() for ended in self._round_records]
        over = self._r.phase == _OVER
        if not over and not self.awaits_deal:
            rounds.append(self._round_end(None, False, None).record())
        winners = list(self.winners) if over else None
        return game_record(
            self.rules, self.players, self.max_turns, self.seed, rounds, self._totals, winners
        )

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Game:
        """Replay a record made by :meth:`to_record`, checking every deal, action,
        reshuffle, end and score; the game as the record leaves it (over, or in play).

        A record with a seed must hold the deals and reshuffles that seed gives; one
        with ``"seed": null`` gives them itself. The replay is
        :func:`~threethirteen.engine.record_replay.replay_record`, which deals the
        game round by round through :meth:`dealt` and :meth:`deal`.

        :raises InvalidRecordError: naming the round, the action and what is wrong.

        >>> game = Game("pagat", players=2, seed=5)
        >>> game.apply(DrawStock())
        >>> Game.from_record(game.to_record()).hand(1) == game.hand(1)
        True
        """
        return replay_record(record, cls.dealt)

    # -- deals given ----------------------------------------------------------------

    @classmethod
    def dealt(
        cls,
        rules: RulesLike = "pagat",
        players: int | None = None,
        *,
        seed: int | None = None,
        variations: Iterable[str] = (),
        max_turns: int | None = None,
    ) -> Game:
        """A game whose rounds are dealt one by one with :meth:`deal`: the cards given
        (a game played at a real table, typed in; a record replayed), or its seed's.

        The game waits for each deal: before the first and between rounds
        :attr:`awaits_deal` is true, nobody is to move and no action is legal
        (between rounds the round that ended stays on show). :meth:`deal_from_seed`
        ends the waiting: the game then deals every round itself, as one made by
        ``Game(...)``.

        :param seed: ``None`` (kept as :attr:`seed`, written in the record as
            ``null``): each :meth:`deal` gives the cards, or deals from a fresh
            random seed when it gives none; an int: every deal is that seed's, as
            ``Game(..., seed=seed)`` deals it.
        :raises InvalidRulesError: for an unknown preset or variation, or players the
            preset does not seat (as :class:`Game`).
        :raises GameError: for a table the pool cannot deal, or a bad seed or limit.

        >>> game = Game.dealt("pagat", players=2)
        >>> game.awaits_deal, game.to_move, game.legal_actions()
        (True, None, [])
        >>> game.deal(["3c 4c 5c", "9d Kh Ks"], "2s", "Ac 2c 2d")
        Traceback (most recent call last):
        ...
        threethirteen.errors.GameError: the deal is not the pool's cards: 6c is missing
        """
        found, count = _table_rules(rules, players, variations)
        if seed is not None:
            seed = check_int("a seed", seed, 0, MAX_SEED, GameError)
        game = object.__new__(cls)
        game._setup(found, count, seed, _turn_limit(max_turns))
        game._waits = True
        r = game._new_round([[] for _ in range(count)], 0, [])
        r.piles = [[] for _ in r.piles]
        r.deal_record = {}
        r.to_move = None
        game._r = r
        return game

    @property
    def awaits_deal(self) -> bool:
        """Whether the game waits for :meth:`deal` (a game made by :meth:`dealt`,
        before a round).

        >>> Game("pagat", players=2, seed=1).awaits_deal
        False
        """
        r = self._r
        return self._waits and r.to_move is None and r.phase != _OVER

    def deal(
        self,
        hands: Iterable[Iterable[Card | str | int] | str] | None = None,
        upcard: Card | str | int | None = None,
        stock: Iterable[Card | str | int] | str | None = None,
        reshuffles: Iterable[Iterable[Card | str | int] | str] = (),
    ) -> None:
        """Deal the round that a game made by :meth:`dealt` waits for: ``hands``,
        ``upcard`` and ``stock`` given, or (none given) from the game's seed.

        :param hands: each player's cards as dealt, from player 0 (a list of cards,
            card texts or card codes, or a text such as ``"9s 3h 4d"``; their order is
            kept in the record).
        :param upcard: the card turned up to start the discard pile.
        :param stock: the stock, top card first. The hands, the upcard and the stock
            are the pool's cards, each as often as the pool holds it.
        :param reshuffles: the new stock of each reshuffle of the round, in order (top
            card first): when the stock runs out, the next one is dealt; it must be
            the cards of the discard piles under their top cards (else
            :meth:`apply` raises :class:`~threethirteen.InvalidRecordError`, as it
            does when the stock runs out and no reshuffle is left).
        :raises GameError: when no deal is awaited, for cards given to a game with a
            seed, and for a deal that is not the pool's cards.

        >>> seeded = Game("pagat", players=2, seed=5)
        >>> cards = seeded.round_record()["deal"]
        >>> cards["hands"][1], cards["upcard"], len(cards["stock"])
        (['9h', '2c', 'Jc'], 'Jd', 45)
        >>> game = Game.dealt("pagat", players=2)
        >>> game.deal(cards["hands"], cards["upcard"], cards["stock"])
        >>> game.to_move, game.hand(1), game.stock == seeded.stock
        (1, Hand.parse('2c Jc 9h'), True)
        >>> game.deal()
        Traceback (most recent call last):
        ...
        threethirteen.errors.GameError: no deal is awaited: round 1 is in play
        """
        r = self._r
        if not self.awaits_deal:
            raise GameError(
                "the game is over"
                if r.phase == _OVER
                else f"no deal is awaited: round {self.round} is in play"
                + ("" if self._waits else " (only a game made by Game.dealt waits for deals)")
            )
        given = (hands is not None, upcard is not None, stock is not None)
        if not any(given):
            if list(items(reshuffles, "reshuffles", GameError)):
                raise GameError("reshuffles are given with the cards of a deal")
            self._given_reshuffles = None
            self._deal(None)
            return
        if self.seed is not None:
            raise GameError(f"this game deals from its seed {self.seed}: call deal() without cards")
        if not all(given):
            raise GameError("give the hands, the upcard and the stock, or none of them")
        dealt = self.rules.rounds[self._round_index]
        codes = [
            _card_codes(hand, f"hand {index}")
            for index, hand in enumerate(items(hands, "hands", GameError, MAX_PLAYERS))
        ]
        if len(codes) != self.players:
            raise GameError(f"{len(codes)} hands dealt for {self.players} players")
        for index, hand in enumerate(codes):
            if len(hand) != dealt:
                raise GameError(f"hand {index} holds {len(hand)} cards, not {dealt}")
        pool = pool_codes(self.rules.decks, self.rules.jokers)
        top = _card_codes([upcard], "the upcard")[0]
        order = _card_codes(stock, "the stock")
        problem = _not_pool([code for hand in codes for code in hand] + [top] + order, pool)
        if problem:
            raise GameError(f"the deal is not the pool's cards: {problem}")
        stocks = items(reshuffles, "reshuffles", GameError, _MOST_RESHUFFLES)
        self._given_reshuffles = [
            _card_codes(cards, f"reshuffle {index}")[:] for index, cards in enumerate(stocks)
        ]
        self._deal((codes, top, order))

    def deal_from_seed(self) -> None:
        """End a game made by :meth:`dealt` waiting for deals: from now on it deals
        every round itself, from its seed (a fresh random one when it has none), as
        a game made by ``Game(...)`` does; the deal it waits for, if any, is dealt
        now. Nothing changes for a game that deals itself already.

        >>> game = Game.dealt("pagat", players=2, seed=5)
        >>> game.deal_from_seed()
        >>> game.awaits_deal, game.hand(1) == Game("pagat", players=2, seed=5).hand(1)
        (False, True)
        """
        waiting = self.awaits_deal
        self._waits = False
        self._given_reshuffles = None
        if waiting:
            self._deal(None)

    def round_record(self) -> dict[str, Any]:
        """The record of the round in play (``"end"`` and ``"scores"`` ``None``), or,
        between rounds and once the game is over, of the round that ended last: the
        dict :meth:`to_record` writes for it (a copy: the caller's to change).

        :raises GameError: before a game made by :meth:`dealt` is first dealt, and
            for a game made by :meth:`PlayerView.sample`, whose deals nobody knows.

        >>> game = Game("pagat", players=2, seed=5)
        >>> game.apply("draw stock")
        >>> round = game.round_record()
        >>> round["number"], round["deal"]["upcard"], round["actions"], round["end"]
        (1, 'Jd', [{'player': 1, 'type': 'draw', 'source': 'stock'}], None)
        """
        records = self._round_records
        if records is None:
            raise GameError("a game made by PlayerView.sample has no deals to record")
        if self.awaits_deal or self._r.phase == _OVER:
            if not records:
                raise GameError("no round has been dealt: the game awaits its first deal")
            return records[-1].record(copy=True)
        return self._round_end(None, False, None).record(copy=True)

    def score_sheet(self, names: Sequence[str] | None = None) -> str:
        """The scores as a short text table: a row per round, then the totals.
        ``names``: each player's name (default ``player 0``, ``player 1``...).

        >>> print(Game("pagat", players=2, seed=5).score_sheet().splitlines()[0])
        round  wild  player 0  player 1
        >>> print(Game("pagat", players=2, seed=5).score_sheet(["you", "bot"]).splitlines()[0])
        round  wild     you     bot
        """
        winners = list(self.winners) or None
        if self._round_records is None:
            rows = [
                {"number": i + 1, "wild": "", "void": False, "scores": list(s)}
                for i, s in enumerate(self._round_scores)
            ]
        else:
            rows = [ended.scores_row() for ended in self._round_records]
        return score_sheet(self.players, rows, list(self._totals), winners, names)


def _table_rules(
    rules: RulesLike, players: int | None, variations: Iterable[str]
) -> tuple[Rules, int]:
    """The rules of a table of ``players`` and the number of players."""
    if isinstance(variations, str):
        variations = [variations]
    elif not isinstance(variations, list):
        if not is_iterable(variations):
            raise GameError(f"variations are a list of variation names, not {quote(variations)}")
        variations = list(islice(variations, MAX_VARIATIONS + 1))  # (an endless iterator)
    if len(variations) > MAX_VARIATIONS:
        raise InvalidRulesError(f"more than {MAX_VARIATIONS} variations")
    if isinstance(rules, Rules):
        if variations:
            raise GameError(
                "give variations with a preset name; a Rules value has its own"
                " (Rules.preset(name, variations, players=...))"
            )
        if players is None:
            players = rules.players
        if players is None:
            raise GameError("how many players? give players= (the rules do not say)")
        players = as_index(players, "players", GameError)
        if rules.players is not None and rules.players != players:
            raise GameError(f"these rules are for {rules.players} players, not {quote(players)}")
        if not 2 <= players <= 16:
            raise GameError(f"a game seats 2 to 16 players, not {quote(players)}")
        found = rules
    elif isinstance(rules, str):
        if players is None:
            raise GameError("how many players? give players=")
        found = Rules.preset(rules, variations, players=players)
        players = as_index(players, "players", GameError)
    else:
        raise GameError(f"rules are a preset name or a Rules, not {quote(rules)}")
    pool = 52 * found.decks + found.jokers
    needed = players * max(found.rounds) + 1
    if needed > pool:
        raise GameError(
            f"{players} players need {needed} cards for the largest deal and the upcard;"
            f" the pool holds {pool}"
        )
    return found, players


def _generator(rng: object) -> np.random.Generator:
    """A numpy generator from a seed (an int from 0 to 2**128 - 1), ``None``, or a bit
    generator or seed sequence of numpy's."""
    if rng is not None and not isinstance(rng, (np.random.BitGenerator, np.random.SeedSequence)):
        try:
            seed = as_index(rng, "rng", GameError)
        except GameError:
            seed = -1
        if not 0 <= seed <= MAX_SEED:
            raise GameError(
                "rng is a numpy Generator, a seed (an int from 0 to 2**128 - 1) or None,"
                f" not {quote(rng)}"
            )
        rng = seed
    return np.random.default_rng(rng)


def _turn_limit(max_turns: object) -> int | None:
    if max_turns is None:
        return None
    limit = as_index(max_turns, "max_turns", GameError)
    if not 1 <= limit <= MAX_TURNS:
        raise GameError(f"max_turns is from 1 to {MAX_TURNS} (or None), not {quote(max_turns)}")
    return limit


class GameCodes(NamedTuple):
    """The cards of a :class:`Game`'s round in play as card codes (``Card.code``,
    0-52) in bytes, with what the round's scoring needs besides
    (:attr:`~threethirteen.Game.card_codes`): for compiled code, which needs no
    :class:`~threethirteen.Card` objects.
    """

    hands: tuple[bytes, ...]
    """Each player's cards, sorted (:meth:`~threethirteen.Game.hand`)."""
    stock: bytes
    """The stock from its bottom card to its top card (the reverse of
    :attr:`~threethirteen.Game.stock`)."""
    piles: tuple[bytes, ...]
    """Each discard pile, from bottom to top (:attr:`~threethirteen.Game.piles`)."""
    went_out: tuple[bool, ...]
    """Who has gone out this round (:attr:`~threethirteen.Game.went_out`)."""
    first_out: int | None
    """The first player to go out this round, or ``None``."""
    penalties: tuple[int, ...]
    """Each player's false-out penalties this round."""


@dataclass(frozen=True)
class PlayerView(ViewData):
    """What one player may know: their own hand and everything public, nothing else.

    Public: every discard pile's cards in order (all were seen face up), the table's
    melds, each player's hand size and the cards each is known to hold (taken from
    a discard pile and not since discarded or laid), the stock's size, the cards of
    the last reshuffle, the round, wild rank, scores, whose turn it is, and the
    round's history of actions (a draw says only where it was from). Hidden: the
    other hands' other cards and the stock's cards and order. The seed is not in a
    view: it would tell the hidden cards.

    A view holds values only, made for it or shared immutable ones: not the game,
    none of its lists, and nothing hidden from the player (the hidden cards, as a
    multiset, are worked out from the public fields: :meth:`unseen`). Its fields
    and their reading are those of :class:`~threethirteen.engine.view.ViewData`
    (plain data, below the beliefs' model that reads it); a player view adds what
    needs the engine: :meth:`sample` and :meth:`beliefs`.

    >>> import threethirteen as tt
    >>> view = tt.Game("pagat", players=3, seed=42).view(0)
    >>> view.hand_sizes, view.stock_size, view.known[1]
    ((3, 3, 3), 94, Hand.parse(''))
    """

    def beliefs(self) -> np.ndarray[Any, np.dtype[np.float64]]:
        """The expected number of copies of each card type (codes 0-52, 52 the
        joker) each player holds, as this player may believe: a float64 array of
        shape ``(players, 53)``. This player's row is their hand; each row sums to
        that player's hand size; a card known to be in a hand is there; the cards
        this player cannot see are spread over the other hands' unknown places and
        the stock by the model of :mod:`threethirteen.engine.beliefs`, which reads each
        opponent's public decisions (the pile cards taken and passed, the discards,
        the draws). Worked out once per view from its public fields (a copy is
        returned).

        >>> import threethirteen as tt
        >>> view = tt.Game("pagat", players=2, seed=7).view(0)
        >>> expected = view.beliefs()
        >>> expected.shape, [float(row.sum()) for row in expected]
        ((2, 53), [3.0, 3.0])
        """
        return np.array(self._belief_state().expected)

    def _belief_state(self) -> BeliefState:
        """The beliefs' model worked out for this view (kept, unpickled and not
        compared: it is a function of the public fields)."""
        found: BeliefState | None = self.__dict__.get("_beliefs")
        if found is None:
            found = self.__dict__["_beliefs"] = work_out_beliefs(self)
        return found

    def sample(
        self, rng: np.random.Generator | int | None = None, *, weighted: bool = False
    ) -> Game:
        """A full game consistent with this view, for play to go on from: the cards
        this player cannot see dealt at random to the other players' unknown places
        and the stock, so that the round's whole history could have happened (see
        :mod:`threethirteen.engine.determinize`: every other player held each card they
        discarded or laid, and after a reshuffle the stock holds only cards of it).
        Before the round's first reshuffle every consistent deal is equally likely.
        Its future deals and reshuffles come from a seed drawn from ``rng``.

        The sample's view for this player equals this view, and its views for the
        other players are those of a game that could have been played.

        With ``weighted=True`` the hidden cards are dealt in proportion to the model
        of :meth:`beliefs` instead (each opponent's unknown places are filled one
        card after another, a card as likely as its weight for that opponent; the
        rest is the stock), still consistent with the view. After a reshuffle in
        the round a weighted sample is the uniform one (the history search
        decides where the reshuffled cards went).

        :param rng: a :class:`numpy.random.Generator`, a seed for one (an int from 0
            to 2**128 - 1), or ``None``.
        :param weighted: deal by the beliefs' model rather than uniformly.
        :raises GameError: for an ``rng`` that is none of these.

        >>> import threethirteen as tt
        >>> game = tt.Game("pagat", players=3, seed=42)
        >>> sample = game.view(0).sample(1)
        >>> sample.view(0) == game.view(0), sample.hand(0) == game.hand(0)
        (True, True)
        """
        beliefs = self._belief_state() if weighted and self.reshuffled is None else None
        return sample_game(self, rng, beliefs, self.__dict__.get("_history_parts"))


def sample_game(
    view: ViewData,
    rng: np.random.Generator | int | None = None,
    beliefs: BeliefState | None = None,
    history: HistoryParts | None = None,
) -> Game:
    """A full game consistent with ``view`` (:meth:`PlayerView.sample`, which calls
    it): the cards the view's player cannot see dealt at random, by ``beliefs`` (the
    view's beliefs' model) when given and the round has had no reshuffle, else
    uniformly; ``history``: the round's history as the view's game kept it (its
    chunks), for the sample's views to share.

    :raises GameError: for an ``rng`` that is no generator, seed or ``None``.

    >>> game = Game("pagat", players=2, seed=3)
    >>> sample_game(game.view(1), 5).view(1) == game.view(1)
    True
    """
    kind, raw64 = _numpy_random()
    generator = rng if type(rng) is kind or isinstance(rng, kind) else _generator(rng)
    bits = generator.bit_generator
    if type(bits) in raw64:  # (_two_seeds, inline)
        raw = bits.random_raw
        seeds = [raw() >> 1, raw() >> 1]
    else:
        seeds = _two_seeds(generator)
    base = view.__dict__.get("_sample_base") or _sample_base(view)
    hands: list[list[int]]
    dealt: _Dealt
    if base.reshuffled is None:
        if beliefs is not None:
            # One source: every deal of the unseen cards is consistent.
            hands, stock = beliefs.deal(generator)
        else:
            # One source: every deal of the unseen cards is consistent, and equally
            # likely; the round's history is worked out only when asked for. The
            # unseen cards are shuffled in place: the generator's shuffle of a list
            # makes the very swaps of its permutation(n) (the order numpy's
            # permutation gave before, from the same draws). The stock takes the
            # first of them, each other player's unknown places the next.
            order = list(base.hidden)
            generator.shuffle(order)
            stock = order[: base.stock_size]
            hands = [order[start:end] for start, end in base.spans]
        pending = _new_pending(_Pending, (view, hands, stock, seeds[1]))
        # (the draws after the sample: none yet, an empty value each until one)
        dealt = ((), [b""] * base.players, ())
        return Game._sampled(base, hands, stock, dealt, pending, seeds[0], history, 0)
    players = view.players
    false_outs = frozenset(view.false_outs)
    try:
        found = sample_history(_view_deal(view), view.history, generator, false_outs)
    except SampleError:
        hands, stock = _loose_deal(view, generator)
        # No history is known: the player's own as it was, the others'
        # hands as they are now stand for their deals.
        draws = [bytearray() for _ in range(players)]
        draws[view.player] = bytearray(card.code for card in view.stock_draws)
        dealt_hands = tuple(
            tuple(view.dealt_hand.code_bytes)
            if other == view.player
            else tuple(sorted(list(view.known[other].code_bytes) + hands[other]))
            for other in range(players)
        )
        dealt = (dealt_hands, draws, [])
    else:
        hands, stock = found.hands, found.stock
        dealt = (
            tuple(tuple(sorted(hand)) for hand in found.dealt),
            [bytearray(drawn) for drawn in found.drawn],
            [tuple(order) for order in found.reshuffles],
        )
    everyone = (1 << players) - 1  # (the new draws and orders: the sample's own)
    owned = everyone << _DRAWS_BIT | 1 << _ORDERS_BIT
    return Game._sampled(base, hands, stock, dealt, None, seeds[0], history, owned)


@lru_cache(maxsize=1)
def _numpy_random() -> tuple[type[np.random.Generator], frozenset[type]]:
    """numpy's ``Generator`` class, and its bit generators whose raw output is their
    64-bit output (not MT19937's, whose raw output is 32 bits): found once."""
    random = np.random
    return random.Generator, frozenset(
        (random.PCG64, random.PCG64DXSM, random.SFC64, random.Philox)
    )


def _two_seeds(generator: np.random.Generator) -> list[int]:
    """``generator.integers(0, 2**63, size=2).tolist()``, drawn the same, faster: for
    this range numpy's bounded draw (Lemire's) is the 64-bit word shifted right once
    and never rejects, so two raw words give the same two seeds (checked by
    ``tests/test_determinize.py``). Other bit generators take numpy's way."""
    bits = generator.bit_generator
    if type(bits) in _numpy_random()[1]:
        raw = bits.random_raw
        return [raw() >> 1, raw() >> 1]
    seeds: list[int] = generator.integers(0, 2**63, size=2).tolist()
    return seeds


def _view_deal(view: ViewData) -> Deal:
    """What the view's player knows of the round's start and of their own draws."""
    rules = view.rules
    pool = _pool_counts(rules.decks, rules.jokers)
    return Deal(
        players=view.players,
        viewer=view.player,
        dealer=view.dealer,
        separate=rules.separate_discards,
        pool=pool,
        dealt=list(view.dealt_hand.code_bytes),
        upcard=view.upcard.code,
        stock_size=sum(pool) - view.players * view.cards_dealt - 1,
        drawn=[card.code for card in view.stock_draws],
    )


def _loose_deal(
    view: ViewData, generator: np.random.Generator
) -> tuple[list[list[int]], list[int]]:
    """The fallback when the history search gives up (rare: long rounds with twins
    after reshuffles): the stock drawn from the reshuffled cards still hidden, the
    rest of the hidden cards dealt at random. The view stays the same; which
    opponent drew which reshuffled card is not checked."""
    hidden = list(view.unseen_codes())
    candidates = hidden
    if view.reshuffled is not None:
        counts = Counter(view.reshuffled.code_bytes) & Counter(hidden)
        candidates = sorted(counts.elements())
    picks = generator.permutation(len(candidates))[: view.stock_size].tolist()
    stock = [candidates[i] for i in picks]
    rest = _without(hidden, stock)
    assert rest is not None
    rest = [rest[i] for i in generator.permutation(len(rest)).tolist()]
    hands: list[list[int]] = []
    position = 0
    for other in range(view.players):
        unknown = 0 if other == view.player else view.hand_sizes[other] - len(view.known[other])
        hands.append(rest[position : position + unknown])
        position += unknown
    return hands, stock
