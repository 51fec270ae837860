"""Type stubs for the compiled solver; the pure-Python twin is ``_solver_py``."""

from collections.abc import Sequence
from typing import Any

__all__ = [
    "Params",
    "best_discard",
    "can_go_out",
    "codes_of_count_rows",
    "discard_rows",
    "discards",
    "draws",
    "fill_observation",
    "melding",
    "plan",
    "score",
    "solve_rows",
]

class Params:
    def __init__(
        self,
        natural_costs: Sequence[int],
        wild_costs: Sequence[int],
        wild_rank: int,
        decks: int,
        jokers: int,
        min_set: int,
        min_run: int,
        high_aces: bool,
        all_wild: bool,
        discard_order: Sequence[int],
    ) -> None: ...

def score(codes: bytes, params: Params) -> int: ...
def can_go_out(codes: bytes, params: Params) -> int: ...
def best_discard(codes: bytes, params: Params) -> tuple[int, int]: ...
def discards(codes: bytes, params: Params, shift: int) -> tuple[bytes, tuple[int, ...]] | int: ...
def plan(codes: bytes, params: Params) -> tuple[int, list[tuple[Any, ...]], int, int] | int: ...
def melding(codes: bytes, params: Params, shift: int, values: tuple[Any, Any, Any]) -> Any: ...
def solve_rows(
    codes: Any,
    params: Params,
    mode: int,
    out: Any,
    discards: Any,
    start: int,
    stop: int,
) -> tuple[int, int]: ...
def draws(
    hand: bytes, candidates: bytes, params: Params, mode: int
) -> tuple[list[int], list[int]] | int: ...
def discard_rows(
    codes: Any, params: Params, rows: Any, out: Any, shift: int, missing: int
) -> tuple[int, int]: ...
def codes_of_count_rows(counts: Any, out: Any) -> int: ...
def fill_observation(
    out: Any,
    scalars: int,
    offsets: list[int],
    rows: list[bytes],
    seat_numbers: tuple[tuple[Any, ...], ...],
    player: int,
    numbers: tuple[Any, ...],
    scales: Any,
) -> int: ...
