"""Bots in their own processes (``ProcessBot`` over the line protocol): one decision's
round trip to a trivial program (``tests/bot_programs.py``, which answers the first
legal action without reading the view), its parts (the act message written as a
line, the answer read, the view read back on a Python bot's side), and whole games
of a random program and of the greedy bot served by ``threethirteen bot`` against
the greedy bot; and what the walls cost: a process's start to its first answer,
bare, under its guard and in a sandbox, and a 2-player tournament's games (a fresh
process a game). ``benchmarks/process_bot_overhead.py`` prints the same figures."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import threethirteen as tt
from process_bot_overhead import PROGRAM, SERVED, bare_start, bot_start, late_decision, play
from threethirteen.arena.process_bot import ProcessBot
from threethirteen.arena.protocol import act_message, message_line, parse_answer, view_from_dict

DECISION = late_decision()


@pytest.fixture
def trivial() -> Iterator[ProcessBot]:
    with ProcessBot(PROGRAM) as bot:
        view, legal = DECISION
        for _ in range(20):  # started, and warm
            bot.act(view, legal)
        yield bot


def test_round_trip(benchmark: Any, trivial: ProcessBot) -> None:
    benchmark.group = "process bot: one decision"
    view, legal = DECISION
    action = benchmark(trivial.act, view, legal)
    assert action is legal[0]
    if benchmark.stats is not None:
        benchmark.extra_info["us_per_decision"] = round(benchmark.stats.stats.median * 1e6, 1)


def test_act_message_line(benchmark: Any) -> None:
    benchmark.group = "process bot: one decision"
    view, legal = DECISION
    line = benchmark(lambda: message_line(act_message(view, legal, 1.0)))
    assert line.startswith(b'{"type":"act","view":{')


def test_parse_answer(benchmark: Any) -> None:
    benchmark.group = "process bot: one decision"
    _, legal = DECISION
    assert benchmark(parse_answer, b"draw stock", legal) is legal[0]


def test_view_from_dict(benchmark: Any) -> None:
    """What ``threethirteen bot`` adds on the bot's side of each decision."""
    benchmark.group = "process bot: one decision"
    view, _ = DECISION
    data = view.to_dict()
    assert benchmark(view_from_dict, data) == view


@pytest.mark.parametrize(
    ("label", "command"),
    [
        ("random program", [*PROGRAM, "--answer", "random"]),
        ("greedy served", [*SERVED, "threethirteen:GreedyBot"]),
        ("greedy in process", None),
    ],
)
def test_a_game_against_greedy(benchmark: Any, label: str, command: list[str] | None) -> None:
    benchmark.group = "process bot: a pagat game against greedy"
    bot: Any = tt.GreedyBot() if command is None else ProcessBot(command)
    try:
        play([tt.GreedyBot(), bot], 0)  # the program started
        seeds = iter(range(1, 1000))
        game = benchmark.pedantic(
            lambda: play([tt.GreedyBot(), bot], next(seeds)), rounds=5, iterations=1
        )
        assert game.is_over
        if benchmark.stats is not None:
            benchmark.extra_info["games_per_second"] = round(1 / benchmark.stats.stats.mean, 1)
    finally:
        if command is not None:
            bot.close()


def _sandbox_works() -> bool:
    try:
        ProcessBot(PROGRAM, sandbox=True)
    except tt.InvalidBotError:
        return False
    return True


SANDBOX = _sandbox_works()


@pytest.mark.parametrize("walls", ["bare", "guard", "sandbox"])
def test_a_start(benchmark: Any, walls: str) -> None:
    """A process started, asked one decision, ended: with ``subprocess`` alone, as a
    ``ProcessBot`` (under its guard, in a private folder), with ``sandbox=True``."""
    if walls == "sandbox" and not SANDBOX:
        pytest.skip("unshare cannot make namespaces here")
    benchmark.group = "process bot: a start to its first answer"
    view, legal = DECISION
    if walls == "bare":
        benchmark.pedantic(bare_start, (view, legal), rounds=5, iterations=1)
    else:
        benchmark.pedantic(bot_start, (view, legal, walls == "sandbox"), rounds=5, iterations=1)


@pytest.mark.parametrize("sandbox", [False, True])
def test_a_tournament_with_a_process_bot(benchmark: Any, sandbox: bool) -> None:
    """Two games of a 2-player tournament (one duplicate deal): a fresh process a game."""
    if sandbox and not SANDBOX:
        pytest.skip("unshare cannot make namespaces here")
    benchmark.group = "process bot: a tournament's 2 games against greedy"
    bot = ProcessBot([*PROGRAM, "--answer", "random"], sandbox=sandbox)
    try:
        results = benchmark.pedantic(
            lambda: tt.tournament([bot, "greedy"], games=2, seed=1), rounds=3, iterations=1
        )
        assert results.game_count == 2
    finally:
        bot.close()
