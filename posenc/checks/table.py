"""Lesson 02's checkers: the sinusoidal table written by hand, and one wavelength computed."""

from __future__ import annotations

import numbers
from collections.abc import Callable

import numpy as np

from posenc.checks.engine import (
    CheckResult,
    array_from,
    correct,
    first_mismatch,
    likely_mistake,
    name_of,
    not_attempted,
    not_yet,
    number,
    register,
    short,
)
from posenc.sinusoidal import frequencies, sinusoidal, wavelengths

__all__ = ["check_sinusoidal", "check_wavelength"]

SINUSOIDAL_MISTAKES = {
    "transposed": "one row per position, one column per dimension.",
    "swapped": "sin and cos are swapped: even columns (0, 2, ...) hold the sines.",
    "concatenated": "the sines and cosines are concatenated [sin | cos]; the formula interleaves them: "
    "sin in column 2i, cos in 2i + 1.",
    "i-for-2i": "the frequency uses i instead of 2i: omega_i = base ** (-2 * i / d_model).",
    "growing-frequencies": "the frequencies grow with i (a flipped exponent sign, or pos / omega_i): the angle is "
    "pos * omega_i, with omega_i = base ** (-2 * i / d_model) shrinking as i grows.",
    "column-frequencies": "each column has its own frequency; a sine column and the cosine after it share "
    "omega_i, with i = column // 2.",
    "from-one": "positions count from 0, not 1.",
}


def _interleave(angles: np.ndarray) -> np.ndarray:
    table = np.empty((angles.shape[0], 2 * angles.shape[1]))  # (seq_len, d_model)
    table[:, 0::2], table[:, 1::2] = np.sin(angles), np.cos(angles)
    return table


def _sinusoidal_suspects(seq_len: int, d_model: int) -> dict[str, np.ndarray]:
    """What each known mistake returns for this shape."""
    pos = np.arange(seq_len, dtype=float)[:, None]  # (seq_len, 1)
    i = np.arange(d_model // 2)  # (d_model // 2,)
    w = frequencies(d_model)  # (d_model // 2,)
    right = sinusoidal(seq_len, d_model)  # (seq_len, d_model)
    cols = np.arange(d_model)
    col_angles = pos * 10000.0 ** (-cols / d_model)  # (seq_len, d_model)
    return {
        "swapped": right[:, cols ^ 1],
        "concatenated": np.concatenate([np.sin(pos * w), np.cos(pos * w)], axis=1),
        "i-for-2i": _interleave(pos * 10000.0 ** (-i / d_model)),
        "growing-frequencies": _interleave(pos * 10000.0 ** (2 * i / d_model)),
        "column-frequencies": np.where(cols % 2 == 0, np.sin(col_angles), np.cos(col_angles)),
        "from-one": sinusoidal(seq_len + 1, d_model)[1:],
    }


@register("function", SINUSOIDAL_MISTAKES)
def check_sinusoidal(fn: Callable[[int, int], np.ndarray]) -> CheckResult:
    """Check ``fn(seq_len, d_model)`` against :func:`posenc.sinusoidal` on several shapes.

    Examples
    --------
    >>> import posenc
    >>> check_sinusoidal(posenc.sinusoidal)
    Correct: matches the reference for (seq_len, d_model) = (8, 6), (1, 4), (6, 2), (3, 128).
    >>> check_sinusoidal(lambda n, d: posenc.sinusoidal(n, d).T)
    Not yet: for seq_len=8, d_model=6 the shape is (6, 8), expected (8, 6): one row per position, one column per dimension.
    """
    name = name_of(fn)
    shapes = [(8, 6), (1, 4), (6, 2), (3, 128)]
    for seq_len, d_model in shapes:
        got, verdict = array_from(fn, name, seq_len, d_model, params=("seq_len", "d_model"))
        if verdict is not None:
            return verdict
        expected = sinusoidal(seq_len, d_model)  # (seq_len, d_model)
        where = f"for seq_len={seq_len}, d_model={d_model}"
        if got.shape != expected.shape:
            return not_yet(
                f"{where} the shape is {got.shape}, expected {expected.shape}: " + SINUSOIDAL_MISTAKES["transposed"]
            )
        cell = first_mismatch(got, expected)
        if cell is None:
            continue
        pos, col = cell
        kind = "a sine column" if col % 2 == 0 else "a cosine column"
        mistake = likely_mistake(got, _sinusoidal_suspects(seq_len, d_model))
        return not_yet(
            f"{where}, first mismatch at position {pos}, column {col} ({kind}): "
            f"got {number(got[pos, col])}, expected {number(expected[pos, col])}."
            + (f" Likely: {SINUSOIDAL_MISTAKES[mistake]}" if mistake else "")
        )
    listed = ", ".join(f"({n}, {d})" for n, d in shapes)
    return correct(f"matches the reference for (seq_len, d_model) = {listed}.")


WAVELENGTH_MISTAKES = {
    "one-over-omega": "That is 1 / ω_{pair}: a full turn is 2π radians, so the wavelength is 2π / ω_{pair}.",
    "omega": "That is ω_{pair} itself, the frequency; the wavelength is 2π / ω_{pair}.",
    "i-for-2i": "That uses i = {pair} where the formula has 2i: ω_i = base ** (-2i / d_model).",
    "column-index": "That treats {column} (the column index) as the pair index; pair {pair} covers columns "
    "{column} and {column_after}, and ω_{pair} = base ** (-2·{pair} / d_model).",
}


@register("value", WAVELENGTH_MISTAKES)
def check_wavelength(value: object, *, pair: int, d_model: int, base: float = 10_000.0) -> CheckResult:
    """Check a computed wavelength (in positions) of pair `pair` of a `d_model`-wide table.

    Examples
    --------
    >>> check_wavelength(2 * np.pi * 100, pair=12, d_model=48)
    Correct: pair 12 of d_model=48 has wavelength 2π / ω_12 = 628.32 positions.
    >>> check_wavelength(100.0, pair=12, d_model=48)
    Not yet: you gave 100.0000, expected 628.32. That is 1 / ω_12: a full turn is 2π radians, so the wavelength is 2π / ω_12.
    """
    expected = float(wavelengths(d_model, base=base)[pair])
    w = float(frequencies(d_model, base=base)[pair])
    if value is None or value is Ellipsis:
        return not_attempted("your answer")
    if isinstance(value, np.ndarray) and value.size == 1:
        value = value.reshape(()).item()
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        return not_yet(f"give one real number, such as 2 * np.pi / omega; got {short(value)}.")
    try:
        got = float(value)
    except OverflowError:  # an int too large for a float
        return not_yet(f"you gave {short(value)}, expected {expected:.2f}.")
    if np.isclose(got, expected, rtol=1e-3):
        return correct(f"pair {pair} of d_model={d_model} has wavelength 2π / ω_{pair} = {expected:.2f} positions.")
    suspects = {
        "one-over-omega": 1 / w,
        "omega": w,
        "i-for-2i": 2 * np.pi * base ** (pair / d_model),
        "column-index": 2 * np.pi * base ** (2 * (2 * pair) / d_model),
    }
    mistake = next((m for m, v in suspects.items() if np.isclose(got, v, rtol=1e-3)), None)
    hint = ""
    if mistake:
        hint = " " + WAVELENGTH_MISTAKES[mistake].format(pair=pair, column=2 * pair, column_after=2 * pair + 1)
    return not_yet(f"you gave {number(got)}, expected {expected:.2f}.{hint}")
