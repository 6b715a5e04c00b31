"""Rotary position embedding (RoPE): rotate each pair of dimensions by position.

Follows Su et al., "RoFormer: Enhanced Transformer with Rotary Position Embedding"
(2021), https://arxiv.org/abs/2104.09864, equation (34): pair ``i`` of the vector at
position ``m`` is rotated by the angle ``m * theta_i``, ``theta_i = base**(-2i/d_head)``.
Two layouts are common in real code: the paper's *interleaved* pairs (0, 1), (2, 3), ...
and the *half* layout of GPT-NeoX / Hugging Face ``rotate_half``, which pairs
``i`` with ``i + d_head/2``. The maths is the same; the dimensions are permuted.
"""

from __future__ import annotations

import numpy as np

from posenc._validation import as_float_array, as_positions, check_base, check_even, check_positive_int

__all__ = ["rope_angles", "apply_rope"]

_PAIRS = "so that dimensions pair up for rotation"
_LAYOUTS = ("interleaved", "half")


def rope_angles(positions: np.ndarray, d_head: int, *, base: float = 10_000.0) -> np.ndarray:
    """Rotation angles ``m * theta_i`` for each position ``m`` and pair ``i``.

    Parameters
    ----------
    positions : array_like of shape (seq_len,)
        Integer positions, or real ones (position interpolation uses fractions).
    d_head : int
        Width of a head; must be even.
    base : float, default 10000.0
        ``theta_i = base**(-2*i/d_head)``.

    Returns
    -------
    angles : ndarray of shape (seq_len, d_head // 2), float64

    Raises
    ------
    ValueError, TypeError
        If `positions` is not one-dimensional and finite, `d_head` is not a positive
        even integer, or `base` is not a finite number above 1.

    Notes
    -----
    Taught in lesson 05 (RoPE, in preparation).

    Examples
    --------
    >>> rope_angles([0, 1, 2], d_head=4)
    array([[0.  , 0.  ],
           [1.  , 0.01],
           [2.  , 0.02]])
    """
    positions = as_positions(positions, integer=False)  # (seq_len,)
    d_head = check_positive_int(d_head, "d_head")
    check_even(d_head, "d_head", _PAIRS)
    base = check_base(base)
    thetas = base ** (-np.arange(0, d_head, 2, dtype=np.float64) / d_head)  # (d_head // 2,)
    return positions.astype(np.float64)[:, None] * thetas  # (seq_len, d_head // 2)


def apply_rope(
    x: np.ndarray,
    positions: np.ndarray | None = None,
    *,
    base: float = 10_000.0,
    layout: str = "interleaved",
) -> np.ndarray:
    """Rotate the vectors in `x` by their positions.

    Parameters
    ----------
    x : array_like of shape (..., seq_len, d_head)
        Queries or keys, one row per position. `d_head` must be even.
    positions : array_like of shape (seq_len,), optional
        Position of each row; defaults to ``0 .. seq_len - 1``.
    base : float, default 10000.0
        ``theta_i = base**(-2*i/d_head)``.
    layout : {"interleaved", "half"}, default "interleaved"
        ``"interleaved"`` rotates pairs (0, 1), (2, 3), ... as in the RoFormer paper;
        ``"half"`` rotates pairs (i, i + d_head/2) as GPT-NeoX and Hugging Face's
        ``rotate_half`` do.

    Returns
    -------
    ndarray, same shape as `x`
        Same dtype as `x` when `x` is floating point (angles are computed in float64).

    Raises
    ------
    ValueError
        If `d_head` is odd, `positions` has the wrong length, or `layout` is unknown.
    TypeError
        If `x` or `positions` is not numeric.

    Notes
    -----
    Rotations preserve length, and ``<rope(q, m), rope(k, n)>`` depends on ``m - n``
    only. Taught in lesson 05 (RoPE, in preparation).

    Examples
    --------
    >>> x = np.array([[1.0, 0.0], [1.0, 0.0]])   # (seq_len=2, d_head=2)
    >>> apply_rope(x).round(4)                    # row 1 is turned by 1 radian
    array([[1.    , 0.    ],
           [0.5403, 0.8415]])
    """
    if layout not in _LAYOUTS:
        raise ValueError(f"layout must be one of {_LAYOUTS}; got layout={layout!r}.")
    arr = as_float_array(x, "x", min_ndim=2)
    seq_len, d_head = arr.shape[-2], arr.shape[-1]
    if d_head % 2:
        raise ValueError(
            f"d_head (the last axis of x) must be even {_PAIRS}; got x.shape={arr.shape}, d_head={d_head}."
        )
    if positions is None:
        positions = np.arange(seq_len)
    positions = as_positions(positions, integer=False)
    if positions.shape[0] != seq_len:
        raise ValueError(
            f"positions must have one entry per row of x (seq_len={seq_len}, the second-to-last axis); "
            f"got {positions.shape[0]} positions for x.shape={arr.shape}."
        )
    angles = rope_angles(positions, d_head, base=base)  # (seq_len, d_head // 2)
    cos, sin = np.cos(angles).astype(arr.dtype), np.sin(angles).astype(arr.dtype)
    half = d_head // 2
    if layout == "interleaved":
        first, second = arr[..., 0::2], arr[..., 1::2]  # (..., seq_len, d_head // 2) each
    else:
        first, second = arr[..., :half], arr[..., half:]
    out = np.empty_like(arr)  # (..., seq_len, d_head)
    if layout == "interleaved":
        out[..., 0::2] = first * cos - second * sin
        out[..., 1::2] = first * sin + second * cos
    else:
        out[..., :half] = first * cos - second * sin
        out[..., half:] = first * sin + second * cos
    return out
