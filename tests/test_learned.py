"""LearnedTable lookups and updates; the shipped MiniLM table's integrity and structure."""

import hashlib
import re
from importlib import resources

import numpy as np
import pytest

import posenc


class TestLearnedTable:
    def test_lookup_and_indexing_return_rows(self):
        table = posenc.LearnedTable(16, 4, seed=1)
        assert np.array_equal(table[[3, 0]], table.weights[[3, 0]])
        assert np.array_equal(table.lookup(np.arange(16)), table.weights)
        assert table[2:5].shape == (3, 4)

    def test_seed_makes_it_reproducible(self):
        a, b, c = (
            posenc.LearnedTable(4, 3, seed=7),
            posenc.LearnedTable(4, 3, seed=7),
            posenc.LearnedTable(4, 3, seed=8),
        )
        assert np.array_equal(a.weights, b.weights) and not np.array_equal(a.weights, c.weights)

    def test_lookup_returns_a_copy(self):
        table = posenc.LearnedTable(4, 2)
        row = table[0]
        row[:] = 99
        assert not np.any(table.weights == 99)

    def test_position_past_the_end_is_a_clear_index_error(self):
        table = posenc.LearnedTable(512, 8)
        with pytest.raises(IndexError, match=r"position 600 is past the end.*0\.\.511.*max_len=512"):
            table[[0, 600]]

    def test_negative_position_does_not_wrap_around(self):
        with pytest.raises(IndexError, match=r"positions must be >= 0; got position -1"):
            posenc.LearnedTable(8, 2)[-1]

    def test_float_positions_are_a_type_error(self):
        with pytest.raises(TypeError, match="positions must be integers"):
            posenc.LearnedTable(8, 2)[[1.5]]

    def test_update_sums_gradients_of_repeated_positions(self):
        table = posenc.LearnedTable(4, 2, init_std=0.0)
        table.update([1, 1, 2], np.ones((3, 2)), lr=0.5)
        assert np.array_equal(table.weights, [[0, 0], [-1, -1], [-0.5, -0.5], [0, 0]])

    def test_update_rejects_grads_of_wrong_shape(self):
        with pytest.raises(ValueError, match=r"grads must have shape \(2, 3\).*got grads.shape=\(2, 2\)"):
            posenc.LearnedTable(4, 3).update([0, 1], np.ones((2, 2)), lr=0.1)

    @pytest.mark.parametrize("max_len", [0, -1, 2.5])
    def test_rejects_bad_max_len(self, max_len):
        with pytest.raises((ValueError, TypeError), match=f"max_len must be a positive integer; got max_len={max_len}"):
            posenc.LearnedTable(max_len, 4)


class TestMinilmPositions:
    def test_shape_and_dtype(self):
        table = posenc.minilm_positions()
        assert table.shape == (512, 384) and table.dtype == np.float32

    def test_file_matches_the_recorded_checksum(self):
        data = resources.files("posenc.data")
        notice = data.joinpath("MINILM_NOTICE.md").read_text()
        recorded = re.search(r"minilm_positions.npy`:\s*`([0-9a-f]{64})`", notice).group(1)
        assert hashlib.sha256(data.joinpath("minilm_positions.npy").read_bytes()).hexdigest() == recorded

    def test_is_a_fresh_copy_each_call(self):
        a = posenc.minilm_positions()
        a[0, 0] = 123.0
        assert posenc.minilm_positions()[0, 0] != 123.0

    def test_has_the_structure_of_a_trained_position_table(self):
        # Trained position rows are smooth: neighbours are far more alike than distant rows.
        t = posenc.minilm_positions().astype(np.float64)
        unit = t / np.linalg.norm(t, axis=1, keepdims=True)
        sim = unit @ unit.T
        near = np.mean(np.diagonal(sim, 1)[1:])
        far = np.mean(np.diagonal(sim, 200))
        assert near > 0.7 and abs(far) < 0.2
