"""Issue 39's traps for scripts and newcomers, each as the issue wrote it: an empty
hand that passed for a hand that is out, ``round=`` that took a ``Round`` only, a
billion players, a prompt that answered ``xyz`` with a card's error, two notations
for outs and chances, going out shown only with ``--hints``, ``svg.save`` without
``wild=``, no ``view.discard_top``, and no time for the test command."""

from __future__ import annotations

import io
import os
import re
import resource
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import threethirteen as tt
from tests.cli_run import Result, Run
from threethirteen import svg
from threethirteen.cli import _play as _cli_play

ROOT = Path(__file__).resolve().parent.parent
EMPTY = "an empty hand is no hand of any round: a round deals 3 to 13 cards"
HAND = "9s 9h 9d 4h 5h 6c"
NEEDS_THE_ROUND = (
    "best_melds() needs the round: a round number (round=4; Pagat's rules unless rules="
    " names others), a Round (tt.Round('pagat', 4)), or wild= (the wild rank, or None)"
    " for a hand of any round"
)


def shell(command: str) -> subprocess.CompletedProcess[str]:
    """``command`` run by bash, with the installed ``threethirteen`` on the path."""
    folder = Path(sys.executable).parent
    if not (folder / "threethirteen").exists():
        pytest.skip(f"the threethirteen command is not installed beside {sys.executable}")
    env = dict(os.environ, PATH=f"{folder}{os.pathsep}{os.environ.get('PATH', '')}")
    env["PYTHONIOENCODING"] = "utf-8"
    return subprocess.run(
        ["bash", "-c", command], capture_output=True, text=True, env=env, check=False
    )


def play(*argv: str, stdin: str = "") -> tuple[int, str]:
    """``threethirteen play ARGV`` in-process: the status and the output."""
    out = io.StringIO()
    return _cli_play.main(list(argv), io.StringIO(stdin), out), out.getvalue()


# -- an empty hand is never out -------------------------------------------------------


def test_an_empty_hand_is_not_out_in_a_script() -> None:
    """The issue's command printed a blank analysis, then OUT, exit 0."""
    done = shell('HAND=""; threethirteen "$HAND" --wild 3 --check && echo OUT')
    assert (done.returncode, done.stdout, done.stderr) == (
        2,
        "",
        f"threethirteen: error: {EMPTY}\n",
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["", "--wild", "3", "--check"],
        ["", "--wild", "3"],
        ["", "--wild", "none", "--json"],
        ["", "--round", "4"],
        ["", "--round", "4", "--check"],
        ["check", "", "--wild", "3", "--check"],
    ],
)
def test_an_empty_hand_is_refused_by_the_command(run: Run, argv: list[str]) -> None:
    assert run(*argv) == Result(2, "", f"threethirteen: error: {EMPTY}\n")


def test_an_empty_hand_without_a_round_names_why(run: Run) -> None:
    result = run("")
    assert (result.status, result.out) == (2, "")
    assert result.err.startswith(f"threethirteen: error: {EMPTY}")
    assert result.err.count("\n") == 1


@pytest.mark.parametrize("hand", ["", "  ", tt.Hand.parse(""), tt.Hand()])
@pytest.mark.parametrize(
    "call",
    [
        lambda hand, **round_: tt.best_melds(hand, **round_),
        lambda hand, **round_: tt.can_go_out(hand, **round_),
        lambda hand, **round_: tt.is_out(hand, **round_),
        lambda hand, **round_: tt.best_discard(hand, **round_),
        lambda hand, **round_: tt.discards(hand, **round_),
        lambda hand, **round_: tt.check_melds(hand, [], **round_),
        lambda hand, **round_: tt.outs(hand, **round_),
        lambda hand, **round_: tt.stock_outlook(hand, **round_),
        lambda hand, **round_: tt.draw_advice(hand, discard_top="9s", **round_),
    ],
    ids=[
        "best_melds",
        "can_go_out",
        "is_out",
        "best_discard",
        "discards",
        "check_melds",
        "outs",
        "stock_outlook",
        "draw_advice",
    ],
)
def test_an_empty_hand_is_refused_by_the_analysis(call: object, hand: object) -> None:
    for round_ in ({"wild": 3}, {"round": 4}, {"round": tt.Round("pagat", 4)}):
        with pytest.raises(tt.InvalidHandError) as caught:
            call(hand, **round_)  # type: ignore[operator]
        assert str(caught.value) == EMPTY


def test_only_scoring_and_laying_off_take_an_empty_hand() -> None:
    """What a player who went out holds while the others take their last turns."""
    assert tt.deadwood_score("", round=4) == 0
    assert tt.layoff("", ["4h 5h 6h"], wild=None).score == 0


def test_the_rounds_of_a_hand_size_refuse_an_empty_hand() -> None:
    with pytest.raises(tt.InvalidHandError, match=f"^{EMPTY}$"):
        tt.Round.for_hand_size("pagat", 0)
    with pytest.raises(tt.InvalidHandError, match=f"^{EMPTY}$"):
        tt.Round("pagat", 4).holds_drawn(0)


# -- round= as on the command line ------------------------------------------------------


def test_a_round_number_is_a_round_as_on_the_command_line(run: Run) -> None:
    hand = tt.parse_hand(HAND)
    fourth = tt.Round("pagat", 4)
    assert tt.best_melds(hand, round=4) == tt.best_melds(hand, fourth)
    assert tt.best_melds(hand, 4) == tt.best_melds(hand, fourth)
    assert tt.best_melds(hand, np.int64(4)) == tt.best_melds(hand, fourth)
    assert tt.deadwood_score(hand, round=4, rules="bga") == tt.deadwood_score(
        hand, tt.Round("bga", 4)
    )
    # --round 4 --wild none: the wild rank given replaces the round's own.
    assert tt.deadwood_score(hand, round=4, wild=None) == 15
    shown = run(HAND, "--round", "4", "--wild", "none", "--ascii").out.splitlines()
    assert shown[-1] == "score:    15"
    assert tt.outs("9s 9h 4h 5h 6c 7d", round=4) == tt.outs("9s 9h 4h 5h 6c 7d", fourth)
    assert tt.deadwood_scores([HAND], round=4).tolist() == [0]


def test_no_round_is_the_librarys_error_naming_what_to_pass() -> None:
    with pytest.raises(tt.InvalidRulesError) as caught:
        tt.best_melds(tt.parse_hand(HAND))
    assert str(caught.value) == NEEDS_THE_ROUND
    assert not isinstance(caught.value, TypeError)


@pytest.mark.parametrize(
    ("round_", "error", "message"),
    [
        ("4", tt.InvalidRulesError, "round must be an int or a Round, not '4' (round=4, or tt.Round('pagat', 4))"),
        (True, tt.InvalidRulesError, "round must be an int or a Round, not True (round=4, or tt.Round('pagat', 4))"),
        (4.0, tt.InvalidRulesError, "round must be an int or a Round, not 4.0 (round=4, or tt.Round('pagat', 4))"),
        (12, tt.InvalidWildError, "no round 12: these rules play rounds 1 to 11"),
        (0, tt.InvalidWildError, "no round 0: these rules play rounds 1 to 11"),
    ],
)  # fmt: skip
def test_a_bad_round_names_it(round_: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as caught:
        tt.best_melds(HAND, round_)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_a_round_and_a_round_number_with_rules() -> None:
    with pytest.raises(tt.InvalidRulesError, match="not both: the Round has them"):
        tt.best_melds(HAND, tt.Round("pagat", 4), rules="bga")


# -- play: players, prompts, notations, going out -----------------------------------------


def test_a_billion_players_is_one_line_and_exit_2() -> None:
    """It built a list of a billion seats first: 7.8 GB and 37 s, or a MemoryError
    traceback and exit 1 on a smaller machine. Here memory is capped at 1 GiB."""

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    done = subprocess.run(
        [sys.executable, "-m", "threethirteen", "play", "--players", "1000000000"],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, preexec_fn=cap, check=False,
        env=dict(os.environ, OPENBLAS_NUM_THREADS="1"), timeout=120,
    )  # fmt: skip
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "threethirteen: error: the 'pagat' preset is for 2 to 16 players, not 1000000000\n"
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "0"], "the 'pagat' preset is for 2 to 16 players, not 0"),
        (["--players", "-3"], "the 'pagat' preset is for 2 to 16 players, not -3"),
        (["--players", "6", "--rules", "bga"], "the 'bga' preset is for 2 to 5 players, not 6"),
    ],
)
def test_players_outside_the_rules_range(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert play(*argv) == (2, "")
    assert capsys.readouterr().err == f"threethirteen: error: {message}\n"


SEED_3 = ["--players", "2", "--bots", "greedy", "--seed", "3", "--ascii"]
"""Round 1, seed 3: the person draws 3c onto 6d 4h 5h, and discarding 6d goes out."""


def test_input_that_is_no_action_is_told_what_the_prompt_takes() -> None:
    _, out = play(*SEED_3, stdin="xyz\ns\nxyz\nfoo bar\n9x\nquit\n")
    assert (
        "draw (s: stock, d: discard pile)> xyz\n"
        "error: 'xyz' is no action: type 's' to draw from the stock, 'd' to take the discard"
        " pile's top card (Kd), or 'help'\n"
    ) in out
    play_error = "type a card to discard (9s), 'out 9s' to discard it and go out, or 'help'"
    assert f"> xyz\nerror: 'xyz' is no action: {play_error}\n" in out
    assert f"> foo bar\nerror: 'foo bar' is no action: {play_error}\n" in out
    assert f"> 9x\nerror: unknown suit 'x' in '9x': {play_error}\n" in out
    assert "unknown suit 'z'" not in out


def test_table_play_says_so_in_the_same_grammar() -> None:
    argv = ["--rules", "family", "--players", "2", "--bots", "greedy", "--seed", "1"]
    _, out = play(*argv, "--ascii", stdin="s\nxyz\nquit\n")
    assert (
        "error: 'xyz' is no action: type a card to discard (9s), 'out 9s' to discard it and"
        " go out, 'meld 4h 5h 6h' or 'lay off 7h on 0' to play onto the table, or 'help'\n"
    ) in out


def test_going_out_is_shown_without_hints() -> None:
    _, out = play(*SEED_3, stdin="s\nquit\n")
    assert (
        "you drew 3c from the stock\n"
        "hand:     [4h 5h 3c=6h] 6d  (deadwood 6)\n"
        "you can go out: discard 6d (type 'out 6d')\n"
    ) in out
    _, symbols = play(*SEED_3[:-1], stdin="s\nquit\n")
    assert "you can go out: discard 6♦ (type 'out 6d')\n" in symbols


def test_going_out_is_not_shown_when_no_discard_goes_out() -> None:
    _, out = play(*SEED_3, stdin="d\nq\n")  # Kd taken: 6d Kd 4h 5h cannot go out
    assert "hand:     6d Kd 4h 5h  (deadwood 25)\ndiscard (" in out
    assert "you can go out" not in out


OUT = re.compile(r"(?:10|[2-9AJQK])[cdhs♣♦♥♠] x[12] \(discard (?:10|[2-9AJQK])[cdhs♣♦♥♠]\)")
CHANCE = re.compile(
    r"chance:   \d+\.\d% \((\d+) of (\d+) unseen\) that the next stock card is an out"
)


def test_outs_and_chances_are_written_one_way(run: Run) -> None:
    """``check --outs`` and the play hints: ``9♣ x2 (discard 4♥)`` and ``10.5% (10 of
    95 unseen)``, never a reduced fraction beside an unreduced count."""
    checked = run("9s 9h 4h 5h 6c 7d", "--round", "4", "--outs").out.splitlines()
    assert checked[-1] == "chance:   15.3% (15 of 98 unseen) that the next stock card is an out"
    _, hinted = play(*SEED_3[:-1], "--seat", "1", "--hints", stdin="q\n")
    lines = [line for line in hinted.splitlines() if line.startswith(("outs:", "chance:"))]
    assert lines == [
        "outs:     3♣ x1 (discard 9♦), 3♦ x1 (discard 9♦), 3♥ x1 (discard 9♦), 3♠ x1 (discard 9♦)",
        "chance:   8.3% (4 of 48 unseen) that the next stock card is an out",
    ]
    for text in (checked[-2], lines[0]):
        outs = text.removeprefix("outs:").strip().split(", ")
        assert all(OUT.fullmatch(out) for out in outs), outs
    for text in (checked[-1], lines[1]):
        assert CHANCE.fullmatch(text), text
    advice = run("9s 9h 4h 5h 6c 7d", "--round", "4", "--advice", "Kd", "--ascii").out
    assert "goes out 15.5% (15 of 97 unseen)\n" in advice


# -- svg.save(wild=), view.discard_top ------------------------------------------------------


def test_svg_save_takes_wild_as_svg_hand_does(tmp_path: Path) -> None:
    path = tmp_path / "hand.svg"
    svg.save("9s 9h 6c Jk", path, wild=6)
    assert path.read_text(encoding="utf-8") == svg.hand("9s 9h 6c Jk", wild=6)
    assert path.read_text(encoding="utf-8").count(">wild<") == 2
    svg.save(tt.parse_hand("9s 9h 6c"), path, wild="6", size=34)
    assert path.read_text(encoding="utf-8") == svg.hand("9s 9h 6c", wild=6, size=34)
    with pytest.raises(tt.InvalidWildError):
        svg.save("9s", path, wild="x")


def test_svg_save_refuses_wild_for_what_knows_its_wild_cards(tmp_path: Path) -> None:
    melding = tt.best_melds("9s 9h 6c", wild=6)
    with pytest.raises(tt.ThreeThirteenError) as caught:
        svg.save(melding, tmp_path / "m.svg", wild=6)
    assert str(caught.value).startswith("wild= marks the wild cards of a hand, not of a Melding")
    assert not (tmp_path / "m.svg").exists()


def test_view_discard_top() -> None:
    game = tt.Game("pagat", players=2, seed=3)
    view = game.view(1)
    assert view.discard_top == view.piles[0][-1] == tt.Card.parse("Qh")
    game.apply(tt.DrawDiscard())
    assert game.view(1).discard_top is None  # the only card was taken
    assert game.view(0).discard_top is None
    separate = tt.Game("pagat", players=2, seed=3, variations=["separate-discards"])
    with pytest.raises(tt.GameError, match=r"read view.piles\[n\]\[-1\]$"):
        _ = separate.view(0).discard_top


# -- the README ---------------------------------------------------------------------------


def test_the_readme_says_how_long_the_tests_take() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)\n```", readme, flags=re.DOTALL)
    assert blocks[:2] == [
        'pip install . && threethirteen "9s 9h 9d 4h 5h 6c 7d" --round 4',
        "pip install -e '.[test,docs]' && pytest && pytest benchmarks --benchmark-disable",
    ]
    after = readme.partition(blocks[1])[2].partition("```text")[0]
    assert "about\n11 minutes on two busy cores" in after
