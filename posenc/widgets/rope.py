"""Lesson 05's explorers: RoPE's rotations drawn pair by pair, and how its scores fade with distance."""

from __future__ import annotations

import ipywidgets
import numpy as np

from posenc._validation import as_float_array, check_base, check_int, check_int_in, check_positive_int
from posenc.live import Drawing, Explorer, checkbox, int_slider, selection_slider
from posenc.plotting import placed_figure
from posenc.rope import apply_rope, rope_angles, rope_decay_bound

__all__ = ["rope_explorer", "rope_distance_explorer"]

QUERY, KEY = "#b2182b", "#2166ac"  # red and blue, also told apart by line style (solid, dashed)
RANDOM = "#e69f00"  # orange (Okabe-Ito): the random pair beside the blue best case
RANDOM_SEED = 0  # the distance explorer's random q and k


class _RopeExplorer(Explorer):
    max_pairs = 4

    def __init__(self, q: np.ndarray, k: np.ndarray, base: float, max_position: int, i: int, j: int) -> None:
        self.q, self.k, self.base_value = q, k, base
        self.d_head = q.shape[0]
        self.pairs = min(self.d_head // 2, self.max_pairs)
        self.i = int_slider("query position i", i, 0, max_position)
        self.j = int_slider("key position j", j, 0, max_position)
        self.keep = checkbox("keep the offset i − j (moving i moves j)")
        self._offset = i - j
        super().__init__([self.i, self.j, self.keep], self.i, also=self.keep)

    def _on_change(self, change: dict) -> None:
        if change["owner"] is self.keep and self.keep.value:
            self._offset = self.i.value - self.j.value
        if change["owner"] is self.i and self.keep.value and not self._held:
            with self.holding():  # move j with i, then draw once
                self.j.value = int(np.clip(self.i.value - self._offset, self.j.min, self.j.max))
            return
        super()._on_change(change)

    def _build_figure(self) -> Drawing:
        width = max(2.6 * self.pairs + 0.4, 5.6)  # one pair: wide enough for the title
        height = 4.4 if self.pairs < 3 else 3.8  # room below the panels for the key (two rows of it, or one)
        bottom, top = (0.2, 0.78) if self.pairs < 3 else (0.2, 0.75)
        step = 1 / self.pairs
        rects = [(i * step + 0.02, bottom, step - 0.04, top - bottom) for i in range(self.pairs)]
        if self.pairs == 1:
            rects = [(0.25, bottom, 0.5, top - bottom)]
        fig, axes = placed_figure(width, height, rects)
        theta = np.linspace(0, 2 * np.pi, 200)
        self.arrows, self.titles = [], []
        for i, ax in enumerate(axes):
            pair = [2 * i, 2 * i + 1]  # interleaved pairs, as in the paper
            reach = 1.15 * max(float(np.linalg.norm(self.q[pair])), float(np.linalg.norm(self.k[pair])), 1e-9)
            ax.plot(reach / 1.15 * np.cos(theta), reach / 1.15 * np.sin(theta), color="0.88", lw=0.8)
            ax.axhline(0, color="0.85", lw=0.6)
            ax.axvline(0, color="0.85", lw=0.6)
            # before turning (position 0): thinner, dotted, lighter, with hollow tips
            for vector, colour, tip, who in [(self.q, QUERY, "o", "query"), (self.k, KEY, "s", "key")]:
                ax.plot(
                    [0, vector[pair][0]],
                    [0, vector[pair][1]],
                    color=colour,
                    lw=1.4,
                    ls=":",
                    marker=tip,
                    markevery=[1],
                    ms=5,
                    mfc="white",
                    alpha=0.75,
                    label=f"{who} before turning",
                )
            (q_line,) = ax.plot([], [], color=QUERY, lw=2.4, marker="o", markevery=[1], label="query, turned by i·θ")
            (k_line,) = ax.plot(
                [], [], color=KEY, lw=2.4, ls="--", marker="s", markevery=[1], label="key, turned by j·θ"
            )
            self.arrows.append((q_line, k_line))
            ax.set_xlim(-reach, reach)
            ax.set_ylim(-reach, reach)
            ax.set_aspect("equal")
            ax.set_xticks([])
            ax.set_yticks([])
            ax.set_xlabel(f"dims {pair[0]} (across) and {pair[1]} (up)", fontsize=8, labelpad=1)
            ax.set_title(f"pair {i}: θ = {self._theta(i):.3g} rad/position", fontsize=9)
            # what changes is short text, drawn once per string and then copied (sprites)
            self.titles.append(ax.text(0.03, 0.97, " ", transform=ax.transAxes, va="top", fontsize=8))
        handles, labels = axes[0].get_legend_handles_labels()
        order = [2, 0, 3, 1]  # turned query, query before; turned key, key before
        fig.legend(
            [handles[i] for i in order],
            [labels[i] for i in order],
            loc="lower center",
            ncols=2 if self.pairs < 3 else 4,
            fontsize=8,
            frameon=False,
            bbox_to_anchor=(0.5, 0.0),
        )
        fig.text(0.5, 0.95, "RoPE: the query turned by i·θ, the key by j·θ", ha="center", fontsize=10)
        self.suptitle = fig.text(0.5, 0.875, " ", ha="center", fontsize=10)
        arrows = [artist for pair in self.arrows for artist in pair]
        return fig, arrows, [], [*self.titles, self.suptitle]

    def _redraw(self) -> str:
        i, j = self.i.value, self.j.value
        q_rot = apply_rope(self.q[None, :], [i], base=self.base_value)[0]  # (d_head,)
        k_rot = apply_rope(self.k[None, :], [j], base=self.base_value)[0]
        for p, (q_line, k_line) in enumerate(self.arrows):
            pair = [2 * p, 2 * p + 1]
            q_line.set_data([0, q_rot[pair[0]]], [0, q_rot[pair[1]]])
            k_line.set_data([0, k_rot[pair[0]]], [0, k_rot[pair[1]]])
            part = float(q_rot[pair] @ k_rot[pair])
            self.titles[p].set_text(f"adds {part:+.3f}")
        score = float(q_rot @ k_rot)
        kept = self.keep.value
        mode = "offset kept" if kept else "i and j move separately"
        shown = "" if self.pairs == self.d_head // 2 else f" (pairs 0–{self.pairs - 1} of {self.d_head // 2} shown)"
        self.suptitle.set_text(f"i = {i}, j = {j}: score {score:+.3f}" + f" · {mode}" * kept)
        return (
            f"i = <b>{i}</b> · j = <b>{j}</b> · i − j = {i - j} · score q·k after rotation = {score:+.4f}"
            f"{shown} · {mode}"
        )

    def _theta(self, i: int) -> float:
        return float(rope_angles([1.0], self.d_head, base=self.base_value)[0, i])


def rope_explorer(
    q: np.ndarray | None = None,
    k: np.ndarray | None = None,
    *,
    base: float = 10_000.0,
    max_position: int = 40,
    i: int = 0,
    j: int = 0,
) -> Explorer:
    """A query and a key turned by RoPE, one panel per rotation pair (up to 4), the score read out.

    The query at position ``i`` turns by ``i·θ_p`` in pair ``p``, the key at position
    ``j`` by ``j·θ_p``; dotted lines with hollow tips show them before turning (position 0),
    and a key below the panels names all four. Each panel's title gives the
    pair's speed θ_p and its part of the score ``rope(q, i) · rope(k, j)``. With
    "keep the offset" ticked, moving ``i`` moves ``j`` by as much, and the score stays put.

    Parameters
    ----------
    q, k : array_like of shape (d_head,), optional
        Even length. Default: ``q = [1, 0]`` and ``k = [0.6, 0.8]`` (d_head = 2).

    Notes
    -----
    Used in ``notebooks/05_rope.ipynb``.

    Examples
    --------
    >>> explorer = rope_explorer(i=3, j=1)
    >>> explorer.state.split(" · ")[3]
    'score q·k after rotation = +0.4777'
    >>> explorer.keep.value = True
    >>> explorer.i.value = 13
    >>> explorer.j.value, explorer.state.split(" · ")[3]
    (11, 'score q·k after rotation = +0.4777')
    """
    q = np.array([1.0, 0.0]) if q is None else as_float_array(q, "q")
    k = np.array([0.6, 0.8]) if k is None else as_float_array(k, "k")
    if q.ndim != 1 or q.shape != k.shape or q.size % 2 or q.size == 0:
        raise ValueError(
            f"q and k must be 1-D vectors of the same even length (d_head); got shapes {q.shape} and {k.shape}."
        )
    max_position = check_positive_int(max_position, "max_position")
    i = check_int_in(i, "i", 0, max_position, why=" (max_position)")
    j = check_int_in(j, "j", 0, max_position, why=" (max_position)")
    return _RopeExplorer(q, k, check_base(base), max_position, i, j)


BASES = ["100", "1,000", "10,000", "100,000", "500,000", "1,000,000"]
D_HEADS = (32, 64, 128)  # the head widths the distance explorer offers


class _DistanceExplorer(Explorer):
    def __init__(self, base: str, d_head: int, max_distance: int) -> None:
        self.distances = np.unique(np.geomspace(1, max_distance, 600).round())  # (n,) 1 .. max_distance
        self.base = selection_slider("base", BASES)
        self.base.value = base
        self.d_head = ipywidgets.ToggleButtons(options=list(D_HEADS), value=d_head, description="d_head")
        self.d_head.style.button_width = "56px"
        self._cache: dict[tuple[float, int], tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
        super().__init__([self.base, self.d_head], self.base)

    def _build_figure(self) -> Drawing:
        rects = [(0.08, 0.14, 0.4, 0.72), (0.58, 0.14, 0.4, 0.72)]
        fig, (ax_b, ax_s) = placed_figure(9.0, 3.6, rects)
        (self.reference_bound,) = ax_b.plot(self.distances, self.distances * 0, color="0.6", lw=1.2, ls="--")
        (self.bound,) = ax_b.plot(self.distances, self.distances * 0, color=QUERY, lw=1.6)
        ax_b.set_xscale("log")
        ax_b.set_xlim(1, self.distances[-1])
        ax_b.set_ylim(0, 1.05)
        ax_b.set_xlabel("relative distance i − j")
        ax_b.set_ylabel("distance term ÷ its value at distance 0")
        ax_b.set_title("Bound on the score's size: its distance term", fontsize=10)
        (self.reference_score,) = ax_s.plot(self.distances, self.distances * 0, color="0.6", lw=1.0, ls="--")
        (self.random_score,) = ax_s.plot(
            self.distances, self.distances * 0, color=RANDOM, lw=0.9, label="one random pair (typical)"
        )
        (self.score,) = ax_s.plot(
            self.distances, self.distances * 0, color=KEY, lw=1.4, label="q = k, all ones (best case)"
        )
        ax_s.axhline(0, color="0.75", lw=0.8)
        ax_s.set_xscale("log")
        ax_s.set_xlim(1, self.distances[-1])
        ax_s.set_ylim(-0.3, 1.05)
        ax_s.set_xlabel("relative distance i − j")
        ax_s.set_ylabel("score ÷ (|q| |k|)")
        ax_s.set_title("Two actual scores: best case and a random pair", fontsize=10)
        ax_s.legend(handles=[self.score, self.random_score], loc="upper right", fontsize=8, frameon=False)
        self.legend_text = fig.text(0.5, 0.93, " ", ha="center", fontsize=10)
        dynamic = [
            self.reference_bound,
            self.bound,
            self.reference_score,
            self.random_score,
            self.score,
            self.legend_text,
        ]
        return fig, dynamic, [], []

    def _curves(self, base: float, d_head: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        key = (base, d_head)
        if key not in self._cache:  # a few settings only: each is computed once
            self._cache[key] = self._compute(base, d_head)
        return self._cache[key]

    def _compute(self, base: float, d_head: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        bound = rope_decay_bound(self.distances, d_head, base=base)  # (n,)
        at_zero = (d_head / 2 + 1) / 2  # every S_j = j at distance 0
        turn = np.exp(1j * rope_angles(self.distances, d_head, base=base))  # (n, d_head // 2)
        # q = k = ones: every pair's part is cos((i - j) θ_p); |q| |k| = d_head
        best = turn.real.mean(axis=1)  # (n,)
        # one random pair, the same for every base (seeded): each pair as a complex number,
        # score = Re sum_p q_p conj(k_p) exp(1j (i - j) θ_p), divided by |q| |k|
        q, k = np.random.default_rng(RANDOM_SEED).normal(size=(2, d_head))
        h = (q[0::2] + 1j * q[1::2]) * (k[0::2] - 1j * k[1::2])  # (d_head // 2,)
        typical = (turn @ h).real / (np.linalg.norm(q) * np.linalg.norm(k))  # (n,)
        return bound / at_zero, best, typical

    def _redraw(self) -> str:
        base, d = float(self.base.value.replace(",", "")), self.d_head.value
        bound, score, typical = self._curves(base, d)
        ref_bound, ref_score, _ = self._curves(10_000.0, d)
        self.bound.set_ydata(bound)
        self.score.set_ydata(score)
        self.random_score.set_ydata(typical)
        self.reference_bound.set_ydata(ref_bound)
        self.reference_score.set_ydata(ref_score)
        compared = base != 10_000.0
        self.reference_bound.set_visible(compared)
        self.reference_score.set_visible(compared)
        shown = f"solid: base {self.base.value}, dashed: base 10,000" if compared else f"base {self.base.value}"
        self.legend_text.set_text(f"{shown} · d_head = {d}")
        at = (100, 1000, 10_000)
        term = rope_decay_bound(at, d, base=base) / ((d / 2 + 1) / 2)  # (3,): exactly at these distances
        read = ", ".join(f"{x:,}: {t:.2f}" for x, t in zip(at, term, strict=True))
        return f"base <b>{self.base.value}</b> · d_head {d} · distance term relative to distance 0, at distance {read}"


def rope_distance_explorer(*, base: str = "10,000", d_head: int = 128, max_distance: int = 100_000) -> Explorer:
    """How a RoPE score can fade with distance, for a base chosen on a slider.

    Left: the distance term of RoFormer's upper bound on the score's size, the average of
    ``|S_j|`` over the pairs (:func:`posenc.rope.rope_decay_bound`, the quantity of the paper's
    figure 2), divided by its value at distance 0 and drawn on a logarithmic axis. Right: two
    actual scores divided by ``|q| |k|``. In blue the best case, ``q = k`` all ones, where every
    pair is aligned at distance 0 (the score is the mean of ``cos((i - j) θ_p)``): the one that
    fades. In orange one random pair (standard normal ``q`` and ``k``, seed 0), a typical case:
    it starts small and stays small, with no fading. For any other base, dashed curves show
    base 10,000 for comparison (the bound and the best case), and the title says which style
    is which.

    Notes
    -----
    Used in ``notebooks/05_rope.ipynb``.

    Examples
    --------
    >>> explorer = rope_distance_explorer()
    >>> explorer.base.value = "500,000"
    >>> explorer.state.split(" · ")[0]
    'base 500,000'
    """
    if not isinstance(base, str):
        raise TypeError(f"base must be one of the labels {BASES} (a str); got base={base!r}.")
    if base not in BASES:
        raise ValueError(f"base must be one of {BASES}; got base={base!r}.")
    d_head = check_int(d_head, "d_head")
    if d_head not in D_HEADS:
        raise ValueError(f"d_head must be one of {list(D_HEADS)}; got d_head={d_head}.")
    max_distance = check_int_in(max_distance, "max_distance", 2, 10**7, why=" (a log axis from 1)")
    return _DistanceExplorer(base, d_head, max_distance)
