"""Binder's files agree with what a local learner installs."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def requirement_lines(path):
    lines = (line.split("#")[0].strip() for line in path.read_text().splitlines())
    return sorted(line for line in lines if line and not line.startswith("-"))


def test_binder_requirements_match_the_top_level_ones():
    assert requirement_lines(ROOT / "binder" / "requirements.txt") == requirement_lines(ROOT / "requirements.txt")


def test_binder_installs_posenc_and_pins_python():
    post = (ROOT / "binder" / "postBuild").read_text()
    assert "pip install --no-deps -e ." in post
    assert (ROOT / "binder" / "postBuild").stat().st_mode & 0o111, "postBuild must be executable"
    assert (ROOT / "binder" / "runtime.txt").read_text().strip().startswith("python-3.")
