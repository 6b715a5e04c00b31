"""The package's surface: what it exports and what importing it costs."""

import re
import subprocess
import sys
from pathlib import Path

import posenc

PLAN_API = {
    "softmax",
    "attention",
    "causal_mask",
    "sinusoidal",
    "frequencies",
    "wavelengths",
    "offset_rotation",
    "LearnedTable",
    "rope_angles",
    "apply_rope",
    "alibi_slopes",
    "alibi_bias",
    "minilm_positions",
    # beyond the plan's table: what lessons 04 and 05 teach with
    "train_parity_table",
    "TrainingRun",
    "half_layout_order",
    "rope_decay_bound",
    # what lesson 06 teaches with
    "ntk_aware_base",
    "window_target",
    "fit_position_scores",
    "PositionFit",
    "pattern_error",
    "rope_twin",
}


def test_exports_exactly_the_course_vocabulary():
    assert set(posenc.__all__) == PLAN_API
    for name in PLAN_API:
        obj = getattr(posenc, name)
        assert obj.__doc__ and "Examples" in obj.__doc__, f"{name} needs a docstring with an example"


def test_import_posenc_loads_numpy_only():
    code = (
        "import sys, posenc; "
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'matplotlib', 'ipywidgets', 'IPython', 'PIL', 'scipy'}); print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_every_lesson_a_docstring_points_at_exists():
    root = Path(posenc.__file__).resolve().parents[1]
    cited = {
        (path.relative_to(root), name)
        for path in (root / "posenc").rglob("*.py")
        for name in re.findall(r"notebooks/[\w.-]+\.ipynb", path.read_text(encoding="utf-8"))
    }
    assert cited, "docstrings say which lesson teaches each helper"
    missing = sorted(f"{source}: {name}" for source, name in cited if not (root / name).is_file())
    assert not missing


def test_checks_and_widgets_keep_the_notebooks_interface():
    from posenc import checks, widgets

    for name in ("check_sinusoidal", "check_attention", "quiz", "answer", "recall", "CheckResult"):
        assert callable(getattr(checks, name)), name
    for name in ("environment_check", "order_explorer", "table_explorer", "clock_explorer", "offset_explorer"):
        assert callable(getattr(widgets, name)), name
    assert "png_bytes" not in widgets.__all__
