"""The reviewer: every decision of a played game weighed, labelled and summarised
(:func:`review`, at the top as ``threethirteen.review``).

A *decision* is one action of the record (a draw, a discard, going out included, a
meld laid or a card laid off under table play), taken by a player reviewed. Its
*candidates* are every action legal at that point (:meth:`Game.legal_actions
<threethirteen.Game.legal_actions>`: both draws; each card's discard, and going out
with it where that is legal, as a candidate of its own; under table play each meld
and lay-off the engine lists, so a table play is weighed against every other play,
"no table play" included), and the action taken when the engine lists it in another
form (a going out with its melds written out, a longer meld): at most
:data:`~threethirteen.review.report.MAX_CANDIDATES` are kept (the best by value, the
action taken always). The candidates are weighed from the player's view at that
point alone (:mod:`threethirteen.review.values`): at the full level, on ``deals``
common sampled deals played out by the playout policy (values in points of the
round's margin); at the quick level by the lookahead's exact one-draw values. The
*loss* is the taken candidate's value less the best's, never negative; its error
the standard error of the paired differences; the label and the player's accuracy
are :mod:`threethirteen.review.report`'s.

**Determinism.** A decision's deals come from a generator seeded by ``(seed, round
record, action index)``: the same seed gives the same values whichever players are
reviewed, in whatever order, on whatever executor.

**Default precision.** :data:`DEFAULT_DEALS` (96) deals a decision: a seeded
two-player game of 11 rounds (lookahead against heuristic, seed 3: 246 decisions,
1389 candidates) is reviewed, both players, in 18.3 s of CPU time at the full level
and 0.47 s at the quick level (``time.process_time``, on a machine with a load of
about 5.5 on 2 cores; ``python benchmarks/test_review_speed.py speed``), within the
30 s and 2 s aimed at. At 96 deals a typical loss's standard error is 0.3 to 1.5
points: enough to tell a mistake (5 points) from nothing.

**How often the labels occur**, per 100 decisions of each built-in bot in its own
games (the bot against itself, 2 players, pagat, full level at the default deals;
3 games a bot, seeds 1 to 3; the random bot's game, which runs to the stock's end
round after round, its first 600 actions; ``python
benchmarks/test_review_speed.py labels 3``):

========= ========= ========= ========== ======== ======== ========
bot       decisions mean loss inaccuracy mistake  blunder  accuracy
========= ========= ========= ========== ======== ======== ========
random    600       1.793     8.50       5.17     4.33     40.8
greedy    726       0.496     3.17       0.69     0.14     78.0
heuristic 694       0.354     1.44       0.58     0.00     83.8
advisor   716       0.327     1.54       0.56     0.00     84.9
lookahead 658       0.244     0.76       0.15     0.00     88.5
expert    642       0.234     0.93       0.00     0.00     89.0
========= ========= ========= ========== ======== ======== ========

The mean loss a decision ranks the bots as tournaments do (random, greedy,
heuristic, advisor, lookahead, expert; the last two, and advisor and heuristic, are
close at this size). A blunder is all but never the bots' (one in 700 decisions of
greedy) and one in 23 of random play's; about a third of every bot's decisions show
a loss above 0, mostly the deals' noise (the best of several close candidates,
each measured with its error), which the labels' significance rule (three standard
errors) leaves unlabelled.

>>> import threethirteen as tt
>>> game = tt.play(["greedy", "random"], seed=1, max_turns=50)
>>> found = review(game, level="quick")
>>> found.level, found.players, len(found.summaries)
('quick', (0, 1), 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass, replace
from typing import Any

from .._validate import MAX_SEED, check_int, is_iterable, items, quote
from ..engine.actions import Action, DrawStock
from ..engine.game import Game, PlayerView
from ..engine.records import check_analysis, record_analysis
from ..errors import InvalidInputError, InvalidRecordError
from ..hands.cards import CARDS, Card
from .facts import decision_facts
from .report import (
    MAX_CANDIDATES,
    Decision,
    Review,
    Weighed,
    label_for,
    summarise,
)
from .values import decision_rng, mean_error, paired, quick_values, weigh
from .words import decision_words

__all__ = [
    "DEFAULT_DEALS",
    "LEVELS",
    "Task",
    "from_analysis",
    "review",
    "tasks",
    "weigh_task",
    "weigh_tasks",
]

DEFAULT_DEALS = 96
"""The deals a decision at the full level when ``deals`` is not given: a two-player
game of 11 rounds in about 18 s of CPU time (see the module's documentation)."""

LEVELS = ("full", "quick")
"""The levels of a review."""

_CHUNK = 8
"""Decisions sent to an executor at a time."""


@dataclass(frozen=True)
class Task:
    """One decision to weigh: its place, the player, the phase, the player's view
    then, the legal actions then and the action taken. Plain data, picklable (an
    executor's workers get it)."""

    round: int
    index: int
    player: int
    phase: str
    view: PlayerView
    legal: tuple[Action, ...]
    action: Action
    drawn: Card | None = None
    """For a stock draw, the card drawn (for the facts: the player sees it once drawn;
    the values never use it)."""


def _record_of(record_or_game: object) -> Mapping[str, Any]:
    if isinstance(record_or_game, Game):
        return record_or_game.to_record()
    if isinstance(record_or_game, Mapping):
        Game.from_record(record_or_game)  # every deal, action and score checked
        return record_or_game
    raise InvalidInputError(
        f"review takes a game record (a dict) or a Game, not {quote(record_or_game)}"
    )


def _cut(record: Mapping[str, Any], round_: int, index: int) -> dict[str, Any]:
    """The record cut before action ``index`` of round record ``round_``: what
    :meth:`Game.from_record` replays to the point of that action."""
    rounds = record["rounds"]
    players = record["rules"]["players"]
    totals = [0] * players
    for data in rounds[:round_]:
        if not data["void"] and data["scores"] is not None:
            totals = [total + score for total, score in zip(totals, data["scores"], strict=True)]
    data = rounds[round_]
    cut = {key: value for key, value in record.items() if key != "analysis"}
    cut["version"] = 1  # (a record without its analysis is a version 1 record)
    cut["rounds"] = [
        *rounds[:round_],
        {**data, "actions": data["actions"][:index], "end": None, "void": False, "scores": None},
    ]
    cut["totals"] = totals
    cut["winners"] = None
    return cut


def tasks(record: Mapping[str, Any], players: Iterable[int]) -> Iterator[Task]:
    """The decisions of ``players`` in a (checked) ``record``, in the game's order,
    each with the game at that point seen by its player.

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> game.apply("draw discard")
    >>> [(t.round, t.index, t.player, t.phase, str(t.action))
    ...  for t in tasks(game.to_record(), [0, 1])]
    [(0, 0, 1, 'draw', 'draw discard')]
    """
    chosen = set(players)
    for round_, data in enumerate(record["rounds"]):
        entries = data["actions"]
        game: Game | None = None
        for index, entry in enumerate(entries):
            if entry.get("type") == "reshuffle":
                game = None  # the game at the next action: replayed with the reshuffle
                continue
            if game is None:
                game = Game.from_record(_cut(record, round_, index))
            player = entry["player"]
            action = Action.from_dict(entry)
            view = game.view(player) if player in chosen else None
            legal = tuple(game.legal_actions()) if view is not None else ()
            phase = game.phase
            following = entries[index + 1] if index + 1 < len(entries) else None
            drawn = None
            if isinstance(action, DrawStock):  # (a draw never ends a round)
                before = game.hand(player).counts()
                game.apply(action, player)
                after = game.hand(player).counts()
                drawn = next(
                    CARDS[code] for code in range(len(after)) if after[code] > before[code]
                )
            elif following is not None and following.get("type") == "reshuffle":
                game = None
            elif following is not None:
                game.apply(action, player)
            if view is not None:
                yield Task(round_, index, player, phase, view, legal, action, drawn)


def _candidates(task: Task) -> tuple[list[Action], int]:
    """The candidates of a decision and the index of the action taken among them."""
    candidates = list(task.legal)
    if task.action in candidates:
        return candidates, candidates.index(task.action)
    candidates.append(task.action)
    return candidates, len(candidates) - 1


def weigh_task(task: Task, level: str, deals: int, seed: int) -> Decision:
    """One decision weighed (see the module's documentation): its candidates with
    their values, best first, the loss, its error, the label, the facts and the
    words.

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> game.apply("draw discard")
    >>> task = next(tasks(game.to_record(), [1]))
    >>> decision = weigh_task(task, "quick", 0, 0)
    >>> str(decision.best), decision.loss
    ('draw discard', 0.0)
    """
    candidates, taken = _candidates(task)
    if level == "quick":
        values = [value for _, value in quick_values(task.view, candidates)]
        errors = [0.0] * len(candidates)
        order = sorted(range(len(candidates)), key=lambda c: (values[c], c != taken))
        best = order[0]
        loss, error = values[taken] - values[best], 0.0
    else:
        rows = weigh(task.view, candidates, deals, decision_rng(seed, task.round, task.index))
        summed = [mean_error(row) for row in rows]
        values = [mean for mean, _ in summed]
        errors = [error for _, error in summed]
        order = sorted(range(len(candidates)), key=lambda c: (values[c], c != taken))
        best = order[0]  # (the action taken, when it ties with the best)
        if best == taken:
            loss, error = 0.0, 0.0
        else:
            loss, error = paired(rows[taken], rows[best])
    loss = max(0.0, loss)
    kept = order[:MAX_CANDIDATES]
    if taken not in kept:
        kept = [*kept[: MAX_CANDIDATES - 1], taken]
    weighed = tuple(Weighed(candidates[c], values[c], errors[c]) for c in kept)
    return _decision(task, weighed, candidates[best], loss, error)


def _decision(
    task: Task, weighed: tuple[Weighed, ...], best: Action, loss: float, error: float
) -> Decision:
    """The decision of ``task`` weighed: its label, exact facts and words added."""
    facts = decision_facts(task.view, task.legal, task.action, drawn=task.drawn)
    label = label_for(loss, error)
    return Decision(
        round=task.round,
        index=task.index,
        player=task.player,
        phase=task.phase,
        action=task.action,
        candidates=weighed,
        best=best,
        loss=loss,
        error=error,
        label=label,
        facts=facts,
        words=decision_words(task.view, task.action, best, loss, facts, label),
    )


def weigh_tasks(batch: Sequence[Task], level: str, deals: int, seed: int) -> list[Decision]:
    """:func:`weigh_task` of each task of ``batch``: the work an executor's worker
    does.

    >>> weigh_tasks([], "quick", 0, 0)
    []
    """
    return [weigh_task(task, level, deals, seed) for task in batch]


def _players(players: object, count: int) -> tuple[int, ...]:
    if players is None:
        return tuple(range(count))
    if not is_iterable(players):
        raise InvalidInputError(f"players must be a list of seats, not {quote(players)}")
    seats = [
        check_int("a player", seat, 0, count - 1)
        for seat in items(players, "players", InvalidInputError, count * 4)
    ]
    return tuple(sorted(set(seats)))


def _bar(total: int) -> Any:
    """A tqdm bar when tqdm is installed, else ``None``."""
    try:
        from tqdm import tqdm  # type: ignore[import-untyped]
    except ImportError:  # (an optional dependency: the progress extra)
        return None
    import sys

    return tqdm(total=total, unit="decision", file=sys.stderr)


def review(
    record_or_game: Mapping[str, Any] | Game,
    *,
    players: Iterable[int] | None = None,
    level: str = "full",
    deals: int | None = None,
    seed: int = 0,
    progress: bool = False,
    executor: Executor | None = None,
) -> Review:
    """Review a played game: every decision of ``players`` weighed from that player's
    view, each candidate's value, the best, the loss, its label, the facts, and a
    summary per player (see :mod:`threethirteen.review.reviewer` and
    :mod:`threethirteen.review.report`). At the top as ``threethirteen.review``
    (``tt.review(game)``: the function; its modules are
    ``threethirteen.review.report`` and the others, imported by name).

    :param record_or_game: a game record (as :meth:`Game.to_record
        <threethirteen.Game.to_record>` writes it; checked by replaying it) or a
        :class:`~threethirteen.Game` (its record).
    :param players: the seats to review (default: every player).
    :param level: ``"full"`` (sampled deals played out) or ``"quick"`` (the
        lookahead's exact values, no sampling).
    :param deals: the deals a decision at the full level, from 1 (default
        :data:`DEFAULT_DEALS`); ``None`` or 0 at the quick level.
    :param seed: the seed of the deals, an int from 0.
    :param progress: show a progress bar on standard error when tqdm is installed
        (the ``progress`` extra); nothing otherwise.
    :param executor: a :class:`concurrent.futures.Executor` to weigh decisions on
        (a process pool...): the review is the same as without it.
    :raises InvalidRecordError: for a record that does not replay.
    :raises InvalidInputError: for a bad option, naming it.

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> for text in ["draw discard", "discard 7c"]:  # 2d would go out
    ...     game.apply(text)
    >>> found = tt.review(game, players=[1], deals=200)
    >>> [(str(d.action), str(d.best), round(d.loss, 1), d.label) for d in found.decisions]
    [('draw discard', 'draw discard', 0.0, None), ('discard 7c', 'discard 2d out', 6.0, 'mistake')]
    """
    record = _record_of(record_or_game)
    count = record["rules"]["players"]
    if not isinstance(level, str) or level not in LEVELS:
        raise InvalidInputError(f"level must be 'full' or 'quick', not {quote(level)}")
    if level == "quick":
        if deals not in (None, 0) or isinstance(deals, bool):
            raise InvalidInputError(
                f"deals must be None or 0 at the quick level, not {quote(deals)}"
            )
        per_decision = 0
    else:
        per_decision = DEFAULT_DEALS if deals is None else check_int("deals", deals, 1, 1_000_000)
    seed = check_int("seed", seed, 0, MAX_SEED)
    if not isinstance(progress, bool):
        raise InvalidInputError(f"progress must be True or False, not {quote(progress)}")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise InvalidInputError(
            f"executor must be a concurrent.futures.Executor (with submit), not {quote(executor)}"
        )
    seats = _players(players, count)
    found = list(tasks(record, seats))
    bar = _bar(len(found)) if progress else None
    decisions: list[Decision] = []
    try:
        if executor is None:
            for task in found:
                decisions.append(weigh_task(task, level, per_decision, seed))
                if bar is not None:
                    bar.update(1)
        else:
            futures: list[Future[list[Decision]]] = [
                executor.submit(
                    weigh_tasks, found[start : start + _CHUNK], level, per_decision, seed
                )
                for start in range(0, len(found), _CHUNK)
            ]
            for future in futures:
                batch = future.result()
                decisions.extend(batch)
                if bar is not None:
                    bar.update(len(batch))
    finally:
        if bar is not None:
            bar.close()
    rounds = len(record["rounds"])
    return Review(
        level=level,
        deals=per_decision,
        seed=seed,
        players=seats,
        decisions=tuple(decisions),
        summaries=summarise(decisions, seats, rounds),
        rounds=rounds,
    )


def from_analysis(record: Mapping[str, Any], analysis: Mapping[str, Any] | None = None) -> Review:
    """The :class:`~threethirteen.review.report.Review` a record's ``"analysis"`` holds
    (the review :meth:`Review.to_analysis
    <threethirteen.review.report.Review.to_analysis>` wrote): its values, losses,
    labels and words as written, each decision's action and phase from the record,
    its exact facts worked out again (they are not written). The players reviewed
    are those the decisions name. (It lives here, not on
    :class:`~threethirteen.review.report.Review`: the facts need the reviewer's walk
    of the record, above the report's module.)

    :param record: a game record; its ``"analysis"`` is read unless ``analysis`` is
        given (checked against the record either way).
    :raises InvalidRecordError: for a record without an analysis, or an analysis
        that is not well formed or names actions the record does not hold.

    >>> import threethirteen as tt
    >>> from threethirteen.engine.records import with_analysis
    >>> game = tt.play(["greedy", "random"], seed=1, max_turns=50)
    >>> found = review(game, level="quick")
    >>> reviewed = with_analysis(game.to_record(), found.to_analysis())
    >>> from_analysis(reviewed) == found
    True
    """
    Game.from_record(record)  # (the record replays)
    if analysis is None:
        written = record_analysis(record)
        if written is None:
            raise InvalidRecordError("the record holds no analysis (a record of version 1)")
        analysis = written
    check_analysis(analysis, record["rounds"])
    items = {(item["round"], item["index"]): item for item in analysis["decisions"]}
    seats = tuple(sorted({item["player"] for item in analysis["decisions"]}))
    decisions = []
    for task in tasks(record, seats):
        item = items.get((task.round, task.index))
        if item is None:
            continue
        weighed = tuple(
            Weighed(Action.parse(one["action"]), float(one["value"]), float(one["error"]))
            for one in item["candidates"]
        )
        decision = _decision(
            task, weighed, Action.parse(item["best"]), float(item["loss"]), float(item["error"])
        )
        decisions.append(replace(decision, label=item["label"], words=item["words"]))
    rounds = len(record["rounds"])
    return Review(
        level=analysis["level"],
        deals=analysis["deals"],
        seed=analysis["seed"],
        players=seats,
        decisions=tuple(decisions),
        summaries=summarise(decisions, seats, rounds),
        rounds=rounds,
    )
