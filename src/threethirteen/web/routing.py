"""What a page's request and the server's answer are, and how a route is declared.

Every feature of ``threethirteen serve`` (the hand checker, the table, the review,
the results) is a module of this package that declares its routes as
:class:`Route` values; :mod:`threethirteen.web.server` gathers them, reads each
request (bounded), checks where it comes from, and calls the route's handler
with a :class:`Request` and the server's :class:`Context`. A handler returns a
:class:`Response`, or raises :class:`HttpError` (the page shows its message), or
lets one of the library's errors for bad input through (the server answers 400
with its message; any other exception is a 500 whose text never reaches the page).

>>> route = Route("GET", "/api/ping", lambda context, request: json_response({"ok": True}))
>>> answer = route.handler(Context(files={}), Request("GET", "/api/ping", {}, b""))
>>> answer.status, answer.content_type, answer.body
(200, 'application/json', b'{"ok": true}')
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .._validate import cut
from ..errors import InvalidInputError

__all__ = [
    "MAX_BODY_BYTES",
    "Context",
    "Handler",
    "HttpError",
    "Request",
    "Response",
    "Route",
    "json_response",
]

MAX_BODY_BYTES = 8 * 1024 * 1024
"""The largest request body the server reads (a record is at most
``MAX_RECORD_BYTES``; a games file uploaded may be larger, up to this)."""


@dataclass(frozen=True)
class Request:
    """One request, read and bounded by the server.

    :param method: ``"GET"`` or ``"POST"``.
    :param path: the path without its query (``"/api/check"``).
    :param query: the query's parameters, the last value of each.
    :param body: the body's bytes (empty for a GET).
    """

    method: str
    path: str
    query: Mapping[str, str]
    body: bytes

    def json(self) -> Any:
        """The body parsed as JSON, or :class:`HttpError` 400 naming why not.

        >>> Request("POST", "/x", {}, b'{"a": 1}').json()
        {'a': 1}
        """
        try:
            return json.loads(self.body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError) as error:
            raise HttpError(400, f"the request's body must be JSON: {cut(str(error))}") from None

    def param(self, name: str, default: str | None = None) -> str:
        """The query parameter ``name``, or ``default``; :class:`HttpError` 400 when
        it is missing and there is no default.

        >>> Request("GET", "/x", {"hand": "9s"}, b"").param("hand")
        '9s'
        """
        value = self.query.get(name, default)
        if value is None:
            raise HttpError(400, f"the parameter {name!r} is missing")
        return value


@dataclass(frozen=True)
class Response:
    """The server's answer.

    :param status: the HTTP status.
    :param body: the body's bytes.
    :param content_type: its media type (``charset=utf-8`` is added for text).
    :param headers: more headers (``Content-Disposition`` for a download, say).
    """

    status: int
    body: bytes
    content_type: str = "application/json"
    headers: tuple[tuple[str, str], ...] = ()


class HttpError(Exception):
    """An answer other than success, with a message the page shows as it is.

    >>> HttpError(404, "no such game").status
    404
    """

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def json_response(data: Any, status: int = 200) -> Response:
    """``data`` as a JSON answer (UTF-8, not ASCII-escaped; the page escapes what it
    shows).

    >>> json_response({"deadwood": 4}).body
    b'{"deadwood": 4}'
    """
    return Response(status, json.dumps(data, ensure_ascii=False).encode("utf-8"))


@dataclass
class Context:
    """What every handler shares: the files named on the command line, the pool
    on which slow work runs, and a lock-guarded place per feature for its state.

    :param files: the files named on the command line, by the name the page uses
        (their base name, made unique); no other file is ever read.
    :param executor: where slow work (a bot's move, a review) runs; ``None``: the
        handler's own thread.
    :param state: each feature's own state, by its module's name (a feature
        creates its entry on first use, under :attr:`lock`).
    """

    files: Mapping[str, Path]
    executor: Executor | None = None
    state: dict[str, Any] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def feature_state(self, name: str, make: Callable[[], Any]) -> Any:
        """The state of feature ``name``, made by ``make()`` on first use.

        >>> context = Context(files={})
        >>> context.feature_state("table", dict) is context.feature_state("table", dict)
        True
        """
        with self.lock:
            if name not in self.state:
                self.state[name] = make()
            return self.state[name]


Handler = Callable[[Context, Request], Response]
"""A route's handler: the context and the request in, the answer out."""


@dataclass(frozen=True)
class Route:
    """One route: a method, a path (exact, or a prefix ending with ``/`` when
    ``prefix`` is true), and the handler.

    >>> games = Route("GET", "/api/games/", lambda c, r: json_response([]), prefix=True)
    >>> games.matches("GET", "/api/games/3"), games.matches("POST", "/api/games/3")
    (True, False)
    """

    method: str
    path: str
    handler: Handler
    prefix: bool = False

    def matches(self, method: str, path: str) -> bool:
        """Whether this route answers ``method`` on ``path``."""
        if method != self.method:
            return False
        return path.startswith(self.path) if self.prefix else path == self.path


def bad_input_message(error: InvalidInputError) -> str:
    """The text the page shows for one of the library's bad-input errors.

    >>> bad_input_message(InvalidInputError("a hand holds 2 to 40 cards, not 1"))
    'a hand holds 2 to 40 cards, not 1'
    """
    return cut(str(error), 500)
