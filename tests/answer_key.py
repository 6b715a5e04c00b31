"""What a class must not see, and a search for it in any artefact a student can reach.

The key is read from the course itself, never written here: every quiz's feedback (the right
option and each option's explanation), every recall prompt's model answer, every Think!'s folded
model answer, every exercise's solution, every instructor note, and the instructor guide. An
artefact (a notebook's JSON, a page's HTML, a branch's files) is searched as text a reader would
see: tags dropped, entities decoded, white space folded, so that an answer cannot hide from the
search behind markup, escaping or a line break.
"""

from __future__ import annotations

import functools
import html
import json
import re
from pathlib import Path

from posenc.checks.questions import questions
from posenc_course import editions
from posenc_course.lessons import cell_source

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
#: How much of an answer is searched for: long enough to be the answer, not a phrase of the lesson.
SPAN = 60
#: Marks that only a key carries: the instructor edition's notes and quiz keys, the guide, the static quiz's fold.
MARKS = re.compile(r"Instructor note|Instructor guide|instructor-guide|Answer and why|Quiz `?[\w-]+`? ?: the answer is")


def readable(text: str) -> str:
    """`text` as a reader sees it: tags dropped, entities decoded, white space folded."""
    # a tag starts with a letter (or /letter): a bare "<" in code, such as "if n < 505:", is no tag
    return " ".join(html.unescape(re.sub(r"</?[A-Za-z][^<>]*>", " ", text)).split())


def _spans(texts) -> set[str]:
    return {readable(t)[:SPAN] for t in texts if len(readable(t)) >= 30}


@functools.lru_cache(maxsize=1)
def answer_key() -> dict[str, frozenset[str]]:
    """The key, by kind: each entry a stretch of text that only the key holds."""
    bank = questions().values()
    options = [o for q in bank if q["kind"] == "mcq" for o in q["options"]]
    key: dict[str, set[str]] = {
        "quiz feedback": _spans(o["explanation"] for o in options),
        "quiz's right option": {readable(o["text"])[-40:] + " (right)" for o in options if o["correct"]},
        "recall model answer": _spans(q["answer"] for q in bank if q["kind"] == "recall"),
        "Think! model answer": set(),
        "solution": set(),
        "instructor note": set(),
    }
    folded = re.compile(r"<summary><b>Model answers?</b></summary>(.*?)</details>", re.S)
    lessons = [json.loads(path.read_text(encoding="utf-8"))["cells"] for path in NOTEBOOKS]
    # what the lessons show outside their solutions (a stub, a hint), in any lesson
    shown = readable(" ".join(editions._FOLDED_SOLUTION.sub("", cell_source(c)) for cells in lessons for c in cells))
    for cells in lessons:
        key["Think! model answer"] |= _spans(m for c in cells for m in folded.findall(cell_source(c)))
        for _, solution in editions.stubs_and_solutions(cells):
            # a solution's own lines: those no lesson shows outside the solutions
            lines = (readable(line) for line in (solution or "").splitlines())
            key["solution"] |= {line for line in lines if len(line) >= 25 and line not in shown}
        key["instructor note"] |= _spans(editions.note_of(c) or "" for c in cells)
    return {kind: frozenset(found) for kind, found in key.items()}


def leaks(text: str, where: str) -> list[str]:
    """What of the key `text` (an artefact's whole text) shows, each said with `where` and the kind of key."""
    seen = readable(text)
    found = [f"{where}: {mark.group(0)!r}" for mark in MARKS.finditer(seen)]
    found += [f"{where}: {kind}: {span!r}" for kind, spans in answer_key().items() for span in spans if span in seen]
    if "<b>Solution</b>" in text or "<b>Model answer" in text:
        found.append(f"{where}: a folded solution or model answer")
    return found


def notebook_text(notebook: dict) -> str:
    """Everything a notebook holds as one text: its cells' sources and outputs and its saved widgets."""
    return json.dumps(notebook, ensure_ascii=False).replace("\\n", "\n").replace('\\"', '"')
