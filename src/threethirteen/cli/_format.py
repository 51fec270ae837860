"""What the command line prints: cards in letters, symbols or colour; results as text or JSON.

:mod:`threethirteen.cli.check` (like each command's module) works out what to show; this
module only renders. Cards in JSON are always the ASCII notation (``"10h"``, ``"Jk"``).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, NamedTuple, TextIO

from ..hands.cards import NUMBER_OF_CODES, Card, rank_name
from ..hands.draw_advice import DrawAdvice, DrawOption, Outs
from ..hands.hand import Hand
from ..hands.layoffs import Layoff
from ..hands.meld_check import MeldCheck
from ..hands.melds import Discard, Meld, Melding
from ..hands.rules import PRESETS, VARIATIONS, Rules

__all__ = [
    "Analysis",
    "Deal",
    "Discard",
    "Style",
    "assumed_note",
    "chance_text",
    "choose_style",
    "is_terminal",
    "json_object",
    "outs_text",
    "printable",
    "rounds_table",
    "rules_label",
    "rules_list",
    "rules_table",
    "stock_chance_text",
    "text_line",
    "text_report",
]

_SYMBOLS = "♣♦♥♠★"
_RED = "\x1b[31m"
_RESET = "\x1b[0m"
_ASCII = tuple(str(Card(code)) for code in range(NUMBER_OF_CODES))
"""The ASCII notation of every card code (JSON always uses it)."""


class Deal(NamedTuple):
    """How a hand is read: its round (if known), the wild rank, and whether it holds
    the card just drawn (one more than the round deals)."""

    round: int | None
    """The round number; ``None`` when only a wild rank was given."""
    dealt: int | None
    """The cards that round deals."""
    drawn: bool
    """The hand holds ``dealt + 1`` cards: going out and discards apply."""
    wild: int | None
    """The wild rank (1-13), or ``None`` for none."""
    assumed: bool = False
    """The round was inferred from the hand size."""
    also: tuple[int, ...] = ()
    """Other rounds that deal as many cards (when the round was inferred)."""
    other: int | None = None
    """When the round was inferred as dealt: the first round the hand would be with the
    card drawn (one that deals a card fewer), if the rules have one."""


@dataclass(frozen=True)
class Analysis:
    """Everything the command says about one hand."""

    hand: Hand
    deal: Deal
    melding: Melding
    discards: tuple[Discard, ...] | None
    """For a hand holding the card drawn, every distinct discard, best first (or only
    the best, where no more is shown); else None."""
    outs: Outs | None = None
    """``--outs``: the cards that would put the hand out."""
    advice: DrawAdvice | None = None
    """``--advice``: take the discard pile's top card or draw from the stock."""
    layoff: Layoff | None = None
    """``--table``: the cards to lay off onto the melds on the table."""
    declared: MeldCheck | None = None
    """``--declare``: the melds the player declares, checked."""

    @property
    def go_out(self) -> bool | None:
        """Whether some discard leaves every other card melded (None: no card was drawn)."""
        if self.discards is None:
            return None
        return bool(self.discards) and self.discards[0].goes_out

    @property
    def is_out(self) -> bool:
        """What ``--check`` asks: goes out with a discard, or (no card drawn) is fully
        melded; with ``--declare``, the melds declared are valid and meld every card."""
        if self.declared is not None:
            return self.declared.goes_out
        go_out = self.go_out
        return not self.melding.deadwood if go_out is None else go_out


@dataclass(frozen=True)
class Style:
    """How cards are written: ASCII letters or suit symbols, red hearts and diamonds or not."""

    unicode: bool = True
    colour: bool = False
    names: tuple[str, ...] = field(init=False, repr=False, compare=False)
    """Every card code written in this style, worked out once."""

    def __post_init__(self) -> None:
        names = []
        for code in range(NUMBER_OF_CODES):
            card = Card(code)
            name = card.unicode() if self.unicode else str(card)
            if self.colour and card.suit in ("d", "h"):
                name = f"{_RED}{name}{_RESET}"
            names.append(name)
        object.__setattr__(self, "names", tuple(names))

    def card(self, card: Card) -> str:
        """One card."""
        return self.names[card.code]

    def cards(self, cards: Iterable[Card]) -> str:
        """Cards separated by spaces, or ``-`` for none."""
        return " ".join(map(self.card, cards)) or "-"

    def meld(self, meld: Meld) -> str:
        """A meld in brackets; a wild card is written ``held=identity``."""
        parts = [
            f"{self.card(card)}={self.card(identity)}" if is_wild else self.card(card)
            for card, identity, is_wild in zip(meld.cards, meld.stands_for, meld.wild, strict=True)
        ]
        return "[" + " ".join(parts) + "]"

    def melds(self, melding: Melding) -> str:
        """The melds of a melding, or ``-`` for none."""
        return " ".join(map(self.meld, melding.melds)) or "-"


def silence(stream: TextIO) -> None:
    """Point ``stream``'s file descriptor at the null device, so that flushing what is
    left at exit raises nothing more."""
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def is_terminal(stream: TextIO) -> bool:
    """Whether ``stream`` is a terminal: ``False`` for a stream with no ``isatty`` or
    a closed one.

    >>> import io
    >>> is_terminal(io.StringIO())
    False
    """
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no such method, or a closed stream
        return False


def printable(text: str) -> str:
    r"""``text`` for a terminal: every character that is not printable (control
    characters such as an escape sequence's ESC or a line break, bidirectional
    overrides) escaped as Python's ``repr`` writes it, and nothing else changed
    (so text escaped once, or quoted by ``repr``, stays as it is).

    >>> print(printable("pagat\x1b[2J\nline \u202e"))
    pagat\x1b[2J\nline \u202e
    """
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)


def _can_encode_symbols(stream: TextIO) -> bool:
    encoding = getattr(stream, "encoding", None)
    if not encoding:  # an in-memory stream takes any text
        return True
    try:
        _SYMBOLS.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def choose_style(
    stream: TextIO,
    *,
    ascii_only: bool,
    color: str = "auto",
    environ: Mapping[str, str] = os.environ,
) -> Style:
    """The style for ``stream``: suit symbols unless ``ascii_only`` or the stream's
    encoding cannot write them; red hearts and diamonds as ``color`` says.

    ``color`` is ``"always"``, ``"never"`` or ``"auto"``; ``auto`` means no colour with
    ``ascii_only`` or with ``NO_COLOR`` set and not empty (no-color.org), else colour
    with ``FORCE_COLOR`` set and not empty (force-color.org), even when ``stream`` is
    not a terminal, else colour on a terminal whose ``TERM`` is not ``dumb``.

    >>> import io
    >>> choose_style(io.StringIO(), ascii_only=False)
    Style(unicode=True, colour=False)
    >>> choose_style(io.StringIO(), ascii_only=False, environ={"FORCE_COLOR": "1"})
    Style(unicode=True, colour=True)
    """
    if color == "always":
        colour = True
    elif color == "never" or ascii_only or environ.get("NO_COLOR"):
        colour = False
    elif environ.get("FORCE_COLOR"):
        colour = True
    else:
        colour = is_terminal(stream) and environ.get("TERM") != "dumb"
    return Style(unicode=not ascii_only and _can_encode_symbols(stream), colour=colour)


# -- hands ------------------------------------------------------------------------------


def rules_label(rules: Rules) -> str:
    """``pagat``, ``pagat for 4 players``, ``bga with jokers, up-and-back``."""
    label = rules.name
    if rules.players is not None:
        label += f" for {rules.players} players"
    if rules.variations:
        label += " with " + ", ".join(rules.variations)
    return label


def _wild_text(wild: int | None) -> str:
    return "no wild rank" if wild is None else f"wild rank {rank_name(wild)}"


def _round_text(deal: Deal) -> str:
    """``round 4: 6 cards + 1 drawn``; with an inferred round, what was assumed."""
    text = f"round {deal.round}"
    if deal.assumed:
        note = "assumed from the hand size"
        if deal.also:
            rounds = ", ".join(map(str, deal.also))
            plural = "s" if len(deal.also) > 1 else ""
            verb = "deal" if len(deal.also) > 1 else "deals"
            note += f"; round{plural} {rounds} {verb} {deal.dealt} too"
        text += f" ({note})"
    return text + f": {deal.dealt} cards" + (" + 1 drawn" if deal.drawn else "")


def assumed_note(deal: Deal, size: int) -> str:
    """What to note on standard error when the round was taken from the hand size.

    >>> print(assumed_note(Deal(4, 6, False, 6, True), 6))
    round 4 assumed from the hand size (6 cards); give --round to choose
    """
    return f"round {deal.round} assumed from the hand size ({size} cards); give --round to choose"


@lru_cache(maxsize=64)
def _context(deal: Deal) -> str:
    if deal.round is None:
        return _wild_text(deal.wild)
    return f"{_round_text(deal)}, {_wild_text(deal.wild)}"


def _go_out_text(analysis: Analysis, style: Style) -> str:
    discards = analysis.discards
    if not discards:  # pragma: no cover - a hand of n+1 >= 4 cards has a discard
        return "no"
    best = discards[0]
    if analysis.go_out:
        return f"yes, discard {style.card(best.card)}"
    return f"no, best discard {style.card(best.card)} leaves {best.score}"


def text_report(analysis: Analysis, rules: Rules, style: Style) -> str:
    """The full answer for one hand, a line per item (no final newline).

    >>> from threethirteen.cli.main import main
    >>> main(["9s 9h 9d 4h 5h 6c", "--round", "4"])
    pagat, round 4: 6 cards, wild rank 6
    hand:     6♣ 9♦ 4♥ 5♥ 9♥ 9♠
    melds:    [9♦ 9♥ 9♠] [4♥ 5♥ 6♣=6♥]
    deadwood: -
    score:    0
    0
    """
    melding = analysis.melding
    lines = [
        f"{rules_label(rules)}, {_context(analysis.deal)}",
        f"hand:     {style.cards(analysis.hand)}",
        f"melds:    {style.melds(melding)}",
        f"deadwood: {style.cards(melding.deadwood)}",
        f"score:    {melding.score}",
    ]
    if analysis.discards is not None:
        ranking = ", ".join(f"{style.card(item.card)} {item.score}" for item in analysis.discards)
        lines.append(f"go out:   {_go_out_text(analysis, style)}")
        lines.append(f"discards: {ranking}")
    if analysis.outs is not None:
        lines.extend(_outs_lines(analysis.outs, style))
    if analysis.advice is not None:
        lines.extend(_advice_lines(analysis.advice, style))
    if analysis.layoff is not None:
        lines.extend(_layoff_lines(analysis.layoff, style))
    if analysis.declared is not None:
        lines.extend(_declared_lines(analysis.declared, style))
    return "\n".join(lines)


def _layoff_lines(result: Layoff, style: Style) -> list[str]:
    """``--table``: what goes onto which meld (numbered from 0 in the order given, as
    :attr:`~threethirteen.LayoffCard.meld_index` counts), the table after, and the
    cards kept."""
    onto: dict[int, list[str]] = {}
    for item in result.laid_off:
        card = style.card(item.card)
        if item.wild:
            card += "=" + style.card(item.stands_for)
        onto.setdefault(item.meld_index, []).append(card)
    placed = "; ".join(
        f"{' '.join(cards)} onto meld {index}" for index, cards in sorted(onto.items())
    )
    melding = result.melding
    kept = " ".join(map(style.meld, melding.melds))
    return [
        f"lay off:  {placed or 'nothing'}",
        f"table:    {' '.join(map(style.meld, result.table))}",
        f"kept:     {kept + ' ' if kept else ''}deadwood: {style.cards(melding.deadwood)}",
        f"score:    {result.score} after laying off",
    ]


def _declared_lines(check: MeldCheck, style: Style) -> list[str]:
    """``--declare``: each problem (its meld numbered from 0, as
    :attr:`~threethirteen.MeldProblem.index` counts), the score declared, going out,
    a better melding."""
    lines = [f"declared: {problem}" for problem in check.problems] or [
        "declared: every meld is valid"
    ]
    lines.append(
        f"declared: deadwood {style.cards(check.deadwood)}, score {check.score},"
        f" {'goes out' if check.goes_out else 'does not go out'}"
    )
    if check.better is not None:
        lines.append(f"better:   {style.melds(check.better)} score: {check.better.score}")
    return lines


def chance_text(probability: Fraction, unseen: int) -> str:
    """A chance of drawing an out, in the one notation the command line uses for it:
    the percentage, then the cards counted, ``10.5% (10 of 95 unseen)``; the exact
    fraction only where the chance counts no whole number of cards (weighted draws).

    >>> chance_text(Fraction(2, 19), 95), chance_text(Fraction(0), 0)
    ('10.5% (10 of 95 unseen)', '0.0% (0 of 0 unseen)')
    >>> chance_text(Fraction(1, 3), 4)
    '33.3% (1/3)'
    """
    cards = probability * unseen
    if cards.denominator == 1 and (unseen or not probability):
        return f"{float(probability) * 100:.1f}% ({cards.numerator} of {unseen} unseen)"
    return f"{float(probability) * 100:.1f}% ({probability})"


def outs_text(outs: Outs, style: Style, limit: int | None = None) -> str:
    """The outs with a copy unseen, in the one notation the command line uses for
    them: each card, ``x`` its unseen copies, and the discard it goes out with,
    ``9♣ x2 (discard 4♥)``; at most ``limit`` of them (the most copies first), then
    how many more; ``none`` when no out has a copy unseen.

    >>> from threethirteen.hands.draw_advice import outs
    >>> found = outs("9s 9h 4h", wild=None, unseen="9c 9c 9s 3h Kd")
    >>> outs_text(found, Style(unicode=False))
    '9c x2 (discard 4h), 9s x1 (discard 4h)'
    >>> outs_text(found, Style(unicode=False), limit=1)
    '9c x2 (discard 4h) and 1 more'
    """
    live = [out for out in outs if out.copies]
    shown = live if limit is None else live[:limit]
    listed = ", ".join(
        f"{style.card(out.card)} x{out.copies} (discard {style.card(out.discard)})" for out in shown
    )
    more = len(live) - len(shown)
    return (listed or "none") + (f" and {more} more" if more else "")


def stock_chance_text(option: DrawOption) -> str:
    """The chance that the stock's card goes out (:func:`chance_text`), counted over
    the stock's draws.

    >>> from threethirteen.hands.draw_advice import draw_advice
    >>> advice = draw_advice("9s 9h 4h", wild=None, discard_top="Kd", unseen="9c 9c 3h Kd")
    >>> stock_chance_text(advice.stock)
    '50.0% (2 of 4 unseen)'
    """
    unseen = sum(draw.copies for draw in option.draws)
    counted = Fraction(sum(draw.copies for draw in option.draws if draw.goes_out), unseen or 1)
    if counted != option.out_probability:  # weighted draws: no count of cards
        return f"{float(option.out_probability) * 100:.1f}% ({option.out_probability})"
    return chance_text(option.out_probability, unseen)


def _outs_lines(outs: Outs, style: Style) -> list[str]:
    """``--outs``: each out with its unseen copies and discard, then the chance."""
    lines = [f"outs:     {outs_text(outs, style)}"]
    dead = [out.card for out in outs if not out.copies]
    if dead:
        lines.append(f"dead:     {style.cards(dead)} (outs with no copy unseen)")
    lines.append(
        f"chance:   {chance_text(outs.probability, outs.unseen)} that the next stock card is an out"
    )
    return lines


def _option_text(option: DrawOption, style: Style) -> str:
    if option.source == "discard":
        draw = option.draws[0]
        ending = "goes out" if draw.goes_out else f"score {draw.score}"
        return f"{style.card(draw.card)}, then discard {style.card(draw.discard)}: {ending}"
    return (
        f"expected score {float(option.expected_score):.2f} ({option.expected_score}),"
        f" goes out {stock_chance_text(option)}"
    )


def _advice_lines(advice: DrawAdvice, style: Style) -> list[str]:
    """``--advice``: both options and the choice."""
    top = style.card(advice.discard.draws[0].card)
    choice = f"take {top}" if advice.choice == "discard" else "draw from the stock"
    return [
        f"take:     {_option_text(advice.discard, style)}",
        f"stock:    {_option_text(advice.stock, style)}",
        f"advice:   {choice}",
    ]


def text_line(analysis: Analysis, style: Style) -> str:
    """The answer for one hand on one line, for many hands at once: the hand, the round
    and wild rank, the melding, and (with the card drawn) going out and the best discard.
    """
    melding = analysis.melding
    melds = " ".join(map(style.meld, melding.melds))
    result = f"{melds} deadwood: {style.cards(melding.deadwood)} score: {melding.score}"
    parts = [style.cards(analysis.hand), _context(analysis.deal), result.lstrip()]
    if analysis.discards is not None:
        parts.append(f"go out: {_go_out_text(analysis, style)}")
    if analysis.outs is not None:
        found = analysis.outs
        parts.append(f"outs: {len(found)}, {chance_text(found.probability, found.unseen)}")
    if analysis.advice is not None:
        advice = analysis.advice
        top = style.card(advice.discard.draws[0].card)
        parts.append(f"advice: {'take ' + top if advice.choice == 'discard' else 'stock'}")
    if analysis.layoff is not None:
        laid = analysis.layoff
        cards = style.cards(item.card for item in laid.laid_off)
        parts.append(f"lay off: {cards}, score {laid.score}")
    if analysis.declared is not None:
        check = analysis.declared
        verdict = "valid" if not check.problems else f"{len(check.problems)} invalid"
        parts.append(f"declared: {verdict}, score {check.score}")
    return " | ".join(parts)


def json_object(analysis: Analysis, rules: Rules) -> dict[str, Any]:
    """The answer for one hand as JSON-ready data (cards in ASCII notation), in the
    library's shapes: a meld is :meth:`Meld.to_dict <threethirteen.Meld.to_dict>`'s
    object wherever it appears.

    Keys: ``hand``, ``rules`` (``preset``, ``variations``, ``players``), ``round``,
    ``round_assumed``, ``cards_dealt``, ``wild``, then the keys of
    :meth:`Melding.to_dict <threethirteen.Melding.to_dict>` (``melds``, ``deadwood``,
    ``score``); for a hand that holds the card drawn also ``go_out`` and ``discards``
    (each :meth:`Discard.to_dict <threethirteen.Discard.to_dict>`); with ``--outs``
    also ``outs``, with ``--advice`` also ``advice``, with ``--table`` also
    ``layoff``, with ``--declare`` also ``declared`` (the ``to_dict()`` of
    :class:`~threethirteen.Outs`, :class:`~threethirteen.DrawAdvice`,
    :class:`~threethirteen.Layoff` and :class:`~threethirteen.MeldCheck`).
    """
    deal = analysis.deal
    result: dict[str, Any] = {
        "hand": [_ASCII[card.code] for card in analysis.hand],
        "rules": {
            "preset": rules.name,
            "variations": list(rules.variations),
            "players": rules.players,
        },
        "round": deal.round,
        "round_assumed": deal.assumed,
        "cards_dealt": deal.dealt,
        "wild": None if deal.wild is None else rank_name(deal.wild),
        **analysis.melding.to_dict(),
    }
    if analysis.discards is not None:
        result["go_out"] = analysis.go_out
        result["discards"] = [item.to_dict(melding=False) for item in analysis.discards]
    if analysis.outs is not None:
        result["outs"] = analysis.outs.to_dict()
    if analysis.advice is not None:
        result["advice"] = analysis.advice.to_dict()
    if analysis.layoff is not None:
        result["layoff"] = analysis.layoff.to_dict()
    if analysis.declared is not None:
        result["declared"] = analysis.declared.to_dict()
    return result


# -- rules and rounds -------------------------------------------------------------------


def rules_list() -> str:
    """The presets and variations, a line each.

    >>> print(rules_list().splitlines()[1])
      pagat              Pagat's standard sheet: pictures 10, aces low, no jokers
    """
    width = max(len(name) for name in [*PRESETS, *VARIATIONS])
    lines = ["presets (--rules NAME):"]
    lines += [f"  {name:<{width}}  {preset.description}" for name, preset in PRESETS.items()]
    lines.append("variations (--variation NAME, repeatable; some take =VALUE):")
    lines += [f"  {name:<{width}}  {item.description}" for name, item in VARIATIONS.items()]
    return "\n".join(lines)


def rules_table(rules: Rules) -> str:
    """The table of one rule set: decks, jokers, aces, meld sizes, card values, penalties.

    >>> print(rules_table(Rules.preset("bga")).splitlines()[1])
    preset:           Board Game Arena: two decks, 4 jokers, aces high or low, ...
    """
    ranks = " ".join(f"{rank_name(rank):>2}" for rank in range(1, 14))
    values = " ".join(f"{value:>2}" for value in rules.card_values)
    wild = "its usual value" if rules.wild_penalty is None else str(rules.wild_penalty)
    joker = str(rules.joker_penalty) if rules.jokers else "- (no jokers)"
    rounds = rules.rounds
    changes = [
        f"variation:        {name}: {VARIATIONS[name.partition('=')[0]].description}"
        for name in rules.variations
    ]
    return "\n".join(
        [
            rules_label(rules),
            f"preset:           {PRESETS[rules.name].description}",
            *changes,
            f"decks:            {rules.decks}",
            f"jokers:           {rules.jokers}",
            f"aces:             {rules.aces.replace('-', ' ')}",
            f"min set / run:    {rules.min_set} / {rules.min_run}",
            f"all-wild melds:   {'allowed' if rules.all_wild_melds else 'not allowed'}",
            f"card:            {ranks}",
            f"value:           {values}",
            f"wild left over:   {wild}",
            f"joker left over:  {joker}",
            f"rounds:           {len(rounds)}, dealing {min(rounds)} to {max(rounds)} cards",
        ]
    )


def rounds_table(rules: Rules) -> str:
    """The round chart: round, cards dealt, wild rank.

    >>> print(rounds_table(Rules.preset("pagat")).splitlines()[10])
        9     11  J
    """
    lines = [f"{rules_label(rules)}: {len(rules.rounds)} rounds", "round  cards  wild"]
    for number, dealt in enumerate(rules.rounds, start=1):
        lines.append(f"{number:>5}  {dealt:>5}  {rank_name(rules.wild_for_round(number))}")
    return "\n".join(lines)
