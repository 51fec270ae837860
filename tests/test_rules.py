"""Rules as data: presets, variations, deck counts, round schedules, wild ranks."""

from __future__ import annotations

import dataclasses
import json

import pytest

import threethirteen as tt
from tests.common import both
from threethirteen import Card, Rules

PICTURES_10 = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
PICTURES_11_12_13 = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        (
            "pagat",
            dict(
                decks=2,
                jokers=0,
                aces="low",
                min_set=3,
                min_run=3,
                card_values=PICTURES_10,
                wild_penalty=None,
                layoff=False,
                last_turns=True,
            ),
        ),
        (
            "wikipedia",
            dict(
                decks=2,
                jokers=0,
                aces="low",
                min_set=3,
                min_run=3,
                card_values=PICTURES_11_12_13,
                wild_penalty=None,
            ),
        ),
        (
            "bga",
            dict(
                decks=2,
                jokers=4,
                aces="high-or-low",
                min_set=3,
                min_run=3,
                card_values=(15, *PICTURES_11_12_13[1:]),
                wild_penalty=50,
                joker_penalty=50,
            ),
        ),
        (
            "family",
            dict(
                decks=4,
                jokers=0,
                aces="high-or-low",
                min_set=3,
                min_run=4,
                card_values=(15, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10),
                wild_penalty=None,
                layoff=True,
                last_turns=False,
            ),
        ),
    ],
)
def test_presets_match_the_rules_sheet(name: str, expected: dict[str, object]) -> None:
    rules = Rules.preset(name)
    assert rules.name == name
    assert rules.all_wild_melds is True
    assert rules.rounds == tuple(range(3, 14))
    for field, value in expected.items():
        assert getattr(rules, field) == value, field


@pytest.mark.parametrize(
    ("name", "players", "decks"),
    [
        ("pagat", 2, 1),
        ("pagat", 3, 2),
        ("pagat", 4, 2),
        ("pagat", 7, 2),
        ("pagat", 8, 3),
        ("wikipedia", 2, 2),
        ("wikipedia", 8, 3),
        ("bga", 5, 2),
        ("family", 2, 1),
        ("family", 3, 2),
        ("family", 4, 2),
        ("family", 5, 3),
        ("family", 6, 3),
        ("family", 7, 4),
        ("family", 8, 4),
    ],
)
def test_deck_count_for_players(name: str, players: int, decks: int) -> None:
    rules = Rules.preset(name, players=players)
    assert (rules.players, rules.decks) == (players, decks)


def test_jokers_variation_follows_the_deck_count() -> None:
    assert Rules.preset("pagat", ["jokers"]).jokers == 4
    assert Rules.preset("pagat", ["jokers"], players=2).jokers == 2
    assert Rules.preset("pagat", ["jokers"]).joker_penalty == 20
    assert Rules.preset("bga", ["jokers"]).joker_penalty == 50


@pytest.mark.parametrize(("name", "players"), [("bga", 6), ("family", 9), ("pagat", 1)])
def test_player_limits(name: str, players: int) -> None:
    with pytest.raises(tt.InvalidRulesError, match="players"):
        Rules.preset(name, players=players)


def test_variations() -> None:
    rules = Rules.preset("pagat", variations=["jokers", "aces-high", "second-count"])
    assert rules.variations == ("jokers", "aces-high", "second-count")
    assert (rules.aces, rules.card_values) == ("high-or-low", (15, *PICTURES_11_12_13[1:]))
    assert Rules.preset("wikipedia", ["aces-high=20"]).card_values[0] == 20
    assert Rules.preset("pagat", ["no-all-wild-melds"]).all_wild_melds is False
    assert Rules.preset("pagat", ["longer-game"]).rounds == tuple(range(3, 16))
    up = tuple(range(3, 14))
    assert Rules.preset("pagat", ["up-and-back"]).rounds == up + up[::-1]
    both = Rules.preset("pagat", ["up-and-back", "longer-game"]).rounds
    assert both == tuple(range(3, 16)) + tuple(range(15, 2, -1))
    assert Rules.preset("pagat", ["first-out-bonus"]).first_out_bonus == -10
    assert Rules.preset("pagat", ["first-out-bonus=-5"]).first_out_bonus == -5
    assert Rules.preset("pagat", ["first-out-bonus=wild"]).first_out_bonus == "wild"
    assert Rules.preset("pagat", ["false-out"]).false_out_penalty == 20
    game = Rules.preset(
        "pagat",
        [
            "doubles",
            "double-naughts",
            "redemption",
            "separate-discards",
            "go-around-first",
            "joker-discards",
        ],
    )
    assert (
        game.doubles,
        game.double_naughts,
        game.redemption,
        game.separate_discards,
        game.go_around_first,
        game.joker_discards,
    ) == (True,) * 6
    assert Rules.preset("PAGAT", "jokers").variations == ("jokers",)


def test_unknown_names_list_the_valid_ones() -> None:
    with pytest.raises(tt.InvalidRulesError) as caught:
        Rules.preset("pagatt")
    assert str(caught.value) == "unknown preset 'pagatt'; valid: pagat, wikipedia, bga, family"
    with pytest.raises(tt.InvalidRulesError) as caught:
        Rules.preset("pagat", ["joker"])
    assert str(caught.value).startswith("unknown variation 'joker'; valid: aces-high, jokers,")
    assert all(name in str(caught.value) for name in tt.VARIATIONS)
    with pytest.raises(tt.InvalidRulesError, match="unknown preset 'nope'"):
        both.deadwood_score("9s", wild=None, rules="nope")


@pytest.mark.parametrize(
    ("variation", "message"),
    [
        ("jokers=3", "variation 'jokers' takes no value"),
        ("aces-high=x", "variation 'aces-high' must be an int, not 'x'"),
        ("aces-high=-1", "an ace cannot cost -1"),
        ("false-out=-2", "a false out cannot cost -2"),
        ("joker-discards", r"joker_discards \('joker-discards'\) needs separate_discards"),
    ],
)
def test_bad_variation_values(variation: str, message: str) -> None:
    with pytest.raises(tt.InvalidRulesError, match=message):
        Rules.preset("pagat", [variation])


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"decks": 0}, "decks must be from 1 to 8, not 0"),
        ({"decks": "2"}, "decks must be an int, not '2'"),
        ({"jokers": -1}, "jokers must be from 0 to 16, not -1"),
        ({"aces": "high"}, "aces must be 'low' or 'high-or-low', not 'high'"),
        ({"min_set": 1}, "min_set must be from 2 to 13, not 1"),
        ({"min_run": 14}, "min_run must be from 2 to 13, not 14"),
        ({"card_values": (1, 2)}, "card_values must be a tuple of 13 ints"),
        ({"card_values": (-1,) * 13}, r"card_values\[A\] must be from 0 to 1000000, not -1"),
        ({"wild_penalty": -5}, "wild_penalty must be from 0 to 1000000, not -5"),
        ({"joker_penalty": 10**6 + 1}, "joker_penalty must be from 0 to 1000000, not 1000001"),
        ({"rounds": ()}, "rounds must be a non-empty tuple"),
        ({"rounds": (3, 16)}, "cards dealt in a round must be from 3 to 15, not 16"),
        ({"all_wild_melds": 1}, "all_wild_melds must be True or False, not 1"),
        ({"first_out_bonus": "big"}, "first_out_bonus must be an int, 'wild' or None"),
    ],
)
def test_fields_are_checked(changes: dict[str, object], message: str) -> None:
    with pytest.raises(tt.InvalidRulesError, match=message):
        dataclasses.replace(Rules.preset("pagat"), **changes)


def test_rules_are_plain_data() -> None:
    rules = Rules.preset("bga", ["no-all-wild-melds"], players=3)
    assert eval(repr(rules), vars(tt)) == rules
    assert hash(rules) == hash(Rules.preset("bga", ["no-all-wild-melds"], players=3))
    as_json = json.dumps(dataclasses.asdict(rules))
    assert (
        Rules(**{k: tuple(v) if isinstance(v, list) else v for k, v in json.loads(as_json).items()})
        == rules
    )
    assert dataclasses.replace(rules, all_wild_melds=True).all_wild_melds is True
    assert Rules.find(rules) is rules
    assert Rules.find("family") == Rules.preset("family")
    with pytest.raises(tt.InvalidRulesError, match="rules must be a Rules or a preset name"):
        Rules.find(3)  # type: ignore[arg-type]


def test_round_helpers() -> None:
    rules = Rules.preset("pagat")
    assert [rules.wild_for_round(n) for n in range(1, 12)] == list(range(3, 14))
    assert [rules.cards_dealt(n) for n in (1, 11)] == [3, 13]
    assert rules.wild_for_cards(6) == 6
    longer = Rules.preset("pagat", ["longer-game"])
    assert (longer.wild_for_round(12), longer.wild_for_round(13)) == (1, 2)
    assert (longer.wild_for_cards(14), longer.wild_for_cards(15)) == (1, 2)
    back = Rules.preset("pagat", ["up-and-back"])
    assert [back.cards_dealt(n) for n in (11, 12, 22)] == [13, 13, 3]
    assert [tt.wild_rank_for_cards(n) for n in (3, 13, 14, 15)] == [3, 13, 1, 2]
    with pytest.raises(tt.InvalidWildError, match="no round 12: these rules play rounds 1 to 11"):
        rules.wild_for_round(12)
    with pytest.raises(tt.InvalidWildError, match="no round of these rules deals 14 cards"):
        rules.wild_for_cards(14)
    with pytest.raises(tt.InvalidWildError, match="no round deals 2 cards"):
        tt.wild_rank_for_cards(2)


@pytest.mark.parametrize(
    ("wild", "rank"),
    [
        (6, 6),
        ("6", 6),
        ("10", 10),
        ("T", 10),
        ("J", 11),
        ("q", 12),
        ("K", 13),
        ("a", 1),
        (1, 1),
        (None, None),
        (" 7 ", 7),
    ],
)
def test_wild_spellings(wild: object, rank: int | None) -> None:
    assert tt.parse_wild(wild) == rank  # type: ignore[arg-type]


@pytest.mark.parametrize("wild", [0, 14, "14", "x", "", True, 6.0, "6s"])
def test_bad_wild_ranks(wild: object) -> None:
    with pytest.raises(tt.InvalidWildError, match=f"bad wild rank {wild!r}"):
        tt.parse_wild(wild)  # type: ignore[arg-type]
    with pytest.raises(tt.InvalidWildError):
        both.deadwood_score("9s", wild=wild)  # type: ignore[arg-type]


def test_penalties() -> None:
    pagat, bga = Rules.preset("pagat", ["jokers"]), Rules.preset("bga")
    assert pagat.penalty(Card.parse("6h"), wild=6) == 6
    assert pagat.penalty(Card.parse("Jk"), wild=6) == 20
    assert pagat.penalty(Card.parse("Kh"), wild=6) == 10
    assert bga.penalty(Card.parse("6h"), wild="6") == 50
    assert bga.penalty(Card.parse("Ah"), wild=6) == 15
    assert bga.penalty(Card.parse("Jk"), wild=None) == 50
    assert Rules.preset("wikipedia", ["aces-high"]).penalty(Card.parse("Ac"), wild=1) == 15
    assert pagat.card_value(13) == 10
