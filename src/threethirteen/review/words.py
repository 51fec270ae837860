"""A decision in plain words: the one voice that explains a move, in ``threethirteen
review``, in ``play --hints`` and in ``replay``.

:func:`decision_words` says in one line why a decision cost points, from its exact
facts (:mod:`threethirteen.review.facts`), the best candidate, the loss and the
label; :func:`hint_words` says, before a decision, which action the exact one-step
analysis prefers and why (the ``advice:`` line of ``play --hints``). Cards and melds
are written in the library's notation (``7h``, ``3s 4s 5s``, ``4d=6d`` for a wild
card standing for another); points with one decimal below 10, whole above.

The sentences, first that applies:

* a going out missed: ``You could have gone out with 7h 8h 9h, 4c 4d 4s by
  discarding Kd (about 18 points).`` (by a draw: ``... by taking the 8c and
  discarding 2d ...``; a discard of the right card without declaring the out:
  ``You discarded Kd without going out: ...``);
* a meld broken: ``Discarding 5s broke the run 3s 4s 5s; 9d was best (about 4.2
  points).``;
* a pile card that completed nothing: ``Taking the 8c completed nothing: the stock
  was worth 3.1 points more.``;
* any other draw: ``Drawing from the stock passed up the 9c, worth 2.5 points
  more.``;
* a discard that left more deadwood than the best one, or as much and fewer outs:
  ``Discarding Qs left 19 points of deadwood; 9d, the best, left 12 (about 2.3
  points).``, ``Discarding 7h left 2 outs; 9d, the best, left 6 (...)``;
* anything else: ``Discarding 7h gave away about 2.3 points; 9d was best.``

A decision that gave nothing up, or too little for a label and missed no going
out, gets no words (``""``).

>>> import threethirteen as tt
>>> from threethirteen.review.facts import decision_facts
>>> game = tt.Game("pagat", players=2, seed=7)
>>> view, legal = game.view(game.to_move), game.legal_actions()
>>> facts = decision_facts(view, legal, tt.DrawStock(), drawn="Jh")
>>> decision_words(view, tt.DrawStock(), tt.DrawDiscard(), 12.5, facts, "blunder")
'You could have gone out with 7c 8c 3d=9c by taking the 8c and discarding 2d (about 12 points).'
>>> hint_words(view, legal)
'Take the 8c: you go out with 7c 8c 3d=9c by discarding 2d.'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from ..bots.builtin import stock_unseen
from ..engine.actions import Action, DiscardCard, DrawDiscard, DrawStock, LayMeld, LayOff
from ..engine.game import PlayerView
from ..errors import ThreeThirteenError
from ..hands.analysis import best_discard, best_melds, deadwood_score, discards
from ..hands.cards import Card
from ..hands.draw_advice import draw_advice
from ..hands.hand import Hand
from ..hands.melds import Discard, Meld
from .facts import broken_meld, count_outs, pile_card
from .report import Facts, Label

__all__ = ["decision_words", "hint_words", "implied_actions", "points_text"]


def points_text(points: float) -> str:
    """Points as the words write them: one decimal below 10, whole from 10.

    >>> points_text(4.24), points_text(18.4), points_text(9.96), points_text(0.0)
    ('4.2', '18', '10', '0.0')
    """
    return f"{points:.0f}" if round(points, 1) >= 10 else f"{points:.1f}"


def _melds_text(melds: Sequence[Meld]) -> str:
    return ", ".join(str(meld) for meld in melds)


def _left_over(cards: Hand, melds: Sequence[Meld]) -> Card | None:
    """The one card of ``cards`` that ``melds`` leave (the discard of a going out)."""
    counts = cards.counts()
    for meld in melds:
        for card in meld.cards:
            counts[card.code] -= 1
    if min(counts) < 0:  # the melds are not all in the cards
        return None
    rest = [code for code, count in enumerate(counts) for _ in range(count)]
    return Hand.from_codes(rest).cards[0] if len(rest) == 1 else None


def _pile_name(view: PlayerView, action: DrawDiscard) -> str:
    """``the 8c`` (``the 8c of pile 2`` when every player has a pile)."""
    card = pile_card(view, action)
    return f"the {card}" if len(view.piles) == 1 else f"the {card} of pile {action.pile or 0}"


def _draw_gerund(view: PlayerView, action: Action) -> str:
    if isinstance(action, DrawDiscard):
        return f"taking {_pile_name(view, action)}"
    return "drawing from the stock"


def _draw_noun(view: PlayerView, action: Action) -> str:
    return _pile_name(view, action) if isinstance(action, DrawDiscard) else "the stock"


def _play_gerund(action: Action) -> str:
    if isinstance(action, DiscardCard):
        return f"going out with {action.card}" if action.go_out else f"discarding {action.card}"
    if isinstance(action, LayMeld):
        return f"laying {action.meld}"
    if isinstance(action, LayOff):
        return f"laying off {action.card} on meld {action.meld}"
    return str(action)


def _best_play(best: Action, taken: Action) -> str:
    """The best play as the words name it: the card alone when both are discards."""
    if isinstance(best, DiscardCard) and isinstance(taken, DiscardCard) and not best.go_out:
        return str(best.card)
    return _play_gerund(best)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def decision_words(
    view: PlayerView,
    action: Action,
    best: Action,
    loss: float,
    facts: Facts,
    label: Label | None = None,
) -> str:
    """One line of plain words for the decision ``action`` taken from ``view`` (the
    player's view just before it), whose best candidate was ``best``, which gave up
    ``loss`` points, with its exact ``facts`` and its ``label``: see the module's
    documentation for the sentences; ``""`` when ``action`` is ``best``, when it gave
    up nothing, or when it has no label and missed no going out.

    >>> import threethirteen as tt
    >>> from threethirteen.review.facts import decision_facts
    >>> game = tt.Game("pagat", players=2, seed=3)
    >>> view = game.view(1)
    >>> facts = decision_facts(view, game.legal_actions(), tt.DrawDiscard())
    >>> decision_words(view, tt.DrawDiscard(), tt.DrawStock(), 3.14, facts, "inaccuracy")
    'Taking the Qh completed nothing: the stock was worth 3.1 points more.'
    >>> decision_words(view, tt.DrawDiscard(), tt.DrawStock(), 1.0, facts, None)
    ''
    """
    if action == best or loss <= 0.0 or (label is None and facts.could_go_out is None):
        return ""
    about = f"(about {points_text(loss)} points)"
    worth = f"worth {points_text(loss)} points more"
    if facts.could_go_out is not None:
        return _missed_out(view, action, facts.could_go_out, about)
    if isinstance(action, (DrawStock, DrawDiscard)):
        taken = _capital(_draw_gerund(view, action))
        if facts.completed_nothing:
            return f"{taken} completed nothing: {_draw_noun(view, best)} was {worth}."
        return f"{taken} passed up {_draw_noun(view, best)}, {worth}."
    taken = _capital(_play_gerund(action))
    better = _best_play(best, action)
    if facts.broke_meld:
        meld = broken_meld(view, action)
        broke = "a meld" if meld is None else f"the {meld.kind} {meld}"
        return f"{taken} broke {broke}; {better} was best {about}."
    if isinstance(action, DiscardCard) and isinstance(best, DiscardCard) and not best.go_out:
        compared = _compared(view, action, best, facts, about)
        if compared:
            return compared
    return f"{taken} gave away about {points_text(loss)} points; {better} was best."


def _compared(
    view: PlayerView, action: DiscardCard, best: DiscardCard, facts: Facts, about: str
) -> str:
    """A discard against the best one, by the deadwood each leaves, then the outs;
    ``""`` when the discard taken leaves as little deadwood and as many outs."""
    round_ = view.prepared_round
    left = view.hand.without(best.card)
    deadwood = deadwood_score(left, round_)
    taken = _capital(_play_gerund(action))
    if facts.deadwood_after > deadwood:
        return (
            f"{taken} left {facts.deadwood_after} points of deadwood; {best.card}, the best,"
            f" left {deadwood} {about}."
        )
    outs = count_outs(left, round_, stock_unseen(view))
    if facts.outs_after < outs:
        return (
            f"{taken} left {facts.outs_after} {_outs_word(facts.outs_after)};"
            f" {best.card}, the best, left {outs} {about}."
        )
    return ""


def _outs_word(count: int) -> str:
    return "out" if count == 1 else "outs"


def _missed_out(view: PlayerView, action: Action, melds: Sequence[Meld], about: str) -> str:
    """The words of a going out missed, with its melds."""
    shown = _melds_text(melds)
    if view.phase == "draw":
        taken = next(
            (
                pile
                for pile in range(len(view.piles))
                if view.piles[pile]
                and _left_over(view.hand + view.piles[pile][-1], melds) is not None
            ),
            None,
        )
        if taken is not None:
            draw = DrawDiscard(taken if len(view.piles) > 1 else None)
            card = _left_over(view.hand + pile_card(view, draw), melds)
            return (
                f"You could have gone out with {shown} by taking {_pile_name(view, draw)}"
                f" and discarding {card} {about}."
            )
        return f"You could have gone out with {shown} {about}."
    card = _left_over(view.hand, melds)
    if isinstance(action, DiscardCard) and action.card == card and not action.go_out:
        return (
            f"You discarded {card} without going out: you could have gone out with {shown} {about}."
        )
    by = "" if card is None else f" by discarding {card}"
    return f"You could have gone out with {shown}{by} {about}."


def _expected(value: Fraction) -> str:
    return f"{float(value):.2f}"


def implied_actions(view: PlayerView) -> list[Action]:
    """The draws and going-out discards a view implies are legal (for a hint given no
    legal actions): the stock when it holds cards and each pile with a card; after the
    draw, going out with any card when the rules let the player go out this turn.

    >>> import threethirteen as tt
    >>> implied_actions(tt.Game("pagat", players=2, seed=3).view(1))
    [Action.parse('draw stock'), Action.parse('draw discard')]
    """
    if view.phase == "draw":
        separate = len(view.piles) > 1
        draws: list[Action] = [DrawStock()] if view.stock_size else []
        draws += [
            DrawDiscard(index if separate else None)
            for index, pile in enumerate(view.piles)
            if pile
        ]
        return draws
    if view.phase == "play" and (not view.rules.go_around_first or view.turns >= view.players - 1):
        return [DiscardCard(card, go_out=True) for card in sorted(set(view.hand))]
    return []


def hint_words(
    view: PlayerView,
    legal_actions: Sequence[Action] | None = None,
    unseen: Hand | None = None,
    *,
    card_text: Callable[[Card], str] = str,
) -> str:
    """Before a decision: the action the exact one-step analysis prefers, and why, in
    the voice of :func:`decision_words` (the ``advice:`` line of ``play --hints``).

    Before the draw, each legal pile's top card against the stock by the exact
    expected score after the best discard (:func:`~threethirteen.draw_advice`; then
    the higher chance of going out; on a tie the stock), the stock's card drawn from
    ``unseen`` (default: :func:`~threethirteen.bots.builtin.stock_unseen`). After
    it, going out when a legal discard goes out, else the best discard
    (:func:`~threethirteen.best_discard`) with the deadwood and the outs it leaves.
    ``""`` when there is nothing to choose or to analyse. ``legal_actions`` are by
    default those the view implies (:func:`implied_actions`); ``card_text`` writes
    a card (``str``: ``7h``; the command line passes its style's, ``7♥``).

    >>> import threethirteen as tt
    >>> game = tt.Game("pagat", players=2, seed=3)
    >>> print(hint_words(game.view(1), game.legal_actions()))
    Draw from the stock: taking the Qh completes nothing (12 points of deadwood left,
    against 8.81 expected from the stock).
    >>> game.apply("draw stock")
    >>> hint_words(game.view(1), game.legal_actions())
    'Discard Kd: it leaves 12 points of deadwood and 4 outs.'
    """
    if legal_actions is None:
        legal_actions = implied_actions(view)
    names = _Names(view, card_text)
    try:
        if view.phase == "draw":
            return _draw_hint(
                view, legal_actions, stock_unseen(view) if unseen is None else unseen, names
            )
        if view.phase == "play":
            return _play_hint(
                view, legal_actions, stock_unseen(view) if unseen is None else unseen, names
            )
    except ThreeThirteenError:  # a position the analysis does not cover
        return ""
    return ""


class _Names:
    """Cards, melds and piles as a hint writes them, each card by ``card_text``."""

    def __init__(self, view: PlayerView, card_text: Callable[[Card], str]) -> None:
        self.view = view
        self.card = card_text

    def meld(self, meld: Meld) -> str:
        return " ".join(
            f"{self.card(card)}={self.card(identity)}" if is_wild else self.card(card)
            for card, identity, is_wild in zip(meld.cards, meld.stands_for, meld.wild, strict=True)
        )

    def melds(self, melds: Sequence[Meld]) -> str:
        return ", ".join(self.meld(meld) for meld in melds)

    def pile(self, action: DrawDiscard) -> str:
        card = self.card(pile_card(self.view, action))
        if len(self.view.piles) == 1:
            return f"the {card}"
        return f"the {card} of pile {action.pile or 0}"


def _draw_hint(
    view: PlayerView, legal_actions: Sequence[Action], unseen: Hand, names: _Names
) -> str:
    round_ = view.prepared_round
    hand = view.hand
    piles = [action for action in legal_actions if isinstance(action, DrawDiscard)]
    stock = any(isinstance(action, DrawStock) for action in legal_actions)
    if not piles:
        return "Draw from the stock: there is no pile to take from." if stock else ""
    if not stock or not len(unseen):
        scored = [(best_discard(hand + pile_card(view, a), round_), a) for a in piles]
        best, action = min(scored, key=lambda item: item[0].score)
        return _take(names, action, best.score, best if best.goes_out else None, None)
    options = []
    for action in piles:
        advice = draw_advice(hand, round_, discard_top=pile_card(view, action), unseen=unseen)
        key = (advice.discard.expected_score, -advice.discard.out_probability)
        options.append((key, action, advice))
    key, action, advice = min(options, key=lambda item: item[0])
    outlook = advice.stock
    draw = advice.discard.draws[0]
    if (outlook.expected_score, -outlook.out_probability) > key:
        out = best_discard(hand + draw.card, round_) if draw.goes_out else None
        return _take(names, action, draw.score, out, outlook.expected_score)
    if outlook.out_probability == 1:
        return "Draw from the stock: any card it gives puts you out (your hand is melded)."
    melded = best_melds(hand + draw.card, round_)
    expected = f"{_expected(outlook.expected_score)} expected from the stock"
    if not any(draw.card in meld.cards for meld in melded.melds):
        return (
            f"Draw from the stock: taking {names.pile(action)} completes nothing"
            f" ({draw.score} points of deadwood left, against {expected})."
        )
    return (
        f"Draw from the stock: taking {names.pile(action)} leaves {draw.score} points"
        f" of deadwood, against {expected}."
    )


def _take(
    names: _Names,
    action: DrawDiscard,
    score: int,
    out: Discard | None,
    expected: Fraction | None,
) -> str:
    """Take a pile's card: it goes out (``out``, the discard), or leaves ``score``."""
    if out is not None:
        return (
            f"Take {names.pile(action)}: you go out with {names.melds(out.melding.melds)}"
            f" by discarding {names.card(out.card)}."
        )
    against = "" if expected is None else f", against {_expected(expected)} expected from the stock"
    return f"Take {names.pile(action)}: it leaves {score} points of deadwood{against}."


def _play_hint(
    view: PlayerView, legal_actions: Sequence[Action], unseen: Hand, names: _Names
) -> str:
    round_ = view.prepared_round
    hand = view.hand
    if not hand:
        return ""
    if len(hand) == 1:
        return f"Discard {names.card(hand.cards[0])}: it empties your hand."
    going = {a.card for a in legal_actions if isinstance(a, DiscardCard) and a.go_out}
    ranking = discards(hand, round_)
    for item in ranking:
        if item.goes_out and item.card in going:
            return (
                f"Go out with {names.melds(item.melding.melds)}"
                f" by discarding {names.card(item.card)}."
            )
    best = ranking[0]
    outs = count_outs(hand.without(best.card), round_, unseen)
    return (
        f"Discard {names.card(best.card)}: it leaves {best.score} points of deadwood and"
        f" {outs} {'out' if outs == 1 else 'outs'}."
    )
