"""A round's scores as the game engine gives them: each hand's exact deadwood score,
then the variations' adjustments.

>>> import threethirteen as tt
>>> rules = tt.Rules.preset("pagat", ["first-out-bonus", "doubles", "false-out"])
>>> round = tt.Round(rules, 9)  # 11 cards, jacks wild: a round that doubles
>>> round_scores(round, [tt.Hand(), tt.parse_hand("Kc 2d")], [True, False], 0, [0, 20])
[-20, 64]
"""

from __future__ import annotations

from collections.abc import Sequence

from ..hands.analysis import deadwood_score
from ..hands.hand import Hand
from ..hands.rounds import Round

__all__ = ["DOUBLED_ROUNDS", "first_out_score", "is_void", "round_scores"]

DOUBLED_ROUNDS = (11, 12, 13)
"""The cards dealt in the rounds ``doubles`` doubles: J, Q and K wild."""


def first_out_score(round: Round) -> int | None:
    """What the first player out scores under ``first-out-bonus`` (``None`` without):
    the bonus (-10, -5, ...), or with ``=wild`` minus the value of a card of the
    round's wild rank as ``card_values`` prices it.

    >>> import threethirteen as tt
    >>> first_out_score(tt.Round(tt.Rules.preset("wikipedia", ["first-out-bonus=wild"]), 10))
    -12
    """
    bonus = round.rules.first_out_bonus
    if bonus is None:
        return None
    if bonus == "wild":
        assert round.wild is not None
        return -round.rules.card_values[round.wild - 1]
    assert isinstance(bonus, int)
    return bonus


def round_scores(
    round: Round,
    hands: Sequence[Hand],
    went_out: Sequence[bool],
    first_out: int | None,
    penalties: Sequence[int],
) -> list[int]:
    """Each player's score for the round: 0 for a player who went out (or holds no
    card), else the hand's deadwood score; the first player out scores
    :func:`first_out_score` instead when the rules give one; false-out
    ``penalties`` are added; under ``doubles`` the whole score doubles in the
    rounds of :data:`DOUBLED_ROUNDS` cards.
    """
    rules = round.rules
    bonus = first_out_score(round) if first_out is not None else None
    doubled = rules.doubles and round.dealt in DOUBLED_ROUNDS
    scores = []
    for player, hand in enumerate(hands):
        score = deadwood_score(hand, round) if len(hand) and not went_out[player] else 0
        if player == first_out and bonus is not None:
            score = bonus
        score += penalties[player]
        scores.append(2 * score if doubled else score)
    return scores


def is_void(round: Round, scores: Sequence[int]) -> bool:
    """Whether ``double-naughts`` voids the round: every score is 0.

    >>> import threethirteen as tt
    >>> is_void(tt.Round(tt.Rules.preset("pagat", ["double-naughts"]), 1), [0, 0])
    True
    """
    return round.rules.double_naughts and all(score == 0 for score in scores)
