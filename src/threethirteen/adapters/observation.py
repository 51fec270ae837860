"""The observation: a :class:`~threethirteen.PlayerView` as a fixed-size float32
vector for learning agents (:func:`encode_observation`), its shape, its planes and
the bounds of its entries.

The observation is built from the view alone (nothing hidden from the player goes
into it) and is seat-relative: every per-player plane starts with the observer,
then the player on their left (the next to play after them), and so on, so one
network plays any seat. :func:`observation_planes` names each plane's place in the
vector; ``docs/encoding.md`` describes them one by one. The vector is filled by
one call of the compiled solver's ``fill_observation``: filled with numpy here, a
step of the adapters was 6 to 15% slower (the encoding alone 12 µs a view against
28 µs).

>>> import threethirteen as tt
>>> view = tt.Game("pagat", players=2, seed=7).view(0)
>>> observation_shape("pagat", 2), encode_observation(view).shape
((469,), (469,))
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from operator import attrgetter

import numpy as np

from .._kernel.backend import solver as _solver
from .._validate import as_index, quote
from ..engine.game import PlayerView, TableMeld
from ..engine.scoring import DOUBLED_ROUNDS
from ..errors import GameError
from ..hands.cards import NUMBER_OF_CODES
from ..hands.melds import Meld
from ..hands.rules import RulesLike
from .layout import (
    HAND_SIZE_SCALE,
    SCORE_SCALE,
    TURNS_SCALE,
    Layout,
    resolve_table,
    table_layout,
    view_layout,
)

__all__ = [
    "encode_observation",
    "observation_bounds",
    "observation_planes",
    "observation_shape",
]

_C = NUMBER_OF_CODES  # 53 card codes: 52 cards and the joker


def observation_shape(rules: RulesLike, players: int, variations: Iterable[str] = ()) -> tuple[int]:
    """The shape of :func:`encode_observation`'s vector for these rules and players
    (a preset name with ``variations``, or a :class:`~threethirteen.Rules`).

    :raises GameError: for a table that is no table (as :class:`~threethirteen.Game`).

    >>> observation_shape("pagat", 4), observation_shape("family", 4, ["jokers"])
    ((697,), (2749,))
    """
    return (table_layout(*resolve_table(rules, players, variations)).size,)


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
    return dict(table_layout(*resolve_table(rules, players, variations)).planes)


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
    ``HAND_SIZE_SCALE``); the stock's size and the turns are fractions;
    false-out penalties (over ``SCORE_SCALE``) are at most one per turn of the
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
    rules, players = resolve_table(rules, players, variations)
    if max_turns is not None:
        max_turns = as_index(max_turns, "max_turns", GameError)
    low, high = _bounds(table_layout(rules, players), max_turns)
    return low.copy(), high.copy()  # the caller's to change


@lru_cache(maxsize=64)
def _bounds(lay: Layout, max_turns: int | None) -> tuple[np.ndarray, np.ndarray]:
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
    lay = view_layout(view)
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
    lay: Layout, table: tuple[TableMeld, ...], player: int
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
