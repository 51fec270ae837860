"""What limits the lookahead bot at four players: the measurements of docs/strength.md.

``pace`` checks :func:`~threethirteen.bots.builtin.danger_by_pace` as the
lookahead bot uses it: at every discard of a game of lookahead bots (pagat, not
on a last turn), the chance it gives that another player goes out before this
player's next turn, against whether one did; a calibration table by bins of the
prediction, each observed frequency with its Wilson interval.

``rounds`` plays a table of lookahead, advisor, heuristic and search (each game
seated by one of the rotations of one of the six orders, in turn) and counts, for
each bot, the rounds it went out first in and what it scored in the others.

``rollouts`` asks what a search with playouts that play the lookahead's discards
would need: at each decision of seat 0 in games of four lookahead bots (not on a
last turn), the candidates of :meth:`threethirteen.ExpertBot.candidates` with
``top=2`` (``--top``: the lookahead's discard and the next two by the score left, never a
wild card while it holds a natural one, never the card just taken; or each draw,
unless a pile's top card puts the hand out) are played to the
round's end by lookahead bots on ``--deals`` deals sampled from the view, the
same deals for each. For each other candidate, its paired differences from the
first (the round score less the others' mean) give a mean ``m`` and a spread
``s``; over the decisions, the typical true difference is ``sqrt(mean(m**2 -
s**2 / deals))``, and a search that tells it apart at 2 standard errors needs
``4 mean(s**2) / mean(m**2 - s**2 / deals)`` playouts a candidate. ``better``
and ``worse`` count the pairs whose mean is below or above 0 by more than
``student_errors(2, deals)`` standard errors (the expert's guard): with no true
differences about 2.3 % of the pairs would show each way. Last, what a search of
these candidates would gain, in points a game (:func:`split_gain`): choosing by
half the playouts, measured on the other half, summed over a game's decisions.
``--table mixed`` plays the lookahead bot in seat 0 with another lookahead, an
advisor and a heuristic bot, and the playouts play each seat's own bot: a search
that knew its opponents' bots.

``oracle`` plays a table of oracle, lookahead, advisor and heuristic, where the
oracle is the lookahead bot told what the stock holds (not its order): its view's
``unseen()`` answers the stock's cards, so its outlook of the next draw (and its
draw, the advisor's, which reads the same) is drawn from the true stock, as if it
knew every opponent's hand. Every deal is played in
the four rotations of one of the six orders of the bots around the table (the
deals go through the six, as the arena's balanced seatings do); a pair's margin is
the second bot's total less the first's over a deal's four games, with Student's t
95 % interval over the deals (in points a game).

::

    python benchmarks/four_player_limits.py pace --players 4 --games 60
    python benchmarks/four_player_limits.py rounds --games 240
    python benchmarks/four_player_limits.py oracle --deals 1008 --seed 5
    python benchmarks/four_player_limits.py rollouts --games 8 --deals 16
    python benchmarks/four_player_limits.py rollouts --games 24 --deals 32 --table mixed
    python benchmarks/four_player_limits.py rollouts --games 16 --deals 32 --seed 78 \\
        --table mixed --top 5

The games are played here, not by :func:`threethirteen.tournament`: the oracle
needs the game itself, which a bot never sees.
"""

from __future__ import annotations

import argparse
import itertools
import math
import time
from typing import Any

import numpy as np

import threethirteen as tt
from belief_quality import calibration
from threethirteen.bots.builtin import out_before_next_turn
from threethirteen.statistics import mean_interval, student_errors

BINS = (0.0, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1.0001)
TABLE = ("oracle", "lookahead", "advisor", "heuristic")
MAKERS = (tt.LookaheadBot, tt.LookaheadBot, tt.AdvisorBot, tt.HeuristicBot)  # TABLE's bots
ORDERS = [(0, *rest) for rest in itertools.permutations((1, 2, 3))]
"""The six orders of four bots around a table (the first bot fixed), as the arena's
balanced seatings go through them."""


def pace(players: int, games: int, seed: int) -> list[tuple[float, int]]:
    """(q, whether another player went out before the next turn) at every discard
    before the round's last turns, in ``games`` games of lookahead bots."""
    found: list[tuple[float, int]] = []
    for number in range(games):
        game = tt.Game("pagat", players=players, seed=seed + number)
        bots = [tt.LookaheadBot(seed + number) for _ in range(players)]
        waiting: dict[int, float] = {}  # player -> q at their last discard
        while not game.is_over:
            player = game.to_move
            assert player is not None
            view = game.view(player)
            round_number = game.round
            if view.phase == "draw" and player in waiting:
                found.append((waiting.pop(player), 0))
            if view.phase == "play" and view.first_out is None:
                waiting[player] = out_before_next_turn(view)
            game.apply(bots[player].act(view, game.legal_actions()))
            if view.first_out is None and any(game.went_out):
                waiting.pop(player, None)  # its own going out ends its wait
                found.extend((chance, 1) for chance in waiting.values())
                waiting.clear()
            if game.is_over or game.round != round_number:
                waiting.clear()
    return found


def rounds(games: int, seed: int) -> dict[str, tuple[float, float]]:
    """Each bot's share of rounds gone out first in, and its mean score in the rest."""
    names = ("lookahead", "advisor", "heuristic", "search")
    first = dict.fromkeys(names, 0)
    rest = {name: [0, 0] for name in names}  # rounds, points
    for number in range(games):
        order = ORDERS[(number // 4) % len(ORDERS)]
        seats = [names[order[(seat + number) % 4]] for seat in range(4)]
        bots = [tt.make_bot(name, seed=seed + number) for name in seats]
        game = tt.Game("pagat", players=4, seed=seed + number // 4)
        round_number, out = game.round, None
        while not game.is_over:
            player = game.to_move
            assert player is not None
            game.apply(bots[player].act(game.view(player), game.legal_actions()))
            if out is None and any(game.went_out) and game.round == round_number:
                out = game.went_out.index(True)
            if game.is_over or game.round != round_number:
                for seat, score in enumerate(game.round_scores[-1]):
                    if seat == out:
                        first[seats[seat]] += 1
                    else:
                        rest[seats[seat]][0] += 1
                        rest[seats[seat]][1] += score
                round_number, out = game.round, None
    played = games * len(tt.Rules.preset("pagat").rounds)
    return {name: (first[name] / played, rest[name][1] / rest[name][0]) for name in names}


class _StockView:
    """A player's view that answers ``unseen()`` with the stock's cards."""

    def __init__(self, view: tt.PlayerView, game: tt.Game) -> None:
        self._view = view
        self._stock = tt.Hand(list(game.stock))

    def unseen(self) -> tt.Hand:
        return self._stock if len(self._stock) else self._view.unseen()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._view, name)


def oracle(deals: int, seed: int) -> dict[str, Any]:
    """The table's margins, each pair's per-deal samples summed up."""
    sums = {pair: [0, 0, 0] for pair in itertools.combinations(range(4), 2)}
    for deal in range(deals):
        order = ORDERS[deal % len(ORDERS)]
        totals = [0] * 4
        for turn in range(4):
            seats = [order[(seat + turn) % 4] for seat in range(4)]  # seat -> bot
            bots = [MAKERS[who](seed + deal) for who in seats]
            game = tt.Game("pagat", players=4, seed=seed * 100_003 + deal)
            while not game.is_over:
                player = game.to_move
                assert player is not None
                view: Any = game.view(player)
                if seats[player] == 0:
                    view = _StockView(view, game)
                game.apply(bots[player].act(view, game.legal_actions()))
            for seat, who in enumerate(seats):
                totals[who] += game.totals[seat]
        for (first, second), row in sums.items():
            margin = totals[second] - totals[first]
            row[0] += 1
            row[1] += margin
            row[2] += margin * margin
    margins = {}
    for (first, second), (count, total, squares) in sums.items():
        mean, interval = mean_interval(count, total, squares, scale=4)
        margins[f"{TABLE[first]} - {TABLE[second]}"] = {"margin": mean, "interval": interval}
    return margins


SIZES = ((3, 6), (7, 10), (11, 13))
"""The rounds ``rollouts`` sums up together, by the cards dealt."""


def _played_out(
    deal: tt.Game, view: tt.PlayerView, action: tt.Action, seed: int, makers: list[Any]
) -> float:
    """``action`` on ``deal``, then the seats' bots (made by ``makers``) to the round's
    end: the player's round score less the others' mean."""
    game = deal.clone()
    before, number = game.totals, game.round
    bots = [make(seed) for make in makers]
    if view.phase == "draw":
        bots[view.player].note_draw(view, action)
    game.apply(action)
    while not game.is_over and game.round == number:
        player = game.to_move
        assert player is not None
        game.apply(bots[player].act(game.view(player), game.legal_actions()))
    scores = [after - start for after, start in zip(game.totals, before, strict=True)]
    mine = scores.pop(view.player)
    return mine - sum(scores) / len(scores)


def playouts_needed(pairs: list[tuple[float, float]], deals: int) -> tuple[float, float, float]:
    """From each candidate pair's mean ``m`` and spread ``s`` of the paired differences
    over ``deals`` playouts: the typical true difference ``sqrt(mean(m**2 - s**2 /
    deals))`` (``m**2`` overstates the true square by the mean's variance), the
    typical spread ``sqrt(mean(s**2))``, and the playouts a candidate that put that
    difference 2 standard errors from 0 (infinite when no difference shows).

    Differences of 1.5 points either way, each playout off by 6 points (normal): 64
    playouts tell them apart (``4 * 6**2 / 1.5**2``); 16 a decision over 4,000
    decisions recover it within its sampling error (about 4 %, here 1.3 errors):

    >>> rng = np.random.default_rng(1)
    >>> pairs = []
    >>> for _ in range(4000):
    ...     found = rng.choice([-1.5, 1.5]) + rng.normal(0, 6, 16)
    ...     pairs.append((found.mean(), found.std(ddof=1)))
    >>> [round(float(x), 2) for x in playouts_needed(pairs, 16)]
    [1.46, 5.98, 67.38]
    """
    squares = float(np.mean([m * m for m, _ in pairs]))
    spreads = float(np.mean([s * s for _, s in pairs]))
    true = squares - spreads / deals
    needed = 4 * spreads / true if true > 0 else math.inf
    return math.sqrt(max(true, 0.0)), math.sqrt(spreads), needed


def clear_pairs(pairs: list[tuple[float, float]], deals: int) -> tuple[int, int]:
    """How many pairs (each a mean ``m`` and spread ``s`` of ``deals`` paired
    differences) fall below 0 and how many above by more than the expert's guard,
    ``student_errors(2, deals)`` standard errors.

    With no true difference each side holds about 2.3 % of the pairs (the normal
    tail beyond 2): of 4,000 pairs of 16 normal playouts, 91 each way give or take
    10.

    >>> rng = np.random.default_rng(2)
    >>> pairs = []
    >>> for _ in range(4000):
    ...     found = rng.normal(0, 6, 16)
    ...     pairs.append((found.mean(), found.std(ddof=1)))
    >>> clear_pairs(pairs, 16)
    (100, 92)
    """
    limit = student_errors(2, deals) / math.sqrt(deals)
    below = sum(bool(m < -limit * spread) for m, spread in pairs)
    above = sum(bool(m > limit * spread) for m, spread in pairs)
    return below, above


def split_gain(differences: np.ndarray, guard: float = 0.0) -> float:
    """What a search over one decision's candidates gains, judged on half the
    playouts and measured on the other half (then the halves swapped, the two
    averaged): ``differences`` holds each rival's paired differences from the first
    candidate (rivals x playouts; lower is better). The search takes the rival
    with the lowest mean on its half when that is below 0 by ``guard`` standard
    errors, else the first; the gain is minus the taken rival's mean on the other
    half (0 for the first). The half that measures never chose, so the estimate is
    unbiased: the true gain of such a search with half the playouts a candidate.

    One rival truly 3 points better, playouts spread by 6: with 8 playouts a half,
    its half mean is below 0 with the chance ``Phi(3 / (6 / sqrt(8))) = 0.921``, so
    the gain is ``3 * 0.921 = 2.76``. With no true difference the gain is 0, however
    the search chooses:

    >>> rng = np.random.default_rng(3)
    >>> better = [split_gain(rng.normal(-3, 6, (1, 16))) for _ in range(4000)]
    >>> none = [split_gain(rng.normal(0, 6, (2, 16))) for _ in range(4000)]
    >>> round(float(np.mean(better)), 2), round(float(np.mean(none)), 2)
    (2.72, 0.03)

    (Each mean is off by about 0.04, its standard error.)
    """
    half = differences.shape[1] // 2
    halves = (differences[:, :half], differences[:, half : 2 * half])
    gains = []
    for chooser, measure in (halves, halves[::-1]):
        means = chooser.mean(axis=1)
        errors = chooser.std(axis=1, ddof=1) / math.sqrt(half)
        best = int(np.argmin(means))
        taken = means[best] < -guard * errors[best]
        gains.append(-float(measure[best].mean()) if taken else 0.0)
    return sum(gains) / 2


Rollouts = dict[tuple[str, int, int], dict[str, float]]
"""What ``rollouts`` finds, by phase and the round sizes of :data:`SIZES`."""

ROLLOUT_TABLES = ("lookahead", "mixed")
"""The tables ``rollouts`` plays: four lookahead bots, or the lookahead bot (seat 0)
with another lookahead, an advisor and a heuristic bot (their order from
:data:`ORDERS`, a game each in turn)."""


def rollouts(
    games: int, deals: int, seed: int, table: str = "lookahead", top: int = 2
) -> tuple[Rollouts, dict[str, tuple[float, tuple[float, float]]], float]:
    """By phase and round size: the candidate pairs, the typical true difference
    between candidates, the typical spread of a playout's difference, the playouts
    a candidate that tell them apart, the pairs where the other candidate is
    clearly better and clearly worse. Then the points a game a search of these
    candidates would gain with ``deals // 2`` playouts each (:func:`split_gain`,
    summed over a game's decisions; its mean over the games and the 95 %
    interval), taking the best rival as it comes (``"plain"``) or behind the
    expert's guard (``"guarded"``); and the milliseconds a playout. The playouts
    play every seat as the table does, so they know the opponents' bots. ``top``
    is the expert's: the discards searched beside the lookahead's."""
    rng = np.random.default_rng(seed)
    rows: dict[tuple[str, int, int], list[tuple[float, float]]] = {}  # -> (m, s) pairs
    guard = student_errors(2, deals // 2)
    gains: dict[str, list[float]] = {"plain": [], "guarded": []}  # a game each
    spent, played = 0.0, 0
    for number in range(games):
        game = tt.Game("pagat", players=4, seed=seed + number)
        if table == "lookahead":
            makers = [tt.LookaheadBot] * 4
        else:
            makers = [MAKERS[who] for who in ORDERS[number % len(ORDERS)]]
        bots = [make(seed + number) for make in makers]
        for name in gains:
            gains[name].append(0.0)
        searcher = tt.ExpertBot(seed + number, top=top)  # its candidates for seat 0's turns
        while not game.is_over:
            player = game.to_move
            assert player is not None
            view, legal = game.view(player), game.legal_actions()
            found: list[tt.Action] = []
            if player == 0 and view.first_out is None:
                found = searcher.candidates(view, legal)
            if len(found) > 1:
                started = time.perf_counter()
                sampled = [view.sample(rng, weighted=True) for _ in range(deals)]
                values = np.array(
                    [[_played_out(d, view, a, seed, makers) for d in sampled] for a in found]
                )
                spent += time.perf_counter() - started
                played += deals * len(found)
                size = next(s for s in SIZES if s[0] <= view.cards_dealt <= s[1])
                key = (view.phase, *size)
                differences = values[1:] - values[0]
                for other in differences:
                    rows.setdefault(key, []).append((other.mean(), other.std(ddof=1)))
                gains["plain"][-1] += split_gain(differences)
                gains["guarded"][-1] += split_gain(differences, guard)
            action = bots[player].act(view, legal)
            if player == 0:
                assert len(found) < 2 or action == found[0], "the lookahead chose otherwise"
                searcher.note_draw(view, action)
            game.apply(action)
    summary: Rollouts = {}
    for key, found_rows in sorted(rows.items()):
        difference, spread, needed = playouts_needed(found_rows, deals)
        better, worse = clear_pairs(found_rows, deals)
        summary[key] = {
            "pairs": len(found_rows),
            "difference": difference,
            "spread": spread,
            "playouts": needed,
            "better": better,
            "worse": worse,
        }
    per_game = {}
    for name, found_gains in gains.items():
        total = sum(found_gains)
        squares = sum(gain * gain for gain in found_gains)
        mean, interval = mean_interval(len(found_gains), total, squares)
        assert mean is not None, "at least one game"
        assert interval is not None, "at least two games"
        per_game[name] = (mean, interval)
    return summary, per_game, 1000 * spent / max(played, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    pace_parser = commands.add_parser("pace")
    pace_parser.add_argument("--players", type=int, default=4)
    pace_parser.add_argument("--games", type=int, default=60)
    pace_parser.add_argument("--seed", type=int, default=1000)
    rounds_parser = commands.add_parser("rounds")
    rounds_parser.add_argument("--games", type=int, default=240)
    rounds_parser.add_argument("--seed", type=int, default=500)
    oracle_parser = commands.add_parser("oracle")
    oracle_parser.add_argument("--deals", type=int, default=1008)
    oracle_parser.add_argument("--seed", type=int, default=5)
    rollouts_parser = commands.add_parser("rollouts")
    rollouts_parser.add_argument("--games", type=int, default=8)
    rollouts_parser.add_argument("--deals", type=int, default=16)
    rollouts_parser.add_argument("--seed", type=int, default=77)
    rollouts_parser.add_argument("--table", choices=ROLLOUT_TABLES, default="lookahead")
    rollouts_parser.add_argument("--top", type=int, default=2)
    args = parser.parse_args()
    started = time.perf_counter()
    if args.command == "pace":
        pairs = pace(args.players, args.games, args.seed)
        print(f"{len(pairs)} discards, {args.players} players, {args.games} games")
        print("| predicted bin | predictions | mean predicted | observed [95%] |")
        print("|---|--:|--:|---|")
        for row in calibration(pairs, BINS):
            (low, high), (lo, hi) = row["bin"], row["interval"]
            print(
                f"| {low:.2f}-{high:.2f} | {row['count']:,} | {row['predicted']:.3f} "
                f"| {row['observed']:.3f} [{lo:.3f}, {hi:.3f}] |"
            )
    elif args.command == "rounds":
        for name, (share, score) in rounds(args.games, args.seed).items():
            print(f"{name}: first out in {share:.1%} of the rounds, {score:.2f} a round otherwise")
    elif args.command == "rollouts":
        found, gained, milliseconds = rollouts(
            args.games, args.deals, args.seed, args.table, args.top
        )
        print(f"one playout: {milliseconds:.1f} ms")
        for name, (mean, (low, high)) in gained.items():
            print(
                f"a {name} search, {args.deals // 2} playouts a candidate: "
                f"{mean:+.2f} ({low:+.2f} to {high:+.2f}) points a game"
            )
        print(
            "| decision | cards | pairs | difference | spread | playouts a candidate "
            "| better | worse |"
        )
        print("|---|---|--:|--:|--:|--:|--:|--:|")
        for (phase, low, high), row in found.items():
            decision = "draw" if phase == "draw" else "discard"
            print(
                f"| {decision} | {low}-{high} | {row['pairs']:,} | {row['difference']:.2f} "
                f"| {row['spread']:.2f} | {row['playouts']:.0f} | {row['better']} "
                f"| {row['worse']} |"
            )
    else:
        for pair, found in oracle(args.deals, args.seed).items():
            low, high = found["interval"]
            print(f"{pair}: {found['margin']:+.2f} ({low:+.2f} to {high:+.2f})")
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
