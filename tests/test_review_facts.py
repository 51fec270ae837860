"""The exact facts of a decision (threethirteen.review.facts): hand-built positions with
their numbers and melds asserted, and the facts of random positions compared with a
brute force written from the definitions (tests/reference.py's deadwood scores).
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import threethirteen as tt
from tests.conftest import examples
from tests.game_checks import shuffle_hidden
from tests.reference import is_valid_meld, reference_can_go_out, reference_score
from tests.scripting import deal_next, finish_quickly, scripted
from threethirteen.bots.builtin import stock_unseen
from threethirteen.review.facts import (
    broken_meld,
    count_outs,
    decision_facts,
    pile_card,
)
from threethirteen.review.report import Facts
from threethirteen.review.words import decision_words, hint_words

# Round 1 of pagat for two players: 3 cards, 3s wild. The dealer is player 0, so
# player 1 moves first; the upcard 2c is the pile, the stock's top card is the 9h.
HANDS = ["4c 5d Jc", "7h 8h Kd"]


def first_round() -> tt.Game:
    return scripted("pagat", 2, (), HANDS, "2c", "9h")


def facts_of(game: tt.Game, action: str, drawn: str | None = None) -> Facts:
    player = game.to_move
    assert player is not None
    return decision_facts(
        game.view(player), game.legal_actions(), tt.Action.parse(action), drawn=drawn
    )


def test_a_pile_card_that_completed_nothing() -> None:
    game = first_round()
    # 7h 8h Kd scores 25; with the 2c, the best discard (Kd) leaves 7h 8h 2c: 17.
    assert facts_of(game, "draw discard") == Facts(
        deadwood_before=25,
        deadwood_after=17,
        could_go_out=None,
        broke_meld=False,
        completed_nothing=True,
        outs_before=6,  # 6h, 9h and the four 3s (wild)
        outs_after=6,  # 7h 8h 2c: the same six
    )


def test_a_pile_card_that_completed_a_meld() -> None:
    game = scripted("pagat", 2, (), HANDS, "9h", "2c")
    facts = facts_of(game, "draw discard")
    assert facts.completed_nothing is False
    assert (facts.deadwood_before, facts.deadwood_after, facts.outs_after) == (25, 0, 0)


def test_a_stock_draw_needs_the_card_and_takes_it_from_the_unseen() -> None:
    game = first_round()
    facts = facts_of(game, "draw stock", drawn="9h")
    assert (facts.deadwood_after, facts.completed_nothing, facts.outs_after) == (0, False, 0)
    with pytest.raises(tt.InvalidInputError, match=r"need the card drawn \(drawn=\)"):
        facts_of(game, "draw stock")
    with pytest.raises(tt.InvalidInputError, match="drawn='2c' is no card the view leaves"):
        facts_of(game, "draw stock", drawn="2c")  # the pile's card: seen
    with pytest.raises(tt.InvalidInputError, match="'discard 7h' is no action of the view's"):
        facts_of(game, "discard 7h")


def test_a_going_out_missed_by_the_draw() -> None:
    # 7c 2d 3d with the 8c on the pile: the run 7c 8c 3d=9c and the 2d to throw.
    game = scripted("pagat", 2, (), ["4c 5d Jc", "7c 2d 3d"], "8c", "Jh")
    facts = facts_of(game, "draw stock", drawn="Jh")
    assert facts.could_go_out == (tt.Meld.parse("7c 8c 3d=9c"),)
    assert (facts.deadwood_before, facts.deadwood_after) == (12, 12)
    assert facts_of(game, "draw discard").could_go_out is None


def test_no_going_out_missed_when_the_stock_card_goes_out_too() -> None:
    game = scripted("pagat", 2, (), ["4c 5d Jc", "7c 2d 3d"], "8c", "6c")
    assert facts_of(game, "draw stock", drawn="6c").could_go_out is None


def test_a_going_out_missed_by_the_discard() -> None:
    game = first_round()
    game.apply("draw stock")  # 7h 8h 9h Kd: discarding Kd goes out
    run = (tt.Meld.parse("7h 8h 9h"),)
    assert facts_of(game, "discard Kd out") == Facts(0, 0, None, False, False, 0, 0)
    # The same card without declaring the out: the hand stays in, melded (any card is
    # an out: the 47 unseen cards).
    assert facts_of(game, "discard Kd") == Facts(0, 0, run, False, False, 0, 47)
    # Breaking the run: 8h 9h Kd left (27), out with the 10h or a 3 (the 7h is seen).
    assert facts_of(game, "discard 7h") == Facts(0, 27, run, True, False, 0, 5)
    assert facts_of(game, "discard 8h") == Facts(0, 26, run, True, False, 0, 4)


def round_four(stock: str) -> tuple[tt.Game, int]:
    """Round 4 (6 cards, 6s wild): the mover holds the run 7h 8h 9h, Qc Qd and 2s."""
    game = first_round()
    for _ in range(3):
        game = finish_quickly(game)
    mover = game.to_move
    assert (game.round, game.cards_dealt, mover) == (4, 6, 0)
    game = deal_next(game, ["7h 8h 9h Qc Qd 2s", "Ac Ad As 4c 4d 4s"], "10c", stock)
    return game, mover


def test_a_meld_broken() -> None:
    game, mover = round_four("Kc")
    game.apply("draw stock")
    # The best discards (Qd, Kc, Qc) leave 22; discarding the 8h leaves 48 and no outs.
    broken = facts_of(game, "discard 8h")
    assert broken == Facts(22, 48, None, True, False, 5, 0)
    view = game.view(mover)
    assert broken_meld(view, tt.Action.parse("discard 8h")) == tt.Meld.parse("7h 8h 9h")
    kept = facts_of(game, "discard Kc")
    assert kept == Facts(22, 22, None, False, False, 5, 6)  # Qc Qd and a Q or a 6
    assert broken_meld(view, tt.Action.parse("discard Kc")) is None


def test_a_longer_meld_shortened_is_not_broken() -> None:
    game, _ = round_four("10h")
    game.apply("draw stock")  # 7h 8h 9h 10h: dropping the 7h keeps the run 8h 9h 10h
    facts = facts_of(game, "discard 7h")
    assert (facts.broke_meld, facts.deadwood_after) == (False, 22)
    assert facts_of(game, "discard 8h").broke_meld is True  # 7h and 9h 10h: no run


def test_stock_unseen_after_a_reshuffle() -> None:
    game = tt.Game("pagat", players=2, seed=11, max_turns=200)
    rng = random.Random(3)
    while game.view(game.to_move or 0).reshuffled is None:  # draw from the stock only
        legal = game.legal_actions()
        draws = [action for action in legal if isinstance(action, tt.DrawStock)]
        game.apply(draws[0] if draws else rng.choice(legal))
    view = game.view(game.to_move or 0)
    assert view.reshuffled is not None
    unseen = stock_unseen(view)
    assert len(unseen) >= view.stock_size  # (what the other drew since is unseen too)
    counts, hidden, shuffled = unseen.counts(), view.unseen().counts(), view.reshuffled.counts()
    assert all(count <= min(a, b) for count, a, b in zip(counts, hidden, shuffled, strict=True))
    assert len(unseen) < len(view.unseen())


def test_pile_card_of_an_empty_pile() -> None:
    view = first_round().view(1)
    with pytest.raises(tt.InvalidInputError, match="'draw discard 1' takes no card"):
        pile_card(view, tt.DrawDiscard(1))


# -- the facts of random positions against a brute force -------------------------------


def reference_outs(hand: list[tt.Card], wild: int | None, rules: tt.Rules, unseen: tt.Hand) -> int:
    """The unseen copies of the cards that would let ``hand`` go out, by brute force."""
    if not hand:
        return 0
    return sum(1 for card in unseen if reference_can_go_out([*hand, card], wild, rules))


def reference_left(hand: list[tt.Card], wild: int | None, rules: tt.Rules) -> int:
    """The least score any discard leaves (which card is the solver's tie-break: the
    outs after it are not compared)."""
    return min(reference_score(hand[:i] + hand[i + 1 :], wild, rules) for i in range(len(hand)))


def random_position(seed: int, steps: int) -> tt.Game:
    game = tt.Game("pagat", players=2, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


@settings(max_examples=examples(40))
@given(st.integers(0, 10_000), st.integers(0, 60), st.integers(0, 100))
def test_facts_agree_with_a_brute_force(seed: int, steps: int, pick: int) -> None:
    game = random_position(seed, steps)
    if game.is_over:
        return
    player = game.to_move
    assert player is not None
    view = game.view(player)
    legal = game.legal_actions()
    action = legal[pick % len(legal)]
    rules, wild = game.rules, view.wild
    hand = list(view.hand)
    unseen = stock_unseen(view)
    drawn = game.stock[0] if isinstance(action, tt.DrawStock) else None
    facts = decision_facts(view, legal, action, drawn=drawn)
    if view.phase == "draw":
        card = drawn if drawn is not None else pile_card(view, action)  # type: ignore[arg-type]
        assert facts.deadwood_before == reference_score(hand, wild, rules)
        assert facts.deadwood_after == reference_left([*hand, card], wild, rules)
        assert facts.outs_before == reference_outs(hand, wild, rules, unseen)
        assert facts.broke_meld is False
    else:
        assert isinstance(action, tt.DiscardCard)
        assert facts.deadwood_before == reference_left(hand, wild, rules)
        left = list(view.hand.without(action.card))
        assert facts.deadwood_after == reference_score(left, wild, rules)
        out = not left or reference_score(left, wild, rules) == 0
        declared = action.go_out and out
        assert facts.outs_after == (0 if declared else reference_outs(left, wild, rules, unseen))
        can_out = reference_can_go_out(hand, wild, rules)
        assert (facts.could_go_out is not None) == (can_out and not declared)
        assert facts.completed_nothing is False
    if facts.could_go_out is not None:
        melded = [card for meld in facts.could_go_out for card in meld.cards]
        assert all(is_valid_meld(meld.cards, wild, rules) for meld in facts.could_go_out)
        # every card of the hand (a draw: with the pile's card) but the discard
        assert len(melded) == len(hand) - (view.phase == "play")
        held = (view.hand + tt.Hand(view.piles[0][-1:])).counts()
        assert all(a <= b for a, b in zip(tt.Hand(melded).counts(), held, strict=True))


def test_count_outs_of_an_empty_hand() -> None:
    assert count_outs(tt.Hand(), tt.Round("pagat", 1), tt.Hand.parse("9h")) == 0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_facts_and_words_depend_on_the_view_only(seed: int) -> None:
    """The hidden cards (the other hand, the stock) shuffled: every decision's facts,
    words and hint stay the same (a stock draw's card given as the same card)."""
    rng = np.random.default_rng(seed)
    game = tt.Game("pagat", players=2, seed=seed)
    bot = tt.GreedyBot(seed=seed)
    checked = 0
    while not game.is_over and checked < 40:
        player = game.to_move
        assert player is not None
        legal = game.legal_actions()
        drawn = game.stock[0] if game.stock else None
        seen = []
        for copy in (game, shuffle_hidden(game, player, rng), shuffle_hidden(game, player, rng)):
            view = copy.view(player)
            found = []
            for action in copy.legal_actions():
                card = drawn if isinstance(action, tt.DrawStock) else None
                facts = decision_facts(view, copy.legal_actions(), action, drawn=card)
                words = decision_words(view, action, legal[0], 7.0, facts, "mistake")
                found.append((action, facts, words))
            seen.append((found, hint_words(view, copy.legal_actions())))
        assert seen[1] == seen[0]
        assert seen[2] == seen[0]
        checked += 1
        game.apply(bot.act(game.view(player), legal))
    assert checked == 40


TABLES = [
    ("family", ()),
    ("bga", ("separate-discards", "joker-discards")),
    ("pagat", ("go-around-first", "false-out", "jokers")),
    ("wikipedia", ("redemption",)),
]


@settings(max_examples=examples(30))
@given(st.sampled_from(TABLES), st.integers(0, 10_000), st.integers(0, 60))
def test_every_legal_action_has_facts_under_every_table(
    table: tuple[str, tuple[str, ...]], seed: int, steps: int
) -> None:
    """Under table play, separate piles, jokers, false outs and go-around-first: every
    legal action's facts are made, and what they say holds."""
    preset, variations = table
    game = tt.Game(preset, players=3, seed=seed, variations=list(variations))
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            return
        game.apply(rng.choice(game.legal_actions()))
    if game.is_over:
        return
    player = game.to_move
    assert player is not None
    view, legal = game.view(player), game.legal_actions()
    round_ = view.prepared_round
    for action in legal:
        drawn = game.stock[0] if isinstance(action, tt.DrawStock) else None
        facts = decision_facts(view, legal, action, drawn=drawn)
        assert min(facts.deadwood_before, facts.deadwood_after) >= 0
        assert min(facts.outs_before, facts.outs_after) >= 0
        assert facts.broke_meld is (broken_meld(view, action) is not None)
        if facts.could_go_out is not None:
            for meld in facts.could_go_out:
                tt.verify_meld(meld, round_)
        if not isinstance(action, tt.DiscardCard):
            assert facts.broke_meld is False
