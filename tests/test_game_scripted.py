"""Scripted deals: each rule of play and each variation, on cards chosen for it,
with the scores written out.

The deals are given by records without a seed (see ``tests/scripting.py``); the
stock's cards after those given follow in card order. Card values: pagat A 1,
2-10 face, J Q K 10; family A 15, 2-9 5, 10 J Q K 10.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

import threethirteen as tt
from tests.scripting import deal_next, ended, finish_quickly, full_deal, play, scripted, state
from threethirteen.engine.game import Reshuffle

A = tt.Action.parse


def legal(game: tt.Game) -> list[str]:
    return [str(action) for action in game.legal_actions()]


def refused(game: tt.Game, text: str, reason: str) -> None:
    """``text`` is illegal now, and ``apply`` says ``reason``."""
    assert not game.is_legal(A(text))
    with pytest.raises(tt.IllegalActionError) as error:
        game.apply(A(text))
    assert str(error.value) == f"illegal action {text!r}: {reason}"


def advance(game: tt.Game, to_round: int) -> tt.Game:
    """Play rounds quickly (the player to move goes out at once) until ``to_round``."""
    while game.round < to_round:
        game = finish_quickly(game)
    assert game.round == to_round
    assert game.turns == 0
    return game


def cycle(game: tt.Game, turns: int) -> list[str]:
    """``turns`` turns of drawing the stock's top card and discarding it; the cards."""
    drawn = []
    for _ in range(turns):
        card = game.stock[0]
        play(game, ["draw stock", f"discard {card}"])
        drawn.append(str(card))
    return drawn


# -- plain play -------------------------------------------------------------------

THREE = ["5s 5d 8c", "9s 9h Kd", "4c 7d Qs"]
"""Player 1 goes out at once with the upcard 9c; player 0 can go out in a last turn
with a 5 from the stock (the stock: 5h, then 5c)."""


def test_going_out_then_one_last_turn_each() -> None:
    game = scripted("pagat", 3, [], THREE, "9c", "5h 5c")
    assert (game.round, game.wild, game.dealer, game.to_move, game.phase) == (1, 3, 0, 1, "draw")
    play(game, ["draw discard", "discard Kd out"])
    assert state(game) == {
        "hands": ["8c 5d 5s", "", "4c 7d Qs"],
        "table": ["1: 9c 9h 9s"],
        "piles": ["Kd"],
    }
    assert game.went_out == (False, True, False)
    assert (game.to_move, game.phase) == (2, "draw")
    play(game, ["draw stock", "discard Qs"])  # a last turn: 4c 5h 7d stay
    assert state(game)["hands"] == ["8c 5d 5s", "", "4c 7d 5h"]
    assert game.to_move == 0
    play(game, ["draw stock", "discard 8c out"])  # out in a last turn: 0
    assert ended(game) == [("out", [0, 0, 16])]
    assert game.round_scores == ((0, 0, 16),)
    assert game.totals == (0, 0, 16)
    assert game.last_end == "out"
    # the deal passes left: player 1 deals round 2, player 2 starts
    assert (game.round, game.wild, game.cards_dealt, game.dealer, game.to_move) == (2, 4, 4, 1, 2)
    assert [len(game.hand(player)) for player in range(3)] == [4, 4, 4]
    assert state(game)["table"] == []
    assert game.to_record()["rounds"][0]["actions"] == [
        {"player": 1, "type": "draw", "source": "discard"},
        {
            "player": 1,
            "type": "discard",
            "card": "Kd",
            "go_out": True,
            "melds": [["9c", "9h", "9s"]],
        },
        {"player": 2, "type": "draw", "source": "stock"},
        {"player": 2, "type": "discard", "card": "Qs", "go_out": False},
        {"player": 0, "type": "draw", "source": "stock"},
        {
            "player": 0,
            "type": "discard",
            "card": "8c",
            "go_out": True,
            "melds": [["5c", "5d", "5s"]],
        },
    ]


def test_a_last_turn_that_does_not_go_out_scores_the_hand_a_wild_at_its_value() -> None:
    game = scripted("pagat", 2, [], ["4c 3d Qs", "9s 9h Kd"], "9c", "5h")
    play(game, ["draw discard", "discard Kd out", "draw stock", "discard Qs"])
    # 4c 3d 5h: no meld (a run is of one suit), the wild 3 left over costs 3
    assert ended(game) == [("out", [12, 0])]


def test_going_out_with_the_melds_given() -> None:
    game = scripted("pagat", 2, [], ["4c 7d Qs", "9s 9h Kd"], "9c")
    play(game, ["draw discard"])
    refused(
        game,
        "discard Kd out [9d 9h 9s]",
        "the melds are not all in the hand left after discarding Kd",
    )
    refused(game, "discard 9s out", "discarding 9s leaves 9c Kd 9h unmelded: not out")
    play(game, ["discard Kd out [9h 9s 9c]"])
    assert state(game)["table"] == ["1: 9c 9h 9s"]
    play(game, ["draw stock", "discard Qs"])  # Ac from the stock: 4c 7d Ac
    assert ended(game) == [("out", [12, 0])]


def test_the_drawn_card_may_go_straight_back() -> None:
    game = scripted("pagat", 2, [], ["4c 7d Qs", "9s 9h Kd"], "2c", "Kc")
    play(game, ["draw stock"])
    assert "discard Kc" in legal(game)
    play(game, ["discard Kc"])
    assert state(game) == {"hands": ["4c 7d Qs", "Kd 9h 9s"], "table": [], "piles": ["2c Kc"]}
    # taken from the pile and put straight back: everyone saw it come and go
    play(game, ["draw discard"])
    assert game.view(1).known[0] == tt.Hand.parse("Kc")
    assert legal(game) == ["discard 4c", "discard Kc", "discard 7d", "discard Qs"]
    play(game, ["discard Kc"])
    assert state(game) == {"hands": ["4c 7d Qs", "Kd 9h 9s"], "table": [], "piles": ["2c Kc"]}
    assert game.view(1).known[0] == tt.Hand.parse("")
    assert (game.to_move, game.turns) == (1, 2)


def test_taking_the_upcard() -> None:
    game = scripted("pagat", 3, [], THREE, "9c", "5h 5c")
    assert legal(game) == ["draw stock", "draw discard"]
    play(game, ["draw discard"])
    assert state(game) == {
        "hands": ["8c 5d 5s", "9c Kd 9h 9s", "4c 7d Qs"],
        "table": [],
        "piles": [""],
    }
    view = game.view(2)
    assert view.known == (tt.Hand.parse(""), tt.Hand.parse("9c"), tt.Hand.parse(""))
    assert (view.stock_size, view.hand_sizes) == (94, (3, 4, 3))
    play(game, ["discard Kd"])
    # the next player may take the card just discarded
    assert legal(game) == ["draw stock", "draw discard"]
    assert game.view(0).known[1] == tt.Hand.parse("9c")
    play(game, ["draw discard", "discard Kd"])
    assert state(game)["piles"] == ["Kd"]


def test_the_stock_running_out_reshuffles_the_pile_under_its_top_card() -> None:
    game = scripted("pagat", 2, [], ["4c 7d Qs", "9s 9h Kd"], "2c")
    assert len(game.stock) == 45
    drawn = cycle(game, 45)
    assert drawn[-1] == "Ks"  # the pool's last card in card order
    # at the start of player 0's turn the pile but its top card became the stock
    assert (game.to_move, game.phase, game.turns) == (0, "draw", 45)
    assert state(game)["piles"] == ["Ks"]
    reshuffled = sorted(["2c", *drawn[:-1]], key=lambda card: tt.Card.parse(card).code)
    assert sorted(str(card) for card in game.stock) == sorted(reshuffled)
    view = game.view(0)
    assert view.reshuffled == tt.Hand.parse(" ".join(reshuffled))
    assert view.stock_size == 44 + 1
    assert isinstance(view.history[-1][1], Reshuffle)
    # the record holds the new stock's order, top card first
    actions = game.to_record()["rounds"][0]["actions"]
    assert len(actions) == 91
    assert actions[-1] == {"type": "reshuffle", "stock": [str(card) for card in game.stock]}
    replayed = tt.Game.from_record(game.to_record())
    assert replayed.stock == game.stock
    # a record without a seed gives the order itself
    record = game.to_record()
    record["rounds"][0]["actions"][-1]["stock"] = reshuffled
    replayed = tt.Game.from_record(record)
    assert [str(card) for card in replayed.stock] == reshuffled
    play(replayed, ["draw stock"])
    assert replayed.hand(0) == tt.Hand.parse("Ac 4c 7d Qs")
    # and the round goes on
    play(replayed, ["discard Qs", "draw stock", "discard 2c", "draw stock", "discard 4c"])
    assert replayed.hand(0) == tt.Hand.parse("Ac 3c 7d")


def test_the_round_ends_when_the_stock_is_empty_and_nothing_is_left_to_reshuffle() -> None:
    # 4 players of 13 cards from one deck and a joker: the upcard is all that is left
    rules = dataclasses.replace(
        tt.Rules.preset("pagat", players=4), decks=1, jokers=1, rounds=(13,)
    )
    hands = [
        "Ac 2d 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc",  # Kc as 2c: 2d left, 2
        "Ad 2c 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd",  # Kd as 2d: 2c left, 2
        "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh 5s",  # A-Q, 5s left: 5
        "As 2s 3s 4s Kh 6s 7s 8s 9s 10s Js Qs Ks",  # Kh as 5s: 0
    ]
    record = {
        "format": "threethirteen-game",
        "version": 1,
        "rules": {
            "preset": "pagat",
            "variations": [],
            "players": 4,
            "max_turns": None,
            "fields": {
                field.name: list(value)
                if isinstance(value := getattr(rules, field.name), tuple)
                else value
                for field in dataclasses.fields(rules)
            },
        },
        "seed": None,
        "rounds": [
            {
                "number": 1,
                "dealer": 0,
                "wild": "K",
                "cards_dealt": 13,
                "deal": full_deal(rules, hands, "Jk"),
                "actions": [],
                "end": "stock",
                "void": False,
                "scores": [2, 2, 5, 0],
            }
        ],
        "totals": [2, 2, 5, 0],
        "winners": [3],
    }
    assert record["rounds"][0]["deal"]["stock"] == []
    game = tt.Game.from_record(record)
    assert game.is_over
    assert (game.last_end, game.round_scores, game.winners) == ("stock", ((2, 2, 5, 0),), (3,))
    assert game.to_record() == record


def test_max_turns_ends_the_round_and_scores_every_hand_as_it_stands() -> None:
    game = scripted("pagat", 2, [], ["4c 7d Qs", "9s 9h Kd"], "2c", "Kc 5d 8h", max_turns=3)
    play(game, ["draw stock", "discard Kd", "draw stock", "discard Qs", "draw stock"])
    assert state(game)["hands"] == ["4c 5d 7d", "Kc 8h 9h 9s"]
    play(game, ["discard Kc"])
    assert ended(game) == [("turn_limit", [16, 26])]
    assert (game.round, game.dealer, game.to_move, game.turns) == (2, 1, 0, 0)
    assert game.to_record()["rules"]["max_turns"] == 3


def test_max_turns_cuts_the_last_turns_short() -> None:
    game = scripted("pagat", 2, [], ["4c 7d Qs", "9s 9h Kd"], "2c", "Kc 5d 9c", max_turns=3)
    play(game, ["draw stock", "discard Kd", "draw stock", "discard Qs", "draw stock"])
    play(game, ["discard Kc out"])  # the third turn: player 0 has no last turn
    assert ended(game) == [("turn_limit", [16, 0])]


def test_totals_shared_wins_and_the_deal_passing_left() -> None:
    rules = dataclasses.replace(tt.Rules.preset("pagat", players=3), rounds=(3, 4, 5))
    game = scripted(rules, 3, [], ["4c 7d Qs", "9s 9h Kd", "5h 6h Jc"], "9c", "2c 8d")
    play(game, ["draw discard", "discard Kd out", "draw stock", "discard Jc"])
    play(game, ["draw stock", "discard Qs"])
    assert ended(game) == [("out", [19, 0, 13])]
    assert (game.round, game.dealer, game.to_move) == (2, 1, 2)
    game = deal_next(game, ["Kc Kd Ks 2h", "Ac 5c 9c Jd", "Qh Jh 9c 2s"], "3d", "7c Kh 6d")
    play(game, ["draw stock", "discard 7c", "draw stock", "discard 2h out"])
    play(game, ["draw stock", "discard Jd", "draw stock", "discard Ac"])
    assert ended(game)[1] == ("out", [0, 21, 31])
    assert game.totals == (19, 21, 44)
    assert (game.round, game.dealer, game.to_move) == (3, 2, 0)
    game = deal_next(
        game, ["2c 8s 8d 8h Kc", "6d 7d 8d 9d Jc", "Ah Ad As 3c 4c"], "3d", "8c 10d Qc"
    )
    play(game, ["draw stock", "discard Kc", "draw stock", "discard Jc out"])
    play(game, ["draw stock", "discard Qc", "draw stock", "discard Ac"])
    assert ended(game)[2] == ("out", [2, 0, 7])
    assert game.is_over
    assert (game.to_move, game.phase, game.round) == (None, "over", 3)
    assert game.round_scores == ((19, 0, 13), (0, 21, 31), (2, 0, 7))
    assert game.totals == (21, 21, 51)
    assert game.winners == (0, 1)
    record = game.to_record()
    assert [entry["dealer"] for entry in record["rounds"]] == [0, 1, 2]
    assert record["winners"] == [0, 1]
    assert game.legal_actions() == []


# -- variations -----------------------------------------------------------------


def test_aces_high() -> None:
    deal = (["Ac 7d 8c", "Qh Kh 5c"], "2s", "Ah 4d")
    game = scripted("pagat", 2, ["aces-high"], *deal)
    play(game, ["draw stock", "discard 5c out"])
    assert state(game)["table"] == ["1: Qh Kh Ah"]
    play(game, ["draw stock", "discard 8c"])
    assert ended(game) == [("out", [26, 0])]  # Ac 15, 4d, 7d
    plain = scripted("pagat", 2, [], *deal)
    play(plain, ["draw stock"])
    refused(plain, "discard 5c out", "discarding 5c leaves Ah Qh Kh unmelded: not out")


def test_jokers_a_joker_left_over_costs_20() -> None:
    game = scripted("pagat", 2, ["jokers"], ["Jk 7d 9c", "5h 6h Kc"], "2s", "Jk 4d")
    assert (game.rules.decks, game.rules.jokers) == (1, 2)
    play(game, ["draw stock", "discard Kc out"])
    assert state(game)["table"] == ["1: 5h 6h Jk=7h"]
    play(game, ["draw stock", "discard 9c"])
    assert ended(game) == [("out", [31, 0])]  # Jk 20, 4d, 7d


def test_jokers_on_bga_changes_nothing_a_joker_costs_50() -> None:
    assert tt.Rules.preset("bga", ["jokers"], players=2).jokers == 4
    game = scripted("bga", 2, ["jokers"], ["Jk 7d 9c", "5h 6h Kc"], "2s", "Jk 4d")
    play(game, ["draw stock", "discard Kc out", "draw stock", "discard 9c"])
    assert ended(game) == [("out", [61, 0])]  # Jk 50, 4d, 7d


def test_longer_game_aces_then_twos_wild() -> None:
    rules = tt.Rules.preset("pagat", ["longer-game"], players=2)
    assert rules.rounds == tuple(range(3, 16))
    game = advance(scripted(rules, 2, [], ["4c 7d Qs", "9s 9h Kd"], "2c"), 12)
    assert (game.round, game.cards_dealt, game.wild, game.dealer, game.to_move) == (12, 14, 1, 1, 0)
    game = deal_next(
        game,
        [
            "2h 3h 4h 5h 6h 7h 8h 9h 10h Kc Kd Ks Ac 4s",
            "2c 3c 4c 5c 6c 7c 8c 9c 10c As Qs Js 7d 8d",
        ],
        "Kh",
        "Ad Qd",
    )
    play(game, ["draw stock"])
    assert "discard 4s out" in legal(game)  # the aces Ac Ad are wild
    play(game, ["discard 4s out [2h 3h 4h 5h 6h 7h 8h 9h 10h Ac=Jh] [Kc Kd Ks Ad=Kh]"])
    assert state(game)["table"] == ["0: 2h 3h 4h 5h 6h 7h 8h 9h 10h Ac=Jh", "0: Kc Kd Ks Ad=Kh"]
    play(game, ["draw stock", "discard Qd"])
    # Js Qs As=Ks, clubs 2-10: 7d 8d left
    assert ended(game)[11] == ("out", [0, 15])
    assert (game.round, game.cards_dealt, game.wild, game.dealer, game.to_move) == (13, 15, 2, 0, 1)
    game = deal_next(
        game,
        [
            "Ac Ad Ah 6c 7c 8c 9d 10d Jd Jh Qh 4h 3d 10c 3h",
            "3s 4s 5s 6s 7s 8s 9s Kc Kd Kh 5c 5d 5h 2c Qd",
        ],
        "Qs",
        "2d Ks",
    )
    play(game, ["draw stock", "discard Qd out"])
    play(game, ["draw stock", "discard Ks"])
    assert ended(game)[12] == ("out", [40, 0])  # Jh Qh 4h 3d 10c 3h
    assert game.is_over
    assert len(game.round_scores) == 13


def test_up_and_back_plays_22_rounds() -> None:
    rules = tt.Rules.preset("pagat", ["up-and-back"], players=2)
    game = advance(scripted(rules, 2, [], ["4c 7d Qs", "9s 9h Kd"], "2c"), 22)
    game = finish_quickly(game)
    assert game.is_over
    record = game.to_record()
    assert [entry["cards_dealt"] for entry in record["rounds"]] == [
        *range(3, 14),
        *range(13, 2, -1),
    ]
    assert [entry["wild"] for entry in record["rounds"]] == [
        "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3",
    ]  # fmt: skip
    assert [entry["dealer"] for entry in record["rounds"]] == [0, 1] * 11
    assert len(game.round_scores) == 22


def test_doubles_in_the_picture_rounds_with_the_bonus_and_the_penalty() -> None:
    variations = ["doubles", "first-out-bonus", "false-out"]
    rules = tt.Rules.preset("pagat", variations, players=2)
    game = advance(scripted(rules, 2, [], ["4c 7d Qs", "9s 9h Kd"], "2c"), 9)
    assert (game.cards_dealt, game.wild, game.dealer, game.to_move) == (11, 11, 0, 1)
    hands = [
        "Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c 2d",
        "Ah 2h 3h 4h 5h 6h 7h 8h 9h Kc Qc",
    ]
    game = deal_next(game, hands, "Qs", "Kd 3d Ks Qd")
    play(game, ["draw stock", "discard Qc out"])  # a false out: 20
    assert game.view(0).penalties == (0, 20)
    play(game, ["draw stock", "discard 3d", "draw stock", "discard Ah out"])  # out: -10
    play(game, ["draw stock", "discard Qd"])  # 2d left: 2
    assert ended(game)[8] == ("out", [4, 20])  # doubled: 2 * 2, (-10 + 20) * 2
    # the 10-card round before was not doubled; the same play in round 10 is
    plain = advance(scripted(rules, 2, [], ["4c 7d Qs", "9s 9h Kd"], "2c"), 8)
    assert (plain.cards_dealt, plain.dealer, plain.to_move) == (10, 1, 0)
    plain = deal_next(
        plain,
        ["Ah 2h 3h 4h 5h 6h 7h 8h Kc Qc", "Ac 2c 3c 4c 5c 6c 7c 8c 9c 2d"],
        "Qs",
        "Kd 3d Ks Qd",
    )
    play(plain, ["draw stock", "discard Qc out", "draw stock", "discard 3d"])
    play(plain, ["draw stock", "discard Ah out", "draw stock", "discard Qd"])
    assert ended(plain)[7] == ("out", [10, 2])


@pytest.mark.parametrize(
    ("variation", "penalty"), [("false-out", 20), ("false-out=15", 15), ("false-out=0", 0)]
)
def test_false_out_costs_the_penalty_and_play_goes_on(variation: str, penalty: int) -> None:
    game = scripted("pagat", 2, [variation], ["4c 7d Qs", "9s 9h Kd"], "2c", "Kc 5d 9d 8h")
    play(game, ["draw stock", "discard Kd out"])  # Kc 9h 9s is not out
    assert state(game) == {"hands": ["4c 7d Qs", "Kc 9h 9s"], "table": [], "piles": ["2c Kd"]}
    assert game.went_out == (False, False)
    assert game.view(0).penalties == (0, penalty)
    assert (game.to_move, game.phase) == (0, "draw")
    play(game, ["draw stock", "discard Qs", "draw stock", "discard Kc out"])  # out
    assert state(game)["table"] == ["1: 9d 9h 9s"]
    play(game, ["draw stock", "discard 8h"])
    assert ended(game) == [("out", [16, penalty])]
    assert game.to_record()["rounds"][0]["actions"][1] == {
        "player": 1,
        "type": "discard",
        "card": "Kd",
        "go_out": True,
    }


def test_without_false_out_a_false_out_is_illegal() -> None:
    game = scripted("pagat", 2, [], ["4c 7d Qs", "9s 9h Kd"], "2c", "Kc")
    play(game, ["draw stock"])
    refused(game, "discard Kd out", "discarding Kd leaves Kc 9h 9s unmelded: not out")
    assert [action for action in legal(game) if action.endswith("out")] == []


def test_false_out_melds_that_are_no_melds_are_illegal() -> None:
    game = scripted("pagat", 2, ["false-out"], ["4c 7d Qs", "9s 9h Kd"], "2c", "Kc")
    play(game, ["draw stock"])
    refused(
        game,
        "discard Kd out [9d 9h 9s]",
        "the melds are not all in the hand left after discarding Kd",
    )
    assert legal(game)[-4:] == [
        "discard Kc out",
        "discard Kd out",
        "discard 9h out",
        "discard 9s out",
    ]


@pytest.mark.parametrize(("variations", "score"), [([], 30), (["second-count"], 36)])
def test_second_count_pictures_cost_11_12_13(variations: list[str], score: int) -> None:
    game = scripted("pagat", 2, variations, ["Jc Qd Ks", "9s 9h 4d"], "9c", "2c")
    play(game, ["draw discard", "discard 4d out", "draw stock", "discard 2c"])
    assert ended(game) == [("out", [score, 0])]


@pytest.mark.parametrize(
    ("variation", "bonus"),
    [
        ("first-out-bonus", -10),
        ("first-out-bonus=-5", -5),
        ("first-out-bonus=5", -5),
        ("first-out-bonus=wild", -3),
    ],
)
def test_first_out_bonus_goes_to_the_first_player_out_only(variation: str, bonus: int) -> None:
    game = scripted("pagat", 3, [variation], THREE, "9c", "5h 5c")
    play(game, ["draw discard", "discard Kd out", "draw stock", "discard Qs"])
    play(game, ["draw stock", "discard 8c out"])  # out second: 0
    assert ended(game) == [("out", [0, bonus, 16])]


def test_first_out_bonus_wild_is_minus_the_wild_cards_value() -> None:
    # wikipedia counts J 11: in the J round the bonus is -11
    rules = dataclasses.replace(
        tt.Rules.preset("wikipedia", ["first-out-bonus=wild"], players=2), rounds=(11,)
    )
    game = scripted(
        rules, 2, [],
        ["Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c 2d", "Ah 2h 3h 4h 5h 6h 7h 8h 9h Kc Kd"],
        "Qs", "Ks 3d",
    )  # fmt: skip
    play(game, ["draw stock", "discard Ah out", "draw stock", "discard 3d"])
    assert ended(game) == [("out", [2, -11])]
    assert game.winners == (1,)


def test_double_naughts_voids_an_all_zero_round() -> None:
    game = scripted("pagat", 2, ["double-naughts"], ["5s 5d 8c", "9s 9h Kd"], "9c", "5c")
    play(game, ["draw discard", "discard Kd out", "draw stock", "discard 8c out"])
    # void: the same dealer deals round 1 again, and nothing is scored
    assert (game.round, game.dealer, game.to_move, game.cards_dealt) == (1, 0, 1, 3)
    assert (game.round_scores, game.totals) == ((), (0, 0))
    record = game.to_record()
    assert [(entry["number"], entry["dealer"], entry["void"]) for entry in record["rounds"]] == [
        (1, 0, True),
        (1, 0, False),
    ]
    assert record["rounds"][0]["scores"] == [0, 0]
    assert record["rounds"][0]["end"] == "out"
    game = deal_next(game, ["4c 7d Qs", "9s 9h Kd"], "9c", "2c")
    play(game, ["draw discard", "discard Kd out", "draw stock", "discard Qs"])
    assert (game.round_scores, game.totals) == (((13, 0),), (13, 0))
    assert (game.round, game.dealer) == (2, 1)
    record = game.to_record()
    assert [(entry["number"], entry["void"], entry["scores"]) for entry in record["rounds"]] == [
        (1, True, [0, 0]),
        (1, False, [13, 0]),
        (2, False, None),
    ]
    replayed = tt.Game.from_record(json.loads(json.dumps(record)))
    assert replayed.to_record() == record
    assert replayed.round_scores == ((13, 0),)


def test_without_double_naughts_an_all_zero_round_counts() -> None:
    game = scripted("pagat", 2, [], ["5s 5d 8c", "9s 9h Kd"], "9c", "5c")
    play(game, ["draw discard", "discard Kd out", "draw stock", "discard 8c out"])
    assert (game.round, game.dealer, game.round_scores) == (2, 1, ((0, 0),))


def test_redemption_last_turns_lay_melds_and_lay_off() -> None:
    game = scripted("pagat", 3, ["redemption"], ["Kc 7h 2d", "9s 9h Kd", "9d 4h 5h"], "9c", "6h 3h")
    play(game, ["draw discard"])
    refused(
        game,
        "meld 9c 9h 9s",
        "player 1 may lay melds and lay off only in a last turn after someone went out (redemption)",
    )
    play(game, ["discard Kd out", "draw stock"])
    assert legal(game)[:2] == ["meld 4h 5h 6h", "lay off 9d on 0"]
    play(game, ["meld 4h 5h 6h", "lay off 9d on 0"])  # hand empty: the turn is over
    assert state(game) == {
        "hands": ["Kc 2d 7h", "", ""],
        "table": ["1: 9c 9d 9h 9s", "2: 4h 5h 6h"],
        "piles": ["Kd"],
    }
    assert (game.to_move, game.phase, game.went_out) == (0, "draw", (False, True, True))
    play(game, ["draw stock", "lay off 7h on 1", "lay off 3h=8h on 1"])
    assert state(game)["table"] == ["1: 9c 9d 9h 9s", "2: 4h 5h 6h 7h 3h=8h"]
    play(game, ["discard Kc"])
    assert ended(game) == [("out", [2, 0, 0])]


def test_without_redemption_nothing_is_laid() -> None:
    game = scripted("pagat", 3, [], ["Kc 7h 2d", "9s 9h Kd", "9d 4h 5h"], "9c", "6h 3h")
    play(game, ["draw discard", "discard Kd out", "draw stock"])
    refused(game, "meld 4h 5h 6h", "these rules have no melds on the table during play")
    refused(game, "lay off 9d on 0", "these rules have no melds on the table during play")


@pytest.mark.parametrize("variations", [[], ["no-all-wild-melds"]])
def test_no_all_wild_melds_going_out(variations: list[str]) -> None:
    game = scripted("pagat", 2, variations, ["4c 7d Qs", "3c 3d Kd"], "3h")
    play(game, ["draw discard"])
    if variations:
        refused(game, "discard Kd out", "discarding Kd leaves 3c 3d 3h unmelded: not out")
        refused(
            game,
            "discard Kd out [3c 3d 3h]",
            "meld '3c 3d 3h': a meld of wild cards only, which these rules forbid",
        )
        # Kd and two wild 3s are a set of kings
        going = [action for action in legal(game) if action.endswith("out")]
        assert going == ["discard 3c out", "discard 3d out", "discard 3h out"]
    else:
        play(game, ["discard Kd out"])
        assert state(game)["table"] == ["1: 3c=3c 3d=3d 3h=3h"]


@pytest.mark.parametrize("variations", [[], ["no-all-wild-melds"]])
def test_no_all_wild_melds_laying(variations: list[str]) -> None:
    game = scripted("family", 2, variations, ["4c 7d Qs", "3c 3d Kd"], "3h")
    play(game, ["draw discard"])
    if variations:
        refused(
            game,
            "meld 3c 3d 3h",
            "meld '3c 3d 3h': a meld of wild cards only, which these rules forbid",
        )
        melds = [action for action in legal(game) if action.startswith("meld")]
        assert melds[0] == "meld Kd 3c=Kc 3d=Kh"
        assert all("Kd" in meld for meld in melds)
    else:
        assert legal(game)[0] == "meld 3c=3c 3d=3d 3h=3h"
        play(game, ["meld 3c=3c 3d=3d 3h=3h"])
        assert state(game)["table"] == ["1: 3c=3c 3d=3d 3h=3h"]


def test_separate_discards() -> None:
    game = scripted(
        "pagat", 3, ["separate-discards"], ["4c 7d Qs", "9s 9h Kd", "5h 6h Jc"], "9c", "2c 8d"
    )
    assert state(game)["piles"] == ["9c", "", ""]  # the upcard starts the dealer's pile
    assert legal(game) == ["draw stock", "draw discard 0"]
    refused(game, "draw discard", "say which pile (each player has one under separate-discards)")
    refused(game, "draw discard 1", "that discard pile is empty")
    play(game, ["draw discard 0", "discard Kd"])
    assert state(game)["piles"] == ["", "Kd", ""]
    assert legal(game) == ["draw stock", "draw discard 1"]
    play(game, ["draw stock", "discard Jc"])
    assert legal(game) == ["draw stock", "draw discard 1", "draw discard 2"]
    play(game, ["draw discard 1", "discard Qs"])
    assert state(game) == {
        "hands": ["4c 7d Kd", "9c 9h 9s", "2c 5h 6h"],
        "table": [],
        "piles": ["Qs", "", "Jc"],
    }
    play(game, ["draw discard 0", "discard Qs out"])
    assert state(game)["piles"] == ["", "Qs", "Jc"]
    play(game, ["draw stock", "discard 8d", "draw discard 2"])
    assert state(game)["piles"] == ["", "Qs", "Jc"]
    play(game, ["discard Kd"])
    assert ended(game) == [("out", [19, 0, 13])]


def test_separate_discards_reshuffle_every_pile_under_its_top_card() -> None:
    rules = dataclasses.replace(
        tt.Rules.preset("pagat", ["separate-discards"], players=3), decks=1, rounds=(15,)
    )
    hands = [
        "Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc Ad 2d",
        "3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd Ah 2h 3h 4h",
        "5h 6h 7h 8h 9h 10h Jh Qh Kh As 2s 3s 4s 5s 6s",
    ]
    game = scripted(rules, 3, [], hands, "7s")
    assert [str(card) for card in game.stock] == ["8s", "9s", "10s", "Js", "Qs", "Ks"]
    cycle(game, 6)
    # the stock ran out: 7s, 8s, 9s, 10s went under the tops Ks, Js, Qs
    assert state(game)["piles"] == ["Ks", "Js", "Qs"]
    assert sorted(card.code for card in game.stock) == sorted(
        tt.Card.parse(card).code for card in ["7s", "8s", "9s", "10s"]
    )
    assert game.view(2).reshuffled == tt.Hand.parse("7s 8s 9s 10s")
    assert game.to_record()["rounds"][0]["actions"][-1] == {
        "type": "reshuffle",
        "stock": [str(card) for card in game.stock],
    }


def test_separate_discards_round_ends_when_every_pile_is_a_single_card() -> None:
    rules = dataclasses.replace(
        tt.Rules.preset("pagat", ["separate-discards"], players=4), decks=1, rounds=(12,)
    )
    hands = [
        "Ac 2c 3c 4c 5d 6c 7c 8c 9c 10c Jc Qc",  # Qc as 5c: 5d left, 5
        "Ad 2d 3d 4d 5c 6d 7d 8d 9d 10d Jd Qd",
        "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh",
        "As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs",
    ]
    game = scripted(rules, 4, [], hands, "Kc", "Kd Kh Ks")
    play(game, ["draw stock", "discard 5c", "draw stock", "discard Kh", "draw stock"])
    play(game, ["discard 2s"])  # As 3s-Ks: Qs as 2s leaves Ks, or As left: 1
    assert ended(game) == [("stock", [5, 0, 0, 1])]
    assert game.winners == (1, 2)
    assert state(game)["piles"] == ["Kc", "5c", "Kh", "2s"]


def test_go_around_first() -> None:
    game = scripted(
        "pagat", 3, ["go-around-first"], ["8c 8d Qs", "9s 9h Kd", "5h 5d 5s"], "9c", "5c 8h 2c 4d"
    )
    reason = "nobody may go out before every player has had a turn (go-around-first)"
    play(game, ["draw discard"])
    refused(game, "discard Kd out", reason)
    assert not [action for action in legal(game) if action.endswith("out")]
    play(game, ["discard Kd", "draw stock"])
    refused(game, "discard 5c out", reason)
    play(game, ["discard 5c", "draw stock"])
    assert "discard Qs out" in legal(game)  # the dealer's first turn: everyone has played
    play(game, ["discard Qs out", "draw stock", "discard 2c out", "draw stock", "discard 5s"])
    assert ended(game) == [("out", [0, 0, 14])]


def test_joker_discards() -> None:
    variations = ["jokers", "separate-discards", "joker-discards"]
    hands = ["4c 7d Qs", "9s 9h Jk", "5h 6h Jc"]
    game = scripted("pagat", 3, variations, hands, "9c", "Kd 2c")
    play(game, ["draw stock"])
    assert legal(game) == [
        "discard Kd", "discard 9h", "discard 9s", "discard Jk",
        "discard Jk pile 0", "discard Jk pile 2", "discard Kd out",
    ]  # fmt: skip
    refused(game, "discard Kd pile 2", "only a joker may be discarded onto another player's pile")
    play(game, ["discard Jk pile 2"])
    assert state(game)["piles"] == ["9c", "", "Jk"]
    play(game, ["draw discard 2", "discard Jc out"])  # the joker is an ordinary top card
    assert state(game)["table"] == ["2: 5h 6h Jk=7h"]
    play(game, ["draw discard 2", "discard Qs", "draw stock", "discard Kd"])
    assert ended(game) == [("out", [21, 20, 0])]


def test_without_joker_discards_a_joker_goes_onto_the_own_pile() -> None:
    game = scripted(
        "pagat", 3, ["jokers", "separate-discards"], ["4c 7d Qs", "9s 9h Jk", "5h 6h Jc"], "9c"
    )
    play(game, ["draw stock"])
    refused(game, "discard Jk pile 2", "a discard goes onto the player's own pile")


# -- the family sheet's table play ------------------------------------------------


def test_family_table_play() -> None:
    game = scripted("family", 2, [], ["5c 7d Qs", "9s 9h Kd"], "9c", "2c")
    assert game.rules.min_run == 4
    play(game, ["draw discard"])
    assert legal(game) == [
        "meld 9c 9h 9s",
        "discard 9c",
        "discard Kd",
        "discard 9h",
        "discard 9s",
        "discard Kd out",
    ]
    play(game, ["meld 9c 9h 9s"])
    assert state(game)["table"] == ["1: 9c 9h 9s"]
    assert game.view(0).has_melded == (False, True)
    play(game, ["discard Kd"])  # the hand is empty: the round ends, no last turns
    assert ended(game) == [("empty_hand", [20, 0])]  # 5c 5, 7d 5, Qs 10
    assert (game.round, game.dealer, game.to_move, game.wild) == (2, 1, 0, 4)
    game = deal_next(game, ["5h 6h 7h 9h", "9d 9s 2c Kc"], "Ks", "Jd 9c 8h")
    play(game, ["draw stock"])
    refused(game, "meld 5h 6h 7h", "meld '5h 6h 7h': a run needs at least 4 cards")
    refused(game, "lay off 9h on 0", "player 0 may lay off only after laying a meld")
    play(game, ["discard Jd", "draw stock", "meld 9c 9d 9s", "discard Kc"])
    play(game, ["draw stock"])
    refused(game, "lay off 9h on 0", "player 0 may lay off only after laying a meld")
    play(game, ["meld 5h 6h 7h 8h"])
    assert state(game) == {
        "hands": ["9h", "2c"],
        "table": ["1: 9c 9d 9s", "0: 5h 6h 7h 8h"],
        "piles": ["Ks Jd Kc"],
    }
    play(game, ["lay off 9h on 0"])  # onto another player's meld; the hand is empty
    # the round ends at once (no discard); the table's cards are never scored
    assert ended(game)[1] == ("empty_hand", [0, 5])
    assert (game.round, game.dealer) == (3, 0)


def test_family_going_out_with_a_discard_lays_the_melds() -> None:
    game = scripted("family", 2, [], ["5c 7d Qs", "9s 9h Kd"], "9c", "2c")
    play(game, ["draw discard", "discard Kd out"])
    assert ended(game) == [("empty_hand", [20, 0])]
    assert game.to_record()["rounds"][0]["actions"][1]["melds"] == [["9c", "9h", "9s"]]


def test_family_runs_of_four_and_lay_offs_at_either_end() -> None:
    rules = dataclasses.replace(tt.Rules.preset("family", players=2), rounds=(5,))
    game = scripted(rules, 2, [], ["Ac Ad As 9c 10c", "7h 8h 9h 10h Kc"], "Qs", "Jh Jc 6h")
    play(game, ["draw stock", "meld 7h 8h 9h 10h", "discard Kc", "draw stock"])
    refused(game, "meld 9c 10c Jc", "meld '9c 10c Jc': a run needs at least 4 cards")
    play(game, ["meld Ac Ad As", "discard Jc"])
    assert state(game) == {
        "hands": ["9c 10c", "Jh"],
        "table": ["1: 7h 8h 9h 10h", "0: Ac Ad As"],
        "piles": ["Qs Kc Jc"],
    }
    play(game, ["draw stock", "lay off 6h on 0", "lay off Jh on 0"])
    assert game.is_over
    assert state(game) == {
        "hands": ["9c 10c", ""],
        "table": ["1: 6h 7h 8h 9h 10h Jh", "0: Ac Ad As"],
        "piles": ["Qs Kc Jc"],
    }
    assert ended(game) == [("empty_hand", [15, 0])]


def test_redemption_a_hand_emptied_by_the_discard_has_gone_out() -> None:
    game = scripted("pagat", 3, ["redemption"], ["Kc 7h 2d", "9s 9h Kd", "9d 4h 5h"], "9c", "6h 3h")
    play(game, ["draw discard", "discard Kd out", "draw stock", "meld 4h 5h 6h"])
    assert legal(game) == ["lay off 9d on 0", "discard 9d"]
    play(game, ["discard 9d"])
    assert game.went_out == (False, True, True)
    assert state(game)["hands"] == ["Kc 2d 7h", "", ""]
    play(game, ["draw stock", "discard Kc"])  # 2d 7h 3h: the wild 3 costs 3
    assert ended(game) == [("out", [12, 0, 0])]


def test_false_out_with_melds_that_leave_cards_over() -> None:
    # valid melds that do not take the whole hand: a false out, not an illegal action
    rules = dataclasses.replace(tt.Rules.preset("pagat", ["false-out"], players=2), rounds=(4,))
    game = scripted(rules, 2, [], ["4c 7d Qs Ac", "9s 9h 9c Kd"], "2c", "Kc 5d")
    play(game, ["draw stock", "discard Kd out [9c 9h 9s]"])
    assert game.view(0).penalties == (0, 20)
    assert state(game) == {
        "hands": ["Ac 4c 7d Qs", "9c Kc 9h 9s"],
        "table": [],
        "piles": ["2c Kd"],
    }
    assert (game.to_move, game.went_out) == (0, (False, False))


def test_first_out_bonus_in_table_play() -> None:
    game = scripted("family", 2, ["first-out-bonus"], ["5c 7d Qs", "9s 9h Kd"], "9c", "2c")
    play(game, ["draw discard", "meld 9c 9h 9s", "discard Kd"])
    assert ended(game) == [("empty_hand", [20, -10])]


def test_a_player_out_keeps_0_when_the_stock_ends_the_last_turns() -> None:
    rules = dataclasses.replace(
        tt.Rules.preset("pagat", ["separate-discards"], players=4), decks=1, rounds=(12,)
    )
    hands = [
        "Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc 5d",  # 5d left: 5
        "Ad 2d 3d 4d Qc 6d 7d 8d 9d 10d Jd Qd",  # the wild Qc as 5d
        "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh",
        "As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs",
    ]
    game = scripted(rules, 4, [], hands, "Kc", "Kd Kh Ks")
    play(game, ["draw stock", "discard Kd out [Ad 2d 3d 4d Qc=5d 6d 7d 8d 9d 10d Jd Qd]"])
    play(game, ["draw stock", "discard Kh", "draw stock"])
    assert state(game)["table"] == ["1: Ad 2d 3d 4d Qc=5d 6d 7d 8d 9d 10d Jd Qd"]
    play(game, ["discard 2s"])
    # player 0's last turn never comes: every pile is a single card
    assert ended(game) == [("stock", [5, 0, 0, 1])]
    assert state(game)["piles"] == ["Kc", "Kd", "Kh", "2s"]
