"""The package's surface: what it exports and what importing it costs."""

import re
from pathlib import Path

import posenc


def test_every_export_exists_and_has_a_docstring_with_an_example():
    # the course's vocabulary is posenc.__all__ itself (README, lessons and tests use it; no copy here)
    assert len(set(posenc.__all__)) == len(posenc.__all__)
    for name in posenc.__all__:
        obj = getattr(posenc, name)
        assert obj.__doc__ and "Examples" in obj.__doc__, f"{name} needs a docstring with an example"


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
    # what every lesson's code calls: a quiz shows as a Panel and answers as a CheckResult
    from posenc import checks, widgets
    from posenc.live import Panel

    assert isinstance(widgets.quiz("02-fastest"), Panel) and isinstance(widgets.recall("02-why-even"), Panel)
    assert checks.answer("02-fastest", "b").passed and not checks.check_sinusoidal(lambda n, d: None).passed
    assert "png_bytes" not in widgets.__all__ and "quiz" not in checks.__all__
