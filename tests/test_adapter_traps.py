"""Traps in the framework adapters (issue 39): an opponent bot's fault in the
Gymnasium environment is the arena's :class:`~threethirteen.BotError`, naming the
bot, its seat, the round and the turn, as ``tt.play`` names it."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import threethirteen as tt
from threethirteen.adapters.gym_env import ThreeThirteenEnv


def broken(view: tt.PlayerView, legal: Sequence[tt.Action]) -> tt.Action:
    return 1 // 0  # type: ignore[return-value]


def silent(view: tt.PlayerView, legal: Sequence[tt.Action]) -> tt.Action:
    return None  # type: ignore[return-value]


class Later:
    """Plays the first legal action, then raises ``ZeroDivisionError`` at its
    ``fail_at``-th decision."""

    name = "later"

    def __init__(self, fail_at: int) -> None:
        self.fail_at = fail_at
        self.decisions = 0

    def act(self, view: tt.PlayerView, legal: Sequence[tt.Action]) -> tt.Action:
        self.decisions += 1
        if self.decisions == self.fail_at:
            raise ZeroDivisionError("integer division or modulo by zero")
        return legal[0]


def first_legal(env: ThreeThirteenEnv, steps: int) -> None:
    observation, _ = env.reset(seed=1)
    for _ in range(steps):
        observation, *_ = env.step(int(observation["action_mask"].argmax()))


# -- an opponent that raises ---------------------------------------------------------


def test_an_opponent_that_raises_is_a_bot_error_naming_it() -> None:
    env = ThreeThirteenEnv("pagat", players=3, opponents=["greedy", broken])
    with pytest.raises(tt.BotError) as caught:
        first_legal(env, 5)
    error = caught.value
    assert str(error) == (
        "bot 'broken' in seat 2, round 1, turn 2:"
        " raised ZeroDivisionError: integer division or modulo by zero"
    )
    assert isinstance(error.__cause__, ZeroDivisionError)
    assert (error.bot, error.seat, error.round, error.turn, error.kind) == (
        "broken",
        2,
        1,
        2,
        "error",
    )
    assert (error.error_type, error.error_message) == (
        "ZeroDivisionError",
        "integer division or modulo by zero",
    )


def test_the_same_bot_fault_as_tt_play() -> None:
    """``tt.play`` seats ``broken`` in seat 1 and fails at its first decision: the
    environment, with the learner in seat 0 of the same deal, says the same."""
    with pytest.raises(tt.BotError) as played:
        tt.play(["greedy", broken], seed=42)
    env = ThreeThirteenEnv("pagat", players=2, opponents=[broken])
    with pytest.raises(tt.BotError) as stepped:
        env.reset(seed=42)  # seat 1 moves first: the bot fails during the reset
    assert (
        str(stepped.value)
        == str(played.value)
        == (
            "bot 'broken' in seat 1, round 1, turn 1:"
            " raised ZeroDivisionError: integer division or modulo by zero"
        )
    )


def test_a_fault_in_a_later_round_names_the_round_and_turn() -> None:
    env = ThreeThirteenEnv("pagat", players=2, opponents=[Later(40)], seat=0, max_turns=10)
    with pytest.raises(tt.BotError) as caught:
        first_legal(env, 200)
    game = env.game
    assert str(caught.value) == (
        f"bot 'later' in seat 1, round {game.round}, turn {game.turns + 1}:"
        " raised ZeroDivisionError: integer division or modulo by zero"
    )
    assert caught.value.round == game.round > 1


def test_two_bots_of_one_name_are_told_apart() -> None:
    """As ``tt.play`` labels them: the first ``later`` (seat 0), then ``later#2``."""
    env = ThreeThirteenEnv("pagat", players=3, opponents=[Later(1), Later(1)], seat=2)
    with pytest.raises(tt.BotError) as caught:
        env.reset(seed=1)  # seat 1 moves first
    assert str(caught.value) == (
        "bot 'later#2' in seat 1, round 1, turn 1:"
        " raised ZeroDivisionError: integer division or modulo by zero"
    )


def test_an_opponent_that_exits_is_a_bot_error_and_ctrl_c_stops_the_run() -> None:
    """As the referee: ``SystemExit`` from a bot is its fault; ``KeyboardInterrupt``
    is taken as a person's Ctrl-C and propagates."""

    def exits(view: tt.PlayerView, legal: Sequence[tt.Action]) -> tt.Action:
        raise SystemExit(3)

    def interrupted(view: tt.PlayerView, legal: Sequence[tt.Action]) -> tt.Action:
        raise KeyboardInterrupt

    env = ThreeThirteenEnv("pagat", players=2, opponents=[exits])
    with pytest.raises(tt.BotError) as caught:
        env.reset(seed=42)
    assert str(caught.value) == "bot 'exits' in seat 1, round 1, turn 1: raised SystemExit: 3"
    assert isinstance(caught.value.__cause__, SystemExit)
    env = ThreeThirteenEnv("pagat", players=2, opponents=[interrupted])
    with pytest.raises(KeyboardInterrupt):
        env.reset(seed=42)


# -- an opponent that returns None ---------------------------------------------------


def test_an_opponent_that_returns_none_is_a_bot_error_naming_it() -> None:
    env = ThreeThirteenEnv("pagat", players=3, opponents=["greedy", silent])
    with pytest.raises(tt.BotError) as caught:
        first_legal(env, 5)
    error = caught.value
    assert str(error) == (
        "bot 'silent' in seat 2, round 1, turn 2: chose None, which is not legal:"
        " it is not an action"
    )
    assert error.__cause__ is None
    assert (error.bot, error.seat, error.round, error.turn, error.kind) == (
        "silent",
        2,
        1,
        2,
        "illegal",
    )
    assert not isinstance(error, tt.IllegalActionError)


def test_an_opponent_that_chooses_an_action_not_legal_now() -> None:
    def discards_first(view: tt.PlayerView, legal: Sequence[tt.Action]) -> tt.Action:
        return tt.DiscardCard(view.hand.cards[0])  # in the draw phase

    env = ThreeThirteenEnv("pagat", players=2, opponents=[discards_first])
    with pytest.raises(tt.BotError) as caught:
        env.reset(seed=42)
    message = str(caught.value)
    assert message.startswith("bot 'discards_first' in seat 1, round 1, turn 1: chose 'discard ")
    assert "which is not legal: " in message
    assert caught.value.kind == "illegal"


# -- the episode after a fault -------------------------------------------------------


def test_a_fault_ends_the_episode_and_a_reset_starts_again() -> None:
    bot = Later(3)
    env = ThreeThirteenEnv("pagat", players=2, opponents=[bot])
    with pytest.raises(tt.BotError) as caught:
        first_legal(env, 10)
    with pytest.raises(tt.GameError) as after:
        env.step(0)
    assert str(after.value) == (
        f"the episode ended with a bot's fault ({caught.value}): call reset()"
    )
    assert not isinstance(after.value, tt.BotError)
    bot.fail_at = 0  # never again
    observation, _ = env.reset(seed=2)
    assert observation["action_mask"].sum() > 0
    env.step(int(observation["action_mask"].argmax()))


# -- OpenSpiel: one position, one information state --------------------------------

OPEN_SPIEL_TABLES = [
    # rules, variations, players, max_turns, chance, seed, every (action)
    ("pagat", (), 2, 6, "seed", 12345, 5),
    ("bga", ("jokers", "redemption"), 4, 5, "seed", 2**32 - 1, 5),
    ("wikipedia", ("separate-discards", "false-out"), 3, 6, "seed", 77, 5),
    ("family", ("first-out-bonus",), 3, 6, "cards", 5, 5),
    ("pagat", (), 2, 100, "seed", 1, 25),  # long rounds: a reshuffle in round 2
    pytest.param(("pagat", (), 2, 100, "cards", 1, 25), marks=pytest.mark.slow),  # (7 s)
]


def deal_codes(round_record: dict[str, object], players: int) -> list[int]:
    """The chance outcomes of a deal, as docs/openspiel.md orders them: the hands
    one card at a time from the dealer's left, the upcard, the stock top down."""
    deal = round_record["deal"]
    assert isinstance(deal, dict)
    dealer = round_record["dealer"]
    assert isinstance(dealer, int)
    count = round_record["cards_dealt"]
    assert isinstance(count, int)
    cards = [
        deal["hands"][(dealer + 1 + position) % players][position // players]
        for position in range(count * players)
    ]
    cards += [deal["upcard"], *deal["stock"]]
    return [tt.Card.parse(card).code for card in cards]


def deal_by_chance(state: object, game: tt.Game) -> None:
    """Apply the chance outcomes that give ``state`` the engine game's deal or
    reshuffle (``chance="cards"``)."""
    last = game.to_record()["rounds"][-1]
    while state.is_chance_node():  # type: ignore[attr-defined]
        if game.turns == 0 and game.phase == "draw" and not last["actions"]:
            outcomes = deal_codes(last, game.players)
        else:
            stock = [entry for entry in last["actions"] if entry["type"] == "reshuffle"][-1]
            outcomes = [tt.Card.parse(card).code for card in stock["stock"]]
        for code in outcomes:
            state.apply_action(code)  # type: ignore[attr-defined]


def seen_by_everyone(state: object, players: int) -> list[object]:
    shown: list[object] = [state.history(), state.current_player()]  # type: ignore[attr-defined]
    for player in range(players):
        for name in (
            "information_state_string",
            "information_state_tensor",
            "observation_string",
            "observation_tensor",
        ):
            shown.append((name, player, getattr(state, name)(player)))
    return shown


def played_through_openspiel(
    rules: str,
    variations: tuple[str, ...],
    players: int,
    max_turns: int,
    chance: str,
    seed: int,
    every: int = 5,
) -> tuple[object, list[tuple[tt.Game, list[object]]]]:
    """Random play to round 3's end through OpenSpiel's API, an engine game beside
    it taking the same actions; at every ``every``-th action, every round's first
    and every first after a reshuffle, the engine game and what the OpenSpiel state
    shows."""
    from threethirteen.adapters.openspiel_game import SEED_BYTES, load_game
    from threethirteen.adapters.spaces import action_to_index

    table = load_game(rules, players, variations, max_turns, chance=chance)
    game = tt.Game(rules, players, seed=seed, variations=variations, max_turns=max_turns)
    state = table.new_initial_state()
    if chance == "seed":
        for byte in seed.to_bytes(SEED_BYTES, "big"):
            state.apply_action(byte)
    else:
        deal_by_chance(state, game)
    chooser = random.Random(seed)
    found = []
    count = 0
    reshuffled = None
    while game.round <= 3 and not game.is_over:
        shuffled = game.view(0).reshuffled
        if count % every == 0 or game.turns == 0 or shuffled != reshuffled:
            reshuffled = shuffled
            found.append((game.clone(), seen_by_everyone(state, players)))
        mover = game.to_move
        assert mover is not None
        action = chooser.choice(game.legal_actions())
        index = action_to_index(action, game.view(mover))
        game.apply(action)
        state.apply_action(index)
        if chance == "cards":
            deal_by_chance(state, game)
        count += 1
    return table, found


@pytest.mark.parametrize(
    "table", OPEN_SPIEL_TABLES, ids=lambda table: f"{table[0]}-{table[2]}p-{table[3]}-{table[4]}"
)
def test_a_state_from_an_engine_game_is_the_state_play_reaches(table: tuple[Any, ...]) -> None:
    pytest.importorskip("pyspiel")
    players = table[2]
    spiel_game, found = played_through_openspiel(*table)
    rounds = {game.round for game, _ in found}
    assert rounds == {1, 2, 3}
    if table[3] == 100:
        assert any(game.view(0).reshuffled is not None for game, _ in found)
    for game, shown in found:
        made = spiel_game.state_from_engine(game)  # type: ignore[attr-defined]
        assert seen_by_everyone(made, players) == shown, (game.round, game.turns)
    # a state of round 3 knows rounds 1 and 2
    last = json.loads(spiel_game.state_from_engine(found[-1][0]).information_state_string(0))
    assert [entry["public"]["round"] for entry in last["past"]] == [1, 2]


def test_a_state_from_an_engine_game_plays_on_as_the_played_state() -> None:
    """Made in round 1, it ends round 1 and starts round 2 as the played state does."""
    pytest.importorskip("pyspiel")
    from threethirteen.adapters.spaces import action_to_index

    spiel_game, found = played_through_openspiel("pagat", (), 3, 6, "seed", 31)
    game, _ = found[1]
    made = spiel_game.state_from_engine(game)  # type: ignore[attr-defined]
    played = spiel_game.new_initial_state()  # type: ignore[attr-defined]
    for action in made.history():
        played.apply_action(action)
    chooser = random.Random(2)
    while game.round < 3:
        mover = game.to_move
        assert mover is not None
        action = chooser.choice(game.legal_actions())
        index = action_to_index(action, game.view(mover))
        game.apply(action)
        made.apply_action(index)
        played.apply_action(index)
    assert seen_by_everyone(made, 3) == seen_by_everyone(played, 3)


def test_a_game_no_seed_byte_deals_gets_its_past_and_no_history() -> None:
    """A seed past 2**32 - 1 (``tt.play`` and the tournaments deal 128-bit seeds):
    the information states are those of the same deals played card by card, and
    ``history()`` is empty."""
    pytest.importorskip("pyspiel")
    from threethirteen.adapters.openspiel_game import load_game

    seed = 2**100 + 3
    _, found = played_through_openspiel("bga", ("jokers",), 3, 5, "cards", seed)
    by_seed = load_game("bga", 3, ("jokers",), 5)
    assert {game.round for game, _ in found} == {1, 2, 3}
    for game, shown in found:
        made = by_seed.state_from_engine(game)
        assert made.history() == []
        assert seen_by_everyone(made, 3)[1:] == shown[1:]


def test_positions_in_any_order_and_of_two_games_give_the_same_states() -> None:
    """The table goes on from its last replay when the next position goes on from
    it: positions asked backwards, or of two games in turn, are the states fresh
    tables give."""
    pytest.importorskip("pyspiel")
    from threethirteen.adapters.openspiel_game import load_game

    _, first = played_through_openspiel("pagat", (), 2, 6, "seed", 21, 7)
    _, second = played_through_openspiel("pagat", (), 2, 6, "seed", 22, 7)
    table = load_game("pagat", 2, max_turns=6)
    asked = [
        *first[::-1],
        *[position for pair in zip(first, second, strict=False) for position in pair],
    ]
    for game, shown in asked:
        assert seen_by_everyone(table.state_from_engine(game), 2) == shown


def going_out_game(melds: str, chance: str) -> tuple[object, tt.Game]:
    """Round 1 of pagat for two dealt 'Kc Kd Qh' and '5c 6c 3s' (3s wild) under a 7c:
    player 1 takes the 7c and goes out with ``melds`` (the engine's own melding is
    '5c 6c 3s=7c'); player 0's last turn ends the round."""
    from threethirteen.adapters.openspiel_game import load_game

    record = tt.Game("pagat", 2, seed=0, max_turns=6).to_record()
    hands = [["Kc", "Kd", "Qh"], ["5c", "6c", "3s"]]
    dealt = {"Kc", "Kd", "Qh", "5c", "6c", "3s", "7c"}
    record["seed"] = None
    record["rounds"][0]["deal"] = {
        "hands": hands,
        "upcard": "7c",
        "stock": [str(tt.Card(code)) for code in range(52) if str(tt.Card(code)) not in dealt],
    }
    game = tt.Game.from_record(record)
    game.apply(tt.DrawDiscard())
    game.apply(tt.Action.parse(f"discard 7c out [{melds}]"))
    game.apply(tt.DrawStock())
    game.apply(tt.Action.parse("discard Qh"))
    assert game.round == 2
    return load_game("pagat", 2, max_turns=6, chance=chance), game


@pytest.mark.parametrize("chance", ["cards", "seed"])
def test_a_going_out_with_melds_no_index_gives_keeps_its_melds(chance: str) -> None:
    """Melds the engine would not lay have no action index: no history plays the
    game, but the rounds before are still the record's, those melds included."""
    pytest.importorskip("pyspiel")
    for melds, indexed in (("5c 6c 3s=7c", chance == "cards"), ("3s=4c 5c 6c", False)):
        table, game = going_out_game(melds, chance)
        state = table.state_from_engine(game)  # type: ignore[attr-defined]
        assert (len(state.history()) > 0) == indexed
        assert state.current_player() == game.to_move == 0
        assert state.view(0).hand == game.hand(0)
        for player in range(2):
            past = json.loads(state.information_state_string(player))["past"]
            [out] = [entry for entry in past[0]["public"]["history"] if entry.get("go_out")]
            assert out["melds"] == [melds.split()]
            assert past[0]["public"]["scores"] == [21, 0]  # Kc Kd Ac


@pytest.mark.parametrize("chance", ["cards", "seed"])
def test_a_state_of_a_sampled_game_is_at_the_players_turn(chance: str) -> None:
    """A game made by ``PlayerView.sample`` has no record: no rounds before, no
    history, and (``chance="cards"``) no deal to make either."""
    pytest.importorskip("pyspiel")
    from threethirteen.adapters.openspiel_game import load_game

    table = load_game("pagat", 2, max_turns=6, chance=chance)
    game = tt.Game("pagat", 2, seed=4, max_turns=6)
    game.apply(tt.DrawStock())
    sample = game.view(1).sample(np.random.default_rng(1))
    state = table.state_from_engine(sample)
    assert (state.current_player(), state.history(), state.is_chance_node()) == (1, [], False)
    assert json.loads(state.information_state_string(1))["past"] == []
