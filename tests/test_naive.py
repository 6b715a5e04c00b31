"""The obvious encodings of lesson 02, against independent computations of what they should be."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from posenc.naive import ENCODINGS, naive_encoding, neighbour_distances


@given(st.integers(1, 200), st.integers(0, 300))
def test_binary_rows_read_back_as_their_positions(seq_len, extra):
    table = naive_encoding("binary", seq_len, max_len=seq_len + extra)
    assert np.array_equal(table @ (2.0 ** np.arange(table.shape[1])), np.arange(seq_len))
    assert 2 ** table.shape[1] >= seq_len + extra  # enough digits for the longest sentence


@given(st.integers(2, 100))
def test_neighbour_steps_of_binary_are_square_roots_of_flipped_bits(seq_len):
    flips = [bin(p ^ (p + 1)).count("1") for p in range(seq_len - 1)]
    assert np.allclose(neighbour_distances(naive_encoding("binary", seq_len)) ** 2, flips)


@given(st.integers(2, 100))
def test_one_hot_puts_every_two_positions_equally_far_apart(seq_len):
    table = naive_encoding("one-hot", seq_len, max_len=seq_len + 3)
    distances = np.linalg.norm(table[:, None] - table[None, :], axis=-1)
    assert np.allclose(distances[~np.eye(seq_len, dtype=bool)], np.sqrt(2))


def test_fraction_gives_the_same_value_to_different_positions_in_different_lengths():
    assert naive_encoding("fraction", 10)[5, 0] == naive_encoding("fraction", 20)[10, 0] == 0.5


def test_integer_is_the_position():
    assert naive_encoding("integer", 5).ravel().tolist() == [0, 1, 2, 3, 4]


@pytest.mark.parametrize("scheme", ENCODINGS)
def test_every_scheme_gives_one_row_per_position_that_names_it(scheme):
    table = naive_encoding(scheme, 7, max_len=9)
    assert table.shape[0] == 7
    decoded = {  # read each row back to its position, a different way for each scheme
        "integer": table[:, 0],
        "fraction": table[:, 0] * 7,
        "one-hot": table.argmax(axis=1),
        "binary": table @ (2.0 ** np.arange(table.shape[1])),
    }[scheme]
    assert np.allclose(decoded, np.arange(7))
    if scheme == "one-hot":
        assert np.array_equal(table.sum(axis=1), np.ones(7)) and table.shape[1] == 9


def test_unknown_scheme_and_short_max_len_are_named():
    with pytest.raises(ValueError, match="scheme must be one of 'integer', 'fraction', 'one-hot', 'binary'"):
        naive_encoding("sine", 4)
    with pytest.raises(ValueError, match="max_len must be at least seq_len = 8; got max_len=4"):
        naive_encoding("one-hot", 8, max_len=4)
