"""``threethirteen serve``'s answers, timed over HTTP on one keep-alive connection
from this process to a server on loopback (the issue's bounds: the advisor's move
for the person, "play it for me", answered within 50 ms; a bot's move seen by the
page within its ``move_time`` plus 100 ms).

- ``advisor move``: ``POST /api/table/<id>/auto`` on a fresh position each round
  (a new seeded table, its bots settled), the answer's whole round trip.
- ``bot move seen``: the person plays (``auto``); the time until the long poll
  ``GET /api/table/<id>?after=N`` returns the bot's step, for the lookahead bot at
  its default ``move_time`` (2 s).
- ``check``: ``GET /api/check`` of distinct 7-card hands.

Each records its median and largest time in ``extra_info``.
"""

from __future__ import annotations

import http.client
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from threethirteen.web.server import RunningServer, start_server


class Client:
    """One keep-alive connection to the server."""

    def __init__(self, server: RunningServer) -> None:
        self.server = server
        self.connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)

    def call(self, method: str, path: str, data: Any = None) -> Any:
        body = None if data is None else json.dumps(data).encode()
        headers = {"Host": f"127.0.0.1:{self.server.port}"}
        if method == "POST":
            headers |= {"X-TT-Token": self.server.token, "Content-Type": "application/json"}
            body = body or b"{}"
        self.connection.request(method, path, body=body, headers=headers)
        answer = self.connection.getresponse()
        payload = json.loads(answer.read())
        assert answer.status == 200, payload
        return payload

    def settle(self, table: str, seq: int = 0) -> dict[str, Any]:
        """The table once the bots stopped: the person's turn or the end."""
        while True:
            data = self.call("GET", f"/api/table/{table}?after={seq}")
            seq = data["seq"]
            if data["status"] != "play" or data["your_turn"]:
                return data


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    server = start_server()
    client = Client(server)
    try:
        yield client
    finally:
        client.connection.close()
        server.close()


def _record(benchmark: Any, name: str) -> None:
    if benchmark.stats is not None:
        stats = benchmark.stats.stats
        benchmark.extra_info[f"{name}_median_ms"] = round(stats.median * 1e3, 2)
        benchmark.extra_info[f"{name}_max_ms"] = round(stats.max * 1e3, 2)


def test_advisor_move(benchmark: Any, client: Client) -> None:
    benchmark.group = "serve: the page's answers"
    seeds = iter(range(1000, 10**6))

    def fresh() -> tuple[tuple[str], dict[str, Any]]:
        data = client.call(
            "POST", "/api/table/new", {"players": 2, "bots": ["greedy"], "seed": next(seeds)}
        )
        client.settle(data["table"])
        return (data["table"],), {}

    answer = benchmark.pedantic(
        lambda table: client.call("POST", f"/api/table/{table}/auto"), setup=fresh, rounds=30
    )
    assert answer["played"]
    _record(benchmark, "advisor_move")


def test_bot_move_seen(benchmark: Any, client: Client) -> None:
    benchmark.group = "serve: the page's answers"
    seeds = iter(range(2000, 10**6))
    state: dict[str, Any] = {}

    def fresh() -> tuple[tuple[str], dict[str, Any]]:
        data = client.call(
            "POST", "/api/table/new", {"players": 2, "bots": ["lookahead"], "seed": next(seeds)}
        )
        data = client.settle(data["table"])
        while data["phase"] == "draw":  # the person draws: the next move ends the turn
            data = client.call("POST", f"/api/table/{data['table']}/auto")
            data = client.settle(data["table"], data["seq"])
        state["move_time"] = data["move_time"]
        return (data["table"],), {}

    def play_and_see(table: str) -> dict[str, Any]:
        mine = client.call("POST", f"/api/table/{table}/auto")
        seq = mine["seq"]
        while True:  # the long poll returns when the bot's first step lands
            data = client.call("GET", f"/api/table/{table}?after={seq}")
            if data["steps"] or data["status"] != "play" or data["your_turn"]:
                return data
            seq = data["seq"]

    data = benchmark.pedantic(play_and_see, setup=fresh, rounds=20)
    assert data["steps"], data["event"]  # the bot's step, not the person's turn again
    assert state["move_time"] == 2.0
    _record(benchmark, "bot_move_seen")


def test_check(benchmark: Any, client: Client) -> None:
    benchmark.group = "serve: the page's answers"
    rng = random.Random(7)
    ranks = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    deck = [f"{rank}{suit}" for rank in ranks for suit in "shdc"]
    hands = iter([" ".join(rng.sample(deck, 7)) for _ in range(2000)])

    def fresh() -> tuple[tuple[str], dict[str, Any]]:
        return (next(hands).replace(" ", "+"),), {}

    answer = benchmark.pedantic(
        lambda hand: client.call("GET", f"/api/check?hand={hand}&round=4"), setup=fresh, rounds=50
    )
    assert answer["score"] >= 0
    _record(benchmark, "check")
