"""Live figures for the lessons, one module per topic: ``widgets.table_explorer(...)``.

Each builder returns an :class:`~posenc._live.Explorer`: displaying it shows its
controls, a text readout of its state, and its figure as an ordinary PNG output
that follows the controls (see ``posenc._live`` for how a change stays cheap).

Code can drive a builder without a browser: set ``explorer.position.value = 5`` and
read ``explorer.state`` or the artists' data.

Adding a lesson's explorer: write it in a topic module here (the lesson's topic, not
its number), export it below, and add an example call to :data:`EXPLORERS`; the
generic tests in ``tests/test_explorers.py`` then check every control of it.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from posenc._live import Explorer
from posenc.widgets.alibi import alibi_explorer
from posenc.widgets.clocks import clock_explorer, offset_explorer
from posenc.widgets.extrapolation import extrapolation_explorer, rope_range_explorer
from posenc.widgets.learned import minilm_explorer, training_explorer
from posenc.widgets.naive import naive_explorer
from posenc.widgets.order import order_explorer
from posenc.widgets.quiz import quiz, recall
from posenc.widgets.recap import scheme_explorer
from posenc.widgets.rope import rope_distance_explorer, rope_explorer
from posenc.widgets.setup import environment_check, sharp_figures
from posenc.widgets.table import table_explorer

__all__ = [
    "Explorer",
    "EXPLORERS",
    "environment_check",
    "order_explorer",
    "naive_explorer",
    "table_explorer",
    "clock_explorer",
    "offset_explorer",
    "training_explorer",
    "minilm_explorer",
    "rope_explorer",
    "rope_distance_explorer",
    "alibi_explorer",
    "extrapolation_explorer",
    "rope_range_explorer",
    "scheme_explorer",
    "quiz",
    "recall",
    "sharp_figures",
]


def _example_sentence() -> Explorer:
    rng = np.random.default_rng(0)
    embeddings = rng.normal(size=(3, 8))  # (n_words, d_model)
    projections = rng.normal(size=(3, 8, 8)) / np.sqrt(8)  # W_q, W_k, W_v
    return order_explorer(["dog", "bites", "man"], embeddings, projections=projections)


def _example_rope() -> Explorer:
    rng = np.random.default_rng(1)
    return rope_explorer(rng.normal(size=8), rng.normal(size=8), m=5, n=2)


#: Every explorer builder of the course, each with an example call as a lesson makes it.
EXPLORERS: dict[str, Callable[[], Explorer]] = {
    "environment_check": environment_check,
    "order_explorer": _example_sentence,
    "naive_explorer": lambda: naive_explorer("binary", seq_len=16, position=7),
    "table_explorer": lambda: table_explorer(24, 48, position=5),
    "clock_explorer": lambda: clock_explorer(16, position=13),
    "offset_explorer": lambda: offset_explorer(8, k=3),
    "training_explorer": lambda: training_explorer(step=100),
    "minilm_explorer": lambda: minilm_explorer(position=100),
    "rope_explorer": _example_rope,
    "rope_distance_explorer": rope_distance_explorer,
    "alibi_explorer": lambda: alibi_explorer(head=3),
    "extrapolation_explorer": lambda: extrapolation_explorer(query=40),
    "rope_range_explorer": lambda: rope_range_explorer(multiple=4),
    "scheme_explorer": scheme_explorer,
}
