"""Lesson 01's explorer: reorder a sentence and watch self-attention only relabel."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

import numpy as np
import numpy.typing as npt

from posenc._validation import as_float_array, check_real
from posenc.attention import attention
from posenc.live import Drawing, Explorer, checkbox, selection_slider
from posenc.plotting import DIVERGING, ink, placed_figure, plot_matrix
from posenc.sinusoidal import sinusoidal

__all__ = ["order_explorer"]


def _as_projections(
    projections: Iterable[npt.ArrayLike] | None, d_model: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Three matrices (W_q, W_k, W_v), each (d_model, d), or a clear error."""
    if projections is None:
        eye = np.eye(d_model)
        return eye, eye, eye
    try:
        matrices = [np.asarray(w, dtype=float) for w in projections]
    except (TypeError, ValueError):
        raise TypeError(
            "projections must be three matrices (W_q, W_k, W_v), each (d_model, d), or an array of "
            f"shape (3, d_model, d); got projections={projections!r} of type {type(projections).__name__}"
            + (f" and shape {projections.shape}" if hasattr(projections, "shape") else "")
            + "."
        ) from None
    if len(matrices) != 3:
        raise ValueError(f"projections must be three matrices (W_q, W_k, W_v); got {len(matrices)}.")
    w_q, w_k, w_v = matrices
    for name, w in zip(("W_q", "W_k", "W_v"), (w_q, w_k, w_v), strict=True):
        if w.ndim != 2 or w.shape[0] != d_model:
            raise ValueError(
                f"projections: {name} must be a (d_model, d) matrix with d_model = {d_model}; got shape {w.shape}."
            )
    if w_q.shape != w_k.shape:
        raise ValueError(
            f"projections: W_q and W_k must have the same shape (queries meet keys); got {w_q.shape} and {w_k.shape}."
        )
    return w_q, w_k, w_v


class _OrderExplorer(Explorer):
    def __init__(
        self,
        words: Iterable[str],
        embeddings: npt.ArrayLike,
        projections: Iterable[npt.ArrayLike] | None,
        value_range: float,
    ) -> None:
        self.words = list(words)
        self.embeddings = np.asarray(embeddings, dtype=float)  # (n_words, d_model)
        if self.embeddings.ndim != 2:
            raise ValueError(f"embeddings must be 2-D, one row per word; got shape {self.embeddings.shape}.")
        n, d = self.embeddings.shape
        if n != len(self.words):
            raise ValueError(f"embeddings must have one row per word; got {n} rows for {len(self.words)} words.")
        self.projections = _as_projections(projections, d)
        self.value_range = value_range
        self.orders = list(itertools.permutations(range(n)))
        self._reference: dict[bool, np.ndarray] = {}
        labels = [" ".join(self.words[i] for i in order) for order in self.orders]
        self.order = selection_slider("order", labels)
        self.positions = checkbox("add sinusoidal positions")
        super().__init__([self.order, self.positions], self.order, also=self.positions)

    def _forward(self, order: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
        x = self.embeddings[list(order)]  # (seq_len, d_model)
        if self.positions.value:
            x = x + sinusoidal(*x.shape)
        w_q, w_k, w_v = self.projections
        return attention(x @ w_q, x @ w_k, x @ w_v)  # (seq_len, d_v), (seq_len, seq_len)

    def _build_figure(self) -> Drawing:
        n, d = len(self.words), self.projections[2].shape[1]
        ref = " ".join(self.words)
        longest = max(self.words, key=len)
        rects = [(0.09, 0.15, 0.25, 0.66), (0.54, 0.15, 0.34, 0.72), (0.895, 0.15, 0.012, 0.72)]
        fig, (ax_w, ax_o, cax) = placed_figure(8.6, 3.3, rects)
        self.weights_im, self.weight_texts = plot_matrix(ax_w, np.zeros((n, n)), [longest] * n, [longest] * n)
        ax_w.xaxis.tick_top()
        # The word labels change with the order, so they are drawn as moving texts; the
        # invisible tick labels only reserve their room in the layout.
        ax_w.tick_params(labelcolor="none", length=0)
        ax_w.set_aspect("auto")
        ax_w.set_title("attention weights", fontsize=10)
        ax_w.set_xlabel("key: the word attended to")
        ax_w.set_ylabel("query: the word attending")
        self.row_labels = [ax_w.text(-0.65, i, "", ha="right", va="center") for i in range(n)]
        self.col_labels = [ax_w.text(j, -0.6, "", ha="center", va="bottom") for j in range(n)]
        vr = self.value_range
        self.out_im = ax_o.imshow(
            np.zeros((n + 2, d)), cmap=DIVERGING, vmin=-vr, vmax=vr, aspect="auto", interpolation="nearest"
        )
        separator = ax_o.axhline(n - 0.5, color="white", lw=5)
        ax_o.set_yticks(range(n + 2), labels=[f"pooled: {ref}"] * (n + 2))
        ax_o.tick_params(axis="y", labelcolor="none", length=0)
        ax_o.set_xlabel("output dimension")
        ax_o.set_title("output per word; below the line, the pooled sentence vectors", fontsize=10)
        fig.colorbar(self.out_im, cax=cax, label="value", ticks=np.linspace(-vr, vr, 5))
        self.out_labels = [ax_o.text(-0.65, i, "", ha="right", va="center", fontsize=9) for i in range(n + 2)]
        dynamic = [
            self.weights_im,
            *self.weight_texts,
            *self.row_labels,
            *self.col_labels,
            self.out_im,
            *self.out_labels,
            separator,  # these lie on top of the moving images, so they are redrawn after them
            *ax_w.spines.values(),
            *ax_o.spines.values(),
        ]
        return fig, dynamic, [], []

    def _redraw(self) -> str:
        order = self.orders[self.order.index]
        output, weights = self._forward(order)
        with_positions = self.positions.value
        if with_positions not in self._reference:  # the reference order's pooled vector, once per setting
            self._reference[with_positions] = self._forward(self.orders[0])[0].mean(axis=0)
        pooled, ref_pooled = output.mean(axis=0), self._reference[with_positions]  # (d_v,) each
        words = [self.words[i] for i in order]
        self.weights_im.set_data(weights)
        for text, value in zip(self.weight_texts, weights.ravel(), strict=True):
            text.set_text(f"{value:.2f}")
            text.set_color(ink(value, 0.0, 1.0))
        for label, word in zip(self.row_labels, words, strict=True):
            label.set_text(word)
        for label, word in zip(self.col_labels, words, strict=True):
            label.set_text(word)
        self.out_im.set_data(np.vstack([output, pooled, ref_pooled]))
        ref = self.order.options[0]
        for label, text in zip(self.out_labels, [*words, "pooled: this order", f"pooled: {ref}"], strict=True):
            label.set_text(text)
        diff = float(np.max(np.abs(pooled - ref_pooled)))
        if order == self.orders[0]:
            verdict = "this is the reference order; pick another to compare"
        elif diff < 1e-9:
            verdict = "identical: attention cannot tell these orders apart"
        else:
            verdict = "different: now the order matters"
        where = "with" if self.positions.value else "without"
        return (
            f"order: <b>{self.order.value}</b> ({where} positions) · pooled vector vs "
            f"'{ref}': largest difference {diff:.3f}, {verdict}."
        )


def order_explorer(
    words: Iterable[str],
    embeddings: npt.ArrayLike,
    *,
    projections: Iterable[npt.ArrayLike] | None = None,
    value_range: float = 2.0,
) -> Explorer:
    """Reorder a sentence and watch self-attention's weights and outputs.

    Parameters
    ----------
    words : sequence of str
        The sentence in its reference order, e.g. ``("dog", "bites", "man")``.
    embeddings : array_like, shape (len(words), d_model)
        One embedding per word, in the order of `words`.
    projections : three arrays (W_q, W_k, W_v), or an array of shape (3, d_model, d), optional
        Query, key and value matrices, each (d_model, d); identity if omitted.
    value_range : float, default 2.0
        The colour scale of the outputs runs from -value_range to +value_range.

    Notes
    -----
    Used in ``notebooks/01_order_blind_attention.ipynb``. The ``order`` slider goes
    through every permutation; the checkbox adds ``posenc.sinusoidal`` positions.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> explorer = order_explorer(["dog", "bites", "man"], rng.normal(size=(3, 4)))
    >>> explorer.order.value = "man bites dog"
    >>> "largest difference 0.000, identical" in explorer.state
    True
    >>> explorer.positions.value = True
    >>> "different" in explorer.state
    True
    """
    if isinstance(words, str) or not isinstance(words, Iterable):
        raise TypeError(f"words must be a list of words (str); got words={words!r}.")
    words = list(words)
    if len(words) < 2 or not all(isinstance(w, str) for w in words):
        raise ValueError(f"words must be at least two words (str), to reorder; got words={words!r}.")
    embeddings = as_float_array(embeddings, "embeddings", min_ndim=1)
    value_range = check_real(value_range, "value_range", low=0.0, low_open=True)
    return _OrderExplorer(words, embeddings, projections, value_range)
