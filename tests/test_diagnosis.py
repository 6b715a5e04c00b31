"""Checkers that describe mistakes nobody listed, by measuring the learner's output.

Each wrong implementation here makes a mistake that no checker has a prepared
version of; its verdict must still say, truly, what differs. The measuring itself
(posenc.checks.measure) is tested against sinusoids whose every number is known, and
the phrasing (posenc.checks.phrasing) on ratios and lists of columns.
"""

import re
import time
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import posenc
from posenc import capstone, checks
from posenc.checks import measure, phrasing
from posenc.checks.engine import MESSAGE_LIMIT
from posenc.checks.t5_bucket import CASES as T5_CASES
from tests.helpers import interleave, positions


def angles(n, d):
    return positions(n) * posenc.frequencies(d)


def overlapping_blocks(k, d):
    """Each pair's block written at [i:i+2, i:i+2], where [2i:2i+2, 2i:2i+2] belongs."""
    M = np.zeros((d, d))
    for i, w in enumerate(posenc.frequencies(d)):
        c, s = np.cos(k * w), np.sin(k * w)
        M[i : i + 2, i : i + 2] = [[c, s], [-s, c]]
    return M


def last_pair_swapped(n, d):
    table = posenc.sinusoidal(n, d)
    table[:, [-2, -1]] = table[:, [-1, -2]]
    return table


def cos_as_one_minus_sin(n, d):
    table = interleave(angles(n, d))
    table[:, 1::2] = 1 - table[:, 0::2]
    return table


def only_sines(n, d):
    table = np.zeros((n, d))
    table[:, 0::2] = np.sin(angles(n, d))
    return table


def cos_written_over_sin(n, d):
    table = np.zeros((n, d))
    table[:, 0::2] = np.sin(angles(n, d))
    table[:, 0::2] = np.cos(angles(n, d))
    return table


def table_in_ints(n, d):
    table = np.zeros((n, d), dtype=int)
    table[:, 0::2], table[:, 1::2] = np.sin(angles(n, d)), np.cos(angles(n, d))
    return table


def divided_by_position(n, d):
    return posenc.sinusoidal(n, d) / positions(n)


# Each unlisted mistake, and the words its verdict must hold (in the d_model = 6 table it fails on first).
TABLES = {
    "base 1000": (
        lambda n, d: posenc.sinusoidal(n, d, base=1000.0),
        ["columns 2–5 turn too fast", "2.2× (columns 2–3)", "4.6× (columns 4–5)", "as if the base were 1000"],
    ),
    "amplitude 0.5": (lambda n, d: 0.5 * posenc.sinusoidal(n, d), ["every column is scaled by 0.5"]),
    "every angle + 0.3": (lambda n, d: interleave(angles(n, d) + 0.3), ["every angle is 0.3 rad ahead"]),
    "last pair swapped": (last_pair_swapped, ["columns 4–5 have sine and cosine swapped"]),
    "columns reversed": (lambda n, d: posenc.sinusoidal(n, d)[:, ::-1], ["the columns are in reverse order"]),
    "cos as 1 - sin": (cos_as_one_minus_sin, ["the cosine columns (1, 3, 5) hold 1 − sin where cos belongs"]),
    "angles doubled": (lambda n, d: interleave(2 * angles(n, d)), ["every column turns 2× too fast"]),
    "radians of radians": (
        lambda n, d: interleave(np.radians(angles(n, d))),
        ["every pair turns 57.3× too slow: the angles were converted from degrees to radians"],
    ),
    "positions from -1": (
        lambda n, d: interleave((positions(n) - 1) * posenc.frequencies(d)),
        ["every column is shifted by 1 position: row p holds position p − 1"],
    ),
    "mirrored": (lambda n, d: -posenc.sinusoidal(n, d), ["every column is mirrored"]),
    "offset": (lambda n, d: posenc.sinusoidal(n, d) + 0.1, ["every column is offset by +0.1"]),
    "only sines": (only_sines, ["the cosine columns (1, 3, 5) stay at 0 (never filled in?)"]),
    "cos written over sin": (cos_written_over_sin, ["the sine columns (0, 2, 4) hold cos where sin belongs"]),
    "no sin or cos": (lambda n, d: np.repeat(angles(n, d), 2, axis=1), ["every column runs in a straight line"]),
    "divided by the position": (divided_by_position, ["every column holds NaN or inf (first at position 0)"]),
    "d_model - 1": (
        lambda n, d: interleave(positions(n) * 10000.0 ** (-np.arange(0, d, 2) / (d - 1))),
        ["columns 2–5 turn too slow", "as if the base were 63100"],
    ),
    "an int table": (table_in_ints, ["your table has dtype int", "truncates the sines and cosines"]),
}


def run(check, answer):
    """Run a checker as a notebook would: no warning may leak, and the verdict stays readable."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = check(answer)
    assert not caught, [str(w.message) for w in caught]
    assert len(result.message) < MESSAGE_LIMIT, result.message
    return result


def test_the_verdict_still_opens_with_the_first_mismatch():
    result = run(checks.check_sinusoidal, TABLES["amplitude 0.5"][0])
    assert result.message.startswith("Not yet: for seq_len=8, d_model=6, first mismatch at position 0, column 1")


@pytest.mark.parametrize("label", [label for label in TABLES if label != "an int table"])
def test_an_unlisted_table_mistake_names_no_listed_one(label):
    assert "Likely:" not in run(checks.check_sinusoidal, TABLES[label][0]).message


@given(st.floats(100.0, 1e5))
def test_another_base_is_measured_column_by_column(base):
    result = run(checks.check_sinusoidal, lambda n, d: posenc.sinusoidal(n, d, base=base))
    if result.passed:  # so close to 10000 that no entry differs by 1e-6
        assert abs(base / 10000 - 1) < 1e-5
        return
    said = re.search(r"as if the base were ([\d.]+), not 10000", result.message)
    assert said and abs(float(said[1]) / base - 1) < 0.005, result.message  # 3 significant digits
    for pair in (1, 2):  # every column's speed ratio, to 2 digits: pair 1 in columns 2–3, pair 2 in columns 4–5
        reported = re.search(rf"([\d.e+-]+)(×|%) \(columns {2 * pair}–{2 * pair + 1}\)", result.message)
        truth = (10000 / base) ** (2 * pair / 6)
        truth = max(truth, 1 / truth)
        value = float(reported[1]) if reported[2] == "×" else 1 + float(reported[1]) / 100
        assert abs(value - truth) <= 0.05 * (truth - 1 if reported[2] == "%" else truth), result.message
    assert ("too fast" if base < 10000 else "too slow") in result.message


@given(st.integers(-3, 3).filter(bool))
def test_a_shift_by_any_number_of_positions_is_measured(shift):
    result = run(checks.check_sinusoidal, lambda n, d: interleave((positions(n) + shift) * posenc.frequencies(d)))
    moved = f"row p holds position p {'+' if shift > 0 else '−'} {abs(shift)}"
    assert f"shifted by {abs(shift)} position" in result.message and moved in result.message, result.message
    assert ("Likely: positions count from 0" in result.message) == (shift == 1)


def test_a_mistake_only_in_wide_tables_is_measured_at_that_width():
    def wrong(n, d):
        return posenc.sinusoidal(n, d, base=1000.0 if d > 100 else 10000.0)

    result = run(checks.check_sinusoidal, wrong)
    assert (
        "d_model=128" in result.message
        and "Measured over 1024 positions: columns 2–127 turn too fast" in result.message
    )


def test_a_slow_function_gets_the_same_message_as_a_fast_one():
    # the measurement never depends on the machine's speed: a class of 40 sees one message
    def slow(n, d):
        time.sleep(0.05 if n >= 256 else 0)
        return 0.5 * posenc.sinusoidal(n, d)

    fast = run(checks.check_sinusoidal, lambda n, d: 0.5 * posenc.sinusoidal(n, d))
    assert run(checks.check_sinusoidal, slow).message == fast.message
    assert "Measured over 4096 positions: every column is scaled by 0.5." in fast.message


def test_a_function_that_gives_no_long_table_gets_the_first_mismatch_only():
    result = run(checks.check_sinusoidal, lambda n, d: 0.5 * posenc.sinusoidal(8, d))
    assert result.message.endswith("got 0.5000, expected 1.0000.")


def test_a_table_right_when_long_says_only_some_sizes_go_wrong():
    result = run(checks.check_sinusoidal, lambda n, d: posenc.sinusoidal(n, d) + (n == 8))
    assert "Your table for seq_len=4096, d_model=6 is right, though" in result.message


def softmax(x, axis=-1):
    return posenc.softmax(x, axis=axis)


def scaled(q):
    return np.sqrt(q.shape[-1])


ATTENTION = {
    "temperature 2": (
        lambda q, k, v: softmax(q @ k.T / (2 * scaled(q))) @ v,
        ["the scores are divided by 8 = 2 × sqrt(d_head),"],
    ),
    "divided by sqrt(number of keys)": (
        lambda q, k, v: softmax(q @ k.T / np.sqrt(len(k))) @ v,
        ["divided by 2.236 = sqrt(the number of keys)", "where a division by sqrt(d_head) = 4 belongs"],
    ),
    "multiplied by sqrt(d_head)": (
        lambda q, k, v: softmax(q @ k.T * scaled(q)) @ v,
        ["the scores are multiplied by 4 = sqrt(d_head)"],
    ),
    "scaled after the softmax": (
        lambda q, k, v: softmax(q @ k.T) / scaled(q) @ v,
        [
            "the rows of weights sum to 0.25, not 1 (1 / sqrt(d_head): the division by sqrt(d_head) came after the softmax",
            "Scale the scores",
        ],
    ),
    "exp with no sum": (lambda q, k, v: np.exp(q @ k.T / scaled(q)) @ v, ["divide each row by its own sum"]),
    "one sum for all": (
        lambda q, k, v: (lambda e: e / e.sum())(np.exp(q @ k.T / scaled(q))) @ v,
        ["all the weights together sum to 1"],
    ),
    "scores negated": (
        lambda q, k, v: softmax(-q @ k.T / scaled(q)) @ v,
        ["multiplied by -0.25: the weights favour the keys least like the query"],
    ),
    "no softmax and unscaled": (
        lambda q, k, v: (q @ k.T) @ v,
        ["the weights are the scores themselves, with no softmax", "divided by 1 (no scaling)"],
    ),
    "a constant added": (lambda q, k, v: posenc.attention(q, k, v)[0] + 0.1, ["the output is not weights @ v"]),
    "an int output": (
        lambda q, k, v: posenc.attention(q, k, v)[0].astype(int),
        ["Your output has dtype int", "truncates the outputs"],
    ),
}


def test_attention_that_fails_on_the_chosen_inputs_is_compared_with_the_listed_mistakes():
    def square_only(q, k, v):
        assert len(q) == len(k), "only square"
        return softmax(q @ k.T) @ v

    result = run(checks.check_attention, square_only)
    assert "Measured" not in result.message
    assert result.message.endswith("Scale the scores: divide q @ k.T by sqrt(d_head) before the softmax.")


@given(st.floats(0.1, 10.0).filter(lambda t: abs(t - 1) > 1e-3))
def test_any_temperature_is_measured(temperature):
    result = run(checks.check_attention, lambda q, k, v: softmax(q @ k.T / (temperature * scaled(q))) @ v)
    if result.passed:  # too close to 1 for any output to differ by 1e-6
        return
    said = re.search(r"the scores are (divided|multiplied) by ([\d.]+)", result.message)
    divisor = float(said[2]) if said[1] == "divided" else 1 / float(said[2])
    assert abs(divisor / (4 * temperature) - 1) < 1e-3, result.message


ROTATIONS = {
    "base 1000": (
        lambda k, d: posenc.offset_rotation(k, d, base=1000.0),
        ["blocks 1–3 turn too far", "as if the base were 1000, not 10000"],
    ),
    "one offset too many": (lambda k, d: posenc.offset_rotation(k + 1, d), ["moves every row 2 positions on, not 1"]),
    "the identity": (lambda k, d: np.eye(d), ["moves every row 0 positions, not 1 position on"]),
    "scaled": (lambda k, d: 2 * posenc.offset_rotation(k, d), ["block 0 is scaled by 2"]),
    "no minus sign": (
        lambda k, d: np.abs(posenc.offset_rotation(k, d)),
        ["two sin entries that are not opposite (s and −s)"],
    ),
    "never filled": (lambda k, d: np.zeros((d, d)), ["block 0 is all 0 (never filled in?)"]),
    "blocks off the diagonal": (
        lambda k, d: np.roll(posenc.offset_rotation(k, d), 2, axis=1),
        ["the blocks sit off the diagonal: rows 0–1 have their block in columns 2–3"],
    ),
    "overlapping blocks": (
        overlapping_blocks,
        ["rows and columns 2i, 2i + 1, not i, i + 1: placed at i, the blocks overlap"],
    ),
    "an int matrix": (
        lambda k, d: posenc.offset_rotation(k, d).astype(int),
        ["Your M has dtype int", "truncates cos and sin"],
    ),
}


UNLISTED = [
    (check, label, *cases[label])
    for check, cases in (
        (checks.check_sinusoidal, TABLES),
        (checks.check_attention, ATTENTION),
        (checks.check_offset_rotation, ROTATIONS),
    )
    for label in cases
]


@pytest.mark.parametrize("check, label, wrong, words", UNLISTED, ids=[f"{c.__name__}-{lbl}" for c, lbl, *_ in UNLISTED])
def test_an_unlisted_mistake_is_described(check, label, wrong, words):
    result = run(check, wrong)
    assert not result.passed
    for said in words:
        assert said in result.message, result.message


@given(st.floats(100.0, 1e5).filter(lambda b: abs(b / 10000 - 1) > 1e-3))
def test_a_rotation_with_another_base_is_measured(base):
    result = run(checks.check_offset_rotation, lambda k, d: posenc.offset_rotation(k, d, base=base))
    said = re.search(r"as if the base were ([\d.]+), not 10000", result.message)
    assert said and abs(float(said[1]) / base - 1) < 0.005, result.message


class TestMeasure:
    @given(
        st.floats(1e-3, 3.0),
        st.floats(0.1, 10.0),
        st.floats(-np.pi, np.pi, exclude_max=True),
        st.floats(-5.0, 5.0),
        st.sampled_from([256, 1024, 4096]),
    )
    def test_a_known_wave_is_read_back(self, speed, amplitude, phase, offset, n):
        p = np.arange(n)
        wave = measure.measure_wave(amplitude * np.sin(speed * p + phase) + offset)
        assert wave.speed == pytest.approx(speed, rel=1e-6)
        assert wave.amplitude == pytest.approx(amplitude, rel=1e-6)
        assert abs(measure.wrap(wave.phase - phase)) < 1e-6
        assert wave.offset == pytest.approx(offset, abs=1e-6 * (amplitude + abs(offset)))
        assert wave.error < 1e-9 * (amplitude + abs(offset))

    @given(st.floats(1e-4, 3e-3), st.floats(-np.pi, np.pi, exclude_max=True))
    def test_a_slow_wave_that_turns_less_than_once_is_read_back(self, speed, phase):
        wave = measure.measure_wave(np.sin(speed * np.arange(4096) + phase))
        assert wave.speed == pytest.approx(speed, rel=1e-6) and abs(measure.wrap(wave.phase - phase)) < 1e-6

    def test_whole_positions_read_a_speed_above_pi_as_its_echo(self):
        wave = measure.measure_wave(np.sin(5.0 * np.arange(100)))  # sin(5p) == -sin((2π - 5) p) at whole p
        assert wave.speed == pytest.approx(2 * np.pi - 5.0) and abs(measure.wrap(wave.phase - np.pi)) < 1e-9

    @pytest.mark.parametrize("size", [1e-300, 1e300])
    def test_any_size_of_numbers_is_read(self, size):
        wave = measure.measure_wave(size * np.cos(0.1 * np.arange(300)))
        assert wave.speed == pytest.approx(0.1) and wave.amplitude == pytest.approx(size)

    def test_a_constant_is_a_wave_of_no_amplitude(self):
        assert measure.measure_wave(np.zeros(10)) == (0.0, 0.0, 0.0, 0.0, 0.0)
        assert measure.measure_wave(np.full(10, 2.0)).amplitude < 1e-9

    @given(st.floats(-50.0, 50.0).filter(lambda s: abs(s) > 1e-3), st.integers(2, 8))
    def test_a_common_shift_is_found_and_another_angle_is_not(self, shift, d_model):
        speeds = np.repeat(posenc.frequencies(2 * d_model), 2)
        assert measure.common_shift(measure.wrap(shift * speeds), speeds) == pytest.approx(shift)
        assert measure.common_shift(measure.wrap(shift * speeds) + 0.1, speeds) is None

    @given(st.floats(1.5, 1e6), st.sampled_from([4, 6, 16, 128]))
    def test_the_base_of_a_row_of_speeds_is_found(self, base, d_model):
        speeds = posenc.frequencies(d_model, base=base)
        assert measure.effective_base(speeds, d_model) == pytest.approx(base, rel=1e-9)
        speeds[0] *= 1.01  # pair 0 turns 1 radian per position, whatever the base
        assert measure.effective_base(speeds, d_model) is None
        if d_model > 4:  # three pairs or more: the last must fall in step too
            speeds[0], speeds[-1] = 1.0, 1.01 * speeds[-1]
            assert measure.effective_base(speeds, d_model) is None

    def test_ratios_and_column_lists_read_in_the_learners_terms(self):
        assert phrasing.times(1 / 3.2) == "3.2× too slow" and phrasing.times(56.23) == "56.2× too fast"
        assert phrasing.columns(list(range(2, 16)), 16) == "columns 2–15"
        assert phrasing.columns(list(range(16)), 16) == "every column"
        assert phrasing.columns([0, 2, 4], 6) == "the sine columns (0, 2, 4)"
        assert phrasing.columns([0, 4, 7, 8, 9, 12, 14], 16) == "columns 0, 4, 7–9, …"


# The ALiBi bias and the capstone layer: the lessons' solutions, correct answers written another way, unlisted mistakes.


def my_alibi_bias(seq_len, num_heads, causal=True):
    """Lesson 06's solution, as a learner writes it."""
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)  # (seq_len, seq_len)
    return -slopes[:, None, None] * distance  # (num_heads, seq_len, seq_len)


def alibi_in_loops_float32(seq_len, num_heads, causal=True):
    bias = np.zeros((num_heads, seq_len, seq_len), dtype=np.float32)
    slopes = posenc.alibi_slopes(num_heads)
    for h in range(num_heads):
        for i in range(seq_len):
            for j in range(seq_len):
                if j <= i or not causal:
                    bias[h, i, j] = -slopes[h] * abs(i - j)
    return bias


def alibi_with_tril(seq_len, num_heads, causal=True):
    distance = np.abs(np.subtract.outer(np.arange(seq_len), np.arange(seq_len)))
    bias = np.einsum("h,ij->hij", -posenc.alibi_slopes(num_heads), distance)
    return np.tril(bias) if causal else bias


def alibi_with_own_slopes_as_lists(seq_len, num_heads, causal=True):
    c = 1 << (num_heads.bit_length() - 1)
    slopes = [2.0 ** (-8 * h / c) for h in range(1, c + 1)] + [2.0 ** (-4 * h / c) for h in range(1, 2 * c + 1, 2)]
    return [
        [
            [-slopes[h] * (i - j) if j <= i else (0.0 if causal else -slopes[h] * (j - i)) for j in range(seq_len)]
            for i in range(seq_len)
        ]
        for h in range(num_heads)
    ]


ALIBI_CORRECT = [my_alibi_bias, alibi_in_loops_float32, alibi_with_tril, alibi_with_own_slopes_as_lists]


@pytest.mark.parametrize("fn", ALIBI_CORRECT, ids=lambda f: f.__name__)
def test_an_alibi_bias_written_another_way_is_accepted(fn):
    result = run(checks.check_alibi_bias, fn)
    assert result.passed and result.message.startswith("Correct: "), result.message


def distances(n):
    return np.subtract.outer(np.arange(n), np.arange(n))  # (n, n): i - j


def alibi_times(factor):
    return lambda n, h, causal=True: factor * posenc.alibi_bias(n, h, causal=causal)


ALIBI_UNLISTED = {
    "squared distance": (
        lambda n, h, causal=True: -posenc.alibi_slopes(h)[:, None, None] * np.maximum(distances(n), 0) ** 2,
        ["yours is −slope·distance², growing with the square of the distance"],
    ),
    "slopes halved": (alibi_times(0.5), ["every slope is 0.5 times the right one (head 0: 2^-2, not 2^-1)"]),
    "NaN": (
        lambda n, h, causal=True: posenc.alibi_bias(n, h, causal=causal) * np.nan,
        ["is nan, where a number belongs"],
    ),
    "a bonus above the diagonal": (
        lambda n, h, causal=True: posenc.alibi_bias(n, h, causal=causal) + 0.3 * (distances(n) < 0),
        ["above the diagonal yours holds 0.3000 in head 0, where alibi_bias has 0"],
    ),
}


@pytest.mark.parametrize("label", ALIBI_UNLISTED)
def test_an_unlisted_alibi_mistake_is_described(label):
    wrong, words = ALIBI_UNLISTED[label]
    result = run(checks.check_alibi_bias, wrong)
    assert not result.passed and all(said in result.message for said in words), result.message


def my_scheme_layer(sentence, scheme, causal=False):
    """Lesson 08's solution, as a learner writes it from capstone.parts()."""
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]  # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])  # each position's row, added to its word
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)  # turned by position; v is not
    bias = None
    i = np.arange(n)
    if scheme == "alibi":
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])  # (n, n); with the mask, j > i is hidden
    elif scheme == "t5":
        bias = parts["bucket_values"][posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=not causal)]
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)  # (outputs, weights)


def layer_with_own_attention_float32(sentence, scheme, causal=False):
    """Attention written out, in float32, masking with np.where; ALiBi from alibi_bias, T5 from t5_bias; the scheme in
    any case."""
    scheme = scheme.lower()
    parts = {name: array.astype(np.float32) for name, array in capstone.parts().items()}
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
    x = x + {"sinusoidal": posenc.sinusoidal(n, 8), "learned": parts["table"][:n]}.get(scheme, 0.0)
    q, k, v = (x @ w for w in parts["projections"])
    if scheme == "rope":
        q, k = posenc.apply_rope(q, np.arange(n)), posenc.apply_rope(k, np.arange(n))
    scores = q @ k.T / np.sqrt(8)
    if scheme == "alibi":
        scores = scores + posenc.alibi_bias(n, 8, causal=causal)[0]
    if scheme == "t5":
        scores = scores + posenc.t5_bias(parts["bucket_values"][None], n, bidirectional=not causal)[0]
    if causal:
        scores = np.where(np.tril(np.ones((n, n), dtype=bool)), scores, -np.inf)
    weights = np.exp(scores - scores.max(axis=1, keepdims=True))
    weights = weights / weights.sum(axis=1, keepdims=True)
    return weights @ v, weights


@pytest.mark.parametrize("fn", [my_scheme_layer, layer_with_own_attention_float32], ids=lambda f: f.__name__)
def test_a_capstone_layer_written_another_way_is_accepted(fn):
    result = run(checks.check_scheme_layer, fn)
    assert result.passed and result.message.startswith("Correct: "), result.message


def layer_changed(scheme_changed, change):
    """The lesson's layer, with `change(outputs, weights, sentence, causal)` for one scheme."""

    def layer(sentence, scheme, causal=False):
        if scheme != scheme_changed:
            return my_scheme_layer(sentence, scheme, causal)
        return change(sentence, causal)

    return layer


def added_rows(sentence, causal, rows):
    parts = capstone.parts()
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]] + rows
    w_q, w_k, w_v = parts["projections"]
    return posenc.attention(x @ w_q, x @ w_k, x @ w_v, mask=posenc.causal_mask(len(x)) if causal else None)


def half_table(sentence, causal):
    return added_rows(sentence, causal, 0.5 * posenc.sinusoidal(len(sentence), 8))


def alibi_slope_one(sentence, causal):
    parts = capstone.parts()
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
    w_q, w_k, w_v = parts["projections"]
    bias = -np.abs(np.subtract.outer(np.arange(n), np.arange(n))).astype(float)
    return posenc.attention(x @ w_q, x @ w_k, x @ w_v, mask=posenc.causal_mask(n) if causal else None, bias=bias)


def t5_bias_halved(sentence, causal):
    parts = capstone.parts()
    n = len(sentence)
    q, k, v = _qkv(sentence)
    bias = 0.5 * parts["bucket_values"][posenc.t5_bucket(positions(n) - positions(n).T, bidirectional=not causal)]
    return posenc.attention(q, k, v, mask=posenc.causal_mask(n) if causal else None, bias=bias)


def t5_halved_by_hand(sentence, causal):
    n = len(sentence)
    q, k, v = _qkv(sentence)
    bias = (
        0.5
        * capstone.parts()["bucket_values"][posenc.t5_bucket(positions(n) - positions(n).T, bidirectional=not causal)]
    )
    scores = np.where(posenc.causal_mask(n) if causal else True, q @ k.T / np.sqrt(8) + bias, -np.inf)
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v, weights


LAYER_UNLISTED = {
    "one row for every position": (
        layer_changed("learned", lambda s, causal: added_rows(s, causal, np.full((len(s), 8), 0.25))),
        ["each row of weights is the row before moved on by one: the layer sees no absolute position"],
    ),
    "rows of another table": (
        layer_changed("learned", lambda s, causal: added_rows(s, causal, 0.25 + 0.1 * positions(len(s)) * np.ones(8))),
        ["the word at position 0 got [0.25, 0.25, 0.25, ...] added, where the table's row 0 is ["],
    ),
    "half the sinusoidal table": (
        layer_changed("sinusoidal", half_table),
        ["read back from the outputs, the rows added to the word vectors are 0.5 times the table's."],
    ),
    "ALiBi with slope 1": (
        layer_changed("alibi", alibi_slope_one),
        ["the bias read from the weights is -1·|i − j|, where -0.5·|i − j| belongs", "ALIBI_SLOPE = 0.5"],
    ),
    "RoPE in the half layout": (
        layer_changed(
            "rope",
            lambda s, causal: posenc.attention(
                *[posenc.apply_rope(_qkv(s)[i], layout="half") for i in (0, 1)],
                _qkv(s)[2],
                mask=posenc.causal_mask(len(s)) if causal else None,
            ),
        ),
        ["for scheme 'rope', causal=False, on 'dog bites man', weights[0, 0] is"],
    ),
    "T5's numbers halved": (
        layer_changed("t5", t5_bias_halved),
        ["the bias it hands posenc.attention is 0.5 times the right one: add the numbers as they are."],
    ),
    "T5's numbers halved, attention written by hand": (
        layer_changed("t5", t5_halved_by_hand),
        [
            "for scheme 't5', causal=False, on 'dog bites man', row 0 of the weights shows a bias of [0, -0.0376, -0.428]"
        ],
    ),
    "weights that are not a softmax": (
        lambda s, scheme, causal=False: (my_scheme_layer(s, scheme, causal)[0], np.full((len(s), len(s)), 0.5)),
        ["row 0 of the weights sums to 1.5000, not 1: each row is a softmax"],
    ),
    "(weights, outputs)": (
        lambda s, scheme, causal=False: my_scheme_layer(s, scheme, causal)[::-1],
        ["returned (weights, outputs): the pair is (outputs, weights)"],
    ),
}


def _qkv(sentence):
    parts = capstone.parts()
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
    return [x @ w for w in parts["projections"]]


@pytest.mark.parametrize("label", LAYER_UNLISTED)
def test_an_unlisted_capstone_mistake_is_described(label):
    wrong, words = LAYER_UNLISTED[label]
    result = run(checks.check_scheme_layer, wrong)
    assert not result.passed and all(said in result.message for said in words), result.message


@pytest.mark.parametrize("check", [checks.check_offset_rotation, checks.check_apply_rope])
def test_base_100_is_a_likely_i_for_2i_not_a_certain_one(check):
    """2i with base 100 gives the same matrix as i with base 10000: the checker may only say "Likely"."""
    if check is checks.check_offset_rotation:
        answer = lambda k, d: posenc.offset_rotation(k, d, base=100.0)  # noqa: E731
    else:
        answer = lambda x, p: posenc.apply_rope(x, p, base=100.0)  # noqa: E731
    message = run(check, answer).message
    assert "as if the base were 100, not 10000" in message, message
    letter = "i" if check is checks.check_offset_rotation else "p"  # the pair's letter in lesson 03 and in lesson 05
    assert f"Likely: you used {letter} where the formula has 2{letter}" in message, message


def test_a_broadcasting_crash_between_arrays_of_as_many_axes_is_not_told_to_add_an_axis():
    # the whole 8-row table added to 5 words: the fix is table[:n], not None (a first-timer was misled once)
    def my_scheme_layer(sentence, scheme, causal=False):
        parts = capstone.parts()
        x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
        if scheme in ("sinusoidal", "learned"):
            x = x + (posenc.sinusoidal(len(sentence), x.shape[1]) if scheme == "sinusoidal" else parts["table"])
        w_q, w_k, w_v = parts["projections"]
        q, k, v = x @ w_q, x @ w_k, x @ w_v
        return posenc.attention(q, k, v, mask=posenc.causal_mask(len(sentence)) if causal else None)

    said = checks.check_scheme_layer(my_scheme_layer).message
    assert "which differ in length along axis 0" in said and "keeps the first" in said, said
    assert "with None" not in said, said


def test_an_element_wise_product_where_a_matrix_product_fits_is_named_from_the_failing_line():
    def my_attention(q, k, v):
        weights = posenc.softmax(q @ k.T / np.sqrt(q.shape[-1]), axis=-1)
        return weights * v  # (n_q, n_k) * (n_k, d_v): a crash unless the shapes agree

    said = checks.check_attention(my_attention).message
    assert "a matrix product, @, is what fits them, not *" in said, said


def test_an_array_built_with_a_length_one_axis_is_still_told_to_add_the_axis_it_lacks():
    def my_alibi_bias(seq_len, num_heads, causal=True):
        distance = np.maximum(np.arange(seq_len)[:, None] - np.arange(seq_len)[None, :], 0)
        return -posenc.alibi_slopes(num_heads)[:, None] * distance  # (h, 1) against (n, n)

    said = checks.check_alibi_bias(my_alibi_bias).message
    assert "Give the smaller array the axes it lacks, with None" in said, said


def test_a_right_attention_that_returns_the_pair_is_correct_and_told_what_the_exercise_asks():
    said = checks.check_attention(lambda q, k, v: posenc.attention(q, k, v)).message
    assert said.startswith("Correct: ") and "this exercise asks for the output alone" in said
    assert (
        "asks for the output alone" not in checks.check_attention(lambda q, k, v: posenc.attention(q, k, v)[0]).message
    )


def test_the_comparison_table_reads_answers_and_row_labels_whatever_their_capitals_and_spaces():
    table = checks.recap.comparison_table_answer()
    table = {
        f" {row.upper()} ": {column: f"  {answer.capitalize()} " for column, answer in cells.items()}
        for row, cells in table.items()
    }
    assert checks.check_comparison_table(table).passed


@pytest.mark.parametrize("row", checks.recap.ROWS)
def test_a_wrong_place_in_the_comparison_table_is_told_where_the_scheme_puts_position(row):
    from posenc.schemes import SCHEMES

    record = next(s for s in SCHEMES.values() if s.label == row)
    for wrong in checks.recap.COLUMNS["where it acts"]:
        table = checks.recap.comparison_table_answer()
        if wrong == table[row]["where it acts"]:
            continue
        table[row]["where it acts"] = wrong
        said = checks.check_comparison_table(table).message
        assert (
            f"puts position into the {record.acts_on}" in said or "(lesson" in said and "turns the queries" in said
        ), said


@pytest.mark.parametrize(
    "length",
    [
        lambda t: np.abs(t).sum(axis=1),  # the sum of absolute values
        lambda t: np.sqrt(np.linalg.norm(t, axis=1)),  # a square root too many
        lambda t: (t**2).sum(axis=1),  # a square root too few
    ],
)
def test_cosines_divided_by_other_row_lengths_are_told_which_lengths_were_used(length):
    def my_cosine_similarity(table):
        lengths = length(table)
        return table @ table.T / np.outer(lengths, lengths)

    said = checks.check_cosine_similarity(my_cosine_similarity).message
    told = ("the dot products are divided by row lengths", "Measured: entry [i, j]", "square roots of the row lengths")
    assert any(words in said for words in told), said


def test_cosines_whose_sign_was_dropped_or_that_were_rounded_are_measured_so():
    def absolute(table):
        return np.abs(posenc.analysis.cosine_similarity(table))

    def floored(table):
        lengths = np.linalg.norm(table, axis=1)
        return table @ table.T // np.outer(lengths, lengths)

    assert "the negative cosines came out positive" in checks.check_cosine_similarity(absolute).message
    assert "every entry is a whole number: // rounds down" in checks.check_cosine_similarity(floored).message


@pytest.mark.parametrize(
    ("second", "said"),
    [
        (lambda c, s, x1, x2: x1 * s - x2 * c, "new second = sin·x1 − cos·x2, where sin·x1 + cos·x2 belongs"),
        (lambda c, s, x1, x2: x1 * c + x2 * s, "new second = cos·x1 + sin·x2, where sin·x1 + cos·x2 belongs"),
    ],
)
def test_a_rope_line_that_is_no_rotation_is_read_back_as_the_formula_it_computes(second, said):
    def my_apply_rope(x, positions):
        angles = np.asarray(positions)[:, None] * 10000.0 ** (-np.arange(0, x.shape[1], 2) / x.shape[1])
        c, s = np.cos(angles), np.sin(angles)
        x1, x2 = x[:, 0::2], x[:, 1::2]
        out = np.empty_like(x)
        out[:, 0::2] = x1 * c - x2 * s
        out[:, 1::2] = second(c, s, x1, x2)
        return out

    message = checks.check_apply_rope(my_apply_rope).message
    assert said in message and "new first" not in message, message


@pytest.mark.parametrize(
    ("angle", "said"),
    [
        (lambda k, w: k / w, "delta / omega_i where delta * omega_i belongs"),
        (lambda k, w: np.radians(k * w), "a conversion to radians where none belongs"),
        (lambda k, w: np.degrees(k * w), "a conversion to degrees"),
    ],
)
def test_an_offset_rotation_whose_angles_were_computed_another_way_is_told_which_way(angle, said):
    def my_offset_rotation(k, d_model):
        M = np.zeros((d_model, d_model))
        for i, w in enumerate(posenc.frequencies(d_model)):
            c, s = np.cos(angle(k, w)), np.sin(angle(k, w))
            M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
        return M

    assert said in checks.check_offset_rotation(my_offset_rotation).message


def test_a_bias_kept_on_the_wrong_side_of_the_diagonal_is_measured_so_not_blamed_on_the_slopes():
    def my_alibi_bias(seq_len, num_heads, causal=True):
        offset = np.arange(seq_len)[:, None] - np.arange(seq_len)[None, :]  # i - j
        distance = np.triu(offset) if causal else np.abs(offset)  # the upper triangle, where i - j < 0
        return -posenc.alibi_slopes(num_heads)[:, None, None] * distance

    said = checks.check_alibi_bias(my_alibi_bias).message
    assert "the distance was kept on the wrong side of the diagonal" in said and "slope 0" not in said, said


# T5's buckets (lesson 07): float64 logarithms against the reference's float32 on the checker's cases, a correct
# answer written another way, mistakes nobody listed.


def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    """Lesson 07's solution, as a learner writes it: float64 logarithms, where posenc.t5_bucket takes float32."""
    offsets = np.asarray(offsets)
    n = num_buckets // 2 if bidirectional else num_buckets
    first = np.where(offsets < 0, n, 0) if bidirectional else 0
    distance = np.abs(offsets) if bidirectional else np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    return first + np.where(distance < exact, distance, np.minimum(exact + grown.astype(int), n - 1))


@pytest.mark.parametrize("case", T5_CASES, ids=lambda c: "{}-{}-{}".format(*c))
def test_on_the_t5_checkers_cases_float64_logs_give_the_references_float32_buckets(case):
    bidirectional, num_buckets, max_distance = case
    o = np.arange(-3000, 3001)  # ten times the checker's reach
    expected = posenc.t5_bucket(o, bidirectional=bidirectional, num_buckets=num_buckets, max_distance=max_distance)
    assert np.array_equal(my_t5_bucket(o, bidirectional, num_buckets, max_distance), expected)


def t5_unguarded(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    """Right, with no np.maximum(distance, exact) in the log: log(0) = -inf where np.where never looks."""
    offsets = np.asarray(offsets)
    n = num_buckets // 2 if bidirectional else num_buckets
    first = (offsets < 0) * n if bidirectional else 0
    distance = np.abs(offsets) if bidirectional else np.clip(offsets, 0, None)
    exact = n // 2
    grown = np.log(distance / exact) / np.log(max_distance / exact) * (n - exact)
    return first + np.where(distance < exact, distance, np.minimum(exact + np.floor(grown).astype(int), n - 1))


@pytest.mark.parametrize("fn", [my_t5_bucket, t5_unguarded], ids=lambda f: f.__name__)
def test_a_t5_bucket_written_another_way_is_accepted_and_lets_no_warning_out(fn):
    result = run(checks.check_t5_bucket, fn)
    assert result.passed and result.message.startswith("Correct: "), result.message


def t5_changed(**lines):
    """my_t5_bucket with some of its lines replaced: the causal distance(offsets), exact(n), far(distance, n, exact,
    max_distance), and the buckets(first, distance, exact, far) returned."""

    def fn(offsets, bidirectional=False, num_buckets=32, max_distance=128):
        offsets = np.asarray(offsets)
        n = num_buckets // 2 if bidirectional else num_buckets
        first = np.where(offsets < 0, n, 0) if bidirectional else 0
        distance = np.abs(offsets) if bidirectional else lines.get("distance", lambda o: np.maximum(o, 0))(offsets)
        exact = lines.get("exact", lambda n: n // 2)(n)
        grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
        far = lines.get("far", lambda *_: np.minimum(exact + grown.astype(int), n - 1))(
            distance, n, exact, max_distance
        )
        return lines.get("buckets", lambda f, d, e, far: f + np.where(d < e, d, far))(first, distance, exact, far)

    return fn


def t5_log_part(distance, n, exact, max_distance):
    return np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)


T5_UNLISTED = {  # the wrong answer, what its verdict must say, and the mistake it names (None: no listed one)
    "a quarter exact": (
        t5_changed(exact=lambda n: n // 4),
        ["distances 0–15 get a bucket each (exact = n // 2 = 16); yours stop at distance 10"],
        None,
    ),
    "every bucket one up": (
        t5_changed(buckets=lambda f, d, e, far: f + np.where(d < e, d, far) + 1),
        ["every exact bucket is 1 off: distance d gets d + 1"],
        None,
    ),
    "clamped at n - 2": (
        t5_changed(far=lambda d, n, e, md: np.minimum(e + t5_log_part(d, n, e, md).astype(int), n - 2)),
        ["every distance from 113 on shares T5's last bucket, 31; distance 113 gets 30 in yours"],
        None,
    ),
    "never spread over the buckets": (
        t5_changed(far=lambda d, n, e, md: np.minimum(e + (t5_log_part(d, n, e, md) / (n - e)).astype(int), n - 1)),
        ["your buckets grow", "too slow"],
        None,
    ),
    "rounded and never clamped": (
        t5_changed(far=lambda d, n, e, md: e + np.round(t5_log_part(d, n, e, md)).astype(int)),
        ["one above T5's at 47 of the distances 16–112, never below", "Likely: "],
        "rounded",
    ),
    "a causal distance left signed": (
        t5_changed(distance=lambda o: o),
        ["keys after the query get negative buckets (offset -1 gets -1)", "Likely: "],
        "causal-not-clipped",
    ),
}


@pytest.mark.parametrize("label", T5_UNLISTED)
def test_an_unlisted_t5_mistake_is_described_and_names_a_listed_one_only_hedged(label):
    wrong, words, mistake = T5_UNLISTED[label]
    result = run(checks.check_t5_bucket, wrong)
    assert not result.passed and all(said in result.message for said in words), result.message
    assert result.mistake == mistake, result.message
