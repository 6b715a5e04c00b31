"""The class editions made from each lesson (posenc_course.editions), and their publication to a branch.

Fast: the editions are built as JSON and compared with the committed lessons; the executed
builds (every checker "Correct" in the instructor edition, the student edition running) are
tests/test_kit.py's.
"""

import json
import re
import subprocess
from pathlib import Path

import pytest

from posenc.checks.questions import question
from posenc_course import editions
from posenc_course.graded import graded_edition
from posenc_course.lessons import PREDICT, read_lesson
from tests.answer_key import leaks, notebook_text
from tools.gen_links import binder_url, colab_url, edition_links
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

    def test_clears_the_predict_cells_and_shows_each_question_without_its_answer(self, path):
        committed, student = load(path), editions.student_edition(load(path))
        folded = re.compile(r"<details><summary><b>(Solution|Model answers?)</b></summary>.*?</details>", re.S)
        kept = [c for c in committed["cells"] if c["cell_type"] == "code" or folded.sub("", text(c)).strip()]
        assert len(kept) == len(student["cells"])
        for before, after in zip(kept, student["cells"], strict=True):
            predict = PREDICT in before.get("metadata", {}).get("tags", [])
            asks = re.search(r'widgets\.(quiz|recall)\("([^"]+)"\)', text(before))
            if before["cell_type"] != "code":
                continue
            if predict and kept[kept.index(before) + 1]["cell_type"] == "markdown":
                # the paragraph right under the prediction says what it showed: folded, word for word
                said = text(kept[kept.index(before) + 1])
                shown = text(student["cells"][kept.index(before) + 1])
                assert said.startswith("#") or shown == editions.AFTER_PREDICTING.format(text=said.strip("\n"))
            assert text(before) == text(after)
            if predict:
                assert after["outputs"] == []
            elif asks:
                (shown,) = after["outputs"]
                prompt = question(asks.group(2), "mcq" if asks.group(1) == "quiz" else "recall")["prompt"]
                assert (
                    prompt in shown["data"]["text/plain"]
                    and "application/vnd.jupyter.widget-view+json" not in shown["data"]
                )
            else:
                assert after["outputs"] == before["outputs"]
        assert any(PREDICT in c.get("metadata", {}).get("tags", []) for c in committed["cells"]) == (
            path.name[:2] != "00"
        )

    def test_holds_nothing_of_the_answer_key_that_the_learner_edition_holds(self, path):
        assert leaks(notebook_text(load(path)), path.name) != [], "the search finds the key where it is"
        assert leaks(notebook_text(editions.student_edition(load(path))), path.name) == []

    def test_keeps_no_saved_widget_that_no_output_shows(self, path):
        student = editions.student_edition(load(path))
        saved = student["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
        shown = json.dumps(student["cells"])
        hidden = [m for m, model in saved.items() if model["model_name"].endswith("BoxModel") and m not in shown]
        assert hidden == [] or all(m in json.dumps(saved) for m in hidden), "a box is saved only inside what is shown"
        assert "Model answer" not in json.dumps(saved)

    def test_opens_the_class_branch_wherever_the_learner_edition_opens_main(self, path):
        links = edition_links([path.name], "student")
        student = json.dumps(editions.student_edition(load(path), links))
        assert binder_url(path.name) not in student and str(colab_url(path.name)) not in student
        assert all(new in student for new in links.values())

    def test_the_graded_edition_opens_the_class_branch_too(self, path):
        links = edition_links([path.name], "student")
        graded = json.dumps(graded_edition(load(path), path.name[:2], links))
        assert binder_url(path.name) not in graded and str(colab_url(path.name)) not in graded
        assert all(new in graded for new in links.values())

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


def test_the_instructor_edition_holds_the_key_the_search_looks_for():
    instructor = editions.instructor_edition(load(NOTEBOOKS[2]))
    found = " ".join(leaks(notebook_text(instructor), "instructor"))
    assert "Instructor note" in found and "solution" in found and "Quiz `02-" in found


def test_a_class_edition_asks_for_the_course_kernel_with_pythons_language():
    # the language lets JupyterLab start a hub-less machine's one Python kernel when no kernel has that name
    nb = editions.with_course_kernel(load(NOTEBOOKS[0]))
    assert nb["metadata"]["kernelspec"] == editions.COURSE_KERNEL
    assert (editions.COURSE_KERNEL["name"], editions.COURSE_KERNEL["language"]) == ("posenc", "python")
    assert load(NOTEBOOKS[0])["metadata"]["kernelspec"]["name"] == "python3", "the learner edition keeps python3"


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

    assert gen_guide.GUIDE.read_text(encoding="utf-8") == gen_guide.guide(), "stale: run python -m tools.gen_guide"


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


@pytest.mark.parametrize(
    ("has_class_kernel", "nbgrader_has_course", "kernel"),
    [
        (True, False, "posenc"),  # a class hub: the formgrader's environment holds no course, the kernel does
        (True, True, "posenc"),
        (False, True, "python3"),  # requirements-grading.txt's environment off the hub
        (False, False, "posenc"),  # neither: autograde stops on "No such kernel named posenc", not a row of zeros
    ],
)
def test_the_graded_editions_config_autogrades_in_a_kernel_that_holds_the_course(
    monkeypatch, has_class_kernel, nbgrader_has_course, kernel
):
    import importlib.util

    from jupyter_client.kernelspec import KernelSpecManager
    from traitlets.config import Config

    from posenc_course.editions import COURSE_KERNEL
    from tools.build_kit import NBGRADER_CONFIG

    specs = {"python3": "/somewhere/python3", **({COURSE_KERNEL["name"]: "/hub/posenc"} if has_class_kernel else {})}
    monkeypatch.setattr(KernelSpecManager, "find_kernel_specs", lambda self: specs)
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *a: (real("posenc") if nbgrader_has_course else None) if name == "posenc" else real(name, *a),
    )
    config = Config()
    exec(NBGRADER_CONFIG, {"get_config": lambda: config})
    assert config.ExecutePreprocessor.kernel_name == kernel
    assert config.CourseDirectory.course_id == "posenc"
