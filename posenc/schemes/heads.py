"""How each scheme's head scores positions in lesson 06's experiment, what it trains and the gradient.

A head there has no content: its scores depend on the query's and the key's positions alone, in
the form its scheme allows (``posenc.extrapolation`` describes the experiment). A scheme that
trains something is a :class:`TrainedHead` (its scores, its starting parameters, the gradient of
the loss through its scores); one that trains nothing is a :class:`ChosenHead` (its scores and the
fixed choices the experiment picks the best of). ``posenc.extrapolation`` fits any of them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from posenc.alibi import alibi_slopes, penalty
from posenc.attention import offsets
from posenc.rope import rope_offset_features
from posenc.schemes.layer import Params  # a head's parameters by name: arrays, or a float for ALiBi's slope
from posenc.sinusoidal import sinusoidal_at

__all__ = ["ChosenHead", "Params", "TrainedHead", "Weights"]

#: A trained head's parameters by name, every one an array (Adam updates them in place).
Weights = dict[str, np.ndarray]
#: `scores(params, seq_len, position_scale, d_model)`: a head's (seq_len, seq_len) scores.
Scores = Callable[[Params, int, float, int], np.ndarray]


@dataclass(frozen=True)
class TrainedHead:
    """How one scheme's head scores positions, and how it trains.

    `init(rng, train_len, d_model)` gives the starting parameters and `gradients(params, g, d_model)`
    the gradient of the loss given ``g``, its gradient with respect to the scores.
    `real_positions`: its formula takes any real position (interpolation).
    `ends_at_training_length`: it has a row per training position and none past them.
    """

    scores: Scores
    init: Callable[[np.random.Generator, int, int], Weights]
    gradients: Callable[[Weights, np.ndarray, int], Weights]
    real_positions: bool = False
    ends_at_training_length: bool = False


@dataclass(frozen=True)
class ChosenHead:
    """How one scheme's head scores positions, for a scheme that trains nothing.

    `choices()` gives the fixed parameters to choose the best from.
    """

    scores: Scores
    choices: Callable[[], list[Params]]
    real_positions: bool = False
    ends_at_training_length: bool = False


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
    return penalty(float(params["slope"]), seq_len, causal=True)


#: ``PE(i)ᵀ A PE(j)``: the fixed table of lesson 02 and a trained (d_model, d_model) matrix ``A`` (the score
#: between two table rows after the query and key projections: ``A = W_q W_kᵀ``).
SINUSOIDAL = TrainedHead(
    _sinusoidal_scores,
    init=lambda rng, train_len, d: {"A": rng.normal(scale=0.01, size=(d, d))},
    gradients=_sinusoidal_gradients,
    real_positions=True,
)
#: ``E[i]ᵀ A E[j]``: a trained table ``E`` of ``train_len`` rows (none past them) and a trained ``A``.
LEARNED = TrainedHead(
    _learned_scores,
    init=lambda rng, train_len, d: {
        "table": rng.normal(scale=0.3, size=(train_len, d)),
        "A": rng.normal(scale=0.01, size=(d, d)),
    },
    gradients=_learned_gradients,
    ends_at_training_length=True,
)
#: What RoPE gives a fixed query and key: ``sum over pairs p of a_p cos((i - j) θ_p) + b_p sin((i - j) θ_p)``,
#: with trained ``a`` and ``b`` (``coefficients``).
ROPE = TrainedHead(
    _rope_scores,
    init=lambda rng, train_len, d: {"coefficients": rng.normal(scale=0.01, size=d)},
    gradients=_rope_gradients,
    real_positions=True,
)
#: ``-slope * (i - j)``: ALiBi's slopes are fixed before training, so the experiment takes the best of the
#: 8 heads' slopes.
ALIBI = ChosenHead(_alibi_scores, choices=lambda: [{"slope": float(s)} for s in alibi_slopes(8)])
