"""stable-baselines3 on the Gymnasium environment: its own ``make_vec_env`` (which
passes ``render_mode="rgb_array"``) with ``DummyVecEnv`` and ``SubprocVecEnv``,
sb3-contrib's masks, and the MaskablePPO recipe of docs/gymnasium.md
(examples/sb3_maskable_ppo.py) at a tiny size. Needs the ``sb3`` extra
(stable-baselines3 and sb3-contrib): skipped without it."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip(
    "stable_baselines3", reason="the sb3 extra is not installed: pip install 'threethirteen[sb3]'"
)
pytest.importorskip(
    "sb3_contrib", reason="the sb3 extra is not installed: pip install 'threethirteen[sb3]'"
)

from sb3_contrib.common.maskable.utils import get_action_masks
from stable_baselines3.common.env_util import make_vec_env
from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

from threethirteen.adapters import spaces
from threethirteen.adapters.gym_env import ENV_ID

SCRIPT = Path(__file__).resolve().parent.parent / "examples" / "sb3_maskable_ppo.py"
QUALIFIED_ID = "threethirteen.adapters.gym_env:" + ENV_ID  # (imported by each worker)


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("sb3_maskable_ppo", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["sb3_maskable_ppo"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    "vec_env_cls", [DummyVecEnv, pytest.param(SubprocVecEnv, marks=pytest.mark.slow)]
)
def test_make_vec_env_makes_and_steps_the_environment(vec_env_cls: type) -> None:
    envs = make_vec_env(
        QUALIFIED_ID,
        n_envs=2,
        seed=3,
        vec_env_cls=vec_env_cls,
        env_kwargs={"reward": "round", "reward_scale": 0.01, "max_turns": 3},
    )
    try:
        assert envs.render_mode == "rgb_array"  # make_vec_env's own choice
        observations = envs.reset()
        assert observations["observation"].shape == (2, 469)
        frames = envs.get_images()
        assert [frame.shape for frame in frames] == [spaces.picture_shape("pagat", 2)] * 2
        assert all(frame.dtype == np.uint8 for frame in frames)
        rng = np.random.default_rng(0)
        episodes = 0
        for _ in range(150):
            masks = get_action_masks(envs)  # sb3-contrib's way: action_masks() of each
            assert masks.shape == (2, 108)
            assert (masks == (observations["action_mask"] == 1)).all()
            actions = np.array([rng.choice(np.flatnonzero(mask)) for mask in masks])
            observations, rewards, dones, _ = envs.step(actions)
            assert (np.abs(rewards) <= 1.4).all()  # a round's points times 0.01
            episodes += int(dones.sum())
        assert episodes > 0
    finally:
        envs.close()


def test_the_observation_without_the_mask() -> None:
    envs = make_vec_env(ENV_ID, n_envs=1, env_kwargs={"mask_in_observation": False, "max_turns": 3})
    try:
        observations = envs.reset()
        assert observations.shape == (1, 469)
        assert get_action_masks(envs).sum() == 2  # the draws
    finally:
        envs.close()


@pytest.mark.slow
def test_the_recipe_at_a_tiny_size(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recipe = _load()
    saved = tmp_path / "model.zip"
    run = recipe.main(["--tiny", "--dummy", "--save", str(saved)])
    assert saved.exists()
    assert run["steps"] >= 256
    assert list(run["results"]) == ["random", "greedy"]
    for evaluation in run["results"].values():
        assert evaluation.games == 2
        assert 0 <= evaluation.won <= 2
        assert abs(evaluation.points_ahead) < 1000
        assert evaluation.illegal == 0  # the masks reach predict()
    out = capsys.readouterr().out
    assert out.startswith("trained ")
    assert "against random: won " in out
    assert run["model"].policy.observation_space.shape == (469,)


def test_the_recipe_s_learning_curve(tmp_path: Path) -> None:
    """A point of the curve after every 0.06 s of training (CPU time): one row an
    evaluation opponent, written as CSV; the curve's clock leaves the evaluations
    out, so training stops once its own seconds reach the limit."""
    recipe = _load()
    curve = tmp_path / "curve.csv"
    arguments = ["--tiny", "--features", "--dummy", "--cpu-time", "--curve-every", "0.001"]
    arguments += ["--curve-games", "1", "--curve", str(curve), "--save", str(tmp_path / "m")]
    run = recipe.main(arguments)
    rows = curve.read_text().splitlines()
    assert rows[0] == "seconds,steps,opponent,games,won,points_ahead,error"
    assert len(rows) == 1 + len(run["curve"])
    assert [row["opponent"] for row in run["curve"]][:2] == ["random", "greedy"]
    assert all(row["games"] == 1 and row["won"] in (0, 1) for row in run["curve"])
    seconds = [row["seconds"] for row in run["curve"]]
    assert seconds == sorted(seconds)
    assert run["seconds"] > 0
