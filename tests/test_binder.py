"""Binder's files fit together. (That binder/requirements.txt, the lock Binder builds from, pins
versions the course's ranges allow is tests/test_versions.py's job.)"""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"


def compile_command(path, prefix):
    """The `uv pip compile` command written in a comment line of `path` after `prefix`."""
    lines = [line.removeprefix(prefix) for line in path.read_text().splitlines() if line.startswith(prefix)]
    commands = [line.strip() for line in lines if line.strip().startswith("uv pip compile ")]
    assert len(commands) == 1, f"{path.relative_to(ROOT)}: expected one `uv pip compile` line, found {commands}"
    return commands[0]


def test_the_lock_was_made_by_the_documented_command_for_binders_python():
    documented = compile_command(BINDER / "requirements.in", "#")
    header = compile_command(BINDER / "requirements.txt", "#")  # uv writes the command it ran
    assert header == documented, (
        f"binder/requirements.txt was made by\n  {header}\nbut binder/requirements.in says to run\n  {documented}"
    )
    python = (BINDER / "runtime.txt").read_text().strip().removeprefix("python-")
    assert f" --python-version {python} " in documented, f"binder/runtime.txt says Python {python}: {documented}"
    assert documented.endswith(" binder/requirements.in -o binder/requirements.txt"), documented
    assert "-r ../requirements.txt" in (BINDER / "requirements.in").read_text().splitlines()


def test_binder_installs_posenc_and_pins_python():
    post = (BINDER / "postBuild").read_text()
    assert "pip install --no-deps -e ." in post
    assert (BINDER / "postBuild").stat().st_mode & 0o111, "postBuild must be executable"
    assert (BINDER / "runtime.txt").read_text().strip().startswith("python-3.")
