"""The playouts: the compiled loop against the engine, move for move and score for
score, on sampled positions of every rule set at 2, 3 and 4 players; the search
bot's decisions the same with either; the fallbacks."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import threethirteen as tt
from tests.conftest import examples
from threethirteen.bots import playouts
from threethirteen.engine.actions import DiscardCard, DrawStock

needs_compiled = pytest.mark.skipif(not playouts.compiled, reason="the compiled loop is not built")

# Every preset with the variations that change what the loop does (piles, going
# out, scoring), and a few that change only the hands' scores.
RULE_SETS: list[tuple[str, tuple[str, ...]]] = [
    ("pagat", ()),
    ("pagat", ("jokers", "aces-high", "second-count")),
    ("pagat", ("separate-discards", "go-around-first", "first-out-bonus", "doubles")),
    ("pagat", ("double-naughts", "false-out", "longer-game")),
    ("wikipedia", ("first-out-bonus=wild", "no-all-wild-melds", "up-and-back")),
    ("bga", ()),
    ("bga", ("separate-discards", "joker-discards", "redemption")),
    ("family", ()),
    ("family", ("jokers", "double-naughts", "first-out-bonus=-5")),
]


def reference(game: tt.Game, player: int) -> float:
    """The engine's playout, written plainly: the policy applied until the round
    scores (or is voided: the turns start again), or the limit."""
    played = len(game.round_scores)
    turns = game.turns
    for _ in range(playouts.PLAYOUT_LIMIT):
        if game.is_over or len(game.round_scores) != played or game.turns < turns:
            break
        turns = game.turns
        game.apply(playouts.playout_action(game))
    if len(game.round_scores) != played:
        scores: Sequence[int] = game.round_scores[played]
    elif game.turns < turns:
        return 0.0
    else:
        round_ = game.prepared_round
        scores = [tt.deadwood_score(game.hand(other), round_) for other in range(game.players)]
    others = [score for other, score in enumerate(scores) if other != player]
    return scores[player] - sum(others) / len(others)


def position(
    rules: str, variations: tuple[str, ...], players: int, seed: int, moves: int, deal: int = 0
) -> tt.Game | None:
    """A game of one round (the ``deal``-th of the rules' schedule, counted from the
    end when negative) after ``moves`` actions of greedy bots (a random bot at one
    seat, so that rounds run long), or ``None`` when the round is over by then."""
    found = tt.Rules.preset(rules, list(variations), players=players)
    found = dataclasses.replace(found, rounds=(found.rounds[deal],))
    game = tt.Game(found, players=players, seed=seed, max_turns=200)
    bots = [tt.RandomBot(seed) if seat == 0 else tt.GreedyBot() for seat in range(players)]
    for _ in range(moves):
        if game.is_over:
            return None
        mover = game.to_move
        assert mover is not None
        game.apply(bots[mover].act(game.view(mover), game.legal_actions()))
    return None if game.is_over else game


def check_trace(game: tt.Game) -> str:
    """The compiled loop's actions are the policy's, applied to the engine one by one
    (each legal), and its scores the engine's: where it stopped."""
    trace = playouts.playout_trace(game)
    assert trace is not None
    replay = game.clone()
    played = len(replay.round_scores)
    for action in trace.actions:
        assert action == playouts.playout_action(replay)
        replay.apply(action)
    if trace.end == "round":
        assert replay.round_scores[played] == trace.scores
    elif trace.end == "void":
        assert len(replay.round_scores) == played
        assert replay.turns == 0
        assert trace.scores == (0,) * game.players
    elif trace.end == "limit":
        assert len(trace.actions) == playouts.PLAYOUT_LIMIT
        round_ = replay.prepared_round
        hands = [tt.deadwood_score(replay.hand(p), round_) for p in range(game.players)]
        assert list(trace.scores) == hands
    else:
        assert trace.end == "reshuffle"
        assert replay.view(0).reshuffled is not None  # the engine has reshuffled
    return trace.end


@needs_compiled
@settings(max_examples=examples(150))
@given(
    rule_set=st.sampled_from(RULE_SETS),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    deal=st.integers(-11, -1),
    moves=st.integers(0, 60),
    sampled=st.booleans(),
)
def test_the_compiled_playout_is_the_engines(
    rule_set: tuple[str, tuple[str, ...]],
    players: int,
    seed: int,
    deal: int,
    moves: int,
    sampled: bool,
) -> None:
    rules, variations = rule_set
    game = position(rules, variations, players, seed, moves, deal)
    if game is None:
        return
    if sampled:
        mover = game.to_move
        assert mover is not None
        game = game.view(mover).sample(np.random.default_rng(seed))
    check_trace(game)
    for player in range(players):
        assert playouts.playout(game.clone(), player) == reference(game.clone(), player)


@needs_compiled
def test_fresh_rounds_at_two_and_four_players() -> None:
    """Pagat's first position of every round, each a playout for each seat."""
    for players in (2, 4):
        game = tt.Game("pagat", players=players, seed=11)
        bot = tt.GreedyBot()
        ends = set()
        while not game.is_over:
            if game.turns == 0 and game.phase == "draw":
                ends.add(check_trace(game))
                for player in range(players):
                    assert playouts.playout(game.clone(), player) == reference(game.clone(), player)
            mover = game.to_move
            assert mover is not None
            game.apply(bot.act(game.view(mover), game.legal_actions()))
        assert ends == {"round"}


def drain(game: tt.Game, left: int) -> None:
    """Draw from the stock and throw the card drawn until ``left`` cards are left."""
    while len(game.stock) > left:
        game.apply(DrawStock())
        mover = game.to_move
        assert mover is not None
        drawn = game.view(mover).stock_draws[-1]
        game.apply(DiscardCard(drawn))


@needs_compiled
@pytest.mark.parametrize("players", [2, 4])
def test_a_reshuffle_goes_on_in_the_engine(players: int) -> None:
    game = tt.Game("pagat", players=players, seed=3)
    while game.cards_dealt < 13:  # the last round: the most cards held
        game.apply(playouts.playout_action(game))
    drain(game, 2)
    assert check_trace(game) == "reshuffle"
    for player in range(players):
        value = playouts.playout(game.clone(), player)
        assert value == reference(game.clone(), player)
    assert (playouts.playout(game.clone(), 0), playouts.playout(game.clone(), 1)) == {
        2: (1.0, -1.0),
        4: (-25 / 3, -17 / 3),
    }[players]


@needs_compiled
def test_the_turn_limit_and_a_hand_held_ends_the_round() -> None:
    game = tt.Game("pagat", players=3, seed=5, max_turns=4)
    trace = playouts.playout_trace(game)
    assert trace is not None
    assert trace.end == "round"
    assert check_trace(game) == "round"


@needs_compiled
@pytest.mark.parametrize("limit", [1, 6, 7])
def test_the_playout_limit_scores_the_hands_as_they_stand(
    monkeypatch: pytest.MonkeyPatch, limit: int
) -> None:
    monkeypatch.setattr(playouts, "PLAYOUT_LIMIT", limit)
    game = position("bga", (), 3, 8, 1, -1)  # the play phase: an odd limit ends in a draw
    assert game is not None
    assert check_trace(game) == "limit"
    values = [playouts.playout(game.clone(), player) for player in range(3)]
    assert values == [reference(game.clone(), player) for player in range(3)]


def test_without_the_compiled_loop_the_engine_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    """Not built (or the pure-Python solver): the engine's playout, the same values."""
    game = tt.Game("bga", players=3, seed=2)
    values = [playouts.playout(game.clone(), player) for player in range(3)]
    monkeypatch.setattr(playouts, "_compiled", None)
    assert playouts.playout_trace(game) is None
    assert [playouts.playout(game.clone(), player) for player in range(3)] == values
    assert values == [reference(game.clone(), player) for player in range(3)]


@needs_compiled
def test_a_refused_state_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """When the loop refuses (here: told so), the engine plays the whole playout."""

    class Refusing:
        @staticmethod
        def play(*args: object) -> tuple[int, tuple[int, ...], int, bytes]:
            return 3, (), 0, b""

    game = tt.Game("pagat", players=2, seed=7)
    monkeypatch.setattr(playouts, "_compiled", Refusing)
    assert playouts.playout_trace(game) is None
    assert playouts.playout(game.clone(), 0) == reference(game.clone(), 0) == 14.0


def search_game(players: int, seed: int, decisions: int) -> list[tt.Action]:
    game = tt.Game("pagat", players=players, seed=seed)
    bots = [tt.SearchBot(seed=seat, playouts=4) for seat in range(players)]
    played = []
    for _ in range(decisions):
        mover = game.to_move
        assert mover is not None
        action = bots[mover].act(game.view(mover), game.legal_actions())
        played.append(action)
        game.apply(action)
    return played


@needs_compiled
@pytest.mark.parametrize(("players", "decisions"), [(2, 60), (4, 40)])
def test_search_bot_decides_the_same_with_the_engine(
    monkeypatch: pytest.MonkeyPatch, players: int, decisions: int
) -> None:
    compiled = search_game(players, 21, decisions)
    monkeypatch.setattr(playouts, "_compiled", None)
    assert search_game(players, 21, decisions) == compiled


def test_the_card_codes_are_the_games() -> None:
    game = position("bga", ("separate-discards",), 3, 4, 17, 5)
    assert game is not None
    codes = game.card_codes
    assert [tt.Hand.from_codes(list(hand)) for hand in codes.hands] == [
        game.hand(p) for p in range(3)
    ]
    assert [tt.Card(code) for code in reversed(codes.stock)] == list(game.stock)
    assert [[tt.Card(code) for code in pile] for pile in codes.piles] == [
        list(pile) for pile in game.piles
    ]
    assert codes.went_out == game.went_out == (False, False, False)
    assert codes.first_out is None
    assert codes.penalties == (0, 0, 0)
