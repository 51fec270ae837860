"""One game's result in the arena (:class:`GameResult`) and a bot's fault that
forfeited it (:class:`Fault`), with their JSON data, each checked as it is read:
what :func:`threethirteen.play` returns and a tournament tallies.

>>> result = GameResult(0, 7, ("a", "b"), (3, 10), ((3, 10),), (0,))
>>> GameResult.from_dict(result.to_dict()) == result, result.winners
(True, (0,))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from .._validate import (
    MAX_SEED,
    FieldCheck,
    FieldError,
    check_fields,
    choice_field,
    expected,
    integer_field,
    list_field,
    nullable_field,
    quote,
    string_field,
)
from ..engine.records import check_record
from ..errors import InvalidRecordError

__all__ = ["FAULT_KINDS", "Fault", "GameResult"]

FAULT_KINDS = ("error", "illegal", "time")
"""The kinds of a bot's fault: it raised (or its process crashed), it chose an
action that is not legal, it overran its time for a decision."""


@dataclass(frozen=True)
class Fault:
    """A bot's fault, which forfeited its game: the bot's label, its seat, the
    game's index in the tournament (``None`` for a single game), the round and turn,
    the kind (``"error"``, ``"illegal"`` or ``"time"``), the bot's exception's type name and
    message (for ``"error"`` and ``"time"``), and the whole message.

    >>> fault = Fault("x", 1, 7, 2, 3, "error", "ZeroDivisionError", "division by zero",
    ...               "bot 'x' in seat 1, game 7, round 2, turn 3: raised ZeroDivisionError")
    >>> Fault.from_dict(fault.to_dict()) == fault
    True
    """

    bot: str
    seat: int
    game: int | None
    round: int
    turn: int
    kind: str
    error_type: str | None
    error_message: str | None
    message: str

    def to_dict(self) -> dict[str, Any]:
        """The fault as JSON-ready data."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Fault:
        """A fault from :meth:`to_dict`'s data.

        :raises InvalidRecordError: for data that is not a fault.
        """
        if not isinstance(data, Mapping):
            raise InvalidRecordError(f"a fault is an object, not {quote(data)}")
        check_fields(data, _FAULT_FIELDS, "a fault", InvalidRecordError)
        return cls(**dict(data))


_COUNT = integer_field(0, MAX_SEED)
_SCORE = integer_field(-(10**9 - 1), 10**9 - 1)
_TEXT = string_field(2000, fewest=0)

_FAULT_FIELDS: dict[str, FieldCheck] = {
    "bot": _TEXT,
    "seat": _COUNT,
    "game": nullable_field(_COUNT),
    "round": _COUNT,
    "turn": _COUNT,
    "kind": choice_field(*FAULT_KINDS),
    "error_type": nullable_field(_TEXT),
    "error_message": nullable_field(_TEXT),
    "message": _TEXT,
}
"""The fields of a fault's data (:meth:`Fault.to_dict`), each with its check (see
:func:`~threethirteen._validate.check_fields`): a seat, a game's index, a round and a
turn are integers from 0 to ``2**128 - 1``; a text has at most 2,000 characters."""


@dataclass(frozen=True)
class GameResult:
    """One game of a tournament: its index, its seed (``tt.play(bots, seed=...)``
    replays it, the bots in the same seats), the bot in each seat (their labels),
    each seat's total, each round's scores, the winners, the fault that forfeited
    it (or ``None``), and its record when kept (``records=True``).

    >>> result = GameResult(4, 99, ("greedy", "random"), (20, 50), ((20, 50),), (0,))
    >>> GameResult.from_dict(result.to_dict()) == result
    True
    """

    index: int
    seed: int
    bots: tuple[str, ...]
    totals: tuple[int, ...]
    round_scores: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]
    forfeit: Fault | None = None
    record: dict[str, Any] | None = field(default=None, hash=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The game's result as JSON-ready data (its record included when kept)."""
        return {
            "index": self.index,
            "seed": self.seed,
            "bots": list(self.bots),
            "totals": list(self.totals),
            "round_scores": [list(scores) for scores in self.round_scores],
            "winners": list(self.winners),
            "forfeit": None if self.forfeit is None else self.forfeit.to_dict(),
            "record": self.record,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameResult:
        """A game's result from :meth:`to_dict`'s data.

        :raises InvalidRecordError: for data that is not a game's result.
        """
        if not isinstance(data, Mapping):
            raise InvalidRecordError(f"{_WHAT} is an object, not {quote(data)}")
        check_fields(data, _GAME_RESULT_FIELDS, _WHAT, InvalidRecordError, allowed=("record",))
        bots = tuple(data["bots"])
        seats = len(bots)
        for where, scores in [
            ("totals", data["totals"]),
            *((f"round_scores[{index}]", row) for index, row in enumerate(data["round_scores"])),
        ]:
            if len(scores) != seats:
                raise InvalidRecordError(
                    f"{_WHAT}: {where}: expected {seats} scores, one a seat, not {quote(scores)}"
                )
        if any(winner >= seats for winner in data["winners"]):
            raise InvalidRecordError(
                f"{_WHAT}: winners: expected seats from 0 to {seats - 1},"
                f" not {quote(data['winners'])}"
            )
        totals = tuple(data["totals"])
        round_scores = tuple(tuple(row) for row in data["round_scores"])
        winners = tuple(data["winners"])
        forfeit = None if data["forfeit"] is None else Fault.from_dict(data["forfeit"])
        _check_agrees(data["index"], bots, totals, round_scores, winners, forfeit)
        record = data.get("record")
        if record is not None:
            if not isinstance(record, dict):
                raise InvalidRecordError(
                    f"{_WHAT}: record: expected an object, not {quote(record)}"
                )
            check_record(record)
        return cls(
            index=data["index"],
            seed=data["seed"],
            bots=bots,
            totals=totals,
            round_scores=round_scores,
            winners=winners,
            forfeit=forfeit,
            record=record,
        )


_WHAT = "a game's result"


def _fault(value: object, where: str) -> None:
    """A check of a fault's data (:data:`_FAULT_FIELDS`), or null."""
    if value is None:
        return
    if not isinstance(value, Mapping):
        raise expected(where, "null or an object", value)
    try:
        Fault.from_dict(value)
    except InvalidRecordError as error:
        raise FieldError(f"{where}: {error}") from None


_GAME_RESULT_FIELDS: dict[str, FieldCheck] = {
    "index": _COUNT,
    "seed": _COUNT,
    "bots": list_field(_TEXT, 2, 16),
    "totals": list_field(_SCORE, 2, 16),
    "round_scores": list_field(list_field(_SCORE, 2, 16), 0, 64),
    "winners": list_field(integer_field(0, 15), 0, 16),
    "forfeit": _fault,
}
"""The fields of a game's result data (:meth:`GameResult.to_dict`; its ``record``
may be left out), each with its check (see
:func:`~threethirteen._validate.check_fields`): 2 to 16 bots; a score (less than
10**9 in size) a seat in the totals and in each of up to 64 rounds; the winners,
seats; the fault that forfeited the game, or null. :meth:`GameResult.from_dict` then
checks that the lists are one a seat and that the figures agree."""


def _check_agrees(
    index: int,
    bots: tuple[str, ...],
    totals: tuple[int, ...],
    round_scores: tuple[tuple[int, ...], ...],
    winners: tuple[int, ...],
    forfeit: Fault | None,
) -> None:
    """Refuse a game's result that does not agree with itself: totals that are not
    the sums of the round scores, a forfeit whose seat, bot, game or round is not
    the game's, winners that are not the seats with the lowest total (the
    forfeiting seat never one)."""
    seats = range(len(bots))
    sums = tuple(sum(scores[seat] for scores in round_scores) for seat in seats)
    if totals != sums:
        raise InvalidRecordError(
            f"a game's totals {list(totals)} are not the sums of its round scores {list(sums)}"
        )
    others = list(seats)
    if forfeit is not None:
        if forfeit.seat not in seats:
            raise InvalidRecordError(
                f"a fault's seat {quote(forfeit.seat)} is not one of the game's {len(bots)} seats"
            )
        if forfeit.bot != bots[forfeit.seat]:
            raise InvalidRecordError(
                f"a fault's bot {quote(forfeit.bot)} is not {quote(bots[forfeit.seat])},"
                f" the bot in seat {forfeit.seat}"
            )
        if forfeit.game != index:
            raise InvalidRecordError(
                f"a fault's game {quote(forfeit.game)} is not the game's index {index}"
            )
        if not 1 <= forfeit.round <= len(round_scores) or forfeit.turn < 1:
            raise InvalidRecordError(
                f"a fault's round {quote(forfeit.round)} and turn {quote(forfeit.turn)} are not"
                f" a turn of the game's {len(round_scores)} rounds"
            )
        others.remove(forfeit.seat)
    low = min((totals[seat] for seat in others), default=0)
    expected = tuple(seat for seat in others if totals[seat] == low)
    if winners != expected:
        but = ", the forfeiting seat's left out" if forfeit is not None else ""
        raise InvalidRecordError(
            f"a game's winners {list(winners)} are not the seats with the lowest total"
            f" {list(expected)} (totals {list(totals)}{but})"
        )
