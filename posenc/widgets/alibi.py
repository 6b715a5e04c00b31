"""Lesson 06's ALiBi explorer: one head's bias and the attention it makes, head by head."""

from __future__ import annotations

from fractions import Fraction

import ipywidgets
import matplotlib
import numpy as np

from posenc._validation import check_int, check_positive_int
from posenc.alibi import alibi_bias, alibi_slopes
from posenc.attention import causal_mask, causal_softmax, softmax
from posenc.live import Drawing, Explorer, checkbox, int_slider
from posenc.plotting import SEQUENTIAL, placed_figure

__all__ = ["alibi_explorer"]

# fixed colour range: over 16 positions head 3 of 8 reaches -1.875, so most heads show a gradient;
# a steeper bias (head 1 reaches -7.5) is drawn as -2: such a key keeps at most e^-2 of the top weight
BIAS_RANGE = (-2.0, 0.0)


def slope_text(slope: float) -> str:
    """A slope as the paper writes it when it is 1/2^k, else as a decimal: '1/8', '2^-2.5'."""
    exponent = -np.log2(slope)
    if np.isclose(exponent, round(exponent)):
        return f"1/{Fraction(1, 2 ** round(exponent)).denominator}"
    return f"2^-{exponent:g}"


class _AlibiExplorer(Explorer):
    def __init__(self, seq_len: int, num_heads: int, head: int) -> None:
        self.seq_len = seq_len
        self.head = int_slider("head", head, 1, 16)
        self.num_heads = ipywidgets.ToggleButtons(options=[8, 12, 16], value=num_heads, description="heads")
        self.num_heads.style.button_width = "48px"
        self.encoder = checkbox("bidirectional (encoder: −slope·|i − j|)")
        self.head.max = num_heads
        super().__init__([self.head, self.num_heads, self.encoder], self.head)

    def _on_change(self, change: dict) -> None:
        if change["owner"] is self.num_heads:
            with self.holding():
                self.head.max = self.num_heads.value  # clamps the head; one redraw in all
            return
        super()._on_change(change)

    def _build_figure(self) -> Drawing:
        rects = [
            (0.05, 0.14, 0.22, 0.68),
            (0.28, 0.14, 0.01, 0.68),
            (0.44, 0.14, 0.22, 0.68),
            (0.67, 0.14, 0.01, 0.68),
            (0.815, 0.14, 0.165, 0.68),
        ]
        fig, (ax_bias, ax_bar, ax_weights, ax_wbar, ax_slopes) = placed_figure(10.4, 3.7, rects)
        n = self.seq_len
        cmap = matplotlib.colormaps[SEQUENTIAL].with_extremes(bad="white")  # opaque: hidden keys stay blank
        self.bias_image = ax_bias.imshow(
            np.zeros((n, n)), cmap=cmap, vmin=BIAS_RANGE[0], vmax=BIAS_RANGE[1], interpolation="nearest"
        )
        fig.colorbar(
            self.bias_image,
            cax=ax_bar,
            extend="min",
            label="bias added to the score\n(fixed scale: −2 or below is darkest)",
            ticks=np.linspace(*BIAS_RANGE, 5),
        )
        self.weight_image = ax_weights.imshow(np.zeros((n, n)), cmap=cmap, vmin=0, vmax=1, interpolation="nearest")
        for ax, title in [
            (ax_bias, "ALiBi bias added to the scores"),
            (ax_weights, "attention weights, equal content"),
        ]:
            ax.set_xlabel("key position j")
            ax.set_ylabel("query position i")
            ax.set_title(title, fontsize=10)
        fig.colorbar(self.weight_image, cax=ax_wbar, label="attention weight", ticks=np.linspace(0, 1, 5))
        self.slope_bars = ax_slopes.bar(range(1, 17), np.ones(16), color="0.75")
        ax_slopes.set_yscale("log", base=2)
        ax_slopes.set_ylim(2**-8.6, 1.2)
        ax_slopes.set_xlim(0.3, 16.7)
        ax_slopes.set_xticks([1, 4, 8, 12, 16])
        ax_slopes.set_xlabel("head")
        ax_slopes.set_ylabel("slope (log scale)")
        ax_slopes.set_title("every head's slope", fontsize=10)
        self.chosen = ax_slopes.bar([1], [1.0], color="#d55e00")[0]
        self.suptitle = fig.text(0.5, 0.93, " ", ha="center", fontsize=10)
        spines = [*ax_bias.spines.values(), *ax_weights.spines.values()]  # drawn over the images
        dynamic = [self.bias_image, self.weight_image, *spines, self.chosen, self.suptitle]
        return fig, dynamic, list(self.slope_bars), []

    def _slow_key(self) -> object:
        return self.num_heads.value

    def _redraw(self) -> str:
        heads, h, causal = self.num_heads.value, self.head.value, not self.encoder.value
        slopes = alibi_slopes(heads)  # (heads,)
        for i, bar in enumerate(self.slope_bars):
            bar.set_height(slopes[i] if i < heads else 1e-6)  # below the axis: not drawn
        slope = slopes[h - 1]
        self.chosen.set_x(h - 0.4)
        self.chosen.set_height(slope)
        bias = alibi_bias(self.seq_len, heads, causal=causal)[h - 1]  # (seq_len, seq_len)
        mask = causal_mask(self.seq_len) if causal else np.ones((self.seq_len, self.seq_len), bool)
        weights = causal_softmax(bias) if causal else softmax(bias)  # q·k equal everywhere: the bias alone decides
        shown = np.where(mask, bias, np.nan)  # keys a causal query cannot see are left blank
        self.bias_image.set_data(shown)
        self.weight_image.set_data(np.where(mask, weights, np.nan))
        form = "causal" if causal else "bidirectional"
        self.suptitle.set_text(f"head {h} of {heads}: slope {slope_text(slope)} = {slope:.4g}, {form}")
        last = self.seq_len - 1
        near = weights[last, max(0, last - 3) : last + 1].sum()
        return (
            f"head <b>{h}</b> of {heads} · slope {slope_text(slope)} = {slope:.4g} · {form} · "
            f"a key 4 positions away is lowered by {4 * slope:.3g} · with equal content, query {last} puts "
            f"{near:.2f} of its weight on itself and the 3 keys before it"
        )


def alibi_explorer(*, seq_len: int = 16, num_heads: int = 8, head: int = 1) -> Explorer:
    """One ALiBi head: its bias, the attention it makes on equal content, and every head's slope.

    Left: the bias ``-slope * (i - j)`` added to query ``i``'s score for key ``j``
    (``|i - j|`` in the bidirectional form; keys a causal query cannot see are blank), on a
    fixed colour scale from -2 to 0 (a lower bias is drawn as -2).
    Middle: the attention weights when every query-key score is equal, so the bias alone
    decides. Right: the slopes of all heads, the chosen one in orange.

    Parameters
    ----------
    seq_len : int, default 16
    num_heads : {8, 12, 16}, default 8
    head : int, default 1
        Counting from 1, as the paper does.

    Notes
    -----
    Used in ``notebooks/06_alibi_and_extrapolation.ipynb``.

    Examples
    --------
    >>> explorer = alibi_explorer(head=3)
    >>> explorer.state.split(" · ")[1]
    'slope 1/8 = 0.125'
    >>> explorer.num_heads.value = 12
    >>> explorer.head.value = 9
    >>> explorer.state.split(" · ")[1]
    'slope 2^-0.5 = 0.7071'
    """
    seq_len = check_positive_int(seq_len, "seq_len")
    num_heads = check_int(num_heads, "num_heads")
    head = check_int(head, "head")
    if num_heads not in (8, 12, 16):
        raise ValueError(f"num_heads must be 8, 12 or 16 here; got num_heads={num_heads!r}.")
    if not 1 <= head <= num_heads:
        raise ValueError(f"head counts from 1 to num_heads={num_heads}; got head={head!r}.")
    return _AlibiExplorer(seq_len, num_heads, head)
