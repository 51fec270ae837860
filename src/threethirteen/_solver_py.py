"""The exact solver in pure Python: the algorithm the compiled solver implements.

Everything here works on small ints; the public API validates, encodes and decodes.

Encoding
--------
* The natural cards (every card that is not wild this round) are a count vector
  over the codes 0-51 (``suit * 13 + rank - 1``), packed into one int with
  :data:`BITS` bits per code: ``state = sum(count[code] << (BITS * code))``.
* The wild cards (wild-rank cards and jokers) are interchangeable inside melds,
  so they are only a budget: how many are left. They differ only in what they
  cost when left over, so the search gets their costs sorted from cheapest
  up, and leaving ``k`` wilds unmelded costs the ``k`` cheapest.
* Costs are any non-negative ints; the public API passes each card's penalty
  scaled so that a tie in score goes to the melding with fewer cards left over.

Search
------
The lowest natural card still in the state is either deadwood, or in a set
(with any choice of the other cards of its rank at equal or higher codes), or
the lowest natural card of a run of its suit (the higher naturals chosen one
rank at a time, gaps filled by wilds), or, with aces high-or-low, an ace at
the top of a run (naturals chosen downwards from the king). Runs and sets take
the fewest wilds that make them valid; the wilds left at the end go into a set
(no upper size), into the room left in runs (13 cards at most), into a meld of
wilds only (when the rules allow it) or are left over at their costs. The
value of a state is memoised, so a search over many discards shares its work.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product
from typing import Any

__all__ = ["BITS", "Move", "Params", "Plan", "Search", "best_plan", "best_score", "discard_scores"]

BITS = 4
"""Bits per card code in a packed count vector (so at most 15 copies)."""
_MASK = (1 << BITS) - 1
_INFINITY = 1 << 40

# A move of the plan: ("dead", code), ("set", rank, codes, wilds) or
# ("run", suit, natural_ranks, wilds); an ace at the top of a run has rank 14.
Move = tuple[Any, ...]
Plan = tuple[int, list[Move], int, int]
"""(cost, moves, wilds placed beside the moves, wilds left over)."""


class Params:
    """What the search needs of the rules and the round, as plain ints."""

    __slots__ = ("all_wild", "high_aces", "min_run", "min_set", "values")

    def __init__(
        self,
        values: list[int],
        min_set: int,
        min_run: int,
        high_aces: bool,
        all_wild: bool,
    ) -> None:
        self.values = list(values)
        """The cost of leaving each natural code 0-51 unmelded."""
        self.min_set = min_set
        self.min_run = min_run
        self.high_aces = high_aces
        self.all_wild = all_wild


class Search:
    """A memoised search for one set of wild cards; reuse it for many natural hands."""

    __slots__ = ("memo", "params", "prefix", "total_wilds")

    def __init__(self, params: Params, wild_costs: list[int]) -> None:
        self.params = params
        self.total_wilds = len(wild_costs)
        prefix = [0]
        for cost in sorted(wild_costs):
            prefix.append(prefix[-1] + cost)
        self.prefix = prefix
        self.memo: dict[tuple[int, int, int], int] = {}

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

    def options(
        self, state: int, wilds: int, room: int
    ) -> Iterator[tuple[int, int, int, int, Move]]:
        """Every way to use the lowest natural card: (cost, state, wilds, room, move)."""
        params = self.params
        full = self.total_wilds
        low = state & -state
        code = (low.bit_length() - 1) // BITS
        unit = 1 << (BITS * code)
        suit, rank_index = divmod(code, 13)
        rank = rank_index + 1

        yield params.values[code], state - unit, wilds, room, ("dead", code)

        # Sets: this card, any further copies of it, any cards of its rank in higher suits.
        choices = [(code, ((state >> (BITS * code)) & _MASK) - 1)]
        for other in range(code + 13, 52, 13):
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
                members.extend([other] * count)
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
        base = suit * 13 - 1  # code of rank r in this suit is base + r
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
                        ("run", suit, ranks, need),
                    )
            for other in range(last + step, stop, step):
                gap = gaps + abs(other - last) - 1
                if gap > wilds:
                    break
                shift = BITS * (base + other)
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


def best_score(state: int, params: Params, wild_costs: list[int]) -> int:
    """The lowest cost of the cards a hand leaves unmelded."""
    return Search(params, wild_costs).value(state, len(wild_costs), 0)


def best_plan(state: int, params: Params, wild_costs: list[int]) -> Plan:
    """The lowest cost of a hand's unmelded cards and a melding that reaches it."""
    return Search(params, wild_costs).plan(state)


def discard_scores(
    state: int, params: Params, wild_costs: list[int], stop_at_zero: bool = False
) -> list[tuple[int, int, int]]:
    """The cost left by each distinct discard, as (cost, kind, which) where kind 0
    is a natural card (which = its code) and kind 1 a wild (which = its cost).

    Natural discards share one memoised search; each distinct wild cost needs
    one more (equal cards are tried once). With ``stop_at_zero`` it stops at the
    first discard that leaves a cost of 0.
    """
    results: list[tuple[int, int, int]] = []
    search = Search(params, wild_costs)
    wilds = len(wild_costs)
    for code in range(52):
        if (state >> (BITS * code)) & _MASK:
            score = search.value(state - (1 << (BITS * code)), wilds, 0)
            results.append((score, 0, code))
            if stop_at_zero and score == 0:
                return results
    for cost in sorted(set(wild_costs)):
        rest = list(wild_costs)
        rest.remove(cost)
        score = Search(params, rest).value(state, wilds - 1, 0)
        results.append((score, 1, cost))
        if stop_at_zero and score == 0:
            return results
    return results
