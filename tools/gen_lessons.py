"""Re-time every lesson by the stated method, and write the lesson maps from the lessons' own metadata.

    python -m tools.gen_lessons            (or: make docs)   rewrite what is stale
    python -m tools.gen_lessons --check                      exit 1 and say what is stale

What it writes, all from ``posenc_course.lessons`` (the one parser of the lesson format):
- every section heading's ``· N min`` and each title cell's ``*Core C min, all A min
  (estimates). ...*`` line, from :func:`posenc_course.reading_time.estimate_minutes` (the title cell and
  the cells before the first section count toward the first section);
- the lesson map of ``README.md`` (between its ``lesson map`` markers) and of lesson 00 (its
  ``## The lesson map`` cell);
- the course glossary, ``docs/glossary.md``: every term of the lessons' "Words you need" boxes,
  with its definition and the lesson that teaches it first (a term defined two ways is an error).

Only markdown changes, so the notebooks' outputs stay valid; it writes a notebook through
its JSON, in the layout nbformat writes (sorted keys, one-space indent).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from posenc_course.lessons import HEADING, Lesson, cell_source, estimate_range, number_span, read_lesson
from posenc_course.reading_time import fold_minutes, section_estimates
from posenc_course.run_sheets import session_rows
from tools.regions import replace_region

ROOT = Path(__file__).resolve().parents[1]


NOTEBOOKS = ROOT / "notebooks"
README = ROOT / "README.md"
GLOSSARY = ROOT / "docs" / "glossary.md"
GLOSSARY_HEAD = """# Glossary

Every term the lessons teach, in the words of the **Words you need** box of the lesson that first
needs it (the boxes and this page agree word for word: `tests/test_lessons.py`). Made by
`python -m tools.gen_lessons` from the lessons; edit a term in its lesson, not here.
"""
# The letters the lessons use, appended to the glossary. Hand-written: a change of notation in a
# lesson changes this table in the same commit (tests/test_notation.py keeps the offset's sign and
# letters the same in every lesson).
NOTATION = r"""
## Notation

The letters of the formulas, with what each stands for. One quantity keeps one letter, with the
exceptions in the last rows, which the lessons point out where they occur.

| symbol | what it stands for |
|---|---|
| $d_{model}$ | the width of a token's vector and of a position table |
| $d_{head}$ | the width of one head's queries and keys (Vaswani et al. write $d_k$) |
| $q$, $k$, $v$ | one query, key and value; $Q$, $K$, $V$ stack them as rows |
| $W_q$, $W_k$, $W_v$, $W_o$ | attention's learned projections |
| $p$ | a position: a row of a position table (Vaswani et al. write $pos$) |
| $i$, $j$ | the query's position and the key's position |
| $i - j$ | the offset: the query's position minus the key's (`posenc.attention.offsets`); positive for a key before the query |
| $\delta$ (delta) | a shift by a number of positions: row $p$ to row $p + \delta$ |
| $M_\delta$ | the matrix that moves every row of the sinusoidal table $\delta$ positions on (lesson 03) |
| $\omega_i$, $\lambda_i$ | pair $i$'s frequency (radians per position) and wavelength ($2\pi/\omega_i$ positions) in the sinusoidal table |
| $\theta_p$ | RoPE's speed for pair $p$: the formula of $\omega$, with $d_{head}$ in place of $d_{model}$ (the RoFormer paper's letter) |
| $\varphi$ (phi) | an angle of rotation |
| $m_h$ | ALiBi's slope for head $h$ |
| $h$ | a head's number |
| $L$ | the length a model was trained on |
| $n$ | a count, named where it is used (words, heads, pairs) |
| pair number | $i$ in lessons 02 and 03, as in the sinusoidal formula of Vaswani et al.; $p$ in lessons 05 and 06, where $i$ is the query's position |
| $P$ | a learned position table (lesson 04); a reordering matrix in lesson 01's optional proof |
| $A$ | the matrix between two position rows (lessons 03 and 06); the attention weights in lesson 01's optional proof |
| $E$ | the word embeddings (lesson 04); a learned position table in lesson 06's optional section |
"""
# the times line, in the form it has or had (single numbers before ranges)
_TIMES = re.compile(r"^\*Core \d+(?:–\d+)? min, all \d+(?:–\d+)? min \(estimates\)\.", re.M)


def _set_text(cell: dict, text: str) -> None:
    cell["source"] = text.splitlines(keepends=True)


def retimed(path: Path) -> str:
    """The notebook's JSON text with every section's minutes and the title's times by the method."""
    lesson = read_lesson(path)
    nb = json.loads(path.read_text(encoding="utf-8"))
    sections = iter(zip(lesson.sections, section_estimates(lesson), strict=True))
    core = total = 0
    for cell in nb["cells"]:
        text = cell_source(cell)
        if cell["cell_type"] == "markdown" and text.startswith("## "):
            section, n = next(sections)
            heading, rest = (text.split("\n", 1) + [""])[:2]
            heading = f"## {HEADING.match(heading)[1]} · {n} min"  # type: ignore[index]  # read_lesson matched it
            _set_text(cell, heading + ("\n" + rest if rest or text.endswith("\n") else ""))
            total += n
            core += 0 if section.optional else n
    total += fold_minutes(lesson)  # the Precisely folds: the full time, not the core's
    first = cell_source(nb["cells"][0])
    (core_low, core_high), (all_low, all_high) = estimate_range(core), estimate_range(total)
    stated = f"*Core {core_low}–{core_high} min, all {all_low}–{all_high} min (estimates)."
    _set_text(nb["cells"][0], _TIMES.sub(stated, first, count=1))
    return json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def _times(lesson: Lesson) -> str:
    (core_low, core_high), (all_low, all_high) = lesson.core_range, lesson.all_range
    return f"core {core_low}–{core_high} min, all {all_low}–{all_high} min"


def readme_map(lessons: list[Lesson]) -> str:
    rows = [
        f"| {ln.number} | [{ln.title}](notebooks/{ln.path.name}) | {ln.promise.rstrip('.')} | {_times(ln)} |"
        for ln in lessons
    ]
    return "\n".join(["| # | notebook | you will | time (estimates) |", "|---|---|---|---|", *rows])


def lesson_zero_map(lessons: list[Lesson]) -> str:
    rows = [
        f"| {ln.number} | {ln.title} | {'this notebook' if ln.number == '00' else ln.promise.rstrip('.')} | {_times(ln)} |"
        for ln in lessons
    ]
    rest = lessons[1:]
    core = [sum(ln.core_range[i] for ln in rest) / 60 for i in (0, 1)]
    total = [sum(ln.all_range[i] for ln in rest) / 60 for i in (0, 1)]
    return "\n".join(
        [
            "| # | lesson | what you will do | time (estimates) |",
            "|---|---|---|---|",
            *rows,
            "",
            f"Lessons {number_span([ln.number for ln in rest])} take about {core[0]:.1f}–{core[1]:.1f} hours on their core "
            f"path and {total[0]:.1f}–{total[1]:.1f} hours with every optional section, exercises included: "
            "estimates for a first reading, from the method in `course/posenc_course/reading_time.py`. Each "
            "section carries its own minutes, so you can stop at a section's end; a section marked *Going "
            "further (optional)* can be skipped on a first pass.",
            "",
            self_study_plan(lessons),
        ]
    )


def self_study_plan(lessons: list[Lesson]) -> str:
    """The core path in sittings of at most 90 stated minutes, folded (a reference table: it is not read in
    the lesson's minutes, so the plan cannot change the minutes it is made from)."""
    rows = session_rows(lessons)
    return "\n".join(
        [
            f"<details><summary><b>A self-study plan: the core in {len(rows)} sittings of at most 90 "
            "minutes</b></summary>",
            "",
            "Each sitting ends at a section's end; its minutes are the sections' stated minutes. The optional "
            "sections are yours to add where you want more.",
            "",
            "| sitting | from → to | stated min |",
            "|---|---|---|",
            *rows,
            "</details>",
        ]
    )


def audience(lessons: list[Lesson]) -> str:
    """The README's line on whom the course is for, with the core's and the optional sections' hours."""
    core = [sum(ln.core_range[i] for ln in lessons) / 60 for i in (0, 1)]
    extra = [sum(ln.all_range[i] - ln.core_range[i] for ln in lessons) / 60 for i in (0, 1)]
    return (
        "**For** learners who know Python and a little NumPy (arrays, shapes, slicing, a matrix product), "
        f"working alone through a core of about {core[0]:.0f}–{core[1]:.0f} hours (in sittings of at most "
        f"90 minutes: lesson 00 gives the plan), with about {extra[0]:.0f}–{extra[1]:.0f} hours of optional "
        "depth; and for instructors teaching one class of 60, 90 or 180 minutes from a ready-made run sheet "
        "([instructor guide](docs/instructor-guide.md)). No machine learning is assumed: the lessons teach "
        "what they use (softmax, attention heads, the words of training) where it is first needed."
    )


def with_readme_map(text: str, lessons: list[Lesson]) -> str:
    text = replace_region(text, "tools/gen_lessons.py", "audience", audience(lessons), "README.md")
    return replace_region(text, "tools/gen_lessons.py", "lesson map", readme_map(lessons), "README.md")


def glossary(lessons: list[Lesson]) -> str:
    """The glossary page: each term once, alphabetically, with the lesson that first defines it."""
    first: dict[str, tuple[str, Lesson]] = {}
    for lesson in lessons:
        for term, definition in lesson.terms.items():
            if term in first and first[term][0] != definition:
                raise SystemExit(
                    f"{term!r} is defined two ways: in lesson {first[term][1].number} and in lesson {lesson.number}; "
                    "give it one definition (the same words in every box)."
                )
            first.setdefault(term, (definition, lesson))
    lines = [GLOSSARY_HEAD]
    for term in sorted(first, key=str.casefold):
        definition, lesson = first[term]
        link = f"[lesson {lesson.number}](../notebooks/{lesson.path.name})"
        lines.append(f"- **{term}**: {definition}\n  *First needed in {link}.*")
    return "\n".join(lines) + "\n" + NOTATION


def stale() -> dict[Path, str]:
    """Every file whose generated parts differ from what the lessons say now, with its new text."""
    out: dict[Path, str] = {}
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
        new = retimed(path)
        if new != path.read_text(encoding="utf-8"):
            out[path] = new
    # the maps read the re-timed lessons: write those first, or compare against them
    lessons = [read_lesson(p, out.get(p)) for p in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))]
    readme = README.read_text(encoding="utf-8")
    if with_readme_map(readme, lessons) != readme:
        out[README] = with_readme_map(readme, lessons)
    page = glossary(lessons)
    if not GLOSSARY.exists() or GLOSSARY.read_text(encoding="utf-8") != page:
        out[GLOSSARY] = page
    zero = lessons[0].path
    current = out.get(zero, zero.read_text(encoding="utf-8"))
    mapped = _with_map_text(current, lessons)
    if mapped != current:
        out[zero] = mapped
    return out


def _with_map_text(text: str, lessons: list[Lesson]) -> str:
    nb = json.loads(text)
    cell = next(c for c in nb["cells"] if cell_source(c).startswith("## The lesson map"))
    heading = cell_source(cell).split("\n", 1)[0]
    _set_text(cell, heading + "\n\n" + lesson_zero_map(lessons))
    return json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="say what is stale and exit 1; write nothing")
    args = parser.parse_args()
    changes = stale()
    for path in changes:
        print(f"{'stale' if args.check else 'rewrote'}: {path.relative_to(ROOT)}")
    if args.check:
        sys.exit(1 if changes else 0)
    for _ in range(5):  # lesson 00's map sits in one of its sections: re-time and re-map until both hold
        for path, text in changes.items():
            path.write_text(text, encoding="utf-8")
        changes = stale()
        if not changes:
            return
    sys.exit("the lesson times and maps did not settle in 5 passes")


if __name__ == "__main__":
    main()
