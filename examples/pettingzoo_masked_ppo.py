"""PettingZoo's own tutorial, "SB3: Action Masked PPO for Connect Four", adapted
to the Three Thirteen AEC environment (docs/pettingzoo.md): one MaskablePPO
policy trained by self-play, playing every seat.

What changed from the tutorial:

- the environment and its documented settings: ``env("pagat", players=2,
  reward="round", reward_scale=0.01)``: a reward every round, about -1 to 1;
- the wrapper: the tutorial's ``SB3ActionMaskWrapper`` passes on the reward of
  the agent that just moved only, so a round that the other player's move ended
  is never paid to this one (half of the rewards are lost, and the last round's
  always). :class:`EveryRewardWrapper` pays each agent, at its next move, every
  reward it got while waiting, and at the game's end gives each other agent one
  closing step (a pass: its mask allows only index 0) that pays its last reward;
  :class:`TutorialWrapper` is the tutorial's own, for comparison;
- the evaluation: against the built-in bots (``random``, ``greedy``) seated
  with :func:`threethirteen.adapters.envs.bot_action`, reporting the points ahead
  a game (positive means ahead).

Needs the ``sb3`` extra::

    pip install '.[pettingzoo,sb3]'
    python examples/pettingzoo_masked_ppo.py --minutes 10
    python examples/pettingzoo_masked_ppo.py --tiny   # a few hundred steps: a smoke test
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pettingzoo.utils
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from sb3_contrib.common.wrappers import ActionMasker
from stable_baselines3.common.callbacks import BaseCallback

import threethirteen as tt
from threethirteen.adapters.envs import bot_action, env

SETTINGS: dict[str, Any] = {
    "rules": "pagat",
    "players": 2,
    "reward": "round",
    "reward_scale": 0.01,
}


class TutorialWrapper(pettingzoo.utils.BaseWrapper, gymnasium.Env):  # type: ignore[misc]
    """The tutorial's ``SB3ActionMaskWrapper``, as it is: a Gymnasium-like face on
    the AEC environment, one step per move of any agent."""

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> Any:
        super().reset(seed, options)
        self.observation_space = super().observation_space(self.possible_agents[0])["observation"]
        self.action_space = super().action_space(self.possible_agents[0])
        return self.observe(self.agent_selection), {}

    def step(self, action: int) -> Any:
        current_agent = self.agent_selection
        super().step(action)
        next_agent = self.agent_selection
        return (
            self.observe(next_agent),
            self._cumulative_rewards[current_agent],
            self.terminations[current_agent],
            self.truncations[current_agent],
            self.infos[current_agent],
        )

    def observe(self, agent: str) -> Any:
        return super().observe(agent)["observation"]

    def action_mask(self) -> Any:
        return super().observe(self.agent_selection)["action_mask"]


class EveryRewardWrapper(TutorialWrapper):
    """The tutorial's wrapper, passing on every agent's reward: a step's reward is
    what the moving agent got since its last move (the rounds the others' moves
    ended) and by this move; when the game ends, each agent still in the game gets
    one closing step (its mask allows index 0 only; any action passes) whose reward
    is what it got since its last move, and the episode ends after the last one.
    Over an episode, each agent's rewards add up to its reward for the game."""

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> Any:
        self._paid: dict[str, float] = {}  # each agent's reward paid at its last move
        return super().reset(seed, options)

    def step(self, action: int) -> Any:
        agent = self.agent_selection
        # what it got since its last move (an AEC agent's reward accumulates until
        # its next move: the part paid at its last move is left out)
        waiting = self._cumulative_rewards[agent] - self._paid.get(agent, 0.0)
        if self.terminations[agent] or self.truncations[agent]:
            super(TutorialWrapper, self).step(None)  # the closing step: a pass
            reward = waiting
        else:
            super(TutorialWrapper, self).step(action)
            paid = self._cumulative_rewards[agent]
            self._paid[agent] = paid
            reward = waiting + paid
            while self.agents and self.agent_selection == agent and self.terminations[agent]:
                super(TutorialWrapper, self).step(None)  # its own closing step: paid
        over = not self.agents
        following = agent if over else self.agent_selection
        return self.observe(following), reward, over, False, {}

    def action_mask(self) -> Any:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            mask = np.zeros(self.action_space.n, np.int8)
            mask[0] = 1  # the closing step: a pass
            return mask
        return super().action_mask()


class BotSeatsWrapper(TutorialWrapper):
    """One seat for the learner, the others played by a bot: the learner's steps
    are its own moves only, and a step's reward is what the learner got by its move
    and the bots' moves that followed, up to its next move (so the rewards of an
    episode add up to its reward for the game). The learner's seat changes every
    episode.

    Why: with the tutorial's self-play wrapper, one trajectory interleaves both
    players' moves, and PPO's advantage adds to a move's reward the value of the
    next observation, the *other* player's, whose return is minus one's own in a
    zero-sum game: the value targets mix the two players' points of view."""

    def __init__(self, game_env: Any, opponent: str, seed: int = 0) -> None:
        super().__init__(game_env)
        self.opponent, self.seed, self.episodes = opponent, seed, 0

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> Any:
        super().reset(seed, options)
        self.learner = self.possible_agents[self.episodes % len(self.possible_agents)]
        self.bot = tt.make_bot(self.opponent, seed=self.seed + self.episodes)
        self.episodes += 1
        self._bots_move()
        return self.observe(self.learner), {}

    def _bots_move(self) -> None:
        """The bots' moves until the learner's turn or the game's end."""
        while self.agents and self.agent_selection != self.learner:
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                super(TutorialWrapper, self).step(None)
            else:
                super(TutorialWrapper, self).step(bot_action(self, self.bot))

    def step(self, action: int) -> Any:
        learner = self.learner
        super(TutorialWrapper, self).step(action)  # (clears the learner's reward first)
        self._bots_move()
        reward = self._cumulative_rewards[learner]
        over = self.terminations[learner] or self.truncations[learner]
        return self.observe(learner), reward, over, False, {}


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
        cpu: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__()
        self.clock = time.process_time if cpu else time.monotonic
        self.seconds, self.every, self.opponents = seconds, every, list(opponents)
        self.games, self.seed, self.kwargs = games, seed, kwargs
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
            won, ahead, error = evaluate(
                self.model, opponent, self.games, 20_000 + self.seed, **self.kwargs
            )
            row = {
                "seconds": round(self.trained, 1),
                "steps": int(self.num_timesteps),
                "opponent": opponent,
                "games": self.games,
                "won": won,
                "points_ahead": round(ahead, 1),
                "error": round(error, 1),
            }
            self.rows.append(row)
            print(row, flush=True)


def mask_fn(wrapped: Any) -> Any:
    return wrapped.action_mask()


def imitate(
    model: Any, teacher: str, decisions: int, seed: int, epochs: int = 8, **kwargs: Any
) -> float:
    """Behaviour cloning, before PPO: ``decisions`` decisions of the built-in bot
    ``teacher`` playing itself, and the policy fitted to them (the masked
    distribution's log-likelihood of the teacher's action) and its value to their
    returns (each agent's rewards from the decision on, discounted by PPO's
    ``gamma``), by Adam, ``epochs`` passes; the teacher's mean log-likelihood at
    the end. Without the value, PPO's first updates, led by an untrained critic,
    undo much of what was imitated."""
    game_env = env(**{**SETTINGS, **kwargs})
    observations, masks, actions, returns = [], [], [], []
    gamma = model.gamma
    game = 0
    while len(actions) < decisions:
        game_env.reset(seed=seed + game)
        bot = tt.make_bot(teacher, seed=seed + game)
        game += 1
        mine: dict[str, list[int]] = {agent: [] for agent in game_env.possible_agents}
        paid: dict[str, list[float]] = {agent: [] for agent in game_env.possible_agents}
        for agent in game_env.agent_iter():
            observation, reward, termination, truncation, _ = game_env.last()
            if mine[agent]:
                paid[agent].append(float(reward))  # what its last decision earned
            if termination or truncation:
                game_env.step(None)
                continue
            action = bot_action(game_env, bot)
            mine[agent].append(len(actions))
            observations.append(observation["observation"])
            masks.append(observation["action_mask"])
            actions.append(action)
            returns.append(0.0)
            game_env.step(action)
        for agent, places in mine.items():
            later = 0.0
            for place, reward in zip(places[::-1], paid[agent][::-1], strict=True):
                later = reward + gamma * later
                returns[place] = later
    policy = model.policy
    device = policy.device
    seen = torch.as_tensor(np.array(observations), device=device)
    allowed = np.array(masks, dtype=bool)
    chosen = torch.as_tensor(np.array(actions), device=device)
    targets = torch.as_tensor(np.array(returns, dtype=np.float32), device=device)
    optimizer = torch.optim.Adam(policy.parameters(), lr=1e-3)
    generator = np.random.default_rng(seed)
    likelihood = 0.0
    for _epoch in range(epochs):
        order = generator.permutation(len(actions))
        total = 0.0
        for start in range(0, len(order), 256):
            batch = order[start : start + 256]
            values, log_prob, _ = policy.evaluate_actions(
                seen[batch], chosen[batch], action_masks=allowed[batch]
            )
            value_loss = torch.nn.functional.mse_loss(values.flatten(), targets[batch])
            loss = -log_prob.mean() + model.vf_coef * value_loss
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            total += float(log_prob.mean().item()) * len(batch)
        likelihood = total / len(order)
    return likelihood


def train_action_mask(
    steps: int,
    seconds: float,
    seed: int = 0,
    ppo: dict[str, Any] | None = None,
    curve: Curve | None = None,
    opponent: str | None = None,
    teacher: str | None = None,
    decisions: int = 0,
    **kwargs: Any,
) -> Any:
    """The tutorial's ``train_action_mask``: one policy for every seat, by
    self-play, with the wrapper that passes on every reward, for at most
    ``steps`` steps and ``seconds`` of training (``curve``'s, if given); or, with
    ``opponent`` a bot's name, the learner in one seat against that bot."""
    settings = {**SETTINGS, **kwargs}
    if opponent is None:
        game_env: TutorialWrapper = EveryRewardWrapper(env(**settings))
    else:
        game_env = BotSeatsWrapper(env(**settings), opponent, seed)
    game_env.reset(seed=seed)  # (the spaces are set at the reset)
    masked = ActionMasker(game_env, mask_fn)
    model = MaskablePPO(MaskableActorCriticPolicy, masked, verbose=0, seed=seed, **(ppo or {}))
    if teacher is not None and decisions:
        began = time.process_time()
        likelihood = imitate(model, teacher, decisions, 30_000 + seed, **kwargs)
        print(
            f"imitated {teacher}: {decisions:,} decisions in {time.process_time() - began:.0f}"
            f" CPU-seconds, mean log-likelihood {likelihood:.3f}",
            flush=True,
        )
        if curve is not None and curve.every:
            curve.init_callback(model)
            curve.point()
    model.learn(total_timesteps=steps, callback=curve or Curve(seconds))
    masked.close()
    return model


def evaluate(
    model: Any, opponent: str, games: int, seed: int, **kwargs: Any
) -> tuple[int, float, float]:
    """Games won, points ahead a game and that mean's standard error, of the model
    (seat 0 in even games, seat 1 in odd ones) against the built-in bot
    ``opponent``."""
    game_env = env(**{**SETTINGS, **kwargs})
    won, margins = 0, []
    for game in range(games):
        game_env.reset(seed=seed + game)
        bot = tt.make_bot(opponent, seed=seed + game)
        learner = f"player_{game % 2}"
        for agent in game_env.agent_iter():
            observation, _, termination, truncation, _ = game_env.last()
            if termination or truncation:
                action = None
            elif agent == learner:
                action = int(
                    model.predict(
                        observation["observation"],
                        action_masks=observation["action_mask"],
                        deterministic=True,
                    )[0]
                )
            else:
                action = bot_action(game_env, bot)
            game_env.step(action)
        totals = game_env.unwrapped.game.totals
        mine, theirs = totals[game % 2], totals[1 - game % 2]
        won += mine < theirs
        margins.append(theirs - mine)
    error = float(np.std(margins, ddof=1) / np.sqrt(games)) if games > 1 else float("nan")
    return won, float(np.mean(margins)), error


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=10_000_000, help="at most this many steps")
    parser.add_argument("--minutes", type=float, default=10.0, help="at most this long")
    parser.add_argument("--max-turns", type=int, default=None, help="a round's turn limit")
    parser.add_argument("--opponent", default=None, help="train against this bot, not by self-play")
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--eval-opponents", nargs="+", default=["random", "greedy"])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", type=Path, default=Path("threethirteen_v0_masked_ppo.zip"))
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
    parser.add_argument(
        "--net",
        default=None,
        help="the hidden layers' widths, e.g. 256,256 (sb3's default: 64,64)",
    )
    parser.add_argument("--lr", type=float, default=None, help="PPO's learning rate (3e-4)")
    parser.add_argument(
        "--imitate", default=None, help="first fit the policy to this bot's decisions"
    )
    parser.add_argument(
        "--imitate-decisions", type=int, default=50_000, help="the teacher's decisions"
    )
    parser.add_argument("--tiny", action="store_true", help="a few hundred steps, to test")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)  # (one core: torch's threads only contend on small networks)
    ppo: dict[str, Any] = {}
    if args.tiny:
        args.steps, args.eval_games = 256, 2
        args.max_turns = args.max_turns or 4
        ppo = {"n_steps": 64, "batch_size": 32, "n_epochs": 1}
        args.imitate_decisions = min(args.imitate_decisions, 200)
    if args.lr is not None:
        ppo["learning_rate"] = args.lr
    if args.net:
        widths = [int(width) for width in args.net.split(",")]
        ppo["policy_kwargs"] = {"net_arch": widths}
    eval_turns = args.max_turns if args.tiny else args.eval_max_turns or None
    curve = Curve(
        60 * args.minutes,
        60 * args.curve_every,
        args.eval_opponents,
        args.curve_games,
        args.seed,
        max_turns=eval_turns,
        features=args.features,
        cpu=args.cpu_time,
    )
    model = train_action_mask(
        args.steps,
        60 * args.minutes,
        args.seed,
        ppo,
        curve,
        opponent=args.opponent,
        teacher=args.imitate,
        decisions=args.imitate_decisions,
        max_turns=args.max_turns,
        features=args.features,
    )
    seconds = curve.trained
    model.save(args.save)
    loaded = MaskablePPO.load(args.save)
    steps = int(model.num_timesteps)
    print(f"trained {steps:,} steps in {seconds:.0f} s ({steps / seconds:,.0f} steps a second)")
    results = {}
    for opponent in args.eval_opponents:
        won, ahead, error = evaluate(
            loaded,
            opponent,
            args.eval_games,
            10_000 + args.seed,
            max_turns=eval_turns,
            features=args.features,
        )
        results[opponent] = (won, ahead, error)
        print(
            f"against {opponent}: won {won} of {args.eval_games},"
            f" {ahead:+.1f} points a game (standard error {error:.1f})"
        )
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
    main()
