"""``threethirteen check``: analyse a hand given as an argument, or one hand a line
read from standard input (``-``).

:class:`HandReader` checks the rules, the round and the options once, then parses and
analyses each hand; :mod:`threethirteen.cli._format` renders what it works out.
``check`` is the default command: :mod:`threethirteen.cli.main` runs it for a first
word that is no command.

>>> reader = HandReader(Rules.preset("pagat"), 4, None)
>>> reader.read("9s 9h 9d 4h 5h 6c 7d").is_out
True
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Sequence

from ..errors import InvalidHandError, ThreeThirteenError
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
from ._errors import EXIT_NOT_OUT, EXIT_OK, UsageError, print_error, print_note
from ._format import (
    Analysis,
    Deal,
    Style,
    assumed_note,
    choose_style,
    json_object,
    rules_label,
    text_line,
    text_report,
)
from ._options import make_rules

__all__ = [
    "CHECK_EPILOG",
    "CHECK_USAGE",
    "DESCRIPTION",
    "EXIT_STATUS",
    "HandReader",
    "add_check_options",
    "rank_discards",
    "run_check",
]

BOM = "\ufeff"

CHECK_USAGE = """\
threethirteen [check] HAND [--round N | --wild RANK] [options]
       threethirteen [check] - [--round N | --wild RANK] [options] < FILE"""

DESCRIPTION = """\
Analyse a hand of Three Thirteen: its best melds (a wild card is written
held=identity, e.g. 6♣=6♥), its deadwood and score; for a hand holding one card
more than its round deals, whether it can go out and every discard with the score
it leaves, best first. Cards: 9s 10h Th Qd As Jk, or with suit symbols (9♠), with
or without spaces (9s9h9d). Without --round or --wild the round is taken from the
hand size, and a note on standard error says so."""


EXIT_STATUS = """\
exit status:
  0  success; with --check, the hand goes out (or, holding no drawn card, is
     fully melded; with --declare, the melds declared are valid and meld it all)
  1  with --check, the hand is not out; with -, some line failed (or, with
     --check, some hand is not out)
  2  usage error or bad input (the message names the bad part)"""


CHECK_EPILOG = f"""\
{EXIT_STATUS}

With -, hands are read one per line; blank lines and # comments are skipped, and
each bad line is reported on standard error with its line number (with --json, also
as {{"line": N, "error": "..."}} on standard output). Melds are numbered from 0 in
the order given, in the text as in the JSON."""


def add_check_options(parser: argparse.ArgumentParser) -> None:
    """Add the hand (``HAND``, or ``-``) and the options of ``check``.

    >>> parser = argparse.ArgumentParser()
    >>> add_check_options(parser)
    >>> args = parser.parse_args(["9s 9h 9d", "--wild", "none", "--json"])
    >>> args.words, args.wild, args.json
    (['9s 9h 9d'], 'none', True)
    """
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
            raise UsageError("--unseen goes with --outs or --advice")
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
    see whether a score of 0 goes out).

    >>> ranking = rank_discards(parse_hand("9s 9h 9d 4h 5h 6c 7d"), 6, Rules.preset("pagat"))
    >>> [(str(discard.card), discard.score) for discard in ranking[:3]]
    [('7d', 0), ('5h', 11), ('4h', 12)]
    """
    return tuple(discards(hand, wild=wild, rules=rules))


def _clean(text: str) -> str:
    """A line or argument as typed: a byte-order mark at its start and a ``#``
    comment dropped, spaces trimmed."""
    return text.lstrip(BOM).partition("#")[0].strip()


def run_check(args: argparse.Namespace) -> int:
    """``check HAND`` and ``check -``: one hand, or one hand a line; the exit status.
    ``args`` holds the options of :func:`add_check_options` and
    :func:`~threethirteen.cli._options.shared_options`, and at least one word.

    :raises UsageError: for options that do not fit together.
    :raises ThreeThirteenError: for a bad hand, round, rules or card (with ``-``, a
        bad line is reported and the next one read).

    >>> from threethirteen.cli._options import shared_options
    >>> parser = argparse.ArgumentParser(parents=[shared_options()])
    >>> add_check_options(parser)
    >>> run_check(parser.parse_args(["4h 5h 6h 9s 9h Kd", "--round", "4", "--ascii"]))
    pagat, round 4: 6 cards, wild rank 6
    hand:     Kd 4h 5h 6h 9h 9s
    melds:    [9h 9s 6h=9c]
    deadwood: Kd 4h 5h
    score:    19
    0
    """
    words: list[str] = args.words  # at least one: the dispatcher says what to give
    if "-" in words and words != ["-"]:
        raise UsageError("'-' reads the hands from standard input: give no cards with it")
    reader = HandReader(
        make_rules(args),
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
        print_note(assumed_note(analysis.deal, len(analysis.hand)))
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
            print_error(f"line {number}: {error}")
            if args.json:
                write(json.dumps({"line": number, "error": str(error)}) + "\n")
            failed = True
            continue
        size = len(analysis.hand)
        if analysis.deal.assumed and size not in noted:
            noted.add(size)
            print_note(f"line {number}: {assumed_note(analysis.deal, size)}")
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
