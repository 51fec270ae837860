"""The packaging metadata in pyproject.toml: wheels for every supported CPython,
license, project URLs, changelog, and the test tools the suite needs."""

from __future__ import annotations

import re
import sys
from fnmatch import fnmatch
from pathlib import Path

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # the test extra installs tomli on Python 3.10
    import tomli as tomllib

import threethirteen as tt

BACKENDS = ("python",)  # reads files only: once is enough

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]
CIBUILDWHEEL = PYPROJECT["tool"]["cibuildwheel"]
SUPPORTED = ("cp310", "cp311", "cp312", "cp313")
PLATFORMS = ("manylinux_x86_64", "manylinux_aarch64", "macosx_x86_64", "macosx_arm64", "win_amd64")


def selects(patterns: str | list[str], identifier: str) -> bool:
    words = patterns.split() if isinstance(patterns, str) else patterns
    return any(fnmatch(identifier, word) for word in words)


@pytest.mark.parametrize("python", SUPPORTED)
@pytest.mark.parametrize("platform", PLATFORMS)
def test_cibuildwheel_builds_every_supported_cpython(python: str, platform: str) -> None:
    identifier = f"{python}-{platform}"
    assert selects(CIBUILDWHEEL["build"], identifier)
    assert not selects(CIBUILDWHEEL.get("skip", ""), identifier)


@pytest.mark.parametrize(
    "identifier", ["cp39-manylinux_x86_64", "cp313t-manylinux_x86_64", "pp310-manylinux_x86_64"]
)
def test_cibuildwheel_builds_nothing_else(identifier: str) -> None:
    assert not selects(CIBUILDWHEEL["build"], identifier)


def test_cibuildwheel_tests_each_wheel() -> None:
    assert CIBUILDWHEEL["test-requires"]
    commands = CIBUILDWHEEL["test-command"]
    assert any(command.startswith("threethirteen ") for command in commands)
    # test_the_compiled_solver_is_built fails a wheel that fell back to pure Python
    assert "pytest {project}/tests/test_project.py" in commands
    for platform in ("linux", "macos", "windows"):
        assert CIBUILDWHEEL[platform]["archs"]


def test_the_classifiers_match_the_wheels_and_requires_python() -> None:
    versions = sorted(
        re.findall(
            r"^Programming Language :: Python :: (3\.\d+)$", "\n".join(PROJECT["classifiers"]), re.M
        ),
        key=lambda version: int(version.split(".")[1]),
    )
    assert [f"cp{version.replace('.', '')}" for version in versions] == list(SUPPORTED)
    assert PROJECT["requires-python"] == f">={versions[0]}"


def test_the_license() -> None:
    assert PROJECT["license"] == "MIT"  # an SPDX expression, not a table
    assert PROJECT["license-files"] == ["LICENSE"]
    assert not any(classifier.startswith("License ::") for classifier in PROJECT["classifiers"])
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n")
    assert "Copyright (c) 2026 The threethirteen developers" in text
    # setuptools reads SPDX license expressions from version 77 on
    assert "setuptools>=77" in PYPROJECT["build-system"]["requires"]


def test_the_project_urls() -> None:
    urls = PROJECT["urls"]
    assert set(urls) == {"Homepage", "Documentation", "Repository", "Issues", "Changelog"}
    for url in urls.values():
        assert url.startswith("https://github.com/threethirteen/threethirteen")
    assert urls["Changelog"].endswith("/CHANGELOG.md")


def test_the_changelog_keeps_a_changelog() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "https://keepachangelog.com/en/1.1.0/" in text
    sections = re.findall(r"^## \[([^\]]+)\]", text, flags=re.M)
    assert sections[:2] == ["Unreleased", "0.1.0"]
    # A release has its date; the package is the next release in development.
    assert re.search(r"^## \[0\.1\.0\] - \d{4}-\d{2}-\d{2}$", text, flags=re.M)
    for section in sections:
        assert re.search(rf"^\[{re.escape(section)}\]: https://", text, flags=re.M), section
    assert tt.__version__ == "0.2.0.dev0"  # after the newest release, 0.1.0


def test_the_test_extra_builds_and_the_slow_marker_is_registered() -> None:
    test_extra = PROJECT["optional-dependencies"]["test"]
    assert any(re.match(r"build\b", requirement) for requirement in test_extra)
    markers = PYPROJECT["tool"]["pytest"]["ini_options"]["markers"]
    assert any(marker.startswith("slow:") for marker in markers)


def test_the_test_extra_rebuilds_the_extensions() -> None:
    """Cython and the setuptools of the build: ``python setup.py build_ext --inplace``
    (README's advice after editing a ``.pyx``) and tests/test_c_api.py work in
    the environment of README's test command."""
    test_extra = PROJECT["optional-dependencies"]["test"]
    build_requires = PYPROJECT["build-system"]["requires"]
    for name in ("Cython", "setuptools"):
        (built_with,) = [item for item in build_requires if item.startswith(name)]
        assert built_with in test_extra


def test_the_docs_extra_has_the_copy_button() -> None:
    docs_extra = PROJECT["optional-dependencies"]["docs"]
    assert any(re.match(r"sphinx-copybutton\b", requirement) for requirement in docs_extra)
