"""The class editions, built by ``make kit``'s own code and executed: what a class and its instructor get.

Built once for the module (tools/build_kit.py into a temporary folder). The instructor
edition's execution is the course's test of its solutions: with every solution in place of
its stub, every checker of every lesson says "Correct" (the build itself stops otherwise).
The student edition is executed as a student would first run it: it runs top to bottom,
and every checker says its exercise is not attempted yet.
"""

import nbformat
import pytest
from nbclient import NotebookClient

from posenc.editions import NOTE_HEAD
from tools.build_kit import EDITIONS, NOTEBOOKS, build, checker_outputs

pytestmark = pytest.mark.notebooks  # executes every lesson in a kernel

LESSONS = sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("kit")
    build(out)
    return out


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
