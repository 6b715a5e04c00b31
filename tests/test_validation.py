"""Every bad input a learner is likely to type, and the exact message it gets.

Each message names the argument and shows what was given ("got ..."), so that it
never drifts into a bare numpy error.
"""

import numpy as np
import pytest

import posenc

CASES = [
    # (call, exception, message pattern)
    (
        lambda: posenc.attention(np.ones((3, 4)), np.ones((3, 4)), np.ones((3, 4)), bias=...),
        TypeError,
        r"^bias is \.\.\. \(a placeholder still to fill in\): give it an array, or None where allowed\.$",
    ),
    (lambda: posenc.sinusoidal(10, -4), ValueError, r"^d_model must be a positive integer; got d_model=-4\.$"),
    (
        lambda: posenc.sinusoidal(10, 7),
        ValueError,
        r"^d_model must be even so that sines and cosines pair up; got d_model=7\.$",
    ),
    (lambda: posenc.sinusoidal(0, 8), ValueError, r"^seq_len must be a positive integer; got seq_len=0\.$"),
    (lambda: posenc.sinusoidal(-3, 8), ValueError, r"got seq_len=-3"),
    (
        lambda: posenc.sinusoidal(2.5, 8),
        TypeError,
        r"^seq_len must be a positive integer; got seq_len=2\.5 of type float\.$",
    ),
    (lambda: posenc.sinusoidal(True, 8), TypeError, r"got seq_len=True of type bool"),
    (lambda: posenc.sinusoidal("8", 8), TypeError, r"got seq_len='8' of type str"),
    (
        lambda: posenc.sinusoidal(8, 8, base=float("nan")),
        ValueError,
        r"base must be a finite number greater than 1 .*got base=nan",
    ),
    (lambda: posenc.sinusoidal(8, 8, base=-1.0), ValueError, r"got base=-1\.0"),
    (lambda: posenc.sinusoidal(8, 8, base=0), ValueError, r"got base=0\.0"),
    (lambda: posenc.frequencies(5), ValueError, r"d_model must be even .*got d_model=5"),
    (lambda: posenc.wavelengths(0), ValueError, r"got d_model=0"),
    (lambda: posenc.offset_rotation(2, 3), ValueError, r"got d_model=3"),
    (
        lambda: posenc.rope_angles([0, 1], 5),
        ValueError,
        r"^d_head must be even so that dimensions pair up for rotation; got d_head=5\.$",
    ),
    (
        lambda: posenc.rope_angles([[0, 1]], 4),
        ValueError,
        r"positions must be one-dimensional .*got positions.shape=\(1, 2\)",
    ),
    (lambda: posenc.rope_angles([True, False], 4), TypeError, r"positions must hold numbers, not booleans"),
    (lambda: posenc.apply_rope(np.ones((4, 7))), ValueError, r"d_head \(the last axis of x\) must be even .*d_head=7"),
    (lambda: posenc.apply_rope(np.ones(4)), ValueError, r"x must have at least 2 axes; got x.shape=\(4,\)"),
    (
        lambda: posenc.apply_rope(np.ones((3, 4)), np.arange(5)),
        ValueError,
        r"positions must have one entry per row of x \(seq_len=3.*got 5 positions",
    ),
    (
        lambda: posenc.apply_rope(np.array([["a", "b"]])),
        TypeError,
        r"x must be an array of real numbers; got dtype <U1",
    ),
    (
        lambda: posenc.alibi_slopes(0),
        ValueError,
        r"^num_heads must be a positive integer; got num_heads=0\. ALiBi gives each head its own slope\.$",
    ),
    (lambda: posenc.alibi_bias(0, 4), ValueError, r"got seq_len=0"),
    (lambda: posenc.causal_mask(-1), ValueError, r"got seq_len=-1"),
    (
        lambda: posenc.attention(np.ones((5, 8)), np.ones((5, 6)), np.ones((5, 6))),
        ValueError,
        r"^q and k must have the same last dimension \(d_head\); got q.shape=\(5, 8\) and k.shape=\(5, 6\)\.$",
    ),
    (
        lambda: posenc.attention(np.ones((2, 3, 4)), np.ones((5, 3, 4)), np.ones((5, 3, 4))),
        ValueError,
        r"leading \(batch or head\) axes .*q.shape=\(2, 3, 4\)",
    ),
    (lambda: posenc.softmax(np.array([np.nan, 1.0])), ValueError, r"x must not contain NaN"),
    (lambda: posenc.softmax(np.array([])), ValueError, r"x must not be empty; got x.shape=\(0,\)"),
    (
        lambda: posenc.LearnedTable(8, 4)[8],
        IndexError,
        r"position 8 is past the end of this learned table: it has rows for positions 0\.\.7 only \(max_len=8\)",
    ),
    (lambda: posenc.LearnedTable(8, 0), ValueError, r"got d_model=0"),
    (
        lambda: posenc.LearnedTable(8, 4, init_std=-1.0),
        ValueError,
        r"init_std must be a finite number >= 0.0; got init_std=-1\.0",
    ),
]


@pytest.mark.parametrize("call, exc, pattern", CASES, ids=[f"case{i}" for i in range(len(CASES))])
def test_message(call, exc, pattern):
    with pytest.raises(exc, match=pattern):
        call()
