"""Games between bots and tournaments: seeds, seats, duplicate deals, the figures
checked against a count by hand, the same results on every executor, JSON, the
table, the plot and the progress bar."""

from __future__ import annotations

import json
import math
import re
import statistics
import subprocess
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pytest

import threethirteen as tt
from threethirteen.arena.simulations import derived_seed
from threethirteen.arena.tournament_results import BotResults
from threethirteen.bots.builtin import BotLike
from threethirteen.statistics import t_quantile, wilson_interval

PAIR = ["greedy", "random"]
SHORT = {"max_turns": 12}


# -- play ---------------------------------------------------------------------------


def test_play_is_the_same_game_for_the_same_seed() -> None:
    first = tt.play(PAIR, seed=9, **SHORT)
    second = tt.play(PAIR, seed=9, **SHORT)
    assert first.is_over
    assert first.to_record() == second.to_record()
    assert tt.play(PAIR, seed=10, **SHORT).to_record() != first.to_record()
    assert tt.Game.from_record(first.to_record()).totals == first.totals


def test_play_seeds_each_bot_from_the_game_seed_and_its_seat() -> None:
    game = tt.play(["random", "random", "random"], seed=4, **SHORT)
    replayed = tt.Game("pagat", 3, seed=4, max_turns=12)
    bots = [tt.RandomBot(seed=derived_seed(4, seat, 64)) for seat in range(3)]
    while not replayed.is_over:
        seat = replayed.to_move
        assert seat is not None
        replayed.apply(bots[seat].act(replayed.view(seat), replayed.legal_actions()))
    assert replayed.to_record() == game.to_record()


def test_bot_i_sits_in_seat_i() -> None:
    seen: dict[int, set[int]] = {0: set(), 1: set()}

    def watcher(seat: int) -> BotLike:
        def act(view: tt.PlayerView, legal: Sequence[tt.Action]) -> tt.Action:
            seen[seat].add(view.player)
            return legal[0]

        return act

    tt.play([watcher(0), watcher(1)], seed=1, max_turns=4)
    assert seen == {0: {0}, 1: {1}}


def test_an_illegal_action_names_the_bot_the_seat_and_the_action() -> None:
    def cheat(view: tt.PlayerView, legal: Sequence[tt.Action]) -> tt.Action:
        return tt.DiscardCard(tt.Card.parse("Jk"))

    with pytest.raises(tt.BotError) as caught:
        tt.play(["greedy", cheat], seed=1)
    assert str(caught.value) == (
        "bot 'cheat' in seat 1, round 1, turn 1: chose 'discard Jk', which is not legal:"
        " illegal action 'discard Jk': player 1 must draw first"
    )


def test_play_refuses_a_table_that_does_not_fit() -> None:
    with pytest.raises(tt.GameError, match=r"^play seats one bot a player: 2 bots for 3 players$"):
        tt.play(PAIR, players=3)
    with pytest.raises(tt.GameError, match=r"^no bots: give at least one$"):
        tt.play([])
    with pytest.raises(tt.GameError, match=r"not the string 'greedy'"):
        tt.play("greedy")  # type: ignore[arg-type]
    with pytest.raises(tt.InvalidBotError, match=r"unknown bot 'best'"):
        tt.play(["greedy", "best"])


# -- the figures, counted by hand -----------------------------------------------------


def games_by_hand(
    specs: list[str], games: int, seed: int, lineups: list[tuple[int, ...]], **options: int
) -> list[tuple[tuple[int, ...], tt.Game]]:
    """Each game as the documented seeds make it, with its lineup."""
    played = []
    for index in range(games):
        lineup = lineups[index % len(lineups)]
        game = tt.play([specs[bot] for bot in lineup], seed=derived_seed(seed, index), **options)
        played.append((lineup, game))
    return played


def interval(samples: list[float]) -> tuple[float, float]:
    """Student's t interval at 95 % (the quantile is checked against published
    tables in tests/test_statistics.py)."""
    mean = statistics.fmean(samples)
    quantile = t_quantile(0.975, len(samples) - 1)
    half = quantile * statistics.stdev(samples) / math.sqrt(len(samples))
    return mean - half, mean + half


def test_the_figures_are_those_counted_game_by_game() -> None:
    results = tt.tournament(PAIR, games=6, seed=3, duplicate=False, **SHORT)
    played = games_by_hand(PAIR, 6, 3, [(0, 1), (1, 0)], **SHORT)
    for bot, name in enumerate(PAIR):
        totals = [game.totals[lineup.index(bot)] for lineup, game in played]
        wins = sum(lineup.index(bot) in game.winners for lineup, game in played)
        found = results[name]
        assert (found.name, found.games, found.wins) == (name, 6, wins)
        assert found.mean_total == pytest.approx(statistics.fmean(totals))
        assert found.mean_total_interval == pytest.approx(interval(totals))
        assert found.win_rate == wins / 6
        assert found.win_interval == wilson_interval(wins, 6)
        by_round = [
            statistics.fmean(
                game.round_scores[number][lineup.index(bot)] for lineup, game in played
            )
            for number in range(11)
        ]
        assert found.round_means == pytest.approx(by_round)
    margins = [
        game.totals[lineup.index(1)] - game.totals[lineup.index(0)] for lineup, game in played
    ]
    head = results.head_to_head("greedy", "random")
    assert (head.bot, head.other, head.games, head.samples) == ("greedy", "random", 6, 6)
    assert head.margin == pytest.approx(statistics.fmean(margins))
    assert head.interval == pytest.approx(interval(margins))
    back = results.head_to_head("random", "greedy")
    assert back.margin == pytest.approx(-statistics.fmean(margins))
    assert back.interval == pytest.approx(tuple(-x for x in reversed(interval(margins))))


def test_duplicate_deals_play_each_deal_in_every_seating() -> None:
    """Two copies of the same deterministic bot: each deal's two games are mirror
    images, so every margin is 0 exactly and the totals are the same."""
    results = tt.tournament(["greedy", "greedy"], games=4, seed=2)
    assert results.bots == ("greedy", "greedy#2")
    head = results.head_to_head("greedy", "greedy#2")
    assert (head.games, head.samples, head.margin, head.interval) == (4, 2, 0.0, (0.0, 0.0))
    assert not head.significant
    assert results["greedy"] == BotResults(**{**vars(results["greedy#2"]), "name": "greedy"})


def test_duplicate_samples_are_the_mean_of_a_deal() -> None:
    results = tt.tournament(PAIR, games=6, seed=5, **SHORT)
    played = []
    for index in range(6):
        lineup = [(0, 1), (1, 0)][index % 2]
        game = tt.play([PAIR[b] for b in lineup], seed=derived_seed(5, index // 2), **SHORT)
        played.append((lineup, game))
    per_deal = [
        statistics.fmean(game.totals[lineup.index(0)] for lineup, game in played[d : d + 2])
        for d in range(0, 6, 2)
    ]
    assert results["greedy"].mean_total == pytest.approx(statistics.fmean(per_deal))
    # Student's t over the deals' means, stopped at 0: no mean total lies below it
    low, high = interval(per_deal)
    assert low < 0
    assert results["greedy"].mean_total_interval == pytest.approx((0.0, high))
    head = results.head_to_head("greedy", "random")
    assert (head.games, head.samples) == (6, 3)


def test_fewer_seats_than_bots_go_through_every_table() -> None:
    bots = ["greedy", "random", "greedy", "random"]
    results = tt.tournament(bots, games=24, players=2, seed=1, max_turns=4)
    assert results.bots == ("greedy", "random", "greedy#2", "random#2")
    assert [r.games for r in results] == [12, 12, 12, 12]
    assert [(h.games, h.samples) for h in results.head_to_heads()] == [(4, 2)] * 6
    assert results.players == 2


def test_bad_tournaments_are_refused() -> None:
    with pytest.raises(tt.GameError, match=r"not 5; say 4 or 6$"):
        tt.tournament(PAIR, games=5)
    with pytest.raises(tt.GameError, match=r"^3 players but 2 bots: give a bot more than once"):
        tt.tournament(PAIR, players=3)
    with pytest.raises(tt.GameError, match=r"^games must be from 1 to 1000000000, not 0$"):
        tt.tournament(PAIR, games=0)
    with pytest.raises(tt.GameError, match=r"^games must be from 1 to 1000000000, not an int"):
        tt.tournament(PAIR, games=10**30)
    with pytest.raises(tt.GameError, match=r"^games must be from 1 to 1000000000, not 0$"):
        tt.tournament(PAIR, games=0)
    with pytest.raises(tt.GameError, match=r"^chunk_size must be from 1 to 1000000000, not 0$"):
        tt.tournament(PAIR, games=2, chunk_size=0)
    with pytest.raises(tt.InvalidRulesError):
        tt.tournament(PAIR, games=2, rules="gin")


def test_wilson_interval() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(0, 10)
    assert (low, round(high, 4)) == (0.0, 0.2775)
    low, high = wilson_interval(10, 10)
    assert (round(low, 4), high) == (0.7225, 1.0)


# -- the same results on every executor ------------------------------------------------


@pytest.fixture(scope="module")
def serial() -> dict[str, object]:
    return tt.tournament(PAIR, games=8, seed=7, **SHORT).to_dict()


@pytest.mark.parametrize("chunk_size", [None, 1, 3, 100])
def test_threads_give_the_serial_results(serial: dict[str, object], chunk_size: int | None) -> None:
    with ThreadPoolExecutor(2) as pool:
        found = tt.tournament(PAIR, games=8, seed=7, executor=pool, chunk_size=chunk_size, **SHORT)
    assert found.to_dict() == serial


def test_processes_give_the_serial_results(serial: dict[str, object]) -> None:
    with ProcessPoolExecutor(2) as pool:
        found = tt.tournament(PAIR, games=8, seed=7, executor=pool, chunk_size=3, **SHORT)
    assert found.to_dict() == serial


def test_a_dask_cluster_gives_the_serial_results(serial: dict[str, object]) -> None:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        found = tt.tournament(
            PAIR, games=8, seed=7, executor=client.get_executor(), chunk_size=2, **SHORT
        )
        again = tt.tournament(  # Dask's cache of pure calls must not mix tournaments up
            PAIR, games=8, seed=8, executor=client.get_executor(), chunk_size=2, **SHORT
        )
    assert found.to_dict() == serial
    assert again.to_dict() == tt.tournament(PAIR, games=8, seed=8, **SHORT).to_dict()


def test_a_bots_error_comes_back_from_the_executor() -> None:
    with ThreadPoolExecutor(2) as pool, pytest.raises(tt.BotError, match="seat 1, game 0"):
        tt.tournament(
            ["greedy", lambda view, legal: tt.DrawStock()],
            games=2,
            seed=1,
            executor=pool,
            on_error="raise",
        )


# -- JSON, the table, the plot, progress -----------------------------------------------


def test_json_round_trip_is_exact() -> None:
    results = tt.tournament(PAIR, games=4, seed=1, **SHORT)
    data = results.to_dict()
    assert json.loads(json.dumps(data)) == data
    again = tt.TournamentResults.from_json(results.to_json())
    assert again == results
    assert again.to_dict() == data
    assert tt.TournamentResults.from_dict(data).to_json(indent=2) == results.to_json(indent=2)
    assert str(again) == str(results)
    ratings = results.ratings()
    assert data["ratings"] == {
        name: {"elo": rating.elo, "interval": list(rating.interval or ())}
        for name, rating in ratings.items()
    }
    assert data["ratings"]["greedy"]["elo"] == -data["ratings"]["random"]["elo"] > 0
    # the ratings are worked out again from the sums, never read
    forged = {**data, "ratings": {"greedy": {"elo": 9999, "interval": None}}}
    assert tt.TournamentResults.from_dict(forged).ratings() == ratings
    for junk in (object(), 10**5000, [[[]]]):  # never read, so never a failure
        assert tt.TournamentResults.from_dict({**data, "ratings": junk}) == results
    with pytest.raises(tt.InvalidRecordError, match="the stats do not match the bots"):
        tt.TournamentResults.from_dict({**results.to_dict(), "bots": ["a", "b", "c"]})
    with pytest.raises(tt.InvalidRecordError, match="format"):
        tt.TournamentResults.from_dict({"format": "x"})
    with pytest.raises(tt.InvalidRecordError, match="not JSON"):
        tt.TournamentResults.from_json("{")
    with pytest.raises(KeyError, match="no bot 'best'"):
        results["best"]


TABLE = """\
pagat, 2 players, at most 20 turns a round: 10 games (5 deals, each played in 2 seatings), seed 1

bot     games  mean total    95% interval  wins  win rate    95% interval   elo  95% interval  forfeits
greedy     10        15.9     8.6 to 23.2    10    100.0%  56.6 to 100.0%  +264   -102 to 631         0
random     10       416.0  395.0 to 437.0     0      0.0%    0.0 to 43.4%  -264   -631 to 102         0

head to head: points a game the first finished ahead of the second
bots             games  margin    95% interval       p
greedy - random     10  +400.1  373.0 to 427.2  <0.001

mean score by round
round      1     2     3     4     5     6     7     8     9    10    11
greedy   2.8   0.2   1.4   1.5   1.1   1.0   0.2   3.1   3.1   0.4   1.1
random  15.3  25.1  28.9  38.3  37.6  35.4  46.1  48.1  43.1  47.1  51.0
warning: only 5 deals: Student's t with 4 degrees of freedom widens the 95% intervals (2.78 standard errors, not 1.96)"""


def test_the_table() -> None:
    results = tt.tournament(PAIR, games=10, seed=1, max_turns=20)
    assert str(results) == results.table() == TABLE
    assert repr(results) == "<TournamentResults greedy, random: 10 games, seed 1, duplicate>"


def test_the_tables_first_line_says_how_the_deals_were_played() -> None:
    one_deal = tt.tournament(PAIR, games=2, seed=1, max_turns=3)
    assert one_deal.table().splitlines()[0] == (
        "pagat, 2 players, at most 3 turns a round: 2 games (1 deal, played in 2 seatings), seed 1"
    )
    fresh = tt.tournament(
        PAIR, games=4, seed=1, duplicate=False, rules="bga", variations=["jokers"]
    )
    assert fresh.table().splitlines()[0] == "bga +jokers, 2 players: 4 games (a deal each), seed 1"


def test_plot_draws_the_totals_and_the_rounds() -> None:
    pytest.importorskip("matplotlib")
    results = tt.tournament(PAIR, games=4, seed=1, **SHORT)
    figure = results.plot()
    totals, rounds = figure.axes
    assert [tick.get_text() for tick in totals.get_xticklabels()] == ["greedy", "random"]
    assert [line.get_label() for line in rounds.get_lines()] == ["greedy", "random"]
    assert list(rounds.get_lines()[0].get_ydata()) == pytest.approx(results["greedy"].round_means)


def test_plot_without_matplotlib_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    results = tt.tournament(PAIR, games=2, seed=1, **SHORT)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    with pytest.raises(ModuleNotFoundError, match=r"pip install 'threethirteen\[plot\]'"):
        results.plot()


def test_progress_goes_to_standard_error(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("tqdm")
    tt.tournament(PAIR, games=4, seed=1, progress=True, **SHORT)
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "4/4" in captured.err


def test_progress_without_tqdm_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)
    with pytest.raises(ModuleNotFoundError, match=r"pip install 'threethirteen\[progress\]'"):
        tt.tournament(PAIR, games=2, seed=1, progress=True, **SHORT)


# -- Ray: the script of docs/simulating.md ------------------------------------------------


@pytest.mark.slow
def test_the_docs_ray_example_gives_the_serial_results(tmp_path: Path) -> None:
    """The Ray script of docs/simulating.md, run as written (Ray starts a local
    instance, a few seconds): it prints True when Ray's results are the serial ones."""
    pytest.importorskip("ray")
    page = (Path(__file__).resolve().parent.parent / "docs" / "simulating.md").read_text()
    found = re.search(r"```python\n(# ray_tournament\.py\n.*?)```", page, flags=re.S)
    assert found is not None
    script = tmp_path / "ray_tournament.py"
    script.write_text(found.group(1))
    result = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=300, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "True"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"bots": None}, "bots are a list of bots, not None"),
        (
            {"bots": ["greedy", "best"]},
            "unknown bot 'best' (the built-in bots: advisor, expert, greedy, heuristic, learned, lookahead, random, search)",
        ),
        ({"players": 0}, "a game seats 2 to 16 players, not 0"),
        ({"players": True}, "players must be an int, not True"),
        ({"seed": -3}, "a seed is not negative, not -3"),
        ({"seed": b"7"}, "a seed must be an int, not b'7'"),
        ({"duplicate": 1}, "duplicate is True or False, not 1"),
        ({"progress": None}, "progress is True or False, not None"),
        (
            {"executor": "pool"},
            "executor is a concurrent.futures.Executor (with submit), not 'pool'",
        ),
        ({"variations": None}, "variations are a list of variation names, not None"),
    ],
)
def test_bad_tournament_arguments_are_refused(arguments: dict[str, object], message: str) -> None:
    given: dict[str, object] = {"bots": ["greedy", "random"], "games": 2, "seed": 1, **arguments}
    with pytest.raises(tt.ThreeThirteenError) as caught:
        tt.tournament(**given)  # type: ignore[arg-type]
    assert str(caught.value) == message
