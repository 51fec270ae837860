"""Pictures of a player's view, as the adapters render them: a text picture
(:func:`view_text`, the ``"human"`` and ``"ansi"`` render modes) and an RGB
array (:func:`view_picture`, the ``"rgb_array"`` render mode, of
:func:`picture_shape`), drawn with numpy alone from a built-in bitmap font.

>>> import threethirteen as tt
>>> view = tt.Game("pagat", players=2, seed=42).view(1)
>>> view_text(view).splitlines()[0], view_picture(view).shape
('round 1 (3 cards, 3s wild): player_1 to draw', (132, 424, 3))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

import numpy as np

from ..engine.game import PlayerView
from ..engine.records import rank_text
from ..hands.cards import Card
from ..hands.rules import RulesLike
from .layout import resolve_table

__all__ = ["picture_shape", "view_picture", "view_text"]


def view_text(view: PlayerView) -> str:
    """A text picture of a player's view, as the adapters render it: the round, the
    piles and the stock, the table's melds, the player's hand, the others' hand
    sizes and known cards, the totals (players named ``player_0``, ``player_1``...).

    >>> import threethirteen as tt
    >>> print(view_text(tt.Game("pagat", players=2, seed=42).view(1)))
    round 1 (3 cards, 3s wild): player_1 to draw
    piles: [7s]  stock: 45
    player_0: 3 cards  total 0
    player_1: 7d Kd 10h  total 0  (this view)
    """
    to_move = view.to_move
    state = "the game is over" if to_move is None else f"player_{to_move} to {view.phase}"
    wild = rank_text(view.wild)
    lines = [f"round {view.round} ({view.cards_dealt} cards, {wild}s wild): {state}"]
    piles = " ".join("[" + " ".join(str(card) for card in pile) + "]" for pile in view.piles)
    lines.append(f"piles: {piles}  stock: {view.stock_size}")
    for index, table_meld in enumerate(view.table):
        lines.append(f"meld {index} of player_{table_meld.owner}: {table_meld.meld}")
    for seat in range(view.players):
        if seat == view.player:
            held = f"{view.hand}"
        else:
            held = f"{view.hand_sizes[seat]} cards"
            if view.known[seat]:
                held += f" (known: {view.known[seat]})"
        line = f"player_{seat}: {held}  total {view.totals[seat]}"
        lines.append(line + ("  (this view)" if seat == view.player else ""))
    return "\n".join(lines)


# -- pictures (the adapters' "rgb_array" render mode) ------------------------------

_GLYPHS = {  # a 3x5 bitmap font: the characters of ranks and numbers
    "0": "111101101101111",
    "1": "010110010010111",
    "2": "111001111100111",
    "3": "111001111001111",
    "4": "101101111001001",
    "5": "111100111001111",
    "6": "111100111101111",
    "7": "111001010010010",
    "8": "111101111101111",
    "9": "111101111001111",
    "A": "010101111101101",
    "J": "001001001101111",
    "Q": "010101101110011",
    "K": "101110100110101",
}
_SUITS = {  # 5x5 suit signs (and the joker's star)
    "s": "0010001110111110010001110",
    "h": "0101011111111110111000100",
    "d": "0010001110111110111000100",
    "c": "0111001110111110010001110",
    None: "0010010101011101010100100",
}
_FELT = (24, 96, 56)
_FACE = (250, 250, 244)
_BACK = (52, 72, 168)
_INK = {"s": (20, 20, 20), "c": (20, 20, 20), "h": (200, 24, 32), "d": (200, 24, 32)}
_JOKER_INK = (128, 32, 160)
_TEXT = (240, 240, 240)
_MARK = (250, 200, 40)
_CARD_W, _CARD_H, _PITCH, _ROW, _MARGIN = 22, 30, 24, 36, 8
_NUMBER_W = 5 * 8  # room for a total of up to five digits, right of each hand
_PICTURE_TABLE_ROWS = 3  # rows of the table's melds (a picture of table play clips beyond)


@lru_cache(maxsize=64)
def _bits(pattern: str, width: int, scale: int) -> np.ndarray:
    """A glyph's pattern as a boolean array, each dot ``scale`` pixels square (kept:
    read it, never change it)."""
    dots = np.array([c == "1" for c in pattern], bool).reshape(-1, width)
    return np.kron(dots, np.ones((scale, scale), bool)).astype(bool)


def _stamp(image: np.ndarray, y: int, x: int, bits: np.ndarray, color: tuple[int, ...]) -> None:
    """Paint ``bits`` in ``color`` at ``(y, x)``, clipped to the image."""
    height, width = image.shape[:2]
    h = min(bits.shape[0], height - y)
    w = min(bits.shape[1], width - x)
    if h > 0 and w > 0 and y >= 0 and x >= 0:
        image[y : y + h, x : x + w][bits[:h, :w]] = color


def _text(image: np.ndarray, y: int, x: int, text: str, color: tuple[int, ...]) -> None:
    """Write ``text`` (characters of :data:`_GLYPHS`) at ``(y, x)``, 8 pixels a
    character."""
    for index, char in enumerate(text):
        _stamp(image, y, x + 8 * index, _bits(_GLYPHS[char], 3, 2), color)


def _card(image: np.ndarray, y: int, x: int, card: Card | None) -> None:
    """Draw a card face up at ``(y, x)`` (``None``: face down)."""
    if y + _CARD_H > image.shape[0] or x + _CARD_W > image.shape[1]:
        return  # (clipped: no room)
    image[y : y + _CARD_H, x : x + _CARD_W] = _BACK if card is None else _FACE
    if card is None:
        image[y + 3 : y + _CARD_H - 3, x + 3 : x + _CARD_W - 3] = (84, 104, 200)
        return
    suit = card.suit
    ink = _JOKER_INK if suit is None else _INK[suit]
    rank = card.rank
    face = "JK" if rank is None else {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))
    _text(image, y + 3, x + 3, face, ink)
    _stamp(image, y + 16, x + 6, _bits(_SUITS[suit], 5, 2), ink)


def picture_shape(
    rules: RulesLike, players: int, variations: Iterable[str] = ()
) -> tuple[int, int, int]:
    """The shape ``(height, width, 3)`` of :func:`view_picture`'s pictures for the
    rules and player count (the same for every view of a game).

    >>> picture_shape("pagat", 2)
    (132, 424, 3)
    """
    resolved, count = resolve_table(rules, players, variations)
    table_rows = _PICTURE_TABLE_ROWS if resolved.layoff else 0
    width = 2 * _MARGIN + 8 + (max(resolved.rounds) + 2) * _PITCH + _NUMBER_W
    return (2 * _MARGIN + (count + 1 + table_rows) * _ROW + 8, width, 3)


def view_picture(view: PlayerView) -> np.ndarray:
    """A picture of a player's view, as the adapters' ``"rgb_array"`` render mode
    draws it: a ``(height, width, 3)`` uint8 RGB array (:func:`picture_shape`), on a
    green table: at the top the discard piles' top cards and the stock (face down,
    its size beside it); then a row for each other player (their known cards face
    up, the rest face down, their total at the right); the table's melds (when the
    rules lay melds on the table: three rows, clipped beyond); at the bottom the
    player's own hand face up and total. A yellow mark is left of the player to
    move. Drawn with numpy alone, from a built-in bitmap font.

    >>> import threethirteen as tt
    >>> picture = view_picture(tt.Game("pagat", players=2, seed=42).view(1))
    >>> picture.shape, picture.dtype, picture[0, 0].tolist()
    ((132, 424, 3), dtype('uint8'), [24, 96, 56])
    """
    height, width, _ = shape = picture_shape(view.rules, view.players)
    image = np.empty(shape, np.uint8)
    image[:] = _FELT
    number_x = width - _MARGIN - _NUMBER_W + 4
    left = _MARGIN + 8
    y = _MARGIN
    x = left
    for pile in view.piles:
        _card(image, y, x, pile[-1] if pile else None)
        if not pile:  # an empty pile: the felt again, in a frame
            image[y + 1 : y + _CARD_H - 1, x + 1 : x + _CARD_W - 1] = _FELT
        x += _PITCH
    x += _PITCH // 2
    _card(image, y, x, None)
    _text(image, y + 10, x + _PITCH, str(view.stock_size), _TEXT)

    def row(y: int, seat: int, cards: Sequence[Card], hidden: int) -> None:
        x = left
        for card in cards:
            _card(image, y, x, card)
            x += _PITCH
        for _ in range(hidden):
            _card(image, y, x, None)
            x += _PITCH
        _text(image, y + 10, number_x, str(view.totals[seat])[-5:], _TEXT)
        if seat == view.to_move:
            image[y : y + _CARD_H, _MARGIN : _MARGIN + 4] = _MARK

    y += _ROW
    for seat in (
        other % view.players for other in range(view.player + 1, view.player + view.players)
    ):
        known = list(view.known[seat])[: view.hand_sizes[seat]]
        row(y, seat, known, view.hand_sizes[seat] - len(known))
        y += _ROW
    if view.rules.layoff:
        x = left
        for table_meld in view.table:
            cards = list(table_meld.meld.cards)
            if x + len(cards) * _PITCH > number_x and x > left:
                x = left
                y += _ROW
            for card in cards:
                _card(image, y, x, card)
                x += _PITCH
            x += _PITCH // 3
        y = height - _MARGIN - _ROW
    row(y, view.player, list(view.hand), 0)
    return image
