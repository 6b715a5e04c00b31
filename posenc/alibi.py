"""ALiBi: attention with linear biases instead of position embeddings.

Follows Press, Smith and Lewis, "Train Short, Test Long: Attention with Linear
Biases Enables Input Length Extrapolation" (ICLR 2022), https://arxiv.org/abs/2108.12409.
Head ``h`` (counting from 1) of ``n`` heads gets the slope ``2**(-8h/n)``; the score
of query ``i`` for key ``j <= i`` is lowered by ``slope * (i - j)``.
"""

from __future__ import annotations

import numpy as np

from posenc._validation import check_bool, check_positive_int
from posenc.attention import offsets

__all__ = ["alibi_slopes", "alibi_bias"]

_HEADS = "ALiBi gives each head its own slope."


def _power_of_two_slopes(num_heads: int) -> np.ndarray:
    """Slopes 2**(-8/n), 2**(-16/n), ... for a power-of-two head count n."""
    heads = np.arange(1, num_heads + 1, dtype=np.float64)  # (num_heads,)
    return 2.0 ** (-8.0 * heads / num_heads)


def alibi_slopes(num_heads: int) -> np.ndarray:
    """The per-head slopes of ALiBi.

    Parameters
    ----------
    num_heads : int
        Number of attention heads.

    Returns
    -------
    slopes : ndarray of shape (num_heads,)
        For a power of two ``n``, the geometric sequence ``2**(-8/n), 2**(-16/n), ..., 2**-8``
        of the paper (section 3). Otherwise the rule of the authors' released code
        (``get_slopes``), also used by BLOOM and MosaicBERT: take the ``c`` slopes of the
        largest power of two ``c < n``, then the first ``n - c`` of the slopes of ``2c``
        heads at indices 0, 2, 4, ... (``[0::2]``). The paper's text gives ``2**(-8h/n)``
        for any ``n``, but its models all had ``2**a`` heads (a comment in ``get_slopes``).

    Raises
    ------
    ValueError, TypeError
        If `num_heads` is not a positive integer.

    Notes
    -----
    A common bug is to compute 12 heads' slopes as if there were 16. Taught in
    ``notebooks/06_alibi_and_extrapolation.ipynb``.

    Examples
    --------
    >>> alibi_slopes(8) * 256
    array([128.,  64.,  32.,  16.,   8.,   4.,   2.,   1.])
    >>> alibi_slopes(2)
    array([0.0625    , 0.00390625])
    """
    num_heads = check_positive_int(num_heads, "num_heads", why=_HEADS)
    closest = 1 << (num_heads.bit_length() - 1)  # largest power of two <= num_heads
    slopes = _power_of_two_slopes(closest)  # (closest,)
    if closest == num_heads:
        return slopes
    extra = _power_of_two_slopes(2 * closest)[0::2][: num_heads - closest]
    return np.concatenate([slopes, extra])  # (num_heads,)


def alibi_bias(seq_len: int, num_heads: int, *, causal: bool = True) -> np.ndarray:
    """The ALiBi bias to add to attention scores.

    Parameters
    ----------
    seq_len : int
        Number of positions.
    num_heads : int
        Number of heads.
    causal : bool, default True
        True: the paper's form, for a decoder. False: ``-slopes[h] * |i - j|`` for every
        pair, a symmetric form for an encoder, where every token sees every other (not in
        the paper, which trains causal language models only; suggested by its first author
        in the code repository's issue 5 and used by MosaicBERT).

    Returns
    -------
    bias : ndarray of shape (num_heads, seq_len, seq_len)
        ``bias[h, i, j] = -slopes[h] * (i - j)`` for ``j <= i``, and 0 above the diagonal,
        where a causal mask must hide the keys anyway: use it with
        ``attention(q, k, v, mask=causal_mask(seq_len), bias=bias)``. With ``causal=False``,
        ``-slopes[h] * |i - j|`` everywhere.

    Raises
    ------
    ValueError, TypeError
        If a size is not a positive integer.

    Notes
    -----
    Taught in ``notebooks/06_alibi_and_extrapolation.ipynb``.

    Examples
    --------
    >>> alibi_bias(3, num_heads=1)[0] * 256
    array([[ 0.,  0.,  0.],
           [-1.,  0.,  0.],
           [-2., -1.,  0.]])
    >>> alibi_bias(3, num_heads=1, causal=False)[0] * 256
    array([[ 0., -1., -2.],
           [-1.,  0., -1.],
           [-2., -1.,  0.]])
    """
    seq_len = check_positive_int(seq_len, "seq_len")
    slopes = alibi_slopes(num_heads)  # (num_heads,)
    causal = check_bool(causal, "causal")
    return penalty(slopes, seq_len, causal)  # (num_heads, seq_len, seq_len)


def penalty(slopes: np.ndarray | float, seq_len: int, causal: bool) -> np.ndarray:
    """ALiBi's bias for any slopes: ``-slope * max(i - j, 0)`` when `causal`, else ``-slope * |i - j|``.

    The one place the formula is written: :func:`alibi_bias`, the layer hook and lesson 06's fitted head
    use it. `slopes` is one number (an (n, n) bias) or an array of them (a bias per slope, before the
    last two axes); its values are not checked here.

    Examples
    --------
    >>> penalty(0.5, 3, causal=True)
    array([[ 0. ,  0. ,  0. ],
           [-0.5,  0. ,  0. ],
           [-1. , -0.5,  0. ]])
    """
    back = offsets(seq_len)  # (seq_len, seq_len): i - j
    distance = np.maximum(back, 0.0) if causal else np.abs(back)
    return 0.0 - np.asarray(slopes, dtype=np.float64)[..., None, None] * distance  # 0.0 - avoids -0.0
