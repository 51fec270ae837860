"""The observation and action encodings (issue 14): ``encode_observation`` on many
distinct views (cold: each view encoded once per round of the benchmark, no cache
of views), with and without ``out=``, and ``action_mask`` with its legal actions.

The views come from random play (every decision of random games, rounds of at
most 40 turns), so they cover draws, plays, last turns and, for the family sheet,
the table. ``extra_info`` has the median per view, measured one view at a time;
``python benchmarks/test_bench_spaces.py`` prints those medians (issue 14 asks
for under 10 us per view).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from functools import cache
from typing import Any

import numpy as np
import pytest

import threethirteen as tt
from threethirteen.adapters.spaces import action_mask, encode_observation, observation_shape
from threethirteen.engine.actions import Action

VIEWS = 2000
TABLES = [
    ("pagat", 2, ()),
    ("pagat", 4, ()),
    ("bga", 4, ("redemption", "jokers")),
    ("family", 4, ()),
    ("pagat", 4, ("separate-discards", "joker-discards", "jokers")),
]


@cache
def positions(
    preset: str, players: int, variations: tuple[str, ...]
) -> tuple[tuple[tt.PlayerView, list[Action]], ...]:
    """``VIEWS`` views of the player to move, with their legal actions."""
    rng = np.random.default_rng(0)
    seed = 0
    game = tt.Game(preset, players=players, seed=seed, variations=variations, max_turns=40)
    found = []
    while len(found) < VIEWS:
        if game.is_over:
            seed += 1
            game = tt.Game(preset, players=players, seed=seed, variations=variations, max_turns=40)
        player = game.to_move
        assert player is not None
        legal = game.legal_actions()
        found.append((game.view(player), legal))
        going = [a for a in legal if isinstance(a, tt.DiscardCard) and a.go_out]
        game.apply(going[0] if going else legal[int(rng.integers(len(legal)))])
    return tuple(found)


def median_us(function: Callable[[Any, Any], object], items: Any) -> float:
    """The median time of one call, in microseconds, over ``items``."""
    times = []
    clock = time.perf_counter_ns
    for first, second in items:
        start = clock()
        function(first, second)
        times.append(clock() - start)
    return statistics.median(times) / 1000


def encode_all(views: Any, out: np.ndarray | None) -> int:
    for view, _ in views:
        encode_observation(view, out)
    return len(views)


def masks_all(views: Any) -> int:
    total = 0
    for view, legal in views:
        total += int(action_mask(view, legal).sum())
    return total


@pytest.mark.parametrize(("preset", "players", "variations"), TABLES)
@pytest.mark.parametrize("preallocated", [True, False])
def test_encode_observation(
    benchmark: Any, preset: str, players: int, variations: tuple[str, ...], preallocated: bool
) -> None:
    benchmark.group = f"encode_observation: {VIEWS} views"
    views = positions(preset, players, variations)
    out = np.empty(observation_shape(preset, players, variations), dtype=np.float32)
    buffer = out if preallocated else None
    assert benchmark(encode_all, views, buffer) == VIEWS
    benchmark.extra_info["median_us"] = median_us(
        encode_observation, [(v, buffer) for v, _ in views]
    )
    view = views[-1][0]
    assert np.array_equal(encode_observation(view, out), encode_observation(view))


@pytest.mark.parametrize(("preset", "players", "variations"), TABLES)
def test_action_mask(
    benchmark: Any, preset: str, players: int, variations: tuple[str, ...]
) -> None:
    benchmark.group = f"action_mask: {VIEWS} views"
    views = positions(preset, players, variations)
    legal_count = sum(len(set(legal)) for _, legal in views)
    marked = benchmark(masks_all, views)
    assert 0 < marked <= legal_count
    benchmark.extra_info["median_us"] = median_us(action_mask, views)


def main() -> None:
    """Print the median per view of each table."""
    for preset, players, variations in TABLES:
        views = positions(preset, players, variations)
        out = np.empty(observation_shape(preset, players, variations), dtype=np.float32)
        for view, _ in views[:100]:  # warm the layouts and caches
            encode_observation(view, out)
        encode = median_us(encode_observation, [(view, out) for view, _ in views])
        fresh = median_us(encode_observation, [(view, None) for view, _ in views])
        mask = median_us(action_mask, views)
        name = f"{preset} {players}p {'+'.join(variations)}".strip()
        print(
            f"{name:50} encode {encode:5.2f} us (out=), {fresh:5.2f} us (new array);"
            f" mask {mask:5.2f} us"
        )


if __name__ == "__main__":
    main()
