"""The obvious ways to write down a position, and what each one gets wrong.

Before the sinusoidal table, lesson 02 tries four encodings a newcomer would reach
for. Each is a table with one row per position, like the sinusoidal one, so the
same questions can be asked of all of them: how large do the values get, does a
value mean the same position in every sentence, are neighbours closer than strangers,
and how wide must the table be?

The ``"fraction"`` scheme divides by the sentence's own length, so the same row
number gets a different value in a sentence of another length.
"""

from __future__ import annotations

import numpy as np

from posenc._validation import as_float_array, as_positions, check_choice, check_positive_int

__all__ = ["ENCODINGS", "naive_encoding", "binary_digits", "neighbour_distances"]

#: The encodings lesson 02 tries, in the order it tries them.
ENCODINGS = ("integer", "fraction", "one-hot", "binary")


def naive_encoding(scheme: str, seq_len: int, *, max_len: int | None = None) -> np.ndarray:
    """A position table built the obvious way: one row per position ``0 .. seq_len - 1``.

    Parameters
    ----------
    scheme : {"integer", "fraction", "one-hot", "binary"}
        ``"integer"``: the position itself, one column. ``"fraction"``: the position
        divided by `seq_len`, one column. ``"one-hot"``: a 1 in column ``p`` of
        `max_len` columns. ``"binary"``: the binary digits of ``p``, least significant
        first, as many as ``max_len - 1`` needs.
    seq_len : int
        How many positions (rows).
    max_len : int, optional
        The longest sentence the table must serve (``seq_len`` if omitted); sets the
        width of the one-hot and binary tables.

    Returns
    -------
    ndarray of float, shape (seq_len, width)

    Raises
    ------
    ValueError
        For an unknown scheme, or `max_len` below `seq_len`.

    Notes
    -----
    Taught in ``notebooks/02_sinusoidal_formula.ipynb`` (before the formula).

    Examples
    --------
    >>> naive_encoding("fraction", 4).ravel().tolist()
    [0.0, 0.25, 0.5, 0.75]
    >>> naive_encoding("binary", 3, max_len=8).tolist()
    [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]
    """
    scheme = check_choice(scheme, "scheme", ENCODINGS)
    seq_len = check_positive_int(seq_len, "seq_len")
    max_len = seq_len if max_len is None else check_positive_int(max_len, "max_len")
    if max_len < seq_len:
        raise ValueError(f"max_len must be at least seq_len = {seq_len}; got max_len={max_len}.")
    positions = np.arange(seq_len)  # (seq_len,)
    if scheme == "integer":
        return positions[:, None].astype(float)  # (seq_len, 1)
    if scheme == "fraction":
        return positions[:, None] / seq_len  # (seq_len, 1)
    if scheme == "one-hot":
        return np.eye(seq_len, max_len)  # (seq_len, max_len)
    n_bits = max(1, int(max_len - 1).bit_length())
    return binary_digits(positions, n_bits).astype(float)  # (seq_len, n_bits)


def binary_digits(positions: np.ndarray, n_bits: int) -> np.ndarray:
    """The binary digits of each position, least significant first.

    Parameters
    ----------
    positions : array_like of non-negative int, shape (seq_len,)
    n_bits : int
        How many digits; every position must be below ``2**n_bits``.

    Returns
    -------
    ndarray of int, shape (seq_len, n_bits)
        Column ``b`` is bit ``b`` (worth ``2**b``): column 0 flips at every step.

    Notes
    -----
    Used in ``notebooks/03_odometer_intuition.ipynb``, beside the sinusoidal table.

    Examples
    --------
    >>> binary_digits(np.arange(4), 2)
    array([[0, 0],
           [1, 0],
           [0, 1],
           [1, 1]])
    """
    n_bits = check_positive_int(n_bits, "n_bits")
    pos = as_positions(positions, integer=True)  # (seq_len,)
    if pos.size and (pos.min() < 0 or pos.max() >= 2**n_bits):
        raise ValueError(
            f"positions must lie in 0 .. {2**n_bits - 1} for n_bits={n_bits}; got {pos.min()} .. {pos.max()}."
        )
    return (pos[:, None] >> np.arange(n_bits)) & 1  # (seq_len, n_bits)


def neighbour_distances(table: np.ndarray) -> np.ndarray:
    """Euclidean distance from each row of `table` to the next one.

    Parameters
    ----------
    table : array_like, shape (seq_len, width)
        One row per position.

    Raises
    ------
    ValueError, TypeError
        If `table` is not a 2-D array of finite real numbers.

    Returns
    -------
    ndarray, shape (seq_len - 1,)
        Entry ``p`` is ``|table[p + 1] - table[p]|``: one step along the sentence.

    Examples
    --------
    >>> neighbour_distances(naive_encoding("binary", 9)).round(3).tolist()  # 7 -> 8 flips four bits
    [1.0, 1.414, 1.0, 1.732, 1.0, 1.414, 1.0, 2.0]
    """
    rows = as_float_array(table, "table", min_ndim=2)
    if rows.ndim != 2:
        raise ValueError(f"table must be 2-D (seq_len, width), one row per position; got table.shape={rows.shape}.")
    return np.linalg.norm(np.diff(rows, axis=0), axis=1)  # (seq_len - 1,)
