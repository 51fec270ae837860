"""threethirteen.hands.dask_blocks: the batch functions over Dask arrays agree exactly with the
in-memory ones, whatever the chunks, and name the row of the whole array in errors."""

from __future__ import annotations

import pickle
import subprocess
import sys

import numpy as np
import pytest

import threethirteen as tt
from threethirteen.hands import dask_blocks as blocks

da = pytest.importorskip("dask.array")
dask = pytest.importorskip("dask")

ROUND = tt.Round("pagat", wild=7)
"""Any hand size, a wild rank: hands of 3 to 14 cards side by side."""


@pytest.fixture(autouse=True)
def threads() -> object:
    with dask.config.set(scheduler="threads", num_workers=2):
        yield


def random_codes(rows: int, seed: int, width: int = 14) -> np.ndarray:
    """Hands of 3 to ``width`` cards dealt from two decks, padded with -1."""
    rng = np.random.default_rng(seed)
    deals = rng.random((rows, 104)).argsort(axis=1)[:, :width] % 52
    sizes = rng.integers(3, width + 1, size=rows)
    codes = np.where(np.arange(width) < sizes[:, None], deals, -1).astype(np.int8)
    codes.sort(axis=1)
    return codes[:, ::-1].copy()  # padding on the right


def assert_same(lazy: object, expected: np.ndarray) -> None:
    computed = lazy.compute()  # type: ignore[attr-defined]
    assert computed.dtype == expected.dtype
    assert np.array_equal(computed, expected)


@pytest.mark.parametrize(
    ("rows", "chunks"),
    [
        (1, 1),
        (10, 3),
        (1000, 256),
        (2500, (700, 1, 1000, 799)),
        (3001, 1000),  # a last chunk of one row
    ],
)
def test_results_match_in_memory(rows: int, chunks: object) -> None:
    codes = random_codes(rows, seed=rows)
    hands = da.from_array(codes, chunks=(chunks, -1))
    assert_same(blocks.deadwood_scores(hands, ROUND), tt.deadwood_scores(codes, ROUND))
    assert_same(blocks.go_out_flags(hands, ROUND), tt.go_out_flags(codes, ROUND))
    cards, scores = tt.best_discards(codes, ROUND)
    lazy = blocks.best_discards(hands, ROUND)
    computed = dask.compute(*lazy)
    assert [array.dtype for array in computed] == [cards.dtype, scores.dtype]
    assert np.array_equal(computed[0], cards)
    assert np.array_equal(computed[1], scores)


def test_result_is_chunked_as_the_rows() -> None:
    hands = da.from_array(random_codes(100, seed=1), chunks=(30, -1))
    scores = blocks.deadwood_scores(hands, ROUND)
    assert scores.chunks == ((30, 30, 30, 10),)
    assert scores.dtype == np.int64
    cards, discard_scores = blocks.best_discards(hands, ROUND)
    assert cards.chunks == discard_scores.chunks == ((30, 30, 30, 10),)
    assert (cards.dtype, discard_scores.dtype) == (np.int8, np.int64)


def test_split_columns_are_rechunked() -> None:
    codes = random_codes(500, seed=2)
    hands = da.from_array(codes, chunks=(128, 5))
    assert_same(blocks.deadwood_scores(hands, ROUND), tt.deadwood_scores(codes, ROUND))
    assert blocks.go_out_flags(hands, ROUND).chunks == ((128, 128, 128, 116),)


def test_count_matrix() -> None:
    codes = random_codes(700, seed=3)
    counts = da.from_array(tt.count_vectors(codes), chunks=(200, 20))
    assert_same(blocks.deadwood_scores(counts, ROUND), tt.deadwood_scores(codes, ROUND))


def test_rules_and_wild_instead_of_a_round() -> None:
    codes = tt.encode_hands(["9s 9h 9d 4h 5h 6c", "2c 6c 9c", "Jk Jk Ac"])
    hands = da.from_array(codes, chunks=(2, -1))
    expected = tt.deadwood_scores(codes, wild=6, rules="bga")
    assert_same(blocks.deadwood_scores(hands, wild=6, rules="bga"), expected)


def test_other_arrays_are_wrapped() -> None:
    codes = random_codes(50, seed=4)
    assert_same(blocks.deadwood_scores(codes, ROUND), tt.deadwood_scores(codes, ROUND))


def test_other_schedulers() -> None:
    codes = random_codes(300, seed=5)
    hands = da.from_array(codes, chunks=(100, -1))
    scores = blocks.deadwood_scores(hands, ROUND)
    expected = tt.deadwood_scores(codes, ROUND)
    assert np.array_equal(scores.compute(scheduler="sync"), expected)
    assert np.array_equal(scores.compute(scheduler="processes", num_workers=2), expected)


def test_round_pickles() -> None:
    for round in (tt.Round("pagat", 4), ROUND, tt.Round("bga", 2, wild="J")):
        assert pickle.loads(pickle.dumps(round)) == round


def in_memory_error(codes: np.ndarray, function: str = "deadwood_scores") -> str:
    with pytest.raises(tt.ThreeThirteenError) as caught:
        getattr(tt, function)(codes, ROUND)
    return str(caught.value)


@pytest.mark.parametrize(
    ("row", "bad", "starts"),
    [
        (1234, [5, 5, 5, -1], "row 1234: "),  # three copies of one card in two decks
        (999, [52, -1, -1, -1], "row 999: "),  # a joker, and pagat has none
        (1000, [5, 6, 60, -1], "row 1000, column 2: 60 is no card code"),
        (0, [5, 5, 5, -1], "row 0: "),
        (2999, [52, -1, -1, -1], "row 2999: "),
    ],
)
def test_errors_name_the_row_of_the_whole_array(row: int, bad: list[int], starts: str) -> None:
    codes = random_codes(3000, seed=6)
    codes[row] = -1
    codes[row, : len(bad)] = bad
    message = in_memory_error(codes)
    assert message.startswith(starts)
    hands = da.from_array(codes, chunks=(500, -1))
    for function in (blocks.deadwood_scores, blocks.go_out_flags):
        with pytest.raises(tt.InvalidHandError) as caught:
            function(hands, ROUND).compute()
        assert str(caught.value) == message


def test_empty_hand_names_its_row() -> None:
    codes = random_codes(800, seed=7)
    codes[650] = -1
    message = in_memory_error(codes, "best_discards")
    assert message == "row 650: an empty hand has no card to discard"
    hands = da.from_array(codes, chunks=(300, -1))
    with pytest.raises(tt.InvalidHandError, match=r"^row 650: an empty hand"):
        dask.compute(*blocks.best_discards(hands, ROUND))
    # Scores of empty hands are 0, as in memory.
    assert_same(blocks.deadwood_scores(hands, ROUND), tt.deadwood_scores(codes, ROUND))


def test_count_row_too_large_names_its_row() -> None:
    counts = tt.count_vectors(random_codes(400, seed=8))
    counts[333] = 0
    counts[333, :21] = 1
    message = in_memory_error(counts)
    assert message.startswith("row 333: a count vector of 21 cards")
    with pytest.raises(tt.InvalidHandError) as caught:
        blocks.deadwood_scores(da.from_array(counts, chunks=(100, -1)), ROUND).compute()
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("array", "message"),
    [
        (np.zeros(5, dtype=np.int8), "a batch of hands is a 2-D array of card codes, not 1-D"),
        (np.zeros((2, 3, 4), dtype=np.int8), "not 3-D"),
        (np.zeros((5, 3)), "card codes are integers, not float64"),
    ],
)
def test_wrong_arrays_fail_before_computing(array: np.ndarray, message: str) -> None:
    with pytest.raises(tt.InvalidHandError, match=message):
        blocks.deadwood_scores(da.from_array(array), ROUND)


def test_round_or_rules_and_wild() -> None:
    hands = da.from_array(random_codes(5, seed=9))
    with pytest.raises(tt.InvalidRulesError, match=r"^go_out_flags\(\) needs the round"):
        blocks.go_out_flags(hands)
    with pytest.raises(tt.InvalidRulesError, match="not both"):
        blocks.best_discards(hands, ROUND, wild=3)


def test_import_does_not_load_dask_or_numpy() -> None:
    code = (
        "import sys, threethirteen, threethirteen.hands.dask_blocks;"
        " print('dask' in sys.modules, 'numpy' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.split() == ["False", "False"]


def test_a_local_threaded_cluster_agrees() -> None:
    """On a dask.distributed cluster of threads in this process, as on a real one."""
    distributed = pytest.importorskip("distributed")
    codes = random_codes(3000, seed=11)
    hands = da.from_array(codes, chunks=(700, -1))
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        scores = client.compute(blocks.deadwood_scores(hands, ROUND)).result()
        flags = client.compute(blocks.go_out_flags(hands, ROUND)).result()
    expected = tt.deadwood_scores(codes, ROUND)
    assert scores.dtype == expected.dtype
    assert np.array_equal(scores, expected)
    assert np.array_equal(flags, tt.go_out_flags(codes, ROUND))
