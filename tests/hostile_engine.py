"""The cases of ``tests/test_hostile_engine.py``, and the child process that runs them.

Each case calls one entry point of the engine layer with hostile input: the
engine's arguments, actions (text, values, dicts), views and samples, game records,
tournament results, the environments' steps and the command line's files and
arguments. A group of cases runs in one child process (``python -m
tests.hostile_engine GROUP``) under a CPU-time limit, so that a hang kills the
child, not the test run; the child writes one JSON line a case: what the call did
(returned, or the exception's class and message), the CPU time it took, and whether
the state it was called on (a game: its record, every view's dict, its legal
actions) is the same after the call as before.
"""

from __future__ import annotations

import atexit
import contextlib
import copy
import io
import itertools
import json
import math
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from dataclasses import fields as dataclass_fields
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

import threethirteen as tt
from threethirteen._validate import quote

LONGEST_MESSAGE = 300
"""No error message is longer, whatever the input."""
SLOWEST_CASE = 2.0
"""No case takes more CPU seconds."""
CPU_LIMIT = 60
"""The CPU seconds a child process may take in all (then the kernel ends it)."""


@dataclass(frozen=True)
class Case:
    """A hostile call: ``call(setup())``, with what it must raise.

    ``error`` is the class name expected (``"ThreeThirteenError"``: any of the
    library's errors; ``None``: the call may also return; ``"return"``: it must),
    ``message`` the exact message, when given. ``snapshot`` is what must not change
    (of the set-up object: a game's state, an environment's, a record's JSON);
    ``limit`` the CPU seconds the call may take.
    """

    setup: Callable[[], Any]
    call: Callable[[Any], object]
    error: str | None = "ThreeThirteenError"
    message: str | None = None
    snapshot: Callable[[Any], object] | None = None
    limit: float = SLOWEST_CASE


@dataclass(frozen=True)
class CommandCase:
    """A command line, with its standard input: it must end with ``status``; with 2,
    one error line on standard error (``error`` exactly, when given); with any
    status, no control character in its output but line breaks."""

    argv: tuple[str, ...]
    status: int = 2
    error: str | None = None
    stdin: str = ""


# -- what must not change ---------------------------------------------------------------


def game_state(game: tt.Game) -> object:
    """A game's whole state as plain data: its record (``None`` for a sampled game),
    every player's view, the legal actions, whose turn it is."""
    try:
        record: object = game.to_record()
    except tt.GameError:
        record = None
    views = [game.view(player).to_dict() for player in range(game.players)]
    return record, views, [str(action) for action in game.legal_actions()], repr(game)


def data_state(data: object) -> object:
    """Plain data as JSON text (or a note that it has none: too deep, too large)."""
    try:
        return json.dumps(data, sort_keys=True, default=repr)
    except (ValueError, TypeError, RecursionError):
        return "(no JSON)"


def env_state(environment: Any) -> object:
    """An environment's game, and whose turn it is."""
    unwrapped = getattr(environment, "unwrapped", None)
    if unwrapped is None:  # OpenSpiel: a state
        return str(environment), environment.history()
    return game_state(unwrapped.game), getattr(unwrapped, "agent_selection", None)


# -- the games called on -----------------------------------------------------------------


def to_draw() -> tt.Game:
    """Player 1 to draw, round 1 (Pagat, 2 players)."""
    return tt.Game("pagat", 2, seed=1)


def to_play() -> tt.Game:
    """Player 1 has drawn: to meld, lay off or discard."""
    game = tt.Game("pagat", 2, seed=1)
    game.apply("draw stock")
    return game


def table_play() -> tt.Game:
    """Family rules with jokers (melds laid during play), 3 players: a meld on the
    table, a player to discard."""
    game = tt.Game("family", 3, seed=1, variations=["jokers"])
    while not (game.table and game.phase == "play"):
        legal = game.legal_actions()
        melds = [action for action in legal if isinstance(action, tt.LayMeld)]
        game.apply(melds[0] if melds else legal[0])
    return game


def separate_piles() -> tt.Game:
    """A pile per player; jokers may go onto any pile; false outs cost 20."""
    variations = ["separate-discards", "joker-discards", "jokers", "false-out"]
    game = tt.Game("pagat", 3, seed=3, variations=variations)
    game.apply("draw stock")
    return game


def over() -> tt.Game:
    """A game played to its end (a turn a round)."""
    game = tt.Game("pagat", 2, seed=4, max_turns=1)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    return game


def sampled() -> tt.Game:
    """A game sampled from a view: it has no record."""
    return to_play().view(0).sample(1)


GAMES: dict[str, Callable[[], tt.Game]] = {
    "to draw": to_draw,
    "to play": to_play,
    "table play": table_play,
    "separate piles": separate_piles,
    "over": over,
    "sampled": sampled,
}

# -- hostile values ----------------------------------------------------------------------

HUGE = 10**5000  # more digits than int() converts to text


def deep(depth: int = 100_000) -> list[Any]:
    """A list nested ``depth`` deep (deeper than Python's recursion limit)."""
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


NASTY: dict[str, Callable[[], object]] = {
    "None": lambda: None,
    "True": lambda: True,
    "False": lambda: False,
    "1.0": lambda: 1.0,
    "nan": lambda: math.nan,
    "-1": lambda: -1,
    "2**70": lambda: 2**70,
    "10**5000": lambda: HUGE,
    "numpy bool": lambda: np.bool_(True),
    "numpy float": lambda: np.float64(1.0),
    "numpy array": lambda: np.array([1, 2]),
    "text": lambda: "x",
    "long text": lambda: "x" * 10**6,
    "escapes": lambda: "\x1b[2J\x00\n",
    "bytes": lambda: b"9s",
    "list": lambda: [None],
    "dict": lambda: {"x": 1},
    "deep": lambda: deep(),
    "object": lambda: object(),
    "endless": lambda: itertools.repeat("jokers"),
}
"""Hostile values for any argument (made fresh for each case)."""

ACTION_TEXTS: dict[str, str] = {
    "the issue's 166 characters": "discard 9s out " + "[9s] " * 30 + "x",
    "196 bracket groups": "discard 9s out " + "[9s] " * 196 + "x",
    "a million characters": "discard 9s out " + "[9s] " * 200_000 + "x",
    "ten million spaces": " " * 10**7,
    "nested brackets": "discard 9s out " + "[" * 400 + "]" * 400,
    "open brackets": "discard 9s out " + "[" * 900,
    "close brackets": "discard 9s out " + "]" * 900,
    "a meld of 300 cards": "discard 9s out [" + "9s " * 300 + "]",
    "melds of 300 cards": "discard 9s out " + "[9s 9h 9d] " * 90,
    "meld 330 cards": "meld " + "9s " * 330,
    "a huge meld index": "lay off 7h on " + "9" * 900,
    "a huge pile": "draw discard " + "9" * 900,
    "a negative pile": "discard Jk pile -1",
    "unicode digits": "draw discard \u0663",
    "a NUL": "draw\x00stock",
    "an escape sequence": "discard \x1b[2J",
    "a lone surrogate": "discard \ud800",
    "nothing": "",
    "spaces": " \t\n ",
    "a chain of identities": "lay off Jk=7h=8h on 0",
    "a joker's identity": "lay off 7h=Jk on 0",
    "an empty meld list": "discard 9s out [] [] []",
    "a byte-order mark": "\ufeffdraw stock",
}


def apply_text(text: str, player: object = None) -> Callable[[tt.Game], object]:
    return lambda game: game.apply(text, player)  # type: ignore[arg-type]


# -- the groups of cases -----------------------------------------------------------------


def game_argument_cases() -> dict[str, Case]:
    """``tt.Game(...)``: each argument hostile in turn; the issue's cases exactly."""
    cases: dict[str, Case] = {}
    calls: dict[str, Callable[[object], object]] = {
        "rules": lambda x: tt.Game(x, 2, seed=1),  # type: ignore[arg-type]
        "players": lambda x: tt.Game("pagat", x, seed=1),  # type: ignore[arg-type]
        "seed": lambda x: tt.Game("pagat", 2, seed=x),  # type: ignore[arg-type]
        "variations": lambda x: tt.Game("pagat", 2, seed=1, variations=x),  # type: ignore[arg-type]
        "variation": lambda x: tt.Game("pagat", 2, seed=1, variations=[x]),  # type: ignore[list-item]
        "max_turns": lambda x: tt.Game("pagat", 2, seed=1, max_turns=x),  # type: ignore[arg-type]
    }
    for argument, call in calls.items():
        for name, make in NASTY.items():
            cases[f"{argument} {name}"] = Case(
                lambda make=make: make(),
                lambda value, call=call: call(value),
                error=None,  # (None is a seed, "x" may be no variation...)
            )
    exact = {
        "endless variations": (
            lambda: tt.Game("pagat", 2, variations=itertools.repeat("jokers")),
            "InvalidRulesError",
            "more than 64 variations",
        ),
        "a variation twice": (
            lambda: tt.Game("pagat", 2, seed=1, variations=["aces-high", "aces-high=3"]),
            "InvalidRulesError",
            "variation 'aces-high' is given twice (again as 'aces-high=3')",
        ),
        "seed 2**128": (
            lambda: tt.Game("pagat", 2, seed=2**128),
            "GameError",
            "a seed must be from 0 to 2**128 - 1, not an int of 39 digits",
        ),
        "huge seed": (
            lambda: tt.Game("pagat", 2, seed=HUGE),
            "GameError",
            "a seed must be from 0 to 2**128 - 1, not an int of 16610 bits",
        ),
        "seed True": (
            lambda: tt.Game("pagat", 2, seed=True),
            "GameError",
            "a seed must be an int, not True",
        ),
        "players True": (
            lambda: tt.Game("pagat", True),
            "InvalidRulesError",
            "players must be an int, not True",
        ),
        "max_turns too many": (
            lambda: tt.Game("pagat", 2, seed=1, max_turns=10**6 + 1),
            "GameError",
            "max_turns is from 1 to 1000000 (or None), not 1000001",
        ),
        "a huge false-out penalty": (
            lambda: tt.Game("pagat", 2, seed=1, variations=["false-out=999999999"]),
            "InvalidRulesError",
            "false_out_penalty must be from 0 to 1000000, not 999999999",
        ),
        "a huge first-out bonus": (
            lambda: tt.Game(replace(tt.Rules.preset("pagat"), first_out_bonus=-(10**30)), 2),
            "InvalidRulesError",
            "first_out_bonus must be from -1000000 to 1000000, not an int of 31 digits",
        ),
        "a long preset name": (
            lambda: tt.Game("x" * 10**7, 2),
            "InvalidRulesError",
            "unknown preset 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (10000000"
            " characters); valid: pagat, wikipedia, bga, family",
        ),
    }
    for name, (call, error, message) in exact.items():
        cases[name] = Case(lambda: None, lambda _, call=call: call(), error, message)
    return cases


def action_cases() -> dict[str, Case]:
    """``apply``, ``is_legal``, ``verify`` and ``Action.parse``: hostile text, action
    values and dicts, and player arguments, on games in every phase."""
    cases: dict[str, Case] = {}
    for game_name, make in GAMES.items():
        for text_name, text in ACTION_TEXTS.items():
            for method in ("apply", "is_legal", "verify"):
                cases[f"{game_name}: {method} {text_name}"] = Case(
                    make,
                    lambda game, text=text, method=method: getattr(game, method)(text),
                    error=None if method == "is_legal" else "ThreeThirteenError",
                    snapshot=game_state,
                )
        for value_name, value in NASTY.items():
            cases[f"{game_name}: apply {value_name}"] = Case(
                make,
                lambda game, value=value: game.apply(value()),
                snapshot=game_state,
            )
            if value_name != "None":  # (None is no player given)
                cases[f"{game_name}: player {value_name}"] = Case(
                    make,
                    lambda game, value=value: game.apply(
                        (game.legal_actions() or ["draw stock"])[0], value()
                    ),
                    snapshot=game_state,
                )
                cases[f"{game_name}: is_legal player {value_name}"] = Case(
                    make,
                    lambda game, value=value: game.is_legal("draw stock", value()),
                    error=None if value_name in ("-1", "2**70", "10**5000") else "GameError",
                    snapshot=game_state,
                )
    for text_name, text in ACTION_TEXTS.items():
        cases[f"Action.parse {text_name}"] = Case(
            lambda: None, lambda _, text=text: tt.Action.parse(text), error=None
        )
    nine = tt.Meld.parse("9s 9h 9d")
    million_cards = {"type": "discard", "card": "9s", "go_out": True}
    dicts: dict[str, Callable[[], dict[str, Any]]] = {  # (made before the clock starts)
        "a meld's dict of a million cards": lambda: {
            **million_cards,
            "melds": [["9s"] * 1000] * 1000,
        },
        "a meld of a million cards": lambda: {"type": "meld", "cards": ["9s"] * 10**6},
        "a deep meld": lambda: {**million_cards, "melds": deep()},
        "a huge pile": lambda: {"type": "draw", "source": "discard", "pile": HUGE},
        "a pile True": lambda: {"type": "draw", "source": "discard", "pile": True},
        "a table meld 1.0": lambda: {"type": "lay_off", "card": "7h", "meld": 1.0},
        "go_out 1": lambda: {"type": "discard", "card": "9s", "go_out": 1},
        "a dict of a million keys": lambda: {
            "type": "draw",
            "source": "stock",
            **{str(i): i for i in range(10**6)},
        },
    }
    for game_name, make in GAMES.items():
        cases[f"{game_name}: a thousand melds"] = Case(
            make,
            lambda game: game.apply(
                tt.DiscardCard(tt.Card.parse("9s"), True, None, (nine,) * 1000)
            ),
            snapshot=game_state,
        )
        for value_name, data in dicts.items():
            cases[f"{game_name}: {value_name}"] = Case(
                lambda make=make, data=data: (make(), data()),
                lambda subject: subject[0].apply(tt.Action.from_dict(subject[1])),
                snapshot=lambda subject: game_state(subject[0]),
            )
    exact = {
        "the issue's action": (
            to_draw,
            apply_text(ACTION_TEXTS["the issue's 166 characters"]),
            "InvalidActionError",
            "no action 'discard 9s out [9s] [9s] [9s] [9s] [9s] [9s] [9s] ...' (166 characters):"
            " write the melds as [9d 9h 9c] [4h 5h 6c=6h]",
        ),
        "a million characters": (
            to_play,
            apply_text(ACTION_TEXTS["a million characters"]),
            "InvalidActionError",
            "an action's notation holds at most 1000 characters, not 'discard 9s out [9s]"
            " [9s] [9s] [9s] [9s] [9s] [9s] ...' (1000016 characters)",
        ),
        "player True": (
            to_draw,
            apply_text("draw stock", True),
            "GameError",
            "a player must be an int, not True",
        ),
        "player 1.0": (
            to_draw,
            apply_text("draw stock", 1.0),
            "GameError",
            "a player must be an int, not 1.0",
        ),
        "player 1.0 to verify": (
            to_draw,
            lambda game: game.verify("draw stock", 1.0),
            "GameError",
            "a player must be an int, not 1.0",
        ),
        "player 1.0 to is_legal": (
            to_draw,
            lambda game: game.is_legal("draw stock", 1.0),
            "GameError",
            "a player must be an int, not 1.0",
        ),
        "player 2**70": (
            to_draw,
            apply_text("draw stock", 2**70),
            "IllegalActionError",
            "illegal action 'draw stock': it is player 1's turn, not player an int of 22 digits's",
        ),
        "melds of a million cards": (
            to_play,
            lambda game: game.apply(
                tt.Action.from_dict(dicts["a meld's dict of a million cards"]())
            ),
            "InvalidActionError",
            "melds hold at most 1000 cards",
        ),
    }
    for name, (make_game, call, error, message) in exact.items():
        cases[name] = Case(make_game, call, error, message, game_state)
    return cases


def view_cases() -> dict[str, Case]:
    """``view``, ``hand`` and ``PlayerView.sample``: hostile players and generators."""
    cases: dict[str, Case] = {}
    for game_name, make in GAMES.items():
        for value_name, value in NASTY.items():
            cases[f"{game_name}: view {value_name}"] = Case(
                make, lambda game, value=value: game.view(value()), snapshot=game_state
            )
            cases[f"{game_name}: hand {value_name}"] = Case(
                make, lambda game, value=value: game.hand(value()), snapshot=game_state
            )
            if game_name != "over":
                cases[f"{game_name}: sample {value_name}"] = Case(
                    make,
                    lambda game, value=value: game.view(0).sample(value()),
                    error=None if value_name in ("None", "2**70") else "GameError",
                    snapshot=game_state,
                )
    message = "rng is a numpy Generator, a seed (an int from 0 to 2**128 - 1) or None, not "
    for value, quoted in (
        (-1, "-1"),
        ("x", "'x'"),
        (1.5, "1.5"),
        (True, "True"),
        (2**128, "an int of 39 digits"),
    ):
        cases[f"sample {quoted}"] = Case(
            to_play,
            lambda game, value=value: game.view(0).sample(value),
            "GameError",
            message + quoted,
            game_state,
        )
    cases["view True"] = Case(
        to_play, lambda game: game.view(True), "GameError", "a player must be an int, not True"
    )
    cases["view of a huge player"] = Case(
        to_play,
        lambda game: game.view(HUGE),
        "GameError",
        "no player an int of 16610 bits: players are 0 to 1",
    )
    return cases


@cache
def good_record() -> dict[str, Any]:
    """A record of Pagat for two (seed 5): round 1 played out, round 2 under way."""
    game = tt.Game("pagat", 2, seed=5)
    while game.round == 1:
        game.apply(game.legal_actions()[-1])
    game.apply("draw stock")
    return game.to_record()


@cache
def house_record() -> dict[str, Any]:
    """A record of house rules (its rule fields written out), seedless."""
    rules = replace(tt.Rules.preset("family", ["jokers"], players=3), min_set=4)
    game = tt.Game(rules, seed=9)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    record = game.to_record()
    record["seed"] = None
    return record


def edited(
    record: dict[str, Any], path: str, value: object, delete: bool = False
) -> dict[str, Any]:
    """A deep copy of ``record`` with the field at ``path`` (``rounds.0.deal.stock``)
    set to ``value`` (or deleted)."""
    copied = copy.deepcopy(record)
    *parents, last = path.split(".")
    place: Any = copied
    for part in parents:
        place = place[int(part)] if isinstance(place, list) else place[part]
    key: Any = int(last) if isinstance(place, list) else last
    if delete:
        del place[key]
    else:
        place[key] = value
    return copied


RECORD_FIELDS = [
    "version", "seed", "rules", "rules.preset", "rules.variations", "rules.players",
    "rules.max_turns", "rounds", "rounds.0", "rounds.0.number", "rounds.0.dealer",
    "rounds.0.wild", "rounds.0.cards_dealt", "rounds.0.deal", "rounds.0.deal.hands",
    "rounds.0.deal.hands.0", "rounds.0.deal.hands.0.0", "rounds.0.deal.upcard",
    "rounds.0.deal.stock", "rounds.0.actions", "rounds.0.actions.0",
    "rounds.0.actions.0.player", "rounds.0.actions.1.card", "rounds.0.end",
    "rounds.0.void", "rounds.0.scores", "rounds.0.scores.0", "totals", "totals.0", "winners",
]  # fmt: skip
"""Fields of :func:`good_record` that the record cases make hostile in turn."""


def record_cases() -> dict[str, Case]:
    """``Game.from_record``: every field of a good record hostile in turn; the
    issue's cases exactly; records far too large, far too deep."""
    cases: dict[str, Case] = {}

    def replay(record: Callable[[], object]) -> Callable[[object], object]:
        return lambda data: tt.Game.from_record(data)  # type: ignore[arg-type]

    for path in RECORD_FIELDS:
        for name, value in NASTY.items():
            cases[f"{path} {name}"] = Case(
                lambda path=path, value=value: edited(good_record(), path, value()),
                lambda data: tt.Game.from_record(data),
                error=None,  # (null is a seed...)
                snapshot=data_state,
            )
        cases[f"{path} deleted"] = Case(
            lambda path=path: edited(good_record(), path, None, delete=True),
            lambda data: tt.Game.from_record(data),
            snapshot=data_state,
        )
    for path in (
        "rules.fields",
        "rules.fields.name",
        "rules.fields.card_values",
        "rounds.0.deal.stock",
    ):
        for name in ("10**5000", "deep", "long text", "escapes", "True"):
            cases[f"house {path} {name}"] = Case(
                lambda path=path, name=name: edited(house_record(), path, NASTY[name]()),
                lambda data: tt.Game.from_record(data),
                snapshot=data_state,
            )
    cases["house record"] = Case(house_record, lambda data: tt.Game.from_record(data), "return")
    for name, value in NASTY.items():
        cases[f"the record {name}"] = Case(value, lambda data: tt.Game.from_record(data))
    entries = good_record()["rounds"][0]["actions"]
    big = {
        "six hundred thousand actions": ("rounds.0.actions", entries * (600_000 // len(entries))),
        "ten thousand rounds": ("rounds", good_record()["rounds"][:1] * 10_000),
        "a million variations": ("rules.variations", ["jokers"] * 10**6),
        "a field of a long name": ("rules." + "x" * 10**6, 1),
        "a million fields": ("rounds.0.deal", {str(i): i for i in range(10**6)}),
        "a million totals": ("totals", [0] * 10**6),
        "a million winners": ("winners", [0] * 10**6),
        "a million hands": ("rounds.0.deal.hands", [[]] * 10**6),
        "a hand of a million cards": ("rounds.0.deal.hands.0", ["9s"] * 10**6),
        "a reshuffle of a million cards": (
            "rounds.0.actions.0",
            {"type": "reshuffle", "stock": ["9s"] * 10**6},
        ),
    }
    for name, (path, value) in big.items():
        cases[name] = Case(
            lambda path=path, value=value: edited(good_record(), path, value),
            lambda data: tt.Game.from_record(data),
        )

    def seedless_stock(cards: int) -> dict[str, Any]:
        record = edited(good_record(), "seed", None)
        record["rounds"][0]["deal"]["stock"] = ["9s"] * cards
        return record

    pagat = tt.Rules.preset("pagat", players=2)
    fields = {
        item.name: list(value) if isinstance(value := getattr(pagat, item.name), tuple) else value
        for item in dataclass_fields(tt.Rules)
    }
    exact: dict[str, tuple[Callable[[], object], str, str]] = {
        "version 1.0": (
            lambda: edited(good_record(), "version", 1.0),
            "InvalidRecordError",
            "record version 1.0 is not one this library reads (1 or 2)",
        ),
        "version true": (
            lambda: edited(good_record(), "version", True),
            "InvalidRecordError",
            "record version True is not one this library reads (1 or 2)",
        ),
        "a huge seed": (
            lambda: edited(good_record(), "seed", HUGE),
            "InvalidRecordError",
            "seed: expected an integer from 0 to 2**128 - 1, not an int of 16610 bits",
        ),
        "seed 2**128": (
            lambda: edited(good_record(), "seed", 2**128),
            "InvalidRecordError",
            "seed: expected an integer from 0 to 2**128 - 1, not an int of 39 digits",
        ),
        "a huge round number": (
            lambda: edited(good_record(), "rounds.0.number", HUGE),
            "InvalidRecordError",
            "rounds[0].number: expected an integer from 1 to 100, not an int of 16610 bits",
        ),
        "a huge dealer": (
            lambda: edited(good_record(), "rounds.0.dealer", 10**4000),
            "InvalidRecordError",
            "rounds[0].dealer: expected an integer from 0 to 15, not an int of 13288 bits",
        ),
        "a dealer of 10**60": (
            lambda: edited(good_record(), "rounds.0.dealer", 10**60),
            "InvalidRecordError",
            "rounds[0].dealer: expected an integer from 0 to 15, not an int of 61 digits",
        ),
        "a huge false-out penalty": (
            lambda: edited(good_record(), "rules.fields", {**fields, "false_out_penalty": 10**30}),
            "InvalidRecordError",
            "the record's rules: false_out_penalty must be from 0 to 1000000, not an int of"
            " 31 digits",
        ),
        "the old lay_off field": (
            lambda: edited(good_record(), "rules.fields", {**fields, "lay_off": True}),
            "InvalidRecordError",
            "rules.fields: unexpected field 'lay_off'",
        ),
        "a seedless stock of five million cards": (
            lambda: seedless_stock(5_000_000),
            "InvalidRecordError",
            "rounds[0].deal.stock: expected a list of 0 to 432 items, not 5000000",
        ),
        "six hundred thousand actions": (
            lambda: edited(good_record(), "rounds.0.actions", entries * (600_000 // len(entries))),
            "InvalidRecordError",
            "rounds[0].actions: a record holds at most 500000 actions (MAX_RECORD_ACTIONS)",
        ),
        "actions over the limit in all": (
            lambda: edited(good_record(), "rounds", good_record()["rounds"][:1] * 1000),
            "InvalidRecordError",
            f"rounds[{500_000 // len(entries)}].actions: a record holds at most 500000 actions"
            " (MAX_RECORD_ACTIONS)",
        ),
        "a long preset": (
            lambda: edited(good_record(), "rules.preset", "p" * 10**6),
            "InvalidRecordError",
            "rules.preset: expected a string of at most 100 characters, not"
            " 'pppppppppppppppppppppppppppppppppppppppppppppppppp...' (1000000 characters)",
        ),
        "huge scores": (
            lambda: edited(good_record(), "rounds.0.scores", [2**60, 0]),
            "InvalidRecordError",
            "rounds[0].scores[0]: expected an integer from -(2**53 - 1) to 2**53 - 1,"
            " not 1152921504606846976",
        ),
        "a field of a long name": (
            lambda: edited(good_record(), "x" * 10**6, 1),
            "InvalidRecordError",
            "unexpected field 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (1000000"
            " characters)",
        ),
        "a player True": (
            lambda: edited(good_record(), "rounds.0.actions.0.player", True),
            "InvalidRecordError",
            "rounds[0].actions[0].player: expected an integer, not True",
        ),
    }
    if len(entries) * 1000 <= 500_000:  # (the record must be long enough to overflow)
        del exact["actions over the limit in all"]
    large = {"a seedless stock of five million cards", "six hundred thousand actions"}
    large.add("actions over the limit in all")  # (no snapshot: JSON text of 30 MB, twice)
    for name, (make, error, message) in exact.items():
        snapshot = None if name in large else data_state
        cases[name] = Case(make, lambda data: tt.Game.from_record(data), error, message, snapshot)
    return cases


def _late(view: tt.PlayerView, legal: Sequence[tt.Action]) -> tt.Action:
    """A bot that raises in round 2: its results hold a fault."""
    if view.round == 2:
        raise RuntimeError("late")
    return legal[0]


@cache
def good_results() -> dict[str, Any]:
    """Results of a small tournament between three bots (one faulty), its games
    kept."""
    results = tt.tournament(
        ["random", "greedy", _late], games=6, seed=1, max_turns=3, keep_games=True
    )
    return results.to_dict()


RESULTS_FIELDS = [
    "format", "version", "bots", "bots.0", "rules", "rules.players", "rules.preset", "seed",
    "games", "duplicate", "rounds", "stats", "stats.0", "stats.0.games", "stats.0.wins",
    "stats.0.samples", "stats.0.sample_sum", "stats.0.sample_squares", "stats.0.round_sums",
    "stats.0.round_sums.0", "stats.0.round_counts", "pairs", "pairs.0", "pairs.0.bots",
    "pairs.0.bots.1", "pairs.0.games", "pairs.0.margin_sum", "pairs.0.margin_squares",
    "move_time", "stats.0.forfeits", "stats.0.win_sum", "stats.0.win_squares",
    "pairs.0.score_sum", "pairs.0.score_squares", "faults", "faults.0", "faults.0.kind",
    "faults.0.seat", "faults.0.message", "game_results", "game_results.0",
    "game_results.0.totals", "game_results.0.forfeit",
]  # fmt: skip


def use(results: tt.TournamentResults) -> object:
    """Everything results data is read for: the figures, the table, the JSON."""
    return [*results, results.head_to_heads(), results.table(), results.to_json(), repr(results)]


def results_cases() -> dict[str, Case]:
    """``TournamentResults.from_json`` and ``from_dict``: every field hostile in turn,
    text that is no JSON, data too deep or too large."""
    cases: dict[str, Case] = {}
    for path in RESULTS_FIELDS:
        for name, value in NASTY.items():
            cases[f"{path} {name}"] = Case(
                lambda path=path, value=value: edited(good_results(), path, value()),
                lambda data: use(tt.TournamentResults.from_dict(data)),
                error=None,  # (True is a duplicate, 2**70 a sum...)
                snapshot=data_state,
            )
        cases[f"{path} deleted"] = Case(
            lambda path=path: edited(good_results(), path, None, delete=True),
            lambda data: use(tt.TournamentResults.from_dict(data)),
            snapshot=data_state,
        )
    for name, value in NASTY.items():
        cases[f"from_json {name}"] = Case(value, lambda text: tt.TournamentResults.from_json(text))  # type: ignore[arg-type]
        cases[f"from_dict {name}"] = Case(value, lambda data: tt.TournamentResults.from_dict(data))  # type: ignore[arg-type]
    texts = {
        "deep JSON": '{"format": "threethirteen-tournament", "version": 2, "bots": '
        + "[" * 100_000,
        "a number of 5000 digits": "1" * 5000,
        "not UTF-8": b"\xff\xfe\xfa",
        "not JSON": "{",
        "a million bots": json.dumps({**good_results(), "bots": ["a"] * 10**6}),
    }
    for name, text in texts.items():
        cases[f"from_json {name}"] = Case(
            lambda text=text: text, lambda text: tt.TournamentResults.from_json(text)
        )
    exact = {
        "version 1.0": (
            lambda: edited(good_results(), "version", 1.0),
            "tournament results: version: expected an integer, not 1.0",
        ),
        "games 'x'": (
            lambda: edited(good_results(), "games", "x"),
            "tournament results: games: expected an integer, not 'x'",
        ),
        "a deep bot name": (
            lambda: edited(good_results(), "bots.0", deep()),
            "tournament results: bots[0]: expected a string of 1 to 1000 characters, not [[[...]]]",
        ),
        "more wins than games": (
            lambda: edited(good_results(), "stats.0.wins", 10**6),
            "tournament results: stats[0]: more wins than games (1000000 of 6)",
        ),
        "a pair twice": (
            lambda: edited(good_results(), "pairs.1.bots", [0, 1]),
            "tournament results: the pairs are not each pair of the bots once",
        ),
        "a huge sum": (
            lambda: edited(good_results(), "stats.1.sample_sum", HUGE),
            "tournament results: stats[1].sample_sum: expected an integer from -(2**128 - 1)"
            " to 2**128 - 1, not an int of 16610 bits",
        ),
    }
    for name, (make, message) in exact.items():
        cases[name] = Case(
            make,
            lambda data: tt.TournamentResults.from_dict(data),
            "InvalidRecordError",
            message,
            data_state,
        )
    cases["deep JSON exactly"] = Case(
        lambda: "[" * 100_000,
        lambda text: tt.TournamentResults.from_json(text),
        "InvalidRecordError",
        "tournament results: the text is not JSON: nested too deeply",
    )
    return cases


ENV_ACTIONS: dict[str, Callable[[], object]] = {
    **{name: make for name, make in NASTY.items() if name != "None"},
    "-1 (numpy)": lambda: np.int64(-1),
    "2**63": lambda: 2**63,
    "a million": lambda: 10**6,
}


def environment_cases() -> dict[str, Case]:
    """The environments' ``step`` (PettingZoo, wrapped and raw; Gymnasium) and
    OpenSpiel's ``apply_action``, with actions that are no action index."""
    from threethirteen.adapters import envs, gym_env, openspiel_game

    def pettingzoo(make: Callable[..., Any]) -> Callable[[], Any]:
        def made() -> Any:
            environment = make("pagat", 2)
            environment.reset(seed=1)
            return environment

        return made

    def gymnasium() -> Any:
        environment = gym_env.ThreeThirteenEnv("pagat", 2)
        environment.reset(seed=1)
        return environment

    def openspiel(chance: str) -> Callable[[], Any]:
        def made() -> Any:
            state = openspiel_game.load_game(players=2, chance=chance).new_initial_state()
            if chance == "seed":
                while state.is_chance_node():
                    state.apply_action(state.chance_outcomes()[0][0])
            return state

        return made

    made = {
        "pettingzoo": (pettingzoo(envs.env), "step"),
        "pettingzoo raw": (pettingzoo(envs.raw_env), "step"),
        "gymnasium": (gymnasium, "step"),
        "openspiel": (openspiel("seed"), "apply_action"),
        "openspiel dealing": (openspiel("cards"), "apply_action"),
    }
    cases: dict[str, Case] = {}
    for env_name, (make, method) in made.items():
        for name, value in ENV_ACTIONS.items():
            # PettingZoo's wrapper fails an assert for an int outside the action space
            allowed = "AssertionError" if env_name == "pettingzoo" and name in (
                "-1", "2**70", "10**5000", "-1 (numpy)", "2**63", "a million", "numpy bool",
                "numpy array",
            ) else "ThreeThirteenError"  # fmt: skip
            cases[f"{env_name} {name}"] = Case(
                make,
                lambda environment, value=value, method=method: getattr(environment, method)(
                    value()
                ),
                error=allowed,
                snapshot=env_state,
            )
    cases["pettingzoo True"] = Case(
        pettingzoo(envs.env),
        lambda environment: environment.step(True),
        "GameError",
        "an action index must be an int, not True",
        env_state,
    )
    cases["openspiel True"] = Case(
        openspiel("seed"),
        lambda state: state.apply_action(True),
        "GameError",
        "an action must be an int, not True",
        env_state,
    )
    return cases


@cache
def files() -> dict[str, str]:
    """Hostile files for ``replay``, written once to a temporary folder (removed
    when the child ends)."""
    folder = tempfile.mkdtemp(prefix="hostile-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    rules = replace(tt.Rules.preset("pagat", players=2), name="evil\x1b[2J\nname\u202e", min_set=4)
    evil = tt.Game(rules, seed=1).to_record()
    evil["rules"]["variations"] = ["\x1b]0;title\x07"]
    evil["rules"]["fields"]["variations"] = ["\x1b]0;title\x07"]
    contents: dict[str, bytes] = {
        "not utf-8": b'{"format": "\xff\xfe\xfa"}',
        "utf-16": b"\xff\xfe\x00",
        "deep": b"[" * 100_000,
        "a number of 5000 digits": b"1" * 5000,
        "a list": b"[]",
        "an empty file": b"",
        "NaN": b'{"format": "threethirteen-game", "version": NaN}',
        "escapes in the rules": json.dumps(evil).encode(),
        "a huge seed": json.dumps({**good_record(), "seed": 10**4000}).encode(),
    }
    paths = {}
    for name, content in contents.items():
        path = os.path.join(folder, name.replace(" ", "-") + ".json")
        with open(path, "wb") as file:
            file.write(content)
        paths[name] = path
    paths["too large"] = os.path.join(folder, "too-large.json")
    with open(paths["too large"], "wb") as file:  # (sparse: 32 MiB of NUL bytes, not on disk)
        file.truncate(tt.engine.records.MAX_RECORD_BYTES + 1)
    paths["a folder"] = folder
    return paths


def command_cases() -> dict[str, CommandCase]:
    """``replay`` of hostile files, and ``simulate`` and ``play`` with hostile
    arguments and input."""
    paths = files()
    cases: dict[str, CommandCase] = {
        f"replay {name}": CommandCase(("replay", path)) for name, path in paths.items()
    }
    cases["replay escapes in the rules"] = CommandCase(
        ("replay", paths["escapes in the rules"]), status=0
    )
    cases["replay from standard input, escapes"] = CommandCase(
        ("replay", "-"),
        status=0,
        stdin=Path(paths["escapes in the rules"]).read_text(encoding="utf-8"),
    )
    cases["replay a deep standard input"] = CommandCase(
        ("replay", "-"),
        error="threethirteen: error: '-' is not JSON: nested too deeply",
        stdin="[" * 100_000,
    )
    cases["replay a NUL in the path"] = CommandCase(
        ("replay", "x\x00.json"),
        error="threethirteen: error: cannot read 'x\\x00.json': embedded null byte",
    )
    cases["replay an escape in the path"] = CommandCase(
        ("replay", "/nonexistent/\x1b[2J.json"),
        error="threethirteen: error: cannot read '/nonexistent/\\x1b[2J.json': No such file or"
        " directory",
    )
    cases["replay too large"] = CommandCase(
        ("replay", paths["too large"]),
        error=f"threethirteen: error: cannot read {quote(paths['too large'])}: a record is at"
        " most 33554432 bytes (MAX_RECORD_BYTES)",
    )
    cases["replay a huge seed"] = CommandCase(
        ("replay", paths["a huge seed"]),
        error="threethirteen: error: seed: expected an integer from 0 to 2**128 - 1, not an"
        " int of 13288 bits",
    )
    simulate = ("simulate", "--bots", "random,random", "--games", "2")
    for name, extra in {
        "games x": ("--games", "x"),
        "games 0": ("--games", "0"),
        "games of 5000 digits": ("--games", "1" * 5000),
        "a negative seed": ("--seed", "-1"),
        "a huge seed": ("--seed", str(2**200)),
        "99 players": ("--players", "99"),
        "max-turns 0": ("--max-turns", "0"),
        "max-turns 10**7": ("--max-turns", str(10**7)),
        "an escape in the rules": ("--rules", "\x1b[31m"),
        "a variation twice": ("--variation", "aces-high", "--variation", "aces-high=3"),
        "workers 0": ("--workers", "0"),
        "a plot nowhere": ("--max-turns", "3", "--plot", "/nonexistent/\x1b[2J.png"),
    }.items():
        cases[f"simulate {name}"] = CommandCase((*simulate, *extra))
    cases["simulate escaped bots"] = CommandCase(("simulate", "--bots", "\x1b[2J,random"))
    cases["simulate no bots"] = CommandCase(("simulate", "--bots", ","))
    play = ("play", "--bots", "random", "--seed", "1")
    for name, extra in {
        "a huge seed": ("--seed", str(2**200)),
        "99 players": ("--players", "99"),
        "max-turns 0": ("--max-turns", "0"),
        "a seat of 5": ("--seat", "5"),
        "an escape in the bots": ("--bots", "\x1b[2J"),
        "a variation twice": ("--variation", "jokers,jokers"),
    }.items():
        cases[f"play {name}"] = CommandCase((*play, *extra))
    lines = [
        ACTION_TEXTS["the issue's 166 characters"],
        "\x1b[2J\x1b]0;title\x07",
        "x" * 10**6,
        "discard 9s pile " + "9" * 5000,
        "lay off Jk=7h=8h on 0",
        "\x00",
        "d " + "9" * 5000,
    ]
    cases["play hostile input"] = CommandCase(play, status=0, stdin="\n".join(lines) + "\n")
    return cases


def hypothesis_cases() -> dict[str, Case]:
    """The Hypothesis tests of ``tests/hostile_engine_search.py``, each one case."""
    from tests import hostile_engine_search as search

    return {
        name: Case(lambda: None, lambda _, test=test: test(), error="return", limit=CPU_LIMIT)
        for name, test in search.TESTS.items()
    }


GROUPS: dict[str, Callable[[], dict[str, Any]]] = {
    "game arguments": game_argument_cases,
    "actions": action_cases,
    "views": view_cases,
    "records": record_cases,
    "results": results_cases,
    "environments": environment_cases,
    "command line": command_cases,
    "hypothesis": hypothesis_cases,
}


# -- the child process ------------------------------------------------------------------


def run_case(case: Case) -> dict[str, Any]:
    """Set up, call and time one case; what it did."""
    subject = case.setup()
    before = None if case.snapshot is None else case.snapshot(subject)
    start = time.process_time()
    try:
        with contextlib.redirect_stdout(sys.stderr):  # (standard output is the results')
            case.call(subject)
    except BaseException as error:  # any: the parent checks it is the library's
        if isinstance(error, (KeyboardInterrupt, SystemExit)):
            raise
        kind = type(error).__name__
        library = isinstance(error, tt.ThreeThirteenError)
        assertion = isinstance(error, AssertionError)
        try:
            message = str(error)
        except ValueError:  # (a foreign error may hold a huge int)
            message = "(no message)"
        if case.error == "return":  # (a Hypothesis failure: its whole report)
            import traceback

            message = "".join(traceback.format_exception(error))[-4000:]
    else:
        kind, library, assertion, message = "returned", False, False, ""
    seconds = time.process_time() - start
    after = None if case.snapshot is None else case.snapshot(subject)
    return {
        "kind": kind,
        "library": library,
        "assertion": assertion,
        "message": message[:2000],
        "length": len(message),
        "seconds": seconds,
        "unchanged": before == after,
    }


def run_command(case: CommandCase) -> dict[str, Any]:
    """Run one command line in this process; its status and output."""
    from threethirteen.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    stdin = sys.stdin
    sys.stdin = io.StringIO(case.stdin)
    start = time.process_time()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status: object = main(list(case.argv))
    except BaseException as error:
        if isinstance(error, KeyboardInterrupt):
            raise
        status = f"raised {type(error).__name__}: {str(error)[:200]}"
    finally:
        sys.stdin = stdin
    return {
        "status": status,
        "out": out.getvalue()[-2000:],
        "err": err.getvalue()[-2000:],
        "err_lines": [[line[:500], len(line)] for line in err.getvalue().splitlines()[-20:]],
        "out_controls": sorted(
            {hex(ord(c)) for c in out.getvalue() if not c.isprintable() and c != "\n"}
        ),
        "err_controls": sorted(
            {hex(ord(c)) for c in err.getvalue() if not c.isprintable() and c != "\n"}
        ),
        "seconds": time.process_time() - start,
    }


def main(arguments: list[str]) -> None:
    """Run the cases of the group named: first a JSON line of their names, then one
    a case as it ends (what it did, and what it must do)."""
    group = GROUPS[arguments[0]]()
    print(json.dumps({"names": list(group)}), flush=True)
    for name, case in group.items():
        if isinstance(case, CommandCase):
            result = run_command(case)
            expected = {"status": case.status, "error": case.error}
        else:
            result = run_case(case)
            expected = {"error": case.error, "message": case.message, "limit": case.limit}
        print(json.dumps({"name": name, **result, "expected": expected}), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
