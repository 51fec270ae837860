"""The ``threethirteen`` command: check a hand from the shell, for people and for scripts.

Commands are argparse subparsers: ``check`` (a hand, or ``-`` for one a line; the
default, so ``threethirteen HAND`` is ``threethirteen check HAND``), ``rules``,
``rounds``, ``simulate`` (a tournament between bots) and ``replay`` (a game record);
``play`` (a person against bots) and ``bot`` (a Python bot over the line protocol,
:mod:`threethirteen.arena.bot_server`) are run by their own modules. Notes (a round taken
from the hand size) and errors go to standard error as ``threethirteen: note: ...``
and ``threethirteen: error: ...``.
``main(argv)`` runs the command and returns its exit status: 0 for success; 1 when
``--check`` finds a hand that is not out, or when a line read with ``-`` failed;
2 for a usage error or bad input (141 after a closed pipe, 130 after Ctrl-C).
:mod:`threethirteen.cli._format` renders what this module works out.

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
import importlib
import importlib.util
import io
import json
import os
import re
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any

from .. import __version__
from .._validate import load_json, quote
from ..arena.game_log import GAMES_FORMAT, MAX_LINE, read_game_line
from ..arena.simulations import ARENA_MAX_TURNS, TournamentResults, match, tournament
from ..arena.tournament_results import SEATINGS, GameResult
from ..bots.builtin import BOTS, BotSpec
from ..engine.actions import Action, DiscardCard, DrawDiscard, DrawStock, LayMeld, LayOff
from ..engine.game import Game
from ..engine.records import MAX_NAME_LENGTH, MAX_RECORD_BYTES, record_names
from ..errors import InvalidBotError, InvalidHandError, InvalidRecordError, ThreeThirteenError
from ..hands.analysis import best_discard, best_melds, discards
from ..hands.cards import Card, parse_card
from ..hands.deck import parse_hand
from ..hands.draw_advice import draw_advice, outs
from ..hands.hand import Hand
from ..hands.layoffs import layoff
from ..hands.meld_check import check_melds
from ..hands.melds import Discard
from ..hands.rounds import UNSET, Round
from ..hands.rules import Rules, parse_wild
from ._format import (
    Analysis,
    Deal,
    Style,
    assumed_note,
    choose_style,
    json_object,
    printable,
    rounds_table,
    rules_label,
    rules_list,
    rules_table,
    silence,
    text_line,
    text_report,
)
from .bot_args import FORMS, parse_bots

__all__ = ["main"]

PROG = "threethirteen"
EXIT_OK = 0
EXIT_NOT_OUT = 1
"""``--check``: a hand is not out; with ``-``: a line failed (or, with --check, was not out)."""
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141
"""128 + SIGPIPE, what a shell reports for a command whose reader went away."""

COMMANDS = ("check", "rules", "rounds", "simulate", "replay")
"""The commands; a first word that is none of them (or an option, or ``play``) means
``check``. A new command is a subparser in :func:`build_parser` and a runner in
:data:`RUNNERS`."""
PLAY = "play"
"""The command run by its own module (``threethirteen.cli._play``), with every word
after it."""
BOT = "bot"
"""The command that runs a Python bot over the line protocol, run by its own module
(``threethirteen.arena.bot_server``), with every word after it."""
TOP_LEVEL = ("-h", "--help", "--version")
BOM = "\ufeff"

CHECK_USAGE = """\
threethirteen [check] HAND [--round N | --wild RANK] [options]
       threethirteen [check] - [--round N | --wild RANK] [options] < FILE"""
RULES_USAGE = "threethirteen rules [NAME] [--variation NAME]... [--players N]"
ROUNDS_USAGE = "threethirteen rounds [--rules NAME] [--variation NAME]... [--players N]"
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
REPLAY_USAGE = "threethirteen replay RECORD.json | GAMES.jsonl --game N"
PLAY_USAGE = "threethirteen play [--rules NAME] [--players N] [--bots NAME,...] [options]"
BOT_USAGE = "threethirteen bot MODULE:OBJECT"
USAGE = (
    f"{CHECK_USAGE}\n       {RULES_USAGE}\n       {ROUNDS_USAGE}\n       {SIMULATE_USAGE}"
    f"\n       {REPLAY_USAGE}\n       {PLAY_USAGE}\n       {BOT_USAGE}"
)

DESCRIPTION = """\
Analyse a hand of Three Thirteen: its best melds (a wild card is written
held=identity, e.g. 6♣=6♥), its deadwood and score; for a hand holding one card
more than its round deals, whether it can go out and every discard with the score
it leaves, best first. Cards: 9s 10h Th Qd As Jk, or with suit symbols (9♠), with
or without spaces (9s9h9d). Without --round or --wild the round is taken from the
hand size, and a note on standard error says so."""

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
    + ", ".join([*COMMANDS, PLAY, BOT])
    + " ('threethirteen --help' says more)"
)
"""The error for no hand and no command."""

EXIT_STATUS = """\
exit status:
  0  success; with --check, the hand goes out (or, holding no drawn card, is
     fully melded; with --declare, the melds declared are valid and meld it all)
  1  with --check, the hand is not out; with -, some line failed (or, with
     --check, some hand is not out)
  2  usage error or bad input (the message names the bad part)"""

EPILOG = f"""\
{EXAMPLES}

{EXIT_STATUS}

A hand with no command is 'check': 'threethirteen HAND' is 'threethirteen check HAND'.
'threethirteen COMMAND --help' shows a command's options."""

CHECK_EPILOG = f"""\
{EXIT_STATUS}

With -, hands are read one per line; blank lines and # comments are skipped, and
each bad line is reported on standard error with its line number (with --json, also
as {{"line": N, "error": "..."}} on standard output). Melds are numbered from 0 in
the order given, in the text as in the JSON."""


def _shared_options() -> argparse.ArgumentParser:
    """The options every command takes: the rules, and how the output looks."""
    shared = argparse.ArgumentParser(add_help=False)
    _add_rules_options(shared)
    _add_display_options(shared)
    return shared


def _add_rules_options(shared: argparse.ArgumentParser) -> None:
    shared.add_argument(
        "--rules", metavar="NAME", help="the preset: pagat (default), wikipedia, bga, family"
    )
    shared.add_argument(
        "--variation",
        action="append",
        default=[],
        metavar="NAME",
        help="a variation (repeatable): see 'threethirteen rules'",
    )
    shared.add_argument(
        "--players", type=int, metavar="N", help="the number of players (sets the deck count)"
    )


def _add_display_options(shared: argparse.ArgumentParser) -> None:
    shared.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        metavar="WHEN",
        help="red hearts and diamonds: auto (default: on a terminal, unless NO_COLOR is"
        " set; FORCE_COLOR forces it), always, or never",
    )
    shared.add_argument(
        "--ascii",
        action="store_true",
        help="write suits as letters (9s); without colour unless --color always",
    )


def _add_check_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "words",
        nargs="*",
        metavar="HAND",
        help="the cards, quoted as one argument or as several; '-' reads hands from"
        " standard input, one a line",
    )
    parser.add_argument(
        "--round",
        type=int,
        metavar="N",
        help="the round (1 deals 3 cards): its hand size and wild rank follow from the rules",
    )
    parser.add_argument(
        "--wild",
        metavar="RANK",
        help="the wild rank (A, 2-10, J, Q, K, or none), for a hand of any size;"
        " with --round it replaces the round's wild rank",
    )
    parser.add_argument(
        "--outs",
        action="store_true",
        help="for a hand before the draw: every card that would put it out, with its"
        " discard and the chance the next stock card is one",
    )
    parser.add_argument(
        "--advice",
        metavar="CARD",
        help="for a hand before the draw: take CARD, the discard pile's top, or draw from"
        " the stock (by the exact expected score after the best discard)",
    )
    parser.add_argument(
        "--unseen",
        metavar="CARDS",
        help="with --outs or --advice: the cards not seen yet (default: the rules' cards"
        " less the hand and the discard pile's top)",
    )
    parser.add_argument(
        "--table",
        action="append",
        default=None,
        metavar="MELD",
        help='a meld on the table (repeatable, e.g. "4h 5h 6h"; numbered from 0): the'
        " cards to lay off onto the table's melds and the score left",
    )
    parser.add_argument(
        "--declare",
        action="append",
        default=None,
        metavar="MELD",
        help="a meld the player declares (repeatable; numbered from 0): which are invalid"
        " and why, the score, and a better arrangement if there is one",
    )
    parser.add_argument("--json", action="store_true", help="print JSON (one object a hand)")
    parser.add_argument(
        "--check",
        action="store_true",
        help="exit 0 when the hand goes out (or is fully melded), 1 when not; a hand"
        " whose size fits two readings needs --round",
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser: the commands are its subparsers (see :data:`COMMANDS`)."""
    return _build_parsers()[0]


def _build_parsers() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The argument parser and the subparser of each command."""
    shared = _shared_options()
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
    _add_check_options(check)
    rules = commands.add_parser(
        "rules",
        help="list the presets and variations, or show one rule set",
        usage=RULES_USAGE,
        description="List the presets and variations, or (given a NAME, --rules,"
        " --variation or --players) show the table of one rule set.",
        **common,  # type: ignore[arg-type]
    )
    rules.add_argument("names", nargs="*", metavar="NAME", help="a preset")
    rounds = commands.add_parser(
        "rounds",
        help="the round chart: cards dealt and wild rank of each round",
        usage=ROUNDS_USAGE,
        description="The round chart of the rules: the cards each round deals, its wild rank.",
        **common,  # type: ignore[arg-type]
    )
    rounds.add_argument("names", nargs="*", help=argparse.SUPPRESS)
    simulate = commands.add_parser(
        "simulate",
        help="a tournament between bots and its results",
        usage=SIMULATE_USAGE,
        description=SIMULATE_DESCRIPTION,
        **common,  # type: ignore[arg-type]
    )
    _add_simulate_options(simulate)
    display = argparse.ArgumentParser(add_help=False)
    _add_display_options(display)
    replay = commands.add_parser(
        "replay",
        help="a game record, round by round, and its scores",
        usage=REPLAY_USAGE,
        description="Replay a game record (Game.to_record(), as JSON; '-' reads standard"
        " input), or one game of a file that simulate --records wrote, checking it, and"
        " show each round's deal, actions and scores, then the score sheet.",
        **{**common, "parents": [display]},  # type: ignore[arg-type]
    )
    replay.add_argument(
        "record", metavar="RECORD.json", help="the record's file, or '-', or a games file"
    )
    replay.add_argument(
        "--game",
        type=int,
        metavar="N",
        help="the game of index N of a games file (simulate --records)",
    )
    commands.add_parser(  # listed in the help; run by threethirteen.cli._play
        "play", help="play against bots in the terminal"
    )
    commands.add_parser(  # listed in the help; run by threethirteen.arena.bot_server
        BOT, help="run a Python bot over the line protocol (for a ProcessBot)"
    )
    return parser, {
        "check": check,
        "rules": rules,
        "rounds": rounds,
        "simulate": simulate,
        "replay": replay,
    }


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


def _add_simulate_options(parser: argparse.ArgumentParser) -> None:
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


class _UsageError(Exception):
    """Arguments that do not fit together (argparse's own errors are handled by argparse)."""


def _error(message: str) -> None:
    print(f"{PROG}: error: {printable(message)}", file=sys.stderr)


def _note(message: str) -> None:
    print(f"{PROG}: note: {message}", file=sys.stderr)


class HandReader:
    """Reads and analyses hands under one set of rules and one round or wild rank.

    Everything that does not depend on the hand (the rules, the round, the wild rank)
    is checked once, here; the deal for each hand size is worked out once and kept.
    """

    def __init__(
        self,
        rules: Rules,
        round_number: int | None,
        wild: str | None,
        *,
        outs: bool = False,
        advice: str | None = None,
        unseen: str | None = None,
        table: Sequence[str] | None = None,
        declare: Sequence[str] | None = None,
        check: bool = False,
    ) -> None:
        self.rules = rules
        self.round_number = round_number
        self.wild_given = wild is not None
        self.wild = None if wild is None or wild.lower() == "none" else parse_wild(wild)
        if round_number is not None:
            rules.cards_dealt(round_number)  # raises for a round these rules do not have
        if unseen is not None and not outs and advice is None:
            raise _UsageError("--unseen goes with --outs or --advice")
        self.outs = outs
        self.advice: Card | None = None if advice is None else parse_card(advice)
        self.unseen: Hand | None = None if unseen is None else parse_hand(unseen)
        self.table = None if table is None else list(table)
        self.declare = None if declare is None else list(declare)
        self.check = check
        self._deals: dict[int, Deal] = {}

    def deal(self, size: int) -> Deal:
        """How a hand of ``size`` cards is read.

        :raises InvalidHandError: when the size fits neither the round nor the round
            plus the card drawn (or, with no round given, no round of the rules).
        """
        deal = self._deals.get(size)
        if deal is None:
            deal = self._deals[size] = self._find_deal(size)
        return deal

    def _find_deal(self, size: int) -> Deal:
        rules = self.rules
        number = self.round_number
        if number is not None:
            given = Round(rules, number, wild=self.wild if self.wild_given else UNSET)
            return Deal(number, given.dealt, given.holds_drawn(size), given.wild)
        if self.wild_given:
            return Deal(None, None, False, self.wild)
        try:
            found = Round.for_hand_size(rules, size)
        except InvalidHandError as error:
            if size == 0:  # no --wild makes an empty hand one
                raise
            message = str(error).replace("these rules", rules_label(rules))
            raise InvalidHandError(f"{message}; give --wild for any other size") from None
        assert found.number is not None
        assert found.dealt is not None
        also = rules.rounds_dealing(found.dealt)[1:]
        drawn = found.holds_drawn(size)
        other = None if drawn else next(iter(rules.rounds_dealing(size - 1)), None)
        return Deal(found.number, found.dealt, drawn, found.wild, True, also, other)

    def read(self, text: str, *, every_discard: bool = True) -> Analysis:
        """Parse and analyse one hand. When it holds the card drawn, rank every discard,
        or (``every_discard=False``, cheaper) find only the best one."""
        hand = parse_hand(text)
        deal = self.deal(len(hand))
        if self.check and deal.other is not None:
            raise InvalidHandError(
                f"a hand of {len(hand)} cards is round {deal.round} as dealt or round"
                f" {deal.other} with the card drawn; give --round for --check"
            )
        wild, rules = deal.wild, self.rules
        melding = best_melds(hand, wild=wild, rules=rules)
        ranking: tuple[Discard, ...] | None = None
        if deal.drawn and every_discard:
            ranking = rank_discards(hand, wild, rules)
        elif deal.drawn:
            # Only a score of 0 can go out; then the deadwood (built when read) tells.
            ranking = (best_discard(hand, wild=wild, rules=rules),)
        if (self.outs or self.advice is not None) and deal.drawn:
            option = "--outs" if self.outs else "--advice"
            raise InvalidHandError(
                f"{option} looks at a hand before the draw: round {deal.round} deals"
                f" {deal.dealt} cards, and this hand holds {len(hand)}"
            )
        found_outs = None
        if self.outs:
            found_outs = outs(hand, wild=wild, rules=rules, unseen=self.unseen)
        advice = None
        if self.advice is not None:
            advice = draw_advice(
                hand, discard_top=self.advice, wild=wild, rules=rules, unseen=self.unseen
            )
        laid = None if self.table is None else layoff(hand, self.table, wild=wild, rules=rules)
        declared = None
        if self.declare is not None:
            declared = check_melds(hand, self.declare, wild=wild, rules=rules)
        return Analysis(hand, deal, melding, ranking, found_outs, advice, laid, declared)


def rank_discards(hand: Hand, wild: int | None, rules: Rules) -> tuple[Discard, ...]:
    """Every distinct discard and the score it leaves, best first, from one search
    (:func:`~threethirteen.discards`): its order is :func:`~threethirteen.best_discard`'s,
    so the first is its card. A discard's melding is built only where it is read (to
    see whether a score of 0 goes out)."""
    return tuple(discards(hand, wild=wild, rules=rules))


def _make_rules(args: argparse.Namespace, name: str | None = None) -> Rules:
    return Rules.preset(name or args.rules or "pagat", args.variation, players=args.players)


def _run_rules(args: argparse.Namespace) -> int:
    """``rules [NAME]``: the presets and variations, or one rule set's table."""
    names: list[str] = args.names
    if len(names) > 1:
        raise _UsageError(f"'rules' takes one NAME at most (got {' '.join(names)!r})")
    if names and args.rules and names[0].lower() != args.rules.lower():
        raise _UsageError(f"two presets named: {names[0]!r} and --rules {args.rules!r}")
    if not names and args.rules is None and not args.variation and args.players is None:
        print(rules_list())
    else:
        print(rules_table(_make_rules(args, names[0] if names else None)))
    return EXIT_OK


def _run_rounds(args: argparse.Namespace) -> int:
    """``rounds``: the round chart."""
    if args.names:
        raise _UsageError(f"'rounds' takes no NAME (got {args.names[0]!r}); use --rules NAME")
    print(rounds_table(_make_rules(args)))
    return EXIT_OK


def _clean(text: str) -> str:
    """A line or argument as typed: a byte-order mark at its start and a ``#``
    comment dropped, spaces trimmed."""
    return text.lstrip(BOM).partition("#")[0].strip()


def _run_check(args: argparse.Namespace) -> int:
    """``check HAND`` and ``check -``: one hand, or one hand a line."""
    words: list[str] = args.words
    if not words:
        raise _UsageError(NO_HAND)
    if "-" in words and words != ["-"]:
        raise _UsageError("'-' reads the hands from standard input: give no cards with it")
    reader = HandReader(
        _make_rules(args),
        args.round,
        args.wild,
        outs=args.outs,
        advice=args.advice,
        unseen=args.unseen,
        table=args.table,
        declare=args.declare,
        check=args.check,
    )
    style = choose_style(sys.stdout, ascii_only=args.ascii, color=args.color)
    if words == ["-"]:
        return _run_lines(reader, args, style)
    return _run_hand(reader, " ".join(words).lstrip(BOM), args, style)


def _run_hand(reader: HandReader, text: str, args: argparse.Namespace, style: Style) -> int:
    analysis = reader.read(text)
    if analysis.deal.assumed:
        _note(assumed_note(analysis.deal, len(analysis.hand)))
    if args.json:
        print(json.dumps(json_object(analysis, reader.rules)))
    else:
        print(text_report(analysis, reader.rules, style))
    return EXIT_NOT_OUT if args.check and not analysis.is_out else EXIT_OK


def _run_lines(reader: HandReader, args: argparse.Namespace, style: Style) -> int:
    """Many hands: one a line from standard input, one result a line on standard output.

    A bad line is an error on standard error; with ``--json`` also a record
    ``{"line": N, "error": message}`` on standard output, so that every line of
    input that holds a hand has a line of output. A round assumed from the hand
    size is noted once for each size.
    """
    stdin = sys.stdin
    if isinstance(stdin, io.TextIOWrapper):
        stdin.reconfigure(errors="replace")  # a bad byte becomes a bad card, not a crash
    write = sys.stdout.write
    rules = reader.rules
    failed = False
    noted: set[int] = set()
    for number, line in enumerate(stdin, start=1):
        text = _clean(line)
        if not text:
            continue
        try:
            analysis = reader.read(text, every_discard=args.json)  # a text line shows the best
        except ThreeThirteenError as error:
            _error(f"line {number}: {error}")
            if args.json:
                write(json.dumps({"line": number, "error": str(error)}) + "\n")
            failed = True
            continue
        size = len(analysis.hand)
        if analysis.deal.assumed and size not in noted:
            noted.add(size)
            _note(f"line {number}: {assumed_note(analysis.deal, size)}")
        if args.json:
            record = json_object(analysis, rules)
            record["line"] = number
            write(json.dumps(record) + "\n")
        else:
            write(text_line(analysis, style) + "\n")
        if args.check and not analysis.is_out:
            failed = True
    return EXIT_NOT_OUT if failed else EXIT_OK


# -- simulate ---------------------------------------------------------------------------


@contextmanager
def _executor(args: argparse.Namespace) -> Iterator[Executor | None]:
    """The executor the options ask for, shut down after: none, a process pool, or a
    Dask cluster's."""
    if args.workers is not None:
        if args.workers < 1:
            raise _UsageError(f"--workers is at least 1, not {args.workers}")
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(args.workers) as pool:
            yield pool
    elif args.scheduler is not None:
        try:
            distributed = importlib.import_module("dask.distributed")
        except ModuleNotFoundError:
            raise _UsageError(
                "--scheduler needs dask.distributed: pip install 'threethirteen[dask]'"
            ) from None
        try:
            client = distributed.Client(args.scheduler, timeout=30)
        except (OSError, TimeoutError) as error:
            raise _Failure(f"cannot reach the scheduler {args.scheduler!r}: {error}") from None
        with client:
            yield client.get_executor(pure=False)
    else:
        yield None


class _Failure(Exception):
    """A command that cannot go on (not a usage error): its message, exit status 2."""


def _progress_wanted() -> bool:
    """A progress bar only on a terminal, and only with tqdm installed."""
    try:
        if not sys.stderr.isatty():
            return False
    except (AttributeError, ValueError):
        return False
    return importlib.util.find_spec("tqdm") is not None


def _run_simulate(args: argparse.Namespace) -> int:
    """``simulate``: a tournament (or a sequential match), its table or JSON, and its
    picture."""
    try:
        bots = parse_bots(args.bots)
    except InvalidBotError as error:
        raise _UsageError(f"--bots: {error}") from None
    if args.resume and args.records is None:
        raise _UsageError("--resume goes on with the games of --records FILE: name it")
    if args.verify and not args.resume:
        raise _UsageError("--verify plays again the games --resume goes on with: give --resume")
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
            _note(note)
    if plotter is not None:
        plotter(results)
    return EXIT_OK


def _run_match(args: argparse.Namespace, bots: list[BotSpec], executor: Executor | None) -> int:
    """``simulate --sprt M0,M1``: a sequential match."""
    try:
        margin0, margin1 = (float(part) for part in args.sprt.split(","))
    except ValueError:
        raise _UsageError(f"--sprt is two margins, M0,M1 (like 0,5), not {args.sprt!r}") from None
    if args.games % 2:
        raise _UsageError(f"with --sprt, --games (the most games) is even, not {args.games}")
    if args.records is not None or args.no_duplicate or args.players not in (None, 2):
        raise _UsageError("--sprt plays two bots on duplicate deals: no --records, --players")
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
        raise _Failure("--plot needs matplotlib: pip install 'threethirteen[plot]'")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        raise _Failure(f"cannot write the plot to {path!r}: no writable folder {folder!r}")
    return lambda results: _save_plot(results, path)


def _save_plot(results: TournamentResults, path: str) -> None:
    try:
        figure = results.plot()
    except ModuleNotFoundError as error:
        raise _Failure(str(error)) from None
    try:
        figure.savefig(path)
    except (OSError, ValueError) as error:
        raise _Failure(f"cannot write the plot to {path!r}: {error}") from None


# -- replay -------------------------------------------------------------------------------

_CARD_TOKEN = re.compile(r"(?<!\w)(?:(?:10|[2-9AJQK])[cdhs]|Jk)(?!\w)")


def _styled(text: str, style: Style) -> str:
    """An action's notation with its cards in ``style``."""

    def card(match: re.Match[str]) -> str:
        token = match.group()
        try:
            return style.card(parse_card(token))
        except ThreeThirteenError:
            return token

    return _CARD_TOKEN.sub(card, text)


def _read_bytes(path: str, name: str) -> bytes:
    """At most ``MAX_RECORD_BYTES`` bytes of the file at ``path`` (``-``: standard
    input); every way reading it fails is a one-line error."""
    try:
        if path == "-":
            stdin = getattr(sys.stdin, "buffer", sys.stdin)  # bytes, or a StringIO's text
            text = stdin.read(MAX_RECORD_BYTES + 1)
        else:
            with open(path, "rb") as file:
                text = file.read(MAX_RECORD_BYTES + 1)
    except OSError as error:
        raise _Failure(f"cannot read {name}: {error.strerror or error}") from None
    except ValueError as error:  # a path with a NUL character, standard input closed
        raise _Failure(f"cannot read {name}: {error}") from None
    if len(text) > MAX_RECORD_BYTES:
        raise _Failure(
            f"cannot read {name}: a record is at most {MAX_RECORD_BYTES} bytes (MAX_RECORD_BYTES)"
        )
    return text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")


def _read_record(path: str, game: int | None = None) -> Mapping[str, Any]:
    """The game record in the file at ``path`` (``-``: standard input): a record's
    JSON, or game ``game`` of a games file (one JSON line a game, as ``simulate
    --records`` writes it). Every way reading it fails (no such file, more than
    ``MAX_RECORD_BYTES``, not UTF-8, not JSON, nested too deeply, a number of too
    many digits) is a one-line error."""
    name = repr(path) if len(path) <= 1000 else quote(path)  # (a path is at most 4096)
    if game is not None:
        return _game_record(path, name, game)
    text = _read_bytes(path, name)
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > 1 and lines[0].lstrip().startswith(b"{") and GAMES_FORMAT.encode() in lines[0]:
        raise _UsageError(f"{name} holds {len(lines)} games: choose one with --game N")
    record = load_json(text, name, InvalidRecordError)
    if isinstance(record, dict) and record.get("format") == GAMES_FORMAT:
        return _kept_record(read_game_line(text.decode("utf-8"), name), name)
    if not isinstance(record, dict):
        raise InvalidRecordError(f"a game record is a JSON object, not {type(record).__name__}")
    return record


def _game_record(path: str, name: str, game: int) -> Mapping[str, Any]:
    """The record of game ``game`` of a games file, read a line at a time (each line
    at most ``MAX_LINE`` characters)."""
    try:
        file = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
    except OSError as error:
        raise _Failure(f"cannot read {name}: {error.strerror or error}") from None
    except ValueError as error:
        raise _Failure(f"cannot read {name}: {error}") from None
    with file:
        for number, line in enumerate(iter(lambda: file.readline(MAX_LINE + 1), b""), 1):
            if not line.strip():
                continue
            where = f"{os.path.basename(path)}, line {number}"
            try:
                text = line.decode("utf-8")
            except UnicodeDecodeError:
                raise InvalidRecordError(f"{where}: not UTF-8 text") from None
            found = read_game_line(text, where)
            if found.index == game:
                return _kept_record(found, name)
    raise _UsageError(f"{name} holds no game of index {game}")


def _kept_record(found: GameResult, name: str) -> Mapping[str, Any]:
    """The record of a games file's game, its players named by the bots' labels the
    line gives (when the record names none, and each label fits a record's name)."""
    record = found.record
    if record is None:
        raise InvalidRecordError(f"game {found.index} of {name} holds no record")
    labels = list(found.bots)
    rules = record.get("rules")
    if (
        "names" not in record
        and isinstance(rules, Mapping)
        and rules.get("players") == len(labels)
        and all(len(label) <= MAX_NAME_LENGTH for label in labels)
    ):
        return {**record, "names": labels}
    return record


_ENDS = {
    "out": "a player went out",
    "empty_hand": "a hand emptied",
    "stock": "the stock ran out",
    "turn_limit": "the turn limit",
}


def _before_last_action(
    record: Mapping[str, Any], position: int
) -> tuple[Game, Mapping[str, Any]] | None:
    """The game of a checked record just before the last action of its round of index
    ``position`` (a record cut there, replayed), and that action's entry; ``None``
    for a round without actions (it ended at its deal)."""
    rounds = record["rounds"]
    data = rounds[position]
    moves = [i for i, entry in enumerate(data["actions"]) if entry.get("type") != "reshuffle"]
    if not moves:
        return None
    totals = [0] * record["rules"]["players"]
    for earlier in rounds[:position]:
        for player, score in enumerate(earlier["scores"] or ()):
            totals[player] += score
    cut = {**data, "actions": data["actions"][: moves[-1]], "end": None, "void": False}
    partial = {
        **record,
        "rounds": [*rounds[:position], {**cut, "scores": None}],
        "totals": totals,
        "winners": None,
    }
    return Game.from_record(partial), data["actions"][moves[-1]]


def _end_hands(
    record: Mapping[str, Any], position: int, stock_card: str | None
) -> tuple[list[Hand], list[bool]] | None:
    """Every hand at the end of the round of index ``position`` (as it was scored),
    and who had gone out; ``None`` when it cannot be worked out (a record replay
    refused)."""
    data = record["rounds"][position]
    try:
        found = _before_last_action(record, position)
    except ThreeThirteenError:  # pragma: no cover - the whole record replayed already
        return None
    if found is None:
        hands = [parse_hand(" ".join(cards)) for cards in data["deal"]["hands"]]
        return hands, [False] * len(hands)
    game, entry = found
    hands = [game.hand(player) for player in range(game.players)]
    went = list(game.went_out)
    mover = entry["player"]
    action = Action.from_dict(entry)
    if isinstance(action, DrawStock) and stock_card is not None:
        hands[mover] = hands[mover] + parse_card(stock_card)
    elif isinstance(action, DrawDiscard):
        pile = game.piles[action.pile or 0]
        if pile:
            hands[mover] = hands[mover] + pile[-1]
    elif isinstance(action, (DiscardCard, LayOff)):
        hands[mover] = hands[mover] - action.card
    elif isinstance(action, LayMeld):
        hands[mover] = hands[mover] - Hand(action.meld.cards)
    if data["end"] in ("out", "empty_hand") and game.view(mover).first_out is None:
        went[mover] = True  # the first out, with this action
    return hands, went


def _hand_line(hand: Hand, went_out: bool, round_: Round, style: Style) -> str:
    """A hand at a round's end: its best melds, its deadwood and score."""
    if not hand:
        return "out" if went_out else "-"
    melding = best_melds(hand, round_)
    parts = [style.meld(meld) for meld in melding.melds]
    if melding.deadwood:
        parts.append(style.cards(melding.deadwood))
    if went_out and not melding.deadwood:
        return f"out: {' '.join(parts)}"
    return f"{' '.join(parts)}  (deadwood {melding.score})"


def _player_labels(record: Mapping[str, Any], players: int) -> list[str]:
    """``player 1``, or ``player 1 (advisor)`` when the record names its players
    (escaped: a name is free text)."""
    names = record_names(record)
    if names is None:
        return [f"player {player}" for player in range(players)]
    return [f"player {player} ({printable(name)})" for player, name in enumerate(names)]


def replay_lines(record: Mapping[str, Any], game: Game, style: Style) -> list[str]:
    """A checked record (``game`` is its replay), round by round, then the score sheet:
    each round's deal, its actions (a draw with the card it took: from the stock, as
    only the drawer saw it; from a discard pile, as everyone did), how it ended and
    every hand then, with its best melds. The players are named as the record names
    them (its ``"names"``, as ``play --record`` writes them), else by number."""
    rules = record["rules"]  # its names are free text under "fields": printed escaped
    variations = "".join(f" +{printable(name)}" for name in rules["variations"])
    seed = "no seed" if record["seed"] is None else f"seed {record['seed']}"
    limit = f", at most {rules['max_turns']} turns a round" if rules["max_turns"] else ""
    lines = [f"{printable(rules['preset'])}{variations}, {game.players} players{limit}, {seed}"]
    labels = _player_labels(record, game.players)
    separate = game.rules.separate_discards
    for position, data in enumerate(record["rounds"]):
        wild = "no wild rank" if data["wild"] is None else f"wild rank {data['wild']}"
        lines += [
            "",
            f"round {data['number']}: {data['cards_dealt']} cards, {wild},"
            f" {labels[data['dealer']]} deals",
        ]
        deal = data["deal"]
        width = max(len(f"{label} dealt") for label in labels)
        for player, cards in enumerate(deal["hands"]):
            label = f"{labels[player]} dealt".ljust(width)
            lines.append(f"  {label}  {style.cards(parse_hand(' '.join(cards)))}")
        lines.append(f"  {'upcard'.ljust(width)}  {style.card(parse_card(deal['upcard']))}")
        stock = list(deal["stock"])  # top first
        piles: list[list[str]] = [[] for _ in range(game.players if separate else 1)]
        piles[data["dealer"] if separate else 0].append(deal["upcard"])
        drawn: str | None = None
        for entry in data["actions"]:
            if entry.get("type") == "reshuffle":
                stock = list(entry["stock"])
                piles = [pile[-1:] for pile in piles]  # each pile keeps its top card
                lines.append(f"  reshuffle: a new stock of {len(entry['stock'])} cards")
                continue
            action = Action.from_dict(entry)
            mover = entry["player"]
            text = _styled(str(action), style)
            if isinstance(action, DrawStock) and stock:
                drawn = stock.pop(0)
                text += f" ({style.card(parse_card(drawn))})"
            elif isinstance(action, DrawDiscard) and piles[action.pile or 0]:
                text += f" ({style.card(parse_card(piles[action.pile or 0].pop()))})"
            elif isinstance(action, DiscardCard):
                pile = action.pile if separate and action.pile is not None else mover
                piles[pile if separate else 0].append(str(action.card))
            lines.append(f"  {labels[mover]}: {text}")
        if data["end"] is None:
            lines.append("  (in play)")
            continue
        if data["void"]:
            lines.append(f"  ended: {_ENDS.get(data['end'], data['end'])}; void, dealt again")
        else:
            scores = " ".join(str(score) for score in data["scores"])
            lines.append(f"  ended: {_ENDS.get(data['end'], data['end'])}; scores {scores}")
        ended = _end_hands(record, position, drawn)
        if ended is not None:
            round_ = Round(game.rules, data["number"])
            for player, (hand, out) in enumerate(zip(*ended, strict=True)):
                label = f"{labels[player]} held".ljust(width)
                lines.append(f"  {label}  {_hand_line(hand, out, round_, style)}")
    return [*lines, "", game.score_sheet(labels)]


def _run_replay(args: argparse.Namespace) -> int:
    """``replay RECORD.json``: the game round by round, and its score sheet."""
    record = _read_record(args.record, args.game)
    game = Game.from_record(record)
    style = choose_style(sys.stdout, ascii_only=args.ascii, color=args.color)
    print("\n".join(replay_lines(record, game, style)))
    return EXIT_OK


def _run_play(argv: list[str]) -> int:
    """``play``: run by its own module, ``threethirteen.cli._play``."""
    from . import _play as _cli_play  # imported only for this command

    return _cli_play.main(argv)


def _run_bot(argv: list[str]) -> int:
    """``bot``: run by its own module, ``threethirteen.arena.bot_server``."""
    from ..arena import bot_server  # imported only for this command

    return bot_server.main(argv)


RUNNERS: dict[str, Callable[[argparse.Namespace], int]] = {
    "check": _run_check,
    "rules": _run_rules,
    "rounds": _run_rounds,
    "simulate": _run_simulate,
    "replay": _run_replay,
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
            raise _UsageError(f"{option} does not apply to '{name}'")
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
    name = words[0] if words and words[0] in COMMANDS else "check"
    first = words[0] if words else ""
    if words and words[0] == name:
        words = words[1:]
    try:
        args = _parse(parsers, name, words)
        return RUNNERS[name](args)
    except SystemExit as exit:  # --help, or argparse's usage error
        return exit.code if isinstance(exit.code, int) else EXIT_USAGE
    except _UsageError as error:
        parsers[name].print_usage(sys.stderr)
        _error(str(error))
        return EXIT_USAGE
    except _Failure as error:
        _error(str(error))
        return EXIT_USAGE
    except ThreeThirteenError as error:
        hint = _command_hint(first) if name == "check" and first == (words[:1] or [""])[0] else ""
        _error(str(error) + hint)
        return EXIT_USAGE


def _command_hint(word: str) -> str:
    """For a first word read as a card that looks like a command: say so."""
    if not word.isalpha():
        return ""
    close = difflib.get_close_matches(word.lower(), (*COMMANDS, PLAY, BOT), n=1, cutoff=0.75)
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
