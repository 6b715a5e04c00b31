"""How a scheme enters lesson 07's tiny language model (``posenc.lm``): its parameters and its backward pieces.

The model runs each scheme's forward hooks from its record's :class:`~posenc.schemes.layer.LayerHooks`
(``Scheme.layer``): a scheme that acts on the inputs (``acts_on == "inputs"``) once, on the token
vectors; any other in each layer its configuration names. A :class:`ModelPart` (``Scheme.model``) adds
what training needs: the position parameters the hooks read (trained ones with their starting values,
fixed ones), and for each hook the map that carries the loss's gradient back through it. The model
branches on no scheme's name: a new scheme is its maths, its hooks and one ``ModelPart``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from posenc.schemes.layer import Params, VectorHook, turn, unchanged
from posenc.sinusoidal import frequencies

__all__ = ["ModelPart", "rope_fixed", "table_gradients", "turn_back"]

#: ``(rng, max_len, d_model, num_heads) -> {name: starting value}``: the position parameters training changes.
# (the generator named as a string: reading np.random here would import numpy.random, about 20 ms of
# `import posenc`, measured)
Trained = Callable[["np.random.Generator", int, int, int], dict[str, np.ndarray]]
#: ``(max_len, d_model, num_heads) -> {name: value}``: position parameters the hooks read and training leaves.
Fixed = Callable[[int, int, int], dict[str, np.ndarray]]
#: ``(g, params) -> {name: gradient}``: the gradients of the position parameters, given ``g``, the loss's gradient
#: with respect to a hook's output (summed over the batch for a score bias: (num_heads, seq_len, seq_len)).
Gradients = Callable[[np.ndarray, Params], dict[str, np.ndarray]]


def _none_trained(rng: np.random.Generator, max_len: int, d_model: int, num_heads: int) -> dict[str, np.ndarray]:
    return {}


def _none_fixed(max_len: int, d_model: int, num_heads: int) -> dict[str, np.ndarray]:
    return {}


def _no_gradients(g: np.ndarray, params: Params) -> dict[str, np.ndarray]:
    return {}


@dataclass(frozen=True)
class ModelPart:
    """What the tiny language model needs of a scheme beyond its forward hooks.

    Attributes
    ----------
    trained : callable
        ``trained(rng, max_len, d_model, num_heads)``: the position parameters training changes, at their
        starting values (a learned table of `max_len` rows; T5's number per head and bucket). One set per
        model, shared by every layer that runs the scheme.
    fixed : callable
        ``fixed(max_len, d_model, num_heads)``: the position parameters training leaves alone (ALiBi's slopes, RoPE's speeds).
    inputs_gradients : callable
        ``(g, params) -> gradients`` of an input hook's parameters, `g` of shape (batch, seq_len, d_model).
        An input hook adds rows to the token vectors, so the gradient with respect to them is `g` itself.
    queries_back, keys_back, values_back : callable
        The transpose of the (linear) query, key and value hooks: ``(g, params) -> g`` before the hook.
    bias_gradients : callable
        ``(g, params) -> gradients`` of the score bias's parameters, `g` (num_heads, seq_len, seq_len) summed
        over the batch and the layers that run the scheme.

    Examples
    --------
    >>> from posenc.schemes import SCHEMES
    >>> part = SCHEMES["t5"].model
    >>> part.trained(np.random.default_rng(0), 32, 64, 4)["bucket_values"].shape  # per head and bucket (t5.buckets_for)
    (4, 8)
    >>> SCHEMES["alibi"].model.fixed(32, 64, 4)["slopes"] * 256
    array([64., 16.,  4.,  1.])
    """

    trained: Trained = _none_trained
    fixed: Fixed = _none_fixed
    inputs_gradients: Gradients = _no_gradients
    queries_back: VectorHook = unchanged
    keys_back: VectorHook = unchanged
    values_back: VectorHook = unchanged
    bias_gradients: Gradients = _no_gradients


def table_gradients(g: np.ndarray, params: Params) -> dict[str, np.ndarray]:
    """A learned table's gradient: row ``p`` gets the sum over the batch of ``g`` at position ``p`` (0 past seq_len).

    Examples
    --------
    >>> table_gradients(np.ones((2, 3, 1)), {"table": np.zeros((4, 1))})["table"].ravel()  # 2 windows of 3 tokens
    array([2., 2., 2., 0.])
    """
    table = np.asarray(params["table"])  # (max_len, d_model)
    grad = np.zeros_like(table)
    grad[: g.shape[-2]] = g.reshape(-1, *g.shape[-2:]).sum(axis=0)
    return {"table": grad}


def turn_back(g: np.ndarray, params: Params) -> np.ndarray:
    """RoPE's transpose: turning by ``-m θ_i`` undoes the turn by ``m θ_i`` at each position ``m``; the same
    attention factor multiplies it (the hook is a rotation times that number).

    Examples
    --------
    >>> from posenc.rope import apply_rope
    >>> x = np.random.default_rng(0).normal(size=(3, 4))
    >>> bool(np.allclose(turn_back(apply_rope(x), {}), x))
    True
    """
    return turn(g, params, -1)


def rope_fixed(max_len: int, d_model: int, num_heads: int) -> dict[str, np.ndarray]:
    """RoPE's parameters in the model: each pair's speed (RoFormer's, ``10000**(-2i/d_head)``) and an attention factor
    of 1. An extension at inference (``posenc.lm.extension``) changes these and nothing else.

    Examples
    --------
    >>> rope_fixed(32, 16, 2)["freqs"]  # d_head = 8: four pairs
    array([1.   , 0.1  , 0.01 , 0.001])
    """
    return {"freqs": frequencies(d_model // num_heads), "attention_factor": np.array(1.0)}
