"""The package's top level (issue 39): which names ``import threethirteen as tt``
gives, ``help(threethirteen)`` kept to the overview, and the moved names' warnings."""

from __future__ import annotations

import importlib
import inspect
import pydoc
import re
import typing
import warnings
from pathlib import Path
from types import ModuleType

import pytest

import threethirteen as tt

API_PAGE = Path(__file__).resolve().parent.parent / "docs" / "api.md"

TOP = {
    # analysis: the calls and what they return
    *["best_melds", "deadwood_score", "can_go_out", "is_out", "best_discard", "discards", "outs"],
    *["draw_advice", "stock_outlook", "layoff", "check_melds", "verify_meld", "is_valid_meld"],
    *[
        "Melding",
        "Meld",
        "Discard",
        "Discards",
        "Outs",
        "Out",
        "DrawAdvice",
        "StockOutlook",
        "Layoff",
    ],
    "MeldCheck",
    # cards and hands
    *["Card", "parse_card", "Hand", "parse_hand", "check_hand"],
    # many hands at once
    *["encode_hands", "deadwood_scores", "go_out_flags", "best_discards", "BatchDiscards"],
    *["discard_scores", "count_vector", "count_vectors", "hand_from_counts", "unseen_cards"],
    # the rules
    *["Rules", "PRESETS", "VARIATIONS", "Round", "parse_wild", "wild_rank_for_cards"],
    # the engine
    *[
        "Game",
        "PlayerView",
        "Action",
        "DrawStock",
        "DrawDiscard",
        "DiscardCard",
        "LayMeld",
        "LayOff",
    ],
    # the bots
    *["BOTS", "Bot", "RandomBot", "GreedyBot", "HeuristicBot", "AdvisorBot", "LookaheadBot"],
    *["SearchBot", "ExpertBot", "LearnedBot", "ProcessBot", "make_bot", "as_bot", "bot_name"],
    # the arena
    *["play", "tournament", "match", "game_seed", "ARENA_MAX_TURNS", "TournamentResults"],
    *["GameResult", "MatchResult"],
    # the errors
    *["ThreeThirteenError", "InvalidInputError", "InvalidCardError", "InvalidHandError"],
    *["InvalidMeldError"],
    *["TableTooLargeError", "InvalidRulesError", "InvalidWildError", "InvalidActionError"],
    *["IllegalActionError", "InvalidRecordError", "GameError", "InvalidBotError", "BotError"],
    *["MoveTimeError", "BotProtocolError", "BotRaisedError"],
    # the package
    "implementation",
}

MOVED = {
    "BotLike": "threethirteen.bots.protocol",
    "BotSpec": "threethirteen.bots.registry",
    "HandLike": "threethirteen.hands.hand",
    "HandsLike": "threethirteen.hands.encoding",
    "MeldLike": "threethirteen.hands.melds",
    "RulesLike": "threethirteen.hands.rules",
    "UnseenLike": "threethirteen.hands.draw_advice",
    "WeightsLike": "threethirteen.hands.draw_advice",
    "WildLike": "threethirteen.hands.rules",
    "WildsLike": "threethirteen.hands.arrays",
    "ViewCodes": "threethirteen.engine.game",
    "TableMeld": "threethirteen.engine.game",
    "Reshuffle": "threethirteen.engine.game",
    "Fault": "threethirteen.arena.tournament_results",
    "Rating": "threethirteen.arena.tournament_results",
    "BotResults": "threethirteen.arena.tournament_results",
    "HeadToHead": "threethirteen.arena.tournament_results",
    "LayoffCard": "threethirteen.hands.layoffs",
    "MeldProblem": "threethirteen.hands.meld_check",
    "Draw": "threethirteen.hands.draw_advice",
    "DrawOption": "threethirteen.hands.draw_advice",
    "NOT_IN_HAND": "threethirteen.hands.arrays",
    "PADDING": "threethirteen.hands.encoding",
    "MAX_HAND_SIZE": "threethirteen.hands.hand",
    "MAX_LAYOFF_RUNS": "threethirteen.hands.layoffs",
    "JOKER": "threethirteen.hands.cards",
}


def public(names: list[str]) -> set[str]:
    return {name for name in names if not name.startswith("_")}


def test_the_top_holds_the_entry_points_and_nothing_else() -> None:
    assert len(TOP) == 92
    assert public(dir(tt)) == TOP
    assert public(dir(tt)).isdisjoint(MOVED)
    assert "__version__" in dir(tt)
    for name in ("hands", "engine", "errors", "statistics", "_kernel", "_DEPRECATED"):
        assert name not in dir(tt)


def test_help_is_the_overview_naming_every_entry_point() -> None:
    """6,448 lines before (every name of ``__all__`` rendered in full)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        text = pydoc.render_doc(tt, renderer=pydoc.plaintext)
    lines = text.splitlines()
    assert 60 < len(lines) < 200, len(lines)
    assert "class Game" not in text
    assert "Methods inherited from" not in text
    overview = set(re.findall(r"\w+", tt.__doc__ or ""))
    assert sorted(TOP - overview) == []
    assert "help(tt.NAME)" in text


def test_star_import_gives_the_top_and_no_module() -> None:
    namespace: dict[str, object] = {}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        exec("import statistics\nfrom threethirteen import *", namespace)
    names = set(namespace) - {"__builtins__", "statistics"}
    assert names >= TOP
    # the modules imported with the package are out of its namespace; one imported
    # for the first time later (the command line, the adapters) is set there by
    # Python's import system, which star-import then takes too
    extra = names - TOP
    assert all(isinstance(namespace[name], ModuleType) for name in extra)
    assert extra.isdisjoint({"arena", "bots", "engine", "errors", "hands"})
    # the standard library's statistics is not hidden by the package's
    assert namespace["statistics"] is importlib.import_module("statistics")
    # the modules are still reached as attributes and by imports
    assert tt.statistics is importlib.import_module("threethirteen.statistics")
    assert tt.hands.cards.JOKER == 52


@pytest.mark.parametrize(("name", "home"), sorted(MOVED.items()))
def test_a_moved_name_warns_and_names_its_home(name: str, home: str) -> None:
    message = f"threethirteen.{name} is deprecated: import it from {home}"
    with pytest.warns(DeprecationWarning, match=f"^{re.escape(message)}$") as caught:
        value = getattr(tt, name)
    assert len(caught) == 1
    assert caught[0].filename == __file__
    assert value is getattr(importlib.import_module(home), name)
    assert name in importlib.import_module(home).__all__


def test_the_moved_names_values() -> None:
    from threethirteen.engine.game import TableMeld
    from threethirteen.hands.cards import JOKER
    from threethirteen.hands.encoding import PADDING

    with pytest.warns(DeprecationWarning, match="import it from threethirteen.hands.cards"):
        assert tt.JOKER == JOKER == 52  # type: ignore[attr-defined]
    with pytest.warns(DeprecationWarning, match="import it from threethirteen.hands.encoding"):
        assert tt.PADDING == PADDING == -1  # type: ignore[attr-defined]
    with pytest.warns(DeprecationWarning, match="import it from threethirteen.engine.game"):
        assert tt.TableMeld is TableMeld  # type: ignore[attr-defined]


def test_older_names_warn_with_their_new_name() -> None:
    from threethirteen.hands.layoffs import LayoffCard

    with pytest.warns(
        DeprecationWarning,
        match=r"^threethirteen\.BestDiscard is deprecated; use threethirteen\.Discard$",
    ):
        assert tt.BestDiscard is tt.Discard  # type: ignore[attr-defined]
    with pytest.warns(
        DeprecationWarning,
        match=(
            r"^threethirteen\.LaidOff is deprecated; "
            r"use threethirteen\.hands\.layoffs\.LayoffCard$"
        ),
    ):
        assert tt.LaidOff is LayoffCard  # type: ignore[attr-defined]


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match=r"^module 'threethirteen' has no attribute 'Nope'$"):
        tt.Nope  # type: ignore[attr-defined]  # noqa: B018
    with pytest.raises(AttributeError, match="has no attribute '__all__'"):
        tt.__all__  # noqa: B018
    assert not hasattr(tt, "_MOVED_NOPE")


def test_the_api_page_documents_the_moved_names_at_their_homes() -> None:
    page = API_PAGE.read_text(encoding="utf-8")
    documented = set(re.findall(r"^\.\. auto\w+:: (threethirteen\.[\w.]+)$", page, flags=re.M))
    assert sorted(f"{home}.{name}" for name, home in MOVED.items()) == sorted(
        f"{home}.{name}" for name, home in MOVED.items() if f"{home}.{name}" in documented
    )
    assert not {f"threethirteen.{name}" for name in MOVED} & documented


@pytest.mark.parametrize(("name", "home"), sorted(MOVED.items()))
def test_the_moved_classes_signatures_resolve_at_their_homes(name: str, home: str) -> None:
    """What ``test_every_public_signature_resolves_at_run_time`` checked at the top."""
    value = getattr(importlib.import_module(home), name)
    if not inspect.isclass(value):
        return
    typing.get_type_hints(value)
    for member_name, member in vars(value).items():
        function = getattr(member, "__func__", member)
        if inspect.isfunction(function) and not member_name.startswith("_"):
            typing.get_type_hints(function)
