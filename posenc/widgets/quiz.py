"""Multiple-choice questions and recall prompts as widgets.

The questions are data (``posenc/data/questions.json``, read by
``posenc.checks.questions``); :func:`quiz` and :func:`recall` show one as a
:class:`~posenc.live.Panel`, so the question still reads where widgets cannot run.
``posenc.checks.answer`` gives the same feedback as a quiz, as text, with no widgets.
"""

from __future__ import annotations

import html

import ipywidgets

from posenc.checks.questions import answer, question
from posenc.live import Panel
from posenc.live.static import static_mode

__all__ = ["quiz", "recall"]


def _static_mcq_html(q: dict) -> str:
    items = "".join(f"<li><b>{o['key']}</b>. {html.escape(o['text'])}</li>" for o in q["options"])
    page = f"<p><b>Quiz.</b> {html.escape(q['prompt'])}</p><ul style='list-style:none'>{items}</ul>"
    if static_mode():  # the static site has no kernel to check an answer: the feedback, folded
        feedback = "".join(
            f"<li><b>{o['key']}</b>: {'the answer' if o['correct'] else 'not this one'}: {html.escape(o['explanation'])}</li>"
            for o in q["options"]
        )
        page += f"<details><summary>Answer and why (decide first)</summary><ul style='list-style:none'>{feedback}</ul></details>"
    return page


def _in_code(question_id: str, q: dict) -> str:
    """Where no widget renders (and a kernel runs), how to answer in code instead of with the buttons."""
    if static_mode():  # the static site has no kernel: its answers are folded above instead
        return ""
    keys = ", ".join(f"'{o['key']}'" for o in q["options"])
    call = f'checks.answer("{question_id}", "?")'
    return (
        f"<p><i>No buttons here? Answer in a new code cell: <code>{html.escape(call)}</code>, "
        f"with ? replaced by your choice, one of {html.escape(keys)}.</i></p>"
    )


def quiz(question_id: str) -> Panel:
    """A multiple-choice question as a widget: options, a Check button, and feedback.

    Where widgets cannot run, the question and its options still show as HTML, with how to
    answer it in code (``checks.answer(question_id, choice)``) instead.

    Examples
    --------
    >>> w = quiz("02-fastest")
    >>> w.choices.value = "b"
    >>> w.check.click()
    >>> w.feedback.value.startswith("<b>Correct (b)")
    True
    """
    q = question(question_id, "mcq")
    # The options' text goes in the HTML (it wraps); the radio buttons carry only the letters,
    # since a long radio label does not wrap and overlaps the next one.
    prompt = ipywidgets.HTML(_static_mcq_html(q))
    choices = ipywidgets.RadioButtons(
        options=[o["key"] for o in q["options"]],
        value=None,
        description="Your answer:",
        style={"description_width": "initial"},
    )
    check = ipywidgets.Button(description="Check my answer", button_style="info")
    feedback = ipywidgets.HTML()
    feedback.add_class("posenc-feedback")

    def on_click(_):
        if choices.value is None:
            feedback.value = "Pick an option first."
            return
        result = answer(question_id, choices.value)
        head, _, rest = result.message.partition(": ")
        feedback.value = f"<b>{html.escape(head)}</b>: {html.escape(rest)}"

    check.on_click(on_click)
    box = Panel([prompt, choices, check, feedback], static_html=lambda: _static_mcq_html(q) + _in_code(question_id, q))
    box.choices, box.check, box.feedback = choices, check, feedback
    return box


def recall(question_id: str) -> Panel:
    """A recall prompt: write your answer in your own words, then reveal the model answer.

    Examples
    --------
    >>> w = recall("02-why-even")
    >>> w.answer.layout.display
    'none'
    >>> w.reveal.click()
    >>> w.answer.layout.display is None
    True
    """
    q = question(question_id, "recall")
    static = (
        f"<p><b>Recall.</b> {html.escape(q['prompt'])}</p><details><summary>Model answer</summary>"
        f"{html.escape(q['answer'])}</details>"
    )
    prompt = ipywidgets.HTML(f"<b>Recall.</b> {html.escape(q['prompt'])}")
    notes = ipywidgets.Textarea(
        placeholder="Your answer, in your own words (not checked)", layout=ipywidgets.Layout(width="90%", height="4em")
    )
    reveal = ipywidgets.Button(description="Reveal the model answer", layout=ipywidgets.Layout(width="auto"))
    model = ipywidgets.HTML(
        f"<b>Model answer.</b> {html.escape(q['answer'])}", layout=ipywidgets.Layout(display="none")
    )

    def on_click(_):
        model.layout.display = None
        reveal.disabled = True

    reveal.on_click(on_click)
    box = Panel([prompt, notes, reveal, model], static_html=lambda: static)
    box.reveal, box.answer, box.notes = reveal, model, notes
    return box
