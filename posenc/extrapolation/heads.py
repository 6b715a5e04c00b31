"""One head per scheme, fitted to a position-only pattern on short sequences (Adam, hand-written gradients).

How each scheme's head scores positions, what it trains and the gradient are its record's
``head`` (``posenc.schemes.heads``); :func:`fit_position_scores` and :class:`PositionFit` run any
of them, and :data:`FITTED_SCHEMES` lists the schemes whose record has one.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from posenc._validation import check_even, check_positive_int, check_real, check_seed
from posenc.attention import causal_softmax
from posenc.extrapolation.target import window_target
from posenc.schemes import SCHEMES, scheme_named, with_part
from posenc.schemes.heads import ChosenHead, Params, TrainedHead

__all__ = ["FITTED_SCHEMES", "PositionFit", "fit_position_scores", "fitted_heads"]

#: The schemes the lesson's experiment compares (those whose record has a head that the core has taught by lesson 06),
#: in its order;
#: fit_position_scores also fits any other scheme with a head, by name.
FITTED_SCHEMES = with_part("head", by_lesson=6)


def _head(name: str) -> TrainedHead | ChosenHead:
    head = SCHEMES[name].head
    assert head is not None, name  # only a scheme with a head is fitted
    return head


@dataclass(frozen=True)
class PositionFit:
    """A head fitted by :func:`fit_position_scores`; run it at any length with :meth:`weights`.

    Attributes
    ----------
    scheme : str
        A scheme whose record has a head (:data:`FITTED_SCHEMES` are the core's).
    train_len, d_model, window : int
        The fit's settings.
    params : dict of str to ndarray or float
        What the record's head trained (the names its ``init`` gives) or chose (one of its ``choices``).
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

    @property
    def max_len(self) -> int | None:
        """The longest sequence the head can score: `train_len` for a head with a row per training position
        (a learned table), None for one that runs at any length."""
        return self.train_len if _head(self.scheme).ends_at_training_length else None

    def scores(self, seq_len: int, position_scale: float = 1.0) -> np.ndarray:
        """The head's scores on a sequence of `seq_len` tokens, before the causal mask.

        Parameters
        ----------
        seq_len : int
            Any length, but at most :attr:`max_len` for a head with a row per training position
            (a learned table has no more rows).
        position_scale : float, default 1.0
            Multiply every position by this before scoring: ``train_len / seq_len``
            is position interpolation (Chen et al., 2023, section 2.3). Only for a head whose
            formula takes any real position (its record says so: RoPE's and the sinusoidal head's do).

        Returns
        -------
        scores : ndarray of shape (seq_len, seq_len)

        Raises
        ------
        IndexError
            Past :attr:`max_len`: there is no row to look up.
        ValueError, TypeError
            For a `seq_len` that is not a positive integer, a `position_scale` that is not a
            positive number, or one the scheme cannot use.
        """
        seq_len = check_positive_int(seq_len, "seq_len")
        position_scale = check_real(position_scale, "position_scale", low=0.0, low_open=True)
        model = _head(self.scheme)
        if position_scale != 1.0 and not model.real_positions:
            usable = [name for name in with_part("head") if _head(name).real_positions]
            raise ValueError(
                f"position_scale works for {', '.join(map(repr, usable))} only (their formulas take any real "
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
    scheme : one of FITTED_SCHEMES ("sinusoidal", "learned", "rope", "alibi"), or another scheme with a head
        Which form the scores take (see ``posenc.extrapolation``); a label such as ``"RoPE"`` works too.
    train_len : int, default 64
        Length of the training sequences: positions ``0 .. train_len - 1``.
    d_model : int, default 32
        Width of the position vectors (sinusoidal, learned) or of the head (rope); even (a head that
        does not use it, such as ALiBi's or T5's, ignores it).
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
    name = scheme_named(scheme, allowed=with_part("head")).name
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
    model = _head(name)

    def loss_and_score_gradient(params: Params) -> tuple[float, np.ndarray]:  # at the training length
        return _loss_and_score_gradient(model.scores(params, train_len, 1.0, d_model), target)

    if isinstance(model, ChosenHead):  # nothing to train: the best of the fixed choices
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
    return {name: fit_position_scores(name, train_len=train_len, window=window) for name in FITTED_SCHEMES}


def fitted_heads(train_len: int = 64, window: int = 4) -> dict[str, PositionFit]:
    """The heads of lesson 06's experiment (:data:`FITTED_SCHEMES`), fitted once per setting and kept (about 0.5 s).

    Returns a new dict each call (the fits themselves are shared: do not change their arrays).

    Examples
    --------
    >>> heads = fitted_heads()
    >>> list(heads) == list(FITTED_SCHEMES), heads is fitted_heads()
    (True, False)
    """
    train_len = check_positive_int(train_len, "train_len")
    window = check_positive_int(window, "window")
    return dict(_fitted(train_len, window))
