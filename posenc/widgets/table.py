"""Lesson 02's explorer: the sinusoidal table, one row and one column at a time."""

from __future__ import annotations

import ipywidgets
import numpy as np
from matplotlib.collections import LineCollection
from matplotlib.patches import Rectangle
from matplotlib.transforms import offset_copy

from posenc._validation import check_int_in, check_positive_int
from posenc.live import Drawing, Explorer, int_slider
from posenc.plotting import placed_figure, plot_table
from posenc.sinusoidal import frequencies, sinusoidal, wavelengths

__all__ = ["table_explorer"]


class _TableExplorer(Explorer):
    def __init__(self, seq_len: int, d_model: int, base: float, position: int, column: int) -> None:
        self.table = sinusoidal(seq_len, d_model, base=base)  # (seq_len, d_model)
        self.freqs = frequencies(d_model, base=base)  # (d_model // 2,)
        self.waves = wavelengths(d_model, base=base)  # (d_model // 2,)
        self._drawn_column: int | None = None
        self.position = int_slider("position", position, 0, seq_len - 1)
        self.column = int_slider("column", column, 0, d_model - 1)
        # a sweep through the positions, played in the browser: it moves the slider, which redraws
        self.play = ipywidgets.Play(value=position, min=0, max=seq_len - 1, interval=350, description="sweep")
        ipywidgets.jslink((self.play, "value"), (self.position, "value"))
        sweep = ipywidgets.HBox([ipywidgets.Label("sweep the positions:"), self.play])
        # a click on a cell of the heatmap chooses its row and column (where the front end runs widgets);
        # imported here, so that anywidget is loaded only when a clickable figure is made
        from posenc.live.clicks import ClickTarget

        self.clicks = ClickTarget(columns=d_model, rows=seq_len)
        self.clicks.observe(self._on_click, names="clicked")
        super().__init__([self.position, self.column], self.position, header=[sweep, self.clicks])

    def _on_click(self, change: dict) -> None:
        hit = change["new"]
        self.column.value = min(max(int(hit["column"]), 0), self.column.max)
        self.position.value = min(max(int(hit["row"]), 0), self.position.max)

    def _build_figure(self) -> Drawing:
        seq_len, d_model = self.table.shape
        rects = [(0.1, 0.545, 0.76, 0.385), (0.885, 0.545, 0.02, 0.385), (0.1, 0.085, 0.76, 0.3)]
        fig, (ax_t, cax, ax_w) = placed_figure(7.2, 5.2, rects)
        plot_table(ax_t, self.table, colorbar=cax)
        # room between the title and the heatmap for the marker that points at the chosen column
        ax_t.set_title(f"Sinusoidal table: {seq_len} positions × {d_model} columns", pad=13)
        left, bottom, right, top = ax_t.get_position().extents  # figure fractions, from the bottom left
        # from the top left, as the browser measures
        self.clicks.box = [float(left), float(right), float(1 - top), float(1 - bottom)]
        self.row_box = Rectangle((-0.5, -0.5), d_model, 1, fill=False, ec="black", lw=2.2)
        ax_t.add_patch(self.row_box)
        # the chosen column: a dashed outline over a white one, visible on red, blue and white cells alike
        self.col_halo = Rectangle((-0.5, -0.5), 1, seq_len, fill=False, ec="white", lw=3.2)
        ax_t.add_patch(self.col_halo)
        self.col_box = Rectangle((-0.5, -0.5), 1, seq_len, fill=False, ec="black", lw=1.6, ls="--")
        ax_t.add_patch(self.col_box)
        # markers outside the heatmap point at the chosen column (above) and row (right), even at its edges
        above = offset_copy(ax_t.transData, fig=fig, y=6, units="points")
        (self.col_marker,) = ax_t.plot([0], [-0.5], "v", ms=8, color="black", clip_on=False, transform=above)
        beside = offset_copy(ax_t.transData, fig=fig, x=5, units="points")
        (self.row_marker,) = ax_t.plot([d_model - 0.5], [0], "<", ms=7, color="black", clip_on=False, transform=beside)
        self.xs = np.linspace(0, seq_len - 1, 300)  # (300,) positions between the integers too
        # the frequency ladder: every pair's wave of the chosen kind, faint, under the chosen column's
        self.ladder = LineCollection([], colors="0.82", linewidths=0.7)
        ax_w.add_collection(self.ladder)
        (self.wave,) = ax_w.plot(self.xs, self.xs * 0, color="0.55", lw=1.5, ls="--", label="continuous wave")
        (self.dots,) = ax_w.plot(
            np.arange(seq_len), self.table[:, 0], "o", color="#2166ac", ms=4, label="table entries"
        )
        self.cursor = ax_w.axvline(0, color="black", lw=1, ls=":")
        (self.point,) = ax_w.plot([0], [0], "o", ms=10, mfc="none", mec="#b2182b", mew=2, label="selected")
        ax_w.set_xlim(-0.5, seq_len - 0.5)
        ax_w.set_ylim(-1.2, 1.75)  # room at the top for the legend
        ax_w.set_yticks([-1, 0, 1])
        ax_w.set_xlabel("position")
        ax_w.set_ylabel("value")
        ax_w.legend(loc="upper center", ncols=3, fontsize=8, frameon=False)
        self.wave_title = ax_w.set_title(" ", fontsize=10)
        dynamic = [self.row_box, self.row_marker, self.cursor, self.point]
        slow = [self.ladder, self.col_halo, self.col_box, self.col_marker, self.wave, self.dots, self.wave_title]
        return fig, dynamic, slow, []

    def _slow_key(self) -> object:
        return self.column.value

    def _redraw(self) -> str:
        p, c = self.position.value, self.column.value
        pair, kind = c // 2, ("sin" if c % 2 == 0 else "cos")
        fn = np.sin if kind == "sin" else np.cos
        value, wavelength = self.table[p, c], self.waves[pair]
        self.row_box.set_y(p - 0.5)
        self.row_marker.set_ydata([p])
        self.cursor.set_xdata([p, p])
        self.point.set_data([p], [value])
        if c != self._drawn_column:  # the slow artists follow the column alone: not on a position move
            self.col_box.set_x(c - 0.5)
            self.col_halo.set_x(c - 0.5)
            self.col_marker.set_xdata([c])
            ladder = fn(self.xs[None, :] * self.freqs[:, None])  # (d_model // 2, 300)
            self.ladder.set_segments([np.column_stack([self.xs, wave]) for wave in ladder])
            self.wave.set_ydata(fn(self.xs * self.freqs[pair]))
            self.dots.set_ydata(self.table[:, c])
            self.wave_title.set_text(f"column {c} ({kind} of pair {pair}): wavelength {wavelength:.2f} positions")
            self._drawn_column = c
        return (
            f"position <b>{p}</b> · column <b>{c}</b> ({kind} of pair {pair}) · "
            f"value {value:.3f} · wavelength {wavelength:.2f} positions"
        )


def table_explorer(
    seq_len: int = 24, d_model: int = 48, *, base: float = 10_000.0, position: int = 0, column: int = 0
) -> Explorer:
    """The sinusoidal table as a heatmap; pick a row (position) and a column.

    The chosen row is outlined, the chosen column dashed (each with a marker outside the
    heatmap that points at it, visible at the edges too), and the column's wave is drawn
    underneath with its value at the chosen position and its wavelength, over the faint
    waves of every other pair of the same kind (sine or cosine): the frequency ladder. A
    play button sweeps the position in the browser, and a click on a cell of the heatmap
    chooses its row and column.

    Notes
    -----
    Used in ``notebooks/02_sinusoidal_formula.ipynb``.

    Examples
    --------
    >>> explorer = table_explorer(24, 48)
    >>> explorer.position.value = 5
    >>> explorer.state
    'position 5 · column 0 (sin of pair 0) · value -0.959 · wavelength 6.28 positions'
    """
    seq_len = check_positive_int(seq_len, "seq_len")
    d_model = check_positive_int(d_model, "d_model")
    position = check_int_in(position, "position", 0, seq_len - 1, why=" (seq_len - 1)")
    column = check_int_in(column, "column", 0, d_model - 1, why=" (d_model - 1)")
    return _TableExplorer(seq_len, d_model, base, position, column)
