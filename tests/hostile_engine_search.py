"""Hypothesis searches near valid input, run as cases of ``tests/hostile_engine.py`` (in a
child process under a CPU-time limit): action text near the legal actions' notation,
game records and tournament results with one field made hostile. Whatever is tried,
the call answers (an action applied only when it is legal) or refuses with the
library's error, a short message and the game unchanged."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import threethirteen as tt
from tests.conftest import examples
from tests.hostile_engine import (
    GAMES,
    LONGEST_MESSAGE,
    deep,
    game_state,
    good_record,
    good_results,
    house_record,
    use,
)

WORDS = [
    "draw", "stock", "discard", "out", "pile", "meld", "lay", "off", "on", "[", "]", "[]",
    "=", "0", "1", "2", "15", "999999", "1000000", "-1", "9s", "9h", "9d", "9c", "Jk", "10h",
    "Kc", "Ah", "Jk=9s", "6c=6h", "9s=9s", "x", "\u0663", "\x00", "\x1b[2J", "[9s]",
    "[9s 9h 9d]", "[9s 9h", "9d]", "DRAW", "Discard",
]  # fmt: skip


@cache
def legal_texts(name: str) -> list[str]:
    """The notation of each legal action of a game of :data:`GAMES`, and a few of its
    neighbours' (melds written out)."""
    game = GAMES[name]()
    texts = [str(action) for action in game.legal_actions()]
    texts += ["discard 9s out [9d 9h 9c] [4h 5h 6c=6h]", "lay off Jk=7h on 0", "meld 4h 5h 6h"]
    return texts


def mutated(text: str) -> st.SearchStrategy[str]:
    """``text`` with a piece inserted, deleted, doubled or replaced."""
    size = len(text)
    position = st.integers(0, size)
    piece = st.sampled_from(WORDS) | st.text(max_size=4)
    return st.one_of(
        st.tuples(position, piece).map(lambda p: text[: p[0]] + p[1] + text[p[0] :]),
        st.tuples(position, position).map(lambda p: text[: min(p)] + text[max(p) :]),
        st.tuples(position, position, st.integers(2, 60)).map(
            lambda p: text[: min(p)] + text[min(p) : max(p)] * p[2] + text[max(p) :]
        ),
        st.tuples(position, piece).map(lambda p: text[: p[0]] + p[1] + text[p[0] + 1 :]),
    )


def texts_for(name: str) -> st.SearchStrategy[str]:
    """Action text for the game ``name``: legal notation mutated, words of the
    notation shuffled together, runs of bracket groups, any text."""
    return st.one_of(
        st.sampled_from(legal_texts(name)).flatmap(mutated),
        st.lists(st.sampled_from(WORDS), max_size=30).map(" ".join),
        st.builds(
            lambda head, count, tail: head + "[9s] " * count + tail,
            st.sampled_from(["discard 9s out ", "discard 9s out [", "discard 9s pile 1 out "]),
            st.integers(0, 250),
            st.sampled_from(["", "x", "[", "]", "[9s", " [] ", "[9s 9h 9d]"]),
        ),
        st.text(max_size=80),
    )


@settings(max_examples=examples(300))
@given(
    st.sampled_from(sorted(GAMES)).flatmap(lambda name: st.tuples(st.just(name), texts_for(name)))
)
def actions_near_valid(case: tuple[str, str]) -> None:
    """``is_legal``, ``verify`` and ``apply`` agree on any text, and a refusal
    changes nothing."""
    name, text = case
    game = GAMES[name]()
    before = game_state(game)
    legal = game.is_legal(text)
    assert (refusal(game.verify, text) is None) == legal, text
    assert game_state(game) == before
    refused = refusal(game.apply, text)
    assert (refused is None) == legal, (text, refused)
    if refused is not None:
        assert game_state(game) == before
    else:
        action = tt.Action.parse(text)
        assert tt.Action.parse(str(action)) == action


def refusal(call: Callable[[str], object], text: str) -> str | None:
    """``call(text)``'s error message, checked to be short; ``None`` when it returns."""
    try:
        call(text)
    except tt.ThreeThirteenError as error:
        message = str(error)
    else:
        return None
    assert 0 < len(message) <= LONGEST_MESSAGE, message[:1000]
    return message


def paths(data: object, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every value in plain data (keys and indexes), the whole first."""
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from paths(value, (*prefix, index))


VALUES = st.one_of(
    st.sampled_from(
        [0, 1, -1, 2, 3, 15, 16, 100, 101, 2**53 - 1, 2**53, 2**63, 2**128 - 1, 2**128, 10**5000]
    ),
    st.integers(),
    st.booleans(),
    st.none(),
    st.floats(),
    st.text(max_size=12),
    st.sampled_from(
        [
            "9s",
            "Jk",
            "9s=9h",
            "Jk=Jk",
            "reshuffle",
            "draw",
            "discard",
            "stock",
            "out",
            "3",
            "J",
            "pagat",
            "jokers",
            "x" * 10**5,
            "\x1b[2J",
        ]
    ),
    st.lists(st.sampled_from(["9s", "9h", "Jk", 0, None]), max_size=6),
    st.dictionaries(
        st.sampled_from(["type", "player", "card", "x"]), st.sampled_from(["draw", 0, "9s"])
    ),
    st.builds(deep, st.sampled_from([50, 5000])),
)
"""Values to put anywhere in a record or results data."""


def edit(data: Any, path: tuple[Any, ...], how: str, value: object) -> Any:
    """``data`` (a deep copy) with the value at ``path`` replaced, deleted, doubled
    (in a list) or given a new neighbour (in an object); the whole replaced at ``()``."""
    if not path:
        return value
    copied = copy.deepcopy(data)
    *parents, last = path
    place = copied
    for part in parents:
        place = place[part]
    if how == "replace":
        place[last] = value
    elif how == "delete":
        del place[last]
    elif how == "double" and isinstance(place, list):
        place.insert(last, copy.deepcopy(place[last]))
    elif isinstance(place, dict):
        place["x"] = value
    else:
        place.append(value)
    return copied


def near(base: Callable[[], Any]) -> st.SearchStrategy[Any]:
    """``base()`` with one value edited."""
    return st.builds(
        edit,
        st.just(base()),
        st.sampled_from(list(paths(base()))),
        st.sampled_from(["replace", "replace", "delete", "double", "add"]),
        VALUES,
    )


@settings(max_examples=examples(300))
@given(st.one_of(near(good_record), near(house_record)))
def records_near_valid(record: Any) -> None:
    """``Game.from_record`` replays a record or refuses it cleanly; a game it
    replays writes its record and lists its actions."""
    replayed: list[tt.Game] = []
    if refusal(lambda _: replayed.append(tt.Game.from_record(record)), "") is None:
        replayed[0].to_record()
        replayed[0].legal_actions()


@settings(max_examples=examples(150))
@given(near(good_results))
def results_near_valid(data: Any) -> None:
    """``TournamentResults.from_dict`` takes data whose every figure can be read, or
    refuses it cleanly."""
    refusal(lambda _: use(tt.TournamentResults.from_dict(data)), "")


TESTS: dict[str, Callable[[], None]] = {
    "actions near valid ones": actions_near_valid,
    "records near valid ones": records_near_valid,
    "results near valid ones": results_near_valid,
}
