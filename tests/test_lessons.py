"""The lesson format (course/posenc_course/lessons.py): every lesson states its times, sections, objectives and terms,
the times follow the stated method, the maps are generated from them, and every term is in the glossary."""

import json
import re
import subprocess

import pytest

from posenc_course import lessons, reading_time
from posenc_course.lessons import cell_source, read_glossary, read_lesson, read_lessons
from posenc_course.reading_time import (
    CORE_BUDGET,
    FOLD_WORDS,
    LM_CORE_BUDGET,
    estimate_minutes,
    fold_minutes,
    precisely_folds,
    section_estimates,
)
from tools import gen_lessons

ROOT = gen_lessons.ROOT
LESSONS = read_lessons(ROOT / "notebooks")
GLOSSARY = ROOT / "docs" / "glossary.md"


def test_every_lesson_is_read():
    assert [lesson.number for lesson in LESSONS] == [f"{i:02d}" for i in range(len(LESSONS))]


def test_the_core_of_every_lesson_together_fits_the_budget():
    core = {lesson.number: lesson.core_minutes for lesson in LESSONS}
    assert sum(core.values()) <= CORE_BUDGET, f"core minutes {core} sum to {sum(core.values())}, over {CORE_BUDGET}"


def test_the_language_model_lesson_keeps_its_core_within_its_own_budget():
    (lesson,) = [lesson for lesson in LESSONS if lesson.path.stem.endswith("train_short_test_long")]
    assert lesson.core_minutes <= LM_CORE_BUDGET
    others = sum(other.core_minutes for other in LESSONS if other is not lesson)
    assert others <= CORE_BUDGET - LM_CORE_BUDGET, "the other lessons' core keeps its 300 minutes"


def test_every_lesson_keeps_an_exercise_in_its_core():
    for lesson in LESSONS:
        core = [cell_source(c) for s in lesson.sections if not s.optional for c in s.cells]
        assert any("checks.check_" in text for text in core), (
            f"lesson {lesson.number} has no checked exercise in its core"
        )


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda ln: ln.number)
class TestEveryLesson:
    def test_states_needs_a_promise_and_three_or_four_objectives(self, lesson):
        assert lesson.needs and lesson.promise.endswith(".")
        assert 3 <= len(lesson.objectives) <= 4

    def test_its_times_are_ranges_around_the_sums_of_its_sections(self, lesson):
        assert lesson.sections, "a lesson has sections"
        assert lesson.core_range == lessons.estimate_range(lesson.core_minutes)
        assert lesson.all_range == lessons.estimate_range(lesson.all_minutes + fold_minutes(lesson))
        for low, high in (lesson.core_range, lesson.all_range):
            assert high <= 1.5 * low

    def test_each_section_is_within_a_quarter_of_the_method(self, lesson):
        for section, estimate in zip(lesson.sections, section_estimates(lesson), strict=True):
            assert abs(section.minutes - estimate) <= max(1, 0.25 * estimate), (section.title, estimate)

    def test_each_precisely_fold_is_a_qualification_of_at_most_the_limit(self, lesson):
        for title, fold in precisely_folds(lesson):
            words = len(fold.split())
            assert words <= FOLD_WORDS, f"{title}: a Precisely fold of {words} words (at most {FOLD_WORDS})"
            assert "<summary>Precisely</summary>" in fold.replace("\n", ""), f"{title}: a fold titled otherwise"

    def test_links_the_glossary_and_every_term_it_defines_is_there_word_for_word(self, lesson):
        assert "](../docs/glossary.md)" in "".join(lesson.cells[0]["source"])
        glossary = read_glossary(GLOSSARY)
        for term, definition in lesson.terms.items():
            assert term in glossary, f"{term!r} (lesson {lesson.number}) is not in docs/glossary.md"
            assert glossary[term] == definition, f"{term!r}: the lesson and docs/glossary.md define it differently"


def test_the_generated_times_and_maps_are_fresh():
    stale = gen_lessons.stale()
    assert not stale, f"stale: {sorted(p.name for p in stale)}; run `python -m tools.gen_lessons` and commit"


def write(tmp_path, cells):
    path = tmp_path / "09_x.ipynb"
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}), encoding="utf-8")
    return path


TITLE = {
    "cell_type": "markdown",
    "source": "# 09 · X\n\n*Core 3–4 min, all 4–6 min (estimates). Needs: nothing.*\n\n**In this lesson:** see x.\n\n"
    "**By the end you will be able to**\n- a\n- b\n- c\n",
}


def test_the_parser_reads_optional_sections_terms_and_tags(tmp_path):
    cells = [
        TITLE,
        {"cell_type": "markdown", "source": "## First · 3 min\n\n**Words you need**\n- **head**: one attention.\n"},
        {"cell_type": "code", "source": "1", "metadata": {"tags": ["posenc-instructor"]}, "outputs": []},
        {"cell_type": "markdown", "source": f"## {lessons.OPTIONAL} Deeper · 2 min"},
    ]
    lesson = read_lesson(write(tmp_path, cells))
    assert [(s.title, s.minutes, s.optional) for s in lesson.sections] == [("First", 3, False), ("Deeper", 2, True)]
    assert lesson.terms == {"head": "one attention."} and len(lesson.tagged("posenc-instructor")) == 1
    assert lesson.objectives == ("a", "b", "c") and lesson.promise == "see x."


@pytest.mark.parametrize(
    "cells, message",
    [
        ([{"cell_type": "markdown", "source": "# 09 · X"}], "no times line"),
        ([TITLE, {"cell_type": "markdown", "source": "## First"}], "does not end with '· N min'"),
        ([TITLE, {"cell_type": "markdown", "source": "Text\n## Inside · 2 min"}], "must start its own cell"),
    ],
)
def test_the_parser_says_what_is_missing(tmp_path, cells, message):
    with pytest.raises(ValueError, match=message):
        read_lesson(write(tmp_path, cells))


def test_the_method_counts_words_code_and_interaction():
    section = lessons.Section(
        "S",
        1,
        False,
        (
            {"cell_type": "markdown", "source": "word " * 200 + "<details>folded " * 50 + "</details>"},
            {"cell_type": "code", "source": "a = 1\nb = 2\n# a comment", "outputs": []},
            {"cell_type": "code", "source": "widgets.table_explorer()", "outputs": []},
        ),
    )
    pace = reading_time.PACE
    expected = 200 / pace["words per minute"] + 2 / pace["code lines per minute"] + 2 * pace["cell minutes"]
    expected += pace["explorer minutes"]
    assert estimate_minutes(section) == pytest.approx(expected)


def test_a_precisely_fold_counts_toward_the_full_time_and_not_the_core(tmp_path):
    fold = '<details class="precisely"><summary>Precisely</summary>\n\n' + "exactly " * 85 + "\n</details>"
    cells = [TITLE, {"cell_type": "markdown", "source": "## First · 3 min\n\n" + "word " * 170 + "\n\n" + fold}]
    lesson = read_lesson(write(tmp_path, cells))
    alone = lessons.Section("First", 3, False, lesson.cells[1:])
    assert estimate_minutes(alone) == pytest.approx((3 + 170) / reading_time.PACE["words per minute"])  # "First 3 min"
    assert fold_minutes(lesson) == round((1 + 85) / reading_time.PACE["words per minute"])  # "Precisely" is a word


def test_every_lesson_starts_with_the_one_setup_cell():
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        first = next(c for c in cells if c["cell_type"] == "code")
        assert "".join(first["source"]) == lessons.SETUP_CODE, path.name


@pytest.mark.parametrize("missing", ["posenc", "matplotlib"])
def test_the_setup_cell_says_what_to_install_when_the_course_is_missing(missing):
    import subprocess
    import sys

    # a fresh IPython in which `missing` cannot be imported, as in a kernel where it is not installed
    script = (
        "import sys\n"
        "from IPython.core.interactiveshell import InteractiveShell\n"
        f"SETUP_CODE = {lessons.SETUP_CODE!r}\n"
        f"sys.modules[{missing!r}] = None\n"
        "result = InteractiveShell.instance().run_cell(SETUP_CODE)\n"
        "print('ERROR', type(result.error_in_exec).__name__, result.error_in_exec)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120).stdout
    said = out[out.index("ERROR") :]
    assert said.startswith(f"ERROR ModuleNotFoundError {missing}") and "is not installed in this kernel" in said
    assert 'pip install -e ".[notebooks]"' in said and "restart the kernel" in said


@pytest.mark.parametrize("lesson", [lesson for lesson in LESSONS if lesson.number != "00"], ids=lambda x: x.number)
def test_every_lesson_asks_for_one_to_three_predictions_before_showing_them(lesson):
    cells = list(lesson.cells)
    predicted = lesson.tagged(lessons.PREDICT)
    assert 1 <= len(predicted) <= 3, f"lesson {lesson.number}: {len(predicted)} predict-then-check cells"
    for cell in predicted:
        at = next(i for i, c in enumerate(cells) if c is cell)
        before = cells[at - 1]
        assert cell["cell_type"] == "code" and before["cell_type"] == "markdown"
        assert lessons.PREDICT_PROMPT in "".join(before["source"]), "the guess is asked for right before it"
    prompts = sum(lessons.PREDICT_PROMPT in "".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    assert prompts == len(predicted), "every prompt is followed by its tagged cell"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.number)
def test_every_try_it_is_followed_by_a_cell_to_type_into(lesson):
    cells = list(lesson.cells)
    for at, cell in enumerate(cells):
        if cell["cell_type"] == "markdown" and "**Try it.**" in "".join(cell["source"]):
            after = cells[at + 1] if at + 1 < len(cells) else None
            assert after is not None and after["cell_type"] == "code", f"lesson {lesson.number}: a Try it with no cell"
            assert "".join(after["source"]).strip(), "the cell holds a runnable starting line"


def _bound_and_read(source: str) -> tuple[set[str], set[str]]:
    """The names a cell binds (assignments, definitions, imports, function arguments) and those it reads."""
    import ast

    magic = re.compile(r"^\s*(%{1,2}[A-Za-z]|![A-Za-z])")  # not a line that goes on with `% (2 * np.pi)`
    python = "\n".join("#" + line if magic.match(line) else line for line in source.splitlines())
    bound, read = set(), set()
    for node in ast.walk(ast.parse(python)):  # IPython's magics commented out
        if isinstance(node, ast.Name):
            (bound if isinstance(node.ctx, ast.Store) else read).add(node.id)
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            bound.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    return bound, read


def _optional_names_read_by_the_core(lesson) -> list[str]:
    last_set_in: dict[str, tuple[bool, str]] = {}  # name -> (set in an optional section, that section)
    found = []
    for section in lesson.sections:
        for cell in section.cells:
            if cell.get("cell_type") != "code":
                continue
            bound, read = _bound_and_read(cell_source(cell))
            if not section.optional:
                found += [
                    f"{section.title!r} reads {name!r}, last set in the optional {last_set_in[name][1]!r}"
                    for name in sorted(read - bound)
                    if last_set_in.get(name, (False, ""))[0]
                ]
            last_set_in.update({name: (section.optional, section.title) for name in bound})
    return found


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.number)
def test_no_core_cell_reads_a_name_an_optional_section_set_last(lesson):
    # a learner who skips the optional sections runs the same core as one who reads them all
    assert _optional_names_read_by_the_core(lesson) == []


def test_a_core_cell_reading_an_optional_sections_name_is_caught(tmp_path):
    lesson = read_lesson(ROOT / "notebooks" / "02_sinusoidal_formula.ipynb")
    optional = next(s for s in lesson.sections if s.optional)
    core = next(s for s in lesson.sections if not s.optional and s.title != lesson.sections[0].title)
    cells = (
        {"cell_type": "code", "metadata": {}, "source": "width = 512\nd_model = width", "outputs": []},
        {"cell_type": "code", "metadata": {}, "source": "print(d_model)", "outputs": []},
    )
    import dataclasses

    rewired = dataclasses.replace(
        lesson,
        sections=(dataclasses.replace(optional, cells=cells[:1]), dataclasses.replace(core, cells=cells[1:])),
    )
    (said,) = _optional_names_read_by_the_core(rewired)
    assert "reads 'd_model'" in said and optional.title in said


#: Files that record what was measured or written on a date, under the names things had then: never renamed.
RECORDS = ("benchmarks/results/", "tests/mistakes/heldout/", "docs/benchmarks.md")
#: What names the recap whatever its number: its title's words, its file, its comparison table and capstone.
RECAP_MENTIONS = (
    re.compile(r"\b(\d\d)(?: · |_)[Rr]ecap"),
    re.compile(r"\b[Ll]esson\s+(\d\d)(?:'s)?\s+(?:comparison\s+table|capstone|recap)\b"),
    re.compile(r"\b(?:[Rr]ecap|capstone)\s+\(lesson\s+(\d\d)\)"),
)


def recap_mentions(text: str) -> list[tuple[str, str]]:
    """Every (number, words) of `text` that names the recap by a lesson number."""
    return [(m.group(1), m.group(0)) for pattern in RECAP_MENTIONS for m in pattern.finditer(text)]


def test_the_recap_is_found_by_its_flag_and_every_mention_of_it_names_its_number():
    (recap,) = [lesson for lesson in LESSONS if lesson.recap]
    assert recap.number == LESSONS[-1].number, "the recap closes the course"
    wrong = []
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    for relative in tracked.split():
        if relative.startswith(RECORDS) or not relative.endswith((".md", ".py", ".ipynb", ".json", ".txt", ".toml")):
            continue
        text = (ROOT / relative).read_text(encoding="utf-8", errors="replace")
        wrong += [(relative, words) for number, words in recap_mentions(text) if number != recap.number]
    assert wrong == [], f"mentions of the recap under another number than {recap.number}: {wrong}"
    # the recap's questions carry its number
    ids = set(re.findall(r'widgets\.(?:quiz|recall)\("([^"]+)"\)', "".join(cell_source(c) for c in recap.cells)))
    assert ids and all(i.startswith(f"{recap.number}-") for i in ids), ids


def test_a_mention_of_the_recap_under_an_old_number_is_caught():
    old = "0" + "7"  # built, so that this file holds no mention of the recap under an old number
    said = (
        f"See lesson {old}'s comparison table, the {old} · Recap and capstone page and {old}_recap_and_capstone.ipynb."
    )
    assert [number for number, _ in recap_mentions(said)] == [old, old, old]
    assert recap_mentions("lesson 07's tiny language model and lesson 06's table of slopes") == []
