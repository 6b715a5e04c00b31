"""Build the class editions of every lesson into a build folder (not committed).

    python -m tools.build_kit                 (or: make kit)   into build/kit/
    python -m tools.build_kit --out DIR --branch student-v0.2.0   (the branch the student edition's links open)

Made from the committed lessons and their metadata, by :mod:`posenc_course.editions`:

- ``learner/``: the committed notebooks, as they are (stubs, folded hints and solutions);
- ``student/``: no folded solutions, the predict-then-check cells' outputs cleared;
- ``instructor/``: solutions in place of the stubs and every instructor note shown, executed
  from a fresh kernel (each checker then prints "Correct"; the build fails if one does not);
- ``graded/``: an nbgrader course folder (``nbgrader_config.py``, ``source/lesson-NN/``): each
  exercise a solution cell, each check an autograded test calling the course's checker.
  ``nbgrader generate_assignment lesson-01`` in that folder makes what students get;
- ``handout/``: the printable handout, ``handout.html`` and ``handout.pdf`` (A4): a page per lesson,
  the comparison table and the glossary (:mod:`tools.build_handout`; the PDF needs Chromium); and beside it a
  handout per run sheet, ``handout-60-met-attention.pdf`` and the others (:mod:`tools.sheet_handouts`);
- ``slides/``: every lesson as reveal.js slides whose main sliders work with no kernel, the
  instructor notes in the speaker view (:mod:`tools.build_slides`; its browser bundles come from npm);
- ``guide/instructor-guide.html``: the instructor guide as a page (quiz keys, model answers, notes): here
  alone, never on a site a class can reach; ``guide/sheets/``: for each run sheet, the message to send
  students before class and the homework sheet to hand out after it.

The student and instructor editions ask for the course's own kernel (:data:`posenc_course.editions.COURSE_KERNEL`),
which the guide's hub recipe registers beside a hub's other kernels; the student edition's Binder and Colab
links open the class's branch (``--branch``: ``student`` unless said, as ``tools/publish_edition.py`` names it),
not the learner edition.

The learner, student and instructor folders keep the repository's layout (``notebooks/``, with the
glossary the lessons link to in ``docs/``), so that a link into a published edition opens the same
paths; each gets a README saying what it is and which commit it was built from.
Prints each edition's folder and the instructor editions' run times.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
from pathlib import Path

import nbformat

from posenc_course.editions import COURSE_KERNEL, instructor_edition, student_edition, with_course_kernel
from posenc_course.graded import CODE_STUB, COURSE_ID, graded_edition
from posenc_course.lessons import read_lessons
from posenc_course.run_sheets import SHEETS
from posenc_course.run_sheets.messages import before_class, homework_sheet, sheet_name
from tools.assets import unpack_assets
from tools.build_handout import build as build_handout
from tools.build_site import course_binder_url, glossary_page
from tools.build_slides import build as build_slides
from tools.execute_notebooks import run
from tools.gen_links import course_requirement, edition_links
from tools.sheet_handouts import build as build_sheet_handouts

ROOT = Path(__file__).resolve().parents[1]


NOTEBOOKS = ROOT / "notebooks"
GLOSSARY = ROOT / "docs" / "glossary.md"
#: The branch the student edition is published to and its links open (tools/publish_edition.py's default).
STUDENT_BRANCH = "student"
EDITIONS = ("learner", "student", "instructor")

ABOUT = {
    "learner": "the lessons as committed: exercises to fill in, with folded hints and solutions under them.",
    "student": "the lessons for a class: exercises to fill in, hints kept, no solutions (where a lesson "
    "mentions its folded solution, ask your instructor instead); the predict-then-check cells are not yet "
    "run, so nothing is answered before you run it.",
    "instructor": "the lessons with every solution in place and executed (each check prints "
    "“Correct”), and an instructor note under each section and each deliberate error.",
}

#: The graded edition's nbgrader settings; `{root}` is filled in with the folder.
NBGRADER_CONFIG = f"""\
# nbgrader settings of the course's graded edition (written by make kit)
c = get_config()  # noqa: F821 (nbgrader's config loader defines it)
c.CourseDirectory.course_id = {COURSE_ID!r}  # the course folder is the one nbgrader runs in
c.ExecutePreprocessor.timeout = 300
# The notebooks ask for the class's kernel, posenc (as the student edition does, so that they start in it on
# the hub). Autograde runs them in it where this Jupyter has it (a class hub that registered it: the
# formgrader runs in the server's environment, which does not hold the course), and where the Python running
# nbgrader lacks the course too (autograde then stops on "No such kernel named posenc", which names what is
# missing, instead of giving every student 0); elsewhere in the python3 kernel of the environment nbgrader runs
# from, where requirements-grading.txt installs the course.
import importlib.util  # noqa: E402

from jupyter_client.kernelspec import KernelSpecManager  # noqa: E402

_CLASS_KERNEL = {COURSE_KERNEL["name"]!r}
_OWN = _CLASS_KERNEL not in KernelSpecManager().find_kernel_specs() and importlib.util.find_spec("posenc") is not None
c.ExecutePreprocessor.kernel_name = "python3" if _OWN else _CLASS_KERNEL
# The release shows the lesson's own scaffolding around this line, not nbgrader's raise NotImplementedError(), so
# that an unfinished exercise runs as in the student edition and Run All reaches the end; the test cells give
# their points as their last value (nbgrader's partial credit): 0.0 for an unfinished exercise, never an error.
c.ClearSolutions.code_stub = {{"python": {CODE_STUB!r}}}
"""

#: The student edition's binder/postBuild: binder/requirements.txt has installed everything, the course too.
STUDENT_POSTBUILD = """#!/bin/bash
# The student edition's Binder set-up (written by make kit). binder/requirements.txt installed the course's
# package from the repository, at the commit this edition was built from, with every other package at the
# versions of the course's lock. Drop rfc3987-syntax, which only slows every Jupyter start by several seconds.
set -euo pipefail
pip uninstall -y rfc3987-syntax || true
"""


def build_graded(out: Path, branch: str = STUDENT_BRANCH) -> list[Path]:
    """Write the graded edition (an nbgrader course folder) under `out`, its links opening the class's `branch`;
    return its source notebooks."""
    folder = out / "graded"
    if folder.exists():
        shutil.rmtree(folder)
    written = []
    lessons = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    links = edition_links([p.name for p in lessons], branch)
    for path in lessons:
        number = path.name[:2]
        graded = with_course_kernel(graded_edition(json.loads(path.read_text(encoding="utf-8")), number, links))
        nb = nbformat.reads(json.dumps(graded), as_version=4)
        nbformat.validate(nb)
        target = folder / "source" / f"lesson-{number}" / path.name
        target.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, target)
        written.append(target)
    (folder / "nbgrader_config.py").write_text(NBGRADER_CONFIG, encoding="utf-8")
    (folder / "README.md").write_text(
        "# The graded edition\n\nAn nbgrader course folder: one assignment per lesson, each exercise a solution "
        "cell, with the lesson's scaffolding, and each check an autograded test that calls the course's own checker "
        "(1 point each). A test never raises: it prints the checker's message and ends with its points, 1.0 or 0.0, "
        "which nbgrader reads as the cell's score (its partial credit), so Run All goes past an unfinished exercise "
        "to the end of the lesson, as lesson 00 promises, and autograde gives that exercise 0. In this "
        "folder: `nbgrader generate_assignment lesson-01`, `nbgrader release_assignment lesson-01`, later `nbgrader "
        "collect lesson-01` (these two need an exchange folder: on a hub, the instructor guide's \"Grading on the "
        "hub\"), then `nbgrader autograde lesson-01`.\n\nWhat the autograder can and cannot tell: a test passes when the course's checker "
        "finds the answer right on its own cases, and it refuses an answer that is posenc's own function handed in "
        "as it is. An answer that merely wraps posenc's function (a lambda calling posenc.sinusoidal, say) passes, "
        "and so does one copied from the learner edition's folded solution: use these grades formatively, to see "
        "who is stuck where, not as an exam. The same holds for the two value exercises, which no check can tell "
        "from a copy: lesson 02's wavelength (posenc.wavelengths gives it) and lesson 08's table "
        "(checks.comparison_table_answer gives it).\n\nThe autograder's kernel and every student's kernel need "
        "the course installed, at the version the edition was built from, since every test calls its checkers. "
        "The notebooks ask for the class's kernel, `posenc` (on a hub that registered it, students' notebooks "
        "start in it); `nbgrader_config.py` has autograde run them in that kernel where the Jupyter running nbgrader "
        'has it (on the hub, the formgrader does: the instructor guide, "Grading on the hub"), else in the '
        "python3 kernel of the environment nbgrader runs from. Off the hub, make that environment from the course's folder with `requirements-grading.txt` "
        "(nbgrader and the course; Python 3.11 or newer) and run nbgrader from it, with its `bin` first on "
        "`PATH`: nbgrader calls tools of that environment by name. From the course's folder: `python3 -m venv "
        ".venv-grading && .venv-grading/bin/pip install -r requirements-grading.txt`; then, in this folder, "
        "`PATH=$COURSE/.venv-grading/bin:$PATH nbgrader generate_assignment lesson-01` (with `COURSE` the course's "
        "folder). Give students the release (`release/`), never `source/`, which holds every solution.\n\n"
        f"Built by `make kit` from commit {commit()} of the course.\n",
        encoding="utf-8",
    )
    return written


def commit() -> str:
    """The commit the editions are built from (with '+changes' if the work tree differs from it)."""
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    dirty = subprocess.run(["git", "status", "--porcelain", "notebooks", "posenc"], cwd=ROOT, capture_output=True)
    name = head.stdout.strip() or "unknown"
    return name + ("+changes" if dirty.stdout.strip() else "")


def checker_outputs(nb: nbformat.NotebookNode) -> list[str]:
    """What every check cell of an executed notebook printed."""
    return [
        "".join(o.get("data", {}).get("text/plain", "") for o in cell.outputs)
        for cell in nb.cells
        if cell.cell_type == "code" and "checks.check_" in cell.source
    ]


def build(out: Path, branch: str = STUDENT_BRANCH) -> dict[str, list[Path]]:
    """Write every edition of every lesson under `out` (the student edition's links opening `branch`); return the
    files of each edition."""
    source = commit()
    return {edition: write_edition(edition, out, source, branch) for edition in EDITIONS}


def write_edition(
    edition: str, out: Path, source: str | None = None, branch: str = STUDENT_BRANCH, url: str | None = None
) -> list[Path]:
    """Write one edition (learner, student or instructor) of every lesson into `out`/`edition`, with its
    README naming the commit `source` (the work tree's, by default); return its lesson files. The student
    edition's Binder and Colab links open `branch`, where it is to be published, of the repository `url`
    (``Repository`` in pyproject.toml, unless said), and its ``binder/`` folder builds that branch."""
    lessons = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    folder = out / edition
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    (folder / "README.md").write_text(
        f"# The {edition} edition\n\nThis folder holds {ABOUT[edition]}\n\n"
        f"Built by `make kit` from commit {source or commit()} of the course."
        + (f" Its Binder and Colab links open the branch `{branch}`.\n" if edition == "student" else "\n"),
        encoding="utf-8",
    )
    written = []
    (folder / "notebooks").mkdir()
    (folder / "docs").mkdir()
    shutil.copy(GLOSSARY, folder / "docs" / GLOSSARY.name)
    links = edition_links([p.name for p in lessons], branch, url)
    if edition == "student":
        write_binder(folder / "binder", url)
    for path in lessons:
        notebook = json.loads(path.read_text(encoding="utf-8"))
        if edition == "student":
            notebook = with_course_kernel(student_edition(notebook, links))
        elif edition == "instructor":
            notebook = instructor_edition(notebook)
        nb = nbformat.reads(json.dumps(notebook), as_version=4)  # sources as strings, as nbformat reads them
        if edition == "instructor":
            seconds = run(nb, NOTEBOOKS)  # the lessons' own folder: their relative paths hold
            wrong = [text for text in checker_outputs(nb) if not text.startswith("Correct")]
            if wrong:
                raise SystemExit(f"{path.name}, instructor edition: a checker did not say Correct: {wrong[0]}")
            print(f"{edition}/{path.name}: executed in {seconds:.1f} s")
            for cell in nb.cells:
                cell.metadata.pop("execution", None)
            nb = nbformat.from_dict(with_course_kernel(nb))
        nbformat.validate(nb)
        target = folder / "notebooks" / path.name
        nbformat.write(nb, target)
        written.append(target)
    return written


def write_binder(folder: Path, url: str | None = None) -> None:
    """The student edition's ``binder/``: Binder builds the edition's branch with it, installing the course's
    locked environment and the course's package from the repository `url` at the commit checked out here (the
    edition's files alone end up in the session: nothing of the default branch, whose lessons fold solutions in).
    That commit must be on the repository the branch is pushed to."""
    folder.mkdir(parents=True)
    shutil.copy(ROOT / "binder" / "runtime.txt", folder / "runtime.txt")
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True)
    lock = (ROOT / "binder" / "requirements.txt").read_text(encoding="utf-8")
    package = "# the course's package, from the commit this edition was built from (written by make kit)\n"
    (folder / "requirements.txt").write_text(
        lock + package + course_requirement(head.stdout.strip(), url) + "\n", encoding="utf-8"
    )
    (folder / "postBuild").write_text(STUDENT_POSTBUILD, encoding="utf-8")
    (folder / "postBuild").chmod(0o755)


def build_guide(out: Path, cache: Path = ROOT / "build" / "npm-cache", hub: str = "") -> Path:
    """The instructor guide as a page, ``out/guide/instructor-guide.html``, with the KaTeX it typesets its maths
    with; its path. Made from the lessons as they are now (:func:`tools.gen_guide.guide`), like the committed
    ``docs/instructor-guide.md``, which the kit leaves alone (``make docs`` writes it). `hub` (the class hub's
    address) goes into the messages to send before class."""
    from tools.gen_guide import guide

    folder = out / "guide"
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    unpack_assets(folder, cache, names={"katex", "requirejs"})
    page = folder / "instructor-guide.html"
    source = folder / "instructor-guide.md"
    source.write_text(guide(), encoding="utf-8")
    page.write_text(glossary_page(source, "Instructor guide"), encoding="utf-8")
    write_sheet_messages(folder / "sheets", hub)
    return page


def write_sheet_messages(folder: Path, hub: str = "") -> list[Path]:
    """For each run sheet, the message to send before class (``NAME-before-class.txt``) and the homework sheet
    (``NAME-homework.md``), NAME its slot and room (:func:`posenc_course.run_sheets.messages.sheet_name`); the
    message's link opens the class hub at `hub` (``https://HOST``), or says ``<hub>`` where none is given."""
    from tools.gen_links import nbgitpuller_link

    lessons = read_lessons(NOTEBOOKS)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for sheet in SHEETS:
        name = sheet_name(sheet)
        before = folder / f"{name}-before-class.txt"
        link = nbgitpuller_link(hub=hub.rstrip("/")) if hub else nbgitpuller_link()
        before.write_text(before_class(sheet, lessons, link), encoding="utf-8")
        work = folder / f"{name}-homework.md"
        work.write_text(homework_sheet(sheet, lessons), encoding="utf-8")
        written += [before, work]
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "kit", help="where to write (default build/kit)")
    parser.add_argument("--branch", default=STUDENT_BRANCH, help="the branch the student edition will be published to")
    parser.add_argument("--hub", default="", help="the class hub's address (https://HOST) for the messages to send")
    args = parser.parse_args(argv)
    for edition, files in build(args.out, args.branch).items():
        print(f"{edition}: {len(files)} lessons in {args.out / edition}")
    print(f"graded: {len(build_graded(args.out, args.branch))} lessons in {args.out / 'graded'}")
    print(f"handout: {', '.join(p.name for p in build_handout(args.out / 'handout'))} in {args.out / 'handout'}")
    print(f"run sheets' handouts: {len(build_sheet_handouts(args.out / 'handout'))} files in {args.out / 'handout'}")
    build_slides(args.out / "slides", course_binder_url(), ROOT / "build" / "npm-cache")  # it says where
    print(f"instructor guide: {build_guide(args.out, hub=args.hub)}")


if __name__ == "__main__":
    main()
