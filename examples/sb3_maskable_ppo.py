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
    error: float = float("nan")  # the standard error of points_ahead

    def __str__(self) -> str:
        return (
            f"against {self.opponent}: won {self.won} of {self.games},"
            f" {self.points_ahead:+.1f} points a game (standard error {self.error:.1f})"
        )


class Curve(BaseCallback):  # type: ignore[misc]
    """Stop after ``seconds`` of training, and every ``every`` seconds of it play
    ``games`` evaluation games against each of ``opponents``: one row a point of
    the learning curve. The evaluations' own time is not counted as training.
    The seconds are of wall time, or with ``cpu=True`` of this process's CPU
    time (a measure that a busy machine does not change, for environments in
    this process: ``DummyVecEnv``)."""

    def __init__(
        self,
        seconds: float,
        every: float = 0.0,
        opponents: Sequence[str] = (),
        games: int = 0,
        seed: int = 0,
        max_turns: int | None = None,
        cpu: bool = False,
        features: bool = False,
    ) -> None:
        super().__init__()
        self.clock = time.process_time if cpu else time.monotonic
        self.seconds, self.every, self.opponents = seconds, every, list(opponents)
        self.games, self.seed, self.max_turns = games, seed, max_turns
        self.features = features
        self.trained = 0.0  # seconds of training so far
        self.rows: list[dict[str, Any]] = []

    def _on_training_start(self) -> None:
        self.mark = self.clock()
        self.next = self.every

    def _on_step(self) -> bool:
        now = self.clock()
        self.trained += now - self.mark
        self.mark = now
        if self.every and self.trained >= self.next:
            self.next += self.every
            self.point()
            self.mark = self.clock()
        return self.trained < self.seconds

    def point(self) -> None:
        """Evaluate the model as it is now: one row per opponent."""
        for opponent in self.opponents:
            result = evaluate(
                self.model, opponent, self.games, 20_000 + self.seed, self.max_turns, self.features
            )
            row = {
                "seconds": round(self.trained, 1),
                "steps": int(self.num_timesteps),
                "opponent": opponent,
                "games": result.games,
                "won": result.won,
                "points_ahead": round(result.points_ahead, 1),
                "error": round(result.error, 1),
            }
            self.rows.append(row)
            print(row, flush=True)


def make_envs(
    count: int,
    opponent: str,
    seed: int,
    subprocesses: bool,
    max_turns: int | None,
    features: bool = False,
) -> Any:
    """``count`` environments, vectorised by stable-baselines3's ``make_vec_env``."""
    return make_vec_env(
        ENV_ID,
        n_envs=count,
        seed=seed,
        vec_env_cls=SubprocVecEnv if subprocesses else DummyVecEnv,
        env_kwargs={
            **SETTINGS,
            "opponents": [opponent],
            "max_turns": max_turns,
            "features": features,
        },
    )


def evaluate(
    model: Any,
    opponent: str,
    games: int,
    seed: int,
    max_turns: int | None = None,
    features: bool = False,
) -> Evaluation:
    """Play ``games`` games against ``opponent`` with the model's most likely legal
    action (the mask passed to ``predict``), on seeds from ``seed`` on."""
    env = ThreeThirteenEnv(
        **{**SETTINGS, "opponents": [opponent], "max_turns": max_turns, "features": features}
    )
    won, margins, illegal = 0, [], 0
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
        margins.append(theirs - mine)
    error = float(np.std(margins, ddof=1) / np.sqrt(games)) if games > 1 else float("nan")
    return Evaluation(opponent, games, won, float(np.mean(margins)), illegal, error)


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
    parser.add_argument(
        "--curve-every", type=float, default=0.0, help="minutes of training between points"
    )
    parser.add_argument("--curve-games", type=int, default=20, help="games a point an opponent")
    parser.add_argument("--curve", type=Path, default=None, help="write the curve here (CSV)")
    parser.add_argument(
        "--cpu-time", action="store_true", help="count minutes of CPU time, not of wall time"
    )
    parser.add_argument(
        "--features", action="store_true", help="the analysis features in the observation"
    )
    parser.add_argument(
        "--eval-max-turns",
        type=int,
        default=100,
        help="a round's turn limit in evaluations (0: none), so a young policy's games end",
    )
    parser.add_argument("--tiny", action="store_true", help="a few hundred steps, to test")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)  # (one core: torch's threads only contend on small networks)
    ppo: dict[str, Any] = {}
    if args.tiny:
        args.steps, args.eval_games = 256, 2
        args.max_turns = args.max_turns or 4
        ppo = {"n_steps": 64, "batch_size": 32, "n_epochs": 1}
    eval_turns = args.max_turns if args.tiny else args.eval_max_turns or None
    envs = make_envs(
        args.envs, args.opponent, args.seed, not args.dummy, args.max_turns, args.features
    )
    try:
        model = MaskablePPO("MlpPolicy", envs, seed=args.seed, verbose=0, **ppo)
        curve = Curve(
            60 * args.minutes,
            60 * args.curve_every,
            args.eval_opponents,
            args.curve_games,
            args.seed,
            eval_turns,
            cpu=args.cpu_time,
            features=args.features,
        )
        model.learn(total_timesteps=args.steps, callback=curve)
        seconds = curve.trained
    finally:
        envs.close()
    model.save(args.save)
    loaded = MaskablePPO.load(args.save)
    steps = int(model.num_timesteps)
    print(f"trained {steps:,} steps in {seconds:.0f} s ({steps / seconds:,.0f} steps a second)")
    results = {
        opponent: evaluate(
            loaded, opponent, args.eval_games, 10_000 + args.seed, eval_turns, args.features
        )
        for opponent in args.eval_opponents
    }
    for evaluation in results.values():
        print(evaluation)
    if args.curve is not None:
        write_curve(args.curve, curve.rows)
    return {
        "steps": steps,
        "seconds": seconds,
        "model": loaded,
        "results": results,
        "curve": curve.rows,
    }


def write_curve(path: Path, rows: Sequence[dict[str, Any]]) -> None:
    """The learning curve as CSV: seconds of training, steps, opponent, games,
    games won, points ahead a game and its standard error."""
    fields = ["seconds", "steps", "opponent", "games", "won", "points_ahead", "error"]
    lines = [",".join(fields)] + [",".join(str(row[field]) for field in fields) for row in rows]
    path.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    np.set_printoptions(precision=3)
    main()
