"""The layout of a table's spaces: where each plane lies in the observation vector
and each block in the action space, for the rules and the player count, with the
shapes of the smallest melds that number the meld actions.

The observation (:mod:`threethirteen.adapters.observation`) and the action indices
(:mod:`threethirteen.adapters.action_index`) both read one :class:`Layout`, made
once per table (:func:`table_layout`) and found again for a view
(:func:`view_layout`).

>>> lay = table_layout(Rules.preset("pagat", players=2), 2)
>>> lay.size, lay.action_count, lay.planes["hand"]
(469, 108, slice(0, 53, None))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement

import numpy as np

from .._validate import as_index, quote
from ..engine.game import PlayerView
from ..errors import GameError, InvalidActionError
from ..hands.cards import NUMBER_OF_CODES
from ..hands.meld_rules import highest_place
from ..hands.rules import MAX_PLAYERS, Rules, RulesLike

__all__ = [
    "HAND_SIZE_SCALE",
    "LAY_OFF_WIDTH",
    "SCORE_SCALE",
    "TURNS_SCALE",
    "Layout",
    "resolve_table",
    "stacked",
    "table_layout",
    "table_melds_bound",
    "view_layout",
]

SCORE_SCALE = 100.0
"""Scores (totals and false-out penalties) are divided by this in the observation."""
HAND_SIZE_SCALE = 16.0
"""Hand sizes are divided by this (the largest hand: 15 cards dealt and one drawn)."""
TURNS_SCALE = 100.0
"""Without a turn limit, the turns of the round are divided by this and capped at 1
(with one, ``max_turns``, they are divided by the limit: 1 is the round's last turn)."""

_C = NUMBER_OF_CODES  # 53 card codes: 52 cards and the joker
LAY_OFF_WIDTH = _C + 5
"""Per table meld: a card code (a natural card, or a wild card at a set or a run's
lower end), then 5 for a wild card at a run's upper end (the wild rank's 4 suits,
the joker)."""


def stacked(sizes: Iterable[tuple[str, int]]) -> dict[str, slice]:
    """Named blocks of the given sizes laid one after another, from 0: each name's
    slice of the vector, in order.

    >>> stacked([("hand", 53), ("turns", 1)])
    {'hand': slice(0, 53, None), 'turns': slice(53, 54, None)}
    """
    planes: dict[str, slice] = {}
    at = 0
    for name, size in sizes:
        planes[name] = slice(at, at + size)
        at += size
    return planes


# -- the table of rules and players --------------------------------------------------


def resolve_table(rules: RulesLike, players: int, variations: Iterable[str]) -> tuple[Rules, int]:
    """The rules of a table of ``players`` (a preset name with ``variations``, or a
    :class:`~threethirteen.Rules`) and the number of players, as
    :class:`~threethirteen.Game` reads them.

    :raises GameError: for a table that is no table (as :class:`~threethirteen.Game`).

    >>> rules, players = resolve_table("pagat", 3, "jokers")
    >>> rules.jokers, players
    (4, 3)
    """
    if isinstance(variations, str):
        variations = [variations]
    variations = list(variations)
    players = as_index(players, "players", GameError)
    if not 2 <= players <= MAX_PLAYERS:
        raise GameError(f"a game seats 2 to {MAX_PLAYERS} players, not {quote(players)}")
    if isinstance(rules, Rules):
        if variations:
            raise GameError(
                "give variations with a preset name; a Rules value has its own"
                " (Rules.preset(name, variations, players=...))"
            )
        if rules.players is not None and rules.players != players:
            raise GameError(f"these rules are for {rules.players} players, not {quote(players)}")
        return rules, players
    if isinstance(rules, str):
        return Rules.preset(rules, variations, players=players), players
    raise GameError(f"rules are a preset name or a Rules, not {quote(rules)}")


def table_melds_bound(rules: RulesLike, players: int, variations: Iterable[str] = ()) -> int:
    """The most melds the table can hold in a round: under table play, the pool's
    cards over the smallest meld's size; otherwise (melds are laid when going out,
    and under ``redemption`` in the last turns) each player's largest hand (the most
    cards dealt, plus the card drawn) over the smallest meld's size, per player.

    The observation and the lay-offs have this many table meld slots when cards
    can be laid off (table play, ``redemption``), else none.

    >>> table_melds_bound("pagat", 4)  # 4 players, 14 cards over 3
    16
    >>> table_melds_bound("family", 4)  # 2 decks: 104 cards over 3
    34
    """
    return _table_bound(*resolve_table(rules, players, variations))


def _table_bound(rules: Rules, players: int) -> int:
    smallest = min(rules.min_set, rules.min_run)
    if rules.layoff:
        return (52 * rules.decks + rules.jokers) // smallest
    return players * ((max(rules.rounds) + 1) // smallest)


@lru_cache(maxsize=16)
def _set_shapes(size: int, kinds: int) -> dict[tuple[tuple[int, ...], tuple[int, ...]], int]:
    """Every shape of a set of ``size`` cards, numbered: the multiset of the natural
    cards' suits and the multiset of the wild cards' kinds (a wild rank's suit 0-3,
    4 for a joker; ``kinds`` of them), as sorted tuples."""
    found: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
    for count in range(size + 1):
        for suits in combinations_with_replacement(range(4), count):
            for wilds in combinations_with_replacement(range(kinds), size - count):
                found[suits, wilds] = len(found)
    return found


@lru_cache(maxsize=16)
def _run_shapes(size: int, kinds: int) -> dict[tuple[int, tuple[int, ...]], int]:
    """Every shape of a run of ``size`` places, numbered: the places its wild cards
    fill (a bit mask) and the multiset of their kinds (a sorted tuple; the engine
    lays them in the places in one way)."""
    found: dict[tuple[int, tuple[int, ...]], int] = {}
    for mask in range(2**size):
        for wilds in combinations_with_replacement(range(kinds), mask.bit_count()):
            found[mask, wilds] = len(found)
    return found


@dataclass(frozen=True, eq=False)  # hashed by identity: one per table, cached
class Layout:
    """The places of one table's spaces (made by :func:`table_layout`, one per
    rules and player count, and hashed by identity): the observation's planes
    (``planes``, ``size``) and the positions the encoder writes at, the action
    space's blocks (``actions``, ``action_count``) and the numbered shapes of the
    smallest sets and runs.

    >>> lay = table_layout(Rules.preset("family", players=4), 4)
    >>> lay.piles, lay.slots, len(lay.actions["lay_off"]) == lay.slots * LAY_OFF_WIDTH
    (1, 34, True)
    """

    rules: Rules
    players: int
    piles: int
    slots: int
    planes: dict[str, slice]
    size: int
    actions: dict[str, range]
    action_count: int
    set_shapes: dict[tuple[tuple[int, ...], tuple[int, ...]], int]
    set_names: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    kinds: int
    run_lows: int
    run_shapes: dict[tuple[int, tuple[int, ...]], int]
    run_names: tuple[tuple[int, tuple[int, ...]], ...]
    # positions used by the encoder
    hand: int
    known: int
    piles_at: int
    tops: int
    reshuffled: int
    table: int
    table_melds: int
    wild: int
    round: int
    phase: int
    to_move: int
    dealer: int
    first_out: int
    table_owners: int
    scalars: int
    scales: np.ndarray


@lru_cache(maxsize=64)
def table_layout(rules: Rules, players: int) -> Layout:
    """The :class:`Layout` of ``rules`` (a :class:`~threethirteen.Rules`, checked
    by :func:`resolve_table`) at a table of ``players`` (cached: the same object
    for equal rules).

    >>> lay = table_layout(Rules.preset("pagat", players=4), 4)
    >>> lay.size, lay.actions["discard"]
    (697, range(2, 55))
    """
    n = players
    piles = n if rules.separate_discards else 1
    slots = _table_bound(rules, n) if rules.layoff or rules.redemption else 0
    sizes = [
        # card counts: rows of 53 codes
        ("hand", _C),
        ("known", n * _C),
        ("pile_tops", piles * _C),
        ("piles", piles * _C),
        ("reshuffled", _C),
        ("table", n * _C),
        ("table_melds", slots * _C),
        # one-hot
        ("wild", 13),
        ("round", len(rules.rounds)),
        ("phase", 3),
        ("to_move", n),
        ("dealer", n),
        ("first_out", n),
        ("table_owners", slots * n),
        # numbers
        ("hand_sizes", n),
        ("went_out", n),
        ("has_melded", n),
        ("penalties", n),
        ("totals", n),
        ("stock_size", 1),
        ("turns", 1),
    ]
    planes = stacked(sizes)
    table_play = rules.layoff or rules.redemption
    kinds = 5 if rules.jokers else 4  # the wild rank's suits, and the joker
    set_shapes = _set_shapes(rules.min_set, kinds) if table_play else {}
    run_lows = highest_place(rules) - rules.min_run + 1 if table_play else 0
    run_shapes = _run_shapes(rules.min_run, kinds) if table_play else {}
    counts = [
        ("draw_stock", 1),
        ("draw_discard", piles),
        ("discard", _C),
        ("go_out", _C),
        ("joker_to_pile", n - 1 if rules.joker_discards else 0),
        ("lay_set", 13 * len(set_shapes)),
        ("lay_run", 4 * run_lows * len(run_shapes)),
        ("lay_off", slots * LAY_OFF_WIDTH),
    ]
    actions: dict[str, range] = {}
    index = 0
    for name, size in counts:
        actions[name] = range(index, index + size)
        index += size
    # The encoder writes the one-hot places from wild to first_out as bytes.
    assert planes["first_out"].stop - planes["wild"].start <= 256
    pool = 52 * rules.decks + rules.jokers
    scales = np.array(
        [1 / HAND_SIZE_SCALE] * n
        + [1.0] * (2 * n)
        + [1 / SCORE_SCALE] * (2 * n)
        + [1 / pool, 1.0],  # (the turns come divided by the turn limit)
        dtype=np.float32,
    )
    return Layout(
        rules=rules,
        players=n,
        piles=piles,
        slots=slots,
        planes=planes,
        size=planes["turns"].stop,
        actions=actions,
        action_count=index,
        set_shapes=set_shapes,
        set_names=tuple(set_shapes),
        kinds=kinds,
        run_lows=run_lows,
        run_shapes=run_shapes,
        run_names=tuple(run_shapes),
        hand=planes["hand"].start,
        known=planes["known"].start,
        piles_at=planes["piles"].start,
        tops=planes["pile_tops"].start,
        reshuffled=planes["reshuffled"].start,
        table=planes["table"].start,
        table_melds=planes["table_melds"].start,
        wild=planes["wild"].start,
        # places from the wild plane's start (a byte each: under 256 places)
        round=planes["round"].start - planes["wild"].start - 1,  # rounds from 1
        phase=planes["phase"].start - planes["wild"].start,
        to_move=planes["to_move"].start - planes["wild"].start,
        dealer=planes["dealer"].start - planes["wild"].start,
        first_out=planes["first_out"].start - planes["wild"].start,
        table_owners=planes["table_owners"].start,
        scalars=planes["hand_sizes"].start,
        scales=scales,
    )


_PAGAT = Rules.preset("pagat", players=2)
_LAST = [(_PAGAT, 2, table_layout(_PAGAT, 2))]
"""The rules (the caller's object), the players and the layout of the last call."""


def view_layout(view: PlayerView) -> Layout:
    """The :class:`Layout` of ``view``'s table (the last one found is kept: its
    rules are compared by identity, so a game's views find it at once).

    :raises InvalidActionError: for a ``view`` that is no PlayerView.

    >>> import threethirteen as tt
    >>> view_layout(tt.Game("pagat", players=2, seed=7).view(0)).size
    469
    """
    if type(view) is not PlayerView and not isinstance(view, PlayerView):
        raise InvalidActionError(f"a view is a PlayerView, not {quote(view)}")
    rules = view.rules
    last = _LAST[0]
    if last[0] is rules and last[1] == view.players:
        return last[2]  # the table of the last call: rules compared by identity
    found = table_layout(rules, view.players)
    _LAST[0] = (rules, view.players, found)
    return found
