"""The bots' modules: the protocol, the registry (every built-in bot by name, each
class imported when first read; no module registers itself), and the base the
built-in bots share for their seed, name and ``repr``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import threethirteen as tt
from threethirteen.bots import base, builtin, expert, protocol, registry

BOTS_FOLDER = Path(registry.__file__).parent

BUILTIN: dict[str, type[base.BuiltinBot]] = {
    "random": tt.RandomBot,
    "greedy": tt.GreedyBot,
    "heuristic": tt.HeuristicBot,
    "advisor": tt.AdvisorBot,
    "lookahead": tt.LookaheadBot,
    "search": tt.SearchBot,
    "expert": tt.ExpertBot,
    "learned": tt.LearnedBot,
}


def test_the_registry_knows_every_built_in_bot_in_order() -> None:
    assert list(tt.BOTS) == list(BUILTIN)
    assert dict(tt.BOTS.items()) == BUILTIN
    assert tt.BOTS is registry.BOTS is builtin.BOTS


def test_the_registry_imports_a_class_when_its_entry_is_first_read() -> None:
    found = registry.BotRegistry(
        {"greedy": "threethirteen.bots.builtin.GreedyBot", "ghost": "threethirteen.nowhere.Ghost"}
    )
    assert "ghost" in found
    assert list(found) == ["greedy", "ghost"]
    assert found["greedy"] is tt.GreedyBot
    with pytest.raises(ModuleNotFoundError):
        found["ghost"]
    del found["ghost"]
    found["mine"] = tt.RandomBot
    assert found == {"greedy": tt.GreedyBot, "mine": tt.RandomBot}
    assert repr(found) == repr({"greedy": tt.GreedyBot, "mine": tt.RandomBot})


def test_a_bot_added_to_the_registry_is_made_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(tt.BOTS, "newcomer", tt.GreedyBot)
    assert repr(tt.make_bot("newcomer", seed=3)) == "GreedyBot(seed=3)"
    monkeypatch.undo()
    assert "newcomer" not in tt.BOTS


def test_no_bot_module_registers_itself() -> None:
    """Only the registry's table names the built-in bots: no module writes into it."""
    for path in sorted(BOTS_FOLDER.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):
                assert not (isinstance(node.value, ast.Name) and node.value.id == "BOTS"), path
    assert "BOTS" not in vars(expert)


@pytest.mark.parametrize("cls", list(BUILTIN.values()), ids=list(BUILTIN))
def test_every_built_in_bot_shares_the_base(cls: type[base.BuiltinBot]) -> None:
    assert issubclass(cls, base.BuiltinBot)
    assert isinstance(cls(), protocol.Bot)
    plain, named = cls(), cls(seed=3, name="custom")
    assert (plain.seed, plain.name, named.seed, named.name) == (None, cls.name, 3, "custom")
    assert repr(plain) == f"{cls.__name__}(seed=None)"
    assert repr(named) == f"{cls.__name__}(seed=3, name='custom')"
    assert repr(eval(repr(named), vars(tt))) == repr(named)
    assert tt.bot_name(cls) == cls.name == tt.bot_name(plain)
    with pytest.raises(tt.InvalidBotError, match=r"^a bot's seed is not negative, not -1$"):
        cls(seed=-1)
    with pytest.raises(tt.InvalidBotError, match=r"^a bot's name is a string, not 5$"):
        cls(name=5)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("bot", "shown"),
    [
        (tt.AdvisorBot(2, margin=0), "AdvisorBot(seed=2, margin=0)"),
        (
            tt.LookaheadBot(margin=1.5, feed=0, out_points=3, draw="value", name="x"),
            "LookaheadBot(seed=None, margin=1.5, feed=0, out_points=3, draw='value', name='x')",
        ),
        (
            tt.SearchBot(1, playouts=3, time_ms=5, top=1, confidence=1),
            "SearchBot(seed=1, playouts=3, time_ms=5, top=1, confidence=1)",
        ),
        (
            tt.ExpertBot(3, time_ms=5, top=2, confidence=0, name="deep"),
            "ExpertBot(seed=3, time_ms=5.0, top=2, confidence=0.0, name='deep')",
        ),
        (tt.ExpertBot(playouts=2), "ExpertBot(seed=None, playouts=2)"),
    ],
)
def test_a_repr_shows_the_options_away_from_their_defaults(bot: object, shown: str) -> None:
    assert repr(bot) == shown
    assert repr(eval(shown, vars(tt))) == shown


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: tt.AdvisorBot(-1, margin=-1), "a bot's seed is not negative, not -1"),
        (
            lambda: tt.AdvisorBot(margin=-1, name=""),
            "margin is a finite number of points from 0, not -1",
        ),
        (
            lambda: tt.LookaheadBot(feed=float("nan"), name=5),  # type: ignore[arg-type]
            "feed is a finite number of points from 0, not nan",
        ),
        (lambda: tt.SearchBot(-1, playouts=0), "playouts must be at least 1, not 0"),
        (lambda: tt.ExpertBot(-1, playouts=0), "a bot's seed is not negative, not -1"),
        (
            lambda: tt.ExpertBot(name="", top=-1),
            "a bot's name has 1 to 64 characters, not all blank, not ''",
        ),
    ],
)
def test_the_first_bad_option_is_the_one_named(make: object, message: str) -> None:
    """Each bot checks its options in the order it always has."""
    with pytest.raises(tt.InvalidBotError) as caught:
        make()  # type: ignore[operator]
    assert str(caught.value) == message
