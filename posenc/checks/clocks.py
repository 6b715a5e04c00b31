"""Lesson 03's checker: the rotation M_k that moves every position k steps on."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from posenc.checks.engine import (
    CheckResult,
    array_from,
    correct,
    first_mismatch,
    likely_mistake,
    name_of,
    not_yet,
    number,
    register,
)
from posenc.sinusoidal import offset_rotation

__all__ = ["check_offset_rotation"]

OFFSET_MISTAKES = {
    "wrong-way": "It rotates the wrong way: swap the signs of the two sin entries in each block.",
    "one-speed": "Every pair turns at its own speed: the angle of block i is k * omega_i, not k.",
}


def _one_speed(k: int, d_model: int) -> np.ndarray:
    """M_k with every block turned by k radians, as if all pairs had pair 0's speed."""
    pairs = np.arange(d_model // 2)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    M[2 * pairs, 2 * pairs] = M[2 * pairs + 1, 2 * pairs + 1] = np.cos(k)
    M[2 * pairs, 2 * pairs + 1], M[2 * pairs + 1, 2 * pairs] = np.sin(k), -np.sin(k)
    return M


@register("function", OFFSET_MISTAKES)
def check_offset_rotation(fn: Callable[[int, int], np.ndarray]) -> CheckResult:
    """Check ``fn(k, d_model)``, the matrix with ``M @ PE[p] == PE[p + k]`` for every p.

    Examples
    --------
    >>> import posenc
    >>> check_offset_rotation(posenc.offset_rotation)
    Correct: M @ PE[p] == PE[p + k] for every p, for (k, d_model) = (1, 2), (3, 8), (-2, 6), (0, 4).
    >>> check_offset_rotation(lambda k, d: posenc.offset_rotation(k, d).T)
    Not yet: for k=1, d_model=2, M[0, 1] is -0.8415, expected 0.8415. It rotates the wrong way: swap the signs of the two sin entries in each block.
    """
    name = name_of(fn)
    for k, d_model in [(1, 2), (3, 8), (-2, 6), (0, 4)]:
        got, verdict = array_from(fn, name, k, d_model, params=("k", "d_model"))
        if verdict is not None:
            return verdict
        expected = offset_rotation(k, d_model)  # (d_model, d_model)
        where = f"for k={k}, d_model={d_model}"
        if got.shape != expected.shape:
            return not_yet(f"{where} the shape is {got.shape}, expected {expected.shape} (it maps one row to another).")
        cell = first_mismatch(got, expected)
        if cell is None:
            continue
        r, c = cell
        mistake = likely_mistake(got, {"wrong-way": expected.T, "one-speed": _one_speed(k, d_model)})
        return not_yet(
            f"{where}, M[{r}, {c}] is {number(got[r, c])}, expected {number(expected[r, c])}."
            + (f" {OFFSET_MISTAKES[mistake]}" if mistake else "")
        )
    return correct("M @ PE[p] == PE[p + k] for every p, for (k, d_model) = (1, 2), (3, 8), (-2, 6), (0, 4).")
