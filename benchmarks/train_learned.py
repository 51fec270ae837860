"""The learned bot's training run, measured: the command that trained the shipped
weights (docs/training.md), a network's match against a built-in bot on duplicate
deals, the curve drawn, and the positions where the network and the expert disagree.

    python benchmarks/train_learned.py command
    python benchmarks/train_learned.py match NETWORK advisor --deals 200
    python benchmarks/train_learned.py command --lower-rate
    python benchmarks/train_learned.py evaluate NETWORK --bots advisor,greedy,expert:playouts=16 \
        --deals 16 --seed 52 --json start.json
    python benchmarks/train_learned.py plot RUN/curve.csv docs/_static/dmc_curve.png \
        [--start start.json]
    python benchmarks/train_learned.py disagree NETWORK --games 2 --deals 400
    python benchmarks/train_learned.py agree NETWORK [NETWORK ...]

``command --lower-rate`` prints the run of docs/training.md's "The curves of the
run" (self-play at a learning rate of 1e-4 after the shipped network's imitation).
``evaluate`` measures a network as the trainer's evaluation does
(:func:`threethirteen.training.duplicate_margin`, ``--bots`` parsed as the
command's ``--eval-bots``, the deals of ``--seed``: give the run's seed for the
run's own deals), for the curve's point before self-play (the imitated network);
``plot --start`` draws that point at the imitation's minute.
``match`` plays ``--deals`` deals in both seatings (``tt.tournament``,
``duplicate=True``, two processes) and prints the arena's head-to-head margin and
its 95% interval. ``disagree`` plays the network against the expert, asks the
expert (``playouts=16``, seeded, shadowing the network's seat) what it would play
at each of the network's decisions, and weighs both actions by the review's full level
(:func:`threethirteen.review.values.weigh`, ``--deals`` common sampled deals from
the network's view, each played out): who was right, and by how much.
``agree`` plays ``--games`` games of the teacher (``lookahead``; seeds
``game_seeds(--seed, 12345, --games)``, rounds of at most 60 turns as in the
trainer's imitation, whose games are those of iteration -1: games a run of that
seed never fitted) and prints the share of their decisions with more than one
candidate where each network's highest value (numpy, as the bot plays; ties: the
first) is the teacher's choice, the measure of docs/training.md's "More
imitation games".
"""

from __future__ import annotations

import argparse
import csv
import functools
import shlex
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

import threethirteen as tt
from threethirteen.bots.expert import ExpertBot
from threethirteen.bots.learned import LearnedBot
from threethirteen.review.values import decision_rng, paired, weigh

COMMAND = [
    "threethirteen",
    "train",
    "runs/learned",
    "--seed",
    "51",
    "--minutes",
    "40",
    "--workers",
    "2",
    "--games",
    "32",
    "--imitation",
    "64",
    "--eval-bots",
    "advisor,greedy,lookahead",
    "--eval-deals",
    "16",
    "--eval-minutes",
    "5",
    "--device",
    "cpu",
]
"""The older run of docs/training.md (seed 51, under ``nice -n 10``; the weights it
shipped were its third iteration's, since replaced by the ranked imitation), then
``threethirteen train runs/learned --export learned.npz --best``."""

LOWER_RATE_COMMAND = [
    "threethirteen",
    "train",
    "runs/lower-rate",
    "--seed",
    "52",
    "--imitation",
    "128",
    "--imitation-rank",
    "0.1",
    "--selfplay-learning-rate",
    "1e-4",
    "--minutes",
    "40",
    "--workers",
    "1",
    "--games",
    "32",
    "--eval-bots",
    "advisor,greedy,expert:playouts=16",
    "--eval-deals",
    "16",
    "--eval-minutes",
    "6",
    "--device",
    "cpu",
]
"""The self-play run from the shipped network's imitation at the lower rate (under
``nice -n 10``)."""


def evaluate(network: str, bots: str, deals: int, seed: int, out: str | None) -> None:
    import json

    from threethirteen.cli.train import eval_bots
    from threethirteen.training import duplicate_margin

    row: dict[str, float] = {}
    for column, spec in eval_bots(bots):
        margin, error = duplicate_margin(network, spec, deals, seed=seed)
        row[f"margin_{column}"], row[f"se_{column}"] = round(margin, 3), round(error, 3)
        print(f"{network} vs {column}: {deals} deals, {margin:+.2f} (se {error:.2f})", flush=True)
    if out:
        with open(out, "w", encoding="utf-8") as file:
            json.dump(row, file, indent=1)


def match(network: str, opponent: str, deals: int, seed: int) -> None:
    learned = functools.partial(LearnedBot, weights=network, name="learned")
    with ProcessPoolExecutor(2, mp_context=get_context("spawn")) as pool:
        started = time.time()
        results = tt.tournament(
            [learned, opponent], games=2 * deals, players=2, seed=seed, executor=pool
        )
    head = results.head_to_head("learned", opponent)
    low, high = head.interval
    print(
        f"{network} vs {opponent}: {deals} deals ({head.games} games), margin "
        f"{head.margin:+.2f} [{low:+.2f}, {high:+.2f}], excludes 0: {head.significant}, "
        f"{time.time() - started:.0f} s"
    )


def plot(curve: str, image: str, start: str | None = None) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    with open(curve, encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    bots = [name[7:] for name in rows[0] if name.startswith("margin_")]
    if start:  # the imitated network's evaluation, at the imitation's minute
        import json

        with open(start, encoding="utf-8") as file:
            first = {**json.load(file), "minutes": rows[0]["minutes"]}
        rows = [first, *rows]  # (the imitation's own row has no margins)
    figure, axes = plt.subplots(figsize=(7, 4))
    for bot in bots:
        found = [r for r in rows if r.get(f"margin_{bot}") not in (None, "")]
        minutes = [float(r["minutes"]) for r in found]
        margins = [float(r[f"margin_{bot}"]) for r in found]
        errors = [float(r[f"se_{bot}"]) for r in found]
        label = bot.replace("_playouts", ", playouts ")
        axes.errorbar(minutes, margins, yerr=errors, marker="o", capsize=3, label=label)
    axes.axhline(0, color="grey", linewidth=0.8)
    axes.set_xlabel("wall-clock minutes of training")
    axes.set_ylabel("points a game ahead (± SE)")
    axes.set_title("The learned bot against fixed bots, duplicate deals")
    axes.legend()
    figure.tight_layout()
    figure.savefig(image, dpi=110)
    print(f"wrote {image}")


def disagree(network: str, games: int, deals: int, seed: int) -> None:
    learned = LearnedBot(weights=network)
    for number in range(games):
        game = tt.Game("pagat", players=2, seed=seed + number)
        expert_seat = ExpertBot(seed=seed, playouts=16)
        shadow = ExpertBot(seed=seed + 1, playouts=16)  # what the expert would play
        while not game.is_over:
            player = game.to_move
            assert player is not None
            view, legal = game.view(player), game.legal_actions()
            if player == 1:
                game.apply(expert_seat.act(view, legal), player)
                continue
            mine = learned.act(view, legal)
            theirs = shadow.act(view, legal)
            shadow.note_draw(view, mine)  # the card the network took, if it took one
            if mine != theirs and len(legal) > 1:
                rng = decision_rng(seed, len(game.round_scores), game.turns)
                values = weigh(view, [mine, theirs], deals, rng)
                loss, error = paired(values[0], values[1])
                print(
                    f"game {seed + number} round {view.round} turn {game.turns}: "
                    f"hand {view.hand}, pile {view.discard_top}; learned {mine}, expert "
                    f"{theirs}; learned - expert {loss:+.2f} ± {error:.2f} points "
                    f"(lower is better, {deals} deals)",
                    flush=True,
                )
            game.apply(mine, player)


def agree(networks: list[str], teacher: str, games: int, seed: int) -> None:
    import numpy as np

    from threethirteen.bots.learned import load_network
    from threethirteen.training.selfplay import game_seeds, play_games

    started = time.process_time()
    batch = play_games(None, game_seeds(seed, 12345, games), 0.0, teacher=teacher, max_turns=60)
    bounds = np.cumsum(batch.sizes)[:-1]
    groups = np.split(batch.candidates, bounds)
    kept = [(rows, pick) for rows, pick in zip(groups, batch.picks, strict=True) if len(rows) > 1]
    print(
        f"{games} {teacher} games (seed {seed}): {len(kept)} decisions with more than "
        f"one candidate, {time.process_time() - started:.0f} CPU s"
    )
    for network in networks:
        net = load_network(network)
        same = sum(int(np.argmax(net(rows))) == int(pick) for rows, pick in kept)
        print(f"{network}: picks {teacher}'s choice {same}/{len(kept)} = {same / len(kept):.1%}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    zero = sub.add_parser("command")
    zero.add_argument("--lower-rate", action="store_true")
    one = sub.add_parser("match")
    one.add_argument("network")
    one.add_argument("opponent")
    one.add_argument("--deals", type=int, default=200)
    one.add_argument("--seed", type=int, default=42)
    two = sub.add_parser("plot")
    two.add_argument("curve")
    two.add_argument("image")
    two.add_argument("--start", default=None)
    five = sub.add_parser("evaluate")
    five.add_argument("network")
    five.add_argument("--bots", default="advisor,greedy,expert:playouts=16")
    five.add_argument("--deals", type=int, default=16)
    five.add_argument("--seed", type=int, default=52)
    five.add_argument("--json", default=None)
    three = sub.add_parser("disagree")
    three.add_argument("network")
    three.add_argument("--games", type=int, default=1)
    three.add_argument("--deals", type=int, default=400)
    three.add_argument("--seed", type=int, default=7)
    four = sub.add_parser("agree")
    four.add_argument("networks", nargs="+")
    four.add_argument("--teacher", default="lookahead")
    four.add_argument("--games", type=int, default=16)
    four.add_argument("--seed", type=int, default=52)
    args = parser.parse_args(argv)
    if args.what == "command":
        print("nice -n 10 " + shlex.join(LOWER_RATE_COMMAND if args.lower_rate else COMMAND))
    elif args.what == "match":
        match(args.network, args.opponent, args.deals, args.seed)
    elif args.what == "plot":
        plot(args.curve, args.image, args.start)
    elif args.what == "evaluate":
        evaluate(args.network, args.bots, args.deals, args.seed, args.json)
    elif args.what == "agree":
        agree(args.networks, args.teacher, args.games, args.seed)
    else:
        disagree(args.network, args.games, args.deals, args.seed)


if __name__ == "__main__":
    main(sys.argv[1:])
