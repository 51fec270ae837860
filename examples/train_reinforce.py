"""Learn to beat RandomBot: masked REINFORCE with a linear policy, numpy only.

    python examples/train_reinforce.py [--games 400] [--plot docs/_static/training_curve.png]

The learner plays seat 0 of ``threethirteen.gym_env.ThreeThirteenEnv`` (pagat, two
players, ``RandomBot`` in the other seat, a reward at the end of each round: the
opponent's round score less the learner's). Its policy is a softmax over the
action indexes that the mask allows, with logits linear in the observation vector
(``logits = weights @ observation + bias``). After every batch of games it takes
one Adam step along the REINFORCE gradient: each decision's log-probability
gradient, ``(one_hot(action) - probabilities) x observation``, weighted by the
decision's discounted return to go, normalised over the batch.

Before and after training it plays ``--eval-games`` games on seeds it never trained
on and prints the win rate and the mean points per game (lower is better in Three
Thirteen), and with ``--plot`` it draws the learning curve (needs matplotlib).
"""

from __future__ import annotations

import argparse
import dataclasses
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from threethirteen.gym_env import ThreeThirteenEnv


class MaskedLinearPolicy:
    """A softmax over the legal action indexes, linear in the observation."""

    def __init__(self, observation_size: int, actions: int) -> None:
        self.weights = np.zeros((actions, observation_size))
        self.bias = np.zeros(actions)

    def probabilities(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = self.weights @ observation + self.bias
        logits[mask == 0] = -np.inf
        exp = np.exp(logits - logits.max())
        return exp / exp.sum()

    def act(self, observation: dict[str, np.ndarray], rng: np.random.Generator) -> int:
        """A sampled action index (always one the mask allows)."""
        p = self.probabilities(observation["observation"], observation["action_mask"])
        return int(np.searchsorted(np.cumsum(p), rng.random() * p.sum(), side="right"))

    def best(self, observation: dict[str, np.ndarray]) -> int:
        """The most likely action index."""
        p = self.probabilities(observation["observation"], observation["action_mask"])
        return int(p.argmax())


@dataclasses.dataclass
class Episode:
    observations: list[np.ndarray]
    probabilities: list[np.ndarray]
    actions: list[int]
    rewards: list[float]
    won: bool


def play(
    env: ThreeThirteenEnv,
    policy: MaskedLinearPolicy,
    seed: int,
    rng: np.random.Generator,
    greedy: bool = False,
) -> Episode:
    """One game of the policy against the environment's bots."""
    observation, _info = env.reset(seed=seed)
    episode = Episode([], [], [], [], won=False)
    done = False
    while not done:
        x, mask = observation["observation"], observation["action_mask"]
        p = policy.probabilities(x, mask)
        action = int(p.argmax()) if greedy else policy.act(observation, rng)
        observation, reward, terminated, truncated, _info = env.step(action)
        episode.observations.append(x)
        episode.probabilities.append(p)
        episode.actions.append(action)
        episode.rewards.append(float(reward))
        done = terminated or truncated
    episode.won = env.game.winners == (env.seat,)
    return episode


class Adam:
    def __init__(self, learning_rate: float) -> None:
        self.learning_rate = learning_rate
        self.steps = 0
        self.moments: dict[int, tuple[np.ndarray, np.ndarray]] = {}

    def ascend(self, parameters: Sequence[np.ndarray], gradients: Sequence[np.ndarray]) -> None:
        self.steps += 1
        for number, (parameter, gradient) in enumerate(zip(parameters, gradients, strict=True)):
            mean, square = self.moments.get(
                number, (np.zeros_like(parameter), np.zeros_like(parameter))
            )
            mean = 0.9 * mean + 0.1 * gradient
            square = 0.999 * square + 0.001 * gradient**2
            self.moments[number] = (mean, square)
            step = (mean / (1 - 0.9**self.steps)) / (
                np.sqrt(square / (1 - 0.999**self.steps)) + 1e-8
            )
            parameter += self.learning_rate * step


def reinforce_step(
    policy: MaskedLinearPolicy, optimizer: Adam, episodes: Sequence[Episode], gamma: float
) -> None:
    """One gradient step from a batch of episodes."""
    returns: list[float] = []
    for episode in episodes:
        to_go = 0.0
        backwards = []
        for reward in reversed(episode.rewards):
            to_go = reward + gamma * to_go
            backwards.append(to_go)
        returns.extend(reversed(backwards))
    advantages = np.array(returns)
    advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    x = np.array([x for episode in episodes for x in episode.observations])
    scores = -np.array([p for episode in episodes for p in episode.probabilities])
    actions = [action for episode in episodes for action in episode.actions]
    scores[np.arange(len(actions)), actions] += 1.0  # one_hot(action) - probabilities
    weighted = scores * advantages[:, None] / len(actions)
    optimizer.ascend([policy.weights, policy.bias], [weighted.T @ x, weighted.sum(axis=0)])


@dataclasses.dataclass
class Evaluation:
    games: int
    win_rate: float
    points: float
    """The learner's mean points per game (lower is better)."""
    opponent_points: float
    """The mean points per game of the other seats."""


def evaluate(
    env: ThreeThirteenEnv,
    policy: MaskedLinearPolicy,
    games: int,
    seed: int,
    greedy: bool = False,
) -> Evaluation:
    """Games on the seeds ``seed``, ``seed + 1``, ..."""
    rng = np.random.default_rng(seed)
    wins = 0
    points = opponents = 0.0
    for number in range(games):
        wins += play(env, policy, seed + number, rng, greedy=greedy).won
        totals = env.game.totals
        points += totals[env.seat]
        opponents += (sum(totals) - totals[env.seat]) / (len(totals) - 1)
    return Evaluation(games, wins / games, points / games, opponents / games)


def train(
    env: ThreeThirteenEnv,
    games: int,
    batch: int = 10,
    learning_rate: float = 0.05,
    gamma: float = 0.95,
    seed: int = 0,
) -> tuple[MaskedLinearPolicy, list[Episode]]:
    """Train a policy on ``games`` games (seeds ``seed * 1_000_000 + n``)."""
    size = env.observation_space["observation"].shape[0]
    policy = MaskedLinearPolicy(size, int(env.action_space.n))
    optimizer = Adam(learning_rate)
    rng = np.random.default_rng(seed)
    history: list[Episode] = []
    for start in range(0, games, batch):
        episodes = [
            play(env, policy, seed * 1_000_000 + number, rng)
            for number in range(start, min(start + batch, games))
        ]
        reinforce_step(policy, optimizer, episodes, gamma)
        history.extend(episodes)
    return policy, history


def plot(history: Sequence[Episode], path: Path, window: int = 50, title: str = "") -> None:
    """The learning curve: the moving mean of each training game's return and win."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    returns = np.array([sum(episode.rewards) for episode in history])
    wins = np.array([episode.won for episode in history], dtype=float)
    window = max(1, min(window, len(history)))
    kernel = np.ones(window) / window
    games = np.arange(window, len(history) + 1)
    figure, (top, bottom) = plt.subplots(2, 1, figsize=(7, 5), sharex=True)
    top.plot(np.arange(1, len(history) + 1), returns, ".", color="0.75", markersize=3)
    top.plot(games, np.convolve(returns, kernel, mode="valid"), color="C0")
    top.axhline(0, color="0.5", linewidth=0.8)
    top.set_ylabel("points ahead per game")
    bottom.plot(games, np.convolve(wins, kernel, mode="valid"), color="C1")
    bottom.axhline(0.5, color="0.5", linewidth=0.8)
    bottom.set_ylim(0, 1)
    bottom.set_ylabel(f"win rate ({window}-game mean)")
    bottom.set_xlabel("training games")
    top.set_title(title or "masked REINFORCE, linear policy, against RandomBot")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="pagat")
    parser.add_argument("--games", type=int, default=400, help="training games")
    parser.add_argument("--batch", type=int, default=10, help="games per gradient step")
    parser.add_argument("--learning-rate", type=float, default=0.05)
    parser.add_argument("--gamma", type=float, default=0.95, help="discount of the return")
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--max-turns", type=int, default=None, help="turns per round")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", type=Path, default=None, help="where to draw the curve")
    args = parser.parse_args(argv)

    env = ThreeThirteenEnv(
        args.rules, players=2, opponents=["random"], reward="round", max_turns=args.max_turns
    )
    evaluation_seed = 10**9 + args.seed
    size = env.observation_space["observation"].shape[0]
    untrained = MaskedLinearPolicy(size, int(env.action_space.n))
    results: dict[str, Any] = {}
    started = time.perf_counter()
    results["before"] = evaluate(env, untrained, args.eval_games, evaluation_seed)
    results["evaluation_seconds"] = time.perf_counter() - started
    started = time.perf_counter()
    policy, history = train(
        env, args.games, args.batch, args.learning_rate, args.gamma, seed=args.seed
    )
    results["training_seconds"] = time.perf_counter() - started
    results["after"] = evaluate(env, policy, args.eval_games, evaluation_seed)
    results["after_greedy"] = evaluate(env, policy, args.eval_games, evaluation_seed, greedy=True)
    results["history"] = history
    results["policy"] = policy
    print(f"observation size {size}, {int(env.action_space.n)} action indexes")
    print(
        f"trained on {args.games} games in {results['training_seconds']:.0f} s "
        f"({sum(len(episode.actions) for episode in history)} decisions)"
    )
    for label, key in (
        ("untrained (uniform over the mask)", "before"),
        ("trained, sampling", "after"),
        ("trained, most likely action", "after_greedy"),
    ):
        result: Evaluation = results[key]
        print(
            f"{label}: won {result.win_rate:.1%} of {result.games} games against RandomBot,"
            f" {result.points:.1f} points per game (RandomBot {result.opponent_points:.1f})"
        )
    if args.plot is not None:
        plot(history, args.plot)
        print(f"learning curve: {args.plot}")
    return results


if __name__ == "__main__":
    main()
