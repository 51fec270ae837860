"""A view holds nothing hidden: not even by reference.

Comparing views (tests/test_game_views.py) shows what a view says; a bot in the
same process can read more than that: every object the view refers to, and what
those refer to. Here every object reachable from a :class:`~threethirteen.PlayerView`
is walked (``gc.get_referents``, transitively), from views taken in every phase of
random games (presets, variations, 2 and 4 players, reshuffles, game over), read
and unread, pickled and sampled from, and none of them may be

- a :class:`~threethirteen.Game`, or one of the game's own containers (its lists
  and dicts: the stock, the hands, the history, the known cards, the deal record,
  the other players' dealt hands...), found by identity: a bot could read the
  game through it, or change it;
- a sequence of card codes (ints, bytes) or cards that is the stock's order, the
  stock's cards, another player's cards unknown to the viewer, or that player's
  whole hand, when that is not also something public (small coincidences aside:
  the stock's order and cards are looked for when the stock holds 5 cards or
  more, the other cards when 2 or more are unknown).

What is not walked into, and why: classes, modules and code objects (a view's
class, a function's code and its module's globals) are code shared by every view
and every game, not data a view holds; through a module's globals every cache of
the library would be reached. A function's data is walked: its closure's cells,
its defaults, its ``__dict__`` (and a bound method's object); and a weak reference
is followed to its object. The walker is shown to find a game, its stock, its
hands and its history when something reachable holds them.
"""

from __future__ import annotations

import dataclasses
import gc
import pickle
import types
import weakref
from collections import Counter
from collections.abc import Iterable, Iterator

import numpy as np
import pytest

import threethirteen as tt
from tests.game_checks import KINDS, RandomPlayer, labels, without
from threethirteen.engine.game import Reshuffle
from threethirteen.hands.cards import JOKER

CODE_TYPES = (type, types.ModuleType, types.CodeType)
"""Not walked into: code shared by every view and every game (see the docstring)."""


def is_function(value: object) -> bool:
    """A Python function, or a function of a compiled module (Cython's)."""
    return isinstance(value, types.FunctionType) or type(value).__name__ in (
        "cython_function_or_method",
        "fused_cython_function",
    )


def referents(value: object) -> list[object]:
    """What the walk follows from ``value``."""
    if isinstance(value, CODE_TYPES):
        return []
    if is_function(value):  # its data, not its code or its module's globals
        found: list[object] = list(getattr(value, "__closure__", None) or ())
        for name in ("__defaults__", "__kwdefaults__", "__dict__"):
            found.append(getattr(value, name, None))
        return found
    if isinstance(value, weakref.ref):
        return [value()]
    return list(gc.get_referents(value))


def reachable(root: object) -> Iterator[object]:
    """Every object reachable from ``root`` (``root`` first), each once."""
    seen = {id(root)}
    stack = [root]
    while stack:
        value = stack.pop()
        yield value
        for item in referents(value):
            if id(item) not in seen:
                seen.add(id(item))
                stack.append(item)


def containers(value: object) -> Iterator[object]:
    """``value`` and the lists, dicts, sets and bytearrays in it, when it is one of
    those (or a tuple holding them)."""
    if isinstance(value, (list, dict, set, bytearray)):
        yield value
    if isinstance(value, (list, tuple, set)):
        for item in value:
            yield from containers(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from containers(item)


def forbidden(game: tt.Game, player: int) -> list[object]:
    """The game's own objects a view of ``player`` must not reach: every container
    of its state (and the containers in them), the other players' dealt hands, and
    a sampled game's pending deal."""
    found: list[object] = [game]
    for name in type(game).__slots__:
        value = getattr(game, name, None)
        found.extend(containers(value))
    state = game._r  # the round's state, in an object of its own
    found.append(state)
    for name in type(state).__slots__:
        found.extend(containers(getattr(state, name, None)))
    dealt = state.dealt_hands
    if dealt:
        found.append(dealt)
        found.extend(hand for other, hand in enumerate(dealt) if other != player and hand)
    if state.pending is not None:
        found.append(state.pending)
        found.extend(containers([state.pending.hands, state.pending.stock]))
    return found


def as_codes(value: object) -> tuple[int, ...] | None:
    """The card codes ``value`` holds, when it is a sequence of card codes, cards or
    card names; else ``None``."""
    if isinstance(value, (bytes, bytearray)):
        return tuple(value)
    if not isinstance(value, (tuple, list)) or not value:
        return None
    if all(type(item) is int and 0 <= item <= JOKER for item in value):
        return tuple(value)
    if all(isinstance(item, tt.Card) for item in value):
        return tuple(card.code for card in value)
    if all(isinstance(item, str) for item in value):
        try:
            return tuple(tt.Card.parse(item).code for item in value)
        except tt.ThreeThirteenError:
            return None
    return None


def multiset(codes: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(codes))


def public_multisets(view: tt.PlayerView) -> set[tuple[int, ...]]:
    """The multisets of cards (and small ints) the view shows: a reachable sequence
    equal to one of them says nothing hidden, whatever it is."""
    shown: list[Iterable[int]] = [
        view.hand.codes,
        view.dealt_hand.codes,
        [card.code for card in view.stock_draws],
        view.unseen().codes,
        view.hand_sizes,
        view.totals,
        view.penalties,
        view.false_outs,
        view.went_out,
        view.has_melded,
        *view.round_scores,
        *(known.codes for known in view.known),
        *([card.code for card in pile] for pile in view.piles),
        *([card.code for card in item.meld.cards] for item in view.table),
    ]
    if view.reshuffled is not None:
        shown.append(view.reshuffled.codes)
    for _, event in view.history:
        if isinstance(event, Reshuffle):
            shown.append(event.cards.codes)
        melds = getattr(event, "melds", None) or ()
        if isinstance(event, tt.LayMeld):
            melds = (event.meld,)
        shown.extend([card.code for card in meld.cards] for meld in melds)
    return {multiset(int(value) for value in codes) for codes in shown}


def secrets(
    game: tt.Game, player: int, view: tt.PlayerView
) -> tuple[set[tuple[int, ...]], set[tuple[int, ...]]]:
    """What the view must not hold: sequences (the stock's order, top first and
    bottom first; each reshuffle's order; the stock as dealt) and multisets (the
    stock's cards; each other player's unknown cards and whole hand)."""
    public = public_multisets(view)
    orders: set[tuple[int, ...]] = set()
    stock = tuple(card.code for card in game.stock)
    if len(stock) >= 5:
        orders |= {stock, stock[::-1]}
    orders |= {tuple(order) for order in game._r.orders if len(order) >= 5}
    dealt_stock = game._r.deal_record.get("stock", [])
    if len(dealt_stock) >= 5:
        codes = tuple(tt.Card.parse(card).code for card in dealt_stock)
        orders |= {codes, codes[::-1]}
    hidden: set[tuple[int, ...]] = set()
    if len(stock) >= 5:
        hidden.add(multiset(stock))
    for other in range(game.players):
        if other == player:
            continue
        hand = game.hand(other).codes
        unknown = without(hand, view.known[other].codes)
        if len(unknown) >= 2:
            hidden |= {multiset(unknown), multiset(hand)}
    return orders, hidden - public


def leaks(
    root: object, game: tt.Game, player: int, view: tt.PlayerView, values: bool = True
) -> list[str]:
    """What reachable from ``root`` a view of ``player`` must not hold (see the
    module's docstring), described; ``[]`` when nothing. ``view``: the player's view
    of ``game`` now, for what is public. ``values=False``: the game and its objects
    only, not the hidden cards' values."""
    banned = forbidden(game, player)  # (kept alive while walking: their ids stay theirs)
    banned_ids = {id(value): value for value in banned}
    orders, hidden = secrets(game, player, view) if values else (set(), set())
    found = []
    for value in reachable(root):
        if isinstance(value, tt.Game):
            found.append(f"a game: {value!r}")
        elif id(value) in banned_ids:
            found.append(f"the game's own {type(value).__name__}: {value!r:.80}")
        else:
            codes = as_codes(value)
            if codes is None:
                continue
            if codes in orders:
                found.append(f"the stock's order: {value!r:.80}")
            elif len(codes) >= 2 and multiset(codes) in hidden:
                found.append(f"hidden cards: {value!r:.80}")
    return found


# -- the walker finds what it looks for ---------------------------------------------


def a_game_with_history() -> tt.Game:
    game = tt.Game("pagat", players=3, seed=5, max_turns=100)
    player = RandomPlayer(5)
    for _ in range(20):
        game.apply(player.choose(game))
    return game


def test_the_walker_finds_a_game_and_its_parts() -> None:
    game = a_game_with_history()
    view = game.view(0)
    assert leaks(view, game, 0, view) == []
    assert leaks((game,), game, 0, view)[0].startswith("a game: <Game pagat")
    found = leaks(([1, 2], {"x": game._r.stock}), game, 0, view)
    assert found == [f"the game's own list: {game._r.stock!r:.80}"]
    assert leaks([game._r.events], game, 0, view)[0].startswith("the game's own list: [(1, ")
    assert leaks({"hands": game._r.hands[1]}, game, 0, view) == [
        f"the game's own list: {game._r.hands[1]!r:.80}"
    ]


def test_the_walker_finds_hidden_cards_in_copies() -> None:
    game = a_game_with_history()
    view = game.view(0)
    stock = game.stock
    # copies, in every form: cards, codes, bytes, names, reversed, sorted
    assert leaks([tuple(stock)], game, 0, view) == [f"the stock's order: {tuple(stock)!r:.80}"]
    codes = [card.code for card in stock]
    for copy in (codes[::-1], bytes(codes), [str(card) for card in stock], sorted(codes)):
        assert len(leaks(copy, game, 0, view)) == 1, copy
    other = [card.code for card in game.hand(1)]
    assert leaks(("x", (other,)), game, 0, view) == [f"hidden cards: {other!r:.80}"]
    # a view's own cards, and what everyone has seen, are not hidden
    assert leaks([list(view.hand.codes), list(view.unseen().codes)], game, 0, view) == []


class Holder:
    def __init__(self, value: object) -> None:
        self.value = value


def test_the_walker_follows_closures_bound_methods_and_weak_references() -> None:
    game = a_game_with_history()
    view = game.view(0)
    hands = game._r.hands
    assert leaks(lambda: hands, game, 0, view)[0] == f"the game's own list: {hands!r:.80}"
    assert leaks(game._r.events.append, game, 0, view)[0].startswith("the game's own list")
    assert leaks(game.legal_actions, game, 0, view)[0].startswith("a game")
    holder = Holder(game)
    assert leaks(weakref.ref(holder), game, 0, view)[0].startswith("a game")
    # a view with a hidden part, as one that kept the game's lists would be
    object.__setattr__(view, "_kept", (game._r.stock,))
    assert leaks(view, game, 0, view) == [f"the game's own list: {game._r.stock!r:.80}"]


# -- views of random games ---------------------------------------------------------

TABLES = (
    ("pagat", (), 2),
    ("pagat", ("separate-discards", "false-out"), 4),
    ("family", (), 2),
    ("family", ("jokers",), 4),
    ("bga", ("redemption", "jokers"), 2),
    ("bga", ("redemption", "separate-discards", "false-out"), 4),
)


def short_rules(name: str, variations: tuple[str, ...], players: int) -> tt.Rules:
    """The rules with two rounds, the first and the last of the schedule."""
    rules = tt.Rules.preset(name, list(variations), players=players)
    return dataclasses.replace(rules, rounds=(rules.rounds[0], rules.rounds[-1]))


def read_everything(view: tt.PlayerView) -> None:
    """Every field and every cache of a view made; and the history's events say
    nothing hidden: a draw from the stock not the card, a reshuffle its cards
    (sorted) and not their order."""
    for item in dataclasses.fields(view):
        getattr(view, item.name)
    view.to_dict()
    view.card_codes  # noqa: B018
    view.unseen()
    view.beliefs()  # (kept on the view: worked out from its public fields)
    for _, event in view.history:
        if isinstance(event, tt.DrawStock):
            assert dataclasses.fields(event) == ()
        elif isinstance(event, Reshuffle):
            assert [item.name for item in dataclasses.fields(event)] == ["cards"]
            assert isinstance(event.cards, tt.Hand)  # (sorted)


@pytest.mark.parametrize("table", TABLES, ids=lambda table: "-".join([table[0], *table[1]]))
def test_no_view_reaches_the_game_or_a_hidden_card(
    table: tuple[str, tuple[str, ...], int],
) -> None:
    preset, variations, players = table
    rules = short_rules(preset, variations, players)
    index = TABLES.index(table)
    game = tt.Game(rules, players=players, seed=200 + index, max_turns=250)
    player = RandomPlayer(200 + index, out_rate=0.05, smart_rate=0.3, false_out_rate=0.1)
    rng = np.random.default_rng(index)
    kinds: set[str] = set()
    checked = 0
    late: list[tuple[tt.PlayerView, int, tt.Game]] = []
    count = 0
    while True:
        found = labels(game)
        if count % 17 == 0 or not found <= kinds or game.is_over:
            kinds |= found
            for seat in range(players):
                view = game.view(seat)
                assert leaks(view, game, seat, view) == [], (count, seat)
                read_everything(view)
                assert leaks(view, game, seat, view) == [], (count, seat)
                if not game.is_over:
                    sample = view.sample(rng)  # the sample holds the view, not the reverse
                    assert leaks(view, game, seat, view) == []
                    assert leaks(view, sample, seat, view) == []
                    weighted = view.sample(rng, weighted=True)
                    assert leaks(view, weighted, seat, view) == []
                copied = pickle.loads(pickle.dumps(view))
                assert leaks(copied, game, seat, view) == []
                checked += 1
            if count % 51 == 0:  # an unread view, walked after the game has moved on
                late.append((game.view(count % players), count % players, game.clone()))
        if game.is_over:
            break
        game.apply(player.choose(game))
        count += 1
    for view, seat, then in late:  # (then: the game when the view was taken)
        assert leaks(view, game, seat, game.view(seat), values=False) == []
        assert leaks(view, then, seat, then.view(seat)) == []
    assert checked > 20
    assert {"draw", "play", "over", "known cards"} <= kinds
    if players == 2 and preset == "pagat":
        assert "after a reshuffle" in kinds
    if "false-out" in variations:
        assert "false out" in kinds
    if preset == "family" or "redemption" in variations:
        assert kinds & {"table play", "redemption"}


def test_the_tables_cover_every_kind_of_position() -> None:
    """(The kinds the test above checks per table: here, that the tables together
    reach every kind the leak tests know.)"""
    covered: Counter[str] = Counter()
    for index, (preset, variations, players) in enumerate(TABLES):
        game = tt.Game(
            short_rules(preset, variations, players),
            players=players,
            seed=200 + index,
            max_turns=250,
        )
        player = RandomPlayer(200 + index, out_rate=0.05, smart_rate=0.3, false_out_rate=0.1)
        while not game.is_over:
            covered.update(labels(game))
            game.apply(player.choose(game))
        covered.update(labels(game))
    missing = [kind for kind in KINDS if not covered[kind]]
    assert missing == []
