"""The built-in bots: only legal actions, under every preset and variation; the same
actions for the same seed; the same action whatever the hidden cards are (a bot
sees only its view); scripted decisions; and the errors of make_bot and as_bot."""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pytest

import threethirteen as tt
from tests.game_checks import plays_like, shuffle_hidden
from tests.scripting import scripted
from threethirteen import Card, DiscardCard, DrawDiscard, DrawStock, LayOff
from threethirteen.bots.protocol import bot_name
from threethirteen.bots.registry import BotSpec

BotMaker = Callable[[int], tt.Bot]

# SearchBot with one playout is as legal as with many, and cheap enough to play
# whole games under every rule set here.
MAKERS: dict[str, BotMaker] = {
    "random": lambda seed: tt.RandomBot(seed=seed),
    "greedy": lambda seed: tt.GreedyBot(seed=seed),
    "heuristic": lambda seed: tt.HeuristicBot(seed=seed),
    "advisor": lambda seed: tt.AdvisorBot(seed=seed),
    "lookahead": lambda seed: tt.LookaheadBot(seed=seed),
    "search": lambda seed: tt.SearchBot(seed=seed, playouts=1),
}

# Every preset and every variation at least once (two rounds of each game: the first
# and last of the schedule, at most 16 turns a round).
TABLES: tuple[tuple[str, tuple[str, ...], int], ...] = (
    ("pagat", (), 2),
    ("wikipedia", ("doubles", "second-count", "false-out"), 3),
    ("bga", ("redemption", "go-around-first", "first-out-bonus"), 3),
    ("family", ("jokers", "double-naughts"), 3),
    ("pagat", ("separate-discards", "joker-discards", "jokers", "aces-high"), 3),
    ("pagat", ("longer-game", "no-all-wild-melds", "redemption"), 2),
    ("family", ("up-and-back", "separate-discards", "false-out"), 4),
)


def short_rules(name: str, variations: Sequence[str], players: int) -> tt.Rules:
    rules = tt.Rules.preset(name, list(variations), players=players)
    return dataclasses.replace(rules, rounds=(rules.rounds[0], rules.rounds[-1]))


def goes_out_really(game: tt.Game, action: tt.Action) -> bool:
    """Whether a going-out discard leaves the hand all melded (no false out)."""
    assert isinstance(action, DiscardCard)
    player = game.to_move
    assert player is not None
    rest = game.hand(player).without(action.card)
    return not tt.best_melds(rest, game.prepared_round).deadwood


def play(
    bots: Sequence[tt.Bot], rules: tt.Rules, seed: int, max_turns: int | None = 16
) -> tuple[tt.Game, list[tt.Action]]:
    """A whole game, checking each action: legal, and never a false out."""
    game = tt.Game(rules, players=len(bots), seed=seed, max_turns=max_turns)
    actions = []
    while not game.is_over:
        player = game.to_move
        assert player is not None
        legal = game.legal_actions()
        action = bots[player].act(game.view(player), legal)
        assert action in legal, (action, legal)
        if isinstance(action, DiscardCard) and action.go_out:
            assert goes_out_really(game, action), action
        actions.append(action)
        game.apply(action)
    return game, actions


@pytest.mark.parametrize("name", sorted(MAKERS))
@pytest.mark.parametrize("table", TABLES, ids=lambda table: "-".join([table[0], *table[1]]))
def test_only_legal_actions(name: str, table: tuple[str, tuple[str, ...], int]) -> None:
    preset, variations, players = table
    rules = short_rules(preset, variations, players)
    # The bot under test in every seat but one, a greedy bot in the other.
    bots = [MAKERS[name](seat) for seat in range(players - 1)] + [tt.GreedyBot()]
    game, actions = play(bots, rules, seed=11)
    assert game.is_over
    assert len(game.round_scores) >= 2
    assert any(isinstance(action, DiscardCard) for action in actions)


def test_search_bot_default_budget_plays_a_game() -> None:
    game, _ = play([tt.SearchBot(seed=1), tt.AdvisorBot()], short_rules("pagat", (), 2), 5)
    assert game.is_over


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_same_seed_same_game(name: str) -> None:
    rules = short_rules("bga", ("redemption", "jokers"), 3)
    runs = [play([MAKERS[name](seat) for seat in range(3)], rules, seed=4)[1] for _ in range(2)]
    assert runs[0] == runs[1]


def test_different_seeds_differ() -> None:
    rules = short_rules("pagat", (), 2)
    first = play([tt.RandomBot(seed=1), tt.RandomBot(seed=2)], rules, seed=4)[1]
    second = play([tt.RandomBot(seed=3), tt.RandomBot(seed=4)], rules, seed=4)[1]
    assert first != second


# -- hidden information --------------------------------------------------------------


def positions() -> list[tuple[tt.Game, int]]:
    """Positions of games between greedy bots: every fifth move, both phases, table
    play, redemption, separate piles, reshuffles (a long round of pagat)."""
    found = []
    for index, (preset, variations, players) in enumerate(TABLES[:5]):
        rules = short_rules(preset, variations, players)
        game = tt.Game(rules, players=players, seed=100 + index, max_turns=16)
        bots = [tt.GreedyBot() for _ in range(players)]
        moves = 0
        while not game.is_over:
            player = game.to_move
            assert player is not None
            if moves % 5 == 0:
                found.append((game.clone(), player))
            game.apply(bots[player].act(game.view(player), game.legal_actions()))
            moves += 1
    # Reshuffles: two players who draw from the stock and never go out.
    game = tt.Game("pagat", players=2, seed=8, max_turns=160)
    while game.round == 1 and len(found) < 120:
        player = game.to_move
        assert player is not None
        view = game.view(player)
        if view.reshuffled is not None and game.turns % 3 == 0:
            found.append((game.clone(), player))
        legal = game.legal_actions()
        if game.phase == "play":
            legal = [a for a in legal if not (isinstance(a, DiscardCard) and a.go_out)]
        game.apply(legal[0] if game.phase == "draw" else legal[-1 - (game.turns % 2)])
    return found
    return found


POSITIONS = positions()


def test_positions_cover_the_phases() -> None:
    games = [game for game, _ in POSITIONS]
    assert {game.phase for game in games} == {"draw", "play"}
    assert any(game.view(game.to_move or 0).reshuffled is not None for game in games)
    assert any(game.table for game in games)
    assert len(POSITIONS) >= 60


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_hidden_cards_do_not_change_the_action(name: str) -> None:
    rng = np.random.default_rng(7)
    step = 1 if name != "search" else 3
    make = MAKERS[name] if name != "search" else (lambda seed: tt.SearchBot(seed, playouts=3))
    checked = 0
    changed = 0
    for index, (game, player) in enumerate(POSITIONS[::step]):
        shuffled = shuffle_hidden(game, player, rng)
        assert shuffled.view(player) == game.view(player)
        if tuple(map(tt.Game.hand, [game] * game.players, range(game.players))) != tuple(
            map(tt.Game.hand, [shuffled] * game.players, range(game.players))
        ) or (game.stock != shuffled.stock):
            changed += 1
        action = make(index).act(game.view(player), game.legal_actions())
        again = make(index).act(shuffled.view(player), shuffled.legal_actions())
        assert action == again, (index, game)
        checked += 1
    assert checked >= 20
    assert changed >= checked // 2  # the shuffles did hide something


# -- scripted decisions --------------------------------------------------------------

# Round 1 of pagat, two players, one deck: 3 cards each, threes wild; player 1
# moves first. The stock is given from its top card.


def test_greedy_takes_a_helpful_upcard_and_refuses_a_useless_one() -> None:
    helpful = scripted("pagat", 2, (), ["Kc Qd 2s", "9s 9h 4d"], "9c")
    view = helpful.view(1)
    assert tt.GreedyBot().act(view, helpful.legal_actions()) == DrawDiscard()
    useless = scripted("pagat", 2, (), ["Kc Qd 2s", "9s 9h 4d"], "Jc")
    assert tt.GreedyBot().act(useless.view(1), useless.legal_actions()) == DrawStock()


@pytest.mark.parametrize("name", ["greedy", "heuristic", "advisor", "search"])
def test_bots_draw_the_card_that_goes_out(name: str) -> None:
    game = scripted("pagat", 2, (), ["Kc Qd 2s", "9s 9h 4d"], "9c", "Jd")
    assert MAKERS[name](0).act(game.view(1), game.legal_actions()) == DrawDiscard()


@pytest.mark.parametrize("name", sorted(MAKERS))
@pytest.mark.parametrize("variations", [(), ("false-out",)])
def test_everyone_goes_out_when_able(name: str, variations: tuple[str, ...]) -> None:
    game = scripted(
        "pagat", 2, variations, ["Kc Qd 2s", "9s 9h 4d"], "Jc", "9d", actions=["draw stock"]
    )
    action = MAKERS[name](0).act(game.view(1), game.legal_actions())
    assert action == DiscardCard(Card.parse("4d"), go_out=True)


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_no_bot_declares_a_false_out(name: str) -> None:
    game = scripted(
        "pagat", 2, ["false-out"], ["Kc Qd 2s", "9s 9h 4d"], "Jc", "Kd", actions=["draw stock"]
    )
    legal = game.legal_actions()
    assert DiscardCard(Card.parse("4d"), go_out=True) in legal  # a false out is legal
    for seed in range(10):
        action = MAKERS[name](seed).act(game.view(1), legal)
        assert not (isinstance(action, DiscardCard) and action.go_out)


def five_card_rules() -> tt.Rules:
    return dataclasses.replace(tt.Rules.preset("pagat", players=2), rounds=(5,))


def queens_deal(actions: list[str]) -> tt.Game:
    """Five cards each: player 0 holds ``2h 4s 7d 9h Jc``, player 1 the queens and
    kings ``Qc Qd Kc Kd Ks``; the upcard is 10s, the stock ``8c 6c Qh`` from the top;
    then ``actions``."""
    return scripted(
        five_card_rules(),
        2,
        (),
        ["2h 4s 7d 9h Jc", "Qc Qd Kc Kd Ks"],
        "10s",
        "8c 6c Qh",
        actions=actions,
    )


# -- HeuristicBot: scripted decisions and a reference ---------------------------------


def test_heuristic_takes_only_a_card_that_melds_or_is_wild() -> None:
    hands = ["Kc Qd 2s", "9s 9h 4d"]
    for upcard, taken in [("9c", True), ("3c", True), ("Jk", True), ("Ac", False), ("5d", False)]:
        variations = ("jokers",) if upcard == "Jk" else ()
        game = scripted("pagat", 2, variations, hands, upcard)
        action = tt.HeuristicBot().act(game.view(1), game.legal_actions())
        assert action == (DrawDiscard() if taken else DrawStock()), upcard
    # The ace lowers the score left (9s 4d Ac: 14 against 22), so the greedy bot
    # takes it; it melds with nothing, so the heuristic bot leaves it.
    game = scripted("pagat", 2, (), hands, "Ac")
    assert tt.GreedyBot().act(game.view(1), game.legal_actions()) == DrawDiscard()


def test_heuristic_leaves_a_card_that_melds_but_only_swaps() -> None:
    # Five cards, fives wild: 2d 2h 2s 5h Ac score 1 (the ace). The Ah melds (a set
    # of aces with the 5h), but after the best discard (an ace) the score is still
    # 1: the card stays on the pile. (Before, the heuristic and advisor bots passed
    # aces to and fro for ever in a tournament.) The 2c lowers it to 0: taken.
    rules = dataclasses.replace(tt.Rules.preset("pagat", players=2), rounds=(5,))
    for upcard, taken in (("Ah", False), ("2c", True)):
        game = scripted(rules, 2, (), ["Kc Kd Qc Qd Jc", "2d 2h 2s 5h Ac"], upcard)
        action = tt.HeuristicBot().act(game.view(1), game.legal_actions())
        assert action == (DrawDiscard() if taken else DrawStock()), upcard


def test_heuristic_never_throws_a_wild_card_while_it_holds_a_natural_one() -> None:
    # Board Game Arena, three cards, threes wild (50 points left over). Ac 7d Kh 3c
    # melds nothing: throwing the 3c leaves 35 points, the ace (15) 70; the greedy bot
    # throws the wild card, the heuristic bot the ace, its highest natural card.
    game = scripted("bga", 2, (), ["2c 2d 2h", "Ac 7d Kh"], "9s", "3c", actions=["draw stock"])
    legal = game.legal_actions()
    assert tt.GreedyBot().act(game.view(1), legal) == DiscardCard(Card.parse("3c"))
    assert tt.HeuristicBot().act(game.view(1), legal) == DiscardCard(Card.parse("Ac"))


def test_heuristic_goes_out_and_breaks_ties_toward_the_higher_card() -> None:
    game = scripted("pagat", 2, (), ["Kc Qd 2s", "9s 9h 4d"], "Jc", "9d", actions=["draw stock"])
    action = tt.HeuristicBot().act(game.view(1), game.legal_actions())
    assert action == DiscardCard(Card.parse("4d"), go_out=True)
    # Six cards, sixes wild: 3c 3d 2h 6h As 2s 4s. Throwing the 3d, the 3c or the
    # 4s leaves 5 points; the greedy bot throws the first of them (the 3d), the
    # heuristic bot the one worth most, the 4s.
    rules = dataclasses.replace(tt.Rules.preset("pagat", players=2), rounds=(6,))
    game = scripted(
        rules,
        2,
        (),
        ["Kc Kd Kh Qc Qd Qh", "3c 3d 2h 6h As 2s"],
        "9s",
        "4s",
        actions=["draw stock"],
    )
    view, legal = game.view(1), game.legal_actions()
    ranking = tt.discards(view.hand, view.prepared_round)
    assert [(str(c), s) for c, s in zip(ranking.cards, ranking.scores, strict=True)][:4] == [
        ("3d", 5),
        ("3c", 5),
        ("4s", 5),
        ("2h", 6),
    ]
    assert tt.GreedyBot().act(view, legal) == DiscardCard(Card.parse("3d"))
    assert tt.HeuristicBot().act(view, legal) == DiscardCard(Card.parse("4s"))


def reference_heuristic(
    view: tt.PlayerView, legal: Sequence[tt.Action], taken: Card | None
) -> tt.Action:
    """HeuristicBot by its definition, with the plain analysis functions (no table
    play: the positions below have none)."""
    round_ = view.prepared_round
    hand = view.hand
    if view.phase == "draw":
        choices = []
        for action in legal:
            if isinstance(action, DrawDiscard):
                top = view.piles[action.pile or 0][-1]
                now = tt.deadwood_score(hand, round_)
                melds = tt.deadwood_score(hand + top, round_) < now + round_.penalty(top)
                lowered = now - min(
                    tt.deadwood_score(hand + top - card, round_) for card in hand + top
                )
                if round_.is_wild(top) or (melds and lowered > 0):
                    choices.append(((not round_.is_wild(top), -lowered), action))
        if choices:
            return min(choices, key=lambda item: item[0])[1]
        return DrawStock()
    for card in hand:
        rest = hand.without(card)
        if not tt.best_melds(rest, round_).deadwood and DiscardCard(card, go_out=True) in legal:
            return DiscardCard(card, go_out=True)
    natural = [card for card in hand if not round_.is_wild(card)]
    keys = [
        (
            tt.deadwood_score(hand.without(card), round_),
            card == taken,
            -round_.penalty(card),
            card.code,
            card,
        )
        for card in (natural or list(hand))
    ]
    return DiscardCard(min(keys)[-1])


@pytest.mark.parametrize("preset", ["pagat", "bga", "wikipedia"])
def test_heuristic_against_its_definition(preset: str) -> None:
    rules = short_rules(preset, (), 2)
    rules = dataclasses.replace(rules, rounds=(3, 7, 11))
    checked = 0
    for seed in range(3):
        game = tt.Game(rules, players=2, seed=seed, max_turns=40)
        bots = [tt.HeuristicBot(), tt.HeuristicBot()]
        taken: list[Card | None] = [None, None]
        while not game.is_over:
            player = game.to_move
            assert player is not None
            view, legal = game.view(player), game.legal_actions()
            action = bots[player].act(view, legal)
            assert action == reference_heuristic(view, legal, taken[player])
            taken[player] = view.piles[0][-1] if isinstance(action, DrawDiscard) else None
            game.apply(action)
            checked += 1
    assert checked > 100


def test_advisor_does_not_feed_the_next_players_known_pair() -> None:
    # Player 0 takes the Qc and the Qd from the pile; player 1 then holds Qh (the
    # best discard by the score left) and 8c (2 points more, feeds nobody).
    game = queens_deal(
        actions=[
            "draw stock",
            "discard Qc",
            "draw discard",
            "discard Jc",
            "draw stock",
            "discard Qd",
            "draw discard",
            "discard 9h",
            "draw stock",
        ],
    )
    view = game.view(1)
    assert str(view.known[0]) == "Qc Qd"
    assert str(view.hand) == "6c 8c Kc Kd Qh Ks"
    legal = game.legal_actions()
    assert tt.GreedyBot().act(view, legal) == DiscardCard(Card.parse("Qh"))
    assert tt.AdvisorBot().act(view, legal) == DiscardCard(Card.parse("8c"))
    # With no margin for it, the advisor throws the best card as the greedy bot does.
    assert tt.AdvisorBot(margin=0).act(view, legal) == DiscardCard(Card.parse("Qh"))


def test_advisor_draws_by_exact_expectation() -> None:
    # The Jc would leave 9s 9h Jc after the best discard (19 points); the stock goes
    # out with a 9 or a three (wild) and scores less on average.
    game = scripted("pagat", 2, (), ["Kc Qd 2s", "9s 9h 4d"], "Jc")
    assert tt.AdvisorBot().act(game.view(1), game.legal_actions()) == DrawStock()
    # Against a 2c, which leaves 6 points for sure, the stock's expectation is worse.
    game = scripted("pagat", 2, (), ["Kc Qd 5s", "9s 9h 4d"], "2c")
    view = game.view(1)
    advice = tt.draw_advice(view.hand, view.prepared_round, discard_top="2c", unseen=view.unseen())
    assert advice.choice == "discard"
    assert tt.AdvisorBot().act(view, game.legal_actions()) == DrawDiscard()


def test_greedy_lays_off_in_redemption() -> None:
    # Player 1 goes out with 9s 9h 9d; player 0, in their last turn, lays the 9c off.
    game = scripted(
        "pagat",
        2,
        ["redemption"],
        ["9c 2h Jd", "9s 9h 9d"],
        "Kh",
        "Kc 7s",
        actions=["draw stock", "discard Kc out", "draw stock"],
    )
    legal = game.legal_actions()
    assert LayOff(Card.parse("9c"), 0) in legal
    for name in ("greedy", "heuristic", "advisor", "search"):
        assert MAKERS[name](0).act(game.view(0), legal) == LayOff(Card.parse("9c"), 0)
    game.apply(LayOff(Card.parse("9c"), 0))
    assert tt.GreedyBot().act(game.view(0), game.legal_actions()) == DiscardCard(Card.parse("Jd"))


@pytest.mark.parametrize("name", ["greedy", "heuristic", "advisor", "search"])
def test_family_table_play(name: str) -> None:
    # Family rules, 6 cards (sixes wild). Player 0 has laid 9d 9h 9s; player 1 lays
    # the kings, which lets the 9c go off onto the nines, then throws the Jh: 10
    # points left (2d 5c) instead of 15 (9c 2d 5c) with the kings kept in hand.
    rules = dataclasses.replace(tt.Rules.preset("family", players=2), rounds=(6,))
    game = scripted(
        rules,
        2,
        (),
        ["9s 9h 9d 2c 4c 8d", "Kc Kd Ks 9c Jh 2d"],
        "10s",
        "Qh 7h 5c",
        actions=["draw stock", "discard Qh", "draw stock", "meld 9d 9h 9s", "discard 8d"],
    )
    game.apply("draw stock")
    bot = MAKERS[name](0)
    played = []
    while game.to_move == 1:
        action = bot.act(game.view(1), game.legal_actions())
        played.append(str(action))
        game.apply(action)
    assert played == ["meld Kc Kd Ks", "lay off 9c on 0", "discard Jh"]
    assert str(game.hand(1)) == "5c 2d"


def test_no_meld_laid_for_nothing() -> None:
    # The same hand without the 9c to lay off keeps its kings in hand.
    rules = dataclasses.replace(tt.Rules.preset("family", players=2), rounds=(6,))
    game = scripted(
        rules,
        2,
        (),
        ["9s 9h 9d 2c 4c 8d", "Kc Kd Ks 8c Jh 2d"],
        "10s",
        "Qh 7h 5c",
        actions=["draw stock", "discard Qh", "draw stock", "meld 9d 9h 9s", "discard 8d"],
    )
    game.apply("draw stock")
    legal = game.legal_actions()
    assert any(isinstance(action, tt.LayMeld) for action in legal)
    assert tt.GreedyBot().act(game.view(1), legal) == DiscardCard(Card.parse("Jh"))


def test_search_bot_with_a_fixed_seed() -> None:
    game = queens_deal(
        actions=["draw stock"],
    )
    view = game.view(1)
    bot = tt.SearchBot(seed=3, playouts=4)
    assert str(view.hand) == "8c Qc Kc Qd Kd Ks"
    # The three best discards by the score left (18, 18, 20), the greedy one first.
    assert bot.candidates(view, game.legal_actions()) == [
        DiscardCard(Card.parse("Qd")),
        DiscardCard(Card.parse("Qc")),
        DiscardCard(Card.parse("8c")),
    ]
    # Its four playouts (seed 3) find the 8c better than breaking up the queens by
    # 1.5 standard errors, not by 2.04 (Student's t with 3 degrees of freedom at the
    # normal tail of 1.5) nor by 3.31 (of 2, the default): then it keeps the
    # advisor's Qd.
    legal = game.legal_actions()
    assert tt.SearchBot(seed=3, playouts=4, confidence=1.2).act(view, legal) == DiscardCard(
        Card.parse("8c")
    )
    assert tt.SearchBot(seed=3, playouts=4, confidence=1.5).act(view, legal) == DiscardCard(
        Card.parse("Qd")
    )
    assert bot.act(view, legal) == DiscardCard(Card.parse("Qd"))
    assert tt.SearchBot(seed=3).act(view, legal) == DiscardCard(Card.parse("Qd"))


def test_search_guard_is_students_t() -> None:
    # t quantiles at the normal tail of 2 standard errors (0.97725), as tables give
    # them: 3 degrees of freedom 3.307, 15 2.181; one deal never overrules.
    from threethirteen.bots.builtin import _chosen
    from threethirteen.statistics import student_errors as _threshold

    assert _threshold(2.0, 4) == pytest.approx(3.307, abs=1e-3)
    assert _threshold(2.0, 16) == pytest.approx(2.181, abs=1e-3)
    assert _threshold(2.0, 1) == float("inf")
    assert _threshold(0.0, 1) == 0.0
    # The second candidate leads by 1 point a deal with a standard error of 0.4 (about 2.5
    # errors): enough after 16 deals, not after 4 with the same lead and error.
    base16 = [0.0] * 16
    better16 = [-1.0 + (1.55 if i % 2 else -1.55) for i in range(16)]
    assert _chosen([base16, better16], 2.0) == 1
    base4 = [0.0] * 4
    better4 = [-1.0 + (0.69 if i % 2 else -0.69) for i in range(4)]
    assert _chosen([base4, better4], 2.0) == 0
    assert _chosen([[0.0], [-5.0]], 2.0) == 0
    assert _chosen([[0.0], [-5.0]], 0.0) == 1
    # Beyond a double's normal tail (about 8.3 errors) no lead is enough, however
    # sure: the threshold is infinite, not an error.
    assert _threshold(9.0, 16) == float("inf")
    assert _threshold(1e9, 4) == float("inf")
    assert _chosen([[0.0, 0.0], [-5.0, -5.0]], 1e9) == 0


def test_search_bot_with_an_unreachable_guard_plays_the_advisor() -> None:
    # confidence=50 is a valid option: the search never overrules, so every move of
    # a whole game is the advisor's (it used to raise at the first move).
    game = tt.Game("pagat", players=2, seed=31)
    search = tt.SearchBot(seed=1, playouts=2, confidence=50)
    assert plays_like(search, tt.AdvisorBot(seed=1), game) == 274


def test_search_bot_time_budget() -> None:
    game = tt.Game("pagat", players=2, seed=7)
    bot = tt.SearchBot(seed=1, time_ms=5)
    assert bot.act(game.view(game.to_move or 0), game.legal_actions()) in game.legal_actions()
    assert repr(bot) == "SearchBot(seed=1, time_ms=5)"


# -- making bots ---------------------------------------------------------------------


def test_registry() -> None:
    assert {
        "random": tt.RandomBot,
        "greedy": tt.GreedyBot,
        "heuristic": tt.HeuristicBot,
        "advisor": tt.AdvisorBot,
        "lookahead": tt.LookaheadBot,
        "search": tt.SearchBot,
        "expert": tt.ExpertBot,
        "learned": tt.LearnedBot,
    } == tt.BOTS
    assert repr(tt.make_bot("advisor", seed=2)) == "AdvisorBot(seed=2)"
    assert repr(tt.make_bot("search", seed=2)) == "SearchBot(seed=2)"
    assert repr(tt.make_bot(tt.SearchBot)) == "SearchBot(seed=None)"
    bot = tt.SearchBot(seed=1, playouts=3)
    assert tt.make_bot(bot) is bot
    assert repr(bot) == "SearchBot(seed=1, playouts=3)"
    assert repr(tt.SearchBot(top=2, confidence=0)) == "SearchBot(seed=None, top=2, confidence=0)"
    assert repr(tt.AdvisorBot(margin=0)) == "AdvisorBot(seed=None, margin=0)"


def test_make_bot_errors() -> None:
    with pytest.raises(tt.InvalidBotError) as caught:
        tt.make_bot("best")
    assert str(caught.value) == (
        "unknown bot 'best' (the built-in bots: advisor, expert, greedy, heuristic, learned, lookahead, random, search)"
    )
    with pytest.raises(tt.InvalidBotError) as caught:
        tt.make_bot(5)  # type: ignore[arg-type]
    assert str(caught.value) == "a bot has an act(view, legal_actions) method, not 5"
    with pytest.raises(tt.InvalidBotError) as caught:
        tt.as_bot("greedy")  # type: ignore[arg-type]
    assert str(caught.value) == "a bot has an act(view, legal_actions) method, not 'greedy'"


BAD_NAMES = [
    (5, "a bot's name is a string, not 5"),
    ("", "a bot's name has 1 to 64 characters, not all blank, not ''"),
    ("   ", "a bot's name has 1 to 64 characters, not all blank, not '   '"),
    ("x" * 65, f"a bot's name has 1 to 64 characters, not all blank, not {'x' * 65!r}"),
    ("al\nice", "a bot's name has no control characters, not 'al\\nice'"),
    ("bob\x00", "a bot's name has no control characters, not 'bob\\x00'"),
    ("\ud800", "a bot's name has no control characters, not '\\ud800'"),
]

NUMBERS = "a finite number"
OPTIONS: list[tuple[type[Any], dict[str, object], str]] = [
    (tt.SearchBot, {"playouts": 0}, "playouts must be at least 1, not 0"),
    (tt.SearchBot, {"playouts": True}, "playouts must be an int, not True"),
    (tt.SearchBot, {"playouts": 2.0}, "playouts must be an int, not 2.0"),
    (tt.SearchBot, {"time_ms": -1}, "time_ms is a finite number of ms above 0, not -1"),
    (tt.SearchBot, {"time_ms": 0}, "time_ms is a finite number of ms above 0, not 0"),
    (tt.SearchBot, {"time_ms": math.nan}, "time_ms is a finite number of ms above 0, not nan"),
    (tt.SearchBot, {"time_ms": math.inf}, "time_ms is a finite number of ms above 0, not inf"),
    (tt.SearchBot, {"time_ms": "5"}, "time_ms is a finite number of ms above 0, not '5'"),
    (tt.SearchBot, {"time_ms": True}, "time_ms is a finite number of ms above 0, not True"),
    (tt.SearchBot, {"top": 0}, "top must be at least 1, not 0"),
    (tt.SearchBot, {"top": None}, "top must be an int, not None"),
    (
        tt.SearchBot,
        {"confidence": "high"},
        f"confidence is {NUMBERS} of standard errors from 0, not 'high'",
    ),
    (
        tt.SearchBot,
        {"confidence": math.nan},
        f"confidence is {NUMBERS} of standard errors from 0, not nan",
    ),
    (
        tt.SearchBot,
        {"confidence": -math.inf},
        f"confidence is {NUMBERS} of standard errors from 0, not -inf",
    ),
    (
        tt.SearchBot,
        {"confidence": -1},
        f"confidence is {NUMBERS} of standard errors from 0, not -1",
    ),
    (tt.AdvisorBot, {"margin": "x"}, f"margin is {NUMBERS} of points from 0, not 'x'"),
    (tt.AdvisorBot, {"margin": -1}, f"margin is {NUMBERS} of points from 0, not -1"),
    (tt.AdvisorBot, {"margin": math.nan}, f"margin is {NUMBERS} of points from 0, not nan"),
    (tt.AdvisorBot, {"margin": math.inf}, f"margin is {NUMBERS} of points from 0, not inf"),
    (tt.AdvisorBot, {"margin": None}, f"margin is {NUMBERS} of points from 0, not None"),
    (tt.AdvisorBot, {"margin": False}, f"margin is {NUMBERS} of points from 0, not False"),
    *[
        (kind, {"name": name}, message)
        for kind in (tt.RandomBot, tt.GreedyBot, tt.AdvisorBot, tt.SearchBot)
        for name, message in BAD_NAMES
    ],
]


@pytest.mark.parametrize(
    ("kind", "options", "message"),
    OPTIONS,
    ids=[f"{kind.__name__}-{index}" for index, (kind, _, _) in enumerate(OPTIONS)],
)
def test_every_option_is_checked_when_the_bot_is_made(
    kind: type[Any], options: dict[str, object], message: str
) -> None:
    with pytest.raises(tt.InvalidBotError) as caught:
        kind(1, **options)
    assert str(caught.value) == message


@pytest.mark.parametrize("kind", [tt.RandomBot, tt.GreedyBot])
def test_bots_without_options_take_only_a_seed_and_a_name(kind: type[Any]) -> None:
    with pytest.raises(TypeError):
        kind(1, margin=3)
    with pytest.raises(TypeError):
        kind(1, "name")  # the name is keyword-only


def test_numbers_of_every_kind() -> None:
    """Options take ints and floats, numpy's too (kept as Python numbers)."""
    bot = tt.SearchBot(np.uint8(1), time_ms=np.float32(2.5), confidence=np.int64(1))
    assert repr(bot) == "SearchBot(seed=1, time_ms=2.5, confidence=1)"
    assert type(bot.time_ms) is float
    assert type(bot.confidence) is int
    assert repr(tt.AdvisorBot(margin=1.5)) == "AdvisorBot(seed=None, margin=1.5)"
    assert repr(tt.AdvisorBot(margin=np.int32(0))) == "AdvisorBot(seed=None, margin=0)"
    assert tt.SearchBot(time_ms=1e-3).time_ms == 0.001
    assert tt.SearchBot(confidence=0.0).confidence == 0.0


# -- names ----------------------------------------------------------------------------


def test_a_bot_is_named_by_its_class_or_by_name() -> None:
    assert [bot.name for bot in (tt.RandomBot(), tt.GreedyBot(), tt.AdvisorBot())] == [
        "random",
        "greedy",
        "advisor",
    ]
    assert tt.SearchBot().name == "search"
    named = [
        tt.RandomBot(1, name="r"),
        tt.GreedyBot(name="Grégoire"),
        tt.AdvisorBot(2, margin=0, name="cautious advisor"),
        tt.SearchBot(3, playouts=8, name="x" * 64),
    ]
    assert [bot.name for bot in named] == ["r", "Grégoire", "cautious advisor", "x" * 64]
    assert [repr(bot) for bot in named] == [
        "RandomBot(seed=1, name='r')",
        "GreedyBot(seed=None, name='Grégoire')",
        "AdvisorBot(seed=2, margin=0, name='cautious advisor')",
        f"SearchBot(seed=3, playouts=8, name={'x' * 64!r})",
    ]
    # the class's own name is no name to show; the class keeps its name
    assert repr(tt.RandomBot(4, name="random")) == "RandomBot(seed=4)"
    assert (tt.RandomBot.name, tt.SearchBot.name) == ("random", "search")
    # a named bot plays as the same bot unnamed
    rules = short_rules("pagat", (), 2)
    plain = play([tt.AdvisorBot(seed=1), tt.RandomBot(seed=2)], rules, seed=3)[1]
    named_game = play(
        [tt.AdvisorBot(seed=1, name="a"), tt.RandomBot(seed=2, name="b")], rules, seed=3
    )[1]
    assert plain == named_game


def test_bot_name() -> None:
    def cautious(view: tt.PlayerView, legal_actions: Sequence[tt.Action]) -> tt.Action:
        return legal_actions[0]

    class Plain:
        def act(self, view: tt.PlayerView, legal: Sequence[tt.Action]) -> tt.Action:
            return legal[0]

    class Named(Plain):
        name = "named"

    assert bot_name("greedy") == "greedy"
    assert bot_name("anything") == "anything"
    assert bot_name(tt.SearchBot) == "search"
    assert bot_name(tt.SearchBot(name="deep")) == "deep"
    assert bot_name(tt.SearchBot(playouts=2)) == "search"
    assert bot_name(functools.partial(tt.SearchBot, playouts=64)) == "search"
    assert bot_name(functools.partial(tt.SearchBot, playouts=64, name="s64")) == "s64"
    assert bot_name(functools.partial(tt.SearchBot, name=None)) == "search"
    partial_of_partial = functools.partial(functools.partial(tt.SearchBot, top=1), playouts=2)
    assert bot_name(partial_of_partial) == "search"
    assert bot_name(cautious) == "cautious"
    assert bot_name(functools.partial(cautious)) == "cautious"
    assert bot_name(tt.as_bot(cautious)) == "cautious"
    assert bot_name(Plain) == "Plain"
    assert bot_name(Plain()) == "Plain"
    assert bot_name(Named) == "named"
    assert bot_name(Named()) == "named"
    assert bot_name(lambda view, legal: legal[0]) == "<lambda>"


@pytest.mark.parametrize(
    ("seed", "message"),
    [
        (-1, "a bot's seed is not negative, not -1"),
        (1.5, "a bot's seed must be an int, not 1.5"),
        ("7", "a bot's seed must be an int, not '7'"),
        (True, "a bot's seed must be an int, not True"),
    ],
)
@pytest.mark.parametrize("name", ["random", "greedy", "advisor", "search"])
def test_a_bad_seed_is_refused(name: str, seed: object, message: str) -> None:
    with pytest.raises(tt.InvalidBotError) as caught:
        tt.make_bot(name, seed=seed)  # type: ignore[arg-type]
    assert str(caught.value) == message


# -- factories ----------------------------------------------------------------------


def first_action(view: tt.PlayerView, legal_actions: Sequence[tt.Action]) -> tt.Action:
    return legal_actions[0]


def seeded_first(
    view: tt.PlayerView, legal_actions: Sequence[tt.Action], seed: int | None = None
) -> tt.Action:
    """A bot function with a seed parameter after the view and the legal actions."""
    return legal_actions[0]


def search_maker(seed: int | None = None, playouts: int = 16) -> tt.Bot:
    return tt.SearchBot(seed, playouts=playouts)


def only_seed(*, seed: int | None) -> tt.Bot:
    return tt.GreedyBot(seed)


class Maker:
    """A callable object that makes bots."""

    def __call__(self, seed: int | None = None) -> tt.Bot:
        return tt.RandomBot(seed, name="made")


def test_make_bot_takes_factories() -> None:
    made = tt.make_bot(functools.partial(tt.SearchBot, playouts=8), seed=5)
    assert repr(made) == "SearchBot(seed=5, playouts=8)"
    # the seed given to make_bot replaces one the partial holds
    made = tt.make_bot(functools.partial(tt.SearchBot, seed=1, name="s", top=2), seed=6)
    assert repr(made) == "SearchBot(seed=6, top=2, name='s')"
    assert repr(tt.make_bot(search_maker, seed=7)) == "SearchBot(seed=7)"
    made = tt.make_bot(functools.partial(search_maker, playouts=4), seed=8)
    assert repr(made) == "SearchBot(seed=8, playouts=4)"
    assert repr(tt.make_bot(only_seed, seed=9)) == "GreedyBot(seed=9)"
    assert repr(tt.make_bot(Maker(), seed=10)) == "RandomBot(seed=10, name='made')"
    assert repr(tt.make_bot(lambda seed=None: tt.AdvisorBot(seed))) == "AdvisorBot(seed=None)"
    # a factory may make a bot function
    function_bot = tt.make_bot(lambda seed: first_action, seed=1)
    assert function_bot.act.__self__.function is first_action  # type: ignore[attr-defined]


def test_bot_functions_are_used_as_they_are() -> None:
    game = tt.Game("pagat", players=2, seed=3)
    legal = game.legal_actions()
    for function in (
        first_action,
        seeded_first,  # (it needs the view and the legal actions: not a factory)
        functools.partial(seeded_first, seed=3),
        lambda view, legal: legal[0],
        lambda *args: args[1][0],
        print,  # (no signature to read: a bot function)
    ):
        bot = tt.make_bot(function, seed=1)  # type: ignore[arg-type]
        assert bot.act.__self__.function is function  # type: ignore[attr-defined]
    assert tt.make_bot(first_action).act(game.view(1), legal) == legal[0]
    assert tt.make_bot(seeded_first).act(game.view(1), legal) == legal[0]


def test_factories_play_whole_games() -> None:
    """A partial of a bot class once passed for a bot function, and failed at its
    first move."""
    specs: list[BotSpec] = [functools.partial(tt.SearchBot, playouts=2), search_maker]
    bots = [tt.make_bot(spec, seed=seat) for seat, spec in enumerate(specs)]
    game, _ = play(bots, short_rules("pagat", (), 2), seed=2, max_turns=8)
    assert game.is_over


def test_factory_errors() -> None:
    class Stubborn:
        def __init__(self) -> None:
            pass

        def act(self, view: tt.PlayerView, legal: Sequence[tt.Action]) -> tt.Action:
            return legal[0]

    def broken(seed: int | None = None) -> tt.Bot:
        raise RuntimeError("out of " + "memory " * 40)

    def needs_more(seed: int, depth: int) -> tt.Bot:
        return tt.GreedyBot(seed)

    cases: list[tuple[Any, str, type[BaseException] | None]] = [
        (
            lambda seed=None: 5,
            "bot factory '<lambda>' returned 5, not a bot"
            " (an object with act(view, legal_actions), or a bot function)",
            None,
        ),
        (
            lambda seed=None: tt.GreedyBot,
            "bot factory '<lambda>' returned <class 'threethirt...builtin.GreedyBot'>, not a bot"
            " (an object with act(view, legal_actions), or a bot function)",
            None,
        ),
        (
            Stubborn,
            "bot factory 'Stubborn' raised TypeError: test_factory_errors.<locals>.Stubborn"
            ".__init__() got an unexpected keyword argument 'seed'",
            TypeError,
        ),
        (
            broken,
            "bot factory 'broken' raised RuntimeError: out of" + " memory" * 21 + " mem...",
            RuntimeError,
        ),
        (
            needs_more,
            "bot factory 'needs_more' raised TypeError: test_factory_errors.<locals>"
            ".needs_more() missing 1 required positional argument: 'depth'",
            TypeError,
        ),
        (
            functools.partial(tt.SearchBot, 1),  # the seed given twice
            "bot factory 'search' raised TypeError: SearchBot.__init__() got multiple"
            " values for argument 'seed'",
            TypeError,
        ),
    ]
    for spec, message, cause in cases:
        with pytest.raises(tt.InvalidBotError) as caught:
            tt.make_bot(spec, seed=1)
        assert str(caught.value) == message
        if cause is None:
            assert caught.value.__cause__ is None
        else:
            assert type(caught.value.__cause__) is cause
    # the library's own error for a bad option is raised as it is
    with pytest.raises(tt.InvalidBotError) as caught:
        tt.make_bot(functools.partial(tt.SearchBot, playouts=0), seed=1)
    assert str(caught.value) == "playouts must be at least 1, not 0"
    assert caught.value.__cause__ is None
    with pytest.raises(tt.InvalidBotError) as caught:
        tt.make_bot(functools.partial(tt.RandomBot, name=""), seed=1)
    assert str(caught.value) == "a bot's name has 1 to 64 characters, not all blank, not ''"


class Watched:
    """A bot wrapped to check that it never throws back the card it just took."""

    def __init__(self, bot: tt.Bot) -> None:
        self.bot = bot
        self.taken: tt.Card | None = None
        self.takes = 0

    def act(self, view: tt.PlayerView, legal: Sequence[tt.Action]) -> tt.Action:
        action = self.bot.act(view, legal)
        if isinstance(action, DrawDiscard):
            self.taken = view.piles[action.pile or 0][-1]
            self.takes += 1
        elif isinstance(action, DiscardCard):
            assert action.card != self.taken or action.go_out, (view.round, view.turns)
            self.taken = None
        return action


@pytest.mark.parametrize(
    "make", [lambda: tt.AdvisorBot(seed=1), lambda: tt.SearchBot(seed=1, playouts=2)]
)
def test_a_card_taken_from_the_pile_is_not_thrown_back(make: Callable[[], tt.Bot]) -> None:
    # The advisor once took a discard and threw it back when that fed the next player
    # less: two such bots pass a card to and fro and never end a round.
    watched = [Watched(make()), Watched(tt.AdvisorBot(seed=2))]
    game = tt.Game("pagat", players=2, seed=12, max_turns=60)
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        game.apply(watched[seat].act(game.view(seat), game.legal_actions()))
    assert watched[0].takes > 5
    assert watched[1].takes > 5


def test_search_guard_overrules_by_noise_at_its_nominal_rate() -> None:
    # Two candidates of equal worth, paired differences normal: the guard at 2
    # standard errors should overrule the default by noise alone in Phi(-2) = 2.3 %
    # of decisions, whatever the number of deals. With the bare 2 errors of the
    # normal (the old guard) 4 deals overrule in 7 % (Student's t with 3 degrees of
    # freedom beyond 2).
    from threethirteen.bots.builtin import _chosen

    rng = np.random.default_rng(5)
    trials = 20_000
    for deals in (4, 16):
        noise = rng.normal(size=(trials, deals)).tolist()
        overruled = sum(_chosen([[0.0] * deals, row], 2.0) for row in noise) / trials
        assert abs(overruled - 0.0228) < 0.004, (deals, overruled)
