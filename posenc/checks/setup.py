"""Lesson 00's checker: a first exercise, to see what a checker's verdicts look like."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from posenc.checks.cases import Case, first_miss
from posenc.checks.engine import CheckResult, array_from, correct, not_yet, register
from posenc.checks.phrasing import name_of, sig

__all__ = ["check_positions_column"]

POSITIONS_MISTAKES = {
    "flat": "Add a second axis: np.arange(seq_len)[:, None]. (Indexing makes a new array: a line such as "
    "positions[:, None] alone changes nothing; return it or assign it.)",
    "row": "That is a row; the positions should run down a column, shape (seq_len, 1): [:, None] gives it, and "
    "[None, :] or a .T after it gives a row.",
    "from-one": "Positions count from 0.",
    "one-short": "That is one position too few: np.arange(seq_len) already runs from 0 to seq_len - 1.",
    "one-extra": "That is one position too many: np.arange(seq_len) stops before seq_len, so it needs no - 1 or + 1.",
    "tuple": "You returned a tuple holding the array (a stray comma after return?): return the array itself.",
    "zeros": "The column is all 0: it was made but never filled in with the positions, or a count ran along "
    "the axis of length 1 (np.cumsum(..., axis=1)), where it runs down the column, axis=0.",
    "steps": "The positions step by 1 (0, 1, 2, ...); yours step by another amount (np.linspace, for one, includes "
    "its end point): use np.arange.",
    "extra-axes": "A column has two axes, (seq_len, 1): one None after the colon, np.arange(seq_len)[:, None].",
    "grid": "That is a full (seq_len, seq_len) grid: return the (seq_len, 1) column, and broadcasting stretches it "
    "when it meets a row.",
    "reversed": "Your column counts down; position 0 is the first row and the positions count up: np.arange(seq_len).",
}

#: The diagnoses measured from a wrong column (the sentence names its shape or its numbers).
POSITIONS_MEASURED = {
    "fractions": "the positions divided by the length: fractions from 0 to 1 where the whole numbers belong",
    "widened": "a column with more than one column: it met a row and broadcast",
    "stacked": "several (seq_len, 1) arrays stacked, the first of them right (np.indices gives one per axis)",
    "empty": "an empty array: a range whose start is at or past its stop (a shape read as np.arange's start, stop)",
    "returned-shape": "the shape (seq_len, 1) itself returned, not an array of that shape",
    "one-hot": "the identity, np.eye(seq_len): a one-hot row per position where one number per row belongs",
}


@register("function", POSITIONS_MISTAKES, POSITIONS_MEASURED)
def check_positions_column(fn: Callable[[int], np.ndarray]) -> CheckResult:
    """Check a function ``fn(seq_len)`` that returns positions 0..seq_len-1 as a column.

    Examples
    --------
    >>> check_positions_column(lambda n: np.arange(n)[:, None])
    Correct: a (seq_len, 1) column 0, 1, ..., seq_len - 1 for seq_len = 1, 5 and 12.
    >>> check_positions_column(lambda n: np.arange(n))
    Not yet: for seq_len=5 the shape is (5,), expected (5, 1). Add a second axis: np.arange(seq_len)[:, None]. (Indexing makes a new array: a line such as positions[:, None] alone changes nothing; return it or assign it.)
    """
    name = name_of(fn)
    cases = [Case((n,), np.arange(n, dtype=float)[:, None], f"for seq_len={n}") for n in (1, 5, 12)]
    miss = first_miss(fn, name, cases, params=("seq_len",), returns="the (seq_len, 1) column of positions")
    if miss is None:
        return correct("a (seq_len, 1) column 0, 1, ..., seq_len - 1 for seq_len = 1, 5 and 12.")
    if miss.verdict is not None:
        return miss.verdict
    assert miss.got is not None  # no verdict: an array
    got, expected, where, value = miss.got, miss.case.expected, miss.case.where, miss.value
    (seq_len,) = miss.case.args
    if seq_len == 1:  # one position shows little (np.eye(1) is [[1]]): read a longer column when it differs too
        wider, wide, _ = array_from(fn, name, 5, params=("seq_len",))
        if wide is not None and not np.array_equal(wide, np.arange(5.0)[:, None]):
            got, value, seq_len, where = wide, wider, 5, "for seq_len=5"
            expected = np.arange(5.0)[:, None]
    if (
        isinstance(value, tuple)
        and len(value) == 2
        and all(isinstance(v, int) for v in value)
        and value == (seq_len, 1)
    ):
        return not_yet(
            f"{where} you returned {value}: the shape itself, not an array of that shape. Return the positions in "
            "that shape: np.arange(seq_len)[:, None].",
            mistake="returned-shape",
        )
    if got.size == 0:
        return not_yet(
            f"{where} yours is empty, shape {got.shape}. Likely a range whose start is at or past its stop: "
            "np.arange(a, b) counts from a up to b, so np.arange(seq_len, 1) (a shape read as start and stop) gives "
            "nothing. Use np.arange(seq_len), then [:, None].",
            mistake="empty",
        )
    if got.shape != expected.shape:
        shape_mistake: str | None = None
        flat = got.reshape(-1)
        if isinstance(value, tuple) and len(value) == 1:
            shape_mistake = "tuple"
        elif got.shape == (seq_len,):
            shape_mistake = "flat"
        elif got.ndim > 2 and flat.size == seq_len and np.array_equal(flat, expected.reshape(-1)):
            shape_mistake = "extra-axes"
        elif got.shape == (seq_len, seq_len) and seq_len > 1:
            shape_mistake = "grid"
        elif got.ndim == 2 and got.shape[1] == 1 and _steps_by(flat) not in (None, 1.0) and flat[0] == 0:
            shape_mistake = "steps"
        elif got.ndim == 2 and got.shape[1] == 1 and abs(got.shape[0] - seq_len) == 1:
            shape_mistake = "one-short" if got.shape[0] < seq_len else "one-extra"
        elif got.shape == (1, seq_len) and seq_len > 1:
            shape_mistake = "row"
        hint = " " + POSITIONS_MISTAKES[shape_mistake] if shape_mistake else ""
        if shape_mistake == "grid" and np.array_equal(got, np.eye(seq_len)):
            shape_mistake, hint = (
                "one-hot",
                " That is the identity (np.eye): one one-hot row per position. Here a position is one number, "
                "its index, in a (seq_len, 1) column: np.arange(seq_len)[:, None].",
            )
        if shape_mistake is None and got.ndim == 2 and got.shape[0] == seq_len and got.shape[1] > 1:
            shape_mistake, hint = (
                "widened",
                (
                    f" Yours has {got.shape[1]} columns: the column met a row and broadcast to it (something added or "
                    "multiplied after [:, None]?). Return the (seq_len, 1) column alone."
                ),
            )
        elif shape_mistake is None and got.ndim == 3 and got.shape[1:] == (seq_len, 1):
            if np.array_equal(got[0], expected):
                shape_mistake, hint = (
                    "stacked",
                    (
                        f" Yours stacks {got.shape[0]} arrays of shape (seq_len, 1), and the first is the right column "
                        "(np.indices gives one grid per axis): [0] picks it, or use np.arange(seq_len)[:, None]."
                    ),
                )
        return not_yet(f"{where} the shape is {got.shape}, expected {expected.shape}.{hint}", mistake=shape_mistake)
    steps = np.diff(got.ravel())
    mistake = (
        "reversed"
        if seq_len > 1 and np.array_equal(got, expected[::-1])
        else "from-one"
        if np.array_equal(got, expected + 1)
        else "zeros"
        if not got.any()
        else "steps"
        if steps.size and np.allclose(steps, steps[0]) and not np.isclose(steps[0], 1)
        else None
    )
    hint = " " + POSITIONS_MISTAKES[mistake] if mistake else ""
    scaled = [n for n in (seq_len, seq_len - 1) if n > 1 and np.allclose(got, expected / n)]
    if scaled:
        mistake, hint = (
            "fractions",
            (
                f" Yours holds p / {scaled[0]}: fractions from 0 to {sig(got.max())}. The positions are the whole "
                "numbers 0, 1, ..., seq_len - 1 themselves: no division."
            ),
        )
    shown = got.ravel().tolist() if seq_len <= 12 else "..."
    return not_yet(f"{where} got {shown}, expected {expected.ravel().tolist()}.{hint}", mistake=mistake)


def _steps_by(values: np.ndarray) -> float | None:
    """The common step of `values` when they step evenly (one step for a single value is None).

    >>> _steps_by(np.array([0.0, 2.0, 4.0])), _steps_by(np.array([0.0, 1.0, 3.0]))
    (2.0, None)
    """
    steps = np.diff(values)
    return float(steps[0]) if steps.size and np.allclose(steps, steps[0]) else None
