"""Adversarial hands: long suits, blocks of ranks, wild-heavy and twin-heavy hands,
the largest hands the API accepts. Each is solved exactly (the benchmarks say how
fast); the scores here are worked out by hand in the comments."""

from __future__ import annotations

import pytest

import threethirteen as tt
from tests.common import both

PAGAT = tt.Rules.preset("pagat")
ACES_HIGH = tt.Rules.preset("pagat", ["aces-high"])
BGA = tt.Rules.preset("bga")
FAMILY_JOKERS = tt.Rules.preset("family", ["jokers"], players=8)
NO_ALL_WILD = tt.Rules.preset("pagat", ["jokers", "no-all-wild-melds"])

ONE_SUIT = "As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks"
BLOCK = "Ac 2c 3c 4c Ad 2d 3d 4d Ah 2h 3h 4h As 2s 3s 4s"

CASES = [
    # 16 cards of one suit: A-K is one run, the twins A-3 another.
    ("one suit, 16 cards", ONE_SUIT + " As 2s 3s", None, PAGAT, 0),
    ("one suit, 16 cards, aces high", ONE_SUIT + " As 2s 3s", None, ACES_HIGH, 0),
    # A-K and twins Q K: two runs through Q need two Js (or 10s), so a Q and a K are
    # left (20) ...
    ("one suit, twins Q K", ONE_SUIT + " Qs Ks", None, PAGAT, 20),
    # ... but with aces high Q-K-A, J-Q-K and 2-10 meld all 15.
    ("one suit, twins Q K, aces high", ONE_SUIT + " Qs Ks", None, ACES_HIGH, 0),
    # A-K and twins 5 7 9: A-5, 5-7, 7-9 and 9-K meld all 16.
    ("one suit, twins 5 7 9", ONE_SUIT + " 5s 7s 9s", None, PAGAT, 0),
    # ... unless a run gives them up: 5-9 twice would leave A-4 and 10-K, both runs.
    ("one suit, two runs", ONE_SUIT + " 5s 6s 7s 8s 9s", None, PAGAT, 0),
    # 4x4 blocks: four runs (or four sets) of four.
    ("A-4 of every suit", BLOCK, None, PAGAT, 0),
    ("10-K of every suit", "10c Jc Qc Kc 10d Jd Qd Kd 10h Jh Qh Kh 10s Js Qs Ks", None, PAGAT, 0),
    # A-4 of every suit but 4s: runs A-3 in every suit and a set of three 4s.
    ("A-4 block less one", BLOCK.replace(" 4s", ""), None, PAGAT, 0),
    # A-4 of every suit with 4s and As wild (wild rank 4): everything still melds.
    ("A-4 block, 4s wild", BLOCK, 4, PAGAT, 0),
    # 12 wilds in 16 cards: each natural takes two wilds, the other four join melds.
    (
        "12 wilds, 4 naturals",
        "7c 7c 7d 7d 7h 7h 7s 7s Jk Jk Jk Jk 2c 5d 9h Ks",
        7,
        FAMILY_JOKERS,
        0,
    ),
    ("12 wilds, bga", "7c 7c 7d 7d 7h 7h 7s 7s 2c 2d 2h 2s 2c 5d 9h Ks", 7, BGA, 0),
    # Twelve wilds that may not meld alone still find a home beside the naturals.
    (
        "12 wilds, no all-wild melds",
        "7c 7d 7h 7s Jk Jk 7c 7d 7h 7s Jk Jk 3c 5d 9h Ks",
        7,
        tt.Rules.preset("family", ["jokers", "no-all-wild-melds"], players=8),
        0,
    ),
    # Every twin pair: two runs A-4 of clubs and two runs 5-8 of diamonds.
    (
        "eight twin pairs that meld",
        "Ac Ac 2c 2c 3c 3c 4c 4c 5d 5d 6d 6d 7d 7d 8d 8d",
        None,
        PAGAT,
        0,
    ),
    # Eight twin pairs that never meld: 2 x (1 + 3 + 5 + 7 + 9 + 10 + 10 + 2) = 94.
    ("eight twin pairs apart", "Ac Ac 5d 5d 9h 9h Ks Ks 3c 3c 7d 7d Jh Jh 2s 2s", None, PAGAT, 94),
    # The largest hand: 20 cards, A-5 of every suit (runs A-5), four decks.
    ("20 cards, A-5 of every suit", BLOCK + " 5c 5d 5h 5s", None, FAMILY_JOKERS, 0),
    # 20 cards: eight pairs and four jokers, family rules (runs of 4, A = 15, 2-9 = 5,
    # 10-K = 10): each joker makes a pair a set; the dearest pairs (A, 10, and two of
    # the 5-point pairs) take them, and four 5-point pairs are left: 40.
    (
        "20 cards, twins and jokers",
        "Ac Ac 2c 2c 3d 3d 4d 4d 6h 6h 7h 7h 9s 9s 10s 10s Jk Jk Jk Jk",
        None,
        FAMILY_JOKERS,
        40,
    ),
]


EVERY_CASE = pytest.mark.parametrize(
    ("hand", "wild", "rules", "expected"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)


@EVERY_CASE
def test_adversarial_hands_are_solved_exactly(
    hand: str, wild: int | None, rules: tt.Rules, expected: int
) -> None:
    melding = both.best_melds(hand, wild=wild, rules=rules)
    assert melding.score == expected
    assert both.deadwood_score(hand, wild=wild, rules=rules) == expected
    assert sorted(melding.cards) == sorted(tt.parse_hand(hand).cards)
    assert sum(rules.penalty(card, wild=wild) for card in melding.deadwood) == expected


@EVERY_CASE
def test_adversarial_hands_discard_exactly(
    hand: str, wild: int | None, rules: tt.Rules, expected: int
) -> None:
    parsed = tt.parse_hand(hand)
    card, melding = both.best_discard(parsed, wild=wild, rules=rules)
    loop = min(
        both.deadwood_score(parsed.without(other), wild=wild, rules=rules) for other in set(parsed)
    )
    assert melding.score == loop
    assert both.deadwood_score(parsed.without(card), wild=wild, rules=rules) == loop
    assert both.can_go_out(parsed, wild=wild, rules=rules) == (loop == 0 and not melding.deadwood)
