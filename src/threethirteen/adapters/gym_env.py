"""A Gymnasium environment: one seat of a Three Thirteen game, the other seats played
by built-in bots (or any bots the caller gives).

A reward is positive when the learner is ahead: with the default ``zero_sum=True``
it is the others' (mean) score less the learner's, in points (lower scores are
better). The recommended setting for learning is ``reward="round"`` and
``reward_scale=0.01``: a reward for every round, about -1 to 1 (an illegal action
then costs -1.4 in pagat).

Needs Gymnasium (``pip install '.[gymnasium]'``, 1.0 or later); it is not
imported by ``import threethirteen``. Importing this module registers the
environment as ``"threethirteen/ThreeThirteen-v0"`` (:func:`register`), so
``gymnasium.make("threethirteen.adapters.gym_env:threethirteen/ThreeThirteen-v0")`` works
without importing it first.

An observation is a dict: ``"observation"``, the flat float32 vector of
:func:`threethirteen.adapters.spaces.encode_observation` of the learner's
:class:`~threethirteen.PlayerView`, and ``"action_mask"``, int8, 1 for each action
index legal now (also in ``info["action_mask"]``); with ``mask_in_observation=False``
the observation is the vector alone (a ``Box``: for a policy that should not take
the mask as an input, such as sb3-contrib's ``MaskablePPO`` with ``"MlpPolicy"``),
the mask in ``info`` and :meth:`~ThreeThirteenEnv.action_masks` only. Through
``gymnasium.make``'s wrappers, :meth:`~ThreeThirteenEnv.action_masks` is
``env.unwrapped.action_masks()`` or ``env.get_wrapper_attr("action_masks")()``.
An action is an index of :mod:`threethirteen.adapters.spaces`. An index no legal
action has ends the episode at once with ``illegal_reward`` and
``info["illegal_action"]`` set to it (so that Gymnasium's checker, which steps with
unmasked random actions, can run); an index outside the action space raises
:class:`~threethirteen.GameError`.

Rewards are in the game's points times ``reward_scale`` (1 by default; 0.01 puts
a round's reward in about -1 to 1), as in :mod:`threethirteen.adapters.envs`: with
``reward="game"`` once, when the game ends; with ``reward="round"`` (the default)
for every scored round, paid at the learner's next step (the bots' actions may end a round,
even during :meth:`~ThreeThirteenEnv.reset`: the reward of a step counts every
round scored and not yet paid), so that an episode's rewards add up to the game's
reward. ``zero_sum=True`` gives the mean of the others' scores less the learner's;
``zero_sum=False`` minus the learner's score.

The bots' choices are checked as the arena's referee checks them
(:mod:`threethirteen.arena.referee`), and a bot's fault is the referee's, as in
:func:`threethirteen.play`: a bot that raises (anything but ``KeyboardInterrupt``,
which stops the run), or returns anything that is not one of the legal actions,
raises :class:`~threethirteen.BotError` from
:meth:`~ThreeThirteenEnv.reset` or :meth:`~ThreeThirteenEnv.step`, its message
naming the bot, its seat, the round and the turn (the bot's own exception
chained), and ends the episode.

The render modes are ``"ansi"`` (the learner's view as text), ``"human"`` (that
text printed at every reset and step) and ``"rgb_array"`` (a picture of the table,
:func:`threethirteen.adapters.spaces.view_picture`: a ``(height, width, 3)`` uint8
array, drawn with numpy alone), as stable-baselines3's ``make_vec_env`` asks.
A bare environment has a :attr:`~ThreeThirteenEnv.spec` (the id and its
arguments), as ``gymnasium.make`` gives one, so that Gymnasium's checker can
make it again in every render mode.

The observation ``Box``'s bounds are
:func:`threethirteen.adapters.spaces.observation_bounds` for the rules and ``max_turns``:
every observation lies within them.

>>> from threethirteen.adapters.gym_env import ThreeThirteenEnv
>>> env = ThreeThirteenEnv("pagat", players=2, opponents=["greedy"])
>>> observation, info = env.reset(seed=42)
>>> env.game.to_move, observation["action_mask"].sum()
(0, np.int64(2))
>>> observation, reward, terminated, truncated, info = env.step(
...     int(observation["action_mask"].argmax()))
>>> env.game.phase, reward, terminated
('play', 0.0, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal, NoReturn, SupportsIndex

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces as gym_spaces
    from gymnasium.envs.registration import EnvSpec
except ModuleNotFoundError as error:  # an optional extra
    raise ModuleNotFoundError(
        f"threethirteen.adapters.gym_env needs Gymnasium ({error.name} is missing):"
        " pip install 'threethirteen[gymnasium]'",
        name=error.name,
    ) from error

from .._validate import as_index, quote
from ..arena.referee import listed_action, raise_decision_fault
from ..bots.builtin import Bot, BotSpec, bot_name, make_bot
from ..engine.actions import Action
from ..engine.game import Game, PlayerView
from ..errors import BotError, GameError
from ..hands.rules import Rules, RulesLike
from . import spaces

__all__ = ["ENV_ID", "LEARNER", "RENDER_MODES", "ThreeThirteenEnv", "register"]

ENV_ID = "threethirteen/ThreeThirteen-v0"
"""The environment's id in Gymnasium's registry."""

RENDER_MODES = ("human", "ansi", "rgb_array")
"""The render modes (``render_mode=None`` renders nothing)."""

Reward = Literal["game", "round"]
Observation = Any
"""A dict (``{"observation": ..., "action_mask": ...}``) or, with
``mask_in_observation=False``, the vector alone."""
_Turn = tuple[Game, PlayerView, list[Action], np.ndarray, dict[int, Action]]
"""The learner's turn: the game, the view, the legal actions, the mask and the legal
action of each index (the first with it)."""


LEARNER = "learner"
"""The label of the learner's seat (the bots are labelled by :func:`threethirteen.bot_name`)."""


def _labels(seat: int, players: int, opponents: Sequence[BotSpec]) -> tuple[str, ...]:
    """Each seat's label: the learner's :data:`LEARNER`, each bot's name, then
    ``name#2``, ``name#3``... for the same name again (as :func:`threethirteen.play`
    labels its bots)."""
    names = iter(opponents)
    labels: list[str] = []
    seen: dict[str, int] = {}
    for other in range(players):
        if other == seat:
            labels.append(LEARNER)
            continue
        name = bot_name(next(names))
        seen[name] = seen.get(name, 0) + 1
        labels.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return tuple(labels)


def register() -> None:
    """Register :class:`ThreeThirteenEnv` with Gymnasium as :data:`ENV_ID` (once;
    importing this module does it).

    >>> import gymnasium
    >>> register()
    >>> env = gymnasium.make(ENV_ID, players=3, opponents=["greedy", "random"])
    >>> env.unwrapped.players
    3
    """
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:ThreeThirteenEnv")


class ThreeThirteenEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of a Three Thirteen game as a Gymnasium environment; bots play the
    other seats. A positive reward means the learner is ahead (see the module's
    description); ``reward="round", reward_scale=0.01`` is the setting to learn with.

    :param rules: a preset name or a :class:`~threethirteen.Rules`.
    :param players: the number of players.
    :param opponents: the bots of the other seats, as :func:`threethirteen.make_bot`
        takes them (names, classes taking ``seed=``, bot objects or functions): one
        for every other seat, or one per other seat in seat order. Bots made here
        are seeded from the generator of :meth:`reset`.
    :param seat: the learner's seat.
    :param reward: ``"game"`` or ``"round"`` (see the module's description).
    :param zero_sum: relative rewards (the others' mean less one's own score) or
        minus one's own score.
    :param variations: variation names, with a preset name.
    :param max_turns: the game's turn limit per round (``None``: the real rules).
    :param render_mode: ``"ansi"`` (:meth:`render` returns the learner's view as
        text), ``"human"`` (prints it at every reset and step) or ``"rgb_array"``
        (:meth:`render` returns a picture of the table as an RGB array).
    :param illegal_reward: the reward of an illegal action, which ends the episode;
        ``None``: minus a bound on the points the learner's cards can cost in the
        game (``reward="game"``) or in a round, times ``reward_scale``, so that it
        never pays.
    :param reward_scale: a positive number the rewards (in points) are multiplied
        by: 1 gives points (hundreds in a game), 0.01 about -1 to 1 a round.
    :param mask_in_observation: ``True``: the observation is a dict with the
        action mask; ``False``: the observation vector alone (a ``Box``).
    :param features: append the analysis features
        (:func:`threethirteen.adapters.spaces.encode_features`: each discard's
        score left and outlook, each draw's) to the observation vector.
    :raises GameError: for a bad seat, reward, reward scale, render mode or
        opponents, or a table the rules cannot deal.
    :raises InvalidRulesError: for unknown rules or variations.
    :raises InvalidBotError: for an unknown bot.

    ``reset(seed=s)`` deals ``Game(rules, players, seed=s, ...)`` and seeds the bots
    from a generator seeded with ``s``. :attr:`game` is the game in play (read it;
    change it only through :meth:`step`).

    >>> env = ThreeThirteenEnv("family", players=4, opponents=["greedy"], seat=2)
    >>> observation, info = env.reset(seed=3)
    >>> env.game.to_move, env.action_space.contains(int(info["action_mask"].argmax()))
    (2, True)
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012

    game: Game
    """The game in play."""
    rules: Rules
    """The rules (with the variations)."""

    def __init__(
        self,
        rules: RulesLike = "pagat",
        players: int = 2,
        opponents: BotSpec | Sequence[BotSpec] = ("random",),
        seat: int = 0,
        reward: Reward = "round",
        zero_sum: bool = True,
        variations: Iterable[str] = (),
        max_turns: int | None = None,
        render_mode: str | None = None,
        illegal_reward: float | None = None,
        reward_scale: float = 1.0,
        mask_in_observation: bool = True,
        features: bool = False,
    ) -> None:
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
        seat = as_index(seat, "a seat", GameError)
        if not 0 <= seat < self.players:
            raise GameError(f"no seat {quote(seat)}: seats are 0 to {self.players - 1}")
        self.seat = seat
        specs = (
            [opponents]
            if isinstance(opponents, str) or not isinstance(opponents, Sequence)
            else list(opponents)
        )
        others = self.players - 1
        if len(specs) == 1:
            specs *= others
        if len(specs) != others:
            raise GameError(
                f"give one opponent for every other seat, or {others}, not {len(specs)}:"
                f" {quote(opponents)}"
            )
        for spec in specs:  # an unknown bot fails here, not at the first reset
            make_bot(spec, seed=0)
        self.opponents: list[BotSpec] = specs
        self.reward = reward
        self.zero_sum = bool(zero_sum)
        self.render_mode = render_mode
        self.reward_scale = spaces.reward_scale(reward_scale)
        self.illegal_reward = (
            -float(spaces.worst_loss(self.rules, reward)) * self.reward_scale
            if illegal_reward is None
            else float(illegal_reward)
        )
        self.features = bool(features)
        count = spaces.action_count(self.rules, self.players)
        self._action_count = count
        low, high = spaces.observation_box(self.rules, self.players, max_turns, self.features)
        shape = low.shape
        self.mask_in_observation = bool(mask_in_observation)
        vector = gym_spaces.Box(low, high, shape, np.float32)
        self.observation_space: gym_spaces.Space[Any] = (
            gym_spaces.Dict(
                {"observation": vector, "action_mask": gym_spaces.Box(0, 1, (count,), np.int8)}
            )
            if self.mask_in_observation
            else vector
        )
        self.action_space = gym_spaces.Discrete(count)
        self.spec = EnvSpec(  # (gymnasium.make replaces it with its own)
            ENV_ID,
            entry_point=f"{__name__}:ThreeThirteenEnv",
            kwargs={
                "rules": rules,
                "players": players,
                "opponents": opponents,
                "seat": seat,
                "reward": reward,
                "zero_sum": zero_sum,
                "variations": variations,
                "max_turns": max_turns,
                "render_mode": render_mode,
                "illegal_reward": illegal_reward,
                "reward_scale": reward_scale,
                "mask_in_observation": mask_in_observation,
                "features": features,
            },
        )
        self._bots: dict[int, Bot] = {}
        self._labels: tuple[str, ...] = ()
        self._ended: str | None = "call reset() before step()"
        self._turn: _Turn | None = None
        self._paid = 0  # the rounds whose rewards were paid

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new game and let the bots play to the learner's first turn.

        :raises BotError: for a bot's fault (see the module's description).
        """
        super().reset(seed=seed)
        rng = self.np_random
        game_seed = seed if seed is not None else int(rng.integers(0, 2**63))
        self.game = Game(self.rules, self.players, seed=game_seed, max_turns=self.max_turns)
        others = [other for other in range(self.players) if other != self.seat]
        self._bots = {
            other: make_bot(spec, seed=int(rng.integers(0, 2**63)))
            for other, spec in zip(others, self.opponents, strict=True)
        }
        self._labels = _labels(self.seat, self.players, self.opponents)
        self._turn = None
        self._paid = 0
        self._play_bots()  # (rounds the bots end here are paid at the first step)
        self._ended = None
        observation = self._observe()
        if self.render_mode == "human":
            self.render()
        return self._shaped(observation), {"action_mask": observation["action_mask"].copy()}

    def step(self, action: SupportsIndex) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """The learner takes the action with index ``action``; then the bots play to
        the learner's next turn or the game's end.

        :raises GameError: for an index outside the action space, or a step before
            :meth:`reset` or after the episode's end (a bot's fault ends it too).
        :raises BotError: for a bot's fault (see the module's description).
        """
        game = self.game
        if self._ended is not None:
            raise GameError(self._ended)
        index = as_index(action, "an action index", GameError)
        if not 0 <= index < self._action_count:
            raise GameError(
                f"no action index {quote(index)}: indexes are 0 to {self._action_count - 1}"
            )
        mask = self._learner_turn()[2]
        if not mask[index]:
            observation = self._observe()
            info = {"action_mask": observation["action_mask"].copy(), "illegal_action": index}
            self._ended = "the episode ended with an illegal action: call reset() for a new one"
            return self._shaped(observation), self.illegal_reward, True, False, info
        turn = self._turn
        assert turn is not None
        game.apply(turn[4][index])  # the first legal action of that index
        self._turn = None
        self._play_bots()
        reward = 0.0
        if self.reward == "round":
            scored = game.round_scores
            for scores in scored[self._paid :]:  # every round not yet paid
                reward += spaces.score_rewards(scores, self.zero_sum)[self.seat]
            self._paid = len(scored)
        elif game.is_over:
            reward = spaces.score_rewards(game.totals, self.zero_sum)[self.seat]
        reward *= self.reward_scale
        observation = self._observe()
        if self.render_mode == "human":
            self.render()
        info = {"action_mask": observation["action_mask"].copy()}
        if game.is_over:
            self._ended = "the game is over: call reset() for a new one"
        return self._shaped(observation), reward, game.is_over, False, info

    def observe(self) -> Observation:
        """The learner's observation now: ``{"observation": ..., "action_mask": ...}``
        (the mask all 0 when the game is over), or the vector alone with
        ``mask_in_observation=False``."""
        return self._shaped(self._observe())

    def _shaped(self, observation: dict[str, np.ndarray]) -> Observation:
        """The observation as the environment gives it (the dict, or its vector)."""
        return observation if self.mask_in_observation else observation["observation"]

    def _observe(self) -> dict[str, np.ndarray]:
        """The learner's observation and mask now, as a dict."""
        game = self.game
        if game.to_move == self.seat:
            view, _, mask = self._learner_turn()
            mask = mask.copy()  # the caller's to change
        else:
            view = game.view(self.seat)
            mask = np.zeros(self._action_count, np.int8)
        return {"observation": spaces.observation_vector(view, self.features), "action_mask": mask}

    def action_masks(self) -> np.ndarray:
        """The mask of the learner's legal actions as booleans (all ``False`` when the
        game is over): the method sb3-contrib's ``MaskablePPO`` calls."""
        if self.game.to_move != self.seat:
            return np.zeros(self._action_count, bool)
        return self._learner_turn()[2].astype(bool)

    def _learner_turn(self) -> tuple[PlayerView, list[Action], np.ndarray]:
        """The learner's view, legal actions and mask at its turn (kept until the
        next action, for the game in :attr:`game`)."""
        game = self.game
        turn = self._turn
        if turn is None or turn[0] is not game:
            view = game.view(self.seat)
            legal = game.legal_actions()
            indices = spaces.action_indices(view, legal)
            mask = np.zeros(self._action_count, np.int8)
            mask[indices] = 1
            # the first legal action of each index: the reversed pairs, the first last
            by_index = dict(zip(reversed(indices), reversed(legal), strict=True))
            turn = self._turn = (game, view, legal, mask, by_index)
        return turn[1], turn[2], turn[3]

    def render(self) -> str | np.ndarray | None:
        """The learner's view as text (``"ansi"``: returned; ``"human"``: printed) or
        as a picture of the table (``"rgb_array"``: an RGB array,
        :func:`~threethirteen.adapters.spaces.view_picture`).

        >>> env = ThreeThirteenEnv("pagat", players=2, render_mode="rgb_array")
        >>> _ = env.reset(seed=1)
        >>> frame = env.render()
        >>> frame.shape, frame.dtype
        ((132, 424, 3), dtype('uint8'))
        """
        if self.render_mode is None:
            return None
        if self.render_mode == "rgb_array":
            return spaces.view_picture(self.game.view(self.seat))
        text = spaces.view_text(self.game.view(self.seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _play_bots(self) -> None:
        """The bots play until it is the learner's turn or the game is over.

        A bot's choice is checked as the referee checks it
        (:func:`~threethirteen.arena.referee.listed_action`); a fault (the bot raised,
        or chose anything that is not one of the legal actions) is made again at the
        referee's table, so that the error is the referee's own.

        :raises BotError: for a bot's fault, which ends the episode.
        """
        game = self.game
        bots = self._bots
        while not game.is_over and game.to_move != self.seat:
            mover = game.to_move
            assert mover is not None
            legal = game.legal_actions()
            try:
                choice: object = bots[mover].act(game.view(mover), list(legal))
            except KeyboardInterrupt:  # (a person's Ctrl-C, most likely: it stops the run)
                raise
            except BaseException as error:  # the bot's, SystemExit included, as the referee's
                self._fault(error=error)
            action = listed_action(choice, legal)
            if action is None:
                self._fault(choice=choice)
            game.apply(action, mover)

    def _fault(self, *, error: BaseException | None = None, choice: object = None) -> NoReturn:
        """Raise the referee's :class:`~threethirteen.BotError` for the decision of the
        bot to move, which raised ``error`` or returned ``choice``; the episode ends."""
        try:
            raise_decision_fault(self.game, self._labels, error=error, choice=choice)
        except BotError as fault:
            self._ended = f"the episode ended with a bot's fault ({fault}): call reset()"
            raise


register()
