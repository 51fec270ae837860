"""Action values (notation, dicts, repr, hashing), the errors for malformed ones,
the reasons given for illegal ones, and the errors for a game that cannot be set up."""

from __future__ import annotations

import dataclasses
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import threethirteen as tt
from tests.conftest import examples
from tests.game_checks import RandomPlayer, scripted
from threethirteen import (
    Action,
    Card,
    DiscardCard,
    DrawDiscard,
    DrawStock,
    LayMeld,
    LayOff,
    Meld,
)

# -- strategies -------------------------------------------------------------------

cards = st.integers(min_value=0, max_value=52).map(Card)
natural_cards = st.integers(min_value=0, max_value=51).map(Card)
piles = st.none() | st.integers(min_value=0, max_value=999)


@st.composite
def melds(draw: st.DrawFn) -> Meld:
    """A set (2 to 4 suits of a rank) or a run (2 to 8 places, aces low or high),
    some of its cards replaced by wild cards (a joker or any other card) standing
    for them."""
    if draw(st.booleans()):
        rank = draw(st.integers(min_value=1, max_value=13))
        suits = draw(st.lists(st.integers(0, 3), min_size=2, max_size=4, unique=True))
        identities = [Card(suit * 13 + rank - 1) for suit in suits]
    else:
        suit = draw(st.integers(0, 3))
        low = draw(st.integers(min_value=1, max_value=13))
        length = draw(st.integers(min_value=2, max_value=min(8, 15 - low)))
        identities = [Card(suit * 13 + (place - 1) % 13) for place in range(low, low + length)]
    held = []
    wild = []
    for identity in identities:
        if draw(st.integers(0, 3)) == 0:
            held.append(draw(cards))
            wild.append(True)
        else:
            held.append(identity)
            wild.append(False)
    return Meld(tuple(held), tuple(identities), tuple(wild))


@st.composite
def discards(draw: st.DrawFn) -> DiscardCard:
    go_out = draw(st.booleans())
    given = draw(st.none() | st.lists(melds(), max_size=3).map(tuple)) if go_out else None
    return DiscardCard(draw(cards), go_out, draw(piles), given)


@st.composite
def lay_offs(draw: st.DrawFn) -> LayOff:
    card = draw(cards)
    stands_for = draw(st.none() | natural_cards)
    return LayOff(card, draw(st.integers(min_value=0, max_value=10**6 - 1)), stands_for)


actions = st.one_of(
    st.just(DrawStock()),
    piles.map(DrawDiscard),
    discards(),
    melds().map(LayMeld),
    lay_offs(),
)

# -- round trips ------------------------------------------------------------------


@settings(max_examples=examples(500))
@given(action=actions)
def test_an_action_round_trips_through_its_notation_dict_and_repr(action: Action) -> None:
    assert Action.parse(str(action)) == action
    data = action.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert Action.from_dict(data) == action
    assert Action.from_dict({**data, "player": 3}) == action  # a record's player is ignored
    assert eval(repr(action), {"Action": Action}) == action
    assert repr(action) == f"Action.parse({str(action)!r})"
    copy = Action.parse(str(action))
    assert hash(copy) == hash(action)
    assert {action: 1}[copy] == 1
    assert data["type"] == action.kind


@settings(max_examples=examples(200))
@given(meld=melds())
def test_a_meld_action_writes_each_wild_card_with_its_stand_in(meld: Meld) -> None:
    data = LayMeld(meld).to_dict()
    assert data["cards"] == [
        f"{card}={identity}" if wild else str(card)
        for card, identity, wild in zip(meld.cards, meld.stands_for, meld.wild, strict=True)
    ]
    assert str(LayMeld(meld)) == f"meld {meld}"


def test_the_notation_of_each_kind() -> None:
    nine = Card.parse("9s")
    written = [
        (DrawStock(), "draw stock", {"type": "draw", "source": "stock"}),
        (DrawDiscard(), "draw discard", {"type": "draw", "source": "discard"}),
        (DrawDiscard(2), "draw discard 2", {"type": "draw", "source": "discard", "pile": 2}),
        (DiscardCard(nine), "discard 9s", {"type": "discard", "card": "9s", "go_out": False}),
        (
            DiscardCard(Card.parse("Jk"), pile=1),
            "discard Jk pile 1",
            {"type": "discard", "card": "Jk", "go_out": False, "pile": 1},
        ),
        (
            DiscardCard(nine, go_out=True),
            "discard 9s out",
            {"type": "discard", "card": "9s", "go_out": True},
        ),
        (
            DiscardCard(nine, True, None, (Meld.parse("9d 9h 9c"), Meld.parse("4h 5h 6c=6h"))),
            "discard 9s out [9c 9d 9h] [4h 5h 6c=6h]",
            {
                "type": "discard",
                "card": "9s",
                "go_out": True,
                "melds": [["9c", "9d", "9h"], ["4h", "5h", "6c=6h"]],
            },
        ),
        (
            DiscardCard(nine, True, None, ()),
            "discard 9s out []",
            {"type": "discard", "card": "9s", "go_out": True, "melds": []},
        ),
        (
            LayMeld(Meld.parse("4h 5h 6c=6h 7h")),
            "meld 4h 5h 6c=6h 7h",
            {"type": "meld", "cards": ["4h", "5h", "6c=6h", "7h"]},
        ),
        (
            LayOff(Card.parse("7h"), 2),
            "lay off 7h on 2",
            {"type": "lay_off", "card": "7h", "meld": 2},
        ),
        (
            LayOff(Card.parse("Jk"), 0, Card.parse("7h")),
            "lay off Jk=7h on 0",
            {"type": "lay_off", "card": "Jk=7h", "meld": 0},
        ),
    ]
    for action, text, data in written:
        assert str(action) == text
        assert action.to_dict() == data
        assert Action.parse(text) == action
        assert Action.from_dict(data) == action


def test_actions_are_immutable_and_compare_by_value() -> None:
    action = DiscardCard(Card.parse("9s"), go_out=True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        action.go_out = False  # type: ignore[misc]
    assert action == DiscardCard("9s", go_out=True)  # type: ignore[arg-type]
    assert action != DiscardCard(Card.parse("9s"))
    assert DrawDiscard() != DrawDiscard(0)
    assert len({DrawStock(), DrawStock(), DrawDiscard(), DrawDiscard(None)}) == 2
    assert Action.parse("  draw   stock ") == DrawStock()
    assert Action.parse("Draw discard") == DrawDiscard()


# -- malformed actions --------------------------------------------------------------

SAY = "write 'draw stock', 'draw discard', 'discard 9s', 'discard 9s out', 'meld 4h 5h 6h' or 'lay off 7h on 0'"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", f"no action '': {SAY}"),
        ("fly away", f"no action 'fly away': {SAY}"),
        ("draw", "no action 'draw': write 'draw stock' or 'draw discard'"),
        ("draw 2", "no action 'draw 2': write 'draw stock' or 'draw discard'"),
        ("draw stock now", "no action 'draw stock now': write 'draw stock' or 'draw discard'"),
        ("draw discard x", "an index must be an int, not 'x'"),
        ("draw discard -1", "an index must be from 0 to 999999, not '-1'"),
        ("draw discard 1000", "no discard pile 1000"),
        ("discard", f"no action 'discard': {SAY}"),
        ("discard 9x", "no action 'discard 9x': unknown suit 'x' in '9x'"),
        ("discard 9s pile x", "an index must be an int, not 'x'"),
        ("discard 9s up", f"no action 'discard 9s up': {SAY}"),
        (
            "discard 9s out [9d 9h",
            "no action 'discard 9s out [9d 9h': write the melds as [9d 9h 9c] [4h 5h 6c=6h]",
        ),
        (
            "discard 9s out 9d 9h 9c",
            "no action 'discard 9s out 9d 9h 9c': write the melds as [9d 9h 9c] [4h 5h 6c=6h]",
        ),
        (
            "discard 9s out [9d 9h 7x]",
            "no action 'discard 9s out [9d 9h 7x]': unknown suit 'x' in '7x' in meld '9d 9h 7x'",
        ),
        (
            "discard 9s out [9d 5h 7c]",
            "no action 'discard 9s out [9d 5h 7c]': meld '9d 5h 7c': neither a set nor a run",
        ),
        (
            "discard 9s out [9d]",
            "no action 'discard 9s out [9d]': meld '9d': too few cards (at least 2)",
        ),
        ("meld", f"no action 'meld': {SAY}"),
        ("meld 4h 5h 7x", "no action 'meld 4h 5h 7x': unknown suit 'x' in '7x' in meld '4h 5h 7x'"),
        ("meld 4h 6h 9c", "no action 'meld 4h 6h 9c': meld '4h 6h 9c': neither a set nor a run"),
        ("meld 4h", "no action 'meld 4h': meld '4h': too few cards (at least 2)"),
        ("lay off 7h on x", "an index must be an int, not 'x'"),
        ("lay off 7h to 0", f"no action 'lay off 7h to 0': {SAY}"),
        ("lay off 7x on 0", "no action 'lay off 7x on 0': unknown suit 'x' in '7x'"),
        ("lay off Jk=Jk on 0", "Jk cannot stand for a joker"),
        ("lay off 7h= on 0", "no action 'lay off 7h= on 0': not a card: ''"),
    ],
)
def test_malformed_notation_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(tt.InvalidActionError) as caught:
        Action.parse(text)
    assert str(caught.value) == message


@pytest.mark.parametrize("value", [5, None, ["draw", "stock"], b"draw stock"])
def test_notation_is_a_str(value: object) -> None:
    with pytest.raises(tt.InvalidActionError) as caught:
        Action.parse(value)  # type: ignore[arg-type]
    assert str(caught.value) == f"an action's notation is a str, not {value!r}"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("draw stock", "an action is a dict, not 'draw stock'"),
        (5, "an action is a dict, not 5"),
        ({}, "unknown action type None (draw, discard, meld, lay_off)"),
        ({"type": "fly"}, "unknown action type 'fly' (draw, discard, meld, lay_off)"),
        (
            {"type": "reshuffle", "stock": []},
            "unknown action type 'reshuffle' (draw, discard, meld, lay_off)",
        ),
        ({"type": "draw"}, "a draw's source is 'stock' or 'discard', not None"),
        ({"type": "draw", "source": "hand"}, "a draw's source is 'stock' or 'discard', not 'hand'"),
        (
            {"type": "draw", "source": "stock", "pile": 1},
            "unexpected field 'pile' in action {'pile': 1, 'source': 'stock', 'type': 'draw'}",
        ),
        (
            {"type": "draw", "source": "discard", "pile": "x"},
            "a discard pile's index must be an int, not 'x'",
        ),
        ({"type": "draw", "source": "discard", "pile": -1}, "no discard pile -1"),
        (
            {"type": "draw", "source": "discard", "pile": True},
            "a discard pile's index must be an int, not True",
        ),
        (
            {"type": "draw", "source": "discard", "pile": 1.5},
            "a discard pile's index must be an int, not 1.5",
        ),
        ({"type": "draw", "source": "discard", "pile": 5000}, "no discard pile 5000"),
        ({"type": "discard"}, "a card is written as text such as '9s', not None"),
        ({"type": "discard", "card": 9}, "a card is written as text such as '9s', not 9"),
        (
            {"type": "discard", "card": "9x"},
            "bad discard action {'card': '9x', 'type': 'discard'}: unknown suit 'x' in '9x'",
        ),
        ({"type": "discard", "card": "9s", "go_out": "yes"}, "go_out is true or false, not 'yes'"),
        (
            {"type": "discard", "card": "9s", "melds": [["9d", "9h", "9c"]]},
            "melds are laid down only with go_out=True",
        ),
        (
            {"type": "discard", "card": "9s", "go_out": True, "melds": "9d 9h 9c"},
            "melds are a list, not '9d 9h 9c'",
        ),
        (
            {"type": "discard", "card": "9s", "go_out": True, "melds": [[1, 2, 3]]},
            "a meld is a list of cards, not [1, 2, 3]",
        ),
        (
            {"type": "discard", "card": "9s", "go_out": True, "melds": [["9d", "5h", "7c"]]},
            "bad discard action {'card': '9s', 'go_out': True, 'melds': [[...]], 'type': 'discard'}:"
            " meld '9d 5h 7c': neither a set nor a run",
        ),
        (
            {"type": "discard", "card": "9s", "colour": "red"},
            "unexpected field 'colour' in action {'card': '9s', 'colour': 'red', 'type': 'discard'}",
        ),
        ({"type": "meld"}, "a meld's cards are a list, not None"),
        ({"type": "meld", "cards": "4h 5h 6h"}, "a meld's cards are a list, not '4h 5h 6h'"),
        ({"type": "meld", "cards": [4, 5, 6]}, "a meld's cards are strings, not [4, 5, 6]"),
        (
            {"type": "meld", "cards": ["4h", "5h", "7x"]},
            "bad meld action {'cards': ['4h', '5h', '7x'], 'type': 'meld'}:"
            " unknown suit 'x' in '7x' in meld '4h 5h 7x'",
        ),
        (
            {"type": "meld", "cards": ["4h", "6h", "9c"]},
            "bad meld action {'cards': ['4h', '6h', '9c'], 'type': 'meld'}:"
            " meld '4h 6h 9c': neither a set nor a run",
        ),
        ({"type": "lay_off"}, "a card is written as text such as '9s', not None"),
        ({"type": "lay_off", "card": "7h"}, "a table meld's index must be an int, not None"),
        ({"type": "lay_off", "card": "7h", "meld": -1}, "no table meld -1"),
        (
            {"type": "lay_off", "card": "7h", "meld": "0"},
            "a table meld's index must be an int, not '0'",
        ),
        (
            {"type": "lay_off", "card": "7x", "meld": 0},
            "bad lay_off action {'card': '7x', 'meld': 0, 'type': 'lay_off'}: unknown suit 'x' in '7x'",
        ),
        ({"type": "lay_off", "card": "Jk=Jk", "meld": 0}, "Jk cannot stand for a joker"),
        (
            {"type": "lay_off", "card": "7h", "meld": 0, "extra": 1},
            "unexpected field 'extra' in action {'card': '7h', 'extra': 1, 'meld': 0, 'type': 'lay_off'}",
        ),
    ],
)
def test_a_malformed_dict_says_what_is_wrong(data: object, message: str) -> None:
    with pytest.raises(tt.InvalidActionError) as caught:
        Action.from_dict(data)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_bad_fields_of_action_values() -> None:
    with pytest.raises(tt.InvalidActionError, match=r"^go_out is True or False, not 1$"):
        DiscardCard(Card.parse("9s"), go_out=1)  # type: ignore[arg-type]
    with pytest.raises(tt.InvalidActionError, match=r"^melds are laid down only with go_out=True$"):
        DiscardCard(Card.parse("9s"), melds=(Meld.parse("9d 9h 9c"),))
    with pytest.raises(tt.InvalidActionError, match=r"^LayMeld takes a Meld, not '9d 9h 9c'$"):
        LayMeld("9d 9h 9c")  # type: ignore[arg-type]
    with pytest.raises(tt.InvalidActionError, match=r"^no table meld -2$"):
        LayOff(Card.parse("7h"), -2)
    with pytest.raises(tt.InvalidActionError, match=r"^Jk cannot stand for a joker$"):
        LayOff(Card.parse("Jk"), 0, Card.parse("Jk"))
    with pytest.raises(
        tt.InvalidActionError, match=r"^a discard pile's index must be an int, not 1.0$"
    ):
        DrawDiscard(1.0)  # type: ignore[arg-type]
    for pile in (-1, 1000, 5000):  # an int is checked too (a pile -1 would be the last pile)
        with pytest.raises(tt.InvalidActionError, match=f"^no discard pile {pile}$"):
            DrawDiscard(pile)
        with pytest.raises(tt.InvalidActionError, match=f"^no discard pile {pile}$"):
            DiscardCard(Card.parse("Jk"), pile=pile)
    with pytest.raises(tt.InvalidActionError, match=r"^no table meld 1000000$"):
        LayOff(Card.parse("7h"), 10**6)  # its notation would not parse back
    assert DrawDiscard(999).pile == 999
    assert LayOff(Card.parse("7h"), 999_999).meld == 999_999


# -- illegal actions ----------------------------------------------------------------


def illegal(game: tt.Game, action: object, message: str, player: int | None = None) -> None:
    """``action`` is refused with exactly this reason; ``is_legal`` says no."""
    assert not game.is_legal(action, player)  # type: ignore[arg-type]
    before = game.to_record()
    with pytest.raises(tt.IllegalActionError) as caught:
        game.apply(action, player)  # type: ignore[arg-type]
    assert str(caught.value) == f"illegal action {str(action)!r}: {message}"
    assert game.to_record() == before  # a refused action changes nothing


def test_out_of_turn() -> None:
    game = tt.Game("pagat", players=3, seed=42)
    illegal(game, DrawStock(), "it is player 1's turn, not player 0's", player=0)
    illegal(game, DrawStock(), "it is player 1's turn, not player 2's", player=2)
    assert game.is_legal(DrawStock(), 1)
    game.apply(DrawStock(), 1)
    illegal(game, DiscardCard(Card.parse("Ah")), "it is player 1's turn, not player 0's", player=0)


def test_drawing_twice_and_discarding_before_drawing() -> None:
    game = tt.Game("pagat", players=3, seed=42)  # player 1 holds Ah Jh Js
    illegal(game, DiscardCard(Card.parse("Ah")), "player 1 must draw first")
    illegal(game, DiscardCard(Card.parse("Ah"), go_out=True), "player 1 must draw first")
    game.apply(DrawDiscard())
    illegal(game, DrawStock(), "player 1 has drawn already this turn")
    illegal(game, DrawDiscard(), "player 1 has drawn already this turn")


def test_a_card_not_held() -> None:
    game = tt.Game("pagat", players=3, seed=42)
    game.apply(DrawDiscard())  # player 1: Ah 10h Jh Js
    illegal(game, DiscardCard(Card.parse("Kd")), "player 1 does not hold Kd")
    illegal(game, DiscardCard(Card.parse("2h")), "player 1 does not hold 2h")  # player 0's
    illegal(game, DiscardCard(Card.parse("Jk")), "player 1 does not hold Jk")


def test_drawing_from_an_empty_or_missing_pile() -> None:
    game = tt.Game("pagat", players=3, seed=42)
    illegal(game, DrawDiscard(1), "no discard pile 1: there is one pile (write 'draw discard')")
    separate = tt.Game("pagat", players=3, seed=42, variations=["separate-discards"])
    assert separate.piles == ((Card.parse("10h"),), (), ())  # the dealer's pile
    illegal(separate, DrawDiscard(2), "that discard pile is empty")
    illegal(separate, DrawDiscard(1), "that discard pile is empty")
    illegal(separate, DrawDiscard(5), "no discard pile 5 (piles are 0 to 2)")
    illegal(separate, DrawDiscard(), "say which pile (each player has one under separate-discards)")
    assert separate.legal_actions() == [DrawStock(), DrawDiscard(0)]


def test_going_out_with_a_hand_that_is_not_out() -> None:
    game = tt.Game("pagat", players=3, seed=42)
    game.apply(DrawDiscard())  # player 1: Ah 10h Jh Js, 3s wild
    illegal(
        game,
        DiscardCard(Card.parse("Ah"), go_out=True),
        "discarding Ah leaves 10h Jh Js unmelded: not out",
    )
    illegal(
        game,
        DiscardCard(Card.parse("Ah"), True, None, (Meld.parse("Jh Js Jd"),)),
        "the melds are not all in the hand left after discarding Ah",
    )
    illegal(
        game,
        DiscardCard(Card.parse("Ah"), True, None, (Meld.parse("Jh Js", min_size=2),)),
        "meld 'Jh Js': a set needs at least 3 cards",
    )
    illegal(
        game,
        DiscardCard(Card.parse("Ah"), True, None, ()),
        "the melds leave 10h Jh Js unmelded: not out",
    )


def test_going_out_under_false_out_is_legal_and_costs_the_penalty() -> None:
    game = tt.Game("pagat", players=3, seed=42, variations=["false-out=35"])
    game.apply(DrawDiscard())
    action = DiscardCard(Card.parse("Ah"), go_out=True)
    assert action in game.legal_actions()
    game.apply(action)
    assert game.view(0).penalties == (0, 35, 0)
    assert game.went_out == (False, False, False)
    assert game.to_move == 2
    # melds that are not melds, or not in the hand, are illegal, not false outs
    game.apply(DrawStock())
    hand = game.hand(2)
    card = hand.cards[0]
    illegal(
        game,
        DiscardCard(card, True, None, (Meld.parse("5d 5h 5c"),)),
        f"the melds are not all in the hand left after discarding {card}",
    )


def test_going_out_before_everyone_had_a_turn_under_go_around_first() -> None:
    rules = tt.Rules.preset("pagat", ["go-around-first"], players=2)
    game = scripted(rules, ["4c 4d Qh", "9s 9h 9d"], "Kc", "2c 4s")
    game.apply(DrawStock())
    illegal(
        game,
        DiscardCard(Card.parse("2c"), go_out=True),
        "nobody may go out before every player has had a turn (go-around-first)",
    )
    assert [a for a in game.legal_actions() if isinstance(a, DiscardCard) and a.go_out] == []
    game.apply(DiscardCard(Card.parse("2c")))
    game.apply(DrawStock())  # the dealer's first turn: every player has had a turn
    out = DiscardCard(Card.parse("Qh"), go_out=True)
    assert out in game.legal_actions()
    game.apply(out)
    assert game.went_out == (True, False)
    plain = scripted(tt.Rules.preset("pagat", players=2), ["4c 4d Qh", "9s 9h 9d"], "Kc", "2c 4s")
    plain.apply(DrawStock())
    assert DiscardCard(Card.parse("2c"), go_out=True) in plain.legal_actions()


def test_laying_melds_without_table_play() -> None:
    game = scripted(tt.Rules.preset("pagat", players=2), ["4c 4d Qh", "9s 9h 9d"], "Kc", "2c 4s")
    game.apply(DrawStock())
    message = "these rules have no melds on the table during play"
    illegal(game, LayMeld(Meld.parse("9s 9h 9d")), message)
    illegal(game, LayOff(Card.parse("2c"), 0), message)
    redemption = scripted(
        tt.Rules.preset("pagat", ["redemption"], players=2),
        ["4c 4d Qh", "9s 9h 9d"],
        "Kc",
        "2c 4s 4h",
    )
    redemption.apply(DrawStock())
    message = (
        "player 1 may lay melds and lay off only in a last turn after someone went out (redemption)"
    )
    illegal(redemption, LayMeld(Meld.parse("9s 9h 9d")), message)
    redemption.apply(DiscardCard(Card.parse("2c"), go_out=True))  # player 1 is out
    redemption.apply(DrawStock())  # player 0's last turn: 4c 4d Qh 4s
    assert redemption.is_legal(LayMeld(Meld.parse("4c 4d 4s")))
    assert redemption.is_legal(LayOff(Card.parse("4s"), 0, None)) is False
    illegal(redemption, LayOff(Card.parse("Qh"), 0), "Qh is not of the set's rank")
    illegal(redemption, LayOff(Card.parse("Qh"), 1), "no table meld 1 (the table has 1)")
    illegal(redemption, LayMeld(Meld.parse("Qh Qs Qd")), "player 0 does not hold Qd Qh Qs")


def family_table() -> tt.Game:
    """Family rules, 2 players, 5 cards (5s wild): player 1 lays 9s 9h 9d and
    discards; player 0 has drawn: 9c 5c 6h 7h 8h Kd."""
    rules = tt.Rules.preset("family", players=2)
    game = scripted(rules, ["9c 5c 6h 7h Kd", "9s 9h 9d 2c 3d"], "Qc", "Ad 8h Jc")
    game.apply(DrawStock())
    game.apply(LayMeld(Meld.parse("9s 9h 9d")))
    game.apply(DiscardCard(Card.parse("Ad")))
    game.apply(DrawStock())
    assert game.hand(0) == tt.Hand.parse("9c 5c 6h 7h 8h Kd")
    return game


def test_laying_off_before_melding_under_table_play() -> None:
    game = family_table()
    illegal(game, LayOff(Card.parse("9c"), 0), "player 0 may lay off only after laying a meld")
    assert not any(isinstance(action, LayOff) for action in game.legal_actions())
    illegal(game, LayMeld(Meld.parse("6h 7h 8h")), "meld '6h 7h 8h': a run needs at least 4 cards")
    illegal(game, LayMeld(Meld.parse("6h 7h 8h 9h")), "player 0 does not hold 6h 7h 8h 9h")
    game.apply(LayMeld(Meld.parse("5c=5h 6h 7h 8h")))
    assert LayOff(Card.parse("9c"), 0) in game.legal_actions()


def test_laying_off_onto_a_meld_that_does_not_exist_or_does_not_fit() -> None:
    game = family_table()
    game.apply(LayMeld(Meld.parse("5c=5h 6h 7h 8h")))  # table: 9s 9h 9d, 5c=5h 6h 7h 8h
    illegal(game, LayOff(Card.parse("9c"), 2), "no table meld 2 (the table has 2)")
    illegal(game, LayOff(Card.parse("9c"), 7), "no table meld 7 (the table has 2)")
    illegal(game, LayOff(Card.parse("Kd"), 0), "Kd is not of the set's rank")
    illegal(game, LayOff(Card.parse("Kd"), 1), "the run takes only 4h or 9h next")
    illegal(game, LayOff(Card.parse("9c"), 1), "the run takes only 4h or 9h next")
    illegal(
        game,
        LayOff(Card.parse("Kd"), 0, Card.parse("9c")),
        "Kd is not wild this round, so it stands for itself",
    )
    illegal(game, LayOff(Card.parse("8h"), 1), "player 0 does not hold 8h")
    assert [a for a in game.legal_actions() if isinstance(a, LayOff)] == [
        LayOff(Card.parse("9c"), 0)
    ]
    game.apply(LayOff(Card.parse("9c"), 0))
    assert game.table[0].meld == Meld.parse("9c 9d 9h 9s")


def test_a_joker_onto_another_pile() -> None:
    hands = ["4c 4d Qh", "9s 9h Jk"]
    separate = tt.Rules.preset("pagat", ["separate-discards", "jokers"], players=2)
    game = scripted(separate, hands, "Kc", "2c 4s")
    game.apply(DrawStock())
    illegal(
        game, DiscardCard(Card.parse("Jk"), pile=0), "a discard goes onto the player's own pile"
    )
    assert game.is_legal(DiscardCard(Card.parse("Jk"), pile=1))  # the player's own
    one_pile = scripted(tt.Rules.preset("pagat", ["jokers"], players=2), hands, "Kc", "2c 4s")
    one_pile.apply(DrawStock())
    illegal(one_pile, DiscardCard(Card.parse("Jk"), pile=0), "there is one discard pile")
    illegal(one_pile, DiscardCard(Card.parse("Jk"), pile=1), "there is one discard pile")
    anywhere = tt.Rules.preset(
        "pagat", ["separate-discards", "joker-discards", "jokers"], players=2
    )
    game = scripted(anywhere, hands, "Kc", "2c 4s")
    game.apply(DrawStock())
    illegal(
        game,
        DiscardCard(Card.parse("9s"), pile=0),
        "only a joker may be discarded onto another player's pile",
    )
    illegal(game, DiscardCard(Card.parse("Jk"), pile=2), "no discard pile 2 (piles are 0 to 1)")
    assert DiscardCard(Card.parse("Jk"), pile=0) in game.legal_actions()
    game.apply(DiscardCard(Card.parse("Jk"), pile=0))
    assert game.piles == ((Card.parse("Kc"), Card.parse("Jk")), ())


def test_acting_when_the_game_is_over() -> None:
    game = tt.Game("pagat", players=2, seed=1, max_turns=2)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert game.legal_actions() == []
    for action in (DrawStock(), DrawDiscard(), DiscardCard(Card.parse("9s"))):
        illegal(game, action, "the game is over")
        illegal(game, action, "the game is over", player=0)


def test_something_that_is_no_action() -> None:
    game = tt.Game("pagat", players=2, seed=1)
    illegal(game, None, "an action is an Action value, not None")
    illegal(game, 7, "an action is an Action value, not 7")


def test_an_action_may_be_given_as_its_notation() -> None:
    game = tt.Game("pagat", players=2, seed=1)
    assert game.is_legal("draw stock")
    assert not game.is_legal("discard 9s")
    assert not game.is_legal("fly away")  # text that is no action: not legal
    with pytest.raises(tt.InvalidActionError, match="no action 'fly away'"):
        game.verify("fly away")
    with pytest.raises(tt.InvalidActionError, match="no action 'fly away'"):
        game.apply("fly away")
    with pytest.raises(tt.IllegalActionError, match="player 1 must draw first"):
        game.apply("discard 9s")
    game.apply("draw stock")
    assert game.phase == "play"


def test_every_listed_action_is_legal_for_the_mover_only() -> None:
    game = tt.Game("bga", players=3, seed=5, variations=["separate-discards"], max_turns=12)
    while not game.is_over:
        mover = game.to_move
        for action in game.legal_actions():
            assert game.is_legal(action)
            assert game.is_legal(action, mover)
            assert not game.is_legal(action, (mover + 1) % 3)  # type: ignore[operator]
        game.apply(game.legal_actions()[-1])


# -- a game that cannot be set up --------------------------------------------------


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (
            lambda: tt.Game("bga", players=6),
            tt.InvalidRulesError,
            "the 'bga' preset is for 2 to 5 players, not 6",
        ),
        (
            lambda: tt.Game("pagat", players=1),
            tt.InvalidRulesError,
            "the 'pagat' preset is for 2 to 16 players, not 1",
        ),
        (
            lambda: tt.Game("family", players=9),
            tt.InvalidRulesError,
            "the 'family' preset is for 2 to 8 players, not 9",
        ),
        (
            lambda: tt.Game("pagat", players="3"),
            tt.InvalidRulesError,
            "players must be an int, not '3'",
        ),
        (lambda: tt.Game("pagat"), tt.GameError, "how many players? give players="),
        (
            lambda: tt.Game("gin", players=2),
            tt.InvalidRulesError,
            "unknown preset 'gin'; valid: pagat, wikipedia, bga, family",
        ),
        (lambda: tt.Game(5, players=2), tt.GameError, "rules are a preset name or a Rules, not 5"),
        (
            lambda: tt.Game("pagat", players=2, variations=["joker"]),
            tt.InvalidRulesError,
            "unknown variation 'joker'; valid: aces-high, jokers, longer-game, up-and-back, doubles,"
            " false-out, second-count, first-out-bonus, double-naughts, redemption,"
            " no-all-wild-melds, separate-discards, go-around-first, joker-discards",
        ),
        (
            lambda: tt.Game(tt.Rules.preset("pagat", players=2), players=2, variations=["jokers"]),
            tt.GameError,
            "give variations with a preset name; a Rules value has its own"
            " (Rules.preset(name, variations, players=...))",
        ),
        (
            lambda: tt.Game(tt.Rules.preset("pagat"), seed=1),
            tt.GameError,
            "how many players? give players= (the rules do not say)",
        ),
        (
            lambda: tt.Game(tt.Rules.preset("pagat", players=3), players=4),
            tt.GameError,
            "these rules are for 3 players, not 4",
        ),
        (
            lambda: tt.Game(tt.Rules(decks=8), players=17),
            tt.GameError,
            "a game seats 2 to 16 players, not 17",
        ),
        (
            lambda: tt.Game(tt.Rules(decks=8), players=1),
            tt.GameError,
            "a game seats 2 to 16 players, not 1",
        ),
        (
            lambda: tt.Game("pagat", players=2, seed=-1),
            tt.GameError,
            "a seed must be from 0 to 2**128 - 1, not -1",
        ),
        (
            lambda: tt.Game("pagat", players=2, seed=2**128),
            tt.GameError,
            "a seed must be from 0 to 2**128 - 1, not an int of 39 digits",
        ),
        (
            lambda: tt.Game("pagat", players=2, seed="42"),
            tt.GameError,
            "a seed must be an int, not '42'",
        ),
        (
            lambda: tt.Game("pagat", players=2, seed=4.2),
            tt.GameError,
            "a seed must be an int, not 4.2",
        ),
        (
            lambda: tt.Game("pagat", players=2, seed=True),
            tt.GameError,
            "a seed must be an int, not True",
        ),
        (
            lambda: tt.Game("pagat", players=2, max_turns=0),
            tt.GameError,
            "max_turns is from 1 to 1000000 (or None), not 0",
        ),
        (
            lambda: tt.Game("pagat", players=2, max_turns=-5),
            tt.GameError,
            "max_turns is from 1 to 1000000 (or None), not -5",
        ),
        (
            lambda: tt.Game("pagat", players=2, max_turns="10"),
            tt.GameError,
            "max_turns must be an int, not '10'",
        ),
        (
            lambda: tt.Game(tt.Rules(decks=1), players=16),
            tt.GameError,
            "16 players need 209 cards for the largest deal and the upcard; the pool holds 52",
        ),
        (
            lambda: tt.Game(tt.Rules(decks=1, rounds=(3, 13)), players=4),
            tt.GameError,
            "4 players need 53 cards for the largest deal and the upcard; the pool holds 52",
        ),
    ],
)
def test_a_game_that_cannot_be_set_up(make: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as caught:
        make()  # type: ignore[operator]
    assert str(caught.value) == message


def test_asking_about_a_player_who_is_not_there() -> None:
    game = tt.Game("pagat", players=3, seed=1)
    for player, message in [
        (3, "no player 3: players are 0 to 2"),
        (-1, "no player -1: players are 0 to 2"),
        ("1", "a player must be an int, not '1'"),
    ]:
        with pytest.raises(tt.GameError, match=f"^{re.escape(message)}$"):
            game.view(player)  # type: ignore[arg-type]
        with pytest.raises(tt.GameError, match=f"^{re.escape(message)}$"):
            game.hand(player)  # type: ignore[arg-type]


def test_the_history_pastes_back() -> None:
    """Every action of a game's history (as the engine logs it: a going out with its
    melds, or ``[]`` when the last card goes) reads back from its repr and notation."""
    game = family_table()
    game.apply(LayMeld(Meld.parse("5c=5h 6h 7h 8h")))
    game.apply(LayOff(Card.parse("9c"), 0))
    assert game.hand(0) == tt.Hand.parse("Kd")
    game.apply(DiscardCard(Card.parse("Kd"), go_out=True))  # the last card: no meld laid
    assert game.last_end == "empty_hand"
    record = game.to_record()
    assert record["rounds"][0]["actions"][-1] == {
        "player": 0,
        "type": "discard",
        "card": "Kd",
        "go_out": True,
        "melds": [],
    }
    for entry in record["rounds"][0]["actions"]:
        action = Action.from_dict(entry)
        assert eval(repr(action), {"Action": Action}) == action
        assert Action.parse(str(action)) == action
    assert str(Action.from_dict(record["rounds"][0]["actions"][-1])) == "discard Kd out []"
    assert tt.Game.from_record(record).to_record() == record
    played = tt.Game("bga", players=3, seed=8, variations=["redemption"], max_turns=30)
    player = RandomPlayer(8)
    seen = 0
    while not played.is_over:
        played.apply(player.choose(played))
        for who, event in played.view(0).history[-2:]:
            if who >= 0:
                assert eval(repr(event), {"Action": Action}) == event
                seen += 1
    assert seen > 300
