"""Training the tiny language model: Adam, and a loop that draws fresh windows of the language at each step.

Adam as in Kingma and Ba (2015, https://arxiv.org/abs/1412.6980), bias-corrected, without weight decay,
with two choices of ours: beta2 = 0.99 (the paper's default is 0.999), and epsilon added after both bias
corrections are folded into the step size (a slightly different epsilon than the paper's; at 1e-8 it
changes no step that matters). The learning rate rises linearly over a warm-up, then falls along a
cosine to a tenth of its peak.
"""

from __future__ import annotations

import math

import numpy as np

from posenc._validation import check_int, check_positive_int, check_real, check_seed
from posenc.lm.language import Language
from posenc.lm.model import TinyLM

__all__ = ["Adam", "learning_rate", "train"]


class Adam:
    """Adam on a dict of arrays, updated in place.

    Parameters
    ----------
    params : dict of str to ndarray
        The tensors to train (a model's ``params``): :meth:`step` changes them in place.
    betas : tuple of float, default (0.9, 0.99)
    eps : float, default 1e-8

    Examples
    --------
    >>> params = {"w": np.array([1.0, -2.0])}
    >>> adam = Adam(params)
    >>> adam.step({"w": np.array([0.5, -0.5])}, lr=0.1)
    >>> params["w"]  # the first step moves every entry by lr against its gradient's sign
    array([ 0.9, -1.9])
    """

    def __init__(self, params: dict[str, np.ndarray], betas: tuple[float, float] = (0.9, 0.99), eps: float = 1e-8):
        if not isinstance(params, dict) or not all(isinstance(v, np.ndarray) for v in params.values()):
            raise TypeError(
                f"params must be a dict of arrays (a model's params); got params of type {type(params).__name__}."
            )
        if not isinstance(betas, tuple) or len(betas) != 2:
            raise TypeError(f"betas must be a tuple of two numbers, such as (0.9, 0.99); got betas={betas!r}.")
        betas = (
            check_real(betas[0], "betas[0]", low=0.0, high=0.999),
            check_real(betas[1], "betas[1]", low=0.0, high=0.9999),
        )
        eps = check_real(eps, "eps", low=0.0, low_open=True)
        self.params, self.betas, self.eps, self.steps = params, betas, eps, 0
        self.first = {name: np.zeros_like(value) for name, value in params.items()}
        self.second = {name: np.zeros_like(value) for name, value in params.items()}

    def step(self, grads: dict[str, np.ndarray], lr: float) -> None:
        """One update of every tensor by its gradient in `grads` (a dict with params' names), with step size `lr`."""
        if not isinstance(grads, dict) or set(grads) != set(self.params):
            got = sorted(grads) if isinstance(grads, dict) else type(grads).__name__
            raise ValueError(f"grads must be a dict with a gradient for each tensor of params; got grads with {got}.")
        lr = check_real(lr, "lr", low=0.0)
        self.steps += 1
        b1, b2 = self.betas
        scale = lr * math.sqrt(1 - b2**self.steps) / (1 - b1**self.steps)  # both bias corrections in one number
        for name, value in self.params.items():
            first, second = self.first[name], self.second[name]
            first *= b1
            first += (1 - b1) * grads[name]
            second *= b2
            second += (1 - b2) * grads[name] ** 2
            value -= scale * first / (np.sqrt(second) + self.eps)


def _check_language(language: object, model: object) -> None:
    """Raise unless `model` is a TinyLM and `language` a Language with the model's vocabulary."""
    if not isinstance(model, TinyLM):
        raise TypeError(f"model must be a TinyLM; got model of type {type(model).__name__}.")
    if not isinstance(language, Language):
        raise TypeError(
            f"language must be a Language (make_language()); got language of type {type(language).__name__}."
        )
    if language.vocab_size != model.vocab_size:
        raise ValueError(
            f"language must have the model's vocabulary; got language.vocab_size={language.vocab_size} "
            f"for model.vocab_size={model.vocab_size}."
        )


def learning_rate(step: int, steps: int, peak: float, warmup: int) -> float:
    """The rate at `step` (0-based) of `steps`: linear up to `peak` over `warmup` steps, then a cosine down to peak/10.

    Examples
    --------
    >>> [round(learning_rate(s, 10, 1.0, warmup=2), 3) for s in (0, 1, 2, 9)]
    [0.5, 1.0, 1.0, 0.134]
    """
    steps, warmup = check_positive_int(steps, "steps"), check_positive_int(warmup, "warmup")
    step = check_int(step, "step")
    if not 0 <= step < steps:
        raise ValueError(f"step must be from 0 to steps - 1 = {steps - 1}; got step={step}.")
    peak = check_real(peak, "peak", low=0.0, low_open=True)
    if step < warmup:
        return peak * (step + 1) / warmup
    done = (step - warmup) / max(steps - warmup, 1)
    return peak * (0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * done)))


def train(
    model: TinyLM,
    language: Language,
    *,
    steps: int,
    batch_size: int = 32,
    seq_len: int | None = None,
    peak_lr: float = 3e-3,
    warmup: int = 100,
    seed: int = 0,
) -> np.ndarray:
    """Train `model` in place on fresh windows of `language`; return the training loss at every step.

    Parameters
    ----------
    model : TinyLM
    language : Language
        Its vocabulary must be the model's.
    steps : int
        Adam steps.
    batch_size : int, default 32
        Windows per step.
    seq_len : int, optional
        Predictions per window (each window has ``seq_len + 1`` tokens); the model's `max_len` by default.
    peak_lr : float, default 3e-3
        The learning rate after warm-up (:func:`learning_rate`).
    warmup : int, default 100
        Steps of linear warm-up (fewer if `steps` is smaller).
    seed : int, default 0
        Seed of the windows drawn.

    Returns
    -------
    losses : ndarray of shape (steps,)
        The mean loss (nats) of each step's batch, before its update.

    Raises
    ------
    ValueError, TypeError
        For a count that is not a positive integer, a `peak_lr` that is not positive, or a language whose
        vocabulary is not the model's.

    Examples
    --------
    >>> from posenc.lm.language import make_language
    >>> language = make_language()
    >>> model = TinyLM(language.vocab_size, max_len=8, d_model=16, num_heads=2)
    >>> losses = train(model, language, steps=30, batch_size=8)
    >>> bool(losses[-5:].mean() < losses[:5].mean())
    True
    """
    _check_language(language, model)
    steps, batch_size = check_positive_int(steps, "steps"), check_positive_int(batch_size, "batch_size")
    seq_len = model.max_len if seq_len is None else check_positive_int(seq_len, "seq_len")
    peak_lr = check_real(peak_lr, "peak_lr", low=0.0, low_open=True)
    warmup = min(check_positive_int(warmup, "warmup"), steps)
    seeds = np.random.default_rng(check_seed(seed)).integers(2**31, size=steps)
    adam = Adam(model.params)
    losses = np.empty(steps)
    for step in range(steps):
        windows = language.sample(batch_size, seq_len + 1, seed=int(seeds[step]))  # (batch_size, seq_len + 1)
        losses[step], grads = model.loss_and_gradients(windows)
        adam.step(grads, learning_rate(step, steps, peak_lr, warmup))
    return losses
