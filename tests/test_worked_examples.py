"""The worked examples of RULES.md section 8, with exact scores and exact melds.

Where several meldings are equally good, the test lists every optimal
alternative and asserts that the library's answer is one of them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from itertools import permutations, product

import pytest

import threethirteen as tt
from tests.common import both
from threethirteen import Card, Meld, Melding, Rules

SUITS = "cdhs"


def meldings(
    *alternatives: tuple[Iterable[str], Iterable[str]],
) -> list[tuple[frozenset[Meld], list[str]]]:
    """Optimal alternatives as (melds, sorted deadwood notation)."""
    return [
        (frozenset(Meld.parse(text) for text in melds), sorted(deadwood))
        for melds, deadwood in alternatives
    ]


def shape(melding: Melding) -> tuple[frozenset[Meld], list[str]]:
    return frozenset(melding.melds), sorted(str(card) for card in melding.deadwood)


def assert_one_of(
    melding: Melding, score: int, alternatives: list[tuple[frozenset[Meld], list[str]]]
) -> None:
    assert melding.score == score, str(melding)
    assert len(set(melding.melds)) == len(melding.melds), str(melding)
    assert shape(melding) in alternatives, f"{melding} is none of the optimal meldings"


# -- Round 4 (6 cards, 6s wild) ------------------------------------------------------


# The 6c could as well stand for 3h: both readings are optimal.
ROUND_4 = meldings(
    (["9d 9h 9s", "4h 5h 6c=6h"], []),
    (["9d 9h 9s", "6c=3h 4h 5h"], []),
)


def test_round_4_example() -> None:
    """9♠ 9♥ 9♦ 4♥ 5♥ 6♣, 6s wild: a set of 9s and the run 4♥ 5♥ [6♣ as 6♥]."""
    melding = both.best_melds("9s 9h 9d 4h 5h 6c", wild=6, rules="pagat")
    assert_one_of(melding, 0, ROUND_4)
    assert melding.deadwood == ()
    assert both.deadwood_score("9s 9h 9d 4h 5h 6c", wild="6") == 0


def test_round_4_example_reads_as_on_the_sheet() -> None:
    """The sheet's own reading: 6♣ as 6♥."""
    melding = both.best_melds("9s 9h 9d 4h 5h 6c", wild=6, rules="pagat")
    assert sorted(str(meld) for meld in melding.melds) == ["4h 5h 6c=6h", "9d 9h 9s"]


@pytest.mark.parametrize("preset", ["pagat", "wikipedia", "bga"])
def test_round_4_example_in_other_rule_sets(preset: str) -> None:
    melding = both.best_melds("9s 9h 9d 4h 5h 6c", wild=6, rules=preset)
    assert_one_of(melding, 0, ROUND_4)


def test_round_4_example_goes_out_after_a_draw() -> None:
    hand = "9s 9h 9d 4h 5h 6c Kd"
    assert both.can_go_out(hand, wild=6)
    card, melding = both.best_discard(hand, wild=6)
    assert card == Card.parse("Kd")
    assert_one_of(melding, 0, ROUND_4)


# -- K, 4 and A ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "score"),
    [
        (Rules.preset("pagat"), 15),
        (Rules.preset("wikipedia"), 18),
        (Rules.preset("pagat", ["second-count"]), 18),
    ],
    ids=["pagat-pictures-10", "wikipedia-K13", "pagat-second-count-K13"],
)
def test_king_four_ace(rules: Rules, score: int) -> None:
    """Left with K, 4 and A: 15 with pictures at 10, 18 with K=13."""
    melding = both.best_melds("Ks 4d Ac", wild=None, rules=rules)
    assert melding.score == score
    assert melding.melds == ()
    assert [str(card) for card in melding.deadwood] == ["Ac", "4d", "Ks"]
    assert both.deadwood_score("Ks 4d Ac", wild=None, rules=rules) == score


# -- 5s wild: 4♥ 6♥ and any 5 ------------------------------------------------------


@pytest.mark.parametrize("suit", SUITS)
def test_any_five_completes_four_six_of_hearts(suit: str) -> None:
    """With 5s wild, 4♥ 6♥ and any 5 (5♥ itself included) are a run."""
    melding = both.best_melds(f"4h 6h 5{suit}", wild=5, rules="pagat")
    assert melding.score == 0
    assert melding.deadwood == ()
    assert [str(meld) for meld in melding.melds] == [f"4h 5{suit}=5h 6h"]
    assert melding.melds[0].kind == "run"


def test_a_five_is_not_wild_in_another_round() -> None:
    melding = both.best_melds("4h 6h 5c", wild=3, rules="pagat")
    assert melding.score == 15
    assert melding.melds == ()


# -- One 9 with two wild cards -------------------------------------------------------


def _nine_with_wilds_alternatives(runs: bool) -> list[tuple[frozenset[Meld], list[str]]]:
    """9h 3c 3d with 3s wild: every way to meld all three cards."""
    texts = [f"9h 3c=9{a} 3d=9{b}" for a, b in product(SUITS, repeat=2)]
    if runs:
        for low in (7, 8, 9):
            others = [rank for rank in range(low, low + 3) if rank != 9]
            for first, second in permutations(others):
                name = {11: "J"}
                texts.append(f"9h 3c={name.get(first, first)}h 3d={name.get(second, second)}h")
    return [(frozenset([Meld.parse(text)]), []) for text in texts]


def test_one_nine_with_two_wilds_is_a_set() -> None:
    """One 9 with two wild cards is a set of 9s: the set is a valid meld..."""
    meld = Meld.parse("9h 3c=9c 3d=9d")
    assert meld.kind == "set"
    melding = both.best_melds("9h 3c 3d", wild=3, rules="pagat")
    # ...and the hand melds completely; a run 7-8-9, 8-9-10 or 9-10-J of hearts
    # would tie, so any of them is a correct answer.
    assert_one_of(melding, 0, _nine_with_wilds_alternatives(runs=True))


def test_one_nine_with_two_wilds_where_only_the_set_can_be() -> None:
    """With runs of 4 (family sheet) the three cards can only be the set of 9s."""
    melding = both.best_melds("9h 3c 3d", wild=3, rules="family")
    assert_one_of(melding, 0, _nine_with_wilds_alternatives(runs=False))
    assert melding.melds[0].kind == "set"
    assert {identity.rank for identity in melding.melds[0].stands_for} == {9}


def test_one_nine_with_two_wilds_without_all_wild_melds() -> None:
    rules = Rules.preset("pagat", ["no-all-wild-melds"])
    melding = both.best_melds("9h 3c 3d", wild=3, rules=rules)
    assert_one_of(melding, 0, _nine_with_wilds_alternatives(runs=True))


# -- 5♠ 6♠ 7♠ 6♥ 6♦ (two decks) ---------------------------------------------------

RUN_OR_SET = meldings(
    (["5s 6s 7s"], ["6d", "6h"]),
    (["6d 6h 6s"], ["5s", "7s"]),
)


@pytest.mark.parametrize("preset", ["pagat", "wikipedia"])
def test_run_or_set_of_sixes(preset: str) -> None:
    """Either the run 5-6-7♠ with two 6s left (12) or the set of 6s with 5♠ 7♠ left
    (12): whichever costs less, and here they tie."""
    melding = both.best_melds("5s 6s 7s 6h 6d", wild=None, rules=preset)
    assert_one_of(melding, 12, RUN_OR_SET)


@pytest.mark.parametrize(
    ("hand", "preset", "score", "melds", "deadwood"),
    [
        # run 5-6-7♠ leaves 7+7 = 14; the set of 7s leaves 5+6 = 11
        ("5s 6s 7s 7h 7d", "pagat", 11, ["7d 7h 7s"], ["5s", "6s"]),
        # run 5-6-7♠ leaves 5+5 = 10; the set of 5s leaves 6+7 = 13
        ("5s 6s 7s 5h 5d", "pagat", 10, ["5s 6s 7s"], ["5d", "5h"]),
        # bga aces cost 15: run A-2-3♠ leaves 2+2 = 4; the set of 2s leaves 15+3 = 18
        ("As 2s 3s 2h 2d", "bga", 4, ["As 2s 3s"], ["2d", "2h"]),
    ],
)
def test_run_or_set_whichever_costs_less(
    hand: str, preset: str, score: int, melds: list[str], deadwood: list[str]
) -> None:
    """The same choice as 5♠ 6♠ 7♠ 6♥ 6♦ where one side is cheaper."""
    melding = both.best_melds(hand, wild=None, rules=preset)
    assert melding.score == score
    assert set(melding.melds) == {Meld.parse(text) for text in melds}
    assert sorted(str(card) for card in melding.deadwood) == deadwood


def test_run_or_set_of_sixes_needs_two_decks() -> None:
    one_deck = dataclasses.replace(Rules.preset("pagat"), decks=1)
    assert both.deadwood_score("5s 6s 7s 6h 6d", wild=None, rules=one_deck) == 12  # no twins here
    with pytest.raises(tt.InvalidHandError):
        both.best_melds("9h 9h 9s", wild=None, rules=one_deck)


# -- 2♣ 6♣ 9♣ -------------------------------------------------------------------------


@pytest.mark.parametrize("wild", [None, 3])
def test_two_six_nine_of_clubs_is_no_run(wild: int | None) -> None:
    """2♣ 6♣ 9♣ (no wilds): no run; all three count."""
    melding = both.best_melds("2c 6c 9c", wild=wild, rules="pagat")
    assert melding.score == 17
    assert melding.melds == ()
    assert [str(card) for card in melding.deadwood] == ["2c", "6c", "9c"]


# -- twins ------------------------------------------------------------------------------


def test_twins_in_a_set() -> None:
    """Two 9♥ and a 9♠ are a set."""
    melding = both.best_melds("9h 9h 9s", wild=None, rules="pagat")
    assert melding.score == 0
    assert melding.deadwood == ()
    assert [str(meld) for meld in melding.melds] == ["9h 9h 9s"]
    assert melding.melds[0].kind == "set"


def test_twins_never_share_a_run() -> None:
    """9♥ 9♥ 10♥ J♥ is a run plus a spare 9♥."""
    melding = both.best_melds("9h 9h 10h Jh", wild=None, rules="pagat")
    assert melding.score == 9
    assert [str(meld) for meld in melding.melds] == ["9h 10h Jh"]
    assert [str(card) for card in melding.deadwood] == ["9h"]


# -- the Gin Rummy check ----------------------------------------------------------------

GIN_RULES = dataclasses.replace(Rules.preset("pagat"), decks=1)


def test_gin_rummy_check_example() -> None:
    """No wild card in the hand, one deck, aces low, pictures at 10: the deadwood is
    Gin Rummy's minimum deadwood (tests/test_gin_rummy.py checks it at large)."""
    melding = both.best_melds("As 2s 3s 4s 4h 4d 5h 6h 7h Kc", wild=None, rules=GIN_RULES)
    # A-2-3♠, 4♠ 4♥ 4♦, 5-6-7♥, K♣ left: 10. (A-4♠ and 4-7♥ would leave 4♦ K♣: 14.)
    assert melding.score == 10
    assert set(melding.melds) == {
        Meld.parse("As 2s 3s"),
        Meld.parse("4d 4h 4s"),
        Meld.parse("5h 6h 7h"),
    }
    assert [str(card) for card in melding.deadwood] == ["Kc"]


def test_gin_rummy_check_holds_with_a_wild_rank_not_in_the_hand() -> None:
    hand = "As 2s 3s 4s 4h 4d 5h 6h 7h Kc"
    assert both.deadwood_score(hand, wild=8, rules=GIN_RULES) == 10
