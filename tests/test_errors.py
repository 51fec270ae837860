"""The exceptions' tree: one base, :class:`~threethirteen.ThreeThirteenError`, and two
branches. Bad input is an :class:`~threethirteen.InvalidInputError`, a ``ValueError``;
a bot's failure is a :class:`~threethirteen.BotError`, which is not one, so a crashed
bot never reads as bad input (issue 44, section 5)."""

from __future__ import annotations

import pickle
import time
from collections.abc import Sequence

import pytest

import threethirteen as tt
from threethirteen import errors
from threethirteen.arena.protocol import parse_answer

INPUT_ERRORS = (
    tt.InvalidCardError,
    tt.InvalidHandError,
    tt.InvalidMeldError,
    tt.TableTooLargeError,
    tt.InvalidRulesError,
    tt.InvalidWildError,
    tt.InvalidActionError,
    tt.IllegalActionError,
    tt.InvalidRecordError,
    tt.GameError,
    tt.InvalidBotError,
)
BOT_ERRORS = (tt.MoveTimeError, tt.BotProtocolError, tt.BotRaisedError)


def crash(view: tt.PlayerView, legal: Sequence[tt.Action]) -> tt.Action:
    raise ZeroDivisionError("division by zero")


def test_the_base_is_neither_branch() -> None:
    assert issubclass(tt.ThreeThirteenError, Exception)
    assert not issubclass(tt.ThreeThirteenError, ValueError)
    assert issubclass(tt.InvalidInputError, tt.ThreeThirteenError)
    assert issubclass(tt.InvalidInputError, ValueError)
    assert issubclass(tt.BotError, tt.ThreeThirteenError)


@pytest.mark.parametrize("error", INPUT_ERRORS)
def test_every_input_error_is_a_value_error(error: type[Exception]) -> None:
    assert issubclass(error, tt.InvalidInputError)
    assert issubclass(error, tt.ThreeThirteenError)
    assert issubclass(error, ValueError)
    assert not issubclass(error, tt.BotError)


@pytest.mark.parametrize("error", [tt.BotError, *BOT_ERRORS])
def test_every_bot_failure_is_a_bot_error_and_not_a_value_error(error: type[Exception]) -> None:
    assert issubclass(error, tt.BotError)
    assert issubclass(error, tt.ThreeThirteenError)
    assert not issubclass(error, ValueError)
    assert not issubclass(error, tt.InvalidInputError)


def test_every_error_of_the_module_is_in_one_branch() -> None:
    classes = {name: getattr(errors, name) for name in errors.__all__}
    assert set(classes) == {
        "ThreeThirteenError",
        "InvalidInputError",
        "BotError",
        *(error.__name__ for error in INPUT_ERRORS + BOT_ERRORS),
    }
    for name, error in classes.items():
        assert getattr(tt, name) is error, name
        if error is not tt.ThreeThirteenError:
            assert issubclass(error, tt.InvalidInputError) != issubclass(error, tt.BotError), name


def test_a_plain_check_raises_a_value_error() -> None:
    with pytest.raises(tt.InvalidInputError, match="width must be from 0 to 1000") as caught:
        tt.encode_hands(["9s"], width=10**12)
    assert isinstance(caught.value, ValueError)
    with pytest.raises(ValueError, match="size must be above 0"):
        tt.svg.hand("9s", size=0)


def test_a_tournament_survives_a_crashing_bot() -> None:
    results = tt.tournament(["greedy", crash], games=2, seed=3)
    assert results.game_count == 2
    assert results.faults == {"greedy": 0, "crash": 2}
    (fault,) = results.first_faults
    assert (fault.bot, fault.kind, fault.error_type) == ("crash", "error", "ZeroDivisionError")


def test_a_crashing_bot_is_not_caught_as_bad_input() -> None:
    raised: BaseException | None = None
    try:
        tt.tournament(["greedy", crash], games=2, seed=3, on_error="raise")
    except ValueError:  # the old way to catch bad input: a bot's failure is not
        pytest.fail("a bot's failure was caught as a ValueError")
    except tt.BotError as error:
        raised = error
    assert isinstance(raised, tt.BotError)
    assert (raised.bot, raised.kind) == ("crash", "error")
    assert isinstance(raised.__cause__, ZeroDivisionError)
    with pytest.raises(ValueError, match="on_error is 'forfeit' or 'raise'"):
        tt.tournament(["greedy", crash], games=2, seed=3, on_error="ignore")


def test_a_bot_out_of_time_is_a_bot_error() -> None:
    def slow(view: tt.PlayerView, legal: Sequence[tt.Action]) -> tt.Action:
        time.sleep(0.2)
        return legal[0]

    with pytest.raises(tt.BotError) as raised:
        tt.play(["greedy", slow], seed=1, move_time=0.02, isolate=False)
    assert raised.value.kind == "time"
    assert isinstance(raised.value.__cause__, tt.MoveTimeError)
    assert not isinstance(raised.value.__cause__, ValueError)


def test_a_broken_answer_is_a_protocol_error() -> None:
    with pytest.raises(tt.BotProtocolError, match="is not JSON") as raised:
        parse_answer("{draw stock}")
    assert isinstance(raised.value, tt.BotError)
    assert not isinstance(raised.value, ValueError)


def test_a_worker_report_pickles_as_a_bot_error() -> None:
    error = pickle.loads(pickle.dumps(tt.BotRaisedError("KeyError", "'x'")))
    assert type(error) is tt.BotRaisedError
    assert (error.error_type, error.error_message, str(error)) == (
        "KeyError",
        "'x'",
        "the bot raised KeyError: 'x'",
    )
    assert isinstance(error, tt.BotError)
    assert not isinstance(error, ValueError)
