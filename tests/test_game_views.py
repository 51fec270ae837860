"""No hidden information: a player's view holds only what that player may know, and
``view.sample(rng)`` deals the hidden cards at random, consistent with the view.

The central check: shuffling the cards a player cannot see (the other players'
unknown cards and the stock) among their places leaves that player's view, and
its ``to_dict()``, unchanged. Positions come from random play over every phase:
draws and plays, last turns after someone went out, redemption, table play,
reshuffles, separate discard piles, false outs and finished games.
"""

from __future__ import annotations

import dataclasses
import json
import math
import pickle
from collections import Counter

import numpy as np
import pytest

import threethirteen as tt
from tests.game_checks import (
    KINDS,
    RandomPlayer,
    Referee,
    check_pool,
    expected_matches,
    hidden_state,
    labels,
    positions,
    shuffle_hidden,
    without,
)
from threethirteen import DiscardCard, DrawDiscard, DrawStock
from threethirteen.hands.cards import JOKER


def test_the_positions_cover_every_kind() -> None:
    covered = Counter(kind for _, game in positions() for kind in labels(game))
    assert {kind: covered[kind] > 0 for kind in KINDS} == dict.fromkeys(KINDS, True)
    assert len(positions()) > 300


# -- the view does not change when the hidden cards do ----------------------------


def test_a_view_is_unchanged_when_the_hidden_cards_are_shuffled() -> None:
    """The view, its dict, its codes, its unseen cards and its pickle (every byte:
    what a view keeps for later, and what it works out, are the same too)."""
    rng = np.random.default_rng(12)
    changed = checked = 0
    for name, game in positions():
        for player in range(game.players):
            view = game.view(player)
            data = view.to_dict()
            assert json.loads(json.dumps(data)) == data, name  # JSON-ready
            pickled = pickle.dumps(game.view(player))
            for _ in range(2):
                shuffled = shuffle_hidden(game, player, rng)
                check_pool(shuffled)
                assert shuffled.view(player) == view, name
                assert shuffled.view(player).to_dict() == data, name
                assert shuffled.view(player).card_codes == view.card_codes, name
                assert shuffled.view(player).unseen() == view.unseen(), name
                assert pickle.dumps(shuffled.view(player)) == pickled, name
                changed += hidden_state(shuffled, player) != hidden_state(game, player)
                checked += 1
    assert changed > 0.9 * checked  # the shuffles did move hidden cards


def test_two_samples_of_a_view_show_the_player_the_same() -> None:
    """Two full games consistent with a view (two samples of it: their hidden cards
    differ, their history of the round may too) give the player the same view, to
    the pickle's every byte; a sample of a sample's view too."""
    rng = np.random.default_rng(13)
    changed = checked = 0
    for name, game in positions()[::2]:
        if game.is_over:
            continue
        for player in range(game.players):
            view = game.view(player)
            data = view.to_dict()
            pickled = pickle.dumps(view)
            first, second = view.sample(rng), view.sample(rng)
            third = first.view(player).sample(rng)
            for sample in (first, second, third):
                seen = sample.view(player)
                assert seen.to_dict() == data, name
                assert seen.card_codes == view.card_codes, name
                assert seen.unseen() == view.unseen(), name
                assert pickle.dumps(seen) == pickled, name
            changed += hidden_state(first, player) != hidden_state(second, player)
            checked += 1
    assert changed > 0.9 * checked


def test_a_view_holds_what_the_player_may_know() -> None:
    for name, game in positions():
        for player in range(game.players):
            view = game.view(player)
            assert view.player == player
            assert view.hand == game.hand(player), name
            assert view.piles == game.piles
            assert view.table == game.table
            assert view.stock_size == len(game.stock)
            assert view.hand_sizes == tuple(len(game.hand(p)) for p in range(game.players))
            assert (view.round, view.dealer, view.to_move, view.phase) == (
                game.round,
                game.dealer,
                game.to_move,
                game.phase,
            )
            assert (view.turns, view.went_out) == (game.turns, game.went_out)
            assert (view.round_scores, view.totals) == (game.round_scores, game.totals)
            for other in range(game.players):  # known cards are held
                assert not Counter(view.known[other].codes) - Counter(game.hand(other).codes)
            for who, event in view.history:
                if who < 0:  # a reshuffle: the cards, not their order
                    assert list(event.cards) == sorted(event.cards, key=lambda card: card.code)
                elif isinstance(event, DrawStock):  # it does not say the card
                    assert event.to_dict() == {"type": "draw", "source": "stock"}
            # the cards as codes: those of the view's cards, as a view made by its
            # constructor (which keeps no codes) works them out
            codes = view.card_codes
            assert codes.hand == bytes(card.code for card in game.hand(player)), name
            assert codes.known == tuple(known.code_bytes for known in view.known), name
            assert codes.piles == tuple(bytes(c.code for c in pile) for pile in game.piles)
            reshuffled = view.reshuffled
            assert codes.reshuffled == (None if reshuffled is None else reshuffled.code_bytes)
            rebuilt = dataclasses.replace(view)
            assert "_codes" not in vars(rebuilt)
            assert rebuilt.card_codes == codes, name


def test_the_unseen_cards_are_the_stock_and_the_others_unknown_cards() -> None:
    """Worked out from the view's own fields (a view holds neither the stock nor the
    other hands): the same multiset as the stock and the other players' cards less
    their known cards; for a view made by its constructor too."""
    for name, game in positions():
        for player in range(game.players):
            view = game.view(player)
            truth = Counter(card.code for card in game.stock)
            for other in range(game.players):
                if other != player:
                    truth.update(without(game.hand(other).codes, view.known[other].codes))
            assert view.unseen().codes == tuple(sorted(truth.elements())), name
            assert dataclasses.replace(view).unseen() == view.unseen(), name


@pytest.mark.parametrize(("decks", "jokers"), [(1, 0), (1, 1), (2, 0), (1, 2), (3, 6)])
def test_a_view_made_by_hand_shows_no_more_than_the_pool(decks: int, jokers: int) -> None:
    """A view made by its constructor may show more copies of a card than the pool
    holds: its unseen cards are the pool less what it shows, as far as it goes."""
    rules = dataclasses.replace(tt.Rules.preset("pagat", players=2), decks=decks, jokers=jokers)
    view = dataclasses.replace(
        tt.Game(rules, seed=1).view(0),
        hand=tt.Hand.parse("9s 9s 9s 9s 2c"),
        piles=((tt.Card.parse("2c"),),),
    )
    pool = Counter({code: decks for code in range(52)}) + Counter({JOKER: jokers})
    left = pool - Counter(tt.Hand.parse("9s 9s 9s 9s 2c 2c").codes)
    assert view.unseen().codes == tuple(sorted(left.elements()))


PRIVATE = ("player", "hand", "dealt_hand", "stock_draws")
"""What differs between two players' views: who, and what each knows of their own cards."""


def test_views_of_different_players_differ_only_in_the_player_and_the_hand() -> None:
    for name, game in positions()[::3]:
        views = [game.view(player).to_dict() for player in range(game.players)]
        for player, data in enumerate(views):
            assert data["player"] == player
            assert data["hand"] == [str(card) for card in game.hand(player)]
            rest = {key: value for key, value in data.items() if key not in PRIVATE}
            first = {key: value for key, value in views[0].items() if key not in PRIVATE}
            assert rest == first, name
        fields = [
            {f.name: getattr(game.view(p), f.name) for f in dataclasses.fields(tt.PlayerView)}
            for p in range(game.players)
        ]
        own = (*PRIVATE, "_hidden_codes")  # and the cards hidden from each (theirs)
        for values in fields:
            assert {k: v for k, v in values.items() if k not in own} == {
                k: v for k, v in fields[0].items() if k not in own
            }


def test_a_view_never_holds_the_seed() -> None:
    seed = 2**100 + 987654321987654321
    game = tt.Game("pagat", players=3, seed=seed, max_turns=20)
    player = RandomPlayer(1)
    for _ in range(60):
        game.apply(player.choose(game))
    for who in range(3):
        view = game.view(who)
        assert "seed" not in {f.name for f in dataclasses.fields(view)}
        assert seed not in [getattr(view, f.name) for f in dataclasses.fields(view)]
        text = json.dumps(view.to_dict())
        assert "seed" not in text
        assert str(seed) not in text
        assert str(seed % 2**64) not in text
        assert not hasattr(view, "seed")


@pytest.mark.parametrize("seed", range(3))
def test_views_taken_at_every_step_equal_fresh_ones(seed: int) -> None:
    """A view reuses what earlier views of the game made (hands, the round's history,
    the draws from the stock): at every step, each player's view equals the view of
    a clone of the game (made afresh), and the views taken before are unchanged."""
    game = tt.Game("pagat", players=3, seed=seed, max_turns=40)
    player = RandomPlayer(seed, false_out_rate=0.1)
    taken = []
    while not game.is_over:
        for who in range(3):
            view = game.view(who)
            fresh = game.clone().view(who)
            assert view == fresh
            assert view.history == fresh.history
            assert view.stock_draws == fresh.stock_draws
            assert view.unseen() == fresh.unseen()
        taken.append((game.view(0), game.view(0).to_dict()))
        game.apply(player.choose(game))
    assert all(view.to_dict() == made for view, made in taken)


@pytest.mark.parametrize("seed", range(3))
def test_a_view_read_late_holds_the_game_as_it_was(seed: int) -> None:
    """Game.view leaves the history, the draws from the stock, the hidden cards and
    the cards it shows (kept as codes) to be made when first read: a view read only after the game has moved on (to
    later rounds too) holds the game as it was when taken, as a view read at once
    does; and a pickled view holds no reference to its game."""
    game = tt.Game("pagat", players=2, seed=seed, max_turns=30)
    player = RandomPlayer(seed, false_out_rate=0.1)
    taken = []
    while not game.is_over:
        read = game.view(game.to_move or 0)
        taken.append(
            (
                game.view(game.to_move or 0),
                read.history,
                read.stock_draws,
                read.unseen(),
                read.to_dict(),
                read.card_codes,
            )
        )
        game.apply(player.choose(game))
    assert len(taken) > 60
    for late, history, stock_draws, unseen, made, codes in taken[::7]:
        assert late.card_codes == codes
        assert late.unseen() == unseen
        assert late.history == history
        assert late.stock_draws == stock_draws
        assert late.to_dict() == made
        copied = pickle.loads(pickle.dumps(late))
        assert copied == late
        assert "_deferred" not in vars(copied)
        assert copied.unseen() == unseen
        assert copied.card_codes == codes
    fresh = game.view(0)
    with pytest.raises(AttributeError, match="'PlayerView' object has no attribute 'nothing'"):
        fresh.nothing  # noqa: B018


def test_known_cards_follow_draws_from_the_pile() -> None:
    """A card taken from a pile is known until it leaves the hand; a card drawn from
    the stock never is (the referee checks this at every action of random play)."""
    game = tt.Game("pagat", players=2, seed=5)
    upcard = game.piles[0][-1]
    game.apply(DrawDiscard())
    assert game.view(0).known == (tt.Hand(), tt.Hand([upcard]))
    kept = next(card for card in game.hand(1) if card != upcard)
    game.apply(DiscardCard(kept))
    assert game.view(0).known == (tt.Hand(), tt.Hand([upcard]))
    game.apply(DrawStock())
    assert game.view(1).known == (tt.Hand(), tt.Hand([upcard]))
    game.apply(DiscardCard(game.hand(0).cards[0]))
    game.apply(DrawStock())
    game.apply(DiscardCard(upcard))
    assert game.view(0).known == (tt.Hand(), tt.Hand())


def test_a_false_out_shows_no_card_that_stays_hidden() -> None:
    """A false out with melds given: whatever the history shows of the hand, the
    other players know it (it is among the player's known cards), so that the view
    and its samples stay consistent."""
    game = tt.Game("pagat", players=2, seed=0, variations=["false-out"], max_turns=50)
    player = RandomPlayer(0, false_out_rate=0)
    while True:
        if game.phase == "play":
            hand = list(game.hand(game.to_move))
            melds = tt.best_melds(tt.Hand(hand), game.prepared_round).melds
            if melds and len(hand) - len(melds[0]) >= 2:
                break
        game.apply(player.choose(game))
    mover = game.to_move
    rest = without(hand, melds[0].cards)
    game.apply(DiscardCard(rest[0], go_out=True, melds=(melds[0],)))
    view = game.view(1 - mover)
    assert view.penalties[mover] == 20
    assert view.went_out == (False, False)
    assert len(game.hand(mover)) == len(hand) - 1  # the melds stay in the hand
    who, event = view.history[-1]
    assert who == mover
    assert isinstance(event, DiscardCard)
    shown = [card for meld in event.melds or () for card in meld.cards]
    assert not Counter(shown) - Counter(view.known[mover]), (
        f"the history shows {[str(c) for c in shown]} of player {mover}'s hand,"
        f" but the view knows only {view.known[mover]}"
    )
    for seed in range(20):  # the samples keep what the history shows in that hand
        sample = view.sample(np.random.default_rng(seed))
        assert not Counter(shown) - Counter(sample.hand(mover))


# -- samples ----------------------------------------------------------------------


def test_a_sample_keeps_the_view_and_every_card_in_one_place() -> None:
    rng = np.random.default_rng(3)
    for name, game in positions():
        for player in range(game.players):
            view = game.view(player)
            sample = view.sample(rng)
            assert sample.view(player) == view, name
            assert sample.view(player).to_dict() == view.to_dict(), name
            check_pool(sample)
            assert sample.seed is None
            assert sample.stock != () or not game.stock
            for other in range(game.players):
                assert len(sample.hand(other)) == len(game.hand(other))
                assert not Counter(view.known[other].codes) - Counter(sample.hand(other).codes)
            if view.reshuffled is not None:  # the stock comes from the cards reshuffled
                assert not Counter(c.code for c in sample.stock) - Counter(view.reshuffled.codes)


def test_a_sample_depends_on_the_view_only() -> None:
    """The same generator gives the same sample from every game with this view."""
    rng = np.random.default_rng(4)
    for name, game in positions()[::4]:
        for player in range(game.players):
            shuffled = shuffle_hidden(game, player, rng)
            first = game.view(player).sample(np.random.default_rng(9))
            second = shuffled.view(player).sample(np.random.default_rng(9))
            assert hidden_state(first, player) == hidden_state(second, player), name


def test_a_sample_plays_on_to_the_end() -> None:
    """The first position of each kind and every 20th: a sample of some player's view
    is played to the game's end, checked after every action by the referee."""
    chosen = []
    kinds: set[str] = set()
    for index, (name, game) in enumerate(positions()):
        if not labels(game) <= kinds or index % 20 == 0:
            kinds |= labels(game)
            chosen.append((name, game))
    assert kinds == set(KINDS)
    rng = np.random.default_rng(5)
    for index, (name, game) in enumerate(chosen):
        if game.is_over:
            continue
        player = index % game.players
        sample = game.view(player).sample(rng)
        referee = Referee(sample, records=False, every_legal=0.05)
        referee.play(RandomPlayer(index))
        assert sample.is_over, name
        assert len(sample.round_scores) == len(sample.rules.rounds)


def test_a_sample_has_no_record() -> None:
    sample = tt.Game("pagat", players=2, seed=1).view(0).sample(2)
    with pytest.raises(
        tt.GameError, match=r"^a game made by PlayerView\.sample has no deals to record$"
    ):
        sample.to_record()


def position_mid_round(preset: str, players: int, seed: int, actions: int, dealt: int) -> tt.Game:
    rules = dataclasses.replace(tt.Rules.preset(preset, players=players), rounds=(dealt,))
    game = tt.Game(rules, seed=seed, max_turns=100)
    player = RandomPlayer(seed, draw_discard_rate=0.5, out_rate=0.0)
    for _ in range(actions):
        game.apply(player.choose(game))
    return game


@pytest.mark.parametrize(
    ("preset", "players", "seed", "actions", "dealt"),
    [
        ("pagat", 2, 31, 21, 3),
        ("pagat", 4, 32, 21, 3),
        ("wikipedia", 3, 33, 11, 3),
        ("pagat", 2, 34, 17, 10),
        ("wikipedia", 4, 35, 23, 12),
    ],
)
def test_samples_find_the_true_cards_no_more_often_than_chance(
    preset: str, players: int, seed: int, actions: int, dealt: int
) -> None:
    """Over many samples, the cards dealt to the opponents' unknown places match the
    true ones as often as a uniform deal of the hidden cards would, and the sampled
    stock's top card is the true one as often as chance.

    The bound: with N independent samples the mean number of matches has standard
    error sd / sqrt(N) (sd measured from the samples); a uniform sampler stays within
    5 standard errors of the exact expectation except with probability below 1e-6
    (the normal tail; the seed is fixed, so the test is deterministic). A sampler
    that returned the true hidden cards even 10% of the time would be far outside
    (checked below), and one that returned them always would match every card.
    """
    game = position_mid_round(preset, players, seed, actions, dealt)
    assert game.view(0).reshuffled is None  # the uniform deal: no reshuffle yet
    viewer = (game.to_move + 1) % players if game.to_move is not None else 0
    view = game.view(viewer)
    hidden = Counter(view.unseen().codes)
    truths = {
        other: without(game.hand(other).codes, view.known[other].codes)
        for other in range(players)
        if other != viewer
    }
    assert any(view.known[other] for other in truths)  # known cards stay where they are
    expected = sum(expected_matches(hidden, truth, len(truth)) for truth in truths.values())
    most = sum(len(truth) for truth in truths.values())
    top = game.stock[0].code
    samples = 3000
    rng = np.random.default_rng(seed)
    matches = []
    tops = 0
    for _ in range(samples):
        sample = view.sample(rng)
        count = 0
        for other, truth in truths.items():
            dealt = without(sample.hand(other).codes, view.known[other].codes)
            count += sum((Counter(dealt) & Counter(truth)).values())
        matches.append(count)
        tops += sample.stock[0].code == top
    mean = float(np.mean(matches))
    error = float(np.std(matches)) / math.sqrt(samples)
    assert abs(mean - expected) <= 5 * error, (mean, expected, error)
    leaky = 0.1 * most + 0.9 * expected  # a sampler leaking the truth 10% of the time
    assert abs(leaky - expected) > 10 * error
    chance = hidden[top] / sum(hidden.values())
    spread = math.sqrt(samples * chance * (1 - chance))
    assert abs(tops - samples * chance) <= 5 * spread, (tops, samples * chance, spread)


def test_a_sample_after_a_reshuffle_draws_the_stock_from_the_reshuffled_cards() -> None:
    game = tt.Game("pagat", players=2, seed=6, max_turns=300)
    player = RandomPlayer(6, out_rate=0.0, smart_rate=0.3)
    while game.view(0).reshuffled is None:
        game.apply(player.choose(game))
    view = game.view(0)
    assert view.reshuffled is not None
    reshuffled = Counter(view.reshuffled.codes)
    rng = np.random.default_rng(7)
    for _ in range(200):
        sample = view.sample(rng)
        assert not Counter(card.code for card in sample.stock) - reshuffled
        assert sample.view(0) == view
        check_pool(sample)


def test_a_sample_after_a_reshuffle_gives_new_stock_cards_only_to_who_drew_them() -> None:
    """One deck, three players: after the reshuffle player 1 draws from the new stock
    and player 2 from the pile. Player 2 cannot hold a reshuffled card they were not
    seen to take (they held none before: those cards were in the pile), so a sample
    consistent with player 0's view deals them none."""
    rules = dataclasses.replace(tt.Rules.preset("pagat", players=3), decks=1)
    game = tt.Game(rules, seed=3, max_turns=500)
    player = RandomPlayer(3, out_rate=0.0, draw_discard_rate=0.0, smart_rate=0.5)
    while game.view(0).reshuffled is None:
        game.apply(player.choose(game))
    assert (game.to_move, game.phase) == (1, "draw")
    game.apply(DrawStock())
    game.apply(player.choose(game))
    game.apply(DrawDiscard())
    game.apply(player.choose(game))
    assert game.to_move == 0
    view = game.view(0)
    assert view.reshuffled is not None
    reshuffled = set(view.reshuffled.codes)
    assert not set(without(game.hand(2).codes, view.known[2].codes)) & reshuffled
    impossible = 0
    for seed in range(100):
        sample = view.sample(np.random.default_rng(seed))
        impossible += bool(set(without(sample.hand(2).codes, view.known[2].codes)) & reshuffled)
    assert impossible == 0


def test_a_view_is_plain_data_below_the_engine() -> None:
    """A view is a frozen dataclass (engine.view's ViewData, with sample and beliefs
    added by the game): no ``__getattr__``; the fields a view of Game.view leaves for
    later are made when first read and then kept as plain attributes; a view made by
    its constructor from the same values is equal, keeps no codes, and samples and
    weighs beliefs alike."""
    from threethirteen.engine.view import ViewData

    assert issubclass(tt.PlayerView, ViewData)
    assert "__getattr__" not in vars(ViewData)
    assert "__getattr__" not in vars(tt.PlayerView)
    game = tt.Game("pagat", players=3, seed=11, max_turns=30)
    player = RandomPlayer(11)
    for _ in range(25):
        game.apply(player.choose(game))
    view = game.view(1)
    assert "history" not in vars(view)
    assert "hand" not in vars(view)
    assert view.history == view.history
    assert "history" in vars(view)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hand = tt.Hand()  # type: ignore[misc]
    made = tt.PlayerView(**{f.name: getattr(view, f.name) for f in dataclasses.fields(view)})
    assert made == view
    assert hash(made) == hash(view)
    assert repr(made) == repr(view)
    assert "_codes" not in vars(made)
    assert made.history_parts is None
    assert made.card_codes == view.card_codes
    assert made.unseen() == view.unseen()
    assert made.sample(3).view(1) == view.sample(3).view(1) == view
    assert np.array_equal(made.beliefs(), view.beliefs())
    assert made.sample(4, weighted=True).hand(0) == view.sample(4, weighted=True).hand(0)
