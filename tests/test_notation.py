"""One notation across the lessons: the offset is the query's position minus the key's, i - j.

The glossary's notation table (tools/gen_lessons.py, NOTATION) states the letters; these tests keep
the lessons, the question bank and the checkers' messages to the offset's sign and letters, and to
one letter for a shift of the table, so that a learner who moves from lesson 03 to 05 to 06 meets
the same convention.
"""

import json
import re
from pathlib import Path

import numpy as np
import pytest

from posenc.attention import offsets as attention_offsets
from posenc.checks import engine
from tools import gen_lessons

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))

#: The offset written the other way round, or in RoFormer's letters for the two positions.
OTHER_WAY = re.compile(r"\bj\s*[-−]\s*i\b|\bn\s*[-−]\s*m\b|\bm\s*[-−]\s*n\b|key's position minus the query's")
#: Where a lesson names RoFormer's letters on purpose, to map them to the course's.
SAYS_THE_PAPERS_LETTERS = "The paper writes $m$ and $n$ for the two positions"


def markdown(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]


def test_the_offset_in_attention_is_the_querys_position_minus_the_keys():
    # an independent reading of the convention the table states: row i is the query, column j the key
    offsets = attention_offsets(5)
    i, j = np.indices((5, 5))
    assert np.array_equal(offsets, i - j)
    assert offsets[3, 1] == 2  # a key two places before the query: +2


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_lesson_writes_the_offset_the_other_way_or_in_other_letters(path):
    found = [
        m.group(0) for text in markdown(path) for m in OTHER_WAY.finditer(text.replace(SAYS_THE_PAPERS_LETTERS, ""))
    ]
    assert not found, f"{path.name} writes the offset as {found}; the course writes i - j (query minus key)"


def test_no_question_writes_the_offset_the_other_way_or_in_other_letters():
    bank = json.loads((ROOT / "posenc" / "data" / "questions.json").read_text(encoding="utf-8"))
    found = {qid: m.group(0) for qid, q in bank.items() for m in OTHER_WAY.finditer(json.dumps(q, ensure_ascii=False))}
    assert not found, found


#: In a message, j - i may measure how far a key lies after the query (a wrong bias's size), which is
#: not the offset; RoFormer's letters or the offset defined the other way are what must not appear.
OTHER_LETTERS = re.compile(r"\bn\s*[-−]\s*m\b|\bm\s*[-−]\s*n\b|key's position minus the query's")


def test_no_checker_message_writes_the_offset_in_other_letters():
    messages = [text for c in engine.CHECKERS.values() for text in (*c.mistakes.values(), *c.measured.values())]
    assert messages, "the registry lists the checkers' messages"
    found = [text for text in messages if OTHER_LETTERS.search(text)]
    assert not found, found


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if p.name[:2] in ("02", "03")], ids=lambda p: p.name)
def test_a_shift_of_the_table_is_delta_not_the_keys_letter(path):
    # k is a key from lesson 05 on; in lessons 02 and 03 a shift of the table is delta
    maths = [m for text in markdown(path) for m in re.findall(r"\$[^$]+\$", text)]
    shifts = [m for m in maths if re.search(r"(?<![\\\w])k\b", m) or "M_k" in m]
    assert not shifts, f"{path.name} writes a shift as k: {shifts[:5]}"


def test_the_glossary_states_the_notation_it_is_generated_with():
    page = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    assert page.endswith(gen_lessons.NOTATION)
    rows = [line for line in gen_lessons.NOTATION.splitlines() if line.startswith("| $i - j$")]
    assert len(rows) == 1 and "minus the key's" in rows[0]
