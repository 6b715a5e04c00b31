"""The class editions, built by ``make kit``'s own code and executed: what a class and its instructor get.

Built once for the module (tools/build_kit.py into a temporary folder). The instructor
edition's execution is the course's test of its solutions: with every solution in place of
its stub, every checker of every lesson says "Correct" (the build itself stops otherwise).
The student edition is executed as a student would first run it: it runs top to bottom,
and every checker says its exercise is not attempted yet.
"""

import json
import subprocess
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from posenc_course.editions import COURSE_KERNEL, NOTE_HEAD
from tests.answer_key import leaks, notebook_text
from tools.build_kit import EDITIONS, NOTEBOOKS, build, build_guide, checker_outputs
from tools.publish_edition import publish

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.notebooks  # executes every lesson in a kernel

LESSONS = sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


def tracked_changes() -> str:
    return subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("kit")
    before = tracked_changes()
    build(out)
    build_guide(out)
    assert tracked_changes() == before, "building the kit changed a tracked file"
    return out


def test_the_student_edition_and_its_branch_hold_nothing_of_the_answer_key(kit, tmp_path):
    found = []
    for path in sorted((kit / "student").rglob("*")):
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            found += leaks(notebook_text(json.loads(text)) if path.suffix == ".ipynb" else text, path.name)
    assert found == []
    # the branch a class's link pulls: every file of it, read back from git
    subprocess.run(["git", "init", "--quiet", str(tmp_path / "course")], check=True)
    publish(kit / "student", "student", tmp_path / "course")
    files = subprocess.run(
        ["git", "ls-tree", "-r", "--name-only", "student"],
        cwd=tmp_path / "course",
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert sorted(files) == sorted(
        str(p.relative_to(kit / "student")) for p in (kit / "student").rglob("*") if p.is_file()
    )
    for name in files:
        text = subprocess.run(
            ["git", "show", f"student:{name}"], cwd=tmp_path / "course", capture_output=True, text=True, check=True
        ).stdout
        found += leaks(notebook_text(json.loads(text)) if name.endswith(".ipynb") else text, f"branch {name}")
    assert found == []


def test_the_instructor_guide_is_in_the_kit_with_its_keys(kit):
    page = (kit / "guide" / "instructor-guide.html").read_text(encoding="utf-8")
    assert any("right option" in leak for leak in leaks(page, "guide")), "the guide gives every quiz's right option"
    assert (kit / "guide" / "static" / "katex" / "katex.min.js").is_file(), "its maths typeset with no network"


@pytest.mark.parametrize("name", LESSONS)
def test_the_class_editions_ask_for_the_course_kernel(kit, name):
    for edition in ("student", "instructor"):
        nb = nbformat.read(kit / edition / "notebooks" / name, as_version=4)
        assert nb.metadata.kernelspec == COURSE_KERNEL, edition


def test_every_edition_holds_every_lesson_and_says_what_it_is(kit):
    for edition in EDITIONS:
        assert sorted(p.name for p in (kit / edition / "notebooks").glob("*.ipynb")) == LESSONS
        assert (kit / edition / "docs" / "glossary.md").read_bytes() == (
            NOTEBOOKS.parent / "docs" / "glossary.md"
        ).read_bytes()
        about = (kit / edition / "README.md").read_text(encoding="utf-8")
        assert f"The {edition} edition" in about and "Built by `make kit` from commit" in about
    for name in LESSONS:  # the learner edition is the committed lesson, byte for byte
        assert (kit / "learner" / "notebooks" / name).read_bytes() == (NOTEBOOKS / name).read_bytes()


@pytest.mark.parametrize("name", LESSONS)
def test_in_the_instructor_edition_every_checker_says_correct_and_the_notes_show(kit, name):
    nb = nbformat.read(kit / "instructor" / "notebooks" / name, as_version=4)
    outputs = checker_outputs(nb)
    assert outputs, "a lesson with exercises has checker cells"
    assert all(text.startswith("Correct") for text in outputs), outputs
    assert any(c.cell_type == "markdown" and c.source.startswith(NOTE_HEAD) for c in nb.cells)
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors, errors[0]


@pytest.mark.parametrize("name", LESSONS)
def test_the_student_edition_runs_and_every_exercise_waits_for_the_student(kit, name):
    nb = nbformat.read(kit / "student" / "notebooks" / name, as_version=4)
    folder = {"metadata": {"path": str(NOTEBOOKS)}}  # the lessons' folder, as a class copy has them
    NotebookClient(nb, kernel_name="python3", timeout=300, resources=folder).execute()
    outputs = checker_outputs(nb)
    assert outputs and all(text.startswith("Not attempted yet") for text in outputs), outputs
    assert not any("<b>Solution</b>" in c.source for c in nb.cells if c.cell_type == "markdown")
    assert not any("instructor" in c.metadata.get("posenc", {}) for c in nb.cells), "no note, even as metadata"
