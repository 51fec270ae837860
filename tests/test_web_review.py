"""The review page's routes over HTTP (threethirteen.web.review_pages): a game's
steps against a reference replay that tracks the cards by hand, the stored analysis
answered without a job, review jobs that match ``tt.review``, and the errors."""

from __future__ import annotations

import copy
import json
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import threethirteen as tt
from tests.web_support import get_json, post_json, running_server
from threethirteen.engine.records import with_analysis
from threethirteen.review.reviewer import from_analysis
from threethirteen.web.review_pages import game_steps


def _write(folder: Path, name: str, record: Any) -> Path:
    path = folder / name
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def _json(value: Any) -> Any:
    """``value`` as the JSON the server sends reads back (tuples as lists)."""
    return json.loads(json.dumps(value))


def _wait(server: Any, job: dict[str, Any], seconds: float = 60.0) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while job["status"] == "running":
        assert time.monotonic() < deadline, f"the job did not end: {job}"
        time.sleep(0.05)
        status, job = get_json(server, f"/api/review/job/{job['job']}")
        assert status == 200, job
    return job


@pytest.fixture(scope="module")
def played() -> dict[str, Any]:
    """A seeded game of the advisor against the random bot: costly decisions aplenty."""
    game = tt.play(["advisor", "random"], seed=4)
    return {**game.to_record(), "names": ["advisor", "random"]}


# -- the reference: the cards followed by hand ---------------------------------------------


def _reference_states(record: dict[str, Any]) -> list[dict[str, Any]]:
    """Each step's hands (as multisets), pile top, stock size and totals, worked out
    by moving the cards the record names: a stock draw takes the stock's top, a pile
    draw the pile's top, a discard puts the card on the pile, going out lays the rest
    of the hand down, a reshuffle makes the entry's cards the stock. (Pagat's rules,
    one pile, no table play: what the game below plays.)"""
    states = []
    totals = [0] * record["rules"]["players"]
    for data in record["rounds"]:
        deal = data["deal"]
        hands = [Counter(hand) for hand in deal["hands"]]
        pile = [deal["upcard"]]
        stock = list(deal["stock"])
        states.append(_snapshot(hands, pile, stock, totals, None))
        actions = data["actions"]
        for position, entry in enumerate(actions):
            if entry.get("type") == "reshuffle":
                stock, pile = list(entry["stock"]), pile[-1:]
            elif entry["type"] == "draw":
                source = stock if entry["source"] == "stock" else pile
                card = source.pop(0 if source is stock else -1)
                hands[entry["player"]][card] += 1
            else:
                hand = hands[entry["player"]]
                hand[entry["card"]] -= 1
                pile.append(entry["card"])
                if entry["go_out"]:
                    hand.clear()
            scores = data["scores"] if position == len(actions) - 1 else None
            if scores is not None and not data["void"]:
                totals = [total + score for total, score in zip(totals, scores, strict=True)]
            states.append(_snapshot(hands, pile, stock, totals, scores))
    return states


def _snapshot(
    hands: list[Counter[str]], pile: list[str], stock: list[str], totals: list[int], scores: Any
) -> dict[str, Any]:
    return {
        "hands": [+hand for hand in hands],
        "pile": pile[-1] if pile else None,
        "stock": len(stock),
        "totals": list(totals),
        "scores": scores,
    }


def test_steps_equal_a_replay_by_hand(tmp_path: Path, played: dict[str, Any]) -> None:
    with running_server([_write(tmp_path, "game.json", played)]) as server:
        status, answer = get_json(server, "/api/review/game", file="game.json", game=0)
    assert status == 200, answer
    steps = answer["steps"]
    reference = _reference_states(played)
    entries = sum(len(data["actions"]) for data in played["rounds"])
    assert len(steps) == len(reference) == len(played["rounds"]) + entries == 401
    for number, (step, want) in enumerate(zip(steps, reference, strict=True)):
        where = f"step {number}: {step['kind']} {step['action']}"
        assert [Counter(hand) for hand in step["hands"]] == want["hands"], where
        assert step["piles"] == [want["pile"]], where
        assert step["stock"] == want["stock"], where
        assert step["totals"] == want["totals"], where
        assert (step["round_end"] or {}).get("scores") == want["scores"], where
    ends = [step for step in steps if step["round_end"]]
    assert [step["round_end"]["scores"] for step in ends] == [
        data["scores"] for data in played["rounds"]
    ]
    assert steps[-1]["totals"] == [28, 335] == answer["totals"]
    assert answer["names"] == ["advisor", "random"]
    assert answer["analysis"] is None
    assert answer["games"][0]["record"] is True
    first = steps[1]
    assert (first["round"], first["index"], first["player"], first["action"]) == (
        0,
        0,
        1,
        "draw discard",
    )


def test_steps_of_a_seedless_record_with_reshuffles() -> None:
    game = tt.play(["random", "random"], seed=4, max_turns=200)
    record = game.to_record()
    assert any(e.get("type") == "reshuffle" for d in record["rounds"] for e in d["actions"])
    seeded = game_steps(record)
    unseeded = game_steps({**record, "seed": None})
    assert seeded == unseeded
    reference = _reference_states(record)
    assert [[Counter(hand) for hand in step["hands"]] for step in seeded] == [
        state["hands"] for state in reference
    ]
    assert [step["stock"] for step in seeded] == [state["stock"] for state in reference]
    kinds = Counter(step["kind"] for step in seeded)
    assert kinds["reshuffle"] >= 1
    assert kinds["deal"] == len(record["rounds"])


def test_table_melds_of_a_going_out() -> None:
    game = tt.Game("pagat", players=2, seed=7)
    for text in ["draw discard", "discard 2d out", "draw stock", "discard Kh"]:
        game.apply(text)
    steps = game_steps(game.to_record())
    assert [step["action"] for step in steps[:5]] == [
        None,
        "draw discard",
        "discard 2d out [7c 8c 3d=9c]",
        "draw stock",
        "discard Kh",
    ]
    assert steps[2]["table"] == [{"owner": 1, "cards": ["7c", "8c", "3d=9c"]}]
    assert steps[2]["hands"][1] == []
    assert steps[4]["round_end"] == {"end": "out", "void": False, "scores": [22, 0]}
    assert steps[5]["kind"] == "deal"
    assert steps[5]["number"] == 2
    assert steps[5]["hands"] == [["6c", "3h", "Kh", "Js"], ["2d", "9d", "Qd", "7h"]]


@pytest.mark.parametrize(
    ("preset", "variations"),
    [
        ("wikipedia", ["separate-discards"]),
        ("bga", ["double-naughts"]),
        ("family", []),
    ],
)
def test_steps_under_other_rules(preset: str, variations: list[str]) -> None:
    game = tt.play(
        ["greedy", "heuristic", "random"],
        rules=preset,
        variations=variations,
        seed=3,
        max_turns=300,
    )
    record = game.to_record()
    steps = game_steps(record)
    rounds = record["rounds"]
    assert [step["number"] for step in steps if step["kind"] == "deal"] == [
        data["number"] for data in rounds
    ]
    ends = [step["round_end"] for step in steps if step["round_end"]]
    assert [(end["scores"], end["void"]) for end in ends] == [
        (data["scores"], data["void"]) for data in rounds
    ]
    assert steps[-1]["totals"] == list(game.totals)
    assert steps[-1]["hands"] == [
        sorted((str(card) for card in game.hand(seat)), key=lambda code: tt.parse_card(code).code)
        for seat in range(3)
    ]
    assert {len(step["piles"]) for step in steps} == {
        3 if variations == ["separate-discards"] else 1
    }
    actions = [step["action"] for step in steps if step["kind"] == "action"]
    assert actions == [
        str(tt.Action.from_dict(entry))
        for data in rounds
        for entry in data["actions"]
        if entry.get("type") != "reshuffle"
    ]
    if variations == ["double-naughts"]:
        assert sum(end["void"] for end in ends) == 1


# -- reviews -------------------------------------------------------------------------------


def test_stored_analysis_is_answered_without_a_job(tmp_path: Path) -> None:
    game = tt.play(["greedy", "random"], seed=1, max_turns=50)
    found = tt.review(game, level="quick")
    record = with_analysis(game.to_record(), found.to_analysis())
    with running_server([_write(tmp_path, "reviewed.json", record)]) as server:
        status, answer = get_json(server, "/api/review/game", file="reviewed.json", game=0)
        jobs = server.context.state.get("review")
    assert status == 200, answer
    assert answer["analysis"] == _json(from_analysis(record).to_dict())
    assert answer["analysis"]["decisions"] == _json(found.to_dict()["decisions"])
    assert jobs is None  # no review job was made


def test_quick_job_matches_the_library(tmp_path: Path, played: dict[str, Any]) -> None:
    expected = _json(tt.review(played, level="quick").to_dict())
    with running_server([_write(tmp_path, "game.json", played)]) as server:
        status, job = post_json(server, "/api/review/start", {"file": "game.json", "game": 0})
        assert status == 200, job
        assert job["level"] == "quick"
        assert job["total"] == 390
        done = _wait(server, job)
        again_status, again = post_json(
            server, "/api/review/start", {"file": "game.json", "game": 0, "level": "quick"}
        )
    assert done["status"] == "done"
    assert done["done"] == done["total"] == 390
    review = done["review"]
    assert len(review["decisions"]) == len(expected["decisions"]) == 390
    for mine, theirs in zip(review["decisions"], expected["decisions"], strict=True):
        assert mine == theirs
    assert review["summaries"] == expected["summaries"]
    assert again_status == 200
    assert again["job"] == job["job"]
    blunders = [d for d in review["decisions"] if d["label"] == "blunder"]
    assert len(blunders) == 24


def test_full_job_matches_the_library_and_runs_one_at_a_time(tmp_path: Path) -> None:
    small = tt.play(["greedy", "random"], seed=2, max_turns=6).to_record()
    expected = _json(tt.review(small, level="full", deals=4, seed=3).to_dict())
    long_game = tt.play(["advisor", "random"], seed=4).to_record()
    files = [_write(tmp_path, "small.json", small), _write(tmp_path, "long.json", long_game)]
    with running_server(files) as server:
        status, job = post_json(
            server,
            "/api/review/start",
            {"file": "small.json", "game": 0, "level": "full", "deals": 4, "seed": 3},
        )
        assert status == 200, job
        done = _wait(server, job)
        assert done["status"] == "done"
        assert done["review"] == expected
        status, slow = post_json(
            server, "/api/review/start", {"file": "long.json", "level": "full", "deals": 200}
        )
        assert status == 200, slow
        assert slow["status"] == "running"
        status, refused = post_json(
            server, "/api/review/start", {"file": "small.json", "level": "full", "deals": 5}
        )
        cancel_status, cancelled = post_json(server, "/api/review/cancel", {"job": slow["job"]})
        ended = _wait(server, cancelled)
    assert status == 409
    assert refused["error"].startswith("a full review is running already (")
    assert refused["error"].endswith("decisions): wait for it to end, or cancel it")
    assert cancel_status == 200
    assert ended["status"] == "cancelled"
    assert ended["review"] is None
    assert ended["error"] == "the review was cancelled"
    assert ended["done"] < ended["total"] == 390


# -- errors --------------------------------------------------------------------------------


def test_bad_files_and_games(tmp_path: Path, played: dict[str, Any]) -> None:
    with running_server([_write(tmp_path, "game.json", played)]) as server:
        answers = {
            "no file": get_json(server, "/api/review/game", file="other.json", game=0),
            "far game": get_json(server, "/api/review/game", file="game.json", game=3),
            "word game": get_json(server, "/api/review/game", file="game.json", game="first"),
            "negative": get_json(server, "/api/review/game", file="game.json", game=-1),
            "no param": get_json(server, "/api/review/game", game=0),
            "no job": get_json(server, "/api/review/job/nothing"),
            "level": post_json(server, "/api/review/start", {"file": "game.json", "level": "slow"}),
            "deals": post_json(
                server, "/api/review/start", {"file": "game.json", "level": "full", "deals": 0}
            ),
            "quick deals": post_json(
                server, "/api/review/start", {"file": "game.json", "deals": 8}
            ),
            "field": post_json(server, "/api/review/start", {"file": "game.json", "player": 1}),
            "body": post_json(server, "/api/review/start", ["game.json"]),
            "token": post_json(server, "/api/review/start", {"file": "game.json"}, token=False),
        }
    assert answers["no file"] == (
        404,
        {
            "error": "no file named 'other.json': it was not named on the command line or"
            " uploaded (an upload ends after an hour unused)"
        },
    )
    assert answers["far game"] == (404, {"error": "no game 3 in 'game.json': it holds one game, 0"})
    assert answers["word game"] == (400, {"error": "the game must be an int, not 'first'"})
    assert answers["negative"] == (400, {"error": "the game must be at least 0, not -1"})
    assert answers["no param"] == (400, {"error": "the parameter 'file' is missing"})
    assert answers["no job"] == (
        404,
        {"error": "no review job 'nothing': it ended or expired (start the review again)"},
    )
    assert answers["level"] == (
        400,
        {"error": "the level must be 'quick' or 'full', not 'slow'"},
    )
    assert answers["deals"] == (400, {"error": "deals must be from 1 to 1000, not 0"})
    assert answers["quick deals"] == (400, {"error": "deals is for a full review, not a quick one"})
    assert answers["field"] == (400, {"error": "a review's request has no field 'player'"})
    assert answers["body"] == (400, {"error": "a review's request is an object, not ['game.json']"})
    assert answers["token"][0] == 403


def test_a_games_file(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    tt.tournament(
        ["greedy", "random"], games=4, seed=5, records=True, max_turns=40, save_games=path
    )
    lines = path.read_text(encoding="utf-8").splitlines()
    unkept = json.loads(lines[1])
    assert unkept["index"] == 1
    lines[1] = json.dumps({**unkept, "record": None})
    path.write_text("\n".join(reversed(lines)) + "\n", encoding="utf-8")  # (any order)
    line = json.loads(lines[3])
    assert line["index"] == 3
    with running_server([path]) as server:
        status, answer = get_json(server, "/api/review/game", file="games.jsonl", game=3)
        far = get_json(server, "/api/review/game", file="games.jsonl", game=4)
        without = get_json(server, "/api/review/game", file="games.jsonl", game=1)
    assert status == 200, answer
    assert answer["game"] == 3
    assert [(game["index"], game["record"]) for game in answer["games"]] == [
        (3, True),
        (2, True),
        (1, False),
        (0, True),
    ]
    assert without == (
        404,
        {"error": "game 1 of 'games.jsonl' was kept without its record: no review"},
    )
    assert answer["names"] == line["bots"]
    record = line["record"]
    assert answer["steps"] == _json(game_steps(record))
    assert far == (404, {"error": "no game 4 in 'games.jsonl': its games are numbered 0 to 3"})


def test_hostile_records_get_the_library_message(tmp_path: Path, played: dict[str, Any]) -> None:
    wrong = copy.deepcopy(played)
    wrong["rounds"][0]["scores"] = [20, 0]
    try:
        tt.Game.from_record(wrong)
    except tt.InvalidRecordError as error:
        reason = str(error)
    assert reason == "round record 0 (round 1): the record's scores is [20, 0], the game's [0, 22]"
    bad_analysis = {
        **copy.deepcopy(played),
        "version": 2,
        "analysis": {
            "level": "quick",
            "deals": 0,
            "seed": 0,
            "policy": "lookahead",
            "decisions": [
                {
                    "round": 0,
                    "index": 999,
                    "player": 0,
                    "candidates": [{"action": "draw stock", "value": 0.0, "error": 0.0}],
                    "best": "draw stock",
                    "loss": 0.0,
                    "error": 0.0,
                    "label": None,
                    "words": "",
                }
            ],
        },
    }
    files = [
        _write(tmp_path, "wrong.json", wrong),
        _write(tmp_path, "analysis.json", bad_analysis),
        _write(tmp_path, "list.json", [1, 2]),
    ]
    (tmp_path / "junk.json").write_bytes(b"\xff{not json")
    files.append(tmp_path / "junk.json")
    with running_server(files) as server:
        answers = {
            name: get_json(server, "/api/review/game", file=name, game=0)
            for name in ("wrong.json", "analysis.json", "list.json", "junk.json")
        }
        started = post_json(server, "/api/review/start", {"file": "wrong.json", "game": 0})
    assert answers["wrong.json"] == (400, {"error": f"'wrong.json': {reason}"})
    assert started == (400, {"error": f"'wrong.json': {reason}"})
    assert answers["analysis.json"] == (
        400,
        {
            "error": "'analysis.json': analysis.decisions[0]: the record has no action 999 in"
            " round record 0"
        },
    )
    assert answers["list.json"] == (
        400,
        {"error": "'list.json': a game record is a JSON object, not list"},
    )
    assert answers["junk.json"] == (400, {"error": "'junk.json': not UTF-8 text"})
