"""Any Python bot as a program that speaks the line protocol: ``threethirteen bot
MODULE:OBJECT`` (or ``python -m threethirteen bot MODULE:OBJECT``).

:func:`serve` reads the arena's messages (:mod:`threethirteen.arena.protocol`) from
standard input and writes one line of answer for each ``act`` (an object that
echoes the message's ``"request"``, when it has one). At each ``start`` it makes
the bot again, with the message's ``bot_seed``: a class, or a factory (a function
with a ``seed`` parameter), gets the seed; a bot object or a bot function is used
as it is. It forwards ``start`` and ``end`` to the bot's ``start_game`` and
``end_game`` hooks, when it has them. The protocol's channel is kept from the bot:
before the bot's module is imported, the messages and answers move to private
descriptors, and descriptor 1 (and ``sys.stdout``) becomes standard error, so
nothing the bot, its C code or its child processes print can pass for an answer.

It exits with status 0 after ``quit`` or at the end of the input; 1 when the bot
raised anything (``SystemExit`` and ``KeyboardInterrupt`` too) in ``act``,
``start_game`` or ``end_game``, its traceback on standard error, so that the arena
sees a crash; 2, with one line on standard error, for a bot that cannot be loaded
or made (whatever its module or factory raised) or a message it cannot read (one
that is not JSON, nests deeper than
:data:`~threethirteen.arena.protocol.MAX_NESTING`, has a field of the wrong type,
or shows a view whose fields do not follow from its history).

>>> import io
>>> import threethirteen as tt
>>> from threethirteen.arena.protocol import act_message, message_line, start_message
>>> game = tt.Game("pagat", players=2, seed=7)
>>> lines = [start_message(game, 1, bot_seed=5), act_message(game.view(1), game.legal_actions())]
>>> answers = io.StringIO()
>>> serve("threethirteen:GreedyBot", io.StringIO("".join(
...     message_line(line).decode() for line in lines)), answers)
0
>>> answers.getvalue()
'draw discard\\n'
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import math
import os
import sys
import traceback
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, TextIO

from .._validate import (
    MAX_SEED,
    CrossCheck,
    FieldCheck,
    FieldError,
    check_fields,
    choice_field,
    cut,
    expected,
    integer_field,
    list_field,
    nullable_field,
    number_field,
    object_field,
    quote,
    string_field,
)
from ..bots.builtin import BOTS, Bot, BotSpec, make_bot
from ..engine.actions import MAX_ACTION_LENGTH, Action
from ..engine.records import MAX_RECORD_ROUNDS, record_rules
from ..errors import BotProtocolError, InvalidBotError, ThreeThirteenError
from ..hands.rules import MAX_PLAYERS
from .protocol import (
    FORFEIT_KINDS,
    MAX_HISTORY,
    PROTOCOL_VERSION,
    check_legal_actions,
    read_message,
    view_from_dict,
)

__all__ = ["MAX_MESSAGE_BYTES", "load_bot_spec", "main", "serve"]

MAX_MESSAGE_BYTES = 256 * 1024 * 1024
"""The longest message line :func:`serve` reads (a view's history can be long)."""

EXIT_OK = 0
EXIT_BOT_FAILED = 1
EXIT_BAD_MESSAGE = 2
PROG = "threethirteen bot"


def load_bot_spec(spec: str) -> BotSpec:
    """The bot that ``spec`` names: ``MODULE:OBJECT`` (``OBJECT`` may be dotted), or a
    built-in bot's name.

    :raises InvalidBotError: for a module that does not import (or raises an
        exception as it does) or an object it does not hold.

    >>> load_bot_spec("threethirteen:GreedyBot")
    <class 'threethirteen.bots.builtin.GreedyBot'>
    >>> load_bot_spec("greedy")
    'greedy'
    >>> load_bot_spec("threethirteen:BestBot")
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidBotError: module 'threethirteen' has no 'BestBot'
    """
    if not isinstance(spec, str):
        raise InvalidBotError(f"a bot is named MODULE:OBJECT, not {quote(spec)}")
    if ":" not in spec:
        if spec in BOTS:
            return spec
        names = ", ".join(sorted(BOTS))
        raise InvalidBotError(
            f"a bot is named MODULE:OBJECT or is a built-in bot ({names}), not {quote(spec)}"
        )
    module_name, _, path = spec.partition(":")
    if not module_name or not path:
        raise InvalidBotError(f"a bot is named MODULE:OBJECT, not {quote(spec)}")
    try:
        found: Any = importlib.import_module(module_name)
    except ImportError as error:
        raise InvalidBotError(
            f"cannot import {quote(module_name)}: {_one_line(str(error))}"
        ) from None
    except Exception as error:  # the module raised
        raise InvalidBotError(f"cannot import {quote(module_name)}: {_describe(error)}") from error
    for part in path.split("."):
        try:
            found = getattr(found, part)
        except AttributeError:
            raise InvalidBotError(f"module {module_name!r} has no {quote(path)}") from None
        except Exception as error:  # a module's __getattr__ that raised
            raise InvalidBotError(
                f"cannot read {quote(path)} of {module_name!r}: {_describe(error)}"
            ) from error
    return found  # type: ignore[no-any-return]


class _BadMessage(Exception):
    """A message that :func:`serve` cannot read."""


def _act(bot: Bot, message: dict[str, Any], errors: TextIO) -> str:
    """The answer line (its newline not included) to an ``act`` message."""
    _check_message(message, _ACT_FIELDS, "an act message", optional=_ACT_OPTIONAL)
    request = message.get("request")
    try:  # (the second stage: the view, and the legal actions as they fit it)
        view = view_from_dict(message["view"])
        legal = [Action.parse(text) for text in message["legal"]]
        check_legal_actions(view, legal)
    except ThreeThirteenError as error:
        raise _BadMessage(str(error)) from None
    move_time = message["move_time"]
    with contextlib.redirect_stdout(errors):
        timed = getattr(bot, "timed_act", None)
        if move_time is not None and callable(timed):
            action: object = timed(view, legal, float(move_time))
        else:
            action = bot.act(view, legal)
    if not isinstance(action, Action):
        raise InvalidBotError(f"the bot returned {quote(action)}, not an action")
    if request is None:
        return str(action)
    return json.dumps({"action": str(action), "request": request})


def _hook(bot: Bot, name: str, message: dict[str, Any], errors: TextIO) -> None:
    hook = getattr(bot, name, None)
    if callable(hook):
        with contextlib.redirect_stdout(errors):
            hook(message)


def serve(
    spec: str | BotSpec,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run the bot ``spec`` names (see :func:`load_bot_spec`; a bot specification
    that is no string is used as it is) over the line protocol, and return the exit
    status: 0 after ``quit`` or the end of the input; 1 when the bot raised (any
    exception, ``SystemExit`` and ``KeyboardInterrupt`` included) in ``act``,
    ``start_game`` or ``end_game``, its traceback on ``stderr``; 2, with one line on
    ``stderr``, for a bot that cannot be loaded or made (its module or factory
    raised anything at all) or a message that cannot be read.

    A ``start`` message (re)makes the bot with its ``bot_seed``, as
    :func:`~threethirteen.make_bot` makes it; an ``act`` before any ``start`` makes it
    without a seed. Blank lines are skipped. An ``act`` message with a
    ``"request"`` is answered with an object that echoes it.

    Given neither ``stdin`` nor ``stdout``, it serves on the process's standard
    input and output, and first moves the protocol off them: the messages and the
    answers go through private copies of descriptors 0 and 1, descriptor 0 becomes
    ``/dev/null`` and descriptor 1 standard error (``sys.stdin`` and ``sys.stdout``
    with them) before the bot's module is imported, so nothing the bot, its C code
    or its child processes write to descriptor 1 (or read from 0) can touch the
    protocol. They are put back when it returns.

    :param stdin: the arena's messages (default: the process's standard input).
    :param stdout: the answers (default: the process's standard output).
    :param stderr: the errors, and what the bot prints (default: ``sys.stderr``).
    """
    if stdin is None and stdout is None:
        with _private_channel() as (messages, answers):
            return _serve(spec, messages, answers, sys.stderr if stderr is None else stderr)
    return _serve(
        spec,
        sys.stdin if stdin is None else stdin,
        sys.stdout if stdout is None else stdout,
        sys.stderr if stderr is None else stderr,
    )


def _serve(spec: str | BotSpec, source: TextIO, answers: TextIO, errors: TextIO) -> int:
    def fail(status: int, text: str) -> int:
        print(f"{PROG}: error: {text}", file=errors, flush=True)
        return status

    try:
        bot_spec = load_bot_spec(spec) if isinstance(spec, str) else spec
    except InvalidBotError as error:
        return fail(EXIT_BAD_MESSAGE, _one_line(str(error)))
    except BaseException as error:  # SystemExit, or KeyboardInterrupt raised by the module
        return fail(EXIT_BAD_MESSAGE, f"cannot load {quote(spec)}: {_describe(error)}")
    try:
        bot = make_bot(bot_spec, seed=None)  # checked now; used until a start comes
    except BaseException as error:
        return fail(EXIT_BAD_MESSAGE, _cannot_make(spec, error))
    while True:
        try:
            line = source.readline(MAX_MESSAGE_BYTES + 1)
        except UnicodeDecodeError:
            return fail(EXIT_BAD_MESSAGE, "a message that is not UTF-8")
        if not line:
            return EXIT_OK
        if len(line) > MAX_MESSAGE_BYTES:
            return fail(EXIT_BAD_MESSAGE, f"a message longer than {MAX_MESSAGE_BYTES} characters")
        if not line.strip():
            continue
        try:
            try:
                message = read_message(line)
            except BotProtocolError as error:
                raise _BadMessage(str(error)) from None
            kind = message["type"]
            if kind == "quit":
                return EXIT_OK
            if kind == "start":
                seed = _start_seed(message)
                try:
                    bot = make_bot(bot_spec, seed=seed)
                except BaseException as error:
                    return fail(EXIT_BAD_MESSAGE, _cannot_make(spec, error))
                _hook(bot, "start_game", message, errors)
            elif kind == "end":
                _check_end(message)
                _hook(bot, "end_game", message, errors)
            else:
                answers.write(_act(bot, message, errors) + "\n")
                answers.flush()
        except _BadMessage as error:
            return fail(EXIT_BAD_MESSAGE, _one_line(str(error)))
        except BrokenPipeError:  # the arena is gone
            return EXIT_OK
        except BaseException:  # the bot raised: SystemExit(0) is no clean exit either
            try:
                traceback.print_exc(file=errors)
                errors.flush()
            except Exception:  # the status says it all
                pass
            return EXIT_BOT_FAILED


@contextlib.contextmanager
def _private_channel() -> Iterator[tuple[TextIO, TextIO]]:
    """The protocol's messages and answers on private copies of descriptors 0 and 1
    (not inherited by child processes), descriptor 0 pointed at ``/dev/null`` and 1
    at standard error meanwhile, ``sys.stdin`` and ``sys.stdout`` with them; all put
    back after."""
    for stream in (sys.stdout, sys.__stdout__):
        with contextlib.suppress(Exception):
            if stream is not None:
                stream.flush()
    messages_fd = os.dup(0)
    answers_fd = os.dup(1)
    null = os.open(os.devnull, os.O_RDWR)
    try:
        os.dup2(null, 0)
        try:
            os.dup2(2, 1)
        except OSError:  # no standard error: then nowhere
            os.dup2(null, 1)
    finally:
        os.close(null)
    old_stdin, old_stdout = sys.stdin, sys.stdout
    sys.stdout = sys.stderr
    sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 (closed below)
    messages = open(messages_fd, encoding="utf-8", newline="\n", closefd=False)  # noqa: SIM115
    answers = open(answers_fd, "w", encoding="utf-8", newline="\n", closefd=False)  # noqa: SIM115
    try:
        yield messages, answers
    finally:
        for stream in (answers, sys.stdout, sys.__stdout__, old_stdout):
            with contextlib.suppress(Exception):
                if stream is not None:
                    stream.flush()
        for stream in (answers, messages, sys.stdin):
            with contextlib.suppress(Exception):
                stream.close()
        sys.stdin, sys.stdout = old_stdin, old_stdout
        os.dup2(answers_fd, 1)
        os.dup2(messages_fd, 0)
        os.close(answers_fd)
        os.close(messages_fd)


def _describe(error: BaseException) -> str:
    """An exception as one short line: its type's name and its message, read safely
    (a ``__str__`` that raises or returns no string is said to have failed).

    >>> _describe(ZeroDivisionError("division by zero"))
    'ZeroDivisionError: division by zero'
    >>> _describe(SystemExit(0))
    'SystemExit: 0'
    >>> class Odd(BaseException):
    ...     def __str__(self):
    ...         raise RuntimeError
    >>> _describe(Odd())
    'Odd: (its message could not be read)'
    """
    name = _one_line(str(getattr(type(error), "__name__", "an exception")))
    try:
        text = str(error)
        if not isinstance(text, str):
            raise TypeError
    except BaseException:
        text = "(its message could not be read)"
    text = _one_line(text)
    return f"{name}: {text}" if text else name


def _one_line(text: str, most: int = 300) -> str:
    """``text`` on one line (its whitespace runs made single spaces), cut to ``most``
    (see :func:`~threethirteen._validate.cut`)."""
    return cut(" ".join(text.split()), most)


def _cannot_make(spec: str | BotSpec, error: BaseException) -> str:
    if isinstance(error, InvalidBotError):
        return _one_line(str(error))
    return f"cannot make the bot {quote(spec)}: {_describe(error)}"


# -- the messages' fields, as tables --------------------------------------------------
# Each message's fields, each with its check where the field alone says what it must
# be (the first stage); then the checks across fields, in one list a message (the
# second): seats at the table, the rules for it, one score a player.

_MAX_INT = 2**63 - 1
_SEAT = integer_field(0, MAX_PLAYERS - 1)  # (then: a seat at the table)
_POINTS = integer_field(-_MAX_INT, _MAX_INT)


def _protocol(value: object, where: str) -> None:
    """The protocol's version: the int 1 (not ``1.0``, not ``true``)."""
    if type(value) is not int or value != PROTOCOL_VERSION:
        raise FieldError(
            f"protocol version {quote(value)} is not {PROTOCOL_VERSION}, the one this bot speaks"
        )


def _an_object(value: object, where: str) -> None:
    if not isinstance(value, dict):
        raise expected(where, "an object", value)


_START_FIELDS: dict[str, FieldCheck] = {
    "type": choice_field("start"),
    "protocol": _protocol,
    "seat": _SEAT,  # (then: at the table)
    "players": integer_field(2, MAX_PLAYERS),
    "rules": _an_object,  # (then: the rules for the table)
    "bot_seed": nullable_field(integer_field(0, MAX_SEED)),
    "game": nullable_field(integer_field(0, _MAX_INT)),
}
"""A ``start`` message."""


def _start_seat(message: Mapping[str, Any]) -> None:
    if message["seat"] >= message["players"]:
        raise expected("seat", f"a seat from 0 to {message['players'] - 1}", message["seat"])


def _start_rules(message: Mapping[str, Any]) -> None:
    rules = message["rules"]
    if rules.get("players") != message["players"]:
        raise FieldError(
            f"rules: expected the rules for {message['players']} players, not {quote(rules)}"
        )
    try:
        record_rules(rules)
    except (ThreeThirteenError, TypeError) as error:
        raise FieldError(f"rules: {error}") from None


_START_RULES: tuple[CrossCheck, ...] = (_start_seat, _start_rules)
"""A ``start`` message's checks across fields."""

_ACT_FIELDS: dict[str, FieldCheck] = {
    "type": choice_field("act"),
    "view": _an_object,  # (then: read, every field checked, by view_from_dict)
    "legal": list_field(string_field(MAX_ACTION_LENGTH), 0, MAX_HISTORY),  # (then: parsed)
    "move_time": nullable_field(number_field(0, math.inf, above_low=True)),
}
"""An ``act`` message (its view and legal actions then read, in :func:`_act`)."""
_ACT_OPTIONAL: dict[str, FieldCheck] = {"request": integer_field(0, _MAX_INT)}

_END_FIELDS: dict[str, FieldCheck] = {
    "type": choice_field("end"),
    "seat": _SEAT,  # (then: at the table)
    "totals": list_field(_POINTS, 2, MAX_PLAYERS),  # (the table: one a player)
    "round_scores": list_field(list_field(_POINTS, 2, MAX_PLAYERS), 0, MAX_RECORD_ROUNDS),
    "winners": list_field(_SEAT, 0, MAX_PLAYERS),  # (then: distinct, at the table)
    "forfeit": nullable_field(object_field({"seat": _SEAT, "kind": choice_field(*FORFEIT_KINDS)})),
}
"""An ``end`` message."""


def _end_seats(message: Mapping[str, Any]) -> None:
    """The seat, the winners and the forfeit's seat: seats at the table (one a total)."""
    players = len(message["totals"])
    seats = [("seat", message["seat"])]
    seats += [(f"winners[{index}]", seat) for index, seat in enumerate(message["winners"])]
    if message["forfeit"] is not None:
        seats.append(("forfeit.seat", message["forfeit"]["seat"]))
    for where, seat in seats:
        if seat >= players:
            raise expected(where, f"a seat from 0 to {players - 1}", seat)
    if len(set(message["winners"])) != len(message["winners"]):
        raise expected("winners", "distinct seats", message["winners"])


def _end_scores(message: Mapping[str, Any]) -> None:
    """Each round's scores: one a player (one a total)."""
    players = len(message["totals"])
    for index, row in enumerate(message["round_scores"]):
        if len(row) != players:
            raise FieldError(
                f"round_scores[{index}]: expected a score for each of {players} players,"
                f" not {len(row)}"
            )


_END_RULES: tuple[CrossCheck, ...] = (_end_seats, _end_scores)
"""An ``end`` message's checks across fields."""


def _check_message(
    message: dict[str, Any],
    fields: Mapping[str, FieldCheck],
    what: str,
    *,
    optional: Mapping[str, FieldCheck] | None = None,
    then: tuple[CrossCheck, ...] = (),
) -> None:
    """Check a message by its table, then its checks across fields: a bad message."""
    try:
        check_fields(message, fields, what, BotProtocolError, optional=optional, then=then)
    except BotProtocolError as error:
        raise _BadMessage(str(error)) from None


def _start_seed(message: dict[str, Any]) -> int | None:
    """The ``bot_seed`` of a ``start`` message, every field checked first: the
    protocol's version (the int 1, not ``true``), the seat at a table of ``players``,
    the rules for that table, the seed and the game's index (ints, or null)."""
    _check_message(message, _START_FIELDS, "a start message", then=_START_RULES)
    seed: int | None = message["bot_seed"]
    return seed


def _check_end(message: dict[str, Any]) -> None:
    """Refuse an ``end`` message whose fields are not what the protocol says: the
    totals (ints, one a player), each round's scores, the winners (distinct seats),
    the forfeit (null, or a seat and a kind)."""
    _check_message(message, _END_FIELDS, "an end message", then=_END_RULES)


def main(argv: Sequence[str] | None = None) -> int:
    """``threethirteen bot MODULE:OBJECT``: :func:`serve` the bot on standard input
    and output; the exit status."""
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Run a Python bot as a program that speaks threethirteen's line"
        " protocol (version 1) on standard input and output, for tt.ProcessBot or any"
        " other arena. MODULE:OBJECT names a bot class, a factory taking seed=, a bot"
        " object or a bot function (threethirteen:GreedyBot, mypackage.bots:make_bot);"
        f" a built-in bot's name works too: {', '.join(BOTS)}.",
        allow_abbrev=False,
    )
    parser.add_argument("spec", metavar="MODULE:OBJECT", help="the bot")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit:
        return exit.code if isinstance(exit.code, int) else EXIT_BAD_MESSAGE
    return serve(args.spec)
