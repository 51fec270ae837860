"""Deals given to a game (``Game.dealt``, ``deal``, ``deal_from_seed``,
``round_record``) and the record replay built on them
(:mod:`threethirteen.engine.record_replay`).

The reference is the seeded engine itself: a game typed in deal by deal (its deals,
its reshuffles and its actions read from a seeded game) is that game, round for
round, and so is its record replayed, with or without its seed."""

from __future__ import annotations

import ast
import copy
import dataclasses
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import threethirteen as tt
from threethirteen.engine import record_replay
from threethirteen.hands.cards import CARDS

Table = tuple[tt.Rules | str, int, list[str], int | None]

# Every rule set, and the variations that change how the piles and rounds move:
# reshuffles (short turn limits are long enough for them in 2-player games),
# separate piles, redemption, false outs, void rounds (double-naughts), table play.
TABLES: list[Table] = [
    ("pagat", 2, [], 80),
    ("wikipedia", 2, ["false-out", "double-naughts", "doubles"], 60),
    ("bga", 4, ["separate-discards", "joker-discards", "go-around-first"], 24),
    ("family", 3, ["jokers", "no-all-wild-melds"], 30),
    ("pagat", 3, ["redemption", "aces-high"], 30),
    (dataclasses.replace(tt.Rules.preset("pagat", players=2), rounds=(3, 4)), 2, [], 50),
]


def new_game(table: Table, seed: int) -> tt.Game:
    rules, players, variations, max_turns = table
    return tt.Game(rules, players, seed=seed, variations=variations, max_turns=max_turns)


def played(table: Table, seed: int, actions: int | None = None) -> tt.Game:
    """A seeded game of ``table`` played by random legal actions (to its end)."""
    game = new_game(table, seed)
    rng = np.random.default_rng(seed)
    count = 0
    while not game.is_over and (actions is None or count < actions):
        legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])
        count += 1
    return game


def typed_in(record: dict[str, Any], table: Table) -> tt.Game:
    """The game of ``record`` typed in through the public API only, deal by deal:
    the obvious replay (no checks) that the record replay is compared with."""
    rules, players, variations, max_turns = table
    game = tt.Game.dealt(rules, players, variations=variations, max_turns=max_turns)
    for data in record["rounds"]:
        assert game.awaits_deal
        deal = data["deal"]
        stocks = [entry["stock"] for entry in data["actions"] if entry["type"] == "reshuffle"]
        game.deal(deal["hands"], deal["upcard"], deal["stock"], stocks)
        for entry in data["actions"]:
            if entry["type"] != "reshuffle":
                game.apply(tt.Action.from_dict(entry), entry["player"])
    game.deal_from_seed()
    return game


def assert_same(game: tt.Game, other: tt.Game) -> None:
    """The same state, for the game and for every player."""
    assert (other.round, other.dealer, other.to_move, other.phase, other.turns) == (
        game.round,
        game.dealer,
        game.to_move,
        game.phase,
        game.turns,
    )
    assert (other.totals, other.round_scores, other.winners) == (
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


def without_seed(record: dict[str, Any]) -> dict[str, Any]:
    changed = copy.deepcopy(record)
    changed["seed"] = None
    return changed


@pytest.mark.parametrize("table", TABLES, ids=lambda table: str(table[0])[:12])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_game_typed_in_deal_by_deal_is_the_seeded_game(table: Table, seed: int) -> None:
    game = played(table, seed)
    record = game.to_record()
    typed = typed_in(record, table)
    assert typed.seed is None
    assert typed.is_over
    assert typed.to_record() == without_seed(record)
    assert_same(game, typed)


@pytest.mark.parametrize("table", TABLES, ids=lambda table: str(table[0])[:12])
def test_the_record_replay_is_the_game_typed_in(table: Table) -> None:
    """Mid-game and at the end, with and without the seed: the replay is the game,
    and play goes on from it as from the game (the next deals and reshuffles from
    the seed, when it has one)."""
    for actions in (7, 60, None):
        game = played(table, 3, actions)
        record = game.to_record()
        replayed = tt.Game.from_record(record)
        assert not replayed.awaits_deal
        assert replayed.to_record() == record
        assert_same(game, replayed)
        seedless = tt.Game.from_record(without_seed(record))
        assert seedless.to_record() == without_seed(record)
        assert_same(typed_in(record, table), seedless)
        if not game.is_over:
            rng = np.random.default_rng(0)
            for _ in range(40):
                if game.is_over:
                    break
                legal = game.legal_actions()
                action = legal[int(rng.integers(len(legal)))]
                game.apply(action)
                replayed.apply(action)
            assert replayed.to_record() == game.to_record()


@pytest.mark.parametrize("table", TABLES, ids=lambda table: str(table[0])[:12])
def test_a_replay_through_reshuffles(table: Table) -> None:
    rules, players, variations, _ = table
    game = tt.Game(rules, players, seed=9, variations=variations)
    until_the_stock_runs_out(game)
    rng = np.random.default_rng(9)
    for _ in range(30):
        if game.is_over:
            break
        legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])
    record = game.to_record()
    assert any(entry["type"] == "reshuffle" for entry in record["rounds"][0]["actions"])
    assert_same(game, tt.Game.from_record(record))
    seedless = tt.Game.from_record(without_seed(record))
    assert seedless.to_record() == without_seed(record)
    assert_same(game, seedless)
    assert_same(game, typed_in(record, (rules, players, variations, None)))


def test_a_seedless_replay_deals_the_record_s_reshuffles() -> None:
    game = tt.Game("pagat", 2, seed=5)
    until_the_stock_runs_out(game)
    record = without_seed(game.to_record())
    entry = record["rounds"][0]["actions"][-1]
    assert entry["type"] == "reshuffle"
    entry["stock"].reverse()  # another order of the same cards: another game
    replayed = tt.Game.from_record(record)
    assert [str(card) for card in replayed.stock] == entry["stock"]
    assert replayed.stock == game.stock[::-1]


def test_a_record_that_ends_between_rounds_deals_the_next_round_from_its_seed() -> None:
    game = played(("pagat", 3, [], 30), 5)
    record = game.to_record()
    cut = copy.deepcopy(record)
    del cut["rounds"][2:]
    cut["totals"] = [sum(data["scores"][p] for data in cut["rounds"]) for p in range(3)]
    cut["winners"] = None
    replayed = tt.Game.from_record(cut)
    assert (replayed.round, replayed.awaits_deal, replayed.to_move) == (3, False, 0)
    assert replayed.round_record()["deal"] == record["rounds"][2]["deal"]


# -- the waiting game -------------------------------------------------------------


def test_a_game_waits_for_its_deals() -> None:
    game = tt.Game.dealt("pagat", 2, max_turns=4)
    assert (game.awaits_deal, game.to_move, game.round, game.dealer) == (True, None, 1, 0)
    assert game.legal_actions() == []
    assert not game.is_legal("draw stock")
    assert repr(game) == "<Game pagat players=2 seed=None: round 1 awaits its deal>"
    with pytest.raises(tt.IllegalActionError) as raised:
        game.apply("draw stock")
    assert str(raised.value) == (
        "illegal action 'draw stock': no round is in play: the game awaits its deal (Game.deal)"
    )
    with pytest.raises(tt.GameError, match=r"^no round is in play: the game awaits its deal"):
        game.view(0)
    with pytest.raises(tt.GameError, match=r"^no round has been dealt: the game awaits its first"):
        game.round_record()
    assert game.to_record()["rounds"] == []
    game.deal()  # no seed: a fresh random one deals
    assert not game.awaits_deal
    assert game.seed is None
    assert len(game.hand(1)) == 3
    while game.round == 1:  # four turns end the round (turn limit)
        game.apply(game.legal_actions()[0])
        if game.awaits_deal:
            break
    assert game.awaits_deal
    assert game.to_move is None
    ended = game.round_record()
    assert ended["end"] == "turn_limit"
    assert ended["scores"] is not None
    assert game.to_record()["rounds"] == [ended]
    assert game.clone().round_record() == ended
    game.deal_from_seed()  # deals the round awaited, then every later one
    assert (game.awaits_deal, game.round, game.to_move) == (False, 2, 0)


def test_a_seeded_game_dealt_by_its_seed_is_the_seeded_game() -> None:
    dealt = tt.Game.dealt("bga", 3, seed=11, max_turns=12)
    seeded = tt.Game("bga", 3, seed=11, max_turns=12)
    rng = np.random.default_rng(11)
    while not seeded.is_over:
        if dealt.awaits_deal:
            dealt.deal()
        legal = seeded.legal_actions()
        assert dealt.legal_actions() == legal
        action = legal[int(rng.integers(len(legal)))]
        seeded.apply(action)
        dealt.apply(action)
    assert dealt.to_record() == seeded.to_record()
    dealt.deal_from_seed()  # over: nothing to deal, nothing changes
    assert dealt.is_over
    assert dealt.to_record() == seeded.to_record()


def test_round_record_is_a_copy() -> None:
    game = played(("pagat", 2, [], 40), 6, 30)
    record = game.to_record()
    mine = game.round_record()
    assert mine == record["rounds"][-1]
    mine["deal"]["hands"][0].append("Jk")
    mine["deal"]["stock"].clear()
    mine["actions"].clear()
    assert game.to_record() == record
    assert game.round_record() == record["rounds"][-1]


def test_a_sampled_game_has_no_round_record() -> None:
    sample = tt.Game("pagat", 2, seed=1).view(0).sample(2)
    with pytest.raises(tt.GameError, match=r"^a game made by PlayerView.sample has no deals"):
        sample.round_record()


# -- bad deals ----------------------------------------------------------------------

SEED_DEAL = tt.Game("pagat", 2, seed=5).round_record()["deal"]


def deal_with(**changes: Any) -> dict[str, Any]:
    deal: dict[str, Any] = copy.deepcopy(SEED_DEAL)
    deal["reshuffles"] = []
    deal.update(changes)
    return deal


BAD_DEALS: list[tuple[str, dict[str, Any], str]] = [
    ("hands no list", deal_with(hands=7), "hands must be a list, not 7"),
    (
        "three hands",
        deal_with(hands=[*SEED_DEAL["hands"], []]),
        "3 hands dealt for 2 players",
    ),
    (
        "a hand too large",
        deal_with(hands=[SEED_DEAL["hands"][0] + ["Jk"], SEED_DEAL["hands"][1]]),
        "hand 0 holds 4 cards, not 3",
    ),
    (
        "a card that does not parse",
        deal_with(hands=[["9s", "Zz", "4c"], SEED_DEAL["hands"][1]]),
        "hand 0: unknown suit 'z' in 'Zz'",
    ),
    (
        "a code too large",
        deal_with(upcard=53),
        "the upcard: a card is a Card, its text or its code (0 to 52), not 53",
    ),
    (
        "a bool for a card",
        deal_with(stock=[True, *SEED_DEAL["stock"][1:]]),
        "the stock: a card is a Card, its text or its code (0 to 52), not True",
    ),
    (
        "a card twice",
        deal_with(upcard=SEED_DEAL["hands"][0][0]),
        f"the deal is not the pool's cards: {SEED_DEAL['hands'][0][0]} is dealt more"
        " often than the pool holds it",
    ),
    (
        "a card missing",
        deal_with(stock=SEED_DEAL["stock"][1:]),
        f"the deal is not the pool's cards: {SEED_DEAL['stock'][0]} is missing",
    ),
    ("a stock no list", deal_with(stock=5), "the stock must be a list, not 5"),
    ("a reshuffle no list", deal_with(reshuffles=[5]), "reshuffle 0 must be a list, not 5"),
]


@pytest.mark.parametrize(
    ("deal", "message"), [case[1:] for case in BAD_DEALS], ids=[case[0] for case in BAD_DEALS]
)
def test_a_bad_deal_is_refused(deal: dict[str, Any], message: str) -> None:
    game = tt.Game.dealt("pagat", 2)
    before = game.to_record()
    with pytest.raises(tt.GameError) as raised:
        game.deal(deal["hands"], deal["upcard"], deal["stock"], deal["reshuffles"])
    assert str(raised.value) == message
    assert game.awaits_deal  # nothing dealt
    assert game.to_record() == before  # the refusal left the game as it was


def test_cards_codes_and_texts_deal_alike() -> None:
    hands, upcard, stock = SEED_DEAL["hands"], SEED_DEAL["upcard"], SEED_DEAL["stock"]
    by_text = tt.Game.dealt("pagat", 2)
    by_text.deal([" ".join(hand) for hand in hands], upcard, " ".join(stock))
    by_code = tt.Game.dealt("pagat", 2)
    code = {str(card): card.code for card in CARDS}
    by_code.deal(
        [[code[card] for card in hand] for hand in hands],
        code[upcard],
        [code[card] for card in stock],
    )
    by_card = tt.Game.dealt("pagat", 2)
    by_card.deal(
        [[tt.Card.parse(card) for card in hand] for hand in hands],
        tt.Card.parse(upcard),
        [tt.Card.parse(card) for card in stock],
    )
    seeded = tt.Game("pagat", 2, seed=5)
    for game in (by_text, by_code, by_card):
        assert game.round_record() == seeded.round_record()
        assert_same(seeded, game)


def test_deals_given_when_none_is_awaited_or_the_seed_deals() -> None:
    hands, upcard, stock = SEED_DEAL["hands"], SEED_DEAL["upcard"], SEED_DEAL["stock"]
    cases: list[tuple[tt.Game, dict[str, Any], str]] = [
        (tt.Game("pagat", 2, seed=5), {}, "no deal is awaited: round 1 is in play"
         " (only a game made by Game.dealt waits for deals)"),
        (tt.Game.dealt("pagat", 2, seed=5), {"hands": hands, "upcard": upcard, "stock": stock},
         "this game deals from its seed 5: call deal() without cards"),
        (tt.Game.dealt("pagat", 2), {"hands": hands, "upcard": upcard},
         "give the hands, the upcard and the stock, or none of them"),
        (tt.Game.dealt("pagat", 2), {"reshuffles": [stock]},
         "reshuffles are given with the cards of a deal"),
    ]  # fmt: skip
    for game, arguments, message in cases:
        with pytest.raises(tt.GameError) as raised:
            game.deal(**arguments)
        assert str(raised.value) == message
    over = played(("pagat", 2, [], 20), 1)
    with pytest.raises(tt.GameError, match=r"^the game is over$"):
        over.deal()
    with pytest.raises(tt.GameError, match=r"^a seed must be from 0 to 2"):
        tt.Game.dealt("pagat", 2, seed=-1)
    with pytest.raises(tt.InvalidRulesError):
        tt.Game.dealt("poker", 2)


def until_the_stock_runs_out(game: tt.Game) -> None:
    """Draw the stock's top card and discard it until the stock is empty (the next
    turn reshuffles the discards at once)."""
    for _ in range(len(game.stock)):
        card = game.stock[0]
        game.apply("draw stock")
        game.apply(f"discard {card}")


def test_reshuffles_given_are_checked_when_dealt() -> None:
    seeded = tt.Game("pagat", 2, seed=5)
    until_the_stock_runs_out(seeded)  # the stock is reshuffled at once
    entry = seeded.round_record()["actions"][-1]
    assert entry["type"] == "reshuffle"
    assert len(entry["stock"]) == 45
    hands, upcard, stock = SEED_DEAL["hands"], SEED_DEAL["upcard"], SEED_DEAL["stock"]
    game = tt.Game.dealt("pagat", 2)
    game.deal(hands, upcard, stock, [entry["stock"]])
    until_the_stock_runs_out(game)
    assert game.stock == seeded.stock
    assert game.round_record() == seeded.round_record()
    wrong = [*entry["stock"][:-1], SEED_DEAL["hands"][0][0]]
    for reshuffles, message in [
        ([], "round 1: the stock runs out, but the record has no reshuffle for it"),
        (
            [wrong],
            "round 1: a reshuffle's stock is not the cards of the discard piles under"
            " their top cards",
        ),
    ]:
        game = tt.Game.dealt("pagat", 2)
        game.deal(hands, upcard, stock, reshuffles)
        with pytest.raises(tt.InvalidRecordError) as raised:
            until_the_stock_runs_out(game)
        assert str(raised.value) == message


# -- the module stands on the game's public names ---------------------------------


def test_the_replay_uses_no_private_name_of_another_module() -> None:
    source = Path(record_replay.__file__).read_text(encoding="utf-8")
    tree = ast.parse(source)
    private = sorted(
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and node.attr.startswith("_")
        and not node.attr.startswith("__")
    )
    assert private == []
    imported = [
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    ]
    assert not [name for name in imported if name.startswith("_")]
    assert "game" not in {
        node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
    }
