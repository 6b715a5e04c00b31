"""Each checker accepts the reference, names each known mistake, and never raises."""

import numpy as np
import pytest

import posenc
from posenc import checks


def stub(*args):
    raise NotImplementedError("Fill in my_function, then run the check below.")


def interleave(angles):
    out = np.empty((angles.shape[0], 2 * angles.shape[1]))
    out[:, 0::2], out[:, 1::2] = np.sin(angles), np.cos(angles)
    return out


class TestCheckSinusoidal:
    def test_reference_passes(self):
        result = checks.check_sinusoidal(posenc.sinusoidal)
        assert result and result.message.startswith("Correct")

    def test_stub_is_not_attempted(self):
        result = checks.check_sinusoidal(stub)
        assert not result and not result.attempted
        assert result.message == "Not attempted yet: fill in stub, then run this cell again."

    @pytest.mark.parametrize("mistake, hint", [
        (lambda n, d: posenc.sinusoidal(n, d).T, "shape is (6, 8), expected (8, 6)"),
        (lambda n, d: posenc.sinusoidal(n, d)[:, np.arange(d) ^ 1], "sin and cos are swapped"),
        (lambda n, d: np.concatenate([np.sin(np.arange(n)[:, None] * posenc.frequencies(d)),
                                      np.cos(np.arange(n)[:, None] * posenc.frequencies(d))], axis=1),
         "concatenated"),
        (lambda n, d: interleave(np.arange(n)[:, None] * 10000.0 ** (-np.arange(d // 2) / d)), "uses i instead of 2i"),
        (lambda n, d: interleave(np.arange(n)[:, None] * 10000.0 ** (np.arange(0, d, 2) / d)), "frequencies grow with i"),
        (lambda n, d: posenc.sinusoidal(n + 1, d)[1:], "count from 0"),
        (lambda n, d: interleave(np.arange(n)[:, None] / posenc.frequencies(d)), "frequencies grow with i"),
    ])
    def test_names_the_mistake(self, mistake, hint):
        result = checks.check_sinusoidal(mistake)
        assert not result and hint in result.message, result.message

    def test_unknown_mistake_gets_the_first_differing_cell(self):
        result = checks.check_sinusoidal(lambda n, d: posenc.sinusoidal(n, d) * 0.5)
        assert result.message == ("Not yet: for seq_len=8, d_model=6, first mismatch at position 0, column 1 "
                                  "(a cosine column): got 0.5000, expected 1.0000.")

    def test_a_crash_is_reported_not_raised(self):
        result = checks.check_sinusoidal(lambda n, d: 1 / 0)
        assert not result and "raised ZeroDivisionError: division by zero" in result.message


class TestCheckAttention:
    def test_reference_passes_returning_output_or_pair(self):
        assert checks.check_attention(lambda q, k, v: posenc.attention(q, k, v)[0])
        assert checks.check_attention(posenc.attention)

    @pytest.mark.parametrize("mistake, hint", [
        (lambda q, k, v: posenc.softmax(q @ k.T) @ v, "divide q @ k.T by sqrt(d_head)"),
        (lambda q, k, v: posenc.softmax(q @ k.T / np.sqrt(q.shape[-1]), axis=0) @ v, "over the keys"),
        (lambda q, k, v: posenc.softmax(q @ k.T / q.shape[-1]) @ v, "not by d_head"),
        (lambda q, k, v: posenc.attention(q, k, v)[1], "shape of the weights"),
    ])
    def test_names_the_mistake(self, mistake, hint):
        result = checks.check_attention(mistake)
        assert not result and hint in result.message, result.message

    def test_stub(self):
        assert checks.check_attention(stub).message.startswith("Not attempted yet")


class TestCheckEquivarianceTest:
    def test_right_test_passes(self):
        assert checks.check_equivariance_test(lambda f, x, p: bool(np.allclose(f(x[p]), f(x)[p])))

    def test_comparing_with_unpermuted_output_is_caught(self):
        result = checks.check_equivariance_test(lambda f, x, p: bool(np.allclose(f(x[p]), f(x))))
        assert not result and "f(x)[perm]" in result.message

    def test_a_test_that_always_says_yes_is_caught(self):
        result = checks.check_equivariance_test(lambda f, x, p: True)
        assert not result and "positions added" in result.message

    def test_non_boolean_answer_is_caught(self):
        result = checks.check_equivariance_test(lambda f, x, p: f(x[p]) - f(x)[p])
        assert not result and "should return True or False" in result.message


class TestCheckWavelength:
    def test_right_value(self):
        assert checks.check_wavelength(2 * np.pi * 100, pair=12, d_model=48)

    @pytest.mark.parametrize("value, hint", [(100.0, "That is 1 / ω_12"), (0.01, "the frequency"),
                                             (2 * np.pi * 10, "uses i = 12 where the formula has 2i")])
    def test_names_the_mistake(self, value, hint):
        result = checks.check_wavelength(value, pair=12, d_model=48)
        assert not result and hint in result.message

    def test_placeholder_is_not_attempted(self):
        assert checks.check_wavelength(..., pair=12, d_model=48).message.startswith("Not attempted yet")

    def test_text_is_reported(self):
        assert "give a number" in checks.check_wavelength("six", pair=0, d_model=4).message


class TestCheckOffsetRotation:
    def test_reference_passes(self):
        assert checks.check_offset_rotation(posenc.offset_rotation)

    def test_transposed_blocks_rotate_the_wrong_way(self):
        result = checks.check_offset_rotation(lambda k, d: posenc.offset_rotation(k, d).T)
        assert not result and "rotates the wrong way" in result.message

    def test_one_speed_for_all_pairs_is_caught(self):
        def one_speed(k, d):
            M = np.zeros((d, d))
            for i in range(d // 2):
                c, s = np.cos(k), np.sin(k)
                M[2 * i:2 * i + 2, 2 * i:2 * i + 2] = [[c, s], [-s, c]]
            return M
        result = checks.check_offset_rotation(one_speed)
        assert not result and "its own speed" in result.message


class TestCheckPositionsColumn:
    def test_reference_passes(self):
        assert checks.check_positions_column(lambda n: np.arange(n)[:, None])

    @pytest.mark.parametrize("mistake, hint", [(lambda n: np.arange(n), "[:, None]"),
                                               (lambda n: np.arange(1, n + 1)[:, None], "count from 0"),
                                               (lambda n: np.arange(n)[None, :], "That is a row")])
    def test_names_the_mistake(self, mistake, hint):
        result = checks.check_positions_column(mistake)
        assert not result and hint in result.message, result.message


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
        with pytest.raises(KeyError, match="no question with id 'nope'"):
            checks.answer("nope", "a")

    def test_quiz_widget_gives_the_same_feedback(self):
        w = checks.quiz("03-coarse-position")
        w.choices.value = "a"
        w.check.click()
        assert w.feedback.value.startswith("<b>Not quite (a)</b>")
        w.choices.value = "b"
        w.check.click()
        assert w.feedback.value.startswith("<b>Correct (b)</b>")

    def test_recall_reveals_the_model_answer_on_request(self):
        w = checks.recall("01-equivariance")
        assert w.answer.layout.display == "none"
        w.reveal.click()
        assert w.answer.layout.display is None and w.reveal.disabled
