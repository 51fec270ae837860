"""``threethirteen serve``: the server's walls (Host, token, bounded body, errors,
static files, headers), its command, and the session store."""

from __future__ import annotations

import contextlib
import http.client
import io
import json
import socket
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import threethirteen.svg
from tests.conftest import examples
from tests.web_support import get_json, post_json, request, running_server
from threethirteen.cli import main as cli_main
from threethirteen.cli import serve as cli_serve
from threethirteen.errors import InvalidInputError, InvalidRulesError
from threethirteen.web import server as web_server
from threethirteen.web.routing import (
    MAX_BODY_BYTES,
    Context,
    HttpError,
    Request,
    Response,
    Route,
    json_response,
)
from threethirteen.web.server import INTERNAL_ERROR, RunningServer, file_names, start_server
from threethirteen.web.sessions import UNKNOWN_SESSION, SessionStore

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
)
STATIC = Path(web_server.__file__).parent / "static"


def _echo(context: Context, request: Request) -> Response:
    return json_response(
        {
            "method": request.method,
            "path": request.path,
            "query": dict(request.query),
            "body": request.body.decode("utf-8"),
        }
    )


def _bad_input(context: Context, request: Request) -> Response:
    raise InvalidRulesError("unknown rules 'zzz' (known: pagat, bga)")


def _crash(context: Context, request: Request) -> Response:
    raise RuntimeError("secret detail /home/someone/file.py")


def _conflict(context: Context, request: Request) -> Response:
    raise HttpError(409, "the game is over")


TEST_ROUTES = (
    Route("GET", "/api/test/echo/", _echo, prefix=True),
    Route("POST", "/api/test/echo/", _echo, prefix=True),
    Route("GET", "/api/test/bad", _bad_input),
    Route("POST", "/api/test/bad", _bad_input),
    Route("GET", "/api/test/crash", _crash),
    Route("GET", "/api/test/conflict", _conflict),
)


@pytest.fixture(scope="module")
def log() -> io.StringIO:
    return io.StringIO()


@pytest.fixture(scope="module")
def server(log: io.StringIO) -> Iterator[RunningServer]:
    with running_server(log=log, extra_routes=TEST_ROUTES) as running:
        yield running


def _error(data: bytes) -> str:
    answer = json.loads(data.decode("utf-8"))
    assert list(answer) == ["error"]
    text = answer["error"]
    assert isinstance(text, str)
    return text


def _assert_walls(headers: dict[str, str], *, card: bool = False) -> None:
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["content-security-policy"] == CSP
    assert headers["referrer-policy"] == "no-referrer"
    if card:
        assert headers["cache-control"] == "public, max-age=31536000, immutable"
    else:
        assert headers["cache-control"] == "no-store"


# -- the Host header --------------------------------------------------------------


@pytest.mark.parametrize("name", ["127.0.0.1", "localhost", "[::1]", "LocalHost"])
def test_the_hosts_of_this_machine_are_answered(server: RunningServer, name: str) -> None:
    status, headers, _ = request(server, "GET", "/", headers={"Host": f"{name}:{server.port}"})
    assert status == 200
    assert headers["content-type"] == "text/html; charset=utf-8"


@pytest.mark.parametrize(
    "host",
    [
        "evil.example:{port}",
        "evil.example",
        "127.0.0.1.evil.example:{port}",
        "127.0.0.1:1",
        "localhost",
        "192.168.1.20:{port}",
        "",
    ],
)
def test_another_host_is_refused(server: RunningServer, host: str) -> None:
    """DNS rebinding: a page of another site whose name points here gets 403."""
    value = host.format(port=server.port)
    status, headers, data = request(server, "GET", "/", headers={"Host": value})
    assert status == 403
    assert _error(data) == f"this server does not answer for the host {value.lower()!r}"
    _assert_walls(headers)
    status, _, data = post_json_raw(server, "/api/test/echo/x", b"{}", host=value)
    assert status == 403


def post_json_raw(
    server: RunningServer,
    path: str,
    body: bytes | None,
    *,
    host: str | None = None,
    token: str | None = "",
    headers: dict[str, str] | None = None,
) -> tuple[int, dict[str, str], bytes]:
    given = dict(headers or {})
    if host is not None:
        given["Host"] = host
    if token is not None:
        given["X-TT-Token"] = token or server.token
    return request(server, "POST", path, body, given)


def test_a_wildcard_bind_answers_ip_addresses_but_not_names() -> None:
    with running_server(host="0.0.0.0") as server:
        assert server.url == f"http://0.0.0.0:{server.port}/"
        ok, _, _ = request(server, "GET", "/", headers={"Host": f"10.1.2.3:{server.port}"})
        named, _, _ = request(server, "GET", "/", headers={"Host": f"mine.example:{server.port}"})
        port, _, _ = request(server, "GET", "/", headers={"Host": "10.1.2.3:9"})
    assert (ok, named, port) == (200, 403, 403)


# -- the token --------------------------------------------------------------------


def test_a_post_without_the_token_is_refused(server: RunningServer) -> None:
    assert post_json(server, "/api/test/echo/a", {"x": 1}, token=False) == (
        403,
        {"error": "a change needs the launch token: reload the page"},
    )
    wrong = server.token[:-1] + ("A" if server.token[-1] != "A" else "B")
    assert post_json(server, "/api/test/echo/a", {"x": 1}, token=wrong)[0] == 403
    assert post_json(server, "/api/test/echo/a", {"x": 1}, token="")[0] == 403
    assert post_json(server, "/api/test/echo/a", {"x": 1}, token="é" * 3)[0] == 403


def test_a_post_with_the_token_reaches_its_route(server: RunningServer) -> None:
    status, answer = post_json(server, "/api/test/echo/a%20b?x=1&x=2&y=", {"hand": "9s"})
    assert status == 200
    assert answer == {
        "method": "POST",
        "path": "/api/test/echo/a b",
        "query": {"x": "2", "y": ""},
        "body": '{"hand": "9s"}',
    }


def test_a_get_needs_no_token(server: RunningServer) -> None:
    assert get_json(server, "/api/test/echo/q", hand="9s 10h") == (
        200,
        {"method": "GET", "path": "/api/test/echo/q", "query": {"hand": "9s 10h"}, "body": ""},
    )


# -- the body ---------------------------------------------------------------------


def test_a_post_without_a_length_is_refused(server: RunningServer) -> None:
    status, headers, data = post_json_raw(server, "/api/test/echo/a", None)
    assert status == 411
    assert _error(data) == "a request's body needs a Content-Length"
    _assert_walls(headers)


def test_a_body_too_big_is_refused_unread(server: RunningServer) -> None:
    size = MAX_BODY_BYTES + 1
    status, headers, data = post_json_raw(
        server, "/api/test/echo/a", None, headers={"Content-Length": str(size)}
    )
    assert status == 413
    assert _error(data) == f"a request's body must be at most {MAX_BODY_BYTES} bytes, not {size}"
    assert headers["connection"] == "close"
    _assert_walls(headers)


@pytest.mark.parametrize("length", ["abc", "-1", "+5", "1e3"])
def test_a_bad_length_is_refused(server: RunningServer, length: str) -> None:
    status, _, data = post_json_raw(
        server, "/api/test/echo/a", None, headers={"Content-Length": length}
    )
    assert status == 400
    assert _error(data) == f"bad Content-Length {length!r}"


def test_a_body_shorter_than_its_length_is_refused(server: RunningServer) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as connection:
        connection.sendall(
            b"POST /api/test/echo/a HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nX-TT-Token: %s\r\n"
            b"Content-Length: 10\r\n\r\nabc" % (server.port, server.token.encode())
        )
        connection.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400 ")
    assert json.loads(body) == {"error": "the request's body ended early"}


def test_a_body_at_the_bound_is_read(server: RunningServer) -> None:
    body = b'"' + b"x" * (MAX_BODY_BYTES - 2) + b'"'
    status, _, data = post_json_raw(server, "/api/test/echo/big", body)
    assert status == 200
    assert len(json.loads(data)["body"]) == MAX_BODY_BYTES


# -- errors -----------------------------------------------------------------------


def test_unknown_paths_are_404(server: RunningServer) -> None:
    assert get_json(server, "/nope") == (404, {"error": "nothing is served at '/nope'"})
    assert get_json(server, "/api/nope/1")[0] == 404
    assert post_json(server, "/nope", {})[0] == 404
    assert get_json(server, "/index")[0] == 404


def test_a_known_path_with_another_method_is_405(server: RunningServer) -> None:
    assert get_json(server, "/api/test/echo/")[0] == 200
    assert post_json(server, "/api/test/crash", {}) == (
        405,
        {"error": "POST is not served at '/api/test/crash'"},
    )
    status, headers, data = request(server, "PUT", "/api/test/echo/", b"{}")
    assert status == 405
    assert _error(data) == "the method PUT is not served"
    _assert_walls(headers)


def test_the_librarys_bad_input_is_400_with_its_message(server: RunningServer) -> None:
    message = "unknown rules 'zzz' (known: pagat, bga)"
    assert get_json(server, "/api/test/bad") == (400, {"error": message})
    assert post_json(server, "/api/test/bad", {}) == (400, {"error": message})


def test_an_http_error_is_its_status_and_message(server: RunningServer) -> None:
    assert get_json(server, "/api/test/conflict") == (409, {"error": "the game is over"})


def test_any_other_exception_is_500_without_its_text(
    server: RunningServer, log: io.StringIO
) -> None:
    status, headers, data = request(server, "GET", "/api/test/crash")
    assert status == 500
    assert _error(data) == INTERNAL_ERROR == "internal error: see the server's log"
    assert b"secret" not in data
    _assert_walls(headers)
    text = log.getvalue()
    assert "Traceback (most recent call last)" in text
    assert "RuntimeError: secret detail /home/someone/file.py" in text


def test_a_malformed_request_is_json_behind_the_walls(server: RunningServer) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as connection:
        headers = b"".join(b"X-%d: 1\r\n" % number for number in range(120))
        connection.sendall(b"GET / HTTP/1.1\r\n" + headers + b"\r\n")
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 431 ")
    assert b"Content-Security-Policy: default-src 'none'" in head
    assert json.loads(body) == {"error": "Too many headers"}


def test_a_path_not_utf8_is_400(server: RunningServer) -> None:
    status, _, data = request(server, "GET", "/api/test/echo/%ff")
    assert status == 400
    assert _error(data) == "the path '/api/test/echo/%ff' is not UTF-8"


# -- pages, static files and cards ------------------------------------------------


def test_a_page_carries_the_launch_token(server: RunningServer) -> None:
    status, headers, data = request(server, "GET", "/?token=" + server.token)
    assert status == 200
    _assert_walls(headers)
    html = data.decode("utf-8")
    assert f'<meta name="tt-token" content="{server.token}">' in html
    assert "{{TOKEN}}" not in html
    assert html == (STATIC / "index.html").read_text("utf-8").replace("{{TOKEN}}", server.token)


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("common.js", "text/javascript; charset=utf-8"),
        ("style.css", "text/css; charset=utf-8"),
        ("back.svg", "image/svg+xml; charset=utf-8"),
        ("index.js", "text/javascript; charset=utf-8"),
    ],
)
def test_static_files_are_served(server: RunningServer, name: str, kind: str) -> None:
    status, headers, data = request(server, "GET", f"/static/{name}")
    assert status == 200
    assert headers["content-type"] == kind
    assert data == (STATIC / name).read_bytes()
    _assert_walls(headers)


@pytest.mark.parametrize(
    "path",
    [
        "/static/../server.py",
        "/static/%2e%2e/server.py",
        "/static/%2E%2E%2Fserver.py",
        "/static/..%2fsessions.py",
        "/static/..%5cserver.py",
        "/static//etc/passwd",
        "/static/%2fetc%2fpasswd",
        "/static/index.html",
        "/static/Common.js",
        "/static/common.js%00.png",
        "/static/",
        "/static/.hidden.js",
        "/static/nope.js",
        "/../../etc/passwd",
    ],
)
def test_no_other_file_is_served(server: RunningServer, path: str) -> None:
    status, headers, data = request(server, "GET", path)
    assert status == 404
    assert b"import" not in data
    assert b"root:" not in data
    _assert_walls(headers)


def test_a_card_is_the_librarys_picture_cached_long(server: RunningServer) -> None:
    for code in ("9s", "10h", "Qd", "Jk"):
        status, headers, data = request(server, "GET", f"/card/{code}.svg")
        assert status == 200
        assert headers["content-type"] == "image/svg+xml; charset=utf-8"
        assert data.decode("utf-8") == threethirteen.svg.card(code)
        _assert_walls(headers, card=True)


def test_the_favicon_is_a_cards_back(server: RunningServer) -> None:
    status, headers, data = request(server, "GET", "/favicon.ico")
    assert (status, headers["content-type"]) == (200, "image/svg+xml; charset=utf-8")
    assert data == (STATIC / "back.svg").read_bytes()
    _assert_walls(headers, card=True)


def test_a_bad_card_is_400_with_the_librarys_message(server: RunningServer) -> None:
    assert get_json(server, "/card/9x.svg") == (400, {"error": "unknown suit 'x' in '9x'"})
    status, _, data = request(server, "GET", "/card/" + "9s" * 5000 + ".svg")
    assert status == 400
    assert len(data) < 1000


def test_every_answer_has_the_walls_headers(server: RunningServer) -> None:
    answers = [
        request(server, "GET", "/"),
        request(server, "GET", "/static/common.js"),
        request(server, "GET", "/nope"),
        request(server, "GET", "/", headers={"Host": "evil.example"}),
        request(server, "POST", "/api/test/echo/", b"{}"),
        request(server, "GET", "/api/test/crash"),
        request(server, "GET", "/api/test/bad"),
    ]
    assert [status for status, _, _ in answers] == [200, 200, 404, 403, 403, 500, 400]
    for _, headers, _ in answers:
        _assert_walls(headers)


# -- the server's life ------------------------------------------------------------


def test_the_running_server_and_its_context(tmp_path: Path) -> None:
    config = tmp_path / "bots.json"
    with running_server(
        ["a/games.jsonl", "b/games.jsonl"], workers=2, token="T0ken-_abc", bot_config=config
    ) as server:
        assert server.url == f"http://127.0.0.1:{server.port}/"
        assert server.launch_url == f"http://127.0.0.1:{server.port}/?token=T0ken-_abc"
        assert dict(server.context.files) == {
            "games.jsonl": Path("a/games.jsonl"),
            "games-2.jsonl": Path("b/games.jsonl"),
        }
        assert server.context.state["bot_config"] == config
        executor = server.context.executor
        assert isinstance(executor, ThreadPoolExecutor)
        assert executor.submit(lambda: 6 * 7).result() == 42
        assert executor._max_workers == 2
    with pytest.raises(RuntimeError):
        executor.submit(lambda: 0)
    server.close()  # twice is fine
    with pytest.raises(urllib.error.URLError, match="Connection refused"):
        urllib.request.urlopen(server.url, timeout=5)


def test_a_connection_kept_open_gets_nothing_after_close() -> None:
    server = start_server()
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("GET", "/static/common.js", headers={"Host": f"127.0.0.1:{server.port}"})
    first = connection.getresponse()
    first.read()
    server.close()
    connection.request("GET", "/static/common.js", headers={"Host": f"127.0.0.1:{server.port}"})
    second = connection.getresponse()
    assert (first.status, second.status) == (200, 503)
    assert json.loads(second.read()) == {"error": "the server is stopping"}
    assert second.getheader("Connection") == "close"
    connection.close()


def test_file_names_are_unique_base_names() -> None:
    assert list(file_names(["x/r.json", "y/r.json", "z/r.json", "r", "q/r"])) == [
        "r.json",
        "r-2.json",
        "r-3.json",
        "r",
        "r-2",
    ]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"token": "short"}, "token must be 8 to 128 letters, digits, '-' or '_', not 'short'"),
        ({"token": 'abc"defgh'}, "token must be 8 to 128 letters, digits, '-' or '_'"),
        ({"token": "é" * 10}, "token must be 8 to 128 letters"),
        ({"port": 70000}, "port must be from 0 to 65535, not 70000"),
        ({"port": "80"}, "port must be an int, not '80'"),
        ({"workers": 0}, "workers must be from 1 to 256, not 0"),
    ],
)
def test_bad_options_are_named(options: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidInputError, match="^" + message.replace("(", r"\(")):
        start_server(**options)


def test_many_requests_at_once(server: RunningServer) -> None:
    results: list[int] = []

    def fetch() -> None:
        for _ in range(10):
            results.append(get_json(server, "/api/test/echo/x")[0])

    threads = [threading.Thread(target=fetch) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [200] * 80


# -- the command ------------------------------------------------------------------


def _serve(argv: list[str], check: Any = None) -> tuple[int, list[RunningServer]]:
    seen: list[RunningServer] = []

    def wait(server: RunningServer) -> None:
        seen.append(server)
        if check is not None:
            check(server)

    return cli_serve.main(argv, wait=wait), seen


def test_serve_prints_the_address_with_the_token(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    record.write_text("{}", encoding="utf-8")
    pages: list[int] = []

    def check(server: RunningServer) -> None:
        with urllib.request.urlopen(server.launch_url, timeout=10) as answer:
            pages.append(answer.status)

    status, (server,) = _serve(["--port", "0", str(record)], check)
    out, err = capsys.readouterr()
    assert status == 0
    assert pages == [200]
    assert out == (
        f"Serving Three Thirteen at {server.url} (1 files named)\n"
        "Open this address (it carries the launch token):\n"
        f"    http://127.0.0.1:{server.port}/?token={server.token}\n"
        "Press Ctrl-C to stop.\n"
    )
    assert err == ""
    assert dict(server.context.files) == {"game.json": record}
    with pytest.raises(
        urllib.error.URLError, match="Connection refused"
    ):  # closed when wait returned
        urllib.request.urlopen(server.url, timeout=5)


def test_serve_opens_the_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []
    monkeypatch.setattr(cli_serve.webbrowser, "open", opened.append)
    status, (server,) = _serve(["--port", "0", "--open"])
    assert status == 0
    assert opened == [server.launch_url]


def test_serve_takes_a_free_port_when_the_default_is_taken(
    capsys: pytest.CaptureFixture[str],
) -> None:
    holder = socket.socket()
    try:
        with contextlib.suppress(OSError):  # taken already: the same case
            holder.bind(("127.0.0.1", cli_serve.DEFAULT_PORT))
            holder.listen()
        status, (server,) = _serve([])
    finally:
        holder.close()
    assert status == 0
    assert server.port != cli_serve.DEFAULT_PORT
    assert capsys.readouterr().err == (
        f"threethirteen: note: port {cli_serve.DEFAULT_PORT} is taken: serving on a free one\n"
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["no/such.json"], "cannot read 'no/such.json': no such file"),
        (["{tmp}"], "cannot read '{tmp}': not a file"),
        (["--bots", "no/bots.json"], "--bots: cannot read 'no/bots.json': no such file"),
        (["--workers", "0"], "workers must be from 1 to 256, not 0"),
        (["--port", "99999"], "port must be from 0 to 65535, not 99999"),
    ],
)
def test_serve_usage_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    words = [word.format(tmp=tmp_path) for word in argv]
    status, seen = _serve(words)
    err = capsys.readouterr().err
    assert (status, seen) == (2, [])
    assert err.startswith("usage: threethirteen serve [--host H] [--port N] [--open]")
    assert err.endswith(f"threethirteen: error: {message.format(tmp=tmp_path)}\n")


def test_serve_through_the_threethirteen_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main.main(["serve", "no/such.json"]) == 2
    assert capsys.readouterr().err.endswith(
        "threethirteen: error: cannot read 'no/such.json': no such file\n"
    )


def test_serve_warns_for_another_host(capsys: pytest.CaptureFixture[str]) -> None:
    status, (server,) = _serve(["--host", "0.0.0.0", "--port", "0"])
    err = capsys.readouterr().err
    assert status == 0
    assert server.url.startswith("http://0.0.0.0:")
    assert err == (
        "threethirteen: warning: --host 0.0.0.0 may be reachable from other machines: "
        "whoever has the address with its token can use the pages and read the files named\n"
    )


def test_serve_does_not_warn_for_loopback(capsys: pytest.CaptureFixture[str]) -> None:
    status, _ = _serve(["--host", "localhost", "--port", "0"])
    assert status == 0
    assert capsys.readouterr().err == ""


def test_serve_reports_an_address_it_cannot_use(capsys: pytest.CaptureFixture[str]) -> None:
    with running_server() as other:
        status, seen = _serve(["--port", str(other.port)])
    assert (status, seen) == (2, [])
    assert capsys.readouterr().err.startswith("threethirteen: error: cannot listen on 127.0.0.1:")


def test_serve_ctrl_c_closes_and_exits_130() -> None:
    servers: list[RunningServer] = []

    def interrupted(server: RunningServer) -> None:
        servers.append(server)
        raise KeyboardInterrupt

    assert cli_serve.main(["--port", "0"], wait=interrupted) == 130
    with pytest.raises(urllib.error.URLError, match="Connection refused"):
        urllib.request.urlopen(servers[0].url, timeout=5)


# -- sessions ---------------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_session_is_kept_got_and_dropped() -> None:
    store = SessionStore()
    key = store.create({"seats": 2})
    assert len(key) == 16
    assert set(key) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert store.get(key) == {"seats": 2}
    assert len(store) == 1
    store.drop(key)
    store.drop(key)
    assert len(store) == 0
    with pytest.raises(HttpError) as caught:
        store.get(key)
    assert (caught.value.status, caught.value.message) == (404, UNKNOWN_SESSION)
    assert UNKNOWN_SESSION == "no such session: it ended or expired"


def test_a_full_store_drops_the_session_idle_longest() -> None:
    clock = Clock()
    store = SessionStore(max_sessions=3, clock=clock)
    keys = []
    for value in "abc":
        keys.append(store.create(value))
        clock.now += 1
    assert store.get(keys[0]) == "a"  # a is used again: b is now the idle longest
    clock.now += 1
    d = store.create("d")
    assert len(store) == 3
    assert keys[1] not in store
    assert [store.get(key) for key in (keys[0], keys[2], d)] == ["a", "c", "d"]
    e = store.create("e")  # now a is the idle longest (c, d, a were got in that order)
    assert keys[0] not in store
    assert store.get(e) == "e"


def test_an_idle_session_expires() -> None:
    clock = Clock()
    store = SessionStore(idle_seconds=60.0, clock=clock)
    key = store.create(1)
    clock.now += 60.0
    assert store.get(key) == 1  # exactly the idle time: still there, and refreshed
    clock.now += 59.0
    assert store.get(key) == 1
    clock.now += 60.5
    with pytest.raises(HttpError, match="no such session"):
        store.get(key)
    assert len(store) == 0


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"max_sessions": 0}, "max_sessions must be from 1 to 1000000, not 0"),
        ({"max_sessions": 2.5}, "max_sessions must be an int, not 2.5"),
        ({"idle_seconds": 0}, "idle_seconds must be above 0, not 0"),
        ({"idle_seconds": float("inf")}, "idle_seconds must be a finite number, not inf"),
        ({"idle_seconds": "1"}, "idle_seconds must be a finite number, not '1'"),
    ],
)
def test_bad_store_bounds_are_named(options: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidInputError) as caught:
        SessionStore(**options)
    assert str(caught.value) == message


class ReferenceStore:
    """The obviously correct store: a list of [key, last use, value], scanned."""

    def __init__(self, most: int, idle: float) -> None:
        self.most, self.idle = most, idle
        self.rows: list[list[Any]] = []
        self.uses = 0

    def expire(self, now: float) -> None:
        self.rows = [row for row in self.rows if now - row[1] <= self.idle]

    def create(self, key: str, value: int, now: float) -> None:
        self.expire(now)
        while len(self.rows) >= self.most:
            self.rows.remove(min(self.rows, key=lambda row: (row[1], row[3])))
        self.uses += 1
        self.rows.append([key, now, value, self.uses])

    def get(self, key: str, now: float) -> int | None:
        self.expire(now)
        for row in self.rows:
            if row[0] == key:
                self.uses += 1
                row[1], row[3] = now, self.uses
                return int(row[2])
        return None

    def drop(self, key: str) -> None:
        self.rows = [row for row in self.rows if row[0] != key]


OPERATIONS = st.lists(
    st.one_of(
        st.tuples(st.just("create"), st.integers(0, 99)),
        st.tuples(st.just("get"), st.integers(0, 30)),
        st.tuples(st.just("drop"), st.integers(0, 30)),
        st.tuples(st.just("wait"), st.sampled_from([0.0, 1.0, 5.0, 9.5, 10.0, 10.5, 30.0])),
    ),
    max_size=60,
)


@settings(max_examples=examples(200))
@given(most=st.integers(1, 5), operations=OPERATIONS)
def test_the_store_agrees_with_the_reference(most: int, operations: list[Any]) -> None:
    clock = Clock()
    store = SessionStore(max_sessions=most, idle_seconds=10.0, clock=clock)
    reference = ReferenceStore(most, 10.0)
    keys: list[str] = []
    for kind, argument in operations:
        if kind == "create":
            key = store.create(argument)
            keys.append(key)
            reference.create(key, argument, clock.now)
        elif kind == "wait":
            clock.now += argument
        elif keys:
            key = keys[argument % len(keys)]
            if kind == "drop":
                store.drop(key)
                reference.drop(key)
            else:
                expected = reference.get(key, clock.now)
                try:
                    actual = store.get(key)
                except HttpError as error:
                    actual = None if error.status == 404 else error
                assert actual == expected
        reference.expire(clock.now)
        assert len(store) == len(reference.rows)
        assert sorted(key for key in keys if key in store) == sorted(
            row[0] for row in reference.rows
        )


def test_the_store_is_thread_safe() -> None:
    store = SessionStore(max_sessions=10_000)
    small = SessionStore(max_sessions=20)
    failures: list[BaseException] = []
    barrier = threading.Barrier(8)

    def work(worker: int) -> None:
        try:
            barrier.wait()
            for step in range(300):
                key = store.create((worker, step))
                assert store.get(key) == (worker, step)
                if step % 3 == 0:
                    store.drop(key)
                other = small.create(step)
                with contextlib.suppress(HttpError):  # dropped by another thread: allowed
                    small.get(other)
                assert len(small) <= 20
        except BaseException as error:  # pragma: no cover - reported below
            failures.append(error)

    threads = [threading.Thread(target=work, args=(worker,)) for worker in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert len(store) == 8 * 200
    assert len(small) == 20
