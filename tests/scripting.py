"""Scripted deals for the game engine's tests.

A game record with ``"seed": null`` gives its deals itself, so a test can deal any
cards it likes: :func:`scripted` writes such a record for round 1 (the deal given,
no actions yet) and replays it with :meth:`Game.from_record`; :func:`deal_next`
deals the next round of a game the same way (the record so far, with the round in
play dealt again as given). Actions are then applied with ``game.apply``, or by
``play`` in their notation (``"draw stock"``, ``"discard 9s out"``).

The stock is given from its top card; the rest of the pool follows in card order
(clubs A-K, diamonds, hearts, spades, jokers last), so every deal is the whole pool.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import threethirteen as tt
from threethirteen.engine.dealing import pool_codes
from threethirteen.hands.cards import CARDS, rank_name

Hands = Sequence[str]
"""One hand per player, each a string of cards (``"9s 9h Kd"``)."""


def cards(text: str) -> list[str]:
    """The cards of ``text`` in the library's notation, in the order given."""
    return [str(tt.Card.parse(word)) for word in text.split()]


def table_rules(rules: tt.Rules | str, players: int, variations: Iterable[str] = ()) -> tt.Rules:
    """The rules of a table: a preset's for ``players``, or ``rules`` itself."""
    if isinstance(rules, tt.Rules):
        return rules
    return tt.Rules.preset(rules, list(variations), players=players)


def full_deal(rules: tt.Rules, hands: Hands, upcard: str, stock: str = "") -> dict[str, Any]:
    """A record's deal: the hands and upcard given, the stock from ``stock`` (top
    first) and then the rest of the pool in card order."""
    dealt = [cards(hand) for hand in hands]
    up = str(tt.Card.parse(upcard))
    top = cards(stock)
    rest = Counter(pool_codes(rules.decks, rules.jokers))
    for card in [*(card for hand in dealt for card in hand), up, *top]:
        code = tt.Card.parse(card).code
        assert rest[code] > 0, f"{card} is dealt more often than the pool holds it"
        rest[code] -= 1
    return {
        "hands": dealt,
        "upcard": up,
        "stock": top + [str(CARDS[code]) for code in sorted(rest.elements())],
    }


def rules_entry(rules: tt.Rules, players: int, max_turns: int | None) -> dict[str, Any]:
    """A record's ``"rules"``, with ``"fields"`` when the rules are not a preset's."""
    entry: dict[str, Any] = {
        "preset": rules.name,
        "variations": list(rules.variations),
        "players": players,
        "max_turns": max_turns,
    }
    try:
        plain = tt.Rules.preset(rules.name, list(rules.variations), players=rules.players)
    except tt.ThreeThirteenError:
        plain = None
    if plain != rules:
        entry["fields"] = {
            item.name: list(value)
            if isinstance(value := getattr(rules, item.name), tuple)
            else value
            for item in dataclasses.fields(rules)
        }
    return entry


def scripted(
    rules: tt.Rules | str,
    players: int,
    variations: Iterable[str],
    hands: Hands,
    upcard: str,
    stock: str = "",
    *,
    actions: Iterable[str] = (),
    max_turns: int | None = None,
) -> tt.Game:
    """A game whose round 1 deals ``hands`` (player 0 first), ``upcard`` and
    ``stock``, with ``actions`` (in their notation) applied."""
    found = table_rules(rules, players, variations)
    number = 1
    record = {
        "format": "threethirteen-game",
        "version": 1,
        "rules": rules_entry(found, players, max_turns),
        "seed": None,
        "rounds": [
            {
                "number": number,
                "dealer": 0,
                "wild": rank_name(found.wild_for_round(number)),
                "cards_dealt": found.rounds[0],
                "deal": full_deal(found, hands, upcard, stock),
                "actions": [],
                "end": None,
                "void": False,
                "scores": None,
            }
        ],
        "totals": [0] * players,
        "winners": None,
    }
    game = tt.Game.from_record(record)
    play(game, actions)
    return game


def deal_next(
    game: tt.Game, hands: Hands, upcard: str, stock: str = "", *, actions: Iterable[str] = ()
) -> tt.Game:
    """``game`` (made by :func:`scripted`) with the round in play, in which nobody
    has acted yet, dealt again as given; then ``actions`` applied."""
    record = game.to_record()
    current = record["rounds"][-1]
    assert current["end"] is None, "the round has ended"
    assert not current["actions"], "the round has begun"
    current["deal"] = full_deal(game.rules, hands, upcard, stock)
    replayed = tt.Game.from_record(record)
    play(replayed, actions)
    return replayed


def play(game: tt.Game, actions: Iterable[str]) -> None:
    """Apply ``actions``, each in its notation, for the player to move."""
    for text in actions:
        game.apply(tt.Action.parse(text))


def finish_quickly(game: tt.Game) -> tt.Game:
    """Deal the round in play (in which nobody has acted yet) so that it ends in one
    go-around, and play it: the player to move holds a run of hearts from the ace
    (at most 13 cards dealt), the other players the next cards of the pool; the
    player to move draws the stock's top card and goes out discarding it, the others
    draw the stock's top card and discard it."""
    dealt = game.cards_dealt
    assert dealt <= 13
    mover = game.to_move
    assert mover is not None
    run = [f"{rank_name(rank)}h" for rank in range(1, dealt + 1)]
    rest = Counter(pool_codes(game.rules.decks, game.rules.jokers))
    for card in run:
        rest[tt.Card.parse(card).code] -= 1
    others = [str(CARDS[code]) for code in sorted(rest.elements())]
    hands = []
    for player in range(game.players):
        if player == mover:
            hands.append(" ".join(run))
        else:
            hands.append(" ".join(others[:dealt]))
            del others[:dealt]
    game = deal_next(game, hands, others[0])
    for _ in range(game.players):
        drawn = game.stock[0]
        game.apply(tt.DrawStock())
        game.apply(tt.DiscardCard(drawn, go_out=game.to_move == mover))
    return game


def state(game: tt.Game) -> dict[str, list[str]]:
    """The hands, the table (``"owner: meld"``) and the piles (bottom to top), as text."""
    return {
        "hands": [str(game.hand(player)) for player in range(game.players)],
        "table": [f"{item.owner}: {item.meld}" for item in game.table],
        "piles": [" ".join(str(card) for card in pile) for pile in game.piles],
    }


def ended(game: tt.Game) -> list[tuple[str, list[int]]]:
    """Each round that ended, as ``(end, scores)``, from the game's record."""
    return [
        (entry["end"], entry["scores"])
        for entry in game.to_record()["rounds"]
        if entry["end"] is not None
    ]
