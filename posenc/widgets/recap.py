"""Lesson 07's capstone: one attention layer, five position schemes, "dog bites man" and "man bites dog"."""

from __future__ import annotations

import numpy as np

from posenc._live import Explorer, checkbox, selection_slider
from posenc.alibi import alibi_bias
from posenc.attention import attention, causal_mask
from posenc.plotting import new_figure, plot_matrix
from posenc.rope import apply_rope
from posenc.sinusoidal import sinusoidal

__all__ = ["CAPSTONE_SCHEMES", "scheme_layer", "scheme_explorer"]

#: The schemes of the capstone switch, and where each one acts.
CAPSTONE_SCHEMES = {
    "none": "no position information at all",
    "sinusoidal": "a fixed table added to the input",
    "learned": "a trained table added to the input",
    "RoPE": "queries and keys turned by their positions",
    "ALiBi": "a penalty on distance added to the scores",
}
WORDS = ("dog", "bites", "man")


def _parts(d_model: int = 8, seed: int = 0) -> dict[str, np.ndarray]:
    """Seeded word embeddings, projections and a learned-table stand-in, shared by every scheme."""
    rng = np.random.default_rng(seed)
    return {
        "embeddings": rng.normal(size=(len(WORDS), d_model)),  # one row per word of WORDS
        "projections": rng.normal(size=(3, d_model, d_model)) / np.sqrt(d_model),  # W_q, W_k, W_v
        "table": rng.normal(scale=0.5, size=(8, d_model)),  # random rows standing in for a trained table
    }


def scheme_layer(sentence: list[str], scheme: str, *, causal: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Run one attention head on a sentence of the words dog, bites, man, with a position scheme.

    Parameters
    ----------
    sentence : list of str
        Words from ``("dog", "bites", "man")``, in order.
    scheme : one of CAPSTONE_SCHEMES
        ``"sinusoidal"`` and ``"learned"`` add a table row to each word's embedding;
        ``"RoPE"`` turns queries and keys; ``"ALiBi"`` adds ``-(1/2) * distance`` to the
        scores (``|i - j|`` unless `causal`). The embeddings and projections are random
        and seeded; the learned table's rows are random too, standing in for trained ones.
    causal : bool, default False
        Add the causal mask: each word sees itself and the words before it.

    Returns
    -------
    outputs : ndarray of shape (len(sentence), d_model)
    weights : ndarray of shape (len(sentence), len(sentence))

    Examples
    --------
    >>> a, _ = scheme_layer(["dog", "bites", "man"], "none")
    >>> b, _ = scheme_layer(["man", "bites", "dog"], "none")
    >>> bool(np.allclose(a[0], b[2]))  # "dog" gets the same output in both sentences
    True
    """
    if scheme not in CAPSTONE_SCHEMES:
        raise ValueError(f"scheme must be one of {list(CAPSTONE_SCHEMES)}; got scheme={scheme!r}.")
    unknown = [w for w in sentence if w not in WORDS]
    if unknown:
        raise ValueError(f"sentence may use the words {WORDS} only; got {unknown}.")
    parts = _parts()
    n = len(sentence)
    x = parts["embeddings"][[WORDS.index(w) for w in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    w_q, w_k, w_v = parts["projections"]
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    if scheme == "RoPE":
        q, k = apply_rope(q), apply_rope(k)
    bias = alibi_bias(n, 1, causal=causal)[0] if scheme == "ALiBi" else None  # one head, slope 1/2 (the first of 8)
    mask = causal_mask(n) if causal else None
    return attention(q, k, v, mask=mask, bias=bias)


class _SchemeExplorer(Explorer):
    def __init__(self, scheme: str, causal: bool) -> None:
        self.scheme = selection_slider("scheme", list(CAPSTONE_SCHEMES))
        self.scheme.value = scheme
        self.causal = checkbox("causal mask (each word sees only itself and earlier words)", causal)
        super().__init__([self.scheme, self.causal], self.scheme)

    def _build_figure(self):
        rects = [[0.07, 0.16, 0.24, 0.62], [0.40, 0.16, 0.24, 0.62], [0.74, 0.16, 0.24, 0.62]]
        fig, axes = new_figure(10.0, 3.6, rects=rects)
        self.texts, self.images = [], []
        for ax, sentence in zip(axes[:2], (WORDS, WORDS[::-1]), strict=True):
            image, texts = plot_matrix(ax, np.zeros((3, 3)), sentence, sentence)
            ax.set_xlabel("key")
            ax.set_ylabel("query")
            ax.set_title(f"“{' '.join(sentence)}”: weights", fontsize=10)
            self.images.append(image)
            self.texts.extend(texts)
        self.bars = axes[2].bar(range(3), np.zeros(3), color="#0072b2")
        axes[2].set_xticks(range(3), labels=list(WORDS))
        axes[2].set_ylim(0, 3.5)
        axes[2].set_xlabel("word")
        axes[2].set_ylabel("|output here − output there|")
        axes[2].set_title("Each word's output, compared", fontsize=10)
        self.zero_notes = [axes[2].text(i, 0.06, " ", ha="center", fontsize=8) for i in range(3)]
        self.caption = fig.text(0.5, 0.93, " ", ha="center", fontsize=10)
        spines = [s for ax in axes[:2] for s in ax.spines.values()]
        dynamic = [*self.images, *spines, *self.texts, *self.bars, *self.zero_notes, self.caption]
        return fig, dynamic, [], []

    def differences(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Weights of both sentences and, per word, how far apart its two outputs are."""
        scheme, causal = self.scheme.value, self.causal.value
        out_a, w_a = scheme_layer(list(WORDS), scheme, causal=causal)
        out_b, w_b = scheme_layer(list(WORDS[::-1]), scheme, causal=causal)
        out_b_by_word = out_b[::-1]  # row r: the word WORDS[r], wherever it stood
        return w_a, w_b, np.linalg.norm(out_a - out_b_by_word, axis=1)

    def _redraw(self) -> str:
        w_a, w_b, gaps = self.differences()
        for image, weights, offset in [(self.images[0], w_a, 0), (self.images[1], w_b, 9)]:
            image.set_data(weights)
            for cell, value in enumerate(weights.ravel()):
                text = self.texts[offset + cell]
                text.set_text(f"{value:.2f}")
                text.set_color("white" if value < 0.5 else "black")
        for bar, gap, note in zip(self.bars, gaps, self.zero_notes, strict=True):
            bar.set_height(gap)
            note.set_text("0.000" if gap < 5e-4 else " ")
        told_apart = bool(gaps.max() >= 5e-4)
        verdict = "told apart" if told_apart else "not told apart: every word gets the same output in both"
        mask = " + causal mask" if self.causal.value else ""
        self.caption.set_text(f"{self.scheme.value}{mask}: {verdict}")
        gaps_said = ", ".join(f"{w} {g:.3f}" for w, g in zip(WORDS, gaps, strict=True))
        return (
            f"scheme <b>{self.scheme.value}</b> ({CAPSTONE_SCHEMES[self.scheme.value]}) · "
            f"{'causal mask' if self.causal.value else 'no mask'} · {verdict} · "
            f"each word's output, one sentence against the other: {gaps_said}"
        )


def scheme_explorer(*, scheme: str = "none", causal: bool = False) -> Explorer:
    """One attention layer on "dog bites man" and "man bites dog", with a switch for the position scheme.

    Left and middle: the attention weights for each sentence (rows: queries; columns:
    keys). Right: for each word, the distance between its outputs in the two sentences;
    if all three are zero, the layer gives the same output to every word in both
    sentences (only their order differs), so nothing after it can tell the sentences apart.

    Notes
    -----
    Used in ``notebooks/07_recap_and_capstone.ipynb``.

    Examples
    --------
    >>> explorer = scheme_explorer()
    >>> explorer.state.split(" · ")[2]
    'not told apart: every word gets the same output in both'
    >>> explorer.scheme.value = "RoPE"
    >>> explorer.state.split(" · ")[2]
    'told apart'
    """
    if scheme not in CAPSTONE_SCHEMES:
        raise ValueError(f"scheme must be one of {list(CAPSTONE_SCHEMES)}; got scheme={scheme!r}.")
    return _SchemeExplorer(scheme, causal)
