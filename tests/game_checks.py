"""Helpers for the game engine's tests: a random player that goes out when it can, a
referee that checks a :class:`~threethirteen.Game` after every action against the
rules worked out here independently, and the pool's bookkeeping.

The referee never asks the engine what a score should be: it keeps its own
account of who is out first and who took a false-out penalty, and at each round's
end it scores the hands that the round's last action left (worked out from a clone
taken before it) with :func:`threethirteen.deadwood_score` and the variation's
adjustment, then compares the engine's scores, totals, end reason and next deal.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import math
from collections import Counter
from collections.abc import Iterable
from typing import Any

import numpy as np

import threethirteen as tt
from threethirteen import Action, Card, DiscardCard, DrawDiscard, DrawStock, LayMeld, LayOff
from threethirteen.engine.game import Reshuffle, TableMeld
from threethirteen.hands.cards import JOKER

WILD_FOR_DEALT = {dealt: dealt for dealt in range(3, 14)} | {14: 1, 15: 2}
"""The wild rank of a round by the cards dealt: 3s in the 3-card round ... Ks in the
13-card round, aces in the 14-card round, 2s in the 15-card round."""

PICTURE_ROUNDS = (11, 12, 13)
"""The rounds (by the cards dealt) that ``doubles`` doubles: J, Q and K wild."""


def pool_counter(rules: tt.Rules) -> Counter[int]:
    """Every card code of the rules' pool with its number of copies."""
    counts: Counter[int] = Counter({code: rules.decks for code in range(52)})
    if rules.jokers:
        counts[JOKER] = rules.jokers
    return counts


def places(game: tt.Game) -> Counter[int]:
    """Every card of the game's places together: hands, stock, discard piles, table."""
    counts: Counter[int] = Counter()
    for player in range(game.players):
        counts.update(game.hand(player).codes)
    counts.update(card.code for card in game.stock)
    for pile in game.piles:
        counts.update(card.code for card in pile)
    for table_meld in game.table:
        counts.update(card.code for card in table_meld.meld.cards)
    return counts


def check_pool(game: tt.Game) -> None:
    """Every card of the pool is in exactly one place."""
    found = places(game)
    pool = pool_counter(game.rules)
    extra = found - pool
    missing = pool - found
    assert not extra, f"cards in two places: {[str(Card(c)) for c in extra.elements()]}"
    assert not missing, f"cards nowhere: {[str(Card(c)) for c in missing.elements()]}"


def without(cards: Iterable[Card], taken: Iterable[Card]) -> list[Card]:
    """``cards`` less the multiset ``taken`` (each must be there)."""
    left = list(cards)
    for card in taken:
        left.remove(card)
    return left


def forget(known: list[Card], cards: Iterable[Card]) -> None:
    """The cards leave a hand: each stops being known (when it was)."""
    for card in cards:
        if card in known:
            known.remove(card)


def goes_out(hand: tt.Hand, card: Card, round: tt.Round) -> bool:
    """Whether discarding ``card`` leaves every other card of ``hand`` melded."""
    rest = without(hand, [card])
    return not rest or tt.deadwood_score(tt.Hand(rest), round) == 0


def check_order(game: tt.Game, legal: list[Action]) -> None:
    """The legal actions come in the stable order of the design: the stock, then each
    pile by index; or melds, lay-offs, discards by card (a joker onto other piles
    right after the joker), then going-out discards by card."""
    assert legal == game.legal_actions()
    if game.phase == "draw":
        assert all(isinstance(action, (DrawStock, DrawDiscard)) for action in legal)
        piles = [action.pile or 0 for action in legal if isinstance(action, DrawDiscard)]
        assert piles == sorted(set(piles))
        assert DrawStock() not in legal[1:]
        return

    def group(action: Action) -> int:
        if isinstance(action, LayMeld):
            return 0
        if isinstance(action, LayOff):
            return 1
        assert isinstance(action, DiscardCard)
        return 3 if action.go_out else 2

    groups = [group(action) for action in legal]
    assert groups == sorted(groups)
    plain = [a.card.code for a in legal if isinstance(a, DiscardCard) and not a.go_out]
    assert plain == sorted(plain)
    assert len(
        {a.card.code for a in legal if isinstance(a, DiscardCard) and a.pile is None}
    ) == sum(1 for a in legal if isinstance(a, DiscardCard) and a.pile is None and not a.go_out)
    going = [a.card.code for a in legal if isinstance(a, DiscardCard) and a.go_out]
    assert going == sorted(set(going))


class RandomPlayer:
    """A random player: it goes out when it can (most of the time), lays melds and
    lays off in table play (often), sometimes declares a false out, and otherwise
    plays the best discard or a random legal action.

    :param out_rate: how often it goes out when a discard goes out.
    :param smart_rate: how often it plays the lowest-scoring discard rather than a
        random action.
    """

    def __init__(
        self,
        seed: int,
        *,
        out_rate: float = 0.9,
        lay_rate: float = 0.6,
        false_out_rate: float = 0.05,
        smart_rate: float = 0.5,
        draw_discard_rate: float = 0.3,
    ) -> None:
        self.rng = np.random.default_rng(seed)
        self.out_rate = out_rate
        self.lay_rate = lay_rate
        self.false_out_rate = false_out_rate
        self.smart_rate = smart_rate
        self.draw_discard_rate = draw_discard_rate

    def pick(self, actions: list[Action]) -> Action:
        return actions[int(self.rng.integers(len(actions)))]

    def choose(self, game: tt.Game) -> Action:
        legal = game.legal_actions()
        assert legal, f"no legal action in {game!r}"
        rng = self.rng
        if game.phase == "draw":
            piles = [action for action in legal if isinstance(action, DrawDiscard)]
            if piles and (DrawStock() not in legal or rng.random() < self.draw_discard_rate):
                return self.pick(piles)
            return DrawStock() if DrawStock() in legal else self.pick(legal)
        player = game.to_move
        assert player is not None
        hand = game.hand(player)
        round = game.prepared_round
        going = [a for a in legal if isinstance(a, DiscardCard) and a.go_out]
        outs = [a for a in going if goes_out(hand, a.card, round)]
        if outs and rng.random() < self.out_rate:
            return self.pick(outs)
        lays = [a for a in legal if isinstance(a, (LayMeld, LayOff))]
        if lays and rng.random() < self.lay_rate:
            return self.pick(lays)
        false_outs = [a for a in going if a not in outs]
        if false_outs and rng.random() < self.false_out_rate:
            return self.pick(false_outs)
        plain = [a for a in legal if isinstance(a, DiscardCard) and not a.go_out]
        if rng.random() < self.smart_rate and len(hand) > 1:
            best = tt.discards(hand, round).cards[0]
            choices = [a for a in plain if a.card == best]
            if choices:
                return self.pick(choices)
        return self.pick([a for a in legal if not (isinstance(a, DiscardCard) and a.go_out)])


def play(game: tt.Game, player: RandomPlayer, limit: int = 100_000) -> int:
    """Play ``game`` to its end; the number of actions applied."""
    count = 0
    while not game.is_over:
        game.apply(player.choose(game))
        count += 1
        assert count < limit, "the game did not end"
    return count


def code(card: Card) -> int:
    return card.code


def deadwood(cards: list[Card], round: tt.Round) -> int:
    return tt.deadwood_score(tt.Hand(cards), round) if cards else 0


class Referee:
    """Checks a game after every action against the rules, worked out here.

    Call :meth:`apply` instead of ``game.apply``; it applies the action and checks
    the game that results. ``every_legal``: how often (0 to 1) it also applies
    every legal action to a clone and checks ``is_legal`` against a list of
    candidate actions.
    """

    def __init__(
        self,
        game: tt.Game,
        *,
        every_legal: float = 0.0,
        rng: np.random.Generator | None = None,
        records: bool = True,
    ) -> None:
        self.game = game
        self.records = records
        self.rules = game.rules
        self.players = game.players
        self.every_legal = every_legal
        self.rng = rng if rng is not None else np.random.default_rng(0)
        self.rounds_ended = 0
        self.scored: list[tuple[int, ...]] = []
        self.ends: Counter[str] = Counter()
        self.voids = 0
        self.reshuffles = 0
        self.false_outs = 0
        self.table_actions = 0
        self.actions = 0
        self.expected_round = 1
        self.expected_dealer = 0
        if game.is_over or game.turns or game.phase != "draw" or game.round_scores:
            self.take_over()  # a game in play (a sample, say): go on from here
        else:
            self.check_deal()

    def take_over(self) -> None:
        """Referee a game already in play: the round's account from the public view."""
        game = self.game
        view = game.view(game.to_move if game.to_move is not None else 0)
        self.expected_round = game.round if not game.is_over else len(self.rules.rounds) + 1
        self.expected_dealer = game.dealer
        self.scored = list(game.round_scores)
        self.first_out = view.first_out
        self.penalties = list(view.penalties)
        self.known = [list(known) for known in view.known]
        self.laid = [
            size != game.cards_dealt + (player == game.to_move and game.phase == "play")
            for player, size in enumerate(view.hand_sizes)
        ]
        check_pool(game)

    # -- a new round ---------------------------------------------------------------

    def check_deal(self) -> None:
        game, rules = self.game, self.rules
        dealt = rules.rounds[self.expected_round - 1]
        assert game.round == self.expected_round
        assert game.cards_dealt == dealt
        assert game.wild == WILD_FOR_DEALT[dealt]
        assert game.dealer == self.expected_dealer
        assert game.to_move == (self.expected_dealer + 1) % self.players
        assert game.phase == "draw"
        assert game.turns == 0
        assert [len(game.hand(p)) for p in range(self.players)] == [dealt] * self.players
        assert game.went_out == (False,) * self.players
        assert game.table == ()
        pile_sizes = [len(pile) for pile in game.piles]
        if rules.separate_discards:
            expected = [0] * self.players
            expected[self.expected_dealer] = 1
            assert pile_sizes == expected
        else:
            assert pile_sizes == [1]
        assert len(game.stock) == sum(pool_counter(rules).values()) - dealt * self.players - 1
        view = game.view(game.to_move)
        assert view.known == (tt.Hand(),) * self.players
        assert view.history == ()
        assert view.reshuffled is None
        check_pool(game)
        self.first_out: int | None = None
        self.penalties = [0] * self.players
        self.laid = [False] * self.players
        self.known: list[list[Card]] = [[] for _ in range(self.players)]

    # -- one action ----------------------------------------------------------------

    def apply(self, action: Action) -> None:
        game = self.game
        mover = game.to_move
        assert mover is not None
        legal = game.legal_actions()
        assert game.is_legal(action), f"{action} is not legal in {game!r}"
        assert game.is_legal(action, mover)
        others = [p for p in range(self.players) if p != mover]
        assert not game.is_legal(action, others[0])
        check_order(game, legal)
        if self.every_legal and self.rng.random() < self.every_legal:
            self.check_every_legal(legal)
        before = game.clone()
        game.apply(action)
        self.actions += 1
        self.check_after(before, action, mover)

    def check_every_legal(self, legal: list[Action]) -> None:
        """Every legal action applies to a clone, and ``is_legal`` says yes exactly
        to the listed actions among the candidates (which have one form each)."""
        game = self.game
        assert len(set(legal)) == len(legal), "an action is listed twice"
        for action in legal:
            self.fork().apply(action)  # checked as if it had been chosen
        listed = set(legal)
        for candidate in self.candidates():
            assert game.is_legal(candidate) == (candidate in listed), (
                f"is_legal({candidate}) is {game.is_legal(candidate)} but"
                f" legal_actions() {'lists' if candidate in listed else 'does not list'} it"
                f" in {game!r}, hand {game.hand(game.to_move or 0)}"
            )

    def fork(self) -> Referee:
        """A referee of a clone of the game, with its own account."""
        other = copy.copy(self)
        other.game = self.game.clone()
        other.every_legal = 0.0
        other.scored = list(self.scored)
        other.ends = Counter(self.ends)
        other.penalties = list(self.penalties)
        other.laid = list(self.laid)
        other.known = [list(cards) for cards in self.known]
        return other

    def candidates(self) -> list[Action]:
        """Actions each written in the one form ``legal_actions`` lists: every draw,
        every discard of every card of the pool (plain, going out, onto another
        pile), every natural card of the hand laid off onto every table meld (and
        onto one that does not exist), and every wild card of the hand laid off onto
        every table run standing for every card of its suit (and one of another)."""
        game, rules = self.game, self.rules
        mover = game.to_move
        assert mover is not None
        actions: list[Action] = [DrawStock()]
        if rules.separate_discards:
            actions.extend(DrawDiscard(pile) for pile in range(self.players))
        else:
            actions.append(DrawDiscard())
        for code in sorted(pool_counter(rules)):
            card = Card(code)
            actions.append(DiscardCard(card))
            if game.phase == "play" and card in game.hand(mover) and len(game.hand(mover)) > 1:
                actions.append(DiscardCard(card, go_out=True))
        if rules.joker_discards:
            actions.extend(
                DiscardCard(Card(JOKER), pile=pile) for pile in range(self.players) if pile != mover
            )
        wild = game.wild
        for card in sorted(set(game.hand(mover)), key=lambda card: card.code):
            if card.code != JOKER and card.rank != wild:
                for index in range(len(game.table) + 1):
                    actions.append(LayOff(card, index))
                continue
            for index, table_meld in enumerate(game.table):  # a wild card onto a run
                if table_meld.meld.kind == "run":
                    suit = table_meld.meld.stands_for[0].code // 13
                    for rank in range(13):
                        actions.append(LayOff(card, index, Card(suit * 13 + rank)))
                    actions.append(LayOff(card, index, Card((suit + 1) % 4 * 13)))
        return actions

    # -- after an action -----------------------------------------------------------

    def check_after(self, before: tt.Game, action: Action, mover: int) -> None:
        rules = self.rules
        round = before.prepared_round
        hand = list(before.hand(mover))
        piles = [list(pile) for pile in before.piles]
        known = self.known[mover]
        table_growth = 0
        logged = action
        if isinstance(action, DrawStock):
            hand.append(before.stock[0])
        elif isinstance(action, DrawDiscard):
            card = piles[action.pile or 0].pop()
            hand.append(card)
            known.append(card)
        elif isinstance(action, DiscardCard):
            hand = without(hand, [action.card])
            forget(known, [action.card])
            pile = (
                (action.pile if action.pile is not None else mover)
                if rules.separate_discards
                else 0
            )
            piles[pile].append(action.card)
            if action.go_out:
                assert action.melds is None, "the random player gives no melds"
                if not hand or deadwood(hand, round) == 0:
                    melds = tt.best_melds(tt.Hand(hand), round).melds if hand else ()
                    logged = DiscardCard(action.card, True, action.pile, melds)
                    table_growth = len(melds)
                    hand = []
                    known.clear()
                else:
                    assert rules.false_out_penalty is not None
                    self.penalties[mover] += rules.false_out_penalty
                    self.false_outs += 1
        elif isinstance(action, LayMeld):
            hand = without(hand, action.meld.cards)
            forget(known, action.meld.cards)
            table_growth = 1
            self.laid[mover] = True
            self.table_actions += 1
        elif isinstance(action, LayOff):
            hand = without(hand, [action.card])
            forget(known, [action.card])
            self.laid[mover] = True
            self.table_actions += 1
        if not hand and self.first_out is None:
            self.first_out = mover
        hands = [list(before.hand(p)) for p in range(self.players)]
        hands[mover] = hand
        end = self.expected_end(before, action, mover, hand, piles)
        if end is None:
            self.check_in_round(before, action, mover, hands, piles, table_growth)
            self.check_history(before, mover, logged)
        else:
            self.check_round_end(before, end, hands)

    def check_history(self, before: tt.Game, mover: int, logged: Action) -> None:
        """The view's history grew by the action (as logged: a going out with its
        melds), after a reshuffle when one happened; the known cards are those taken
        from a pile and still held."""
        view = self.game.view(mover)
        old = before.view(mover).history
        reshuffled = 1 if view.history and view.history[-1][0] < 0 else 0
        assert len(view.history) == len(old) + 1 + reshuffled
        assert view.history[: len(old)] == old
        assert view.history[len(old)] == (mover, logged)
        assert view.known == tuple(tt.Hand(cards) for cards in self.known)

    def expected_end(
        self,
        before: tt.Game,
        action: Action,
        mover: int,
        hand: list[Card],
        piles: list[list[Card]],
    ) -> str | None:
        """Why the round ends with this action, or ``None`` when it goes on."""
        rules = self.rules
        if isinstance(action, (DrawStock, DrawDiscard)):
            return None
        if not hand and not rules.last_turns:
            return "empty_hand"
        if isinstance(action, (LayMeld, LayOff)) and hand:
            return None
        # The turn passes: a discard, or (redemption) a hand emptied by laying.
        following = (mover + 1) % self.players
        if self.first_out is not None and following == self.first_out:
            return "out"
        if before.max_turns is not None and before.turns + 1 >= before.max_turns:
            return "turn_limit"
        if not before.stock and all(len(pile) <= 1 for pile in piles):
            return "stock"
        return None

    def check_in_round(
        self,
        before: tt.Game,
        action: Action,
        mover: int,
        hands: list[list[Card]],
        piles: list[list[Card]],
        table_growth: int,
    ) -> None:
        game = self.game
        assert not game.is_over
        assert game.round == before.round
        assert game.dealer == before.dealer
        for player in range(self.players):
            assert list(game.hand(player)) == sorted(hands[player], key=code), (
                f"player {player}'s hand"
            )
        passes = isinstance(action, DiscardCard) or not hands[mover]
        if passes:
            following = (mover + 1) % self.players
            assert game.to_move == following
            assert game.phase == "draw"
            assert game.turns == before.turns + 1
            if not before.stock:  # the next turn starts with a reshuffle
                tops = [pile[-1:] for pile in piles]
                under = [card for pile in piles for card in pile[:-1]]
                assert [list(pile) for pile in game.piles] == tops
                assert sorted(game.stock, key=code) == sorted(under, key=code)
                view = game.view(following)
                assert view.reshuffled == tt.Hand(under)
                assert view.history[-1] == (-1, Reshuffle(tt.Hand(under)))
                self.reshuffles += 1
            else:
                assert [list(pile) for pile in game.piles] == piles
                assert game.stock == before.stock
        else:
            assert game.to_move == mover
            assert game.phase == "play"
            assert game.turns == before.turns
            assert [list(pile) for pile in game.piles] == piles
            expected_stock = before.stock[1:] if isinstance(action, DrawStock) else before.stock
            assert game.stock == expected_stock
        table = game.table
        assert len(table) == len(before.table) + table_growth
        if isinstance(action, LayMeld):
            assert table[-1] == TableMeld(mover, action.meld)
        if isinstance(action, LayOff):
            grown = table[action.meld]
            assert grown.owner == before.table[action.meld].owner
            laid = [*before.table[action.meld].meld.cards, action.card]
            assert sorted(grown.meld.cards, key=code) == sorted(laid, key=code)
        assert game.went_out == tuple(not hand for hand in hands)
        self.check_hand_sizes()
        check_pool(game)

    def check_hand_sizes(self) -> None:
        game, rules = self.game, self.rules
        dealt = game.cards_dealt
        for player in range(self.players):
            size = len(game.hand(player))
            extra = 1 if player == game.to_move and game.phase == "play" else 0
            if rules.layoff:
                assert size >= 1, (player, size)  # an emptied hand ends the round
            if rules.layoff or (rules.redemption and self.first_out is not None):
                if self.laid[player] or game.went_out[player]:
                    assert size <= dealt + extra, (player, size)
                else:
                    assert size == dealt + extra, (player, size)
            elif game.went_out[player]:
                assert size == 0
            else:
                assert size == dealt + extra, (player, size, game.phase)

    def check_round_end(self, before: tt.Game, end: str, hands: list[list[Card]]) -> None:
        """Score the hands the round's last action left, and check the next deal."""
        game, rules = self.game, self.rules
        round = before.prepared_round
        dealt = before.cards_dealt
        scores = []
        for player, hand in enumerate(hands):
            score = deadwood(hand, round)
            if player == self.first_out and rules.first_out_bonus is not None:
                bonus = rules.first_out_bonus
                score = (
                    -rules.card_values[WILD_FOR_DEALT[dealt] - 1] if bonus == "wild" else int(bonus)
                )
            score += self.penalties[player]
            if rules.doubles and dealt in PICTURE_ROUNDS:
                score *= 2
            scores.append(score)
        void = rules.double_naughts and all(score == 0 for score in scores)
        assert game.last_end == end
        if self.records:
            record = game.to_record()["rounds"][self.rounds_ended]
            assert record["number"] == self.expected_round
            assert record["dealer"] == self.expected_dealer
            assert (record["end"], record["void"], record["scores"]) == (end, void, scores)
        elif not void:
            assert game.round_scores[-1] == tuple(scores)
        self.rounds_ended += 1
        self.ends[end] += 1
        if void:
            self.voids += 1
        else:
            self.scored.append(tuple(scores))
            self.expected_round += 1
            self.expected_dealer = (self.expected_dealer + 1) % self.players
        assert game.round_scores == tuple(self.scored)
        totals = (
            tuple(sum(column) for column in zip(*self.scored, strict=True)) or (0,) * self.players
        )
        assert game.totals == totals
        if self.expected_round > len(rules.rounds):
            self.check_over()
        else:
            assert not game.is_over
            assert game.winners == ()
            self.check_deal()

    def check_over(self) -> None:
        game = self.game
        assert game.is_over
        assert game.phase == "over"
        assert game.to_move is None
        assert game.legal_actions() == []
        assert len(game.round_scores) == len(self.rules.rounds)
        low = min(game.totals)
        assert game.winners == tuple(p for p, total in enumerate(game.totals) if total == low)
        if self.records:
            record = game.to_record()
            assert record["winners"] == list(game.winners)
            assert record["totals"] == list(game.totals)
            assert len(record["rounds"]) == self.rounds_ended

    def play(self, player: RandomPlayer, limit: int = 100_000) -> None:
        """Play to the end, checking after every action."""
        while not self.game.is_over:
            self.apply(player.choose(self.game))
            assert self.actions < limit, "the game did not end"


def summary(referee: Referee) -> dict[str, Any]:
    """What a game went through, for coverage checks."""
    return {
        "ends": dict(referee.ends),
        "voids": referee.voids,
        "reshuffles": referee.reshuffles,
        "false_outs": referee.false_outs,
        "table_actions": referee.table_actions,
        "actions": referee.actions,
    }


def scripted(
    rules: tt.Rules,
    hands: list[str],
    upcard: str,
    stock_top: str = "",
    max_turns: int | None = None,
) -> tt.Game:
    """A game whose first round deals ``hands`` (player 0 first; player 1 moves
    first), ``upcard`` and a stock starting with ``stock_top``: the rules with one
    round of as many cards as the hands hold, replayed from a record without a seed."""
    players = len(hands)
    parsed = [list(tt.Hand.parse(hand)) for hand in hands]
    rules = dataclasses.replace(rules, rounds=(len(parsed[0]),))
    record = tt.Game(rules, players=players, seed=0, max_turns=max_turns).to_record()
    pool: Counter[int] = Counter({code: rules.decks for code in range(52)})
    pool[JOKER] = rules.jokers
    top = [Card.parse(text) for text in stock_top.split()]
    used = Counter(card.code for hand in parsed for card in hand)
    used.update([Card.parse(upcard).code, *(card.code for card in top)])
    assert not used - pool, "the script deals a card more often than the pool holds it"
    rest = [Card(code) for code in sorted((pool - used).elements())]
    record["seed"] = None
    record["rounds"][0]["deal"] = {
        "hands": [[str(card) for card in hand] for hand in parsed],
        "upcard": str(Card.parse(upcard)),
        "stock": [str(card) for card in [*top, *rest]],
    }
    return tt.Game.from_record(record)


def plays_like(bot: tt.Bot, reference: tt.Bot, game: tt.Game, limit: int = 1000) -> int:
    """Play ``game`` to its end by ``bot`` in every seat, asserting that each move is
    the one ``reference`` would make at that view; the number of moves played."""
    moves = 0
    while not game.is_over and moves < limit:
        mover = game.to_move
        assert mover is not None
        view, legal = game.view(mover), game.legal_actions()
        action = bot.act(view, legal)
        assert action == reference.act(view, legal), (moves, action)
        game.apply(action)
        moves += 1
    assert game.is_over
    return moves


# -- hidden cards and positions of random play (for the leak tests) -----------------


def shuffle_hidden(game: tt.Game, player: int, rng: np.random.Generator) -> tt.Game:
    """A clone of ``game`` whose cards hidden from ``player`` (the other players'
    cards not publicly known, and the stock) are shuffled among those places: each
    hand keeps its size and its known cards, the stock its size.

    It works on the game's state (the hands and the stock are lists of card codes)."""
    copy = game.clone()
    view = game.view(player)
    unknown_sizes = {}
    hidden: list[int] = []
    for other in range(game.players):
        if other == player:
            continue
        unknown = without(game.hand(other).codes, view.known[other].codes)
        unknown_sizes[other] = len(unknown)
        hidden.extend(unknown)
    hidden.extend(card.code for card in game.stock)
    order = [hidden[i] for i in rng.permutation(len(hidden))]
    position = 0
    for other, size in unknown_sizes.items():
        copy._r.hands[other] = sorted(
            [*view.known[other].codes, *order[position : position + size]]
        )
        position += size
    copy._r.stock = order[position:][::-1]  # the state keeps the stock's top card last
    copy._r.legal = None  # the legal actions of a player whose hand changed
    return copy


def hidden_state(
    game: tt.Game, player: int
) -> tuple[tuple[tuple[int, ...], ...], tuple[Card, ...]]:
    """The other players' hands and the stock."""
    hands = tuple(game.hand(other).codes for other in range(game.players) if other != player)
    return hands, game.stock


# -- positions --------------------------------------------------------------------

TABLES = (
    ("pagat", (), 3, 40),
    ("bga", ("redemption", "jokers"), 4, 40),
    ("family", ("jokers",), 3, 40),
    ("pagat", (), 2, 200),  # long rounds: reshuffles
    ("wikipedia", ("separate-discards", "false-out"), 4, 40),
    ("pagat", ("separate-discards", "joker-discards", "jokers"), 3, 40),
    ("family", ("separate-discards", "first-out-bonus"), 5, 40),
)


def labels(game: tt.Game) -> set[str]:
    """What kind of position this is."""
    if game.is_over:
        return {"over"}
    view = game.view(0)
    found = {game.phase}
    if view.first_out is not None and game.rules.last_turns:
        found.add("last turns")
    if game.rules.redemption and game.table and view.first_out is not None:
        found.add("redemption")
    if game.rules.layoff and game.table:
        found.add("table play")
    if view.reshuffled is not None:
        found.add("after a reshuffle")
    if game.rules.separate_discards and sum(1 for pile in game.piles if pile) > 1:
        found.add("separate discards")
    if any(view.known):
        found.add("known cards")
    if any(view.penalties):
        found.add("false out")
    if any(card.code == JOKER for pile in game.piles for card in pile):
        found.add("a joker on a pile")
    return found


@functools.cache
def positions() -> list[tuple[str, tt.Game]]:
    """Positions of random play at every table: every 5th action of the first 300
    and every 60th after, every first position of a kind not seen before in that
    game, and the game over."""
    found = []
    for index, (preset, variations, players, max_turns) in enumerate(TABLES):
        game = tt.Game(
            preset, players=players, seed=100 + index, variations=variations, max_turns=max_turns
        )
        smart = 0.3 if max_turns > 100 else 0.6
        player = RandomPlayer(100 + index, smart_rate=smart, false_out_rate=0.1)
        seen: set[str] = set()
        count = 0
        name = f"{preset} {'+'.join(variations)} {players}p"
        while not game.is_over:
            kinds = labels(game)
            if count % (5 if count < 300 else 60) == 0 or not kinds <= seen:
                seen |= kinds
                found.append((f"{name} #{count}", game.clone()))
            game.apply(player.choose(game))
            count += 1
        found.append((f"{name} over", game.clone()))
    return found


KINDS = (
    "draw",
    "play",
    "last turns",
    "redemption",
    "table play",
    "after a reshuffle",
    "separate discards",
    "known cards",
    "false out",
    "a joker on a pile",
    "over",
)


def expected_matches(hidden: Counter[int], truth: list[int], places: int) -> float:
    """The expected size of the multiset intersection of ``truth`` (a hand's unknown
    cards) with ``places`` cards dealt uniformly from the ``hidden`` cards:
    sum over each card c of E[min(X_c, t_c)], X_c hypergeometric (copies of c among
    ``places`` cards drawn from ``hidden``)."""
    total = sum(hidden.values())
    expected = 0.0
    for code, wanted in Counter(truth).items():
        copies = hidden[code]
        for drawn in range(min(copies, places) + 1):
            chance = (
                math.comb(copies, drawn)
                * math.comb(total - copies, places - drawn)
                / math.comb(total, places)
            )
            expected += chance * min(drawn, wanted)
    return expected
