"""``layoff``: worked examples, errors, and a brute force over every assignment.

The brute force (``brute_force_layoff``) tries every way to send each hand card
either to the hand or to one table meld; an assignment is valid when each table
meld with its new cards is still a meld whose old cards keep their identities
(every identity is tried for each new wild card; naturals stand for
themselves). Its score is :func:`tests.reference.reference_score` of the cards
kept. It is exponential and only for small hands and few melds.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, product

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

import threethirteen as tt
from tests.common import both
from tests.conftest import examples
from tests.reference import is_wild, reference_score, valid_identities
from threethirteen.hands import layoffs
from threethirteen.hands.layoffs import MAX_LAYOFF_RUNS

Card = tt.Card
PAGAT = tt.Rules.preset("pagat")
BGA = tt.Rules.preset("bga")
FAMILY = tt.Rules.preset("family")


def cards(text: str) -> list[Card]:
    return list(tt.parse_hand(text).cards)


def laid(result: tt.Layoff) -> list[str]:
    return [str(item) for item in result.laid_off]


# -- worked examples -------------------------------------------------------------------


def test_a_ten_onto_a_set_of_tens() -> None:
    result = both.layoff("10h Kd", ["10c 10d 10s"], wild=None)
    assert result.score == 10
    assert laid(result) == ["10h -> 0"]
    assert result.melding.deadwood == (Card.parse("Kd"),)
    assert str(result.table[0]) == "10c 10d 10h 10s"


def test_seven_then_eight_onto_a_run() -> None:
    result = both.layoff("7h 8h Kc", ["4h 5h 6h"], wild=None)
    assert (result.score, laid(result)) == (10, ["7h -> 0", "8h -> 0"])
    assert str(result.table[0]) == "4h 5h 6h 7h 8h"


def test_a_wild_bridges_to_a_natural() -> None:
    result = both.layoff("Jk 8h Kc", ["4h 5h 6h"], wild=None, rules="bga")
    assert (result.score, laid(result)) == (13, ["Jk=7h -> 0", "8h -> 0"])
    assert str(result.table[0]) == "4h 5h 6h Jk=7h 8h"
    # Under the bottom end too: 2h then a wild as 3h onto 4h 5h 6h.
    result = both.layoff("2h 9c", ["4h 5h 6h"], wild=9, rules="pagat")
    assert (result.score, laid(result)) == (0, ["9c=3h -> 0", "2h -> 0"])


def test_a_wild_onto_a_full_run_is_refused() -> None:
    full = "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh"
    result = both.layoff("Jk 9s", [full], wild=None, rules="bga")
    assert (result.score, laid(result)) == (59, [])
    assert result.table == (tt.Meld.parse(full),)
    # The same wild goes onto a run with room, at its top.
    result = both.layoff("Jk 9s", ["Ah 2h 3h"], wild=None, rules="bga")
    assert (result.score, laid(result)) == (9, ["Jk=4h -> 0"])


@pytest.mark.parametrize(
    ("hand", "table", "rules", "score"),
    [
        ("2h", "Qh Kh Ah", "bga", 2),  # would be K-A-2
        ("Kh", "Ah 2h 3h", "bga", 13),  # would be K-A-2
        ("Kh", "Ah 2h 3h", "pagat", 10),
        ("Ah", "Jh Qh Kh", "pagat", 1),  # aces low: no Q-K-A
    ],
)
def test_no_wrap_around_and_aces_low(hand: str, table: str, rules: str, score: int) -> None:
    result = both.layoff(hand, [table], wild=None, rules=rules)
    assert (result.score, laid(result)) == (score, [])


def test_aces_high_at_the_top_and_low_at_the_bottom() -> None:
    assert laid(both.layoff("Ah", ["Jh Qh Kh"], wild=None, rules="bga")) == ["Ah -> 0"]
    assert laid(both.layoff("Ah", ["2h 3h 4h"], wild=None, rules="bga")) == ["Ah -> 0"]
    # A wild cannot be K above an ace-high run: it goes below it.
    result = both.layoff("Jk", ["Qh Kh Ah"], wild=None, rules="bga")
    assert laid(result) == ["Jk=Jh -> 0"]


def test_twins_onto_two_runs() -> None:
    result = both.layoff("7h 7h 2c", ["4h 5h 6h", "4h 5h 6h"], wild=None)
    assert (result.score, laid(result)) == (2, ["7h -> 0", "7h -> 1"])
    assert [str(meld) for meld in result.table] == ["4h 5h 6h 7h", "4h 5h 6h 7h"]
    # Both ends of two equal runs: each copy finds its own place, the 8h goes on top.
    hand = "7h 7h 8h 3h 3h Kd"
    table = ["4h 5h 6h", "4h 5h 6h"]
    result = both.layoff(hand, table, wild=None)
    assert (result.score, result.melding.deadwood) == (10, (Card.parse("Kd"),))
    assert sorted(str(meld) for meld in result.table) == ["3h 4h 5h 6h 7h", "3h 4h 5h 6h 7h 8h"]
    melds = [tt.Meld.parse(text) for text in table]
    assert brute_force_layoff(cards(hand), melds, None, PAGAT) == 10


def test_breaking_a_hand_meld_when_it_pays() -> None:
    # 7h 8h 9h is a run in hand; laying 7h off breaks it: only worth it if it pays.
    keep = both.layoff("7h 8h 9h", ["4h 5h 6h"], wild=None)
    assert (keep.score, laid(keep)) == (0, [])
    assert [str(meld) for meld in keep.melding.melds] == ["7h 8h 9h"]
    # Here the run 7h 8h 9h breaks: 7h goes onto the table run, 8h joins 8c 8d in a
    # set, 9h is left (9). Keeping the run leaves 8c 8d (16); laying off the whole
    # run leaves them too.
    pays = both.layoff("7h 8h 9h 8c 8d", ["4h 5h 6h"], wild=None)
    assert (pays.score, laid(pays)) == (9, ["7h -> 0"])
    assert [str(meld) for meld in pays.melding.melds] == ["8c 8d 8h"]
    assert both.best_melds("7h 8h 9h 8c 8d", wild=None).score == 16


def test_a_wild_or_a_natural_for_the_same_place() -> None:
    # One place left on the run (the ace, at either end). At BGA a joker left over
    # costs 50 and the ace 15: the joker goes on, the ace stays.
    run = ["2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh"]
    result = both.layoff("Ah Jk", run, wild=None, rules="bga")
    assert (result.score, laid(result)) == (15, ["Jk=Ah -> 0"])
    # With 2s wild at their face value, the 2c costs 2 and the ace 1 (pagat, aces
    # high): the ace goes on, the wild 2c stays.
    aces_high = tt.Rules.preset("pagat", ["aces-high=1"])
    result = both.layoff("Ah 2c", run, wild=2, rules=aces_high)
    assert (result.score, laid(result)) == (1, ["2c=Ah -> 0"])
    result = both.layoff("Ah 2c", run, wild=2, rules=tt.Rules.preset("pagat", ["aces-high=5"]))
    assert (result.score, laid(result)) == (2, ["Ah -> 0"])
    # Room for both: the natural then the joker.
    result = both.layoff("7h Jk Kd", ["4h 5h 6h"], wild=None, rules="bga")
    assert (result.score, laid(result)) == (13, ["7h -> 0", "Jk=8h -> 0"])


def test_a_wild_kept_in_a_hand_meld() -> None:
    # The joker could go onto the run, but it makes the set of 7s in hand: 0.
    result = both.layoff("7h Jk 7c 7d", ["4h 5h 6h"], wild=None, rules="bga")
    assert (result.score, laid(result)) == (0, [])
    assert [str(meld) for meld in result.melding.melds] == ["7c 7d 7h Jk=7s"]
    # Two jokers make kings of the Kd; 2h and 9h would need a wild each.
    result = both.layoff("2h 9h Jk Jk Kd", ["4h 5h 6h"], wild=None, rules="bga")
    assert (result.score, laid(result)) == (11, [])
    # Three jokers: one bridges the 2h (as 3h), two make the set of kings; the 9h,
    # two places away, stays.
    result = both.layoff("2h 9h Jk Jk Jk Kd", ["4h 5h 6h"], wild=None, rules="bga")
    assert (result.score, result.melding.deadwood) == (9, (Card.parse("9h"),))
    assert str(result.table[0]) == "2h Jk=3h 4h 5h 6h"
    # Four, and two kings: 3h, 7h and 8h bridge both ends and the kings keep one.
    # (Keeping 9h with two jokers as a set of 9s also scores 0: of equal answers
    # the search keeps the first it finds, and it tries the longest layoffs first.)
    result = both.layoff("2h 9h Jk Jk Jk Jk Kd Kc", ["4h 5h 6h"], wild=None, rules="bga")
    assert result.score == 0
    assert laid(result) == ["Jk=3h -> 0", "2h -> 0", "Jk=7h -> 0", "Jk=8h -> 0", "9h -> 0"]
    assert str(result.table[0]) == "2h Jk=3h 4h 5h 6h Jk=7h Jk=8h 9h"
    assert [str(meld) for meld in result.melding.melds] == ["Kc Kd Jk=Kh"]


def test_wilds_onto_sets_and_naturals_of_the_wild_rank() -> None:
    result = both.layoff("6c 9d 2d", ["9c 9h 9s"], wild=6)
    assert (result.score, laid(result)) == (2, ["9d -> 0", "6c=9c -> 0"])
    # A wild card on the table written without '=' stands for itself: 6c 7c 6h=8c
    # is the run 6c 7c 8c, which the 8c cannot join.
    result = both.layoff("8c", ["6c 7c 6h=8c"], wild=6)
    assert (result.score, laid(result)) == (8, [])
    assert result.table[0].stands_for == tuple(cards("6c 7c 8c"))
    assert laid(both.layoff("9c", ["6c 7c 6h=8c"], wild=6)) == ["9c -> 0"]


# -- errors -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "rules", "message"),
    [
        (["Kh Ah 2h"], "bga", "table meld 'Kh Ah 2h': a run cannot wrap around from K to A to 2"),
        (
            ["Qh Kh Ah"],
            "pagat",
            "table meld 'Qh Kh Ah': aces are low in these rules: Q-K-A is not a run",
        ),
        (["9h 9s"], "pagat", "table meld '9h 9s': a set needs at least 3 cards"),
        (["4h 5h 6h"], "family", "table meld '4h 5h 6h': a run needs at least 4 cards"),
        (["4h 5h 7h"], "pagat", "table meld '4h 5h 7h': the ranks are not consecutive"),
        (["4h 5c 6h"], "pagat", "table meld '4h 5c 6h': neither a set nor a run"),
        (
            ["4h 5h 9c=6h"],
            "pagat",
            "table meld '4h 5h 9c=6h': 9c is marked wild, but is not wild this round",
        ),
        (
            ["Jk 4h 5h"],
            "bga",
            "table meld 'Jk 4h 5h': a joker on the table stands for a card (write Jk=9c)",
        ),
    ],
)
def test_invalid_table_melds(table: list[str], rules: str, message: str) -> None:
    with pytest.raises(tt.InvalidMeldError) as error:
        both.layoff("2c", table, wild=None, rules=rules)
    assert str(error.value) == message


def test_all_wild_table_meld_where_the_rules_forbid_it() -> None:
    rules = tt.Rules.preset("pagat", ["no-all-wild-melds"])
    with pytest.raises(tt.InvalidMeldError, match="wild cards only, which these rules forbid"):
        both.layoff("2c", ["6c=9c 6d=9d 6h=9h"], wild=6, rules=rules)
    assert both.layoff("9s", ["6c=9c 6d=9d 6h=9h"], wild=6).score == 0


def test_too_many_copies_between_hand_and_table() -> None:
    with pytest.raises(tt.InvalidHandError) as error:
        both.layoff("9h 9h", ["9h 9c 9s"], wild=None)
    assert (
        str(error.value) == "3 copies of 9h in the hand and on the table, but 2 decks hold only 2"
    )
    with pytest.raises(tt.InvalidHandError, match="these rules have no jokers"):
        both.layoff("9h", ["9c 9s Jk=9d"], wild=None)
    with pytest.raises(tt.InvalidHandError, match="5 jokers in the hand and on the table"):
        both.layoff("Jk Jk Jk", ["9c Jk=9s Jk=9d"], wild=None, rules="bga")


def test_bad_input() -> None:
    with pytest.raises(tt.InvalidMeldError, match="wrap a single meld in a list"):
        both.layoff("9h", "9c 9s 9d", wild=None)  # type: ignore[arg-type]
    with pytest.raises(tt.InvalidMeldError, match="in meld '9c 9x 9d'"):
        both.layoff("9h", ["9c 9x 9d"], wild=None)
    with pytest.raises(tt.InvalidMeldError, match="not 42"):
        both.layoff("9h", [42], wild=None)  # type: ignore[list-item]
    assert issubclass(tt.InvalidMeldError, ValueError)


FAMILY_JOKERS = tt.Rules.preset("family", ["jokers"])


def test_a_table_with_too_many_runs_in_reach_is_refused() -> None:
    # 6 runs of hearts, each one place from a held heart: 6 runs in reach.
    runs = ["2h 3h 4h 5h", "2h 3h 4h 5h", "3h 4h 5h 6h", "9h 10h Jh Qh", "9h 10h Jh Qh",
            "8h 9h 10h Jh"]  # fmt: skip
    assert MAX_LAYOFF_RUNS == 5
    with pytest.raises(tt.TableTooLargeError) as error:
        both.layoff("Ah 7h Kh 2c", runs, wild=None, rules="family")
    assert str(error.value) == (
        "the hand's cards could go onto 6 runs of the table; layoff searches at most 5"
    )
    assert isinstance(error.value, tt.InvalidMeldError)
    # Five of them are searched; the runs no held card can reach and the sets do not count.
    result = both.layoff("Ah 7h Kh 2c", runs[:5], wild=None, rules="family")
    assert (result.score, len(result.laid_off)) == (5, 3)


def test_a_big_table_within_reach_is_searched() -> None:
    # 25 melds: 20 sets and runs no held card reaches, 5 runs in reach.
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    sets = [f"{rank}c {rank}d {rank}s" for rank in ranks]
    sets += [f"{rank}c {rank}d {rank}h" for rank in ranks[:6]]
    far = ["Ac 2c 3c 4c", "Ad 2d 3d 4d"]
    near = ["2h 3h 4h 5h", "9h 10h Jh Qh", "8s 9s 10s Js", "3s 4s 5s 6s", "7d 8d 9d 10d"]
    table = sets + far + near
    assert len(table) == 25
    result = both.layoff("Ah 7h Kh 7s Jd Kc", table, wild=None, rules=FAMILY_JOKERS)
    assert result.score == 0
    assert len(result.laid_off) == 6  # Kc onto the set of kings


def test_meld_objects_and_empty_inputs() -> None:
    table = [tt.Meld.parse("4h 5h 6c=6h")]
    result = both.layoff("7h", table, wild=6)
    assert (result.score, laid(result)) == (0, ["7h -> 0"])
    assert both.layoff("", [], wild=None).score == 0
    assert both.layoff("Kd Kc Ks", [], wild=None).score == 0


def test_to_dict_is_json_ready() -> None:
    result = both.layoff("Jk 8h Kc", ["4h 5h 6h", "Kd Ks Kh"], wild=None, rules="bga")
    data = json.loads(json.dumps(result.to_dict()))
    assert data["score"] == 0
    assert data["laid_off"] == [
        {"card": "Jk", "meld_index": 0, "stands_for": "7h", "wild": True},
        {"card": "8h", "meld_index": 0, "stands_for": "8h", "wild": False},
        {"card": "Kc", "meld_index": 1, "stands_for": "Kc", "wild": False},
    ]
    assert data["melding"] == {"melds": [], "deadwood": [], "score": 0}
    assert [tt.Meld.from_dict(meld) for meld in data["table"]] == list(result.table)


# -- the brute force ---------------------------------------------------------------------


def _identity_options(meld: tt.Meld, new_wilds: int) -> list[list[Card]]:
    """Identities to try for the new wild cards of a meld: cards of its rank (a set)
    or its suit (a run); no other card can keep it a set or a run."""
    if meld.kind == "set":
        rank = meld.stands_for[0].rank
        assert rank is not None
        pool = [Card.of(rank, suit) for suit in "cdhs"]
        return [list(choice) for choice in combinations_with_replacement(pool, new_wilds)]
    suit = meld.stands_for[0].suit
    assert suit is not None
    pool = [Card.of(rank, suit) for rank in range(1, 14)]
    return [list(choice) for choice in combinations(pool, new_wilds)]


@lru_cache(maxsize=100_000)
def _can_take(meld: tt.Meld, new: tuple[Card, ...], wild_rank: int | None, rules: tt.Rules) -> bool:
    naturals = [card for card in new if not is_wild(card, wild_rank)]
    wilds = len(new) - len(naturals)
    for identities in _identity_options(meld, wilds):
        if valid_identities([*meld.stands_for, *naturals, *identities], rules):
            return True
    return False


def brute_force_layoff(
    hand: list[Card], table: list[tt.Meld], wild_rank: int | None, rules: tt.Rules
) -> int:
    """The lowest score over every assignment of the hand's cards to the hand or a meld."""
    best = None
    for targets in product(range(len(table) + 1), repeat=len(hand)):
        kept = [card for card, target in zip(hand, targets, strict=True) if target == len(table)]
        if all(
            _can_take(
                meld,
                tuple(
                    sorted(
                        card for card, target in zip(hand, targets, strict=True) if target == index
                    )
                ),
                wild_rank,
                rules,
            )
            for index, meld in enumerate(table)
        ):
            score = reference_score(kept, wild_rank, rules)
            best = score if best is None else min(best, score)
    assert best is not None  # keeping every card is always valid
    return best


def test_brute_force_on_hand_made_cases() -> None:
    run = [tt.Meld.parse("4h 5h 6h")]
    assert brute_force_layoff(cards("7h 8h Kc"), run, None, PAGAT) == 10
    assert brute_force_layoff(cards("Jk 8h"), run, None, BGA) == 0
    assert brute_force_layoff(cards("2h"), [tt.Meld.parse("Qh Kh Ah")], None, BGA) == 2
    full = [tt.Meld.parse("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh")]
    assert brute_force_layoff(cards("Jk"), full, None, BGA) == 50
    assert brute_force_layoff(cards("7h 7c 7d 8h"), run, None, PAGAT) == 8
    assert brute_force_layoff(cards("7h 8h 9h 8c 8d"), run, None, PAGAT) == 9


RULE_SETS = [
    *(tt.Rules.preset(name) for name in tt.PRESETS),
    tt.Rules.preset("pagat", ["jokers", "aces-high"]),
    tt.Rules.preset("pagat", ["jokers", "no-all-wild-melds"]),
]


@st.composite
def table_melds(draw: st.DrawFn, rules: tt.Rules, wild_rank: int | None) -> tt.Meld:
    """A valid meld for the table (maybe with a wild card standing in it)."""
    wild_cards = [Card(52)] if rules.jokers else []
    if wild_rank is not None:
        wild_cards += [Card.of(wild_rank, suit) for suit in "cdhs"]
    if draw(st.booleans()):
        rank = draw(st.integers(1, 13))
        suits = draw(
            st.lists(st.sampled_from("cdhs"), min_size=rules.min_set, max_size=rules.min_set + 1)
        )
        identities = [Card.of(rank, suit) for suit in suits]
    else:
        suit = draw(st.sampled_from("cdhs"))
        size = draw(st.integers(rules.min_run, rules.min_run + 2))
        top = 14 if rules.aces == "high-or-low" else 13
        low = draw(st.integers(1, top - size + 1))
        identities = [
            Card.of(14 - 13 if place == 14 else place, suit) for place in range(low, low + size)
        ]
    held = list(identities)
    flags = [False] * len(held)
    if wild_cards and draw(st.booleans()):
        at = draw(st.integers(0, len(held) - 1))
        held[at] = draw(st.sampled_from(wild_cards))
        flags[at] = True
    return tt.Meld(tuple(held), tuple(identities), tuple(flags))


@st.composite
def layoff_cases(draw: st.DrawFn) -> tuple[list[Card], list[tt.Meld], int | None, tt.Rules]:
    rules = draw(st.sampled_from(RULE_SETS))
    wild_rank = draw(st.one_of(st.none(), st.integers(1, 13)))
    table = draw(st.lists(table_melds(rules, wild_rank), min_size=1, max_size=3))
    if draw(st.booleans()):  # equal melds side by side (twins), as two decks allow
        table = [table[0], *table][:3]
    # Hand cards near the table: the cards next to runs (most), its ranks, wilds.
    near = []
    for meld in table:
        ranks = [identity.rank or 0 for identity in meld.stands_for]
        suit = meld.stands_for[0].suit
        assert suit is not None
        if meld.kind == "set":
            near += [Card.of(ranks[0], other) for other in "cdhs"]
        else:
            places = [14 if rank == 1 and 13 in ranks else rank for rank in ranks]
            for place in (min(places) - 2, min(places) - 1, max(places) + 1, max(places) + 2):
                if 1 <= place <= 14:
                    near += [Card.of(1 if place == 14 else place, suit)] * 3
    if rules.jokers:
        near += [Card(52)] * 4
    if wild_rank is not None:
        near += [Card.of(wild_rank, suit) for suit in "cdhs"]
    card = st.one_of(*[st.sampled_from(near)] * 4, st.builds(Card, st.integers(0, 51)))
    drawn = draw(st.lists(card, max_size=6))
    return within_the_pool(drawn, table, rules), table, wild_rank, rules


def within_the_pool(drawn: list[Card], table: list[tt.Meld], rules: tt.Rules) -> list[Card]:
    """The cards drawn, keeping to the copies the game has after the table's."""
    copies = Counter(card for meld in table for card in meld.cards)
    hand = []
    for card in drawn:
        if copies[card] < (rules.jokers if card.code == 52 else rules.decks):
            copies[card] += 1
            hand.append(card)
    return hand


def check_result(
    result: tt.Layoff,
    hand: list[Card],
    table: list[tt.Meld],
    wild_rank: int | None,
    rules: tt.Rules,
) -> None:
    """The layoff is playable card by card, and the cards kept score what it says."""
    left = Counter(hand)
    melds = [(list(meld.cards), list(meld.stands_for)) for meld in table]
    for item in result.laid_off:
        assert left[item.card] > 0, item
        left[item.card] -= 1
        assert item.wild == is_wild(item.card, wild_rank)
        if not item.wild:
            assert item.stands_for == item.card
        held, identities = melds[item.meld_index]
        held.append(item.card)
        identities.append(item.stands_for)
        assert valid_identities(identities, rules), (item, identities)
    kept = sorted(left.elements())
    assert list(result.kept) == kept
    assert result.melding.score == result.score == reference_score(kept, wild_rank, rules)
    for meld in result.melding.melds:
        assert valid_identities(list(meld.stands_for), rules)
    penalties = sum(rules.penalty(card, wild=wild_rank) for card in result.melding.deadwood)
    assert penalties == result.score
    for (held, identities), after in zip(melds, result.table, strict=True):
        assert Counter(held) == Counter(after.cards)
        assert Counter(identities) == Counter(after.stands_for)
    # The table's melds are built trusted: as a checked Meld of the cards, in play order.
    for index, (before, after) in enumerate(zip(table, result.table, strict=True)):
        added = [item for item in result.laid_off if item.meld_index == index]
        checked = tt.Meld(
            before.cards + tuple(item.card for item in added),
            before.stands_for + tuple(item.stands_for for item in added),
            before.wild + tuple(item.wild for item in added),
        )
        assert after == checked


def layoff_or_skip(
    hand: list[Card], table: list[tt.Meld], wild_rank: int | None, rules: tt.Rules
) -> tt.Layoff:
    """``both.layoff``, or skip the example when the drawn table is not valid under the rules."""
    try:
        return both.layoff(tt.Hand(hand), table, wild=wild_rank, rules=rules)
    except (tt.InvalidMeldError, tt.InvalidHandError):
        assume(False)
        raise


@settings(max_examples=examples(150))
@given(layoff_cases())
def test_layoff_matches_the_brute_force(
    case: tuple[list[Card], list[tt.Meld], int | None, tt.Rules],
) -> None:
    hand, table, wild_rank, rules = case
    result = layoff_or_skip(hand, table, wild_rank, rules)
    event(f"cards laid off: {min(len(result.laid_off), 3)}")
    assert result.score == brute_force_layoff(hand, table, wild_rank, rules)
    check_result(result, hand, table, wild_rank, rules)


# -- the pruning against the plain search -------------------------------------------------

LAYOFF_MODULE = layoffs


def plain_layoff_score(
    hand: tt.Hand, table: list[tt.Meld], wild_rank: int | None, rules: tt.Rules
) -> int:
    """The score with no bound (every branch searched) and equal runs grown every way."""
    search_class = LAYOFF_MODULE._Search
    original_init = search_class.__init__

    def init(self: object, *args: object, **kwargs: object) -> None:
        original_init(self, *args, **kwargs)
        self.same = [False] * len(self.same)  # type: ignore[attr-defined]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search_class, "__init__", init)
        patch.setattr(search_class, "bound", lambda self, position, held, used: 0)
        return both.layoff(hand, table, wild=wild_rank, rules=rules).score


@st.composite
def larger_cases(draw: st.DrawFn) -> tuple[list[Card], list[tt.Meld], int | None, tt.Rules]:
    rules = draw(st.sampled_from(RULE_SETS))
    wild_rank = draw(st.one_of(st.none(), st.integers(1, 13)))
    drawn_melds = draw(st.lists(table_melds(rules, wild_rank), min_size=3, max_size=8))
    drawn_melds += drawn_melds[: draw(st.integers(0, 2))]  # equal melds
    table: list[tt.Meld] = []
    on_table: Counter[Card] = Counter()
    for meld in drawn_melds:  # as many as the decks and jokers allow
        after = on_table + Counter(meld.cards)
        if all(
            count <= (rules.jokers if card.code == 52 else rules.decks)
            for card, count in after.items()
        ):
            table.append(meld)
            on_table = after
    near = []
    for meld in table:
        suit = meld.stands_for[0].suit
        assert suit is not None
        near += [Card.of(rank, suit) for rank in range(1, 14)]
    near += [Card(52)] * 3 if rules.jokers else []
    assume(near)
    drawn = draw(st.lists(st.sampled_from(near), min_size=4, max_size=12))
    return within_the_pool(drawn, table, rules), table, wild_rank, rules


@settings(max_examples=examples(40))
@given(larger_cases())
def test_the_bounds_cut_nothing_that_matters(
    case: tuple[list[Card], list[tt.Meld], int | None, tt.Rules],
) -> None:
    hand, table, wild_rank, rules = case
    result = layoff_or_skip(hand, table, wild_rank, rules)
    assert result.score == plain_layoff_score(tt.Hand(hand), table, wild_rank, rules)
    check_result(result, hand, table, wild_rank, rules)
