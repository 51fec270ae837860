"""The line protocol's pure parts (``threethirteen.arena.protocol``): a view read back from its
dict equals the view, in every phase of many games under many rules; the messages
are exactly what the protocol page says, and validate against the shipped JSON
Schema; answers are read as the page says; bad data is refused with short messages.
And ``threethirteen.arena.bot_server.serve``, run in this process on text streams."""

from __future__ import annotations

import copy
import dataclasses
import io
import json
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import threethirteen as tt
from threethirteen.arena import bot_server, protocol
from threethirteen.arena.protocol import (
    act_message,
    check_legal_actions,
    end_message,
    message_line,
    parse_answer,
    quit_message,
    read_message,
    start_message,
    view_from_dict,
)
from threethirteen.cli.main import main as cli_main

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "threethirteen" / "schemas" / "bot-protocol.json"

TABLES = [
    ("pagat", 2, []),
    ("pagat", 4, []),
    ("family", 2, []),
    ("family", 4, ["jokers"]),
    ("bga", 2, []),
    ("bga", 4, ["separate-discards", "joker-discards"]),
    ("pagat", 4, ["separate-discards", "jokers"]),
    ("pagat", 2, ["redemption"]),
    ("bga", 4, ["redemption", "first-out-bonus"]),
    ("pagat", 2, ["false-out"]),
    ("pagat", 4, ["jokers", "redemption", "false-out=7"]),
    ("pagat", 2, ["double-naughts", "longer-game"]),
]


def views_of(
    preset: str,
    players: int,
    variations: list[str],
    seed: int,
    max_turns: int = 40,
    stock_only: bool = False,
) -> Iterator[Any]:
    """Views of a game of random play (a going-out discard taken when legal; with
    ``stock_only``, every draw from the stock, so that the stock runs out): every
    player's view after every few actions, every phase, and the game over."""
    game = tt.Game(preset, players=players, seed=seed, variations=variations, max_turns=max_turns)
    rng = np.random.default_rng(seed)
    step = 0
    while not game.is_over:
        if step % 3 == 0:
            for player in range(players):
                yield game.view(player)
        legal = game.legal_actions()
        going = [a for a in legal if isinstance(a, tt.DiscardCard) and a.go_out]
        if going and rng.random() < 0.9:
            game.apply(going[int(rng.integers(len(going)))])
        elif stock_only and tt.DrawStock() in legal:
            game.apply(tt.DrawStock())
        else:
            game.apply(legal[int(rng.integers(len(legal)))])
        step += 1
    for player in range(players):
        yield game.view(player)


@pytest.mark.parametrize(("preset", "players", "variations"), TABLES)
def test_a_view_rebuilt_from_its_dict_equals_it(
    preset: str, players: int, variations: list[str]
) -> None:
    seen: set[str] = set()
    for seed in range(2):
        for view in views_of(preset, players, variations, seed):
            data = json.loads(json.dumps(view.to_dict()))
            rebuilt = view_from_dict(data)
            assert rebuilt == view
            assert rebuilt.to_dict() == data
            assert rebuilt.unseen() == view.unseen()
            seen.add(view.phase)
            if view.reshuffled is not None:
                seen.add("reshuffle")
            if view.table:
                seen.add("table")
            if view.false_outs:
                seen.add("false out")
    assert {"draw", "play", "over"} <= seen


def test_a_view_after_a_reshuffle_equals_it() -> None:
    reshuffled = 0
    for view in views_of("pagat", 4, ["jokers"], 1, max_turns=150, stock_only=True):
        if view.reshuffled is not None:
            reshuffled += 1
            assert view_from_dict(json.loads(json.dumps(view.to_dict()))) == view
    assert reshuffled > 10


def test_the_views_reach_what_a_view_holds() -> None:
    seen: set[str] = set()
    for table in [*TABLES, ("pagat", 4, ["jokers"], 1, 150, True)]:
        for view in views_of(*table) if len(table) > 3 else views_of(*table, 0):  # type: ignore[call-arg]
            if view.reshuffled is not None:
                seen.add("reshuffle")
            if view.table:
                seen.add("table")
            if view.false_outs:
                seen.add("false out")
            if any(len(known) for known in view.known):
                seen.add("known")
            if any(isinstance(event, tt.LayOff) for _, event in view.history):
                seen.add("lay off")
    assert seen == {"reshuffle", "table", "false out", "known", "lay off"}


@pytest.mark.parametrize(("preset", "players", "variations"), TABLES[:6])
def test_a_search_bot_plays_a_rebuilt_view_as_the_view(
    preset: str, players: int, variations: list[str]
) -> None:
    """SearchBot samples the view (``view.sample``): on the rebuilt view it chooses what
    it chooses on the view itself, given the same seed."""
    game = tt.Game(preset, players=players, seed=21, variations=variations, max_turns=40)
    rng = np.random.default_rng(4)
    for step in range(80):
        if game.is_over:
            break
        legal = game.legal_actions()
        view = game.view(game.to_move)  # type: ignore[arg-type]
        if step % 8 == 0:
            first = tt.SearchBot(seed=step, playouts=3).act(view, legal)
            second = tt.SearchBot(seed=step, playouts=3).act(view_from_dict(view.to_dict()), legal)
            assert first == second
        game.apply(legal[int(rng.integers(len(legal)))])


# -- the messages ----------------------------------------------------------------


def test_the_start_message() -> None:
    game = tt.Game("pagat", players=3, seed=2, variations=["jokers"], max_turns=30)
    assert start_message(game, 1, bot_seed=7, index=4) == {
        "type": "start",
        "protocol": 1,
        "seat": 1,
        "players": 3,
        "rules": {"preset": "pagat", "variations": ["jokers"], "players": 3, "max_turns": 30},
        "bot_seed": 7,
        "game": 4,
    }
    assert start_message(game.view(2), 2)["rules"] == game.to_record()["rules"]
    with pytest.raises(tt.GameError, match=r"^seat must be from 0 to 2, not 3$"):
        start_message(game, 3)
    with pytest.raises(tt.GameError, match=r"^bot_seed must be an int, not '7'$"):
        start_message(game, 0, bot_seed="7")  # type: ignore[arg-type]


def test_the_act_message() -> None:
    game = tt.Game("pagat", players=2, seed=7)
    view = game.view(1)
    message = act_message(view, game.legal_actions(), 2)
    assert message == {
        "type": "act",
        "view": view.to_dict(),
        "legal": ["draw stock", "draw discard"],
        "move_time": 2.0,
    }
    assert isinstance(message["move_time"], float)
    with pytest.raises(tt.GameError, match=r"^move_time must be a finite number, not '1'$"):
        act_message(view, [], "1")  # type: ignore[arg-type]


def test_the_end_message() -> None:
    game = tt.play(["greedy", "advisor"], seed=4)
    message = end_message(game, 1)
    assert message == {
        "type": "end",
        "seat": 1,
        "totals": list(game.totals),
        "round_scores": [list(scores) for scores in game.round_scores],
        "winners": list(game.winners),
        "forfeit": None,
    }
    forfeited = end_message(game, 0, forfeit={"seat": 1, "kind": "time"}, winners=[0])
    assert (forfeited["forfeit"], forfeited["winners"]) == ({"seat": 1, "kind": "time"}, [0])
    with pytest.raises(tt.GameError, match=r"^a forfeit's seat must be from 0 to 1, not 2$"):
        end_message(game, 0, forfeit={"seat": 2, "kind": "time"})
    with pytest.raises(tt.GameError, match=r"^a forfeit is \{'seat': \.\.\., 'kind': \.\.\.\}"):
        end_message(game, 0, forfeit={"seat": 1})


def test_a_message_is_one_line_of_compact_ascii_json() -> None:
    game = tt.Game("pagat", players=2, seed=7)
    line = message_line(act_message(game.view(0), game.legal_actions(), None))
    assert line.endswith(b"\n")
    assert line.count(b"\n") == 1
    assert line.startswith(b'{"type":"act","view":{"player":0,')
    assert read_message(line) == act_message(game.view(0), game.legal_actions(), None)
    assert message_line(quit_message()) == b'{"type":"quit"}\n'


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("", "message '' is not JSON: Expecting value: line 1 column 1 (char 0)"),
        ("[1]", "a message is a JSON object, not [1]"),
        ('{"type": "act"', 'message \'{"type": "act"\' is not JSON: Expecting'),
        ('{"kind": "act"}', "unknown message type None (start, act, end, quit)"),
        ('{"type": "fly"}', "unknown message type 'fly' (start, act, end, quit)"),
    ],
)
def test_a_line_that_is_no_message(line: str, message: str) -> None:
    with pytest.raises(tt.BotProtocolError) as error:
        read_message(line)
    assert str(error.value).startswith(message)


# -- the answers -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "action"),
    [
        ("discard 9s", "discard 9s"),
        ("discard 9s\n", "discard 9s"),
        ("  discard 9s \r\n", "discard 9s"),
        (b"draw discard 2\n", "draw discard 2"),
        ('{"action": "discard 9s out"}', "discard 9s out"),
        ('{"action": " lay off Jk=7h on 2 ", "comment": "why not"}', "lay off Jk=7h on 2"),
        ("DRAW stock", "draw stock"),
        ("discard 9s out [9d 9h 9c] [4h 5h 6c=6h]", "discard 9s out [9c 9d 9h] [4h 5h 6c=6h]"),
    ],
)
def test_an_answer_is_notation_or_an_action_object(line: str | bytes, action: str) -> None:
    assert parse_answer(line) == tt.Action.parse(action)
    assert str(parse_answer(line)) == action


def test_an_answer_that_is_a_legal_action_is_that_action() -> None:
    game = tt.Game("pagat", players=2, seed=7)
    legal = game.legal_actions()
    assert parse_answer("draw discard", legal) is legal[1]
    assert parse_answer("discard Kh", legal) == tt.Action.parse("discard Kh")  # not legal: read


@pytest.mark.parametrize(
    ("line", "error", "message"),
    [
        ("", tt.BotProtocolError, "an empty line is no answer"),
        (" \n", tt.BotProtocolError, "an empty line is no answer"),
        ("{", tt.BotProtocolError, "answer '{' is not JSON: Expecting property name enclosed"),
        ('{"move": "draw stock"}', tt.BotProtocolError, 'an answer object is {"action": "..."}'),
        ('{"action": 3}', tt.BotProtocolError, 'an answer object is {"action": "..."}'),
        (b"discard \xff", tt.BotProtocolError, "answer b'discard \\xff' is not UTF-8"),
        ("x" * 70000, tt.BotProtocolError, "an answer is at most 65536 bytes, not 70000"),
        (3, tt.BotProtocolError, "an answer is a line of text, not 3"),
        ("pass", tt.InvalidActionError, "no action 'pass': write 'draw stock'"),
        ('{"action": "draw 2"}', tt.InvalidActionError, "no action 'draw 2': write"),
    ],
)
def test_an_answer_that_is_no_action(line: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as raised:
        parse_answer(line)
    assert type(raised.value) is error
    assert str(raised.value).startswith(message)


# -- bad views ---------------------------------------------------------------------


def a_view_dict(seat: int = 0) -> dict[str, Any]:
    game = tt.Game("pagat", players=2, seed=7)
    for text in ["draw discard", "discard 2d out", "draw stock", "discard Kh", "draw stock"]:
        game.apply(tt.Action.parse(text))
    return game.view(seat).to_dict()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"hand": ["9s", "9x"]}, "view.hand: unknown suit 'x' in '9x'"),
        ({"hand": "9s 9h"}, "view.hand: expected a list, not '9s 9h'"),
        ({"hand": ["9s"] * 1001}, "view.hand: expected at most 1000 items, not 1001"),
        ({"player": 2}, "view.player: expected an integer from 0 to 1, not 2"),
        ({"player": True}, "view.player: expected an integer, not True"),
        ({"players": 17}, "view.players: expected an integer from 2 to 16, not 17"),
        ({"round": 12}, "view.round: expected an integer from 1 to 11, not 12"),
        ({"cards_dealt": 5}, "view.cards_dealt: round 2 deals 4, not 5"),
        ({"wild": "5"}, "view.wild: round 2's wild rank is not '5'"),
        ({"wild": "Z"}, "view.wild: expected a rank such as '3' or 'J', not 'Z'"),
        ({"phase": "think"}, "view.phase: expected 'draw' or 'play' or 'over', not 'think'"),
        ({"to_move": -1}, "view.to_move: expected an integer from 0 to 1, not -1"),
        ({"went_out": [False]}, "view.went_out: expected 2 items, not 1"),
        ({"went_out": [0, 1]}, "view.went_out: expected true or false, not 0"),
        ({"piles": [[], [], []]}, "view.piles: expected 1 or 2 piles, not 3"),
        ({"table": [{"owner": 0}]}, "view.table[0]: expected {'owner': ..., 'cards': [...]}"),
        (
            {"table": [{"owner": 0, "cards": ["4h", "9s"]}]},
            "view.table[0]: meld '4h 9s': ",
        ),
        ({"history": [{"player": 0, "type": "fly"}]}, "view.history[0]: unknown action type"),
        ({"history": [{"type": "draw", "source": "stock"}]}, "view.history[0].player: expected"),
        ({"history": [{"type": "reshuffle", "stock": []}]}, "view.history[0]: a reshuffle is"),
        ({"false_outs": [5]}, "view.false_outs: no history entry 5"),
        ({"hand_sizes": [4, 4]}, "view.hand: 5 cards, but hand_sizes says 4"),
        ({"known": [[], ["Kh"] * 5]}, "view.known[1]: more cards than player 1 holds"),
        ({"upcard": 7}, "view.upcard: expected a card such as '9s', not 7"),
        ({"totals": [1, 2, 3]}, "view.totals: expected 2 items, not 3"),
        ({"rules": {"preset": "pagat"}}, "view.rules: missing 'variations'"),
        (
            {"rules": {**a_view_dict()["rules"], "preset": 7}},
            "view.rules.preset: expected a string",
        ),
        (
            {"rules": {**a_view_dict()["rules"], "fields": []}},
            "view.rules.fields: expected an object, not []",
        ),
        (
            {"rules": {"preset": "nope", "variations": [], "players": 2, "max_turns": None}},
            "view.rules: unknown preset 'nope'",
        ),
        (
            {"rules": {"preset": "pagat", "variations": [], "players": 3, "max_turns": None}},
            "view.rules: players and max_turns (3, None) are not the view's (2, None)",
        ),
    ],
)
def test_a_bad_view_is_refused(change: dict[str, Any], message: str) -> None:
    """Each check of a view's fields: the first stage's (a field alone) and the
    second's (a field read against the players, the rules, the round)."""
    data = {**a_view_dict(), **copy.deepcopy(change)}
    with pytest.raises(tt.InvalidRecordError) as raised:
        view_from_dict(data)
    assert str(raised.value).startswith(message)


def test_every_field_of_a_view_is_checked_in_one_of_the_two_stages() -> None:
    """The view's table (the first stage) names every field a view's dict holds;
    each field it leaves for later has its reader in the second stage's table."""
    fields = protocol._VIEW_FIELDS
    readers = protocol._VIEW_READERS
    assert list(fields) == list(a_view_dict())
    later = {name for name, check in fields.items() if check is protocol._read_later}
    assert later <= set(readers) <= set(fields)
    assert set(readers) - later == {"rules", "cards_dealt"}  # (checked in both stages)
    assert len(fields) == 29


# The view of a_view_dict: round 2 of pagat, two players; player 0 has drawn the Qc
# from the stock (the history's one entry) and holds 6c Qc 3h Kh Js; the pile is
# the upcard 8h; the stock holds 42; player 1 holds 4 cards, none known.
DRAW_FROM_PILE = {"player": 1, "type": "draw", "source": "discard"}
DRAW_FROM_STOCK = {"player": 0, "type": "draw", "source": "stock"}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"to_move": None}, "view.to_move: None in the phase 'play'"),
        ({"phase": "over"}, "view.to_move: 0 in the phase 'over'"),
        ({"piles": [["8h"], []]}, "view.piles: one pile, not 2"),
        ({"piles": [["8h", "5d"]]}, "view.piles: not the piles that the history leaves"),
        ({"piles": [[]]}, "view.piles: not the piles that the history leaves"),
        (
            {"history": [DRAW_FROM_PILE, DRAW_FROM_PILE], "stock_draws": []},
            "view.history[0]: player 1 moves in player 0's turn",
        ),
        ({"stock_size": 41}, "view.stock_size: the history leaves 42, not 41"),
        (
            {"history": [DRAW_FROM_STOCK, DRAW_FROM_STOCK], "stock_draws": ["Qc", "Qc"]},
            "view.history[1]: player 0 draws twice in a turn",
        ),
        (
            {"stock_draws": []},
            "view.stock_draws: 0 cards, but the history has 1 stock draw of the player's",
        ),
        ({"hand_sizes": [5, 6]}, "view.hand_sizes: the history leaves [5, 4], not [5, 6]"),
    ],
)
def test_a_view_whose_record_does_not_add_up_is_refused(
    change: dict[str, Any], message: str
) -> None:
    # Each view is well formed field by field, but no game could show it; a bot
    # given one raised IndexError, StopIteration or ZeroDivisionError.
    data = {**a_view_dict(), **copy.deepcopy(change)}
    with pytest.raises(tt.InvalidRecordError) as raised:
        view_from_dict(data)
    assert str(raised.value) == message


@pytest.mark.parametrize(("preset", "players", "variations"), TABLES)
def test_every_positions_legal_actions_fit_its_view(
    preset: str, players: int, variations: list[str]
) -> None:
    # What a bot server checks of an act message: never a refusal of the engine's own.
    game = tt.Game(preset, players=players, seed=3, variations=variations, max_turns=60)
    rng = np.random.default_rng(3)
    kinds: set[str] = set()
    while not game.is_over:
        legal = game.legal_actions()
        check_legal_actions(view_from_dict(game.view(game.to_move).to_dict()), legal)
        kinds.update(type(action).__name__ for action in legal)
        game.apply(legal[int(rng.integers(len(legal)))])
    assert {"DrawStock", "DrawDiscard", "DiscardCard"} <= kinds


def test_legal_actions_that_do_not_fit_the_view_are_refused() -> None:
    game = tt.Game("pagat", players=3, seed=2, variations=["separate-discards"])
    view = game.view(game.to_move)
    empty = next(index for index, pile in enumerate(view.piles) if not pile)
    for legal, message in [
        ([tt.DrawDiscard()], "legal[0]: 'draw discard', but each player has a pile"),
        ([tt.DrawDiscard(empty)], f"legal[0]: 'draw discard {empty}', but that pile holds no card"),
        ([tt.DrawStock(), tt.DrawDiscard(7)], "legal[1]: 'draw discard 7', but that pile holds"),
    ]:
        with pytest.raises(tt.InvalidRecordError) as raised:
            check_legal_actions(view, legal)
        assert str(raised.value).startswith(message)
    plain = tt.Game("pagat", players=2, seed=7)
    with pytest.raises(
        tt.InvalidRecordError, match=r"^legal\[0\]: 'draw discard 1', but there is one pile$"
    ):
        check_legal_actions(plain.view(1), [tt.DrawDiscard(1)])
    with pytest.raises(tt.InvalidRecordError, match="whose turn it is not"):
        check_legal_actions(plain.view(0), plain.legal_actions())


def test_a_view_with_more_copies_of_a_card_than_the_pool_is_refused() -> None:
    data = a_view_dict()
    data["piles"] = [[*data["piles"][0], "7c", "7c"]]  # one deck for two players
    with pytest.raises(tt.InvalidRecordError, match=r"^a view shows 2 of 7c; the pool holds 1$"):
        view_from_dict(data)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "a view is a JSON object, not []"),
        ({"player": 0}, "view: missing 'players'"),
        ({**a_view_dict(), "x": 1}, "view: unexpected field 'x'"),
    ],
)
def test_a_view_that_is_no_view(data: Any, message: str) -> None:
    with pytest.raises(tt.InvalidRecordError) as raised:
        view_from_dict(data)
    assert str(raised.value) == message


def test_the_rebuilt_view_of_house_rules_keeps_their_fields() -> None:
    rules = dataclasses.replace(tt.Rules.preset("pagat", players=2), min_run=4)
    game = tt.Game(rules, players=2, seed=1)
    data = json.loads(json.dumps(game.view(1).to_dict()))
    assert "fields" in data["rules"]
    assert view_from_dict(data) == game.view(1)
    assert view_from_dict(data).rules == rules


# -- the schema --------------------------------------------------------------------

jsonschema = pytest.importorskip("jsonschema")


@pytest.fixture(scope="module")
def validators() -> dict[str, Any]:
    loaded = protocol.schema()
    found = {"all": jsonschema.Draft202012Validator(loaded)}
    for name in ("start", "act", "end", "quit", "answer", "arena_message", "view"):
        found[name] = jsonschema.Draft202012Validator(
            {"$ref": f"#/$defs/{name}", "$defs": loaded["$defs"]}
        )
    return found


def problems(validator: Any, message: Any) -> list[str]:
    return [error.message for error in validator.iter_errors(json.loads(json.dumps(message)))]


def test_the_schema_is_draft_2020_12_valid_and_shipped() -> None:
    loaded = protocol.schema()
    assert loaded["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert loaded["title"] == (
        "The line protocol between a threethirteen arena and a bot program (version 1)"
    )
    jsonschema.Draft202012Validator.check_schema(loaded)
    assert loaded == json.loads(SOURCE.read_text(encoding="utf-8"))
    shipped = resources.files("threethirteen").joinpath("schemas/bot-protocol.json")
    assert shipped.is_file()
    assert loaded["$defs"]["start"]["properties"]["protocol"] == {
        "const": protocol.PROTOCOL_VERSION,
        "description": "The protocol's version.",
    }


@pytest.mark.parametrize(("preset", "players", "variations"), TABLES)
def test_the_messages_of_a_game_validate(
    validators: dict[str, Any], preset: str, players: int, variations: list[str]
) -> None:
    """The start and end messages of a game of random play, and a sample of its act
    messages and answers (a view's history is long: validating every one is slow)."""
    game = tt.Game(preset, players=players, seed=5, variations=variations, max_turns=40)
    messages = [start_message(game, seat, bot_seed=seat, index=0) for seat in range(players)]
    rng = np.random.default_rng(5)
    step = 0
    while not game.is_over:
        legal = game.legal_actions()
        seat = game.to_move
        assert seat is not None
        going = [a for a in legal if isinstance(a, tt.DiscardCard) and a.go_out]
        action = going[0] if going else legal[int(rng.integers(len(legal)))]
        if step % 37 == 0 or going or len(game.table):
            messages.append(act_message(game.view(seat), legal, 0.5 if seat else None))
            messages.append({"action": str(action)})
        game.apply(action)
        step += 1
    messages += [end_message(game, seat) for seat in range(players)]
    messages += [end_message(game, 0, forfeit={"seat": 1, "kind": "error"}), quit_message()]
    for message in messages[:: max(1, len(messages) // 60)] + messages[-players - 2 :]:
        assert problems(validators["all"], message) == [], message
        assert problems(validators[message.get("type", "answer")], message) == []


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("start", {"type": "start", "protocol": 2, "seat": 0, "players": 2}),
        ("act", {"type": "act", "view": {}, "legal": [], "move_time": None}),
        ("end", {"type": "end", "seat": 0, "totals": [0, 0], "round_scores": [], "winners": []}),
        ("quit", {"type": "quit", "now": True}),
        ("answer", {"action": "pass"}),
        ("answer", {"move": "draw stock"}),
        ("all", {"type": "hello"}),
    ],
)
def test_a_broken_message_does_not_validate(
    validators: dict[str, Any], kind: str, message: dict[str, Any]
) -> None:
    assert problems(validators[kind], message) != []
    assert problems(validators["all"], message) != []


def test_a_forfeit_of_an_unknown_kind_does_not_validate(validators: dict[str, Any]) -> None:
    message = end_message(tt.play(["greedy", "greedy"], seed=1), 0)
    message["forfeit"] = {"seat": 1, "kind": "late"}
    assert problems(validators["end"], message) != []


# -- the bot server, in this process ---------------------------------------------------


def lines(*messages: dict[str, Any]) -> io.StringIO:
    return io.StringIO("".join(message_line(message).decode() for message in messages))


def serve(spec: Any, messages: io.StringIO) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = bot_server.serve(spec, messages, out, err)
    return status, out.getvalue(), err.getvalue()


class Recorder:
    """A bot with the hooks: it records the messages and prints (to standard error,
    by the server's redirection)."""

    made: list[Recorder] = []  # noqa: RUF012

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.messages: list[Any] = []
        Recorder.made.append(self)

    def start_game(self, message: dict[str, Any]) -> None:
        self.messages.append(message)

    def end_game(self, message: dict[str, Any]) -> None:
        self.messages.append(message)

    def act(self, view: tt.PlayerView, legal_actions: list[tt.Action]) -> tt.Action:
        print("thinking about", view.hand)
        self.messages.append(("act", view, legal_actions))
        return legal_actions[-1]

    def timed_act(
        self, view: tt.PlayerView, legal_actions: list[tt.Action], move_time: float | None
    ) -> tt.Action:
        self.messages.append(("timed", move_time))
        return self.act(view, legal_actions)


def test_the_server_makes_the_bot_at_each_start_and_forwards_the_hooks() -> None:
    game = tt.Game("pagat", players=2, seed=7)
    view, legal = game.view(1), game.legal_actions()
    start = start_message(game, 1, bot_seed=11, index=3)
    finished = tt.play(["greedy", "greedy"], seed=1)
    Recorder.made.clear()
    status, out, err = serve(
        Recorder,
        lines(
            start,
            act_message(view, legal, 0.25),
            end_message(finished, 1),
            start_message(game, 1, bot_seed=12),
            act_message(view, legal, None),
            quit_message(),
            act_message(view, legal, None),  # after quit: never read
        ),
    )
    assert (status, out) == (0, "draw discard\ndraw discard\n")
    assert err == "thinking about 7c 2d 3d\nthinking about 7c 2d 3d\n"
    assert len(Recorder.made) == 3  # made when loaded, then at each start
    first, second = Recorder.made[1:]
    assert (first.seed, second.seed) == (11, 12)
    assert first.messages[0] == start
    assert first.messages[1] == ("timed", 0.25)
    assert first.messages[2][1] == view
    assert first.messages[2][2] == legal
    assert first.messages[3] == end_message(finished, 1)
    assert [entry[0] for entry in second.messages[1:]] == ["act"]


def test_the_server_plays_without_a_start_and_skips_blank_lines() -> None:
    game = tt.Game("pagat", players=2, seed=7)
    messages = io.StringIO(
        "\n  \n" + message_line(act_message(game.view(1), game.legal_actions())).decode()
    )
    assert serve("threethirteen:AdvisorBot", messages) == (0, "draw discard\n", "")
    assert serve("advisor", lines()) == (0, "", "")


@pytest.mark.parametrize(
    ("messages", "error"),
    [
        (["not json"], "message 'not json\\n' is not JSON: Expecting value"),
        (
            [{"type": "start", "protocol": 2, "bot_seed": None}],
            "a start message: protocol version 2 is not 1",
        ),
        (
            [{**start_message(tt.Game("pagat", players=2, seed=7), 1), "bot_seed": "x"}],
            "a start message: bot_seed: expected an integer, not 'x'",
        ),
        ([{"type": "start", "protocol": 1, "bot_seed": 3}], "a start message: missing 'seat'"),
        ([{"type": "act", "view": {}}], "an act message: missing 'legal'"),
        (
            [{"type": "act", "view": {}, "legal": [], "move_time": None}],
            "view: missing 'player'",
        ),
        (
            [{"type": "act", "view": a_view_dict(), "legal": ["fly"], "move_time": None}],
            "no action 'fly'",
        ),
        (
            [{"type": "act", "view": a_view_dict(), "legal": ["discard 6c"], "move_time": "1"}],
            "an act message: move_time: expected a finite number above 0, not '1'",
        ),
        (
            [{"type": "act", "view": a_view_dict(), "legal": ["draw stock"], "move_time": None}],
            "legal[0]: 'draw stock' in the play phase",
        ),
        (
            [{"type": "act", "view": a_view_dict(), "legal": ["discard 9d"], "move_time": None}],
            "legal[0]: 'discard 9d', but the hand is '6c Qc 3h Kh Js'",
        ),
        (
            [{"type": "act", "view": a_view_dict(), "legal": [], "move_time": None}],
            "an act message with no legal action",
        ),
        (
            [
                {
                    "type": "act",
                    "view": a_view_dict(1),
                    "legal": ["discard 6c"],
                    "move_time": None,
                }
            ],
            "an act message for player 1, whose turn it is not (to_move 0)",
        ),
        (
            [
                {
                    "type": "act",
                    "view": {**a_view_dict(), "stock_size": 41},
                    "legal": ["discard 6c"],
                    "move_time": None,
                }
            ],
            "view.stock_size: the history leaves 42, not 41",
        ),
    ],
)
def test_a_message_the_server_cannot_read_exits_2(messages: list[Any], error: str) -> None:
    text = "".join(m if isinstance(m, str) else json.dumps(m) for m in messages)
    status, out, err = serve("greedy", io.StringIO(text + "\n"))
    assert (status, out) == (2, "")
    assert err.startswith(f"threethirteen bot: error: {error}")
    assert err.count("\n") == 1


def test_a_bot_that_raises_exits_1_with_its_traceback() -> None:
    def broken(view: tt.PlayerView, legal_actions: list[tt.Action]) -> tt.Action:
        raise RuntimeError("no idea")

    game = tt.Game("pagat", players=2, seed=7)
    status, out, err = serve(broken, lines(act_message(game.view(1), game.legal_actions())))
    assert (status, out) == (1, "")
    assert err.startswith("Traceback (most recent call last):\n")
    assert err.endswith("RuntimeError: no idea\n")
    status, out, err = serve(
        lambda view, legal: "draw stock", lines(act_message(game.view(1), game.legal_actions()))
    )
    assert (status, out) == (1, "")
    assert err.endswith("InvalidBotError: the bot returned 'draw stock', not an action\n")


@pytest.mark.parametrize(
    ("spec", "error"),
    [
        ("nosuchmodule:Bot", "cannot import 'nosuchmodule': No module named 'nosuchmodule'"),
        ("threethirteen:NoBot", "module 'threethirteen' has no 'NoBot'"),
        ("best", "a bot is named MODULE:OBJECT or is a built-in bot (advisor, expert, greedy,"),
        (":GreedyBot", "a bot is named MODULE:OBJECT, not ':GreedyBot'"),
    ],
)
def test_a_bot_that_cannot_be_loaded_exits_2(spec: str, error: str) -> None:
    status, out, err = serve(spec, lines(quit_message()))
    assert (status, out) == (2, "")
    assert err.startswith(f"threethirteen bot: error: {error}")


def test_a_factory_gets_the_seed() -> None:
    from tests.bot_programs import search4

    game = tt.Game("pagat", players=2, seed=7)
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    seat = game.to_move
    assert seat is not None
    view, legal = game.view(seat), game.legal_actions()
    status, out, _ = serve(
        "tests.bot_programs:search4",
        lines(start_message(game, seat, bot_seed=3), act_message(view, legal)),
    )
    assert (status, out) == (0, f"{search4(3).act(view, legal)}\n")


def test_a_spec_that_makes_no_bot_exits_2() -> None:
    status, out, err = serve("threethirteen:Card", lines(quit_message()))
    assert (status, out) == (2, "")
    assert err.startswith("threethirteen bot: error: ")


def test_the_bot_command_shows_its_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["bot", "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: threethirteen bot [-h] MODULE:OBJECT\n")
    assert cli_main(["bot"]) == 2
    assert "the following arguments are required: MODULE:OBJECT" in capsys.readouterr().err
