"""Hard limits of the compiled solver: memory stays flat over many calls, including
calls whose memo table outgrows the C stack and lives on the heap."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import threethirteen as tt
from threethirteen._kernel.protocol import COUNT_BITS

# The slowest 16-card hand a random search found: its memo holds hundreds of entries.
# Its best melding leaves one card worth 2: the solver's cost is 2 << COUNT_BITS, plus 1.
HEAVY = tt.parse_hand("Ac Ac 2c 2c 3c 4c 5c 5c 6c 10c Jc Qc Kc Kc Jk Jk")


def resident_kib() -> int:
    fields = Path("/proc/self/status").read_text(encoding="ascii").split("\n")
    line = next(line for line in fields if line.startswith("VmRSS:"))
    return int(line.split()[1])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/status")
def test_memory_stays_flat_over_many_calls() -> None:
    game = tt.Round("bga", wild=None, implementation="cython")
    codes = HEAVY.code_bytes
    for _ in range(200):  # warm up: allocator pools, caches
        game.solver.score(codes, game.params)
        game.solver.best_discard(codes, game.params)
        game.solver.discards(codes, game.params, 0)
    before = resident_kib()
    for _ in range(5000):
        assert game.solver.score(codes, game.params) == (2 << COUNT_BITS) + 1
        game.solver.best_discard(codes, game.params)
        game.solver.plan(codes, game.params)
        # every discard: the memo and the arena of vectors both grow on the heap
        assert game.solver.discards(codes, game.params, 0)[1][0] == 0
    growth = resident_kib() - before
    # A leak of the heap memo or the arena (tens of KiB a call) would add hundreds of MiB.
    assert growth < 4096, f"resident memory grew by {growth} KiB over 20,000 calls"
