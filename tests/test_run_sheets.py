"""The class run sheets (``course/posenc_course/run_sheets/``): each fits its slot with a buffer, names only
sections that exist, and is timed from the lessons by the stated conversion."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from posenc_course.lessons import Section, read_lessons
from posenc_course.run_sheets import (
    CONVERSION,
    HOMEWORK_MINUTES,
    ROOMS,
    SHEETS,
    UNPLACED,
    RunSheet,
    Step,
    covered,
    homework,
    minutes_of,
    problems,
    schedule,
    sessions,
)
from posenc_course.run_sheets.clock import _whole
from posenc_course.run_sheets.messages import before_class, homework_sheet

ROOT = Path(__file__).resolve().parents[1]
LESSONS = read_lessons(ROOT / "notebooks")


def _md(text: str) -> dict:
    return {"cell_type": "markdown", "metadata": {}, "source": text}


def _code(text: str) -> dict:
    return {"cell_type": "code", "metadata": {}, "source": text, "outputs": []}


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda s: f"{s.slot}min-{s.room.replace(' ', '-')}")
def test_each_sheet_fits_its_slot_with_a_buffer_of_a_tenth(sheet):
    rows = schedule(sheet, LESSONS)
    assert problems(sheet, LESSONS) == []
    assert rows[-1].activity == "buffer" and rows[-1].end == sheet.slot
    assert rows[-1].end - rows[-1].start >= 0.1 * sheet.slot


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda s: f"{s.slot}min-{s.room.replace(' ', '-')}")
def test_each_sheet_runs_without_gaps_and_changes_lesson_through_a_transition(sheet):
    rows = schedule(sheet, LESSONS)
    assert rows[0].start == 0
    assert all(a.end == b.start for a, b in zip(rows, rows[1:], strict=False))
    lessons_in_order = [r.lesson for r in rows if r.activity not in ("transition", "buffer", *UNPLACED)]
    changes = sum(a != b for a, b in zip(lessons_in_order, lessons_in_order[1:], strict=False))
    assert sum(r.activity == "transition" for r in rows) == changes
    for row, after in zip(rows, rows[1:], strict=False):  # entering a lesson past its start: run the cells above
        first = (
            next(lesson for lesson in LESSONS if lesson.number == after.lesson).sections[0].title
            if after.lesson
            else ""
        )
        if row.activity == "transition" and after.section != first:
            assert "Run All Above Selected Cell" in row.what


def students_ran(rows: list) -> list[tuple[str, str, set[str]]]:
    """For each step the students run themselves (not at the projector alone): its lesson, its section, and the
    sections of that lesson whose cells are run on the students' screens by then, as a sheet's rows say."""
    by_number = {lesson.number: lesson for lesson in LESSONS}
    ran: dict[str, set[str]] = {}
    seen = []
    for row, after in zip(rows, rows[1:], strict=False):
        if row.activity == "transition":
            titles = [s.title for s in by_number[after.lesson].sections]
            clicked = row.what.split("clicks once on the heading '")[1].split("'")[0] if "clicks" in row.what else ""
            ran[after.lesson] = set(titles[: titles.index(clicked)]) if clicked else set()
        if row.activity in ("predict", "exercise", "quiz"):
            if row.what.startswith("first, everyone clicks once on the heading"):  # Run All Above its own heading
                titles = [s.title for s in by_number[row.lesson].sections]
                ran[row.lesson] = ran.get(row.lesson, set()) | set(titles[: titles.index(row.section)])
            seen.append((row.lesson, row.section, set(ran.get(row.lesson, set()))))
            ran.setdefault(row.lesson, set()).add(row.section)
    return seen


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda s: f"{s.slot}min-{s.room.replace(' ', '-')}")
def test_every_cell_a_student_runs_has_the_cells_above_it_run_on_their_screen(sheet):
    # a step at the projector runs its cells on the projector only: a student's later cell that needs them
    # fails with a NameError (the room new to attention, whose recap of lesson 01's formula is at the projector)
    by_number = {lesson.number: lesson for lesson in LESSONS}
    for number, title, ran in students_ran(schedule(sheet, LESSONS)):
        sections = by_number[number].sections
        titles = [s.title for s in sections]
        # an optional section may stay unrun: no core cell reads what one defines (tests/test_lessons.py)
        missing = [s.title for s in sections[: titles.index(title)] if s.title not in ran and not s.optional]
        assert missing == [], f"lesson {number}, '{title}': the students have not run {missing}"


def test_the_check_of_unrun_cells_catches_a_run_all_above_that_stops_at_a_section_framed_at_the_projector():
    sheet = next(s for s in SHEETS if s.room == ROOMS[1] and s.slot == 90)
    rows = schedule(sheet, LESSONS)
    ran = {(n, t): r for n, t, r in students_ran(rows)}
    assert "Attention in one formula" in ran[("01", "Shuffle the words")]  # the recap's cells run on every screen
    # the rows as an earlier rule wrote them: Run All Above the recap's own heading, then the prediction
    old = [
        dataclasses.replace(r, what=r.what.replace("'Shuffle the words'", "'Attention in one formula'"))
        if r.activity == "transition" and "'Shuffle the words'" in r.what
        else dataclasses.replace(r, what=r.what.split("; then: ", 1)[-1])
        if r.what.startswith("first, everyone clicks")
        else r
        for r in rows
    ]
    ran = {(n, t): r for n, t, r in students_ran(old)}
    assert "Attention in one formula" not in ran[("01", "Shuffle the words")]


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda s: f"{s.slot}min-{s.room.replace(' ', '-')}")
def test_every_section_a_sheet_names_is_in_its_lesson(sheet):
    titles = {lesson.number: {s.title for s in lesson.sections} for lesson in LESSONS}
    for step in sheet.steps:
        if step.activity not in UNPLACED:
            assert {step.section, *step.also} <= titles[step.lesson], (step.lesson, step.section)
    for number, title in sheet.prereading:
        assert title in titles[number], (number, title)


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda s: f"{s.slot}min-{s.room.replace(' ', '-')}")
def test_the_skip_lists_and_the_homework_hold_exactly_the_sections_left_out(sheet):
    rows = schedule(sheet, LESSONS)
    used = covered(sheet, LESSONS)
    work = homework(sheet, LESSONS)
    core = [label for label, _ in work.sections + work.later]
    optional = work.optional
    listed = [h.split(" (all but ")[0] for h in core + optional]
    for lesson in LESSONS:
        named = {
            title
            for s in sheet.steps
            if s.lesson == lesson.number and s.activity not in UNPLACED  # a bridge names a lesson, no section
            for title in (s.section, *s.also)
        }
        assert named == used.get(lesson.number, set())
        if not named:
            assert not any(h.startswith(lesson.number + " · ") for h in listed)
            continue
        (skip,) = [r.skip for r in rows if r.lesson == lesson.number and r.skip]
        left = [s.title for s in lesson.sections if s.title not in named]
        assert [part.removesuffix(" (optional)") for part in skip.split("; ") if part] == left
        sections = {s.title: s for s in lesson.sections}
        whole = {  # each section a step names, judged alone (a framing leaves its section's exercise to do)
            t
            for s in sheet.steps
            if s.lesson == lesson.number and s.activity not in UNPLACED
            for t in (s.section, *s.also)
            if _whole(dataclasses.replace(s, section=t, also=()), sections[t])
        }
        expected = [
            f"{lesson.number} · {s.title}"
            for s in lesson.sections
            if s.title not in whole and (lesson.number, s.title) not in sheet.prereading
        ]
        assert sorted(h for h in listed if h.startswith(lesson.number + " · ")) == sorted(expected)
    by_label = {f"{lesson.number} · {s.title}": s for lesson in LESSONS for s in lesson.sections}
    for label, minutes in work.sections + work.later:
        assert (
            minutes == by_label[label.split(" (all but ")[0]].minutes
            and not by_label[label.split(" (all but ")[0]].optional
        )
    assert work.minutes == sum(minutes for _, minutes in work.sections)
    assert all(by_label[h.split(" (all but ")[0]].optional for h in optional)


def test_a_sheet_that_names_a_missing_section_or_exercise_says_which():
    sheet = RunSheet(60, "t", "s", "b", (Step("02", "The table, built", "frame"),))
    with pytest.raises(ValueError, match=r"lesson 02 has no section 'The table, built'"):
        schedule(sheet, LESSONS)
    sheet = RunSheet(60, "t", "s", "b", (Step("02", "Build the table yourself", "exercise", part="Coding exercise 9"),))
    with pytest.raises(ValueError, match="no single exercise starting 'Coding exercise 9'"):
        schedule(sheet, LESSONS)
    sheet = RunSheet(60, "t", "s", "b", (Step("02", "The formula, term by term", "demo"),))
    with pytest.raises(ValueError, match="has no explorer to demo"):
        schedule(sheet, LESSONS)


def test_a_sheet_that_outgrows_its_slot_is_reported():
    squeezed = dataclasses.replace(SHEETS[2], slot=SHEETS[0].slot)  # the 90-minute plan in 60 minutes
    (said,) = problems(squeezed, LESSONS)
    assert "buffer" in said and "cut a step" in said
    assert schedule(squeezed, LESSONS)[-1].end < schedule(squeezed, LESSONS)[-1].start  # the clock overran


def test_the_conversion_by_hand():
    exercise = Section(
        "Build", 14, False, (_md("## Build · 14 min\n\n### Coding exercise: a thing ★★ · about 10 minutes\n"),)
    )
    reading = Section("Read", 7, False, (_md("## Read · 7 min\n\nWords."),), class_minutes=5)
    unstated = Section("Short", 2, False, (_md("## Short · 2 min"),))
    demo = Section("Demo", 4, False, (_md("## Demo · 4 min"), _code("widgets.rope_explorer()")))
    assert minutes_of(Step("x", "Build", "exercise", part="Coding exercise"), exercise) == 15 + 2  # 1.5 × 10, + 2
    assert minutes_of(Step("x", "Read", "frame"), reading) == 5  # the lesson's class minutes, not its self-study 7
    with pytest.raises(ValueError, match="section 'Short' is framed but states no class minutes"):
        minutes_of(Step("x", "Short", "frame"), unstated)
    assert minutes_of(Step("x", "Demo", "demo"), demo) == CONVERSION["demo minutes"]
    with pytest.raises(ValueError, match="unknown activity 'lecture'"):
        minutes_of(Step("x", "Read", "lecture"), reading)


def test_the_self_study_sessions_hold_every_core_section_once_in_order():
    plan = sessions(LESSONS, longest=90)
    flat = [(number, section.title) for session in plan for number, section in session]
    core = [(lesson.number, s.title) for lesson in LESSONS for s in lesson.sections if not s.optional]
    assert flat == core
    for session in plan:
        assert len(session) == 1 or sum(s.minutes for _, s in session) <= 90


def test_the_guide_prints_every_sheet_with_its_clock():
    from tools import gen_guide

    text = gen_guide.guide()
    for sheet in SHEETS:
        assert f"### {sheet.slot} minutes, a room {sheet.room}: {sheet.title}" in text
        end = schedule(sheet, LESSONS)[-1]
        assert f"| {gen_guide._clock(end.start)}–{gen_guide._clock(end.end)} |" in text
    assert "### If the hub fails mid-class" in text


def test_one_clock_the_sheet_the_editions_notes_the_speaker_notes_and_the_guide_print_the_same_class_minutes():
    # every section a sheet frames states its class minutes once, in its lesson; the sheet's row lasts that long,
    # and the instructor edition's note and the slides' speaker notes under its heading print that number
    import json

    import nbformat

    from posenc_course.editions import instructor_edition
    from posenc_course.lecture import lecture_notebook
    from tools.build_slides import as_slides
    from tools.gen_guide import guide

    guide_lines = guide().splitlines()

    by_number = {lesson.number: lesson for lesson in LESSONS}
    framed = {(s.lesson, s.section) for sheet in SHEETS for s in sheet.steps if s.activity == "frame"}
    assert ("02", "The formula, term by term") in framed and ("05", "Rotate, don't add") in framed
    for sheet in SHEETS:
        for row in schedule(sheet, LESSONS):
            if row.activity == "frame":
                title = row.section.split(" + ")[0]  # a step covering more sections is timed by its first
                section = next(s for s in by_number[row.lesson].sections if s.title == title)
                assert row.end - row.start == section.class_minutes, (sheet.slot, row.section)
    minutes = {}
    for number, title in framed:
        section = next(s for s in by_number[number].sections if s.title == title)
        minutes[(number, title)] = section.class_minutes
    assert minutes[("02", "The formula, term by term")] >= 6 and minutes[("05", "Rotate, don't add")] >= 8
    for number in sorted({n for n, _ in framed}):
        notebook = json.loads(by_number[number].path.read_text(encoding="utf-8"))
        edition = [
            c["source"] if isinstance(c["source"], str) else "".join(c["source"])
            for c in instructor_edition(notebook)["cells"]
        ]
        slides = as_slides(nbformat.reads(by_number[number].path.read_text(encoding="utf-8"), as_version=4)).cells
        for (lesson, title), stated in minutes.items():
            if lesson != number:
                continue
            said = f"In class: about {stated} min at the projector."
            heading = next(i for i, text in enumerate(edition) if text.startswith(f"## {title} · "))
            assert said in edition[heading + 1], (number, title, edition[heading + 1][:120])
            at = next(i for i, c in enumerate(slides) if c.source.startswith(f"## {title} · "))
            assert slides[at + 1].metadata["slideshow"]["slide_type"] == "notes" and said in slides[at + 1].source
            # the lecture deck's speaker notes, and the guide's row for the section
            nb = nbformat.reads(by_number[number].path.read_text(encoding="utf-8"), as_version=4)
            lecture = lecture_notebook(nb, by_number[number]).cells
            at = next(i for i, c in enumerate(lecture) if c.source.startswith(f"## {title}\n"))
            notes = next(c for c in lecture[at:] if c.metadata["slideshow"]["slide_type"] == "notes")
            assert said in notes.source
            row = next(line for line in guide_lines if line.startswith(f"| {title} | "))
            assert f"*{said}*" in row, row[:160]


def test_each_slot_has_a_sheet_for_each_room_and_the_new_room_gets_the_recap_not_a_pre_reading():
    assert sorted((s.slot, s.room) for s in SHEETS) == sorted((slot, room) for slot in (60, 90, 180) for room in ROOMS)
    for sheet in SHEETS:
        lesson_01 = [s for s in sheet.steps if s.lesson == "01"]
        recap = lesson_01[0].activity == "frame" and lesson_01[0].section == "Attention in one formula"
        if sheet.room == ROOMS[1]:
            # attention taught at the projector before anything that uses it, and nothing to read first
            assert recap and "A toy vocabulary" in lesson_01[0].also and sheet.prereading == ()
        else:
            assert not recap
            # the room knows attention: the pre-reading is a review that nothing in class depends on, or none
            assert not sheet.prereading or "nothing in class depends on it" in sheet.before


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda s: f"{s.slot}min-{s.room.replace(' ', '-')}")
def test_a_sheet_that_teaches_rope_without_lesson_03_bridges_to_it_first(sheet):
    placed = [s.lesson for s in sheet.steps if s.activity not in UNPLACED]
    bridges = [i for i, s in enumerate(sheet.steps) if s.activity == "bridge"]
    if "05" in placed and "03" not in placed:
        first_rope = next(i for i, s in enumerate(sheet.steps) if s.lesson == "05" and s.activity not in UNPLACED)
        (at,) = bridges
        assert at < first_rope and sheet.steps[at].lesson == "03" and "A shift is a rotation" in sheet.steps[at].say
        rows = schedule(sheet, LESSONS)
        (row,) = [r for r in rows if r.activity == "bridge"]
        assert row.end - row.start == CONVERSION["bridge minutes"]
    else:
        assert bridges == []


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda s: f"{s.slot}min-{s.room.replace(' ', '-')}")
def test_every_change_of_lesson_shuts_the_previous_kernel_down(sheet):
    rows = schedule(sheet, LESSONS)
    placed = [r for r in rows if r.activity not in ("buffer", *UNPLACED)]
    for before, row in zip(placed, placed[1:], strict=False):
        if row.activity == "transition":
            assert f"shuts down lesson {before.lesson}'s kernel (Kernel → Shut Down Kernel" in row.what, row.what


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda s: f"{s.slot}min-{s.room.replace(' ', '-')}")
def test_the_homework_leads_with_check_yourself_and_fits_an_hour(sheet):
    work = homework(sheet, LESSONS)
    assert 0 < work.minutes <= HOMEWORK_MINUTES
    checks = [" · Check yourself" in label for label, _ in work.sections]
    assert checks[0] and checks == sorted(checks, reverse=True)  # every Check yourself before any other section
    # nothing left for later would still have fitted, and the homework sheet prints exactly the homework
    assert all(work.minutes + minutes > HOMEWORK_MINUTES for _, minutes in work.later)
    text = homework_sheet(sheet, LESSONS)
    numbered = [line for line in text.splitlines() if line[:1].isdigit()]
    assert [line.split(". ", 1)[1].rsplit(": ", 1)[0] for line in numbered] == [label for label, _ in work.sections]
    assert f"About {work.minutes} minutes" in text


def test_the_homework_takes_each_section_that_still_fits_in_the_order_given():
    reading = [
        Section(f"Read {n}", minutes, False, (_md(f"## Read {n} · {minutes} min"),))
        for n, minutes in enumerate((40, 30, 15, 10))
    ]
    check = Section("Check yourself", 10, False, (_md("## Check yourself · 10 min"),))
    lesson = dataclasses.replace(LESSONS[1], number="09", sections=(*reading, check))
    sheet = RunSheet(60, "t", "s", "b", (Step("09", "Read 0", "frame"),))
    work = homework(sheet, [lesson])
    # by hand: Check yourself (10) first; then 30 (40), 15 (55); 10 would make 65, so it waits
    assert work.sections == [("09 · Check yourself", 10), ("09 · Read 1", 30), ("09 · Read 2", 15)]
    assert work.minutes == 55 and work.later == [("09 · Read 3", 10)]


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda s: f"{s.slot}min-{s.room.replace(' ', '-')}")
def test_the_message_before_class_gives_the_link_the_set_up_and_only_sections_that_exist(sheet):
    text = before_class(sheet, LESSONS, "https://hub.example/hub/user-redirect/git-pull?repo=x")
    assert "https://hub.example/hub/user-redirect/git-pull?repo=x" in text and "Kernel → Shut Down Kernel" in text
    start = next(lesson for lesson in LESSONS if lesson.number == "00")
    titles = {s.title for s in start.sections}
    assert {"Set up", "Interactive demo: check that a slider moves a figure"} <= titles
    assert f"`notebooks/{start.path.name}`" in text
    for _, title in sheet.prereading:
        assert f"“{title}”" in text
    if sheet.room == ROOMS[1]:
        assert "nothing to read" in text
    else:
        assert "Nothing in class depends on it" in text or not sheet.prereading


@pytest.mark.parametrize("sheet", [s for s in SHEETS if s.room == ROOMS[1]], ids=lambda s: f"{s.slot}min")
def test_a_room_new_to_attention_gets_coding_exercise_1_as_homework_when_class_only_framed_it(sheet):
    work = homework(sheet, LESSONS)
    in_class = {(s.lesson, s.section, s.activity) for s in sheet.steps}
    if ("01", "Attention in one formula", "exercise") in in_class:
        assert not any(label.startswith("01 · Attention in one formula") for label, _ in work.sections + work.later)
    else:  # framed at the projector only: the exercise comes right after the Check yourself sections
        labels = [label for label, _ in work.sections]
        assert "01 · Attention in one formula (all but the framing, done in class)" in labels
        checks = [i for i, label in enumerate(labels) if " · Check yourself" in label]
        assert labels.index("01 · Attention in one formula (all but the framing, done in class)") == len(checks)


def test_the_messages_carry_the_hub_the_kit_is_given_and_name_the_placeholder_otherwise(tmp_path):
    from tools.build_kit import write_sheet_messages

    written = write_sheet_messages(tmp_path / "given", "https://hub.example.org/")
    messages = [p.read_text(encoding="utf-8") for p in written if p.name.endswith("-before-class.txt")]
    assert len(messages) == len(SHEETS)
    assert all("https://hub.example.org/hub/user-redirect/git-pull?" in m and "<hub>" not in m for m in messages)
    plain = write_sheet_messages(tmp_path / "plain")
    assert all("https://<hub>/hub/" in p.read_text(encoding="utf-8") for p in plain if p.suffix == ".txt")
