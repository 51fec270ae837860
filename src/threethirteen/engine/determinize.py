"""Determinization: the cards one player cannot see, dealt at random so that the
round's whole history could have happened.

The round is replayed from the deal as the player saw it. Every card the player
has not seen is a *slot*: the other hands' cards as dealt, the stock's cards, and
each card another player draws from the stock. A slot has a *source*: the deal
(every card hidden when the round was dealt), or the cards of one reshuffle (a
stock made of the discard piles: everyone saw those cards, nobody their order).
Slots of one source are alike until a card of theirs is seen: when another
player discards, lays or shows a card they were not known to hold, one of their
slots whose source still holds that card becomes it (of two sources, one is
chosen at random in proportion to how likely each is to hold it). At the end the
slots still unseen take the cards left in their sources, shuffled. So every
sample is consistent with the history; before the first reshuffle of a round
every consistent deal is equally likely. Where twins leave a card's source open,
a depth-first search with restarts finds the choices; its budget is bounded (at
most 400 replays, about 150 ms in the longest rounds measured), and
:class:`SampleError` says when it gives up (:meth:`PlayerView.sample
<threethirteen.PlayerView.sample>` then falls back to a looser deal).

The answer is a whole history: each player's hand as dealt, the cards each drew
from the stock, the stock as dealt and every reshuffle's order, and the hands
and stock now.

>>> from threethirteen.engine.actions import DrawStock, DiscardCard
>>> from threethirteen.hands.cards import Card
>>> rng = __import__("numpy").random.default_rng(0)
>>> deal = Deal(
...     players=2, viewer=0, dealer=1, separate=False, pool=[1] * 6 + [0] * 47,
...     dealt=[0], upcard=1, stock_size=3, drawn=[2],
... )
>>> hidden = sample_history(deal, [(0, DrawStock()), (0, DiscardCard(Card(0)))], rng)
>>> sorted(hidden.hands[1] + hidden.stock), len(hidden.stock), hidden.drawn
([3, 4, 5], 2, [[2], []])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .._lazy import LazyModule
from .actions import DiscardCard, DrawDiscard, DrawStock, LayMeld, LayOff
from .public_replay import PublicReplay, PublicVisitor

if TYPE_CHECKING:
    import numpy as np
else:  # numpy is imported when first used, not with the package
    np = LazyModule("numpy")

__all__ = ["Deal", "History", "SampleError", "sample_history"]

_REPLAYS = 10
"""The most replays of one search before it starts again with new random orders
(dead ends are rare: a search takes one replay almost always)."""
_RESTARTS = 40
"""The most searches of one sample: then :class:`SampleError` (the caller falls back)."""


class SampleError(RuntimeError):
    """The search found no consistent history within its budget (one exists: the
    true one; in long rounds with twins and reshuffles the search can miss it)."""


@dataclass(frozen=True)
class Deal:
    """What the player knows of the round's start, and of their own draws."""

    players: int
    viewer: int
    dealer: int
    separate: bool
    """Whether each player has a discard pile (the upcard starts the dealer's)."""
    pool: Sequence[int]
    """How many of each card code (53) the game's pool holds."""
    dealt: Sequence[int]
    """The viewer's hand as dealt."""
    upcard: int
    stock_size: int
    """The stock's size after the deal."""
    drawn: Sequence[int]
    """The cards the viewer drew from the stock this round, in order."""


@dataclass(frozen=True)
class History:
    """A consistent history of the round: card codes."""

    dealt: list[list[int]]
    """Each player's hand as dealt (the viewer's as it was)."""
    drawn: list[list[int]]
    """The cards each player drew from the stock, in order."""
    stock_dealt: list[int]
    """The stock after the deal, top card first."""
    reshuffles: list[list[int]]
    """Each reshuffle's new stock, top card first."""
    hands: list[list[int]]
    """Each other player's cards now that the viewer does not know (the viewer's: [])."""
    stock: list[int]
    """The stock now, top card first."""


class _DeadEnd(Exception):
    pass


class _Replay(PublicVisitor):
    """One attempt at a consistent history: the hooks of a walk of the round's
    public history (the walk keeps the piles)."""

    def __init__(
        self, deal: Deal, stream: _Stream, false_outs: frozenset[int], choices: list[int]
    ) -> None:
        self.deal = deal
        self.false_outs = false_outs
        self.stream = stream
        self.next_uniform = 0
        self.choices = choices  # the option taken at each ambiguous reveal, in order
        self.options: list[int] = []  # how many options each of those had
        self.decided: list[tuple[int, int]] = []  # and whose card each was
        players = deal.players
        hand_size = len(deal.dealt)
        others = [player for player in range(players) if player != deal.viewer]
        total = len(others) * hand_size + deal.stock_size
        self.source: list[int] = [0] * total  # each slot's source: 0 the deal, k a reshuffle
        self.card: list[int] = [-1] * total  # each slot's card, -1 until known
        pool = list(deal.pool)
        for code in deal.dealt:
            pool[code] -= 1
        pool[deal.upcard] -= 1
        self.pools: list[list[int]] = [pool]
        self.sizes: list[int] = [sum(pool)]
        self.held: list[list[int]] = [[] for _ in range(players)]  # unseen slots in hand
        self.known: list[list[int]] = [[] for _ in range(players)]
        self.dealt_slots: list[list[int]] = [[] for _ in range(players)]
        self.draw_slots: list[list[int]] = [[] for _ in range(players)]
        for number, player in enumerate(others):
            slots = list(range(number * hand_size, (number + 1) * hand_size))
            self.held[player] = slots
            self.dealt_slots[player] = slots[:]
        self.stock_dealt = list(range(total - deal.stock_size, total))  # top first
        self.stock = self.stock_dealt[::-1]  # top last
        self.stocks: list[list[int]] = []
        self.viewer_draws = iter(deal.drawn)
        self.viewer_drawn: list[int] = []

    def uniform(self) -> float:
        index = self.next_uniform
        self.next_uniform += 1
        return self.stream.get(index)

    def visit_draw_stock(self, player: int, event: DrawStock, passed: list[int]) -> None:
        slot = self.stock.pop()
        if player == self.deal.viewer:
            code = next(self.viewer_draws)
            self.settle(slot, code)
            self.viewer_drawn.append(code)
        else:
            self.held[player].append(slot)
            self.draw_slots[player].append(slot)

    def settle(self, slot: int, code: int) -> None:
        pool = self.pools[self.source[slot]]
        if pool[code] <= 0:
            raise _DeadEnd(-1, code)
        pool[code] -= 1
        self.sizes[self.source[slot]] -= 1
        self.card[slot] = code

    def reveal(self, player: int, code: int) -> None:
        """``player`` held ``code`` as one of their unseen slots: which one.

        The slot's source must still hold the card. Of several such sources the
        choice is a decision of the search (:func:`sample_history`): its options
        in an order drawn at random, each as likely as the source is to hold the
        card (its slots in the hand times its share of that card)."""
        slots = self.held[player]
        if len(self.pools) == 1:  # one source (no reshuffle yet): no decision
            if not slots:
                raise _DeadEnd(player, code)
            chosen = min(int(self.uniform() * len(slots)), len(slots) - 1)
            self.settle(slots.pop(chosen), code)
            return
        held_by_source: dict[int, int] = {}
        for slot in slots:
            source = self.source[slot]
            if self.pools[source][code] > 0:
                held_by_source[source] = held_by_source.get(source, 0) + 1
        if not held_by_source:
            raise _DeadEnd(player, code)
        if len(held_by_source) == 1:
            (source,) = held_by_source
        else:
            weights = {
                source: count * self.pools[source][code] / self.sizes[source]
                for source, count in held_by_source.items()
            }
            order = []
            while weights:  # a weighted random order of the sources
                target = self.uniform() * sum(weights.values())
                ranked = sorted(weights.items())
                picked = ranked[-1][0]
                for option, weight in ranked:
                    target -= weight
                    if target < 0.0:
                        picked = option
                        break
                order.append(picked)
                del weights[picked]
            decision = len(self.options)
            if decision == len(self.choices):
                self.choices.append(0)
            self.options.append(len(order))
            self.decided.append((player, code))
            source = order[self.choices[decision]]
        candidates = [index for index, slot in enumerate(slots) if self.source[slot] == source]
        chosen = candidates[min(int(self.uniform() * len(candidates)), len(candidates) - 1)]
        self.settle(slots.pop(chosen), code)

    def leave(self, player: int, code: int) -> None:
        """``code`` leaves ``player``'s hand face up."""
        if player == self.deal.viewer:
            return
        known = self.known[player]
        if code in known:
            known.remove(code)
        else:
            self.reveal(player, code)

    def show(self, player: int, codes: list[int]) -> None:
        """``player`` shows ``codes`` and keeps them: the known cards become the larger
        of the two counts of each card (as the game keeps them)."""
        if player == self.deal.viewer:
            return
        known = self.known[player]
        for code in sorted(set(codes)):
            for _ in range(codes.count(code) - known.count(code)):
                self.reveal(player, code)
                known.append(code)

    def reshuffle(self, cards: list[int]) -> None:
        source = len(self.pools)
        pool = [0] * len(self.deal.pool)
        for code in cards:
            pool[code] += 1
        self.pools.append(pool)
        self.sizes.append(len(cards))
        first = len(self.source)
        self.source.extend([source] * len(cards))
        self.card.extend([-1] * len(cards))
        order = list(range(first, first + len(cards)))  # top first
        self.stocks.append(order)
        self.stock = order[::-1]

    def play(self, events: Sequence[tuple[int, Any]]) -> None:
        deal = self.deal
        PublicReplay(
            deal.players, deal.dealer, deal.upcard, deal.separate, 0, self.false_outs
        ).walk(events, self)

    def visit_reshuffle(self, event: Any, cards: list[int]) -> None:
        self.reshuffle(list(event.cards.code_bytes))

    def visit_draw_discard(
        self, player: int, event: DrawDiscard, pile: int, card: int | None
    ) -> None:
        if card is None:
            raise SampleError(f"a draw from pile {pile}, which holds no card")
        if player != self.deal.viewer:
            self.known[player].append(card)

    def visit_discard(self, player: int, event: DiscardCard, pile: int, false_out: bool) -> None:
        self.leave(player, event.card.code)
        if event.go_out and event.melds is not None:
            shown = [card.code for meld in event.melds for card in meld.cards]
            if false_out:
                self.show(player, shown)  # a false out: the melds were shown
            else:
                for code in shown:  # laid on the table
                    self.leave(player, code)

    def visit_lay_meld(self, player: int, event: LayMeld) -> None:
        for card in event.meld.cards:
            self.leave(player, card.code)

    def visit_lay_off(self, player: int, event: LayOff) -> None:
        self.leave(player, event.card.code)

    def fill(self, rng: np.random.Generator) -> None:
        """The unseen slots take the cards left in their sources, shuffled."""
        card = self.card
        source_of = self.source
        for source, pool in enumerate(self.pools):
            slots = [
                slot for slot, code in enumerate(card) if code < 0 and source_of[slot] == source
            ]
            cards = [code for code, count in enumerate(pool) if count for _ in range(count)]
            if len(cards) != len(slots):
                raise SampleError(f"source {source}: {len(slots)} slots for {len(cards)} cards")
            for slot, index in zip(slots, rng.permutation(len(cards)).tolist(), strict=True):
                card[slot] = cards[index]

    def fill_with(self, hands: list[list[int]], stock: list[int], rng: np.random.Generator) -> None:
        """The unseen slots take the given cards: each hand's in a random order, the
        stock's in order (one source only: every such deal is consistent)."""
        card = self.card
        for player, slots in enumerate(self.held):
            cards = hands[player]
            if len(cards) != len(slots):
                raise SampleError(f"player {player}: {len(slots)} slots for {len(cards)} cards")
            for slot, index in zip(slots, rng.permutation(len(cards)).tolist(), strict=True):
                card[slot] = cards[index]
        if len(stock) != len(self.stock):
            raise SampleError(f"the stock: {len(self.stock)} slots for {len(stock)} cards")
        for slot, code in zip(reversed(self.stock), stock, strict=True):
            card[slot] = code

    def history(self) -> History:
        deal = self.deal
        card = self.card
        dealt = [[card[slot] for slot in slots] for slots in self.dealt_slots]
        dealt[deal.viewer] = list(deal.dealt)
        drawn = [[card[slot] for slot in slots] for slots in self.draw_slots]
        drawn[deal.viewer] = self.viewer_drawn
        return History(
            dealt=dealt,
            drawn=drawn,
            stock_dealt=[card[slot] for slot in self.stock_dealt],
            reshuffles=[[card[slot] for slot in stock] for stock in self.stocks],
            hands=[[card[slot] for slot in slots] for slots in self.held],
            stock=[card[slot] for slot in reversed(self.stock)],
        )


class _Stream:
    """Uniform numbers drawn from the generator as they are first asked for, the
    same again for each replay of one sample."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng
        self.values: list[float] = []

    def get(self, index: int) -> float:
        while index >= len(self.values):
            self.values.extend(self.rng.random(64).tolist())
        return self.values[index]


def sample_history(
    deal: Deal,
    events: Sequence[tuple[int, Any]],
    rng: np.random.Generator,
    false_outs: frozenset[int] = frozenset(),
    final: tuple[list[list[int]], list[int]] | None = None,
) -> History:
    """A random history of the round consistent with ``deal`` and the public
    ``events`` (the game's history: ``(player, action)``, ``(-1, Reshuffle)``).

    The replay takes each decision (which source a revealed card came from, where
    two could hold it: twins after a reshuffle) as likely as it is; when a choice
    leads to a dead end (a card later revealed that no slot can be), the search
    goes back to the last decision with an option left (depth first): the true
    history exists, so one is found. Before a reshuffle there are no decisions.

    :param false_outs: the indices in ``events`` of going-out discards that were
        false outs (their melds, if any, were shown and kept, not laid).
    :param final: the unseen cards of each hand and the stock (top first) to end
        with, already dealt at random (only before a reshuffle, where every slot
        has one source and any such deal is consistent): the history is worked out
        for them.
    :raises SampleError: when the search finds no consistent history within its
        budget (``_RESTARTS`` searches of ``_REPLAYS`` replays: 400 in all).
    """
    for _ in range(_RESTARTS):
        stream = _Stream(rng)
        choices: list[int] = []
        for _ in range(_REPLAYS):
            replay = _Replay(deal, stream, false_outs, choices)
            try:
                replay.play(events)
            except _DeadEnd as end:
                if not _back_jump(choices, replay.options, replay.decided, end.args):
                    break  # every option tried: start again with new random orders
                continue
            if final is None:
                replay.fill(rng)
            else:
                replay.fill_with(*final, rng)
            return replay.history()
    raise SampleError("no history of the round is consistent with the view")


def _back_jump(
    choices: list[int],
    options: list[int],
    decided: list[tuple[int, int]],
    conflict: tuple[int, int],
) -> bool:
    """After a dead end (``conflict``: the player who could not have held the card,
    and the card): take the next option of the latest decision that bears on it
    (the same player's, or the same card's), else of the latest decision with an
    option left, dropping the decisions after it. ``False`` when none is left."""
    del choices[len(options) :]
    player, code = conflict
    for related in (True, False):
        for index in range(len(choices) - 1, -1, -1):
            if choices[index] + 1 >= options[index]:
                continue
            if related and decided[index][0] != player and decided[index][1] != code:
                continue
            del choices[index + 1 :]
            choices[index] += 1
            return True
    return False
