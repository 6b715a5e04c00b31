"""Small builders the checker tests share: a learner's table written by hand needs them."""

import numpy as np


def positions(n):
    """Positions 0 to n - 1 as a column, (n, 1), so that ``positions(n) * frequencies(d)`` is a table of angles."""
    return np.arange(n)[:, None]


def interleave(angles):
    """A table with sin of each angle in column 2i and its cos in 2i + 1, the layout of the sinusoidal table."""
    table = np.empty((angles.shape[0], 2 * angles.shape[1]))
    table[:, 0::2], table[:, 1::2] = np.sin(angles), np.cos(angles)
    return table
