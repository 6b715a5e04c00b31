"""The numbers lessons compute: bfloat16 rounding against its definition."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from posenc.analysis import round_to_bfloat16


@pytest.mark.parametrize(
    "x, expected",
    [(1 / 3, 0.333984375), (np.pi, 3.140625), (1.0, 1.0), (257.0, 256.0), (259.0, 260.0), (1e6, 999424.0)],
)
def test_known_values(x, expected):
    assert float(round_to_bfloat16(x)) == expected


@given(st.floats(-1e30, 1e30, allow_nan=False).filter(lambda v: abs(v) > 1e-30))
def test_is_the_nearest_number_with_8_significant_bits(x):
    x32 = float(np.float32(x))
    r = float(round_to_bfloat16(x32))
    exponent = np.floor(np.log2(abs(x32)))
    gap = 2.0 ** (exponent - 7)  # spacing of 8-bit significands in [2^e, 2^(e+1))
    assert abs(r - x32) <= gap / 2 + 1e-300
    assert (r / 2.0 ** (np.floor(np.log2(abs(r))) - 7)).is_integer()  # 8 significant bits at most


def test_ties_go_to_even():
    assert float(round_to_bfloat16(257.0)) == 256.0  # 257 is halfway between 256 and 258
    assert float(round_to_bfloat16(259.0)) == 260.0  # halfway between 258 and 260: 260 is even


def test_rejects_nan():
    with pytest.raises(ValueError, match="NaN or infinity"):
        round_to_bfloat16([1.0, np.nan])
