"""The OpenSpiel game (``threethirteen.adapters.openspiel_game``): OpenSpiel's own consistency
checks, the parameters, chance, actions, returns, serialization, and no leaks: the
observation and information state (tensors and strings) and a resample of a player
do not change when the cards that player cannot see are shuffled among their
places, at every phase of the positions ``tests/test_game_views.py`` plays; and a
resample finds the true hidden cards no more often than chance."""

from __future__ import annotations

import functools
import json
import math
import random
import subprocess
import sys
from collections import Counter
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import threethirteen as tt  # noqa: E402
from tests.game_checks import (  # noqa: E402
    TABLES,
    expected_matches,
    hidden_state,
    labels,
    positions,
    shuffle_hidden,
    without,
)
from threethirteen.adapters import openspiel_game, spaces  # noqa: E402
from threethirteen.adapters.openspiel_game import SEED_BYTES, load_game  # noqa: E402


def dealt(game: Any, seed: int = 1) -> Any:
    """A state of ``game`` with the seed chosen (from ``seed``'s bytes)."""
    state = game.new_initial_state()
    for byte in seed.to_bytes(SEED_BYTES, "big"):
        state.apply_action(byte)
    return state


def play_randomly(state: Any, chooser: random.Random, actions: int) -> Any:
    for _ in range(actions):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[chooser.randrange(len(outcomes))][0])
        else:
            state.apply_action(chooser.choice(state.legal_actions()))
    return state


def sampler(seed: int) -> Any:
    return random.Random(seed).random


# -- OpenSpiel's checks ------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "players", "variations", "max_turns", "rewards", "sims"),
    [
        ("pagat", 2, "", 20, "game", 2),
        ("bga", 4, "redemption", 12, "round", 1),
        ("family", 3, "jokers", 12, "game", 1),
        ("wikipedia", 3, "separate-discards+false-out:30", 10, "round", 1),
    ],
)
def test_openspiels_random_simulation_test_passes(
    rules: str, players: int, variations: str, max_turns: int, rewards: str, sims: int
) -> None:
    """OpenSpiel's ``random_sim_test``: legal actions sorted and with unique strings,
    chance outcomes summing to 1, clones and serialization (pickled Python state)
    equal, tensor sizes, rewards adding up to the returns, returns summing to 0 and
    within the utility bounds, and a game no longer than ``max_game_length``."""
    game = load_game(rules, players, variations, max_turns, rewards)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_the_game_is_registered_with_its_parameters() -> None:
    assert openspiel_game.SHORT_NAME in pyspiel.registered_names()
    game = pyspiel.load_game("python_threethirteen")
    assert str(game) == (
        "python_threethirteen(chance=seed,max_turns=200,players=2,reward_scale=1.0,rewards=game,"
        "rules=pagat,"
        "variations=)"
    )
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert load_game(rewards="round").get_type().reward_model == (
        pyspiel.GameType.RewardModel.REWARDS
    )
    assert game.num_players() == 2
    assert game.max_chance_outcomes() == 256
    assert game.num_distinct_actions() == spaces.action_count(
        tt.Rules.preset("pagat", players=2), 2
    )
    assert game.observation_tensor_shape() == list(
        spaces.observation_shape(tt.Rules.preset("pagat", players=2), 2)
    )
    size = game.observation_tensor_shape()[0]
    assert game.information_state_tensor_shape() == [size + 2 * 55]  # a summary: see below
    assert kind.provides_information_state_string
    assert not kind.provides_information_state_tensor  # not perfect recall


@pytest.mark.parametrize(
    ("params", "error", "message"),
    [
        ({"rules": "gin"}, tt.InvalidRulesError, "unknown preset 'gin'"),
        ({"variations": "jokers+flying"}, tt.InvalidRulesError, "unknown variation 'flying'"),
        ({"variations": "jokers,aces-high"}, tt.GameError, "names joined by '\\+'"),
        ({"max_turns": 0}, tt.GameError, "max_turns must be at least 1, not 0"),
        ({"rewards": "turn"}, tt.GameError, "rewards are 'game' or 'round', not 'turn'"),
        ({"chance": "dice"}, tt.GameError, "chance is 'seed' or 'cards', not 'dice'"),
        ({"players": 9, "rules": "bga"}, tt.InvalidRulesError, "9"),
    ],
)
def test_bad_parameters_are_named(params: dict[str, Any], error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        pyspiel.load_game("python_threethirteen", params)


def test_the_seed_chance_nodes_deal_the_engines_game() -> None:
    game = load_game("pagat", players=3)
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 256
    assert math.isclose(sum(p for _, p in outcomes), 1.0)
    assert str(state) == "dealing: 0 of 4 seed bytes chosen"
    for byte in (0, 1, 2, 3):
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, byte + 7) == (
            f"seed byte {byte}: {byte + 7}"
        )
        state.apply_action(byte)
    engine = tt.Game("pagat", players=3, seed=0x00010203, max_turns=200)
    assert state.engine_game is not None
    assert [state.engine_game.hand(p) for p in range(3)] == [engine.hand(p) for p in range(3)]
    assert state.engine_game.stock == engine.stock
    assert state.current_player() == engine.to_move == 1
    assert state.history() == [0, 1, 2, 3]


def test_actions_are_the_indices_of_spaces() -> None:
    state = play_randomly(
        dealt(load_game("family", players=3, max_turns=40), 5), random.Random(5), 60
    )
    engine = state.engine_game
    view = engine.view(engine.to_move)
    legal = engine.legal_actions()
    indices = sorted({spaces.action_to_index(action, view) for action in legal})
    assert state.legal_actions() == indices
    mask = spaces.action_mask(view, legal)
    assert state.legal_actions_mask() == mask.tolist()
    for index in indices:
        action = spaces.index_to_action(index, view, legal)
        assert state.action_to_string(engine.to_move, index) == str(action)
    clone = state.clone()
    clone.apply_action(indices[-1])
    engine.apply(spaces.index_to_action(indices[-1], view, legal))
    assert clone.engine_game.view(0) == engine.view(0)
    assert state.legal_actions(engine.to_move + 1) == []  # others have none
    other = (engine.to_move + 1) % 3
    assert state.action_to_string(other, 0) == "draw stock"  # not legal now: described
    assert state.action_to_string(other, 10**6) == "action 1000000"


def test_an_illegal_index_is_refused() -> None:
    state = dealt(load_game())
    with pytest.raises(tt.ThreeThirteenError):
        state.apply_action(100)


def test_returns_are_the_others_mean_total_less_ones_own() -> None:
    """The returns are the PettingZoo and Gymnasium environments' zero-sum rewards
    (spaces.score_rewards): the mean of the other players' totals less one's own."""
    for rewards in ("game", "round"):
        game = load_game("pagat", players=3, max_turns=6, rewards=rewards)
        state = dealt(game, 9)
        chooser = random.Random(9)
        collected = np.zeros(3)
        while not state.is_terminal():
            state.apply_action(chooser.choice(state.legal_actions()))
            collected += state.rewards()
            assert np.allclose(collected, state.returns())
            if rewards == "game" and not state.is_terminal():
                assert state.returns() == [0.0, 0.0, 0.0]
        totals = state.engine_game.totals
        others = [(sum(totals) - total) / 2 for total in totals]
        assert state.returns() == [mean - total for mean, total in zip(others, totals, strict=True)]
        assert state.returns() == spaces.score_rewards(totals)
        assert abs(sum(state.returns())) < 1e-9
        assert len(state.engine_game.round_scores) == 11


def test_a_serialized_state_plays_on_the_same() -> None:
    game = load_game("bga", players=3, variations="redemption", max_turns=30)
    state = play_randomly(dealt(game, 3), random.Random(3), 150)
    text = pyspiel.serialize_game_and_state(game, state)
    again_game, again = pyspiel.deserialize_game_and_state(text)
    assert str(again_game) == str(game)
    assert str(again) == str(state)
    assert again.history() == state.history()
    play_randomly(state, random.Random(4), 100)
    play_randomly(again, random.Random(4), 100)
    assert str(again) == str(state)


def test_a_state_from_an_engines_game_is_a_copy_of_it() -> None:
    engine = tt.Game("pagat", players=2, seed=8, max_turns=200)
    table = load_game()
    state = table.state_from_engine(engine)
    state.apply_action(state.legal_actions()[0])
    assert engine.phase == "draw"
    assert state.engine_game.phase == "play"
    with pytest.raises(tt.GameError, match="is not at this table"):
        table.state_from_engine(tt.Game("pagat", players=3, seed=8, max_turns=200))


def test_observers_refuse_what_they_do_not_give() -> None:
    game = load_game()
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(tt.GameError, match="single player's private and public"):
        game.make_py_observer(public)
    with pytest.raises(tt.GameError, match="no parameters"):
        game.make_py_observer(None, {"x": 1})


def test_the_strings_are_the_view() -> None:
    state = play_randomly(dealt(load_game("pagat", players=2), 2), random.Random(2), 30)
    view = state.view(0)

    data = view.to_dict()
    assert json.loads(state.information_state_string(0)) == {"past": [], "view": data}
    for key in ("history", "false_outs", "dealt_hand", "stock_draws"):
        del data[key]
    assert json.loads(state.observation_string(0)) == data
    history = np.array(state.information_state_tensor(1)[-2 * 55 :]).reshape(2, 55)
    discards = Counter(
        (player, action.card.code)
        for player, action in view.history
        if isinstance(action, tt.DiscardCard)
    )
    for player, code in discards:
        assert history[(player - 1) % 2, code] == discards[player, code]
    assert history[:, 53:].sum() == sum(
        isinstance(action, (tt.DrawStock, tt.DrawDiscard)) for _, action in view.history
    )


def round_one(state: Any, from_stock: bool) -> Any:
    """Play round 1 of a 2-turn pagat game: each player draws (player 1 from the
    stock or the discard pile, player 0 from the stock) and discards the card drawn,
    so both histories end with the same hands, scores and totals."""
    for turn in range(2):
        engine = state.engine_game
        player = engine.to_move
        view = engine.view(player)
        if turn == 0 and not from_stock:
            state.apply_action(spaces.action_to_index(tt.DrawDiscard(), view))
            card = view.piles[0][-1]
        else:
            state.apply_action(spaces.action_to_index(tt.DrawStock(), view))
            card = state.engine_game.view(player).stock_draws[-1]
        view = state.engine_game.view(player)
        state.apply_action(spaces.action_to_index(tt.DiscardCard(card), view))
    return state


def test_the_information_state_string_has_perfect_recall() -> None:
    game = load_game("pagat", players=2, max_turns=2)
    one, two = (round_one(dealt(game, 9), from_stock) for from_stock in (True, False))
    assert one.engine_game.round == two.engine_game.round == 2
    assert one.engine_game.totals == two.engine_game.totals
    for player in (0, 1):
        # the views of round 2 are the same: the observation cannot tell them apart
        assert one.view(player).to_dict() == two.view(player).to_dict()
        assert one.observation_string(player) == two.observation_string(player)
        assert one.observation_tensor(player) == two.observation_tensor(player)
        # the information states remember round 1: player 1 drew from another place,
        # player 0 saw it
        assert one.information_state_string(player) != two.information_state_string(player)
    data = json.loads(one.information_state_string(1))
    assert data["view"] == one.view(1).to_dict()
    [past] = data["past"]
    assert past["public"]["round"] == 1
    assert past["public"]["scores"] == list(one.engine_game.round_scores[0])
    assert [entry.get("type") for entry in past["public"]["history"]] == [
        "draw",
        "discard",
        "draw",
        "discard",
    ]
    assert set(past["own"]) == {"dealt_hand", "stock_draws"}
    assert len(past["own"]["stock_draws"]) == 1
    assert json.loads(two.information_state_string(1))["past"][0]["own"]["stock_draws"] == []


def test_the_reward_scale_scales_rewards_returns_and_utilities() -> None:
    plain = load_game("pagat", players=3, max_turns=6, rewards="round")
    scaled = load_game("pagat", players=3, max_turns=6, rewards="round", reward_scale=0.01)
    assert scaled.max_utility() == pytest.approx(plain.max_utility() * 0.01)
    assert scaled.min_utility() == pytest.approx(plain.min_utility() * 0.01)
    one, two = dealt(plain, 3), dealt(scaled, 3)
    chooser = random.Random(3)
    while not one.is_terminal():
        action = chooser.choice(one.legal_actions())
        one.apply_action(action)
        two.apply_action(action)
        assert two.rewards() == pytest.approx([reward * 0.01 for reward in one.rewards()])
    assert two.returns() == pytest.approx([value * 0.01 for value in one.returns()])
    with pytest.raises(tt.GameError, match=r"^a reward scale must be above 0, not -1.0$"):
        load_game(reward_scale=-1.0)


def test_the_information_state_string_holds_every_round_and_nothing_hidden() -> None:
    game = load_game("pagat", players=3, max_turns=8)
    state = play_randomly(dealt(game, 4), random.Random(4), 10_000)
    assert state.is_terminal()
    engine = state.engine_game
    for player in range(3):
        data = json.loads(state.information_state_string(player))
        assert [entry["public"]["round"] for entry in data["past"]] == list(range(1, 12))
        assert [entry["public"]["scores"] for entry in data["past"]] == [
            list(scores) for scores in engine.round_scores
        ]
        record = engine.to_record()["rounds"]
        for entry, recorded in zip(data["past"], record, strict=True):
            assert entry["own"]["dealt_hand"] == sorted(
                recorded["deal"]["hands"][player], key=lambda card: tt.Card.parse(card).code
            )
            assert entry["public"]["upcard"] == recorded["deal"]["upcard"]
            # a draw from the stock says which card only in the drawer's own part
            drawn = [e for e in entry["public"]["history"] if e.get("source") == "stock"]
            assert drawn
            assert all(set(e) == {"type", "source", "player"} for e in drawn)


# -- no leaks ----------------------------------------------------------------------


@functools.cache
def table_game(preset: str, variations: tuple[str, ...], players: int, max_turns: int) -> Any:
    return load_game(preset, players, variations, max_turns)


def state_of(game: tt.Game) -> Any:
    rules = game.rules
    table = table_game(rules.name, rules.variations, game.players, game.max_turns or 200)
    return table.state_from_engine(game)


def everything_seen(state: Any, player: int) -> tuple[Any, ...]:
    """What the OpenSpiel state shows ``player``, and a resample for them (with a
    fixed sampler)."""
    resample = state.resample_from_infostate(player, sampler(player))
    return (
        state.observation_tensor(player),
        state.observation_string(player),
        state.information_state_tensor(player),
        state.information_state_string(player),
        str(resample),
    )


@pytest.mark.slow
def test_nothing_changes_when_the_hidden_cards_are_shuffled() -> None:
    rng = np.random.default_rng(14)
    kinds: Counter[str] = Counter()
    changed = checked = 0
    for name, game in positions():
        kinds.update(labels(game))
        state = state_of(game)
        for player in range(game.players):
            seen = everything_seen(state, player)
            shuffled = shuffle_hidden(game, player, rng)
            assert everything_seen(state_of(shuffled), player) == seen, name
            changed += hidden_state(shuffled, player) != hidden_state(game, player)
            checked += 1
    assert changed > 0.9 * checked
    for kind in ("last turns", "redemption", "table play", "after a reshuffle", "over"):
        assert kinds[kind] > 0, kind


def test_nothing_changes_when_the_hidden_cards_are_shuffled_short() -> None:
    """The short version for every run: a position of each kind of each table."""
    rng = np.random.default_rng(15)
    seen_kinds: set[tuple[str, str]] = set()
    for name, game in positions():
        table = name.split(" #")[0].split(" over")[0]
        fresh = {(table, kind) for kind in labels(game)} - seen_kinds
        if not fresh:
            continue
        seen_kinds |= fresh
        state = state_of(game)
        for player in range(game.players):
            seen = everything_seen(state, player)
            assert everything_seen(state_of(shuffle_hidden(game, player, rng)), player) == seen
    assert len({table for table, _ in seen_kinds}) == len(TABLES)


def test_a_resample_keeps_the_information_state() -> None:
    state = play_randomly(dealt(load_game("bga", players=3, max_turns=40), 6), random.Random(6), 80)
    player = state.current_player()
    for seed in range(5):
        resample = state.resample_from_infostate(player, sampler(seed))
        assert resample.information_state_string(player) == state.information_state_string(player)
        assert resample.information_state_tensor(player) == state.information_state_tensor(player)
        assert resample.current_player() == player
        assert resample.history() == []
        play_randomly(resample, random.Random(seed), 10_000)
        assert resample.is_terminal()


def test_a_resample_during_the_deal_chooses_the_seed_bytes_again() -> None:
    state = load_game().new_initial_state()
    state.apply_action(77)
    resample = state.resample_from_infostate(0, sampler(1))
    assert str(resample) == "dealing: 1 of 4 seed bytes chosen"
    assert resample.is_chance_node()


@pytest.mark.parametrize(("preset", "players", "seed"), [("pagat", 2, 41), ("wikipedia", 4, 42)])
def test_resamples_find_the_true_cards_no_more_often_than_chance(
    preset: str, players: int, seed: int
) -> None:
    """As ``tests/test_game_views.py`` checks ``PlayerView.sample``: the opponents'
    unknown cards of a resample match the true ones as often as a uniform deal of
    the hidden cards would (within 5 standard errors), and the stock's top card is
    the true one as often as chance."""
    state = dealt(load_game(preset, players=players, max_turns=100), seed)
    chooser = random.Random(seed)
    for _ in range(9 * players):  # mid round 1, a few cards taken from the pile
        legal = state.legal_actions()
        state.apply_action(legal[1] if len(legal) == 2 and chooser.random() < 0.5 else legal[0])
    game = state.engine_game
    assert game.round == 1
    assert game.view(0).reshuffled is None
    viewer = (game.to_move + 1) % players
    view = game.view(viewer)
    hidden = Counter(view.unseen().codes)
    truths = {
        other: without(game.hand(other).codes, view.known[other].codes)
        for other in range(players)
        if other != viewer
    }
    expected = sum(expected_matches(hidden, truth, len(truth)) for truth in truths.values())
    top = game.stock[0].code
    samples = 1500
    draw = random.Random(seed).random
    matches = []
    tops = 0
    for _ in range(samples):
        sample = state.resample_from_infostate(viewer, draw).engine_game
        count = 0
        for other, truth in truths.items():
            cards = without(sample.hand(other).codes, view.known[other].codes)
            count += sum((Counter(cards) & Counter(truth)).values())
        matches.append(count)
        tops += sample.stock[0].code == top
    mean = float(np.mean(matches))
    error = float(np.std(matches)) / math.sqrt(samples)
    assert abs(mean - expected) <= 5 * error, (mean, expected, error)
    most = sum(len(truth) for truth in truths.values())
    assert abs(0.1 * most + 0.9 * expected - expected) > 10 * error  # a 10% leak would show
    chance = hidden[top] / sum(hidden.values())
    spread = math.sqrt(samples * chance * (1 - chance))
    assert abs(tops - samples * chance) <= 5 * spread, (tops, samples * chance, spread)


def test_openspiels_make_observation_gives_the_same_tensors_and_strings() -> None:
    from open_spiel.python.observation import make_observation

    game = load_game("bga", players=3, max_turns=40)
    state = play_randomly(dealt(game, 12), random.Random(12), 70)
    observation = make_observation(game)
    information = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    for player in range(3):
        observation.set_from(state, player)
        assert observation.tensor.tolist() == state.observation_tensor(player)
        assert observation.string_from(state, player) == state.observation_string(player)
        information.set_from(state, player)
        assert information.tensor.tolist() == state.information_state_tensor(player)
        assert information.string_from(state, player) == state.information_state_string(player)
    assert list(information.dict) == ["observation", "history"]
    assert information.dict["history"].shape == (3, 55)


# -- chance="cards" ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "players", "variations", "max_turns"),
    [("pagat", 2, "", 60), ("family", 3, "jokers+double-naughts", 12)],
)
def test_openspiels_random_simulation_test_passes_with_card_chance(
    rules: str, players: int, variations: str, max_turns: int
) -> None:
    game = load_game(rules, players, variations, max_turns, chance="cards")
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def deal_in_order(state: Any, order: list[int]) -> None:
    for code in order:
        outcomes = dict(state.chance_outcomes())
        assert code in outcomes
        state.apply_action(code)


def test_card_chance_deals_the_cards_chosen() -> None:
    game = load_game("pagat", players=3, chance="cards")
    assert game.max_chance_outcomes() == 53
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert [code for code, _ in outcomes] == list(range(52))
    assert {p for _, p in outcomes} == {2 / 104}  # two decks for 3 players
    order = tt.engine.dealing.pool_codes(2, 0)
    random.Random(1).shuffle(order)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, order[0]) == f"deal {tt.Card(order[0])}"
    deal_in_order(state, order[:5])
    assert str(state) == "dealing: 5 cards dealt: " + " ".join(
        str(tt.Card(code)) for code in order[:5]
    )
    assert state.view(0) is None
    assert state.observation_string(0) == "player 0: dealing"
    deal_in_order(state, order[5:])
    engine = state.engine_game
    for player in range(3):  # dealt one at a time from the dealer's left (player 1)
        assert engine.hand(player) == tt.Hand.from_codes(order[(player - 1) % 3 : 9 : 3])
    assert engine.piles == ((tt.Card(order[9]),),)
    assert engine.stock == tuple(tt.Card(code) for code in order[10:])
    assert state.current_player() == 1
    assert len(state.history()) == 104


def play_to_chance(state: Any, chooser: random.Random, kind: str) -> None:
    """Random play, every deal in card order, until a chance node of ``kind``."""
    while True:
        if state.is_chance_node():
            if str(state).startswith(kind):
                return
            deal_in_order(state, [code for code, _ in state.chance_outcomes()])
        else:
            state.apply_action(chooser.choice(state.legal_actions()))


def test_card_chance_deals_every_reshuffle_and_every_round() -> None:
    state = load_game("pagat", players=2, max_turns=200, chance="cards").new_initial_state()
    chooser = random.Random(2)
    play_to_chance(state, chooser, "reshuffling")
    engine = state.engine_game
    cards = [code for code, _ in state.chance_outcomes()]
    assert len(engine.piles[0]) == 1  # the top card stays; the rest is reshuffled
    assert sorted(cards) == sorted(card.code for card in engine.view(0).reshuffled)
    with pytest.raises(tt.GameError, match="not while dealing"):
        state.resample_from_infostate(0, sampler(0))
    order = cards[::-1]  # one deck: one of each
    deal_in_order(state, order)
    engine = state.engine_game
    assert engine.stock == tuple(tt.Card(code) for code in order)
    reshuffles = [
        entry
        for entry in engine.to_record()["rounds"][-1]["actions"]
        if entry.get("type") == "reshuffle"
    ]
    assert reshuffles[-1]["stock"] == [str(tt.Card(code)) for code in order]
    number, totals = engine.round, engine.totals
    play_to_chance(state, chooser, "dealing")
    assert str(state) == "dealing: 0 cards dealt"
    assert state.engine_game.totals != totals  # the round was scored
    order = [code for code, _ in reversed(state.chance_outcomes())]
    deal_in_order(state, order)
    engine = state.engine_game
    assert engine.round == number + 1
    first = engine.to_move
    assert engine.hand(first) == tt.Hand.from_codes(order[0 : 2 * engine.cards_dealt : 2])


def test_a_resample_with_card_chance_deals_by_itself() -> None:
    game = load_game("pagat", players=2, max_turns=10, chance="cards")
    state = play_randomly(game.new_initial_state(), random.Random(3), 200)
    assert not state.is_chance_node()
    resample = state.resample_from_infostate(state.current_player(), sampler(3))
    chooser = random.Random(4)
    while not resample.is_terminal():
        assert not resample.is_chance_node()
        resample.apply_action(chooser.choice(resample.legal_actions()))


VARIATION_TABLES = [
    (preset, variation)
    for preset in ("pagat", "family")
    for variation in (
        "aces-high:13",
        "jokers",
        "longer-game",
        "up-and-back",
        "doubles",
        "false-out:20",
        "second-count",
        "first-out-bonus:wild",
        "double-naughts",
        "redemption",
        "no-all-wild-melds",
        "separate-discards+joker-discards+jokers",
        "go-around-first",
    )
]


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "variations"), VARIATION_TABLES)
def test_openspiels_random_simulation_test_passes_for_every_variation(
    preset: str, variations: str
) -> None:
    game = load_game(preset, 3, variations, max_turns=6)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_without_pyspiel_the_import_says_which_extra() -> None:
    code = (
        "import sys; sys.modules['pyspiel'] = None\n"
        "try:\n    import threethirteen.adapters.openspiel_game\n"
        "except ModuleNotFoundError as error:\n    print(error)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout == (
        "threethirteen.adapters.openspiel_game needs OpenSpiel (pyspiel is missing):"
        " pip install 'threethirteen[openspiel]'\n"
    )
