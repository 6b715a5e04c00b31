"""Rotary position embedding (RoPE): rotate each pair of dimensions by position.

Follows Su et al., "RoFormer: Enhanced Transformer with Rotary Position Embedding"
(2021), https://arxiv.org/abs/2104.09864, equation (34): pair ``p`` of the vector at
position ``i`` is rotated by the angle ``i * theta_p``, ``theta_p = base**(-2p/d_head)`` (the
paper writes ``m`` for the position and ``i`` for the pair; the course keeps ``i`` and ``j``
for a query's and a key's positions, as ``attention.offsets`` does).
Two layouts are common in real code: the paper's *interleaved* pairs (0, 1), (2, 3), ...
and the *half* layout of Hugging Face's ``rotate_half``, which pairs ``p`` with
``p + d/2`` for the d rotated dimensions (all of d_head in Hugging Face's Llama; the first
quarter of each head in GPT-NeoX-20B). The maths is the same; the dimensions are permuted.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from posenc._validation import (
    as_float_array,
    as_positions,
    check_base,
    check_choice,
    check_even,
    check_positive_int,
    check_real,
)
from posenc.sinusoidal import frequencies

__all__ = ["rope_angles", "apply_rope", "half_layout_order", "rope_decay_bound", "ntk_aware_base"]

_PAIRS = "so that dimensions pair up for rotation"
_LAYOUTS = ("interleaved", "half")


def rope_angles(positions: npt.ArrayLike, d_head: int, *, base: float = 10_000.0) -> np.ndarray:
    """Rotation angles ``i * theta_p`` for each position ``i`` and pair ``p``.

    Parameters
    ----------
    positions : array_like of shape (seq_len,)
        Integer positions, or real ones (position interpolation uses fractions).
    d_head : int
        Width of a head; must be even.
    base : float, default 10000.0
        ``theta_p = base**(-2*p/d_head)``.

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
    Taught in ``notebooks/05_rope.ipynb``.

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
    thetas = frequencies(d_head, base=base)  # (d_head // 2,): RoPE's speeds are the sinusoidal table's
    return positions.astype(np.float64)[:, None] * thetas  # (seq_len, d_head // 2)


def apply_rope(
    x: npt.ArrayLike,
    positions: npt.ArrayLike | None = None,
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
        ``theta_p = base**(-2*p/d_head)``.
    layout : {"interleaved", "half"}, default "interleaved"
        ``"interleaved"`` rotates pairs (0, 1), (2, 3), ... as in the RoFormer paper;
        ``"half"`` rotates pairs (p, p + d_head/2) as Hugging Face's ``rotate_half``
        does (GPT-NeoX-20B does the same on the first quarter of each head only).

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
    Rotations preserve length, and ``<rope(q, i), rope(k, j)>`` depends on ``i - j``
    only. Taught in ``notebooks/05_rope.ipynb``.

    Examples
    --------
    >>> x = np.array([[1.0, 0.0], [1.0, 0.0]])   # (seq_len=2, d_head=2)
    >>> apply_rope(x).round(4)                    # row 1 is turned by 1 radian
    array([[1.    , 0.    ],
           [0.5403, 0.8415]])
    """
    layout = check_choice(layout, "layout", _LAYOUTS)
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
    # which dimensions hold each pair's first and second coordinate, by layout
    if layout == "interleaved":
        first_dims, second_dims = slice(0, None, 2), slice(1, None, 2)  # (0, 1), (2, 3), ...
    else:
        first_dims, second_dims = slice(None, half), slice(half, None)  # (i, i + d_head/2)
    first, second = arr[..., first_dims], arr[..., second_dims]  # (..., seq_len, d_head // 2) each
    out = np.empty_like(arr)  # (..., seq_len, d_head)
    out[..., first_dims] = first * cos - second * sin
    out[..., second_dims] = first * sin + second * cos
    return out


def half_layout_order(d_head: int) -> np.ndarray:
    """The order of the interleaved dimensions that the half layout stores.

    The interleaved layout rotates pairs (0, 1), (2, 3), ...; the half layout rotates
    (i, i + d_head/2). Taking the interleaved vector's even dimensions, then its odd
    ones, turns one into the other: ``apply_rope(x[..., order], layout="half")`` equals
    ``apply_rope(x)[..., order]``. This is the permutation a model conversion applies to
    the query and key weights when it moves between the two layouts.

    Parameters
    ----------
    d_head : int
        Must be even.

    Returns
    -------
    order : ndarray of int, shape (d_head,)
        ``[0, 2, 4, ..., 1, 3, 5, ...]``.

    Notes
    -----
    Taught in ``notebooks/05_rope.ipynb``.

    Examples
    --------
    >>> half_layout_order(6)
    array([0, 2, 4, 1, 3, 5])
    """
    d_head = check_positive_int(d_head, "d_head")
    check_even(d_head, "d_head", _PAIRS)
    return np.concatenate([np.arange(0, d_head, 2), np.arange(1, d_head, 2)])


def rope_decay_bound(distances: npt.ArrayLike, d_head: int, *, base: float = 10_000.0) -> np.ndarray:
    """RoFormer's relative upper bound on a RoPE score, as a function of the distance i - j.

    Su et al. (2021), section 3.4.3: writing the score as ``Re sum_p h_p exp(1j (i-j) theta_p)``
    over the d_head/2 pairs and summing by parts, ``|score| <= (max_p |h_{p+1} - h_p|)
    * sum_n |S_n|`` with ``S_n = sum_{p<n} exp(1j (i-j) theta_p)``. This function returns
    the distance-dependent factor averaged over pairs, ``(1 / (d_head/2)) sum_{n=1}^{d_head/2} |S_n|``,
    the quantity of the paper's figure 2. It is ``(d_head/2 + 1) / 2`` at distance 0 and
    tends to fall as the distance grows.

    Parameters
    ----------
    distances : array_like of shape (n,)
        Relative distances ``i - j`` (real numbers allowed).
    d_head : int
        Must be even.
    base : float, default 10000.0

    Returns
    -------
    bound : ndarray of shape (n,), float64

    Notes
    -----
    Taught in ``notebooks/05_rope.ipynb``.

    Examples
    --------
    >>> rope_decay_bound([0, 1, 100], d_head=8).round(3)
    array([2.5  , 2.293, 1.054])
    """
    distances = as_positions(distances, "distances", integer=False)  # (n,)
    angles = rope_angles(distances, d_head, base=base)  # (n, d_head // 2)
    partial = np.cumsum(np.exp(1j * angles), axis=1)  # (n, d_head // 2): S_1 .. S_{d_head/2}
    return np.abs(partial).mean(axis=1)


def ntk_aware_base(base: float, scale: float, d_head: int) -> float:
    """The larger base of "NTK-aware" scaling, for a context `scale` times longer than in training.

    ``base * scale ** (d_head / (d_head - 2))``: pair 0 keeps its speed of 1 radian per
    position, and the slowest pair (``i = d_head/2 - 1``) turns exactly `scale` times
    slower, as position interpolation would make it; the pairs between are slowed by
    ``scale ** (2i / (d_head - 2))``, less the faster they are. Posted by bloc97 on
    Reddit (2023); written out in Peng et al., "YaRN" (2023), section 3 ("NTK-aware"
    interpolation, Definition 1 in arXiv version 1).

    Parameters
    ----------
    base : float
        The base the model was trained with (10000.0 in RoFormer).
    scale : float
        Target length over training length, at least 1.
    d_head : int
        Width of a head: even, at least 4.

    Returns
    -------
    float

    Raises
    ------
    ValueError, TypeError
        If `base` is not a finite number above 1, `scale` is below 1 or not finite, or
        `d_head` is not an even integer of at least 4.

    Notes
    -----
    Taught in ``notebooks/06_alibi_and_extrapolation.ipynb``.

    Examples
    --------
    >>> round(ntk_aware_base(10_000.0, scale=4.0, d_head=128))
    40890
    """
    base = check_base(base)
    d_head = check_positive_int(d_head, "d_head")
    check_even(d_head, "d_head", _PAIRS)
    if d_head < 4:
        raise ValueError(f"d_head must be at least 4 (d_head - 2 divides the exponent); got d_head={d_head}.")
    scale = check_real(scale, "scale", low=1.0, why="(target length / training length)")
    return base * float(scale) ** (d_head / (d_head - 2))


def rope_offset_features(back: np.ndarray, d_model: int) -> np.ndarray:
    """``[cos(back * θ_p) for every pair p, then sin(back * θ_p)]`` along a new last axis of size `d_model`.

    A RoPE head with a fixed query and key scores offset ``i - j`` as these features times
    its coefficients (``a`` then ``b``, one each per pair).

    Examples
    --------
    >>> rope_offset_features(np.array([0.0]), 4)  # offset 0: every cos is 1, every sin 0
    array([[1., 1., 0., 0.]])
    """
    angles = np.asarray(back, dtype=np.float64)[..., None] * frequencies(d_model)  # (..., d_model // 2)
    return np.concatenate([np.cos(angles), np.sin(angles)], axis=-1)  # (..., d_model)
