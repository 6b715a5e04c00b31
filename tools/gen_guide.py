"""Write the instructor guide, docs/instructor-guide.md, from the lessons themselves.

    python -m tools.gen_guide            (make kit and make docs run it)   rewrite it
    python -m tools.gen_guide --check    exit 1 if the committed guide is stale

A short introduction (written here, by hand), then per lesson, all read from the notebook and
the package: its objectives and what it needs; its sections, core and optional, with their
stated minutes and the instructor note of each (``posenc_course.editions``); where students stall (every
mistake the lesson's checkers can name, in the words the student will read, and the lesson's
misconceptions boxes); the discussion prompts (Think! and the recall questions, with their model
answers); and the answer key of every quiz.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from posenc.checks import CHECKERS
from posenc.checks.questions import question
from posenc_course.editions import QUIZ, hint_args, note_of, spoken_note
from posenc_course.lessons import Lesson, cell_source, number_span, read_lessons
from posenc_course.run_sheets import (
    CONVERSION,
    HOMEWORK_MINUTES,
    ROOMS,
    SHEETS,
    UNPLACED,
    homework,
    schedule,
    session_rows,
)
from posenc_course.run_sheets.messages import before_class, homework_sheet
from tools.gen_benchmarks import load_runs
from tools.gen_links import nbgitpuller_link, repository
from tools.hub_recipe import hub_part

ROOT = Path(__file__).resolve().parents[1]


GUIDE = ROOT / "docs" / "instructor-guide.md"

INTRODUCTION = """\
# Instructor guide

This guide is for teaching the course to a room: a class on a JupyterHub, a lab of 60 to 180
minutes, students who know Python and a little NumPy. `python -m tools.gen_guide` (`make docs` runs
it) writes this page, and `make kit` makes it a page of the kit (`build/kit/guide/`): the sections, minutes, notes, checker messages, prompts and
answer keys below are read from the lessons and the package, so they match them; the
introduction, the run sheets' choices and the fallback advice are written by hand. Edit a lesson
or `course/posenc_course/run_sheets/`, not this page.

**This guide holds the answers** (every quiz's right option, the recall questions' model answers,
the notes): keep it off anything students can open. `make kit` builds it into `build/kit/` and neither
site holds it, but it is also a file of the course's repository (`docs/instructor-guide.md`), like the
lessons' folded answers: see "What a student can still find" below.

**What to hand out.** `make kit` builds the editions into `build/kit/`:
- the **student edition**: no solutions, no model answers, no quiz feedback until a quiz is run,
  predict-then-check cells not yet run (the paragraph under each, which says what it shows, folded), and its
  lessons ask for the course's own kernel (see "A class
  hub"). Put it where the class can reach it with `python -m tools.publish_edition student` (a
  `student` branch, for an nbgitpuller link). Its Binder and Colab links open that branch, not
  `main`: Binder builds the branch itself, whose `binder/` folder installs the course's package from
  the repository at the commit the edition was built from (so push that commit too), and a Binder
  session holds the branch's files alone; on Colab, each lesson's set-up cell installs the course
  itself, from the repository;
- the **student site** (`make site` writes it to `build/site-student/`): the student edition as
  pages with no kernel (each explorer's main slider works), for latecomers, a projector without a
  kernel, or a hub that fails; each predict-then-check cell's output is folded there, to open after
  predicting (on both sites). Put this one, not `build/site/`, where the class can reach it;
- the **instructor edition**, for you: every solution in place and run, a note under each
  section, the answer key under each quiz. The notes below are the same ones;
- the **graded edition**: an nbgrader course folder, for you: `source/` holds every solution; give
  students only what `nbgrader generate_assignment` puts in `release/`. Run nbgrader from an
  environment made with `requirements-grading.txt` (its README says how), or, on a class hub, from the
  formgrader ("Grading on the hub"). The release keeps each
  exercise's scaffolding as the student edition has it, and its test cells never raise: each prints the
  checker's message and ends with its points (1.0 or 0.0, which nbgrader reads as the cell's score), so Run
  All reaches the end of a lesson with exercises unfinished, and autograde gives those 0. Its grades are
  formative: its README says what the autograder cannot tell;
- the **slides** (`build/kit/slides/`): two decks per lesson. The **lecture** deck, for projecting
  between the hands-on parts: a slide for each section a run sheet uses, with the idea to say, the figure
  and the question for the room (on the next key; a prediction's answer one slide down, after the
  guesses), and the section's text with its class minutes in the speaker view (press S). The **whole
  lesson** deck, the fallback: one slide per section, the rest below it. In both, each explorer's main
  slider works with no kernel and a focused slider keeps the arrow keys. They are for you: they hold the quiz keys, model answers and solutions in folds, and the
  notes; do not post them. Use them when no kernel can run at the projector, or when the hub fails:
  the run sheets below assume the live notebooks;
- the **handout** (`build/kit/handout/`, HTML and an A4 PDF): a page per lesson (objectives, Lock it
  in, its words), the comparison table and the glossary, each page with the course version; and one per
  run sheet (`handout-90-new-to-attention.pdf` and the others): the class's questions to predict with lines
  to write on, the sheet's homework and the pages of the lessons it teaches, with no filled-in answer, for
  the room. Hand out its first page at the start and the rest at the end: the lessons' pages sum them up,
  and their Lock it in answers the day's predictions.

The student edition keeps every hint and removes every solution and model answer, so lesson 00's
sentence "the solution is folded below them" does not hold there, and its pointer to "the quick
start in the course's README.md" finds none in the branch's README: say so when you hand it out.

**What a student can still find.** The course is public and so is its package: the learner edition on
`main` and the public site (`build/site/`) fold every solution and quiz answer for self-learners, the
repository holds this guide (`docs/instructor-guide.md`) and the lessons' instructor notes (in their
cells' metadata), the question bank is a file of the installed package (`posenc/data/questions.json`), and the package's own
functions (`posenc.sinusoidal`, `posenc.apply_rope`, …) are the reference answers the checkers compare
with. A quiz in a running notebook says whether the chosen option is right, and a recall prompt reveals
its model answer on request, from that package. So treat the checks and quizzes as formative: they tell
you and your students who is stuck where. For marked work, use the graded edition with tests of your
own that nbgrader hides from students (`### BEGIN HIDDEN TESTS`), on cases you choose.

**Before the day** (you, not the students), in this order:
0. On your laptop (Linux or macOS; on Windows use the README's commands without `make`), `make venv`
   (it installs the course in `.venv`, with what the tools below import). Then set `Repository` under
   `[project.urls]` in `pyproject.toml` to the https address of the repository the class will use (your
   fork of the course, on any forge: GitHub, GitLab, Codeberg, your department's), run `make docs`, and
   commit the change (`git commit -am "Links to our fork"`; an edition built from a changed work tree
   records its commit as `…+changes`). `make docs` rewrites the README's Binder and Colab links, each
   lesson's links, the source Colab installs from, and the nbgitpuller link in step 3 of this page.
   Binder and nbgitpuller take a repository on any forge; Colab opens notebooks from GitHub only, so
   off GitHub the lessons give the Binder link alone (the README says why).
1. Ask the hub's administrator ("A class hub" below is the recipe to give them) for three things: in
   the environment where JupyterLab runs, the widget front ends that match the course's kernel (those
   of ipywidgets 8 and of anywidget 0.11, the recipe's pins: the preflight compares them) and
   nbgitpuller; and the course's own kernel, named `posenc`, in an environment of its own with the
   course installed with its widget extra (`pip install ".[notebooks]"` in a copy of the course's
   folder, as `requirements.txt` does), from the same tag or commit as the branch you publish: on the
   day, lesson 00's "Course version" line should match the handout's. Other courses' kernels stay as
   they are. The edition a class pulls holds the
   lessons, not the package; a kernel without it prints, from every lesson's set-up cell, what to
   install, which students cannot do on a shared hub: tell them to follow on the site and tell you.
2. On your laptop, `make kit` and `make site` (both need npm): the editions, slides, handout and this
   guide land in `build/kit/`, the two sites in `build/site/` (public, for self-learners) and
   `build/site-student/` (for the class). Put `build/site-student/` on web space the students can
   reach, and have its address ready. Neither command changes a file of the repository. For a term, build
   from the release's tag instead, and publish to a branch named for it (README: "Releasing a
   version for a term"); for a one-off class, the working copy and a `student` branch will do.
3. `python -m tools.publish_edition student`, then push that branch, and the commit of the course it
   was built from, to a repository you can push to and the hub can clone (your fork of the course,
   public or readable by the hub): `git push fork main student`, where `fork` is that repository
   (`git remote add fork <its address>` first, if your clone's `origin` is the course you cloned).
   Binder needs `main` there to install the package, so a student who knows git can fetch `main` from
   the same repository, with this guide and the folded answers ("What a student can still find"). The link to
   send, with your hub's address for `<hub>` (`make kit HUB=https://your.hub` writes it into the messages
   in `build/kit/guide/sheets/`; `tools/gen_links.py` writes the rest from `Repository` in
   `pyproject.toml`; nbgitpuller clones into a folder named after the repository):
   `{nbgitpuller}`
4. Run the preflight on the hub, with the kernel's Python and the one JupyterLab runs from:
   `python3 tools/preflight.py --kernel-python K --server-python S` (standard library only;
   `make preflight` on your laptop). It checks both environments' Python and packages (the
   server's JupyterLab, and nbgitpuller where the two environments differ), the widget front ends
   and that they render the versions of the kernel's widgets, that the kernel the student edition asks for (the course's own, else the one Python kernel) runs the kernel's Python, runs every lesson headless (or the day's only: `--lessons 00 01`), prints each lesson's peak kernel memory and each explorer's update
   time, and ends with a checklist that says what to do for each ✗. Then open the link as a
   student would: move lesson 00's slider, and click a cell of lesson 02's table explorer (the one
   explorer whose clicks need anywidget; the hub test here moves lesson 00's slider only, so this
   click is not run here on a hub, only in JupyterLab).
5. A few days ahead, send the message under your run sheet ("Paths that fit": pick the sheet for your
   slot and your room): it carries the link, lesson 00's set-up check and any pre-reading.
   Ask them to log in as they arrive: the first start of each student's server can take a while on
   a cold hub.
6. In class, project the student edition, opened through the link like the students'. Keep the
   instructor edition open in JupyterLab on your laptop, off the projector (a second screen)
   (`build/kit/instructor/notebooks/`): its predictions are already run and its quizzes show their
   keys, and its solutions are what "show the answer" means in the run sheets.

**Ways in, and what was verified here.** Each way students can open the course, and how far it
was tested on the machines that build it:

| way in | verified here | not verified here |
|---|---|---|
| JupyterLab from `make lab` | the lessons run (nbval), and every explorer's slider moves its figure in a real JupyterLab in headless Chromium | other browsers |
| own laptop, Linux or macOS (the README's commands without `make`) | CI runs the three Linux lines as written in a fresh clone and checks that JupyterLab answers | macOS itself |
| own laptop, Windows (the README's PowerShell lines) | nothing | all of it: no Windows machine has run them |
| Colab (the README's links) | the set-up cell's Colab branch, in a fresh environment with a stand-in `google.colab`: it installs the course from a clone, asks for a restart when it upgraded a package already loaded, and lesson 00's explorer then builds | Colab's own front end and its widget manager |
| Binder (the README's badge and links) | repo2docker's dry run (`--no-build`) reads `binder/` and plans the build Binder would do, and the course runs in an environment made from `binder/` alone | the Binder service itself |
| a class JupyterHub (the steps above, and "A class hub" below) | a real JupyterHub, laid out as the recipe says (the students' servers in The Littlest JupyterHub's `/opt/tljh/user` layout, the course's kernel installed into it beside the hub's own `python3` and a student's own), with two students who follow the nbgitpuller link in headless Chromium, get lesson 00 in the course's kernel, run it and move its slider, then get an update; an instructor who releases lesson 02's graded assignment from the formgrader, the two students fetching and submitting it, collect and autograde in the course's kernel; the preflight on the hub's two environments, and on broken ones (a kernel without the course, one with an old ipywidgets and an anywidget older than the server's front end, a server whose anywidget front end is disabled), each failing on the line that names it | real authenticators and spawners with system users (nbgrader's permissions on the exchange with them), clicks on nbgrader's panels, more than two students at once, Zero to JupyterHub on Kubernetes, The Littlest JupyterHub's installer |
| the student edition off the hub | a published `student` branch's first and last lessons open with no kernel dialog in JupyterLab from a laptop venv and from an environment made as Binder makes it from the branch's own `binder/` (the course's package installed from the repository at the edition's commit; the session's files are the branch's alone), each opened by the path the edition's Binder link gives, and every lesson asks for the same kernel (JupyterLab's choice rests on that alone); and the one case that asks, two Python kernels and none named `posenc` | the Binder service and Colab themselves (Colab may note that it does not know the kernel `posenc` and uses its own Python; not seen here) |
| static sites and slides | every page in headless Chromium, with no kernel and no network; the student site, the student edition and the student branch searched for every solution, quiz key, model answer and note (none found) | other browsers |

**How to read the minutes.** Each section's minutes are self-study estimates for a first-time
learner, by the stated method of `course/posenc_course/reading_time.py`. A room is different: a reading section can
become a short framing at the projector, and an exercise takes longer with 40 people: the run
sheets below convert them by a stated rule. Plan from the core sections. The optional ("Going
further") ones can always be left to the students. The note under each section is written for
teaching the whole section; a run sheet's row is the short version, and its activity says what to
keep.

**Lessons {anatomy} share one anatomy** (lesson 00 has no predict-then-check cell and no misconceptions box; lesson
{recap}, the recap, has no misconceptions box either, because its quizzes revisit the ones already met):
- a title cell with objectives and times;
- the setup cell;
- sections with interactive explorers;
- "Predict, then check" cells, where students guess before they run;
- a "Check yourself" exercise whose checker names the mistake;
- quizzes and recall questions;
- a misconceptions box (01–06);
- "Lock it in".

The checkers' messages are what students will read when they stall; the lists below quote them.
"""

_RECALL = re.compile(r'widgets\.recall\("([^"]+)"\)')
_CHECK = re.compile(r"checks\.(check_\w+)\(")
_THINK = re.compile(r"\*\*Think!\*\* (.+?)\n\n<details><summary><b>Model answer</b></summary>\n\n(.*?)</details>", re.S)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def lesson_part(lesson: Lesson) -> str:
    """The guide's part for one lesson."""
    cells = lesson.cells
    code = "\n".join(cell_source(c) for c in cells if c.get("cell_type") == "code")
    markdown = [cell_source(c) for c in cells if c.get("cell_type") == "markdown"]
    link = f"../notebooks/{lesson.path.name}"
    out = [f"## [{lesson.number} · {lesson.title}]({link})", ""]
    out += [
        f"*Core {lesson.core_range[0]}–{lesson.core_range[1]} min, all {lesson.all_range[0]}–{lesson.all_range[1]} min "
        f"(self-study estimates). Needs: {lesson.needs}*",
        "",
    ]
    out += ["**Objectives**", *(f"- {o}" for o in lesson.objectives), ""]
    args = hint_args(list(cells))
    out += ["**Sections**", "", "| section | path | self-study min | instructor note |", "|---|---|---|---|"]
    for section in lesson.sections:
        note = spoken_note(section.cells[0], args)  # the class minutes first, where a run sheet frames it
        said = _one_line(note).replace("|", "\\|") if note else ""
        out.append(f"| {section.title} | {'optional' if section.optional else 'core'} | {section.minutes} | {said} |")
    out.append("")
    errors = [note_of(c) for c in cells if c.get("cell_type") == "code" and "checks.expect_error()" in cell_source(c)]
    if any(errors):
        out += ["**Deliberate errors**", *(f"- {_one_line(n)}" for n in errors if n), ""]
    checkers = list(dict.fromkeys(_CHECK.findall(code)))
    if checkers:
        out += ["**Where students stall: what the checkers tell them**", ""]
        for name in checkers:
            out.append(f"- `{name}`:")
            for mistake, hint in CHECKERS[name].mistakes.items():
                filled = hint.format(**args[name]) if name in args else hint
                out.append(f"  - *{mistake}*: {_one_line(filled)}")
            for mistake, said in CHECKERS[name].measured.items():
                out.append(f"  - *{mistake}* (measured, the numbers in the message): {_one_line(said)}")
        out.append("")
    boxes = [m for m in markdown if m.startswith("> **") and "isconception" in m.splitlines()[0]]
    if boxes:
        out += ["**Misconceptions the lesson answers**", ""]
        out += [line[2:] if line.startswith("> ") else line for box in boxes for line in box.splitlines()[1:]]
        out.append("")
    thinks = [t for m in markdown for t in _THINK.findall(m)]
    recalls = _RECALL.findall(code)
    if thinks or recalls:
        out += ["**Discussion prompts**", ""]
        out += [f"- *Think!* {_one_line(prompt)} Model answer: {_one_line(answer)}" for prompt, answer in thinks]
        for qid in recalls:
            found = question(qid, "recall")
            out.append(f"- *Recall `{qid}`:* {_one_line(found['prompt'])} Model answer: {_one_line(found['answer'])}")
        out.append("")
    quizzes = QUIZ.findall(code)
    if quizzes:
        out += ["**Quiz answer key** (every option, to project; the right one in bold)", ""]
        for qid in quizzes:
            found = question(qid, "mcq")
            out.append(f"- `{qid}`: {_one_line(found['prompt'])}")
            for option in found["options"]:
                said = f"{option['key']}) {_one_line(option['text'])}"
                out.append(f"  - **{said}** (right)" if option["correct"] else f"  - {said}")
        out.append("")
    return "\n".join(out)


HUB_FAILS = """\
### If the hub fails mid-class

- **Keep teaching from the projector.** Build the student site the day before (`make site`, into
  `build/site-student/`) and the slides (`make kit`, into `build/kit/slides/`), and keep both on your own
  laptop. Their pages open from files, with no server and no network, and each explorer's main
  slider works there (its pictures were drawn when they were built); the other controls, the
  exercises and the checks need a running kernel.
- **Give the students the student site.** Put the `build/site-student/` folder where they can open it: any web
  space serves it (the pages need no server code), and a shared drive works too; they follow the
  same lesson and move the same sliders.
- **Turn each exercise row into pair work on paper**: students write the function, then you show
  the instructor edition's solution at the projector and run its check.
- **When the hub is back**, each student's edited notebook is still in their home folder; *Kernel →
  Restart Kernel and Run All Cells* brings a lesson back to where the class is. The lesson's
  deliberate errors print their message and the run goes on; an error in a student's own
  half-finished cell stops it there: fix or empty that cell and run on.
"""


def _clock(minutes: int) -> str:
    return f"{minutes // 60}:{minutes % 60:02d}"


def paths_part(lessons: list[Lesson]) -> str:
    """The guide's run sheets: the class paths of ``posenc_course.run_sheets``, timed, and the self-study path."""
    c = CONVERSION
    out = [
        "## Paths that fit",
        "",
        "Three ready-made class plans, each for two rooms, and a self-study path, timed from the lessons' own "
        "minutes by the rule below, so that each fits its slot by that rule: `tests/test_run_sheets.py` fails when "
        "a sheet overruns its slot or leaves less than "
        f"{c['buffer share']:.0%} of it as a buffer, and when a section it names no longer exists.",
        "",
        f"**Which room you have.** Each slot has a sheet for a room that has *{ROOMS[0]}* (queries, keys, a softmax "
        f"over scores) and one for a room *{ROOMS[1]}*. Ask when you send the link (“have you met attention in "
        "a Transformer: queries, keys and values?”). If most have not, pick the second: it spends about 5 minutes "
        "of class on a recap of lesson 01's formula at the projector, where the first sets a pre-reading that "
        "nothing in class depends on, since nobody can check it was done. A sheet that skips lesson 03 and teaches "
        "RoPE says lesson 03's one idea first, a shift is a rotation, in a 2-minute bridge.",
        "",
        "**From self-study minutes to class minutes** (a planning rule, not a measurement; `course/posenc_course/run_sheets/`):",
        "- *frame*: a reading section becomes a framing at the projector, for the class minutes the lesson "
        "states in that section's metadata (the same number the instructor notes and the speaker view print);",
        f"- *demo*: you drive the section's explorer while the room predicts each move: {c['demo minutes']:g} min;",
        f"- *predict*: everyone writes a guess before you run the predict-then-check cell: {c['predict minutes']:g} min;",
        f"- *exercise*: in a room of 40 an exercise takes longer: {c['exercise factor']:g} × the minutes its "
        f"heading states, plus {c['answer minutes']:g} to show the answer;",
        f"- *quiz*: peer instruction: project the question and its options (the answer key below lists "
        f"them), vote by hand, pairs discuss, vote again, and only then press the right option, since each "
        f"button explains itself: {c['quiz minutes']:g} min; *discuss*: {c['discuss minutes']:g} min;",
        f"- *bridge*: a skipped lesson's idea that the next one uses, at the projector: {c['bridge minutes']:g} min;",
        f"- *setup*: {c['setup minutes']:g} min once; *open* {c['open minutes']:g} and *close* "
        f"{c['close minutes']:g} min; {c['transition minutes']:g} min at each change of lesson (everyone shuts the "
        "previous lesson's kernel down, opens the next and runs its cells up to the first one the sheet uses: the "
        "hub's sizing below assumes one kernel per student); what is left of the slot is the buffer.",
        "",
        "When a class runs behind, cut from the end of the sheet, demos first; never stop an exercise the room "
        "is in the middle of. The *skip* column, at the last row of each lesson, lists that lesson's sections "
        "the plan leaves out. The homework under each sheet takes at most "
        f"{HOMEWORK_MINUTES} of them (self-study minutes), the Check yourself sections first; the rest are left to "
        "the self-study path. Under each sheet, the message to send before class and the homework sheet to hand out "
        "after it are ready to copy; `make kit` also writes them as files (`build/kit/guide/sheets/`).",
        "",
    ]
    link = nbgitpuller_link()
    for sheet in SHEETS:
        rows = schedule(sheet, lessons)
        buffer = rows[-1].end - rows[-1].start
        out += [
            f"### {sheet.slot} minutes, a room {sheet.room}: {sheet.title}",
            "",
            f"*Suits {sheet.suits}. Before class: {sheet.before}. Buffer: {buffer} min.*",
            "",
            "| clock | lesson · section | activity | skip or set as homework |",
            "|---|---|---|---|",
        ]
        for row in rows:
            if row.activity == "bridge":
                where = f"{row.lesson} (not opened)"
            else:
                where = f"{row.lesson} · {row.section}" if row.section else (row.lesson or "")
            cells = [f"{_clock(row.start)}–{_clock(row.end)}", where, row.what, row.skip]
            out.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
        placed = {step.lesson for step in sheet.steps if step.activity not in UNPLACED}
        untouched = [f"{lesson.number} · {lesson.title}" for lesson in lessons if lesson.number not in placed]
        work = homework(sheet, lessons)
        if sheet.prereading:
            by_number = {lesson.number: lesson for lesson in lessons}
            read = [s for n, t in sheet.prereading for s in by_number[n].sections if s.title == t]
            listed = "; ".join(f"{n} · {t}" for n, t in sheet.prereading)
            out += ["", f"**Pre-reading**, optional ({sum(s.minutes for s in read)} stated min): {listed}."]
        out += [
            "",
            f"**Homework** ({work.minutes} stated min, at most {HOMEWORK_MINUTES}; a section used in part counted "
            "whole), in this order: " + "; ".join(label for label, _ in work.sections) + ".",
        ]
        if work.later:
            out += ["", "Left to the self-study path: " + "; ".join(label for label, _ in work.later) + "."]
        if work.optional:
            out += ["", "Optional, for the curious: " + "; ".join(work.optional) + "."]
        if untouched:
            out += ["", "Not in this plan: " + "; ".join(untouched) + "."]
        out += [
            "",
            "<details><summary>The message to send before class, and the homework sheet</summary>",
            "",
            "````text",
            before_class(sheet, lessons, link).rstrip(),
            "````",
            "",
            "````markdown",
            homework_sheet(sheet, lessons).rstrip(),
            "````",
            "",
            "</details>",
            "",
        ]
    out += [
        "### Self-study",
        "",
        "The core path in sessions of at most 90 stated minutes, each ending at a section's end; the "
        "optional sections are listed under their lessons above.",
        "",
        "| session | sections | stated min |",
        "|---|---|---|",
    ]
    out += session_rows(lessons)
    out += ["", HUB_FAILS]
    return "\n".join(out)


def guide() -> str:
    lessons = read_lessons(ROOT / "notebooks")
    recap = next(lesson.number for lesson in lessons if lesson.recap)
    anatomy = number_span([lesson.number for lesson in lessons if lesson.number != "00"])
    introduction = (
        INTRODUCTION.replace("{nbgitpuller}", nbgitpuller_link())
        .replace("{anatomy}", anatomy)
        .replace("{recap}", recap)
    )
    hub = hub_part(load_runs(tables=("hub",)), SHEETS, repository())
    parts = [introduction, paths_part(lessons), hub, *(lesson_part(lesson) for lesson in lessons)]
    return "\n".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if docs/instructor-guide.md is stale")
    args = parser.parse_args(argv)
    text = guide()
    if args.check:
        if not GUIDE.exists() or GUIDE.read_text(encoding="utf-8") != text:
            print(f"{GUIDE.relative_to(ROOT)} is stale: run python -m tools.gen_guide")
            return 1
        return 0
    GUIDE.write_text(text, encoding="utf-8")
    print(f"wrote {GUIDE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
