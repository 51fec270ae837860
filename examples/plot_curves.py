"""Draw the learning curves that ``examples/sb3_maskable_ppo.py`` and
``examples/pettingzoo_masked_ppo.py`` write with ``--curve FILE.csv``: the points
ahead a game of the learner against each evaluation opponent, over the minutes of
training (the evaluations' own time left out). Needs matplotlib::

    python examples/plot_curves.py docs/_static/sb3_curve.png \\
        "MaskablePPO against random=ppo_random.csv" "max_turns=30=ppo_turns.csv"

Each argument after the picture is ``LABEL=FILE.csv`` (the label may hold ``=``:
the file is what follows the last one).
"""

from __future__ import annotations

import argparse
import csv
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path


def read_curve(path: Path) -> dict[str, list[tuple[float, float]]]:
    """Each opponent's points: (minutes of training, points ahead a game)."""
    points: dict[str, list[tuple[float, float]]] = defaultdict(list)
    with path.open(newline="") as file:
        for row in csv.DictReader(file):
            points[row["opponent"]].append((float(row["seconds"]) / 60, float(row["points_ahead"])))
    return dict(points)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("picture", type=Path)
    parser.add_argument("curves", nargs="+", help="LABEL=FILE.csv")
    parser.add_argument("--title", default="")
    args = parser.parse_args(argv)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7.5, 5.2), dpi=100)
    styles = ["-", "--", ":", "-."]
    for index, item in enumerate(args.curves):
        label, _, name = item.rpartition("=")
        for opponent, points in read_curve(Path(name)).items():
            minutes, ahead = zip(*points, strict=True)
            axes.plot(
                minutes,
                ahead,
                styles[index % len(styles)],
                marker="o",
                markersize=3,
                label=f"{label}: against {opponent}",
            )
    axes.axhline(0, color="grey", linewidth=0.8)
    axes.set_xlabel("minutes of training")
    axes.set_ylabel("points ahead a game (positive: the learner ahead)")
    if args.title:
        axes.set_title(args.title)
    # below the axes: a curve is never hidden behind it
    axes.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=2)
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(args.picture)
    print(f"wrote {args.picture}")


if __name__ == "__main__":
    main()
