"""The command line's modules: a thin dispatcher (``cli.main``) over one module a
command, and one home for the exit statuses and errors that ``play`` shares."""

from __future__ import annotations

import argparse

import pytest

from threethirteen.cli import _errors, _play, check, main, replay, rule_tables, simulate


def test_each_command_runs_from_its_own_module() -> None:
    assert set(main.RUNNERS) == set(main.COMMANDS)
    assert main.RUNNERS["rules"] is rule_tables.run_rules
    assert main.RUNNERS["rounds"] is rule_tables.run_rounds
    assert main.RUNNERS["simulate"] is simulate.run_simulate
    assert main.RUNNERS["replay"] is replay.run_replay
    assert main.RUNNERS["check"] is not check.run_check  # it first asks for a hand


def test_play_and_the_commands_share_the_exit_statuses_and_errors() -> None:
    for module in (main, _play, check, replay, rule_tables, simulate):
        assert getattr(module, "UsageError", _errors.UsageError) is _errors.UsageError
        assert not hasattr(module, "_UsageError"), module
        assert not hasattr(module, "_Failure"), module
        assert not hasattr(module, "_error"), module
    assert (_errors.EXIT_OK, _errors.EXIT_NOT_OUT, _errors.EXIT_USAGE) == (0, 1, 2)
    assert (_errors.EXIT_INTERRUPTED, _errors.EXIT_BROKEN_PIPE) == (130, 141)


def test_a_usage_error_prints_the_usage_then_the_message(
    capsys: pytest.CaptureFixture[str],
) -> None:
    parser = argparse.ArgumentParser(prog="threethirteen x", usage="%(prog)s [--y]")
    assert _errors.print_usage_error(parser, _errors.UsageError("bad\x1b")) == 2
    assert (
        capsys.readouterr().err == "usage: threethirteen x [--y]\nthreethirteen: error: bad\\x1b\n"
    )
