"""Live figures for the lessons, one module per topic: ``widgets.table_explorer(...)``.

Each builder returns an :class:`~posenc.live.Explorer`: displaying it shows its
controls, a text readout of its state, and its figure as an ordinary PNG output
that follows the controls (see ``posenc.live`` for how a change stays cheap).

Code can drive a builder without a browser: set ``explorer.position.value = 5`` and
read ``explorer.state`` or the artists' data.

Adding a lesson's explorer: write it in a topic module here (the lesson's topic, not
its number), as a subclass of :class:`posenc.live.Explorer`, export it below, and add an
example call to ``posenc.widgets.examples.EXPLORERS``; the generic tests in
``tests/test_explorers.py``, the benchmarks and the preflight then exercise every control of it.
"""

from __future__ import annotations

from posenc.live import Explorer
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
from posenc.widgets.t5 import bucket_explorer
from posenc.widgets.table import table_explorer

__all__ = [
    "Explorer",
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
    "bucket_explorer",
    "quiz",
    "recall",
    "sharp_figures",
]
