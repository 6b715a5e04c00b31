"""Lesson 02's first explorer: the obvious encodings, and what each one gets wrong."""

from __future__ import annotations

import ipywidgets
import numpy as np
from matplotlib.cm import ScalarMappable
from matplotlib.colors import Normalize
from matplotlib.patches import Rectangle

from posenc._validation import check_choice, check_int_in
from posenc.live import Drawing, Explorer, int_slider
from posenc.naive import ENCODINGS, naive_encoding, neighbour_distances
from posenc.plotting import DIVERGING, SEQUENTIAL, placed_figure
from posenc.sinusoidal import sinusoidal

__all__ = ["naive_explorer"]

MAX_LEN = 64  # the longest sentence on the slider; the one-hot and binary tables are as wide as it needs
D_MODEL = 16  # the sinusoidal table's width, for comparison
# the fixed colour scales: (colour map, lowest, highest)
_SCALES = {"positions": (SEQUENTIAL, 0, MAX_LEN - 1), "unit": (SEQUENTIAL, 0, 1), "signed": (DIVERGING, -1, 1)}


def _scale_of(scheme: str) -> str:
    return {"integer": "positions", "sinusoidal": "signed"}.get(scheme, "unit")


class _NaiveExplorer(Explorer):
    def __init__(self, scheme: str, seq_len: int, position: int) -> None:
        self._drawn_scheme: str | None = None  # the encoding whose colours the figure has
        self.scheme = ipywidgets.ToggleButtons(
            options=[*ENCODINGS, "sinusoidal"], value=scheme, description="encoding", style={"button_width": "88px"}
        )
        self.seq_len = int_slider("seq_len", seq_len, 4, MAX_LEN)
        self.position = int_slider("position", position, 0, seq_len - 1)
        super().__init__([self.position, self.seq_len, self.scheme], self.position)

    def _on_change(self, change: dict) -> None:
        if change["owner"] is self.seq_len:  # the position slider ends with the sentence
            with self.holding():
                self.position.max = change["new"] - 1  # clamps the position; one redraw in all
            return
        super()._on_change(change)

    def _table(self) -> np.ndarray:
        if self.scheme.value == "sinusoidal":
            return sinusoidal(self.seq_len.value, D_MODEL)  # (seq_len, D_MODEL)
        return naive_encoding(self.scheme.value, self.seq_len.value, max_len=MAX_LEN)  # (seq_len, width)

    def _build_figure(self) -> Drawing:
        rects = [(0.08, 0.14, 0.33, 0.74), (0.42, 0.14, 0.012, 0.74), (0.6, 0.14, 0.38, 0.74)]
        fig, (ax_t, cax, ax_d) = placed_figure(8.4, 3.4, rects)
        cax.set_axis_off()  # a place holder: each colour scale below gets its own axes there
        self.image = ax_t.imshow(
            np.zeros((1, 1)),
            cmap=SEQUENTIAL,
            vmin=0,
            vmax=1,
            aspect="auto",
            interpolation="nearest",
            extent=(0, 1, 0.5, -0.5),
        )
        # one colour bar per colour scale, drawn once; the encoding only chooses which one shows
        self.bars = {}
        for name, (cmap, low, high) in _SCALES.items():
            bar_ax = fig.add_axes(rects[1])
            fig.colorbar(ScalarMappable(Normalize(low, high), cmap), cax=bar_ax, label="value (fixed scale)")
            self.bars[name] = bar_ax
        ax_t.set_xlim(0, 1)  # every table is stretched to the panel's width; the title says how many columns
        ax_t.set_ylim(MAX_LEN - 0.5, -0.5)
        ax_t.set_xticks([])
        ax_t.set_yticks([0, 16, 32, 48, 63])
        ax_t.set_xlabel("columns (stretched to fit)")
        ax_t.set_ylabel("position (row)")
        self.table_title = ax_t.set_title(" ", fontsize=10)
        self.row_box = Rectangle((0, -0.5), 1, 1, fill=False, ec="#d6604d", lw=1.8)
        ax_t.add_patch(self.row_box)
        # the rows past the sentence: greyed out and labelled, so a short sentence does not look like a broken table
        self.beyond = Rectangle((0, MAX_LEN - 0.5), 1, 0, fc="0.9", ec="none")
        ax_t.add_patch(self.beyond)
        self.beyond_note = ax_t.text(0.5, MAX_LEN / 2, "", ha="center", va="center", fontsize=8.5, color="0.2")
        (self.steps,) = ax_d.plot([], [], "o-", color="#2166ac", ms=3, lw=1)
        self.cursor = ax_d.axvline(0, color="black", lw=1, ls=":")
        # the steps past the sentence, greyed out as in the table (x in data, y across the whole axes)
        self.beyond_steps = Rectangle((MAX_LEN, 0), 0, 1, fc="0.9", ec="none", transform=ax_d.get_xaxis_transform())
        ax_d.add_patch(self.beyond_steps)
        ax_d.set_xlim(-0.5, MAX_LEN - 1.5)
        ax_d.set_yscale("log")
        ax_d.set_ylim(0.01, 4)  # one scale for every encoding: a fraction's steps are 1 / seq_len
        ax_d.set_xticks([0, 16, 32, 48, 62])
        ax_d.set_yticks([0.01, 0.1, 1], labels=["0.01", "0.1", "1"])
        ax_d.minorticks_off()
        ax_d.set_xlabel("p")
        ax_d.set_ylabel("distance from row p to row p + 1")
        self.steps_title = ax_d.set_title(" ", fontsize=10)
        dynamic = [
            self.image,
            *ax_t.spines.values(),
            self.row_box,
            self.table_title,
            self.steps,
            self.cursor,
            self.steps_title,
        ]
        # the colour bar changes with the encoding, the grey rows past the sentence with its length;
        # the steps panel's spines are drawn over its grey band, as a full draw puts them
        slow = [*self.bars.values(), self.beyond, self.beyond_note, self.beyond_steps, *ax_d.spines.values()]
        return fig, dynamic, slow, []

    def _slow_key(self) -> object:
        return self.scheme.value, self.seq_len.value

    def _redraw(self) -> str:
        scheme, n = self.scheme.value, self.seq_len.value
        p = self.position.value
        table = self._table()  # (seq_len, width)
        width = table.shape[1]
        if scheme != self._drawn_scheme:  # colours change only with the encoding
            cmap, low, high = _SCALES[_scale_of(scheme)]
            self.image.set_cmap(cmap)
            self.image.set_clim(low, high)
            for name, bar_ax in self.bars.items():
                bar_ax.set_visible(name == _scale_of(scheme))
            self._drawn_scheme = scheme
        self.image.set_data(table)
        self.image.set_extent((0, 1, n - 0.5, -0.5))
        self.row_box.set_y(p - 0.5)
        self.beyond.set_bounds(0, n - 0.5, 1, MAX_LEN - n)
        self.beyond_note.set_y((n - 0.5 + MAX_LEN - 0.5) / 2)
        self.beyond_note.set_text(_beyond(scheme, n))
        self.beyond_steps.set_bounds(n - 1.5, 0, MAX_LEN - n, 1)
        self.table_title.set_text(f"{scheme}: {n} rows × {width} column{'s' * (width > 1)}")
        steps = neighbour_distances(table)  # (seq_len - 1,)
        self.steps.set_data(np.arange(n - 1), steps)
        self.cursor.set_xdata([p, p])
        self.steps_title.set_text("one step along the sentence, everywhere")
        return f"position <b>{p}</b> of {n} · {scheme}: " + _failure(scheme, table, steps, p)


def _beyond(scheme: str, n: int) -> str:
    """The note on the rows past a sentence of `n` words (none where there is no room for it)."""
    note = f"no rows past position {n - 1}:\nthe sentence has {n} words;\nthe panel has room for {MAX_LEN}"
    if scheme == "integer":  # its colours, on the scale of the longest sentence, look dark for a short one
        note += f"\n(colours: 0 to {MAX_LEN - 1} for every seq_len)"
    return note if MAX_LEN - n >= 5 * note.count("\n") else ""  # a line needs about 5 rows of the panel


def _failure(scheme: str, table: np.ndarray, steps: np.ndarray, p: int) -> str:
    """What goes wrong with this encoding, in numbers from the table shown and its steps."""
    n = table.shape[0]
    if scheme == "integer":
        return (
            f"row {p} holds {table[p, 0]:.0f}; the values grow with the sentence, up to {n - 1} here, "
            "while the word embeddings of these lessons have entries of size about 1"
        )
    if scheme == "fraction":
        other = 2 * n
        return (
            f"row {p} holds {table[p, 0]:.3f}; in a sentence of {other} words the same value "
            f"means position {2 * p}: a value's meaning depends on the length"
        )
    if scheme == "one-hot":
        return (
            f"{table.shape[1]} columns; every two different positions are {np.sqrt(2):.3f} apart, "
            "so neighbours are no closer than strangers, and no row exists past the width"
        )
    if scheme == "binary":
        worst = int(np.argmax(steps))
        flips = round(float(steps[p]) ** 2) if p < n - 1 else 0
        here = f"from {p} to {p + 1}: {flips} bit{'s' * (flips > 1)} flip{'s' * (flips == 1)}; " if p < n - 1 else ""
        return (
            f"{here}the biggest jump between neighbours is {steps[worst] ** 2:.0f} bits "
            f"({worst} to {worst + 1}): neighbours are not always close"
        )
    return (
        f"every step has the same length, {steps.max():.3f}; values stay within ±1, "
        f"and the width ({table.shape[1]}) does not grow with the sentence"
    )


def naive_explorer(scheme: str = "integer", *, seq_len: int = 16, position: int = 3) -> Explorer:
    """The obvious position encodings as tables, beside the size of each step along the sentence.

    Choose an encoding (integer, fraction, one-hot, binary, or the sinusoidal table for
    comparison), a sentence length and a position; the readout says, in numbers, what
    that encoding gets wrong. The table's colour range is fixed per encoding (0 to 63
    for the integers). The panels have room for the longest sentence, 64 words; the rows
    past a shorter one are greyed out, with a note saying so.

    Notes
    -----
    Used in ``notebooks/02_sinusoidal_formula.ipynb``, before the formula.

    Examples
    --------
    >>> explorer = naive_explorer("binary", seq_len=16, position=7)
    >>> explorer.state
    'position 7 of 16 · binary: from 7 to 8: 4 bits flip; the biggest jump between neighbours is 4 bits (7 to 8): neighbours are not always close'
    """
    scheme = check_choice(scheme, "scheme", (*ENCODINGS, "sinusoidal"))
    seq_len = check_int_in(seq_len, "seq_len", 4, MAX_LEN, why=" (the panels' room)")
    position = check_int_in(position, "position", 0, seq_len - 1, why=" (seq_len - 1)")
    return _NaiveExplorer(scheme, seq_len, position)
