"""``threethirteen simulate``: a tournament between bots (or, with ``--sprt``, a
sequential match of two), its table or JSON, and its picture.

The games are played by :func:`~threethirteen.tournament` and
:func:`~threethirteen.match`, here or on the executor the options ask for (a process
pool, a Dask cluster); this module reads the options and prints what they return.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_simulate_options(parser)
>>> args = parser.parse_args(["--bots", "greedy,random", "--games", "4", "--seed", "1"])
>>> args.bots, args.games, args.seatings, args.max_turns == ARENA_MAX_TURNS
('greedy,random', 4, 'balanced', True)
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import os
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from contextlib import contextmanager

from ..arena.simulations import ARENA_MAX_TURNS, TournamentResults, match, tournament
from ..arena.tournament_results import SEATINGS
from ..bots.builtin import BOTS, BotSpec
from ..errors import InvalidBotError
from ._errors import EXIT_OK, Failure, UsageError, print_note
from .bot_args import FORMS, parse_bots

__all__ = ["SIMULATE_DESCRIPTION", "SIMULATE_USAGE", "add_simulate_options", "run_simulate"]

SIMULATE_USAGE = """\
threethirteen simulate --bots NAME,NAME... [--games N] [--seed N]
                              [--rules NAME] [--variation NAME]... [--players N]
                              [--max-turns N] [--no-duplicate]
                              [--seatings balanced|rotations]
                              [--workers N | --scheduler ADDRESS]
                              [--move-time SECONDS] [--on-error forfeit|raise]
                              [--records FILE [--resume [--verify]]]
                              [--sprt M0,M1 [--alpha P] [--beta P]]
                              [--json] [--plot FILE] [--color WHEN] [--ascii]"""
"""Every option of ``simulate`` (a test checks that none is left out)."""

SIMULATE_DESCRIPTION = """\
Play a tournament between bots and show each bot's mean total with its 95%
interval, its wins with a Wilson interval, the head-to-head margins and the mean
score by round (tt.tournament). With duplicate deals (the default) every deal is
played once in each seating rotation, so --games is a multiple of --players. The
same --seed gives the same results, with any --workers or scheduler. A progress bar
goes to standard error when it is a terminal.

A bot that raises, chooses an illegal action or overruns --move-time forfeits its
game (counted as a loss; the table lists the faults); --on-error raise stops at the
first. --records writes every game as a JSON line as it ends (replay FILE --game N
shows one); --resume goes on with such a file, playing only the games it lacks,
once every line is checked (a file that fails a check is refused whole; --verify
also plays its games again and compares).
--sprt M0,M1 plays a sequential match between two bots instead: deals until the
test decides whether the first leads by at most M0 or at least M1 points a game
(--games is then the most games played)."""


def add_simulate_options(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``simulate`` (``--bots`` is required).

    >>> parser = argparse.ArgumentParser()
    >>> add_simulate_options(parser)
    >>> args = parser.parse_args(["--bots", "greedy,random", "--sprt", "0,5"])
    >>> args.sprt, args.alpha, args.games
    ('0,5', 0.05, 100)
    """
    parser.add_argument(
        "--bots",
        required=True,
        metavar="NAME,NAME...",
        help="the bots, separated by commas, each "
        + FORMS.format(names=", ".join(sorted(BOTS)))
        + "; a bot given twice seats two copies",
    )
    parser.add_argument("--games", type=int, default=100, metavar="N", help="games (100)")
    parser.add_argument("--seed", type=int, metavar="N", help="the seed (default: a fresh one)")
    parser.add_argument(
        "--max-turns",
        type=int,
        default=ARENA_MAX_TURNS,
        metavar="N",
        help=f"end a round after N turns and score the hands ({ARENA_MAX_TURNS}: a safety"
        " net for bots that never end a round)",
    )
    parser.add_argument(
        "--no-duplicate",
        action="store_true",
        help="a fresh deal every game (default: every deal played in each seating)",
    )
    parser.add_argument(
        "--seatings",
        choices=SEATINGS,
        default="balanced",
        help="at 3 or more players: every order of the bots around the table (balanced,"
        " the default), or the order given, rotated",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--workers", type=int, metavar="N", help="play on N processes of this machine"
    )
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="play on a Dask cluster (tcp://host:8786); needs dask.distributed",
    )
    parser.add_argument(
        "--move-time",
        type=float,
        metavar="SECONDS",
        help="the time a bot has for each decision; a bot that overruns forfeits (no limit)",
    )
    parser.add_argument(
        "--on-error",
        choices=("forfeit", "raise"),
        default="forfeit",
        help="at a bot's fault: forfeit its game and go on (the default), or stop",
    )
    parser.add_argument(
        "--records",
        metavar="FILE",
        help="write every game (its result and record) to FILE as a JSON line as it ends",
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help="go on with the games --records FILE holds, playing only those it lacks (each"
        " line checked first: its scores, its seed and bots, its record replayed)",
    )
    parser.add_argument(
        "--verify",
        action="store_true",
        help="with --resume: play every game of FILE again and refuse FILE unless each"
        " equals its line (needs bots that play the same game from the same seed)",
    )
    parser.add_argument(
        "--sprt",
        metavar="M0,M1",
        help="a sequential match of two bots: stop as soon as the first bot's lead is"
        " shown to be at most M0 or at least M1 points a game",
    )
    parser.add_argument(
        "--alpha", type=float, default=0.05, help="with --sprt: the false H1 rate (0.05)"
    )
    parser.add_argument(
        "--beta", type=float, default=0.05, help="with --sprt: the false H0 rate (0.05)"
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument(
        "--plot", metavar="FILE", help="draw the results to FILE (png, svg, pdf); needs matplotlib"
    )


@contextmanager
def _executor(args: argparse.Namespace) -> Iterator[Executor | None]:
    """The executor the options ask for, shut down after: none, a process pool, or a
    Dask cluster's."""
    if args.workers is not None:
        if args.workers < 1:
            raise UsageError(f"--workers is at least 1, not {args.workers}")
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(args.workers) as pool:
            yield pool
    elif args.scheduler is not None:
        try:
            distributed = importlib.import_module("dask.distributed")
        except ModuleNotFoundError:
            raise UsageError(
                "--scheduler needs dask.distributed: pip install 'threethirteen[dask]'"
            ) from None
        try:
            client = distributed.Client(args.scheduler, timeout=30)
        except (OSError, TimeoutError) as error:
            raise Failure(f"cannot reach the scheduler {args.scheduler!r}: {error}") from None
        with client:
            yield client.get_executor(pure=False)
    else:
        yield None


def _progress_wanted() -> bool:
    """A progress bar only on a terminal, and only with tqdm installed."""
    try:
        if not sys.stderr.isatty():
            return False
    except (AttributeError, ValueError):
        return False
    return importlib.util.find_spec("tqdm") is not None


def run_simulate(args: argparse.Namespace) -> int:
    """``simulate``: a tournament (or a sequential match), its table or JSON, and its
    picture; the exit status. ``args`` holds the options of
    :func:`add_simulate_options` and the rules' options
    (:func:`~threethirteen.cli._options.shared_options`).

    :raises UsageError: for options that do not fit together, or bots not found.
    :raises Failure: when the plot cannot be drawn or the scheduler reached.

    >>> parser = argparse.ArgumentParser()
    >>> add_simulate_options(parser)
    >>> args = parser.parse_args(["--bots", "greedy,random", "--games", "2", "--seed", "1"])
    >>> args.max_turns, args.rules, args.variation, args.players = 10, None, [], None
    >>> run_simulate(args)
    pagat, 2 players, at most 10 turns a round: 2 games (1 deal, played in 2 seatings), seed 1
    ...
    warning: only 1 deal: no intervals (they take at least 2 deals)
    0
    """
    try:
        bots = parse_bots(args.bots)
    except InvalidBotError as error:
        raise UsageError(f"--bots: {error}") from None
    if args.resume and args.records is None:
        raise UsageError("--resume goes on with the games of --records FILE: name it")
    if args.verify and not args.resume:
        raise UsageError("--verify plays again the games --resume goes on with: give --resume")
    plotter = _plotter(args.plot) if args.plot is not None else None
    with _executor(args) as executor:
        if args.sprt is not None:
            return _run_match(args, bots, executor)
        results = tournament(
            bots,
            games=args.games,
            rules=args.rules or "pagat",
            players=args.players,
            seed=args.seed,
            duplicate=not args.no_duplicate,
            seatings=args.seatings,
            executor=executor,
            progress=_progress_wanted(),
            variations=args.variation,
            max_turns=args.max_turns,
            move_time=args.move_time,
            on_error=args.on_error,
            save_games=args.records,
            resume=args.resume,
            verify=args.verify,
        )
    print(results.to_json() if args.json else results.table(), flush=True)
    if args.json:  # the table says them
        for note in results.warnings:
            print_note(note)
    if plotter is not None:
        plotter(results)
    return EXIT_OK


def _run_match(args: argparse.Namespace, bots: list[BotSpec], executor: Executor | None) -> int:
    """``simulate --sprt M0,M1``: a sequential match."""
    try:
        margin0, margin1 = (float(part) for part in args.sprt.split(","))
    except ValueError:
        raise UsageError(f"--sprt is two margins, M0,M1 (like 0,5), not {args.sprt!r}") from None
    if args.games % 2:
        raise UsageError(f"with --sprt, --games (the most games) is even, not {args.games}")
    if args.records is not None or args.no_duplicate or args.players not in (None, 2):
        raise UsageError("--sprt plays two bots on duplicate deals: no --records, --players")
    found = match(
        bots,
        margin0=margin0,
        margin1=margin1,
        alpha=args.alpha,
        beta=args.beta,
        max_deals=max(1, args.games // 2),
        rules=args.rules or "pagat",
        seed=args.seed,
        variations=args.variation,
        max_turns=args.max_turns,
        move_time=args.move_time,
        executor=executor,
        progress=_progress_wanted(),
    )
    if args.json:
        print(
            json.dumps(
                {
                    "decision": found.decision,
                    "deals": found.deals,
                    "games": found.games,
                    "llr": found.llr,
                    "bounds": [found.lower, found.upper],
                    "margins": [found.margin0, found.margin1],
                    "alpha": found.alpha,
                    "beta": found.beta,
                    "results": found.results.to_dict(),
                }
            )
        )
    else:
        print(f"{found}\n\n{found.results.table()}")
    return EXIT_OK


def _plotter(path: str) -> Callable[[TournamentResults], None]:
    """What draws the results to ``path``, checked before the first game: matplotlib
    is there and the path can be written."""
    if importlib.util.find_spec("matplotlib") is None:
        raise Failure("--plot needs matplotlib: pip install 'threethirteen[plot]'")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        raise Failure(f"cannot write the plot to {path!r}: no writable folder {folder!r}")
    return lambda results: _save_plot(results, path)


def _save_plot(results: TournamentResults, path: str) -> None:
    try:
        figure = results.plot()
    except ModuleNotFoundError as error:
        raise Failure(str(error)) from None
    try:
        figure.savefig(path)
    except (OSError, ValueError) as error:
        raise Failure(f"cannot write the plot to {path!r}: {error}") from None
