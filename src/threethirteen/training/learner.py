"""The learner of the Deep Monte-Carlo trainer: a PyTorch multilayer perceptron
``Q(s, a)`` fitted to Monte-Carlo returns by mean squared error (Adam, its gradient's
norm clipped), on the CPU or a GPU (:func:`pick_device`), and its export to the
numpy network the learned bot plays with.

PyTorch is imported when these functions are called (the optional ``train`` extra:
``pip install 'threethirteen[train]'``), never with the package: its examples
run in ``tests/test_training.py``, which skips them without PyTorch.

>>> build_model.__name__, export_network.__name__  # (calling them needs PyTorch)
('build_model', 'export_network')
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from .._validate import quote
from ..bots.action_features import FEATURES
from ..bots.learned import QNetwork
from ..errors import InvalidInputError

__all__ = [
    "DEVICES",
    "agreement",
    "build_model",
    "export_network",
    "fit",
    "import_torch",
    "pick_device",
    "rank_loss",
    "torch_values",
]

DEVICES = ("auto", "cpu", "cuda")
"""The devices a run can ask for (``auto``: ``cuda`` where PyTorch sees one)."""


def import_torch() -> Any:
    """PyTorch, or a clear error naming the extra that installs it."""
    try:  # by name: mypy checks the same code with PyTorch installed or not
        torch = importlib.import_module("torch")
    except ImportError as error:  # pragma: no cover - depends on the environment
        raise InvalidInputError(
            "training needs PyTorch, not installed: pip install 'threethirteen[train]'"
        ) from error
    return torch


def pick_device(device: str = "auto") -> str:
    """The device to fit on: ``cpu``, ``cuda``, or for ``auto`` ``cuda`` when
    ``torch.cuda.is_available()`` and else ``cpu``.

    :raises InvalidInputError: for another name, or ``cuda`` where there is none.
    """
    if device not in DEVICES:
        raise InvalidInputError(f"the device must be auto, cpu or cuda, not {quote(device)}")
    torch = import_torch()
    available = bool(torch.cuda.is_available())
    if device == "cuda" and not available:
        raise InvalidInputError("the device cuda was asked for, but PyTorch sees no GPU")
    if device == "auto":
        return "cuda" if available else "cpu"
    return device


def build_model(hidden: Sequence[int], seed: int) -> Any:
    """A fresh ``torch.nn.Sequential``: ``len(FEATURES)`` inputs, a ReLU layer of
    each width of ``hidden``, one output; its initial weights drawn from ``seed``."""
    torch = import_torch()
    generator_state = torch.get_rng_state()
    torch.manual_seed(seed)
    layers: list[Any] = []
    width = len(FEATURES)
    for size in hidden:
        layers += [torch.nn.Linear(width, size), torch.nn.ReLU()]
        width = size
    layers.append(torch.nn.Linear(width, 1))
    model = torch.nn.Sequential(*layers)
    torch.set_rng_state(generator_state)
    return model


def fit(
    model: Any,
    optimizer: Any,
    rows: np.ndarray,
    returns: np.ndarray,
    *,
    epochs: int,
    batch_size: int,
    seed: int,
    max_grad_norm: float = 0.0,
    ranking: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None,
    rank_weight: float = 0.0,
) -> float:
    """Fit ``model`` to ``returns`` by mean squared error: ``epochs`` passes over
    the samples in minibatches, shuffled by a generator seeded with ``seed``, each
    step's gradient clipped to the norm ``max_grad_norm`` (0: not clipped); the
    mean loss of the last pass. The samples go to the model's device.

    With ``ranking`` (a teacher's ``candidates``, ``sizes`` and ``picks``, see
    :class:`~threethirteen.training.selfplay.Batch`, one decision a row of
    ``rows``) and ``rank_weight`` above 0, each step's loss adds ``rank_weight``
    times the cross-entropy of the softmax of the values of each decision's
    candidates against the candidate chosen (see :func:`rank_loss`)."""
    if ranking is not None and rank_weight > 0:
        return _fit_ranked(
            model,
            optimizer,
            rows,
            returns,
            ranking,
            rank_weight,
            epochs=epochs,
            batch_size=batch_size,
            seed=seed,
            max_grad_norm=max_grad_norm,
        )
    torch = import_torch()
    device = next(model.parameters()).device
    x = torch.from_numpy(np.ascontiguousarray(rows, dtype=np.float32)).to(device)
    y = torch.from_numpy(np.ascontiguousarray(returns, dtype=np.float32)).to(device)

    def step_loss(index: Any) -> Any:
        index = index.to(device)
        return torch.nn.functional.mse_loss(model(x[index])[:, 0], y[index])

    return _minibatches(
        model, optimizer, len(x), step_loss, epochs, batch_size, seed, max_grad_norm
    )


def _minibatches(
    model: Any,
    optimizer: Any,
    count: int,
    step_loss: Callable[[Any], Any],
    epochs: int,
    batch_size: int,
    seed: int,
    max_grad_norm: float,
) -> float:
    """The fits' loop: ``epochs`` passes over ``count`` samples in minibatches,
    shuffled by a generator seeded with ``seed``; each step minimises
    ``step_loss(index)`` (the minibatch's sample indices, on the CPU), its gradient
    clipped to the norm ``max_grad_norm`` (0: not clipped). The mean loss of the
    last pass."""
    torch = import_torch()
    generator = torch.Generator().manual_seed(seed)
    model.train()
    last = 0.0
    for _ in range(epochs):
        order = torch.randperm(count, generator=generator)
        total = 0.0
        for start in range(0, count, batch_size):
            index = order[start : start + batch_size]
            optimizer.zero_grad()
            loss = step_loss(index)
            loss.backward()
            if max_grad_norm > 0:
                torch.nn.utils.clip_grad_norm_(model.parameters(), max_grad_norm)
            optimizer.step()
            total += loss.detach().item() * len(index)
        last = total / max(count, 1)
    return last


def rank_loss(values: Any, sizes: Any, picks: Any) -> Any:
    """The mean cross-entropy of the softmax of each decision's values against
    its chosen candidate: ``values`` (torch, the candidates of the decisions one
    after another), ``sizes`` (a decision's count of candidates) and ``picks``
    (the chosen one's index among them), the last two torch integer tensors.

    >>> rank_loss.__name__  # (calling it needs PyTorch)
    'rank_loss'
    """
    torch = import_torch()
    decisions = len(sizes)
    starts = torch.cumsum(sizes, 0) - sizes
    owner = torch.repeat_interleave(torch.arange(decisions, device=sizes.device), sizes)
    position = torch.arange(len(values), device=sizes.device) - starts[owner]
    padded = torch.full(
        (decisions, int(sizes.max()) if decisions else 0),
        float("-inf"),
        dtype=values.dtype,
        device=values.device,
    )
    padded[owner, position] = values
    chosen = padded[torch.arange(decisions, device=sizes.device), picks]
    return (torch.logsumexp(padded, 1) - chosen).mean()


def _fit_ranked(
    model: Any,
    optimizer: Any,
    rows: np.ndarray,
    returns: np.ndarray,
    ranking: tuple[np.ndarray, np.ndarray, np.ndarray],
    rank_weight: float,
    *,
    epochs: int,
    batch_size: int,
    seed: int,
    max_grad_norm: float,
) -> float:
    """:func:`fit` with the ranking loss: a minibatch of decisions, the chosen
    candidate's value regressed on the return plus the ranking loss."""
    torch = import_torch()
    candidates, sizes, picks = ranking
    if not len(sizes) == len(picks) == len(rows) or int(np.sum(sizes)) != len(candidates):
        raise InvalidInputError(
            f"the ranking must have one decision a row ({len(rows)}), not {len(sizes)} "
            f"sizes, {len(picks)} picks and {len(candidates)} candidates for "
            f"{int(np.sum(sizes))}"
        )
    device = next(model.parameters()).device
    c = torch.from_numpy(np.ascontiguousarray(candidates, dtype=np.float32)).to(device)
    y = torch.from_numpy(np.ascontiguousarray(returns, dtype=np.float32)).to(device)
    size = torch.from_numpy(np.asarray(sizes, np.int64))
    pick = torch.from_numpy(np.asarray(picks, np.int64))
    start = torch.cumsum(size, 0) - size

    def step_loss(index: Any) -> Any:
        counts = size[index]
        owner = torch.repeat_interleave(torch.arange(len(index)), counts)
        within = torch.arange(int(counts.sum())) - (torch.cumsum(counts, 0) - counts)[owner]
        flat = (start[index][owner] + within).to(device)
        counts, chosen_at = counts.to(device), pick[index].to(device)
        values = model(c[flat])[:, 0]
        chosen = values[(torch.cumsum(counts, 0) - counts) + chosen_at]
        return torch.nn.functional.mse_loss(chosen, y[index.to(device)]) + rank_weight * rank_loss(
            values, counts, chosen_at
        )

    return _minibatches(
        model, optimizer, len(y), step_loss, epochs, batch_size, seed, max_grad_norm
    )


def agreement(model: Any, ranking: tuple[np.ndarray, np.ndarray, np.ndarray]) -> float:
    """The share of a teacher's decisions (``candidates``, ``sizes``, ``picks``)
    where the model's highest value is the teacher's choice (ties: the first).

    >>> agreement.__name__  # (calling it needs PyTorch)
    'agreement'
    """
    candidates, sizes, picks = ranking
    if not len(sizes):
        return math.nan
    values = torch_values(model, candidates)
    bounds = np.cumsum(sizes)[:-1]
    best = np.array([int(np.argmax(part)) for part in np.split(values, bounds)])
    return float(np.mean(best == np.asarray(picks)))


def torch_values(model: Any, rows: np.ndarray) -> np.ndarray:
    """The model's values of ``rows``, as numpy float32 (for comparing the export)."""
    torch = import_torch()
    device = next(model.parameters()).device
    with torch.no_grad():
        found = model(torch.from_numpy(np.ascontiguousarray(rows, dtype=np.float32)).to(device))
    return np.asarray(found.cpu().numpy()[:, 0], dtype=np.float32)


def export_network(model: Any) -> QNetwork:
    """The model as the numpy :class:`~threethirteen.bots.learned.QNetwork` the
    learned bot plays with (``w`` transposed to ``(inputs, outputs)``)."""
    torch = import_torch()
    layers = []
    for module in model:
        if isinstance(module, torch.nn.Linear):
            layers.append(
                (
                    module.weight.detach().cpu().numpy().T.astype(np.float32).copy(),
                    module.bias.detach().cpu().numpy().astype(np.float32).copy(),
                )
            )
    return QNetwork(layers)
