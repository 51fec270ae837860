"""Random games per second of the registered OpenSpiel game ``python_threethirteen``
next to OpenSpiel's own ``gin_rummy`` (C++), both driven the same way from Python:
``legal_actions()`` and ``apply_action`` for the players, a chance outcome drawn from
``chance_outcomes()`` at chance nodes (counted as actions too). Skipped without pyspiel.

A game of ours is 11 rounds (pagat, 2 players, ``max_turns`` a round); a game of
gin rummy is one hand, so the table gives rounds (hands) per second and actions per
second beside games per second. ``report()`` prints the table from one run:

    python benchmarks/test_bench_openspiel_game.py [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time
from typing import Any

import pytest

try:
    import pyspiel  # type: ignore[import-not-found]

    from threethirteen.adapters.openspiel_game import load_game
except ImportError:  # OpenSpiel is optional
    pytest.skip("pyspiel (OpenSpiel) is not installed", allow_module_level=True)

TABLES = {
    "python_threethirteen pagat 2p, max_turns=200": lambda: load_game("pagat", 2, (), 200),
    "python_threethirteen pagat 2p, max_turns=30": lambda: load_game("pagat", 2, (), 30),
    "python_threethirteen bga 4p, max_turns=30": lambda: load_game("bga", 4, (), 30),
    "python_threethirteen pagat 2p, max_turns=200, chance=cards": lambda: load_game(
        "pagat", 2, (), 200, chance="cards"
    ),
    "python_threethirteen pagat 2p, max_turns=30, chance=cards": lambda: load_game(
        "pagat", 2, (), 30, chance="cards"
    ),
    "python_threethirteen bga 4p, max_turns=30, chance=cards": lambda: load_game(
        "bga", 4, (), 30, chance="cards"
    ),
    "OpenSpiel gin_rummy (C++)": lambda: pyspiel.load_game("gin_rummy"),
}


def random_games(game: Any, seed: int, games: int) -> tuple[int, int]:
    """Play ``games`` uniform random games; return the rounds (hands) and the actions
    (chance ones too) played."""
    chooser = random.Random(seed)
    actions = rounds = 0
    ours = game.get_type().short_name == "python_threethirteen"
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[chooser.randrange(len(outcomes))][0])
            else:
                state.apply_action(chooser.choice(state.legal_actions()))
            actions += 1
        rounds += len(state.engine_game.round_scores) if ours else 1
    return rounds, actions


@pytest.mark.parametrize("table", list(TABLES))
def test_random_games(benchmark: Any, table: str) -> None:
    game = TABLES[table]()
    benchmark.group = "OpenSpiel: random games"
    games = 1 if "threethirteen" in table else 20
    rounds, actions = benchmark.pedantic(random_games, (game, 1, games), rounds=3, iterations=1)
    assert rounds >= games
    assert actions > rounds
    benchmark.extra_info.update({"games": games, "rounds": rounds, "actions": actions})


def measure(table: str, seconds: float) -> tuple[float, float, float]:
    """Games, rounds and actions per second of random play for about ``seconds``."""
    game = TABLES[table]()
    games = rounds = actions = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        found_rounds, found_actions = random_games(game, seed, 1)
        games, rounds, actions = games + 1, rounds + found_rounds, actions + found_actions
        seed += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, rounds / elapsed, actions / elapsed


def report(seconds: float = 5.0, repeat: int = 3) -> str:
    """The Markdown table of random play for every table, measured in turns (each
    table ``repeat`` times, about ``seconds`` each; the best of the repeats)."""
    best: dict[str, tuple[float, float, float]] = {}
    for _ in range(repeat):
        for table in TABLES:
            found = measure(table, seconds)
            if table not in best or found[2] > best[table][2]:
                best[table] = found
    lines = [
        f"Machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores,"
        f" Python {platform.python_version()}, OpenSpiel {pyspiel.__version__}",
        "",
        "| game | games/s | rounds (hands)/s | actions/s |",
        "|---|---:|---:|---:|",
    ]
    for table, (games, rounds, actions) in best.items():
        lines.append(f"| {table} | {games:,.1f} | {rounds:,.0f} | {actions:,.0f} |")
    return "\n".join(lines)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=5.0)
    arguments = parser.parse_args()
    print(report(arguments.seconds, arguments.repeat))
