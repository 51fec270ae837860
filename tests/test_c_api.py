"""The solver's C-level API (``threethirteen/_solver.pxd``): a small Cython module,
``tests/c_api/bot.pyx``, is compiled against it and scores hands without Python
objects; its answers are the library's.

Slow (a compiler run, some 10 seconds); skipped when the compiled solver or a C
compiler is missing (without a compiler the rest of the suite fails on the missing
compiled solver); Cython is in the test extra, so its absence fails the test.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import threethirteen as tt
from threethirteen._kernel import backend as _backend
from threethirteen._kernel.protocol import Mode

pytestmark = pytest.mark.slow

SOURCE = Path(__file__).resolve().parent / "c_api" / "bot.pyx"
BUILD = """
import sys
from Cython.Build import cythonize
from setuptools import Extension, setup
setup(
    ext_modules=cythonize(
        [Extension("bot", ["bot.pyx"])], include_path=[sys.argv[1]], quiet=True
    ),
    script_args=["build_ext", "--inplace"],
)
"""


def missing() -> str | None:
    """Why the module cannot be built here, or None. Cython is in the test extra: a
    missing one fails the build (tests/test_packaging_metadata.py checks the extra),
    not a silent skip."""
    if _backend.compiled is None:
        return "the compiled solver is not built"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler!r} is not on the PATH)"
    return None


@pytest.fixture(scope="module")
def bot(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    reason = missing()
    if reason is not None:
        pytest.skip(reason)
    where = tmp_path_factory.mktemp("c_api")
    shutil.copy(SOURCE, where / "bot.pyx")
    package = Path(tt.__file__).resolve().parent  # holds _solver.pxd
    result = subprocess.run(
        [sys.executable, "-c", BUILD, str(package.parent)],
        cwd=where, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    (built,) = [*where.glob("bot.*.so"), *where.glob("bot.*.pyd")]
    spec = importlib.util.spec_from_file_location("bot", built)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_pxd_ships_beside_the_solver() -> None:
    assert (Path(tt.__file__).resolve().parent / "_solver.pxd").is_file()


def test_a_cython_bot_scores_hands(bot: ModuleType) -> None:
    round_ = tt.Round("bga", wild=6, implementation="cython")
    hands = ["9s 9h 9d 4h 5h 6c", "Kd Qs 2c 7h Jk", "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh", ""]
    codes = tt.encode_hands(hands)
    out = np.zeros(len(hands), dtype=np.int64)
    bot.scores(codes, round_.params, out)
    assert (out >> 6).tolist() == tt.deadwood_scores(codes, round_).tolist() == [0, 84, 0, 0]

    hand = tt.encode_hands(["9s 9h 9d 4h 5h 6c Kd"])[0]
    cost, discard, out_flag = bot.best_discard(hand, round_.params)
    assert (cost, str(tt.Card(discard)), out_flag) == (0, "Kd", 1)
    every = bot.every_discard(hand, round_.params)
    assert {str(tt.Card(code)): cost >> 6 for code, cost in every.items()} == dict(
        zip(map(str, (ranking := tt.discards(tt.Hand.from_codes(hand), round_)).cards),
            ranking.scores, strict=True)
    )  # fmt: skip
    assert bot.scores(np.array([[53]], dtype=np.int8), round_.params, out) is None
    assert out[0] == -1  # a bad code: an error code, no exception

    cards = np.array([tt.Card.parse(card).code for card in ("Kd", "7h", "Jk")], dtype=np.int8)
    for mode in (Mode.BEST_DISCARD, Mode.GO_OUT):
        status, *found = bot.draws(hand[:6], cards, round_.params, mode)
        assert status == 0
        assert tuple(found) == round_.solver.draws(
            hand[:6].tobytes(), cards.tobytes(), round_.params, mode
        )
