"""Hands, rules and helpers shared by the benchmarks and the scripts beside them.

Every generator is seeded, so runs compare. The kinds of hand:

* **uniform**: dealt from shuffled decks (two unless said otherwise);
* **meld-rich**: four neighbouring ranks of every suit (two decks: a pool of 32
  cards), so sets and runs compete for the same cards;
* **wild**: ``k`` wild cards (cards of the wild rank, then jokers past the 8 a
  two-deck pool holds) with natural cards of the other ranks; scored under
  :data:`WILD_RULES` (pagat with jokers, so up to 12 wilds fit);
* **adversarial**: the named hands of :data:`ADVERSARIAL`, the worst cases we know.

Also: the round of a solver by name (:func:`round_of`: nothing switches the
backend of the process, a benchmark passes a :class:`~threethirteen.Round` built
for the solver it times), OpenSpiel's card numbering (:func:`to_openspiel`), and
the timing helpers of the scripts.
"""

from __future__ import annotations

import dataclasses
import gc
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from typing import Any, NamedTuple, TypeAlias

import threethirteen as tt
from threethirteen import Card, Hand, Rules
from threethirteen._kernel import backend as _backend
from threethirteen.hands.cards import JOKER

__all__ = [
    "ADVERSARIAL",
    "FAMILY_JOKERS",
    "GIN_RULES",
    "PRESETS",
    "WILD_RULES",
    "Adversarial",
    "CallTimer",
    "LoopTimer",
    "Timed",
    "adversarial_hands",
    "compiled_available",
    "interleaved_calls_ns",
    "interleaved_loops_ns",
    "layoff_tables",
    "median_call_ns",
    "median_loop_ns",
    "meld_rich_hands",
    "openspiel_utils",
    "preset_hands",
    "reference_implementation",
    "round_of",
    "round_wild",
    "to_openspiel",
    "uniform_hands",
    "wild_hands",
]

Timed: TypeAlias = Callable[[str, Callable[[], Any], int], Any]
"""The ``timed`` fixture of conftest.py: ``timed(group, function, hands)``."""

PRESETS = ("pagat", "wikipedia", "bga", "family")

GIN_RULES = dataclasses.replace(Rules.preset("pagat"), decks=1)
"""Gin Rummy's melds and values: pagat with one deck (see tests/test_gin_rummy.py)."""

WILD_RULES = Rules.preset("pagat", ["jokers"])
"""pagat with its 4 jokers: room for 12 wild cards (8 of the wild rank, 4 jokers)."""

FAMILY_JOKERS = Rules.preset("family", ["jokers"])
"""family with jokers: four decks and eight jokers, runs of four."""


def round_wild(size: int) -> int:
    """The wild rank of the round that deals ``size`` cards (3-13 the rank itself,
    14 aces, 15 twos, 16 threes): a fixed wild rank per size."""
    return (size - 1) % 13 + 1


def _cards(ranks: Sequence[int], suits: Sequence[int], decks: int) -> list[Card]:
    return [Card(suit * 13 + rank - 1) for rank in ranks for suit in suits for _ in range(decks)]


def uniform_hands(
    size: int, count: int, *, seed: int = 13, decks: int = 2, avoid: int | None = None
) -> list[Hand]:
    """``count`` hands of ``size`` cards dealt from ``decks`` shuffled decks, with no
    card of rank ``avoid``."""
    rng = random.Random(f"uniform {size} {count} {seed} {decks} {avoid}")
    pool = _cards([r for r in range(1, 14) if r != avoid], range(4), decks)
    return [Hand(rng.sample(pool, size)) for _ in range(count)]


def meld_rich_hands(
    size: int, count: int, *, seed: int = 31, decks: int = 2, avoid: int | None = None
) -> list[Hand]:
    """``count`` hands of ``size`` cards from four neighbouring ranks of all four
    suits (``decks`` copies of each), the window placed at random, not over ``avoid``."""
    if size > 16 * decks:
        raise ValueError(f"a meld-rich hand of {decks} deck(s) has at most {16 * decks} cards")
    rng = random.Random(f"meld-rich {size} {count} {seed} {decks} {avoid}")
    lows = [low for low in range(1, 11) if avoid is None or not low <= avoid < low + 4]
    hands = []
    for _ in range(count):
        low = rng.choice(lows)
        pool = _cards(range(low, low + 4), range(4), decks)
        hands.append(Hand(rng.sample(pool, size)))
    return hands


def wild_hands(
    size: int, wilds: int, count: int, *, kind: str = "uniform", seed: int = 7
) -> list[Hand]:
    """``count`` hands of ``size`` cards of which ``wilds`` are wild this round
    (rank :func:`round_wild` of ``size``): wild-rank cards first (two decks hold 8),
    then jokers. The naturals are ``kind`` ("uniform" or "meld-rich") hands of the
    other ranks. Score them with ``wild=round_wild(size), rules=WILD_RULES``."""
    if not 0 <= wilds <= min(size, 8 + WILD_RULES.jokers):
        raise ValueError(f"{wilds} wild cards in {size}")
    wild = round_wild(size)
    make = uniform_hands if kind == "uniform" else meld_rich_hands
    naturals = make(size - wilds, count, seed=seed, avoid=wild)
    rng = random.Random(f"wilds {size} {wilds} {count} {kind} {seed}")
    wild_pool = _cards([wild], range(4), 2)
    ranked = min(wilds, len(wild_pool))
    return [
        Hand([*hand.cards, *rng.sample(wild_pool, ranked), *[Card(JOKER)] * (wilds - ranked)])
        for hand in naturals
    ]


def layoff_tables(
    rules: Rules, wild: int | None, size: int, most: int, count: int, *, seed: int = 17
) -> list[tuple[Hand, list[tt.Meld]]]:
    """``count`` hands of ``size`` cards dealt from the rules' pool, each with 1 to
    ``most`` valid melds on the table (sets of 3 or 4 of a rank, runs of ``min_run``
    to ``min_run + 2`` cards of a suit) dealt from what is left."""
    rng = random.Random(f"layoff {rules.name} {wild} {size} {most} {count} {seed}")
    found = []
    for _ in range(count):
        pool = [code for code in range(52) for _ in range(rules.decks)] + [JOKER] * rules.jokers
        rng.shuffle(pool)
        hand, left = Hand.from_codes(pool[:size]), pool[size:]
        want = rng.randint(1, most)
        table: list[tt.Meld] = []
        while len(table) < want:
            if rng.random() < 0.5:
                rank = rng.randrange(13)
                have = [code for code in left if code != JOKER and code % 13 == rank]
                chosen = rng.sample(have, min(len(have), rng.choice((3, 4))))
            else:
                suit, length = rng.randrange(4), rng.randint(rules.min_run, rules.min_run + 2)
                start = rng.randrange(13 - length + 1)
                chosen = [suit * 13 + rank for rank in range(start, start + length)]
                if any(code not in left for code in chosen):
                    continue
            text = " ".join(
                f"{Card(code)}={Card(code)}" if code % 13 + 1 == wild else str(Card(code))
                for code in chosen
            )
            if len(chosen) < 3 or not tt.is_valid_meld(text, wild=wild, rules=rules):
                continue
            for code in chosen:
                left.remove(code)
            table.append(tt.Meld.parse(text))
        found.append((hand, table))
    return found


def preset_hands(
    rules: Rules, size: int, count: int, *, kind: str = "uniform", seed: int = 5
) -> list[Hand]:
    """``count`` hands of ``size`` cards dealt from the game's own pool (``rules.decks``
    decks and ``rules.jokers`` jokers) for ``kind`` "uniform", or from four
    neighbouring ranks of all suits (and the jokers) for "meld-rich"."""
    rng = random.Random(f"preset {rules.name} {rules.variations} {size} {count} {kind} {seed}")
    hands = []
    for _ in range(count):
        low = rng.randrange(1, 11)
        ranks = range(1, 14) if kind == "uniform" else range(low, low + 4)
        pool = _cards(ranks, range(4), rules.decks) + [Card(JOKER)] * rules.jokers
        hands.append(Hand(rng.sample(pool, size)))
    return hands


# -- the worst cases --------------------------------------------------------------


class Adversarial(NamedTuple):
    """A hand built to make the search work hard, and the round to score it in."""

    name: str
    hand: str
    wild: int | None
    rules: str | Rules
    openspiel: bool = False
    """One deck, no wild: OpenSpiel's min_deadwood can score it too."""


def _text(ranks: Sequence[str], suits: str) -> str:
    return " ".join(rank + suit for rank in ranks for suit in suits)


_ONE_SUIT = "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh"
_A_TO_4 = _text("A234", "cdhs")
_TWELVE_WILDS = "2c 2d 2h 2s 2c 2d 2h 2s Jk Jk Jk Jk 5c 7d 9h Ks"


def _case(name: str, hand: str, wild: int | None, rules: str | Rules = "pagat") -> Adversarial:
    return Adversarial(name, hand, wild, rules)


ADVERSARIAL: tuple[Adversarial, ...] = (
    Adversarial("A-K of one suit (13)", _ONE_SUIT, None, "pagat", openspiel=True),
    Adversarial("A-4 of all four suits (16)", _A_TO_4, None, "pagat", openspiel=True),
    _case("A-K of one suit + 3 twins (16)", _ONE_SUIT + " 5h 8h Jh", None),
    _case("A-K + 3 twins, aces high (16)", _ONE_SUIT + " 2h 7h Qh", None, "bga"),
    _case("A-K + 3 twins, runs of 4 (16)", _ONE_SUIT + " 4h 9h Kh", None, "family"),
    _case("5-8 of all four suits (16)", _text("5678", "cdhs"), None),
    _case("10-K of all four suits (16)", _text(["10", "J", "Q", "K"], "cdhs"), None),
    _case("J-A of all four suits, aces high (16)", _text("JQKA", "cdhs"), None, "bga"),
    _case("A-4 of all four suits, runs of 4 (16)", _A_TO_4, None, "family"),
    _case("4x4 block less one card (15)", _A_TO_4.replace("Ac ", "", 1), None),
    _case("8 twin pairs, 4 ranks x 2 suits (16)", " ".join([_text("5678", "cd")] * 2), None),
    _case("8 twin pairs, 2 ranks x 4 suits (16)", " ".join([_text("56", "cdhs")] * 2), None),
    _case("8 twin pairs, scattered (16)", "Ac Ac 3d 3d 5h 5h 7s 7s 9c 9c Jd Jd Kh Kh 2s 2s", None),
    _case("12 wilds + 4 naturals (16)", _TWELVE_WILDS, 2, WILD_RULES),
    _case("12 wilds + 4 naturals, bga (16)", _TWELVE_WILDS, 2, "bga"),
    _case("4 wilds + 4x3 block (16)", _text("789", "cdhs") + " Jk Jk Jk Jk", 2, WILD_RULES),
    _case("8 wilds + scattered (16)", "3c 3d 3h 3s 3c 3d 3h 3s Ac 5d 7h 9s Jc Kd 2h 6s", 3),
    # the slowest that benchmarks/worst_case.py found: a dozen copies of one rank and
    # jokers (family with jokers: four decks), then aces high or low with jokers (bga)
    _case(
        "search: twelve 8s, 2 jokers, family+jokers (16)",
        "8c 8c 8c 8c 10c 8d 8d 8h 8h 8h Jh 8s 8s 8s Jk Jk",
        6,
        FAMILY_JOKERS,
    ),
    _case(
        "search: eleven 5s, 2 wilds, family+jokers (16)",
        "2c 5c 5c 5c 5c 6c 5d 5d 5d Kd 5h 5h 5s 5s 5s Jk",
        2,
        FAMILY_JOKERS,
    ),
    _case(
        "search: eight 3s, clubs 10-A, 2 wilds, bga (16)",
        "Ac 3c 3c 10c Jc Qc Kc 3d 3d 6d 3h 3h 5h 3s 3s Jk",
        5,
        "bga",
    ),
    _case(
        "search: diamonds A, 5-K, 3 jokers, bga (16)",
        "Ad 5d 5d 6d 7d 8d 9d 10d Jd Qd Kd 7s Ks Jk Jk Jk",
        None,
        "bga",
    ),
    _case(
        "search: seven 6s, hearts 5-10, 2 wilds, bga (16)",
        "6c 6c 7c 6d 9d 5h 6h 6h 7h 8h 9h 10h Kh 6s 6s Jk",
        13,
        "bga",
    ),
    _case(
        "search: diamonds A, 5-K, 3 wilds, bga (16)",
        "Ad 5d 6d 7d 8d 9d 10d 10d Jd Qd Kd 4h 6s Js Jk Jk",
        4,
        "bga",
    ),
    # the slowest of issue 11's classes (worst_case.py, seed 2): two decks, 16 cards;
    # four decks with jokers, 20 cards
    _case(
        "search: seven 5s, 3 wilds, pagat+jokers (16)",
        "5c 5c 6c 7c 4d 5d 5d 6d 8d 5h Jh 4s 5s 5s Jk Jk",
        7,
        WILD_RULES,
    ),
    _case(
        "search: eight aces, 3 jokers, bga (16)",
        "Ac Ac 2c 4c 10c Kc Ad Ad Kd Ah Ah As As Jk Jk Jk",
        None,
        "bga",
    ),
    _case(
        "search: eleven aces, 3 jokers, family+jokers (20)",
        "Ac Ac Ac Ac 2c 4c 10c Jc Qc Ad Ad 2d Ah Ah As As As Jk Jk Jk",
        5,
        FAMILY_JOKERS,
    ),
    # ... and once the set of a rank took the copies no run could hold, long runs
    # with twins and jokers
    _case(
        "search: hearts 2-6 with twins, 2 jokers, bga (16)",
        "4c 4c 5c 3d 4d 5d 8d 2h 3h 3h 4h 4h 5h 6h Jk Jk",
        13,
        "bga",
    ),
    _case(
        "search: diamonds A-K, 5 jokers, family+jokers (20)",
        "4c Ad 2d 2d 3d 4d 5d 6d 7d 8d 9d 10d Qd Kd 6s Jk Jk Jk Jk Jk",
        None,
        FAMILY_JOKERS,
    ),
)
"""The hands the worst-case benchmark times, each under the rules that make it hard.
``benchmarks/worst_case.py`` searches for worse ones; add what it finds here."""


def adversarial_hands() -> list[tuple[Adversarial, Hand]]:
    return [(case, tt.parse_hand(case.hand, rules=case.rules)) for case in ADVERSARIAL]


# -- backends and OpenSpiel ---------------------------------------------------------


def compiled_available() -> bool:
    return _backend.compiled is not None


def reference_implementation() -> str:
    """The solver whose answers the benchmarks check against: the compiled one when
    it is built, else the pure-Python one."""
    return "cython" if compiled_available() else "python"


@cache
def round_of(rules: str | Rules, wild: int | None, implementation: str) -> tt.Round:
    """The round of ``rules`` and wild rank ``wild`` (any hand size) solved by
    ``implementation`` ("cython" or "python"), prepared once: pass it to the
    analysis functions (``tt.deadwood_score(hand, round_)``) to time that solver."""
    return tt.Round(rules, wild=wild, implementation=implementation)


# OpenSpiel numbers a card suit * 13 + rank index (A=0 ... K=12) with the suits in
# the order spades, clubs, diamonds, hearts (as tests/test_gin_rummy.py checks).
_OPENSPIEL_SUIT = (1, 2, 3, 0)  # our clubs, diamonds, hearts, spades


def to_openspiel(hand: Hand) -> list[int]:
    """The hand in OpenSpiel's Gin Rummy card numbering (no jokers)."""
    return [_OPENSPIEL_SUIT[card.code // 13] * 13 + card.code % 13 for card in hand.cards]


def openspiel_utils() -> Any | None:
    """OpenSpiel's ``GinRummyUtils(13, 4, 99)``, or None when pyspiel is not installed.

    hand_size 99: min_deadwood only drops a card from a hand of hand_size + 1 cards,
    so with 99 it scores every hand as it is."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    return pyspiel.gin_rummy.GinRummyUtils(13, 4, 99)


# -- timing (the scripts; pytest-benchmark times the benchmarks) --------------------


class CallTimer(NamedTuple):
    """Time ``function(item)`` for each item, ``repeat`` times (the function picks
    its solver by the round it passes: :func:`round_of`)."""

    function: Callable[[Any], object]
    items: Sequence[Any]
    repeat: int


class LoopTimer(NamedTuple):
    """Time ``function()``, ``repeat`` times."""

    function: Callable[[], object]
    repeat: int


def median_call_ns(function: Callable[[Any], object], items: Sequence[Any], repeat: int) -> float:
    """The median time of one call ``function(item)``, over every item, ``repeat`` times."""
    return interleaved_calls_ns([CallTimer(function, items, repeat)])[0]


def median_loop_ns(function: Callable[[], object], repeat: int, per: int = 1) -> float:
    """The median time of ``function()`` over ``repeat`` calls, divided by ``per``
    (the number of hands it handles)."""
    return interleaved_loops_ns([LoopTimer(function, repeat)])[0] / per


@contextmanager
def _quiet() -> Iterator[None]:
    """The garbage collector off inside."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def interleaved_calls_ns(timers: Sequence[CallTimer]) -> list[float]:
    """The median time of one call for each timer. The timers take turns pass by
    pass over the items (each in its first ``repeat`` rounds): a load that comes and
    goes on a shared machine weighs on each alike, while within a pass the caches
    stay warm for the code timed. The garbage collector is off."""
    clock = time.perf_counter_ns
    times: list[list[int]] = [[] for _ in timers]
    rounds = max(timer.repeat for timer in timers)
    with _quiet():
        for round_ in range(rounds):
            for k, timer in enumerate(timers):
                if round_ >= timer.repeat:
                    continue
                function, out = timer.function, times[k]
                for item in timer.items:
                    start = clock()
                    function(item)
                    out.append(clock() - start)
    return [statistics.median(samples) for samples in times]


def interleaved_loops_ns(timers: Sequence[LoopTimer]) -> list[float]:
    """The median time of ``function()`` for each timer, the timers taking turns
    (as :func:`interleaved_calls_ns`)."""
    clock = time.perf_counter_ns
    times: list[list[int]] = [[] for _ in timers]
    rounds = max(timer.repeat for timer in timers)
    with _quiet():
        for round_ in range(rounds):
            for k, timer in enumerate(timers):
                if round_ < timer.repeat:
                    function = timer.function
                    start = clock()
                    function()
                    times[k].append(clock() - start)
    return [statistics.median(samples) for samples in times]
