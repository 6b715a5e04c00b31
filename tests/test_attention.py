"""Attention against a plain loop, and the symmetry lesson 01 is about."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import posenc


def loop_attention(q, k, v, mask=None, bias=None):
    """Attention written one query at a time with Python floats (the oracle)."""
    n_q, d = q.shape
    out = np.zeros((n_q, v.shape[1]))
    for i in range(n_q):
        scores = []
        for j in range(k.shape[0]):
            s = sum(q[i, t] * k[j, t] for t in range(d)) / math.sqrt(d)
            if bias is not None:
                s += bias[i, j]
            if mask is not None and not mask[i, j]:
                s = None
            scores.append(s)
        top = max(s for s in scores if s is not None)
        exps = [0.0 if s is None else math.exp(s - top) for s in scores]
        total = sum(exps)
        for j, e in enumerate(exps):
            out[i] += e / total * v[j]
    return out


class TestSoftmax:
    @given(st.lists(st.floats(-50, 50), min_size=1, max_size=12))
    def test_sums_to_one_and_keeps_order(self, values):
        p = posenc.softmax(np.array(values))
        assert p.sum() == pytest.approx(1.0)
        order = np.argsort(values, kind="stable")
        assert np.all(np.diff(p[order]) >= -1e-15)

    @given(st.lists(st.floats(-50, 50), min_size=2, max_size=12))
    def test_every_weight_is_at_least_0_and_a_larger_score_gets_a_larger_weight(self, values):
        z = np.array(values)
        p = posenc.softmax(z)
        assert np.all(p >= 0) and p.sum() == pytest.approx(1.0)
        # independently: two weights are in the ratio e^(difference of their scores)
        assert np.allclose(p[:, None] / p[None, :], np.exp(z[:, None] - z[None, :]), rtol=1e-9)
        larger = z[:, None] > z[None, :] + 1e-9  # score a above score b by more than rounding
        assert np.all((p[:, None] > p[None, :])[larger])

    def test_large_values_do_not_overflow(self):
        assert np.allclose(posenc.softmax(np.array([1000.0, 1000.0])), [0.5, 0.5])

    def test_minus_inf_gets_zero(self):
        assert posenc.softmax(np.array([0.0, -np.inf]))[1] == 0.0

    def test_all_minus_inf_row_is_an_error(self):
        with pytest.raises(ValueError, match="all -inf"):
            posenc.softmax(np.array([-np.inf, -np.inf]))


class TestCausalMask:
    def test_lower_triangle(self):
        m = posenc.causal_mask(4)
        i, j = np.indices((4, 4))
        assert m.dtype == bool and np.array_equal(m, j <= i)


class TestAttention:
    def test_matches_loop(self):
        rng = np.random.default_rng(0)
        q, k, v = rng.normal(size=(5, 4)), rng.normal(size=(6, 4)), rng.normal(size=(6, 3))
        out, w = posenc.attention(q, k, v)
        assert np.allclose(out, loop_attention(q, k, v))
        assert np.allclose(w.sum(axis=-1), 1.0)

    def test_matches_loop_with_mask_and_bias(self):
        rng = np.random.default_rng(1)
        q, k, v = rng.normal(size=(3, 5, 4)), rng.normal(size=(3, 5, 4)), rng.normal(size=(3, 5, 2))
        bias = posenc.alibi_bias(5, 3)
        mask = posenc.causal_mask(5)
        out, _ = posenc.attention(q, k, v, mask=mask, bias=bias)
        for h in range(3):
            assert np.allclose(out[h], loop_attention(q[h], k[h], v[h], mask=mask, bias=bias[h]))

    @given(st.integers(2, 7), st.integers(0, 10_000))
    def test_permuting_rows_permutes_outputs(self, seq_len, seed):
        rng = np.random.default_rng(seed)
        x = rng.normal(size=(seq_len, 4))
        perm = rng.permutation(seq_len)
        out, w = posenc.attention(x, x, x)
        out_p, w_p = posenc.attention(x[perm], x[perm], x[perm])
        assert np.allclose(out_p, out[perm])
        assert np.allclose(w_p, w[np.ix_(perm, perm)])

    def test_causal_mask_breaks_the_symmetry(self):
        rng = np.random.default_rng(3)
        x = rng.normal(size=(4, 4))
        perm = np.array([3, 2, 1, 0])
        mask = posenc.causal_mask(4)
        out, _ = posenc.attention(x, x, x, mask=mask)
        out_p, _ = posenc.attention(x[perm], x[perm], x[perm], mask=mask)
        assert not np.allclose(out_p, out[perm])

    def test_first_query_under_causal_mask_sees_only_itself(self):
        rng = np.random.default_rng(4)
        x = rng.normal(size=(4, 3))
        out, w = posenc.attention(x, x, x, mask=posenc.causal_mask(4))
        assert np.allclose(out[0], x[0]) and w[0, 0] == 1.0

    def test_rejects_mismatched_d_head(self):
        with pytest.raises(
            ValueError, match=r"q and k must have the same last dimension.*q.shape=\(5, 8\).*k.shape=\(5, 6\)"
        ):
            posenc.attention(np.ones((5, 8)), np.ones((5, 6)), np.ones((5, 6)))

    def test_rejects_mismatched_k_v_rows(self):
        with pytest.raises(ValueError, match=r"k and v.*k.shape=\(5, 4\).*v.shape=\(4, 4\)"):
            posenc.attention(np.ones((5, 4)), np.ones((5, 4)), np.ones((4, 4)))

    def test_rejects_mask_of_wrong_shape(self):
        with pytest.raises(ValueError, match=r"mask must broadcast.*\(3, 3\).*mask.shape=\(4, 4\)"):
            posenc.attention(np.ones((3, 2)), np.ones((3, 2)), np.ones((3, 2)), mask=posenc.causal_mask(4))

    def test_rejects_non_boolean_mask(self):
        with pytest.raises(TypeError, match="mask must be a boolean array; got dtype|mask must be a boolean"):
            posenc.attention(np.ones((3, 2)), np.ones((3, 2)), np.ones((3, 2)), mask=np.ones((3, 3)))

    def test_rejects_mask_that_hides_everything(self):
        with pytest.raises(ValueError, match="hides every key"):
            posenc.attention(np.ones((2, 2)), np.ones((2, 2)), np.ones((2, 2)), mask=np.zeros((2, 2), bool))

    def test_rejects_bias_of_wrong_shape(self):
        with pytest.raises(ValueError, match=r"bias must broadcast.*bias.shape=\(2, 5, 5\)"):
            posenc.attention(np.ones((3, 2)), np.ones((3, 2)), np.ones((3, 2)), bias=np.zeros((2, 5, 5)))

    def test_rejects_one_dimensional_q(self):
        with pytest.raises(ValueError, match=r"q must have at least 2 axes; got q.shape=\(4,\)"):
            posenc.attention(np.ones(4), np.ones((4, 4)), np.ones((4, 4)))

    def test_rejects_nan(self):
        with pytest.raises(ValueError, match="k must not contain NaN"):
            posenc.attention(np.ones((2, 2)), np.array([[np.nan, 1], [1, 1]]), np.ones((2, 2)))
