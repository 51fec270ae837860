"""The analysis features: what the library's exact hand analysis says about a view's
choices, as a float32 vector for learning agents (:func:`encode_features`), to go
beside the observation (the environments' ``features=True``).

The observation (:func:`~threethirteen.adapters.spaces.encode_observation`) holds
the cards; a network must learn melds from them. These planes hand it what the
greedy, advisor and lookahead bots compute, from the player's view alone:

* ``discard_score`` (53 card codes): in the play phase, the deadwood score left by
  discarding the card (:func:`threethirteen.discards`); 0 for a card not in hand
  and in the draw phase.
* ``discard_best``: 1 for the cards whose discard leaves the lowest score.
* ``next_score`` and ``out_chance``: for the :data:`OUTLOOK_DISCARDS` best
  discards, the exact expected score of the cards left after the stock's next
  card and the best discard, and the chance that card puts them out
  (:func:`threethirteen.stock_outlook`, the stock drawn from the cards the view
  leaves unseen); the other cards in hand have their ``discard_score`` and 0.
* ``take_score`` (one entry a discard pile, seat-relative as the observation's
  piles): in the draw phase, the lowest score left by taking the pile's top card
  and discarding another; ``take_out``: 1 when that goes out.
* ``stock_score`` and ``stock_out``: in the draw phase, the stock's expected score
  and chance of going out, as ``next_score`` and ``out_chance``.

Scores are divided by :data:`~threethirteen.adapters.layout.SCORE_SCALE`. A play
step costs about :data:`OUTLOOK_DISCARDS` outlook solves more than the observation
alone (see ``docs/pettingzoo.md`` for the steps a second).

>>> import threethirteen as tt
>>> game = tt.Game("pagat", players=2, seed=7)
>>> vector = encode_features(game.view(game.to_move))
>>> planes = feature_planes("pagat", 2)
>>> vector.shape, vector[planes["take_score"]].tolist(), vector[planes["take_out"]].tolist()
((216,), [0.0], [1.0])
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import numpy as np

from ..bots.builtin import stock_unseen
from ..engine.game import PlayerView
from ..hands.analysis import discards
from ..hands.cards import NUMBER_OF_CODES
from ..hands.draw_advice import stock_outlook
from ..hands.rules import Rules, RulesLike
from .layout import SCORE_SCALE, resolve_table, stacked, view_layout

__all__ = [
    "OUTLOOK_DISCARDS",
    "encode_features",
    "feature_bounds",
    "feature_planes",
    "feature_shape",
]

OUTLOOK_DISCARDS = 3
"""How many of the best discards are weighed by the stock's outlook (``next_score``,
``out_chance``)."""

_C = NUMBER_OF_CODES


@lru_cache(maxsize=64)
def _planes(piles: int) -> dict[str, slice]:
    return stacked(
        [
            ("discard_score", _C),
            ("discard_best", _C),
            ("next_score", _C),
            ("out_chance", _C),
            ("take_score", piles),
            ("take_out", piles),
            ("stock_score", 1),
            ("stock_out", 1),
        ]
    )


def feature_planes(
    rules: RulesLike, players: int, variations: Iterable[str] = ()
) -> dict[str, slice]:
    """Each feature plane's name and place in :func:`encode_features`'s vector.

    :raises GameError: for a table that is no table (as :class:`~threethirteen.Game`).

    >>> planes = feature_planes("bga", 3, ["separate-discards"])
    >>> planes["take_score"], planes["stock_out"]
    (slice(212, 215, None), slice(219, 220, None))
    """
    rules, players = resolve_table(rules, players, variations)
    return dict(_planes(_piles(rules, players)))


def feature_shape(rules: RulesLike, players: int, variations: Iterable[str] = ()) -> tuple[int]:
    """The shape of :func:`encode_features`'s vector.

    >>> feature_shape("pagat", 2), feature_shape("pagat", 4, ["separate-discards"])
    ((216,), (222,))
    """
    rules, players = resolve_table(rules, players, variations)
    return (_planes(_piles(rules, players))["stock_out"].stop,)


def feature_bounds(
    rules: RulesLike, players: int, variations: Iterable[str] = ()
) -> tuple[np.ndarray, np.ndarray]:
    """The least and greatest value of each entry of :func:`encode_features`'s
    vector: scores from 0 to a hand of the most cards dealt and one drawn at the
    highest penalty (over ``SCORE_SCALE``), flags and chances from 0 to 1.

    >>> low, high = feature_bounds("pagat", 2)
    >>> float(low.min()), round(float(high.max()), 2)
    (0.0, 1.4)
    """
    rules, players = resolve_table(rules, players, variations)
    low, high = _bounds(rules, _piles(rules, players))
    return low.copy(), high.copy()


@lru_cache(maxsize=64)
def _bounds(rules: Rules, piles: int) -> tuple[np.ndarray, np.ndarray]:
    planes = _planes(piles)
    size = planes["stock_out"].stop
    worst = max(
        *rules.card_values, rules.wild_penalty or 0, rules.joker_penalty if rules.jokers else 0
    )
    score = (max(rules.rounds) + 1) * worst / SCORE_SCALE
    low = np.zeros(size, np.float32)
    high = np.ones(size, np.float32)
    for name in ("discard_score", "next_score", "take_score", "stock_score"):
        high[planes[name]] = max(score, 1.0)
    return low, high


def _piles(rules: Rules, players: int) -> int:
    return players if rules.separate_discards else 1


def encode_features(view: PlayerView) -> np.ndarray:
    """The analysis features of ``view`` (see the module's description) as a float32
    vector of :func:`feature_shape`, from the view alone.

    :raises InvalidActionError: for a ``view`` that is no PlayerView.

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> game.apply(tt.DrawStock())
    >>> view = game.view(game.to_move)
    >>> vector = encode_features(view)
    >>> planes = feature_planes("pagat", 2)
    >>> best = vector[planes["discard_best"]].nonzero()[0]
    >>> [str(tt.Card(code)) for code in best], vector[planes["discard_score"]][best].tolist()
    (['Jh'], [0.11999999731779099])
    """
    lay = view_layout(view)
    planes = _planes(lay.piles)
    out = np.zeros(planes["stock_out"].stop, np.float32)
    if view.phase == "over" or view.to_move != view.player:
        return out
    round_ = view.prepared_round
    hand = view.hand
    unseen = stock_unseen(view)
    counts = unseen.counts() if len(unseen) else None
    if view.phase == "play":
        ranking = discards(hand, round_)
        scores = ranking.scores
        low = scores[0]
        at_score = planes["discard_score"].start
        at_best = planes["discard_best"].start
        at_next = planes["next_score"].start
        at_out = planes["out_chance"].start
        for rank, (card, score) in enumerate(zip(ranking.cards, scores, strict=True)):
            code = card.code
            out[at_score + code] = score / SCORE_SCALE
            out[at_best + code] = score == low
            if rank < OUTLOOK_DISCARDS and counts is not None:
                outlook = stock_outlook(hand.without(card), round_, unseen=counts)
                out[at_next + code] = float(outlook.expected_score) / SCORE_SCALE
                out[at_out + code] = float(outlook.out_probability)
            else:
                out[at_next + code] = score / SCORE_SCALE
        return out
    # the draw phase: each pile's top card, then the stock
    piles = view.piles
    n = lay.players
    order = [0] if lay.piles == 1 else [(view.player + k) % n for k in range(n)]
    for place, pile in enumerate(order):
        if not piles[pile]:
            continue
        top = piles[pile][-1]
        left = discards(hand + top, round_)
        held = top in hand.cards  # another copy of it may go: the same hand is left
        score = min(
            (s for card, s in zip(left.cards, left.scores, strict=True) if held or card != top),
            default=left.scores[0],
        )
        out[planes["take_score"].start + place] = score / SCORE_SCALE
        out[planes["take_out"].start + place] = score == 0
    if counts is not None:
        outlook = stock_outlook(hand, round_, unseen=counts)
        out[planes["stock_score"].start] = float(outlook.expected_score) / SCORE_SCALE
        out[planes["stock_out"].start] = float(outlook.out_probability)
    return out
