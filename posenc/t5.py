"""T5's relative position bias: offsets sorted into buckets, one learned number per bucket and head.

Raffel et al. (2020, "Exploring the Limits of Transfer Learning with a Unified Text-to-Text
Transformer", section 2.1) add to each attention score a learned scalar chosen by the offset
between the key and the query: 32 buckets whose ranges grow logarithmically up to offset 128,
every offset beyond that in the last one. The paper gives the buckets in words only; the exact
rule is the authors' code, ``_relative_position_bucket`` in Mesh TensorFlow's
``mesh_tensorflow/transformer/transformer_layers.py`` (ported by Hugging Face's ``modeling_t5.py``),
which :func:`t5_bucket` follows, float32 logarithm included. That code takes ``key - query``;
this course writes offsets ``i - j``, query minus key (``posenc.attention.offsets``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np

from posenc._validation import as_float_array, check_bool, check_positive_int
from posenc.attention import offsets

__all__ = ["t5_bias", "t5_bucket"]

#: T5's number of buckets and the distance where the last one starts to hold everything (the authors' defaults).
NUM_BUCKETS, MAX_DISTANCE = 32, 128


def buckets_for(train_len: int) -> tuple[int, int]:
    """Buckets for a model trained on `train_len` tokens: (num_buckets, max_distance), causal, chosen, as T5's are for
    its 512, so that the last bucket starts below `train_len` and training reaches every bucket.

    T5 trains on 512 tokens with 32 buckets up to 128 (Raffel et al. 2020, section 2.1 and 3.1.2): every bucket
    is met in training. A model trained on 32 tokens with those 32 buckets would never train buckets 22-31
    (distances from 35 on), and far keys past its training length would meet untrained numbers. Here a
    quarter of the training length in buckets (at least 4), up to half of it:

    >>> buckets_for(32)
    (8, 16)
    >>> int(t5_bucket(np.arange(32), bidirectional=False, num_buckets=8, max_distance=16).max())  # all 8 reached
    7
    """
    num_buckets = max(4, train_len // 4)
    return num_buckets, max(num_buckets, train_len // 2)


def _check_buckets(num_buckets: object, max_distance: object, bidirectional: bool) -> tuple[int, int]:
    smallest = 4 if bidirectional else 2
    num_buckets = check_positive_int(num_buckets, "num_buckets")
    max_distance = check_positive_int(max_distance, "max_distance")
    if num_buckets < smallest or (bidirectional and num_buckets % 2):
        what = (
            "an even number, at least 4, when bidirectional (half for each direction)" if bidirectional else "2 or more"
        )
        raise ValueError(f"num_buckets must be {what}; got num_buckets={num_buckets}.")
    exact = (num_buckets // 2 if bidirectional else num_buckets) // 2
    if max_distance <= exact:
        raise ValueError(
            f"max_distance must be larger than the {exact} offsets that get a bucket each (num_buckets={num_buckets}, "
            f"bidirectional={bidirectional}); got max_distance={max_distance}."
        )
    return num_buckets, max_distance


def t5_bucket(
    offsets: object, *, bidirectional: bool, num_buckets: int = NUM_BUCKETS, max_distance: int = MAX_DISTANCE
) -> np.ndarray:
    """T5's bucket for each offset ``i - j`` (query minus key).

    Parameters
    ----------
    offsets : array of integers
        Offsets ``i - j``: positive for a key before the query. Floats with whole values (as
        ``posenc.attention.offsets`` gives) are accepted.
    bidirectional : bool
        True (T5's encoder): keys after the query (``i - j < 0``) take the upper half of the
        buckets, keys at or before it the lower half, each half by ``|i - j|``. False (its
        decoder): all the buckets go to keys at or before the query, by ``max(i - j, 0)``.
    num_buckets : int, default 32
    max_distance : int, default 128
        The distance at which the logarithmic formula would reach bucket ``n``, one past the last;
        clipped to ``n - 1``, the last bucket starts earlier (see Notes) and every larger distance
        shares it.

    Returns
    -------
    ndarray of int64, the shape of `offsets`
        Within one half (or in all, causal), with ``n`` buckets there: a distance below
        ``n // 2`` is its own bucket; from there on, ``n // 2 + trunc(log(d / (n // 2)) /
        log(max_distance / (n // 2)) * (n - n // 2))``, computed in float32 as the authors'
        code does, and never past ``n - 1``.

    Raises
    ------
    ValueError, TypeError
        For offsets that are not whole numbers, a `bidirectional` that is not a bool, a
        `num_buckets` below 2 (below 4, or odd, when bidirectional), or a `max_distance` no
        larger than the offsets that get a bucket each.

    Notes
    -----
    For (32, 128), the last bucket starts at distance 91 bidirectional and at 113 causal:
    lesson 07 prints where every bucket starts. In T5 the bucket selects a learned number,
    per head (:func:`t5_bias`).

    Examples
    --------
    >>> t5_bucket([0, 1, 15, 16, 19, 112, 113, 5000], bidirectional=False)
    array([ 0,  1, 15, 16, 17, 30, 31, 31])
    >>> t5_bucket([3, -3], bidirectional=True)  # a key 3 before the query, and one 3 after it
    array([ 3, 19])
    """
    bidirectional = check_bool(bidirectional, "bidirectional")
    num_buckets, max_distance = _check_buckets(num_buckets, max_distance, bidirectional)
    back = as_float_array(offsets, "offsets", min_ndim=0)
    if not np.array_equal(back, np.round(back)):
        raise ValueError("offsets must be whole numbers (i - j, in positions); got a fraction in offsets.")
    back = back.astype(np.int64)
    if bidirectional:
        half = num_buckets // 2
        first = np.where(back < 0, half, 0)  # keys after the query: the upper half
        distance = np.abs(back)
    else:
        half = num_buckets
        first = np.zeros(back.shape, dtype=np.int64)
        distance = np.maximum(back, 0)
    exact = half // 2
    ratio = np.maximum(distance, exact).astype(np.float32) / np.float32(exact)  # >= 1: no log(0) where unused
    grown = np.log(ratio) / np.float32(math.log(max_distance / exact)) * np.float32(half - exact)  # float32
    large = np.minimum(exact + np.trunc(grown).astype(np.int64), half - 1)
    return first + np.where(distance < exact, distance, large)


def t5_bias(
    bucket_values: object, seq_len: int, *, bidirectional: bool, max_distance: int = MAX_DISTANCE
) -> np.ndarray:
    """T5's relative bias for every query and key of a sequence: each head's number for the offset's bucket.

    In T5 the numbers are learned, one per head and bucket; the bias is computed once and shared
    by every self-attention layer of a stack (the encoder and the decoder each have their own;
    encoder-decoder attention has none: the authors' code; Raffel et al., 2020, section 2.1): this
    function is that one computation.

    Parameters
    ----------
    bucket_values : array of shape (num_heads, num_buckets)
        Each head's number for each bucket.
    seq_len : int
        Number of positions.
    bidirectional : bool
        As :func:`t5_bucket`: True for an encoder, False for a decoder (use the bias with a
        causal mask; keys after the query share bucket 0 there, and the mask hides them).
    max_distance : int, default 128

    Returns
    -------
    bias : ndarray of shape (num_heads, seq_len, seq_len)
        ``bias[h, i, j] = bucket_values[h, t5_bucket(i - j)]``, to add to the scores.

    Raises
    ------
    ValueError, TypeError
        If `bucket_values` is not a 2-D array of finite numbers, `seq_len` not a positive integer,
        or the buckets' settings are not allowed (:func:`t5_bucket`).

    Examples
    --------
    >>> values = np.arange(32.0)[None, :]  # one head whose number for bucket b is b
    >>> t5_bias(values, 4, bidirectional=True)[0]
    array([[ 0., 17., 18., 19.],
           [ 1.,  0., 17., 18.],
           [ 2.,  1.,  0., 17.],
           [ 3.,  2.,  1.,  0.]])
    """
    values = as_float_array(bucket_values, "bucket_values", min_ndim=2)
    if values.ndim != 2:
        raise ValueError(
            f"bucket_values must have shape (num_heads, num_buckets); got bucket_values.shape={values.shape}."
        )
    seq_len = check_positive_int(seq_len, "seq_len")
    buckets = t5_bucket(
        offsets(seq_len), bidirectional=bidirectional, num_buckets=values.shape[1], max_distance=max_distance
    )
    return values[:, buckets]  # (num_heads, seq_len, seq_len)


def bias_hook(seq_len: int, causal: bool, params: Mapping[str, np.ndarray | float]) -> np.ndarray:
    """T5's score hook for a layer: ``params["bucket_values"]`` of shape (..., num_buckets) gives a bias of
    shape (..., seq_len, seq_len), bidirectional unless `causal`; ``params["max_distance"]``, if given,
    replaces :data:`MAX_DISTANCE` (the language model scales it to its training length)."""
    values = np.asarray(params["bucket_values"], dtype=np.float64)
    max_distance = int(params.get("max_distance", MAX_DISTANCE))
    flat = t5_bias(values.reshape(-1, values.shape[-1]), seq_len, bidirectional=not causal, max_distance=max_distance)
    return flat.reshape(values.shape[:-1] + (seq_len, seq_len))


def head_scores(
    params: Mapping[str, np.ndarray | float], seq_len: int, position_scale: float, d_model: int
) -> np.ndarray:
    """Lesson 06's T5 head: the score of key j for query i is its trained number for the bucket of ``i - j``
    (causal: 32 buckets, all for keys at or before the query)."""
    return bias_hook(seq_len, True, params)


def head_gradients(params: dict[str, np.ndarray], g: np.ndarray, d_model: int) -> dict[str, np.ndarray]:
    """The gradient of the loss with respect to each bucket's number: the sum of ``g`` over the scores in that bucket."""
    buckets = t5_bucket(offsets(len(g)), bidirectional=False, num_buckets=len(params["bucket_values"]))
    return {"bucket_values": np.bincount(buckets.ravel(), weights=g.ravel(), minlength=len(params["bucket_values"]))}


def bias_gradients(g: np.ndarray, params: Mapping[str, np.ndarray | float]) -> dict[str, np.ndarray]:
    """The gradient with respect to ``params["bucket_values"]`` (num_heads, num_buckets) of a causal layer's loss,
    given ``g`` (num_heads, seq_len, seq_len), its gradient with respect to :func:`bias_hook`'s bias: for each head
    and bucket, the sum of ``g`` over the (query, key) pairs in that bucket."""
    values = np.asarray(params["bucket_values"])  # (num_heads, num_buckets)
    seq_len, max_distance = g.shape[-1], int(params.get("max_distance", MAX_DISTANCE))
    buckets = t5_bucket(offsets(seq_len), bidirectional=False, num_buckets=values.shape[-1], max_distance=max_distance)
    one_hot = buckets.reshape(-1, 1) == np.arange(values.shape[-1])  # (seq_len * seq_len, num_buckets)
    return {"bucket_values": g.reshape(len(g), -1) @ one_hot}
