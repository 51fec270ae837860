"""The command line run in-process, for the tests of ``cli`` and its commands: the
``run`` fixture (in ``tests/conftest.py``) and what it returns."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from threethirteen.cli.main import main


@dataclass
class Result:
    """A command's exit status, standard output and standard error."""

    status: int
    out: str
    err: str


Run = Callable[..., Result]


def make_run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Run:
    """Run ``main(argv)`` with ``stdin`` as standard input; the status and the output."""

    def run(*argv: str, stdin: str = "") -> Result:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        status = main(list(argv))
        captured = capsys.readouterr()
        return Result(status, captured.out, captured.err)

    return run
