"""Lesson 08's capstone layer: which schemes tell "dog bites man" from "man bites dog", and why."""

import numpy as np
import pytest

from posenc.capstone import CAPSTONE_SCHEMES, scheme_layer

A, B = ["dog", "bites", "man"], ["man", "bites", "dog"]


def gaps(scheme, causal=False):
    out_a, _ = scheme_layer(A, scheme, causal=causal)
    out_b, _ = scheme_layer(B, scheme, causal=causal)
    return np.linalg.norm(out_a - out_b[::-1], axis=1)  # B reversed lists the words in A's order


@pytest.mark.parametrize("scheme", ["none", "ALiBi"])
def test_order_blind_without_a_mask(scheme):
    # none: attention is permutation-equivariant; ALiBi without a mask sees |i - j|, which reversal keeps
    assert np.allclose(gaps(scheme), 0.0, atol=1e-12)


@pytest.mark.parametrize("scheme", ["sinusoidal", "learned", "RoPE"])
def test_these_tell_the_sentences_apart_without_a_mask(scheme):
    assert gaps(scheme).max() > 0.05


@pytest.mark.parametrize("scheme", list(CAPSTONE_SCHEMES))
def test_the_causal_mask_alone_tells_them_apart(scheme):
    assert gaps(scheme, causal=True).max() > 0.05


def test_rope_sees_the_signed_offset_not_the_distance():
    # the same words at mirrored positions: a |i - j| scheme could not tell, RoPE's i - j does
    _, w_a = scheme_layer(A, "RoPE")
    _, w_b = scheme_layer(B, "RoPE")
    assert not np.allclose(w_a, w_b[::-1, ::-1])


def test_rejects_unknown_words_and_schemes():
    with pytest.raises(ValueError, match="scheme must be one of"):
        scheme_layer(A, "no-such-scheme")
    with pytest.raises(ValueError, match="got \\['cat'\\]"):
        scheme_layer(["cat"], "none")
