"""The learned bot's training run, measured: the command that trained the shipped
weights (docs/training.md), a network's match against a built-in bot on duplicate
deals, the curve drawn, and the positions where the network and the expert disagree.

    python benchmarks/train_learned.py command
    python benchmarks/train_learned.py match NETWORK advisor --deals 200
    python benchmarks/train_learned.py plot RUN/curve.csv docs/_static/training_curve.png
    python benchmarks/train_learned.py disagree NETWORK --games 2 --deals 400

``match`` plays ``--deals`` deals in both seatings (``tt.tournament``,
``duplicate=True``, two processes) and prints the arena's head-to-head margin and
its 95% interval. ``disagree`` plays the network against the expert, asks the
expert (``playouts=16``, seeded, shadowing the network's seat) what it would play
at each of the network's decisions, and weighs both actions by the review's full level
(:func:`threethirteen.review.values.weigh`, ``--deals`` common sampled deals from
the network's view, each played out): who was right, and by how much.
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
"""The run of the shipped weights (under ``nice -n 10``), then
``threethirteen train runs/learned --export learned.npz --best``."""


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


def plot(curve: str, image: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    with open(curve, encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    bots = [name[7:] for name in rows[0] if name.startswith("margin_")]
    figure, axes = plt.subplots(figsize=(7, 4))
    for bot in bots:
        found = [r for r in rows if r.get(f"margin_{bot}")]
        minutes = [float(r["minutes"]) for r in found]
        margins = [float(r[f"margin_{bot}"]) for r in found]
        errors = [float(r[f"se_{bot}"]) for r in found]
        axes.errorbar(minutes, margins, yerr=errors, marker="o", capsize=3, label=bot)
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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    sub.add_parser("command")
    one = sub.add_parser("match")
    one.add_argument("network")
    one.add_argument("opponent")
    one.add_argument("--deals", type=int, default=200)
    one.add_argument("--seed", type=int, default=42)
    two = sub.add_parser("plot")
    two.add_argument("curve")
    two.add_argument("image")
    three = sub.add_parser("disagree")
    three.add_argument("network")
    three.add_argument("--games", type=int, default=1)
    three.add_argument("--deals", type=int, default=400)
    three.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    if args.what == "command":
        print("nice -n 10 " + shlex.join(COMMAND))
    elif args.what == "match":
        match(args.network, args.opponent, args.deals, args.seed)
    elif args.what == "plot":
        plot(args.curve, args.image)
    else:
        disagree(args.network, args.games, args.deals, args.seed)


if __name__ == "__main__":
    main(sys.argv[1:])
