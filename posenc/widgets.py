"""Live figures for the lessons: ipywidgets controls wired to matplotlib drawings.

Each builder (``*_explorer``) returns an :class:`Explorer`: displaying it in a notebook
shows its controls, a text readout of its state, and its figure as an ordinary PNG
output, which a static viewer (GitHub, an HTML export) still shows and nbval does not
have to ignore. Moving a control redraws only what moves over a cached background and
updates that PNG in place (a display id): about 10-40 ms per move here, against about
0.5 s for re-creating the figure as ``interact`` does (``benchmarks/bench_widgets.py``).

Code can drive a builder without a browser: set ``explorer.position.value = 5`` and
read ``explorer.readout.value`` or the artists' data.
"""

from __future__ import annotations

import html
import itertools
import re
import struct
import uuid
import zlib
from typing import Callable

import ipywidgets
import numpy as np
from IPython.display import Image, display, update_display
from matplotlib.artist import Artist
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle
from matplotlib.transforms import Bbox

from posenc.attention import attention
from posenc.plotting import (DIVERGING, SEQUENTIAL, new_figure, plot_clock_faces, plot_matrix, plot_table,
                             set_clock_hands)
from posenc.sinusoidal import frequencies, offset_rotation, sinusoidal, wavelengths

__all__ = [
    "Panel",
    "LiveFigure",
    "png_bytes",
    "Explorer",
    "environment_check",
    "order_explorer",
    "table_explorer",
    "clock_explorer",
    "offset_explorer",
]


class Panel(ipywidgets.VBox):
    """A VBox that also offers HTML and plain text, shown where widgets cannot run.

    JupyterLab renders the widgets; a static view (GitHub, an HTML export without
    widget state) falls back to the HTML, and nbval compares the plain text.

    Parameters
    ----------
    children : list of widgets
    static_html : callable returning str
        Called each time the panel is displayed.
    """

    def __init__(self, children, static_html: Callable[[], str]) -> None:
        super().__init__(children)
        self._static_html = static_html

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        page = self._static_html()
        bundle["text/html"] = page
        text = re.sub(r"<br>|</p>|</li>|</summary>", "\n", page)
        bundle["text/plain"] = html.unescape(re.sub(r"<[^>]+>", "", text)).strip()
        return bundle


class LiveFigure:
    """A figure drawn once in full, then only its moving artists redrawn on each change.

    Two cached layers keep each change cheap: the background (everything that never
    changes) and, on top of it, the `slow` artists, which change only with some controls
    (a wavelength label changes with ``d_model`` but not with ``position``). The slow
    layer is redrawn only when the key passed to :meth:`render` changes; the `dynamic`
    artists are redrawn every time.

    Parameters
    ----------
    figure : matplotlib Figure
    dynamic : list of Artist
        The artists that change on every update.
    slow : list of Artist, optional
        The artists that change only when the slow key changes.
    sprites : list of Text, optional
        Texts that are redrawn on every update but often show a string they showed
        before (a slow clock's turn count, a label the learner returns to). Each string
        is drawn once and then copied back from a pixel cache. A sprite must sit on the
        static background: no other dynamic or slow artist may overlap it.

    Examples
    --------
    >>> fig, ax = new_figure(3, 2)
    >>> (line,) = ax.plot([0, 1], [0, 1])
    >>> live = LiveFigure(fig, [line])
    >>> live.render()[:4]
    b'\\x89PNG'
    """

    def __init__(self, figure: Figure, dynamic: list[Artist], slow: list[Artist] = (),
                 sprites: list[Artist] = ()) -> None:
        self.figure = figure
        self.canvas = FigureCanvasAgg(figure)
        self.dynamic = list(dynamic)
        self.slow = list(slow)
        self.sprites = list(sprites)
        self._sprite_cache: dict[tuple[int, str], object] = {}
        for artist in self.dynamic + self.slow + self.sprites:
            artist.set_animated(True)
        self.canvas.draw()  # lays out and draws everything that does not move
        if figure.get_layout_engine() is not None:
            figure.set_layout_engine("none")  # freeze the layout: the background must stay valid
        self._background = self.canvas.copy_from_bbox(figure.bbox)
        self._slow_layer = None
        self._slow_key: object = None

    def render(self, slow_key: object = None) -> bytes:
        """Draw the current state over the cached layers; return the picture as PNG bytes."""
        renderer = self.canvas.get_renderer()
        if self._slow_layer is None or slow_key != self._slow_key:
            self.canvas.restore_region(self._background)
            for artist in self.slow:
                artist.draw(renderer)
            self._slow_layer = self.canvas.copy_from_bbox(self.figure.bbox)
            self._slow_key = slow_key
        else:
            self.canvas.restore_region(self._slow_layer)
        for artist in self.dynamic:
            artist.draw(renderer)
        for text in self.sprites:
            self._draw_sprite(text, renderer)
        return png_bytes(np.asarray(self.canvas.buffer_rgba())[..., :3])

    def _draw_sprite(self, text, renderer) -> None:
        if not (text.get_visible() and text.get_text()):
            return
        key = (id(text), text.get_text())
        cached = self._sprite_cache.get(key)
        if cached is not None:
            self.canvas.restore_region(cached)
            return
        text.draw(renderer)
        box = Bbox.intersection(text.get_window_extent(renderer).padded(2), self.figure.bbox)
        if box is not None and len(self._sprite_cache) < 4096:  # a few MB at most
            self._sprite_cache[key] = self.canvas.copy_from_bbox(box)


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bytes(rgb: np.ndarray) -> bytes:
    """Encode an (height, width, 3) uint8 image as PNG, quickly.

    Rows are stored unfiltered and deflated at zlib level 2: for flat-coloured figures
    that is about twice as fast as Pillow's encoder at its fastest setting, and smaller
    (about 6 ms and 34 kB against 12 ms and 40 kB for a 720 x 413 figure here).

    Examples
    --------
    >>> png_bytes(np.zeros((2, 3, 3), np.uint8))[1:4]
    b'PNG'
    """
    height, width, _ = rgb.shape
    rows = np.zeros((height, 1 + 3 * width), np.uint8)  # a leading 0 per row: "no filter"
    pixels = rows[:, 1:].reshape(height, width, 3)  # a view: splitting the last axis needs no copy
    pixels[...] = rgb  # one strided copy, straight from the (height, width, 4) canvas if need be
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB, no interlace
    return (b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", header)
            + _png_chunk(b"IDAT", zlib.compress(rows.tobytes(), 2)) + _png_chunk(b"IEND", b""))


class Explorer:
    """Controls, a text readout and a live figure that follows them.

    Subclasses set their parameters, create their controls, then call
    ``super().__init__(controls, main)``; they implement ``_build_figure`` (create the
    figure; return it with its dynamic, slow and sprite artists, see :class:`LiveFigure`),
    ``_redraw`` (update those artists from the controls; return the readout text) and,
    if they have slow artists, ``_slow_key`` (the state the slow artists depend on).

    Attributes
    ----------
    controls : list of ipywidgets widgets
    main : the control a learner moves first (keyboard-operable; CSS class ``posenc-main``)
    readout : ipywidgets.HTML
        The state in words, so the figure can be followed without seeing it.
    widget : ipywidgets.VBox
        Controls and readout together.
    figure : matplotlib Figure
    png : bytes
        The latest picture.
    """

    def __init__(self, controls: list[ipywidgets.Widget], main: ipywidgets.Widget) -> None:
        self.controls = controls
        self.main = main
        main.add_class("posenc-main")
        self.readout = ipywidgets.HTML(layout=ipywidgets.Layout(margin="2px 0 0 8px"))
        self.readout.add_class("posenc-readout")
        self.widget = Panel([*controls, self.readout], self._static_html)
        self.figure, dynamic, slow, sprites = self._build_figure()
        self._live = LiveFigure(self.figure, dynamic, slow, sprites)
        self._display_id: str | None = None
        self.png = b""
        for control in controls:
            control.observe(self._on_change, names="value")
        self.update()

    def _build_figure(self) -> tuple[Figure, list[Artist], list[Artist], list[Artist]]:
        raise NotImplementedError

    def _redraw(self) -> str:
        raise NotImplementedError

    def _slow_key(self) -> object:
        return None

    def _on_change(self, change: dict) -> None:
        self.update()

    def update(self) -> None:
        """Redraw from the controls' current values and refresh every display of the figure."""
        self.readout.value = self._redraw()
        self.png = self._live.render(self._slow_key())
        if self._display_id is not None:
            update_display(Image(data=self.png, format="png"), display_id=self._display_id)

    def _static_html(self) -> str:
        return (f"<p>{self.readout.value}<br><i>Interactive controls appear here when the notebook runs "
                "with widgets (see lesson 00 if they do not).</i></p>")

    @property
    def state(self) -> str:
        """The readout as plain text."""
        return self.readout.value

    def _ipython_display_(self) -> None:
        if self._display_id is None:
            self._display_id = f"posenc-{uuid.uuid4().hex}"
        display(self.widget)
        display(Image(data=self.png, format="png"), display_id=self._display_id)


def _slider(description: str, value: int, low: int, high: int, step: int = 1) -> ipywidgets.IntSlider:
    return ipywidgets.IntSlider(value=value, min=low, max=high, step=step, description=description,
                                style={"description_width": "initial"}, layout=ipywidgets.Layout(width="420px"))


# --- 00: does a slider really move a figure? ---------------------------------------------

class _EnvironmentCheck(Explorer):
    def __init__(self) -> None:
        self.cycles = _slider("cycles", 1, 1, 5)
        super().__init__([self.cycles], self.cycles)

    def _build_figure(self):
        fig, ax = new_figure(5.0, 2.2, rects=[[0.15, 0.22, 0.82, 0.64]])
        self.t = np.linspace(0, 1, 400)  # (400,)
        (self.line,) = ax.plot(self.t, np.sin(2 * np.pi * self.t), color="#2166ac", lw=2)
        ax.set_xlim(0, 1)
        ax.set_ylim(-1.15, 1.15)
        ax.set_xlabel("time t")
        ax.set_ylabel("value")
        self.title = ax.set_title(" ")
        return fig, [self.line], [], [self.title]

    def _redraw(self) -> str:
        n = self.cycles.value
        self.line.set_ydata(np.sin(2 * np.pi * n * self.t))
        self.title.set_text(f"sin(2π · {n} · t): {n} full cycle{'s' * (n > 1)}")
        return f"cycles = {n}: the wave shows {n} full cycle{'s' * (n > 1)}."


def environment_check() -> Explorer:
    """A one-slider figure that proves widgets work: move ``cycles``, the wave follows.

    Notes
    -----
    Used in ``notebooks/00_start_here.ipynb``.

    Examples
    --------
    >>> check = environment_check()
    >>> check.cycles.value = 3
    >>> check.state
    'cycles = 3: the wave shows 3 full cycles.'
    """
    return _EnvironmentCheck()


# --- 01: reorder a sentence, watch attention only relabel -----------------------------------

class _OrderExplorer(Explorer):
    def __init__(self, words, embeddings, projections, value_range) -> None:
        self.words = list(words)
        self.embeddings = np.asarray(embeddings, dtype=float)  # (n_words, d_model)
        n, d = self.embeddings.shape
        if n != len(self.words):
            raise ValueError(f"embeddings must have one row per word; got {n} rows for {len(self.words)} words.")
        self.projections = projections or (np.eye(d), np.eye(d), np.eye(d))
        self.value_range = value_range
        self.orders = list(itertools.permutations(range(n)))
        self._reference: dict[bool, np.ndarray] = {}
        labels = [" ".join(self.words[i] for i in order) for order in self.orders]
        self.order = ipywidgets.SelectionSlider(options=labels, value=labels[0], description="order",
                                                layout=ipywidgets.Layout(width="420px"))
        self.positions = ipywidgets.Checkbox(value=False, description="add sinusoidal positions", indent=False)
        super().__init__([self.order, self.positions], self.order)

    def _forward(self, order) -> tuple[np.ndarray, np.ndarray]:
        x = self.embeddings[list(order)]  # (seq_len, d_model)
        if self.positions.value:
            x = x + sinusoidal(*x.shape)
        w_q, w_k, w_v = self.projections
        return attention(x @ w_q, x @ w_k, x @ w_v)  # (seq_len, d_v), (seq_len, seq_len)

    def _build_figure(self):
        n, d = len(self.words), self.projections[2].shape[1]
        ref = " ".join(self.words)
        longest = max(self.words, key=len)
        fig, (ax_w, ax_o, cax) = new_figure(8.6, 3.3, rects=[[0.09, 0.15, 0.25, 0.66], [0.54, 0.15, 0.34, 0.72],
                                                             [0.895, 0.15, 0.012, 0.72]])
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
        self.out_im = ax_o.imshow(np.zeros((n + 2, d)), cmap=DIVERGING, vmin=-vr, vmax=vr, aspect="auto",
                                  interpolation="nearest")
        ax_o.axhline(n - 0.5, color="white", lw=5)
        ax_o.set_yticks(range(n + 2), labels=[f"pooled: {ref}"] * (n + 2))
        ax_o.tick_params(axis="y", labelcolor="none", length=0)
        ax_o.set_xlabel("output dimension")
        ax_o.set_title("output per word; below the line, the pooled sentence vectors", fontsize=10)
        fig.colorbar(self.out_im, cax=cax, label="value", ticks=np.linspace(-vr, vr, 5))
        self.out_labels = [ax_o.text(-0.65, i, "", ha="right", va="center", fontsize=9) for i in range(n + 2)]
        dynamic = [self.weights_im, *self.weight_texts, *self.row_labels, *self.col_labels, self.out_im,
                   *self.out_labels]
        return fig, dynamic, [], []

    def _redraw(self) -> str:
        index = self.order.index
        order = self.orders[index]
        output, weights = self._forward(order)
        with_positions = self.positions.value
        if with_positions not in self._reference:  # the reference order's pooled vector, once per setting
            self._reference[with_positions] = self._forward(self.orders[0])[0].mean(axis=0)
        pooled, ref_pooled = output.mean(axis=0), self._reference[with_positions]  # (d_v,) each
        words = [self.words[i] for i in order]
        self.weights_im.set_data(weights)
        for text, value in zip(self.weight_texts, weights.ravel()):
            text.set_text(f"{value:.2f}")
            text.set_color("black" if value > 0.55 else "white")
        for label, word in zip(self.row_labels, words):
            label.set_text(word)
        for label, word in zip(self.col_labels, words):
            label.set_text(word)
        self.out_im.set_data(np.vstack([output, pooled, ref_pooled]))
        ref = self.order.options[0]
        for label, text in zip(self.out_labels, [*words, "pooled: this order", f"pooled: {ref}"]):
            label.set_text(text)
        diff = float(np.max(np.abs(pooled - ref_pooled)))
        verdict = ("identical: attention cannot tell these orders apart" if diff < 1e-9
                   else "different: now the order matters")
        where = "with" if self.positions.value else "without"
        return (f"order: <b>{self.order.value}</b> ({where} positions) · pooled vector vs "
                f"'{ref}': largest difference {diff:.3f}, {verdict}.")


def order_explorer(words, embeddings, *, projections=None, value_range: float = 2.0) -> Explorer:
    """Reorder a sentence and watch self-attention's weights and outputs.

    Parameters
    ----------
    words : sequence of str
        The sentence in its reference order, e.g. ``("dog", "bites", "man")``.
    embeddings : array_like, shape (len(words), d_model)
        One embedding per word, in the order of `words`.
    projections : tuple of three arrays (W_q, W_k, W_v), optional
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
    return _OrderExplorer(words, embeddings, projections, value_range)


# --- 02: the table, one row and one column at a time -----------------------------------------

class _TableExplorer(Explorer):
    def __init__(self, seq_len: int, d_model: int, base: float, position: int, dimension: int) -> None:
        self.table = sinusoidal(seq_len, d_model, base=base)  # (seq_len, d_model)
        self.freqs = frequencies(d_model, base=base)  # (d_model // 2,)
        self.waves = wavelengths(d_model, base=base)
        self.position = _slider("position", position, 0, seq_len - 1)
        self.dimension = _slider("dimension", dimension, 0, d_model - 1)
        super().__init__([self.position, self.dimension], self.position)

    def _build_figure(self):
        seq_len, d_model = self.table.shape
        fig, (ax_t, cax, ax_w) = new_figure(7.2, 5.2, rects=[[0.1, 0.545, 0.76, 0.4], [0.88, 0.545, 0.02, 0.4],
                                                             [0.1, 0.085, 0.76, 0.3]])
        plot_table(ax_t, self.table, title=f"Sinusoidal table: {seq_len} positions × {d_model} dimensions",
                   colorbar=cax)
        self.row_box = ax_t.add_patch(Rectangle((-0.5, -0.5), d_model, 1, fill=False, ec="black", lw=2.2))
        self.col_box = ax_t.add_patch(Rectangle((-0.5, -0.5), 1, seq_len, fill=False, ec="black", lw=1.4, ls="--"))
        self.xs = np.linspace(0, seq_len - 1, 300)  # (300,) positions between the integers too
        (self.wave,) = ax_w.plot(self.xs, self.xs * 0, color="0.55", lw=1.5, ls="--", label="continuous wave")
        (self.dots,) = ax_w.plot(np.arange(seq_len), self.table[:, 0], "o", color="#2166ac", ms=4,
                                  label="table entries")
        self.cursor = ax_w.axvline(0, color="black", lw=1, ls=":")
        (self.point,) = ax_w.plot([0], [0], "o", ms=10, mfc="none", mec="#b2182b", mew=2, label="selected")
        ax_w.set_xlim(-0.5, seq_len - 0.5)
        ax_w.set_ylim(-1.2, 1.75)  # room at the top for the legend
        ax_w.set_yticks([-1, 0, 1])
        ax_w.set_xlabel("position")
        ax_w.set_ylabel("value")
        ax_w.legend(loc="upper center", ncols=3, fontsize=8, frameon=False)
        self.wave_title = ax_w.set_title(" ", fontsize=10)
        return fig, [self.row_box, self.cursor, self.point], [self.col_box, self.wave, self.dots, self.wave_title], []

    def _slow_key(self) -> object:
        return self.dimension.value

    def _redraw(self) -> str:
        p, c = self.position.value, self.dimension.value
        pair, kind = c // 2, ("sin" if c % 2 == 0 else "cos")
        fn = np.sin if kind == "sin" else np.cos
        value, wavelength = self.table[p, c], self.waves[pair]
        self.row_box.set_y(p - 0.5)
        self.col_box.set_x(c - 0.5)
        self.wave.set_ydata(fn(self.xs * self.freqs[pair]))
        self.dots.set_ydata(self.table[:, c])
        self.cursor.set_xdata([p, p])
        self.point.set_data([p], [value])
        self.wave_title.set_text(f"dimension {c} ({kind} of pair {pair}): wavelength {wavelength:.2f} positions")
        return (f"position <b>{p}</b> · dimension <b>{c}</b> ({kind} of pair {pair}) · "
                f"value {value:.3f} · wavelength {wavelength:.2f} positions")


def table_explorer(seq_len: int = 24, d_model: int = 48, *, base: float = 10_000.0, position: int = 0,
                   dimension: int = 0) -> Explorer:
    """The sinusoidal table as a heatmap; pick a row (position) and a column (dimension).

    The chosen row is outlined, the chosen column dashed, and the column's wave is drawn
    underneath with its value at the chosen position and its wavelength.

    Notes
    -----
    Used in ``notebooks/02_sinusoidal_formula.ipynb``.

    Examples
    --------
    >>> explorer = table_explorer(24, 48)
    >>> explorer.position.value = 5
    >>> explorer.state
    'position <b>5</b> · dimension <b>0</b> (sin of pair 0) · value -0.959 · wavelength 6.28 positions'
    """
    return _TableExplorer(seq_len, d_model, base, position, dimension)


# --- 03: a spectrum of clocks ------------------------------------------------------------------

class _ClockExplorer(Explorer):
    max_pairs = 8

    def __init__(self, d_model: int, base: float, max_position: int, position: int) -> None:
        self.position = _slider("position", position, 0, max_position)
        self.d_model = _slider("d_model", d_model, 2, 2 * self.max_pairs, step=2)
        self.base = ipywidgets.FloatLogSlider(value=base, base=10, min=1, max=5, step=0.25, description="base",
                                              readout_format=".3g", style={"description_width": "initial"},
                                              layout=ipywidgets.Layout(width="420px"))
        super().__init__([self.position, self.d_model, self.base], self.position)

    def _build_figure(self):
        fig, ax = new_figure(8.0, 4.2, rects=[[0.01, 0.0, 0.98, 0.92]])
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
        freqs, waves = frequencies(d, base=base), wavelengths(d, base=base)
        turns = p * freqs / (2 * np.pi)  # (d // 2,)
        set_clock_hands(self.hands, self.tips, self.centres, p * freqs)
        for i, (circle, label) in enumerate(zip(self.circles, self.labels)):
            circle.set_visible(i < freqs.size)
            label.set_visible(i < freqs.size)
            if i < freqs.size:
                label.set_text(f"pair {i} · λ {_length(waves[i])}")
        self.title.set_text(f"position {p}")
        counts = " · ".join(f"{t:.2f}" for t in turns)
        return (f"position <b>{p}</b> · d_model {d} · base {base:,.0f} · turns made by each pair: {counts}")


def _length(value: float) -> str:
    """A wavelength for a label: 6.28, 62.8, 628, 6,283."""
    return f"{value:.3g}" if value < 1000 else f"{value:,.0f}"


def clock_explorer(d_model: int = 16, *, base: float = 10_000.0, max_position: int = 100,
                   position: int = 0) -> Explorer:
    """One clock face per (sin, cos) pair, all turning as the position moves.

    Hand ``i`` points at ``(sin(pos w_i), cos(pos w_i))``: up at position 0, clockwise
    after. ``d_model`` (2 to 16) sets how many clocks; ``base`` how spread their speeds are.

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
    return _ClockExplorer(d_model, base, max_position, position)


class _OffsetExplorer(Explorer):
    def __init__(self, d_model: int, seq_len: int, base: float, max_offset: int, k: int) -> None:
        self.base_value = base
        self.table = sinusoidal(seq_len, d_model, base=base)  # (seq_len, d_model)
        self.k = _slider("offset k", k, -max_offset, max_offset)
        super().__init__([self.k], self.k)

    def _build_figure(self):
        seq_len, d = self.table.shape
        fig, (ax_m, cax, ax_d) = new_figure(8.4, 3.4, rects=[[0.07, 0.15, 0.27, 0.74], [0.35, 0.15, 0.012, 0.74],
                                                             [0.53, 0.15, 0.45, 0.74]])
        self.matrix_im = ax_m.imshow(np.eye(d), cmap=DIVERGING, vmin=-1, vmax=1, interpolation="nearest",
                                     aspect="auto")
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
        ax_d.set_ylabel("PE[p] · PE[p + k]")
        self.dots_title = ax_d.set_title(" ")
        return fig, [self.matrix_im, self.matrix_title, self.dots, self.dots_title], [], []

    def _redraw(self) -> str:
        k = self.k.value
        seq_len, d = self.table.shape
        M = offset_rotation(k, d, base=self.base_value)  # (d, d)
        p = np.arange(max(0, -k), min(seq_len, seq_len - k))  # positions with p and p + k in the table
        moved = self.table[p] @ M.T  # (len(p), d)
        err = float(np.max(np.abs(moved - self.table[p + k])))
        dots = np.einsum("pd,pd->p", self.table[p], self.table[p + k])  # (len(p),)
        self.matrix_im.set_data(M)
        self.matrix_title.set_text(f"M_k for k = {k}")
        self.dots.set_data(p, dots)
        self.dots_title.set_text(f"dot product = {dots[0]:.3f} for every p")
        gap = "under 1e-12" if err < 1e-12 else f"{err:.1e}"  # rounding noise varies by machine
        return (f"k = <b>{k}</b> · M_k @ PE[p] equals PE[p + k] for all {p.size} positions p "
                f"(largest difference {gap}) · PE[p] · PE[p + k] = {dots[0]:.3f} for every p")


def offset_explorer(d_model: int = 8, *, seq_len: int = 48, base: float = 10_000.0, max_offset: int = 16,
                    k: int = 1) -> Explorer:
    """The rotation ``M_k`` that moves every position ``k`` on, and the dot products it keeps.

    Notes
    -----
    Used in ``notebooks/03_odometer_intuition.ipynb``.

    Examples
    --------
    >>> explorer = offset_explorer(8)
    >>> explorer.k.value = 3
    >>> "largest difference" in explorer.state and "k = <b>3</b>" in explorer.state
    True
    """
    return _OffsetExplorer(d_model, seq_len, base, max_offset, k)
