"""Determinization: every sample is a history that could have happened.

The checker replays the sampled history from its deal (each hand as dealt, the
upcard, the stock as dealt, each reshuffle's order) through the round's public
events, with no knowledge of the engine: every card a player discards or lays
must be in their hand, every draw from the stock takes its top card, every
reshuffle's stock is the piles' cards under their tops, a false out's shown
cards stay in hand; at the end the hands, the stock and the piles must be the
sample's, and the viewer's own hand and draws the true ones.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

import threethirteen as tt
from threethirteen.engine.determinize import Deal, History, sample_history
from threethirteen.engine.game import Game, PlayerView, Reshuffle, _view_deal

from .conftest import examples


def _deal_of(view: PlayerView) -> Deal:
    """What the viewer knows of the round's start (the sampler's own input)."""
    return _view_deal(view)


def _replay(view: PlayerView, history: History) -> None:
    """Replay ``history`` through the view's public events; fail on any impossibility."""
    players = view.players
    separate = view.rules.separate_discards
    hands = [Counter(hand) for hand in history.dealt]
    assert sorted(history.dealt[view.player]) == sorted(view.dealt_hand.code_bytes)
    stock = list(history.stock_dealt)
    piles: list[list[int]] = [[] for _ in range(players if separate else 1)]
    piles[view.dealer if separate else 0].append(view.upcard.code)
    drawn: list[list[int]] = [[] for _ in range(players)]
    reshuffles = iter(history.reshuffles)
    false_outs = set(view.false_outs)

    def take(player: int, code: int) -> None:
        assert hands[player][code] > 0, f"player {player} lays or discards {code} not held"
        hands[player][code] -= 1

    for index, (player, event) in enumerate(view.history):
        if player < 0:
            assert isinstance(event, Reshuffle)
            assert not stock
            under = sorted(code for pile in piles for code in pile[:-1])
            assert under == list(event.cards.code_bytes)
            order = next(reshuffles)
            assert sorted(order) == under
            piles = [pile[-1:] for pile in piles]
            stock = list(order)
        elif isinstance(event, tt.DrawStock):
            code = stock.pop(0)
            hands[player][code] += 1
            drawn[player].append(code)
        elif isinstance(event, tt.DrawDiscard):
            hands[player][piles[event.pile or 0].pop()] += 1
        elif isinstance(event, tt.DiscardCard):
            take(player, event.card.code)
            pile = (
                event.pile if separate and event.pile is not None else (player if separate else 0)
            )
            piles[pile].append(event.card.code)
            if event.go_out and event.melds is not None and index not in false_outs:
                for meld in event.melds:
                    for card in meld.cards:
                        take(player, card.code)
        elif isinstance(event, tt.LayMeld):
            for card in event.meld.cards:
                take(player, card.code)
        elif isinstance(event, tt.LayOff):
            take(player, event.card.code)
    assert stock == history.stock
    assert [[card.code for card in pile] for pile in view.piles] == piles
    assert drawn == history.drawn
    assert drawn[view.player] == [card.code for card in view.stock_draws]
    for player in range(players):
        held = sorted(hands[player].elements())
        if player == view.player:
            assert held == list(view.hand.code_bytes)
        else:
            expected = sorted(list(view.known[player].code_bytes) + history.hands[player])
            assert held == expected
            assert len(held) == view.hand_sizes[player]


TABLES = [
    ("pagat", [], 2),
    ("pagat", [], 4),
    ("wikipedia", [], 3),
    ("bga", [], 5),
    ("family", [], 4),
    ("family", ["jokers"], 3),
    ("pagat", ["separate-discards", "joker-discards", "jokers"], 3),
    ("pagat", ["redemption"], 3),
    ("pagat", ["false-out"], 3),
]


def _positions(preset: str, variations: list[str], players: int, seed: int) -> list[Game]:
    """Positions of a random game with a short turn limit off, so stocks run out."""
    game = Game(preset, players=players, seed=seed, variations=variations, max_turns=400)
    chooser = random.Random(seed)
    positions = []
    steps = 0
    while not game.is_over and steps < 3000:
        actions = game.legal_actions()
        going = [a for a in actions if isinstance(a, tt.DiscardCard) and a.go_out]
        # Rarely go out, so rounds run long and reshuffle.
        action = going[0] if going and chooser.random() < 0.05 else chooser.choice(actions)
        game.apply(action)
        steps += 1
        if steps % 37 == 0:
            positions.append(game.clone())
    return positions


@pytest.mark.parametrize(("preset", "variations", "players"), TABLES)
def test_every_sample_is_a_history_that_could_have_happened(
    preset: str, variations: list[str], players: int
) -> None:
    rng = np.random.default_rng(5)
    reshuffled = 0
    for position in _positions(preset, variations, players, seed=examples(3)):
        for viewer in range(players):
            view = position.view(viewer)
            reshuffled += view.reshuffled is not None
            history = sample_history(_deal_of(view), view.history, rng, frozenset(view.false_outs))
            _replay(view, history)
            sample = view.sample(rng)
            assert sample.view(viewer) == view
            for other in range(players):  # the sample's other views are whole too
                other_view = sample.view(other)
                _replay(
                    other_view,
                    sample_history(
                        _deal_of(other_view),
                        other_view.history,
                        rng,
                        frozenset(other_view.false_outs),
                    ),
                )
    if preset != "family":  # family rounds end before their stock runs out
        assert reshuffled > 0  # the positions include rounds after a reshuffle


def test_a_card_discarded_after_a_reshuffle_comes_from_the_reshuffled_cards() -> None:
    """One deck, two players: after the reshuffle, the only copy of a card that was in
    the piles is in the new stock; a player who draws from the stock and discards it
    must have drawn it, so every sample deals it to that draw."""
    game = Game("pagat", players=2, seed=11, max_turns=400)
    chooser = random.Random(2)
    while game.view(0).reshuffled is None:
        game.apply(
            chooser.choice([a for a in game.legal_actions() if not getattr(a, "go_out", False)])
        )
    # Play on until player 1 draws from the stock and discards a reshuffled card.
    while True:
        mover = game.to_move
        actions = [a for a in game.legal_actions() if not getattr(a, "go_out", False)]
        if mover == 1 and game.phase == "draw":
            game.apply(tt.DrawStock())
            card = [
                c for c in game.hand(1) if c in game.view(0).reshuffled and c not in game.hand(0)
            ]
            if card and game.is_legal(tt.DiscardCard(card[0])):
                game.apply(tt.DiscardCard(card[0]))
                break
            game.apply(chooser.choice(game.legal_actions()))
            continue
        game.apply(chooser.choice(actions))
        if game.view(0).reshuffled is None:  # a new round: start again
            pytest.skip("the round ended first")
    view = game.view(0)
    rng = np.random.default_rng(0)
    for _ in range(20):
        _replay(view, sample_history(_deal_of(view), view.history, rng, frozenset(view.false_outs)))


def test_a_sample_falls_back_to_the_view_when_the_search_gives_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With no search budget, a sample after a reshuffle still keeps the view, every
    card in one place, and the stock within the reshuffled cards; it plays on."""
    import threethirteen.engine.determinize as determinize

    monkeypatch.setattr(determinize, "_RESTARTS", 0)
    position = next(
        game
        for game in _positions("pagat", [], 4, seed=1)
        if game.view(game.to_move or 0).reshuffled is not None
    )
    viewer = position.to_move or 0
    view = position.view(viewer)
    assert view.reshuffled is not None
    rng = np.random.default_rng(3)
    for _ in range(20):
        sample = view.sample(rng)
        assert sample.view(viewer) == view
        assert not Counter(card.code for card in sample.stock) - Counter(view.reshuffled.codes)
        everything = Counter(card.code for card in sample.stock)
        for player in range(sample.players):
            everything.update(sample.hand(player).codes)
            sample.view(player)  # whole enough to look at
        for pile in sample.piles:
            everything.update(card.code for card in pile)
        for table_meld in sample.table:
            everything.update(card.code for card in table_meld.meld.cards)
        rules = sample.rules
        assert everything == Counter({code: rules.decks for code in range(52)}) + Counter(
            {52: rules.jokers}
        )
        sample.apply(sample.legal_actions()[0])


@pytest.mark.parametrize("kind", ["PCG64", "PCG64DXSM", "SFC64", "Philox", "MT19937"])
def test_the_samplers_draws_are_numpys(kind: str) -> None:
    """The sampler's seeds and shuffles are drawn as numpy's ``integers(0, 2**63,
    size=2)`` and ``permutation(n)`` draw them (the samples of the same generator
    never change): the same numbers, and the generator left in the same state,
    from any state (with a 32-bit word kept or not), for every bit generator."""
    from threethirteen.engine.game import _two_seeds

    for seed in range(60):
        ours = np.random.Generator(getattr(np.random, kind)(seed))
        numpys = np.random.Generator(getattr(np.random, kind)(seed))
        for step in range(12):
            if (seed + step) % 3 == 0:  # a 32-bit draw: leaves half a word kept
                assert ours.integers(0, 7) == numpys.integers(0, 7)
            assert _two_seeds(ours) == numpys.integers(0, 2**63, size=2).tolist()
            size = (seed * 7 + step * 13) % 120
            cards = list(range(100, 100 + size))
            shuffled = cards[:]
            ours.shuffle(shuffled)
            assert shuffled == [cards[i] for i in numpys.permutation(size).tolist()]
        assert ours.integers(0, 7, size=5).tolist() == numpys.integers(0, 7, size=5).tolist()
        assert ours.random(5).tolist() == numpys.random(5).tolist()  # (the same state)
