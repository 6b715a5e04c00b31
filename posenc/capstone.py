"""Lesson 07's capstone layer: one attention head on "dog bites man", with a switch for the position scheme.

The layer has seeded parts (word embeddings, projections, a stand-in learned table) and runs
every scheme whose record has layer hooks (:data:`CAPSTONE_SCHEMES`) through the course's one
attention layer, :func:`posenc.schemes.layer.attend`: no code here branches on a scheme's name.
"""

from __future__ import annotations

import functools

import numpy as np

from posenc._validation import check_bool
from posenc.alibi import alibi_slopes
from posenc.schemes import SCHEMES, scheme_named
from posenc.schemes.layer import LayerHooks, attend

__all__ = ["ALIBI_SLOPE", "CAPSTONE_SCHEMES", "WORDS", "parts", "scheme_layer"]  # and embed, layer_with,
# position_params: the checker's, not a learner's

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
    >>> from posenc import alibi_bias
    >>> ALIBI_SLOPE, bool(np.allclose(alibi_bias(3, 8)[0], -ALIBI_SLOPE * np.tril(np.arange(3)[:, None] - np.arange(3))))
    (0.5, True)
    """
    return {name: array.copy() for name, array in _parts().items()}


#: The schemes of the capstone switch (names of ``posenc.schemes.SCHEMES``), in the lesson's order.
CAPSTONE_SCHEMES = tuple(name for name, s in SCHEMES.items() if s.layer is not None)


def position_params() -> dict[str, np.ndarray | float]:
    """What the layer's position hooks read: the stand-in learned table, and ALiBi's one slope."""
    return {"table": _parts()["table"], "slopes": ALIBI_SLOPE}


def embed(sentence: list[str]) -> np.ndarray:
    """The word vectors of `sentence`: (len(sentence), d_model), one row of the embeddings per word."""
    return _parts()["embeddings"][[WORDS.index(w) for w in sentence]]


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
    hooks = scheme_named(scheme, allowed=CAPSTONE_SCHEMES).layer
    assert hooks is not None  # CAPSTONE_SCHEMES holds the schemes with layer hooks
    causal = check_bool(causal, "causal")
    if isinstance(sentence, str) or not isinstance(sentence, (list, tuple)):
        raise TypeError(f"sentence must be a list of words, such as ['dog', 'bites', 'man']; got {sentence!r}.")
    unknown = [w for w in sentence if w not in WORDS]
    if unknown:
        raise ValueError(f"sentence may use the words {WORDS} only; got {unknown}.")
    rows = len(_parts()["table"])
    if not 1 <= len(sentence) <= rows:
        raise ValueError(f"sentence must have 1 to {rows} words; got {len(sentence)}.")
    return layer_with(sentence, hooks, causal=causal)


def layer_with(sentence: list[str], hooks: LayerHooks, *, causal: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """The capstone layer on a sentence of :data:`WORDS`, with any `hooks`: ``(outputs, weights)``.

    :func:`scheme_layer` gives it a scheme's own hooks; a checker gives it a scheme's hooks with one
    mistake made (``dataclasses.replace(hooks, keys=...)``), to see what that mistake looks like.

    Examples
    --------
    >>> plain = layer_with(["dog", "man"], LayerHooks())
    >>> all(np.array_equal(a, b) for a, b in zip(plain, scheme_layer(["dog", "man"], "none"), strict=True))
    True
    """
    return attend(embed(sentence), _parts()["projections"], hooks, position_params(), causal=causal)
