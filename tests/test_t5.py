"""T5's buckets against values derived by hand from the authors' code; the bias against its definition.

The authors' ``_relative_position_bucket`` (Mesh TensorFlow, transformer_layers.py) takes ``n =
-(key - query)``, which is this course's offset ``i - j``. Bidirectional, with 32 buckets: ``n < 0``
adds 16, ``n = |n|``, 8 exact buckets, then ``8 + trunc(log(n / 8) / log(128 / 8) * 8) = 8 +
trunc(2 log2(n / 8))``, at most 15: bucket ``8 + k`` starts at the first whole ``n >= 8 * 2**(k / 2)``,
so at 12, 16, 23, 32, 46, 64, 91 for k = 1..7 (8√2 = 11.3, 16, 22.6, 32, 45.3, 64, 90.5), and 15 holds
every ``n`` from 91. Causal: ``n = max(n, 0)``, 16 exact buckets, then ``16 + trunc(16 log(n / 16) /
log(8))``: bucket ``16 + k`` starts at the first whole ``n >= 16 * 8**(k / 16)``, which for k = 1..15
is 19, 21, 24, 27, 31, 35, 40, 46, 52, 59, 67, 77, 87, 99, 113 (16 · 8^(1/16) = 18.2, ..., 16 · 8^(15/16)
= 112.4). The tables below are those hand-derived starts, written out; nothing here calls the code
under test to make them.
"""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import posenc
from posenc.attention import offsets
from tests.wrong_arguments import ARRAY_TYPES, BOOL_TYPES, INT_TYPES

#: Wrong arguments for tests/test_arguments.py, which gathers this table.
ARGUMENT_CASES = {
    "t5_bucket": (
        posenc.t5_bucket,
        dict(offsets=[0, 3, -2], bidirectional=True, num_buckets=32, max_distance=128),
        {
            "offsets": ([None, "x", [[1], [2, 3]]], [[0.5], [np.nan]]),
            "bidirectional": (BOOL_TYPES, []),
            "num_buckets": (INT_TYPES, [0, 2, 7]),
            "max_distance": (INT_TYPES, [0, 8]),
        },
    ),
    "t5_bias": (
        posenc.t5_bias,
        dict(bucket_values=np.zeros((2, 32)), seq_len=4, bidirectional=False, max_distance=128),
        {
            "bucket_values": (ARRAY_TYPES, [np.ones(32), np.ones((1, 2, 32))]),
            "seq_len": (INT_TYPES, [0]),
            "bidirectional": (BOOL_TYPES, []),
            "max_distance": (INT_TYPES, [-1, 16]),
        },
    ),
}

#: Where each bucket starts, by hand from the authors' rule (the module's docstring).
BIDIRECTIONAL_STARTS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 23, 32, 46, 64, 91]
CAUSAL_STARTS = list(range(17)) + [19, 21, 24, 27, 31, 35, 40, 46, 52, 59, 67, 77, 87, 99, 113]


def expected_bucket(distance, starts):
    """The bucket whose range holds `distance` >= 0: the last start at or below it."""
    return max(b for b, start in enumerate(starts) if start <= distance)


@pytest.mark.parametrize(
    ("bidirectional", "starts"), [(True, BIDIRECTIONAL_STARTS), (False, CAUSAL_STARTS)], ids=["bidirectional", "causal"]
)
def test_every_bucket_starts_where_the_authors_rule_puts_it(bidirectional, starts):
    distance = np.arange(400)
    got = posenc.t5_bucket(distance, bidirectional=bidirectional)
    assert got.tolist() == [expected_bucket(int(d), starts) for d in distance]
    for bucket, start in enumerate(starts[1:], start=1):  # each boundary on both of its sides
        assert posenc.t5_bucket([start - 1, start], bidirectional=bidirectional).tolist() == [bucket - 1, bucket]


def test_the_last_bucket_starts_at_91_bidirectional_and_113_causal_and_holds_everything_past_128():
    assert posenc.t5_bucket([90, 91, 127, 128, 10**6], bidirectional=True).tolist() == [14, 15, 15, 15, 15]
    assert posenc.t5_bucket([112, 113, 127, 128, 10**6], bidirectional=False).tolist() == [30, 31, 31, 31, 31]


def test_keys_after_the_query_take_the_upper_half_bidirectional_and_bucket_0_causal():
    after = -np.arange(1, 400)  # i - j < 0: the key comes after the query
    assert posenc.t5_bucket(after, bidirectional=True).tolist() == [
        16 + expected_bucket(int(d), BIDIRECTIONAL_STARTS) for d in -after
    ]
    assert not posenc.t5_bucket(after, bidirectional=False).any()  # max(i - j, 0) = 0: the mask hides them


@given(st.integers(-(10**6), 10**6), st.sampled_from([True, False]))
def test_a_bucket_depends_on_the_offset_and_grows_with_the_distance(offset, bidirectional):
    bucket = int(posenc.t5_bucket(offset, bidirectional=bidirectional))
    further = int(posenc.t5_bucket(offset + (1 if offset >= 0 else -1), bidirectional=bidirectional))
    half = 16 if bidirectional else 32
    assert 0 <= bucket < 32 and bucket <= further <= bucket + 1
    if bidirectional:
        assert (bucket >= 16) == (offset < 0)  # keys after the query: the upper half
    assert bucket % half <= min(abs(offset) if bidirectional else max(offset, 0), half - 1)


def test_offsets_as_the_course_computes_them_give_one_bucket_per_entry():
    back = offsets(5)  # floats i - j
    assert np.array_equal(
        posenc.t5_bucket(back, bidirectional=True), posenc.t5_bucket(back.astype(int), bidirectional=True)
    )


def test_the_bias_is_each_heads_number_for_the_bucket_of_i_minus_j():
    values = np.random.default_rng(0).normal(size=(3, 32))
    bias = posenc.t5_bias(values, 200, bidirectional=False)
    assert bias.shape == (3, 200, 200)
    for i, j in [(0, 0), (5, 2), (199, 0), (150, 36), (10, 50)]:
        assert np.array_equal(bias[:, i, j], values[:, expected_bucket(max(i - j, 0), CAUSAL_STARTS)])
    # relative: the bias depends on i - j only, so every diagonal is constant
    assert all(np.ptp(np.diagonal(bias[h], offset=k)) == 0 for h in range(3) for k in range(-199, 200))


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: posenc.t5_bucket([0.5], bidirectional=True), "offsets must be whole numbers"),
        (lambda: posenc.t5_bucket([1], bidirectional="yes"), "bidirectional must be"),
        (lambda: posenc.t5_bucket([1], bidirectional=True, num_buckets=7), "num_buckets must be an even number"),
        (
            lambda: posenc.t5_bucket([1], bidirectional=False, num_buckets=32, max_distance=16),
            "max_distance must be larger",
        ),
        (lambda: posenc.t5_bias(np.ones(32), 4, bidirectional=True), "bucket_values must have at least 2 axes"),
        (lambda: posenc.t5_bias(np.ones((1, 32)), 0, bidirectional=True), "seq_len must be a positive integer"),
    ],
)
def test_bad_arguments_get_a_message_that_names_them(call, message):
    with pytest.raises((ValueError, TypeError), match=message):
        call()
