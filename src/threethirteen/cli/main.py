"""The ``threethirteen`` command: check a hand from the shell, for people and for scripts.

Commands are argparse subparsers: ``check`` (a hand, or ``-`` for one a line; the
default, so ``threethirteen HAND`` is ``threethirteen check HAND``), ``rules``,
``rounds``, ``simulate`` (a tournament between bots), ``replay`` (a game record) and
``review`` (a played game reviewed);
``play`` (a person against bots), ``bot`` (a Python bot over the line protocol,
:mod:`threethirteen.arena.bot_server`) and ``serve`` (the pages in the browser,
:mod:`threethirteen.cli.serve`) are run by their own modules. Notes (a round taken
from the hand size) and errors go to standard error as ``threethirteen: note: ...``
and ``threethirteen: error: ...``.
``main(argv)`` runs the command and returns its exit status: 0 for success; 1 when
``--check`` finds a hand that is not out, or when a line read with ``-`` failed;
2 for a usage error or bad input (141 after a closed pipe, 130 after Ctrl-C).
This module only reads the command and maps errors to exit statuses; each command is
run by a module of its own: :mod:`threethirteen.cli.check`,
:mod:`threethirteen.cli.rule_tables` (``rules``, ``rounds``),
:mod:`threethirteen.cli.simulate`, :mod:`threethirteen.cli.replay`,
:mod:`threethirteen.cli.review`.

>>> main(["9s 9h 9d 4h 5h 6c 7d", "--round", "4", "--ascii"])
pagat, round 4: 6 cards + 1 drawn, wild rank 6
hand:     6c 7d 9d 4h 5h 9h 9s
melds:    [9d 9h 9s] [4h 5h 6c=6h]
deadwood: 7d
score:    7
go out:   yes, discard 7d
discards: 7d 0, 5h 11, 4h 12, 9s 16, 9h 16, 9d 16, 6c 16
0
"""

from __future__ import annotations

import argparse
import difflib
import io
import sys
from collections.abc import Callable, Sequence

from .. import __version__
from ..errors import ThreeThirteenError
from ._errors import (
    EXIT_BROKEN_PIPE,
    EXIT_INTERRUPTED,
    EXIT_USAGE,
    PROG,
    Failure,
    UsageError,
    print_error,
    print_usage_error,
)
from ._format import silence
from ._options import add_display_options, shared_options
from .check import (
    CHECK_EPILOG,
    CHECK_USAGE,
    DESCRIPTION,
    EXIT_STATUS,
    add_check_options,
    run_check,
)
from .replay import REPLAY_DESCRIPTION, REPLAY_USAGE, add_replay_options, run_replay
from .review import REVIEW_DESCRIPTION, REVIEW_USAGE, add_review_options, run_review
from .rule_tables import (
    ROUNDS_DESCRIPTION,
    ROUNDS_USAGE,
    RULES_DESCRIPTION,
    RULES_USAGE,
    add_rounds_options,
    add_rules_options,
    run_rounds,
    run_rules,
)
from .simulate import SIMULATE_DESCRIPTION, SIMULATE_USAGE, add_simulate_options, run_simulate
from .train import TRAIN_DESCRIPTION, TRAIN_USAGE, add_train_options, run_train

__all__ = ["main"]

COMMANDS = ("check", "rules", "rounds", "simulate", "replay", "review", "train")
"""The commands; a first word that is none of them (or an option, or ``play``) means
``check``. A new command is a subparser in :func:`build_parser` and a runner in
:data:`RUNNERS`."""
PLAY = "play"
"""The command run by its own module (``threethirteen.cli._play``), with every word
after it."""
BOT = "bot"
"""The command that runs a Python bot over the line protocol, run by its own module
(``threethirteen.arena.bot_server``), with every word after it."""
SERVE = "serve"
"""The command that serves the pages in the browser, run by its own module
(``threethirteen.cli.serve``), with every word after it."""
TOP_LEVEL = ("-h", "--help", "--version")

PLAY_USAGE = "threethirteen play [--rules NAME] [--players N] [--bots NAME,...] [options]"
BOT_USAGE = "threethirteen bot MODULE:OBJECT"
SERVE_USAGE = "threethirteen serve [--host H] [--port N] [--open] [FILE ...]"
USAGE = (
    f"{CHECK_USAGE}\n       {RULES_USAGE}\n       {ROUNDS_USAGE}\n       {SIMULATE_USAGE}"
    f"\n       {REPLAY_USAGE}\n       {REVIEW_USAGE}\n       {PLAY_USAGE}\n       {BOT_USAGE}"
    f"\n       {SERVE_USAGE}"
)


EXAMPLES = """\
examples:
  threethirteen "9s 9h 9d 4h 5h 6c 7d" --round 4
  threethirteen 9s 9h 9d 4h 5h 6c --wild 6 --json
  threethirteen "Qh Kh Jk 7c 7d 7s" --rules bga --round 4 --check && echo out
  threethirteen - --round 4 --json < hands.txt
  threethirteen "9s 9h 4h 5h 6c 7d" --round 4 --outs
  threethirteen "9s 9h 4h 5h 6c 7d" --round 4 --advice Kd --unseen "9c 2d 8h Ks"
  threethirteen "7h 8h Kc 10d" --wild none --table "4h 5h 6h" --table "10c 10s 10h"
  threethirteen "4s 5s 6s 6h 6d 9c" --wild none --declare "4s 5s 6s" --declare "6h 6d 9c"
  threethirteen check 9s9h9d4h5h6c --round 4 --color never
  threethirteen rules
  threethirteen rules bga
  threethirteen rounds --rules pagat --variation up-and-back
  threethirteen simulate --bots greedy,random --games 10 --seed 1 --max-turns 30"""

NO_HAND = (
    "give a hand (e.g. \"9s 9h 9d 4h 5h 6c\") or '-', or a command: "
    + ", ".join([*COMMANDS, PLAY, BOT, SERVE])
    + " ('threethirteen --help' says more)"
)
"""The error for no hand and no command."""


EPILOG = f"""\
{EXAMPLES}

{EXIT_STATUS}

A hand with no command is 'check': 'threethirteen HAND' is 'threethirteen check HAND'.
'threethirteen COMMAND --help' shows a command's options."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser: the commands are its subparsers (see :data:`COMMANDS`).

    >>> build_parser().parse_args(["rounds", "--rules", "bga"]).rules
    'bga'
    """
    return _build_parsers()[0]


def _build_parsers() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The argument parser and the subparser of each command."""
    shared = shared_options()
    parser = argparse.ArgumentParser(
        prog=PROG,
        usage=USAGE,
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(title="commands", dest="command", metavar="COMMAND")
    common = {
        "prog": PROG,
        "parents": [shared],
        "formatter_class": argparse.RawDescriptionHelpFormatter,
        "allow_abbrev": False,
    }
    check = commands.add_parser(
        "check",
        help="analyse a hand, or hands read from standard input (the default)",
        usage=CHECK_USAGE,
        description=DESCRIPTION,
        epilog=CHECK_EPILOG,
        **common,  # type: ignore[arg-type]
    )
    add_check_options(check)
    rules = commands.add_parser(
        "rules",
        help="list the presets and variations, or show one rule set",
        usage=RULES_USAGE,
        description=RULES_DESCRIPTION,
        **common,  # type: ignore[arg-type]
    )
    add_rules_options(rules)
    rounds = commands.add_parser(
        "rounds",
        help="the round chart: cards dealt and wild rank of each round",
        usage=ROUNDS_USAGE,
        description=ROUNDS_DESCRIPTION,
        **common,  # type: ignore[arg-type]
    )
    add_rounds_options(rounds)
    simulate = commands.add_parser(
        "simulate",
        help="a tournament between bots and its results",
        usage=SIMULATE_USAGE,
        description=SIMULATE_DESCRIPTION,
        **common,  # type: ignore[arg-type]
    )
    add_simulate_options(simulate)
    display = argparse.ArgumentParser(add_help=False)
    add_display_options(display)
    replay = commands.add_parser(
        "replay",
        help="a game record, round by round, and its scores",
        usage=REPLAY_USAGE,
        description=REPLAY_DESCRIPTION,
        **{**common, "parents": [display]},  # type: ignore[arg-type]
    )
    add_replay_options(replay)
    review = commands.add_parser(
        "review",
        help="a played game reviewed: the points each decision gave up",
        usage=REVIEW_USAGE,
        description=REVIEW_DESCRIPTION,
        **{**common, "parents": [display]},  # type: ignore[arg-type]
    )
    add_review_options(review)
    train = commands.add_parser(
        "train",
        help="Deep Monte-Carlo self-play for the learned bot (PyTorch)",
        usage=TRAIN_USAGE,
        description=TRAIN_DESCRIPTION,
        **common,  # type: ignore[arg-type]
    )
    add_train_options(train)
    commands.add_parser(  # listed in the help; run by threethirteen.cli._play
        "play", help="play against bots in the terminal"
    )
    commands.add_parser(  # listed in the help; run by threethirteen.arena.bot_server
        BOT, help="run a Python bot over the line protocol (for a ProcessBot)"
    )
    commands.add_parser(  # listed in the help; run by threethirteen.cli.serve
        SERVE, help="the checker, a table, reviews and results in the browser"
    )
    return parser, {
        "check": check,
        "rules": rules,
        "rounds": rounds,
        "simulate": simulate,
        "replay": replay,
        "review": review,
        "train": train,
    }


def _run_check(args: argparse.Namespace) -> int:
    """``check``: a hand, or ``-``; with neither, say what to give (a hand or a command)."""
    if not args.words:
        raise UsageError(NO_HAND)
    return run_check(args)


def _run_play(argv: list[str]) -> int:
    """``play``: run by its own module, ``threethirteen.cli._play``."""
    from . import _play as _cli_play  # imported only for this command

    return _cli_play.main(argv)


def _run_bot(argv: list[str]) -> int:
    """``bot``: run by its own module, ``threethirteen.arena.bot_server``."""
    from ..arena import bot_server  # imported only for this command

    return bot_server.main(argv)


def _run_serve(argv: list[str]) -> int:
    """``serve``: run by its own module, ``threethirteen.cli.serve``."""
    from . import serve as _cli_serve  # imported only for this command

    return _cli_serve.main(argv)


RUNNERS: dict[str, Callable[[argparse.Namespace], int]] = {
    "check": _run_check,
    "rules": run_rules,
    "rounds": run_rounds,
    "simulate": run_simulate,
    "replay": run_replay,
    "review": run_review,
    "train": run_train,
}
"""What each command runs, given its parsed arguments."""


def _parse(
    parsers: dict[str, argparse.ArgumentParser], name: str, argv: list[str]
) -> argparse.Namespace:
    """Parse a command's arguments. An option of ``check`` given to another command
    is named as one that does not apply (argparse would call it unrecognized)."""
    parser = parsers[name]
    if name == "check":
        return parser.parse_intermixed_args(argv)
    args, extra = parser.parse_known_intermixed_args(argv)
    if extra:
        check_options = parsers["check"]._option_string_actions
        option = extra[0].partition("=")[0]
        if option in check_options:
            raise UsageError(f"{option} does not apply to '{name}'")
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    return args


def _run(argv: Sequence[str] | None) -> int:
    if isinstance(sys.stderr, io.TextIOWrapper):
        sys.stderr.reconfigure(errors="backslashreplace")  # quoting input never crashes
    words = list(sys.argv[1:] if argv is None else argv)
    parser, parsers = _build_parsers()
    if words and words[0] in TOP_LEVEL:
        try:
            parser.parse_args(words)
        except SystemExit as exit:  # --help, --version, or argparse's usage error
            return exit.code if isinstance(exit.code, int) else EXIT_USAGE
    if words and words[0] == PLAY:
        return _run_play(words[1:])
    if words and words[0] == BOT:
        return _run_bot(words[1:])
    if words and words[0] == SERVE:
        return _run_serve(words[1:])
    name = words[0] if words and words[0] in COMMANDS else "check"
    first = words[0] if words else ""
    if words and words[0] == name:
        words = words[1:]
    try:
        args = _parse(parsers, name, words)
        return RUNNERS[name](args)
    except SystemExit as exit:  # --help, or argparse's usage error
        return exit.code if isinstance(exit.code, int) else EXIT_USAGE
    except UsageError as error:
        return print_usage_error(parsers[name], error)
    except Failure as error:
        print_error(str(error))
        return EXIT_USAGE
    except ThreeThirteenError as error:
        hint = _command_hint(first) if name == "check" and first == (words[:1] or [""])[0] else ""
        print_error(str(error) + hint)
        return EXIT_USAGE


def _command_hint(word: str) -> str:
    """For a first word read as a card that looks like a command: say so."""
    if not word.isalpha():
        return ""
    close = difflib.get_close_matches(word.lower(), (*COMMANDS, PLAY, BOT, SERVE), n=1, cutoff=0.75)
    return f" (did you mean the command '{close[0]}'?)" if close else ""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command with ``argv`` (default: ``sys.argv[1:]``) and return the exit status.

    A closed pipe (``threethirteen - < hands.txt | head``) ends quietly.
    """
    try:
        status = _run(argv)
        sys.stdout.flush()
    except BrokenPipeError:
        silence(sys.stdout)
        return EXIT_BROKEN_PIPE
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    return status
