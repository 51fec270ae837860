"""The JSON Schema of a game record (``src/threethirteen/schemas/game-record-1.json``):
every record the engine writes validates against it, finished or not, under every
preset and the variations that change what a record holds; records broken by hand
do not (and the library's own replay refuses them too); and the schema ships in
the built package.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import os
import subprocess
import sys
import zipfile
from collections.abc import Callable, Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import threethirteen as tt
from threethirteen.engine.records import schema
from threethirteen.hands.cards import JOKER

jsonschema = pytest.importorskip("jsonschema")

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "threethirteen" / "schemas" / "game-record-1.json"
PACKAGED = "threethirteen/schemas/game-record-1.json"

Record = dict[str, Any]


@pytest.fixture(scope="module")
def validator() -> Any:
    return jsonschema.Draft202012Validator(schema())


def problems(validator: Any, record: Record) -> list[str]:
    """The schema's complaints about ``record`` after a trip through JSON text."""
    return [error.message for error in validator.iter_errors(json.loads(json.dumps(record)))]


def play(game: tt.Game, seed: int, actions: int | None = None) -> tt.Game:
    """Uniformly random legal play, ``actions`` of them or to the end of the game;
    a going-out discard is taken whenever one is legal, so that rounds are won and
    the last turns, redemption and double-naughts happen."""
    rng = np.random.default_rng(seed)
    done = 0
    while not game.is_over and (actions is None or done < actions):
        legal = game.legal_actions()
        going = [action for action in legal if isinstance(action, tt.DiscardCard) and action.go_out]
        if going and game.rules.false_out_penalty is None:
            game.apply(going[0])
        else:
            game.apply(legal[int(rng.integers(len(legal)))])
        done += 1
    return game


TABLES = [
    ("pagat", 2, []),
    ("pagat", 3, []),
    ("wikipedia", 4, ["longer-game"]),
    ("bga", 5, []),
    ("family", 2, []),
    ("family", 5, ["jokers"]),
    ("pagat", 3, ["separate-discards"]),
    ("pagat", 4, ["jokers", "separate-discards", "joker-discards"]),
    ("bga", 3, ["separate-discards", "joker-discards", "go-around-first"]),
    ("pagat", 3, ["redemption"]),
    ("wikipedia", 3, ["redemption", "jokers", "aces-high"]),
    ("pagat", 2, ["false-out"]),
    ("wikipedia", 3, ["false-out=7", "second-count"]),
    ("pagat", 2, ["double-naughts"]),
    ("pagat", 3, ["doubles", "first-out-bonus=wild"]),
    ("bga", 4, ["first-out-bonus=-5", "no-all-wild-melds"]),
    ("pagat", 2, ["up-and-back", "first-out-bonus"]),
]


def records_of(preset: str, players: int, variations: list[str]) -> Iterator[Record]:
    """Records of one table: freshly dealt, in the middle of a round, and finished."""
    game = tt.Game(preset, players=players, seed=13, variations=variations, max_turns=60)
    yield game.to_record()
    play(game, 1, actions=25)
    yield game.to_record()
    play(game, 2)
    yield game.to_record()


def kinds(record: Record) -> set[str]:
    """What a record holds: its actions' kinds and the rounds' ends."""
    found = set()
    for data in record["rounds"]:
        found.add(f"end {data['end']}")
        if data["void"]:
            found.add("void")
        for entry in data["actions"]:
            kind = entry["type"]
            if "pile" in entry:
                kind += " pile"
            if entry.get("go_out"):
                kind += " out" + (" melds" if entry.get("melds") else "")
            if "=" in json.dumps(entry):
                kind += " wild"
            found.add(kind)
    return found


def test_the_schema_is_draft_2020_12_and_valid() -> None:
    loaded = schema()
    assert loaded["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert loaded["title"] == "A game of Three Thirteen, as threethirteen records it"
    jsonschema.Draft202012Validator.check_schema(loaded)
    assert loaded == json.loads(SOURCE.read_text(encoding="utf-8"))


@pytest.mark.parametrize(("preset", "players", "variations"), TABLES)
def test_every_record_validates(
    validator: Any, preset: str, players: int, variations: list[str]
) -> None:
    for record in records_of(preset, players, variations):
        assert problems(validator, record) == []
        tt.Game.from_record(record)  # and the library replays it


def test_the_records_hold_every_kind_of_entry(validator: Any) -> None:
    """The tables above do reach what the schema describes."""
    seen: set[str] = set()
    for table in TABLES:
        for record in records_of(*table):
            seen |= kinds(record)
    expected = {
        "draw",
        "draw pile",
        "discard",
        "discard pile",
        "discard out",
        "discard out melds",
        "discard out melds wild",
        "meld",
        "meld wild",
        "lay_off",
        "lay_off wild",
        "reshuffle",
        "end None",
        "end out",
        "end empty_hand",
        "end turn_limit",
    }
    assert expected <= seen, sorted(expected - seen)


def scripted_record(
    rules: str | tt.Rules, players: int, variations: list[str], hands: list[str], stock: str
) -> Record:
    """A record of a game with ``"seed": null`` whose first deal is written here:
    the hands, then the upcard and the stock (top card first) from ``stock`` and the
    rest of the pool in card order."""
    game = tt.Game(rules, players=players, seed=0, variations=variations)
    record = game.to_record()
    pool = tt.Hand.from_trusted_codes(
        sorted(
            [code for code in range(52) for _ in range(game.rules.decks)]
            + [JOKER] * game.rules.jokers
        )
    )
    held = [[str(tt.parse_card(card)) for card in hand.split()] for hand in hands]
    top = [str(tt.parse_card(card)) for card in stock.split()]
    rest = pool - tt.parse_hand(" ".join([*top, *(card for hand in held for card in hand)]))
    ordered = top + [str(card) for card in rest]
    deal = {
        "hands": held,
        "upcard": ordered[0],
        "stock": ordered[1:],
    }
    record["seed"] = None
    record["rounds"][0]["deal"] = deal
    return record


def test_a_void_round_validates(validator: Any) -> None:
    """double-naughts: both players go out in round 1, so it is void and dealt again."""
    record = scripted_record("pagat", 2, ["double-naughts"], ["4c 4d Kc", "9c 9d 9h"], "Ac 7s 4h")
    game = tt.Game.from_record(record)
    for text in ("draw stock", "discard 7s out", "draw stock", "discard Kc out"):
        game.apply(tt.Action.parse(text))
    written = game.to_record()
    first = written["rounds"][0]
    assert (first["void"], first["end"], first["scores"]) == (True, "out", [0, 0])
    assert written["rounds"][1]["number"] == 1
    assert problems(validator, written) == []
    assert tt.Game.from_record(written).to_record() == written


def test_a_round_ended_by_the_stock_and_house_rules_validate(validator: Any) -> None:
    """Rules that are no preset write every field; a pool that only just deals the
    table leaves nothing to reshuffle, and the round ends "stock"."""
    house = tt.Rules(decks=1, jokers=1, rounds=(13,))
    record = tt.Game(house, players=4, seed=3).to_record()
    assert record["rounds"][0]["end"] == "stock"
    assert record["rules"]["fields"]["jokers"] == 1
    assert problems(validator, record) == []


def test_a_false_out_with_melds_validates(validator: Any) -> None:
    """Melds that leave cards over: a false out, with its melds in the record (here
    in house rules of two rounds of 5 and 6 cards, so the record has every field)."""
    rules = dataclasses.replace(tt.Rules.preset("pagat", ["false-out"], players=2), rounds=(5, 6))
    record = scripted_record(rules, 2, [], ["4c 4d 7s 8s Jh", "9c 9d 9h 2h Kd"], "Ah Qs")
    game = tt.Game.from_record(record)
    game.apply(tt.Action.parse("draw stock"))
    game.apply(tt.Action.parse("discard Qs out [9c 9d 9h]"))
    written = game.to_record()
    assert written["rounds"][0]["actions"][1]["melds"] == [["9c", "9d", "9h"]]
    assert "fields" in written["rules"]
    assert problems(validator, written) == []
    assert tt.Game.from_record(written).view(1).penalties == (0, 20)


def test_a_sampled_view_is_no_record() -> None:
    with pytest.raises(tt.GameError, match=r"PlayerView\.sample"):
        tt.Game("pagat", players=3, seed=1).view(0).sample(2).to_record()


def _set(path: str, value: Any) -> Callable[[Record], None]:
    def change(record: Record) -> None:
        *steps, last = path.split(".")
        target: Any = record
        for step in steps:
            target = target[int(step)] if step.isdigit() else target[step]
        target[int(last) if last.isdigit() else last] = value

    return change


def _drop(key: str) -> Callable[[Record], None]:
    return lambda record: record.pop(key)


BROKEN: dict[str, Callable[[Record], None]] = {
    "another format": _set("format", "threethirteen"),
    "version 2": _set("version", 2),
    "no winners": _drop("winners"),
    "an extra field": _set("comment", "hello"),
    "a negative seed": _set("seed", -1),
    "a seed as text": _set("seed", "13"),
    "one player": _set("rules.players", 1),
    "max_turns 0": _set("rules.max_turns", 0),
    "an unknown card": _set("rounds.0.deal.upcard", "9x"),
    "a card in capitals": _set("rounds.0.deal.stock.0", "9S"),
    "a card with a stand-in in the deal": _set("rounds.0.deal.hands.0.0", "3c=3h"),
    "a draw from nowhere": _set("rounds.0.actions.0.source", "table"),
    "an action without a player": lambda record: record["rounds"][0]["actions"][0].pop("player"),
    "a discard without go_out": lambda record: record["rounds"][0]["actions"][1].pop("go_out"),
    "melds without going out": lambda record: record["rounds"][0]["actions"][1].update(
        melds=[["9c", "9d", "9h"]]
    ),
    "an unknown action": _set("rounds.0.actions.0.type", "pass"),
    "a reshuffle by a player": lambda record: record["rounds"][0]["actions"].insert(
        2, {"type": "reshuffle", "player": 0, "stock": []}
    ),
    "an unknown end": _set("rounds.0.end", "won"),
    "a finished round without scores": _set("rounds.0.scores", None),
    "an unfinished round with scores": _set("rounds.1.scores", [0, 0]),
    "a void round that scored": _set("rounds.0.void", True),
    "a wild rank that is no rank": _set("rounds.0.wild", "11"),
    "no rounds": _set("rounds", []),
    "a winner that is no player": _set("winners", [-1]),
}


@pytest.fixture(scope="module")
def good_record() -> Record:
    """Two rounds of a two-player game (the second unfinished), finished with winners
    written as if the game were over (the broken records change one thing each)."""
    game = tt.Game("pagat", players=2, seed=13, max_turns=10)
    rng = np.random.default_rng(3)
    while game.round == 1 or game.phase != "play":
        legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])
    record = game.to_record()
    assert record["rounds"][0]["scores"] != [0, 0]
    assert record["rounds"][0]["actions"][0]["type"] == "draw"
    assert record["rounds"][0]["actions"][1]["type"] == "discard"
    assert len(record["rounds"]) == 2
    return record


def test_the_good_record_validates(validator: Any, good_record: Record) -> None:
    assert problems(validator, good_record) == []


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_record_does_not_validate(validator: Any, good_record: Record, name: str) -> None:
    record = copy.deepcopy(good_record)
    BROKEN[name](record)
    assert problems(validator, record) != []


@pytest.mark.parametrize("name", sorted(set(BROKEN) - {"no rounds"}))
def test_the_library_refuses_the_broken_records_too(good_record: Record, name: str) -> None:
    record = copy.deepcopy(good_record)
    BROKEN[name](record)
    with pytest.raises(tt.InvalidRecordError):
        tt.Game.from_record(record)


def test_the_records_page_shows_a_real_record(validator: Any) -> None:
    """docs/records.md prints a whole record: it is the record of the game the page
    plays, it validates, and it replays."""
    page = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    shown = json.loads(page.split("```json\n", 1)[1].split("```", 1)[0])
    game = tt.Game("pagat", players=2, seed=7)
    for text in ["draw discard", "discard 2d out", "draw stock", "discard Kh"]:
        game.apply(tt.Action.parse(text))
    assert shown == game.to_record()
    assert problems(validator, shown) == []
    assert tt.Game.from_record(shown).to_record() == shown


def test_the_installed_package_holds_the_schema() -> None:
    packaged = resources.files("threethirteen").joinpath("schemas/game-record-1.json")
    assert json.loads(packaged.read_text("utf-8")) == schema()


def test_the_installed_package_holds_the_schema_of_version_2() -> None:
    """Version 2 (a record with an analysis: tests/test_record_analysis.py) is version 1
    with a required "analysis"; everything else is described alike."""
    packaged = resources.files("threethirteen").joinpath("schemas/game-record-2.json")
    second = json.loads(packaged.read_text("utf-8"))
    assert second == schema(2)
    jsonschema.Draft202012Validator.check_schema(second)
    first = schema(1)
    assert second["required"] == [*first["required"], "analysis"]
    assert second["properties"]["version"]["const"] == 2
    assert {k: v for k, v in second["properties"].items() if k not in ("version", "analysis")} == {
        k: v for k, v in first["properties"].items() if k != "version"
    }
    assert {k: v for k, v in second["$defs"].items() if k in first["$defs"]} == first["$defs"]


@pytest.mark.slow
def test_the_wheel_holds_the_schema(tmp_path: Path) -> None:
    """The built wheel carries the schema as package data (pyproject's
    ``schemas/*.json``). The compiler is disabled: only the files matter here."""
    environment = {
        name: value
        for name, value in os.environ.items()
        if name not in ("THREETHIRTEEN_IMPLEMENTATION", "PYTHONPATH", "VIRTUAL_ENV")
    }
    environment.update(CC="false", CXX="false")
    result = subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(tmp_path), str(ROOT)],
        cwd=tmp_path,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    (wheel,) = tmp_path.glob("threethirteen-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        assert PACKAGED in archive.namelist()
        assert json.loads(archive.read(PACKAGED)) == schema()
        second = PACKAGED.replace("-1.json", "-2.json")
        assert json.loads(archive.read(second)) == schema(2)
