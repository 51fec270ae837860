"""docs/protocol.md is complete on its own, and cannot drift from the code.

Its reference tables name every field of every message (the shipped JSON Schema's
``$defs``), and no field that does not exist; its grammar of actions reads every
action the engine writes; and its example exchange is a real one: the lines that
passed on the pipes between the arena and ``examples/bot.js`` (or its Python twin,
below, when Node.js is not installed) in a game, regenerated here and compared with
the page character for character. When the engine or the greedy bot changes that
game, ``python tests/test_protocol_page.py`` prints the blocks to paste (and the
page's sentences about the game need a look).
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

import threethirteen as tt
from threethirteen.arena.process_bot import ProcessBot
from threethirteen.arena.protocol import schema
from threethirteen.engine.game import Reshuffle

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "protocol.md"
NODE = shutil.which("node")

EXAMPLE_SEED = 1
"""The example game: ``tt.play(["greedy", bot], seed=1)``, the bot in seat 1."""
SHOWN_ACTS = 3
"""The ``act`` messages the page shows (with their answers), before the ``end``."""

RELAY = r"""
import json, subprocess, sys

# The bot between the arena and its log: each line read ("> ...") and written ("< ...")
# appended to argv[1]. With a command after it, that program answers (the lines relayed);
# else this one does, as examples/bot.js does.
log = open(sys.argv[1], "a", encoding="utf-8")
child = None
if len(sys.argv) > 2:
    child = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}

def value(card, wild):
    rank = card[:-1]
    if card == "Jk" or rank == wild:
        return -1  # a wild card: keep it
    return RANKS.get(rank) or int(rank)

def choose(message):
    legal = message["legal"]
    plain = [action for action in legal if action.startswith("discard ") and len(action.split()) == 2]
    plain.sort(key=lambda action: -value(action.split()[1], message["view"]["wild"]))
    for action in legal:
        if "out" in action.split():
            return action
    if "draw stock" in legal:
        return "draw stock"
    return plain[0] if plain else legal[0]

for line in sys.stdin:
    log.write("> " + line)
    log.flush()
    message = json.loads(line)
    if child is not None:
        child.stdin.write(line)
        child.stdin.flush()
    if message["type"] == "quit":
        break
    if message["type"] != "act":
        continue
    if child is not None:
        answer = child.stdout.readline().rstrip("\n")
    else:
        answer = json.dumps({"action": choose(message), "request": message["request"]}, separators=(",", ":"))
    log.write("< " + answer + "\n")
    log.flush()
    print(answer, flush=True)
if child is not None:
    child.stdin.close()
    child.wait()
"""


def exchange(log: Path, *bot: str) -> list[str]:
    """The lines of the example game, in order, logged in ``log``: ``> `` the arena's,
    ``< `` the bot's (the bot: ``bot``, a command, else the Python twin of the
    JavaScript bot)."""
    log.unlink(missing_ok=True)
    with ProcessBot([sys.executable, "-c", RELAY, str(log), *bot], move_time=1) as program:
        tt.play(["greedy", program], seed=EXAMPLE_SEED)
    return log.read_text(encoding="utf-8").splitlines()


def pretty(message: dict[str, Any]) -> str:
    """An ``act`` message one field a line (the view's too, and each entry of its
    history); every value otherwise as compact as ``json.dumps`` writes it."""

    def value(item: Any) -> str:
        return json.dumps(item)

    def entries(items: dict[str, Any], indent: str) -> list[str]:
        lines = []
        for key, item in items.items():
            if key == "view":
                inner = entries(item, indent + "  ")
                lines.append(f'{indent}"view": {{\n' + ",\n".join(inner) + f"\n{indent}}}")
            elif key == "history" and item:
                rows = ",\n".join(f"{indent}  {value(entry)}" for entry in item)
                lines.append(f'{indent}"history": [\n{rows}\n{indent}]')
            else:
                lines.append(f"{indent}{value(key)}: {value(item)}")
        return lines

    return "{\n" + ",\n".join(entries(message, "  ")) + "\n}"


def shown_blocks(lines: list[str]) -> list[str]:
    """What the page shows of the exchange: the first lines up to the answer to the
    last act shown, then the ``end`` and the ``quit``; each ``act`` pretty."""
    acts = 0
    shown: list[str] = []
    for line in lines:
        text = line[2:]
        if text.startswith('{"type":"act"'):
            acts += 1
            if acts > SHOWN_ACTS:
                break
            shown.append(pretty(json.loads(text)))
        else:
            shown.append(text)
    return [*shown, lines[-2][2:], lines[-1][2:]]


def page_section(title: str) -> str:
    """The page's text under the heading ``title`` (any level), to the next heading
    of the same level or above."""
    text = PAGE.read_text(encoding="utf-8")
    found = re.search(rf"^(#+) {re.escape(title)}\n", text, flags=re.M)
    assert found is not None, f"no heading {title!r} in docs/protocol.md"
    level = len(found.group(1))
    rest = text[found.end() :]
    after = re.search(rf"^#{{1,{level}}} ", rest, flags=re.M)
    return rest if after is None else rest[: after.start()]


def code_blocks(text: str) -> list[str]:
    return re.findall(r"^```(?:json|text)\n(.*?)\n```$", text, flags=re.M | re.S)


# -- the example exchange ----------------------------------------------------------


def test_the_page_shows_the_exchange_exactly_as_it_passes(tmp_path: Path) -> None:
    lines = exchange(tmp_path / "exchange.log")
    assert lines[0].startswith('> {"type":"start","protocol":1,"seat":1,"players":2,')
    assert lines[-2:] == [
        '> {"type":"end","seat":1,"totals":[44,115],"round_scores":[[20,0],[0,0],[0,0],'
        '[0,16],[0,9],[0,7],[23,0],[0,28],[0,23],[0,32],[1,0]],"winners":[0],"forfeit":null}',
        '> {"type":"quit"}',
    ]
    # the arena wrote one line a message, the bot one line an act
    arena = [json.loads(line[2:]) for line in lines if line.startswith("> ")]
    answers = [json.loads(line[2:]) for line in lines if line.startswith("< ")]
    assert [message["type"] for message in arena].count("act") == len(answers) > SHOWN_ACTS
    assert [answer["request"] for answer in answers] == list(range(len(answers)))
    section = page_section("A whole game, message by message")
    assert code_blocks(section) == shown_blocks(lines)
    assert len(lines) == 1 + 2 * len(answers) + 2  # start, each act and its answer, end, quit
    assert f"And so on, {len(answers)} decisions in all." in section


def test_the_messages_shown_are_valid() -> None:
    """Each message the page shows validates against the shipped JSON Schema."""
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(schema())
    blocks = code_blocks(page_section("A whole game, message by message"))
    assert len(blocks) == 2 * SHOWN_ACTS + 3
    for block in blocks:
        validator.validate(json.loads(block))


@pytest.mark.skipif(NODE is None, reason="Node.js is not installed")
def test_the_exchange_is_the_javascript_bots(tmp_path: Path) -> None:
    assert NODE is not None
    twin = exchange(tmp_path / "twin.log")
    node = exchange(tmp_path / "node.log", NODE, str(ROOT / "examples" / "bot.js"))
    assert node == twin


def test_the_pretty_act_messages_are_the_messages() -> None:
    message = {"type": "act", "view": {"a": [1], "history": [{"b": None}, {"c": 2}]}, "z": 1.0}
    text = pretty(message)
    assert json.loads(text) == message
    assert text == (
        '{\n  "type": "act",\n  "view": {\n    "a": [1],\n    "history": [\n'
        '      {"b": null},\n      {"c": 2}\n    ]\n  },\n  "z": 1.0\n}'
    )


# -- the reference tables -------------------------------------------------------------

TABLES = {
    # the page's heading: the schema's $defs whose properties its field table names
    "`start`": ("start",),
    "`act`": ("act",),
    "The view": ("view",),
    "`rules`": ("rules",),
    "`rules.fields`": ("fields",),
    "The table's melds": ("table_meld",),
    "The history": (
        "draw_stock",
        "draw_discard",
        "discard",
        "meld_action",
        "lay_off",
        "view_reshuffle",
    ),
    "The answer": ("answer",),
    "`end`": ("end",),
    "`quit`": ("quit",),
}
FORFEIT = "A forfeit"


def table_fields(title: str) -> list[str]:
    """The field names in the first column of the field table under ``title``."""
    section = page_section(title)
    table = re.search(r"^\| field \|.*\n\|[-| ]+\|\n((?:\|.*\n)+)", section, flags=re.M)
    assert table is not None, f"no field table under {title!r}"
    names = []
    for row in table.group(1).splitlines():
        first = row.split("|")[1].strip()
        found = re.fullmatch(r"`([a-z_]+)`", first)
        assert found is not None, f"under {title!r}, {first!r} is not a field's name"
        names.append(found.group(1))
    return names


def test_every_object_of_the_schema_has_its_table() -> None:
    defs = schema()["$defs"]
    with_fields = {name for name, item in defs.items() if "properties" in item}
    covered = {name for names in TABLES.values() for name in names}
    assert with_fields == covered


@pytest.mark.parametrize("title", sorted(TABLES))
def test_each_table_names_every_field_and_no_other(title: str) -> None:
    defs = schema()["$defs"]
    fields = {field for name in TABLES[title] for field in defs[name]["properties"]}
    named = table_fields(title)
    assert len(named) == len(set(named)), f"{title}: a field named twice"
    assert sorted(fields - set(named)) == [], f"{title}: fields left out"
    assert sorted(set(named) - fields) == [], f"{title}: fields that do not exist"


def test_the_forfeit_table_names_its_fields() -> None:
    forfeit = schema()["$defs"]["end"]["properties"]["forfeit"]["oneOf"][0]["properties"]
    assert sorted(table_fields(FORFEIT)) == sorted(forfeit)


def values_column(title: str, field: str) -> list[str]:
    """The quoted strings (``"draw"``) in the values column of ``field``'s row."""
    section = page_section(title)
    row = next(row for row in section.splitlines() if row.startswith(f"| `{field}` |"))
    return re.findall(r'`"([\w-]+)"`', row.split("|")[3])


def test_the_phase_and_forfeit_values_are_the_schemas() -> None:
    defs = schema()["$defs"]
    phase = values_column("The view", "phase")
    assert phase == defs["view"]["properties"]["phase"]["enum"] == ["draw", "play", "over"]
    kinds = values_column(FORFEIT, "kind")
    enum = defs["end"]["properties"]["forfeit"]["oneOf"][0]["properties"]["kind"]["enum"]
    assert kinds == enum == ["error", "illegal", "time"]
    rules = schema()["$defs"]["rules"]["properties"]["preset"]["examples"]
    assert values_column("`rules`", "preset") == rules


# -- the grammar of actions ------------------------------------------------------------


def test_every_example_of_the_grammar_reads_and_writes_back() -> None:
    """Each action in the grammar's table is notation the library reads, and writes
    back the same; and the schema's examples are all in the table."""
    section = page_section("Actions")
    rows = [row for row in section.splitlines() if row.startswith("| `")]
    shown = [re.match(r"\| `([^`]+)`", row).group(1) for row in rows]  # type: ignore[union-attr]
    assert len(shown) >= 10
    for text in shown:
        assert str(tt.Action.parse(text)) == text
    examples = schema()["$defs"]["notation"]["examples"]
    written = {str(tt.Action.parse(text)) for text in examples}
    assert sorted(written - set(shown)) == []


def test_the_history_forms_are_the_engines() -> None:
    """Each entry of the history's table is the JSON form of the action beside it,
    as a view writes it (a reshuffle's too), and the forms cover every kind."""
    section = page_section("The history")
    rows = re.findall(r"^\| `(\{.*\})` \| (.*) \|$", section, flags=re.M)
    kinds = set()
    for entry_text, notation in rows:
        entry = json.loads(entry_text)
        kinds.add(entry["type"])
        if entry["type"] == "reshuffle":
            assert notation == "(not an action)"
            cards = tt.Hand.parse(" ".join(entry["cards"]))
            assert Reshuffle(cards).to_dict() == entry
            continue
        action = tt.Action.parse(notation.strip("`"))
        assert entry == {"player": 1, **action.to_dict()}
        assert list(entry) == ["player", *action.to_dict()]
    assert kinds == {"draw", "discard", "meld", "lay_off", "reshuffle"}
    assert len(rows) == 9


if __name__ == "__main__":  # the exchange's blocks, to paste into the page
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        played = exchange(Path(folder) / "exchange.log")
    print(f"{sum(line.startswith('< ') for line in played)} decisions in all\n")
    for block in shown_blocks(played):
        print(f"```json\n{block}\n```\n")
