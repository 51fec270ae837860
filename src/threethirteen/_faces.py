"""Card faces as SVG: the drawing primitives under :mod:`threethirteen.svg`.

This module is the bottom layer: it imports nothing from the package and works on
plain card codes (``suit * 13 + rank - 1``, suits clubs, diamonds, hearts, spades,
ranks A=1 ... K=13; 52 is a joker), so ``hands/cards.py``, ``hands/hand.py`` and ``hands/melds.py``
can call it for their ``_repr_svg_`` without an import cycle.

A picture is one ``<svg>`` document with a ``viewBox``, no external resources and
a generic font. Each card is a ``<g class="card">`` with ``data-card`` (its
notation); a wild card also has ``data-stands-for``, a highlighted border and a
label such as ``=6♥``.

>>> picture = row_svg([[(29, None), (30, None), (5, 31)]], ["run"])
>>> picture.startswith("<svg"), picture.count('class="card"'), "=6♥" in picture
(True, 3, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape as _html_escape

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "card_name",
    "card_svg",
    "card_unicode",
    "meld_kind",
    "melding_svg",
    "row_svg",
]

SVG_NAMESPACE = "http://www.w3.org/2000/svg"
JOKER_CODE = 52

CARD_WIDTH = 48
"""Width of a card face, in picture units (the height is :data:`CARD_HEIGHT`)."""
CARD_HEIGHT = 68
"""Height of a card face, in picture units; ``size`` options scale from this."""

_CARD_SPACING = 4
_GROUP_GAP = 14
_MARGIN = 4
_LABEL_HEIGHT = 14
_CAPTION_HEIGHT = 16

_RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_SUIT_LETTERS = "cdhs"
_SUIT_SYMBOLS = "♣♦♥♠"
_SUIT_COLOURS = ("#1a1a1a", "#c8102e", "#c8102e", "#1a1a1a")
_JOKER_COLOUR = "#6a1b9a"
_JOKER_SYMBOL = "★"
_BORDER = "#555555"
_WILD_BORDER = "#e08a00"
_WILD_FILL = "#ffe9a8"
_LABEL_COLOUR = "#444444"
_FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"

Group = Sequence[tuple[int, "int | None"]]
"""A group of cards: (code, stands_for) pairs, ``stands_for`` None for a card
that is not wild, the code it stands for for a wild card, or -1 for a wild card
that stands for nothing in particular (a wild card in a hand)."""


def _escape(text: str) -> str:
    """Text for an XML element's content. (``html.escape``: ``xml.sax.saxutils``
    would import ``urllib`` and ``http`` with the package, about 20 ms.)"""
    return _html_escape(text, quote=False)


def _check(code: int) -> None:
    """Refuse what is no card code, in the words of ``_validate.check_int`` (which this
    bottom module cannot import: it imports nothing from the package)."""
    if isinstance(code, bool) or not isinstance(code, int):
        raise ValueError(f"a card code must be an int, not {code!r}")
    if not 0 <= code <= JOKER_CODE:
        raise ValueError(f"a card code must be from 0 to {JOKER_CODE}, not {code!r}")


def card_name(code: int) -> str:
    """The ASCII notation of a card code: ``9s``, ``10h``; a joker is ``Jk``.

    >>> card_name(47), card_name(52)
    ('9s', 'Jk')
    """
    _check(code)
    if code == JOKER_CODE:
        return "Jk"
    return _RANK_NAMES[code % 13] + _SUIT_LETTERS[code // 13]


def card_unicode(code: int) -> str:
    """A card code with its suit symbol: ``9♠``, ``10♥``; a joker is ``★``.

    >>> card_unicode(34)
    '9♥'
    """
    _check(code)
    if code == JOKER_CODE:
        return _JOKER_SYMBOL
    return _RANK_NAMES[code % 13] + _SUIT_SYMBOLS[code // 13]


def meld_kind(stands_for: Sequence[int]) -> str:
    """``"set"`` when every card stands for one rank, else ``"run"``.

    >>> meld_kind([8, 34, 47]), meld_kind([3, 4, 5])
    ('set', 'run')
    """
    return "set" if len({code % 13 for code in stands_for}) == 1 else "run"


def _text(x: float, y: float, content: str, **attributes: str | float) -> str:
    extra = "".join(
        f' {name.rstrip("_").replace("_", "-")}="{_html_escape(str(value))}"'
        for name, value in attributes.items()
    )
    return f'<text x="{x:g}" y="{y:g}"{extra}>{_escape(content)}</text>'


def card_svg(code: int, *, stands_for: int | None = None, x: float = 0, y: float = 0) -> str:
    """One card face as an SVG ``<g>`` fragment, its top-left corner at (x, y).

    :param code: the card (0-51) or a joker (52).
    :param stands_for: for a wild card, the code of the card it stands for (shown as
        a label such as ``=6♥``), or -1 for a wild card standing for nothing yet;
        None for a card that is not wild. A joker is always drawn as wild.
    :param x: left edge, in picture units.
    :param y: top edge, in picture units.
    :returns: a ``<g class="card">`` element (not a whole document).
    :raises ValueError: for a code outside 0-52.

    >>> fragment = card_svg(5, stands_for=31)
    >>> fragment.startswith('<g class="card" data-card="6c" data-stands-for="6h"')
    True
    >>> "=6♥" in fragment
    True
    """
    _check(code)
    if stands_for is not None and stands_for != -1:
        _check(stands_for)
        if stands_for == JOKER_CODE:
            raise ValueError("a card cannot stand for a joker")
    is_joker = code == JOKER_CODE
    wild = stands_for is not None or is_joker
    width, height = CARD_WIDTH, CARD_HEIGHT
    middle = width / 2
    if is_joker:
        colour, rank, symbol = _JOKER_COLOUR, _JOKER_SYMBOL, _JOKER_SYMBOL
    else:
        colour, rank, symbol = (
            _SUIT_COLOURS[code // 13],
            _RANK_NAMES[code % 13],
            _SUIT_SYMBOLS[code // 13],
        )

    title = card_unicode(code)
    attributes = f'class="card" data-card="{card_name(code)}"'
    if stands_for is not None and stands_for >= 0:
        attributes += f' data-stands-for="{card_name(stands_for)}"'
        title += f" (wild, stands for {card_unicode(stands_for)})"
    elif wild:
        title += " (wild)"
    parts = [
        f'<g {attributes} transform="translate({x:g},{y:g})">',
        f"<title>{_escape(title)}</title>",
        f'<rect x="0.5" y="0.5" width="{width - 1}" height="{height - 1}" rx="4" '
        f'fill="#ffffff" stroke="{_WILD_BORDER if wild else _BORDER}" '
        f'stroke-width="{2.5 if wild else 1}"/>',
        _text(4, 14, rank, font_size=12, font_weight="bold", fill=colour),
    ]
    if not is_joker:
        parts.append(_text(4, 26, symbol, font_size=11, fill=colour))
    if is_joker:
        parts.append(_text(middle, 38, symbol, font_size=26, text_anchor="middle", fill=colour))
        parts.append(
            _text(
                middle,
                49,
                "JOKER",
                font_size=7,
                text_anchor="middle",
                fill=colour,
                letter_spacing=1,
            )
        )
    else:
        parts.append(
            _text(
                middle, 40 if wild else 44, symbol, font_size=26, text_anchor="middle", fill=colour
            )
        )
    if wild:
        if stands_for is not None and stands_for >= 0:
            label = "=" + card_unicode(stands_for)
            label_colour = _SUIT_COLOURS[stands_for // 13]
        else:
            label = "wild"
            label_colour = _LABEL_COLOUR
        parts.append(
            f'<rect x="3" y="{height - 17}" width="{width - 6}" height="14" rx="2" '
            f'fill="{_WILD_FILL}"/>'
        )
        parts.append(
            _text(
                middle,
                height - 6,
                label,
                font_size=11,
                font_weight="bold",
                text_anchor="middle",
                fill=label_colour,
            )
        )
    parts.append("</g>")
    return "".join(parts)


def row_svg(
    groups: Sequence[Group],
    labels: Sequence[str | None] | None = None,
    *,
    caption: str | None = None,
    title: str | None = None,
    size: float | None = None,
) -> str:
    """A complete SVG document of groups of cards laid out in one row.

    Each group (a meld, the deadwood, a hand) is a run of cards with a small gap
    after it and an optional label above it. Empty groups are left out.

    :param groups: the groups, each a sequence of ``(code, stands_for)`` pairs
        (see :func:`card_svg` for ``stands_for``).
    :param labels: one label (or None) per group, shown above it.
    :param caption: a line of text under the cards.
    :param title: the picture's ``<title>`` (a tooltip and its text for screen readers).
    :param size: the height of a card in pixels (default :data:`CARD_HEIGHT`);
        sets the ``width`` and ``height`` attributes, the ``viewBox`` stays.
    :returns: the SVG document as a string.
    :raises ValueError: for a bad card code or a wrong number of labels.

    >>> row_svg([[(0, None)]])[:60]
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 56 76" '
    """
    if labels is None:
        labels = [None] * len(groups)
    if len(labels) != len(groups):
        raise ValueError(f"{len(labels)} labels for {len(groups)} groups")
    shown = [(group, label) for group, label in zip(groups, labels, strict=True) if group]
    has_labels = any(label for _, label in shown)
    top = _MARGIN + (_LABEL_HEIGHT if has_labels else 0)
    body: list[str] = []
    x = float(_MARGIN)
    for index, (group, label) in enumerate(shown):
        if index:
            x += _GROUP_GAP
        if label:
            body.append(
                _text(x + 1, top - 4, label, font_size=10, fill=_LABEL_COLOUR, class_="label")
            )
        body.append('<g class="group">')
        for position, (code, stands_for) in enumerate(group):
            if position:
                x += _CARD_SPACING
            body.append(card_svg(code, stands_for=stands_for, x=x, y=top))
            x += CARD_WIDTH
        body.append("</g>")
    width = (x if shown else _MARGIN + CARD_WIDTH) + _MARGIN
    height = top + CARD_HEIGHT + _MARGIN
    if caption:
        body.append(
            _text(
                _MARGIN + 1,
                height + _CAPTION_HEIGHT - 8,
                caption,
                font_size=11,
                fill=_LABEL_COLOUR,
                class_="caption",
            )
        )
        height += _CAPTION_HEIGHT - 4
    scale = 1.0 if size is None else size / CARD_HEIGHT
    if scale <= 0:
        raise ValueError(f"size must be positive, not {size!r}")
    head = (
        f'<svg xmlns="{SVG_NAMESPACE}" viewBox="0 0 {width:g} {height:g}" '
        f'width="{width * scale:g}" height="{height * scale:g}" '
        f'font-family="{_FONT}" role="img">'
    )
    title_element = f"<title>{_escape(title)}</title>" if title else ""
    return head + title_element + "".join(body) + "</svg>\n"


def melding_svg(
    melds: Sequence[Group],
    deadwood: Sequence[int],
    *,
    score: int | None = None,
    title: str | None = None,
    size: float | None = None,
) -> str:
    """A melding: each meld labelled ``set`` or ``run``, then the deadwood.

    :param melds: the melds, each a sequence of ``(code, stands_for)`` pairs.
    :param deadwood: the codes of the cards left over.
    :param score: the deadwood score, shown as a caption when given.
    :param title: the picture's ``<title>``.
    :param size: the height of a card in pixels.
    :returns: the SVG document as a string.

    >>> picture = melding_svg([[(8, None), (34, None), (47, None)]], [51], score=10)
    >>> picture.count('class="card"'), "deadwood score: 10" in picture
    (4, True)
    """
    groups: list[Group] = list(melds)
    labels: list[str | None] = [
        meld_kind([code if stands is None or stands < 0 else stands for code, stands in meld])
        for meld in melds
    ]
    if deadwood:
        groups.append([(code, None) for code in deadwood])
        labels.append("deadwood")
    caption = None if score is None else f"deadwood score: {score}"
    return row_svg(groups, labels, caption=caption, title=title, size=size)
