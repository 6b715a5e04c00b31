"""Lesson 06's experiment and RoPE scaling, each against an independent computation or a property."""

import dataclasses

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import posenc
from posenc.schemes import SCHEMES, with_part
from posenc.schemes.heads import TrainedHead


@pytest.fixture(scope="module")
def fits():
    """One head per scheme that has one, fitted once for the module (not at import: `pytest -k` elsewhere pays
    nothing)."""
    return {scheme: posenc.fit_position_scores(scheme, steps=150) for scheme in with_part("head")}


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
def test_rope_scores_depend_only_on_the_offset(fits, i, j, shift):
    scores = fits["rope"].scores(260)
    assert np.isclose(scores[i, j], scores[i + shift, j + shift])


def test_rope_scores_equal_a_real_rope_query_and_key(fits):
    # the fitted coefficients (a_p, b_p) are realised by q = (a_p, -b_p) per pair and k = (1, 0) per pair
    fit = fits["rope"]
    a, b = np.split(fit.params["coefficients"], 2)
    q = np.empty(fit.d_model)
    q[0::2], q[1::2] = a, -b
    k = np.tile([1.0, 0.0], fit.d_model // 2)
    n = 20
    rq = posenc.apply_rope(np.tile(q, (n, 1)))
    rk = posenc.apply_rope(np.tile(k, (n, 1)))
    assert np.allclose(fit.scores(n), rq @ rk.T)


def test_sinusoidal_scores_are_the_bilinear_form_of_the_table(fits):
    fit = fits["sinusoidal"]
    pe = posenc.sinusoidal(100, fit.d_model)
    assert np.allclose(fit.scores(100), pe @ fit.params["A"] @ pe.T)


def test_alibi_scores_are_the_alibi_bias_of_the_chosen_head(fits):
    fit = fits["alibi"]
    head = list(posenc.alibi_slopes(8)).index(fit.params["slope"])
    assert np.allclose(np.tril(fit.scores(30)), posenc.alibi_bias(30, 8)[head])


def test_alibi_takes_the_best_of_the_eight_slopes(fits):
    target = posenc.window_target(64, 4)

    def loss(weights):
        inside = target > 0
        return -np.sum(target[inside] * np.log(weights[inside])) / 64

    fit = fits["alibi"]
    for slope in posenc.alibi_slopes(8):
        other = dataclasses.replace(fit, params={"slope": float(slope)})
        assert loss(fit.weights(64)) <= loss(other.weights(64)) + 1e-12


#: Every scheme whose record has a head that trains, from the registry.
TRAINED = [name for name, s in SCHEMES.items() if isinstance(s.head, TrainedHead)]


@pytest.mark.parametrize("scheme", TRAINED)
def test_training_lowers_the_loss_and_fits_the_window(scheme, fits):
    fit = fits[scheme]
    assert fit.losses[-1] < 0.6 * fit.losses[0]
    error = posenc.pattern_error(fit.weights(64), posenc.window_target(64, 4))
    assert error.mean() < 0.2


@pytest.mark.parametrize("scheme", TRAINED)
def test_each_schemes_gradient_against_finite_differences_of_the_real_loss(scheme):
    # the same scores, gradients and loss fit_position_scores trains with, at a random point
    from posenc.extrapolation.heads import _loss_and_score_gradient

    # n = 40 reaches T5's logarithmic buckets (from offset 16), not only its exact ones
    model, n, d = SCHEMES[scheme].head, 40, 6
    target = posenc.window_target(n, 3)
    params = model.init(np.random.default_rng(1), n, d)
    # away from the tiny initial values: scores of a few units, at every offset the head can tell apart
    params = {name: np.random.default_rng(3).normal(scale=0.5, size=value.shape) for name, value in params.items()}

    def loss(p):
        return _loss_and_score_gradient(model.scores(p, n, 1.0, d), target)[0]

    _, g = _loss_and_score_gradient(model.scores(params, n, 1.0, d), target)
    analytic = model.gradients(params, g, d)
    assert set(analytic) == set(params)
    for name, value in params.items():
        numeric = np.empty(value.shape)
        for index in np.ndindex(value.shape):
            step = np.zeros(value.shape)
            step[index] = 1e-6
            numeric[index] = (loss({**params, name: value + step}) - loss({**params, name: value - step})) / 2e-6
        assert np.allclose(analytic[name], numeric, atol=1e-6), name


def test_score_gradient_of_the_loss_against_finite_differences():
    from posenc.extrapolation.heads import _loss_and_score_gradient

    scores = np.random.default_rng(2).normal(size=(6, 6))
    target = posenc.window_target(6, 2)
    _, analytic = _loss_and_score_gradient(scores, target)
    numeric = np.zeros_like(scores)
    for i, j in zip(*np.tril_indices(6), strict=True):  # the keys a query may see
        step = np.zeros_like(scores)
        step[i, j] = 1e-6
        up, down = (
            _loss_and_score_gradient(scores + step, target)[0],
            _loss_and_score_gradient(scores - step, target)[0],
        )
        numeric[i, j] = (up - down) / 2e-6
    assert np.allclose(np.tril(analytic), numeric, atol=1e-7)
    assert np.allclose(np.triu(analytic, 1), 0.0)  # masked keys: no gradient


def test_learned_has_no_rows_past_the_training_length(fits):
    fit = fits["learned"]
    assert fit.weights(64).shape == (64, 64)
    with pytest.raises(IndexError, match="rows for positions 0–63 only; seq_len=65"):
        fit.weights(65)


def test_position_interpolation_maps_the_long_sequence_onto_trained_offsets(fits):
    fit = fits["rope"]
    long = fit.scores(256, position_scale=64 / 256)
    assert np.allclose(long[::4, ::4], fit.scores(64))  # every 4th position is a trained one


def test_rope_twin_agrees_in_training_and_differs_after(fits):
    fit = fits["rope"]
    twin = posenc.rope_twin(fit, test_len=256)
    seen = np.tril(np.ones((64, 64), bool))
    change = twin.scores(256) - fit.scores(256)
    assert np.abs(change[:64, :64][seen]).max() <= 0.05 + 1e-12
    target = posenc.window_target(256, 4)
    assert posenc.pattern_error(twin.weights(256), target)[128:].mean() > 0.5
    assert posenc.pattern_error(fit.weights(256), target)[128:].mean() < 0.2


def test_rope_twin_is_one_example_a_smaller_ridge_moves_far_scores_more(fits):
    fit = fits["rope"]
    seen = np.tril(np.ones((64, 64), bool))
    far = []
    for ridge in (1e-2, 1e-4):
        change = posenc.rope_twin(fit, test_len=256, ridge=ridge).scores(256) - fit.scores(256)
        assert np.abs(change[:64, :64][seen]).max() <= 0.05 + 1e-12  # the same bound on training's pairs
        far.append(np.tril(change).max())
    assert far[1] > 3 * far[0]


def test_a_sinusoidal_head_with_rotation_blocks_is_the_rope_head(fits):
    """PE(i)ᵀ B PE(j) with B = [[a, b], [-b, a]] on each (sin, cos) pair is a cos((i-j)ω) + b sin((i-j)ω)."""
    rope = fits["rope"]
    a, b = np.split(rope.params["coefficients"], 2)
    A = np.zeros((32, 32))
    for p in range(16):
        A[2 * p : 2 * p + 2, 2 * p : 2 * p + 2] = [[a[p], b[p]], [-b[p], a[p]]]
    blocky = dataclasses.replace(fits["sinusoidal"], params={"A": A})
    below = np.tril(np.ones((256, 256), bool))
    assert np.allclose(blocky.scores(256)[below], rope.scores(256)[below], atol=1e-10)
    assert np.allclose(blocky.weights(256), rope.weights(256), atol=1e-10)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda fits: posenc.fit_position_scores("nope"), "scheme must be one of 'sinusoidal'.*got scheme='nope'"),
        (lambda fits: posenc.fit_position_scores("rope", d_model=7), "d_model must be even"),
        (lambda fits: posenc.fit_position_scores("rope", window=100), "window must be at most train_len"),
        (lambda fits: fits["alibi"].scores(10, position_scale=0.5), "position_scale works for 'sinusoidal', 'rope'"),
        (lambda fits: posenc.rope_twin(fits["alibi"], 100), "needs a 'rope' fit"),
        (lambda fits: posenc.rope_twin(fits["rope"], 64), "test_len must exceed train_len=64"),
    ],
)
def test_bad_input_is_named(call, message, fits):
    with pytest.raises(ValueError, match=message):
        call(fits)


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
