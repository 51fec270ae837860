"""Laying off: the lowest score of a hand once cards go onto melds already on the table.

In the family rules (``rules.layoff``) and with the ``redemption`` variation a
player may lay single cards off onto melds on the table: a card of a set's rank
onto the set, the next card of a run's suit onto either end of the run, or a
wild card onto either. :func:`layoff` finds the cards to lay off that leave the
lowest deadwood score, exactly.

>>> import threethirteen as tt
>>> result = tt.layoff("7h 8h Kc", ["4h 5h 6h"], wild=None)
>>> result.score, [str(item) for item in result.laid_off]
(10, ['7h -> 0', '8h -> 0'])
>>> result.table
(Meld.parse('4h 5h 6h 7h 8h'),)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from .._kernel.protocol import COUNT_BITS, cost_of, discard_order_for, make_params
from .._validate import items, quote
from ..errors import InvalidMeldError, TableTooLargeError
from .cards import CARDS, JOKER, Card
from .deck import check_counts, check_hand
from .hand import MAX_HAND_SIZE, Hand, HandLike, as_hand
from .meld_rules import (
    extend_run,
    has_high_aces,
    highest_place,
    is_wild,
    is_wild_code,
    meld_parts,
    meld_problem,
    meld_text,
    run_code,
    run_span,
    set_identities,
)
from .melds import Meld, Melding, MeldLike
from .rounds import UNSET, Round, UnsetType, resolve_round
from .rules import Rules, RulesLike, WildLike
from .solving import VALUES, refused

__all__ = ["MAX_LAYOFF_RUNS", "Layoff", "LayoffCard", "layoff"]

MAX_LAYOFF_RUNS = 5
"""The most runs on the table that the hand's cards could go onto (a run no held
card can reach, and every set, does not count) that :func:`layoff` searches; more
raise :class:`~threethirteen.TableTooLargeError`. The exact search grows
exponentially with them: the slowest tables a random search found take about 30 ms
with 5 such runs, 80 ms with 6 and 0.35 s with 15 (see docs/performance.md)."""


@dataclass(frozen=True)
class LayoffCard:
    """One card laid off: the card, the index of the table meld it goes onto (from
    0, in the order the melds were given), what it stands for there, and whether
    it is wild (a wild card may stand for itself).

    >>> LayoffCard(Card.parse("Jk"), 0, Card.parse("7h"), True).to_dict()
    {'card': 'Jk', 'meld_index': 0, 'stands_for': '7h', 'wild': True}
    """

    card: Card
    """The card laid off."""
    meld_index: int
    """The index of the table meld it goes onto (from 0, in the order given)."""
    stands_for: Card
    """What it stands for in that meld."""
    wild: bool
    """Whether it is wild."""

    def to_dict(self) -> dict[str, Any]:
        """The card laid off as JSON-ready data."""
        return {
            "card": str(self.card),
            "meld_index": self.meld_index,
            "stands_for": str(self.stands_for),
            "wild": self.wild,
        }

    def __str__(self) -> str:
        card = f"{self.card}={self.stands_for}" if self.wild else str(self.card)
        return f"{card} -> {self.meld_index}"


@dataclass(frozen=True)
class Layoff:
    """The best layoff of a hand: the score left, the cards laid off in an order
    that can be played (each onto its meld as the table stands after the ones
    before), the best melding of the cards kept, and the table melds afterwards.

    ``score`` equals ``melding.score``: melds in hand score nothing, whether they
    stay in hand or are laid down.
    """

    score: int
    """The deadwood score left: ``melding.score``."""
    laid_off: tuple[LayoffCard, ...]
    """The cards laid off, in an order that can be played."""
    melding: Melding
    """A best melding of the cards kept."""
    table: tuple[Meld, ...]
    """The table's melds after the cards are laid off."""

    @property
    def kept(self) -> tuple[Card, ...]:
        """The cards kept in hand (melded or not), sorted."""
        return self.melding.cards

    def to_dict(self) -> dict[str, Any]:
        """The layoff as JSON-ready data.

        >>> import threethirteen as tt
        >>> data = tt.layoff("10h Kd", ["10c 10d 10s"], wild=None).to_dict()
        >>> data["score"], data["laid_off"], data["melding"]["deadwood"]
        (10, [{'card': '10h', 'meld_index': 0, 'stands_for': '10h', 'wild': False}], ['Kd'])
        >>> data["table"][0]["cards"]
        ['10c', '10d', '10h', '10s']
        """
        return {
            "score": self.score,
            "laid_off": [item.to_dict() for item in self.laid_off],
            "melding": self.melding.to_dict(),
            "table": [meld.to_dict() for meld in self.table],
        }

    def __str__(self) -> str:
        laid = " ".join(str(item) for item in self.laid_off) or "-"
        return f"laid off: {laid} kept: {self.melding}"


def _laid(card: Card, meld_index: int, stands_for: Card, wild: bool) -> LayoffCard:
    """A :class:`LayoffCard` of fields known to be right, made without the frozen
    dataclass's ``__init__`` (one ``object.__setattr__`` per field)."""
    item = object.__new__(LayoffCard)
    item.__dict__.update(card=card, meld_index=meld_index, stands_for=stands_for, wild=wild)
    return item


def _result(
    score: int, laid_off: tuple[LayoffCard, ...], melding: Melding, table: tuple[Meld, ...]
) -> Layoff:
    """A :class:`Layoff` of fields known to be right (see :func:`_laid`)."""
    found = object.__new__(Layoff)
    found.__dict__.update(score=score, laid_off=laid_off, melding=melding, table=table)
    return found


_CACHE_SIZE = 4096
"""The most entries each cache of this module keeps (it is emptied when full)."""


class _Run(NamedTuple):
    """A run on the table: its index among the table melds, suit (0-3) and lowest
    and highest places (an ace is place 1, or 14 above a king)."""

    meld: int
    suit: int
    low: int
    high: int


def _table_meld(item: object, wild_rank: int | None, rules: Rules) -> Meld:
    """A table meld, checked under the rules; a wild card written without an
    identity stands for itself there."""
    if isinstance(item, Meld):
        cards = list(item.cards)
        written: list[Card | None] = [
            identity if wild else None
            for identity, wild in zip(item.stands_for, item.wild, strict=True)
        ]
    else:
        cards, written = meld_parts(item)
    identities: list[Card | None] = []
    for card, identity in zip(cards, written, strict=True):
        if identity is None and card.code == JOKER:
            raise InvalidMeldError(
                f"table meld {quote(meld_text(cards, written))}: a joker on the table stands"
                " for a card (write Jk=9c)"
            )
        identities.append(card if identity is None and is_wild(card, wild_rank) else identity)
    problem = meld_problem(cards, identities, wild_rank, rules)
    if problem is not None:
        raise InvalidMeldError(f"table meld {quote(meld_text(cards, written))}: {problem}")
    if isinstance(item, Meld):
        meld = item
    else:
        meld = Meld(
            tuple(cards),
            tuple(identity or card for card, identity in zip(cards, written, strict=True)),
            tuple(identity is not None for identity in written),
        )
    return meld


class _Entry(NamedTuple):
    """A table meld checked under a round's rules, with what the layoff needs of it:
    the rank of a set (0 for a run), and a run's suit and lowest and highest places."""

    meld: Meld
    set_rank: int
    suit: int
    low: int
    high: int
    codes: tuple[int, ...]


_ENTRIES: dict[tuple[object, int | None, Rules], _Entry] = {}
"""Table melds already checked, with what the layoff needs of them, by (text, or a
meld's card codes, identity codes and wild flags; wild rank; rules)."""

_SEEN: dict[int, tuple[object, int | None, Rules, _Entry]] = {}
"""The same, by the identity of the meld or text given (kept alive here, so its id
is not reused): a bot passes the same table objects again and again."""


def _entry(item: object, wild_rank: int | None, rules: Rules, high_aces: bool) -> _Entry:
    """The table meld ``item`` checked under the rules (see :func:`_table_meld`)."""
    if not isinstance(item, (str, Meld)):  # not known to be immutable: no cache
        return _new_entry(item, wild_rank, rules, high_aces)
    seen = _SEEN.get(id(item))
    if seen is not None and seen[0] is item and seen[1] == wild_rank and seen[2] is rules:
        return seen[3]
    # A meld's value as ints: hashed and compared in C, where a Meld's own hash and
    # equality go through each Card's.
    value: object = (
        item
        if isinstance(item, str)
        else (
            tuple([card.code for card in item.cards]),
            tuple([card.code for card in item.stands_for]),
            item.wild,
        )
    )
    key = (value, wild_rank, rules)
    found = _ENTRIES.get(key)
    if found is None:
        found = _new_entry(item, wild_rank, rules, high_aces)
        if len(_ENTRIES) >= _CACHE_SIZE:
            _ENTRIES.clear()
        _ENTRIES[key] = found
    if len(_SEEN) >= _CACHE_SIZE:
        _SEEN.clear()
    _SEEN[id(item)] = (item, wild_rank, rules, found)
    return found


def _new_entry(item: object, wild_rank: int | None, rules: Rules, high_aces: bool) -> _Entry:
    meld = _table_meld(item, wild_rank, rules)
    stands_for = meld.stands_for
    first = stands_for[0].code % 13
    codes = tuple([card.code for card in meld.cards])
    if all(card.code % 13 == first for card in stands_for):
        return _Entry(meld, first + 1, 0, 0, 0, codes)
    run = _run_of(0, meld, high_aces)
    return _Entry(meld, 0, run.suit, run.low, run.high, codes)


def _grown(meld: Meld, added: list[LayoffCard], is_set: bool) -> Meld:
    """``meld`` with the cards laid off onto it, in the order ``Meld`` puts them (a
    set: natural cards, then wild, by code; a run: by place, an ace low when the run
    fits so). Valid by construction, so it is not checked again."""
    cards = [*meld.cards, *[item.card for item in added]]
    stands_for = [*meld.stands_for, *[item.stands_for for item in added]]
    wild = [*meld.wild, *[item.wild for item in added]]
    if is_set:
        return Meld.from_trusted(cards, stands_for, wild, True)
    ranks = [identity.code % 13 + 1 for identity in stands_for]  # distinct: a run
    ace_high = 1 in ranks and max(ranks) != len(ranks)  # else the ace fits low
    places = [14 if rank == 1 and ace_high else rank for rank in ranks]
    low = min(places)
    order = [0] * len(places)
    for index, place in enumerate(places):
        order[place - low] = index
    return Meld.from_trusted(
        [cards[i] for i in order], [stands_for[i] for i in order], [wild[i] for i in order], False
    )


def _run_of(index: int, meld: Meld, high_aces: bool) -> _Run:
    span = run_span([int(card.rank or 0) for card in meld.stands_for], high_aces)
    assert span is not None  # the meld was checked under the rules
    return _Run(index, meld.stands_for[0].code // 13, *span)


def _chains(
    suit: int, start: int, step: int, room: int, top: int, held: bytes, wilds: int
) -> list[tuple[int | None, ...]]:
    """Every way to grow a run from place ``start`` outwards (``step`` +1 or -1),
    at most ``room`` cards, within places 1..``top``: each place takes a held
    natural of its card or a wild (``None``), and the outermost is a natural (wild
    cards beyond the last natural are counted apart, as room)."""
    found: list[tuple[int | None, ...]] = []

    def walk(place: int, fills: tuple[int | None, ...], wilds_left: int) -> None:
        if len(fills) >= room or not 1 <= place <= top:
            return
        code = run_code(suit, place)
        if held.count(code) > fills.count(code):
            found.append((*fills, code))
            walk(place + step, (*fills, code), wilds_left)
        if wilds_left:
            walk(place + step, (*fills, None), wilds_left - 1)

    walk(start, (), wilds)
    return found


def _without(held: bytes, codes: Iterable[int | None]) -> bytes:
    remaining = bytearray(held)
    for code in codes:
        if code is not None:
            del remaining[remaining.index(code)]
    return bytes(remaining)


Choice = tuple[tuple[int, tuple[int | None, ...], tuple[int | None, ...]], ...]
"""For each run that grows: (index among the runs searched, bottom fills, top fills)."""


class _Base(NamedTuple):
    """What the layoff needs of a round, worked out once."""

    natural: list[int]
    """The cost of each natural card left over, by code (52)."""
    wild: list[int]
    """The cost of each wild card left over, by code (53)."""
    order: list[int]
    """The round's discard order."""
    wild_codes: list[bool]
    """Which codes are wild (53)."""
    wild_mask: int
    """The wild codes as bits (bit ``code``)."""
    rank_masks: list[int]
    """For each rank 1-13 (index 0 unused), its natural codes as bits."""
    wild_bytes: bytes
    """The wild codes."""


_BASES: dict[Round, _Base] = {}
"""Per round: see :class:`_Base`."""

_PARAMS: dict[tuple[Round, int], Any] = {}
"""The solver's parameters with some cards free, by (round, free codes as bits): a
cache of a pure function of values (a bot asks about the same table again and again)."""


def _base(prepared: Round) -> _Base:
    found = _BASES.get(prepared)
    if found is None:
        values = prepared.rules.card_values
        natural = [cost_of(values[code % 13]) for code in range(52)]
        wild = [cost_of(prepared.penalties[code]) for code in range(53)]
        order = discard_order_for(natural, wild, prepared.wild)
        wild_codes = [is_wild_code(code, prepared.wild) for code in range(53)]
        wild_mask = sum(1 << code for code in range(53) if wild_codes[code])
        rank_masks = [0] + [
            sum(1 << (suit * 13 + rank - 1) for suit in range(4)) & ~wild_mask
            for rank in range(1, 14)
        ]
        if len(_BASES) >= 512:
            _BASES.clear()
        wild_bytes = bytes(code for code in range(53) if wild_codes[code])
        found = _BASES[prepared] = _Base(
            natural, wild, order, wild_codes, wild_mask, rank_masks, wild_bytes
        )
    return found


def _params(prepared: Round, free: int) -> Any:
    """The solver's parameters of the round, with the cards ``free`` (bit ``code``)
    costing nothing left over: they go onto the table. They keep the round's discard
    order: the layoff search only scores and plans, it never ranks discards."""
    key = (prepared, free)
    found = _PARAMS.get(key)
    if found is None:
        natural, wild, order = _base(prepared)[:3]
        natural_costs, wild_costs = natural[:], wild[:]
        bits = free
        while bits:  # each code of the mask, lowest first
            code = (bits & -bits).bit_length() - 1
            bits &= bits - 1
            if code < 52:
                natural_costs[code] = 0
            wild_costs[code] = 0
        rules = prepared.rules
        found = make_params(
            prepared.solver,
            natural_costs=natural_costs,
            wild_costs=wild_costs,
            wild_rank=prepared.wild,
            decks=rules.decks,
            jokers=rules.jokers,
            min_set=rules.min_set,
            min_run=rules.min_run,
            high_aces=has_high_aces(rules),
            all_wild_melds=rules.all_wild_melds,
            discard_order=order,
        )
        if len(_PARAMS) >= _CACHE_SIZE:
            _PARAMS.clear()
        _PARAMS[key] = found
    return found


def _free_round(prepared: Round, set_ranks: Iterable[int], any_set: bool) -> tuple[int, Any]:
    """The codes a table set takes (as bits: its rank's naturals, and every wild card
    when a set is on the table); and the solver's parameters with those costing
    nothing."""
    base = _base(prepared)
    free = base.wild_mask if any_set else 0
    for rank in set_ranks:
        free |= base.rank_masks[rank]
    return free, _params(prepared, free)


def _reaches(run: _Run, held: bytes, wilds: int, top: int) -> bool:
    """Whether a held natural could ever join the run: walking out from each end,
    through held naturals and, across gaps, up to ``wilds`` wild cards."""
    base = run.suit * 13 - 1  # run_code, inlined: place 14 is the ace, code base + 1
    for step in (-1, 1):
        place = run.low - 1 if step < 0 else run.high + 1
        left = wilds
        length = run.high - run.low + 1
        while 1 <= place <= top and length < 13:
            if base + (1 if place == 14 else place) in held:
                return True
            if not left:
                break
            left -= 1
            place += step
            length += 1
    return False


Fills = tuple[tuple[int, ...], tuple[int, ...]]
"""How a run grows, as comparable ints: the bottom's and the top's cards, a wild as -1."""


def _order(fills: tuple[int | None, ...]) -> tuple[int, ...]:
    return tuple(-1 if code is None else code for code in fills)


Best = tuple[int, "Choice", int]
"""(cost, the runs grown, extra wild cards laid into the room left)."""


class _Search:
    """The exact search: every way to grow the runs on the table with held cards,
    each ending in one solve of the cards kept (where what a table set takes costs
    nothing). Branch and bound: :meth:`bound` bounds a branch from below, and a
    branch that cannot do better than the best end found is cut; a state reached
    again (the same cards left at the same run) is not searched twice, and equal
    runs side by side grow in one order only."""

    def __init__(
        self,
        prepared: Round,
        free: int,
        params: Any,
        runs: list[_Run],
        wilds: list[int],
        free_wilds: bool,
        room: int,
    ) -> None:
        self.prepared = prepared
        self.params = params
        self.runs = runs
        self.wilds = wilds  # dearest first: laid off in this order
        self.free_wilds = free_wilds  # a set is on the table: every wild goes there free
        self.top = highest_place(prepared.rules)
        # Bounds: the naturals runs i.. could still take (with the cards and wilds
        # left) cost nothing, and so do wild cards whenever a run has room or a set
        # is on the table.
        self.any_room = free_wilds or room > 0 or any(run.high - run.low < 12 for run in runs)
        self.free = free
        self.bounds: dict[int, Any] = {}  # bound params by the codes reached, as bits
        self.lows: dict[tuple[int, bytes, int], int] = {}  # bound() by its arguments
        self.grown: dict[tuple[int, int, int, int, bytes, int], Any] = {}  # chains()
        # The cards outwards from each end of each run, as far as it has room.
        self.paths: list[list[int]] = []
        for run in runs:
            space = 13 - (run.high - run.low + 1)
            down = range(run.low - 1, max(0, run.low - 1 - space), -1)
            up = range(run.high + 1, min(self.top, run.high + space) + 1)
            base = run.suit * 13 - 1  # run_code, inlined: place 14 is the ace, code base + 1
            self.paths += [
                [base + (1 if place == 14 else place) for place in places] for places in (down, up)
            ]
        # Index: run i's paths are paths[2i] and paths[2i + 1].
        self.seen: set[tuple[int, bytes, int, int, Fills | None]] = set()
        self.same = [
            index > 0 and run[1:] == runs[index - 1][1:] for index, run in enumerate(runs)
        ] + [False]
        self.costs: dict[bytes, int] = {}
        self.best: Best = (1 << 62, (), 0)

    def cost(self, codes: bytes) -> int:
        """The solver's cost of keeping these cards (sorted codes)."""
        known = self.costs.get(codes)
        if known is None:
            known = self.prepared.solver.score(codes, self.params)
            self.costs[codes] = known
        return known

    def bound(self, position: int, held: bytes, used: int) -> int:
        """A lower bound of the cost from run ``position`` on: the least, over how
        many wild cards ``k`` go onto runs as bridges, of the cards kept less ``k``
        wilds, solved with every natural that runs ``position``.. could reach across
        ``k`` wilds (and every wild left) costing nothing."""
        memo = (position, held, used)
        known = self.lows.get(memo)
        if known is not None:
            return known
        left = len(self.wilds) - used
        have = set(held)
        # Each held natural the runs could reach, with the wild cards it needs as
        # bridges on the way (the gaps before it on its path).
        reach: list[tuple[int, int]] = []
        for path in self.paths[2 * position :]:
            gaps = 0
            for code in path:
                if code in have:
                    reach.append((code, gaps))
                elif gaps < left:
                    gaps += 1
                else:
                    break
        lowest = -1
        for bridges in range(left + 1):
            key = 0
            for code, gaps in reach:
                if gaps <= bridges:
                    key |= 1 << code
            params = self.bounds.get(key)
            if params is None:
                wild_mask = _base(self.prepared).wild_mask if self.any_room else 0
                params = self.bounds[key] = _params(self.prepared, self.free | key | wild_mask)
            cost: int = self.prepared.solver.score(self.kept(held, used + bridges), params)
            if lowest < 0 or cost < lowest:
                lowest = cost
            if lowest == 0:
                break
        self.lows[memo] = lowest
        return lowest

    def chains(
        self, suit: int, start: int, step: int, room: int, held: bytes, wilds: int
    ) -> list[tuple[int | None, ...]]:
        """:func:`_chains`, longest first, then growing nothing (good answers come
        early, so the bounds cut more); kept per search, as many states ask again."""
        key = (suit, start, step, room, held, wilds)
        found = self.grown.get(key)
        if found is None:
            found = _chains(suit, start, step, room, self.top, held, wilds)
            found.sort(key=len, reverse=True)
            found.append(())
            self.grown[key] = found
        return found

    def kept(self, held: bytes, used: int) -> bytes:
        return bytes(sorted(held + bytes(self.wilds[used:])))

    def finish(self, held: bytes, used: int, room: int, choice: Choice) -> None:
        """Every end of a branch: lay ``extra`` more wilds into the room left on runs."""
        most = 0 if self.free_wilds else min(room, len(self.wilds) - used)
        for extra in range(most + 1):
            cost = self.cost(self.kept(held, used + extra))
            if cost < self.best[0]:
                self.best = (cost, choice, extra)

    def search(
        self,
        position: int,
        held: bytes,
        used: int,
        room: int,
        choice: Choice,
        previous: Fills | None = None,
    ) -> None:
        """Grow runs ``position`` onwards, holding naturals ``held`` with ``used``
        wilds gone; keep the best end found. ``previous`` is how the run before grew
        (bottom and top, wilds as -1): a run just like the one before grows no more
        than it, in that order, since swapping how two equal runs grow changes nothing."""
        left = len(self.wilds) - used
        if not self.same[position]:
            previous = None
        key = (position, held, used, 0 if self.free_wilds else min(room, left), previous)
        if key in self.seen:
            return
        self.seen.add(key)
        if position == len(self.runs):
            self.finish(held, used, room, choice)
            return
        bound = self.bound(position, held, used)
        if bound >= self.best[0]:
            return
        run = self.runs[position]
        space = 13 - (run.high - run.low + 1)
        bottoms = self.chains(run.suit, run.low - 1, -1, space, held, left)
        for bottom in bottoms:
            after_bottom = _without(held, bottom)
            wilds_bottom = bottom.count(None)
            tops = self.chains(
                run.suit, run.high + 1, 1, space - len(bottom), after_bottom, left - wilds_bottom
            )
            for top in tops:
                grown = len(bottom) + len(top)
                # How this run grew matters only to an equal run next, or against one before.
                order = (
                    (_order(bottom), _order(top))
                    if previous is not None or self.same[position + 1]
                    else None
                )
                if previous is not None and order is not None and order > previous:
                    continue
                self.search(
                    position + 1,
                    _without(after_bottom, top),
                    used + wilds_bottom + top.count(None),
                    room + space - grown,
                    (*choice, (position, bottom, top)) if grown else choice,
                    order,
                )
                if self.best[0] <= bound:  # nothing below can do better
                    return


def layoff(
    hand: HandLike,
    table_melds: Iterable[MeldLike],
    round: Round | int | None = None,
    *,
    wild: WildLike | UnsetType = UNSET,
    rules: RulesLike | UnsetType = UNSET,
) -> Layoff:
    """The lowest deadwood score of ``hand`` once cards are laid off onto the melds
    on the table, and which card goes where.

    Melds on the table keep the identity each wild card was given when it was
    laid. A set takes any card of its rank (any suit, twins too; sets have no
    upper size) or a wild card. A run takes the next card of its suit at either
    end, within the ace rules (K-A-2 never forms: an ace is always at an end), or
    a wild card standing for that next card; a run holds at most 13 cards, so a
    full run takes nothing. Cards laid off one after another count: 7♥ then 8♥
    onto 4♥ 5♥ 6♥, or a wild as 7♥ then the 8♥. The cards kept are scored as
    any hand: they may still be melded among themselves.

    The answer is exact: the lowest score over every valid choice of cards to lay
    off. Of equally good choices it keeps the fewest cards unmelded in hand; of
    those, it lays nothing onto runs if that is as good, else the first choice
    found, trying the longest layoffs first. A card a table set takes goes onto
    the set or stays in a meld in hand as the solve finds it: it scores nothing
    either way.

    Laying off belongs to the family rules and the ``redemption`` variation; like
    the other functions, :func:`layoff` analyses any hand under any rules. Unlike
    them it takes an empty hand (what is left once every card is melded), which
    lays off nothing and scores 0.

    :param hand: a :class:`~threethirteen.Hand` or a string.
    :param table_melds: the melds on the table: :class:`~threethirteen.Meld` or
        strings (``"4h 5h 6h"``, ``"Qh Kh Jk=Ah"``). A wild-rank card written
        without ``=`` stands for itself; a joker needs its identity.
    :param round: the :class:`~threethirteen.Round`, or its number (``4``) under
        ``rules``; or give ``wild`` and ``rules``.
    :param wild: the round's wild rank, or ``None``.
    :param rules: a :class:`~threethirteen.Rules` or a preset name (``"pagat"``).
    :returns: a :class:`Layoff`.
    :raises InvalidMeldError: for a table meld that is not valid under the rules.
    :raises ~threethirteen.TableTooLargeError: when the hand's cards could go onto
        more than :data:`~threethirteen.hands.layoffs.MAX_LAYOFF_RUNS` runs of the table (a
        subclass of InvalidMeldError).
    :raises InvalidHandError: for a hand impossible under the rules, or when the
        hand and the table hold more copies of a card (or jokers) than the game has.
    :raises InvalidCardError: for hand text that is no card.

    >>> print(layoff("10h Kd", ["10c 10d 10s"], wild=None))
    laid off: 10h -> 0 kept: deadwood: Kd score: 10
    >>> print(layoff("Jk 9h", ["Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh"], wild=None, rules="bga"))
    laid off: - kept: deadwood: 9h Jk score: 59
    """
    parsed = hand if type(hand) is Hand else as_hand(hand)
    prepared = resolve_round(round, wild, rules, "layoff")
    rules_used = prepared.rules
    wild_rank = prepared.wild
    codes = parsed.code_bytes
    counts = [0] * 53
    for code in codes:
        counts[code] += 1
    decks, jokers = rules_used.decks, rules_used.jokers
    if len(codes) > MAX_HAND_SIZE or counts[JOKER] > jokers or max(counts[:JOKER]) > decks:
        check_hand(parsed, rules_used)  # raises, saying why
    if isinstance(table_melds, (str, Meld)):
        raise InvalidMeldError("table_melds is a list of melds: wrap a single meld in a list")
    high_aces = has_high_aces(rules_used)
    entries = [
        _entry(item, wild_rank, rules_used, high_aces)
        for item in items(table_melds, "table_melds", InvalidMeldError)
    ]
    set_ranks: dict[int, int] = {}  # rank -> index of the first set of that rank
    first_set: int | None = None
    runs: list[_Run] = []
    for index, entry in enumerate(entries):
        for code in entry.codes:
            counts[code] += 1
        if entry.set_rank:
            set_ranks.setdefault(entry.set_rank, index)
            first_set = index if first_set is None else first_set
        else:
            runs.append(_Run(index, entry.suit, entry.low, entry.high))
    if counts[JOKER] > jokers or max(counts[:JOKER]) > decks:
        check_counts(counts, rules_used, "in the hand and on the table")
    any_set = first_set is not None

    # What a table set takes costs nothing kept: the solve leaves it over, for free.
    free, params = _free_round(prepared, set_ranks, any_set)

    base = _base(prepared)
    wild_codes = base.wild_codes
    wilds: list[int] = []
    naturals = codes.translate(None, base.wild_bytes)  # in C: the wild codes deleted
    if len(naturals) != len(codes):
        penalties_now = prepared.penalties
        wilds = sorted(
            (code for code in codes if wild_codes[code]),
            key=lambda code: (-penalties_now[code], -code),
        )
    searched: list[_Run] = []
    if runs:
        top = highest_place(rules_used)
        held_suits = {code // 13 for code in naturals}  # a run reaches only its suit's cards
        searched = [
            run
            for run in runs
            if run.suit in held_suits and _reaches(run, naturals, len(wilds), top)
        ]
    if len(searched) > MAX_LAYOFF_RUNS:
        raise TableTooLargeError(
            f"the hand's cards could go onto {len(searched)} runs of the table;"
            f" layoff searches at most {MAX_LAYOFF_RUNS}"
        )
    room = sum(13 - (run.high - run.low + 1) for run in runs if run not in searched)
    choice: Choice = ()
    if searched:
        searched.sort(key=lambda run: (run.suit, run.low, run.high))
        search = _Search(prepared, free, params, searched, wilds, any_set, room)
        # Laying nothing onto runs first: when nothing does better, nothing goes on.
        search.finish(naturals, 0, 0, ())
        search.search(0, naturals, 0, room, ())
        cost, choice, extra = search.best
    else:
        # No run in reach of a held natural: what is left of the search is its end,
        # laying 0, 1, ... wild cards into the runs' room (none with a set on the table,
        # where every wild goes for free); the first of the lowest.
        score = prepared.solver.score
        most = 0 if any_set else min(room, len(wilds))
        cost = score(codes, params)  # nothing laid off: the whole hand kept
        extra = 0
        for count in range(1, most + 1):
            found = score(bytes(sorted(naturals + bytes(wilds[count:]))), params)
            if found < cost:
                cost, extra = found, count

    # Replay the choice: the cards onto runs, in an order that can be played.
    additions: dict[int, list[LayoffCard]] = {}
    next_wild = 0
    held = naturals
    if choice or extra:
        spans = {run.meld: [run.low, run.high] for run in runs}
        suits = {run.meld: run.suit for run in runs}
        for position, bottom, top_fills in choice:
            run = searched[position]
            added = additions.setdefault(run.meld, [])
            for fills, step in ((bottom, -1), (top_fills, 1)):
                for fill in fills:
                    span = spans[run.meld]
                    place = span[0] - 1 if step < 0 else span[1] + 1
                    identity = CARDS[run_code(run.suit, place)]
                    if fill is None:
                        card = CARDS[wilds[next_wild]]
                        next_wild += 1
                    else:
                        card = CARDS[fill]
                        held = _without(held, (fill,))
                    added.append(_laid(card, run.meld, identity, fill is None))
                    span[0 if step < 0 else 1] = place
        for _ in range(extra):  # wild cards into the room left, upwards first
            for run in runs:
                low, high = spans[run.meld]
                if high - low + 1 >= 13:
                    continue
                new_low, new_high = extend_run(low, high, 1, high_aces, frozenset())
                place = new_high if new_high > high else new_low
                spans[run.meld] = [new_low, new_high]
                identity = CARDS[run_code(suits[run.meld], place)]
                card = CARDS[wilds[next_wild]]
                additions.setdefault(run.meld, []).append(_laid(card, run.meld, identity, True))
                next_wild += 1
                break
    kept = codes if held is codes else bytes(sorted(held + bytes(wilds[next_wild:])))

    # The kept cards' best melding, with what the sets take free as its deadwood: one
    # solver call (in C with the compiled solver) searches and builds it, the dearest
    # wilds given jobs first (by the parameters' costs, in the order of the penalties).
    free_melding: Melding | int = prepared.solver.melding(kept, params, COUNT_BITS, VALUES)
    if type(free_melding) is int:  # pragma: no cover - the hand was checked
        raise refused(prepared, Hand.from_trusted_codes(list(kept)), free_melding)
    assert isinstance(free_melding, Melding)
    score_left = cost >> COUNT_BITS
    if free_melding.score != score_left:  # pragma: no cover - internal invariant
        raise AssertionError("the layoff search and the kept cards' melding disagree")
    melding = free_melding
    if any_set:
        deadwood = []
        onto_sets: dict[int, list[Card]] = {}
        for card in free_melding.deadwood:
            if free >> card.code & 1:
                target = first_set if wild_codes[card.code] else set_ranks[card.code % 13 + 1]
                assert target is not None
                onto_sets.setdefault(target, []).append(card)
            else:
                deadwood.append(card)
        for index, cards in onto_sets.items():
            meld = entries[index].meld
            rank = entries[index].set_rank
            naturals_laid = [card for card in cards if not wild_codes[card.code]]
            wilds_laid = [card for card in cards if wild_codes[card.code]]
            suits_there = [card.code // 13 for card in meld.stands_for]
            suits_there += [card.code // 13 for card in naturals_laid]
            identities = set_identities(rank, suits_there, len(wilds_laid))
            laid = additions.setdefault(index, [])
            laid += [_laid(card, index, card, False) for card in naturals_laid]
            laid += [
                _laid(card, index, identity, True)
                for card, identity in zip(wilds_laid, identities, strict=True)
            ]
        if onto_sets:
            melding = Melding.from_trusted(free_melding.melds, tuple(deadwood), score_left)
    if not additions:
        return _result(score_left, (), melding, tuple([entry.meld for entry in entries]))
    laid_off = tuple(item for index in sorted(additions) for item in additions[index])
    new_table = tuple(
        [
            _grown(entry.meld, additions[index], entry.set_rank > 0)
            if index in additions
            else entry.meld
            for index, entry in enumerate(entries)
        ]
    )
    return _result(score_left, laid_off, melding, new_table)
