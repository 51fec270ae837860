"""A decision's candidates weighed from the player's view: the full level (common
sampled deals, each candidate played out) and the quick level (exact expected
scores, no sampling).

**The full level** (:func:`weigh`). From the view of the player to decide, and
nothing else: ``deals`` games consistent with it are sampled
(:meth:`PlayerView.sample <threethirteen.PlayerView.sample>` with ``weighted=True``,
the cards the player cannot see dealt by the beliefs model, as the expert bot deals
them), from a generator seeded by ``(seed, round, index)`` (the decision's place in
the record), so a decision's values depend on the seed and the view alone. On each
deal every candidate is applied to its own copy of the deal and the round is played
to its end by the playout policy (:func:`threethirteen.bots.playouts.playout`: every
seat draws a pile's top card when it lowers the score left after the best discard,
else the stock; goes out when the best discard goes out; else throws the best
discard; no table play; a candidate that ends the round itself, the last discard
of a last turn, is worth the round's scores). A candidate's value on a deal is the
player's round score less the mean of the others' (lower is better); its value is
the mean over the deals and its error the standard error of that mean. Every
candidate meets the same deals (common random numbers): the difference of two
candidates is measured on each deal, and the loss's error (:func:`paired`) is the
standard error of those differences, far smaller than either value's.

**The quick level** (:func:`quick_values`): no sampling, the lookahead bot's exact
one-draw horizon, in points (lower is better), error 0.0. With ``B = 9 *`` the cards
dealt (the lookahead's going-out bonus, ``out_points``), ``U`` the cards the next
stock card may be (:func:`~threethirteen.bots.builtin.stock_unseen`), ``q`` the
chance another player goes out before the player's next turn
(:func:`~threethirteen.bots.builtin.out_before_next_turn`):

* a draw: ``E - B * P``, where ``E`` is the exact expected deadwood score after the
  draw and the best discard, ``P`` the chance that the draw puts the hand out
  (for the stock, :func:`threethirteen.stock_outlook` of the hand, the card drawn
  from ``U``; for a pile, its top card taken, never thrown back: ``P`` is 0 or 1);
* a discard of ``c`` that does not go out, leaving ``H``: ``q * s + (1 - q) * (E' -
  B * P')``, ``s`` the deadwood score of ``H``, ``E'`` and ``P'`` the expected score
  of ``H`` after the next stock card and its best discard and the chance that card
  puts it out (:func:`threethirteen.stock_outlook`); on a last turn (another player
  is out), with nothing unseen, or when ``H`` scores 0 (the player could go out and
  does not: the bonus is for going out, now), just ``s``;
* a discard that goes out: ``-B`` (a false out, where the rules allow one: ``s``
  plus the rules' false-out penalty);
* a table play (a meld laid, a card laid off) leaving ``H``: the best value of a
  discard from ``H``, as above.

>>> import threethirteen as tt
>>> game = tt.Game("pagat", players=2, seed=7)
>>> view = game.view(game.to_move)
>>> [(str(a), round(v, 2)) for a, v in quick_values(view, game.legal_actions())]
[('draw stock', -0.13), ('draw discard', -27.0)]
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from ..bots.builtin import out_before_next_turn, stock_unseen
from ..bots.playouts import playout
from ..engine.actions import Action, DiscardCard, DrawDiscard, DrawStock, LayMeld, LayOff
from ..engine.game import Game, PlayerView
from ..hands.analysis import deadwood_score
from ..hands.draw_advice import stock_outlook
from ..hands.hand import Hand
from ..hands.rounds import Round

__all__ = [
    "OUT_POINTS",
    "decision_rng",
    "margin",
    "mean_error",
    "paired",
    "quick_values",
    "weigh",
]

OUT_POINTS = 9.0
"""The quick level's going-out bonus a card dealt (the lookahead's ``out_points``)."""


def decision_rng(seed: int, round_: int, index: int) -> np.random.Generator:
    """The generator of a decision's deals: seeded by the review's seed and the
    decision's place (the round record's index, the action's index in it), so that a
    decision's deals do not depend on which other decisions are reviewed.

    >>> int(decision_rng(0, 1, 2).integers(100)) == int(decision_rng(0, 1, 2).integers(100))
    True
    """
    return np.random.default_rng(np.random.SeedSequence([seed, round_, index]))


def weigh(
    view: PlayerView, candidates: Sequence[Action], deals: int, rng: np.random.Generator
) -> list[list[float]]:
    """Every candidate's value on each of ``deals`` common deals sampled from
    ``view`` (see the module's documentation): ``values[c][d]``, candidate ``c`` on
    deal ``d``. Uses the view alone.

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> values = weigh(game.view(1), game.legal_actions(), 2, decision_rng(0, 0, 0))
    >>> [len(row) for row in values]
    [2, 2]
    """
    player = view.player
    values: list[list[float]] = [[] for _ in candidates]
    for _ in range(deals):
        deal: Game = view.sample(rng, weighted=True)
        played, turns = len(deal.round_scores), deal.turns
        for row, action in zip(values, candidates, strict=True):
            game = deal.clone()
            game.apply(action, player)
            if len(game.round_scores) != played:  # the action ended the round
                row.append(margin(game.round_scores[played], player))
            elif game.turns < turns:  # it voided the round, dealt again (double-naughts)
                row.append(0.0)
            else:
                row.append(playout(game, player))
    return values


def margin(scores: Sequence[int], player: int) -> float:
    """``player``'s round score less the mean of the others' (the value of a round
    as :func:`~threethirteen.bots.playouts.playout` counts it).

    >>> margin([10, 4, 0], 0)
    8.0
    """
    others = [score for other, score in enumerate(scores) if other != player]
    return scores[player] - sum(others) / len(others)


def mean_error(row: Sequence[float]) -> tuple[float, float]:
    """The mean of ``row`` and its standard error (0.0 for fewer than 2 values).

    >>> mean_error([1.0, 3.0])
    (2.0, 1.0)
    """
    count = len(row)
    mean = math.fsum(row) / count
    if count < 2:
        return mean, 0.0
    spread = math.fsum((value - mean) ** 2 for value in row) / (count - 1)
    return mean, math.sqrt(spread / count)


def paired(taken: Sequence[float], best: Sequence[float]) -> tuple[float, float]:
    """The mean of the differences ``taken - best`` deal by deal, and its standard
    error (the error of a loss over common deals).

    >>> paired([3.0, 5.0, 4.0], [1.0, 2.0, 3.0])
    (2.0, 0.5773502691896257)
    """
    return mean_error([a - b for a, b in zip(taken, best, strict=True)])


# -- the quick level ----------------------------------------------------------------------


def _discard_value(
    left: Hand, round_: Round, counts: list[int] | None, q: float, bonus: float
) -> float:
    """The quick value of the hand ``left`` after a discard that does not go out."""
    score = deadwood_score(left, round_)
    if counts is None or not left or score == 0:
        return float(score)
    outlook = stock_outlook(left, round_, unseen=counts)
    later = float(outlook.expected_score) - bonus * float(outlook.out_probability)
    return q * score + (1.0 - q) * later


def _best_discard_value(
    hand: Hand, round_: Round, counts: list[int] | None, q: float, bonus: float
) -> float:
    """The best quick value of a discard from ``hand`` (after a table play)."""
    if len(hand) <= 1:  # the last card thrown: the hand goes out
        return -bonus
    return min(_discard_value(hand.without(card), round_, counts, q, bonus) for card in set(hand))


def quick_values(view: PlayerView, candidates: Sequence[Action]) -> list[tuple[Action, float]]:
    """Each candidate with its quick value (see the module's documentation), from
    ``view`` alone, exact (no sampling).

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> game.apply("draw discard")
    >>> found = quick_values(game.view(1), game.legal_actions())
    >>> [(str(a), round(v, 2)) for a, v in found]  # doctest: +NORMALIZE_WHITESPACE
    [('discard 7c', 0.21), ('discard 8c', -0.13), ('discard 2d', 0.0),
     ('discard 3d', 10.69), ('discard 2d out', -27.0)]
    """
    round_ = view.prepared_round
    hand = view.hand
    bonus = OUT_POINTS * view.cards_dealt
    unseen = stock_unseen(view)
    counts = unseen.counts() if len(unseen) else None
    last_turn = view.first_out is not None
    q = out_before_next_turn(view)
    horizon = None if last_turn else counts
    found: list[tuple[Action, float]] = []
    for action in candidates:
        value: float
        if isinstance(action, (DrawStock, DrawDiscard)):
            value = _draw_value(view, action, round_, counts, bonus)
        elif isinstance(action, DiscardCard):
            left = hand.without(action.card)
            if action.go_out:
                score = deadwood_score(left, round_)
                if score == 0:
                    value = -bonus
                else:
                    penalty = view.rules.false_out_penalty
                    value = float(score + (penalty or 0))
            else:
                value = _discard_value(left, round_, horizon, q, bonus)
        elif isinstance(action, LayMeld):
            left = hand
            for card in action.meld.cards:
                left = left.without(card)
            value = _best_discard_value(left, round_, horizon, q, bonus)
        elif isinstance(action, LayOff):
            value = _best_discard_value(hand.without(action.card), round_, horizon, q, bonus)
        else:  # pragma: no cover - every kind of action is above
            raise TypeError(f"no quick value for {action!r}")
        found.append((action, value))
    return found


def _draw_value(
    view: PlayerView,
    action: DrawStock | DrawDiscard,
    round_: Round,
    counts: list[int] | None,
    bonus: float,
) -> float:
    """The quick value of a draw: the expected score after it and the best discard,
    less the bonus times the chance of going out."""
    hand = view.hand
    if isinstance(action, DrawDiscard):
        top = view.piles[action.pile or 0][-1]
        taken = hand + top
        found = min(deadwood_score(taken.without(card), round_) for card in set(hand))
        return -bonus if found == 0 else float(found)
    if counts is None:  # (no stock: the draw is not legal; defensive)
        return float(deadwood_score(hand, round_))
    outlook = stock_outlook(hand, round_, unseen=counts)
    return float(outlook.expected_score) - bonus * float(outlook.out_probability)
