"""Lesson 08's capstone: one attention layer, the core's position schemes, "dog bites man" and "man bites dog"."""

from __future__ import annotations

import numpy as np

from posenc._validation import check_bool
from posenc.capstone import CAPSTONE_SCHEMES, WORDS, scheme_layer
from posenc.live import Drawing, Explorer, checkbox, selection_slider
from posenc.plotting import ink, placed_figure, plot_matrix
from posenc.schemes import SCHEMES, scheme_named

__all__ = ["scheme_explorer"]


class _SchemeExplorer(Explorer):
    def __init__(self, scheme: str, causal: bool) -> None:
        # the slider shows each scheme's label ("RoPE"); the layer takes either spelling
        self.scheme = selection_slider("scheme", [SCHEMES[name].label for name in CAPSTONE_SCHEMES])
        self.scheme.value = SCHEMES[scheme].label
        self.causal = checkbox("causal mask (each word sees only itself and earlier words)", causal)
        super().__init__([self.scheme, self.causal], self.scheme)

    def _build_figure(self) -> Drawing:
        rects = [(0.07, 0.16, 0.24, 0.62), (0.40, 0.16, 0.24, 0.62), (0.74, 0.16, 0.24, 0.62)]
        fig, axes = placed_figure(10.0, 3.6, rects)
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
        # when every gap is 0 there are no bars to see: say so in the panel
        self.all_zero = axes[2].text(1, 1.9, " ", ha="center", va="center", fontsize=9, linespacing=1.4)
        self.caption = fig.text(0.5, 0.93, " ", ha="center", fontsize=10)
        spines = [s for ax in axes[:2] for s in ax.spines.values()]
        dynamic = [*self.images, *spines, *self.texts, *self.bars, *self.zero_notes, self.all_zero, self.caption]
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
                text.set_color(ink(value, 0.0, 1.0))
        for bar, gap, note in zip(self.bars, gaps, self.zero_notes, strict=True):
            bar.set_height(gap)
            note.set_text("0.000" if gap < 5e-4 else " ")
        told_apart = bool(gaps.max() >= 5e-4)
        self.all_zero.set_text(
            " " if told_apart else "no bars: all three gaps are 0\n(each word's output is the same\nin both sentences)"
        )
        verdict = "told apart" if told_apart else "not told apart: every word gets the same output in both"
        mask = " + causal mask" if self.causal.value else ""
        self.caption.set_text(f"{self.scheme.value}{mask}: {verdict}")
        gaps_said = ", ".join(f"{w} {g:.3f}" for w, g in zip(WORDS, gaps, strict=True))
        return (
            f"scheme <b>{self.scheme.value}</b> ({scheme_named(self.scheme.value).summary}) · "
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
    Used in ``notebooks/08_recap_and_capstone.ipynb``.

    Examples
    --------
    >>> explorer = scheme_explorer()
    >>> explorer.state.split(" · ")[2]
    'not told apart: every word gets the same output in both'
    >>> explorer.all_zero.get_text().splitlines()[0]  # the empty bar panel says why it is empty
    'no bars: all three gaps are 0'
    >>> explorer.scheme.value = "RoPE"
    >>> explorer.state.split(" · ")[2]
    'told apart'
    """
    name = scheme_named(scheme, allowed=CAPSTONE_SCHEMES).name
    return _SchemeExplorer(name, check_bool(causal, "causal"))
