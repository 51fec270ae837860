"""What a bot in its own process costs: the round trip of one decision, its parts, and
games a second.

    python benchmarks/process_bot_overhead.py [--decisions 3000] [--games 20]
        [--starts 20] [--tournament 20] [--no-sandbox]

* the round trip of a trivial program (``tests/bot_programs.py``: it answers the
  first legal action without reading the view) through ``ProcessBot.act``, at a
  decision late in a game (round 6, a history of some 40 entries), the median
  over ``--decisions`` calls; and its parts: the arena's side (the act message
  built and written as a line, the answer read) and the pipe alone;
* the cost a Python bot served by ``threethirteen bot`` adds on its side (the view
  read back with ``view_from_dict``);
* games a second of a random program against the greedy bot (pagat, two players),
  and of the greedy bot served by ``threethirteen bot`` against the greedy bot, both
  beside the same game in one process (one process for all the games);
* the walls' costs: a process's start (to its first answer, and its end), bare
  (``subprocess.Popen``), under the guard (``ProcessBot``: the guard, the private
  folder) and in a sandbox (``sandbox=True``: ``unshare`` and namespaces), the
  median over ``--starts``; one decision of the greedy bot served against the same
  bot in this process; games a second of a 2-player ``tt.tournament`` (duplicate
  deals, a fresh process a game) with a process bot, with ``sandbox=True``, and of
  the bots in this process.
"""

from __future__ import annotations

import argparse
import math
import statistics
import subprocess
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


def bare_start(view: tt.PlayerView, legal: list[tt.Action]) -> None:
    """The trivial program started with ``subprocess``, asked one decision, ended: no
    guard, no private folder."""
    line = message_line(act_message(view, legal, None))
    with subprocess.Popen(PROGRAM, stdin=subprocess.PIPE, stdout=subprocess.PIPE) as popen:
        assert popen.stdin is not None
        assert popen.stdout is not None
        popen.stdin.write(line)
        popen.stdin.flush()
        popen.stdout.readline()
        popen.stdin.close()
        popen.wait()


def bot_start(view: tt.PlayerView, legal: list[tt.Action], sandbox: bool) -> None:
    """A ``ProcessBot`` of the trivial program started, asked one decision, closed."""
    bot = ProcessBot(PROGRAM, sandbox=sandbox)
    bot.act(view, legal)
    bot.close()


def tournament_rate(bots: list[Any], games: int) -> float:
    """Games a second of a 2-player tournament of ``games`` games (duplicate deals)."""
    start = time.perf_counter()
    tt.tournament(bots, games=games, seed=1)
    return games / (time.perf_counter() - start)


def walls(view: tt.PlayerView, legal: list[tt.Action], args: argparse.Namespace) -> None:
    """What the walls cost: starts, a decision of a served bot, tournaments."""
    starts = args.starts
    boxes = [False] if args.no_sandbox else [False, True]
    bare = median_us(lambda: bare_start(view, legal), starts) / 1000
    print(f"a start to its first answer and end, bare subprocess: {bare:7.1f} ms")
    for sandbox in boxes:
        cost = median_us(lambda sandbox=sandbox: bot_start(view, legal, sandbox), starts) / 1000
        label = "ProcessBot, sandbox=True" if sandbox else "ProcessBot, under its guard"
        print(f"  {label:<28}                        {cost:7.1f} ms ({cost - bare:+.1f} ms)")
    greedy = tt.GreedyBot()
    here = median_us(lambda: greedy.act(view, legal), args.decisions // 10)
    with ProcessBot([*SERVED, "threethirteen:GreedyBot"]) as served:
        for _ in range(20):
            served.act(view, legal)
        there = median_us(lambda: served.act(view, legal), args.decisions // 10)
    print(
        f"a greedy decision: {here:.1f} us in this process, {there:.1f} us served"
        f" ({there - here:+.1f} us a decision)"
    )
    games = args.tournament
    rows = [("greedy vs greedy, one process", lambda: ["greedy", "greedy"])]
    for sandbox in boxes:
        tag = ", sandbox" if sandbox else ""
        rows += [
            (
                f"random program vs greedy{tag}",
                lambda sandbox=sandbox: [
                    ProcessBot([*PROGRAM, "--answer", "random"], sandbox=sandbox),
                    "greedy",
                ],
            ),
            (
                f"greedy served vs greedy{tag}",
                lambda sandbox=sandbox: [
                    ProcessBot([*SERVED, "threethirteen:GreedyBot"], sandbox=sandbox),
                    "greedy",
                ],
            ),
        ]
    for label, make in rows:
        bots = make()
        rate = tournament_rate(bots, games)
        for bot in bots:
            if isinstance(bot, ProcessBot):
                bot.close()
        print(f"tournament, {label}: {rate:6.2f} games/s ({games} games)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=3000)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--starts", type=int, default=20)
    parser.add_argument("--tournament", type=int, default=20)
    parser.add_argument("--no-sandbox", action="store_true")
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
    walls(view, legal, args)


if __name__ == "__main__":
    main()
