"""Playouts: a round played to its end by a cheap greedy policy, for search bots.

Every seat plays :func:`playout_action`: it draws a pile's top card when that lowers
its score after its best discard, goes out when its best discard goes out, else
discards that card; no table play. :func:`playout` plays a (sampled) game so to the
end of its round and scores it for one player: that player's round score less the
mean of the other players' (lower is better).

>>> import threethirteen as tt
>>> from threethirteen.playouts import playout
>>> game = tt.Game("pagat", players=2, seed=7)
>>> playout(game.clone(), 0)
14.0
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Action, DiscardCard, DrawDiscard, DrawStock
from .analysis import best_discard, deadwood_score
from .cards import Card
from .game import Game
from .hand import Hand
from .rounds import Round

__all__ = ["PLAYOUT_LIMIT", "greedy_draw", "plain_discard", "playout", "playout_action"]


def plain_discard(legal_actions: Sequence[Action], card: Card) -> Action:
    """The ordinary discard of ``card`` (onto the player's own pile, not going out).

    >>> import threethirteen as tt
    >>> plain_discard([tt.DiscardCard(tt.Card.parse("9s"), go_out=True),
    ...                tt.DiscardCard(tt.Card.parse("9s"))], tt.Card.parse("9s"))
    Action.parse('discard 9s')
    """
    for action in legal_actions:
        if (
            isinstance(action, DiscardCard)
            and action.card == card
            and not action.go_out
            and action.pile is None
        ):
            return action
    for action in legal_actions:  # pragma: no cover - every held card has a discard
        if isinstance(action, DiscardCard) and not action.go_out:
            return action
    return legal_actions[-1]  # pragma: no cover


def greedy_draw(
    hand: Hand,
    piles: Sequence[Sequence[Card]],
    legal_actions: Sequence[Action],
    round_: Round,
) -> Action:
    """Greedy's draw: the pile top that lowers the score after the best discard most
    (below the hand's score before the draw), else the stock.

    >>> import threethirteen as tt
    >>> round_ = tt.Round("pagat", 1)
    >>> greedy_draw(tt.Hand.parse("9s 9h 4d"), [[tt.Card.parse("9c")]],
    ...             [tt.DrawStock(), tt.DrawDiscard()], round_)
    Action.parse('draw discard')
    """
    best: Action | None = None
    best_score = deadwood_score(hand, round_)
    for action in legal_actions:
        if isinstance(action, DrawDiscard):
            pile = piles[action.pile or 0]
            score = best_discard(hand + pile[-1], round_).score
            if score < best_score:
                best, best_score = action, score
    if best is not None:
        return best
    for action in legal_actions:
        if isinstance(action, DrawStock):
            return action
    return legal_actions[0]


def playout_action(game: Game) -> Action:
    """The cheap greedy policy of the playouts, on a whole (sampled) game: draw a
    pile's top when it lowers the score after the best discard, go out when the
    best discard goes out, else discard it; no table play.

    >>> import threethirteen as tt
    >>> playout_action(tt.Game("pagat", players=2, seed=7))
    Action.parse('draw discard')
    """
    legal = game.legal_actions()
    player = game.to_move
    assert player is not None
    round_ = game.prepared_round
    hand = game.hand(player)
    if game.phase == "draw":
        return legal[0] if len(legal) == 1 else greedy_draw(hand, game.piles, legal, round_)
    if len(hand) == 0:  # pragma: no cover - a hand is never empty in the play phase
        return legal[-1]
    found = best_discard(hand, round_)
    if found.score == 0:
        going = _GO_OUT.get(found.card)
        if going is None:
            going = _GO_OUT[found.card] = DiscardCard(found.card, go_out=True)
        if going in legal and found.goes_out:
            return going
    return plain_discard(legal, found.card)


_GO_OUT: dict[Card, DiscardCard] = {}

PLAYOUT_LIMIT = 400
"""The most actions a playout plays before it scores the hands as they stand."""


def playout(game: Game, player: int) -> float:
    """Play ``game`` to the end of its round with the playout policy (it changes
    ``game``: play a clone): ``player``'s round score less the mean of the other
    players' (lower is better).

    >>> import threethirteen as tt
    >>> playout(tt.Game("pagat", players=2, seed=7), 1)
    -14.0
    """
    played = len(game.round_scores)
    turns = game.turns
    for _ in range(PLAYOUT_LIMIT):
        if game.is_over or len(game.round_scores) != played or game.turns < turns:
            break
        turns = game.turns
        game.apply(playout_action(game))
    if len(game.round_scores) != played:
        scores: Sequence[int] = game.round_scores[played]
    elif game.turns < turns:  # a void round, dealt again
        return 0.0
    else:  # the playout limit: the hands as they stand
        round_ = game.prepared_round
        scores = [deadwood_score(game.hand(other), round_) for other in range(game.players)]
    others = [score for other, score in enumerate(scores) if other != player]
    return scores[player] - sum(others) / len(others)
