"""RoPE's twin: a head that scores every training pair almost as a fitted one does, and the far ones differently.

Training on lengths up to ``train_len`` can barely tell the two heads apart, so little in
training decides what a RoPE head does past it (lesson 06: "defined is not trained").
"""

from __future__ import annotations

import numpy as np

from posenc._validation import check_positive_int, check_real
from posenc.extrapolation.heads import PositionFit
from posenc.rope import rope_offset_features

__all__ = ["rope_twin"]


def rope_twin(fit: PositionFit, test_len: int, max_train_change: float = 0.05, ridge: float = 1e-2) -> PositionFit:
    """A RoPE head that scores the training offsets almost as `fit` does, and some new ones very differently.

    Every score at an offset seen in training (``0 .. train_len - 1``) moves by at most
    `max_train_change`; the scores at the new offsets ``train_len .. test_len - 1`` move a
    lot. The change of coefficients is the direction that maximises the sum of squared score
    changes at the new offsets divided by the sum of squared changes at the training offsets
    plus `ridge` times the direction's squared length, scaled so that the largest training
    change is `max_train_change` and signed so that the largest new change is a rise.
    It is one such head, not the largest change `max_train_change` allows: the training
    offsets' features are nearly rank-deficient, and a smaller `ridge` gives much larger
    changes past ``train_len`` within the same bound. Training on lengths up to
    ``train_len`` can barely tell the two heads apart; past it they may differ a lot.

    Parameters
    ----------
    fit : PositionFit
        A ``"rope"`` fit.
    test_len : int
        Longest sequence the twin is meant to be read on; more than ``fit.train_len``.
    max_train_change : float, default 0.05
        Positive.
    ridge : float, default 0.01
        Keeps the direction's coefficients moderate (and so the far changes); positive.

    Returns
    -------
    PositionFit
        The twin: same scheme and settings; its ``losses`` are `fit`'s.

    Raises
    ------
    ValueError, TypeError
        If `fit` is not a ``"rope"`` :class:`PositionFit`, `test_len` is not an integer above
        ``fit.train_len``, or `max_train_change` or `ridge` is not a positive number.

    Examples
    --------
    >>> from posenc.extrapolation import fit_position_scores
    >>> fit = fit_position_scores("rope", steps=200)
    >>> twin = rope_twin(fit, test_len=256)
    >>> change = np.tril(twin.scores(256) - fit.scores(256))  # keys a query may see: offsets i - j >= 0
    >>> bool(np.abs(change[:64, :64]).max() <= 0.05 + 1e-12), bool(np.abs(change).max() > 5)
    (True, True)
    """
    if not isinstance(fit, PositionFit):
        raise TypeError(
            f"fit must be a PositionFit from posenc.fit_position_scores('rope'); got fit={fit!r} "
            f"of type {type(fit).__name__}."
        )
    if fit.scheme != "rope":
        raise ValueError(f"rope_twin needs a 'rope' fit; got a {fit.scheme!r} fit.")
    test_len = check_positive_int(test_len, "test_len")
    max_train_change = check_real(max_train_change, "max_train_change", low=0.0, low_open=True)
    ridge = check_real(ridge, "ridge", low=0.0, low_open=True, why="(it keeps the direction's coefficients moderate)")
    if test_len <= fit.train_len:
        raise ValueError(f"test_len must exceed train_len={fit.train_len}; got test_len={test_len}.")
    features = rope_offset_features(np.arange(test_len, dtype=np.float64), fit.d_model)  # (test_len, d_model)
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
