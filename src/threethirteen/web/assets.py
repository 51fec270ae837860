"""The files ``threethirteen serve`` ships: its pages and their scripts, styles and pictures.

They are package data in ``threethirteen/web/static/``; only a name of the form
``^[a-z0-9_-]+\\.(js|css|png|svg)$`` is ever read there (no folder, no dot-dot), and a
page (``index``, ``check``, ``play``, ``review``, ``results``) is its HTML with
``{{TOKEN}}`` replaced by the launch token.

>>> asset("common.js")[:2]
b'//'
>>> asset("../server.py") is None, asset("index.html") is None
(True, True)
>>> b"{{TOKEN}}" in page("index", "abc123")
False
"""

from __future__ import annotations

import re
from importlib import resources

__all__ = ["ASSET_NAME", "CONTENT_TYPES", "PAGES", "asset", "content_type", "page"]

ASSET_NAME = re.compile(r"[a-z0-9_-]+\.(js|css|png|svg)")
"""A name ``GET /static/<name>`` serves (matched whole)."""

PAGES = ("index", "check", "play", "review", "results")
"""The pages, each ``static/<name>.html``: ``/`` is ``index``, ``/check`` is ``check``..."""

CONTENT_TYPES = {
    "js": "text/javascript",
    "css": "text/css",
    "png": "image/png",
    "svg": "image/svg+xml",
    "html": "text/html",
}
"""The media type of each kind of file served."""

TOKEN_MARK = b"{{TOKEN}}"
"""The text a page's HTML holds where the launch token goes."""


def _read(name: str) -> bytes | None:
    """The bytes of ``static/<name>``, or ``None`` when there is no such file."""
    try:
        return (resources.files("threethirteen.web") / "static" / name).read_bytes()
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return None


def asset(name: str) -> bytes | None:
    """The file ``static/<name>`` when ``name`` is one that may be served and exists,
    else ``None``.

    :param name: the part of the path after ``/static/``.

    >>> asset("style.css") is not None, asset("STYLE.CSS"), asset("a/b.js")
    (True, None, None)
    """
    if not ASSET_NAME.fullmatch(name):
        return None
    return _read(name)


def content_type(name: str) -> str:
    """The media type of a file by its name's ending.

    >>> content_type("common.js"), content_type("back.svg")
    ('text/javascript', 'image/svg+xml')
    """
    return CONTENT_TYPES.get(name.rpartition(".")[2], "application/octet-stream")


def page(name: str, token: str) -> bytes | None:
    """The HTML of page ``name`` (one of :data:`PAGES`) with the launch token in its
    ``<meta name="tt-token">``; ``None`` for no such page (or one not written yet).

    :param token: the launch token (letters, digits, ``-`` and ``_`` only, so it
        needs no escaping in an attribute).

    >>> b'content="T0ken"' in page("index", "T0ken")
    True
    >>> page("secret", "T0ken") is None
    True
    """
    if name not in PAGES:
        return None
    html = _read(f"{name}.html")
    if html is None:
        return None
    return html.replace(TOKEN_MARK, token.encode("ascii"))
