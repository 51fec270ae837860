"""Deprecated: the module of laying off is :mod:`threethirteen.layoffs`."""

import warnings

from .layoffs import Layoff, LayoffCard, layoff

LaidOff = LayoffCard
"""The old name of :class:`~threethirteen.LayoffCard`."""

__all__ = ["LaidOff", "Layoff", "LayoffCard", "layoff"]

warnings.warn(
    "threethirteen.laying_off is deprecated; use threethirteen.layoffs",
    DeprecationWarning,
    stacklevel=2,
)
