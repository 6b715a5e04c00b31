"""One head per scheme, fitted to a position-only pattern on short sequences (Adam, hand-written gradients).

Each scheme is one entry of :data:`_MODELS`: how its head scores positions, what it
trains and the gradient of the scores with respect to that. :func:`fit_position_scores`
and :class:`PositionFit` dispatch through that table only, so a new scheme is one
entry here (and one in ``posenc.schemes``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import numpy as np

from posenc._validation import check_even, check_positive_int, check_real, check_seed
from posenc.alibi import alibi_slopes
from posenc.attention import causal_softmax, offsets
from posenc.extrapolation.target import window_target
from posenc.schemes import scheme as scheme_named
from posenc.sinusoidal import frequencies, sinusoidal_at

__all__ = ["SCHEMES", "PositionFit", "fit_position_scores", "fitted_heads"]

#: A head's parameters by name: arrays for a trained head, a float for ALiBi's chosen slope.
Params = Mapping[str, "np.ndarray | float"]
#: A trained head's parameters by name, every one an array (Adam updates them in place).
Weights = dict[str, np.ndarray]


@functools.lru_cache(maxsize=8)
def _sinusoidal_rows(seq_len: int, position_scale: float, d_model: int) -> np.ndarray:
    """``sinusoidal_at`` at positions ``0 .. seq_len - 1`` times the scale, computed once per setting."""
    rows = sinusoidal_at(np.arange(seq_len) * position_scale, d_model)  # (seq_len, d_model)
    rows.setflags(write=False)
    return rows


@functools.lru_cache(maxsize=2)  # training's length and one reading length; a (256, 256, 32) block is 16 MB
def _rope_features(seq_len: int, position_scale: float, d_model: int) -> np.ndarray:
    """cos and sin of each offset ``i - j`` times each pair's speed: (seq_len, seq_len, d_model), once per setting."""
    features = rope_offset_features(offsets(seq_len, scale=position_scale), d_model)
    features.setflags(write=False)
    return features


def rope_offset_features(back: np.ndarray, d_model: int) -> np.ndarray:
    """``[cos(back * θ_p) for every pair p, then sin(back * θ_p)]`` along a new last axis of size `d_model`.

    A RoPE head with a fixed query and key scores offset ``i - j`` as these features times
    its coefficients (``a`` then ``b``, one each per pair).
    """
    angles = np.asarray(back, dtype=np.float64)[..., None] * frequencies(d_model)  # (..., d_model // 2)
    return np.concatenate([np.cos(angles), np.sin(angles)], axis=-1)  # (..., d_model)


def _sinusoidal_scores(params: Params, seq_len: int, position_scale: float, d_model: int) -> np.ndarray:
    rows = _sinusoidal_rows(seq_len, position_scale, d_model)  # (seq_len, d_model)
    return rows @ params["A"] @ rows.T


def _sinusoidal_gradients(params: Weights, g: np.ndarray, d_model: int) -> Weights:
    rows = _sinusoidal_rows(len(g), 1.0, d_model)
    return {"A": rows.T @ g @ rows}


def _learned_scores(params: Params, seq_len: int, position_scale: float, d_model: int) -> np.ndarray:
    table = np.asarray(params["table"])  # (train_len, d_model): the array itself, not a copy
    if seq_len > len(table):
        raise IndexError(
            f"the learned table has rows for positions 0–{len(table) - 1} only; seq_len={seq_len} "
            f"needs positions up to {seq_len - 1}. A learned table has no row past its last one (lesson 04)."
        )
    rows = table[:seq_len]  # (seq_len, d_model)
    return rows @ params["A"] @ rows.T


def _learned_gradients(params: Weights, g: np.ndarray, d_model: int) -> Weights:
    rows, A = params["table"], params["A"]  # training uses every row: seq_len == train_len
    return {"table": g @ rows @ A.T + g.T @ rows @ A, "A": rows.T @ g @ rows}


def _rope_scores(params: Params, seq_len: int, position_scale: float, d_model: int) -> np.ndarray:
    return _rope_features(seq_len, position_scale, d_model) @ params["coefficients"]


def _rope_gradients(params: Weights, g: np.ndarray, d_model: int) -> Weights:
    return {"coefficients": np.einsum("ij,ijk->k", g, _rope_features(len(g), 1.0, d_model))}


def _alibi_scores(params: Params, seq_len: int, position_scale: float, d_model: int) -> np.ndarray:
    return -float(params["slope"]) * np.maximum(offsets(seq_len), 0.0)


#: `scores(params, seq_len, position_scale, d_model)`: a head's (seq_len, seq_len) scores.
_Scores = Callable[[Params, int, float, int], np.ndarray]


@dataclass(frozen=True)
class _TrainedHead:
    """How one scheme's head scores positions, and how it trains.

    `init(rng, train_len, d_model)` gives the starting parameters and `gradients(params, g, d_model)`
    the gradient of the loss given ``g``, its gradient with respect to the scores.
    `real_positions`: its formula takes any real position (interpolation).
    """

    scores: _Scores
    init: Callable[[np.random.Generator, int, int], Weights]
    gradients: Callable[[Weights, np.ndarray, int], Weights]
    real_positions: bool = False


@dataclass(frozen=True)
class _ChosenHead:
    """How one scheme's head scores positions, for a scheme that trains nothing.

    `choices()` gives the fixed parameters to choose the best from.
    """

    scores: _Scores
    choices: Callable[[], list[Params]]
    real_positions: bool = False


_MODELS: dict[str, _TrainedHead | _ChosenHead] = {
    "sinusoidal": _TrainedHead(
        _sinusoidal_scores,
        init=lambda rng, train_len, d: {"A": rng.normal(scale=0.01, size=(d, d))},
        gradients=_sinusoidal_gradients,
        real_positions=True,
    ),
    "learned": _TrainedHead(
        _learned_scores,
        init=lambda rng, train_len, d: {
            "table": rng.normal(scale=0.3, size=(train_len, d)),
            "A": rng.normal(scale=0.01, size=(d, d)),
        },
        gradients=_learned_gradients,
    ),
    "rope": _TrainedHead(
        _rope_scores,
        init=lambda rng, train_len, d: {"coefficients": rng.normal(scale=0.01, size=d)},
        gradients=_rope_gradients,
        real_positions=True,
    ),
    # ALiBi's slopes are fixed before training: the experiment takes the best of the 8 heads' slopes
    "alibi": _ChosenHead(_alibi_scores, choices=lambda: [{"slope": float(s)} for s in alibi_slopes(8)]),
}

#: The schemes the experiment compares, in the order the lesson shows them.
SCHEMES = tuple(_MODELS)


@dataclass(frozen=True)
class PositionFit:
    """A head fitted by :func:`fit_position_scores`; run it at any length with :meth:`weights`.

    Attributes
    ----------
    scheme : str
        One of :data:`SCHEMES`.
    train_len, d_model, window : int
        The fit's settings.
    params : dict of str to ndarray or float
        What was trained: ``A`` (sinusoidal), ``table`` and ``A`` (learned), ``coefficients``
        (rope: ``a`` then ``b``, one each per pair), ``slope`` (alibi: the chosen head's, a float).
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
    params: Params = field(repr=False)
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
        ValueError, TypeError
            For a `seq_len` that is not a positive integer, a `position_scale` that is not a
            positive number, or one the scheme cannot use.
        """
        seq_len = check_positive_int(seq_len, "seq_len")
        position_scale = check_real(position_scale, "position_scale", low=0.0, low_open=True)
        model = _MODELS[self.scheme]
        if position_scale != 1.0 and not model.real_positions:
            usable = [name for name, m in _MODELS.items() if m.real_positions]
            raise ValueError(
                f"position_scale works for {' and '.join(map(repr, usable))} only (their formulas take any real "
                f"position); got position_scale={position_scale} for {self.scheme!r}."
            )
        return model.scores(self.params, seq_len, position_scale, self.d_model)

    def weights(self, seq_len: int, position_scale: float = 1.0) -> np.ndarray:
        """The head's causal attention weights on `seq_len` tokens: (seq_len, seq_len), rows sum to 1.

        Same parameters and errors as :meth:`scores`.
        """
        return causal_softmax(self.scores(seq_len, position_scale))


def _adam(
    params: list[np.ndarray],
    gradients: Callable[[list[np.ndarray]], tuple[float, list[np.ndarray]]],
    steps: int,
    learning_rate: float,
) -> np.ndarray:
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
    weights = causal_softmax(scores)
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
        Which form the scores take (see ``posenc.extrapolation``); a label such as ``"RoPE"`` works too.
    train_len : int, default 64
        Length of the training sequences: positions ``0 .. train_len - 1``.
    d_model : int, default 32
        Width of the position vectors (sinusoidal, learned) or of the head (rope); even.
    window : int, default 4
        The target: each query attends equally to its last `window` keys (:func:`window_target`).
    steps : int, default 500
        Adam steps, full batch. ALiBi trains nothing: it takes the best of the 8 heads' slopes.
    learning_rate : float, default 0.05
        Adam's step size; positive.
    seed : int, default 0
        Seeds the initial parameters; a non-negative integer.

    Returns
    -------
    PositionFit

    Raises
    ------
    ValueError, TypeError
        For an unknown scheme, a size that is not a positive integer, an odd `d_model`,
        a `window` longer than `train_len`, a `learning_rate` that is not a positive number,
        or a `seed` that is not a non-negative integer.

    Notes
    -----
    Taught in ``notebooks/06_alibi_and_extrapolation.ipynb``.

    Examples
    --------
    >>> from posenc.extrapolation import pattern_error
    >>> fit = fit_position_scores("rope", steps=200)
    >>> float(pattern_error(fit.weights(64), window_target(64, 4)).mean()) < 0.15
    True
    """
    name = scheme_named(scheme, allowed=SCHEMES).name
    train_len = check_positive_int(train_len, "train_len")
    d_model = check_positive_int(d_model, "d_model")
    check_even(d_model, "d_model", "(sines and cosines come in pairs)")
    window = check_positive_int(window, "window")
    steps = check_positive_int(steps, "steps")
    learning_rate = check_real(learning_rate, "learning_rate", low=0.0, low_open=True)
    seed = check_seed(seed)
    if window > train_len:
        raise ValueError(f"window must be at most train_len; got window={window}, train_len={train_len}.")
    target = window_target(train_len, window)  # (train_len, train_len)
    model = _MODELS[name]

    def loss_and_score_gradient(params: Params) -> tuple[float, np.ndarray]:  # at the training length
        return _loss_and_score_gradient(model.scores(params, train_len, 1.0, d_model), target)

    if isinstance(model, _ChosenHead):  # nothing to train: the best of the fixed choices
        best = min(model.choices(), key=lambda params: loss_and_score_gradient(params)[0])
        losses = np.full(steps, loss_and_score_gradient(best)[0])
        return PositionFit(name, train_len, d_model, window, params=best, losses=losses)

    params = model.init(np.random.default_rng(seed), train_len, d_model)
    names = list(params)

    def gradients(values: list[np.ndarray]) -> tuple[float, list[np.ndarray]]:
        current = dict(zip(names, values, strict=True))
        loss, g = loss_and_score_gradient(current)
        grads = model.gradients(current, g, d_model)
        return loss, [grads[n] for n in names]

    losses = _adam([params[n] for n in names], gradients, steps, learning_rate)
    return PositionFit(name, train_len, d_model, window, params=params, losses=losses)


@functools.lru_cache(maxsize=4)
def _fitted(train_len: int, window: int) -> dict[str, PositionFit]:
    return {name: fit_position_scores(name, train_len=train_len, window=window) for name in SCHEMES}


def fitted_heads(train_len: int = 64, window: int = 4) -> dict[str, PositionFit]:
    """The four heads of lesson 06's experiment, fitted once per setting and kept (about 0.5 s in all).

    Returns a new dict each call (the fits themselves are shared: do not change their arrays).

    Examples
    --------
    >>> heads = fitted_heads()
    >>> list(heads) == list(SCHEMES), heads is fitted_heads()
    (True, False)
    """
    train_len = check_positive_int(train_len, "train_len")
    window = check_positive_int(window, "window")
    return dict(_fitted(train_len, window))
