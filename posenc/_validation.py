"""Argument checks shared by every public function, so that all errors read alike.

Each message names the argument, says what it must be and what was given, and,
where we can, how to fix it. Bad values and shapes raise ``ValueError``; wrong
types raise ``TypeError``.
"""

from __future__ import annotations

import math
import numbers

import numpy as np


def check_positive_int(value: object, name: str, why: str = "") -> int:
    """Return `value` as an ``int`` if it is a positive integer, else raise."""
    suffix = f" {why}" if why else ""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise TypeError(
            f"{name} must be a positive integer; got {name}={value!r} of type {type(value).__name__}.{suffix}"
        )
    if value <= 0:
        raise ValueError(f"{name} must be a positive integer; got {name}={value!r}.{suffix}")
    return int(value)


def check_int(value: object, name: str) -> int:
    """Return `value` as an ``int`` (any sign) if it is an integer, else raise ``TypeError``."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an integer; got {name}={value!r} of type {type(value).__name__}.")
    return int(value)


def check_even(value: int, name: str, why: str) -> None:
    """Raise ``ValueError`` if `value` is odd; `why` explains the pairing."""
    if value % 2:
        raise ValueError(f"{name} must be even {why}; got {name}={value}.")


def check_base(base: object) -> float:
    """Return `base` as a float if it is a finite number greater than 1, else raise."""
    if isinstance(base, (bool, np.bool_)) or not isinstance(base, numbers.Real):
        raise TypeError(f"base must be a real number; got base={base!r} of type {type(base).__name__}.")
    base = float(base)
    if not math.isfinite(base) or base <= 1.0:
        raise ValueError(
            f"base must be a finite number greater than 1 (the usual value is 10000.0); got base={base!r}."
        )
    return base


def as_float_array(x: object, name: str, min_ndim: int = 1) -> np.ndarray:
    """Convert `x` to a floating-point array with at least `min_ndim` axes, with no NaN or inf."""
    try:
        arr = np.asarray(x)
    except Exception as exc:  # ragged lists and the like
        raise TypeError(f"{name} must be an array of numbers; could not convert it ({exc}).") from None
    if arr.dtype == bool or not (np.issubdtype(arr.dtype, np.integer) or np.issubdtype(arr.dtype, np.floating)):
        raise TypeError(f"{name} must be an array of real numbers; got dtype {arr.dtype}.")
    if arr.ndim < min_ndim:
        raise ValueError(f"{name} must have at least {min_ndim} axes; got {name}.shape={arr.shape}.")
    if not np.issubdtype(arr.dtype, np.floating):
        arr = arr.astype(np.float64)
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must not contain NaN or infinity.")
    return arr


def as_positions(positions: object, name: str = "positions", *, integer: bool) -> np.ndarray:
    """Convert `positions` to a 1-D array (integers if `integer`), rejecting NaN and the like."""
    arr = np.asarray(positions)
    if arr.ndim == 0:
        arr = arr.reshape(1)
    if arr.ndim != 1:
        raise ValueError(f"{name} must be one-dimensional (one entry per token); got {name}.shape={arr.shape}.")
    if arr.dtype == bool:
        raise TypeError(f"{name} must hold numbers, not booleans; got dtype bool. Try np.arange(seq_len).")
    if np.issubdtype(arr.dtype, np.integer):
        return arr.astype(np.int64)
    if integer or not np.issubdtype(arr.dtype, np.floating):
        raise TypeError(f"{name} must be an integer array; got dtype {arr.dtype}. Try np.arange(seq_len).")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must be finite; got a NaN or infinity in {name}.")
    return arr.astype(np.float64)
