"""The capstone layer's listed mistakes: each one's hint, and the layer with it made, for check_scheme_layer.

Each suspect is :func:`posenc.capstone.layer_with` run with a scheme's own hooks changed in one
place, as its record says (``Scheme.layer_suspects``): RoPE turned at the wrong place, on one side
or in the half (rotate_half) layout, ALiBi's signed distance where the unmasked layer takes |i − j|,
T5's buckets of the flipped, one-way or unsigned offset, or its numbers negated.
So the checker compares a learner's layer with what each listed mistake really gives, and nothing
here writes a layer of its own. numpy only.
"""

from __future__ import annotations

import numpy as np

from posenc.capstone import layer_with
from posenc.schemes import SCHEMES, LayerHooks

__all__ = ["LAYER_MISTAKES", "VARIANTS", "suspects", "variant_of"]

#: Each convention's hint, keyed by the id check_scheme_layer registers it under.
VARIANTS = {
    "rope-half-layout": "Your RoPE pairs dimension i with i + d/2 (the half, rotate_half layout); the capstone, "
    "like the lesson, pairs neighbours: posenc.apply_rope(q) with its default, interleaved layout.",
    "alibi-signed": "Without the mask your ALiBi uses the signed i - j, which rewards the words after the query; "
    "the unmasked layer takes -slope * |i - j| (alibi_bias(n, 8, causal=False)).",
}


#: Every listed mistake of the capstone layer, by id: its hint.
LAYER_MISTAKES = {
    "returns-outputs-only": "Return the pair (outputs, weights), as posenc.attention(q, k, v, mask=..., bias=...) "
    "gives it.",
    "positions-in-none": "With scheme 'none' nothing carries position: the word vectors go straight into "
    "W_q, W_k and W_v, and the mask only when causal.",
    "scheme-ignored": "Your layer does here what it does for 'none': the name never matches (spell it as "
    "capstone.CAPSTONE_SCHEMES does, in lowercase: 'rope', 't5'), or what it adds comes too late (rows go into x before q, "
    "k and v).",
    "table-on-qk": "Add the table rows to the word vectors x, before the projections (so that they reach q, k "
    "and v alike), not to q and k.",
    "tables-swapped": "'sinusoidal' adds posenc.sinusoidal(n, d_model); 'learned' adds the rows parts()['table'][:n].",
    "table-rows-shifted": "The word at position p gets row p of the table, counting from 0: table[:n].",
    "rope-on-inputs": "RoPE turns q and k after the projections, not the word vectors: "
    "q = posenc.apply_rope(x @ W_q), and the same for k.",
    "rope-on-v": "RoPE turns q and k only; v = x @ W_v stays as it is.",
    "rope-one-side": "Turn both q and k: their dot product then depends on i − j alone.",
    "alibi-causal-form": "Without the mask, ALiBi here is bidirectional: -slope * |i - j| "
    "(alibi_bias(..., causal=False)), which penalises the words after the query too.",
    "alibi-slope": "The capstone's ALiBi head has slope capstone.ALIBI_SLOPE = 0.5, the first of 8 heads' "
    "(alibi_bias(n, 1) gives a lone head's, 2^-8).",
    "alibi-sign": "ALiBi lowers the scores of far words: add -slope * distance, with the minus sign.",
    "no-mask": "With causal=True, pass mask=posenc.causal_mask(n): row i then puts no weight on the words after it.",
    "mask-transposed": "Your mask is transposed: each word sees itself and the words after it. posenc.causal_mask(n) "
    "(True on and below the diagonal) lets row i see the words up to i.",
    "always-masked": "With causal=False every word sees every other: pass the mask only when causal is True.",
    "unscaled": "Divide the scores by sqrt(d_head) = sqrt(8) before the softmax, as posenc.attention does.",
    "t5-offset-flipped": "T5's buckets take the offset i - j, query minus key (lesson 07): "
    "posenc.t5_bucket(i[:, None] - i[None, :], ...); j - i sends the keys before the query to the buckets of "
    "the keys after it.",
    "t5-one-way": "Without the mask the keys after the query have buckets of their own: "
    "posenc.t5_bucket(..., bidirectional=not causal); bidirectional=False gives them all bucket 0's number.",
    "t5-no-direction": "T5's buckets keep the offset's sign: the bucket of i - j, not of |i - j|, which gives a "
    "key 2 before the query and one 2 after it the same number.",
    "t5-negated": "T5's bias is each bucket's number as it is, bucket_values[bucket], with no minus sign "
    "(ALiBi's minus is its own: its penalty grows with distance).",
    **VARIANTS,
}


def suspects(scheme: str) -> dict[str, LayerHooks]:
    """The hooks of the listed mistakes a learner makes with `scheme`, by mistake id: its record's
    ``layer_suspects``, each applied to its hooks.

    Examples
    --------
    >>> sorted(suspects("rope"))
    ['rope-half-layout', 'rope-on-inputs', 'rope-on-v', 'rope-one-side', 'scheme-ignored']
    """
    record = SCHEMES[scheme]
    if record.layer is None:
        return {}
    return {mistake: made(record.layer) for mistake, made in record.layer_suspects.items()}


def variant_of(weights: np.ndarray, sentence: list[str], scheme: str, causal: bool) -> str | None:
    """The id of the convention whose layer gives these weights for this sentence, if any.

    Examples
    --------
    >>> half = suspects("rope")["rope-half-layout"]
    >>> variant_of(layer_with(["dog", "bites", "man"], "rope", hooks=half)[1], ["dog", "bites", "man"], "rope", False)
    'rope-half-layout'
    """
    if len(sentence) < 2:
        return None
    right = layer_with(sentence, scheme, causal=causal)[1]
    for mistake, hooks in suspects(scheme).items():
        if mistake not in VARIANTS:
            continue
        guess = layer_with(sentence, scheme, hooks=hooks, causal=causal)[1]
        if np.allclose(guess, right):
            continue  # here the convention gives the right weights (ALiBi's signed form under the mask)
        if guess.shape == weights.shape and np.allclose(weights, guess):
            return mistake
    return None
