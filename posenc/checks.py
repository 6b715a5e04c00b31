"""Check-yourself tools: code checkers, multiple-choice questions and recall prompts.

A checker takes the learner's function (or value), compares it with posenc's
reference on several cases, and returns a :class:`CheckResult` that displays as one
line: "Correct: ...", "Not yet: ..." with the first mismatch and, when the mistake
is a common one, a hint naming it, or "Not attempted yet: ..." while the exercise
still raises ``NotImplementedError``. A checker never raises on a wrong answer, so a
notebook always runs top to bottom.

Questions live in ``posenc/data/questions.json``; :func:`quiz` and :func:`recall`
turn one into a widget, :func:`answer` gives the same feedback as text.
"""

from __future__ import annotations

import html
import json
import os
from dataclasses import dataclass
from typing import Callable

import numpy as np

from posenc.attention import attention, softmax
from posenc.sinusoidal import frequencies, offset_rotation, sinusoidal, wavelengths

__all__ = [
    "CheckResult",
    "check_positions_column",
    "check_attention",
    "check_equivariance_test",
    "check_sinusoidal",
    "check_wavelength",
    "check_offset_rotation",
    "questions",
    "answer",
    "quiz",
    "recall",
]


@dataclass(frozen=True)
class CheckResult:
    """The verdict of a check: truthy when correct; displays as its one-line message."""

    passed: bool
    message: str
    attempted: bool = True

    def __bool__(self) -> bool:
        return self.passed

    def __repr__(self) -> str:
        return self.message


def _correct(detail: str) -> CheckResult:
    return CheckResult(True, f"Correct: {detail}")


def _not_yet(detail: str) -> CheckResult:
    return CheckResult(False, f"Not yet: {detail}")


def _not_attempted(name: str) -> CheckResult:
    return CheckResult(False, f"Not attempted yet: fill in {name}, then run this cell again.", attempted=False)


def _call(fn: Callable, name: str, *args) -> tuple[object, CheckResult | None]:
    """Call the learner's function; turn a stub or a crash into a verdict instead of an error."""
    try:
        return fn(*args), None
    except NotImplementedError:
        return None, _not_attempted(name)
    except Exception as exc:  # the learner's code may fail in any way; report it, do not raise
        shown = ", ".join(repr(a) if np.ndim(a) == 0 else f"array{np.shape(a)}" for a in args)
        return None, _not_yet(f"{name}({shown}) raised {type(exc).__name__}: {exc}")


def _as_array(value: object, name: str) -> tuple[np.ndarray | None, CheckResult | None]:
    try:
        arr = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        return None, _not_yet(f"{name} should return a numpy array; got {type(value).__name__}.")
    return arr, None


def _array_from(fn: Callable, name: str, *args, first_of_tuple: bool = False):
    """Run the learner's function and turn its result into a float array, or into a verdict."""
    value, verdict = _call(fn, name, *args)
    if verdict is not None:
        return None, verdict
    if first_of_tuple and isinstance(value, tuple):
        value = value[0]
    return _as_array(value, name)


def _first_mismatch(got: np.ndarray, expected: np.ndarray) -> tuple[int, int] | None:
    """(row, column) of the first cell that differs by more than 1e-6, or None if none does."""
    bad = np.argwhere(~np.isclose(got, expected, atol=1e-6))
    return None if bad.size == 0 else (int(bad[0][0]), int(bad[0][1]))


def _name_of(fn: Callable) -> str:
    return getattr(fn, "__name__", "your function")


def _diagnose(got: np.ndarray, expected: np.ndarray, suspects: dict[str, np.ndarray]) -> str | None:
    """Name the known mistake whose output matches `got`, if any."""
    for hint, wrong in suspects.items():
        if wrong.shape == got.shape and np.allclose(got, wrong, atol=1e-6):
            return hint
    return None


# --- 00 -------------------------------------------------------------------------------------

def check_positions_column(fn: Callable[[int], np.ndarray]) -> CheckResult:
    """Check a function ``fn(seq_len)`` that returns positions 0..seq_len-1 as a column.

    Examples
    --------
    >>> check_positions_column(lambda n: np.arange(n)[:, None])
    Correct: a (seq_len, 1) column 0, 1, ..., seq_len - 1 for seq_len = 1, 5 and 12.
    >>> check_positions_column(lambda n: np.arange(n))
    Not yet: for seq_len=1 the shape is (1,), expected (1, 1). Add a second axis: np.arange(seq_len)[:, None].
    """
    name = _name_of(fn)
    for seq_len in (1, 5, 12):
        got, verdict = _array_from(fn, name, seq_len)
        if verdict is not None:
            return verdict
        expected = np.arange(seq_len, dtype=float)[:, None]
        if got.shape != expected.shape:
            hint = " Add a second axis: np.arange(seq_len)[:, None]." if got.shape == (seq_len,) else ""
            if got.shape == (1, seq_len) and seq_len > 1:
                hint = " That is a row; the positions should run down a column: [:, None], not [None, :]."
            return _not_yet(f"for seq_len={seq_len} the shape is {got.shape}, expected {expected.shape}.{hint}")
        if not np.array_equal(got, expected):
            hint = " Positions count from 0." if np.array_equal(got, expected + 1) else ""
            return _not_yet(f"for seq_len={seq_len} got {got.ravel().tolist()}, expected {expected.ravel().tolist()}.{hint}")
    return _correct("a (seq_len, 1) column 0, 1, ..., seq_len - 1 for seq_len = 1, 5 and 12.")


# --- 01 -------------------------------------------------------------------------------------

def check_attention(fn: Callable) -> CheckResult:
    """Check ``fn(q, k, v)``, scaled dot-product attention returning the output (or (output, weights)).

    Examples
    --------
    >>> import posenc
    >>> check_attention(lambda q, k, v: posenc.attention(q, k, v)[0])
    Correct: matches posenc.attention on 3 cases (square, a single query, more keys than queries).
    >>> check_attention(lambda q, k, v: posenc.softmax(q @ k.T) @ v)
    Not yet: case 'square' (q (4, 8), k (4, 8), v (4, 8)): output row 0, column 0 is -0.3815, expected -0.2223. Scale the scores: divide q @ k.T by sqrt(d_head) before the softmax.
    """
    name = _name_of(fn)
    rng = np.random.default_rng(7)
    cases = {
        "square": (rng.normal(size=(4, 8)), rng.normal(size=(4, 8)), rng.normal(size=(4, 8))),
        "a single query": (rng.normal(size=(1, 2)), rng.normal(size=(3, 2)), rng.normal(size=(3, 5))),
        "more keys than queries": (rng.normal(size=(3, 6)), rng.normal(size=(7, 6)), rng.normal(size=(7, 2))),
    }
    for label, (q, k, v) in cases.items():
        got, verdict = _array_from(fn, name, q, k, v, first_of_tuple=True)
        if verdict is not None:
            return verdict
        expected, weights = attention(q, k, v)
        where = f"case {label!r} (q {q.shape}, k {k.shape}, v {v.shape})"
        if got.shape != expected.shape:
            hint = ""
            if got.shape == weights.shape:
                hint = " That is the shape of the weights: multiply them by v."
            return _not_yet(f"{where}: shape is {got.shape}, expected {expected.shape} (one row per query).{hint}")
        cell = _first_mismatch(got, expected)
        if cell is None:
            continue
        d = q.shape[-1]
        suspects = {
            "Scale the scores: divide q @ k.T by sqrt(d_head) before the softmax.": softmax(q @ k.T) @ v,
            "The softmax runs over the keys (the last axis), so that each row of weights sums to 1.":
                softmax(q @ k.T / np.sqrt(d), axis=0) @ v,
            "Divide by sqrt(d_head), not by d_head.": softmax(q @ k.T / d) @ v,
        }
        hint = _diagnose(got, expected, suspects)
        i, j = cell
        return _not_yet(f"{where}: output row {i}, column {j} is {got[i, j]:.4f}, expected {expected[i, j]:.4f}."
                        + (f" {hint}" if hint else ""))
    return _correct("matches posenc.attention on 3 cases (square, a single query, more keys than queries).")


def check_equivariance_test(fn: Callable) -> CheckResult:
    """Check the learner's test ``fn(f, x, perm) -> bool`` for permutation equivariance.

    It must answer True for self-attention, which is equivariant, and False for
    functions that are not (self-attention with positions added, a running sum).

    Examples
    --------
    >>> check_equivariance_test(lambda f, x, perm: np.allclose(f(x[perm]), f(x)[perm]))
    Correct: your test says yes to self-attention and no to both order-dependent functions.
    >>> check_equivariance_test(lambda f, x, perm: np.allclose(f(x[perm]), f(x)))
    Not yet: your test says self-attention is not equivariant. Compare f(x[perm]) with f(x)[perm]: the outputs move with the inputs.
    """
    from posenc.sinusoidal import sinusoidal as table

    name = _name_of(fn)
    rng = np.random.default_rng(11)
    x = rng.normal(size=(5, 4))  # (seq_len, d_model)
    perm = np.array([3, 0, 4, 1, 2])

    def self_attention(x):
        return attention(x, x, x)[0]

    def with_positions(x):
        y = x + table(*x.shape)
        return attention(y, y, y)[0]

    def running_sum(x):
        return np.cumsum(x, axis=0)

    for f, expected, hint in (
        (self_attention, True, "your test says self-attention is not equivariant. Compare f(x[perm]) with "
                               "f(x)[perm]: the outputs move with the inputs."),
        (with_positions, False, "your test says self-attention with positions added is equivariant, but adding "
                                "positions makes the output depend on order. Are you comparing f(x[perm]) with "
                                "f(x)[perm] using np.allclose?"),
        (running_sum, False, "your test says a running sum (np.cumsum over the rows) is equivariant, but "
                             "reordering the rows changes every partial sum."),
    ):
        value, verdict = _call(fn, name, f, x.copy(), perm.copy())
        if verdict is not None:
            return verdict
        if not isinstance(value, (bool, np.bool_)):
            return _not_yet(f"{name} should return True or False; got {value!r} of type {type(value).__name__}.")
        if bool(value) != expected:
            return _not_yet(hint)
    return _correct("your test says yes to self-attention and no to both order-dependent functions.")


# --- 02 -------------------------------------------------------------------------------------

def _sinusoidal_suspects(seq_len: int, d_model: int) -> dict[str, np.ndarray]:
    """Tables that common mistakes produce, each with the hint that names the mistake."""
    pos = np.arange(seq_len, dtype=float)[:, None]
    i = np.arange(d_model // 2)
    w = frequencies(d_model)
    right = sinusoidal(seq_len, d_model)
    swapped = np.empty_like(right)
    swapped[:, 0::2], swapped[:, 1::2] = right[:, 1::2], right[:, 0::2]
    def interleave(angles):
        out = np.empty((seq_len, d_model))
        out[:, 0::2], out[:, 1::2] = np.sin(angles), np.cos(angles)
        return out
    cols = np.arange(d_model)
    own_freq = np.where(cols % 2 == 0, np.sin(pos * 10000.0 ** (-cols / d_model)), np.cos(pos * 10000.0 ** (-cols / d_model)))
    return {
        "sin and cos are swapped: even columns (0, 2, ...) hold the sines.": swapped,
        "the sines and cosines are concatenated [sin | cos]; the formula interleaves them: sin in column 2i, cos in 2i + 1.":
            np.concatenate([np.sin(pos * w), np.cos(pos * w)], axis=1),
        "the frequency uses i instead of 2i: omega_i = base ** (-2 * i / d_model).": interleave(pos * 10000.0 ** (-i / d_model)),
        "the frequencies grow with i (a flipped exponent sign, or pos / omega_i): the angle is pos * omega_i, "
        "with omega_i = base ** (-2 * i / d_model) shrinking as i grows.": interleave(pos * 10000.0 ** (2 * i / d_model)),
        "each column has its own frequency; a sine column and the cosine after it share omega_i, with i = column // 2.":
            own_freq,
        "positions count from 0, not 1.": sinusoidal(seq_len + 1, d_model)[1:],
    }


def check_sinusoidal(fn: Callable[[int, int], np.ndarray]) -> CheckResult:
    """Check ``fn(seq_len, d_model)`` against :func:`posenc.sinusoidal` on several shapes.

    Examples
    --------
    >>> import posenc
    >>> check_sinusoidal(posenc.sinusoidal)
    Correct: matches the reference for (seq_len, d_model) = (8, 6), (1, 4), (6, 2), (3, 128).
    >>> check_sinusoidal(lambda n, d: posenc.sinusoidal(n, d).T)
    Not yet: for seq_len=8, d_model=6 the shape is (6, 8), expected (8, 6) (one row per position, one column per dimension).
    """
    name = _name_of(fn)
    shapes = [(8, 6), (1, 4), (6, 2), (3, 128)]
    for seq_len, d_model in shapes:
        got, verdict = _array_from(fn, name, seq_len, d_model)
        if verdict is not None:
            return verdict
        expected = sinusoidal(seq_len, d_model)
        where = f"for seq_len={seq_len}, d_model={d_model}"
        if got.shape != expected.shape:
            return _not_yet(f"{where} the shape is {got.shape}, expected {expected.shape} "
                            "(one row per position, one column per dimension).")
        cell = _first_mismatch(got, expected)
        if cell is None:
            continue
        pos, col = cell
        kind = "a sine column" if col % 2 == 0 else "a cosine column"
        hint = _diagnose(got, expected, _sinusoidal_suspects(seq_len, d_model))
        return _not_yet(f"{where}, first mismatch at position {pos}, column {col} ({kind}): "
                        f"got {got[pos, col]:.4f}, expected {expected[pos, col]:.4f}." + (f" Likely: {hint}" if hint else ""))
    listed = ", ".join(f"({n}, {d})" for n, d in shapes)
    return _correct(f"matches the reference for (seq_len, d_model) = {listed}.")


def check_wavelength(value: object, *, pair: int, d_model: int, base: float = 10_000.0) -> CheckResult:
    """Check a computed wavelength (in positions) of pair `pair` of a `d_model`-wide table.

    Examples
    --------
    >>> check_wavelength(2 * np.pi * 100, pair=12, d_model=48)
    Correct: pair 12 of d_model=48 has wavelength 2π / ω_12 = 628.32 positions.
    >>> check_wavelength(100.0, pair=12, d_model=48)
    Not yet: you gave 100.0000, expected 628.32. That is 1 / ω_12: a full turn is 2π radians, so the wavelength is 2π / ω_12.
    """
    expected = float(wavelengths(d_model, base=base)[pair])
    w = float(frequencies(d_model, base=base)[pair])
    if value is None or value is Ellipsis:
        return _not_attempted("your answer")
    try:
        got = float(value)
    except (TypeError, ValueError):
        return _not_yet(f"give a number; got {value!r}.")
    if np.isclose(got, expected, rtol=1e-3):
        return _correct(f"pair {pair} of d_model={d_model} has wavelength 2π / ω_{pair} = {expected:.2f} positions.")
    suspects = {
        f"That is 1 / ω_{pair}: a full turn is 2π radians, so the wavelength is 2π / ω_{pair}.": 1 / w,
        f"That is ω_{pair} itself, the frequency; the wavelength is 2π / ω_{pair}.": w,
        f"That uses i = {pair} where the formula has 2i: ω_i = base ** (-2i / d_model).": 2 * np.pi * base ** (pair / d_model),
        f"That treats {2 * pair} (the column index) as the pair index; pair {pair} covers columns {2 * pair} and "
        f"{2 * pair + 1}, and ω_{pair} = base ** (-2·{pair} / d_model).": 2 * np.pi * base ** (2 * (2 * pair) / d_model),
    }
    hint = next((h for h, v in suspects.items() if np.isclose(got, v, rtol=1e-3)), "")
    return _not_yet(f"you gave {got:.4f}, expected {expected:.2f}." + (f" {hint}" if hint else ""))


# --- 03 -------------------------------------------------------------------------------------

def check_offset_rotation(fn: Callable[[int, int], np.ndarray]) -> CheckResult:
    """Check ``fn(k, d_model)``, the matrix with ``M @ PE[p] == PE[p + k]`` for every p.

    Examples
    --------
    >>> import posenc
    >>> check_offset_rotation(posenc.offset_rotation)
    Correct: M @ PE[p] == PE[p + k] for every p, for (k, d_model) = (1, 2), (3, 8), (-2, 6), (0, 4).
    >>> check_offset_rotation(lambda k, d: posenc.offset_rotation(k, d).T)
    Not yet: for k=1, d_model=2, M[0, 1] is -0.8415, expected 0.8415. It rotates the wrong way: swap the signs of the two sin entries in each block.
    """
    name = _name_of(fn)
    for k, d_model in [(1, 2), (3, 8), (-2, 6), (0, 4)]:
        got, verdict = _array_from(fn, name, k, d_model)
        if verdict is not None:
            return verdict
        expected = offset_rotation(k, d_model)
        where = f"for k={k}, d_model={d_model}"
        if got.shape != expected.shape:
            return _not_yet(f"{where} the shape is {got.shape}, expected {expected.shape} (it maps one row to another).")
        cell = _first_mismatch(got, expected)
        if cell is None:
            continue
        r, c = cell
        pairs = np.arange(d_model // 2)
        one_speed = np.zeros_like(expected)
        one_speed[2 * pairs, 2 * pairs] = one_speed[2 * pairs + 1, 2 * pairs + 1] = np.cos(k)
        one_speed[2 * pairs, 2 * pairs + 1], one_speed[2 * pairs + 1, 2 * pairs] = np.sin(k), -np.sin(k)
        hint = _diagnose(got, expected, {
            "It rotates the wrong way: swap the signs of the two sin entries in each block.": expected.T,
            "Every pair turns at its own speed: the angle of block i is k * omega_i, not k.": one_speed,
        })
        return _not_yet(f"{where}, M[{r}, {c}] is {got[r, c]:.4f}, expected {expected[r, c]:.4f}." + (f" {hint}" if hint else ""))
    return _correct("M @ PE[p] == PE[p + k] for every p, for (k, d_model) = (1, 2), (3, 8), (-2, 6), (0, 4).")


# --- questions --------------------------------------------------------------------------------

def questions() -> dict[str, dict]:
    """All questions of the course, by id (read from ``posenc/data/questions.json``)."""
    with open(os.path.join(os.path.dirname(__file__), "data", "questions.json"), encoding="utf-8") as fh:
        return json.load(fh)


def _question(question_id: str, kind: str) -> dict:
    bank = questions()
    if question_id not in bank:
        raise KeyError(f"no question with id {question_id!r}; known ids: {', '.join(sorted(bank))}.")
    q = bank[question_id]
    if q["kind"] != kind:
        raise ValueError(f"question {question_id!r} is a {q['kind']} question, not a {kind} one.")
    return q


def _feedback(q: dict, choice: str) -> CheckResult:
    keys = [o["key"] for o in q["options"]]
    if choice not in keys:
        return CheckResult(False, f"Not answered yet: replace {choice!r} with one of {', '.join(keys)}.", attempted=False)
    option = next(o for o in q["options"] if o["key"] == choice)
    if option["correct"]:
        return CheckResult(True, f"Correct ({choice}): {option['explanation']}")
    return CheckResult(False, f"Not quite ({choice}): {option['explanation']} Try another option.")


def answer(question_id: str, choice: str) -> CheckResult:
    """Answer a multiple-choice question in code; returns the feedback for that choice.

    Examples
    --------
    >>> answer("02-fastest", "a").passed
    True
    >>> answer("02-fastest", "?")
    Not answered yet: replace '?' with one of a, b, c, d.
    """
    return _feedback(_question(question_id, "mcq"), str(choice).strip().lower())


def _static_mcq_html(q: dict) -> str:
    items = "".join(f"<li><b>{o['key']}</b>. {html.escape(o['text'])}</li>" for o in q["options"])
    return f"<p><b>Quiz.</b> {html.escape(q['prompt'])}</p><ul style='list-style:none'>{items}</ul>"


def quiz(question_id: str):
    """A multiple-choice question as a widget: options, a Check button, and feedback.

    Where widgets cannot run, the question and its options still show as HTML.

    Examples
    --------
    >>> w = quiz("02-fastest")
    >>> w.choices.value = "a"
    >>> w.check.click()
    >>> w.feedback.value.startswith("<b>Correct (a)")
    True
    """
    import ipywidgets

    from posenc.widgets import Panel

    q = _question(question_id, "mcq")
    # The options' text goes in the HTML (it wraps); the radio buttons carry only the letters,
    # since a long radio label does not wrap and overlaps the next one.
    prompt = ipywidgets.HTML(_static_mcq_html(q))
    choices = ipywidgets.RadioButtons(options=[o["key"] for o in q["options"]], value=None,
                                      description="Your answer:", style={"description_width": "initial"})
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
    box = Panel([prompt, choices, check, feedback], static_html=lambda: _static_mcq_html(q))
    box.choices, box.check, box.feedback = choices, check, feedback
    return box


def recall(question_id: str):
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
    import ipywidgets

    from posenc.widgets import Panel

    q = _question(question_id, "recall")
    static = (f"<p><b>Recall.</b> {html.escape(q['prompt'])}</p><details><summary>Model answer</summary>"
              f"{html.escape(q['answer'])}</details>")
    prompt = ipywidgets.HTML(f"<b>Recall.</b> {html.escape(q['prompt'])}")
    notes = ipywidgets.Textarea(placeholder="Your answer, in your own words (not checked)",
                                layout=ipywidgets.Layout(width="90%", height="4em"))
    reveal = ipywidgets.Button(description="Reveal the model answer", layout=ipywidgets.Layout(width="auto"))
    model = ipywidgets.HTML(f"<b>Model answer.</b> {html.escape(q['answer'])}",
                            layout=ipywidgets.Layout(display="none"))

    def on_click(_):
        model.layout.display = None
        reveal.disabled = True

    reveal.on_click(on_click)
    box = Panel([prompt, notes, reveal, model], static_html=lambda: static)
    box.reveal, box.answer, box.notes = reveal, model, notes
    return box
