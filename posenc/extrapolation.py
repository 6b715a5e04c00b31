"""Length extrapolation measured: fit a position-only attention pattern up to a length, read it past it.

One experiment, the same for every scheme. A head must learn a pattern that depends on
position alone: query ``i`` attends equally to its last ``window`` keys ``i - window + 1
.. i`` (a causal, local window; :func:`window_target`). Its scores depend on positions
only, in the form each scheme allows:

- ``"sinusoidal"``: ``PE(i)ᵀ A PE(j)`` with the fixed table of lesson 02 and a trained
  ``(d_model, d_model)`` matrix ``A`` (the score between two table rows after the
  query and key projections: ``A = W_q W_kᵀ``);
- ``"learned"``: ``E[i]ᵀ A E[j]`` with a trained table ``E`` of ``train_len`` rows and a
  trained ``A``;
- ``"rope"``: what RoPE gives a fixed query and key: a sum over pairs of
  ``a_p cos((i - j) θ_p) + b_p sin((i - j) θ_p)``, with trained ``a`` and ``b``;
- ``"alibi"``: ``-slope * (i - j)``, with the slope of the best of 8 heads (ALiBi's
  slopes are fixed, not trained).

Training minimises the cross-entropy between the head's attention and the target on
sequences of ``train_len`` tokens (Adam, full batch, hand-written gradients).
:meth:`PositionFit.weights` then runs the fitted head on longer sequences, and
:func:`pattern_error` measures how far each query's attention is from the target.

Limits, stated where the lesson uses it: one head, no content (queries and keys carry
position only), one local pattern, one seed, no fine-tuning. It shows what the formula
of each scheme does with positions it was not fitted on; it does not reproduce a
language model's perplexity (Press et al., 2022, figure 1, measure that).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from posenc._validation import check_even, check_positive_int
from posenc.alibi import alibi_slopes
from posenc.attention import softmax
from posenc.sinusoidal import frequencies

__all__ = ["SCHEMES", "PositionFit", "fit_position_scores", "pattern_error", "rope_twin", "window_target"]

#: The schemes the experiment compares, in the order the lesson shows them.
SCHEMES = ("sinusoidal", "learned", "rope", "alibi")


def window_target(seq_len: int, window: int) -> np.ndarray:
    """The target attention: each query spreads its weight equally over its last `window` keys.

    Parameters
    ----------
    seq_len : int
        Number of positions.
    window : int
        How many keys each query attends to, itself included (fewer at the start).

    Returns
    -------
    target : ndarray of shape (seq_len, seq_len)
        ``target[i, j] = 1 / min(window, i + 1)`` for ``i - window < j <= i``, else 0.
        Every row sums to 1.

    Examples
    --------
    >>> window_target(4, window=2)
    array([[1. , 0. , 0. , 0. ],
           [0.5, 0.5, 0. , 0. ],
           [0. , 0.5, 0.5, 0. ],
           [0. , 0. , 0.5, 0.5]])
    """
    seq_len = check_positive_int(seq_len, "seq_len")
    window = check_positive_int(window, "window")
    offsets = np.arange(seq_len)[:, None] - np.arange(seq_len)[None, :]  # (seq_len, seq_len): i - j
    inside = ((offsets >= 0) & (offsets < window)).astype(np.float64)
    return inside / inside.sum(axis=1, keepdims=True)


def pattern_error(weights: np.ndarray, target: np.ndarray) -> np.ndarray:
    """How far each query's attention is from the target: the share of its weight in the wrong place.

    Parameters
    ----------
    weights, target : ndarray of shape (seq_len, seq_len)
        Rows that each sum to 1.

    Returns
    -------
    error : ndarray of shape (seq_len,)
        ``0.5 * sum_j |weights[i, j] - target[i, j]|`` (the total variation distance):
        0 when the row matches the target, 1 when none of its weight is where the
        target puts weight.

    Examples
    --------
    >>> target = window_target(3, window=1)
    >>> pattern_error(np.array([[1, 0, 0], [0.5, 0.5, 0], [0, 0, 1]]), target)
    array([0. , 0.5, 0. ])
    """
    weights, target = np.asarray(weights, dtype=np.float64), np.asarray(target, dtype=np.float64)
    if weights.shape != target.shape or weights.ndim != 2:
        raise ValueError(
            f"weights and target must be (seq_len, seq_len) arrays of one shape; got {weights.shape} and {target.shape}."
        )
    return 0.5 * np.abs(weights - target).sum(axis=1)


def _offsets(seq_len: int, position_scale: float = 1.0) -> np.ndarray:
    positions = np.arange(seq_len) * position_scale
    return positions[:, None] - positions[None, :]  # (seq_len, seq_len): i - j, scaled


def _causal_weights(scores: np.ndarray) -> np.ndarray:
    n = scores.shape[0]
    allowed = np.tril(np.ones((n, n), dtype=bool))
    return softmax(np.where(allowed, scores, -np.inf), axis=-1)


def _sinusoidal_at(positions: np.ndarray, d_model: int) -> np.ndarray:
    """The sinusoidal table's rows at real positions (fractions too): (len(positions), d_model)."""
    angles = positions[:, None] * frequencies(d_model)  # (n, d_model // 2)
    table = np.empty((len(positions), d_model))
    table[:, 0::2], table[:, 1::2] = np.sin(angles), np.cos(angles)
    return table


def _rope_features(offsets: np.ndarray, d_model: int) -> np.ndarray:
    """cos and sin of each offset times each pair's speed: (n, n, d_model)."""
    angles = offsets[..., None] * frequencies(d_model)  # (n, n, d_model // 2)
    return np.concatenate([np.cos(angles), np.sin(angles)], axis=-1)


@dataclass(frozen=True)
class PositionFit:
    """A head fitted by :func:`fit_position_scores`; run it at any length with :meth:`weights`.

    Attributes
    ----------
    scheme : str
        One of :data:`SCHEMES`.
    train_len, d_model, window : int
        The fit's settings.
    params : dict of ndarray
        What was trained: ``A`` (sinusoidal), ``table`` and ``A`` (learned), ``coefficients``
        (rope: ``a`` then ``b``, one each per pair), ``slope`` (alibi: the chosen head's).
    losses : ndarray of shape (steps,)
        The training loss at every step (for ALiBi, the best head's loss, repeated).

    Examples
    --------
    >>> fit = fit_position_scores("alibi")
    >>> fit.params["slope"]
    0.5
    >>> fit.weights(3).round(3)
    array([[1.   , 0.   , 0.   ],
           [0.378, 0.622, 0.   ],
           [0.186, 0.307, 0.506]])
    """

    scheme: str
    train_len: int
    d_model: int
    window: int
    params: dict[str, np.ndarray] = field(repr=False)
    losses: np.ndarray = field(repr=False)

    def scores(self, seq_len: int, position_scale: float = 1.0) -> np.ndarray:
        """The head's scores on a sequence of `seq_len` tokens, before the causal mask.

        Parameters
        ----------
        seq_len : int
            Any length for ``"sinusoidal"``, ``"rope"`` and ``"alibi"``; at most
            `train_len` for ``"learned"``, whose table has no more rows.
        position_scale : float, default 1.0
            Multiply every position by this before scoring: ``train_len / seq_len``
            is position interpolation (Chen et al., 2023, section 2.3). Only for
            ``"rope"`` and ``"sinusoidal"``, whose formulas take any real position.

        Returns
        -------
        scores : ndarray of shape (seq_len, seq_len)

        Raises
        ------
        IndexError
            For ``"learned"`` past `train_len`: there is no row to look up.
        ValueError
            For a `position_scale` the scheme cannot use, or one that is not positive.
        """
        seq_len = check_positive_int(seq_len, "seq_len")
        if not position_scale > 0:
            raise ValueError(f"position_scale must be a positive number; got position_scale={position_scale!r}.")
        if position_scale != 1.0 and self.scheme not in ("rope", "sinusoidal"):
            raise ValueError(
                f"position_scale works for 'rope' and 'sinusoidal' only (their formulas take any real position); "
                f"got position_scale={position_scale} for {self.scheme!r}."
            )
        if self.scheme == "sinusoidal":
            table = _sinusoidal_at(np.arange(seq_len) * position_scale, self.d_model)
            return table @ self.params["A"] @ table.T
        if self.scheme == "learned":
            if seq_len > self.train_len:
                raise IndexError(
                    f"the learned table has rows for positions 0–{self.train_len - 1} only; seq_len={seq_len} "
                    f"needs positions up to {seq_len - 1}. A learned table has no row past its last one (lesson 04)."
                )
            table = self.params["table"][:seq_len]
            return table @ self.params["A"] @ table.T
        if self.scheme == "rope":
            return _rope_features(_offsets(seq_len, position_scale), self.d_model) @ self.params["coefficients"]
        return -float(self.params["slope"]) * np.maximum(_offsets(seq_len), 0.0)

    def weights(self, seq_len: int, position_scale: float = 1.0) -> np.ndarray:
        """The head's causal attention weights on `seq_len` tokens: (seq_len, seq_len), rows sum to 1.

        Same parameters and errors as :meth:`scores`.
        """
        return _causal_weights(self.scores(seq_len, position_scale))


def _adam(params: list[np.ndarray], gradients, steps: int, learning_rate: float) -> np.ndarray:
    """Minimise in place with Adam (beta 0.9, 0.999); returns the loss at every step."""
    first = [np.zeros_like(p) for p in params]
    second = [np.zeros_like(p) for p in params]
    losses = np.empty(steps)
    for t in range(1, steps + 1):
        losses[t - 1], grads = gradients(params)
        for p, m, v, g in zip(params, first, second, grads, strict=True):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            p -= learning_rate * (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)
    return losses


def _loss_and_score_gradient(scores: np.ndarray, target: np.ndarray) -> tuple[float, np.ndarray]:
    """Mean cross-entropy over queries, and its gradient with respect to the scores."""
    weights = _causal_weights(scores)
    inside = target > 0
    loss = -np.sum(target[inside] * np.log(weights[inside])) / len(target)
    return float(loss), (weights - target) / len(target)


def fit_position_scores(
    scheme: str,
    *,
    train_len: int = 64,
    d_model: int = 32,
    window: int = 4,
    steps: int = 500,
    learning_rate: float = 0.05,
    seed: int = 0,
) -> PositionFit:
    """Fit one head's position-only scores to a local window on sequences of `train_len` tokens.

    Parameters
    ----------
    scheme : {"sinusoidal", "learned", "rope", "alibi"}
        Which form the scores take (see the module's docstring).
    train_len : int, default 64
        Length of the training sequences: positions ``0 .. train_len - 1``.
    d_model : int, default 32
        Width of the position vectors (sinusoidal, learned) or of the head (rope); even.
    window : int, default 4
        The target: each query attends equally to its last `window` keys (:func:`window_target`).
    steps : int, default 500
        Adam steps, full batch. ALiBi trains nothing: it takes the best of the 8 heads' slopes.
    learning_rate : float, default 0.05
    seed : int, default 0
        Seeds the initial parameters.

    Returns
    -------
    PositionFit

    Raises
    ------
    ValueError, TypeError
        For an unknown scheme, a size that is not a positive integer, an odd `d_model`,
        or a `window` longer than `train_len`.

    Notes
    -----
    Taught in ``notebooks/06_alibi_and_extrapolation.ipynb``.

    Examples
    --------
    >>> fit = fit_position_scores("rope", steps=200)
    >>> float(pattern_error(fit.weights(64), window_target(64, 4)).mean()) < 0.15
    True
    """
    if scheme not in SCHEMES:
        raise ValueError(f"scheme must be one of {', '.join(map(repr, SCHEMES))}; got scheme={scheme!r}.")
    train_len = check_positive_int(train_len, "train_len")
    d_model = check_positive_int(d_model, "d_model")
    check_even(d_model, "d_model", "(sines and cosines come in pairs)")
    window = check_positive_int(window, "window")
    steps = check_positive_int(steps, "steps")
    if window > train_len:
        raise ValueError(f"window must be at most train_len; got window={window}, train_len={train_len}.")
    target = window_target(train_len, window)  # (train_len, train_len)
    rng = np.random.default_rng(seed)
    fit = dict(scheme=scheme, train_len=train_len, d_model=d_model, window=window)

    if scheme == "alibi":
        candidates = [
            (_loss_and_score_gradient(-s * np.maximum(_offsets(train_len), 0.0), target)[0], s) for s in alibi_slopes(8)
        ]
        loss, slope = min(candidates)
        return PositionFit(**fit, params={"slope": float(slope)}, losses=np.full(steps, loss))

    if scheme == "sinusoidal":
        table = _sinusoidal_at(np.arange(train_len), d_model)  # (train_len, d_model), as sinusoidal() builds it
        A = rng.normal(scale=0.01, size=(d_model, d_model))

        def gradients(params):
            loss, g = _loss_and_score_gradient(table @ params[0] @ table.T, target)
            return loss, [table.T @ g @ table]

        params = [A]
    elif scheme == "learned":
        E = rng.normal(scale=0.3, size=(train_len, d_model))
        A = rng.normal(scale=0.01, size=(d_model, d_model))

        def gradients(params):
            E, A = params
            loss, g = _loss_and_score_gradient(E @ A @ E.T, target)
            return loss, [g @ E @ A.T + g.T @ E @ A, E.T @ g @ E]

        params = [E, A]
    else:  # rope
        features = _rope_features(_offsets(train_len), d_model)  # (train_len, train_len, d_model)
        coefficients = rng.normal(scale=0.01, size=d_model)

        def gradients(params):
            loss, g = _loss_and_score_gradient(features @ params[0], target)
            return loss, [np.einsum("ij,ijk->k", g, features)]

        params = [coefficients]

    losses = _adam(params, gradients, steps, learning_rate)
    names = {"sinusoidal": ["A"], "learned": ["table", "A"], "rope": ["coefficients"]}[scheme]
    return PositionFit(**fit, params=dict(zip(names, params, strict=True)), losses=losses)


def rope_twin(fit: PositionFit, test_len: int, max_train_change: float = 0.05, ridge: float = 1e-2) -> PositionFit:
    """A RoPE head that scores the training offsets almost as `fit` does, and the new ones very differently.

    Every score at an offset seen in training (``0 .. train_len - 1``) moves by at most
    `max_train_change`; the scores at the new offsets ``train_len .. test_len - 1`` move
    as much as that allows (the direction of coefficients that maximises the sum of their
    squared changes against the training ones', with a small ridge). Training on lengths
    up to ``train_len`` cannot tell the two heads apart; past it they may differ a lot.

    Parameters
    ----------
    fit : PositionFit
        A ``"rope"`` fit.
    test_len : int
        Longest sequence the twin is meant to be read on; more than ``fit.train_len``.
    max_train_change : float, default 0.05
    ridge : float, default 0.01
        Keeps the direction's coefficients moderate.

    Returns
    -------
    PositionFit
        The twin: same scheme and settings; its ``losses`` are `fit`'s.

    Examples
    --------
    >>> fit = fit_position_scores("rope", steps=200)
    >>> twin = rope_twin(fit, test_len=256)
    >>> change = np.tril(twin.scores(256) - fit.scores(256))  # keys a query may see: offsets i - j >= 0
    >>> bool(np.abs(change[:64, :64]).max() <= 0.05 + 1e-12), bool(np.abs(change).max() > 5)
    (True, True)
    """
    if fit.scheme != "rope":
        raise ValueError(f"rope_twin needs a 'rope' fit; got a {fit.scheme!r} fit.")
    test_len = check_positive_int(test_len, "test_len")
    if test_len <= fit.train_len:
        raise ValueError(f"test_len must exceed train_len={fit.train_len}; got test_len={test_len}.")
    features = _rope_features(np.arange(test_len, dtype=np.float64), fit.d_model)  # (test_len, d_model)
    seen, unseen = features[: fit.train_len], features[fit.train_len :]
    gram = seen.T @ seen + ridge * np.eye(fit.d_model)
    values, vectors = np.linalg.eigh(gram)
    whiten = vectors @ np.diag(values**-0.5) @ vectors.T  # gram ** -1/2
    _, directions = np.linalg.eigh(whiten @ unseen.T @ unseen @ whiten)
    direction = whiten @ directions[:, -1]  # the largest change past train_len per unit change before it
    direction *= max_train_change / np.abs(seen @ direction).max()
    if (unseen @ direction).max() < -(unseen @ direction).min():
        direction = -direction  # raise far scores rather than lower them: attention leaks to far keys
    params = {"coefficients": fit.params["coefficients"] + direction}
    return PositionFit(fit.scheme, fit.train_len, fit.d_model, fit.window, params=params, losses=fit.losses)
