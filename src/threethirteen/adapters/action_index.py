"""The action indices: every legal action as an integer of a fixed-size action
space, for learning agents.

The action space has a fixed size for the rules and player count
(:func:`action_count`); :func:`action_mask` marks the indices of the legal
actions, :func:`action_to_index` and :func:`index_to_action` translate and
:func:`describe_index` says what an index stands for. Every legal action has an
index of its own: a meld's index says which kind of wild card (a suit of the wild
rank, or a joker) fills each wild place (see :func:`action_ranges` and
``docs/encoding.md``).

>>> import threethirteen as tt
>>> game = tt.Game("pagat", players=2, seed=7)
>>> view = game.view(game.to_move)
>>> legal = game.legal_actions()
>>> [action_to_index(action, view) for action in legal], action_count("pagat", 2)
([0, 1], 108)
>>> index_to_action(1, view, legal)
Action.parse('draw discard')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

import numpy as np

from .._validate import as_index, quote
from ..engine.actions import Action, DiscardCard, DrawDiscard, DrawStock, LayMeld, LayOff
from ..engine.game import PlayerView
from ..engine.table_play import lay_off_identity, run_ends
from ..errors import IllegalActionError
from ..hands.cards import CARDS, JOKER, NUMBER_OF_CODES, Card
from ..hands.meld_rules import is_wild_code, set_identities
from ..hands.melds import Meld
from ..hands.rules import RulesLike
from .layout import LAY_OFF_WIDTH, Layout, resolve_table, table_layout, view_layout

__all__ = [
    "action_count",
    "action_indices",
    "action_mask",
    "action_ranges",
    "action_to_index",
    "describe_index",
    "index_to_action",
]

_C = NUMBER_OF_CODES  # 53 card codes: 52 cards and the joker


def action_count(rules: RulesLike, players: int, variations: Iterable[str] = ()) -> int:
    """The size of the action space for these rules and players.

    >>> action_count("pagat", 4), action_count("bga", 4, ["redemption"])
    (108, 7789)
    """
    return table_layout(*resolve_table(rules, players, variations)).action_count


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
    return dict(table_layout(*resolve_table(rules, players, variations)).actions)


def _wild_kind(code: int) -> int:
    """A wild card's kind in the action space: its suit (0-3), or 4 for a joker."""
    return 4 if code == JOKER else code // 13


@lru_cache(maxsize=8192)
def _meld_index(lay: Layout, meld: Meld) -> int | str:
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


def _lay_off_index(lay: Layout, action: LayOff, view: PlayerView) -> int | str:
    slot = action.meld
    if slot >= len(view.table):
        return f"no table meld {slot} (the table has {len(view.table)})"
    if slot >= lay.slots:
        return f"table meld {slot} is past the {lay.slots} the space holds"
    card = action.card
    code = card.code
    base = lay.actions["lay_off"].start + slot * LAY_OFF_WIDTH
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


def _index(action: object, view: PlayerView, lay: Layout) -> int | str:
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
    lay = view_layout(view)
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
    mask = np.zeros(view_layout(view).action_count, dtype=np.int8)
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
    lay = view_layout(view)
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
    lay = view_layout(view)
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
    lay = view_layout(view)
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
        slot, within = divmod(number - blocks["lay_off"].start, LAY_OFF_WIDTH)
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
