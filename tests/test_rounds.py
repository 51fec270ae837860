"""The round as a value (``tt.Round``), rules compared by value, and the names that
changed with the layers (each old one still works, with a warning)."""

from __future__ import annotations

import dataclasses
import inspect
import pickle
import subprocess
import sys
import typing

import pytest

import threethirteen as tt
from tests.common import both
from threethirteen.hands import encoding, melds, rounds
from threethirteen.hands.layoffs import LayoffCard

PAGAT = tt.Rules.preset("pagat")


# -- Round -----------------------------------------------------------------------------


def test_a_round_from_its_number() -> None:
    fourth = tt.Round("pagat", 4)
    assert (fourth.rules, fourth.number, fourth.dealt, fourth.wild) == (PAGAT, 4, 6, 6)
    assert fourth.implementation == tt.implementation
    assert len(fourth.penalties) == 53
    assert fourth.penalties[tt.Card.parse("Kd").code] == 10
    assert fourth.penalty("6c") == 6
    assert fourth.is_wild("6c")
    assert fourth.is_wild(tt.Card.parse("Jk"))
    assert not fourth.is_wild("7c")
    assert repr(fourth) == "Round('pagat', 4)"


def test_a_round_from_a_wild_rank() -> None:
    any_size = tt.Round("bga", wild="J")
    assert (any_size.number, any_size.dealt, any_size.wild) == (None, None, 11)
    assert any_size.penalty("Jc") == 50
    assert repr(any_size) == "Round('bga', wild=11)"
    sized = tt.Round("pagat", wild=None, dealt=7)
    assert (sized.wild, sized.dealt) == (None, 7)
    assert repr(sized) == "Round('pagat', wild=None, dealt=7)"
    house = tt.Round("pagat", 4, wild="J")
    assert (house.number, house.dealt, house.wild) == (4, 6, 11)
    assert repr(house) == "Round('pagat', 4, wild=11)"
    custom = tt.Round(tt.Rules.preset("pagat", ["jokers"]), 2)
    assert repr(custom).startswith("Round(Rules(name='pagat', variations=('jokers',)")


def test_rounds_are_values() -> None:
    fourth = tt.Round("pagat", 4)
    twin = tt.Round(tt.Rules.preset("pagat"), 4)
    assert fourth == twin
    assert hash(fourth) == hash(twin)
    assert fourth == tt.Round("pagat", 4, wild=6, dealt=6)
    assert fourth != tt.Round("pagat", 5)
    assert fourth != tt.Round("pagat", wild=6, dealt=6)  # no number
    assert len({fourth, twin, tt.Round("pagat", 5)}) == 2
    with pytest.raises(AttributeError, match="a Round is immutable: cannot set 'wild'"):
        fourth.wild = 7  # type: ignore[misc]
    with pytest.raises(AttributeError, match="a Round is immutable"):
        del fourth.wild
    for value in (fourth, tt.Round("bga", wild=None, dealt=5), tt.Round("pagat", 4, wild="J")):
        copy = pickle.loads(pickle.dumps(value))
        assert copy == value
        assert repr(copy) == repr(value)
        assert copy.params is not None


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: tt.Round("pagat"), tt.InvalidRulesError, "a Round needs its number"),
        (
            lambda: tt.Round("pagat", 12),
            tt.InvalidWildError,
            "no round 12: these rules play rounds 1 to 11",
        ),
        (lambda: tt.Round("pagat", 0), tt.InvalidWildError, "no round 0"),
        (
            lambda: tt.Round("pagat", "4"),
            tt.InvalidWildError,
            "a round number must be an int, not '4'",
        ),
        (
            lambda: tt.Round("pagat", 4, dealt=7),
            tt.InvalidWildError,
            "round 4 deals 6 cards under these rules, not 7",
        ),
        (lambda: tt.Round("pagat", wild="X"), tt.InvalidWildError, "bad wild rank 'X'"),
        (
            lambda: tt.Round("pagat", wild=6, dealt=0),
            tt.InvalidWildError,
            "a number of cards dealt must be from 1 to 19, not 0",
        ),
        (lambda: tt.Round("pagat", wild=6, dealt=2.5), tt.InvalidWildError, "not 2.5"),
        (lambda: tt.Round("nope", 4), tt.InvalidRulesError, "unknown preset 'nope'"),
        (
            lambda: tt.Round("pagat", 4, implementation="c"),
            tt.InvalidRulesError,
            "implementation must be",
        ),
    ],
)
def test_bad_rounds_are_refused(
    call: typing.Callable[[], object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)")):
        call()


def test_which_round_a_hand_size_belongs_to() -> None:
    assert tt.Round.for_hand_size("pagat", 6) == tt.Round("pagat", 4)
    assert tt.Round.for_hand_size("pagat", 7) == tt.Round("pagat", 5)
    assert tt.Round.for_hand_size("pagat", 14) == tt.Round("pagat", 11)
    longer = tt.Rules.preset("pagat", ["longer-game"])
    assert tt.Round.for_hand_size(longer, 16).number == 13
    back = tt.Rules.preset("pagat", ["up-and-back"])
    assert back.rounds_dealing(6) == (4, 19)
    assert tt.Round.for_hand_size(back, 6).number == 4
    with pytest.raises(tt.InvalidHandError) as error:
        tt.Round.for_hand_size("pagat", 2)
    assert str(error.value) == (
        "hand has 2 cards; the rounds of these rules deal 3 to 13 cards (3 to 14 with the card drawn)"
    )
    with pytest.raises(tt.InvalidHandError, match="a hand size must be an int, not '6'"):
        tt.Round.for_hand_size("pagat", "6")  # type: ignore[arg-type]


def test_holds_drawn() -> None:
    fourth = tt.Round("pagat", 4)
    assert fourth.holds_drawn(6) is False
    assert fourth.holds_drawn(tt.parse_hand("9s 9h 9d 4h 5h 6c 7d")) is True
    with pytest.raises(tt.InvalidHandError) as error:
        fourth.holds_drawn(8)
    assert str(error.value) == "hand has 8 cards; round 4 deals 6 (7 with the card drawn)"
    with pytest.raises(
        tt.InvalidHandError, match="a round given only a wild rank has no hand size"
    ):
        tt.Round("pagat", wild=6).holds_drawn(6)


def test_is_out() -> None:
    fourth = tt.Round("pagat", 4)
    assert both.is_out("9s 9h 9d 4h 5h 6c 7d", round=fourth) is True  # discard the 7d
    assert both.is_out("9s 9h 9d 4h 5h 6c", round=fourth) is True  # all melded
    assert both.is_out("9s 9h 9d 4h 5h 7c 7d", round=fourth) is False
    # A score of 0 is not out where a card costs 0: every card must meld.
    free_kings = dataclasses.replace(PAGAT, card_values=(*PAGAT.card_values[:12], 0))
    assert tt.deadwood_score("9s 9h 9d Kc", wild=None, rules=free_kings) == 0
    assert both.is_out("9s 9h 9d Kc", wild=None, rules=free_kings) is False
    assert both.is_out("9s 9h 9d Kc", round=tt.Round(free_kings, 1)) is True  # 4 cards: discard


def test_every_analysis_function_takes_a_round() -> None:
    fourth = tt.Round("pagat", 4)
    hand = "9s 9h 9d 4h 5h 6c 7d"
    assert tt.deadwood_score(hand, fourth) == tt.deadwood_score(hand, wild=6) == 7
    assert tt.best_melds(hand, fourth) == tt.best_melds(hand, wild=6, rules="pagat")
    assert tt.can_go_out(hand, fourth) is True
    assert tt.best_discard(hand, fourth).card == tt.Card.parse("7d")
    assert tt.discards(hand, fourth).cards[0] == tt.Card.parse("7d")
    assert tt.outs("9s 9h 9d 4h 5h 8c", fourth).cards == tt.outs("9s 9h 9d 4h 5h 8c", wild=6).cards
    advice = tt.draw_advice("9s 9h 9d 4h 5h 8c", fourth, discard_top="6h")
    assert advice.choice == "discard"
    assert tt.layoff("10h Kd", ["10c 10d 10s"], fourth).score == 10
    assert tt.check_melds(hand, ["9s 9h 9d"], fourth).score == 22  # 6c 7d 4h 5h
    assert tt.deadwood_scores([hand], fourth).tolist() == [7]
    assert tt.go_out_flags([hand], fourth).tolist() == [True]
    assert tt.best_discards([hand], fourth).scores.tolist() == [0]
    assert tt.is_out(hand, fourth) is True
    for name in (
        "best_melds", "deadwood_score", "can_go_out", "best_discard", "discards", "outs",
        "draw_advice", "layoff", "check_melds", "deadwood_scores", "go_out_flags",
        "best_discards", "is_out",
    ):  # fmt: skip
        assert "round" in inspect.signature(getattr(tt, name)).parameters, name


def test_a_round_and_rules_together_are_refused() -> None:
    fourth = tt.Round("pagat", 4)
    with pytest.raises(tt.InvalidRulesError) as error:
        tt.deadwood_score("9s", fourth, wild=6)
    assert str(error.value) == (
        "deadwood_score() takes a Round or rules and wild, not both: the Round has them"
    )
    with pytest.raises(tt.InvalidRulesError, match="takes a Round or rules and wild, not both"):
        tt.best_melds("9s", fourth, rules="pagat")
    with pytest.raises(tt.InvalidRulesError, match="round must be an int or a Round, not 'pagat'"):
        tt.best_melds("9s", "pagat")  # type: ignore[arg-type]
    with pytest.raises(tt.InvalidRulesError, match=r"discards\(\) needs the round: a round number"):
        tt.discards("9s")


def test_the_cache_of_rounds_is_keyed_by_value() -> None:
    """A new but equal Rules object finds the round prepared for an equal one."""
    first = rounds.round_for(tt.Rules.preset("bga", ["doubles"]), 6)
    again = rounds.round_for(tt.Rules.preset("bga", ["doubles"]), 6)
    assert first is again
    assert rounds.round_for("bga", 6) == tt.Round("bga", wild=6)


# -- Rules by value ----------------------------------------------------------------------


def test_rules_compare_and_hash_by_value() -> None:
    a, b = tt.Rules.preset("family", ["jokers"]), tt.Rules.preset("family", ["jokers"])
    assert a is not b
    assert a == b
    assert hash(a) == hash(b)
    assert a != tt.Rules.preset("family")
    assert a != "family"
    changed = dataclasses.replace(a, joker_penalty=21)
    assert changed != a
    assert changed == dataclasses.replace(a, joker_penalty=21)
    assert {a: 1}[b] == 1
    copy = pickle.loads(pickle.dumps(a))
    assert copy == a
    assert hash(copy) == hash(a)


def test_the_hash_of_rules_is_not_carried_to_another_process() -> None:
    """String hashes differ between processes: a pickled Rules works out its hash again."""
    data = pickle.dumps(tt.Rules.preset("bga"))
    code = (
        "import pickle, sys, threethirteen as tt;"
        f"r = pickle.loads({data!r});"
        "print(r == tt.Rules.preset('bga'), hash(r) == hash(tt.Rules.preset('bga')),"
        " {r: 1}[tt.Rules.preset('bga')])"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONHASHSEED": "123"},
    )
    assert result.stdout.split() == ["True", "True", "1"]


# -- names that changed -------------------------------------------------------------------


def test_old_names_warn() -> None:
    rules = tt.Rules.preset("family")
    with pytest.warns(DeprecationWarning, match="Rules.lay_off is deprecated; use Rules.layoff"):
        assert rules.lay_off is True
    assert rules.layoff is True
    with pytest.warns(
        DeprecationWarning,
        match="LaidOff is deprecated; use threethirteen.hands.layoffs.LayoffCard",
    ):
        assert tt.LaidOff is LayoffCard
    with pytest.raises(AttributeError, match="has no attribute 'Nope'"):
        tt.Nope  # type: ignore[attr-defined]  # noqa: B018


# -- type hints at run time ----------------------------------------------------------------


def test_every_public_signature_resolves_at_run_time() -> None:
    """``typing.get_type_hints`` works for every public function and method: the aliases
    their annotations name (``HandsLike``, ``UnseenLike``...) exist at run time."""
    failures = []
    for name in [public for public in dir(tt) if not public.startswith("_")]:
        value = getattr(tt, name)
        targets = [value] if inspect.isfunction(value) or inspect.isclass(value) else []
        if inspect.isclass(value):
            for member_name, member in vars(value).items():
                function = getattr(member, "__func__", member)
                if inspect.isfunction(function) and not member_name.startswith("_"):
                    targets.append(function)
        for target in targets:
            try:
                typing.get_type_hints(target)
            except Exception as error:
                failures.append(f"{name}.{getattr(target, '__name__', '?')}: {error!r}")
    assert failures == []
    hints = typing.get_type_hints(tt.deadwood_scores)
    assert "hands" in hints
    assert "round" in hints


# -- hands grow and shrink -------------------------------------------------------------------


def test_hand_plus_and_minus() -> None:
    hand = tt.parse_hand("9s 9h")
    assert hand + "9d" == tt.parse_hand("9d 9h 9s")
    assert hand + tt.Card.parse("Jk") == tt.parse_hand("9s 9h Jk")
    assert hand + tt.parse_hand("9s Ac") == tt.parse_hand("Ac 9h 9s 9s")
    assert hand - "9h" == tt.parse_hand("9s")
    assert tt.parse_hand("9d 9h 9s") - tt.parse_hand("9s 9d") == tt.parse_hand("9h")
    assert hand == tt.parse_hand("9s 9h")  # unchanged: hands are values
    with pytest.raises(tt.InvalidHandError, match="the hand '9h 9s' holds no 9d"):
        hand - "9d"
    with pytest.raises(tt.InvalidHandError, match="holds no 9d"):
        hand - tt.parse_hand("9s 9d")
    with pytest.raises(tt.InvalidCardError, match="unknown suit 'x' in '9x'"):
        hand + "9x"
    with pytest.raises(TypeError):
        hand + 5  # type: ignore[operator]
    # The rules' copy limits are checked where the hand meets the rules.
    with pytest.raises(tt.InvalidHandError, match="3 copies of 9s"):
        tt.deadwood_score(hand + "9s" + "9s", wild=None)


def test_old_module_names_still_import() -> None:
    """Names that moved with the layers are still where callers found them."""
    from threethirteen.hands.arrays import PADDING, encode_hands
    from threethirteen.hands.meld_check import MeldLike

    assert (PADDING, encode_hands, MeldLike) == (encoding.PADDING, tt.encode_hands, melds.MeldLike)
    with pytest.warns(DeprecationWarning, match="Rules\\(lay_off=...\\) is deprecated"):
        old = tt.Rules(lay_off=True)
    assert old == tt.Rules(layoff=True)
    with pytest.warns(DeprecationWarning, match="Rules\\(lay_off=...\\) is deprecated"):
        replaced = dataclasses.replace(tt.Rules.preset("pagat"), lay_off=True)
    assert replaced.layoff is True
    assert "lay_off" not in str(inspect.signature(tt.Rules))
    import threethirteen.hands.melds

    with pytest.warns(DeprecationWarning, match="melds.BestDiscard is deprecated"):
        assert threethirteen.hands.melds.BestDiscard is tt.Discard  # type: ignore[attr-defined]
