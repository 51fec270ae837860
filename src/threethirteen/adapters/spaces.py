"""Observation and action spaces: a :class:`~threethirteen.PlayerView` as a fixed-size
float32 vector, and every legal action as an integer, for learning agents.

The observation is built from the view alone (nothing hidden from the player goes
into it) and is seat-relative: every per-player plane starts with the observer,
then the player on their left (the next to play after them), and so on, so one
network plays any seat. :func:`observation_planes` names each plane's place in the
vector; ``docs/encoding.md`` describes them one by one.

The action space has a fixed size for the rules and player count
(:func:`action_count`); :func:`action_mask` marks the indices of the legal
actions, :func:`action_to_index` and :func:`index_to_action` translate. Every
legal action has an index of its own: a meld's index says which kind of wild card
(a suit of the wild rank, or a joker) fills each wild place (see
:func:`action_ranges` and ``docs/encoding.md``). :func:`observation_bounds` gives
each entry's least and greatest value.

>>> import threethirteen as tt
>>> game = tt.Game("pagat", players=2, seed=7)
>>> view = game.view(game.to_move)
>>> observation_shape("pagat", 2), encode_observation(view).shape
((469,), (469,))
>>> legal = game.legal_actions()
>>> [action_to_index(action, view) for action in legal]
[0, 1]
>>> action_mask(view, legal)[:4].tolist(), action_count("pagat", 2)
([1, 1, 0, 0], 108)
>>> index_to_action(1, view, legal)
Action.parse('draw discard')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement
from operator import attrgetter

import numpy as np

from .._kernel.backend import solver as _solver
from .._validate import as_index, quote
from ..engine.actions import Action, DiscardCard, DrawDiscard, DrawStock, LayMeld, LayOff
from ..engine.game import PlayerView, TableMeld
from ..engine.records import rank_text
from ..engine.scoring import DOUBLED_ROUNDS
from ..engine.table_play import lay_off_identity, run_ends
from ..errors import GameError, IllegalActionError, InvalidActionError
from ..hands.cards import CARDS, JOKER, NUMBER_OF_CODES, Card
from ..hands.meld_rules import highest_place, is_wild_code, set_identities
from ..hands.melds import Meld
from ..hands.rules import MAX_PLAYERS, Rules, RulesLike

__all__ = [
    "HAND_SIZE_SCALE",
    "SCORE_SCALE",
    "TURNS_SCALE",
    "action_count",
    "action_indices",
    "action_mask",
    "action_ranges",
    "action_to_index",
    "describe_index",
    "encode_observation",
    "index_to_action",
    "observation_bounds",
    "observation_planes",
    "observation_shape",
    "picture_shape",
    "reward_scale",
    "score_rewards",
    "table_melds_bound",
    "view_picture",
    "view_text",
    "worst_loss",
]

SCORE_SCALE = 100.0
"""Scores (totals and false-out penalties) are divided by this in the observation."""
HAND_SIZE_SCALE = 16.0
"""Hand sizes are divided by this (the largest hand: 15 cards dealt and one drawn)."""
TURNS_SCALE = 100.0
"""Without a turn limit, the turns of the round are divided by this and capped at 1
(with one, ``max_turns``, they are divided by the limit: 1 is the round's last turn)."""

_C = NUMBER_OF_CODES  # 53 card codes: 52 cards and the joker
_LAY_OFF_WIDTH = _C + 5
"""Per table meld: a card code (a natural card, or a wild card at a set or a run's
lower end), then 5 for a wild card at a run's upper end (the wild rank's 4 suits,
the joker)."""


# -- the table of rules and players --------------------------------------------------


def _resolve(rules: RulesLike, players: int, variations: Iterable[str]) -> tuple[Rules, int]:
    """The rules of a table of ``players`` and the number of players, as
    :class:`~threethirteen.Game` reads them."""
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
    return _table_bound(*_resolve(rules, players, variations))


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


def _wild_kind(code: int) -> int:
    """A wild card's kind in the action space: its suit (0-3), or 4 for a joker."""
    return 4 if code == JOKER else code // 13


@dataclass(frozen=True, eq=False)  # hashed by identity: one per table, cached
class _Layout:
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
def _layout(rules: Rules, players: int) -> _Layout:
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
    planes: dict[str, slice] = {}
    at = 0
    for name, size in sizes:
        planes[name] = slice(at, at + size)
        at += size
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
        ("lay_off", slots * _LAY_OFF_WIDTH),
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
    return _Layout(
        rules=rules,
        players=n,
        piles=piles,
        slots=slots,
        planes=planes,
        size=at,
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
_LAST = [(_PAGAT, 2, _layout(_PAGAT, 2))]
"""The rules (the caller's object), the players and the layout of the last call."""


def _view_layout(view: PlayerView) -> _Layout:
    if type(view) is not PlayerView and not isinstance(view, PlayerView):
        raise InvalidActionError(f"a view is a PlayerView, not {quote(view)}")
    rules = view.rules
    last = _LAST[0]
    if last[0] is rules and last[1] == view.players:
        return last[2]  # the table of the last call: rules compared by identity
    found = _layout(rules, view.players)
    _LAST[0] = (rules, view.players, found)
    return found


# -- the observation -----------------------------------------------------------------


def observation_shape(rules: RulesLike, players: int, variations: Iterable[str] = ()) -> tuple[int]:
    """The shape of :func:`encode_observation`'s vector for these rules and players
    (a preset name with ``variations``, or a :class:`~threethirteen.Rules`).

    :raises GameError: for a table that is no table (as :class:`~threethirteen.Game`).

    >>> observation_shape("pagat", 4), observation_shape("family", 4, ["jokers"])
    ((697,), (2749,))
    """
    return (_layout(*_resolve(rules, players, variations)).size,)


def observation_planes(
    rules: RulesLike, players: int, variations: Iterable[str] = ()
) -> dict[str, slice]:
    """Each plane's name and place in the observation vector, in order.

    Per-player planes are seat-relative: the observer first, then the players to
    their left in turn (see ``docs/encoding.md``).

    >>> planes = observation_planes("pagat", 2)
    >>> planes["hand"], planes["known"], list(planes)[-3:]
    (slice(0, 53, None), slice(53, 159, None), ['totals', 'stock_size', 'turns'])
    """
    return dict(_layout(*_resolve(rules, players, variations)).planes)


def observation_bounds(
    rules: RulesLike,
    players: int,
    variations: Iterable[str] = (),
    max_turns: int | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """The least and greatest value of each entry of the observation (float32 vectors
    of :func:`observation_shape`), for a game with turn limit ``max_turns``: every
    observation :func:`encode_observation` makes lies within them (the adapters'
    ``Box`` bounds).

    A card count is at most the card's copies in the pool; a table meld's stand-ins
    count a card at most its copies and every wild card; one-hot planes and flags
    are 0 or 1; hand sizes are at most one card more than the most dealt (over
    :data:`HAND_SIZE_SCALE`); the stock's size and the turns are fractions;
    false-out penalties (over :data:`SCORE_SCALE`) are at most one per turn of the
    round; a total lies between every round's first-out bonus and every round's
    worst hand (one card more than dealt at the highest penalty, doubled under
    ``doubles``) with its penalties. Under ``false-out`` without a turn limit the
    penalties and totals have no bound: their upper bounds are the float32 range.
    An entry that is always 0 (the joker's without jokers, the penalties without
    ``false-out``) has the bounds 0 and 1: the frameworks' checkers refuse equal
    bounds.

    >>> low, high = observation_bounds("family", 4, max_turns=200)
    >>> planes = observation_planes("family", 4)
    >>> high[planes["hand"]][[0, 52]].tolist(), high[planes["hand_sizes"]].tolist()[:2]
    ([2.0, 1.0], [0.875, 0.875])
    >>> low[planes["totals"]].tolist()[:2], high[planes["totals"]].tolist()[:2]
    ([0.0, 0.0], [14.850000381469727, 14.850000381469727])
    """
    rules, players = _resolve(rules, players, variations)
    if max_turns is not None:
        max_turns = as_index(max_turns, "max_turns", GameError)
    low, high = _bounds(_layout(rules, players), max_turns)
    return low.copy(), high.copy()  # the caller's to change


@lru_cache(maxsize=64)
def _bounds(lay: _Layout, max_turns: int | None) -> tuple[np.ndarray, np.ndarray]:
    rules = lay.rules
    copies = np.array([rules.decks] * 52 + [rules.jokers], np.float32)
    wilds = 4 * rules.decks + rules.jokers
    stand_ins = copies + wilds
    stand_ins[52] = 0  # a joker stands for a card
    low = np.zeros(lay.size, np.float32)
    high = np.ones(lay.size, np.float32)
    planes = lay.planes
    for name in ("hand", "known", "piles", "reshuffled", "table"):
        high[planes[name]] = np.tile(copies, (planes[name].stop - planes[name].start) // _C)
    high[planes["pile_tops"]] = np.tile(np.minimum(copies, 1), lay.piles)
    high[planes["table_melds"]] = np.tile(stand_ins, lay.slots)
    high[planes["hand_sizes"]] = (max(rules.rounds) + 1) / HAND_SIZE_SCALE
    largest = np.finfo(np.float32).max
    penalty = rules.false_out_penalty or 0
    per_round = float("inf") if penalty and max_turns is None else penalty * (max_turns or 0)
    high[planes["penalties"]] = min(per_round / SCORE_SCALE, largest)
    worst = max(
        *rules.card_values, rules.wild_penalty or 0, rules.joker_penalty if rules.jokers else 0
    )
    bonus = rules.first_out_bonus
    least = -max(rules.card_values) if bonus == "wild" else min(0, bonus or 0)
    most = max(0, bonus) if isinstance(bonus, int) else 0
    lowest = highest = 0.0
    for dealt in rules.rounds:
        factor = 2 if rules.doubles and dealt in DOUBLED_ROUNDS else 1
        lowest += factor * least
        highest += factor * (max((dealt + 1) * worst, most) + per_round)
    high[planes["totals"]] = min(highest / SCORE_SCALE, largest)
    low[planes["totals"]] = lowest / SCORE_SCALE
    # an entry that is always 0 (the joker's without jokers, penalties without
    # false-out) is bounded by 0 and 1: the frameworks' checkers refuse equal bounds
    high[high == low] = 1.0
    return low, high


def _order(player: int, players: int) -> range:
    return range(player, player + players)


_CODE = attrgetter("code")
_BYTE = tuple(bytes((value,)) for value in range(256))
_FLOAT32 = np.dtype(np.float32)


def encode_observation(view: PlayerView, out: np.ndarray | None = None) -> np.ndarray:
    """The view as a float32 vector of :func:`observation_shape` (in ``out`` when
    given: a float32 array of that shape, overwritten).

    Built from the view only: the player's hand, the public piles, table, known
    cards, sizes and scores; never a hidden card.

    :raises InvalidActionError: for a ``view`` that is no PlayerView.
    :raises GameError: for an ``out`` of the wrong shape or type.

    >>> import threethirteen as tt
    >>> view = tt.Game("pagat", players=2, seed=7).view(1)
    >>> vector = encode_observation(view)
    >>> planes = observation_planes("pagat", 2)
    >>> [str(tt.Card(code)) for code in vector[planes["hand"]].nonzero()[0]]
    ['7c', '2d', '3d']
    >>> int(vector[planes["wild"]].argmax()) + 1, vector[planes["stock_size"]].tolist()
    (3, [0.8653846383094788])
    """
    lay = _view_layout(view)
    if out is None:
        out = np.empty(lay.size, dtype=np.float32)
    elif (
        not isinstance(out, np.ndarray)
        or (out.dtype is not _FLOAT32 and out.dtype != _FLOAT32)
        or out.shape != (lay.size,)
    ):
        raise GameError(
            f"out must be a float32 array of shape ({lay.size},), not {_describe_array(out)}"
        )
    elif not out.flags.writeable:
        raise GameError("out must be a writeable array, not a read-only one")
    elif not out.flags.c_contiguous:  # (a strided view: written through a copy)
        out[:] = encode_observation(view)
        return out
    n = lay.players
    player = view.player
    # Every count and one-hot plane: rows of bytes (card codes, or places in a
    # plane) at their planes' offsets, counted at once.
    codes = view.card_codes
    offsets = [lay.hand]
    rows = [codes.hand]
    known = codes.known
    at = lay.known
    for held in known[player:] + known[:player]:  # seat-relative
        if held:
            offsets.append(at)
            rows.append(held)
        at += _C
    piles = codes.piles
    if lay.piles == 1:
        pile = piles[0]
        if pile:
            offsets.append(lay.piles_at)
            rows.append(pile)
            offsets.append(lay.tops)
            rows.append(_BYTE[pile[-1]])
    else:
        at = 0
        for pile in piles[player:] + piles[:player]:
            if pile:
                offsets.append(lay.piles_at + at)
                rows.append(pile)
                offsets.append(lay.tops + at)
                rows.append(_BYTE[pile[-1]])
            at += _C
    if codes.reshuffled is not None:
        offsets.append(lay.reshuffled)
        rows.append(codes.reshuffled)
    table = view.table
    if table:
        # The table changes a meld at a time and its TableMeld values are shared by
        # every view of the round: its rows are kept by the melds' identities.
        key = (lay, player, *map(id, table))
        found = _TABLE_ROWS.get(key)
        if found is None:
            found = _table_rows(lay, table, player)
            if len(_TABLE_ROWS) >= 4096:
                _TABLE_ROWS.clear()
            _TABLE_ROWS[key] = found
        offsets += found[1]
        rows += found[2]
    # the one-hot planes from wild to first_out: places under 256 from lay.wild
    phase = view.phase
    flags = [
        lay.round + view.round,
        lay.phase + (0 if phase == "draw" else 1 if phase == "play" else 2),
        lay.dealer + (view.dealer - player) % n,
    ]
    if view.wild is not None:
        flags.append(view.wild - 1)
    if view.to_move is not None:
        flags.append(lay.to_move + (view.to_move - player) % n)
    if view.first_out is not None:
        flags.append(lay.first_out + (view.first_out - player) % n)
    offsets.append(lay.wild)
    rows.append(bytes(flags))
    # the numbers (seat-relative), scaled: written with the counts in one call
    seat_numbers = (view.hand_sizes, view.went_out, view.has_melded, view.penalties, view.totals)
    limit = view.max_turns
    numbers = (view.stock_size, view.turns / limit if limit else min(view.turns / TURNS_SCALE, 1))
    if _solver.fill_observation(
        out, lay.scalars, offsets, rows, seat_numbers, player, numbers, lay.scales
    ):
        raise AssertionError("the layout and the view disagree")  # (never: a bug)
    return out


def _table_rows(
    lay: _Layout, table: tuple[TableMeld, ...], player: int
) -> tuple[tuple[TableMeld, ...], list[int], list[bytes]]:
    """The table's rows for the encoder: each meld's cards under its owner's seat,
    and for each slot the cards the meld stands for and its owner; with the table
    itself (kept alive, so that the ids in the cache's key stay its melds')."""
    n = lay.players
    offsets: list[int] = []
    rows: list[bytes] = []
    for slot, table_meld in enumerate(table):
        meld = table_meld.meld
        found = _MELD_CODES.get(id(meld))
        if found is None or found[0] is not meld:
            found = (meld, bytes(map(_CODE, meld.cards)), bytes(map(_CODE, meld.stands_for)))
            if len(_MELD_CODES) >= 4096:
                _MELD_CODES.clear()
            _MELD_CODES[id(meld)] = found
        k = (table_meld.owner - player) % n
        offsets.append(lay.table + k * _C)
        rows.append(found[1])
        if slot < lay.slots:
            offsets.append(lay.table_melds + slot * _C)
            rows.append(found[2])
            offsets.append(lay.table_owners + slot * n)
            rows.append(_BYTE[k])
    return table, offsets, rows


_MELD_CODES: dict[int, tuple[Meld, bytes, bytes]] = {}
"""Each table meld's card codes and its stand-ins' codes, by the meld's identity
(with the meld, so that the id stays its own)."""


_TABLE_ROWS: dict[tuple[object, ...], tuple[tuple[TableMeld, ...], list[int], list[bytes]]] = {}


def _describe_array(value: object) -> str:
    if isinstance(value, np.ndarray):
        return f"an array of {value.dtype} and shape {value.shape}"
    return quote(value)


# -- the actions ---------------------------------------------------------------------


def action_count(rules: RulesLike, players: int, variations: Iterable[str] = ()) -> int:
    """The size of the action space for these rules and players.

    >>> action_count("pagat", 4), action_count("bga", 4, ["redemption"])
    (108, 7789)
    """
    return _layout(*_resolve(rules, players, variations)).action_count


def action_ranges(
    rules: RulesLike, players: int, variations: Iterable[str] = ()
) -> dict[str, range]:
    """The blocks of the action space, in order: ``draw_stock``, ``draw_discard``
    (a pile per seat, seat-relative, under ``separate-discards``), ``discard`` and
    ``go_out`` (by card code), ``joker_to_pile`` (seat-relative, the others),
    ``lay_set``, ``lay_run`` and ``lay_off`` (empty without table play).

    >>> {name: (block.start, len(block)) for name, block in action_ranges("pagat", 2).items()}
    ... # doctest: +NORMALIZE_WHITESPACE
    {'draw_stock': (0, 1), 'draw_discard': (1, 1), 'discard': (2, 53), 'go_out': (55, 53),
     'joker_to_pile': (108, 0), 'lay_set': (108, 0), 'lay_run': (108, 0), 'lay_off': (108, 0)}
    """
    return dict(_layout(*_resolve(rules, players, variations)).actions)


@lru_cache(maxsize=8192)
def _meld_index(lay: _Layout, meld: Meld) -> int | str:
    """A smallest meld's index, or why it has none."""
    rules = lay.rules
    if meld.kind == "set":
        if len(meld) != rules.min_set:
            return f"a set of {len(meld)} cards has no index (only sets of {rules.min_set})"
        rank = meld.stands_for[0].code % 13
        suits = []
        wilds = []
        for card, identity in zip(meld.cards, meld.stands_for, strict=True):
            if card.code == identity.code:
                suits.append(card.code // 13)
            else:
                wilds.append(_wild_kind(card.code))
        shape = lay.set_shapes[tuple(sorted(suits)), tuple(sorted(wilds))]
        return lay.actions["lay_set"].start + rank * len(lay.set_shapes) + shape
    if len(meld) != rules.min_run:
        return f"a run of {len(meld)} cards has no index (only runs of {rules.min_run})"
    first = meld.stands_for[0].code
    suit, low = first // 13, first % 13 + 1
    mask = 0
    wilds = []
    for place, (card, identity) in enumerate(zip(meld.cards, meld.stands_for, strict=True)):
        if card.code != identity.code:
            mask |= 1 << place
            wilds.append(_wild_kind(card.code))
    if not 1 <= low <= lay.run_lows:
        return f"a run from place {low} has no index"
    block = lay.actions["lay_run"].start
    shapes = lay.run_shapes
    return (
        block + (suit * lay.run_lows + low - 1) * len(shapes) + shapes[mask, tuple(sorted(wilds))]
    )


def _lay_off_index(lay: _Layout, action: LayOff, view: PlayerView) -> int | str:
    slot = action.meld
    if slot >= len(view.table):
        return f"no table meld {slot} (the table has {len(view.table)})"
    if slot >= lay.slots:
        return f"table meld {slot} is past the {lay.slots} the space holds"
    card = action.card
    code = card.code
    base = lay.actions["lay_off"].start + slot * _LAY_OFF_WIDTH
    meld = view.table[slot].meld
    if not is_wild_code(code, view.wild):
        if action.stands_for is not None and action.stands_for != card:
            return f"{card} is not wild this round, so it stands for itself"
        return base + code
    if meld.kind == "set":
        return base + code
    identity = lay_off_identity(meld, card, action.stands_for, view.prepared_round)
    if isinstance(identity, str):
        return identity
    low_identity = meld.stands_for[0].code
    low_place = low_identity % 13 + 1
    if low_place > 1 and identity.code == low_identity - 1:
        return base + code  # the lower end
    return base + _C + (4 if code == JOKER else code // 13)


def _index(action: object, view: PlayerView, lay: _Layout) -> int | str:
    """The index of ``action`` in ``view``'s space, or why it has none."""
    kind = type(action)
    if kind is DiscardCard:
        assert isinstance(action, DiscardCard)
        if action.melds is not None:
            return "a going-out discard that names its melds has no index (give melds=None)"
        pile = action.pile
        code = action.card.code
        if pile is None or pile == view.player:
            return lay.actions["go_out" if action.go_out else "discard"].start + code
        if action.go_out or code != JOKER or not lay.rules.joker_discards:
            return f"{action} has no index (only a joker goes onto another player's pile)"
        if pile >= lay.players:
            return f"no discard pile {pile}"
        return lay.actions["joker_to_pile"].start + (pile - view.player) % lay.players - 1
    if kind is DrawStock:
        return 0
    if kind is DrawDiscard:
        assert isinstance(action, DrawDiscard)
        pile = action.pile
        if lay.piles == 1:
            if pile not in (None, 0):
                return f"no discard pile {pile}: there is one pile"
            return 1
        if pile is None:
            return "say which pile (each player has one under separate-discards)"
        if pile >= lay.players:
            return f"no discard pile {pile}"
        return 1 + (pile - view.player) % lay.players
    if kind is LayMeld:
        assert isinstance(action, LayMeld)
        if not lay.set_shapes:
            return "these rules lay no melds during play"
        return _meld_index(lay, action.meld)
    if kind is LayOff:
        assert isinstance(action, LayOff)
        if not lay.slots:
            return "these rules lay nothing off during play"
        return _lay_off_index(lay, action, view)
    return f"an action is an Action value, not {quote(action)}"


def action_to_index(action: Action, view: PlayerView) -> int:
    """The index of ``action`` in the action space of ``view``'s table, seen by
    ``view``'s player (seat-relative piles). Every action in the engine's
    ``legal_actions()`` has one.

    :raises IllegalActionError: for an action the space does not hold (a meld
        larger than the smallest, a going-out discard that names its melds, a
        table meld that is not there), saying why.

    >>> import threethirteen as tt
    >>> view = tt.Game("pagat", players=2, seed=7).view(1)
    >>> action_to_index(tt.Action.parse("discard 5c"), view)
    6
    >>> action_to_index(tt.Action.parse("meld 5c 6c 7c"), view)
    Traceback (most recent call last):
    ...
    threethirteen.errors.IllegalActionError: action 'meld 5c 6c 7c' has no index: these rules ...
    """
    lay = _view_layout(view)
    found = _index(action, view, lay)
    if isinstance(found, str):
        raise IllegalActionError(f"action {quote(str(action))} has no index: {found}")
    return found


def action_mask(view: PlayerView, legal_actions: Sequence[Action]) -> np.ndarray:
    """An int8 vector of :func:`action_count` entries: 1 at the index of each legal
    action, else 0.

    :raises IllegalActionError: for an action in ``legal_actions`` without an index.

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> mask = action_mask(game.view(1), game.legal_actions())
    >>> mask.shape, mask.nonzero()[0].tolist()
    ((108,), [0, 1])
    """
    mask = np.zeros(_view_layout(view).action_count, dtype=np.int8)
    mask[action_indices(view, legal_actions)] = 1
    return mask


def action_indices(view: PlayerView, legal_actions: Sequence[Action]) -> list[int]:
    """The index of each of ``legal_actions``, in order (what :func:`action_mask`
    marks; an adapter keeps them to find the action of an index at once).

    :raises IllegalActionError: for an action in ``legal_actions`` without an index.

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> game.apply(tt.DrawStock())
    >>> legal = game.legal_actions()
    >>> action_indices(game.view(1), legal)[:2], legal[:2]
    ([8, 16], [Action.parse('discard 7c'), Action.parse('discard 2d')])
    """
    lay = _view_layout(view)
    indices = []
    for action in legal_actions:
        found = _index(action, view, lay)
        if isinstance(found, str):
            raise IllegalActionError(f"action {quote(str(action))} has no index: {found}")
        indices.append(found)
    return indices


def index_to_action(index: int, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
    """The legal action of ``index``: the first in ``legal_actions`` with that index.

    :raises IllegalActionError: for an index out of range, or one no legal action
        has (saying what the index stands for).

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> index_to_action(0, game.view(1), game.legal_actions())
    Action.parse('draw stock')
    >>> index_to_action(6, game.view(1), game.legal_actions())
    Traceback (most recent call last):
    ...
    threethirteen.errors.IllegalActionError: no legal action has index 6 (discard 5c)
    """
    lay = _view_layout(view)
    number = as_index(index, "an action index", IllegalActionError)
    if not 0 <= number < lay.action_count:
        raise IllegalActionError(
            f"action index {quote(index)} is out of range (0 to {lay.action_count - 1})"
        )
    for action in legal_actions:
        if _index(action, view, lay) == number:
            return action
    raise IllegalActionError(f"no legal action has index {number} ({describe_index(number, view)})")


def _stand_in(view: PlayerView, slot: int, card: Card, upper: bool) -> Card | None:
    """What a wild ``card`` laid off onto table meld ``slot`` stands for: on a set,
    the engine's choice; on a run, its lower or ``upper`` end (``None``: a natural
    card, or no such meld or end)."""
    if slot >= len(view.table) or not is_wild_code(card.code, view.wild):
        return None
    meld = view.table[slot].meld
    round = view.prepared_round
    if meld.kind == "set":
        identity = lay_off_identity(meld, card, None, round)
        return None if isinstance(identity, str) else identity
    low = meld.stands_for[0].code
    if not upper:
        return CARDS[low - 1] if low % 13 > 0 else None
    ends = run_ends(meld, round)
    return ends[-1] if ends and (low % 13 == 0 or ends[-1].code != low - 1) else None


def _wild_name(kind: int, wild: int | None) -> str:
    """The wild card of a kind (a suit of the ``wild`` rank, or 4: the joker)."""
    if kind == 4:
        return str(CARDS[JOKER])
    return "*" if wild is None else str(CARDS[kind * 13 + wild - 1])


def describe_index(index: int, view: PlayerView) -> str:
    """What action index ``index`` stands for, seen by ``view``'s player, in the
    actions' notation; in a meld, ``Jk=6c`` is a wild card (here a joker) standing
    for 6c (``*=6c``: a wild card of a wild rank the round does not have).

    :raises IllegalActionError: for an index out of range.

    >>> import threethirteen as tt
    >>> view = tt.Game("bga", players=3, seed=1, variations=["redemption"]).view(0)
    >>> [describe_index(i, view) for i in (0, 2, 55, 151, 2263)]
    ['draw stock', 'discard Ac', 'discard Ac out', 'meld Ac 3d=Ad Jk=Ah', 'meld Ac Jk=2c 3c']
    """
    lay = _view_layout(view)
    number = as_index(index, "an action index", IllegalActionError)
    blocks = lay.actions
    if number in blocks["draw_stock"]:
        return "draw stock"
    if number in blocks["draw_discard"]:
        k = number - blocks["draw_discard"].start
        if lay.piles == 1:
            return "draw discard"
        return f"draw discard {(view.player + k) % lay.players}"
    if number in blocks["discard"]:
        return f"discard {CARDS[number - blocks['discard'].start]}"
    if number in blocks["go_out"]:
        return f"discard {CARDS[number - blocks['go_out'].start]} out"
    if number in blocks["joker_to_pile"]:
        k = number - blocks["joker_to_pile"].start + 1
        return f"discard Jk pile {(view.player + k) % lay.players}"
    if number in blocks["lay_set"]:
        rank, shape = divmod(number - blocks["lay_set"].start, len(lay.set_shapes))
        suits, wilds = lay.set_names[shape]
        fillers = set_identities(rank + 1, list(suits), len(wilds))
        natural = [str(CARDS[suit * 13 + rank]) for suit in suits]
        placed = [
            f"{_wild_name(kind, view.wild)}={card}"
            for kind, card in zip(wilds, fillers, strict=True)
        ]
        return "meld " + " ".join([*natural, *placed])
    if number in blocks["lay_run"]:
        rest, shape = divmod(number - blocks["lay_run"].start, len(lay.run_shapes))
        suit, low = divmod(rest, lay.run_lows)
        mask, kinds = lay.run_names[shape]
        wild_cards = iter(kinds)
        places = []
        for place in range(lay.rules.min_run):
            card = CARDS[suit * 13 + (low + place) % 13]
            if mask >> place & 1:
                places.append(f"{_wild_name(next(wild_cards), view.wild)}={card}")
            else:
                places.append(str(card))
        return "meld " + " ".join(places)
    if number in blocks["lay_off"]:
        slot, within = divmod(number - blocks["lay_off"].start, _LAY_OFF_WIDTH)
        upper = within >= _C
        if not upper:
            card = CARDS[within]
        elif within == _C + 4 or view.wild is None:
            card = CARDS[JOKER]
        else:
            card = CARDS[(within - _C) * 13 + view.wild - 1]
        identity = _stand_in(view, slot, card, upper)
        return f"lay off {card if identity is None else f'{card}={identity}'} on {slot}"
    raise IllegalActionError(
        f"action index {quote(index)} is out of range (0 to {lay.action_count - 1})"
    )


# -- what the adapters share ------------------------------------------------------


def score_rewards(scores: Sequence[int], zero_sum: bool = True) -> list[float]:
    """The rewards of the adapters (``threethirteen.adapters.envs``,
    ``threethirteen.adapters.gym_env``) for a round's or a game's ``scores`` (lower scores
    are better): with ``zero_sum``, the mean of the others' scores less one's own
    (the rewards add up to 0); else minus one's own.

    >>> score_rewards([10, 0, 2]), score_rewards([10, 0, 2], zero_sum=False)
    ([-9.0, 6.0, 3.0], [-10.0, -0.0, -2.0])
    """
    if not zero_sum:
        return [-float(score) for score in scores]
    total = sum(scores)
    others = len(scores) - 1
    return [(total - score) / others - score for score in scores]


def reward_scale(value: object) -> float:
    """The adapters' ``reward_scale``, checked: a positive, finite number that
    rewards in points are multiplied by (``0.01``: a point is 0.01).

    :raises GameError: for anything else.

    >>> reward_scale(0.01), reward_scale(1)
    (0.01, 1.0)
    >>> reward_scale(0)
    Traceback (most recent call last):
    ...
    threethirteen.errors.GameError: a reward scale is a positive number, not 0
    """
    if isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, bool):
        number = float(value)
        if 0 < number < float("inf"):
            return number
    raise GameError(f"a reward scale is a positive number, not {quote(value)}")


def worst_loss(rules: Rules, reward: str = "game") -> int:
    """A bound on the points a player's cards can cost in the game (``"game"``) or
    in one round (``"round"``): for each round, one card more than dealt, each at
    the highest penalty of the rules, doubled under ``doubles``. (False-out
    penalties are left out: they are taken by choice.) The adapters' penalty for
    an illegal action is minus this.

    :raises GameError: for a ``reward`` that is neither ``"game"`` nor ``"round"``.

    >>> pagat = Rules.preset("pagat")
    >>> worst_loss(pagat, "round"), worst_loss(pagat)
    (140, 990)
    """
    if reward not in ("game", "round"):
        raise GameError(f"a reward is 'game' or 'round', not {quote(reward)}")
    worst_card = max(
        *rules.card_values,
        rules.wild_penalty or 0,
        rules.joker_penalty if rules.jokers else 0,
    )
    factor = 2 if rules.doubles else 1
    losses = [factor * (dealt + 1) * worst_card for dealt in rules.rounds]
    return sum(losses) if reward == "game" else max(losses)


def view_text(view: PlayerView) -> str:
    """A text picture of a player's view, as the adapters render it: the round, the
    piles and the stock, the table's melds, the player's hand, the others' hand
    sizes and known cards, the totals (players named ``player_0``, ``player_1``...).

    >>> import threethirteen as tt
    >>> print(view_text(tt.Game("pagat", players=2, seed=42).view(1)))
    round 1 (3 cards, 3s wild): player_1 to draw
    piles: [7s]  stock: 45
    player_0: 3 cards  total 0
    player_1: 7d Kd 10h  total 0  (this view)
    """
    to_move = view.to_move
    state = "the game is over" if to_move is None else f"player_{to_move} to {view.phase}"
    wild = rank_text(view.wild)
    lines = [f"round {view.round} ({view.cards_dealt} cards, {wild}s wild): {state}"]
    piles = " ".join("[" + " ".join(str(card) for card in pile) + "]" for pile in view.piles)
    lines.append(f"piles: {piles}  stock: {view.stock_size}")
    for index, table_meld in enumerate(view.table):
        lines.append(f"meld {index} of player_{table_meld.owner}: {table_meld.meld}")
    for seat in range(view.players):
        if seat == view.player:
            held = f"{view.hand}"
        else:
            held = f"{view.hand_sizes[seat]} cards"
            if view.known[seat]:
                held += f" (known: {view.known[seat]})"
        line = f"player_{seat}: {held}  total {view.totals[seat]}"
        lines.append(line + ("  (this view)" if seat == view.player else ""))
    return "\n".join(lines)


# -- pictures (the adapters' "rgb_array" render mode) ------------------------------

_GLYPHS = {  # a 3x5 bitmap font: the characters of ranks and numbers
    "0": "111101101101111",
    "1": "010110010010111",
    "2": "111001111100111",
    "3": "111001111001111",
    "4": "101101111001001",
    "5": "111100111001111",
    "6": "111100111101111",
    "7": "111001010010010",
    "8": "111101111101111",
    "9": "111101111001111",
    "A": "010101111101101",
    "J": "001001001101111",
    "Q": "010101101110011",
    "K": "101110100110101",
}
_SUITS = {  # 5x5 suit signs (and the joker's star)
    "s": "0010001110111110010001110",
    "h": "0101011111111110111000100",
    "d": "0010001110111110111000100",
    "c": "0111001110111110010001110",
    None: "0010010101011101010100100",
}
_FELT = (24, 96, 56)
_FACE = (250, 250, 244)
_BACK = (52, 72, 168)
_INK = {"s": (20, 20, 20), "c": (20, 20, 20), "h": (200, 24, 32), "d": (200, 24, 32)}
_JOKER_INK = (128, 32, 160)
_TEXT = (240, 240, 240)
_MARK = (250, 200, 40)
_CARD_W, _CARD_H, _PITCH, _ROW, _MARGIN = 22, 30, 24, 36, 8
_NUMBER_W = 5 * 8  # room for a total of up to five digits, right of each hand
_PICTURE_TABLE_ROWS = 3  # rows of the table's melds (a picture of table play clips beyond)


@lru_cache(maxsize=64)
def _bits(pattern: str, width: int, scale: int) -> np.ndarray:
    """A glyph's pattern as a boolean array, each dot ``scale`` pixels square (kept:
    read it, never change it)."""
    dots = np.array([c == "1" for c in pattern], bool).reshape(-1, width)
    return np.kron(dots, np.ones((scale, scale), bool)).astype(bool)


def _stamp(image: np.ndarray, y: int, x: int, bits: np.ndarray, color: tuple[int, ...]) -> None:
    """Paint ``bits`` in ``color`` at ``(y, x)``, clipped to the image."""
    height, width = image.shape[:2]
    h = min(bits.shape[0], height - y)
    w = min(bits.shape[1], width - x)
    if h > 0 and w > 0 and y >= 0 and x >= 0:
        image[y : y + h, x : x + w][bits[:h, :w]] = color


def _text(image: np.ndarray, y: int, x: int, text: str, color: tuple[int, ...]) -> None:
    """Write ``text`` (characters of :data:`_GLYPHS`) at ``(y, x)``, 8 pixels a
    character."""
    for index, char in enumerate(text):
        _stamp(image, y, x + 8 * index, _bits(_GLYPHS[char], 3, 2), color)


def _card(image: np.ndarray, y: int, x: int, card: Card | None) -> None:
    """Draw a card face up at ``(y, x)`` (``None``: face down)."""
    if y + _CARD_H > image.shape[0] or x + _CARD_W > image.shape[1]:
        return  # (clipped: no room)
    image[y : y + _CARD_H, x : x + _CARD_W] = _BACK if card is None else _FACE
    if card is None:
        image[y + 3 : y + _CARD_H - 3, x + 3 : x + _CARD_W - 3] = (84, 104, 200)
        return
    suit = card.suit
    ink = _JOKER_INK if suit is None else _INK[suit]
    rank = card.rank
    face = "JK" if rank is None else {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))
    _text(image, y + 3, x + 3, face, ink)
    _stamp(image, y + 16, x + 6, _bits(_SUITS[suit], 5, 2), ink)


def picture_shape(
    rules: RulesLike, players: int, variations: Iterable[str] = ()
) -> tuple[int, int, int]:
    """The shape ``(height, width, 3)`` of :func:`view_picture`'s pictures for the
    rules and player count (the same for every view of a game).

    >>> picture_shape("pagat", 2)
    (132, 424, 3)
    """
    resolved, count = _resolve(rules, players, variations)
    table_rows = _PICTURE_TABLE_ROWS if resolved.layoff else 0
    width = 2 * _MARGIN + 8 + (max(resolved.rounds) + 2) * _PITCH + _NUMBER_W
    return (2 * _MARGIN + (count + 1 + table_rows) * _ROW + 8, width, 3)


def view_picture(view: PlayerView) -> np.ndarray:
    """A picture of a player's view, as the adapters' ``"rgb_array"`` render mode
    draws it: a ``(height, width, 3)`` uint8 RGB array (:func:`picture_shape`), on a
    green table: at the top the discard piles' top cards and the stock (face down,
    its size beside it); then a row for each other player (their known cards face
    up, the rest face down, their total at the right); the table's melds (when the
    rules lay melds on the table: three rows, clipped beyond); at the bottom the
    player's own hand face up and total. A yellow mark is left of the player to
    move. Drawn with numpy alone, from a built-in bitmap font.

    >>> import threethirteen as tt
    >>> picture = view_picture(tt.Game("pagat", players=2, seed=42).view(1))
    >>> picture.shape, picture.dtype, picture[0, 0].tolist()
    ((132, 424, 3), dtype('uint8'), [24, 96, 56])
    """
    height, width, _ = shape = picture_shape(view.rules, view.players)
    image = np.empty(shape, np.uint8)
    image[:] = _FELT
    number_x = width - _MARGIN - _NUMBER_W + 4
    left = _MARGIN + 8
    y = _MARGIN
    x = left
    for pile in view.piles:
        _card(image, y, x, pile[-1] if pile else None)
        if not pile:  # an empty pile: the felt again, in a frame
            image[y + 1 : y + _CARD_H - 1, x + 1 : x + _CARD_W - 1] = _FELT
        x += _PITCH
    x += _PITCH // 2
    _card(image, y, x, None)
    _text(image, y + 10, x + _PITCH, str(view.stock_size), _TEXT)

    def row(y: int, seat: int, cards: Sequence[Card], hidden: int) -> None:
        x = left
        for card in cards:
            _card(image, y, x, card)
            x += _PITCH
        for _ in range(hidden):
            _card(image, y, x, None)
            x += _PITCH
        _text(image, y + 10, number_x, str(view.totals[seat])[-5:], _TEXT)
        if seat == view.to_move:
            image[y : y + _CARD_H, _MARGIN : _MARGIN + 4] = _MARK

    y += _ROW
    for seat in (other % view.players for other in _order(view.player, view.players)[1:]):
        known = list(view.known[seat])[: view.hand_sizes[seat]]
        row(y, seat, known, view.hand_sizes[seat] - len(known))
        y += _ROW
    if view.rules.layoff:
        x = left
        for table_meld in view.table:
            cards = list(table_meld.meld.cards)
            if x + len(cards) * _PITCH > number_x and x > left:
                x = left
                y += _ROW
            for card in cards:
                _card(image, y, x, card)
                x += _PITCH
            x += _PITCH // 3
        y = height - _MARGIN - _ROW
    row(y, view.player, list(view.hand), 0)
    return image
