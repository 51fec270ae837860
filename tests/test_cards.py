"""Cards and hands: notation, parsing, value types."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import threethirteen as tt
from tests.common import both
from threethirteen import Card, Hand, Meld

from .conftest import examples

PUBLIC_NAMESPACE = vars(tt)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Ac", 0),
        ("Kc", 12),
        ("Ad", 13),
        ("9s", 47),
        ("10h", 35),
        ("Th", 35),
        ("th", 35),
        ("J♠", 49),
        ("a♦", 13),
        ("QS", 50),
        ("q♤", 50),
        ("7♡", 32),
        ("10♥\ufe0f", 35),
        ("Jk", 52),
        ("JK", 52),
        ("joker", 52),
        ("Joker", 52),
        ("*", 52),
        ("★", 52),
        ("🃏", 52),
    ],
)
def test_card_spellings(text: str, code: int) -> None:
    assert Card.parse(text).code == code


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("7x", "unknown suit 'x' in '7x'"),
        ("1s", "unknown rank '1' in '1s': write A for an ace"),
        ("Zs", "unknown rank 'Z' in 'Zs'"),
        ("11h", "unknown rank '11' in '11h'"),
        ("9", "missing suit in '9'"),
        ("10", "missing suit in '10'"),
        ("x", "not a card: 'x'"),
    ],
)
def test_bad_card_messages(text: str, message: str) -> None:
    with pytest.raises(tt.InvalidCardError) as caught:
        Card.parse(text)
    assert str(caught.value) == message
    assert isinstance(caught.value, ValueError)


def test_card_properties() -> None:
    card = Card.parse("Qd")
    assert (card.rank, card.suit, card.is_joker, str(card), card.unicode()) == (
        12,
        "d",
        False,
        "Qd",
        "Q♦",
    )
    joker = Card.parse("joker")
    assert (joker.rank, joker.suit, joker.is_joker, str(joker), joker.unicode()) == (
        None,
        None,
        True,
        "Jk",
        "★",
    )
    assert Card.of("10", "h") == Card.parse("Th") == Card(35)


@pytest.mark.parametrize("code", [-1, 53, 1.5, True, "9s"])
def test_bad_card_codes(code: object) -> None:
    with pytest.raises(tt.InvalidCardError):
        Card(code)  # type: ignore[arg-type]


def test_card_of_rejects_bad_rank() -> None:
    with pytest.raises(tt.InvalidCardError, match="unknown rank 'X'"):
        Card.of("X", "s")


@given(st.integers(0, 52))
def test_every_card_round_trips(code: int) -> None:
    card = Card(code)
    assert Card.parse(str(card)) == card
    assert Card.parse(card.unicode()) == card
    assert tt.parse_hand(str(card)).cards == (card,)
    assert eval(repr(card), PUBLIC_NAMESPACE) == card


@given(st.lists(st.integers(0, 52), max_size=20))
def test_hands_round_trip_and_ignore_order(codes: list[int]) -> None:
    hand = Hand.from_codes(codes)
    assert tt.parse_hand(str(hand)) == hand
    assert tt.parse_hand(hand.unicode()) == hand
    assert eval(repr(hand), PUBLIC_NAMESPACE) == hand
    assert Hand.from_codes(reversed(codes)) == hand
    assert hash(Hand.from_codes(reversed(codes))) == hash(hand)
    assert len(hand) == len(codes)
    assert sum(hand.counts()) == len(codes)


def test_parse_hand_separators_and_case() -> None:
    expected = Hand.parse("9s 10h 10h Js Ad Qs")
    assert tt.parse_hand("9s 10h Th J♠ a♦ QS") == expected
    assert tt.parse_hand("9s,10h, th;J♠   a♦\tqs\n") == expected
    assert tt.parse_hand(["9s", Card.parse("10h"), "th", "J♠", "a♦", "QS"]) == expected
    assert tt.parse_hand("") == Hand()
    assert tt.parse_hand(" , ") == Hand()


def test_parse_hand_error_names_the_token_and_its_place() -> None:
    with pytest.raises(tt.InvalidCardError) as caught:
        tt.parse_hand("9s 9h 7x")
    assert str(caught.value) == "unknown suit 'x' in '7x' (card 3 of '9s 9h 7x')"
    with pytest.raises(tt.InvalidCardError) as caught:
        tt.parse_hand(["9s", "Q"])
    assert str(caught.value) == "missing suit in 'Q' (card 2)"
    with pytest.raises(tt.InvalidCardError, match=r"not a card: 5 \(card 1\)"):
        tt.parse_hand([5])  # type: ignore[list-item]


def test_hand_methods() -> None:
    hand = Hand.parse("9h 9h Jk 2c")
    assert hand.count("9h") == 2
    assert hand.count(Card.parse("Jk")) == 1
    assert Card.parse("2c") in hand
    assert hand.without("9h") == Hand.parse("2c 9h Jk")
    assert list(hand) == [Card.parse(text) for text in ("2c", "9h", "9h", "Jk")]
    assert hand.codes == (1, 34, 34, 52)
    with pytest.raises(tt.InvalidHandError, match="holds no Ks"):
        hand.without("Ks")
    with pytest.raises(tt.InvalidCardError, match="not a Card"):
        Hand(["9h"])  # type: ignore[list-item]


def test_meld_notation_and_order() -> None:
    meld = Meld.parse("6c=6h 4h 5h")
    assert str(meld) == "4h 5h 6c=6h"
    assert meld.kind == "run"
    assert meld.wilds == ((Card.parse("6c"), Card.parse("6h")),)
    assert eval(repr(meld), PUBLIC_NAMESPACE) == meld
    assert str(Meld.parse("As Ks Qs")) == "Qs Ks As"
    assert str(Meld.parse("2s As 3s")) == "As 2s 3s"
    assert str(Meld.parse("Jk=9c 9s 9h")) == "9h 9s Jk=9c"
    assert Meld.parse("9s 9h Jk=9c").kind == "set"
    assert meld.unicode() == "4♥ 5♥ 6♣=6♥"
    assert len(meld) == 3


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4h 5h 7h", "meld '4h 5h 7h': the ranks are not consecutive"),
        ("4h 5s 6h", "meld '4h 5s 6h': neither a set nor a run"),
        ("4h 4h 5h", "meld '4h 4h 5h': a run holds each rank once (twins cannot share a run)"),
        ("Kh Ah 2h", "meld 'Kh Ah 2h': a run cannot wrap around from K to A to 2"),
        ("4h 5h Jk", "meld '4h 5h Jk': a joker in a meld stands for a card: write it Jk=9c"),
        ("4h 5h 6c=Jk", "6c cannot stand for a joker in meld '4h 5h 6c=Jk'"),
        ("9s", "meld '9s': too few cards (at least 3)"),
        ("4h 5h", "meld '4h 5h': too few cards (at least 3)"),
        ("9s 7x 9h", "unknown suit 'x' in '7x' in meld '9s 7x 9h'"),
        ("9s 9h 9c=9x", "unknown suit 'x' in '9x' in meld '9s 9h 9c=9x'"),
        ("9s, 1h 9d", "unknown rank '1' in '1h': write A for an ace in meld '9s, 1h 9d'"),
        ("  ", "a meld needs cards: '  '"),
    ],
)
def test_bad_melds(text: str, message: str) -> None:
    with pytest.raises(tt.InvalidMeldError) as caught:
        Meld.parse(text)
    assert str(caught.value) == message


def test_meld_parse_min_size() -> None:
    """Two cards are a meld only under rules with 2-card melds; one card never is."""
    pair = Meld.parse("4h 5h", min_size=2)
    assert pair.kind == "run"
    assert repr(pair) == "Meld.parse('4h 5h', min_size=2)"
    assert eval(repr(pair), PUBLIC_NAMESPACE) == pair
    with pytest.raises(tt.InvalidMeldError) as caught:
        Meld.parse("9s", min_size=2)
    assert str(caught.value) == "meld '9s': too few cards (at least 2)"
    with pytest.raises(tt.InvalidMeldError) as caught:
        Meld.parse("9s 9h", min_size=1)
    assert str(caught.value) == "min_size must be at least 2, not 1"
    with pytest.raises(tt.InvalidMeldError) as caught:
        Meld.parse("9s 9h 9d", min_size=4)
    assert str(caught.value) == "meld '9s 9h 9d': too few cards (at least 4)"


def test_meld_values_are_checked_without_rules() -> None:
    nine, ten = Card.parse("9s"), Card.parse("10s")
    with pytest.raises(tt.InvalidMeldError) as caught:
        Meld((nine,), (nine,), (False,))
    assert str(caught.value) == "meld '9s': a meld has at least 2 cards"
    with pytest.raises(tt.InvalidMeldError) as caught:
        Meld((nine, ten), (nine,), (False,))
    assert str(caught.value) == "a meld needs one identity and one wild flag per card"
    with pytest.raises(tt.InvalidMeldError) as caught:
        Meld((nine, ten), (nine, nine), (False, False))
    assert str(caught.value) == "meld '9s 10s': 10s is not wild, so it stands for itself"
    assert str(Meld((ten, nine), (ten, nine), (False, False))) == "9s 10s"


def test_melding_value_type() -> None:
    melding = both.best_melds("9s 9h 9d 4h 5h 6c Kd", wild=6)
    assert str(melding) == "[9d 9h 9s] [4h 5h 6c=6h] deadwood: Kd score: 10"
    assert melding.unicode() == "[9♦ 9♥ 9♠] [4♥ 5♥ 6♣=6♥] deadwood: K♦ score: 10"
    assert eval(repr(melding), PUBLIC_NAMESPACE) == melding
    assert Hand(melding.cards) == Hand.parse("9s 9h 9d 4h 5h 6c Kd")
    discard = both.best_discard("9s 9h 9d 4h 5h 6c Kd", wild=6)
    assert eval(repr(discard), PUBLIC_NAMESPACE) == discard


@given(st.lists(st.integers(0, 52), max_size=20))
def test_parse_never_crashes_on_card_lists(codes: list[int]) -> None:
    text = " ".join(str(Card(code)) for code in codes)
    assert tt.parse_hand(text).codes == tuple(sorted(codes))


@given(st.text(max_size=30))
def test_parse_hand_raises_only_its_own_errors(text: str) -> None:
    try:
        tt.parse_hand(text)
    except tt.InvalidCardError as error:
        message = str(error)
    else:
        return
    assert "(card " in message  # says which card


def test_examples_helper_is_positive() -> None:
    assert examples(10) >= 1


def test_a_byte_order_mark_separates_like_a_space() -> None:
    """An editor's byte-order mark, at the start of the text or after a space."""
    assert tt.parse_hand("\ufeff9s 9h 9d") == tt.parse_hand("9s 9h 9d")
    assert tt.parse_hand("  \ufeff9s 9h") == tt.parse_hand("9s 9h")
    assert tt.Meld.parse("\ufeff9s 9h 9d") == tt.Meld.parse("9s 9h 9d")
