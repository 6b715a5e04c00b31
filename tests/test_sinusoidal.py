"""The sinusoidal table against the paper's formula, its properties and its precision."""

import json
import math
import sys

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import posenc
from posenc.checks.questions import question

even_d = st.integers(1, 40).map(lambda n: 2 * n)


class TestFrequencies:
    def test_formula(self):
        d = 8
        expected = [10000 ** (-(2 * i) / d) for i in range(d // 2)]
        assert np.allclose(posenc.frequencies(d), expected, rtol=1e-14)

    def test_first_is_one_and_they_decrease(self):
        f = posenc.frequencies(48)
        assert f[0] == 1.0 and np.all(np.diff(f) < 0)


class TestWavelengths:
    def test_first_is_two_pi(self):
        assert posenc.wavelengths(48)[0] == pytest.approx(2 * math.pi)

    @given(even_d)
    def test_geometric_from_2pi_towards_2pi_base(self, d):
        w = posenc.wavelengths(d)
        assert w[0] == pytest.approx(2 * math.pi)
        assert w[-1] < 2 * math.pi * 10000
        if d >= 4:
            ratios = w[1:] / w[:-1]
            assert np.allclose(ratios, 10000 ** (2 / d))

    @given(even_d, st.integers(0, 200))
    def test_column_is_a_sine_of_that_wavelength(self, d, pos):
        lam = posenc.wavelengths(d)
        table = posenc.sinusoidal(pos + 1, d)
        assert np.allclose(table[pos, 0::2], np.sin(2 * math.pi * pos / lam))
        assert np.allclose(table[pos, 1::2], np.cos(2 * math.pi * pos / lam))


class TestSinusoidal:
    def test_matches_double_loop(self):
        seq_len, d = 9, 10
        table = posenc.sinusoidal(seq_len, d)
        for pos in range(seq_len):
            for col in range(d):
                i = col // 2
                angle = pos / 10000 ** (2 * i / d)
                expected = math.sin(angle) if col % 2 == 0 else math.cos(angle)
                assert table[pos, col] == pytest.approx(expected, abs=1e-12)

    @given(even_d)
    def test_position_zero_is_zero_one_repeated(self, d):
        assert np.array_equal(posenc.sinusoidal(1, d)[0], np.tile([0.0, 1.0], d // 2))

    def test_published_cell_position_5_dimension_0(self):
        assert posenc.sinusoidal(24, 48)[5, 0] == pytest.approx(math.sin(5)) == pytest.approx(-0.95892, abs=1e-5)

    @given(st.integers(1, 50), even_d)
    def test_every_row_has_squared_norm_half_d(self, seq_len, d):
        table = posenc.sinusoidal(seq_len, d)
        assert np.allclose((table**2).sum(axis=1), d / 2)

    @given(st.integers(1, 60), st.integers(1, 60), even_d)
    def test_a_position_gets_the_same_row_in_every_sentence(self, a, b, d):
        short, long = sorted((a, b))
        assert np.allclose(posenc.sinusoidal(short, d), posenc.sinusoidal(long, d)[:short], rtol=0, atol=1e-12)

    @given(st.integers(1, 512).map(lambda n: 2 * n))
    def test_every_pair_turns_at_every_step(self, d):
        pairs = posenc.sinusoidal(300, d).reshape(300, d // 2, 2)  # (position, pair, (sin, cos))
        moved = np.linalg.norm(pairs[1:] - pairs[:-1], axis=-1)  # (299, d // 2): how far each pair's point moves
        omega = np.array([10000.0 ** (-2 * i / d) for i in range(d // 2)])
        # independently: a turn by omega moves a point of the unit circle by the chord 2 sin(omega / 2)
        assert np.all(moved > 0)
        assert np.allclose(moved, 2 * np.sin(omega / 2), rtol=1e-6, atol=0)

    def test_pair_0_alone_gives_each_of_the_first_100_000_positions_its_own_angle(self):
        n = 100_000
        pair_0 = posenc.sinusoidal(n, 2)  # (n, 2): (sin p, cos p), the first two columns of every table
        assert np.allclose(pair_0, np.column_stack([np.sin(np.arange(n)), np.cos(np.arange(n))]), atol=1e-9)
        angles = np.sort(np.arctan2(pair_0[:, 0], pair_0[:, 1]))  # each position's angle, in (-pi, pi]
        gaps = np.diff(np.append(angles, angles[0] + 2 * math.pi))  # between neighbours round the circle
        assert gaps.min() > 1e-6  # far above the rounding of the angles (about 1e-11 at p = 100,000)

    def test_base_changes_only_slow_columns(self):
        a, b = posenc.sinusoidal(10, 8), posenc.sinusoidal(10, 8, base=100.0)
        assert np.array_equal(a[:, :2], b[:, :2]) and not np.allclose(a[:, 2:], b[:, 2:])

    @pytest.mark.parametrize("d_model", [0, -4, 7])
    def test_rejects_bad_d_model(self, d_model):
        with pytest.raises(ValueError, match=f"d_model=.*{d_model}"):
            posenc.sinusoidal(4, d_model)


class TestOffsetRotation:
    @given(st.integers(-30, 30), even_d)
    def test_moves_every_position_k_on(self, k, d):
        table = posenc.sinusoidal(100, d)
        M = posenc.offset_rotation(k, d)
        p = np.arange(max(0, -k), min(100, 100 - k))
        assert np.allclose(table[p] @ M.T, table[p + k], atol=1e-9)

    @given(st.integers(-50, 50), even_d)
    def test_is_orthogonal(self, k, d):
        M = posenc.offset_rotation(k, d)
        assert np.allclose(M @ M.T, np.eye(d))

    def test_composes_like_addition(self):
        assert np.allclose(posenc.offset_rotation(3, 6) @ posenc.offset_rotation(4, 6), posenc.offset_rotation(7, 6))

    @given(st.integers(0, 40))
    def test_dot_product_depends_on_offset_only(self, k):
        table = posenc.sinusoidal(120, 16)
        dots = np.einsum("pd,pd->p", table[: 120 - k], table[k:])
        assert np.allclose(dots, dots[0])

    def test_rejects_a_float_shift(self):
        with pytest.raises(TypeError, match=r"delta must be an integer; got delta=1.5"):
            posenc.offset_rotation(1.5, 4)


class TestPrecision:
    """What float32 does to the table far out: the figures stated in posenc.sinusoidal's docstring."""

    @staticmethod
    def exact_row(d, pos):
        """Row `pos` from Python's math module, interleaved as the formula says."""
        freqs = [10000.0 ** (-2 * i / d) for i in range(d // 2)]
        return np.array([f(pos * w) for w in freqs for f in (math.sin, math.cos)])

    @staticmethod
    def float32_row(d, pos):
        """Row `pos` with the angles computed in float32, interleaved."""
        angles32 = np.float32(pos) * posenc.frequencies(d).astype(np.float32)
        row = np.empty(d)
        row[0::2], row[1::2] = np.sin(angles32), np.cos(angles32)
        return row

    @pytest.mark.parametrize("d, pos", [(128, 1_000), (128, 100_000)])
    def test_posenc_table_is_exact_far_out(self, d, pos):
        row = posenc.sinusoidal(pos + 1, d)[pos]
        assert np.max(np.abs(row - self.exact_row(d, pos))) < 1e-9

    @pytest.mark.parametrize(
        "d, pos, stated",
        [
            (128, 1_000, "2.9e-05"),
            (128, 100_000, "0.0052"),
            (128, 1_000_000, "0.052"),
            (64, 1_000_000, "0.016"),
        ],
    )
    def test_float32_error_is_the_one_the_docstring_states(self, d, pos, stated):
        error = np.max(np.abs(self.float32_row(d, pos) - self.exact_row(d, pos)))
        assert f"{error:.2g}" == stated
        docstring = sys.modules["posenc.sinusoidal"].__doc__.replace("\n", " ")
        assert stated in docstring


def test_the_slowest_frequency_is_the_one_quiz_02_fastest_states_for_each_width():
    # base^(-(d - 2)/d), computed independently of frequencies' own exponent: one factor base^(-2/d) per pair after 0
    for d_model, stated in ((4, 0.01), (8, 0.001), (512, 0.0001)):
        slowest = (10000.0 ** (-2.0 / d_model)) ** (d_model // 2 - 1)
        assert posenc.frequencies(d_model)[-1] == pytest.approx(slowest)
        assert slowest == pytest.approx(stated, rel=0.05)  # "about 0.0001" at 512: 1.04e-4
    assert "0.01 at d_model = 4, 0.001 at 8, about 0.0001 at 512" in json.dumps(
        question("02-fastest", "mcq"), ensure_ascii=False
    )
