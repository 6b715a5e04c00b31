"""The course's multiple-choice questions and recall prompts as data, and answers checked in code.

Questions live in ``posenc/data/questions.json``. :func:`answer` gives a question's
feedback as a :class:`~posenc.checks.engine.CheckResult`, with no display code, so a
headless grader can use it; the widgets that show a question (a Check button, a
Reveal button) are ``posenc.widgets.quiz`` and ``posenc.widgets.recall``.
"""

from __future__ import annotations

import copy
import functools
import json
from importlib import resources

from posenc.checks.engine import CheckResult

__all__ = ["questions", "question", "answer", "feedback"]


@functools.lru_cache(maxsize=1)
def _bank() -> dict[str, dict]:
    text = resources.files("posenc.data").joinpath("questions.json").read_text(encoding="utf-8")
    return json.loads(text)


def questions() -> dict[str, dict]:
    """All questions of the course, by id (read once from ``posenc/data/questions.json``).

    Returns a fresh copy each call, so changing it changes nothing for the next caller.

    Examples
    --------
    >>> questions()["02-fastest"]["kind"]
    'mcq'
    """
    return copy.deepcopy(_bank())


def question(question_id: str, kind: str) -> dict:
    """One question of the given kind (``"mcq"`` or ``"recall"``), or a clear error naming the known ids.

    Examples
    --------
    >>> question("02-why-even", "recall")["kind"]
    'recall'
    >>> question("02-why-even", "mcq")
    Traceback (most recent call last):
    ...
    ValueError: question '02-why-even' is a recall question, not a mcq one.
    """
    bank = _bank()
    if not isinstance(question_id, str):
        raise TypeError(f"question_id must be a question's id (a str); got question_id={question_id!r}.")
    if question_id not in bank:
        raise ValueError(
            f"question_id must be the id of a question in the bank; got question_id={question_id!r}. "
            f"Known ids: {', '.join(sorted(bank))}."
        )
    found = bank[question_id]
    if found["kind"] != kind:
        raise ValueError(f"question {question_id!r} is a {found['kind']} question, not a {kind} one.")
    return copy.deepcopy(found)


def feedback(found: dict, choice: str) -> CheckResult:
    """The feedback for `choice` on a multiple-choice question `found` (from :func:`question`)."""
    keys = [o["key"] for o in found["options"]]
    if choice not in keys:
        return CheckResult(
            False, f"Not answered yet: replace {choice!r} with one of {', '.join(keys)}.", attempted=False
        )
    option = next(o for o in found["options"] if o["key"] == choice)
    if option["correct"]:
        return CheckResult(True, f"Correct ({choice}): {option['explanation']}")
    return CheckResult(False, f"Not quite ({choice}): {option['explanation']} Try another option.")


def answer(question_id: str, choice: str) -> CheckResult:
    """Answer a multiple-choice question in code; returns the feedback for that choice.

    Examples
    --------
    >>> answer("02-fastest", "b").passed
    True
    >>> answer("02-fastest", "?")
    Not answered yet: replace '?' with one of a, b, c, d.
    """
    return feedback(question(question_id, "mcq"), str(choice).strip().lower())
