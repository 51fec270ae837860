"""Samples of one view share what the view keeps for them (the values every sample of
it starts from, worked out at its first sample): played in any order, no sample
changes another or the view, each is the sample a fresh view of the same position
gives for the same seed, and what the view keeps is public (the same whatever the
hidden cards are)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import threethirteen as tt
from tests.conftest import examples
from tests.game_checks import positions, shuffle_hidden
from tests.test_game_play import COMBINATIONS, _state_of
from threethirteen.engine.game import _SampleBase


@settings(max_examples=examples(40), deadline=None)
@given(
    case=st.sampled_from(COMBINATIONS),
    seed=st.integers(min_value=0, max_value=2**64),
    start=st.integers(min_value=0, max_value=400),
    steps=st.lists(
        st.tuples(
            st.sampled_from(["apply", "apply", "apply", "sample", "clone"]),
            st.integers(min_value=0, max_value=2**32),
            st.integers(min_value=0, max_value=2**32),
        ),
        max_size=40,
    ),
)
def test_samples_of_one_view_stay_independent(
    case: tuple[str, tuple[str, ...]],
    seed: int,
    start: int,
    steps: list[tuple[str, int, int]],
) -> None:
    """Samples of one view (and clones of them) played in any order: an action on one
    never changes another nor the view, and each ends as the sample of a fresh view
    of the position, by the same seed, played alike."""
    preset, variations = case

    def position() -> tt.Game:
        game = tt.Game(preset, players=3, seed=seed, variations=variations, max_turns=40)
        chooser = np.random.default_rng(seed)
        for _ in range(start):
            if game.is_over:
                break
            legal = game.legal_actions()
            game.apply(legal[int(chooser.integers(len(legal)))])
        return game

    root = position()
    if root.is_over:
        return
    player = seed % root.players
    view = root.view(player)
    shown = view.to_dict()
    games: list[tt.Game] = []
    makers: list[tuple[int, bool]] = []  # each game's sample: its seed, weighted
    actions: list[list[tt.Action]] = []
    states: list[dict[str, object]] = []
    for kind, first, second in steps:
        if kind == "sample" or not games:
            weighted = bool(first & 1)
            games.append(view.sample(second, weighted=weighted))
            makers.append((second, weighted))
            actions.append([])
            states.append(_state_of(games[-1]))
            continue
        index = first % len(games)
        chosen = games[index]
        if kind == "clone":
            games.append(chosen.clone())
            makers.append(makers[index])
            actions.append(actions[index][:])
            states.append(_state_of(games[-1]))
        elif not chosen.is_over:
            legal = chosen.legal_actions()
            action = legal[second % len(legal)]
            chosen.apply(action)
            actions[index].append(action)
        states[index] = _state_of(chosen)
        for other, state in enumerate(states):
            assert _state_of(games[other]) == state, f"game {other} changed by {kind} of {index}"
        assert view.to_dict() == shown
    for index, made in enumerate(games):
        sample_seed, weighted = makers[index]
        again = position().view(player).sample(sample_seed, weighted=weighted)
        for action in actions[index]:
            again.apply(action)
        assert _state_of(again) == _state_of(made)
        for who in range(made.players):
            assert again.view(who) == made.view(who)


def _plain(base: _SampleBase) -> dict[str, object]:
    return {name: getattr(base, name) for name in _SampleBase.__slots__}


def test_what_a_view_keeps_for_its_samples_is_public() -> None:
    """The values a view keeps for its samples are the same whatever the cards hidden
    from its player are (the other hands' unknown cards and the stock shuffled)."""
    rng = np.random.default_rng(43)
    checked = 0
    for _, game in positions()[::7]:
        if game.is_over or game.awaits_deal:
            continue
        for player in range(game.players):
            view = game.view(player)
            view.sample(1)
            kept = view.__dict__["_sample_base"]
            other = shuffle_hidden(game, player, rng).view(player)
            other.sample(2)
            assert _plain(other.__dict__["_sample_base"]) == _plain(kept)
            checked += 1
    assert checked > 50
