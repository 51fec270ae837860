"""Games between bots, and a quick duplicate comparison of two bots (a sanity check
of the built-in bots' strength and cost, not the tournament module).

    python benchmarks/bot_play.py search advisor [--games 100] [--rules pagat]

Each deal (a game seed) is played twice, the bots swapping seats, so luck of the
deal cancels; it prints the first bot's mean margin per game (its lead: the other's
total less its own, positive when the first did better, as
``TournamentResults.head_to_head`` counts it), with a 95 % interval over the deals,
and each bot's mean cost per move.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence

import threethirteen as tt
from threethirteen.hands.rules import RulesLike


def play_game(
    bots: Sequence[tt.Bot],
    rules: RulesLike = "pagat",
    seed: int | None = None,
    variations: Sequence[str] = (),
    max_turns: int | None = None,
    clock: dict[int, list[float]] | None = None,
    check: bool = False,
) -> tt.Game:
    """Play one game with ``bots[i]`` in seat ``i``; ``clock`` gathers each seat's
    [seconds, moves]; ``check`` asserts every action is legal."""
    game = tt.Game(
        rules, players=len(bots), seed=seed, variations=tuple(variations), max_turns=max_turns
    )
    while not game.is_over:
        player = game.to_move
        assert player is not None
        legal = game.legal_actions()
        view = game.view(player)
        start = time.perf_counter()
        action = bots[player].act(view, legal)
        if clock is not None:
            entry = clock.setdefault(player, [0.0, 0])
            entry[0] += time.perf_counter() - start
            entry[1] += 1
        if check:
            assert action in legal, (action, legal)
        game.apply(action)
    return game


def duplicate(
    first: str, second: str, games: int, rules: str = "pagat", seed: int = 0
) -> dict[str, float]:
    """``games`` deals, each played with both seatings: the first bot's mean margin
    per game and its 95 % half-interval, and each bot's mean seconds per move."""
    margins: list[float] = []
    cost = {first: [0.0, 0], second: [0.0, 0]}
    for deal in range(games):
        margin = 0.0
        for swap in (False, True):
            names = (second, first) if swap else (first, second)
            bots = [
                tt.make_bot(name, seed=seed * 1_000_003 + deal * 2 + i)
                for i, name in enumerate(names)
            ]
            clock: dict[int, list[float]] = {}
            game = play_game(bots, rules, seed=seed * 1_000_003 + deal, clock=clock)
            at = 1 if swap else 0
            margin += game.totals[1 - at] - game.totals[at]  # the first bot's lead
            for seat, (seconds, moves) in clock.items():
                cost[names[seat]][0] += seconds
                cost[names[seat]][1] += moves
        margins.append(margin / 2)
    mean = sum(margins) / len(margins)
    var = sum((m - mean) ** 2 for m in margins) / max(1, len(margins) - 1)
    half = 1.96 * math.sqrt(var / len(margins))
    return {
        "margin": mean,
        "half_interval": half,
        f"{first}_ms_per_move": 1000 * cost[first][0] / max(1, cost[first][1]),
        f"{second}_ms_per_move": 1000 * cost[second][0] / max(1, cost[second][1]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rules", default="pagat")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    found = duplicate(args.first, args.second, args.games, args.rules, args.seed)
    print(
        f"{args.first} vs {args.second}, {args.games} deals x 2 seatings, {args.rules}: "
        f"margin {found['margin']:+.1f} ± {found['half_interval']:.1f} points per game; "
        + ", ".join(f"{k} {v:.3f}" for k, v in found.items() if k.endswith("per_move"))
    )


if __name__ == "__main__":
    main()
