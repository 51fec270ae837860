"""The walk of a round's public history (engine/public_replay.py) against the engine.

Random games on every rule preset and variation (reshuffles in long rounds,
separate piles, joker discards, redemption, false outs): after every action the
walker, fed the round's new history entries, holds the game's piles and stock
size, and each hook's arguments are what the game did (the tops a stock draw
passed, the card a pile draw took, the pile a discard went onto, the cards of a
reshuffle, the false outs).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import threethirteen as tt
from tests.conftest import examples
from threethirteen.engine.actions import DiscardCard, DrawDiscard, DrawStock, LayMeld, LayOff
from threethirteen.engine.public_replay import (
    PublicReplay,
    PublicVisitor,
    discard_pile,
    reshuffle_split,
)
from threethirteen.errors import InvalidRulesError
from threethirteen.hands.rules import PRESETS, VARIATIONS


@dataclass
class Checker(PublicVisitor):
    """Checks each hook's arguments against the walker's piles before the entry
    (the hooks run before it is applied) and the game's piles before the action."""

    replay: PublicReplay
    before: list[list[int]] = field(default_factory=list)
    """The game's piles before the action being walked."""
    false_outs: frozenset[int] = frozenset()
    seen: Counter[str] = field(default_factory=Counter)
    discards: list[tuple[int, int]] = field(default_factory=list)
    """Each discard walked since the last action: (pile, card)."""

    def visit_reshuffle(self, event: Any, cards: list[int]) -> None:
        assert sorted(cards) == sorted(event.cards.code_bytes)
        assert cards == [code for pile in self.replay.piles for code in pile[:-1]]
        self.seen["reshuffle"] += 1

    def visit_draw_stock(self, player: int, event: DrawStock, passed: list[int]) -> None:
        assert passed == [pile[-1] for pile in self.before if pile]
        assert passed == self.replay.passed()
        self.seen["draw stock"] += 1
        self.seen["passed"] += len(passed)

    def visit_draw_discard(
        self, player: int, event: DrawDiscard, pile: int, card: int | None
    ) -> None:
        assert pile == (event.pile or 0)
        assert card is not None
        assert card == self.before[pile][-1] == self.replay.piles[pile][-1]
        self.seen["draw discard"] += 1

    def visit_discard(self, player: int, event: DiscardCard, pile: int, false_out: bool) -> None:
        assert false_out == (self.replay.index in self.false_outs)
        assert false_out <= event.go_out
        self.discards.append((pile, event.card.code))
        self.seen["discard"] += 1
        self.seen["false out"] += false_out
        self.seen["other pile"] += pile != player and self.replay.separate

    def visit_lay_meld(self, player: int, event: LayMeld) -> None:
        self.seen["lay meld"] += 1

    def visit_lay_off(self, player: int, event: LayOff) -> None:
        self.seen["lay off"] += 1


def codes(piles: Any) -> list[list[int]]:
    return [[card.code for card in pile] for pile in piles]


def new_round(game: tt.Game) -> PublicReplay:
    view = game.view(0)
    rules = game.rules
    stock = rules.decks * 52 + rules.jokers - game.players * view.cards_dealt - 1
    return PublicReplay(
        game.players,
        view.dealer,
        view.upcard.code,
        bool(rules.separate_discards),
        stock,
    )


def play_and_walk(game: tt.Game, seed: int, most: int, seen: Counter[str]) -> None:
    """Random play; after each action the walker takes the round's new entries."""
    rng = random.Random(seed)
    replay = new_round(game)
    checker = Checker(replay)
    number = game.round
    for _ in range(most):
        if game.is_over:
            break
        checker.before = codes(game.piles)
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
        view = game.view(0 if game.to_move is None else game.to_move)  # (the last round's)
        # the round ended, or a void round was dealt again under its number: a new walker
        dealt_again = len(view.history) < replay.index
        if (game.round != number or dealt_again) and not game.is_over:
            seen["rounds"] += 1
            number = game.round
            replay = new_round(game)
            checker = Checker(replay, seen=checker.seen)
            continue
        checker.false_outs = replay.false_outs = frozenset(view.false_outs)
        checker.discards = []
        replay.walk(view.history[replay.index :], checker)
        assert replay.index == len(view.history)
        assert replay.piles == codes(game.piles) == codes(view.piles)
        assert replay.stock_size == view.stock_size
        for pile, card in checker.discards:  # (a reshuffle keeps the tops)
            assert replay.piles[pile][-1] == card
    if not game.is_over:  # the whole history at once, as a reader walks it
        view = game.view(0)
        whole = PublicReplay(
            game.players,
            view.dealer,
            view.upcard.code,
            bool(game.rules.separate_discards),
            replay.stock_size,
            view.false_outs,
        )
        whole.walk(view.history)
        assert whole.piles == replay.piles
    seen.update(checker.seen)


def make_game(preset: str, variations: list[str], players: int, seed: int) -> tt.Game | None:
    try:
        return tt.Game(preset, players=players, seed=seed, variations=variations, max_turns=150)
    except InvalidRulesError:
        return None


TABLES = [
    ("pagat", 2, []),
    ("pagat", 4, ["separate-discards", "jokers"]),
    ("bga", 4, ["separate-discards", "joker-discards"]),
    ("pagat", 2, ["redemption"]),
    ("pagat", 3, ["false-out"]),
    ("pagat", 4, ["jokers", "redemption", "false-out=7"]),
    ("family", 4, ["jokers"]),
    ("wikipedia", 3, []),
    ("bga", 2, ["up-and-back"]),
]


@pytest.mark.parametrize(("preset", "players", "variations"), TABLES)
def test_the_walk_follows_the_engine_on_each_table(
    preset: str, players: int, variations: list[str]
) -> None:
    seen: Counter[str] = Counter()
    for seed in range(2):
        game = make_game(preset, variations, players, seed)
        assert game is not None
        play_and_walk(game, seed, 700, seen)
    assert seen["discard"]
    assert seen["draw stock"]


def test_the_tables_reach_every_kind_of_entry() -> None:
    # Reshuffles, separate piles (a joker onto another's pile), false outs, lay-offs.
    seen: Counter[str] = Counter()
    for preset, players, variations in TABLES[1:6]:
        for seed in range(2):
            game = make_game(preset, variations, players, seed)
            assert game is not None
            play_and_walk(game, seed, 700, seen)
    for kind in ("reshuffle", "false out", "lay meld", "lay off", "other pile", "passed"):
        assert seen[kind], kind


@settings(max_examples=examples(25))
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    variations=st.lists(st.sampled_from(sorted(VARIATIONS)), max_size=4, unique=True),
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32),
)
@example(
    preset="bga", variations=["aces-high", "double-naughts"], players=2, seed=2
)  # a void round
def test_the_walk_follows_the_engine_on_any_rules(
    preset: str, variations: list[str], players: int, seed: int
) -> None:
    game = make_game(preset, variations, players, seed)
    if game is None:
        return
    play_and_walk(game, seed, 250, Counter())


def test_the_pile_rule() -> None:
    assert discard_pile(1, None, False) == 0
    assert discard_pile(1, 3, False) == 0
    assert discard_pile(1, None, True) == 1
    assert discard_pile(1, 3, True) == 3
    assert reshuffle_split([[1], [2, 3, 4], []]) == ([[1], [4], []], [2, 3])


def test_a_hook_that_raises_leaves_the_replay_as_it_was() -> None:
    class Refuse(PublicVisitor):
        def visit_discard(
            self, player: int, event: DiscardCard, pile: int, false_out: bool
        ) -> None:
            raise ValueError("no")

    replay = PublicReplay(players=2, dealer=0, upcard=5, stock_size=10)
    with pytest.raises(ValueError, match="no"):
        replay.apply(1, DiscardCard(tt.Card(9)), Refuse())
    assert (replay.piles, replay.index) == ([[5]], 0)


def test_a_draw_from_an_empty_pile_passes_no_card() -> None:
    taken: list[int | None] = []

    class Taken(PublicVisitor):
        def visit_draw_discard(
            self, player: int, event: DrawDiscard, pile: int, card: int | None
        ) -> None:
            taken.append(card)

    replay = PublicReplay(players=2, dealer=0, upcard=5, separate=True)
    replay.walk([(0, DrawDiscard(1)), (0, DrawDiscard(7)), (0, DrawDiscard(0))], Taken())
    assert taken == [None, None, 5]
    assert replay.piles == [[], []]
