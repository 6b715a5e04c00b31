"""Lesson 07's capstone layer: one attention head on "dog bites man", with a switch for the position scheme.

The layer has seeded parts (word embeddings, projections, a stand-in learned table) and
five schemes. Each scheme is one entry of :data:`_LAYER`, saying what it does at the
three places position can enter (the inputs, the queries and keys, the scores); the
layer runs all three, so no code branches on the scheme's name.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from posenc._validation import check_bool
from posenc.alibi import alibi_bias, alibi_slopes
from posenc.attention import attention, causal_mask
from posenc.rope import apply_rope
from posenc.schemes import scheme as scheme_named
from posenc.sinusoidal import sinusoidal

__all__ = ["ALIBI_SLOPE", "CAPSTONE_SCHEMES", "WORDS", "parts", "scheme_layer"]

#: The words a capstone sentence may use.
WORDS = ("dog", "bites", "man")
D_MODEL = 8
#: The slope of the layer's one ALiBi head: 1/2, the first of 8 heads' slopes (``alibi_slopes(8)[0]``).
ALIBI_SLOPE = float(alibi_slopes(8)[0])


@functools.lru_cache(maxsize=1)
def _parts() -> dict[str, np.ndarray]:
    rng = np.random.default_rng(0)
    made = {
        "embeddings": rng.normal(size=(len(WORDS), D_MODEL)),  # one row per word of WORDS
        "projections": rng.normal(size=(3, D_MODEL, D_MODEL)) / np.sqrt(D_MODEL),  # W_q, W_k, W_v
        "table": rng.normal(scale=0.5, size=(8, D_MODEL)),  # random rows standing in for a trained table
    }
    for array in made.values():
        array.setflags(write=False)
    return made


def parts() -> dict[str, np.ndarray]:
    """The layer's seeded parts, shared by every scheme (copies: changing them changes nothing).

    With these, :data:`WORDS` and :data:`ALIBI_SLOPE`, a learner can build :func:`scheme_layer`
    from posenc's maths: ``x = embeddings[[WORDS.index(w) for w in sentence]]``, then
    ``x @ W_q`` and so on.

    Returns
    -------
    dict
        ``"embeddings"`` (3, 8): one row per word of :data:`WORDS`; ``"projections"``
        (3, 8, 8): W_q, W_k, W_v; ``"table"`` (8, 8): random rows standing in for a
        trained learned table (the word at position p gets row p).

    Examples
    --------
    >>> {name: array.shape for name, array in parts().items()}
    {'embeddings': (3, 8), 'projections': (3, 8, 8), 'table': (8, 8)}
    >>> x = parts()["embeddings"][[WORDS.index(w) for w in ["man", "bites"]]]  # (2, 8): one row per word
    >>> outputs, weights = scheme_layer(["man", "bites"], "none", causal=True)
    >>> bool(np.allclose(outputs[0], x[0] @ parts()["projections"][2]))  # the first word sees only itself: its v
    True
    >>> ALIBI_SLOPE, bool(np.allclose(alibi_bias(3, 8)[0], -ALIBI_SLOPE * np.tril(np.arange(3)[:, None] - np.arange(3))))
    (0.5, True)
    """
    return {name: array.copy() for name, array in _parts().items()}


def _keep(x: np.ndarray) -> np.ndarray:
    return x


@dataclass(frozen=True)
class _Positions:
    """What one scheme does at each place position can enter; the identity (or no bias) elsewhere."""

    inputs: Callable[[np.ndarray], np.ndarray] = _keep  # (n, d_model) -> (n, d_model)
    queries_and_keys: Callable[[np.ndarray], np.ndarray] = _keep  # (n, d_model) -> (n, d_model), each
    bias: Callable[[int, bool], np.ndarray | None] = lambda n, causal: None  # -> (n, n) added to the scores


_LAYER: dict[str, _Positions] = {
    "none": _Positions(),
    "sinusoidal": _Positions(inputs=lambda x: x + sinusoidal(*x.shape)),
    "learned": _Positions(inputs=lambda x: x + _parts()["table"][: len(x)]),
    "rope": _Positions(queries_and_keys=apply_rope),
    # one head with slope ALIBI_SLOPE = 1/2, the first of 8; |i - j| when not causal
    "alibi": _Positions(bias=lambda n, causal: alibi_bias(n, 8, causal=causal)[0]),
}

#: The schemes of the capstone switch (names of ``posenc.schemes.SCHEMES``), in the lesson's order.
CAPSTONE_SCHEMES = tuple(_LAYER)


def scheme_layer(sentence: list[str], scheme: str, *, causal: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Run one attention head on a sentence of the words dog, bites, man, with a position scheme.

    Parameters
    ----------
    sentence : list of str
        Words from ``("dog", "bites", "man")``, in order; at most 8 of them (the
        stand-in learned table has 8 rows).
    scheme : one of CAPSTONE_SCHEMES
        ``"sinusoidal"`` and ``"learned"`` add a table row to each word's embedding;
        ``"rope"`` turns queries and keys; ``"alibi"`` adds ``-ALIBI_SLOPE * distance`` to
        the scores, ``-(1/2) * |i - j|`` (``i - j`` below the diagonal when `causal`; the mask
        hides the rest). Labels such as ``"RoPE"`` work too. The embeddings and projections
        are random and seeded (:func:`parts`).
    causal : bool, default False
        Add the causal mask: each word sees itself and the words before it.

    Returns
    -------
    outputs : ndarray of shape (len(sentence), d_model)
    weights : ndarray of shape (len(sentence), len(sentence))

    Raises
    ------
    ValueError, TypeError
        For an unknown scheme or word, an empty or too long sentence, or a `causal` that is not a bool.

    Examples
    --------
    >>> a, _ = scheme_layer(["dog", "bites", "man"], "none")
    >>> b, _ = scheme_layer(["man", "bites", "dog"], "none")
    >>> bool(np.allclose(a[0], b[2]))  # "dog" gets the same output in both sentences
    True
    """
    positions = _LAYER[scheme_named(scheme, allowed=CAPSTONE_SCHEMES).name]
    causal = check_bool(causal, "causal")
    if isinstance(sentence, str) or not isinstance(sentence, (list, tuple)):
        raise TypeError(f"sentence must be a list of words, such as ['dog', 'bites', 'man']; got {sentence!r}.")
    unknown = [w for w in sentence if w not in WORDS]
    if unknown:
        raise ValueError(f"sentence may use the words {WORDS} only; got {unknown}.")
    rows = len(_parts()["table"])
    if not 1 <= len(sentence) <= rows:
        raise ValueError(f"sentence must have 1 to {rows} words; got {len(sentence)}.")
    n = len(sentence)
    x = positions.inputs(_parts()["embeddings"][[WORDS.index(w) for w in sentence]])  # (n, d_model)
    w_q, w_k, w_v = _parts()["projections"]
    q, k, v = positions.queries_and_keys(x @ w_q), positions.queries_and_keys(x @ w_k), x @ w_v
    mask = causal_mask(n) if causal else None
    return attention(q, k, v, mask=mask, bias=positions.bias(n, causal))
