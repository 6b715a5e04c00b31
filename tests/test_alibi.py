"""ALiBi slopes against the paper's published values and rule; the bias's shape and sign."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import posenc


class TestAlibiSlopes:
    def test_eight_heads_are_half_to_1_over_256(self):
        assert np.array_equal(posenc.alibi_slopes(8), [1 / 2, 1 / 4, 1 / 8, 1 / 16, 1 / 32, 1 / 64, 1 / 128, 1 / 256])

    def test_sixteen_heads_start_at_one_over_sqrt_two(self):
        # Section 3 of the paper: for 16 heads the slopes are 1/2^0.5, 1/2^1, ..., 1/2^8.
        assert np.allclose(posenc.alibi_slopes(16), 2.0 ** -(np.arange(1, 17) / 2))

    def test_twelve_heads_are_eight_heads_plus_four_odd_ones_of_sixteen(self):
        expected = [2.0**-e for e in (1, 2, 3, 4, 5, 6, 7, 8, 0.5, 1.5, 2.5, 3.5)]
        assert np.allclose(posenc.alibi_slopes(12), expected)

    def test_twelve_heads_are_not_the_first_twelve_of_sixteen(self):
        assert not np.allclose(posenc.alibi_slopes(12), posenc.alibi_slopes(16)[:12])

    @given(st.integers(1, 200))
    def test_any_head_count_gives_distinct_slopes_in_0_1(self, n):
        slopes = posenc.alibi_slopes(n)
        assert slopes.shape == (n,) and np.all((slopes > 0) & (slopes < 1))
        assert len(np.unique(slopes)) == n

    @pytest.mark.parametrize("num_heads", [0, -3])
    def test_rejects_bad_head_count(self, num_heads):
        with pytest.raises(
            ValueError, match=f"num_heads must be a positive integer; got num_heads={num_heads}.*own slope"
        ):
            posenc.alibi_slopes(num_heads)


class TestAlibiBias:
    @given(st.integers(1, 20), st.integers(1, 16))
    def test_shape_zero_diagonal_and_decreasing_with_distance(self, seq_len, num_heads):
        bias = posenc.alibi_bias(seq_len, num_heads)
        assert bias.shape == (num_heads, seq_len, seq_len)
        assert np.all(np.diagonal(bias, axis1=1, axis2=2) == 0)
        lower = np.tril(np.ones((seq_len, seq_len), bool), -1)
        assert np.all(bias[:, lower] < 0)
        # along each row, older keys (smaller j) are penalised more
        assert np.all(np.diff(np.tril(bias), axis=-1)[:, lower[:, 1:] | np.eye(seq_len, dtype=bool)[:, 1:]] >= 0)

    def test_entries_are_minus_slope_times_distance(self):
        bias = posenc.alibi_bias(6, 4)
        slopes = posenc.alibi_slopes(4)
        for h in range(4):
            for i in range(6):
                for j in range(i + 1):
                    assert bias[h, i, j] == -slopes[h] * (i - j)

    def test_works_inside_attention(self):
        rng = np.random.default_rng(0)
        q = k = v = rng.normal(size=(2, 5, 4))
        _, w = posenc.attention(q, k, v, mask=posenc.causal_mask(5), bias=posenc.alibi_bias(5, 2))
        assert np.allclose(w.sum(-1), 1) and np.all(np.triu(w, 1) == 0)


class TestBidirectionalAlibi:
    @given(st.integers(1, 20), st.integers(1, 16))
    def test_symmetric_and_equal_to_the_causal_form_below_the_diagonal(self, seq_len, num_heads):
        both = posenc.alibi_bias(seq_len, num_heads, causal=False)
        causal = posenc.alibi_bias(seq_len, num_heads)
        assert np.array_equal(both, np.swapaxes(both, 1, 2))
        lower = np.tril(np.ones((seq_len, seq_len), bool))
        assert np.array_equal(both[:, lower], causal[:, lower])

    def test_blind_to_reversing_the_sequence(self):
        # only |i - j| enters: reflecting every position (i -> n - 1 - i) leaves the bias unchanged
        bias = posenc.alibi_bias(7, 4, causal=False)
        assert np.array_equal(bias, bias[:, ::-1, ::-1])

    def test_rejects_a_non_boolean(self):
        with pytest.raises(TypeError, match="causal must be True or False"):
            posenc.alibi_bias(4, 2, causal="yes")
