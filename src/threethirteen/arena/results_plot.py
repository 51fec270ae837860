"""A tournament's results as a picture (:func:`results_plot`, which
:meth:`~threethirteen.TournamentResults.plot` returns): it reads the results through their public
figures only (:class:`PlotResults`), and imports matplotlib when called.
"""

from __future__ import annotations

from typing import Any, Protocol

from .results_figures import BotResults

__all__ = ["PlotResults", "results_plot"]


class PlotResults(Protocol):
    """What :func:`results_plot` reads of a :class:`~threethirteen.TournamentResults`."""

    @property
    def bots(self) -> tuple[str, ...]: ...
    @property
    def game_count(self) -> int: ...
    @property
    def rules(self) -> dict[str, Any]: ...
    def __getitem__(self, name: str) -> BotResults: ...


def results_plot(results: PlotResults) -> Any:
    """A matplotlib ``Figure`` of the results (what :meth:`~threethirteen.TournamentResults.plot`
    returns): each bot's mean total with its 95 % interval, and its mean score in
    each round.

    :raises ModuleNotFoundError: without matplotlib (``pip install '.[plot]'``).
    """
    try:
        from matplotlib.figure import Figure
    except ModuleNotFoundError:
        raise ModuleNotFoundError(
            "TournamentResults.plot needs matplotlib: pip install 'threethirteen[plot]'"
        ) from None
    figure = Figure(figsize=(10, 4), layout="constrained")
    totals, rounds = figure.subplots(1, 2)
    names = list(results.bots)
    for position, name in enumerate(names):
        r = results[name]
        if r.mean_total is None:
            continue
        low, high = r.mean_total_interval or (r.mean_total, r.mean_total)
        totals.errorbar(
            [position],
            [r.mean_total],
            yerr=[[r.mean_total - low], [high - r.mean_total]],
            fmt="o",
            capsize=6,
        )
        numbers = [i + 1 for i, mean in enumerate(r.round_means) if mean is not None]
        means = [mean for mean in r.round_means if mean is not None]
        rounds.plot(numbers, means, marker="o", label=name)
    totals.set_xticks(range(len(names)), names)
    totals.set_ylabel("mean total (95% interval; lower is better)")
    totals.set_title(f"{results.game_count} games, {results.rules['preset']}")
    rounds.set_xlabel("round")
    rounds.set_ylabel("mean score")
    rounds.set_title("mean score by round")
    rounds.legend()
    return figure
