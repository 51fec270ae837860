"""``threethirteen serve`` in a real browser: the home page loads under the strict
Content-Security-Policy with no console error, its links work, the files named are
linked by their kind, the shared ``TT`` helpers do what the pages rely on, and axe
finds nothing serious."""

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

HOSTILE = 'game <img src=x onerror="window.hacked=1"> & <b>one</b>.json'
"""A file's name as the pages get it: shown as text, never as markup."""


@pytest.fixture
def console(browser_page: Any) -> list[str]:  # noqa: F811
    """The page's console errors and warnings, and its uncaught exceptions."""
    messages: list[str] = []
    browser_page.on(
        "console",
        lambda message: (
            messages.append(f"{message.type}: {message.text}")
            if message.type in ("error", "warning")
            else None
        ),
    )
    browser_page.on("pageerror", lambda error: messages.append(f"pageerror: {error}"))
    browser_page.add_init_script(
        """document.addEventListener("securitypolicyviolation", (event) => {
            console.error("CSP violation: " + event.violatedDirective + " " + event.blockedURI);
        });"""
    )
    return messages


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    game = tt.Game("pagat", 2, seed=3, max_turns=4)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.to_record()), encoding="utf-8")
    return path


@pytest.fixture
def server(record_file: Path) -> Iterator[RunningServer]:
    with running_server({HOSTILE: record_file}) as running:
        yield running


def test_the_home_page_loads_clean(
    browser_page: Any,  # noqa: F811
    console: list[str],
    server: RunningServer,
    tmp_path: Path,
) -> None:
    page = browser_page
    page.goto(server.launch_url)
    page.wait_for_selector("#site-header nav a[href='/check']")
    assert page.title() == "Three Thirteen"
    assert page.locator("h1").inner_text() == "Three Thirteen"
    assert page.locator("meta[name='tt-token']").get_attribute("content") == server.token
    features = page.locator(".features li a")
    assert features.all_inner_texts() == ["Check a hand", "Play", "Review a game", "Results"]
    assert [features.nth(i).get_attribute("href") for i in range(4)] == [
        "/check",
        "/play",
        "/review",
        "/results",
    ]
    header = page.locator("#site-header nav a")
    assert header.all_inner_texts() == ["Check", "Play", "Review", "Results"]
    assert page.locator("#site-header [aria-current]").count() == 0
    # the file named on the command line, linked to its review, its name as text
    page.wait_for_selector("#files li a")
    link = page.locator("#files li a")
    assert link.inner_text() == HOSTILE
    assert link.get_attribute("href") == (
        "/review?file=game%20%3Cimg%20src%3Dx%20onerror%3D%22window.hacked%3D1%22%3E%20%26"
        "%20%3Cb%3Eone%3C%2Fb%3E.json&game=0"
    )
    assert page.locator("#files b, #files img").count() == 0
    assert page.evaluate("window.hacked") is None
    assert page.locator("#message").is_hidden()
    # no horizontal scrolling at a phone's width
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.set_viewport_size({"width": 1200, "height": 900})
    screenshot(page, tmp_path, "serve_home.png")
    assert console == []


def test_a_csp_violation_would_be_seen(
    browser_page: Any,  # noqa: F811
    console: list[str],
    server: RunningServer,
) -> None:
    """The listener above works: an inline script the policy blocks is reported (so
    the empty console of the other tests means no violation)."""
    page = browser_page
    page.goto(server.url)
    page.wait_for_selector("#site-header nav")
    with page.expect_console_message(lambda message: "script-src" in message.text):
        page.evaluate(
            """() => {
            const script = document.createElement("script");
            script.textContent = "window.inline = 1";
            document.body.append(script);
        }"""
        )
    assert page.evaluate("window.inline") is None
    assert any("script-src" in line for line in console), console


def test_the_links_lead_to_the_pages(
    browser_page: Any,  # noqa: F811
    server: RunningServer,
) -> None:
    page = browser_page
    page.goto(server.url)
    for name in ("check", "play", "review", "results"):
        page.goto(server.url)
        page.locator(f".features a[href='/{name}']").click()
        page.wait_for_url(f"{server.url}{name}")
        assert page.evaluate("() => document.readyState") in ("interactive", "complete")
    page.goto(server.url)
    page.locator("#site-header .site-name").click()
    page.wait_for_url(server.url)


def test_the_shared_helpers(
    browser_page: Any,  # noqa: F811
    console: list[str],
    server: RunningServer,
) -> None:
    """``TT`` as every page uses it: text never becomes markup, cards carry their
    names, ``TT.api`` sends the token and rejects with the server's message."""
    page = browser_page
    page.goto(server.url)
    page.wait_for_selector("#site-header nav")
    found = page.evaluate(
        """async () => {
        const out = {};
        const hostile = TT.el("p", {class: "x", "data-name": "<img src=x onerror=alert(1)>"},
            "<script>window.hacked = 1</script>", TT.el("b", {}, "bold"));
        document.body.append(hostile);
        out.text = hostile.textContent;
        out.children = hostile.children.length;
        out.data = hostile.getAttribute("data-name");
        out.names = ["9s", "10h", "Qd", "Jk", "As", "Kc", "2d"].map(TT.cardName);
        const button = TT.card("9s", {button: true, wild: true, selected: true,
            onclick: () => { out.clicked = (out.clicked || 0) + 1; }});
        document.body.append(button);
        button.click();
        out.button = [button.tagName, button.className, button.getAttribute("aria-label"),
            button.getAttribute("aria-pressed"), button.dataset.card,
            button.querySelector("img").getAttribute("src"),
            button.querySelector("img").getAttribute("alt")];
        const image = TT.card("10h");
        out.image = [image.tagName, image.className, image.alt, image.dataset.card,
            image.getAttribute("src")];
        const back = TT.cardBack();
        out.back = [back.alt, back.getAttribute("src")];
        TT.error("bad <b>hand</b>");
        out.message = document.getElementById("message").textContent;
        out.shown = getComputedStyle(document.getElementById("message")).display;
        TT.clearError();
        out.cleared = getComputedStyle(document.getElementById("message")).display;
        try { await TT.api("/api/nowhere", {a: 1}); } catch (error) { out.post = error.message; }
        try { await TT.api("/card/9x.svg"); } catch (error) { out.get = error.message; }
        TT.header("review");
        out.current = document.querySelector("#site-header [aria-current=page]").textContent;
        out.hacked = window.hacked === 1;
        return out;
    }"""
    )
    assert found["text"] == "<script>window.hacked = 1</script>bold"
    assert found["children"] == 1
    assert found["data"] == "<img src=x onerror=alert(1)>"
    assert found["names"] == [
        "nine of spades",
        "ten of hearts",
        "queen of diamonds",
        "joker",
        "ace of spades",
        "king of clubs",
        "two of diamonds",
    ]
    assert found["clicked"] == 1
    assert found["button"] == [
        "BUTTON",
        "card wild selected",
        "nine of spades (wild)",
        "true",
        "9s",
        "/card/9s.svg",
        "",
    ]
    assert found["image"] == ["IMG", "card", "ten of hearts", "10h", "/card/10h.svg"]
    assert found["back"] == ["face-down card", "/static/back.svg"]
    assert found["message"] == "bad <b>hand</b>"
    assert (found["shown"], found["cleared"]) == ("block", "none")
    assert found["post"] == "nothing is served at '/api/nowhere'"
    assert found["get"] == "unknown suit 'x' in '9x'"
    assert found["current"] == "Review"
    assert found["hacked"] is False
    # the two failed requests are the only console lines (the browser logs a 404, a 400)
    assert all("Failed to load resource" in line for line in console), console


def test_axe_finds_nothing_serious(
    browser_page: Any,  # noqa: F811
    server: RunningServer,
) -> None:
    from axe_playwright_python.sync_playwright import Axe

    page = browser_page
    page.goto(server.url)
    page.wait_for_selector("#files li a")
    results = Axe().run(page)
    serious = [
        (violation["id"], violation["impact"], len(violation["nodes"]))
        for violation in results.response["violations"]
        if violation["impact"] in ("critical", "serious")
    ]
    assert serious == []
