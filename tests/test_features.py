"""The analysis features (threethirteen.adapters.features): each entry against a
brute-force reference (the deadwood of every discard, the expectation of the stock's
next card by enumeration), nothing hidden, and the environments' ``features=True``."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

import threethirteen as tt
from threethirteen.adapters import features, spaces
from threethirteen.adapters.envs import env
from threethirteen.adapters.gym_env import ThreeThirteenEnv
from threethirteen.bots.builtin import stock_unseen

from .game_checks import positions, shuffle_hidden

SCALE = 100.0


def best_left(hand: tt.Hand, round_: tt.Round, keep: tt.Card | None = None) -> int:
    """The lowest deadwood score a hand one card over leaves by a discard (never of
    ``keep``), card by card."""
    return min(
        tt.deadwood_score(hand.without(card), round_)
        for card in set(hand.cards)
        if card != keep or hand.cards.count(card) > 1
    )


def stock_reference(hand: tt.Hand, round_: tt.Round, unseen: tt.Hand) -> tuple[float, float]:
    """The expected best score and the chance of going out after the stock's next
    card, each unseen copy equally likely: by enumeration."""
    counts = Counter(unseen.cards)
    total = sum(counts.values())
    expected = out = 0.0
    for card, copies in counts.items():
        score = best_left(hand + card, round_)
        expected += copies / total * score
        out += copies / total * (score == 0)
    return expected, out


def reference(view: tt.PlayerView) -> np.ndarray:
    planes = features.feature_planes(view.rules, view.players)
    out = np.zeros(features.feature_shape(view.rules, view.players), np.float64)
    if view.phase == "over" or view.to_move != view.player:
        return out
    round_ = view.prepared_round
    hand = view.hand
    unseen = stock_unseen(view)
    if view.phase == "play":
        left = {card: tt.deadwood_score(hand.without(card), round_) for card in set(hand.cards)}
        low = min(left.values())
        ranked = sorted(left.items(), key=lambda item: item[1])  # ties: any order
        outlooked = {card for card, _ in ranked[: features.OUTLOOK_DISCARDS]}
        for card, score in left.items():
            out[planes["discard_score"].start + card.code] = score / SCALE
            out[planes["discard_best"].start + card.code] = score == low
            if card in outlooked and len(unseen):
                expected, chance = stock_reference(hand.without(card), round_, unseen)
                out[planes["next_score"].start + card.code] = expected / SCALE
                out[planes["out_chance"].start + card.code] = chance
            else:
                out[planes["next_score"].start + card.code] = score / SCALE
        return out
    n = view.players
    order = [0] if not view.rules.separate_discards else [(view.player + k) % n for k in range(n)]
    for place, pile in enumerate(order):
        if view.piles[pile]:
            top = view.piles[pile][-1]
            score = best_left(hand + top, round_, keep=top)
            out[planes["take_score"].start + place] = score / SCALE
            out[planes["take_out"].start + place] = score == 0
    if len(unseen):
        expected, chance = stock_reference(hand, round_, unseen)
        out[planes["stock_score"].start] = expected / SCALE
        out[planes["stock_out"].start] = chance
    return out


def mover_positions(limit: int = 400) -> list[tuple[str, tt.Game]]:
    return [(name, game) for name, game in positions() if not game.is_over][:limit:3]


def test_every_entry_is_the_brute_force_value() -> None:
    kinds: set[str] = set()
    checked = 0
    for name, game in mover_positions():
        player = game.to_move
        assert player is not None
        view = game.view(player)
        found = features.encode_features(view)
        expected = reference(view)
        planes = features.feature_planes(view.rules, view.players)
        if view.phase == "play":
            # ties among the third-best discards may take another card's outlook
            tied = {
                code
                for code in np.nonzero(expected[planes["discard_score"]])[0]
                if found[planes["next_score"].start + code]
                != pytest.approx(expected[planes["next_score"].start + code], abs=1e-6)
            }
            for code in tied:
                score = expected[planes["discard_score"].start + code]
                assert sorted(expected[planes["discard_score"]]).count(score) > 1, name
                for plane in ("next_score", "out_chance"):
                    expected[planes[plane].start + code] = found[planes[plane].start + code]
        assert found == pytest.approx(expected, abs=1e-6), name
        low, high = features.feature_bounds(view.rules, view.players)
        assert (low <= found).all(), name
        assert (found <= high).all(), name
        kinds.add(view.phase)
        kinds.add("separate" if view.rules.separate_discards else "one pile")
        checked += 1
    assert kinds == {"draw", "play", "separate", "one pile"}
    assert checked >= 60


def test_a_worked_position() -> None:
    # pagat, round 1 (threes wild): 7c 2d 3d, Jh drawn from the stock.
    game = tt.Game("pagat", players=2, seed=7)
    game.apply(tt.DrawStock())
    vector = features.encode_features(game.view(game.to_move))
    planes = features.feature_planes("pagat", 2)
    scores = {
        str(tt.Card(code)): round(float(value) * SCALE)
        for code, value in enumerate(vector[planes["discard_score"]])
        if value
    }
    assert scores == {"Jh": 12, "7c": 15, "3d": 19, "2d": 20}
    assert np.flatnonzero(vector[planes["discard_best"]]).tolist() == [tt.Card.parse("Jh").code]
    assert vector[planes["take_score"]].tolist() == [0.0]  # in the play phase: none


def test_features_hold_nothing_hidden() -> None:
    rng = np.random.default_rng(3)
    checked = 0
    for _name, game in mover_positions(300):
        player = game.to_move
        assert player is not None
        shuffled = shuffle_hidden(game, player, rng)
        before = features.encode_features(game.view(player))
        after = features.encode_features(shuffled.view(player))
        assert np.array_equal(before, after)
        checked += 1
    assert checked >= 40


def test_the_environments_append_the_features() -> None:
    plain = env("pagat", 2)
    rich = env("pagat", 2, features=True)
    for game_env in (plain, rich):
        game_env.reset(seed=7)
    size = spaces.observation_shape("pagat", 2)[0]
    extra = features.feature_shape("pagat", 2)[0]
    observed = rich.observe(rich.agent_selection)["observation"]
    assert observed.shape == (size + extra,)
    assert rich.observation_space("player_0")["observation"].shape == (size + extra,)
    assert np.array_equal(observed[:size], plain.observe(plain.agent_selection)["observation"])
    view = rich.unwrapped.game.view(rich.unwrapped.game.to_move)
    assert np.array_equal(observed[size:], features.encode_features(view))
    gym = ThreeThirteenEnv(features=True, mask_in_observation=False)
    observation, _ = gym.reset(seed=7)
    assert observation.shape == (size + extra,)
    assert gym.observation_space.contains(observation)
    assert gym.spec is not None
    assert gym.spec.kwargs["features"] is True
