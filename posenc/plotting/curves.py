"""Lesson 07's figures: a language model's loss against the window it reads, per scheme, with its seeds' spread."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from matplotlib.axes import Axes
from matplotlib.lines import Line2D

from posenc.schemes import SCHEMES

__all__ = ["HYBRID", "curve_name", "plot_curves", "plot_loss_against_window", "plot_position_losses"]


#: How figures draw lesson 07's hybrid (RoPE in layer 1, none in layer 2): RoPE's family, a lighter blue.
HYBRID = {"color": "#56b4e9", "linestyle": (0, (5, 1)), "marker": "<"}


def curve_name(label: str) -> str:
    """How figures and tables name one of lesson 07's configurations: ``"rope+none"`` is the hybrid.

    Examples
    --------
    >>> curve_name("t5"), curve_name("rope+none"), curve_name("none")
    ('T5 bias', 'hybrid (RoPE, then none)', 'none (NoPE)')
    """
    special = {"rope+none": "hybrid (RoPE, then none)", "none": "none (NoPE)"}
    return special.get(label, SCHEMES[label].label if label in SCHEMES else label)


def _look(label: str) -> dict:
    """The colour, line style and marker of one of lesson 07's configurations, or of the floor (grey)."""
    if label in SCHEMES:
        style = SCHEMES[label].style
        return {"color": style.color, "linestyle": style.linestyle, "marker": style.marker}
    return {"color": "0.35", "linestyle": "-", "marker": "."} if label == "floor" else dict(HYBRID)


def _window_axis(ax: Axes, ticks: Sequence[float], train_len: int) -> None:
    """W / L on a log-2 axis, ticked L, 2L, 4L, ..."""
    ax.set_xscale("log", base=2)
    ax.set_xticks(list(ticks), labels=[("L" if t == 1 else f"{t:g}L") for t in ticks])
    ax.minorticks_off()
    ax.set_xlabel(f"window W the model reads (L = {train_len}, its training length)")


def plot_curves(
    ax: Axes,
    curves: dict,
    labels: Sequence[str],
    train_len: int,
    *,
    band: bool = True,
    ylabel: str = "loss above the floor (nats)",
) -> list[Line2D]:
    """Draw each of `labels`' curves (``posenc.lm.results.curves``) against W / L on a log-2 axis: the mean over the
    seeds as a line in the scheme's style, the lowest-to-highest range over the seeds as a band; label the axes and
    add a legend. A curve with one window (a learned table, which stops at L) is a single marker.

    Examples
    --------
    >>> from posenc.lm.results import curves, load_results
    >>> from posenc.plotting import new_figure
    >>> fig, ax = new_figure(6, 4)
    >>> lines = plot_curves(ax, curves(load_results()), ["alibi", "learned"], 32)
    >>> [line.get_label() for line in lines]
    ['ALiBi', 'learned (stops at L)']
    """
    lines = []
    for label in labels:
        curve = curves[label]
        x = curve.windows / train_len
        look = _look(label)
        name = curve_name(label) + (" (stops at L)" if len(x) == 1 else "")
        if band:
            ax.fill_between(x, curve.low, curve.high, color=look["color"], alpha=0.25, lw=0)
        (line,) = ax.plot(x, curve.mean, label=name, ms=5, lw=1.8, **look)
        lines.append(line)
    _window_axis(ax, sorted({float(w) for label in labels for w in curves[label].windows / train_len}), train_len)
    ax.set_ylabel(ylabel)
    ax.legend(fontsize=8, loc="upper left")
    return lines


def plot_loss_against_window(ax: Axes, by_mode: dict, labels: Sequence[str], train_len: int) -> list[Line2D]:
    """Each of `labels`' mean loss against W / L in each evaluation mode of `by_mode` (``{"non-overlapping":
    curves(..., quantity="loss"), "sliding": ...}``): solid lines for the windows cut without overlap, dashed
    for the sliding ones.

    Examples
    --------
    >>> from posenc.lm.results import curves, load_results
    >>> full = load_results()
    >>> by_mode = {mode: curves(full, mode, "loss") for mode in ("non-overlapping", "sliding")}
    >>> from posenc.plotting import new_figure
    >>> fig, ax = new_figure(6, 4)
    >>> [line.get_label() for line in plot_loss_against_window(ax, by_mode, ["alibi", "floor"], 32)]
    ['ALiBi, cut', 'the floor, cut', 'ALiBi, sliding', 'the floor, sliding']
    """
    lines = []
    for mode, found in by_mode.items():
        how = "cut" if mode == "non-overlapping" else mode
        for label in labels:
            curve, look = found[label], _look(label)
            name = "the floor" if label == "floor" else curve_name(label)
            (line,) = ax.plot(
                curve.windows / train_len,
                curve.mean,
                color=look["color"],
                marker=look["marker"],
                ls="-" if mode == "non-overlapping" else "--",
                ms=5,
                label=f"{name}, {how}",
            )
            lines.append(line)
    _window_axis(
        ax, sorted({float(w) for found in by_mode.values() for w in found[labels[0]].windows / train_len}), train_len
    )
    ax.set_ylabel("mean loss (nats)")
    ax.legend(fontsize=8)
    return lines


def plot_position_losses(ax: Axes, starts: np.ndarray, losses: dict[str, np.ndarray]) -> list[Line2D]:
    """Loss against the position in a window (``posenc.lm.results.position_losses``): one line per entry of `losses`,
    named by its key; a key "the floor" is drawn grey and dashed.

    Examples
    --------
    >>> from posenc.plotting import new_figure
    >>> fig, ax = new_figure(6, 4)
    >>> lines = plot_position_losses(ax, np.arange(4), {"ALiBi": np.ones(4), "the floor": np.zeros(4)})
    >>> [line.get_linestyle() for line in lines]
    ['-', '--']
    """
    lines = []
    for name, loss in losses.items():
        floor = name == "the floor"
        look = {"color": "0.35", "ls": "--"} if floor else {"color": "#009e73", "ls": "-", "marker": "o", "ms": 3}
        lines += ax.plot(starts, loss, label=name, **look)
    ax.set_xlabel("position in the window (its tokens of context, minus 1)")
    ax.set_ylabel("mean loss (nats)")
    ax.legend(fontsize=8)
    return lines
