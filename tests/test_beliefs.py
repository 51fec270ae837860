"""Beliefs (threethirteen.engine.beliefs, PlayerView.beliefs, weighted samples, danger):
the invariants over positions of random play at every table, hidden cards that
never leak into them, weighted samples consistent with the view, and scripted
cases of the model of play."""

from __future__ import annotations

import math
import pickle
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import threethirteen as tt
from tests.game_checks import check_pool, hidden_state, positions, scripted, shuffle_hidden
from threethirteen.engine.beliefs import (
    MODEL,
    BeliefModel,
    danger,
    holding_chances,
    uniform_holding_chances,
    work_out_beliefs,
)


def counts(codes: object) -> np.ndarray:
    return np.bincount(np.array(list(codes), dtype=np.int64), minlength=53).astype(float)


def live_positions() -> list[tuple[str, tt.Game]]:
    return [(name, game) for name, game in positions() if not game.is_over]


position_index = st.integers(min_value=0, max_value=10_000)


def pick(index: int, seat: int) -> tuple[str, tt.Game, int]:
    found = live_positions()
    name, game = found[index % len(found)]
    return name, game, seat % game.players


@settings(max_examples=60, deadline=None)
@given(position_index, st.integers(0, 7))
def test_the_invariants_hold(index: int, seat: int) -> None:
    name, game, player = pick(index, seat)
    view = game.view(player)
    expected = view.beliefs()
    assert expected.dtype == np.float64
    assert expected.shape == (game.players, 53)
    assert np.array_equal(expected[player], counts(view.hand.codes)), name
    assert np.allclose(expected.sum(axis=1), view.hand_sizes, atol=1e-6), name
    assert (expected >= 0).all()
    unseen = counts(view.unseen().codes)
    known = sum(
        (counts(view.known[o].codes) for o in range(game.players) if o != player), np.zeros(53)
    )
    assert (expected.sum(axis=0) <= unseen + known + counts(view.hand.codes) + 1e-6).all(), name
    for other in range(game.players):  # known cards are certain
        if other == player:
            continue
        held = counts(view.known[other].codes)
        assert (expected[other] >= held - 1e-9).all(), name
        assert (expected[other] <= unseen + held + 1e-6).all(), name
    chances = holding_chances(view)
    assert ((chances >= 0) & (chances <= 1)).all()
    for other in range(game.players):
        assert (chances[other][counts(view.known[other].codes) > 0] == 1).all()
    # the returned array is a copy: changing it changes nothing
    expected[:] = -1
    assert (view.beliefs() >= 0).all()


@settings(max_examples=40, deadline=None)
@given(position_index, st.integers(0, 7), st.integers(0, 2**32 - 1))
def test_hidden_cards_never_leak_into_beliefs(index: int, seat: int, seed: int) -> None:
    """Dealt again at random, the hidden cards change nothing: not the beliefs, not
    the danger, not a weighted sample's deal."""
    name, game, player = pick(index, seat)
    shuffled = shuffle_hidden(game, player, np.random.default_rng(seed))
    first, second = game.view(player), shuffled.view(player)
    assert np.array_equal(first.beliefs(), second.beliefs()), name
    assert np.array_equal(danger(first, samples=2), danger(second, samples=2)), name
    one = first.sample(np.random.default_rng(seed), weighted=True)
    two = second.sample(np.random.default_rng(seed), weighted=True)
    assert hidden_state(one, player) == hidden_state(two, player), name


@settings(max_examples=60, deadline=None)
@given(position_index, st.integers(0, 7), st.integers(0, 2**32 - 1))
def test_a_weighted_sample_keeps_the_view(index: int, seat: int, seed: int) -> None:
    name, game, player = pick(index, seat)
    view = game.view(player)
    sample = view.sample(np.random.default_rng(seed), weighted=True)
    assert sample.view(player) == view, name
    assert sample.view(player).to_dict() == view.to_dict(), name
    check_pool(sample)
    for other in range(game.players):
        assert len(sample.hand(other)) == len(game.hand(other))
        assert not Counter(view.known[other].codes) - Counter(sample.hand(other).codes)


def test_weighted_samples_keep_the_view_at_every_table_and_play_on() -> None:
    """Every live position of the test games (all rule sets, 2 to 5 players,
    reshuffles), one weighted sample each, played on a few moves."""
    rng = np.random.default_rng(3)
    kinds = set()
    for name, game in live_positions():
        player = int(rng.integers(game.players))
        view = game.view(player)
        sample = view.sample(rng, weighted=True)
        assert sample.view(player) == view, name
        kinds.add(view.reshuffled is not None)
        for _ in range(3):
            if sample.is_over:
                break
            sample.apply(sample.legal_actions()[0])
    assert kinds == {True, False}


def test_unweighted_samples_are_as_before() -> None:
    """``weighted=False`` is the default sample, draw for draw."""
    for name, game in live_positions()[::7]:
        view = game.view(0)
        first = view.sample(np.random.default_rng(5))
        second = view.sample(np.random.default_rng(5), weighted=False)
        assert hidden_state(first, 0) == hidden_state(second, 0), name


def test_views_stay_equal_and_picklable_after_beliefs() -> None:
    game = tt.Game("pagat", players=3, seed=4)
    for _ in range(9):
        game.apply(game.legal_actions()[0])
    view = game.view(1)
    before = pickle.dumps(view)
    view.beliefs()
    assert view == game.view(1)
    assert pickle.dumps(view) == before
    assert pickle.loads(before).beliefs().tolist() == view.beliefs().tolist()


def hypergeometric_none(total: int, copies: int, places: int) -> float:
    return math.comb(total - copies, places) / math.comb(total, places)


@pytest.mark.parametrize(("preset", "players"), [("pagat", 2), ("pagat", 4), ("bga", 3)])
def test_the_uniform_chances_are_hypergeometric(preset: str, players: int) -> None:
    """The reference: at least one copy of a card among a hand's unknown places,
    counted with binomials."""
    game = tt.Game(preset, players=players, seed=11)
    for _ in range(2 * players + 1):
        game.apply(game.legal_actions()[-1])  # draws from the pile: known cards
    view = game.view(0)
    chances = uniform_holding_chances(view)
    unseen = Counter(view.unseen().codes)
    total = sum(unseen.values())
    for other in range(1, players):
        places = view.hand_sizes[other] - len(view.known[other])
        for code in range(53):
            if code in view.known[other].codes:
                assert chances[other, code] == 1
            else:
                want = 1 - hypergeometric_none(total, unseen[code], places)
                assert chances[other, code] == pytest.approx(want, abs=1e-12), (other, code)


def test_before_any_decision_the_model_is_the_uniform_belief() -> None:
    for seed in range(3):
        view = tt.Game("pagat", players=4, seed=seed).view(2)
        assert np.allclose(holding_chances(view), uniform_holding_chances(view), atol=1e-9)
        expected = view.beliefs()
        unseen = counts(view.unseen().codes)
        assert np.allclose(expected[0], unseen * view.hand_sizes[0] / unseen.sum())


def test_weighted_samples_follow_the_beliefs() -> None:
    """The mean of many weighted deals is near the beliefs (successive sampling is
    close to, not exactly, the fitted expectation)."""
    name, game = next(
        (n, g)
        for n, g in live_positions()
        if "pagat" in n and g.turns > 12 and g.view(0).reshuffled is None
    )
    view = game.view(0)
    state = work_out_beliefs(view)
    rng = np.random.default_rng(1)
    total = np.zeros_like(state.expected)
    draws = 2000
    for _ in range(draws):
        hands, _ = state.deal(rng)
        for other, hand in enumerate(hands):
            total[other] += counts(hand)
    mean = total / draws + state.known
    mean[0] = state.expected[0]
    assert np.abs(mean - state.expected).max() < 0.06, name


# -- scripted cases ------------------------------------------------------------------

SEVEN = ["2c 5d 3h Jc Ks 4h 6s", "Ac 3d 7c 9d Qh Qs Kd"]


def test_a_passed_pile_card_lowers_the_cards_that_meld_with_it() -> None:
    """Player 1 passes the 9h (draws from the stock): the 9s and the 8h and 10h are
    less likely in their hand than under the uniform belief; a card far from the 9h
    more likely (the rows still sum to the hand size)."""
    rules = tt.Rules.preset("pagat", players=2)
    game = scripted(rules, SEVEN, upcard="9h", stock_top="2d")
    game.apply(tt.DrawStock())  # player 1 passes the 9h
    game.apply(tt.DiscardCard(tt.Card.parse("Kd")))
    view = game.view(0)
    chances = holding_chances(view)
    uniform = uniform_holding_chances(view)
    for text in ("9s", "9c", "8h", "10h"):
        code = tt.Card.parse(text).code
        assert chances[1, code] < 0.8 * uniform[1, code], text
    for text in ("2s", "5c"):  # no relation to the 9h or the Kd
        code = tt.Card.parse(text).code
        assert chances[1, code] > uniform[1, code], text
    assert uniform[1, tt.Card.parse("9s").code] == pytest.approx(7 / 43)
    # the other way: taking the 9h raises the cards that meld with it
    game = scripted(rules, SEVEN, upcard="9h", stock_top="2d")
    game.apply(tt.DrawDiscard())
    game.apply(tt.DiscardCard(tt.Card.parse("Kd")))
    view = game.view(0)
    taken = holding_chances(view)
    assert taken[1, tt.Card.parse("9h").code] == 1
    for text in ("9s", "8h", "10h"):
        code = tt.Card.parse(text).code
        assert taken[1, code] > 1.2 * uniform_holding_chances(view)[1, code], text


def test_a_random_player_is_read_as_random() -> None:
    """A player who throws wild cards and throws back what they took soon looks
    random: the model is near the uniform belief for them."""
    rules = tt.Rules.preset("pagat", players=2)
    hands = ["2c 5d 8h Jc Ks 4h 6s", "7d 7h 3d 9d Qh Qs Kd"]  # 7s wild
    game = scripted(rules, hands, upcard="9h", stock_top="2d 3s 4s 5s")
    for throw in ("7d", "7h"):
        game.apply(tt.DrawDiscard())
        game.apply(tt.DiscardCard(tt.Card.parse(throw)))
        game.apply(tt.DrawStock())
        game.apply(tt.DiscardCard(game.hand(0).cards[-1]))
    game.apply(tt.DrawDiscard())
    game.apply(tt.DiscardCard(game.view(1).known[1].cards[0]))  # throws back what it took
    view = game.view(0)
    chances = holding_chances(view)
    uniform = uniform_holding_chances(view)
    assert np.abs(chances[1] - uniform[1]).max() < 0.02


def test_danger_is_high_for_an_opponent_one_card_from_out() -> None:
    """Round of three cards (3s wild): player 1 took the 9h and the 9s from the pile
    and holds them; any 9, any 3 or a card making a meld with its third card puts
    it out. A fresh 13-card deal is far from out."""
    rules = tt.Rules.preset("pagat", players=2)
    game = scripted(rules, ["9s 2c 5d", "Kc Kd 7h"], upcard="9h", stock_top="Qc 6d 4h")
    game.apply(tt.DrawDiscard())  # player 1 takes the 9h
    game.apply(tt.DiscardCard(tt.Card.parse("7h")))
    game.apply(tt.DrawStock())  # player 0 draws the Qc, throws the 9s
    game.apply(tt.DiscardCard(tt.Card.parse("9s")))
    game.apply(tt.DrawDiscard())  # player 1 takes the 9s, throws a K
    game.apply(tt.DiscardCard(tt.Card.parse("Kd")))
    game.apply(tt.DrawStock())
    game.apply(tt.DiscardCard(tt.Card.parse("6d")))
    assert game.to_move == 1
    view = game.view(0)
    found = danger(view, samples=64)
    assert found[0] == 0
    # it holds 9h 9s and one card unknown to player 0: the 9c, the 9d and the four 3s
    # (6 of the 44 unseen) put it out, held or drawn: uniformly about 1 - (38/44)(37/43)
    # = 0.257; the model makes the 9s and 3s likelier in the hand of a player who
    # took two 9s
    assert pytest.approx(0.2569, abs=1e-4) == 1 - (38 / 44) * (37 / 43)
    assert 0.25 < found[1] < 0.45
    view_of_1 = game.view(1)
    assert danger(view_of_1)[1] == 0
    fresh = tt.Game("pagat", players=2, seed=5)
    while fresh.round < 11:
        fresh.apply(tt.GreedyBot().act(fresh.view(fresh.to_move), fresh.legal_actions()))
    assert danger(fresh.view(fresh.to_move), samples=16)[1 - fresh.to_move] < 0.05
    assert danger(view, samples=64)[1] > 0.1


def test_danger_when_the_round_is_ending() -> None:
    """Who has gone out, and who has had their last turn, is in no danger; the
    viewer's own entry is 0."""
    for name, game in live_positions():
        view = game.view(0)
        found = danger(view, samples=1)
        assert found.shape == (game.players,)
        assert found[0] == 0
        assert ((found >= 0) & (found <= 1)).all()
        for other in range(game.players):
            if view.went_out[other] or not view.hand_sizes[other]:
                assert found[other] == 0, name


def test_bad_input_is_refused() -> None:
    view = tt.Game("pagat", players=2, seed=1).view(0)
    with pytest.raises(tt.ThreeThirteenError, match="samples"):
        danger(view, samples=0)
    with pytest.raises(tt.ThreeThirteenError, match="decay"):
        BeliefModel(decay=1.5)
    with pytest.raises(tt.ThreeThirteenError, match="passed"):
        BeliefModel(passed=float("nan"))
    assert BeliefModel() == MODEL
