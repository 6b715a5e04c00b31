"""The class editions made from each lesson (posenc.editions), and their publication to a branch.

Fast: the editions are built as JSON and compared with the committed lessons; the executed
builds (every checker "Correct" in the instructor edition, the student edition running) are
tests/test_kit.py's.
"""

import json
import re
import subprocess
from pathlib import Path

import pytest

from posenc import editions
from posenc.checks.questions import question
from posenc.lessons import PREDICT, read_lesson
from tools.publish_edition import publish

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def load(path):
    return json.loads(path.read_text(encoding="utf-8"))


def text(cell):
    return text_of(cell)


def text_of(cell):
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
class TestStudentEdition:
    def test_has_no_folded_solution_and_keeps_the_hints(self, path):
        committed, student = load(path), editions.student_edition(load(path))
        assert not any("<b>Solution</b>" in text(c) for c in student["cells"])
        hints = sum(text(c).count("<b>Hint") for c in committed["cells"])
        assert sum(text(c).count("<b>Hint") for c in student["cells"]) == hints

    def test_clears_only_the_predict_cells_outputs(self, path):
        committed, student = load(path), editions.student_edition(load(path))
        folded = re.compile(r"<details><summary><b>Solution</b></summary>.*?</details>", re.S)
        kept = [c for c in committed["cells"] if c["cell_type"] == "code" or folded.sub("", text(c)).strip()]
        assert len(kept) == len(student["cells"])
        for before, after in zip(kept, student["cells"], strict=True):
            predict = PREDICT in before.get("metadata", {}).get("tags", [])
            if before["cell_type"] == "code":
                assert text(before) == text(after)
                assert after["outputs"] == ([] if predict else before["outputs"])
        assert any(PREDICT in c.get("metadata", {}).get("tags", []) for c in committed["cells"]) == (
            path.name[:2] != "00"
        )

    def test_holds_no_instructor_note_even_as_metadata(self, path):
        student = editions.student_edition(load(path))
        assert not any(editions.note_of(c) for c in student["cells"])
        assert any(editions.note_of(c) for c in load(path)["cells"])

    def test_keeps_every_exercise_and_check(self, path):
        committed, student = load(path), editions.student_edition(load(path))
        assert len(editions.stubs_and_solutions(student["cells"])) == len(
            editions.stubs_and_solutions(committed["cells"])
        )
        checks = [text(c) for c in committed["cells"] if "checks.check_" in text(c) and c["cell_type"] == "code"]
        assert checks == [text(c) for c in student["cells"] if "checks.check_" in text(c) and c["cell_type"] == "code"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
class TestInstructorNotes:
    def test_every_core_section_has_a_note(self, path):
        lesson = read_lesson(path)
        missing = [s.title for s in lesson.sections if not s.optional and editions.note_of(s.cells[0]) is None]
        assert not missing, f"core sections with no instructor note: {missing}"

    def test_every_deliberate_error_is_explained(self, path):
        cells = load(path)["cells"]
        errors = [i for i, c in enumerate(cells) if c["cell_type"] == "code" and "checks.expect_error()" in text(c)]
        assert all(editions.note_of(cells[i]) for i in errors), f"deliberate errors with no note: cells {errors}"

    def test_every_citation_is_a_real_mistake_and_exercises_cite_one(self, path):
        lesson = read_lesson(path)
        for section in lesson.sections:
            note = editions.note_of(section.cells[0]) or ""
            editions.expand_note(note)  # raises KeyError for a mistake no registry has
            exercise = any(c["cell_type"] == "code" and "checks.check_" in text(c) for c in section.cells)
            if exercise and not section.optional:
                assert editions.cited_mistakes(note), f"{section.title}: an exercise section cites no known mistake"

    def test_the_instructor_edition_shows_each_note_once_and_the_learner_edition_none(self, path):
        committed = load(path)
        notes = [editions.note_of(c) for c in committed["cells"] if editions.note_of(c)]
        keys = f"{editions.NOTE_HEAD} Quiz `"  # the quiz keys, written by the edition itself
        cells = editions.instructor_edition(committed)["cells"]
        shown = [text(c) for c in cells if text(c).startswith(editions.NOTE_HEAD) and not text(c).startswith(keys)]
        assert len(shown) == len(notes) > 0
        assert not any(text(c).startswith(editions.NOTE_HEAD) for c in committed["cells"])
        assert not any(n[:40] in text(c) for n in notes for c in committed["cells"])  # a note is metadata only


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_the_instructor_edition_gives_every_quiz_key_and_fills_every_placeholder(path):
    committed = load(path)
    quizzes = editions.QUIZ.findall("".join(text(c) for c in committed["cells"]))
    shown = [text(c) for c in editions.instructor_edition(committed)["cells"] if text(c).startswith(editions.NOTE_HEAD)]
    for quiz in quizzes:
        right = next(o for o in question(quiz, "mcq")["options"] if o["correct"])
        assert any(f"Quiz `{quiz}`: the answer is **{right['key']}**" in note for note in shown), quiz
    assert not any(re.search(r"\{\w+\}", note) for note in shown), "a hint's placeholder left unfilled"


def test_with_solutions_puts_each_solution_in_place_of_its_stub():
    stub = {
        "cell_type": "code",
        "metadata": {},
        "outputs": [],
        "execution_count": 1,
        "source": "def my_f(x):\n    return ...\n\nchecks.check_f(my_f)",
    }
    folded = {
        "cell_type": "markdown",
        "metadata": {},
        "source": "<details><summary><b>Solution</b></summary>\n\n```python\ndef my_f(x):\n    return 2 * x\n```\n</details>",
    }
    out = editions.with_solutions({"cells": [stub, folded]})
    assert text(out["cells"][0]) == "def my_f(x):\n    return 2 * x\n\nchecks.check_f(my_f)"
    assert text(stub).startswith("def my_f(x):\n    return ...")  # the input is left as it was
    with pytest.raises(ValueError, match="cell 0 is a stub with no folded solution"):
        editions.with_solutions({"cells": [stub]})


def test_a_note_citing_an_unknown_mistake_is_refused():
    with pytest.raises(KeyError, match="check_attention:no-such-mistake"):
        editions.expand_note("see {check_attention:no-such-mistake}")


@pytest.fixture
def clone(tmp_path):
    repo = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", "--no-checkout", str(ROOT), str(repo)], check=True)
    return repo


def test_an_edition_is_published_to_a_branch_idempotently(clone, tmp_path):
    folder = tmp_path / "student"
    (folder / "notebooks").mkdir(parents=True)
    for path in NOTEBOOKS:
        (folder / "notebooks" / path.name).write_text(json.dumps(editions.student_edition(load(path))), "utf-8")
    (folder / "README.md").write_text("# The student edition\n", encoding="utf-8")

    def state():
        status = subprocess.run(["git", "status", "--porcelain"], cwd=clone, capture_output=True, text=True).stdout
        return status, subprocess.run(["git", "symbolic-ref", "HEAD"], cwd=clone, capture_output=True, text=True).stdout

    before = state()
    first, new = publish(folder, "student", clone)
    assert new
    listed = subprocess.run(
        ["git", "ls-tree", "-r", "--name-only", "student"], cwd=clone, capture_output=True, text=True
    )
    assert sorted(listed.stdout.split()) == sorted(["README.md", *(f"notebooks/{p.name}" for p in NOTEBOOKS)])
    shown = subprocess.run(
        ["git", "show", f"student:notebooks/{NOTEBOOKS[1].name}"], cwd=clone, capture_output=True, text=True
    )
    assert "<b>Solution</b>" not in shown.stdout and "<b>Hint" in shown.stdout

    again, new = publish(folder, "student", clone)
    assert (again, new) == (first, False), "publishing the same files again adds no commit"

    (folder / "README.md").write_text("# The student edition, rebuilt\n", encoding="utf-8")
    third, new = publish(folder, "student", clone)
    parent = subprocess.run(["git", "rev-parse", f"{third}^"], cwd=clone, capture_output=True, text=True)
    assert new and parent.stdout.strip() == first, "a change adds one commit on top of the branch"
    assert state() == before, "the work tree, the index and the checked-out branch are left as they were"


def test_publishing_an_empty_folder_says_to_build_first(clone, tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(SystemExit, match="holds no edition: build it first"):
        publish(empty, "student", clone)


def test_the_committed_instructor_guide_is_what_the_lessons_make():
    from tools import gen_guide

    assert gen_guide.GUIDE.read_text(encoding="utf-8") == gen_guide.guide(), "stale: run python tools/gen_guide.py"


def test_the_guide_has_every_lesson_every_section_and_every_quiz_key():
    from tools import gen_guide

    text = gen_guide.guide()
    for path in NOTEBOOKS:
        lesson = read_lesson(path)
        assert f"## [{lesson.number} · {lesson.title}](../notebooks/{path.name})" in text
        for section in lesson.sections:
            assert f"| {section.title} | {'optional' if section.optional else 'core'} | {section.minutes} |" in text
        for quiz in editions.QUIZ.findall("".join(text_of(c) for c in lesson.cells)):
            right = next(o for o in question(quiz, "mcq")["options"] if o["correct"])
            assert f"- `{quiz}`: " in text and f"  - **{right['key']}) " in text
