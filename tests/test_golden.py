"""Golden table: hands whose scores were worked out by hand from RULES.md.

Each row of ``tests/data/golden.csv`` gives the rules (a preset, variations
separated by ``;`` and optional ``field=int`` overrides of :class:`Rules`
fields), the round's wild rank (empty for none), the hand, the expected deadwood
score, the expected answer of :func:`can_go_out` for hands of the round's size
plus one (empty otherwise) and a comment that says why.

Besides the score, every best melding the library returns is checked here
against the rules with an independent checker: the cards add up to the hand,
each meld is a valid set or run, and the deadwood costs the score.
"""

from __future__ import annotations

import csv
import dataclasses
from collections import Counter
from pathlib import Path
from typing import Any, NamedTuple

import pytest

import threethirteen as tt
from tests.common import both
from threethirteen import Card, Meld, Melding, Rules
from threethirteen.hands import meld_rules

GOLDEN = Path(__file__).parent / "data" / "golden.csv"

_WILD_RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}


class Row(NamedTuple):
    line: int
    preset: str
    variations: tuple[str, ...]
    overrides: dict[str, Any]
    wild: str | None
    hand: str
    score: int
    can_go_out: bool | None
    comment: str

    @property
    def rules(self) -> Rules:
        return dataclasses.replace(
            Rules.preset(self.preset, variations=list(self.variations)), **self.overrides
        )

    @property
    def wild_rank(self) -> int | None:
        if self.wild is None:
            return None
        return _WILD_RANKS.get(self.wild.upper()) or int(self.wild)

    @property
    def dealt(self) -> int | None:
        """Cards dealt in the round of this wild rank (14 for aces, 15 for 2s)."""
        rank = self.wild_rank
        if rank is None:
            return None
        return {1: 14, 2: 15}.get(rank, rank)

    def describe(self) -> str:
        rules = self.preset + "".join(f"+{v}" for v in self.variations)
        rules += "".join(f" {k}={v}" for k, v in self.overrides.items())
        return f"golden.csv line {self.line}: [{rules}] wild={self.wild} hand={self.hand!r}: {self.comment}"


def _load() -> list[Row]:
    rows = []
    with GOLDEN.open(newline="", encoding="utf-8") as handle:
        for line, record in enumerate(csv.DictReader(handle), start=2):
            overrides = {}
            for item in filter(None, record["overrides"].split(";")):
                key, _, value = item.partition("=")
                overrides[key.strip()] = int(value)
            go_out = record["can_go_out"].strip()
            rows.append(
                Row(
                    line=line,
                    preset=record["preset"].strip(),
                    variations=tuple(filter(None, record["variations"].split(";"))),
                    overrides=overrides,
                    wild=record["wild"].strip() or None,
                    hand=record["hand"].strip(),
                    score=int(record["score"]),
                    can_go_out=None if not go_out else go_out == "True",
                    comment=record["comment"],
                )
            )
    return rows


ROWS = _load()


def _id(row: Row) -> str:
    return f"line{row.line}-{row.preset}-{row.hand.replace(' ', '_')}"


def test_table_is_large_and_covers_every_preset() -> None:
    assert len(ROWS) >= 40
    assert {row.preset for row in ROWS} >= {"pagat", "wikipedia", "bga", "family"}
    assert max(len(tt.parse_hand(row.hand)) for row in ROWS) == 16
    assert any(row.can_go_out is True for row in ROWS)
    assert any(row.can_go_out is False for row in ROWS)


@pytest.mark.parametrize("row", ROWS, ids=_id)
def test_go_out_column_is_filled_exactly_for_round_size_plus_one(row: Row) -> None:
    size = len(tt.parse_hand(row.hand))
    expected_filled = row.dealt is not None and size == row.dealt + 1
    assert (row.can_go_out is not None) == expected_filled, row.describe()


@pytest.mark.parametrize("row", ROWS, ids=_id)
def test_golden_score(row: Row) -> None:
    score = both.deadwood_score(row.hand, wild=row.wild, rules=row.rules)
    assert score == row.score, f"{row.describe()}: library says {score}, expected {row.score}"


@pytest.mark.parametrize("row", [row for row in ROWS if row.can_go_out is not None], ids=_id)
def test_golden_can_go_out(row: Row) -> None:
    answer = both.can_go_out(row.hand, wild=row.wild, rules=row.rules)
    assert answer == row.can_go_out, f"{row.describe()}: library says {answer}"


@pytest.mark.parametrize("row", ROWS, ids=_id)
def test_golden_best_melding_is_valid(row: Row) -> None:
    rules = row.rules
    melding = both.best_melds(row.hand, wild=row.wild, rules=rules)
    assert melding.score == row.score, f"{row.describe()}: best_melds says {melding}"
    problems = melding_problems(melding, tt.parse_hand(row.hand).cards, row.wild_rank, rules)
    assert not problems, f"{row.describe()}: {melding}: {problems}"


# -- an independent checker of meldings, straight from RULES.md sections 2-4 ----------


def _penalty(card: Card, wild_rank: int | None, rules: Rules) -> int:
    if card.is_joker:
        return rules.joker_penalty
    assert card.rank is not None
    if card.rank == wild_rank and rules.wild_penalty is not None:
        return rules.wild_penalty
    return rules.card_values[card.rank - 1]


def meld_problem(meld: Meld, wild_rank: int | None, rules: Rules) -> str | None:
    """Why ``meld`` is not a valid set or run under ``rules``, or None when it is: the
    solver marks exactly the wild cards wild, and the library's meld rules accept the
    meld with the identities it gives."""
    for card, flagged in zip(meld.cards, meld.wild, strict=True):
        if flagged != meld_rules.is_wild(card, wild_rank):
            return f"{card} is marked {'wild' if flagged else 'not wild'}"
    cards, identities = meld_rules.meld_parts(meld)
    return meld_rules.meld_problem(cards, identities, wild_rank, rules)


def melding_problems(
    melding: Melding, hand: tuple[Card, ...], wild_rank: int | None, rules: Rules
) -> list[str]:
    problems = []
    used = [card for meld in melding.melds for card in meld.cards] + list(melding.deadwood)
    if Counter(used) != Counter(hand):
        problems.append(f"cards {sorted(map(str, used))} are not the hand")
    for meld in melding.melds:
        problem = meld_problem(meld, wild_rank, rules)
        if problem:
            problems.append(f"[{meld}]: {problem}")
    cost = sum(_penalty(card, wild_rank, rules) for card in melding.deadwood)
    if cost != melding.score:
        problems.append(f"the deadwood costs {cost}, not {melding.score}")
    return problems


def test_checker_rejects_bad_melds() -> None:
    pagat = Rules.preset("pagat")
    assert meld_problem(Meld.parse("4h 5h 6c=6h"), 6, pagat) is None
    assert meld_problem(Meld.parse("Qh Kh Ah"), None, pagat) is not None
    assert meld_problem(Meld.parse("Qh Kh Ah"), None, Rules.preset("bga")) is None
    with pytest.raises(tt.InvalidMeldError):  # K-A-2 is not even a meld shape
        Meld.parse("Kh Ah 2h")
    assert meld_problem(Meld.parse("4h 5h 6h"), None, Rules.preset("family")) is not None
    assert meld_problem(Meld.parse("3c=9c 3d=9d 3h=9h"), 3, pagat) is None
    no_all_wild = Rules.preset("pagat", ["no-all-wild-melds"])
    assert meld_problem(Meld.parse("3c=9c 3d=9d 3h=9h"), 3, no_all_wild) is not None
    assert meld_problem(Meld.parse("4h 5h 6h=6h"), 6, pagat) is None
    assert meld_problem(Meld.parse("4h 5h 6h"), 6, pagat) is not None  # 6h is wild
