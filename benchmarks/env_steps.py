"""Steps per second of the framework adapters, with random masked actions: the
PettingZoo AEC environment (``threethirteen.adapters.envs.env``, wrapped as PettingZoo's
classic games are) and the Gymnasium environment (``threethirteen.adapters.gym_env``, the
other seats played by ``RandomBot``).

The AEC loop is PettingZoo's own random agent: ``agent_iter``, ``last()``, then
``action_space(agent).sample(mask)``, ``step``; every ``step`` counts (the steps
of agents removed at a game's end too), and a finished game is reset with the
next seed. The Gymnasium loop is ``action_space.sample(mask)`` and ``step``; its
steps are the learner's only (the bots' actions happen inside them). The vector
loop is ``gymnasium.make_vec`` (``"sync"`` or ``"async"``: a process per
environment) with a random masked action per environment; its steps count each
environment's (a vector step of 4 environments is 4), in wall-clock time (the
async workers' time is not the process's).

The page loop (:func:`aec_page_steps`) is docs/pettingzoo.md's own random agent:
``last()``, then ``rng.choice(np.flatnonzero(mask))``, ``step``. Each measure is
given in the process's CPU time and in wall-clock time (on a busy machine the two
differ: the wall clock counts the time other processes hold the cores), with the
load average at the start.

Run it for a report (``python benchmarks/env_steps.py``), or call
:func:`report` (``seconds`` per measure)::

    PYTHONPATH=src python benchmarks/env_steps.py
"""

from __future__ import annotations

import time
from typing import Any

__all__ = [
    "aec_page_steps",
    "aec_random_steps",
    "gym_random_steps",
    "report",
    "steps_per_second",
    "vector_random_steps",
]

TABLES = (("pagat", 2), ("pagat", 4), ("family", 4))


def aec_random_steps(
    steps: int,
    rules: str = "pagat",
    players: int = 2,
    seed: int = 0,
    wrapped: bool = True,
    **options: Any,
) -> int:
    """Take ``steps`` AEC steps with PettingZoo's random masked agent; return the
    number taken. ``wrapped=False``: the bare ``raw_env``, without ``env()``'s
    wrapper (the checks of PettingZoo's three classic wrappers, in one)."""
    from threethirteen.adapters.envs import env, raw_env

    game_env = (env if wrapped else raw_env)(rules, players, **options)
    game_env.reset(seed=seed)
    for index, agent in enumerate(game_env.possible_agents):
        game_env.action_space(agent).seed(seed + index)
    done = 0
    while done < steps:
        for agent in game_env.agent_iter(steps - done):
            observation, _, termination, truncation, _ = game_env.last()
            if termination or truncation:
                action = None
            else:
                action = game_env.action_space(agent).sample(observation["action_mask"])
            game_env.step(action)
            done += 1
        if not game_env.agents:
            seed += 1
            game_env.reset(seed=seed)
    return done


def aec_page_steps(
    steps: int, rules: str = "pagat", players: int = 2, seed: int = 0, **options: Any
) -> int:
    """Take ``steps`` AEC steps with docs/pettingzoo.md's loop (a random choice
    among the mask's indices, by a numpy generator); return the number taken."""
    import numpy as np

    from threethirteen.adapters.envs import env

    game_env = env(rules, players, **options)
    game_env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    done = 0
    while done < steps:
        for _agent in game_env.agent_iter(steps - done):
            observation, _, termination, truncation, _ = game_env.last()
            if termination or truncation:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            game_env.step(action)
            done += 1
        if not game_env.agents:
            seed += 1
            game_env.reset(seed=seed)
    return done


def gym_random_steps(
    steps: int, rules: str = "pagat", players: int = 2, seed: int = 0, **options: Any
) -> int:
    """Take ``steps`` Gymnasium steps with a random masked learner against
    ``RandomBot`` in the other seats; return the number taken."""
    from threethirteen.adapters.gym_env import ThreeThirteenEnv

    env = ThreeThirteenEnv(rules, players, opponents=["random"], **options)
    _, info = env.reset(seed=seed)
    env.action_space.seed(seed)
    for _ in range(steps):
        action = env.action_space.sample(info["action_mask"])
        _, _, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            seed += 1
            _, info = env.reset(seed=seed)
    return steps


def vector_random_steps(
    steps: int,
    rules: str = "pagat",
    players: int = 2,
    seed: int = 0,
    num_envs: int = 4,
    mode: str = "sync",
) -> int:
    """Take vector steps of ``num_envs`` Gymnasium environments (``mode``: ``"sync"``
    or ``"async"``) with random masked actions until ``steps`` environment steps are
    taken; return that number (a multiple of ``num_envs``)."""
    import gymnasium
    import numpy as np

    from threethirteen.adapters.gym_env import ENV_ID

    envs = gymnasium.make_vec(
        ENV_ID,
        num_envs=num_envs,
        vectorization_mode=mode,
        rules=rules,
        players=players,
        opponents=["random"],
    )
    rng = np.random.default_rng(seed)
    try:
        observations, _ = envs.reset(seed=seed)
        done = 0
        while done < steps:
            actions = [
                int(rng.choice(np.flatnonzero(mask))) if mask.any() else 0  # (a reset step)
                for mask in observations["action_mask"]
            ]
            observations, *_ = envs.step(np.array(actions))
            done += num_envs
    finally:
        envs.close()
    return done


def steps_per_second(
    function: Any, seconds: float = 2.0, wall: bool = False, **arguments: Any
) -> float:
    """The steps per second of ``function(steps, **arguments)``, run for about
    ``seconds`` (the best of three runs of a third each), in the process's CPU
    time, so that other work on a shared machine counts less (``wall``: in
    wall-clock time, for work in other processes)."""
    clock = time.perf_counter if wall else time.process_time
    steps = 200
    start = clock()
    function(steps, **arguments)
    elapsed = clock() - start
    steps = max(200, int(steps * seconds / 3 / max(elapsed, 1e-3)))
    best = float("inf")
    for _ in range(3):
        start = clock()
        taken = function(steps, **arguments)
        best = min(best, clock() - start)
    return taken / best


def report(seconds: float = 2.0) -> dict[str, float]:
    """Steps per second of each adapter at each table of :data:`TABLES`, then of
    the first table in wall-clock time too."""
    results = {}
    for rules, players in TABLES:
        results[f"pettingzoo AEC {rules} {players}p"] = steps_per_second(
            aec_random_steps, seconds, rules=rules, players=players
        )
        results[f"pettingzoo AEC raw {rules} {players}p"] = steps_per_second(
            aec_random_steps, seconds, rules=rules, players=players, wrapped=False
        )
        results[f"gymnasium {rules} {players}p"] = steps_per_second(
            gym_random_steps, seconds, rules=rules, players=players
        )
    for rules, players in TABLES[:1]:
        results[f"pettingzoo AEC page loop {rules} {players}p"] = steps_per_second(
            aec_page_steps, seconds, rules=rules, players=players
        )
        for name, function in (
            ("pettingzoo AEC", aec_random_steps),
            ("pettingzoo AEC page loop", aec_page_steps),
        ):
            results[f"{name} (wall) {rules} {players}p"] = steps_per_second(
                function, seconds, wall=True, rules=rules, players=players
            )
        results[f"gymnasium single (wall) {rules} {players}p"] = steps_per_second(
            gym_random_steps, seconds, wall=True, rules=rules, players=players
        )
        for mode in ("sync", "async"):
            results[f"gymnasium vector {mode} x4 (wall) {rules} {players}p"] = steps_per_second(
                vector_random_steps, seconds, wall=True, rules=rules, players=players, mode=mode
            )
    return results


if __name__ == "__main__":
    import os

    print("load average at the start: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    for name, rate in report().items():
        print(f"{name:36} {rate:>10,.0f} steps/s")
