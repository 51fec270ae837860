"""The Play page in a real browser: a whole two-player game played by clicks to its
end, its score sheet checked against the downloaded record's replay; the keyboard;
a reload that keeps the game; a phone's width; axe on the table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import threethirteen as tt
from tests.web_support import browser_page, running_server, screenshot  # noqa: F401

pytestmark = pytest.mark.browser

READY = '#game[data-idle="true"][data-turn="you"], #game[data-idle="true"][data-status="over"]'
"""The table once the bots' moves are shown: the person's turn, or the end."""


def open_play(page: Any, server: Any) -> None:
    page.goto(f"{server.url}play?token={server.token}")
    page.wait_for_selector("#setup:not([hidden]) #bot-1")


def new_game(page: Any, *, players: int = 2, seed: int = 4, max_turns: str = "") -> None:
    page.select_option("#players", str(players))
    page.select_option("#rules", "pagat")
    page.fill("#seed", str(seed))
    page.fill("#max-turns", max_turns)
    page.click("#start")
    page.wait_for_selector(READY)


def seq(page: Any) -> str:
    return str(page.get_attribute("#game", "data-seq"))


def click_and_wait(page: Any, selector: str) -> None:
    """Click, then wait for the table to move on (a new step) and settle."""
    before = seq(page)
    page.click(selector)
    page.wait_for_selector(f'#game:not([data-seq="{before}"])')
    page.wait_for_selector(READY)


def test_a_whole_game_by_clicks_matches_the_records_replay(
    browser_page: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    page = browser_page
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    with running_server() as server:
        open_play(page, server)
        new_game(page, seed=17, max_turns="2")  # the shortest game: 2 turns a round
        turns = outs = 0
        shot = False
        while page.get_attribute("#game", "data-status") == "play":
            assert page.get_attribute("#game", "data-phase") == "draw"
            # draw: the stock, or every third turn the pile's top card; then go out
            # when offered, else discard the last card of the deadwood
            click_and_wait(page, ".pile-top" if turns % 3 == 2 else "#stock")
            if page.get_attribute("#game", "data-status") != "play":
                break  # pragma: no cover - a draw never ends a game
            if not shot and turns >= 4:
                screenshot(page, tmp_path, "serve_play.png")
                shot = True
            if page.locator("button.go-out").count():
                outs += 1
                click_and_wait(page, "button.go-out")
            elif page.locator("#hand .group.deadwood button.card").count():
                click_and_wait(page, "#hand .group.deadwood button.card >> nth=-1")
            else:
                click_and_wait(page, "#hand button.card >> nth=-1")
            turns += 1
        assert page.get_attribute("#game", "data-status") == "over"
        assert turns == 11  # one turn of the person's a round
        assert outs == 2  # went out by the "Go out" button twice
        assert "Game over" in page.inner_text("#status")
        rows = page.eval_on_selector_all(
            "#sheet tbody tr",
            "rows => rows.map(r => Array.from(r.querySelectorAll('td.number'))"
            ".map(c => Number(c.textContent)))",
        )
        totals = page.eval_on_selector_all(
            "#sheet tfoot td.number", "cells => cells.map(c => parseInt(c.textContent, 10))"
        )
        with page.expect_download() as download:
            page.click("#download")
        path = tmp_path / "record.json"
        download.value.save_as(path)
        assert download.value.suggested_filename == "threethirteen-game-17.json"
        record = json.loads(path.read_text())
        replay = tt.Game.from_record(record)
        assert replay.is_over
        assert rows == [list(scores) for scores in replay.round_scores]
        assert totals == list(replay.totals)
        winners = page.eval_on_selector_all("#sheet td.winner", "cells => cells.length")
        assert winners == len(replay.winners)
        # "Review this game": the record uploaded, the review page opened on it
        page.click("#review-button")
        page.wait_for_url("**/review?file=*&game=0")
    assert errors == []


def test_keyboard_reload_and_accessibility(browser_page: Any, tmp_path: Path) -> None:  # noqa: F811
    page = browser_page
    with running_server() as server:
        open_play(page, server)
        new_game(page, players=3, seed=7)
        hand = page.eval_on_selector_all("#hand button.card", "b => b.map(x => x.dataset.card)")
        assert len(hand) == 3
        assert all(page.get_attribute(f'#hand button[data-card="{c}"]', "aria-label") for c in hand)
        # h: the hint, in the review's words
        page.keyboard.press("h")
        page.wait_for_selector("#hint-text:not([hidden])")
        assert page.inner_text("#hint-text").startswith("Hint: ")
        # d: draw from the stock
        before = seq(page)
        page.keyboard.press("d")
        page.wait_for_selector(f'#game:not([data-seq="{before}"])')
        page.wait_for_selector('#game[data-phase="play"][data-idle="true"]')
        assert page.locator("#hand button.card").count() == 4
        # reload: the same game, from localStorage
        shown = seq(page)
        cards = page.eval_on_selector_all("#hand button.card", "b => b.map(x => x.dataset.card)")
        page.reload()
        page.wait_for_selector('#game:not([hidden])[data-idle="true"]')
        assert seq(page) == shown
        assert (
            page.eval_on_selector_all("#hand button.card", "b => b.map(x => x.dataset.card)")
            == cards
        )
        # axe on the table
        from axe_playwright_python.sync_playwright import Axe

        results = Axe().run(page)
        bad = [
            (v["id"], v["impact"])
            for v in results.response["violations"]
            if v["impact"] in ("critical", "serious")
        ]
        assert bad == []
        # the keyboard discards: Tab to a card of the hand, then Enter
        page.focus("#hand button.card:not([disabled])")
        before = seq(page)
        page.keyboard.press("Enter")
        page.wait_for_selector(f'#game:not([data-seq="{before}"])')
        page.wait_for_selector(READY)
        assert page.locator("#log li").first.inner_text().startswith(("you", "greedy", "Round"))


def test_a_phone_width_has_no_horizontal_scroll(browser_page: Any, tmp_path: Path) -> None:  # noqa: F811
    page = browser_page
    page.set_viewport_size({"width": 390, "height": 844})
    with running_server() as server:
        open_play(page, server)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        new_game(page, players=4, seed=12)
        click_and_wait(page, "#stock")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        for button in page.locator("#hand button.card").all():
            box = button.bounding_box()
            assert box is not None
            assert box["x"] >= 0
            assert box["x"] + box["width"] <= 390
        page.locator("#hand").scroll_into_view_if_needed()
        assert page.locator("#hand button.card").first.is_visible()
        screenshot(page, tmp_path, "serve_phone.png")
