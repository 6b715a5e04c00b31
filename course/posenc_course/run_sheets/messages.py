"""What an instructor sends students around a run sheet: the message before class and the homework sheet after it.

Both are written from the sheet and the lessons (:func:`posenc_course.run_sheets.homework`), so they name
sections that exist, with the minutes the lessons state. The class's link (the nbgitpuller link the guide
gives) is passed in: this module knows nothing of the hub.

Examples
--------
>>> from posenc_course.lessons import read_lessons
>>> from posenc_course.run_sheets import SHEETS
>>> lessons = read_lessons(notebooks)  # the lessons' folder
>>> print(homework_sheet(SHEETS[0], lessons).splitlines()[0])
# Homework after the 60-minute class: Why attention needs positions, and the sinusoidal answer
"""

from __future__ import annotations

from posenc_course.lessons import Lesson
from posenc_course.run_sheets.clock import ROOMS, RunSheet, homework

__all__ = ["before_class", "homework_sheet", "sheet_name"]


def sheet_name(sheet: RunSheet) -> str:
    """A file-name-safe name for the sheet: its slot and room, as ``"60-new-to-attention"``."""
    return f"{sheet.slot}-{sheet.room.replace(' ', '-')}"


def _files(lessons: list[Lesson]) -> dict[str, str]:
    return {lesson.number: f"notebooks/{lesson.path.name}" for lesson in lessons}


def before_class(sheet: RunSheet, lessons: list[Lesson], link: str) -> str:
    """The message to send students a few days before the class, with the class's `link`."""
    files = _files(lessons)
    by_number = {lesson.number: lesson for lesson in lessons}
    lines = [
        f"Subject: before our {sheet.slot}-minute class on positional encodings",
        "",
        f"Hello. In class we will work through part of an interactive course, “{sheet.title}”, in JupyterLab "
        "on the class hub. Before the day, please:",
        "",
        f"1. Open this link and log in; the course's folder opens by itself: {link}",
        f"2. Open `{files['00']}` and run the cell under “Set up” (click it, then press Shift+Enter), then the cell "
        "under “Interactive demo: check that a slider moves a figure”, and drag its slider to the right end: the "
        "figure should follow. If a cell prints an error or the slider does not move, tell me before the day.",
        "3. Then choose Kernel → Shut Down Kernel. Shut each lesson's kernel down when you leave it: the hub "
        "has room for one running lesson each.",
    ]
    if sheet.prereading:
        read = [s for n, t in sheet.prereading for s in by_number[n].sections if s.title == t]
        listed = " and ".join(f"“{t}”" for _, t in sheet.prereading)
        numbers = sorted({n for n, _ in sheet.prereading})
        where = ", ".join(f"`{files[n]}`" for n in numbers)
        lines += [
            f"4. Optional, about {sum(s.minutes for s in read)} minutes: a review of attention in the course's "
            f"notation, the sections {listed} of {where}. Nothing in class depends on it.",
        ]
    elif sheet.room == ROOMS[1]:
        lines += ["", "There is nothing to read: the class starts with attention itself."]
    lines += ["", "See you in class."]
    return "\n".join(lines) + "\n"


def homework_sheet(sheet: RunSheet, lessons: list[Lesson]) -> str:
    """The homework to hand out after the class, in markdown: the sections to work through, in order, with
    their stated minutes (at most :data:`posenc_course.run_sheets.HOMEWORK_MINUTES` in all), then what the
    self-study path goes on with."""
    work = homework(sheet, lessons)
    files = _files(lessons)
    lines = [
        f"# Homework after the {sheet.slot}-minute class: {sheet.title}",
        "",
        f"About {work.minutes} minutes at your own pace (the lessons' own estimates). Open each lesson in the "
        "class folder and run its cells from the top (Run → Run All Cells: an exercise you have not done yet "
        "prints “Not attempted yet” and the lesson goes on), then work through these sections in order. "
        "The Check yourself sections come first: they check the ideas of the class.",
        "",
    ]
    for number, (label, minutes) in enumerate(work.sections, start=1):
        lesson = label.split(" · ")[0]
        lines.append(f"{number}. {label}: {minutes} min (`{files[lesson]}`)")
    lines += [
        "",
        "Shut each lesson's kernel down when you leave it (Kernel → Shut Down Kernel).",
    ]
    if work.later:
        minutes = sum(m for _, m in work.later)
        lines += [
            "",
            f"Later, on your own (about {minutes} minute{'' if minutes == 1 else 's'} more): "
            + "; ".join(label for label, _ in work.later)
            + ".",
        ]
    lines += ["", "Each lesson's “Going further (optional)” sections are for the curious."]
    return "\n".join(lines) + "\n"
