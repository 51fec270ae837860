"""A decision in plain words (threethirteen.review.words): the exact line of each kind
of decision, in hand-built positions, and the hints of ``play --hints``.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import threethirteen as tt
from tests.conftest import examples
from tests.scripting import deal_next, finish_quickly, scripted
from threethirteen.review.facts import decision_facts
from threethirteen.review.report import MAX_WORDS, Label
from threethirteen.review.words import decision_words, hint_words, points_text

parse = tt.Action.parse


def words(
    game: tt.Game,
    action: str,
    best: str,
    loss: float,
    label: Label | None = "mistake",
    drawn: str | None = None,
) -> str:
    player = game.to_move
    assert player is not None
    view = game.view(player)
    facts = decision_facts(view, game.legal_actions(), parse(action), drawn=drawn)
    return decision_words(view, parse(action), parse(best), loss, facts, label)


def hint(game: tt.Game) -> str:
    player = game.to_move
    assert player is not None
    return hint_words(game.view(player), game.legal_actions())


def first_round(upcard: str, stock: str) -> tt.Game:
    """Round 1 of pagat (3 cards, 3s wild); player 1, to move, holds 7h 8h Kd."""
    return scripted("pagat", 2, (), ["4c 5d Jc", "7h 8h Kd"], upcard, stock)


def round_four(upcard: str, stock: str) -> tt.Game:
    """Round 4 (6 cards, 6s wild): player 0, to move, holds 7h 8h 9h Qc Qd 2s."""
    game = first_round("2c", "9h")
    for _ in range(3):
        game = finish_quickly(game)
    return deal_next(game, ["7h 8h 9h Qc Qd 2s", "Ac Ad As 4c 4d 4s"], upcard, stock)


def test_a_going_out_missed_by_a_discard() -> None:
    game = first_round("2c", "9h")
    game.apply("draw stock")  # 7h 8h 9h Kd
    assert words(game, "discard 7h", "discard Kd out", 18.2, "blunder") == (
        "You could have gone out with 7h 8h 9h by discarding Kd (about 18 points)."
    )
    assert words(game, "discard Kd", "discard Kd out", 17.96, "blunder") == (
        "You discarded Kd without going out: you could have gone out with 7h 8h 9h"
        " (about 18 points)."
    )
    # A going out missed is said even when the loss is too small for a label.
    assert words(game, "discard Kd", "discard Kd out", 1.5, None) == (
        "You discarded Kd without going out: you could have gone out with 7h 8h 9h"
        " (about 1.5 points)."
    )


def test_a_going_out_missed_by_a_draw() -> None:
    game = first_round("9h", "2c")
    assert words(game, "draw stock", "draw discard", 18.2, "blunder", drawn="2c") == (
        "You could have gone out with 7h 8h 9h by taking the 9h and discarding Kd"
        " (about 18 points)."
    )


def test_a_meld_broken() -> None:
    game = round_four("10c", "Kc")
    game.apply("draw stock")
    assert words(game, "discard 8h", "discard Kc", 4.24, "inaccuracy") == (
        "Discarding 8h broke the run 7h 8h 9h; Kc was best (about 4.2 points)."
    )


def test_a_pile_card_that_completed_nothing() -> None:
    game = first_round("2c", "9h")
    assert words(game, "draw discard", "draw stock", 3.14, "inaccuracy") == (
        "Taking the 2c completed nothing: the stock was worth 3.1 points more."
    )


def test_draws_that_passed_up_the_better_one() -> None:
    game = first_round("7c", "2c")
    assert words(game, "draw stock", "draw discard", 2.5, drawn="2c") == (
        "Drawing from the stock passed up the 7c, worth 2.5 points more."
    )
    game = round_four("10h", "Kc")  # the 10h makes the run 7h-10h: it completes something
    assert words(game, "draw discard", "draw stock", 12.0, "blunder") == (
        "Taking the 10h passed up the stock, worth 12 points more."
    )


def test_discards_by_deadwood_outs_or_neither() -> None:
    game = round_four("10c", "Kc")
    game.apply("draw stock")  # 7h 8h 9h Qc Qd 2s Kc: Qd, Kc or Qc leave 22
    assert words(game, "discard 2s", "discard Kc", 3.0, "inaccuracy") == (
        "Discarding 2s left 30 points of deadwood; Kc, the best, left 22 (about 3.0 points)."
    )
    assert words(game, "discard Qc", "discard Kc", 2.0, "inaccuracy") == (
        "Discarding Qc left 0 outs; Kc, the best, left 6 (about 2.0 points)."
    )
    # Qd leaves 22 as Kc does, but 5 outs (a 6 or the Jc with Qc Kc) to Kc's 6 (a 6, Qh, Qs)
    assert words(game, "discard Qd", "discard Kc", 2.5, "inaccuracy") == (
        "Discarding Qd left 5 outs; Kc, the best, left 6 (about 2.5 points)."
    )
    assert words(game, "discard Kc", "discard Qd", 6.25, "mistake") == (
        "Discarding Kc gave away about 6.2 points; Qd was best."
    )


def test_no_words_for_what_cost_nothing_worth_saying() -> None:
    game = first_round("2c", "9h")
    assert words(game, "draw discard", "draw stock", 1.2, None) == ""
    assert words(game, "draw stock", "draw stock", 0.0, None, drawn="9h") == ""
    assert words(game, "draw discard", "draw stock", 0.0, "inaccuracy") == ""


def test_a_table_play_in_words() -> None:
    game = scripted("family", 2, (), ["4c 5d Jc", "9c 9d 9h"], "2c", "Ks")
    game.apply("draw stock")  # the family rules lay melds on the table
    assert words(game, "meld 9c 9d 9h", "discard Ks out", 3.0, "inaccuracy") == (
        "Laying 9c 9d 9h gave away about 3.0 points; going out with Ks was best."
    )


@pytest.mark.parametrize(
    ("points", "text"), [(0.04, "0.0"), (4.25, "4.2"), (9.94, "9.9"), (9.96, "10"), (18.5, "18")]
)
def test_points_text(points: float, text: str) -> None:
    assert points_text(points) == text


def test_hints() -> None:
    assert (
        hint(first_round("9h", "2c")) == "Take the 9h: you go out with 7h 8h 9h by discarding Kd."
    )
    assert hint(first_round("2c", "9h")) == (
        "Take the 2c: it leaves 17 points of deadwood, against 19.08 expected from the stock."
    )
    assert hint(first_round("7c", "2c")) == (
        "Draw from the stock: taking the 7c completes nothing (22 points of deadwood left,"
        " against 18.98 expected from the stock)."
    )
    game = first_round("2c", "9h")
    game.apply("draw stock")
    assert hint(game) == "Go out with 7h 8h 9h by discarding Kd."
    game = round_four("10c", "Kc")
    game.apply("draw stock")
    assert hint(game) == "Discard Qd: it leaves 22 points of deadwood and 5 outs."


def test_a_hint_when_there_is_nothing_to_weigh() -> None:
    game = first_round("2c", "9h")
    view = game.view(1)
    assert hint_words(view, [tt.DrawStock()]) == (
        "Draw from the stock: there is no pile to take from."
    )
    assert hint_words(view, []) == ""


def test_piles_are_named_under_separate_discards() -> None:
    game = tt.Game("bga", 3, seed=2, variations=["separate-discards"])
    while sum(1 for pile in game.piles if pile) < 2 or game.phase != "draw":
        game.apply(tt.GreedyBot().act(game.view(game.to_move), game.legal_actions()))
    player = game.to_move
    assert player is not None
    view = game.view(player)
    piles = [a for a in game.legal_actions() if isinstance(a, tt.DrawDiscard)]
    taken, other = piles[0], piles[1]
    card = view.piles[taken.pile or 0][-1]
    facts = decision_facts(view, game.legal_actions(), taken)
    text = decision_words(view, taken, other, 3.0, facts, "inaccuracy")
    assert text.startswith(f"Taking the {card} of pile {taken.pile} ")
    assert f"the {view.piles[other.pile or 0][-1]} of pile {other.pile}" in text
    assert hint_words(view, game.legal_actions()) == hint_words(view)  # the implied draws


@settings(max_examples=examples(30))
@given(st.integers(0, 10_000), st.integers(0, 80), st.integers(0, 100), st.integers(0, 100))
def test_words_of_any_decision_are_one_short_line(
    seed: int, steps: int, pick: int, other: int
) -> None:
    game = tt.Game("pagat", players=2, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            return
        game.apply(rng.choice(game.legal_actions()))
    if game.is_over:
        return
    player = game.to_move
    assert player is not None
    view, legal = game.view(player), game.legal_actions()
    action, best = legal[pick % len(legal)], legal[other % len(legal)]
    drawn = game.stock[0] if isinstance(action, tt.DrawStock) else None
    facts = decision_facts(view, legal, action, drawn=drawn)
    text = decision_words(view, action, best, 12.5, facts, "blunder")
    assert (text == "") == (action == best)
    assert "\n" not in text
    assert len(text) <= MAX_WORDS
    hint = hint_words(view, legal)
    assert hint
    assert "\n" not in hint
