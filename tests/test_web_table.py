"""The Play page's tables over HTTP: a new table, the person's view (and nothing
hidden in it), actions (illegal and malformed ones refused, the game unchanged),
"play it for me" to a game's end against the record's replay, hints in the
review's words, the record's download, the bot config file, and a slow bot's fault."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import threethirteen as tt
from tests.web_support import get_json, post_json, request, running_server
from threethirteen.review.words import hint_words
from threethirteen.web.routing import Context
from threethirteen.web.table import Table, tables
from threethirteen.web.table_bots import MoveMaker, make_seat_bot, read_bot_config


class SleepyBot:
    """A bot as a built-in bot is (``act`` and a seed), that sleeps before it plays
    (a config file names it ``tests.test_web_table:SleepyBot``)."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def act(self, view: Any, legal_actions: Any) -> Any:
        for _ in range(500):  # 5 s, in steps the watchdog's stop can interrupt
            time.sleep(0.01)
        return legal_actions[0]


class RaisingBot:
    """A bot that raises."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def act(self, view: Any, legal_actions: Any) -> Any:
        raise RuntimeError("no move today")


@pytest.fixture(scope="module")
def server() -> Iterator[Any]:
    with running_server() as running:
        yield running


def new(server: Any, **settings: Any) -> dict[str, Any]:
    body = {"players": 2, "bots": ["greedy"], "seed": 11, **settings}
    status, data = post_json(server, "/api/table/new", body)
    assert status == 200, data
    return data


def settle(server: Any, table: str, seq: int = 0, limit: float = 20.0) -> dict[str, Any]:
    """The table once the bots have stopped: the person's turn, the end, or a fault."""
    deadline = time.monotonic() + limit
    while True:
        status, data = get_json(server, f"/api/table/{table}", after=seq)
        assert status == 200, data
        seq = data["seq"]
        if data["status"] != "play" or data["your_turn"]:
            return data
        assert time.monotonic() < deadline, "the bots did not stop"


def strings(data: Any) -> Iterator[str]:
    """Every string in JSON data, keys included."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from strings(value)
    elif isinstance(data, list):
        for item in data:
            yield from strings(item)


def test_options_list_every_built_in_bot_preset_and_variation(server: Any) -> None:
    status, data = get_json(server, "/api/table/options")
    assert status == 200
    assert [bot["name"] for bot in data["bots"]] == sorted(tt.BOTS)
    assert all(bot["builtin"] for bot in data["bots"])
    assert [preset["name"] for preset in data["presets"]] == ["pagat", "wikipedia", "bga", "family"]
    assert {"jokers", "longer-game", "up-and-back"} <= {v["name"] for v in data["variations"]}
    assert data["players"] == [2, 8]
    assert data["move_time"] == 2.0


def test_a_new_table_shows_the_persons_view(server: Any) -> None:
    data = new(server, seed=5, players=3, bots=["greedy", "random"])
    game = tt.Game("pagat", players=3, seed=5)
    view = game.view(0)
    assert data["seq"] == 0
    assert data["event"] is None
    assert data["status"] == "play"
    assert data["hand"] == [str(card) for card in view.hand]
    assert data["piles"] == [[str(view.piles[0][-1])]]
    assert data["stock_size"] == view.stock_size
    assert data["to_move"] == game.to_move == 1
    assert data["your_turn"] is False
    assert data["legal"] == []
    assert [seat["name"] for seat in data["seats"]] == ["you", "greedy", "random"]
    assert [seat["cards"] for seat in data["seats"]] == [3, 3, 3]
    assert data["rules"] == {"preset": "pagat", "variations": [], "players": 3, "max_turns": None}
    assert data["round"] == 1
    assert data["rounds"] == 11
    assert data["wild"] == "3"
    assert data["sheet"] == []
    assert data["totals"] == [0, 0, 0]


def test_the_bots_move_and_the_person_gets_the_legal_actions(server: Any) -> None:
    first = new(server, seed=5)
    data = settle(server, first["table"])
    assert data["your_turn"]
    assert data["phase"] == "draw"
    steps = get_json(server, f"/api/table/{first['table']}", after=0)[1]["steps"]
    said = [step["event"]["said"] for step in steps]
    # the greedy bot's first turn, seat 1 (the same seed's bot played locally)
    game = tt.Game("pagat", players=2, seed=5)
    bot = tt.make_bot("greedy", seed=6)
    for _ in range(2):
        game.apply(bot.act(game.view(1), game.legal_actions()))
    assert len(said) == 2
    assert said[0].startswith("greedy ")
    assert data["hand"] == [str(card) for card in game.view(0).hand]
    assert data["legal"] == [str(action) for action in game.legal_actions()]
    assert data["actions"]["draw_stock"] == "draw stock"
    assert data["actions"]["draw_pile"] == {"0": "draw discard"}
    assert data["seats"][1]["discarded"] == [str(game.view(0).piles[0][-1])]


def test_the_view_holds_no_hidden_card() -> None:
    """Two tables whose deals differ only in the opponent's hand (swapped with the
    stock's bottom cards) show the person the same JSON; and no card of the
    opponent's hand is in it."""
    deal = tt.Game("pagat", players=2, seed=21).round_record()["deal"]
    hands, upcard, stock = deal["hands"], deal["upcard"], deal["stock"]
    other = stock[-3:]
    swapped = [hands[0], other]
    stock_b = stock[:-3] + hands[1]
    states = []
    for dealt_hands, dealt_stock in ((hands, stock), (swapped, stock_b)):
        game = tt.Game.dealt("pagat", players=2)
        game.deal(dealt_hands, upcard, dealt_stock)
        table = Table(game, ["you", "greedy"], {1: make_seat_bot("greedy", 1)}, 2.0)
        states.append(table.state())
        seen = set(strings(table.state()))
        assert not seen & set(dealt_hands[1]), dealt_hands[1]
    assert states[0] == states[1]
    assert set(hands[1]) != set(other)


def test_a_played_game_never_shows_the_opponents_hidden_cards(server: Any) -> None:
    data = new(server, seed=8, max_turns=6)
    table = data["table"]
    for _ in range(6):
        data = settle(server, table, data["seq"])
        if data["status"] != "play":
            break
        game = tables(server.context).get(table).game  # the server's own game
        hidden = {str(card) for card in game.hand(1)} - set(data["seats"][1]["holds"])
        steps = get_json(server, f"/api/table/{table}", after=0)[1]
        assert not hidden & set(strings(steps)), hidden
        status, data = post_json(server, f"/api/table/{table}/auto", {})
        assert status == 200, data


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"action": "discard 9x"}, "unknown suit 'x'"),
        ({"action": "fly away"}, "fly away"),
        ({"action": "discard 9s"}, "illegal action 'discard 9s'"),
        ({"action": 7}, "an action must be a string, not 7"),
        ({"action": "x" * 5000}, "at most 2000 characters, not 5000"),
        ({"act": "draw stock"}, 'the body must be {"action": "..."}'),
        ([1, 2], 'the body must be {"action": "..."}'),
    ],
)
def test_bad_actions_are_refused_and_change_nothing(server: Any, body: Any, message: str) -> None:
    data = new(server, seed=5)
    before = settle(server, data["table"])
    status, answer = post_json(server, f"/api/table/{data['table']}/act", body)
    assert status == 400, answer
    assert message in answer["error"]
    after = get_json(server, f"/api/table/{data['table']}")[1]
    assert after == before | {"steps": []}


def test_an_action_not_in_turn_is_refused(server: Any) -> None:
    data = new(server, seed=5)
    table = settle(server, data["table"])
    status, _ = post_json(server, f"/api/table/{data['table']}/act", {"action": "draw stock"})
    assert status == 200
    status, answer = post_json(server, f"/api/table/{data['table']}/act", {"action": "draw stock"})
    assert status == 400
    assert "illegal action 'draw stock'" in answer["error"]
    assert table["table"] == data["table"]


def test_a_body_that_is_not_json_is_400(server: Any) -> None:
    data = new(server)
    status, _, body = request(
        server,
        "POST",
        f"/api/table/{data['table']}/act",
        b"{not json",
        {"X-TT-Token": server.token, "Content-Type": "application/json"},
    )
    assert status == 400
    assert b"must be JSON" in body


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"players": 9}, "a new table: players: expected an integer from 2 to 8, not 9"),
        ({"players": "2"}, "players: expected an integer, not '2'"),
        ({"bots": ["greedy", "greedy"]}, "2 players need 1 bots (or one for all), not 2"),
        ({"bots": ["best"]}, "unknown bot 'best': choose one of advisor"),
        ({"rules": "poker"}, "unknown preset 'poker'"),
        ({"rules": "bga", "players": 6, "bots": ["greedy"]}, "6"),
        ({"variations": ["fast"]}, "unknown variation 'fast'"),
        ({"seed": -1}, "seed: expected an integer from 0 to"),
        ({"move_time": 0}, "move_time: expected a number above 0"),
        ({"move_time": 1000}, "move_time"),
        ({"colour": "red"}, "unexpected field 'colour'"),
    ],
)
def test_bad_settings_are_400(server: Any, settings: dict[str, Any], message: str) -> None:
    body = {"players": 2, "bots": ["greedy"], **settings}
    status, answer = post_json(server, "/api/table/new", body)
    assert status == 400, answer
    assert message in answer["error"]


def test_an_unknown_table_is_404(server: Any) -> None:
    status, answer = get_json(server, "/api/table/nosuchtable")
    assert status == 404
    assert answer["error"] == "no such session: it ended or expired"
    status, answer = post_json(server, "/api/table/nosuchtable/act", {"action": "draw stock"})
    assert status == 404
    data = new(server)
    assert get_json(server, f"/api/table/{data['table']}/nothing")[0] == 404
    assert get_json(server, f"/api/table/{data['table']}", after="x")[0] == 400


def test_a_post_without_the_token_is_403(server: Any) -> None:
    status, _ = post_json(server, "/api/table/new", {"players": 2}, token=False)
    assert status == 403


def test_play_it_for_me_plays_a_whole_game_as_the_record_replays(server: Any) -> None:
    data = new(server, seed=3, max_turns=4, bots=["advisor"])
    table = data["table"]
    played = 0
    while True:
        data = settle(server, table, data["seq"])
        if data["status"] != "play":
            break
        status, answer = post_json(server, f"/api/table/{table}/auto", {})
        assert status == 200, answer
        assert answer["played"] in answer["steps"][0]["event"]["action"]
        played += 1
        data = answer
    assert data["status"] == "over"
    assert played >= 11
    status, record = get_json(server, f"/api/table/{table}/record")
    replay = tt.Game.from_record(record)
    assert replay.is_over
    sheet = [row["scores"] for row in data["sheet"] if not row["void"]]
    assert sheet == [list(scores) for scores in replay.round_scores]
    assert data["totals"] == list(replay.totals)
    assert data["winners"] == list(replay.winners)
    assert [row["number"] for row in data["sheet"]] == list(range(1, 12))
    assert record["names"] == ["you", "advisor"]
    # the game is over: no more moves
    status, answer = post_json(server, f"/api/table/{table}/auto", {})
    assert status == 409
    assert answer["error"] == "the game is over"


def test_the_hint_is_the_reviews_words(server: Any) -> None:
    data = new(server, seed=5)
    table = data["table"]
    data = settle(server, table)
    status, answer = get_json(server, f"/api/table/{table}/hint")
    assert status == 200
    game = tables(server.context).get(table).game  # the server's own game
    expected = hint_words(game.view(0), game.legal_actions())
    assert answer["hint"] == expected
    assert answer["hint"].startswith(("Draw from the stock", "Take"))


def play_into_round_two(server: Any, table: str) -> dict[str, Any]:
    """The table once the person is to move in round 2 (every move "played for me")."""
    data = settle(server, table)
    while data["round"] < 2:
        status, answer = post_json(server, f"/api/table/{table}/auto", {})
        assert status == 200, answer
        data = settle(server, table, answer["seq"])
    return data


def test_the_record_is_a_download_of_the_rounds_played_so_far(server: Any) -> None:
    data = new(server, seed=5, max_turns=3)
    table = data["table"]
    assert data["seed"] == 5  # the person chose it
    data = play_into_round_two(server, table)
    status, headers, body = request(server, "GET", f"/api/table/{table}/record")
    assert status == 200
    assert headers["content-disposition"] == 'attachment; filename="threethirteen-game-5.json"'
    record = json.loads(body)
    assert [entry["number"] for entry in record["rounds"]] == [1]  # not the round in play
    assert record["seed"] == 5
    game = tt.Game.from_record(record)
    assert [list(scores) for scores in game.round_scores] == [data["sheet"][0]["scores"]]
    assert record["names"] == ["you", "greedy"]


def test_a_seed_the_server_drew_stays_hidden_while_the_game_is_played(server: Any) -> None:
    data = new(server, seed=None, max_turns=3)
    table = data["table"]
    assert data["seed"] is None
    data = play_into_round_two(server, table)
    assert data["seed"] is None
    status, headers, body = request(server, "GET", f"/api/table/{table}/record")
    assert headers["content-disposition"] == 'attachment; filename="threethirteen-game.json"'
    record = json.loads(body)
    assert record["seed"] is None
    assert [entry["number"] for entry in record["rounds"]] == [1]
    tt.Game.from_record(record)  # a seedless record of the rounds played
    while data["status"] == "play":
        status, answer = post_json(server, f"/api/table/{table}/auto", {})
        assert status == 200, answer
        data = settle(server, table, answer["seq"])
    assert isinstance(data["seed"], int)  # the game is over: nothing left to hide
    record = get_json(server, f"/api/table/{table}/record")[1]
    assert record["seed"] == data["seed"]
    assert len(record["rounds"]) == 11


def test_the_long_poll_waits_for_the_bots_move() -> None:
    context = Context(files={})
    game = tt.Game("pagat", players=2, seed=5)  # seat 1 moves first
    table = Table(game, ["you", "greedy"], {1: make_seat_bot("greedy", 6)}, 2.0)
    key = tables(context).create(table)
    assert tables(context).get(key) is table
    assert table.needs_bots()
    assert not table.needs_bots()
    started = time.monotonic()
    table.drive()
    assert time.monotonic() - started < 2.0
    answer = table.state(0)
    assert [step["seq"] for step in answer["steps"]] == [1, 2]
    assert answer["your_turn"]
    assert answer["steps"][-1]["seq"] == answer["seq"] == 2
    assert table.state(2, wait=1.0)["steps"] == []  # nobody thinks: no wait


def test_the_bot_config_names_python_bots_and_commands(tmp_path: Path) -> None:
    path = tmp_path / "bots.json"
    path.write_text(
        json.dumps({"sleepy": "tests.test_web_table:SleepyBot", "cmd": "python3 -u bot.py"})
    )
    specs = read_bot_config(path)
    sleepy = specs["sleepy"]  # served in a process of its own: none of its code runs here
    assert isinstance(sleepy, tt.ProcessBot)
    assert sleepy.argv == [
        sys.executable,
        "-m",
        "threethirteen",
        "bot",
        "tests.test_web_table:SleepyBot",
    ]
    assert sleepy.name == "tests.test_web_table:SleepyBot"
    assert isinstance(specs["cmd"], tt.ProcessBot)
    assert specs["cmd"].argv == [
        "python3",
        "-u",
        "bot.py",
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[1]", "must be an object of names and bots, not [1]"),
        ("{", "not JSON"),
        ('{"greedy": "random"}', "'greedy' is a built-in bot's name"),
        ('{"a<b>": "random"}', "a bot's name must be 1 to 40 letters"),
        ('{"x": "best"}', "the bot 'x': unknown bot 'best'"),
        ('{"x": "nosuchmodule:Bot"}', "the bot 'x': cannot import 'nosuchmodule'"),
    ],
)
def test_a_bad_bot_config_is_a_clear_400(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bots.json"
    path.write_text(text)
    with running_server(bot_config=path) as running:
        status, answer = get_json(running, "/api/table/options")
        assert status == 400
        assert answer["error"].startswith(f"bot config {str(path)!r}: ")
        assert message in answer["error"]
        status, answer = post_json(running, "/api/table/new", {"players": 2})
        assert status == 400
        assert message in answer["error"]


def test_a_missing_bot_config_is_a_clear_400(tmp_path: Path) -> None:
    with running_server(bot_config=tmp_path / "none.json") as running:
        status, answer = get_json(running, "/api/table/options")
    assert status == 400
    assert "cannot be read: No such file or directory" in answer["error"]


def test_a_slow_bot_is_a_fault_and_the_server_still_answers(tmp_path: Path) -> None:
    path = tmp_path / "bots.json"
    path.write_text(json.dumps({"sleepy": "tests.test_web_table:SleepyBot"}))
    with running_server(bot_config=path) as running:
        options = get_json(running, "/api/table/options")[1]
        assert {"name": "sleepy", "builtin": False} in options["bots"]
        started = time.monotonic()
        data = new(running, seed=5, bots=["sleepy"], move_time=0.3)  # seat 1 moves first
        answered = time.monotonic() - started
        assert answered < 0.3  # the request never waits for the bot
        while data["status"] == "play":
            assert get_json(running, "/api/table/options")[0] == 200  # still answers
            data = get_json(running, f"/api/table/{data['table']}", after=data["seq"])[1]
        took = time.monotonic() - started
        assert data["status"] == "fault"
        assert data["fault"] == (
            "bot 'sleepy' in seat 1, round 1, turn 1: took too long to choose"
            " (bot 'tests.test_web_table:SleepyBot' did not answer within 0.3 s)"
        )
        # the first move may take the process's start-up too (ProcessBot's
        # startup_time, 10 s by default) before its 0.3 s
        assert 0.3 <= took < 10.0 + 0.3 + 1.0
        bot = tables(running.context).get(data["table"]).bots[1]
        assert isinstance(bot, tt.ProcessBot)
        assert bot.pid is None  # stopped, and its process killed
        status, answer = post_json(
            running, f"/api/table/{data['table']}/act", {"action": "draw stock"}
        )
        assert status == 409
        assert answer["error"].startswith("the game stopped: bot 'sleepy'")
        record = get_json(running, f"/api/table/{data['table']}/record")[1]
        assert tt.Game.from_record(record).turns == 0


def test_a_raising_bot_is_a_fault() -> None:
    game = tt.Game("pagat", players=2, seed=5)
    table = Table(game, ["you", "raiser"], {1: RaisingBot()}, 1.0)
    assert table.needs_bots()
    table.drive()
    state = table.state()
    assert state["status"] == "fault"
    assert state["fault"] == (
        "bot 'raiser' in seat 1, round 1, turn 1: raised RuntimeError: no move today"
    )


def test_the_move_maker_refuses_an_illegal_choice() -> None:
    game = tt.Game("pagat", players=2, seed=5)
    maker = MoveMaker(1.0)
    try:
        with pytest.raises(Exception, match="chose 'discard 9s', which is not legal"):
            maker.choose(
                game, "cheat", tt.as_bot(lambda view, legal: tt.Action.parse("discard 9s"))
            )
    finally:
        maker.close()


def test_family_rules_lay_melds_on_the_table(server: Any) -> None:
    data = new(server, seed=2, players=3, rules="family")
    table = data["table"]
    for _ in range(60):
        data = settle(server, table, data["seq"])
        assert data["status"] == "play"
        if data["actions"]["lay"]:
            break
        data = post_json(server, f"/api/table/{table}/auto", {})[1]
    lay = data["actions"]["lay"][0]
    assert lay == "meld 6c 6d 3h=6h"
    assert lay in data["legal"]
    status, answer = post_json(server, f"/api/table/{table}/act", {"action": lay})
    assert status == 200
    assert answer["table_melds"] == [{"owner": 0, "cards": ["6c", "6d", "3h=6h"]}]
    assert answer["steps"][-1]["event"]["said"] == "you laid 6c 6d 3h=6h"
    assert sorted(answer["hand"] + ["6c", "6d", "3h"]) == sorted(data["hand"])


def test_eight_seats(server: Any) -> None:
    data = new(server, seed=1, players=8, rules="family", bots=["random"])
    assert [seat["name"] for seat in data["seats"]] == ["you"] + ["random"] * 7
    data = settle(server, data["table"])
    assert data["your_turn"]
    assert [seat["cards"] for seat in data["seats"]] == [3] * 8


@pytest.mark.parametrize(
    "body",
    [b"[" * 100_000, b'{"players": ' + b"9" * 5000 + b"}", b'{"players": [[[]]]}', b"\xff\xfe"],
)
def test_hostile_bodies_are_4xx_never_500(server: Any, body: bytes) -> None:
    headers = {"X-TT-Token": server.token, "Content-Type": "application/json"}
    status, _, answer = request(server, "POST", "/api/table/new", body, headers)
    assert 400 <= status < 500, answer
    assert json.loads(answer)["error"]
    table = new(server)["table"]
    status, _, answer = request(server, "POST", f"/api/table/{table}/act", body, headers)
    assert 400 <= status < 500, answer
