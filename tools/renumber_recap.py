"""Renumber the recap and capstone from lesson 07 to lesson 08, to make room for a new lesson 07 (issue 39:
train short, test long).

Run from the repository's root with the course's Python, in the change that adds the new lesson 07 (alone
it leaves a gap in the lessons' numbers, which tests/test_lessons.py refuses), as its own commit:
``python -m tools.renumber_recap``, then regenerate what is made from the lessons: ``python -m
tools.gen_links; python -m tools.gen_lessons; python -m tools.execute_notebooks notebooks/0*.ipynb; python -m
tools.gen_lessons; python -m tools.gen_guide``. Delete this script and its test in tests/test_lessons.py in
the same commit: they have done their work, and the commit's message records the script.

What it changes, in every tracked text file but the records (benchmark runs and the page made from them,
the held-out mistake sets, the language model's shipped results):
- the notebook's file name (``git mv``) and every path or link to it;
- its heading, "07 · Recap and capstone";
- its question ids, ``07-…`` (the question bank, the quiz and recall cells, the guide's keys);
- every mention of the recap's own things under its old number: "lesson 07's comparison table", "its
  capstone", "its checker", ... , found by the words that follow or precede the number;
- the tests' keys that name the lesson by number.
Mentions of "lesson 07" that mean the new lesson (the tiny language model's modules) are left as they are.
The recap is found by its flag (``posenc_course.lessons.RECAP``), not by its number, and
tests/test_lessons.py fails on a mention of it under another number than its own.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

OLD, NEW = "07", "08"
ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = "notebooks/{}_recap_and_capstone.ipynb"
#: records of what was measured or written on a date: never rewritten
RECORDS = ("benchmarks/results/", "tests/mistakes/heldout/", "posenc/data/lm_", "docs/benchmarks.md")
#: the words that, after "lesson 07" (or "lesson 07's"), say it is the recap that is meant
RECAP_WORDS = (
    r"comparison\s+table",
    r"table",
    r"exercise",
    r"capstone",
    r"checker",
    r"solution",
    r"attention\s+layer",
    r"description\s+of\s+its\s+buckets",
    r"describes\s+its\s+buckets",
    r"prints\s+where",
    r"compares\s+absolute",
    r"`from\s+posenc\s+import\s+capstone`",
)
#: the rules of one file only: the tests' keys by lesson number, the mistake catalogue's headings of the
#: recap's checkers, lesson 00's table of schemes (where T5 is met), the version's list of lessons
PER_FILE = {
    "tests/universal_words.py": [(re.compile(rf'\("{OLD}", '), f'("{NEW}", ')],
    "tests/mistakes/catalogue.py": [(re.compile(rf"^(\s*)# {OLD}\b", re.M), rf"\1# {NEW}")],
    "notebooks/00_start_here.ipynb": [(re.compile(rf"\| 06, {OLD} \|"), f"| 06, {NEW} |")],
    "CHANGELOG.md": [(re.compile(rf"\*\*Lessons 00–{OLD}\*\*"), f"**Lessons 00–{NEW}**")],
}


def rules() -> list[tuple[re.Pattern[str], str]]:
    """The rules for every file: the recap's file, heading, question ids and the mentions of its things."""
    questions = json.loads((ROOT / "posenc" / "data" / "questions.json").read_text(encoding="utf-8"))
    ids = [q[len(OLD) + 1 :] for q in questions if q.startswith(f"{OLD}-")]
    return [
        (re.compile(rf"\b{OLD}_recap_and_capstone"), f"{NEW}_recap_and_capstone"),
        (re.compile(rf"\b{OLD} · Recap and capstone"), f"{NEW} · Recap and capstone"),
        (re.compile(rf"\b{OLD}-({'|'.join(map(re.escape, ids))})\b"), rf"{NEW}-\1"),
        (re.compile(rf"\[lesson {OLD}\]\((\.\./notebooks/){NEW}_recap"), rf"[lesson {NEW}](\g<1>{NEW}_recap"),
        (re.compile(rf"\b([Ll]esson)(\s+){OLD}((?:'s)?\s+(?:{'|'.join(RECAP_WORDS)}))"), rf"\1\g<2>{NEW}\3"),
        # lesson 06 names the recap for T5's buckets: "T5-bias (lesson 07)", "(in the box above; lesson 07"
        (re.compile(rf"(T5-bias \(lesson ){OLD}\)"), rf"\g<1>{NEW})"),
        (re.compile(rf"(in the box above; lesson ){OLD}\b"), rf"\g<1>{NEW}"),
        # lesson 00's instructor note on the lessons with no optional section
        (re.compile(rf"00, 01 and {OLD} have none"), f"00, 01 and {NEW} have none"),
    ]


def renumbered(relative: str, text: str, every: list[tuple[re.Pattern[str], str]]) -> str:
    """`text`, the file at `relative` (a path from the repository's root), with the recap renumbered."""
    for pattern, replacement in every + PER_FILE.get(relative, []):
        text = pattern.sub(replacement, text)
    return text


def text_files() -> dict[str, str]:
    """Every tracked text file but the records: its path from the root, and its text."""
    names = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    files = {}
    for name in names:
        if name.startswith(RECORDS):
            continue
        try:
            files[name] = (ROOT / name).read_text(encoding="utf-8")
        except (UnicodeDecodeError, IsADirectoryError, FileNotFoundError):
            continue
    return files


def main() -> None:
    subprocess.run(["git", "mv", NOTEBOOK.format(OLD), NOTEBOOK.format(NEW)], cwd=ROOT, check=True)
    every, changed = rules(), []
    for relative, text in text_files().items():
        new = renumbered(relative, text, every)
        if new != text:
            (ROOT / relative).write_text(new, encoding="utf-8")
            changed.append(relative)
    print("changed:", *changed, sep="\n  ")


if __name__ == "__main__":
    main()
