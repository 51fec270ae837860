"""Melds on the table: the smallest melds a hand can lay, and what a card laid off
onto a table meld makes.

These are the engine's rules for table play (the family sheet, ``redemption``);
the validity of every meld is :func:`~threethirteen.verify_meld`'s.

>>> import threethirteen as tt
>>> round = tt.Round("family", 2)  # 4 cards dealt, 4s wild
>>> [str(meld) for meld in smallest_melds([8, 9, 10, 11, 3], round)]
['4c=8c 9c 10c Jc', '4c=9c 10c Jc Qc', '9c 4c=10c Jc Qc', '9c 10c 4c=Jc Qc',
 '9c 10c Jc 4c=Qc', '9c 10c Jc Qc', '10c Jc Qc 4c=Kc']
>>> str(extended(Meld.parse("9c 10c Jc Qc"), tt.Card.parse("Kc"), None, round))
'9c 10c Jc Qc Kc'
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ..hands.cards import CARDS, JOKER, Card
from ..hands.meld_rules import highest_place, is_valid_meld, is_wild_code, run_code, set_identities
from ..hands.melds import Meld
from ..hands.rounds import Round

__all__ = ["extended", "lay_off_identity", "lay_off_targets", "run_ends", "smallest_melds"]


_RUN_CODES = tuple(tuple(run_code(suit, place) for place in range(15)) for suit in range(4))
"""The card code at each run place (0 unused, 1-14) of each suit."""


def _distinct_combinations(codes: list[int], size: int) -> list[tuple[int, ...]]:
    """The distinct sub-multisets of ``size`` of the sorted ``codes``, in order."""
    return sorted(set(combinations(codes, size)))


def smallest_melds(hand: list[int], round: Round) -> tuple[Meld, ...]:
    """Every meld of the smallest size (``min_set`` for a set, ``min_run`` for a run)
    that the card codes ``hand`` can lay this round, each once, in a stable order.

    Wild cards are given identities in a fixed way (a set's missing suits first; a
    run's empty places from the lowest, the wild codes in order); a run's place may
    take a wild card although the hand holds its card; a set of wild cards only
    (where the rules allow it) stands for the wild rank. Any longer meld is one of
    these with cards laid off onto it.
    """
    return _smallest_melds(bytes(sorted(hand)), round)


@lru_cache(maxsize=4096)
def _smallest_melds(hand: bytes, round: Round) -> tuple[Meld, ...]:
    rules = round.rules
    wild_rank = round.wild
    wilds = sorted(code for code in hand if is_wild_code(code, wild_rank))
    naturals = sorted(code for code in hand if not is_wild_code(code, wild_rank))
    # Each meld as (kind, identities, cards), in meld order; valid by construction
    # (the tests check every one with verify_meld), but for the rule against melds
    # of wild cards only.
    found: set[tuple[int, tuple[int, ...], tuple[int, ...]]] = set()
    only_wild_allowed = rules.all_wild_melds

    def add(kind: int, cards: list[int], identities: list[int]) -> None:
        if not only_wild_allowed and all(is_wild_code(code, wild_rank) for code in cards):
            return
        if kind == 0:  # a set in Meld's order: natural cards, then wild, by code
            order = sorted(
                range(len(cards)), key=lambda i: (is_wild_code(cards[i], wild_rank), cards[i])
            )
            cards = [cards[i] for i in order]
            identities = [identities[i] for i in order]
        found.add((kind, tuple(identities), tuple(cards)))

    size = rules.min_set
    by_rank: dict[int, list[int]] = {}
    for code in naturals:
        by_rank.setdefault(code % 13 + 1, []).append(code)
    for rank, codes in sorted(by_rank.items()):
        for taken in range(1, min(size, len(codes)) + 1):
            needed = size - taken
            if needed > len(wilds):
                continue
            for natural in _distinct_combinations(codes, taken):
                suits = [code // 13 for code in natural]
                identities = [card.code for card in set_identities(rank, suits, needed)]
                for wild in _distinct_combinations(wilds, needed):
                    add(0, [*natural, *wild], [*natural, *identities])
    if wild_rank is not None and only_wild_allowed and len(wilds) >= size:
        for wild in _distinct_combinations(wilds, size):
            own = [code for code in wild if code != JOKER]
            suits = [code // 13 for code in own]
            stand = [card.code for card in set_identities(wild_rank, suits, size - len(own))]
            add(0, list(wild), [*own, *stand])
    length = rules.min_run
    top = highest_place(rules)
    held = set(hand)
    spare_count = len(wilds)
    for suit in range(4):
        run_codes = _RUN_CODES[suit]  # index = place
        have = [place >= 1 and run_codes[place] in held for place in range(top + 1)]
        missing = [0]  # missing[p]: how many of places 1 .. p are not held
        for place in range(1, top + 1):
            missing.append(missing[-1] + (not have[place]))
        for low in range(1, top - length + 2):
            high = low + length - 1
            empties = missing[high] - missing[low - 1]
            if empties > spare_count or empties == length or (low == 1 and high == 14):
                continue
            own = [place for place in range(low, high + 1) if have[place]]
            # A place the hand holds takes its card, or a wild card (keeping the card).
            for given_up in range(min(len(own), spare_count) + 1):
                for dropped in combinations(own, given_up):
                    kept = [place for place in own if place not in dropped]
                    if not kept:
                        continue
                    spare = list(wilds)
                    for place in kept:
                        if run_codes[place] in spare:  # a wild card standing for itself
                            spare.remove(run_codes[place])
                    empty = length - len(kept)
                    if empty > len(spare):
                        continue
                    for wild in _distinct_combinations(spare, empty):
                        fill = iter(wild)
                        cards = [
                            run_codes[p] if p in kept else next(fill) for p in range(low, high + 1)
                        ]
                        add(1, cards, [run_codes[p] for p in range(low, high + 1)])
    return tuple(
        Meld.from_trusted(
            [CARDS[code] for code in cards],
            [CARDS[code] for code in identities],
            [is_wild_code(code, wild_rank) for code in cards],
            is_set=kind == 0,
        )
        for kind, identities, cards in sorted(found)
    )


@lru_cache(maxsize=4096)
def lay_off_targets(meld: Meld, round: Round) -> tuple[int | None, tuple[Card, ...]]:
    """What a meld takes: a set's rank (``None`` for a run), and a run's next cards
    below and above (:func:`run_ends`; none for a set)."""
    if meld.kind == "set":
        return meld.stands_for[0].code % 13 + 1, ()
    return None, tuple(run_ends(meld, round))


def run_ends(meld: Meld, round: Round) -> list[Card]:
    """The cards a run could take next: one place below it and one above (within the
    ace rules and 13 places); none for a set.

    >>> import threethirteen as tt
    >>> [str(card) for card in run_ends(Meld.parse("Jh Qh Kh"), tt.Round("bga", 3))]
    ['10h', 'Ah']
    """
    if meld.kind != "run" or len(meld) >= 13:
        return []
    suit = meld.stands_for[0].code // 13
    ranks = [card.code % 13 + 1 for card in meld.stands_for]
    high_aces = highest_place(round.rules) == 14
    ace_high = ranks[-1] == 1 and len(ranks) > 1  # meld order puts a high ace last
    low = ranks[0]
    high = 14 if ace_high else ranks[-1]
    ends = []
    if low > 1:
        ends.append(CARDS[run_code(suit, low - 1)])
    if high < 13 or (high == 13 and high_aces and low > 1):
        ends.append(CARDS[run_code(suit, high + 1)])
    return ends


def lay_off_identity(meld: Meld, card: Card, stands_for: Card | None, round: Round) -> Card | str:
    """What ``card`` stands for when laid off onto ``meld``, or why it cannot be laid
    there: a natural card stands for itself; a wild card for ``stands_for``, or when
    that is ``None`` for the set's rank (a missing suit first) or the run's next
    place up (else down)."""
    wild = is_wild_code(card.code, round.wild)
    if not wild and stands_for is not None and stands_for != card:
        return f"{card} is not wild this round, so it stands for itself"
    if meld.kind == "set":
        rank = meld.stands_for[0].code % 13 + 1
        if not wild:
            identity = card
        elif stands_for is None:
            suits = [c.code // 13 for c in meld.stands_for]  # the suits taken so far
            identity = set_identities(rank, suits, 1)[0]
        else:
            identity = stands_for
        if identity.code % 13 + 1 != rank:
            return f"{identity} is not of the set's rank"
        return identity
    ends = run_ends(meld, round)
    if not ends:
        return "the run cannot grow"
    if not wild:
        identity = card
    elif stands_for is None:
        identity = ends[-1]
    else:
        identity = stands_for
    if identity not in ends:
        places = " or ".join(str(end) for end in ends)
        return f"the run takes only {places} next"
    return identity


def extended(meld: Meld, card: Card, stands_for: Card | None, round: Round) -> Meld | str:
    """The meld that ``card`` laid off onto ``meld`` makes (standing for what
    :func:`lay_off_identity` says), or why it cannot be laid there."""
    identity = lay_off_identity(meld, card, stands_for, round)
    if isinstance(identity, str):
        return identity
    new = Meld(
        (*meld.cards, card),
        (*meld.stands_for, identity),
        (*meld.wild, is_wild_code(card.code, round.wild)),
    )
    if not is_valid_meld(new, round):
        return f"{card} does not fit that meld"
    return new
