"""Learned position tables: one trainable row per position, and a real trained one.

The approach of BERT (Devlin et al., 2019, https://arxiv.org/abs/1810.04805) and
the original GPT: the model simply learns a vector for each position up to a fixed
``max_len``. :func:`minilm_positions` returns such a table from a real trained model.
"""

from __future__ import annotations

import functools

import numpy as np

from posenc._validation import as_float_array, check_positive_int, check_real, check_seed

__all__ = ["LearnedTable", "minilm_positions"]


class LearnedTable:
    """A trainable lookup table with one row of `d_model` numbers per position.

    Parameters
    ----------
    max_len : int
        Number of rows: positions ``0 .. max_len - 1`` have a row, later ones do not.
    d_model : int
        Width of each row.
    seed : int, default 0
        Seed of the random initial values.
    init_std : float, default 0.02
        Standard deviation of the initial values (BERT's choice).

    Attributes
    ----------
    weights : ndarray of shape (max_len, d_model)
        The table itself; training changes it.

    Raises
    ------
    ValueError, TypeError
        If a size is not a positive integer, `seed` is not a non-negative integer or
        `init_std` is not a finite number >= 0.

    Notes
    -----
    Unlike a numpy array, the table refuses negative positions instead of counting
    from the end: a position is a position. Taught in ``notebooks/04_learned_tables.ipynb``.

    Examples
    --------
    >>> table = LearnedTable(max_len=8, d_model=4, seed=0)
    >>> table[[0, 1, 2]].shape
    (3, 4)
    >>> bool(np.array_equal(table.lookup(5), table.weights[5]))
    True
    >>> table[8]
    Traceback (most recent call last):
    ...
    IndexError: position 8 is past the end of this learned table: it has rows for positions 0..7 only (max_len=8). A learned table cannot encode a position it never had a row for.
    """

    def __init__(self, max_len: int, d_model: int, *, seed: int = 0, init_std: float = 0.02) -> None:
        self.max_len = check_positive_int(max_len, "max_len")
        self.d_model = check_positive_int(d_model, "d_model")
        init_std = check_real(init_std, "init_std", low=0.0)
        rng = np.random.default_rng(check_seed(seed))
        self.weights = rng.normal(0.0, init_std, size=(self.max_len, self.d_model))  # (max_len, d_model)

    def __repr__(self) -> str:
        return f"LearnedTable(max_len={self.max_len}, d_model={self.d_model})"

    def _rows(self, positions: object) -> np.ndarray | int:
        if isinstance(positions, slice):
            return np.arange(self.max_len)[positions]
        arr = np.asarray(positions)
        if arr.dtype == bool or not np.issubdtype(arr.dtype, np.integer):
            raise TypeError(
                f"positions must be integers; got {positions!r} (dtype {arr.dtype}). Try np.arange(seq_len)."
            )
        if arr.size:
            low, high = int(arr.min()), int(arr.max())
            if low < 0:
                raise IndexError(f"positions must be >= 0; got position {low}. Positions count from 0.")
            if high >= self.max_len:
                raise past_the_end(high, self.max_len)
        return int(arr) if arr.ndim == 0 else arr

    def lookup(self, positions: object) -> np.ndarray:
        """Rows for `positions` (an int, a sequence or array of ints, or a slice).

        Returns a copy of shape ``(*positions.shape, d_model)``.
        """
        return self.weights[self._rows(positions)].copy()

    __getitem__ = lookup

    def update(self, positions: object, grads: np.ndarray, lr: float) -> None:
        """One gradient-descent step: ``weights[positions] -= lr * grads``.

        A position that occurs several times receives the sum of its gradients
        (plain ``weights[positions] -= ...`` would keep only one of them).

        Parameters
        ----------
        positions : array_like of int, shape (n,)
        grads : array_like, shape (n, d_model)
        lr : float
            Learning rate.
        """
        rows = np.atleast_1d(self._rows(positions)).ravel()  # (n,)
        lr = check_real(lr, "lr", low=0.0, why="(the learning rate)")
        grads = as_float_array(grads, "grads", min_ndim=1)
        if grads.shape != (rows.size, self.d_model):
            raise ValueError(
                f"grads must have shape ({rows.size}, {self.d_model}) (one row per position); "
                f"got grads.shape={grads.shape}."
            )
        np.add.at(self.weights, rows, -lr * grads)


def past_the_end(position: int, max_len: int) -> IndexError:
    """The error for a position a learned table of `max_len` rows has no row for (every learned table says it alike)."""
    return IndexError(
        f"position {position} is past the end of this learned table: it has rows for positions "
        f"0..{max_len - 1} only (max_len={max_len}). "
        "A learned table cannot encode a position it never had a row for."
    )


@functools.lru_cache(maxsize=1)
def _load_minilm() -> np.ndarray:
    from importlib import resources  # here, not at the top: it adds about 12 ms to `import posenc` (measured)

    with resources.files("posenc.data").joinpath("minilm_positions.npy").open("rb") as file:
        table = np.load(file, allow_pickle=False)
    table.setflags(write=False)
    return table


def minilm_positions() -> np.ndarray:
    """The learned position table of the sentence-transformers model all-MiniLM-L6-v2.

    Returns
    -------
    table : ndarray of shape (512, 384), float32
        Row ``p`` is the vector the model adds to the token at position ``p``. A fresh
        copy each call, so changing it changes nothing for the next caller.

    Notes
    -----
    The tensor ``embeddings.position_embeddings.weight`` of
    sentence-transformers/all-MiniLM-L6-v2 (Apache License 2.0), extracted by
    ``scripts/extract_minilm_positions.py``; provenance and licence notice are in
    ``posenc/data/MINILM_NOTICE.md``. Taught in ``notebooks/04_learned_tables.ipynb``.

    Examples
    --------
    >>> table = minilm_positions()
    >>> table.shape, table.dtype
    ((512, 384), dtype('float32'))
    """
    return _load_minilm().copy()
