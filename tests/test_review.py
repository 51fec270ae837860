"""The reviewer (``tt.review``): hand-built positions with known best moves and
losses, determinism, the players reviewed, hidden information, the quick level, the
JSON form, executors and bad input."""

from __future__ import annotations

import copy
import dataclasses
import math
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import threethirteen as tt
from tests.conftest import examples
from threethirteen.bots.playouts import engine_playout
from threethirteen.engine.records import with_analysis
from threethirteen.review import report
from threethirteen.review.report import Review, accuracy, label_for
from threethirteen.review.reviewer import DEFAULT_DEALS, from_analysis, tasks, weigh_task
from threethirteen.review.values import decision_rng


def greedy_game(seed: int, actions: int, then: tuple[str, ...] = ()) -> tt.Game:
    """A pagat game of two greedy bots, seed ``seed``, after ``actions`` of their
    actions and then the actions ``then`` (in notation)."""
    game = tt.Game("pagat", players=2, seed=seed)
    bots = [tt.GreedyBot(), tt.GreedyBot()]
    for _ in range(actions):
        player = game.to_move
        assert player is not None
        game.apply(bots[player].act(game.view(player), game.legal_actions()))
    for text in then:
        game.apply(text)
    return game


def short_game() -> tt.Game:
    """Seed 3 after 11 greedy actions (round 2), then player 0 throws the Kc of its
    Kc Ks 4s=Kd."""
    return greedy_game(3, 11, ("discard Kc",))


def last(review: Review) -> report.Decision:
    return review.decisions[-1]


def values(decision: report.Decision) -> list[tuple[str, float]]:
    return [(str(item.action), round(item.value, 3)) for item in decision.candidates]


# -- hand-built positions ------------------------------------------------------------------

# Seed 2 after 27 greedy actions: round 3 (5 cards, fives wild), player 0 holds
# 5c 3h 5h 8h 10h 5s after the draw: throwing the 3h goes out (8h 5c=9h 10h 5h=Jh
# 5s=Qh).
OUT_SEED, OUT_ACTIONS = 2, 27


def test_the_position_of_the_going_out() -> None:
    game = greedy_game(OUT_SEED, OUT_ACTIONS)
    assert (game.round, game.to_move, game.phase) == (3, 0, "play")
    assert str(game.hand(0)) == "5c 3h 5h 8h 10h 5s"
    assert tt.DiscardCard(tt.Card.parse("3h"), go_out=True) in game.legal_actions()


def test_a_missed_going_out_thrown_a_wild_card_is_a_blunder() -> None:
    review = tt.review(greedy_game(OUT_SEED, OUT_ACTIONS, ("discard 5c",)), players=[0], deals=32)
    decision = last(review)
    assert (str(decision.action), str(decision.best)) == ("discard 5c", "discard 3h out")
    assert (decision.round, decision.index, decision.player, decision.phase) == (2, 3, 0, "play")
    assert values(decision) == [
        ("discard 3h out", -22.031),
        ("discard 3h", -16.219),
        ("discard 8h", -15.312),
        ("discard 10h", -11.5),
        ("discard 5c", -3.656),
        ("discard 5h", -3.656),
        ("discard 5s", -3.656),
    ]
    assert decision.loss == pytest.approx(-3.65625 + 22.03125)
    assert decision.error == pytest.approx(1.38886, abs=1e-4)
    assert decision.label == "blunder"
    assert decision.facts.could_go_out is not None
    assert decision.facts.broke_meld is True


def test_not_declaring_a_going_out_is_a_mistake() -> None:
    review = tt.review(greedy_game(OUT_SEED, OUT_ACTIONS, ("discard 8h",)), players=[0], deals=32)
    decision = last(review)
    assert str(decision.best) == "discard 3h out"
    assert decision.loss == pytest.approx(22.03125 - 15.3125)
    assert decision.label == "mistake"


def test_going_out_when_one_can_loses_nothing() -> None:
    review = tt.review(
        greedy_game(OUT_SEED, OUT_ACTIONS, ("discard 3h out",)), players=[0], deals=32
    )
    decision = last(review)
    assert decision.best == decision.action  # as the record writes it: its melds too
    assert str(decision.best) == "discard 3h out [8h 5c=9h 10h 5h=Jh 5s=Qh]"
    assert (decision.loss, decision.error, decision.label) == (0.0, 0.0, None)
    assert decision.facts.could_go_out is None


def test_the_quick_level_sees_the_missed_going_out() -> None:
    review = tt.review(
        greedy_game(OUT_SEED, OUT_ACTIONS, ("discard 5c",)), players=[0], level="quick"
    )
    decision = last(review)
    assert str(decision.best) == "discard 3h out"
    assert decision.candidates[0].value == -45.0  # 9 points a card dealt, 5 cards
    assert all(item.error == 0.0 for item in decision.candidates)
    assert decision.error == 0.0
    assert decision.label == "blunder"
    assert (review.level, review.deals) == ("quick", 0)


# Seed 4 after 65 greedy actions: round 3 (5 cards, fives wild), player 0 holds
# 4c 7c Jc Qc Qd Qh after the draw: Qc Qd Qh is made.
MELD_SEED, MELD_ACTIONS = 4, 65


def test_throwing_a_card_of_a_made_meld_is_a_mistake() -> None:
    game = greedy_game(MELD_SEED, MELD_ACTIONS)
    assert (game.round, game.to_move, str(game.hand(0))) == (3, 0, "4c 7c Jc Qc Qd Qh")
    game.apply("discard Qd")
    decision = last(tt.review(game, players=[0], deals=64))
    assert str(decision.best) == "discard Jc"
    assert decision.facts.broke_meld is True
    assert decision.loss == pytest.approx(9.390625)
    assert decision.error == pytest.approx(1.58875, abs=1e-4)
    assert decision.label == "mistake"


def test_the_best_discard_loses_nothing() -> None:
    game = greedy_game(MELD_SEED, MELD_ACTIONS, ("discard Jc",))
    decision = last(tt.review(game, players=[0], deals=64))
    assert str(decision.action) == str(decision.best) == "discard Jc"
    assert (decision.loss, decision.error, decision.label) == (0.0, 0.0, None)
    assert decision.facts.broke_meld is False


# -- a reference: the values worked out the plain way -----------------------------------------


def reference_values(task: Any, deals: int, seed: int) -> dict[str, list[float]]:
    """Each candidate's value on each deal, the plain way: the deals sampled first
    from the decision's generator, each candidate played out by the engine alone
    (:func:`~threethirteen.bots.playouts.engine_playout`, the compiled playout's
    twin); a candidate that ends the round scored by that round."""
    rng = decision_rng(seed, task.round, task.index)
    samples = [task.view.sample(rng, weighted=True) for _ in range(deals)]
    player = task.player
    found: dict[str, list[float]] = {}
    for action in [*task.legal, *([] if task.action in task.legal else [task.action])]:
        row = []
        for deal in samples:
            game = deal.clone()
            before = len(game.round_scores)
            game.apply(action, player)
            if len(game.round_scores) > before:
                scores = game.round_scores[before]
                others = [score for seat, score in enumerate(scores) if seat != player]
                row.append(scores[player] - statistics.fmean(others))
            else:
                row.append(engine_playout(game, player))
        found[str(action)] = row
    return found


@pytest.mark.parametrize(
    ("seed", "actions", "then", "player"),
    [(OUT_SEED, OUT_ACTIONS, "discard 8h", 0), (1, 38, "draw stock", 1)],
)
def test_the_values_are_the_plain_ways(seed: int, actions: int, then: str, player: int) -> None:
    game = greedy_game(seed, actions, (then,))
    *_, task = tasks(game.to_record(), [player])
    assert str(task.action) == then
    decision = weigh_task(task, "full", 12, 3)
    rows = reference_values(task, 12, 3)
    assert {str(item.action) for item in decision.candidates} == set(rows)
    for item in decision.candidates:
        row = rows[str(item.action)]
        assert item.value == pytest.approx(statistics.fmean(row), abs=1e-12)
        assert item.error == pytest.approx(statistics.stdev(row) / math.sqrt(12), abs=1e-12)
    taken, best = rows[str(decision.action)], rows[str(decision.best)]
    differences = [a - b for a, b in zip(taken, best, strict=True)]
    assert decision.loss == pytest.approx(statistics.fmean(differences), abs=1e-12)
    if decision.action != decision.best:
        assert decision.error == pytest.approx(statistics.stdev(differences) / math.sqrt(12))
    assert min(statistics.fmean(row) for row in rows.values()) == pytest.approx(
        decision.candidates[0].value
    )


# -- the candidates -------------------------------------------------------------------------


def test_every_legal_action_is_a_candidate() -> None:
    game = greedy_game(OUT_SEED, OUT_ACTIONS)
    legal = {str(action) for action in game.legal_actions()}
    game.apply("discard 8h")
    decision = last(tt.review(game, players=[0], deals=4))
    assert {str(item.action) for item in decision.candidates} == legal
    means = [item.value for item in decision.candidates]
    assert means == sorted(means)  # best first


def test_a_going_out_with_its_melds_written_is_weighed_as_taken() -> None:
    game = greedy_game(OUT_SEED, OUT_ACTIONS)
    game.apply("discard 3h out [8h 5c=9h 10h 5h=Jh 5s=Qh]")
    decision = last(tt.review(game, players=[0], deals=8))
    assert str(decision.action) == "discard 3h out [8h 5c=9h 10h 5h=Jh 5s=Qh]"
    assert decision.loss == 0.0
    taken = [item for item in decision.candidates if item.action == decision.action]
    plain = [item for item in decision.candidates if str(item.action) == "discard 3h out"]
    assert taken[0].value == plain[0].value


def test_a_table_play_is_weighed_against_every_other_play() -> None:
    rules = dataclasses.replace(tt.Rules.preset("pagat"), layoff=True)
    game = tt.Game(rules, players=2, seed=3)
    bots = [tt.GreedyBot(), tt.GreedyBot()]
    for _ in range(106):
        player = game.to_move
        assert player is not None
        game.apply(bots[player].act(game.view(player), game.legal_actions()))
    decision = last(tt.review(game, players=[1], deals=16))
    assert str(decision.action) == "meld Ah 2h 3h"
    assert values(decision)[:5] == [
        ("discard 4c", 5.0),
        ("meld 2h 3h 4h", 6.0),
        ("discard 3d", 6.0),
        ("discard 2c", 7.0),
        ("meld Ah 2h 3h", 9.0),
    ]
    kinds = {type(item.action) for item in decision.candidates}
    assert kinds == {tt.LayMeld, tt.DiscardCard}
    assert (decision.loss, decision.error, decision.label) == (4.0, 0.0, "inaccuracy")
    assert decision.words == "Laying Ah 2h 3h gave away about 4.0 points; discarding 4c was best."


# -- determinism, players, hidden information ----------------------------------------------


def test_the_same_seed_gives_the_same_review_and_another_seed_another() -> None:
    game = short_game()
    first = tt.review(game, deals=8, seed=5)
    assert tt.review(game.to_record(), deals=8, seed=5) == first
    other = tt.review(game, deals=8, seed=6)
    assert [d.candidates for d in other.decisions] != [d.candidates for d in first.decisions]
    assert first.seed == 5
    assert first.deals == 8


def test_reviewing_one_player_gives_that_players_decisions_of_all() -> None:
    game = short_game()
    both = tt.review(game, deals=8)
    one = tt.review(game, players=[0], deals=8)
    assert one.players == (0,)
    assert both.players == (0, 1)
    assert one.decisions == tuple(d for d in both.decisions if d.player == 0)
    assert one.summaries == (both.summaries[0],)
    entries = [
        (r, i)
        for r, data in enumerate(game.to_record()["rounds"])
        for i, entry in enumerate(data["actions"])
        if entry.get("type") != "reshuffle"
    ]
    assert [(d.round, d.index) for d in both.decisions] == entries


def hidden_swapped(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` (a game in play in its first round) with ``"seed": null`` and the
    deal written out, its hidden cards moved: player 1's cards that were never played
    or taken and the stock's cards that were never drawn, exchanged. The public
    history and player 0's hand are the same."""
    game = tt.Game.from_record(record)
    deal = record["rounds"][0]["deal"]
    still_held = [str(card) for card in game.hand(1)]
    untouched_hand = [card for card in deal["hands"][1] if card in still_held]
    untouched_stock = {str(card) for card in game.stock}
    assert len(untouched_hand) >= 2
    assert len(untouched_stock) >= 10
    places = [("hand", i) for i, card in enumerate(deal["hands"][1]) if card in untouched_hand]
    places += [("stock", i) for i, card in enumerate(deal["stock"]) if card in untouched_stock]
    cards = [deal["hands"][1][i] if where == "hand" else deal["stock"][i] for where, i in places]
    moved = cards[::-1]  # the held cards go deep in the stock, the stock's last into the hand
    swapped = copy.deepcopy(record)
    swapped["seed"] = None
    new_deal = swapped["rounds"][0]["deal"]
    for (where, i), card in zip(places, moved, strict=True):
        (new_deal["hands"][1] if where == "hand" else new_deal["stock"])[i] = card
    return swapped


def test_the_values_do_not_depend_on_the_cards_the_player_could_not_see() -> None:
    game = greedy_game(4, 9)
    assert game.round == 1
    assert not game.is_over
    record = game.to_record()
    swapped = hidden_swapped(record)
    other = tt.Game.from_record(swapped)  # a game that could have been played
    assert other.hand(0) == game.hand(0)
    assert other.hand(1) != game.hand(1)
    assert other.view(0) == game.view(0)
    assert tt.review(swapped, players=[0], deals=16) == tt.review(record, players=[0], deals=16)
    assert tt.review(swapped, players=[0], level="quick") == tt.review(
        record, players=[0], level="quick"
    )
    # player 1's own decisions are weighed from player 1's view, which differs
    assert tt.review(swapped, players=[1], deals=4) != tt.review(record, players=[1], deals=4)


# -- summaries, labels, accuracy ------------------------------------------------------------


def test_the_summaries_add_up_the_decisions() -> None:
    game = greedy_game(OUT_SEED, OUT_ACTIONS, ("discard 5c",))
    review = tt.review(game, deals=8)
    for summary in review.summaries:
        own = [d for d in review.decisions if d.player == summary.player]
        assert summary.decisions == len(own)
        assert summary.loss == pytest.approx(math.fsum(d.loss for d in own))
        assert sum(summary.loss_by_round) == pytest.approx(summary.loss)
        assert len(summary.loss_by_round) == len(game.to_record()["rounds"]) == 3
        assert summary.labels == {
            label: sum(d.label == label for d in own) for label in report.LABELS
        }
        assert summary.accuracy == accuracy(summary.loss / len(own))
        costs = [d.loss for d in summary.costliest]
        assert costs == sorted(costs, reverse=True)
        assert len(costs) <= 3
        assert costs == sorted((d.loss for d in own if d.loss > 0), reverse=True)[:3]
    assert review.summary(0).costliest[0].action == tt.Action.parse("discard 5c")


def test_labels_need_the_loss_and_its_significance() -> None:
    assert [label_for(loss, 0.0) for loss in (1.99, 2.0, 4.99, 5.0, 9.99, 10.0)] == [
        None,
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
    ]
    assert label_for(12.0, 4.0) is None  # within 3 standard errors of nothing
    assert label_for(12.0, 3.9) == "blunder"
    assert [accuracy(x) for x in (0.0, 1.0, 2.0, 100.0)] == [100.0, 60.7, 36.8, 0.0]


# -- the JSON form ---------------------------------------------------------------------------


def test_the_json_form_reads_back() -> None:
    review = tt.review(greedy_game(OUT_SEED, OUT_ACTIONS, ("discard 5c",)), deals=4)
    data = review.to_dict()
    assert Review.from_dict(data) == review
    import json

    assert Review.from_dict(json.loads(json.dumps(data))) == review
    assert data["decisions"][-1]["action"] == "discard 5c"
    assert data["decisions"][-1]["facts"]["could_go_out"] == ["8h 5c=9h 10h 5h=Jh 5s=Qh"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"deals": -1}, "a review: deals: expected an integer from 0 to 1000000, not -1"),
        ({"level": 3}, "a review: level: expected 'full' or 'quick', not 3"),
        ({"decisions": "x"}, "a review: decisions: expected a list, not 'x'"),
        ({"extra": 1}, "a review: unexpected field 'extra'"),
    ],
)
def test_a_bad_json_form_is_refused(change: dict[str, Any], message: str) -> None:
    data = Review("quick", 0, 0, (0,), (), report.summarise((), (0,), 1), 1).to_dict()
    data.update(change)
    with pytest.raises(tt.InvalidRecordError) as caught:
        Review.from_dict(data)
    assert str(caught.value) == message


def test_a_bad_decision_in_the_json_form_is_refused() -> None:
    data = tt.review(greedy_game(MELD_SEED, 2), players=[1], deals=2).to_dict()
    data["decisions"][0]["candidates"][0]["action"] = "fly away"
    with pytest.raises(tt.InvalidRecordError, match=r"decisions\[0\]\.candidates\[0\]\.action"):
        Review.from_dict(data)
    data["decisions"][0]["candidates"][0]["action"] = "discard Kd"
    with pytest.raises(tt.InvalidRecordError) as caught:
        Review.from_dict(data)
    assert str(caught.value) == (
        "a review: decisions[0].best: 'draw stock' is none of the candidates"
    )
    data["decisions"][0]["candidates"] = []
    with pytest.raises(tt.InvalidRecordError, match="a list of 1 to 64 items, not 0"):
        Review.from_dict(data)


def test_the_analysis_part_has_the_records_shape() -> None:
    game = greedy_game(MELD_SEED, MELD_ACTIONS, ("discard Qd",))
    analysis = tt.review(game, players=[0], deals=64).to_analysis()
    assert list(analysis) == ["level", "deals", "seed", "policy", "decisions"]
    assert (analysis["level"], analysis["deals"], analysis["policy"]) == ("full", 64, "playout")
    item = analysis["decisions"][-1]
    assert list(item) == [
        *("round", "index", "player", "candidates", "best", "loss", "error", "label", "words")
    ]
    assert (item["best"], item["label"], item["loss"]) == ("discard Jc", "mistake", 9.390625)
    assert item["candidates"][0] == {
        "action": "discard Jc",
        "value": 2.6875,
        "error": pytest.approx(0.39269, abs=1e-5),
    }


# -- options -----------------------------------------------------------------------------------


def test_an_executor_gives_the_same_review() -> None:
    game = short_game()
    with ThreadPoolExecutor(2) as executor:
        assert tt.review(game, deals=4, executor=executor) == tt.review(game, deals=4)


def test_a_process_pool_gives_the_same_review() -> None:
    game = short_game()
    with ProcessPoolExecutor(2) as executor:
        assert tt.review(game, deals=4, executor=executor) == tt.review(game, deals=4)


def test_progress_shows_a_bar(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("tqdm")
    tt.review(greedy_game(MELD_SEED, 4), level="quick", progress=True)
    assert "4/4" in capsys.readouterr().err


def test_progress_without_tqdm_shows_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)  # (import tqdm fails)
    found = tt.review(greedy_game(MELD_SEED, 4), level="quick", progress=True)
    assert len(found.decisions) == 4
    assert capsys.readouterr().err == ""


def test_the_default_deals() -> None:
    review = tt.review(greedy_game(MELD_SEED, 2), players=[1])
    assert review.deals == DEFAULT_DEALS


def test_the_top_level_review_is_the_function() -> None:
    from threethirteen.review.reviewer import review

    assert tt.review is review
    from threethirteen.review import reviewer  # the modules, imported by name

    assert reviewer.review is review


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"level": "slow"}, "level must be 'full' or 'quick', not 'slow'"),
        ({"deals": 0}, "deals must be from 1 to 1000000, not 0"),
        ({"deals": 8, "level": "quick"}, "deals must be None or 0 at the quick level, not 8"),
        ({"seed": -1}, "seed must be from 0 to 2**128 - 1, not -1"),
        ({"players": [2]}, "a player must be from 0 to 1, not 2"),
        ({"players": 0}, "players must be a list of seats, not 0"),
        ({"progress": 1}, "progress must be True or False, not 1"),
        ({"executor": 1}, "executor must be a concurrent.futures.Executor (with submit), not 1"),
    ],
)
def test_bad_options_are_refused(options: dict[str, Any], message: str) -> None:
    with pytest.raises(tt.InvalidInputError) as caught:
        tt.review(greedy_game(MELD_SEED, 2), **options)
    assert str(caught.value) == message


def test_a_bad_record_is_refused() -> None:
    with pytest.raises(tt.InvalidInputError, match="a game record"):
        tt.review(5)  # type: ignore[arg-type]
    record = greedy_game(MELD_SEED, 2).to_record()
    record["rounds"][0]["actions"][0]["source"] = "sky"
    with pytest.raises(tt.InvalidRecordError):
        tt.review(record)


def test_tasks_see_the_game_as_the_player_did() -> None:
    game = short_game()
    replay = tt.Game("pagat", players=2, seed=3)
    for task in tasks(game.to_record(), [0, 1]):
        assert task.view == replay.view(task.player)
        assert list(task.legal) == replay.legal_actions()
        replay.apply(task.action, task.player)


def test_a_review_in_a_record_reads_back() -> None:
    game = greedy_game(OUT_SEED, OUT_ACTIONS, ("discard 5c",))
    review = tt.review(game, deals=4)
    reviewed = with_analysis(game.to_record(), review.to_analysis())
    assert reviewed["version"] == 2
    assert tt.Game.from_record(reviewed).to_record() == game.to_record()
    assert from_analysis(reviewed) == review
    assert from_analysis(game.to_record(), review.to_analysis()) == review
    with pytest.raises(tt.InvalidRecordError, match="holds no analysis"):
        from_analysis(game.to_record())


def test_the_words_say_why() -> None:
    review = tt.review(greedy_game(OUT_SEED, OUT_ACTIONS, ("discard 5c",)), players=[0], deals=32)
    assert last(review).words == (
        "You could have gone out with 8h 5c=9h 10h 5h=Jh 5s=Qh by discarding 3h (about 18 points)."
    )
    assert all(d.words == "" for d in review.decisions if d.loss == 0.0)


def test_tasks_walk_reshuffles_with_a_seed_or_the_deals_written() -> None:
    game = tt.Game("pagat", players=2, seed=1)
    bots = [tt.RandomBot(seed=1), tt.RandomBot(seed=2)]
    for _ in range(400):
        player = game.to_move
        assert player is not None
        game.apply(bots[player].act(game.view(player), game.legal_actions()))
    record = game.to_record()
    reshuffles = [
        entry
        for data in record["rounds"]
        for entry in data["actions"]
        if entry.get("type") == "reshuffle"
    ]
    assert len(reshuffles) == 2
    written = {**record, "seed": None}  # the deals and the reshuffles' orders as written
    seeded = [(task.round, task.index, task.view, task.legal) for task in tasks(record, [0, 1])]
    assert len(seeded) == 400
    assert [(t.round, t.index, t.view, t.legal) for t in tasks(written, [0, 1])] == seeded
    replay = tt.Game("pagat", players=2, seed=1)
    for task in tasks(record, [0, 1]):
        assert task.view == replay.view(task.player)
        replay.apply(task.action, task.player)


@settings(max_examples=examples(15))
@given(
    seed=st.integers(0, 10_000),
    actions=st.integers(1, 40),
    bots=st.sampled_from([("random", "greedy"), ("heuristic", "lookahead")]),
)
def test_any_review_keeps_its_invariants(seed: int, actions: int, bots: tuple[str, str]) -> None:
    game = tt.Game("pagat", players=2, seed=seed)
    players = [tt.make_bot(bots[0], seed=seed), tt.make_bot(bots[1], seed=seed + 1)]
    for _ in range(actions):
        mover = game.to_move
        if mover is None:
            break
        game.apply(players[mover].act(game.view(mover), game.legal_actions()))
    for level, deals in (("quick", None), ("full", 3)):
        review = tt.review(game, level=level, deals=deals, seed=seed)
        assert len(review.decisions) == len(list(tasks(game.to_record(), [0, 1])))
        for decision in review.decisions:
            weighed = {item.action: item for item in decision.candidates}
            assert decision.action in weighed
            assert decision.best in weighed
            assert weighed[decision.best].value == decision.candidates[0].value
            assert decision.loss >= 0.0
            assert decision.loss == pytest.approx(
                weighed[decision.action].value - weighed[decision.best].value, abs=1e-9
            )
            assert decision.label == label_for(decision.loss, decision.error)
            if decision.loss == 0.0:
                assert decision.words == ""  # nothing given up, nothing to say
        one = tt.review(game, players=[1], level=level, deals=deals, seed=seed)
        assert one.decisions == tuple(d for d in review.decisions if d.player == 1)
