"""The bot server's walls (issue 38): request numbers echoed; a message or an answer
nested without bound refused with the library's error, never a RecursionError; the
protocol's channel kept away from the bot's descriptors 0 and 1 (tested on real pipes,
the server in its own process); a bot that cannot be loaded or made, whatever it
raises, reported on one line with status 2; a bot that raises anything while it
plays ends the server with status 1, never 0; start and end messages checked."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

import threethirteen as tt
from tests.conftest import examples
from threethirteen.arena import bot_server, protocol
from threethirteen.arena.protocol import (
    MAX_NESTING,
    act_message,
    answer_request,
    end_message,
    message_line,
    parse_answer,
    quit_message,
    read_message,
    start_message,
)

SERVER = [sys.executable, "-m", "threethirteen", "bot"]
PIPE_TIMEOUT = 120  # seconds; generous: the machine may be loaded


def lines(*messages: dict[str, Any] | str) -> io.StringIO:
    return io.StringIO(
        "".join(m if isinstance(m, str) else message_line(m).decode() for m in messages)
    )


def serve(spec: Any, messages: io.StringIO) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = bot_server.serve(spec, messages, out, err)
    return status, out.getvalue(), err.getvalue()


def first_act(seed: int = 7) -> tuple[tt.Game, dict[str, Any]]:
    game = tt.Game("pagat", players=2, seed=seed)
    return game, act_message(game.view(1), game.legal_actions())


# -- request numbers -------------------------------------------------------------------


def test_an_act_message_carries_its_request_after_move_time() -> None:
    game, _ = first_act()
    message = act_message(game.view(1), game.legal_actions(), 0.5, request=0)
    assert list(message) == ["type", "view", "legal", "move_time", "request"]
    assert message["request"] == 0
    assert "request" not in act_message(game.view(1), game.legal_actions(), 0.5)
    assert message_line(message).endswith(b',"move_time":0.5,"request":0}\n')


@pytest.mark.parametrize("number", [True, -1, "3", 1.0])
def test_a_request_that_is_no_int_from_0_is_refused(number: Any) -> None:
    game, _ = first_act()
    with pytest.raises(tt.GameError, match=r"^request must be "):
        act_message(game.view(1), game.legal_actions(), request=number)


@pytest.mark.parametrize(
    ("line", "number"),
    [
        ('{"action": "draw stock", "request": 12}', 12),
        (b'{"action": "draw stock", "request": 0}\n', 0),
        ('  {"request": 3, "action": "draw stock"}  ', 3),
        (
            '{"action": "draw stock", "request": 123456789012345678901234567890}',
            123456789012345678901234567890,
        ),
        ("draw stock", None),
        ("draw stock\n", None),
        ('{"action": "draw stock"}', None),
        ('{"action": "draw stock", "note": {"request": 4}}', None),
        ("", None),
    ],
)
def test_answer_request_reads_the_echoed_number(line: str | bytes, number: int | None) -> None:
    assert answer_request(line) == number


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            '{"action": "draw stock", "request": "12"}',
            "an answer's request must be an int, not '12'",
        ),
        (
            '{"action": "draw stock", "request": true}',
            "an answer's request must be an int, not True",
        ),
        ('{"action": "draw stock", "request": 1.0}', "an answer's request must be an int, not 1.0"),
        (
            '{"action": "draw stock", "request": null}',
            "an answer's request must be an int, not None",
        ),
        (
            '{"action": "draw stock", "request": 1',
            'answer \'{"action": "draw stock", "request": 1\' is not JSON: Expecting',
        ),
        ("[1]", None),  # notation (no object): read by parse_answer, not here
        (b'{"action": "\xff"}', 'answer b\'{"action": "\\xff"}\' is not UTF-8'),
        pytest.param(
            "{" + " " * (protocol.MAX_ANSWER_BYTES + 1) + "}",
            "an answer is at most 65536 bytes, not 65539",
            id="too-long",
        ),
        ('["draw stock"]', None),
        ('{"a": ' * 40 + "1" + "}" * 40, "is not JSON: nested more than 32 deep"),
    ],
)
def test_answer_request_refuses_what_is_unreadable(line: str | bytes, message: str | None) -> None:
    if message is None:
        assert answer_request(line) is None
        return
    with pytest.raises(tt.BotProtocolError) as raised:
        answer_request(line)
    assert message in str(raised.value)


def test_parse_answer_ignores_the_request() -> None:
    assert parse_answer('{"action": "draw stock", "request": 4}') == tt.Action.parse("draw stock")


def test_the_server_echoes_the_request_and_only_when_asked() -> None:
    game, _ = first_act()
    view, legal = game.view(1), game.legal_actions()
    status, out, err = serve(
        "greedy",
        lines(
            act_message(view, legal, 0.5, request=7),
            act_message(view, legal, None),
            act_message(view, legal, None, request=2**40),
        ),
    )
    assert (status, err) == (0, "")
    answers = out.splitlines()
    assert json.loads(answers[0]) == {"action": "draw discard", "request": 7}
    assert answers[1] == "draw discard"
    assert json.loads(answers[2]) == {"action": "draw discard", "request": 2**40}
    assert [answer_request(answer) for answer in answers] == [7, None, 2**40]
    assert [str(parse_answer(answer, legal)) for answer in answers] == ["draw discard"] * 3


@pytest.mark.parametrize("number", [-1, True, "7", 1.5, None])
def test_the_server_refuses_a_bad_request(number: Any) -> None:
    _, message = first_act()
    message["request"] = number
    status, out, err = serve("greedy", lines(message))
    assert (status, out) == (2, "")
    assert err.startswith("threethirteen bot: error: an act message: request: expected an integer")
    assert err.count("\n") == 1


jsonschema = pytest.importorskip("jsonschema")


def test_the_schema_takes_a_request_in_act_and_answer() -> None:
    loaded = protocol.schema()
    validator = jsonschema.Draft202012Validator(loaded)
    game, _ = first_act()
    message = act_message(game.view(1), game.legal_actions(), 0.5, request=3)
    assert list(validator.iter_errors(json.loads(message_line(message)))) == []
    assert list(validator.iter_errors({"action": "draw stock", "request": 3})) == []
    assert list(validator.iter_errors({**message, "request": -1})) != []
    assert list(validator.iter_errors({**message, "request": "3"})) != []
    assert list(validator.iter_errors({"action": "draw stock", "request": "3"})) != []


# -- nesting ---------------------------------------------------------------------------


def deep(depth: int) -> str:
    """JSON arrays nested ``depth`` deep."""
    return "[" * depth + "]" * depth


def deep_objects(depth: int) -> str:
    """JSON objects nested ``depth`` deep."""
    return '{"a":' * (depth - 1) + "{}" + "}" * (depth - 1)


def test_a_message_nested_100000_deep_is_one_line_and_exit_2() -> None:
    text = '{"type":"act","view":' + deep(100_000) + ',"legal":[],"move_time":null}\n'
    status, out, err = serve("greedy", io.StringIO(text))
    assert (status, out) == (2, "")
    assert err.startswith("threethirteen bot: error: message ")
    assert err.endswith(f" is not JSON: nested more than {MAX_NESTING} deep\n")
    assert err.count("\n") == 1


def test_a_message_nested_deeper_than_the_bound_but_readable_is_refused() -> None:
    # 500 deep: json reads it; the bound refuses it before anything walks it
    text = '{"type":"end","seat":0,"totals":' + deep(500) + "}\n"
    status, out, err = serve("greedy", io.StringIO(text))
    assert (status, out) == (2, "")
    assert f"nested more than {MAX_NESTING} deep" in err
    assert err.count("\n") == 1


@pytest.mark.parametrize("depth", [MAX_NESTING + 1, 900, 20_000, 200_000])
def test_read_message_and_parse_answer_refuse_deep_nesting(depth: int) -> None:
    line = '{"type":"quit","x":' + deep(depth - 1) + "}"
    with pytest.raises(tt.BotProtocolError, match=f"nested more than {MAX_NESTING} deep"):
        read_message(line)
    with pytest.raises(tt.BotProtocolError, match=f"nested more than {MAX_NESTING} deep"):
        read_message(line.encode())
    answer = '{"action":"draw stock","x":' + deep_objects(depth - 1) + "}"
    if len(answer) <= protocol.MAX_ANSWER_BYTES:
        with pytest.raises(
            tt.BotProtocolError, match=f"is not JSON: nested more than {MAX_NESTING}"
        ):
            parse_answer(answer)
        with pytest.raises(
            tt.BotProtocolError, match=f"is not JSON: nested more than {MAX_NESTING}"
        ):
            answer_request(answer)
    else:
        with pytest.raises(tt.BotProtocolError, match="an answer is at most 65536 bytes"):
            parse_answer(answer)


def test_nesting_up_to_the_bound_is_read() -> None:
    line = '{"type":"quit","x":' + deep(MAX_NESTING - 1) + "}"
    assert read_message(line)["type"] == "quit"
    answer = '{"action":"draw stock","x":' + deep_objects(MAX_NESTING - 1) + "}"
    assert parse_answer(answer) == tt.Action.parse("draw stock")


def depth_of(value: Any) -> int:
    if isinstance(value, list):
        return 1 + max((depth_of(item) for item in value), default=0)
    if isinstance(value, dict):
        return 1 + max((depth_of(item) for item in value.values()), default=0)
    return 0


def wrapped(value: Any, layers: int) -> Any:
    """``value`` under ``layers`` more arrays and objects, whose keys and neighbours
    are strings full of brackets and escapes."""
    for layer in range(layers):
        if layer % 2:
            value = ["]]]", value, '\\"[[{'] if layer % 3 else [value]
        else:
            value = {'{"[': value, "x": "}}]]\\"}
    return value


def read_at_depth(value: Any) -> bool:
    """Whether read_message reads a message that nests ``value`` one deeper."""
    line = json.dumps({"type": "quit", "x": value})
    try:
        read_message(line)
        read_message(line.encode())
    except tt.BotProtocolError as error:
        refused = str(error)
    else:
        return True
    assert refused.endswith(f" is not JSON: nested more than {MAX_NESTING} deep")
    return False


@pytest.mark.parametrize("extra", [-2, -1, 0, 1, 2])
@pytest.mark.parametrize(
    "value",
    [[], {}, "[[[[", ['"[[[', "\\{{{"], {"a": [1, {"b": []}]}, [{"]": "]]", "[": [[]]}]],
)
def test_the_nesting_bound_counts_only_brackets_outside_strings(value: Any, extra: int) -> None:
    layers = MAX_NESTING - 1 - depth_of(value) + extra
    nested = wrapped(value, layers)
    assert depth_of(nested) == MAX_NESTING - 1 + extra
    assert read_at_depth(nested) == (extra <= 0)


def test_the_nesting_bound_agrees_with_the_depth_of_any_json() -> None:
    import hypothesis
    from hypothesis import strategies

    text = strategies.text(alphabet='[]{}"\\ab\u00e9', max_size=6)
    json_values = strategies.recursive(
        strategies.none() | strategies.integers() | text,
        lambda inner: (
            strategies.lists(inner, max_size=3) | strategies.dictionaries(text, inner, max_size=3)
        ),
        max_leaves=12,
    )

    @hypothesis.settings(max_examples=examples(100), deadline=None)
    @hypothesis.given(json_values, strategies.integers(-2, 2))
    def check(value: Any, extra: int) -> None:
        nested = wrapped(value, max(0, MAX_NESTING - 1 - depth_of(value) + extra))
        assert read_at_depth(nested) == (depth_of(nested) <= MAX_NESTING - 1)

    check()


# -- the protocol's channel, away from the bot's descriptors 0 and 1 -------------------

NOISY_BOT = """
import os
import sys

import threethirteen as tt

os.write(1, b"discard Kd\\n")  # at import, straight to descriptor 1
print("draw stock")  # sys.stdout
sys.__stdout__.write("draw stock\\n")
sys.__stdout__.flush()
print("stdin at import:", repr(sys.stdin.readline()), file=sys.stderr)


class Bot:
    def __init__(self, seed=None):
        pass

    def act(self, view, legal_actions):
        os.write(1, b"discard Kd\\n")
        os.system("echo draw stock")  # a child process writes to its descriptor 1
        os.system("cat")  # a child that reads descriptor 0 reads nothing
        print("draw stock", flush=True)
        return legal_actions[-1]
"""


def run_server(tmp_path: Path, spec: str, text: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), *sys.path])}
    return subprocess.run(
        [*SERVER, spec],
        input=text,
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=PIPE_TIMEOUT,
        check=False,
    )


def test_what_the_bot_writes_to_descriptor_1_never_reaches_the_arena(tmp_path: Path) -> None:
    (tmp_path / "noisy_bot.py").write_text(textwrap.dedent(NOISY_BOT), encoding="utf-8")
    game = tt.Game("pagat", players=2, seed=7)
    view, legal = game.view(1), game.legal_actions()
    messages = lines(
        start_message(game, 1, bot_seed=1),
        act_message(view, legal, None),
        act_message(view, legal, 5.0, request=9),
        quit_message(),
    ).getvalue()
    done = run_server(tmp_path, "noisy_bot:Bot", messages)
    assert (done.returncode, done.stdout) == (
        0,
        'draw discard\n{"action": "draw discard", "request": 9}\n',
    )
    assert done.stderr.count("discard Kd\n") == 3  # at import and at each act
    assert done.stderr.count("draw stock\n") == 2 + 2 * 2
    assert "stdin at import: ''" in done.stderr


def test_the_command_reads_a_message_nested_100000_deep_as_one_line_and_exit_2(
    tmp_path: Path,
) -> None:
    text = '{"type":"act","view":' + deep(100_000) + ',"legal":[],"move_time":null}\n'
    done = run_server(tmp_path, "greedy", text)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("threethirteen bot: error: message ")
    assert done.stderr.endswith(f" is not JSON: nested more than {MAX_NESTING} deep\n")
    assert done.stderr.count("\n") == 1


def test_the_real_server_leaves_no_descriptor_to_its_children(tmp_path: Path) -> None:
    (tmp_path / "fd_bot.py").write_text(
        textwrap.dedent(
            """
            import os

            def bot(view, legal_actions):
                # the child sees only descriptors 0, 1 and 2 (and its own listing's)
                os.system("ls /proc/self/fd 1>&2")
                return legal_actions[0]
            """
        ),
        encoding="utf-8",
    )
    _, message = first_act()
    done = run_server(tmp_path, "fd_bot:bot", lines(message).getvalue())
    assert (done.returncode, done.stdout) == (0, "draw stock\n")
    listed = sorted(int(fd) for fd in done.stderr.split())
    assert listed[:3] == [0, 1, 2]
    assert len(listed) <= 4  # ls's own directory descriptor


def test_serve_puts_the_descriptors_back(tmp_path: Path) -> None:
    """Served in this process on its own descriptors 0 and 1 (pipes made here), the
    answers reach the pipe, the bot's writes go to descriptor 2, and descriptors 0
    and 1, sys.stdin and sys.stdout are put back after."""
    _, message = first_act()
    saved_in, saved_out = os.dup(0), os.dup(1)
    old_stdin, old_stdout = sys.stdin, sys.stdout
    read_in, write_in = os.pipe()
    read_out, write_out = os.pipe()
    try:
        os.write(write_in, message_line(message))
        os.close(write_in)
        os.dup2(read_in, 0)
        os.dup2(write_out, 1)
        os.close(read_in)
        os.close(write_out)

        def bot(view: tt.PlayerView, legal: Sequence[tt.Action]) -> tt.Action:
            os.write(1, b"discard Kd\n")
            print("thinking")
            return legal[0]

        err = io.StringIO()
        status = bot_server.serve(bot, stderr=err)
        assert (sys.stdin, sys.stdout) == (old_stdin, old_stdout)
        os.write(1, b"after\n")
    finally:
        os.dup2(saved_in, 0)
        os.dup2(saved_out, 1)
        os.close(saved_in)
        os.close(saved_out)
    with os.fdopen(read_out, "rb") as pipe:
        assert pipe.read() == b"draw stock\nafter\n"
    assert status == 0


# -- a bot that cannot be loaded or made; a bot that raises anything -------------------

RAISERS = {
    "SystemExit(0)": "SystemExit: 0",
    "SystemExit(3)": "SystemExit: 3",
    "SystemExit('bye')": "SystemExit: bye",
    "KeyboardInterrupt()": "KeyboardInterrupt",
    "GeneratorExit('closed')": "GeneratorExit: closed",
    "Custom('my own')": "Custom: my own",
    "ZeroDivisionError('division by zero')": "ZeroDivisionError: division by zero",
    "Custom('a\\nlong\\n' + 'x' * 5000)": "Custom: a long xxxxx",
    "Unprintable()": "Unprintable: (its message could not be read)",
    "NotAString()": "NotAString: (its message could not be read)",
}
PRELUDE = """
class Custom(BaseException):
    pass


class Unprintable(Exception):
    def __str__(self):
        raise KeyboardInterrupt


class NotAString(BaseException):
    def __str__(self):
        return 5
"""


@pytest.mark.parametrize(("raised", "said"), list(RAISERS.items()))
def test_a_module_that_raises_anything_at_import_is_one_line_and_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, raised: str, said: str
) -> None:
    name = f"raising_{abs(hash(raised))}"
    (tmp_path / f"{name}.py").write_text(f"{PRELUDE}\nraise {raised}\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    status, out, err = serve(f"{name}:Bot", lines(quit_message()))
    assert (status, out) == (2, "")
    assert err.count("\n") == 1
    if said.startswith(
        ("SystemExit", "KeyboardInterrupt", "GeneratorExit", "Custom", "NotAString")
    ):
        assert err.startswith(f"threethirteen bot: error: cannot load '{name}:Bot': {said}")
    else:
        assert err.startswith(f"threethirteen bot: error: cannot import '{name}': {said}")
    assert len(err) < 400


@pytest.mark.parametrize(("raised", "said"), list(RAISERS.items()))
def test_a_factory_that_raises_anything_is_one_line_and_exit_2(raised: str, said: str) -> None:
    scope: dict[str, Any] = {}
    exec(PRELUDE, scope)

    def factory(seed: int | None = None) -> Any:
        if seed == 5:
            raise eval(raised, scope)
        return tt.GreedyBot(seed)

    game, message = first_act()
    status, out, err = serve(factory, lines(message, start_message(game, 1, bot_seed=5), message))
    assert (status, out) == (2, "draw discard\n")  # made at first, not at the start
    assert err.count("\n") == 1
    assert err.startswith("threethirteen bot: error: ")
    if not raised.startswith("Unprintable"):  # make_bot reads its message: what it raises
        assert said.split(":")[0] in err


def test_the_command_exits_2_for_a_module_that_exits_0_at_import(tmp_path: Path) -> None:
    (tmp_path / "quitter.py").write_text("import sys\nsys.exit(0)\n", encoding="utf-8")
    done = run_server(tmp_path, "quitter:Bot", "")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "threethirteen bot: error: cannot load 'quitter:Bot': SystemExit: 0\n"


@pytest.mark.parametrize(
    ("raised", "where"),
    [
        ("SystemExit(0)", "act"),
        ("SystemExit(2)", "act"),
        ("KeyboardInterrupt()", "act"),
        ("GeneratorExit()", "act"),
        ("Custom('mine')", "act"),
        ("Unprintable()", "act"),
        ("SystemExit(0)", "start_game"),
        ("Custom('mine')", "end_game"),
    ],
)
def test_a_bot_that_raises_anything_while_it_plays_exits_1(raised: str, where: str) -> None:
    scope: dict[str, Any] = {}
    exec(PRELUDE, scope)

    class Raiser:
        def __init__(self, seed: int | None = None) -> None:
            self.seed = seed

        def _raise(self, name: str) -> None:
            if name == where:
                raise eval(raised, scope)

        def start_game(self, message: dict[str, Any]) -> None:
            self._raise("start_game")

        def end_game(self, message: dict[str, Any]) -> None:
            self._raise("end_game")

        def act(self, view: tt.PlayerView, legal: list[tt.Action]) -> tt.Action:
            self._raise("act")
            return legal[0]

    game, message = first_act()
    finished = tt.play(["greedy", "greedy"], seed=1)
    status, out, err = serve(
        Raiser, lines(start_message(game, 1), message, end_message(finished, 1), quit_message())
    )
    assert status == 1
    assert out == ("" if where != "end_game" else "draw stock\n")
    assert err.startswith("Traceback (most recent call last):\n")
    assert type(eval(raised, scope)).__name__ in err.splitlines()[-1]


# -- views that contradict their own history ------------------------------------------


def pagat_view() -> dict[str, Any]:
    """Round 2 of pagat, two players; player 0 (dealer: player 1) has drawn the Qc
    from the stock, the history's one entry, and holds 6c Qc 3h Kh Js; the pile is
    the upcard 8h; the stock holds 42; round 1 scored [22, 0]."""
    game = tt.Game("pagat", players=2, seed=7)
    for text in ["draw discard", "discard 2d out", "draw stock", "discard Kh", "draw stock"]:
        game.apply(tt.Action.parse(text))
    data: dict[str, Any] = json.loads(json.dumps(game.view(0).to_dict()))
    return data


def table_view() -> dict[str, Any]:
    """Round 1 of family (table play), three players, mid-round: player 2 has laid
    8h 8h 3d=8c, player 0 is known to hold the 4h and player 1 the 5d and 5h."""
    import numpy as np

    game = tt.Game("family", players=3, seed=1, max_turns=60)
    rng = np.random.default_rng(1)
    greedy = tt.make_bot("greedy", seed=1)
    for _ in range(40):
        view = game.view(game.to_move)  # type: ignore[arg-type]
        legal = game.legal_actions()
        game.apply(
            greedy.act(view, legal) if rng.random() < 0.5 else legal[int(rng.integers(len(legal)))]
        )
    data: dict[str, Any] = json.loads(json.dumps(game.view(2).to_dict()))
    assert data["table"] == [{"owner": 2, "cards": ["8h", "8h", "3d=8c"]}]
    assert data["known"] == [["4h"], ["5d", "5h"], []]
    return data


def over_view() -> dict[str, Any]:
    game = tt.play(["greedy", "greedy"], seed=3)
    data: dict[str, Any] = json.loads(json.dumps(game.view(0).to_dict()))
    return data


def changed(base: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {**base, **fields}


CONTRADICTIONS: list[tuple[str, Any, str]] = [
    # (what, the view changed, the message's start)
    (
        "an opponent known to hold two kings never taken from a pile",
        lambda: changed(table_view(), known=[["4h"], ["Kd", "Ks"], []]),
        "view.known[1]: the history shows player 1 holding '5d 5h', not 'K",
    ),
    (
        "an opponent's known card that was taken but not from that player",
        lambda: changed(table_view(), known=[["5d", "5h"], ["4h"], []]),
        "view.known[0]: the history shows player 0 holding '4h', not '5",
    ),
    (
        "an out nobody declared",
        lambda: changed(pagat_view(), went_out=[False, True]),
        "view.went_out: the history leaves [False, False], not [False, True]",
    ),
    (
        "a first player out with no out",
        lambda: changed(pagat_view(), first_out=1),
        "view.first_out: the history leaves None, not 1",
    ),
    (
        "500 turns",
        lambda: changed(pagat_view(), turns=500),
        "view.turns: the history leaves 0, not 500",
    ),
    (
        "totals that are not the sums of the round scores",
        lambda: changed(pagat_view(), totals=[0, 0]),
        "view.totals: [0, 0], not the round scores' sums [22, 0]",
    ),
    (
        "the wrong dealer for the round",
        lambda: changed(pagat_view(), dealer=0, to_move=1),
        "view.dealer: round 2's dealer is player 1, not 0",
    ),
    (
        "a round scored that was not played",
        lambda: changed(pagat_view(), round_scores=[[0, 3], [0, 0]]),
        "view.round_scores: 2 rounds scored, but 1 are before round 2",
    ),
    (
        "a penalty with no false out",
        lambda: changed(pagat_view(), penalties=[20, 0]),
        "view.penalties: the history leaves [0, 0], not [20, 0]",
    ),
    (
        "the draw phase after a draw",
        lambda: changed(pagat_view(), phase="draw"),
        "view.phase: the history leaves the play phase, not 'draw'",
    ),
    (
        "the other player's turn",
        lambda: changed(pagat_view(), to_move=1),
        "view.to_move: the history gives the turn to player 0, not 1",
    ),
    (
        "a reshuffle that never happened",
        lambda: changed(pagat_view(), reshuffled=["2c"]),
        "view.reshuffled: not the cards of the history's last reshuffle",
    ),
    (
        "a hand that is not the deal and the draws",
        lambda: changed(pagat_view(), hand=["6c", "Qc", "3h", "Kh", "9d"]),
        "view.hand: the deal and the history leave '6c Qc 3h Kh Js', not '6c Qc 9d 3h Kh'",
    ),
    (
        "a dealt hand of the wrong size",
        lambda: changed(pagat_view(), dealt_hand=["6c", "3h", "Kh"]),
        "view.dealt_hand: 3 cards, but round 2 deals 4",
    ),
    (
        "a false out that is a draw",
        lambda: changed(pagat_view(), false_outs=[0]),
        "view.false_outs: [0], but the history's false outs are at []",
    ),
    (
        "a meld on the table nobody laid",
        lambda: changed(
            table_view(),
            table=[
                {"owner": 2, "cards": ["8h", "8h", "3d=8c"]},
                {"owner": 1, "cards": ["9c", "9d", "9s"]},
            ],
        ),
        "view.table: 2 melds, but the history lays 1",
    ),
    (
        "a table meld's owner changed",
        lambda: changed(table_view(), table=[{"owner": 1, "cards": ["8h", "8h", "3d=8c"]}]),
        "view.table[0]: '8h 8h 3d=8c' of player 1, but the history lays '8h 8h 3d=8c' of player 2",
    ),
    (
        "a meld laid, but has_melded says not",
        lambda: changed(table_view(), has_melded=[False, False, False]),
        "view.has_melded: the history leaves [False, False, True], not [False, False, False]",
    ),
    (
        "a discard before the draw",
        lambda: changed(
            pagat_view(),
            history=[{"player": 0, "type": "discard", "card": "Kh", "go_out": False}],
            stock_draws=[],
        ),
        "view.history[0]: 'discard Kh' before player 0 drew",
    ),
    (
        "a reshuffle of a full stock",
        lambda: changed(
            pagat_view(), history=[{"type": "reshuffle", "cards": []}, *pagat_view()["history"]]
        ),
        "view.history[0]: a reshuffle with 43 cards in the stock",
    ),
    (
        "a game over, but in play",
        lambda: changed(over_view(), phase="play", to_move=0),
        "view.round_scores: 11 rounds scored, but 10 are before round 11",
    ),
]


@pytest.mark.parametrize(
    ("make", "message"),
    [(make, message) for _, make, message in CONTRADICTIONS],
    ids=[what for what, _, _ in CONTRADICTIONS],
)
def test_a_view_that_contradicts_its_history_is_refused(make: Any, message: str) -> None:
    data = make()
    with pytest.raises(tt.InvalidRecordError) as raised:
        protocol.view_from_dict(data)
    assert str(raised.value).startswith(message), str(raised.value)


def test_the_contradictions_are_distinct_and_the_views_true() -> None:
    assert len({message for _, _, message in CONTRADICTIONS}) == len(CONTRADICTIONS) >= 12
    for make in (pagat_view, table_view, over_view):
        data = make()
        assert protocol.view_from_dict(data).to_dict() == data


VARIATION_SETS = [
    [],
    ["jokers"],
    ["false-out"],
    ["redemption"],
    ["separate-discards", "joker-discards", "jokers"],
    ["go-around-first", "first-out-bonus"],
    ["double-naughts", "doubles"],
    ["false-out=7", "redemption", "jokers"],
    ["up-and-back", "aces-high"],
]


@pytest.mark.slow
def test_every_view_of_real_games_is_accepted_and_rebuilt_equal() -> None:
    """Views of games of greedy and random play (every preset, 2 to 4 players, many
    variations, rounds of up to 120 turns: some reshuffle), every player's, in every
    phase and the game over: each is accepted and rebuilt equal. (Greedy play with
    no turn limit can go on for thousands of turns: a round of family for two
    players drew more than 1000 cards from the stock, which a view's stock_draws
    could not hold before.)"""
    import numpy as np
    from hypothesis import given, settings
    from hypothesis import strategies as st

    seen: set[str] = set()

    @settings(max_examples=examples(12), deadline=None)
    @given(
        st.sampled_from(["pagat", "wikipedia", "bga", "family"]),
        st.integers(2, 4),
        st.sampled_from(VARIATION_SETS),
        st.integers(0, 2**32),
        st.sampled_from([25, 60, 120]),
    )
    def check(preset: str, players: int, variations: list[str], seed: int, limit: int) -> None:
        try:
            game = tt.Game(
                preset, players=players, seed=seed, variations=variations, max_turns=limit
            )
        except tt.ThreeThirteenError:
            return  # a table these rules do not seat
        rng = np.random.default_rng(seed)
        greedy = tt.make_bot("greedy", seed=seed)
        randomness = 0.5
        while True:
            over = game.is_over
            if over or rng.random() < 0.1:
                for player in range(players):
                    view = game.view(player)
                    data = json.loads(json.dumps(view.to_dict()))
                    rebuilt = protocol.view_from_dict(data)
                    assert rebuilt == view
                    assert rebuilt.to_dict() == data
                    seen.add(view.phase)
                    seen.update(
                        kind
                        for kind, present in [
                            ("table", view.table),
                            ("reshuffle", view.reshuffled is not None),
                            ("false out", view.false_outs),
                            ("out", any(view.went_out)),
                        ]
                        if present
                    )
            if over:
                return
            legal = game.legal_actions()
            mover = game.to_move
            assert mover is not None
            if rng.random() < randomness:
                action = legal[int(rng.integers(len(legal)))]
            else:
                action = greedy.act(game.view(mover), legal)
            game.apply(action)

    check()
    assert {"draw", "play", "over", "table", "out"} <= seen


def test_a_view_with_more_than_1000_stock_draws_is_read() -> None:
    # Both players draw from the stock and throw the card drawn, round after round
    # of reshuffles: a view's stock_draws grows past 1000 (it was refused then).
    game = tt.Game("pagat", players=2, seed=0)
    while True:
        mover = game.to_move
        assert mover is not None
        assert game.round == 1
        if game.phase == "draw":
            game.apply(tt.DrawStock())
            continue
        drawn = game.view(mover).stock_draws
        if mover == 0 and len(drawn) > 1000:
            break
        game.apply(tt.DiscardCard(drawn[-1]))
    view = game.view(0)
    assert view.reshuffled is not None
    assert protocol.view_from_dict(json.loads(json.dumps(view.to_dict()))) == view


# -- start, act and end: integers are ints ---------------------------------------------


def a_start() -> dict[str, Any]:
    return start_message(tt.Game("pagat", players=2, seed=7), 1, bot_seed=5, index=2)


def an_end() -> dict[str, Any]:
    return end_message(
        tt.play(["greedy", "greedy"], seed=3), 0, forfeit={"seat": 1, "kind": "time"}
    )


@pytest.mark.parametrize(
    ("message", "error"),
    [
        (
            {**a_start(), "protocol": True},
            "a start message: protocol version True is not 1, the one this bot speaks",
        ),
        ({**a_start(), "protocol": 1.0}, "a start message: protocol version 1.0 is not 1"),
        ({**a_start(), "seat": True}, "a start message: seat: expected an integer, not True"),
        ({**a_start(), "seat": 2}, "a start message: seat: expected a seat from 0 to 1, not 2"),
        ({**a_start(), "players": 2.0}, "a start message: players: expected an integer, not 2.0"),
        ({**a_start(), "game": False}, "a start message: game: expected an integer, not False"),
        (
            {**a_start(), "game": -1},
            "a start message: game: expected an integer from 0 to 2**63 - 1, not -1",
        ),
        (
            {**a_start(), "bot_seed": True},
            "a start message: bot_seed: expected an integer, not True",
        ),
        (
            {**a_start(), "bot_seed": 2**128},
            "a start message: bot_seed: expected an integer from 0 to 2**128 - 1, not an int",
        ),
        ({**a_start(), "extra": 1}, "a start message: unexpected field 'extra'"),
        ({**a_start(), "rules": []}, "a start message: rules: expected an object, not []"),
        (
            {**a_start(), "rules": {**a_start()["rules"], "players": 3}},
            "a start message: rules: expected the rules for 2 players, not ",
        ),
        (
            {**a_start(), "rules": {**a_start()["rules"], "preset": "nope"}},
            "a start message: rules: unknown preset 'nope'",
        ),
        ({**an_end(), "seat": True}, "an end message: seat: expected an integer, not True"),
        ({**an_end(), "seat": 2}, "an end message: seat: expected a seat from 0 to 1, not 2"),
        ({**an_end(), "totals": [True, 0]}, "an end message: totals[0]: expected an integer, not"),
        ({**an_end(), "totals": [1.5, 0]}, "an end message: totals[0]: expected an integer, not"),
        (
            {**an_end(), "totals": [0] * 17},
            "an end message: totals: expected a list of 2 to 16 items, not 17",
        ),
        (
            {**an_end(), "round_scores": [[0, False]]},
            "an end message: round_scores[0][1]: expected an integer, not False",
        ),
        (
            {**an_end(), "round_scores": [[0, 0], [0, 0, 0]]},
            "an end message: round_scores[1]: expected a score for each of 2 players, not 3",
        ),
        (
            {**an_end(), "winners": [True]},
            "an end message: winners[0]: expected an integer, not True",
        ),
        (
            {**an_end(), "winners": [1, 1]},
            "an end message: winners: expected distinct seats, not [1, 1]",
        ),
        (
            {**an_end(), "winners": [2]},
            "an end message: winners[0]: expected a seat from 0 to 1, not 2",
        ),
        (
            {**an_end(), "forfeit": {"seat": True, "kind": "time"}},
            "an end message: forfeit.seat: expected an integer, not True",
        ),
        (
            {**an_end(), "forfeit": {"seat": 2, "kind": "time"}},
            "an end message: forfeit.seat: expected a seat from 0 to 1, not 2",
        ),
        (
            {**an_end(), "forfeit": {"seat": 0, "kind": "late"}},
            "an end message: forfeit.kind: expected 'error' or 'illegal' or 'time', not 'late'",
        ),
        ({**an_end(), "forfeit": {"seat": 0}}, "an end message: forfeit: missing 'kind'"),
        ({**an_end(), "note": "x"}, "an end message: unexpected field 'note'"),
        (
            {**first_act()[1], "move_time": 0},
            "an act message: move_time: expected a finite number above 0, not 0",
        ),
        (
            {**first_act()[1], "move_time": -1.5},
            "an act message: move_time: expected a finite number above 0, not -1.5",
        ),
        (
            {**first_act()[1], "move_time": True},
            "an act message: move_time: expected a finite number above 0, not True",
        ),
        (
            {**first_act()[1], "legal": "draw stock"},
            "an act message: legal: expected a list, not 'draw stock'",
        ),
        (
            {**first_act()[1], "legal": ["draw stock", 7]},
            "an act message: legal[1]: expected a string of 1 to 1000 characters, not 7",
        ),
        ({**first_act()[1], "view": None}, "an act message: view: expected an object, not None"),
        ({**first_act()[1], "x": 1}, "an act message: unexpected field 'x'"),
        (
            {**first_act()[1], "view": {**first_act()[1]["view"], "turns": True}},
            "view.turns: expected an integer, not True",
        ),
    ],
)
def test_a_start_end_or_act_message_with_a_field_that_is_no_int_exits_2(
    message: dict[str, Any], error: str
) -> None:
    """Each message's table (a field alone), then its checks across fields (seats at
    the table, the rules for it, a score a player), in the one voice."""
    status, out, err = serve("greedy", lines(message, quit_message()))
    assert (status, out) == (2, "")
    assert err.startswith(f"threethirteen bot: error: {error}"), err
    assert err.count("\n") == 1


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_not_json(constant: str) -> None:
    _, message = first_act()
    line = message_line(message).decode().replace('"move_time":null', f'"move_time":{constant}')
    status, out, err = serve("greedy", io.StringIO(line))
    assert (status, out) == (2, "")
    assert err.endswith(f" is not JSON: {constant} is not JSON\n")
    with pytest.raises(tt.BotProtocolError, match=f"is not JSON: {constant} is not JSON"):
        parse_answer(f'{{"action": "draw stock", "x": {constant}}}')


def test_good_start_and_end_messages_are_read() -> None:
    status, out, err = serve("greedy", lines(a_start(), first_act()[1], an_end(), quit_message()))
    assert (status, out, err) == (0, "draw discard\n", "")


def test_a_factory_whose_error_cannot_be_shown_is_named_by_its_type() -> None:
    class Unshowable(Exception):
        def __str__(self) -> str:
            raise RuntimeError("no message")

    def factory(seed: int | None = None) -> tt.Bot:
        raise Unshowable

    with pytest.raises(tt.InvalidBotError) as caught:
        tt.make_bot(factory, seed=1)
    assert str(caught.value) == (
        "bot factory 'factory' raised Unshowable: (its message could not be shown)"
    )
