"""The bots of the Play page's tables: every built-in bot, the bots a config file
names (``threethirteen serve --bots FILE``), and each bot's move made behind the
arena's walls.

**The config file** is a JSON object of at most :data:`MAX_CONFIGURED` entries,
each a name the page shows (1 to 40 letters, digits, spaces, ``_ . -``; not a
built-in bot's name) and the bot it means, in the forms ``threethirteen play
--bots`` reads: a **command** (it holds a space or a ``/``: a program that speaks
the bot protocol, run as a :class:`~threethirteen.ProcessBot`, a process of its own
for each seat of each game), ``MODULE:OBJECT`` (a Python bot, served in a process
of its own by ``threethirteen bot MODULE:OBJECT``, so that none of its code runs in
the server), or a built-in name::

    {"my bot": "python3 -u my_bot.py", "fast": "mypkg.bots:FastBot", "g": "greedy"}

A file that cannot be read, is not such an object, or names a bot that is none of
these is an :class:`~threethirteen.InvalidBotError` naming the file and what is
wrong (the server's 400).

**A move** (:class:`MoveMaker`) is the bot's choice as ``threethirteen play``
takes it: the engine's own legal action it names
(:func:`~threethirteen.arena.referee.listed_action`: no method of what the bot
returned runs), made within the table's ``move_time``: a bot with ``timed_act``
(a :class:`~threethirteen.ProcessBot`) keeps the limit itself, any other decides on
the arena's :class:`~threethirteen.arena.referee.Watchdog` thread. A bot that
raises, overruns, or chooses what is not legal is a :class:`BotFault`, whose
message names it, its seat, the round and the turn.

>>> maker = MoveMaker(move_time=2.0)
>>> import threethirteen as tt
>>> game = tt.Game("pagat", players=2, seed=3)
>>> str(maker.choose(game, "greedy", make_seat_bot("greedy", 4)))
'draw stock'
>>> maker.close()
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from .._validate import as_finite, cut, quote
from ..arena.process_bot import ProcessBot
from ..arena.referee import (
    Watchdog,
    describe_choice,
    describe_error,
    is_genuine_action,
    listed_action,
)
from ..bots.protocol import Bot
from ..bots.registry import BOTS, BotSpec, make_bot
from ..engine.actions import Action
from ..engine.game import Game
from ..errors import InvalidBotError, InvalidInputError, MoveTimeError, ThreeThirteenError

__all__ = [
    "DEFAULT_MOVE_TIME",
    "MAX_CONFIGURED",
    "MAX_CONFIG_BYTES",
    "MAX_MOVE_TIME",
    "BotFault",
    "MoveMaker",
    "bot_specs",
    "check_table_move_time",
    "close_bots",
    "make_seat_bot",
    "read_bot_config",
]

DEFAULT_MOVE_TIME = 2.0
"""The seconds a bot has for each decision at a table, unless the table says."""
MAX_MOVE_TIME = 60.0
"""The most seconds a table may give a bot for a decision."""
MAX_CONFIG_BYTES = 64 * 1024
"""The largest bot config file read."""
MAX_CONFIGURED = 32
"""The most bots a config file names."""

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _.-]{0,39}")
_PYTHON_NAME = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*:[A-Za-z_]\w*(\.[A-Za-z_]\w*)*")


class BotFault(Exception):
    """A bot failed to make its move: it raised, overran its time, or chose what is
    not legal. The message names the bot, its seat, the round and the turn.

    >>> str(BotFault("bot 'slow' in seat 1, round 1, turn 1: took too long to choose"))
    "bot 'slow' in seat 1, round 1, turn 1: took too long to choose"
    """


def _spec_of(text: str) -> BotSpec:
    """The bot one entry of a config file names: a command, MODULE:OBJECT or a name."""
    if any(space in text for space in " \t") or "/" in text:
        return ProcessBot(text)
    if _PYTHON_NAME.fullmatch(text):
        # a Python bot is served over the protocol in a process of its own, as a
        # command is (threethirteen bot MODULE:OBJECT): its code never runs in the
        # server, so a bot stuck in C, or one that spawns, is stopped and killed
        # like any process bot; a module that cannot be loaded is that game's fault
        module = text.split(":", 1)[0]
        if importlib.util.find_spec(module.split(".", 1)[0]) is None:  # found, not run
            raise InvalidBotError(f"cannot import {quote(module)}: no module of that name")
        return ProcessBot([sys.executable, "-m", "threethirteen", "bot", text], name=text)
    if text in BOTS:
        return text
    raise InvalidBotError(
        f"unknown bot {quote(text)}: a bot is a built-in name ({', '.join(sorted(BOTS))}),"
        " MODULE:OBJECT or a command"
    )


def read_bot_config(path: str | Path) -> dict[str, BotSpec]:
    """The bots that the config file at ``path`` names, by name (see the module's
    notes for the file's form).

    :raises InvalidBotError: ``bot config 'FILE': what is wrong``.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp(), "bots.json")
    >>> _ = path.write_text('{"mine": "threethirteen:GreedyBot", "g": "greedy"}')
    >>> bots = read_bot_config(path)
    >>> bots["mine"].argv[1:], bots["g"]
    (['-m', 'threethirteen', 'bot', 'threethirteen:GreedyBot'], 'greedy')
    >>> _ = path.write_text('{"mine": 7}')
    >>> read_bot_config(path)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidBotError: bot config '...': the bot 'mine' must be a string, not 7
    """
    where = f"bot config {quote(str(path))}"
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_CONFIG_BYTES + 1)
    except OSError as error:
        raise InvalidBotError(f"{where}: cannot be read: {error.strerror or error}") from None
    if len(data) > MAX_CONFIG_BYTES:
        raise InvalidBotError(f"{where}: larger than {MAX_CONFIG_BYTES} bytes")
    try:
        config = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise InvalidBotError(f"{where}: not JSON: {cut(str(error))}") from None
    if not isinstance(config, dict):
        raise InvalidBotError(f"{where}: must be an object of names and bots, not {quote(config)}")
    if len(config) > MAX_CONFIGURED:
        raise InvalidBotError(f"{where}: names at most {MAX_CONFIGURED} bots, not {len(config)}")
    found: dict[str, BotSpec] = {}
    for name, text in config.items():
        if not _NAME.fullmatch(name):
            raise InvalidBotError(
                f"{where}: a bot's name must be 1 to 40 letters, digits, spaces, '_', '.'"
                f" or '-', not {quote(name)}"
            )
        if name in BOTS:
            raise InvalidBotError(f"{where}: {quote(name)} is a built-in bot's name")
        if not isinstance(text, str) or not text.strip():
            raise InvalidBotError(
                f"{where}: the bot {quote(name)} must be a string, not {quote(text)}"
            )
        try:
            found[name] = _spec_of(text.strip())
        except InvalidBotError as error:
            raise InvalidBotError(f"{where}: the bot {quote(name)}: {error}") from None
    return found


def bot_specs(config: str | Path | None) -> dict[str, BotSpec]:
    """Every bot a table may seat, by name: the built-in bots (sorted), then those of
    the config file at ``config`` (none when ``None``).

    :raises InvalidBotError: for a bad config file (see :func:`read_bot_config`).

    >>> list(bot_specs(None))[:3]
    ['advisor', 'expert', 'greedy']
    """
    specs: dict[str, BotSpec] = {name: name for name in sorted(BOTS)}
    if config is not None:
        specs.update(read_bot_config(config))
    return specs


def make_seat_bot(spec: BotSpec, seed: int) -> Bot:
    """The bot of one seat, made with the seat's ``seed``: a command's
    :class:`~threethirteen.ProcessBot` made again (a process of its own), any other
    spec by :func:`~threethirteen.make_bot`.

    >>> make_seat_bot("greedy", 7)
    GreedyBot(seed=7)
    """
    if isinstance(spec, ProcessBot):
        return ProcessBot(spec.argv, name=spec.name, seed=seed)
    return make_bot(spec, seed=seed)


def check_table_move_time(value: object) -> float:
    """A table's ``move_time``: a finite number of seconds above 0, at most
    :data:`MAX_MOVE_TIME`; ``None`` gives :data:`DEFAULT_MOVE_TIME`.

    :raises InvalidInputError: for anything else.

    >>> check_table_move_time(None), check_table_move_time(0.5)
    (2.0, 0.5)
    >>> check_table_move_time(0)
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidInputError: move_time must be above 0, not 0
    """
    if value is None:
        return DEFAULT_MOVE_TIME
    seconds = float(as_finite(value, "move_time", low=0, above_low=True))
    if seconds > MAX_MOVE_TIME:
        raise InvalidInputError(f"move_time must be at most {MAX_MOVE_TIME:g}, not {quote(value)}")
    return seconds


def _one_line(text: str, limit: int = 300) -> str:
    return cut(" ".join(text.split()), limit)


class MoveMaker:
    """Makes a table's bots' moves behind the arena's walls, each within
    ``move_time`` seconds (see the module's notes). One per table; :meth:`close`
    ends its watchdog's thread.

    >>> maker = MoveMaker(move_time=1.0)
    >>> maker.move_time
    1.0
    >>> maker.close()
    """

    def __init__(self, move_time: float = DEFAULT_MOVE_TIME) -> None:
        self.move_time = check_table_move_time(move_time)
        self._watchdog = Watchdog()

    def choose(self, game: Game, label: str, bot: Bot) -> Action:
        """The move of the bot to move in ``game`` (called ``label``): one of the
        engine's legal actions. ``game`` is only read.

        :raises BotFault: for a bot that raised, overran :attr:`move_time`, or chose
            what is not a legal action.
        """
        mover = game.to_move
        assert mover is not None
        legal = game.legal_actions()
        view = game.view(mover)
        offered = list(legal)  # the bot's copy
        where = f"bot {label!r} in seat {mover}, round {game.round}, turn {game.turns + 1}"
        try:
            timed = getattr(bot, "timed_act", None)
            if callable(timed):
                choice: object = timed(view, offered, self.move_time)
            else:
                choice = self._watchdog.call(lambda: bot.act(view, offered), self.move_time)
        except MoveTimeError as error:
            raise BotFault(f"{where}: took too long to choose ({_one_line(str(error))})") from None
        except BaseException as error:  # the bot's: it may raise anything (no Ctrl-C here)
            name, shown = describe_error(error)
            if shown is None:
                said = f"raised {name} (its message could not be shown)"
            else:
                said = f"raised {name}: {shown}" if shown else f"raised {name}"
            raise BotFault(f"{where}: {said}") from None
        action = listed_action(choice, legal)
        if action is None:
            raise BotFault(
                f"{where}: chose {describe_choice(choice)}, which is not legal:"
                f" {_why_illegal(game, choice)}"
            )
        return action

    def close(self) -> None:
        """End the watchdog's thread (once a call it waits for returns)."""
        self._watchdog.close()


def _why_illegal(game: Game, choice: object) -> str:
    """Why a bot's choice (none of the legal actions) is not legal."""
    if not is_genuine_action(choice):
        return "it is not an action"
    assert isinstance(choice, Action)
    try:
        game.verify(choice)
    except ThreeThirteenError as error:
        return _one_line(str(error))
    return "it is not one of the legal actions"  # pragma: no cover


def close_bots(bots: Mapping[int, Bot] | Sequence[Bot]) -> None:
    """End every :class:`~threethirteen.ProcessBot`'s program among ``bots``.

    >>> close_bots([make_seat_bot("greedy", 1)])
    """
    values = bots.values() if isinstance(bots, Mapping) else bots
    for bot in values:
        if isinstance(bot, ProcessBot):
            bot.close()
