"""Hands per second per core: ``tt.deadwood_scores`` in memory (1 and 2 threads)
against ``threethirteen.hands.dask_blocks.deadwood_scores`` on a Dask array (the threaded
scheduler, 1 and 2 workers), on the same seeded random hands (run by hand; CI never
runs it). The figures of docs/scale.md come from here.

    python benchmarks/dask_throughput.py [--hands 2000000] [--size 10] [--chunk 250000]

The hands are ``--size`` cards dealt from pagat's two decks, scored in the pagat
round that deals that many (10 cards: round 8, tens wild). Each way is timed
``--repeats`` times after a warm-up; the best time is reported, and every way's
scores are checked equal to the in-memory ones.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from collections.abc import Callable
from typing import Any

import dask
import dask.array as da
import numpy as np

import threethirteen as tt
from threethirteen.hands import dask_blocks as blocks

_GENERATE_ROWS = 100_000  # hands dealt per numpy step


def random_hands(hands: int, size: int, seed: int) -> np.ndarray:
    """``hands`` rows of ``size`` card codes dealt from two decks, sorted."""
    rng = np.random.default_rng(seed)
    parts = []
    for start in range(0, hands, _GENERATE_ROWS):
        rows = min(_GENERATE_ROWS, hands - start)
        deals = rng.random((rows, 104)).argpartition(size, axis=1)[:, :size] % 52
        parts.append(np.sort(deals, axis=1).astype(np.int8))
    return np.concatenate(parts) if parts else np.empty((0, size), dtype=np.int8)


def best_seconds(run: Callable[[], Any], repeats: int) -> tuple[float, Any]:
    result = run()  # warm-up
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    return min(times), result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2_000_000)
    parser.add_argument("--size", type=int, default=10)
    parser.add_argument("--chunk", type=int, default=250_000, help="rows per Dask block")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    round = tt.Round.for_hand_size("pagat", args.size)
    codes = random_hands(args.hands, args.size, args.seed)
    lazy = da.from_array(codes, chunks=(args.chunk, -1))
    expected = tt.deadwood_scores(codes, round)

    ways: list[tuple[str, int, Callable[[], Any]]] = [
        ("in memory, threads=1", 1, lambda: tt.deadwood_scores(codes, round, threads=1)),
        ("in memory, threads=2", 2, lambda: tt.deadwood_scores(codes, round, threads=2)),
    ]
    for workers in (1, 2):
        ways.append(
            (
                f"blocks, threaded scheduler, {workers} worker{'s' if workers > 1 else ''}",
                workers,
                lambda workers=workers: blocks.deadwood_scores(lazy, round).compute(
                    scheduler="threads", num_workers=workers
                ),
            )
        )

    print(
        f"{args.hands:,} hands of {args.size} cards, {round!r} (wild {round.wild}),"
        f" blocks of {args.chunk:,} rows; best of {args.repeats}"
    )
    print(
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} CPUs,"
        f" Python {platform.python_version()}, numpy {np.__version__},"
        f" dask {dask.__version__}, solver {tt.implementation}"
    )
    print()
    print("| way | cores | seconds | hands per second | per core |")
    print("|---|---|---|---|---|")
    for name, cores, run in ways:
        seconds, scores = best_seconds(run, args.repeats)
        if not (scores.dtype == expected.dtype and np.array_equal(scores, expected)):
            raise SystemExit(f"{name}: scores differ from the in-memory ones")
        rate = args.hands / seconds
        print(f"| {name} | {cores} | {seconds:.3f} | {rate:,.0f} | {rate / cores:,.0f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
