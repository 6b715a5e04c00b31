"""Every explorer builder of the course with an example call as a lesson makes it: the fixtures of the
generic explorer tests (``tests/test_explorers.py``), the widget benchmarks and the preflight, which
build each one and move every control. Learners never import this module.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from posenc.live import Explorer
from posenc.widgets import (
    alibi_explorer,
    bucket_explorer,
    clock_explorer,
    environment_check,
    extrapolation_explorer,
    minilm_explorer,
    naive_explorer,
    offset_explorer,
    order_explorer,
    rope_distance_explorer,
    rope_explorer,
    rope_range_explorer,
    scheme_explorer,
    table_explorer,
    training_explorer,
)

__all__ = ["EXPLORERS"]


def _example_sentence() -> Explorer:
    rng = np.random.default_rng(0)
    embeddings = rng.normal(size=(3, 8))  # (n_words, d_model)
    projections = rng.normal(size=(3, 8, 8)) / np.sqrt(8)  # W_q, W_k, W_v
    return order_explorer(["dog", "bites", "man"], embeddings, projections=projections)


def _example_rope() -> Explorer:
    rng = np.random.default_rng(1)
    return rope_explorer(rng.normal(size=8), rng.normal(size=8), i=5, j=2)


#: Every explorer builder of the course, each with an example call as a lesson makes it.
EXPLORERS: dict[str, Callable[[], Explorer]] = {
    "environment_check": environment_check,
    "order_explorer": _example_sentence,
    "naive_explorer": lambda: naive_explorer("binary", seq_len=16, position=7),
    "table_explorer": lambda: table_explorer(24, 48, position=5),
    "clock_explorer": lambda: clock_explorer(16, position=13),
    "offset_explorer": lambda: offset_explorer(8, delta=3),
    "training_explorer": lambda: training_explorer(step=100),
    "minilm_explorer": lambda: minilm_explorer(position=100),
    "rope_explorer": _example_rope,
    "rope_distance_explorer": rope_distance_explorer,
    "alibi_explorer": lambda: alibi_explorer(head=3),
    "extrapolation_explorer": lambda: extrapolation_explorer(query=40),
    "rope_range_explorer": lambda: rope_range_explorer(multiple=4),
    "scheme_explorer": scheme_explorer,
    "bucket_explorer": bucket_explorer,
}
