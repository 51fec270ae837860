"""A tournament's tally (:class:`Tally`): integer sums of the games' totals, wins,
round scores, head-to-head margins and scores, and the bots' faults, merged in game
order, from which :meth:`Tally.results` makes the :class:`~threethirteen.TournamentResults`.

>>> tally = Tally(bots=2, rounds=1, per_unit=1)
>>> tally.add((0, 1), GameResult(0, 1, ("a", "b"), (3, 10), ((3, 10),), (0,)))
>>> tally.add((1, 0), GameResult(1, 2, ("b", "a"), (4, 8), ((4, 8),), (0,)))
>>> rules = {"preset": "pagat", "variations": [], "players": 2, "max_turns": None}
>>> results = tally.results(["a", "b"], rules, 1, 2, False, 1)
>>> results["a"].mean_total, results["a"].wins, results.head_to_head("a", "b").margin
(5.5, 1, 1.5)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from .game_results import Fault, GameResult
from .results_schema import RESULTS_FORMAT, RESULTS_VERSION
from .tournament_results import TournamentResults

__all__ = ["Tally"]


class Tally:
    """Integer sums, merged in game order, so that the results are exact whatever
    order the games were played in. A sample is ``per_unit`` games in a row (one
    deal in all its seatings under duplicate deals; else one game)."""

    def __init__(self, bots: int, rounds: int, per_unit: int) -> None:
        self.per_unit = per_unit
        self.games = [0] * bots
        self.wins = [0] * bots
        self.forfeits = [0] * bots
        self.units = [0] * bots
        self.unit_sums = [0] * bots
        self.unit_squares = [0] * bots
        self.win_sums = [0] * bots
        self.win_squares = [0] * bots
        self.round_sums = [[0] * rounds for _ in range(bots)]
        self.round_counts = [[0] * rounds for _ in range(bots)]
        # per pair: games, samples, margin sum, margin squares, score sum, score squares
        self.pairs = {pair: [0, 0, 0, 0, 0, 0] for pair in combinations(range(bots), 2)}
        self.faults: list[Fault] = []
        self.kept: list[GameResult] = []
        self._unit: dict[int, list[int]] = {}
        self._pair_unit: dict[tuple[int, int], list[int]] = {}
        self._seen = 0

    def add(self, lineup: Sequence[int], result: GameResult, keep: bool = False) -> None:
        """Count the game ``result`` played by bot ``lineup[seat]`` in each seat."""
        totals = result.totals
        winners = set(result.winners)
        forfeit = result.forfeit
        for seat, bot in enumerate(lineup):
            self.games[bot] += 1
            won = seat in winners
            self.wins[bot] += won
            unit = self._unit.setdefault(bot, [0, 0])
            unit[0] += totals[seat]
            unit[1] += won
            sums, counts = self.round_sums[bot], self.round_counts[bot]
            for number, scores in enumerate(result.round_scores):
                sums[number] += scores[seat]
                counts[number] += 1
        if forfeit is not None:
            bot = lineup[forfeit.seat]
            self.forfeits[bot] += 1
            if not any(f.bot == forfeit.bot and f.kind == forfeit.kind for f in self.faults):
                self.faults.append(forfeit)
        seats = {bot: seat for seat, bot in enumerate(lineup)}
        lost = None if forfeit is None else forfeit.seat
        for a, b in combinations(sorted(seats), 2):
            seat_a, seat_b = seats[a], seats[b]
            margin = totals[seat_b] - totals[seat_a]
            if lost == seat_a:
                score = 0
            elif lost == seat_b:
                score = 2
            else:
                score = 2 if margin > 0 else 1 if margin == 0 else 0
            unit = self._pair_unit.setdefault((a, b), [0, 0])
            unit[0] += margin
            unit[1] += score
            self.pairs[a, b][0] += 1
        if keep:
            self.kept.append(result)
        self._seen += 1
        if self._seen % self.per_unit == 0:
            self._close_unit()

    def results(
        self,
        labels: Sequence[str],
        rules: Mapping[str, Any],
        seed: int,
        games: int,
        duplicate: bool,
        rounds: int,
        move_time: float | None = None,
        keep_games: bool = False,
        seatings: str = "balanced",
    ) -> TournamentResults:
        """The tournament's results: these sums, with what was played (the bots'
        labels, the rules as a game record writes them, the seed, the games, whether
        the deals were duplicated, the rounds a game, the time a decision, how the
        tables were seated), and the games themselves when kept."""
        return TournamentResults(
            {
                "format": RESULTS_FORMAT,
                "version": RESULTS_VERSION,
                "bots": list(labels),
                "rules": dict(rules),
                "seed": seed,
                "games": games,
                "duplicate": duplicate,
                "seatings": seatings,
                "rounds": rounds,
                "move_time": move_time,
                "stats": [
                    {
                        "games": self.games[bot],
                        "wins": self.wins[bot],
                        "forfeits": self.forfeits[bot],
                        "samples": self.units[bot],
                        "sample_sum": self.unit_sums[bot],
                        "sample_squares": self.unit_squares[bot],
                        "win_sum": self.win_sums[bot],
                        "win_squares": self.win_squares[bot],
                        "round_sums": self.round_sums[bot],
                        "round_counts": self.round_counts[bot],
                    }
                    for bot in range(len(self.games))
                ],
                "pairs": [
                    {
                        "bots": [a, b],
                        "games": sums[0],
                        "samples": sums[1],
                        "margin_sum": sums[2],
                        "margin_squares": sums[3],
                        "score_sum": sums[4],
                        "score_squares": sums[5],
                    }
                    for (a, b), sums in self.pairs.items()
                ],
                "faults": [fault.to_dict() for fault in self.faults],
                "game_results": [result.to_dict() for result in self.kept] if keep_games else None,
            }
        )

    def _close_unit(self) -> None:
        for bot, (total, wins) in self._unit.items():
            self.units[bot] += 1
            self.unit_sums[bot] += total
            self.unit_squares[bot] += total * total
            self.win_sums[bot] += wins
            self.win_squares[bot] += wins * wins
        for pair, (margin, score) in self._pair_unit.items():
            sums = self.pairs[pair]
            sums[1] += 1
            sums[2] += margin
            sums[3] += margin * margin
            sums[4] += score
            sums[5] += score * score
        self._unit.clear()
        self._pair_unit.clear()
