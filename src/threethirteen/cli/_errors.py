"""The command line's exit statuses, its two errors and how they are printed.

Every command (:mod:`threethirteen.cli.main` and the modules it runs, and
``threethirteen play``) ends with one of these statuses and writes its errors and
notes to standard error as ``threethirteen: error: ...`` and
``threethirteen: note: ...``.

>>> import contextlib, io
>>> stream = io.StringIO()
>>> with contextlib.redirect_stderr(stream):
...     print_error("no such file\\n")
>>> stream.getvalue()
'threethirteen: error: no such file\\\\n\\n'
"""

from __future__ import annotations

import argparse
import sys

from ._format import printable

__all__ = [
    "EXIT_BOT_FAILED",
    "EXIT_BROKEN_PIPE",
    "EXIT_INTERRUPTED",
    "EXIT_NOT_OUT",
    "EXIT_OK",
    "EXIT_USAGE",
    "PROG",
    "Failure",
    "UsageError",
    "print_error",
    "print_note",
    "print_usage_error",
]

PROG = "threethirteen"
EXIT_OK = 0
EXIT_NOT_OUT = 1
"""``--check``: a hand is not out; with ``-``: a line failed (or, with --check, was not out)."""
EXIT_USAGE = 2
"""A usage error or bad input."""
EXIT_BOT_FAILED = 2
"""``play``: a bot raised, chose what is not a legal action, or overran ``--move-time``."""
EXIT_INTERRUPTED = 130
"""128 + SIGINT: after Ctrl-C."""
EXIT_BROKEN_PIPE = 141
"""128 + SIGPIPE, what a shell reports for a command whose reader went away."""


class UsageError(Exception):
    """Arguments that do not fit together (argparse's own errors are handled by
    argparse): the command's usage, then the message; exit status 2.

    >>> str(UsageError("--resume goes with --records"))
    '--resume goes with --records'
    """


class Failure(Exception):
    """A command that cannot go on (not a usage error): its message, exit status 2.

    >>> str(Failure("cannot read 'x.json'"))
    "cannot read 'x.json'"
    """


def print_error(message: str) -> None:
    """Write ``threethirteen: error: MESSAGE`` to standard error, escaped for a
    terminal (a message may quote any input).

    >>> import contextlib, io
    >>> stream = io.StringIO()
    >>> with contextlib.redirect_stderr(stream):
    ...     print_error("bad card")
    >>> stream.getvalue()
    'threethirteen: error: bad card\\n'
    """
    print(f"{PROG}: error: {printable(message)}", file=sys.stderr)


def print_note(message: str) -> None:
    """Write ``threethirteen: note: MESSAGE`` to standard error.

    >>> import contextlib, io
    >>> stream = io.StringIO()
    >>> with contextlib.redirect_stderr(stream):
    ...     print_note("round 5 assumed")
    >>> stream.getvalue()
    'threethirteen: note: round 5 assumed\\n'
    """
    print(f"{PROG}: note: {message}", file=sys.stderr)


def print_usage_error(parser: argparse.ArgumentParser, error: UsageError) -> int:
    """Write the usage of ``parser``, then ``error`` as :func:`print_error` does, to
    standard error; the exit status, :data:`EXIT_USAGE`.

    >>> import contextlib, io
    >>> stream = io.StringIO()
    >>> parser = argparse.ArgumentParser(prog="threethirteen rounds", usage="%(prog)s")
    >>> with contextlib.redirect_stderr(stream):
    ...     print_usage_error(parser, UsageError("'rounds' takes no NAME"))
    2
    >>> print(stream.getvalue(), end="")
    usage: threethirteen rounds
    threethirteen: error: 'rounds' takes no NAME
    """
    parser.print_usage(sys.stderr)
    print_error(str(error))
    return EXIT_USAGE
