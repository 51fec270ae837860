"""Replaying a game record: each round dealt as the record says, its actions played,
and everything the game did checked against what the record says it did.

:func:`replay_record` is :meth:`Game.from_record <threethirteen.Game.from_record>`:
it drives a game through its public surface only, the methods a game made by
:meth:`Game.dealt <threethirteen.Game.dealt>` has for deals given by its caller
(:meth:`~threethirteen.Game.deal`, :meth:`~threethirteen.Game.deal_from_seed`,
:meth:`~threethirteen.Game.round_record`) and those of any game
(:meth:`~threethirteen.Game.apply`, :attr:`~threethirteen.Game.to_move`...). The same
names let a user type in a game played at a real table, deal by deal.

Why below the game, and not above it: ``Game.from_record`` is public and stays, so
``engine.game`` calls this module, and this module may not import ``engine.game``
(no import cycle, not even inside a function). So the game it drives is described
here by :class:`ReplayedGame`, a :class:`typing.Protocol` of those public names,
and made by the constructor it is given (``Game.from_record`` passes
``Game.dealt``). What a record is, and how each part of it is checked (its shape,
its rules, a deal, a round played, the totals), is :mod:`~threethirteen.engine.records`';
the order of the checks, and so which error a bad record gets, is here.

>>> import threethirteen as tt
>>> game = tt.Game("pagat", players=2, seed=5)
>>> game.apply("draw stock")
>>> replay_record(game.to_record(), tt.Game.dealt).hand(1) == game.hand(1)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol, TypeVar

from ..errors import IllegalActionError, InvalidActionError, InvalidRecordError, ThreeThirteenError
from ..hands.cards import Card
from ..hands.rules import Rules
from .actions import Action
from .dealing import pool_codes
from .records import (
    check_game_end,
    check_record,
    check_round_played,
    check_round_start,
    read_deal,
    record_rules,
    reshuffle_stocks,
)

__all__ = ["NewGame", "ReplayedGame", "replay_record"]


class ReplayedGame(Protocol):
    """What :func:`replay_record` asks of a game: the public names of
    :class:`~threethirteen.Game` it uses (a game made by
    :meth:`~threethirteen.Game.dealt`)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def players(self) -> int: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def round(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def totals(self) -> tuple[int, ...]: ...
    @property
    def winners(self) -> tuple[int, ...]: ...

    def deal(
        self,
        hands: Iterable[Iterable[Card | str | int] | str] | None = None,
        upcard: Card | str | int | None = None,
        stock: Iterable[Card | str | int] | str | None = None,
        reshuffles: Iterable[Iterable[Card | str | int] | str] = (),
    ) -> None: ...
    def deal_from_seed(self) -> None: ...
    def apply(self, action: Action | str, player: int | None = None) -> None: ...
    def round_record(self) -> dict[str, Any]: ...


GameT = TypeVar("GameT", bound=ReplayedGame)
GameT_co = TypeVar("GameT_co", bound=ReplayedGame, covariant=True)


class NewGame(Protocol[GameT_co]):
    """A constructor of a game that waits for its deals (:meth:`Game.dealt
    <threethirteen.Game.dealt>`), called with the record's rules."""

    def __call__(
        self, rules: Rules, players: int, *, seed: int | None, max_turns: int | None
    ) -> GameT_co: ...


def replay_record(record: Mapping[str, Any], new_game: NewGame[GameT]) -> GameT:
    """Replay ``record`` on a game made by ``new_game``, checking every deal, action,
    reshuffle, end and score (see :meth:`Game.from_record
    <threethirteen.Game.from_record>`); the game as the record leaves it (over, or in
    play), dealing every later round itself.

    :raises InvalidRecordError: naming the round, the action and what is wrong.

    >>> import threethirteen as tt
    >>> record = tt.Game("pagat", players=2, seed=5).to_record()
    >>> record["rounds"][0]["deal"]["upcard"] = "Ks"
    >>> replay_record(record, tt.Game.dealt)
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidRecordError: round record 0 (round 1): the deal is not the one ...
    """
    check_record(record)
    spec = record["rules"]
    if not record["rounds"]:
        raise InvalidRecordError("a record holds at least one round (the one in play)")
    try:
        game = new_game(
            record_rules(spec), spec["players"], seed=record["seed"], max_turns=spec["max_turns"]
        )
    except InvalidRecordError:
        raise
    except ThreeThirteenError as error:
        raise InvalidRecordError(f"the record's rules: {error}") from None
    rounds = record["rounds"]
    for position, data in enumerate(rounds):
        _replay_round(game, position, data, last=position == len(rounds) - 1)
    game.deal_from_seed()  # a record that ends between rounds: the next one dealt now
    check_game_end(record, game.totals, list(game.winners) if game.is_over else None)
    return game


def _replay_round(game: ReplayedGame, position: int, data: Mapping[str, Any], last: bool) -> None:
    """Deal, play and check the round record at ``position`` of a record (``last``:
    the record's last, which may be in play)."""
    where = f"round record {position} (round {data['number']})"
    if game.is_over:
        raise InvalidRecordError(f"{where}: the game was over before it")
    rules = game.rules
    cards = rules.rounds[game.round - 1]
    check_round_start(where, data, (game.round, game.dealer, cards))
    if game.seed is None:
        stocks = reshuffle_stocks(data["actions"], where)
        hands, upcard, stock = read_deal(
            data["deal"], game.players, cards, pool_codes(rules.decks, rules.jokers), where
        )
        game.deal(hands, upcard, stock, stocks)  # (card codes: checked already)
    else:
        game.deal()
    if game.round_record()["deal"] != data["deal"]:  # (a round may end at its deal)
        reason = (
            f"is not the one seed {game.seed} gives"
            if game.seed is not None
            else "is not well formed"
        )
        raise InvalidRecordError(f"{where}: the deal {reason}")
    for index, entry in enumerate(data["actions"]):
        if entry.get("type") == "reshuffle":
            continue
        if game.to_move is None:  # the round is over (and so, perhaps, the game)
            raise InvalidRecordError(f"{where}, action {index}: the round was over before it")
        try:
            action = Action.from_dict(entry)
            game.apply(action, entry.get("player"))
        except (InvalidActionError, IllegalActionError) as error:
            raise InvalidRecordError(f"{where}, action {index}: {error}") from None
    finished = game.to_move is None
    check_round_played(where, game.round_record(), data)
    if not finished and not last:
        raise InvalidRecordError(f"{where}: the round did not end, but the record goes on")
