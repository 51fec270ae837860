"""LookaheadBot: its values against a brute force written from its definition, its
danger rule against a count by hand, and scripted choices."""

from __future__ import annotations

from fractions import Fraction

import pytest

import threethirteen as tt
from threethirteen import Card, DrawDiscard, DrawStock
from threethirteen.bots.builtin import danger_by_pace


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


def test_danger_by_pace_matches_a_count_by_hand() -> None:
    for game, player in POSITIONS:
        view = game.view(player)
        assert danger_by_pace(view) == pytest.approx(reference_danger(view), abs=1e-12)
    assert any(max(danger_by_pace(game.view(player))) > 0.15 for game, player in POSITIONS)


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
