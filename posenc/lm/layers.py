"""The tiny language model's pieces, each a forward pass that keeps what its backward pass needs.

Every ``*_forward`` returns its output and a cache; the matching ``*_backward`` takes the cache and the
loss's gradient with respect to the output, and returns the gradients with respect to the inputs and
parameters. All work on any leading axes (batch, heads) at once: no loop over positions or heads.
"""

from __future__ import annotations

import math

import numpy as np

__all__ = [
    "attention_backward",
    "attention_forward",
    "cross_entropy",
    "gelu_backward",
    "gelu_forward",
    "layer_norm_backward",
    "layer_norm_forward",
]

EPS = 1e-5  # layer norm's guard against dividing by 0
#: What attention's backward pass needs: q, k, v, the scores' scale and the weights.
AttentionCache = tuple[np.ndarray, np.ndarray, np.ndarray, float, np.ndarray]
_GELU = math.sqrt(2.0 / math.pi)  # a Python float: it keeps float32 arrays float32


def layer_norm_forward(
    x: np.ndarray, gain: np.ndarray, bias: np.ndarray
) -> tuple[np.ndarray, tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """``gain * (x - mean) / sqrt(var + EPS) + bias`` over the last axis.

    Examples
    --------
    >>> y, _ = layer_norm_forward(np.array([[1.0, 3.0]]), np.ones(2), np.zeros(2))
    >>> y.round(3)
    array([[-1.,  1.]])
    """
    mean = x.mean(axis=-1, keepdims=True)
    centred = x - mean
    inv_std = 1.0 / np.sqrt((centred**2).mean(axis=-1, keepdims=True) + EPS)  # (..., 1)
    normed = centred * inv_std  # (..., d)
    return normed * gain + bias, (normed, inv_std, gain)


def layer_norm_backward(
    g: np.ndarray, cache: tuple[np.ndarray, np.ndarray, np.ndarray]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Gradients ``(dx, dgain, dbias)`` of :func:`layer_norm_forward`, gain and bias summed over the leading axes."""
    normed, inv_std, gain = cache
    lead = tuple(range(g.ndim - 1))
    dgain, dbias = (g * normed).sum(axis=lead), g.sum(axis=lead)
    dnormed = g * gain  # (..., d)
    dx = inv_std * (
        dnormed - dnormed.mean(axis=-1, keepdims=True) - normed * (dnormed * normed).mean(axis=-1, keepdims=True)
    )
    return dx, dgain, dbias


def gelu_forward(u: np.ndarray) -> tuple[np.ndarray, tuple[np.ndarray, np.ndarray]]:
    """GELU, tanh form (Hendrycks and Gimpel, 2016): ``u/2 * (1 + tanh(sqrt(2/pi) (u + 0.044715 u^3)))``.

    Examples
    --------
    >>> gelu_forward(np.array([0.0, 1.0]))[0].round(4)
    array([0.    , 0.8412])
    """
    t = np.tanh(_GELU * u * (1.0 + 0.044715 * (u * u)))  # u * u: a power is much slower
    return 0.5 * u * (1.0 + t), (u, t)


def gelu_backward(g: np.ndarray, cache: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """The gradient with respect to :func:`gelu_forward`'s input."""
    u, t = cache
    slope = u * u  # the derivative, built in place: each temporary of (batch, seq_len, d_ff) costs time
    slope *= 3 * 0.044715
    slope += 1.0
    slope *= u
    slope *= 1.0 - t * t
    slope *= 0.5 * _GELU
    slope += 0.5 * (1.0 + t)
    slope *= g
    return slope


def attention_forward(
    q: np.ndarray, k: np.ndarray, v: np.ndarray, bias: np.ndarray | None
) -> tuple[np.ndarray, AttentionCache]:
    """Causal attention ``softmax(q kᵀ / sqrt(d_head) + bias) v``, each query seeing itself and earlier keys.

    Parameters
    ----------
    q, k, v : ndarray of shape (batch, num_heads, seq_len, d_head)
    bias : ndarray of shape (num_heads, seq_len, seq_len), or None

    Returns
    -------
    out : ndarray of shape (batch, num_heads, seq_len, d_head)
    cache : tuple
        What :func:`attention_backward` needs; its last entry is the weights (batch, num_heads, seq_len, seq_len).

    Examples
    --------
    >>> q = k = v = np.ones((1, 1, 3, 2))
    >>> out, cache = attention_forward(q, k, v, None)
    >>> cache[-1][0, 0].round(3)  # equal scores: each query spreads its weight over the keys it sees
    array([[1.   , 0.   , 0.   ],
           [0.5  , 0.5  , 0.   ],
           [0.333, 0.333, 0.333]])
    """
    seq_len, scale = q.shape[-2], 1.0 / math.sqrt(q.shape[-1])  # a Python float keeps float32 float32
    scores = (q @ np.swapaxes(k, -1, -2)) * scale  # (b, h, n, n)
    if bias is not None:
        scores = scores + bias
    later = np.triu(np.ones((seq_len, seq_len), dtype=bool), k=1)  # keys after the query
    scores = np.where(later, -np.inf, scores)
    weights = np.exp(scores - scores.max(axis=-1, keepdims=True))
    weights /= weights.sum(axis=-1, keepdims=True)  # (b, h, n, n)
    return weights @ v, (q, k, v, scale, weights)


def attention_backward(g: np.ndarray, cache: AttentionCache) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Gradients ``(dq, dk, dv, dbias)`` of :func:`attention_forward`; ``dbias`` (num_heads, seq_len, seq_len) is
    summed over the batch (0 above the diagonal, where the mask hides the keys)."""
    q, k, v, scale, weights = cache
    dweights = g @ np.swapaxes(v, -1, -2)  # (b, h, n, n)
    dv = np.swapaxes(weights, -1, -2) @ g  # (b, h, n, d_head)
    dscores = weights * (dweights - (dweights * weights).sum(axis=-1, keepdims=True))  # softmax's Jacobian
    dq = (dscores @ k) * scale
    dk = (np.swapaxes(dscores, -1, -2) @ q) * scale
    return dq, dk, dv, dscores.sum(axis=0)


def cross_entropy(logits: np.ndarray, targets: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each prediction's loss ``-log softmax(logits)[target]`` (nats), and the softmax.

    Parameters
    ----------
    logits : ndarray of shape (..., vocab_size)
    targets : ndarray of int, shape (...)

    Returns
    -------
    losses : ndarray of shape (...)
    probs : ndarray of shape (..., vocab_size)
        The gradient of ``losses.sum()`` with respect to `logits` is `probs` less one at each target.

    Examples
    --------
    >>> losses, _ = cross_entropy(np.zeros((1, 4)), np.array([2]))
    >>> losses.round(4)  # four equal logits: log 4
    array([1.3863])
    """
    shifted = logits - logits.max(axis=-1, keepdims=True)
    log_total = np.log(np.exp(shifted).sum(axis=-1, keepdims=True))
    log_probs = shifted - log_total  # (..., vocab_size)
    losses = -np.take_along_axis(log_probs, targets[..., None], axis=-1)[..., 0]
    return losses, np.exp(log_probs)
