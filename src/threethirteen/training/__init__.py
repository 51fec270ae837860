"""Training: the Deep Monte-Carlo trainer of the learned bot (``threethirteen
train``, :mod:`threethirteen.training.trainer`); PyTorch, the optional ``train``
extra, is imported only when a network is trained.

The trainer's names are read here from :mod:`~threethirteen.training.trainer`,
imported when first asked for (as the bot registry imports a bot by its dotted
path), so ``import threethirteen.training`` imports nothing more.

>>> import threethirteen.training as training
>>> training.train is training.trainer.train
True
"""

from __future__ import annotations

import importlib
from typing import Any

NAMES = ("TrainingResult", "TrainingSettings", "duplicate_margin", "export", "train")
"""The trainer's names this package gives."""


def __getattr__(name: str) -> Any:
    if name in NAMES or name == "trainer":
        trainer = importlib.import_module(f"{__name__}.trainer")
        return trainer if name == "trainer" else getattr(trainer, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*NAMES, "NAMES", "trainer"])
