"""Lesson 03's explorers: a spectrum of clocks, and the rotation that moves every position on."""

from __future__ import annotations

import numpy as np

from posenc._validation import check_int, check_int_in, check_positive_int, check_real
from posenc.live import Drawing, Explorer, int_slider, log_slider
from posenc.plotting import DIVERGING, new_figure, placed_figure, plot_clock_faces, set_clock_hands
from posenc.sinusoidal import frequencies, offset_rotation, sinusoidal, wavelengths

__all__ = ["clock_explorer", "offset_explorer"]


class _ClockExplorer(Explorer):
    max_pairs = 8

    def __init__(self, d_model: int, base: float, max_position: int, position: int) -> None:
        self.position = int_slider("position", position, 0, max_position)
        self.d_model = int_slider("d_model", d_model, 2, 2 * self.max_pairs, step=2)
        self.base = log_slider("base", base, 1, 5, 0.25)
        super().__init__([self.position, self.d_model, self.base], self.position)

    def _build_figure(self) -> Drawing:
        fig, ax = new_figure(8.0, 4.2, rects=[(0.01, 0.0, 0.98, 0.92)])
        self.centres = [(2.7 * (i % 4), -3.2 * (i // 4)) for i in range(self.max_pairs)]  # two rows of four
        self.circles, self.hands, self.tips = plot_clock_faces(ax, self.centres)
        self.labels = [ax.text(cx, cy + 1.35, "", ha="center", va="center", fontsize=9) for cx, cy in self.centres]
        ax.set_xlim(-1.35, 2.7 * 3 + 1.35)
        ax.set_ylim(-3.2 - 1.2, 1.6)
        ax.set_aspect("equal")
        ax.set_axis_off()
        self.title = ax.set_title("position 0", fontsize=12)
        # circles come and go with d_model; the labels' strings recur, so they are cached sprites
        return fig, [self.hands, self.tips], self.circles, [*self.labels, self.title]

    def _slow_key(self) -> object:
        return self.d_model.value, self.base.value

    def _redraw(self) -> str:
        p, d, base = self.position.value, self.d_model.value, self.base.value
        freqs, waves = frequencies(d, base=base), wavelengths(d, base=base)  # (d // 2,) each
        turns = p * freqs / (2 * np.pi)  # (d // 2,)
        set_clock_hands(self.hands, self.tips, self.centres, p * freqs)
        for i, (circle, label) in enumerate(zip(self.circles, self.labels, strict=True)):
            circle.set_visible(i < freqs.size)
            label.set_visible(i < freqs.size)
            if i < freqs.size:
                label.set_text(f"pair {i} · λ = {_length(waves[i])}")
        self.title.set_text(f"position {p}")
        counts = " · ".join(f"{t:.2f}" for t in turns)
        return f"position <b>{p}</b> · d_model {d} · base {base:,.0f} · turns made by each pair: {counts}"


def _length(value: float) -> str:
    """A wavelength for a label: 6.28, 62.8, 628, 6,283."""
    return f"{value:.3g}" if value < 1000 else f"{value:,.0f}"


def clock_explorer(
    d_model: int = 16, *, base: float = 10_000.0, max_position: int = 100, position: int = 0
) -> Explorer:
    """One clock face per (sin, cos) pair, all turning as the position moves.

    Hand ``i`` points at ``(sin(pos w_i), cos(pos w_i))``: up at position 0, clockwise
    after. Each face is labelled with its pair's wavelength λ, the positions one turn
    takes. ``d_model`` (2 to 16) sets how many clocks; ``base`` how spread their speeds are.

    Notes
    -----
    Used in ``notebooks/03_odometer_intuition.ipynb``.

    Examples
    --------
    >>> explorer = clock_explorer(16)
    >>> explorer.position.value = 13
    >>> explorer.tips.get_xydata()[0].round(3).tolist()  # pair 0's hand tip; its face is centred at (0, 0)
    [0.42, 0.907]
    >>> explorer.state.split("each pair: ")[1]
    '2.07 · 0.65 · 0.21 · 0.07 · 0.02 · 0.01 · 0.00 · 0.00'
    """
    pairs = _ClockExplorer.max_pairs
    d_model = check_int_in(d_model, "d_model", 2, 2 * pairs, step=2, why=f" (a clock per pair, at most {pairs})")
    max_position = check_positive_int(max_position, "max_position")
    position = check_int_in(position, "position", 0, max_position, why=" (max_position)")
    base = check_real(base, "base", low=10.0, high=1e5, why=" (the base slider's range)")
    return _ClockExplorer(d_model, base, max_position, position)


class _OffsetExplorer(Explorer):
    def __init__(self, d_model: int, seq_len: int, base: float, max_offset: int, delta: int) -> None:
        self.base_value = base
        self.table = sinusoidal(seq_len, d_model, base=base)  # (seq_len, d_model)
        self.delta = int_slider("shift δ", delta, -max_offset, max_offset)
        super().__init__([self.delta], self.delta)

    def _build_figure(self) -> Drawing:
        seq_len, d = self.table.shape
        rects = [(0.07, 0.15, 0.27, 0.74), (0.35, 0.15, 0.012, 0.74), (0.53, 0.15, 0.45, 0.74)]
        fig, (ax_m, cax, ax_d) = placed_figure(8.4, 3.4, rects)
        self.matrix_im = ax_m.imshow(np.eye(d), cmap=DIVERGING, vmin=-1, vmax=1, interpolation="nearest", aspect="auto")
        fig.colorbar(self.matrix_im, cax=cax, ticks=[-1, -0.5, 0, 0.5, 1])
        ax_m.set_xticks(range(0, d, 2))
        ax_m.set_yticks(range(0, d, 2))
        ax_m.set_xlabel("input dimension")
        ax_m.set_ylabel("output dimension")
        self.matrix_title = ax_m.set_title(" ")
        (self.dots,) = ax_d.plot([], [], "o-", color="#2166ac", ms=3, lw=1)
        ax_d.set_xlim(-0.5, seq_len - 0.5)
        ax_d.set_ylim(-d / 2 - 0.4, d / 2 + 0.4)
        ax_d.set_yticks(np.linspace(-d / 2, d / 2, 5))
        ax_d.axhline(0, color="0.7", lw=0.8)
        ax_d.set_xlabel("position p")
        ax_d.set_ylabel("PE[p] · PE[p + δ]")
        self.dots_title = ax_d.set_title(" ")
        # the spines lie on top of the moving matrix, so they are redrawn after it
        dynamic = [self.matrix_im, *ax_m.spines.values(), self.matrix_title, self.dots, self.dots_title]
        return fig, dynamic, [], []

    def _redraw(self) -> str:
        delta = self.delta.value
        seq_len, d = self.table.shape
        M = offset_rotation(delta, d, base=self.base_value)  # (d, d)
        p = np.arange(max(0, -delta), min(seq_len, seq_len - delta))  # positions with p and p + delta in the table
        moved = self.table[p] @ M.T  # (len(p), d)
        err = float(np.max(np.abs(moved - self.table[p + delta])))
        dots = np.einsum("pd,pd->p", self.table[p], self.table[p + delta])  # (len(p),)
        self.matrix_im.set_data(M)
        self.matrix_title.set_text(f"M_δ for δ = {delta}")
        self.dots.set_data(p, dots)
        self.dots_title.set_text(f"dot product = {dots[0]:.3f} for every p")
        gap = "under 1e-12" if err < 1e-12 else f"{err:.1e}"  # rounding noise varies by machine
        return (
            f"δ = <b>{delta}</b> · M_δ @ PE[p] equals PE[p + δ] for all {p.size} positions p "
            f"(largest difference {gap}) · PE[p] · PE[p + δ] = {dots[0]:.3f} for every p"
        )


def offset_explorer(
    d_model: int = 8, *, seq_len: int = 48, base: float = 10_000.0, max_offset: int = 16, delta: int = 1
) -> Explorer:
    """The rotation ``M_δ`` that moves every position ``delta`` (δ) on, and the dot products it keeps.

    Notes
    -----
    Used in ``notebooks/03_odometer_intuition.ipynb``.

    Examples
    --------
    >>> explorer = offset_explorer(8)
    >>> explorer.delta.value = 3
    >>> explorer.state.split(" · ")[0]
    'δ = 3'
    """
    max_offset = check_positive_int(max_offset, "max_offset")
    seq_len = check_int(seq_len, "seq_len")
    if seq_len <= max_offset:
        raise ValueError(
            f"seq_len must exceed max_offset={max_offset}, so that some p + delta is in the table; got seq_len={seq_len}."
        )
    delta = check_int_in(delta, "delta", -max_offset, max_offset, why=" (-max_offset to max_offset)")
    return _OffsetExplorer(d_model, seq_len, base, max_offset, delta)
