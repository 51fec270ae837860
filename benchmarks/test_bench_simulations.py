"""Tournaments (issue 13): a greedy game played by ``tt.play``, a small tournament
serially, on a thread pool and on a process pool (the chunking and merging around
the games), and the results' table and JSON. ``benchmarks/simulation_throughput.py``
measures games per second per core and the executors' task overheads for the docs.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest

import threethirteen as tt

PAIR = ["greedy", "random"]


def test_play_a_greedy_game(benchmark: Any) -> None:
    benchmark.group = "simulations: one game"
    game = benchmark(tt.play, ["greedy", "greedy"], seed=1)
    assert game.is_over


def test_play_a_short_random_game(benchmark: Any) -> None:
    benchmark.group = "simulations: one game"
    game = benchmark(tt.play, ["random", "random"], seed=1, max_turns=50)
    assert game.is_over


@pytest.mark.parametrize("where", ["serial", "threads", "processes"])
def test_tournament(benchmark: Any, where: str) -> None:
    benchmark.group = "simulations: 8 short games"
    expected = tt.tournament(PAIR, games=8, seed=1, max_turns=20)

    def run() -> tt.TournamentResults:
        if where == "serial":
            return tt.tournament(PAIR, games=8, seed=1, max_turns=20)
        pool_type = ThreadPoolExecutor if where == "threads" else ProcessPoolExecutor
        with pool_type(2) as pool:
            return tt.tournament(PAIR, games=8, seed=1, max_turns=20, executor=pool)

    results = benchmark.pedantic(run, rounds=3, iterations=1)
    assert results == expected


def test_results_table_and_json(benchmark: Any) -> None:
    benchmark.group = "simulations: results"
    results = tt.tournament(["greedy", "random", "greedy"], games=6, seed=1, max_turns=10)

    def render() -> str:
        tt.TournamentResults.from_json(results.to_json())
        return results.table()

    assert benchmark(render).startswith("pagat, 3 players")
