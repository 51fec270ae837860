"""Game records: a replay reproduces the game, and every kind of tampering is
refused with a clear :class:`~threethirteen.InvalidRecordError`."""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import threethirteen as tt
from tests.scripting import deal_next, play, scripted

Record = dict[str, Any]


def play_randomly(game: tt.Game, actions: int | None, seed: int) -> list[tt.Action]:
    """Apply ``actions`` uniformly random legal actions (all of them to the game's
    end for ``None``); the actions applied."""
    rng = np.random.default_rng(seed)
    applied = []
    while not game.is_over and (actions is None or len(applied) < actions):
        legal = game.legal_actions()
        action = legal[int(rng.integers(len(legal)))]
        game.apply(action)
        applied.append(action)
    return applied


def through_json(record: Record) -> Record:
    loaded: Record = json.loads(json.dumps(record))
    return loaded


def assert_same(game: tt.Game, other: tt.Game) -> None:
    """The two games are in the same state, and every player sees the same."""
    assert other.to_record() == game.to_record()
    assert (other.round, other.dealer, other.to_move, other.phase, other.turns) == (
        game.round,
        game.dealer,
        game.to_move,
        game.phase,
        game.turns,
    )
    assert (other.is_over, other.totals, other.round_scores, other.winners) == (
        game.is_over,
        game.totals,
        game.round_scores,
        game.winners,
    )
    assert [other.hand(p) for p in range(game.players)] == [
        game.hand(p) for p in range(game.players)
    ]
    assert (other.stock, other.piles, other.table) == (game.stock, game.piles, game.table)
    assert other.legal_actions() == game.legal_actions()
    for player in range(game.players):
        assert other.view(player) == game.view(player)
        assert other.view(player).to_dict() == game.view(player).to_dict()


TABLES: list[tuple[tt.Rules | str, int, list[str], int | None]] = [
    ("pagat", 3, [], 12),
    ("wikipedia", 2, ["false-out", "first-out-bonus=wild", "doubles", "double-naughts"], 10),
    ("bga", 4, ["separate-discards", "joker-discards", "go-around-first"], 16),
    ("family", 5, ["jokers", "no-all-wild-melds"], 25),
    ("pagat", 4, ["redemption", "aces-high", "second-count", "longer-game"], 16),
    ("family", 2, ["up-and-back", "first-out-bonus=-5"], 8),
    (dataclasses.replace(tt.Rules.preset("pagat", players=3), rounds=(5, 3, 4)), 3, [], 9),
]


def new_game(table: tuple[tt.Rules | str, int, list[str], int | None], seed: int) -> tt.Game:
    rules, players, variations, max_turns = table
    return tt.Game(rules, players, seed=seed, variations=variations, max_turns=max_turns)


@pytest.mark.parametrize("table", TABLES)
def test_a_finished_game_replays(table: tuple[tt.Rules | str, int, list[str], int | None]) -> None:
    game = new_game(table, 2026)
    play_randomly(game, None, 1)
    assert game.is_over
    record = game.to_record()
    replayed = tt.Game.from_record(through_json(record))
    assert_same(game, replayed)
    assert replayed.to_record() == record
    assert replayed.score_sheet() == game.score_sheet()


@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize("actions", [0, 1, 37, 150])
def test_an_unfinished_game_replays_and_goes_on_the_same(
    table: tuple[tt.Rules | str, int, list[str], int | None], actions: int
) -> None:
    game = new_game(table, 99)
    play_randomly(game, actions, 3)
    record = game.to_record()
    assert (record["winners"] is None) == (not game.is_over)
    replayed = tt.Game.from_record(through_json(record))
    assert_same(game, replayed)
    # the same actions from here give the same game: the seed deals on
    for action in play_randomly(game, 60, 4):
        replayed.apply(action)
    assert_same(game, replayed)


def test_a_record_without_a_seed_replays_its_deals_and_reshuffles() -> None:
    game = scripted("pagat", 2, [], ["4c 7d Qs", "9s 9h Kd"], "2c")
    for _ in range(50):
        card = game.stock[0]
        play(game, ["draw stock", f"discard {card}"])
    record = game.to_record()
    assert record["seed"] is None
    assert [entry["type"] for entry in record["rounds"][0]["actions"]].count("reshuffle") == 1
    assert_same(game, tt.Game.from_record(through_json(record)))


def test_a_replayed_record_cannot_be_edited_through_the_game() -> None:
    game = tt.Game("pagat", 2, seed=5)
    record = game.to_record()
    replayed = tt.Game.from_record(record)
    replayed.apply(tt.DrawStock())
    assert record["rounds"][0]["actions"] == []
    assert game.to_record()["rounds"][0]["actions"] == []


# -- a short game, its sheet, and tampering ------------------------------------------


SHORT_RULES = dataclasses.replace(tt.Rules.preset("pagat", players=3), rounds=(3, 4, 5))


def short_game() -> tt.Game:
    """Three rounds for 3 players (the scripted test of totals and shared wins)."""
    game = scripted(SHORT_RULES, 3, [], ["4c 7d Qs", "9s 9h Kd", "5h 6h Jc"], "9c", "2c 8d")
    play(game, ["draw discard", "discard Kd out", "draw stock", "discard Jc"])
    play(game, ["draw stock", "discard Qs"])
    game = deal_next(game, ["Kc Kd Ks 2h", "Ac 5c 9c Jd", "Qh Jh 9c 2s"], "3d", "7c Kh 6d")
    play(game, ["draw stock", "discard 7c", "draw stock", "discard 2h out"])
    play(game, ["draw stock", "discard Jd", "draw stock", "discard Ac"])
    game = deal_next(
        game, ["2c 8s 8d 8h Kc", "6d 7d 8d 9d Jc", "Ah Ad As 3c 4c"], "3d", "8c 10d Qc"
    )
    play(game, ["draw stock", "discard Kc", "draw stock", "discard Jc out"])
    play(game, ["draw stock", "discard Qc", "draw stock", "discard Ac"])
    return game


SHORT = short_game().to_record()


def test_the_short_game() -> None:
    assert [entry["scores"] for entry in SHORT["rounds"]] == [[19, 0, 13], [0, 21, 31], [2, 0, 7]]
    assert (SHORT["totals"], SHORT["winners"]) == ([21, 21, 51], [0, 1])
    assert SHORT["rules"]["fields"]["rounds"] == [3, 4, 5]
    assert_same(short_game(), tt.Game.from_record(through_json(SHORT)))


def test_score_sheet() -> None:
    assert short_game().score_sheet() == (
        "round  wild  player 0  player 1  player 2\n"
        "    1     3        19         0        13\n"
        "    2     4         0        21        31\n"
        "    3     5         2         0         7\n"
        "total              21        21        51\n"
        "winners (shared): player 0, player 1"
    )


def test_score_sheet_with_a_void_round_and_a_round_in_play() -> None:
    game = scripted("pagat", 2, ["double-naughts"], ["5s 5d 8c", "9s 9h Kd"], "9c", "5c")
    play(game, ["draw discard", "discard Kd out", "draw stock", "discard 8c out"])
    game = deal_next(game, ["4c 7d Qs", "9s 9h Kd"], "9c", "2c")
    play(game, ["draw discard", "discard Kd out", "draw stock", "discard Qs"])
    assert game.score_sheet() == (
        "round  wild  player 0  player 1\n"
        "    1     3         0         0  (void: replayed)\n"
        "    1     3        13         0\n"
        "total              13         0"
    )


def seeded() -> Record:
    game = tt.Game("pagat", 2, seed=5)
    play(game, ["draw stock", f"discard {game.stock[0]}"])
    return game.to_record()


def reshuffled() -> Record:
    game = scripted("pagat", 2, [], ["4c 7d Qs", "9s 9h Kd"], "2c")
    for _ in range(46):
        card = game.stock[0]
        play(game, ["draw stock", f"discard {card}"])
    record = game.to_record()
    assert record["rounds"][0]["actions"][90]["type"] == "reshuffle"
    return record


def edit(path: str, value: object) -> Callable[[Record], None]:
    """Set the value at a dotted ``path`` (``rounds.0.scores``); ``...`` deletes it."""

    def change(record: Record) -> None:
        *steps, last = path.split(".")
        place: Any = record
        for step in steps:
            place = place[int(step)] if isinstance(place, list) else place[step]
        key: Any = int(last) if isinstance(place, list) else last
        if value is ...:
            del place[key]
        else:
            place[key] = value

    return change


def append(path: str, value: object) -> Callable[[Record], None]:
    def change(record: Record) -> None:
        place: Any = record
        for step in path.split("."):
            place = place[int(step)] if isinstance(place, list) else place[step]
        place.append(copy.deepcopy(value))

    return change


def one_deck(record: Record) -> None:
    rules = dataclasses.replace(tt.Rules.preset("pagat", players=8), decks=1)
    record["rules"]["fields"] = {
        field.name: list(value) if isinstance(value := getattr(rules, field.name), tuple) else value
        for field in dataclasses.fields(rules)
    }


def unfinished_first_round(record: Record) -> None:
    first = record["rounds"][0]
    del first["actions"][2:]
    first["end"] = first["scores"] = None


TAMPERING: list[tuple[str, Callable[[], Record], Callable[[Record], None], str]] = [
    # the document
    (
        "format",
        lambda: SHORT,
        edit("format", "chess-game"),
        "not a game record: format is 'chess-game', not 'threethirteen-game'",
    ),
    (
        "version",
        lambda: SHORT,
        edit("version", 3),
        "record version 3 is not one this library reads (1 or 2)",
    ),
    ("missing", lambda: SHORT, edit("totals", ...), "missing 'totals'"),
    ("extra", lambda: SHORT, edit("comment", "gg"), "unexpected field 'comment'"),
    (
        "missing rules",
        lambda: SHORT,
        edit("rules.max_turns", ...),
        "rules: missing 'max_turns'",
    ),
    (
        "missing in a round",
        lambda: SHORT,
        edit("rounds.1.void", ...),
        "rounds[1]: missing 'void'",
    ),
    (
        "extra in a round",
        lambda: SHORT,
        edit("rounds.0.colour", 1),
        "rounds[0]: unexpected field 'colour'",
    ),
    (
        "extra in a deal",
        lambda: SHORT,
        edit("rounds.0.deal.jokers", []),
        "rounds[0].deal: unexpected field 'jokers'",
    ),
    (
        "missing player",
        lambda: SHORT,
        edit("rounds.0.actions.0.player", ...),
        "rounds[0].actions[0]: missing 'player'",
    ),
    (
        "extra in an action",
        lambda: SHORT,
        edit("rounds.0.actions.0.card", "9c"),
        "rounds[0].actions[0]: unexpected field 'card'",
    ),
    # types
    (
        "players",
        lambda: SHORT,
        edit("rules.players", "3"),
        "rules.players: expected an integer, not '3'",
    ),
    ("seed", lambda: SHORT, edit("seed", "5"), "seed: expected an integer, not '5'"),
    (
        "negative seed",
        lambda: SHORT,
        edit("seed", -1),
        "seed: expected an integer from 0 to 2**128 - 1, not -1",
    ),
    ("rounds", lambda: SHORT, edit("rounds", {}), "rounds: expected a list, not {}"),
    (
        "void",
        lambda: SHORT,
        edit("rounds.0.void", "no"),
        "rounds[0].void: expected true or false, not 'no'",
    ),
    (
        "end",
        lambda: SHORT,
        edit("rounds.0.end", "won"),
        "rounds[0].end: expected 'out' or 'empty_hand' or 'stock' or 'turn_limit', not 'won'",
    ),
    (
        "scores",
        lambda: SHORT,
        edit("rounds.0.scores", [19, "0", 13]),
        "rounds[0].scores[1]: expected an integer, not '0'",
    ),
    (
        "scores size",
        lambda: SHORT,
        edit("rounds.0.scores", [19, 0]),
        "rounds[0].scores: expected a score for each of 3 players, not 2",
    ),
    (
        "totals",
        lambda: SHORT,
        edit("totals", [21.0, 21, 51]),
        "totals[0]: expected an integer, not 21.0",
    ),
    (
        "hand",
        lambda: SHORT,
        edit("rounds.0.deal.hands.0", "4c 7d Qs"),
        "rounds[0].deal.hands[0]: expected a list, not '4c 7d Qs'",
    ),
    (
        "action",
        lambda: SHORT,
        edit("rounds.0.actions.0", "draw discard"),
        "rounds[0].actions[0]: expected an object, not 'draw discard'",
    ),
    (
        "number",
        lambda: SHORT,
        edit("rounds.0.number", 0),
        "rounds[0].number: expected an integer from 1 to 100, not 0",
    ),
    # rules
    (
        "rules without their fields",
        lambda: SHORT,
        edit("rules.fields", ...),  # the preset plays 11 rounds, not 3
        "the record's winners [0, 1] are not the game's None",
    ),
    (
        "unknown preset",
        lambda: seeded(),
        edit("rules.preset", "poker"),
        "the record's rules: unknown preset 'poker'; valid: pagat, wikipedia, bga, family",
    ),
    (
        "unknown field",
        lambda: SHORT,
        edit("rules.fields.colour", "red"),
        "rules.fields: unexpected field 'colour'",
    ),
    (
        "a field missing",
        lambda: SHORT,
        edit("rules.fields.joker_penalty", ...),
        "the record's rule fields: missing 'joker_penalty'",
    ),
    (
        "a preset the fields do not say",
        lambda: SHORT,
        edit("rules.preset", "family"),
        "the record's rules say preset 'family' and variations []; its fields say 'pagat' and []",
    ),
    (
        "variations the fields do not say",
        lambda: SHORT,
        edit("rules.variations", ["jokers"]),
        "the record's rules say preset 'pagat' and variations ['jokers'];"
        " its fields say 'pagat' and []",
    ),
    (
        "bad field",
        lambda: SHORT,
        edit("rules.fields.decks", 0),
        "the record's rules: decks must be from 1 to 8, not 0",
    ),
    (
        "players of the fields",
        lambda: SHORT,
        edit("rules.fields.players", 4),
        "the record's rules: these rules are for 4 players, not 3",
    ),
    (
        "a pool too small",
        lambda: tt.Game("pagat", 8, seed=1).to_record(),
        one_deck,
        "the record's rules: 8 players need 105 cards for the largest deal and the upcard;"
        " the pool holds 52",
    ),
    # cards
    (
        "a card that does not parse",
        lambda: SHORT,
        edit("rounds.0.deal.hands.0.0", "Zz"),
        "round record 0 (round 1), hand 0: unknown suit 'z' in 'Zz'",
    ),
    (
        "an upcard that does not parse",
        lambda: SHORT,
        edit("rounds.0.deal.upcard", "1c"),
        "round record 0 (round 1), the upcard: unknown rank '1' in '1c': write A for an ace",
    ),
    (
        "a card not in the pool",
        lambda: SHORT,
        edit("rounds.0.deal.hands.0.0", "Jk"),
        "round record 0 (round 1): the deal is not the pool's cards:"
        " Jk is dealt more often than the pool holds it",
    ),
    (
        "a card dealt too often",
        lambda: SHORT,
        edit("rounds.0.deal.hands.0", ["9s", "9h", "7d"]),
        "round record 0 (round 1): the deal is not the pool's cards:"
        " 9h is dealt more often than the pool holds it",
    ),
    (
        "a card missing",
        lambda: SHORT,
        edit("rounds.0.deal.stock.0", ...),
        "round record 0 (round 1): the deal is not the pool's cards: 2c is missing",
    ),
    (
        "a hand too large",
        lambda: SHORT,
        append("rounds.1.deal.hands.0", "Ac"),
        "round record 1 (round 2): hand 0 holds 5 cards, not 4",
    ),
    (
        "a hand too many",
        lambda: SHORT,
        append("rounds.0.deal.hands", []),
        "round record 0 (round 1): 4 hands dealt for 3 players",
    ),
    (
        "a card of an action that does not parse",
        lambda: SHORT,
        edit("rounds.0.actions.3.card", "Zz"),
        "round record 0 (round 1), action 3: bad discard action"
        " {'card': 'Zz', 'go_out': False, 'player': 2, 'type': 'discard'}: unknown suit 'z' in 'Zz'",
    ),
    (
        "a deal that is not the seed's",
        lambda: seeded(),
        edit("rounds.0.deal.upcard", "Ks"),
        "round record 0 (round 1): the deal is not the one seed 5 gives",
    ),
    (
        "another seed",
        lambda: seeded(),
        edit("seed", 6),
        "round record 0 (round 1): the deal is not the one seed 6 gives",
    ),
    # play
    (
        "the wrong player",
        lambda: SHORT,
        edit("rounds.0.actions.0.player", 2),
        "round record 0 (round 1), action 0: illegal action 'draw discard':"
        " it is player 1's turn, not player 2's",
    ),
    (
        "a card not held",
        lambda: SHORT,
        edit("rounds.0.actions.3.card", "Kd"),
        "round record 0 (round 1), action 3: illegal action 'discard Kd':"
        " player 2 does not hold Kd",
    ),
    (
        "a false out",
        lambda: SHORT,
        edit("rounds.0.actions.3.go_out", True),
        "round record 0 (round 1), action 3: illegal action 'discard Jc out':"
        " discarding Jc leaves 2c 5h 6h unmelded: not out",
    ),
    (
        "out without the melds laid",
        lambda: SHORT,
        edit("rounds.0.actions.1.melds", ...),
        "round record 0 (round 1), action 1: the record says"
        " {'card': 'Kd', 'go_out': True, 'player': 1, 'type': 'discard'},"
        " the game did {'card': 'Kd', 'go_out': True, 'melds': [[...]], 'player': 1, ...}",
    ),
    (
        "an action after the round ended",
        lambda: SHORT,
        append("rounds.0.actions", {"player": 1, "type": "draw", "source": "stock"}),
        "round record 0 (round 1), action 6: the round was over before it",
    ),
    (
        "a round after the game ended",
        lambda: SHORT,
        lambda record: record["rounds"].append(copy.deepcopy(record["rounds"][2])),
        "round record 3 (round 3): the game was over before it",
    ),
    (
        "a round that did not end, and more rounds",
        lambda: SHORT,
        unfinished_first_round,
        "round record 0 (round 1): the round did not end, but the record goes on",
    ),
    (
        "the wrong dealer",
        lambda: SHORT,
        edit("rounds.1.dealer", 0),
        "round record 1 (round 2): number, dealer and cards dealt are (2, 0, 4);"
        " the game's are (2, 1, 4)",
    ),
    (
        "the wrong wild",
        lambda: SHORT,
        edit("rounds.1.wild", "5"),
        "round record 1 (round 2): the record's wild is '5', the game's '4'",
    ),
    # reshuffles
    (
        "a reshuffle of other cards",
        reshuffled,
        edit("rounds.0.actions.90.stock.0", "9s"),
        "round 1: a reshuffle's stock is not the cards of the discard piles under their top cards",
    ),
    (
        "a reshuffle left out",
        reshuffled,
        edit("rounds.0.actions.90", ...),
        "round 1: the stock runs out, but the record has no reshuffle for it",
    ),
    (
        "a reshuffle's card that does not parse",
        reshuffled,
        edit("rounds.0.actions.90.stock.0", "Zz"),
        "round record 0 (round 1), a reshuffle's stock: unknown suit 'z' in 'Zz'",
    ),
    (
        "a reshuffle where there is none",
        lambda: SHORT,
        lambda record: record["rounds"][0]["actions"].insert(2, {"type": "reshuffle", "stock": []}),
        "round record 0 (round 1), action 2: the record says {'stock': [], 'type': 'reshuffle'},"
        " the game did {'player': 2, 'source': 'stock', 'type': 'draw'}",
    ),
    # results
    (
        "a wrong score",
        lambda: SHORT,
        edit("rounds.0.scores", [19, 0, 14]),
        "round record 0 (round 1): the record's scores is [19, 0, 14], the game's [19, 0, 13]",
    ),
    (
        "a wrong end",
        lambda: SHORT,
        edit("rounds.2.end", "stock"),
        "round record 2 (round 3): the record's end is 'stock', the game's 'out'",
    ),
    (
        "a wrong void flag",
        lambda: SHORT,
        edit("rounds.1.void", True),
        "round record 1 (round 2): the record's void is True, the game's False",
    ),
    (
        "scores of a round in play",
        lambda: seeded(),
        edit("rounds.0.scores", [0, 0]),
        "round record 0 (round 1): the record's scores is [0, 0], the game's None",
    ),
    (
        "wrong totals",
        lambda: SHORT,
        edit("totals", [21, 21, 50]),
        "the record's totals [21, 21, 50] are not the game's [21, 21, 51]",
    ),
    (
        "wrong winners",
        lambda: SHORT,
        edit("winners", [0]),
        "the record's winners [0] are not the game's [0, 1]",
    ),
    (
        "winners before the end",
        lambda: seeded(),
        edit("winners", [0]),
        "the record's winners [0] are not the game's None",
    ),
]


@pytest.mark.parametrize(
    ("base", "change", "message"),
    [pytest.param(base, change, message, id=name) for name, base, change, message in TAMPERING],
)
def test_a_tampered_record_is_refused(
    base: Callable[[], Record], change: Callable[[Record], None], message: str
) -> None:
    record = copy.deepcopy(base())
    tt.Game.from_record(copy.deepcopy(record))  # the record as it was is good
    change(record)
    with pytest.raises(tt.InvalidRecordError) as error:
        tt.Game.from_record(record)
    assert str(error.value) == message


def test_a_reshuffle_in_another_order_than_the_seeds() -> None:
    game = tt.Game("pagat", 2, seed=8)
    while not any(player < 0 for player, _ in game.view(0).history):
        card = game.stock[0]
        play(game, ["draw stock", f"discard {card}"])
    record = game.to_record()
    actions = record["rounds"][0]["actions"]
    position = next(i for i, entry in enumerate(actions) if entry["type"] == "reshuffle")
    actions[position]["stock"].reverse()
    with pytest.raises(
        tt.InvalidRecordError,
        match=rf"^round record 0 \(round 1\), action {position}: the record says \{{'stock': \[",
    ):
        tt.Game.from_record(record)


def test_a_record_is_not_a_dict() -> None:
    with pytest.raises(tt.InvalidRecordError, match=r"^a game record is a JSON object, not \[\]$"):
        tt.Game.from_record([])  # type: ignore[arg-type]


def test_the_record_writes_melds_lay_offs_and_stand_ins() -> None:
    game = scripted("pagat", 3, ["redemption"], ["Kc 7h 2d", "9s 9h Kd", "9d 4h 5h"], "9c", "6h 3h")
    play(game, ["draw discard", "discard Kd out", "draw stock", "meld 4h 5h 6h"])
    play(game, ["lay off 9d on 0", "draw stock", "lay off 7h on 1", "lay off 3h on 1"])
    play(game, ["discard Kc"])
    record = game.to_record()
    assert record["rounds"][0]["actions"] == [
        {"player": 1, "type": "draw", "source": "discard"},
        {
            "player": 1,
            "type": "discard",
            "card": "Kd",
            "go_out": True,
            "melds": [["9c", "9h", "9s"]],
        },
        {"player": 2, "type": "draw", "source": "stock"},
        {"player": 2, "type": "meld", "cards": ["4h", "5h", "6h"]},
        {"player": 2, "type": "lay_off", "card": "9d", "meld": 0},
        {"player": 0, "type": "draw", "source": "stock"},
        {"player": 0, "type": "lay_off", "card": "7h", "meld": 1},
        {"player": 0, "type": "lay_off", "card": "3h=8h", "meld": 1},  # the engine's choice
        {"player": 0, "type": "discard", "card": "Kc", "go_out": False},
    ]
    assert record["rounds"][0]["scores"] == [2, 0, 0]
    assert_same(game, tt.Game.from_record(through_json(record)))


def test_the_record_writes_the_pile_of_a_separate_discard() -> None:
    variations = ["jokers", "separate-discards", "joker-discards"]
    game = scripted("pagat", 3, variations, ["4c 7d Qs", "9s 9h Jk", "5h 6h Jc"], "9c", "Kd 2c")
    play(game, ["draw stock", "discard Jk pile 2", "draw discard 2", "discard Jc out"])
    record = game.to_record()
    assert record["rounds"][0]["actions"] == [
        {"player": 1, "type": "draw", "source": "stock"},
        {"player": 1, "type": "discard", "card": "Jk", "go_out": False, "pile": 2},
        {"player": 2, "type": "draw", "source": "discard", "pile": 2},
        {
            "player": 2,
            "type": "discard",
            "card": "Jc",
            "go_out": True,
            "melds": [["5h", "6h", "Jk=7h"]],
        },
    ]
    assert_same(game, tt.Game.from_record(through_json(record)))


def test_changing_a_record_does_not_change_the_game() -> None:
    game = short_game()
    record = game.to_record()
    record["rounds"][0]["scores"][0] = 99
    record["rounds"][1]["deal"]["hands"][0][0] = "Zz"
    record["rounds"][2]["actions"].clear()
    assert game.to_record() == SHORT
    assert game.score_sheet().splitlines()[1] == "    1     3        19         0        13"
    unfinished = tt.Game("pagat", 2, seed=5)
    before = unfinished.to_record()
    before["rounds"][0]["deal"]["upcard"] = "Zz"
    assert unfinished.to_record()["rounds"][0]["deal"]["upcard"] == str(unfinished.piles[0][0])
