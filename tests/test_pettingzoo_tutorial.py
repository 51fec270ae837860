"""PettingZoo's masked-PPO tutorial adapted to the AEC environment
(examples/pettingzoo_masked_ppo.py): its wrapper passes on every agent's reward
(the tutorial's own loses them), and the script runs at a tiny size. Needs the
``sb3`` extra (stable-baselines3 and sb3-contrib): skipped without it."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip(
    "sb3_contrib", reason="the sb3 extra is not installed: pip install 'threethirteen[sb3]'"
)

from threethirteen.adapters import spaces

SCRIPT = Path(__file__).resolve().parent.parent / "examples" / "pettingzoo_masked_ppo.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pettingzoo_masked_ppo", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["pettingzoo_masked_ppo"] = module
    spec.loader.exec_module(module)
    return module


tutorial = _load()


def rewards_seen(wrapper_class: Any, seed: int) -> tuple[dict[str, float], dict[str, float], int]:
    """Play one game through ``wrapper_class`` (the tutorial's way: step, read the
    reward) with random legal actions, crediting each step's reward to the agent
    that moved; return the rewards seen per agent, each agent's reward for the game
    (from the totals) and the number of steps."""
    game_env = wrapper_class(tutorial.env(**{**tutorial.SETTINGS, "max_turns": 6}))
    game_env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen = dict.fromkeys(game_env.possible_agents, 0.0)
    steps, over = 0, False
    while not over:
        agent = game_env.agent_selection
        action = int(rng.choice(np.flatnonzero(game_env.action_mask())))
        _, reward, over, _, _ = game_env.step(action)
        seen[agent] += reward
        steps += 1
        over = over or not game_env.agents
    totals = game_env.unwrapped.game.totals
    assert game_env.unwrapped.game.is_over
    due = spaces.score_rewards(totals)
    owed = {f"player_{seat}": due[seat] * 0.01 for seat in range(len(totals))}
    return seen, owed, steps


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_wrapper_passes_on_every_player_s_reward(seed: int) -> None:
    seen, owed, _ = rewards_seen(tutorial.EveryRewardWrapper, seed)
    assert seen == pytest.approx(owed, abs=1e-9)
    assert any(value != 0 for value in owed.values())


def test_the_tutorial_s_own_wrapper_loses_rewards() -> None:
    lost = 0.0
    for seed in (1, 2, 3):
        seen, owed, _ = rewards_seen(tutorial.TutorialWrapper, seed)
        lost += sum(abs(seen[agent] - owed[agent]) for agent in owed)
    assert lost > 0.5  # (points times 0.01: more than 50 points in three games)


def test_the_closing_steps_pass_with_index_0() -> None:
    game_env = tutorial.EveryRewardWrapper(tutorial.env(**{**tutorial.SETTINGS, "max_turns": 1}))
    game_env.reset(seed=4)
    rng = np.random.default_rng(4)
    closing = 0
    while game_env.agents:
        agent = game_env.agent_selection
        mask = game_env.action_mask()
        if game_env.terminations[agent]:
            assert mask.tolist() == [1] + [0] * (len(mask) - 1)
            closing += 1
        _, _, over, _, _ = game_env.step(int(rng.choice(np.flatnonzero(mask))))
    assert over
    assert closing == 1  # the other player's: the mover's reward came with its move


def test_a_tiny_run_of_the_script(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "model.zip"
    run = tutorial.main(["--tiny", "--save", str(saved)])
    assert saved.exists()
    assert run["steps"] >= 256
    assert set(run["results"]) == {"random", "greedy"}
    for won, ahead, error in run["results"].values():
        assert 0 <= won <= 2
        assert abs(ahead) < 1000
        assert error >= 0
    out = capsys.readouterr().out
    assert "against random: won " in out
    assert "against greedy: won " in out


def test_the_script_s_learning_curve(tmp_path: Path) -> None:
    """The tutorial's curve: a point after every 0.06 s of training, one row an
    evaluation opponent, written as CSV."""
    curve = tmp_path / "curve.csv"
    arguments = [
        "--tiny",
        "--features",
        "--cpu-time",
        "--curve-every",
        "0.001",
        "--curve-games",
        "1",
    ]
    run = tutorial.main([*arguments, "--curve", str(curve), "--save", str(tmp_path / "m")])
    rows = curve.read_text().splitlines()
    assert rows[0] == "seconds,steps,opponent,games,won,points_ahead,error"
    assert len(rows) == 1 + len(run["curve"]) >= 3
    assert [row["opponent"] for row in run["curve"]][:2] == ["random", "greedy"]
    assert all(row["games"] == 1 and row["won"] in (0, 1) for row in run["curve"])


@pytest.mark.parametrize("seed", [1, 2])
def test_a_learner_against_a_bot_sees_its_own_moves_and_every_reward(seed: int) -> None:
    """Against a bot, each step is one of the learner's moves (the bot's are played
    inside the step), the learner's seat changes every episode, and an episode's
    rewards add up to the learner's reward for the game."""
    game_env = tutorial.BotSeatsWrapper(
        tutorial.env(**{**tutorial.SETTINGS, "max_turns": 6}), "greedy", seed
    )
    seats = []
    for episode in range(2):
        game_env.reset(seed=seed + 10 * episode)
        learner = game_env.learner
        seats.append(learner)
        rng = np.random.default_rng(seed)
        total, over, steps = 0.0, False, 0
        while not over:
            assert game_env.agent_selection == learner
            action = int(rng.choice(np.flatnonzero(game_env.action_mask())))
            _, reward, over, _, _ = game_env.step(action)
            total += reward
            steps += 1
        game = game_env.unwrapped.game
        assert game.is_over
        seat = int(learner[-1])
        owed = spaces.score_rewards(game.totals)[seat] * 0.01
        assert total == pytest.approx(owed, abs=1e-9)
        assert owed != 0
        moves = sum(
            1
            for entry in game.to_record()["rounds"]
            for action in entry["actions"]
            if action.get("player") == seat
        )
        assert steps == moves
    assert seats == ["player_0", "player_1"]


def test_imitation_fits_the_teacher_s_choices() -> None:
    """``imitate``: the policy, fitted to 150 decisions of the greedy bot with the
    analysis features, then picks the greedy bot's action on more than 80% of the
    decisions of three fresh games."""
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
    from sb3_contrib.common.wrappers import ActionMasker

    from threethirteen.adapters.envs import bot_action, env

    settings = {"max_turns": 6, "features": True}
    game_env = tutorial.BotSeatsWrapper(env(**{**tutorial.SETTINGS, **settings}), "greedy")
    game_env.reset(seed=0)
    model = MaskablePPO(
        MaskableActorCriticPolicy, ActionMasker(game_env, tutorial.mask_fn), seed=0, n_steps=64
    )
    before = tutorial.imitate(model, "greedy", 150, 5, epochs=1, **settings)
    after = tutorial.imitate(model, "greedy", 150, 5, epochs=150, **settings)
    assert after > before  # the same decisions: a higher mean log-likelihood
    assert after > -0.2
    # the fitted policy's most likely actions on fresh positions of the teacher's games
    import threethirteen as tt

    check = env(**{**tutorial.SETTINGS, **settings})
    agree = total = 0
    for game in range(3):
        check.reset(seed=5 + game)
        bot = tt.make_bot("greedy", seed=5 + game)
        for _agent in check.agent_iter():
            observation, _, termination, truncation, _ = check.last()
            if termination or truncation:
                check.step(None)
                continue
            action = bot_action(check, bot)
            guess, _ = model.predict(
                observation["observation"],
                action_masks=observation["action_mask"],
                deterministic=True,
            )
            agree += int(guess) == action
            total += 1
            check.step(action)
    assert total >= 100
    assert agree > 0.8 * total
