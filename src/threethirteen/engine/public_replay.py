"""One walk of a round's public history: the discard piles and the stock's size as
everyone saw them, entry by entry, with a hook for each kind of entry.

The pile rule lives here and nowhere else: the upcard starts the pile (the
dealer's pile under ``separate-discards``, where each player has one); a discard
goes onto the discarding player's pile (or the one pile), or onto the pile it
names under ``separate-discards`` (a joker under ``joker-discards``); ``draw
discard`` takes the top card of the pile it names (or of the one pile); a stock
draw passes every top card; a reshuffle (an entry of a player below 0) makes a
new stock of every card under the piles' top cards, and the piles keep their
tops.

A reader subclasses :class:`PublicVisitor` and overrides the hooks it needs (as
``chess.pgn.BaseVisitor`` serves several readers from one traversal);
:meth:`PublicReplay.walk` calls them in the history's order, each before its
entry is applied (as ``visit_move`` sees the board before the move): the hook's
arguments say what moves, :attr:`PublicReplay.piles` are still the piles before
it. The walk does not check that the entries are legal: a reader that must (the
bot protocol's check of a view) checks each entry in its hooks, which may raise.

>>> from threethirteen.engine.actions import DiscardCard, DrawDiscard, DrawStock
>>> from threethirteen.hands.cards import Card
>>> class Passes(PublicVisitor):
...     def __init__(self) -> None:
...         self.passed: list[tuple[int, list[int]]] = []
...     def visit_draw_stock(self, player: int, event: DrawStock, passed: list[int]) -> None:
...         self.passed.append((player, passed))
>>> replay = PublicReplay(players=2, dealer=0, upcard=Card.parse("Kd").code, stock_size=30)
>>> history = [(1, DrawStock()), (1, DiscardCard(Card.parse("9s"))), (0, DrawDiscard())]
>>> passes = Passes()
>>> replay.walk(history, passes)
>>> passes.passed, replay.piles, replay.stock_size
([(1, [25])], [[25]], 29)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .actions import DiscardCard, DrawDiscard, DrawStock, LayMeld, LayOff
from .view import ViewData

__all__ = ["PublicReplay", "PublicVisitor", "discard_pile", "first_piles", "reshuffle_split"]


def first_piles(players: int, dealer: int, upcard: int, separate: bool) -> list[list[int]]:
    """The discard piles at the deal: the upcard on the one pile, or under
    ``separate-discards`` on the dealer's pile (each player has one).

    >>> first_piles(3, 1, 7, False), first_piles(3, 1, 7, True)
    ([[7]], [[], [7], []])
    """
    piles: list[list[int]] = [[] for _ in range(players if separate else 1)]
    piles[dealer if separate else 0].append(upcard)
    return piles


def discard_pile(player: int, pile: int | None, separate: bool) -> int:
    """The index of the pile that ``player``'s discard goes onto: the one pile (0),
    or under ``separate-discards`` the pile it names (``pile``), else the player's.

    >>> discard_pile(2, None, False), discard_pile(2, None, True), discard_pile(2, 0, True)
    (0, 2, 0)
    """
    if not separate:
        return 0
    return player if pile is None else pile


def reshuffle_split(piles: Iterable[list[int]]) -> tuple[list[list[int]], list[int]]:
    """What a reshuffle does to the piles: the piles it leaves (each its top card,
    or empty) and the cards it shuffles into the stock (every card under a top,
    pile by pile, each from the bottom up).

    >>> reshuffle_split([[1, 2, 3], [], [4, 5]])
    ([[3], [], [5]], [1, 2, 4])
    """
    tops: list[list[int]] = []
    under: list[int] = []
    for pile in piles:
        tops.append(pile[-1:])
        under.extend(pile[:-1])
    return tops, under


class PublicVisitor:
    """The hooks of a walk of a round's public history (:meth:`PublicReplay.walk`);
    each does nothing here. A hook is called before its entry is applied to the
    piles. Card arguments are card codes.

    >>> PublicVisitor().visit_draw_stock(0, DrawStock(), [12])
    """

    def visit_reshuffle(self, event: Any, cards: list[int]) -> None:
        """A reshuffle (the history's entry ``event``): ``cards`` (under the piles'
        tops, pile by pile, bottom up) become the stock; the piles keep their tops."""

    def visit_draw_stock(self, player: int, event: DrawStock, passed: list[int]) -> None:
        """``player`` draws from the stock, passing ``passed``: the top card of each
        pile that holds one (under one pile: its top, or nothing)."""

    def visit_draw_discard(
        self, player: int, event: DrawDiscard, pile: int, card: int | None
    ) -> None:
        """``player`` takes ``card``, the top of pile ``pile`` (``None`` when there
        is no such card: a history no game makes, which the walk lets pass)."""

    def visit_discard(self, player: int, event: DiscardCard, pile: int, false_out: bool) -> None:
        """``player`` discards ``event.card`` onto pile ``pile``; ``false_out``:
        the discard declared an out that was false (its melds, if any, were shown
        and kept, not laid)."""

    def visit_lay_meld(self, player: int, event: LayMeld) -> None:
        """``player`` lays ``event.meld`` on the table."""

    def visit_lay_off(self, player: int, event: LayOff) -> None:
        """``player`` lays ``event.card`` off onto table meld ``event.meld``."""


_NO_VISITOR = PublicVisitor()


class PublicReplay:
    """A round's discard piles and stock size, from the deal, through its public
    history entry by entry (:meth:`apply`, :meth:`walk`).

    :param players: the number of players.
    :param dealer: the round's dealer (under ``separate-discards`` the upcard
        starts their pile).
    :param upcard: the upcard's code.
    :param separate: whether each player has a discard pile (``separate-discards``).
    :param stock_size: the stock's size after the deal (0 when it is not followed).
    :param false_outs: the indices in the history of the going-out discards that
        were false outs.

    >>> replay = PublicReplay(players=3, dealer=1, upcard=7, separate=True)
    >>> replay.piles
    [[], [7], []]
    """

    __slots__ = ("false_outs", "index", "piles", "separate", "stock_size")

    def __init__(
        self,
        players: int,
        dealer: int,
        upcard: int,
        separate: bool = False,
        stock_size: int = 0,
        false_outs: Iterable[int] = (),
    ) -> None:
        self.separate = bool(separate)
        self.piles = first_piles(players, dealer, upcard, self.separate)
        """Each discard pile's card codes, bottom to top."""
        self.stock_size = stock_size
        """The stock's size (from the one given: a stock draw takes one card, a
        reshuffle makes it the cards reshuffled)."""
        self.false_outs = frozenset(false_outs)
        self.index = 0
        """The index in the history of the next entry to apply (the entry a hook is
        called for)."""

    @classmethod
    def of_view(cls, view: ViewData) -> PublicReplay:
        """The replay of ``view``'s round at its deal (the stock's size followed,
        the view's false outs known), ready to walk ``view.history``.

        >>> import threethirteen as tt
        >>> view = tt.Game("pagat", players=2, seed=7).view(1)
        >>> replay = PublicReplay.of_view(view)
        >>> replay.walk(view.history)
        >>> replay.stock_size == view.stock_size, replay.piles == [[c.code for c in view.piles[0]]]
        (True, True)
        """
        rules = view.rules
        players = view.players
        stock = rules.decks * 52 + rules.jokers - players * view.cards_dealt - 1
        separate = bool(rules.separate_discards)
        return cls(players, view.dealer, view.upcard.code, separate, stock, view.false_outs)

    def passed(self) -> list[int]:
        """The top cards a stock draw passes now: of each pile that holds one.

        >>> PublicReplay(players=2, dealer=0, upcard=5, separate=True).passed()
        [5]
        """
        piles = self.piles
        return [pile[-1] for pile in piles if pile] if self.separate else piles[0][-1:]

    def reshuffle_cards(self) -> list[int]:
        """The cards a reshuffle would shuffle into the stock now: every card under
        a pile's top (pile by pile, bottom up).

        >>> PublicReplay(players=2, dealer=0, upcard=5).reshuffle_cards()
        []
        """
        return reshuffle_split(self.piles)[1]

    def apply(self, player: int, event: Any, visitor: PublicVisitor = _NO_VISITOR) -> None:
        """Call ``visitor``'s hook for the history's next entry ``(player, event)``,
        then apply the entry to the piles and the stock's size (:meth:`walk` of
        one entry). A hook that raises leaves the replay as it was.

        >>> replay = PublicReplay(players=2, dealer=0, upcard=5, stock_size=2)
        >>> replay.apply(1, DrawStock())
        >>> replay.apply(1, DiscardCard(__import__("threethirteen").Card(9)))
        >>> replay.piles, replay.stock_size, replay.index
        ([[5, 9]], 1, 2)
        """
        self.walk(((player, event),), visitor)

    def walk(
        self, history: Iterable[tuple[int, Any]], visitor: PublicVisitor = _NO_VISITOR
    ) -> None:
        """For each entry ``(player, event)`` of ``history`` in turn: call
        ``visitor``'s hook for it, then apply it to the piles and the stock's size.
        A ``player`` below 0 is a reshuffle; otherwise ``event`` is an action. An
        entry the walk does not know (none that a game logs) moves nothing and calls
        no hook. A hook that raises leaves the replay as it was before its entry.

        >>> replay = PublicReplay(players=2, dealer=0, upcard=5)
        >>> replay.walk([(1, DrawDiscard())])
        >>> replay.piles
        [[]]
        """
        piles = self.piles
        separate = self.separate
        passed = self.passed
        false_outs = self.false_outs
        on_draw_stock = visitor.visit_draw_stock
        on_draw_discard = visitor.visit_draw_discard
        on_discard = visitor.visit_discard
        index = self.index
        for player, event in history:
            self.index = index
            kind: type | None = type(event)
            if player < 0:
                tops, cards = reshuffle_split(piles)
                visitor.visit_reshuffle(event, cards)
                piles[:] = tops
                self.stock_size = len(cards)
                index += 1
                continue
            if kind not in _KINDS:  # a subclass of an action's class
                kind = _kind_of(event)
            if kind is DiscardCard:
                target = discard_pile(player, event.pile, separate)
                on_discard(player, event, target, event.go_out and index in false_outs)
                piles[target].append(event.card.code)
            elif kind is DrawStock:
                on_draw_stock(player, event, passed())
                self.stock_size -= 1
            elif kind is DrawDiscard:
                target = event.pile or 0
                taken = piles[target] if target < len(piles) else []
                on_draw_discard(player, event, target, taken[-1] if taken else None)
                if taken:
                    taken.pop()
            elif kind is LayMeld:
                visitor.visit_lay_meld(player, event)
            elif kind is LayOff:
                visitor.visit_lay_off(player, event)
            index += 1
        self.index = index


_KINDS = frozenset((DiscardCard, DrawStock, DrawDiscard, LayMeld, LayOff))


def _kind_of(event: Any) -> type | None:
    """The kind of action ``event`` is (of a subclass: the engine's class it
    extends), or ``None``."""
    return next((kind for kind in _KINDS if isinstance(event, kind)), None)
