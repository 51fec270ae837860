"""LookaheadBot: its values against a brute force written from its definition, its
danger rule against a count by hand, and scripted choices."""

from __future__ import annotations

from fractions import Fraction

import pytest

import threethirteen as tt
from threethirteen import Card, DrawDiscard, DrawStock
from threethirteen.bots.builtin import danger_by_pace


def reference_next_score(rest: list[Card], unseen: list[Card], round_: tt.Round) -> Fraction:
    """The mean over the unseen copies of the lowest score after drawing one of them
    and throwing any one card: every draw, every discard, tt.deadwood_score."""
    total = Fraction(0)
    for drawn in unseen:
        more = [*rest, drawn]
        total += min(tt.deadwood_score(more[:i] + more[i + 1 :], round_) for i in range(len(more)))
    return total / len(unseen)


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


def positions() -> list[tuple[tt.Game, int]]:
    """Positions in the play phase of small rounds, from advisor games at 2 and 3
    players (the second round of the game: 4 cards, so the brute force is quick)."""
    found = []
    for players in (2, 3):
        for seed in range(6):
            game = tt.Game("pagat", players=players, seed=seed)
            bots = [tt.AdvisorBot(seat) for seat in range(players)]
            while not game.is_over and game.round <= 2:
                player = game.to_move
                assert player is not None
                if game.phase == "play" and game.round >= 1 and len(found) < 60:
                    found.append((game.clone(), player))
                game.apply(bots[player].act(game.view(player), game.legal_actions()))
    return found


POSITIONS = positions()


def test_values_match_the_brute_force() -> None:
    checked = 0
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
            later = reference_next_score(rest, unseen, round_)
            assert value == pytest.approx(q * scores[card] + (1 - q) * float(later), abs=1e-9)
            checked += 1
    assert checked >= 100


def test_danger_by_pace_matches_a_count_by_hand() -> None:
    for game, player in POSITIONS:
        view = game.view(player)
        assert danger_by_pace(view) == pytest.approx(reference_danger(view), abs=1e-12)
    assert any(max(danger_by_pace(game.view(player))) > 0.15 for game, player in POSITIONS)


def test_keeps_the_card_that_more_draws_improve() -> None:
    game = tt.Game("pagat", players=2, seed=11)
    game.apply("draw stock")
    view = game.view(game.to_move)
    assert str(view.hand) == "3c Jc 8d 7s"  # threes wild
    values = dict(tt.LookaheadBot().values(view, view.prepared_round))
    # The advisor throws the jack (the most points); the lookahead throws the 8d:
    # the jack and the wild three still meet a 10 or a queen of clubs, or any jack.
    assert tt.AdvisorBot().discard(view, view.prepared_round) == Card.parse("Jc")
    assert tt.LookaheadBot().discard(view, view.prepared_round) == Card.parse("8d")
    assert values[Card.parse("8d")] < values[Card.parse("7s")] < values[Card.parse("Jc")]


def test_options_and_repr() -> None:
    assert repr(tt.LookaheadBot(seed=3)) == "LookaheadBot(seed=3)"
    assert repr(tt.LookaheadBot(margin=5, feed=0, name="la")) == (
        "LookaheadBot(seed=None, margin=5, feed=0, name='la')"
    )
    with pytest.raises(tt.InvalidBotError) as refused:
        tt.LookaheadBot(margin=-1)
    assert str(refused.value) == "margin is a finite number of points from 0, not -1"
    with pytest.raises(tt.InvalidBotError) as refused:
        tt.LookaheadBot(feed=float("nan"))
    assert str(refused.value) == "feed is a finite number of points from 0, not nan"
    assert tt.make_bot("lookahead", seed=4).seed == 4
