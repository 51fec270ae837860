"""``threethirteen serve``: the hand checker, the table, the review and the results in
the browser, served from this machine.

It starts :func:`threethirteen.web.server.start_server` on 127.0.0.1, prints the
address with its launch token (``http://127.0.0.1:8133/?token=...``, as Jupyter
does) and serves until Ctrl-C. The files named are the only files the pages may
open; each must exist and be readable, or the command stops with its usage.

>>> import contextlib, io
>>> out = io.StringIO()
>>> with contextlib.redirect_stdout(out):
...     status = main(["--port", "0"], wait=lambda server: None)
>>> status, "http://127.0.0.1:" in out.getvalue() and "/?token=" in out.getvalue()
(0, True)
"""

from __future__ import annotations

import argparse
import errno
import sys
import webbrowser
from collections.abc import Callable, Sequence
from pathlib import Path

from .._validate import quote
from ..errors import ThreeThirteenError
from ..web.server import LOOPBACK, RunningServer, start_server
from ._errors import (
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    UsageError,
    print_error,
    print_note,
    print_usage_error,
)

__all__ = ["DEFAULT_PORT", "SERVE_USAGE", "build_parser", "main", "readable_file"]

PROG = "threethirteen serve"
DEFAULT_PORT = 8133
"""The port tried first; when it is taken (and no ``--port`` was given), any free one."""

SERVE_USAGE = (
    "threethirteen serve [--host H] [--port N] [--open] [--bots CONFIG] [--workers N] [FILE ...]"
)

DESCRIPTION = """\
Serve the hand checker, a table against the bots, the review of a game and a
tournament's results as web pages on this machine, until Ctrl-C. The address
printed carries the launch token every change needs: open it as it is."""

EPILOG = """\
FILE: a game's record (.json), a games file (.jsonl) or a tournament's results the
pages may open; no other file on this machine is served.

examples:
  threethirteen serve --open
  threethirteen serve games.jsonl results.json --port 8200
  threethirteen serve --bots bots.json"""


def build_parser() -> argparse.ArgumentParser:
    """The arguments of ``threethirteen serve``.

    >>> build_parser().parse_args(["--open", "a.json"]).files
    ['a.json']
    """
    parser = argparse.ArgumentParser(
        prog=PROG,
        usage=SERVE_USAGE.replace("threethirteen serve", "%(prog)s", 1),
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1: this machine only)",
    )
    parser.add_argument(
        "--port",
        type=int,
        default=None,
        metavar="N",
        help=f"the port (default {DEFAULT_PORT}, or a free one when it is taken; 0: any)",
    )
    parser.add_argument("--open", action="store_true", help="open the address in the web browser")
    parser.add_argument(
        "--bots",
        metavar="CONFIG",
        default=None,
        help="a config file of process bots the table offers besides the built-in ones",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=4,
        metavar="N",
        help="threads for the bots' moves and the reviews (default 4)",
    )
    parser.add_argument("files", nargs="*", metavar="FILE", help="files the pages may open")
    return parser


def readable_file(name: str, what: str = "") -> Path:
    """The path ``name`` when it is a file this process can read, else a
    :class:`UsageError` saying why.

    >>> readable_file("no/such.json")
    Traceback (most recent call last):
    ...
    threethirteen.cli._errors.UsageError: cannot read 'no/such.json': no such file
    """
    path = Path(name)
    where = f"{what}: " if what else ""
    if not path.exists():
        raise UsageError(f"{where}cannot read {quote(name)}: no such file")
    if not path.is_file():
        raise UsageError(f"{where}cannot read {quote(name)}: not a file")
    try:
        with path.open("rb"):
            pass
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise UsageError(f"{where}cannot read {quote(name)}: {reason.lower()}") from None
    return path


def _start(args: argparse.Namespace, files: list[Path], bots: Path | None) -> RunningServer:
    """Start the server on the port asked, or on the default one, or any free one."""

    def on(port: int) -> RunningServer:
        return start_server(files, host=args.host, port=port, workers=args.workers, bot_config=bots)

    if args.port is not None:
        return on(args.port)
    try:
        return on(DEFAULT_PORT)
    except OSError as error:
        if error.errno != errno.EADDRINUSE:
            raise
        print_note(f"port {DEFAULT_PORT} is taken: serving on a free one")
        return on(0)


def _wait_for_interrupt(server: RunningServer) -> None:
    """Serve until Ctrl-C (or until the server stops)."""
    while not server.wait(3600):
        pass


def main(
    argv: Sequence[str] | None = None,
    *,
    wait: Callable[[RunningServer], None] | None = None,
) -> int:
    """Run ``threethirteen serve`` with the arguments after ``serve``; the exit status:
    0 when it stops, 2 for bad arguments or an address that cannot be used, 130 after
    Ctrl-C.

    :param wait: called with the running server once its address is printed; the
        server is closed when it returns (default: wait for Ctrl-C). Tests pass their
        own to look at the server and return.

    >>> main(["no/such/file.json"])  # the usage and the error on standard error
    2
    """
    parser = build_parser()
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        args = parser.parse_args(words)
    except SystemExit as exit:  # --help, or argparse's usage error
        return exit.code if isinstance(exit.code, int) else EXIT_USAGE
    try:
        args.host = args.host.strip()
        if args.host.startswith("[") and args.host.endswith("]"):
            args.host = args.host[1:-1]  # [::1] as a browser writes it
        files = [readable_file(name) for name in args.files]
        bots = None if args.bots is None else readable_file(args.bots, "--bots")
        if args.host.lower() not in LOOPBACK:
            print(
                f"threethirteen: warning: --host {args.host} may be reachable from other "
                "machines: whoever has the address with its token can use the pages and "
                "read the files named",
                file=sys.stderr,
            )
        try:
            server = _start(args, files, bots)
        except ThreeThirteenError as error:
            raise UsageError(str(error)) from None
        except OSError as error:
            print_error(f"cannot listen on {args.host}: {error.strerror or error}")
            return EXIT_USAGE
    except UsageError as error:
        return print_usage_error(parser, error)
    try:
        print(f"Serving Three Thirteen at {server.url} ({len(files)} files named)")
        print("Open this address (it carries the launch token):")
        print(f"    {server.launch_url}", flush=True)
        print("Press Ctrl-C to stop.", flush=True)
        if args.open:
            webbrowser.open(server.launch_url)
        (wait or _wait_for_interrupt)(server)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    finally:
        server.close()
    return EXIT_OK
