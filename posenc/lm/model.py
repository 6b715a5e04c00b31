"""A tiny causal Transformer in NumPy with hand-written gradients, its position schemes taken from their records.

Token embeddings, then layers of pre-norm multi-head causal self-attention and a GELU MLP, each with a
residual connection, a final layer norm and an unembedding read by a softmax (the order of GPT-2's blocks,
Radford et al. 2019, at toy size; unlike GPT-2, the unembedding is its own matrix with a bias, not the
embedding's transpose, and the embeddings start at N(0, 1), not N(0, 0.02²)). Position enters through the scheme records of ``posenc.schemes``: a
scheme that acts on the inputs (sinusoidal, learned) adds its rows once, to the token vectors; the
others (none, RoPE, T5's bias, ALiBi) are named per layer, so RoPE in layer 1 and none in layer 2 is a
configuration. T5's numbers, one per head and bucket, are one set shared by every layer that runs T5,
as in T5 (Raffel et al. 2020, section 2.1). Nothing here branches on a scheme's name.
"""

from __future__ import annotations

import numpy as np

from posenc._validation import as_tokens, check_choice, check_positive_int, check_seed
from posenc.lm.layers import (
    attention_backward,
    attention_forward,
    cross_entropy,
    gelu_backward,
    gelu_forward,
    layer_norm_backward,
    layer_norm_forward,
)
from posenc.schemes import SCHEMES, LayerHooks, ModelPart, Scheme, scheme_named

__all__ = ["INPUT_SCHEMES", "LAYER_SCHEMES", "TinyLM"]

#: Schemes the model runs once at its input (those whose record acts on the inputs, and none).
INPUT_SCHEMES = tuple(n for n, s in SCHEMES.items() if s.model is not None and s.acts_on in ("inputs", "nothing"))
#: Schemes a layer of the model may run (those whose record acts inside attention, and none).
LAYER_SCHEMES = tuple(n for n, s in SCHEMES.items() if s.model is not None and s.acts_on != "inputs")


def _scheme(value: object, param: str, allowed: tuple[str, ...]) -> Scheme:
    """The record `value` names, if it is one of `allowed`; else an error naming `param` and where the scheme acts."""
    try:
        record = scheme_named(value)  # type: ignore[arg-type]  # scheme_named refuses a non-str itself
    except (TypeError, ValueError) as error:
        raise type(error)(f"{param}: {error}") from None
    if record.name not in allowed:
        where = "at the input: name it in inputs" if record.acts_on == "inputs" else "in the layers: name it in layers"
        raise ValueError(
            f"{param} must name one of {', '.join(map(repr, allowed))}; got {param}={value!r}, "
            f"and {record.label} acts {where}."
        )
    return record


class TinyLM:
    """A causal language model of one or more pre-norm layers, with a position scheme at the input and per layer.

    Parameters
    ----------
    vocab_size : int
        Number of tokens.
    max_len : int
        The training length L: a learned table gets this many rows and no more.
    layers : tuple of str, default ("none", "none")
        One scheme per layer, from :data:`LAYER_SCHEMES` (a name or a label).
    inputs : str, default "none"
        The scheme at the input, from :data:`INPUT_SCHEMES`.
    d_model, num_heads : int, default 64 and 4
        Width, and heads per layer (`d_model` a multiple of `num_heads`).
    d_ff : int, optional
        Width of the MLP's hidden layer; ``4 * d_model`` by default.
    seed : int, default 0
        Seed of the starting parameters.
    dtype : {"float32", "float64"}, default "float32"
        The parameters' and the computation's precision: float32 to train (measured on 2026-12-04 on the
        course's 2-core machine: 25 ms a step against 44 at d_model=64, 4 heads, 2 layers, d_ff=256, a batch
        of 32 windows of 33 tokens, one thread; ``benchmarks/`` measures it on yours),
        float64 for checks against finite differences. The starting values are drawn in float64 and
        rounded, so a seed gives the same model in both.

    Attributes
    ----------
    params : dict of str to ndarray
        Every trained tensor, by name (``"embed"``, ``"layer0.qkv"``, ``"t5.bucket_values"``, ...).

    Raises
    ------
    ValueError, TypeError
        For a size that is not a positive integer, a `d_model` that `num_heads` does not divide, an
        unknown scheme, or a scheme in the wrong place (an input scheme named for a layer, or the reverse).

    Notes
    -----
    Initialisation: embeddings N(0, 1); every matrix N(0, 1 / fan_in), the two that write into the
    residual stream scaled down by ``sqrt(2 * num_layers)`` (GPT-2's rule); layer norms at gain 1, bias 0.

    Examples
    --------
    >>> model = TinyLM(vocab_size=16, max_len=8, layers=("rope", "none"), d_model=16, num_heads=2)
    >>> windows = np.random.default_rng(0).integers(16, size=(3, 9))  # 3 windows of 9 tokens: 8 predictions
    >>> model.token_losses(windows).shape
    (3, 8)
    >>> loss, grads = model.loss_and_gradients(windows)
    >>> sorted(grads) == sorted(model.params)
    True
    """

    def __init__(
        self,
        vocab_size: int,
        max_len: int,
        *,
        layers: tuple[str, ...] = ("none", "none"),
        inputs: str = "none",
        d_model: int = 64,
        num_heads: int = 4,
        d_ff: int | None = None,
        seed: int = 0,
        dtype: str = "float32",
    ) -> None:
        self.vocab_size = check_positive_int(vocab_size, "vocab_size")
        self.max_len = check_positive_int(max_len, "max_len")
        self.d_model, self.num_heads = (
            check_positive_int(d_model, "d_model"),
            check_positive_int(num_heads, "num_heads"),
        )
        if d_model % num_heads:
            raise ValueError(
                f"d_model must be a multiple of num_heads (each head gets d_model / num_heads features); "
                f"got d_model={d_model}, num_heads={num_heads}."
            )
        self.d_ff = 4 * self.d_model if d_ff is None else check_positive_int(d_ff, "d_ff")
        if not isinstance(layers, tuple) or not layers:
            raise TypeError(f"layers must be a non-empty tuple of scheme names, one per layer; got layers={layers!r}.")
        self.input_scheme = _scheme(inputs, "inputs", INPUT_SCHEMES)
        self.layer_schemes = tuple(_scheme(name, "layers", LAYER_SCHEMES) for name in layers)
        self.dtype = np.dtype(check_choice(dtype, "dtype", ("float32", "float64")))
        rng = np.random.default_rng(check_seed(seed))
        d, f, n_layers = self.d_model, self.d_ff, len(layers)
        residual = 1.0 / np.sqrt(2 * n_layers)
        self.params: dict[str, np.ndarray] = {"embed": rng.normal(size=(vocab_size, d))}
        for i in range(n_layers):
            self.params |= {
                f"layer{i}.ln1.gain": np.ones(d),
                f"layer{i}.ln1.bias": np.zeros(d),
                f"layer{i}.qkv": rng.normal(scale=d**-0.5, size=(d, 3 * d)),
                f"layer{i}.out": rng.normal(scale=residual * d**-0.5, size=(d, d)),
                f"layer{i}.ln2.gain": np.ones(d),
                f"layer{i}.ln2.bias": np.zeros(d),
                f"layer{i}.mlp.in": rng.normal(scale=d**-0.5, size=(d, f)),
                f"layer{i}.mlp.in_bias": np.zeros(f),
                f"layer{i}.mlp.out": rng.normal(scale=residual * f**-0.5, size=(f, d)),
                f"layer{i}.mlp.out_bias": np.zeros(d),
            }
        self.params |= {
            "final.gain": np.ones(d),
            "final.bias": np.zeros(d),
            "unembed": rng.normal(scale=d**-0.5, size=(d, vocab_size)),
            "unembed_bias": np.zeros(vocab_size),
        }
        self.fixed: dict[str, dict[str, np.ndarray]] = {}
        for record in self.schemes:  # the position parameters, once per scheme, drawn after the rest
            part = self._part(record)[0]
            self.fixed[record.name] = part.fixed(self.max_len, d, num_heads)
            for name, value in part.trained(rng, self.max_len, d, num_heads).items():
                self.params[f"{record.name}.{name}"] = value
        self.params = {name: value.astype(self.dtype) for name, value in self.params.items()}

    @property
    def schemes(self) -> tuple[Scheme, ...]:
        """The distinct schemes the model runs: the input's, then each layer's in order."""
        found = {self.input_scheme.name: self.input_scheme}
        found |= {record.name: record for record in self.layer_schemes if record.name not in found}
        return tuple(found.values())

    def __repr__(self) -> str:
        layers = ", ".join(record.name for record in self.layer_schemes)
        return f"TinyLM(inputs={self.input_scheme.name!r}, layers=({layers}), d_model={self.d_model}, max_len={self.max_len})"

    @staticmethod
    def _part(record: Scheme) -> tuple[ModelPart, LayerHooks]:
        assert record.model is not None and record.layer is not None  # INPUT_SCHEMES and LAYER_SCHEMES hold these only
        return record.model, record.layer

    def position_params(self, record: Scheme) -> dict[str, np.ndarray]:
        """What `record`'s hooks read: its fixed parameters and its trained ones (the arrays themselves)."""
        prefix = f"{record.name}."
        trained = {key[len(prefix) :]: value for key, value in self.params.items() if key.startswith(prefix)}
        return self.fixed[record.name] | trained

    def _windows(self, windows: object) -> np.ndarray:
        return as_tokens(windows, "windows", self.vocab_size, min_len=2)  # (batch, seq_len + 1)

    def forward(self, tokens: np.ndarray) -> tuple[np.ndarray, tuple]:
        """The logits (batch, seq_len, vocab_size) at every position of `tokens` (batch, seq_len), and a cache."""
        batch, n = tokens.shape
        d, heads, p = self.d_model, self.num_heads, self.params
        x = self._part(self.input_scheme)[1].inputs(p["embed"][tokens], self.position_params(self.input_scheme))
        x = x.astype(self.dtype, copy=False)  # a fixed table comes in float64
        biases = {r.name: self._part(r)[1].score_bias(n, True, self.position_params(r)) for r in self.layer_schemes}
        biases = {name: None if bias is None else bias.astype(self.dtype, copy=False) for name, bias in biases.items()}
        caches = []
        for i, record in enumerate(self.layer_schemes):
            hooks, own = self._part(record)[1], self.position_params(record)
            a, norm1 = layer_norm_forward(x, p[f"layer{i}.ln1.gain"], p[f"layer{i}.ln1.bias"])  # (b, n, d)
            q, k, v = (a @ p[f"layer{i}.qkv"]).reshape(batch, n, 3, heads, d // heads).transpose(2, 0, 3, 1, 4)
            q, k, v = hooks.queries(q, own), hooks.keys(k, own), hooks.values(v, own)  # (b, heads, n, d_head) each
            out, attn = attention_forward(q, k, v, biases[record.name])
            merged = out.transpose(0, 2, 1, 3).reshape(batch, n, d)  # (b, n, d)
            x = x + merged @ p[f"layer{i}.out"]
            a2, norm2 = layer_norm_forward(x, p[f"layer{i}.ln2.gain"], p[f"layer{i}.ln2.bias"])
            hidden, act = gelu_forward(a2 @ p[f"layer{i}.mlp.in"] + p[f"layer{i}.mlp.in_bias"])  # (b, n, d_ff)
            x = x + hidden @ p[f"layer{i}.mlp.out"] + p[f"layer{i}.mlp.out_bias"]
            caches.append((a, norm1, attn, merged, a2, norm2, hidden, act))
        final, norm_f = layer_norm_forward(x, p["final.gain"], p["final.bias"])  # (b, n, d)
        return final @ p["unembed"] + p["unembed_bias"], (tokens, caches, final, norm_f)

    def token_losses(self, windows: object) -> np.ndarray:
        """Each prediction's loss (nats): ``losses[w, p]`` for token ``p + 1`` of window ``w`` read from tokens ``0..p``.

        Parameters
        ----------
        windows : array of int, shape (batch, seq_len + 1)

        Returns
        -------
        losses : ndarray of shape (batch, seq_len)
        """
        windows = self._windows(windows)
        logits, _ = self.forward(windows[:, :-1])
        return cross_entropy(logits, windows[:, 1:])[0]

    def loss_and_gradients(self, windows: object) -> tuple[float, dict[str, np.ndarray]]:
        """The mean loss over every prediction of `windows` (batch, seq_len + 1), and its gradient for every tensor."""
        windows = self._windows(windows)
        logits, (tokens, caches, final, norm_f) = self.forward(windows[:, :-1])
        losses, probs = cross_entropy(logits, windows[:, 1:])
        batch, n = tokens.shape
        d, heads, p = self.d_model, self.num_heads, self.params
        dlogits = probs
        np.put_along_axis(dlogits, windows[:, 1:, None], np.take_along_axis(probs, windows[:, 1:, None], -1) - 1, -1)
        dlogits /= losses.size  # (b, n, vocab)
        grads = {
            "unembed": final.reshape(-1, d).T @ dlogits.reshape(-1, self.vocab_size),
            "unembed_bias": dlogits.sum(axis=(0, 1)),
        }
        dx, grads["final.gain"], grads["final.bias"] = layer_norm_backward(dlogits @ p["unembed"].T, norm_f)
        dbias: dict[str, np.ndarray] = {}
        for i in reversed(range(len(self.layer_schemes))):
            record = self.layer_schemes[i]
            part, own = self._part(record)[0], self.position_params(record)
            a, norm1, attn, merged, a2, norm2, hidden, act = caches[i]
            grads[f"layer{i}.mlp.out"] = hidden.reshape(-1, self.d_ff).T @ dx.reshape(-1, d)
            grads[f"layer{i}.mlp.out_bias"] = dx.sum(axis=(0, 1))
            du = gelu_backward(dx @ p[f"layer{i}.mlp.out"].T, act)  # (b, n, d_ff)
            grads[f"layer{i}.mlp.in"] = a2.reshape(-1, d).T @ du.reshape(-1, self.d_ff)
            grads[f"layer{i}.mlp.in_bias"] = du.sum(axis=(0, 1))
            dnorm, grads[f"layer{i}.ln2.gain"], grads[f"layer{i}.ln2.bias"] = layer_norm_backward(
                du @ p[f"layer{i}.mlp.in"].T, norm2
            )
            dx = dx + dnorm
            grads[f"layer{i}.out"] = merged.reshape(-1, d).T @ dx.reshape(-1, d)
            dout = (dx @ p[f"layer{i}.out"].T).reshape(batch, n, heads, d // heads).transpose(0, 2, 1, 3)
            dq, dk, dv, dscores = attention_backward(dout, attn)
            dbias[record.name] = dbias.get(record.name, 0.0) + dscores  # one bias per scheme, shared by its layers
            dqkv = np.stack([part.queries_back(dq, own), part.keys_back(dk, own), part.values_back(dv, own)])
            dqkv = dqkv.transpose(1, 3, 0, 2, 4).reshape(batch, n, 3 * d)  # (b, n, 3d)
            grads[f"layer{i}.qkv"] = a.reshape(-1, d).T @ dqkv.reshape(-1, 3 * d)
            dnorm, grads[f"layer{i}.ln1.gain"], grads[f"layer{i}.ln1.bias"] = layer_norm_backward(
                dqkv @ p[f"layer{i}.qkv"].T, norm1
            )
            dx = dx + dnorm
        for record in self.schemes:
            own = self.position_params(record)
            found = self._part(record)[0].inputs_gradients(dx, own) if record is self.input_scheme else {}
            if record.name in dbias:
                found = found | self._part(record)[0].bias_gradients(dbias[record.name], own)
            grads |= {f"{record.name}.{name}": g for name, g in found.items()}
        one_hot = tokens.reshape(-1, 1) == np.arange(self.vocab_size)  # (b * n, vocab)
        grads["embed"] = one_hot.T.astype(dx.dtype) @ dx.reshape(-1, d)
        missing = sorted(set(self.params) - set(grads))
        if missing:  # a record whose ModelPart trains a tensor it gives no gradient for
            raise RuntimeError(
                f"no gradient for {missing}: a scheme's ModelPart must give one for each tensor it trains."
            )
        return float(losses.mean()), grads
