"""The adapters' rewards: a round's or a game's scores as rewards
(:func:`score_rewards`), the checked ``reward_scale`` and the worst loss that
prices an illegal action (:func:`worst_loss`).

>>> score_rewards([10, 0, 2]), worst_loss(Rules.preset("pagat"), "round")
([-9.0, 6.0, 3.0], 140)
"""

from __future__ import annotations

from collections.abc import Sequence

from .._validate import as_finite, quote
from ..errors import GameError
from ..hands.rules import Rules

__all__ = ["reward_scale", "score_rewards", "worst_loss"]


def score_rewards(scores: Sequence[int], zero_sum: bool = True) -> list[float]:
    """The rewards of the adapters (``threethirteen.adapters.envs``,
    ``threethirteen.adapters.gym_env``) for a round's or a game's ``scores`` (lower scores
    are better): with ``zero_sum``, the mean of the others' scores less one's own
    (the rewards add up to 0); else minus one's own.

    >>> score_rewards([10, 0, 2]), score_rewards([10, 0, 2], zero_sum=False)
    ([-9.0, 6.0, 3.0], [-10.0, -0.0, -2.0])
    """
    if not zero_sum:
        return [-float(score) for score in scores]
    total = sum(scores)
    others = len(scores) - 1
    return [(total - score) / others - score for score in scores]


def reward_scale(value: object) -> float:
    """The adapters' ``reward_scale``, checked: a positive, finite number that
    rewards in points are multiplied by (``0.01``: a point is 0.01).

    :raises GameError: for anything else.

    >>> reward_scale(0.01), reward_scale(1)
    (0.01, 1.0)
    >>> reward_scale(0)
    Traceback (most recent call last):
    ...
    threethirteen.errors.GameError: a reward scale must be above 0, not 0
    """
    return float(as_finite(value, "a reward scale", GameError, low=0, above_low=True))


def worst_loss(rules: Rules, reward: str = "game") -> int:
    """A bound on the points a player's cards can cost in the game (``"game"``) or
    in one round (``"round"``): for each round, one card more than dealt, each at
    the highest penalty of the rules, doubled under ``doubles``. (False-out
    penalties are left out: they are taken by choice.) The adapters' penalty for
    an illegal action is minus this.

    :raises GameError: for a ``reward`` that is neither ``"game"`` nor ``"round"``.

    >>> pagat = Rules.preset("pagat")
    >>> worst_loss(pagat, "round"), worst_loss(pagat)
    (140, 990)
    """
    if reward not in ("game", "round"):
        raise GameError(f"a reward is 'game' or 'round', not {quote(reward)}")
    worst_card = max(
        *rules.card_values,
        rules.wild_penalty or 0,
        rules.joker_penalty if rules.jokers else 0,
    )
    factor = 2 if rules.doubles else 1
    losses = [factor * (dealt + 1) * worst_card for dealt in rules.rounds]
    return sum(losses) if reward == "game" else max(losses)
