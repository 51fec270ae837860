"""The PettingZoo environment (``threethirteen.adapters.envs``): PettingZoo's own API and seed
tests over presets, variations and player counts; the observations, masks and
rewards against the engine; illegal actions; and no leaks: an agent's observation
is unchanged when the cards it cannot see are shuffled among their places, in
every phase (draws and plays, last turns after someone went out, redemption,
table play, after reshuffles, separate discard piles, the game over).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, render_test, seed_test

import threethirteen as tt
from tests.game_checks import RandomPlayer, hidden_state, labels, shuffle_hidden
from threethirteen.adapters import spaces
from threethirteen.adapters.envs import bot_action, env, raw_env

API_WARNINGS = (
    # What PettingZoo's api_test says of every environment with dict observations
    # and action masks (its own classic games too): the observation is a dict, and
    # after the game ends the agents not yet removed have no legal action.
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Action mask numpy array is all zeros:UserWarning",
)

TABLES = (
    # preset, variations, players, max_turns
    ("pagat", (), 2, 30),
    ("pagat", (), 4, 30),
    ("family", ("jokers",), 3, 40),  # table play
    ("bga", ("redemption", "jokers"), 4, 40),
    ("wikipedia", ("separate-discards", "false-out"), 4, 40),
    ("pagat", ("separate-discards", "joker-discards", "jokers"), 3, 40),
    ("pagat", (), 2, 200),  # long rounds: reshuffles
)


def table_id(table: tuple[str, tuple[str, ...], int, int]) -> str:
    preset, variations, players, max_turns = table
    return f"{preset}{'+' if variations else ''}{'+'.join(variations)}-{players}p-{max_turns}"


# -- PettingZoo's tests ------------------------------------------------------------


@pytest.mark.filterwarnings(*API_WARNINGS)
@pytest.mark.parametrize("table", TABLES[:6], ids=table_id)
def test_the_api_test_passes(table: tuple[str, tuple[str, ...], int, int]) -> None:
    preset, variations, players, max_turns = table
    api_test(env(preset, players, variations=variations, max_turns=max_turns), num_cycles=150)


@pytest.mark.filterwarnings(*API_WARNINGS)
@pytest.mark.parametrize("reward", ["game", "round"])
def test_the_api_test_passes_to_the_end_of_games(reward: str) -> None:
    """Short games (the turn limit 4): the api test plays several to their end."""
    api_test(env("pagat", 3, reward=reward, max_turns=4), num_cycles=400)  # type: ignore[arg-type]


@pytest.mark.parametrize("table", TABLES[:6:2], ids=table_id)
def test_the_seed_test_passes(table: tuple[str, tuple[str, ...], int, int]) -> None:
    preset, variations, players, max_turns = table
    seed_test(
        lambda: env(preset, players, variations=variations, max_turns=max_turns), num_cycles=100
    )


def test_the_render_test_passes(capsys: pytest.CaptureFixture[str]) -> None:
    render_test(lambda render_mode: env("family", 3, render_mode=render_mode))
    assert "(this view)" in capsys.readouterr().out  # "human" printed


def test_the_package_imports_neither_framework() -> None:
    code = (
        "import sys, threethirteen, threethirteen.adapters.spaces; "
        "print(sorted(m for m in ('pettingzoo', 'gymnasium') if m in sys.modules))"
    )
    found = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert found.stdout == "[]\n"


def test_reset_with_a_seed_deals_that_game() -> None:
    game_env = raw_env("pagat", 3, max_turns=20)
    game_env.reset(seed=12345)
    assert game_env.game.seed == 12345
    assert game_env.game.view(0) == tt.Game("pagat", 3, seed=12345, max_turns=20).view(0)
    first = game_env.observe("player_2")["observation"]
    game_env.reset()  # the next seed comes from the seeded generator
    following = game_env.game.seed
    game_env.reset(seed=12345)
    assert np.array_equal(game_env.observe("player_2")["observation"], first)
    game_env.reset()
    assert game_env.game.seed == following
    assert following != 12345


def test_the_environment_describes_itself() -> None:
    game_env = env("family", 4, variations=["jokers"])
    bare = game_env.unwrapped
    assert isinstance(bare, raw_env)
    assert bare.metadata == {
        "name": "threethirteen_v0",
        "is_parallelizable": False,
        "render_modes": ["human", "ansi", "rgb_array"],
        "render_fps": 4,
    }
    game_env.reset(seed=0)
    assert game_env.possible_agents == ["player_0", "player_1", "player_2", "player_3"]
    count = spaces.action_count(bare.rules, 4)
    shape = spaces.observation_shape(bare.rules, 4)
    for agent in game_env.possible_agents:
        assert game_env.action_space(agent).n == count
        space = game_env.observation_space(agent)
        assert space["observation"].shape == shape
        assert space["observation"].dtype == np.float32
        assert space["action_mask"].shape == (count,)
        assert space["action_mask"].dtype == np.int8


# -- observations and rewards ------------------------------------------------------


def play_through(game_env: raw_env, seed: int, **player: float) -> Iterator[tt.Action]:
    """Play the environment's game to its end with the engine's random player (it
    goes out, lays melds and lays off, unlike a uniform random agent), stepping
    with each action's index; yield each action after it is taken."""
    chooser = RandomPlayer(seed, **player)
    game = game_env.game
    while not game.is_over:
        assert game_env.agent_selection == f"player_{game.to_move}"
        action = chooser.choose(game)
        game_env.step(spaces.action_to_index(action, game.view(game.to_move)))
        yield action
        game = game_env.game


def test_observations_are_the_views_encoded_and_the_masks_the_legal_actions() -> None:
    game_env = raw_env("family", 3, variations=["jokers"], max_turns=40)
    game_env.reset(seed=3)
    steps = 0
    for _ in play_through(game_env, 3):
        game = game_env.game
        for seat, agent in enumerate(game_env.possible_agents):
            observation = game_env.observe(agent)
            view = game.view(seat)
            assert np.array_equal(observation["observation"], spaces.encode_observation(view))
            assert observation["observation"].dtype == np.float32
            mask = observation["action_mask"]
            assert mask.dtype == np.int8
            if seat == game.to_move:
                legal = game.legal_actions()
                assert np.array_equal(mask, spaces.action_mask(view, legal))
                assert set(np.flatnonzero(mask)) == {
                    spaces.action_to_index(action, view) for action in legal
                }
            else:
                assert not mask.any()
        steps += 1
        if steps == 300:
            break
    assert steps == 300


def final_rewards(reward: str, zero_sum: bool, seed: int) -> tuple[list[float], tt.Game]:
    """Each agent's rewards of every step added up over a whole game, and the game."""
    game_env = raw_env("pagat", 3, reward=reward, zero_sum=zero_sum, max_turns=12)  # type: ignore[arg-type]
    game_env.reset(seed=seed)
    totals = [0.0, 0.0, 0.0]
    for _ in play_through(game_env, seed):
        for seat, agent in enumerate(game_env.possible_agents):
            totals[seat] += game_env.rewards[agent]
    return totals, game_env.game


@pytest.mark.parametrize("seed", [1, 2])
def test_game_rewards_are_the_totals_and_round_rewards_add_up_to_them(seed: int) -> None:
    game_rewards, game = final_rewards("game", True, seed)
    a, b, c = game.totals
    assert game.is_over
    assert game_rewards == pytest.approx([(b + c) / 2 - a, (a + c) / 2 - b, (a + b) / 2 - c])
    assert sum(game_rewards) == pytest.approx(0)
    round_rewards, same = final_rewards("round", True, seed)
    assert same.totals == game.totals
    assert round_rewards == pytest.approx(game_rewards)
    plain, game = final_rewards("game", False, seed)
    assert plain == [-a, -b, -c]
    plain_rounds, _ = final_rewards("round", False, seed)
    assert plain_rounds == pytest.approx(plain)


def test_round_rewards_come_at_the_end_of_each_round() -> None:
    game_env = raw_env("pagat", 2, reward="round", max_turns=6)
    game_env.reset(seed=8)
    seen = []
    for _ in play_through(game_env, 8):
        rewards = tuple(game_env.rewards.values())
        if len(game_env.game.round_scores) > len(seen):
            seen.append(rewards)
        else:
            assert rewards == (0.0, 0.0)
    game = game_env.game
    assert len(game.round_scores) == 11
    expected = [(float(b - a), float(a - b)) for a, b in game.round_scores]
    assert seen == expected


def test_the_last_agent_to_observe_sees_the_rewards_and_the_end() -> None:
    game_env = env("pagat", 2, max_turns=3, reward="game")
    game_env.reset(seed=4)
    for agent in game_env.agent_iter(10_000):
        observation, reward, termination, truncation, info = game_env.last()
        assert not truncation
        assert info == {}
        if termination:
            totals = game_env.unwrapped.game.totals
            seat = int(agent[-1])
            assert reward == float(totals[1 - seat] - totals[seat])
            assert not observation["action_mask"].any()
            game_env.step(None)
        else:
            game_env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert game_env.agents == []


# -- illegal actions and bad input ------------------------------------------------


def illegal_step(game_env: Any) -> tuple[str, dict[str, float]]:
    """Take an illegal action in a fresh game: the agent that took it, and the rewards."""
    game_env.reset(seed=2)
    agent = game_env.agent_selection
    observation, *_ = game_env.last()
    game_env.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    assert all(game_env.terminations.values())
    return agent, dict(game_env.rewards)


def test_an_illegal_action_ends_the_game_with_a_penalty(caplog: pytest.LogCaptureFixture) -> None:
    agent, rewards = illegal_step(env("pagat", 3, reward="game"))
    assert "Illegal move made" in caplog.text  # PettingZoo's log
    assert rewards.pop(agent) == -990.0  # pagat: the sum over rounds of (dealt + 1) * 10
    assert list(rewards.values()) == [0, 0]


@pytest.mark.parametrize(
    ("made", "penalty"),
    [
        (lambda: env("pagat", 2, reward="round"), -140.0),  # the largest round: 13 + 1 cards
        (lambda: env("pagat", 2, illegal_reward=-5), -5.0),
        (
            lambda: env("bga", 2, reward="game"),
            -50.0 * sum(d + 1 for d in tt.Rules.preset("bga").rounds),
        ),
        (
            lambda: env("family", 2, variations=["doubles"], reward="round"),
            -2 * 14 * 15.0,
        ),  # aces 15
    ],
)
def test_the_penalty_can_be_chosen_and_bounds_a_loss(made: Any, penalty: float) -> None:
    agent, rewards = illegal_step(made())
    assert rewards[agent] == penalty


def test_the_raw_environment_says_why_an_action_is_illegal() -> None:
    game_env = raw_env("pagat", 2)
    game_env.reset(seed=2)
    mask = game_env.observe(game_env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(tt.ThreeThirteenError, match=str(illegal)):
        game_env.step(illegal)
    with pytest.raises(
        tt.GameError, match=r"^player_1 is playing: an action is an index, not None$"
    ):
        game_env.step(None)
    with pytest.raises(tt.GameError, match=r"^an action index must be an int, not 'draw stock'$"):
        game_env.step("draw stock")  # type: ignore[arg-type]
    with pytest.raises(tt.ThreeThirteenError, match="100000"):
        game_env.step(100_000)


def pettingzoo_wrapped(bare: raw_env, illegal_reward: float) -> Any:
    """The environment in PettingZoo's own three wrappers, as its classic games are."""
    from pettingzoo.utils import wrappers

    wrapped = wrappers.TerminateIllegalWrapper(bare, illegal_reward=illegal_reward)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(wrapped))


def outcome(game_env: Any, call: Any) -> tuple[Any, ...]:
    """What a call does: its error (type and message) or result, and the state after."""
    try:
        result: Any = call()
    except Exception as error:  # any error: both must give the same
        result = (type(error).__name__, str(error))
    if isinstance(result, dict):  # an observation: compared as lists
        result = as_lists(result)
    elif isinstance(result, tuple) and result and isinstance(result[0], dict):
        result = (as_lists(result[0]), *result[1:])
    try:
        state: Any = (
            game_env.agent_selection,
            dict(game_env.rewards),
            dict(game_env._cumulative_rewards),
            dict(game_env.terminations),
            dict(game_env.truncations),
            list(game_env.agents),
        )
    except AttributeError as error:
        state = str(error)
    return result, state


def as_lists(observation: dict[str, np.ndarray]) -> dict[str, list[float]]:
    return {key: value.tolist() for key, value in observation.items()}


@pytest.mark.parametrize("seed", range(6))
def test_env_behaves_as_pettingzoo_s_three_wrappers(seed: int) -> None:
    """``env()``'s one wrapper against PettingZoo's three, call for call: random calls
    (legal, illegal, out of range and None actions; before reset, after the end)."""
    rng = np.random.default_rng(seed)
    ours = env("pagat", 2, max_turns=6, reward="game")
    theirs = pettingzoo_wrapped(raw_env("pagat", 2, max_turns=6, reward="game"), -990.0)
    assert str(ours) == str(theirs) == "threethirteen_v0"
    for _ in range(300):
        kind = rng.choice(["reset", "last", "step", "step", "step", "step", "bad", "observe"])
        calls: list[Any] = []
        for game_env in (ours, theirs):
            if kind == "reset":
                calls.append(lambda e=game_env: e.reset(seed=int(seed)))
            elif kind == "last":
                calls.append(lambda e=game_env: e.last())
            elif kind == "observe":
                calls.append(lambda e=game_env: e.observe("player_0"))
            else:
                calls.append(kind)
        if kind in ("step", "bad"):
            try:
                observation = ours.unwrapped.observe(ours.unwrapped.agent_selection)
                legal = np.flatnonzero(observation["action_mask"])
            except AttributeError:
                legal = np.array([], dtype=int)
            if kind == "bad" or not len(legal):
                action: int | None = [None, 3, 200, -1][int(rng.integers(4))]
            else:
                action = int(rng.choice(legal))
            calls = [lambda e=game_env, a=action: e.step(a) for game_env in (ours, theirs)]
        assert outcome(ours, calls[0]) == outcome(theirs, calls[1])


@pytest.mark.parametrize(("preset", "variations"), [("family", ("jokers",)), ("pagat", ())])
def test_every_legal_action_has_its_own_index_and_a_step_takes_it(
    preset: str, variations: tuple[str, ...]
) -> None:
    """The mask's 1s and the legal actions correspond one to one, even among melds
    that differ only in which wild cards they use; a step takes that action."""
    game_env = raw_env(preset, 3, variations=variations, max_turns=30)
    game_env.reset(seed=5)
    rng = np.random.default_rng(5)
    alike = 0  # legal melds of the same cards' stand-ins, with other wild cards
    for _ in range(400):
        game = game_env.game
        if game.is_over:
            break
        view = game.view(game.to_move)
        legal = game.legal_actions()
        indices = [spaces.action_to_index(action, view) for action in legal]
        mask = game_env.observe(game_env.agent_selection)["action_mask"]
        assert len(set(indices)) == len(legal)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(indices)
        melds = [action.meld.stands_for for action in legal if isinstance(action, tt.LayMeld)]
        alike += len(melds) - len(set(melds))
        index = int(rng.choice(np.flatnonzero(mask)))
        expected = game.clone()
        expected.apply(legal[indices.index(index)])
        game_env.step(index)
        assert game_env.game.to_record() == expected.to_record()
    assert alike > 0 or preset == "pagat"


@pytest.mark.parametrize("preset", sorted(tt.PRESETS))
def test_the_rewards_add_up_to_the_return_in_every_episode(preset: str) -> None:
    for seed in range(12):
        players = 2 + seed % 3
        reward = "round" if seed % 4 else "game"
        zero_sum = seed % 3 != 1
        scale = 0.01 if seed % 2 else 1.0
        game_env = raw_env(
            preset,
            players,
            reward=reward,  # type: ignore[arg-type]
            zero_sum=zero_sum,
            max_turns=1 + seed % 4,
            reward_scale=scale,
        )
        game_env.reset(seed=seed)
        totals = [0.0] * players
        for _ in play_through(game_env, seed):
            for seat, agent in enumerate(game_env.possible_agents):
                totals[seat] += game_env.rewards[agent]
        game = game_env.game
        assert game.is_over
        documented = [value * scale for value in spaces.score_rewards(game.totals, zero_sum)]
        assert totals == pytest.approx(documented, abs=1e-9), (seed, reward)


def test_the_reward_scale_scales_every_reward_and_the_penalty() -> None:
    wrapped = env("pagat", 2, reward="round", reward_scale=0.01)
    assert wrapped.unwrapped.reward_scale == 0.01
    assert wrapped._illegal_value == pytest.approx(-1.4)
    for bad in (0, -1, float("nan"), float("inf"), "0.1", True, None):
        with pytest.raises(tt.GameError, match=r"^a reward scale must be "):
            raw_env("pagat", 2, reward_scale=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_every_observation_lies_within_the_box(
    table: tuple[str, tuple[str, ...], int, int],
) -> None:
    preset, variations, players, max_turns = table
    game_env = raw_env(preset, players, variations=variations, max_turns=max_turns)
    space = game_env.observation_space("player_0")
    box = space["observation"]
    assert np.isfinite(box.low).all()
    assert box.high.max() < 1000  # not the float32 range
    game_env.reset(seed=3)
    for _ in play_through(game_env, 3):
        for agent in game_env.possible_agents:
            assert space.contains(game_env.observe(agent))


def test_a_bad_seed_is_named() -> None:
    with pytest.raises(tt.GameError, match=r"^a seed must be from 0 to 2\*\*128 - 1, not -1$"):
        raw_env("pagat", 2).reset(seed=-1)


def test_bad_settings_are_named() -> None:
    with pytest.raises(tt.GameError, match=r"^a reward is 'game' or 'round', not 'points'$"):
        raw_env("pagat", 2, reward="points")  # type: ignore[arg-type]
    with pytest.raises(
        tt.GameError, match=r"^a render mode is 'human', 'ansi', 'rgb_array' or None, not 'rgb'$"
    ):
        raw_env("pagat", 2, render_mode="rgb")
    with pytest.raises(tt.InvalidRulesError, match="poker"):
        raw_env("poker", 2)
    with pytest.raises(tt.InvalidRulesError, match="no-such-variation"):
        raw_env("pagat", 2, variations=["no-such-variation"])


def test_render() -> None:
    game_env = raw_env("pagat", 2, render_mode="ansi")
    game_env.reset(seed=42)
    assert game_env.render() == (
        "round 1 (3 cards, 3s wild): player_1 to draw\n"
        "piles: [7s]  stock: 45\n"
        "player_0: 3 cards  total 0\n"
        "player_1: 7d Kd 10h  total 0  (this view)"
    )
    assert raw_env("pagat", 2).render() is None


def test_human_render_prints_after_each_step(capsys: pytest.CaptureFixture[str]) -> None:
    game_env = raw_env("pagat", 2, render_mode="human")
    game_env.reset(seed=42)
    game_env.step(spaces.action_to_index(tt.DrawStock(), game_env.game.view(1)))
    printed = capsys.readouterr().out
    assert printed.startswith("round 1 (3 cards, 3s wild): player_1 to play\n")
    assert "player_1: " in printed
    assert game_env.render() is None
    assert capsys.readouterr().out == printed


# -- no leaks -------------------------------------------------------------------------


def env_positions() -> Iterator[tuple[str, raw_env, tt.Game]]:
    """Positions of the environment's games, played with the engine's random player:
    after every 7th step, the first position of each kind in each game, and the end."""
    for index, table in enumerate(TABLES[2:], start=2):
        preset, variations, players, max_turns = table
        game_env = raw_env(preset, players, variations=variations, max_turns=max_turns)
        game_env.reset(seed=200 + index)
        seen: set[str] = set()
        smart = 0.3 if max_turns > 100 else 0.6
        for count, _ in enumerate(
            play_through(game_env, 200 + index, smart_rate=smart, false_out_rate=0.1)
        ):
            kinds = labels(game_env.game)
            if count % 7 == 0 or not kinds <= seen or game_env.game.is_over:
                seen |= kinds
                yield f"{table_id(table)} #{count}", game_env, game_env.game.clone()


def observations(game_env: raw_env, game: tt.Game) -> list[dict[str, np.ndarray]]:
    """Every agent's observation of ``game`` (put into the environment for the time)."""
    playing = game_env.game
    game_env.game = game
    try:
        return [game_env.observe(agent) for agent in game_env.possible_agents]
    finally:
        game_env.game = playing


def test_observations_do_not_change_when_hidden_cards_are_shuffled() -> None:
    rng = np.random.default_rng(14)
    kinds: set[str] = set()
    checked = changed = 0
    for name, game_env, game in env_positions():
        kinds |= labels(game)
        seen = observations(game_env, game)
        for seat in range(game.players):
            shuffled = shuffle_hidden(game, seat, rng)
            after = observations(game_env, shuffled)[seat]
            for key in ("observation", "action_mask"):
                assert np.array_equal(after[key], seen[seat][key]), (name, seat, key)
            changed += hidden_state(shuffled, seat) != hidden_state(game, seat)
            checked += 1
    for kind in ("draw", "play", "last turns", "redemption", "table play", "over"):
        assert kind in kinds
    for kind in ("after a reshuffle", "separate discards", "a joker on a pile", "false out"):
        assert kind in kinds
    assert changed > 0.9 * checked  # the shuffles did move hidden cards


def test_without_pettingzoo_the_import_says_which_extra() -> None:
    code = (
        "import sys; sys.modules['pettingzoo'] = None\n"
        "try:\n    import threethirteen.adapters.envs\n"
        "except ModuleNotFoundError as error:\n    print(error)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout == (
        "threethirteen.adapters.envs needs PettingZoo (pettingzoo is missing):"
        " pip install 'threethirteen[pettingzoo]'\n"
    )


# -- issue 45: pictures, and a built-in bot seated against a learner -----------------


def test_rgb_array_render_draws_the_view_of_the_agent_to_move() -> None:
    game_env = env("family", 3, render_mode="rgb_array", max_turns=20)
    game_env.reset(seed=42)
    frame = game_env.render()
    assert isinstance(frame, np.ndarray)
    assert frame.shape == spaces.picture_shape("family", 3) == (276, 424, 3)
    assert frame.dtype == np.uint8
    bare = game_env.unwrapped
    seat = int(game_env.agent_selection.removeprefix("player_"))
    assert np.array_equal(frame, spaces.view_picture(bare.game.view(seat)))


def play_with_a_bot(bot: tt.Bot, seed: int) -> tuple[list[tt.Action], tt.Game]:
    """player_1 is ``bot`` through :func:`bot_action`, player_0 a random agent;
    return the bot's actions and the game."""
    game_env = env("pagat", 2, reward="round", reward_scale=0.01, max_turns=8)
    game_env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    chosen = []
    for agent in game_env.agent_iter():
        observation, _, termination, truncation, _ = game_env.last()
        if termination or truncation:
            action = None
        elif agent == "player_1":
            action = bot_action(game_env, bot)
            assert observation["action_mask"][action] == 1
            game = game_env.unwrapped.game
            chosen.append(spaces.index_to_action(action, game.view(1), game.legal_actions()))
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        game_env.step(action)
    return chosen, game_env.unwrapped.game


def test_bot_action_seats_a_built_in_bot() -> None:
    seen: list[tuple[tt.PlayerView, list[tt.Action]]] = []
    greedy = tt.make_bot("greedy", seed=1)

    def watched(view: tt.PlayerView, legal: list[tt.Action]) -> tt.Action:
        seen.append((view, legal))
        return greedy.act(view, legal)

    chosen, game = play_with_a_bot(tt.make_bot(watched), seed=3)
    assert game.is_over
    assert len(chosen) == len(seen) > 20
    again = tt.make_bot("greedy", seed=1)
    assert chosen == [again.act(view, legal) for view, legal in seen]  # the bot's own choices
    assert all(view.player == 1 for view, _ in seen)
    # greedy goes out: it scores less than the random agent
    assert game.totals[1] < game.totals[0]


def test_bot_action_raises_the_referee_s_error_for_a_bot_s_fault() -> None:
    game_env = env("pagat", 2)
    game_env.reset(seed=42)  # player_1 moves first

    def broken(view: tt.PlayerView, legal: list[tt.Action]) -> tt.Action:
        return 1 // 0  # type: ignore[return-value]

    with pytest.raises(
        tt.BotError,
        match=r"^bot 'broken' in seat 1, round 1, turn 1: raised ZeroDivisionError: integer division or modulo by zero$",
    ) as raised:
        bot_action(game_env, tt.make_bot(broken))
    assert isinstance(raised.value.__cause__, ZeroDivisionError)
    with pytest.raises(
        tt.BotError,
        match=r"^bot '<lambda>' in seat 1, round 1, turn 1: chose None, which is not legal: it is not an action$",
    ):
        bot_action(game_env, tt.make_bot(lambda view, legal: None))
    assert game_env.unwrapped.game.turns == 0  # nothing was played
    over = env("pagat", 2, max_turns=1)
    over.reset(seed=1)
    while not over.unwrapped.game.is_over:
        over.step(bot_action(over, tt.make_bot("random", seed=0)))
    with pytest.raises(tt.GameError, match=r"^the game is over: no agent is to move$"):
        bot_action(over, tt.make_bot("random"))
