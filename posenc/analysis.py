"""What the lessons compute about position tables, and what their plots draw (numpy only).

Each function takes a table (one row per position) or positions and returns plain
arrays, so the numbers a lesson prints and the pictures it draws come from one place.
"""

from __future__ import annotations

import numpy as np

from posenc._validation import as_float_array, check_positive_int
from posenc.naive import binary_digits  # written once, with the binary encoding it draws

__all__ = ["cosine_similarity", "principal_components", "binary_digits", "round_to_bfloat16"]


def cosine_similarity(table: np.ndarray) -> np.ndarray:
    """Cosine similarity between every pair of rows of `table`.

    Parameters
    ----------
    table : array_like, shape (seq_len, d_model)
        One row per position; no row may be all zeros.

    Returns
    -------
    ndarray, shape (seq_len, seq_len)
        Entry ``[p, q]`` is ``table[p] · table[q] / (|table[p]| |table[q]|)``, clipped to [-1, 1].

    Notes
    -----
    Used in ``notebooks/03_odometer_intuition.ipynb`` and ``notebooks/04_learned_tables.ipynb``.

    Examples
    --------
    >>> cosine_similarity([[1.0, 0.0], [1.0, 1.0], [0.0, -2.0]]).round(3)
    array([[ 1.   ,  0.707,  0.   ],
           [ 0.707,  1.   , -0.707],
           [ 0.   , -0.707,  1.   ]])
    """
    rows = as_float_array(table, "table", min_ndim=2)
    if rows.ndim != 2:
        raise ValueError(f"table must be 2-D (seq_len, d_model); got shape {rows.shape}.")
    norms = np.linalg.norm(rows, axis=1, keepdims=True)  # (seq_len, 1)
    if np.any(norms == 0):
        zero = int(np.flatnonzero(norms[:, 0] == 0)[0])
        raise ValueError(f"row {zero} of table is all zeros: its cosine similarity is undefined.")
    unit = rows / norms  # (seq_len, d_model)
    return np.clip(unit @ unit.T, -1.0, 1.0)  # (seq_len, seq_len)


def principal_components(table: np.ndarray, n_components: int = 2) -> tuple[np.ndarray, np.ndarray]:
    """The rows of `table` in the coordinates of its first principal components.

    The rows are centred (their mean row subtracted) and projected onto the right
    singular vectors of largest singular value.

    Parameters
    ----------
    table : array_like, shape (seq_len, d_model)
    n_components : int, default 2
        How many components, at most ``min(seq_len, d_model)``.

    Returns
    -------
    coords : ndarray, shape (seq_len, n_components)
        Each row's coordinates along the components. A component's sign is arbitrary;
        it is fixed here so that the largest entry of each component vector is positive.
    explained : ndarray, shape (n_components,)
        The fraction of the total variance each component carries.

    Notes
    -----
    Used in ``notebooks/04_learned_tables.ipynb``, on a learned table and the sinusoidal one.

    Examples
    --------
    >>> t = np.arange(100)[:, None] * 0.1
    >>> coords, explained = principal_components(np.hstack([np.cos(t), np.sin(t), 0 * t]))
    >>> explained.round(3).tolist()  # the points lie on a circle: two equal components
    [0.5, 0.5]
    """
    rows = as_float_array(table, "table", min_ndim=2)
    if rows.ndim != 2:
        raise ValueError(f"table must be 2-D (seq_len, d_model); got shape {rows.shape}.")
    n_components = check_positive_int(n_components, "n_components")
    if n_components > min(rows.shape):
        raise ValueError(
            f"n_components must be at most min(seq_len, d_model) = {min(rows.shape)}; got n_components={n_components}."
        )
    centred = rows - rows.mean(axis=0)  # (seq_len, d_model)
    _, singular, vt = np.linalg.svd(centred, full_matrices=False)  # vt: (k, d_model)
    components = vt[:n_components]  # (n_components, d_model)
    flip = np.sign(components[np.arange(n_components), np.argmax(np.abs(components), axis=1)])
    components = components * flip[:, None]
    total = float(np.sum(singular**2))
    explained = singular[:n_components] ** 2 / total if total > 0 else np.zeros(n_components)
    return centred @ components.T, explained


def round_to_bfloat16(x: np.ndarray) -> np.ndarray:
    """Round numbers to the nearest bfloat16 value (ties to even), returned as float32.

    bfloat16 keeps float32's 8 exponent bits but only 8 significant bits (7 stored), so
    the gap between neighbouring values is 2**-7 of the number's power of two: 8 between
    1024 and 2048. Rounding is done on the float32 bits, as hardware does it.

    Parameters
    ----------
    x : array_like
        Finite numbers.

    Returns
    -------
    ndarray of float32, same shape as `x`

    Notes
    -----
    Used in ``notebooks/05_rope.ipynb`` to measure RoPE's angles in low precision.

    Examples
    --------
    >>> round_to_bfloat16([1 / 3, np.pi, 1000.0, 1003.0]).tolist()
    [0.333984375, 3.140625, 1000.0, 1004.0]
    """
    values = as_float_array(x, "x", min_ndim=0).astype(np.float32)
    bits = np.atleast_1d(values).view(np.uint32).astype(np.uint64)
    lowest_kept = (bits >> 16) & 1  # ties go to the even neighbour
    rounded = ((bits + 0x7FFF + lowest_kept) >> 16) << 16
    return rounded.astype(np.uint32).view(np.float32).reshape(values.shape)
