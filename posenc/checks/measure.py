"""Measure what a learner's output does, so that a checker can say what differs in the learner's terms.

Comparing a learner's output with a few prepared wrong versions names those mistakes
and no others. A checker measures instead: :func:`measure_wave` reads one column of a
table as a wave (its speed in radians per position, amplitude, phase and offset),
:func:`common_shift` finds a shift by the same number of positions in every column,
:func:`effective_base` the base a row of speeds follows. The rest phrases what was
found: "columns 2–15", "3.2× too slow". numpy only.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np


class Wave(NamedTuple):
    """Samples ``x[p]`` read as ``amplitude * sin(speed * p + phase) + offset``; `error` is the rms left over."""

    speed: float
    amplitude: float
    phase: float
    offset: float
    error: float


def fit_wave(x: np.ndarray, speed: float) -> Wave:
    """Fit ``amplitude * sin(speed * p + phase) + offset`` to ``x[p]``, p = 0, 1, ..., by linear least squares.

    With the speed known, the wave is ``a sin(speed p) + b cos(speed p) + offset``,
    linear in a, b and the offset; then amplitude = hypot(a, b), phase = atan2(b, a).

    Examples
    --------
    >>> p = np.arange(50)
    >>> [round(v, 6) for v in fit_wave(3 * np.cos(0.2 * p) + 1, 0.2)]
    [0.2, 3.0, 1.570796, 1.0, 0.0]
    """
    p = np.arange(x.size)
    if speed <= 0:  # a wave that does not move is its offset
        return Wave(0.0, 0.0, 0.0, float(x.mean()), float(x.std()))
    basis = np.column_stack([np.sin(speed * p), np.cos(speed * p), np.ones(x.size)])  # (n, 3)
    (a, b, offset), *_ = np.linalg.lstsq(basis, x, rcond=None)
    error = np.sqrt(np.mean((basis @ [a, b, offset] - x) ** 2))
    return Wave(float(speed), float(np.hypot(a, b)), float(np.arctan2(b, a)), float(offset), float(error))


def _cos_of_stride(x: np.ndarray, stride: int) -> float:
    """cos(stride * speed), from ``x[p + s] + x[p - s] = 2 cos(s speed) x[p] + const`` fitted by least squares."""
    middle = x[stride:-stride]
    design = np.column_stack([middle, np.ones(middle.size)])  # (n - 2s, 2)
    (slope, _), *_ = np.linalg.lstsq(design, x[2 * stride :] + x[: -2 * stride], rcond=None)
    return float(np.clip(slope / 2, -1.0, 1.0))


def measure_wave(x: np.ndarray) -> Wave:
    """Read finite samples ``x[0], x[1], ...`` (at least 5) as a wave: speed (0 to π radians per step) and the rest.

    Every wave ``A sin(w p + phase) + c`` obeys ``x[p + s] + x[p - s] = 2 cos(s w) x[p]
    + 2 c (1 - cos(s w))`` at any stride s: a straight line through the points
    ``(x[p], x[p + s] + x[p - s])``, whose slope gives ``cos(s w)``. Stride 1 gives a
    first speed; then a stride with ``s w`` near π/2, where the cosine is steepest,
    reads it more sharply. The fit of :func:`fit_wave` at each speed found decides.
    Whole-number positions cannot tell speed w from 2π - w (sampled, they are the
    same wave, mirrored): speeds come out between 0 and π.

    Examples
    --------
    >>> p = np.arange(4096)
    >>> [round(v, 9) for v in measure_wave(0.5 * np.sin(3e-4 * p + 0.3) - 2)[:4]]
    [0.0003, 0.5, 0.3, -2.0]
    """
    scale = float(np.max(np.abs(x)))
    if scale == 0:
        return Wave(0.0, 0.0, 0.0, 0.0, 0.0)
    unit = x / scale  # so that no square overflows, whatever the size of the numbers
    longest = (x.size - 3) // 2  # the widest stride that leaves 3 points to fit
    tried, stride = [], 1
    while len(tried) < 3:
        speed = np.arccos(_cos_of_stride(unit, stride)) / stride
        tried.append(fit_wave(unit, speed))
        best = int(np.clip(np.pi / 2 / max(speed, 1e-300), 1, longest))
        if best == stride:
            break
        stride = best
    wave = min(tried, key=lambda w: w.error)
    return Wave(wave.speed, wave.amplitude * scale, wave.phase, wave.offset * scale, wave.error * scale)


def wrap(angle: np.ndarray | float) -> np.ndarray | float:
    """An angle brought into [-π, π).

    Examples
    --------
    >>> round(wrap(3 * np.pi / 2), 4)
    -1.5708
    """
    return (angle + np.pi) % (2 * np.pi) - np.pi


def common_shift(phase_errors: np.ndarray, speeds: np.ndarray, atol: float = 1e-5) -> float | None:
    """The shift s, in positions, with ``phase_errors == s * speeds`` (modulo 2π) everywhere, if there is one.

    A wave moved on by s positions, ``sin(w (p + s))``, is ahead by ``s w``: the same s
    for every column, and so a phase error that grows with the speed. The slowest
    column reads s (its phase wraps last); every other column must agree.

    Examples
    --------
    >>> speeds = np.array([1.0, 0.1, 0.01])
    >>> common_shift(wrap(2 * speeds), speeds)
    2.0
    >>> common_shift(np.full(3, 0.3), speeds) is None  # the same angle everywhere is no shift
    True
    """
    moving = speeds > atol
    if not moving.any():
        return None
    slowest = np.flatnonzero(moving)[np.argmin(speeds[moving])]
    shift = float(phase_errors[slowest] / speeds[slowest])
    agrees = np.abs(wrap(phase_errors - shift * speeds)) < atol
    return shift if agrees.all() else None


def effective_base(speeds: np.ndarray, d_model: int, rtol: float = 1e-6) -> float | None:
    """The base b with ``speeds[i] == b ** (-2i / d_model)`` for every pair i, if there is one.

    Examples
    --------
    >>> round(effective_base(1000.0 ** (-np.arange(0, 8, 2) / 8), 8), 6)
    1000.0
    >>> effective_base(np.array([2.0, 0.2]), 4) is None  # pair 0 turns 1 radian per position, whatever the base
    True
    """
    if speeds.size < 2 or np.any(speeds <= 0) or abs(np.log(speeds[0])) > rtol:
        return None
    exponent = 2 * np.arange(speeds.size) / d_model  # (pairs,)
    log_base = -np.sum(exponent * np.log(speeds)) / np.sum(exponent**2)
    if np.max(np.abs(np.log(speeds) + exponent * log_base)) > rtol:
        return None
    return float(np.exp(log_base))


def as_if_base(base: float) -> str:
    """Speeds that fall with another base than 10000, in words, with digits enough to tell it from 10000.

    Examples
    --------
    >>> as_if_base(1000.0), as_if_base(10000.3)
    ('as if the base were 1000, not 10000', 'as if the base were 10000.3, not 10000')
    """
    digits = next((n for n in range(3, 12) if sig(base, n) != "10000"), 12)
    return f"as if the base were {sig(base, digits)}, not 10000"


class Columns(NamedTuple):
    """What each column of a table does as the position grows: a wave's measurements, and what is no wave.

    Attributes
    ----------
    speed, amplitude, phase, offset : ndarray of shape (width,)
        Each column read as a wave (:class:`Wave`); NaN where a column is not finite.
    wave : ndarray of bool, shape (width,)
        The columns that are waves: finite, not flat, and fitted to within 0.1% of their amplitude.
    line : ndarray of bool, shape (width,)
        The columns that run in a straight line (not flat).
    """

    speed: np.ndarray
    amplitude: np.ndarray
    phase: np.ndarray
    offset: np.ndarray
    wave: np.ndarray
    line: np.ndarray


def read_columns(table: np.ndarray, atol: float = 1e-5) -> Columns:
    """Read every column of a (positions, width) table, at least 5 rows long, as a wave.

    Examples
    --------
    >>> p = np.arange(100)[:, None]
    >>> read = read_columns(np.hstack([np.sin(0.5 * p), 2 * p, np.ones_like(p)]))
    >>> round(float(read.speed[0]), 6), read.wave.tolist(), read.line.tolist()
    (0.5, [True, False, False], [False, True, False])
    """
    design = np.column_stack([np.arange(len(table)), np.ones(len(table))])  # (n, 2)
    finite = np.isfinite(table).all(axis=0)  # (width,)
    values = np.where(np.isfinite(table), table, 0.0)  # (n, width)
    coef, *_ = np.linalg.lstsq(design, values, rcond=None)  # (2, width): slope and intercept
    off_line = np.abs(design @ coef - values).max(axis=0)  # (width,)
    line = finite & (off_line <= 1e-6 * np.abs(values).max(axis=0)) & (np.abs(coef[0]) * len(table) > atol)
    fits = np.array(
        [measure_wave(col) if ok else (np.nan,) * 5 for col, ok in zip(table.T, finite & ~line, strict=True)]
    )
    speed, amplitude, phase, offset, error = fits.reshape(-1, 5).T  # (width,) each
    wave = finite & ~line & (amplitude > atol) & (error < 1e-3 * amplitude)
    return Columns(speed, amplitude, phase, offset, wave, line)


def wave_kinds(phase: np.ndarray, atol: float = 1e-5) -> tuple[np.ndarray, np.ndarray]:
    """Which of sin, cos, -sin, -cos (0 to 3) each phase is nearest, and whether it is that one to within `atol`.

    Examples
    --------
    >>> wave_kinds(np.array([0.0, np.pi / 2, -np.pi, -np.pi / 2, 0.3]))
    (array([0, 1, 2, 3, 0]), array([ True,  True,  True,  True, False]))
    """
    kind = np.rint(phase / (np.pi / 2)).astype(int) % 4
    return kind, np.abs(wrap(phase - kind * np.pi / 2)) < atol


def signed(x: float) -> str:
    """A number to add, with its sign apart: "+ 0.3", "− 1".

    Examples
    --------
    >>> signed(0.3), signed(-1.0)
    ('+ 0.3', '− 1')
    """
    return f"{'+' if x >= 0 else '−'} {sig(abs(x))}"


def sig(x: float, digits: int = 3) -> str:
    """A number with `digits` significant digits, without an exponent for ordinary sizes.

    Examples
    --------
    >>> sig(1000.0), sig(31622.8), sig(0.50004), sig(-1.0), sig(2.0e-7), sig(1e300)
    ('1000', '31600', '0.5', '-1', '2e-07', '1e+300')
    """
    if x == 0 or not math.isfinite(x) or not 1e-4 <= abs(x) < 1e9:
        return f"{x:.{digits}g}"
    return f"{round(x, digits - 1 - math.floor(math.log10(abs(x)))):.10f}".rstrip("0").rstrip(".")


def amount(x: float) -> str:
    """A factor or offset for a message: 3 significant digits, more when it is within 1% of a whole number.

    Examples
    --------
    >>> amount(0.14218), amount(1.0001), amount(0.499998), amount(2.0), amount(-3e-5)
    ('0.142', '1.0001', '0.5', '2', '-3e-05')
    """
    return sig(x, 3 if abs(x - round(x)) >= 0.01 else 6)


def runs(indices: list[int], most: int = 3) -> str:
    """Indices as runs, "0, 4 and 7–9"; after `most` runs, an ellipsis.

    Examples
    --------
    >>> runs([2, 3, 4, 5]), runs([0, 4, 7, 8, 9]), runs([1, 3, 5, 7, 9])
    ('2–5', '0, 4 and 7–9', '1, 3, 5, …')
    """
    pieces, start = [], 0
    for j in range(1, len(indices) + 1):
        if j == len(indices) or indices[j] != indices[j - 1] + 1:
            first, last = indices[start], indices[j - 1]
            pieces.append(str(first) if first == last else f"{first}–{last}")
            start = j
    if len(pieces) > most:
        return ", ".join(pieces[:most]) + ", …"
    return pieces[0] if len(pieces) == 1 else ", ".join(pieces[:-1]) + " and " + pieces[-1]


def columns(cols: list[int], width: int, noun: str = "column") -> str:
    """The columns (or blocks, ...) `cols` of `width` in all, in words.

    Examples
    --------
    >>> columns([0, 1, 2, 3], 4), columns([3], 6), columns([2, 3, 4, 5], 6)
    ('every column', 'column 3', 'columns 2–5')
    >>> columns([1, 3, 5, 7, 9, 11, 13, 15], 16), columns([0, 2], 6), columns([1, 3], 4, "block")
    ('the cosine columns (1, 3, …, 15)', 'columns 0 and 2', 'blocks 1 and 3')
    """
    cols = sorted(cols)
    if len(cols) == width > 1:
        return f"every {noun}"
    if len(cols) == 1:
        return f"{noun} {cols[0]}"
    for parity, kind in ((0, "sine"), (1, "cosine")):
        if noun == "column" and width > 4 and cols == list(range(parity, width, 2)):
            shown = ", ".join(map(str, cols)) if len(cols) <= 3 else f"{cols[0]}, {cols[1]}, …, {cols[-1]}"
            return f"the {kind} columns ({shown})"
    return f"{noun}s {runs(cols)}"


#: What was found about some columns: (their indices, verb for one, verb for several, the rest).
#: With no indices, the rest is a clause of its own.
Finding = tuple[tuple[int, ...], str, str, str]


def sentences(findings: list[Finding], width: int, room: int, noun: str = "column") -> str:
    """Findings as clauses, those about the same columns merged, as many as fit in `room` characters.

    Examples
    --------
    >>> found = [((0, 1), "is", "are", "scaled by 0.5"), ((0, 1), "is", "are", "offset by 1")]
    >>> sentences(found + [((1,), "turns", "turn", "2× too fast"), ((), "", "", "all is well")], 2, 200)
    'every column is scaled by 0.5 and offset by 1; column 1 turns 2× too fast; all is well'
    >>> sentences([((), "", "", "one"), ((), "", "", "two")], 2, 200)
    'one; two'
    >>> sentences(found, 2, 20)
    ''
    """
    merged: dict[object, list[tuple[str, str, str]]] = {}
    for n, (cols, one, several, rest) in enumerate(findings):
        merged.setdefault(cols or n, []).append((one, several, rest))  # a clause of its own is merged with none
    said = ""
    for key, phrases in merged.items():
        cols = key if isinstance(key, tuple) else ()
        single = len(cols) == 1 or len(cols) == width
        parts, last = [], None
        for one, several, rest in phrases:
            verb = one if single else several
            parts.append(rest if verb in (last, "") else f"{verb} {rest}")
            last = verb
        clause = f"{columns(list(cols), width, noun)} {' and '.join(parts)}" if cols else " and ".join(parts)
        if len(said) + len(clause) + 2 > room:
            break
        said = f"{said}; {clause}" if said else clause
    return said


def factor(ratio: float) -> str:
    """How many times larger (or smaller) a positive ratio is: "3.2×", or "0.3%" when it is within 1% of 1.

    Examples
    --------
    >>> factor(1 / 3.2), factor(7.4989), factor(56.23), factor(1.0365), factor(0.99997)
    ('3.2×', '7.5×', '56.2×', '1.04×', '0.003%')
    """
    times_larger = max(ratio, 1 / ratio)
    if times_larger < 1.01:
        return f"{sig(100 * (times_larger - 1), 2)}%"
    return f"{sig(times_larger, 2 if 2 <= times_larger < 10 else 3)}×"


def times(ratio: float, more: str = "too fast", less: str = "too slow") -> str:
    """A ratio of speeds in words: "3.2× too slow", "0.2% too fast".

    Examples
    --------
    >>> times(1 / 3.2), times(1.002)
    ('3.2× too slow', '0.2% too fast')
    """
    return f"{factor(ratio)} {more if ratio >= 1 else less}"
