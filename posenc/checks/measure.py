"""Measure what a learner's output does, so that a checker can say what differs in the learner's terms.

Comparing a learner's output with a few prepared wrong versions names those mistakes
and no others. A checker measures instead: :func:`measure_wave` reads one column of a
table as a wave (its speed in radians per position, amplitude, phase and offset),
:func:`common_shift` finds a shift by the same number of positions in every column,
:func:`effective_base` the base a row of speeds follows. For attention weights,
:func:`shift_mismatch` tells scores that depend on i − j alone, :func:`distance_bias`
reads a bias on distance (its form and slope) from the log weights, and
:func:`inputs_read_back` the inputs that reached v from the outputs. Saying what was found
("columns 2–15", "3.2× too slow") is :mod:`posenc.checks.phrasing`'s part. numpy only.
"""

from __future__ import annotations

from typing import NamedTuple, overload

import numpy as np

from posenc.attention import offsets

__all__ = [
    "partners",
    "Wave",
    "fit_wave",
    "measure_wave",
    "wrap",
    "common_shift",
    "effective_base",
    "Columns",
    "read_columns",
    "wave_kinds",
    "centred_logs",
    "shift_mismatch",
    "distance_bias",
    "inputs_read_back",
]


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
    tried: list[Wave] = []
    stride = 1
    while len(tried) < 3:
        speed = np.arccos(_cos_of_stride(unit, stride)) / stride
        tried.append(fit_wave(unit, speed))
        best = int(np.clip(np.pi / 2 / max(speed, 1e-300), 1, longest))
        if best == stride:
            break
        stride = best
    wave = min(tried, key=lambda w: w.error)
    return Wave(wave.speed, wave.amplitude * scale, wave.phase, wave.offset * scale, wave.error * scale)


@overload
def wrap(angle: float) -> float: ...
@overload
def wrap(angle: np.ndarray) -> np.ndarray: ...
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


def centred_logs(weights: np.ndarray) -> np.ndarray:
    """The log of each row of attention weights less its mean: the scores, up to what softmax cannot see.

    Softmax forgets a constant added to a row, so this is all of the scores that weights show.

    Examples
    --------
    >>> scores = np.array([[0.0, 1.0], [2.0, 2.0]])
    >>> weights = np.exp(scores) / np.exp(scores).sum(axis=1, keepdims=True)
    >>> centred_logs(weights).round(6).tolist()
    [[-0.5, 0.5], [0.0, 0.0]]
    """
    logs = np.log(np.maximum(weights, 1e-300))  # (n, n); a masked 0 stays finite
    return logs - logs.mean(axis=1, keepdims=True)


def shift_mismatch(weights: np.ndarray) -> float:
    """How far row i + 1 of the log weights is from row i moved on by one: 0 when the scores depend on i − j alone.

    Read from ``log w[i, j] - log w[i, i]``, which the softmax's constant per row leaves out.

    Examples
    --------
    >>> offset = np.subtract.outer(np.arange(4), np.arange(4))  # i - j
    >>> relative = np.exp(-0.5 * np.abs(offset))  # scores that depend on i - j alone, as weights
    >>> shift_mismatch(relative / relative.sum(axis=1, keepdims=True)) < 1e-12
    True
    >>> absolute = np.exp(np.outer(np.arange(4), np.arange(4)) / 4)  # scores i * j / 4
    >>> round(shift_mismatch(absolute / absolute.sum(axis=1, keepdims=True)), 4)
    0.5
    """
    logs = np.log(np.maximum(weights, 1e-300))
    steps = logs - np.diagonal(logs)[:, None]  # (n, n): log w[i, j] - log w[i, i]
    return float(np.max(np.abs(steps[1:, 1:] - steps[:-1, :-1])))


def distance_bias(bias: np.ndarray) -> tuple[str, float, float]:
    """Read a bias of the scores, each row less its mean, as ``-slope * distance``: (form, slope, misfit).

    The distance is ``|i - j|`` (bidirectional) or ``max(i - j, 0)`` (the causal form),
    whichever fits better; the misfit is the largest entry left over.

    Examples
    --------
    >>> i = np.arange(5)
    >>> bias = -0.25 * np.maximum(i[:, None] - i, 0)
    >>> form, slope, misfit = distance_bias(bias - bias.mean(axis=1, keepdims=True))
    >>> form, round(slope, 6), misfit < 1e-12
    ('max(i − j, 0)', 0.25, True)
    """
    back = offsets(len(bias))  # (n, n): i - j
    best = ("", 0.0, np.inf)
    for form, distance in (("|i − j|", np.abs(back)), ("max(i − j, 0)", np.maximum(back, 0.0))):
        centred = distance - distance.mean(axis=1, keepdims=True)  # (n, n)
        slope = -float(np.sum(bias * centred) / max(float(np.sum(centred**2)), 1e-300))
        misfit = float(np.max(np.abs(bias + slope * centred)))
        if misfit < best[2]:
            best = (form, slope, misfit)
    return best


def inputs_read_back(outputs: np.ndarray, weights: np.ndarray, w_v: np.ndarray) -> np.ndarray | None:
    """The inputs x of an attention layer with ``v = x @ w_v``, read back: ``weights⁻¹ @ outputs @ w_v⁻¹``.

    None where the weights are (nearly) singular and so do not tell v, or nothing finite comes out.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> x, w_v = rng.normal(size=(3, 4)), rng.normal(size=(4, 4))
    >>> weights = np.array([[0.5, 0.3, 0.2], [0.1, 0.8, 0.1], [0.3, 0.3, 0.4]])
    >>> bool(np.allclose(inputs_read_back(weights @ (x @ w_v), weights, w_v), x))
    True
    >>> inputs_read_back(np.ones((2, 4)), np.full((2, 2), 0.5), w_v) is None  # every row alike: v is not told
    True
    """
    try:
        if not np.linalg.cond(weights) < 1e8:
            return None
        x = np.linalg.solve(weights, outputs) @ np.linalg.inv(w_v)  # (n, d_model)
    except np.linalg.LinAlgError:
        return None
    return x if np.isfinite(x).all() else None


def partners(J: np.ndarray, atol: float = 1e-6, both_ways: bool = False) -> np.ndarray | None:
    """For each dimension of a square map `J`, the one other dimension it is mixed with, when every dimension has
    exactly one (and, with `both_ways`, when the mixing goes both ways); else None.

    >>> partners(np.array([[1.0, 2.0], [3.0, 1.0]])).tolist()
    [1, 0]
    >>> partners(np.eye(2)) is None
    True
    """
    mixed = np.abs(J) > atol  # (d, d): output i takes input j
    np.fill_diagonal(mixed, False)
    if not (mixed.sum(axis=0) == 1).all() or (both_ways and not (mixed == mixed.T).all()):
        return None
    return mixed.argmax(axis=0)  # (d,)
