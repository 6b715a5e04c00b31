"""Lesson 04's explorers: a learned table as it trains, and a real model's table beside the sinusoidal one."""

from __future__ import annotations

import ipywidgets
import numpy as np
from matplotlib import colormaps

from posenc._validation import check_int_in
from posenc.analysis import cosine_similarity, principal_components
from posenc.learned import minilm_positions
from posenc.live import Drawing, Explorer, int_slider
from posenc.plotting import DIVERGING, SEQUENTIAL, placed_figure, plot_table
from posenc.sinusoidal import sinusoidal
from posenc.training import TrainingRun, train_parity_table

__all__ = ["training_explorer", "minilm_explorer"]


class _TrainingExplorer(Explorer):
    def __init__(self, run: TrainingRun, step: int) -> None:
        self.run = run
        every = int(run.steps[1] - run.steps[0]) if run.steps.size > 1 else 1
        self.step = int_slider("training step", step, 0, int(run.steps[-1]), step=every)
        super().__init__([self.step], self.step)

    def _build_figure(self) -> Drawing:
        run, n = self.run, self.run.train_len
        max_len, d_model = run.tables.shape[1:]
        rects = [(0.07, 0.12, 0.3, 0.76), (0.385, 0.12, 0.012, 0.76), (0.54, 0.58, 0.44, 0.3), (0.54, 0.12, 0.44, 0.3)]
        fig, (ax_t, cax, ax_l, ax_a) = placed_figure(9.0, 4.4, rects)
        self.image = plot_table(ax_t, run.tables[0], vmin=-1.0, vmax=1.0, colorbar=cax)
        # the boundary and its labels lie on the moving image, so they are redrawn after it
        boundary = [
            ax_t.axhline(n - 0.5, color="black", lw=1.5, ls="--"),
            ax_t.text(d_model - 0.7, n - 1.0, "seen in training ↑", ha="right", va="bottom", fontsize=8),
            ax_t.text(d_model - 0.7, n, "never seen ↓", ha="right", va="top", fontsize=8),
        ]
        self.table_title = ax_t.set_title(" ", fontsize=10)
        steps = np.arange(1, run.losses.size + 1)
        ax_l.plot(steps, run.losses, color="#2166ac", lw=1.2)
        ax_l.set_xlim(0, run.losses.size)
        ax_l.set_ylim(0, max(0.8, float(run.losses.max()) * 1.05))
        ax_l.set_ylabel("training loss")
        ax_l.set_xlabel("step")
        ax_l.set_title("Loss (cross-entropy; 0.693 = guessing)", fontsize=10)
        self.cursor = ax_l.axvline(0, color="black", lw=1, ls=":")
        positions = np.arange(max_len)
        ax_a.axhline(0.5, color="0.5", lw=1, ls="--")
        ax_a.axvline(n - 0.5, color="black", lw=1.5, ls="--")
        (self.acc_seen,) = ax_a.plot(
            positions[:n], run.accuracy[0, :n], "o-", color="#2166ac", ms=3, lw=1, label="seen"
        )
        (self.acc_unseen,) = ax_a.plot(
            positions[n:], run.accuracy[0, n:], "s:", color="#b2182b", ms=3, lw=1, label="never seen"
        )
        ax_a.set_xlim(-0.5, max_len - 0.5)
        ax_a.set_ylim(0, 1.05)
        ax_a.set_xlabel("position")
        ax_a.set_ylabel("accuracy")
        ax_a.legend(loc="lower left", fontsize=8, ncols=2, frameon=False)
        self.acc_title = ax_a.set_title(" ", fontsize=10)
        dynamic = [self.image, *boundary, *ax_t.spines.values(), self.cursor, self.acc_seen, self.acc_unseen]
        # the titles' strings recur as the learner scrubs back and forth: cached sprites
        return fig, dynamic, [], [self.table_title, self.acc_title]

    def _redraw(self) -> str:
        run, n = self.run, self.run.train_len
        i = int(np.searchsorted(run.steps, self.step.value))
        step = int(run.steps[i])
        table, acc = run.tables[i], run.accuracy[i]
        self.image.set_data(table)
        self.table_title.set_text(f"Position table after {step} steps")
        self.cursor.set_xdata([step, step])
        self.acc_seen.set_ydata(acc[:n])
        self.acc_unseen.set_ydata(acc[n:])
        seen, unseen = acc[:n].mean(), acc[n:].mean()
        self.acc_title.set_text(f"Accuracy at each position: {seen:.0%} seen, {unseen:.0%} never seen")
        moved = np.abs(table - run.tables[0]).max(axis=1)  # (max_len,)
        loss = f"{run.losses[step - 1]:.3f}" if step else "not yet trained"
        return (
            f"step <b>{step}</b> · loss {loss} · accuracy at positions 0–{n - 1}: {seen:.0%}, "
            f"at {n}–{run.max_len - 1}: {unseen:.0%} · largest change since step 0: "
            f"rows 0–{n - 1} {moved[:n].max():.3f}, rows {n}–{run.max_len - 1} {moved[n:].max():.3f}"
        )


def training_explorer(run: TrainingRun | None = None, *, step: int = 0) -> Explorer:
    """Scrub through the training of a learned table: the table, the loss, the accuracy at each position.

    Parameters
    ----------
    run : TrainingRun, optional
        From :func:`posenc.training.train_parity_table`; trained with its defaults if not given.
    step : int, default 0
        The snapshot shown first.

    Notes
    -----
    Used in ``notebooks/04_learned_tables.ipynb``.

    Examples
    --------
    >>> explorer = training_explorer()
    >>> explorer.step.value = 300
    >>> explorer.state.split(" · ")[2]
    'accuracy at positions 0–15: 100%, at 16–31: 48%'
    """
    if run is not None and not isinstance(run, TrainingRun):
        raise TypeError(f"run must be a TrainingRun (from train_parity_table) or None; got run={run!r}.")
    run = run if run is not None else train_parity_table()
    every = int(run.steps[1] - run.steps[0]) if run.steps.size > 1 else 1
    step = check_int_in(step, "step", 0, int(run.steps[-1]), step=every, why=" (the steps the run recorded)")
    return _TrainingExplorer(run, step)


class _MinilmExplorer(Explorer):
    pair_labels = ("PC 1 & PC 2", "PC 3 & PC 4", "PC 5 & PC 6")
    near = 24  # the similarity panels show rows p - near .. p + near
    trail = 6  # the rows p .. p + trail are joined in order in the components panels

    def __init__(self, position: int) -> None:
        learned = minilm_positions().astype(np.float64)  # (512, 384)
        self.names = ("MiniLM (learned)", "sinusoidal")
        self.tables = (learned, sinusoidal(*learned.shape))
        self.similarity = [cosine_similarity(t) for t in self.tables]  # (512, 512) each
        n, w = learned.shape[0], self.near
        # each similarity matrix with a margin of NaN (no row there), so every window is one slice
        self.padded = [np.pad(s, w, constant_values=np.nan) for s in self.similarity]  # (512 + 2w, 512 + 2w)
        self.coords, self.explained = [], []
        for table in self.tables:
            coords, explained = principal_components(table, n_components=6)  # (512, 6), (6,)
            self.coords.append(coords / np.abs(coords).max(axis=0))  # each component scaled into [-1, 1]
            self.explained.append(explained)
        self.position = int_slider("position", position, 0, n - 1)
        self.pair = ipywidgets.ToggleButtons(options=list(self.pair_labels), description="components")
        self.pair.style.button_width = "96px"
        super().__init__([self.position, self.pair], self.position)

    def _build_figure(self) -> Drawing:
        n, w = self.tables[0].shape[0], self.near
        # inches: panels 2.6 square, room for tick labels, axis labels and titles around them
        fig, axes = placed_figure(
            9.3,
            7.25,
            [
                (0.086, 0.593, 0.2796, 0.3586),  # MiniLM: similarity of the rows near p
                (0.5645, 0.593, 0.2796, 0.3586),  # MiniLM: principal components
                (0.086, 0.1103, 0.2796, 0.3586),  # sinusoidal: similarity
                (0.5645, 0.1103, 0.2796, 0.3586),  # sinusoidal: principal components
                (0.3817, 0.1103, 0.014, 0.8414),  # colour bar: similarity
                (0.8602, 0.1103, 0.014, 0.8414),  # colour bar: position
            ],
        )
        cmap = colormaps[DIVERGING].with_extremes(bad="0.82")  # grey: past either end of the table
        ticks = [-w, -w // 2, 0, w // 2, w]
        labels = [f"p − {w}", f"p − {w // 2}", "p", f"p + {w // 2}", f"p + {w}"]
        self.windows, self.points, self.marks, self.trails, self.pc_titles = [], [], [], [], []
        dynamic: list = []
        for r, name in enumerate(self.names):
            ax_s, ax_p = axes[2 * r : 2 * r + 2]
            window = ax_s.imshow(
                np.zeros((2 * w + 1, 2 * w + 1)),
                cmap=cmap,
                vmin=-1,
                vmax=1,
                interpolation="nearest",
                extent=(-w - 0.5, w + 0.5, w + 0.5, -w - 0.5),
            )
            self.windows.append(window)
            dynamic += [window, *ax_s.spines.values()]  # the spines stay on top of the moving image
            ax_s.set_xticks(ticks, labels, fontsize=9)
            ax_s.set_yticks(ticks, labels, fontsize=9)
            ax_s.set_xlabel("row (position)", fontsize=10)
            ax_s.set_ylabel("row (position)", fontsize=10)
            ax_s.set_title(f"{name}: cosine similarity", fontsize=11)
            dots = ax_p.scatter(np.zeros(n), np.zeros(n), c=np.arange(n), cmap=SEQUENTIAL, s=8, vmin=0, vmax=n - 1)
            (trail,) = ax_p.plot([], [], color="black", lw=1.3, zorder=3)
            (mark,) = ax_p.plot([0], [0], "o", ms=11, mfc="none", mec="#b2182b", mew=2.2, zorder=4)
            self.points.append(dots)
            self.trails.append(trail)
            self.marks.append(mark)
            dynamic += [trail, mark]
            ax_p.set_xlim(-1.1, 1.1)
            ax_p.set_ylim(-1.1, 1.1)
            ax_p.set_aspect("equal")
            ax_p.set_xticks([-1, 0, 1])
            ax_p.set_yticks([-1, 0, 1])
            ax_p.tick_params(labelsize=9)
            ax_p.set_xlabel("first component of the pair (scaled)", fontsize=10)
            ax_p.set_ylabel("second component (scaled)", fontsize=10)
            self.pc_titles.append(ax_p.set_title(" ", fontsize=10.5))
        bar = fig.colorbar(self.windows[0], cax=axes[4], ticks=[-1, -0.5, 0, 0.5, 1])
        bar.set_label("cosine similarity (grey: no row there)", fontsize=10)
        bar = fig.colorbar(self.points[0], cax=axes[5], ticks=[0, 128, 256, 384, n - 1])
        bar.set_label("position of the row (dot colour)", fontsize=10)
        fig.text(
            0.5,
            0.012,
            f"Red circle: row p.  Black line: rows p, p + 1, …, p + {self.trail} joined in order.",
            ha="center",
            fontsize=10,
        )
        return fig, dynamic, [*self.points, *self.pc_titles], []

    def _slow_key(self) -> object:
        return self.pair.value

    def _redraw(self) -> str:
        p, w = self.position.value, self.near
        a = 2 * self.pair.index
        for r in range(2):
            self.windows[r].set_data(self.padded[r][p : p + 2 * w + 1, p : p + 2 * w + 1])  # rows p - w .. p + w
            xy = self.coords[r][:, a : a + 2]  # (512, 2)
            self.points[r].set_offsets(xy)
            share = self.explained[r][a : a + 2].sum()
            short = self.names[r].split(" ")[0]
            self.pc_titles[r].set_text(f"{short}: PC {a + 1} & {a + 2}, {share:.1%} of variance")
            self.marks[r].set_data([xy[p, 0]], [xy[p, 1]])
            self.trails[r].set_data(xy[p : p + self.trail + 1, 0], xy[p : p + self.trail + 1, 1])
        parts = []
        for name, sim, table in zip(self.names, self.similarity, self.tables, strict=True):
            near = [f"{sim[p, q]:.2f}" for q in (p - 1, p + 1) if 0 <= q < len(sim)]
            parts.append(
                f"{name}: similarity to its neighbours {' and '.join(near)}, row length {np.linalg.norm(table[p]):.2f}"
            )
        return f"position <b>{p}</b> · {self.pair.value} · " + " · ".join(parts)


def minilm_explorer(*, position: int = 0) -> Explorer:
    """A real model's learned table beside the sinusoidal one: similarities and principal components.

    Top row: the 512 × 384 position table of all-MiniLM-L6-v2 (:func:`posenc.minilm_positions`);
    bottom row: ``sinusoidal(512, 384)``. For each: the cosine similarity of every pair of
    rows from ``p - 24`` to ``p + 24`` (a window that follows the chosen row ``p``, grey past
    either end of the table, close enough to show MiniLM's stripes), and every row placed by a
    pair of principal components, coloured by position (a colour bar gives the key), with row
    ``p`` circled and the rows ``p .. p + 6`` joined in order.

    Notes
    -----
    Used in ``notebooks/04_learned_tables.ipynb``.

    Examples
    --------
    >>> explorer = minilm_explorer()
    >>> explorer.position.value = 100
    >>> explorer.state.split(" · ")[2]
    'MiniLM (learned): similarity to its neighbours 0.86 and 0.86, row length 0.42'
    """
    position = check_int_in(position, "position", 0, 511, why=" (MiniLM's table has 512 rows)")
    return _MinilmExplorer(position)
