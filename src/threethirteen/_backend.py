"""Chooses the solver backend. For now there is one: the pure-Python solver."""

from __future__ import annotations

from . import _solver_py as solver

__all__ = ["IMPLEMENTATION", "solver"]

IMPLEMENTATION = "python"
"""The name of the backend in use."""
