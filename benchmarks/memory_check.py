"""Memory check: millions of analysis calls, and the process's RSS before and after
(run by hand; CI never runs it).

    python benchmarks/memory_check.py [--calls 3000000] [--backend cython]

The calls cycle over a pool of varied hands: uniform and meld-rich hands of 3
to 16 cards, wild-heavy hands (up to 12 wilds), the adversarial hands of
``hands.ADVERSARIAL`` and 20-card hands, under several rules and every wild
rank. Most calls are ``tt.deadwood_score`` on parsed hands; one in 50 goes
through a string; one in 100 is ``best_melds``, ``best_discard`` or
``can_go_out``; one in 1000 is a small batch, an invalid hand (the error path)
or a new ``Rules`` object (made by ``dataclasses.replace``). RSS is read from
``/proc/self/status`` (VmRSS; the peak: VmHWM and ``resource.getrusage``) after
a warm-up and every ``--every`` calls: a leak shows as growth that goes on with
the number of calls.

The calls go through ``wild=`` and ``rules=``, so the rounds come from the cache
of ``threethirteen.hands.rounds.round_for``, with the solver chosen at import. Nothing
switches it in a running process: ``--backend`` other than the one in use runs
the check again in a new process with ``THREETHIRTEEN_IMPLEMENTATION`` set.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import gc
import os
import random
import resource
import sys
import time

import threethirteen as tt
from hands import (
    WILD_RULES,
    adversarial_hands,
    meld_rich_hands,
    round_wild,
    uniform_hands,
    wild_hands,
)
from threethirteen import Rules
from threethirteen._kernel.backend import ENVIRONMENT_VARIABLE

RULES = [
    Rules.preset("pagat"),
    Rules.preset("wikipedia"),
    Rules.preset("bga"),
    Rules.preset("family"),
    WILD_RULES,
    Rules.preset("family", ["jokers"], players=8),
]


def _status(field: str) -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise RuntimeError(f"no {field} in /proc/self/status")


def rss_kib() -> int:
    """The resident set size now, in KiB (VmRSS)."""
    return _status("VmRSS")


def peak_kib() -> int:
    """The peak resident set size, in KiB (VmHWM; ru_maxrss as a check)."""
    return max(_status("VmHWM"), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


def workload(seed: int) -> list[tuple[tt.Hand, int | None, Rules]]:
    """Hands with the round to score them in; every one valid under its rules."""
    rng = random.Random(seed)
    items: list[tuple[tt.Hand, int | None, Rules]] = []
    for size in range(3, 17):
        for hand in uniform_hands(size, 40, seed=seed) + meld_rich_hands(size, 40, seed=seed):
            items.append((hand, rng.choice([None, *range(1, 14)]), rng.choice(RULES[:5])))
    for size in (10, 14, 16):
        for wilds in (2, 4, 8, 12)[: 3 if size < 12 else 4]:
            for hand in wild_hands(size, wilds, 20, kind=rng.choice(["uniform", "meld-rich"])):
                items.append((hand, round_wild(size), WILD_RULES))
    for case, hand in adversarial_hands():
        rules = case.rules if isinstance(case.rules, Rules) else Rules.preset(case.rules)
        items += [(hand, case.wild, rules)] * 20
    block = tt.parse_hand("Ac 2c 3c 4c 5c Ad 2d 3d 4d 5d Ah 2h 3h 4h 5h As 2s 3s 4s 5s")
    items += [(block, None, RULES[5]), (block, 5, RULES[5])] * 20
    rng.shuffle(items)
    return items


def run(calls: int, every: int, items: list[tuple[tt.Hand, int | None, Rules]]) -> list[int]:
    """Make ``calls`` calls; the RSS (KiB) after every ``every`` of them."""
    texts = [str(hand) for hand, _, _ in items]
    bad = tt.parse_hand("Ac Ac Ac")  # three copies: invalid with two decks
    count = len(items)
    done = 0
    readings = []
    while done < calls:
        stop = min(calls, done + every)
        for i in range(done, stop):
            hand, wild, rules = items[i % count]
            tt.deadwood_score(hand, wild=wild, rules=rules)
            if i % 50 == 0:
                tt.deadwood_score(texts[i % count], wild=wild, rules=rules)
            if i % 100 == 0:
                tt.best_melds(hand, wild=wild, rules=rules)
                tt.best_discard(hand, wild=wild, rules=rules)
                tt.can_go_out(hand, wild=wild, rules=rules)
            if i % 1000 == 0:
                batch = [items[(i + k) % count] for k in range(16)]
                same = [h for h, w, r in batch if w == wild and r is rules] or [hand]
                tt.deadwood_scores(tt.encode_hands(same), wild=wild, rules=rules)
                tt.best_discards(same, wild=wild, rules=rules)
                with contextlib.suppress(tt.InvalidHandError):
                    tt.deadwood_score(bad, wild=None, rules=RULES[0])
                # a Rules object made on the fly: caches must not keep them all
                fresh = dataclasses.replace(rules, joker_penalty=i % 997)
                tt.deadwood_score(hand, wild=wild, rules=fresh)
        done = stop
        gc.collect()
        readings.append(rss_kib())
        print(f"  {done:>10,} calls: RSS {readings[-1]:>8,} KiB, peak {peak_kib():>8,} KiB")
    return readings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=3_000_000)
    parser.add_argument("--every", type=int, default=500_000)
    parser.add_argument("--warm-up", type=int, default=200_000)
    parser.add_argument("--backend", default="cython", choices=["cython", "python"])
    args = parser.parse_args()
    if args.backend != tt.implementation:  # chosen at import: run again with it
        environment = {**os.environ, ENVIRONMENT_VARIABLE: args.backend}
        os.execve(sys.executable, [sys.executable, *sys.argv], environment)
    items = workload(seed=2024)
    print(f"{tt.implementation} backend, {len(items)} distinct hands in the pool")
    gc.collect()
    print(f"  before the warm-up: RSS {rss_kib():,} KiB")
    run(args.warm_up, args.warm_up, items)  # the caches fill
    before = rss_kib()
    print(f"  after the warm-up:  RSS {before:,} KiB")
    started = time.perf_counter()
    readings = run(args.calls, args.every, items)
    after = rss_kib()
    seconds = time.perf_counter() - started
    half = len(readings) // 2
    late = readings[-1] - readings[half - 1] if half else 0
    late_calls = (len(readings) - half) * args.every
    print(
        f"{args.calls:,} calls in {seconds:.0f} s: RSS {before:,} -> {after:,} KiB"
        f" ({after - before:+,} KiB), peak {peak_kib():,} KiB;"
        f" over the last {late_calls:,} calls {late:+,} KiB"
    )


if __name__ == "__main__":
    main()
