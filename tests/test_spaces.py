"""The observation and action spaces (threethirteen.adapters.spaces): sizes, the planes'
exact contents, round trips of every legal action in random games of every preset
and variation, masks, leaks, seat symmetry and bad input."""

from __future__ import annotations

import functools

import numpy as np
import pytest

import threethirteen as tt
from tests.game_checks import RandomPlayer, positions, shuffle_hidden
from threethirteen import Action, Card, DiscardCard, LayMeld, LayOff
from threethirteen.adapters.spaces import (
    action_count,
    action_indices,
    action_mask,
    action_ranges,
    action_to_index,
    describe_index,
    encode_observation,
    index_to_action,
    observation_bounds,
    observation_planes,
    observation_shape,
    score_rewards,
    table_melds_bound,
    view_text,
    worst_loss,
)
from threethirteen.engine.game import TableMeld

# -- sizes ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "players", "variations", "shape", "count"),
    [
        ("pagat", 2, (), 469, 108),
        ("pagat", 4, (), 697, 108),
        ("pagat", 3, ("separate-discards", "joker-discards", "jokers"), 795, 112),
        ("wikipedia", 5, (), 811, 108),
        ("bga", 2, ("redemption",), 909, 7325),
        ("family", 2, (), 1404, 11102),
        ("family", 4, (), 2635, 12088),
        ("family", 8, ("jokers",), 5545, 20553),
    ],
)
def test_sizes(
    preset: str, players: int, variations: tuple[str, ...], shape: int, count: int
) -> None:
    assert observation_shape(preset, players, variations) == (shape,)
    assert action_count(preset, players, variations) == count
    planes = observation_planes(preset, players, variations)
    assert next(iter(planes.values())).start == 0
    ends = [plane.stop for plane in planes.values()]
    assert [plane.start for plane in planes.values()][1:] == ends[:-1]  # no gaps
    assert ends[-1] == shape
    blocks = action_ranges(preset, players, variations)
    assert [block.start for block in blocks.values()][1:] == [b.stop for b in blocks.values()][:-1]
    assert list(blocks.values())[-1].stop == count
    rules = tt.Rules.preset(preset, variations, players=players)
    assert observation_shape(rules, players) == (shape,)
    assert action_count(rules, players) == count


def test_the_table_bound() -> None:
    assert table_melds_bound("pagat", 2) == 8  # 2 players, (13 + 1) // 3
    assert observation_planes("pagat", 2)["table_melds"] == slice(424, 424)  # no lay-offs
    # redemption: each of 3 players lays at most (13 + 1) // 3 melds
    assert table_melds_bound("pagat", 3, ["redemption"]) == 12
    assert table_melds_bound("pagat", 3, ["redemption", "longer-game"]) == 15
    # table play: the pool (2 decks) over the smallest meld (3 cards)
    assert table_melds_bound(tt.Rules.preset("family", players=4), 4) == 34
    assert table_melds_bound("family", 4, ["jokers"]) == (104 + 4) // 3
    assert table_melds_bound("family", 8, ["jokers"]) == (208 + 8) // 3


# -- the planes of a scripted view -----------------------------------------------------


def cards_of(vector: np.ndarray) -> dict[str, float]:
    return {str(Card(int(code))): float(vector[code]) for code in vector.nonzero()[0]}


def test_the_planes_of_a_view() -> None:
    game = tt.Game("pagat", players=3, seed=42)
    # player 1 draws the upcard, discards; player 2 draws the stock and discards
    game.apply("draw discard")
    game.apply(DiscardCard(next(iter(game.hand(1)))))
    game.apply("draw stock")
    game.apply(DiscardCard(list(game.hand(2))[-1]))
    view = game.view(0)
    vector = encode_observation(view)
    planes = observation_planes("pagat", 3)
    assert vector.dtype == np.float32
    assert cards_of(vector[planes["hand"]]) == {str(c): 1.0 for c in view.hand}
    assert vector[planes["wild"]].tolist() == [0.0, 0.0, 1.0] + [0.0] * 10  # 3s wild
    assert vector[planes["round"]].tolist() == [1.0] + [0.0] * 10
    assert vector[planes["phase"]].tolist() == [1.0, 0.0, 0.0]  # player 0 draws
    assert vector[planes["to_move"]].tolist() == [1.0, 0.0, 0.0]
    assert vector[planes["dealer"]].tolist() == [1.0, 0.0, 0.0]  # player 0 deals
    assert vector[planes["hand_sizes"]].tolist() == [3 / 16] * 3
    pile = [str(card) for card in view.piles[0]]
    assert cards_of(vector[planes["pile_tops"]]) == {pile[-1]: 1.0}
    assert sum(cards_of(vector[planes["piles"]]).values()) == len(pile)
    assert set(cards_of(vector[planes["piles"]])) == set(pile)
    known = vector[planes["known"]].reshape(3, 53)
    assert known[0].sum() == 0  # nobody knows a card of player 0's
    assert cards_of(known[1]) == {str(c): 1.0 for c in view.known[1]}  # the upcard
    assert known[2].sum() == 0
    assert len(view.known[1]) == 1
    assert vector[planes["stock_size"]].tolist() == [pytest.approx(view.stock_size / 104)]
    assert vector[planes["turns"]].tolist() == [pytest.approx(0.02)]
    for name in ("went_out", "first_out", "has_melded", "penalties", "totals", "reshuffled"):
        assert vector[planes[name]].sum() == 0, name
    assert vector[planes["table"]].sum() == 0
    # the same position seen by player 1: its own row first, the dealer on its right
    vector = encode_observation(game.view(1))
    assert vector[planes["dealer"]].tolist() == [0.0, 0.0, 1.0]
    assert vector[planes["to_move"]].tolist() == [0.0, 0.0, 1.0]
    known = vector[planes["known"]].reshape(3, 53)
    assert cards_of(known[0]) == {str(c): 1.0 for c in view.known[1]}


def test_the_planes_of_the_table_and_scores() -> None:
    game = tt.Game("family", players=2, seed=3, max_turns=30)
    random_player = RandomPlayer(3, lay_rate=0.0)
    for _ in range(1000):  # play on until someone can lay a meld and keep cards
        player = game.to_move
        assert player is not None
        lays = [a for a in game.legal_actions() if isinstance(a, LayMeld)]
        if lays and len(game.hand(player)) > len(lays[0].meld) + 1:
            break
        game.apply(random_player.choose(game))
    assert player is not None
    game.apply(lays[0])
    meld = lays[0].meld
    other = 1 - player
    planes = observation_planes(game.rules, 2)
    for viewer, seat in ((player, 0), (other, 1)):
        vector = encode_observation(game.view(viewer))
        table = vector[planes["table"]].reshape(2, 53)
        assert cards_of(table[seat]) == {str(c): float(meld.cards.count(c)) for c in meld.cards}
        assert table[1 - seat].sum() == 0
        slots = vector[planes["table_melds"]].reshape(-1, 53)
        assert cards_of(slots[0]) == {
            str(c): float(meld.stands_for.count(c)) for c in meld.stands_for
        }
        assert slots[1:].sum() == 0
        owners = vector[planes["table_owners"]].reshape(-1, 2)
        assert owners[0].tolist() == [1.0 - seat, float(seat)]
        assert owners[1:].sum() == 0
        assert vector[planes["has_melded"]].tolist() == [1.0 - seat, float(seat)]


def test_scores_are_seat_relative() -> None:
    game = tt.Game("pagat", players=3, seed=5, max_turns=6)
    player = RandomPlayer(5)
    while game.round == 1:
        game.apply(player.choose(game))
    planes = observation_planes("pagat", 3)
    totals = game.totals
    assert any(totals)
    for viewer in range(3):
        vector = encode_observation(game.view(viewer))
        expected = [totals[(viewer + k) % 3] / 100 for k in range(3)]
        assert vector[planes["totals"]].tolist() == pytest.approx(expected)
        assert vector[planes["round"]].tolist()[:2] == [0.0, 1.0]


# -- random games of every preset and variation -----------------------------------------

TABLES = [
    ("pagat", (), 2),
    ("pagat", (), 4),
    ("wikipedia", (), 3),
    ("bga", (), 2),
    ("family", (), 3),
    ("family", (), 2),
    *((preset, (name,), 3) for preset in ("pagat", "family") for name in tt.VARIATIONS
      if name != "joker-discards"),
    ("pagat", ("separate-discards", "joker-discards", "jokers"), 3),
    ("family", ("separate-discards", "joker-discards", "jokers"), 4),
    ("bga", ("redemption", "jokers", "no-all-wild-melds"), 3),
    ("pagat", ("redemption", "aces-high", "jokers", "false-out"), 2),
    ("family", ("jokers", "go-around-first", "longer-game"), 2),
]  # fmt: skip


@functools.cache
def decisions(preset: str, variations: tuple[str, ...], players: int) -> list[tt.Game]:
    """Positions (clones) of a random game: every decision of its first 600 actions
    (rounds of at most 30 turns)."""
    index = TABLES.index((preset, variations, players))
    game = tt.Game(preset, players=players, seed=index, variations=variations, max_turns=30)
    player = RandomPlayer(index, lay_rate=0.8, false_out_rate=0.1)
    found = []
    count = 0
    while not game.is_over and count < 600:
        found.append(game.clone())
        game.apply(player.choose(game))
        count += 1
    found.append(game)
    return found


def describe(action: Action) -> str:
    """The action's notation, a set's natural cards by suit first, then its wild
    cards in card order, each ``wild=identity``."""
    if not isinstance(action, LayMeld):
        return str(action)
    meld = action.meld
    pairs = list(zip(meld.cards, meld.stands_for, strict=True))
    if meld.kind == "set":
        rank = meld.stands_for[0].code % 13
        natural = sorted(card.code // 13 for card, identity in pairs if card == identity)
        tokens = [str(tt.Card(suit * 13 + rank)) for suit in natural]
        wilds = sorted((card.code, identity.code) for card, identity in pairs if card != identity)
        tokens += [f"{tt.Card(code)}={tt.Card(identity)}" for code, identity in wilds]
        return "meld " + " ".join(tokens)
    tokens = [str(card) if card == identity else f"{card}={identity}" for card, identity in pairs]
    return "meld " + " ".join(tokens)


@pytest.mark.parametrize(("preset", "variations", "players"), TABLES)
def test_every_legal_action_round_trips(
    preset: str, variations: tuple[str, ...], players: int
) -> None:
    shape = observation_shape(preset, players, variations)
    count = action_count(preset, players, variations)
    kinds: set[str] = set()
    for game in decisions(preset, variations, players):
        if game.is_over:
            continue
        assert game.to_move is not None
        view = game.view(game.to_move)
        legal = game.legal_actions()
        assert encode_observation(view).shape == shape
        assert len(view.table) <= table_melds_bound(view.rules, players)
        indices = [action_to_index(action, view) for action in legal]
        assert action_indices(view, legal) == indices
        assert all(0 <= index < count for index in indices)
        mask = action_mask(view, legal)
        assert mask.dtype == np.int8
        assert mask.shape == (count,)
        # a bijection: the mask's true entries and the legal actions, one to one
        assert len(set(indices)) == len(legal)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(indices)
        for action, index in zip(legal, indices, strict=True):
            assert index_to_action(index, view, legal) == action
            assert describe(action) == describe_index(index, view)
            kinds.add(type(action).__name__)
        for index in range(count):
            if not mask[index]:
                with pytest.raises(
                    tt.IllegalActionError, match=f"no legal action has index {index} "
                ):
                    index_to_action(index, view, legal)
                break
    rules = tt.Rules.preset(preset, variations, players=players)
    if rules.layoff:
        assert {"LayMeld", "LayOff"} <= kinds


@pytest.mark.parametrize(("preset", "variations", "players"), TABLES)
def test_every_observation_lies_within_the_bounds(
    preset: str, variations: tuple[str, ...], players: int
) -> None:
    low, high = observation_bounds(preset, players, variations, max_turns=30)
    shape = observation_shape(preset, players, variations)
    assert low.shape == high.shape == shape
    assert low.dtype == high.dtype == np.float32
    assert (low <= high).all()
    assert np.isfinite(low).all()
    assert np.isfinite(high).all()
    planes = observation_planes(preset, players, variations)
    for game in decisions(preset, variations, players):
        for seat in range(players):
            vector = encode_observation(game.view(seat))
            outside = np.flatnonzero((vector < low) | (vector > high))
            assert not outside.size, [
                (name, vector[at], low[at], high[at])
                for at in outside
                for name, place in planes.items()
                if place.start <= at < place.stop
            ]


def test_the_bounds_are_tight_where_they_can_be() -> None:
    low, high = observation_bounds("family", 4, ["jokers"], max_turns=250)
    planes = observation_planes("family", 4, ["jokers"])
    assert high[planes["hand"]].tolist() == [2.0] * 52 + [4.0]  # two decks, four jokers
    assert high[planes["pile_tops"]].tolist() == [1.0] * 53
    # a joker stands for no card: always 0, bounded by 0 and 1 (equal bounds are refused)
    assert high[planes["table_melds"]].tolist()[:53] == [2.0 + 8 + 4] * 52 + [1.0]
    assert high[planes["hand_sizes"]].tolist() == [14 / 16] * 4
    assert high[planes["penalties"]].tolist() == [1.0] * 4  # no false outs: 0, within 0 and 1
    assert low[planes["totals"]].tolist() == [0.0] * 4
    pagat = observation_planes("pagat", 2)
    low, high = observation_bounds("pagat", 2, max_turns=5)
    assert high[pagat["totals"]].tolist() == [np.float32(9.9)] * 2  # 10 a card: 990
    _, high = observation_bounds("pagat", 2, ["false-out"], max_turns=5)
    assert high[pagat["penalties"]].tolist() == [1.0, 1.0]  # 20 a turn, 5 turns
    _, high = observation_bounds("pagat", 2, ["false-out"])  # no turn limit: no bound
    assert high[pagat["penalties"]].tolist() == [np.finfo(np.float32).max] * 2
    low, _ = observation_bounds("pagat", 2, ["first-out-bonus=-10"], max_turns=5)
    assert low[pagat["totals"]].tolist() == [np.float32(-1.1)] * 2  # 11 rounds
    with pytest.raises(tt.GameError, match=r"^max_turns must be an int, not 'x'$"):
        observation_bounds("pagat", 2, max_turns="x")  # type: ignore[arg-type]


@pytest.mark.parametrize("limit", [None, 1, 30, 250])
def test_the_turns_plane_covers_the_turn_limit(limit: int | None) -> None:
    turns = observation_planes("pagat", 2)["turns"]
    game = tt.Game("pagat", players=2, seed=1, max_turns=limit)
    player = RandomPlayer(1)
    for _ in range(2000):
        if game.round > 2:
            break
        view = game.view(0)
        expected = view.turns / limit if limit else min(view.turns / 100, 1)
        assert encode_observation(view)[turns].tolist() == [np.float32(expected)]
        game.apply(player.choose(game))


def test_the_lay_off_block_tells_the_ends_apart() -> None:
    round_game = tt.Game("bga", players=2, seed=0, variations=["redemption"])
    view = round_game.view(0)
    # a hand-made view: a run 5h 6h 7h on the table, a joker for either end
    import dataclasses

    meld = tt.Meld.parse("5h 6h 7h")
    view = dataclasses.replace(view, table=(TableMeld(1, meld),), hand=tt.Hand.parse("Jk 8h 4h"))
    low = LayOff(Card.parse("Jk"), 0, Card.parse("4h"))
    high = LayOff(Card.parse("Jk"), 0, Card.parse("8h"))
    start = action_ranges(view.rules, 2)["lay_off"].start
    assert action_to_index(low, view) == start + 52
    assert action_to_index(high, view) == start + 53 + 4
    assert action_to_index(LayOff(Card.parse("Jk"), 0), view) == start + 53 + 4  # up
    assert action_to_index(LayOff(Card.parse("8h"), 0), view) == start + 33
    assert describe_index(start + 57, view) == "lay off Jk=8h on 0"
    assert describe_index(start + 52, view) == "lay off Jk=4h on 0"
    assert describe_index(start + 33, view) == "lay off 8h on 0"


# -- every plane, against a plain reference -------------------------------------------


def reference(view: tt.PlayerView) -> np.ndarray:
    """The observation written out plane by plane, the slow way."""
    n = view.players
    planes = observation_planes(view.rules, n)
    vector = np.zeros(observation_shape(view.rules, n), dtype=np.float32)

    def plane(name: str, rows: int | None = None) -> np.ndarray:
        return vector[planes[name]] if rows is None else vector[planes[name]].reshape(rows, -1)

    def seat(k: int) -> int:  # relative seat k: the observer, then the left, ...
        return (view.player + k) % n

    for card in view.hand:
        plane("hand")[card.code] += 1
    known = plane("known", n)
    for k in range(n):
        for card in view.known[seat(k)]:
            known[k, card.code] += 1
    separate = view.rules.separate_discards
    tops, piles = plane("pile_tops", len(view.piles)), plane("piles", len(view.piles))
    for k in range(len(view.piles)):
        pile = view.piles[seat(k) if separate else k]
        for card in pile:
            piles[k, card.code] += 1
        if pile:
            tops[k, pile[-1].code] = 1
    if view.reshuffled is not None:
        for card in view.reshuffled:
            plane("reshuffled")[card.code] += 1
    slots = planes["table_melds"].stop - planes["table_melds"].start
    slots //= 53
    table = plane("table", n)
    melds = vector[planes["table_melds"]].reshape(slots, 53)
    owners = vector[planes["table_owners"]].reshape(slots, n)
    for slot, table_meld in enumerate(view.table):
        k = (table_meld.owner - view.player) % n
        for card in table_meld.meld.cards:
            table[k, card.code] += 1
        if slots:
            for card in table_meld.meld.stands_for:
                melds[slot, card.code] += 1
            owners[slot, k] = 1
    plane("wild")[view.wild - 1] = 1
    plane("round")[view.round - 1] = 1
    plane("phase")[("draw", "play", "over").index(view.phase)] = 1
    if view.to_move is not None:
        plane("to_move")[(view.to_move - view.player) % n] = 1
    plane("dealer")[(view.dealer - view.player) % n] = 1
    if view.first_out is not None:
        plane("first_out")[(view.first_out - view.player) % n] = 1
    for k in range(n):
        plane("hand_sizes")[k] = view.hand_sizes[seat(k)] / 16
        plane("went_out")[k] = view.went_out[seat(k)]
        plane("has_melded")[k] = view.has_melded[seat(k)]
        plane("penalties")[k] = view.penalties[seat(k)] / 100
        plane("totals")[k] = view.totals[seat(k)] / 100
    pool = 52 * view.rules.decks + view.rules.jokers
    plane("stock_size")[0] = view.stock_size / pool
    limit = view.max_turns
    plane("turns")[0] = view.turns / limit if limit else min(view.turns / 100, 1)
    return vector


def test_every_plane_matches_the_reference() -> None:
    checked = 0
    for name, game in positions():
        for player in range(game.players):
            view = game.view(player)
            assert np.allclose(encode_observation(view), reference(view), rtol=1e-6), name
            checked += 1
    for table in TABLES[-5:]:
        for game in decisions(*table)[::3]:
            view = game.view(game.to_move if game.to_move is not None else 0)
            assert np.allclose(encode_observation(view), reference(view), rtol=1e-6), table
            checked += 1
    assert checked > 1000


# -- no leaks ------------------------------------------------------------------------------


def test_the_observation_is_unchanged_when_hidden_cards_are_shuffled() -> None:
    rng = np.random.default_rng(14)
    checked = 0
    for name, game in positions()[::2]:
        for player in range(game.players):
            vector = encode_observation(game.view(player))
            shuffled = shuffle_hidden(game, player, rng)
            again = encode_observation(shuffled.view(player))
            assert np.array_equal(vector, again), name
            if not game.is_over and game.to_move == player:
                legal = game.legal_actions()
                assert np.array_equal(
                    action_mask(game.view(player), legal),
                    action_mask(shuffled.view(player), shuffled.legal_actions()),
                ), name
            checked += 1
    assert checked > 300


def test_seats_see_the_same_public_planes() -> None:
    """Rotating the seats: the public planes of two players' observations are the
    same up to the seat order."""
    public = ("hand_sizes", "went_out", "has_melded", "totals")
    for name, game in positions()[::7]:
        n = game.players
        planes = observation_planes(game.rules, n)
        vectors = [encode_observation(game.view(p)) for p in range(n)]
        for p in range(n):
            for plane in public:
                rotated = np.roll(vectors[0][planes[plane]], -p)
                assert np.array_equal(vectors[p][planes[plane]], rotated), (name, plane)
            for plane in ("wild", "round", "phase", "stock_size", "piles", "reshuffled"):
                if plane == "piles" and game.rules.separate_discards:
                    continue
                assert np.array_equal(vectors[p][planes[plane]], vectors[0][planes[plane]])


# -- out= and bad input ----------------------------------------------------------------


def test_out_is_filled_in_place() -> None:
    game = tt.Game("pagat", players=2, seed=1)
    out = np.full(observation_shape("pagat", 2), 7.0, dtype=np.float32)
    result = encode_observation(game.view(0), out=out)
    assert result is out
    assert np.array_equal(out, encode_observation(game.view(0)))
    wide = np.full((469, 2), 7.0, dtype=np.float32)  # a strided column: written through
    assert encode_observation(game.view(0), out=wide[:, 1]) is not None
    assert np.array_equal(wide[:, 1], out)
    assert (wide[:, 0] == 7.0).all()


def test_a_read_only_out_is_refused() -> None:
    out = np.zeros(469, dtype=np.float32)
    out.flags.writeable = False
    with pytest.raises(tt.GameError, match=r"^out must be a writeable array, not a read-only one$"):
        encode_observation(tt.Game("pagat", players=2, seed=1).view(0), out=out)


@pytest.mark.parametrize("implementation", ["cython", "python"])
def test_fill_observation_counts_places_and_scales_numbers(implementation: str) -> None:
    """The kernel under the encoder, in each backend: counts of places, then numbers
    times scales; -1 (nothing else) for a place outside the counts or sizes that
    disagree."""
    from threethirteen._kernel import backend as _backend

    solver = _backend.load(implementation)[1] if implementation == "python" else _backend.compiled
    if solver is None:
        pytest.skip("the compiled solver is not built")
    out = np.full(8, 9.0, dtype=np.float32)
    scales = np.array([0.5, 0.25], dtype=np.float32)
    fill = solver.fill_observation
    assert fill(out, 6, [0, 3], [b"\x00\x00\x02", b"\x02"], (), 0, (3, True), scales) == 0
    assert out.tolist() == [2.0, 0.0, 1.0, 0.0, 0.0, 1.0, 1.5, 0.25]
    # numbers per seat, from the player's seat on round the table, then the others
    out = np.full(10, 9.0, dtype=np.float32)
    scales = np.array([1, 2, 3, 4, 5, 6, 0.5], dtype=np.float32)
    seats = ((10, 20, 30), (False, True, True))
    assert fill(out, 3, [1], [b"\x01"], seats, 2, (7,), scales) == 0
    assert out.tolist() == [0.0, 0.0, 1.0, 30.0, 20.0, 60.0, 4.0, 0.0, 6.0, 3.5]
    assert fill(out, 3, [1], [b"\x01"], seats, 0, (7,), scales) == 0
    assert out[3:].tolist() == [10.0, 40.0, 90.0, 0.0, 5.0, 6.0, 3.5]
    # -1: a place outside the counts, sizes that disagree, a seat off the table
    assert fill(out, 3, [0], [b"\x03"], seats, 0, (7,), scales) == -1
    assert fill(out, 3, [0, 1], [b""], seats, 0, (7,), scales) == -1
    assert fill(out, 2, [], [], seats, 0, (7,), scales) == -1
    assert fill(out, 3, [], [], seats, 0, (), scales) == -1
    assert fill(out, 3, [], [], ((1, 2, 3), (1, 2)), 0, (7, 8), scales) == -1
    assert fill(out, 3, [], [], seats, 3, (7,), scales) == -1
    assert fill(out, 3, [], [], seats, -1, (7,), scales) == -1
    assert fill(out, 3, [], [], seats, 0, (7,), scales[:6]) == -1


def test_bad_input() -> None:
    game = tt.Game("pagat", players=2, seed=1)
    view = game.view(1)
    legal = game.legal_actions()
    with pytest.raises(
        tt.GameError,
        match=r"^out must be a float32 array of shape \(469,\), "
        r"not an array of float64 and shape \(469,\)$",
    ):
        encode_observation(view, out=np.zeros(469))
    with pytest.raises(tt.InvalidActionError, match=r"^a view is a PlayerView, not 3$"):
        encode_observation(3)  # type: ignore[arg-type]
    with pytest.raises(
        tt.IllegalActionError, match=r"^action index 108 is out of range \(0 to 107\)$"
    ):
        index_to_action(108, view, legal)
    with pytest.raises(tt.IllegalActionError, match=r"^action index -1 is out of range"):
        index_to_action(-1, view, legal)
    with pytest.raises(tt.IllegalActionError, match=r"^an action index must be an int, not 1.5$"):
        index_to_action(1.5, view, legal)  # type: ignore[arg-type]
    assert index_to_action(np.int64(0), view, legal) == tt.Action.parse("draw stock")
    with pytest.raises(
        tt.IllegalActionError, match=r"^no legal action has index 2 \(discard Ac\)$"
    ):
        index_to_action(2, view, legal)
    with pytest.raises(
        tt.IllegalActionError,
        match=r"^action 'meld 4h 5h 6h' has no index: these rules lay no melds during play$",
    ):
        action_to_index(tt.Action.parse("meld 4h 5h 6h"), view)
    with pytest.raises(
        tt.IllegalActionError,
        match=r"^action 'draw discard 1' has no index: no discard pile 1: there is one pile$",
    ):
        action_to_index(tt.Action.parse("draw discard 1"), view)
    with pytest.raises(tt.IllegalActionError, match=r"^action 'x' has no index: an action is"):
        action_mask(view, ["x"])  # type: ignore[list-item]
    with pytest.raises(tt.InvalidRulesError, match=r"^unknown preset 'pagot'"):
        observation_shape("pagot", 2)
    with pytest.raises(tt.GameError, match=r"^a game seats 2 to 16 players, not 1$"):
        action_count("pagat", 1)
    with pytest.raises(tt.GameError, match=r"^give variations with a preset name"):
        observation_planes(tt.Rules.preset("pagat"), 2, ["jokers"])
    family = tt.Game("family", players=2, seed=1).view(0)
    with pytest.raises(
        tt.IllegalActionError,
        match=r"^action 'meld 4h 5h 6h 7h 8h' has no index: a run of 5 cards has no index "
        r"\(only runs of 4\)$",
    ):
        action_to_index(tt.Action.parse("meld 4h 5h 6h 7h 8h"), family)
    with pytest.raises(
        tt.IllegalActionError,
        match=r"^action 'lay off 4h on 0' has no index: no table meld 0 \(the table has 0\)$",
    ):
        action_to_index(tt.Action.parse("lay off 4h on 0"), family)


def test_views_of_different_tables_in_turn() -> None:
    """The encoder follows each view's rules and players, call after call."""
    games = [
        tt.Game("pagat", players=2, seed=1),
        tt.Game("family", players=4, seed=1),
        tt.Game(tt.Rules.preset("family", players=4), seed=2),  # equal rules, another object
        tt.Game("pagat", players=3, seed=1),
    ]
    for _ in range(2):
        for game in games:
            view = game.view(0)
            assert encode_observation(view).shape == observation_shape(game.rules, game.players)
            assert action_mask(view, []).shape == (action_count(game.rules, game.players),)


@pytest.mark.parametrize(
    "changes",
    [
        {"min_set": 4, "min_run": 3, "jokers": 4},
        {"min_set": 2, "min_run": 5, "aces": "low"},
        {"redemption": True, "layoff": False, "last_turns": True, "min_run": 2},
    ],
)
def test_rules_of_other_meld_sizes_round_trip(changes: dict[str, object]) -> None:
    import dataclasses

    rules = dataclasses.replace(tt.Rules.preset("family", players=3), **changes)  # type: ignore[arg-type]
    count = action_count(rules, 3)
    game = tt.Game(rules, seed=4, max_turns=30)
    player = RandomPlayer(4, lay_rate=0.8)
    laid = 0
    for _ in range(400):
        if game.is_over:
            break
        assert game.to_move is not None
        view = game.view(game.to_move)
        legal = game.legal_actions()
        assert encode_observation(view).shape == observation_shape(rules, 3)
        indices = [action_to_index(action, view) for action in legal]
        assert all(0 <= index < count for index in indices)
        for action, index in zip(legal, indices, strict=True):
            assert index_to_action(index, view, legal) == action
            laid += isinstance(action, LayMeld)
        game.apply(player.choose(game))
    assert laid > 0


# -- what the adapters share ------------------------------------------------------


def test_score_rewards() -> None:
    assert score_rewards([10, 0, 2]) == [-9.0, 6.0, 3.0]
    assert sum(score_rewards([7, 31, 2, 0])) == pytest.approx(0)
    assert score_rewards([5, 9]) == [4.0, -4.0]
    assert score_rewards([10, 0, 2], zero_sum=False) == [-10.0, -0.0, -2.0]


def test_worst_loss() -> None:
    pagat = tt.Rules.preset("pagat")
    assert worst_loss(pagat, "round") == 14 * 10  # 13 cards dealt, one more, at 10
    assert worst_loss(pagat) == sum(10 * (dealt + 1) for dealt in pagat.rounds)
    doubled = tt.Rules.preset("family", ["doubles"])
    assert worst_loss(doubled, "round") == 2 * 14 * 15  # aces cost 15
    with pytest.raises(tt.GameError, match=r"^a reward is 'game' or 'round', not 'points'$"):
        worst_loss(pagat, "points")


def test_view_text_shows_only_the_view() -> None:
    game = tt.Game("family", players=3, seed=4, variations=["jokers"])
    player = RandomPlayer(4, smart_rate=1.0)
    for _ in range(40):
        game.apply(player.choose(game))
    view = game.view(2)
    text = view_text(view)
    assert text.splitlines()[-1] == f"player_2: {view.hand}  total {view.totals[2]}  (this view)"
    for seat in (0, 1):
        assert f"player_{seat}: {view.hand_sizes[seat]} cards" in text
    assert view_text(shuffle_hidden(game, 2, np.random.default_rng(0)).view(2)) == text
