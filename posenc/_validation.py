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


def check_int_in(value: object, name: str, low: int, high: int, *, step: int = 1, why: str = "") -> int:
    """Return `value` as an ``int`` if it is one of ``low, low + step, ..., high``, else raise.

    A non-integer is a ``TypeError``; an integer outside the range, or off its steps, a ``ValueError``
    that names the range (and `why`, the reason for it, when given).
    """
    number = check_int(value, name)
    if not low <= number <= high or (number - low) % step:
        every = f" in steps of {step}" if step != 1 else ""
        raise ValueError(f"{name} must be an integer from {low} to {high}{every}{why}; got {name}={number}.")
    return number


def check_even(value: int, name: str, why: str) -> None:
    """Raise ``ValueError`` if `value` is odd; `why` explains the pairing."""
    if value % 2:
        raise ValueError(f"{name} must be even {why}; got {name}={value}.")


def check_real(
    value: object,
    name: str,
    *,
    low: float | None = None,
    high: float | None = None,
    low_open: bool = False,
    why: str = "",
) -> float:
    """Return `value` as a ``float`` if it is a finite real number in range, else raise.

    A bool, a str, None or an array is a ``TypeError``; NaN, infinity, or a number
    below `low` (at or below it when `low_open`) or above `high` is a ``ValueError``.
    The message names the argument, what it must be and what was given.

    Examples
    --------
    >>> check_real(0.5, "learning_rate", low=0.0, low_open=True)
    0.5
    >>> check_real(-1, "ridge", low=0.0)
    Traceback (most recent call last):
    ...
    ValueError: ridge must be a finite number >= 0.0; got ridge=-1.
    """
    if low is None and high is None:
        wanted = "a finite number"
    elif high is None:
        wanted = f"a finite number {'>' if low_open else '>='} {low}"
    elif low is None:
        wanted = f"a finite number <= {high}"
    else:
        wanted = f"a finite number {'above' if low_open else 'from'} {low} {'up ' if low_open else ''}to {high}"
    suffix = f" {why}" if why else ""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be {wanted}; got {name}={value!r} of type {type(value).__name__}.{suffix}")
    number = float(value)
    too_low = low is not None and (number <= low if low_open else number < low)
    too_high = high is not None and number > high
    if not math.isfinite(number) or too_low or too_high:
        raise ValueError(f"{name} must be {wanted}; got {name}={value!r}.{suffix}")
    return number


def check_bool(value: object, name: str) -> bool:
    """Return `value` as a ``bool`` if it is True or False (a numpy bool too), else raise ``TypeError``."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False; got {name}={value!r} of type {type(value).__name__}.")
    return bool(value)


def check_seed(value: object, name: str = "seed") -> int:
    """Return `value` as an ``int`` if it is a non-negative integer (what numpy's generators take), else raise."""
    value = check_int(value, name)
    if value < 0:
        raise ValueError(f"{name} must be a non-negative integer; got {name}={value}.")
    return value


def check_choice(value: object, name: str, choices: tuple[str, ...]) -> str:
    """Return `value` if it is one of the strings `choices`; a non-str is a ``TypeError``, another str a ``ValueError``."""
    allowed = ", ".join(map(repr, choices))
    if not isinstance(value, str):
        raise TypeError(f"{name} must be one of {allowed}; got {name}={value!r} of type {type(value).__name__}.")
    if value not in choices:
        raise ValueError(f"{name} must be one of {allowed}; got {name}={value!r}.")
    return value


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


def as_real_array(x: object, name: str) -> np.ndarray:
    """Convert `x` to a floating-point array (a float dtype kept, integers to float64), else raise ``TypeError``.

    NaN and infinity pass: a caller that refuses them says why (:func:`as_float_array` refuses both;
    ``softmax`` takes ``-inf`` for "never attend")."""
    if x is Ellipsis:  # a stub's placeholder, passed on before it was filled in
        raise TypeError(f"{name} is ... (a placeholder still to fill in): give it an array, or None where allowed.")
    try:
        arr = np.asarray(x)
    except Exception as exc:  # ragged lists and the like
        raise TypeError(f"{name} must be an array of numbers; could not convert it ({exc}).") from None
    if arr.dtype == bool or not (np.issubdtype(arr.dtype, np.integer) or np.issubdtype(arr.dtype, np.floating)):
        raise TypeError(f"{name} must be an array of real numbers; got dtype {arr.dtype}.")
    return arr if np.issubdtype(arr.dtype, np.floating) else arr.astype(np.float64)


def as_float_array(x: object, name: str, min_ndim: int = 1) -> np.ndarray:
    """Convert `x` to a floating-point array with at least `min_ndim` axes, with no NaN or inf."""
    arr = as_real_array(x, name)
    if arr.ndim < min_ndim:
        raise ValueError(f"{name} must have at least {min_ndim} axes; got {name}.shape={arr.shape}.")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must not contain NaN or infinity.")
    return arr


def as_positions(positions: object, name: str = "positions", *, integer: bool) -> np.ndarray:
    """Convert `positions` to a 1-D array (integers if `integer`), rejecting NaN and the like."""
    try:
        arr = np.asarray(positions)
    except Exception as exc:  # ragged lists and the like
        raise TypeError(f"{name} must be an array of numbers; could not convert it ({exc}).") from None
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


def as_tokens(tokens: object, name: str, vocab_size: int | None, min_len: int) -> np.ndarray:
    """`tokens` as an int64 array of shape (rows, length >= `min_len`) of tokens below `vocab_size`, or a clear error."""
    what = f"{name} must be an integer array of shape (rows, length) with length >= {min_len}"
    try:
        arr = np.asarray(tokens)
    except ValueError as error:  # a ragged list
        raise TypeError(f"{what}; could not convert it ({error}).") from None
    if arr.dtype == bool or not np.issubdtype(arr.dtype, np.integer):
        raise TypeError(f"{what}; got dtype {arr.dtype}.")
    if arr.ndim != 2 or arr.shape[1] < min_len or arr.shape[0] < 1:
        raise ValueError(f"{what}; got {name}.shape={arr.shape}.")
    if vocab_size is not None and (arr.min() < 0 or arr.max() >= vocab_size):
        raise ValueError(f"{name} must hold tokens 0..{vocab_size - 1}; got tokens from {arr.min()} to {arr.max()}.")
    return arr.astype(np.int64)
