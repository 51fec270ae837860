"""ExpertBot: its options, determinism, only legal actions under many rule sets, and
scripted decisions (a pile card that melds, going out, dumping high cards when an
opponent is about to go out)."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest

import threethirteen as tt
from tests.game_checks import plays_like, shuffle_hidden
from tests.scripting import scripted
from tests.test_bots import POSITIONS, goes_out_really, short_rules
from threethirteen import Card, DiscardCard, DrawDiscard, DrawStock
from threethirteen.bots.builtin import danger_by_pace

BAD_OPTIONS: list[tuple[dict[str, Any], str]] = [
    ({"playouts": 0}, "playouts must be at least 1, not 0"),
    ({"playouts": True}, "playouts must be an int, not True"),
    ({"playouts": 2.0}, "playouts must be an int, not 2.0"),
    ({"time_ms": 0}, "time_ms is a finite number of ms above 0, not 0"),
    ({"time_ms": float("nan")}, "time_ms is a finite number of ms above 0, not nan"),
    ({"time_ms": "5"}, "time_ms is a finite number of ms above 0, not '5'"),
    ({"playouts": 4, "time_ms": 5}, "give playouts or time_ms, not both (4 and 5)"),
    ({"top": -1}, "top must be at least 0, not -1"),
    ({"confidence": -1}, "confidence is a finite number of standard errors from 0, not -1"),
    (
        {"confidence": float("inf")},
        "confidence is a finite number of standard errors from 0, not inf",
    ),
    ({"seed": -1}, None),
    ({"name": ""}, "a bot's name has 1 to 64 characters, not all blank, not ''"),
]


@pytest.mark.parametrize(("options", "message"), BAD_OPTIONS)
def test_bad_options(options: dict[str, Any], message: str | None) -> None:
    with pytest.raises(tt.InvalidBotError) as caught:
        tt.ExpertBot(**options)
    if message is not None:
        assert str(caught.value) == message


def test_options_and_repr() -> None:
    assert repr(tt.ExpertBot()) == "ExpertBot(seed=None)"
    bot = tt.ExpertBot()
    assert (bot.playouts, bot.time_ms, bot.top, bot.confidence) == (None, 20.0, 0, 2.0)
    assert repr(tt.ExpertBot(3, playouts=8)) == "ExpertBot(seed=3, playouts=8)"
    assert (
        repr(tt.ExpertBot(3, time_ms=5, top=2, confidence=0, name="deep"))
        == "ExpertBot(seed=3, time_ms=5.0, top=2, confidence=0.0, name='deep')"
    )
    assert tt.BOTS["expert"] is tt.ExpertBot
    assert repr(tt.make_bot("expert", seed=4)) == "ExpertBot(seed=4)"
    assert tt.bot_name(tt.ExpertBot) == "expert"


def play(bots: list[tt.Bot], rules: tt.Rules, seed: int) -> list[tt.Action]:
    game = tt.Game(rules, players=len(bots), seed=seed, max_turns=16)
    actions = []
    while not game.is_over:
        player = game.to_move
        assert player is not None
        legal = game.legal_actions()
        action = bots[player].act(game.view(player), legal)
        assert action in legal, (action, legal)
        if isinstance(action, DiscardCard) and action.go_out:
            assert goes_out_really(game, action)
        actions.append(action)
        game.apply(action)
    return actions


TABLES = (
    ("pagat", (), 2),
    ("pagat", (), 4),
    ("bga", ("redemption", "first-out-bonus"), 2),
    ("wikipedia", ("false-out", "doubles"), 4),
    ("family", ("jokers",), 4),
    ("pagat", ("separate-discards", "joker-discards", "jokers", "aces-high"), 2),
    ("pagat", ("longer-game", "no-all-wild-melds", "go-around-first"), 2),
)


@pytest.mark.parametrize(
    "table", TABLES, ids=lambda table: "-".join([table[0], *table[1], str(table[2])])
)
def test_only_legal_actions(table: tuple[str, tuple[str, ...], int]) -> None:
    preset, variations, players = table
    rules = short_rules(preset, variations, players)
    for seed in (1, 2) if players == 2 else (1,):
        bots: list[tt.Bot] = [tt.ExpertBot(seat, playouts=1) for seat in range(players - 1)]
        actions = play([*bots, tt.HeuristicBot()], rules, seed)
        assert any(isinstance(action, DiscardCard) for action in actions)


def test_same_seed_same_game() -> None:
    rules = short_rules("pagat", (), 2)
    runs = [play([tt.ExpertBot(5, playouts=2), tt.AdvisorBot()], rules, 3) for _ in range(2)]
    assert runs[0] == runs[1]


def test_time_budget() -> None:
    game = tt.Game("pagat", players=2, seed=2)
    bot = tt.ExpertBot(seed=1, time_ms=2)
    assert bot.act(game.view(game.to_move or 0), game.legal_actions()) in game.legal_actions()
    assert [found.action for found in bot.last] == [DrawStock(), DrawDiscard()]


@pytest.mark.parametrize(("players", "draw", "moves"), [(2, "value", 250), (4, "advisor", 316)])
def test_an_unreachable_guard_plays_the_lookahead(players: int, draw: str, moves: int) -> None:
    # confidence=50 never overrules the first candidate: every move of a whole game is
    # the lookahead bot's, drawing by value at two players (it used to raise).
    game = tt.Game("pagat", players=players, seed=31)
    expert = tt.ExpertBot(seed=1, playouts=2, confidence=50)
    assert plays_like(expert, tt.LookaheadBot(seed=1, draw=draw), game) == moves


# -- scripted decisions --------------------------------------------------------------


def test_takes_the_card_that_goes_out_and_goes_out() -> None:
    game = scripted("pagat", 2, (), ["Kc Qd 2s", "9s 9h 4d"], "9c")
    bot = tt.ExpertBot(seed=0, playouts=2)
    assert bot.candidates(game.view(1), game.legal_actions()) == [DrawDiscard()]
    assert bot.act(game.view(1), game.legal_actions()) == DrawDiscard()
    assert bot.last == []  # nothing searched
    game = scripted("pagat", 2, (), ["Kc Qd 2s", "9s 9h 4d"], "Jc", "9d", actions=["draw stock"])
    action = bot.act(game.view(1), game.legal_actions())
    assert action == DiscardCard(Card.parse("4d"), go_out=True)


def test_takes_a_pile_card_that_completes_a_meld() -> None:
    # Seven cards, sevens wild: the 9d makes a set of 9s with 9s 9h; the hand
    # does not go out with it (Kc Qd 2s 5h are left), but it takes it.
    rules = dataclasses.replace(tt.Rules.preset("pagat", players=2), rounds=(7,))
    game = scripted(rules, 2, (), ["Ac Ad Ah 2c 2d 2h 3c", "9s 9h Kc Qd 2s 5h 6c"], "9d")
    view, legal = game.view(1), game.legal_actions()
    bot = tt.ExpertBot(seed=0, playouts=16)
    assert bot.candidates(view, legal) == [DrawDiscard(), DrawStock()]
    assert bot.act(view, legal) == DrawDiscard()
    draw, stock = bot.last
    assert draw.value < stock.value
    # The heuristic bot takes it as well (it melds).
    assert tt.HeuristicBot().act(view, legal) == DrawDiscard()


# Seven cards, sevens wild. Player 1 holds 2c 3c 4c (a run), the kings Kh Ks (a
# drawing chance: two kings and four sevens make the set), Ad 2h 3s. Player 0 has
# taken both of player 1's discards from the pile (9h, 9d): a player taking
# cards is a player near going out. Passed, the same cards reach player 1.
SEVEN = ["Qh 8s 8d Jc Jd 10h 6s", "Ks Kh 2c 3c 4c Ad 9h"]
TAKEN = ["draw stock", "discard 9h", "draw discard", "discard 6s", "draw stock", "discard 9d"]
TAKEN += ["draw discard", "discard 10h", "draw stock"]
PASSED = [action.replace("draw discard", "draw stock") for action in TAKEN]


def seven(actions: list[str], stock: str) -> tt.Game:
    rules = dataclasses.replace(tt.Rules.preset("pagat", players=2), rounds=(7,))
    return scripted(rules, 2, (), SEVEN, "Qs", stock, actions=actions)


def test_dumps_a_high_card_when_an_opponent_is_about_to_go_out() -> None:
    taken = seven(TAKEN, "2h 9d 3s")
    passed = seven(PASSED, "2h 5d 9d 5h 3s")
    assert str(taken.hand(1)) == str(passed.hand(1)) == "2c 3c 4c Ad 2h Kh 3s Ks"
    assert str(taken.view(1).known[0]) == "9d 9h"
    keep = {DiscardCard(Card.parse("3s")), DiscardCard(Card.parse("2h"))}
    edges = {}
    kings = {DiscardCard(Card.parse("Kh")), DiscardCard(Card.parse("Ks"))}
    for label, game in (("taken", taken), ("passed", passed)):
        # The default expert throws the lookahead's discard: a king.
        default = tt.ExpertBot(seed=0, playouts=32)
        assert default.act(game.view(1), game.legal_actions()) in kings
        # Searching the discards too, even at confidence 0 (the lowest mean, however
        # noisy), it dumps a king.
        bot = tt.ExpertBot(seed=0, playouts=32, confidence=0, top=3)
        action = bot.act(game.view(1), game.legal_actions())
        assert action in kings
        edges[label] = min(found.edge for found in bot.last if found.action in keep)
    # The taker looks dangerous (0.39 against 0.09 when it passed), so keeping the
    # kings (throwing a low card) looks worse: by more than 2 points on these deals
    # (the weighted deals already make the passer's hand a poor fit for the kings).
    assert danger_by_pace(taken.view(1))[0] == pytest.approx(0.389, abs=1e-3)
    assert danger_by_pace(passed.view(1))[0] == pytest.approx(0.089, abs=1e-3)
    assert edges["taken"] > edges["passed"]
    assert edges["taken"] > 2


def test_hidden_cards_do_not_change_the_action() -> None:
    rng = np.random.default_rng(3)
    checked = 0
    for index, (game, player) in enumerate(POSITIONS[::6]):
        shuffled = shuffle_hidden(game, player, rng)
        assert shuffled.view(player) == game.view(player)
        action = tt.ExpertBot(index, playouts=2).act(game.view(player), game.legal_actions())
        again = tt.ExpertBot(index, playouts=2).act(shuffled.view(player), shuffled.legal_actions())
        assert action == again
        checked += 1
    assert checked >= 15


def test_the_lookahead_discard_is_searched_first() -> None:
    game = tt.Game("pagat", players=2, seed=20)
    game.apply("draw stock")
    view = game.view(game.to_move)
    assert str(view.hand) == "Jc 9h 6s Js"
    # By default the lookahead's 9h alone (the advisor would throw the Js); with top=3,
    # then the three best discards by the deadwood left.
    assert tt.ExpertBot(seed=0, playouts=4).candidates(view, game.legal_actions()) == [
        DiscardCard(Card.parse("9h"))
    ]
    found = tt.ExpertBot(seed=0, playouts=4, top=3).candidates(view, game.legal_actions())
    assert [str(a) for a in found] == ["discard 9h", "discard Js", "discard Jc", "discard 6s"]


def test_the_value_draw_is_searched_first_at_two_players() -> None:
    # Threes wild: the 9d pairs the 9h. The advisor draws from the stock (it counts
    # the score after the draw); the lookahead's value draw takes the pair, which six
    # unseen cards put out, and at two players the expert searches it first.
    game = tt.Game("pagat", players=2, seed=9)
    view, legal = game.view(game.to_move), game.legal_actions()
    assert (str(view.hand), str(view.piles[0][-1])) == ("Ac 9h Qs", "9d")
    assert tt.AdvisorBot().act(view, legal) == DrawStock()
    assert tt.ExpertBot(seed=0).candidates(view, legal) == [DrawDiscard(), DrawStock()]


def test_under_time_ms_the_value_draw_counts_in_the_budget() -> None:
    # The same position: with a budget too small for the value draw, the advisor's
    # draw comes first; with playouts (no clock) the value draw's, always.
    game = tt.Game("pagat", players=2, seed=9)
    view, legal = game.view(game.to_move), game.legal_actions()
    hurried = tt.ExpertBot(seed=0, time_ms=1e-9)
    hurried.act(view, legal)
    assert [c.action for c in hurried.last] == [DrawStock(), DrawDiscard()]
    assert len(hurried.last) == 2
    counted = tt.ExpertBot(seed=0, playouts=2)
    counted.act(view, legal)
    assert [c.action for c in counted.last] == [DrawDiscard(), DrawStock()]
    roomy = tt.ExpertBot(seed=0, time_ms=200)  # ample for a draw of 3 cards
    roomy.act(view, legal)
    assert [c.action for c in roomy.last] == [DrawDiscard(), DrawStock()]


def test_the_advisors_draw_is_searched_first_at_four_players() -> None:
    """At four players the value draw measured no better than the advisor's: the
    expert's first draw is the advisor's wherever the two differ."""
    differ = 0
    for seed in range(3):
        game = tt.Game("pagat", players=4, seed=seed)
        bots = [tt.AdvisorBot(seat) for seat in range(4)]
        while not game.is_over and game.round <= 3:
            player = game.to_move
            assert player is not None
            view, legal = game.view(player), game.legal_actions()
            if view.phase == "draw" and len(legal) > 1:
                round_ = view.prepared_round
                advised = tt.AdvisorBot().draw(view, legal, round_)
                valued = tt.LookaheadBot(draw="value").draw(view, legal, round_)
                first = tt.ExpertBot(seed=0).candidates(view, legal)[0]
                if not can_go_out_with_the_pile(view):
                    assert first == advised
                differ += valued != advised
            game.apply(bots[player].act(view, legal))
    assert differ >= 2


def can_go_out_with_the_pile(view: tt.PlayerView) -> bool:
    """Whether the pile's top card puts the hand out (the expert's plain take)."""
    return bool(view.piles[0]) and tt.can_go_out(view.hand + view.piles[0][-1], view.prepared_round)
