"""The review page in a real browser (threethirteen.web.review_pages and
static/review.js): stepping with the keyboard, the costly decisions, one player's
view, the curve, accessibility, and a hostile record whose text must stay text."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

import threethirteen as tt
from tests.web_support import browser_page, running_server, screenshot  # noqa: F401
from threethirteen.engine.records import with_analysis
from threethirteen.web.review_pages import game_steps

pytestmark = pytest.mark.browser

SCRIPT_NAME = "<script>window.__pwned=1</script>"
IMAGE_NAME = '<img src=x onerror="window.__pwned=2">'
RULES_NAME = '<img src=x onerror="window.__pwned=3">'
WORDS = '<script>window.__pwned=4</script><img src=x onerror="window.__pwned=5"> words'


@pytest.fixture(scope="module")
def reviewed() -> dict[str, Any]:
    """The advisor against the random bot (seed 4), its steps and its quick review."""
    game = tt.play(["advisor", "random"], seed=4)
    record = {**game.to_record(), "names": ["advisor", "random"]}
    review = tt.review(record, level="quick").to_dict()
    steps = game_steps(record)
    place = {(step["round"], step["index"]): number for number, step in enumerate(steps)}
    costly = [
        (place[(decision["round"], decision["index"])], decision)
        for decision in review["decisions"]
        if decision["label"] is not None
    ]
    return {"record": record, "steps": steps, "costly": costly}


def _open(page: Any, server: Any, name: str) -> None:
    page.goto(f"{server.url}review?file={name}&game=0")
    page.wait_for_selector("#curve path.curve-line")


def _step(page: Any) -> int:
    text = page.text_content("#step-count")
    assert text is not None
    return int(text.split()[1]) - 1


def test_keyboard_steps_and_costly_decisions(
    browser_page: Any,  # noqa: F811
    tmp_path: Path,
    reviewed: dict[str, Any],
) -> None:
    page = browser_page
    path = tmp_path / "game.json"
    path.write_text(json.dumps(reviewed["record"]), encoding="utf-8")
    steps, costly = reviewed["steps"], reviewed["costly"]
    with running_server([path]) as server:
        _open(page, server, "game.json")
        assert page.text_content("#step-count") == "step 1 of 401"
        page.keyboard.press("ArrowRight")
        assert _step(page) == 1
        assert page.text_content("#step-action .action-text") == steps[1]["action"]
        assert page.text_content("#step-action .actor") == "player 1 (random)"
        page.keyboard.press("End")
        assert _step(page) == 400
        page.keyboard.press("ArrowRight")
        assert _step(page) == 400
        page.keyboard.press("Home")
        assert _step(page) == 0
        page.keyboard.press("ArrowLeft")
        assert _step(page) == 0
        for target, decision in costly[:3]:
            page.keyboard.press("n")
            assert _step(page) == target
            assert page.text_content("#decision .verdict .badge") == decision["label"]
            assert page.text_content("#decision .words") == decision["words"]
        page.keyboard.press("N")
        assert _step(page) == costly[1][0]
        # the curve: one path per player, the current step marked; a click jumps there
        assert page.locator("#curve path.curve-line").count() == 2
        marker = page.locator("#curve-marker")
        assert marker.count() == 1
        box = page.locator("#curve svg").bounding_box()
        assert box is not None
        position = {"x": box["width"] * 0.7, "y": box["height"] / 2}
        page.locator("#curve svg").click(position=position)
        clicked = _step(page)
        assert 200 < clicked < 320
        # a blunder for the picture: the first one, the panel and the curve in view
        first_blunder = next(number for number, d in costly if d["label"] == "blunder")
        page.keyboard.press("Home")
        while _step(page) != first_blunder:
            page.keyboard.press("n")
        assert page.text_content("#decision .verdict .badge") == "blunder"
        assert page.locator("#decision table.candidates tr.best").count() == 1
        page.set_viewport_size({"width": 1200, "height": 1240})
        page.evaluate("window.scrollTo(0, 0)")
        assert page.locator("#curve svg").is_visible()
        screenshot(page, tmp_path, "serve_review.png")


def test_one_players_view_turns_the_other_hands_down(
    browser_page: Any,  # noqa: F811
    tmp_path: Path,
    reviewed: dict[str, Any],
) -> None:
    page = browser_page
    path = tmp_path / "game.json"
    path.write_text(json.dumps(reviewed["record"]), encoding="utf-8")
    steps = reviewed["steps"]
    with running_server([path]) as server:
        _open(page, server, "game.json")
        page.keyboard.press("ArrowRight")
        hands = steps[1]["hands"]
        assert page.locator("#players img.card.back").count() == 0
        assert page.locator("#players img.card:not(.back)").count() == len(hands[0]) + len(hands[1])
        page.select_option("#view-player", "0")
        assert page.is_checked("#view-one")
        seat0 = page.locator('#players .player[data-seat="0"]')
        seat1 = page.locator('#players .player[data-seat="1"]')
        assert seat0.locator("img.card.back").count() == 0
        assert seat0.locator("img.card").count() == len(hands[0])
        assert seat1.locator("img.card:not(.back)").count() == 0
        backs = seat1.locator("img.card.back")
        assert backs.count() == len(hands[1]) == 4
        assert backs.first.get_attribute("alt") == "face-down card"
        # player 1's decision is not shown in player 0's view, nor in the curve
        assert page.text_content("#decision") == (
            "player 1 (random)'s decision: not shown in player 0 (advisor)'s view."
        )
        assert page.locator("#curve path.curve-line").count() == 1
        page.check("#view-all")
        assert page.locator("#players img.card.back").count() == 0
        assert page.locator("#curve path.curve-line").count() == 2
        # at a phone's width the page does not scroll sideways
        page.set_viewport_size({"width": 390, "height": 844})
        widths = page.evaluate(
            "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
        )
        assert widths[0] <= widths[1] == 390


def test_axe_finds_nothing_serious(
    browser_page: Any,  # noqa: F811
    tmp_path: Path,
    reviewed: dict[str, Any],
) -> None:
    from axe_playwright_python.sync_playwright import Axe

    page = browser_page
    path = tmp_path / "game.json"
    path.write_text(json.dumps(reviewed["record"]), encoding="utf-8")
    with running_server([path]) as server:
        _open(page, server, "game.json")
        page.keyboard.press("n")
        results = Axe().run(page)
    found = [
        (violation["id"], violation["impact"])
        for violation in results.response["violations"]
        if violation["impact"] in ("critical", "serious")
    ]
    assert found == []


def _hostile_record() -> dict[str, Any]:
    """A short game made by the library, its names, its rules' name and one decision's
    words hostile text (each a field a record allows to hold any text)."""
    rules = dataclasses.replace(tt.Rules.preset("pagat", players=2), name=RULES_NAME)
    game = tt.play(["advisor", "random"], rules=rules, seed=4)
    record = {**game.to_record(), "names": [SCRIPT_NAME, IMAGE_NAME]}
    analysis = tt.review(record, level="quick").to_analysis()
    first = next(item for item in analysis["decisions"] if item["label"] is not None)
    first["words"] = WORDS
    return with_analysis(record, analysis)


def test_a_hostile_record_stays_text(
    browser_page: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    page = browser_page
    record = _hostile_record()
    tt.Game.from_record(record)  # (the library takes it)
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    with running_server([path]) as server:
        _open(page, server, "hostile.json")
        assert page.text_content("#job-status .level") == (
            "The record's stored analysis: quick review (the lookahead's exact values)"
        )
        page.keyboard.press("n")
        assert page.text_content("#decision .words") == WORDS
        names = page.locator("#players .player-name").all_text_contents()
        assert names == [f"player 0 ({SCRIPT_NAME})", f"player 1 ({IMAGE_NAME})"]
        heading = page.text_content("#game-name")
        assert heading is not None
        assert RULES_NAME in heading
        assert SCRIPT_NAME in heading
        assert page.evaluate("typeof window.__pwned") == "undefined"
        assert page.locator("#main script").count() == 0
        assert page.locator('#main img[src="x"]').count() == 0
        page.keyboard.press("n")
        page.select_option("#view-player", "1")
        assert page.evaluate("typeof window.__pwned") == "undefined"
    assert dialogs == []


def test_a_full_review_on_request(
    browser_page: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    page = browser_page
    record = tt.play(["greedy", "random"], seed=2, max_turns=6).to_record()
    expected = tt.review(record, level="full", deals=4, seed=0)
    path = tmp_path / "small.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    with running_server([path]) as server:
        _open(page, server, "small.json")
        assert page.text_content("#job-status .level") == (
            "quick review (the lookahead's exact values)"
        )
        page.fill("#full-deals", "4")
        page.click("#full-review")
        page.wait_for_selector("text=full review (4 deals a decision, seed 0)")
        page.keyboard.press("ArrowRight")
        first = expected.decisions[0]
        values = page.locator("#decision table.candidates td.number").all_text_contents()
        assert values == [
            f"{weighed.value:.1f} ± {weighed.error:.1f}"
            if weighed.error > 0
            else f"{weighed.value:.1f}"
            for weighed in first.candidates
        ]


def test_open_a_file_by_upload_and_errors_on_the_page(
    browser_page: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    page = browser_page
    record = tt.play(["greedy", "random"], seed=2, max_turns=6).to_record()
    named = tmp_path / "named.json"
    named.write_text(json.dumps(record), encoding="utf-8")
    upload = tmp_path / "upload.json"
    upload.write_text(json.dumps({**record, "names": ["me", "them"]}), encoding="utf-8")
    with running_server([named]) as server:
        page.goto(f"{server.url}review?file=nothing.json&game=0")
        page.wait_for_selector("#file-list li a")
        assert page.text_content("#message") == (
            "no file named 'nothing.json': it was not named on the command line or uploaded"
            " (an upload ends after an hour unused)"
        )
        assert page.locator("#file-list li a").all_text_contents() == ["named.json"]
        page.goto(f"{server.url}review?file=named.json&game=7")
        page.wait_for_selector("#file-list li a")
        assert page.text_content("#message") == "no game 7 in 'named.json': it holds one game, 0"
        page.set_input_files("#upload", str(upload))
        page.wait_for_selector("#curve path.curve-line")
        assert "file=" in page.url
        assert page.locator("#players .player-name").all_text_contents() == [
            "player 0 (me)",
            "player 1 (them)",
        ]
        assert page.text_content("#step-count") == f"step 1 of {len(game_steps(record))}"


def test_pick_a_game_of_a_games_file(
    browser_page: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    page = browser_page
    path = tmp_path / "games.jsonl"
    tt.tournament(
        ["greedy", "random"], games=2, seed=5, records=True, max_turns=40, save_games=path
    )
    with running_server([path]) as server:
        _open(page, server, "games.jsonl")
        options = page.locator("#game-select option").all_text_contents()
        assert len(options) == 2
        assert options[0].startswith("game 0: ")
        assert page.is_visible("#game-select")
        page.select_option("#game-select", "1")
        page.wait_for_url("**game=1**")
        page.wait_for_selector("#curve path.curve-line")
        assert page.input_value("#game-select") == "1"
        assert "games.jsonl game 1: " in (page.text_content("#game-name") or "")
