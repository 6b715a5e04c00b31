"""Lesson 08's checker: the learner's comparison table of the position schemes (the rows of :data:`ROWS`).

The table is a dict of rows (one per scheme) of cells (one per column), each cell one
of the column's allowed answers (:data:`COLUMNS`), as text or as its number from 1. The checker reports cells still
left as ``...``, answers that are not allowed, how many cells are right, and the first
wrong one, with the misconception behind it when it is a known one.
"""

from __future__ import annotations

from posenc.checks.engine import CheckResult, correct, not_attempted, not_yet, register
from posenc.checks.phrasing import short
from posenc.schemes import COLUMNS, SCHEMES

__all__ = ["COLUMNS", "ROWS", "check_comparison_table", "comparison_table_answer"]

#: Each row of the table (a scheme's label) and its answers: every scheme whose record has a row.
_ANSWER = {s.label: dict(s.comparison) for s in SCHEMES.values() if s.comparison is not None}
#: The table's rows, in order: the keys a learner's table must have.
ROWS = tuple(_ANSWER)

COMPARISON_MISTAKES = {
    "rope-at-input": "RoPE adds nothing to the input: it turns the queries and keys inside every attention "
    "layer (lesson 05).",
    "sinusoidal-relative": "A sinusoidal row names one position, and it is added to the token there: absolute. "
    "Its rows are related by rotations (lesson 03), but the model is given PE(p) itself.",
    "alibi-trained": "ALiBi trains nothing about position: its slopes are fixed before training (1/2 ... 1/256 "
    "for 8 heads).",
    "rope-extrapolates": "RoPE runs at any length, but offsets longer than in training turn the slow pairs to "
    "angles never trained (lesson 06): defined is not trained.",
    "learned-runs": "A learned table has no row past its last one: the lookup fails, so the input must be cut "
    "(lesson 04). (Rows between the longest training sequence and the last row would run, untrained, as in lesson "
    "04's toy; in BERT and GPT-2 the last row is the training length.)",
    "models-swapped": "Llama and Mistral use RoPE; BLOOM and MPT use ALiBi.",
    "rope-absolute": "RoPE turns each vector by its own position, but the score depends on i − j alone (lesson 05): "
    "relative.",
    "rope-trained": "RoPE trains nothing about position: its speeds theta_p are fixed by the base (lesson 05); the "
    "model's W_q and W_k learn to use them.",
    "sinusoidal-trained": "The sinusoidal table is computed by a formula (lesson 02): nothing about it is trained.",
    "shared-row": "Several schemes share one row: the same dict object (dict.fromkeys(schemes, row) does that), so "
    "filling one fills them all. Give each scheme its own dict.",
    "sinusoidal-no-row": "The sinusoidal formula gives a row at any position (lesson 02): it never stops, and past "
    "the training length it runs on rows nobody trained (lesson 06).",
}

#: (row, column, wrong answers, mistake id): the known misconceptions, from each scheme's record, in its order.
_KNOWN = [
    (s.label, column, answers, mistake)
    for s in SCHEMES.values()
    if s.comparison is not None
    for column, answers, mistake in s.comparison_mistakes
]

#: Where each scheme is taught, for a wrong cell no listed mistake explains.
_LESSON_OF = {s.label: s.taught_in for s in SCHEMES.values()}
#: Where each scheme puts position, from its record, for a wrong "where it acts" no listed mistake explains.
_PLACE_OF = {s.label: s.acts_on for s in SCHEMES.values()}


def comparison_table_answer() -> dict[str, dict[str, str]]:
    """The filled-in table, as the lesson's folded solution gives it.

    Examples
    --------
    >>> comparison_table_answer()["RoPE"]["where it acts"]
    'turns queries and keys'
    """
    return {row: {column: answers[column] for column in COLUMNS} for row, answers in _ANSWER.items()}


def _as_answer(value: object, column: str) -> object:
    """An answer as its allowed text: given by its number (1, 2, ... as the lesson prints them), or as text that
    differs from it only in capitals and spaces ("Added to the input"); anything else as given.

    >>> _as_answer("  Added to  the INPUT ", "where it acts"), _as_answer(1, "absolute or relative")
    ('added to the input', 'absolute')
    """
    allowed = COLUMNS[column]
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= len(allowed):
        return allowed[value - 1]
    if isinstance(value, str):
        said = " ".join(value.split()).casefold()
        return next((answer for answer in allowed if " ".join(answer.split()).casefold() == said), value)
    return value


def _by_label(table: dict) -> dict:
    """`table` with each row key that differs from a row's label only in capitals and spaces ("rope", "t5  Bias")
    given that label; other keys as they are."""
    labels = {" ".join(label.split()).casefold(): label for label in _ANSWER}
    return {labels.get(" ".join(k.split()).casefold(), k) if isinstance(k, str) else k: row for k, row in table.items()}


def _blank_cells(table: dict) -> list[tuple[str, str]]:
    return [(r, c) for r in _ANSWER for c in COLUMNS if isinstance(table.get(r), dict) and table[r].get(c) is Ellipsis]


#: The diagnoses read from the scheme record for a wrong cell no listed mistake explains.
COMPARISON_MEASURED = {
    "place": "a wrong 'where it acts': where the scheme puts position, from its record, and its lesson",
    "rows-moved": "whole rows that are other schemes' rows: the rows filled in another order",
}


@register("value", COMPARISON_MISTAKES, COMPARISON_MEASURED)
def check_comparison_table(table: object) -> CheckResult:
    """Check the comparison table: the rows of ROWS (labels of the schemes), the columns of COLUMNS.

    Examples
    --------
    >>> check_comparison_table(comparison_table_answer())
    Correct: all 25 cells match what the course measured and cited.
    >>> table = comparison_table_answer()
    >>> table["RoPE"]["where it acts"] = "added to the input"
    >>> check_comparison_table(table)
    Not yet: 24 of 25 cells are right. 'RoPE' → 'where it acts' is 'added to the input'. RoPE adds nothing to the input: it turns the queries and keys inside every attention layer (lesson 05).
    """
    if table is None or table is Ellipsis:
        return not_attempted("my_table")
    if not isinstance(table, dict):
        return not_yet(f"give a dict with one entry per scheme ({', '.join(_ANSWER)}); got {short(table)}.")
    table = _by_label(table)
    missing = [r for r in _ANSWER if not isinstance(table.get(r), dict)]
    if missing:
        return not_yet(
            f"the table needs a row (a dict) for each of the keys {', '.join(map(repr, _ANSWER))}, spelled so; "
            f"missing or not a dict: {', '.join(map(repr, missing))}."
        )
    if len({id(table[r]) for r in _ANSWER}) < len(_ANSWER):
        return not_yet(COMPARISON_MISTAKES["shared-row"], mistake="shared-row")
    blank = _blank_cells(table)
    if len(blank) == len(_ANSWER) * len(COLUMNS):
        return not_attempted("my_table")
    if blank:
        row, column = blank[0]
        cells = "1 cell is" if len(blank) == 1 else f"{len(blank)} cells are"
        return not_yet(f"{cells} still ..., the first: '{row}' → '{column}'.")
    table = {row: {column: _as_answer(table[row].get(column), column) for column in COLUMNS} for row in _ANSWER}
    for row in _ANSWER:
        for column, allowed in COLUMNS.items():
            value = table[row][column]
            if not isinstance(value, str) or value not in allowed:
                said = short(value) if value is not None else "nothing"
                return not_yet(
                    f"'{row}' → '{column}' must be one of {', '.join(repr(a) for a in allowed)} "
                    f"(or its number, 1 to {len(allowed)}); got {said}."
                )
    expected = comparison_table_answer()
    wrong = [(r, c) for r in _ANSWER for c in COLUMNS if table[r][c] != expected[r][c]]
    if not wrong:
        return correct(f"all {len(_ANSWER) * len(COLUMNS)} cells match what the course measured and cited.")
    total = len(_ANSWER) * len(COLUMNS)
    moved = {
        r: other
        for r in _ANSWER
        if table[r] != expected[r]
        for other in _ANSWER
        if other != r and table[r] == expected[other]
    }
    if len(moved) >= 2:  # whole rows that are other schemes' rows: the rows filled in another order
        shown = ", ".join(f"'{r}' holds {other}'s" for r, other in list(moved.items())[:3])
        return not_yet(
            f"{total - len(wrong)} of {total} cells are right. Whole rows hold other schemes' answers ({shown}): "
            "the rows were filled in another order. Fill each row under its own key: my_table['RoPE'] = {...}.",
            mistake="rows-moved",
        )
    known = [(r, c, m) for r, c, answers, m in _KNOWN if table[r][c] in answers]
    row, column = (known[0][0], known[0][1]) if known else wrong[0]
    mistake = known[0][2] if known else None
    if known:
        hint = f" {COMPARISON_MISTAKES[known[0][2]]}"
    elif column == "where it acts":  # the record says where: a fact, whatever the wrong answer
        hint, mistake = f" {row} puts position into the {_PLACE_OF[row]} ({_LESSON_OF[row]}).", "place"
    else:
        hint = f" Look back at {_LESSON_OF[row]}."
    said = f"{total - len(wrong)} of {total} cells are right. '{row}' → '{column}' is '{table[row][column]}'.{hint}"
    others = [f"'{r}' → '{c}'" for r, c in wrong if (r, c) != (row, column)]
    also = f" Also wrong: {', '.join(others[:3])}{', ...' if len(others) > 3 else ''}." if others else ""
    return not_yet(said, also, mistake=mistake)  # the other wrong cells, if there is room
