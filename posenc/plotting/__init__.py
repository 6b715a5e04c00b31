"""Pure matplotlib drawing for the lessons: ``plot_*(ax, ...)`` draws and returns artists.

Nothing here shows a figure or reads global state, so every function can be used in
a notebook, inside a widget (``posenc.widgets``) or in a headless test. What the
figures show is computed elsewhere (the maths modules, ``posenc.analysis``): these
functions take matrices and return artists. Colour maps
are colour-blind safe (ColorBrewer's RdBu for signed values, viridis for weights)
and always given a fixed range, so colours mean the same thing in every figure.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.image import AxesImage
from matplotlib.lines import Line2D
from matplotlib.patches import Circle
from matplotlib.text import Text

__all__ = [
    "DIVERGING",
    "SEQUENTIAL",
    "new_figure",
    "placed_figure",
    "plot_table",
    "plot_matrix",
    "ink",
    "plot_clock_faces",
    "set_clock_hands",
    "plot_similarity",
    "plot_binary_and_sinusoidal",
    "HYBRID",
    "curve_name",
    "plot_curves",
    "plot_loss_against_window",
    "plot_position_losses",
]

DIVERGING = "RdBu_r"  # signed values: blue negative, white 0, red positive
SEQUENTIAL = "viridis"  # weights and similarities in [0, 1]

#: Where an axes sits in its figure: (left, bottom, width, height), in fractions of the figure.
Rect = tuple[float, float, float, float]


def new_figure(
    width: float, height: float, *, dpi: int = 90, rects: Sequence[Rect] | None = None
) -> tuple[Figure, Axes]:
    """A figure that pyplot does not manage (so it never shows itself) and its one axes.

    By default the axes fills the figure, with constrained layout. With `rects`, a list
    of one :data:`Rect`, it is placed there by hand, as :func:`placed_figure` places several.

    Examples
    --------
    >>> fig, ax = new_figure(4, 3)
    >>> fig.get_size_inches().tolist(), float(fig.dpi)
    ([4.0, 3.0], 90.0)
    >>> fig, ax = new_figure(4, 3, rects=[(0.1, 0.1, 0.8, 0.8)])
    >>> fig.get_layout_engine() is None
    True
    """
    if rects is not None:
        if len(rects) != 1:
            raise ValueError(f"new_figure makes one axes; got {len(rects)} rects: place several with placed_figure.")
        fig, (ax,) = placed_figure(width, height, rects, dpi=dpi)
        return fig, ax
    fig = Figure(figsize=(width, height), dpi=dpi, layout="constrained")
    return fig, fig.subplots()


def placed_figure(width: float, height: float, rects: Sequence[Rect], *, dpi: int = 90) -> tuple[Figure, list[Axes]]:
    """A figure that pyplot does not manage and one axes at each of `rects`, placed by hand.

    No layout engine runs: the live figures of ``posenc.widgets`` are made this way, since
    constrained layout costs about 0.2 s per figure.

    Examples
    --------
    >>> fig, (a, b) = placed_figure(4, 3, [(0.1, 0.1, 0.3, 0.8), (0.6, 0.1, 0.3, 0.8)])
    >>> fig.get_layout_engine() is None, len(fig.axes), float(b.get_position().x0)
    (True, 2, 0.6)
    """
    fig = Figure(figsize=(width, height), dpi=dpi)
    return fig, [fig.add_axes(rect) for rect in rects]


def plot_table(
    ax: Axes, table: np.ndarray, *, title: str = "", vmin: float = -1.0, vmax: float = 1.0, colorbar: bool | Axes = True
) -> AxesImage:
    """Draw a position table as a heatmap: one row per position, one column per dimension.

    `colorbar` is True (take room from `ax`), False, or the Axes to draw it in.

    Examples
    --------
    >>> import posenc
    >>> fig, ax = new_figure(4, 3)
    >>> im = plot_table(ax, posenc.sinusoidal(24, 48), title="PE")
    >>> im.get_array().shape
    (24, 48)
    """
    im = ax.imshow(table, aspect="auto", cmap=DIVERGING, vmin=vmin, vmax=vmax, interpolation="nearest")
    ax.set_xlabel("dimension (column)")
    ax.set_ylabel("position (row)")
    if title:
        ax.set_title(title)
    if colorbar is True:
        ax.figure.colorbar(im, ax=ax, fraction=0.04, pad=0.01, label="value", ticks=_bar_ticks(vmin, vmax))
    elif colorbar:  # an Axes to draw the colour bar in
        ax.figure.colorbar(im, cax=colorbar, label="value", ticks=_bar_ticks(vmin, vmax))
    return im


def _bar_ticks(vmin: float, vmax: float) -> np.ndarray:
    """Five colour-bar ticks: fixed ticks draw faster than a tick locator's and read as well."""
    return np.linspace(vmin, vmax, 5)


def plot_matrix(
    ax: Axes,
    matrix: np.ndarray,
    row_labels,
    col_labels,
    *,
    cmap: str = SEQUENTIAL,
    vmin: float = 0.0,
    vmax: float = 1.0,
    annotate: bool = True,
    fmt: str = "{:.2f}",
) -> tuple[AxesImage, list[Text]]:
    """Draw a small matrix with labelled rows and columns, and its values written in the cells.

    Returns the image and the list of cell texts (row by row), so a caller can update them.

    Examples
    --------
    >>> fig, ax = new_figure(3, 3)
    >>> im, texts = plot_matrix(ax, np.eye(2), ["a", "b"], ["a", "b"])
    >>> [t.get_text() for t in texts]
    ['1.00', '0.00', '0.00', '1.00']
    """
    im = ax.imshow(matrix, cmap=cmap, vmin=vmin, vmax=vmax, interpolation="nearest")
    ax.set_xticks(range(matrix.shape[1]), labels=list(col_labels))
    ax.set_yticks(range(matrix.shape[0]), labels=list(row_labels))
    texts = []
    if annotate:
        for (i, j), value in np.ndenumerate(matrix):
            texts.append(
                ax.text(j, i, fmt.format(value), ha="center", va="center", fontsize=9, color=ink(value, vmin, vmax))
            )
    return im, texts


def ink(value: float, vmin: float, vmax: float) -> str:
    """Black or white text, whichever reads better on a viridis cell of this value (the course's one rule).

    Examples
    --------
    >>> ink(0.9, 0.0, 1.0), ink(0.1, 0.0, 1.0)
    ('black', 'white')
    """
    return "black" if (value - vmin) / (vmax - vmin + 1e-12) > 0.55 else "white"


def plot_clock_faces(ax: Axes, centres: list[tuple[float, float]]) -> tuple[list[Circle], Line2D, Line2D]:
    """Unit circles at `centres`, each with a hand pointing up. Returns (circles, hands, tips).

    All hands are one line (segments separated by NaN) and all tips one set of markers,
    so that moving every hand redraws two artists, not two per face. Set them with
    :func:`set_clock_hands`. The caller sets the limits and ``ax.set_aspect("equal")``.

    Examples
    --------
    >>> fig, ax = new_figure(2, 2)
    >>> circles, hands, tips = plot_clock_faces(ax, [(0.0, 0.0), (3.0, 0.0)])
    >>> tips.get_xydata().tolist()
    [[0.0, 1.0], [3.0, 1.0]]
    """
    circles = [Circle(centre, 1.0, fill=False, color="0.4", lw=1.2) for centre in centres]
    for circle in circles:
        ax.add_patch(circle)
    (hands,) = ax.plot([], [], color="black", lw=2.2, solid_capstyle="round")
    (tips,) = ax.plot([], [], "o", color="#d6604d", ms=5)
    set_clock_hands(hands, tips, centres, np.zeros(len(centres)))
    return circles, hands, tips


def set_clock_hands(hands: Line2D, tips: Line2D, centres, angles: np.ndarray) -> None:
    """Point the hand at each of the first ``len(angles)`` centres at ``(sin a, cos a)``.

    Angle 0 points straight up; angles grow clockwise, like a clock.

    Examples
    --------
    >>> fig, ax = new_figure(2, 2)
    >>> circles, hands, tips = plot_clock_faces(ax, [(0.0, 0.0), (3.0, 0.0)])
    >>> set_clock_hands(hands, tips, [(0.0, 0.0), (3.0, 0.0)], np.array([np.pi / 2]))
    >>> tips.get_xydata().round(6).tolist()  # only the first face has a hand now
    [[1.0, 0.0]]
    """
    cx, cy = np.asarray(centres, dtype=float)[: len(angles)].T  # (n,) each
    tx, ty = cx + np.sin(angles), cy + np.cos(angles)  # (n,) each
    nan = np.full_like(cx, np.nan)
    hands.set_data(np.column_stack([cx, tx, nan]).ravel(), np.column_stack([cy, ty, nan]).ravel())
    tips.set_data(tx, ty)


def plot_similarity(ax: Axes, similarity: np.ndarray, *, title: str = "") -> AxesImage:
    """Draw a (seq_len, seq_len) similarity matrix of positions on a fixed -1..1 scale.

    Compute it with :func:`posenc.analysis.cosine_similarity`.

    Examples
    --------
    >>> import posenc
    >>> from posenc.analysis import cosine_similarity
    >>> fig, ax = new_figure(3, 3)
    >>> im = plot_similarity(ax, cosine_similarity(posenc.sinusoidal(10, 8)))
    >>> im.get_array().shape, im.get_clim()
    ((10, 10), (-1.0, 1.0))
    """
    im = ax.imshow(similarity, cmap=DIVERGING, vmin=-1, vmax=1, interpolation="nearest")
    ax.set_xlabel("position q")
    ax.set_ylabel("position p")
    ticks = np.arange(0, similarity.shape[0], max(1, similarity.shape[0] // 4))  # fixed ticks: cheaper than a locator
    ax.set_xticks(ticks)
    ax.set_yticks(ticks)
    if title:
        ax.set_title(title)
    ax.figure.colorbar(im, ax=ax, fraction=0.045, pad=0.02, label="cosine similarity", ticks=_bar_ticks(-1, 1))
    return im


def plot_binary_and_sinusoidal(
    ax_bits: Axes, ax_waves: Axes, bits: np.ndarray, sines: np.ndarray, *, base: float
) -> tuple[AxesImage, AxesImage]:
    """Binary digits of the positions beside the sine columns of a sinusoidal table.

    Parameters
    ----------
    bits : ndarray, shape (seq_len, n_bits)
        From :func:`posenc.analysis.binary_digits`, least significant bit first.
    sines : ndarray, shape (seq_len, d_model // 2)
        The sine columns, ``sinusoidal(seq_len, d_model, base=base)[:, 0::2]``.
    base : float
        The table's base, named in the title (a small base such as 100 lets the slow
        columns visibly move within a few positions).

    Examples
    --------
    >>> import posenc
    >>> from posenc.analysis import binary_digits
    >>> fig, (a, b) = placed_figure(6, 3, [(0.08, 0.15, 0.4, 0.75), (0.58, 0.15, 0.4, 0.75)])
    >>> sines = posenc.sinusoidal(8, 6, base=100)[:, 0::2]
    >>> im_bits, im_waves = plot_binary_and_sinusoidal(a, b, binary_digits(np.arange(8), 3), sines, base=100)
    >>> im_bits.get_array().shape, im_waves.get_array().shape
    ((8, 3), (8, 3))
    """
    seq_len, n_bits = bits.shape
    im_bits = ax_bits.imshow(2 * bits - 1, aspect="auto", cmap=DIVERGING, vmin=-1.5, vmax=1.5, interpolation="nearest")
    ax_bits.set_title("binary digits: 0 = blue, 1 = red")
    ax_bits.set_xlabel("bit (0 = fastest)")
    ax_bits.set_ylabel("position")
    ax_bits.set_xticks(range(n_bits))
    ax_bits.set_yticks(range(0, seq_len, 4))
    im_waves = ax_waves.imshow(sines, aspect="auto", cmap=DIVERGING, vmin=-1, vmax=1, interpolation="nearest")
    ax_waves.set_title(f"sinusoidal: sine columns (base {base:g})")
    ax_waves.set_xlabel("pair i (0 = fastest)")
    ax_waves.set_ylabel("position")
    ax_waves.set_xticks(range(sines.shape[1]))
    ax_waves.set_yticks(range(0, seq_len, 4))
    return im_bits, im_waves


# lesson 07's curves of a language model against the window it reads: a module of their own, named here too
from posenc.plotting.curves import (  # noqa: E402
    HYBRID,
    curve_name,
    plot_curves,
    plot_loss_against_window,
    plot_position_losses,
)
