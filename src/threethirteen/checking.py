"""Checking an arrangement a player declares: which melds break the rules and why,
what the arrangement scores, and whether a better one exists.

The check serves the ``false-out`` rule (a player who declares going out with a
hand that is not fully melded pays a penalty) and game apps that let players
arrange their own cards.

>>> import threethirteen as tt
>>> check = tt.check_melds("9s 9h 9d 4h 5h 6c Kd", ["9s 9h 9d", "4h 5h 6c=6h"], wild=6)
>>> check.problems, check.score, check.goes_out
((), 10, False)
>>> print(tt.check_melds("Kh Ah 2h 3h", ["Kh Ah 2h"], wild=None, rules="bga").problems[0])
meld 0 [Kh Ah 2h]: a run cannot wrap around from K to A to 2
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ._validate import items, quote, tokens
from .analysis import _round, best_melds
from .cards import JOKER, Card, _token_problem
from .errors import InvalidCardError, InvalidMeldError
from .hand import HandLike, parse_hand
from .melds import Meld, Melding
from .rules import Rules, RulesLike, WildLike

__all__ = ["MeldCheck", "MeldLike", "MeldProblem", "check_melds"]

MeldLike = Meld | str
"""A meld as callers give it: a :class:`~threethirteen.Meld` or its notation
(``"4h 5h 6c=6h"``; a wild card is written ``card=identity``)."""


def _is_wild(card: Card, wild_rank: int | None) -> bool:
    return card.code == JOKER or card.code % 13 + 1 == wild_rank


def _read_meld(item: object) -> tuple[list[Card], list[Card | None]]:
    """The cards of a meld and the identity written for each (``None`` where none is
    written: a card not marked wild). A :class:`Meld` gives its wild cards' identities."""
    if isinstance(item, Meld):
        identities: list[Card | None] = [
            identity if is_wild else None
            for identity, is_wild in zip(item.stands_for, item.wild, strict=True)
        ]
        return list(item.cards), identities
    if not isinstance(item, str):
        raise InvalidMeldError(
            f"a meld is a Meld or a string such as '4h 5h 6h', not {quote(item)}"
        )
    cards: list[Card] = []
    identities = []
    for token in tokens(item, InvalidMeldError, "a meld"):
        held, marked, identity = token.partition("=")
        code, problem = _token_problem(held)
        if code is None:
            raise InvalidCardError(f"{problem} in meld {quote(item)}")
        cards.append(Card(code))
        if not marked:
            identities.append(None)
            continue
        identity_code, problem = _token_problem(identity)
        if identity_code is None:
            raise InvalidCardError(f"{problem} in meld {quote(item)}")
        if identity_code == JOKER:
            raise InvalidMeldError(f"{Card(code)} cannot stand for a joker in meld {quote(item)}")
        identities.append(Card(identity_code))
    if not cards:
        raise InvalidMeldError(f"a meld needs cards: {quote(item)}")
    return cards, identities


def _meld_text(cards: list[Card], identities: list[Card | None]) -> str:
    """The meld in the notation, as written (identities only where they were given)."""
    return " ".join(
        str(card) if identity is None else f"{card}={identity}"
        for card, identity in zip(cards, identities, strict=True)
    )


def _fits(ranks: list[int], size: int, ace_high: bool) -> bool:
    """Whether runs of these distinct ranks fit in ``size`` consecutive places."""
    positions = [14 if rank == 1 and ace_high else rank for rank in ranks]
    return max(positions) - min(positions) <= size - 1


def _wraps(ranks: list[int], size: int) -> bool:
    """Whether the ranks fit in ``size`` consecutive places if K were followed by A."""
    return any(
        max((rank - shift) % 13 for rank in ranks) - min((rank - shift) % 13 for rank in ranks)
        <= size - 1
        for shift in range(13)
    )


def _shape_problem(fixed: list[Card], size: int, rules: Rules) -> str | None:
    """Why ``size`` cards, of which ``fixed`` are the identities known (the others
    wild cards free to stand for anything), can be no set or run; ``None`` if they can."""
    ranks = [int(card.rank or 0) for card in fixed]
    if len(set(ranks)) <= 1:
        if size >= rules.min_set:
            return None
        if len(fixed) <= 1:
            if rules.min_run <= size <= 13:
                return None
            return f"too few cards for a meld (a set needs {rules.min_set}, a run {rules.min_run})"
        return f"a set needs at least {rules.min_set} cards"
    if len({card.suit for card in fixed}) > 1:
        return "neither a set nor a run"
    if len(set(ranks)) != len(ranks):
        return "a run holds each rank once (twins cannot share a run)"
    if size < rules.min_run:
        return f"a run needs at least {rules.min_run} cards"
    if size > 13:
        return "a run holds at most 13 cards"
    high_aces = rules.aces == "high-or-low"
    if _fits(ranks, size, False) or (high_aces and _fits(ranks, size, True)):
        return None
    if not high_aces and _fits(ranks, size, True):
        return "aces are low in these rules: Q-K-A is not a run"
    if _wraps(ranks, size):
        return "a run cannot wrap around from K to A to 2"
    return "the ranks are not consecutive"


def _meld_problem(
    cards: list[Card], identities: list[Card | None], wild_rank: int | None, rules: Rules
) -> str | None:
    """Why the cards are no valid meld under ``rules`` this round, or ``None``.

    A card with an identity must be wild this round and stands for it; a card
    without one stands for itself if natural and for whatever makes a meld if wild.
    """
    fixed: list[Card] = []
    all_wild = True
    for card, identity in zip(cards, identities, strict=True):
        wild = _is_wild(card, wild_rank)
        all_wild = all_wild and wild
        if identity is not None and not wild:
            return f"{card} is marked wild, but is not wild this round"
        if identity is not None:
            fixed.append(identity)
        elif not wild:
            fixed.append(card)
    problem = _shape_problem(fixed, len(cards), rules)
    if problem is None and all_wild and not rules.all_wild_melds:
        return "a meld of wild cards only, which these rules forbid"
    return problem


@dataclass(frozen=True)
class MeldProblem:
    """A declared meld that is not valid: its index among the melds given (from 0),
    the meld as written, and why.

    >>> import threethirteen as tt
    >>> problem = tt.check_melds("Qh Kh Ah", ["Qh Kh Ah"], wild=None).problems[0]
    >>> problem.index, problem.reason
    (0, 'aces are low in these rules: Q-K-A is not a run')
    """

    index: int
    meld: str
    reason: str

    def to_dict(self) -> dict[str, Any]:
        """The problem as JSON-ready data."""
        return {"index": self.index, "meld": self.meld, "reason": self.reason}

    def __str__(self) -> str:
        return f"meld {self.index} [{self.meld}]: {self.reason}"


@dataclass(frozen=True)
class MeldCheck:
    """What :func:`check_melds` finds in a declared arrangement.

    ``problems`` lists the invalid melds (empty when every meld is valid);
    ``deadwood`` the hand's cards in no valid meld (an invalid meld's cards
    among them) and ``score`` what they cost; ``goes_out`` is true when every
    meld is valid and no card is left over. ``best`` is a best melding of the
    hand, and ``better`` the same melding when it scores less than the
    arrangement (else ``None``).
    """

    problems: tuple[MeldProblem, ...]
    deadwood: tuple[Card, ...]
    score: int
    goes_out: bool
    best: Melding
    better: Melding | None

    @property
    def is_valid(self) -> bool:
        """Whether every declared meld is valid (there may still be deadwood)."""
        return not self.problems

    def to_dict(self) -> dict[str, Any]:
        """The check as JSON-ready data.

        >>> import threethirteen as tt
        >>> data = tt.check_melds("9s 9h 9d Kd", ["9s 9h 9d"], wild=None).to_dict()
        >>> data["problems"], data["deadwood"], data["score"], data["goes_out"], data["better"]
        ([], ['Kd'], 10, False, None)
        """
        return {
            "problems": [problem.to_dict() for problem in self.problems],
            "deadwood": [str(card) for card in self.deadwood],
            "score": self.score,
            "goes_out": self.goes_out,
            "best": self.best.to_dict(),
            "better": None if self.better is None else self.better.to_dict(),
        }


def check_melds(
    hand: HandLike, melds: Iterable[MeldLike], *, wild: WildLike, rules: RulesLike = "pagat"
) -> MeldCheck:
    """Check the melds a player declares for a hand: which are invalid and why, what
    the arrangement scores, whether it goes out, and whether a better one exists.

    A meld is invalid when its cards can make no set or run under the rules (too
    few cards, mixed suits and ranks, a wrap-around K-A-2, Q-K-A with aces low,
    twins in a run), when a card marked wild (``card=identity``) is not wild this
    round, when it holds wild cards only and the rules forbid that, or when it
    uses a card the hand does not hold, or more copies than the hand holds (copies
    are counted over the valid melds, in order). A wild card written without an
    identity may stand for whatever card makes the meld valid.

    The score counts every card of the hand that is in no valid meld: the cards of
    an invalid meld are deadwood.

    :param hand: a :class:`~threethirteen.Hand` or a string.
    :param melds: the declared melds: :class:`~threethirteen.Meld` or strings.
    :param wild: the round's wild rank, or ``None``.
    :param rules: a :class:`~threethirteen.Rules` or a preset name.
    :returns: a :class:`MeldCheck`.
    :raises InvalidCardError: for text that is no card.
    :raises InvalidMeldError: for a meld that is no meld at all (no cards, not a
        string or a Meld, an identity that is a joker), or ``melds`` that are not
        a list (of at most 1000).
    :raises InvalidHandError: for a hand impossible under the rules.

    >>> check = check_melds("4s 5s 6s 6h 6d", ["4s 5s 6s"], wild=None)
    >>> check.score, check.goes_out, str(check.better)
    (12, False, '[6d 6h 6s] deadwood: 4s 5s score: 9')
    >>> check_melds("9s 9h 9d", ["9s 9h 9c"], wild=None).problems[0].reason
    'the hand holds no 9c'
    """
    parsed = parse_hand(hand)
    game = _round(rules, wild)
    best = best_melds(parsed, wild=wild, rules=game.rules)
    if isinstance(melds, (str, Meld)):
        raise InvalidMeldError("melds is a list of melds: wrap a single meld in a list")
    held = Counter(parsed.cards)
    used: Counter[Card] = Counter()
    problems: list[MeldProblem] = []
    for index, item in enumerate(items(melds, "melds", InvalidMeldError)):
        cards, identities = _read_meld(item)
        needed = Counter(cards)
        reason = None
        for card in sorted(needed):
            if used[card] + needed[card] > held[card]:
                if held[card] == 0:
                    reason = f"the hand holds no {card}"
                else:
                    copies = "1 copy" if held[card] == 1 else f"{held[card]} copies"
                    reason = (
                        f"the hand holds {copies} of {card}, but the melds use"
                        f" {used[card] + needed[card]}"
                    )
                break
        if reason is None:
            reason = _meld_problem(cards, identities, game.wild_rank, game.rules)
        if reason is None:
            used += needed
        else:
            problems.append(MeldProblem(index, _meld_text(cards, identities), reason))
    deadwood = tuple(sorted((held - used).elements()))
    score = sum(game.penalties[card.code] for card in deadwood)
    return MeldCheck(
        problems=tuple(problems),
        deadwood=deadwood,
        score=score,
        goes_out=not problems and not deadwood,
        best=best,
        better=best if best.score < score else None,
    )
