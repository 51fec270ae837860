"""Shared checks of what callers pass in: ints (numpy integers too), sizes, and short
quotes of bad input for error messages.

Every check raises a :class:`~threethirteen.InvalidInputError` (or the class the
caller names) whose message names the value and says why; a quote of the input
never runs past about :data:`QUOTE_LIMIT` characters, however large the input.

>>> quote("9s " * 1000)
"'9s 9s 9s 9s 9s 9s 9s 9s 9s 9s 9s 9s 9s 9s 9s 9s 9s...' (3000 characters)"
>>> check_int("threads", 0, 1, 256)
Traceback (most recent call last):
...
threethirteen.errors.InvalidInputError: threads must be from 1 to 256, not 0
"""

from __future__ import annotations

import json
import math
import numbers
import operator
import re
import reprlib
import sys
from collections.abc import Callable, Mapping
from itertools import islice
from typing import Any

from .errors import InvalidInputError, ThreeThirteenError

__all__ = [
    "MAX_CARDS",
    "MAX_SEED",
    "QUOTE_LIMIT",
    "CrossCheck",
    "FieldCheck",
    "FieldError",
    "as_finite",
    "as_index",
    "as_seed",
    "boolean_field",
    "check_fields",
    "check_int",
    "choice_field",
    "cut",
    "expected",
    "finite",
    "integer_field",
    "is_iterable",
    "items",
    "list_field",
    "load_json",
    "nullable_field",
    "number_field",
    "object_field",
    "quote",
    "string_field",
    "tokens",
    "union_field",
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


def cut(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` (a message, not a value: see :func:`quote`) whole when it has at most
    ``limit`` characters; else its start and ``...``, ``limit`` characters in all.

    >>> cut("division by zero"), cut("x" * 100, 10)
    ('division by zero', 'xxxxxxx...')
    """
    return text if len(text) <= limit else text[: limit - 3] + "..."


def as_index(value: object, name: str, error: type[ThreeThirteenError] = InvalidInputError) -> int:
    """``value`` as an int: an int or a numpy integer (anything with ``__index__``),
    never a bool, a float or a string.

    >>> import numpy as np
    >>> as_index(np.int64(5), "a card code"), as_index(5, "a card code")
    (5, 5)
    >>> as_index(1.5, "a card code")
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidInputError: a card code must be an int, not 1.5
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
    value: object, name: str, error: type[ThreeThirteenError] = InvalidInputError
) -> int | None:
    """A seed: ``None``, or a non-negative int (see :func:`as_index`).

    >>> as_seed(7, "a seed"), as_seed(None, "a seed")
    (7, None)
    >>> as_seed(-1, "a seed")
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidInputError: a seed is not negative, not -1
    """
    if value is None:
        return None
    number = as_index(value, name, error)
    if number < 0:
        raise error(f"{name} is not negative, not {quote(value)}")
    return number


def finite(value: object) -> int | float | None:
    """``value`` as an int (kept exact) or a float when it is a finite real number (a
    numpy number too, never a bool, never an int beyond any float); else ``None``: the
    test behind :func:`as_finite`, for callers that say more than it does.

    >>> import numpy as np
    >>> finite(3), finite(np.float32(0.5)), finite(True), finite(float("nan")), finite("1")
    (3, 0.5, None, None, None)
    >>> finite(10**400) is None
    True
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return None
    try:
        number = float(value)
    except OverflowError:  # an int beyond any float
        return None
    if not math.isfinite(number):
        return None
    if isinstance(value, numbers.Integral):
        return operator.index(value)
    return number


def as_finite(
    value: object,
    name: str,
    error: type[ThreeThirteenError] = InvalidInputError,
    *,
    low: float | None = None,
    above_low: bool = False,
) -> int | float:
    """``value`` as a finite number (see :func:`finite`), from ``low`` when given (above
    it with ``above_low``).

    >>> as_finite(2.5, "a time"), as_finite(0, "a time", low=0)
    (2.5, 0)
    >>> as_finite(float("inf"), "a time")
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidInputError: a time must be a finite number, not inf
    >>> as_finite(0, "a time", low=0, above_low=True)
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidInputError: a time must be above 0, not 0
    """
    number = finite(value)
    if number is None:
        raise error(f"{name} must be a finite number, not {quote(value)}")
    if low is not None and (number < low or (above_low and number == low)):
        raise error(
            f"{name} must be {'above' if above_low else 'from'} {low:g}, not {quote(value)}"
        )
    return number


def check_int(
    name: str,
    value: object,
    low: int,
    high: int | None = None,
    error: type[ThreeThirteenError] = InvalidInputError,
) -> int:
    """``value`` as an int (see :func:`as_index`), checked to be from ``low`` to
    ``high`` (at least ``low`` when ``high`` is ``None``): the one check of an int
    argument, in the one voice (``NAME must be an int``, ``NAME must be from LOW to
    HIGH``, ``NAME must be at least LOW``).

    >>> check_int("playouts", 8, 1), check_int("top", 0, 0, 5)
    (8, 0)
    >>> check_int("playouts", 0, 1)
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidInputError: playouts must be at least 1, not 0
    >>> check_int("playouts", True, 1)
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidInputError: playouts must be an int, not True
    >>> check_int("a seed", -1, 0, 2**128 - 1)
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidInputError: a seed must be from 0 to 2**128 - 1, not -1
    """
    number = as_index(value, name, error)
    if number < low or (high is not None and number > high):
        limit = f"from {_bound(low)} to {_bound(high)}" if high is not None else f"at least {low}"
        raise error(f"{name} must be {limit}, not {quote(number)}")
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


_JSON_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKETS_OR_QUOTES = bytes(code for code in range(256) if code not in b'[]{}"')


def _nested_at_most(text: str | bytes, most: int) -> bool:
    """Whether JSON ``text`` (read already: its brackets balance) nests arrays and
    objects at most ``most`` deep. At C speed: every byte but brackets and quotes
    deleted, the strings with no bracket in them (now ``""``) removed; what is left
    is the brackets outside strings (else, when a string holds a bracket or a quote
    is escaped, the strings are cut out of the text itself); then matched pairs
    ``[]``/``{}`` are removed ``most`` times over, one level each time: what remains
    nests deeper."""
    if isinstance(text, str):
        text = text.encode("utf-8", "replace")
    if text.count(b"[") + text.count(b"{") <= most:
        return True
    brackets = text.translate(None, _NOT_BRACKETS_OR_QUOTES).replace(b'""', b"")
    if b'"' in brackets or b"\\" in text:
        brackets = _JSON_STRING.sub(b"", text).translate(None, _NOT_BRACKETS_OR_QUOTES)
    for _ in range(most):
        if not brackets:
            return True
        # innermost pairs marked first, then removed: one level a pass ("{[]}" keeps "{}")
        brackets = brackets.replace(b"[]", b"\0").replace(b"{}", b"\0").replace(b"\0", b"")
    return not brackets


class _NotJSONConstant(Exception):
    """``NaN``, ``Infinity`` or ``-Infinity``, which Python's ``json`` reads: not JSON."""


def _no_constant(name: str) -> Any:
    raise _NotJSONConstant(f"{name} is not JSON")


def load_json(
    text: str | bytes,
    what: str,
    error: type[ThreeThirteenError],
    *,
    max_depth: int | None = None,
    allow_nan: bool = True,
) -> Any:
    """``json.loads(text)``, with every way it fails (text that is not JSON, bytes that
    are not UTF-8, nesting deeper than Python's recursion limit, a number of more
    digits than Python converts) raised as ``error``, a short message naming ``what``:
    the one JSON reader of records, results, game logs and the bot protocol.

    :param max_depth: the deepest arrays and objects may nest (``None``: as deep as
        Python reads); deeper text is refused, so no reader after recurses without a
        bound.
    :param allow_nan: ``False`` refuses ``NaN``, ``Infinity`` and ``-Infinity``
        (which Python's ``json`` reads, but are not JSON).
    :raises error: ``WHAT is not JSON: REASON``.

    >>> load_json('{"a": [1]}', "a record", InvalidInputError)
    {'a': [1]}
    >>> load_json("[" * 100_000, "a record", InvalidInputError)
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidInputError: a record is not JSON: nested too deeply
    >>> load_json("1" * 5000, "a record", InvalidInputError)
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidInputError: a record is not JSON: a number of more than 4300 digits
    >>> load_json("[[[1]]]", "a message", InvalidInputError, max_depth=2)
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidInputError: a message is not JSON: nested more than 2 deep
    >>> load_json("[NaN]", "a message", InvalidInputError, allow_nan=False)
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidInputError: a message is not JSON: NaN is not JSON
    """
    deep = f"nested more than {max_depth} deep" if max_depth is not None else "nested too deeply"
    try:
        data = json.loads(text) if allow_nan else json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise error(f"{what} is not JSON: {deep}") from None
    except _NotJSONConstant as problem:
        raise error(f"{what} is not JSON: {problem}") from None
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
    if max_depth is not None and not _nested_at_most(text, max_depth):
        raise error(f"{what} is not JSON: {deep}")
    return data


# -- JSON objects as tables of fields ----------------------------------------------------

FieldCheck = Callable[[object, str], None]
"""A check of one value of JSON data: called with the value and where it is (a path
such as ``stats[0].games``), it raises :class:`FieldError` when the value is wrong.
A check is a pure function of the value: the tables call it with a short path, and
only when it fails again with the whole path, for the message (so that no path is
made for a value that is right).
The builders (:func:`integer_field`, :func:`boolean_field`, :func:`choice_field`,
:func:`string_field`, :func:`list_field`, :func:`object_field`, :func:`nullable_field`)
make them; a caller's own check (a function of the value and the path) serves as
well."""


class FieldError(Exception):
    """What a :data:`FieldCheck` found wrong, the path included
    (``stats[0].games: expected an integer, not 'x'``). :func:`check_fields` raises
    it again as the caller's error, after the caller's name for the whole data; it
    never leaves :func:`check_fields`."""


def expected(where: str, what: str, value: object) -> FieldError:
    """The :class:`FieldError` of a value at ``where`` that is not ``what``.

    >>> expected("stats[0].games", "an integer", "x")
    FieldError("stats[0].games: expected an integer, not 'x'")
    """
    return FieldError(f"{where}: expected {what}, not {quote(value)}")


def _bound(number: int) -> str:
    """A bound as a message writes it: ``2**128 - 1`` rather than its 39 digits."""
    size = abs(number) + 1
    if abs(number) > 2**32 and size & (size - 1) == 0:
        text = f"2**{size.bit_length() - 1} - 1"
        return text if number > 0 else f"-({text})"
    return str(number)


def integer_field(low: int, high: int) -> FieldCheck:
    """A check of an integer from ``low`` to ``high`` (a JSON number without a
    fraction: never true or false, never ``1.0``).

    >>> check = integer_field(0, 2**128 - 1)
    >>> check(5, "games")
    >>> check(-1, "games")
    Traceback (most recent call last):
    ...
    threethirteen._validate.FieldError: games: expected an integer from 0 to 2**128 - 1, not -1
    """

    def check(value: object, where: str) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise expected(where, "an integer", value)
        if not low <= value <= high:
            raise expected(where, f"an integer from {_bound(low)} to {_bound(high)}", value)

    return check


def number_field(low: float, high: float, *, above_low: bool = False) -> FieldCheck:
    """A check of a finite number (see :func:`finite`: never true or false, never NaN)
    from ``low`` (above it with ``above_low``) to ``high`` (``math.inf``: no bound).

    >>> check = number_field(0, 60, above_low=True)
    >>> check(0.5, "move_time")
    >>> check(0, "move_time")
    Traceback (most recent call last):
    ...
    threethirteen._validate.FieldError: move_time: expected a number above 0 and at most 60, not 0
    >>> number_field(0, math.inf, above_low=True)(float("inf"), "move_time")
    Traceback (most recent call last):
    ...
    threethirteen._validate.FieldError: move_time: expected a finite number above 0, not inf
    """
    least = _bound(low) if isinstance(low, int) else f"{low:g}"
    most = _bound(high) if isinstance(high, int) else f"{high:g}"
    if high == math.inf:  # (no bound above: any finite number)
        what = f"a finite number {'above' if above_low else 'from'} {least}"
    elif above_low:
        what = f"a number above {least} and at most {most}"
    else:
        what = f"a number from {least} to {most}"

    def check(value: object, where: str) -> None:
        number = finite(value)
        if number is None or not low <= number <= high or (above_low and number == low):
            raise expected(where, what, value)

    return check


def boolean_field(value: object, where: str) -> None:
    """A check of true or false.

    >>> boolean_field(1, "duplicate")
    Traceback (most recent call last):
    ...
    threethirteen._validate.FieldError: duplicate: expected true or false, not 1
    """
    if not isinstance(value, bool):
        raise expected(where, "true or false", value)


def choice_field(*choices: str) -> FieldCheck:
    """A check of one of the strings ``choices``.

    >>> choice_field("balanced", "rotations")("all", "seatings")
    Traceback (most recent call last):
    ...
    threethirteen._validate.FieldError: seatings: expected 'balanced' or 'rotations', not 'all'
    """

    def check(value: object, where: str) -> None:
        if not isinstance(value, str) or value not in choices:
            raise expected(where, " or ".join(repr(choice) for choice in choices), value)

    return check


def string_field(longest: int, fewest: int = 1) -> FieldCheck:
    """A check of a string of ``fewest`` (1 unless given) to ``longest`` characters.

    >>> string_field(4)("", "bots[0]")
    Traceback (most recent call last):
    ...
    threethirteen._validate.FieldError: bots[0]: expected a string of 1 to 4 characters, not ''
    >>> string_field(4, fewest=0)("", "message")
    >>> string_field(4, fewest=0)(None, "message")
    Traceback (most recent call last):
    ...
    threethirteen._validate.FieldError: message: expected a string of at most 4 characters, not None
    """
    what = (
        f"a string of {fewest} to {longest} characters"
        if fewest
        else f"a string of at most {longest} characters"
    )

    def check(value: object, where: str) -> None:
        if not isinstance(value, str) or not fewest <= len(value) <= longest:
            raise expected(where, what, value)

    return check


def nullable_field(check: FieldCheck) -> FieldCheck:
    """A check of null (``None``) or a value ``check`` takes.

    >>> game = nullable_field(integer_field(0, 9))
    >>> game(None, "game"), game(3, "game")
    (None, None)
    >>> game("3", "game")
    Traceback (most recent call last):
    ...
    threethirteen._validate.FieldError: game: expected an integer, not '3'
    """

    def nullable(value: object, where: str) -> None:
        if value is not None:
            check(value, where)

    return nullable


def list_field(item: FieldCheck, fewest: int, most: int) -> FieldCheck:
    """A check of a list of ``fewest`` to ``most`` items, each checked by ``item``
    (the length before the items, so that no work is done on an oversized list).

    >>> check = list_field(integer_field(0, 9), 1, 3)
    >>> check([1, 2], "scores")
    >>> check([1, 20], "scores")
    Traceback (most recent call last):
    ...
    threethirteen._validate.FieldError: scores[1]: expected an integer from 0 to 9, not 20
    >>> check([1] * 1000, "scores")
    Traceback (most recent call last):
    ...
    threethirteen._validate.FieldError: scores: expected a list of 1 to 3 items, not 1000
    """

    def check(value: object, where: str) -> None:
        if not isinstance(value, list):
            raise expected(where, "a list", value)
        if not fewest <= len(value) <= most:  # (the length before the items)
            raise FieldError(
                f"{where}: expected a list of {fewest} to {most} items, not {len(value)}"
            )
        for index, element in enumerate(value):
            try:
                item(element, where)  # (the path made only for a message, as below)
            except FieldError:
                item(element, f"{where}[{index}]")  # again, to say where
                raise

    return check


def _at(where: str, name: str) -> str:
    """The path of field ``name`` of the object at ``where`` (just ``name`` at the top)."""
    return f"{where}.{name}" if where else name


def _problem(where: str, message: str) -> FieldError:
    """A :class:`FieldError` of the object at ``where`` (no path at the top)."""
    return FieldError(f"{where}: {message}" if where else message)


def _check_object(
    value: Mapping[str, object],
    where: str,
    fields: Mapping[str, FieldCheck],
    optional: Mapping[str, FieldCheck],
    allowed: tuple[str, ...] = (),
) -> None:
    """Each of ``fields`` present and checked, each of ``optional`` checked when
    present (in the tables' order), then no other field (but those ``allowed``)."""
    for name, check in fields.items():
        if name not in value:
            raise _problem(where, f"missing {name!r}")
        try:
            check(value[name], name)  # (the path made only for a message: see below)
        except FieldError:
            check(value[name], _at(where, name))  # again, to say where
            raise
    for name, check in optional.items():
        if name in value:
            check(value[name], _at(where, name))
    if len(value) > len(fields):
        extra = min(
            (
                str(key)
                for key in value
                if key not in fields and key not in optional and key not in allowed
            ),
            default=None,
        )  # (the least, not sorted: a million of them cost no more than a pass)
        if extra is not None:
            raise _problem(where, f"unexpected field {quote(extra)}")


def object_field(
    fields: Mapping[str, FieldCheck], optional: Mapping[str, FieldCheck] | None = None
) -> FieldCheck:
    """A check of an object with exactly these ``fields``, each checked by its check
    (at ``where.name``), and those of ``optional`` that it holds.

    >>> check = object_field({"games": integer_field(0, 9)}, {"name": string_field(9)})
    >>> check({"games": 3}, "stats[0]"), check({"games": 3, "name": "a"}, "stats[0]")
    (None, None)
    >>> check({"games": 3, "x": 1}, "stats[0]")
    Traceback (most recent call last):
    ...
    threethirteen._validate.FieldError: stats[0]: unexpected field 'x'
    >>> check({"games": 3, "name": 1}, "stats[0]")
    Traceback (most recent call last):
    ...
    threethirteen._validate.FieldError: stats[0].name: expected a string of 1 to 9 characters, not 1
    """
    extras: Mapping[str, FieldCheck] = optional or {}

    def check(value: object, where: str) -> None:
        if type(value) is not dict and not isinstance(value, Mapping):
            raise expected(where, "an object", value)
        _check_object(value, where, fields, extras)

    return check


def union_field(tag: str, variants: Mapping[str, FieldCheck]) -> FieldCheck:
    """A check of an object of one of several kinds, told apart by its field ``tag``
    (a string): the kind's own check (an :func:`object_field`, whose table holds
    ``tag`` too) then checks the whole object.

    >>> check = union_field("type", {
    ...     "draw": object_field({"type": choice_field("draw")}),
    ...     "score": object_field({"type": choice_field("score"), "points": integer_field(0, 9)}),
    ... })
    >>> check({"type": "score", "points": 3}, "events[0]")
    >>> check({"type": "fly"}, "events[0]")
    Traceback (most recent call last):
    ...
    threethirteen._validate.FieldError: events[0].type: expected 'draw' or 'score', not 'fly'
    """
    kinds = choice_field(*variants)

    def check(value: object, where: str) -> None:
        if type(value) is not dict and not isinstance(value, Mapping):
            raise expected(where, "an object", value)
        if tag not in value:
            raise _problem(where, f"missing {tag!r}")
        kind = value[tag]
        if type(kind) is not str or kind not in variants:
            kinds(kind, _at(where, tag))
        variants[kind](value, where)

    return check


CrossCheck = Callable[[Mapping[str, Any]], None]
"""A check of JSON data that the fields' own checks have passed, across fields (a
list's size that another field gives, an index into another list): it raises
:class:`FieldError` naming the field. :func:`check_fields` runs them, in their
order, after the table."""


def check_fields(
    data: Mapping[str, object],
    fields: Mapping[str, FieldCheck],
    what: str,
    error: type[ThreeThirteenError],
    *,
    allowed: tuple[str, ...] = (),
    optional: Mapping[str, FieldCheck] | None = None,
    then: tuple[CrossCheck, ...] = (),
) -> None:
    """Check JSON data (an object) against its table of ``fields``: each field's value
    by its check (in the table's order), the ``optional`` fields it holds by theirs,
    then that it holds no other field but those ``allowed`` (read, or worked out
    again, elsewhere); then the checks across fields, ``then``, in their order.

    :param what: the data's name, which starts every message (none when empty).
    :raises error: ``WHAT: PATH: what is wrong``.

    >>> fields = {"games": integer_field(0, 9), "names": list_field(string_field(9), 1, 4)}
    >>> check_fields({"games": 3, "names": ["a"]}, fields, "results", InvalidInputError)
    >>> check_fields({"games": 3, "names": [7]}, fields, "results", InvalidInputError)
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidInputError: results: names[0]: expected a string of 1 to 9 ...
    >>> check_fields({"games": 3}, fields, "results", InvalidInputError)
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidInputError: results: missing 'names'
    >>> def one_name_a_game(data):
    ...     if len(data["names"]) != data["games"]:
    ...         raise FieldError(f"names: expected {data['games']} names")
    >>> check_fields({"games": 3, "names": ["a"]}, fields, "results", InvalidInputError,
    ...     then=(one_name_a_game,))
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidInputError: results: names: expected 3 names
    """
    try:
        _check_object(data, "", fields, optional or {}, allowed)
        for check in then:
            check(data)
    except FieldError as problem:
        raise error(f"{what}: {problem}" if what else str(problem)) from None
