"""The learned bot as a built-in bot: in the registry and at the top level, the
shipped weights played deterministically (their choice checked against a
pure-Python forward pass), table play under family rules, and the expert's
partner (``search="expert"``) against a twin expert deciding the same positions."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pytest

import threethirteen as tt
from threethirteen.bots.action_features import FEATURES, action_features
from threethirteen.bots.learned import WEIGHTS, LearnedBot, QNetwork, choices, load_network


def stock_network() -> QNetwork:
    """Q = draw_stock - score_after: the stock whenever the choice is a draw."""
    w = np.zeros((len(FEATURES), 1), np.float32)
    w[FEATURES.index("draw_stock"), 0] = 100.0
    w[FEATURES.index("score_after"), 0] = -1.0
    return QNetwork([(w, np.zeros(1, np.float32))])


def reference_values(rows: list[list[float]]) -> list[float]:
    """The shipped network's values by a plain-Python forward pass (float64)."""
    with np.load(WEIGHTS, allow_pickle=False) as data:
        layers = []
        index = 0
        while f"w{index}" in data.files:
            layers.append((data[f"w{index}"].tolist(), data[f"b{index}"].tolist()))
            index += 1
    found = []
    for row in rows:
        x = [float(value) for value in row]
        for depth, (w, b) in enumerate(layers):
            x = [sum(x[i] * w[i][j] for i in range(len(x))) + b[j] for j in range(len(b))]
            if depth < len(layers) - 1:
                x = [max(value, 0.0) for value in x]
        found.append(x[0])
    return found


def test_learned_is_a_built_in_bot_at_the_top_level() -> None:
    assert tt.BOTS["learned"] is tt.LearnedBot is LearnedBot
    assert repr(tt.make_bot("learned", seed=3)) == "LearnedBot(seed=3)"
    assert tt.bot_name(tt.LearnedBot) == "learned"


def test_the_shipped_network_chooses_as_a_plain_forward_pass_does() -> None:
    game = tt.Game("pagat", players=2, seed=3)
    bot = LearnedBot()
    checked = 0
    while not game.is_over and checked < 60:
        player = game.to_move
        view, legal = game.view(player), game.legal_actions()
        actions, rows = choices(view, legal)
        if len(actions) > 1:
            expected = reference_values(rows.tolist())
            got = bot.network(rows).tolist()
            assert got == pytest.approx(expected, abs=1e-4)
            best = max(range(len(actions)), key=lambda i: (expected[i], -i))
            if sorted(expected)[-1] - sorted(expected)[-2] > 1e-3:  # no near tie
                assert bot.act(view, legal) == actions[best]
            checked += 1
        game.apply(bot.act(view, legal))
    assert checked == 60


def test_the_shipped_bot_plays_a_fixed_position_and_a_game_deterministically() -> None:
    game = tt.Game("pagat", players=2, seed=7)
    view, legal = game.view(game.to_move), game.legal_actions()
    assert view.hand == tt.Hand.parse("7c 2d 3d")
    assert LearnedBot().act(view, legal) == tt.Action.parse("draw discard")  # the 8c: out
    game.apply("draw discard")
    view, legal = game.view(game.to_move), game.legal_actions()
    going = LearnedBot().act(view, legal)
    assert isinstance(going, tt.DiscardCard)
    assert going.go_out
    first = tt.play([tt.LearnedBot(seed=1), "advisor"], seed=21)
    again = tt.play([tt.LearnedBot(seed=2), "advisor"], seed=21)
    assert first.to_record() == again.to_record()
    assert first.is_over


class _Layer(tt.GreedyBot):
    """The greedy bot, save that it lays every meld it can: so that there is
    something on the table to lay off onto, whatever the shipped network does."""

    def act(self, view: tt.PlayerView, legal_actions: Sequence[tt.Action]) -> tt.Action:
        for action in legal_actions:
            if isinstance(action, tt.LayMeld):
                return action
        return super().act(view, legal_actions)


@pytest.mark.parametrize("table", ["greedy", "network"])
def test_under_family_rules_it_plays_the_table_legally(table: str) -> None:
    """By default its table plays are the greedy bot's; with ``table="network"``
    the network's, which differ. The opponent lays every meld it can, so that there
    is something to lay off onto."""
    table_plays = differ = 0
    greedy = tt.GreedyBot()
    for seed in range(3):
        game = tt.Game("family", players=2, seed=seed)
        bot, other = LearnedBot(table=table), _Layer()
        while not game.is_over:
            player = game.to_move
            view, legal = game.view(player), game.legal_actions()
            action = (bot if player == 0 else other).act(view, legal)
            if player == 0 and view.phase == "play":
                assert action in legal
                plain = greedy.act(view, legal)
                laid = isinstance(plain, (tt.LayMeld, tt.LayOff))
                mine = isinstance(action, (tt.LayMeld, tt.LayOff))
                table_plays += laid
                if table == "greedy":
                    assert mine == laid
                    if laid:
                        assert action == plain
                differ += mine != laid
            game.apply(action)
    assert table_plays > 0  # the greedy rule lays off onto the other's melds
    assert (differ > 0) == (table == "network")


def test_the_partner_plays_the_expert_or_the_networks_pick_among_its_ties() -> None:
    partner = LearnedBot(5, weights=stock_network(), search="expert", playouts=4)
    twin = tt.ExpertBot(5, playouts=4)
    assert partner.expert is not None
    assert repr(partner.expert) == repr(twin)
    game = tt.Game("pagat", players=2, seed=9)
    greedy = tt.GreedyBot(0)
    agreed = overruled = 0
    while not game.is_over:
        player = game.to_move
        view, legal = game.view(player), game.legal_actions()
        if player == 1:
            game.apply(greedy.act(view, legal))
            continue
        action = partner.act(view, legal)
        expected = twin.act(view, legal)
        if action == expected:
            agreed += 1
        else:
            overruled += 1
            found = twin.last
            assert found[0].action == expected  # the search kept its first
            close = [c.action for c in found if c.edge <= 2.0 * c.error]
            assert action in close
            values = dict(partner.values(view, legal))
            assert values[action] > values[expected]
            assert isinstance(action, tt.DrawStock)  # the stock network's pick
            twin.note_draw(view, action)
        game.apply(action)
    assert (agreed, overruled) == (94, 8)


def test_the_partner_is_the_expert_under_a_network_of_the_experts_own_taste() -> None:
    """With every candidate valued alike, the network keeps the search's first."""
    flat = QNetwork([(np.zeros((len(FEATURES), 1), np.float32), np.zeros(1, np.float32))])
    first = tt.play([LearnedBot(4, weights=flat, search="expert", playouts=2), "advisor"], seed=2)
    again = tt.play([tt.ExpertBot(4, playouts=2), "advisor"], seed=2)
    assert first.to_record()["rounds"] == again.to_record()["rounds"]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"search": "mcts"}, "search is None or 'expert', not 'mcts'"),
        ({"search": 3}, "search is None or 'expert', not 3"),
        ({"table": "mine"}, "table is 'greedy' or 'network', not 'mine'"),
        ({"playouts": 8}, "playouts is an option of search='expert', given without a search"),
        ({"top": 2}, "top is an option of search='expert', given without a search"),
        ({"search": "expert", "playouts": 0}, "playouts"),
        ({"search": "expert", "playouts": 8, "time_ms": 5}, "give playouts or time_ms, not both"),
    ],
)
def test_bad_options_are_named(options: dict[str, object], message: str) -> None:
    with pytest.raises(tt.InvalidBotError) as caught:
        LearnedBot(**options)  # type: ignore[arg-type]
    assert str(caught.value).startswith(message)


def test_repr_names_the_options_that_differ() -> None:
    assert repr(LearnedBot(1, search="expert")) == "LearnedBot(seed=1, search='expert')"
    assert (
        repr(LearnedBot(1, search="expert", time_ms=10, confidence=1.5, name="p"))
        == "LearnedBot(seed=1, search='expert', time_ms=10, confidence=1.5, name='p')"
    )
    assert repr(LearnedBot(table="network")) == "LearnedBot(seed=None, table='network')"


def test_the_features_of_a_position_are_the_networks_inputs() -> None:
    game = tt.Game("pagat", players=2, seed=7)
    view, legal = game.view(game.to_move), game.legal_actions()
    actions, rows = choices(view, legal)
    assert rows.tolist() == action_features(view, legal).tolist()
    values = dict(LearnedBot().values(view, legal))
    assert list(values) == actions
    assert all(math.isfinite(value) for value in values.values())
    assert load_network().layers >= 2


def test_the_shipped_network_picks_its_teachers_choice_in_a_game_it_never_fitted() -> None:
    from threethirteen.training.selfplay import game_seeds, play_games

    # a game of the held-out seeds of docs/training.md (the imitation's are iteration -1)
    batch = play_games(None, game_seeds(52, 12345, 1), 0.0, teacher="lookahead", max_turns=60)
    bounds = np.cumsum(batch.sizes)[:-1]
    decisions = [
        (rows, int(pick))
        for rows, pick in zip(np.split(batch.candidates, bounds), batch.picks, strict=True)
        if len(rows) > 1
    ]
    assert len(decisions) == 203
    network = load_network()
    same = sum(int(np.argmax(network(rows))) == pick for rows, pick in decisions)
    first = sum(pick == 0 for _, pick in decisions)  # always the first candidate
    assert first == 88
    assert same >= 0.85 * len(decisions)  # 179 of 203 for the 512-game imitation
