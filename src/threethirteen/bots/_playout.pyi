"""Type stubs for the compiled playout loop (``bots/_playout.pyx``); without it,
``threethirteen.bots.playouts`` plays through the engine."""

from .._solver import Params

__all__ = ["play"]

def play(
    params: Params,
    hands: tuple[bytes, ...],
    stock: bytes,
    piles: tuple[bytes, ...],
    went_out: tuple[bool, ...],
    first_out: int,
    penalties: tuple[int, ...],
    to_move: int | None,
    play: bool,
    turns: int,
    max_turns: int,
    separate: bool,
    last_turns: bool,
    around_first: bool,
    double_naughts: bool,
    doubled: bool,
    has_bonus: bool,
    bonus: int,
    limit: int,
) -> tuple[int, tuple[int, ...], int, bytes]: ...
