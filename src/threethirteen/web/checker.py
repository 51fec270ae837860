"""The hand checker's answers: a hand's best melds, deadwood, whether it goes out and
with which discard, every discard's score, the outs and the draw advice, from the
library's own analysis (:func:`threethirteen.best_melds`, :func:`~threethirteen.discards`,
:func:`~threethirteen.outs`, :func:`~threethirteen.draw_advice`), as
``threethirteen check`` gives them.

Routes:

- ``GET /api/check?hand=H&rules=P&variations=V1,V2&round=N&wild=W&top=C&drawn=D``: the
  analysis of hand ``H`` (cards as ``check`` reads them: ``9s 9h 9d``, ``9s9h9d``,
  suit symbols) under preset ``P`` (default ``pagat``) with the variations named
  (comma-separated, ``aces-high=15`` for a value), in round ``N`` (default: the
  round the hand's size gives, as ``check`` assumes it), its wild rank replaced by
  ``W`` (a rank, or ``none``) when given; ``top`` a card on the discard pile, for the
  advice on a hand before the draw; ``drawn=yes|no`` whether the hand holds the card
  drawn (without a round, it picks which round a size fitting two means). See
  :func:`check_hand_data` for the answer.
- ``GET /api/check/rules?rules=P&variations=...``: the presets, the variations and
  the rounds of those rules (:func:`rules_data`).

>>> data = check_hand_data("9s 9h 9d 4h 5h 6c 7d", round_text="4")
>>> [meld["cards"] for meld in data["melds"]], data["deadwood"], data["score"]
([['9d', '9h', '9s'], ['4h', '5h', '6c']], ['7d'], 7)
>>> data["go_out"], data["go_out_discard"], data["discards"][0]
(True, '7d', {'card': '7d', 'score': 0, 'goes_out': True})
"""

from __future__ import annotations

import re
from typing import Any

import threethirteen as tt

from .._validate import quote
from ..engine.records import rank_text
from ..errors import InvalidHandError, InvalidInputError
from .routing import Context, Request, Response, Route, json_response

__all__ = [
    "MAX_HAND_TEXT",
    "ROUTES",
    "check_hand_data",
    "parse_variations",
    "rules_data",
]

MAX_HAND_TEXT = 400
"""The longest hand text read (a hand holds at most 40 cards)."""
_MAX_VARIATIONS_TEXT = 400
_ROUND = re.compile(r"[0-9]{1,3}")


def parse_variations(text: str) -> list[str]:
    """The variations named in ``text``: comma-separated (spaces and ``+`` between
    them too), empty for none.

    >>> parse_variations("jokers, aces-high=15"), parse_variations("")
    (['jokers', 'aces-high=15'], [])
    """
    if len(text) > _MAX_VARIATIONS_TEXT:
        raise InvalidInputError(
            f"variations must be at most {_MAX_VARIATIONS_TEXT} characters, not {len(text)}"
        )
    return [name for name in re.split(r"[,+\s]+", text) if name]


def _rules(preset: str, variations: str) -> tt.Rules:
    return tt.Rules.preset(preset or "pagat", parse_variations(variations))


def _round_number(text: str) -> int:
    if not _ROUND.fullmatch(text.strip()):
        raise InvalidInputError(f"the round must be an int, not {quote(text)}")
    return int(text.strip())


def _drawn(text: str) -> bool | None:
    """``drawn=yes`` (the hand holds the card drawn), ``no`` (as dealt), or empty."""
    word = text.strip().lower()
    if not word:
        return None
    if word in ("yes", "no"):
        return word == "yes"
    raise InvalidInputError(f"drawn must be 'yes' or 'no', not {quote(text)}")


def _wild_flags(cards: list[tt.Card], wild: int | None) -> list[bool]:
    return [card.is_joker or (wild is not None and card.rank == wild) for card in cards]


def check_hand_data(
    hand: str,
    *,
    preset: str = "pagat",
    variations: str = "",
    round_text: str = "",
    wild_text: str = "",
    top: str = "",
    drawn: str = "",
) -> dict[str, Any]:
    """The checker's answer for one hand, JSON-ready (cards as the library writes
    them: ``9s``, ``10h``, ``Jk``).

    Keys: ``hand`` (its cards, sorted as the library sorts a hand) and
    ``hand_wild`` (whether each is wild), ``rules`` (``preset``, ``variations``),
    ``round``, ``round_assumed`` (the round came from the hand's size),
    ``other_round`` (when assumed: the round that deals one card fewer, which the hand
    could also be, holding the card drawn; or ``None``), ``cards_dealt``, ``wild``
    (the wild rank, ``"6"``, or ``None``), ``holds_drawn`` (the hand holds one card
    more than the round deals), then the best melding (``melds``: each meld's
    ``kind``, ``cards``, ``stands_for`` (what each card stands for, a wild its
    identity) and ``wild`` flags; ``deadwood``, ``deadwood_wild``, ``score``); for a
    hand that holds the card drawn ``go_out``, ``go_out_discard`` (the card to
    discard, or ``None``) and ``discards`` (every distinct discard with the score it
    leaves, best first); for a hand as dealt ``outs`` (the cards that would put it out
    with their discards, and the chance the next stock card is one) and, with
    ``top``, ``advice`` (take ``top`` or draw from the stock, by the expected score;
    its ``choice`` and each source's ``expected_score`` and ``out_probability``).

    :param drawn: ``"yes"``: the hand holds the card drawn (without a round, the
        first round dealing one card fewer is taken); ``"no"``: the hand as dealt;
        ``""``: as its size and the round say.

    :raises InvalidInputError: (the library's subclasses) for a bad card, hand,
        preset, variation, round or wild rank, naming it.

    >>> check_hand_data("9s 9x")
    Traceback (most recent call last):
    ...
    threethirteen.errors.InvalidCardError: unknown suit 'x' in '9x' (card 2 of '9s 9x')
    """
    if len(hand) > MAX_HAND_TEXT:
        raise InvalidInputError(
            f"a hand must be at most {MAX_HAND_TEXT} characters, not {len(hand)}"
        )
    rules = _rules(preset, variations)
    parsed = tt.parse_hand(hand)
    assumed = not round_text.strip()
    other: int | None = None
    holds = _drawn(drawn)
    if not parsed:
        tt.Round.for_hand_size(rules, 0)  # raises: an empty hand is no round's
    if assumed and holds is not None:
        size = len(parsed) - 1 if holds else len(parsed)
        numbers = rules.rounds_dealing(size) if size > 0 else ()
        if not numbers:
            raise InvalidHandError(
                f"no round of these rules deals {size} card{'' if size == 1 else 's'}"
                f" (a hand of {len(parsed)}"
                f" {'with' if holds else 'without'} the card drawn)"
            )
        round_ = tt.Round(rules, numbers[0])
        number = numbers[0]
    elif assumed:
        round_ = tt.Round.for_hand_size(rules, len(parsed))
        given = round_.number
        assert given is not None
        number = given
        if not round_.holds_drawn(len(parsed)):
            other = next(iter(rules.rounds_dealing(len(parsed) - 1)), None)
    else:
        number = _round_number(round_text)
        round_ = tt.Round(rules, number)
    wild = round_.wild
    if wild_text.strip():
        wild = None if wild_text.strip().lower() == "none" else tt.parse_wild(wild_text.strip())
    dealt = round_.dealt
    assert dealt is not None
    drawn_held = round_.holds_drawn(len(parsed))
    if holds is not None and holds != drawn_held:
        raise InvalidHandError(
            f"round {number} deals {dealt} cards: a hand of {len(parsed)}"
            f" {'holds' if drawn_held else 'does not hold'} the card drawn"
        )
    melding = tt.best_melds(parsed, wild=wild, rules=rules)
    cards = list(parsed)
    found = melding.to_dict()
    deadwood = list(melding.deadwood)
    data: dict[str, Any] = {
        "hand": [str(card) for card in cards],
        "hand_wild": _wild_flags(cards, wild),
        "rules": {"preset": rules.name, "variations": list(rules.variations)},
        "round": number,
        "round_assumed": assumed,
        "other_round": other,
        "cards_dealt": dealt,
        "wild": rank_text(wild),
        "holds_drawn": drawn_held,
        "melds": found["melds"],
        "deadwood": found["deadwood"],
        "deadwood_wild": _wild_flags(deadwood, wild),
        "score": found["score"],
    }
    if drawn_held:
        ranking = list(tt.discards(parsed, wild=wild, rules=rules))
        best = ranking[0] if ranking else None
        goes = best is not None and best.goes_out
        data["go_out"] = goes
        data["go_out_discard"] = str(best.card) if goes and best is not None else None
        data["discards"] = [item.to_dict(melding=False) for item in ranking]
    else:
        data["outs"] = tt.outs(parsed, wild=wild, rules=rules).to_dict()
        if top.strip():
            advice = tt.draw_advice(parsed, discard_top=top.strip(), wild=wild, rules=rules)
            whole = advice.to_dict()
            data["advice"] = {
                "choice": whole["choice"],
                "top": str(tt.parse_card(top.strip())),
                **{
                    source: {key: value for key, value in whole[source].items() if key != "draws"}
                    for source in ("discard", "stock")
                },
            }
    return data


def rules_data(preset: str = "pagat", variations: str = "") -> dict[str, Any]:
    """What the checker's selectors offer: every preset and variation (``name``,
    ``description``; a variation also ``takes_value``), and the rounds of the rules
    ``preset`` with ``variations`` (``number``, ``cards``, ``wild``).

    >>> data = rules_data()
    >>> data["presets"][0]["name"], data["rounds"][3]
    ('pagat', {'number': 4, 'cards': 6, 'wild': '6'})
    """
    rules = _rules(preset, variations)
    rounds = []
    for number in range(1, len(rules.rounds) + 1):
        round_ = tt.Round(rules, number)
        rounds.append({"number": number, "cards": round_.dealt, "wild": rank_text(round_.wild)})
    return {
        "presets": [
            {"name": name, "description": item.description} for name, item in tt.PRESETS.items()
        ],
        "variations": [
            {"name": name, "description": item.description, "takes_value": item.takes_value}
            for name, item in tt.VARIATIONS.items()
        ],
        "rules": {"preset": rules.name, "variations": list(rules.variations)},
        "rounds": rounds,
    }


def _check(context: Context, request: Request) -> Response:
    return json_response(
        check_hand_data(
            request.param("hand"),
            preset=request.param("rules", "pagat"),
            variations=request.param("variations", ""),
            round_text=request.param("round", ""),
            wild_text=request.param("wild", ""),
            top=request.param("top", ""),
            drawn=request.param("drawn", ""),
        )
    )


def _rules_route(context: Context, request: Request) -> Response:
    return json_response(
        rules_data(request.param("rules", "pagat"), request.param("variations", ""))
    )


ROUTES: tuple[Route, ...] = (
    Route("GET", "/api/check", _check),
    Route("GET", "/api/check/rules", _rules_route),
)
"""The checker's routes."""
