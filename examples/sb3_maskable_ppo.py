"""Train sb3-contrib's MaskablePPO on the Gymnasium environment, the recipe of
docs/gymnasium.md: a vectorised environment made by stable-baselines3's own
``make_vec_env``, the documented settings (``reward="round"``,
``reward_scale=0.01``, the observation without the mask for ``"MlpPolicy"``),
saving and loading the model, and an evaluation with masks against the built-in
bots.

Needs the ``sb3`` extra::

    pip install '.[gymnasium,sb3]'
    python examples/sb3_maskable_ppo.py --minutes 10 --opponent random --save ppo.zip
    python examples/sb3_maskable_ppo.py --tiny   # a few hundred steps: a smoke test

The evaluation plays ``--eval-games`` games against each of ``--eval-opponents``
with the loaded model taking its most likely legal action, and reports the games
won and the points ahead a game (the opponent's points less the learner's:
positive means ahead).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.env_util import make_vec_env
from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

from threethirteen.adapters.gym_env import ThreeThirteenEnv

# The module-qualified id: gymnasium.make imports the module first, so the id is
# registered in SubprocVecEnv's worker processes too.
ENV_ID = "threethirteen.adapters.gym_env:threethirteen/ThreeThirteen-v0"

SETTINGS: dict[str, Any] = {
    "rules": "pagat",
    "players": 2,
    "reward": "round",  # a reward every round, not once a game
    "reward_scale": 0.01,  # about -1 to 1 a round; an illegal action costs -1.4
    "mask_in_observation": False,  # "MlpPolicy" sees the vector; masks come from action_masks()
}


@dataclass
class Evaluation:
    """The results of ``games`` games against ``opponent``."""

    opponent: str
    games: int
    won: int
    points_ahead: float  # a game: the opponent's points less the learner's
    illegal: int = 0  # games ended by an illegal action (never, with the masks)

    def __str__(self) -> str:
        return (
            f"against {self.opponent}: won {self.won} of {self.games},"
            f" {self.points_ahead:+.1f} points a game"
        )


class StopAfter(BaseCallback):  # type: ignore[misc]
    """Stop training after ``seconds`` of wall time."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.deadline = time.monotonic() + seconds

    def _on_step(self) -> bool:
        return time.monotonic() < self.deadline


def make_envs(
    count: int, opponent: str, seed: int, subprocesses: bool, max_turns: int | None
) -> Any:
    """``count`` environments, vectorised by stable-baselines3's ``make_vec_env``."""
    return make_vec_env(
        ENV_ID,
        n_envs=count,
        seed=seed,
        vec_env_cls=SubprocVecEnv if subprocesses else DummyVecEnv,
        env_kwargs={**SETTINGS, "opponents": [opponent], "max_turns": max_turns},
    )


def evaluate(
    model: Any, opponent: str, games: int, seed: int, max_turns: int | None = None
) -> Evaluation:
    """Play ``games`` games against ``opponent`` with the model's most likely legal
    action (the mask passed to ``predict``), on seeds from ``seed`` on."""
    env = ThreeThirteenEnv(**{**SETTINGS, "opponents": [opponent], "max_turns": max_turns})
    won, ahead, illegal = 0, 0.0, 0
    for game in range(games):
        observation, _ = env.reset(seed=seed + game)
        done = False
        while not done:
            action, _ = model.predict(
                observation, action_masks=env.action_masks(), deterministic=True
            )
            observation, _, terminated, truncated, info = env.step(int(action))
            done = terminated or truncated
        illegal += "illegal_action" in info
        mine, theirs = env.game.totals[env.seat], env.game.totals[1 - env.seat]
        won += mine < theirs
        ahead += theirs - mine
    return Evaluation(opponent, games, won, ahead / games, illegal)


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponent", default="random", help="the bot trained against")
    parser.add_argument("--envs", type=int, default=2, help="environments (one process each)")
    parser.add_argument("--steps", type=int, default=10_000_000, help="at most this many steps")
    parser.add_argument("--minutes", type=float, default=10.0, help="at most this long")
    parser.add_argument("--max-turns", type=int, default=None, help="a round's turn limit")
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--eval-opponents", nargs="+", default=["random", "greedy"])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", type=Path, default=Path("maskable_ppo_threethirteen.zip"))
    parser.add_argument("--dummy", action="store_true", help="DummyVecEnv: no subprocesses")
    parser.add_argument("--tiny", action="store_true", help="a few hundred steps, to test")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)  # (one core: torch's threads only contend on small networks)
    ppo: dict[str, Any] = {}
    if args.tiny:
        args.steps, args.eval_games = 256, 2
        args.max_turns = args.max_turns or 4
        ppo = {"n_steps": 64, "batch_size": 32, "n_epochs": 1}
    envs = make_envs(args.envs, args.opponent, args.seed, not args.dummy, args.max_turns)
    try:
        model = MaskablePPO("MlpPolicy", envs, seed=args.seed, verbose=0, **ppo)
        start = time.perf_counter()
        model.learn(total_timesteps=args.steps, callback=StopAfter(60 * args.minutes))
        seconds = time.perf_counter() - start
    finally:
        envs.close()
    model.save(args.save)
    loaded = MaskablePPO.load(args.save)
    steps = int(model.num_timesteps)
    print(f"trained {steps:,} steps in {seconds:.0f} s ({steps / seconds:,.0f} steps a second)")
    results = {
        opponent: evaluate(loaded, opponent, args.eval_games, 10_000 + args.seed, args.max_turns)
        for opponent in args.eval_opponents
    }
    for evaluation in results.values():
        print(evaluation)
    return {"steps": steps, "seconds": seconds, "model": loaded, "results": results}


if __name__ == "__main__":
    np.set_printoptions(precision=3)
    main()
