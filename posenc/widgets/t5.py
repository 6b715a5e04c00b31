"""Lesson 07's bucket explorer: T5's bucket of every offset, and which buckets training at length L ever reaches."""

from __future__ import annotations

import ipywidgets
import numpy as np
from matplotlib.patches import Rectangle

from posenc._validation import check_positive_int
from posenc.live import Drawing, Explorer, int_slider
from posenc.plotting import placed_figure
from posenc.t5 import t5_bucket

__all__ = ["bucket_explorer"]

#: The offsets drawn (fixed, so that the picture does not rescale under the sliders) and the bucket counts offered.
SHOWN = 300
BUCKET_COUNTS = (4, 8, 16, 32)
TRAINED, UNTRAINED, LINE = "#56b4e9", "#d55e00", "#000000"


def reach(bucket: np.ndarray, train_len: int) -> tuple[int, int, int]:
    """From `bucket`, the causal bucket of each offset 0, 1, ... (past the last bucket's start and past
    `train_len`): (the highest bucket a training offset, 0 to train_len - 1, reaches; the first offset in a bucket
    above it, or -1 if every bucket is reached; where the last bucket starts).

    Examples
    --------
    >>> offsets = np.arange(301)
    >>> reach(t5_bucket(offsets, bidirectional=False), 32)  # T5's buckets, inputs of 32 tokens: 22-31 never trained
    (21, 35, 113)
    >>> reach(t5_bucket(offsets, bidirectional=False, num_buckets=8, max_distance=16), 32)  # lesson 07's model
    (7, -1, 12)
    """
    reached = int(bucket[:train_len].max())
    above = np.flatnonzero(bucket > reached)
    return reached, int(above[0]) if above.size else -1, int(np.flatnonzero(bucket == bucket.max())[0])


class _BucketExplorer(Explorer):
    def __init__(self, train_len: int, num_buckets: int, max_distance: int) -> None:
        self.train_len = int_slider("training length L", train_len, 4, 256)
        self.num_buckets = ipywidgets.ToggleButtons(
            options=list(BUCKET_COUNTS), value=num_buckets, description="buckets"
        )
        self.num_buckets.style.button_width = "48px"
        self.max_distance = int_slider("max distance", max_distance, num_buckets // 2 + 1, 256)
        super().__init__([self.train_len, self.num_buckets, self.max_distance], self.train_len)

    def _on_change(self, change: dict) -> None:
        if change["owner"] is self.num_buckets:
            with self.holding():
                self.max_distance.min = self.num_buckets.value // 2 + 1  # clamps the distance; one redraw in all
            return
        super()._on_change(change)

    def _build_figure(self) -> Drawing:
        fig, (ax,) = placed_figure(8.4, 3.9, [(0.08, 0.14, 0.9, 0.72)])
        self.seen = Rectangle((-0.5, -1), 1, 40, color=TRAINED, alpha=0.25, lw=0)
        self.never = Rectangle((-0.5, 0), SHOWN + 1, 1, color=UNTRAINED, alpha=0.2, lw=0, hatch="//")
        ax.add_patch(self.seen)
        ax.add_patch(self.never)
        self.curve = ax.step([0], [0], where="post", color=LINE, lw=1.8)[0]
        self.limit = ax.axvline(0, color="0.35", ls="--", lw=1)
        ax.set_xlim(-0.5, SHOWN)
        ax.set_ylim(-0.7, max(BUCKET_COUNTS) - 0.3)
        ax.set_xlabel("offset i − j (how far back the key is)")
        ax.set_ylabel("bucket (one learned number each)")
        ax.legend(
            [self.curve, self.seen, self.never, self.limit],
            ["the bucket of each offset", "offsets training reaches (0 to L − 1)", "buckets no training offset reaches",
             "max distance"],
            loc="lower right", fontsize=8, framealpha=0.9,
        )  # fmt: skip
        self.title = fig.text(0.5, 0.92, " ", ha="center", fontsize=10)
        spines = list(ax.spines.values())  # drawn over the patches
        return fig, [self.seen, self.never, self.curve, self.limit, self.title, *spines], [], []

    def _redraw(self) -> str:
        length, n, distance = self.train_len.value, self.num_buckets.value, self.max_distance.value
        offsets = np.arange(SHOWN + 1)
        bucket = t5_bucket(offsets, bidirectional=False, num_buckets=n, max_distance=distance)
        self.curve.set_data(offsets, bucket)
        reached, first_unreached, last_start = reach(bucket, length)  # the same buckets the figure draws
        self.seen.set_width(min(length, SHOWN + 0.5))
        self.never.set_y(reached + 0.5)
        self.never.set_height(max(0.0, n - 1 - reached))
        self.limit.set_xdata([distance, distance])
        self.title.set_text(f"{n} buckets up to max distance {distance}, trained on inputs of L = {length} tokens")
        if first_unreached < 0:
            trained = f"training reaches every bucket, 0–{n - 1}: keys past L share bucket {n - 1}, which was trained"
        else:
            never = f"bucket {n - 1} is" if reached + 1 == n - 1 else f"buckets {reached + 1}–{n - 1} are"
            trained = (
                f"training reaches buckets 0–{reached}: {never} never trained "
                f"(offsets {first_unreached} and more, met only past L)"
            )
        return (
            f"L = <b>{length}</b> · {n} buckets · max distance {distance} · offsets 0–{n // 2 - 1} get a bucket "
            f"each · the last bucket starts at offset {last_start} · {trained}"
        )


def bucket_explorer(*, train_len: int = 32, num_buckets: int = 32, max_distance: int = 128) -> Explorer:
    """T5's causal bucket of every offset 0-300, and which buckets a model trained on `train_len` tokens reaches.

    The black steps are ``t5_bucket(offset, bidirectional=False, ...)``; the blue band marks the offsets training
    meets (0 to L - 1); the hatched band marks the buckets none of them falls in, whose numbers training never
    changes. Sliders: the training length, the number of buckets (4, 8, 16 or 32) and the max distance.

    Parameters
    ----------
    train_len : int, default 32
    num_buckets : {4, 8, 16, 32}, default 32
    max_distance : int, default 128
        Above ``num_buckets // 2``.

    Notes
    -----
    Used in ``notebooks/07_train_short_test_long.ipynb``.

    Examples
    --------
    >>> explorer = bucket_explorer()
    >>> explorer.state.split(" · ")[-1]
    'training reaches buckets 0–21: buckets 22–31 are never trained (offsets 35 and more, met only past L)'
    >>> explorer.num_buckets.value, explorer.max_distance.value = 8, 16
    >>> explorer.state.split(" · ")[-1]
    'training reaches every bucket, 0–7: keys past L share bucket 7, which was trained'
    """
    train_len = check_positive_int(train_len, "train_len")
    num_buckets = check_positive_int(num_buckets, "num_buckets")
    if num_buckets not in BUCKET_COUNTS:
        raise ValueError(f"num_buckets must be one of {BUCKET_COUNTS}; got num_buckets={num_buckets!r}.")
    max_distance = check_positive_int(max_distance, "max_distance")
    if not num_buckets // 2 < max_distance <= 256 or not 4 <= train_len <= 256:
        raise ValueError(
            f"max_distance must be from {num_buckets // 2 + 1} to 256 and train_len from 4 to 256; got "
            f"max_distance={max_distance}, train_len={train_len}."
        )
    return _BucketExplorer(train_len, num_buckets, max_distance)
