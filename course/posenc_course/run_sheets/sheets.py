"""The course's ready-made class paths: the 60-, 90- and 180-minute run sheets, as data."""

from __future__ import annotations

from posenc_course.run_sheets.clock import RunSheet, Step

__all__ = ["SHEETS", "SETUP", "PREREADING", "OPENING", "SINUSOIDAL_TABLE", "TABLE_DEMO"]

S = Step
#: Lesson 00's set-up, as every sheet opens: the set-up cell, the slider check, and the fallback for those it fails.
SETUP = S(
    "00", "Set up", "setup", also=("Interactive demo: check that a slider moves a figure", "If widgets do not show")
)
#: What students who have never seen attention work through before a class that starts at lesson 01's shuffle.
ATTENTION_FIRST = "everyone works through the pre-reading below, on the hub (for those who know attention, a review)"
PREREADING = (("01", "A toy vocabulary"), ("01", "Attention in one formula"))
#: The question every sheet opens with.
OPENING = "Ask: “dog bites man” and “man bites dog” hold the same words; what tells a Transformer which is which?"

#: Lesson 02's core in class, as the 60- and 90-minute sheets teach it: the formula, then the table built.
SINUSOIDAL_TABLE = (
    S(
        "02",
        "The formula, term by term",
        "frame",
        say="On the board: i numbers a pair of columns, 2i and 2i+1; work the d_model = 4 example.",
    ),
    S("02", "Build the table yourself", "exercise", part="Coding exercise: build the table"),
)
#: Lesson 02's explorer, after the table is built (the 90-minute sheet has the time for it).
TABLE_DEMO = S("02", "Interactive demo: walk through the table", "demo")

#: The course's ready-made class paths.
SHEETS: tuple[RunSheet, ...] = (
    RunSheet(
        slot=60,
        title="Why attention needs positions, and the sinusoidal answer",
        suits="a first session, for students who know Python and a little NumPy and have met attention",
        before=ATTENTION_FIRST,
        prereading=PREREADING,
        steps=(
            S("", "", "open", say=OPENING),
            SETUP,
            S("01", "Shuffle the words", "predict", say="Ask what shuffling the words does to attention's output."),
            S("01", "Interactive demo: reorder the sentence", "demo", say="End on its 'add sinusoidal positions' box."),
            *SINUSOIDAL_TABLE,
            S(
                "",
                "",
                "close",
                say="Sum up: with no positions, attention treats the words as a bag; the sinusoidal table adds a "
                "row of its own to each position; each pair of columns is a sine and a cosine at its own speed. "
                "Exit question: the Think! of lesson 02's Lock it in.",
            ),
        ),
    ),
    RunSheet(
        slot=90,
        title="Why positions, the classic answer and the modern one: order-blind attention, sinusoids, RoPE",
        suits="a single lab, for students who have met attention",
        before=ATTENTION_FIRST,
        prereading=PREREADING,
        steps=(
            S("", "", "open", say=OPENING),
            SETUP,
            S("01", "Shuffle the words", "predict"),
            S(
                "01",
                "Interactive demo: reorder the sentence",
                "demo",
                say="End on its 'add sinusoidal positions' box, then ask: would adding the table to attention's "
                "outputs work as well? Hold the question for the quiz that follows.",
            ),
            S("01", "Check yourself", "quiz", part="01-positions-before-attention"),
            *SINUSOIDAL_TABLE,
            TABLE_DEMO,
            S(
                "05",
                "Rotate, don't add",
                "frame",
                say="Lesson 03 is skipped: draw a pair as an arrow turned by m·θ, and say that each head's queries "
                "and keys are turned, its values not.",
            ),
            S("05", "Interactive demo: a query and a key in one plane", "demo"),
            S("05", "The score depends only on i − j", "predict"),
            S(
                "",
                "",
                "close",
                say="Sum up: attention alone cannot tell word order; the sinusoidal table adds each position's row "
                "to the input; RoPE instead turns each query and key by its position, so the positions enter a score "
                "only through their offset i − j. Exit question: the Think! of lesson 05's Lock it in.",
            ),
        ),
    ),
    RunSheet(
        slot=180,
        title="The four schemes side by side: sinusoidal, learned, RoPE and ALiBi, and what happens past the end",
        suits="a half-day workshop; lesson 01's attention exercise makes it hands-on from the start",
        before="nothing for students",
        steps=(
            S("", "", "open", say=OPENING),
            SETUP,
            S("01", "Attention in one formula", "exercise", part="Coding exercise 1"),
            S("01", "Shuffle the words", "predict"),
            S("01", "Several heads side by side", "frame"),
            S("01", "Interactive demo: reorder the sentence", "demo"),
            S("02", "The formula, term by term", "frame"),
            S("02", "Build the table yourself", "exercise", part="Coding exercise: build the table"),
            S("02", "Interactive demo: walk through the table", "demo"),
            S(
                "03",
                "the rotation for any offset",
                "demo",
                say="Shifting is rotating: the same turn at every position.",
            ),
            S("", "", "break", minutes=10),
            S("04", "One row per position", "frame"),
            S("04", "Train one, in a fraction of a second", "predict"),
            S("04", "Interactive demo: scrub through training", "demo"),
            S("05", "Rotate, don't add", "frame"),
            S("05", "Interactive demo: a query and a key in one plane", "demo"),
            S("05", "The score depends only on i − j", "predict"),
            S("05", "Check yourself", "exercise", part="Coding exercise: RoPE by hand"),
            S("06", "A penalty instead of a position", "frame"),
            S("06", "Interactive demo: one head at a time", "demo"),
            S("06", "One experiment, four schemes", "predict"),
            S(
                "",
                "",
                "close",
                say="Sum up: the schemes differ in where position enters (added to the input, turning queries and "
                "keys, added to the scores) and in what each does past its training length. Exit question: the "
                "Think! of lesson 06's Lock it in.",
            ),
        ),
    ),
)
