"""RoPE against its complex-number form, its rotation-matrix form, and its properties."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import posenc

even_d = st.integers(1, 16).map(lambda n: 2 * n)


def rope_complex(x, positions, base=10000.0):
    """The paper's complex form: pair i as x[2i] + i*x[2i+1], times exp(i * m * theta_i)."""
    d = x.shape[-1]
    theta = base ** (-np.arange(0, d, 2) / d)
    z = x[..., 0::2] + 1j * x[..., 1::2]
    z = z * np.exp(1j * np.outer(positions, theta))
    out = np.empty_like(x)
    out[..., 0::2], out[..., 1::2] = z.real, z.imag
    return out


def rope_matrix(x, positions, base=10000.0):
    """Each row times an explicit (d x d) block-diagonal rotation matrix R(m)."""
    d = x.shape[-1]
    theta = base ** (-np.arange(0, d, 2) / d)
    out = np.empty_like(x)
    for row, m in enumerate(positions):
        R = np.zeros((d, d))
        for i, t in enumerate(theta):
            c, s = np.cos(m * t), np.sin(m * t)
            R[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, -s], [s, c]]
        out[row] = R @ x[row]
    return out


class TestRopeAngles:
    def test_formula(self):
        angles = posenc.rope_angles([0, 3], 6)
        assert np.allclose(angles[1], [3 * 10000 ** (-(2 * i) / 6) for i in range(3)])
        assert np.array_equal(angles[0], np.zeros(3))

    def test_accepts_fractional_positions(self):
        assert posenc.rope_angles([0.5], 2)[0, 0] == 0.5


class TestApplyRope:
    @given(st.integers(1, 12), even_d, st.integers(0, 10_000))
    def test_matches_complex_form(self, seq_len, d, seed):
        x = np.random.default_rng(seed).normal(size=(seq_len, d))
        assert np.allclose(posenc.apply_rope(x), rope_complex(x, np.arange(seq_len)))

    def test_matches_rotation_matrix_form(self):
        x = np.random.default_rng(0).normal(size=(7, 8))
        positions = np.array([0, 5, 2, 100, 7, 3, 1])
        assert np.allclose(posenc.apply_rope(x, positions), rope_matrix(x, positions))

    @given(st.integers(1, 12), even_d, st.integers(0, 10_000))
    def test_preserves_norms(self, seq_len, d, seed):
        x = np.random.default_rng(seed).normal(size=(seq_len, d))
        for layout in ("interleaved", "half"):
            y = posenc.apply_rope(x, layout=layout)
            assert np.allclose(np.linalg.norm(y, axis=-1), np.linalg.norm(x, axis=-1))

    @given(even_d, st.integers(0, 10_000), st.integers(0, 500), st.integers(0, 500), st.integers(-200, 200))
    def test_score_depends_only_on_offset(self, d, seed, m, n, shift):
        rng = np.random.default_rng(seed)
        q, k = rng.normal(size=(1, d)), rng.normal(size=(1, d))
        for layout in ("interleaved", "half"):
            s1 = posenc.apply_rope(q, [m], layout=layout) @ posenc.apply_rope(k, [n], layout=layout).T
            s2 = posenc.apply_rope(q, [m + shift], layout=layout) @ posenc.apply_rope(k, [n + shift], layout=layout).T
            assert s1 == pytest.approx(s2, abs=1e-9)

    def test_position_zero_is_identity(self):
        x = np.random.default_rng(1).normal(size=(1, 10))
        for layout in ("interleaved", "half"):
            assert np.array_equal(posenc.apply_rope(x, [0], layout=layout), x)

    def test_mixing_layouts_gives_a_different_answer(self):
        x = np.random.default_rng(2).normal(size=(5, 8))
        assert not np.allclose(posenc.apply_rope(x, layout="half"), posenc.apply_rope(x, layout="interleaved"))

    def test_half_layout_matches_rotate_half_formula(self):
        x = np.random.default_rng(3).normal(size=(6, 8))
        angles = posenc.rope_angles(np.arange(6), 8)
        cos, sin = np.cos(np.concatenate([angles, angles], -1)), np.sin(np.concatenate([angles, angles], -1))
        rotate_half = np.concatenate([-x[:, 4:], x[:, :4]], -1)
        assert np.allclose(posenc.apply_rope(x, layout="half"), x * cos + rotate_half * sin)

    def test_batched_heads(self):
        x = np.random.default_rng(4).normal(size=(2, 3, 5, 4))
        y = posenc.apply_rope(x)
        assert y.shape == x.shape and np.allclose(y[1, 2], posenc.apply_rope(x[1, 2]))

    def test_keeps_float32(self):
        assert posenc.apply_rope(np.ones((3, 4), np.float32)).dtype == np.float32

    def test_rejects_odd_d_head(self):
        with pytest.raises(ValueError, match=r"d_head .* must be even.*x.shape=\(3, 5\), d_head=5"):
            posenc.apply_rope(np.ones((3, 5)))

    def test_rejects_positions_of_wrong_length(self):
        with pytest.raises(ValueError, match=r"got 2 positions for x.shape=\(3, 4\)"):
            posenc.apply_rope(np.ones((3, 4)), [0, 1])

    def test_rejects_unknown_layout(self):
        with pytest.raises(ValueError, match="layout=.*'rotate_half'"):
            posenc.apply_rope(np.ones((3, 4)), layout="rotate_half")

    def test_rejects_nan_positions(self):
        with pytest.raises(ValueError, match="positions must be finite"):
            posenc.apply_rope(np.ones((2, 4)), [0.0, np.nan])

    @pytest.mark.parametrize("base", [float("nan"), 0.0, -3.0, 1.0])
    def test_rejects_bad_base(self, base):
        with pytest.raises(ValueError, match="base must be a finite number greater than 1"):
            posenc.apply_rope(np.ones((2, 4)), base=base)


class TestHalfLayoutOrder:
    @given(even_d, st.integers(0, 2**16))
    def test_maps_interleaved_rotation_onto_half_rotation(self, d, seed):
        x = np.random.default_rng(seed).normal(size=(5, d))
        order = posenc.half_layout_order(d)
        assert sorted(order.tolist()) == list(range(d))  # a permutation
        np.testing.assert_allclose(posenc.apply_rope(x[:, order], layout="half"), posenc.apply_rope(x)[:, order])

    def test_pairs_land_i_and_i_plus_half_apart(self):
        order = posenc.half_layout_order(8)
        where = np.argsort(order)  # where interleaved dimension j is stored in the half layout
        assert [int(where[2 * i + 1] - where[2 * i]) for i in range(4)] == [4, 4, 4, 4]

    def test_rejects_odd_d_head(self):
        with pytest.raises(ValueError, match="d_head must be even"):
            posenc.half_layout_order(7)


class TestRopeDecayBound:
    @given(even_d, st.integers(0, 2**16), st.floats(0, 5000))
    def test_bounds_the_score_by_summation_by_parts(self, d, seed, distance):
        """RoFormer 3.4.3: |sum_i h_i e^{i t theta_i}| <= max_i |h_{i+1} - h_i| * sum_j |S_j|, h_{d/2} = 0."""
        h = np.random.default_rng(seed).normal(size=d // 2) + 1j * np.random.default_rng(seed + 1).normal(size=d // 2)
        theta = 10000.0 ** (-np.arange(0, d, 2) / d)
        score = abs(np.sum(h * np.exp(1j * distance * theta)))
        steps = np.abs(np.diff(np.append(h, 0)))  # |h_{i+1} - h_i|, i = 0 .. d/2 - 1
        bound = steps.max() * (d // 2) * posenc.rope_decay_bound([distance], d)[0]
        assert score <= bound * (1 + 1e-9) + 1e-9

    @given(even_d)
    def test_at_distance_zero_every_partial_sum_is_its_length(self, d):
        assert posenc.rope_decay_bound([0.0], d)[0] == pytest.approx((d // 2 + 1) / 2)

    def test_falls_with_distance_on_average(self):
        far = posenc.rope_decay_bound(np.arange(1000, 2000), 128).mean()
        near = posenc.rope_decay_bound(np.arange(1, 10), 128).mean()
        assert far < near / 3

    def test_a_larger_base_falls_more_slowly(self):
        distances = np.arange(100, 1000)
        slow = posenc.rope_decay_bound(distances, 128, base=500_000.0).mean()
        assert slow > posenc.rope_decay_bound(distances, 128).mean()
