"""The spaces' modules (threethirteen.adapters.observation, action_index, rewards,
pictures, layout) behind their public face threethirteen.adapters.spaces: the face
re-exports each home module's names as the same objects, and the observations and
action indices of seeded games stay bit for bit what they were."""

from __future__ import annotations

import hashlib
import importlib
from types import ModuleType

import numpy as np
import pytest

import threethirteen as tt
from threethirteen.adapters import spaces

HOMES = ("observation", "features", "action_index", "rewards", "pictures", "layout")
FACE_OWN = {"observation_box", "observation_vector"}  # the environments' vector


def home(name: str) -> ModuleType:
    return importlib.import_module(f"threethirteen.adapters.{name}")


def test_the_face_re_exports_the_home_modules_names() -> None:
    homes = [home(name) for name in HOMES]
    for name in set(spaces.__all__) - FACE_OWN:
        found = [module for module in homes if name in module.__all__]
        assert len(found) == 1, name  # one home for each name
        assert getattr(spaces, name) is getattr(found[0], name)
    # every public name of a home is on the face, but the layout's own tools
    layout_tools = {
        "LAY_OFF_WIDTH",
        "Layout",
        "resolve_table",
        "stacked",
        "table_layout",
        "view_layout",
    }
    layout_tools.add("OUTLOOK_DISCARDS")
    for module in homes:
        assert set(module.__all__) - layout_tools <= set(spaces.__all__), module.__name__


def test_functions_say_their_home_module() -> None:
    assert spaces.encode_observation.__module__ == "threethirteen.adapters.observation"
    assert spaces.action_mask.__module__ == "threethirteen.adapters.action_index"
    assert spaces.score_rewards.__module__ == "threethirteen.adapters.rewards"
    assert spaces.view_picture.__module__ == "threethirteen.adapters.pictures"


# sha256 of the observations of every player, then of the legal actions' indices of
# the player to move, at every position of a seeded game of each table: made with
# the single spaces.py module before its split (whose observations the split's
# matched over 226,800 views of 63 tables).
DIGESTS = {
    ("pagat", 2, ()): "290c6977bdc14a97505bf671ae10c704f35b9b5ffb4bc1f109584daabdfa7a4c",
    ("pagat", 4, ("separate-discards", "joker-discards", "jokers")): (
        "592ba70c0b81b959cfefef7f6517d20354d06a74cf5226992dd42d05c3776fa3"
    ),
    ("bga", 3, ("redemption", "jokers")): (
        "2b30a99c5cd55ca04acc1e1b20dae7f802a6e3167d73e81819557567be745b92"
    ),
    ("family", 4, ()): "13f67c2ea3e1af07a097f3dc4f29dce720aaa5a25601287f2e262687d3e0ab39",
    ("family", 3, ("false-out", "doubles")): (
        "8de17dc14107bb274f50a90cb82583f307348b5ce5363787e273b331d8f93c48"
    ),
}


def table_digest(preset: str, players: int, variations: tuple[str, ...]) -> str:
    rng = np.random.default_rng(5)
    game = tt.Game(preset, players=players, seed=11, variations=variations, max_turns=30)
    digest = hashlib.sha256()
    steps = 0
    while not game.is_over and steps < 150:
        steps += 1
        for player in range(players):
            digest.update(spaces.encode_observation(game.view(player)).tobytes())
        legal = game.legal_actions()
        assert game.to_move is not None
        view = game.view(game.to_move)
        digest.update(np.array(spaces.action_indices(view, legal), np.int64).tobytes())
        going = [action for action in legal if isinstance(action, tt.DiscardCard) and action.go_out]
        if going and rng.random() < 0.7:
            game.apply(going[0])
        else:
            game.apply(legal[int(rng.integers(len(legal)))])
    return digest.hexdigest()


@pytest.mark.parametrize(("preset", "players", "variations"), list(DIGESTS))
def test_observations_and_indices_of_seeded_games_are_unchanged(
    preset: str, players: int, variations: tuple[str, ...]
) -> None:
    assert table_digest(preset, players, variations) == DIGESTS[preset, players, variations]
