"""The game engine's speed (issue 12), side by side with OpenSpiel's ``gin_rummy``
where it is installed: random legal play, ``clone()``, ``view(p).sample(rng)``, and
a whole greedy game. ``benchmarks/engine_report.py`` prints the ratios from one run.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from engine_play import (
    greedy_game,
    late_position,
    openspiel_game,
    openspiel_position,
    openspiel_random_actions,
    random_actions,
)

ACTIONS = 2000

try:
    import pyspiel  # noqa: F401

    HAVE_OPENSPIEL = True
except ImportError:
    HAVE_OPENSPIEL = False

needs_openspiel = pytest.mark.skipif(not HAVE_OPENSPIEL, reason="pyspiel is not installed")


@pytest.mark.parametrize(("preset", "players"), [("pagat", 4), ("bga", 4), ("family", 4)])
def test_random_play(benchmark: Any, preset: str, players: int) -> None:
    benchmark.group = "random play: 2000 actions"
    done = benchmark(random_actions, preset, players, 1, ACTIONS)
    assert done == ACTIONS


@needs_openspiel
def test_random_play_openspiel(benchmark: Any) -> None:
    benchmark.group = "random play: 2000 actions"
    game = openspiel_game()
    assert benchmark(openspiel_random_actions, game, 1, ACTIONS) == ACTIONS


def test_clone(benchmark: Any) -> None:
    benchmark.group = "clone"
    game = late_position()
    copy = benchmark(game.clone)
    assert copy.to_record() == game.to_record()


@needs_openspiel
def test_clone_openspiel(benchmark: Any) -> None:
    benchmark.group = "clone"
    state = openspiel_position(openspiel_game())
    assert str(benchmark(state.clone)) == str(state)


def test_view_sample(benchmark: Any) -> None:
    benchmark.group = "view + sample"
    game = late_position()
    rng = np.random.default_rng(0)
    player = game.to_move
    assert player is not None
    sample = benchmark(lambda: game.view(player).sample(rng))
    assert sample.view(player) == game.view(player)


@needs_openspiel
def test_resample_openspiel(benchmark: Any) -> None:
    benchmark.group = "view + sample"
    import pyspiel

    state = openspiel_position(openspiel_game())
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    sample = benchmark(state.resample_from_infostate, player, sampler)
    assert sample.information_state_string(player) == state.information_state_string(player)


def test_greedy_game(benchmark: Any) -> None:
    benchmark.group = "greedy game: 11 rounds, 4 players"
    game = benchmark(greedy_game, "pagat", 4, 3)
    assert game.is_over
    assert len(game.round_scores) == 11


def test_the_issue_43_scripts_run(capsys: pytest.CaptureFixture[str], monkeypatch: Any) -> None:
    """``engine_copies.py`` and ``engine_gains.py`` (issue 43's figures, run by hand)
    on a position or two, so that they never rot."""
    import engine_copies
    import engine_gains

    monkeypatch.setattr(
        "sys.argv", ["engine_copies.py", "--positions", "2", "--repeat", "1", "--actions", "20"]
    )
    engine_copies.main()
    engine_gains.deals(1)
    engine_gains.deal_cost(1)
    printed = capsys.readouterr().out
    assert "view.sample(rng)" in printed
    assert "deals in 20 ms" in printed
