"""The server of ``threethirteen serve``: the standard library's threading HTTP server
behind a few walls, with the features' routes.

:func:`start_server` starts it on a thread of its own and returns a
:class:`RunningServer` at once. Every request passes the walls before any route sees
it:

- the ``Host`` header must name the server (``127.0.0.1:PORT``, ``localhost:PORT``,
  ``[::1]:PORT`` or the host it was started on): else 403, so a page of another site
  whose name was rebound to 127.0.0.1 gets nothing (DNS rebinding);
- a POST must carry the launch token in ``X-TT-Token`` (compared in constant time):
  else 403, so another site's page cannot change anything here;
- a body is read only with a ``Content-Length`` (411 without) of at most
  :data:`~threethirteen.web.routing.MAX_BODY_BYTES` (413 beyond);
- every answer carries a strict ``Content-Security-Policy`` (scripts and styles from
  this server only, no inline script), ``X-Content-Type-Options: nosniff``,
  ``Referrer-Policy: no-referrer`` and ``Cache-Control: no-store`` (but the cards');
- a route's :class:`~threethirteen.web.routing.HttpError` is its status with its
  message, the library's :class:`~threethirteen.InvalidInputError` a 400 with its
  message, anything else a 500 whose text stays in the server's log.

>>> import urllib.request
>>> with start_server() as server:
...     with urllib.request.urlopen(server.url + "static/common.js") as answer:
...         answer.status, answer.headers["X-Content-Type-Options"]
(200, 'nosniff')
"""

from __future__ import annotations

import contextlib
import hmac
import ipaddress
import secrets
import socket
import sys
import threading
import traceback
import urllib.parse
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import TracebackType
from typing import Any, TextIO

from .. import svg
from .._validate import check_int, quote
from ..errors import InvalidInputError
from . import assets, checker, files, results_pages, review_pages, table
from .routing import (
    MAX_BODY_BYTES,
    Context,
    HttpError,
    Request,
    Response,
    Route,
    bad_input_message,
    json_response,
)

__all__ = [
    "FEATURES",
    "HEADERS",
    "INTERNAL_ERROR",
    "LOOPBACK",
    "RunningServer",
    "file_names",
    "routes",
    "start_server",
]

LOOPBACK = ("127.0.0.1", "localhost", "::1")
"""The hosts that are this machine only; any other ``host`` is reachable from others."""

CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
)

HEADERS = (
    ("X-Content-Type-Options", "nosniff"),
    ("Content-Security-Policy", CONTENT_SECURITY_POLICY),
    ("Referrer-Policy", "no-referrer"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
    ("X-Frame-Options", "DENY"),
)
"""The headers of every answer (with ``Cache-Control``: ``no-store`` but for a card)."""

NO_STORE = "no-store"
CARD_CACHE = "public, max-age=31536000, immutable"

INTERNAL_ERROR = "internal error: see the server's log"
"""The message of every 500: what went wrong is written to the server's log only."""

FEATURES = (checker, files, results_pages, table, review_pages)
"""The modules of this package whose ``ROUTES`` the server serves, in this order."""

TOKEN_HEADER = "X-TT-Token"
READ_TIMEOUT = 30.0
"""Seconds a connection may take to send its request before it is closed."""


def routes() -> tuple[Route, ...]:
    """The features' routes, in the order of :data:`FEATURES`.

    >>> ("GET", "/api/files") in [(route.method, route.path) for route in routes()]
    True
    """
    return tuple(route for module in FEATURES for route in module.ROUTES)


def file_names(paths: Iterable[str | Path]) -> dict[str, Path]:
    """The files named on the command line by the name the pages use: the base name,
    made unique with ``-2``, ``-3``... before its suffix.

    >>> names = file_names(["a/games.jsonl", "b/games.jsonl", "record.json"])
    >>> {name: str(path) for name, path in names.items()}
    {'games.jsonl': 'a/games.jsonl', 'games-2.jsonl': 'b/games.jsonl', 'record.json': 'record.json'}
    """
    named: dict[str, Path] = {}
    for item in paths:
        path = Path(item)
        name, count = path.name, 1
        while name in named:
            count += 1
            name = f"{path.stem}-{count}{path.suffix}"
        named[name] = path
    return named


def _check_token(token: str | None) -> str:
    """The launch token: a new random one, or the one given when it is safe in a page."""
    if token is None:
        return secrets.token_urlsafe(24)
    if (
        not isinstance(token, str)
        or not 8 <= len(token) <= 128
        or not all(ch.isascii() and (ch.isalnum() or ch in "-_") for ch in token)
    ):
        raise InvalidInputError(
            f"token must be 8 to 128 letters, digits, '-' or '_', not {quote(token)}"
        )
    return token


def _host_names(host: str, port: int) -> frozenset[str]:
    """The ``Host`` headers that name this server (lowercase)."""
    names = {"127.0.0.1", "localhost", "[::1]", host.lower()}
    if ":" in host:
        names.add(f"[{host.lower()}]")
    allowed = {f"{name}:{port}" for name in names}
    if port == 80:
        allowed |= names
    return frozenset(allowed)


def _is_wildcard(host: str) -> bool:
    """Whether ``host`` means every address of this machine (``0.0.0.0``, ``::``)."""
    try:
        return ipaddress.ip_address(host).is_unspecified
    except ValueError:
        return False


def _ip_literal_host(header: str, port: int) -> bool:
    """Whether a ``Host`` header is an IP address (never a name: no DNS rebinding)
    with this server's port."""
    text, _, header_port = header.rpartition(":")
    if header_port != str(port):
        return False
    text = text[1:-1] if text.startswith("[") and text.endswith("]") else text
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


class _Server(ThreadingHTTPServer):
    """The HTTP server holding what its handlers need."""

    daemon_threads = True
    context: Context
    token: str
    allowed_hosts: frozenset[str]
    any_ip_host: bool
    table: tuple[Route, ...]
    log: TextIO
    stopped: threading.Event


class _Server6(_Server):
    address_family = socket.AF_INET6


class _Handler(BaseHTTPRequestHandler):
    """One connection's requests: the walls, then the route."""

    server: _Server
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body go out at once, not 40 ms apart
    timeout = READ_TIMEOUT
    server_version = "threethirteen"
    sys_version = ""
    error_content_type = "application/json"

    def do_GET(self) -> None:
        self._serve("GET")

    def do_POST(self) -> None:
        self._serve("POST")

    def do_HEAD(self) -> None:
        self._refuse_method("HEAD")

    def do_PUT(self) -> None:
        self._refuse_method("PUT")

    def do_DELETE(self) -> None:
        self._refuse_method("DELETE")

    def do_PATCH(self) -> None:
        self._refuse_method("PATCH")

    def do_OPTIONS(self) -> None:
        self._refuse_method("OPTIONS")

    def _refuse_method(self, method: str) -> None:
        self.close_connection = True
        self._send(json_response({"error": f"the method {method} is not served"}, 405))

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """http.server's own errors (a bad request line, too long a header...) as JSON,
        with the walls' headers."""
        self.close_connection = True
        text = message or self.responses.get(code, ("error",))[0]
        self._send(json_response({"error": str(text)}, code))

    def log_message(self, format: str, *args: Any) -> None:
        """The server's log: its stream, the client's address and the line (not the
        idle connections a browser keeps open and lets time out)."""
        if format.startswith("Request timed out"):
            return
        with contextlib.suppress(Exception):  # a closed log never stops the server
            self.server.log.write(f"{self.address_string()} - {format % args}\n")

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Only failed requests are logged (a page loads many files)."""
        if isinstance(code, int) and code >= 400:
            super().log_request(code, size)

    def _serve(self, method: str) -> None:
        try:
            response = self._answer(method)
        except HttpError as error:
            response = json_response({"error": error.message}, error.status)
        except InvalidInputError as error:
            response = json_response({"error": bad_input_message(error)}, 400)
        except Exception:
            self.log_message("%s", f"error in {method} {quote(self.path)}")
            traceback.print_exc(file=self.server.log)
            response = json_response({"error": INTERNAL_ERROR}, 500)
        self._send(response)

    def _answer(self, method: str) -> Response:
        """The walls, then the route's answer."""
        server = self.server
        if server.stopped.is_set():  # a connection kept open past close()
            self.close_connection = True
            raise HttpError(503, "the server is stopping")
        host = (self.headers.get("Host") or "").strip().lower()
        if host not in server.allowed_hosts and not (
            server.any_ip_host and _ip_literal_host(host, server.server_address[1])
        ):
            self.close_connection = True
            raise HttpError(403, f"this server does not answer for the host {quote(host)}")
        if method == "POST":
            given = self.headers.get(TOKEN_HEADER, "")
            if not hmac.compare_digest(given.encode("utf-8"), server.token.encode("utf-8")):
                self.close_connection = True
                raise HttpError(403, "a change needs the launch token: reload the page")
        body = self._body(method)
        parts = urllib.parse.urlsplit(self.path)
        try:
            path = urllib.parse.unquote(parts.path, errors="strict")
        except UnicodeDecodeError:
            raise HttpError(400, f"the path {quote(parts.path)} is not UTF-8") from None
        query = dict(urllib.parse.parse_qsl(parts.query, keep_blank_values=True))
        request = Request(method, path, query, body)
        return self._route(request)

    def _body(self, method: str) -> bytes:
        """The request's body, bounded; nothing for a GET."""
        length_text = self.headers.get("Content-Length")
        if method != "POST":
            if length_text not in (None, "0") or self.headers.get("Transfer-Encoding"):
                self.close_connection = True  # a body we do not read
            return b""
        if length_text is None:
            self.close_connection = True
            raise HttpError(411, "a request's body needs a Content-Length")
        try:
            length = int(length_text)
            digits = length_text.strip()
            if length < 0 or not (digits.isascii() and digits.isdigit()):
                raise ValueError(length_text)
        except ValueError:
            self.close_connection = True
            raise HttpError(400, f"bad Content-Length {quote(length_text)}") from None
        if length > MAX_BODY_BYTES:
            self.close_connection = True
            raise HttpError(
                413, f"a request's body must be at most {MAX_BODY_BYTES} bytes, not {length}"
            )
        try:
            body = self.rfile.read(length)
        except OSError:  # the socket's timeout: a body sent too slowly
            self.close_connection = True
            raise HttpError(408, "the request's body did not come in time") from None
        if len(body) != length:
            self.close_connection = True
            raise HttpError(400, "the request's body ended early")
        return body

    def _route(self, request: Request) -> Response:
        """The built-in routes (pages, static files, cards), then the features'."""
        path = request.path
        if request.method == "GET":
            built_in = self._built_in(path)
            if built_in is not None:
                return built_in
        known = False
        for route in self.server.table:
            if route.matches(request.method, path):
                return route.handler(self.server.context, request)
            known = known or route.matches(route.method, path)
        if known:
            raise HttpError(405, f"{request.method} is not served at {quote(path)}")
        raise HttpError(404, f"nothing is served at {quote(path)}")

    def _built_in(self, path: str) -> Response | None:
        """A page, a static file or a card; ``None`` for any other path."""
        name = "index" if path == "/" else path[1:]
        if name in assets.PAGES and path != "/index":
            html = assets.page(name, self.server.token)
            if html is None:
                raise HttpError(404, f"the page {quote(name)} is not written yet")
            return Response(200, html, "text/html")
        if path.startswith("/static/"):
            file_name = path[len("/static/") :]
            data = assets.asset(file_name)
            if data is None:
                raise HttpError(404, f"no such file: {quote(file_name)}")
            return Response(200, data, assets.content_type(file_name))
        if path == "/favicon.ico":  # what a browser asks for unbidden: a card's back
            icon = assets.asset("back.svg") or b""
            return Response(200, icon, "image/svg+xml", (("Cache-Control", CARD_CACHE),))
        if path.startswith("/card/") and path.endswith(".svg"):
            code = path[len("/card/") : -len(".svg")]
            picture = svg.card(code).encode("utf-8")
            return Response(200, picture, "image/svg+xml", (("Cache-Control", CARD_CACHE),))
        return None

    def _send(self, response: Response) -> None:
        """Write ``response`` with the walls' headers."""
        content_type = response.content_type
        textual = content_type.startswith("text/") or content_type in (
            "application/json",
            "image/svg+xml",
        )
        if textual and "charset" not in content_type:
            content_type += "; charset=utf-8"
        extra = dict(response.headers)
        try:
            self.send_response(response.status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(response.body)))
            for key, value in HEADERS:
                self.send_header(key, value)
            self.send_header("Cache-Control", extra.pop("Cache-Control", NO_STORE))
            for key, value in extra.items():
                self.send_header(key, value)
            if self.close_connection:
                self.send_header("Connection", "close")
            self.end_headers()
            if getattr(self, "command", None) != "HEAD":
                self.wfile.write(response.body)
        except (BrokenPipeError, ConnectionResetError):  # the page went away
            self.close_connection = True


class RunningServer:
    """A server started by :func:`start_server`, serving on a thread of its own
    until :meth:`close` (or the end of a ``with`` block).

    :ivar url: its address, ``http://127.0.0.1:PORT/``.
    :ivar port: the port it listens on.
    :ivar token: the launch token every POST carries.
    :ivar context: what its handlers share (the files, the executor, the state).

    >>> with start_server(token="abcdefgh") as server:
    ...     server.url.startswith("http://127.0.0.1:"), server.token
    (True, 'abcdefgh')
    """

    def __init__(
        self, httpd: _Server, thread: threading.Thread, executor: ThreadPoolExecutor, url: str
    ) -> None:
        self._httpd = httpd
        self._thread = thread
        self._executor = executor
        self._closed = False
        self.url = url
        self.port: int = httpd.server_address[1]
        self.token = httpd.token
        self.context = httpd.context

    @property
    def launch_url(self) -> str:
        """The address to open, with the token: ``http://127.0.0.1:PORT/?token=T``.

        >>> with start_server(token="T0kenT0ken") as server:
        ...     server.launch_url.endswith("/?token=T0kenT0ken")
        True
        """
        return f"{self.url}?token={self.token}"

    def close(self) -> None:
        """Stop serving, close the socket and shut the workers down (idempotent).

        >>> server = start_server()
        >>> server.close(); server.close()
        >>> server.wait(0)
        True
        """
        if self._closed:
            return
        self._closed = True
        self._httpd.stopped.set()
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join()
        self._executor.shutdown(wait=False, cancel_futures=True)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the server stops (or ``timeout`` seconds); whether it stopped."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def __enter__(self) -> RunningServer:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<RunningServer {self.url}>"


def start_server(
    files: Sequence[str | Path] | Mapping[str, Path] = (),
    *,
    host: str = "127.0.0.1",
    port: int = 0,
    token: str | None = None,
    workers: int = 4,
    bot_config: str | Path | None = None,
    log: TextIO | None = None,
    extra_routes: Sequence[Route] = (),
) -> RunningServer:
    """Start serving on a thread of its own and return at once.

    :param files: the files the pages may open (paths, named by :func:`file_names`;
        or a mapping of name to path); no other file is read.
    :param host: the address to bind (loopback by default).
    :param port: the port (0: any free one).
    :param token: the launch token (default: a new random one).
    :param workers: the threads of :attr:`Context.executor` (1 to 256).
    :param bot_config: a config file of process bots the table offers
        (``context.state["bot_config"]``).
    :param log: where failed requests and tracebacks are written (standard error).
    :param extra_routes: routes served besides the features' (after them).
    :returns: the :class:`RunningServer`.
    :raises InvalidInputError: for a bad port, token or number of workers.
    :raises OSError: when the address cannot be bound.

    >>> with start_server(["games.jsonl"]) as server:
    ...     sorted(server.context.files)
    ['games.jsonl']
    """
    port = check_int("port", port, 0, 65535)
    workers = check_int("workers", workers, 1, 256)
    launch_token = _check_token(token)
    named = dict(files) if isinstance(files, Mapping) else file_names(files)
    executor = ThreadPoolExecutor(workers, thread_name_prefix="threethirteen-serve")
    context = Context(files=named, executor=executor)
    if bot_config is not None:
        context.state["bot_config"] = Path(bot_config)
    server_class = _Server6 if ":" in host else _Server
    try:
        httpd = server_class((host, port), _Handler)
    except BaseException:
        executor.shutdown(wait=False)
        raise
    bound_port = httpd.server_address[1]
    httpd.context = context
    httpd.token = launch_token
    httpd.allowed_hosts = _host_names(host, bound_port)
    httpd.any_ip_host = _is_wildcard(host)
    httpd.table = (*routes(), *extra_routes)
    httpd.log = sys.stderr if log is None else log
    httpd.stopped = threading.Event()
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{bound_port}/"
    thread = threading.Thread(
        target=httpd.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True
    )
    thread.name = f"threethirteen-serve-{bound_port}"
    thread.start()
    return RunningServer(httpd, thread, executor, url)
