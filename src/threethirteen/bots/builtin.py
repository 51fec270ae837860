"""The built-in bots: players that choose an action from what one player may see.

A bot (``threethirteen.bots.protocol``) is anything with ``act(view,
legal_actions) -> action``. It sees only the :class:`~threethirteen.PlayerView` of
the seat it plays, and the list of actions the engine allows. The built-in bots
(``threethirteen.bots.base.BuiltinBot``) take a ``seed`` and are
deterministic given it; each also takes a keyword-only ``name``, its label in
results (its ``name`` attribute: by default the class's, ``"random"``,
``"greedy"``...; a string of 1 to 64 characters, no control characters). Every
option is checked when the bot is made: a bad one raises
:class:`~threethirteen.InvalidBotError` naming it. :func:`make_bot`
(``threethirteen.bots.registry``) makes a bot from a name, a factory (a class, a
``functools.partial`` of one, a function of ``seed``) or a bot; this module shows
the protocol's and the registry's names too, where they were first imported from.

>>> import threethirteen as tt
>>> game = tt.Game("pagat", players=2, seed=7)
>>> bot = tt.GreedyBot(seed=1)
>>> player = game.to_move
>>> game.view(player).piles  # the 8 of clubs helps this hand
((Card.parse('8c'),),)
>>> bot.act(game.view(player), game.legal_actions())
Action.parse('draw discard')
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from .._lazy import LazyModule
from .._validate import check_int, quote
from ..engine.actions import Action, DiscardCard, DrawDiscard, DrawStock, LayMeld, LayOff
from ..engine.game import PlayerView
from ..errors import InvalidBotError, ThreeThirteenError
from ..hands.analysis import best_discard, deadwood_score, discards
from ..hands.cards import Card
from ..hands.draw_advice import draw_advice, stock_outlook
from ..hands.hand import Hand
from ..hands.layoffs import layoff
from ..hands.rounds import Round
from ..statistics import student_errors
from .base import MAX_NAME as MAX_NAME
from .base import BuiltinBot, check_bot_seed, finite_option
from .playouts import greedy_draw, plain_discard, playout
from .protocol import Bot, BotLike, as_bot, bot_name
from .protocol import BotFunction as BotFunction
from .registry import BOTS, BotSpec, make_bot

if TYPE_CHECKING:
    import numpy as np
else:  # numpy is imported when first used, not with the package
    np = LazyModule("numpy")

__all__ = [
    "BOTS",
    "AdvisorBot",
    "Bot",
    "BotLike",
    "BotSpec",
    "GreedyBot",
    "HeuristicBot",
    "InvalidBotError",
    "LookaheadBot",
    "RandomBot",
    "SearchBot",
    "as_bot",
    "bot_name",
    "danger_by_pace",
    "make_bot",
    "out_before_next_turn",
    "stock_unseen",
]


# -- what every built-in bot shares ---------------------------------------------------


def _true_out(hand: Hand, round_: Round, legal_actions: Sequence[Action]) -> Action | None:
    """A legal going-out discard that really goes out (never a false out), if any."""
    going = [a for a in legal_actions if isinstance(a, DiscardCard) and a.go_out]
    if not going:
        return None
    out = {discard.card for discard in discards(hand, round_) if discard.goes_out}
    for action in going:
        assert isinstance(action, DiscardCard)
        if action.card in out:
            return action
    return None


def _left(hand: Hand, round_: Round) -> int:
    """The score a hand in the play phase is left with after its best discard (0 for
    a hand of one card or none: discarding the last card, or laying it, empties it)."""
    if len(hand) <= 1:
        return 0
    return best_discard(hand, round_).score


def _before_discarding(
    view: PlayerView, legal_actions: Sequence[Action], round_: Round
) -> Action | None:
    """What every built-in bot plays before it chooses a discard: a going-out discard
    that really goes out, else a table play that lowers its score; or ``None``."""
    going = _true_out(view.hand, round_, legal_actions)
    if going is not None:
        return going
    return _table_action(view, legal_actions, round_)


def _sub_multiset(small: Sequence[Card], big: Sequence[Card]) -> bool:
    left = list(big)
    for card in small:
        if card not in left:
            return False
        left.remove(card)
    return True


def _table_action(
    view: PlayerView, legal_actions: Sequence[Action], round_: Round
) -> Action | None:
    """The table play the built-in bots make (family rules, ``redemption``), or
    ``None`` to go on to the discard.

    * Lay a card off when that lowers the score left after the best discard (the
      lay-off that lowers it most; a hand emptied scores 0).
    * Lay a meld when laying the melds of the best melding (of the hand less its
      best discard) and then laying off what :func:`threethirteen.layoff` can lay
      leaves a lower score than keeping them: the meld laid is one of those melds
      (or its smallest part; the rest follows by lay-offs). Otherwise melds stay in
      the hand, where they score nothing and can still change.
    """
    offs = [a for a in legal_actions if isinstance(a, LayOff)]
    lays = [a for a in legal_actions if isinstance(a, LayMeld)]
    if not offs and not lays:
        return None
    hand = view.hand
    base = _left(hand, round_)
    best_off: Action | None = None
    best_score = base
    for action in offs:
        assert isinstance(action, LayOff)
        score = _left(hand.without(action.card), round_)
        if score < best_score:
            best_off, best_score = action, score
    if best_off is not None:
        return best_off
    if not lays or len(hand) < 2:
        return None
    discard = best_discard(hand, round_)
    melds = discard.melding.melds
    if not melds:
        return None
    table = [table_meld.meld for table_meld in view.table] + list(melds)
    try:
        planned = layoff(Hand(discard.melding.deadwood), table, round_).score
    except ThreeThirteenError:  # a table too large to search: keep the melds
        return None
    if planned >= base:
        return None
    for meld in melds:
        for lay in lays:
            assert isinstance(lay, LayMeld)
            if _sub_multiset(lay.meld.cards, meld.cards):
                return lay
    return None


def _draw_greedy(view: PlayerView, legal_actions: Sequence[Action], round_: Round) -> Action:
    """Greedy's draw, from the view."""
    return greedy_draw(view.hand, view.piles, legal_actions, round_)


class RandomBot(BuiltinBot):
    """Uniform over the legal actions, except that it goes out when it can (and it
    never declares a false out: it draws its random action again instead).

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> tt.RandomBot(seed=3).act(game.view(game.to_move), game.legal_actions())
    Action.parse('draw stock')
    """

    name = "random"

    def __init__(self, seed: int | None = None, *, name: str | None = None) -> None:
        super().__init__(seed, name=name)
        self._random = random.Random(self.seed)

    def act(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        if view.phase == "play":
            going = _true_out(view.hand, view.prepared_round, legal_actions)
            if going is not None:
                return going
            honest = [a for a in legal_actions if not (isinstance(a, DiscardCard) and a.go_out)]
            if honest:
                return honest[self._random.randrange(len(honest))]
        return legal_actions[self._random.randrange(len(legal_actions))]


class GreedyBot(BuiltinBot):
    """The "simple player" of gin rummy research: it takes a pile's top card when that
    lowers the best score it can leave after its discard (below the hand's score
    before the draw; under ``separate-discards`` the pile that lowers it most),
    discards by :func:`threethirteen.best_discard` (the lowest deadwood left, a card
    that is not wild on a tie, so never a joker it could keep), and goes out at once
    (never with a false out).

    Table play (family rules, ``redemption``): it lays a card off when that lowers
    its score, and lays melds only when laying its best melding's melds lets it lay
    off enough to lower its score.

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> tt.GreedyBot().act(game.view(game.to_move), game.legal_actions())
    Action.parse('draw discard')
    """

    name = "greedy"

    def act(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        round_ = view.prepared_round
        if view.phase == "draw":
            return _draw_greedy(view, legal_actions, round_)
        first = _before_discarding(view, legal_actions, round_)
        if first is not None:
            return first
        return plain_discard(legal_actions, best_discard(view.hand, round_).card)


# -- HeuristicBot --------------------------------------------------------------------


def _melds_in(card: Card, hand: Hand, round_: Round) -> bool:
    """Whether ``card`` melds with ``hand``: the hand with it scores less than the hand
    alone plus the card's penalty."""
    return deadwood_score(hand + card, round_) < deadwood_score(hand, round_) + round_.penalty(card)


class HeuristicBot(BuiltinBot):
    """The rules of thumb a careful beginner plays by: a baseline that deserves the
    name.

    * The draw: it takes a pile's top card only when the card is wild, or when it
      melds (the hand with it has a lower minimum deadwood than the hand alone plus
      the card's penalty) and lowers the deadwood (the hand's score after its best
      discard is below its score now: a card that melds but leaves the score as it
      is, as a third ace that only swaps for another, stays on the pile, so two
      players never pass a card to and fro for ever). Under ``separate-discards``:
      a wild card first, then the card that lowers the score most, then the first
      pile. Otherwise the stock.
    * It goes out as soon as it can (never with a false out), and plays the table as
      :class:`GreedyBot` does.
    * The discard: the card that leaves the lowest deadwood, never a wild card while
      it holds a card that is not wild; on a tie, not the card it has just taken
      from a pile, then the higher-valued card (its penalty), then the card first in
      card order.

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> tt.HeuristicBot().act(game.view(game.to_move), game.legal_actions())
    Action.parse('draw discard')
    """

    name = "heuristic"

    def __init__(self, seed: int | None = None, *, name: str | None = None) -> None:
        super().__init__(seed, name=name)
        self._taken: tuple[int, int, Card] | None = None

    def act(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        round_ = view.prepared_round
        if view.phase == "draw":
            action = self.draw(view, legal_actions, round_)
            if isinstance(action, DrawDiscard):
                self._taken = (view.round, view.turns, view.piles[action.pile or 0][-1])
            return action
        first = _before_discarding(view, legal_actions, round_)
        if first is not None:
            return first
        return plain_discard(legal_actions, self.discard(view, round_))

    def draw(self, view: PlayerView, legal_actions: Sequence[Action], round_: Round) -> Action:
        """The draw: a pile's top card that is wild, or that melds and lowers the
        score; else the stock."""
        hand = view.hand
        now = deadwood_score(hand, round_)
        best: Action | None = None
        best_key: tuple[int, int] | None = None
        stock: Action | None = None
        for action in legal_actions:
            if isinstance(action, DrawStock):
                stock = action
            if not isinstance(action, DrawDiscard):
                continue
            top = view.piles[action.pile or 0][-1]
            wild = round_.is_wild(top)
            lowered = now - best_discard(hand + top, round_).score
            if not wild and (lowered <= 0 or not _melds_in(top, hand, round_)):
                continue
            key = (-int(wild), -lowered)
            if best_key is None or key < best_key:
                best, best_key = action, key
        if best is not None:
            return best
        return stock if stock is not None else legal_actions[0]

    def discard(self, view: PlayerView, round_: Round) -> Card:
        """The discard: the lowest deadwood left, never a wild card while a card that is
        not wild is held; ties away from the card just taken, then toward the higher
        value."""
        ranking = discards(view.hand, round_)
        natural = any(not round_.is_wild(card) for card in ranking.cards)
        taken = self._taken
        keep = taken[2] if taken is not None and taken[:2] == (view.round, view.turns) else None
        best_card = ranking.cards[0]
        best_key: tuple[int, int, int, int] | None = None
        for card, score in zip(ranking.cards, ranking.scores, strict=True):
            if natural and round_.is_wild(card):
                continue
            key = (score, int(card == keep), -round_.penalty(card), card.code)
            if best_key is None or key < best_key:
                best_card, best_key = card, key
        return best_card


# -- AdvisorBot ---------------------------------------------------------------------


def stock_unseen(view: PlayerView) -> Hand:
    """The cards the stock's next card may be, as far as ``view`` tells: the cards the
    player cannot see (:meth:`PlayerView.unseen`), and after a reshuffle only those
    of them that were reshuffled (the stock holds nothing else).

    >>> import threethirteen as tt
    >>> view = tt.Game("pagat", players=2, seed=7).view(0)
    >>> len(stock_unseen(view)), len(view.unseen())
    (48, 48)
    """
    unseen = view.unseen()
    if view.reshuffled is None:
        return unseen
    counts = unseen.counts()
    shuffled = view.reshuffled.counts()
    both = [min(a, b) for a, b in zip(counts, shuffled, strict=True)]
    if not any(both):
        return unseen
    return Hand.from_codes(code for code, count in enumerate(both) for _ in range(count))


def _feeds(card: Card, known: Hand, round_: Round) -> int:
    """How much discarding ``card`` helps a player known to hold ``known``: 2 when it
    melds with those cards, 1 when it is near one of them (a wild card, the same
    rank, or the same suit within two ranks), else 0."""
    if not len(known):
        return 0
    with_card = known + card
    if deadwood_score(with_card, round_) < deadwood_score(known, round_) + round_.penalty(card):
        return 2
    if round_.is_wild(card):
        return 1
    rank = card.rank
    if rank is None:  # a joker: wild
        return 1
    for held in known:
        if held.rank is None:
            continue
        if held.rank == rank or (held.suit == card.suit and abs(held.rank - rank) <= 2):
            return 1
    return 0


class AdvisorBot(BuiltinBot):
    """Exact one-step expectation, from the view alone.

    The draw: for each pile's top card, :func:`threethirteen.draw_advice` against the
    stock, the stock's next card drawn from the cards the view leaves unseen (the
    pool less its own hand, every discard pile, the table and the cards the other
    players are known to hold; after a reshuffle only the reshuffled ones): it takes
    the option with the lowest expected score after the best discard, then the
    higher chance of going out, then the stock.

    The discard: :func:`threethirteen.discards`; of the discards that leave a score
    within ``margin`` points of the best, the one that feeds the next player least
    (every other player under ``separate-discards``): a card that would meld with
    the cards they are known to hold (taken from the piles) is avoided first, then a
    card near them (same rank, same suit within two, a wild card); then the lower
    score. It goes out at once (never with a false out) and plays the table as
    :class:`GreedyBot` does.

    ``margin`` (default 3) is a finite number of points from 0 (an int or a float;
    0: always the best discard by the score left).

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> tt.AdvisorBot().act(game.view(game.to_move), game.legal_actions())
    Action.parse('draw discard')
    """

    name = "advisor"

    def __init__(
        self, seed: int | None = None, *, margin: float = 3, name: str | None = None
    ) -> None:
        seed = check_bot_seed(seed)  # the seed's error first, the name's last
        points = finite_option(margin)
        if points is None:
            raise InvalidBotError(
                f"margin is a finite number of points from 0, not {quote(margin)}"
            )
        super().__init__(seed, name=name)
        self.margin = points
        self._taken: tuple[int, int, Card] | None = None

    def act(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        round_ = view.prepared_round
        if view.phase == "draw":
            action = self.draw(view, legal_actions, round_)
            self.note_draw(view, action)
            return action
        first = _before_discarding(view, legal_actions, round_)
        if first is not None:
            return first
        return plain_discard(legal_actions, self.discard(view, round_))

    def draw(self, view: PlayerView, legal_actions: Sequence[Action], round_: Round) -> Action:
        """The draw: the best pile top against the stock by exact expectation."""
        stock: Action | None = None
        piles: list[DrawDiscard] = []
        for action in legal_actions:
            if isinstance(action, DrawStock):
                stock = action
            elif isinstance(action, DrawDiscard):
                piles.append(action)
        if not piles:
            return legal_actions[0]
        unseen = stock_unseen(view)
        if stock is None or not len(unseen):
            return _draw_greedy(view, legal_actions, round_)
        best: Action = stock
        best_key: tuple[Fraction, Fraction] | None = None
        for action in piles:
            top = view.piles[action.pile or 0][-1]
            advice = draw_advice(view.hand, round_, discard_top=top, unseen=unseen)
            if best_key is None:
                best_key = (advice.stock.expected_score, -advice.stock.out_probability)
            key = (advice.discard.expected_score, -advice.discard.out_probability)
            if key < best_key:
                best, best_key = action, key
        return best

    def note_draw(self, view: PlayerView, action: Action) -> None:
        """Remember the card this bot takes from a pile, so as not to throw it back on
        the same turn (two bots that pass a card to and fro never end a round)."""
        if isinstance(action, DrawDiscard):
            self._taken = (view.round, view.turns, view.piles[action.pile or 0][-1])

    def taken_card(self, view: PlayerView) -> Card | None:
        """The card this bot took from a pile on this turn, if it did."""
        taken = self._taken
        if taken is not None and taken[:2] == (view.round, view.turns):
            return taken[2]
        return None

    def discard(self, view: PlayerView, round_: Round) -> Card:
        """The card to discard: near the best, the one that feeds the others least;
        never the card just taken from a pile while another is near the best."""
        ranking = discards(view.hand, round_)
        low = ranking.scores[0]
        others = _receivers(view)
        keep = self.taken_card(view)
        best_card = ranking.cards[0]
        best_key: tuple[int, int, int] | None = None
        for index, (card, score) in enumerate(zip(ranking.cards, ranking.scores, strict=True)):
            if score > low + self.margin:
                break
            if card == keep:
                continue
            fed = max((_feeds(card, view.known[other], round_) for other in others), default=0)
            key = (fed, score, index)
            if best_key is None or key < best_key:
                best_card, best_key = card, key
        return best_card

    def _repr_options(self) -> list[tuple[str, object]]:
        return [("margin", self.margin)] if self.margin != 3 else []


def _receivers(view: PlayerView) -> list[int]:
    """The players who may take this player's discard: the next player still to play
    (every other player still to play under ``separate-discards``)."""
    players = view.players
    order = [(view.player + step) % players for step in range(1, players)]
    waiting = [other for other in order if not view.went_out[other]]
    if view.rules.separate_discards:
        return waiting
    return waiting[:1]


# -- LookaheadBot -------------------------------------------------------------------


def danger_by_pace(view: PlayerView) -> list[float]:
    """Each player's chance of going out on their next turn, by a rule of thumb from
    the public record alone: ``0.4 * t / (t + n) + 0.15 * p`` held to at most 0.9,
    where ``t`` is the turns the player has had this round, ``n`` the cards dealt
    and ``p`` the cards the player has taken from a pile this round (each one
    helped them); 0 for the viewer and for a player who has gone out.

    It ranks positions, but is not calibrated: combined over the opponents as
    :class:`LookaheadBot` combines it (the chance that one goes out before the
    viewer's next turn), it predicted 0.38 on average where 0.22 happened in games
    of lookahead bots at four players, and 0.21 where 0.10 happened at two
    (``benchmarks/four_player_limits.py pace``).

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> game.to_move
    1
    >>> game.apply("draw discard")  # player 1 takes the 8c: one turn of 3, one card taken
    >>> game.apply("discard 2d")
    >>> danger_by_pace(game.view(game.to_move))  # 0.4 * 1/4 + 0.15
    [0.0, 0.25]
    """
    dealt = max(view.cards_dealt, 1)
    turns = [0] * view.players
    taken = [0] * view.players
    for who, action in view.history:
        if who < 0:
            continue
        if isinstance(action, (DrawStock, DrawDiscard)):
            turns[who] += 1
            if isinstance(action, DrawDiscard):
                taken[who] += 1
    found = []
    for other in range(view.players):
        if other == view.player or view.went_out[other]:
            found.append(0.0)
            continue
        pace = turns[other] / (turns[other] + dealt)
        found.append(min(0.9, 0.4 * pace + 0.15 * taken[other]))
    return found


def out_before_next_turn(view: PlayerView) -> float:
    """The chance that some other player goes out before this player's next turn, by
    :func:`danger_by_pace`, the players taken as independent: ``1 - prod(1 - d)``
    over their chances ``d`` (0 once a player has gone out: then no turn follows).
    It is the ``q`` that :class:`LookaheadBot` and :class:`~threethirteen.ExpertBot`
    weigh the score left by.

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> game.apply("draw discard")
    >>> game.apply("discard 2d")
    >>> game.apply("draw stock")
    >>> out_before_next_turn(game.view(game.to_move))  # player 1 at 0.25 by danger_by_pace
    0.25
    """
    if view.first_out is not None:
        return 0.0
    stays = 1.0
    for chance in danger_by_pace(view):
        stays *= 1.0 - chance
    return 1.0 - stays


LOOKAHEAD_DRAWS = ("advisor", "value")
"""The draws of :class:`LookaheadBot`: the advisor's, or by the bot's own values."""

_DRAW_DISCARDS = 3
"""How many discards (the best by the score left) the value draw weighs a hand by."""


class _Weighing(NamedTuple):
    """What :class:`LookaheadBot` weighs a discard with besides the hand."""

    round: Round
    counts: list[int] | None  # the unseen cards the stock's next card comes from
    q: float  # the chance another player goes out before this player's next turn
    bonus: float  # the points going out is worth
    known: list[Hand]  # the cards the receivers of a discard are known to hold


class LookaheadBot(BuiltinBot):
    """One turn further than the advisor: it discards for its next draw.

    The draw is :class:`AdvisorBot`'s. The discard: of the discards that leave a
    score within ``margin`` points of the best (never the card just taken from a
    pile, never a wild card while it holds a card that is not wild), the one with
    the lowest value ::

        q * score left + (1 - q) * (next score - out_points * n * out chance) + feed * fed

    where ``next score`` and ``out chance`` are the exact expected score of the
    cards left after the stock's next card and the best discard, and the chance
    that that card puts them out (:func:`threethirteen.stock_outlook`, the stock
    drawn from the cards the view leaves unseen); ``n`` the cards dealt; ``q`` the
    chance that another player goes out before this player's next turn (by
    :func:`~threethirteen.bots.builtin.danger_by_pace`); and ``fed`` 2 for a card
    that melds with cards the next player is known to hold, 1 for a card near
    them, else 0 (as :class:`AdvisorBot` counts it). Going out scores the others' deadwood, so a
    hand close to out is worth more than its expected score says: ``out_points``
    (9) a card dealt, fitted by matches against the advisor. Keeping the cards that
    many unseen cards improve, not merely the lowest, and the cards that go out, is
    worth about 7 points a game over the advisor at two players (see
    :doc:`strength`). On its last turn (another player has gone out) it throws the
    best discard by the score left. It goes out at once (never with a false out)
    and plays the table as :class:`GreedyBot` does.

    ``margin`` (default 12), ``feed`` (default 2) and ``out_points`` (default 9) are
    finite numbers of points from 0.

    ``draw="value"`` judges the draw by the same values (``draw="advisor"``, the
    default, is :class:`AdvisorBot`'s, cheaper by about 50 times): where a pile's top
    card is near a card of the hand (``fed`` above 0, as if the hand were the next
    player's), taking it is worth the lowest value of the best three discards after
    it (never the card itself), and the stock the expected lowest value of the best
    three discards after each unseen card, weighted by its copies (the next card
    then drawn from the others); a hand that goes out is worth ``-out_points * n``.
    It takes the lowest. So it takes a card that makes a pair or a partial run
    when that leaves more ways to go out than the stock would on average, which the
    advisor's score after the draw does not see. Otherwise, and on its last turn,
    the draw is the advisor's.

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> tt.LookaheadBot().act(game.view(game.to_move), game.legal_actions())
    Action.parse('draw discard')
    >>> tt.LookaheadBot(draw="value")
    LookaheadBot(seed=None, draw='value')
    """

    name = "lookahead"

    def __init__(
        self,
        seed: int | None = None,
        *,
        margin: float = 12,
        feed: float = 2,
        out_points: float = 9,
        draw: str = "advisor",
        name: str | None = None,
    ) -> None:
        seed = check_bot_seed(seed)  # the seed's error first, the name's last
        points = finite_option(margin)
        if points is None:
            raise InvalidBotError(
                f"margin is a finite number of points from 0, not {quote(margin)}"
            )
        fed = finite_option(feed)
        if fed is None:
            raise InvalidBotError(f"feed is a finite number of points from 0, not {quote(feed)}")
        bonus = finite_option(out_points)
        if bonus is None:
            raise InvalidBotError(
                f"out_points is a finite number of points from 0, not {quote(out_points)}"
            )
        if not (isinstance(draw, str) and draw in LOOKAHEAD_DRAWS):
            raise InvalidBotError(f"draw is 'advisor' or 'value', not {quote(draw)}")
        super().__init__(seed, name=name)
        self.margin = points
        self.feed = fed
        self.out_points = bonus
        self.draw_by = draw
        self._advisor = AdvisorBot(self.seed)

    def act(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        round_ = view.prepared_round
        if view.phase == "draw":
            action = self.draw(view, legal_actions, round_)
            self.note_draw(view, action)
            return action
        first = _before_discarding(view, legal_actions, round_)
        if first is not None:
            return first  # going out, or a table play
        return plain_discard(legal_actions, self.discard(view, round_))

    def draw(
        self,
        view: PlayerView,
        legal_actions: Sequence[Action],
        round_: Round,
        *,
        deadline: float | None = None,
    ) -> Action:
        """The draw: :meth:`AdvisorBot.draw`; with ``draw="value"``, the lowest of
        :meth:`draw_values` when there are any (the stock on a tie). ``deadline`` is
        :meth:`draw_values`'."""
        if self.draw_by == "value":
            found = self.draw_values(view, legal_actions, round_, deadline=deadline)
            if found:
                return min(found, key=lambda pair: pair[1])[0]
        return self._advisor.draw(view, legal_actions, round_)

    def draw_values(
        self,
        view: PlayerView,
        legal_actions: Sequence[Action],
        round_: Round,
        *,
        deadline: float | None = None,
    ) -> list[tuple[Action, float]]:
        """The draws the value draw weighs, each with its value (lower is better):
        the stock first, then each pile whose top card is near a card of the hand;
        empty when there is no such pile, no stock, nothing unseen, or on the last
        turn (see the class).

        ``deadline``, a ``time.perf_counter()`` reading, bounds the work: when it
        passes before the stock's value is worked out (each unseen card's hand is
        weighed in turn, tens of milliseconds in all in a big round), the answer is
        empty, and :meth:`draw` draws as the advisor does. Without it the answer
        depends on the view alone.

        >>> import threethirteen as tt
        >>> game = tt.Game("pagat", players=2, seed=9)
        >>> view, legal = game.view(game.to_move), game.legal_actions()
        >>> view.hand, view.piles  # threes wild
        (Hand.parse('Ac 9h Qs'), ((Card.parse('9d'),),))
        >>> bot = tt.LookaheadBot(draw="value")
        >>> [(str(a), round(v, 2)) for a, v in bot.draw_values(view, legal, view.prepared_round)]
        [('draw stock', 11.18), ('draw discard', 10.92)]
        >>> tt.AdvisorBot().act(view, legal), bot.act(view, legal)
        (Action.parse('draw stock'), Action.parse('draw discard'))

        The 9d makes a pair with the 9h: thrown the Qs, Ac 9h 9d goes out with 6 of
        the 48 unseen cards (the other two nines, the four threes), and is worth
        ``14.29 - 27 * 6 / 48 = 10.92``; the stock's next card leaves 11.18 on
        average. The advisor counts only the score after the draw (the stock's is
        lower) and draws from the stock.
        """
        if view.first_out is not None:
            return []  # the last turn: the advisor's draw is exact
        stock = [action for action in legal_actions if isinstance(action, DrawStock)]
        piles = [
            action
            for action in legal_actions
            if isinstance(action, DrawDiscard)
            and _feeds(view.piles[action.pile or 0][-1], view.hand, round_) > 0
        ]
        unseen = stock_unseen(view)
        if not stock or not piles or not len(unseen):
            return []
        context = self._context(view, round_, unseen.counts())
        value = self._stock_value(view.hand, context, deadline)
        if value is None:
            return []  # out of time
        found: list[tuple[Action, float]] = [(stock[0], value)]
        for action in piles:
            top = view.piles[action.pile or 0][-1]
            found.append((action, self._hand_value(view.hand + top, context, keep=top)))
        return found

    def _context(self, view: PlayerView, round_: Round, counts: list[int] | None) -> _Weighing:
        """What weighs a discard besides the hand: the stock, the danger, the bonus
        for going out and the cards the receivers are known to hold."""
        return _Weighing(
            round_,
            counts,
            out_before_next_turn(view),
            self.out_points * view.cards_dealt,
            [view.known[other] for other in _receivers(view)],
        )

    def _weighed(
        self, hand: Hand, context: _Weighing, keep: Card | None, margin: float, limit: int
    ) -> list[tuple[Card, float, int]]:
        """The discards of ``hand`` within ``margin`` points of the best score left
        (never ``keep``, never a wild card while it holds a natural one), the first
        ``limit`` of them, each with its value and the score it leaves."""
        round_, counts, q, bonus, known = context
        ranking = discards(hand, round_)
        low = ranking.scores[0]
        natural = any(not round_.is_wild(card) for card in ranking.cards)
        found: list[tuple[Card, float, int]] = []
        for card, score in zip(ranking.cards, ranking.scores, strict=True):
            if score > low + margin or len(found) >= limit:
                break
            if card == keep or (natural and round_.is_wild(card)):
                continue
            later = float(score)
            if counts is not None:
                outlook = stock_outlook(hand.without(card), round_, unseen=counts)
                later = float(outlook.expected_score) - bonus * float(outlook.out_probability)
            fed = max((_feeds(card, held, round_) for held in known), default=0)
            found.append((card, q * score + (1.0 - q) * later + self.feed * fed, score))
        return found

    def _hand_value(self, hand: Hand, context: _Weighing, keep: Card | None) -> float:
        """The value of a hand one card over: the lowest value of its
        :data:`_DRAW_DISCARDS` best discards by the score left (however far from the
        best), or minus the bonus for going out when one puts it out."""
        found = self._weighed(hand, context, keep, math.inf, _DRAW_DISCARDS)
        if not found:  # every card is wild but the one it must keep
            return math.inf
        if any(score == 0 for _, _, score in found):
            return -context.bonus
        return min(value for _, value, _ in found)

    def _stock_value(self, hand: Hand, context: _Weighing, deadline: float | None) -> float | None:
        """The expected :meth:`_hand_value` after the stock's next card, over the
        unseen cards (the next stock card then drawn from those left; when the card
        drawn was the last unseen one, each discard is weighed by the score it leaves,
        as :meth:`values` weighs it with nothing unseen); ``None`` when ``deadline``
        passes first."""
        counts = context.counts
        assert counts is not None
        total = sum(counts)
        weighted = 0.0
        for code, copies in enumerate(counts):
            if not copies:
                continue
            if deadline is not None and time.perf_counter() > deadline:
                return None
            left: list[int] | None = None
            if total > 1:
                left = list(counts)
                left[code] -= 1
            weighted += copies * self._hand_value(
                hand + Card(code), context._replace(counts=left), None
            )
        return weighted / total

    def taken_card(self, view: PlayerView) -> Card | None:
        """The card this bot took from a pile on this turn, if it did."""
        return self._advisor.taken_card(view)

    def note_draw(self, view: PlayerView, action: Action) -> None:
        """Remember the card taken from a pile (see :meth:`AdvisorBot.note_draw`), for
        a caller that draws for this bot."""
        self._advisor.note_draw(view, action)

    def values(self, view: PlayerView, round_: Round) -> list[tuple[Card, float]]:
        """Each discard this bot weighs with its value (lower is better), best score
        left first; empty on the bot's last turn (another player has gone out).

        >>> import threethirteen as tt
        >>> game = tt.Game("pagat", players=2, seed=20)
        >>> game.apply("draw stock")
        >>> view = game.view(game.to_move)
        >>> view.hand  # round 1: threes are wild
        Hand.parse('Jc 9h 6s Js')
        >>> bot = tt.LookaheadBot()
        >>> [(str(card), round(value, 2)) for card, value in bot.values(view, view.prepared_round)]
        [('Js', 21.34), ('Jc', 21.34), ('9h', 16.17), ('6s', 18.79)]
        >>> round_ = view.prepared_round
        >>> bot.discard(view, round_), tt.AdvisorBot().discard(view, round_)
        (Card.parse('9h'), Card.parse('Js'))
        """
        if view.first_out is not None:
            return []
        unseen = stock_unseen(view)
        context = self._context(view, round_, unseen.counts() if len(unseen) else None)
        weighed = self._weighed(
            view.hand, context, self.taken_card(view), self.margin, len(view.hand)
        )
        return [(card, value) for card, value, _ in weighed]

    def discard(self, view: PlayerView, round_: Round) -> Card:
        """The card to discard: the lowest value of :meth:`values` (the first on a
        tie); the best discard by the score left when there is nothing to weigh."""
        found = self.values(view, round_)
        if not found:
            return discards(view.hand, round_).cards[0]
        return min(found, key=lambda pair: pair[1])[0]

    def _repr_options(self) -> list[tuple[str, object]]:
        return [
            (option, value)
            for option, value, default in (
                ("margin", self.margin, 12),
                ("feed", self.feed, 2),
                ("out_points", self.out_points, 9),
                ("draw", self.draw_by, "advisor"),
            )
            if value != default
        ]


# -- SearchBot ----------------------------------------------------------------------


def _chosen(values: list[list[float]], confidence: float) -> int:
    """The candidate to play: the first (the default), unless another's mean is lower
    by more than :func:`~threethirteen.statistics.student_errors` standard errors of
    the paired differences (each deal plays every candidate); of those, the lowest
    mean."""
    base = values[0]
    count = len(base)
    threshold = student_errors(confidence, count)
    if threshold == math.inf:  # one deal, or a guard beyond any lead
        return 0
    best, best_mean = 0, 0.0
    for index in range(1, len(values)):
        differences = [a - b for a, b in zip(values[index], base, strict=True)]
        mean = sum(differences) / count
        if count > 1:
            spread = sum((d - mean) ** 2 for d in differences) / (count - 1)
            error = (spread / count) ** 0.5
        else:
            error = 0.0
        if mean < -threshold * error and mean < best_mean:
            best, best_mean = index, mean
    return best


class SearchBot(BuiltinBot):
    """Determinized Monte Carlo search.

    Each move, it draws ``playouts`` deals of the cards it cannot see with
    :meth:`PlayerView.sample` (so each deal could have led to what it saw), and on
    each deal plays every candidate action forward to the round's end with a fast
    greedy policy for every player (draw a pile's top when it lowers the score,
    discard the best card, go out at once; no table play); a candidate's value is
    the mean over the deals of the bot's round score less the mean of the other
    players' round scores, exact deadwood (in two-player games, the round's margin).
    Every candidate is played on the same deals (common random numbers).

    The candidates: in the draw, the stock and each pile's top; in the play,
    :class:`AdvisorBot`'s discard and the ``top`` best discards by
    :func:`threethirteen.discards`. The advisor's choice is played unless another
    candidate's mean is lower by more than ``confidence`` standard errors of the
    paired differences, as Student's t counts them for the deals played (then the
    lowest such mean): a few playouts are noisy, and without this guard the search
    trades the advisor's good choices for noise (with 4 playouts it lost 0.9 points
    a game to the advisor, 95 % interval 0.3 to 1.5, before the guard used Student's
    t; one playout never overrules the advisor). It
    goes out at once when it can (never with a false out), plays the table as
    :class:`GreedyBot` does, and does not search a move with one candidate.

    ``playouts`` (default 16) makes a move deterministic given the seed: the bot
    draws its deals from ``numpy.random.default_rng(seed)``, one stream for the
    whole game. ``time_ms`` instead plays deals until that many milliseconds have
    passed (at least one): stronger on a fast machine, but not deterministic.
    ``playouts`` and ``top`` are ints from 1; ``time_ms`` (or ``None``) a finite
    number above 0; ``confidence`` (default 2) a finite number from 0 (0: the lowest
    mean, however noisy).

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> tt.SearchBot(seed=1).act(game.view(game.to_move), game.legal_actions())
    Action.parse('draw discard')
    """

    name = "search"

    def __init__(
        self,
        seed: int | None = None,
        *,
        playouts: int = 16,
        time_ms: float | None = None,
        top: int = 3,
        confidence: float = 2.0,
        name: str | None = None,
    ) -> None:
        playouts = check_int("playouts", playouts, 1, error=InvalidBotError)
        budget = None if time_ms is None else finite_option(time_ms, above_zero=True)
        if time_ms is not None and budget is None:
            raise InvalidBotError(f"time_ms is a finite number of ms above 0, not {quote(time_ms)}")
        top = check_int("top", top, 1, error=InvalidBotError)
        errors = finite_option(confidence)
        if errors is None:
            raise InvalidBotError(
                f"confidence is a finite number of standard errors from 0, not {quote(confidence)}"
            )
        super().__init__(seed, name=name)
        self.playouts = playouts
        self.time_ms = budget
        self.top = top
        self.confidence = errors
        self._rng = np.random.default_rng(self.seed)
        self._advisor = AdvisorBot(self.seed)

    def act(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        candidates = self.candidates(view, legal_actions)
        if len(candidates) == 1:
            self._advisor.note_draw(view, candidates[0])
            return candidates[0]
        values: list[list[float]] = [[] for _ in candidates]
        player = view.player
        deadline = None if self.time_ms is None else time.perf_counter() + self.time_ms / 1000
        while True:
            sample = view.sample(self._rng)
            for index, action in enumerate(candidates):
                game = sample.clone()
                game.apply(action)
                values[index].append(playout(game, player))
            if deadline is None:
                if len(values[0]) >= self.playouts:
                    break
            elif time.perf_counter() >= deadline:
                break
        chosen = candidates[_chosen(values, self.confidence)]
        self._advisor.note_draw(view, chosen)
        return chosen

    def candidates(self, view: PlayerView, legal_actions: Sequence[Action]) -> list[Action]:
        """The actions searched, :class:`AdvisorBot`'s choice first; one action when
        there is nothing to search (going out, a table play, a single legal action)."""
        round_ = view.prepared_round
        if view.phase == "draw":
            first = self._advisor.draw(view, legal_actions, round_)
            draws = [a for a in legal_actions if isinstance(a, (DrawStock, DrawDiscard))]
            return [first, *[a for a in draws if a != first]]
        forced = _before_discarding(view, legal_actions, round_)
        if forced is not None:
            return [forced]
        hand = view.hand
        found: list[Action] = [plain_discard(legal_actions, self._advisor.discard(view, round_))]
        taken = self._advisor.taken_card(view)
        for card in discards(hand, round_).cards[: self.top]:
            if card == taken:
                continue
            action = plain_discard(legal_actions, card)
            if action not in found:
                found.append(action)
        return found

    def _repr_options(self) -> list[tuple[str, object]]:
        return [
            (option, value)
            for option, value, default in (
                ("playouts", self.playouts, 16),
                ("time_ms", self.time_ms, None),
                ("top", self.top, 3),
                ("confidence", self.confidence, 2.0),
            )
            if value != default
        ]
