"""Installing cannot fail: the sdist installs without a C compiler (the pure-Python
solver and the playouts through the engine serve, after one warning line), and the
wheel holds the two compiled extensions (``_solver`` and ``bots/_playout``, from
their ``.pyx``) and no other compiled module.

Slow (about a minute): it builds the sdist and a wheel from it once, and installs
them into fresh virtual environments, with pip reaching the package index for the
build requirements and numpy.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from tests.extensions import EXTENSIONS

pytestmark = pytest.mark.slow

BACKENDS = ("python",)  # the installs run in their own environments: once is enough

ROOT = Path(__file__).resolve().parent.parent
WARNING = "threethirteen: warning: the compiled solver and the compiled playout loop were not built"
HAND = "9s 9h 9d 4h 5h 6c 7d"
SOLVE = (
    "import threethirteen as tt; print(tt.implementation);"
    " print(tt.best_melds('9s 9h 9d 4h 5h 6c', wild=6))"
)
# Whether the compiled playout loop serves, and the file the engine's game module is
# loaded from (a .py: no module of the package but the two extensions is compiled).
ENGINE = (
    "import os; import threethirteen.engine.game as game;"
    " from threethirteen.bots import playouts;"
    " print(playouts.compiled, os.path.basename(game.__file__))"
)
PATHS = [name.replace(".", "/") for name in EXTENSIONS]
"""Each extension's path below the package, without a suffix."""


def run(*command: str | Path, cwd: Path, **environment: str) -> str:
    """Run ``command``, returning its output (stdout and stderr together);
    a failure shows that output."""
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in ("THREETHIRTEEN_IMPLEMENTATION", "PYTHONPATH", "VIRTUAL_ENV")
    }
    env.update(environment)
    result = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        encoding="utf-8",
        errors="replace",
        check=False,
    )
    if result.returncode != 0:
        pytest.fail(
            f"exit {result.returncode}: {' '.join(map(str, command))}\n{result.stdout}",
            pytrace=False,
        )
    return result.stdout


def make_venv(path: Path) -> Path:
    """A fresh virtual environment at ``path``; returns its directory of scripts."""
    run(sys.executable, "-m", "venv", path, cwd=path.parent)
    return path / ("Scripts" if os.name == "nt" else "bin")


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The sdist, and the wheel built from it (``python -m build``), built once;
    ``log`` holds the build's output."""
    out = tmp_path_factory.mktemp("dist")
    output = run(sys.executable, "-m", "build", "--outdir", out, ROOT, cwd=out)
    (out / "build.log").write_text(output, encoding="utf-8")
    (sdist,) = out.glob("threethirteen-*.tar.gz")
    (wheel,) = out.glob("threethirteen-*.whl")
    return {"sdist": sdist, "wheel": wheel, "log": out / "build.log"}


def test_the_build_warns_of_nothing_deprecated(dist: dict[str, Path]) -> None:
    log = dist["log"].read_text(encoding="utf-8")
    assert "Deprecat" not in log, log  # e.g. setuptools on the license metadata


def test_the_sdist_installs_without_a_compiler(dist: dict[str, Path], tmp_path: Path) -> None:
    scripts = make_venv(tmp_path / "venv")
    # -v: pip shows the build's output (and so the warning) only when asked.
    pip_output = run(
        scripts / "python", "-m", "pip", "install", "-v", dist["sdist"],
        cwd=tmp_path, CC="false", CXX="false",
    )  # fmt: skip
    warnings = [line.strip() for line in pip_output.splitlines() if WARNING in line]
    assert len(warnings) == 1, pip_output
    assert (
        "installing with the pure-Python solver and the playouts played through the engine"
        " instead, which is slower"
    ) in warnings[0]

    solved = run(scripts / "python", "-c", SOLVE, cwd=tmp_path)
    assert solved.splitlines() == ["python", "[9d 9h 9s] [4h 5h 6c=6h] deadwood: - score: 0"]
    assert run(scripts / "python", "-c", ENGINE, cwd=tmp_path).split() == ["False", "game.py"]
    checked = run(scripts / "threethirteen", HAND, "--round", "4", "--ascii", cwd=tmp_path)
    assert "go out:   yes, discard 7d" in checked, checked


def test_the_wheel_holds_the_two_extensions(dist: dict[str, Path], tmp_path: Path) -> None:
    names = zipfile.ZipFile(dist["wheel"]).namelist()
    compiled = [name for name in names if re.search(r"\.(so|pyd)$", name)]
    assert len(compiled) == len(PATHS), compiled  # no other module of the package
    for module in PATHS:
        assert any(
            re.fullmatch(rf"threethirteen/{module}\..*\.(so|pyd)", name) for name in names
        ), (
            module,
            names,
        )
        assert f"threethirteen/{module}.c" not in names  # the generated C stays in the sdist
    assert not [name for name in names if name.endswith(".c")], names
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names), names
    assert "threethirteen/_solver.pxd" in names  # the C-level API, for Cython callers

    scripts = make_venv(tmp_path / "venv")
    run(scripts / "python", "-m", "pip", "install", dist["wheel"], cwd=tmp_path)
    solved = run(scripts / "python", "-c", SOLVE, cwd=tmp_path)
    assert solved.splitlines() == ["cython", "[9d 9h 9s] [4h 5h 6c=6h] deadwood: - score: 0"]
    assert run(scripts / "python", "-c", ENGINE, cwd=tmp_path).split() == ["True", "game.py"]
    pure = run(
        scripts / "python", "-c", ENGINE, cwd=tmp_path, THREETHIRTEEN_IMPLEMENTATION="python"
    )
    assert pure.split() == ["False", "game.py"]
    checked = run(scripts / "threethirteen", HAND, "--round", "4", "--ascii", cwd=tmp_path)
    assert "go out:   yes, discard 7d" in checked, checked


def test_the_sdist_ships_the_license_and_the_extensions_sources(
    dist: dict[str, Path],
) -> None:
    with tarfile.open(dist["sdist"]) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    shipped = {
        "LICENSE",
        "CHANGELOG.md",
        "src/threethirteen/_solver.pxd",
    }
    for module in PATHS:  # the source, and the C generated from it
        shipped |= {f"src/threethirteen/{module}.pyx", f"src/threethirteen/{module}.c"}
    assert shipped <= names
    generated = sorted(name for name in names if re.fullmatch(r"src/.*\.c", name))
    assert generated == [f"src/threethirteen/{module}.c" for module in sorted(PATHS)]
