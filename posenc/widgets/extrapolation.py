"""Lesson 06's explorers past the training length: one fitted head per scheme, and RoPE's angles."""

from __future__ import annotations

import numpy as np

from posenc._validation import check_even, check_int, check_positive_int, check_real
from posenc.extrapolation import PositionFit, fitted_heads, pattern_error, window_target
from posenc.live import Drawing, Explorer, int_slider, selection_slider
from posenc.plotting import placed_figure
from posenc.rope import ntk_aware_base, rope_angles
from posenc.schemes import SCHEMES

__all__ = ["extrapolation_explorer", "rope_range_explorer"]


#: How many heads the figure's title says it shows, by their count
_COUNTS = ("No", "One", "Two", "Three", "Four", "Five", "Six")
#: Up to this many heads, the panels and the legend fit in one row at the figure's fonts; more take a smaller font.
_ROOMY = 4


class _ExtrapolationExplorer(Explorer):
    shown_keys = 20  # the query and the keys just before it

    def __init__(self, fits: dict[str, PositionFit], test_len: int, query: int) -> None:
        self.schemes = [name for name in SCHEMES if name in fits]  # the registry's order
        any_fit = fits[self.schemes[0]]
        self.train_len, self.test_len, self.window = any_fit.train_len, test_len, any_fit.window
        self.target = window_target(test_len, self.window)  # (test_len, test_len)
        # a head with a row per training position (a learned table) has none past them
        self.weights = {s: fits[s].weights(min(test_len, fits[s].max_len or test_len)) for s in self.schemes}
        self.ends = {s: fits[s].max_len is not None for s in self.schemes}
        self.errors = {s: pattern_error(w, self.target[: len(w), : len(w)]) for s, w in self.weights.items()}
        self.query = int_slider("query position", query, 0, test_len - 1)
        super().__init__([self.query], self.query)

    def _build_figure(self) -> Drawing:
        count = len(self.schemes)  # one panel per head, side by side; four: 0.19 wide, 0.232 apart
        rects = [(0.085, 0.58, 0.885, 0.28)] + [
            (0.085 + 0.928 / count * i, 0.1, 0.76 / count, 0.32) for i in range(count)
        ]
        fig, (ax_err, *ax_rows) = placed_figure(10.4, 5.4, rects)
        for s in self.schemes:
            style = SCHEMES[s].style
            ax_err.plot(
                np.arange(len(self.errors[s])),
                self.errors[s],
                color=style.color,
                ls=style.linestyle,
                marker=style.marker,
                markevery=32,
                ms=4,
                lw=1.4,
                label=SCHEMES[s].label + (" (no rows past the training length)" if self.ends[s] else ""),
            )
        ax_err.axvline(self.train_len - 0.5, color="0.3", lw=1, ls=":")
        ax_err.text(self.train_len, 0.97, f" training length {self.train_len}", fontsize=8, va="top")
        ax_err.set_xlim(0, self.test_len - 1)
        ax_err.set_ylim(0, 1.02)
        ax_err.set_xlabel("query position i", labelpad=1)
        ax_err.set_ylabel("attention in the\nwrong place")
        fig.text(
            0.5,
            0.965,
            f"{_COUNTS[count]} head{'s' if count > 1 else ''} fitted to attend to the last {self.window} keys, on sequences of {self.train_len} tokens",
            ha="center",
            fontsize=10,
        )
        self.cursor = ax_err.axvline(0, color="black", lw=1.2, label="the chosen query (its attention: below)")
        ax_err.legend(
            loc="lower left",
            fontsize=8,
            frameon=False,
            bbox_to_anchor=(0.0, 1.0),
            ncol=count + 1 if count <= _ROOMY else (count + 2) // 2,
        )
        keys = np.arange(self.shown_keys + 1)
        self.bars, self.targets, self.notes = {}, {}, {}
        for ax, s in zip(ax_rows, self.schemes, strict=True):
            edges = np.arange(len(keys) + 1) - 0.5
            self.bars[s] = ax.stairs(np.zeros(len(keys)), edges, fill=True, color=SCHEMES[s].style.color)
            (self.targets[s],) = ax.step(keys, np.zeros(len(keys)), where="mid", color="black", lw=1, ls="--")
            ax.set_ylim(0, 1.0)
            ax.set_xlim(-0.6, self.shown_keys + 0.6)
            if count <= _ROOMY:
                ax.set_xticks([0, 5, 10, 15, 20], labels=["i−20", "i−15", "i−10", "i−5", "i"])
            else:  # narrower panels: fewer ticks
                ax.set_xticks([0, 10, 20], labels=["i−20", "i−10", "i"])
            ax.set_xlabel("key position", labelpad=1)
            ax.set_title(SCHEMES[s].label, fontsize=9, color=SCHEMES[s].style.color)
            small = 8 if count <= _ROOMY else 6.5
            self.notes[s] = ax.text(0.03, 0.95, " ", transform=ax.transAxes, va="top", fontsize=small)
        ax_rows[0].set_ylabel("attention weight")
        self.row_title = fig.text(0.5, 0.475, " ", ha="center", fontsize=9)
        dynamic = [
            self.cursor,
            *self.bars.values(),
            *self.targets.values(),
            *self.notes.values(),
            self.row_title,
        ]
        return fig, dynamic, [], []

    def _redraw(self) -> str:
        i = self.query.value
        first = i - self.shown_keys  # key under the leftmost bar (may be before position 0)
        keys = np.arange(first, i + 1)
        valid = keys >= 0
        self.cursor.set_xdata([i, i])
        said = []
        for s in self.schemes:
            weights = self.weights[s]
            has_row = i < len(weights)
            row = np.zeros(len(keys))
            if has_row:
                row[valid] = weights[i, keys[valid]]
            self.bars[s].set_data(values=row)
            target = np.zeros(len(keys))
            target[valid] = self.target[i, keys[valid]]
            self.targets[s].set_ydata(target)
            if has_row:
                far = weights[i, : max(first, 0)].sum()
                self.notes[s].set_text(
                    f"wrong place {self.errors[s][i]:.2f}\nweight before i−{self.shown_keys}: {far:.2f}"
                )
                said.append(f"{SCHEMES[s].label} {self.errors[s][i]:.2f}")
            else:
                self.notes[s].set_text(f"no row for position {i}:\nthe table ends at {self.train_len - 1}")
                said.append(f"{SCHEMES[s].label}: no row")
        where = "inside" if i < self.train_len else "past"
        self.row_title.set_text(
            f"query {i}: its attention on keys i−{self.shown_keys} to i (dashed: the target); "
            f"each panel also prints the weight on the keys before i−{self.shown_keys}, not drawn"
        )
        return (
            f"query position <b>{i}</b> ({where} the training length {self.train_len}) · "
            f"attention in the wrong place: {', '.join(said)}"
        )


def extrapolation_explorer(
    fits: dict[str, PositionFit] | None = None, *, test_len: int = 256, query: int = 40
) -> Explorer:
    """Heads fitted on short sequences, read on long ones: where does each put its attention?

    Each head (:func:`posenc.extrapolation.fit_position_scores`) was fitted so that a
    query attends equally to its last `window` keys, on sequences of `train_len` tokens.
    Top: for every query position up to `test_len`, the share of its attention in the
    wrong place (:func:`~posenc.extrapolation.pattern_error`); the dotted line is the
    training length. Bottom: the chosen query's attention on its 21 latest keys, per
    scheme, with the target dashed, and the weight on the keys before those (not drawn).

    Parameters
    ----------
    fits : dict of scheme name to PositionFit, optional
        The heads to show, one per scheme (up to six), all with the same ``train_len`` and ``window``
        (the lesson passes the heads it fitted); shown in the registry's order. Default: the heads of
        :data:`~posenc.extrapolation.FITTED_SCHEMES` that :func:`~posenc.extrapolation.fitted_heads` fits.
    test_len : int, default 256
    query : int, default 40

    Notes
    -----
    Used in ``notebooks/06_alibi_and_extrapolation.ipynb``.

    Examples
    --------
    >>> explorer = extrapolation_explorer(query=40)
    >>> explorer.state.split(" · ")[1].split(":")[0]
    'attention in the wrong place'
    >>> explorer.query.value = 200  # past the training length: the learned table has no row there
    >>> "learned: no row" in explorer.state
    True

    (The numbers themselves come from Adam fits, whose last digits differ between NumPy and BLAS
    builds: lesson 06's saved outputs show them, and nbval checks them.)
    """
    test_len = check_positive_int(test_len, "test_len")
    query = check_int(query, "query")
    if not 0 <= query < test_len:
        raise ValueError(f"query must be a position from 0 to test_len - 1 = {test_len - 1}; got query={query!r}.")
    if fits is not None and not isinstance(fits, dict):
        raise TypeError(f"fits must be a dict of scheme names to fitted heads, or None; got fits={fits!r}.")
    fits = fitted_heads() if fits is None else fits
    if (
        not isinstance(fits, dict)
        or not 1 <= len(fits) < len(_COUNTS)
        or not all(isinstance(f, PositionFit) and f.scheme == name for name, f in fits.items())
        or len({(f.train_len, f.window) for f in fits.values()}) != 1
    ):
        raise ValueError(
            f"fits must map 1 to {len(_COUNTS) - 1} scheme names to their fitted heads (fit_position_scores), all with the same "
            f"train_len and window, such as fitted_heads(); got {type(fits).__name__} "
            f"{list(fits) if isinstance(fits, dict) else fits!r}."
        )
    return _ExtrapolationExplorer(fits, test_len, query)


MULTIPLES = [1, 1.5, 2, 3, 4, 6, 8, 12, 16, 24, 32]
PLAIN, PI, NTK = "#d55e00", "#0072b2", "#009e73"
TURNS_RANGE = (1e-2, 1e5)  # fixed: the slowest pair's training turns (0.075) to pair 0's at ×32 (about 20,900)


class _RopeRangeExplorer(Explorer):
    def __init__(self, train_len: int, d_head: int, base: float, multiple: float) -> None:
        self.train_len, self.d_head, self.base = train_len, d_head, base
        self.labels = [f"×{m:g} ({round(m * train_len):,})" for m in MULTIPLES]
        self.target = selection_slider("target length", self.labels)
        self.target.value = self.labels[MULTIPLES.index(multiple)]
        self.pairs = np.arange(d_head // 2)
        self.thetas = rope_angles([1.0], d_head, base=base)[0]  # (d_head // 2,): each pair's speed
        super().__init__([self.target], self.target)

    def reach(self, scale: float) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """Per method: (largest angle in turns at the target length, step per position relative to training)."""
        long = scale * self.train_len
        ntk_thetas = rope_angles([1.0], self.d_head, base=ntk_aware_base(self.base, scale, self.d_head))[0]
        return {
            "plain RoPE": (long * self.thetas / (2 * np.pi), np.ones(len(self.pairs))),
            "position interpolation": (self.train_len * self.thetas / (2 * np.pi), np.full(len(self.pairs), 1 / scale)),
            "NTK-aware base": (long * ntk_thetas / (2 * np.pi), ntk_thetas / self.thetas),
        }

    def _build_figure(self) -> Drawing:
        rects = [(0.11, 0.13, 0.365, 0.62), (0.625, 0.13, 0.36, 0.62)]
        fig, (ax_a, ax_s) = placed_figure(10.0, 4.3, rects)
        last = len(self.pairs) - 1
        trained = self.train_len * self.thetas / (2 * np.pi)  # (pairs,): turns reached in training
        ax_a.fill_between(
            self.pairs,
            TURNS_RANGE[0],
            trained,
            color="0.85",
            label=f"turns made in training ({self.train_len:,} tokens)",
        )
        ax_a.axhline(1, color="0.3", lw=0.8, ls=":")
        ax_a.text(last, 1.15, "one full turn ", ha="right", fontsize=8)
        self.lines = {}
        for name, color, ls in [
            ("plain RoPE", PLAIN, "-"),
            ("position interpolation", PI, "--"),
            ("NTK-aware base", NTK, "-."),
        ]:
            (self.lines[name, "a"],) = ax_a.plot(self.pairs, trained, color=color, ls=ls, lw=1.8, label=name)
            (self.lines[name, "s"],) = ax_s.plot(self.pairs, np.ones(len(self.pairs)), color=color, ls=ls, lw=1.8)
        handles, labels = ax_a.get_legend_handles_labels()
        fig.legend(handles, labels, loc="center", bbox_to_anchor=(0.5, 0.865), ncol=4, fontsize=9, frameon=False)
        ax_a.set_yscale("log")
        ax_a.set_ylim(*TURNS_RANGE)
        ticks = 10.0 ** np.arange(-2, 6, 2)
        ax_a.set_yticks(ticks, labels=[f"{t:,g}" for t in ticks])
        ax_a.set_xlim(0, last)
        ax_a.set_xlabel(f"pair i (0 = fastest, {last} = slowest)")
        ax_a.set_ylabel("full turns from the first\nposition to the last (log scale)")
        ax_a.set_title("How far each pair turns over the whole input", fontsize=10)
        ax_s.set_yscale("log", base=2)
        ax_s.set_ylim(1 / 40, 1.6)
        ax_s.set_yticks([2.0**-k for k in range(6)], labels=["1"] + [f"1/{2**k}" for k in range(1, 6)])
        ax_s.set_xlim(0, last)
        ax_s.set_xlabel(f"pair i (0 = fastest, {last} = slowest)")
        ax_s.set_ylabel("angle between neighbouring\npositions (1 = as in training)")
        ax_s.set_title("How finely neighbours are told apart", fontsize=10)
        self.unseen = ax_a.text(0.98, 0.98, " ", transform=ax_a.transAxes, ha="right", va="top", fontsize=8)
        self.caption = fig.text(0.5, 0.95, " ", ha="center", fontsize=10)
        dynamic = [*self.lines.values(), self.unseen, self.caption]
        return fig, dynamic, [], []

    def beyond(self, scale: float) -> dict[str, tuple[int, float]]:
        """Per method: how many pairs reach angles training never reached, and the furthest, as a multiple.

        Only pairs that made less than a full turn in training can meet a new angle; the
        multiple is the largest ratio of a pair's angle at the target to its angle in training.
        """
        trained = self.train_len * self.thetas / (2 * np.pi)
        partial = trained < 1  # (pairs,)
        said = {}
        for name, (turns, _) in self.reach(scale).items():
            ratio = turns[partial] / trained[partial]
            said[name] = (int(np.sum(ratio > 1 + 1e-9)), float(ratio.max()))
        return said

    def _redraw(self) -> str:
        scale = MULTIPLES[self.labels.index(self.target.value)]
        reach = self.reach(scale)
        for name, (turns, step) in reach.items():
            self.lines[name, "a"].set_ydata(turns)
            self.lines[name, "s"].set_ydata(step)
        beyond = self.beyond(scale)
        pairs = len(self.pairs)
        partial = int(np.sum(self.train_len * self.thetas / (2 * np.pi) < 1))
        self.unseen.set_text(
            "Pairs that turn further than in training, and the\nmost, as a multiple of that pair's turn in training\n"
            f"(only the {partial} slowest can: the others already\nmade a full turn in training):\n"
            + "\n".join(f"{name}: {count} pairs, up to ×{most:.2f}" for name, (count, most) in beyond.items())
        )
        length = round(scale * self.train_len)
        self.caption.set_text(f"trained on {self.train_len:,} tokens, run on {length:,} (×{scale:g})")
        base = ntk_aware_base(self.base, scale, self.d_head)
        return (
            f"target length <b>{self.target.value}</b> · pairs (of {pairs}) meeting angles never seen in "
            f"training, and the furthest past its training angle: "
            + ", ".join(f"{name} {count} (×{most:.2f})" for name, (count, most) in beyond.items())
            + f" · pair 0 turns {1 / scale:.3g} rad per position with "
            f"position interpolation, 1 with the NTK-aware base (new base {base:,.0f})"
        )


def rope_range_explorer(
    *, train_len: int = 4096, d_head: int = 128, base: float = 10_000.0, multiple: float = 4
) -> Explorer:
    """RoPE past its training length: which pairs turn further than in training, and two fixes.

    Left: for each pair ``i``, the largest angle ``offset * θ_i`` reached, in turns (log
    scale): in training (grey, up to offset `train_len`), and at the target length with
    plain RoPE, with position interpolation (positions times ``train_len / target``;
    Chen et al., 2023) and with the NTK-aware base (:func:`posenc.rope.ntk_aware_base`).
    A pair that already made a full turn in training meets no new angle. Right: each
    pair's angle per position, relative to training: how finely neighbours are told apart.

    Parameters
    ----------
    multiple : one of 1, 1.5, 2, 3, 4, 6, 8, 12, 16, 24, 32
        Target length over training length.

    Notes
    -----
    Used in ``notebooks/06_alibi_and_extrapolation.ipynb``. The training range is taken as
    offsets up to `train_len` (a sequence of `train_len` tokens has offsets up to
    ``train_len - 1``; rounding up keeps position interpolation's largest offset,
    ``(target - 1) * train_len / target``, inside it).

    Examples
    --------
    >>> explorer = rope_range_explorer(multiple=4)
    >>> explorer.state.split(" · ")[1]
    'pairs (of 64) meeting angles never seen in training, and the furthest past its training angle: plain RoPE 18 (×4.00), position interpolation 0 (×1.00), NTK-aware base 17 (×1.45)'
    """
    multiple = check_real(multiple, "multiple")
    if multiple not in MULTIPLES:
        raise ValueError(f"multiple must be one of {MULTIPLES}; got multiple={multiple!r}.")
    train_len = check_positive_int(train_len, "train_len")
    d_head = check_positive_int(d_head, "d_head")
    check_even(d_head, "d_head", "so that dimensions pair up for rotation")
    return _RopeRangeExplorer(train_len, d_head, base, multiple)
