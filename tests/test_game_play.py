"""The game engine under random play: every preset, variation (alone and in the
combinations that make sense) and player count, checked after every action by the
referee of :mod:`tests.game_checks` (every card in one place, hand sizes, whose
turn it is, legal actions, and each round's scores worked out independently);
and the seeding promise (same seed, rules, players and actions: same game)."""

from __future__ import annotations

import dataclasses
import itertools
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import threethirteen as tt
from tests.conftest import examples
from tests.game_checks import RandomPlayer, Referee, play, scripted
from threethirteen import Action, Card, DiscardCard, DrawDiscard, DrawStock, LayMeld, LayOff, Meld
from threethirteen.hands.cards import JOKER

PLAYERS = {
    "pagat": (2, 3, 5, 8),
    "wikipedia": (2, 3, 5, 8),
    "bga": (2, 3, 5),
    "family": (2, 3, 5, 8),
}
"""The player counts played for each preset (bga seats 2 to 5)."""

ALONE = (
    "aces-high",
    "aces-high=13",
    "jokers",
    "longer-game",
    "up-and-back",
    "doubles",
    "false-out",
    "false-out=35",
    "second-count",
    "first-out-bonus",
    "first-out-bonus=-5",
    "first-out-bonus=wild",
    "double-naughts",
    "redemption",
    "no-all-wild-melds",
    "separate-discards",
    "go-around-first",
)
"""Every variation that makes sense alone (``joker-discards`` needs ``separate-discards``)."""

COMBINATIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("pagat", ("separate-discards", "joker-discards", "jokers")),
    ("bga", ("separate-discards", "joker-discards")),
    ("family", ("separate-discards", "joker-discards", "jokers")),
    ("pagat", ("false-out", "first-out-bonus", "doubles", "double-naughts")),
    ("wikipedia", ("false-out=5", "first-out-bonus=wild", "doubles", "double-naughts")),
    ("family", ("false-out", "first-out-bonus=-5", "doubles", "double-naughts")),
    ("pagat", ("redemption", "jokers")),
    ("bga", ("redemption", "first-out-bonus=wild", "go-around-first")),
    ("wikipedia", ("redemption", "separate-discards", "false-out")),
    ("pagat", ("longer-game", "up-and-back")),
    ("wikipedia", ("longer-game", "doubles", "first-out-bonus=wild")),
    ("family", ("up-and-back", "jokers")),
    ("bga", ("no-all-wild-melds",)),
    ("bga", ("no-all-wild-melds", "redemption")),
    ("family", ("no-all-wild-melds", "jokers")),
    ("pagat", ("aces-high", "second-count", "doubles")),
    ("pagat", ("separate-discards", "go-around-first", "false-out")),
    ("family", ("go-around-first", "first-out-bonus")),
)
"""Combinations of variations that a table would play together."""


def alone_cases() -> list[tuple[str, str, int]]:
    """Each preset with each variation alone (and none), the player count cycling
    through the preset's counts."""
    cases = []
    for preset, counts in PLAYERS.items():
        for index, variation in enumerate(("", *ALONE)):
            if preset == "family" and variation == "redemption":
                continue  # the family sheet lays melds all round; redemption is for the others
            cases.append((preset, variation, counts[index % len(counts)]))
    return cases


def turn_limit(players: int) -> int:
    """Enough turns for rounds to end by going out too, few enough to stay quick."""
    return 4 * players + 10


@pytest.mark.parametrize(("preset", "variation", "players"), alone_cases())
def test_each_variation_alone_keeps_every_rule(preset: str, variation: str, players: int) -> None:
    variations = [variation] if variation else []
    seed = sum(map(ord, preset + variation)) * 31 + players
    game = tt.Game(
        preset, players=players, seed=seed, variations=variations, max_turns=turn_limit(players)
    )
    referee = Referee(game, every_legal=0.15)
    referee.play(RandomPlayer(seed))
    assert game.is_over
    rounds = {"longer-game": 13, "up-and-back": 22}.get(variation, 11)
    assert len(game.round_scores) == rounds
    assert referee.ends["out"] + referee.ends["empty_hand"] > 0, "no round ended by going out"
    if variation.startswith("first-out-bonus"):
        assert min(min(scores) for scores in game.round_scores) < 0
    if variation.startswith("false-out"):
        assert referee.false_outs > 0
    if variation == "redemption" or preset == "family":
        assert referee.table_actions > 0


@settings(max_examples=examples(40))
@given(
    case=st.sampled_from(COMBINATIONS),
    data=st.data(),
    seed=st.integers(min_value=0, max_value=2**128 - 1),
    policy=st.integers(min_value=0, max_value=2**32),
)
def test_combinations_keep_every_rule(
    case: tuple[str, tuple[str, ...]], data: st.DataObject, seed: int, policy: int
) -> None:
    preset, variations = case
    players = data.draw(st.sampled_from(PLAYERS[preset]), label="players")
    max_turns = data.draw(
        st.integers(min_value=players, max_value=6 * players + 12), label="max_turns"
    )
    game = tt.Game(preset, players=players, seed=seed, variations=variations, max_turns=max_turns)
    referee = Referee(game, every_legal=0.1, rng=np.random.default_rng(policy))
    referee.play(RandomPlayer(policy))
    assert game.is_over


@pytest.mark.parametrize("preset", sorted(PLAYERS))
def test_every_player_count(preset: str) -> None:
    for players in PLAYERS[preset]:
        game = tt.Game(preset, players=players, seed=players, max_turns=turn_limit(players))
        Referee(game, every_legal=0.05).play(RandomPlayer(players))
        assert game.is_over


@pytest.mark.parametrize(
    ("preset", "variations"), [("pagat", ()), ("wikipedia", ("separate-discards", "longer-game"))]
)
def test_the_largest_table(preset: str, variations: tuple[str, ...]) -> None:
    """16 players: pagat and wikipedia add decks until the cards do not run short."""
    game = tt.Game(preset, players=16, seed=5, variations=variations, max_turns=40)
    assert game.rules.decks == 5  # 16 x 13 (or 15) cards dealt, the upcard, a stock of 16
    Referee(game, every_legal=0.05).play(RandomPlayer(5))
    assert game.is_over


def test_the_real_rules_end_every_round_without_a_turn_limit() -> None:
    """No ``max_turns``: players who play the best discard and go out when they can
    finish every round by going out."""
    game = tt.Game("pagat", players=2, seed=20261130)
    referee = Referee(game)
    referee.play(RandomPlayer(5, out_rate=1.0, smart_rate=0.3))
    assert referee.ends["turn_limit"] == 0
    assert referee.ends["out"] == 11
    assert referee.reshuffles > 0  # the long rounds ran through the stock


def test_the_stock_runs_out_and_the_round_ends() -> None:
    """A table whose stock and piles hold hardly more cards than there are piles:
    reshuffles, then a turn that starts with nothing to reshuffle ends the round
    ("stock") and every hand is scored as it stands."""
    rules = dataclasses.replace(
        tt.Rules.preset("pagat", ["separate-discards"]), decks=1, rounds=(12, 11, 12)
    )
    game = tt.Game(rules, players=4, seed=11, max_turns=300)
    referee = Referee(game, every_legal=0.3)
    referee.play(RandomPlayer(11, out_rate=0.0, smart_rate=0.2))
    assert referee.ends["stock"] == 2
    assert referee.reshuffles > 10
    assert game.to_record()["rounds"][0]["end"] == "stock"


def test_a_void_round_is_redealt_by_the_same_dealer() -> None:
    """double-naughts: a round where every player scores 0 is void and redealt by the
    same dealer (the referee checks the dealer, the scores and the totals)."""
    voids = 0
    for seed in range(40):
        game = tt.Game("pagat", players=2, seed=seed, variations=["double-naughts"], max_turns=12)
        referee = Referee(game)
        referee.play(RandomPlayer(seed, out_rate=1.0, smart_rate=1.0))
        voids += referee.voids
        if voids:
            break
    assert voids > 0
    record = game.to_record()
    void_rounds = [entry for entry in record["rounds"] if entry["void"]]
    assert all(entry["scores"] == [0, 0] for entry in void_rounds)
    assert len(record["rounds"]) == 11 + len(void_rounds)
    assert sum(1 for entry in record["rounds"] if not entry["void"]) == 11


def test_go_around_first_lets_nobody_out_in_the_first_turns() -> None:
    game = tt.Game("pagat", players=3, seed=3, variations=["go-around-first"], max_turns=30)
    referee = Referee(game, every_legal=1.0)
    player = RandomPlayer(3, out_rate=1.0, smart_rate=1.0)
    outs_before_everyone_played = 0
    while not game.is_over:
        action = player.choose(game)
        if game.turns < game.players - 1:
            outs = [a for a in game.legal_actions() if isinstance(a, tt.DiscardCard) and a.go_out]
            outs_before_everyone_played += len(outs)
        referee.apply(action)
    assert outs_before_everyone_played == 0
    assert referee.ends["out"] > 0


def test_separate_discards_draws_from_other_piles() -> None:
    game = tt.Game("pagat", players=3, seed=8, variations=["separate-discards"], max_turns=30)
    referee = Referee(game, every_legal=0.3)
    player = RandomPlayer(8, draw_discard_rate=0.5)
    taken_from_others = 0
    while not game.is_over:
        action = player.choose(game)
        if isinstance(action, DrawDiscard) and action.pile != game.to_move:
            taken_from_others += 1
        referee.apply(action)
    assert taken_from_others > 10


def test_redemption_a_hand_emptied_by_laying_ends_the_last_turn() -> None:
    """redemption: in a last turn a player who lays every card (no discard) scores 0
    and the turn passes; here that ends the round."""
    for bonus in ([], ["first-out-bonus"], ["double-naughts"]):
        rules = tt.Rules.preset("pagat", ["redemption", *bonus], players=2)
        game = scripted(rules, ["4c 4d 4h", "9s 9h 9d"], "Kc", "2c 3s")
        referee = Referee(game, every_legal=1.0)
        referee.apply(DrawStock())
        referee.apply(DiscardCard(Card.parse("2c"), go_out=True))  # player 1 is out
        referee.apply(DrawStock())  # player 0: 4c 4d 4h 3s (3s wild)
        referee.apply(LayMeld(Meld.parse("4c 4d 4h")))
        assert game.hand(0) == tt.Hand.parse("3s")
        assert LayOff(Card.parse("3s"), 0, Card.parse("9c")) in game.legal_actions()
        referee.apply(LayOff(Card.parse("3s"), 1, Card.parse("4s")))
        assert game.last_end == "out"
        record = game.to_record()["rounds"][0]
        expected = {(): [0, 0], ("first-out-bonus",): [0, -10], ("double-naughts",): [0, 0]}
        assert record["scores"] == expected[tuple(bonus)]
        assert record["void"] == (bonus == ["double-naughts"])


def test_a_clone_is_independent() -> None:
    game = tt.Game("family", players=3, seed=21, variations=["separate-discards"], max_turns=20)
    player = RandomPlayer(21)
    for _ in range(150):
        game.apply(player.choose(game))
    record = game.to_record()
    view = game.view(0)
    copy = game.clone()
    assert copy.to_record() == record
    assert copy.view(0) == view
    play(copy, RandomPlayer(22))
    assert copy.is_over
    assert game.to_record() == record
    assert game.view(0) == view
    play(game, RandomPlayer(23))
    assert copy.to_record() != game.to_record()


def test_equal_totals_share_the_win() -> None:
    """Two turns, each player drawing and discarding the stock's card: the hands
    dealt are scored as they stand (18 each, 3s wild) and both players win."""
    rules = tt.Rules.preset("pagat", players=2)
    game = scripted(rules, ["4c 5d 9h", "4d 5c 9s"], "Kc", "Qd Qs", max_turns=2)
    referee = Referee(game)
    for card in ("Qd", "Qs"):
        referee.apply(DrawStock())
        referee.apply(DiscardCard(Card.parse(card)))
    assert game.is_over
    assert game.last_end == "turn_limit"
    assert game.round_scores == ((18, 18),)
    assert game.totals == (18, 18)
    assert game.winners == (0, 1)
    assert game.to_record()["winners"] == [0, 1]
    assert game.score_sheet().splitlines()[-1] == "winners (shared): player 0, player 1"


def melds_by_brute_force(game: tt.Game) -> set[tuple[str, tuple[int, ...]]]:
    """Every (kind, cards) of a smallest meld the player to move could lay: each
    sub-multiset of the hand of ``min_set`` (a set) or ``min_run`` (a run) cards with
    a natural card and at most two wild cards, tried with every stand-in of the
    naturals' rank (a set) or suit (a run) by ``verify_meld``."""
    rules, wild = game.rules, game.wild
    hand = sorted(game.hand(game.to_move or 0), key=lambda card: card.code)
    found = set()
    for size, kind in ((rules.min_set, "set"), (rules.min_run, "run")):
        for combo in set(itertools.combinations(hand, size)):
            wilds = [i for i, card in enumerate(combo) if card.code == JOKER or card.rank == wild]
            naturals = [card for i, card in enumerate(combo) if i not in wilds]
            if not naturals or len(wilds) > 2:
                continue
            if kind == "set":
                stand_ins = [Card(suit * 13 + naturals[0].code % 13) for suit in range(4)]
            else:
                stand_ins = [Card(naturals[0].code // 13 * 13 + rank) for rank in range(13)]
            options = [stand_ins if i in wilds else [card] for i, card in enumerate(combo)]
            flags = tuple(i in wilds for i in range(size))
            for identities in itertools.product(*options):
                try:
                    meld = Meld(combo, identities, flags)
                    tt.verify_meld(meld, game.prepared_round)
                except tt.InvalidMeldError:
                    continue
                if meld.kind == kind:
                    found.add((kind, tuple(card.code for card in combo)))
                    break
    return found


@pytest.mark.parametrize(
    ("preset", "variations"),
    [
        ("family", ()),
        ("family", ("jokers",)),
        ("family", ("no-all-wild-melds", "jokers")),
        ("bga", ("redemption",)),
    ],
)
def test_every_smallest_meld_is_listed(preset: str, variations: tuple[str, ...]) -> None:
    """legal_actions() lists a LayMeld for every smallest meld the hand can lay (its
    cards; the stand-ins are the engine's choice), and nothing else."""
    checked = 0
    for seed in range(3):
        game = tt.Game(preset, players=3, seed=seed, variations=variations, max_turns=15)
        player = RandomPlayer(seed, lay_rate=0.2)
        while not game.is_over:
            may_lay = game.rules.layoff or game.view(0).first_out is not None
            if game.phase == "play" and may_lay and len(game.hand(game.to_move or 0)) <= 9:
                wild = game.wild
                listed = {
                    (action.meld.kind, tuple(sorted(card.code for card in action.meld.cards)))
                    for action in game.legal_actions()
                    if isinstance(action, LayMeld)
                }
                wilds = [
                    sum(code == JOKER or Card(code).rank == wild for code in codes)
                    for _, codes in listed
                ]
                comparable = {
                    (kind, codes)
                    for (kind, codes), count in zip(listed, wilds, strict=True)
                    if count <= 2 and count < len(codes)
                }
                assert comparable == melds_by_brute_force(game), (
                    str(game.hand(game.to_move or 0)),
                    wild,
                )
                checked += 1
            game.apply(player.choose(game))
    assert checked > 15


def test_redemption_a_hand_emptied_by_its_last_discard_has_gone_out() -> None:
    rules = tt.Rules.preset("pagat", ["redemption"], players=3)
    game = scripted(rules, ["5c 7d Jh", "9s 9h 9d", "4c 4d 4h"], "Kc", "2c Qh Qs")
    referee = Referee(game, every_legal=1.0)
    referee.apply(DrawStock())
    referee.apply(DiscardCard(Card.parse("2c"), go_out=True))
    referee.apply(DrawStock())  # player 2's last turn: 4c 4d 4h Qh
    referee.apply(LayMeld(Meld.parse("4c 4d 4h")))
    referee.apply(DiscardCard(Card.parse("Qh")))  # the last card
    assert game.went_out == (False, True, True)
    assert game.hand(2) == tt.Hand()
    referee.apply(DrawStock())
    referee.apply(DiscardCard(Card.parse("Qs")))
    assert game.round_scores == ((22, 0, 0),)
    assert game.to_record()["rounds"][0]["end"] == "out"


# -- the seeding promise ------------------------------------------------------------


def played_actions(game: tt.Game, seed: int) -> list[Action]:
    player = RandomPlayer(seed)
    actions = []
    while not game.is_over:
        action = player.choose(game)
        actions.append(action)
        game.apply(action)
    return actions


@pytest.mark.parametrize(
    ("preset", "variations", "players"),
    [
        ("pagat", [], 3),
        ("family", ["jokers", "separate-discards"], 5),
        ("bga", ["redemption", "false-out"], 4),
        ("wikipedia", ["double-naughts", "up-and-back"], 2),
    ],
)
def test_same_seed_rules_players_and_actions_give_the_same_game(
    preset: str, variations: list[str], players: int
) -> None:
    first = tt.Game(preset, players=players, seed=1234, variations=variations, max_turns=25)
    actions = played_actions(first, 99)
    second = tt.Game(preset, players=players, seed=1234, variations=variations, max_turns=25)
    for action in actions:
        second.apply(action)
    record = first.to_record()
    assert second.to_record() == record
    assert json.loads(json.dumps(record)) == record  # JSON-ready
    assert tt.Game.from_record(record).to_record() == record
    third = tt.Game(preset, players=players, seed=1235, variations=variations, max_turns=25)
    assert third.to_record()["rounds"][0]["deal"] != record["rounds"][0]["deal"]


def test_a_game_without_a_seed_gets_one_and_replays() -> None:
    game = tt.Game("pagat", players=2, max_turns=10)
    assert isinstance(game.seed, int)
    assert 0 <= game.seed < 2**63
    actions = played_actions(game, 4)
    again = tt.Game("pagat", players=2, seed=game.seed, max_turns=10)
    for action in actions:
        again.apply(action)
    assert again.to_record() == game.to_record()


def deal_text(game: tt.Game) -> tuple[list[str], str, str]:
    return (
        [str(game.hand(player)) for player in range(game.players)],
        " ".join(
            str(card) for card in game.piles[game.dealer if game.rules.separate_discards else 0]
        ),
        " ".join(str(card) for card in game.stock),
    )


def test_the_first_deal_of_a_seed_is_pinned() -> None:
    """A change to the shuffle (the bit generator, the Fisher-Yates steps, the deal
    order) changes these cards: the seeding promise holds across versions."""
    hands, upcard, stock = deal_text(tt.Game("pagat", players=3, seed=42))
    assert hands == ["2h 4h 6s", "Ah Jh Js", "Qc Kc 7s"]
    assert upcard == "10h"
    assert stock.startswith("6s 7d 4d Kh 5h Ad 10c 3c Ks 5h As 8s ")
    assert len(stock.split()) == 94
    hands, upcard, stock = deal_text(
        tt.Game("family", players=5, seed=2**128 - 1, variations=["jokers"])
    )
    assert hands == ["9c 5h Jk", "3c 4s 9s", "Jc 2h 8h", "9d Jh Kh", "5d 3s Ks"]
    assert upcard == "Js"
    assert stock.startswith("4s 4c 10h 5s As 6s 7s 5h 10c 3d 10h 2c ")
    assert len(stock.split()) == 146


def test_the_policy_games_are_deterministic() -> None:
    """The random player and the engine together: the same seeds play the same game
    (the tests above rely on it to be reproducible)."""
    records = []
    for _ in range(2):
        game = tt.Game("bga", players=3, seed=77, variations=["jokers"], max_turns=20)
        play(game, RandomPlayer(77))
        records.append(game.to_record())
    assert records[0] == records[1]


def _state_of(game: tt.Game) -> dict[str, object]:
    """Everything a game holds, as plain values (sequences as lists, whatever kind
    the engine keeps them in): what a copy must never change in another."""

    def plain(value: object) -> object:
        if isinstance(value, (list, tuple, bytes, bytearray)):
            return [plain(item) for item in value]
        if isinstance(value, dict):
            return {key: plain(item) for key, item in value.items()}
        return value

    found = {name: plain(getattr(game, name, None)) for name in type(game).__slots__}
    state = found.pop("_r")
    del state  # (read field by field below)
    round_state = game._r
    for name in type(round_state).__slots__:
        if name not in ("owned", "legal", "history_parts"):  # (caches and bookkeeping)
            found[f"_r.{name}"] = plain(getattr(round_state, name))
    return found


@settings(max_examples=examples(40), deadline=None)
@given(
    case=st.sampled_from(COMBINATIONS),
    seed=st.integers(min_value=0, max_value=2**64),
    start=st.integers(min_value=0, max_value=400),
    steps=st.lists(
        st.tuples(
            st.sampled_from(["apply", "apply", "apply", "clone", "sample"]),
            st.integers(min_value=0, max_value=2**32),
            st.integers(min_value=0, max_value=2**32),
        ),
        max_size=40,
    ),
)
def test_copies_sharing_lists_stay_independent(
    case: tuple[str, tuple[str, ...]],
    seed: int,
    start: int,
    steps: list[tuple[str, int, int]],
) -> None:
    """Clones, clones of clones and sampled games (which share their lists with the
    game or view they came from until they change them) played in any order: an
    action applied to one never changes another, and each ends as the same game
    made afresh and played alike (nothing shared)."""
    preset, variations = case

    def fresh_root() -> tt.Game:
        return tt.Game(preset, players=3, seed=seed, variations=variations, max_turns=40)

    game = fresh_root()
    chooser = np.random.default_rng(seed)
    prefix: list[Action] = []
    for _ in range(start):
        if game.is_over:
            break
        legal = game.legal_actions()
        prefix.append(legal[int(chooser.integers(len(legal)))])
        game.apply(prefix[-1])
    actions = [prefix]
    games = [game]
    makers: list[object] = [fresh_root]  # each game's maker: the same game, made afresh
    states = [_state_of(game)]
    for kind, first, second in steps:
        index = first % len(games)
        chosen = games[index]
        if kind == "clone":
            games.append(chosen.clone())
            makers.append(makers[index])
            actions.append(actions[index][:])
        elif kind == "sample" and not chosen.is_over:
            player = second % chosen.players
            view = chosen.view(player)
            weighted = bool(first & 1)
            games.append(view.sample(second, weighted=weighted))
            makers.append(lambda view=view, s=second, w=weighted: view.sample(s, weighted=w))
            actions.append([])
            states[index] = _state_of(chosen)  # (a sampled game works out its history)
        elif kind == "apply" and not chosen.is_over:
            legal = chosen.legal_actions()
            action = legal[second % len(legal)]
            chosen.apply(action)
            actions[index].append(action)
            states[index] = _state_of(chosen)
        else:
            continue
        if kind != "apply":
            states.append(_state_of(games[-1]))
        for other, state in enumerate(states):  # (and views and records through them)
            assert _state_of(games[other]) == state, f"game {other} changed by {kind} of {index}"
    for index, made in enumerate(games):
        again = makers[index]()  # type: ignore[operator]
        for action in actions[index]:
            again.apply(action)
        for player in range(made.players):
            assert again.view(player) == made.view(player)
        assert _state_of(again) == _state_of(made)
