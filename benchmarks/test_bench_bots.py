"""The built-in bots' cost per move: each bot plays one two-player pagat game (the
bot in seat 0, the advisor in seat 1) and the benchmark times the whole game;
``benchmarks/bot_play.py`` gives the cost per move and a duplicate comparison."""

from __future__ import annotations

from typing import Any

import pytest

import threethirteen as tt
from bot_play import play_game


@pytest.mark.parametrize("name", ["random", "greedy", "advisor", "search"])
def test_bot_game(benchmark: Any, name: str) -> None:
    benchmark.group = "bots: a two-player pagat game (seat 0 the bot)"
    clock: dict[int, list[float]] = {}

    def game() -> tt.Game:
        bots = [tt.make_bot(name, seed=1), tt.AdvisorBot(seed=2)]
        return play_game(bots, "pagat", seed=3, clock=clock, check=True)

    played = benchmark.pedantic(game, rounds=1, iterations=1)
    assert played.is_over
    seconds, moves = clock[0]
    benchmark.extra_info["ms_per_move"] = 1000 * seconds / moves
    assert moves > 50
