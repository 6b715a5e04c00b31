"""The fixed sinusoidal position table and the facts that make it work.

Follows section 3.5 of Vaswani et al., "Attention Is All You Need" (2017),
https://arxiv.org/abs/1706.03762: column ``2i`` is ``sin(pos * omega_i)`` and
column ``2i + 1`` is ``cos(pos * omega_i)``, with ``omega_i = base**(-2i/d_model)``.

Precision: angles are computed in float64. Computed in float32, the angle
``pos * omega_i`` carries a rounding error that grows with ``pos``. For d_model=128
the table's values are then off by up to 2.9e-05 at position 10**3, 0.0052 at 10**5
and 0.052 at 10**6 (0.016 at 10**6 for d_model=64), against exact values (measured
in ``tests/test_sinusoidal.py::TestPrecision``).
Build the table in float64 and cast afterwards if you need float32.
"""

from __future__ import annotations

import numpy as np

from posenc._validation import as_positions, check_base, check_even, check_int, check_positive_int

__all__ = ["frequencies", "wavelengths", "sinusoidal", "sinusoidal_at", "offset_rotation"]

_PAIRS = "so that sines and cosines pair up"


def frequencies(d_model: int, *, base: float = 10_000.0) -> np.ndarray:
    """Angular frequencies ``omega_i = base**(-2i/d_model)`` of the (sin, cos) pairs.

    Parameters
    ----------
    d_model : int
        Width of the table; must be even.
    base : float, default 10000.0
        Sets how fast the frequencies fall: the slowest is ``base**(-(d_model - 2)/d_model)``, above
        ``1/base`` and close to it only for a wide table.

    Returns
    -------
    freqs : ndarray of shape (d_model // 2,)
        From 1 (pair 0, one radian per position) down to ``base**(-(d_model - 2)/d_model)``.

    Raises
    ------
    ValueError, TypeError
        If `d_model` is not a positive even integer, or `base` is not a finite number above 1.

    Notes
    -----
    Taught in ``notebooks/02_sinusoidal_formula.ipynb``.

    Examples
    --------
    >>> frequencies(4)
    array([1.  , 0.01])
    >>> float(frequencies(8)[-1]), float(frequencies(512)[-1].round(7))  # the slowest: 1e-3, then near 1/base
    (0.001, 0.0001037)
    """
    d_model = check_positive_int(d_model, "d_model")
    check_even(d_model, "d_model", _PAIRS)
    base = check_base(base)
    return base ** (-np.arange(0, d_model, 2, dtype=np.float64) / d_model)  # (d_model // 2,)


def wavelengths(d_model: int, *, base: float = 10_000.0) -> np.ndarray:
    """Wavelengths ``2*pi / omega_i`` of the pairs, in positions.

    Parameters
    ----------
    d_model : int
        Width of the table; must be even.
    base : float, default 10000.0
        Sets the longest wavelength, ``2*pi * base**((d_model - 2)/d_model)``: below ``2*pi*base``, and
        close to it only for a wide table.

    Returns
    -------
    ndarray of shape (d_model // 2,)
        A geometric progression from ``2*pi`` upwards.

    Raises
    ------
    ValueError, TypeError
        As for :func:`frequencies`.

    Notes
    -----
    Taught in ``notebooks/02_sinusoidal_formula.ipynb``.

    Examples
    --------
    >>> wavelengths(4).round(2)
    array([  6.28, 628.32])
    >>> round(float(wavelengths(48)[-1]))  # the longest at d_model = 48, where 2*pi*base is 62832
    42807
    """
    return 2 * np.pi / frequencies(d_model, base=base)


def sinusoidal(seq_len: int, d_model: int, *, base: float = 10_000.0) -> np.ndarray:
    """Build the sinusoidal position table of "Attention Is All You Need".

    Parameters
    ----------
    seq_len : int
        Number of positions (rows), for positions ``0 .. seq_len - 1``.
    d_model : int
        Width of each encoding (columns). Must be even: columns come in sine/cosine pairs.
    base : float, default 10000.0
        Sets the longest wavelength, ``2*pi * base**((d_model - 2)/d_model)`` (:func:`wavelengths`).

    Returns
    -------
    table : ndarray of shape (seq_len, d_model), float64
        Column ``2*i`` holds ``sin(pos * omega_i)``; column ``2*i + 1`` the cosine,
        with ``omega_i = base**(-2*i/d_model)``.

    Raises
    ------
    ValueError
        If `seq_len` or `d_model` is not positive, `d_model` is odd, or `base` is not above 1.
    TypeError
        If a size is not an integer, or `base` is not a number.

    Notes
    -----
    Taught in ``notebooks/02_sinusoidal_formula.ipynb``. See the module docstring
    for what float32 does at large positions.

    Examples
    --------
    >>> table = sinusoidal(seq_len=4, d_model=6)
    >>> table.shape
    (4, 6)
    >>> table[0]  # position 0: every sine is 0, every cosine is 1
    array([0., 1., 0., 1., 0., 1.])
    """
    seq_len = check_positive_int(seq_len, "seq_len")
    return sinusoidal_at(np.arange(seq_len, dtype=np.float64), d_model, base=base)


def sinusoidal_at(positions: np.ndarray, d_model: int, *, base: float = 10_000.0) -> np.ndarray:
    """The sinusoidal table's rows at any positions, fractions included.

    The formula of :func:`sinusoidal` takes any real position: lesson 06 reads it at
    ``p * train_len / seq_len`` (position interpolation). ``sinusoidal(n, d)`` is
    ``sinusoidal_at(np.arange(n), d)``.

    Parameters
    ----------
    positions : array_like of shape (n,)
        Positions, integers or real numbers (finite).
    d_model : int
        Width of each row; must be even.
    base : float, default 10000.0
        As in :func:`sinusoidal`.

    Returns
    -------
    rows : ndarray of shape (n, d_model), float64
        Row ``r`` is the table's formula at ``positions[r]``.

    Raises
    ------
    ValueError, TypeError
        If `positions` is not a one-dimensional array of finite numbers, `d_model` is
        not a positive even integer, or `base` is not a finite number above 1.

    Examples
    --------
    >>> sinusoidal_at([0.5], d_model=2).round(4)  # halfway between positions 0 and 1
    array([[0.4794, 0.8776]])
    """
    positions = as_positions(positions, integer=False).astype(np.float64)  # (n,)
    freqs = frequencies(d_model, base=base)  # (d_model // 2,)
    angles = positions[:, None] * freqs  # (n, d_model // 2)
    table = np.empty((positions.size, freqs.size * 2))  # (n, d_model)
    np.sin(angles, out=table[:, 0::2])
    np.cos(angles, out=table[:, 1::2])
    return table


def offset_rotation(delta: int, d_model: int, *, base: float = 10_000.0) -> np.ndarray:
    """The linear map that moves every row of the table ``delta`` positions on.

    For every position ``p``, ``offset_rotation(delta, d_model) @ table[p] == table[p + delta]``:
    each (sin, cos) pair is rotated by the angle ``delta * omega_i``, whatever ``p`` is.

    Parameters
    ----------
    delta : int
        The shift, in positions (negative moves backwards); lesson 03 writes it δ.
    d_model : int
        Width of the table; must be even.
    base : float, default 10000.0
        As in :func:`sinusoidal`.

    Returns
    -------
    M : ndarray of shape (d_model, d_model)
        Block diagonal; block ``i`` is ``[[cos(delta w_i), sin(delta w_i)], [-sin(delta w_i), cos(delta w_i)]]``.

    Raises
    ------
    ValueError, TypeError
        If `delta` is not an integer, `d_model` is not a positive even integer, or `base` is invalid.

    Notes
    -----
    From the angle-addition formulas: ``sin(a + b) = sin a cos b + cos a sin b`` and
    ``cos(a + b) = cos a cos b - sin a sin b``. Taught in
    ``notebooks/03_odometer_intuition.ipynb``.

    Examples
    --------
    >>> table = sinusoidal(10, 4)
    >>> M = offset_rotation(3, 4)
    >>> bool(np.allclose(M @ table[2], table[5]))
    True
    """
    delta = check_int(delta, "delta")
    freqs = frequencies(d_model, base=base)  # (d_model // 2,)
    cos, sin = np.cos(delta * freqs), np.sin(delta * freqs)  # (d_model // 2,) each
    pairs = np.arange(freqs.size)
    M = np.zeros((2 * freqs.size, 2 * freqs.size))  # (d_model, d_model)
    M[2 * pairs, 2 * pairs] = cos
    M[2 * pairs, 2 * pairs + 1] = sin
    M[2 * pairs + 1, 2 * pairs] = -sin
    M[2 * pairs + 1, 2 * pairs + 1] = cos
    return M
