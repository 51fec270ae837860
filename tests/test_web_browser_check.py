"""The hand checker and the results page in a real browser (headless Chromium): a hand
checked by clicking cards in the picker, a hand typed and a shared address restored,
a bad card's message, axe's accessibility check, and a small tournament's results
with a link to a game's review."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import threethirteen as tt
from tests.web_support import browser_page, running_server, screenshot  # noqa: F401
from threethirteen.web.server import RunningServer

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("results")
    results = tt.tournament(
        ["greedy", "advisor", "random"], games=6, seed=5, keep_games=True, records=True
    )
    (path / "results.json").write_text(results.to_json())
    return path


@pytest.fixture(scope="module")
def server(folder: Path) -> Iterator[RunningServer]:
    with running_server([folder / "results.json"]) as running:
        yield running


def _open(page: Any, server: RunningServer, address: str) -> None:
    page.goto(server.url.rstrip("/") + address)
    page.wait_for_selector("body[data-ready='true']")


def _meld_codes(page: Any) -> list[list[str]]:
    return page.eval_on_selector_all(
        "#melds .meld",
        "melds => melds.map(m => Array.from(m.querySelectorAll('img.card'), c => c.dataset.card))",
    )


def test_a_hand_checked_by_clicking_cards(
    browser_page: Any,  # noqa: F811
    server: RunningServer,
    tmp_path: Path,
) -> None:
    page = browser_page
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    _open(page, server, "/check")
    page.select_option("#round", "4")
    for code in ["9s", "9h", "9d", "4h", "5h", "6c"]:
        page.click(f"#picker button[data-card='{code}']")
    # the picker works from the keyboard: one tab stop, the arrow keys move in it
    assert page.evaluate("document.activeElement.dataset.card") == "6c"
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") == "7d"
    page.keyboard.press("Enter")
    page.wait_for_selector("#verdict.good")
    assert page.text_content("#verdict") == "Goes out: discard the seven of diamonds (7d)."
    assert _meld_codes(page) == [["9d", "9h", "9s"], ["4h", "5h", "6c"]]
    captions = page.eval_on_selector_all("#melds figcaption code", "c => c.map(x => x.textContent)")
    assert captions == ["[9d 9h 9s]", "[4h 5h 6c=6h]"]
    wild = page.get_attribute("#melds img.card.wild", "alt")
    assert wild == "six of clubs (wild, as the six of hearts)"
    assert page.eval_on_selector_all("#deadwood img.card", "c => c.map(x => x.dataset.card)") == [
        "7d"
    ]
    assert page.text_content("#score") == "(score 7)"
    rows = page.eval_on_selector_all(
        "#discards tbody tr",
        "rows => rows.map(r => Array.from(r.cells, c => c.textContent.trim()))",
    )
    assert rows[:3] == [["7d", "0", "yes"], ["5h", "11", ""], ["4h", "12", ""]]
    assert page.get_attribute("#picker button[data-card='9s']", "aria-pressed") == "true"
    assert page.get_attribute("#picker button[data-card='8s']", "aria-pressed") == "false"
    assert "hand=9s+9h+9d+4h+5h+6c+7d" in page.url
    assert "round=4" in page.url
    # clicking a picked card takes it out again
    page.click("#picker button[data-card='7d']")
    page.wait_for_selector("#outs-box:not([hidden])")
    assert page.input_value("#hand") == "9s 9h 9d 4h 5h 6c"
    page.click("#picker button[data-card='7d']")
    page.wait_for_selector("#verdict.good")
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, tmp_path, "serve_check.png")
    assert errors == []


def test_a_shared_address_is_restored_and_a_hand_typed(
    browser_page: Any,  # noqa: F811
    server: RunningServer,
) -> None:
    page = browser_page
    _open(
        page,
        server,
        "/check?hand=9s+9h+9d+4h+5h+7d&round=4&rules=pagat&top=6h&variations=aces-high=15",
    )
    page.wait_for_selector("#advice-box:not([hidden])")
    assert page.input_value("#round") == "4"
    assert page.input_value("#rules") == "pagat"
    assert page.text_content("#verdict") == "Not out: 16 points of deadwood; 5 cards put it out."
    outs = page.eval_on_selector_all(
        "#outs tbody tr", "r => r.map(x => x.cells[0].textContent.trim())"
    )
    assert outs == ["6c", "6d", "3h", "6h", "6s"]
    assert page.text_content("#advice").startswith(
        "Take the six of hearts: taking the 6h leaves 0.00"
    )
    # type a hand with a joker under the jokers variation
    assert page.get_attribute("#variations-box", "open") == ""  # a variation is chosen
    assert page.is_checked("#variation-aces-high")
    page.check("#variation-jokers")
    page.fill("#top", "")
    page.fill("#hand", "Jk 9h 9d 4h 5h 6h 2c")
    page.wait_for_selector("#verdict.good")
    assert page.text_content("#verdict") == "Goes out: discard the two of clubs (2c)."
    assert "variations=aces-high%3D15%2Cjokers" in page.url
    assert page.get_attribute("#picker button[data-card='Jk']", "aria-pressed") == "true"
    # a bad card: the library's message, no answer shown
    page.fill("#hand", "9s 9x 9d 4h 5h 6c 7d")
    page.wait_for_selector("#message.shown")
    assert page.text_content("#message") == (
        "unknown suit 'x' in '9x' (card 2 of '9s 9x 9d 4h 5h 6c 7d')"
    )
    assert page.is_hidden("#result")


def test_a_bad_preset_in_the_address_is_said(
    browser_page: Any,  # noqa: F811
    server: RunningServer,
) -> None:
    page = browser_page
    _open(page, server, "/check?hand=9s+9h+9d&rules=%3Cscript%3Ex")
    assert page.text_content("#message").startswith("unknown preset '<script>x'; valid: pagat")
    assert page.input_value("#hand") == "9s 9h 9d"


def test_the_checker_passes_axe(
    browser_page: Any,  # noqa: F811
    server: RunningServer,
) -> None:
    from axe_playwright_python.sync_playwright import Axe

    page = browser_page
    _open(page, server, "/check?hand=9s+9h+9d+4h+5h+6c+7d&round=4")
    page.wait_for_selector("#verdict.good")
    found = Axe().run(page)
    bad = [
        (item["id"], item["impact"], len(item["nodes"]))
        for item in found.response["violations"]
        if item["impact"] in ("critical", "serious")
    ]
    assert bad == []


def test_the_results_page_shows_a_tournament(
    browser_page: Any,  # noqa: F811
    server: RunningServer,
    tmp_path: Path,
) -> None:
    page = browser_page
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    _open(page, server, "/results?file=results.json")
    page.wait_for_selector("#bots tbody tr")
    names = page.eval_on_selector_all("#bots tbody tr", "r => r.map(x => x.cells[0].textContent)")
    assert names == ["greedy", "advisor", "random"]
    heads = page.eval_on_selector_all("#heads tbody tr", "r => r.length")
    assert heads == 3
    links = page.eval_on_selector_all("#games tbody a", "a => a.map(x => x.getAttribute('href'))")
    assert links[0] == "/review?file=results.json&game=0"
    assert len(links) == 6
    files = page.eval_on_selector_all("#files a", "a => a.map(x => x.textContent)")
    assert files == ["results.json"]
    page.set_viewport_size({"width": 1200, "height": 1150})
    screenshot(page, tmp_path, "serve_results.png")
    page.click("#games tbody a >> nth=1")
    page.wait_for_url("**/review?file=results.json&game=1")
    assert errors == []


def test_the_results_page_opens_an_upload(
    browser_page: Any,  # noqa: F811
    server: RunningServer,
    tmp_path: Path,
) -> None:
    page = browser_page
    path = tmp_path / "mine.jsonl"
    tt.tournament(["greedy", "random"], games=2, seed=2, save_games=path)
    _open(page, server, "/results")
    page.set_input_files("#upload", str(path))
    page.wait_for_selector("#games tbody tr")
    assert page.eval_on_selector_all("#games tbody tr", "r => r.length") == 2
    assert "file=" in page.url
    bad = tmp_path / "bad.json"
    bad.write_text("[1]")
    page.set_input_files("#upload", str(bad))
    page.wait_for_selector("#message.shown")
    assert page.text_content("#message") == "'bad.json': a game record is a JSON object, not list"


def test_markup_in_an_uploaded_record_is_shown_as_text(
    browser_page: Any,  # noqa: F811
    server: RunningServer,
    tmp_path: Path,
) -> None:
    page = browser_page
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    game = tt.Game("pagat", players=2, seed=1, max_turns=2)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    record = game.to_record()
    names = ['<img src=x onerror="alert(1)">', "<script>alert(2)</script>"]
    record["names"] = names
    path = tmp_path / "<b>bold.json"
    path.write_text(json.dumps(record))
    _open(page, server, "/results")
    page.set_input_files("#upload", str(path))
    page.wait_for_selector("#games tbody tr")
    assert page.text_content("#games tbody tr td:nth-child(3)") == names[0] + ", " + names[1]
    assert page.text_content("#file-title") == "<b>bold.json (a game's record)"
    assert page.eval_on_selector_all("#shown img, #shown script, #shown b", "x => x.length") == 0
    assert dialogs == []


def test_the_checker_fits_a_phone(
    browser_page: Any,  # noqa: F811
    server: RunningServer,
) -> None:
    page = browser_page
    page.set_viewport_size({"width": 390, "height": 844})
    _open(page, server, "/check?hand=9s+9h+9d+4h+5h+6c+7d&round=4")
    page.wait_for_selector("#verdict.good")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
