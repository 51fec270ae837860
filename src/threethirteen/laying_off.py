"""Deprecated: the module of laying off is :mod:`threethirteen.layoffs`."""

import warnings

from .layoffs import Layoff, LayoffCard, layoff

__all__ = ["Layoff", "LayoffCard", "layoff"]

warnings.warn(
    "threethirteen.laying_off is deprecated; use threethirteen.layoffs",
    DeprecationWarning,
    stacklevel=2,
)
