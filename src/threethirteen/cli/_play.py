"""``threethirteen play``: a person plays a game against bots in the terminal.

The person sits in one seat (``--seat``, default 0); the bots named by ``--bots`` fill
the other seats in order (one name fills them all). A bot is a built-in name, a Python
bot (``MODULE:OBJECT``) or a command run as a :class:`~threethirteen.ProcessBot` (see
:mod:`threethirteen.cli.bot_args`), each made with the seed ``seed + seat``, so the
game's seed (printed first) replays the whole game with bots that keep to their seed.
Each bot's decision goes through the arena's walls (:mod:`threethirteen.arena.referee`):
a bot that raises, chooses anything that is not a legal action, or overruns
``--move-time`` ends the game with one line naming it, its seat, the round and the
turn (exit status 2); every program a bot runs is ended with the game.

Each of the person's turns shows the round, the wild rank, their hand (sorted, its
best melds first, then the deadwood), the discard pile's top, the table, the hand
sizes and the scores; each bot's turn is a line saying what it did. The person types a
draw (``s``, ``d``), a discard (``Kc``), going out (``out Kc``) or any action in the
engine's notation (``meld 4h 5h 6h``, ``lay off 7h on 0``); ``help``, ``hint``,
``moves`` and ``quit`` are commands. A bad or illegal input gets the library's message
and the prompt again; the end of input quits. ``--hints`` shows the library's
analysis, from the person's view only, before each decision. When standard input is
not a terminal, each line read is echoed, so the output reads as a transcript.

>>> import io
>>> moves = io.StringIO("s\\nAs\\n")
>>> main(["--players", "2", "--bots", "greedy", "--seed", "5", "--ascii"], moves, io.StringIO())
0
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import math
import os
import re
import secrets
import sys
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TextIO

from .._validate import cut
from ..arena.process_bot import ProcessBot
from ..arena.referee import (
    InterruptWatch,
    Watchdog,
    check_move_time,
    describe_choice,
    describe_error,
    is_genuine_action,
    listed_action,
    watching_interrupts,
)
from ..bots.builtin import BOTS, Bot, BotSpec, bot_name, make_bot
from ..engine.actions import Action, DiscardCard, DrawDiscard, DrawStock, LayMeld, LayOff
from ..engine.game import Game, PlayerView
from ..errors import InvalidBotError, MoveTimeError, ThreeThirteenError
from ..hands.analysis import best_melds, discards
from ..hands.cards import Card, rank_name
from ..hands.draw_advice import DrawAdvice, Outs, draw_advice, outs
from ..hands.hand import Hand
from ..hands.meld_check import check_melds
from ..hands.melds import Meld
from ..hands.rounds import Round
from ..hands.rules import Rules
from ..review.words import hint_words
from ._errors import (
    EXIT_BOT_FAILED,
    EXIT_BROKEN_PIPE,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    UsageError,
    print_error,
    print_usage_error,
)
from ._format import (
    Style,
    chance_text,
    choose_style,
    is_terminal,
    outs_text,
    printable,
    rules_label,
    silence,
    stock_chance_text,
)
from .bot_args import FORMS, parse_bot

__all__ = ["PlayCommand", "build_parser", "hint_lines", "main", "read_action"]

PROG = "threethirteen play"

DRAW_PROMPT = "draw (s: stock, d: discard pile)> "
PLAY_PROMPT = "discard (a card, or 'out CARD' to go out)> "
TABLE_PROMPT = "play (a card, 'out CARD', 'meld ...', 'lay off CARD on N')> "
SEPARATE_DRAW_PROMPT = "draw (s: stock, d N: pile N's top)> "

HELP = """\
commands:
  s, stock           draw the stock's top card
  d, discard         take the discard pile's top card (d N: pile N's, with a pile each)
  Kc, discard Kc     discard a card (10h or Th, Jk for a joker)
  out Kc, Kc out     discard Kc and go out (the best melding is laid down)
  meld 4h 5h 6h      lay a meld on the table (rules with table play)
  lay off 7h on 0    lay a card off onto table meld 0 (Jk=7h: what a wild card stands for)
  any action in the engine's notation: draw stock, discard 9s out [9d 9h 9c], ...
  hint               the library's analysis of this decision
  moves              every legal action now
  help               this list
  quit               leave the game (so does the end of input)"""

DESCRIPTION = """\
Play a game of Three Thirteen against bots in the terminal. You sit in seat
--seat (0 by default, the first to play in round 1 is the dealer's left); the bots
fill the other seats in order. Cards are written 9s 10h Jk (or 9♠); type 'help'
during the game for the commands."""

EPILOG = """\
examples:
  threethirteen play --bots greedy
  threethirteen play --rules bga --players 3 --bots greedy,random --seed 7 --hints
  threethirteen play --rules family --players 4 --bots greedy --seat 2
  threethirteen play --bots random --max-turns 4 --ascii < moves.txt
  threethirteen play --bots advisor --record game.json   (then: threethirteen replay game.json)
  threethirteen play --bots "node examples/bot.js" --move-time 5
  threethirteen play --bots mypkg.mybot:MyBot

{forms}"""

_PILE = re.compile(r"[0-9]{1,3}")
_OUTS_SHOWN = 10
"""The most outs a hint lists (the most copies first)."""


def build_parser() -> argparse.ArgumentParser:
    """The arguments of ``threethirteen play``."""
    parser = argparse.ArgumentParser(
        prog=PROG,
        description=DESCRIPTION,
        epilog=EPILOG.format(
            forms=textwrap.fill("A bot is " + FORMS.format(names=", ".join(BOTS)) + ".", 84)
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
    )
    parser.add_argument(
        "--rules", default="pagat", metavar="NAME", help="the preset (default pagat)"
    )
    parser.add_argument(
        "--variation",
        "--variations",
        dest="variations",
        action="append",
        default=[],
        metavar="NAME",
        help="a variation (repeatable, or names separated by commas)",
    )
    parser.add_argument(
        "--players",
        type=int,
        metavar="N",
        help="the number of players (default: one more than the bots named)",
    )
    parser.add_argument(
        "--bots",
        default="greedy",
        metavar="NAMES",
        help="the bots, separated by commas, in seat order (default greedy); one name"
        " fills every other seat. A bot is a built-in name, MODULE:OBJECT or a command",
    )
    parser.add_argument("--seat", type=int, default=0, metavar="K", help="your seat (default 0)")
    parser.add_argument(
        "--seed", type=int, metavar="N", help="the game's seed (default: a fresh one, printed)"
    )
    parser.add_argument(
        "--hints",
        action="store_true",
        help="before each decision: the outs, the draw advice and the best discards",
    )
    parser.add_argument(
        "--max-turns",
        type=int,
        metavar="N",
        help="end each round after N turns and score the hands (a short game)",
    )
    parser.add_argument(
        "--move-time",
        type=float,
        metavar="SECONDS",
        help="the time a bot has for each decision (default: no limit); a bot that"
        " overruns it ends the game, as does one that raises or plays what is not legal",
    )
    parser.add_argument(
        "--record",
        metavar="FILE",
        help="write the game's record (JSON) to FILE as the game goes, after each action,"
        " so a game left early keeps its record ('threethirteen replay FILE' shows it)",
    )
    parser.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        metavar="WHEN",
        help="red hearts and diamonds: auto (default: on a terminal), always, or never",
    )
    parser.add_argument(
        "--ascii", action="store_true", help="write suits as letters (9s), without colour"
    )
    return parser


def _bot_names(text: str, players: int | None, seat: int) -> tuple[int, list[str]]:
    """The number of players and the bot name of each other seat, in seat order."""
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise UsageError(f"--bots takes names separated by commas, not {text!r}")
    if players is None:
        players = len(names) + 1
    if len(names) == 1:
        names = names * (players - 1)
    if len(names) != players - 1:
        raise UsageError(
            f"{players} players need {players - 1} bots (or one name for all), not {len(names)}"
        )
    if not 0 <= seat < players:
        raise UsageError(f"--seat is a seat from 0 to {players - 1}, not {seat}")
    return players, names


def read_action(text: str, view: PlayerView) -> Action:
    """The action a person's input means in ``view``'s phase: ``s``/``stock`` and
    ``d``/``discard`` (``d N``) draw; a card alone discards it; ``out Kc`` or
    ``Kc out`` discards and goes out; anything else is read by
    :meth:`~threethirteen.Action.parse`.

    :raises ThreeThirteenError: for text that is no action (the library's message).

    >>> import threethirteen as tt
    >>> view = tt.Game("pagat", players=2, seed=1).view(1)
    >>> read_action("d", view), read_action("stock", view), read_action("Kc out", view)
    (Action.parse('draw discard'), Action.parse('draw stock'), Action.parse('discard Kc out'))
    """
    words = text.split()
    lower = [word.lower() for word in words]
    if view.phase == "draw" and lower and lower[0] in ("s", "stock", "d", "discard"):
        if lower in (["s"], ["stock"]):
            return DrawStock()
        if len(lower) == 1:
            return DrawDiscard()
        if len(lower) == 2 and lower[0] in ("d", "discard") and _PILE.fullmatch(lower[1]):
            return DrawDiscard(int(lower[1]))
    if len(words) == 1 and lower[0] not in ("s", "d", "draw", "discard", "meld", "lay"):
        return DiscardCard(Card.parse(words[0]))
    if len(words) == 2 and "out" in lower:
        card = words[1] if lower[0] == "out" else words[0]
        return DiscardCard(Card.parse(card), go_out=True)
    return Action.parse(text)


def hint_lines(
    view: PlayerView, style: Style, legal_actions: Sequence[Action] | None = None
) -> list[str]:
    """The library's analysis of the decision in front of the player, from their view
    only: before the draw, the outs (:func:`~threethirteen.outs` over the cards the
    view has not seen) and the draw advice for each pile's top
    (:func:`~threethirteen.draw_advice`); after it, the best discards
    (:func:`~threethirteen.discards`, the best three). The ``advice:`` line says what
    to do and why in the review's words (:func:`threethirteen.review.words.hint_words`,
    given ``legal_actions``, by default those the view implies).

    >>> import threethirteen as tt
    >>> view = tt.Game("pagat", players=2, seed=3).view(1)
    >>> print("\\n".join(hint_lines(view, Style(unicode=False))))
    outs:     3c x1 (discard 9d), 3d x1 (discard 9d), 3h x1 (discard 9d), 3s x1 (discard 9d)
    chance:   8.3% (4 of 48 unseen) that the next stock card is an out
    take:     Qh, then discard Qh: score 12
    stock:    expected score 8.81 (141/16), goes out 8.3% (4 of 48 unseen)
    advice:   Draw from the stock: taking the Qh completes nothing (12 points of deadwood
              left, against 8.81 expected from the stock).
    """
    round_ = view.prepared_round
    hand = view.hand
    lines: list[str] = []
    try:
        if view.phase == "draw":
            unseen = view.unseen()
            found = outs(hand, round_, unseen=unseen)
            lines.append(f"outs:     {_outs_text(found, hand, view, style)}")
            lines.append(
                f"chance:   {chance_text(found.probability, found.unseen)} that the next"
                " stock card is an out"
            )
            lines.extend(_advice_lines(view, unseen, style))
            advice = hint_words(view, legal_actions, unseen, card_text=style.card)
            if advice and lines[-1].startswith("advice:"):
                lines[-1] = f"advice:   {advice}"
        elif view.phase == "play" and len(hand) > 1:
            ranking = discards(hand, round_)
            listed = ", ".join(
                f"{style.card(item.card)} {item.score}" + (" (goes out)" if item.goes_out else "")
                for item in list(ranking)[:3]
            )
            lines.append(f"discards: {listed}")
            advice = hint_words(view, legal_actions, card_text=style.card)
            if advice:
                lines.append(f"advice:   {advice}")
    except ThreeThirteenError as error:  # a position the analysis does not cover
        lines.append(f"hint:     none ({error})")
    return lines


def _outs_text(found: Outs, hand: Hand, view: PlayerView, style: Style) -> str:
    """The outs with a copy unseen as ``threethirteen HAND --outs`` writes them
    (:func:`~threethirteen.cli._format.outs_text`: ``9♣ x2 (discard 4♥)``), at most
    :data:`_OUTS_SHOWN` of them."""
    if any(out.copies for out in found) and not best_melds(hand, view.prepared_round).deadwood:
        return "any card (the hand is melded: discard a card it does not need)"
    return outs_text(found, style, _OUTS_SHOWN)


def _advice_lines(view: PlayerView, unseen: Hand, style: Style) -> list[str]:
    """Take each pile's top card, or draw from the stock: the exact expectations."""
    separate = len(view.piles) > 1
    options: list[tuple[str, DrawAdvice]] = []
    for index, pile in enumerate(view.piles):
        if pile:
            advice = draw_advice(
                view.hand, view.prepared_round, discard_top=pile[-1], unseen=unseen
            )
            options.append((f"pile {index}: " if separate else "", advice))
    if not options:
        return []
    lines = []
    for label, advice in options:
        draw = advice.discard.draws[0]
        ending = "goes out" if draw.goes_out else f"score {draw.score}"
        lines.append(
            f"take:     {label}{style.card(draw.card)}, then discard"
            f" {style.card(draw.discard)}: {ending}"
        )
    stock = options[0][1].stock
    if view.stock_size:
        lines.append(
            f"stock:    expected score {float(stock.expected_score):.2f}"
            f" ({stock.expected_score}), goes out {stock_chance_text(stock)}"
        )
    best_label, best = min(
        options,
        key=lambda item: (item[1].discard.expected_score, -item[1].discard.out_probability),
    )
    take = (best.discard.expected_score, -best.discard.out_probability)
    if view.stock_size and (stock.expected_score, -stock.out_probability) <= take:
        lines.append("advice:   draw from the stock")
    else:
        lines.append(f"advice:   take {best_label}{style.card(best.discard.draws[0].card)}")
    return lines


def _goes_out(action: Action, left: Hand, round_: Round) -> bool:
    """Whether a legal ``action`` that leaves ``left`` in hand goes out: it empties
    the hand, or declares going out with the rest melded (else a false out)."""
    if not left:
        return True
    if not isinstance(action, DiscardCard) or not action.go_out:
        return False
    if action.melds is None:
        return not best_melds(left, round_).deadwood
    return check_melds(left, action.melds, round_).goes_out


class _Quit(Exception):
    """The person quit (or the input ended)."""


@dataclass(frozen=True)
class _Ending:
    """A round that ended: its number, the hands as scored, who went out first
    (or moved last), and whether it was void."""

    round: int
    hands: list[Hand]
    table: list[tuple[int, Meld]]
    """The melds on the table at the end, each with the player who laid it."""
    went_out: list[bool]
    first_out: int
    void: bool


class PlayCommand:
    """One game between a person at ``seat`` and ``bots`` (a label and a bot for every
    other seat), reading from ``stdin`` and writing to ``stdout``. Each bot has
    ``move_time`` seconds a decision (``None``: no limit); ``interrupts`` tells a
    person's Ctrl-C from a bot's ``KeyboardInterrupt`` (without it, every
    ``KeyboardInterrupt`` is the person's). :meth:`close` ends the bots' programs."""

    def __init__(
        self,
        game: Game,
        seat: int,
        bots: dict[int, tuple[str, Bot]],
        stdin: TextIO,
        stdout: TextIO,
        style: Style,
        *,
        hints: bool = False,
        record: str | None = None,
        move_time: float | None = None,
        interrupts: InterruptWatch | None = None,
    ) -> None:
        self.game = game
        self.seat = seat
        self.bots = bots
        self.stdin = stdin
        self.stdout = stdout
        self.style = style
        self.hints = hints
        self.echo = not is_terminal(stdin)
        self.went_out = False
        """Whether the last action applied went out."""
        self.record = record
        """The file the game's record is written to after each action, or ``None``."""
        self.move_time = check_move_time(move_time)
        self.interrupts = interrupts
        self.watchdog = Watchdog()
        """The thread a bot without ``timed_act`` decides on, under ``move_time``."""

    def close(self) -> None:
        """End every bot's program (a :class:`~threethirteen.ProcessBot`'s: ``quit``,
        then killed with every process it started) and the watchdog's thread."""
        self.watchdog.close()
        for _, bot in self.bots.values():
            if isinstance(bot, ProcessBot):
                bot.close()

    # -- writing ---------------------------------------------------------------

    def write(self, line: str = "") -> None:
        """Write a line, at once (a terminal shows it before the next prompt)."""
        self.stdout.write(line + "\n")
        self.stdout.flush()

    def save(self) -> None:
        """Write the game's record to :attr:`record` (a new file put in place of the old
        one, so that the file always holds a whole record)."""
        if self.record is None:
            return
        save_record(self.game, self.record, self.names())

    def names(self) -> list[str]:
        """Each seat's name, as the record keeps it: ``you``, and each bot's label."""
        return [
            "you" if player == self.seat else self.bots[player][0]
            for player in range(self.game.players)
        ]

    def name(self, player: int) -> str:
        """``you`` or ``player 1 (greedy)``."""
        if player == self.seat:
            return "you"
        return f"player {player} ({self.bots[player][0]})"

    def melded(self, hand: Hand, number: int | None = None) -> str:
        """The hand sorted, its best melds first, then the deadwood and its score (in
        round ``number``; default the round in play)."""
        if not hand:
            return "-"
        round_ = self.game.prepared_round if number is None else Round(self.game.rules, number)
        melding = best_melds(hand, round_)
        style = self.style
        marked = False
        parts = []
        for meld in melding.melds:
            cards = []
            for card, identity, stands in zip(meld.cards, meld.stands_for, meld.wild, strict=True):
                if stands:
                    cards.append(f"{style.card(card)}={style.card(identity)}")
                elif round_.is_wild(card):  # a wild card playing itself
                    cards.append(style.card(card) + WILD_MARK)
                    marked = True
                else:
                    cards.append(style.card(card))
            parts.append("[" + " ".join(cards) + "]")
        for card in melding.deadwood:
            wild = round_.is_wild(card)
            marked = marked or wild
            parts.append(style.card(card) + (WILD_MARK if wild else ""))
        legend = f"; {WILD_MARK} wild" if marked else ""
        return " ".join(parts) + f"  (deadwood {melding.score}{legend})"

    def by_player(self, values: Sequence[object]) -> str:
        """``you 3, player 1 (greedy) 12``: a value for each player."""
        return ", ".join(f"{self.name(p)} {value}" for p, value in enumerate(values))

    def show_melds(self, view: PlayerView) -> None:
        """The melds on the table, numbered as lay-offs name them, and who laid each."""
        melds = ", ".join(
            f"{i}: {self.style.meld(item.meld)} ({self.name(item.owner)})"
            for i, item in enumerate(view.table)
        )
        self.write(f"table:    {melds or '-'}")

    def show_table(self, view: PlayerView) -> None:
        """The public state: the piles, the stock, the table, the hands, the scores."""
        style = self.style
        if len(view.piles) == 1:
            pile = view.piles[0]
            top = style.card(pile[-1]) if pile else "- (empty)"
            piles = f"pile:     {top}"
        else:
            tops = [style.card(pile[-1]) if pile else "-" for pile in view.piles]
            piles = "piles:    " + ", ".join(f"{i}: {top}" for i, top in enumerate(tops))
        self.write(f"{piles}   stock: {view.stock_size} cards")
        if view.table:
            self.show_melds(view)
        sizes = []
        for player, size in enumerate(view.hand_sizes):
            text = f"{self.name(player)} {size}"
            if player != self.seat and view.known[player]:
                text += f" (holds {style.cards(view.known[player])})"
            if view.went_out[player]:
                text += " (out)"
            sizes.append(text)
        self.write("hands:    " + ", ".join(sizes))
        self.write("scores:   " + self.by_player(view.totals))

    # -- the game --------------------------------------------------------------

    def run(self) -> int:
        """Play the game to its end (or until the person quits); the exit status."""
        game = self.game
        rules = game.rules
        self.write(f"{PROG}: {rules_label(rules)}, {len(rules.rounds)} rounds, seed {game.seed}")
        others = ", ".join(self.name(player) for player in sorted(self.bots))
        self.write(f"you are player {self.seat}; {others}; type 'help' for the commands")
        self.start_round()
        try:
            while not game.is_over:
                if game.to_move == self.seat:
                    self.person_turn()
                else:
                    self.bot_turn()
        except _Quit:
            self.write(f"game left in round {game.round}")
            self.write(self.score_sheet())
            return EXIT_OK
        self.write("game over")
        self.write(self.score_sheet())
        winners = game.winners
        if winners == (self.seat,):
            self.write(f"you win with {game.totals[self.seat]}")
        elif self.seat in winners:
            self.write(f"you share the win with {game.totals[self.seat]}")
        else:
            names = " and ".join(self.name(player) for player in winners)
            verb = "wins" if len(winners) == 1 else "share the win"
            self.write(f"{names} {verb} with {game.totals[winners[0]]}")
        return EXIT_OK

    def score_sheet(self) -> str:
        """The game's score sheet, the players named as this command names them."""
        return self.game.score_sheet([self.name(p) for p in range(self.game.players)])

    def start_round(self) -> None:
        """The round just dealt: its number, cards, wild rank and dealer."""
        game = self.game
        wild = "no wild rank" if game.wild is None else f"wild rank {rank_name(game.wild)}"
        dealer = "you deal" if game.dealer == self.seat else f"player {game.dealer} deals"
        self.write()
        self.write(
            f"round {game.round} of {len(game.rules.rounds)}: {game.cards_dealt} cards,"
            f" {wild}; {dealer}"
        )

    def apply(self, action: Action) -> _Ending | None:
        """Apply the mover's ``action``; at the round's end (the next round is dealt
        already), what :meth:`end_round` shows of it."""
        game = self.game
        mover = game.to_move
        assert mover is not None
        before = game.view(mover)
        number = game.round
        hands = [game.hand(player) for player in range(game.players)]
        scored = len(game.round_scores)
        game.apply(action)
        self.save()
        if not game.is_over and len(game.view(self.seat).history) > len(before.history):
            self.went_out = game.went_out[mover] and not before.went_out[mover]
            return None
        # The round ended with this action (the next is dealt): work out the end.
        prepared = Round(game.rules, number)
        if isinstance(action, DiscardCard):
            hands[mover] = hands[mover] - action.card
        elif isinstance(action, LayMeld):
            hands[mover] = hands[mover] - Hand(action.meld.cards)
        elif isinstance(action, LayOff):
            hands[mover] = hands[mover] - action.card
        self.went_out = not before.went_out[mover] and _goes_out(action, hands[mover], prepared)
        first = before.first_out if before.first_out is not None else mover
        table = [(item.owner, item.meld) for item in before.table]
        if isinstance(action, LayMeld):
            table.append((mover, action.meld))
        went = list(before.went_out)
        if self.went_out:
            went[mover] = True
            if isinstance(action, DiscardCard):  # the melds it went out with
                melds = action.melds
                if melds is None:
                    melds = best_melds(hands[mover], prepared).melds
                table.extend((mover, meld) for meld in melds)
                hands[mover] = Hand()
        return _Ending(number, hands, table, went, first, len(game.round_scores) == scored)

    def end_round(self, ending: _Ending) -> None:
        """How the round ended, every hand as it was scored, the scores; the next deal."""
        game = self.game
        first = self.name(ending.first_out)
        reasons = {
            "out": f"{first} went out",
            "empty_hand": f"{first} went out",
            "stock": "the stock ran out",
            "turn_limit": f"the turn limit ({game.max_turns} turns) was reached",
        }
        end = game.last_end or ""
        self.write(f"round {ending.round} ends: {reasons.get(end, end)}")
        width = max(len(self.name(player)) for player in range(game.players)) + 1
        for player, hand in enumerate(ending.hands):
            laid = " ".join(
                self.style.meld(meld) for owner, meld in ending.table if owner == player
            )
            if ending.went_out[player]:
                text = f"out with {laid or '-'}"
                if hand:
                    text += f"; left {self.melded(hand, ending.round)}"
            elif laid:
                text = f"laid {laid}; hand {self.melded(hand, ending.round)}"
            else:
                text = self.melded(hand, ending.round)
            self.write(f"  {self.name(player) + ':':<{width}} {text}")
        if ending.void:
            self.write("every player scored 0: the round is dealt again")
        else:
            self.write("round:    " + self.by_player(game.round_scores[-1]))
            self.write("totals:   " + self.by_player(game.totals))
        if not game.is_over:
            self.start_round()

    def bot_turn(self) -> None:
        """The bot to move plays its turn; a line says what it did."""
        game = self.game
        mover = game.to_move
        assert mover is not None
        did: list[str] = []
        ending = None
        while game.to_move == mover and ending is None:
            view = game.view(mover)
            action = self.choose(mover)
            ending = self.apply(action)
            did.append(self.describe(action, view))
        self.write(f"{self.name(mover)}: {', '.join(did)}")
        if ending is not None:
            self.end_round(ending)

    def choose(self, mover: int) -> Action:
        """The bot at ``mover``'s choice, behind the arena's walls: the engine's own
        legal action it names (:func:`~threethirteen.arena.referee.listed_action`: no
        method of what the bot returned runs), made within :attr:`move_time` (a bot
        with ``timed_act``, as a :class:`~threethirteen.ProcessBot`, keeps it itself;
        any other decides on the watchdog's thread).

        :raises _BotError: naming the bot, its seat, the round and the turn, for a bot
            that raised, overran its time, or chose what is not a legal action.
        """
        game = self.game
        label, bot = self.bots[mover]
        legal = game.legal_actions()
        view = game.view(mover)
        offered = list(legal)  # the bot's copy
        where = f"bot {label!r} in seat {mover}, round {game.round}, turn {game.turns + 1}"
        try:
            if self.move_time is None:
                choice: object = bot.act(view, offered)
            else:
                timed = getattr(bot, "timed_act", None)
                if callable(timed):
                    choice = timed(view, offered, self.move_time)
                else:
                    choice = self.watchdog.call(lambda: bot.act(view, offered), self.move_time)
        except MoveTimeError as error:
            raise _BotError(f"{where}: took too long to choose ({_one_line(str(error))})") from None
        except BaseException as error:  # the bot's, unless a person's Ctrl-C
            if isinstance(error, KeyboardInterrupt) and (
                self.interrupts is None or self.interrupts.is_persons(error)
            ):
                raise
            name, shown = describe_error(error)
            if shown is None:
                said = f"raised {name} (its message could not be shown)"
            else:
                said = f"raised {name}: {shown}" if shown else f"raised {name}"
            raise _BotError(f"{where}: {said}") from None
        if self.interrupts is not None:
            self.interrupts.check()
        action = listed_action(choice, legal)
        if action is None:
            shown, why = describe_choice(choice), _why_illegal(game, choice)
            raise _BotError(f"{where}: chose {shown}, which is not legal: {why}")
        return action

    def describe(self, action: Action, view: PlayerView) -> str:
        """What a bot's action (just applied, from ``view``) was, as the others saw it."""
        style = self.style
        if isinstance(action, DrawStock):
            return "draws from the stock"
        if isinstance(action, DrawDiscard):
            pile = view.piles[action.pile or 0]
            where = "" if action.pile is None else f" from pile {action.pile}"
            return f"takes {style.card(pile[-1])}{where}" if pile else str(action)
        if isinstance(action, DiscardCard):
            text = f"discards {style.card(action.card)}"
            if action.pile is not None and action.pile != view.player:
                text += f" onto pile {action.pile}"
            if self.went_out:
                return text + " and goes out"
            return text + (" and declares out: a false out" if action.go_out else "")
        if isinstance(action, LayMeld):
            return f"lays {style.meld(action.meld)}"
        if isinstance(action, LayOff):
            card = style.card(action.card)
            if action.stands_for is not None:
                card += "=" + style.card(action.stands_for)
            return f"lays off {card} on meld {action.meld}"
        return str(action)  # pragma: no cover - the five kinds are above

    def person_turn(self) -> None:
        """The person's turn: the table, then their hand and a prompt for each action."""
        game = self.game
        view = game.view(self.seat)
        wild = "no wild rank" if view.wild is None else f"wild rank {rank_name(view.wild)}"
        if view.first_out is not None and view.first_out != self.seat:
            self.write(
                f"-- your last turn: {self.name(view.first_out)} went out; round {view.round},"
                f" {wild}"
            )
        else:
            self.write(f"-- your turn: round {view.round}, {wild}")
        self.show_table(view)
        while game.to_move == self.seat:
            view = game.view(self.seat)
            self.write(f"hand:     {self.melded(view.hand)}")
            going_out = self.going_out(view)
            if going_out:
                self.write(going_out)
            if self.hints:
                for line in hint_lines(view, self.style, self.game.legal_actions()):
                    self.write(line)
            action = self.ask(view)
            hand = view.hand
            ending = self.apply(action)
            if isinstance(action, DiscardCard) and action.go_out and not self.went_out:
                penalty = self.game.rules.false_out_penalty
                self.write(f"a false out: your hand is not all melded (penalty {penalty})")
            if ending is not None:
                self.end_round(ending)
                return
            if isinstance(action, (DrawStock, DrawDiscard)):
                drawn = game.view(self.seat).hand - hand
                source = "the stock" if isinstance(action, DrawStock) else "the discard pile"
                self.write(f"you drew {self.style.cards(drawn)} from {source}")
            elif isinstance(action, (LayMeld, LayOff)):
                self.show_melds(game.view(self.seat))

    def going_out(self, view: PlayerView) -> str | None:
        """``you can go out: discard 7♦ (type 'out 7d')`` when a legal discard of the
        person's puts them out (shown with or without ``--hints``); else ``None``."""
        if view.phase != "play":
            return None
        legal = {
            action.card
            for action in self.game.legal_actions()
            if isinstance(action, DiscardCard) and action.go_out
        }
        if not legal:
            return None
        ranking = discards(view.hand, view.prepared_round)
        going = [item.card for item in ranking if item.card in legal and item.goes_out]
        if not going:
            return None
        listed = " or ".join(self.style.card(card) for card in going)
        return f"you can go out: discard {listed} (type 'out {going[0]}')"

    def prompt(self, view: PlayerView) -> str:
        """The prompt for the decision in ``view``: a draw, or a play."""
        if view.phase == "draw":
            return SEPARATE_DRAW_PROMPT if len(view.piles) > 1 else DRAW_PROMPT
        rules = view.rules
        return (
            TABLE_PROMPT
            if rules.layoff or (view.first_out is not None and rules.redemption)
            else PLAY_PROMPT
        )

    def ask(self, view: PlayerView) -> Action:
        """Read lines until one is a legal action; commands are answered on the way."""
        while True:
            self.stdout.write(self.prompt(view))
            self.stdout.flush()
            line = self.stdin.readline()
            if not line:
                self.write()
                raise _Quit
            line = line.lstrip("\ufeff")  # a byte-order mark from a file
            if self.echo:  # (escaped: the line is from a file, and may hold anything)
                self.stdout.write(printable(line.rstrip("\r\n")) + "\n")
            text = line.strip()
            command = text.lower()
            if not text:
                continue
            if command in ("quit", "q", "exit"):
                raise _Quit
            if command in ("help", "h", "?"):
                self.write(HELP)
                continue
            if command in ("hint", "hints"):
                legal = self.game.legal_actions()
                for hint in hint_lines(view, self.style, legal) or ["hint:     none"]:
                    self.write(hint)
                continue
            if command in ("moves", "legal"):
                self.write("moves:    " + ", ".join(map(str, self.game.legal_actions())))
                continue
            if view.phase == "play" and _is_draw(text):
                self.write(f"error: you have drawn: type {self.play_advice(view)}")
                continue
            try:
                action = read_action(text, view)
            except ThreeThirteenError as error:
                self.write(f"error: {self.no_action(text, view, error)}")
                continue
            if view.phase == "draw" and not isinstance(action, (DrawStock, DrawDiscard)):
                self.write(f"error: draw first: type {draw_advice_text(view, self.style)}")
                continue
            try:
                self.game.verify(action, self.seat)
            except ThreeThirteenError as error:
                self.write(f"error: {personal(str(error), self.seat)}")
                continue
            return action

    def play_advice(self, view: PlayerView) -> str:
        """What the person may type after their draw, in the prompt's grammar."""
        advice = "a card to discard (9s), 'out 9s' to discard it and go out"
        if self.prompt(view) == TABLE_PROMPT:
            advice += ", 'meld 4h 5h 6h' or 'lay off 7h on 0' to play onto the table"
        return advice

    def no_action(self, text: str, view: PlayerView, error: ThreeThirteenError) -> str:
        """What is said to input that is no action: what the prompt takes. Text that
        tries a card (``9x``) or the engine's notation (``meld 4h 5h``) gets the
        library's message first, which says what is wrong in it.

        >>> import io, threethirteen as tt
        >>> game = tt.Game("pagat", players=2, seed=3)
        >>> command = PlayCommand(game, 1, {}, io.StringIO(), io.StringIO(), Style(unicode=False))
        >>> view = game.view(1)
        >>> try:
        ...     read_action("xyz", view)
        ... except tt.ThreeThirteenError as error:
        ...     print(command.no_action("xyz", view, error))
        'xyz' is no action: type 's' to draw from the stock, 'd' to take the discard
        pile's top card (Qh), or 'help'
        """
        if view.phase == "draw":
            advice = draw_advice_text(view, self.style)
        else:
            advice = self.play_advice(view)
        words = text.lower().split()
        tried = (len(words) == 1 and _CARD_TRY.fullmatch(words[0]) is not None) or (
            len(words) > 1 and words[0] in _ACTION_WORDS
        )
        said = str(error) if tried else f"{printable(text)!r} is no action"
        return f"{said}: type {advice}, or 'help'"


def draw_advice_text(view: PlayerView, style: Style | None = None) -> str:
    """What the person may type before their draw, in the prompt's grammar: ``s``,
    then ``d`` (or ``d N`` with a pile each) and the card it takes when shown.

    >>> import threethirteen as tt
    >>> draw_advice_text(tt.Game("pagat", players=2, seed=3).view(1))
    "'s' to draw from the stock, 'd' to take the discard pile's top card"
    """
    if len(view.piles) > 1:
        return "'s' to draw from the stock, 'd N' to take pile N's top card"
    pile = view.piles[0]
    shown = f" ({style.card(pile[-1])})" if style is not None and pile else ""
    return f"'s' to draw from the stock, 'd' to take the discard pile's top card{shown}"


_CARD_TRY = re.compile(r"(?:10|1[0-3]?|[2-9ajqkt])\S{0,2}")
"""A word that tries to be a card: a rank, then a suit or two more characters."""
_ACTION_WORDS = frozenset({"draw", "discard", "meld", "lay", "out"})
"""The first words of the engine's notation for actions (and ``out CARD``)."""

WILD_MARK = "*"
"""The mark after a wild card of the hand (one standing for another card is written
``6c=6h``)."""

_DRAW_WORDS = frozenset({"s", "stock", "d", "draw", "discard"})


def _is_draw(text: str) -> bool:
    """Whether ``text`` asks to draw: ``s``, ``stock``, ``d``, ``d N``, ``discard``,
    ``draw ...``."""
    words = text.lower().split()
    if not words or words[0] not in _DRAW_WORDS:
        return False
    if words[0] == "draw":
        return True
    return len(words) == 1 or (words[0] == "d" and bool(_PILE.fullmatch(words[1])))


def personal(message: str, seat: int) -> str:
    """An engine's message about the person's seat, said to them: ``you do not hold
    Kc``, not ``player 0 does not hold Kc``.

    >>> personal("illegal action 'discard Kc': player 0 does not hold Kc", 0)
    'you do not hold Kc'
    >>> personal("illegal action 'meld 4h 5h 6h': player 2 may lay off only after laying a meld", 2)
    'you may lay off only after laying a meld'
    """
    message = re.sub(r"^illegal action '(?:[^'\\]|\\.)*': ", "", message)
    player = f"player {seat}"
    for engine, spoken in (
        (f"{player} does not", "you do not"),
        (f"{player} has ", "you have "),
        (f"{player} must", "you must"),
        (f"{player}'s", "your"),
    ):
        message = message.replace(engine, spoken)
    return re.sub(rf"\b{player}\b", "you", message)


def _one_line(text: str, limit: int = 300) -> str:
    return cut(" ".join(text.split()), limit)


def _why_illegal(game: Game, choice: object) -> str:
    """Why a bot's choice (none of the legal actions) is not legal: the engine's
    reason for a genuine action, else that it is no legal action (or no action)."""
    if not is_genuine_action(choice):
        return "it is not an action"
    assert isinstance(choice, Action)
    try:
        game.verify(choice)
    except ThreeThirteenError as error:
        return _one_line(str(error))
    return "it is not one of the legal actions"  # pragma: no cover - a genuine action verifies


def save_record(game: Game, path: str, names: Sequence[str] | None = None) -> None:
    """Write ``game.to_record()`` as JSON to ``path``, with the players' ``names``
    (the record's ``"names"``, when given): to a new file beside it (created as any
    file is, so the mode is the usual one, 0644 under umask 022), flushed and synced,
    then put in its place, so that the file holds a whole record whenever the game
    stops.

    :raises OSError: when the file cannot be written.
    """
    folder = os.path.dirname(os.path.abspath(path))
    temporary = os.path.join(
        folder, f".{os.path.basename(path)}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    )
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    record = game.to_record()
    if names is not None:
        record["names"] = list(names)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            json.dump(record, file)
            file.write("\n")
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


class _BotError(Exception):
    """A bot failed: it raised, overran its time, or chose what is not legal."""


def main(argv: Sequence[str], stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run ``threethirteen play`` with the arguments after ``play``; the exit status:
    0 when the game ends or the person quits, 2 for bad arguments or when a bot fails
    (a message on standard error), 130 after Ctrl-C, 141 when the output's reader
    went away."""
    if stdin is None:
        stdin = sys.stdin
        if isinstance(stdin, io.TextIOWrapper):
            stdin.reconfigure(errors="replace")  # a bad byte is a bad card, not a crash
    stdout = sys.stdout if stdout is None else stdout
    parser = build_parser()
    try:
        args = parser.parse_args(list(argv))
    except SystemExit as exit:  # --help, or argparse's usage error
        return exit.code if isinstance(exit.code, int) else EXIT_USAGE
    try:
        variations = [name.strip() for item in args.variations for name in item.split(",")]
        variations = [name for name in variations if name]
        if args.players is not None:  # the rules' range, before a seat is made for each
            Rules.preset(args.rules, variations, players=args.players)
        players, names = _bot_names(args.bots, args.players, args.seat)
        try:  # a spec for each seat: a command runs a process of its own for each
            specs = [parse_bot(name) for name in names]
        except InvalidBotError as error:
            raise UsageError(f"--bots: {error}") from None
        try:
            move_time = check_move_time(args.move_time)
        except ThreeThirteenError:
            what = "above 0" if math.isfinite(args.move_time) else "a finite number"
            raise UsageError(f"--move-time must be {what}, not {args.move_time:g}") from None
        game = Game(
            args.rules,
            players,
            seed=args.seed,
            variations=variations,
            max_turns=args.max_turns,
        )
        seed = game.seed
        assert seed is not None
        others = [player for player in range(players) if player != args.seat]
        bots = {
            player: (bot_name(spec), _seat_bot(spec, seed + player))
            for player, spec in zip(others, specs, strict=True)
        }
    except UsageError as error:
        return print_usage_error(parser, error)
    except ThreeThirteenError as error:
        print_error(str(error))
        return EXIT_USAGE
    style = choose_style(stdout, ascii_only=args.ascii, color=args.color)
    with watching_interrupts() as interrupts:
        command = PlayCommand(
            game,
            args.seat,
            bots,
            stdin,
            stdout,
            style,
            hints=args.hints,
            record=args.record,
            move_time=move_time,
            interrupts=interrupts,
        )
        try:
            return _run_command(command, args.record)
        finally:
            command.close()


def _seat_bot(spec: BotSpec, seed: int) -> Bot:
    """The bot of one seat: a command's :class:`~threethirteen.ProcessBot` made again
    with the seat's seed (its ``start`` message's ``bot_seed``), any other spec made by
    :func:`~threethirteen.make_bot` with it."""
    if isinstance(spec, ProcessBot):
        return ProcessBot(spec.argv, name=spec.name, seed=seed)
    return make_bot(spec, seed=seed)


def _run_command(command: PlayCommand, record: str | None) -> int:
    """Save the deal, play the game; the exit status."""
    stdout = command.stdout
    try:
        command.save()  # the deal; an unwritable path fails before the first move
    except OSError as error:
        print_error(f"cannot write the record to {record!r}: {error.strerror or error}")
        return EXIT_USAGE
    try:
        return command.run()
    except _BotError as error:
        print_error(str(error))
        return EXIT_BOT_FAILED
    except KeyboardInterrupt:
        stdout.write("\n")
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader went away (``threethirteen play < moves | head``)
        silence(stdout)
        return EXIT_BROKEN_PIPE
