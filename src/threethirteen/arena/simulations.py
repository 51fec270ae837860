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

import contextlib
import functools
import hashlib
import math
import os
import secrets
import sys
import time
from collections import deque
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field, replace
from itertools import combinations, permutations
from typing import Any

from .._validate import as_index, as_seed, check_int, quote
from ..bots.builtin import BOTS, Bot, BotSpec, bot_name, make_bot
from ..engine.game import Game
from ..errors import GameError
from ..hands.rules import RulesLike
from ..statistics import SPRT
from .game_log import GameLog
from .game_results import Fault, GameResult
from .isolated_bot import CAN_ISOLATE, IsolatedBot
from .protocol import end_message, start_message
from .referee import (
    HOOK_ALLOWANCE,
    InterruptWatch,
    Watchdog,
    check_move_time,
    forfeit_scores,
    hook_fault,
    raise_fault,
    referee_game,
    watching_interrupts,
)
from .results_figures import BotResults, HeadToHead
from .tally import Tally
from .tournament_results import TournamentResults
from .tournament_settings import ARENA_MAX_TURNS, SEATINGS

__all__ = [
    "ARENA_MAX_TURNS",
    "BotResults",
    "HeadToHead",
    "MatchResult",
    "TournamentResults",
    "game_seed",
    "match",
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


def secret_seed() -> int:
    """A fresh 128-bit seed from the operating system's secure source: the seed of a
    tournament or match given none. Nothing a bot sees can narrow it down, where a
    small seed (``seed=1``) can be found by dealing every small seed until one deals
    the cards a bot holds: a seed is a secret only when it is drawn like this.

    >>> 0 <= secret_seed() < 2**128
    True
    """
    return secrets.randbits(128)


def _labels(specs: Sequence[object]) -> tuple[str, ...]:
    """A distinct label for each bot: its name, then ``name#2``, ``name#3``... for the
    same name again."""
    labels: list[str] = []
    seen: dict[str, int] = {}
    for spec in specs:
        name = bot_name(spec)
        seen[name] = seen.get(name, 0) + 1
        labels.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return tuple(labels)


def game_seed(seed: int, index: int, *, players: int | None = None) -> int:
    """The seed of game ``index`` of the tournament seeded ``seed``: with it,
    ``tt.play(bots, seed=...)`` replays that game exactly, each bot in its seat
    (``GameResult.bots`` names them). Under duplicate deals every deal is played in
    ``players`` games in a row, which share its seed: give ``players`` then (games
    ``i`` and ``j`` share a deal when ``i // players == j // players``); without
    duplicate deals, leave it ``None``.

    >>> import threethirteen as tt
    >>> results = tt.tournament(["greedy", "advisor"], games=4, seed=5, keep_games=True)
    >>> third = results.games[3]
    >>> third.seed == tt.game_seed(5, 3, players=2), third.bots
    (True, ('advisor', 'greedy'))
    >>> tt.play(list(third.bots), seed=third.seed).totals == third.totals
    True

    :raises GameError: for a seed, index or players that is not an int.
    """
    number = as_seed(seed, "a seed", GameError)
    if number is None:
        raise GameError("a seed must be an int, not None (a tournament's seed)")
    spot = as_index(index, "a game's index", GameError)
    if spot < 0:
        raise GameError(f"a game's index is not negative, not {quote(index)}")
    if players is not None:
        size = as_index(players, "players", GameError)
        if size < 1:
            raise GameError(f"players is at least 1, not {quote(players)}")
        spot //= size
    return derived_seed(number, spot)


# -- one game -------------------------------------------------------------------


def _seat_seeds(game_seed_: int, players: int) -> list[int]:
    """Each seat's bot seed, derived from the game's seed and the seat."""
    return [derived_seed(game_seed_, seat, 64) for seat in range(players)]


def _keeps_own_time(spec: BotSpec) -> bool:
    """Whether ``spec`` makes a bot that keeps its own time in its own process (it
    has ``timed_act``, as :class:`~threethirteen.ProcessBot` does): such a bot is
    never isolated again."""
    target = spec.func if isinstance(spec, functools.partial) else spec
    return callable(getattr(target, "timed_act", None))


def _is_builtin(spec: BotSpec) -> bool:
    """Whether ``spec`` is one of the library's own bots: a built-in name, a built-in
    bot's class (or a ``functools.partial`` of one), or an object of exactly that
    class. Its code is the library's: it raises nothing but ordinary errors and
    returns to Python often, so a watchdog thread keeps its time."""
    builtins = tuple(BOTS.values())
    if isinstance(spec, str):
        return True
    target = spec.func if isinstance(spec, functools.partial) else spec
    return target in builtins or type(target) in builtins


def _isolates(isolate: bool | None, move_time: float | None, spec: BotSpec) -> bool:
    """Whether the bot of ``spec`` plays in a worker process: never a bot that keeps
    its own time in its own process; else ``isolate``, or by default (``None``) a
    bot that is not the library's own when a time limit is set (and the platform
    can fork)."""
    if _keeps_own_time(spec):
        return False
    if isolate is None:
        return move_time is not None and CAN_ISOLATE and not _is_builtin(spec)
    return isolate


def _check_isolate(isolate: object) -> bool | None:
    if isolate is not None and not isinstance(isolate, bool):
        raise GameError(f"isolate is True, False or None, not {quote(isolate)}")
    if isolate and not CAN_ISOLATE:
        raise GameError(
            f"isolate=True needs os.fork, which {sys.platform!r} lacks: give isolate=None"
            " (a time limit kept by a watchdog thread) or False"
        )
    return isolate


@dataclass
class _Table:
    """One game's bots and walls: the bots made so far, the watchdog thread, the
    interrupt watch, and each bot's limits."""

    specs: Sequence[BotSpec]
    labels: Sequence[str]
    game: Game
    index: int | None
    move_time: float | None
    isolate: bool | None
    dog: Watchdog
    watch: InterruptWatch
    bots: list[Bot] = field(default_factory=list)

    def hook(self, bot: Bot, name: str, message: dict[str, Any], extra: float) -> None:
        """Call ``bot``'s hook ``name`` with ``message``, within the move time and
        ``extra`` seconds (a bot that keeps its own time is trusted to)."""
        hook = getattr(bot, name, None)
        if not callable(hook):
            return
        if self.move_time is None or callable(getattr(bot, "timed_act", None)):
            hook(message)
        else:
            self.dog.call(lambda: hook(message), self.move_time + extra)

    def fault(self, seat: int, error: BaseException, stage: str) -> Fault:
        """The fault of a seat's bot at ``stage``, unless ``error`` is a person's
        Ctrl-C (raised again)."""
        if self.watch.is_persons(error):
            raise error
        return hook_fault(self.game, seat, self.labels[seat], self.index, error, stage)


def _seat_bots(table: _Table, seeds: Sequence[int]) -> tuple[Fault, BaseException] | None:
    """A bot for each seat, made with its seat's seed (in a worker process when
    isolating), into ``table.bots``; the first seat's fault if a factory failed for
    this seed (its game is not played)."""
    limit = None if table.move_time is None else table.move_time + HOOK_ALLOWANCE
    for spec, seed, label in zip(table.specs, seeds, table.labels, strict=True):
        if _isolates(table.isolate, table.move_time, spec):
            table.bots.append(
                IsolatedBot(  # type: ignore[arg-type]
                    spec, seed=seed, name=label, move_time=table.move_time, extra=HOOK_ALLOWANCE
                )
            )
            continue
        try:
            if limit is None:
                table.bots.append(make_bot(spec, seed=seed))
            else:  # the factory timed as a start is
                made = table.dog.call(functools.partial(make_bot, spec, seed=seed), limit)
                table.bots.append(made)
        except BaseException as error:
            return table.fault(len(table.bots), error, "make"), error
    for seat, bot in enumerate(table.bots):
        if isinstance(bot, IsolatedBot):
            try:
                bot.wait_made(limit)  # the workers make their bots at once
            except BaseException as error:
                return table.fault(seat, error, "make"), error
    return None


def _start(table: _Table, seeds: Sequence[int]) -> tuple[Fault, BaseException] | None:
    """Tell each bot that has ``start_game`` that a game starts (the protocol's
    ``start`` message), each within the move time and :data:`HOOK_ALLOWANCE`; the
    first seat whose hook failed, with its fault and error."""
    for seat, bot in enumerate(table.bots):
        message = start_message(table.game, seat, bot_seed=seeds[seat], index=table.index)
        try:
            table.hook(bot, "start_game", message, HOOK_ALLOWANCE)
        except BaseException as error:
            return table.fault(seat, error, "start"), error
        table.watch.check()
    return None


def _end(table: _Table, result: GameResult) -> tuple[Fault, BaseException] | None:
    """Tell each bot that has ``end_game`` how the game ended (the protocol's ``end``
    message), each within the move time; the first seat whose hook failed, with its
    fault and error."""
    forfeit = result.forfeit
    failed: tuple[Fault, BaseException] | None = None
    for seat, bot in enumerate(table.bots):
        message = end_message(
            table.game,
            seat,
            forfeit=None if forfeit is None else {"seat": forfeit.seat, "kind": forfeit.kind},
            winners=result.winners,
            totals=result.totals,
            round_scores=result.round_scores,
        )
        try:
            table.hook(bot, "end_game", message, 0.0)
        except BaseException as error:
            if failed is None:
                failed = table.fault(seat, error, "end"), error
        table.watch.check()
    return failed


def _close(table: _Table) -> None:
    """Close the bots made for this game (a bot given as an object stays open; an
    isolated bot's worker always ends)."""
    for bot, spec in zip(table.bots, table.specs, strict=False):
        if bot is spec:
            continue
        close = getattr(bot, "close", None)
        if callable(close):
            try:
                close()
            except BaseException as error:  # a bot's close is its own concern
                if table.watch.is_persons(error):
                    raise


def _forfeited(
    game: Game, seed: int, labels: Sequence[str], index: int | None, fault: Fault | None
) -> GameResult:
    """The game's result: as played, or forfeited by ``fault``'s seat (never a
    winner)."""
    if fault is None:
        totals, rounds, winners = game.totals, game.round_scores, game.winners
    else:
        totals, rounds = forfeit_scores(game, fault.seat)
        others = [seat for seat in range(game.players) if seat != fault.seat]
        low = min(totals[seat] for seat in others)
        winners = tuple(seat for seat in others if totals[seat] == low)
    return GameResult(
        index=-1 if index is None else index,
        seed=seed,
        bots=tuple(labels),
        totals=tuple(totals),
        round_scores=tuple(rounds),
        winners=tuple(winners),
        forfeit=fault,
    )


def _run_game(
    game: Game,
    specs: Sequence[BotSpec],
    labels: Sequence[str],
    seed: int,
    *,
    index: int | None,
    move_time: float | None,
    raise_faults: bool,
    isolate: bool | None = None,
) -> tuple[GameResult, Game]:
    """Play ``game`` between the bots of ``specs`` (seat by seat), behind the
    referee's walls; its result, a fault forfeiting it. A bot that fails to be made
    for this game's seed or to start forfeits the game unplayed from where it
    stood; one that fails at the end forfeits it too, the scores standing."""
    seeds = _seat_seeds(seed, game.players)
    with contextlib.ExitStack() as stack:
        watch = stack.enter_context(watching_interrupts())
        dog = Watchdog()
        stack.callback(dog.close)
        table = _Table(specs, labels, game, index, move_time, isolate, dog, watch)
        stack.callback(_close, table)
        failed = _seat_bots(table, seeds)
        if failed is None:
            failed = _start(table, seeds)
        fault: Fault | None
        if failed is not None:
            fault = failed[0]
            if raise_faults:
                raise_fault(*failed)
        else:
            fault = referee_game(
                game,
                table.bots,
                labels,
                move_time=move_time,
                index=index,
                raise_faults=raise_faults,
                watchdog=dog,
                interrupts=watch,
            )
        result = _forfeited(game, seed, labels, index, fault)
        if failed is None:
            ended = _end(table, result)
            if ended is not None and fault is None:
                if raise_faults:
                    raise_fault(*ended)
                result = _forfeited(game, seed, labels, index, ended[0])
        return result, game
    raise AssertionError("unreachable")  # pragma: no cover


def play(
    bots: Sequence[BotSpec],
    rules: RulesLike = "pagat",
    players: int | None = None,
    seed: int | None = None,
    variations: Sequence[str] = (),
    max_turns: int | None = ARENA_MAX_TURNS,
    move_time: float | None = None,
    isolate: bool | None = None,
) -> Game:
    """Play one game between ``bots``, bot ``i`` in seat ``i``, and return it over.

    Each bot is made by :func:`~threethirteen.make_bot` with a seed derived from the
    game's seed and its seat (a bot object or function is used as it is), so the
    same seed plays the same game. The game's record is ``game.to_record()``.

    :param bots: a bot specification per seat: a built-in name (``"greedy"``), a
        class or factory taking ``seed=``, a bot object or a bot function.
    :param players: the number of players: ``len(bots)``, the default.
    :param seed: the game's seed (``None``: a fresh one, kept in ``game.seed``).
    :param max_turns: end a round after this many turns and score the hands as they
        stand (the default, :data:`~threethirteen.ARENA_MAX_TURNS`, is a safety net;
        ``None``: no limit).
    :param move_time: the seconds a bot has for each decision (``None``: no limit;
        see :mod:`threethirteen.arena.referee` for how a limit is kept).
    :param isolate: play each in-process bot in a worker process of its own
        (:mod:`threethirteen.arena.isolated_bot`): ``None`` (the default) every bot
        that is not one of the library's own when ``move_time`` is set (the built-in
        bots keep to a watchdog thread), ``True`` every bot, ``False`` none (a
        watchdog thread keeps the time, and cannot stop a bot stuck in C code).
    :raises BotError: at a bot's first fault (it raised, chose an action that is not
        legal, or overran ``move_time``); the message names the bot, its seat, the
        round and the turn, and the bot's own exception is chained.
    :raises GameError: for a table that cannot be set up.

    >>> import threethirteen as tt
    >>> game = tt.play(["greedy", "greedy", "random"], seed=11, max_turns=30)
    >>> print(game.score_sheet().splitlines()[-1])
    winner: player 0
    >>> tt.play(["greedy", lambda view, legal: tt.DrawStock()], seed=1)
    Traceback (most recent call last):
    ...
    threethirteen.errors.BotError: bot '<lambda>' in seat 1, round 1, turn 1: chose ...
    """
    specs = _specs(bots)
    count = _players(players, len(specs))
    limit = check_move_time(move_time)
    isolate = _check_isolate(isolate)
    if count != len(specs):
        raise GameError(
            f"play seats one bot a player: {len(specs)} bots for {quote(players)} players"
        )
    game = Game(rules, count, seed=seed, variations=variations, max_turns=max_turns)
    assert game.seed is not None
    _run_game(
        game,
        specs,
        _labels(specs),
        game.seed,
        index=None,
        move_time=limit,
        raise_faults=True,
        isolate=isolate,
    )
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
    """What a worker needs to play any game of a tournament: the bots, the table,
    the seeds and the walls (picklable when the bots and rules are)."""

    specs: tuple[BotSpec, ...]
    labels: tuple[str, ...]
    rules: RulesLike
    players: int
    variations: tuple[str, ...]
    max_turns: int | None
    seed: int
    duplicate: bool
    lineups: tuple[tuple[int, ...], ...]
    move_time: float | None = None
    raise_faults: bool = False
    records: bool = False
    isolate: bool | None = None

    def lineup(self, index: int) -> tuple[int, ...]:
        """The bot (its index in ``specs``) in each seat of game ``index``."""
        return self.lineups[index % len(self.lineups)]

    def unit(self, index: int) -> int:
        """The deal of game ``index`` (with ``duplicate``), or the game itself."""
        return index // self.players if self.duplicate else index

    def game_seed(self, index: int) -> int:
        return derived_seed(self.seed, self.unit(index))


def _orders(choice: tuple[int, ...], seatings: str) -> list[tuple[int, ...]]:
    """The seat orders of a table's bots ``choice``: the order given (``"rotations"``),
    or every order around the table (``"balanced"``: the first bot fixed, the others
    in each of their permutations), so that each bot sits to the left of each other
    equally often."""
    if seatings == "rotations":
        return [choice]
    return [(choice[0], *rest) for rest in permutations(choice[1:])]


def _lineups(bots: int, players: int, seatings: str = "balanced") -> tuple[tuple[int, ...], ...]:
    """Every choice of ``players`` bots (in order), each in its seat orders (see
    :func:`_orders`), each order in its ``players`` rotations: bot
    ``order[(seat + r) % players]`` sits in ``seat`` in rotation ``r``."""
    return tuple(
        tuple(order[(seat + rotation) % players] for seat in range(players))
        for choice in combinations(range(bots), players)
        for order in _orders(choice, seatings)
        for rotation in range(players)
    )


def _play_game(plan: _Plan, index: int) -> GameResult:
    lineup = plan.lineup(index)
    seed = plan.game_seed(index)
    game = Game(
        plan.rules, plan.players, seed=seed, variations=plan.variations, max_turns=plan.max_turns
    )
    result, game = _run_game(
        game,
        [plan.specs[bot] for bot in lineup],
        [plan.labels[bot] for bot in lineup],
        seed,
        index=index,
        move_time=plan.move_time,
        raise_faults=plan.raise_faults,
        isolate=plan.isolate,
    )
    if plan.records:
        result = replace(result, record=game.to_record())
    return result


def play_games(plan: _Plan, indices: tuple[int, ...]) -> list[GameResult]:
    """Play the games ``indices`` of a tournament: the task an executor runs. Its
    arguments name its games, so no two tasks of a tournament look alike to a
    scheduler that caches calls (Dask)."""
    return [_play_game(plan, index) for index in indices]


# -- the tournament ------------------------------------------------------------------


MAX_GAMES = 10**9
"""The most games a tournament (or deals a match) plays, and the largest chunk."""


def _positive(value: object, name: str) -> int:
    return check_int(name, value, 1, MAX_GAMES, GameError)


ON_ERROR = ("forfeit", "raise")
"""What a tournament does at a bot's fault: count a forfeit and go on, or stop."""


def _whole_schedule(games: int, lineups: int, players: int, bots: int, duplicate: bool) -> None:
    """Refuse a ``games`` that does not give every table whole deals in every seating."""
    if games % lineups == 0:
        return
    below = games - games % lineups
    say = f"say {below} or {below + lineups}" if below else f"say {lineups}"
    tables = math.comb(bots, players)
    seatings = lineups // tables
    if bots == players and seatings == players:
        what = (
            "every deal is played in each seating"
            if duplicate
            else "every bot sits in every seat equally often"
        )
        unit = f"the players ({players}: {what})"
    elif bots == players:
        what = "every deal in each rotation" if duplicate else "each in its rotations"
        unit = (
            f"{lineups} ({players} seats times the {seatings // players} orders of the bots"
            f" around the table: {what}, the orders in turn)"
        )
    else:
        unit = (
            f"{lineups} ({tables} tables of {players} of the {bots} bots, each in its"
            f" {seatings} seatings: every pairing plays whole deals in every seating)"
        )
    if duplicate and bots == players:
        raise GameError(f"with duplicate deals, games is a multiple of {unit}, not {games}; {say}")
    raise GameError(f"games is a multiple of {unit}, not {games}; {say}")


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
    max_turns: int | None = ARENA_MAX_TURNS,
    *,
    move_time: float | None = None,
    on_error: str = "forfeit",
    seatings: str = "balanced",
    keep_games: bool = False,
    records: bool = False,
    save_games: str | os.PathLike[str] | None = None,
    resume: bool = False,
    verify: bool = False,
    isolate: bool | None = None,
) -> TournamentResults:
    """Play ``games`` games between ``bots`` and measure them.

    **Seats.** ``players`` (default: one a bot) seats that many bots a game; with
    fewer seats than bots, the games go through every choice of ``players`` bots in
    turn (``itertools.combinations`` order), and each choice through its seatings,
    so every bot meets every other and sits in every seat. With three or more
    players, who sits to whose left matters (a player draws from the discards of the
    player on the right): ``seatings="balanced"`` (the default) goes through every
    order of a table's bots around the table, ``(players - 1)!`` of them, each in
    its ``players`` rotations, so that each bot sits to the left of each other
    equally often; ``seatings="rotations"`` plays only the order given, rotated (the
    schedule of version 0.1, in which a bot's margin carries who its neighbours
    are: see :doc:`arena`). ``games`` must give every
    choice whole deals in every seating: a multiple of the choices times the orders
    times ``players`` (a ``games`` that does not is refused, naming the nearest that
    do). Give a bot twice to seat two copies. Each game makes a fresh bot per seat
    (:func:`~threethirteen.make_bot`: a bot object or function is used as it is).

    **Duplicate deals.** With ``duplicate=True`` every deal (a game's seed) is
    played once in each rotation of its table's seats, so each bot plays the same
    cards from every seat and the luck of the deal cancels out of the comparison;
    the intervals then take a deal as one sample. Balanced seatings change the order
    around the table from one deal to the next. Without, every game has its own
    deal and is a sample.

    **Seeds.** Game ``i``'s seed is :func:`game_seed`, derived from ``seed`` and
    ``i`` (or its deal's index), each bot's from its game's seed and its seat: the
    results are the same for the same arguments whatever the ``executor``, its
    workers and the chunk size, and ``tt.play`` replays any game.

    **Faults.** A bot that raises, chooses anything that is not one of the legal
    actions, or overruns ``move_time`` forfeits its game (``on_error="forfeit"``,
    the default; see :func:`threethirteen.arena.referee.forfeit_scores` for how a
    forfeit counts: a loss, with the most points each round left could cost) and
    the tournament goes on: ``results.faults`` counts each bot's forfeits and
    ``results.first_faults`` keeps the first fault of each kind. With
    ``on_error="raise"`` the tournament stops at the first fault with a
    :class:`~threethirteen.BotError`.

    **Executors.** ``executor`` (any :class:`concurrent.futures.Executor`: a
    process pool, a Dask ``Client.get_executor()``, a Ray pool adapter) is sent
    chunks of games sized to take about 0.1 s each (timed on the first game, played
    here) or ``chunk_size`` games; their results are merged in game order. The bots
    and rules must pickle to go to other processes (names, classes,
    ``functools.partial`` and :class:`~threethirteen.ProcessBot` do; lambdas do not).

    :param max_turns: end a round after this many turns and score the hands as
        they stand. The default, :data:`~threethirteen.ARENA_MAX_TURNS`, is the safety net for bots
        that may never end a round (the real rules do not end one in which nobody
        draws from the stock: two bots that keep taking each other's discards play
        forever); ``None``: no limit.
    :param move_time: the seconds a bot has for each decision (``None``: no limit).
    :param isolate: play each in-process bot in a worker process of its own, one a
        seat a game (:mod:`threethirteen.arena.isolated_bot`), where a time limit
        is kept for certain: ``None`` (the default) every bot that is not one of the
        library's own (a built-in name or class) when ``move_time`` is set, ``True``
        every bot, ``False`` none (a watchdog thread keeps the time, and cannot stop
        a bot stuck in C code). A bot that keeps its own time in its own process
        (:class:`~threethirteen.ProcessBot`) is never wrapped.
    :param on_error: ``"forfeit"`` or ``"raise"`` (see Faults).
    :param seatings: ``"balanced"`` or ``"rotations"`` (see Seats).
    :param keep_games: keep each game's :class:`GameResult` in ``results.games``.
    :param records: keep each game's record too (``GameResult.record``).
    :param save_games: a file to write every game to as it ends, as a JSON line
        with its result and record (see :mod:`threethirteen.arena.game_log`); it must
        not exist yet, unless ``resume``.
    :param resume: go on with the games ``save_games`` holds: play only the games it
        lacks (with the seed it was written with, when ``seed`` is ``None``). The
        results equal those of a run never stopped: a last line cut short is
        dropped, and every line is checked before it counts (its result agrees with
        itself, its seed and bots are those of its game, its record replays to its
        scores; see :meth:`threethirteen.arena.game_log.GameLog.check_games`); a
        file that fails a check is refused whole.
    :param verify: with ``resume``, play every game of the file again with its
        bots and refuse the file unless each equals its line (this needs bots that
        play the same game from the same seed, and costs what playing them costs).
    :param progress: show a tqdm progress bar on standard error (needs tqdm).
    :raises GameError: for bad arguments (games, players, chunk size, move time).
    :raises BotError: at a bot's first fault, with ``on_error="raise"``.
    :raises InvalidRecordError: for a ``save_games`` file to resume that is not one,
        that another tournament wrote, or whose lines fail a check (naming the line
        and the check).

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
    keep_games = _flag(keep_games, "keep_games")
    records = _flag(records, "records")
    resume = _flag(resume, "resume")
    verify = _flag(verify, "verify")
    limit = check_move_time(move_time)
    isolate = _check_isolate(isolate)
    if not isinstance(on_error, str) or on_error not in ON_ERROR:
        raise GameError(f"on_error is 'forfeit' or 'raise', not {quote(on_error)}")
    if not isinstance(seatings, str) or seatings not in SEATINGS:
        raise GameError(f"seatings is 'balanced' or 'rotations', not {quote(seatings)}")
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
    lineups = _lineups(len(specs), count, seatings)
    _whole_schedule(games, len(lineups), count, len(specs), duplicate)
    if resume and save_games is None:
        raise GameError("resume goes on with the games of save_games: name the file")
    if verify and not resume:
        raise GameError("verify plays again the games resume goes on with: give resume=True")
    sample = Game(rules, count, seed=0, variations=variations, max_turns=max_turns)
    record_rules = sample.to_record()["rules"]
    log: GameLog | None = None
    done: dict[int, GameResult] = {}
    if save_games is not None:
        log = GameLog(save_games, resume=resume)
        seed = log.check(labels, record_rules, seed, duplicate, limit, seatings)
    if seed is None:
        seed = secret_seed()
    plan = _Plan(
        specs=specs,
        labels=labels,
        rules=rules,
        players=count,
        variations=tuple(variations),
        max_turns=max_turns,
        seed=seed,
        duplicate=duplicate,
        lineups=lineups,
        move_time=limit,
        raise_faults=on_error == "raise",
        records=records or log is not None,
        isolate=isolate,
    )
    if log is not None:
        log.check_games(
            plan.game_seed,
            lambda index: [labels[bot] for bot in plan.lineup(index)],
            len(sample.rules.rounds),
            forfeit_scores,
        )
        done = {index: result for index, result in log.results.items() if index < games}
        if verify:
            log.check_replayed(_results(plan, sorted(log.results), executor, chunk_size, None))
        log.start(labels, record_rules, seed, duplicate, limit, seatings)
    tally = Tally(len(specs), len(sample.rules.rounds), count if duplicate else 1)
    missing = [index for index in range(games) if index not in done]
    bar = _progress_bar(games, len(done)) if progress else None
    try:
        played = _results(plan, missing, executor, chunk_size, bar)
        for index in range(games):
            result = done.get(index)
            if result is None:
                result = next(played)
                if log is not None:
                    log.write(result)
            if not records:
                result = replace(result, record=None)
            tally.add(plan.lineup(index), result, keep=keep_games)
    finally:
        if bar is not None:
            bar.close()
        if log is not None:
            log.close()
    return tally.results(
        labels,
        record_rules,
        seed,
        games,
        duplicate,
        len(sample.rules.rounds),
        move_time=limit,
        keep_games=keep_games,
        seatings=seatings,
    )


def _progress_bar(games: int, done: int = 0) -> Any:
    try:
        from tqdm import tqdm  # type: ignore[import-untyped]
    except ModuleNotFoundError:
        raise ModuleNotFoundError(
            "progress=True needs tqdm: pip install 'threethirteen[progress]'"
        ) from None
    return tqdm(total=games, initial=done, unit="game", file=sys.stderr)


def _runs(indices: Sequence[int], size: int) -> Iterator[tuple[int, ...]]:
    """``indices`` in chunks of at most ``size`` consecutive numbers."""
    chunk: list[int] = []
    for index in indices:
        if chunk and (len(chunk) >= size or index != chunk[-1] + 1):
            yield tuple(chunk)
            chunk = []
        chunk.append(index)
    if chunk:
        yield tuple(chunk)


def _results(
    plan: _Plan,
    indices: Sequence[int],
    executor: Executor | None,
    chunk_size: int | None,
    bar: Any,
) -> Generator[GameResult, None, None]:
    """Each game's result, in the order of ``indices``."""
    step: Callable[[int], None] = bar.update if bar is not None else (lambda done: None)
    if executor is None:
        for index in indices:
            result = _play_game(plan, index)
            step(1)
            yield result
        return
    start = 0
    if chunk_size is None and indices:
        began = time.perf_counter()
        first = _play_game(plan, indices[0])
        seconds = time.perf_counter() - began
        step(1)
        yield first
        chunk_size = max(1, math.ceil(CHUNK_SECONDS / max(seconds, 1e-6)))
        start = 1
    pending: deque[Future[list[GameResult]]] = deque()
    try:
        for chunk in _runs(indices[start:], chunk_size or 1):
            pending.append(executor.submit(play_games, plan, chunk))
            if len(pending) < IN_FLIGHT:
                continue
            yield from _collect(pending.popleft(), step)
        while pending:
            yield from _collect(pending.popleft(), step)
    finally:
        for future in pending:
            future.cancel()


def _collect(future: Future[list[GameResult]], step: Callable[[int], None]) -> Iterator[GameResult]:
    results = future.result()
    step(len(results))
    yield from results


# -- a sequential match ---------------------------------------------------------------


@dataclass(frozen=True)
class MatchResult:
    """The result of :func:`match`: the ``decision`` (``"H1"``: the first bot leads
    by at least ``margin1`` points a game; ``"H0"``: by at most ``margin0``;
    ``None``: ``max_deals`` were played without a decision), the deals and games
    played, the log-likelihood ratio with its bounds, and the tournament results of
    the games played."""

    decision: str | None
    deals: int
    games: int
    llr: float
    lower: float
    upper: float
    margin0: float
    margin1: float
    alpha: float
    beta: float
    results: TournamentResults

    def __str__(self) -> str:
        a, b = self.results.bots
        verdict = {
            "H1": f"{a} leads {b} by at least {self.margin1:g} points a game (H1)",
            "H0": f"{a} leads {b} by at most {self.margin0:g} points a game (H0)",
            None: "no decision yet",
        }[self.decision]
        return (
            f"SPRT [{self.margin0:g}, {self.margin1:g}], alpha {self.alpha:g}, beta"
            f" {self.beta:g}: {verdict} after {self.deals} deals ({self.games} games);"
            f" LLR {self.llr:.2f} in [{self.lower:.2f}, {self.upper:.2f}]"
        )


def match(
    bots: Sequence[BotSpec],
    *,
    margin0: float = 0.0,
    margin1: float = 5.0,
    alpha: float = 0.05,
    beta: float = 0.05,
    max_deals: int = 10_000,
    rules: RulesLike = "pagat",
    seed: int | None = None,
    variations: Sequence[str] = (),
    max_turns: int | None = ARENA_MAX_TURNS,
    move_time: float | None = None,
    executor: Executor | None = None,
    chunk_size: int | None = None,
    progress: bool = False,
    isolate: bool | None = None,
) -> MatchResult:
    """A sequential match between two bots on duplicate deals: deals are played
    (each in both seatings) until a sequential probability ratio test on the
    per-deal margin (the first bot's lead, in points a game) decides between
    ``H0: margin <= margin0`` and ``H1: margin >= margin1``, with error rates
    ``alpha`` (accepting H1 when H0 holds) and ``beta`` (accepting H0 when H1
    holds), or ``max_deals`` have been played. See
    :class:`threethirteen.statistics.SPRT` for the test, its bounds and its
    measured error rates.

    The deals are judged in order, so the decision is the same on every executor
    (games an executor played past the decision are not counted).

    >>> import threethirteen as tt
    >>> found = tt.match(["advisor", "greedy"], margin0=0, margin1=10, seed=1)
    >>> found.decision, found.deals
    ('H1', 8)
    >>> print(found)  # doctest: +NORMALIZE_WHITESPACE
    SPRT [0, 10], alpha 0.05, beta 0.05: advisor leads greedy by at least 10 points
    a game (H1) after 8 deals (16 games); LLR 4.69 in [-2.94, 2.94]

    :param max_turns: end a round after this many turns, as in :func:`tournament`
        (default :data:`~threethirteen.ARENA_MAX_TURNS`; ``None``: no limit).
    :param isolate: worker processes for in-process bots, as in :func:`tournament`.
    :raises GameError: for bad arguments.
    """
    specs = _specs(bots)
    if len(specs) != 2:
        raise GameError(f"a match is between two bots, not {len(specs)}")
    test = SPRT(margin0, margin1, alpha=alpha, beta=beta)
    deals = _positive(max_deals, "max_deals")
    if chunk_size is not None:
        chunk_size = _positive(chunk_size, "chunk_size")
    seed = as_seed(seed, "a seed", GameError)
    limit = check_move_time(move_time)
    isolate = _check_isolate(isolate)
    if seed is None:
        seed = secret_seed()
    labels = _labels(specs)
    sample = Game(rules, 2, seed=0, variations=variations, max_turns=max_turns)
    plan = _Plan(
        specs=specs,
        labels=labels,
        rules=rules,
        players=2,
        variations=tuple(variations),
        max_turns=max_turns,
        seed=seed,
        duplicate=True,
        lineups=_lineups(2, 2),
        move_time=limit,
        isolate=isolate,
    )
    tally = Tally(2, len(sample.rules.rounds), 2)
    bar = _progress_bar(2 * deals) if _flag(progress, "progress") else None
    played = _results(plan, range(2 * deals), executor, chunk_size, bar)
    games = 0
    try:
        margin = 0
        for index, result in enumerate(played):
            lineup = plan.lineup(index)
            tally.add(lineup, result)
            seat_a, seat_b = lineup.index(0), lineup.index(1)
            margin += result.totals[seat_b] - result.totals[seat_a]
            games += 1
            if games % 2 == 0:
                if test.add(margin / 2) is not None:
                    break
                margin = 0
    finally:
        played.close()
        if bar is not None:
            bar.close()
    results = tally.results(
        labels,
        sample.to_record()["rules"],
        seed,
        games,
        True,
        len(sample.rules.rounds),
        move_time=limit,
    )
    return MatchResult(
        decision=test.decision,
        deals=games // 2,
        games=games,
        llr=test.llr,
        lower=test.lower,
        upper=test.upper,
        margin0=float(margin0),
        margin1=float(margin1),
        alpha=float(alpha),
        beta=float(beta),
        results=results,
    )
