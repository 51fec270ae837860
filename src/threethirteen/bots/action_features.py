"""State-action features: for a :class:`~threethirteen.PlayerView` and each of its
legal actions, a fixed-length float32 vector (:data:`FEATURES` names its entries)
built from the library's exact analysis, for a Q-network ``Q(s, a)`` that scores
each action on its own (the learned bot, the Deep Monte-Carlo trainer).

Every entry is computed from the view alone (the cards the player cannot see never
change it). Scores are divided by :data:`SCORE_SCALE`, hand sizes by
:data:`HAND_SCALE`. The entries, the state's first (the same for every action):

* ``round``: how far the game is, from 0 (the first round) to 1 (the last);
  ``dealt`` and ``hand``: the cards dealt and the cards in hand;
  ``behind``: the best other total less this player's (positive: ahead);
  ``stock``: the stock's size over 52; ``turns``: the round's turns over 40.
* ``danger``: :func:`~threethirteen.bots.builtin.out_before_next_turn`;
  ``danger_max``: the largest of :func:`~threethirteen.bots.builtin.danger_by_pace`;
  ``last_turn``: 1 once someone has gone out.
* ``opponent_known``: the cards each other player is known to hold (taken from a
  pile), on average; ``opponent_taken``: the cards the other players took from a
  pile this round, over the cards dealt.
* ``score_now``: the hand's score before the action (in the draw phase its
  deadwood; in the play phase the score left by the best discard).

then the action's:

* its kind, one of ``draw_stock``, ``draw_pile``, ``discard``, ``go_out``,
  ``false_out`` (a declared out the hand does not make), ``table`` (a meld laid
  or a card laid off), as 0 or 1;
* ``score_after``: the deadwood left after it (the stock: the exact expected
  score after its next card and the best discard, by
  :func:`~threethirteen.stock_outlook`, the stock's card drawn from
  :func:`~threethirteen.bots.builtin.stock_unseen`; a pile: the best score after
  taking its top card and discarding another; a discard: the score of the cards
  kept; going out: 0); ``out_after``: the chance it goes out (1 or 0, the stock's
  chance); ``gap``: ``score_after`` less the lowest ``score_after`` of the
  actions of its phase's kind (draws, discards), so 0 for the best;
* ``next_score`` and ``next_out``: the outlook of the hand it leaves at the next
  stock draw (:func:`~threethirteen.stock_outlook` of the cards kept; for a pile,
  after its best discard; for the stock, its own outlook);
* ``card_penalty`` and ``card_wild``: the penalty of the card discarded or taken,
  and whether it is wild;
* ``feeds``: 1 when the card discarded melds with the cards a player who may take
  it is known to hold, 0.5 when it is near them (a wild card, the same rank, the
  same suit within two ranks), else 0; ``passed``: 1 when such a player passed a
  card of its rank this round (drew from the stock over it), 0.5 of its suit
  within two ranks; ``taken_back``: 1 for the discard of the card just taken from
  a pile.

>>> import threethirteen as tt
>>> game = tt.Game("pagat", players=2, seed=7)
>>> view = game.view(game.to_move)
>>> rows = action_features(view, game.legal_actions())
>>> rows.shape == (2, len(FEATURES)), rows.dtype.name
(True, 'float32')
>>> take = rows[1]  # draw discard: the 8c puts this hand out
>>> float(take[FEATURES.index("draw_pile")]), float(take[FEATURES.index("score_after")])
(1.0, 0.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from .._lazy import LazyModule
from ..engine.actions import Action, DiscardCard, DrawDiscard, DrawStock, LayMeld, LayOff
from ..engine.game import PlayerView
from ..engine.public_replay import PublicReplay, PublicVisitor
from ..errors import InvalidInputError
from ..hands.analysis import best_discard, deadwood_score, discards
from ..hands.cards import Card
from ..hands.draw_advice import stock_outlook
from ..hands.hand import Hand
from ..hands.rounds import Round
from .builtin import danger_by_pace, out_before_next_turn, stock_unseen

if TYPE_CHECKING:
    import numpy as np
else:  # numpy is imported when first used, not with the package
    np = LazyModule("numpy")

__all__ = ["FEATURES", "HAND_SCALE", "SCORE_SCALE", "action_features", "state_features"]

SCORE_SCALE = 100.0
"""Scores are divided by this (as in the adapters' observation)."""
HAND_SCALE = 16.0
"""Hand sizes are divided by this (the largest hand: 15 cards dealt and one drawn)."""

STATE_FEATURES = (
    "round",
    "dealt",
    "hand",
    "behind",
    "stock",
    "turns",
    "danger",
    "danger_max",
    "last_turn",
    "opponent_known",
    "opponent_taken",
    "score_now",
)
KINDS = ("draw_stock", "draw_pile", "discard", "go_out", "false_out", "table")
ACTION_FEATURES = (
    *KINDS,
    "score_after",
    "out_after",
    "gap",
    "next_score",
    "next_out",
    "card_penalty",
    "card_wild",
    "feeds",
    "passed",
    "taken_back",
)
FEATURES: tuple[str, ...] = STATE_FEATURES + ACTION_FEATURES
"""The names of the entries of :func:`action_features`'s rows, in order.

>>> len(FEATURES), FEATURES[:3]
(28, ('round', 'dealt', 'hand'))
"""

_STATE = len(STATE_FEATURES)
_AT = {name: index for index, name in enumerate(FEATURES)}


class _Public(PublicVisitor):
    """The round's takes and passes, player by player, from its public history."""

    def __init__(self, players: int) -> None:
        self.passed: list[list[int]] = [[] for _ in range(players)]
        self.taken: list[list[int]] = [[] for _ in range(players)]
        self.last: tuple[int, int] | None = None  # (player, card) of the last take

    def visit_draw_stock(self, player: int, event: DrawStock, passed: list[int]) -> None:
        self.passed[player].extend(passed)
        self.last = None

    def visit_draw_discard(
        self, player: int, event: DrawDiscard, pile: int, card: int | None
    ) -> None:
        if card is not None:
            self.taken[player].append(card)
            self.last = (player, card)

    def visit_discard(self, player: int, event: DiscardCard, pile: int, false_out: bool) -> None:
        self.last = None


def _receivers(view: PlayerView) -> list[int]:
    """The players who may take this player's discard: the next player still to play
    (every other player still to play under ``separate-discards``)."""
    order = [(view.player + step) % view.players for step in range(1, view.players)]
    waiting = [other for other in order if not view.went_out[other]]
    return waiting if view.rules.separate_discards else waiting[:1]


def _near(card: Card, other: Card) -> bool:
    """Same rank, or same suit within two ranks (jokers are never near by rank)."""
    if card.rank is None or other.rank is None:
        return False
    return card.rank == other.rank or (card.suit == other.suit and abs(card.rank - other.rank) <= 2)


def _feeds(card: Card, known: Hand, round_: Round) -> float:
    """1 when ``card`` melds with ``known`` (it lowers their score by more than
    nothing: the hand with it scores less than without it plus its penalty), 0.5
    when it is wild or near one of them, else 0."""
    if not len(known):
        return 0.0
    if deadwood_score(known + card, round_) < deadwood_score(known, round_) + round_.penalty(card):
        return 1.0
    if round_.is_wild(card) or any(_near(card, held) for held in known):
        return 0.5
    return 0.0


def _passed(card: Card, passed: Sequence[int]) -> float:
    """1 when a card of ``card``'s rank was passed, 0.5 one of its suit within two."""
    found = 0.0
    for code in passed:
        other = Card(code)
        if card.rank is not None and other.rank == card.rank:
            return 1.0
        if _near(card, other):
            found = 0.5
    return found


def _left(hand: Hand, round_: Round) -> int:
    """The score a hand one card over is left with after its best discard."""
    return 0 if len(hand) <= 1 else best_discard(hand, round_).score


class _Position:
    """What every action of one view shares: the state's entries and the analysis."""

    def __init__(self, view: PlayerView) -> None:
        if not isinstance(view, PlayerView):
            raise InvalidInputError(
                f"action_features takes a PlayerView, not {type(view).__name__}"
            )
        if view.phase not in ("draw", "play") or view.to_move != view.player:
            raise InvalidInputError(
                f"action_features takes the view of the player to move, not of player "
                f"{view.player} in phase {view.phase!r}"
            )
        self.view = view
        self.round = view.prepared_round
        self.hand = view.hand
        unseen = stock_unseen(view)
        self.counts = unseen.counts() if len(unseen) else None
        self.public = _Public(view.players)
        PublicReplay.of_view(view).walk(view.history, self.public)
        self.receivers = _receivers(view)
        self.ranking = discards(self.hand, self.round) if view.phase == "play" else None
        self.outlooks: dict[Hand, tuple[float, float]] = {}
        self.state = self._state()

    def outlook(self, hand: Hand, score: float) -> tuple[float, float]:
        """The expected score and the chance of going out after the next stock card."""
        if self.counts is None or not len(hand):
            return score, 0.0
        if hand not in self.outlooks:
            found = stock_outlook(hand, self.round, unseen=self.counts)
            self.outlooks[hand] = (
                _float(found.expected_score) / SCORE_SCALE,
                _float(found.out_probability),
            )
        return self.outlooks[hand]

    def _state(self) -> list[float]:
        view = self.view
        rounds = len(view.rules.rounds)
        others = [other for other in range(view.players) if other != view.player]
        totals = view.totals
        behind = min(totals[other] for other in others) - totals[view.player] if others else 0
        if self.ranking is not None:
            now = self.ranking.scores[0] if len(self.hand) > 1 else 0
        else:
            now = deadwood_score(self.hand, self.round)
        known = sum(len(view.known[other]) for other in others) / max(len(others), 1)
        taken = sum(len(self.public.taken[other]) for other in others)
        danger = danger_by_pace(view)
        return [
            (view.round - 1) / max(rounds - 1, 1),
            view.cards_dealt / HAND_SCALE,
            len(self.hand) / HAND_SCALE,
            behind / SCORE_SCALE,
            view.stock_size / 52.0,
            view.turns / 40.0,
            out_before_next_turn(view),
            max(danger, default=0.0),
            float(view.first_out is not None),
            known / HAND_SCALE,
            taken / max(view.cards_dealt, 1),
            now / SCORE_SCALE,
        ]

    def true_outs(self) -> set[Card]:
        if self.ranking is None:
            return set()
        return {discard.card for discard in self.ranking if discard.goes_out}

    def row(self, action: Action, outs: set[Card]) -> list[float]:
        entries = dict.fromkeys(ACTION_FEATURES, 0.0)
        hand, round_ = self.hand, self.round
        if isinstance(action, DrawStock):
            entries["draw_stock"] = 1.0
            now = deadwood_score(hand, round_) / SCORE_SCALE
            score, out = self.outlook(hand, now)
            entries.update(score_after=score, out_after=out, next_score=score, next_out=out)
        elif isinstance(action, DrawDiscard):
            entries["draw_pile"] = 1.0
            top = self.view.piles[action.pile or 0][-1]
            ranking = discards(hand + top, round_)
            held = top in hand.cards  # another copy of it may go: the same hand is left
            pairs = [
                (card, s)
                for card, s in zip(ranking.cards, ranking.scores, strict=True)
                if held or card != top
            ] or [(ranking.cards[0], ranking.scores[0])]
            gone, score = pairs[0]
            kept = (hand + top).without(gone)
            next_score, next_out = self.outlook(kept, score / SCORE_SCALE)
            entries.update(
                score_after=score / SCORE_SCALE,
                out_after=float(score == 0),
                next_score=next_score,
                next_out=next_out,
                card_penalty=round_.penalty(top) / SCORE_SCALE,
                card_wild=float(round_.is_wild(top)),
            )
        elif isinstance(action, DiscardCard):
            card = action.card
            kept = hand.without(card)
            if action.go_out and card in outs:
                entries["go_out"] = 1.0
                entries["out_after"] = 1.0
            else:
                entries["false_out" if action.go_out else "discard"] = 1.0
                score = deadwood_score(kept, round_) / SCORE_SCALE
                next_score, next_out = self.outlook(kept, score)
                entries.update(score_after=score, next_score=next_score, next_out=next_out)
            known = self.view.known
            last = self.public.last
            entries.update(
                card_penalty=round_.penalty(card) / SCORE_SCALE,
                card_wild=float(round_.is_wild(card)),
                feeds=max((_feeds(card, known[o], round_) for o in self.receivers), default=0.0),
                passed=max(
                    (_passed(card, self.public.passed[o]) for o in self.receivers), default=0.0
                ),
                taken_back=float(last == (self.view.player, card.code)),
            )
        else:  # a table play: a meld laid or a card laid off
            entries["table"] = 1.0
            if isinstance(action, LayMeld):
                kept = hand
                for card in action.meld.cards:
                    kept = kept.without(card)
            elif isinstance(action, LayOff):
                kept = hand.without(action.card)
            else:
                kept = hand
            score = _left(kept, round_) / SCORE_SCALE
            entries.update(score_after=score, next_score=score)
        return [entries[name] for name in ACTION_FEATURES]


def _float(value: Fraction | float) -> float:
    return float(value)


def state_features(view: PlayerView) -> np.ndarray:
    """The state's entries of :func:`action_features` (the first
    ``len(STATE_FEATURES)``), for the player to move.

    :raises InvalidInputError: for a view that is not of the player to move.

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> state_features(game.view(game.to_move))[:3].tolist()
    [0.0, 0.1875, 0.1875]
    """
    return np.asarray(_Position(view).state, dtype=np.float32)


def action_features(view: PlayerView, actions: Sequence[Action]) -> np.ndarray:
    """One row of :data:`FEATURES` for each of ``actions`` (legal actions of the
    player to move in ``view``), as a float32 array of shape
    ``(len(actions), len(FEATURES))``, from the view alone.

    :raises InvalidInputError: for a view that is not of the player to move.

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> game.apply("draw stock")
    >>> view = game.view(game.to_move)
    >>> actions = game.legal_actions()
    >>> rows = action_features(view, actions)
    >>> [str(a) for a in actions]
    ['discard 7c', 'discard 2d', 'discard 3d', 'discard Jh']
    >>> [round(float(x), 2) for x in rows[:, FEATURES.index("score_after")]]
    [0.15, 0.2, 0.19, 0.12]
    """
    position = _Position(view)
    outs = position.true_outs()
    table = np.zeros((len(actions), len(FEATURES)), dtype=np.float32)
    if not len(actions):
        return table
    table[:, :_STATE] = position.state
    for index, action in enumerate(actions):
        table[index, _STATE:] = position.row(action, outs)
    # the gap to the best of the same phase's kind
    score = table[:, _AT["score_after"]]
    for kinds in (("draw_stock", "draw_pile"), ("discard", "go_out", "false_out")):
        mask = np.zeros(len(actions), dtype=bool)
        for kind in kinds:
            mask |= table[:, _AT[kind]] == 1.0
        if mask.any():
            table[mask, _AT["gap"]] = score[mask] - score[mask].min()
    return table
