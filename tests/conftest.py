"""Shared test settings: deterministic hypothesis runs and a headless matplotlib."""

import os

os.environ.setdefault("MPLBACKEND", "Agg")

from hypothesis import settings  # noqa: E402

settings.register_profile("course", deadline=None, max_examples=60, derandomize=True)
settings.load_profile("course")
