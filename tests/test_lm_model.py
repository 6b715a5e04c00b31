"""The tiny language model: every gradient against central finite differences of the real loss (float64),
every scheme's backward piece against its forward hook, and the model's refusals.

The finite differences are directional: for each parameter tensor, 5 random directions u, and
``(loss(p + eps u) - loss(p - eps u)) / (2 eps)`` against ``<gradient, u>``. A direction touches every entry of
the tensor at once, so a wrong entry anywhere shows.
"""

import dataclasses

import numpy as np
import pytest

from posenc import schemes, t5
from posenc.lm import layers as lm_layers
from posenc.lm import model as lm_model
from posenc.lm.model import INPUT_SCHEMES, LAYER_SCHEMES, TinyLM
from posenc.schemes import SCHEMES
from tests.wrong_arguments import INT_TYPES, STR_TYPES

#: Wrong arguments for tests/test_arguments.py, which gathers this table.
SMALL = dict(vocab_size=16, max_len=6, layers=("rope", "t5"), inputs="learned", d_model=8, num_heads=2, d_ff=16)
MODEL = TinyLM(**SMALL)
WINDOWS = np.random.default_rng(0).integers(16, size=(2, 7))
ARGUMENT_CASES = {
    "TinyLM": (
        TinyLM,
        dict(SMALL, seed=0, dtype="float64"),
        {
            "vocab_size": (INT_TYPES, [0]),
            "max_len": (INT_TYPES, [-1]),
            "layers": ([None, "rope", ["rope"], (3,)], [("no-such-scheme",), ("sinusoidal",)]),
            "inputs": (STR_TYPES, ["rope", "nope"]),
            "d_model": (INT_TYPES, [0, 7]),
            "num_heads": (INT_TYPES, [0, 3]),
            "d_ff": (["x", 2.5, True], [0]),
            "seed": (INT_TYPES, [-1]),
            "dtype": (STR_TYPES, ["float16"]),
        },
    ),
    "TinyLM.token_losses": (
        MODEL.token_losses,
        dict(windows=WINDOWS),
        {"windows": ([None, "x", WINDOWS * 1.0], [WINDOWS[0], WINDOWS[:, :1], WINDOWS + 16])},
    ),
    "TinyLM.loss_and_gradients": (
        MODEL.loss_and_gradients,
        dict(windows=WINDOWS),
        {"windows": ([None, WINDOWS > 3], [WINDOWS - 20])},
    ),
}

#: Every scheme once at its place, and hybrids: each of these configurations' tensors is checked.
CONFIGS = [("none", ("none",)), ("sinusoidal", ("none",)), ("learned", ("none",))]
CONFIGS += [("none", (name,)) for name in LAYER_SCHEMES if name != "none"]
CONFIGS += [("none", ("rope", "none")), ("learned", ("rope", "none")), ("sinusoidal", ("t5", "alibi"))]
CONFIGS += [("none", ("t5", "t5"))]


def directional_errors(model: TinyLM, windows: np.ndarray, directions: int = 5, eps: float = 1e-5) -> dict:
    """For each tensor, the largest |finite difference - <gradient, u>| over `directions` random unit directions."""
    rng = np.random.default_rng(1)
    _, grads = model.loss_and_gradients(windows)
    worst = {}
    for name, value in model.params.items():
        errors = []
        for _ in range(directions):
            u = rng.normal(size=value.shape)
            u /= np.linalg.norm(u)
            value += eps * u
            up = model.loss_and_gradients(windows)[0]
            value -= 2 * eps * u
            down = model.loss_and_gradients(windows)[0]
            value += eps * u
            errors.append(abs((up - down) / (2 * eps) - float((grads[name] * u).sum())))
        worst[name] = max(errors)
    return worst


class TestGradients:
    @pytest.mark.slow  # about 2.2 s here alone (2026-12-07): in `make test`, not `make test-fast`
    def test_every_tensor_of_every_scheme_matches_finite_differences(self):
        # its time shows in make test's slowest-25 list;
        # no timing is asserted, as a test's pass must not depend on the machine's speed
        checked = []
        for inputs, layers in CONFIGS:
            model = TinyLM(16, 6, layers=layers, inputs=inputs, d_model=8, num_heads=2, seed=3, dtype="float64")
            for value in model.params.values():  # away from a fresh model's zeros: biases, T5's numbers
                value += np.random.default_rng(4).normal(scale=0.1, size=value.shape)
            errors = directional_errors(model, np.random.default_rng(5).integers(16, size=(2, 7)))
            assert max(errors.values()) < 1e-7, (inputs, layers, {k: v for k, v in errors.items() if v >= 1e-7})
            checked.append((inputs, layers, sorted(errors)))
        position = {name for _, _, names in checked for name in names if name.split(".")[0] in SCHEMES}
        assert position == {"learned.table", "t5.bucket_values"}, "every trained position tensor was checked"

    def test_a_wrong_backward_piece_is_caught(self):
        # RoPE's turn back replaced by the identity: the check must see it
        rope = SCHEMES["rope"]
        assert rope.model is not None
        wrong = dataclasses.replace(rope, model=dataclasses.replace(rope.model, queries_back=lambda g, params: g))
        model = TinyLM(16, 6, layers=("rope",), d_model=8, num_heads=2, seed=3, dtype="float64")
        model.layer_schemes = (wrong,)
        assert directional_errors(model, WINDOWS)["layer0.qkv"] > 1e-4

    def test_a_trained_tensor_without_a_gradient_is_an_error(self):
        t5 = SCHEMES["t5"]
        assert t5.model is not None
        silent = dataclasses.replace(t5, model=dataclasses.replace(t5.model, bias_gradients=lambda g, params: {}))
        model = TinyLM(16, 6, layers=("t5",), d_model=8, num_heads=2)
        model.layer_schemes = (silent,)
        with pytest.raises(RuntimeError, match=r"no gradient for \['t5.bucket_values'\]"):
            model.loss_and_gradients(WINDOWS)

    @pytest.mark.parametrize("name", [n for n, s in SCHEMES.items() if s.model is not None])
    def test_each_backward_piece_is_the_transpose_of_its_hook(self, name):
        # <hook(x), y> == <x, back(y)> on (batch, heads, seq_len, d_head), the model's shapes
        record = SCHEMES[name]
        assert record.model is not None and record.layer is not None
        params = record.model.fixed(8, 8, 2) | record.model.trained(np.random.default_rng(0), 8, 8, 2)
        rng = np.random.default_rng(6)
        x, y = rng.normal(size=(2, 3, 5, 4)), rng.normal(size=(2, 3, 5, 4))
        for hook, back in [
            (record.layer.queries, record.model.queries_back),
            (record.layer.keys, record.model.keys_back),
            (record.layer.values, record.model.values_back),
        ]:
            assert np.isclose((hook(x, params) * y).sum(), (x * back(y, params)).sum())


class TestSchemesFromTheRecord:
    def test_a_new_scheme_is_one_record(self, monkeypatch):
        # a scheme the model has never seen, written as a record alone: ALiBi with half the slopes
        alibi = SCHEMES["alibi"]
        assert alibi.model is not None
        gentle = dataclasses.replace(
            alibi,
            name="gentle",
            label="gentle ALiBi",
            model=dataclasses.replace(alibi.model, fixed=lambda max_len, d, heads: {"slopes": 0.5 * np.ones(heads)}),
        )
        monkeypatch.setitem(schemes.SCHEMES, "gentle", gentle)
        monkeypatch.setattr(lm_model, "LAYER_SCHEMES", (*LAYER_SCHEMES, "gentle"))
        model = TinyLM(16, 6, layers=("gentle", "rope"), d_model=8, num_heads=2, dtype="float64")
        assert model.fixed["gentle"]["slopes"].tolist() == [0.5, 0.5]
        assert max(directional_errors(model, WINDOWS, directions=2).values()) < 1e-7

    def test_where_a_scheme_runs_follows_its_record(self):
        assert set(INPUT_SCHEMES) == {n for n, s in SCHEMES.items() if s.acts_on in ("inputs", "nothing")}
        assert set(LAYER_SCHEMES) == {n for n, s in SCHEMES.items() if s.acts_on != "inputs"}
        assert set(LAYER_SCHEMES) >= {"none", "rope", "t5", "alibi"} and set(INPUT_SCHEMES) >= {"sinusoidal", "learned"}

    def test_t5s_numbers_are_one_set_shared_by_its_layers(self):
        model = TinyLM(16, 6, layers=("t5", "none", "t5"), d_model=8, num_heads=2)
        assert [name for name in model.params if name.startswith("t5.")] == ["t5.bucket_values"]
        assert model.params["t5.bucket_values"].shape == (2, t5.buckets_for(6)[0])  # one number per head and bucket

    def test_with_the_same_weights_each_position_scheme_changes_the_losses(self):
        # same seed, same weights: a position scheme changes the losses; none at the input and none in the
        # layers gives a model that sees no order (the causal mask aside)
        base = TinyLM(16, 8, layers=("none", "none"), d_model=8, num_heads=2, dtype="float64")
        for inputs, layers in [
            ("sinusoidal", ("none", "none")),
            ("none", ("rope", "none")),
            ("none", ("none", "alibi")),
        ]:
            other = TinyLM(16, 8, layers=layers, inputs=inputs, d_model=8, num_heads=2, dtype="float64")
            shared = [n for n in base.params if n in other.params]
            assert all(np.array_equal(base.params[n], other.params[n]) for n in shared)
            assert not np.allclose(base.token_losses(WINDOWS), other.token_losses(WINDOWS))


class TestForward:
    @pytest.mark.parametrize(("inputs", "layers"), CONFIGS)
    def test_a_prediction_reads_no_later_token(self, inputs, layers):
        model = TinyLM(16, 6, layers=layers, inputs=inputs, d_model=8, num_heads=2, dtype="float64")
        changed = WINDOWS.copy()
        changed[:, 4] = (changed[:, 4] + 1) % 16
        before, after = model.forward(WINDOWS[:, :-1])[0], model.forward(changed[:, :-1])[0]
        assert np.allclose(before[:, :4], after[:, :4]) and not np.allclose(before[:, 4:], after[:, 4:])

    def test_float32_stays_float32(self):
        model = TinyLM(16, 6, layers=("rope", "t5"), inputs="sinusoidal", d_model=8, num_heads=2)
        loss, grads = model.loss_and_gradients(WINDOWS)
        assert {g.dtype for g in grads.values()} == {np.dtype(np.float32)}
        assert model.forward(WINDOWS[:, :-1])[0].dtype == np.float32
        wide = TinyLM(16, 6, layers=("rope", "t5"), inputs="sinusoidal", d_model=8, num_heads=2, dtype="float64")
        assert abs(loss - wide.loss_and_gradients(WINDOWS)[0]) < 1e-4  # same seed, same model, rounded

    def test_the_loss_is_the_mean_cross_entropy_by_a_plain_softmax(self):
        logits, _ = MODEL.forward(WINDOWS[:, :-1])
        probs = np.exp(logits) / np.exp(logits).sum(axis=-1, keepdims=True)
        expected = -np.log(np.take_along_axis(probs, WINDOWS[:, 1:, None], -1)[..., 0])
        assert np.allclose(MODEL.token_losses(WINDOWS), expected, rtol=1e-5)

    def test_a_learned_table_has_no_row_past_the_training_length(self):
        model = TinyLM(16, 6, inputs="learned", d_model=8, num_heads=2)
        assert model.params["learned.table"].shape == (6, 8)
        with pytest.raises(IndexError, match=r"position 6 is past the end of this learned table.*max_len=6"):
            model.token_losses(np.zeros((1, 8), dtype=int))  # 7 predictions need positions 0..6
        assert model.token_losses(np.zeros((1, 7), dtype=int)).shape == (1, 6)

    def test_a_scheme_in_the_wrong_place_is_refused_with_where_it_acts(self):
        with pytest.raises(
            ValueError, match=r"layers must name one of .*got layers='learned', and learned acts at the input"
        ):
            TinyLM(16, 6, layers=("learned",))
        with pytest.raises(ValueError, match=r"got inputs='ALiBi', and ALiBi acts in the layers"):
            TinyLM(16, 6, inputs="ALiBi")


class TestLayers:
    def test_attention_matches_a_loop_over_queries(self):
        rng = np.random.default_rng(7)
        q, k, v = rng.normal(size=(3, 1, 2, 5, 4))
        bias = rng.normal(size=(2, 5, 5))
        out, _ = lm_layers.attention_forward(q, k, v, bias)
        for h in range(2):
            for i in range(5):
                scores = q[0, h, i] @ k[0, h, : i + 1].T / 2.0 + bias[h, i, : i + 1]
                weights = np.exp(scores) / np.exp(scores).sum()
                assert np.allclose(out[0, h, i], weights @ v[0, h, : i + 1])

    def test_layer_norm_gives_zero_mean_unit_variance(self):
        x = np.random.default_rng(8).normal(3.0, 2.0, size=(4, 16))
        y, _ = lm_layers.layer_norm_forward(x, np.ones(16), np.zeros(16))
        assert np.allclose(y.mean(axis=-1), 0) and np.allclose(y.var(axis=-1), 1, atol=1e-5)

    def test_gelus_derivative_matches_finite_differences(self):
        u = np.linspace(-4, 4, 41)
        _, cache = lm_layers.gelu_forward(u)
        numeric = (lm_layers.gelu_forward(u + 1e-6)[0] - lm_layers.gelu_forward(u - 1e-6)[0]) / 2e-6
        assert np.allclose(lm_layers.gelu_backward(np.ones_like(u), cache), numeric, atol=1e-8)
