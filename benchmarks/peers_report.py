"""Our environments' speed next to the gin rummy of other frameworks, in one process.

    python benchmarks/peers_report.py [--quick] [--repeats N] [--budget SECONDS]

prints Markdown tables (run by hand; nothing here is a test). The peers are no
dependencies of this project; install them in a virtual environment of their own,
with this checkout on the path::

    python -m venv peers
    peers/bin/pip install 'pettingzoo==1.26.1' pygame rlcard open_spiel numpy
    PYTHONPATH=src peers/bin/python benchmarks/peers_report.py

(PettingZoo 1.27 removed its gin rummy, so 1.26.1 is the last one to compare with;
its ``gin_rummy_v4`` needs ``rlcard`` and ``pygame``.) A row whose package is
missing says so instead of a figure.

What is timed, the same loop for every environment:

* **AEC steps per second** (PettingZoo's gin rummy ``gin_rummy_v4.env()`` and ours,
  ``threethirteen.adapters.envs.env(rules=..., players=...)``): ``reset(seed=s)``, then
  ``for agent in env.agent_iter()``: ``env.last()``, a uniformly random action among
  those of ``observation["action_mask"]`` (``None`` once the agent is done),
  ``env.step(action)``; a step is one ``step`` with an action (the ``None`` steps
  of the agents that are done are timed but not counted);
* **RLCard** (``rlcard.make("gin-rummy")``, made once): ``env.seed(s)``,
  ``env.reset()``, then ``env.step(action)`` with a uniformly random key of
  ``state["legal_actions"]`` until ``env.is_over()``;
* **OpenSpiel** (``pyspiel.load_game("gin_rummy")`` and our registered game,
  ``threethirteen.adapters.openspiel_game``): ``new_initial_state()``, chance outcomes drawn
  by their probabilities, uniformly random legal actions until the game is over;
  steps are the players' actions, and the games per second are whole games.

Every game is played to its end (random play is long: a 2-player pagat game of
uniformly random actions takes about 30,000 steps, PettingZoo's gin about 120).
One repeat of a row plays games of new seeds until ``--budget`` seconds have
passed (and at least one game); its rate is the steps (or games) over the time
of those games. The table gives the median of ``--repeats`` repeats (with the
lowest and highest), each row with distinct seeds in every repeat; the rows take
turns within a repeat, so a busy machine slows them alike.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from importlib import metadata
from typing import Any

import numpy as np

import threethirteen as tt

GIN_LIKE = dataclasses.replace(tt.Rules.preset("pagat", players=2), decks=1, rounds=(10,))
"""Our rules closest to gin rummy: one deck, two players, one round of 10 cards
(tens wild: there is no rule set without a wild rank)."""

Play = Callable[[int], tuple[int, int]]
"""Plays the game of one seed to its end; returns (steps, games)."""


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "not installed"


def aec_play(make: Callable[[], Any]) -> Play:
    """The AEC loop of random masked actions over a PettingZoo environment."""
    env = make()

    def play(seed: int) -> tuple[int, int]:
        rng = random.Random(seed)
        env.reset(seed=seed)
        steps = 0
        for _agent in env.agent_iter():
            observation, _reward, termination, truncation, _info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        return steps, 1

    return play


def pettingzoo_gin(raw: bool = False) -> Callable[[], Play]:
    def make() -> Play:
        from pettingzoo.classic import gin_rummy_v4  # the last version with it: 1.26.1

        return aec_play(gin_rummy_v4.raw_env if raw else gin_rummy_v4.env)

    return make


def our_aec(rules: str | tt.Rules, players: int, raw: bool = False) -> Callable[[], Play]:
    """``envs.env`` (wrapped as PettingZoo's classic games are), or ``envs.raw_env``."""

    def make() -> Play:
        from threethirteen.adapters import envs

        factory = envs.raw_env if raw else envs.env
        return aec_play(lambda: factory(rules=rules, players=players))

    return make


def rlcard_gin() -> Play:
    import rlcard

    env = rlcard.make("gin-rummy", config={"seed": 0})

    def play(seed: int) -> tuple[int, int]:
        rng = random.Random(seed)
        env.seed(seed)
        state, _player = env.reset()
        steps = 0
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _player = env.step(legal[rng.randrange(len(legal))])
            steps += 1
        return steps, 1

    return play


def spiel_play(game: Any) -> Play:
    def play(seed: int) -> tuple[int, int]:
        rng = random.Random(seed)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions = [action for action, _ in outcomes]
                weights = [probability for _, probability in outcomes]
                state.apply_action(rng.choices(actions, weights)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                steps += 1
        return steps, 1

    return play


def openspiel_gin() -> Play:
    import pyspiel

    return spiel_play(pyspiel.load_game("gin_rummy"))


def our_spiel(players: int) -> Callable[[], Play]:
    def make() -> Play:
        import pyspiel

        from threethirteen.adapters import openspiel_game

        name = openspiel_game.SHORT_NAME
        return spiel_play(pyspiel.load_game(name, {"players": players, "rules": "pagat"}))

    return make


@dataclasses.dataclass
class Row:
    section: str
    name: str
    settings: str
    make: Callable[[], Play]
    play: Play | None = None
    problem: str | None = None
    steps_per_second: list[float] = dataclasses.field(default_factory=list)
    games_per_second: list[float] = dataclasses.field(default_factory=list)
    steps: int = 0
    games: int = 0

    def start(self) -> None:
        try:
            self.play = self.make()
        except ImportError as error:
            self.problem = f"not available ({error.msg.split(' (')[0]})"
        except Exception as error:  # a peer that breaks is reported, not fatal
            self.problem = f"failed: {type(error).__name__}: {error}"

    def repeat(self, seeds: Iterator[int], budget: float) -> None:
        if self.play is None:
            return
        steps = games = 0
        elapsed = 0.0
        while elapsed < budget or games == 0:
            seed = next(seeds)
            started = time.perf_counter()
            played, finished = self.play(seed)
            elapsed += time.perf_counter() - started
            steps += played
            games += finished
        self.steps += steps
        self.games += games
        self.steps_per_second.append(steps / elapsed)
        self.games_per_second.append(games / elapsed)


def _rate(values: list[float]) -> str:
    if not values:
        return "-"
    return f"{statistics.median(values):,.0f} ({min(values):,.0f}-{max(values):,.0f})"


def _games(values: list[float]) -> str:
    if not values:
        return "-"
    median = statistics.median(values)
    return f"{median:,.1f}" if median < 100 else f"{median:,.0f}"


def _median(row: Row) -> float | None:
    return statistics.median(row.steps_per_second) if row.steps_per_second else None


def rows() -> list[Row]:
    aec = "AEC steps, random masked actions"
    spiel = "OpenSpiel, random games"
    return [
        Row(aec, "PettingZoo 1.26.1 gin_rummy_v4", "gin rummy, 2 players", pettingzoo_gin()),
        Row(aec, "RLCard gin-rummy env.step", "gin rummy, 2 players", rlcard_gin),
        Row(aec, "threethirteen.adapters.envs", "pagat, 2 players", our_aec("pagat", 2)),
        Row(
            aec,
            "threethirteen.adapters.envs",
            "gin-like: 1 deck, 1 round of 10",
            our_aec(GIN_LIKE, 2),
        ),
        Row(aec, "threethirteen.adapters.envs", "pagat, 4 players", our_aec("pagat", 4)),
        Row(
            aec,
            "PettingZoo 1.26.1 gin_rummy_v4.raw_env",
            "unwrapped, 2 players",
            pettingzoo_gin(raw=True),
        ),
        Row(
            aec,
            "threethirteen.adapters.envs.raw_env",
            "unwrapped, pagat, 2 players",
            our_aec("pagat", 2, True),
        ),
        Row(spiel, "OpenSpiel gin_rummy", "2 players", openspiel_gin),
        Row(
            spiel,
            "threethirteen.adapters.openspiel_game",
            "pagat, 2 players, max_turns=200 (its default)",
            our_spiel(2),
        ),
    ]


def report(table: list[Row], repeats: int, budget: float) -> None:
    for row in table:
        row.start()
    for repeat in range(repeats):
        for number, row in enumerate(table):
            row.repeat(itertools.count(1_000_000 * (number + 1) + 10_000 * repeat), budget)
        print(f"repeat {repeat + 1} of {repeats} done", file=sys.stderr)

    gin, rlcard, spiel_gin = (_median(row) for row in table[:2] + table[7:8])
    print(
        f"Python {platform.python_version()} on {platform.machine()}; threethirteen "
        f"{tt.__version__} ({tt.implementation}), pettingzoo {_version('pettingzoo')}, "
        f"rlcard {_version('rlcard')}, open_spiel {_version('open_spiel')}; "
        f"{repeats} repeats of at least {budget:g} s each, median (lowest-highest)."
    )
    bases = {
        table[0].section: (("x PettingZoo gin", gin), ("x RLCard gin", rlcard)),
        table[7].section: (("x OpenSpiel gin", spiel_gin),),
    }
    for section, base_columns in bases.items():
        print(f"\n### {section}\n")
        names = " | ".join(name for name, _ in base_columns)
        print(f"| environment | settings | steps/s | games/s | steps/game | {names} |")
        print("|---|---|--:|--:|--:|" + "--:|" * len(base_columns))
        for row in (row for row in table if row.section == section):
            if row.problem is not None:
                print(
                    f"| {row.name} | {row.settings} | {row.problem} |"
                    + " |" * (2 + len(base_columns))
                )
                continue
            median = _median(row)
            ratios = " | ".join(
                f"{median / base:.2f}" if median is not None and base else "-"
                for _, base in base_columns
            )
            per_game = f"{row.steps / row.games:,.0f}" if row.games else "-"
            print(
                f"| {row.name} | {row.settings} | {_rate(row.steps_per_second)}"
                f" | {_games(row.games_per_second)} | {per_game} | {ratios} |"
            )
    print("\n### Targets of issue 14\n")
    ours = _median(table[2])
    for label, base, factor in (
        ("at least 10x PettingZoo 1.26.1 gin (pagat, 2 players)", gin, 10.0),
        ("at least RLCard gin's env.step rate (pagat, 2 players)", rlcard, 1.0),
    ):
        if ours is None or base is None:
            print(f"- {label}: not measured")
        else:
            verdict = "met" if ours >= factor * base else "NOT met"
            print(f"- {label}: {ours / base:.2f}x, {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 repeats of 0.5 s")
    parser.add_argument("--repeats", type=int, default=7, help="repeats of each row")
    parser.add_argument("--budget", type=float, default=2.0, help="seconds per repeat")
    args = parser.parse_args()
    repeats, budget = (3, 0.5) if args.quick else (args.repeats, args.budget)
    started = time.perf_counter()
    report(rows(), repeats, budget)
    print(f"\n(measured in {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
