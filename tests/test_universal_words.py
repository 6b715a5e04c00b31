"""Universal words in the core: each "never", "always", "must", "whatever", "little" and "every" that a core section's
prose says (outside its folds) is listed in tests/universal_words.py with what backs it, so that no core sentence
claims more than the course shows. A new one fails until it is listed with its backing, or reworded; a listed one
that no longer occurs fails too, so the list stays the lessons' own."""

import re
from pathlib import Path

import pytest

from posenc_course.lessons import cell_source, read_lessons
from tests.universal_words import BACKED

ROOT = Path(__file__).resolve().parents[1]
LESSONS = {lesson.number: lesson for lesson in read_lessons(ROOT / "notebooks")}
WORDS = re.compile(r"\b(never|always|must|whatever|little|every)\b", re.I)
FOLDS = re.compile(r"<details\b.*?</details>", re.S)


def sentences(text: str) -> list[str]:
    """A markdown cell's prose cut at sentence ends, semicolons, colons and list items, one line each."""
    parts = re.split(r"(?<=[.!?;:])\s+|\n\s*[-*] |\n\n", FOLDS.sub(" ", text))
    return [" ".join(part.split()) for part in parts if part.strip()]


def occurrences() -> list[tuple[str, str]]:
    """(lesson number, sentence) for every core sentence that says one of the words."""
    found = []
    for number, lesson in LESSONS.items():
        for section in lesson.sections:
            if section.optional:
                continue
            for cell in section.cells:
                if cell.get("cell_type") == "markdown":
                    found += [(number, s) for s in sentences(cell_source(cell)) if WORDS.search(s)]
    return found


OCCURRENCES = occurrences()


def listed(number: str, sentence: str) -> list[str]:
    return [fragment for (lesson, fragment) in BACKED if lesson == number and fragment in sentence]


@pytest.mark.parametrize("number, sentence", OCCURRENCES, ids=[f"{n}-{s[:40]}" for n, s in OCCURRENCES])
def test_each_universal_word_in_the_core_is_listed_with_its_backing(number, sentence):
    assert listed(number, sentence), (
        f"lesson {number} says {WORDS.findall(sentence)} in: {sentence!r}. List it in tests/universal_words.py with "
        "the cell or test that backs it, or reword it."
    )


def test_every_listed_sentence_still_occurs():
    stale = [key for key in BACKED if not any(key[0] == n and key[1] in s for n, s in OCCURRENCES)]
    assert not stale, f"listed but no longer in any core sentence: {stale}"


@pytest.mark.parametrize("key", sorted(BACKED), ids=[f"{n}-{f[:40]}" for n, f in sorted(BACKED)])
def test_each_backing_exists(key):
    number, fragment = key
    assert WORDS.search(fragment), f"the fragment {fragment!r} holds none of the words: list the words' sentence"
    kind, _, what = BACKED[key].partition(":")
    if kind == "cell":  # a code cell of the same lesson whose output shows it
        ids = {cell.get("id") for cell in LESSONS[number].cells if cell.get("cell_type") == "code"}
        assert what in ids, f"no code cell {what!r} in lesson {number}"
    elif kind == "test":  # a test function that asserts it
        path, _, name = what.partition("::")
        assert re.search(rf"def {re.escape(name)}\(", (ROOT / path).read_text(encoding="utf-8")), what
    else:
        assert kind == "meaning" and len(what.split()) >= 5, (
            f"{BACKED[key]!r}: a backing is cell:<id>, test:<path>::<function>, or meaning:<why the word is true by "
            "what the sentence defines or describes (the course's own conventions), in at least five words>"
        )
