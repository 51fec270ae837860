"""Games between bots: one game (:func:`play`), and tournaments of many games with
honest intervals (:func:`tournament`), on one core or any
:class:`concurrent.futures.Executor`.

Every game's seed is derived from the tournament's seed and the game's index (a
BLAKE2b hash of the two), and every bot's seed from its game's seed and its seat,
so the results are the same whatever runs the games: serially, on threads, on
processes, or on a Dask or Ray cluster, in chunks of any size.

>>> import threethirteen as tt
>>> game = tt.play(["greedy", "random"], seed=3, max_turns=40)
>>> game.is_over, game.totals, game.winners
(True, (42, 317), (0,))
>>> results = tt.tournament(["greedy", "random"], games=20, seed=1, max_turns=40)
>>> results["greedy"].games, results["greedy"].win_rate
(20, 1.0)
"""

from __future__ import annotations

import hashlib
import math
import sys
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ._validate import as_index, as_seed, quote
from .actions import Action
from .bots import Bot, BotSpec, make_bot
from .errors import GameError, IllegalActionError, ThreeThirteenError
from .game import Game
from .rules import RulesLike
from .tournament_results import BotResults, HeadToHead, Outcome, Tally, TournamentResults

__all__ = [
    "BotResults",
    "HeadToHead",
    "TournamentResults",
    "play",
    "tournament",
]

CHUNK_SECONDS = 0.1
"""The least time a chunk of games sent to an executor should take, in seconds."""

IN_FLIGHT = 1024
"""The most chunks submitted to an executor and not yet collected."""


# -- seeds ----------------------------------------------------------------------


def derived_seed(seed: int, index: int, bits: int = 128) -> int:
    """A seed of ``bits`` bits for item ``index`` of ``seed``: the BLAKE2b hash of the
    two numbers, the same on every machine.

    >>> derived_seed(1, 0), derived_seed(1, 0, bits=32)
    (188674312635354405898514316745854390793, 2957405061)
    """
    digest = hashlib.blake2b(f"{seed}/{index}".encode(), digest_size=bits // 8).digest()
    return int.from_bytes(digest, "little")


def _bot_name(spec: object) -> str:
    """A short name for a bot specification: the built-in name, the class's ``name``
    attribute or its ``__name__``."""
    if isinstance(spec, str):
        return spec
    name = getattr(spec, "name", None)
    if isinstance(name, str):
        return name
    named = spec if isinstance(spec, type) or callable(spec) else type(spec)
    found = getattr(named, "__name__", None)
    return found if isinstance(found, str) else type(spec).__name__


def _labels(specs: Sequence[object]) -> tuple[str, ...]:
    """A distinct label for each bot: its name, then ``name#2``, ``name#3``... for the
    same name again."""
    labels: list[str] = []
    seen: dict[str, int] = {}
    for spec in specs:
        name = _bot_name(spec)
        seen[name] = seen.get(name, 0) + 1
        labels.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return tuple(labels)


# -- one game -------------------------------------------------------------------


def _play_out(game: Game, bots: Sequence[Bot], labels: Sequence[str]) -> None:
    """Play ``game`` to its end, each seat's bot choosing its actions.

    :raises IllegalActionError: naming the bot, its seat and the action, when a bot
        chooses an action that is not legal.
    """
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        legal = game.legal_actions()
        action = bots[seat].act(game.view(seat), legal)
        if action not in legal:
            _illegal(game, seat, labels[seat], action)
        game.apply(action)


def _illegal(game: Game, seat: int, label: str, action: object) -> None:
    """Raise the error for a bot's illegal choice."""
    try:
        game.verify(action)  # type: ignore[arg-type]
        reason = "it is not one of the legal actions"
    except ThreeThirteenError as error:
        reason = str(error)
    shown = str(action) if isinstance(action, Action) else repr(action)
    raise IllegalActionError(
        f"bot {label!r} in seat {seat} chose {quote(shown)} in round {game.round},"
        f" turn {game.turns + 1}, which is not legal: {reason}"
    )


def _seat_bots(specs: Sequence[BotSpec], game_seed: int) -> list[Bot]:
    """A bot for each seat, seeded from the game's seed and the seat."""
    return [
        make_bot(spec, seed=derived_seed(game_seed, seat, 64)) for seat, spec in enumerate(specs)
    ]


def play(
    bots: Sequence[BotSpec],
    rules: RulesLike = "pagat",
    players: int | None = None,
    seed: int | None = None,
    variations: Sequence[str] = (),
    max_turns: int | None = None,
) -> Game:
    """Play one game between ``bots``, bot ``i`` in seat ``i``, and return it over.

    Each bot is made by :func:`~threethirteen.make_bot` with a seed derived from the
    game's seed and its seat (a bot object or function is used as it is), so the
    same seed plays the same game. The game's record is ``game.to_record()``.

    :param bots: a bot specification per seat: a built-in name (``"greedy"``), a
        class taking ``seed=``, a bot object or a bot function.
    :param players: the number of players: ``len(bots)``, the default.
    :param seed: the game's seed (``None``: a fresh one, kept in ``game.seed``).
    :param max_turns: end a round after this many turns (random players need it).
    :raises IllegalActionError: when a bot chooses an action that is not legal; the
        message names the bot, its seat and the action.
    :raises GameError: for a table that cannot be set up.

    >>> import threethirteen as tt
    >>> game = tt.play(["greedy", "greedy", "random"], seed=11, max_turns=30)
    >>> print(game.score_sheet().splitlines()[-1])
    winner: player 0
    >>> tt.play(["greedy", lambda view, legal: tt.DrawStock()], seed=1)
    Traceback (most recent call last):
    ...
    threethirteen.errors.IllegalActionError: bot '<lambda>' in seat 1 chose 'draw stock' ...
    """
    specs = _specs(bots)
    count = _players(players, len(specs))
    if count != len(specs):
        raise GameError(
            f"play seats one bot a player: {len(specs)} bots for {quote(players)} players"
        )
    game = Game(rules, count, seed=seed, variations=variations, max_turns=max_turns)
    assert game.seed is not None
    _play_out(game, _seat_bots(specs, game.seed), _labels(specs))
    return game


def _specs(bots: Sequence[BotSpec]) -> tuple[BotSpec, ...]:
    """The bots' specifications, each checked by making it once (a name that is no
    built-in bot, or a value that is no bot, fails here with its reason)."""
    if isinstance(bots, str):
        raise GameError(
            f"bots are a list of bots, not the string {quote(bots)} (write [{quote(bots)}])"
        )
    try:
        specs = tuple(bots)
    except TypeError:
        raise GameError(f"bots are a list of bots, not {quote(bots)}") from None
    if not specs:
        raise GameError("no bots: give at least one")
    for spec in specs:
        make_bot(spec, seed=0)
    return specs


def _players(players: object, bots: int) -> int:
    """The number of seats: ``players``, or one a bot."""
    if players is None:
        return bots
    count = as_index(players, "players", GameError)
    if not 2 <= count <= 16:
        raise GameError(f"a game seats 2 to 16 players, not {quote(players)}")
    return count


def _flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise GameError(f"{name} is True or False, not {quote(value)}")
    return value


# -- the schedule of a tournament ---------------------------------------------------


@dataclass(frozen=True)
class _Plan:
    """What a worker needs to play any game of a tournament: the bots, the table and
    the seeds (picklable when the bots and rules are)."""

    specs: tuple[BotSpec, ...]
    labels: tuple[str, ...]
    rules: RulesLike
    players: int
    variations: tuple[str, ...]
    max_turns: int | None
    seed: int
    duplicate: bool
    lineups: tuple[tuple[int, ...], ...]

    def lineup(self, index: int) -> tuple[int, ...]:
        """The bot (its index in ``specs``) in each seat of game ``index``."""
        return self.lineups[index % len(self.lineups)]

    def unit(self, index: int) -> int:
        """The deal set of game ``index`` (with ``duplicate``), or the game itself."""
        return index // self.players if self.duplicate else index

    def game_seed(self, index: int) -> int:
        return derived_seed(self.seed, self.unit(index))


def _lineups(bots: int, players: int) -> tuple[tuple[int, ...], ...]:
    """Every choice of ``players`` bots (in order), each in its ``players`` rotations:
    bot ``choice[(seat + r) % players]`` sits in ``seat`` in rotation ``r``."""
    return tuple(
        tuple(choice[(seat + rotation) % players] for seat in range(players))
        for choice in combinations(range(bots), players)
        for rotation in range(players)
    )


def _play_game(plan: _Plan, index: int) -> Outcome:
    lineup = plan.lineup(index)
    specs = [plan.specs[bot] for bot in lineup]
    seed = plan.game_seed(index)
    game = Game(
        plan.rules, plan.players, seed=seed, variations=plan.variations, max_turns=plan.max_turns
    )
    _play_out(game, _seat_bots(specs, seed), [plan.labels[bot] for bot in lineup])
    return game.totals, game.round_scores


def play_chunk(plan: _Plan, start: int, stop: int) -> list[Outcome]:
    """Play games ``start`` to ``stop - 1`` of a tournament: the task an executor runs.
    Its arguments name its games, so no two tasks of a tournament look alike to a
    scheduler that caches calls (Dask)."""
    return [_play_game(plan, index) for index in range(start, stop)]


# -- the tournament ------------------------------------------------------------------


def _positive(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise GameError(f"{name} is a whole number from 1, not {quote(value)}")
    return value


def tournament(
    bots: Sequence[BotSpec],
    games: int = 100,
    rules: RulesLike = "pagat",
    players: int | None = None,
    seed: int | None = None,
    duplicate: bool = True,
    executor: Executor | None = None,
    chunk_size: int | None = None,
    progress: bool = False,
    variations: Sequence[str] = (),
    max_turns: int | None = None,
) -> TournamentResults:
    """Play ``games`` games between ``bots`` and measure them.

    **Seats.** ``players`` (default: one a bot) seats that many bots a game; with
    fewer seats than bots, the games go through every choice of ``players`` bots in
    turn (``itertools.combinations`` order), and each choice through its seating
    rotations, so every bot meets every other and sits in every seat. Give a bot
    twice to seat two copies. Each game makes a fresh bot per seat
    (:func:`~threethirteen.make_bot`: a bot object or function is used as it is).

    **Duplicate deals.** With ``duplicate=True`` every deal (a game's seed) is
    played once in each rotation of its table's seats, so each bot plays the same
    cards from every seat and the luck of the deal cancels out of the comparison;
    ``games`` must then be a multiple of ``players``, and the intervals take a
    deal as one sample. Without, every game has its own deal.

    **Seeds.** Game ``i``'s seed is derived from ``seed`` and ``i`` (or its deal's
    index), each bot's from its game's seed and its seat: the results are the same
    for the same arguments whatever the ``executor``, its workers and the chunk
    size.

    **Executors.** ``executor`` (any :class:`concurrent.futures.Executor`: a
    process pool, a Dask ``Client.get_executor()``, a Ray pool adapter) is sent
    chunks of games sized to take about 0.1 s each (timed on the first game, played
    here) or ``chunk_size`` games; their results are merged in game order. The bots
    and rules must pickle to go to other processes (names and classes do; lambdas
    do not).

    :param max_turns: end a round after this many turns and score the hands as
        they stand: random bots need it, and it is the safety net for bots that may
        never end a round (the real rules do not end one in which nobody draws from
        the stock: two bots that keep taking each other's discards play forever).
    :param progress: show a tqdm progress bar on standard error (needs tqdm).
    :raises GameError: for bad arguments (games, players, chunk size).
    :raises IllegalActionError: when a bot chooses an illegal action.

    >>> import threethirteen as tt
    >>> results = tt.tournament(["greedy", "random"], games=20, seed=1, max_turns=40)
    >>> results["greedy"].mean_total < results["random"].mean_total
    True
    >>> head = results.head_to_head("greedy", "random")
    >>> head.games, head.samples, head.significant
    (20, 10, True)
    """
    specs = _specs(bots)
    labels = _labels(specs)
    count = _players(players, len(specs))
    games = _positive(games, "games")
    if chunk_size is not None:
        chunk_size = _positive(chunk_size, "chunk_size")
    duplicate = _flag(duplicate, "duplicate")
    progress = _flag(progress, "progress")
    seed = as_seed(seed, "a seed", GameError)
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise GameError(
            f"executor is a concurrent.futures.Executor (with submit), not {quote(executor)}"
        )
    if count > len(specs):
        raise GameError(
            f"{quote(players)} players but {len(specs)} bots: give a bot more than once to"
            " seat it more than once"
        )
    if duplicate and games % count:
        below = games - games % count
        raise GameError(
            f"with duplicate deals, games is a multiple of the players ({count}: every deal"
            f" is played in each seating), not {games}; say {below or count} or {below + count}"
        )
    if seed is None:
        seed = derived_seed(time.time_ns(), id(specs))
    sample = Game(rules, count, seed=seed, variations=variations, max_turns=max_turns)
    record_rules = sample.to_record()["rules"]
    plan = _Plan(
        specs=specs,
        labels=labels,
        rules=rules,
        players=count,
        variations=tuple(variations),
        max_turns=max_turns,
        seed=seed,
        duplicate=duplicate,
        lineups=_lineups(len(specs), count),
    )
    tally = Tally(len(specs), len(sample.rules.rounds), count if duplicate else 1)
    bar = _progress_bar(games) if progress else None
    try:
        for index, outcome in enumerate(_outcomes(plan, games, executor, chunk_size, bar)):
            tally.add(plan.lineup(index), outcome)
    finally:
        if bar is not None:
            bar.close()
    return tally.results(labels, record_rules, seed, games, duplicate, len(sample.rules.rounds))


def _progress_bar(games: int) -> Any:
    try:
        from tqdm import tqdm  # type: ignore[import-untyped]
    except ModuleNotFoundError:
        raise ModuleNotFoundError(
            "progress=True needs tqdm: pip install 'threethirteen[progress]'"
        ) from None
    return tqdm(total=games, unit="game", file=sys.stderr)


def _outcomes(
    plan: _Plan, games: int, executor: Executor | None, chunk_size: int | None, bar: Any
) -> Iterator[Outcome]:
    """Each game's outcome, in game order."""
    step: Callable[[int], None] = bar.update if bar is not None else (lambda done: None)
    if executor is None:
        for index in range(games):
            yield _play_game(plan, index)
            step(1)
        return
    start = 0
    if chunk_size is None:
        began = time.perf_counter()
        yield _play_game(plan, 0)
        step(1)
        seconds = time.perf_counter() - began
        chunk_size = max(1, math.ceil(CHUNK_SECONDS / max(seconds, 1e-6)))
        start = 1
    pending: deque[tuple[int, Future[list[Outcome]]]] = deque()
    chunks = iter(range(start, games, chunk_size))
    try:
        for first in chunks:
            pending.append(
                (first, executor.submit(play_chunk, plan, first, min(first + chunk_size, games)))
            )
            if len(pending) < IN_FLIGHT:
                continue
            yield from _collect(pending.popleft()[1], step)
        while pending:
            yield from _collect(pending.popleft()[1], step)
    finally:
        for _, future in pending:
            future.cancel()


def _collect(future: Future[list[Outcome]], step: Callable[[int], None]) -> Iterator[Outcome]:
    outcomes = future.result()
    yield from outcomes
    step(len(outcomes))
