"""Three Thirteen as an OpenSpiel game: ``pyspiel.load_game("python_threethirteen")``.

Importing this module registers the game with OpenSpiel (``pip install
'.[openspiel]'``); it is not imported by ``import threethirteen``.
The game wraps the library's engine (:class:`~threethirteen.Game`) the way
OpenSpiel's own ``pokerkit_wrapper`` wraps PokerKit:

* sequential, imperfect information, zero-sum: a player's return is the mean of
  the other players' totals less their own total (lower totals are better), so
  the returns sum to 0 (the PettingZoo and Gymnasium environments' zero-sum
  rewards, :func:`threethirteen.adapters.spaces.score_rewards`); ``rewards="game"`` (the
  default) pays them at the end only (the reward model MCTS needs),
  ``rewards="round"`` pays each round's change as it is scored; every reward and
  return is in points times ``reward_scale`` (1 by default);
* explicit chance, two ways: ``chance="seed"`` (the default) opens the game with
  :data:`SEED_BYTES` chance nodes of 256 outcomes each (a byte of the game's seed),
  and the engine deals every round and every reshuffle from that seed, exactly as
  ``Game(seed=...)`` does; ``chance="cards"`` deals every card of every deal and
  reshuffle at a chance node of its own (the outcome is the card's code), and
  replays the game's record to give the engine those cards. No player sees them;
* actions are the indices of :mod:`threethirteen.adapters.spaces` (``action_to_index``,
  ``index_to_action``; ``action_to_string`` of an index that is not legal now is
  ``describe_index``); the observation tensor is
  :func:`threethirteen.adapters.spaces.encode_observation` of the player's view; the
  observation string is the view as JSON (:meth:`PlayerView.to_dict`) without the
  round's history; the information-state string has **perfect recall**: every
  finished round as the player saw it (its public history, the player's hand as
  dealt and draws from the stock, its scores) and the view with the round's
  history. The game provides no information-state tensor
  (``provides_information_state_tensor=False``): a fixed-size tensor cannot hold
  a whole game's history; the perfect-recall observer's tensor
  (``make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))``) is a
  summary of this round only (:class:`ThreeThirteenObserver`);
* ``resample_from_infostate`` deals the hidden cards again with
  :meth:`PlayerView.sample`; OpenSpiel's ``serialize_game_and_state`` and
  ``deserialize_game_and_state`` work (the engine's game is pickled).

>>> import pyspiel
>>> import threethirteen.adapters.openspiel_game
>>> game = pyspiel.load_game("python_threethirteen(players=3,rules=pagat)")
>>> state = game.new_initial_state()
>>> for byte in (0, 0, 0, 42):
...     state.apply_action(byte)
>>> state.current_player(), state.legal_actions() == [0, 1]
(1, True)
>>> [state.action_to_string(1, action) for action in state.legal_actions()]
['draw stock', 'draw discard']
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

try:
    import pyspiel  # type: ignore[import-not-found]
except ModuleNotFoundError as error:  # an optional extra
    raise ModuleNotFoundError(
        f"threethirteen.adapters.openspiel_game needs OpenSpiel ({error.name} is missing):"
        " pip install 'threethirteen[openspiel]'",
        name=error.name,
    ) from error

from .._validate import check_int, quote
from ..engine.actions import Action, DiscardCard, DrawDiscard, DrawStock
from ..engine.dealing import pool_codes
from ..engine.game import Game, PlayerView
from ..errors import GameError, ThreeThirteenError
from ..hands.cards import CARDS, Card
from ..hands.rules import Rules
from .spaces import (
    action_count,
    action_to_index,
    describe_index,
    encode_observation,
    index_to_action,
    observation_shape,
    reward_scale,
    score_rewards,
)

__all__ = [
    "DEFAULT_PARAMETERS",
    "SEED_BYTES",
    "SHORT_NAME",
    "ThreeThirteenGame",
    "ThreeThirteenObserver",
    "ThreeThirteenState",
    "load_game",
]

SHORT_NAME = "python_threethirteen"
"""The name the game is registered under."""

SEED_BYTES = 4
"""The chance nodes that open a game: each picks one byte of the engine's seed."""

DEFAULT_PARAMETERS: dict[str, Any] = {
    "rules": "pagat",
    "players": 2,
    "variations": "",
    "max_turns": 200,
    "rewards": "game",
    "chance": "seed",
    "reward_scale": 1.0,
}
"""The game's parameters and their defaults: ``rules`` (a preset name),
``players``, ``variations`` (names joined by ``+``, a value after ``:``, as in
``"jokers+false-out:20"``: OpenSpiel's game strings allow no ``,`` or ``=`` in a
value), ``max_turns`` (a round ends after this many turns and
every hand is scored as it stands: OpenSpiel needs a bounded game), ``rewards``
(``"game"`` or ``"round"``), ``chance`` (``"seed"``: the seed's bytes;
``"cards"``: every card of every deal and reshuffle) and ``reward_scale`` (a
positive number the rewards and returns, in points, are multiplied by)."""

_REPLAYS = 3
"""Double-naughts replays a round in which everyone scores 0; the game's bound on
its length allows each round this many deals."""


def _game_type(reward_model: Any) -> Any:
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="Three Thirteen (threethirteen)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=reward_model,
        max_num_players=16,
        min_num_players=2,
        provides_information_state_string=True,  # perfect recall
        provides_information_state_tensor=False,  # (no fixed size holds a game)
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=DEFAULT_PARAMETERS,
    )


_GAME_TYPE = _game_type(pyspiel.GameType.RewardModel.TERMINAL)
_ROUND_REWARDS_TYPE = _game_type(pyspiel.GameType.RewardModel.REWARDS)


class _Config:
    """The table a game is played at, shared by its states (never copied)."""

    __slots__ = ("by_card", "max_turns", "per_round", "players", "pool", "rules", "scale")

    def __init__(
        self,
        rules: Rules,
        players: int,
        max_turns: int,
        per_round: bool,
        by_card: bool,
        scale: float = 1.0,
    ) -> None:
        self.rules = rules
        self.players = players
        self.max_turns = max_turns
        self.per_round = per_round
        self.by_card = by_card
        self.scale = scale
        self.pool = pool_codes(rules.decks, rules.jokers)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Config:
        return self


class _Engine:
    """The engine's game in a state, with what the player to move sees (worked out
    once per position). A state's clone clones the game."""

    __slots__ = ("_indices", "_legal", "_view", "game", "seen", "strings")

    def __init__(self, game: Game, seen: Sequence[PlayerView | None] | None = None) -> None:
        self.game = game
        self._view: PlayerView | None = None
        self._legal: list[Any] | None = None
        self._indices: list[int] | None = None
        self.strings: dict[tuple[bool, int], str] = {}
        """The observation and information-state strings made at this position,
        by (perfect recall, player)."""
        self.seen: list[PlayerView | None] = [None] * game.players if seen is None else list(seen)
        """Each player's latest view of the round in play (views are immutable
        snapshots): what the round's end makes into their part of the past."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(self.game.clone(), self.seen)

    def __reduce__(self) -> tuple[type[_Engine], tuple[Game]]:
        return _Engine, (self.game,)

    def moved(self) -> None:
        self._view = self._legal = self._indices = None
        self.strings = {}

    def view(self) -> PlayerView:
        """The view of the player to move."""
        if self._view is None:
            player = self.game.to_move
            assert player is not None
            self._view = self.game.view(player)
        return self._view

    def legal(self) -> list[Any]:
        if self._legal is None:
            self._legal = self.game.legal_actions()
        return self._legal

    def indices(self) -> list[int]:
        if self._indices is None:
            view = self.view()
            self._indices = sorted({action_to_index(action, view) for action in self.legal()})
        return self._indices


def _variations(text: object) -> tuple[str, ...]:
    """Variation names from ``"jokers+false-out:20"`` (OpenSpiel's game strings
    take no ``,`` or ``=`` in a value: ``+`` joins names, ``:`` gives a value)."""
    if not isinstance(text, str):
        raise GameError(f"variations are names joined by '+', not {quote(text)}")
    for bad in ",=":
        if bad in text:
            raise GameError(
                f"variations are names joined by '+' (a value after ':'), not {quote(text)}"
            )
    return tuple(name.strip().replace(":", "=") for name in text.split("+") if name.strip())


def _score_bound(rules: Rules, max_turns: int) -> float:
    """More than any player's total can differ from another's (and so from the
    mean of the others')."""
    penalty = max(*rules.card_values, rules.wild_penalty or 0, rules.joker_penalty, 15)
    factor = 2 if rules.doubles else 1
    high = factor * (penalty * (max(rules.rounds) + 1) + (rules.false_out_penalty or 0) * max_turns)
    low = factor * penalty  # a first-out bonus is at most a card's value below 0
    return float(len(rules.rounds) * (high + low))


def _scaled(rewards: list[float], config: _Config) -> list[float]:
    scale = config.scale
    return rewards if scale == 1.0 else [reward * scale for reward in rewards]


class ThreeThirteenGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game: one table of Three Thirteen (see the module's docstring
    for the parameters).

    :raises InvalidRulesError: for an unknown preset or variation, or players the
        preset does not seat.
    :raises GameError: for a bad ``max_turns`` or ``rewards``, or a table the pool
        cannot deal.

    >>> game = load_game(players=4, rules="bga", variations="jokers")
    >>> game.num_players(), game.num_distinct_actions() > 0, game.max_chance_outcomes()
    (4, True, 256)
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULT_PARAMETERS, **(params or {})}
        unknown = sorted(set(params) - set(DEFAULT_PARAMETERS))
        if unknown:
            raise GameError(
                f"unknown parameter {quote(unknown[0])}; valid: {', '.join(DEFAULT_PARAMETERS)}"
            )
        name, players, max_turns = params["rules"], params["players"], params["max_turns"]
        variations = _variations(params["variations"])
        max_turns = check_int("max_turns", max_turns, 1, error=GameError)
        if params["rewards"] not in ("game", "round"):
            raise GameError(f"rewards are 'game' or 'round', not {quote(params['rewards'])}")
        if params["chance"] not in ("seed", "cards"):
            raise GameError(f"chance is 'seed' or 'cards', not {quote(params['chance'])}")
        scale = reward_scale(params["reward_scale"])
        rules = Rules.preset(name, variations, players=players)
        Game(rules, players, seed=0, max_turns=max_turns)  # checks the table deals
        per_round = params["rewards"] == "round"
        by_card = params["chance"] == "cards"
        self.config = _Config(rules, players, max_turns, per_round, by_card, scale)
        bound = _score_bound(rules, max_turns) * scale
        turn = max(rules.rounds) + 3  # a draw, every card laid, a discard
        length = SEED_BYTES + _REPLAYS * max_turns * sum(dealt + 3 for dealt in rules.rounds)
        if by_card:  # every deal, and a reshuffle (at most) every turn, card by card
            pool = len(self.config.pool)
            length += _REPLAYS * len(rules.rounds) * pool * (1 + max_turns)
        info = pyspiel.GameInfo(
            num_distinct_actions=action_count(rules, players),
            max_chance_outcomes=53 if by_card else 256,
            num_players=players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=max(length, turn),
        )
        game_type = _ROUND_REWARDS_TYPE if per_round else _GAME_TYPE
        super().__init__(game_type, info, params)
        self._last_replay: _Replay | None = None
        """The last record :meth:`state_from_engine` replayed through the API and a
        snapshot of the state it gave: the next position of the same game goes on
        from there. (A snapshot, not a state: a state holds its game, and a game
        holding a state would never be freed.)"""

    def new_initial_state(self) -> ThreeThirteenState:
        """The state before the seed's chance nodes."""
        return ThreeThirteenState(self)

    def state_from_engine(self, game: Game) -> ThreeThirteenState:
        """A state at ``game``'s position (a clone of it: the state never changes
        ``game``), for search or analysis from positions played elsewhere, e.g. a
        game replayed with :meth:`Game.from_record`.

        The state is the one play reaches: the game's record
        (:meth:`Game.to_record`) is replayed through this table's chance nodes and
        actions, so its ``history()`` is the record's (the seed's bytes, or every
        card dealt, then the actions' indices) and each player's information state
        holds the rounds before, as they saw them: one position has one information
        state however it was reached. A game that no history of this table plays
        (with ``chance="seed"``, a seed that is not 0 to 2**32 - 1, as
        :func:`threethirteen.play` and the tournaments deal; or a going out with
        melds the engine would not lay, which no action index says) still gets the
        rounds before, from its record, but an empty ``history()``; the engine then
        deals its later rounds by itself, from the game's seed. A game made by
        :meth:`PlayerView.sample` has no record: its state has no rounds before and
        an empty ``history()``.

        :raises GameError: for a game at another table (rules, players or turn limit).

        >>> import threethirteen as tt
        >>> table = load_game("pagat", players=3, max_turns=200)
        >>> game = tt.Game("pagat", players=3, seed=7, max_turns=200)
        >>> game.apply(tt.DrawStock())
        >>> state = table.state_from_engine(game)
        >>> state.current_player(), state.history()
        (1, [0, 0, 0, 7, 0])
        """
        config = self.config
        if (game.rules, game.players, game.max_turns) != (
            config.rules,
            config.players,
            config.max_turns,
        ):
            raise GameError(
                f"a game of {game.rules.name} for {game.players} players with max_turns"
                f" {game.max_turns} is not at this table ({self})"
            )
        try:
            record = game.to_record()
        except GameError:  # a sample: nobody knows its deals, nor the rounds before
            return self._taking_over(game, None, ())
        seed = record["seed"]
        if config.by_card or (isinstance(seed, int) and 0 <= seed < 2 ** (8 * SEED_BYTES)):
            state, start = self._replay_start(record)
            exact = _replay(state, record["rounds"], start)
            engine = state._engine
            assert engine is not None
            if exact or engine.game.to_record()["rounds"] == record["rounds"]:
                self._last_replay = _Replay(seed, record["rounds"], state)
                if not config.by_card:  # (by card, the replay's engine deals by chance)
                    state._engine = _Engine(game.clone(), engine.seen)
                return state
        # No history of this table plays this game: the rounds before from a replay
        # of its exact actions, outside the OpenSpiel API.
        replay = _replayed_past(self, record)
        return self._taking_over(game, replay._engine_seen(), replay._past)

    def _replay_start(self, record: dict[str, Any]) -> tuple[ThreeThirteenState, tuple[int, int]]:
        """Where a replay of ``record`` starts: the last replay's state, restored
        from its snapshot, when ``record`` goes on from it (the same seed, the same
        rounds before, the round in play the same so far: a game's later position),
        else a new state (with the seed's bytes); and the round and the entry of
        its actions to go on from (-1: the round's deal too)."""
        last = self._last_replay
        if last is not None and last.seed == record["seed"]:
            start = _resume_point(last.rounds, record["rounds"])
            if start is not None:
                return last.restored(ThreeThirteenState(self)), start
        state = self.new_initial_state()
        if not self.config.by_card:
            for byte in int(record["seed"]).to_bytes(SEED_BYTES, "big"):
                state.apply_action(byte)
        return state, (0, -1)

    def _taking_over(
        self,
        game: Game,
        seen: Sequence[PlayerView | None] | None,
        past: tuple[tuple[str, tuple[str, ...]], ...],
    ) -> ThreeThirteenState:
        """A state without a history at a clone of ``game``'s position, whose engine
        deals by itself, with ``past`` as the rounds before."""
        state = ThreeThirteenState(self)
        state._counts = None  # (no chance nodes: the engine deals by itself)
        state._sampled = True
        state._engine = _Engine(game.clone(), seen)
        state._past = past
        return state

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ThreeThirteenObserver:
        """An observer: the observation (``perfect_recall=False``) or the information
        state (``perfect_recall=True``) of one player."""
        return ThreeThirteenObserver(self.config, iig_obs_type, params)


class ThreeThirteenState(pyspiel.State):  # type: ignore[misc]
    """A position: the chance nodes (the seed's bytes, or the cards of a deal or a
    reshuffle), or the engine's game with a player to move, or the end.

    Its Python attributes are the chance outcomes being chosen, the engine (with
    the game), the rewards of the last action and the table; OpenSpiel's ``clone``
    clones the engine's game (:meth:`Game.clone`) and ``serialize`` pickles it.
    """

    def __init__(self, game: ThreeThirteenGame) -> None:
        super().__init__(game)
        self._config: _Config = game.config
        self._bytes: list[int] = []
        self._engine: _Engine | None = None
        self._rewards: list[float] = [0.0] * game.config.players
        # chance="cards": the cards left to deal (counts by code) while dealing, the
        # cards dealt so far, and whether a deal or a reshuffle is dealt
        self._counts: list[int] | None = None
        self._drawn: list[int] = []
        self._reshuffling = False
        self._sampled = False  # a resample: the engine deals by itself
        self._past: tuple[tuple[str, tuple[str, ...]], ...] = ()
        """Each finished round as the players saw it: its public part and each
        player's own part, as JSON (the information states' perfect recall)."""
        self._forwarding: list[int] | None = None
        """While a snapshot's history is played back (:class:`_Replay`): the player
        of each of its actions (and how many are played back)."""
        self._forwarded = 0
        if game.config.by_card:
            self._begin_chance(game.config.pool, reshuffle=False)

    @property
    def engine_game(self) -> Game | None:
        """The engine's :class:`~threethirteen.Game` (``None`` before the first deal;
        while ``chance="cards"`` deals, the engine's own next deal or reshuffle, which
        the chance nodes replace). It holds every hidden card: give players only its
        views; apply actions through the state, which keeps what it shows."""
        return None if self._engine is None else self._engine.game

    def _engine_seen(self) -> list[PlayerView | None]:
        """Each player's latest view of the round in play (for a state that takes
        over at this position)."""
        return [None] * self._config.players if self._engine is None else self._engine.seen

    def view(self, player: int) -> PlayerView | None:
        """What ``player`` may know (``None`` at a chance node)."""
        if self._engine is None or self._counts is not None:
            return None
        return self._engine.game.view(player)

    # -- chance="cards" ---------------------------------------------------------

    def _begin_chance(self, cards: list[int], reshuffle: bool) -> None:
        counts = [0] * 53
        for code in cards:
            counts[code] += 1
        self._counts = counts
        self._drawn = []
        self._reshuffling = reshuffle

    def _deal_card(self, code: int) -> None:
        counts = self._counts
        assert counts is not None
        if not 0 <= code < 53 or counts[code] == 0:
            raise GameError(f"card code {quote(code)} is not among the cards left to deal")
        counts[code] -= 1
        self._drawn.append(code)
        if any(counts):
            return
        self._counts = None
        config = self._config
        order = [str(CARDS[code]) for code in self._drawn]
        if self._engine is None:  # the first deal: a record of the game before it
            record = Game(config.rules, config.players, seed=0, max_turns=config.max_turns)
            record_data = record.to_record()
            record_data["seed"] = None
        else:
            record_data = self._engine.game.to_record()
        current = record_data["rounds"][-1]
        if self._reshuffling:
            entries = [entry for entry in current["actions"] if entry.get("type") == "reshuffle"]
            entries[-1]["stock"] = order
        else:
            players, dealer = config.players, current["dealer"]
            hands: list[list[str]] = [[] for _ in range(players)]
            for position in range(current["cards_dealt"] * players):
                hands[(dealer + 1 + position) % players].append(order[position])
            upcard = current["cards_dealt"] * players
            current["deal"] = {
                "hands": hands,
                "upcard": order[upcard],
                "stock": order[upcard + 1 :],
            }
        self._engine = _Engine(Game.from_record(record_data))

    # -- the OpenSpiel API ------------------------------------------------------

    def apply_action(self, action: int) -> None:
        """OpenSpiel's ``apply_action``, the action checked first: an int (or a numpy
        integer) from 0 to 2**63 - 1. (OpenSpiel itself would take ``True`` as action
        1, and refuse 1.0 with a TypeError and -1 with a SpielError.)

        :raises GameError: for an action that is no such int.
        :raises IllegalActionError: for an index that no legal action has.
        """
        if type(action) is not int or not 0 <= action < 2**63:
            action = check_int("an action", action, 0, 2**63 - 1, GameError)
        super().apply_action(action)

    def current_player(self) -> int:
        if self._forwarding is not None:  # (a snapshot's history, played back)
            return self._forwarding[self._forwarded]
        engine = self._engine
        if engine is None or self._counts is not None:
            return int(pyspiel.PlayerId.CHANCE)
        player = engine.game.to_move
        return int(pyspiel.PlayerId.TERMINAL) if player is None else player

    def _legal_actions(self, player: int) -> list[int]:
        engine = self._engine
        if engine is None or self._counts is not None or engine.game.to_move != player:
            return []
        return list(engine.indices())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every byte of the seed, equally likely; with ``chance="cards"`` every card
        left to deal (by code), as likely as its copies left."""
        counts = self._counts
        if counts is None:
            return [(byte, 1 / 256) for byte in range(256)]
        left = sum(counts)
        return [(code, count / left) for code, count in enumerate(counts) if count]

    def _apply_action(self, action: int) -> None:
        if self._forwarding is not None:
            self._forwarded += 1
            return
        if self._counts is not None:
            self._deal_card(action)
            return
        engine = self._engine
        if engine is None:
            if not 0 <= action < 256:
                raise GameError(f"a seed byte is 0 to 255, not {quote(action)}")
            self._bytes.append(action)
            if len(self._bytes) == SEED_BYTES:
                config = self._config
                seed = int.from_bytes(bytes(self._bytes), "big")
                self._engine = _Engine(
                    Game(config.rules, config.players, seed=seed, max_turns=config.max_turns)
                )
            return
        # (the view first: a sampled game works out its round's history for it)
        self._play(index_to_action(action, engine.view(), engine.legal()))

    def _play(self, chosen: Any) -> None:
        """The player to move takes the engine's action ``chosen``."""
        engine = self._engine
        assert engine is not None
        game = engine.game
        view = engine.view()
        scored = len(game.round_scores)
        seen = engine.seen
        seen[view.player] = view
        for player, last in enumerate(seen):  # a player not seen in this round yet
            if last is None or last.round != view.round or last.turns > view.turns:
                seen[player] = game.view(player)
        dealing = self._config.by_card and not self._sampled and game.phase == "play"
        stock = len(game.stock) if dealing else 0
        game.apply(chosen)
        engine.moved()
        # In a round an action ends a turn (the turns go up) or leaves the player to
        # play on (the play phase): fewer turns, or the same in the draw phase, is a
        # new deal.
        if (
            game.is_over
            or game.round != view.round
            or game.turns < view.turns
            or (game.turns == view.turns and game.phase == "draw")
        ):
            scores = game.round_scores[-1] if len(game.round_scores) > scored else None
            self._past += (_finished_round(seen, view, chosen, scores),)
        if dealing and not game.is_over:
            if game.turns == 0 and game.phase == "draw":  # the engine dealt: deal again
                self._begin_chance(self._config.pool, reshuffle=False)
            elif len(game.stock) > stock:  # the engine reshuffled: reshuffle again
                view = game.view(0)
                assert view.reshuffled is not None
                self._begin_chance([card.code for card in view.reshuffled], reshuffle=True)
        players = self._config.players
        if self._config.per_round:
            if len(game.round_scores) != scored:  # the round's rewards add to the returns
                self._rewards = _scaled(score_rewards(game.round_scores[-1]), self._config)
            else:
                self._rewards = [0.0] * players
        else:
            self._rewards = (
                _scaled(score_rewards(game.totals), self._config)
                if game.is_over
                else [0.0] * players
            )

    def _action_to_string(self, player: int, action: int) -> str:
        if player < 0:
            if self._counts is not None:
                return f"{'reshuffle' if self._reshuffling else 'deal'} {CARDS[action]}"
            return f"seed byte {len(self._bytes)}: {action}"
        engine = self._engine
        if engine is None:
            return f"action {action}"
        if engine.game.to_move == player and action in engine.indices():
            return str(index_to_action(action, engine.view(), engine.legal()))
        try:  # not legal now: what the index stands for
            return describe_index(action, engine.game.view(player))
        except ThreeThirteenError:
            return f"action {action}"

    def is_terminal(self) -> bool:
        return self._engine is not None and self._engine.game.is_over

    def returns(self) -> list[float]:
        """The mean of the other players' totals less each player's own: at the end
        (``rewards="game"``), or so far (``rewards="round"``)."""
        engine = self._engine
        if engine is None or not (self._config.per_round or engine.game.is_over):
            return [0.0] * self._config.players
        return _scaled(score_rewards(engine.game.totals), self._config)

    def rewards(self) -> list[float]:
        """What the last action earned each player (see :meth:`returns`)."""
        return list(self._rewards)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> ThreeThirteenState:
        """A state ``player_id`` cannot tell from this one: the cards they cannot see
        dealt again by :meth:`PlayerView.sample`, from a generator seeded by four
        calls of ``probability_sampler`` (numbers in [0, 1)). Its future deals come
        from the sample, not from this state's seed; its ``history()`` is empty (the
        seed bytes of a history would tell the true cards)."""
        if self._counts is not None:
            raise GameError("with chance='cards', resample at a player's turn, not while dealing")
        words = [int(probability_sampler() * 2**32) for _ in range(4)]
        state = ThreeThirteenState(self.get_game())
        state._counts = None
        state._sampled = True
        engine = self._engine
        if engine is None:  # the seed bytes so far are hidden: choose them again
            state._bytes = [word % 256 for word in words[: len(self._bytes)]]
            return state
        view = engine.game.view(player_id)
        state._engine = _Engine(view.sample(np.random.default_rng(words)))
        # the rounds before, as player_id saw them: the others' own parts are unknown
        state._past = tuple(
            (public, tuple(own if seat == player_id else "null" for seat, own in enumerate(owns)))
            for public, owns in self._past
        )
        return state

    def __str__(self) -> str:
        engine = self._engine
        if self._counts is not None:
            kind = "reshuffling" if self._reshuffling else "dealing"
            dealt = " ".join(str(CARDS[code]) for code in self._drawn)
            return f"{kind}: {len(self._drawn)} cards dealt: {dealt}".rstrip(": ")
        if engine is None:
            return f"dealing: {len(self._bytes)} of {SEED_BYTES} seed bytes chosen"
        game = engine.game
        lines = [
            f"round {game.round} wild {game.wild} dealer {game.dealer} turns {game.turns}"
            f" to move {game.to_move} phase {game.phase} totals {list(game.totals)}"
        ]
        lines += [f"player {p}: {game.hand(p)}" for p in range(game.players)]
        lines += [f"pile {i}: {' '.join(map(str, pile))}" for i, pile in enumerate(game.piles)]
        lines += [f"table: {table_meld.owner} {table_meld.meld}" for table_meld in game.table]
        lines.append(f"stock: {' '.join(map(str, game.stock))}")
        return "\n".join(lines)


class _Replay:
    """A replayed record (its seed and rounds) and a snapshot of the state it gave:
    the state's history (each action and its player) and its Python attributes."""

    __slots__ = ("attributes", "moves", "rounds", "seed")

    _SNAPSHOT = (
        "_bytes",
        "_engine",
        "_rewards",
        "_counts",
        "_drawn",
        "_reshuffling",
        "_sampled",
        "_past",
    )

    def __init__(self, seed: object, rounds: list[Any], state: ThreeThirteenState) -> None:
        self.seed = seed
        self.rounds = rounds
        self.moves = [(move.player, move.action) for move in state.full_history()]
        self.attributes = {name: copy.deepcopy(getattr(state, name)) for name in self._SNAPSHOT}

    def restored(self, state: ThreeThirteenState) -> ThreeThirteenState:
        """``state`` (a new state of the table) made the snapshot's: its history
        played back through the API without the engine (a call to OpenSpiel per
        action), then the attributes copied in."""
        state._forwarding = [player for player, _ in self.moves]
        state._forwarded = 0
        try:
            for _, action in self.moves:
                state.apply_action(action)
        finally:
            state._forwarding = None
        for name, value in self.attributes.items():
            setattr(state, name, copy.deepcopy(value))
        return state


def _replay(state: ThreeThirteenState, rounds: list[Any], start: tuple[int, int]) -> bool:
    """Play a record's ``rounds`` on ``state`` through the OpenSpiel API, from round
    ``start[0]``'s entry ``start[1]`` of its actions (-1: its deal first): with
    ``chance="cards"`` every card of every deal and reshuffle, and each action's
    index in the view of its player. Whether every action played was the record's
    for certain: a going out's index leaves its melds to the engine, which may lay
    others than the record's (then only the replay's record can tell)."""
    exact = True
    by_card = state._config.by_card
    players = state._config.players
    first, done = start
    for number in range(first, len(rounds)):
        data = rounds[number]
        skip = done if number == first else -1
        if by_card and skip < 0:
            for code in _deal_codes(data, players):
                state.apply_action(code)
        for entry in data["actions"][max(skip, 0) :]:
            if entry["type"] == "reshuffle":
                if by_card:
                    for card in entry["stock"]:
                        state.apply_action(Card.parse(card).code)
                continue
            engine = state._engine
            assert engine is not None
            action = Action.from_dict(entry)
            indexed = _indexed(action)
            view = engine.view()
            index = action_to_index(indexed, view)
            exact = (
                exact
                and indexed is action
                and index_to_action(index, view, engine.legal()) == action
            )
            state.apply_action(index)
    return exact


_ROUND_IN_PLAY = ("number", "dealer", "wild", "cards_dealt", "deal")
"""What a round record in play keeps as it goes on (its actions grow; its end, void
and scores come at its end)."""


def _resume_point(done: list[Any], rounds: list[Any]) -> tuple[int, int] | None:
    """Where a replay of ``rounds`` goes on from a replay of ``done``: ``(round,
    entry)``, or ``None`` when ``rounds`` does not go on from ``done``."""
    last = len(done) - 1
    if last >= len(rounds) or done[:last] != rounds[:last]:
        return None
    was, now = done[last], rounds[last]
    if was == now:
        return last, len(now["actions"])
    played = len(was["actions"])
    if (
        was["end"] is not None
        or any(was[key] != now[key] for key in _ROUND_IN_PLAY)
        or now["actions"][:played] != was["actions"]
    ):
        return None
    return last, played


def _replayed_past(table: ThreeThirteenGame, record: dict[str, Any]) -> ThreeThirteenState:
    """A state that plays ``record`` (any record) by its exact actions, outside the
    OpenSpiel API: its rounds before (``_past``) are the record's, its ``history()``
    is empty. The engine deals from the record's seed, or (a record without one)
    from the record's cards, given to a state of the table dealt card by card."""
    seed = record["seed"]
    config = table.config
    if isinstance(seed, int):
        state = ThreeThirteenState(table)
        state._counts = None
        state._sampled = True  # (the engine deals and reshuffles by itself)
        state._engine = _Engine(
            Game(config.rules, config.players, seed=seed, max_turns=config.max_turns)
        )
    else:
        by_card = ThreeThirteenGame({**table.get_parameters(), "chance": "cards"})
        state = ThreeThirteenState(by_card)
    for data in record["rounds"]:
        if state._counts is not None:
            for code in _deal_codes(data, config.players):
                state._deal_card(code)
        for entry in data["actions"]:
            if entry["type"] != "reshuffle":
                state._play(Action.from_dict(entry))
            elif state._counts is not None:
                for card in entry["stock"]:
                    state._deal_card(Card.parse(card).code)
    return state


def _indexed(action: Action) -> Action:
    """``action`` as an action index gives it: a going out without its melds (the
    engine lays its best melding)."""
    if isinstance(action, DiscardCard) and action.melds is not None:
        return dataclasses.replace(action, melds=None)
    return action


def _deal_codes(data: dict[str, Any], players: int) -> list[int]:
    """A round record's deal in the order the chance nodes deal it: the hands one
    card at a time from the dealer's left, the upcard, the stock from its top."""
    deal = data["deal"]
    hands, dealer = deal["hands"], data["dealer"]
    order = [
        hands[(dealer + 1 + position) % players][position // players]
        for position in range(data["cards_dealt"] * players)
    ]
    order += [deal["upcard"], *deal["stock"]]
    return [Card.parse(card).code for card in order]


def _finished_round(
    seen: Sequence[PlayerView | None],
    last: PlayerView,
    action: Any,
    scores: Sequence[int] | None,
) -> tuple[str, tuple[str, ...]]:
    """A finished round as its players saw it, from each player's latest view of it
    and the action that ended it (taken from ``last``, the mover's view before
    it): its public part and each player's own part (the hand dealt, the draws from
    the stock), as compact JSON with sorted keys; ``scores``: the round's (``None``:
    a void round)."""
    data = last.to_dict()
    history = [*data["history"], {"player": last.player, **_indexed(action).to_dict()}]
    public = {
        "round": last.round,
        "dealer": last.dealer,
        "wild": data["wild"],
        "upcard": data["upcard"],
        "history": history,
        "false_outs": data["false_outs"],
        "scores": None if scores is None else list(scores),
    }
    owns = tuple(
        _json(
            {
                "dealt_hand": [str(card) for card in view.dealt_hand],
                "stock_draws": [str(card) for card in view.stock_draws],
            }
            if view is not None
            else None
        )
        for view in seen
    )
    return _json(public), owns


def _json(data: object) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


_HISTORY_PLANES = 53 + 2
"""Per player in the information-state tensor: cards discarded this round (counts
per card code), draws from the stock and from the discard piles."""


class ThreeThirteenObserver:
    """OpenSpiel's Python observer for one table: ``tensor`` (a flat float32 vector)
    and ``dict`` (its named pieces), ``set_from(state, player)`` and
    ``string_from(state, player)``.

    The observation piece is :func:`threethirteen.adapters.spaces.encode_observation`. With
    ``perfect_recall`` (the information state) a ``history`` piece follows: for
    each player, counting from the observer (0 is the observer, 1 the next player
    clockwise...), the cards they discarded this round (counts by card code, 53
    columns), their draws from the stock and their draws from a discard pile: a
    summary of this round, not perfect recall (the game's type says it provides no
    information-state tensor). The information-state string has perfect recall.

    :raises GameError: for observation types other than a single player's private
        and public information, or for observer parameters (there are none).
    """

    def __init__(
        self, config: _Config, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> None:
        if params:
            raise GameError(f"the observer takes no parameters, not {quote(params)}")
        self.perfect_recall = False
        if iig_obs_type is not None:
            if (
                not iig_obs_type.public_info
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            ):
                raise GameError(
                    "python_threethirteen observes a single player's private and public"
                    " information only"
                )
            self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self._players = config.players
        size = observation_shape(config.rules, config.players)[0]
        pieces: list[tuple[str, tuple[int, ...]]] = [("observation", (size,))]
        if self.perfect_recall:
            pieces.append(("history", (config.players, _HISTORY_PLANES)))
        total = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor = np.zeros(total, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        start = 0
        for name, shape in pieces:
            end = start + int(np.prod(shape))
            self.dict[name] = self.tensor[start:end].reshape(shape)
            start = end

    def set_from(self, state: ThreeThirteenState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` may know of ``state``."""
        self.tensor.fill(0)
        view = state.view(player)
        if view is None:
            return
        encode_observation(view, out=self.dict["observation"])
        if self.perfect_recall:
            history = self.dict["history"]
            players = self._players
            for mover, action in view.history:
                if mover < 0:
                    continue
                row = history[(mover - player) % players]
                if isinstance(action, DiscardCard):
                    row[action.card.code] += 1
                elif isinstance(action, DrawStock):
                    row[53] += 1
                elif isinstance(action, DrawDiscard):
                    row[54] += 1

    def string_from(self, state: ThreeThirteenState, player: int) -> str:
        """The observation: the view as compact JSON with sorted keys, without the
        round's history and what the player remembers of it (their hand as dealt,
        their draws from the stock). The information state (perfect recall):
        ``{"past": [...], "view": ...}``, each finished round as the player saw it
        (``{"own": {"dealt_hand", "stock_draws"}, "public": {"round", "dealer",
        "wild", "upcard", "history", "false_outs", "scores"}}``, ``scores`` null
        for a void round) and the whole view."""
        engine = state._engine
        if engine is None or state._counts is not None:
            past = ""
            if self.perfect_recall and state._past:
                past = ", after " + _past_json(state._past, player)
            return f"player {player}: dealing{past}"
        key = (self.perfect_recall, player)
        text = engine.strings.get(key)
        if text is None:
            data = engine.game.view(player).to_dict()
            if not self.perfect_recall:
                for name in ("history", "false_outs", "dealt_hand", "stock_draws"):
                    del data[name]
                text = _json(data)
            else:
                text = f'{{"past":{_past_json(state._past, player)},"view":{_json(data)}}}'
            engine.strings[key] = text
        return text


def _past_json(past: Sequence[tuple[str, Sequence[str]]], player: int) -> str:
    """The finished rounds as ``player`` saw them, as a JSON list."""
    rounds = ",".join(f'{{"own":{owns[player]},"public":{public}}}' for public, owns in past)
    return f"[{rounds}]"


def load_game(
    rules: str = "pagat",
    players: int = 2,
    variations: Sequence[str] | str = (),
    max_turns: int = 200,
    rewards: str = "game",
    chance: str = "seed",
    reward_scale: float = 1.0,
) -> Any:
    """The registered game for a table, through ``pyspiel.load_game``.

    :param variations: variation names (``"false-out=20"`` or ``"false-out:20"``), or
        one string of them joined by ``+``.

    >>> game = load_game("family", players=3, max_turns=50)
    >>> str(game)  # doctest: +ELLIPSIS
    'python_threethirteen(chance=seed,max_turns=50,players=3,...,rules=family,variations=)'
    """
    if not isinstance(variations, str):
        variations = "+".join(str(name).replace("=", ":") for name in variations)
    return pyspiel.load_game(
        SHORT_NAME,
        {
            "rules": rules,
            "players": players,
            "variations": variations,
            "max_turns": max_turns,
            "rewards": rewards,
            "chance": chance,
            # (OpenSpiel's parameter is a float: an int is taken as one)
            "reward_scale": float(reward_scale)
            if isinstance(reward_scale, int) and not isinstance(reward_scale, bool)
            else reward_scale,
        },
    )


pyspiel.register_game(_GAME_TYPE, ThreeThirteenGame)
