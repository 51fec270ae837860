"""Sessions of ``threethirteen serve``: values kept by id, bounded in number and idle time.

The table keeps its games here, the files page its uploads. A session's id is
``secrets.token_urlsafe(12)``, so one tab cannot guess another's. When the store is
full, a new session drops the one idle longest; a session idle longer than
``idle_seconds`` is gone (on the next call that looks). Every method holds the
store's lock: handlers run on many threads at once.

>>> store = SessionStore(max_sessions=2)
>>> first = store.create("a game")
>>> store.get(first)
'a game'
>>> store.drop(first)
>>> len(store)
0
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from .._validate import as_finite, check_int
from .routing import HttpError

__all__ = ["UNKNOWN_SESSION", "SessionStore"]

UNKNOWN_SESSION = "no such session: it ended or expired"
"""The message of the 404 for an id the store does not hold."""


class SessionStore:
    """Values kept by a random id, at most ``max_sessions`` of them, each dropped
    after ``idle_seconds`` without a :meth:`get`.

    :param max_sessions: how many sessions at most (from 1); a new one beyond
        drops the one idle longest.
    :param idle_seconds: how long a session lives without use (above 0).
    :param clock: the time in seconds (``time.monotonic``; a test gives its own).
    :raises InvalidInputError: for a bound out of range.

    >>> now = [0.0]
    >>> store = SessionStore(max_sessions=64, idle_seconds=10.0, clock=lambda: now[0])
    >>> key = store.create({"seats": 2})
    >>> now[0] = 11.0
    >>> store.get(key)
    Traceback (most recent call last):
    ...
    threethirteen.web.routing.HttpError: no such session: it ended or expired
    """

    def __init__(
        self,
        max_sessions: int = 64,
        idle_seconds: float = 3600.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max_sessions = check_int("max_sessions", max_sessions, 1, 1_000_000)
        self.idle_seconds = float(as_finite(idle_seconds, "idle_seconds", low=0, above_low=True))
        self._clock = clock
        self._lock = threading.Lock()
        self._sessions: OrderedDict[str, tuple[float, Any]] = OrderedDict()

    def _expire(self, now: float) -> None:
        """Drop the sessions idle too long (the oldest use comes first)."""
        while self._sessions:
            key, (used, _) = next(iter(self._sessions.items()))
            if now - used <= self.idle_seconds:
                return
            del self._sessions[key]

    def create(self, value: Any) -> str:
        """Keep ``value`` and return its new id; when full, drop the longest idle.

        >>> store = SessionStore(max_sessions=1)
        >>> old = store.create(1)
        >>> new = store.create(2)
        >>> old in store, store.get(new)
        (False, 2)
        """
        with self._lock:
            now = self._clock()
            self._expire(now)
            while len(self._sessions) >= self.max_sessions:
                self._sessions.popitem(last=False)
            key = secrets.token_urlsafe(12)
            while key in self._sessions:  # pragma: no cover - 96 random bits
                key = secrets.token_urlsafe(12)
            self._sessions[key] = (now, value)
            return key

    def get(self, key: str) -> Any:
        """The value of session ``key``, its idle time started again.

        :raises HttpError: 404 when there is no such session (never was, dropped,
            or idle too long).

        >>> SessionStore().get("nope")
        Traceback (most recent call last):
        ...
        threethirteen.web.routing.HttpError: no such session: it ended or expired
        """
        with self._lock:
            now = self._clock()
            self._expire(now)
            entry = self._sessions.get(key) if isinstance(key, str) else None
            if entry is None:
                raise HttpError(404, UNKNOWN_SESSION)
            self._sessions[key] = (now, entry[1])
            self._sessions.move_to_end(key)
            return entry[1]

    def drop(self, key: str) -> None:
        """Forget session ``key`` (nothing when there is none).

        >>> store = SessionStore()
        >>> store.drop(store.create(1))
        >>> len(store)
        0
        """
        with self._lock:
            self._sessions.pop(key, None)

    def __contains__(self, key: object) -> bool:
        """Whether ``key`` is a live session (without refreshing it)."""
        with self._lock:
            self._expire(self._clock())
            return key in self._sessions

    def __len__(self) -> int:
        """How many live sessions."""
        with self._lock:
            self._expire(self._clock())
            return len(self._sessions)
