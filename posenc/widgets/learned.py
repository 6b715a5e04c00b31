"""Lesson 04's explorers: a learned table as it trains, and a real model's table beside the sinusoidal one."""

from __future__ import annotations

import ipywidgets
import numpy as np

from posenc._live import Drawing, Explorer, int_slider
from posenc.analysis import cosine_similarity, principal_components
from posenc.learned import minilm_positions
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
    return _TrainingExplorer(run if run is not None else train_parity_table(), step)


class _MinilmExplorer(Explorer):
    pair_labels = ("PC 1 & PC 2", "PC 3 & PC 4", "PC 5 & PC 6")

    def __init__(self, position: int) -> None:
        learned = minilm_positions().astype(np.float64)  # (512, 384)
        self.names = ("MiniLM (learned)", "sinusoidal")
        self.tables = (learned, sinusoidal(*learned.shape))
        self.similarity = [cosine_similarity(t) for t in self.tables]  # (512, 512) each
        self.coords, self.explained = [], []
        for table in self.tables:
            coords, explained = principal_components(table, n_components=6)  # (512, 6), (6,)
            self.coords.append(coords / np.abs(coords).max(axis=0))  # each component scaled into [-1, 1]
            self.explained.append(explained)
        self.position = int_slider("position", position, 0, learned.shape[0] - 1)
        self.pair = ipywidgets.ToggleButtons(options=list(self.pair_labels), description="components")
        self.pair.style.button_width = "96px"
        super().__init__([self.position, self.pair], self.position)

    def _build_figure(self) -> Drawing:
        n = self.tables[0].shape[0]
        fig, axes = placed_figure(
            9.2,
            5.6,
            [
                (0.065, 0.595, 0.22, 0.35),
                (0.415, 0.595, 0.22, 0.35),
                (0.745, 0.595, 0.24, 0.35),
                (0.065, 0.085, 0.22, 0.35),
                (0.415, 0.085, 0.22, 0.35),
                (0.745, 0.085, 0.24, 0.35),
                (0.292, 0.085, 0.008, 0.86),
            ],
        )
        cax = axes[6]
        positions = np.arange(n)
        self.rows, self.points, self.marks, self.profiles, self.here, self.pc_titles = [], [], [], [], [], []
        for r, (name, sim) in enumerate(zip(self.names, self.similarity, strict=True)):
            ax_s, ax_p, ax_r = axes[3 * r : 3 * r + 3]
            im = ax_s.imshow(sim, cmap=DIVERGING, vmin=-1, vmax=1, interpolation="nearest")
            ax_s.set_xticks([0, 128, 256, 384, 511])
            ax_s.set_yticks([0, 128, 256, 384, 511])
            ax_s.set_xlabel("position q")
            ax_s.set_ylabel("position p")
            ax_s.set_title(f"{name}: cosine similarity", fontsize=10)
            self.rows.append(ax_s.axhline(0, color="black", lw=1))
            (path,) = ax_p.plot([], [], color="0.8", lw=0.6, zorder=0.5)  # under the dots
            dots = ax_p.scatter(np.zeros(n), np.zeros(n), c=positions, cmap=SEQUENTIAL, s=5, vmin=0, vmax=n - 1)
            self.points.append((path, dots))
            (mark,) = ax_p.plot([0], [0], "o", ms=9, mfc="none", mec="#b2182b", mew=2)
            self.marks.append(mark)
            ax_p.set_xlim(-1.1, 1.1)
            ax_p.set_ylim(-1.1, 1.1)
            ax_p.set_aspect("equal")
            ax_p.set_xticks([-1, 0, 1])
            ax_p.set_yticks([-1, 0, 1])
            ax_p.set_xlabel("first component of the pair (scaled)", fontsize=9)
            ax_p.set_ylabel("second component (scaled)", fontsize=9)
            self.pc_titles.append(ax_p.set_title(" ", fontsize=10))
            (profile,) = ax_r.plot(positions, sim[0], color="#2166ac", lw=0.8)
            self.profiles.append(profile)
            self.here.append(ax_r.axvline(0, color="#b2182b", lw=1, ls=":"))
            ax_r.axhline(0, color="0.7", lw=0.8)
            ax_r.set_xlim(0, n - 1)
            ax_r.set_ylim(-1.05, 1.05)
            ax_r.set_xticks([0, 128, 256, 384, 511])
            ax_r.set_xlabel("position q")
            ax_r.set_ylabel("similarity to row p")
            ax_r.set_title(f"{name}: row p vs every q", fontsize=10)
        fig.colorbar(im, cax=cax, ticks=[-1, -0.5, 0, 0.5, 1])
        slow = [artist for pair in self.points for artist in pair] + self.pc_titles
        dynamic = [*self.rows, *self.marks, *self.profiles, *self.here]
        return fig, dynamic, slow, []

    def _slow_key(self) -> object:
        return self.pair.value

    def _redraw(self) -> str:
        p = self.position.value
        a = 2 * self.pair.index
        for r in range(2):
            xy = self.coords[r][:, a : a + 2]  # (512, 2)
            path, dots = self.points[r]
            path.set_data(xy[:, 0], xy[:, 1])
            dots.set_offsets(xy)
            share = self.explained[r][a : a + 2].sum()
            self.pc_titles[r].set_text(f"PC {a + 1} and PC {a + 2}: {share:.1%} of the variance")
            self.marks[r].set_data([xy[p, 0]], [xy[p, 1]])
            self.rows[r].set_ydata([p, p])
            self.profiles[r].set_ydata(self.similarity[r][p])
            self.here[r].set_xdata([p, p])
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
    rows (the chosen row marked), every row placed by a pair of principal components
    (the chosen position circled; colour is position), and the chosen row's similarity to
    every other.

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
    return _MinilmExplorer(position)
