"""The arena's walls and memory: faulty bots forfeit their own game (with the fault
named), time limits, the legal list a bot cannot tamper with, every game kept and
replayable, a resumed run equal to one never stopped, whole deals for every
pairing, and the sequential match."""

from __future__ import annotations

import dataclasses
import functools
import json
import threading
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from unittest.mock import ANY

import pytest

import threethirteen as tt
from threethirteen.arena.referee import forfeit_scores, listed_action
from threethirteen.arena.simulations import derived_seed

PAIR = ["greedy", "advisor"]


# -- bots with faults (module level: they pickle to worker processes) ------------------


def divide_by_zero(view: tt.PlayerView, legal: Sequence[tt.Action]) -> tt.Action:
    if view.round == 2:
        raise ZeroDivisionError("division by zero")
    return tt.GreedyBot().act(view, legal)


def sleeper(view: tt.PlayerView, legal: Sequence[tt.Action]) -> tt.Action:
    if view.round == 3:
        time.sleep(5)
    return tt.GreedyBot().act(view, legal)


def spinner(view: tt.PlayerView, legal: Sequence[tt.Action]) -> tt.Action:
    if view.round == 2:
        while True:
            pass
    return tt.GreedyBot().act(view, legal)


def anything(view: tt.PlayerView, legal: Sequence[tt.Action]) -> object:
    return ANY


def appender(view: tt.PlayerView, legal: list[tt.Action]) -> tt.Action:
    legal.append(tt.DrawStock())
    legal.append(tt.DiscardCard(tt.Card.parse("Jk"), go_out=True))
    return legal[-1]


def no_action(view: tt.PlayerView, legal: Sequence[tt.Action]) -> object:
    return "draw stock"


# -- the referee ---------------------------------------------------------------------


def test_a_listed_action_is_the_engines_own_by_type_and_value() -> None:
    legal = [tt.DrawStock(), tt.DrawDiscard()]
    assert listed_action(tt.DrawDiscard(), legal) is legal[1]
    assert listed_action(ANY, legal) is None
    assert listed_action("draw stock", legal) is None
    assert listed_action(tt.DrawDiscard(pile=1), legal) is None


def test_a_bot_that_raises_forfeits_and_the_tournament_goes_on() -> None:
    results = tt.tournament(["greedy", divide_by_zero], games=4, seed=2)
    assert results.faults == {"greedy": 0, "divide_by_zero": 4}
    (fault,) = results.first_faults
    assert (fault.bot, fault.seat, fault.game, fault.round, fault.kind) == (
        "divide_by_zero",
        1,
        0,
        2,
        "error",
    )
    assert (fault.error_type, fault.error_message) == ("ZeroDivisionError", "division by zero")
    assert fault.message == (
        f"bot 'divide_by_zero' in seat 1, game 0, round 2, turn {fault.turn}:"
        " raised ZeroDivisionError: division by zero"
    )
    assert results["greedy"].wins == 4
    assert results["divide_by_zero"].wins == 0
    assert results["divide_by_zero"].forfeits == 4
    assert "faults (each forfeits its game; the first of each kind):" in results.table()
    assert fault.message in results.table()


def test_a_forfeit_scores_the_most_each_round_left_can_cost() -> None:
    game = tt.Game("pagat", 2, seed=1)
    totals, rounds = forfeit_scores(game, 1)
    # pagat: pictures 10, so a hand of n cards costs at most 10 n
    assert rounds == tuple((0, 10 * dealt) for dealt in range(3, 14))
    assert totals == (0, 10 * sum(range(3, 14)))
    bga = tt.Game("bga", 2, seed=1)  # a wild or a joker left over costs 50
    assert forfeit_scores(bga, 0)[1][0] == (150, 0)
    played = tt.play(["greedy", "greedy"], seed=4)
    assert forfeit_scores(played, 0) == (played.totals, played.round_scores)


def test_a_forfeiting_bot_never_wins_even_when_ahead() -> None:
    def late(view: tt.PlayerView, legal: Sequence[tt.Action]) -> tt.Action:
        if view.round == 11 and view.turns > 2:
            raise RuntimeError("late")
        return tt.AdvisorBot().act(view, legal)

    results = tt.tournament(["random", late], games=2, seed=1, max_turns=20, keep_games=True)
    for game in results.games:
        assert game.forfeit is not None
        seat = game.forfeit.seat
        assert seat not in game.winners
        assert game.winners == tuple(s for s in range(2) if s != seat)


def test_an_illegal_choice_forfeits_whatever_it_claims_to_equal() -> None:
    results = tt.tournament(["greedy", anything, appender, no_action], games=12, players=2, seed=1)
    # against greedy a faulty bot forfeits both games; of two faulty bots, the one to
    # move first forfeits: once in each seating
    assert results.faults == {"greedy": 0, "anything": 4, "appender": 4, "no_action": 4}
    messages = {fault.bot: fault.message for fault in results.first_faults}
    assert messages["anything"] == (
        "bot 'anything' in seat 1, game 0, round 1, turn 1: chose an object of type _ANY,"
        " which is not legal: it is not an action"
    )
    assert messages["appender"] == (
        "bot 'appender' in seat 1, game 2, round 1, turn 1: chose 'discard Jk out', which is"
        " not legal: illegal action 'discard Jk out': player 1 must draw first"
    )
    assert messages["no_action"].endswith(
        "chose 'draw stock', which is not legal: it is not an action"
    )


def test_a_bot_that_changes_its_list_changes_nothing_in_the_game() -> None:
    seen: list[int] = []

    def clearer(view: tt.PlayerView, legal: list[tt.Action]) -> tt.Action:
        choice = tt.GreedyBot().act(view, legal)
        legal.clear()
        seen.append(1)
        return choice

    game = tt.play(["greedy", clearer], seed=3)
    assert game.is_over
    assert len(seen) > 20
    assert game.totals == tt.play(["greedy", "greedy"], seed=3).totals


def test_on_error_raise_stops_with_a_bot_error_naming_everything() -> None:
    with pytest.raises(tt.BotError) as caught:
        tt.tournament(["greedy", divide_by_zero], games=4, seed=2, on_error="raise")
    error = caught.value
    assert str(error).startswith("bot 'divide_by_zero' in seat 1, game 0, round 2, turn ")
    assert (error.bot, error.seat, error.game, error.round, error.kind) == (
        "divide_by_zero",
        1,
        0,
        2,
        "error",
    )
    assert isinstance(error.__cause__, ZeroDivisionError)
    assert isinstance(error, tt.ThreeThirteenError)
    assert not isinstance(error, ValueError)  # a bot's failure is not bad input


def test_play_raises_the_bot_error() -> None:
    with pytest.raises(tt.BotError) as caught:
        tt.play(["greedy", anything], seed=1)
    assert str(caught.value) == (
        "bot 'anything' in seat 1, round 1, turn 1: chose an object of type _ANY, which is"
        " not legal: it is not an action"
    )
    assert caught.value.kind == "illegal"
    assert caught.value.game is None


def test_a_bot_error_comes_back_from_worker_processes() -> None:
    with ProcessPoolExecutor(2) as pool, pytest.raises(tt.BotError) as caught:
        tt.tournament(["greedy", divide_by_zero], games=4, seed=2, executor=pool, on_error="raise")
    assert (caught.value.bot, caught.value.kind, caught.value.round) == (
        "divide_by_zero",
        "error",
        2,
    )


def test_forfeits_are_the_same_on_every_executor() -> None:
    serial = tt.tournament(["greedy", divide_by_zero, no_action], games=12, players=2, seed=5)
    with ThreadPoolExecutor(2) as pool:
        threads = tt.tournament(
            ["greedy", divide_by_zero, no_action], games=12, players=2, seed=5, executor=pool
        )
    assert threads == serial


# -- time limits ------------------------------------------------------------------------


def test_a_sleeping_bot_forfeits_on_time() -> None:
    began = time.perf_counter()
    results = tt.tournament(["greedy", sleeper], games=2, seed=1, move_time=0.2)
    assert time.perf_counter() - began < 4
    assert results.faults == {"greedy": 0, "sleeper": 2}
    (fault,) = results.first_faults
    assert (fault.kind, fault.round, fault.error_type) == ("time", 3, "MoveTimeError")
    assert fault.message.endswith(
        "took too long to choose (no answer within the move time of 0.2 s)"
    )
    assert results.move_time == 0.2
    assert "0.2 s a decision" in results.table().splitlines()[0]


@pytest.mark.parametrize("isolate", [None, False])
def test_a_spinning_bot_forfeits_and_its_thread_is_stopped(isolate: bool | None) -> None:
    # isolate=None: the bot spins in a worker process, killed at the move time;
    # False: on the watchdog's thread, stopped by an asynchronous exception
    before = threading.active_count()
    with pytest.raises(tt.BotError) as caught:
        tt.play(["greedy", spinner], seed=1, move_time=0.1, isolate=isolate)
    assert caught.value.kind == "time"
    assert isinstance(caught.value.__cause__, tt.MoveTimeError)
    deadline = time.monotonic() + 5
    while threading.active_count() > before and time.monotonic() < deadline:
        time.sleep(0.01)
    # (another test's thread may have ended meanwhile: none of this game's is left)
    assert threading.active_count() <= before


def _swapper(view: tt.PlayerView, legal: Sequence[tt.Action]) -> tt.Action:
    """Takes the pile's top every turn and never goes out: two of them play a round the
    rules never end (nobody draws from the stock)."""
    if view.phase == "draw":
        return next(a for a in legal if isinstance(a, tt.DrawDiscard))
    return next(a for a in legal if isinstance(a, tt.DiscardCard) and not a.go_out)


def test_bots_that_never_end_a_round_stop_at_the_default_turn_limit() -> None:
    one_round = dataclasses.replace(tt.Rules.preset("pagat"), rounds=(3,))
    results = tt.tournament(
        [_swapper, _swapper], games=2, rules=one_round, seed=1, keep_games=True, records=True
    )
    assert tt.ARENA_MAX_TURNS == 10_000
    for game in results.games:
        assert game.forfeit is None
        assert game.record is not None
        (round_,) = game.record["rounds"]
        assert round_["end"] == "turn_limit"
        assert len(round_["actions"]) == 2 * tt.ARENA_MAX_TURNS  # a draw and a discard a turn
        assert game.record["rules"]["max_turns"] == tt.ARENA_MAX_TURNS
    # the same deal in both seatings, and the same bot in both seats
    assert [game.round_scores for game in results.games] == [((17, 20),), ((17, 20),)]


def test_move_time_is_checked() -> None:
    for bad in (0, -1, float("nan"), float("inf"), "1", True):
        with pytest.raises(
            tt.GameError, match=r"^move_time must be (above 0|a finite number), not "
        ):
            tt.tournament(PAIR, games=2, move_time=bad)  # type: ignore[arg-type]
    with pytest.raises(tt.GameError, match=r"^on_error is 'forfeit' or 'raise', not 'stop'$"):
        tt.tournament(PAIR, games=2, on_error="stop")


def test_a_fast_bot_under_a_time_limit_plays_the_same_game() -> None:
    limited = tt.tournament(PAIR, games=2, seed=4, move_time=5)
    free = tt.tournament(PAIR, games=2, seed=4)
    assert limited.to_dict() == {**free.to_dict(), "move_time": 5.0}


# -- start and end hooks ---------------------------------------------------------------


class Listener:
    name = "listener"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.messages: list[dict[str, object]] = []
        self.inner = tt.GreedyBot()

    def start_game(self, message: dict[str, object]) -> None:
        self.messages.append(message)

    def end_game(self, message: dict[str, object]) -> None:
        self.messages.append(message)

    def act(self, view: tt.PlayerView, legal: Sequence[tt.Action]) -> tt.Action:
        return self.inner.act(view, legal)


def test_bots_hear_of_each_games_start_and_end() -> None:
    listener = Listener()
    game = tt.play(["greedy", listener], seed=6)
    start, end = listener.messages
    assert start == {
        "type": "start",
        "protocol": 1,
        "seat": 1,
        "players": 2,
        "rules": {
            "preset": "pagat",
            "variations": [],
            "players": 2,
            "max_turns": tt.ARENA_MAX_TURNS,
        },
        "bot_seed": derived_seed(6, 1, 64),
        "game": None,
    }
    assert end == {
        "type": "end",
        "seat": 1,
        "totals": list(game.totals),
        "round_scores": [list(scores) for scores in game.round_scores],
        "winners": list(game.winners),
        "forfeit": None,
    }


# -- every game kept and replayable ----------------------------------------------------


def test_kept_games_are_in_game_order_and_replay_with_play() -> None:
    results = tt.tournament(
        ["greedy", "random", "advisor"],
        games=12,
        players=2,
        seed=7,
        max_turns=30,
        keep_games=True,
        records=True,
    )
    assert [game.index for game in results.games] == list(range(12))
    for game in results.games:
        assert game.seed == tt.game_seed(7, game.index, players=2)
        replayed = tt.play(list(game.bots), seed=game.seed, max_turns=30)
        assert (replayed.totals, replayed.round_scores) == (game.totals, game.round_scores)
        assert game.winners == replayed.winners
        assert game.record == replayed.to_record()
        assert game.to_dict()["record"] == game.record
        assert tt.GameResult.from_dict(game.to_dict()) == game
    assert results.games[0].bots == ("greedy", "random")
    assert results.games[1].bots == ("random", "greedy")
    assert results.games[2].bots == ("greedy", "advisor")
    without = tt.tournament(
        ["greedy", "random", "advisor"], games=12, players=2, seed=7, max_turns=30, keep_games=True
    )
    assert [game.record for game in without.games] == [None] * 12
    assert tt.tournament(PAIR, games=2, seed=1).games == ()


def test_kept_games_are_the_same_on_worker_processes() -> None:
    serial = tt.tournament(PAIR, games=6, seed=3, keep_games=True, records=True)
    with ProcessPoolExecutor(2) as pool:
        spread = tt.tournament(
            PAIR, games=6, seed=3, keep_games=True, records=True, executor=pool, chunk_size=1
        )
    assert spread.games == serial.games
    assert spread.to_dict() == serial.to_dict()


def test_game_seed() -> None:
    assert tt.game_seed(5, 3) == derived_seed(5, 3)
    assert tt.game_seed(5, 3, players=2) == derived_seed(5, 1)
    assert tt.game_seed(5, 7, players=4) == derived_seed(5, 1)
    with pytest.raises(tt.GameError, match=r"^a game's index is not negative, not -1$"):
        tt.game_seed(5, -1)
    with pytest.raises(tt.GameError, match=r"^a seed must be an int, not 1.5$"):
        tt.game_seed(1.5, 0)  # type: ignore[arg-type]


def test_saved_games_are_json_lines_with_their_records(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    results = tt.tournament(PAIR, games=4, seed=9, save_games=path, keep_games=True, records=True)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4
    for line, game in zip(lines, results.games, strict=True):
        data = json.loads(line)
        assert data["format"] == "threethirteen-tournament-game"
        assert data["tournament"] == {
            "bots": ["greedy", "advisor"],
            "rules": {
                "preset": "pagat",
                "variations": [],
                "players": 2,
                "max_turns": tt.ARENA_MAX_TURNS,
            },
            "seed": 9,
            "duplicate": True,
            "move_time": None,
            "seatings": "balanced",
        }
        assert tt.Game.from_record(data["record"]).totals == game.totals
    with pytest.raises(tt.GameError, match=r"exists: resume goes on with its games"):
        tt.tournament(PAIR, games=4, seed=9, save_games=path)


def test_a_resumed_run_equals_one_never_stopped(tmp_path: Path) -> None:
    whole = tt.tournament(PAIR, games=8, seed=11, keep_games=True)
    path = tmp_path / "games.jsonl"
    tt.tournament(PAIR, games=4, seed=11, save_games=path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text + text.splitlines()[0][:50], encoding="utf-8")  # a line cut short
    resumed = tt.tournament(PAIR, games=8, save_games=path, resume=True, keep_games=True)
    assert resumed == whole
    assert len(path.read_text(encoding="utf-8").splitlines()) == 8
    again = tt.tournament(PAIR, games=8, save_games=path, resume=True, keep_games=True)
    assert again == whole  # nothing left to play


def test_a_resume_of_another_tournament_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    tt.tournament(PAIR, games=2, seed=11, save_games=path)
    with pytest.raises(
        tt.InvalidRecordError, match=r"holds the games of another tournament \(its bots differ\)"
    ):
        tt.tournament(["greedy", "random"], games=4, seed=11, save_games=path, resume=True)
    with pytest.raises(tt.InvalidRecordError, match=r"its seed differ"):
        tt.tournament(PAIR, games=4, seed=12, save_games=path, resume=True)
    path.write_text("not json\n", encoding="utf-8")
    with pytest.raises(tt.InvalidRecordError, match=r"^games.jsonl, line 1 is not JSON: "):
        tt.tournament(PAIR, games=4, seed=12, save_games=path, resume=True)
    with pytest.raises(tt.GameError, match=r"^resume goes on with the games of save_games"):
        tt.tournament(PAIR, games=4, resume=True)


# -- whole deals for every pairing -------------------------------------------------------


def test_a_round_robin_gives_every_pairing_whole_deals() -> None:
    results = tt.tournament(
        ["greedy", "random", "advisor"], games=6, players=2, seed=1, max_turns=10
    )
    assert [r.games for r in results] == [4, 4, 4]
    assert [(h.games, h.samples) for h in results.head_to_heads()] == [(2, 1)] * 3
    with pytest.raises(tt.GameError) as caught:
        tt.tournament(["greedy", "random", "advisor"], games=4, players=2)
    assert str(caught.value) == (
        "games is a multiple of 6 (3 tables of 2 of the 3 bots, each in its 2 seatings:"
        " every pairing plays whole deals in every seating), not 4; say 6"
    )
    with pytest.raises(
        tt.GameError,
        match=r"multiple of the players \(2: every bot sits in every seat equally often\), not 3; say 2 or 4$",
    ):
        tt.tournament(PAIR, games=3, duplicate=False)


# -- who sits to whose left ------------------------------------------------------------

FOUR = ["greedy", "advisor", "heuristic", "lookahead"]


def _lefts(games: Sequence[tt.GameResult]) -> Counter[tuple[str, str]]:
    """How often each bot had each other on its left (the player who draws its
    discards)."""
    return Counter(
        (game.bots[seat], game.bots[(seat + 1) % len(game.bots)])
        for game in games
        for seat in range(len(game.bots))
    )


def test_balanced_seatings_seat_each_bot_left_of_each_other_equally_often() -> None:
    results = tt.tournament(FOUR, games=24, players=4, seed=2, keep_games=True)
    games = results.games
    assert results.seatings == "balanced"
    assert _lefts(games) == {(a, b): 8 for a in FOUR for b in FOUR if a != b}
    assert Counter((game.bots[seat], seat) for game in games for seat in range(4)) == {
        (bot, seat): 6 for bot in FOUR for seat in range(4)
    }
    # each deal: one order around the table, in its 4 rotations; the deals take the
    # (4 - 1)! = 6 orders in turn
    orders = []
    for deal in range(6):
        four = games[4 * deal : 4 * deal + 4]
        assert len({game.seed for game in four}) == 1
        first = four[0].bots
        assert [game.bots for game in four] == [first[r:] + first[:r] for r in range(4)]
        orders.append(first)
    assert orders == [
        ("greedy", "advisor", "heuristic", "lookahead"),
        ("greedy", "advisor", "lookahead", "heuristic"),
        ("greedy", "heuristic", "advisor", "lookahead"),
        ("greedy", "heuristic", "lookahead", "advisor"),
        ("greedy", "lookahead", "advisor", "heuristic"),
        ("greedy", "lookahead", "heuristic", "advisor"),
    ]
    assert "every order around the table" in results.table().splitlines()[0]


def test_rotations_keep_the_order_given() -> None:
    results = tt.tournament(FOUR, games=8, players=4, seed=2, keep_games=True, seatings="rotations")
    assert results.seatings == "rotations"
    assert _lefts(results.games) == {
        ("greedy", "advisor"): 8,
        ("advisor", "heuristic"): 8,
        ("heuristic", "lookahead"): 8,
        ("lookahead", "greedy"): 8,
    }
    assert results.table().splitlines()[0] == (
        "pagat, 4 players: 8 games (2 deals, each played in 4 seatings, one order around the"
        " table), seed 2"
    )


def test_at_three_players_the_two_orders_alternate_and_two_players_are_unchanged() -> None:
    three = tt.tournament(FOUR[:3], games=6, players=3, seed=4, keep_games=True)
    assert [game.bots[:3] for game in three.games[::3]] == [
        ("greedy", "advisor", "heuristic"),
        ("greedy", "heuristic", "advisor"),
    ]
    assert set(_lefts(three.games).values()) == {3}
    pair = tt.tournament(PAIR, games=4, seed=4, keep_games=True)
    rotated = tt.tournament(PAIR, games=4, seed=4, keep_games=True, seatings="rotations")
    assert pair.games == rotated.games
    assert pair.table().splitlines()[0] == (
        "pagat, 2 players: 4 games (2 deals, each played in 2 seatings), seed 4"
    )


def test_seatings_are_checked_and_need_whole_orders() -> None:
    with pytest.raises(tt.GameError, match=r"^seatings is 'balanced' or 'rotations', not 'all'$"):
        tt.tournament(FOUR, games=24, players=4, seatings="all")
    with pytest.raises(tt.GameError) as caught:
        tt.tournament(FOUR, games=8, players=4)
    assert str(caught.value) == (
        "with duplicate deals, games is a multiple of 24 (4 seats times the 6 orders of the"
        " bots around the table: every deal in each rotation, the orders in turn), not 8;"
        " say 24"
    )
    with pytest.raises(tt.GameError) as caught:
        tt.tournament([*FOUR, "random"], games=24, players=4)
    assert str(caught.value) == (
        "games is a multiple of 120 (5 tables of 4 of the 5 bots, each in its 24 seatings:"
        " every pairing plays whole deals in every seating), not 24; say 120"
    )


def test_results_name_their_seatings_and_version_2_reads_as_rotations() -> None:
    results = tt.tournament(FOUR[:3], games=6, players=3, seed=4)
    data = results.to_dict()
    assert (data["version"], data["seatings"]) == (3, "balanced")
    assert tt.TournamentResults.from_dict(data).to_dict() == data
    old = {key: value for key, value in data.items() if key != "seatings"}
    old["version"] = 2
    assert tt.TournamentResults.from_dict(old).seatings == "rotations"
    with pytest.raises(
        tt.InvalidRecordError,
        match=r"^tournament results: seatings: expected 'balanced' or 'rotations', not 'all'",
    ):
        tt.TournamentResults.from_dict({**data, "seatings": "all"})


def test_a_games_file_from_before_the_seatings_resumes_as_rotations(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    three = FOUR[:3]
    whole = tt.tournament(three, games=6, players=3, seed=5, seatings="rotations")
    tt.tournament(three, games=3, players=3, seed=5, seatings="rotations", save_games=path)
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    for line in lines:
        del line["tournament"]["seatings"]  # as an earlier version wrote it
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    with pytest.raises(tt.InvalidRecordError, match=r"\(its seatings differ\)"):
        tt.tournament(three, games=6, players=3, seed=5, save_games=path, resume=True)
    resumed = tt.tournament(
        three, games=6, players=3, seed=5, seatings="rotations", save_games=path, resume=True
    )
    assert resumed.to_dict() == whole.to_dict()


# -- bot factories and labels ------------------------------------------------------------


def test_two_settings_of_one_class_are_told_apart() -> None:
    fast = functools.partial(tt.SearchBot, playouts=2, name="search2")
    results = tt.tournament([fast, "advisor"], games=2, seed=1, max_turns=10)
    assert results.bots == ("search2", "advisor")


# -- the sequential match ----------------------------------------------------------------


def test_a_match_stops_when_the_test_decides() -> None:
    found = tt.match(["greedy", "random"], margin0=0, margin1=20, seed=1, max_turns=30)
    assert (found.decision, found.deals) == ("H1", 53)
    assert found.games == 2 * found.deals == found.results.game_count
    assert found.llr >= found.upper
    assert str(found).startswith(
        "SPRT [0, 20], alpha 0.05, beta 0.05: greedy leads random by at least 20"
    )
    with ThreadPoolExecutor(2) as pool:
        spread = tt.match(
            ["greedy", "random"],
            margin0=0,
            margin1=20,
            seed=1,
            max_turns=30,
            executor=pool,
            chunk_size=1,
        )
    assert (spread.decision, spread.deals, spread.llr) == (found.decision, found.deals, found.llr)
    assert spread.results == found.results


def test_a_match_between_equals_accepts_h0() -> None:
    found = tt.match(["greedy", "greedy"], margin0=0, margin1=5, seed=2, max_deals=200)
    assert found.decision == "H0"  # mirror deals: every margin is 0


def test_a_match_without_a_decision_stops_at_max_deals() -> None:
    found = tt.match(["greedy", "advisor"], margin0=-1, margin1=1, seed=2, max_deals=3)
    assert (found.decision, found.deals, found.games) == (None, 3, 6)
    with pytest.raises(tt.GameError, match=r"^a match is between two bots, not 3$"):
        tt.match(["greedy", "advisor", "random"])
