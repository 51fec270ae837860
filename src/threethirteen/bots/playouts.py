"""Playouts: a whole (sampled) game played to the end of its round by a cheap greedy
policy for every seat, and the value of the round's scores to one player. The
search bots' evaluator.

The policy (:func:`playout_action`): draw a pile's top card when it lowers the score
the hand can leave after its best discard, else the stock; go out when the best
discard goes out (never a false out); else discard the best discard's card. It
plays no table play.

:func:`playout` runs the policy in compiled code (``bots/_playout.pyx``, over card codes,
without the GIL, with the solver's kernels) when it is built and the compiled solver
serves the round; it plays the same actions, draws the same cards and gives the
same value as the policy played through :class:`~threethirteen.Game`, which serves
otherwise (see :func:`playout` for when).

>>> import threethirteen as tt
>>> game = tt.Game("pagat", players=2, seed=7)
>>> playout_action(game)
Action.parse('draw discard')
>>> playout(game.clone(), game.to_move)
-14.0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from .._kernel import backend as _backend
from ..engine.actions import Action, DiscardCard, DrawDiscard, DrawStock
from ..engine.game import Game
from ..engine.scoring import DOUBLED_ROUNDS, first_out_score
from ..hands.analysis import best_discard, deadwood_score
from ..hands.cards import CARDS, Card
from ..hands.hand import Hand
from ..hands.rounds import Round

if TYPE_CHECKING:
    from types import ModuleType

__all__ = [
    "PLAYOUT_LIMIT",
    "PlayoutTrace",
    "compiled",
    "engine_playout",
    "greedy_draw",
    "plain_discard",
    "playout",
    "playout_action",
    "playout_trace",
]

_compiled: ModuleType | None = None
if _backend.IMPLEMENTATION == "cython":  # THREETHIRTEEN_IMPLEMENTATION=python: no compiled code
    try:
        from . import _playout as _compiled
    except ImportError:  # not built: the engine serves
        _compiled = None

compiled: bool = _compiled is not None
"""Whether the compiled playout loop is built and in use (never under
``THREETHIRTEEN_IMPLEMENTATION=python``)."""

PLAYOUT_LIMIT = 400
"""The most actions a playout plays before it scores the hands as they stand."""


def plain_discard(legal_actions: Sequence[Action], card: Card) -> Action:
    """The ordinary discard of ``card`` among ``legal_actions``: onto the player's own
    pile, not going out.

    >>> import threethirteen as tt
    >>> legal = [tt.Action.parse(text) for text in ("discard 9s", "discard 9s out")]
    >>> plain_discard(legal, tt.Card.parse("9s"))
    Action.parse('discard 9s')
    """
    for action in legal_actions:
        if (
            isinstance(action, DiscardCard)
            and action.card == card
            and not action.go_out
            and action.pile is None
        ):
            return action
    for action in legal_actions:  # pragma: no cover - every held card has a discard
        if isinstance(action, DiscardCard) and not action.go_out:
            return action
    return legal_actions[-1]  # pragma: no cover


def greedy_draw(
    hand: Hand,
    piles: Sequence[Sequence[Card]],
    legal_actions: Sequence[Action],
    round_: Round,
) -> Action:
    """Greedy's draw: the pile top that lowers the score after the best discard most
    (below the hand's score before the draw; the first such pile on a tie), else the
    stock.

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> hand, piles = game.hand(game.to_move), game.piles
    >>> greedy_draw(hand, piles, game.legal_actions(), game.prepared_round)
    Action.parse('draw discard')
    """
    best: Action | None = None
    best_score = deadwood_score(hand, round_)
    for action in legal_actions:
        if isinstance(action, DrawDiscard):
            pile = piles[action.pile or 0]
            score = best_discard(hand + pile[-1], round_).score
            if score < best_score:
                best, best_score = action, score
    if best is not None:
        return best
    for action in legal_actions:
        if isinstance(action, DrawStock):
            return action
    return legal_actions[0]


_GO_OUT: dict[Card, DiscardCard] = {}


def playout_action(game: Game) -> Action:
    """The playout policy's action for the player to move in ``game`` (a whole game,
    in the draw or the play phase): in the draw,
    :func:`~threethirteen.bots.playouts.greedy_draw`; in the play, go out when the
    best discard (:func:`threethirteen.best_discard`) goes out and
    going out is legal, else discard the best discard's card. No table play.

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> game.apply(playout_action(game))
    >>> playout_action(game)
    Action.parse('discard 2d out')
    """
    legal = game.legal_actions()
    player = game.to_move
    assert player is not None
    round_ = game.prepared_round
    hand = game.hand(player)
    if game.phase == "draw":
        return legal[0] if len(legal) == 1 else greedy_draw(hand, game.piles, legal, round_)
    if len(hand) == 0:  # pragma: no cover - a hand is never empty in the play phase
        return legal[-1]
    found = best_discard(hand, round_)
    if found.score == 0:
        going = _GO_OUT.get(found.card)
        if going is None:
            going = _GO_OUT[found.card] = DiscardCard(found.card, go_out=True)
        if going in legal and found.goes_out:
            return going
    return plain_discard(legal, found.card)


def _value(scores: Sequence[int], player: int) -> float:
    others = [score for other, score in enumerate(scores) if other != player]
    return scores[player] - sum(others) / len(others)


def engine_playout(game: Game, player: int, limit: int = PLAYOUT_LIMIT) -> float:
    """:func:`playout` played by the engine alone, ``limit`` actions at most: what
    :func:`playout` falls back to, and the peer its compiled loop is timed against
    (``benchmarks/test_bench_playouts.py``). It gives the same value as
    :func:`playout` and leaves ``game`` at the same point.

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> engine_playout(game.clone(), 0), engine_playout(game.clone(), 1)
    (14.0, -14.0)
    """
    played = len(game.round_scores)
    turns = game.turns
    for _ in range(limit):
        if game.is_over or len(game.round_scores) != played or game.turns < turns:
            break
        turns = game.turns
        game.apply(playout_action(game))
    if len(game.round_scores) != played:
        scores: Sequence[int] = game.round_scores[played]
    elif game.turns < turns:  # a void round, dealt again
        return 0.0
    else:  # the playout limit: the hands as they stand
        round_ = game.prepared_round
        scores = [deadwood_score(game.hand(other), round_) for other in range(game.players)]
    return _value(scores, player)


# What the compiled loop says (``bots/_playout.pyx``).
_ENDED, _LIMIT, _RESHUFFLE, _REFUSED, _VOID = 0, 1, 2, 3, 4


class PlayoutTrace(NamedTuple):
    """What the compiled loop played (:func:`playout_trace`)."""

    actions: list[Action]
    """The actions, in order."""
    end: str
    """Where it stopped: ``"round"`` (the round ended), ``"void"`` (the round was
    voided by ``double-naughts``), ``"limit"``
    (:data:`~threethirteen.bots.playouts.PLAYOUT_LIMIT` actions) or ``"reshuffle"``
    (the stock is empty and the engine reshuffles the discards)."""
    scores: tuple[int, ...]
    """The round's scores (``"round"``, ``"void"``), or the hands' deadwood scores
    (``"limit"``); ``()`` at a reshuffle."""


_ENDS = {_ENDED: "round", _LIMIT: "limit", _RESHUFFLE: "reshuffle", _VOID: "void"}


def _run(game: Game) -> tuple[int, tuple[int, ...], int, bytes] | None:
    """The compiled loop on ``game`` (left as it is): ``(status, scores, turns before
    the last action, trace)``; ``None`` when it cannot take the game."""
    if _compiled is None or game.phase == "over":
        return None
    round_ = game.prepared_round
    if round_.implementation != "cython":
        return None
    rules = game.rules
    codes = game.card_codes
    bonus = first_out_score(round_)
    found: tuple[int, tuple[int, ...], int, bytes] = _compiled.play(
        round_.params,
        codes.hands,
        codes.stock,
        codes.piles,
        codes.went_out,
        -1 if codes.first_out is None else codes.first_out,
        codes.penalties,
        game.to_move,
        game.phase == "play",
        game.turns,
        -1 if game.max_turns is None else game.max_turns,
        rules.separate_discards,
        rules.last_turns,
        rules.go_around_first,
        rules.double_naughts,
        rules.doubles and round_.dealt in DOUBLED_ROUNDS,
        bonus is not None,
        0 if bonus is None else bonus,
        PLAYOUT_LIMIT,
    )
    if found[0] == _REFUSED or (found[0] == _VOID and found[2] == 0):
        # (voided on the round's first turn, the engine's playout plays on into the
        # next deal: it cannot tell the void from its turns)
        return None
    return found


def playout(game: Game, player: int) -> float:
    """Play ``game`` (a whole game in the draw or the play phase, usually a sample of
    a view, :meth:`~threethirteen.PlayerView.sample`) to the end of its round with the playout
    policy (:func:`playout_action`) for every player: ``player``'s round score less
    the mean of the other players' (lower is better). A round voided by
    ``double-naughts`` is worth 0.0; after
    :data:`~threethirteen.bots.playouts.PLAYOUT_LIMIT` actions without an end, the
    hands are scored as they stand (their deadwood scores). ``game`` may be
    played on, to any point of the playout: pass a clone to keep it.

    The compiled loop (when built, and the round uses the compiled solver) serves
    every rule set and variation: the policy plays no table play, and the loop
    moves and scores the round as the engine does (going out, last turns or none,
    ``go-around-first``, ``separate-discards``, ``first-out-bonus``, ``doubles``,
    ``double-naughts``, false-out penalties already incurred, a game's
    ``max_turns``). When the stock runs out and the engine would reshuffle the
    discard pile (its seeded shuffle), the actions played so far are applied to
    ``game`` and the engine plays the rest. The engine plays the whole playout when
    a ``double-naughts`` round is voided on its first turn or the solver refuses a
    hand (neither happens in a real game). Either way the actions, the cards drawn
    and the value are the engine's.

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> playout(game.clone(), 0), playout(game.clone(), 1)
    (14.0, -14.0)
    """
    found = _run(game)
    if found is None:
        return engine_playout(game, player)
    status, scores, _before, trace = found
    if status == _VOID:
        return 0.0
    if status == _RESHUFFLE:  # the engine reshuffles and plays on from here
        actions = _actions(game, trace)
        for action in actions:
            game.apply(action)
        return engine_playout(game, player, PLAYOUT_LIMIT - len(actions))
    return _value(scores, player)


_DRAW_STOCK = DrawStock()
_DRAW_PILE = DrawDiscard()


def _actions(game: Game, trace: bytes) -> list[Action]:
    """The actions of a compiled loop's trace (two bytes an action: a kind and a
    pile or a card code)."""
    separate = game.rules.separate_discards
    actions: list[Action] = []
    for index in range(0, len(trace), 2):
        kind, value = trace[index], trace[index + 1]
        if kind == 0:
            actions.append(_DRAW_STOCK)
        elif kind == 1:
            actions.append(DrawDiscard(value) if separate else _DRAW_PILE)
        else:
            actions.append(DiscardCard(CARDS[value], go_out=kind == 3))
    return actions


def playout_trace(game: Game) -> PlayoutTrace | None:
    """What the compiled loop plays from ``game`` (left as it is), for tests and
    for reading: its actions to the end of the round, to
    :data:`~threethirteen.bots.playouts.PLAYOUT_LIMIT` actions or to the stock's
    first reshuffle, and the scores; ``None`` when
    :func:`playout` would play it in the engine from the start (the loop not built,
    the pure-Python solver, a hand the solver refuses, a round voided on its first
    turn). Replayed through :class:`~threethirteen.Game`, the actions are the
    engine's own playout, and give the same scores.

    >>> import threethirteen as tt
    >>> trace = playout_trace(tt.Game("pagat", players=2, seed=7))
    >>> trace is None or (trace.end, trace.scores, [str(a) for a in trace.actions[:2]])
    ('round', (14, 0), ['draw discard', 'discard 2d out'])
    """
    found = _run(game)
    if found is None:
        return None
    status, scores, _before, trace = found
    return PlayoutTrace(_actions(game, trace), _ENDS[status], scores)
