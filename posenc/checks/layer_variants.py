"""Two layers that differ from the capstone's in one convention, for check_scheme_layer to recognise.

A capstone layer can hold every scheme's signature (relative, absolute, blind to mirroring)
and still differ from :func:`posenc.capstone.scheme_layer` in a convention: RoPE in the half
(rotate_half) layout, or ALiBi's signed distance where the unmasked layer takes |i − j|.
Measured against the reference, those read as a wrong number; here each is computed, so the
checker can say which convention it is. numpy only.
"""

from __future__ import annotations

import numpy as np

from posenc.attention import attention
from posenc.capstone import ALIBI_SLOPE, WORDS, parts
from posenc.rope import apply_rope

__all__ = ["VARIANTS", "variant_of"]

#: Each convention's hint, keyed by the id check_scheme_layer registers it under.
VARIANTS = {
    "rope-half-layout": "Your RoPE pairs dimension i with i + d/2 (the half, rotate_half layout); the capstone, "
    "like the lesson, pairs neighbours: posenc.apply_rope(q) with its default, interleaved layout.",
    "alibi-signed": "Without the mask your ALiBi uses the signed i - j, which rewards the words after the query; "
    "the unmasked layer takes -slope * |i - j| (alibi_bias(n, 8, causal=False)).",
}


def _layer(sentence: list[str], causal: bool, layout: str = "interleaved", signed: bool = False) -> np.ndarray:
    """The capstone layer's weights for RoPE (in `layout`) or, with `signed`, for ALiBi with i - j unclipped."""
    p = parts()
    w_q, w_k, w_v = p["projections"]
    x = p["embeddings"][[WORDS.index(word) for word in sentence]]  # (n, d_model)
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    n, bias = len(sentence), None
    if signed:
        offset = np.arange(n)[:, None] - np.arange(n)[None, :]  # (n, n): i - j
        bias = -ALIBI_SLOPE * offset
    else:
        q, k = apply_rope(q, layout=layout), apply_rope(k, layout=layout)
    mask = np.tril(np.ones((n, n), dtype=bool)) if causal else None
    return attention(q, k, v, mask=mask, bias=bias)[1]


def variant_of(weights: np.ndarray, sentence: list[str], scheme: str, causal: bool) -> str | None:
    """The id of the convention whose layer gives these weights for this sentence, if any.

    Examples
    --------
    >>> variant_of(_layer(["dog", "bites", "man"], False, layout="half"), ["dog", "bites", "man"], "rope", False)
    'rope-half-layout'
    """
    if scheme == "rope" and len(sentence) > 1:
        guess = _layer(sentence, causal, layout="half")
        return "rope-half-layout" if guess.shape == weights.shape and np.allclose(weights, guess) else None
    if scheme == "alibi" and not causal and len(sentence) > 1:
        guess = _layer(sentence, causal, signed=True)
        return "alibi-signed" if guess.shape == weights.shape and np.allclose(weights, guess) else None
    return None
