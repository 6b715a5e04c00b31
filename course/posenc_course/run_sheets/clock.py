"""The clock of a run sheet: the conversion from self-study to class minutes, and what it schedules."""

from __future__ import annotations

import dataclasses
import math
import re
from dataclasses import dataclass

from posenc_course.lessons import PREDICT_PROMPT, Lesson, Section, cell_source

__all__ = [
    "CONVERSION",
    "ACTIVITIES",
    "HOMEWORK_MINUTES",
    "ROOMS",
    "Homework",
    "Step",
    "RunSheet",
    "Row",
    "schedule",
    "covered",
    "homework",
    "problems",
]

#: The conversion from the lessons' self-study minutes to class minutes (see :mod:`posenc_course.run_sheets`).
CONVERSION: dict[str, float] = {
    "demo minutes": 5,
    "predict minutes": 4,
    "exercise factor": 1.5,
    "answer minutes": 2,
    "quiz minutes": 5,
    "discuss minutes": 4,
    "setup minutes": 10,
    "open minutes": 3,
    "close minutes": 2,
    "transition minutes": 2,
    "bridge minutes": 2,
    "buffer share": 0.10,
}

#: The rooms a sheet is made for: one that has met attention (queries, keys, a softmax over scores), and one
#: that has not, which gets a recap at the projector instead of a pre-reading.
ROOMS = ("met attention", "new to attention")

#: The most self-study minutes of homework a sheet sets; what does not fit is left to the self-study path.
HOMEWORK_MINUTES = 60

#: What the room does in each activity, as a run sheet prints it.
ACTIVITIES = {
    "open": "say what today is for, and the question it answers",
    "setup": "everyone opens lesson 00, runs its set-up cell and drags the slider to its right end; hands up "
    "if a slider does not move or the cell says the course is not installed: those pair with a neighbour or "
    "follow on the static site, and install nothing on the hub (the cure is the admin's); late arrivals follow "
    "on the site until the next change of lesson",
    "close": "sum up in three sentences, give the homework, ask an exit question (the lesson's Think!)",
    "frame": "frame it at the projector",
    "demo": "drive the explorer at the projector (students may follow on their own); the room predicts each move",
    "predict": "predict, then check: everyone runs the section's cells above the prediction, writes a guess, "
    "then runs it",
    "exercise": "students write it; you circulate, then paste the instructor edition's solution into the "
    "projected cell and run its check",
    "quiz": "peer instruction: project the question, vote by hand, pairs discuss, vote again; "
    "only then press the right option (each button explains itself)",
    "discuss": "pairs discuss, then two answers shared",
    "break": "break",
    "bridge": "at the projector, no lesson opened: the idea of a lesson the sheet skips, which the next one uses",
    "transition": "open the next lesson and run its set-up cell",  # (schedule names the lesson)
    "buffer": "buffer: questions, or a section from the homework list",
}

_ABOUT = re.compile(r"^### (.+?) · about (\d+) minutes\s*$", re.M)


@dataclass(frozen=True)
class Step:
    """One line of a run sheet: a lesson's section and what the room does with it.

    `part` names what in the section the activity uses: the start of an exercise's heading (for
    ``exercise``), a quiz's id (``quiz``), a recall question's id or ``"Think!"`` (``discuss``).
    `also` names more sections of the lesson the step covers (the set-up step covers lesson 00's
    set-up sections). `minutes` is used only by a ``break``. `say` is an optional line for the instructor."""

    lesson: str
    section: str
    activity: str
    part: str = ""
    say: str = ""
    minutes: int = 0
    also: tuple[str, ...] = ()


@dataclass(frozen=True)
class RunSheet:
    """A class plan: its slot in minutes, its title, who it suits, what to do before, and its steps.

    `prereading` names the sections, as (lesson, section title), that students work through before
    class; they are left out of the homework. `room` is one of :data:`ROOMS`."""

    slot: int
    title: str
    suits: str
    before: str
    steps: tuple[Step, ...]
    prereading: tuple[tuple[str, str], ...] = ()
    room: str = ROOMS[0]


@dataclass(frozen=True)
class Row:
    """One timed line of a scheduled run sheet (minutes from the start of class)."""

    start: int
    end: int
    lesson: str
    section: str
    activity: str
    what: str
    skip: str = ""


def _section(lessons: dict[str, Lesson], step: Step) -> Section:
    if step.lesson not in lessons:
        raise ValueError(f"run sheet: there is no lesson {step.lesson!r}; the lessons are {sorted(lessons)}.")
    lesson = lessons[step.lesson]
    for section in lesson.sections:
        if section.title == step.section:
            return section
    titles = [s.title for s in lesson.sections]
    raise ValueError(f"run sheet: lesson {step.lesson} has no section {step.section!r}; its sections are {titles}.")


def _text(section: Section) -> str:
    return "\n".join(cell_source(c) for c in section.cells)


#: The activities that name no section (a bridge names the lesson it stands in for, not a section).
UNPLACED = ("break", "open", "close", "bridge")


def minutes_of(step: Step, section: Section | None) -> int:
    """A step's class minutes, by :data:`CONVERSION`; a ``ValueError`` if what it names is not in the section."""
    c = CONVERSION
    if step.activity == "break":
        return step.minutes
    if step.activity in UNPLACED:
        return int(c[f"{step.activity} minutes"])
    if section is None:
        raise ValueError(f"run sheet: the activity {step.activity!r} needs a section.")
    text = _text(section)
    where = f"lesson {step.lesson}, section {step.section!r}"
    if step.activity == "setup":
        return int(c["setup minutes"])
    if step.activity == "frame":
        if section.class_minutes is None:
            raise ValueError(
                f"run sheet: {where} is framed but states no class minutes: give its heading cell "
                f'metadata {{"posenc": {{"class_minutes": N}}}} (the lesson\'s own number, which the notes and slides print).'
            )
        return section.class_minutes
    if step.activity == "demo":
        if not re.search(r"widgets\.\w+_explorer\(", text):
            raise ValueError(f"run sheet: {where} has no explorer to demo.")
        return int(c["demo minutes"])
    if step.activity == "predict":
        if PREDICT_PROMPT not in text:
            raise ValueError(f"run sheet: {where} has no predict-then-check cell.")
        return int(c["predict minutes"])
    if step.activity == "exercise":
        stated = [int(m) for title, m in _ABOUT.findall(text) if step.part and title.startswith(step.part)]
        if len(stated) != 1:
            found = [title for title, _ in _ABOUT.findall(text)]
            raise ValueError(f"run sheet: {where} has no single exercise starting {step.part!r}; it has {found}.")
        return math.ceil(c["exercise factor"] * stated[0]) + int(c["answer minutes"])
    if step.activity == "quiz":
        if f'widgets.quiz("{step.part}")' not in text:
            raise ValueError(f"run sheet: {where} has no quiz {step.part!r}.")
        return int(c["quiz minutes"])
    if step.activity == "discuss":
        named = "**Think!**" in text if step.part == "Think!" else f'widgets.recall("{step.part}")' in text
        if not named:
            raise ValueError(f"run sheet: {where} has no Think! or recall question {step.part!r}.")
        return int(c["discuss minutes"])
    raise ValueError(f"run sheet: unknown activity {step.activity!r}; the activities are {sorted(ACTIVITIES)}.")


def covered(sheet: RunSheet, lessons: list[Lesson]) -> dict[str, set[str]]:
    """The sections the sheet uses, by lesson (a ``ValueError`` names any it names that does not exist)."""
    by_number = {lesson.number: lesson for lesson in lessons}
    used: dict[str, set[str]] = {}
    for step in sheet.steps:
        if step.activity in UNPLACED:
            continue
        for title in (step.section, *step.also):
            _section(by_number, Step(step.lesson, title, step.activity))
            used.setdefault(step.lesson, set()).add(title)
    return used


#: The activities that use one part of a section (an exercise, a quiz, a prompt, a prediction), not all of it.
PARTS = ("exercise", "quiz", "discuss", "predict")


def _whole(step: Step, section: Section) -> bool:
    """Whether `step` uses all of `section`: any activity but those of :data:`PARTS` (a framing only where the
    section holds no exercise), or an exercise in a section that holds nothing else to do (no other exercise,
    quiz, recall or prediction)."""
    text = _text(section)
    if step.activity == "frame":  # framed at the projector: the section's exercise, if it has one, is still to do
        return not _ABOUT.findall(text)
    if step.activity not in PARTS:
        return True
    others = len(_ABOUT.findall(text)) + text.count("widgets.quiz(") + text.count("widgets.recall(")
    return step.activity == "exercise" and others == 1 and PREDICT_PROMPT not in text


@dataclass(frozen=True)
class Homework:
    """What a sheet sets after class, as "NN · title" labels in the order to do them.

    `sections`: (label, stated minutes) of the core sections the sheet left out of the lessons it touched, the Check yourself sections
    first (they check the ideas of the class), then a section framed in class whose exercise is still to do
    (the room new to attention meets lesson 01's formula at the projector only), then the others in the
    course's order, lesson 00's orientation last, each taken if it still
    fits in :data:`HOMEWORK_MINUTES` stated minutes (`minutes`, their sum); a section the sheet used one part of
    is listed with the part it used. `later`: the core sections that did not fit, in the same order, for the
    self-study path. `optional`: the optional sections left out. Pre-reading is not homework."""

    sections: list[tuple[str, int]]
    minutes: int
    later: list[tuple[str, int]]
    optional: list[str]


def homework(sheet: RunSheet, lessons: list[Lesson]) -> Homework:
    """The sheet's :class:`Homework`, from the sections of the lessons it touches that it left out."""
    used = covered(sheet, lessons)
    by_number = {lesson.number: lesson for lesson in lessons}
    whole: set[tuple[str, str]] = set()
    parts: dict[tuple[str, str], list[str]] = {}
    for step in sheet.steps:
        if step.activity in UNPLACED:
            continue
        for title in (step.section, *step.also):
            one = dataclasses.replace(step, section=title, also=())
            if _whole(one, _section(by_number, one)):
                whole.add((step.lesson, title))
            else:
                used_part = step.part or ("the framing" if step.activity == "frame" else "the prediction")
                parts.setdefault((step.lesson, title), []).append(used_part)
    core: list[tuple[str, int]] = []
    optional: list[str] = []
    for lesson in lessons:
        for section in lesson.sections if lesson.number in used else ():
            key = (lesson.number, section.title)
            if key in whole or key in sheet.prereading:
                continue
            label = f"{lesson.number} · {section.title}"
            if key in parts:
                label += " (all but " + ", ".join(parts[key]) + ", done in class)"
            if section.optional:
                optional.append(label)
            else:
                core.append((label, section.minutes))
    checks = [item for item in core if " · Check yourself" in item[0]]
    framed = [item for item in core if item[0].endswith("(all but the framing, done in class)")]
    rest = [item for item in core if item not in checks and item not in framed]
    # lesson 00's reading (the map, how a lesson is built) after the lessons the class taught
    orientation = [item for item in rest if item[0].startswith("00 · ")]
    ordered = checks + framed + [item for item in rest if item not in orientation] + orientation
    sections: list[tuple[str, int]] = []
    later: list[tuple[str, int]] = []
    for label, stated in ordered:  # each in turn, if it still fits
        fits = sum(m for _, m in sections) + stated <= HOMEWORK_MINUTES
        (sections if fits else later).append((label, stated))
    return Homework(sections, sum(m for _, m in sections), later, optional)


#: What happens at the projector only: the students run nothing of it themselves.
AT_THE_PROJECTOR = ("frame", "demo")


def run_from(sheet: RunSheet, index: int, lessons: list[Lesson]) -> Section:
    """The section whose heading the students click, for Run All Above, when the sheet enters a lesson at step
    `index`: the first section of that lesson's run of steps that the students run themselves (a step at the
    projector alone leaves its cells unrun on their screens, and a later cell needs what they define); the
    step's own section if every step of the run is at the projector."""
    by_number = {lesson.number: lesson for lesson in lessons}
    lesson = sheet.steps[index].lesson
    for step in sheet.steps[index:]:
        if step.activity in UNPLACED:
            continue
        if step.lesson != lesson:
            break
        if step.activity not in AT_THE_PROJECTOR:
            return _section(by_number, step)
    return _section(by_number, sheet.steps[index])


def schedule(sheet: RunSheet, lessons: list[Lesson]) -> list[Row]:
    """The sheet's rows with their clock: each step, a transition at each change of lesson, and the
    buffer that is left of the slot (negative when the steps overrun it: :func:`problems` says so).

    A transition into a lesson the sheet enters after its first section says to run the cells
    above (the later cells use what they define). At the last step in a lesson, `skip` lists that
    lesson's sections the sheet leaves out."""
    by_number = {lesson.number: lesson for lesson in lessons}
    used = covered(sheet, lessons)
    last = {step.lesson: i for i, step in enumerate(sheet.steps) if step.activity not in UNPLACED}
    rows: list[Row] = []
    ran: dict[str, set[str]] = {}  # per lesson, the sections run on the students' screens so far
    clock, here = 0, ""
    for index, step in enumerate(sheet.steps):
        placed = step.activity not in UNPLACED
        section = _section(by_number, step) if placed else None
        if placed and here and step.lesson != here:
            gap = int(CONVERSION["transition minutes"])
            what = (
                f"everyone shuts down lesson {here}'s kernel (Kernel → Shut Down Kernel; the hub's memory assumes one "
                f"kernel each), opens lesson {step.lesson} (the file browser's notebooks folder) and runs its set-up cell"
            )
            lesson = by_number[step.lesson]
            start = run_from(sheet, index, lessons)
            if start is not lesson.sections[0]:
                what += (
                    f", then clicks once on the heading '{start.title}' and chooses Run → Run All Above Selected Cell"
                )
                above = lesson.sections[: lesson.sections.index(start)]
                if any("checks.check_" in _text(s) for s in above):
                    what += " (an exercise above it then prints “Not attempted yet”: expected, go on)"
            ran[step.lesson] = {s.title for s in lesson.sections[: lesson.sections.index(start)]}
            rows.append(Row(clock, clock + gap, step.lesson, "", "transition", what))
            clock += gap
        minutes = minutes_of(step, section)
        what = (
            ACTIVITIES[step.activity] + (f" ({step.part})" if step.part else "") + (f". {step.say}" if step.say else "")
        )
        if placed and section is not None and step.activity not in (*AT_THE_PROJECTOR, "setup"):
            lesson = by_number[step.lesson]
            above = lesson.sections[: lesson.sections.index(section)]
            if any(s.title not in ran.get(step.lesson, set()) and not s.optional for s in above):
                what = (
                    f"first, everyone clicks once on the heading '{section.title}' and chooses Run → Run All Above "
                    f"Selected Cell (the sections skipped above it define what it uses); then: {what}"
                )
            ran[step.lesson] = ran.get(step.lesson, set()) | {s.title for s in above} | {section.title}
        skip = ""
        if placed and last[step.lesson] == index:
            left = [s for s in by_number[step.lesson].sections if s.title not in used[step.lesson]]
            skip = "; ".join(f"{s.title}{' (optional)' if s.optional else ''}" for s in left)
        named = " + ".join((step.section, *step.also))
        rows.append(Row(clock, clock + minutes, step.lesson, named, step.activity, what, skip))
        clock += minutes
        if placed:
            here = step.lesson
    rows.append(Row(clock, sheet.slot, "", "", "buffer", ACTIVITIES["buffer"]))
    return rows


def problems(sheet: RunSheet, lessons: list[Lesson]) -> list[str]:
    """What makes the sheet not fit: an overrun of its slot, or a buffer under the stated share."""
    rows = schedule(sheet, lessons)
    buffer = rows[-1].end - rows[-1].start
    floor = math.ceil(CONVERSION["buffer share"] * sheet.slot)
    if buffer < floor:
        return [
            f"the {sheet.slot}-minute sheet leaves {buffer} minutes of buffer; it needs at least {floor} "
            f"({CONVERSION['buffer share']:.0%} of the slot): cut a step or shorten an activity."
        ]
    return []
