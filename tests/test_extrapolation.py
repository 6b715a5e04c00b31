"""Lesson 06's experiment and RoPE scaling, each against an independent computation or a property."""

import dataclasses

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import posenc
from posenc.extrapolation import SCHEMES

FITS = {scheme: posenc.fit_position_scores(scheme, steps=150) for scheme in SCHEMES}


def brute_window(n, w):
    """The target written out with loops: query i spreads 1 over keys max(0, i-w+1) .. i."""
    out = np.zeros((n, n))
    for i in range(n):
        keys = list(range(max(0, i - w + 1), i + 1))
        for j in keys:
            out[i, j] = 1 / len(keys)
    return out


@given(st.integers(1, 30), st.integers(1, 8))
def test_window_target_against_loops(n, w):
    assert np.allclose(posenc.window_target(n, w), brute_window(n, w))


@given(st.integers(2, 12), st.integers(0, 10_000))
def test_pattern_error_is_the_total_variation_distance(n, seed):
    rng = np.random.default_rng(seed)
    a, b = rng.dirichlet(np.ones(n), size=n), rng.dirichlet(np.ones(n), size=n)
    # total variation = largest difference in probability over any set of keys = the mass where a exceeds b
    excess = np.array([np.sum(np.maximum(a[i] - b[i], 0)) for i in range(n)])
    assert np.allclose(posenc.pattern_error(a, b), excess)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 150), st.integers(0, 150), st.integers(1, 100))
def test_rope_scores_depend_only_on_the_offset(i, j, shift):
    scores = FITS["rope"].scores(260)
    assert np.isclose(scores[i, j], scores[i + shift, j + shift])


def test_rope_scores_equal_a_real_rope_query_and_key():
    # the fitted coefficients (a_p, b_p) are realised by q = (a_p, -b_p) per pair and k = (1, 0) per pair
    fit = FITS["rope"]
    a, b = np.split(fit.params["coefficients"], 2)
    q = np.empty(fit.d_model)
    q[0::2], q[1::2] = a, -b
    k = np.tile([1.0, 0.0], fit.d_model // 2)
    n = 20
    rq = posenc.apply_rope(np.tile(q, (n, 1)))
    rk = posenc.apply_rope(np.tile(k, (n, 1)))
    assert np.allclose(fit.scores(n), rq @ rk.T)


def test_sinusoidal_scores_are_the_bilinear_form_of_the_table():
    fit = FITS["sinusoidal"]
    pe = posenc.sinusoidal(100, fit.d_model)
    assert np.allclose(fit.scores(100), pe @ fit.params["A"] @ pe.T)


def test_alibi_scores_are_the_alibi_bias_of_the_chosen_head():
    fit = FITS["alibi"]
    head = list(posenc.alibi_slopes(8)).index(fit.params["slope"])
    assert np.allclose(np.tril(fit.scores(30)), posenc.alibi_bias(30, 8)[head])


def test_alibi_takes_the_best_of_the_eight_slopes():
    target = posenc.window_target(64, 4)

    def loss(weights):
        inside = target > 0
        return -np.sum(target[inside] * np.log(weights[inside])) / 64

    fit = FITS["alibi"]
    for slope in posenc.alibi_slopes(8):
        other = dataclasses.replace(fit, params={"slope": float(slope)})
        assert loss(fit.weights(64)) <= loss(other.weights(64)) + 1e-12


@pytest.mark.parametrize("scheme", ["sinusoidal", "learned", "rope"])
def test_training_lowers_the_loss_and_fits_the_window(scheme):
    fit = FITS[scheme]
    assert fit.losses[-1] < 0.6 * fit.losses[0]
    error = posenc.pattern_error(fit.weights(64), posenc.window_target(64, 4))
    assert error.mean() < 0.2


def test_gradient_against_finite_differences():
    # the rope head's loss as a function of its coefficients, differentiated numerically
    from posenc.extrapolation import _loss_and_score_gradient, _offsets, _rope_features

    features = _rope_features(_offsets(16), 8)
    target = posenc.window_target(16, 3)
    c = np.random.default_rng(0).normal(size=8)
    _, g = _loss_and_score_gradient(features @ c, target)
    analytic = np.einsum("ij,ijk->k", g, features)
    numeric = np.empty(8)
    for k in range(8):
        e = np.zeros(8)
        e[k] = 1e-6
        up = _loss_and_score_gradient(features @ (c + e), target)[0]
        down = _loss_and_score_gradient(features @ (c - e), target)[0]
        numeric[k] = (up - down) / 2e-6
    assert np.allclose(analytic, numeric, atol=1e-6)


def test_learned_has_no_rows_past_the_training_length():
    fit = FITS["learned"]
    assert fit.weights(64).shape == (64, 64)
    with pytest.raises(IndexError, match="rows for positions 0–63 only; seq_len=65"):
        fit.weights(65)


def test_position_interpolation_maps_the_long_sequence_onto_trained_offsets():
    fit = FITS["rope"]
    long = fit.scores(256, position_scale=64 / 256)
    assert np.allclose(long[::4, ::4], fit.scores(64))  # every 4th position is a trained one


def test_rope_twin_agrees_in_training_and_differs_after():
    fit = FITS["rope"]
    twin = posenc.rope_twin(fit, test_len=256)
    seen = np.tril(np.ones((64, 64), bool))
    change = twin.scores(256) - fit.scores(256)
    assert np.abs(change[:64, :64][seen]).max() <= 0.05 + 1e-12
    target = posenc.window_target(256, 4)
    assert posenc.pattern_error(twin.weights(256), target)[128:].mean() > 0.5
    assert posenc.pattern_error(fit.weights(256), target)[128:].mean() < 0.2


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: posenc.fit_position_scores("nope"), "scheme must be one of 'sinusoidal'.*got scheme='nope'"),
        (lambda: posenc.fit_position_scores("rope", d_model=7), "d_model must be even"),
        (lambda: posenc.fit_position_scores("rope", window=100), "window must be at most train_len"),
        (lambda: FITS["alibi"].scores(10, position_scale=0.5), "position_scale works for 'rope' and 'sinusoidal'"),
        (lambda: posenc.rope_twin(FITS["alibi"], 100), "needs a 'rope' fit"),
        (lambda: posenc.rope_twin(FITS["rope"], 64), "test_len must exceed train_len=64"),
    ],
)
def test_bad_input_is_named(call, message):
    with pytest.raises(ValueError, match=message):
        call()


class TestNtkAwareBase:
    @given(st.integers(2, 128).map(lambda h: 2 * h), st.floats(1.0, 64.0))
    def test_fastest_pair_keeps_its_speed_and_slowest_turns_scale_times_slower(self, d_head, scale):
        new = posenc.ntk_aware_base(10_000.0, scale, d_head)
        old_speeds = posenc.rope_angles([1], d_head)[0]
        new_speeds = posenc.rope_angles([1], d_head, base=new)[0]
        assert new_speeds[0] == old_speeds[0] == 1.0
        assert np.isclose(old_speeds[-1] / new_speeds[-1], scale)

    def test_published_example(self):
        # YaRN, section 3: b' = b * s^(|D| / (|D| - 2)); for Llama's d_head = 128 and s = 4
        assert np.isclose(posenc.ntk_aware_base(10_000.0, 4.0, 128), 10_000 * 4 ** (128 / 126))

    @pytest.mark.parametrize(
        "scale, d_head, message", [(0.5, 128, "scale must be"), (2.0, 2, "at least 4"), (2.0, 7, "even")]
    )
    def test_bad_input(self, scale, d_head, message):
        with pytest.raises(ValueError, match=message):
            posenc.ntk_aware_base(10_000.0, scale, d_head)
