"""The RoPE extension toolkit against its formulas computed another way, and interpolation with a short fine-tune.

Each rule is checked against an independent statement of it: PI's angle at m is the plain angle at m / s;
NTK-aware's speeds are theta_i * s**(-2i/(d-2)) pair by pair; YaRN's ramp leaves the pairs that turn more than
beta times in L alone and divides those under alpha by s; dynamic scaling is plain RoPE up to L and transformers'
dynamic-NTK base above it; Llama 3.1's rule is its three bands written as a scalar if/elif, with hand-computed
values. The model runs the speeds through its RoPE record's parameters; the hook and its transpose are checked.
"""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import posenc
from posenc import lm
from posenc.lm import extension as ext
from posenc.rope import apply_rope
from posenc.schemes.layer import turn
from posenc.schemes.lm import turn_back
from posenc.sinusoidal import frequencies
from tests.wrong_arguments import ARRAY_TYPES, INT_TYPES, NUMBER_TYPES

LANGUAGE = lm.make_language(seed=0)
ROPE = lm.TinyLM(LANGUAGE.vocab_size, 8, layers=("rope", "none"), d_model=8, num_heads=2, d_ff=16)
PLAIN = lm.TinyLM(LANGUAGE.vocab_size, 8, layers=("none",), d_model=8, num_heads=2, d_ff=16)
FREQS = frequencies(4)  # d_head = 4: the two pairs of ROPE's heads
WINDOWS = LANGUAGE.sample(3, 17, seed=2)

#: Wrong arguments for tests/test_arguments.py, which gathers this table.
ARGUMENT_CASES = {
    "rope_freqs": (ext.rope_freqs, dict(model=ROPE), {"model": ([None, "x"], [PLAIN])}),
    "with_freqs": (
        ext.with_freqs,
        dict(model=ROPE, freqs=FREQS, attention_factor=1.0),
        {
            "model": ([None], [PLAIN]),
            "freqs": (ARRAY_TYPES, [[1.0], [1.0, -0.1], [[1.0, 0.1]], [1.0, math.nan]]),
            "attention_factor": (NUMBER_TYPES, [0.0, -1.0, math.inf]),
        },
    ),
    "interpolated_freqs": (
        ext.interpolated_freqs,
        dict(freqs=FREQS, scale=2.0),
        {"freqs": (ARRAY_TYPES, [[], [0.0, 1.0]]), "scale": (NUMBER_TYPES, [0.5, math.nan])},
    ),
    "ntk_aware_freqs": (
        ext.ntk_aware_freqs,
        dict(freqs=FREQS, scale=2.0),
        {"freqs": (ARRAY_TYPES, [[1.0], [1.0, 0.5, 0.1], [0.5, 0.25]]), "scale": (NUMBER_TYPES, [0.9])},
    ),
    "yarn_freqs": (
        ext.yarn_freqs,
        dict(freqs=FREQS, scale=2.0, train_len=8, alpha=1.0, beta=32.0),
        {
            "freqs": (ARRAY_TYPES, [[-1.0]]),
            "scale": (NUMBER_TYPES, [0.0]),
            "train_len": (INT_TYPES, [0]),
            "alpha": (NUMBER_TYPES, [-1.0]),
            "beta": (NUMBER_TYPES, [0.5, 1.0]),
        },
    ),
    "yarn_code_freqs": (
        ext.yarn_code_freqs,
        dict(freqs=posenc.rope_angles([1.0], 8)[0], scale=4.0, train_len=32, alpha=1.0, beta=32.0),
        {
            "freqs": (["x"], [np.array([1.0]), np.array([1.0, 0.5, 0.1])]),
            "scale": (NUMBER_TYPES, [0.5]),
            "train_len": (INT_TYPES, [0]),
            "alpha": (NUMBER_TYPES, [0.0]),
            "beta": (NUMBER_TYPES, [0.5]),
        },
    ),
    "yarn_attention_factor": (ext.yarn_attention_factor, dict(scale=4.0), {"scale": (NUMBER_TYPES, [0.5])}),
    "dynamic_scale": (
        ext.dynamic_scale,
        dict(seq_len=64, train_len=32),
        {"seq_len": (INT_TYPES, [0]), "train_len": (INT_TYPES, [-1])},
    ),
    "dynamic_ntk_freqs": (
        ext.dynamic_ntk_freqs,
        dict(freqs=FREQS, seq_len=64, train_len=32),
        {"freqs": (ARRAY_TYPES, [[2.0, 1.0]]), "seq_len": (INT_TYPES, [0]), "train_len": (INT_TYPES, [0])},
    ),
    "llama3_freqs": (
        ext.llama3_freqs,
        dict(freqs=FREQS, factor=8.0, low_freq_factor=1.0, high_freq_factor=4.0, original_max_position=8192),
        {
            "freqs": (ARRAY_TYPES, [[0.0]]),
            "factor": (NUMBER_TYPES, [0.5]),
            "low_freq_factor": (NUMBER_TYPES, [0.0]),
            "high_freq_factor": (NUMBER_TYPES, [1.0, 0.5]),
            "original_max_position": (INT_TYPES, [0]),
        },
    ),
    "interpolate_and_finetune": (
        ext.interpolate_and_finetune,
        dict(model=ROPE, language=LANGUAGE, scale=2.0, steps=1, batch_size=1, peak_lr=1e-3, warmup=1, seed=0),
        {
            "model": ([None], [PLAIN]),
            "language": ([None], [lm.make_language(num_values=2)]),
            "scale": (NUMBER_TYPES, [0.5, 1.3]),
            "steps": (INT_TYPES, [0]),
            "batch_size": (INT_TYPES, [0]),
            "peak_lr": (NUMBER_TYPES, [0.0]),
            "warmup": (INT_TYPES, [0]),
            "seed": (INT_TYPES, [-1]),
        },
    ),
}

SCALES = st.floats(min_value=1.0, max_value=64.0)


class TestTheHook:
    def test_rope_s_own_speeds_are_apply_rope_exactly(self):
        x = np.random.default_rng(0).normal(size=(2, 3, 7, 4)).astype(np.float32)  # ROPE's heads: d_head = 4
        params = ROPE.position_params(ROPE.layer_schemes[0])
        assert np.array_equal(turn(x, params, 1), apply_rope(x)) and turn(x, params, 1).dtype == np.float32

    def test_the_speeds_and_factor_it_reads_and_its_transpose(self):
        rng = np.random.default_rng(1)
        x, y = rng.normal(size=(2, 6, 4)), rng.normal(size=(2, 6, 4))
        params = {"freqs": np.array([0.3, 0.02]), "attention_factor": 1.5}
        by_hand = np.empty_like(x)  # each pair turned as a complex number
        for m in range(6):
            z = (x[:, m, 0::2] + 1j * x[:, m, 1::2]) * np.exp(1j * m * params["freqs"]) * 1.5
            by_hand[:, m, 0::2], by_hand[:, m, 1::2] = z.real, z.imag
        assert np.allclose(turn(x, params, 1), by_hand)
        assert np.isclose((turn(x, params, 1) * y).sum(), (x * turn_back(y, params)).sum())


class TestWithFreqs:
    def test_own_speeds_change_nothing_and_the_copy_is_separate(self):
        same = ext.with_freqs(ROPE, ext.rope_freqs(ROPE))
        assert np.array_equal(same.token_losses(WINDOWS), ROPE.token_losses(WINDOWS))
        same.params["embed"] += 1.0
        assert not np.array_equal(same.params["embed"], ROPE.params["embed"])

    def test_the_attention_factor_is_queries_and_keys_scaled_in_the_rope_layers_only(self):
        factor = 1.3
        scaled = ext.with_freqs(ROPE, FREQS, attention_factor=factor)
        by_weights = ext.with_freqs(ROPE, FREQS)
        by_weights.params["layer0.qkv"][:, :16] *= np.float32(factor)  # W_q and W_k of layer 0, the RoPE layer
        assert np.allclose(scaled.token_losses(WINDOWS), by_weights.token_losses(WINDOWS), atol=1e-5)
        assert not np.allclose(scaled.token_losses(WINDOWS), ROPE.token_losses(WINDOWS), atol=1e-3)

    def test_every_rope_layer_gets_the_speeds(self):
        model = lm.TinyLM(16, 8, layers=("rope", "alibi", "rope"), d_model=8, num_heads=2)
        assert ext.rope_freqs(ext.with_freqs(model, FREQS / 3)).tolist() == (FREQS / 3).tolist()


class TestInterpolatedFreqs:
    @given(scale=SCALES)
    def test_the_angle_at_m_is_the_plain_angle_at_m_over_s(self, scale):
        x = np.random.default_rng(2).normal(size=(9, 8))
        interpolated = {"freqs": ext.interpolated_freqs(frequencies(8), scale)}
        assert np.allclose(turn(x, interpolated, 1), apply_rope(x, np.arange(9) / scale))

    def test_a_model_reads_a_window_of_s_L_as_positions_below_L(self):
        # PI at s = 2 on positions 0, 2, 4, ... turns them as the plain model turns 0, 1, 2, ...
        x = np.random.default_rng(3).normal(size=(16, 4))
        slowed = turn(x, {"freqs": ext.interpolated_freqs(FREQS, 2)}, 1)
        assert np.allclose(slowed[0::2], apply_rope(x[0::2]))


class TestNtkAwareFreqs:
    @given(scale=SCALES, d_head=st.sampled_from([4, 8, 16, 128]))
    def test_pair_i_is_slowed_by_s_to_the_2i_over_d_minus_2(self, scale, d_head):
        plain = frequencies(d_head)
        i = np.arange(d_head // 2)
        assert np.allclose(ext.ntk_aware_freqs(plain, scale), plain * scale ** (-2 * i / (d_head - 2)), rtol=1e-12)

    def test_pair_0_keeps_its_speed_and_the_slowest_is_divided_by_s(self):
        out = ext.ntk_aware_freqs(frequencies(16), 16.0)
        assert out[0] == 1.0 and np.isclose(out[-1], frequencies(16)[-1] / 16)

    def test_speeds_of_another_form_are_refused(self):
        with pytest.raises(ValueError, match="NTK-aware rule changes the base"):
            ext.ntk_aware_freqs(frequencies(8) / 2, 2.0)  # already interpolated


class TestYarn:
    def test_the_ramp_keeps_fast_pairs_divides_slow_ones_and_mixes_between(self):
        train_len, scale = 64, 4.0
        ratios = np.array([40.0, 32.5, 16.5, 1.0, 0.5, 0.01])  # turns in L: r = L / wavelength
        freqs = 2 * np.pi * ratios / train_len
        out = ext.yarn_freqs(freqs, scale, train_len)  # alpha 1, beta 32
        assert np.array_equal(out[:2], freqs[:2])  # r > beta: unchanged
        assert np.array_equal(out[4:], freqs[4:] / scale)  # r < alpha: as PI
        gamma = (16.5 - 1) / 31  # = 0.5 by hand
        assert gamma == 0.5 and np.isclose(out[2], 0.5 * freqs[2] / 4 + 0.5 * freqs[2])
        assert out[3] == freqs[3] / scale  # r = alpha: gamma 0

    @given(scale=SCALES, train_len=st.integers(1, 4096))
    def test_every_speed_lies_between_pi_and_unchanged(self, scale, train_len):
        plain = frequencies(64)
        out = ext.yarn_freqs(plain, scale, train_len)
        assert np.all(out <= plain * (1 + 1e-12)) and np.all(out >= plain / scale * (1 - 1e-12))

    def test_the_attention_factor_multiplies_every_score_by_its_square(self):
        factor = ext.yarn_attention_factor(16)
        assert np.isclose(factor, 0.1 * np.log(16) + 1) and round(factor, 5) == 1.27726
        rng = np.random.default_rng(4)
        q, k = rng.normal(size=(2, 5, 8))
        params = {"freqs": frequencies(8), "attention_factor": factor}
        scores = turn(q, params, 1) @ turn(k, params, 1).T
        assert np.allclose(scores, factor**2 * (apply_rope(q) @ apply_rope(k).T))
        assert ext.yarn_attention_factor(1) == 1.0


class TestDynamic:
    def test_plain_rope_up_to_the_training_length(self):
        for seq_len in (1, 7, 8):
            assert np.array_equal(ext.dynamic_ntk_freqs(FREQS, seq_len, 8), FREQS)
        model = ext.with_freqs(ROPE, ext.dynamic_ntk_freqs(FREQS, 8, 8))
        assert np.array_equal(model.token_losses(WINDOWS[:, :9]), ROPE.token_losses(WINDOWS[:, :9]))

    def test_above_it_the_base_is_transformers_dynamic_ntk_with_factor_1(self):
        d_head, train_len = 16, 32
        for seq_len in (33, 64, 100, 512):
            base = 10_000.0 * (1.0 * seq_len / train_len - 0.0) ** (d_head / (d_head - 2))
            expected = 1.0 / base ** (np.arange(0, d_head, 2) / d_head)
            assert np.allclose(ext.dynamic_ntk_freqs(frequencies(d_head), seq_len, train_len), expected, rtol=1e-12)
        assert ext.dynamic_scale(48, 32) == 1.5


def llama3_by_hand(freq, factor=8.0, low=1.0, high=4.0, old=8192):
    """One speed through the three bands, as meta-llama's apply_scaling states them."""
    wavelen = 2 * math.pi / freq
    if wavelen < old / high:
        return freq
    if wavelen > old / low:
        return freq / factor
    smooth = (old / wavelen - low) / (high - low)
    return (1 - smooth) * freq / factor + smooth * freq


class TestLlama3:
    def test_hand_computed_values_in_each_band(self):
        wavelengths = np.array([1000.0, 2048.0, 4096.0, 8192.0, 10000.0])
        out = ext.llama3_freqs(2 * np.pi / wavelengths) * wavelengths / (2 * np.pi)  # each speed over its own
        # below 8192/4: kept; at 2048: k = 1, kept; at 4096: k = 1/3, so 2/3 / 8 + 1/3 = 5/12; 8192 and past: 1/8
        assert np.allclose(out, [1.0, 1.0, 5 / 12, 1 / 8, 1 / 8])

    def test_llama_3_1_s_own_speeds_match_the_bands_one_by_one(self):
        plain = frequencies(128, base=500_000.0)  # Llama 3.1 8B: head width 128, rope_theta 500000
        out = ext.llama3_freqs(plain)
        assert np.allclose(out, [llama3_by_hand(f) for f in plain], rtol=1e-12)
        kept, divided = out == plain, np.isclose(out, plain / 8)
        assert kept.sum() + divided.sum() < 64 and kept[0] and divided[-1]

    @given(factor=SCALES, length=st.integers(2, 10_000))
    def test_the_rule_is_continuous_across_its_bands_and_stays_between(self, factor, length):
        edges = np.array([length / 4, length / 1.0])  # the wavelengths where the bands meet
        for wavelength in edges:
            near = 2 * np.pi / (wavelength * np.array([1 - 1e-9, 1 + 1e-9]))
            out = ext.llama3_freqs(near, factor=factor, original_max_position=length)
            assert np.allclose(out[0] / near[0], out[1] / near[1], rtol=1e-6)
        plain = frequencies(32)
        out = ext.llama3_freqs(plain, factor=factor, original_max_position=length)
        assert np.all(out <= plain) and np.all(out >= plain / factor * (1 - 1e-12))


def test_a_short_fine_tune_after_interpolation_beats_interpolation_alone():
    # trained at L = 8 (d = 16, 200 steps), run at 4L = 32: PI alone, then PI and 60 steps at 32 tokens (~0.5 s).
    # Measured on seeds 0, 1, 2 of this set-up: the paired gain was 5.8 to 9.1 standard errors; 3 is asked.
    model = lm.TinyLM(LANGUAGE.vocab_size, 8, layers=("rope", "rope"), d_model=16, num_heads=2, seed=0)
    lm.train(model, LANGUAGE, steps=200, batch_size=16, peak_lr=1e-2, warmup=20, seed=0)
    before = {name: value.copy() for name, value in model.params.items()}
    held_out = LANGUAGE.sample(24, 129, seed=7)
    interpolated = ext.with_freqs(model, ext.interpolated_freqs(ext.rope_freqs(model), 4))
    tuned, losses = ext.interpolate_and_finetune(model, LANGUAGE, 4, steps=60, batch_size=8, peak_lr=3e-3, seed=1)
    alone = lm.evaluate(interpolated, LANGUAGE, held_out, window=32)
    after = lm.evaluate(tuned, LANGUAGE, held_out, window=32)
    gain = (alone.model - after.model).mean(axis=1)  # per window, the same tokens: paired
    error = gain.std(ddof=1) / np.sqrt(len(gain))
    assert gain.mean() > 3 * error, (alone.model_loss, after.model_loss, error)
    assert all(np.array_equal(before[name], model.params[name]) for name in before), "the trained model is unchanged"
    assert losses.shape == (60,) and np.array_equal(ext.rope_freqs(tuned), ext.rope_freqs(interpolated))


class TestYarnAsTheCodeRunsIt:
    """yarn_code_freqs against the authors' find_correction_range and linear_ramp_mask, written out with the base."""

    @staticmethod
    def by_the_code(d_head: int, base: float, train_len: int, scale: float, alpha: float, beta: float) -> np.ndarray:
        def correction_dim(turns: float) -> float:  # the code's find_correction_dim, in the base
            return d_head * math.log(train_len / (turns * 2 * math.pi)) / (2 * math.log(base))

        low = max(math.floor(correction_dim(beta)), 0)
        high = min(math.ceil(correction_dim(alpha)), d_head - 1)
        ramp = np.clip((np.arange(d_head // 2) - low) / max(high - low, 0.001), 0, 1)
        mask = 1 - ramp
        freqs = 1.0 / base ** (np.arange(0, d_head, 2) / d_head)
        return freqs / scale * (1 - mask) + freqs * mask

    @given(
        st.sampled_from([8, 16, 64, 128]),
        st.sampled_from([10_000.0, 500_000.0]),
        st.sampled_from([32, 512, 4096]),
        st.sampled_from([2.0, 4.0, 16.0]),
    )
    def test_it_matches_the_code_written_with_the_base(self, d_head, base, train_len, scale):
        theta = posenc.rope_angles([1.0], d_head, base=base)[0]
        want = self.by_the_code(d_head, base, train_len, scale, 1.0, 32.0)
        assert np.allclose(ext.yarn_code_freqs(theta, scale, train_len), want, rtol=1e-12)

    def test_at_this_course_size_the_fastest_pair_is_kept_where_the_papers_ramp_keeps_none(self):
        theta = posenc.rope_angles([1.0], 16)[0]
        code, paper = ext.yarn_code_freqs(theta, 4, 32) / theta, ext.yarn_freqs(theta, 4, 32) / theta
        assert code[0] == 1.0 and np.all(paper < 1.0)
