"""The graded edition round trip, with real nbgrader in its own environment.

``make kit``'s graded edition (tools/build_kit.build_graded) is an nbgrader course folder.
Here nbgrader generates each lesson's assignment from it, and autogrades the submissions of
every lesson: the solutions (full marks), the release as a student first gets it (zero), the
first exercise alone finished (its point only, where a lesson has more than one), and posenc's
own functions handed in as answers (zero: the test cells refuse them; where posenc has one).
nbgrader runs from ``.venv-grading`` (requirements-grading.txt), built here on first use and
reused while that file is unchanged.
"""

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from posenc_course import editions
from posenc_course.graded import CODE_STUB
from tests.answer_key import leaks, notebook_text
from tests.helpers import new_venv
from tools.build_kit import build_graded
from tools.gen_links import binder_url, edition_binder_url

pytestmark = pytest.mark.grading

ROOT = Path(__file__).resolve().parents[1]
ENV = ROOT / ".venv-grading"
REQUIREMENTS = ROOT / "requirements-grading.txt"
#: posenc's own function for each exercise that has one: what a student who copies it hands in.
POSENC_OWN = {
    "my_attention": "posenc.attention",
    "my_sinusoidal": "posenc.sinusoidal",
    "my_offset_rotation": "posenc.offset_rotation",
    "my_cosine_similarity": "posenc.analysis.cosine_similarity",
    "my_rope": "posenc.apply_rope",
    "my_alibi_slopes": "posenc.alibi_slopes",
    "my_alibi_bias": "posenc.alibi_bias",
    "my_t5_bucket": "posenc.t5_bucket",
    "my_scheme_layer": "posenc.capstone.scheme_layer",
}


def text_of(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def python_311_or_newer() -> str | None:
    if sys.version_info >= (3, 11):
        return sys.executable
    found = (shutil.which(f"python3.{minor}") for minor in (13, 12, 11))
    return next((p for p in found if p), None)


@pytest.fixture(scope="session")
def nbgrader():
    """The nbgrader command of .venv-grading, built (or rebuilt when requirements-grading.txt changed)."""
    python = python_311_or_newer()
    if python is None:
        pytest.skip("nbgrader needs Python 3.11 or newer: install python3.11 (apt-get install python3.11)")
    install = ROOT / "tools" / "venv_install.sh"
    stamp = ENV / ".requirements-sha256"
    want = hashlib.sha256(REQUIREMENTS.read_bytes() + install.read_bytes()).hexdigest()
    if not (stamp.exists() and stamp.read_text() == want):
        shutil.rmtree(ENV, ignore_errors=True)
        # the course's installer, which leaves out rfc3987-syntax: it added about 1.8 s to each nbgrader
        # command below (measured)
        new_venv(ENV, "-r", str(REQUIREMENTS), python=python)
        stamp.write_text(want)
    return ENV / "bin" / "nbgrader"


def grading_env() -> dict[str, str]:
    """The environment nbgrader runs in: its own bin first (it calls alembic by name), and its own kernel."""
    return {**os.environ, "PATH": f"{ENV / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}", "VIRTUAL_ENV": str(ENV)}


def run(nbgrader, root, *args):
    done = subprocess.run([str(nbgrader), *args], cwd=root, capture_output=True, text=True, env=grading_env())
    assert done.returncode == 0, f"nbgrader {' '.join(args)}:\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
    return done.stdout + done.stderr


def first_done(released: nbformat.NotebookNode, source: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The released notebook with its first exercise answered by the solution and the others left unfinished."""
    nb = nbformat.from_dict(json.loads(json.dumps(released)))
    solved = next(c for c in source.cells if c.metadata.get("nbgrader", {}).get("solution"))
    mine = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("solution"))
    mine.source = solved.source
    return nb


def exercise_ids(notebook: nbformat.NotebookNode) -> list[str]:
    """The grade ids of a notebook's exercises (its solution cells), in order."""
    return [
        c.metadata["nbgrader"]["grade_id"] for c in notebook.cells if c.metadata.get("nbgrader", {}).get("solution")
    ]


def copyable(notebook: nbformat.NotebookNode) -> list[str]:
    """The exercises of a notebook that posenc has a function for."""
    return [grade_id for grade_id in exercise_ids(notebook) if grade_id.split("-", 1)[-1] in POSENC_OWN]


def copied_posenc(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The released notebook with each exercise that posenc has a function for answered by that function."""
    nb = nbformat.from_dict(json.loads(json.dumps(notebook)))
    for cell in nb.cells:
        meta = cell.metadata.get("nbgrader", {})
        name = meta.get("grade_id", "").split("-", 1)[-1]
        if meta.get("solution") and name in POSENC_OWN:
            cell.source = f"{name} = {POSENC_OWN[name]}"
    return nb


@pytest.fixture(scope="module")
def graded(tmp_path_factory, nbgrader):
    """Every lesson's assignment generated, and its submissions autograded; the scores read back.
    One nbgrader command generates every lesson and one autogrades every submission (an assignment id may be
    a glob: nbgrader matches it against the folders), since each command costs seconds to start; autograde
    adds each student to the gradebook as it meets them."""
    root = tmp_path_factory.mktemp("course") / "graded"
    sources = build_graded(root.parent)
    assignments = [p.parent.name for p in sources]
    run(nbgrader, root, "generate_assignment", "lesson-*", "--force")
    for assignment, source in zip(assignments, sources, strict=True):
        released = nbformat.read(root / "release" / assignment / source.name, as_version=4)
        submissions = [("solutions", nbformat.read(source, as_version=4)), ("stubs", released)]
        # where a submission would be another's copy, it is left out: the first exercise alone is all of a lesson
        # with one, and a lesson with no exercise posenc has a function for has nothing to copy
        if len(exercise_ids(released)) > 1:
            submissions.append(("first", first_done(released, nbformat.read(source, as_version=4))))
        if copyable(released):
            submissions.append(("copied", copied_posenc(released)))
        for student, nb in submissions:
            target = root / "submitted" / student / assignment / source.name
            target.parent.mkdir(parents=True, exist_ok=True)
            nbformat.write(nb, target)
    run(nbgrader, root, "autograde", "lesson-*", "--force")
    script = (
        "import json, sys\nfrom nbgrader.api import Gradebook\n"
        "with Gradebook('sqlite:///gradebook.db') as gb:\n"
        "    print(json.dumps({f'{s.assignment.name}/{s.student.id}': [s.score, s.max_score]"
        " for a in gb.assignments for s in a.submissions}))\n"
    )
    scores = subprocess.run(
        [str(ENV / "bin" / "python"), "-c", script],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
        env=grading_env(),
    )
    return root, assignments, sources, json.loads(scores.stdout)


def test_the_release_holds_no_solution_but_keeps_the_exercise(graded):
    root, assignments, sources, _ = graded
    for assignment, source in zip(assignments, sources, strict=True):
        released = nbformat.read(root / "release" / assignment / source.name, as_version=4)
        text = "\n".join(c.source for c in released.cells)
        assert "BEGIN SOLUTION" not in text and "raise NotImplementedError" not in text and CODE_STUB in text
        # the exercise as the student edition gives it: every line of its scaffolding, uncommented, in its place
        lesson = json.loads((ROOT / "notebooks" / source.name).read_text(encoding="utf-8"))
        for index, _ in editions.stubs_and_solutions(lesson["cells"]):  # the stubs are the student edition's too
            scaffold = editions._CHECK.split(text_of(lesson["cells"][index]))[0].rstrip()
            assert any(
                [line for line in c.source.splitlines() if CODE_STUB not in line] == scaffold.splitlines()
                for c in released.cells
                if c.metadata.get("nbgrader", {}).get("solution")
            ), (assignment, scaffold[:80])
        solution = nbformat.read(source, as_version=4)
        bodies = [
            c.source.split("### BEGIN SOLUTION\n")[1].split("### END SOLUTION")[0].strip()
            for c in solution.cells
            if c.metadata.get("nbgrader", {}).get("solution")
        ]
        assert bodies and not any(body in text for body in bodies), assignment


def test_the_release_holds_nothing_of_the_answer_key_and_opens_the_class_branch(graded):
    root, assignments, sources, _ = graded
    for assignment, source in zip(assignments, sources, strict=True):
        released = (root / "release" / assignment / source.name).read_text(encoding="utf-8")
        assert leaks(notebook_text(json.loads(released)), source.name) == []
        assert binder_url(source.name) not in released and edition_binder_url(source.name, "student") in released


def test_the_solutions_get_full_marks_the_stubs_and_posenc_own_functions_none(graded):
    root, assignments, sources, scores = graded
    copied = set()
    for assignment, source in zip(assignments, sources, strict=True):
        exercises = sum(
            c.metadata.get("nbgrader", {}).get("grade", False) for c in nbformat.read(source, as_version=4).cells
        )
        assert exercises >= 1
        assert scores[f"{assignment}/solutions"] == [exercises, exercises], assignment
        assert scores[f"{assignment}/stubs"] == [0, exercises], assignment
        released = nbformat.read(root / "release" / assignment / source.name, as_version=4)
        if exercises > 1:
            assert scores[f"{assignment}/first"] == [1, exercises], assignment  # the finished one, and only it
        if copyable(released):
            assert scores[f"{assignment}/copied"] == [0, exercises], assignment
            copied |= {grade_id.split("-", 1)[-1] for grade_id in copyable(released)}
    # every exercise posenc has a function for is handed in as that function somewhere, and some lesson has two
    # exercises or more
    assert copied == set(POSENC_OWN)
    assert any(f"{a}/first" in scores for a in assignments)


def test_run_all_on_a_lesson_with_every_exercise_unfinished_reaches_its_last_cell(graded):
    # autograde ran the release as handed out, every cell in order: no cell raised (JupyterLab's Run All stops at
    # the first error, and nothing else), and the last code cell ran; each test showed its points, 0.0
    root, assignments, sources, _ = graded
    for assignment, source in zip(assignments, sources, strict=True):
        ran = nbformat.read(root / "autograded" / "stubs" / assignment / source.name, as_version=4)
        code = [c for c in ran.cells if c.cell_type == "code"]
        assert [o.get("ename") for c in code for o in c.outputs if o.output_type == "error"] == [], assignment
        assert code[-1].execution_count is not None, assignment
        tests = [c for c in code if c.metadata.get("nbgrader", {}).get("grade")]
        assert tests and all(
            [o.data["text/plain"] for o in c.outputs if o.output_type == "execute_result"] == ["0.0"] for c in tests
        ), assignment
