"""A PettingZoo environment: Three Thirteen for any rules and player count, as an
AEC (agent-environment cycle) game, one agent per seat.

Needs PettingZoo (``pip install '.[pettingzoo]'``, 1.24 or later); it is
not imported by ``import threethirteen``. :func:`env` gives the environment wrapped
as PettingZoo's classic games are (an illegal action ends the game with a penalty
for the agent that took it; an action outside the action space fails an assert;
the calls must come in order); :class:`raw_env` is the bare environment.

Agents are ``"player_0"`` ... ``"player_{n-1}"`` (seat ``i`` of the
:class:`~threethirteen.Game`). Each observation is a dict: ``"observation"``, the
flat float32 vector of :func:`threethirteen.adapters.spaces.encode_observation` of the
agent's :class:`~threethirteen.PlayerView` (only what that player may know), and
``"action_mask"``, int8, 1 for each action index the agent may take now (all 0
when it is not the agent's turn). Actions are the indexes of
:mod:`threethirteen.adapters.spaces`.

Rewards are in the game's points (lower scores are better, so a reward is minus a
score, and a positive zero-sum reward means the agent is ahead): with
``reward="round"`` (the default) every agent is rewarded at the end of each scored
round; with ``reward="game"`` once, when the game ends (early games run to tens
of thousands of steps: a learner rewarded once a game hardly learns).
``zero_sum=True`` gives each agent the mean of the other players' scores less
its own (the rewards add up to 0); ``zero_sum=False`` gives minus its own score.
The rewards of the rounds add up to the reward of the game. ``reward_scale``
multiplies every reward (1, the default: points, up to about a hundred a round;
0.01: about -1 to 1 a round). For learning, use ``reward_scale=0.01``.

:func:`bot_action` gives the action index a built-in bot (or any bot) would take
for the agent to move, to seat a bot against a learner.

The observation ``Box``'s bounds are
:func:`threethirteen.adapters.spaces.observation_bounds` for the rules and ``max_turns``:
every observation lies within them.

>>> from threethirteen.adapters.envs import env
>>> game_env = env("pagat", players=2)
>>> game_env.reset(seed=42)
>>> game_env.agent_selection
'player_1'
>>> observation, reward, termination, truncation, info = game_env.last()
>>> observation["observation"].dtype, observation["action_mask"].sum()
(dtype('float32'), np.int64(2))
>>> game_env.step(int(observation["action_mask"].argmax()))  # the first legal action
>>> game_env.unwrapped.game.phase
'play'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal, NoReturn

import numpy as np

try:
    from gymnasium import spaces as gym_spaces
    from pettingzoo import AECEnv  # type: ignore[import-untyped]
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
    from pettingzoo.utils.env_logger import EnvLogger  # type: ignore[import-untyped]
except ModuleNotFoundError as error:  # an optional extra
    raise ModuleNotFoundError(
        f"threethirteen.adapters.envs needs PettingZoo ({error.name} is missing):"
        " pip install 'threethirteen[pettingzoo]'",
        name=error.name,
    ) from error

from .._validate import as_index, quote
from ..arena.referee import listed_action, raise_decision_fault
from ..bots.builtin import Bot, bot_name
from ..engine.actions import Action
from ..engine.game import Game, PlayerView
from ..errors import GameError
from ..hands.rules import Rules, RulesLike
from . import spaces

__all__ = ["RENDER_MODES", "bot_action", "env", "raw_env"]

RENDER_MODES = ("human", "ansi", "rgb_array")
"""The render modes (``render_mode=None`` renders nothing)."""

Reward = Literal["game", "round"]
_Mover = tuple[Game, int, PlayerView, list[Action], dict[int, Action], bytearray]
"""The player to move's state, kept until the next action: the game, the seat, the
view, the legal actions, the legal action of each index (the first with it), the
mask's bytes (copied into each observation)."""


def env(
    rules: RulesLike = "pagat",
    players: int = 2,
    *,
    reward: Reward = "round",
    zero_sum: bool = True,
    variations: Iterable[str] = (),
    max_turns: int | None = None,
    render_mode: str | None = None,
    illegal_reward: float | None = None,
    reward_scale: float = 1.0,
    features: bool = False,
) -> Any:
    """The environment, wrapped as PettingZoo's classic games are: an illegal action
    ends the game for everyone, with ``illegal_reward`` for the agent that took it
    and 0 for the others (``TerminateIllegalWrapper``); an action outside the
    action space fails an assert (an action that is no int at all, ``True`` or
    ``1.0``, is refused with :class:`~threethirteen.GameError`, as :class:`raw_env`
    refuses it); the calls must come in order (``reset`` first).
    It is one wrapper (an ``OrderEnforcingWrapper``) that behaves as PettingZoo's
    ``OrderEnforcingWrapper(AssertOutOfBoundsWrapper(TerminateIllegalWrapper(...)))``,
    with the same checks, messages and warnings, but whose attributes read at every
    step do not pass through three ``__getattr__``.

    :param illegal_reward: ``None``: minus a bound on the points a player's cards can
        cost in the game (``reward="game"``) or in a round (``reward="round"``),
        :func:`threethirteen.adapters.spaces.worst_loss`: for each round, one card more than
        dealt, each at the rules' highest penalty, doubled under ``doubles``, times
        ``reward_scale``; so an illegal action never pays.

    The other parameters are those of :class:`raw_env`.

    >>> game_env = env("family", players=4, variations=["jokers"], reward="round")
    >>> game_env.reset(seed=1)
    >>> game_env.possible_agents
    ['player_0', 'player_1', 'player_2', 'player_3']
    """
    bare = raw_env(
        rules,
        players,
        reward=reward,
        zero_sum=zero_sum,
        variations=variations,
        max_turns=max_turns,
        render_mode=render_mode,
        reward_scale=reward_scale,
        features=features,
    )
    if illegal_reward is None:
        illegal_reward = -float(spaces.worst_loss(bare.rules, reward)) * bare.reward_scale
    return _ClassicWrapper(bare, illegal_reward)


class _ClassicWrapper(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's three wrappers of its classic games in one:
    ``OrderEnforcingWrapper(AssertOutOfBoundsWrapper(TerminateIllegalWrapper(env,
    illegal_reward)))``, with the same checks, messages, warnings and results, at
    the cost of one wrapper: the attributes read at every step (``agent_selection``,
    ``rewards``, ``terminations``, ...) are properties that go straight to the
    environment instead of through three ``__getattr__``.

    >>> game_env = _ClassicWrapper(raw_env("pagat", 2), illegal_reward=-1.0)
    >>> game_env.agent_selection
    Traceback (most recent call last):
    ...
    AttributeError: agent_selection cannot be accessed before reset
    >>> game_env.reset(seed=2)
    >>> game_env.step(4)  # an index that is no legal action: the game ends
    >>> game_env.rewards, game_env.terminations["player_0"]
    ({'player_0': 0, 'player_1': -1.0}, True)
    """

    def __init__(self, env: raw_env, illegal_reward: float) -> None:
        super().__init__(env)
        self._illegal_value = illegal_reward
        self._prev_obs: dict[str, np.ndarray] | None = None
        self._prev_info: dict[str, Any] | None = None
        self._terminated = False  # terminated by an illegal move

    def _checked(self, name: str) -> Any:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)

    @property
    def agent_selection(self) -> str:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.agent_selection  # type: ignore[no-any-return]

    @property
    def agents(self) -> list[str]:
        return self._checked("agents")  # type: ignore[no-any-return]

    @property
    def num_agents(self) -> int:
        return self._checked("num_agents")  # type: ignore[no-any-return]

    @property
    def rewards(self) -> dict[str, float]:
        return self._checked("rewards")  # type: ignore[no-any-return]

    @property
    def terminations(self) -> dict[str, bool]:
        if not self._has_reset:
            raise AttributeError("terminations cannot be accessed before reset")
        return self.env.terminations  # type: ignore[no-any-return]

    @property
    def truncations(self) -> dict[str, bool]:
        if not self._has_reset:
            raise AttributeError("truncations cannot be accessed before reset")
        return self.env.truncations  # type: ignore[no-any-return]

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        if not self._has_reset:
            raise AttributeError("infos cannot be accessed before reset")
        return self.env.infos  # type: ignore[no-any-return]

    @property
    def _cumulative_rewards(self) -> dict[str, float]:
        return self.env._cumulative_rewards  # type: ignore[no-any-return]

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        bare = self.env
        agent = bare.agent_selection
        observation = self.observe(agent) if observe else None
        return (
            observation,
            bare._cumulative_rewards[agent],
            bare.terminations[agent],
            bare.truncations[agent],
            bare.infos[agent],
        )

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._has_reset = True
        self._has_updated = True
        self._terminated = False
        self._prev_obs = None
        self._prev_info = None
        self.env.reset(seed=seed, options=options)

    def observe(self, agent: str) -> Any:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        bare = self.env
        observation = bare.observe(agent)
        if agent == bare.agent_selection:
            self._prev_obs = observation
            self._prev_info = bare.infos.get(agent, {})
        return observation

    def step(self, action: int | None) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        bare = self.env
        if not bare.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
            return
        self._has_updated = True
        # AssertOutOfBoundsWrapper
        agent = bare.agent_selection
        done = bare.terminations[agent] or bare.truncations[agent]
        if action is None:
            if not done:
                raise AssertionError("action is not in action space")
        elif type(action) is not int:  # True, 1.0, "x": no index (numpy integers are)
            action = as_index(action, "an action index", GameError)
        if (
            action is not None
            and not (
                type(action) is int and 0 <= action < bare._action_count  # (the common case)
            )
            and not bare.action_space(agent).contains(action)
        ):
            raise AssertionError("action is not in action space")
        # TerminateIllegalWrapper
        if self._prev_obs is None:
            self.observe(agent)
        assert self._prev_obs is not None
        mask = self._prev_obs["action_mask"]
        self._prev_obs = None
        self._prev_info = None
        if self._terminated and done:
            bare._was_dead_step(action)
        elif not done and not mask[action]:
            EnvLogger.warn_on_illegal_move()
            bare._cumulative_rewards[agent] = 0
            bare.terminations = dict.fromkeys(bare.agents, True)
            bare.truncations = dict.fromkeys(bare.agents, True)
            bare.rewards = dict.fromkeys(bare.truncations, 0)
            bare.rewards[agent] = float(self._illegal_value)
            bare._accumulate_rewards()
            bare._deads_step_first()
            self._terminated = True
        else:
            bare.step(action)

    def __str__(self) -> str:
        return str(self.env)


def _agent_name(seat: int) -> str:
    """The agent of a seat: ``"player_0"`` for seat 0.

    >>> _agent_name(3)
    'player_3'
    """
    return f"player_{seat}"


class raw_env(AECEnv):  # type: ignore[misc]
    """Three Thirteen as a PettingZoo AEC environment, unwrapped (see :func:`env`).

    :param rules: a preset name or a :class:`~threethirteen.Rules`.
    :param players: the number of players (agents).
    :param reward: ``"game"``: rewards when the game ends; ``"round"``: at the end
        of each scored round.
    :param zero_sum: rewards that add up to 0 (the mean of the others' scores less
        one's own), or minus one's own score.
    :param variations: variation names, with a preset name.
    :param max_turns: the game's turn limit per round (``None``: the real rules;
        random agents may play a round for long).
    :param reward_scale: a positive number the rewards (in points) are multiplied by.
    :param features: append the analysis features
        (:func:`threethirteen.adapters.spaces.encode_features`: each discard's
        score left and outlook, each draw's) to the ``"observation"`` vector.
    :param render_mode: ``"ansi"`` (:meth:`render` returns the view of the agent to
        move as text: its hand, the others' hand sizes and known cards, the piles,
        the table, the totals), ``"human"`` (:meth:`render` prints it, and every
        step renders) or ``"rgb_array"`` (:meth:`render` returns a picture of that
        view, :func:`threethirteen.adapters.spaces.view_picture`).
    :raises GameError: for a bad reward, reward scale or render mode, or a table the
        rules cannot deal.
    :raises InvalidRulesError: for unknown rules or variations.

    ``reset(seed=s)`` deals ``Game(rules, players, seed=s, ...)``; a reset without
    a seed deals a game whose seed is drawn from the generator of the last seeded
    reset (or a fresh one). :attr:`game` is the game in play (read it; change it
    only through :meth:`step`).

    >>> game_env = raw_env("pagat", players=3, reward="round")
    >>> game_env.reset(seed=7)
    >>> game_env.game.seed, game_env.agent_selection, game_env.num_agents
    (7, 'player_1', 3)
    >>> game_env.observation_space("player_0")["action_mask"]
    Box(0, 1, (108,), int8)
    """

    metadata = {  # noqa: RUF012 (PettingZoo's class attribute)
        "name": "threethirteen_v0",
        "is_parallelizable": False,
        "render_modes": list(RENDER_MODES),
        "render_fps": 4,
    }

    game: Game
    """The game in play."""
    rules: Rules
    """The rules (with the variations)."""
    agents: list[str]
    possible_agents: list[str]
    agent_selection: str
    rewards: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    infos: dict[str, dict[str, Any]]
    _cumulative_rewards: dict[str, float]

    def __init__(
        self,
        rules: RulesLike = "pagat",
        players: int = 2,
        *,
        reward: Reward = "round",
        zero_sum: bool = True,
        variations: Iterable[str] = (),
        max_turns: int | None = None,
        render_mode: str | None = None,
        reward_scale: float = 1.0,
        features: bool = False,
    ) -> None:
        super().__init__()
        if reward not in ("game", "round"):
            raise GameError(f"a reward is 'game' or 'round', not {quote(reward)}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise GameError(
                f"a render mode is 'human', 'ansi', 'rgb_array' or None, not {quote(render_mode)}"
            )
        variations = tuple(variations)
        self.game = Game(rules, players, seed=0, variations=variations, max_turns=max_turns)
        self.rules = self.game.rules
        self.players = self.game.players
        self.max_turns = max_turns
        self.reward = reward
        self.zero_sum = bool(zero_sum)
        self.render_mode = render_mode
        self.reward_scale = spaces.reward_scale(reward_scale)
        self.possible_agents = [_agent_name(seat) for seat in range(self.players)]
        self.agents = self.possible_agents[:]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.features = bool(features)
        count = spaces.action_count(self.rules, self.players)
        low, high = spaces.observation_box(self.rules, self.players, max_turns, self.features)
        shape = low.shape
        self.observation_spaces = {
            agent: gym_spaces.Dict(
                {
                    "observation": gym_spaces.Box(low, high, shape, np.float32),
                    "action_mask": gym_spaces.Box(0, 1, (count,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: gym_spaces.Discrete(count) for agent in self.possible_agents}
        self._action_count = count
        self._rng: np.random.Generator | None = None
        self._mover: _Mover | None = None
        self._start(None)

    # -- the PettingZoo API ----------------------------------------------------

    def observation_space(self, agent: str) -> Any:
        """The agent's observation space (the same object at every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """The agent's action space: ``Discrete(spaces.action_count(...))``."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: with ``seed``, ``Game(..., seed=seed)``."""
        self._start(seed)  # a bad seed fails here, with the library's error
        if seed is not None:
            self._rng = np.random.default_rng(seed)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's observation: ``{"observation": ..., "action_mask": ...}``."""
        seat = self._seats[agent]
        game = self.game
        if seat == game.to_move:
            mover = self._mover
            if mover is None or mover[0] is not game or mover[1] != seat:
                mover = self._mover_state()
            view = mover[2]
            mask = np.frombuffer(bytearray(mover[5]), np.int8)  # the caller's to change
        else:
            view = game.view(seat)
            mask = np.zeros(self._action_count, np.int8)
        return {"observation": spaces.observation_vector(view, self.features), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """The agent to move takes the action with index ``action``.

        :raises IllegalActionError: for an index no legal action has (the wrapped
            :func:`env` ends the game instead, with a penalty).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        mover = self._mover
        if mover is None or mover[0] is not game or mover[1] != game.to_move:
            mover = self._mover_state()
        if action is None:
            raise GameError(f"{agent} is playing: an action is an index, not None")
        chosen = mover[4].get(action) if type(action) is int else None
        if chosen is None:  # (not a legal index: the library's error, saying why)
            index = as_index(action, "an action index", GameError)
            chosen = spaces.index_to_action(index, mover[2], mover[3])
        by_round = self.reward == "round"
        rounds = len(game.round_scores) if by_round else 0
        game.apply(chosen)
        self._mover = None
        self._cumulative_rewards[agent] = 0
        over = game.is_over
        scores: Sequence[int] | None = None
        if by_round:
            scored = game.round_scores
            if len(scored) > rounds:  # (one round an action, but every one is paid)
                scores = [sum(column) for column in zip(*scored[rounds:], strict=True)]
        elif over:
            scores = game.totals
        rewards = self.rewards
        if scores is not None:
            values = spaces.score_rewards(scores, self.zero_sum)
            scale = self.reward_scale
            self.rewards = {name: values[seat] * scale for name, seat in self._seats.items()}
            self._accumulate_rewards()
        elif any(rewards.values()):  # (else all 0 already: nothing to clear or add)
            self._clear_rewards()
        if over:
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[game.to_move]  # type: ignore[index]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | np.ndarray | None:
        """The view of the agent to move as text: returned (``"ansi"``) or printed
        (``"human"``); or as a picture, an RGB array (``"rgb_array"``)."""
        if self.render_mode is None:
            return None
        view = self.game.view(self._seats[self.agent_selection])
        if self.render_mode == "rgb_array":
            return spaces.view_picture(view)
        text = spaces.view_text(view)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    # -- the game ----------------------------------------------------------------

    def _start(self, seed: int | None) -> None:
        if seed is None:
            rng = self._rng if self._rng is not None else np.random.default_rng()
            self._rng = rng
            seed = int(rng.integers(0, 2**63))
        self.game = Game(self.rules, self.players, seed=seed, max_turns=self.max_turns)
        self._mover = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        assert self.game.to_move is not None
        self.agent_selection = self.possible_agents[self.game.to_move]

    def _mover_state(self) -> _Mover:
        """The state of the player to move (see ``_Mover``), kept until the next
        action (for the game in :attr:`game`)."""
        game = self.game
        mover = self._mover
        if mover is None or mover[0] is not game or mover[1] != game.to_move:
            seat = game.to_move
            assert seat is not None
            view = game.view(seat)
            legal = game.legal_actions()
            indices = spaces.action_indices(view, legal)
            # the first legal action of each index: the reversed pairs, the first last
            by_index = dict(zip(reversed(indices), reversed(legal), strict=True))
            flags = bytearray(self._action_count)
            for index in indices:
                flags[index] = 1
            mover = self._mover = (game, seat, view, legal, by_index, flags)
        return mover


def bot_action(game_env: Any, bot: Bot) -> int:
    """The action index ``bot`` chooses for the agent to move in ``game_env`` (the
    wrapped :func:`env` or a :class:`raw_env`): the bot is given the agent's view
    and the legal actions, as in :func:`threethirteen.play`, and its choice is
    translated by :func:`threethirteen.adapters.spaces.action_to_index`. Seat a
    built-in bot against a learner with it: ``bot = make_bot("greedy", seed=0)``,
    then ``game_env.step(bot_action(game_env, bot))`` at the bot's agent's turns.

    :param bot: a bot object (anything with ``act(view, legal_actions)``, such as
        :func:`threethirteen.make_bot` gives).
    :raises GameError: when the game is over (no agent is to move).
    :raises BotError: when the bot raises (anything but ``KeyboardInterrupt``) or
        chooses anything that is not one of the legal actions: the referee's error,
        naming the bot, the seat, the round and the turn (the bot's own exception
        chained), as :func:`threethirteen.play` raises it.

    >>> import threethirteen as tt
    >>> game_env = env("pagat", players=2, reward="round", reward_scale=0.01)
    >>> game_env.reset(seed=42)
    >>> greedy = tt.make_bot("greedy", seed=0)
    >>> index = bot_action(game_env, greedy)
    >>> game_env.last()[0]["action_mask"][index]
    np.int8(1)
    >>> game_env.step(index)
    """
    bare = game_env.unwrapped
    game: Game = bare.game
    seat = game.to_move
    if seat is None:
        raise GameError("the game is over: no agent is to move")
    view = game.view(seat)
    legal = game.legal_actions()
    try:
        choice: object = bot.act(view, list(legal))
    except KeyboardInterrupt:  # (a person's Ctrl-C, most likely: it stops the run)
        raise
    except BaseException as error:  # the bot's, SystemExit included, as the referee's
        _fault(game, seat, bot, error=error)
    action = listed_action(choice, legal)
    if action is None:
        _fault(game, seat, bot, choice=choice)
    return spaces.action_to_index(action, view)


def _fault(
    game: Game, seat: int, bot: Bot, *, error: BaseException | None = None, choice: object = None
) -> NoReturn:
    """Raise the referee's :class:`~threethirteen.BotError` for the bot's decision,
    which raised ``error`` or returned ``choice``, on a copy of the game."""
    labels = [
        bot_name(bot) if other == seat else _agent_name(other) for other in range(game.players)
    ]
    raise_decision_fault(game.clone(), labels, error=error, choice=choice)
