"""Shared checks of what callers pass in: ints (numpy integers too), sizes, and short
quotes of bad input for error messages.

Every check raises a :class:`~threethirteen.ThreeThirteenError` (the class the
caller names) whose message names the value and says why; a quote of the input
never runs past about :data:`QUOTE_LIMIT` characters, however large the input.

>>> quote("9s " * 1000)
"'9s 9s 9s 9s 9s 9s 9s 9s 9s 9s 9s 9s 9s 9s 9s 9s 9s...' (3000 characters)"
>>> check_int("threads", 0, 1, 256)
Traceback (most recent call last):
...
threethirteen.errors.ThreeThirteenError: threads must be from 1 to 256, not 0
"""

from __future__ import annotations

import json
import operator
import re
import reprlib
import sys
from itertools import islice
from typing import Any

from .errors import ThreeThirteenError

__all__ = [
    "MAX_CARDS",
    "MAX_SEED",
    "QUOTE_LIMIT",
    "as_index",
    "as_seed",
    "check_int",
    "is_iterable",
    "items",
    "load_json",
    "quote",
    "tokens",
]

QUOTE_LIMIT = 80
"""The most characters of the input an error message quotes."""

MAX_CARDS = 1000
"""The most cards a :class:`~threethirteen.Hand` (or a meld, or a hand's text) may
hold: more than any game's whole pool (8 decks and 16 jokers: 432 cards). A hand
for analysis holds far fewer (``MAX_HAND_SIZE``, 20)."""

MAX_SEED = 2**128 - 1
"""The largest seed a game takes (seeds are ints from 0)."""

_SEPARATORS = re.compile(r"[\s,;\ufeff]+")
"""What separates cards: white space, commas, semicolons, and a byte-order mark
(an editor's, at the start of a file or a pasted line)."""

_REPR = reprlib.Repr()
_REPR.maxlevel = 2
_REPR.maxstring = QUOTE_LIMIT // 2
_REPR.maxother = QUOTE_LIMIT // 2
_REPR.maxlong = QUOTE_LIMIT // 2
for _name in ("maxtuple", "maxlist", "maxarray", "maxset", "maxfrozenset", "maxdeque"):
    setattr(_REPR, _name, 6)
_REPR.maxdict = 4


def quote(value: object) -> str:
    """``repr(value)`` when short; else a repr cut to about :data:`QUOTE_LIMIT`
    characters that says how long the whole is.

    >>> quote("7x"), quote(None), quote(2**1000)
    ("'7x'", 'None', 'an int of 302 digits')
    """
    if isinstance(value, str):
        if len(value) <= QUOTE_LIMIT:
            text = repr(value)
            if len(text) <= QUOTE_LIMIT + 2:
                return text
        head = value[: QUOTE_LIMIT - 30]
        while len(repr(head)) > QUOTE_LIMIT - 26:
            head = head[: len(head) * 3 // 4]
        return f"{head + '...'!r} ({len(value)} characters)"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        digits = len(str(abs(value))) if value.bit_length() < 10_000 else None
        if digits is None:
            return f"an int of {value.bit_length()} bits"
        return f"an int of {digits} digits"
    if type(value) is dict and len(value) > 1000:  # reprlib sorts every key: not a million
        value = dict(islice(value.items(), 1000))  # (shown: the least of the first 1000)
    try:
        text = _REPR.repr(value)
    except Exception:  # a repr that fails: name the type instead
        text = f"<{type(value).__name__} object>"
    if len(text) > QUOTE_LIMIT:
        text = text[: QUOTE_LIMIT - 3] + "..."
    return text


def as_index(value: object, name: str, error: type[ThreeThirteenError] = ThreeThirteenError) -> int:
    """``value`` as an int: an int or a numpy integer (anything with ``__index__``),
    never a bool, a float or a string.

    >>> import numpy as np
    >>> as_index(np.int64(5), "a card code"), as_index(5, "a card code")
    (5, 5)
    >>> as_index(1.5, "a card code")
    Traceback (most recent call last):
    ...
    threethirteen.errors.ThreeThirteenError: a card code must be an int, not 1.5
    """
    if type(value) is int:
        return value
    if not isinstance(value, bool):
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise error(f"{name} must be an int, not {quote(value)}")


def as_seed(
    value: object, name: str, error: type[ThreeThirteenError] = ThreeThirteenError
) -> int | None:
    """A seed: ``None``, or a non-negative int (see :func:`as_index`).

    >>> as_seed(7, "a seed"), as_seed(None, "a seed")
    (7, None)
    >>> as_seed(-1, "a seed")
    Traceback (most recent call last):
    ...
    threethirteen.errors.ThreeThirteenError: a seed is not negative, not -1
    """
    if value is None:
        return None
    number = as_index(value, name, error)
    if number < 0:
        raise error(f"{name} is not negative, not {quote(value)}")
    return number


def check_int(
    name: str,
    value: object,
    low: int,
    high: int,
    error: type[ThreeThirteenError] = ThreeThirteenError,
) -> int:
    """``value`` as an int (see :func:`as_index`), checked to be from ``low`` to ``high``."""
    number = as_index(value, name, error)
    if not low <= number <= high:
        raise error(f"{name} must be from {low} to {high}, not {quote(number)}")
    return number


def is_iterable(value: object) -> bool:
    """Whether ``value`` can be iterated over and is no text (a string or bytes): a
    0-d numpy array, which claims to be iterable, is not.

    >>> import numpy as np
    >>> is_iterable([1]), is_iterable("9s"), is_iterable(np.array(5)), is_iterable(None)
    (True, False, False, False)
    """
    if isinstance(value, (str, bytes)):
        return False
    try:
        iter(value)  # type: ignore[call-overload]
    except TypeError:
        return False
    return True


def items(
    values: object, name: str, error: type[ThreeThirteenError], most: int = MAX_CARDS
) -> list[Any]:
    """The items of an iterable ``values`` as a list, refusing a value that is not
    iterable (or is a string) and more than ``most`` items (read no further)."""
    if not is_iterable(values):
        raise error(f"{name} must be a list, not {quote(values)}")
    found = list(islice(values, most + 1))  # type: ignore[call-overload]
    if len(found) > most:
        raise error(f"{name} holds more than {most} items")
    return found


def tokens(text: str, error: type[ThreeThirteenError], what: str = "a hand") -> list[str]:
    """The card tokens of ``text`` (split at spaces, commas and semicolons), refusing
    more than :data:`MAX_CARDS` without reading the rest."""
    found = [token for token in _SEPARATORS.split(text, maxsplit=MAX_CARDS + 1) if token]
    if len(found) > MAX_CARDS:
        raise error(f"{what} holds at most {MAX_CARDS} cards, not {quote(text)}")
    return found


def load_json(text: str | bytes, what: str, error: type[ThreeThirteenError]) -> Any:
    """``json.loads(text)``, with every way it fails (text that is not JSON, bytes that
    are not UTF-8, nesting deeper than Python's recursion limit, a number of more
    digits than Python converts) raised as ``error``, a short message naming ``what``.

    >>> load_json('{"a": [1]}', "a record", ThreeThirteenError)
    {'a': [1]}
    >>> load_json("[" * 100_000, "a record", ThreeThirteenError)
    Traceback (most recent call last):
    ...
    threethirteen.errors.ThreeThirteenError: a record is not JSON: nested too deeply
    >>> load_json("1" * 5000, "a record", ThreeThirteenError)
    Traceback (most recent call last):
    ...
    threethirteen.errors.ThreeThirteenError: a record is not JSON: a number of more than 4300 digits
    """
    try:
        return json.loads(text)
    except RecursionError:
        raise error(f"{what} is not JSON: nested too deeply") from None
    except json.JSONDecodeError as problem:
        raise error(f"{what} is not JSON: {problem}") from None
    except UnicodeDecodeError as problem:
        encoding = problem.encoding.upper()  # (bytes may be UTF-8, UTF-16 or UTF-32)
        raise error(
            f"{what} is not {encoding} text: {problem.reason} at byte {problem.start}"
        ) from None
    except ValueError:  # an integer of more digits than int() converts
        digits = sys.get_int_max_str_digits() if hasattr(sys, "get_int_max_str_digits") else 4300
        raise error(f"{what} is not JSON: a number of more than {digits} digits") from None
