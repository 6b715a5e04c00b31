"""Shared test settings: deterministic hypothesis runs and a headless matplotlib.

matplotlib.use() switches this process only. Setting MPLBACKEND instead would leak
into the kernels nbval starts and make the notebooks' figures disappear.
"""

import sys
from pathlib import Path

import matplotlib
from hypothesis import settings

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # so tests can import tools.labdriver

matplotlib.use("Agg")

settings.register_profile("course", deadline=None, max_examples=60, derandomize=True)
settings.load_profile("course")
