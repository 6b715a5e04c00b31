"""Where a position scheme enters an attention layer, and the one layer that runs every scheme.

Position can enter a layer at five places: the token vectors before the projections (a table
row added), the queries, the keys or the values after them (turned by position), and the scores
before the softmax (a bias). A scheme says what it does at each with a :class:`LayerHooks`;
:func:`attend` runs the hooks and is the only attention layer the course writes. Every hook takes
and gives arrays whose last two axes are (positions, features) or (queries, keys), so a batched,
multi-head model can call the same hooks.

Each hook reads what it needs from `params`, its own scheme's position parameters by name (the
record's ``layer_params`` makes them): a learned table's ``"table"``, ALiBi's ``"slopes"``, T5's
``"bucket_values"``. A scheme's listed mistakes are its hooks changed in one place (its record's
``layer_suspects``, such as :func:`signed`, :func:`transposed` or a key hook left out), so that a checker meets what
each does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

import numpy as np

from posenc.alibi import penalty
from posenc.attention import attention, causal_mask
from posenc.learned import past_the_end
from posenc.rope import apply_rope
from posenc.sinusoidal import frequencies, sinusoidal

__all__ = [
    "LayerHooks",
    "Params",
    "add_sinusoidal",
    "add_table_rows",
    "attend",
    "distance_penalty",
    "mirrored",
    "negated",
    "one_way",
    "rotate",
    "rotate_half",
    "signed",
    "transposed",
    "turn",
]

#: A layer's position parameters by name.
Params = Mapping[str, "np.ndarray | float"]
#: A hook on vectors: ``(x of shape (..., n, d), params) -> (..., n, d)``.
VectorHook = Callable[[np.ndarray, Params], np.ndarray]
#: A hook on the scores: ``(n, causal, params) -> bias of shape (..., n, n)``, or None for no bias.
BiasHook = Callable[[int, bool, Params], "np.ndarray | None"]


def unchanged(x: np.ndarray, params: Params) -> np.ndarray:
    """The identity hook: the vectors as they came."""
    return x


def no_bias(seq_len: int, causal: bool, params: Params) -> None:
    """The identity score hook: nothing added to the scores."""
    return None


@dataclass(frozen=True)
class LayerHooks:
    """What one scheme does at each place position can enter a layer; the identity everywhere else."""

    inputs: VectorHook = unchanged  # the token vectors, before the projections
    queries: VectorHook = unchanged  # after x @ W_q
    keys: VectorHook = unchanged  # after x @ W_k
    values: VectorHook = unchanged  # after x @ W_v
    score_bias: BiasHook = no_bias  # added to the scores before the softmax


def add_sinusoidal(x: np.ndarray, params: Params) -> np.ndarray:
    """Add the sinusoidal table's rows (lesson 02) to the token vectors."""
    return x + sinusoidal(x.shape[-2], x.shape[-1])


def add_table_rows(x: np.ndarray, params: Params) -> np.ndarray:
    """Add the learned table's first rows, ``params["table"][:n]`` (lesson 04), to the token vectors.

    More tokens than the table has rows is the ``IndexError`` of ``posenc.LearnedTable``: no row, no position."""
    table = np.asarray(params["table"])  # (max_len, d_model)
    if x.shape[-2] > len(table):
        raise past_the_end(x.shape[-2] - 1, len(table))
    return x + table[: x.shape[-2]]


def rotate(x: np.ndarray, params: Params) -> np.ndarray:
    """Turn each pair of features by its position (RoPE, lesson 05; the interleaved layout): :func:`turn` forwards."""
    return turn(x, params, 1)


def turn(x: np.ndarray, params: Params, direction: int) -> np.ndarray:
    """Turn pair ``i`` of the row at position ``m`` by ``direction * m * freqs[i]``, then scale it by the attention factor.

    Two parameters are read when given: ``params["freqs"]``, one speed per pair (RoFormer's
    ``10000**(-2i/d_head)`` when absent: then this is ``apply_rope(x)`` exactly), and
    ``params["attention_factor"]`` (1 when absent), which multiplies the turned vectors; on queries and
    keys both, it multiplies every score by its square, YaRN's "length scaling" (Peng et al. 2023, section
    3.4). `direction` -1 with the same factor is the transpose (the backward pass).

    Examples
    --------
    >>> x = np.random.default_rng(0).normal(size=(5, 4))  # (seq_len, d_head)
    >>> bool(np.array_equal(turn(x, {}, 1), apply_rope(x)))
    True
    >>> halved = {"freqs": frequencies(4) / 2, "attention_factor": 2.0}
    >>> bool(np.allclose(turn(x, halved, 1), 2 * apply_rope(x, np.arange(5) / 2)))
    True
    """
    d_head = x.shape[-1]
    freqs = np.asarray(params["freqs"]) if "freqs" in params else frequencies(d_head)  # (d_head // 2,)
    factor = float(params.get("attention_factor", 1.0))  # a Python float keeps float32 float32
    angles = (direction * np.arange(x.shape[-2], dtype=np.float64))[:, None] * freqs  # (seq_len, d_head // 2)
    cos, sin = (np.cos(angles) * factor).astype(x.dtype), (np.sin(angles) * factor).astype(x.dtype)
    first, second = x[..., 0::2], x[..., 1::2]  # the pairs (0, 1), (2, 3), ...
    out = np.empty_like(x)  # (..., seq_len, d_head)
    out[..., 0::2] = first * cos - second * sin
    out[..., 1::2] = first * sin + second * cos
    return out


def distance_penalty(seq_len: int, causal: bool, params: Params) -> np.ndarray:
    """ALiBi's bias (lesson 06): ``-slope * (i - j)`` for keys up to the query when `causal`, else ``-slope * |i - j|``.

    ``params["slopes"]`` is one number (one head: an (n, n) bias) or one per head (a (heads, n, n) bias).
    """
    return penalty(params["slopes"], seq_len, causal)


def rotate_half(x: np.ndarray, params: Params) -> np.ndarray:
    """RoPE in the half (rotate_half) layout: a convention a learner may use where the course pairs neighbours."""
    return apply_rope(x, layout="half")


def signed(hooks: LayerHooks) -> LayerHooks:
    """`hooks` whose causal score bias is carried above the diagonal with its sign flipped: ALiBi's ``-slope * (i - j)``
    everywhere, which rewards the keys after the query where the unmasked form takes ``|i - j|``.

    For a bias that is 0 above the diagonal when causal, as ALiBi's is (T5's is not: its causal form gives the
    keys after the query bucket 0's number); ALiBi's record alone names this mistake."""

    def bias(seq_len: int, causal: bool, params: Params) -> np.ndarray:
        below = hooks.score_bias(seq_len, True, params)  # (..., n, n), 0 above the diagonal
        assert below is not None, "signed() is for a scheme that biases the scores"
        return below - np.swapaxes(below, -1, -2)

    return replace(hooks, score_bias=bias)


def transposed(hooks: LayerHooks) -> LayerHooks:
    """`hooks` whose score bias is transposed, masked or not: the bias of the offset ``j - i`` where the scheme takes
    ``i - j``, query minus key (a learner's flipped offset; a symmetric bias, as unmasked ALiBi's, is unchanged)."""

    def bias(seq_len: int, causal: bool, params: Params) -> np.ndarray:
        right = hooks.score_bias(seq_len, causal, params)
        assert right is not None, "transposed() is for a scheme that biases the scores"
        return np.swapaxes(right, -1, -2)

    return replace(hooks, score_bias=bias)


def one_way(hooks: LayerHooks) -> LayerHooks:
    """`hooks` whose score bias is always the causal one, the mask or not: T5's decoder buckets where the unmasked
    layer takes the encoder's (every key after the query then shares bucket 0's number)."""
    return replace(hooks, score_bias=lambda seq_len, causal, params: hooks.score_bias(seq_len, True, params))


def mirrored(hooks: LayerHooks) -> LayerHooks:
    """`hooks` whose score bias reads the distance ``|i - j|``: the causal bias below the diagonal, mirrored above it
    (a learner's offset with its sign dropped; for ALiBi this is its right, unmasked form)."""

    def bias(seq_len: int, causal: bool, params: Params) -> np.ndarray:
        below = hooks.score_bias(seq_len, True, params)  # (..., n, n); its entries above the diagonal are not read
        assert below is not None, "mirrored() is for a scheme that biases the scores"
        lower = np.tril(below)
        return lower + np.swapaxes(np.tril(below, -1), -1, -2)

    return replace(hooks, score_bias=bias)


def negated(hooks: LayerHooks) -> LayerHooks:
    """`hooks` whose score bias has its sign flipped (a minus copied from ALiBi onto a learned bias)."""

    def bias(seq_len: int, causal: bool, params: Params) -> np.ndarray:
        right = hooks.score_bias(seq_len, causal, params)
        assert right is not None, "negated() is for a scheme that biases the scores"
        return -right

    return replace(hooks, score_bias=bias)


def attend(
    x: np.ndarray,
    projections: np.ndarray,
    hooks: LayerHooks,
    params: Params,
    *,
    causal: bool = False,
) -> tuple[np.ndarray, np.ndarray]:
    """One attention layer with a position scheme's hooks: ``(outputs, weights)``.

    Parameters
    ----------
    x : ndarray of shape (..., n, d_model)
        The token vectors.
    projections : ndarray of shape (3, d_model, d_head)
        W_q, W_k and W_v.
    hooks : LayerHooks
        Where the scheme puts position (``posenc.schemes.scheme_named(name).layer``).
    params : mapping
        The scheme's position parameters the hooks read (see the module's docstring).
    causal : bool, default False
        Each token sees itself and the tokens before it only.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> x, projections = rng.normal(size=(3, 4)), rng.normal(size=(3, 4, 4))
    >>> outputs, weights = attend(x, projections, LayerHooks(score_bias=distance_penalty), {"slopes": 0.5})
    >>> outputs.shape, bool(np.allclose(weights.sum(axis=-1), 1.0))
    ((3, 4), True)
    """
    x = hooks.inputs(x, params)
    w_q, w_k, w_v = projections
    q, k, v = hooks.queries(x @ w_q, params), hooks.keys(x @ w_k, params), hooks.values(x @ w_v, params)
    n = x.shape[-2]
    mask = causal_mask(n) if causal else None
    return attention(q, k, v, mask=mask, bias=hooks.score_bias(n, causal, params))
