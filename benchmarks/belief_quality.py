"""How good the beliefs are: the model of :mod:`threethirteen.engine.beliefs` against the
uniform belief, on positions of games between built-in bots (pagat).

At each position (a seat about to draw, sampled at random from the game; positions
after a reshuffle in the round are left out: there the uniform sampler is not
hypergeometric), every pair (opponent, card type) whose answer is not known (a
hidden copy exists and the card is not known in that hand) is one prediction of
the event "this opponent holds at least one copy": the model's chance
(:func:`threethirteen.engine.beliefs.holding_chances`) and the uniform belief's
(:func:`threethirteen.engine.beliefs.uniform_holding_chances`, hypergeometric, exact),
scored by log-loss and Brier score. A position's score is the mean over its
pairs; the difference model - uniform is paired per position, with Student's t
95% interval (and the same over game means, which allows for positions of one
game being alike). Negative is better for the model.

Danger: at every ``--danger-every``-th position, :func:`threethirteen.engine.beliefs.danger`
for each opponent, against whether that opponent went out at the end of their
next turn; a calibration table by bins of the prediction.

::

    python benchmarks/belief_quality.py run --out benchmarks/belief_quality.json --workers 2
    python benchmarks/belief_quality.py table benchmarks/belief_quality.json
    python benchmarks/belief_quality.py fit   # the coefficients of MODEL (seeds apart)
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import itertools
import json
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

import threethirteen as tt
from threethirteen.bots.builtin import BotSpec
from threethirteen.engine.beliefs import (
    MODEL,
    BeliefModel,
    danger,
    holding_chances,
    uniform_holding_chances,
    work_out_beliefs,
)
from threethirteen.statistics import mean_interval, wilson_interval

TABLES = (
    ("random", 2),
    ("greedy", 2),
    ("advisor", 2),
    ("random", 4),
    ("greedy", 4),
    ("advisor", 4),
    ("heuristic", 2),
    ("lookahead", 2),
    ("expert", 2),
    ("search", 2),
    ("heuristic", 4),
    ("lookahead", 4),
    ("expert", 4),
    ("search", 4),
)
"""Each table's seed is 1000 + its index here, so a table added at the end leaves the
others' figures as they were."""
FIT_TABLES = TABLES[:6]
"""The tables :data:`MODEL` was fitted to (at seeds apart from the measurement's)."""
SPECS: dict[str, BotSpec] = {
    # a playout budget rather than the default time budget, so the games repeat
    "expert": functools.partial(tt.ExpertBot, playouts=16),
}
BINS = (0.0, 0.02, 0.05, 0.1, 0.2, 0.35, 0.5, 0.75, 1.0001)
CLIP = 1e-6


def truth_counts(game: tt.Game, player: int) -> np.ndarray:
    return np.bincount(np.array(game.hand(player).codes, dtype=np.int64), minlength=53)


def position_scores(
    view: tt.PlayerView, game: tt.Game, model: BeliefModel = MODEL
) -> tuple[float, float, float, float, int] | None:
    """(model log-loss, uniform log-loss, model Brier, uniform Brier, pairs)."""
    state = work_out_beliefs(view, model)
    chances = holding_chances(view, state)
    uniform = uniform_holding_chances(view)
    mask = np.zeros_like(chances, dtype=bool)
    outcome = np.zeros_like(chances)
    for other in range(view.players):
        if other == view.player or not state.unknown[other]:
            continue
        mask[other] = (state.hidden_counts > 0) & (state.known[other] == 0)
        outcome[other] = truth_counts(game, other) > 0
    pairs = int(mask.sum())
    if not pairs:
        return None
    p = np.clip(chances[mask], CLIP, 1 - CLIP)
    q = np.clip(uniform[mask], CLIP, 1 - CLIP)
    y = outcome[mask]

    def log_loss(x: np.ndarray) -> float:
        return float(-(y * np.log(x) + (1 - y) * np.log(1 - x)).mean())

    return (
        log_loss(p),
        log_loss(q),
        float(((p - y) ** 2).mean()),
        float(((q - y) ** 2).mean()),
        pairs,
    )


def play_positions(
    bot: str, players: int, positions: int, seed: int, rate: float, danger_every: int
) -> dict[str, Any]:
    """Play games until ``positions`` positions are scored."""
    rng = np.random.default_rng(seed)
    rows: list[tuple[int, float, float, float, float, int]] = []
    dangers: list[tuple[float, int]] = []
    skipped = 0
    game_index = 0
    start = time.process_time()
    belief_time = danger_time = 0.0
    while len(rows) < positions:
        game_seed = seed * 100_000 + game_index
        game = tt.Game("pagat", players=players, seed=game_seed)
        spec = SPECS.get(bot, bot)
        seats = [tt.make_bot(spec, seed=game_seed * 10 + seat) for seat in range(players)]
        pending: dict[int, list[float]] = {}
        round_now = game.round
        while not game.is_over and len(rows) < positions:
            mover = game.to_move
            assert mover is not None
            if game.round != round_now:  # the round ended before those turns came
                pending = {}
                round_now = game.round
            if game.phase == "draw" and rng.random() < rate:
                view = game.view(mover)
                if view.reshuffled is not None:
                    skipped += 1
                else:
                    tick = time.process_time()
                    found = position_scores(view, game)
                    belief_time += time.process_time() - tick
                    if found is not None:
                        rows.append((game_index, *found))
                        if len(rows) % danger_every == 0:
                            tick = time.process_time()
                            chances = danger(view)
                            danger_time += time.process_time() - tick
                            for other in _waiting(view):
                                pending.setdefault(other, []).append(float(chances[other]))
            action = seats[mover].act(game.view(mover), game.legal_actions())
            game.apply(action)
            if isinstance(action, tt.DiscardCard) and mover in pending:
                out = int(bool(action.go_out))
                dangers.extend((p, out) for p in pending.pop(mover))
        game_index += 1
    return {
        "bot": bot,
        "players": players,
        "seed": seed,
        "games": game_index,
        "positions": len(rows),
        "skipped_after_reshuffle": skipped,
        "rows": rows,
        "danger": dangers,
        "cpu_seconds": time.process_time() - start,
        "belief_cpu_seconds": belief_time,
        "danger_cpu_seconds": danger_time,
    }


def _waiting(view: tt.PlayerView) -> list[int]:
    """Opponents still to play a turn in this round (as danger counts them)."""
    players = view.players
    order = [(view.player + step) % players for step in range(1, players)]
    first = view.first_out
    if first is not None:
        order = order[: order.index(first)] if first in order else order
    return [o for o in order if not view.went_out[o] and view.hand_sizes[o]]


def summarise(result: dict[str, Any]) -> dict[str, Any]:
    rows = np.array([row[1:5] for row in result["rows"]])
    games = np.array([row[0] for row in result["rows"]])
    summary: dict[str, Any] = {
        key: result[key]
        for key in ("bot", "players", "seed", "games", "positions", "skipped_after_reshuffle")
    }
    summary["cpu_seconds"] = round(result["cpu_seconds"], 1)
    summary["pairs"] = int(sum(row[5] for row in result["rows"]))
    for name, column in (("log_loss", 0), ("brier", 2)):
        model, uniform = rows[:, column], rows[:, column + 1]
        diff = model - uniform
        mean, interval = mean_interval(len(diff), float(diff.sum()), float((diff**2).sum()))
        by_game = np.array([diff[games == g].mean() for g in np.unique(games)])
        _, game_interval = mean_interval(
            len(by_game), float(by_game.sum()), float((by_game**2).sum())
        )
        summary[name] = {
            "model": float(model.mean()),
            "uniform": float(uniform.mean()),
            "difference": mean,
            "interval": interval,
            "interval_by_game": game_interval,
            "relative": float(diff.mean() / uniform.mean()),
        }
    summary["danger"] = calibration(result["danger"])
    return summary


def calibration(
    pairs: list[tuple[float, int]], bins: tuple[float, ...] = BINS
) -> list[dict[str, Any]]:
    """(prediction, outcome) pairs by bins of the prediction: each bin's count,
    mean prediction, observed frequency and its Wilson interval."""
    table = []
    for low, high in itertools.pairwise(bins):
        inside = [(p, o) for p, o in pairs if low <= p < high]
        if not inside:
            continue
        outs = sum(o for _, o in inside)
        lo, hi = wilson_interval(outs, len(inside))
        table.append(
            {
                "bin": [low, min(high, 1.0)],
                "count": len(inside),
                "predicted": sum(p for p, _ in inside) / len(inside),
                "observed": outs / len(inside),
                "interval": [lo, hi],
            }
        )
    return table


def _measure(index: int, positions: int, rate: float, danger_every: int) -> dict[str, Any]:
    bot, players = TABLES[index]
    return summarise(play_positions(bot, players, positions, 1000 + index, rate, danger_every))


def run(args: argparse.Namespace) -> None:
    chosen = [
        index
        for index, (bot, players) in enumerate(TABLES)
        if not args.only or f"{bot}:{players}" in args.only.split(",")
    ]
    summaries = []
    with ProcessPoolExecutor(args.workers) as pool:
        jobs = [
            pool.submit(_measure, index, args.positions, args.rate, args.danger_every)
            for index in chosen
        ]
        for job in jobs:
            summary = job.result()
            summaries.append(summary)
            print(json.dumps({k: summary[k] for k in ("bot", "players", "games", "cpu_seconds")}))
            print("  log-loss", summary["log_loss"], flush=True)
    total = sum(summary["cpu_seconds"] for summary in summaries)
    data = {
        "model": dataclasses.asdict(MODEL),
        "positions_per_table": args.positions,
        "rate": args.rate,
        "danger_every": args.danger_every,
        "cpu_seconds": round(total, 1),
        "tables": summaries,
    }
    Path(args.out).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"total CPU {total:.0f} s")


def number(value: float | None, digits: int = 4) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def span(interval: list[float] | None) -> str:
    return "-" if interval is None else f"[{number(interval[0])}, {number(interval[1])}]"


def table(args: argparse.Namespace) -> None:
    data = json.loads(Path(args.path).read_text(encoding="utf-8"))
    print(
        "| bot | players | positions (games) | log-loss model | uniform | difference [95%] "
        "| by game [95%] | Brier model | uniform | difference [95%] |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for t in data["tables"]:
        ll, br = t["log_loss"], t["brier"]
        cells = [
            t["bot"],
            str(t["players"]),
            f"{t['positions']} ({t['games']})",
            number(ll["model"]),
            number(ll["uniform"]),
            f"{number(ll['difference'])} {span(ll['interval'])}",
            span(ll["interval_by_game"]),
            number(br["model"]),
            number(br["uniform"]),
            f"{number(br['difference'])} {span(br['interval'])}",
        ]
        print("| " + " | ".join(cells) + " |")
    print()
    print("| bot | players | predicted bin | predictions | mean predicted | observed [95%] |")
    print("|---|---|---|---|---|---|")
    for t in data["tables"]:
        for row in t["danger"]:
            low, high = row["bin"]
            print(
                f"| {t['bot']} | {t['players']} | {low:.2f}-{high:.2f} | {row['count']} "
                f"| {row['predicted']:.3f} | {row['observed']:.3f} "
                f"[{row['interval'][0]:.3f}, {row['interval'][1]:.3f}] |"
            )


# -- fitting -------------------------------------------------------------------------


def training_positions(per_table: int) -> list[tuple[tt.PlayerView, tt.Game]]:
    """Positions from seeds apart from the measurement's (those start at 1000)."""
    found = []
    for index, (bot, players) in enumerate(FIT_TABLES):
        rng = np.random.default_rng(index)
        count = game_index = 0
        while count < per_table:
            seed = 7_000_000 + index * 1000 + game_index
            game = tt.Game("pagat", players=players, seed=seed)
            seats = [tt.make_bot(bot, seed=seed * 10 + s) for s in range(players)]
            while not game.is_over and count < per_table:
                mover = game.to_move
                assert mover is not None
                if game.phase == "draw" and rng.random() < 0.1:
                    view = game.view(mover)
                    if view.reshuffled is None:
                        found.append((view, game.clone()))
                        count += 1
                game.apply(seats[mover].act(game.view(mover), game.legal_actions()))
            game_index += 1
    return found


def objective(model: BeliefModel, positions: list[tuple[tt.PlayerView, tt.Game]]) -> float:
    """The mean over positions of the log-loss difference, model - uniform."""
    total = 0.0
    for view, game in positions:
        found = position_scores(view, game, model)
        if found is not None:
            total += found[0] - found[1]
    return total / len(positions)


def fit(args: argparse.Namespace) -> None:
    start = time.process_time()
    positions = training_positions(args.positions)
    print(f"{len(positions)} positions in {time.process_time() - start:.0f} s")
    model = MODEL
    best = objective(model, positions)
    print("start", best, model)
    steps = {
        "passed": 0.3,
        "discarded": 0.3,
        "taken": 0.3,
        "wild": 0.3,
        "value": 0.2,
        "decay": 0.1,
        "rational": 0.1,
        "take_rate": 0.1,
    }
    for sweep in range(args.sweeps):
        for name, step in steps.items():
            for sign in (1, -1):
                value = getattr(model, name) + sign * step
                if name in ("decay", "rational", "take_rate") and not 0.01 <= value <= 0.99:
                    continue
                trial = dataclasses.replace(model, **{name: value})
                score = objective(trial, positions)
                if score < best:
                    model, best = trial, score
                    print(f"sweep {sweep} {name}={value:.3f}: {best:.5f}", flush=True)
                    break
        steps = {name: step / 2 for name, step in steps.items()}
    print("best", best, model, f"{time.process_time() - start:.0f} s CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run_parser = sub.add_parser("run")
    run_parser.add_argument("--out", default="benchmarks/belief_quality.json")
    run_parser.add_argument("--positions", type=int, default=10_000)
    run_parser.add_argument("--rate", type=float, default=0.25)
    run_parser.add_argument("--danger-every", type=int, default=4)
    run_parser.add_argument("--workers", type=int, default=1, help="tables played at once")
    run_parser.add_argument("--only", default="", help="these tables alone, e.g. expert:2,search:4")
    table_parser = sub.add_parser("table")
    table_parser.add_argument("path", nargs="?", default="benchmarks/belief_quality.json")
    fit_parser = sub.add_parser("fit")
    fit_parser.add_argument("--positions", type=int, default=300)
    fit_parser.add_argument("--sweeps", type=int, default=3)
    args = parser.parse_args()
    {"run": run, "table": table, "fit": fit}[args.command](args)


if __name__ == "__main__":
    main()
