"""Modules imported when first used: numpy is not imported with the package, yet the
annotations that name it resolve at run time (``typing.get_type_hints``)."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

__all__ = ["LazyModule"]


class LazyModule:
    """A stand-in for a module that imports it on the first attribute read."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._module: ModuleType | None = None

    def __getattr__(self, attribute: str) -> Any:
        module = self._module
        if module is None:
            module = self._module = importlib.import_module(self._name)
        return getattr(module, attribute)

    def __repr__(self) -> str:
        return f"<lazy module {self._name!r}>"
