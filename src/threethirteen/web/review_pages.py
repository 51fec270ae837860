"""The review page's routes: a game of a file stepped through action by action, and
its review (the one the record carries, or one worked out on the server's pool).

A game is opened by its file (a file named on the command line, or an upload's id:
:func:`threethirteen.web.files.load`) and its index (``game``: 0 for a record; for a
games file or results, the game's own ``index``, as the results page links it). Everything is
worked out by the library's public API: the record is checked by
:meth:`Game.from_record <threethirteen.Game.from_record>`, then replayed step by step
on a game made by :meth:`Game.dealt <threethirteen.Game.dealt>` (each round dealt by
:meth:`~threethirteen.Game.deal` as the record says, each action applied), so each
step shows the table as the game had it after that action (:func:`game_steps`); the
review is :func:`threethirteen.review` (``tt.review``), or
:func:`threethirteen.review.reviewer.from_analysis` for a record that carries one,
sent as :meth:`Review.to_dict <threethirteen.review.report.Review.to_dict>` writes it.

Routes (GET reads, POST starts or stops work):

* ``GET /api/review/game?file=NAME&game=N``: the game (:func:`game_answer`): its
  players' names, rules, rounds, steps, and ``analysis``, the stored review as
  ``Review.to_dict()`` (``null`` when the record carries none).
* ``POST /api/review/start`` with ``{"file": NAME, "game": N, "level": "quick" |
  "full", "deals": D, "seed": S}`` (``level`` default ``"quick"``, ``deals`` and
  ``seed`` only at the full level, default 96 and 0): a review job on the server's
  pool; the answer is the job's state (below). The same request while its job is kept
  answers that job again (a quick review is worked out once). At most one full
  review runs at a time on a server (409 while one runs: wait, or cancel it).
* ``GET /api/review/job/<id>``: the job's state, ``{"job", "level", "status":
  "running" | "done" | "failed" | "cancelled", "done", "total", "review", "error"}``,
  ``review`` the ``Review.to_dict()`` once done.
* ``POST /api/review/cancel`` with ``{"job": id}``: stop a job (it stops before its
  next batch of decisions).

>>> import threethirteen as tt
>>> game = tt.Game("pagat", players=2, seed=7)
>>> game.apply("draw discard")
>>> steps = game_steps(game.to_record())
>>> [(step["kind"], step["action"], step["hands"][1]) for step in steps]
[('deal', None, ['7c', '2d', '3d']), ('action', 'draw discard', ['7c', '8c', '2d', '3d'])]
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sized
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from typing import Any, ParamSpec, TypeVar

import threethirteen as tt

from .._validate import MAX_SEED, check_int, quote
from ..engine.records import record_names
from ..errors import InvalidInputError
from ..review.reviewer import DEFAULT_DEALS, LEVELS, from_analysis
from . import files
from .routing import Context, HttpError, Request, Response, Route, json_response
from .sessions import SessionStore

__all__ = [
    "MAX_DEALS",
    "MAX_JOBS",
    "ROUTES",
    "ReviewCancelled",
    "ReviewJob",
    "game_answer",
    "game_steps",
    "open_record",
]

MAX_JOBS = 32
"""The review jobs kept at once (the longest idle one is dropped beyond)."""
MAX_DEALS = 1000
"""The most deals a decision a full review on the server may ask for."""

_P = ParamSpec("_P")
_T = TypeVar("_T")


# -- the game, step by step ------------------------------------------------------------------


def _state(game: tt.Game) -> dict[str, Any]:
    """What the table shows: each hand (by suit, then rank), each pile's top card, the
    stock's size, the melds on the table, the totals, who is to move."""
    return {
        "hands": [
            [str(card) for card in sorted(game.hand(seat), key=lambda card: card.code)]
            for seat in range(game.players)
        ],
        "piles": [str(pile[-1]) if pile else None for pile in game.piles],
        "stock": len(game.stock),
        "table": [meld.to_dict() for meld in game.table],
        "totals": list(game.totals),
        "to_move": game.to_move,
    }


def _round_end(game: tt.Game) -> dict[str, Any] | None:
    """The round's end and scores once it has ended (the game waits for the next deal,
    or is over), else ``None``."""
    if not (game.awaits_deal or game.is_over):
        return None
    data = game.round_record()
    return {"end": data["end"], "void": data["void"], "scores": data["scores"]}


def game_steps(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The game of ``record`` step by step: a step for each round's deal, then one for
    each entry of its actions (a player's action, or a reshuffle), each with the table
    as it stands after it.

    A step is ``{"round": i, "number": n, "index": j, "kind": "deal" | "action" |
    "reshuffle", "player": p, "action": text, "hands": [[card, ...], ...], "piles":
    [top card or None, ...], "stock": count, "table": [{"owner": p, "cards": [...]},
    ...], "totals": [...], "to_move": p, "round_end": None | {"end", "void",
    "scores"}}``: ``i`` the round record's index, ``j`` the entry's index in its
    ``"actions"`` (``None`` for a deal; a review's decisions name the same pair),
    ``round_end`` set on the step that ends the round.

    :raises InvalidRecordError: for a record that does not replay (the library's
        message).

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> for text in ["draw discard", "discard 2d out", "draw stock", "discard Kh"]:
    ...     game.apply(text)
    >>> last = game_steps(game.to_record())[4]
    >>> last["action"], last["hands"], last["round_end"]
    ('discard Kh', [['6d', 'Jh', '6s'], []], {'end': 'out', 'void': False, 'scores': [22, 0]})
    >>> last["table"]
    [{'owner': 1, 'cards': ['7c', '8c', '3d=9c']}]
    """
    checked = tt.Game.from_record(record)  # every deal, action and score checked
    seed = record["seed"]
    game = tt.Game.dealt(checked.rules, checked.players, seed=seed, max_turns=checked.max_turns)
    steps: list[dict[str, Any]] = []
    for position, data in enumerate(record["rounds"]):
        actions = data["actions"]
        if seed is None:
            deal = data["deal"]
            stocks = [entry["stock"] for entry in actions if entry.get("type") == "reshuffle"]
            game.deal(deal["hands"], deal["upcard"], deal["stock"], stocks)
        else:
            game.deal()
        where = {"round": position, "number": data["number"], "wild": data["wild"]}
        steps.append(
            {
                **where,
                "index": None,
                "kind": "deal",
                "player": None,
                "action": None,
                **_state(game),
                "round_end": _round_end(game),
            }
        )
        for index, entry in enumerate(actions):
            if entry.get("type") == "reshuffle":
                kind, player, text = "reshuffle", None, None
            else:
                action = tt.Action.from_dict(entry)
                game.apply(action, entry["player"])
                kind, player, text = "action", entry["player"], str(action)
            step = {
                **where,
                "index": index,
                "kind": kind,
                "player": player,
                "action": text,
                **_state(game),
                "round_end": _round_end(game),
            }
            following = actions[index + 1] if index + 1 < len(actions) else None
            if following is not None and following.get("type") == "reshuffle":
                step["stock"] = 0  # (the game reshuffles at once; the record's next entry)
            steps.append(step)
    return steps


def open_record(context: Context, name: object, game: object) -> tuple[files.LoadedFile, int]:
    """The file ``name`` and the place of its game ``game`` in it: ``game`` is the
    game's index (an int, or its text), as the file's games give it
    (``GameResult.index``: 0 for a record, the tournament's numbering for a games file
    or results, whatever order its lines are in); its record is
    ``loaded.records[place]``.

    :raises HttpError: 400 for a game that is not a whole number, 404 for a file not
        known, a game the file does not hold, or a game kept without its record.
    :raises InvalidRecordError: for a file that is not a record, games or results.

    >>> open_record(Context(files={}), "x.json", "first")
    Traceback (most recent call last):
    ...
    threethirteen.web.routing.HttpError: the game must be an int, not 'first'
    """
    if isinstance(game, str):
        text = game.strip()
        number: object = int(text) if text.lstrip("-").isdigit() and len(text) < 12 else game
    else:
        number = game
    try:
        place = check_int("the game", number, 0)
    except InvalidInputError as error:
        raise HttpError(400, str(error)) from None
    if not isinstance(name, str) or not name:
        raise HttpError(400, f"the file must be a file's name, not {quote(name)}")
    loaded = files.load(context, name)
    indexes = [result.index for result in loaded.games]
    if place not in indexes:
        if not indexes:
            held = "it holds no game"
        elif len(indexes) == 1:
            held = f"it holds one game, {indexes[0]}"
        else:
            held = f"its games are numbered {min(indexes)} to {max(indexes)}"
        raise HttpError(404, f"no game {place} in {quote(loaded.name)}: {held}")
    position = indexes.index(place)
    if loaded.records[position] is None:
        raise HttpError(
            404, f"game {place} of {quote(loaded.name)} was kept without its record: no review"
        )
    return loaded, position


def _names(record: Mapping[str, Any]) -> list[str]:
    names = record_names(record)
    if names is not None:
        return list(names)
    players = int(record["rules"]["players"])
    return [f"player {seat}" for seat in range(players)]


def game_answer(context: Context, name: object, game: object) -> dict[str, Any]:
    """The game ``game`` of file ``name`` as ``GET /api/review/game`` answers it:
    ``{"file", "name", "kind", "game", "games": [each game of the file, as
    files.game_summary writes it], "names", "rules", "seed", "rounds": [{"number",
    "wild", "cards_dealt", "dealer", "scores", "void"}], "steps": game_steps(...),
    "totals", "winners", "analysis": Review.to_dict() or None}``.

    :raises HttpError: as :func:`open_record`.
    :raises InvalidRecordError: for a record that does not replay, or an analysis that
        does not fit it.

    >>> game_answer(Context(files={}), "x.json", -1)
    Traceback (most recent call last):
    ...
    threethirteen.web.routing.HttpError: the game must be at least 0, not -1
    """
    loaded, place = open_record(context, name, game)
    record = loaded.records[place]
    assert record is not None  # (open_record refuses a game without one)
    index = loaded.games[place].index
    steps = game_steps(record)
    analysis = from_analysis(record).to_dict() if record.get("analysis") is not None else None
    return {
        "file": name,
        "name": loaded.name,
        "kind": loaded.kind,
        "game": index,
        "games": [
            files.game_summary(result, kept is not None)
            for result, kept in zip(loaded.games, loaded.records, strict=True)
        ],
        "names": _names(record),
        "rules": record["rules"],
        "seed": record["seed"],
        "rounds": [
            {
                "number": data["number"],
                "wild": data["wild"],
                "cards_dealt": data["cards_dealt"],
                "dealer": data["dealer"],
                "scores": data["scores"],
                "void": data["void"],
            }
            for data in record["rounds"]
        ],
        "steps": steps,
        "totals": record["totals"],
        "winners": record["winners"],
        "analysis": analysis,
    }


# -- review jobs ----------------------------------------------------------------------------


class ReviewCancelled(Exception):
    """A job's review stopped because the job was cancelled (raised inside the job,
    never to a page: the job's state says ``"cancelled"``).

    >>> isinstance(ReviewCancelled(), Exception)
    True
    """


@dataclass
class ReviewJob:
    """One review worked out on the server's pool: its request, its progress and, once
    done, the review (``Review.to_dict()``) or the error's message.

    >>> job = ReviewJob(("x.json", 0, "quick", 0, 0), "quick", total=10)
    >>> job.advance(4)
    >>> job.state("j1")["done"], job.state("j1")["status"]
    (4, 'running')
    """

    key: tuple[str, int, str, int, int]
    level: str
    total: int
    done: int = 0
    status: str = "running"
    review: dict[str, Any] | None = None
    error: str | None = None
    cancelled: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def advance(self, count: int) -> None:
        """Count ``count`` more decisions weighed."""
        with self.lock:
            self.done = min(self.total, self.done + count)

    def finish(self, status: str, review: dict[str, Any] | None, error: str | None) -> None:
        """End the job with ``status`` and its review or error."""
        with self.lock:
            self.status, self.review, self.error = status, review, error
            if review is not None:
                self.done = self.total

    def state(self, key: str) -> dict[str, Any]:
        """The job as ``GET /api/review/job/<id>`` answers it."""
        with self.lock:
            return {
                "job": key,
                "level": self.level,
                "status": self.status,
                "done": self.done,
                "total": self.total,
                "review": self.review,
                "error": self.error,
            }

    @property
    def running(self) -> bool:
        """Whether the job is still working."""
        with self.lock:
            return self.status == "running"


class _CountingExecutor(Executor):
    """The executor a job hands to ``tt.review``: each batch of decisions is weighed at
    once, on the job's own thread, and counted; a cancelled job stops at the next
    batch, and so does every job once the server's pool is shut down."""

    def __init__(self, job: ReviewJob, pool: Executor | None = None) -> None:
        self.job = job
        self.pool = pool

    def _pool_open(self) -> bool:
        """Whether the server's pool still takes work: once it is shut down (the server
        closed, or the interpreter exiting, which waits for the pool's threads) its
        ``submit`` raises, and the job stops."""
        if self.pool is None:
            return True
        try:
            self.pool.submit(int)
        except RuntimeError:
            return False
        return True

    def submit(self, fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> Future[_T]:
        if self.job.cancelled or not self._pool_open():
            raise ReviewCancelled
        future: Future[_T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:  # (handed on: tt.review raises it)
            future.set_exception(error)
        batch = args[0] if args else None
        self.job.advance(len(batch) if isinstance(batch, Sized) else 1)
        return future


@dataclass
class _Jobs:
    """The review feature's state: the jobs kept, each request's job, the full review
    running (at most one)."""

    store: SessionStore = field(default_factory=lambda: SessionStore(max_sessions=MAX_JOBS))
    by_key: dict[tuple[str, int, str, int, int], str] = field(default_factory=dict)
    full: ReviewJob | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)


def _jobs(context: Context) -> _Jobs:
    jobs: _Jobs = context.feature_state("review", _Jobs)
    return jobs


def _run(
    job: ReviewJob,
    record: Mapping[str, Any],
    deals: int | None,
    seed: int,
    pool: Executor | None = None,
) -> None:
    try:
        found = tt.review(
            record,
            level=job.level,
            deals=deals,
            seed=seed,
            executor=_CountingExecutor(job, pool),
        )
    except ReviewCancelled:
        job.finish("cancelled", None, "the review was cancelled")
    except InvalidInputError as error:
        job.finish("failed", None, str(error))
    except Exception:  # (the server's log has it; the page gets no traceback)
        import traceback

        traceback.print_exc()
        job.finish("failed", None, "internal error: see the server's log")
    else:
        job.finish("done", found.to_dict(), None)


def _options(body: Mapping[str, Any]) -> tuple[str, int | None, int]:
    level = body.get("level", "quick")
    if not isinstance(level, str) or level not in LEVELS:
        raise HttpError(400, f"the level must be 'quick' or 'full', not {quote(level)}")
    if level == "quick":
        for name in ("deals", "seed"):
            if body.get(name) is not None:
                raise HttpError(400, f"{name} is for a full review, not a quick one")
        return "quick", None, 0
    deals = body.get("deals")
    deals = DEFAULT_DEALS if deals is None else check_int("deals", deals, 1, MAX_DEALS)
    seed = body.get("seed")
    seed = 0 if seed is None else check_int("the seed", seed, 0, MAX_SEED)
    return "full", deals, seed


def _start(context: Context, request: Request) -> Response:
    body = request.json()
    if not isinstance(body, dict):
        raise HttpError(400, f"a review's request is an object, not {quote(body)}")
    unknown = sorted(set(body) - {"file", "game", "level", "deals", "seed"})
    if unknown:
        raise HttpError(400, f"a review's request has no field {quote(unknown[0])}")
    level, deals, seed = _options(body)
    loaded, place = open_record(context, body.get("file"), body.get("game", 0))
    record = loaded.records[place]
    assert record is not None
    tt.Game.from_record(record)  # (a record that does not replay: 400 now, not in the job)
    key = (str(body["file"]), place, level, deals or 0, seed)
    jobs = _jobs(context)
    with jobs.lock:
        kept = jobs.by_key.get(key)
        if kept is not None and kept in jobs.store:
            job: ReviewJob = jobs.store.get(kept)
            if job.status in ("running", "done"):
                return json_response(job.state(kept))
        if level == "full" and jobs.full is not None and jobs.full.running:
            running = jobs.full
            raise HttpError(
                409,
                f"a full review is running already ({running.done} of {running.total}"
                " decisions): wait for it to end, or cancel it",
            )
        total = sum(
            1
            for data in record["rounds"]
            for entry in data["actions"]
            if entry.get("type") != "reshuffle"
        )
        job = ReviewJob(key, level, total)
        ident = jobs.store.create(job)
        jobs.by_key = {k: v for k, v in jobs.by_key.items() if v in jobs.store}
        jobs.by_key[key] = ident
        if level == "full":
            jobs.full = job
    if context.executor is None:
        _run(job, record, deals, seed)
    else:
        context.executor.submit(_run, job, record, deals, seed, context.executor)
    return json_response(job.state(ident))


def _find_job(context: Context, ident: str) -> ReviewJob:
    try:
        job: ReviewJob = _jobs(context).store.get(ident)
    except HttpError:
        raise HttpError(
            404, f"no review job {quote(ident)}: it ended or expired (start the review again)"
        ) from None
    return job


def _job(context: Context, request: Request) -> Response:
    ident = request.path[len("/api/review/job/") :]
    return json_response(_find_job(context, ident).state(ident))


def _cancel(context: Context, request: Request) -> Response:
    body = request.json()
    ident = body.get("job") if isinstance(body, dict) else None
    if not isinstance(ident, str):
        raise HttpError(400, f"a cancel request is {{'job': id}}, not {quote(body)}")
    job = _find_job(context, ident)
    job.cancelled = True
    return json_response(job.state(ident))


def _game(context: Context, request: Request) -> Response:
    return json_response(game_answer(context, request.param("file"), request.param("game", "0")))


ROUTES: tuple[Route, ...] = (
    Route("GET", "/api/review/game", _game),
    Route("POST", "/api/review/start", _start),
    Route("GET", "/api/review/job/", _job, prefix=True),
    Route("POST", "/api/review/cancel", _cancel),
)
"""The review page's routes."""
