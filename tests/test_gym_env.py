"""The Gymnasium environment (``threethirteen.adapters.gym_env``): Gymnasium's checker over
presets, variations, player counts and seats; the bots, the rewards, illegal
actions and bad input; and no leaks: the learner's observation is unchanged when
the cards it cannot see are shuffled among their places, in every phase.
"""

from __future__ import annotations

import itertools
import pickle
import subprocess
import sys
from collections.abc import Iterator, Sequence

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium
from gymnasium.utils.env_checker import check_env

import threethirteen as tt
from tests.game_checks import RandomPlayer, hidden_state, labels, shuffle_hidden
from threethirteen.adapters import spaces
from threethirteen.adapters.gym_env import ENV_ID, ThreeThirteenEnv, register

TABLES = (
    # preset, variations, players, opponents, seat, max_turns
    ("pagat", (), 2, ("random",), 0, 30),
    ("pagat", (), 4, ("greedy", "random", "greedy"), 2, 30),
    ("family", ("jokers",), 3, ("greedy",), 1, 40),  # table play
    ("bga", ("redemption", "jokers"), 4, ("random",), 3, 40),
    ("wikipedia", ("separate-discards", "false-out"), 4, ("greedy",), 0, 40),
    ("pagat", ("separate-discards", "joker-discards", "jokers"), 3, ("random",), 1, 40),
    ("pagat", (), 2, ("random",), 1, 200),  # long rounds: reshuffles
)
Table = tuple[str, tuple[str, ...], int, tuple[str, ...], int, int]


def table_id(table: Table) -> str:
    preset, variations, players, _, seat, max_turns = table
    plus = "+" if variations else ""
    return f"{preset}{plus}{'+'.join(variations)}-{players}p-seat{seat}-{max_turns}"


def make(table: Table, **options: object) -> ThreeThirteenEnv:
    preset, variations, players, opponents, seat, max_turns = table
    made = gymnasium.make(
        ENV_ID,
        rules=preset,
        players=players,
        opponents=opponents,
        seat=seat,
        variations=variations,
        max_turns=max_turns,
        **options,
    )
    bare = made.unwrapped
    assert isinstance(bare, ThreeThirteenEnv)
    return bare


@pytest.mark.parametrize("table", TABLES[:6], ids=table_id)
def test_the_environment_checker_passes(table: Table, capsys: pytest.CaptureFixture[str]) -> None:
    check_env(make(table))  # it renders in every mode: "human" prints
    assert "(this view)" in capsys.readouterr().out


def test_registration() -> None:
    register()  # again: nothing changes
    assert gymnasium.spec(ENV_ID).entry_point == "threethirteen.adapters.gym_env:ThreeThirteenEnv"
    made = gymnasium.make("threethirteen.adapters.gym_env:" + ENV_ID, players=3)
    assert made.unwrapped.players == 3


def test_the_spaces() -> None:
    env = ThreeThirteenEnv("family", 4, opponents=["greedy"])
    count = spaces.action_count(env.rules, 4)
    assert env.action_space == gymnasium.spaces.Discrete(count)
    assert env.observation_space["observation"].shape == spaces.observation_shape(env.rules, 4)
    assert env.observation_space["observation"].dtype == np.float32
    assert env.observation_space["action_mask"] == gymnasium.spaces.Box(0, 1, (count,), np.int8)


# -- play --------------------------------------------------------------------------


def play_through(env: ThreeThirteenEnv, seed: int, **player: float) -> Iterator[float]:
    """Play the learner's turns to the game's end with the engine's random player,
    stepping with each action's index; yield each step's reward."""
    chooser = RandomPlayer(seed, **player)
    game = env.game
    while not game.is_over:
        assert game.to_move == env.seat
        action = chooser.choose(game)
        observation, reward, terminated, truncated, info = env.step(
            spaces.action_to_index(action, game.view(env.seat))
        )
        assert terminated == env.game.is_over
        assert not truncated
        assert "illegal_action" not in info
        assert np.array_equal(info["action_mask"], observation["action_mask"])
        assert np.array_equal(
            observation["observation"], spaces.encode_observation(env.game.view(env.seat))
        )
        yield reward
        game = env.game


def test_the_learner_is_to_move_at_every_observation() -> None:
    env = ThreeThirteenEnv("pagat", 3, opponents=["greedy", "random"], seat=2, max_turns=20)
    observation, info = env.reset(seed=5)
    game = env.game
    assert game.to_move == 2
    assert [who for who, _ in game.view(2).history] == [1, 1]  # seat 1 played first
    legal = game.legal_actions()
    view = game.view(2)
    assert np.array_equal(observation["action_mask"], spaces.action_mask(view, legal))
    assert np.array_equal(info["action_mask"], observation["action_mask"])
    assert info["action_mask"] is not observation["action_mask"]
    observation["action_mask"][:] = 0  # the caller's to change: the env keeps its own
    assert np.array_equal(env.observe()["action_mask"], info["action_mask"])
    assert env.action_masks().dtype == bool
    assert np.array_equal(env.action_masks(), info["action_mask"] == 1)
    steps = sum(1 for _ in play_through(env, 5))
    assert steps > 100
    assert not env.observe()["action_mask"].any()  # the game is over
    assert not env.action_masks().any()


def test_a_seeded_reset_deals_that_game_and_seeds_the_bots() -> None:
    env = ThreeThirteenEnv("pagat", 3, opponents=["random"], max_turns=15)
    env.reset(seed=77)
    assert env.game.seed == 77
    first = [env.game.totals, *play_through(env, 1)]
    env.reset(seed=77)
    again = [env.game.totals, *play_through(env, 1)]
    assert first == again
    env.reset(seed=78)
    assert [env.game.totals, *play_through(env, 1)] != first
    env.reset()  # the next seed comes from the seeded generator
    assert env.game.seed != 78


def test_opponents_may_be_bot_objects_and_functions() -> None:
    calls = []

    def first_legal(view: tt.PlayerView, legal: Sequence[tt.Action]) -> tt.Action:
        calls.append(view.player)
        return legal[0]

    env = ThreeThirteenEnv("pagat", 3, opponents=[first_legal, tt.GreedyBot()], max_turns=5)
    env.reset(seed=1)
    for _ in play_through(env, 1):
        pass
    assert set(calls) == {1}


def game_rewards(reward: str, zero_sum: bool, seed: int) -> tuple[float, tt.Game]:
    env = ThreeThirteenEnv(
        "pagat",
        3,
        opponents=["greedy", "random"],
        seat=1,
        reward=reward,  # type: ignore[arg-type]
        zero_sum=zero_sum,
        max_turns=12,
    )
    env.reset(seed=seed)
    return sum(play_through(env, seed)), env.game


@pytest.mark.parametrize("seed", [3, 4])
def test_rewards(seed: int) -> None:
    total, game = game_rewards("game", True, seed)
    a, b, c = game.totals
    assert game.is_over
    assert total == pytest.approx((a + c) / 2 - b)
    by_round, same = game_rewards("round", True, seed)
    assert same.totals == game.totals
    assert by_round == pytest.approx(total)
    assert game_rewards("game", False, seed)[0] == -b
    assert game_rewards("round", False, seed)[0] == pytest.approx(-b)


def test_round_rewards_count_every_round_since_the_last_step() -> None:
    env = ThreeThirteenEnv("pagat", 2, opponents=["greedy"], reward="round", max_turns=6)
    env.reset(seed=8)
    chooser = RandomPlayer(8)
    while not env.game.is_over:
        rounds = len(env.game.round_scores)
        action = chooser.choose(env.game)
        _, reward, *_ = env.step(spaces.action_to_index(action, env.game.view(0)))
        expected = sum(float(b - a) for a, b in env.game.round_scores[rounds:])
        assert reward == expected


def test_rounds_scored_during_reset_are_paid_at_the_first_step() -> None:
    env = ThreeThirteenEnv("pagat", 2, seat=0, reward="round", max_turns=1)
    env.reset(seed=3)
    assert env.game.round == 2  # the bot played round 1 to its end during the reset
    first = next(play_through(env, 3))  # a draw: round 1's reward
    assert env.game.round_scores == ((15, 20),)
    assert first == spaces.score_rewards((15, 20))[0] == 5.0
    rest = list(play_through(env, 3))
    assert env.game.is_over
    assert first + sum(rest) == spaces.score_rewards(env.game.totals)[0]


def episode_return(
    preset: str, players: int, seed: int, reward: str, zero_sum: bool, scale: float
) -> tuple[float, float]:
    """A seeded episode's rewards added up, and the documented return: the game's
    reward (the zero-sum or minus score of the totals) times the scale."""
    env = ThreeThirteenEnv(
        preset,
        players,
        opponents=["greedy"] if seed % 2 else ["random"],
        seat=seed % players,
        reward=reward,  # type: ignore[arg-type]
        zero_sum=zero_sum,
        max_turns=1 + seed % 4,  # short rounds: bots often end one during a reset
        reward_scale=scale,
    )
    env.reset(seed=seed)
    total = sum(play_through(env, seed))
    documented = spaces.score_rewards(env.game.totals, zero_sum)[env.seat] * scale
    return total, documented


@pytest.mark.parametrize("preset", sorted(tt.PRESETS))
def test_the_rewards_add_up_to_the_return_in_every_episode(preset: str) -> None:
    for seed in range(16):
        players = 2 + seed % 3
        reward = "round" if seed % 4 else "game"
        zero_sum = seed % 3 != 1
        scale = 0.01 if seed % 2 else 1.0
        total, documented = episode_return(preset, players, seed, reward, zero_sum, scale)
        assert total == pytest.approx(documented, abs=1e-9), (seed, reward)


def test_the_reward_scale_scales_every_reward_and_the_penalty() -> None:
    plain = ThreeThirteenEnv("pagat", 2, reward="round", max_turns=3)
    scaled = ThreeThirteenEnv("pagat", 2, reward="round", max_turns=3, reward_scale=0.01)
    assert scaled.illegal_reward == plain.illegal_reward * 0.01 == pytest.approx(-1.4)
    assert scaled.reward_scale == 0.01
    plain.reset(seed=2)
    scaled.reset(seed=2)
    assert [reward * 0.01 for reward in play_through(plain, 2)] == pytest.approx(
        list(play_through(scaled, 2))
    )
    for bad in (0, -1, float("nan"), float("inf"), "0.1", True, None):
        with pytest.raises(tt.GameError, match=r"^a reward scale must be "):
            ThreeThirteenEnv("pagat", 2, reward_scale=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_every_observation_lies_within_the_box(table: Table) -> None:
    env = make(table)
    box = env.observation_space["observation"]
    assert np.isfinite(box.low).all()
    assert np.isfinite(box.high).all()
    assert box.high.max() < 1000  # not the float32 range
    observation, _ = env.reset(seed=11)
    assert env.observation_space.contains(observation)
    chooser = RandomPlayer(11)
    while not env.game.is_over:
        action = chooser.choose(env.game)
        observation, *_ = env.step(spaces.action_to_index(action, env.game.view(env.seat)))
        assert env.observation_space.contains(observation)


class RecordingBot:
    """A random bot that checks each view it is given: it reaches neither the game
    nor anything hidden (tests/test_view_references.py's walk), and it is the same
    (its dict and its pickle) when the cards hidden from the bot are shuffled."""

    def __init__(self, env: ThreeThirteenEnv, seed: int) -> None:
        self.env = env
        self.rng = np.random.default_rng(seed)
        self.views = 0
        self.problems: list[str] = []

    def act(self, view: tt.PlayerView, legal: Sequence[tt.Action]) -> tt.Action:
        from tests.test_view_references import leaks

        game = self.env.game
        self.views += 1
        if self.views % 7 == 1:  # (the walk is slow: every 7th view)
            self.problems += leaks(view, game, view.player, game.view(view.player))
            shuffled = shuffle_hidden(game, view.player, self.rng)
            other = shuffled.view(view.player)
            if other.to_dict() != view.to_dict():
                self.problems.append("to_dict differs")
            if pickle.dumps(other) != pickle.dumps(view):
                self.problems.append("pickle differs")
        return legal[int(self.rng.integers(len(legal)))]


@pytest.mark.parametrize("table", TABLES[:4], ids=table_id)
def test_opponent_bots_receive_views_that_hold_nothing_hidden(table: Table) -> None:
    preset, variations, players, _, seat, max_turns = table
    env = ThreeThirteenEnv(
        preset, players, seat=seat, variations=variations, max_turns=min(max_turns, 12)
    )
    bots = [RecordingBot(env, seed) for seed in range(players - 1)]
    env.opponents = list(bots)  # (bot objects are used as they are)
    env.reset(seed=4)
    for _ in play_through(env, 4):
        pass
    assert sum(bot.views for bot in bots) > 20
    assert [problem for bot in bots for problem in bot.problems] == []


# -- the vector environments ----------------------------------------------------------


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_gymnasium_vector_environments_step(mode: str) -> None:
    envs = gymnasium.make_vec(
        ENV_ID,
        num_envs=3,
        vectorization_mode=mode,
        rules="pagat",
        players=2,
        opponents=["random"],
        max_turns=5,
    )
    try:
        observations, _ = envs.reset(seed=[1, 2, 3])
        assert observations["observation"].shape == (3, spaces.observation_shape("pagat", 2)[0])
        assert envs.single_observation_space.contains(
            {name: value[0] for name, value in observations.items()}
        )
        rng = np.random.default_rng(0)
        episodes = 0
        for _ in range(400):
            masks = observations["action_mask"]
            # (after an episode's end the next step resets that environment: any action)
            actions = np.array(
                [rng.choice(np.flatnonzero(mask)) if mask.any() else 0 for mask in masks]
            )
            observations, rewards, terminated, truncated, _infos = envs.step(actions)
            assert rewards.shape == (3,)
            assert not truncated.any()
            assert (observations["action_mask"].any(axis=1) | terminated).all()
            episodes += int(terminated.sum())
        assert episodes > 0
    finally:
        envs.close()


# -- illegal actions and bad input --------------------------------------------------


def test_an_illegal_action_ends_the_episode_with_a_penalty() -> None:
    env = ThreeThirteenEnv("pagat", 2)
    observation, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    before = env.game.view(0)
    observation, reward, terminated, truncated, info = env.step(illegal)
    # the default reward="round": minus the largest round's bound (13 + 1 cards)
    assert (reward, terminated, truncated) == (-140.0, True, False)
    assert info["illegal_action"] == illegal
    assert env.game.view(0) == before  # nothing was played
    with pytest.raises(
        tt.GameError,
        match=r"^the episode ended with an illegal action: call reset\(\) for a new one$",
    ):
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert ThreeThirteenEnv("pagat", 2, reward="round").illegal_reward == -140.0
    assert ThreeThirteenEnv("pagat", 2, illegal_reward=-1).illegal_reward == -1.0


def test_bad_actions_are_named() -> None:
    env = ThreeThirteenEnv("pagat", 2)
    with pytest.raises(tt.GameError, match=r"^call reset\(\) before step\(\)$"):
        env.step(0)
    env.reset(seed=2)
    count = env.action_space.n
    with pytest.raises(
        tt.GameError, match=rf"^no action index {count}: indexes are 0 to {count - 1}$"
    ):
        env.step(count)
    with pytest.raises(tt.GameError, match=r"^an action index must be an int, not 'draw stock'$"):
        env.step("draw stock")  # type: ignore[arg-type]
    over = ThreeThirteenEnv("pagat", 2, opponents=["greedy"], max_turns=2)
    over.reset(seed=1)
    for _ in play_through(over, 1):
        pass
    with pytest.raises(tt.GameError, match=r"^the game is over: call reset\(\) for a new one$"):
        over.step(0)


def test_bad_settings_are_named() -> None:
    with pytest.raises(tt.GameError, match=r"^a reward is 'game' or 'round', not 'points'$"):
        ThreeThirteenEnv(reward="points")  # type: ignore[arg-type]
    with pytest.raises(
        tt.GameError, match=r"^a render mode is 'human', 'ansi', 'rgb_array' or None, not 'rgb'$"
    ):
        ThreeThirteenEnv(render_mode="rgb")
    with pytest.raises(tt.GameError, match=r"^no seat 2: seats are 0 to 1$"):
        ThreeThirteenEnv(seat=2)
    with pytest.raises(tt.GameError, match=r"^a seat must be an int, not '1'$"):
        ThreeThirteenEnv(seat="1")  # type: ignore[arg-type]
    assert ThreeThirteenEnv(seat=np.int64(1)).seat == 1  # type: ignore[arg-type]
    with pytest.raises(
        tt.GameError,
        match=r"^give one opponent for every other seat, or 3, not 2: \['random', 'greedy'\]$",
    ):
        ThreeThirteenEnv(players=4, opponents=["random", "greedy"])
    with pytest.raises(tt.InvalidBotError, match=r"^unknown bot 'best'"):
        ThreeThirteenEnv(opponents="best")
    with pytest.raises(tt.InvalidRulesError, match="poker"):
        ThreeThirteenEnv("poker")


def test_render() -> None:
    env = ThreeThirteenEnv("pagat", 2, seat=1, render_mode="ansi")
    env.reset(seed=42)
    assert env.render() == (
        "round 1 (3 cards, 3s wild): player_1 to draw\n"
        "piles: [7s]  stock: 45\n"
        "player_0: 3 cards  total 0\n"
        "player_1: 7d Kd 10h  total 0  (this view)"
    )
    assert ThreeThirteenEnv().render() is None


def test_human_render_prints_at_every_reset_and_step(capsys: pytest.CaptureFixture[str]) -> None:
    env = ThreeThirteenEnv("pagat", 2, seat=1, render_mode="human")
    env.reset(seed=42)
    assert capsys.readouterr().out == (
        "round 1 (3 cards, 3s wild): player_1 to draw\n"
        "piles: [7s]  stock: 45\n"
        "player_0: 3 cards  total 0\n"
        "player_1: 7d Kd 10h  total 0  (this view)\n"
    )
    env.step(spaces.action_to_index(tt.DrawStock(), env.game.view(1)))
    assert capsys.readouterr().out.startswith("round 1 (3 cards, 3s wild): player_1 to play\n")
    assert env.render() is None
    assert capsys.readouterr().out.count("(this view)") == 1


# -- no leaks ---------------------------------------------------------------------------


def env_positions() -> Iterator[tuple[str, ThreeThirteenEnv, tt.Game]]:
    """The positions the learner observes in games played with the engine's random
    player (every 5th, the first of each kind in each game, and the end)."""
    for index, table in enumerate(TABLES[2:], start=2):
        max_turns = table[-1]
        env = make(table)
        env.reset(seed=300 + index)
        seen: set[str] = set()
        smart = 0.3 if max_turns > 100 else 0.6
        yield f"{table_id(table)} start", env, env.game.clone()
        for count, _ in enumerate(
            play_through(env, 300 + index, smart_rate=smart, false_out_rate=0.1)
        ):
            kinds = labels(env.game)
            if count % 5 == 0 or not kinds <= seen or env.game.is_over:
                seen |= kinds
                yield f"{table_id(table)} #{count}", env, env.game.clone()


def observe(env: ThreeThirteenEnv, game: tt.Game) -> dict[str, np.ndarray]:
    """The learner's observation of ``game`` (put into the environment for the time)."""
    playing = env.game
    env.game = game
    try:
        return env.observe()
    finally:
        env.game = playing


def test_observations_do_not_change_when_hidden_cards_are_shuffled() -> None:
    rng = np.random.default_rng(15)
    kinds: set[str] = set()
    checked = changed = 0
    for name, env, game in env_positions():
        kinds |= labels(game)
        seen = observe(env, game)
        for _ in range(2):
            shuffled = shuffle_hidden(game, env.seat, rng)
            after = observe(env, shuffled)
            for key in ("observation", "action_mask"):
                assert np.array_equal(after[key], seen[key]), (name, key)
            changed += hidden_state(shuffled, env.seat) != hidden_state(game, env.seat)
            checked += 1
    for kind in ("draw", "play", "last turns", "redemption", "table play", "over"):
        assert kind in kinds
    for kind in ("after a reshuffle", "separate discards", "a joker on a pile", "false out"):
        assert kind in kinds
    assert changed > 0.9 * checked


def test_without_gymnasium_the_import_says_which_extra() -> None:
    code = (
        "import sys; sys.modules['gymnasium'] = None\n"
        "try:\n    import threethirteen.adapters.gym_env\n"
        "except ModuleNotFoundError as error:\n    print(error)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout == (
        "threethirteen.adapters.gym_env needs Gymnasium (gymnasium is missing):"
        " pip install 'threethirteen[gymnasium]'\n"
    )


# -- issue 45: the frameworks' own clients ------------------------------------------


def checker_warnings(env: gymnasium.Env) -> list[str]:  # type: ignore[type-arg]
    """Gymnasium's checker's warnings for ``env`` (its "human" printing swallowed)."""
    import contextlib
    import io
    import warnings

    with warnings.catch_warnings(record=True) as caught, contextlib.redirect_stdout(io.StringIO()):
        warnings.simplefilter("always")
        check_env(env)
    return [str(warning.message) for warning in caught]


def test_the_documented_checks_give_no_warning() -> None:
    made = gymnasium.make(ENV_ID, reward="round", reward_scale=0.01)
    assert checker_warnings(made.unwrapped) == []
    assert checker_warnings(ThreeThirteenEnv(reward="round", reward_scale=0.01)) == []
    assert checker_warnings(ThreeThirteenEnv(mask_in_observation=False)) == []
    # the wrapped environment: Gymnasium's checker asks for env.unwrapped (and the
    # documented way gives it that)
    [warning] = checker_warnings(gymnasium.make(ENV_ID))
    assert "We recommend using the raw environment for `check_env` using `env.unwrapped`" in warning


def test_the_bare_environment_has_a_spec_that_makes_it_again() -> None:
    env = ThreeThirteenEnv("family", 3, opponents=["greedy"], seat=1, max_turns=9)
    assert env.spec is not None
    assert env.spec.id == ENV_ID
    assert env.spec.entry_point == "threethirteen.adapters.gym_env:ThreeThirteenEnv"
    again = env.spec.make(render_mode="ansi").unwrapped
    assert isinstance(again, ThreeThirteenEnv)
    assert (again.rules, again.players, again.seat, again.max_turns) == (env.rules, 3, 1, 9)
    assert again.opponents == ["greedy", "greedy"]
    assert again.render_mode == "ansi"
    made = gymnasium.make(ENV_ID, players=3)  # gymnasium.make's own spec
    assert made.unwrapped.spec.kwargs == {"players": 3}


def test_rgb_array_render_draws_the_table() -> None:
    env = ThreeThirteenEnv("pagat", 2, render_mode="rgb_array", max_turns=10)
    observation, _ = env.reset(seed=42)
    shape = spaces.picture_shape("pagat", 2)
    assert shape == (132, 424, 3)
    first = env.render()
    assert isinstance(first, np.ndarray)
    assert first.shape == shape
    assert first.dtype == np.uint8
    assert first[0, 0].tolist() == [24, 96, 56]  # the felt
    assert (first == [250, 250, 244]).all(axis=2).sum() > 1000  # the card faces
    again = ThreeThirteenEnv("pagat", 2, render_mode="rgb_array", max_turns=10)
    again.reset(seed=42)
    assert np.array_equal(again.render(), first)  # the same view, the same picture
    frames = [first]
    rng = np.random.default_rng(0)
    done = False
    while not done:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, _, done, _, _ = env.step(action)
        frames.append(env.render())
    assert {frame.shape for frame in frames} == {shape}  # one size all game
    assert sum(not np.array_equal(a, b) for a, b in itertools.pairwise(frames)) > len(frames) / 2


def test_the_picture_holds_every_card_shown() -> None:
    """Each card of the view is a card face: the more cards shown, the more face."""
    game = tt.Game("family", 4, seed=5, variations=["jokers"])
    view = game.view(0)
    face = (spaces.view_picture(view) == [250, 250, 244]).all(axis=2).sum()
    shown = len(view.hand) + sum(1 for pile in view.piles if pile)
    per_card = face / shown
    assert spaces.picture_shape("family", 4) == (312, 424, 3)  # three rows for the table
    assert 400 < per_card < 22 * 30  # (each card: 22 by 30, less its ink)


def test_gymnasium_make_s_render_modes() -> None:
    frames = gymnasium.make(ENV_ID, render_mode="rgb_array_list", max_turns=3)
    frames.reset(seed=1)
    frames.step(0)
    collected = frames.render()
    assert isinstance(collected, list)
    assert [frame.shape for frame in collected] == [(132, 424, 3)] * 2


def test_the_mask_through_gymnasium_make_s_wrappers() -> None:
    made = gymnasium.make(ENV_ID, max_turns=5)
    _, info = made.reset(seed=3)
    with pytest.raises(AttributeError):
        made.action_masks  # noqa: B018  # (the wrappers do not pass it on)
    expected = info["action_mask"] == 1
    assert np.array_equal(made.unwrapped.action_masks(), expected)
    assert np.array_equal(made.get_wrapper_attr("action_masks")(), expected)


def test_the_observation_without_the_mask() -> None:
    env = ThreeThirteenEnv("pagat", 2, mask_in_observation=False, max_turns=5)
    with_mask = ThreeThirteenEnv("pagat", 2, max_turns=5)
    assert isinstance(env.observation_space, gymnasium.spaces.Box)
    assert env.observation_space == with_mask.observation_space["observation"]
    observation, info = env.reset(seed=9)
    expected, expected_info = with_mask.reset(seed=9)
    assert np.array_equal(observation, expected["observation"])
    assert np.array_equal(info["action_mask"], expected_info["action_mask"])
    assert np.array_equal(env.observe(), observation)
    action = int(np.flatnonzero(info["action_mask"])[0])
    observation, reward, terminated, _, info = env.step(action)
    assert np.array_equal(observation, with_mask.step(action)[0]["observation"])
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    observation, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-140.0, True, illegal)
    assert observation.shape == (469,)


def test_the_recommended_setting_s_rewards() -> None:
    """reward="round", reward_scale=0.01: a round's reward within about -1 to 1, an
    illegal action -1.4, and a positive reward means the learner is ahead."""
    env = ThreeThirteenEnv("pagat", 2, opponents=["greedy"], reward="round", reward_scale=0.01)
    assert env.illegal_reward == pytest.approx(-1.4)
    env.reset(seed=6)
    rewards = list(play_through(env, 6))
    scored = env.game.round_scores
    paid = [reward for reward in rewards if reward]
    assert len(paid) == len(scored) == 11
    assert paid == pytest.approx([(theirs - mine) / 100 for mine, theirs in scored])
    assert all(abs(reward) <= 1.4 for reward in paid)
    mine, theirs = env.game.totals
    assert sum(rewards) == pytest.approx((theirs - mine) / 100)
    assert (sum(rewards) > 0) == (mine < theirs)
