"""The exact solver in pure Python: the twin of the compiled ``_solver``.

Both modules have the same functions and give the same answers, meldings
included; the public API validates, encodes and decodes around them. A hand
arrives as its card codes (``bytes``; ``suit * 13 + rank - 1``, 52 the joker).

Encoding
--------
* The natural cards (every card that is not wild this round) are a count vector
  over the 52 cards in solver order, rank-major (A♣ A♦ A♥ A♠ 2♣ ...: position
  ``(rank - 1) * 4 + suit``), packed into one int with :data:`BITS` bits per
  position. Rank-major order keeps the search narrow: the cards still to place
  are the rest of the lowest rank and the ranks above it.
* The wild cards (wild-rank cards and jokers) are interchangeable inside melds,
  so they are only a budget: how many are left. They differ only in what they
  cost when left over, so the search gets their costs sorted from cheapest
  up, and leaving ``k`` wilds unmelded costs the ``k`` cheapest.
* Costs are any non-negative ints; the public API passes each card's penalty
  scaled so that a tie in score goes to the melding with fewer cards left over.

Search
------
The lowest natural card still in the state is either deadwood, or in a set
(with any choice of the other cards of its rank above it), or the lowest
natural card of a run of its suit (the higher naturals chosen one rank at a
time, gaps filled by wilds), or, with aces high-or-low, an ace at the top of a
run (naturals chosen downwards from the king). Runs and sets take the fewest
wilds that make them valid; the wilds left at the end go into a set (no upper
size), into the room left in runs (13 cards at most), into a meld of wilds only
(when the rules allow it) or are left over at their costs. The value of a state
is memoised, so the search over every discard shares its work.

Discards
--------
Discarding a wild card always best gives up the dearest one: the wilds left
over are the cheapest whatever else happens. So the best discard is the best
of the natural discards (one shared memo) and the dearest wild.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import product
from typing import Any

from .run_geometry import extend_run, run_code

__all__ = [
    "BITS",
    "Move",
    "Params",
    "Plan",
    "best_discard",
    "can_go_out",
    "codes_of_count_rows",
    "decode",
    "discard_rows",
    "discards",
    "draws",
    "fill_observation",
    "melding",
    "plan",
    "score",
    "solve_rows",
]

BITS = 5
"""Bits per card in a packed count vector (a hand holds at most 20 copies)."""
_MASK = (1 << BITS) - 1
_INFINITY = 1 << 60
_MAX_CARDS = 20
_JOKER = 52

# What solve_rows computes: the values of _kernel.Mode.
SCORE = 0
GO_OUT = 1
BEST_DISCARD = 2

# Error codes, as the compiled solver returns them.
BAD_CODE = -1
TOO_MANY_CARDS = -2
TOO_MANY_JOKERS = -3
TOO_MANY_COPIES = -4

# A move of the plan: ("dead", code), ("set", rank, codes, wilds) or
# ("run", suit, natural_ranks, wilds); an ace at the top of a run has rank 14.
Move = tuple[Any, ...]
Plan = tuple[int, list[Move], int, int]
"""(cost, moves, wilds placed beside the moves, wilds left over)."""


def _position(code: int) -> int:
    return (code % 13) * 4 + code // 13


def _code(position: int) -> int:
    return (position % 4) * 13 + position // 4


class Params:
    """What the search needs of the rules and the round, as plain ints.

    :param natural_costs: the cost of leaving each card code 0-51 unmelded.
    :param wild_costs: the cost of each code 0-52 when it is wild.
    :param wild_rank: the round's wild rank, 1-13, or 0 for none.
    :param decks: copies of each card a hand may hold.
    :param jokers: jokers a hand may hold.
    :param discard_order: each code's place 0-52 in the discard tie-break (lower
        is discarded first among equal costs): ``_kernel.discard_order_for``.
    """

    __slots__ = (
        "all_wild",
        "decks",
        "high_aces",
        "jokers",
        "min_run",
        "min_set",
        "natural",
        "order",
        "wild",
        "wild_rank",
    )

    def __init__(
        self,
        natural_costs: Sequence[int],
        wild_costs: Sequence[int],
        wild_rank: int,
        decks: int,
        jokers: int,
        min_set: int,
        min_run: int,
        high_aces: bool,
        all_wild: bool,
        discard_order: Sequence[int],
    ) -> None:
        if len(natural_costs) != 52 or len(wild_costs) != 53:
            raise ValueError("52 natural costs and 53 wild costs")
        if sorted(discard_order) != list(range(53)):
            raise ValueError("the discard order places each code 0-52 once")
        self.order = [int(place) for place in discard_order]
        self.natural = [int(cost) for cost in natural_costs]
        self.wild = [int(cost) for cost in wild_costs]
        self.wild_rank = wild_rank
        self.decks = decks
        self.jokers = jokers
        self.min_set = min_set
        self.min_run = min_run
        self.high_aces = bool(high_aces)
        self.all_wild = bool(all_wild)


class _Hand:
    """A hand as the search sees it: packed naturals, wild costs cheapest first."""

    __slots__ = ("dearest_wild", "error", "state", "wild_costs")

    def __init__(self, codes: bytes | Sequence[int], params: Params) -> None:
        self.error = 0
        self.state = 0
        self.wild_costs: list[int] = []
        self.dearest_wild = -1
        counts = [0] * 53
        for code in codes:
            if code < 0:
                continue
            if code >= 53:
                self.error = BAD_CODE
                return
            counts[code] += 1
        if sum(counts) > _MAX_CARDS:
            self.error = TOO_MANY_CARDS
        elif counts[_JOKER] > params.jokers:
            self.error = TOO_MANY_JOKERS
        elif max(counts[:_JOKER]) > params.decks:
            self.error = TOO_MANY_COPIES
        if self.error:
            return
        wilds: list[tuple[int, int]] = []
        for code, count in enumerate(counts):
            if not count:
                continue
            if code == _JOKER or code % 13 + 1 == params.wild_rank:
                wilds += [(params.wild[code], code)] * count
            else:
                self.state += count << (BITS * _position(code))
        if wilds:
            # The dearest wild; of equal costs, the first in the discard order.
            self.dearest_wild = min(wilds, key=lambda item: (-item[0], params.order[item[1]]))[1]
        self.wild_costs = sorted(cost for cost, _code in wilds)


class Search:
    """A memoised search for one set of wild cards; reuse it for many natural hands."""

    __slots__ = ("melded", "memo", "params", "prefix", "total_wilds")

    def __init__(self, params: Params, wild_costs: list[int]) -> None:
        self.params = params
        self.total_wilds = len(wild_costs)
        prefix = [0]
        for cost in sorted(wild_costs):
            prefix.append(prefix[-1] + cost)
        self.prefix = prefix
        self.memo: dict[tuple[int, int, int], int] = {}
        self.melded: dict[tuple[int, int, int], bool] = {}

    # -- the search ---------------------------------------------------------------

    def leftover_placed(self, wilds: int, room: int) -> int:
        """How many of ``wilds`` unused wilds can join melds, given ``room`` in the
        melds so far (``total_wilds`` once there is a set, which has no upper size)."""
        params = self.params
        if params.all_wild and wilds >= min(params.min_set, params.min_run):
            return wilds
        return min(wilds, room)

    def value(self, state: int, wilds: int, room: int) -> int:
        """The lowest cost of the naturals ``state`` with ``wilds`` wilds still free
        and ``room`` places for extra wilds in the melds made so far."""
        if state == 0:
            return self.prefix[wilds - self.leftover_placed(wilds, room)]
        key = (state, wilds, room)
        known = self.memo.get(key)
        if known is not None:
            return known
        best = _INFINITY
        for cost, next_state, next_wilds, next_room, _move in self.options(state, wilds, room):
            if cost < best:
                total = cost + self.value(next_state, next_wilds, next_room)
                if total < best:
                    best = total
                    if best == 0:  # nothing scores lower
                        break
        self.memo[key] = best
        return best

    def melds_all(self, state: int, wilds: int, room: int) -> bool:
        """Whether :meth:`value` is 0 (costs are never negative): a search of the
        moves that cost nothing only, which stops at the first melding of every
        card (what ``can_go_out`` asks, far sooner than the lowest cost)."""
        if state == 0:
            return self.prefix[wilds - self.leftover_placed(wilds, room)] == 0
        key = (state, wilds, room)
        known = self.melded.get(key)
        if known is None:
            known = any(
                cost == 0 and self.melds_all(next_state, next_wilds, next_room)
                for cost, next_state, next_wilds, next_room, _move in self.options(
                    state, wilds, room
                )
            )
            self.melded[key] = known
        return known

    def options(
        self, state: int, wilds: int, room: int
    ) -> Iterator[tuple[int, int, int, int, Move]]:
        """Every way to use the lowest natural card: (cost, state, wilds, room, move)."""
        params = self.params
        full = self.total_wilds
        low = state & -state
        position = (low.bit_length() - 1) // BITS
        unit = 1 << (BITS * position)
        rank_index, suit = divmod(position, 4)
        rank = rank_index + 1
        code = suit * 13 + rank_index

        yield params.natural[code], state - unit, wilds, room, ("dead", code)

        # Sets: this card, any further copies of it, any cards of its rank above it.
        choices = [(position, ((state >> (BITS * position)) & _MASK) - 1)]
        for other in range(position + 1, rank * 4):
            copies = (state >> (BITS * other)) & _MASK
            if copies:
                choices.append((other, copies))
        for taken in product(*(range(copies + 1) for _other, copies in choices)):
            size = 1 + sum(taken)
            need = params.min_set - size if size < params.min_set else 0
            if need > wilds:
                continue
            removed = unit
            members = [code]
            for (other, _copies), count in zip(choices, taken, strict=True):
                removed += count << (BITS * other)
                members.extend([_code(other)] * count)
            yield 0, state - removed, wilds - need, full, ("set", rank, tuple(members), need)

        # Runs in which this card is the lowest natural card (an ace counts 1 here);
        # with aces high-or-low, also runs with an ace at the top (rank 14).
        yield from self._runs(state, wilds, room, suit, rank, unit, 1)
        if params.high_aces and rank == 1:
            yield from self._runs(state, wilds, room, suit, 14, unit, -1)

    def _runs(
        self, state: int, wilds: int, room: int, suit: int, start: int, unit: int, step: int
    ) -> Iterator[tuple[int, int, int, int, Move]]:
        """Runs that end at the card of rank ``start`` and go on in direction ``step``
        (up from the lowest natural, or down from an ace at 14), choosing the other
        naturals one rank at a time and filling the gaps with wilds."""
        min_run = self.params.min_run
        full = self.total_wilds
        stop = 14 if step > 0 else 1
        stack: list[tuple[int, int, int, tuple[int, ...]]] = [(start, unit, 0, (start,))]
        while stack:
            last, removed, gaps, ranks = stack.pop()
            span = len(ranks) + gaps
            # A lone ace at the top is the same run as a lone ace at the bottom.
            if step > 0 or span > 1:
                need = gaps + (min_run - span if span < min_run else 0)
                if need <= wilds:
                    length = span if span > min_run else min_run
                    yield (
                        0,
                        state - removed,
                        wilds - need,
                        min(full, room + 13 - length),
                        ("run", suit, tuple(sorted(ranks)), need),
                    )
            for other in range(last + step, stop, step):
                gap = gaps + abs(other - last) - 1
                if gap > wilds:
                    break
                shift = BITS * ((other - 1) * 4 + suit)
                if (state >> shift) & _MASK:
                    stack.append((other, removed + (1 << shift), gap, (*ranks, other)))

    # -- explaining the answer ----------------------------------------------------

    def plan(self, state: int) -> Plan:
        """The best melding of ``state`` with every wild free: its cost, the moves,
        how many unused wilds join the melds, and how many are left over."""
        wilds, room = self.total_wilds, 0
        total = self.value(state, wilds, room)
        moves: list[Move] = []
        while state:
            # Of the options that reach the best score, take the one that spends the
            # fewest wilds, then melds the most natural cards: the plainest melding.
            target = self.value(state, wilds, room)
            best: tuple[int, int, int, int, int, Move] | None = None
            for cost, next_state, next_wilds, next_room, move in self.options(state, wilds, room):
                if cost + self.value(next_state, next_wilds, next_room) == target:
                    melded = 0 if move[0] == "dead" else len(move[2])
                    key = (wilds - next_wilds, -melded)
                    if best is None or key < best[:2]:
                        best = (*key, next_state, next_wilds, next_room, move)
            if best is None:  # pragma: no cover - the memo always holds a matching option
                raise AssertionError("no option reaches the memoised value")
            state, wilds, room = best[2], best[3], best[4]
            moves.append(best[5])
        placed = self.leftover_placed(wilds, room)
        return total, moves, placed, wilds - placed


# -- the functions both backends share ----------------------------------------------


def score(codes: bytes | Sequence[int], params: Params) -> int:
    """The lowest cost of the cards left unmelded, or a negative error code."""
    hand = _Hand(codes, params)
    if hand.error:
        return hand.error
    return Search(params, hand.wild_costs).value(hand.state, len(hand.wild_costs), 0)


def plan(codes: bytes | Sequence[int], params: Params) -> Plan | int:
    """The lowest cost and the moves of the plainest melding that reaches it, or a
    negative error code."""
    hand = _Hand(codes, params)
    if hand.error:
        return hand.error
    return Search(params, hand.wild_costs).plan(hand.state)


def melding(codes: bytes | Sequence[int], params: Params, shift: int, values: Any) -> Any:
    """The plainest best melding of the hand, built from ``values`` (the value types,
    see :func:`decode`), with its score the cost shifted right by ``shift``; or a
    negative error code."""
    hand = _Hand(codes, params)
    if hand.error:
        return hand.error
    found = Search(params, hand.wild_costs).plan(hand.state)
    return decode(
        found,
        codes,
        params.wild_rank,
        params.min_set,
        params.min_run,
        params.high_aces,
        params.wild,
        shift,
        values,
    )


def _identities(rank: int, natural_suits: Sequence[int], count: int) -> list[int]:
    """Codes for ``count`` wilds in a set of ``rank``: the missing suits first, then
    the suits present, round and round."""
    order = [suit for suit in range(4) if suit not in natural_suits]
    order += sorted(set(natural_suits))
    return [order[i % len(order)] * 13 + rank - 1 for i in range(count)]


def decode(
    found: Plan,
    codes: bytes | Sequence[int],
    wild_rank: int,
    min_set: int,
    min_run: int,
    high_aces: bool,
    wild_costs: Sequence[int],
    shift: int,
    values: Any,
) -> Any:
    """The melding of a plan for the hand ``codes``, the dearest wilds (by
    ``wild_costs``, 53 by code) given jobs first, its score the plan's cost shifted
    right by ``shift``. ``values`` is ``(Meld, Melding, cards)``: the value types
    (built with their ``from_trusted``) and the card of each code. The compiled
    ``melding`` builds the same melding in C."""
    meld_type, melding_type, cards = values
    cost, moves, placed, unplaced = found
    counts = [0] * 53
    wild_codes = []
    for code in codes:
        if code >= 0:
            counts[code] += 1
            if code == _JOKER or code % 13 + 1 == wild_rank:
                wild_codes.append(code)
    wild_codes.sort(key=lambda code: (-wild_costs[code], code))
    used = wild_codes[: len(wild_codes) - unplaced]
    wild_suits = {code // 13 for code in used if code != _JOKER}

    def preferred(suit: int) -> tuple[int, ...]:
        if not wild_rank or suit not in wild_suits:
            return ()
        return (1, 14) if wild_rank == 1 else (wild_rank,)

    sets: list[list[Any]] = []  # rank, natural codes, wilds
    runs: list[list[Any]] = []  # suit, low, high, natural places
    for move in moves:
        if move[0] == "set":
            sets.append([move[1], list(move[2]), move[3]])
        elif move[0] == "run":
            suit, ranks = move[1], move[2]
            low, high = min(ranks), max(ranks)
            deficit = max(0, min_run - (high - low + 1))
            low, high = extend_run(low, high, deficit, high_aces, preferred(suit))
            runs.append([suit, low, high, set(ranks)])
    # The wilds that join melds beside the plan's: into a set (no upper size), else
    # into the room left in runs, else (the rules allowing it) a meld of their own.
    extra = placed
    if extra and sets:
        sets[0][2] += extra
        extra = 0
    elif extra <= sum(13 - (high - low + 1) for _suit, low, high, _ranks in runs):
        for run in runs:
            room = min(extra, 13 - (run[2] - run[1] + 1))
            run[1], run[2] = extend_run(run[1], run[2], room, high_aces, preferred(run[0]))
            extra -= room

    layouts: list[tuple[bool, list[tuple[int, int]]]] = []  # (is a set, (natural, identity))
    for rank, naturals, count in sets:
        slots = [(code, code) for code in naturals]
        identities = _identities(rank, [code // 13 for code in naturals], count)
        layouts.append((True, slots + [(-1, code) for code in identities]))
    for suit, low, high, places in runs:
        slots = []
        for place in range(low, high + 1):
            code = run_code(suit, place)
            slots.append((code if place in places else -1, code))
        layouts.append((False, slots))
    if extra:  # a meld of wilds only, as the rules allow
        if extra >= min_set:
            # Wild-rank cards stand for themselves; jokers take the other suits.
            own = [code for code in used if code != _JOKER][:extra]
            identities = own + _identities(
                wild_rank or 1, [code // 13 for code in own], extra - len(own)
            )
        else:
            identities = [run_code(0, place) for place in range(1, extra + 1)]
        layouts.append((extra >= min_set, [(-1, code) for code in identities]))

    # Wild cards go where they stand for themselves first, then in order.
    free = list(used)
    chosen: dict[tuple[int, int], int] = {}
    for meld_index, (_is_set, layout) in enumerate(layouts):
        for slot_index, (natural, identity) in enumerate(layout):
            if natural < 0 and identity in free:
                free.remove(identity)
                chosen[meld_index, slot_index] = identity
    melds = []
    for meld_index, (is_set, layout) in enumerate(layouts):
        held, flags = [], []
        for slot_index, (natural, _identity) in enumerate(layout):
            if natural >= 0:
                code = natural
            else:
                code = chosen.get((meld_index, slot_index), -1)
                if code < 0:
                    code = free.pop(0)
            held.append(code)
            flags.append(natural < 0)
            counts[code] -= 1
        melds.append(
            meld_type.from_trusted(
                [cards[code] for code in held],
                [cards[identity] for _, identity in layout],
                flags,
                is_set,
            )
        )
    if free:  # pragma: no cover - internal invariant
        raise AssertionError("the solver's plan left a wild card without a job")
    deadwood = tuple(cards[code] for code in range(53) for _ in range(counts[code]))
    return melding_type.from_trusted(tuple(melds), deadwood, cost >> shift)


def _discards(hand: _Hand, params: Params) -> Iterator[tuple[int, int]]:
    """(cost, code) for each distinct natural discard (one shared memo), then the
    dearest wild."""
    search = Search(params, hand.wild_costs)
    wilds = len(hand.wild_costs)
    state = hand.state
    for position in range(52):
        if (state >> (BITS * position)) & _MASK:
            cost = search.value(state - (1 << (BITS * position)), wilds, 0)
            yield cost, _code(position)
    if wilds:
        rest = list(hand.wild_costs)
        rest.remove(params.wild[hand.dearest_wild])
        yield Search(params, rest).value(state, wilds - 1, 0), hand.dearest_wild


def discards(
    codes: bytes | Sequence[int], params: Params, shift: int
) -> tuple[bytes, tuple[int, ...]] | int:
    """``(codes, scores)``: each distinct card of the hand (``bytes`` of codes) and the
    cost left by discarding it shifted right by ``shift``, best first as
    :func:`best_discard` ranks them (the natural cards share one memo; each wild
    code has its own search, without that wild); or an error code."""
    hand = _Hand(codes, params)
    if hand.error:
        return hand.error
    results = list(_discards(hand, params))
    if hand.wild_costs:
        results.pop()  # the dearest wild: every wild code follows
        wilds = len(hand.wild_costs)
        for code in sorted({code for code in codes if code >= 0 and _is_wild(code, params)}):
            rest = list(hand.wild_costs)
            rest.remove(params.wild[code])
            results.append((Search(params, rest).value(hand.state, wilds - 1, 0), code))

    order = params.order
    results.sort(key=lambda result: (result[0], order[result[1]]))
    return bytes(code for _cost, code in results), tuple(cost >> shift for cost, _code in results)


def _is_wild(code: int, params: Params) -> bool:
    return code == _JOKER or code % 13 + 1 == params.wild_rank


def can_go_out(codes: bytes | Sequence[int], params: Params) -> int:
    """1 when some discard leaves every other card melded, 0 when not, or an error code."""
    hand = _Hand(codes, params)
    if hand.error:
        return hand.error
    search = Search(params, hand.wild_costs)
    wilds = len(hand.wild_costs)
    state = hand.state
    for position in range(52):
        if (state >> (BITS * position)) & _MASK and search.melds_all(
            state - (1 << (BITS * position)), wilds, 0
        ):
            return 1
    if wilds:
        rest = list(hand.wild_costs)
        rest.remove(params.wild[hand.dearest_wild])
        return int(Search(params, rest).melds_all(state, wilds - 1, 0))
    return 0


def best_discard(codes: bytes | Sequence[int], params: Params) -> tuple[int, int]:
    """``(cost, code)`` of the best discard: the lowest cost, then the first in
    ``params.order`` (the discard tie-break). ``(_INFINITY, -1)`` for an empty hand,
    ``(error code, -1)`` for a bad one."""
    hand = _Hand(codes, params)
    if hand.error:
        return hand.error, -1
    order = params.order
    return min(
        _discards(hand, params),
        key=lambda result: (result[0], order[result[1]]),
        default=(_INFINITY, -1),
    )


def solve_rows(
    codes: Any,
    params: Params,
    mode: int,
    out: Any,
    discards: Any,
    start: int,
    stop: int,
) -> tuple[int, int]:
    """Solve rows ``start:stop`` of a 2-D array of codes into ``out`` (``SCORE``: the
    cost, ``GO_OUT``: 1 if the hand can go out, ``BEST_DISCARD``: the best discard's
    cost, its code into ``discards``). Returns the first failing row and its error
    code, or ``(-1, 0)``."""
    for row in range(start, stop):
        line = [int(code) for code in codes[row] if code >= 0]
        if mode == SCORE:
            result = score(line, params)
        elif mode == GO_OUT:
            result = can_go_out(line, params)
        else:
            result, discard = best_discard(line, params)
            if result >= 0:
                discards[row] = discard
        if result < 0:
            return row, result
        out[row] = result
    return -1, 0


# -- the calls for bots and batches (issue 11): the compiled solver's twins -----------


def draws(
    hand: bytes | Sequence[int], candidates: bytes | Sequence[int], params: Params, mode: int
) -> tuple[list[int], list[int]] | int:
    """``(results, discards)``: for each card code of ``candidates``, the hand with that
    card drawn. ``BEST_DISCARD``: the cost its best discard leaves, and that discard.
    ``GO_OUT``: 1 if it can go out, with the discard that goes out, else 0 and -1.
    Or the first error code. (The compiled twin settles the cards no meld can hold
    without a search; this one searches every hand.)"""
    if mode not in (GO_OUT, BEST_DISCARD):
        raise ValueError("mode is BEST_DISCARD or GO_OUT")
    held = [code for code in hand if code >= 0]
    results: list[int] = []
    found: list[int] = []
    for code in candidates:
        cost, discard = best_discard([*held, code], params)
        if cost < 0:
            return cost
        if mode == GO_OUT:
            cost = int(cost == 0)
            discard = discard if cost else -1
        results.append(cost)
        found.append(discard)
    return results, found


def discard_rows(
    codes: Any, params: Params, rows: Any, out: Any, shift: int, missing: int
) -> tuple[int, int]:
    """For each row index of ``rows``: the cost left by discarding each card code of
    that row of ``codes``, shifted right by ``shift``, into that row of ``out`` (width
    53), ``missing`` where the card is not in the hand. Returns the first failing row
    and its error code, or ``(-1, 0)``."""
    for row in rows:
        out[row, :] = missing
        result = discards([int(code) for code in codes[row] if code >= 0], params, shift)
        if isinstance(result, int):
            return int(row), result
        for code, cost in zip(result[0], result[1], strict=True):
            out[row, code] = cost
    return -1, 0


def codes_of_count_rows(counts: Any, out: Any) -> int:
    """Each row of a count matrix (width 53) as the row of ``out`` with its card codes
    in order, padded with -1. Returns the width the rows need, or ``-(row + 1)`` for
    the first row of more than ``out.shape[1]`` cards."""
    room = out.shape[1]
    width = 0
    for row in range(counts.shape[0]):
        line = [code for code in range(53) for _ in range(int(counts[row, code]))]
        if len(line) > room:
            return -(row + 1)
        width = max(width, len(line))
        out[row, :] = line + [-1] * (room - len(line))
    return width


def fill_observation(
    out: Any,
    scalars: int,
    offsets: list[int],
    rows: list[bytes],
    seat_numbers: tuple[tuple[Any, ...], ...],
    player: int,
    numbers: tuple[Any, ...],
    scales: Any,
) -> int:
    """:meth:`threethirteen._kernel.protocol.Solver.fill_observation`, with numpy."""
    seats = len(seat_numbers[0]) if seat_numbers else 0
    if (
        len(rows) != len(offsets)
        or scalars < 0
        or (seats and not 0 <= player < seats)
        or any(len(values) != seats for values in seat_numbers)
        or scalars + len(seat_numbers) * seats + len(numbers) != out.shape[0]
        or scales.shape[0] != out.shape[0] - scalars
    ):
        return -1
    import numpy as np  # (only here: the rest of this module needs no numpy)

    positions = np.array(offsets, dtype=np.intp).repeat([len(row) for row in rows])
    positions += np.frombuffer(b"".join(rows), dtype=np.uint8)
    if positions.size and not 0 <= positions.min() <= positions.max() < scalars:
        return -1
    out[:scalars] = np.bincount(positions, minlength=scalars)
    numbers_out = out[scalars:]
    numbers_out[:] = [
        *(value for values in seat_numbers for value in values[player:] + values[:player]),
        *numbers,
    ]
    numbers_out *= scales
    return 0
