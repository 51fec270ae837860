"""Count vectors: a hand as 53 numbers, for learning agents and card counting.

A count vector is a 1-D ``uint8`` numpy array of 53 entries: entry ``code`` holds
how many copies of the card of that code a hand (or a pile, or the unseen cards)
holds. The codes are those of :mod:`threethirteen.hands.cards`: ``suit * 13 + rank - 1``
with the suits in the order clubs, diamonds, hearts, spades, so entries 0-12 are
``Ac`` to ``Kc``, 13-25 the diamonds, 26-38 the hearts, 39-51 the spades, and the
last entry, 52 (:data:`~threethirteen.hands.cards.JOKER`), counts the jokers. The order the
cards were given in is lost, as it is in a :class:`~threethirteen.Hand`, and the
encoding is exact: :func:`hand_from_counts` gives the hand back.

Many hands make a 2-D count matrix of width 53, one row per hand
(:func:`count_vectors`); the batch functions (:func:`~threethirteen.deadwood_scores`
and the others) take such a matrix as they take an array of card codes.

>>> import threethirteen as tt
>>> vector = tt.count_vector("9h 9h Jk Ac")
>>> vector.dtype, vector.shape, vector[[0, 34, 52]].tolist()
(dtype('uint8'), (53,), [1, 2, 1])
>>> tt.hand_from_counts(vector)
Hand.parse('Ac 9h 9h Jk')
>>> unseen = tt.unseen_cards("pagat", seen=["9h 9h", "Ac"])
>>> int(unseen.sum()), unseen[[0, 34]].tolist()
(101, [1, 0])

numpy is imported the first time one of these functions runs, not with the package.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .._lazy import LazyModule
from .._validate import MAX_CARDS, is_iterable, items, quote
from ..errors import InvalidHandError
from .cards import CARDS, NUMBER_OF_CODES, Card
from .deck import pool_counts, too_many
from .encoding import MAX_COUNT, HandsLike, as_codes, count_list, is_count_matrix
from .hand import Hand, HandLike, as_hand
from .rounds import Round
from .rules import Rules, RulesLike

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
else:  # numpy is imported when a vector is made, not with the package
    np = LazyModule("numpy")
    npt = LazyModule("numpy.typing")

__all__ = ["count_vector", "count_vectors", "hand_from_counts", "unseen_cards"]


def _hand_counts(hand: Hand) -> list[int]:
    """The hand's 53 counts, refusing a hand too large for ``uint8`` entries."""
    counts = hand.counts()
    if len(hand) > MAX_COUNT:
        for code, count in enumerate(counts):
            if count > MAX_COUNT:
                raise InvalidHandError(
                    f"{count} copies of {CARDS[code]}: a count vector holds at most {MAX_COUNT}"
                )
    return counts


def count_vector(hand: HandLike) -> npt.NDArray[np.uint8]:
    """The count vector of a hand: 53 ``uint8`` entries, copies of each card code,
    the jokers last (see the module's docstring).

    :param hand: a :class:`~threethirteen.Hand`, a string such as ``"9h 9h Jk"``,
        or an iterable of cards.
    :returns: a 1-D ``uint8`` array of shape ``(53,)``.
    :raises InvalidCardError: for text that is no card.
    :raises InvalidHandError: for more than 255 copies of one card.

    >>> count_vector("Ac Kc Jk").nonzero()[0].tolist()
    [0, 12, 52]
    """
    import numpy as np

    return np.array(_hand_counts(as_hand(hand)), dtype=np.uint8)


def count_vectors(hands: HandsLike) -> npt.NDArray[np.uint8]:
    """The count vectors of many hands: a 2-D ``uint8`` array, one row per hand.

    :param hands: a list of hands (or strings), or a 2-D array of card codes as
        :func:`~threethirteen.encode_hands` makes (-1 is padding). A 2-D integer
        array of width 53 with no negative entry is already a count matrix (as a
        batch of codes it would hold 53 cards a row): it comes back as ``uint8``.
    :returns: an array of shape ``(len(hands), 53)``.
    :raises InvalidCardError: for text that is no card.
    :raises InvalidHandError: for a code out of range, naming its row and column.

    >>> count_vectors(["Ac Ac", "Jk"])[:, [0, 52]].tolist()
    [[2, 0], [0, 1]]
    >>> import threethirteen as tt
    >>> count_vectors(tt.encode_hands(["Ac Ac", "Jk"])).sum(axis=1).tolist()
    [2, 1]
    """
    import numpy as np

    if is_count_matrix(hands):
        matrix: npt.NDArray[Any] = hands  # type: ignore[assignment]
        if matrix.size and int(matrix.max()) > MAX_COUNT:
            row, column = (int(i) for i in np.argwhere(matrix > MAX_COUNT)[0])
            raise InvalidHandError(
                f"row {row}: {int(matrix[row, column])} copies of {CARDS[column]}:"
                f" a count vector holds at most {MAX_COUNT}"
            )
        return matrix.astype(np.uint8)
    if not isinstance(hands, np.ndarray):
        if isinstance(hands, (str, Hand)):
            raise InvalidHandError("hands is a list of hands: wrap a single hand in a list")
        if not is_iterable(hands):
            raise InvalidHandError(f"hands is a list of hands or an array, not {quote(hands)}")
        parsed = [_hand_counts(as_hand(hand)) for hand in hands]  # type: ignore[union-attr, arg-type]
        return np.array(parsed, dtype=np.uint8).reshape(len(parsed), NUMBER_OF_CODES)
    codes = as_codes(hands).astype(np.int64)
    rows = codes.shape[0]
    # One bincount over (row, code) pairs, padding sent to a spare column.
    flat = np.where(codes >= 0, codes, NUMBER_OF_CODES)
    flat += np.arange(rows, dtype=np.int64)[:, None] * (NUMBER_OF_CODES + 1)
    counts = np.bincount(flat.ravel(), minlength=rows * (NUMBER_OF_CODES + 1))
    counts = counts.reshape(rows, NUMBER_OF_CODES + 1)[:, :NUMBER_OF_CODES]
    return counts.astype(np.uint8)


def hand_from_counts(vector: npt.ArrayLike | Sequence[int]) -> Hand:
    """The hand of a count vector: the inverse of :func:`count_vector`.

    :param vector: 53 counts (a numpy array or a sequence of ints), the jokers last;
        each from 0 to 255 (what a ``uint8`` entry holds), at most 1000 cards in all
        (the most a :class:`~threethirteen.Hand` holds).
    :returns: the :class:`~threethirteen.Hand` holding those copies.
    :raises InvalidHandError: for a wrong length or shape, an entry that is
        negative, more than 255 or not an integer, naming the entry and its card;
        for more than 1000 cards.

    >>> hand_from_counts([1] + [0] * 51 + [2])
    Hand.parse('Ac Jk Jk')
    >>> hand_from_counts([0] * 47 + [-1] + [0] * 5)
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidHandError: a count vector: entry 47 (9s) is negative: -1
    """
    counts = count_list(vector)
    if sum(counts) > MAX_CARDS:
        raise InvalidHandError(
            f"a count vector of {sum(counts)} cards: a hand holds at most {MAX_CARDS}"
        )
    codes = [code for code, count in enumerate(counts) for _ in range(count)]
    return Hand.from_trusted_codes(codes)


def _seen_hands(seen: HandLike | Iterable[HandLike | Card]) -> Iterable[Hand]:
    """The hands of ``seen``: one hand (a Hand or a string), or an iterable of hands,
    strings and cards."""
    if isinstance(seen, (Hand, str)):
        return [as_hand(seen)]
    hands = []
    for item in items(seen, "seen", InvalidHandError):
        if isinstance(item, Card):
            hands.append(Hand.from_trusted_codes([item.code]))
        else:
            hands.append(as_hand(item))
    return hands


def _unseen_counts(rules: Rules, seen: Iterable[Hand]) -> list[int]:
    """The pool's counts less every card seen, as a list."""
    left = pool_counts(rules)
    pool = left[:]
    for hand in seen:
        for code in hand.code_bytes:
            left[code] -= 1
    for code, count in enumerate(left):
        if count < 0:
            raise too_many(code, pool[code] - count, rules, "seen")
    return left


def unseen_cards(
    rules: RulesLike | Round, seen: HandLike | Iterable[HandLike | Card] = ()
) -> npt.NDArray[np.uint8]:
    """The count vector of the cards not seen: the rules' pool (``decks`` copies of
    each of the 52 cards, ``jokers`` jokers) less every card in ``seen``.

    :param rules: a :class:`~threethirteen.Rules`, a preset name, or a
        :class:`~threethirteen.Round` (its rules are taken).
    :param seen: one hand (a Hand or a string), or an iterable of them and of
        cards: ``[my_hand, "9h", discard_pile]``.
    :returns: a 1-D ``uint8`` array of shape ``(53,)``.
    :raises InvalidCardError: for text that is no card.
    :raises InvalidHandError: when more copies of a card are seen than the pool
        holds, naming the card.

    >>> int(unseen_cards("bga").sum()), int(unseen_cards("pagat", seen="Kc Kc").sum())
    (108, 102)
    >>> unseen_cards("pagat", seen=["Kc Kc", "Kc"])
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidHandError: 3 copies of Kc seen, but 2 decks hold only 2
    """
    import numpy as np

    found = rules.rules if isinstance(rules, Round) else Rules.find(rules)
    counts = _unseen_counts(found, _seen_hands(seen))
    return np.array(counts, dtype=np.uint8)
