"""The solver boundary: calls the kernel with a round's prepared parameters and turns
its answers into value types (a plan into a :class:`~threethirteen.Melding`, an error
code into the library's exception).

>>> import threethirteen as tt
>>> fourth = tt.Round("pagat", 4)
>>> hand = tt.parse_hand("9s 9h 9d 4h 5h 6c")
>>> print(melding_of(hand, fourth))
[9d 9h 9s] [4h 5h 6c=6h] deadwood: - score: 0
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from ._kernel import score_of
from .cards import CARDS, JOKER, Card
from .errors import InvalidHandError
from .hand import Hand
from .meld_rules import extend_run, has_high_aces, is_wild_code, run_card, set_identities
from .melds import Meld, Melding
from .pool import check_hand
from .rounds import Round

__all__ = ["Slot", "decode", "melding_of", "refused"]

_BY_CODE = attrgetter("code")


def refused(round: Round, hand: Hand, error: int) -> InvalidHandError:
    """The exception for a hand the solver refused (``error`` < 0): the checks of
    :func:`~threethirteen.check_hand` say why, in the library's words."""
    try:
        check_hand(hand, round.rules)
    except InvalidHandError as exception:
        return exception
    raise AssertionError(f"the solver refused {hand!r} ({error})")  # pragma: no cover


def melding_of(hand: Hand, round: Round) -> Melding:
    """The best melding of ``hand`` this round.

    :raises InvalidHandError: for a hand impossible under the rules.
    """
    plan = round.solver.plan(hand.code_bytes, round.params)
    if isinstance(plan, int):
        raise refused(round, hand, plan)
    return decode(hand, round, plan)


Slot = tuple[Card | None, Card]
"""A place in a meld: the natural card held there (None for a wild), and its identity."""


def decode(
    hand: Hand, round: Round, plan: Any, penalties: tuple[int, ...] | list[int] | None = None
) -> Melding:
    """The melding of the solver's plan for ``hand`` this round, the dearest wilds
    given jobs first. ``penalties`` (53, by code) replaces the round's own, for a
    plan made with other costs."""
    cost, moves, placed, unplaced = plan
    score = score_of(cost)
    rules = round.rules
    wild_rank = round.wild
    high_aces = has_high_aces(rules)
    if penalties is None:
        penalties = round.penalties
    wild_codes = [code for code in hand.code_bytes if is_wild_code(code, wild_rank)]
    if len(wild_codes) > 1:
        wild_codes.sort(key=lambda code: (-penalties[code], code))
    wild_cards = [CARDS[code] for code in wild_codes]
    used_wilds = wild_cards[: len(wild_cards) - unplaced]
    spare_wilds = wild_cards[len(wild_cards) - unplaced :]
    wild_suits = {card.code // 13 for card in used_wilds if card.code != JOKER}

    def preferred(suit: int) -> frozenset[int]:
        if wild_rank is None or suit not in wild_suits:
            return frozenset()
        return frozenset({wild_rank, 14} if wild_rank == 1 else {wild_rank})

    deadwood: list[Card] = []
    sets: list[list[Any]] = []  # rank, natural cards, number of wilds
    runs: list[list[Any]] = []  # suit, low, high, natural positions
    for move in moves:
        if move[0] == "dead":
            deadwood.append(CARDS[move[1]])
        elif move[0] == "set":
            _, rank, codes, need = move
            sets.append([rank, [CARDS[code] for code in codes], need])
        else:
            _, suit, ranks, _need = move
            low, high = min(ranks), max(ranks)
            deficit = max(0, rules.min_run - (high - low + 1))
            low, high = extend_run(low, high, deficit, high_aces, preferred(suit))
            runs.append([suit, low, high, set(ranks)])
    # The wilds that join melds beside the plan's: into a set (no upper size), else
    # into the room left in runs, else (the rules allowing it) a meld of their own.
    extra = placed
    if extra and sets:
        sets[0][2] += extra
        extra = 0
    elif extra <= sum(13 - (high - low + 1) for _suit, low, high, _ranks in runs):
        for run in runs:
            room = min(extra, 13 - (run[2] - run[1] + 1))
            run[1], run[2] = extend_run(run[1], run[2], room, high_aces, preferred(run[0]))
            extra -= room

    layouts: list[tuple[bool, list[Slot]]] = []  # (is a set, slots)
    for rank, naturals, count in sets:
        identities = set_identities(rank, [card.code // 13 for card in naturals], count)
        slots: list[Slot] = [(card, card) for card in naturals]
        layouts.append((True, slots + [(None, card) for card in identities]))
    for suit, low, high, positions in runs:
        slots = []
        for position in range(low, high + 1):
            card = run_card(suit, position)
            slots.append((card if position in positions else None, card))
        layouts.append((False, slots))
    if extra:  # a meld of wilds only, as the rules allow
        if extra >= rules.min_set:
            # Wild-rank cards stand for themselves; jokers take the other suits.
            own = [card for card in used_wilds if card.code != JOKER][:extra]
            suits = [card.code // 13 for card in own]
            identities = own + set_identities(wild_rank or 1, suits, extra - len(own))
        else:
            identities = [run_card(0, position) for position in range(1, extra + 1)]
        layouts.append((extra >= rules.min_set, [(None, identity) for identity in identities]))

    # Wild cards go where they stand for themselves first, then in order.
    free = [card.code for card in used_wilds]
    chosen: dict[tuple[int, int], int] = {}
    if free:
        for meld_index, (_is_set, layout) in enumerate(layouts):
            for slot_index, (natural, identity) in enumerate(layout):
                if natural is None and identity.code in free:
                    free.remove(identity.code)
                    chosen[meld_index, slot_index] = identity.code
    melds = []
    for meld_index, (is_set, layout) in enumerate(layouts):
        cards, flags = [], []
        for slot_index, (natural, _identity) in enumerate(layout):
            if natural is not None:
                cards.append(natural)
                flags.append(False)
            else:
                code = chosen.get((meld_index, slot_index))
                cards.append(CARDS[code if code is not None else free.pop(0)])
                flags.append(True)
        identities = [identity for _, identity in layout]
        melds.append(Meld.from_trusted(cards, identities, flags, is_set))
    if free:  # pragma: no cover - internal invariant
        raise AssertionError("the solver's plan left a wild card without a job")
    deadwood.extend(spare_wilds)
    if sum([penalties[card.code] for card in deadwood]) != score:  # pragma: no cover
        raise AssertionError("the decoded melding does not reach the solver's score")
    deadwood.sort(key=_BY_CODE)
    return Melding.from_trusted(tuple(melds), tuple(deadwood), score)
