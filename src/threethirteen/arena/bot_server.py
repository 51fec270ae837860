"""Any Python bot as a program that speaks the line protocol: ``threethirteen bot
MODULE:OBJECT`` (or ``python -m threethirteen bot MODULE:OBJECT``).

:func:`serve` reads the arena's messages (:mod:`threethirteen.arena.protocol`) from
standard input and writes one line of answer for each ``act``. At each ``start``
it makes the bot again, with the message's ``bot_seed``: a class, or a factory (a
function with a ``seed`` parameter), gets the seed; a bot object or a bot function
is used as it is. It forwards ``start`` and ``end`` to the bot's ``start_game`` and
``end_game`` hooks, when it has them. While the bot runs, what it prints goes to
standard error (standard output is the protocol's). ``quit`` or the end of the
input ends it with status 0; a message it cannot read ends it with status 2, and a
bot that raises with status 1 (the traceback on standard error), so that the arena
sees a crash.

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
import sys
import traceback
from collections.abc import Sequence
from typing import Any, TextIO

from .._validate import quote
from ..bots.builtin import BOTS, Bot, BotSpec, make_bot
from ..engine.actions import Action
from ..errors import BotProtocolError, InvalidBotError, ThreeThirteenError
from .protocol import PROTOCOL_VERSION, check_legal_actions, read_message, view_from_dict

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

    :raises InvalidBotError: for a module that does not import or an object it does
        not hold.

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
        raise InvalidBotError(f"cannot import {quote(module_name)}: {error}") from None
    for part in path.split("."):
        try:
            found = getattr(found, part)
        except AttributeError:
            raise InvalidBotError(f"module {module_name!r} has no {quote(path)}") from None
    return found  # type: ignore[no-any-return]


class _BadMessage(Exception):
    """A message that :func:`serve` cannot read."""


def _act(bot: Bot, message: dict[str, Any], errors: TextIO) -> Action:
    if set(message) != {"type", "view", "legal", "move_time"}:
        raise _BadMessage(f"an act message has type, view, legal and move_time: {quote(message)}")
    legal_text = message["legal"]
    if not isinstance(legal_text, list) or not all(isinstance(item, str) for item in legal_text):
        raise _BadMessage(f"legal is a list of actions' notation, not {quote(legal_text)}")
    try:
        view = view_from_dict(message["view"])
        legal = [Action.parse(text) for text in legal_text]
        check_legal_actions(view, legal)
    except ThreeThirteenError as error:
        raise _BadMessage(str(error)) from None
    move_time = message["move_time"]
    if move_time is not None and (
        isinstance(move_time, bool) or not isinstance(move_time, (int, float))
    ):
        raise _BadMessage(f"move_time is a number or null, not {quote(move_time)}")
    with contextlib.redirect_stdout(errors):
        timed = getattr(bot, "timed_act", None)
        if move_time is not None and callable(timed):
            action: object = timed(view, legal, float(move_time))
        else:
            action = bot.act(view, legal)
    if not isinstance(action, Action):
        raise InvalidBotError(f"the bot returned {quote(action)}, not an action")
    return action


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
    status: 0 after ``quit`` or the end of the input, 1 when the bot raised, 2 for
    a message that cannot be read, or a bot that cannot be loaded or made.

    A ``start`` message (re)makes the bot with its ``bot_seed``, as
    :func:`~threethirteen.make_bot` makes it; an ``act`` before any ``start`` makes it
    without a seed. Blank lines are skipped.

    :param stdin: the arena's messages (default: ``sys.stdin``).
    :param stdout: the answers (default: ``sys.stdout``).
    :param stderr: the errors, and what the bot prints (default: ``sys.stderr``).
    """
    source = sys.stdin if stdin is None else stdin
    answers = sys.stdout if stdout is None else stdout
    errors = sys.stderr if stderr is None else stderr

    def fail(status: int, text: str) -> int:
        print(f"{PROG}: error: {text}", file=errors, flush=True)
        return status

    try:
        bot_spec = load_bot_spec(spec) if isinstance(spec, str) else spec
        bot = make_bot(bot_spec, seed=None)  # checked now; used until a start comes
    except InvalidBotError as error:
        return fail(EXIT_BAD_MESSAGE, str(error))
    while True:
        line = source.readline(MAX_MESSAGE_BYTES + 1)
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
                bot = make_bot(bot_spec, seed=_start_seed(message))
                _hook(bot, "start_game", message, errors)
            elif kind == "end":
                _hook(bot, "end_game", message, errors)
            else:
                action = _act(bot, message, errors)
                answers.write(f"{action}\n")
                answers.flush()
        except _BadMessage as error:
            return fail(EXIT_BAD_MESSAGE, str(error))
        except BrokenPipeError:  # the arena is gone
            return EXIT_OK
        except Exception:
            traceback.print_exc(file=errors)
            errors.flush()
            return EXIT_BOT_FAILED


def _start_seed(message: dict[str, Any]) -> int | None:
    """The ``bot_seed`` of a ``start`` message, its protocol version checked."""
    version = message.get("protocol")
    if version != PROTOCOL_VERSION:
        raise _BadMessage(
            f"protocol version {quote(version)} is not {PROTOCOL_VERSION}, the one this bot speaks"
        )
    seed = message.get("bot_seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise _BadMessage(f"bot_seed is a whole number or null, not {quote(seed)}")
    return seed


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
