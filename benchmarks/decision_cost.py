"""What a decision costs: CPU milliseconds a decision, median and slowest.

    python benchmarks/decision_cost.py [--games 4] [--four-games 2]

Each bot plays pagat against advisors (``--games`` games at two players, one seat
of two; ``--four-games`` at four players, one seat of four); every decision of the
bot under test is timed with ``time.process_time`` (CPU time: the machine is
shared). Prints the table of docs/strength.md's "What a decision costs".
"""

from __future__ import annotations

import argparse
import functools
import statistics
import time
from collections.abc import Callable, Sequence

import threethirteen as tt

#: The bots timed, by the names the table uses.
BOTS: dict[str, Callable[..., tt.Bot]] = {
    "heuristic": tt.HeuristicBot,
    "advisor": tt.AdvisorBot,
    "lookahead": tt.LookaheadBot,
    'lookahead, `draw="value"`': functools.partial(tt.LookaheadBot, draw="value"),
    "search, 4 playouts": functools.partial(tt.SearchBot, playouts=4),
    "search, 8 playouts, `confidence=1.5`": functools.partial(
        tt.SearchBot, playouts=8, confidence=1.5
    ),
    "search, 16 playouts (the default)": tt.SearchBot,
    "search, 24 playouts": functools.partial(tt.SearchBot, playouts=24),
    "expert, `playouts=16`": functools.partial(tt.ExpertBot, playouts=16),
    "expert, `time_ms=20` (the default)": tt.ExpertBot,
}


def decision_times(make: Callable[..., tt.Bot], players: int, games: int) -> list[float]:
    """The CPU milliseconds of each decision of ``make``'s bot in seat 0 of
    ``games`` games against advisors."""
    found: list[float] = []
    for seed in range(games):
        game = tt.Game("pagat", players=players, seed=1000 + seed)
        bots: Sequence[tt.Bot] = [make(seed=seed)] + [
            tt.AdvisorBot(seed=seat) for seat in range(1, players)
        ]
        while not game.is_over:
            player = game.to_move
            assert player is not None
            view, legal = game.view(player), game.legal_actions()
            start = time.process_time()
            action = bots[player].act(view, legal)
            if player == 0:
                found.append((time.process_time() - start) * 1000)
            game.apply(action)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--four-games", type=int, default=2)
    args = parser.parse_args()
    print("| bot | 2 players, median | slowest | 4 players, median | slowest |")
    print("|---|--:|--:|--:|--:|")
    for name, make in BOTS.items():
        two = decision_times(make, 2, args.games)
        four = decision_times(make, 4, args.four_games)
        cells = [f"{statistics.median(t):.2f} | {max(t):.2f}" for t in (two, four)]
        print(f"| {name} | {cells[0]} | {cells[1]} |", flush=True)


if __name__ == "__main__":
    main()
