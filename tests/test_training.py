"""The learned bot (threethirteen.bots.learned) and its Deep Monte-Carlo trainer
(threethirteen.training): the numpy network and the bot without PyTorch; with it,
a tiny seeded run that beats the random bot on duplicate deals, a resumed run equal
to an uninterrupted one, the numpy forward equal to the torch forward, the best
evaluation's network kept (evaluations faked), the device chosen, the gradient
clipped to its norm; the command's export of the best network; the imitation's
ranking loss (every candidate kept, the loss by hand and by a reference, a zero
weight fitting as before, and agreeing with the teacher more)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import threethirteen as tt
from threethirteen.bots.action_features import FEATURES
from threethirteen.bots.learned import LearnedBot, QNetwork, load_network
from threethirteen.training.selfplay import RETURN_SCALE, game_seeds, play_games


def small_network(seed: int = 0) -> QNetwork:
    rng = np.random.default_rng(seed)
    return QNetwork(
        [
            (
                rng.normal(size=(len(FEATURES), 8)).astype(np.float32),
                rng.normal(size=8).astype(np.float32),
            ),
            (rng.normal(size=(8, 1)).astype(np.float32), np.zeros(1, np.float32)),
        ]
    )


def greedy_network() -> QNetwork:
    """Q = -score_after: the action that leaves the least deadwood."""
    w = np.zeros((len(FEATURES), 1), np.float32)
    w[FEATURES.index("score_after"), 0] = -1.0
    return QNetwork([(w, np.zeros(1, np.float32))])


def test_the_forward_pass_by_hand() -> None:
    w0 = np.zeros((len(FEATURES), 2), np.float32)
    w0[0, 0], w0[1, 1] = 1.0, -1.0
    net = QNetwork(
        [
            (w0, np.array([0.5, 0.5], np.float32)),
            (np.array([[2.0], [3.0]], np.float32), np.array([1.0], np.float32)),
        ]
    )
    rows = np.zeros((2, len(FEATURES)), np.float32)
    rows[0, 0], rows[1, 1] = 1.0, 1.0
    # row 0: relu(1.5, 0.5) -> 2*1.5 + 3*0.5 + 1 = 5.5; row 1: relu(0.5, -0.5) -> 2
    assert net(rows).tolist() == [5.5, 2.0]


def test_weights_saved_and_loaded(tmp_path: Path) -> None:
    path = tmp_path / "net.npz"
    net = small_network()
    net.save(path)
    loaded = load_network(path)
    rows = np.random.default_rng(1).random((5, len(FEATURES)), dtype=np.float32)
    assert np.array_equal(loaded(rows), net(rows))
    assert repr(LearnedBot(weights=str(path))) == f"LearnedBot(seed=None, weights={str(path)!r})"


def test_missing_weights_are_named(tmp_path: Path) -> None:
    missing = tmp_path / "none.npz"
    with pytest.raises(tt.InvalidBotError, match=r"weights are missing: no file '.*none\.npz'"):
        LearnedBot(weights=missing)


def test_other_features_are_refused(tmp_path: Path) -> None:
    arrays = small_network().arrays()
    arrays["features"] = np.array(["a", "b"])
    with pytest.raises(tt.InvalidBotError, match="trained on other features"):
        LearnedBot(weights=arrays)
    with pytest.raises(tt.InvalidBotError, match="layer 0 of the network must take 28 inputs"):
        QNetwork([(np.zeros((3, 1), np.float32), np.zeros(1, np.float32))])


def test_the_bot_plays_deterministically(tmp_path: Path) -> None:
    path = tmp_path / "net.npz"
    small_network(3).save(path)
    first = tt.play([LearnedBot(weights=path), "greedy"], seed=11)
    again = tt.play([LearnedBot(weights=path), "greedy"], seed=11)
    assert first.to_record()["rounds"] == again.to_record()["rounds"]
    assert first.is_over


def test_self_play_returns_are_round_results() -> None:
    seed = game_seeds(4, 0, 1)[0]
    batch = play_games(greedy_network().arrays(), [seed], epsilon=0.0)
    # without exploration the self-play game is the learned bot's own game
    game = tt.play([LearnedBot(weights=greedy_network())] * 2, seed=seed)
    expected = set()
    for a, b in game.round_scores:
        expected |= {b - a, a - b}
    assert batch.games == 1
    assert batch.rows.shape[1] == len(FEATURES)
    assert set(np.rint(batch.returns * RETURN_SCALE).astype(int).tolist()) == expected


def test_play_games_is_reproducible() -> None:
    net = small_network(2).arrays()
    one = play_games(net, [7], epsilon=0.2, max_turns=30)
    two = play_games(net, [7], epsilon=0.2, max_turns=30)
    assert np.array_equal(one.rows, two.rows)
    assert np.array_equal(one.returns, two.returns)


@pytest.mark.slow
def test_numpy_forward_equals_torch() -> None:
    pytest.importorskip("torch")
    from threethirteen.training.learner import build_model, export_network, torch_values

    model = build_model((16, 16), seed=3)
    rows = np.random.default_rng(0).random((50, len(FEATURES)), dtype=np.float32)
    assert np.allclose(export_network(model)(rows), torch_values(model, rows), atol=1e-5)


@pytest.mark.slow
def test_a_tiny_run_beats_random_and_resumes_exactly(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    from threethirteen.training import TrainingSettings, duplicate_margin, train

    settings = TrainingSettings(
        seed=1, games=3, hidden=(32, 32), imitation_games=3, teacher="greedy", max_turns=40
    )
    whole = train(
        tmp_path / "whole", settings, iterations=2, eval_bots=(), progress=False, device="cpu"
    )
    assert (whole.iterations, whole.games) == (2, 9)
    half = train(tmp_path / "half", settings, iterations=1, eval_bots=(), progress=False)
    assert half.iterations == 1
    resumed = train(
        tmp_path / "half",
        settings,
        iterations=2,
        resume=True,
        eval_bots=(),
        progress=False,
        device="cpu",
    )
    assert resumed.iterations == 2
    a, b = np.load(whole.network), np.load(resumed.network)
    assert sorted(a.files) == sorted(b.files)
    for name in a.files:
        assert np.array_equal(a[name], b[name]), name
    curve = (tmp_path / "whole" / "curve.csv").read_text().splitlines()
    assert curve[0].startswith("iteration,minutes,games,samples,loss,phase")
    assert len(curve) == 4  # the imitation, then two iterations
    # the exported bot against the random bot on duplicate deals
    margin, error = duplicate_margin(whole.network, "random", 6, seed=2)
    assert margin - 2.6 * error > 0, (margin, error)
    bot = LearnedBot(weights=whole.network)
    game = tt.Game("pagat", players=2, seed=3)
    view, legal = game.view(game.to_move), game.legal_actions()
    assert bot.act(view, legal) == bot.act(view, legal)
    with pytest.raises(tt.InvalidInputError, match="trained with seed=1, not 2"):
        train(
            tmp_path / "half",
            TrainingSettings(
                seed=2, games=3, hidden=(32, 32), imitation_games=3, teacher="greedy", max_turns=40
            ),
            iterations=3,
            resume=True,
            progress=False,
        )


def test_the_shipped_weights_play_deterministically() -> None:
    from threethirteen.bots.learned import WEIGHTS

    assert WEIGHTS.stat().st_size <= 5_000_000
    game = tt.Game("pagat", players=2, seed=7)
    view, legal = game.view(game.to_move), game.legal_actions()
    assert str(LearnedBot().act(view, legal)) == "draw discard"  # the 8c puts it out
    first = tt.play([LearnedBot(), "greedy"], seed=5)
    again = tt.play([LearnedBot(), "greedy"], seed=5)
    assert first.to_record()["rounds"] == again.to_record()["rounds"]
    assert first.is_over


@pytest.mark.slow
def test_the_best_evaluation_keeps_its_network(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("torch")
    from threethirteen.training import TrainingSettings, export, train, trainer

    scripted = iter([1.0, 5.0, 3.0, 7.0])
    seen: list[dict[str, np.ndarray]] = []

    def fake(network, opponent, deals, seed, rules, players, executor):  # type: ignore[no-untyped-def]
        seen.append(load_network(network).arrays())
        return next(scripted), 0.5, 0.0

    monkeypatch.setattr(trainer, "_duplicate", fake)
    settings = TrainingSettings(seed=3, games=1, hidden=(8,), max_turns=20)
    run = tmp_path / "run"
    first = train(run, settings, iterations=3, eval_every=1, progress=False)
    # margins 1, 5, 3: the network of iteration 2 is kept, with its row
    assert [row["margin_greedy"] for row in first.curve] == [1.0, 5.0, 3.0]
    assert json.loads((run / "best.json").read_text())["iteration"] == 2
    kept = np.load(first.best)
    for name in seen[1]:
        assert np.array_equal(kept[name], seen[1][name]), name
    assert not np.array_equal(kept["w0"], seen[2]["w0"])  # not the last one
    exported = export(run / "checkpoint.pt", tmp_path / "best.npz", best=True)
    assert np.array_equal(exported.arrays()["w0"], seen[1]["w0"])
    last = export(run / "checkpoint.pt", tmp_path / "last.npz")
    assert np.array_equal(last.arrays()["w0"], seen[2]["w0"])
    # resumed, the best so far is remembered: 7 beats 5
    again = train(run, settings, iterations=4, eval_every=1, resume=True, progress=False)
    assert again.iterations == 4
    assert json.loads((run / "best.json").read_text())["iteration"] == 4
    assert np.array_equal(np.load(run / "best.npz")["w0"], seen[3]["w0"])
    with pytest.raises(tt.InvalidInputError, match=r"no best network: no file '.*best\.npz'"):
        export(tmp_path / "none" / "checkpoint.pt", tmp_path / "x.npz", best=True)


def test_the_device_is_cuda_only_where_torch_sees_one(monkeypatch: pytest.MonkeyPatch) -> None:
    torch = pytest.importorskip("torch")
    from threethirteen.training.learner import pick_device

    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    assert (pick_device("auto"), pick_device("cuda"), pick_device("cpu")) == (
        "cuda",
        "cuda",
        "cpu",
    )
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    assert (pick_device("auto"), pick_device("cpu")) == ("cpu", "cpu")
    with pytest.raises(tt.InvalidInputError, match="cuda was asked for, but PyTorch sees no GPU"):
        pick_device("cuda")
    with pytest.raises(tt.InvalidInputError, match="must be auto, cpu or cuda, not 'gpu'"):
        pick_device("gpu")


def test_the_gradient_is_clipped_to_its_norm() -> None:
    torch = pytest.importorskip("torch")
    from threethirteen.training.learner import fit

    def one_step(max_grad_norm: float) -> float:
        model = torch.nn.Sequential(torch.nn.Linear(len(FEATURES), 1))
        torch.nn.init.zeros_(model[0].weight)
        torch.nn.init.zeros_(model[0].bias)
        optimizer = torch.optim.SGD(model.parameters(), lr=1.0)
        rows = np.zeros((1, len(FEATURES)), np.float32)
        rows[0, :2] = 3.0, 4.0
        fit(
            model,
            optimizer,
            rows,
            np.array([1.0], np.float32),
            epochs=1,
            batch_size=1,
            seed=0,
            max_grad_norm=max_grad_norm,
        )
        step = torch.cat([p.detach().flatten() for p in model.parameters()])
        return float(step.norm())

    # d/dθ (θ·x + b - 1)^2 at 0 is -2 (x, 1) = -2 (3, 4, 1): norm 2 * sqrt(26)
    assert one_step(0.0) == pytest.approx(2 * 26**0.5)
    assert one_step(0.5) == pytest.approx(0.5)


def test_the_command_exports_the_best_network(tmp_path: Path) -> None:
    import argparse

    from threethirteen.cli._errors import UsageError
    from threethirteen.cli.train import add_train_options, run_train

    parser = argparse.ArgumentParser()
    add_train_options(parser)
    run = tmp_path / "run"
    run.mkdir()
    small_network(5).save(run / "best.npz")  # no PyTorch needed for the best
    out = tmp_path / "shipped.npz"
    assert run_train(parser.parse_args([str(run), "--export", str(out), "--best"])) == 0
    rows = np.random.default_rng(2).random((4, len(FEATURES)), dtype=np.float32)
    assert np.array_equal(load_network(out)(rows), small_network(5)(rows))
    with pytest.raises(UsageError, match="--best goes with --export PATH"):
        run_train(parser.parse_args([str(run), "--iterations", "1", "--best"]))
    with pytest.raises(tt.InvalidInputError, match=r"no best network: no file '.*best\.npz'"):
        run_train(parser.parse_args([str(tmp_path), "--export", str(out), "--best"]))


def test_a_teachers_games_keep_every_candidate() -> None:
    batch = play_games(None, game_seeds(52, 1, 1), 0.0, teacher="lookahead", max_turns=20)
    assert len(batch.sizes) == len(batch.picks) == len(batch.rows) > 0
    assert int(batch.sizes.sum()) == len(batch.candidates)
    assert (batch.picks >= 0).all()
    assert (batch.picks < batch.sizes).all()
    starts = np.cumsum(batch.sizes) - batch.sizes
    # the chosen candidate's row is the decision's row
    assert np.array_equal(batch.candidates[starts + batch.picks], batch.rows)
    own = play_games(greedy_network().arrays(), [7], epsilon=0.0, max_turns=20)
    assert own.candidates.shape == (0, len(FEATURES))
    assert len(own.sizes) == 0


def test_the_ranking_loss_by_hand_and_by_reference() -> None:
    torch = pytest.importorskip("torch")
    from threethirteen.training.learner import rank_loss

    values = torch.tensor([1.0, 2.0, 3.0, 0.0, 0.0])
    found = rank_loss(values, torch.tensor([3, 2]), torch.tensor([2, 1]))
    by_hand = ((np.log(np.exp(1) + np.exp(2) + np.exp(3)) - 3) + np.log(2)) / 2
    assert float(found) == pytest.approx(by_hand, rel=1e-6)
    rng = np.random.default_rng(5)
    sizes = rng.integers(1, 7, size=40)
    picks = np.array([rng.integers(size) for size in sizes])
    flat = torch.from_numpy(rng.normal(size=int(sizes.sum())).astype(np.float32))
    parts = torch.split(flat, sizes.tolist())
    reference = np.mean(
        [-float(torch.log_softmax(part, 0)[pick]) for part, pick in zip(parts, picks, strict=True)]
    )
    found = rank_loss(flat, torch.from_numpy(sizes), torch.from_numpy(picks))
    assert float(found) == pytest.approx(reference, rel=1e-5)


def test_a_zero_ranking_weight_fits_as_before() -> None:
    torch = pytest.importorskip("torch")
    from threethirteen.errors import InvalidInputError
    from threethirteen.training.learner import build_model, fit

    batch = play_games(None, game_seeds(52, 1, 1), 0.0, teacher="lookahead", max_turns=20)
    ranking = (batch.candidates, batch.sizes, batch.picks)
    fitted = []
    for extra in ({}, {"ranking": ranking, "rank_weight": 0.0}):
        model = build_model((8,), 1)
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
        fit(model, optimizer, batch.rows, batch.returns, epochs=2, batch_size=32, seed=3, **extra)
        fitted.append(torch.cat([p.detach().flatten() for p in model.parameters()]))
    assert torch.equal(fitted[0], fitted[1])
    with pytest.raises(InvalidInputError, match="one decision a row"):
        fit(
            model,
            optimizer,
            batch.rows[1:],
            batch.returns[1:],
            epochs=1,
            batch_size=32,
            seed=0,
            ranking=ranking,
            rank_weight=1.0,
        )


@pytest.mark.slow
def test_the_ranking_loss_agrees_with_the_teacher_more() -> None:
    torch = pytest.importorskip("torch")
    from threethirteen.training.learner import agreement, build_model, fit

    train = play_games(None, game_seeds(52, 1, 3), 0.0, teacher="lookahead")
    held = play_games(None, game_seeds(52, 2, 1), 0.0, teacher="lookahead")
    found = {}
    for weight in (0.0, 0.1):
        model = build_model((64, 64), 0)
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
        fit(
            model,
            optimizer,
            train.rows,
            train.returns,
            epochs=10,
            batch_size=256,
            seed=0,
            max_grad_norm=1.0,
            ranking=(train.candidates, train.sizes, train.picks),
            rank_weight=weight,
        )
        found[weight] = agreement(model, (held.candidates, held.sizes, held.picks))
    # on decisions never fitted, the ranking fit picks the teacher's action far more
    # often (measured: 0.79 of 240 decisions, against 0.55 for the return alone)
    assert found[0.1] > 0.7
    assert found[0.1] > found[0.0] + 0.15, found


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("imitation_rank_weight", -0.5, "imitation_rank_weight must be from 0, not -0.5"),
        (
            "imitation_rank_weight",
            float("nan"),
            "imitation_rank_weight must be a finite number, not nan",
        ),
        ("max_grad_norm", float("inf"), "max_grad_norm must be a finite number, not inf"),
        ("learning_rate", 0.0, "learning_rate must be above 0, not 0.0"),
        ("epsilon", 1.5, "epsilon must be from 0 to 1, not 1.5"),
        ("epsilon", -0.1, "epsilon must be from 0, not -0.1"),
        ("games", 0, "games must be at least 1, not 0"),
        ("batch_size", 2.0, "batch_size must be an int, not 2.0"),
        ("imitation_games", -1, "imitation_games must be at least 0, not -1"),
        ("seed", -1, "seed must be at least 0, not -1"),
        ("hidden", (64, 0), "a hidden width must be at least 1, not 0"),
        ("hidden", (), "hidden must be a tuple of widths, not ()"),
        (
            "teacher",
            "nobody",
            "teacher must be a built-in bot (random, greedy, heuristic, advisor, lookahead, search, expert, learned), not 'nobody'",
        ),
        ("rules", "poker", "unknown preset 'poker'; valid: pagat, wikipedia, bga, family"),
        ("players", 1, "the 'pagat' preset is for 2 to 16 players, not 1"),
    ],
)
def test_settings_are_checked_where_they_enter(field: str, value: object, message: str) -> None:
    import re

    from threethirteen.training import TrainingSettings

    with pytest.raises(tt.InvalidInputError, match=f"^{re.escape(message)}$"):
        TrainingSettings(**{field: value})  # type: ignore[arg-type]


def test_the_command_refuses_a_negative_ranking_weight(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from threethirteen.cli.main import main

    run = tmp_path / "run"
    for weight, shown in (("-1", "-1.0"), ("nan", "nan")):
        status = main(["train", str(run), "--iterations", "1", "--imitation-rank", weight])
        assert status == 2
        err = capsys.readouterr().err
        assert (
            f"imitation_rank_weight must be {'from 0' if weight == '-1' else 'a finite number'}, not {shown}"
            in err
        )
    assert not run.exists()  # refused before anything is written


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (0.0, "selfplay_learning_rate must be above 0, not 0.0"),
        (-1e-4, "selfplay_learning_rate must be above 0, not -0.0001"),
        (float("nan"), "selfplay_learning_rate must be a finite number, not nan"),
        ("0.1", "selfplay_learning_rate must be a finite number, not '0.1'"),
    ],
)
def test_the_selfplay_learning_rate_is_checked_where_it_enters(value: object, message: str) -> None:
    import re

    from threethirteen.training import TrainingSettings

    assert TrainingSettings().selfplay_learning_rate is None  # the default: learning_rate
    assert TrainingSettings(selfplay_learning_rate=1e-4).selfplay_learning_rate == 1e-4
    with pytest.raises(tt.InvalidInputError, match=f"^{re.escape(message)}$"):
        TrainingSettings(selfplay_learning_rate=value)  # type: ignore[arg-type]


@pytest.mark.slow
def test_the_selfplay_learning_rate_moves_only_the_self_play_fits(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")
    from dataclasses import replace

    from threethirteen.training import TrainingSettings, train

    base = TrainingSettings(
        seed=4, games=1, hidden=(8,), imitation_games=1, teacher="greedy", max_turns=4
    )

    def run(name: str, settings: TrainingSettings, iterations: int) -> dict[str, np.ndarray]:
        result = train(
            tmp_path / name, settings, iterations=iterations, eval_bots=(), progress=False
        )
        return load_network(result.network).arrays()

    def same(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> bool:
        return all(np.array_equal(a[name], b[name]) for name in a)

    low = replace(base, selfplay_learning_rate=1e-4)
    # the imitation fit is at learning_rate whatever the self-play rate
    assert same(run("imitated", base, 0), run("imitated-low", low, 0))
    # the self-play rate given as learning_rate is the default's run, bit for bit
    default = run("default", base, 2)
    assert same(default, run("explicit", replace(base, selfplay_learning_rate=1e-3), 2))
    lowered = run("low", low, 2)
    assert not same(default, lowered)
    saved = torch.load(tmp_path / "low" / "checkpoint.pt", weights_only=True)
    assert [group["lr"] for group in saved["optimizer"]["param_groups"]] == [1e-4]
    assert saved["settings"]["selfplay_learning_rate"] == 1e-4
    # stopped after one iteration and resumed: the same network
    train(tmp_path / "half", low, iterations=1, eval_bots=(), progress=False)
    resumed = train(tmp_path / "half", low, iterations=2, resume=True, eval_bots=(), progress=False)
    assert same(lowered, load_network(resumed.network).arrays())
    with pytest.raises(tt.InvalidInputError, match=r"selfplay_learning_rate=0\.0001, not None"):
        train(tmp_path / "half", base, iterations=3, resume=True, progress=False)


def test_an_evaluation_bot_is_a_curve_column(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("torch")
    import csv
    import functools

    from threethirteen.bots.expert import ExpertBot
    from threethirteen.training import TrainingSettings, train, trainer

    expert = functools.partial(ExpertBot, playouts=16)
    scripted = iter([2.0, -3.0])
    asked: list[object] = []

    def fake(network, opponent, deals, seed, rules, players, executor):  # type: ignore[no-untyped-def]
        asked.append((opponent, deals, seed))
        return next(scripted), 0.25, 0.0

    monkeypatch.setattr(trainer, "_duplicate", fake)
    run = tmp_path / "run"
    result = train(
        run,
        TrainingSettings(seed=6, games=1, hidden=(8,), max_turns=4),
        iterations=1,
        eval_bots=[("expert_playouts16", expert), "greedy"],
        eval_deals=3,
        progress=False,
    )
    assert asked == [(expert, 3, 6), ("greedy", 3, 6)]
    with open(run / "curve.csv", encoding="utf-8") as file:
        header = next(csv.reader(file))
    assert header == [
        "iteration",
        "minutes",
        "games",
        "samples",
        "loss",
        "phase",
        "cpu_minutes",
        "margin_expert_playouts16",
        "se_expert_playouts16",
        "margin_greedy",
        "se_greedy",
    ]
    row = result.curve[-1]
    assert (row["margin_expert_playouts16"], row["margin_greedy"]) == (2.0, -3.0)
    best = json.loads((run / "best.json").read_text())
    assert best["margin_expert_playouts16"] == 2.0  # the first entry chooses the best


@pytest.mark.slow
def test_the_evaluation_does_not_change_the_network(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    from threethirteen.training import TrainingSettings, duplicate_margin, train

    settings = TrainingSettings(seed=6, games=1, hidden=(8,), max_turns=4)
    evaluated = train(
        tmp_path / "evaluated",
        settings,
        iterations=2,
        eval_every=1,
        eval_bots=["greedy"],
        eval_deals=2,
        progress=False,
    )
    plain = train(tmp_path / "plain", settings, iterations=2, eval_bots=(), progress=False)
    a, b = np.load(evaluated.network), np.load(plain.network)
    for name in a.files:
        assert np.array_equal(a[name], b[name]), name
    row = evaluated.curve[-1]
    margin, error = duplicate_margin(evaluated.network, "greedy", 2, seed=6)
    assert (row["margin_greedy"], row["se_greedy"]) == (round(margin, 3), round(error, 3))


@pytest.mark.slow
def test_the_expert_at_fixed_playouts_measures_reproducibly() -> None:
    import functools

    from threethirteen.bots.expert import ExpertBot
    from threethirteen.training import duplicate_margin

    expert = functools.partial(ExpertBot, playouts=2)
    first = duplicate_margin(greedy_network(), expert, 1, seed=3)
    assert duplicate_margin(greedy_network(), expert, 1, seed=3) == first
    assert first[0] == -23.5  # measured: the deal in both seatings, points a game


@pytest.mark.parametrize(
    ("entries", "message"),
    [
        (["greedy", "grredy"], "unknown bot 'grredy' (the built-in bots: advisor, expert,"),
        ([("greedy", "greedy"), "greedy"], "the evaluation column 'greedy' is named twice"),
        (
            [("expert 16", "expert")],
            "an evaluation column must be 1 to 40 letters, digits, _, . or -, not 'expert 16'",
        ),
        (
            [("x", "greedy", 1)],
            "a built-in bot's name or a (column, bot) pair, not ('x', 'greedy', 1)",
        ),
        ([7], "a built-in bot's name or a (column, bot) pair, not 7"),
    ],
)
def test_train_refuses_a_bad_evaluation_bot_before_it_starts(
    tmp_path: Path, entries: list[object], message: str
) -> None:
    import re

    from threethirteen.training import train

    with pytest.raises(tt.InvalidInputError, match=re.escape(message)):
        train(tmp_path / "run", iterations=1, eval_bots=entries, progress=False)  # type: ignore[arg-type]
    assert not (tmp_path / "run").exists()


def test_the_command_parses_evaluation_bots() -> None:
    import functools

    from threethirteen.bots.expert import ExpertBot
    from threethirteen.cli.train import eval_bots

    parsed = eval_bots("advisor, expert:playouts=16,,expert:playouts=4:seed=3")
    assert [column for column, _ in parsed] == [
        "advisor",
        "expert_playouts16",
        "expert_playouts4_seed3",
    ]
    assert parsed[0][1] == "advisor"
    spec = parsed[1][1]
    assert isinstance(spec, functools.partial)
    assert (spec.func, spec.args, spec.keywords) == (ExpertBot, (), {"playouts": 16})
    assert eval_bots("") == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "advisor,expret",
            "--eval-bots entry 'expret': unknown bot 'expret' (the built-in bots: advisor,"
            " expert, greedy, heuristic, learned, lookahead, random, search)",
        ),
        (
            "expert:playouts",
            "--eval-bots entry 'expert:playouts': an option must be OPTION=VALUE, given once,"
            " not 'playouts'",
        ),
        (
            "expert:playouts=16:playouts=8",
            "--eval-bots entry 'expert:playouts=16:playouts=8': an option must be"
            " OPTION=VALUE, given once, not 'playouts=8'",
        ),
        (
            "expert:plays=16",
            "--eval-bots entry 'expert:plays=16': bot factory 'expert' raised TypeError:"
            " ExpertBot.__init__() got an unexpected keyword argument 'plays'",
        ),
        (
            "expert:playouts=0",
            "--eval-bots entry 'expert:playouts=0': playouts must be at least 1, not 0",
        ),
        (
            "expert:playouts=2.5",
            "--eval-bots entry 'expert:playouts=2.5': playouts must be an int, not 2.5",
        ),
        (
            "greedy,advisor,greedy",
            "--eval-bots entry 'greedy': its curve column 'greedy' is named twice",
        ),
    ],
)
def test_the_command_refuses_a_bad_evaluation_bot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    from threethirteen.cli.main import main

    run = tmp_path / "run"
    assert main(["train", str(run), "--iterations", "1", "--eval-bots", text]) == 2
    assert message in capsys.readouterr().err
    assert not run.exists()  # refused before anything is written


def test_the_command_refuses_a_bad_selfplay_learning_rate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from threethirteen.cli.main import main

    run = tmp_path / "run"
    status = main(["train", str(run), "--iterations", "1", "--selfplay-learning-rate", "0"])
    assert status == 2
    assert "selfplay_learning_rate must be above 0, not 0.0" in capsys.readouterr().err
    assert not run.exists()
