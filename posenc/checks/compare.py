"""Compare a learner's array with the reference: the first entry that differs, a listed mistake's output it matches.

Re-exported by :mod:`posenc.checks.engine`, where checkers import them from. numpy only.
"""

from __future__ import annotations

import numpy as np

from posenc.checks.phrasing import number

__all__ = ["first_mismatch", "first_difference", "likely_mistake", "int_dtype"]


def first_mismatch(got: np.ndarray, expected: np.ndarray, atol: float = 1e-6) -> tuple[int, ...] | None:
    """The index of the first entry (in row-major order) that differs by more than `atol`, or None.

    Works for arrays of any rank; a NaN in `got` counts as different.

    Examples
    --------
    >>> first_mismatch(np.zeros((2, 2, 3)), np.eye(3)[None].repeat(2, axis=0)[:, :2])
    (0, 0, 0)
    >>> first_mismatch(np.ones(3), np.ones(3)) is None
    True
    """
    bad = np.argwhere(~np.isclose(got, expected, atol=atol, rtol=0.0))
    return None if bad.size == 0 else tuple(int(i) for i in bad[0])


def first_difference(got: np.ndarray, expected: np.ndarray, where: str, label: str) -> str | None:
    """A sentence naming the first entry of `got` that differs from `expected`, or None if none does.

    Examples
    --------
    >>> first_difference(np.eye(2), np.ones((2, 2)), "for k=1", "M")
    'for k=1, M[0, 1] is 0.0000, expected 1.0000.'
    >>> first_difference(np.ones(2), np.ones(2), "here", "x") is None
    True
    """
    cell = first_mismatch(got, expected)
    if cell is None:
        return None
    index = ", ".join(map(str, cell))
    return f"{where}, {label}[{index}] is {number(got[cell])}, expected {number(expected[cell])}."


def likely_mistake(
    got: np.ndarray, suspects: dict[str, np.ndarray] | list[tuple[str, np.ndarray]], atol: float = 1e-6
) -> str | None:
    """The id of the first suspect output that `got` matches, if any.

    Parameters
    ----------
    got : ndarray
        What the learner's code returned.
    suspects : dict of str to ndarray, or list of (str, ndarray) pairs
        For each known mistake's id, what that mistake returns on the same input (a list
        when one mistake has several forms).

    Examples
    --------
    >>> likely_mistake(np.ones(2), {"zeros": np.zeros(2), "ones": np.ones(2)})
    'ones'
    """
    for mistake, wrong in suspects.items() if isinstance(suspects, dict) else suspects:
        if wrong.shape == got.shape and np.allclose(got, wrong, atol=atol, rtol=0.0):
            return mistake
    return None


def int_dtype(value: object) -> str | None:
    """The dtype of a numpy array of integers, which holds no fractions (they were cut off); else None.

    Examples
    --------
    >>> int_dtype(np.zeros(3, dtype=np.int32)), int_dtype(np.zeros(3)), int_dtype([1, 2])
    ('int32', None, None)
    """
    if isinstance(value, np.ndarray) and value.dtype.kind in "iu":
        return str(value.dtype)
    return None
