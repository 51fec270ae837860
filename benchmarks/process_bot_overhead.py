"""What a bot in its own process costs: the round trip of one decision, its parts, and
games a second.

    python benchmarks/process_bot_overhead.py [--decisions 3000] [--games 20]

* the round trip of a trivial program (``tests/bot_programs.py``: it answers the
  first legal action without reading the view) through ``ProcessBot.act``, at a
  decision late in a game (round 6, a history of some 40 entries), the median
  over ``--decisions`` calls; and its parts: the arena's side (the act message
  built and written as a line, the answer read) and the pipe alone;
* the cost a Python bot served by ``threethirteen bot`` adds on its side (the view
  read back with ``view_from_dict``);
* games a second of a random program against the greedy bot (pagat, two players),
  and of the greedy bot served by ``threethirteen bot`` against the greedy bot, both
  beside the same game in one process.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import threethirteen as tt
from threethirteen.arena.process_bot import ProcessBot
from threethirteen.arena.protocol import (
    act_message,
    end_message,
    message_line,
    parse_answer,
    start_message,
    view_from_dict,
)

ROOT = Path(__file__).resolve().parent.parent
PROGRAM = [sys.executable, str(ROOT / "tests" / "bot_programs.py")]
SERVED = [sys.executable, "-m", "threethirteen", "bot"]


def late_decision() -> tuple[tt.PlayerView, list[tt.Action]]:
    """A decision in round 6 of a greedy game: a view with a history."""
    game = tt.Game("pagat", players=2, seed=3)
    bots = [tt.GreedyBot(), tt.GreedyBot()]
    while game.round < 6 or game.turns < 8:
        seat = game.to_move
        assert seat is not None
        game.apply(bots[seat].act(game.view(seat), game.legal_actions()))
    seat = game.to_move
    assert seat is not None
    return game.view(seat), game.legal_actions()


def median_us(function: Callable[[], Any], count: int) -> float:
    times = []
    for _ in range(count):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


def play(bots: list[Any], seed: int) -> tt.Game:
    """One game, with the start and end messages an arena writes."""
    game = tt.Game("pagat", players=2, seed=seed)
    for seat, bot in enumerate(bots):
        if hasattr(bot, "start_game"):
            bot.start_game(start_message(game, seat, bot_seed=seed))
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        game.apply(bots[seat].act(game.view(seat), game.legal_actions()))
    for seat, bot in enumerate(bots):
        if hasattr(bot, "end_game"):
            bot.end_game(end_message(game, seat))
    return game


def games_per_second(make: Callable[[], Any], games: int, passes: int = 3) -> tuple[float, float]:
    """Games a second with the bot ``make`` gives in seat 1 (the best of ``passes``
    passes over the same games: other work on the machine only slows a pass), and
    the bot's decisions a game."""
    with make() as bot:
        play([tt.GreedyBot(), bot], 0)  # the program started
        best = math.inf
        decisions = 0
        for _ in range(passes):
            decisions = 0
            start = time.perf_counter()
            for seed in range(1, games + 1):
                game = play([tt.GreedyBot(), bot], seed)
                decisions += sum(len(data["actions"]) for data in game.to_record()["rounds"])
            best = min(best, time.perf_counter() - start)
        return games / best, decisions / 2 / games


class _InProcess:
    """A bot of this process with ``with`` (as a ProcessBot has)."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    def __enter__(self) -> Any:
        return self.bot

    def __exit__(self, *exc: object) -> None:
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=3000)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    view, legal = late_decision()
    count = args.decisions
    print(
        f"a decision of round {view.round}: {len(view.history)} history entries,"
        f" {len(legal)} legal actions"
    )

    with ProcessBot(PROGRAM) as bot:
        for _ in range(50):
            bot.act(view, legal)
        trip = median_us(lambda: bot.act(view, legal), count)
    message = act_message(view, legal, None)
    line = message_line(message)
    encode = median_us(lambda: message_line(act_message(view, legal, None)), count)
    to_dict = median_us(view.to_dict, count)
    answer = median_us(lambda: parse_answer(b"draw stock", legal), count)
    read = median_us(lambda: view_from_dict(message["view"]), count)
    print(f"round trip, trivial program:        {trip:7.1f} us a decision")
    print(
        f"  the act message as a line:        {encode:7.1f} us ({len(line)} bytes;"
        f" view.to_dict() {to_dict:.1f} us)"
    )
    print(f"  the answer read (parse_answer):   {answer:7.1f} us")
    print(f"  the rest (pipes, the program):    {trip - encode - answer:7.1f} us")
    print(f"a served Python bot's side adds view_from_dict: {read:.1f} us a decision")

    for label, make in (
        ("random program vs greedy", lambda: ProcessBot([*PROGRAM, "--answer", "random"])),
        ("greedy served vs greedy", lambda: ProcessBot([*SERVED, "threethirteen:GreedyBot"])),
        ("greedy vs greedy, one process", lambda: _InProcess(tt.GreedyBot())),
        ("random vs greedy, one process", lambda: _InProcess(tt.RandomBot(seed=1))),
    ):
        rate, decisions = games_per_second(make, args.games)
        print(f"{label}: {rate:6.1f} games/s (about {decisions:.0f} decisions a seat a game)")


if __name__ == "__main__":
    main()
