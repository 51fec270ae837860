"""What a fresh but equal ``Rules`` per call costs ``tt.deadwood_score`` (run by hand).

    python benchmarks/rules_per_call.py [--hands 2000] [--passes 30]

``tt.deadwood_score(hand, wild=6, rules=r)`` on distinct uniform 10-card hands
(pagat, sixes wild), with ``r`` one reused ``Rules.preset("pagat")`` (a), a new
equal ``Rules.preset("pagat")`` per call (b), or the name ``"pagat"`` (c). Every
pass builds the fresh rules of (b) first, untimed, then times each call of (a),
(b) and (c) in turn (their order rotating from pass to pass), with
``time.perf_counter_ns`` and the garbage collector off. Prints the median per
call of each and the median of the per-pass differences (b) - (a) and (c) - (a),
in microseconds. The issue's target: (b) - (a) at most 1 µs. The calls use the
solver chosen at import (``THREETHIRTEEN_IMPLEMENTATION``).
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import threethirteen as tt
from hands import uniform_hands

WILD = 6
TARGET_US = 1.0


def time_calls(hands: list[tt.Hand], each: list[tt.Rules | str]) -> list[int]:
    """Nanoseconds of each call ``tt.deadwood_score(hand, wild=6, rules=r)``."""
    clock = time.perf_counter_ns
    score = tt.deadwood_score
    out = []
    for hand, rules in zip(hands, each, strict=True):
        start = clock()
        score(hand, wild=WILD, rules=rules)
        out.append(clock() - start)
    return out


def measure(count: int, passes: int) -> dict[str, tuple[float, list[float]]]:
    """Per way ("a", "b", "c"): the median ns per call, and the median of each pass."""
    hands = uniform_hands(10, count, seed=17)
    reused = tt.Rules.preset("pagat")
    samples: dict[str, list[int]] = {"a": [], "b": [], "c": []}
    per_pass: dict[str, list[float]] = {"a": [], "b": [], "c": []}
    order = ["a", "b", "c"]
    for number in range(passes):
        ways: dict[str, list[tt.Rules | str]] = {
            "a": [reused] * count,
            "b": [tt.Rules.preset("pagat") for _ in range(count)],
            "c": ["pagat"] * count,
        }
        enabled = gc.isenabled()
        gc.disable()
        try:
            for way in order[number % 3 :] + order[: number % 3]:
                found = time_calls(hands, ways[way])
                samples[way] += found
                per_pass[way].append(statistics.median(found))
        finally:
            if enabled:
                gc.enable()
    return {way: (statistics.median(samples[way]), per_pass[way]) for way in order}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="distinct hands (calls per pass)")
    parser.add_argument("--passes", type=int, default=30)
    args = parser.parse_args()
    found = measure(args.hands, args.passes)
    labels = {
        "a": "(a) one reused Rules",
        "b": "(b) a fresh equal Rules per call",
        "c": '(c) the preset name "pagat"',
    }
    print(
        f"tt.deadwood_score(hand, wild=6, rules=r), {tt.implementation} solver,"
        f" {args.hands} distinct 10-card hands x {args.passes} passes"
    )
    for way, label in labels.items():
        print(f"  {label:36} {found[way][0] / 1000:6.3f} µs per call (median)")
    for way in ("b", "c"):
        pairs = zip(found[way][1], found["a"][1], strict=True)
        difference = statistics.median(x - y for x, y in pairs) / 1000
        print(f"  {way} - a: {difference:+.3f} µs per call (median of the per-pass differences)")
    b_minus_a = statistics.median(x - y for x, y in zip(found["b"][1], found["a"][1], strict=True))
    met = b_minus_a / 1000 <= TARGET_US
    print(f"target (b) - (a) <= {TARGET_US} µs: {'met' if met else 'NOT MET'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
