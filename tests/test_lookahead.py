"""LookaheadBot: its values against a brute force written from its definition, its
danger rule against a count by hand, and scripted choices."""

from __future__ import annotations

import json
import math
import time
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import threethirteen as tt
from tests.game_checks import shuffle_hidden
from threethirteen import Card, DrawDiscard, DrawStock
from threethirteen.bots.builtin import danger_by_pace, out_before_next_turn


def reference_next(
    rest: list[Card], unseen: list[Card], round_: tt.Round
) -> tuple[Fraction, Fraction]:
    """The mean over the unseen copies of the lowest score after drawing one of them
    and throwing any one card (every draw, every discard, tt.deadwood_score), and
    the share of the copies that let the hand go out (tt.can_go_out)."""
    total = Fraction(0)
    out = 0
    for drawn in unseen:
        more = [*rest, drawn]
        total += min(tt.deadwood_score(more[:i] + more[i + 1 :], round_) for i in range(len(more)))
        out += tt.can_go_out(more, round_)
    return total / len(unseen), Fraction(out, len(unseen))


def reference_danger(view: tt.PlayerView) -> list[float]:
    """The rule of thumb counted again: turns and pile draws from the record."""
    chances = []
    for seat in range(view.players):
        drew = [
            a for who, a in view.history if who == seat and isinstance(a, (DrawStock, DrawDiscard))
        ]
        taken = sum(isinstance(a, DrawDiscard) for a in drew)
        if seat == view.player or view.went_out[seat]:
            chances.append(0.0)
        else:
            pace = len(drew) / (len(drew) + view.cards_dealt)
            chances.append(min(0.9, 0.4 * pace + 0.15 * taken))
    return chances


def positions(phase: str, seeds: int, limit: int) -> list[tuple[tt.Game, int]]:
    """Positions in ``phase`` of the first two rounds (3 and 4 cards, so the brute
    force is quick), from advisor games at 2 and 3 players, ``seeds`` games each, at
    most ``limit``; a draw with a pile's top card to take."""
    found = []
    for players in (2, 3):
        for seed in range(seeds):
            game = tt.Game("pagat", players=players, seed=seed)
            bots = [tt.AdvisorBot(seat) for seat in range(players)]
            while not game.is_over and game.round <= 2:
                player = game.to_move
                assert player is not None
                if (
                    game.phase == phase
                    and len(found) < limit
                    and (phase == "play" or game.piles[0])
                ):
                    found.append((game.clone(), player))
                game.apply(bots[player].act(game.view(player), game.legal_actions()))
    return found


POSITIONS = positions("play", 6, 60)
DRAWS = positions("draw", 12, 1000)


def test_values_match_the_brute_force() -> None:
    checked = outs = 0
    for game, player in POSITIONS:
        view = game.view(player)
        round_ = view.prepared_round
        bot = tt.LookaheadBot(feed=0)
        found = bot.values(view, round_)
        if view.first_out is not None:
            assert found == []
            continue
        hand = list(view.hand)
        scores = {card: tt.deadwood_score(view.hand.without(card), round_) for card in hand}
        low = min(scores.values())
        natural = any(not round_.is_wild(card) for card in hand)
        expected_cards = sorted(
            {c for c in hand if scores[c] <= low + 12 and not (natural and round_.is_wild(c))},
            key=lambda c: c.code,
        )
        assert sorted({card for card, _ in found}, key=lambda c: c.code) == expected_cards
        unseen = list(view.unseen()) if view.reshuffled is None else None
        if unseen is None:
            continue
        stays = 1.0
        for chance in reference_danger(view):
            stays *= 1.0 - chance
        q = 1.0 - stays
        for card, value in found:
            rest = list(view.hand.without(card))
            later, out = reference_next(rest, unseen, round_)
            later -= 9 * view.cards_dealt * out
            assert value == pytest.approx(q * scores[card] + (1 - q) * float(later), abs=1e-9)
            checked += 1
            outs += out > 0
    assert checked >= 100
    assert outs >= 20  # the going-out term is exercised


def near(card: Card, hand: tt.Hand, round_: tt.Round) -> bool:
    """The value draw's test, written from its definition: the card melds with the
    hand (it lowers the score by less than its own points), is wild, or shares a rank
    or a suit within two ranks with a card of the hand (a joker in it aside)."""
    if tt.deadwood_score(hand + card, round_) < tt.deadwood_score(hand, round_) + round_.penalty(
        card
    ):
        return True
    if round_.is_wild(card) or card.rank is None:
        return True
    return any(
        held.rank is not None
        and (held.rank == card.rank or (held.suit == card.suit and abs(held.rank - card.rank) <= 2))
        for held in hand
    )


def reference_hand_value(
    hand: tt.Hand, keep: Card | None, unseen: list[Card], round_: tt.Round, q: float
) -> float:
    """A hand one card over, by brute force: the best three discards by the score
    left (in tt.discards' order, never ``keep``, never a
    wild card while a natural one is held), each weighed as the lookahead weighs a
    discard (reference_next), the lowest; -9 n (n the cards dealt) when one goes out."""
    bonus = 9 * (len(hand) - 1)
    ranking = tt.discards(hand, round_)
    natural = any(not round_.is_wild(card) for card in hand)
    chosen: list[tuple[Card, int]] = []
    for card, score in zip(ranking.cards, ranking.scores, strict=True):
        if len(chosen) == 3:
            break
        if card != keep and not (natural and round_.is_wild(card)):
            chosen.append((card, score))
    if any(score == 0 for _, score in chosen):
        return -bonus
    values = []
    for card, score in chosen:
        later, out = reference_next(list(hand.without(card)), unseen, round_)
        values.append(q * score + (1 - q) * float(later - bonus * out))
    return min(values)


def test_draw_values_match_the_brute_force() -> None:
    bot = tt.LookaheadBot(feed=0, draw="value")
    weighed = differ = checked = 0
    for game, player in DRAWS:
        view = game.view(player)
        round_ = view.prepared_round
        legal = game.legal_actions()
        found = bot.draw_values(view, legal, round_)
        top = view.piles[0][-1]
        if view.first_out is not None or view.reshuffled is not None:
            assert found == [] or view.reshuffled is not None
            continue
        if not near(top, view.hand, round_):
            assert found == []
            assert bot.act(view, legal) == tt.AdvisorBot().draw(view, legal, round_)
            continue
        chosen = bot.act(view, legal)
        advised = tt.AdvisorBot().draw(view, legal, round_)
        weighed += 1
        differ += chosen != advised
        if chosen == advised and weighed % 6:
            continue  # the brute force is slow: every draw otherwise than the advisor's,
            # and every sixth of the others
        q = 1.0 - math.prod(1.0 - chance for chance in reference_danger(view))
        unseen = list(view.unseen())
        stock = sum(
            reference_hand_value(view.hand + drawn, None, unseen[:i] + unseen[i + 1 :], round_, q)
            for i, drawn in enumerate(unseen)
        ) / len(unseen)
        pile = reference_hand_value(view.hand + top, top, unseen, round_, q)
        assert found == [(DrawStock(), pytest.approx(stock)), (DrawDiscard(), pytest.approx(pile))]
        assert chosen == (DrawDiscard() if pile < stock else DrawStock())
        checked += 1
    assert weighed == 148
    assert differ == 5  # it draws otherwise than the advisor
    assert checked == 27


def test_danger_by_pace_matches_a_count_by_hand() -> None:
    for game, player in POSITIONS:
        view = game.view(player)
        assert danger_by_pace(view) == pytest.approx(reference_danger(view), abs=1e-12)
    assert any(max(danger_by_pace(game.view(player))) > 0.15 for game, player in POSITIONS)


def test_out_before_next_turn_combines_the_others_as_independent() -> None:
    for game, player in POSITIONS:
        view = game.view(player)
        others = [1 - d for seat, d in enumerate(reference_danger(view)) if seat != player]
        assert out_before_next_turn(view) == pytest.approx(1 - math.prod(others), abs=1e-12)
    game = tt.Game("pagat", players=3, seed=1)
    bots = [tt.AdvisorBot(seat) for seat in range(3)]
    while not any(game.went_out):  # play to the first player out
        player = game.to_move
        assert player is not None
        game.apply(bots[player].act(game.view(player), game.legal_actions()))
    view = game.view(game.to_move)
    assert max(danger_by_pace(view)) > 0  # the others' pace still counts ...
    assert out_before_next_turn(view) == 0.0  # ... but no turn of this player's follows


def test_keeps_the_pair_that_goes_out() -> None:
    game = tt.Game("pagat", players=2, seed=20)
    game.apply("draw stock")
    view = game.view(game.to_move)
    assert str(view.hand) == "Jc 9h 6s Js"  # threes wild
    round_ = view.prepared_round
    values = dict(tt.LookaheadBot().values(view, round_))
    # The advisor throws a jack (the most points). The lookahead keeps the pair: 6 of
    # the 47 unseen cards (two jacks, four threes) put Jc 6s Js out, so throwing the
    # 9h leaves 26 points now but 19.62 expected after the next draw, less
    # 9 * 3 * 6/47 for going out: 16.17, against 21.34 for a jack.
    assert tt.AdvisorBot().discard(view, round_) == Card.parse("Js")
    assert tt.LookaheadBot().discard(view, round_) == Card.parse("9h")
    assert values[Card.parse("9h")] == pytest.approx(922 / 47 - 27 * 6 / 47)
    assert values[Card.parse("Js")] == values[Card.parse("Jc")] == pytest.approx(1003 / 47)
    # Without the going-out term it still keeps the pair, by less.
    plain = dict(tt.LookaheadBot(out_points=0).values(view, round_))
    assert plain[Card.parse("9h")] == pytest.approx(922 / 47)


def test_options_and_repr() -> None:
    assert repr(tt.LookaheadBot(seed=3)) == "LookaheadBot(seed=3)"
    assert repr(tt.LookaheadBot(margin=5, feed=0, out_points=3, name="la")) == (
        "LookaheadBot(seed=None, margin=5, feed=0, out_points=3, name='la')"
    )
    with pytest.raises(tt.InvalidBotError) as refused:
        tt.LookaheadBot(out_points="9")  # type: ignore[arg-type]
    assert str(refused.value) == "out_points is a finite number of points from 0, not '9'"
    with pytest.raises(tt.InvalidBotError) as refused:
        tt.LookaheadBot(margin=-1)
    assert str(refused.value) == "margin is a finite number of points from 0, not -1"
    with pytest.raises(tt.InvalidBotError) as refused:
        tt.LookaheadBot(feed=float("nan"))
    assert str(refused.value) == "feed is a finite number of points from 0, not nan"
    assert tt.make_bot("lookahead", seed=4).seed == 4
    assert repr(tt.LookaheadBot(seed=1, draw="value")) == "LookaheadBot(seed=1, draw='value')"
    assert tt.LookaheadBot().draw_by == "advisor"
    with pytest.raises(tt.InvalidBotError) as refused:
        tt.LookaheadBot(draw="values")
    assert str(refused.value) == "draw is 'advisor' or 'value', not 'values'"


def test_the_value_draw_weighs_every_near_pile_and_the_last_turn_is_the_advisors() -> None:
    """Under separate-discards (and jokers) each player's pile is a draw: the value
    draw lists the stock and each pile whose top card is near the hand, and takes the
    lowest; once a player has gone out it draws as the advisor does."""
    rules = tt.Rules.preset("pagat", ["separate-discards", "jokers"], players=3)
    bot = tt.LookaheadBot(draw="value")
    piles_weighed = last_turns = 0
    for seed in range(4):
        game = tt.Game(rules, players=3, seed=seed)
        bots = [tt.AdvisorBot(seat) for seat in range(3)]
        while not game.is_over and game.round <= 2:
            player = game.to_move
            assert player is not None
            view, legal = game.view(player), game.legal_actions()
            round_ = view.prepared_round
            if view.phase == "draw":
                found = bot.draw_values(view, legal, round_)
                chosen = tt.LookaheadBot(draw="value").act(view, legal)
                near_piles = [
                    action
                    for action in legal
                    if isinstance(action, DrawDiscard)
                    and near(view.piles[action.pile or 0][-1], view.hand, round_)
                ]
                if view.first_out is not None:
                    assert found == []
                    assert chosen == tt.AdvisorBot().draw(view, legal, round_)
                    last_turns += 1
                elif near_piles:
                    assert [action for action, _ in found] == [DrawStock(), *near_piles]
                    assert chosen == min(found, key=lambda pair: pair[1])[0]
                    piles_weighed += len(near_piles) > 1
            game.apply(bots[player].act(view, legal))
    assert piles_weighed >= 3
    assert last_turns >= 3


def test_the_value_draw_gives_up_at_its_deadline() -> None:
    game = tt.Game("pagat", players=2, seed=9)  # threes wild; the 9d pairs the 9h
    view, legal = game.view(game.to_move), game.legal_actions()
    round_ = view.prepared_round
    bot = tt.LookaheadBot(draw="value")
    found = bot.draw_values(view, legal, round_)
    assert [str(action) for action, _ in found] == ["draw stock", "draw discard"]
    assert bot.draw_values(view, legal, round_, deadline=math.inf) == found
    assert bot.draw_values(view, legal, round_, deadline=time.perf_counter() + 60) == found
    assert bot.draw_values(view, legal, round_, deadline=0.0) == []
    assert str(bot.draw(view, legal, round_)) == "draw discard"
    assert str(bot.draw(view, legal, round_, deadline=0.0)) == "draw stock"  # the advisor's


def test_the_value_draw_does_not_depend_on_the_hidden_cards() -> None:
    rng = np.random.default_rng(11)
    weighed = 0
    for game, player in DRAWS[::5]:
        shuffled = shuffle_hidden(game, player, rng)
        view, again = game.view(player), shuffled.view(player)
        assert again == view
        bot = tt.LookaheadBot(draw="value")
        found = bot.draw_values(view, game.legal_actions(), view.prepared_round)
        assert bot.draw_values(again, shuffled.legal_actions(), again.prepared_round) == found
        weighed += bool(found)
    assert weighed >= 10


def test_the_value_draw_when_the_stock_holds_the_last_unseen_card() -> None:
    # A game found by a sweep of random rule sets and bots (family rules, two
    # players, one deck, rounds of 9 and 10 cards): player 0 holds 3c 4c 4d 4h, the
    # opponent's two cards were both taken from the pile, and the stock's one card,
    # the 9h (wild), is the only card player 0 cannot see. The value draw counted
    # the 9h as unseen still after drawing it, and raised ("2 copies of 9h in the
    # hand and unseen, but 1 deck holds only 1"). Either draw puts the hand out
    # (the 3c thrown: four 4s, or three 4s and the wild 9h), worth the bonus for
    # going out, 9 points a card dealt; on the tie the stock comes first.
    record = json.loads((Path(__file__).parent / "data" / "last_unseen_card.json").read_text())
    game = tt.Game.from_record(record)
    view = game.view(0)
    assert (str(view.hand), str(view.unseen()), view.piles[0][-1]) == (
        "3c 4c 4d 4h",
        "9h",
        Card.parse("4s"),
    )
    assert (view.stock_size, view.hand_sizes, view.cards_dealt) == (1, (4, 2), 9)
    legal = game.legal_actions()
    found = tt.LookaheadBot(draw="value").draw_values(view, legal, view.prepared_round)
    assert [(str(action), value) for action, value in found] == [
        ("draw stock", -81.0),
        ("draw discard", -81.0),
    ]
    assert tt.LookaheadBot(draw="value").act(view, legal) == DrawStock()
    assert tt.ExpertBot(seed=0, playouts=2).act(view, legal) == DrawStock()
