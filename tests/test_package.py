"""The package's surface: what it exports and what importing it costs."""

import subprocess
import sys

import posenc

PLAN_API = {
    "softmax", "attention", "causal_mask", "sinusoidal", "frequencies", "wavelengths",
    "offset_rotation", "LearnedTable", "rope_angles", "apply_rope", "alibi_slopes",
    "alibi_bias", "minilm_positions",
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
