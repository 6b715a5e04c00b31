"""Every registered checker: the rules each one keeps, whatever the learner hands it.

A new checker gets these tests by registering itself (``@register`` in
``posenc.checks.engine``) and by an entry in SPECS below: an accepted answer, a near
miss, and one wrong implementation written here for each mistake it can name.
"""

import re
import warnings
from dataclasses import dataclass, field

import numpy as np
import pytest

import posenc
import posenc.analysis
import posenc.capstone
import posenc.checks.layer
import posenc.checks.layer_bias
from posenc import checks
from posenc.checks import engine
from posenc.checks.engine import CHECKERS, MESSAGE_LIMIT, CheckResult, register
from tests.helpers import interleave, positions


def one_speed_rotation(k, d):
    """A learner's M_k that turns every block by k, written with a loop."""
    M = np.zeros((d, d))
    for i in range(d // 2):
        c, s = np.cos(k), np.sin(k)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M


def rotation(angles):
    """A block-diagonal M turning pair i by angles[i]."""
    M = np.zeros((2 * len(angles), 2 * len(angles)))
    for i, a in enumerate(angles):
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[np.cos(a), np.sin(a)], [-np.sin(a), np.cos(a)]]
    return M


def tensor2tensor_table(n, d):
    """get_timing_signal_1d as Tensor2Tensor writes it: log-spaced timescales, [sin | cos], odd widths padded."""
    num_timescales = d // 2
    increment = np.log(10000.0) / max(num_timescales - 1, 1)
    scaled_time = positions(n) * np.exp(-increment * np.arange(num_timescales))
    return np.pad(np.concatenate([np.sin(scaled_time), np.cos(scaled_time)], axis=1), [(0, 0), (0, d % 2)])


def swapped_rotation(angles):
    """A learner's M_k with cos and sin swapped in each block: [[sin, cos], [-cos, sin]]."""
    M = np.zeros((2 * len(angles), 2 * len(angles)))
    for i, a in enumerate(angles):
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[np.sin(a), np.cos(a)], [-np.cos(a), np.sin(a)]]
    return M


def attention_max_down_columns(q, k, v):
    """A learner's stable softmax that subtracts each column's max (axis 0) instead of each row's."""
    scores = q @ k.T / np.sqrt(q.shape[-1])
    e = np.exp(scores - np.max(scores, axis=0))
    return (e / np.sum(e, axis=1, keepdims=True)) @ v


def attention_sums_without_keepdims(q, k, v):
    """A learner's softmax that divides by the row sums without keepdims (it runs only when square)."""
    e = np.exp(q @ k.T / np.sqrt(q.shape[-1]))
    return (e / np.sum(e, axis=1)) @ v


def blocks_at_pair_index(k, d):
    """A learner's M_k whose block for pair i starts at row and column i, as if i counted dimensions."""
    M = np.zeros((d, d))
    for i, w in enumerate(posenc.frequencies(d)):
        M[i : i + 2, i : i + 2] = [[np.cos(k * w), np.sin(k * w)], [-np.sin(k * w), np.cos(k * w)]]
    return M


def rope_tiled_angles(x, positions):
    """A learner's RoPE that spreads the angles over the dimensions with np.tile, not np.repeat."""
    theta = posenc.frequencies(x.shape[1])
    angle = np.tile(np.asarray(positions)[:, None] * theta, 2)  # dimension j gets pair j mod (d/2)'s angle
    out = x * np.cos(angle)
    out[:, 0::2] -= x[:, 1::2] * np.sin(angle)[:, 0::2]
    out[:, 1::2] += x[:, 0::2] * np.sin(angle)[:, 1::2]
    return out


def slopes_without_step(n):
    """A learner's slopes for n heads that adds the first n - c slopes of 2c heads, not every other one."""
    c = 2 ** int(np.floor(np.log2(n)))
    return np.concatenate([posenc.alibi_slopes(c), posenc.alibi_slopes(2 * c)[: n - c]])


def slopes_sliced_in_one_step(n):
    """A learner's slopes that take every other one of the first n - c slopes of 2c heads, in one slice."""
    c = 2 ** int(np.floor(np.log2(n)))
    return np.concatenate([posenc.alibi_slopes(c), posenc.alibi_slopes(2 * c)[: n - c : 2]])


def slopes_with_rounded_power(n):
    """A learner's slopes whose power of two c is 2 ** round(log2 n), too large for 12 or 6 heads."""
    c = 2 ** int(round(np.log2(n)))
    extra = posenc.alibi_slopes(2 * c)[0::2]
    return np.concatenate([posenc.alibi_slopes(c), extra[: n - c]]) if n > c else posenc.alibi_slopes(c)


def one_row_for_every_scheme():
    """A learner's table built with dict.fromkeys: every scheme's row is the one ALiBi's answers filled."""
    row = dict(checks.comparison_table_answer()["ALiBi"])
    return dict.fromkeys(checks.comparison_table_answer(), row)


def int_table(n, d):
    """A learner's table built in an int array: every sine and cosine is truncated."""
    table = np.zeros((n, d), dtype=int)
    angles = positions(n) * posenc.frequencies(d)
    table[:, 0::2], table[:, 1::2] = np.sin(angles), np.cos(angles)
    return table


def attention_max_above_only(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    return np.exp(scores - scores.max(axis=-1, keepdims=True)) / np.exp(scores).sum(axis=-1, keepdims=True) @ v


def int_attention(q, k, v):
    """A learner's attention that collects its output in an int array."""
    out = np.zeros((len(q), v.shape[1]), dtype=int)
    out[:] = posenc.attention(q, k, v)[0]
    return out


def lengths(t):
    return np.linalg.norm(t, axis=1)


def normalise_in_place(t):
    """A learner's cosine similarity that divides the caller's table by its lengths, in place."""
    t /= lengths(t)[:, None]
    return t @ t.T


def rope_by_hand(x, positions, thetas, *, sign=1.0):
    """A learner's interleaved RoPE with the speeds `thetas` (one per pair) and a turning direction."""
    angles = sign * np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
    out = np.empty_like(x)
    out[:, 0::2] = x[:, 0::2] * np.cos(angles) - x[:, 1::2] * np.sin(angles)
    out[:, 1::2] = x[:, 0::2] * np.sin(angles) + x[:, 1::2] * np.cos(angles)
    return out


def rope_second_never_written(x, positions):
    """A learner's RoPE that fills the firsts of an array of zeros and never writes the seconds."""
    angles = np.asarray(positions)[:, None] * posenc.frequencies(x.shape[1])  # (seq_len, d_head // 2)
    out = np.zeros_like(x)
    out[:, 0::2] = x[:, 0::2] * np.cos(angles) - x[:, 1::2] * np.sin(angles)
    return out


def bias_slope_added(n, h, causal=True):
    """A learner's ALiBi that adds each head's slope to the distance, -(m + distance), where it multiplies."""
    d = query_minus_key(n)
    distance = np.maximum(d, 0) if causal else np.abs(d)
    return -(posenc.alibi_slopes(h)[:, None, None] + distance)


def rope_first_line_twice(x, positions):
    """A learner's RoPE whose line for the second of each pair repeats the first's formula."""
    angles = np.asarray(positions)[:, None] * posenc.frequencies(x.shape[1])  # (seq_len, d_head // 2)
    out = np.empty_like(x)
    out[:, 0::2] = x[:, 0::2] * np.cos(angles) - x[:, 1::2] * np.sin(angles)
    out[:, 1::2] = x[:, 0::2] * np.cos(angles) - x[:, 1::2] * np.sin(angles)
    return out


def sinusoidal_pairs_at_i(n, d):
    """A learner's table that writes pair i into columns i and i + 1, each pair over the one before."""
    angles = positions(n) * posenc.frequencies(d)  # (n, d // 2)
    table = np.zeros((n, d))
    for i in range(d // 2):
        table[:, i], table[:, i + 1] = np.sin(angles[:, i]), np.cos(angles[:, i])
    return table


def sinusoidal_angles_overwritten(n, d):
    """A learner's table that overwrites the angles with their sines before taking the cosines."""
    angles = positions(n) * posenc.frequencies(d)  # (n, d // 2)
    table = np.zeros((n, d))
    angles = np.sin(angles)
    table[:, 0::2], table[:, 1::2] = angles, np.cos(angles)
    return table


def rotation_by_slices(k, d):
    """A learner's M that fills its four slices of every pair at once, so every (even, even) entry gets a cosine."""
    angle = k * posenc.frequencies(d)  # (d // 2,)
    M = np.zeros((d, d))
    M[0::2, 0::2], M[0::2, 1::2] = np.cos(angle), np.sin(angle)
    M[1::2, 0::2], M[1::2, 1::2] = -np.sin(angle), np.cos(angle)
    return M


def power_of_two_slopes(c):
    return 2.0 ** (-8.0 * np.arange(1, c + 1) / c)


def slopes_extras_from_c(n):
    """A learner's slopes whose extra ones come from c heads' slopes where 2c heads' belong."""
    c = 1 << (n.bit_length() - 1)
    return np.concatenate([power_of_two_slopes(c), power_of_two_slopes(c)[0::2][: n - c]])


def slopes_c_as_exponent(n):
    """A learner's slopes with c = int(log2(n)), the exponent of the power of two, for c."""
    c = int(np.log2(n))
    return np.concatenate([power_of_two_slopes(c), power_of_two_slopes(2 * c)[0::2][: n - c]])


def bias_max_for_maximum(n, h, causal=True):
    """A learner's bias with np.max(i - j, 0), a reduction, where np.maximum(i - j, 0) belongs."""
    d = query_minus_key(n)
    distance = np.max(d, 0) if causal else np.abs(d)
    return -posenc.alibi_slopes(h)[:, None, None] * distance


def rope_first_line_plus(x, positions):
    """A learner's RoPE whose first line adds sin·x2 where it subtracts it: the second line is right."""
    angles = np.asarray(positions)[:, None] * posenc.frequencies(x.shape[1])  # (seq_len, d_head // 2)
    out = np.empty_like(x)
    out[:, 0::2] = x[:, 0::2] * np.cos(angles) + x[:, 1::2] * np.sin(angles)
    out[:, 1::2] = x[:, 0::2] * np.sin(angles) + x[:, 1::2] * np.cos(angles)
    return out


def equivariance_shuffling_x_in_place(f, x, perm):
    """A learner's test that shuffles x through a name for it (not a copy), so f(x)[perm] reorders twice."""
    shuffled = x
    shuffled[:] = x[perm]
    return np.allclose(f(shuffled), f(x)[perm])


def rope_last_pair_skipped(x, positions):
    """A learner's RoPE whose loop over the pairs stops one pair early: the last pair is copied unturned."""
    out = x.copy()
    angles = np.asarray(positions)[:, None] * posenc.frequencies(x.shape[1])  # (seq_len, d_head // 2)
    for i in range(x.shape[1] // 2 - 1):
        c, s = np.cos(angles[:, i]), np.sin(angles[:, i])
        out[:, 2 * i], out[:, 2 * i + 1] = x[:, 2 * i] * c - x[:, 2 * i + 1] * s, x[:, 2 * i] * s + x[:, 2 * i + 1] * c
    return out


def table_rows_moved():
    """A learner's table filled in another order: the rows of T5, RoPE and ALiBi each hold the next one's."""
    right = checks.comparison_table_answer()
    table = {row: dict(cells) for row, cells in right.items()}
    table["T5 bias"], table["RoPE"], table["ALiBi"] = dict(right["RoPE"]), dict(right["ALiBi"]), dict(right["T5 bias"])
    return table


def sinusoidal_stacked_first(n, d):
    """A learner's table that stacks the sines and cosines on a new first axis, then reshapes: numbers moved."""
    angles = positions(n) * posenc.frequencies(d)  # (n, d // 2)
    return np.stack([np.sin(angles), np.cos(angles)], axis=0).reshape(n, d)


def rotation_cosines_broadcast(k, d):
    """A learner's M whose cosines fill every (even, even) entry; the other three slices use np.diag, as they should."""
    angle = k * posenc.frequencies(d)  # (d // 2,)
    M = np.zeros((d, d))
    M[0::2, 0::2] = np.cos(angle)
    M[1::2, 1::2], M[0::2, 1::2], M[1::2, 0::2] = (
        np.diag(np.cos(angle)),
        np.diag(np.sin(angle)),
        -np.diag(np.sin(angle)),
    )
    return M


def slopes_even_as_power(n):
    """A learner's slopes whose test for a power of two is n % 2 == 0: 12 and 6 heads take the paper's formula."""
    c = 1 << (n.bit_length() - 1)
    if n % 2 == 0:
        return power_of_two_slopes(n)
    return np.concatenate([power_of_two_slopes(c), power_of_two_slopes(2 * c)[0::2][: n - c]])


def slopes_extras_from_the_end(n):
    """A learner's slopes whose extra ones are the last n - c of every other slope of 2c heads, not the first."""
    c = 1 << (n.bit_length() - 1)
    extra = power_of_two_slopes(2 * c)[0::2][c - n :] if n > c else np.empty(0)
    return np.concatenate([power_of_two_slopes(c), extra])


def slopes_extras_from_2n(n):
    """A learner's slopes whose extra ones are every other slope of 2n heads, where 2c heads' belong."""
    c = 1 << (n.bit_length() - 1)
    return np.concatenate([power_of_two_slopes(c), power_of_two_slopes(2 * n)[0::2][: n - c]])


def rope_first_used_twice(x, positions):
    """A learner's RoPE whose first line takes the first member twice: first·cos − first·sin."""
    angles = np.asarray(positions)[:, None] * posenc.frequencies(x.shape[1])  # (seq_len, d_head // 2)
    out = np.empty_like(x)
    out[:, 0::2] = x[:, 0::2] * np.cos(angles) - x[:, 0::2] * np.sin(angles)
    out[:, 1::2] = x[:, 0::2] * np.sin(angles) + x[:, 1::2] * np.cos(angles)
    return out


def bias_upper_triangle(seq_len, num_heads, causal=True):
    """A learner's ALiBi bias that keeps i - j in the upper triangle (np.triu), where the keys after the query are."""
    i, j = np.arange(seq_len)[:, None], np.arange(seq_len)[None, :]
    distance = np.triu(i - j) if causal else np.abs(i - j)
    return -posenc.alibi_slopes(num_heads)[:, None, None] * distance


def rope_in_place(x, positions):
    """A learner's RoPE that overwrites the first of each pair, then reads it back for the second."""
    angles = np.asarray(positions)[:, None] * posenc.frequencies(x.shape[1])
    x[:, 0::2] = x[:, 0::2] * np.cos(angles) - x[:, 1::2] * np.sin(angles)
    x[:, 1::2] = x[:, 0::2] * np.sin(angles) + x[:, 1::2] * np.cos(angles)
    return x


def even_extra_slopes(n):
    """A learner's slopes for n heads that adds the even-numbered slopes of 2c heads, which c heads already have."""
    c = 1 << (n.bit_length() - 1)
    return np.concatenate([posenc.alibi_slopes(c), posenc.alibi_slopes(2 * c)[1::2][: n - c]])


def query_minus_key(n):
    i = np.arange(n)
    return i[:, None] - i[None, :]  # (n, n): i - j


def alibi_with(slopes_of=posenc.alibi_slopes, causal_form=lambda d: np.maximum(d, 0), plain_form=np.abs, sign=-1.0):
    """A learner's ALiBi bias with its own slopes, distance in each form, and sign."""

    def my_alibi_bias(seq_len, num_heads, causal=True):
        d = query_minus_key(seq_len)
        distance = causal_form(d) if causal else plain_form(d)  # (seq_len, seq_len)
        return sign * slopes_of(num_heads)[:, None, None] * distance  # (num_heads, seq_len, seq_len)

    return my_alibi_bias


def alibi_masked_with_inf(seq_len, num_heads, causal=True):
    bias = posenc.alibi_bias(seq_len, num_heads, causal=causal)
    return np.where(query_minus_key(seq_len) < 0, -np.inf, bias) if causal else bias


def t5_by_hand(mistake=None):
    """A learner's T5 buckets written from lesson 07's stub, making the one `mistake` named (None: the solution)."""

    def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
        offsets = np.asarray(offsets)
        if mistake == "changed-offsets" and not bidirectional:
            offsets[offsets < 0] = 0  # in place: the caller's array
        if mistake == "sign-reversed":
            offsets = -offsets  # j - i, the authors' key - query
        n = num_buckets // 2 if bidirectional and mistake != "n-not-halved" else num_buckets
        if bidirectional:
            upper = {"after-keys-not-moved": 0, "moved-by-num-buckets": num_buckets}.get(mistake, n)
            first = np.where(offsets <= 0 if mistake == "zero-moved-up" else offsets < 0, upper, 0)
            distance = np.maximum(offsets, 0) if mistake == "after-one-bucket" else np.abs(offsets)
        else:
            first = 0
            distance = np.abs(offsets) if mistake == "causal-not-clipped" else np.maximum(offsets, 0)
        exact = n if mistake == "exact-is-n" else n // 2
        kept = np.maximum(offsets if mistake == "after-far-wrong" else distance, exact)
        ratio = kept // exact if mistake == "int-division" else kept / exact
        logged = {"log-of-distance": np.log(kept), "mixed-logs": np.log2(ratio)}.get(mistake, np.log(ratio))
        span = {"log-of-max-distance": np.log(max_distance), "max-over-n": np.log(max_distance / n)}.get(
            mistake, np.log(max_distance / exact)
        )
        scale = n if mistake == "times-n" else n - exact
        grown = {
            "ratio-inverted": span
            / np.log(np.maximum(distance, exact + 1) / exact)
            * scale,  # the fraction upside down
            "log-part-flat": logged / (span * scale),  # the scale divides
            "cut-before-scaling": (logged / span).astype(int) * scale,  # cut to a whole number, then scaled
            "precedence": logged / span * n - exact,  # * n - exact, no brackets
        }.get(mistake, logged / span * scale)
        cut = {"rounded": np.round, "rounded-up": np.ceil, "float-buckets": lambda x: x}.get(
            mistake, lambda x: x.astype(int)
        )(grown)
        start = 0 if mistake == "log-from-zero" else exact
        last = {"clamped-at-n": n, "clamped-at-num-buckets": num_buckets - 1}.get(mistake, n - 1)
        far = start + cut if mistake == "no-clamp" else np.minimum(start + cut, last)
        if mistake == "cap-as-floor":
            far = np.maximum(start + cut, last)
        if mistake == "first-in-one-branch":  # first added to the far branch only (its cap moved up with it)
            far, first = first + np.minimum(start + cut, last), 0
        if mistake == "regions-joined" and not bidirectional:  # each region's buckets, one after the other
            return np.concatenate([distance[distance < exact], far[distance >= exact]])
        threshold = n if mistake == "where-threshold" else exact
        near, far = (far, distance) if mistake == "branches-swapped" else (distance, far)
        tested = offsets if mistake == "condition-on-offsets" else distance
        buckets = first + np.where(tested < threshold, near, far)
        if mistake == "far-never-used":  # the far buckets written into a masked copy: the answer keeps the distance
            return first + distance
        if mistake == "shuffled-order":  # the keys before the query, then those after: right in falling order only
            return np.concatenate([buckets[offsets >= 0], buckets[offsets < 0]])
        if mistake == "after-keys-dropped" and not bidirectional:
            return buckets[offsets >= 0]
        shaped = {"two-d": lambda b: b[None, :], "wrong-length": np.unique}
        return shaped.get(mistake, lambda b: b)(buckets)

    return my_t5_bucket


def layer_by_hand(*, mistake=None):
    """A learner's capstone layer built from posenc.capstone.parts(), making the one `mistake` named."""
    from posenc import capstone

    def my_scheme_layer(sentence, scheme, causal=False):
        parts = capstone.parts()
        w_q, w_k, w_v = parts["projections"]
        n = len(sentence)
        x = parts["embeddings"][[capstone.WORDS.index(w) for w in sentence]]  # (n, d_model)
        tables = {"sinusoidal": posenc.sinusoidal(n, 8), "learned": parts["table"][:n]}
        if mistake == "tables-swapped":
            tables = {"sinusoidal": tables["learned"], "learned": tables["sinusoidal"]}
        if mistake == "table-rows-shifted":
            tables = {"sinusoidal": posenc.sinusoidal(n + 1, 8)[1:], "learned": parts["table"][1 : n + 1]}
        rows = tables.get("sinusoidal" if scheme == "none" and mistake == "positions-in-none" else scheme)
        if rows is not None and mistake == "other-rows":
            rows = parts["table"][-n:] if scheme == "learned" else posenc.sinusoidal(n + 3, 8)[3:]
        if rows is not None and mistake == "one-row":
            rows = rows[-1]  # one row (the last), added to every word
        if rows is not None and mistake == "multiplied":
            x = x * rows
        elif rows is not None and mistake == "words-replaced":
            x = rows
        elif rows is not None and mistake not in ("table-on-qk", "added-after-projection"):
            x = x + rows
        if scheme == "rope" and mistake == "rope-on-inputs":
            x = posenc.apply_rope(x)
        q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
        if rows is not None and mistake == "table-on-qk":
            q, k = q + rows, k + rows
        if rows is not None and mistake == "added-after-projection":
            q, k, v = q + rows, k + rows, v + rows
        if mistake == "qk-swapped":
            q, k = k, q
        if mistake == "keys-from-queries":
            k = q
        if scheme == ("RoPE" if mistake == "scheme-ignored" else "rope") and mistake not in (
            "rope-on-inputs",
            "rope-on-outputs",
        ):
            layout = "half" if mistake == "rope-half-layout" else "interleaved"
            q = posenc.apply_rope(q, layout=layout)
            k = k if mistake == "rope-one-side" else posenc.apply_rope(k, layout=layout)
            v = posenc.apply_rope(v) if mistake == "rope-on-v" else v
        bias = None
        if scheme == "alibi":
            d = query_minus_key(n)
            distance = np.maximum(d, 0) if mistake == "alibi-causal-form" else np.abs(d)
            if mistake == "alibi-signed":
                distance = np.maximum(d, 0) if causal else d
            slope = posenc.alibi_slopes(1)[0] if mistake == "alibi-slope" else capstone.ALIBI_SLOPE
            bias = (1.0 if mistake == "alibi-sign" else -1.0) * slope * distance  # (n, n)
            bias = np.zeros_like(bias) if mistake == "flat-bias" else bias  # i - i.T on a 1-D i
        if scheme == ("T5" if mistake == "bias-not-handed" else "t5"):
            d = query_minus_key(n)
            offset = {"t5-offset-flipped": -d, "t5-no-direction": np.abs(d), "bias-by-key": np.arange(n)}.get(
                mistake, d
            )
            one_way = causal or mistake == "t5-one-way"
            settings = {"num_buckets": 16} if mistake == "bias-other-buckets" else {}
            buckets = posenc.t5_bucket(offset, bidirectional=not one_way, **settings)  # (n, n), or (n,) by key
            values = parts["bucket_values"]
            bias = {
                "t5-negated": lambda: -values[buckets],
                "bias-scaled": lambda: values[buckets] / np.sqrt(8),
                "bias-times-distance": lambda: values[buckets] * np.abs(d),
                "bias-bucket-numbers": lambda: buckets.astype(float),
                "bias-whole-numbers": lambda: np.trunc(values[buckets]),
                "bias-cut-short": lambda: np.pad(values[buckets][:-1, :-1], ((0, 1), (0, 1))),
                "bias-raw-offsets": lambda: values[d],
                "bias-buckets-shifted": lambda: values[buckets - 1],
                "bias-softmaxed": lambda: posenc.softmax(values[buckets], axis=-1),
                "bias-cut-after": lambda: np.tril(values[buckets]),
                "bias-cut-from-diagonal": lambda: np.tril(values[buckets], -1),
            }.get(mistake, lambda: values[buckets])()
        masked = {"no-mask": False, "always-masked": True}.get(mistake, causal)
        if mistake == "unscaled":
            q = q * np.sqrt(8)  # posenc.attention divides by sqrt(d_head): undo it
        mask = posenc.causal_mask(n) if masked else None
        if masked and mistake == "mask-transposed":
            mask = mask.T
        outputs, weights = posenc.attention(q, k, v, mask=mask, bias=bias)
        if scheme == "rope" and mistake == "rope-on-outputs":
            outputs = posenc.apply_rope(outputs)
        return outputs if mistake == "returns-outputs-only" else (outputs, weights)

    return my_scheme_layer


def table_with(*changes):
    """The right comparison table with some cells changed: (row, column, answer) each."""
    table = checks.comparison_table_answer()
    for row, column, value in changes:
        table[row][column] = value
    return table


@dataclass
class Spec:
    reference: object  # an answer the checker must accept
    near_miss: object  # close, but wrong: must be rejected
    mistakes: dict  # mistake id -> a wrong answer that makes that mistake
    kwargs: dict = field(default_factory=dict)  # passed to the checker (value checkers)
    hint_args: dict = field(default_factory=dict)  # fill the hints' {placeholders}
    measured: dict = field(default_factory=dict)  # measured diagnosis id -> a wrong answer it is measured on


SPECS = {
    "check_positions_column": Spec(
        reference=positions,
        near_miss=lambda n: positions(n) + 1e-3,
        mistakes={
            "flat": lambda n: np.arange(n),
            "row": lambda n: np.arange(n)[None, :],
            "from-one": lambda n: np.arange(1, n + 1)[:, None],
            "one-short": lambda n: np.arange(n - 1)[:, None],
            "one-extra": lambda n: np.arange(n + 1)[:, None],
            "tuple": lambda n: (np.arange(n)[:, None],),
            "zeros": lambda n: np.zeros((n, 1)),
            "steps": lambda n: np.linspace(0, n, n)[:, None],
            "extra-axes": lambda n: np.arange(n)[:, None, None],
            "grid": lambda n: np.arange(n)[:, None] + np.zeros(n),
            "reversed": lambda n: np.arange(n)[::-1, None],
        },
        measured={
            "fractions": lambda n: np.arange(n)[:, None] / n,
            "widened": lambda n: np.arange(n)[:, None] + np.array([10, 20]),
            "stacked": lambda n: np.indices((n, 1)),
            "empty": lambda n: np.arange(n, 1),
            "returned-shape": lambda n: (n, 1),
            "one-hot": lambda n: np.eye(n),
        },
    ),
    "check_attention": Spec(
        reference=lambda q, k, v: posenc.attention(q, k, v)[0],
        near_miss=lambda q, k, v: posenc.attention(q, k, v)[0] * (1 + 1e-4),
        mistakes={
            "unscaled": lambda q, k, v: posenc.softmax(q @ k.T) @ v,
            "softmax-over-queries": lambda q, k, v: posenc.softmax(q @ k.T / np.sqrt(q.shape[-1]), axis=0) @ v,
            "divided-by-d": lambda q, k, v: posenc.softmax(q @ k.T / q.shape[-1]) @ v,
            "returned-weights": lambda q, k, v: posenc.attention(q, k, v)[1],
            "no-softmax": lambda q, k, v: (q @ k.T / np.sqrt(q.shape[-1])) @ v,
            "scores-transposed": lambda q, k, v: posenc.softmax(k @ q.T / np.sqrt(q.shape[-1])) @ v,
            "weights-transposed": lambda q, k, v: posenc.softmax(q @ k.T / np.sqrt(q.shape[-1])).T @ v,
            "max-over-queries": attention_max_down_columns,
            "no-keepdims": attention_sums_without_keepdims,
            "int-dtype": int_attention,
        },
        measured={
            "power-half": lambda q, k, v: posenc.softmax(q @ k.T / q.shape[-1] ** 1 / 2) @ v,
            "rounded-scores": lambda q, k, v: posenc.softmax(q @ k.T // np.sqrt(q.shape[-1])) @ v,
            "own-value": lambda q, k, v: np.einsum("qk,qd->qd", posenc.softmax(q @ k.T / np.sqrt(q.shape[-1])), v),
            "divided-by-size": lambda q, k, v: posenc.attention(q, k, v)[0] / k.shape[0],
            "max-half-shifted": attention_max_above_only,
            "averaged-keys": lambda q, k, v: posenc.softmax(q @ k.T / np.sqrt(q.shape[-1])) @ k,
            "self-scores": lambda q, k, v: posenc.softmax(q @ q.T / np.sqrt(q.shape[-1])) @ v,
            "row-scores": lambda q, k, v: posenc.softmax((q * k).sum(axis=-1) / np.sqrt(q.shape[-1])) @ v,
        },
    ),
    "check_equivariance_test": Spec(
        reference=lambda f, x, p: np.allclose(f(x[p]), f(x)[p]),
        near_miss=lambda f, x, p: np.allclose(f(x[p]), f(x)[p], atol=10.0),  # so loose that anything passes
        mistakes={
            "says-attention-is-not": lambda f, x, p: np.allclose(f(x[p]), f(x)),
            # a tolerance so loose that adding positions passes, though a running sum does not
            "says-positions-are": lambda f, x, p: np.allclose(f(x[p]), f(x)[p], atol=3.0),
            "always-true": lambda f, x, p: f(x[p]).shape == f(x)[p].shape,
            "always-false": lambda f, x, p: f(x[p]) is f(x)[p],
            "inverted": lambda f, x, p: not np.allclose(f(x[p]), f(x)[p]),
            # looks only at the last row, which a running sum keeps: the total
            "says-running-sum-is": lambda f, x, p: np.allclose(f(x[p])[-1], f(x)[-1]) or np.allclose(f(x[p]), f(x)[p]),
            "exact-equality": lambda f, x, p: np.array_equal(f(x[p]), f(x)[p]),
            "inverse-permutation": lambda f, x, p: np.allclose(f(x[p]), f(x)[np.argsort(p)]),
            # compares a summary that every order shares, not the rows
            "says-invariant-is": lambda f, x, p: np.allclose(f(x[p]).mean(axis=0), f(x).mean(axis=0)),
            "loose-tolerance": lambda f, x, p: np.allclose(f(x[p]), f(x)[p], atol=0.1),
            "ignores-perm": lambda f, x, p: np.allclose(f(x[::-1]), f(x)[::-1]),
            "one-row-compared": lambda f, x, p: np.allclose(f(x[p])[0], f(x)[p][0]),
        },
        measured={
            "changed-x": equivariance_shuffling_x_in_place,
            "own-random-order": lambda f, x, perm: bool(np.allclose(f(np.random.permutation(x)), f(x)[perm])),
        },
    ),
    "check_sinusoidal": Spec(
        reference=posenc.sinusoidal,
        near_miss=lambda n, d: posenc.sinusoidal(n, d) * (1 + 1e-4),
        mistakes={
            "transposed": lambda n, d: posenc.sinusoidal(n, d).T,
            "rounded-exponent": lambda n, d: interleave(positions(n) * 10000.0 ** (-2 * np.arange(d // 2) // d)),
            "swapped": lambda n, d: posenc.sinusoidal(n, d)[:, np.arange(d) ^ 1],
            "concatenated": lambda n, d: np.concatenate(
                [np.sin(positions(n) * posenc.frequencies(d)), np.cos(positions(n) * posenc.frequencies(d))], axis=1
            ),
            "i-for-2i": lambda n, d: interleave(positions(n) * 10000.0 ** (-np.arange(d // 2) / d)),
            "growing-frequencies": lambda n, d: interleave(positions(n) / posenc.frequencies(d)),
            "column-frequencies": lambda n, d: np.where(
                np.arange(d) % 2 == 0,
                np.sin(positions(n) * 10000.0 ** (-np.arange(d) / d)),
                np.cos(positions(n) * 10000.0 ** (-np.arange(d) / d)),
            ),
            "from-one": lambda n, d: posenc.sinusoidal(n + 1, d)[1:],
            "tensor2tensor": tensor2tensor_table,
            "two-pi": lambda n, d: interleave(2 * np.pi * positions(n) * posenc.frequencies(d)),
            "one-frequency": lambda n, d: interleave(positions(n) * 10000.0 ** (2 * np.arange(d // 2) // d)),
            "tensor2tensor-spacing": lambda n, d: interleave(
                positions(n) * np.exp(-np.log(10000.0) * np.arange(d // 2) / max(d // 2 - 1, 1))
            ),
            "one-column-per-pair": lambda n, d: positions(n) * posenc.frequencies(d),
            "int-dtype": int_table,
        },
        measured={
            "divided-after-power": lambda n, d: interleave(positions(n) * 10000.0 ** -np.arange(0, d, 2) / d),
            "exponent-off-by-one": lambda n, d: interleave(positions(n) * 10000.0 ** (-np.arange(1, d, 2) / d)),
            "added-not-multiplied": lambda n, d: interleave(positions(n) + posenc.frequencies(d)),
            "to-radians": lambda n, d: interleave(np.deg2rad(positions(n) * posenc.frequencies(d))),
            "to-degrees": lambda n, d: interleave(np.rad2deg(positions(n) * posenc.frequencies(d))),
            "exponent-doubled": lambda n, d: interleave(positions(n) * 10000.0 ** (-2 * np.arange(0, d, 2) / d)),
            "angles-overwritten": sinusoidal_angles_overwritten,
            "pairs-at-i": sinusoidal_pairs_at_i,
            "rearranged": sinusoidal_stacked_first,
            "log10-in-exp": lambda n, d: interleave(positions(n) * np.exp(-np.arange(0, d, 2) / d * np.log10(10000.0))),
            "positions-scaled": lambda n, d: interleave(positions(n) / n * posenc.frequencies(d)),
            "rows-unfilled": lambda n, d: posenc.sinusoidal(n, d) * (np.arange(n) < n - 1)[:, None],
        },
    ),
    "check_wavelength": Spec(
        reference=2 * np.pi * 100,
        near_miss=2 * np.pi * 101,
        mistakes={
            "one-over-omega": 100.0,
            "omega": 0.01,
            "two-pi-times-omega": 2 * np.pi * 0.01,
            "half-turn": np.pi * 100,
            "degrees": 360 * 100.0,
            "i-for-2i": 2 * np.pi * 10,
            "column-index": 2 * np.pi * 10_000,
            "neighbour-pair": 2 * np.pi / 10000.0 ** (-2 * 13 / 48),
            "tensor2tensor": 2 * np.pi * np.exp(12 * np.log(10000.0) / 23),
            "inverted": 0.01 / (2 * np.pi),
            "floor-division": 2 * np.pi,
            "truncated": int(2 * np.pi * 100),
            "other-base": 2 * np.pi * 1000.0**0.5,
        },
        measured={
            "power-before-division": 2 * np.pi / (10000.0**-2 * 12 / 48),
            "exp-for-power": 2 * np.pi / np.exp(-2 * 12 / 48),
            "printed-none": None,  # my_wavelength = print(...): print gives back None
            "other-width": 2 * np.pi / 10000.0 ** (-2 * 12 / 512),
            "exponent-top": 2 * np.pi / 10000.0 ** (-(2 * 12 + 1) / 48),  # the cosine column's number, 25, for 2i
        },
        kwargs={"pair": 12, "d_model": 48},
        hint_args={"pair": 12, "column": 24, "column_after": 25, "width": 512, "d_model": 48},
    ),
    "check_offset_rotation": Spec(
        reference=posenc.offset_rotation,
        near_miss=lambda k, d: posenc.offset_rotation(k, d) * (1 + 1e-4),
        mistakes={
            "wrong-way": lambda k, d: posenc.offset_rotation(k, d).T,
            "one-speed": one_speed_rotation,
            "cos-sin-swapped": lambda k, d: swapped_rotation(k * posenc.frequencies(d)),
            "blocks-stack": lambda k, d: np.stack(
                [[[np.cos(a), np.sin(a)], [-np.sin(a), np.cos(a)]] for a in k * posenc.frequencies(d)]
            ),
            "blocks-at-i": blocks_at_pair_index,
            "negative-k": lambda k, d: posenc.offset_rotation(abs(k), d),
            "i-for-2i": lambda k, d: rotation(k * 10000.0 ** (-np.arange(d // 2) / d)),
            "int-dtype": lambda k, d: posenc.offset_rotation(k, d).astype(int),
        },
        measured={
            "k-over-omega": lambda k, d: rotation(k / posenc.frequencies(d)),
            "to-radians": lambda k, d: rotation(k * posenc.frequencies(d) * np.pi / 180),
            "to-degrees": lambda k, d: rotation(k * posenc.frequencies(d) * 180 / np.pi),
            "no-sines": lambda k, d: np.diag(np.repeat(np.cos(k * posenc.frequencies(d)), 2)),
            "filled-grid": rotation_by_slices,
            "k-plus-omega": lambda k, d: rotation(k + posenc.frequencies(d)),
            "index-for-frequency": lambda k, d: rotation(k * np.arange(d // 2.0)),
            "no-k": lambda k, d: rotation(posenc.frequencies(d)),
            "first-block-only": lambda k, d: np.pad(rotation(k * posenc.frequencies(d)[:1]), (0, d - 2)),
            "outside-block": rotation_cosines_broadcast,
            "identity-added": lambda k, d: posenc.offset_rotation(k, d) + np.eye(d),
            "rows-unwritten": lambda k, d: posenc.offset_rotation(k, d) * (np.arange(d) % 2 == 0)[:, None],
        },
    ),
    "check_cosine_similarity": Spec(
        reference=posenc.analysis.cosine_similarity,
        near_miss=lambda t: posenc.analysis.cosine_similarity(t) * (1 + 1e-4),
        mistakes={
            "dot-products": lambda t: t @ t.T,
            "no-sqrt": lambda t: t @ t.T / np.outer(np.sum(t**2, axis=1), np.sum(t**2, axis=1)),
            "one-length": lambda t: t @ t.T / lengths(t)[:, None],
            "columns-normalised": lambda t: (t / np.linalg.norm(t, axis=0)) @ (t / np.linalg.norm(t, axis=0)).T,
            "compared-columns": lambda t: (t / lengths(t)[:, None]).T @ (t / lengths(t)[:, None]),
            "one-number": lambda t: t @ t.T / np.linalg.norm(t) ** 2,
            "added-lengths": lambda t: t @ t.T / (lengths(t)[:, None] + lengths(t)[None, :]),
            "distance": lambda t: 1 - posenc.analysis.cosine_similarity(t),
            "correlation": lambda t: np.corrcoef(t),
            "column-lengths": lambda t: t @ t.T / np.outer(np.linalg.norm(t, axis=0), np.linalg.norm(t, axis=0)),
            "changed-input": normalise_in_place,
        },
        measured={
            "multiplied-lengths": lambda t: (t @ t.T) * np.outer(*[np.linalg.norm(t, axis=1)] * 2),
            "distances": lambda t: np.linalg.norm(t[:, None] - t[None, :], axis=-1),
            "cos-of-dots": lambda t: np.cos(t @ t.T),
            "lengths-other-way": lambda t: (t @ t.T) / np.outer(*[np.sqrt((t @ t.T).sum(axis=1))] * 2),
            "one-squared": lambda t: t @ t.T / (lengths(t) * lengths(t)),
            "other-lengths": lambda t: t @ t.T / np.outer(np.abs(t).sum(axis=1), np.abs(t).sum(axis=1)),
            "lost-sign": lambda t: np.abs(posenc.analysis.cosine_similarity(t)),
            "whole-numbers": lambda t: (t @ t.T) // np.outer(lengths(t), lengths(t)),
            "divided-then-multiplied": lambda t: t @ t.T / lengths(t)[None, :] * lengths(t)[:, None],
            "angles": lambda t: np.arccos(np.clip(posenc.analysis.cosine_similarity(t), -1, 1)),
            "root-of-lengths": lambda t: t @ t.T / np.sqrt(np.outer(lengths(t), lengths(t))),
        },
    ),
    "check_apply_rope": Spec(
        reference=lambda x, p: posenc.apply_rope(x, p),
        near_miss=lambda x, p: posenc.apply_rope(x, p) * (1 + 1e-4),
        mistakes={
            "half-layout": lambda x, p: posenc.apply_rope(x, p, layout="half"),
            "wrong-way": lambda x, p: rope_by_hand(x, p, posenc.frequencies(x.shape[1]), sign=-1.0),
            "i-for-2i": lambda x, p: rope_by_hand(x, p, 10000.0 ** (-np.arange(x.shape[1] // 2) / x.shape[1])),
            "ignores-positions": lambda x, p: rope_by_hand(x, np.arange(len(x)), posenc.frequencies(x.shape[1])),
            "changed-input": rope_in_place,
            "used-updated": lambda x, p: rope_in_place(x.copy(), p),
            "angles-tiled": rope_tiled_angles,
            "added-table": lambda x, p: x + posenc.sinusoidal(int(np.max(p)) + 1, x.shape[1])[p],
        },
        measured={
            "block-read-back": rope_first_line_plus,
            "last-pair-unturned": rope_last_pair_skipped,
            "no-sin-terms": lambda x, p: (
                x * np.repeat(np.cos(np.asarray(p)[:, None] * posenc.frequencies(x.shape[1])), 2, axis=1)
            ),
            "never-written": rope_second_never_written,
            "no-theta": lambda x, p: rope_by_hand(x, p, np.ones(x.shape[1] // 2)),
            "line-repeated": rope_first_line_twice,
            "rows-mixed": lambda x, p: posenc.apply_rope(x, p).T.reshape(x.shape),
            "exp-without-i": lambda x, p: (
                x * np.repeat(np.exp(np.asarray(p)[:, None] * posenc.frequencies(x.shape[1])), 2, 1)
            ),
        },
    ),
    "check_alibi_slopes": Spec(
        reference=posenc.alibi_slopes,
        near_miss=lambda n: posenc.alibi_slopes(n) * (1 + 1e-4),
        mistakes={
            "from-zero": lambda n: 2.0 ** (-8.0 * np.arange(n) / n),
            "reversed": lambda n: posenc.alibi_slopes(n)[::-1],
            "sorted": lambda n: np.sort(posenc.alibi_slopes(n))[::-1],
            "paper-formula": lambda n: 2.0 ** (-8.0 * np.arange(1, n + 1) / n),
            "next-power": lambda n: posenc.alibi_slopes(1 << (n - 1).bit_length())[:n],
            "even-extras": even_extra_slopes,
            "positive-exponent": lambda n: 2.0 ** (8.0 * np.arange(1, n + 1) / n),
            "no-step": slopes_without_step,
            "precedence": lambda n: 2.0**-8 * np.arange(1, n + 1) / n,
            "rounded-power": slopes_with_rounded_power,
            "slice-order": slopes_sliced_in_one_step,
        },
        measured={
            "wrong-count": lambda n: posenc.alibi_slopes(n)[:-1],
            "wrong-step": lambda n: 2.0 ** -np.arange(1.0, n + 1),  # halving, whatever the head count
            "whole-exponents": lambda n: 2.0 ** (-8 * np.arange(1, n + 1) // n),
            "other-power": lambda n: np.exp(-8 * np.arange(1, n + 1) / n),
            "reordered": lambda n: np.roll(posenc.alibi_slopes(n), 1),
            "extras-repeat": slopes_extras_from_c,
            "wrong-c": slopes_c_as_exponent,
            "power-grouping": lambda n: 2.0 ** (-8 / n) ** np.arange(1, n + 1),
            "even-as-power": slopes_even_as_power,
            "h-divides": lambda n: 2.0 ** (-8.0 / np.arange(1, n + 1)),
            "extras-other-heads": slopes_extras_from_2n,
            "extras-from-the-end": slopes_extras_from_the_end,
        },
    ),
    "check_alibi_bias": Spec(
        reference=posenc.alibi_bias,
        near_miss=lambda n, h, causal=True: posenc.alibi_bias(n, h, causal=causal) * (1 + 1e-4),
        mistakes={
            "wrong-sign": alibi_with(sign=1.0),
            "j-minus-i": alibi_with(causal_form=lambda d: np.maximum(-d, 0)),
            "causal-ignored": alibi_with(causal_form=np.abs),
            "not-clipped": alibi_with(causal_form=lambda d: d),
            "masked-with-inf": alibi_masked_with_inf,
            "causal-always": alibi_with(plain_form=lambda d: np.maximum(d, 0)),
            "signed-distance": alibi_with(plain_form=lambda d: d),
            "heads-reversed": alibi_with(slopes_of=lambda h: posenc.alibi_slopes(h)[::-1]),
            "one-slope": alibi_with(slopes_of=lambda h: np.full(h, posenc.alibi_slopes(h)[0])),
            "slopes-from-zero": alibi_with(slopes_of=lambda h: 2.0 ** (-8.0 * np.arange(h) / h)),
            "paper-formula": alibi_with(slopes_of=lambda h: 2.0 ** (-8.0 * np.arange(1, h + 1) / h)),
            "distance-from-one": alibi_with(
                causal_form=lambda d: np.where(d >= 0, d + 1, 0), plain_form=lambda d: np.abs(d) + 1
            ),
            "heads-last": lambda n, h, causal=True: np.moveaxis(posenc.alibi_bias(n, h, causal=causal), 0, -1),
            "no-head-axis": lambda n, h, causal=True: posenc.alibi_bias(n, h, causal=causal)[0],
            "int-dtype": lambda n, h, causal=True: posenc.alibi_bias(n, h, causal=causal).astype(int),
        },
        measured={
            "wrong-side": bias_upper_triangle,
            "added-slope": bias_slope_added,
            "flattened": lambda n, h, causal=True: posenc.alibi_bias(n, h, causal=causal).reshape(h, n * n),
            "exp-of-bias": lambda n, h, causal=True: np.exp(posenc.alibi_bias(n, h, causal=causal)),
            "squared": alibi_with(causal_form=lambda d: np.maximum(d, 0) ** 2, plain_form=lambda d: d**2),
            "divided-by-slope": alibi_with(slopes_of=lambda h: 1 / posenc.alibi_slopes(h)),
            "collapsed-axis": bias_max_for_maximum,
            "flat-penalty": lambda n, h, causal=True: (
                -posenc.alibi_slopes(h)[:, None, None]
                * (query_minus_key(n) != 0)
                * (query_minus_key(n) >= 0 if causal else 1)
            ),
            "distance-scaled": lambda n, h, causal=True: posenc.alibi_bias(n, h, causal=causal) / n,
        },
    ),
    "check_t5_bucket": Spec(
        reference=t5_by_hand(),
        near_miss=lambda o, bidirectional=False, num_buckets=32, max_distance=128: (
            t5_by_hand()(o, bidirectional, num_buckets, max_distance) + (np.asarray(o) == 200)
        ),
        mistakes={
            mistake: t5_by_hand(mistake)
            for mistake in (
                "sign-reversed",
                "after-keys-not-moved",
                "moved-by-num-buckets",
                "n-not-halved",
                "causal-not-clipped",
                "exact-is-n",
                "log-from-zero",
                "log-of-distance",
                "log-of-max-distance",
                "times-n",
                "no-clamp",
                "clamped-at-n",
                "clamped-at-num-buckets",
                "rounded",
                "rounded-up",
                "float-buckets",
                "int-division",
                "two-d",
                "wrong-length",
            )
        },
        measured={mistake: t5_by_hand(mistake) for mistake in checks.t5_bucket.T5_MEASURED},
    ),
    "check_scheme_layer": Spec(
        reference=posenc.capstone.scheme_layer,
        near_miss=lambda s, scheme, causal=False: tuple(
            a * (1 + 1e-4) for a in posenc.capstone.scheme_layer(s, scheme, causal=causal)
        ),
        mistakes={mistake: layer_by_hand(mistake=mistake) for mistake in checks.layer.LAYER_MISTAKES},
        measured={
            mistake: layer_by_hand(mistake=mistake)
            for mistake in (
                "one-row",
                "multiplied",
                "qk-swapped",
                "keys-from-queries",
                "other-rows",
                "added-after-projection",
                "words-replaced",
                "rope-on-outputs",
                "flat-bias",
                *checks.layer_bias.BIAS_MEASURED,
            )
        },
    ),
    "check_comparison_table": Spec(
        reference=checks.comparison_table_answer(),
        near_miss=table_with(("T5 bias", "used by", "BERT, GPT-2")),
        mistakes={
            "rope-at-input": table_with(("RoPE", "where it acts", "added to the input")),
            "sinusoidal-relative": table_with(("sinusoidal", "absolute or relative", "relative")),
            "alibi-trained": table_with(("ALiBi", "trained position parameters", "one scalar per bucket and head")),
            "rope-extrapolates": table_with(
                ("RoPE", "past the training length", "runs: far keys just get a larger penalty")
            ),
            "learned-runs": table_with(
                ("learned", "past the training length", "runs on positions or angles never trained")
            ),
            "models-swapped": table_with(("RoPE", "used by", "BLOOM, MPT"), ("ALiBi", "used by", "Llama, Mistral")),
            "sinusoidal-no-row": table_with(
                ("sinusoidal", "past the training length", "stops at its last row: nothing to look up past it")
            ),
            "rope-absolute": table_with(("RoPE", "absolute or relative", "absolute")),
            "rope-trained": table_with(("RoPE", "trained position parameters", "one scalar per bucket and head")),
            "sinusoidal-trained": table_with(("sinusoidal", "trained position parameters", "one row per position")),
            "shared-row": one_row_for_every_scheme(),
        },
        measured={
            "place": table_with(("ALiBi", "where it acts", "turns queries and keys")),
            "rows-moved": table_rows_moved(),
        },
    ),
}

NAMES = sorted(CHECKERS)
MISTAKES = [(name, mistake) for name in NAMES for mistake in CHECKERS[name].mistakes]


def run(name, answer):
    """Run a checker as a notebook would, failing the test on any warning it lets out."""
    checker = CHECKERS[name]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = checker.check(answer, **SPECS[name].kwargs)
    assert not caught, [str(w.message) for w in caught]
    assert isinstance(result, CheckResult)
    return result


def test_every_checker_is_registered_exported_and_specified():
    exported = {name for name in checks.__all__ if name.startswith("check_")}
    assert exported == set(CHECKERS) == set(SPECS)


class TestRegister:
    def test_a_checker_of_a_taken_name_from_another_module_is_refused(self, monkeypatch):
        monkeypatch.setattr(engine, "CHECKERS", dict(CHECKERS))

        def check_sinusoidal(fn):
            return engine.correct("always.")

        with pytest.raises(ValueError, match="'check_sinusoidal' is already registered from posenc.checks.table"):
            register("function", {})(check_sinusoidal)
        assert engine.CHECKERS["check_sinusoidal"].check is checks.check_sinusoidal

    def test_a_module_run_again_registers_its_checkers_anew(self, monkeypatch):
        monkeypatch.setattr(engine, "CHECKERS", dict(CHECKERS))
        known = CHECKERS["check_positions_column"]
        register(known.kind, known.mistakes, known.measured)(known.check)  # the same function again
        assert engine.CHECKERS["check_positions_column"] == known

        def check_positions_column(fn):
            return engine.correct("always.")

        check_positions_column.__module__ = known.check.__module__  # a new function, as importlib.reload makes it
        register("function", {})(check_positions_column)
        assert engine.CHECKERS["check_positions_column"].check is check_positions_column


def test_not_yet_keeps_the_head_and_leaves_out_a_detail_that_would_reach_the_limit():
    head = "x" * (MESSAGE_LIMIT - 100)
    fits = " y" * (engine.room_after(head) // 2)
    assert engine.not_yet(head, fits).message == f"Not yet: {head}{fits}"
    assert len(engine.not_yet(head, fits).message) == MESSAGE_LIMIT - 1
    assert engine.not_yet(head, fits + " z").message == f"Not yet: {head}"


@pytest.mark.parametrize("name", NAMES)
def test_every_named_mistake_has_a_wrong_implementation_here(name):
    assert set(SPECS[name].mistakes) == set(CHECKERS[name].mistakes)


@pytest.mark.parametrize("name", NAMES)
class TestEveryChecker:
    def test_accepts_the_reference(self, name):
        result = run(name, SPECS[name].reference)
        assert result.passed and result.message.startswith("Correct: "), result.message

    def test_rejects_a_near_miss(self, name):
        result = run(name, SPECS[name].near_miss)
        assert not result.passed and result.attempted and result.message.startswith("Not yet: "), result.message

    def test_a_stub_is_not_attempted(self, name):
        def stub(*args, **kwargs):
            raise NotImplementedError("Fill in my_function, then run the check below.")

        result = run(name, ... if CHECKERS[name].kind == "value" else stub)
        assert not result.passed and not result.attempted
        assert result.message.startswith("Not attempted yet: fill in ")


def untouched_stub(*args, **kwargs):
    """The exercise as a lesson hands it out: a gap, and the line to complete."""
    # compute the answer from the arguments
    answer = ...  # (seq_len, d_model)
    answer[0] = ...
    return ...  # (seq_len, d_model)


def untouched_raising_stub(*args, **kwargs):
    # compute the answer from the arguments
    raise NotImplementedError("Fill in untouched_raising_stub, then run the check below.")


def filled_in_stub(*args, **kwargs):
    answer = np.zeros(3)  # (3,)
    answer[0] = 1.0
    return ...  # (3,)


def filled_in_raising_stub(*args, **kwargs):
    answer = np.zeros(3)  # (3,)
    answer[0] = 1.0
    raise NotImplementedError("Fill in filled_in_raising_stub, then run the check below.")


FUNCTIONS = [name for name in NAMES if CHECKERS[name].kind == "function"]


@pytest.mark.parametrize("stub", [untouched_stub, untouched_raising_stub], ids=["return", "raise"])
@pytest.mark.parametrize("name", FUNCTIONS)
def test_an_untouched_stub_is_not_attempted(name, stub):
    result = run(name, stub)
    assert result.message == f"Not attempted yet: fill in {stub.__name__}, then run this cell again."
    assert not result.passed and not result.attempted


@pytest.mark.parametrize(
    "stub, last",
    [(filled_in_stub, "return ..."), (filled_in_raising_stub, "raise NotImplementedError(...)")],
    ids=["return", "raise"],
)
@pytest.mark.parametrize("name", FUNCTIONS)
def test_a_filled_in_stub_that_kept_its_last_line_is_told_to_replace_it(name, stub, last):
    result = run(name, stub)
    said = f"Not yet: {stub.__name__} is filled in, but still ends with the stub's `{last}`: "
    assert result.message.startswith(said + "replace that last line with one that returns "), result.message
    assert "the value it computes" not in result.message, "the checker says what its function returns"
    assert not result.passed and result.attempted and len(result.message) < MESSAGE_LIMIT


@pytest.mark.parametrize("name, mistake", MISTAKES, ids=[f"{n}-{m}" for n, m in MISTAKES])
def test_names_each_mistake_it_knows(name, mistake):
    result = run(name, SPECS[name].mistakes[mistake])
    hint = CHECKERS[name].mistakes[mistake].format(**SPECS[name].hint_args)
    assert not result.passed and hint in result.message, result.message
    assert result.mistake == mistake, f"the verdict records {result.mistake!r}: {result.message}"


MEASURED = [(name, measured) for name in NAMES for measured in CHECKERS[name].measured]


@pytest.mark.parametrize("name", NAMES)
def test_every_measured_diagnosis_has_a_wrong_implementation_here(name):
    assert set(SPECS[name].measured) == set(CHECKERS[name].measured)


@pytest.mark.parametrize("name, measured", MEASURED, ids=[f"{n}-{m}" for n, m in MEASURED])
def test_measures_each_diagnosis_it_knows(name, measured):
    result = run(name, SPECS[name].measured[measured])
    assert not result.passed and result.mistake == measured, f"recorded {result.mistake!r}: {result.message}"
    assert not set(CHECKERS[name].measured) & set(CHECKERS[name].mistakes), "an id is listed or measured, not both"


def layer_none_tested_with_a_bare_string(sentence, scheme, causal=False):
    """A learner's layer whose `scheme == "sinusoidal" or "learned"` is always true: 'none' adds the sinusoidal rows."""
    parts = posenc.capstone.parts()
    w_q, w_k, w_v = parts["projections"]
    x = parts["embeddings"][[posenc.capstone.WORDS.index(w) for w in sentence]]
    n = len(sentence)
    if scheme == "sinusoidal" or "learned":  # the mistake under test: always true
        x = x + (parts["table"][:n] if scheme == "learned" else posenc.sinusoidal(n, 8))
    return posenc.attention(x @ w_q, x @ w_k, x @ w_v, mask=posenc.causal_mask(n) if causal else None)


@pytest.mark.parametrize(
    "name, answer, mistake, said",
    [
        ("check_apply_rope", rope_first_used_twice, "block-read-back", "new first = (cos − sin)·x1"),
        (
            "check_scheme_layer",
            layer_none_tested_with_a_bare_string,
            "positions-in-none",
            "gives what 'sinusoidal' gives",
        ),
        ("check_positions_column", lambda n: np.cumsum(np.ones((n, 1)), axis=1) - 1, "zeros", "axis=1"),
    ],
    ids=["rope-term-twice", "layer-or-string", "column-cumsum-axis"],
)
def test_a_measurement_names_the_line_it_points_to(name, answer, mistake, said):
    result = run(name, answer)
    assert not result.passed and result.mistake == mistake and said in result.message, result.message


def wrong_values():
    """Answers of every type a learner has been seen to hand in, none of them right."""
    return {
        "None": None,
        "list": [1.0, 2.0, 3.0],
        "str": "the table",
        "tuple": (1, 2),
        "object array": np.array([None, 1.0], dtype=object),
        "ragged list": [[1.0, 2.0], [3.0]],
        "complex": 1.0 + 2.0j,
        "complex array": np.ones((2, 2)) * 1j,
        "int": 7,
        "huge int": 10**400,
        "huge float": 1e300,
        "NaN": float("nan"),
        "NaN array": np.full((8, 6), np.nan),
        "inf": float("inf"),
        "wrong shape": np.zeros((2, 3)),
        "wrong rank": np.zeros((2, 3, 4)),
        "bool": True,
    }


def returning(value):
    """A learner's function that returns `value` whatever it is given."""
    return lambda *args, **kwargs: value


def scaled_answer(answer, factor):
    """The right answer times `factor`: each array of a pair, or the one array."""
    if isinstance(answer, tuple):
        return tuple(np.asarray(a) * factor for a in answer)
    return np.asarray(answer, dtype=float) * factor


def extra_axis(answer):
    return (
        tuple(np.asarray(a)[..., None] for a in answer) if isinstance(answer, tuple) else np.asarray(answer)[..., None]
    )


def wrong_functions(reference):
    """Functions that return each wrong value, plus ones that fail in other ways."""
    made = {f"returns {label}": returning(value) for label, value in wrong_values().items()}
    made["returns the right answer times 1e300"] = lambda *a, **kw: scaled_answer(reference(*a, **kw), 1e300)
    made["returns the right answer as complex"] = lambda *a, **kw: scaled_answer(reference(*a, **kw), 1 + 0j)
    made["returns the right answer with an extra axis"] = lambda *a, **kw: extra_axis(reference(*a, **kw))
    made["takes no parameters"] = lambda: np.zeros(3)
    made["takes one parameter too many"] = lambda a, b, c, d, e: np.zeros(3)
    made["raises inside"] = lambda *args, **kwargs: np.zeros(3)[10]
    made["divides by zero with numpy"] = lambda *args, **kwargs: np.ones(3) / np.zeros(3)
    made["is not a function"] = np.zeros(3)
    return made


CASES = [
    (name, label)
    for name in NAMES
    for label in (wrong_values() if CHECKERS[name].kind == "value" else wrong_functions(SPECS[name].reference))
]


@pytest.mark.parametrize("name, label", CASES, ids=[f"{n}-{label}" for n, label in CASES])
def test_never_raises_and_stays_readable_on_any_wrong_answer(name, label):
    spec = SPECS[name]
    answers = wrong_values() if CHECKERS[name].kind == "value" else wrong_functions(spec.reference)
    result = run(name, answers[label])
    assert not result.passed, result.message
    message = result.message
    assert len(message) < MESSAGE_LIMIT, message
    assert not re.search(r"\d{16}", message), f"a number nobody can read: {message}"
    assert "got ndarray" not in message and "got list" not in message, message
    assert message.startswith(("Not yet: ", "Not attempted yet: ")), message


def attention_times_values(q, k, v):
    """A learner's attention that multiplies the weights by the values with * where @ belongs."""
    weights = posenc.softmax(q @ k.T / np.sqrt(q.shape[-1]), axis=-1)  # (seq_len_q, seq_len_k)
    return weights * v


def attention_into_narrow_slice(q, k, v):
    """A learner's attention that writes its output into a slice two columns wide."""
    out = np.zeros((len(q), v.shape[1]))
    out[:, :2] = posenc.attention(q, k, v)[0]
    return out


def attention_unsqueezed_scale(q, k, v):
    """A learner's attention that indexes a 1-D array with two numbers."""
    return posenc.attention(q, k, v)[0][np.arange(len(q))[0], 0, 0]


@pytest.mark.parametrize(
    "answer, crash",
    [
        (attention_times_values, "star-for-matmul"),
        (lambda q, k, v: posenc.softmax(q @ k / np.sqrt(q.shape[-1]), axis=-1) @ v, "inner-lengths"),
        (lambda q, k, v: posenc.attention(q, k, v)[0] + np.ones(v.shape[0]), "missing-axis"),
        (attention_unsqueezed_scale, "index-for-axis"),
        (attention_into_narrow_slice, "assign-shape"),
        (lambda q, k, v: posenc.attention(q, k, v)[0][:, np.arange(1, v.shape[1] + 1)], "out-of-bounds"),
    ],
    ids=["star-for-matmul", "inner-lengths", "missing-axis", "index-for-axis", "assign-shape", "out-of-bounds"],
)
def test_a_shape_error_is_explained_and_recorded_by_its_id(answer, crash):
    result = run("check_attention", answer)
    assert not result.passed and result.mistake == crash, result.message
    assert CHECKERS["check_attention"].knows(crash) and crash in checks.crashes.CRASHES


def test_a_test_that_draws_its_own_order_is_named_whatever_numpys_global_state_is():
    # Such a test matches perm one time in 120 (five rows), and then answered every question right: 4 of these
    # 600 global states got "Correct" before the checker asked its repeated question first (measured).
    def own_order(f, x, perm):
        return bool(np.allclose(f(np.random.permutation(x)), f(x)[perm]))

    state = np.random.get_state()
    try:
        for seed in range(600):
            np.random.seed(seed)
            result = checks.check_equivariance_test(own_order)
            assert not result.passed and result.mistake == "own-random-order", (seed, result.message)
    finally:
        np.random.set_state(state)
