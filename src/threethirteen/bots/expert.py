"""ExpertBot: determinized search over draws and discards together, with a sense
of danger, of flexibility and of the score sheet.

See :doc:`expert` for how it thinks, with a worked position.

>>> import threethirteen as tt
>>> game = tt.Game("pagat", players=2, seed=7)
>>> tt.ExpertBot(seed=1, playouts=4).act(game.view(game.to_move), game.legal_actions())
Action.parse('draw discard')
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .._lazy import LazyModule
from .._validate import check_int, quote
from ..engine.actions import Action, DiscardCard, DrawDiscard, DrawStock
from ..engine.game import Game, PlayerView
from ..errors import InvalidBotError
from ..hands.analysis import best_discard, can_go_out, deadwood_score, discards
from ..hands.cards import Card
from ..hands.hand import Hand
from ..hands.rounds import Round
from ..statistics import student_errors
from .base import BuiltinBot, finite_option
from .builtin import AdvisorBot, LookaheadBot, out_before_next_turn
from .playouts import plain_discard, playout

if TYPE_CHECKING:
    import numpy as np
else:  # numpy is imported when first used, not with the package
    np = LazyModule("numpy")

__all__ = ["DEFAULT_TIME_MS", "Candidate", "ExpertBot"]

DEFAULT_TIME_MS = 20.0
"""The expert's budget a decision when it is given neither ``playouts`` nor
``time_ms``."""

_FOLLOWUPS = 2
"""How many discards a draw is searched with (its value: the best of them)."""

_FLEX_POINTS = 1.0
"""What a discard costs for each kind of meld (a set, a run) its card could still
serve, in the big rounds' early turns."""

_RISK = 0.5
"""The most standard deviations of a candidate's outcomes added to its value (far
ahead in the last rounds) or taken off it (far behind)."""


@dataclass(frozen=True)
class Candidate:
    """One searched action and what the search found.

    :ivar action: the action.
    :ivar value: its mean value over the deals (the bot's round score less the mean
        of the others', with the danger and flexibility terms; lower is better).
    :ivar spread: the standard deviation of its values over the deals.
    :ivar edge: its mean paired difference from the default candidate (the first),
        with the risk term, and ``error`` that difference's standard error.
    :ivar error: see ``edge``.
    """

    action: Action
    value: float
    spread: float
    edge: float
    error: float


def _number(value: object, above_zero: bool) -> float | None:
    """``value`` as a float when it is a finite real number from 0 (above 0 with
    ``above_zero``), never a bool; else ``None``."""
    number = finite_option(value, above_zero)
    return None if number is None else float(number)


class ExpertBot(BuiltinBot):
    """Determinized search over the draw and the discard together.

    Each decision, it deals the cards it cannot see (:meth:`PlayerView.sample`) and
    on each deal plays every candidate to the round's end with the fast greedy
    playout policy of :func:`threethirteen.bots.playouts.playout` for every seat. In the
    draw, each draw is followed on the same deal by the best two discards after it
    (by the deadwood left), and the draw is worth the better of them on that deal.
    The draws are searched with the lookahead's value draw first at two players
    (:meth:`LookaheadBot.draw_values`), :class:`AdvisorBot`'s at more (where the
    value draw measured no better). In the play, the
    discard is :class:`LookaheadBot`'s; with ``top`` above 0 it is searched against
    the ``top`` best discards by :func:`threethirteen.discards` (never a wild card
    while it holds a natural one, never the card just taken). By default ``top`` is
    0: the greedy playouts misjudge the lookahead's discards (a pair kept for going
    out is thrown on the playout's next turn), and searching them lost 0.7 points a
    game to the lookahead bot at two players, where searching the draws alone
    gains (see :doc:`expert`).

    A leaf's value is the bot's round score less the mean of the others', blended
    with the deadwood it keeps by ``q``, the chance that some opponent goes out
    before its next turn (by :func:`~threethirteen.bots.builtin.danger_by_pace`; so
    with danger it dumps high cards), plus a small cost for
    throwing a card that could still serve a set and a run early in a big round.
    In the last two rounds of the game it adds ``r`` standard deviations of a
    candidate's outcomes to its value, ``r = 0.5 * lead / 50`` held within -0.5 to
    0.5 (``lead``: the best other total less its own): safety when ahead, risk when
    behind.

    The first candidate (the value or the advisor's draw, the lookahead's discard) is played
    unless another candidate's mean is lower by more
    than ``confidence`` standard errors of the paired differences. It goes out at
    once (never a false out), takes a pile's top card that puts it out, plays the
    table as :class:`GreedyBot` does, and searches nothing with one candidate.

    ``playouts`` (the deals a decision, an int from 1) makes it deterministic given
    its seed (one stream, ``numpy.random.default_rng(seed)``, for the whole game);
    ``time_ms`` (a finite number above 0; the default,
    :data:`~threethirteen.bots.expert.DEFAULT_TIME_MS`
    when neither is given) deals while another deal, as long as the mean one so
    far, would end within that many milliseconds of the decision's start (at least
    two deals); the value draw counts in that budget, and when it cannot finish
    within it the advisor's draw comes first (at two players, in the big rounds on
    a slow machine). ``top`` is an int from 0 (0), ``confidence`` a finite number from 0
    (2).

    :raises InvalidBotError: for a bad option, or both ``playouts`` and
        ``time_ms``.

    >>> import threethirteen as tt
    >>> tt.ExpertBot(seed=2, playouts=8)
    ExpertBot(seed=2, playouts=8)
    >>> tt.ExpertBot(playouts=8, time_ms=5)
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidBotError: give playouts or time_ms, not both (8 and 5)
    """

    name = "expert"

    def __init__(
        self,
        seed: int | None = None,
        *,
        playouts: int | None = None,
        time_ms: float | None = None,
        top: int = 0,
        confidence: float = 2.0,
        name: str | None = None,
    ) -> None:
        super().__init__(seed, name=name)
        if playouts is not None:
            playouts = check_int("playouts", playouts, 1, error=InvalidBotError)
        budget = None if time_ms is None else _number(time_ms, above_zero=True)
        if time_ms is not None and budget is None:
            raise InvalidBotError(f"time_ms is a finite number of ms above 0, not {quote(time_ms)}")
        if playouts is not None and time_ms is not None:
            raise InvalidBotError(
                f"give playouts or time_ms, not both ({quote(playouts)} and {quote(time_ms)})"
            )
        top = check_int("top", top, 0, error=InvalidBotError)
        errors = _number(confidence, above_zero=False)
        if errors is None:
            raise InvalidBotError(
                f"confidence is a finite number of standard errors from 0, not {quote(confidence)}"
            )
        self.playouts = playouts
        self.time_ms = budget if budget is not None or playouts is not None else DEFAULT_TIME_MS
        self.top = top
        self.confidence = errors
        self._rng = np.random.default_rng(self.seed)
        self._lookahead = LookaheadBot(self.seed, draw="value")
        self._advisor = AdvisorBot(self.seed)
        self._started = 0.0
        self._deals = 0
        self.last: list[Candidate] = []
        """What the last decision's search found: a
        :class:`~threethirteen.bots.expert.Candidate` for each action of
        :meth:`candidates`, in its order (empty when the decision was plain)."""

    # -- deciding ---------------------------------------------------------------------

    def act(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        self._started = time.perf_counter()  # the budget counts the whole decision
        chosen = self._decide(view, legal_actions)
        self.note_draw(view, chosen)
        return chosen

    def note_draw(self, view: PlayerView, action: Action) -> None:
        """Remember the card taken from a pile (see
        :meth:`~threethirteen.AdvisorBot.note_draw`), so that :meth:`candidates`
        leaves it out of the discards searched on the same turn; for a caller that
        draws for this bot. :meth:`act` notes its own draws.

        >>> import threethirteen as tt
        >>> game = tt.Game("pagat", players=2, seed=0)
        >>> view = game.view(game.to_move)
        >>> view.hand, view.piles  # threes wild
        (Hand.parse('4c Kh 5s'), ((Card.parse('Jh'),),))
        >>> game.apply("draw discard")
        >>> after, legal = game.view(game.to_move), game.legal_actions()
        >>> tt.ExpertBot(top=2).candidates(after, legal)
        [Action.parse('discard Kh'), Action.parse('discard Jh'), Action.parse('discard 5s')]
        >>> bot = tt.ExpertBot(top=2)
        >>> bot.note_draw(view, tt.Action.parse("draw discard"))
        >>> bot.candidates(after, legal)  # never the Jh it has just taken
        [Action.parse('discard Kh'), Action.parse('discard 5s'), Action.parse('discard 4c')]
        """
        self._lookahead.note_draw(view, action)

    def _decide(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        self.last = []
        deadline = None
        if self.playouts is None:  # the value draw may take the whole budget
            assert self.time_ms is not None
            deadline = self._started + self.time_ms / 1000
        candidates = self._candidates(view, legal_actions, deadline)
        if len(candidates) == 1:
            return candidates[0]
        self.last = self._search(view, candidates)
        return self.last[_chosen(self.last, self.confidence, self._deals)].action

    def candidates(self, view: PlayerView, legal_actions: Sequence[Action]) -> list[Action]:
        """The actions searched, the first draw (at two players the lookahead's value
        draw, else :class:`AdvisorBot`'s) or :class:`LookaheadBot`'s discard first;
        one action when
        the choice is plain (a single legal action, going out, a pile's top card that
        puts the hand out, a table play).

        >>> import threethirteen as tt
        >>> game = tt.Game("pagat", players=2, seed=2)
        >>> view = game.view(game.to_move)
        >>> view.hand, view.piles
        (Hand.parse('Kc 8d 3s'), ((Card.parse('4d'),),))
        >>> tt.ExpertBot().candidates(view, game.legal_actions())
        [Action.parse('draw stock'), Action.parse('draw discard')]
        >>> game = tt.Game("pagat", players=2, seed=7)  # the 8c puts 7c 2d 3d out
        >>> tt.ExpertBot().candidates(game.view(game.to_move), game.legal_actions())
        [Action.parse('draw discard')]

        Here the value draw takes all the time it needs; in :meth:`act` under
        ``time_ms`` it has the decision's budget, and past that the advisor's draw
        comes first.
        """
        return self._candidates(view, legal_actions, None)

    def _candidates(
        self, view: PlayerView, legal_actions: Sequence[Action], deadline: float | None
    ) -> list[Action]:
        if len(legal_actions) == 1:
            return [legal_actions[0]]
        round_ = view.prepared_round
        hand = view.hand
        if view.phase == "draw":
            draws = [a for a in legal_actions if isinstance(a, (DrawStock, DrawDiscard))]
            if len(hand) == view.cards_dealt:
                for action in draws:
                    if isinstance(action, DrawDiscard) and can_go_out(
                        hand + view.piles[action.pile or 0][-1], round_
                    ):
                        return [action]
            if view.players == 2:
                first = self._lookahead.draw(view, legal_actions, round_, deadline=deadline)
            else:
                first = self._advisor.draw(view, legal_actions, round_)
            return [first, *[a for a in draws if a != first]]
        first = self._lookahead.act(view, legal_actions)
        if not isinstance(first, DiscardCard) or first.go_out or first.pile is not None:
            return [first]  # going out, a table play, a joker onto another's pile
        found: list[Action] = [first]
        taken = self._lookahead.taken_card(view)
        natural = any(not round_.is_wild(card) for card in hand)
        for card in discards(hand, round_).cards:
            if len(found) > self.top:
                break
            if card == taken or (natural and round_.is_wild(card)):
                continue
            discard = plain_discard(legal_actions, card)
            if discard not in found:
                found.append(discard)
        return found

    # -- searching --------------------------------------------------------------------

    def _search(self, view: PlayerView, candidates: list[Action]) -> list[Candidate]:
        """Every candidate's values over the same deals, summed up."""
        player = view.player
        q = out_before_next_turn(view)
        flex = self._flex_weight(view)
        values: list[list[float]] = [[] for _ in candidates]
        start = self._started
        deadline = None
        if self.playouts is None:
            assert self.time_ms is not None
            deadline = start + self.time_ms / 1000
        while True:
            deal = self._sample(view)
            for index, action in enumerate(candidates):
                values[index].append(self._value(deal, player, action, q, flex))
            count = self._deals = len(values[0])
            if deadline is None:
                if count >= (self.playouts or 1):
                    break
            elif count >= 2:
                now = time.perf_counter()
                if now + (now - start) / count >= deadline:  # the next deal would end late
                    break
        risk = self._risk(view)
        return _summary(candidates, values, risk)

    def _value(self, deal: Game, player: int, action: Action, q: float, flex: float) -> float:
        """One candidate's value on one deal: a discard played out; a draw followed by
        each of its best discards, the best of them."""
        game = deal.clone()
        hand_before = game.hand(player)
        taken = deal.piles[action.pile or 0][-1] if isinstance(action, DrawDiscard) else None
        game.apply(action)
        if isinstance(action, DiscardCard):
            return self._leaf(game, player, hand_before, action.card, q, flex)
        if game.to_move != player or game.phase != "play":  # pragma: no cover - defensive
            return playout(game, player)
        round_ = game.prepared_round
        hand = game.hand(player)
        legal = game.legal_actions()
        found = best_discard(hand, round_)
        going = DiscardCard(found.card, go_out=True)
        if found.goes_out and going in legal:
            game.apply(going)
            return playout(game, player)
        natural = any(not round_.is_wild(card) for card in hand)
        best = math.inf
        tried = 0
        for card in discards(hand, round_).cards:
            if tried >= _FOLLOWUPS:
                break
            if natural and round_.is_wild(card):
                continue
            if card == taken:
                continue  # the card just taken from a pile stays
            tried += 1
            child = game.clone()
            child.apply(plain_discard(legal, card))
            best = min(best, self._leaf(child, player, hand, card, q, flex))
        return best if tried else playout(game, player)

    def _leaf(
        self, game: Game, player: int, hand: Hand, card: Card, q: float, flex: float
    ) -> float:
        """The value after discarding ``card`` from ``hand``: the playout blended with
        the deadwood kept by the danger ``q``, plus the flexibility given up."""
        round_ = game.prepared_round
        kept = deadwood_score(hand.without(card), round_) if q > 0 else 0
        value = (1.0 - q) * playout(game, player) + q * kept
        if flex > 0:
            value += flex * _partners(card, hand, round_)
        return value

    # -- the integration points (swapped for the beliefs model when it lands) ---------

    def _sample(self, view: PlayerView) -> Game:
        """A determinization: a whole game consistent with the view, its hidden cards
        dealt by the beliefs model (:meth:`PlayerView.sample` with ``weighted=True``)."""
        return view.sample(self._rng, weighted=True)

    # -- the game's context -----------------------------------------------------------

    @staticmethod
    def _flex_weight(view: PlayerView) -> float:
        """What keeping flexibility is worth: in rounds of 8 cards or more, falling
        from ``_FLEX_POINTS`` a kind of meld at the round's start to 0 once each
        player has had half as many turns as the cards dealt."""
        if view.cards_dealt < 8:
            return 0.0
        turns = view.turns / max(view.players, 1)
        early = 1.0 - turns / (view.cards_dealt / 2)
        return _FLEX_POINTS * max(early, 0.0)

    @staticmethod
    def _risk(view: PlayerView) -> float:
        """The standard deviations of outcome added to a candidate's value: in the
        last two rounds, ``_RISK`` a 50 points' lead (negative when behind)."""
        left = len(view.rules.rounds) - view.round
        if left > 1 or view.players < 2:
            return 0.0
        mine = view.totals[view.player]
        best_other = min(total for other, total in enumerate(view.totals) if other != view.player)
        lead = best_other - mine
        return _RISK * max(-1.0, min(1.0, lead / 50))

    def _repr_options(self) -> list[tuple[str, object]]:
        options: list[tuple[str, object]] = []
        if self.playouts is not None:
            options.append(("playouts", self.playouts))
        elif self.time_ms != DEFAULT_TIME_MS:
            options.append(("time_ms", self.time_ms))
        if self.top != 0:
            options.append(("top", self.top))
        if self.confidence != 2.0:
            options.append(("confidence", self.confidence))
        return options


def _chosen(found: list[Candidate], confidence: float, deals: int) -> int:
    """The candidate to play: the first (the default), unless another's edge is below
    ``-confidence`` standard errors as Student's t counts them over ``deals``
    (:func:`~threethirteen.statistics.student_errors`); of those, the lowest edge."""
    threshold = student_errors(confidence, deals)
    if threshold == math.inf:  # one deal, or a guard beyond any lead
        return 0
    best, best_edge = 0, 0.0
    for index, candidate in enumerate(found[1:], start=1):
        if candidate.edge < -threshold * candidate.error and candidate.edge < best_edge:
            best, best_edge = index, candidate.edge
    return best


def _partners(card: Card, hand: Hand, round_: Round) -> int:
    """How many kinds of meld (a set, a run) ``card`` could still serve with the rest
    of ``hand``: 2 for a wild card; else one for another card of its rank, one for a
    card of its suit within two ranks (wild cards of the hand count for both)."""
    if round_.is_wild(card) or card.rank is None:
        return 2
    same_rank = near = False
    rest = hand.without(card)
    for other in rest:
        if round_.is_wild(other) or other.rank is None:
            return 2
        if other.rank == card.rank:
            same_rank = True
        elif other.suit == card.suit and abs(other.rank - card.rank) <= 2:
            near = True
    return int(same_rank) + int(near)


def _summary(candidates: list[Action], values: list[list[float]], risk: float) -> list[Candidate]:
    """Each candidate's mean, spread, and paired edge over the first, with ``risk``
    standard deviations added."""
    count = len(values[0])
    spreads = [_spread(row) for row in values]
    found = []
    for index, action in enumerate(candidates):
        row = values[index]
        differences = [a - b for a, b in zip(row, values[0], strict=True)]
        edge = sum(differences) / count + risk * (spreads[index] - spreads[0])
        error = _spread(differences) / math.sqrt(count)
        found.append(Candidate(action, sum(row) / count, spreads[index], edge, error))
    return found


def _spread(row: Sequence[float]) -> float:
    if len(row) < 2:
        return 0.0
    mean = sum(row) / len(row)
    return math.sqrt(sum((value - mean) ** 2 for value in row) / (len(row) - 1))
