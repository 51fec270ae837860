"""The review's cost and figures: a seeded two-player game of 11 rounds reviewed at
the full level (the default deals) and the quick level (CPU seconds by
``time.process_time``, both players), and the labels' frequencies by bot.

Under pytest (``pytest benchmarks/test_review_speed.py``) the benchmarks review a few
rounds' decisions, so that CI, which runs them once with ``--benchmark-disable``,
keeps them from rotting. ``python benchmarks/test_review_speed.py speed`` prints the
full game's times; ``... labels [GAMES]`` the labels per 100 decisions, the mean
loss a decision and the accuracy of each built-in bot reviewing its own games (the
bot against itself, seeds 1 to GAMES; the random bot's games, which run to the
stock's end, one game); ``... honesty`` the full-size honesty figures
(:mod:`tests.test_review_honesty`'s checks on more positions).
"""

from __future__ import annotations

import json
import math
import sys
import time
from typing import Any

import numpy as np
import pytest

import threethirteen as tt
from threethirteen.bots.playouts import playout
from threethirteen.review.report import LABELS, accuracy
from threethirteen.review.reviewer import DEFAULT_DEALS, tasks, weigh_task
from threethirteen.review.values import paired, weigh

BOTS = ("random", "greedy", "heuristic", "advisor", "lookahead", "expert")
SPEED_SEED = 3
"""The seed of the speed game: lookahead against heuristic, pagat, 2 players."""


def speed_game() -> dict[str, Any]:
    """The record of the seeded game the speed is measured on."""
    return tt.play(["lookahead", "heuristic"], seed=SPEED_SEED).to_record()


def first_rounds(record: dict[str, Any], rounds: int) -> dict[str, Any]:
    """``record`` cut after its first ``rounds`` rounds (a record of a game in play)."""
    game = tt.Game("pagat", players=2, seed=record["seed"])
    for data in record["rounds"][:rounds]:
        for entry in data["actions"]:
            if entry.get("type") != "reshuffle":
                game.apply(tt.Action.from_dict(entry), entry["player"])
    return game.to_record()


@pytest.mark.parametrize("level", ["full", "quick"])
def test_review_two_rounds(benchmark: Any, level: str) -> None:
    record = first_rounds(speed_game(), 2)
    deals = 8 if level == "full" else None
    found = benchmark.pedantic(
        tt.review, args=(record,), kwargs={"level": level, "deals": deals}, rounds=1
    )
    assert len(found.decisions) == len(list(tasks(record, [0, 1])))


def speed() -> None:
    record = speed_game()
    decisions = len(list(tasks(record, [0, 1])))
    candidates = sum(len(task.legal) for task in tasks(record, [0, 1]))
    started = time.process_time()
    tt.review(record, level="quick")
    quick = time.process_time() - started
    started = time.process_time()
    tt.review(record)
    full = time.process_time() - started
    print(
        f"seed {SPEED_SEED}: {len(record['rounds'])} rounds, {decisions} decisions,"
        f" {candidates} candidates; quick {quick:.2f} s; full ({DEFAULT_DEALS} deals)"
        f" {full:.2f} s CPU"
    )


RANDOM_ACTIONS = 600
"""The random bot's games run to the stock's end, round after round (about 8000
actions a game): its game is cut after this many actions."""


def bot_game(bot: str, seed: int) -> dict[str, Any]:
    """A game of ``bot`` against itself (the random bot's cut after
    :data:`RANDOM_ACTIONS` actions)."""
    if bot != "random":
        return tt.play([bot, bot], seed=seed).to_record()
    game = tt.Game("pagat", players=2, seed=seed)
    players = [tt.make_bot(bot, seed=seed), tt.make_bot(bot, seed=seed + 100)]
    for _ in range(RANDOM_ACTIONS):
        mover = game.to_move
        assert mover is not None
        game.apply(players[mover].act(game.view(mover), game.legal_actions()))
    return game.to_record()


def labels(games: int, dump: str | None = None) -> None:
    """The labels' table (a Markdown table); with ``dump``, every decision's bot,
    loss and error written to that JSON file too."""
    rows: list[tuple[str, float, float]] = []
    print(f"| bot | games | decisions | mean loss | {' | '.join(LABELS)} | accuracy |")
    print("|---|---|---|---|---|---|---|---|")
    for bot in BOTS:
        count = 1 if bot == "random" else games
        decisions = 0
        loss = 0.0
        found = dict.fromkeys(LABELS, 0)
        for seed in range(1, count + 1):
            review = tt.review(bot_game(bot, seed))
            rows.extend((bot, item.loss, item.error) for item in review.decisions)
            for summary in review.summaries:
                decisions += summary.decisions
                loss += summary.loss
                for label in LABELS:
                    found[label] += summary.labels[label]
        mean = loss / decisions
        rates = " | ".join(f"{100 * found[label] / decisions:.2f}" for label in LABELS)
        print(
            f"| {bot} | {count} | {decisions} | {mean:.3f} | {rates} | {accuracy(mean)} |",
            flush=True,
        )
        if dump is not None:
            with open(dump, "w") as file:
                json.dump(rows, file)


def greedy_game(seed: int, actions: int | None = None) -> tt.Game:
    """A pagat game of two greedy bots, after ``actions`` of their actions (to its end
    when ``None``)."""
    game = tt.Game("pagat", players=2, seed=seed)
    bots = [tt.GreedyBot(), tt.GreedyBot()]
    count = 0
    while not game.is_over and (actions is None or count < actions):
        player = game.to_move
        assert player is not None
        game.apply(bots[player].act(game.view(player), game.legal_actions()))
        count += 1
    return game


def last_turns(seeds: range) -> list[tt.Game]:
    """Every last-turn draw (the other player is out, no reshuffle in the round) of
    greedy games of these seeds."""
    found = []
    for seed in seeds:
        game = tt.Game("pagat", players=2, seed=seed)
        bots = [tt.GreedyBot(), tt.GreedyBot()]
        while not game.is_over:
            player = game.to_move
            assert player is not None
            view = game.view(player)
            if game.phase == "draw" and view.first_out is not None and view.reshuffled is None:
                found.append(game.clone())
            game.apply(bots[player].act(view, game.legal_actions()))
    return found


def exact_stock_value(game: tt.Game) -> float:
    """The exact value of the stock draw of a last turn: each unseen card's value (the
    round ends this turn) weighted by its copies."""
    player = game.to_move
    assert player is not None
    view = game.view(player)
    unseen = view.unseen()
    by_card: dict[int, float] = {}
    rng = np.random.default_rng(99)
    for _ in range(200 * len(unseen)):
        deal = view.sample(rng)
        before = deal.hand(player).counts()
        deal.apply(tt.DrawStock(), player)
        after = deal.hand(player).counts()
        code = next(code for code, held in enumerate(after) if held > before[code])
        by_card[code] = playout(deal, player)
        if len(by_card) == len(set(unseen)):
            break
    copies = unseen.counts()
    return sum(copies[code] * value for code, value in by_card.items()) / len(unseen)


def z_figures(scores: list[float]) -> str:
    count = len(scores)
    mean = sum(scores) / count
    rms = math.sqrt(sum(score * score for score in scores) / count)
    within2 = sum(abs(score) <= 2 for score in scores) / count
    within3 = sum(abs(score) <= 3 for score in scores) / count
    return (
        f"{count} checks: mean z {mean:+.3f}, rms z {rms:.3f}, |z| <= 2: {100 * within2:.1f} %,"
        f" |z| <= 3: {100 * within3:.1f} %"
    )


def honesty() -> None:
    """(a) last-turn stock draws against their exact values; (b) the losses of a
    reviewed game against fresh deals."""
    scores = []
    for game in last_turns(range(1, 41)):
        player = game.to_move
        assert player is not None
        exact = exact_stock_value(game)
        game.apply(tt.DrawStock(), player)
        *_, task = tasks(game.to_record(), [player])  # the draw alone, weighed
        decision = weigh_task(task, "full", DEFAULT_DEALS, 0)
        item = next(item for item in decision.candidates if str(item.action) == "draw stock")
        scores.append((item.value - exact) / item.error)
    print("(a) last turns, the stock draw's estimate less its exact value:", z_figures(scores))
    record = speed_game()
    review = tt.review(record)
    found = {(task.round, task.index): task for task in tasks(record, [0, 1])}
    scores, labelled = [], []
    for decision in review.decisions:
        if decision.loss <= 0.0:
            continue
        task = found[(decision.round, decision.index)]
        rng = np.random.default_rng([1234, decision.round, decision.index])
        rows = weigh(task.view, [decision.action, decision.best], 1000, rng)
        fresh, fresh_error = paired(rows[0], rows[1])
        score = (decision.loss - fresh) / math.hypot(decision.error, fresh_error)
        scores.append(score)
        if decision.label is not None:
            labelled.append((decision.loss, fresh, fresh_error))
    print("(b) losses said less losses on 1000 fresh deals:", z_figures(scores))
    for loss, fresh, error in labelled:
        print(f"    labelled: said {loss:.2f}, fresh {fresh:.2f} +- {error:.2f}")


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "speed"
    if what == "speed":
        speed()
    elif what == "honesty":
        honesty()
    elif what == "labels":
        labels(
            int(sys.argv[2]) if len(sys.argv) > 2 else 3,
            sys.argv[3] if len(sys.argv) > 3 else None,
        )
    else:
        raise SystemExit(f"unknown figure {what!r}: speed, labels, honesty")
