"""Checking an arrangement a player declares: which melds break the rules and why,
what the arrangement scores, and whether a better one exists.

The check serves the ``false-out`` rule (a player who declares going out with a
hand that is not fully melded pays a penalty) and prepared apps that let players
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

from .._validate import items
from ..errors import InvalidMeldError
from .analysis import best_melds
from .cards import Card
from .hand import HandLike, as_hand
from .meld_rules import meld_parts, meld_problem, meld_text
from .melds import Meld, Melding, MeldLike
from .rounds import UNSET, Round, UnsetType, resolve_round
from .rules import RulesLike, WildLike

__all__ = ["MeldCheck", "MeldLike", "MeldProblem", "check_melds"]


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
    """The index of the meld among those declared (from 0)."""
    meld: str
    """The meld as written."""
    reason: str
    """Why it is not a valid meld."""

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
    """The invalid melds; empty when every meld is valid."""
    deadwood: tuple[Card, ...]
    """The hand's cards in no valid meld (an invalid meld's cards among them)."""
    score: int
    """What the deadwood costs."""
    goes_out: bool
    """Whether every meld is valid and no card is left over."""
    best: Melding
    """A best melding of the hand."""
    better: Melding | None
    """The best melding when it scores less than the arrangement, else ``None``."""

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
    hand: HandLike,
    melds: Iterable[MeldLike],
    round: Round | int | None = None,
    *,
    wild: WildLike | UnsetType = UNSET,
    rules: RulesLike | UnsetType = UNSET,
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
    :param round: the :class:`~threethirteen.Round`, or its number (``4``) under
        ``rules``; or give ``wild`` and ``rules``.
    :param wild: the round's wild rank, or ``None``.
    :param rules: a :class:`~threethirteen.Rules` or a preset name (``"pagat"``).
    :returns: a :class:`MeldCheck`.
    :raises InvalidCardError: for hand text that is no card.
    :raises InvalidMeldError: for a meld that is no meld at all (no cards, a token
        that is no card, not a string or a Meld, an identity that is a joker), or
        ``melds`` that are not a list (of at most 1000).
    :raises InvalidHandError: for a hand impossible under the rules, or an empty one
        (no round deals none: an empty hand never goes out).

    >>> check = check_melds("4s 5s 6s 6h 6d", ["4s 5s 6s"], wild=None)
    >>> check.score, check.goes_out, str(check.better)
    (12, False, '[6d 6h 6s] deadwood: 4s 5s score: 9')
    >>> check_melds("9s 9h 9d", ["9s 9h 9c"], wild=None).problems[0].reason
    'the hand holds no 9c'
    """
    parsed = as_hand(hand)
    found = resolve_round(round, wild, rules, "check_melds")
    best = best_melds(parsed, found)
    if isinstance(melds, (str, Meld)):
        raise InvalidMeldError("melds is a list of melds: wrap a single meld in a list")
    held = Counter(parsed.cards)
    used: Counter[Card] = Counter()
    problems: list[MeldProblem] = []
    for index, item in enumerate(items(melds, "melds", InvalidMeldError)):
        cards, identities = meld_parts(item)
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
            reason = meld_problem(cards, identities, found.wild, found.rules)
        if reason is None:
            used += needed
        else:
            problems.append(MeldProblem(index, meld_text(cards, identities), reason))
    deadwood = tuple(sorted((held - used).elements()))
    score = sum(found.penalties[card.code] for card in deadwood)
    return MeldCheck(
        problems=tuple(problems),
        deadwood=deadwood,
        score=score,
        goes_out=not problems and not deadwood,
        best=best,
        better=best if best.score < score else None,
    )
