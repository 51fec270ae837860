"""Rules as data: one frozen :class:`Rules` dataclass, presets and variations by name.

>>> rules = Rules.preset("pagat", variations=["jokers", "aces-high"])
>>> rules.decks, rules.jokers, rules.aces, rules.card_values[0]
(2, 4, 'high-or-low', 15)
>>> rules.wild_for_round(4), Rules.preset("bga").penalty(Card.parse("Jk"), wild=6)
(6, 50)
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from functools import lru_cache, wraps
from itertools import islice
from typing import Any, ClassVar, Literal

from .._validate import as_index, check_int, is_iterable, quote
from ..errors import InvalidCardError, InvalidRulesError, InvalidWildError, ThreeThirteenError
from .cards import JOKER, Card, parse_rank, rank_name

__all__ = [
    "PRESETS",
    "VARIATIONS",
    "Rules",
    "RulesLike",
    "WildLike",
    "parse_wild",
    "wild_rank_for_cards",
]

Aces = Literal["low", "high-or-low"]
WildLike = int | str | None
"""A wild rank as callers give it: ``6``, ``"6"``, ``"10"``, ``"J"``, ``"q"``, or ``None``."""

MAX_DECKS = 8
MAX_PLAYERS = 16
"""The most players a table may seat: every preset then deals from at most
:data:`MAX_DECKS` decks, even in the longer game."""
MAX_JOKERS = 16
MAX_PENALTY = 1_000_000
"""The largest penalty a card may carry (so the compiled solver's sums cannot overflow)."""

MAX_VARIATIONS = 64
"""The most variations a game takes (there are 14 names; each may be given once)."""
_FACE_VALUES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
_STANDARD_ROUNDS = tuple(range(3, 14))


def wild_rank_for_cards(cards_dealt: int) -> int:
    """The wild rank of a round that deals ``cards_dealt`` cards (3-15).

    3-10 cards: that rank; 11 J, 12 Q, 13 K; the longer game's 14 aces, 15 twos.

    >>> [rank_name(wild_rank_for_cards(n)) for n in (3, 10, 11, 13, 14, 15)]
    ['3', '10', 'J', 'K', 'A', '2']
    """
    cards_dealt = as_index(cards_dealt, "a number of cards dealt", InvalidWildError)
    if not 3 <= cards_dealt <= 15:
        raise InvalidWildError(f"no round deals {quote(cards_dealt)} cards (rounds deal 3 to 15)")
    return cards_dealt if cards_dealt <= 13 else cards_dealt - 13


def parse_wild(wild: WildLike) -> int | None:
    """Read a wild rank: a number 1-13, a rank name (any case), or ``None`` for none.

    :raises InvalidWildError: naming the bad value.

    >>> parse_wild("q"), parse_wild(6), parse_wild("10"), parse_wild(None)
    (12, 6, 10, None)
    """
    if wild is None:
        return None
    try:
        return parse_rank(wild)
    except ValueError:
        pass
    raise InvalidWildError(
        f"bad wild rank {quote(wild)}: give A, 2-10, J, Q, K (or 1-13), or None for no wild rank"
    )


MAX_ROUNDS = 100
"""The most rounds a game plays (the longest schedule of the presets plays 26)."""

MAX_TURNS = 1_000_000
"""The largest turn limit a game takes (``max_turns``: the most turns a round runs)."""

_NUMBER_FIELDS = (
    "players", "decks", "jokers", "min_set", "min_run", "card_values", "wild_penalty",
    "joker_penalty", "rounds", "false_out_penalty", "first_out_bonus",
)  # fmt: skip


def _plain_int(value: object) -> object:
    """``value`` as an int when it is an exact integer of another type (a numpy
    integer, see :func:`as_index`); anything else as it is, for the checks to
    refuse or take."""
    if type(value) is int:
        return value
    try:
        return as_index(value, "a number")
    except ThreeThirteenError:
        return value


@dataclass(frozen=True, eq=False)
class Rules:
    """The rules of one game of Three Thirteen, as plain data.

    Build one with :meth:`preset` (and variations), then adjust any field with
    :func:`dataclasses.replace`; every field is checked when the rules are made.

    >>> import dataclasses
    >>> rules = dataclasses.replace(Rules.preset("bga"), all_wild_melds=False)
    >>> rules.all_wild_melds, rules.wild_penalty
    (False, 50)
    """

    name: str = "pagat"
    """The preset these rules started from (informational)."""
    variations: tuple[str, ...] = ()
    """The variations applied, as given to :meth:`preset` (informational)."""
    players: int | None = None
    """The number of players :meth:`preset` chose the deck count for; ``None`` for hand
    analysis. Changing it with :func:`dataclasses.replace` does not change ``decks``."""
    decks: int = 2
    """Copies of each of the 52 cards in the pool: a hand may hold this many twins."""
    jokers: int = 0
    """Jokers in the pool (always wild)."""
    aces: Aces = "low"
    """``"low"``: A is 1 only; ``"high-or-low"``: Q-K-A and A-2-3 are runs, K-A-2 is not."""
    min_set: int = 3
    """The fewest cards in a set."""
    min_run: int = 3
    """The fewest cards in a run (runs hold at most 13)."""
    all_wild_melds: bool = True
    """Whether a meld may be made of wild cards only."""
    card_values: tuple[int, ...] = _FACE_VALUES
    """The penalty of a card left over, A to K (13 numbers)."""
    wild_penalty: int | None = None
    """The penalty of a wild-rank card left over; ``None``: its usual value."""
    joker_penalty: int = 20
    """The penalty of a joker left over."""
    rounds: tuple[int, ...] = _STANDARD_ROUNDS
    """The cards dealt in each round, in order; the wild rank follows from it."""
    layoff: bool = False
    """Melds are laid on the table during play and cards laid off onto them (family)."""
    last_turns: bool = True
    """After a player goes out, every other player takes one more turn."""
    doubles: bool = False
    """Round scores count double in the J, Q and K rounds."""
    false_out_penalty: int | None = None
    """Points added for declaring going out with a hand not fully melded (play goes on):
    at most ``MAX_PENALTY`` (1,000,000)."""
    first_out_bonus: int | Literal["wild"] | None = None
    """The first player out scores this number (the variation makes it negative: -5, -10;
    at most ``MAX_PENALTY`` (1,000,000) either way), or ``"wild"``: minus the wild card's value."""
    double_naughts: bool = False
    """A round in which every player scores 0 is replayed."""
    redemption: bool = False
    """After someone goes out, the others may lay melds down and lay off onto theirs."""
    separate_discards: bool = False
    """Each player has a discard pile; any pile's top card may be drawn."""
    go_around_first: bool = False
    """Nobody may go out before every player has had one turn."""
    joker_discards: bool = False
    """A joker may be discarded onto any player's pile, and then scores nothing."""

    # Worked out once in __post_init__ (instance values; ClassVar keeps them out of
    # the fields): the fields as a tuple, and its hash.
    _key: ClassVar[tuple[Any, ...]]
    _hash: ClassVar[int]

    def __post_init__(self) -> None:
        self._take_numpy_integers()
        if not isinstance(self.name, str):
            raise InvalidRulesError(f"name must be a str, not {quote(self.name)}")
        if not isinstance(self.variations, tuple) or not all(
            isinstance(item, str) for item in self.variations
        ):
            raise InvalidRulesError(
                f"variations must be a tuple of str, not {quote(self.variations)}"
            )
        if self.players is not None:
            check_int("players", self.players, 2, MAX_PLAYERS, InvalidRulesError)
        check_int("decks", self.decks, 1, MAX_DECKS, InvalidRulesError)
        check_int("jokers", self.jokers, 0, MAX_JOKERS, InvalidRulesError)
        if not isinstance(self.aces, str) or self.aces not in ("low", "high-or-low"):
            raise InvalidRulesError(f"aces must be 'low' or 'high-or-low', not {quote(self.aces)}")
        check_int("min_set", self.min_set, 2, 13, InvalidRulesError)
        check_int("min_run", self.min_run, 2, 13, InvalidRulesError)
        if not isinstance(self.card_values, tuple) or len(self.card_values) != 13:
            raise InvalidRulesError(
                f"card_values must be a tuple of 13 ints (A to K), not {quote(self.card_values)}"
            )
        for rank, value in enumerate(self.card_values, start=1):
            check_int(f"card_values[{rank_name(rank)}]", value, 0, MAX_PENALTY, InvalidRulesError)
        if self.wild_penalty is not None:
            check_int("wild_penalty", self.wild_penalty, 0, MAX_PENALTY, InvalidRulesError)
        check_int("joker_penalty", self.joker_penalty, 0, MAX_PENALTY, InvalidRulesError)
        if not isinstance(self.rounds, tuple) or not self.rounds:
            raise InvalidRulesError(
                f"rounds must be a non-empty tuple of ints, not {quote(self.rounds)}"
            )
        if len(self.rounds) > MAX_ROUNDS:
            raise InvalidRulesError(
                f"a game plays at most {MAX_ROUNDS} rounds, not {len(self.rounds)}"
            )
        for dealt in self.rounds:
            check_int("cards dealt in a round", dealt, 3, 15, InvalidRulesError)
        if self.false_out_penalty is not None:
            check_int(
                "false_out_penalty", self.false_out_penalty, 0, MAX_PENALTY, InvalidRulesError
            )
        bonus = self.first_out_bonus
        if (
            bonus is not None
            and not (isinstance(bonus, str) and bonus == "wild")
            and (isinstance(bonus, bool) or not isinstance(bonus, int))
        ):
            raise InvalidRulesError(
                f"first_out_bonus must be an int, 'wild' or None, not {quote(bonus)}"
            )
        if isinstance(bonus, int):
            check_int("first_out_bonus", bonus, -MAX_PENALTY, MAX_PENALTY, InvalidRulesError)
        for flag in (
            "all_wild_melds", "layoff", "last_turns", "doubles", "double_naughts",
            "redemption", "separate_discards", "go_around_first", "joker_discards",
        ):  # fmt: skip
            if not isinstance(getattr(self, flag), bool):
                value = getattr(self, flag)
                raise InvalidRulesError(f"{flag} must be True or False, not {quote(value)}")
        if self.joker_discards and not self.separate_discards:
            raise InvalidRulesError(
                "joker_discards ('joker-discards') needs separate_discards ('separate-discards')"
            )
        # Rules are compared and hashed by value, and both are worked out once here:
        # a program that builds equal rules for every call finds the round prepared
        # for them as cheaply as one that keeps one object.
        key = tuple(getattr(self, item.name) for item in fields(self))
        object.__setattr__(self, "_key", key)
        object.__setattr__(self, "_hash", hash(key))

    def _take_numpy_integers(self) -> None:
        """Numpy integers (and other exact integers) in the number fields, as ints."""
        for name in _NUMBER_FIELDS:
            value = getattr(self, name)
            plain = (
                tuple(_plain_int(item) for item in value)
                if isinstance(value, tuple)
                else _plain_int(value)
            )
            if plain is not value:
                object.__setattr__(self, name, plain)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Rules):
            return NotImplemented
        return self._hash == other._hash and self._key == other._key

    def __hash__(self) -> int:
        return self._hash

    def __getstate__(self) -> dict[str, Any]:
        """The fields only: a hash is not valid in another process."""
        return {item.name: getattr(self, item.name) for item in fields(self)}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)
        self.__post_init__()

    @property
    def lay_off(self) -> bool:
        """Deprecated spelling of :attr:`layoff`."""
        warnings.warn(
            "Rules.lay_off is deprecated; use Rules.layoff", DeprecationWarning, stacklevel=2
        )
        return self.layoff

    def rounds_dealing(self, cards: int) -> tuple[int, ...]:
        """The numbers of the rounds (from 1) that deal ``cards`` cards.

        >>> Rules.preset("pagat", ["up-and-back"]).rounds_dealing(6)
        (4, 19)
        >>> Rules.preset("pagat").rounds_dealing(2)
        ()
        """
        if type(cards) is not int:
            cards = as_index(cards, "a number of cards", InvalidWildError)
        return tuple(number for number, dealt in enumerate(self.rounds, start=1) if dealt == cards)

    # -- construction -------------------------------------------------------------

    @classmethod
    def preset(
        cls,
        name: str = "pagat",
        variations: Iterable[str] = (),
        *,
        players: int | None = None,
    ) -> Rules:
        """The rules of a preset, with variations applied in order.

        :param name: ``"pagat"``, ``"wikipedia"``, ``"bga"`` or ``"family"``.
        :param variations: names from :data:`VARIATIONS`; some take a value
            after ``=``: ``"aces-high=13"``, ``"first-out-bonus=-5"``,
            ``"first-out-bonus=wild"``, ``"false-out=20"``.
        :param players: the number of players; it sets the deck count of that
            table. Without it ``decks`` is the most the preset's tables use.
        :raises InvalidRulesError: for an unknown name, listing the valid ones; for
            variations that are not a list of names, or name one variation twice
            (``["aces-high", "aces-high=13"]``); for players not from 2 to
            ``MAX_PLAYERS`` (16) or outside the preset's range.

        >>> Rules.preset("family", players=5).decks
        3
        >>> Rules.preset("pagat", ["joker"])
        Traceback (most recent call last):
        ...
        threethirteen.errors.InvalidRulesError: unknown variation 'joker'; valid: aces-high, ...
        """
        if not isinstance(name, str) or name.lower() not in PRESETS:
            raise InvalidRulesError(f"unknown preset {quote(name)}; valid: {', '.join(PRESETS)}")
        if isinstance(variations, str):
            variations = [variations]
        if not is_iterable(variations):
            raise InvalidRulesError(f"variations must be a list of names, not {quote(variations)}")
        variations = list(islice(variations, MAX_VARIATIONS + 1))
        if len(variations) > MAX_VARIATIONS:
            raise InvalidRulesError(f"more than {MAX_VARIATIONS} variations")
        preset = PRESETS[name.lower()]
        fields = dict(preset.fields)
        fields["name"] = name.lower()
        given: list[str] = []
        keys: set[str] = set()
        for item in variations:
            if not isinstance(item, str):
                raise InvalidRulesError(f"a variation is a name, not {quote(item)}")
            key, _, value = item.strip().lower().partition("=")
            variation = VARIATIONS.get(key)
            if variation is None:
                raise InvalidRulesError(
                    f"unknown variation {quote(item)}; valid: {', '.join(VARIATIONS)}"
                )
            if value and not variation.takes_value:
                raise InvalidRulesError(f"variation {key!r} takes no value (got {quote(item)})")
            if key in keys:  # (a second value would silently win over the first)
                raise InvalidRulesError(
                    f"variation {key!r} is given twice (again as {quote(item)})"
                )
            keys.add(key)
            variation.apply(fields, value)
            given.append(item.strip().lower())
        fields["variations"] = tuple(given)
        fields["rounds"] = _round_schedule("longer-game" in keys, "up-and-back" in keys)
        if players is not None:
            players = as_index(players, "players", InvalidRulesError)
            low, high = preset.players
            high = MAX_PLAYERS if high is None else high
            if not low <= players <= high:
                most = f"{low} to {high}"
                raise InvalidRulesError(
                    f"the {name.lower()!r} preset is for {most} players, not {quote(players)}"
                )
            fields["players"] = players
            fields["decks"] = preset.decks_for(players, max(fields["rounds"]))
            if "jokers" in keys:
                fields["jokers"] = 2 * fields["decks"]
        return cls(**fields)

    @classmethod
    def find(cls, rules: RulesLike) -> Rules:
        """``rules`` itself, or the preset of that name.

        >>> Rules.find("bga") == Rules.preset("bga")
        True
        """
        if isinstance(rules, Rules):
            return rules
        if isinstance(rules, str):
            return _plain_preset(rules)
        raise InvalidRulesError(f"rules must be a Rules or a preset name, not {quote(rules)}")

    # -- derived values -----------------------------------------------------------

    def cards_dealt(self, round_number: int) -> int:
        """How many cards round ``round_number`` (1, 2, ...) deals.

        >>> Rules.preset("pagat", ["up-and-back"]).cards_dealt(12)
        13
        """
        if type(round_number) is not int:  # a numpy integer is taken as its int
            round_number = as_index(round_number, "a round number", InvalidWildError)
        if not 1 <= round_number <= len(self.rounds):
            raise InvalidWildError(
                f"no round {quote(round_number)}: these rules play rounds 1 to {len(self.rounds)}"
            )
        return self.rounds[round_number - 1]

    def wild_for_round(self, round_number: int) -> int:
        """The wild rank of round ``round_number`` (1 is the 3-card round).

        >>> Rules.preset("pagat").wild_for_round(11)
        13
        >>> Rules.preset("pagat", ["longer-game"]).wild_for_round(12)
        1
        """
        return wild_rank_for_cards(self.cards_dealt(round_number))

    def wild_for_cards(self, cards_dealt: int) -> int:
        """The wild rank of the round that deals ``cards_dealt`` cards.

        :raises InvalidWildError: when these rules have no such round.

        >>> Rules.preset("pagat").wild_for_cards(11)
        11
        """
        if cards_dealt not in self.rounds:
            raise InvalidWildError(
                f"no round of these rules deals {quote(cards_dealt)} cards"
                f" (they deal {min(self.rounds)} to {max(self.rounds)})"
            )
        return wild_rank_for_cards(cards_dealt)

    def card_value(self, rank: int | str) -> int:
        """The penalty of a card of ``rank`` (1-13 or a rank name) that is not wild.

        :raises InvalidCardError: for a rank that is not one.

        >>> Rules.preset("wikipedia").card_value("Q")
        12
        """
        try:
            return self.card_values[parse_rank(rank) - 1]
        except ValueError as error:
            raise InvalidCardError(str(error)) from None

    def penalty(self, card: Card | str, *, wild: WildLike) -> int:
        """What ``card`` (a Card or its text) costs when it is left over in a round
        whose wild rank is ``wild``.

        :raises InvalidCardError: for a ``card`` that is neither a Card nor a card's text.

        >>> rules = Rules.preset("wikipedia")
        >>> rules.penalty(Card.parse("Ks"), wild=6), rules.penalty("6s", wild=6)
        (13, 6)
        """
        if isinstance(card, str):
            card = Card.parse(card)
        elif not isinstance(card, Card):
            raise InvalidCardError(f"a card is a Card or text such as '9s', not {quote(card)}")
        wild_rank = parse_wild(wild)
        if card.code == JOKER:
            return self.joker_penalty
        rank = card.code % 13 + 1
        if rank == wild_rank and self.wild_penalty is not None:
            return self.wild_penalty
        return self.card_values[rank - 1]


_FIELD_INIT = Rules.__init__
_NOT_GIVEN: Any = object()


@wraps(_FIELD_INIT)  # the signature shown is the fields'
def _init_with_old_names(self: Rules, *args: Any, lay_off: Any = _NOT_GIVEN, **kwargs: Any) -> None:
    """The fields' ``__init__``, taking the old spelling ``lay_off`` with a warning."""
    if lay_off is not _NOT_GIVEN:
        warnings.warn(
            "Rules(lay_off=...) is deprecated; use Rules(layoff=...)",
            DeprecationWarning,
            stacklevel=2,
        )
        kwargs["layoff"] = lay_off
    _FIELD_INIT(self, *args, **kwargs)


Rules.__init__ = _init_with_old_names  # type: ignore[method-assign]

RulesLike = Rules | str
"""Rules, or the name of a preset."""


@lru_cache(maxsize=32)
def _plain_preset(name: str) -> Rules:
    """A preset without variations; rules are immutable, so one copy serves every call."""
    return Rules.preset(name)


def _round_schedule(longer: bool, up_and_back: bool) -> tuple[int, ...]:
    up = tuple(range(3, 16 if longer else 14))
    return up + tuple(reversed(up)) if up_and_back else up


def _decks_enough(players: int, most_dealt: int, at_least: int) -> int:
    """The fewest decks (at least ``at_least``) that deal every hand, turn one card up,
    and leave a stock of one card per player: 'one more deck whenever the cards would run short'."""
    needed = players * most_dealt + 1 + players
    return max(at_least, -(-needed // 52))


@dataclass(frozen=True)
class _Preset:
    description: str
    fields: dict[str, Any]
    players: tuple[int, int | None]
    decks_for: Callable[[int, int], int]


PRESETS: dict[str, _Preset] = {
    "pagat": _Preset(
        "Pagat's standard sheet: pictures 10, aces low, no jokers",
        {"decks": 2},
        (2, None),
        lambda players, dealt: 1 if players == 2 else _decks_enough(players, dealt, 2),
    ),
    "wikipedia": _Preset(
        "Wikipedia: two decks, J Q K count 11 12 13, aces low",
        {"decks": 2, "card_values": (*range(1, 11), 11, 12, 13)},
        (2, None),
        lambda players, dealt: _decks_enough(players, dealt, 2),
    ),
    "bga": _Preset(
        "Board Game Arena: two decks, 4 jokers, aces high or low,"
        " wilds and jokers left over cost 50",
        {
            "decks": 2,
            "jokers": 4,
            "aces": "high-or-low",
            "card_values": (15, *range(2, 11), 11, 12, 13),
            "wild_penalty": 50,
            "joker_penalty": 50,
        },
        (2, 5),
        lambda players, dealt: 2,
    ),
    "family": _Preset(
        "family sheet: a deck per two players, runs of 4, melds laid down and laid off during play",
        {
            "decks": 4,
            "aces": "high-or-low",
            "min_run": 4,
            "card_values": (15, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10),
            "layoff": True,
            "last_turns": False,
        },
        (2, 8),
        lambda players, dealt: (players + 1) // 2,
    ),
}
"""The presets by name."""


_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,9}")


def _integer(value: str, name: str) -> int:
    """A whole number written in ASCII digits (at most 9), with an optional sign."""
    if not _WHOLE_NUMBER.fullmatch(value):
        raise InvalidRulesError(f"variation {name!r} must be an int, not {quote(value)}")
    return int(value)


def _aces_high(fields: dict[str, Any], value: str) -> None:
    fields["aces"] = "high-or-low"
    values = list(fields.get("card_values", _FACE_VALUES))
    values[0] = _integer(value, "aces-high") if value else 15
    if values[0] < 0:
        raise InvalidRulesError(f"an ace cannot cost {values[0]}")
    fields["card_values"] = tuple(values)


def _second_count(fields: dict[str, Any], value: str) -> None:
    values = list(fields.get("card_values", _FACE_VALUES))
    values[10:13] = [11, 12, 13]
    fields["card_values"] = tuple(values)


def _first_out_bonus(fields: dict[str, Any], value: str) -> None:
    if value == "wild":
        fields["first_out_bonus"] = "wild"
        return
    bonus = _integer(value, "first-out-bonus") if value else -10
    fields["first_out_bonus"] = -abs(bonus)


def _setter(name: str, setting: Any) -> Callable[[dict[str, Any], str], None]:
    def apply(fields: dict[str, Any], value: str) -> None:
        fields[name] = setting

    return apply


def _jokers(fields: dict[str, Any], value: str) -> None:
    fields["jokers"] = 2 * fields.get("decks", 2)


def _schedule_flag(fields: dict[str, Any], value: str) -> None:
    """The round schedule is built by :meth:`Rules.preset` from all variations at once."""


def _false_out(fields: dict[str, Any], value: str) -> None:
    penalty = _integer(value, "false-out") if value else 20
    if penalty < 0:
        raise InvalidRulesError(f"a false out cannot cost {penalty}")
    fields["false_out_penalty"] = penalty


@dataclass(frozen=True)
class _Variation:
    description: str
    apply: Callable[[dict[str, Any], str], None]
    takes_value: bool = False


VARIATIONS: dict[str, _Variation] = {
    "aces-high": _Variation(
        "aces high or low in runs (no wrap-around); an ace left over costs 15 (=N to change)",
        _aces_high,
        takes_value=True,
    ),
    "jokers": _Variation(
        "two jokers per deck, wild; a joker left over costs 20 (or the preset's joker penalty)",
        _jokers,
    ),
    "longer-game": _Variation(
        "13 rounds: after 13 cards, 14 (aces wild) and 15 (2s wild)", _schedule_flag
    ),
    "up-and-back": _Variation("rounds go 3 up to 13 cards and back down to 3", _schedule_flag),
    "doubles": _Variation("scores count double in the J, Q and K rounds", _setter("doubles", True)),
    "false-out": _Variation(
        "declaring a hand out that is not fully melded costs 20 (=N to change)",
        _false_out,
        takes_value=True,
    ),
    "second-count": _Variation("J Q K count 11 12 13", _second_count),
    "first-out-bonus": _Variation(
        "the first player out scores -10 (=-5, or =wild for minus the wild's value)",
        _first_out_bonus,
        takes_value=True,
    ),
    "double-naughts": _Variation(
        "a round where every player scores 0 is replayed", _setter("double_naughts", True)
    ),
    "redemption": _Variation(
        "after someone goes out, the others may lay down and lay off onto their melds",
        _setter("redemption", True),
    ),
    "no-all-wild-melds": _Variation(
        "every meld needs a card that is not wild", _setter("all_wild_melds", False)
    ),
    "separate-discards": _Variation(
        "a discard pile per player; draw the top card of any pile",
        _setter("separate_discards", True),
    ),
    "go-around-first": _Variation(
        "nobody goes out before every player has had one turn", _setter("go_around_first", True)
    ),
    "joker-discards": _Variation(
        "with separate-discards: a joker may go onto any pile and then scores nothing",
        _setter("joker_discards", True),
    ),
}
"""The variations by name."""
