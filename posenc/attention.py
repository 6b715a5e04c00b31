"""Scaled dot-product attention, the softmax it uses, and the causal mask.

Follows section 3.2.1 of Vaswani et al., "Attention Is All You Need" (2017),
https://arxiv.org/abs/1706.03762. Nothing here encodes a position: that is the
point of lesson 01. What the encodings share lives here once: the matrix of offsets
``i - j`` between a query and a key (ALiBi's distance, RoPE's angle, the causal
mask's "j <= i") and the causal softmax.
"""

from __future__ import annotations

import numpy as np

from posenc._validation import as_float_array, as_real_array, check_int, check_positive_int, check_real

__all__ = ["softmax", "attention", "causal_mask", "causal_softmax", "offsets"]


def softmax(x: np.ndarray, axis: int = -1) -> np.ndarray:
    """Numerically stable softmax along one axis.

    Parameters
    ----------
    x : array_like of real numbers
        Scores; ``-inf`` entries get probability 0.
    axis : int, default -1
        Axis along which the result sums to 1.

    Returns
    -------
    ndarray, same shape as `x`
        Non-negative values that sum to 1 along `axis`.

    Raises
    ------
    ValueError
        If `x` is empty, contains NaN or ``+inf``, `axis` is not one of its axes, or a
        slice along `axis` is all ``-inf``.
    TypeError
        If `x` is not numeric, or `axis` is not an integer.

    Notes
    -----
    Subtracting the maximum first leaves the result unchanged (the factor
    ``exp(-max)`` cancels) and keeps ``exp`` from overflowing. Taught in
    ``notebooks/01_order_blind_attention.ipynb``.

    Examples
    --------
    >>> softmax(np.array([1.0, 1.0, 1.0]))
    array([0.33333333, 0.33333333, 0.33333333])
    >>> softmax(np.array([1000.0, 0.0])).round(6)  # no overflow
    array([1., 0.])
    """
    arr = as_real_array(x, "x")
    if arr.size == 0:
        raise ValueError(f"x must not be empty; got x.shape={arr.shape}.")
    if arr.ndim == 0:
        raise ValueError(f"x must have at least one axis to normalise along; got the single number x={arr!r}.")
    axis = check_int(axis, "axis")
    if not -arr.ndim <= axis < arr.ndim:
        raise ValueError(
            f"axis must name an axis of x, from {-arr.ndim} to {arr.ndim - 1} for x.shape={arr.shape}; got axis={axis}."
        )
    if np.isnan(arr).any() or np.isposinf(arr).any():
        raise ValueError("x must not contain NaN or +inf (use -inf for 'never attend').")
    top = np.max(arr, axis=axis, keepdims=True)
    if np.isneginf(top).any():
        raise ValueError(
            "softmax of a slice that is all -inf is undefined: at least one entry along "
            f"axis={axis} must be finite (is a mask hiding every key from some query?)."
        )
    e = np.exp(arr - top)
    return e / e.sum(axis=axis, keepdims=True)


def causal_mask(seq_len: int) -> np.ndarray:
    """Boolean mask that lets each position attend to itself and earlier positions.

    Parameters
    ----------
    seq_len : int
        Number of positions.

    Returns
    -------
    mask : ndarray of bool, shape (seq_len, seq_len)
        ``mask[i, j]`` is True when query ``i`` may attend to key ``j``, that is ``j <= i``.

    Raises
    ------
    ValueError, TypeError
        If `seq_len` is not a positive integer.

    Notes
    -----
    Taught in ``notebooks/01_order_blind_attention.ipynb`` (the aside on masks).

    Examples
    --------
    >>> causal_mask(3).astype(int)
    array([[1, 0, 0],
           [1, 1, 0],
           [1, 1, 1]])
    """
    return offsets(seq_len) >= 0


def offsets(seq_len: int, *, scale: float = 1.0) -> np.ndarray:
    """The offset ``i - j`` from each key ``j`` to each query ``i``: how far back the key is.

    Parameters
    ----------
    seq_len : int
        Number of positions.
    scale : float, default 1.0
        Multiply every position by this first (position interpolation, lesson 06); positive.

    Returns
    -------
    ndarray of float, shape (seq_len, seq_len)
        ``offsets[i, j] = scale * (i - j)``: positive for earlier keys, 0 on the diagonal.

    Raises
    ------
    ValueError, TypeError
        If `seq_len` is not a positive integer, or `scale` is not a positive finite number.

    Examples
    --------
    >>> offsets(3)
    array([[ 0., -1., -2.],
           [ 1.,  0., -1.],
           [ 2.,  1.,  0.]])
    """
    seq_len = check_positive_int(seq_len, "seq_len")
    scale = check_real(scale, "scale", low=0.0, low_open=True)
    positions = np.arange(seq_len) * scale  # (seq_len,)
    return positions[:, None] - positions[None, :]  # (seq_len, seq_len): i - j


def causal_softmax(scores: np.ndarray) -> np.ndarray:
    """Softmax over the keys each query may see (``j <= i``); later keys get weight 0.

    Parameters
    ----------
    scores : array_like, shape (..., seq_len, seq_len)
        Query-by-key scores (rows: queries).

    Returns
    -------
    weights : ndarray, same shape
        Rows sum to 1; ``weights[..., i, j] == 0`` for ``j > i``.

    Raises
    ------
    ValueError, TypeError
        If `scores` is not a real array whose last two axes are equal.

    Examples
    --------
    >>> causal_softmax(np.zeros((3, 3))).round(3)
    array([[1.   , 0.   , 0.   ],
           [0.5  , 0.5  , 0.   ],
           [0.333, 0.333, 0.333]])
    """
    arr = as_float_array(scores, "scores", min_ndim=2)
    if arr.shape[-1] != arr.shape[-2]:
        raise ValueError(
            f"scores must be square in its last two axes (..., seq_len, seq_len); got scores.shape={arr.shape}."
        )
    return softmax(np.where(causal_mask(arr.shape[-1]), arr, -np.inf), axis=-1)


def _broadcast_or_raise(name: str, shape: tuple[int, ...], scores_shape: tuple[int, ...]) -> None:
    try:
        out = np.broadcast_shapes(shape, scores_shape)
    except ValueError:
        out = None
    if out != scores_shape:
        raise ValueError(
            f"{name} must broadcast to the scores' shape (..., seq_len_q, seq_len_k) = {scores_shape}; "
            f"got {name}.shape={shape}."
        )


def attention(
    q: np.ndarray,
    k: np.ndarray,
    v: np.ndarray,
    *,
    mask: np.ndarray | None = None,
    bias: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Scaled dot-product attention: ``softmax(q k^T / sqrt(d_head) + bias) v``.

    Parameters
    ----------
    q : array_like, shape (..., seq_len_q, d_head)
        Queries, one row per position.
    k : array_like, shape (..., seq_len_k, d_head)
        Keys.
    v : array_like, shape (..., seq_len_k, d_v)
        Values.
    mask : array_like of bool, optional
        Broadcastable to (..., seq_len_q, seq_len_k); True means "may attend".
    bias : array_like, optional
        Broadcastable to (..., seq_len_q, seq_len_k); added to the scores before
        the softmax (ALiBi uses this).

    Returns
    -------
    output : ndarray, shape (..., seq_len_q, d_v)
        Weighted averages of the value rows.
    weights : ndarray, shape (..., seq_len_q, seq_len_k)
        Attention weights; each row sums to 1.

    Raises
    ------
    ValueError
        If the shapes do not fit together (the message gives both shapes), or a
        mask hides every key from some query.
    TypeError
        If an input is not numeric, or `mask` is not boolean.

    Notes
    -----
    Taught in ``notebooks/01_order_blind_attention.ipynb``.

    Examples
    --------
    >>> q = k = v = np.eye(2)                       # (seq_len=2, d_head=2)
    >>> output, weights = attention(q, k, v)
    >>> weights.sum(axis=-1)
    array([1., 1.])
    >>> output, weights = attention(q, k, v, mask=causal_mask(2))
    >>> weights.round(3)
    array([[1.  , 0.  ],
           [0.33, 0.67]])
    """
    q = as_float_array(q, "q", min_ndim=2)
    k = as_float_array(k, "k", min_ndim=2)
    v = as_float_array(v, "v", min_ndim=2)
    if q.shape[-1] != k.shape[-1]:
        raise ValueError(
            f"q and k must have the same last dimension (d_head); got q.shape={q.shape} and k.shape={k.shape}."
        )
    if k.shape[-2] != v.shape[-2]:
        raise ValueError(
            "k and v must have the same number of rows (one value per key); "
            f"got k.shape={k.shape} and v.shape={v.shape}."
        )
    try:
        batch = np.broadcast_shapes(q.shape[:-2], k.shape[:-2], v.shape[:-2])
    except ValueError:
        raise ValueError(
            "the leading (batch or head) axes of q, k and v must broadcast together; "
            f"got q.shape={q.shape}, k.shape={k.shape}, v.shape={v.shape}."
        ) from None
    scores_shape = (*batch, q.shape[-2], k.shape[-2])
    scores = q @ np.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1])  # (..., seq_len_q, seq_len_k)
    if bias is not None:
        bias = as_float_array(bias, "bias", min_ndim=0)
        _broadcast_or_raise("bias", bias.shape, scores_shape)
        scores = scores + bias
    if mask is not None:
        mask = np.asarray(mask)
        if mask.dtype != bool:
            raise TypeError(
                f"mask must be a boolean array (True = may attend); got dtype {mask.dtype}. "
                "Try posenc.causal_mask(seq_len)."
            )
        _broadcast_or_raise("mask", mask.shape, scores_shape)
        if not np.broadcast_to(mask, scores_shape).any(axis=-1).all():
            raise ValueError("mask hides every key from at least one query; each row of mask needs a True.")
        scores = np.where(mask, scores, -np.inf)
    weights = softmax(scores, axis=-1)  # (..., seq_len_q, seq_len_k)
    output = weights @ v  # (..., seq_len_q, d_v)
    return output, weights
