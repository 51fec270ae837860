"""The Deep Monte-Carlo trainer (DouZero's method): self-play with the current
network, ε-greedy, every decision's chosen features regressed on its Monte-Carlo
return (:mod:`~threethirteen.training.selfplay`), by a PyTorch learner on the CPU
or a GPU (:mod:`~threethirteen.training.learner`); checkpoints to resume from, a
progress line, a curve (the loss, the wall and CPU minutes, and the margin against
fixed bots on duplicate deals), the network exported for
:class:`~threethirteen.bots.learned.LearnedBot`, and the network of the best
evaluation so far (``best.npz``, chosen by the margin against the first of the
evaluation's bots, its curve row in ``best.json``).

**Reproducible.** Every game's seed, every exploration draw, the network's first
weights and every minibatch order come from ``seed`` and the iteration's number,
so a run gives the same network for the same arguments on one machine, whatever
``workers`` (the games are merged in order) and whether it was stopped and
resumed from a checkpoint. Stopping by ``minutes`` and evaluating by
``eval_minutes`` depend on the clock; ``iterations`` and ``eval_every`` do not.
On a GPU the sums may round otherwise than on the CPU.

>>> sorted(TrainingSettings().as_dict())[:3]
['batch_size', 'buffer_iterations', 'epochs']
"""

from __future__ import annotations

import csv
import json
import math
import os
import re
import sys
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import numpy as np

from .._validate import as_finite, check_int, quote
from ..arena.simulations import play
from ..bots.learned import LearnedBot, QNetwork, load_network
from ..bots.registry import BOTS, BotSpec, make_bot
from ..errors import InvalidInputError
from ..hands.rules import Rules
from .learner import build_model, export_network, fit, import_torch, pick_device
from .selfplay import Batch, game_seeds, play_games

__all__ = [
    "BEST",
    "BEST_ROW",
    "CHECKPOINT",
    "CURVE",
    "NETWORK",
    "EvalBot",
    "TrainingResult",
    "TrainingSettings",
    "duplicate_margin",
    "eval_opponents",
    "export",
    "train",
]

CHECKPOINT = "checkpoint.pt"
"""The checkpoint's file name in the run's directory."""
CURVE = "curve.csv"
"""The curve's file name in the run's directory."""
NETWORK = "learned.npz"
"""The exported network's file name in the run's directory."""
BEST = "best.npz"
"""The file name of the network of the best evaluation so far."""
BEST_ROW = "best.json"
"""The file name of the curve row that chose :data:`BEST`."""


_AT_LEAST = {
    "games": 1,
    "max_turns": 1,
    "epochs": 1,
    "batch_size": 1,
    "buffer_iterations": 1,
    "imitation_games": 0,
    "imitation_epochs": 1,
}
"""The int settings and their least values."""


@dataclass(frozen=True)
class TrainingSettings:
    """What a run is made of (a resumed run must be given the same).

    ``games`` games of self-play an iteration (at ``players`` players of
    ``rules``, each round ended after ``max_turns`` turns), chosen ε-greedily with
    ``epsilon``; the learner fits the last ``buffer_iterations`` iterations'
    decisions for ``epochs`` passes in minibatches of ``batch_size`` (Adam at
    ``learning_rate``, each step's gradient clipped to the norm ``max_grad_norm``,
    0: not clipped); the network has a ReLU layer of each width of ``hidden``.
    ``imitation_games`` games of the ``teacher`` bot first, fitted for
    ``imitation_epochs`` passes (0: none); with ``imitation_rank_weight`` above 0,
    that fit also ranks each decision's candidates: it adds that weight times the
    cross-entropy of the softmax of their values against the teacher's choice
    (:func:`~threethirteen.training.learner.rank_loss`; 0: the chosen action's
    return alone, as before). The self-play fits use Adam at
    ``selfplay_learning_rate`` instead of ``learning_rate`` when it is given (None:
    ``learning_rate`` for both, as before); the imitation fit always uses
    ``learning_rate``."""

    seed: int = 0
    rules: str = "pagat"
    players: int = 2
    games: int = 16
    epsilon: float = 0.05
    max_turns: int = 60
    hidden: tuple[int, ...] = (128, 128)
    learning_rate: float = 1e-3
    epochs: int = 2
    batch_size: int = 256
    buffer_iterations: int = 8
    max_grad_norm: float = 1.0
    imitation_games: int = 0
    imitation_epochs: int = 4
    teacher: str = "lookahead"
    imitation_rank_weight: float = 0.0
    selfplay_learning_rate: float | None = None

    def __post_init__(self) -> None:
        """Every field checked where it enters, before a run starts (a refusal names
        the field and the value: ``games must be at least 1, not 0``).

        :raises InvalidInputError: for a value out of its range, or rules, players or
            a teacher that are not known.
        """
        check_int("seed", self.seed, 0)
        Rules.preset(self.rules, (), players=self.players)
        for name, low in _AT_LEAST.items():
            check_int(name, getattr(self, name), low)
        if not isinstance(self.hidden, tuple) or not self.hidden:
            raise InvalidInputError(f"hidden must be a tuple of widths, not {quote(self.hidden)}")
        for width in self.hidden:
            check_int("a hidden width", width, 1)
        if as_finite(self.epsilon, "epsilon", low=0) > 1:
            raise InvalidInputError(f"epsilon must be from 0 to 1, not {quote(self.epsilon)}")
        as_finite(self.learning_rate, "learning_rate", low=0, above_low=True)
        if self.selfplay_learning_rate is not None:
            as_finite(self.selfplay_learning_rate, "selfplay_learning_rate", low=0, above_low=True)
        as_finite(self.max_grad_norm, "max_grad_norm", low=0)
        as_finite(self.imitation_rank_weight, "imitation_rank_weight", low=0)
        if self.teacher not in BOTS:
            raise InvalidInputError(
                f"teacher must be a built-in bot ({', '.join(BOTS)}), not {quote(self.teacher)}"
            )

    def as_dict(self) -> dict[str, Any]:
        """The settings as plain data (``hidden`` a list)."""
        data = asdict(self)
        data["hidden"] = list(self.hidden)
        return data


@dataclass(frozen=True)
class TrainingResult:
    """A run's end: its ``directory`` (the checkpoint, the curve, the network), the
    iterations done, the games played, the decisions fitted, and the curve's rows."""

    directory: Path
    iterations: int
    games: int
    samples: int
    curve: list[dict[str, Any]] = field(repr=False)

    @property
    def network(self) -> Path:
        """The exported network (``learned.npz``)."""
        return self.directory / NETWORK

    @property
    def best(self) -> Path:
        """The network of the best evaluation (``best.npz``; absent without one)."""
        return self.directory / BEST


def _deal_margins(
    arrays: dict[str, np.ndarray], opponent: BotSpec, seed: int, rules: str, players: int
) -> float:
    """One deal played in every rotation: the learned bot's mean margin (the other
    seats' mean total less its own)."""
    margins = []
    for seat in range(players):
        bots: list[Any] = [make_bot(opponent, seed=seed + k) for k in range(players)]
        bots[seat] = LearnedBot(weights=arrays)
        totals = play(bots, rules, players=players, seed=seed).totals
        others = [totals[k] for k in range(players) if k != seat]
        margins.append(sum(others) / len(others) - totals[seat])
    return sum(margins) / len(margins)


def _timed_deal_margins(
    arrays: dict[str, np.ndarray], opponent: BotSpec, seed: int, rules: str, players: int
) -> tuple[float, float]:
    started = time.process_time()
    margin = _deal_margins(arrays, opponent, seed, rules, players)
    return margin, time.process_time() - started


def _duplicate(
    network: QNetwork | dict[str, np.ndarray] | str | os.PathLike[str],
    opponent: BotSpec,
    deals: int,
    seed: int,
    rules: str,
    players: int,
    executor: Executor | None,
) -> tuple[float, float, float]:
    """The margin, its standard error, and the CPU seconds the executor's workers
    spent (0 without one: the time is this process's)."""
    arrays = load_network(network).arrays()
    seeds = [
        int(s) >> 1 for s in np.random.SeedSequence([seed, 7]).generate_state(deals, np.uint64)
    ]
    cpu = 0.0
    if executor is None:
        found = [_deal_margins(arrays, opponent, s, rules, players) for s in seeds]
    else:
        futures = [
            executor.submit(_timed_deal_margins, arrays, opponent, s, rules, players) for s in seeds
        ]
        timed = [future.result() for future in futures]
        found = [margin for margin, _ in timed]
        cpu = sum(seconds for _, seconds in timed)
    mean = float(np.mean(found))
    error = float(np.std(found, ddof=1) / math.sqrt(len(found))) if len(found) > 1 else math.nan
    return mean, error, cpu


def duplicate_margin(
    network: QNetwork | dict[str, np.ndarray] | str | os.PathLike[str],
    opponent: BotSpec,
    deals: int,
    *,
    seed: int = 0,
    rules: str = "pagat",
    players: int = 2,
    executor: Executor | None = None,
) -> tuple[float, float]:
    """The learned bot's margin (points a game ahead of ``opponent``: a built-in
    bot's name or a bot factory, :func:`~threethirteen.bots.registry.make_bot`'s
    specification, such as ``functools.partial(ExpertBot, playouts=16)``; each seat
    made with its own seed) on ``deals`` duplicate deals, each played in every
    rotation of the seats, and its standard error (a deal is one sample).

    >>> import numpy as np
    >>> from threethirteen.bots.action_features import FEATURES
    >>> greedy_like = QNetwork([(-np.eye(len(FEATURES), 1, -FEATURES.index("score_after"),
    ...                                  dtype=np.float32), np.zeros(1, np.float32))])
    >>> margin, error = duplicate_margin(greedy_like, "random", 1, seed=3)
    >>> margin > 0
    True
    """
    mean, error, _ = _duplicate(network, opponent, deals, seed, rules, players, executor)
    return mean, error


EvalBot = str | tuple[str, BotSpec]
"""An entry of :func:`train`'s ``eval_bots``: a built-in bot's name (its curve
columns ``margin_NAME`` and ``se_NAME``), or a pair of a column name and a bot
specification (``("expert16", functools.partial(ExpertBot, playouts=16))``: the
columns ``margin_expert16`` and ``se_expert16``)."""

_COLUMN = re.compile(r"[A-Za-z0-9_.\-]{1,40}")


def eval_opponents(eval_bots: Sequence[EvalBot]) -> list[tuple[str, BotSpec]]:
    """The evaluation's opponents as (column name, bot specification) pairs, each
    checked by making its bot once, before a run starts.

    >>> import functools
    >>> from threethirteen.bots.expert import ExpertBot
    >>> expert16 = functools.partial(ExpertBot, playouts=16)
    >>> [column for column, _ in eval_opponents(["greedy", ("expert16", expert16)])]
    ['greedy', 'expert16']
    >>> eval_opponents(["greedy", "grredy"])
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidBotError: unknown bot 'grredy' (the built-in bots: advisor, ...)

    :raises InvalidInputError: for an entry that is neither a built-in bot's name
        nor a (column, specification) pair, a column name that is not 1 to 40
        letters, digits, ``_``, ``.`` or ``-``, a column named twice, or a
        specification :func:`~threethirteen.bots.registry.make_bot` refuses (its
        :class:`~threethirteen.errors.InvalidBotError`).
    """
    pairs: list[tuple[str, BotSpec]] = []
    for entry in eval_bots:
        column: str
        spec: BotSpec
        if isinstance(entry, str):
            column, spec = entry, entry
        elif isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[0], str):
            column, spec = entry
        else:
            raise InvalidInputError(
                "an evaluation bot must be a built-in bot's name or a (column, bot) pair, "
                f"not {quote(entry)}"
            )
        make_bot(spec, seed=0)
        if not _COLUMN.fullmatch(column):
            raise InvalidInputError(
                "an evaluation column must be 1 to 40 letters, digits, _, . or -, "
                f"not {quote(column)}"
            )
        if any(column == known for known, _ in pairs):
            raise InvalidInputError(f"the evaluation column {quote(column)} is named twice")
        pairs.append((column, spec))
    return pairs


def _split(seeds: Sequence[int], parts: int) -> list[list[int]]:
    size = max(1, math.ceil(len(seeds) / parts))
    return [list(seeds[start : start + size]) for start in range(0, len(seeds), size)]


def _play(
    executor: Executor | None,
    arrays: dict[str, np.ndarray] | None,
    seeds: list[int],
    settings: TrainingSettings,
    epsilon: float,
    teacher: str | None,
    workers: int,
) -> Batch:
    args = (epsilon, settings.rules, settings.players, (), teacher, settings.max_turns)
    if executor is None:
        return play_games(arrays, seeds, *args)
    futures = [executor.submit(play_games, arrays, part, *args) for part in _split(seeds, workers)]
    return Batch.join([future.result() for future in futures])


def _write_curve(path: Path, rows: list[dict[str, Any]]) -> None:
    names: list[str] = []
    for row in rows:
        names += [name for name in row if name not in names]
    with open(path, "w", newline="", encoding="utf-8") as file:
        writer = csv.DictWriter(file, fieldnames=names)
        writer.writeheader()
        writer.writerows(rows)


def _check_settings(saved: dict[str, Any], settings: TrainingSettings) -> None:
    wanted = settings.as_dict()
    defaults = TrainingSettings().as_dict()
    for name, value in wanted.items():
        if saved.get(name, defaults[name]) != value:
            raise InvalidInputError(
                f"the checkpoint was trained with {name}={quote(saved.get(name))}, "
                f"not {quote(value)}: resume with the run's own settings"
            )


def train(
    directory: str | os.PathLike[str],
    settings: TrainingSettings | None = None,
    *,
    iterations: int | None = None,
    minutes: float | None = None,
    workers: int = 0,
    resume: bool = False,
    eval_every: int | None = None,
    eval_minutes: float | None = None,
    eval_bots: Sequence[EvalBot] = ("greedy",),
    eval_deals: int = 20,
    checkpoint_every: int = 10,
    threads: int = 1,
    progress: bool = True,
    device: str = "auto",
) -> TrainingResult:
    """Train a network by Deep Monte-Carlo self-play into ``directory`` (made if
    missing): ``checkpoint.pt`` (the network, the optimiser, the decisions kept
    for the next fits, the RNG state, the curve), ``curve.csv`` and ``learned.npz``
    (the network for :class:`~threethirteen.bots.learned.LearnedBot`), and after an
    evaluation that beats every earlier one (by the margin against the first of
    ``eval_bots``) ``best.npz`` and ``best.json`` (that network and its curve row).

    It runs until ``iterations`` iterations are done or ``minutes`` have passed
    (counting a resumed run's earlier time), whichever comes first (one of them
    must be given). ``workers`` processes play the games (0: here). Every
    ``eval_every`` iterations, or ``eval_minutes``, and at the end, the network
    plays ``eval_deals`` duplicate deals against each of ``eval_bots``
    (:func:`duplicate_margin`; each a built-in bot's name or a (column name, bot
    specification) pair, :data:`EvalBot`: ``("expert16", functools.partial(ExpertBot,
    playouts=16))`` plays the expert at a fixed 16 playouts, reproducibly, where
    ``"expert"`` plays on its clock), its margins in the curve's ``margin_COLUMN``
    and ``se_COLUMN``. The evaluation draws on no random state of the training,
    so it never changes the network. A checkpoint is written every
    ``checkpoint_every`` iterations and at the end; ``resume=True`` goes on from
    the directory's checkpoint. PyTorch uses ``threads`` threads and fits on
    ``device`` (:func:`~threethirteen.training.learner.pick_device`: ``auto`` takes
    a GPU where there is one); the games are played in numpy on the CPU. Each curve
    row counts the wall minutes and the CPU minutes of this process and the workers.

    :raises InvalidInputError: without PyTorch, with neither ``iterations`` nor
        ``minutes``, for an unknown or missing device, for an evaluation bot
        :func:`eval_opponents` refuses, or when resuming with other settings than
        the checkpoint's.
    """
    settings = settings or TrainingSettings()
    if iterations is None and minutes is None:
        raise InvalidInputError("train needs iterations or minutes (or both), not neither")
    opponents = eval_opponents(eval_bots)
    torch = import_torch()
    where = pick_device(device)
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    context = get_context("spawn")
    executor = ProcessPoolExecutor(workers, mp_context=context) if workers > 0 else None
    torch.set_num_threads(threads)
    model = build_model(settings.hidden, settings.seed).to(where)
    optimizer = torch.optim.Adam(model.parameters(), lr=settings.learning_rate)
    selfplay_rate = settings.selfplay_learning_rate or settings.learning_rate
    buffer: list[tuple[np.ndarray, np.ndarray]] = []
    curve: list[dict[str, Any]] = []
    done = games = samples = 0
    elapsed = cpu_before = worker_cpu = 0.0
    best: dict[str, Any] | None = None
    checkpoint = out / CHECKPOINT
    if resume:
        if not checkpoint.is_file():
            raise InvalidInputError(
                f"no checkpoint to resume from: no file {quote(str(checkpoint))}"
            )
        saved = torch.load(checkpoint, weights_only=True, map_location=where)
        _check_settings(saved["settings"], settings)
        model.load_state_dict(saved["model"])
        optimizer.load_state_dict(saved["optimizer"])
        torch.set_rng_state(saved["torch_rng"])
        buffer = [
            (r.numpy(), y.numpy()) for r, y in zip(saved["rows"], saved["returns"], strict=True)
        ]
        curve = list(saved["curve"])
        done, games, samples = saved["iteration"], saved["games"], saved["samples"]
        elapsed = float(saved["elapsed"])
        cpu_before = float(saved.get("cpu", 0.0))
        best = saved.get("best")
    else:
        torch.manual_seed(settings.seed)

    def save() -> None:
        state = {
            "settings": settings.as_dict(),
            "model": model.state_dict(),
            "optimizer": optimizer.state_dict(),
            "torch_rng": torch.get_rng_state(),
            "rows": [torch.from_numpy(r) for r, _ in buffer],
            "returns": [torch.from_numpy(y) for _, y in buffer],
            "curve": curve,
            "iteration": done,
            "games": games,
            "samples": samples,
            "elapsed": elapsed + time.monotonic() - started,
            "cpu": cpu_minutes() * 60,
            "best": best,
        }
        torch.save(state, out / (CHECKPOINT + ".tmp"))
        os.replace(out / (CHECKPOINT + ".tmp"), checkpoint)
        export_network(model).save(out / NETWORK)
        _write_curve(out / CURVE, curve)

    def cpu_minutes() -> float:
        return (cpu_before + time.process_time() - cpu_started + worker_cpu) / 60

    def evaluate(row: dict[str, Any]) -> None:
        nonlocal worker_cpu, best
        network = export_network(model)
        for column, bot in opponents:
            margin, error, cpu = _duplicate(
                network, bot, eval_deals, settings.seed, settings.rules, settings.players, executor
            )
            worker_cpu += cpu
            row[f"margin_{column}"] = round(margin, 3)
            row[f"se_{column}"] = round(error, 3)
        row["cpu_minutes"] = round(cpu_minutes(), 3)
        key = f"margin_{opponents[0][0]}" if opponents else ""
        if key and (best is None or row[key] > best[key]):
            best = dict(row)
            network.save(out / BEST)
            (out / BEST_ROW).write_text(json.dumps(best, indent=1) + "\n", encoding="utf-8")

    started = time.monotonic()
    cpu_started = time.process_time()
    last_eval = started
    try:
        if not resume and settings.imitation_games:
            seeds = game_seeds(settings.seed, -1 % 2**31, settings.imitation_games)
            batch = _play(executor, None, seeds, settings, 0.0, settings.teacher, workers)
            worker_cpu += batch.cpu_seconds if executor is not None else 0.0
            loss = fit(
                model,
                optimizer,
                batch.rows,
                batch.returns,
                epochs=settings.imitation_epochs,
                batch_size=settings.batch_size,
                seed=settings.seed,
                max_grad_norm=settings.max_grad_norm,
                ranking=(batch.candidates, batch.sizes, batch.picks),
                rank_weight=settings.imitation_rank_weight,
            )
            games += batch.games
            samples += len(batch.rows)
            curve.append(
                {
                    "iteration": 0,
                    "minutes": round((time.monotonic() - started) / 60, 3),
                    "games": games,
                    "samples": samples,
                    "loss": round(loss, 6),
                    "phase": f"imitation of {settings.teacher}",
                    "cpu_minutes": round(cpu_minutes(), 3),
                }
            )
        while True:
            minutes_now = (elapsed + time.monotonic() - started) / 60
            if iterations is not None and done >= iterations:
                break
            if minutes is not None and minutes_now >= minutes:
                break
            arrays = export_network(model).arrays()
            seeds = game_seeds(settings.seed, done, settings.games)
            batch = _play(executor, arrays, seeds, settings, settings.epsilon, None, workers)
            worker_cpu += batch.cpu_seconds if executor is not None else 0.0
            buffer.append((batch.rows, batch.returns))
            buffer = buffer[-settings.buffer_iterations :]
            rows = np.concatenate([r for r, _ in buffer])
            returns = np.concatenate([y for _, y in buffer])
            for group in optimizer.param_groups:  # the self-play rate (resumes alike)
                group["lr"] = selfplay_rate
            loss = fit(
                model,
                optimizer,
                rows,
                returns,
                epochs=settings.epochs,
                batch_size=settings.batch_size,
                seed=settings.seed * 1_000_003 + done,
                max_grad_norm=settings.max_grad_norm,
            )
            done += 1
            games += batch.games
            samples += len(batch.rows)
            row: dict[str, Any] = {
                "iteration": done,
                "minutes": round((elapsed + time.monotonic() - started) / 60, 3),
                "games": games,
                "samples": samples,
                "loss": round(loss, 6),
                "phase": "self-play",
                "cpu_minutes": round(cpu_minutes(), 3),
            }
            now = time.monotonic()
            if (eval_every and done % eval_every == 0) or (
                eval_minutes is not None and now - last_eval >= eval_minutes * 60
            ):
                evaluate(row)
                last_eval = time.monotonic()
            curve.append(row)
            if progress:
                print(_line(row), file=sys.stderr, flush=True)
            if checkpoint_every and done % checkpoint_every == 0:
                save()
        if curve and not any(name.startswith("margin_") for name in curve[-1]) and opponents:
            evaluate(curve[-1])
            if progress:
                print(_line(curve[-1]), file=sys.stderr, flush=True)
        save()
    finally:
        if executor is not None:
            executor.shutdown(cancel_futures=True)
    return TrainingResult(out, done, games, samples, curve)


def _line(row: dict[str, Any]) -> str:
    text = (
        f"iteration {row['iteration']}: {row['minutes']:.1f} min, {row['games']} games, "
        f"{row['samples']} decisions, loss {row['loss']:.4f}"
    )
    if "cpu_minutes" in row:
        text += f", cpu {row['cpu_minutes']:.1f} min"
    for name, value in row.items():
        if name.startswith("margin_"):
            text += f", vs {name[7:]} {value:+.2f} (se {row['se_' + name[7:]]:.2f})"
    return text


def export(
    checkpoint: str | os.PathLike[str], path: str | os.PathLike[str], *, best: bool = False
) -> QNetwork:
    """Write the network of a checkpoint to ``path`` (an ``.npz`` file the learned
    bot reads) and return it; with ``best``, the network of the run's best
    evaluation (``best.npz`` beside the checkpoint) instead.

    :raises InvalidInputError: without PyTorch, or for a missing checkpoint (or
        a missing ``best.npz``).
    """
    if best:
        source = Path(checkpoint).with_name(BEST)
        if not source.is_file():
            raise InvalidInputError(
                f"no best network: no file {quote(str(source))} (a run writes it "
                "after its first evaluation)"
            )
        network = load_network(source)
        network.save(path)
        return network
    torch = import_torch()
    if not Path(checkpoint).is_file():
        raise InvalidInputError(f"no checkpoint: no file {quote(str(checkpoint))}")
    saved = torch.load(checkpoint, weights_only=True, map_location="cpu")
    model = build_model(tuple(saved["settings"]["hidden"]), 0)
    model.load_state_dict(saved["model"])
    network = export_network(model)
    network.save(path)
    return network
