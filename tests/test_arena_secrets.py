"""What a bot can learn from what it is told: its view's rules are its own copy, and a
tournament's deals are a secret only when its seed is (a small seed can be found by
dealing every small seed, from a bot's own cards or from its bot seed)."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Sequence

import threethirteen as tt
from threethirteen.arena.protocol import start_message
from threethirteen.arena.simulations import derived_seed, secret_seed


def test_forcing_a_views_rules_changes_neither_the_game_nor_another_view() -> None:
    game = tt.Game("pagat", 2, seed=1)
    view = game.view(0)
    assert view.rules == game.rules
    assert hash(view.rules) == hash(game.rules)
    object.__setattr__(view.rules, "min_run", 99)
    assert view.rules.min_run == 99
    assert game.rules.min_run == 3
    assert game.view(0).rules.min_run == 3
    assert game.view(1).rules.min_run == 3
    assert tt.Rules.preset("pagat").min_run == 3
    # the game plays on under its own rules: a run of three still melds
    assert dataclasses.replace(game.rules).min_run == 3


def test_a_tournament_given_no_seed_draws_a_secret_one() -> None:
    seeds = {tt.tournament(["greedy", "random"], games=2, max_turns=20).seed for _ in range(3)}
    assert len(seeds) == 3
    # 128 random bits: the chance that all three fall below 2**100 is 2**-84
    assert max(seeds).bit_length() > 100
    assert all(0 <= seed < 2**128 for seed in seeds)
    assert secret_seed() != secret_seed()


def _small_seeds_dealing(hand: tt.Hand, seat: int, unit: int, tries: int) -> list[int]:
    """The tournament seeds below ``tries`` whose deal ``unit`` gives ``seat`` ``hand``:
    the search a cheating bot runs."""
    return [
        seed
        for seed in range(tries)
        if tt.Game("pagat", 2, seed=derived_seed(seed, unit)).view(seat).hand == hand
    ]


def test_a_small_seed_is_found_from_a_bots_own_cards_and_a_secret_one_is_not() -> None:
    # A bot sees its own dealt hand. With seed=1 the search over small seeds finds the
    # tournament's seed, and with it every hidden card (what docs/arena.md warns of);
    # with a drawn seed it finds nothing.
    small = tt.Game("pagat", 2, seed=tt.game_seed(1, 0, players=2))
    assert _small_seeds_dealing(small.view(1).hand, 1, 0, 300) == [1]
    hidden = tt.Game("pagat", 2, seed=tt.game_seed(secret_seed(), 0, players=2))
    assert _small_seeds_dealing(hidden.view(1).hand, 1, 0, 300) == []


def test_a_bots_seed_is_a_one_way_hash_of_its_games_seed() -> None:
    # The start message tells the bot its seed and its game's index, never the game's
    # seed; the bot seed is a BLAKE2b hash of the 128-bit game seed, so only a small
    # tournament seed can be found from it (by trying them all).
    game = tt.Game("pagat", 2, seed=tt.game_seed(1, 0, players=2))
    bot_seed = derived_seed(tt.game_seed(1, 0, players=2), 1, 64)
    message = start_message(game, 1, bot_seed=bot_seed, index=0)
    assert "seed" not in message
    assert message["bot_seed"] == bot_seed
    tried = [s for s in range(300) if derived_seed(derived_seed(s, 0), 1, 64) == bot_seed]
    assert tried == [1]


class _Where:
    """A bot (a subclass of a built-in one: the user's code) that fails unless it
    plays in a worker process."""

    def __init__(self, home: int) -> None:
        self.home = home

    def __call__(self, view: tt.PlayerView, legal: list[tt.Action]) -> tt.Action:
        if os.getpid() == self.home:
            raise RuntimeError("played in the arena's process")
        return legal[0]


class WhereGreedy(tt.GreedyBot):
    """The user's subclass of a built-in bot: it fails unless it plays in a worker."""

    name = "where-greedy"
    home = 0

    def act(self, view: tt.PlayerView, legal_actions: Sequence[tt.Action]) -> tt.Action:
        if os.getpid() == self.home:
            raise RuntimeError("played in the arena's process")
        return super().act(view, legal_actions)


def test_by_default_a_time_limit_isolates_the_users_bots_not_the_librarys() -> None:
    home = os.getpid()
    results = tt.tournament(["greedy", _Where(home)], games=2, seed=1, max_turns=10, move_time=5)
    assert results.faults == {"greedy": 0, "_Where": 0}
    # without a time limit nothing is isolated: the bot sees the arena's process
    plain = tt.tournament(["greedy", _Where(home)], games=2, seed=1, max_turns=10)
    assert plain.faults == {"greedy": 0, "_Where": 2}
    # a built-in bot is isolated only when asked; a subclass of one is the user's
    pids: set[int] = set()

    def greedy_here(view: tt.PlayerView, legal: list[tt.Action]) -> tt.Action:
        pids.add(os.getpid())
        return legal[0]

    tt.tournament(["greedy", greedy_here], games=2, seed=1, max_turns=10, move_time=5,
                  isolate=False)  # fmt: skip
    assert pids == {home}
    WhereGreedy.home = home
    subclass = tt.tournament([WhereGreedy, "greedy"], games=2, seed=1, max_turns=10,
                             move_time=5)  # fmt: skip
    assert subclass.faults == {"where-greedy": 0, "greedy": 0}
