"""Pictures of cards, hands, melds and meldings as SVG, the way ``chess.svg`` draws boards.

Each function returns a complete SVG document as a string: small card faces in a
row, melds labelled ``set`` or ``run``, the deadwood last, and every wild card
with a highlighted border and what it stands for (``=6♥``). The pictures are
self-contained (no links, images or web fonts), so they can be saved, embedded in
HTML or Markdown, or shown in Jupyter, where :class:`~threethirteen.Card`,
:class:`~threethirteen.Hand`, :class:`~threethirteen.Meld` and
:class:`~threethirteen.Melding` draw themselves with the same pictures.

>>> import threethirteen as tt
>>> from threethirteen import svg
>>> picture = svg.melding(tt.best_melds("9s 9h 9d 4h 5h 6c Kd", wild=6))
>>> picture.startswith("<svg"), picture.count('class="card"'), "=6♥" in picture
(True, 7, True)
"""

from __future__ import annotations

import os

from . import _faces
from ._validate import as_finite, quote
from .errors import InvalidCardError, InvalidHandError, InvalidInputError, InvalidMeldError
from .hands.cards import Card, parse_card
from .hands.hand import Hand, HandLike, as_hand
from .hands.meld_rules import is_wild
from .hands.melds import Meld, Melding
from .hands.rules import WildLike, parse_wild

__all__ = ["card", "hand", "meld", "melding", "save"]


def card(card: Card | str, *, size: float | None = None) -> str:
    """The picture of one card.

    :param card: a :class:`~threethirteen.Card` or its notation (``"10h"``, ``"Jk"``).
    :param size: the height of a card in pixels (default 68).
    :returns: the SVG document.
    :raises InvalidCardError: when ``card`` is text that is no card.

    >>> picture = card("10h")
    >>> picture.startswith("<svg"), 'data-card="10h"' in picture, "10♥" in picture
    (True, True, True)
    """
    if isinstance(card, str):
        card = parse_card(card)
    if not isinstance(card, Card):
        raise InvalidCardError(f"a card is a Card or its text such as '9s', not {quote(card)}")
    return _faces.row_svg([[(card.code, None)]], title=card.unicode(), size=_size(size))


def hand(hand: HandLike, *, wild: WildLike = None, size: float | None = None) -> str:
    """The picture of a hand, its cards sorted as :class:`~threethirteen.Hand` keeps them.

    :param hand: a hand, its notation (``"9s 9h 6c"``) or cards.
    :param wild: a wild rank (``6``, ``"6"``, ``"J"``; ``None`` for none): cards of
        that rank are marked wild (jokers always are). The picture does not say
        what they stand for: draw the melding of :func:`~threethirteen.best_melds`
        for that.
    :param size: the height of a card in pixels (default 68).
    :returns: the SVG document.
    :raises InvalidCardError: when ``hand`` holds text that is no card.
    :raises InvalidWildError: when ``wild`` is no rank.

    >>> picture = hand("9s 9h 6c", wild=6)
    >>> picture.count('class="card"'), picture.count(">wild<")
    (3, 1)
    """
    parsed = as_hand(hand)
    wild_rank = parse_wild(wild)
    group = [
        (card.code, -1 if card.code != _faces.JOKER_CODE and is_wild(card, wild_rank) else None)
        for card in parsed.cards
    ]
    return _faces.row_svg([group], title=parsed.unicode(), size=_size(size))


def meld(meld: Meld | str, *, size: float | None = None) -> str:
    """The picture of a meld, labelled with its kind; wild cards show what they stand for.

    :param meld: a :class:`~threethirteen.Meld` or its notation (``"4h 5h 6c=6h"``).
    :param size: the height of a card in pixels (default 68).
    :returns: the SVG document.
    :raises InvalidMeldError: when ``meld`` is text that is no meld.

    >>> picture = meld("4h 5h 6c=6h")
    >>> picture.count('class="card"'), 'data-stands-for="6h"' in picture, ">run<" in picture
    (3, True, True)
    """
    if isinstance(meld, str):
        meld = Meld.parse(meld)
    if not isinstance(meld, Meld):
        raise InvalidMeldError(f"a meld is a Meld or its text, not {quote(meld)}")
    return _faces.row_svg([_meld_group(meld)], [meld.kind], title=meld.unicode(), size=_size(size))


def melding(melding: Melding, *, score: bool = True, size: float | None = None) -> str:
    """The picture of a melding: its melds, then the deadwood, and the score under them.

    :param melding: a :class:`~threethirteen.Melding` (from :func:`~threethirteen.best_melds`).
    :param score: whether to write the deadwood score under the cards.
    :param size: the height of a card in pixels (default 68).
    :returns: the SVG document.

    >>> import threethirteen as tt
    >>> picture = melding(tt.best_melds("4h 5h 6c", wild=6), size=100)
    >>> 'data-card="6c" data-stands-for="6h"' in picture, "deadwood score: 0" in picture
    (True, True)
    """
    if not isinstance(melding, Melding):
        raise InvalidHandError(f"a melding is a Melding (from best_melds), not {quote(melding)}")
    return _faces.melding_svg(
        [_meld_group(item) for item in melding.melds],
        [item.code for item in melding.deadwood],
        score=melding.score if score else None,
        title=melding.unicode(),
        size=_size(size),
    )


def save(
    obj: Card | Hand | Meld | Melding | str,
    path: str | os.PathLike[str],
    *,
    wild: WildLike = None,
    size: float | None = None,
) -> None:
    """Write the picture of a card, hand, meld or melding to an SVG file (UTF-8).

    Text is read as a hand (``"9s 9h"``); for other options call :func:`card`,
    :func:`hand`, :func:`meld` or :func:`melding` and write the string yourself.

    :param obj: what to draw.
    :param path: the file to write.
    :param wild: for a hand (or hand text): the wild rank whose cards are marked
        wild, as :func:`hand` takes it. A meld or a melding knows its wild cards
        already, and a card alone is drawn plain, so they take none.
    :param size: the height of a card in pixels (default 68).
    :raises InvalidWildError: when ``wild`` is no rank.
    :raises ThreeThirteenError: for anything else, or ``wild`` given with a card, a
        meld or a melding.

    >>> import pathlib, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "hand.svg"
    ...     save("9s 9h 6c Jk", path, wild=6, size=50)
    ...     path.read_text(encoding="utf-8").count(">wild<")
    2
    """
    if wild is not None and not isinstance(obj, (Hand, str)):
        raise InvalidInputError(
            f"wild= marks the wild cards of a hand, not of a {type(obj).__name__}"
            f" ({quote(obj)}): a card alone is drawn plain, a meld or a melding knows"
            " its wild cards"
        )
    if isinstance(obj, Card):
        picture = card(obj, size=size)
    elif isinstance(obj, Meld):
        picture = meld(obj, size=size)
    elif isinstance(obj, Melding):
        picture = melding(obj, size=size)
    elif isinstance(obj, (Hand, str)):
        picture = hand(obj, wild=wild, size=size)
    else:
        raise InvalidInputError(
            f"cannot draw {quote(obj)}: give a Card, Hand, Meld, Melding or hand text"
        )
    with open(path, "w", encoding="utf-8") as file:
        file.write(picture)


def _size(size: object) -> float | None:
    """A picture's height, checked: a finite number above 0, or None for the default."""
    if size is None:
        return None
    return float(as_finite(size, "size", low=0, above_low=True))


def _meld_group(meld: Meld) -> list[tuple[int, int | None]]:
    """A meld as (code, stands_for) pairs, stands_for None for a card that is not wild."""
    return [
        (held.code, identity.code if is_wild else None)
        for held, identity, is_wild in zip(meld.cards, meld.stands_for, meld.wild, strict=True)
    ]
