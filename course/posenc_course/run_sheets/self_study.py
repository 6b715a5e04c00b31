"""The self-study path: every lesson's core sections in order, in sessions of a bounded length."""

from __future__ import annotations

from posenc_course.lessons import Lesson, Section

__all__ = ["sessions", "session_rows"]


def sessions(lessons: list[Lesson], longest: int = 90) -> list[list[tuple[str, Section]]]:
    """The self-study path: every lesson's core sections in order, in sessions of at most `longest`
    stated minutes, each ending at a section's end (a section longer than `longest` is a session of its own)."""
    out: list[list[tuple[str, Section]]] = [[]]
    total = 0
    for lesson in lessons:
        for section in lesson.sections:
            if section.optional:
                continue
            if out[-1] and total + section.minutes > longest:
                out.append([])
                total = 0
            out[-1].append((lesson.number, section))
            total += section.minutes
    return out


def session_rows(lessons: list[Lesson], longest: int = 90) -> list[str]:
    """The self-study path as markdown table rows, ``| n | 01 · first → 02 · last | minutes |``: one per session
    of :func:`sessions`, for the instructor guide and lesson 00 alike."""
    rows = []
    for number, session in enumerate(sessions(lessons, longest), start=1):
        (a, first), (b, last) = session[0], session[-1]
        rows.append(f"| {number} | {a} · {first.title} → {b} · {last.title} | {sum(s.minutes for _, s in session)} |")
    return rows
