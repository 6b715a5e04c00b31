"""The course's ready-made class paths: the 60-, 90- and 180-minute run sheets, as data."""

from __future__ import annotations

from posenc_course.run_sheets.clock import ROOMS, RunSheet, Step

__all__ = ["SHEETS", "SETUP", "PREREADING", "OPENING", "ATTENTION_RECAP", "ROPE_BRIDGE", "SINUSOIDAL_TABLE"]

S = Step
#: Lesson 00's set-up, as every sheet opens: the set-up cell, the slider check, and the fallback for those it fails.
SETUP = S(
    "00", "Set up", "setup", also=("Interactive demo: check that a slider moves a figure", "If widgets do not show")
)
MET, NEW = ROOMS
#: Before a class for a room that has met attention: the pre-reading is a review, and nothing in class depends on it.
REVIEW = (
    "optional: the pre-reading below, a review of attention in the course's notation (nothing in class depends on it)"
)
#: Before a class for a room new to attention: the recap at the projector replaces a pre-reading nobody can check.
NOTHING = "nothing to read; log in once and run lesson 00's set-up cell, so that the day starts with a working kernel"
PREREADING = (("01", "A toy vocabulary"), ("01", "Attention in one formula"))
#: The question every sheet opens with.
OPENING = "Ask: “dog bites man” and “man bites dog” hold the same words; what tells a Transformer which is which?"

#: Attention itself, at the projector, for a room that has not met it.
ATTENTION_RECAP = S(
    "01",
    "Attention in one formula",
    "frame",
    also=("A toy vocabulary",),
    say="The room is new to attention: run the toy vocabulary's cell and the `self_attention` cell at the "
    "projector. Each word's row times W_q, W_k, W_v gives its query, key and value; a row of scores is one word's "
    "query against every key; the softmax turns it into weights that sum to 1; the output is the weighted mean of "
    "the values. Nothing in it looks at where a word stands: that is the next step's question.",
)
#: Lesson 03's one idea that lesson 05 opens with, for a sheet that skips lesson 03.
ROPE_BRIDGE = S(
    "03",
    "",
    "bridge",
    say="Lesson 03 is skipped; lesson 05 opens with its one idea. Draw the unit circle: pair i of the table's "
    "columns at position p is the point (sin pω_i, cos pω_i); moving on δ places turns it by the angle δω_i, the "
    "same turn whatever p is (lesson 03's matrix M_δ). A shift is a rotation: RoPE starts from there, turning "
    "queries and keys instead of adding rows (lesson 05 calls the positions i and j, the speeds θ_p, and turns the "
    "other way round, which changes nothing here). Lesson 05 also uses: the dot product of two arrows is their "
    "lengths times the cosine of the angle between them.",
)

#: Lesson 02's core in class: the formula, then the table built.
SINUSOIDAL_TABLE = (
    S(
        "02",
        "The formula, term by term",
        "frame",
        say="On the board: i numbers a pair of columns, 2i and 2i+1; work the d_model = 4 example.",
    ),
    S("02", "Build the table yourself", "exercise", part="Coding exercise: build the table"),
)
SHUFFLE = S("01", "Shuffle the words", "predict", say="Ask what shuffling the words does to attention's output.")
REORDER = S("01", "Interactive demo: reorder the sentence", "demo", say="End on its 'add sinusoidal positions' box.")
#: RoPE's core in class, after the bridge.
ROPE = (
    ROPE_BRIDGE,
    S(
        "05",
        "Rotate, don't add",
        "frame",
        say="Draw a query's pair as an arrow turned by i·θ_p at position i (the lesson's letters), and say that "
        "each head's queries and keys are turned, its values not.",
    ),
    S("05", "Interactive demo: a query and a key in one plane", "demo"),
    S("05", "The score depends only on i − j", "predict"),
)
CLOSE_60 = S(
    "",
    "",
    "close",
    say="Sum up: with no positions, attention treats the words as a bag; the sinusoidal table adds a "
    "row of its own to each position; each pair of columns is a sine and a cosine at its own speed. "
    "Exit question: the Think! of lesson 02's Lock it in.",
)
CLOSE_90 = S(
    "",
    "",
    "close",
    say="Sum up: attention alone cannot tell word order; the sinusoidal table adds each position's row "
    "to the input; RoPE instead turns each query and key by its position, so the positions enter a score "
    "only through their offset i − j. Exit question: the Think! of lesson 05's Lock it in.",
)
TITLE_60 = "Why attention needs positions, and the sinusoidal answer"
TITLE_90 = "Why positions, the classic answer and the modern one: order-blind attention, sinusoids, RoPE"
TITLE_180 = "The four schemes side by side: sinusoidal, learned, RoPE and ALiBi, and what happens past the end"
#: The 180-minute sheet after its opening and set-up (both rooms).
WORKSHOP = (
    S("01", "Attention in one formula", "exercise", part="Coding exercise 1"),
    S("01", "Shuffle the words", "predict"),
    S("01", "Several heads side by side", "frame"),
    S("01", "Interactive demo: reorder the sentence", "demo"),
    S("02", "The formula, term by term", "frame"),
    S("02", "Build the table yourself", "exercise", part="Coding exercise: build the table"),
    S("02", "Interactive demo: walk through the table", "demo"),
    S("03", "the rotation for any offset", "demo", say="Shifting is rotating: the same turn at every position."),
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
)
START = (S("", "", "open", say=OPENING), SETUP)

#: The course's ready-made class paths: each slot for a room that has met attention, then for one that has not.
SHEETS: tuple[RunSheet, ...] = (
    RunSheet(
        slot=60,
        title=TITLE_60,
        suits="a first session, for students who know Python and a little NumPy and have met attention",
        before=REVIEW,
        prereading=PREREADING,
        steps=(*START, SHUFFLE, REORDER, *SINUSOIDAL_TABLE, CLOSE_60),
    ),
    RunSheet(
        slot=60,
        title=TITLE_60,
        suits="a first session, for students who know Python and a little NumPy and have not met attention: the "
        "recap takes the reordering demo's minutes, which goes to the homework",
        before=NOTHING,
        room=NEW,
        steps=(*START, ATTENTION_RECAP, SHUFFLE, *SINUSOIDAL_TABLE, CLOSE_60),
    ),
    RunSheet(
        slot=90,
        title=TITLE_90,
        suits="a single lab, for students who have met attention; lesson 03 is skipped, with a bridge to RoPE",
        before=REVIEW,
        prereading=PREREADING,
        steps=(
            *START,
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
            *ROPE,
            CLOSE_90,
        ),
    ),
    RunSheet(
        slot=90,
        title=TITLE_90,
        suits="a single lab, for students who have not met attention: the recap takes the quiz's minutes; lesson 03 "
        "is skipped, with a bridge to RoPE",
        before=NOTHING,
        room=NEW,
        steps=(*START, ATTENTION_RECAP, SHUFFLE, REORDER, *SINUSOIDAL_TABLE, *ROPE, CLOSE_90),
    ),
    RunSheet(
        slot=180,
        title=TITLE_180,
        suits="a half-day workshop for students who have met attention; lesson 01's attention exercise makes it "
        "hands-on from the start",
        before="nothing for students",
        steps=(*START, *WORKSHOP),
    ),
    RunSheet(
        slot=180,
        title=TITLE_180,
        suits="a half-day workshop for students who have not met attention: the recap comes before lesson 01's "
        "attention exercise",
        before=NOTHING,
        room=NEW,
        steps=(*START, ATTENTION_RECAP, *WORKSHOP),
    ),
)
