"""Drawing: the outs of a hand, and whether to take the discard or draw from the stock.

A hand of ``n`` cards before the draw takes one card (the top of the discard pile,
or the unknown top of the stock), then discards one. :func:`outs` lists every card
that would let the hand go out, with the chance that the stock's next card is one
of them; :func:`draw_advice` compares taking the discard pile's top card with
drawing blind, by the exact expected deadwood score left after the best discard.

Chances are exact :class:`fractions.Fraction` values over the cards not seen (see
:func:`~threethirteen.unseen_cards`): by default the rules' pool less the cards
in the hand (and the discard pile's top), each unseen copy equally likely to be
the next card of the stock.

>>> import threethirteen as tt
>>> found = tt.outs("9s 9h 4h", wild=None)
>>> [str(out.card) for out in found], found.probability
(['9c', '9d', '9h', '9s'], Fraction(6, 101))
>>> advice = tt.draw_advice("9s 9h 4h", discard_top="Kd", wild=None)
>>> advice.choice, advice.discard.expected_score, advice.stock.out_probability
('stock', Fraction(22, 1), Fraction(3, 50))
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from numbers import Integral, Rational
from typing import TYPE_CHECKING, Any, Literal, Union

from .._kernel.protocol import COUNT_BITS, Mode
from .._lazy import LazyModule
from .._validate import finite, is_iterable, quote
from ..errors import InvalidCardError, InvalidHandError, InvalidInputError
from .cards import CARDS, JOKER, Card
from .deck import check_counts, check_hand, pool_counts
from .encoding import count_list
from .hand import MAX_HAND_SIZE, Hand, HandLike, as_hand
from .rounds import UNSET, Round, UnsetType, empty_hand_error, resolve_round
from .rules import Rules, RulesLike, WildLike
from .solving import refused

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
else:  # numpy is imported when a hand is solved, not with the package
    np = LazyModule("numpy")
    npt = LazyModule("numpy.typing")

UnseenLike = Union[HandLike, "npt.NDArray[np.integer[Any]]", Sequence[int]]
"""Unseen cards: a hand or string (``"9h 9h Jk"``), or a count vector of 53."""
Weight = Union[int, float, Fraction]  # noqa: UP007
"""The weight of one card: an int, a float or a Fraction."""
WeightsLike = Union[Mapping[Union[Card, str], Weight], Sequence[Weight], "npt.NDArray[Any]"]  # noqa: UP007
"""Weights of the cards: 53 numbers by card code, or a mapping card -> weight."""

__all__ = [
    "Draw",
    "DrawAdvice",
    "DrawOption",
    "Out",
    "Outs",
    "StockOutlook",
    "UnseenLike",
    "Weight",
    "WeightsLike",
    "draw_advice",
    "outs",
    "stock_outlook",
]

_ONE = Fraction(1)
_ZERO = Fraction(0)


def _exact(name: str, value: Fraction) -> dict[str, Any]:
    """A fraction as JSON: the exact value as a string, and a float beside it."""
    return {name: str(value), f"{name}_float": float(value)}


def _percent(value: Fraction) -> str:
    return f"{float(value) * 100:.1f}%"


@dataclass(frozen=True)
class Out:
    """A card that lets the hand go out if drawn, with the discard that goes out."""

    card: Card
    """The card to draw."""
    discard: Card
    """The best discard of the hand with that card: it leaves every card melded."""
    copies: int
    """How many copies of the card are unseen (0: a dead out)."""
    probability: Fraction
    """The chance that the next card of the stock is one of those copies."""

    def to_dict(self) -> dict[str, Any]:
        """The out as JSON-ready data.

        >>> from fractions import Fraction
        >>> Out(Card.parse("9h"), Card.parse("Kd"), 2, Fraction(1, 40)).to_dict()
        {'card': '9h', 'discard': 'Kd', 'copies': 2, 'probability': '1/40',
         'probability_float': 0.025}
        """
        return {
            "card": str(self.card),
            "discard": str(self.discard),
            "copies": self.copies,
            **_exact("probability", self.probability),
        }

    def __str__(self) -> str:
        return f"{self.card} (discard {self.discard}): {self.copies} unseen, {self.probability}"


@dataclass(frozen=True)
class Outs:
    """Every out of a hand, most unseen copies first (then by card code), and the
    chance of going out with the next card of the stock.

    Iterating gives the :class:`Out` values; ``len()`` counts them.
    """

    outs: tuple[Out, ...]
    """The outs, most unseen copies first, then by card code."""
    unseen: int
    """How many cards are unseen in all: the denominator of the chances."""
    probability: Fraction
    """The chance that the next card of the stock is an out (the sum over the outs)."""

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards that are outs, in order."""
        return tuple(out.card for out in self.outs)

    def to_dict(self) -> dict[str, Any]:
        """The outs as JSON-ready data.

        >>> import threethirteen as tt
        >>> data = tt.outs("9s 9h 4h", wild=None, unseen="9c 9c 2h 3h").to_dict()
        >>> data["outs"][0]
        {'card': '9c', 'discard': '4h', 'copies': 2, 'probability': '1/2', 'probability_float': 0.5}
        >>> data["probability"], data["probability_float"], data["unseen"], len(data["outs"])
        ('1/2', 0.5, 4, 4)
        """
        return {
            "outs": [out.to_dict() for out in self.outs],
            "unseen": self.unseen,
            **_exact("probability", self.probability),
        }

    def __len__(self) -> int:
        return len(self.outs)

    def __iter__(self) -> Iterator[Out]:
        return iter(self.outs)

    def __str__(self) -> str:
        cards = " ".join(f"{out.card}x{out.copies}" for out in self.outs) or "none"
        return (
            f"outs: {cards}; next stock card an out: {self.probability}"
            f" ({_percent(self.probability)} of {self.unseen} unseen)"
        )


@dataclass(frozen=True)
class Draw:
    """One card that may be drawn, and what the hand is left with after the best
    discard."""

    card: Card
    """The card drawn."""
    copies: int
    """How many copies of it may be drawn: unseen copies from the stock, 1 for the
    discard pile's top card."""
    weight: Fraction
    """The weight given to each copy (1 unless weights are given)."""
    probability: Fraction
    """The chance of drawing this card: ``copies * weight`` over the total."""
    discard: Card
    """The best discard of the hand with the card drawn."""
    score: int
    """The deadwood score left after that discard (0 when it goes out)."""
    goes_out: bool
    """Whether that discard leaves every card melded."""

    def to_dict(self) -> dict[str, Any]:
        """The draw as JSON-ready data.

        >>> from fractions import Fraction
        >>> draw = Draw(Card.parse("Kd"), 1, Fraction(1), Fraction(1), Card.parse("Kd"), 18, False)
        >>> draw.to_dict()["probability"], draw.to_dict()["discard"]
        ('1', 'Kd')
        """
        return {
            "card": str(self.card),
            "copies": self.copies,
            **_exact("weight", self.weight),
            **_exact("probability", self.probability),
            "discard": str(self.discard),
            "score": self.score,
            "goes_out": self.goes_out,
        }


@dataclass(frozen=True)
class DrawOption:
    """Where to draw from (``"discard"``: the discard pile's top card; ``"stock"``:
    blind), with the exact expected score left after the best discard and the
    chance of going out this turn."""

    source: Literal["discard", "stock"]
    """``"discard"`` (take the discard pile's top card) or ``"stock"`` (draw blind)."""
    expected_score: Fraction
    """The deadwood score expected after the draw and the best discard."""
    out_probability: Fraction
    """The chance of going out this turn."""
    draws: tuple[Draw, ...]
    """Each card that may be drawn: for the discard pile, its top card alone; for
    the stock, each distinct unseen card, by card code."""

    def to_dict(self) -> dict[str, Any]:
        """The option as JSON-ready data (with every draw)."""
        return {
            "source": self.source,
            **_exact("expected_score", self.expected_score),
            **_exact("out_probability", self.out_probability),
            "draws": [draw.to_dict() for draw in self.draws],
        }

    def __str__(self) -> str:
        if self.source == "discard":
            draw = self.draws[0]
            ending = "goes out" if draw.goes_out else f"score {draw.score}"
            return f"take {draw.card} from the discard pile, discard {draw.discard}: {ending}"
        return (
            f"draw from the stock: expected score {self.expected_score}"
            f" ({float(self.expected_score):.2f}), goes out {self.out_probability}"
            f" ({_percent(self.out_probability)})"
        )


@dataclass(frozen=True)
class DrawAdvice:
    """The two ways to draw, compared, and the one to choose: the lower expected
    score; on a tie the higher chance of going out; on a tie again the stock
    (drawing blind shows the other players nothing)."""

    choice: Literal["discard", "stock"]
    """The advice: ``"discard"`` (take the discard pile's top card) or ``"stock"``."""
    discard: DrawOption
    """Taking the discard pile's top card."""
    stock: DrawOption
    """Drawing the top card of the stock, blind."""

    @property
    def best(self) -> DrawOption:
        """The option chosen."""
        return self.discard if self.choice == "discard" else self.stock

    def to_dict(self) -> dict[str, Any]:
        """The advice as JSON-ready data.

        >>> import threethirteen as tt
        >>> data = tt.draw_advice("9s 9h 4h", discard_top="9c", wild=None).to_dict()
        >>> data["choice"], data["discard"]["expected_score"], data["stock"]["out_probability"]
        ('discard', '0', '1/20')
        """
        return {
            "choice": self.choice,
            "discard": self.discard.to_dict(),
            "stock": self.stock.to_dict(),
        }

    def __str__(self) -> str:
        return f"{self.discard}\n{self.stock}\nadvice: {self.choice}"


# -- the work -------------------------------------------------------------------------


def _draw(
    card: Card,
    copies: int,
    weight: Fraction,
    probability: Fraction,
    discard: Card,
    score: int,
    goes_out: bool,
) -> Draw:
    """A :class:`Draw` of checked values, made without the frozen dataclass's
    ``__init__`` (one ``object.__setattr__`` per field): the same object, as equal
    and hashable, in a third of the time. :func:`draw_advice` makes one per card."""
    draw = _NEW(Draw)
    _SET(
        draw,
        "__dict__",
        {
            "card": card,
            "copies": copies,
            "weight": weight,
            "probability": probability,
            "discard": discard,
            "score": score,
            "goes_out": goes_out,
        },
    )
    return draw


_NEW = object.__new__
_SET = object.__setattr__


def _draws(round: Round, hand: Hand, codes: list[int], mode: Mode) -> tuple[list[int], list[int]]:
    """For each card of ``codes``, the hand with that card drawn, from one solver call:
    in ``Mode.BEST_DISCARD`` the cost the best discard leaves and its code; in
    ``Mode.GO_OUT`` 1 and the discard that goes out, or 0 and -1."""
    found = round.solver.draws(hand.code_bytes, bytes(codes), round.params, mode)
    if isinstance(found, int):  # pragma: no cover - the hand and the cards were checked
        raise refused(round, hand, found)
    return found


def _is_count_vector(unseen: object) -> bool:
    """Whether ``unseen`` is given as counts: an array, or a sequence of ints."""
    if isinstance(unseen, (str, Hand)):
        return False
    if type(unseen).__module__ == "numpy":
        return True
    return (
        isinstance(unseen, Sequence)
        and len(unseen) > 0
        and isinstance(unseen[0], Integral)
        and not isinstance(unseen[0], bool)
    )


def _unseen(
    unseen: UnseenLike | None, seen: list[int], pool: list[int], rules: Rules, where: str
) -> list[int]:
    """The unseen counts: ``unseen`` as given (a hand or a count vector), checked to
    fit beside ``seen`` under ``rules`` (``where`` names the two in the error), or the
    pool less ``seen``."""
    if unseen is None:
        return [have - held for have, held in zip(pool, seen, strict=True)]
    if _is_count_vector(unseen):
        left = count_list(unseen, "unseen")
    elif isinstance(unseen, str) or is_iterable(unseen):
        left = as_hand(unseen).counts()  # type: ignore[arg-type]
    else:
        raise InvalidHandError(
            f"unseen is a hand, a string or a count vector of 53, not {quote(unseen)}"
        )
    check_counts([held + more for held, more in zip(seen, left, strict=True)], rules, where)
    return left


def _prepare(
    hand: HandLike, prepared: Round, extra: int | None
) -> tuple[Round, Hand, list[int], list[int]]:
    """The round, the hand (checked), the counts seen (the hand and ``extra``) and
    the pool's counts."""
    parsed = hand if type(hand) is Hand else as_hand(hand)
    if not parsed:
        raise empty_hand_error(prepared)
    check_hand(parsed, prepared.rules)
    drawn = len(parsed) + 1
    if drawn > MAX_HAND_SIZE:
        raise InvalidHandError(
            f"{len(parsed)} cards in {str(parsed)!r}: with the card drawn at most"
            f" {MAX_HAND_SIZE} are supported"
        )
    seen = parsed.counts()
    pool = pool_counts(prepared.rules)
    if extra is not None:
        seen[extra] += 1
        check_counts(seen, prepared.rules, "in the hand and the discard pile's top")
    return prepared, parsed, seen, pool


def outs(
    hand: HandLike,
    round: Round | int | None = None,
    *,
    wild: WildLike | UnsetType = UNSET,
    rules: RulesLike | UnsetType = UNSET,
    unseen: UnseenLike | None = None,
) -> Outs:
    """Every card that would let a hand of ``n`` cards go out if drawn.

    The candidates are the cards of the rules' pool (the 52, and the joker when
    the rules have jokers) that the hand can take without holding more copies
    than the pool. An out is listed even when no copy is unseen (a dead out).

    :param hand: the hand before the draw (a Hand or a string).
    :param round: the :class:`~threethirteen.Round`, or its number (``4``) under
        ``rules``; or give ``wild`` and ``rules``.
    :param wild: the round's wild rank, or ``None``.
    :param rules: a :class:`~threethirteen.Rules` or a preset name (``"pagat"``).
    :param unseen: the cards not seen, which the stock is drawn from: a hand or
        string (``"9h 9h Jk"``), or a count vector (see
        :func:`~threethirteen.unseen_cards`). By default the pool less the hand.
    :returns: the :class:`Outs`: each out with its discard, its unseen copies and
        its chance, most copies first; the chances are 0 when nothing is unseen.
    :raises InvalidHandError: for a hand impossible under the rules, an empty hand,
        a hand of 20 cards (no room to draw), a bad count vector, or more copies of a card
        in the hand and ``unseen`` together than the rules allow.

    >>> found = outs("9s 9h 4h", wild=None, unseen="9c 9c 9s 3h Kd")
    >>> print(found)
    outs: 9cx2 9sx1 9dx0 9hx0; next stock card an out: 3/5 (60.0% of 5 unseen)
    >>> found.outs[0]
    Out(card=Card.parse('9c'), discard=Card.parse('4h'), copies=2, probability=Fraction(2, 5))
    """
    prepared, parsed, seen, pool = _prepare(hand, resolve_round(round, wild, rules, "outs"), None)
    left = _unseen(unseen, seen, pool, prepared.rules, "in the hand and unseen")
    candidates = [code for code in range(JOKER + 1) if seen[code] < pool[code]]
    flags, discards = _draws(prepared, parsed, candidates, Mode.GO_OUT)
    total = sum(left)
    found = []
    chances: dict[int, Fraction] = {}  # equal copies share one Fraction
    for code, flag, discard in zip(candidates, flags, discards, strict=True):
        if flag:
            copies = left[code]
            chance = chances.get(copies)
            if chance is None:
                chance = chances[copies] = Fraction(copies, total) if total else _ZERO
            out = object.__new__(Out)  # checked values: skip the frozen __init__
            out.__dict__.update(
                card=CARDS[code], discard=CARDS[discard], copies=copies, probability=chance
            )
            found.append(out)
    found.sort(key=lambda out: (-out.copies, out.card.code))
    copies_out = sum(out.copies for out in found)
    return Outs(tuple(found), total, Fraction(copies_out, total) if total else _ZERO)


@dataclass(frozen=True)
class StockOutlook:
    """What one blind draw from the stock promises a hand: :func:`stock_outlook`."""

    expected_score: Fraction
    """The deadwood score expected after the draw and the best discard."""
    out_probability: Fraction
    """The chance of going out with the card drawn."""


def stock_outlook(
    hand: HandLike,
    round: Round | int | None = None,
    *,
    wild: WildLike | UnsetType = UNSET,
    rules: RulesLike | UnsetType = UNSET,
    unseen: UnseenLike | None = None,
) -> StockOutlook:
    """The exact expected deadwood score of a hand of ``n`` cards after one card
    drawn from the stock and the best discard, and the chance of going out.

    It is :func:`draw_advice`'s ``stock`` option alone, without the discard pile and
    without the draws card by card: one solver call, for a bot that weighs many
    hands (what a discard leaves for the next turn).

    :param hand: the hand before the draw (a Hand or a string).
    :param round: the :class:`~threethirteen.Round`, or its number (``4``) under
        ``rules``; or give ``wild`` and ``rules``.
    :param wild: the round's wild rank, or ``None``.
    :param rules: a :class:`~threethirteen.Rules` or a preset name (``"pagat"``).
    :param unseen: the cards the stock is drawn from, each copy equally likely: a
        hand or string, or a count vector; by default the pool less the hand.
    :raises InvalidHandError: for a hand impossible under the rules, an empty hand,
        a hand of 20 cards, a bad count vector, more copies of a card in the hand and ``unseen``
        together than the rules allow, or nothing unseen.

    >>> stock_outlook("9s 9h 4h", wild=None, unseen="9c 2d Kd")
    StockOutlook(expected_score=Fraction(37, 3), out_probability=Fraction(1, 3))
    """
    prepared, parsed, seen, pool = _prepare(
        hand, resolve_round(round, wild, rules, "stock_outlook"), None
    )
    left = _unseen(unseen, seen, pool, prepared.rules, "in the hand and unseen")
    cards = [code for code in range(JOKER + 1) if left[code]]
    if not cards:
        raise InvalidHandError("there is nothing to draw from the stock: no card is unseen")
    costs, _ = _draws(prepared, parsed, cards, Mode.BEST_DISCARD)
    total = sum(left[code] for code in cards)
    points = sum(left[code] * (cost >> COUNT_BITS) for code, cost in zip(cards, costs, strict=True))
    out = sum(left[code] for code, cost in zip(cards, costs, strict=True) if cost == 0)
    return StockOutlook(Fraction(points, total), Fraction(out, total))


def _weight(value: object, code: int) -> Fraction:
    """One weight as an exact fraction: an int, a fraction or a finite float, at least 0
    (an int or a fraction beyond any float kept exact)."""
    if isinstance(value, bool) or not isinstance(value, (Rational, float)):
        raise InvalidInputError(
            f"the weight of {CARDS[code]} must be an int, a Fraction or a float, not {quote(value)}"
        )
    if isinstance(value, float) and finite(value) is None:
        raise InvalidInputError(
            f"the weight of {CARDS[code]} must be a finite number, not {quote(value)}"
        )
    # A numpy integer is taken as an int (a Fraction of an int8 would overflow in the sums).
    exact = Fraction(int(value)) if isinstance(value, Integral) else Fraction(value)
    if exact < 0:
        raise InvalidInputError(f"the weight of {CARDS[code]} must be from 0, not {quote(value)}")
    return exact


def _weights(weights: WeightsLike | None, pool: list[int]) -> list[Fraction] | None:
    """53 exact weights by card code (``None``: every copy alike); a mapping may not
    weigh a card the game's ``pool`` (53 counts) has none of."""
    if weights is None:
        return None
    if isinstance(weights, Mapping):
        result = [_ONE] * (JOKER + 1)
        for key, value in weights.items():
            if isinstance(key, Card):
                card = key
            elif isinstance(key, str):
                card = Card.parse(key)
            else:
                raise InvalidCardError(f"a weight is given for a card, not for {quote(key)}")
            if not pool[card.code]:
                raise InvalidCardError(f"a weight is given for {card}, but these rules have none")
            result[card.code] = _weight(value, card.code)
        return result
    import numpy as np

    values = weights.tolist() if isinstance(weights, np.ndarray) else weights
    if not isinstance(values, Sequence) or isinstance(values, str) or len(values) != JOKER + 1:
        size = len(values) if isinstance(values, Sequence) else type(values).__name__
        raise InvalidInputError(
            f"weights are 53 numbers (52 cards, then the jokers) or a mapping, not {size}"
        )
    return [_weight(value, code) for code, value in enumerate(values)]


def draw_advice(
    hand: HandLike,
    round: Round | int | None = None,
    *,
    discard_top: Card | str,
    wild: WildLike | UnsetType = UNSET,
    rules: RulesLike | UnsetType = UNSET,
    unseen: UnseenLike | None = None,
    weights: WeightsLike | None = None,
) -> DrawAdvice:
    """Whether to take the discard pile's top card or draw blind from the stock.

    Each option is scored by the exact expected deadwood score after the draw
    and the best discard, then by the chance of going out this turn. Drawing from
    the stock, each unseen copy is equally likely, or, with ``weights``, a card
    ``x`` has a chance in proportion to ``copies[x] * weights[x]``.

    :param hand: the hand before the draw (``n`` cards; a Hand or a string).
    :param discard_top: the discard pile's top card (a Card or a string).
    :param round: the :class:`~threethirteen.Round`, or its number (``4``) under
        ``rules``; or give ``wild`` and ``rules``.
    :param wild: the round's wild rank, or ``None``.
    :param rules: a :class:`~threethirteen.Rules` or a preset name (``"pagat"``).
    :param unseen: the cards the stock is drawn from: a hand or string, or a
        count vector; by default the pool less the hand and ``discard_top``.
    :param weights: 53 weights by card code (a sequence or an array), or a mapping
        card -> weight (a card not named weighs 1); ints, Fractions or floats (a
        float is taken exactly), none negative.
    :returns: a :class:`DrawAdvice` with both options, the stock's draws card by
        card, and the choice.
    :raises InvalidCardError: for a ``discard_top`` that is no card; for a weight
        given for a card the rules have none of (a joker, under rules without jokers).
    :raises InvalidHandError: for a hand impossible under the rules, an empty hand,
        or with ``discard_top`` or ``unseen`` more copies of a card than the rules allow;
        for a bad count vector; when there is nothing to draw from the stock (no
        unseen card, or every weight 0).
    :raises ThreeThirteenError: for bad weights.

    >>> advice = draw_advice("9s 9h 4h", discard_top="Kd", wild=None, unseen="9c 2d Kd")
    >>> print(advice)
    take Kd from the discard pile, discard Kd: score 22
    draw from the stock: expected score 37/3 (12.33), goes out 1/3 (33.3%)
    advice: stock
    >>> [(str(draw.card), str(draw.discard), draw.score) for draw in advice.stock.draws]
    [('9c', '4h', 0), ('2d', '9s', 15), ('Kd', 'Kd', 22)]
    """
    if isinstance(discard_top, str):
        top = Card.parse(discard_top)
    elif isinstance(discard_top, Card):
        top = discard_top
    else:
        raise InvalidCardError(f"discard_top is a card, not {quote(discard_top)}")
    prepared, parsed, seen, pool = _prepare(
        hand, resolve_round(round, wild, rules, "draw_advice"), top.code
    )
    left = _unseen(
        unseen, seen, pool, prepared.rules, "in the hand, the discard pile's top and unseen"
    )
    given = _weights(weights, pool)
    cards = [code for code in range(JOKER + 1) if left[code]]
    if given is None:
        masses: list[Any] = [left[code] for code in cards]
    else:
        masses = [left[code] * given[code] for code in cards]
    total = sum(masses)
    if not total:
        reason = "no card is unseen" if not cards else "every unseen card weighs 0"
        raise InvalidHandError(f"there is nothing to draw from the stock: {reason}")
    costs, discards = _draws(prepared, parsed, [top.code, *cards], Mode.BEST_DISCARD)
    shift = COUNT_BITS

    taken = Draw(top, 1, _ONE, _ONE, CARDS[discards[0]], costs[0] >> shift, costs[0] == 0)
    discard = DrawOption(
        "discard", Fraction(taken.score), _ONE if taken.goes_out else _ZERO, (taken,)
    )

    stock_costs, stock_discards = costs[1:], discards[1:]
    scores = [cost >> shift for cost in stock_costs]
    score_sum: Any = sum(mass * score for mass, score in zip(masses, scores, strict=True))
    out_sum: Any = sum(mass for mass, cost in zip(masses, stock_costs, strict=True) if cost == 0)
    # Equal masses share one Fraction (unweighted, they are 1 to the number of decks).
    chances = {mass: Fraction(mass, total) for mass in set(masses)}
    per_card = [_ONE] * len(cards) if given is None else [given[code] for code in cards]
    draws = [
        _draw(
            CARDS[code],
            left[code],
            weight,
            chances[mass],
            CARDS[dropped],
            score,
            cost == 0,
        )
        for code, cost, dropped, mass, weight, score in zip(
            cards, stock_costs, stock_discards, masses, per_card, scores, strict=True
        )
    ]
    stock = DrawOption("stock", Fraction(score_sum, total), Fraction(out_sum, total), tuple(draws))

    better = discard.expected_score < stock.expected_score or (
        discard.expected_score == stock.expected_score
        and discard.out_probability > stock.out_probability
    )
    return DrawAdvice("discard" if better else "stock", discard, stock)
