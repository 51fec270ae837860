"""Helpers of the web tests: a running server, JSON requests to it, and one headless
Chromium for the browser tests.

A browser test module does::

    from tests.web_support import browser_page  # noqa: F401

    pytestmark = pytest.mark.browser

and takes ``browser_page`` (a fresh page, 1200x900) as an argument; the test is
skipped, with the reason, when Playwright is not installed or no Chromium is found.
Playwright never downloads a browser: it drives the system's Chromium.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import shutil
import urllib.parse
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from threethirteen.web.server import RunningServer, start_server

CHROMIUM_PATHS = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
"""Where the system's Chromium is looked for first (then ``chromium`` on the PATH)."""


@contextlib.contextmanager
def running_server(
    files: Sequence[str | Path] | Mapping[str, Path] = (), **options: Any
) -> Iterator[RunningServer]:
    """A server started for the block (``options`` go to ``start_server``), closed after."""
    server = start_server(files, **options)
    try:
        yield server
    finally:
        server.close()


def request(
    server: RunningServer,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: Mapping[str, str] | None = None,
) -> tuple[int, dict[str, str], bytes]:
    """One raw request: ``(status, headers (lowercase names), body)``. The ``Host``
    header is ``127.0.0.1:PORT`` unless ``headers`` gives one."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        given = dict(headers or {})
        skip_host = any(key.lower() == "host" for key in given)
        connection.putrequest(method, path, skip_host=skip_host, skip_accept_encoding=True)
        if not skip_host:
            connection.putheader("Host", f"127.0.0.1:{server.port}")
        for key, value in given.items():
            connection.putheader(key, value)
        if body is not None and not any(key.lower() == "content-length" for key in given):
            connection.putheader("Content-Length", str(len(body)))
        connection.endheaders(body)
        answer = connection.getresponse()
        data = answer.read()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, data
    finally:
        connection.close()


def _parsed(data: bytes) -> Any:
    try:
        return json.loads(data.decode("utf-8"))
    except ValueError:
        return data.decode("utf-8", "replace")


def get_json(server: RunningServer, path: str, **query: Any) -> tuple[int, Any]:
    """``GET path`` (with ``query`` encoded): ``(status, parsed JSON)``."""
    if query:
        path += ("&" if "?" in path else "?") + urllib.parse.urlencode(query)
    status, _, data = request(server, "GET", path)
    return status, _parsed(data)


def post_json(
    server: RunningServer, path: str, data: Any, token: bool | str = True
) -> tuple[int, Any]:
    """``POST path`` with ``data`` as JSON and the launch token (``token=False``: none;
    a string: that one): ``(status, parsed JSON)``."""
    headers = {"Content-Type": "application/json"}
    if token is True:
        headers["X-TT-Token"] = server.token
    elif isinstance(token, str):
        headers["X-TT-Token"] = token
    body = json.dumps(data).encode("utf-8")
    status, _, answer = request(server, "POST", path, body, headers)
    return status, _parsed(answer)


def chromium_path() -> str | None:
    """The system's Chromium, or ``None``."""
    for path in CHROMIUM_PATHS:
        if os.access(path, os.X_OK):
            return path
    return shutil.which("chromium") or shutil.which("chromium-browser")


def screenshot(page: Any, tmp_path: Path, name: str) -> Path:
    """Save the page's picture as ``tmp_path/name`` (and into ``$TT_SCREENSHOTS`` when
    set); its path, after checking it is a PNG of some size."""
    path = tmp_path / name
    page.screenshot(path=str(path))
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) > 5000
    folder = os.environ.get("TT_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, Path(folder) / name)
    return path


_BROWSER: dict[str, Any] = {}
"""The session's one Chromium (and its Playwright), launched by the first browser test."""


def _chromium(request: pytest.FixtureRequest) -> Any:
    """The session's headless Chromium, launched on first use and closed at the end of
    the session (skips when there is none)."""
    if "skip" in _BROWSER:
        pytest.skip(_BROWSER["skip"])
    if "browser" in _BROWSER:
        return _BROWSER["browser"]
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _BROWSER["skip"] = "playwright is not installed (pip install playwright)"
        pytest.skip(_BROWSER["skip"])
    executable = chromium_path()
    if executable is None:
        _BROWSER["skip"] = "no chromium found (/usr/bin/chromium or chromium on the PATH)"
        pytest.skip(_BROWSER["skip"])
    os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
    playwright = sync_playwright().start()
    try:
        browser = playwright.chromium.launch(
            executable_path=executable, args=["--no-sandbox"], headless=True
        )
    except Exception as error:
        playwright.stop()
        _BROWSER["skip"] = f"chromium did not start: {error}"
        pytest.skip(_BROWSER["skip"])

    def close() -> None:
        _BROWSER.clear()
        browser.close()
        playwright.stop()

    _BROWSER["browser"] = browser
    request.session.addfinalizer(close)
    return browser


@pytest.fixture
def browser_page(request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh page (1200x900) of the session's one Chromium, closed after the test."""
    context = _chromium(request).new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        yield page
    finally:
        context.close()
