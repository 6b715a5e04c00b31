"""A catalogue of the wrong answers learners write to the course's thirteen check-yourself exercises.

Each :class:`Mistake` is one plausible slip, written as the learner would pass it to the checker
(a function, a number or a dict), with the cause a teacher would name. Each :class:`Correct` is a
right answer written in an unusual way, which a checker must accept. The entries were written
from the lessons' prompts, stubs, hints and solutions and from posenc's reference functions only,
without reading the checkers; except the capstone's T5 entries (``layer-t5-*``), written with the
diagnoses when T5's bias joined the capstone exercise: they hold the listed mistakes in place, and
measure nothing about mistakes nobody listed (the held-out sets in ``tests/mistakes/heldout`` do).

Unless its cause says otherwise, every answer runs without error on the inputs the prompt
describes; a mistake is wrong output, not a crash. The few that crash say so in their cause.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

import posenc
from posenc import capstone


@dataclass(frozen=True)
class Mistake:
    checker: str  # e.g. "check_attention"
    id: str  # short, unique, e.g. "attention-scores-transposed"
    cause: str  # what a teacher would tell the learner, one sentence, in plain words
    answer: Any  # what the learner passes: a function, a number, or a dict (the table)
    kwargs: dict = field(default_factory=dict)  # extra keyword arguments of the checker, if any


@dataclass(frozen=True)
class Correct:
    checker: str
    id: str
    note: str  # why it is unusual but right
    answer: Any
    kwargs: dict = field(default_factory=dict)


# --------------------------------------------------------------------------------------------------
# 00 · check_positions_column(my_positions): the positions 0 .. seq_len - 1 as a (seq_len, 1) column
# --------------------------------------------------------------------------------------------------


def positions_row(seq_len):
    return np.arange(seq_len)  # (seq_len,)


def positions_row_2d(seq_len):
    return np.atleast_2d(np.arange(seq_len))  # (1, seq_len)


def positions_from_one(seq_len):
    return np.arange(1, seq_len + 1)[:, None]


def positions_one_short(seq_len):
    return np.arange(seq_len - 1)[:, None]  # as if arange included its end


def positions_one_extra(seq_len):
    return np.arange(seq_len + 1)[:, None]


def positions_linspace(seq_len):
    return np.linspace(0, seq_len, seq_len)[:, None]  # linspace includes its end point


def positions_zeros(seq_len):
    return np.zeros((seq_len, 1))  # the right shape, never filled in


def positions_list(seq_len):
    return [[p] for p in range(seq_len)]


def positions_tuple(seq_len):
    return (np.arange(seq_len)[:, None],)  # a stray trailing comma


def positions_float_column(seq_len):
    return np.arange(seq_len, dtype=np.float64).reshape(seq_len, 1)


def positions_list_to_array(seq_len):
    return np.array([[p] for p in range(seq_len)])


def positions_expand_dims(seq_len):
    return np.expand_dims(np.arange(seq_len), axis=1)


def positions_transposed_row(seq_len):
    return np.arange(seq_len, dtype=np.float32)[None, :].T


# --------------------------------------------------------------------------------------------------
# 01 · check_attention(my_attention): softmax(q k^T / sqrt(d_head)) v, the output only
# --------------------------------------------------------------------------------------------------


def attention_unscaled(q, k, v):
    scores = q @ k.T
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v


def attention_divided_by_d(q, k, v):
    scores = q @ k.T / q.shape[-1]
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v


def attention_scaled_by_seq_len(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[0])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v


def attention_softmax_over_queries(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=0)
    return weights @ v


def attention_returns_tuple(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v, weights


def attention_returns_weights(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights


def attention_exp_not_normalised(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = np.exp(scores)
    return weights @ v


def attention_normalised_over_all(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = np.exp(scores) / np.exp(scores).sum()
    return weights @ v


def attention_max_over_wrong_axis(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    e = np.exp(scores - scores.max(axis=0, keepdims=True))  # "stable" softmax, max taken down the columns
    weights = e / e.sum(axis=-1, keepdims=True)
    return weights @ v


def attention_sum_without_keepdims(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    e = np.exp(scores)
    weights = e / e.sum(axis=-1)  # (seq_len_q, seq_len_k) / (seq_len_q,) lines up with the keys
    return weights @ v


def attention_float32(q, k, v):
    q32, k32, v32 = (np.asarray(a, dtype=np.float32) for a in (q, k, v))
    scores = q32 @ k32.T / np.float32(np.sqrt(q32.shape[-1]))
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v32


def attention_loops(q, k, v):
    d_head = q.shape[1]
    out = np.zeros((q.shape[0], v.shape[1]))
    for a in range(q.shape[0]):
        scores = [sum(q[a, t] * k[b, t] for t in range(d_head)) / d_head**0.5 for b in range(k.shape[0])]
        top = max(scores)
        e = [np.exp(s - top) for s in scores]
        total = sum(e)
        for b in range(k.shape[0]):
            out[a] += e[b] / total * v[b]
    return out


def attention_split_scale_einsum(q, k, v):
    d_head = q.shape[-1]
    scores = np.einsum("qd,kd->qk", q * d_head**-0.25, k * d_head**-0.25)  # the 1/sqrt(d) split over q and k
    e = np.exp(scores - scores.max())  # one shift for the whole matrix cancels row by row too
    return np.einsum("qk,kv->qv", e / e.sum(axis=1, keepdims=True), v)


# --------------------------------------------------------------------------------------------------
# 01 · check_equivariance_test(is_permutation_equivariant): True when f(x[perm]) == f(x)[perm]
# --------------------------------------------------------------------------------------------------


def equivariance_tests_invariance(f, x, perm):
    return bool(np.allclose(f(x[perm]), f(x)))


def equivariance_exact_equality(f, x, perm):
    return bool(np.array_equal(f(x[perm]), f(x)[perm]))


def equivariance_inverse_permutation(f, x, perm):
    return bool(np.allclose(f(x[perm]), f(x)[np.argsort(perm)]))


def equivariance_returns_array(f, x, perm):
    return np.isclose(f(x[perm]), f(x)[perm])


def equivariance_compares_shapes(f, x, perm):
    return f(x[perm]).shape == f(x)[perm].shape


def equivariance_compares_sums(f, x, perm):
    return bool(np.allclose(f(x[perm]).sum(axis=0), f(x).sum(axis=0)))


def equivariance_prints(f, x, perm):
    print(np.allclose(f(x[perm]), f(x)[perm]))


def equivariance_loop_over_rows(f, x, perm):
    shuffled_first, shuffled_after = f(x[perm]), f(x)
    return all(np.allclose(shuffled_first[r], shuffled_after[p]) for r, p in enumerate(perm))


def equivariance_inverse_side(f, x, perm):
    inverse = np.argsort(perm)
    return bool(np.allclose(f(x[perm])[inverse], f(x)))  # un-shuffle the outputs, compare with f(x)


# --------------------------------------------------------------------------------------------------
# 02 · check_sinusoidal(my_sinusoidal): sin in column 2i, cos in 2i + 1, omega_i = 10000**(-2i/d)
# --------------------------------------------------------------------------------------------------


def _interleave(sines, cosines):
    table = np.zeros((sines.shape[0], 2 * sines.shape[1]))
    table[:, 0::2] = sines
    table[:, 1::2] = cosines
    return table


def sinusoidal_i_not_2i(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** (-np.arange(d_model // 2) / d_model)
    angles = positions * freqs
    return _interleave(np.sin(angles), np.cos(angles))


def sinusoidal_sin_cos_swapped(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = positions * freqs
    return _interleave(np.cos(angles), np.sin(angles))


def sinusoidal_halves_layout(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = positions * freqs
    return np.concatenate([np.sin(angles), np.cos(angles)], axis=1)


def sinusoidal_positive_exponent(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** (np.arange(0, d_model, 2) / d_model)
    angles = positions * freqs
    return _interleave(np.sin(angles), np.cos(angles))


def sinusoidal_positions_from_one(seq_len, d_model):
    positions = np.arange(1, seq_len + 1)[:, None]
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = positions * freqs
    return _interleave(np.sin(angles), np.cos(angles))


def sinusoidal_times_two_pi(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = 2 * np.pi * positions * freqs
    return _interleave(np.sin(angles), np.cos(angles))


def sinusoidal_cosine_overwrites_sine(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 0::2] = np.cos(angles)  # copied the line above and changed only the function
    return table


def sinusoidal_floor_division(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** (-(np.arange(0, d_model, 2) // d_model))
    angles = positions * freqs
    return _interleave(np.sin(angles), np.cos(angles))


def sinusoidal_tensor2tensor_spacing(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    i = np.arange(d_model // 2)
    with np.errstate(divide="ignore", invalid="ignore"):  # d_model = 2 divides 0 by 0
        freqs = 10000.0 ** (-i / (d_model // 2 - 1))
    angles = positions * freqs
    return _interleave(np.sin(angles), np.cos(angles))


def sinusoidal_returns_angles(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    return positions * freqs


def sinusoidal_exp_log(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = np.exp(-np.arange(0, d_model, 2) * np.log(10000.0) / d_model)
    angles = positions * freqs
    return _interleave(np.sin(angles), np.cos(angles))


def sinusoidal_stack_reshape(seq_len, d_model):
    positions = np.arange(seq_len, dtype=np.float64)[:, None]
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = positions * freqs
    return np.stack([np.sin(angles), np.cos(angles)], axis=-1).reshape(seq_len, d_model)


def sinusoidal_loops(seq_len, d_model):
    table = np.zeros((seq_len, d_model))
    for pos in range(seq_len):
        for i in range(d_model // 2):
            angle = pos / 10000.0 ** (2 * i / d_model)
            table[pos, 2 * i] = np.sin(angle)
            table[pos, 2 * i + 1] = np.cos(angle)
    return table


def sinusoidal_float32(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = positions * freqs  # in float64: float32 angles drift at large positions
    table = np.zeros((seq_len, d_model), dtype=np.float32)  # the finished values stored as float32
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table


# --------------------------------------------------------------------------------------------------
# 02 · check_wavelength(my_wavelength, pair=12, d_model=48): 2 pi / omega_12 = 200 pi
# --------------------------------------------------------------------------------------------------

WAVELENGTH_KWARGS = {"pair": 12, "d_model": 48}

wavelength_no_two_pi = 1 / 10000.0 ** (-2 * 12 / 48)  # 100: 1 / omega
wavelength_is_frequency = 10000.0 ** (-2 * 12 / 48)  # 0.01: omega itself
wavelength_multiplied = 2 * np.pi * 10000.0 ** (-2 * 12 / 48)  # 0.0628
wavelength_i_not_2i = 2 * np.pi / 10000.0 ** (-12 / 48)  # 62.8
wavelength_degrees = 360 / 10000.0 ** (-2 * 12 / 48)  # 36000
wavelength_half_turn = np.pi / 10000.0 ** (-2 * 12 / 48)  # 314.2
wavelength_pairs_denominator = 2 * np.pi / 10000.0 ** (-2 * 12 / (48 / 2))  # 62832
wavelength_counted_from_one = 2 * np.pi / 10000.0 ** (-2 * 11 / 48)  # 428.1: pair 12 taken as the 12th, i = 11
wavelength_tensor2tensor = 2 * np.pi / 10000.0 ** (-12 / (48 // 2 - 1))  # 769.6
wavelength_whole_array = 2 * np.pi / 10000.0 ** (-np.arange(0, 48, 2) / 48)  # all 24 wavelengths

wavelength_exp_log = float(2 * np.pi * np.exp(2 * 12 / 48 * np.log(10000.0)))
wavelength_from_column = 2 * np.pi / (10000.0 ** (-np.arange(0, 48, 2) / 48))[12]  # picked from the array
wavelength_float32 = np.float32(2 * np.pi) / np.float32(10000.0) ** np.float32(-0.5)


# --------------------------------------------------------------------------------------------------
# 03 · check_offset_rotation(my_offset_rotation): M_k @ table[p] == table[p + k]
# --------------------------------------------------------------------------------------------------


def _freqs(d_model):
    return 10000.0 ** (-np.arange(0, d_model, 2) / d_model)


def offset_rope_block(k, d_model):
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(_freqs(d_model)):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, -s], [s, c]]
    return M


def offset_no_minus(k, d_model):
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(_freqs(d_model)):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [s, c]]
    return M


def offset_forgot_k(k, d_model):
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(_freqs(d_model)):
        c, s = np.cos(w), np.sin(w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M


def offset_block_at_pair_index(k, d_model):
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(_freqs(d_model)):
        c, s = np.cos(k * w), np.sin(k * w)
        M[i : i + 2, i : i + 2] = [[c, s], [-s, c]]
    return M


def offset_last_block_missing(k, d_model):
    M = np.zeros((d_model, d_model))
    freqs = _freqs(d_model)
    for i in range(len(freqs) - 1):
        c, s = np.cos(k * freqs[i]), np.sin(k * freqs[i])
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M


def offset_absolute_k(k, d_model):
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(_freqs(d_model)):
        c, s = np.cos(abs(k) * w), np.sin(abs(k) * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M


def offset_returns_blocks(k, d_model):
    blocks = []
    for w in _freqs(d_model):
        c, s = np.cos(k * w), np.sin(k * w)
        blocks.append([[c, s], [-s, c]])
    return np.array(blocks)  # (d_model // 2, 2, 2)


def offset_i_not_2i(k, d_model):
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(10000.0 ** (-np.arange(d_model // 2) / d_model)):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M


def offset_cos_sin_swapped(k, d_model):
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(_freqs(d_model)):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[s, c], [c, -s]]
    return M


def offset_strided_diagonals(k, d_model):
    freqs = _freqs(d_model)
    c, s = np.cos(k * freqs), np.sin(k * freqs)
    M = np.zeros((d_model, d_model))
    M[0::2, 0::2] = np.diag(c)
    M[0::2, 1::2] = np.diag(s)
    M[1::2, 0::2] = np.diag(-s)
    M[1::2, 1::2] = np.diag(c)
    return M


def offset_from_angle_addition(k, d_model):
    # column 2i of M times [sin a, cos a] must give sin(a + b) = sin a cos b + cos a sin b, and so on
    M = np.zeros((d_model, d_model))
    for i in range(d_model // 2):
        b = k / np.exp(2 * i / d_model * np.log(10000.0))
        new_sin_row = np.zeros(d_model)
        new_sin_row[2 * i], new_sin_row[2 * i + 1] = np.cos(b), np.sin(b)
        new_cos_row = np.zeros(d_model)
        new_cos_row[2 * i], new_cos_row[2 * i + 1] = -np.sin(b), np.cos(b)
        M[2 * i], M[2 * i + 1] = new_sin_row, new_cos_row
    return M


def offset_power_of_m1(k, d_model):
    # M_k is M_1 applied k times (the inverse of M_1 for k < 0)
    M1 = np.zeros((d_model, d_model))
    for i, w in enumerate(_freqs(d_model)):
        M1[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[np.cos(w), np.sin(w)], [-np.sin(w), np.cos(w)]]
    step = M1 if k >= 0 else M1.T  # a rotation's inverse is its transpose
    return np.linalg.matrix_power(step, abs(k))


# --------------------------------------------------------------------------------------------------
# 04 · check_cosine_similarity(my_cosine_similarity): dots[p, q] / (|row p| |row q|)
# --------------------------------------------------------------------------------------------------


def cosine_broadcast_one_length(table):
    dots = table @ table.T
    lengths = np.linalg.norm(table, axis=1)
    return dots / lengths  # (seq_len, seq_len) / (seq_len,): each column by its own row's length only


def cosine_squared_lengths(table):
    dots = table @ table.T
    squares = (table**2).sum(axis=1)  # no square root
    return dots / np.outer(squares, squares)


def cosine_whole_table_norm(table):
    dots = table @ table.T
    return dots / np.linalg.norm(table) ** 2  # no axis: one number for the whole table


def cosine_column_normalised(table):
    unit = table / np.linalg.norm(table, axis=0, keepdims=True)
    return unit @ unit.T


def cosine_added_lengths(table):
    dots = table @ table.T
    lengths = np.linalg.norm(table, axis=1)
    return dots / (lengths[:, None] + lengths[None, :])


def cosine_pearson(table):
    return np.corrcoef(table)  # centres each row first


def cosine_dot_of_lengths(table):
    dots = table @ table.T
    lengths = np.linalg.norm(table, axis=1)
    return dots / np.dot(lengths, lengths)  # a single number, not the outer product


def cosine_distance(table):
    dots = table @ table.T
    lengths = np.linalg.norm(table, axis=1)
    return 1 - dots / np.outer(lengths, lengths)


def cosine_in_place(table):
    table /= np.linalg.norm(table, axis=1, keepdims=True)  # rescales the caller's table
    return table @ table.T


def cosine_axis0_lengths(table):
    dots = table @ table.T
    lengths = np.linalg.norm(table, axis=0)  # (d_model,): the columns' lengths
    return dots / np.outer(lengths, lengths)


def cosine_unit_rows_first(table):
    unit = table / np.linalg.norm(table, axis=1, keepdims=True)
    return unit @ unit.T


def cosine_loops(table):
    n = len(table)
    out = np.zeros((n, n))
    for p in range(n):
        for q in range(n):
            out[p, q] = np.dot(table[p], table[q]) / (
                np.sqrt(np.dot(table[p], table[p])) * np.sqrt(np.dot(table[q], table[q]))
            )
    return out


def cosine_float32_copy(table):
    rows = np.array(table, dtype=np.float32)  # a copy, so normalising in place is safe
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    return rows @ rows.T


def cosine_einsum_sqrt_diag(table):
    dots = np.einsum("pd,qd->pq", table, table)
    lengths = np.sqrt(np.diag(dots))  # each row's squared length sits on the diagonal
    return dots / lengths[:, None] / lengths[None, :]


# --------------------------------------------------------------------------------------------------
# 05 · check_apply_rope(my_rope): turn pair (2i, 2i + 1) of row m by positions[m] * theta_i
# --------------------------------------------------------------------------------------------------


def _rope_angles(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)
    return np.asarray(positions)[:, None] * thetas


def rope_half_layout(x, positions):
    angles = _rope_angles(x, positions)
    half = x.shape[1] // 2
    first, second = x[:, :half], x[:, half:]
    out = np.empty_like(x)
    out[:, :half] = first * np.cos(angles) - second * np.sin(angles)
    out[:, half:] = first * np.sin(angles) + second * np.cos(angles)
    return out


def rope_turned_backwards(x, positions):
    angles = _rope_angles(x, positions)
    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) + second * np.sin(angles)
    out[:, 1::2] = -first * np.sin(angles) + second * np.cos(angles)
    return out


def rope_uses_rotated_first(x, positions):
    angles = _rope_angles(x, positions)
    out = x.copy()
    out[:, 0::2] = out[:, 0::2] * np.cos(angles) - out[:, 1::2] * np.sin(angles)
    out[:, 1::2] = out[:, 0::2] * np.sin(angles) + out[:, 1::2] * np.cos(angles)  # first is already turned
    return out


def rope_in_place(x, positions):
    angles = _rope_angles(x, positions)
    first, second = x[:, 0::2].copy(), x[:, 1::2].copy()
    x[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)  # writes into the caller's array
    x[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return x


def rope_ignores_positions(x, positions):
    angles = _rope_angles(x, np.arange(len(x)))
    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return out


def rope_i_not_2i(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(d_head // 2) / d_head)
    angles = np.asarray(positions)[:, None] * thetas
    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return out


def rope_tile_not_repeat(x, positions):
    angles = _rope_angles(x, positions)
    cos, sin = np.tile(np.cos(angles), 2), np.tile(np.sin(angles), 2)  # [a0 a1 .. a0 a1 ..], not [a0 a0 a1 a1 ..]
    turned = np.empty_like(x)
    turned[:, 0::2], turned[:, 1::2] = -x[:, 1::2], x[:, 0::2]
    return x * cos + turned * sin


def rope_adds_table(x, positions):
    angles = _rope_angles(x, positions)
    table = np.empty_like(x)
    table[:, 0::2], table[:, 1::2] = np.sin(angles), np.cos(angles)
    return x + table


def rope_output_in_halves(x, positions):
    angles = _rope_angles(x, positions)
    first, second = x[:, 0::2], x[:, 1::2]
    new_first = first * np.cos(angles) - second * np.sin(angles)
    new_second = first * np.sin(angles) + second * np.cos(angles)
    return np.concatenate([new_first, new_second], axis=1)


def rope_sin_cos_swapped(x, positions):
    angles = _rope_angles(x, positions)
    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.sin(angles) - second * np.cos(angles)
    out[:, 1::2] = first * np.cos(angles) + second * np.sin(angles)
    return out


def rope_complex(x, positions):
    angles = _rope_angles(x, positions)
    turned = (x[:, 0::2] + 1j * x[:, 1::2]) * np.exp(1j * angles)  # each pair as one complex number
    out = np.empty(x.shape)
    out[:, 0::2], out[:, 1::2] = turned.real, turned.imag
    return out


def rope_loops_rotation_matrix(x, positions):
    out = np.zeros(x.shape)
    d_head = x.shape[1]
    for row, m in enumerate(positions):
        for i in range(d_head // 2):
            a = m * np.exp(-2 * i / d_head * np.log(10000.0))
            rotation = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
            out[row, 2 * i : 2 * i + 2] = rotation @ x[row, 2 * i : 2 * i + 2]
    return out


def rope_float32(x, positions):
    x32 = np.asarray(x, dtype=np.float32)
    angles = _rope_angles(x32, positions)  # angles in float64, cos and sin cast after
    cos, sin = np.cos(angles).astype(np.float32), np.sin(angles).astype(np.float32)
    out = np.empty_like(x32)
    out[:, 0::2] = x32[:, 0::2] * cos - x32[:, 1::2] * sin
    out[:, 1::2] = x32[:, 0::2] * sin + x32[:, 1::2] * cos
    return out


def rope_repeat_rotate_every_two(x, positions):
    angles = _rope_angles(x, positions)
    cos, sin = np.repeat(np.cos(angles), 2, axis=1), np.repeat(np.sin(angles), 2, axis=1)
    turned = np.stack([-x[:, 1::2], x[:, 0::2]], axis=-1).reshape(x.shape)  # (-x1, x0, -x3, x2, ...)
    return x * cos + turned * sin


# --------------------------------------------------------------------------------------------------
# 06 · check_alibi_slopes(my_alibi_slopes): 2**(-8h/n) for a power of two n, the authors' rule otherwise
# --------------------------------------------------------------------------------------------------


def _power_of_two(n):
    return 2.0 ** (-8 * np.arange(1, n + 1) / n)


def slopes_paper_text_rule(num_heads):
    return _power_of_two(num_heads)


def slopes_h_from_zero(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(n) / n)

    c = 1 << (num_heads.bit_length() - 1)
    return np.concatenate([power_of_two(c), power_of_two(2 * c)[0::2][: num_heads - c]])


def slopes_as_if_next_power(num_heads):
    c = 1 << (num_heads - 1).bit_length()  # the next power of two up: 16 for 12 heads
    return _power_of_two(c)[:num_heads]


def slopes_odd_indices(num_heads):
    c = 1 << (num_heads.bit_length() - 1)
    return np.concatenate([_power_of_two(c), _power_of_two(2 * c)[1::2][: num_heads - c]])


def slopes_no_step(num_heads):
    c = 1 << (num_heads.bit_length() - 1)
    return np.concatenate([_power_of_two(c), _power_of_two(2 * c)[: num_heads - c]])


def slopes_rounded_log2(num_heads):
    c = 2 ** int(round(np.log2(num_heads)))  # rounds 12 up to 16
    return np.concatenate([_power_of_two(c), _power_of_two(2 * c)[0::2][: num_heads - c]])


def slopes_positive_exponent(num_heads):
    def power_of_two(n):
        return 2.0 ** (8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)
    return np.concatenate([power_of_two(c), power_of_two(2 * c)[0::2][: num_heads - c]])


def slopes_precedence(num_heads):
    def power_of_two(n):
        return 2.0**-8 * np.arange(1, n + 1) / n  # ** binds before *: 2^-8 times h / n

    c = 1 << (num_heads.bit_length() - 1)
    return np.concatenate([power_of_two(c), power_of_two(2 * c)[0::2][: num_heads - c]])


def slopes_sorted(num_heads):
    c = 1 << (num_heads.bit_length() - 1)
    slopes = np.concatenate([_power_of_two(c), _power_of_two(2 * c)[0::2][: num_heads - c]])
    return np.sort(slopes)[::-1]


def slopes_list(num_heads):
    c = 1 << (num_heads.bit_length() - 1)
    first = [2.0 ** (-8 * h / c) for h in range(1, c + 1)]
    doubled = [2.0 ** (-8 * h / (2 * c)) for h in range(1, 2 * c + 1)]
    return first + doubled[0::2][: num_heads - c]


def slopes_authors_code(num_heads):
    def get_slopes_power_of_2(n):
        start = 2 ** (-(2 ** -(np.log2(n) - 3)))
        ratio = start
        return [start * ratio**i for i in range(n)]

    def get_slopes(n):
        if np.log2(n).is_integer():
            return get_slopes_power_of_2(n)
        closest = 2 ** int(np.floor(np.log2(n)))
        return get_slopes_power_of_2(closest) + get_slopes(2 * closest)[0::2][: n - closest]

    return np.array(get_slopes(num_heads))


def slopes_exp2_loop(num_heads):
    c = 1
    while 2 * c <= num_heads:
        c *= 2
    out = np.empty(num_heads)
    for h in range(num_heads):
        # head h < c: 2^(-8(h+1)/c); the extra head h >= c: index 2(h - c) of 2c heads, that is 2^(-8(2(h-c)+1)/(2c))
        out[h] = np.exp2(-8 * (h + 1) / c) if h < c else np.exp2(-8 * (2 * (h - c) + 1) / (2 * c))
    return out


def slopes_float32_geometric(num_heads):
    c = 1 << (num_heads.bit_length() - 1)
    first = np.float32(2.0 ** (-8 / c)) ** np.arange(1, c + 1, dtype=np.float32)
    doubled = np.float32(2.0 ** (-8 / (2 * c))) ** np.arange(1, 2 * c + 1, dtype=np.float32)
    return np.concatenate([first, doubled[0::2][: num_heads - c]])


# --------------------------------------------------------------------------------------------------
# 06 · check_alibi_bias(my_alibi_bias): -m_h (i - j) for j <= i and 0 above; -m_h |i - j| when not causal
# --------------------------------------------------------------------------------------------------


def _ij(seq_len):
    return np.arange(seq_len)[:, None], np.arange(seq_len)[None, :]


def bias_positive(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)
    i, j = _ij(seq_len)
    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)
    return slopes[:, None, None] * distance


def bias_transposed(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)
    i, j = _ij(seq_len)
    distance = np.maximum(j - i, 0) if causal else np.abs(i - j)
    return -slopes[:, None, None] * distance


def bias_upper_not_zeroed(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)
    i, j = _ij(seq_len)
    distance = (i - j) if causal else np.abs(i - j)
    return -slopes[:, None, None] * distance


def bias_signed_when_not_causal(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)
    i, j = _ij(seq_len)
    distance = np.maximum(i - j, 0) if causal else i - j
    return -slopes[:, None, None] * distance


def bias_ignores_causal(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)
    i, j = _ij(seq_len)
    distance = np.maximum(i - j, 0)
    return -slopes[:, None, None] * distance


def bias_heads_last(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)
    i, j = _ij(seq_len)
    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)
    return -slopes[None, None, :] * distance[:, :, None]  # (seq_len, seq_len, num_heads)


def bias_one_axis_for_slopes(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)
    i, j = _ij(seq_len)
    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)
    return -slopes[:, None] * distance  # (num_heads, 1) against (seq_len, seq_len)


def bias_minus_inf_above(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)
    i, j = _ij(seq_len)
    if causal:
        return np.where(j > i, -np.inf, -slopes[:, None, None] * (i - j))
    return -slopes[:, None, None] * np.abs(i - j)


def bias_default_not_causal(seq_len, num_heads, causal=False):
    slopes = posenc.alibi_slopes(num_heads)
    i, j = _ij(seq_len)
    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)
    return -slopes[:, None, None] * distance


def bias_paper_slopes(seq_len, num_heads, causal=True):
    slopes = 2.0 ** (-8 * np.arange(1, num_heads + 1) / num_heads)  # the paper's text rule, any head count
    i, j = _ij(seq_len)
    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)
    return -slopes[:, None, None] * distance


def bias_tril(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)
    i, j = _ij(seq_len)
    distance = np.tril(i - j) if causal else np.abs(i - j)  # below the diagonal i - j >= 0 already
    return -slopes[:, None, None] * distance


def bias_loops(seq_len, num_heads, causal=True):
    slopes = list(posenc.alibi_slopes(num_heads))
    bias = np.zeros((num_heads, seq_len, seq_len))
    for h, m in enumerate(slopes):
        for i in range(seq_len):
            for j in range(seq_len):
                if j <= i:
                    bias[h, i, j] = -m * (i - j)
                elif not causal:
                    bias[h, i, j] = -m * (j - i)
    return bias


def bias_einsum_float32(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads).astype(np.float32)
    offsets = np.subtract.outer(np.arange(seq_len), np.arange(seq_len)).astype(np.float32)  # i - j
    distance = np.clip(offsets, 0, None) if causal else np.abs(offsets)
    return np.einsum("h,ij->hij", -slopes, distance)


# --------------------------------------------------------------------------------------------------
# 07 · check_t5_bucket(my_t5_bucket): T5's bucket for each offset i - j (query minus key), causal or
#      bidirectional, exact below n // 2, then logarithmic up to max_distance, at most n - 1
# --------------------------------------------------------------------------------------------------


def _t5_sides(offsets, bidirectional, num_buckets):
    """The lesson's first lines, done right: the offsets as an array, n, first and distance."""
    offsets = np.asarray(offsets)
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        return offsets, n, np.where(offsets < 0, n, 0), np.abs(offsets)
    return offsets, n, 0, np.maximum(offsets, 0)


def _t5_far(distance, n, max_distance):
    """The lesson's last lines, done right: exact, then the logarithmic buckets up to n - 1."""
    exact = n // 2
    log_part = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    return exact, np.minimum(exact + log_part.astype(int), n - 1)


def t5_key_minus_query(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    offsets, n, first, distance = _t5_sides(-np.asarray(offsets), bidirectional, num_buckets)  # as in the paper's code
    exact, far = _t5_far(distance, n, max_distance)
    return first + np.where(distance < exact, distance, far)


def t5_upper_half_missing(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    offsets, n, _, distance = _t5_sides(offsets, bidirectional, num_buckets)
    first = 0  # never moved to the upper half
    exact, far = _t5_far(distance, n, max_distance)
    return first + np.where(distance < exact, distance, far)


def t5_upper_half_at_num_buckets(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    offsets, n, _, distance = _t5_sides(offsets, bidirectional, num_buckets)
    first = np.where(offsets < 0, num_buckets, 0) if bidirectional else 0
    exact, far = _t5_far(distance, n, max_distance)
    return first + np.where(distance < exact, distance, far)


def t5_n_not_halved(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    offsets = np.asarray(offsets)
    n = num_buckets
    first = np.where(offsets < 0, n, 0) if bidirectional else 0
    distance = np.abs(offsets) if bidirectional else np.maximum(offsets, 0)
    exact, far = _t5_far(distance, n, max_distance)
    return first + np.where(distance < exact, distance, far)


def t5_abs_when_causal(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    offsets, n, first, _ = _t5_sides(offsets, bidirectional, num_buckets)
    distance = np.abs(offsets)  # in both directions
    exact, far = _t5_far(distance, n, max_distance)
    return first + np.where(distance < exact, distance, far)


def t5_causal_distance_unclipped(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    offsets, n, first, distance = _t5_sides(offsets, bidirectional, num_buckets)
    if not bidirectional:
        distance = offsets
    exact, far = _t5_far(distance, n, max_distance)
    return first + np.where(distance < exact, distance, far)


def t5_exact_is_n(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    offsets, n, first, distance = _t5_sides(offsets, bidirectional, num_buckets)
    exact = n
    log_part = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + log_part.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)


def t5_log_part_alone(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    offsets, n, first, distance = _t5_sides(offsets, bidirectional, num_buckets)
    exact = n // 2
    log_part = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(log_part.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)


def t5_log_of_distance(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    offsets, n, first, distance = _t5_sides(offsets, bidirectional, num_buckets)
    exact = n // 2
    log_part = np.log(np.maximum(distance, exact)) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + log_part.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)


def t5_log_of_max_distance(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    offsets, n, first, distance = _t5_sides(offsets, bidirectional, num_buckets)
    exact = n // 2
    log_part = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance) * (n - exact)
    far = np.minimum(exact + log_part.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)


def t5_times_n(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    offsets, n, first, distance = _t5_sides(offsets, bidirectional, num_buckets)
    exact = n // 2
    log_part = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * n
    far = np.minimum(exact + log_part.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)


def t5_no_clamp(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    offsets, n, first, distance = _t5_sides(offsets, bidirectional, num_buckets)
    exact = n // 2
    log_part = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = exact + log_part.astype(int)
    return first + np.where(distance < exact, distance, far)


def t5_clamp_at_n(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    offsets, n, first, distance = _t5_sides(offsets, bidirectional, num_buckets)
    exact = n // 2
    log_part = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + log_part.astype(int), n)
    return first + np.where(distance < exact, distance, far)


def t5_clamp_at_num_buckets(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    offsets, n, first, distance = _t5_sides(offsets, bidirectional, num_buckets)
    exact = n // 2
    log_part = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + log_part.astype(int), num_buckets - 1)
    return first + np.where(distance < exact, distance, far)


def t5_np_round(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    offsets, n, first, distance = _t5_sides(offsets, bidirectional, num_buckets)
    exact = n // 2
    log_part = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + np.round(log_part).astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)


def t5_np_ceil(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    offsets, n, first, distance = _t5_sides(offsets, bidirectional, num_buckets)
    exact = n // 2
    log_part = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + np.ceil(log_part).astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)


def t5_no_astype(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    offsets, n, first, distance = _t5_sides(offsets, bidirectional, num_buckets)
    exact = n // 2
    log_part = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + log_part, n - 1)
    return first + np.where(distance < exact, distance, far)


def t5_half_as_float(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    offsets, n, first, distance = _t5_sides(offsets, bidirectional, num_buckets)
    exact = n / 2
    log_part = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + log_part.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)


def t5_floor_division_ratio(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    offsets, n, first, distance = _t5_sides(offsets, bidirectional, num_buckets)
    exact = n // 2
    log_part = np.log(np.maximum(distance, exact) // exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + log_part.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)


def t5_returns_list(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    exact = n // 2
    buckets = []
    for offset in offsets:
        first = n if bidirectional and offset < 0 else 0
        distance = abs(offset) if bidirectional else max(offset, 0)
        if distance < exact:
            buckets.append(first + distance)
        else:
            log_part = np.log(distance / exact) / np.log(max_distance / exact) * (n - exact)
            buckets.append(first + min(exact + int(log_part), n - 1))
    return buckets


def t5_offsets_as_column(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    offsets, n, first, distance = _t5_sides(np.asarray(offsets)[:, None], bidirectional, num_buckets)  # as a column
    exact, far = _t5_far(distance, n, max_distance)
    return first + np.where(distance < exact, distance, far)


def t5_where_branches_swapped(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    offsets, n, first, distance = _t5_sides(offsets, bidirectional, num_buckets)
    exact, far = _t5_far(distance, n, max_distance)
    return first + np.where(distance < exact, far, distance)


def t5_log2_then_ln(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    offsets, n, first, distance = _t5_sides(offsets, bidirectional, num_buckets)
    exact = n // 2
    log_part = np.log2(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + log_part.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)


def t5_log2_both(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    offsets, n, first, distance = _t5_sides(offsets, bidirectional, num_buckets)
    exact = n // 2
    log_part = np.log2(np.maximum(distance, exact) / exact) / np.log2(max_distance / exact) * (n - exact)
    far = np.minimum(exact + log_part.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)


def t5_loop_math_log(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    exact = n // 2
    buckets = np.zeros(len(offsets), dtype=int)
    for k, offset in enumerate(offsets):
        first = n if bidirectional and offset < 0 else 0
        distance = abs(int(offset)) if bidirectional else max(int(offset), 0)
        if distance < exact:
            buckets[k] = first + distance
        else:
            grown = math.log(distance / exact) / math.log(max_distance / exact) * (n - exact)
            buckets[k] = first + min(exact + math.floor(grown), n - 1)
    return buckets


def t5_float32_clip(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    offsets = np.asarray(offsets)
    n = num_buckets // 2 if bidirectional else num_buckets
    first = (offsets < 0) * n if bidirectional else 0
    distance = np.abs(offsets) if bidirectional else np.clip(offsets, 0, None)
    exact = n // 2
    ratio = np.maximum(distance, exact).astype(np.float32) / np.float32(exact)
    log_part = np.log(ratio) / np.float32(np.log(max_distance / exact)) * np.float32(n - exact)
    far = np.clip(exact + log_part.astype(np.int32), None, n - 1)
    return first + np.where(distance < exact, distance, far)


# --------------------------------------------------------------------------------------------------
# 08 · check_comparison_table(my_table): five schemes, five columns, each cell an allowed answer
# --------------------------------------------------------------------------------------------------

KIND, WHERE, TRAINED, PAST, USED = (
    "absolute or relative",
    "where it acts",
    "trained position parameters",
    "past the training length",
    "used by",
)
_OPTIONS = {  # as the lesson's cell prints them, numbered from 1
    KIND: ["absolute", "relative"],
    WHERE: ["added to the input", "turns queries and keys", "added to the scores"],
    TRAINED: ["none", "one row per position", "one scalar per bucket and head"],
    PAST: [
        "stops at its last row: nothing to look up past it",
        "runs on positions or angles never trained",
        "runs: far offsets share the last trained bucket",
        "runs: far keys just get a larger penalty",
    ],
    USED: ["the original Transformer", "BERT, GPT-2", "T5", "Llama, Mistral", "BLOOM, MPT"],
}
_ROWS = ["sinusoidal", "learned", "T5 bias", "RoPE", "ALiBi"]
_NUMBERS = {  # the answer's option numbers, row by row, columns in the order above
    "sinusoidal": (1, 1, 1, 2, 1),
    "learned": (1, 1, 2, 1, 2),
    "T5 bias": (2, 3, 3, 3, 3),
    "RoPE": (2, 2, 1, 2, 4),
    "ALiBi": (2, 3, 1, 4, 5),
}


def _table(numbers=False, **changes):
    """The right table (texts, or option numbers), with `changes` as {"row|column": answer}."""
    table = {}
    for scheme in _ROWS:
        table[scheme] = {}
        for column, n in zip(_OPTIONS, _NUMBERS[scheme], strict=True):
            table[scheme][column] = n if numbers else _OPTIONS[column][n - 1]
    for where, answer in changes.items():
        scheme, column = where.split("|")
        table[scheme][column] = answer
    return table


def _shared_row_table():
    # row = {} made once, then dict.fromkeys(schemes, row): every scheme holds the same dict
    row = dict.fromkeys(_OPTIONS, ...)
    table = dict.fromkeys(_ROWS, row)
    for scheme in _ROWS:  # filled in scheme by scheme; each row overwrites the previous one's answers
        for column, n in zip(_OPTIONS, _NUMBERS[scheme], strict=True):
            table[scheme][column] = _OPTIONS[column][n - 1]
    return table


def _zero_based_table():
    return {scheme: {column: n - 1 for column, n in zip(_OPTIONS, _NUMBERS[scheme], strict=True)} for scheme in _ROWS}


def _one_row_unfilled():
    table = _table()
    table["T5 bias"] = dict.fromkeys(_OPTIONS, ...)
    return table


def _used_by_swapped():
    return _table(**{f"RoPE|{USED}": "BLOOM, MPT", f"ALiBi|{USED}": "Llama, Mistral"})


def _mixed_numbers_and_text():
    table = _table()
    for scheme in ("learned", "RoPE"):
        for column, n in zip(_OPTIONS, _NUMBERS[scheme], strict=True):
            table[scheme][column] = n
    return table


def _columns_reordered():
    table = _table()
    return {scheme: dict(reversed(list(row.items()))) for scheme, row in reversed(list(table.items()))}


# --------------------------------------------------------------------------------------------------
# 08 · check_scheme_layer(my_scheme_layer): one head on the sentence, five schemes, (outputs, weights)
# --------------------------------------------------------------------------------------------------


def _layer(sentence, scheme, causal, *, inputs=None, turn=None, bias=None, mask=None, ret=None):
    """The lesson's solution, with one of its steps replaced by a learner's version."""
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
    if inputs is not None:
        x = inputs(x, sentence, scheme, parts)
    elif scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    if turn is not None:
        q, k, v = turn(q, k, v, scheme)
    elif scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    scores_bias = None if bias is None else bias(n, scheme, causal)  # None: the solution's bias for this scheme
    if scores_bias is not None:
        pass
    elif scheme == "alibi":
        i = np.arange(n)
        scores_bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    elif scheme == "t5":
        i = np.arange(n)
        scores_bias = parts["bucket_values"][posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=not causal)]
    the_mask = mask(n, causal) if mask is not None else (posenc.causal_mask(n) if causal else None)
    result = posenc.attention(q, k, v, mask=the_mask, bias=scores_bias)
    return ret(result) if ret is not None else result


def layer_rope_on_values(sentence, scheme, causal=False):
    def turn(q, k, v, scheme):
        if scheme == "rope":
            return posenc.apply_rope(q), posenc.apply_rope(k), posenc.apply_rope(v)
        return q, k, v

    return _layer(sentence, scheme, causal, turn=turn)


def layer_rope_queries_only(sentence, scheme, causal=False):
    def turn(q, k, v, scheme):
        return (posenc.apply_rope(q), k, v) if scheme == "rope" else (q, k, v)

    return _layer(sentence, scheme, causal, turn=turn)


def layer_rope_label_test(sentence, scheme, causal=False):
    def turn(q, k, v, scheme):
        return (posenc.apply_rope(q), posenc.apply_rope(k), v) if scheme == "RoPE" else (q, k, v)

    return _layer(sentence, scheme, causal, turn=turn)


def layer_alibi_sign(sentence, scheme, causal=False):
    def bias(n, scheme, causal):
        i = np.arange(n)
        return capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :]) if scheme == "alibi" else None

    return _layer(sentence, scheme, causal, bias=bias)


def layer_alibi_always_causal(sentence, scheme, causal=False):
    def bias(n, scheme, causal):
        return posenc.alibi_bias(n, 8)[0] if scheme == "alibi" else None  # the causal form, even for an encoder

    return _layer(sentence, scheme, causal, bias=bias)


def layer_alibi_one_head_slope(sentence, scheme, causal=False):
    def bias(n, scheme, causal):
        return posenc.alibi_bias(n, 1, causal=causal)[0] if scheme == "alibi" else None  # slope 2^-8

    return _layer(sentence, scheme, causal, bias=bias)


def layer_t5_key_minus_query(sentence, scheme, causal=False):
    def bias(n, scheme, causal):
        if scheme != "t5":
            return None
        i = np.arange(n)
        return capstone.parts()["bucket_values"][posenc.t5_bucket(i[None, :] - i[:, None], bidirectional=not causal)]

    return _layer(sentence, scheme, causal, bias=bias)


def layer_t5_decoder_buckets(sentence, scheme, causal=False):
    def bias(n, scheme, causal):
        if scheme != "t5":
            return None
        i = np.arange(n)
        return capstone.parts()["bucket_values"][posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=False)]

    return _layer(sentence, scheme, causal, bias=bias)


def layer_t5_bidirectional_flag_inverted(sentence, scheme, causal=False):
    def bias(n, scheme, causal):
        if scheme != "t5":
            return None
        i = np.arange(n)
        return capstone.parts()["bucket_values"][posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=causal)]

    return _layer(sentence, scheme, causal, bias=bias)


def layer_t5_distance_as_index(sentence, scheme, causal=False):
    def bias(n, scheme, causal):
        if scheme != "t5":
            return None
        i = np.arange(n)
        return capstone.parts()["bucket_values"][np.abs(i[:, None] - i[None, :])]  # ALiBi's distances, reused

    return _layer(sentence, scheme, causal, bias=bias)


def layer_t5_minus_like_alibi(sentence, scheme, causal=False):
    def bias(n, scheme, causal):
        if scheme != "t5":
            return None
        i = np.arange(n)
        return -capstone.parts()["bucket_values"][posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=not causal)]

    return _layer(sentence, scheme, causal, bias=bias)


def layer_t5_via_t5_bias(sentence, scheme, causal=False):
    def bias(n, scheme, causal):
        if scheme != "t5":
            return None
        values = capstone.parts()["bucket_values"][None, :]  # one head: (1, 32)
        return posenc.t5_bias(values, n, bidirectional=not causal)[0]

    return _layer(sentence, scheme, causal, bias=bias)


def layer_rows_by_word(sentence, scheme, causal=False):
    def inputs(x, sentence, scheme, parts):
        word_ids = [capstone.WORDS.index(word) for word in sentence]
        if scheme == "sinusoidal":
            return x + posenc.sinusoidal(len(capstone.WORDS), x.shape[1])[word_ids]
        return x + parts["table"][word_ids] if scheme == "learned" else x

    return _layer(sentence, scheme, causal, inputs=inputs)


def layer_no_mask(sentence, scheme, causal=False):
    return _layer(sentence, scheme, causal, mask=lambda n, causal: None)


def layer_mask_transposed(sentence, scheme, causal=False):
    return _layer(sentence, scheme, causal, mask=lambda n, causal: posenc.causal_mask(n).T if causal else None)


def layer_returns_outputs(sentence, scheme, causal=False):
    return _layer(sentence, scheme, causal, ret=lambda result: result[0])


def layer_rope_shifted_positions(sentence, scheme, causal=False):
    def turn(q, k, v, scheme):
        if scheme == "rope":
            start = np.arange(1, len(q) + 1)  # positions 1 .. n: only the offsets m - n reach the scores
            return posenc.apply_rope(q, start), posenc.apply_rope(k, start), v
        return q, k, v

    return _layer(sentence, scheme, causal, turn=turn)


def layer_alibi_from_posenc(sentence, scheme, causal=False):
    def bias(n, scheme, causal):
        # head 1 of 8 has slope 1/2; in the causal form the part above the diagonal is masked anyway
        return posenc.alibi_bias(n, 8, causal=causal)[0] if scheme == "alibi" else None

    return _layer(sentence, scheme, causal, bias=bias)


def layer_dispatch_by_hand(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]
    n = len(sentence)
    x = np.stack([parts["embeddings"][capstone.WORDS.index(word)] for word in sentence])
    added = {"sinusoidal": posenc.sinusoidal(n, x.shape[1]), "learned": parts["table"][:n]}
    x = x + added.get(scheme, 0.0)
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    scores = q @ k.T / np.sqrt(q.shape[1])
    offsets = np.arange(n)[:, None] - np.arange(n)
    if scheme == "alibi":
        scores = scores - capstone.ALIBI_SLOPE * np.abs(offsets)
    if scheme == "t5":
        scores = scores + parts["bucket_values"][posenc.t5_bucket(offsets, bidirectional=not causal)]
    if causal:
        scores = np.where(np.tril(np.ones((n, n), dtype=bool)), scores, -np.inf)
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v, weights


# --------------------------------------------------------------------------------------------------
# The catalogue
# --------------------------------------------------------------------------------------------------

_P, _A, _E, _S, _W = (
    "check_positions_column",
    "check_attention",
    "check_equivariance_test",
    "check_sinusoidal",
    "check_wavelength",
)
_M, _C, _R, _SL, _B = (
    "check_offset_rotation",
    "check_cosine_similarity",
    "check_apply_rope",
    "check_alibi_slopes",
    "check_alibi_bias",
)
_T5, _T, _L = "check_t5_bucket", "check_comparison_table", "check_scheme_layer"

MISTAKES: list[Mistake] = [
    # 00 · positions column
    Mistake(
        _P,
        "positions-row",
        "It returns a flat row of shape (seq_len,): add a second axis with [:, None] to make a column.",
        positions_row,
    ),
    Mistake(
        _P,
        "positions-row-2d",
        "np.atleast_2d puts the new axis in front, giving a (1, seq_len) row, not a (seq_len, 1) column.",
        positions_row_2d,
    ),
    Mistake(
        _P,
        "positions-from-one",
        "Positions start at 0, not 1: np.arange(seq_len) already gives 0 .. seq_len - 1.",
        positions_from_one,
    ),
    Mistake(
        _P,
        "positions-one-short",
        "np.arange stops before its end value, so np.arange(seq_len - 1) loses the last position.",
        positions_one_short,
    ),
    Mistake(
        _P,
        "positions-one-extra",
        "np.arange(seq_len + 1) gives one position too many: its end value is already excluded.",
        positions_one_extra,
    ),
    Mistake(
        _P,
        "positions-linspace",
        "np.linspace(0, seq_len, seq_len) includes its end point, so the steps are not 1 apart.",
        positions_linspace,
    ),
    Mistake(
        _P,
        "positions-zeros",
        "The shape is right but the column was never filled with the positions: it is all zeros.",
        positions_zeros,
    ),
    Mistake(_P, "positions-list", "It returns a Python list of lists, not a NumPy array.", positions_list),
    Mistake(
        _P,
        "positions-tuple",
        "A stray comma after the return value makes it a one-element tuple, not the array.",
        positions_tuple,
    ),
    # 01 · attention
    Mistake(_A, "attention-unscaled", "The scores were not divided by sqrt(d_head).", attention_unscaled),
    Mistake(
        _A,
        "attention-divided-by-d",
        "The scores were divided by d_head itself instead of its square root.",
        attention_divided_by_d,
    ),
    Mistake(
        _A,
        "attention-scaled-by-seq-len",
        "The scale uses q.shape[0], the number of queries, instead of d_head = q.shape[-1].",
        attention_scaled_by_seq_len,
    ),
    Mistake(
        _A,
        "attention-softmax-over-queries",
        "The softmax runs along axis 0, the queries, so each key's column sums to 1 instead of each query's row.",
        attention_softmax_over_queries,
    ),
    Mistake(
        _A,
        "attention-returns-tuple",
        "It returns (output, weights) as posenc.attention does, but the exercise asks for the output only.",
        attention_returns_tuple,
    ),
    Mistake(
        _A,
        "attention-returns-weights",
        "It returns the weights instead of the weighted sum of the values, weights @ v.",
        attention_returns_weights,
    ),
    Mistake(
        _A,
        "attention-exp-not-normalised",
        "np.exp of the scores was not divided by its row sums, so the weights do not sum to 1.",
        attention_exp_not_normalised,
    ),
    Mistake(
        _A,
        "attention-normalised-over-all",
        "The exponentials were divided by the sum of the whole matrix instead of each row's sum.",
        attention_normalised_over_all,
    ),
    Mistake(
        _A,
        "attention-max-over-wrong-axis",
        "The maximum subtracted for stability was taken down the columns (axis 0), so each row is shifted by different amounts and the weights change.",
        attention_max_over_wrong_axis,
    ),
    Mistake(
        _A,
        "attention-sum-without-keepdims",
        "The row sums lost their axis (no keepdims=True), so they line up with the keys and divide the wrong entries; it crashes when seq_len_q differs from seq_len_k.",
        attention_sum_without_keepdims,
    ),
    # 01 · equivariance test
    Mistake(
        _E,
        "equivariance-tests-invariance",
        "It compares f(x[perm]) with f(x) unshuffled, which tests invariance: the outputs must be shuffled too, f(x)[perm].",
        equivariance_tests_invariance,
    ),
    Mistake(
        _E,
        "equivariance-exact-equality",
        "np.array_equal demands identical bits, but the shuffled sums differ in the last digit: compare with np.allclose.",
        equivariance_exact_equality,
    ),
    Mistake(
        _E,
        "equivariance-inverse-permutation",
        "It shuffles the outputs by the inverse permutation np.argsort(perm) instead of perm itself.",
        equivariance_inverse_permutation,
    ),
    Mistake(
        _E,
        "equivariance-returns-array",
        "np.isclose returns an array of True/False, one per entry, not a single answer: use np.allclose.",
        equivariance_returns_array,
    ),
    Mistake(
        _E,
        "equivariance-compares-shapes",
        "It compares only the shapes of the two outputs, which match for any function, not their values.",
        equivariance_compares_shapes,
    ),
    Mistake(
        _E,
        "equivariance-compares-sums",
        "It compares the sums over the rows, which any reordering of the rows keeps, so it cannot see where each output went.",
        equivariance_compares_sums,
    ),
    Mistake(
        _E,
        "equivariance-prints",
        "It prints the answer instead of returning it, so the function returns None.",
        equivariance_prints,
    ),
    # 02 · sinusoidal table
    Mistake(
        _S,
        "sinusoidal-i-not-2i",
        "The exponent uses i = 0, 1, 2, ... where the formula has 2i = 0, 2, 4, ...: use np.arange(0, d_model, 2).",
        sinusoidal_i_not_2i,
    ),
    Mistake(
        _S,
        "sinusoidal-sin-cos-swapped",
        "The cosines went into the even columns and the sines into the odd ones.",
        sinusoidal_sin_cos_swapped,
    ),
    Mistake(
        _S,
        "sinusoidal-halves-layout",
        "All the sines come first and then all the cosines ([sin | cos], Tensor2Tensor's layout), not interleaved as the paper has them.",
        sinusoidal_halves_layout,
    ),
    Mistake(
        _S,
        "sinusoidal-positive-exponent",
        "The minus sign of the exponent is missing, so the frequencies grow from 1 to about 10000 instead of shrinking.",
        sinusoidal_positive_exponent,
    ),
    Mistake(
        _S,
        "sinusoidal-positions-from-one",
        "The positions start at 1 instead of 0, so the first row is not all sines 0 and cosines 1.",
        sinusoidal_positions_from_one,
    ),
    Mistake(
        _S,
        "sinusoidal-times-two-pi",
        "The angles were multiplied by 2π, as if ω counted turns per position; ω is already in radians per position.",
        sinusoidal_times_two_pi,
    ),
    Mistake(
        _S,
        "sinusoidal-cosine-overwrites-sine",
        "The cosine line was copied from the sine line with the slice left at 0::2, so it overwrites the sines and the odd columns stay 0.",
        sinusoidal_cosine_overwrites_sine,
    ),
    Mistake(
        _S,
        "sinusoidal-floor-division",
        "// is floor division: 2i // d_model is 0 for every pair, so every frequency is 1; use /.",
        sinusoidal_floor_division,
    ),
    Mistake(
        _S,
        "sinusoidal-tensor2tensor-spacing",
        "The frequencies follow Tensor2Tensor's spacing 10000^(-i/(d_model/2 - 1)), not the paper's 10000^(-2i/d_model) (and give NaN for d_model = 2).",
        sinusoidal_tensor2tensor_spacing,
    ),
    Mistake(
        _S,
        "sinusoidal-returns-angles",
        "It returns the (seq_len, d_model // 2) angles instead of the table of their sines and cosines.",
        sinusoidal_returns_angles,
    ),
    # 02 · wavelength
    Mistake(
        _W,
        "wavelength-no-two-pi",
        "This is 1/ω, the positions per radian; a full turn is 2π radians, so the wavelength is 2π/ω.",
        wavelength_no_two_pi,
        WAVELENGTH_KWARGS,
    ),
    Mistake(
        _W,
        "wavelength-is-frequency",
        "This is the frequency ω_12 itself, not the wavelength 2π/ω_12.",
        wavelength_is_frequency,
        WAVELENGTH_KWARGS,
    ),
    Mistake(
        _W,
        "wavelength-multiplied",
        "2π was multiplied by ω instead of divided by it.",
        wavelength_multiplied,
        WAVELENGTH_KWARGS,
    ),
    Mistake(
        _W,
        "wavelength-i-not-2i",
        "The exponent uses i = 12 where the formula has 2i = 24.",
        wavelength_i_not_2i,
        WAVELENGTH_KWARGS,
    ),
    Mistake(
        _W,
        "wavelength-degrees",
        "A full turn was taken as 360 (degrees), but ω is in radians per position, so a turn is 2π.",
        wavelength_degrees,
        WAVELENGTH_KWARGS,
    ),
    Mistake(
        _W,
        "wavelength-half-turn",
        "π is half a turn: the wave repeats after 2π radians.",
        wavelength_half_turn,
        WAVELENGTH_KWARGS,
    ),
    Mistake(
        _W,
        "wavelength-pairs-denominator",
        "The exponent divides 2i by the number of pairs, d_model/2 = 24, instead of by d_model = 48.",
        wavelength_pairs_denominator,
        WAVELENGTH_KWARGS,
    ),
    Mistake(
        _W,
        "wavelength-counted-from-one",
        "Pairs are counted from 0, so pair 12 has i = 12, not i = 11.",
        wavelength_counted_from_one,
        WAVELENGTH_KWARGS,
    ),
    Mistake(
        _W,
        "wavelength-tensor2tensor",
        "This uses Tensor2Tensor's spacing 10000^(-i/(d_model/2 - 1)), not the paper's formula that the table follows.",
        wavelength_tensor2tensor,
        WAVELENGTH_KWARGS,
    ),
    Mistake(
        _W,
        "wavelength-whole-array",
        "It is the array of all 24 wavelengths: pick pair 12's, a single number.",
        wavelength_whole_array,
        WAVELENGTH_KWARGS,
    ),
    # 03 · offset rotation
    Mistake(
        _M,
        "offset-rope-block",
        "The block is the textbook rotation [[cos, -sin], [sin, cos]], the one RoPE uses, but with the table's (sin, cos) order row 2i must be [cos, sin].",
        offset_rope_block,
    ),
    Mistake(_M, "offset-no-minus", "The minus sign of the block's -sin entry was dropped.", offset_no_minus),
    Mistake(
        _M, "offset-forgot-k", "The angles use ω alone instead of k·ω, so this is M_1 whatever k is.", offset_forgot_k
    ),
    Mistake(
        _M,
        "offset-block-at-pair-index",
        "Each block sits at rows and columns i, i + 1 instead of 2i, 2i + 1, so the blocks overlap.",
        offset_block_at_pair_index,
    ),
    Mistake(
        _M,
        "offset-last-block-missing",
        "The loop runs over range(len(freqs) - 1) and never fills the last pair's block.",
        offset_last_block_missing,
    ),
    Mistake(
        _M, "offset-absolute-k", "It uses |k|, so a negative offset moves forwards instead of back.", offset_absolute_k
    ),
    Mistake(
        _M,
        "offset-returns-blocks",
        "It returns the (d_model/2, 2, 2) stack of blocks instead of placing them on the diagonal of a (d_model, d_model) matrix.",
        offset_returns_blocks,
    ),
    Mistake(
        _M, "offset-i-not-2i", "The frequencies were rebuilt with i in the exponent instead of 2i.", offset_i_not_2i
    ),
    Mistake(_M, "offset-cos-sin-swapped", "The block's cosines and sines were swapped.", offset_cos_sin_swapped),
    # 04 · cosine similarity
    Mistake(
        _C,
        "cosine-broadcast-one-length",
        "Dividing by the (seq_len,) lengths broadcasts along the columns, so each entry is divided by one row's length, not by both.",
        cosine_broadcast_one_length,
    ),
    Mistake(
        _C, "cosine-squared-lengths", "The lengths are sums of squares without the square root.", cosine_squared_lengths
    ),
    Mistake(
        _C,
        "cosine-whole-table-norm",
        "np.linalg.norm without axis= gives one number for the whole table, not each row's length.",
        cosine_whole_table_norm,
    ),
    Mistake(
        _C,
        "cosine-column-normalised",
        "The columns were scaled to length 1 (axis=0) instead of the rows.",
        cosine_column_normalised,
    ),
    Mistake(_C, "cosine-added-lengths", "The two lengths were added instead of multiplied.", cosine_added_lengths),
    Mistake(
        _C,
        "cosine-pearson",
        "np.corrcoef subtracts each row's mean first: that is the Pearson correlation, not the cosine similarity.",
        cosine_pearson,
    ),
    Mistake(
        _C,
        "cosine-dot-of-lengths",
        "np.dot(lengths, lengths) is one number, the sum of squared lengths; each entry needs lengths[p] * lengths[q], np.outer.",
        cosine_dot_of_lengths,
    ),
    Mistake(
        _C,
        "cosine-distance",
        "It returns 1 minus the similarity, the cosine distance (scipy's 'cosine').",
        cosine_distance,
    ),
    Mistake(
        _C,
        "cosine-in-place",
        "table /= ... rescales the caller's table in place; the result is right but the input is changed.",
        cosine_in_place,
    ),
    Mistake(
        _C,
        "cosine-axis0-lengths",
        "The lengths were taken along axis 0, the columns; it crashes unless the table is square.",
        cosine_axis0_lengths,
    ),
    # 05 · RoPE
    Mistake(
        _R,
        "rope-half-layout",
        "It pairs dimension i with i + d_head/2 (Hugging Face's rotate_half layout), but the exercise asks for interleaved pairs (2i, 2i + 1).",
        rope_half_layout,
    ),
    Mistake(
        _R,
        "rope-turned-backwards",
        "The signs of the sines are swapped, so each pair turns by minus its angle.",
        rope_turned_backwards,
    ),
    Mistake(
        _R,
        "rope-uses-rotated-first",
        "The second coordinate was computed from the first after the first had already been overwritten with its turned value.",
        rope_uses_rotated_first,
    ),
    Mistake(
        _R,
        "rope-in-place",
        "It writes the turned pairs into x itself and returns it, so the caller's array is changed.",
        rope_in_place,
    ),
    Mistake(
        _R,
        "rope-ignores-positions",
        "It turns row r by r (np.arange) instead of by the positions it was given.",
        rope_ignores_positions,
    ),
    Mistake(_R, "rope-i-not-2i", "The speeds were rebuilt with i in the exponent instead of 2i.", rope_i_not_2i),
    Mistake(
        _R,
        "rope-tile-not-repeat",
        "np.tile repeats the angles as a0 a1 ... a0 a1 ..., but interleaved pairs need each angle twice in a row, np.repeat(..., 2).",
        rope_tile_not_repeat,
    ),
    Mistake(_R, "rope-adds-table", "It adds the sinusoidal table to x instead of turning x's pairs.", rope_adds_table),
    Mistake(
        _R,
        "rope-output-in-halves",
        "The turned pairs are right but were stored as [all first | all second] instead of back into columns 2i and 2i + 1.",
        rope_output_in_halves,
    ),
    Mistake(_R, "rope-sin-cos-swapped", "cos and sin were swapped in the rotation formulas.", rope_sin_cos_swapped),
    # 06 · ALiBi slopes
    Mistake(
        _SL,
        "slopes-paper-text-rule",
        "It uses 2^(-8h/n) for every n; for a head count that is not a power of two the authors' code takes the slopes of the nearest powers of two.",
        slopes_paper_text_rule,
    ),
    Mistake(
        _SL,
        "slopes-h-from-zero",
        "The heads are counted from h = 0, so the first slope is 1; h runs from 1 to n.",
        slopes_h_from_zero,
    ),
    Mistake(
        _SL,
        "slopes-as-if-next-power",
        "It computes the slopes of the next power of two (16 for 12 heads) and keeps the first n, the common bug the lesson warns of.",
        slopes_as_if_next_power,
    ),
    Mistake(
        _SL,
        "slopes-odd-indices",
        "The extra slopes were taken at indices 1, 3, 5, ... ([1::2]) of the 2c heads' slopes instead of 0, 2, 4, ... ([0::2]).",
        slopes_odd_indices,
    ),
    Mistake(
        _SL,
        "slopes-no-step",
        "The extra slopes are the first n - c of the 2c heads' slopes, without taking every other one ([0::2]).",
        slopes_no_step,
    ),
    Mistake(
        _SL,
        "slopes-rounded-log2",
        "round(log2 n) rounds up for 12 or 6 heads: the largest power of two below n needs the floor.",
        slopes_rounded_log2,
    ),
    Mistake(
        _SL,
        "slopes-positive-exponent",
        "The minus sign of the exponent is missing, so the slopes grow above 1.",
        slopes_positive_exponent,
    ),
    Mistake(
        _SL,
        "slopes-precedence",
        "2.0 ** -8 * h / n computes 2^-8 times h/n: ** binds first, so the exponent needs brackets.",
        slopes_precedence,
    ),
    Mistake(
        _SL,
        "slopes-sorted",
        "The slopes were sorted, but the authors' code keeps the extra heads' slopes after the c first ones.",
        slopes_sorted,
    ),
    Mistake(_SL, "slopes-list", "It returns a Python list, not a NumPy array.", slopes_list),
    # 06 · ALiBi bias
    Mistake(
        _B, "bias-positive", "The minus sign is missing: the bias must lower the scores of far keys.", bias_positive
    ),
    Mistake(
        _B,
        "bias-transposed",
        "The causal distance uses j - i, so the penalty sits above the diagonal (on later keys) instead of below it.",
        bias_transposed,
    ),
    Mistake(
        _B,
        "bias-upper-not-zeroed",
        "The causal distance is i - j without np.maximum(..., 0), so the part above the diagonal is not 0 (it becomes a bonus).",
        bias_upper_not_zeroed,
    ),
    Mistake(
        _B,
        "bias-signed-when-not-causal",
        "With causal=False the distance is the signed i - j instead of |i - j|, so later keys get a bonus.",
        bias_signed_when_not_causal,
    ),
    Mistake(
        _B,
        "bias-ignores-causal",
        "The causal argument is never used: it always returns the causal form.",
        bias_ignores_causal,
    ),
    Mistake(
        _B,
        "bias-heads-last",
        "The heads went on the last axis, giving (seq_len, seq_len, num_heads) instead of (num_heads, seq_len, seq_len).",
        bias_heads_last,
    ),
    Mistake(
        _B,
        "bias-one-axis-for-slopes",
        "slopes[:, None] adds only one axis, so the slopes line up with the keys instead of making one matrix per head; it crashes unless num_heads is 1 or seq_len.",
        bias_one_axis_for_slopes,
    ),
    Mistake(
        _B,
        "bias-minus-inf-above",
        "It puts -inf above the diagonal, doing the mask's job; the bias must be 0 there.",
        bias_minus_inf_above,
    ),
    Mistake(
        _B,
        "bias-default-not-causal",
        "The default is causal=False, but the exercise's default is causal=True.",
        bias_default_not_causal,
    ),
    Mistake(
        _B,
        "bias-paper-slopes",
        "The slopes were written as 2^(-8h/n) for every head count instead of taken from posenc.alibi_slopes, which follows the authors' code for 12 or 6 heads.",
        bias_paper_slopes,
    ),
    # 07 · T5 buckets
    Mistake(
        _T5,
        "t5-key-minus-query",
        "The offsets were negated, as for the authors' key - query, but the course's offsets are already i - j: every bucket lands on the wrong side of the query.",
        t5_key_minus_query,
    ),
    Mistake(
        _T5,
        "t5-upper-half-missing",
        "When bidirectional, keys after the query were never moved to the upper half: first is 0 for every key.",
        t5_upper_half_missing,
    ),
    Mistake(
        _T5,
        "t5-upper-half-at-num-buckets",
        "Keys after the query were moved up by num_buckets instead of n = num_buckets // 2, past the last bucket.",
        t5_upper_half_at_num_buckets,
    ),
    Mistake(
        _T5,
        "t5-n-not-halved",
        "n was not halved when bidirectional, so each direction claims all the buckets.",
        t5_n_not_halved,
    ),
    Mistake(
        _T5,
        "t5-abs-when-causal",
        "When causal, the distance is np.abs(offsets), so keys after the query get their own buckets instead of bucket 0.",
        t5_abs_when_causal,
    ),
    Mistake(
        _T5,
        "t5-causal-distance-unclipped",
        "When causal, the distance is the offset itself, never clipped at 0, so keys after the query get negative buckets.",
        t5_causal_distance_unclipped,
    ),
    Mistake(
        _T5,
        "t5-exact-is-n",
        "exact = n instead of n // 2: every bucket is an exact one and there is no logarithmic part.",
        t5_exact_is_n,
    ),
    Mistake(
        _T5,
        "t5-log-part-alone",
        "The logarithmic part was not added to exact, so the far buckets start again from 0.",
        t5_log_part_alone,
    ),
    Mistake(
        _T5,
        "t5-log-of-distance",
        "It takes the log of the distance instead of distance / exact, so the far buckets start far too high.",
        t5_log_of_distance,
    ),
    Mistake(
        _T5,
        "t5-log-of-max-distance",
        "It divides by log(max_distance) instead of log(max_distance / exact), so the buckets grow too slowly.",
        t5_log_of_max_distance,
    ),
    Mistake(
        _T5,
        "t5-times-n",
        "It multiplies by n instead of n - exact, so the logarithmic buckets are used up twice as fast.",
        t5_times_n,
    ),
    Mistake(
        _T5,
        "t5-no-clamp",
        "The np.minimum(..., n - 1) is missing, so far keys get buckets past the last one.",
        t5_no_clamp,
    ),
    Mistake(
        _T5,
        "t5-clamp-at-n",
        "It clamps at n instead of n - 1: bucket n does not exist, since buckets count from 0.",
        t5_clamp_at_n,
    ),
    Mistake(
        _T5,
        "t5-clamp-at-num-buckets",
        "It clamps at num_buckets - 1, which when bidirectional lets a far key before the query climb into the upper half.",
        t5_clamp_at_num_buckets,
    ),
    Mistake(
        _T5,
        "t5-np-round",
        "np.round rounds the logarithmic part to the nearest bucket; T5 truncates it with .astype(int).",
        t5_np_round,
    ),
    Mistake(
        _T5,
        "t5-np-ceil",
        "np.ceil rounds the logarithmic part up; T5 truncates it with .astype(int).",
        t5_np_ceil,
    ),
    Mistake(
        _T5,
        "t5-no-astype",
        "The logarithmic part was never turned into an integer, so the far buckets have fractions.",
        t5_no_astype,
    ),
    Mistake(
        _T5,
        "t5-half-as-float",
        "exact = n / 2 is a float: an odd n gives exact = 3.5, and every bucket becomes a float.",
        t5_half_as_float,
    ),
    Mistake(
        _T5,
        "t5-floor-division-ratio",
        "distance // exact cuts the ratio to a whole number before the log, so the buckets change only at multiples of exact.",
        t5_floor_division_ratio,
    ),
    Mistake(
        _T5,
        "t5-returns-list",
        "A loop appends each bucket to a Python list, which is returned as it is instead of as a NumPy array.",
        t5_returns_list,
    ),
    Mistake(
        _T5,
        "t5-offsets-as-column",
        "The offsets were made a column with [:, None], so the answer is (n, 1) instead of one bucket per offset.",
        t5_offsets_as_column,
    ),
    Mistake(
        _T5,
        "t5-where-branches-swapped",
        "np.where's two branches are swapped: near keys get the logarithmic formula and far keys their raw distance.",
        t5_where_branches_swapped,
    ),
    Mistake(
        _T5,
        "t5-log2-then-ln",
        "np.log2 on top and np.log below: the ratio of two logs needs the same base in both.",
        t5_log2_then_ln,
    ),
    # 08 · comparison table
    Mistake(
        _T,
        "table-sinusoidal-relative",
        "The sinusoidal table is absolute: each row belongs to one position, even though a shift is a rotation (M_k).",
        _table(**{f"sinusoidal|{KIND}": "relative"}),
    ),
    Mistake(
        _T,
        "table-rope-absolute",
        "RoPE turns each vector by its absolute position, but the score depends on the offset m - n only, so it is relative.",
        _table(**{f"RoPE|{KIND}": "absolute"}),
    ),
    Mistake(
        _T,
        "table-rope-added-to-input",
        "RoPE does not add anything to the input: it turns the queries and keys.",
        _table(**{f"RoPE|{WHERE}": "added to the input"}),
    ),
    Mistake(
        _T,
        "table-alibi-trained-slopes",
        "ALiBi's slopes are fixed by a formula, not trained: it has no position parameters (the per-bucket scalars are T5's).",
        _table(**{f"ALiBi|{TRAINED}": "one scalar per bucket and head"}),
    ),
    Mistake(
        _T,
        "table-sinusoidal-trained-rows",
        "The sinusoidal table is computed, not trained: it has no trained position parameters.",
        _table(**{f"sinusoidal|{TRAINED}": "one row per position"}),
    ),
    Mistake(
        _T,
        "table-learned-runs-past",
        "A learned table stops at its last row (the training length): there is nothing to look up past it.",
        _table(**{f"learned|{PAST}": "runs on positions or angles never trained"}),
    ),
    Mistake(
        _T,
        "table-used-by-swapped",
        "The models of RoPE and ALiBi were swapped: Llama and Mistral use RoPE, BLOOM and MPT use ALiBi.",
        _used_by_swapped(),
    ),
    Mistake(
        _T,
        "table-shared-row",
        "dict.fromkeys(schemes, row) puts the same row dict in every scheme, so filling one row fills them all and every row ends as ALiBi's.",
        _shared_row_table(),
    ),
    Mistake(
        _T,
        "table-zero-based-numbers",
        "The options were numbered from 0, but the lesson numbers them from 1.",
        _zero_based_table(),
    ),
    Mistake(
        _T,
        "table-row-unfilled",
        "The T5 bias row was left as the template's ..., never filled in.",
        _one_row_unfilled(),
    ),
    # 08 · scheme layer
    Mistake(
        _L,
        "layer-rope-on-values",
        "RoPE turns the queries and keys only; turning the values too changes the outputs.",
        layer_rope_on_values,
    ),
    Mistake(
        _L,
        "layer-rope-queries-only",
        "Only the queries were turned; the keys must be turned too, or the score depends on the query's absolute position.",
        layer_rope_queries_only,
    ),
    Mistake(
        _L,
        "layer-rope-label-test",
        "It tests scheme == 'RoPE', the label, but the layer is called with the name 'rope', so RoPE is never applied.",
        layer_rope_label_test,
    ),
    Mistake(
        _L,
        "layer-alibi-sign",
        "The ALiBi bias has no minus sign, so far words get a bonus instead of a penalty.",
        layer_alibi_sign,
    ),
    Mistake(
        _L,
        "layer-alibi-always-causal",
        "posenc.alibi_bias(n, 8) without causal= is the causal form, 0 above the diagonal, even when the layer has no mask.",
        layer_alibi_always_causal,
    ),
    Mistake(
        _L,
        "layer-alibi-one-head-slope",
        "posenc.alibi_bias(n, 1) is the bias of a one-head model, slope 1/256, not the layer's slope 1/2.",
        layer_alibi_one_head_slope,
    ),
    Mistake(
        _L,
        "layer-rows-by-word",
        "The table's rows were picked by word (WORDS.index) instead of by position, so the same word gets the same row wherever it stands.",
        layer_rows_by_word,
    ),
    Mistake(
        _L,
        "layer-no-mask",
        "The causal mask is never passed to posenc.attention, so causal=True changes nothing.",
        layer_no_mask,
    ),
    Mistake(
        _L,
        "layer-mask-transposed",
        "The mask was transposed, so each word sees itself and the words after it instead of before it.",
        layer_mask_transposed,
    ),
    Mistake(
        _L,
        "layer-returns-outputs",
        "It returns the outputs only; the exercise asks for what posenc.attention returns, (outputs, weights).",
        layer_returns_outputs,
    ),
    Mistake(
        _L,
        "layer-t5-key-minus-query",
        "T5's offset taken as key minus query (j - i), so keys before the query get the buckets of keys after it.",
        layer_t5_key_minus_query,
    ),
    Mistake(
        _L,
        "layer-t5-decoder-buckets",
        "bidirectional=False even without the mask, so every key after the query shares bucket 0's number.",
        layer_t5_decoder_buckets,
    ),
    Mistake(
        _L,
        "layer-t5-flag-inverted",
        "bidirectional=causal instead of not causal: the unmasked layer gets the decoder's one-way buckets.",
        layer_t5_bidirectional_flag_inverted,
    ),
    Mistake(
        _L,
        "layer-t5-distance-as-index",
        "The bucket values indexed by |i - j| (ALiBi's distances), which drops the direction T5's buckets keep.",
        layer_t5_distance_as_index,
    ),
    Mistake(
        _L,
        "layer-t5-minus-like-alibi",
        "A minus sign copied from ALiBi onto T5's numbers, which are added as they are.",
        layer_t5_minus_like_alibi,
    ),
]

CORRECT: list[Correct] = [
    # 00
    Correct(
        _P,
        "positions-float-column",
        "Float positions built with reshape: the same numbers as the integer column.",
        positions_float_column,
    ),
    Correct(
        _P,
        "positions-list-to-array",
        "A list of one-element lists, converted to an array: an integer (seq_len, 1) column.",
        positions_list_to_array,
    ),
    Correct(
        _P,
        "positions-expand-dims",
        "np.expand_dims(..., axis=1) adds the same axis as [:, None].",
        positions_expand_dims,
    ),
    Correct(
        _P, "positions-transposed-row", "A float32 (1, seq_len) row transposed into a column.", positions_transposed_row
    ),
    # 01
    Correct(
        _A, "attention-float32", "Computed in float32 throughout; right up to float32 rounding.", attention_float32
    ),
    Correct(
        _A,
        "attention-loops",
        "Explicit loops over queries, keys and dimensions, with its own stable softmax.",
        attention_loops,
    ),
    Correct(
        _A,
        "attention-split-scale-einsum",
        "The 1/sqrt(d_head) split as d_head^-1/4 on q and on k, einsum, and one shift for the whole matrix before exp (it cancels in every row).",
        attention_split_scale_einsum,
    ),
    Correct(
        _E,
        "equivariance-inverse-side",
        "Un-shuffles the outputs of the shuffled input with np.argsort(perm) and compares with f(x): the same test read backwards.",
        equivariance_inverse_side,
    ),
    Correct(
        _E,
        "equivariance-loop-over-rows",
        "Compares row by row: output row r of the shuffled input against output row perm[r]; returns a plain bool.",
        equivariance_loop_over_rows,
    ),
    # 02
    Correct(_S, "sinusoidal-exp-log", "The frequencies in the exp/log form of library code.", sinusoidal_exp_log),
    Correct(
        _S,
        "sinusoidal-stack-reshape",
        "Sines and cosines stacked on a last axis and reshaped, which interleaves them.",
        sinusoidal_stack_reshape,
    ),
    Correct(
        _S,
        "sinusoidal-loops",
        "Two explicit loops, dividing by 10000^(2i/d) instead of multiplying by its inverse.",
        sinusoidal_loops,
    ),
    Correct(
        _S,
        "sinusoidal-float32",
        "A float32 table (angles in float64, the values stored as float32), as the module docstring advises.",
        sinusoidal_float32,
    ),
    Correct(
        _W,
        "wavelength-exp-log",
        "2π times 10000^(2i/d) in the exp/log form, as a Python float.",
        wavelength_exp_log,
        WAVELENGTH_KWARGS,
    ),
    Correct(
        _W,
        "wavelength-from-column",
        "Computed as the whole array of wavelengths, then pair 12 picked out (a NumPy float64).",
        wavelength_from_column,
        WAVELENGTH_KWARGS,
    ),
    Correct(_W, "wavelength-float32", "A NumPy float32 number.", wavelength_float32, WAVELENGTH_KWARGS),
    # 03
    Correct(
        _M,
        "offset-strided-diagonals",
        "The four kinds of entry written as diagonal matrices into strided sub-blocks, no loop.",
        offset_strided_diagonals,
    ),
    Correct(
        _M,
        "offset-from-angle-addition",
        "Row by row from the angle-addition formulas, with the exp/log form of the frequencies.",
        offset_from_angle_addition,
    ),
    Correct(
        _M,
        "offset-power-of-m1",
        "M_1 raised to the power k (its transpose, the inverse, for negative k).",
        offset_power_of_m1,
    ),
    # 04
    Correct(
        _C,
        "cosine-unit-rows-first",
        "Rows scaled to length 1 first, then one matrix product (the dots of the stub go unused).",
        cosine_unit_rows_first,
    ),
    Correct(_C, "cosine-loops", "Two explicit loops over the pairs of rows.", cosine_loops),
    Correct(
        _C,
        "cosine-float32-copy",
        "Normalised in place, but on a float32 copy, so the caller's table is untouched.",
        cosine_float32_copy,
    ),
    Correct(
        _C,
        "cosine-einsum-sqrt-diag",
        "The lengths read off the diagonal of the dot products, the division done in two broadcasts.",
        cosine_einsum_sqrt_diag,
    ),
    # 05
    Correct(_R, "rope-complex", "Each pair as a complex number multiplied by exp(i·angle).", rope_complex),
    Correct(
        _R,
        "rope-loops-rotation-matrix",
        "Loops over rows and pairs, each pair times a 2 x 2 rotation matrix, exp/log form of the speeds.",
        rope_loops_rotation_matrix,
    ),
    Correct(_R, "rope-float32", "float32 vectors (angles in float64, cos and sin cast to float32).", rope_float32),
    Correct(
        _R,
        "rope-repeat-rotate-every-two",
        "The rotate_every_two form: x * cos + rotate(x) * sin with each angle repeated twice.",
        rope_repeat_rotate_every_two,
    ),
    # 06
    Correct(
        _SL,
        "slopes-authors-code",
        "The authors' get_slopes, recursion and Python lists, converted to an array at the end.",
        slopes_authors_code,
    ),
    Correct(
        _SL,
        "slopes-exp2-loop",
        "One loop with np.exp2, the extra heads' exponents worked out by hand.",
        slopes_exp2_loop,
    ),
    Correct(_SL, "slopes-float32-geometric", "Geometric sequences start**h in float32.", slopes_float32_geometric),
    Correct(
        _B,
        "bias-tril",
        "np.tril(i - j) zeroes the part above the diagonal, the same as np.maximum(i - j, 0).",
        bias_tril,
    ),
    Correct(_B, "bias-loops", "Three explicit loops.", bias_loops),
    Correct(
        _B,
        "bias-einsum-float32",
        "np.subtract.outer for the offsets, np.clip, einsum, in float32.",
        bias_einsum_float32,
    ),
    # 07
    Correct(
        _T5, "t5-log2-both", "np.log2 in both places: the ratio of two logs is the same in any base.", t5_log2_both
    ),
    Correct(
        _T5,
        "t5-loop-math-log",
        "A loop over the offsets with math.log and math.floor, into an int array.",
        t5_loop_math_log,
    ),
    Correct(
        _T5,
        "t5-float32-clip",
        "float32 logs as in the authors' code, np.clip for both clamps, (offsets < 0) * n for first.",
        t5_float32_clip,
    ),
    # 08
    Correct(_T, "table-numbers", "Every cell given as its option number, as the lesson allows.", _table(numbers=True)),
    Correct(_T, "table-mixed", "Two rows as numbers, the rest as text.", _mixed_numbers_and_text()),
    Correct(
        _T,
        "table-reordered",
        "Rows and columns in reverse order: a dict's order does not matter.",
        _columns_reordered(),
    ),
    Correct(
        _L,
        "layer-rope-shifted-positions",
        "RoPE at positions 1 .. n instead of 0 .. n - 1: only the offsets reach the scores, so nothing changes.",
        layer_rope_shifted_positions,
    ),
    Correct(
        _L,
        "layer-alibi-from-posenc",
        "The bias as posenc.alibi_bias(n, 8, causal=causal)[0]: slope 1/2; its causal form is 0 only where the mask hides the keys.",
        layer_alibi_from_posenc,
    ),
    Correct(
        _L,
        "layer-t5-via-t5-bias",
        "T5's bias from posenc.t5_bias on the one head's numbers as a (1, 32) array, its one head taken with [0].",
        layer_t5_via_t5_bias,
    ),
    Correct(
        _L,
        "layer-dispatch-by-hand",
        "Attention written out by hand (scores, biases, np.where mask, softmax), the added rows looked up in a dict.",
        layer_dispatch_by_hand,
    ),
]
