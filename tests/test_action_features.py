"""The state-action features (threethirteen.bots.action_features): hand-computed
positions with their exact numbers, every score against a brute force, and nothing
hidden (permuting the cards a player cannot see changes no feature)."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

import threethirteen as tt
from threethirteen.bots.action_features import FEATURES, action_features, state_features
from threethirteen.bots.builtin import stock_unseen
from threethirteen.bots.learned import choices

from .game_checks import positions, shuffle_hidden

ALL = [str(tt.Card(code)) for code in range(52)]
FIRST = ["Kh", "4d", "5c"]


def dealt_game() -> tt.Game:
    """Round 1 of pagat at two players (3s wild): player 0 holds Ks Kd 2c, player 1
    (to move) 7h 8h Kc; the upcard 9h; the stock Kh, 4d, 5c, then the rest."""
    game = tt.Game.dealt("pagat", players=2)
    used = ["Ks", "Kd", "2c", "7h", "8h", "Kc", "9h", *FIRST]
    game.deal(["Ks Kd 2c", "7h 8h Kc"], "9h", FIRST + [c for c in ALL if c not in used])
    return game


def features_of(game: tt.Game) -> dict[str, dict[str, float]]:
    view = game.view(game.to_move)
    actions = game.legal_actions()
    rows = action_features(view, actions)
    return {
        str(action): {name: float(value) for name, value in zip(FEATURES, row, strict=True)}
        for action, row in zip(actions, rows, strict=True)
    }


def test_the_first_draw_by_hand() -> None:
    found = features_of(dealt_game())
    stock, pile = found["draw stock"], found["draw discard"]
    # 48 unseen cards: 6h and the four 3s (wild) put 7h 8h out; the 15 tens and
    # pictures leave 25, the rest 15 + their value: 933 points in all.
    assert stock["score_after"] == pytest.approx(933 / 48 / 100)
    assert stock["out_after"] == pytest.approx(5 / 48)
    assert stock["gap"] == pytest.approx(933 / 48 / 100)
    assert (stock["draw_stock"], stock["draw_pile"]) == (1.0, 0.0)
    # the 9h makes the run 7h 8h 9h: out, nothing left
    assert (pile["score_after"], pile["out_after"], pile["gap"]) == (0.0, 1.0, 0.0)
    assert pile["card_penalty"] == pytest.approx(0.09)
    for row in (stock, pile):
        assert row["score_now"] == pytest.approx(0.25)  # 7 + 8 + 10
        assert row["dealt"] == row["hand"] == 3 / 16
        assert row["stock"] == pytest.approx(45 / 52)
        assert row["round"] == row["turns"] == row["danger"] == row["behind"] == 0.0


def test_a_discard_after_passes_and_takes_by_hand() -> None:
    game = dealt_game()
    for action in ["draw stock", "discard Kc", "draw stock", "discard 4d", "draw discard"]:
        game.apply(action)  # player 0 passed the Kc for the 4d, which player 1 took
    found = features_of(game)
    assert sorted(found) == ["discard 4d", "discard 7h", "discard 8h", "discard Kh"]
    left = {"discard 4d": 25, "discard 7h": 22, "discard 8h": 21, "discard Kh": 19}
    for action, score in left.items():
        assert found[action]["score_after"] == pytest.approx(score / 100)
        assert found[action]["gap"] == pytest.approx((score - 19) / 100)
        assert found[action]["discard"] == 1.0
    assert found["discard 4d"]["taken_back"] == 1.0
    assert found["discard Kh"]["passed"] == 1.0  # a king passed by the next player
    assert [found[a]["passed"] for a in ("discard 4d", "discard 7h", "discard 8h")] == [0, 0, 0]
    row = found["discard Kh"]
    assert row["danger"] == pytest.approx(0.1)  # 0.4 * 1 / (1 + 3): one turn, nothing taken
    assert row["turns"] == pytest.approx(2 / 40)
    assert row["score_now"] == pytest.approx(0.19)
    # 7h 8h 4d after the next stock card, 46 unseen: 6h and the four 3s go out
    assert row["next_out"] == pytest.approx(5 / 46)


def test_going_out_and_what_the_opponent_took() -> None:
    game = dealt_game()
    for action in ["draw stock", "discard Kc", "draw stock", "discard 4d", "draw discard"]:
        game.apply(action)
    game.apply("discard Kh")
    take = features_of(game)["draw discard"]
    assert (take["score_after"], take["out_after"]) == (0.0, 1.0)  # Ks Kd Kh
    assert take["opponent_taken"] == pytest.approx(1 / 3)  # player 1 took the 4d
    assert take["opponent_known"] == pytest.approx(1 / 16)
    assert take["danger"] == pytest.approx(0.31)  # 0.4 * 2 / (2 + 3) + 0.15
    game.apply("draw discard")
    found = features_of(game)
    out = found["discard 2c out"]
    assert (out["go_out"], out["out_after"], out["score_after"]) == (1.0, 1.0, 0.0)
    actions, rows = choices(game.view(game.to_move), game.legal_actions())
    assert [str(a) for a in actions] == ["discard 2c out"]
    assert rows.shape == (1, len(FEATURES))


def best_left(hand: tt.Hand, round_: tt.Round, keep: tt.Card | None = None) -> int:
    return min(
        tt.deadwood_score(hand.without(card), round_)
        for card in set(hand.cards)
        if card != keep or hand.cards.count(card) > 1
    )


def outlook(hand: tt.Hand, round_: tt.Round, unseen: tt.Hand) -> tuple[float, float]:
    counts = Counter(unseen.cards)
    total = sum(counts.values())
    expected = out = 0.0
    for card, copies in counts.items():
        score = best_left(hand + card, round_)
        expected += copies / total * score
        out += copies / total * (score == 0)
    return expected / 100, out


def mover_positions(limit: int) -> list[tt.Game]:
    found = [game for _, game in positions() if not game.is_over]
    return [g for g in found if g.view(g.to_move).phase in ("draw", "play")][:limit:3]


@pytest.mark.slow
def test_every_score_is_the_brute_force_value() -> None:
    checked = 0
    for game in mover_positions(240):
        view = game.view(game.to_move)
        actions = game.legal_actions()
        rows = action_features(view, actions)
        assert np.array_equal(rows[:, :12], np.tile(state_features(view), (len(actions), 1)))
        hand, round_ = view.hand, view.prepared_round
        unseen = stock_unseen(view)
        for action, row in zip(actions, rows, strict=True):
            entry = dict(zip(FEATURES, row.tolist(), strict=True))
            if isinstance(action, tt.DrawStock) and len(unseen):
                score, out = outlook(hand, round_, unseen)
                assert entry["score_after"] == pytest.approx(score, abs=1e-6)
                assert entry["out_after"] == pytest.approx(out, abs=1e-6)
            elif isinstance(action, tt.DrawDiscard):
                top = view.piles[action.pile or 0][-1]
                score = best_left(hand + top, round_, keep=top)
                assert entry["score_after"] == pytest.approx(score / 100, abs=1e-6)
            elif isinstance(action, tt.DiscardCard) and entry["go_out"] == 0:
                kept = hand.without(action.card)
                assert entry["score_after"] == pytest.approx(
                    tt.deadwood_score(kept, round_) / 100, abs=1e-6
                )
                if len(unseen) and len(kept):
                    score, out = outlook(kept, round_, unseen)
                    assert entry["next_score"] == pytest.approx(score, abs=1e-6)
                    assert entry["next_out"] == pytest.approx(out, abs=1e-6)
            checked += 1
    assert checked >= 200


def test_nothing_hidden_changes_a_feature() -> None:
    rng = np.random.default_rng(5)
    checked = 0
    for game in mover_positions(150):
        player = game.to_move
        assert player is not None
        shuffled = shuffle_hidden(game, player, rng)
        actions = game.legal_actions()
        before = action_features(game.view(player), actions)
        after = action_features(shuffled.view(player), actions)
        assert np.array_equal(before, after)
        checked += 1
    assert checked >= 30


def test_a_view_not_to_move_is_refused() -> None:
    game = tt.Game("pagat", players=2, seed=7)
    with pytest.raises(
        tt.InvalidInputError, match="the view of the player to move, not of player 0"
    ):
        action_features(game.view(0), [])
