"""Masked REINFORCE with a linear policy, numpy only, against each of the built-in bots.

    python examples/train_reinforce.py --seed 0 --jobs 2 --plot docs/_static/training_curve.png

For each opponent (``--opponents``, by default ``random greedy advisor``), a fresh
learner plays seat 0 of ``threethirteen.adapters.gym_env.ThreeThirteenEnv`` for ``--games``
games (pagat, two players, the opponent's bot in the other seat, a reward at the
end of each round: the opponent's round score less the learner's). Its policy is a
softmax over the action indexes that the mask allows, with logits linear in the
observation vector (``logits = weights @ observation + bias``). After every batch
of games it takes one Adam step along the REINFORCE gradient: each decision's
log-probability gradient, ``(one_hot(action) - probabilities) x observation``,
weighted by the decision's return (the rest of its round's reward, discounted by
``--gamma`` a decision), normalised over the batch.

Before and after training it plays ``--eval-games`` games against the same opponent
on seeds it never trained on and prints the win rate and the mean points per game
(lower is better in Three Thirteen); the untrained policy is uniform over the mask:
a random agent. With ``--plot`` it draws the learning curves, one per opponent,
beside the random agent's mean (needs matplotlib). ``--jobs 2`` trains two
opponents at once, with the same results. The same ``--seed`` gives the same games,
policies and figures.
"""

from __future__ import annotations

import argparse
import dataclasses
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from threethirteen.adapters.gym_env import ThreeThirteenEnv


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
    """One game: the learner's decisions, the reward after each, and the result."""

    observations: list[np.ndarray]
    probabilities: list[np.ndarray]
    actions: list[int]
    rewards: list[float]
    won: bool
    rounds: list[int] = dataclasses.field(default_factory=list)
    """The round of each decision (none: all in one round)."""


def play(
    env: ThreeThirteenEnv,
    policy: MaskedLinearPolicy,
    seed: int,
    rng: np.random.Generator,
    best: bool = False,
) -> Episode:
    """One game of the policy against the environment's bots."""
    observation, _info = env.reset(seed=seed)
    episode = Episode([], [], [], [], won=False, rounds=[])
    done = False
    while not done:
        x, mask = observation["observation"], observation["action_mask"]
        episode.rounds.append(env.game.round)
        p = policy.probabilities(x, mask)
        action = int(p.argmax()) if best else policy.act(observation, rng)
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


def returns_to_go(episode: Episode, gamma: float) -> list[float]:
    """Each decision's return: the rest of its round's reward, discounted by ``gamma``
    a decision. A round's deal and dealer do not depend on how the earlier rounds
    were played, so the later rounds' rewards would only add noise."""
    rounds = episode.rounds or [0] * len(episode.rewards)
    to_go = 0.0
    later = None
    backwards = []
    for reward, round_ in zip(reversed(episode.rewards), reversed(rounds), strict=True):
        to_go = reward + (gamma * to_go if round_ == later else 0.0)
        later = round_
        backwards.append(to_go)
    return backwards[::-1]


def reinforce_step(
    policy: MaskedLinearPolicy, optimizer: Adam, episodes: Sequence[Episode], gamma: float
) -> None:
    """One gradient step from a batch of episodes."""
    returns = [to_go for episode in episodes for to_go in returns_to_go(episode, gamma)]
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
    best: bool = False,
) -> Evaluation:
    """Games on the seeds ``seed``, ``seed + 1``, ..."""
    rng = np.random.default_rng(seed)
    wins = 0
    points = opponents = 0.0
    for number in range(games):
        wins += play(env, policy, seed + number, rng, best=best).won
        totals = env.game.totals
        points += totals[env.seat]
        opponents += (sum(totals) - totals[env.seat]) / (len(totals) - 1)
    return Evaluation(games, wins / games, points / games, opponents / games)


def train(
    env: ThreeThirteenEnv,
    games: int,
    batch: int = 10,
    learning_rate: float = 0.05,
    gamma: float = 0.98,
    seed: int = 0,
) -> tuple[MaskedLinearPolicy, list[Episode]]:
    """Train a policy on ``games`` games (seeds ``seed * 1_000_000 + n``).

    The history keeps each game's actions, rewards and result; its observations and
    probabilities are dropped once its gradient step is taken (hundreds of
    thousands of decisions would otherwise hold gigabytes)."""
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
        for episode in episodes:
            episode.observations, episode.probabilities = [], []
        history.extend(episodes)
    return policy, history


@dataclasses.dataclass
class Run:
    """One opponent's training run and its evaluations (on the same seeds)."""

    opponent: str
    policy: MaskedLinearPolicy
    history: list[Episode]
    training_seconds: float
    before: Evaluation
    """The untrained policy: uniform over the mask, a random agent."""
    after: Evaluation
    """The trained policy, sampling its actions."""
    after_best: Evaluation
    """The trained policy, taking its most likely action."""


def run(
    opponent: str,
    games: int,
    eval_games: int,
    rules: str = "pagat",
    batch: int = 10,
    learning_rate: float = 0.05,
    gamma: float = 0.98,
    max_turns: int | None = None,
    seed: int = 0,
) -> Run:
    """Train a fresh policy against ``opponent`` and evaluate it before and after."""
    env = ThreeThirteenEnv(
        rules, players=2, opponents=[opponent], reward="round", max_turns=max_turns
    )
    evaluation_seed = 10**9 + seed
    size = env.observation_space["observation"].shape[0]
    untrained = MaskedLinearPolicy(size, int(env.action_space.n))
    before = evaluate(env, untrained, eval_games, evaluation_seed)
    started = time.perf_counter()
    policy, history = train(env, games, batch, learning_rate, gamma, seed=seed)
    seconds = time.perf_counter() - started
    after = evaluate(env, policy, eval_games, evaluation_seed)
    after_best = evaluate(env, policy, eval_games, evaluation_seed, best=True)
    return Run(opponent, policy, history, seconds, before, after, after_best)


def smoothed(values: np.ndarray, window: int) -> np.ndarray:
    """The mean of each game's ``window`` latest values (fewer at the start)."""
    sums = np.cumsum(np.concatenate([[0.0], values]))
    ends = np.arange(1, len(values) + 1)
    starts = np.maximum(ends - window, 0)
    means: np.ndarray = (sums[ends] - sums[starts]) / (ends - starts)
    return means


def plot(runs: Sequence[Run], path: Path, window: int = 50, rules: str = "pagat") -> None:
    """The learning curves, one per opponent: each training game's return (the
    points the learner finished ahead of the opponent) and result, as the mean of
    the ``window`` latest games; dashed, the random agent's (the untrained
    policy's) mean in the evaluation before training."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, (top, bottom) = plt.subplots(
        2, 1, figsize=(7.5, 6.5), sharex=True, height_ratios=(3, 2)
    )
    for number, result in enumerate(runs):
        colour = f"C{number}"
        returns = np.array([sum(episode.rewards) for episode in result.history])
        wins = np.array([episode.won for episode in result.history], dtype=float)
        games = np.arange(1, len(returns) + 1)
        label = f"against {result.opponent}"
        top.plot(games, smoothed(returns, window), color=colour, label=label)
        random_agent = result.before.opponent_points - result.before.points
        top.axhline(random_agent, color=colour, linestyle="--", linewidth=1)
        bottom.plot(games, smoothed(wins, window), color=colour, label=label)
        bottom.axhline(result.before.win_rate, color=colour, linestyle="--", linewidth=1)
    top.axhline(0, color="0.4", linewidth=0.8)
    top.annotate(
        "even",
        (1, 0),
        xycoords=("axes fraction", "data"),
        xytext=(-4, 3),
        textcoords="offset points",
        ha="right",
        va="bottom",
        color="0.4",
        fontsize="small",
    )
    top.plot([], [], color="0.3", linestyle="--", linewidth=1, label="random agent, same colour")
    top.set_ylabel(f"points ahead of the opponent\nper game ({window}-game mean)")
    top.grid(alpha=0.3)
    bottom.axhline(0.5, color="0.4", linewidth=0.8)
    bottom.set_ylim(-0.03, 1.03)
    bottom.set_ylabel(f"games won\n({window}-game mean)")
    bottom.set_xlabel("training games")
    bottom.grid(alpha=0.3)
    handles, labels = top.get_legend_handles_labels()
    bottom.legend(handles, labels, loc="center right", fontsize="small")
    top.set_title(f"Masked REINFORCE, linear policy: {rules}, two players")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def main(argv: Sequence[str] | None = None) -> dict[str, Run]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="pagat")
    parser.add_argument(
        "--opponents",
        nargs="+",
        default=["random", "greedy", "advisor"],
        help="the bots to train against, one fresh policy each",
    )
    parser.add_argument("--games", type=int, default=1000, help="training games per opponent")
    parser.add_argument("--batch", type=int, default=10, help="games per gradient step")
    parser.add_argument("--learning-rate", type=float, default=0.05)
    parser.add_argument("--gamma", type=float, default=0.98, help="discount within a round")
    parser.add_argument("--eval-games", type=int, default=100, help="per evaluation")
    parser.add_argument("--max-turns", type=int, default=None, help="turns per round")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--window", type=int, default=50, help="games per mean of the curve")
    parser.add_argument("--jobs", type=int, default=1, help="opponents trained at once")
    parser.add_argument("--plot", type=Path, default=None, help="where to draw the curves")
    args = parser.parse_args(argv)

    started = time.perf_counter()
    settings = (
        args.games,
        args.eval_games,
        args.rules,
        args.batch,
        args.learning_rate,
        args.gamma,
        args.max_turns,
        args.seed,
    )
    if args.jobs > 1:  # the same results: every run is seeded on its own
        with ProcessPoolExecutor(args.jobs) as pool:
            futures = [pool.submit(run, opponent, *settings) for opponent in args.opponents]
            results = [future.result() for future in futures]
    else:
        results = [run(opponent, *settings) for opponent in args.opponents]
    runs = dict(zip(args.opponents, results, strict=True))
    for opponent, result in runs.items():
        decisions = sum(len(episode.actions) for episode in result.history)
        print(
            f"against {opponent}: trained on {args.games} games in"
            f" {result.training_seconds:.0f} s ({decisions} decisions)"
        )
        for label, evaluation in (
            ("untrained (uniform over the mask)", result.before),
            ("trained, sampling", result.after),
            ("trained, most likely action", result.after_best),
        ):
            print(
                f"  {label}: won {evaluation.win_rate:.1%} of {evaluation.games} games,"
                f" {evaluation.points:.1f} points per game"
                f" ({opponent} {evaluation.opponent_points:.1f})"
            )
    print(f"{time.perf_counter() - started:.0f} s in all, with the evaluations")
    if args.plot is not None:
        plot(results, args.plot, args.window, args.rules)
        print(f"learning curves: {args.plot}")
    return runs


if __name__ == "__main__":
    main()
