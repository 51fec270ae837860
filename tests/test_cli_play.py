"""``threethirteen play``: exact transcripts in-process (no colour off a terminal), the
hints from a seeded position, bad arguments and input, whole games checked against the
same game played through the library, and real runs through a pseudo-terminal."""

from __future__ import annotations

import io
import os
import re
import select
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np
import pytest

import threethirteen as tt
from tests.game_checks import shuffle_hidden
from threethirteen.bots import builtin as bots
from threethirteen.cli import _play as _cli_play
from threethirteen.cli import main as cli
from threethirteen.cli._format import Style
from threethirteen.cli.bot_args import parse_bot

SRC = Path(tt.__file__).resolve().parent.parent
ROOT = Path(__file__).resolve().parent.parent
CARD = re.compile(r"(?:10|[2-9AJQK])[cdhs]|Jk")
DRAW_PROMPT = "draw (s: stock, d: discard pile)> "
PLAY_PROMPT = "discard (a card, or 'out CARD' to go out)> "


def play(*argv: str, stdin: str = "") -> tuple[int, str]:
    """Run ``threethirteen play ARGV`` in-process; the status and the output."""
    out = io.StringIO()
    status = _cli_play.main(list(argv), io.StringIO(stdin), out)
    return status, out.getvalue()


# -- a simple player, typed and as the library plays it ---------------------------------


def simple_answer(output: str) -> str:
    """What the simple player types at the prompt that ends ``output``: ``s`` to
    draw, then the first card of the deadwood shown (or the first card shown)."""
    if output.endswith((DRAW_PROMPT, _cli_play.SEPARATE_DRAW_PROMPT)):
        return "s"
    assert output.endswith((PLAY_PROMPT, _cli_play.TABLE_PROMPT)), output[-200:]
    hand = [line for line in output.splitlines() if line.startswith("hand:")][-1]
    shown = hand.removeprefix("hand:").partition("(deadwood")[0]
    deadwood = CARD.findall(shown.rpartition("]")[2])
    return (deadwood or CARD.findall(shown))[0]


def simple_discard(hand: tt.Hand, round_: tt.Round) -> tt.Action:
    """The simple player's discard, from the library: the first deadwood card, else
    the first card of the first meld (the order the hand is shown in)."""
    melding = tt.best_melds(hand, round_)
    card = melding.deadwood[0] if melding.deadwood else melding.melds[0].cards[0]
    return tt.DiscardCard(card)


def library_game(
    rules: str, players: int, bot: str, seed: int, seat: int = 0, max_turns: int | None = None
) -> tt.Game:
    """The game the command plays against the simple player, played by the library."""
    game = tt.Game(rules, players, seed=seed, max_turns=max_turns)
    bots = {p: tt.make_bot(bot, seed=seed + p) for p in range(players) if p != seat}
    while not game.is_over:
        player = game.to_move
        assert player is not None
        if player == seat:
            if game.phase == "draw":
                game.apply(tt.DrawStock())
            else:
                game.apply(simple_discard(game.hand(seat), game.prepared_round))
        else:
            game.apply(bots[player].act(game.view(player), game.legal_actions()))
    return game


class Responder(io.TextIOBase):
    """Standard input that answers each prompt as the simple player would."""

    def __init__(self, out: io.StringIO) -> None:
        self.out = out
        self.lines = 0

    def readline(self, size: int | None = -1) -> str:
        self.lines += 1
        assert self.lines < 2000, "the game does not end"
        return simple_answer(self.out.getvalue()) + "\n"


def test_a_whole_game_prints_the_libraries_score_sheet() -> None:
    argv = ["--players", "2", "--bots", "greedy", "--seed", "5", "--ascii", "--max-turns", "2"]
    out = io.StringIO()
    assert _cli_play.main(argv, Responder(out), out) == 0
    expected = library_game("pagat", 2, "greedy", seed=5, max_turns=2)
    text = out.getvalue()
    assert text.endswith(
        "game over\n"
        + expected.score_sheet(["you", "player 1 (greedy)"])
        + "\nplayer 1 (greedy) wins with 271\n"
    )
    assert expected.totals == (339, 271)
    assert text.count("-- your turn:") == 11  # a turn in each round: the limit is 2 turns
    assert text.count("\x1b[") == 0


def test_a_whole_game_from_another_seat_with_three_players() -> None:
    argv = ["--players", "3", "--bots", "random", "--seed", "11", "--seat", "1", "--ascii"]
    out = io.StringIO()
    assert _cli_play.main([*argv, "--max-turns", "6"], Responder(out), out) == 0
    expected = library_game("pagat", 3, "random", seed=11, seat=1, max_turns=6)
    sheet = expected.score_sheet(["player 0 (random)", "you", "player 2 (random)"])
    assert "game over\n" + sheet + "\n" in out.getvalue()
    assert out.getvalue().startswith(
        "threethirteen play: pagat for 3 players, 11 rounds, seed 11\n"
        "you are player 1; player 0 (random), player 2 (random); type 'help' for the commands\n"
    )


def simple_game(*argv: str) -> str:
    out = io.StringIO()
    assert _cli_play.main([*argv, "--ascii"], Responder(out), out) == 0
    return out.getvalue()


class LiarBot:
    """Declares going out whenever the rules let it (every turn under false-out)."""

    def __init__(self, seed: int | None = None) -> None:
        self.greedy = tt.GreedyBot(seed)

    def act(self, view: tt.PlayerView, legal: Sequence[tt.Action]) -> tt.Action:
        for action in legal:
            if isinstance(action, tt.DiscardCard) and action.go_out:
                return action
        return self.greedy.act(view, legal)


def test_going_out_on_a_last_turn_and_false_outs_are_told_apart(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    variations = "separate-discards,joker-discards"
    text = simple_game(
        "--rules", "bga", "--players", "3", "--seed", "8", "--variations", variations
    )
    assert (
        "player 1 (greedy): takes 3c from pile 2, discards 10h and goes out\n"
        "round 1 ends: player 2 (greedy) went out\n"
        "  you:               5d 7d 2h  (deadwood 14)\n"
        "  player 1 (greedy): out with [5c 5c 3c=5d]\n"
        "  player 2 (greedy): out with [6d 6s Jk=6c]\n"
        "round:    you 14, player 1 (greedy) 0, player 2 (greedy) 0\n"
    ) in text
    assert "false out" not in text
    # The built-in bots never declare a false out; a bot that declares out whenever
    # the rules let it (every turn, under false-out) shows how one is told.
    monkeypatch.setitem(bots.BOTS, "liar", LiarBot)
    argv = ["--rules", "wikipedia", "--seed", "3", "--variation", "false-out", "--max-turns"]
    text = simple_game(*argv, "3", "--bots", "liar")
    assert (
        "player 1 (liar): takes Ad, discards Ad and declares out: a false out\n"
        "round 1 ends: the turn limit (3 turns) was reached\n"
        "  you:             10d 8h Ks  (deadwood 31)\n"
        "  player 1 (liar): Qd Qh 10s  (deadwood 34)\n"
        "round:    you 31, player 1 (liar) 74\n"
    ) in text
    assert text.count("declares out: a false out") == 17  # every turn of the bot
    assert "(greedy)" not in text


# -- exact transcripts ------------------------------------------------------------------

TRANSCRIPT = """\
threethirteen play: pagat for 2 players, 11 rounds, seed 5
you are player 0; player 1 (greedy); type 'help' for the commands

round 1 of 11: 3 cards, wild rank 3; you deal
player 1 (greedy): draws from the stock, discards 10d
-- your turn: round 1, wild rank 3
pile:     10d   stock: 44 cards
hands:    you 3, player 1 (greedy) 3
scores:   you 0, player 1 (greedy) 0
hand:     [6d 6h 3c=6c]  (deadwood 0)
draw (s: stock, d: discard pile)> discard 9s
error: draw first: type 's' to draw from the stock, 'd' to take the discard pile's top card (10d)
draw (s: stock, d: discard pile)> s
you drew Ac from the stock
hand:     [6d 6h 3c=6c] Ac  (deadwood 1)
you can go out: discard Ac (type 'out Ac')
discard (a card, or 'out CARD' to go out)> draw stock
error: you have drawn: type a card to discard (9s), 'out 9s' to discard it and go out
discard (a card, or 'out CARD' to go out)> As
error: you do not hold As
discard (a card, or 'out CARD' to go out)> Kx
error: unknown suit 'x' in 'Kx': type a card to discard (9s), 'out 9s' to discard it and go out, or 'help'
discard (a card, or 'out CARD' to go out)> fly away
error: 'fly away' is no action: type a card to discard (9s), 'out 9s' to discard it and go out, or 'help'
discard (a card, or 'out CARD' to go out)> xyz
error: 'xyz' is no action: type a card to discard (9s), 'out 9s' to discard it and go out, or 'help'
discard (a card, or 'out CARD' to go out)> moves
moves:    discard Ac, discard 3c, discard 6d, discard 6h, discard Ac out
discard (a card, or 'out CARD' to go out)> hint
discards: Ac 0 (goes out), 6h 10, 6d 10
advice:   Go out with 6d 6h 3c=6c by discarding Ac.
discard (a card, or 'out CARD' to go out)> out Ac
player 1 (greedy): takes Ac, discards Jc
round 1 ends: you went out
  you:               out with [6d 6h 3c=6c]
  player 1 (greedy): Ac 2c 9h  (deadwood 12)
round:    you 0, player 1 (greedy) 12
totals:   you 0, player 1 (greedy) 12

round 2 of 11: 4 cards, wild rank 4; player 1 deals
-- your turn: round 2, wild rank 4
pile:     6s   stock: 43 cards
hands:    you 4, player 1 (greedy) 4
scores:   you 0, player 1 (greedy) 12
hand:     [Ad Ah 4s=Ac] Ks  (deadwood 10)
draw (s: stock, d: discard pile)> d
you drew 6s from the discard pile
hand:     [Ad Ah 4s=Ac] 6s Ks  (deadwood 16)
discard (a card, or 'out CARD' to go out)> quit
game left in round 2
round  wild     you  player 1 (greedy)
    1     3       0                 12
total             0                 12
"""


MOVES = "discard 9s\ns\ndraw stock\nAs\nKx\nfly away\nxyz\nmoves\nhint\nout Ac\nd\nquit\n"


def test_a_transcript_off_a_terminal_is_exact() -> None:
    status, out = play("--players", "2", "--bots", "greedy", "--seed", "5", "--ascii", stdin=MOVES)
    assert (status, out) == (0, TRANSCRIPT)


def test_suit_symbols_without_colour_off_a_terminal() -> None:
    status, out = play("--players", "2", "--bots", "greedy", "--seed", "5", stdin=MOVES)
    assert status == 0
    assert "hand:     [6♦ 6♥ 3♣=6♣]  (deadwood 0)\n" in out
    assert len(out.splitlines()) == len(TRANSCRIPT.splitlines())
    assert "\x1b[" not in out


def test_the_session_in_the_docs() -> None:
    """docs/cli.md's session: its inputs are what follows each prompt."""
    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    section = page.partition("## Play against bots")[2]
    block = section.split("```text\n$ threethirteen play ")[1].partition("```")[0]
    command, _, shown = block.partition("\n")
    prompts = re.compile(r"^(?:draw|discard) \(.*?\)> (.*)$", flags=re.MULTILINE)
    moves = "".join(line + "\n" for line in prompts.findall(shown))
    assert moves == "s\nKx\nout Ac\nd\nKs\nquit\n"
    assert play(*command.split(), stdin=moves) == (0, shown)


def test_the_end_of_input_leaves_the_game_cleanly() -> None:
    status, out = play("--players", "2", "--bots", "greedy", "--seed", "5", "--ascii", stdin="s\n")
    assert status == 0
    assert out.endswith(
        "discard (a card, or 'out CARD' to go out)> \n"
        "game left in round 1\n"
        "round  wild     you  player 1 (greedy)\n"
        "total             0                  0\n"
    )


def test_help_lists_the_commands() -> None:
    status, out = play("--bots", "random", "--seed", "1", "--ascii", stdin="\ufeffhelp\nq\n")
    assert status == 0
    assert "> help\n" + _cli_play.HELP + "\n" + DRAW_PROMPT + "q\n" in out


# -- hints ------------------------------------------------------------------------------


def test_hints_before_each_decision_are_exact() -> None:
    argv = ["--players", "2", "--bots", "greedy", "--seed", "3", "--seat", "1", "--ascii"]
    status, out = play(*argv, "--hints", stdin="s\n")
    assert status == 0
    assert (
        "hand:     Ad 2d 9d  (deadwood 12)\n"
        "outs:     3c x1 (discard 9d), 3d x1 (discard 9d), 3h x1 (discard 9d), 3s x1 (discard 9d)\n"
        "chance:   8.3% (4 of 48 unseen) that the next stock card is an out\n"
        "take:     Qh, then discard Qh: score 12\n"
        "stock:    expected score 8.81 (141/16), goes out 8.3% (4 of 48 unseen)\n"
        "advice:   Draw from the stock: taking the Qh completes nothing (12 points of deadwood"
        " left, against 8.81 expected from the stock).\n"
        f"{DRAW_PROMPT}s\n"
    ) in out
    drawn = re.search(r"you drew (\S+) from the stock\n(hand: .*)\n(discards: .*)\n", out)
    assert drawn is not None
    game = tt.Game("pagat", 2, seed=3)
    game.apply(tt.DrawStock())
    ranking = tt.discards(game.hand(1), game.prepared_round)
    assert drawn[1] == str(game.view(1).stock_draws[-1])
    assert drawn[3] == "discards: " + ", ".join(f"{d.card} {d.score}" for d in ranking[:3])
    without = play(*argv, stdin="s\n")[1]
    assert "outs:" not in without
    assert "discards:" not in without


def test_hints_under_separate_discards_weigh_each_pile() -> None:
    game = tt.Game("bga", 3, seed=2, variations=["separate-discards"])
    while sum(1 for pile in game.piles if pile) < 2 or game.phase != "draw":
        game.apply(tt.GreedyBot().act(game.view(game.to_move), game.legal_actions()))
    view = game.view(game.to_move)
    lines = _cli_play.hint_lines(view, Style(unicode=False))
    takes = [line for line in lines if line.startswith("take:")]
    assert [line.split()[1:3] for line in takes] == [
        ["pile", f"{index}:"] for index, pile in enumerate(view.piles) if pile
    ]
    unseen = view.unseen()
    best = min(
        (
            tt.draw_advice(view.hand, view.prepared_round, discard_top=pile[-1], unseen=unseen)
            for pile in view.piles
            if pile
        ),
        key=lambda advice: (advice.discard.expected_score, -advice.discard.out_probability),
    )
    stock = best.stock
    take = (best.discard.expected_score, -best.discard.out_probability)
    if (stock.expected_score, -stock.out_probability) <= take:
        assert lines[-1].startswith("advice:   Draw from the stock: taking the ")
    else:
        card = best.discard.draws[0].card
        assert lines[-1].startswith(f"advice:   Take the {card} of pile ")


def person_screens(game: tt.Game, seat: int) -> str:
    """What the command shows at ``seat``'s turn in ``game`` (with hints), up to the
    end of input."""
    out = io.StringIO()
    bots = {p: ("greedy", tt.make_bot("greedy")) for p in range(game.players) if p != seat}
    command = _cli_play.PlayCommand(
        game, seat, bots, io.StringIO(""), out, Style(unicode=False), hints=True
    )
    assert command.run() == 0
    return out.getvalue()


@pytest.mark.parametrize(
    ("rules", "players", "variations"),
    [("pagat", 3, ()), ("bga", 3, ("separate-discards",)), ("family", 4, ())],
)
def test_the_screen_and_hints_depend_on_the_view_only(
    rules: str, players: int, variations: tuple[str, ...]
) -> None:
    rng = np.random.default_rng(4)
    checked = 0
    for seed in range(3):
        game = tt.Game(rules, players, seed=seed, variations=variations)
        bots = [tt.make_bot("greedy") for _ in range(players)]
        for _ in range(4 * players):
            if game.is_over:
                break
            player = game.to_move
            assert player is not None
            shown = person_screens(game.clone(), player)
            for _ in range(2):
                assert person_screens(shuffle_hidden(game, player, rng), player) == shown
            checked += 1
            game.apply(bots[player].act(game.view(player), game.legal_actions()))
    assert checked >= 12 * players


def test_a_bot_that_plays_an_illegal_action_is_named() -> None:
    game = tt.Game("pagat", 2, seed=5)  # player 1 starts

    def stubborn(view: tt.PlayerView, legal: object) -> tt.Action:
        return tt.Action.parse("discard 9s")

    bots = {1: ("stubborn", tt.as_bot(stubborn))}
    out = io.StringIO()
    command = _cli_play.PlayCommand(game, 0, bots, io.StringIO(""), out, Style())
    message = (
        "bot 'stubborn' in seat 1, round 1, turn 1: chose 'discard 9s', which is not legal:"
        " illegal action 'discard 9s': player 1 must draw first"
    )
    with pytest.raises(Exception, match=re.escape(message)):
        command.run()


def test_a_closed_pipe_ends_quietly() -> None:
    argv = [sys.executable, "-m", "threethirteen", "play", "--seed", "5", "--ascii"]
    environ = dict(os.environ, PYTHONPATH=str(SRC))
    process = subprocess.Popen(
        argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environ
    )
    assert process.stdout is not None
    assert (
        process.stdout.readline() == b"threethirteen play: pagat for 2 players, 11 rounds, seed 5\n"
    )
    process.stdout.close()
    _, err = process.communicate(b"s\nhelp\nhelp\nhelp\n" * 50, timeout=60)
    assert (process.returncode, err) == (141, b"")


# -- arguments --------------------------------------------------------------------------


def test_an_unknown_bot_is_the_librarys_error(capsys: pytest.CaptureFixture[str]) -> None:
    """The message ``simulate --bots`` gives: what a bot may be."""
    with pytest.raises(tt.InvalidBotError) as raised:
        parse_bot("best")
    assert cli.main(["play", "--bots", "greedy,best", "--players", "3"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("usage: threethirteen play")
    assert captured.err.endswith(f"threethirteen: error: --bots: {raised.value}\n")
    assert str(raised.value) == (
        "unknown bot 'best': a bot is a built-in name (advisor, expert, greedy, heuristic,"
        " learned, lookahead, random, search), MODULE:OBJECT (a Python bot: mypkg.mybot:MyBot) or a"
        " command (a program that speaks the bot protocol: 'node mybot.js')"
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--players", "3", "--bots", "greedy,random,random"],
            "3 players need 2 bots (or one name for all), not 3",
        ),
        (["--bots", "greedy", "--seat", "2"], "--seat is a seat from 0 to 1, not 2"),
        (
            ["--bots", "greedy,,random"],
            "--bots takes names separated by commas, not 'greedy,,random'",
        ),
    ],
)
def test_seats_and_bots_that_do_not_fit(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _cli_play.main(argv, io.StringIO(""), io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: threethirteen play")
    assert err.endswith(f"threethirteen: error: {message}\n")


def test_bad_rules_are_the_librarys_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(tt.ThreeThirteenError) as raised:
        tt.Game("pagat", 2, variations=["nope"])
    assert _cli_play.main(["--variations", "nope"], io.StringIO(""), io.StringIO()) == 2
    assert capsys.readouterr().err == f"threethirteen: error: {raised.value}\n"


def test_one_bot_name_fills_every_seat_and_variations_take_commas() -> None:
    argv = ["--rules", "bga", "--players", "4", "--bots", "random", "--seed", "1"]
    status, out = play(*argv, "--variations", "separate-discards,jokers", "--ascii")
    assert status == 0
    first = out.splitlines()[:2]
    assert first == [
        "threethirteen play: bga for 4 players with separate-discards, jokers, 11 rounds, seed 1",
        "you are player 0; player 1 (random), player 2 (random), player 3 (random);"
        " type 'help' for the commands",
    ]
    assert "draw (s: stock, d N: pile N's top)> " in out


def test_help_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "--help"]) == 0
    assert capsys.readouterr().out.startswith("usage: threethirteen play")


# -- input in the other rules -----------------------------------------------------------


def test_read_action_short_forms() -> None:
    game = tt.Game("bga", 3, seed=1, variations=["separate-discards"])
    view = game.view(game.to_move)
    read = _cli_play.read_action
    assert read("d 2", view) == tt.DrawDiscard(2)
    assert read("discard 0", view) == tt.DrawDiscard(0)
    assert read("S", view) == tt.DrawStock()
    assert read("draw discard 1", view) == tt.DrawDiscard(1)
    game.apply("draw stock")
    view = game.view(game.to_move)
    assert read("10h", view) == tt.DiscardCard(tt.Card.parse("10h"))
    assert read("out Th", view) == tt.DiscardCard(tt.Card.parse("10h"), go_out=True)
    assert read("discard Jk pile 2", view) == tt.DiscardCard(tt.Card.parse("Jk"), pile=2)
    assert read("meld 4h 5h 6h", view) == tt.LayMeld(tt.Meld.parse("4h 5h 6h"))
    with pytest.raises(tt.InvalidActionError, match="no action 'd'"):
        read("d", view)


def test_table_play_shows_the_table_and_takes_melds() -> None:
    """Family rules: the person lays a meld from the hand, and the table shows it."""
    for seed in range(60):
        game = tt.Game("family", 2, seed=seed)
        bot = tt.GreedyBot()
        while game.to_move == 1:  # the bot (player 1) starts round 1
            game.apply(bot.act(game.view(1), game.legal_actions()))
        game.apply("draw stock")
        melds = [a for a in game.legal_actions() if isinstance(a, tt.LayMeld)]
        if game.round == 1 and melds:
            break
    else:  # pragma: no cover - the search finds one
        pytest.fail("no position with a meld to lay")
    meld = melds[0]
    argv = ["--rules", "family", "--players", "2", "--seed", str(seed), "--ascii"]
    status, out = play(*argv, stdin=f"s\n{meld}\nmoves\n")
    assert status == 0
    prompt = "play (a card, 'out CARD', 'meld ...', 'lay off CARD on N')> "
    assert f"{prompt}{meld}\ntable:    0: {Style(unicode=False).meld(meld.meld)} (you)\n" in out
    game.apply(meld)
    moves = ", ".join(map(str, game.legal_actions()))
    assert f"{prompt}moves\nmoves:    {moves}\n" in out


# -- a pseudo-terminal ------------------------------------------------------------------


class Terminal:
    """``python -m threethirteen play ARGV`` on a pseudo-terminal: what it writes
    (newlines as ``\\n``), and keys typed to it; every read has a timeout."""

    def __init__(self, *argv: str, env: dict[str, str] | None = None) -> None:
        environ = dict(os.environ)
        for name in ("NO_COLOR", "FORCE_COLOR"):
            environ.pop(name, None)
        environ["TERM"] = "xterm"
        environ["PYTHONPATH"] = os.pathsep.join(
            [str(SRC), *filter(None, [os.environ.get("PYTHONPATH")])]
        )
        environ["PYTHONIOENCODING"] = "utf-8"
        environ.update(env or {})
        self.master, slave = os.openpty()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "threethirteen", "play", *argv],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=environ,
            close_fds=True,
        )
        os.close(slave)
        self.output = ""
        self.closed = False

    def read_until(self, done: str, timeout: float = 60) -> str:
        """Read until what comes next ends with ``done`` (``""``: until the end);
        all the output so far."""
        deadline = time.monotonic() + timeout
        data = b""
        while not self.closed:
            if done and data.decode("utf-8", "replace").replace("\r\n", "\n").endswith(done):
                break
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out waiting for {done!r}: {self.output[-400:]!r}")
            ready, _, _ = select.select([self.master], [], [], left)
            if not ready:
                continue
            try:
                chunk = os.read(self.master, 4096)
            except OSError:  # EIO: the command ended and closed the terminal
                chunk = b""
            if not chunk:
                self.closed = True
            data += chunk
        self.output += data.decode("utf-8", "replace").replace("\r\n", "\n")
        return self.output

    def type(self, line: str) -> None:
        os.write(self.master, line.encode() + b"\n")

    def finish(self) -> int:
        self.read_until("")
        return self.process.wait(timeout=30)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=30)
        os.close(self.master)


@pytest.fixture
def terminals() -> Iterator[list[Terminal]]:
    """The terminals a test opens, closed (their command killed if still running) after it."""
    made: list[Terminal] = []
    yield made
    for terminal in made:
        terminal.close()


def test_a_whole_game_on_a_terminal(terminals: list[Terminal]) -> None:
    argv = ["--players", "2", "--bots", "greedy", "--seed", "5", "--ascii", "--max-turns", "2"]
    terminal = Terminal(*argv)
    terminals.append(terminal)
    output = terminal.read_until(DRAW_PROMPT)
    terminal.type("discard Kd")  # before drawing: the engine's message, and the prompt again
    output = terminal.read_until(DRAW_PROMPT)
    assert output.endswith(
        DRAW_PROMPT + "discard Kd\n"  # the terminal echoes what is typed
        "error: draw first: type 's' to draw from the stock, 'd' to take the discard pile's"
        " top card (10d)\n" + DRAW_PROMPT
    )
    while not terminal.closed:
        terminal.type(simple_answer(output))
        output = terminal.read_until("> ")
    assert terminal.finish() == 0
    expected = library_game("pagat", 2, "greedy", seed=5, max_turns=2)
    assert terminal.output.endswith(
        "game over\n"
        + expected.score_sheet(["you", "player 1 (greedy)"])
        + "\nplayer 1 (greedy) wins with 271\n"
    )
    assert "\x1b[" not in terminal.output


def test_colour_on_a_terminal_and_quit(terminals: list[Terminal]) -> None:
    terminal = Terminal("--players", "2", "--bots", "greedy", "--seed", "5")
    terminals.append(terminal)
    output = terminal.read_until(DRAW_PROMPT)
    red, reset = "\x1b[31m", "\x1b[0m"
    assert f"hand:     [{red}6♦{reset} {red}6♥{reset} 3♣=6♣]  (deadwood 0)\n" in output
    terminal.type("quit")
    assert terminal.finish() == 0
    assert terminal.output.endswith(
        "> quit\ngame left in round 1\n"
        "round  wild     you  player 1 (greedy)\n"
        "total             0                  0\n"
    )


def test_the_end_of_input_on_a_terminal(terminals: list[Terminal]) -> None:
    terminal = Terminal("--players", "2", "--bots", "greedy", "--seed", "5", "--ascii")
    terminals.append(terminal)
    terminal.read_until(DRAW_PROMPT)
    os.write(terminal.master, b"\x04")  # Ctrl-D: the end of input
    assert terminal.finish() == 0
    assert "Traceback" not in terminal.output
    assert terminal.output.endswith(
        "game left in round 1\n" + "round  wild     you  player 1 (greedy)\n"
        "total             0                  0\n"
    )
