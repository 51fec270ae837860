"""The learned bot: a small network ``Q(s, a)`` over the state-action features
(:mod:`threethirteen.bots.action_features`), evaluated in numpy, that plays the
legal action of the highest value.

The network (:class:`QNetwork`) is a multilayer perceptron with ReLU between its
layers and one output, its weights read from an ``.npz`` file: arrays ``w0``,
``b0``, ``w1``, ``b1``... (``w`` of shape ``(inputs, outputs)``) and ``features``,
the names of the inputs it was trained on (they must be :data:`FEATURES`). The
trainer (``threethirteen train``, :mod:`threethirteen.training`) writes such
files; the shipped weights, when there are any, are the package's
``bots/data/learned.npz`` (:data:`WEIGHTS`).

>>> import numpy as np
>>> network = QNetwork([(np.ones((len(FEATURES), 2), np.float32), np.zeros(2, np.float32)),
...                     (np.ones((2, 1), np.float32), np.zeros(1, np.float32))])
>>> network.layers, network(np.zeros((3, len(FEATURES)), np.float32)).tolist()
(2, [0.0, 0.0, 0.0])
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._lazy import LazyModule
from .._validate import quote
from ..engine.actions import Action, DiscardCard, LayMeld, LayOff
from ..engine.game import PlayerView
from ..errors import InvalidBotError
from .action_features import FEATURES, action_features
from .base import BuiltinBot, check_bot_name, check_bot_seed
from .builtin import GreedyBot
from .expert import ExpertBot

if TYPE_CHECKING:
    import numpy as np
else:  # numpy is imported when first used, not with the package
    np = LazyModule("numpy")

__all__ = ["SEARCHES", "TABLES", "WEIGHTS", "LearnedBot", "QNetwork", "choices", "load_network"]

WEIGHTS = Path(__file__).with_name("data") / "learned.npz"
"""The shipped weights of :class:`LearnedBot` (package data; absent until a
training run that beats the greedy bot has been shipped)."""


class QNetwork:
    """A multilayer perceptron ``Q(s, a)``: ``layers`` pairs ``(w, b)`` of float32
    arrays, ``w`` of shape ``(inputs, outputs)``; ReLU after every layer but the
    last, whose one output is the action's value.

    :raises InvalidBotError: for layers whose shapes do not chain, or a network
        whose inputs are not :data:`~threethirteen.bots.action_features.FEATURES`
        or whose output is not one value.
    """

    def __init__(self, layers: Sequence[tuple[np.ndarray, np.ndarray]]) -> None:
        checked: list[tuple[np.ndarray, np.ndarray]] = []
        width = len(FEATURES)
        for index, (w, b) in enumerate(layers):
            w = np.asarray(w, dtype=np.float32)
            b = np.asarray(b, dtype=np.float32)
            if w.ndim != 2 or w.shape[0] != width or b.shape != (w.shape[1],):
                raise InvalidBotError(
                    f"layer {index} of the network must take {width} inputs with a bias of "
                    f"its outputs, not weights of shape {w.shape} and a bias of {b.shape}"
                )
            checked.append((w, b))
            width = w.shape[1]
        if not checked or width != 1:
            raise InvalidBotError(f"the network must end in one output, not {width}")
        self._layers = tuple(checked)

    @property
    def layers(self) -> int:
        """How many layers the network has."""
        return len(self._layers)

    def __call__(self, rows: np.ndarray) -> np.ndarray:
        """The value of each row of features (shape ``(n, len(FEATURES))``): shape
        ``(n,)``, float32."""
        x = np.asarray(rows, dtype=np.float32)
        last = len(self._layers) - 1
        for index, (w, b) in enumerate(self._layers):
            x = x @ w + b
            if index < last:
                x = np.maximum(x, 0.0)
        return x[:, 0]

    def arrays(self) -> dict[str, np.ndarray]:
        """The network as the arrays of its ``.npz`` file.

        >>> import numpy as np
        >>> net = QNetwork([(np.zeros((len(FEATURES), 1), np.float32), np.zeros(1, np.float32))])
        >>> sorted(net.arrays())
        ['b0', 'features', 'w0']
        """
        found: dict[str, np.ndarray] = {"features": np.array(FEATURES)}
        for index, (w, b) in enumerate(self._layers):
            found[f"w{index}"] = w
            found[f"b{index}"] = b
        return found

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the network to an ``.npz`` file
        (:func:`~threethirteen.bots.learned.load_network` reads it)."""
        np.savez(path, **self.arrays())  # type: ignore[arg-type]


WeightsLike = str | os.PathLike[str] | QNetwork | Mapping[str, Any]
"""What gives a network: a path to an ``.npz`` file, a
:class:`~threethirteen.bots.learned.QNetwork`, or a mapping of its arrays (``w0``,
``b0``... and ``features``)."""


def _from_arrays(arrays: Mapping[str, Any], where: str) -> QNetwork:
    names = [str(name) for name in np.asarray(arrays.get("features", ())).tolist()]
    if tuple(names) != FEATURES:
        raise InvalidBotError(
            f"the network {where} was trained on other features than these "
            f"({len(names)} inputs, not the {len(FEATURES)} of FEATURES)"
        )
    layers = []
    index = 0
    while f"w{index}" in arrays:
        layers.append((arrays[f"w{index}"], arrays[f"b{index}"]))
        index += 1
    return QNetwork(layers)


def load_network(weights: WeightsLike | None = None) -> QNetwork:
    """The network of ``weights`` (see
    :data:`~threethirteen.bots.learned.WeightsLike`), by default the shipped file
    :data:`~threethirteen.bots.learned.WEIGHTS`.

    :raises InvalidBotError: when the file is missing (naming it) or holds no
        network of these features.

    >>> load_network("no-such.npz")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidBotError: the learned bot's weights are missing: no file ...
    """
    if isinstance(weights, QNetwork):
        return weights
    if isinstance(weights, Mapping):
        return _from_arrays(weights, "given")
    path = WEIGHTS if weights is None else Path(weights)
    if not path.is_file():
        raise InvalidBotError(
            f"the learned bot's weights are missing: no file {quote(str(path))} "
            "(train a network with `threethirteen train` and give its .npz file)"
        )
    with np.load(path, allow_pickle=False) as data:
        return _from_arrays({name: data[name] for name in data.files}, f"in {quote(str(path))}")


def choices(view: PlayerView, legal_actions: Sequence[Action]) -> tuple[list[Action], np.ndarray]:
    """The actions the learned bot chooses among, with their features: a discard
    that really goes out alone when there is one (every built-in bot goes out at
    once), else every legal action but a declared out the hand does not make.

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> actions, rows = choices(game.view(game.to_move), game.legal_actions())
    >>> [str(action) for action in actions], rows.shape == (2, len(FEATURES))
    (['draw stock', 'draw discard'], True)
    """
    rows = action_features(view, legal_actions)
    actions = list(legal_actions)
    if view.phase == "play":
        out = rows[:, FEATURES.index("go_out")] == 1.0
        if out.any():
            keep = out
        else:
            keep = ~np.array([isinstance(a, DiscardCard) and a.go_out for a in actions], dtype=bool)
            if not keep.any():
                keep[:] = True
        actions = [action for action, kept in zip(actions, keep, strict=True) if kept]
        rows = rows[keep]
    return actions, rows


SEARCHES = ("expert",)
"""The searches :class:`LearnedBot` can partner (``search=``)."""

TABLES = ("greedy", "network")
"""Who plays :class:`LearnedBot`'s table (``table=``): the greedy bot's rule, or
the network."""


class LearnedBot(BuiltinBot):
    """The legal action of the highest value by a Q-network over the state-action
    features (the actions of :func:`~threethirteen.bots.learned.choices`; the first
    on a tie): deterministic.

    ``weights`` (see :data:`~threethirteen.bots.learned.WeightsLike`) gives the
    network, by default the shipped one (:data:`~threethirteen.bots.learned.WEIGHTS`).

    Table play (family rules, ``redemption``) is by default every built-in bot's
    (``table="greedy"``, :class:`~threethirteen.GreedyBot`'s rule: a card laid off
    when that lowers the score, melds laid only when laying them lets enough be laid
    off); the network then chooses among the draws and discards. With
    ``table="network"`` the network weighs the table plays too (under family rules
    the shipped network loses far more that way: see :doc:`strength`).

    With ``search="expert"`` it is the expert's partner: an
    :class:`~threethirteen.ExpertBot` (made with this bot's seed and ``playouts``,
    ``time_ms``, ``top`` and ``confidence``, the expert's options and defaults)
    searches the decision, and when the search keeps its first candidate (no other
    is better by its guard), the network chooses among the candidates whose paired
    edge over that first one is at most ``confidence`` standard errors: the
    learned value breaks the ties the search cannot settle. A candidate the search
    found better by its guard is played as the expert plays it, and a plain
    decision (one candidate) too. The expert's own play is unchanged.

    :raises InvalidBotError: when the weights are missing (naming the file) or are
        no network of these features; for a ``search`` not in
        :data:`~threethirteen.bots.learned.SEARCHES`, a ``table`` not in
        :data:`~threethirteen.bots.learned.TABLES`, an expert's option without
        ``search``, or a bad expert's option.

    >>> import numpy as np
    >>> import threethirteen as tt
    >>> net = QNetwork([(-np.eye(len(FEATURES), 1, -FEATURES.index("score_after"),
    ...                          dtype=np.float32), np.zeros(1, np.float32))])
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> LearnedBot(weights=net).act(game.view(game.to_move), game.legal_actions())
    Action.parse('draw discard')
    >>> LearnedBot(2, search="expert", playouts=16, top=2)
    LearnedBot(seed=2, search='expert', playouts=16, top=2)
    >>> LearnedBot(search="mcts")
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidBotError: search is None or 'expert', not 'mcts'
    """

    name = "learned"

    def __init__(
        self,
        seed: int | None = None,
        *,
        weights: WeightsLike | None = None,
        search: str | None = None,
        table: str = "greedy",
        playouts: int | None = None,
        time_ms: float | None = None,
        top: int = 0,
        confidence: float = 2.0,
        name: str | None = None,
    ) -> None:
        seed = check_bot_seed(seed)  # the seed's error first, the name's, then the weights'
        check_bot_name(name, type(self).name)
        if search is not None and search not in SEARCHES:
            raise InvalidBotError(f"search is None or 'expert', not {quote(search)}")
        if table not in TABLES:
            raise InvalidBotError(f"table is 'greedy' or 'network', not {quote(table)}")
        options = {"playouts": playouts, "time_ms": time_ms, "top": top, "confidence": confidence}
        if search is None:
            given = [key for key, default in _EXPERT_DEFAULTS.items() if options[key] != default]
            if given:
                raise InvalidBotError(
                    f"{given[0]} is an option of search='expert', given without a search"
                )
        self.network = load_network(weights)
        self._weights = weights
        self.search = search
        self.table = table
        self._greedy = GreedyBot()
        self._options = options
        super().__init__(seed, name=name)
        self.expert: ExpertBot | None = None
        """The partner's search (``search="expert"``), else ``None``."""
        if search == "expert":
            self.expert = ExpertBot(
                self.seed, playouts=playouts, time_ms=time_ms, top=top, confidence=confidence
            )

    def values(
        self, view: PlayerView, legal_actions: Sequence[Action]
    ) -> list[tuple[Action, float]]:
        """Each action the bot weighs, with its value."""
        actions, rows = choices(view, legal_actions)
        return list(zip(actions, self.network(rows).tolist(), strict=True))

    def act(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        if self.expert is not None:
            return self._partnered(self.expert, view, legal_actions)
        if self.table == "greedy" and view.phase == "play":
            table = [a for a in legal_actions if isinstance(a, (LayMeld, LayOff))]
            if table:
                plain = self._greedy.act(view, legal_actions)
                if isinstance(plain, (LayMeld, LayOff)):
                    return plain
                rest = [a for a in legal_actions if not isinstance(a, (LayMeld, LayOff))]
                legal_actions = rest or legal_actions
        actions, rows = choices(view, legal_actions)
        if len(actions) == 1:
            return actions[0]
        return actions[int(np.argmax(self.network(rows)))]

    def _partnered(
        self, expert: ExpertBot, view: PlayerView, legal_actions: Sequence[Action]
    ) -> Action:
        """The expert's choice, or the network's among the candidates the search
        could not tell from the expert's first."""
        chosen = expert.act(view, legal_actions)
        found = expert.last
        if len(found) < 2 or chosen != found[0].action:
            return chosen
        limit = self._options["confidence"]
        assert isinstance(limit, (int, float))
        close = [c.action for c in found if c.edge <= limit * c.error]
        if len(close) < 2:
            return chosen
        valued = dict(self.values(view, legal_actions))
        best = max(close, key=lambda action: valued.get(action, -math.inf))
        if best != chosen:
            expert.note_draw(view, best)  # the card kept on this turn, if any
        return best

    def _repr_options(self) -> list[tuple[str, object]]:
        options: list[tuple[str, object]] = []
        if self._weights is not None and not isinstance(self._weights, (QNetwork, Mapping)):
            options.append(("weights", str(self._weights)))
        if self.table != "greedy":
            options.append(("table", self.table))
        if self.search is not None:
            options.append(("search", self.search))
            for key, default in _EXPERT_DEFAULTS.items():
                if self._options[key] != default:
                    options.append((key, self._options[key]))
        return options


_EXPERT_DEFAULTS: dict[str, object] = {
    "playouts": None,
    "time_ms": None,
    "top": 0,
    "confidence": 2.0,
}
"""The expert's options of :class:`LearnedBot` with their defaults."""
