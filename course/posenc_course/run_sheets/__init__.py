"""Run sheets for a class: 60-, 90- and 180-minute paths through the lessons, timed from the lessons.

A run sheet names, in order, a lesson's section and what the room does with it (an *activity*);
its clock is computed from the lessons' own stated minutes (:mod:`posenc_course.lessons`) by the stated
conversion :data:`CONVERSION`, so a lesson that grows makes its sheet longer, and the tests fail
when a sheet no longer fits its slot with a buffer of at least :data:`CONVERSION` ``["buffer share"]``.

Class minutes are not self-study minutes. The conversion is a planning rule, not a measurement:

- **frame**: a reading section becomes a framing at the projector, for the class minutes the lesson
  states in the section's heading cell (``metadata["posenc"]["class_minutes"]``, read by
  :mod:`posenc_course.lessons`): one number, which the instructor edition's notes and the slides'
  speaker notes print too;
- **demo**: you drive the section's explorer at the projector while the room calls out predictions
  (5 minutes);
- **predict**: the section's predict-then-check cell: everyone writes a guess, you run the cell,
  two guesses are discussed (4 minutes);
- **exercise**: students write the exercise while you circulate: 1.5 times the minutes its heading
  states (a room of 40 queues for help), plus 2 to show the answer;
- **quiz**: one quiz as peer instruction: vote, discuss in pairs, vote again, reveal (5 minutes);
- **discuss**: a Think! or recall prompt, in pairs, then two answers shared (4 minutes);
- **setup**: once: log in, open lesson 00, run its set-up cell and check that every slider moves
  (10 minutes);
- **open** and **close**: what today is for (3 minutes); a summary, the homework and an exit
  question (2 minutes);
- **bridge**: the idea of a lesson the sheet skips that a later one builds on, at the projector with no
  lesson opened (2 minutes): a sheet that teaches RoPE (lesson 05) without lesson 03 says "a shift is a
  rotation" first, since lesson 05 opens with what lesson 03 showed;
- plus 2 minutes at each change of lesson (shut the previous lesson's kernel down, open the next lesson
  and run its cells up to the first one the sheet uses), any break the sheet names, and what is left of
  the slot as a buffer.

Each slot has a sheet for each of :data:`ROOMS`: a room that has met attention gets an optional review
as pre-reading; a room that has not gets a recap of lesson 01's formula at the projector instead, since a
pre-reading cannot be checked. The homework (:func:`homework`) leads with the Check yourself sections and
holds at most :data:`HOMEWORK_MINUTES` self-study minutes; :mod:`posenc_course.run_sheets.messages` writes
the message to send before class and the homework sheet to hand out after it.

Examples
--------
>>> from posenc_course.lessons import read_lessons
>>> lessons = read_lessons(notebooks)  # the lessons' folder
>>> rows = schedule(SHEETS[0], lessons)
>>> rows[0].start, rows[-1].activity == "buffer", rows[-1].end == SHEETS[0].slot
(0, True, True)
"""

from posenc_course.run_sheets.clock import (
    ACTIVITIES,
    CONVERSION,
    HOMEWORK_MINUTES,
    PARTS,
    ROOMS,
    UNPLACED,
    Homework,
    Row,
    RunSheet,
    Step,
    covered,
    homework,
    minutes_of,
    problems,
    schedule,
)
from posenc_course.run_sheets.self_study import session_rows, sessions
from posenc_course.run_sheets.sheets import SHEETS

__all__ = [
    "CONVERSION",
    "ACTIVITIES",
    "HOMEWORK_MINUTES",
    "ROOMS",
    "Homework",
    "PARTS",
    "UNPLACED",
    "Step",
    "RunSheet",
    "Row",
    "SHEETS",
    "minutes_of",
    "schedule",
    "covered",
    "homework",
    "problems",
    "sessions",
    "session_rows",
]
