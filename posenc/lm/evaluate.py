"""Evaluating a model trained at length L on windows of W tokens, beside the exact floor on the same tokens.

A stream of held-out tokens is cut into windows of ``W + 1`` tokens whose starts are `stride` apart;
in each window the model reads tokens ``0 .. p`` to predict token ``p + 1``, for ``p = 0 .. W - 1``.

- *Non-overlapping* (``stride == W``, the default): every prediction of every window counts, so each
  token of the stream after the first is predicted once, with 1 to W tokens of context (when W divides
  the stream's length minus one; a shorter tail is left out).
- *Sliding* (``stride < W``): only each window's last `stride` predictions count (``p >= W - stride``),
  each with at least ``W - stride + 1`` tokens of context; the stream's tokens ``1 .. W - stride`` are
  not predicted. The ALiBi paper's sliding evaluation (Press et al. 2022, appendix B) is this with stride 1.

The floor is :meth:`~posenc.lm.language.Language.floor` on the same windows: what the best possible
predictor that sees only the window would lose.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from posenc._validation import as_tokens, check_positive_int
from posenc.lm.language import Language
from posenc.lm.model import TinyLM
from posenc.lm.train import _check_language

__all__ = ["Evaluation", "cut_windows", "evaluate"]


def cut_windows(streams: object, window: int, stride: int | None = None) -> np.ndarray:
    """The windows of ``window + 1`` tokens whose starts are `stride` apart (`window` by default), stream by stream.

    Parameters
    ----------
    streams : array of int, shape (num_streams, stream_len)
    window : int
        W, the predictions per window.
    stride : int, optional
        From 1 to `window`; `window` (non-overlapping) by default.

    Returns
    -------
    windows : ndarray of shape (num_streams * per_stream, window + 1)
        Stream 0's windows first; ``per_stream = (stream_len - 1 - window) // stride + 1``.

    Raises
    ------
    ValueError, TypeError
        If `streams` is not a 2-D integer array with more than `window` tokens per stream, or `window`
        or `stride` is not a positive integer, or `stride` exceeds `window`.

    Examples
    --------
    >>> cut_windows(np.arange(7)[None, :], window=2)
    array([[0, 1, 2],
           [2, 3, 4],
           [4, 5, 6]])
    >>> cut_windows(np.arange(7)[None, :], window=4, stride=1)  # sliding: count each window's last prediction
    array([[0, 1, 2, 3, 4],
           [1, 2, 3, 4, 5],
           [2, 3, 4, 5, 6]])
    """
    window = check_positive_int(window, "window")
    stride = window if stride is None else check_positive_int(stride, "stride")
    if stride > window:
        raise ValueError(
            f"stride must be at most window (W={window}), so that every token is predicted; got stride={stride}."
        )
    arr = as_tokens(streams, "streams", None, min_len=2)  # (num_streams, stream_len)
    if arr.shape[1] <= window:
        raise ValueError(
            f"streams must be longer than window={window} tokens (a window reads W + 1 tokens); "
            f"got streams.shape={arr.shape}."
        )
    starts = np.arange(0, arr.shape[1] - window, stride)  # (per_stream,)
    return arr[:, starts[:, None] + np.arange(window + 1)].reshape(-1, window + 1)


@dataclass(frozen=True)
class Evaluation:
    """A model's losses and the floor at every counted prediction of one evaluation.

    Attributes
    ----------
    window, stride : int
        W, and the starts' spacing (W for non-overlapping).
    model, floor : ndarray of shape (num_windows, stride)
        Losses (nats) of the model and of the Bayes-optimal predictor at the counted predictions,
        positions ``W - stride .. W - 1`` of each window.
    retrieval, key_distance : ndarray of shape (num_windows, stride)
        The retrieval positions among them, and how far back their key is (-1: not in the window;
        ``Language.retrieval``).

    Examples
    --------
    >>> from posenc.lm.language import make_language
    >>> language = make_language()
    >>> model = TinyLM(language.vocab_size, max_len=8, d_model=16, num_heads=2)
    >>> result = evaluate(model, language, language.sample(4, 17), window=8)
    >>> result.model.shape, bool(result.excess > 0)
    ((8, 8), True)
    """

    window: int
    stride: int
    model: np.ndarray
    floor: np.ndarray
    retrieval: np.ndarray
    key_distance: np.ndarray

    @property
    def model_loss(self) -> float:
        """The model's mean loss over the counted predictions."""
        return float(self.model.mean())

    @property
    def floor_loss(self) -> float:
        """The floor's mean over the same predictions."""
        return float(self.floor.mean())

    @property
    def excess(self) -> float:
        """How far the model is above the floor: the mean of (model - floor), prediction by prediction."""
        return float((self.model - self.floor).mean())

    @property
    def excess_error(self) -> float:
        """The standard error of :attr:`excess`, windows taken as independent (they are not quite).

        It measures the sampling of held-out windows for this one trained model, not how much another training
        run (another seed) would move the excess: that spread is measured by training again.
        """
        per_window = (self.model - self.floor).mean(axis=1)
        return float(per_window.std(ddof=1) / np.sqrt(len(per_window))) if len(per_window) > 1 else float("nan")

    def retrieval_by_distance(self, edges: tuple[int, ...], positions: tuple[int, int] | None = None) -> dict:
        """The model's mean loss at the retrieval predictions, binned by how far back their key is.

        Bin ``k`` holds the keys ``edges[k - 1] < distance <= edges[k]`` back (``1 <= distance <= edges[0]``
        for the first); ``unseen`` counts the retrieval predictions whose key is not in the window. The floor
        is 0 where the key is in view and ``log(num_values)`` where it is not (``Language.retrieval``), so
        these losses are also the model's excess over the floor there. A bin with no prediction has loss None;
        ``error`` is a bin's standard error (None below two predictions), predictions taken as independent.
        With `positions` ``(low, high)``, only the predictions at window positions ``low <= p < high`` count.

        Examples
        --------
        >>> found = Evaluation(
        ...     4, 4, np.array([[0.5, 1.0, 2.0, 3.0]]), np.zeros((1, 4)),
        ...     np.array([[True, True, False, True]]), np.array([[1, 3, -1, -1]]),
        ... )
        >>> found.retrieval_by_distance((2, 4))
        {'edges': [2, 4], 'count': [1, 1], 'loss': [0.5, 1.0], 'error': [None, None], 'unseen_count': 1, 'unseen_loss': 3.0}
        >>> found.retrieval_by_distance((2, 4), positions=(1, 4))["count"]  # the prediction at p = 0 left out
        [0, 1]
        """
        low, high = (0, self.window) if positions is None else positions
        column = np.arange(self.window - self.stride, self.window)  # the window position of each column
        counted = self.retrieval & (column >= low) & (column < high)
        seen = counted & (self.key_distance > 0)
        unseen = counted & (self.key_distance < 0)
        counts, losses, errors, low = [], [], [], 0
        for high in edges:
            here = self.model[seen & (self.key_distance > low) & (self.key_distance <= high)]
            counts.append(int(here.size))
            losses.append(float(here.mean()) if here.size else None)
            errors.append(float(here.std(ddof=1) / np.sqrt(here.size)) if here.size > 1 else None)
            low = high
        return {
            "edges": [int(e) for e in edges],
            "count": counts,
            "loss": losses,
            "error": errors,
            "unseen_count": int(unseen.sum()),
            "unseen_loss": float(self.model[unseen].mean()) if unseen.any() else None,
        }

    def per_position(self) -> tuple[np.ndarray, np.ndarray]:
        """The model's and the floor's mean loss at each counted position of a window: two arrays of shape (stride,)."""
        return self.model.mean(axis=0), self.floor.mean(axis=0)

    def binned_excess(self, num_bins: int) -> dict:
        """The model's excess over the floor along the window, in `num_bins` equal runs of counted positions.

        One position's mean over a few dozen windows is mostly noise at long W; a run of positions averages
        more. ``error`` is each run's standard error across windows (windows taken as independent).

        Examples
        --------
        >>> found = Evaluation(4, 4, np.array([[1.0, 2, 3, 4], [3, 4, 5, 6]]), np.ones((2, 4)),
        ...                    np.zeros((2, 4), bool), np.full((2, 4), -1))
        >>> found.binned_excess(2)
        {'start': [0, 2], 'excess': [1.5, 3.5], 'error': [1.0, 1.0]}
        """
        num_bins = check_positive_int(num_bins, "num_bins")
        if self.stride % num_bins:
            raise ValueError(f"num_bins must divide the {self.stride} counted positions; got num_bins={num_bins}.")
        per_window = (self.model - self.floor).reshape(len(self.model), num_bins, -1).mean(axis=2)  # (windows, bins)
        error = per_window.std(axis=0, ddof=1) / np.sqrt(len(per_window)) if len(per_window) > 1 else np.nan
        return {
            "start": [int(self.window - self.stride + k * (self.stride // num_bins)) for k in range(num_bins)],
            "excess": np.round(per_window.mean(axis=0), 4).tolist(),
            "error": np.round(np.broadcast_to(error, num_bins), 4).tolist(),
        }


def evaluate(
    model: TinyLM, language: Language, streams: object, window: int, stride: int | None = None, batch_size: int = 16
) -> Evaluation:
    """Evaluate `model` on `streams` cut into windows of W = `window` predictions, beside the floor.

    Parameters
    ----------
    model : TinyLM
    language : Language
        The language the streams come from (its vocabulary the model's).
    streams : array of int, shape (num_streams, stream_len)
        Held-out tokens (``language.sample``), longer than `window`.
    window : int
        W. A learned table with fewer rows than W raises the ``IndexError`` of ``posenc.LearnedTable``.
    stride : int, optional
        1 to W; W (non-overlapping) by default: see the module's docstring.
    batch_size : int, default 16
        Windows per forward pass (memory grows with ``batch_size * W**2``).

    Returns
    -------
    Evaluation

    Raises
    ------
    ValueError, TypeError, IndexError
        As :func:`cut_windows`; for a language whose vocabulary is not the model's; IndexError for a
        learned table shorter than W.
    """
    _check_language(language, model)
    batch_size = check_positive_int(batch_size, "batch_size")
    windows = cut_windows(streams, window, stride)  # (num_windows, W + 1)
    stride = window if stride is None else stride
    losses = np.concatenate(
        [model.token_losses(windows[start : start + batch_size]) for start in range(0, len(windows), batch_size)]
    )  # (num_windows, W)
    counted = slice(window - stride, window)
    is_retrieval, distance = language.retrieval(windows)
    return Evaluation(
        window,
        stride,
        losses[:, counted].astype(np.float64),
        language.floor(windows)[:, counted],
        is_retrieval[:, counted],
        distance[:, counted],
    )
