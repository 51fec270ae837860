"""Bots named on the command line (``--bots``): a built-in bot, a Python bot
(``MODULE:OBJECT``) or a program that speaks the bot protocol (a command).

The names are separated by commas. Each is read as

- a **command**, when it holds a space or names a path (``node mybot.js``,
  ``./mybot``, ``python3 -u bot.py``): the program is run as a
  :class:`~threethirteen.ProcessBot` (split as a shell would, run without one), a
  fresh process for every game;
- a **Python bot**, ``MODULE:OBJECT`` (``mypkg.mybot:MyBot``): the class, factory or
  bot that the module holds, imported now (see
  :func:`threethirteen.arena.bot_server.load_bot_spec`);
- else the **name of a built-in bot** (``greedy``).

>>> bots = parse_bots("greedy, threethirteen:GreedyBot,python3 -u bot.py")
>>> bots[0], bots[1].__name__, bots[2].name
('greedy', 'GreedyBot', 'bot.py')
>>> parse_bots("greedy,best")
Traceback (most recent call last):
...
threethirteen.errors.InvalidBotError: unknown bot 'best': a bot is a built-in name
(advisor, expert, greedy, heuristic, learned, lookahead, random, search),
MODULE:OBJECT (a Python bot: mypkg.mybot:MyBot) or a command (a program that speaks
the bot protocol: 'node mybot.js')
"""

from __future__ import annotations

import re

from .._validate import quote
from ..arena.bot_server import load_bot_spec
from ..arena.process_bot import ProcessBot
from ..bots.builtin import BOTS, BotSpec
from ..errors import InvalidBotError

__all__ = ["parse_bot", "parse_bots"]

_PYTHON_NAME = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*:[A-Za-z_]\w*(\.[A-Za-z_]\w*)*")
"""``MODULE:OBJECT``: dotted Python names on both sides of one colon."""

FORMS = (
    "a built-in name ({names}), MODULE:OBJECT (a Python bot: mypkg.mybot:MyBot) or a"
    " command (a program that speaks the bot protocol: 'node mybot.js')"
)
"""What a bot on the command line may be, for messages and help texts."""


def _is_command(text: str) -> bool:
    return any(space in text for space in " \t") or "/" in text


def parse_bot(text: str) -> BotSpec:
    """The bot that one name of ``--bots`` is (see the module's docs).

    :raises InvalidBotError: for an empty name, a ``MODULE:OBJECT`` that does not
        import or hold the object, or a name that is none of the three forms.

    >>> parse_bot("./mybot --fast").argv
    ['./mybot', '--fast']
    """
    name = text.strip()
    if not name:
        raise InvalidBotError("a bot's name is empty")
    if _is_command(name):
        return ProcessBot(name)
    if _PYTHON_NAME.fullmatch(name):
        return load_bot_spec(name)
    if name in BOTS:
        return name
    raise InvalidBotError(
        f"unknown bot {quote(name)}: a bot is " + FORMS.format(names=", ".join(sorted(BOTS)))
    )


def parse_bots(text: str) -> list[BotSpec]:
    """The bots of ``--bots``: names separated by commas, each read by
    :func:`parse_bot`.

    :raises InvalidBotError: for a missing name (``greedy,,random``) or a bad one.
    """
    names = text.split(",")
    if any(not name.strip() for name in names):
        raise InvalidBotError(f"a bot's name is missing in {quote(text)}")
    return [parse_bot(name) for name in names]
