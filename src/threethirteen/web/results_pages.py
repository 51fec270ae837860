"""The results page's answers: a tournament's results (each bot's games, mean total
and win rate with their intervals, rating, forfeits; every head-to-head margin; the
first faults; the warnings), or a games file's or a record's games, each game one
click from its review (``/review?file=NAME&game=INDEX``). Everything comes from the
loaded file (:func:`threethirteen.web.files.load`) through
:class:`~threethirteen.TournamentResults`' public figures.

Route: ``GET /api/results?file=NAME`` (:func:`results_data`).

>>> from threethirteen.web.files import load_bytes
>>> import threethirteen as tt
>>> results = tt.tournament(["greedy", "random"], games=2, seed=3, keep_games=True)
>>> data = results_data(load_bytes("r.json", results.to_json().encode()), "r.json")
>>> data["kind"], [bot["name"] for bot in data["bots"]], len(data["games"])
('results', ['greedy', 'random'], 2)
"""

from __future__ import annotations

import math
from typing import Any
from urllib.parse import quote as url_quote

from ..arena.tournament_results import TournamentResults
from .files import LoadedFile, game_summary, load
from .routing import Context, Request, Response, Route, json_response

__all__ = ["ROUTES", "results_data"]


def _number(value: float | None) -> float | None:
    """A figure for JSON: ``None`` for none, or for what is not finite."""
    if value is None or not math.isfinite(value):
        return None
    return float(value)


def _pair(values: tuple[float, float] | None) -> list[float | None] | None:
    return None if values is None else [_number(values[0]), _number(values[1])]


def _tournament(results: TournamentResults) -> dict[str, Any]:
    ratings = results.ratings() if len(results.bots) > 1 else {}
    bots = []
    for bot in results:
        rating = ratings.get(bot.name)
        bots.append(
            {
                "name": bot.name,
                "games": bot.games,
                "samples": bot.samples,
                "mean_total": _number(bot.mean_total),
                "mean_total_interval": _pair(bot.mean_total_interval),
                "wins": bot.wins,
                "win_rate": _number(bot.win_rate),
                "win_interval": _pair(bot.win_interval),
                "forfeits": bot.forfeits,
                "elo": None if rating is None else _number(rating.elo),
                "elo_interval": None if rating is None else _pair(rating.interval),
            }
        )
    heads = [
        {
            "bot": head.bot,
            "other": head.other,
            "games": head.games,
            "samples": head.samples,
            "margin": _number(head.margin),
            "interval": _pair(head.interval),
            "p_value": _number(head.p_value),
            "score": _number(head.score),
            "significant": head.significant,
        }
        for head in results.head_to_heads()
    ]
    rules = results.rules
    return {
        "tournament": {
            "bots": list(results.bots),
            "games": results.game_count,
            "players": results.players,
            "seed": str(results.seed),
            "duplicate": results.duplicate,
            "seatings": results.seatings,
            "move_time": results.move_time,
            "samples": results.samples,
            "rules": {"preset": rules.get("preset"), "variations": rules.get("variations", [])},
        },
        "bots": bots,
        "head_to_heads": heads,
        "faults": [
            {
                "bot": fault.bot,
                "game": fault.game,
                "round": fault.round,
                "kind": fault.kind,
                "message": fault.message,
            }
            for fault in results.first_faults
        ],
        "warnings": list(results.warnings),
    }


def results_data(loaded: LoadedFile, file: str) -> dict[str, Any]:
    """The results page's data for the file opened as ``file``.

    Keys: ``file`` (the name to open it by), ``name`` (its own name), ``kind``;
    ``games`` (:func:`~threethirteen.web.files.game_summary` of each game, with
    ``review``: the review page's address of a game that has a record, else
    ``None``); for results also ``tournament`` (``bots``, ``games``, ``players``,
    ``seed``, ``duplicate``, ``seatings``, ``move_time``, ``samples``, ``rules``),
    ``bots`` (each bot's ``games``, ``samples``, ``mean_total`` and its
    ``mean_total_interval``, ``wins``, ``win_rate`` and ``win_interval``,
    ``forfeits``, ``elo`` and ``elo_interval``), ``head_to_heads`` (each pair's
    ``bot``, ``other``, ``games``, ``margin`` (points a game ``bot`` finished ahead)
    and its ``interval``, ``p_value``, ``score``, ``significant``), ``faults`` (the
    first of each kind) and ``warnings``. A figure that cannot be had is ``None``.
    """
    games = []
    for game, record in zip(loaded.games, loaded.records, strict=True):
        item = game_summary(game, record is not None)
        item["review"] = (
            None if record is None else f"/review?file={url_quote(file, safe='')}&game={game.index}"
        )
        games.append(item)
    data: dict[str, Any] = {"file": file, "name": loaded.name, "kind": loaded.kind}
    if loaded.results is not None:
        data.update(_tournament(loaded.results))
    data["games"] = games
    return data


def _results(context: Context, request: Request) -> Response:
    name = request.param("file")
    return json_response(results_data(load(context, name), name))


ROUTES: tuple[Route, ...] = (Route("GET", "/api/results", _results),)
"""The results page's route."""
