"""The rules' pool of cards: how many copies of each card and how many jokers a game
holds, and the checks of hands against it.

>>> import threethirteen as tt
>>> tt.parse_hand("9h 9h Jk", rules="pagat")
Traceback (most recent call last):
...
threethirteen.errors.InvalidHandError: a joker in '9h 9h Jk', but these rules have no jokers ...
"""

from __future__ import annotations

from .._validate import quote
from ..errors import InvalidHandError
from .cards import CARDS, JOKER, NUMBER_OF_CODES
from .hand import MAX_HAND_SIZE, Hand, HandLike, as_hand
from .rounds import Round
from .rules import Rules, RulesLike

__all__ = ["check_counts", "check_hand", "parse_hand", "pool_counts", "too_many"]


def parse_hand(hand: HandLike, *, rules: RulesLike | Round | None = None) -> Hand:
    """Read a hand: a string such as ``"9s 10h Th J♠ a♦ QS Jk"``, a :class:`~threethirteen.Hand`,
    or an iterable of cards or card strings.

    Tokens are separated by spaces, commas or semicolons; case does not matter.
    With ``rules`` the hand is also checked against them (see :func:`check_hand`).

    :param hand: the cards.
    :param rules: optional rules (a preset name, or a :class:`~threethirteen.Round`,
        whose rules are taken) to check the hand against.
    :returns: the :class:`~threethirteen.Hand`.
    :raises InvalidCardError: naming the token that is no card, where, and why.
    :raises InvalidHandError: when ``rules`` are given and the hand is impossible.

    >>> parse_hand("9s 10h Th J♠ a♦ QS")
    Hand.parse('Ad 10h 10h 9s Js Qs')
    >>> parse_hand("9s 9h 7x")
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidCardError: unknown suit 'x' in '7x' (card 3 of '9s 9h 7x')
    """
    parsed = as_hand(hand)
    if rules is not None:
        check_hand(parsed, rules)
    return parsed


def check_hand(hand: HandLike, rules: RulesLike | Round) -> None:
    """Raise :class:`~threethirteen.InvalidHandError` if ``hand`` cannot occur under ``rules``.

    A hand may hold at most ``rules.decks`` copies of a card, at most
    ``rules.jokers`` jokers, and at most :data:`~threethirteen.hands.hand.MAX_HAND_SIZE` cards.

    >>> from threethirteen import Rules
    >>> check_hand(parse_hand("9h 9h 9h"), Rules.preset("pagat"))
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidHandError: 3 copies of 9h in '9h 9h 9h', but 2 decks hold only 2
    """
    hand = as_hand(hand)
    found = rules.rules if isinstance(rules, Round) else Rules.find(rules)
    if len(hand) > MAX_HAND_SIZE:
        raise InvalidHandError(
            f"{len(hand)} cards in {quote(str(hand))}: at most {MAX_HAND_SIZE} are supported"
        )
    counts = hand.counts()
    if counts[JOKER] <= found.jokers and max(counts[:JOKER]) <= found.decks:
        return  # the usual case: no message to write
    check_counts(counts, found, f"in {quote(str(hand))}")


def too_many(code: int, held: int, rules: Rules, where: str) -> InvalidHandError:
    """The error for ``held`` copies of a card (``where``: "in '9h 9h 9h'") when the
    rules' pool holds fewer."""
    if code == JOKER:
        if rules.jokers == 0:
            return InvalidHandError(
                f"a joker {where}, but these rules have no jokers (add the 'jokers' variation)"
            )
        return InvalidHandError(f"{held} jokers {where}, but the rules have only {rules.jokers}")
    deck_words = "1 deck holds" if rules.decks == 1 else f"{rules.decks} decks hold"
    return InvalidHandError(
        f"{held} copies of {CARDS[code]} {where}, but {deck_words} only {rules.decks}"
    )


def check_counts(counts: list[int], rules: Rules, where: str) -> None:
    """Raise for the jokers, then the first card, of which ``counts`` (53, by code)
    holds more than the rules' pool; ``where`` says where, for the message."""
    if counts[JOKER] > rules.jokers:
        raise too_many(JOKER, counts[JOKER], rules, where)
    for code in range(JOKER):
        if counts[code] > rules.decks:
            raise too_many(code, counts[code], rules, where)


def pool_counts(rules: Rules) -> list[int]:
    """The copies of each card code in the rules' pool: ``decks`` of each card,
    ``jokers`` jokers (53 entries)."""
    counts = [rules.decks] * NUMBER_OF_CODES
    counts[JOKER] = rules.jokers
    return counts
