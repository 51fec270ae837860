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
from collections.abc import Sequence
from typing import Any

import numpy as np

from .._validate import quote
from ..bots.action_features import FEATURES
from ..bots.learned import QNetwork
from ..errors import InvalidInputError

__all__ = [
    "DEVICES",
    "build_model",
    "export_network",
    "fit",
    "import_torch",
    "pick_device",
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
) -> float:
    """Fit ``model`` to ``returns`` by mean squared error: ``epochs`` passes over
    the samples in minibatches, shuffled by a generator seeded with ``seed``, each
    step's gradient clipped to the norm ``max_grad_norm`` (0: not clipped); the
    mean loss of the last pass. The samples go to the model's device."""
    torch = import_torch()
    device = next(model.parameters()).device
    x = torch.from_numpy(np.ascontiguousarray(rows, dtype=np.float32)).to(device)
    y = torch.from_numpy(np.ascontiguousarray(returns, dtype=np.float32)).to(device)
    generator = torch.Generator().manual_seed(seed)
    model.train()
    last = 0.0
    for _ in range(epochs):
        order = torch.randperm(len(x), generator=generator)
        total = 0.0
        for start in range(0, len(x), batch_size):
            index = order[start : start + batch_size].to(device)
            optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(model(x[index])[:, 0], y[index])
            loss.backward()
            if max_grad_norm > 0:
                torch.nn.utils.clip_grad_norm_(model.parameters(), max_grad_norm)
            optimizer.step()
            total += loss.detach().item() * len(index)
        last = total / max(len(x), 1)
    return last


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
