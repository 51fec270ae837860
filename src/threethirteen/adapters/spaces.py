"""Observation and action spaces: a :class:`~threethirteen.PlayerView` as a fixed-size
float32 vector, and every legal action as an integer, for learning agents.

The observation is built from the view alone (nothing hidden from the player goes
into it) and is seat-relative: every per-player plane starts with the observer,
then the player on their left (the next to play after them), and so on, so one
network plays any seat. :func:`observation_planes` names each plane's place in the
vector; ``docs/encoding.md`` describes them one by one.

The action space has a fixed size for the rules and player count
(:func:`action_count`); :func:`action_mask` marks the indices of the legal
actions, :func:`action_to_index` and :func:`index_to_action` translate. Every
legal action has an index of its own: a meld's index says which kind of wild card
(a suit of the wild rank, or a joker) fills each wild place (see
:func:`action_ranges` and ``docs/encoding.md``). :func:`observation_bounds` gives
each entry's least and greatest value.

This module is the public face of the spaces: it re-exports names whose homes are
``adapters.observation`` (the observation vector, its shape,
planes and bounds), ``adapters.action_index`` (the action
indices, masks and descriptions), ``adapters.rewards`` (rewards,
the reward scale, the worst loss), ``adapters.pictures`` (the
text and RGB pictures of a view) and ``adapters.layout`` (the
scales and the table's meld slots). ``threethirteen.adapters.spaces.X`` stays
the documented name of each.

>>> import threethirteen as tt
>>> game = tt.Game("pagat", players=2, seed=7)
>>> view = game.view(game.to_move)
>>> observation_shape("pagat", 2), encode_observation(view).shape
((469,), (469,))
>>> legal = game.legal_actions()
>>> [action_to_index(action, view) for action in legal]
[0, 1]
>>> action_mask(view, legal)[:4].tolist(), action_count("pagat", 2)
([1, 1, 0, 0], 108)
>>> index_to_action(1, view, legal)
Action.parse('draw discard')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..hands.rules import RulesLike
from .action_index import (
    action_count,
    action_indices,
    action_mask,
    action_ranges,
    action_to_index,
    describe_index,
    index_to_action,
)
from .features import encode_features, feature_bounds, feature_planes, feature_shape
from .layout import HAND_SIZE_SCALE, SCORE_SCALE, TURNS_SCALE, table_melds_bound
from .observation import (
    encode_observation,
    observation_bounds,
    observation_planes,
    observation_shape,
)
from .pictures import picture_shape, view_picture, view_text
from .rewards import reward_scale, score_rewards, worst_loss

if TYPE_CHECKING:
    from ..engine.game import PlayerView

__all__ = [
    "HAND_SIZE_SCALE",
    "SCORE_SCALE",
    "TURNS_SCALE",
    "action_count",
    "action_indices",
    "action_mask",
    "action_ranges",
    "action_to_index",
    "describe_index",
    "encode_features",
    "encode_observation",
    "feature_bounds",
    "feature_planes",
    "feature_shape",
    "index_to_action",
    "observation_bounds",
    "observation_box",
    "observation_planes",
    "observation_shape",
    "observation_vector",
    "picture_shape",
    "reward_scale",
    "score_rewards",
    "table_melds_bound",
    "view_picture",
    "view_text",
    "worst_loss",
]


def observation_box(
    rules: RulesLike, players: int, max_turns: int | None, features: bool
) -> tuple[np.ndarray, np.ndarray]:
    """The bounds of the environments' ``"observation"`` vector: the observation's
    (:func:`observation_bounds`), then with ``features`` the analysis features'
    (:func:`feature_bounds`).

    >>> low, high = observation_box("pagat", 2, None, True)
    >>> low.shape, observation_shape("pagat", 2)[0] + feature_shape("pagat", 2)[0]
    ((685,), 685)
    """
    low, high = observation_bounds(rules, players, max_turns=max_turns)
    if not features:
        return low, high
    more_low, more_high = feature_bounds(rules, players)
    return np.concatenate([low, more_low]), np.concatenate([high, more_high])


def observation_vector(view: PlayerView, features: bool) -> np.ndarray:
    """The environments' ``"observation"`` vector of ``view``:
    :func:`encode_observation`, then with ``features`` :func:`encode_features`.

    >>> import threethirteen as tt
    >>> view = tt.Game("pagat", players=2, seed=7).view(1)
    >>> observation_vector(view, True).shape, observation_vector(view, False).shape
    ((685,), (469,))
    """
    vector = encode_observation(view)
    if not features:
        return vector
    return np.concatenate([vector, encode_features(view)])
