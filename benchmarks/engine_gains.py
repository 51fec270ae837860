"""Issue 43's proof of the gains where they matter, for the code on ``PYTHONPATH`` (run
it once with the code before and once with the code after, on the same machine):

    python benchmarks/engine_gains.py deals [POSITIONS]
    python benchmarks/engine_gains.py deal-cost [POSITIONS]
    python benchmarks/engine_gains.py review [ROUNDS]
    python benchmarks/engine_gains.py selfplay [GAMES]

* ``deals``: the expert's deals a decision at its default budget (``ExpertBot()``,
  20 ms a decision): the same positions each run, a 4-player pagat game of its own
  seed (1, 2, ...) played by a seeded random player to its 60th draw, where the
  expert weighs the draw (its deals are counted by the bot; at 4 players its first
  candidate is the advisor's draw, cheap, so that the budget goes to the deals,
  where at 2 players the lookahead's value draw takes much of it first); the median
  and the mean over the positions, and the load average. A figure of wall-clock
  time: a load weighs on it.
* ``deal-cost``: the same decisions by process time, so that a load weighs less:
  each position's decision with ``playouts=1`` and with ``playouts=17`` (seeded);
  a deal's cost is the difference over 16, the rest of a decision (its candidates)
  what is left of the first; the deals 20 ms hold at these costs, ``(20 ms - rest)
  / deal``, from the medians.
* ``review``: the process time of ``tt.review(record, level="full")`` of the seeded
  game of ``benchmarks/test_review_speed.py`` (lookahead against heuristic, seed 3),
  its first ``ROUNDS`` rounds (all 11 by default).
* ``selfplay``: the learner's self-play games a second
  (``threethirteen.training.selfplay.play_games`` with the shipped network,
  epsilon 0.1, seeds 1 to ``GAMES``, 2 players), by process time.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time

import threethirteen as tt


def load() -> str:
    return ", ".join(f"{value:.2f}" for value in os.getloadavg())


def expert_position(seed: int) -> tt.Game:
    """A 4-player pagat game of ``seed``, random play up to its 60th draw."""
    game = tt.Game("pagat", players=4, seed=seed)
    chooser = random.Random(seed)
    draws = 0
    while True:
        if game.phase == "draw":
            draws += 1
            if draws == 60:
                return game
        game.apply(chooser.choice(game.legal_actions()))


def deals(count: int) -> None:
    before = load()
    found = []
    for seed in range(1, count + 1):
        game = expert_position(seed)
        player = game.to_move
        assert player is not None
        bot = tt.ExpertBot(seed=seed)
        bot.act(game.view(player), game.legal_actions())
        found.append(bot._deals)
    print(
        f"expert deals a decision ({count} positions, 20 ms): median"
        f" {statistics.median(found)}, mean {statistics.mean(found):.1f};"
        f" load {before} before, {load()} after"
    )


def deal_cost(count: int) -> None:
    before = load()
    costs, rests = [], []
    for seed in range(1, count + 1):
        game = expert_position(seed)
        player = game.to_move
        assert player is not None
        spent = []
        for playouts in (1, 17):
            bot = tt.ExpertBot(seed=seed, playouts=playouts)
            view, legal = game.view(player), game.legal_actions()
            start = time.process_time()
            bot.act(view, legal)
            spent.append(time.process_time() - start)
        deal = (spent[1] - spent[0]) / 16
        costs.append(deal)
        rests.append(spent[0] - deal)
    deal, rest = statistics.median(costs), statistics.median(rests)
    print(
        f"expert, {count} positions by process time: a deal {deal * 1000:.2f} ms, the rest of"
        f" a decision {rest * 1000:.2f} ms: {(0.020 - rest) / deal:.1f} deals in 20 ms;"
        f" load {before} before, {load()} after"
    )


def review(rounds: int) -> None:
    sys.path.insert(0, os.path.dirname(__file__))
    from test_review_speed import first_rounds, speed_game

    record = speed_game()
    if rounds < len(record["rounds"]):
        record = first_rounds(record, rounds)
    before = load()
    start = time.process_time()
    found = tt.review(record, level="full")
    spent = time.process_time() - start
    print(
        f"review, full level, {len(found.decisions)} decisions ({rounds} rounds):"
        f" {spent:.1f} s of process time; load {before} before, {load()} after"
    )


def selfplay(games: int) -> None:
    from threethirteen.bots.learned import load_network
    from threethirteen.training.selfplay import play_games

    network = load_network().arrays()
    before = load()
    start = time.process_time()
    play_games(network, list(range(1, games + 1)), 0.1)
    spent = time.process_time() - start
    print(
        f"self-play: {games} games in {spent:.1f} s of process time, {games / spent:.2f} a"
        f" second; load {before} before, {load()} after"
    )


if __name__ == "__main__":
    kind = sys.argv[1]
    size = int(sys.argv[2]) if len(sys.argv) > 2 else None
    if kind == "deals":
        deals(size or 40)
    elif kind == "deal-cost":
        deal_cost(size or 40)
    elif kind == "review":
        review(size or 11)
    else:
        selfplay(size or 5)
