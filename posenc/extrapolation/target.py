"""The pattern every head of lesson 06 is fitted to, and how far a head's attention is from it."""

from __future__ import annotations

import numpy as np

from posenc._validation import as_float_array, check_positive_int
from posenc.attention import offsets

__all__ = ["window_target", "pattern_error"]


def window_target(seq_len: int, window: int) -> np.ndarray:
    """The target attention: each query spreads its weight equally over its last `window` keys.

    Parameters
    ----------
    seq_len : int
        Number of positions.
    window : int
        How many keys each query attends to, itself included (fewer at the start).

    Returns
    -------
    target : ndarray of shape (seq_len, seq_len)
        ``target[i, j] = 1 / min(window, i + 1)`` for ``i - window < j <= i``, else 0.
        Every row sums to 1.

    Raises
    ------
    ValueError, TypeError
        If a size is not a positive integer.

    Examples
    --------
    >>> window_target(4, window=2)
    array([[1. , 0. , 0. , 0. ],
           [0.5, 0.5, 0. , 0. ],
           [0. , 0.5, 0.5, 0. ],
           [0. , 0. , 0.5, 0.5]])
    """
    seq_len = check_positive_int(seq_len, "seq_len")
    window = check_positive_int(window, "window")
    back = offsets(seq_len)  # (seq_len, seq_len): i - j
    inside = ((back >= 0) & (back < window)).astype(np.float64)
    return inside / inside.sum(axis=1, keepdims=True)


def pattern_error(weights: np.ndarray, target: np.ndarray) -> np.ndarray:
    """How far each query's attention is from the target: the share of its weight in the wrong place.

    Parameters
    ----------
    weights, target : array_like of shape (seq_len, seq_len)
        Rows that each sum to 1.

    Returns
    -------
    error : ndarray of shape (seq_len,)
        ``0.5 * sum_j |weights[i, j] - target[i, j]|`` (the total variation distance):
        0 when the row matches the target, 1 when none of its weight is where the
        target puts weight.

    Raises
    ------
    ValueError, TypeError
        If either is not a finite real array, or they are not (seq_len, seq_len) arrays of one shape.

    Examples
    --------
    >>> target = window_target(3, window=1)
    >>> pattern_error(np.array([[1, 0, 0], [0.5, 0.5, 0], [0, 0, 1]]), target)
    array([0. , 0.5, 0. ])
    """
    weights = as_float_array(weights, "weights", min_ndim=2).astype(np.float64)
    target = as_float_array(target, "target", min_ndim=2).astype(np.float64)
    if weights.shape != target.shape or weights.ndim != 2:
        raise ValueError(
            f"weights and target must be (seq_len, seq_len) arrays of one shape; got {weights.shape} and {target.shape}."
        )
    return 0.5 * np.abs(weights - target).sum(axis=1)
