"""Games per second per core for each built-in bot, the task overheads of Dask and
Ray, and how much duplicate deals narrow the intervals (run by hand; CI never runs
it). The figures of docs/simulating.md come from here.

    python benchmarks/simulation_throughput.py [--games 40] [--what rates,overhead,duplicate]

- rates: each built-in bot against itself, pagat, 2 players, the real rules (no
  turn limit; ``random`` also with ``max_turns=50``), on one core (``search`` and
  ``random`` without a limit play ``--search-games``); four greedy bots; then greedy
  on a ``ProcessPoolExecutor`` of 2 workers.
- overhead: the time a task costs an executor beyond its work: 200 empty tasks
  through a Dask ``LocalCluster`` of 2 worker processes (loopback TCP) and a Ray
  local cluster, each submitted and collected one at a time (latency) and all at
  once (throughput).
- duplicate: the 95 % half-widths of greedy against random over the same number of
  games, with and without duplicate deals, for several seeds.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any

import threethirteen as tt


def nothing(index: int) -> int:
    return index


def rates(games: int, search_games: int) -> None:
    print("| bots | rules | games | seconds | games per second per core |")
    print("|---|---|---|---|---|")
    rows: list[tuple[str, dict[str, Any]]] = [(name, {}) for name in sorted(tt.BOTS)]
    rows.append(("random", {"max_turns": 50}))
    for name, options in rows:
        slow = name == "search" or (name == "random" and not options)
        count = search_games if slow else games
        start = time.perf_counter()
        tt.tournament([name, name], games=count, seed=1, **options)
        seconds = time.perf_counter() - start
        limit = f", max_turns={options['max_turns']}" if options else ""
        print(
            f"| {name} vs {name} | pagat{limit} | {count} | {seconds:.2f} | {count / seconds:.1f} |"
        )
    count = games
    start = time.perf_counter()
    tt.tournament(["greedy"] * 4, games=count, seed=1)
    seconds = time.perf_counter() - start
    print(f"| greedy, 4 players | pagat | {count} | {seconds:.2f} | {count / seconds:.1f} |")
    count = games * 2
    start = time.perf_counter()
    with ProcessPoolExecutor(2) as pool:
        tt.tournament(["greedy", "greedy"], games=count, seed=1, executor=pool)
    seconds = time.perf_counter() - start
    print(
        f"| greedy vs greedy, ProcessPoolExecutor(2) | pagat | {count} | {seconds:.2f} |"
        f" {count / seconds / 2:.1f} |"
    )


def overhead(executor: Executor, name: str, tasks: int = 200) -> None:
    for _ in range(10):  # warm up
        executor.submit(nothing, 0).result()
    start = time.perf_counter()
    for index in range(tasks):
        executor.submit(nothing, index).result()
    latency = (time.perf_counter() - start) / tasks
    start = time.perf_counter()
    futures = [executor.submit(nothing, index) for index in range(tasks)]
    assert [future.result() for future in futures] == list(range(tasks))
    spread = (time.perf_counter() - start) / tasks
    print(f"| {name} | {1000 * latency:.2f} | {1000 * spread:.2f} |")


class RayExecutor(Executor):
    """The concurrent.futures face of Ray (the adapter of docs/simulating.md)."""

    def __init__(self) -> None:
        self._tasks: dict[Callable[..., Any], Any] = {}

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        import ray

        task = self._tasks.get(fn)
        if task is None:
            task = self._tasks[fn] = ray.remote(fn)
        return task.remote(*args, **kwargs).future()  # type: ignore[no-any-return]


def overheads() -> None:
    print("| executor | ms a task, one at a time | ms a task, 200 in flight |")
    print("|---|---|---|")
    with ProcessPoolExecutor(2) as pool:
        overhead(pool, "ProcessPoolExecutor(2)")
    from dask.distributed import Client, LocalCluster

    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        overhead(client.get_executor(pure=False), "Dask LocalCluster, 2 processes")
    try:
        import ray
    except ModuleNotFoundError:
        print("| Ray | not installed | |")
        return
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        overhead(RayExecutor(), "Ray local cluster, 2 CPUs")
    finally:
        ray.shutdown()


def duplicate(games: int, seeds: int) -> None:
    print("| seed | margin (duplicate) | half-width | margin (fresh deals) | half-width |")
    print("|---|---|---|---|---|")
    widths: dict[bool, list[float]] = {True: [], False: []}
    totals: dict[bool, list[float]] = {True: [], False: []}
    for seed in range(1, seeds + 1):
        cells = []
        for dup in (True, False):
            results = tt.tournament(["greedy", StockOnly], games=games, seed=seed, duplicate=dup)
            head = results.head_to_head("greedy", "stock-only")
            assert head.margin is not None
            assert head.interval is not None
            half = (head.interval[1] - head.interval[0]) / 2
            widths[dup].append(half)
            bot = results["greedy"]
            assert bot.mean_total_interval is not None
            totals[dup].append((bot.mean_total_interval[1] - bot.mean_total_interval[0]) / 2)
            cells += [f"{head.margin:+.1f}", f"{half:.1f}"]
        print(f"| {seed} | {' | '.join(cells)} |")
    ratio = statistics.fmean(widths[True]) / statistics.fmean(widths[False])
    total_ratio = statistics.fmean(totals[True]) / statistics.fmean(totals[False])
    print(
        f"\nmean half-width of the margin: duplicate {statistics.fmean(widths[True]):.2f},"
        f" fresh deals {statistics.fmean(widths[False]):.2f} (ratio {ratio:.2f});"
        f" of greedy's mean total: {statistics.fmean(totals[True]):.2f} against"
        f" {statistics.fmean(totals[False]):.2f} (ratio {total_ratio:.2f})"
    )


class StockOnly(tt.GreedyBot):
    """The greedy bot that never takes a discard: a weaker bot to measure against."""

    name = "stock-only"

    def act(self, view: tt.PlayerView, legal_actions: Any) -> tt.Action:
        if view.phase == "draw" and tt.DrawStock() in legal_actions:
            return tt.DrawStock()
        return super().act(view, legal_actions)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument(
        "--search-games", type=int, default=6, help="games of the slow bots (search, random)"
    )
    parser.add_argument("--what", default="rates,overhead,duplicate")
    args = parser.parse_args(argv)
    print(
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} CPUs,"
        f" Python {platform.python_version()}, solver {tt.implementation},"
        f" load average {os.getloadavg()[0]:.1f}\n"
    )
    what = args.what.split(",")
    if "rates" in what:
        rates(args.games, args.search_games)
        print()
    if "overhead" in what:
        overheads()
        print()
    if "duplicate" in what:
        duplicate(args.games * 5, args.seeds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
