"""Lesson 00's checker: a first exercise, to see what a checker's verdicts look like."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from posenc.checks.engine import CheckResult, array_from, correct, not_yet, register
from posenc.checks.phrasing import name_of

__all__ = ["check_positions_column"]

POSITIONS_MISTAKES = {
    "flat": "Add a second axis: np.arange(seq_len)[:, None].",
    "row": "That is a row; the positions should run down a column: [:, None], not [None, :].",
    "from-one": "Positions count from 0.",
}


@register("function", POSITIONS_MISTAKES)
def check_positions_column(fn: Callable[[int], np.ndarray]) -> CheckResult:
    """Check a function ``fn(seq_len)`` that returns positions 0..seq_len-1 as a column.

    Examples
    --------
    >>> check_positions_column(lambda n: np.arange(n)[:, None])
    Correct: a (seq_len, 1) column 0, 1, ..., seq_len - 1 for seq_len = 1, 5 and 12.
    >>> check_positions_column(lambda n: np.arange(n))
    Not yet: for seq_len=1 the shape is (1,), expected (1, 1). Add a second axis: np.arange(seq_len)[:, None].
    """
    name = name_of(fn)
    for seq_len in (1, 5, 12):
        _, got, verdict = array_from(
            fn, name, seq_len, params=("seq_len",), returns="the (seq_len, 1) column of positions"
        )
        if verdict is not None:
            return verdict
        assert got is not None  # no verdict: an array
        expected = np.arange(seq_len, dtype=float)[:, None]  # (seq_len, 1)
        if got.shape != expected.shape:
            hint = ""
            if got.shape == (seq_len,):
                hint = " " + POSITIONS_MISTAKES["flat"]
            elif got.shape == (1, seq_len) and seq_len > 1:
                hint = " " + POSITIONS_MISTAKES["row"]
            return not_yet(f"for seq_len={seq_len} the shape is {got.shape}, expected {expected.shape}.{hint}")
        if not np.array_equal(got, expected):
            hint = " " + POSITIONS_MISTAKES["from-one"] if np.array_equal(got, expected + 1) else ""
            shown = got.ravel().tolist() if seq_len <= 12 else "..."
            return not_yet(f"for seq_len={seq_len} got {shown}, expected {expected.ravel().tolist()}.{hint}")
    return correct("a (seq_len, 1) column 0, 1, ..., seq_len - 1 for seq_len = 1, 5 and 12.")
