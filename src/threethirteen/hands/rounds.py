"""The round as a value: the rules, the round's number, its wild rank, the cards it
deals, and the solver's parameters prepared for it.

Every analysis function takes a :class:`Round` where it takes ``rules`` and
``wild``; a game engine holds one per round.

>>> import threethirteen as tt
>>> fourth = tt.Round("pagat", 4)
>>> fourth
Round('pagat', 4)
>>> fourth.number, fourth.dealt, fourth.wild
(4, 6, 6)
>>> tt.deadwood_score("9s 9h 9d 4h 5h 6c Kd", fourth)
10
>>> tt.Round("bga", wild="J").penalty("Jc"), tt.Round("bga", wild="J").is_wild("Jk")
(50, True)
"""

from __future__ import annotations

from contextlib import suppress
from typing import Any, Final

from .._kernel import backend as _backend
from .._kernel.protocol import Solver, cost_of, make_params
from .._validate import as_index, check_int, quote
from ..errors import InvalidCardError, InvalidHandError, InvalidRulesError, InvalidWildError
from .cards import CARDS, JOKER, Card
from .hand import MAX_HAND_SIZE, Hand
from .rules import Rules, RulesLike, WildLike, parse_wild

__all__ = [
    "UNSET",
    "Round",
    "UnsetType",
    "empty_hand_error",
    "numbered_round",
    "resolve_round",
    "round_for",
]


class UnsetType:
    """The type of :data:`UNSET`, the default of an argument not given."""

    _instance: UnsetType | None = None

    def __new__(cls) -> UnsetType:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNSET"

    def __reduce__(self) -> str:
        return "UNSET"


UNSET: Final = UnsetType()
"""The default of an argument not given (``wild=None`` means "no wild rank")."""


class Round:
    """One round: the rules, its number (from 1), its wild rank, the cards it deals,
    and the solver's parameters prepared for them. Immutable and hashable; equal
    rounds compare equal whatever object their rules are.

    Give the round's number, and the wild rank and hand size follow from the rules;
    or, for a hand of any size, the wild rank (``None`` for none) and optionally the
    cards dealt. A wild rank given with a number replaces the round's own.

    :param rules: a :class:`~threethirteen.Rules` or a preset name.
    :param number: the round's number: 1 deals the fewest cards.
    :param wild: the wild rank (``6``, ``"6"``, ``"J"``, ``None`` for none).
    :param dealt: the cards the round deals to each player.
    :param implementation: the solver, ``"cython"`` or ``"python"``; by default the
        one chosen at import (:data:`threethirteen.implementation`).
    :raises InvalidWildError: for a round these rules do not play, or a bad wild rank.
    :raises InvalidRulesError: for bad rules, or a round given neither a number nor
        a wild rank.

    >>> Round("pagat", 11).wild, Round("pagat", wild=None).dealt
    (13, None)
    >>> Round("pagat", 4) == Round(Rules.preset("pagat"), wild=6, dealt=6, number=4)
    True
    >>> Round("pagat")
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidRulesError: a Round needs its number (Round('pagat', 4)) or ...
    """

    # A dict of slots gives each attribute its docstring at run time (``help()``).
    __slots__ = {
        "_hash": "The hash of the round's value, worked out once.",
        "_key": "The round's value: rules, number, wild rank, cards dealt, solver.",
        "dealt": "The cards the round deals to each player, or None when not known.",
        "implementation": "The solver: 'cython' or 'python'.",
        "number": "The round's number (1 deals the fewest cards), or None for any round.",
        "params": "The solver's parameters prepared for this round.",
        "penalties": "What each card code (0-52) costs left over this round.",
        "rules": "The rules of the game this round belongs to.",
        "solver": "The solver's module.",
        "wild": "The wild rank, 1 (A) to 13 (K), or None for none.",
    }

    rules: Rules
    """The rules of the game this round belongs to."""
    number: int | None
    """The round's number (1 deals the fewest cards), or ``None`` for a hand of any round."""
    wild: int | None
    """The wild rank, 1 (A) to 13 (K), or ``None`` for none."""
    dealt: int | None
    """The cards the round deals to each player, or ``None`` when not known."""
    implementation: str
    """The solver: ``"cython"`` or ``"python"``."""
    solver: Solver
    """The solver's module."""
    penalties: tuple[int, ...]
    """What each card code (0-52) costs left over this round."""
    params: Any
    """The solver's parameters prepared for this round."""
    _key: tuple[Any, ...]
    _hash: int

    def __init__(
        self,
        rules: RulesLike = "pagat",
        number: int | None = None,
        *,
        wild: WildLike | UnsetType = UNSET,
        dealt: int | None = None,
        implementation: str | None = None,
    ) -> None:
        found = Rules.find(rules)
        wild_rank: int | None
        if number is not None and type(number) is not int:  # a numpy integer is its int
            number = as_index(number, "a round number", InvalidWildError)
        if dealt is not None and type(dealt) is not int:
            dealt = as_index(dealt, "a number of cards dealt", InvalidWildError)
        if number is not None:
            dealt_by_rules = found.cards_dealt(number)
            if dealt is not None and dealt != dealt_by_rules:
                raise InvalidWildError(
                    f"round {number} deals {dealt_by_rules} cards under these rules,"
                    f" not {quote(dealt)}"
                )
            dealt = dealt_by_rules
            if isinstance(wild, UnsetType):
                wild_rank = found.wild_for_round(number)
            else:
                wild_rank = parse_wild(wild)
        elif isinstance(wild, UnsetType):
            raise InvalidRulesError(
                "a Round needs its number (Round('pagat', 4)) or its wild rank"
                " (Round('pagat', wild=6), or wild=None)"
            )
        else:
            wild_rank = parse_wild(wild)
            if dealt is not None:
                dealt = check_int(
                    "a number of cards dealt", dealt, 1, MAX_HAND_SIZE - 1, InvalidWildError
                )
        if implementation is None:
            name, solver = _backend.IMPLEMENTATION, _backend.solver
        elif isinstance(implementation, str) and implementation in ("cython", "python"):
            name, solver = _backend.load(implementation)
        else:
            raise InvalidRulesError(
                f"implementation must be 'cython' or 'python', not {quote(implementation)}"
            )
        penalties = tuple(found.penalty(card, wild=wild_rank) for card in CARDS)
        params = _params(
            solver,
            found,
            wild_rank,
            [cost_of(found.card_values[code % 13]) for code in range(JOKER)],
            [cost_of(penalty) for penalty in penalties],
        )
        key = (found, number, wild_rank, dealt, name)
        for slot, value in (
            ("rules", found),
            ("number", number),
            ("wild", wild_rank),
            ("dealt", dealt),
            ("implementation", name),
            ("solver", solver),
            ("penalties", penalties),
            ("params", params),
            ("_key", key),
            ("_hash", hash(key)),
        ):
            object.__setattr__(self, slot, value)

    @classmethod
    def for_hand_size(
        cls, rules: RulesLike, size: int, *, implementation: str | None = None
    ) -> Round:
        """The round a hand of ``size`` cards belongs to: the first round that deals
        ``size`` cards, else the first that deals ``size - 1`` (the hand holds the
        card just drawn).

        :raises InvalidHandError: when no round of the rules deals either.

        >>> Round.for_hand_size("pagat", 7)
        Round('pagat', 5)
        >>> Round.for_hand_size("pagat", 14).holds_drawn(14)
        True
        """
        found = Rules.find(rules)
        size = as_index(size, "a hand size", InvalidHandError)
        if size == 0:
            raise InvalidHandError(_empty_hand_message(found))
        for dealt in (size, size - 1):
            numbers = found.rounds_dealing(dealt)
            if numbers:
                return cls(found, numbers[0], implementation=implementation)
        low, high = min(found.rounds), max(found.rounds)
        cards = "1 card" if size == 1 else f"{quote(size)} cards"
        raise InvalidHandError(
            f"hand has {cards}; the rounds of these rules deal {low} to {high} cards"
            f" ({low} to {high + 1} with the card drawn)"
        )

    def holds_drawn(self, hand: Hand | int) -> bool:
        """Whether a hand (or a hand size) of this round holds the card just drawn:
        ``False`` for the cards dealt, ``True`` for one more.

        :raises InvalidHandError: for any other size, or a round whose hand size is
            not known.

        >>> Round("pagat", 4).holds_drawn(7)
        True
        """
        size = (
            len(hand) if isinstance(hand, Hand) else as_index(hand, "a hand size", InvalidHandError)
        )
        if size == 0:
            raise InvalidHandError(_empty_hand_message(self.rules))
        if self.dealt is None:
            raise InvalidHandError("a round given only a wild rank has no hand size")
        if size == self.dealt:
            return False
        if size == self.dealt + 1:
            return True
        cards = "1 card" if size == 1 else f"{quote(size)} cards"
        where = f"round {self.number}" if self.number is not None else "the round"
        raise InvalidHandError(
            f"hand has {cards}; {where} deals {self.dealt} ({self.dealt + 1} with the card drawn)"
        )

    def is_wild(self, card: Card | str) -> bool:
        """Whether ``card`` is wild this round: a joker, or a card of the wild rank.

        >>> fourth = Round("pagat", 4)
        >>> fourth.is_wild("6s"), fourth.is_wild("Jk"), fourth.is_wild("7s")
        (True, True, False)
        """
        code = _card(card).code
        return code == JOKER or code % 13 + 1 == self.wild

    def penalty(self, card: Card | str) -> int:
        """What ``card`` costs left over this round.

        >>> fourth = Round("bga", 4)
        >>> fourth.penalty("6s"), fourth.penalty("Ah"), fourth.penalty("Jk")
        (50, 15, 50)
        """
        return self.penalties[_card(card).code]

    def params_costing(self, natural_costs: list[int], wild_costs: list[int]) -> Any:
        """The solver's parameters of this round with other costs (in the solver's
        encoding, :func:`threethirteen._kernel.protocol.cost_of`): ``natural_costs`` for each
        card code 0-51 that is not wild, ``wild_costs`` for each code 0-52 when it is."""
        for name, costs, size in (
            ("natural_costs", natural_costs, 52),
            ("wild_costs", wild_costs, 53),
        ):
            if (
                not isinstance(costs, list)
                or len(costs) != size
                or not all(type(cost) is int and cost >= 0 for cost in costs)
            ):
                raise InvalidRulesError(f"{name} is a list of {size} ints of 0 or more")
        return _params(self.solver, self.rules, self.wild, natural_costs, wild_costs)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Round is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Round is immutable: cannot delete {name!r}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Round):
            return NotImplemented
        return self._key == other._key

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.rules, self.number, self.wild, self.dealt, self.implementation))

    def __repr__(self) -> str:
        rules = self.rules
        shown = repr(rules.name) if rules == Rules.find(rules.name) else repr(rules)
        parts = [shown]
        if self.number is not None:
            parts.append(str(self.number))
            if self.wild != rules.wild_for_round(self.number):
                parts.append(f"wild={self.wild!r}")
        else:
            parts.append(f"wild={self.wild!r}")
            if self.dealt is not None:
                parts.append(f"dealt={self.dealt}")
        if self.implementation != _backend.IMPLEMENTATION:
            parts.append(f"implementation={self.implementation!r}")
        return f"Round({', '.join(parts)})"


def _params(
    solver: Solver,
    rules: Rules,
    wild_rank: int | None,
    natural_costs: list[int],
    wild_costs: list[int],
) -> Any:
    """The solver's parameters of a round of ``rules`` with these costs."""
    return make_params(
        solver,
        natural_costs=natural_costs,
        wild_costs=wild_costs,
        wild_rank=wild_rank,
        decks=rules.decks,
        jokers=rules.jokers,
        min_set=rules.min_set,
        min_run=rules.min_run,
        high_aces=rules.aces == "high-or-low",
        all_wild_melds=rules.all_wild_melds,
    )


def _card(card: Card | str) -> Card:
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return Card.parse(card)
    raise InvalidCardError(f"a card is a Card or its text such as '9s', not {quote(card)}")


def _rebuild(
    rules: Rules, number: int | None, wild: int | None, dealt: int | None, implementation: str
) -> Round:
    if number is not None:
        return Round(rules, number, wild=wild, implementation=implementation)
    return Round(rules, wild=wild, dealt=dealt, implementation=implementation)


_ROUNDS: dict[tuple[Any, type, Any], Round] = {}
"""Rounds already prepared for :func:`round_for`, by (rules or preset name, type of
wild, wild): rules compare by value, so equal rules find the same round."""
_CACHE_SIZE = 512


def round_for(rules: RulesLike, wild: WildLike) -> Round:
    """The round of ``rules`` and wild rank ``wild`` (of no known size), prepared once
    and kept: what the analysis functions use when given ``rules`` and ``wild``.

    >>> round_for("pagat", 6) is round_for("pagat", "6")
    False
    >>> round_for("pagat", 6) == round_for(Rules.preset("pagat"), "6")
    True
    """
    key = (rules, type(wild), wild)
    try:
        found = _ROUNDS.get(key)
    except TypeError:  # something unhashable, which Round refuses below
        found = None
    if found is None:
        found = Round(rules, wild=wild)
        if len(_ROUNDS) >= _CACHE_SIZE:
            _ROUNDS.clear()
        with suppress(TypeError):  # a good wild that is unhashable (a 0-d numpy array)
            _ROUNDS[key] = found
    return found


def numbered_round(rules: RulesLike, number: int, wild: WildLike | UnsetType = UNSET) -> Round:
    """Round ``number`` of ``rules`` (its wild rank replaced by ``wild`` when given),
    prepared once and kept: what the analysis functions use when given a round number,
    as ``--round`` on the command line.

    >>> numbered_round("pagat", 4) == Round("pagat", 4)
    True
    >>> numbered_round("pagat", 4, wild=None).wild is None
    True
    """
    key = (rules, number, type(wild), wild)
    try:
        found = _NUMBERED.get(key)
    except TypeError:  # something unhashable, which Round refuses below
        found = None
    if found is None:
        found = Round(rules, number, wild=wild)
        if len(_NUMBERED) >= _CACHE_SIZE:
            _NUMBERED.clear()
        with suppress(TypeError):
            _NUMBERED[key] = found
    return found


_NUMBERED: dict[tuple[Any, Any, type, Any], Round] = {}
"""Rounds already prepared for :func:`numbered_round`, by (rules, number, type of
wild, wild)."""


def resolve_round(
    round: Round | int | None,
    wild: WildLike | UnsetType,
    rules: RulesLike | UnsetType,
    function: str,
) -> Round:
    """The round an analysis function works in: ``round`` when it is a :class:`Round`;
    round number ``round`` of ``rules`` (Pagat's by default) when it is an int, its
    wild rank replaced by ``wild`` when given (as ``--round`` and ``--wild`` on the
    command line); else the round of ``rules`` and ``wild``, of any hand size.

    :raises InvalidRulesError: when neither a round nor a wild rank is given
        (``function`` names the caller in the message), for a ``round`` that is
        neither a :class:`Round` nor an int, or a :class:`Round` given together with
        ``rules`` or ``wild``.
    :raises InvalidWildError: for a round number the rules do not play.

    >>> resolve_round(4, UNSET, "bga", "best_melds")
    Round('bga', 4)
    >>> resolve_round(None, UNSET, UNSET, "best_melds")
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidRulesError: best_melds() needs the round: a round number ...
    """
    if round is None:
        if isinstance(wild, UnsetType):
            raise InvalidRulesError(
                f"{function}() needs the round: a round number (round=4; Pagat's rules"
                " unless rules= names others), a Round (tt.Round('pagat', 4)), or wild="
                " (the wild rank, or None) for a hand of any round"
            )
        return round_for("pagat" if isinstance(rules, UnsetType) else rules, wild)
    if isinstance(round, Round):
        if not isinstance(wild, UnsetType) or not isinstance(rules, UnsetType):
            raise InvalidRulesError(
                f"{function}() takes a Round or rules and wild, not both: the Round has them"
            )
        return round
    if type(round) is not int and (isinstance(round, bool) or not hasattr(round, "__index__")):
        raise InvalidRulesError(
            f"round must be an int or a Round, not {quote(round)}"
            " (round=4, or tt.Round('pagat', 4))"
        )
    return numbered_round("pagat" if isinstance(rules, UnsetType) else rules, round, wild)


def empty_hand_error(round: Round) -> InvalidHandError:
    """The exception for an empty hand given where a hand of a round is needed: no
    round deals none, and an empty hand must not pass for a hand that is out.

    >>> print(empty_hand_error(Round("pagat", 4)))
    an empty hand is no hand of any round: a round deals 3 to 13 cards
    """
    return InvalidHandError(_empty_hand_message(round.rules))


def _empty_hand_message(rules: Rules) -> str:
    low, high = min(rules.rounds), max(rules.rounds)
    return f"an empty hand is no hand of any round: a round deals {low} to {high} cards"
