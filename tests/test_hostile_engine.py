"""Hostile input to the engine layer: the engine's arguments, actions (text, values
and dicts), views and samples, game records, tournament results, the environments'
steps, and the command line's files and arguments. Every case ends in the library's
error (a :class:`~threethirteen.ThreeThirteenError`) with a short message, fast, and
with the game (or the record, or the environment) it was called on unchanged: the
game's record, every view's dict and the legal actions are compared before and after.

The cases are in ``tests/hostile_engine.py``; each group runs in a child process
under a CPU-time limit (``RLIMIT_CPU``), so a hang ends the child and fails its test
with the case it was in, instead of hanging the run. Hypothesis searches near valid
actions, records and results (``tests/hostile_engine_search.py``) run the same way.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests import hostile_engine
from tests.common import IMPLEMENTATIONS
from threethirteen._kernel import backend as _backend

try:
    import resource
except ImportError:  # (Windows: no CPU limit, only the time-out)
    resource = None  # type: ignore[assignment]

ROOT = Path(__file__).resolve().parent.parent
GROUPS = list(hostile_engine.GROUPS)
PARSING = ("actions", "records")
"""The groups that parse text and data: run under each implementation."""
RUNS = [(group, None) for group in GROUPS if group not in PARSING] + [
    (group, backend) for group in PARSING for backend in IMPLEMENTATIONS
]


def limit_cpu() -> None:
    """In the child: the kernel ends it after ``CPU_LIMIT`` CPU seconds."""
    limit = hostile_engine.CPU_LIMIT
    resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 5))


def run_group(group: str, backend: str | None) -> dict[str, dict[str, Any]]:
    """Run a group of cases in a child process; each case's result, by name. A child
    that ends before its last case fails the test, naming the case it was in."""
    environment = dict(os.environ)
    if backend is not None:
        environment[_backend.ENVIRONMENT_VARIABLE] = backend
    done = subprocess.run(
        [sys.executable, "-m", "tests.hostile_engine", group],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=4 * hostile_engine.CPU_LIMIT,
        env=environment,
        preexec_fn=limit_cpu if resource is not None else None,
        check=False,
    )
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    assert lines, f"the child ended ({done.returncode}) at once: {done.stderr[-3000:]}"
    names = lines[0]["names"]
    results = {line["name"]: line for line in lines[1:]}
    missing = [name for name in names if name not in results]
    assert not missing, (
        f"the child ended (status {done.returncode}: the CPU limit?) in case {missing[0]!r}:"
        f" {done.stderr[-3000:]}"
    )
    return results


def problems(name: str, result: dict[str, Any]) -> list[str]:
    """What is wrong with one case's result."""
    expected = result["expected"]
    said = f"{name}: {result.get('kind', result.get('status'))}: {result.get('message', '')[:400]}"
    found = []
    limit = expected.get("limit", hostile_engine.SLOWEST_CASE)
    if result["seconds"] > limit:
        found.append(f"{said} (took {result['seconds']:.2f} s)")
    if "status" in expected:  # a command line
        return command_problems(name, result)
    error, message = expected["error"], expected["message"]
    if error == "return":
        if result["kind"] != "returned":
            found.append(said)
    elif error is None or error == "ThreeThirteenError":
        if not result["library"] and not (error is None and result["kind"] == "returned"):
            found.append(f"{said} (not the library's error)")
    elif error == "AssertionError":
        if not result["library"] and not result["assertion"]:
            found.append(f"{said} (neither the library's error nor an assert)")
    elif result["kind"] != error:
        found.append(f"{said} (not a {error})")
    if message is not None and result["message"] != message:
        found.append(f"{name}: the message is {result['message']!r}, not {message!r}")
    if result["length"] > hostile_engine.LONGEST_MESSAGE:
        found.append(f"{said} (a message of {result['length']} characters)")
    if not result["unchanged"]:
        found.append(f"{name}: the state changed")
    return found


ERROR_LINE = re.compile(r"threethirteen( [a-z]+)?: error: ")
"""An error line: the command's own (``threethirteen: error: ``) or argparse's
(``threethirteen simulate: error: argument --games: ...``)."""


def command_problems(name: str, result: dict[str, Any]) -> list[str]:
    """What is wrong with a command line's result: its status; an error that is not
    one line (after argparse's usage); control characters on the terminal."""
    expected = result["expected"]
    found = []
    if result["status"] != expected["status"]:
        found.append(f"{name}: status {result['status']}, not {expected['status']}: {result}")
    if result["out_controls"] or result["err_controls"]:
        found.append(f"{name}: control characters reach the terminal: {result}")
    lines = result["err_lines"]  # (each line's start, and its length)
    if expected["status"] == 2:
        errors = [line for line in lines if ERROR_LINE.match(line[0])]
        if len(errors) != 1 or lines[-1] != errors[0]:
            found.append(f"{name}: not one error line, last: {result['err'][-400:]!r}")
        elif errors[0][1] > hostile_engine.LONGEST_MESSAGE and ": argument " not in errors[0][0]:
            found.append(f"{name}: a long error line: {errors[0][0]!r}")
    if expected["error"] is not None and [line for line, _ in lines[-1:]] != [expected["error"]]:
        found.append(f"{name}: {result['err']!r}, not {expected['error']!r}")
    return found


@pytest.mark.parametrize(("group", "backend"), RUNS, ids=[f"{g}-{b}" if b else g for g, b in RUNS])
def test_hostile_input_is_refused_cleanly(group: str, backend: str | None) -> None:
    results = run_group(group, backend)
    found = [problem for name, result in results.items() for problem in problems(name, result)]
    assert not found, f"{len(found)} of {len(results)} cases:\n" + "\n".join(found[:30])
