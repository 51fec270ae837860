"""The exact facts of one decision: what the hand held before it and after it, and what
it missed, from the player's view alone, with no sampling.

:func:`decision_facts` takes the player's view just before the decision, the legal
actions then, and the action taken, and gives a :class:`~threethirteen.review.report.Facts`.
The figures are the hand analysis's own (:func:`~threethirteen.deadwood_score`,
:func:`~threethirteen.best_discard`, :func:`~threethirteen.best_melds`,
:func:`~threethirteen.outs`), so they are exact. Every fact is defined in
:func:`decision_facts`'s docstring.

The cards the stock's next card may be (:func:`threethirteen.bots.builtin.stock_unseen`,
as :class:`~threethirteen.AdvisorBot` weighs its draws) are those the view leaves
unseen (the pool less the player's hand, the discard piles, the table and the cards
the others are known to hold) and, after a reshuffle, only those of them that were
shuffled into the stock.

>>> import threethirteen as tt
>>> game = tt.Game("pagat", players=2, seed=3)
>>> view = game.view(1)
>>> view.hand, view.piles[0][-1]
(Hand.parse('Ad 2d 9d'), Card.parse('Qh'))
>>> facts = decision_facts(view, game.legal_actions(), tt.Action.parse("draw discard"))
>>> facts.deadwood_before, facts.deadwood_after, facts.completed_nothing
(12, 12, True)
>>> facts.outs_before, facts.outs_after
(4, 4)
"""

from __future__ import annotations

from collections.abc import Sequence

from .._validate import quote
from ..bots.builtin import stock_unseen
from ..engine.actions import Action, DiscardCard, DrawDiscard, DrawStock, LayMeld, LayOff
from ..engine.game import PlayerView
from ..errors import InvalidInputError
from ..hands.analysis import best_discard, best_melds, can_go_out, deadwood_score, discards
from ..hands.cards import Card, parse_card
from ..hands.draw_advice import outs
from ..hands.hand import Hand
from ..hands.melds import Meld, Melding
from ..hands.rounds import Round
from .report import Facts

__all__ = ["broken_meld", "count_outs", "decision_facts", "pile_card"]


def count_outs(hand: Hand, round_: Round, unseen: Hand) -> int:
    """How many of the ``unseen`` cards would put ``hand`` (a hand before its draw) out:
    the unseen copies of :func:`~threethirteen.outs`; 0 for an empty hand.

    >>> import threethirteen as tt
    >>> count_outs(tt.Hand.parse("9s 9h 4h"), tt.Round("pagat", 1), tt.Hand.parse("9c 9c 2d"))
    2
    """
    if not hand:
        return 0
    return sum(out.copies for out in outs(hand, round_, unseen=unseen))


def pile_card(view: PlayerView, action: DrawDiscard) -> Card:
    """The card a pile draw takes: the top of its pile in ``view``.

    :raises InvalidInputError: when that pile is empty or is no pile of the game.

    >>> import threethirteen as tt
    >>> pile_card(tt.Game("pagat", players=2, seed=3).view(1), tt.DrawDiscard())
    Card.parse('Qh')
    """
    index = action.pile or 0
    if index >= len(view.piles) or not view.piles[index]:
        raise InvalidInputError(f"{quote(str(action))} takes no card: no such pile, or it is empty")
    return view.piles[index][-1]


def _melded(melding: Melding, card: Card | None = None) -> int:
    """How many cards the melding's melds hold (of ``card`` only, when given)."""
    return sum(1 for meld in melding.melds for held in meld.cards if card is None or held == card)


def broken_meld(view: PlayerView, action: Action) -> Meld | None:
    """The meld a discard broke, as :func:`decision_facts` defines ``broke_meld``: the
    meld of the hand's best melding (before the discard) that holds the card, when
    the hand left melds fewer cards than that melding less the card; else ``None``.

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=3)
    >>> game.apply("draw stock")
    >>> print(broken_meld(game.view(1), tt.Action.parse("discard 9d")))
    None
    """
    if view.phase != "play" or not isinstance(action, DiscardCard):
        return None
    hand = view.hand
    if action.card not in hand or len(hand) < 2:
        return None
    round_ = view.prepared_round
    before = best_melds(hand, round_)
    if not _melded(before, action.card):
        return None
    after = best_melds(hand.without(action.card), round_)
    if _melded(after) >= _melded(before) - 1:
        return None
    return next(meld for meld in before.melds if action.card in meld.cards)


def _is_out(left: Hand, round_: Round) -> bool:
    """Whether a hand left by a discard is all melded (an empty one is)."""
    return not left or not best_melds(left, round_).deadwood


def _may_go_out(view: PlayerView) -> bool:
    """Whether the rules let the player go out this turn (``go-around-first``)."""
    return not view.rules.go_around_first or view.turns >= view.players - 1


def _holds(hand: Hand, cards: Sequence[Card]) -> bool:
    """Whether ``hand`` holds every card of ``cards`` (a multiset)."""
    counts = hand.counts()
    for card in cards:
        counts[card.code] -= 1
    return min(counts) >= 0


def _check(view: PlayerView, action: Action) -> None:
    """The action is one of the phase of ``view``, and its card is in the hand."""
    draw = isinstance(action, (DrawStock, DrawDiscard))
    if view.phase != ("draw" if draw else "play"):
        raise InvalidInputError(
            f"{quote(str(action))} is no action of the view's {view.phase!r} phase"
        )
    if isinstance(action, (DiscardCard, LayOff)) and action.card not in view.hand:
        raise InvalidInputError(
            f"{quote(str(action))}: the hand {view.hand} holds no {action.card}"
        )
    if isinstance(action, LayMeld) and not _holds(view.hand, action.meld.cards):
        raise InvalidInputError(
            f"{quote(str(action))}: the hand {view.hand} does not hold the meld"
        )


def decision_facts(
    view: PlayerView,
    legal_actions: Sequence[Action],
    action: Action,
    *,
    drawn: Card | str | None = None,
) -> Facts:
    """The exact facts of the decision ``action``, taken from ``view`` (the player's
    view just before it) when ``legal_actions`` were legal.

    Let ``H`` be the view's hand and ``U`` the cards the stock's next card may be
    (:func:`~threethirteen.bots.builtin.stock_unseen`); "the outs of a hand" is
    :func:`count_outs`: how many cards of ``U`` would put that hand out on its next
    draw (0 for a hand that has gone out: it draws no more).

    A **draw** takes the card ``c``: the top of its pile, or for a stock draw the
    card the stock gave (``drawn``, which the player sees once drawn; required).

    * ``deadwood_before``: the deadwood score of ``H``.
    * ``deadwood_after``: the score left by the best discard of ``H + c``.
    * ``could_go_out``: the melds of the going out that taking the top of another
      legal pile allowed (``H`` plus that card, less its best discard, all melded;
      the first such pile), when the rules let the player go out this turn and
      ``H + c`` cannot go out; else ``None``.
    * ``broke_meld``: ``False``.
    * ``completed_nothing``: for a pile draw, the best melding of ``H + c`` melds no
      more copies of ``c`` than the best melding of ``H`` did (the card joined no
      meld); ``False`` for a stock draw.
    * ``outs_before``: the outs of ``H``; ``outs_after``: the outs of ``H + c`` less
      its best discard (``U`` less ``c`` after a stock draw), 0 when that discard
      goes out.

    A **play** (a discard, going out or not, a meld laid or a card laid off; ``H``
    holds the card drawn): "the best discard" is :func:`~threethirteen.best_discard`'s.

    * ``deadwood_before``: the score left by the best discard of ``H`` (0 for a hand
      of one card).
    * ``deadwood_after``: for a discard of ``d``, the deadwood score of ``H - d``;
      for a meld or a lay-off, the score left by the best discard of the hand left.
    * ``could_go_out``: when the action does not go out (a discard that leaves
      cards unmelded, or declares no going out; a meld or lay-off after which the
      hand can no longer go out), and a legal going-out discard would have left
      every other card melded: the melds of the hand it leaves (the card taken
      first when it was one, else the best discard's order); else ``None``.
    * ``broke_meld``: the card discarded is in a meld of the best melding of ``H``,
      and the best melding of ``H - d`` melds fewer cards than that melding less
      one (a meld broken, not just shortened): :func:`broken_meld` names it.
      ``False`` for a meld or a lay-off.
    * ``completed_nothing``: ``False``.
    * ``outs_before``: the outs of ``H`` less its best discard; ``outs_after``: the
      outs of the hand the action leaves (after a meld or a lay-off, less its
      best discard); 0 when the hand goes out.

    :param view: the player's view before the decision (its phase is the action's).
    :param legal_actions: the actions legal then (``game.legal_actions()``).
    :param action: the action taken.
    :param drawn: for a stock draw, the card drawn (a :class:`~threethirteen.Card`
        or its notation).
    :raises InvalidInputError: for an action of the other phase, a card the hand
        does not hold, an empty pile, or a stock draw without the card drawn (or a
        card drawn that the view cannot leave unseen).

    A going out missed (pagat, round 1: 3 cards, 3s wild): the 8c on the pile would
    have made the run 7c 8c 9c with the 3d; the stock gave the Jh.

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=7)
    >>> view = game.view(game.to_move)
    >>> view.hand, view.piles[0][-1], game.stock[0]
    (Hand.parse('7c 2d 3d'), Card.parse('8c'), Card.parse('Jh'))
    >>> facts = decision_facts(view, game.legal_actions(), tt.DrawStock(), drawn="Jh")
    >>> facts.could_go_out
    (Meld.parse('7c 8c 3d=9c'),)
    >>> facts.deadwood_before, facts.deadwood_after, facts.outs_before, facts.outs_after
    (12, 12, 14, 14)
    """
    _check(view, action)
    round_ = view.prepared_round
    hand = view.hand
    unseen = stock_unseen(view)
    if isinstance(action, DrawStock):
        if drawn is None:
            raise InvalidInputError("the facts of a stock draw need the card drawn (drawn=)")
        card = drawn if isinstance(drawn, Card) else parse_card(drawn)
        if card not in unseen:
            raise InvalidInputError(
                f"drawn={quote(str(card))} is no card the view leaves the stock to give"
            )
        return _draw_facts(view, legal_actions, action, card, unseen, unseen.without(card))
    if isinstance(action, DrawDiscard):
        card = pile_card(view, action)
        return _draw_facts(view, legal_actions, action, card, unseen, unseen)
    return _play_facts(view, legal_actions, action, round_, hand, unseen)


def _draw_facts(
    view: PlayerView,
    legal_actions: Sequence[Action],
    action: Action,
    card: Card,
    unseen: Hand,
    after: Hand,
) -> Facts:
    """A draw's facts: ``card`` taken, ``unseen`` before it and ``after`` it."""
    round_ = view.prepared_round
    hand = view.hand
    taken = hand + card
    best = best_discard(taken, round_)
    missed: tuple[Meld, ...] | None = None
    if _may_go_out(view) and not best.goes_out:
        for other in legal_actions:
            if isinstance(other, DrawDiscard) and other != action:
                going = best_discard(hand + pile_card(view, other), round_)
                if going.goes_out:
                    missed = going.melding.melds
                    break
    completed_nothing = False
    if isinstance(action, DrawDiscard):
        before = _melded(best_melds(hand, round_), card) if hand else 0
        completed_nothing = _melded(best_melds(taken, round_), card) <= before
    return Facts(
        deadwood_before=deadwood_score(hand, round_),
        deadwood_after=best.score,
        could_go_out=missed,
        broke_meld=False,
        completed_nothing=completed_nothing,
        outs_before=count_outs(hand, round_, unseen),
        outs_after=0 if best.goes_out else count_outs(taken.without(best.card), round_, after),
    )


def _kept(hand: Hand, round_: Round, unseen: Hand) -> tuple[int, int]:
    """The score a play-phase hand is left with by its best discard, and that hand's
    outs (0 and 0 for a hand of one card or none: it empties)."""
    if len(hand) <= 1:
        return 0, 0
    best = best_discard(hand, round_)
    if best.goes_out:
        return best.score, 0
    return best.score, count_outs(hand.without(best.card), round_, unseen)


def _play_facts(
    view: PlayerView,
    legal_actions: Sequence[Action],
    action: Action,
    round_: Round,
    hand: Hand,
    unseen: Hand,
) -> Facts:
    deadwood_before, outs_before = _kept(hand, round_, unseen)
    if isinstance(action, DiscardCard):
        left = hand.without(action.card)
        out = _is_out(left, round_)
        went_out = (action.go_out or not left) and out
        deadwood_after = deadwood_score(left, round_)
        outs_after = 0 if went_out else count_outs(left, round_, unseen)
        still_out = went_out
    else:
        left = hand - Hand(action.meld.cards) if isinstance(action, LayMeld) else hand
        if isinstance(action, LayOff):
            left = hand.without(action.card)
        deadwood_after, outs_after = _kept(left, round_, unseen)
        still_out = len(left) <= 1 or can_go_out(left, round_)
    missed = None if still_out else _missed_out(hand, round_, legal_actions, action)
    return Facts(
        deadwood_before=deadwood_before,
        deadwood_after=deadwood_after,
        could_go_out=missed,
        broke_meld=broken_meld(view, action) is not None,
        completed_nothing=False,
        outs_before=outs_before,
        outs_after=outs_after,
    )


def _missed_out(
    hand: Hand, round_: Round, legal_actions: Sequence[Action], action: Action
) -> tuple[Meld, ...] | None:
    """The melds of a legal going-out discard that leaves every other card melded (the
    card of ``action`` first, then the best discards' order), or ``None``."""
    going = {a.card for a in legal_actions if isinstance(a, DiscardCard) and a.go_out}
    if not going or len(hand) < 2:
        return None
    ranking = discards(hand, round_)
    order = sorted(
        range(len(ranking)),
        key=lambda index: (
            not isinstance(action, DiscardCard) or ranking.cards[index] != action.card,
            index,
        ),
    )
    for index in order:
        item = ranking[index]
        if item.card in going and item.goes_out:
            return item.melding.melds
    return None
