"""Lesson 08's capstone layer: one attention head on "dog bites man", with a switch for the position scheme.

The layer has seeded parts (word embeddings, projections, and each scheme's position parameters
as its record makes them: a stand-in learned table, stand-in T5 bucket numbers, ALiBi's slope) and runs any scheme whose record
has layer hooks through the course's one attention layer, :func:`posenc.schemes.layer.attend`: no
code here branches on a scheme's name. The lesson's switch and its exercise use the schemes the
core teaches, :data:`CAPSTONE_SCHEMES`.
"""

from __future__ import annotations

import functools

import numpy as np

from posenc._validation import check_bool
from posenc.schemes import SCHEMES, scheme_named, with_part
from posenc.schemes.layer import LayerHooks, attend

__all__ = ["ALIBI_SLOPE", "CAPSTONE_SCHEMES", "WORDS", "parts", "scheme_layer"]  # and embed, layer_with,
# position_params: the checker's, not a learner's

#: The words a capstone sentence may use.
WORDS = ("dog", "bites", "man")
D_MODEL = 8
MAX_WORDS = 8  # the stand-in learned table's rows


@functools.lru_cache(maxsize=1)
def _made() -> tuple[dict[str, np.ndarray], dict[str, dict[str, np.ndarray | float]]]:
    """The word parts, then each scheme's own position parameters in the registry's order, from one seeded stream."""
    rng = np.random.default_rng(0)
    words = {
        "embeddings": rng.normal(size=(len(WORDS), D_MODEL)),  # one row per word of WORDS
        "projections": rng.normal(size=(3, D_MODEL, D_MODEL)) / np.sqrt(D_MODEL),  # W_q, W_k, W_v
    }
    params = {}
    for record in SCHEMES.values():  # a scheme added later draws after the others: their values do not move
        if record.layer_params is not None:
            params[record.name] = record.layer_params(rng, MAX_WORDS, D_MODEL)
    for array in [*words.values(), *(value for own in params.values() for value in own.values())]:
        if isinstance(array, np.ndarray):
            array.setflags(write=False)
    return words, params


def _parts() -> dict[str, np.ndarray]:
    """The word parts and the arrays the core's schemes read (the learned table's rows, T5's numbers): what a learner
    builds with."""
    words, params = _made()
    found = dict(words)
    for scheme in CAPSTONE_SCHEMES:
        for name, value in params.get(scheme, {}).items():
            if isinstance(value, np.ndarray):
                assert name not in found, f"two parts of the capstone are named {name!r}"
                found[name] = value
    return found


#: The schemes of the capstone switch and its exercise (names of ``posenc.schemes.SCHEMES``), in the lessons'
#: order: those with layer hooks that the core has taught by lesson 08 (T5's bias last, from lesson 07).
CAPSTONE_SCHEMES = with_part("layer", by_lesson=8)
#: The slope of the layer's one ALiBi head: 1/2, the first of 8 heads' slopes (``alibi_slopes(8)[0]``): the
#: one scheme parameter of the exercise that is a number, named for the learner.
ALIBI_SLOPE = float(_made()[1]["alibi"]["slopes"])


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
        trained learned table (the word at position p gets row p); ``"bucket_values"`` (32,):
        random numbers standing in for one head's trained T5 bias, one per bucket (an offset
        i - j gets ``bucket_values[t5_bucket(i - j, ...)]``).

    Examples
    --------
    >>> {name: array.shape for name, array in parts().items()}
    {'embeddings': (3, 8), 'projections': (3, 8, 8), 'table': (8, 8), 'bucket_values': (32,)}
    >>> x = parts()["embeddings"][[WORDS.index(w) for w in ["man", "bites"]]]  # (2, 8): one row per word
    >>> outputs, weights = scheme_layer(["man", "bites"], "none", causal=True)
    >>> bool(np.allclose(outputs[0], x[0] @ parts()["projections"][2]))  # the first word sees only itself: its v
    True
    >>> from posenc import alibi_bias
    >>> ALIBI_SLOPE, bool(np.allclose(alibi_bias(3, 8)[0], -ALIBI_SLOPE * np.tril(np.arange(3)[:, None] - np.arange(3))))
    (0.5, True)
    """
    return {name: array.copy() for name, array in _parts().items()}


def position_params(scheme: str) -> dict[str, np.ndarray | float]:
    """What `scheme`'s hooks read in this layer: its own parameters, as its record makes them (none for most)."""
    return dict(_made()[1].get(scheme, {}))


def embed(sentence: list[str]) -> np.ndarray:
    """The word vectors of `sentence`: (len(sentence), d_model), one row of the embeddings per word."""
    return _made()[0]["embeddings"][[WORDS.index(w) for w in sentence]]


def scheme_layer(sentence: list[str], scheme: str, *, causal: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Run one attention head on a sentence of the words dog, bites, man, with a position scheme.

    Parameters
    ----------
    sentence : list of str
        Words from ``("dog", "bites", "man")``, in order; at most 8 of them (the
        stand-in learned table has 8 rows).
    scheme : one of CAPSTONE_SCHEMES, or another scheme whose record has layer hooks
        Its record's hooks put position where its ``acts_on`` says (for ALiBi, the one head's slope
        is :data:`ALIBI_SLOPE`: ``-(1/2) * |i - j|``, or ``i - j`` below the diagonal when `causal`).
        Labels such as ``"RoPE"`` work too. The embeddings, projections and stand-in parameters
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
    name = scheme_named(scheme, allowed=with_part("layer")).name
    causal = check_bool(causal, "causal")
    if isinstance(sentence, str) or not isinstance(sentence, (list, tuple)):
        raise TypeError(f"sentence must be a list of words, such as ['dog', 'bites', 'man']; got {sentence!r}.")
    unknown = [w for w in sentence if w not in WORDS]
    if unknown:
        raise ValueError(f"sentence may use the words {WORDS} only; got {unknown}.")
    rows = MAX_WORDS
    if not 1 <= len(sentence) <= rows:
        raise ValueError(f"sentence must have 1 to {rows} words; got {len(sentence)}.")
    return layer_with(sentence, name, causal=causal)


def layer_with(
    sentence: list[str], scheme: str, *, hooks: LayerHooks | None = None, causal: bool = False
) -> tuple[np.ndarray, np.ndarray]:
    """The capstone layer on a sentence of :data:`WORDS` with `scheme`'s parameters and its hooks, or other
    `hooks`: ``(outputs, weights)``.

    :func:`scheme_layer` runs a scheme's own hooks; a checker gives it a scheme's hooks with one mistake
    made (its record's ``layer_suspects``), to see what that mistake looks like.

    Examples
    --------
    >>> plain = layer_with(["dog", "man"], "rope", hooks=LayerHooks())  # RoPE's parameters (none), no hooks
    >>> all(np.array_equal(a, b) for a, b in zip(plain, scheme_layer(["dog", "man"], "none"), strict=True))
    True
    """
    own = SCHEMES[scheme].layer if hooks is None else hooks
    assert own is not None, f"{scheme} has no layer hooks"
    return attend(embed(sentence), _made()[0]["projections"], own, position_params(scheme), causal=causal)
