"""How ``tt.discards`` on ``n + 1`` cards compares with one solve of ``n`` cards.

The issue's target: on 14 cards, under 3x one ``tt.deadwood_score`` of 13 cards.
Prints, per kind of hand, the medians (interleaved on the same hands, as
``hands.interleaved_calls_ns`` times them) and the ratios; also the raw solver
calls without the Python wrapper. Run from the repository root::

    python benchmarks/discards_ratio.py
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import threethirteen as tt
from hands import (
    WILD_RULES,
    CallTimer,
    interleaved_calls_ns,
    meld_rich_hands,
    round_wild,
    uniform_hands,
    wild_hands,
)
from threethirteen import Hand, Rules
from threethirteen.hands.rounds import round_for

HANDS = 200
REPEAT = 30


def measure(kind: str, hands: list[Hand], wild: int | None, rules: Rules) -> str:
    """One line: the medians and ratios for these hands of 14 cards."""
    rng = random.Random(1)
    pairs = [(hand, hand.without(rng.choice(hand.cards))) for hand in hands]
    game = round_for(rules, wild)
    solver, params = game.solver, game.params
    solve, ranking, best, raw_solve, raw_discards = interleaved_calls_ns(
        [
            CallTimer(lambda p: tt.deadwood_score(p[1], wild=wild, rules=rules), pairs, REPEAT),
            CallTimer(lambda p: tt.discards(p[0], wild=wild, rules=rules), pairs, REPEAT),
            CallTimer(lambda p: tt.best_discard(p[0], wild=wild, rules=rules), pairs, REPEAT),
            CallTimer(lambda p: solver.score(p[1].code_bytes, params), pairs, REPEAT),
            CallTimer(lambda p: solver.discards(p[0].code_bytes, params, 6), pairs, REPEAT),
        ]
    )
    return (
        f"{kind:10} 14 cards: discards {ranking / 1000:.2f} us = {ranking / solve:.2f}x"
        f" a 13-card deadwood_score ({solve / 1000:.2f} us);"
        f" best_discard {best / 1000:.2f} us;"
        f" raw solver {raw_discards / 1000:.2f} / {raw_solve / 1000:.2f} us"
        f" = {raw_discards / raw_solve:.2f}x"
    )


def main() -> None:
    pagat = tt.Rules.preset("pagat")
    print(measure("uniform", uniform_hands(14, HANDS, seed=3), 13, pagat))
    print(measure("meld-rich", meld_rich_hands(14, HANDS, seed=3), 13, pagat))
    print(measure("4 wilds", wild_hands(14, 4, HANDS), round_wild(14), WILD_RULES))


if __name__ == "__main__":
    main()
