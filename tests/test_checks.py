"""What particular checkers say; the rules every checker keeps are in test_checkers.py."""

import re

import numpy as np
import pytest

import posenc
from posenc import checks, widgets


class TestMessages:
    def test_an_unknown_mistake_gets_the_first_differing_cell_and_what_was_measured(self):
        result = checks.check_sinusoidal(lambda n, d: posenc.sinusoidal(n, d) * 0.5)
        assert result.message == (
            "Not yet: for seq_len=8, d_model=6, first mismatch at position 0, column 1 "
            "(a cosine column): got 0.5000, expected 1.0000. Measured over 4096 positions: every column is scaled by 0.5."
        )

    def test_a_crash_is_reported_with_its_arguments(self):
        def my_sinusoidal(seq_len, d_model):
            return 1 / 0

        result = checks.check_sinusoidal(my_sinusoidal)
        assert result.message == "Not yet: my_sinusoidal(8, 6) raised ZeroDivisionError: division by zero."

    def test_the_wrong_number_of_parameters_is_named(self):
        def my_sinusoidal(seq_len):
            return np.zeros((seq_len, 4))

        result = checks.check_sinusoidal(my_sinusoidal)
        assert result.message == (
            "Not yet: my_sinusoidal should take 2 parameters (seq_len, d_model); yours takes (seq_len)."
        )

    def test_attention_may_return_the_output_or_the_pair(self):
        assert checks.check_attention(lambda q, k, v: posenc.attention(q, k, v)[0])
        assert checks.check_attention(posenc.attention)

    def test_an_exact_equivariance_test_is_told_to_use_allclose(self):
        result = checks.check_equivariance_test(lambda f, x, p: bool((f(x[p]) == f(x)[p]).all()))
        assert "compare with np.allclose" in result.message

    def test_a_wavelength_given_as_a_one_element_array_counts(self):
        assert checks.check_wavelength(np.array([2 * np.pi * 100]), pair=12, d_model=48)


class TestQuestions:
    def test_each_mcq_has_one_correct_option_and_every_option_explains_itself(self):
        for qid, q in checks.questions().items():
            assert q["kind"] in {"mcq", "recall"}, qid
            assert q["prompt"].strip(), qid
            if q["kind"] == "mcq":
                assert sum(o["correct"] for o in q["options"]) == 1, qid
                assert len(q["options"]) >= 3, qid
                assert all(o["explanation"].strip() and o["text"].strip() for o in q["options"]), qid
                assert len({o["key"] for o in q["options"]}) == len(q["options"]), qid
            else:
                assert q["answer"].strip(), qid

    def test_answer_gives_each_options_explanation(self):
        q = checks.questions()["02-fastest"]
        for option in q["options"]:
            result = checks.answer("02-fastest", option["key"])
            assert bool(result) == option["correct"] and option["explanation"] in result.message

    def test_unknown_question_id(self):
        with pytest.raises(
            ValueError, match="question_id must be the id of a question in the bank; got question_id=.nope."
        ):
            checks.answer("nope", "a")

    def test_a_recall_prompt_is_not_a_quiz(self):
        with pytest.raises(ValueError, match="'02-why-even' is a recall question, not a mcq one"):
            widgets.quiz("02-why-even")

    def test_quiz_widget_gives_the_same_feedback(self):
        w = widgets.quiz("03-coarse-position")
        w.check.click()
        assert w.feedback.value == "Pick an option first."
        options = checks.questions()["03-coarse-position"]["options"]
        right = next(o["key"] for o in options if o["correct"])
        wrong = next(o["key"] for o in options if not o["correct"])
        w.choices.value = wrong
        w.check.click()
        assert w.feedback.value.startswith(f"<b>Not quite ({wrong})</b>")
        w.choices.value = right
        w.check.click()
        assert w.feedback.value.startswith(f"<b>Correct ({right})</b>")

    def test_recall_reveals_the_model_answer_on_request(self):
        w = widgets.recall("01-equivariance")
        assert w.answer.layout.display == "none"
        w.reveal.click()
        assert w.answer.layout.display is None and w.reveal.disabled


def test_the_right_option_is_seldom_the_longest():
    mcqs = [q for q in checks.questions().values() if q["kind"] == "mcq"]
    longest = 0
    for q in mcqs:
        lengths = [len(o["text"]) for o in q["options"]]
        right = next(len(o["text"]) for o in q["options"] if o["correct"])
        longest += right == max(lengths)
        assert max(lengths) <= 2.5 * min(lengths), q["prompt"]  # no option stands out by its length
    assert longest <= len(mcqs) / 3


def test_every_question_is_asked_in_a_lesson():
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    lessons = "".join(p.read_text(encoding="utf-8") for p in (root / "notebooks").glob("*.ipynb"))
    for qid in checks.questions():
        assert f'\\"{qid}\\"' in lessons, qid


def test_attention_returning_a_pair_must_give_the_weights_second():
    result = checks.check_attention(lambda q, k, v: (posenc.attention(q, k, v)[0], 0))
    assert not result and "second item is not the (4, 4) weights" in result.message


MCQS = {qid: q for qid, q in checks.questions().items() if q["kind"] == "mcq"}


def test_no_position_holds_more_than_30_percent_of_the_right_answers():
    # keys are fixed in questions.json (not shuffled at display: nbval, the text fallback and a class's
    # "everyone pick b" need one order), so they are balanced there
    keys = [next(o["key"] for o in q["options"] if o["correct"]) for q in MCQS.values()]
    counts = {key: keys.count(key) for key in "abcd"}
    assert max(counts.values()) <= 0.3 * len(keys), counts


def test_trying_a_then_b_does_not_pass_every_lesson():
    lessons = {}
    for qid, q in MCQS.items():
        lessons.setdefault(qid[:2], []).append(next(o["key"] for o in q["options"] if o["correct"]))
    passed = [number for number, keys in lessons.items() if len(keys) > 1 and set(keys) <= {"a", "b"}]
    assert passed == [], f"lessons whose every quiz answer is a or b: {passed}"


HEDGES = re.compile(r"\b(may|might|can|could|often|usually|mostly|about|roughly|likely|typically|some|tends?)\b", re.I)


def test_the_right_option_is_seldom_the_only_hedged_one():
    only = [
        qid for qid, q in MCQS.items() if [o["correct"] for o in q["options"] if HEDGES.search(o["text"])] == [True]
    ]
    assert len(only) <= len(MCQS) / 6, only


def test_no_explanation_points_at_another_option_by_its_letter():
    # a letter changes whenever options move; say what the other option claims instead
    letter = re.compile(r"\b(options?|answers?|choices?) \(?[a-d]\)?(\W|$)|\([a-d]\)|(^|\s)[a-d]\)\s", re.I)
    for qid, q in MCQS.items():
        for option in q["options"]:
            assert not letter.search(option["explanation"]), (qid, option["key"], option["explanation"])
