"""A game's review as plain data: the frozen dataclasses a review is made of
(:class:`Weighed`, :class:`Facts`, :class:`Decision`, :class:`PlayerSummary`,
:class:`Review`), the labels' thresholds, the accuracy figure, the summaries, and
the review's JSON form (:meth:`Review.to_dict` / :meth:`Review.from_dict`, checked on
read with the shared field tables: every field's type and range, bounded sizes).

Everything here is a function of the data alone: no sampling, no game. The reviewer
(:mod:`threethirteen.review.reviewer`) fills the data.

**Labels** (:func:`label_for`): a decision's loss ``L`` (points of the round's
margin given up against the best candidate) with standard error ``e`` is labelled

* ``"blunder"`` when ``L >= 10`` (:data:`BLUNDER`),
* ``"mistake"`` when ``5 <= L < 10`` (:data:`MISTAKE`),
* ``"inaccuracy"`` when ``2 <= L < 5`` (:data:`INACCURACY`),

and only when ``L > 3 e`` (:data:`SIGNIFICANCE`): a loss within three standard
errors of nothing may be the deals' noise, not the player's, and is not labelled
(a loss of an exact, quick review has ``e = 0``). Three, not two: a game has some
250 decisions, and the best candidate is the lowest of several noisy means, so its
loss is a little high (by about one standard error, measured against fresh deals:
``python benchmarks/test_review_speed.py honesty``); at two errors, four of the six
inaccuracies of a reviewed game of two bots were such noise (1000 fresh deals put
them at 1.2 points or less), at three three of those four went and none of its
mistakes. The points are a round's margin:
2 points is a low card of deadwood kept for nothing, 5 a face card, 10 a round's
going out thrown away in the small rounds or a meld broken in the large ones; the
built-in bots score 40 to 60 points a game of 11 rounds. So measured (see
:mod:`threethirteen.review.reviewer` for the table), the lookahead and expert bots
make an inaccuracy in about one decision of 100 and next to no mistakes, the
greedy bot 3 and 0.7, and random play 8.5 inaccuracies, 5 mistakes and 4 blunders.

**Accuracy** (:func:`accuracy`): from a player's mean loss per decision ``m`` (in
points; a decision is a draw or a play, a turn two of them), ``100 * exp(-m / 2)``
(:data:`ACCURACY_SCALE` is 2 points), rounded to one decimal: 100 for a player who
never gave anything up, 78 at half a point a decision, 61 at one, 37 at two. Like
lichess's accuracy it falls fast from 100 and never reaches 0; the scale puts the
built-in bots' own games (a mean loss of 0.2 to 0.5 points a decision) at about 78
to 90 and random play (about 1.8 points a decision in its first rounds, more later)
below 41.

>>> from threethirteen import Action
>>> weighed = (Weighed(Action.parse("discard Kh"), -3.0, 0.5),
...            Weighed(Action.parse("discard 4c"), 4.0, 0.5))
>>> label_for(7.0, 0.6), label_for(7.0, 4.0), label_for(1.5, 0.1)
('mistake', None, None)
>>> accuracy(0.0), accuracy(1.0), accuracy(5.0)
(100.0, 60.7, 8.2)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from .._validate import (
    FieldCheck,
    FieldError,
    check_fields,
    choice_field,
    expected,
    integer_field,
    list_field,
    nullable_field,
    number_field,
    object_field,
    quote,
    string_field,
)
from ..engine.actions import MAX_ACTION_LENGTH, Action
from ..errors import InvalidActionError, InvalidInputError, InvalidRecordError, ThreeThirteenError
from ..hands.melds import Meld

__all__ = [
    "ACCURACY_SCALE",
    "BLUNDER",
    "INACCURACY",
    "LABELS",
    "MAX_CANDIDATES",
    "MAX_DECISIONS",
    "MAX_WORDS",
    "MISTAKE",
    "SIGNIFICANCE",
    "Decision",
    "Facts",
    "Label",
    "PlayerSummary",
    "Review",
    "Weighed",
    "accuracy",
    "label_for",
    "summarise",
]

Label = Literal["inaccuracy", "mistake", "blunder"]
"""A decision's label, by the points it gave up (see :func:`label_for`)."""

LABELS: tuple[Label, ...] = ("inaccuracy", "mistake", "blunder")
"""The labels, mildest first."""

INACCURACY = 2.0
"""The least loss (points) labelled an inaccuracy."""
MISTAKE = 5.0
"""The least loss (points) labelled a mistake."""
BLUNDER = 10.0
"""The least loss (points) labelled a blunder."""
SIGNIFICANCE = 3.0
"""A loss is labelled only when it exceeds this many of its standard errors."""
ACCURACY_SCALE = 2.0
"""The points of mean loss per decision that take accuracy from 100 to 100/e (36.8)."""

MAX_CANDIDATES = 64
"""The most candidates a decision holds in a review's JSON form."""
MAX_DECISIONS = 500_000
"""The most decisions a review's JSON form holds (a record's most actions)."""
MAX_WORDS = 500
"""The most characters of a decision's words."""
MAX_VALUE = 1e9
"""The largest value, loss or error (either sign) the JSON form holds."""
MAX_ROUNDS = 1000
MAX_PLAYERS = 1000
MAX_DEALS = 1_000_000


def label_for(loss: float, error: float) -> Label | None:
    """The label of a decision that gave up ``loss`` points with standard error
    ``error``: see the module's documentation; ``None`` for a loss too small or
    within :data:`SIGNIFICANCE` standard errors of nothing.

    >>> label_for(12.0, 1.0), label_for(2.0, 0.0), label_for(1.99, 0.0)
    ('blunder', 'inaccuracy', None)
    """
    if loss < INACCURACY or loss <= SIGNIFICANCE * error:
        return None
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    return "inaccuracy"


def accuracy(mean_loss: float) -> float:
    """A player's accuracy, 0 to 100, from their mean loss per decision (points):
    ``100 * exp(-mean_loss / ACCURACY_SCALE)``, rounded to one decimal.

    >>> accuracy(0.0), accuracy(2.0), accuracy(40.0)
    (100.0, 36.8, 0.0)
    """
    return round(100.0 * math.exp(-max(0.0, mean_loss) / ACCURACY_SCALE), 1)


@dataclass(frozen=True)
class Weighed:
    """One candidate action and its value: the expected round margin (the player's
    round score less the mean of the others'; lower is better) and the value's
    standard error (0.0 where exact).

    >>> Weighed(Action.parse("draw stock"), -1.5, 0.25).value
    -1.5
    """

    action: Action
    value: float
    error: float


@dataclass(frozen=True)
class Facts:
    """A decision's exact facts, no sampling (see :mod:`threethirteen.review.facts`
    for the exact definitions).

    >>> Facts(12, 4, None, False, False, 0, 3).deadwood_after
    4
    """

    deadwood_before: int
    deadwood_after: int
    could_go_out: tuple[Meld, ...] | None
    broke_meld: bool
    completed_nothing: bool
    outs_before: int
    outs_after: int


@dataclass(frozen=True)
class Decision:
    """One decision of a player, weighed: where it is in the record (``round``: the
    round record's index; ``index``: the action's index in that round's
    ``"actions"``, reshuffle entries counted), the action taken, every candidate
    weighed (best first), the best, the loss (``value(taken) - value(best)``, never
    negative) and its standard error (paired over common deals), the label, the
    exact facts and one line of words.

    >>> draw = Action.parse("draw stock")
    >>> facts = Facts(0, 0, None, False, False, 0, 0)
    >>> Decision(0, 0, 1, "draw", draw, (Weighed(draw, 0.0, 0.0),), draw, 0.0, 0.0,
    ...          None, facts, "").player
    1
    """

    round: int
    index: int
    player: int
    phase: str
    action: Action
    candidates: tuple[Weighed, ...]
    best: Action
    loss: float
    error: float
    label: Label | None
    facts: Facts
    words: str


@dataclass(frozen=True)
class PlayerSummary:
    """One player's review in brief: decisions weighed, points given up in all and
    per round record, the count of each label (every label present), the accuracy
    (:func:`accuracy`) and the three costliest decisions, costliest first.

    >>> summarise((), (0,), 2)[0].accuracy
    100.0
    """

    player: int
    decisions: int
    loss: float
    loss_by_round: tuple[float, ...]
    labels: Mapping[str, int]
    accuracy: float
    costliest: tuple[Decision, ...]


def summarise(
    decisions: Sequence[Decision], players: Sequence[int], rounds: int
) -> tuple[PlayerSummary, ...]:
    """The summary of each of ``players`` from their ``decisions`` over ``rounds``
    round records (``loss_by_round`` has one entry per round record).

    >>> summarise((), (0, 1), 1)[1].labels
    {'inaccuracy': 0, 'mistake': 0, 'blunder': 0}
    """
    summaries = []
    for player in players:
        own = [decision for decision in decisions if decision.player == player]
        by_round = [0.0] * rounds
        for decision in own:
            if 0 <= decision.round < rounds:
                by_round[decision.round] += decision.loss
        labels: dict[str, int] = {label: 0 for label in LABELS}
        for decision in own:
            if decision.label is not None:
                labels[decision.label] += 1
        total = math.fsum(decision.loss for decision in own)
        costliest = sorted(
            (decision for decision in own if decision.loss > 0.0),
            key=lambda decision: (-decision.loss, decision.round, decision.index),
        )[:3]
        summaries.append(
            PlayerSummary(
                player=player,
                decisions=len(own),
                loss=total,
                loss_by_round=tuple(by_round),
                labels=labels,
                accuracy=accuracy(total / len(own) if own else 0.0),
                costliest=tuple(costliest),
            )
        )
    return tuple(summaries)


# -- the JSON form ------------------------------------------------------------------------


def _action_field(value: object, where: str) -> None:
    if not isinstance(value, str) or not 0 < len(value) <= MAX_ACTION_LENGTH:
        raise expected(where, "an action's notation", value)
    try:
        Action.parse(value)
    except InvalidActionError as problem:
        raise FieldError(f"{where}: {problem}") from None


def _meld_field(value: object, where: str) -> None:
    if not isinstance(value, str) or not 0 < len(value) <= MAX_ACTION_LENGTH:
        raise expected(where, "a meld's notation", value)
    try:
        Meld.parse(value, min_size=2)
    except ThreeThirteenError as problem:
        raise FieldError(f"{where}: {problem}") from None


def _label_field(value: object, where: str) -> None:
    if value is not None and value not in LABELS:
        raise expected(where, "null or " + ", ".join(repr(label) for label in LABELS), value)


_VALUE = number_field(-MAX_VALUE, MAX_VALUE)
_ERROR = number_field(0, MAX_VALUE)
_COUNT = integer_field(0, 10_000)

_WEIGHED_FIELDS: dict[str, FieldCheck] = {"action": _action_field, "value": _VALUE, "error": _ERROR}
_FACTS_FIELDS: dict[str, FieldCheck] = {
    "deadwood_before": integer_field(0, 1_000_000),
    "deadwood_after": integer_field(0, 1_000_000),
    "could_go_out": nullable_field(list_field(_meld_field, 0, 100)),
    "broke_meld": lambda value, where: _boolean(value, where),
    "completed_nothing": lambda value, where: _boolean(value, where),
    "outs_before": _COUNT,
    "outs_after": _COUNT,
}


def _boolean(value: object, where: str) -> None:
    if not isinstance(value, bool):
        raise expected(where, "true or false", value)


_DECISION_FIELDS: dict[str, FieldCheck] = {
    "round": integer_field(0, MAX_ROUNDS - 1),
    "index": integer_field(0, MAX_DECISIONS - 1),
    "player": integer_field(0, MAX_PLAYERS - 1),
    "phase": choice_field("draw", "play"),
    "action": _action_field,
    "candidates": list_field(object_field(_WEIGHED_FIELDS), 1, MAX_CANDIDATES),
    "best": _action_field,
    "loss": _ERROR,
    "error": _ERROR,
    "label": _label_field,
    "facts": object_field(_FACTS_FIELDS),
    "words": string_field(MAX_WORDS, fewest=0),
}
_REVIEW_FIELDS: dict[str, FieldCheck] = {
    "level": choice_field("full", "quick"),
    "deals": integer_field(0, MAX_DEALS),
    "seed": integer_field(0, 2**128 - 1),
    "players": list_field(integer_field(0, MAX_PLAYERS - 1), 0, MAX_PLAYERS),
    "rounds": integer_field(0, MAX_ROUNDS),
    "decisions": list_field(object_field(_DECISION_FIELDS), 0, MAX_DECISIONS),
}


def _weighed_dict(weighed: Weighed) -> dict[str, Any]:
    return {"action": str(weighed.action), "value": weighed.value, "error": weighed.error}


def _facts_dict(facts: Facts) -> dict[str, Any]:
    return {
        "deadwood_before": facts.deadwood_before,
        "deadwood_after": facts.deadwood_after,
        "could_go_out": None
        if facts.could_go_out is None
        else [str(meld) for meld in facts.could_go_out],
        "broke_meld": facts.broke_meld,
        "completed_nothing": facts.completed_nothing,
        "outs_before": facts.outs_before,
        "outs_after": facts.outs_after,
    }


def _decision_dict(decision: Decision) -> dict[str, Any]:
    return {
        "round": decision.round,
        "index": decision.index,
        "player": decision.player,
        "phase": decision.phase,
        "action": str(decision.action),
        "candidates": [_weighed_dict(weighed) for weighed in decision.candidates],
        "best": str(decision.best),
        "loss": decision.loss,
        "error": decision.error,
        "label": decision.label,
        "facts": _facts_dict(decision.facts),
        "words": decision.words,
    }


def _read_facts(data: Mapping[str, Any]) -> Facts:
    melds = data["could_go_out"]
    return Facts(
        deadwood_before=data["deadwood_before"],
        deadwood_after=data["deadwood_after"],
        could_go_out=None
        if melds is None
        else tuple(Meld.parse(text, min_size=2) for text in melds),
        broke_meld=data["broke_meld"],
        completed_nothing=data["completed_nothing"],
        outs_before=data["outs_before"],
        outs_after=data["outs_after"],
    )


def _read_decision(data: Mapping[str, Any]) -> Decision:
    return Decision(
        round=data["round"],
        index=data["index"],
        player=data["player"],
        phase=data["phase"],
        action=Action.parse(data["action"]),
        candidates=tuple(
            Weighed(Action.parse(item["action"]), float(item["value"]), float(item["error"]))
            for item in data["candidates"]
        ),
        best=Action.parse(data["best"]),
        loss=float(data["loss"]),
        error=float(data["error"]),
        label=data["label"],
        facts=_read_facts(data["facts"]),
        words=data["words"],
    )


@dataclass(frozen=True)
class Review:
    """A game's review: the level (``"full"``: sampled deals and playouts;
    ``"quick"``: the lookahead's exact values), the deals per decision (0 for
    quick), the seed, the players reviewed, every decision weighed in the game's
    order, and a summary per player reviewed.

    ``rounds`` (added to the lead's shape) is the number of round records the game
    had, the length of each summary's ``loss_by_round``.

    >>> review = Review("quick", 0, 0, (0,), (), summarise((), (0,), 1), rounds=1)
    >>> Review.from_dict(review.to_dict()) == review
    True
    """

    level: str
    deals: int
    seed: int
    players: tuple[int, ...]
    decisions: tuple[Decision, ...]
    summaries: tuple[PlayerSummary, ...]
    rounds: int = field(default=0)

    def summary(self, player: int) -> PlayerSummary:
        """The summary of ``player`` (one of :attr:`players`).

        :raises InvalidInputError: for a player not reviewed.

        >>> Review("quick", 0, 0, (1,), (), summarise((), (1,), 1), 1).summary(1).player
        1
        """
        for summary in self.summaries:
            if summary.player == player:
                return summary
        raise InvalidInputError(f"player {quote(player)} is not reviewed (players {self.players})")

    def to_dict(self) -> dict[str, Any]:
        """The review as JSON-ready data: the fields above, actions and melds in
        notation (``"discard 7h"``, ``"4h 5h 6c=6h"``); the summaries are written
        for readers (``"summaries"``, each costliest decision as its
        ``[round, index]``) and worked out again on read.

        >>> Review("full", 64, 0, (), (), (), 0).to_dict()["deals"]
        64
        """
        return {
            "level": self.level,
            "deals": self.deals,
            "seed": self.seed,
            "players": list(self.players),
            "rounds": self.rounds,
            "decisions": [_decision_dict(decision) for decision in self.decisions],
            "summaries": [
                {
                    "player": summary.player,
                    "decisions": summary.decisions,
                    "loss": summary.loss,
                    "loss_by_round": list(summary.loss_by_round),
                    "labels": dict(summary.labels),
                    "accuracy": summary.accuracy,
                    "costliest": [[item.round, item.index] for item in summary.costliest],
                }
                for summary in self.summaries
            ],
        }

    @staticmethod
    def from_dict(data: object) -> Review:
        """Read a review from its :meth:`to_dict` form, checking every field (type,
        range, size); the summaries are worked out again from the decisions.

        :raises InvalidRecordError: naming the field and what is wrong with it.

        >>> Review.from_dict({"level": "slow"})
        Traceback (most recent call last):
        ...
        threethirteen.errors.InvalidRecordError: a review: level: expected 'full' or 'quick', ...
        """
        if not isinstance(data, Mapping):
            raise InvalidRecordError(f"a review is an object, not {quote(data)}")
        check_fields(data, _REVIEW_FIELDS, "a review", InvalidRecordError, allowed=("summaries",))
        try:
            decisions = tuple(_read_decision(item) for item in data["decisions"])
        except ThreeThirteenError as problem:  # (checked above: not expected)
            raise InvalidRecordError(f"a review: {problem}") from None
        for number, decision in enumerate(decisions):
            weighed = [item.action for item in decision.candidates]
            for name, action in (("best", decision.best), ("action", decision.action)):
                if action not in weighed:
                    raise InvalidRecordError(
                        f"a review: decisions[{number}].{name}: {quote(str(action))} is"
                        " none of the candidates"
                    )
        players = tuple(data["players"])
        return Review(
            level=data["level"],
            deals=data["deals"],
            seed=data["seed"],
            players=players,
            decisions=decisions,
            summaries=summarise(decisions, players, data["rounds"]),
            rounds=data["rounds"],
        )

    def to_analysis(self) -> dict[str, Any]:
        """The review as a record's ``"analysis"`` part (docs/records.md): level,
        deals, seed, ``"policy": "playout"`` (the continuation policy of the values;
        ``"lookahead"`` for a quick review), and per decision its place, candidates,
        best, loss, error, label and words (actions in notation).

        >>> Review("full", 64, 0, (), (), (), 0).to_analysis()
        {'level': 'full', 'deals': 64, 'seed': 0, 'policy': 'playout', 'decisions': []}
        """
        decisions = []
        for decision in self.decisions:
            item = _decision_dict(decision)
            del item["phase"], item["action"], item["facts"]
            decisions.append(item)
        return {
            "level": self.level,
            "deals": self.deals,
            "seed": self.seed,
            "policy": "playout" if self.level == "full" else "lookahead",
            "decisions": decisions,
        }
