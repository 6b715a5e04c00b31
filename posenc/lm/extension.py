"""Running a RoPE model trained at length L on longer windows: the frequency rules of the context-extension literature.

Each rule maps the per-pair speeds a model was trained with (``freqs``, RoFormer's ``10000**(-2i/d_head)``) to
the speeds it runs at inference, with a scale ``s`` (target length over training length): position
interpolation (Chen et al. 2023), the NTK-aware base (bloc97, 2023, as written out in Peng et al. 2023),
YaRN's ramp by parts (the paper's, over wavelengths, and the one the authors' code and the libraries run,
over pair indices) and its attention factor (Peng et al. 2023, https://arxiv.org/abs/2309.00071,
section 3), dynamic scaling (section 3.3) and the rule Llama 3.1 ships (meta-llama/llama-models,
``models/llama3/model.py``, ``apply_scaling``). :func:`with_freqs` gives a copy of a model that runs them:
they are its RoPE record's parameters (``posenc.schemes.lm.rope_fixed``), so nothing branches on a scheme.
"""

from __future__ import annotations

import copy
import math

import numpy as np
import numpy.typing as npt

from posenc._validation import as_float_array, check_positive_int, check_real
from posenc.lm.language import Language
from posenc.lm.model import TinyLM
from posenc.lm.train import train
from posenc.rope import ntk_aware_base
from posenc.sinusoidal import frequencies

__all__ = [
    "dynamic_ntk_freqs",
    "dynamic_scale",
    "interpolate_and_finetune",
    "interpolated_freqs",
    "llama3_freqs",
    "ntk_aware_freqs",
    "rope_freqs",
    "with_freqs",
    "yarn_attention_factor",
    "yarn_code_freqs",
    "yarn_freqs",
]


def _freqs(freqs: object) -> np.ndarray:
    """`freqs` as a 1-D float64 array of positive speeds, or a clear error."""
    arr = as_float_array(freqs, "freqs").astype(np.float64)
    if arr.ndim != 1 or not len(arr) or np.any(arr <= 0):
        raise ValueError(f"freqs must be a 1-D array of positive speeds, one per pair; got freqs={arr!r}.")
    return arr


def _scale(scale: object, name: str = "scale") -> float:
    return check_real(scale, name, low=1.0, why="(target length / training length)")


def _rope_parts(model: object) -> list[str]:
    """The names of the schemes whose parameters in `model` include per-pair speeds (RoPE's record)."""
    if not isinstance(model, TinyLM):
        raise TypeError(f"model must be a TinyLM; got model of type {type(model).__name__}.")
    names = [name for name, params in model.fixed.items() if "freqs" in params]
    if not names:
        raise ValueError(f"model must run a scheme with per-pair speeds (RoPE) in some layer; got {model!r}.")
    return names


def rope_freqs(model: TinyLM) -> np.ndarray:
    """The per-pair speeds (d_head // 2,) that `model`'s RoPE layers run.

    Examples
    --------
    >>> model = TinyLM(16, max_len=8, layers=("rope", "none"), d_model=16, num_heads=2)
    >>> rope_freqs(model)  # d_head = 8: RoFormer's 10000**(-2i/8)
    array([1.   , 0.1  , 0.01 , 0.001])
    """
    name = _rope_parts(model)[0]
    return np.array(model.fixed[name]["freqs"], dtype=np.float64)


def with_freqs(model: TinyLM, freqs: npt.ArrayLike, attention_factor: float = 1.0) -> TinyLM:
    """A copy of `model` whose RoPE layers turn pair ``i`` at ``freqs[i]`` and scale queries and keys by `attention_factor`.

    The copy's parameters are copies (training it leaves `model` alone). Every score of a RoPE layer is
    multiplied by ``attention_factor**2`` (YaRN's ``1/t``, :func:`yarn_attention_factor`).

    Raises
    ------
    ValueError, TypeError
        If `model` runs no RoPE layer, `freqs` is not d_head // 2 positive speeds, or `attention_factor` is not positive.

    Examples
    --------
    >>> model = TinyLM(16, max_len=8, layers=("rope",), d_model=8, num_heads=2)
    >>> slower = with_freqs(model, rope_freqs(model) / 4)
    >>> rope_freqs(slower), rope_freqs(model)
    (array([0.25  , 0.0025]), array([1.  , 0.01]))
    """
    names = _rope_parts(model)
    freqs = _freqs(freqs)
    pairs = model.d_model // model.num_heads // 2
    if len(freqs) != pairs:
        raise ValueError(f"freqs must have one speed per pair (d_head // 2 = {pairs}); got {len(freqs)} speeds.")
    factor = check_real(attention_factor, "attention_factor", low=0.0, low_open=True)
    extended = copy.deepcopy(model)
    for name in names:
        extended.fixed[name] = extended.fixed[name] | {"freqs": freqs, "attention_factor": np.array(factor)}
    return extended


def interpolated_freqs(freqs: npt.ArrayLike, scale: float) -> np.ndarray:
    """Position interpolation: every speed divided by `scale`, so position ``m`` turns as ``m / scale`` did.

    Chen et al. 2023, "Extending Context Window of Large Language Models via Positional Interpolation",
    section 2.3: ``f'(x, m) = f(x, m L / L')``. Dividing the speeds is the same map (transformers,
    ``modeling_rope_utils.py``, ``_compute_linear_scaling_rope_parameters``, does it this way).

    Examples
    --------
    >>> interpolated_freqs([1.0, 0.01], scale=4)
    array([0.25  , 0.0025])
    """
    return _freqs(freqs) / _scale(scale)


def ntk_aware_freqs(freqs: npt.ArrayLike, scale: float) -> np.ndarray:
    """The speeds of the NTK-aware base ``b * scale**(d_head / (d_head - 2))`` (:func:`posenc.rope.ntk_aware_base`).

    bloc97's Reddit post (2023), written out by Peng et al. 2023 ("YaRN", section 3.1, Definition 1):
    pair 0 keeps its speed and the slowest pair is divided by `scale`.

    Raises
    ------
    ValueError
        If `freqs` is not RoFormer's ``b**(-2i/d_head)`` for some base ``b`` (d_head = 2 * len(freqs) >= 4):
        the rule changes the base.

    Examples
    --------
    >>> ntk_aware_freqs([1.0, 0.01], scale=4)  # d_head = 4: base 10000 becomes 10000 * 4**2
    array([1.    , 0.0025])
    """
    freqs, scale = _freqs(freqs), _scale(scale)
    d_head = 2 * len(freqs)
    base = freqs[1] ** (-d_head / 2) if len(freqs) > 1 else math.nan
    if not (len(freqs) > 1 and base > 1 and np.allclose(freqs, frequencies(d_head, base=base), rtol=1e-9)):
        raise ValueError(
            "freqs must be RoFormer's base**(-2i/d_head) for some base above 1 and at least 2 pairs "
            f"(the NTK-aware rule changes the base); got freqs={freqs!r}."
        )
    return frequencies(d_head, base=ntk_aware_base(base, scale, d_head))


def yarn_freqs(
    freqs: npt.ArrayLike, scale: float, train_len: int, *, alpha: float = 1.0, beta: float = 32.0
) -> np.ndarray:
    """YaRN's "NTK-by-parts" speeds: ``(1 - γ(r)) θ / s + γ(r) θ`` with ``r = train_len / wavelength``.

    Peng et al. 2023, "YaRN", section 3.2, equations 17, 18 and 20: ``γ(r)`` is 0 below `alpha` (the pair is
    interpolated, as PI does), 1 above `beta` (left alone), and ``(r - alpha) / (beta - alpha)`` between;
    ``alpha = 1, beta = 32`` are the paper's values for the Llama family. The wavelength is the trained
    one, ``2π / θ`` (equation 13). The authors' code (jquesnelle/yarn,
    ``scaled_rope/LlamaYaRNScaledRotaryEmbedding.py``, ``find_correction_range`` and ``linear_ramp_mask``) and
    transformers' ``_compute_yarn_parameters`` ramp linearly over the pair index between rounded bounds
    instead; this function follows the paper's equation 18.

    Examples
    --------
    >>> wavelengths = np.array([1.0, 4.0, 16.0])  # r = 16, 4 and 1 at train_len 16
    >>> yarn_freqs(2 * np.pi / wavelengths, scale=2, train_len=16, alpha=1, beta=16) * wavelengths / (2 * np.pi)
    array([1. , 0.6, 0.5])
    """
    freqs, scale = _freqs(freqs), _scale(scale)
    train_len = check_positive_int(train_len, "train_len")
    alpha = check_real(alpha, "alpha", low=0.0)
    beta = check_real(beta, "beta", low=alpha, low_open=True, why=f"(beta must be above alpha={alpha})")
    ratio = train_len * freqs / (2 * np.pi)  # r = L / λ: turns each pair makes over the training length
    ramp = np.clip((ratio - alpha) / (beta - alpha), 0.0, 1.0)  # γ(r)
    return (1 - ramp) * freqs / scale + ramp * freqs


def yarn_code_freqs(
    freqs: npt.ArrayLike, scale: float, train_len: int, *, alpha: float = 1.0, beta: float = 32.0
) -> np.ndarray:
    """YaRN's speeds as its authors' code and the libraries compute them: a ramp over the pair index.

    ``find_correction_range`` and ``linear_ramp_mask`` in jquesnelle/yarn (and transformers'
    ``_compute_yarn_parameters``): the fractional pair index at which a pair makes `beta` turns over
    `train_len` is rounded down (``low``), the one at which it makes `alpha` turns rounded up (``high``, at
    most d_head - 1); pairs up to ``low`` keep their speed, pairs from ``high`` on are divided by `scale`, and
    the ones between are mixed linearly in their index. :func:`yarn_freqs` ramps in the turns themselves, as
    the paper's equation 18 writes it; the two differ where few pairs lie between the bounds.

    Examples
    --------
    >>> from posenc.rope import rope_angles
    >>> theta = rope_angles([1.0], 16)[0]  # d_head 16, base 10000: 8 pairs' speeds
    >>> (yarn_code_freqs(theta, 4, 32) / theta).round(3)  # L 32, scale 4
    array([1.   , 0.625, 0.25 , 0.25 , 0.25 , 0.25 , 0.25 , 0.25 ])
    """
    freqs, scale = _freqs(freqs), _scale(scale)
    train_len = check_positive_int(train_len, "train_len")
    alpha = check_real(alpha, "alpha", low=0.0, low_open=True)
    beta = check_real(beta, "beta", low=alpha, low_open=True, why=f"(beta must be above alpha={alpha})")
    pairs = len(freqs)
    if pairs < 2:
        raise ValueError(f"freqs must hold at least two pairs' speeds, to place the ramp; got {pairs}.")
    step = math.log(freqs[1] / freqs[0])  # log of the ratio between neighbouring pairs' speeds (geometric)
    if not np.allclose(np.log(freqs[1:] / freqs[:-1]), step):
        raise ValueError("freqs must be RoPE's speeds, theta_0 * q**i for a ratio q (a base's); got another series.")

    def index(turns: float) -> float:  # the fractional pair index whose speed makes `turns` over train_len
        return math.log(2 * math.pi * turns / (train_len * freqs[0])) / step

    low, high = max(math.floor(index(beta)), 0), min(math.ceil(index(alpha)), 2 * pairs - 1)
    ramp = np.clip((np.arange(pairs) - low) / (high - low if high != low else 0.001), 0.0, 1.0)
    keep = 1.0 - ramp  # 1: the pair keeps its speed; 0: divided by the scale
    return freqs / scale * (1.0 - keep) + freqs * keep


def yarn_attention_factor(scale: float) -> float:
    """YaRN's ``sqrt(1/t) = 0.1 ln(scale) + 1``: the factor on queries and keys (scores times its square).

    Peng et al. 2023, "YaRN", section 3.4, equations 21 and 22 (fitted on LLaMA models); the authors apply it by
    scaling the turned queries and keys, which :func:`with_freqs` does.

    Examples
    --------
    >>> round(yarn_attention_factor(16), 4)
    1.2773
    """
    return 0.1 * math.log(_scale(scale)) + 1.0


def dynamic_scale(seq_len: int, train_len: int) -> float:
    """Dynamic scaling's ``s = max(1, seq_len / train_len)``, chosen afresh for each forward pass.

    Peng et al. 2023, "YaRN", section 3.3: each forward pass sets ``s`` from the length ``l'`` of its
    sequence. In a single forward pass over a window, every position then runs with the window's scale,
    as transformers' ``_compute_dynamic_ntk_parameters`` does for the length it is given.

    Examples
    --------
    >>> dynamic_scale(16, 32), dynamic_scale(128, 32)
    (1.0, 4.0)
    """
    seq_len, train_len = check_positive_int(seq_len, "seq_len"), check_positive_int(train_len, "train_len")
    return max(1.0, seq_len / train_len)


def dynamic_ntk_freqs(freqs: npt.ArrayLike, seq_len: int, train_len: int) -> np.ndarray:
    """ "Dynamic NTK": :func:`ntk_aware_freqs` at :func:`dynamic_scale`; the trained speeds up to `train_len`.

    Peng et al. 2023, section 3.3. transformers' ``_compute_dynamic_ntk_parameters`` (``modeling_rope_utils.py``)
    sets the base ``b * (factor * seq_len / L - (factor - 1)) ** (d/(d-2))``: this rule when its factor is 1.

    Examples
    --------
    >>> dynamic_ntk_freqs([1.0, 0.01], seq_len=32, train_len=32)
    array([1.  , 0.01])
    """
    return ntk_aware_freqs(freqs, dynamic_scale(seq_len, train_len))


def llama3_freqs(
    freqs: npt.ArrayLike,
    *,
    factor: float = 8.0,
    low_freq_factor: float = 1.0,
    high_freq_factor: float = 4.0,
    original_max_position: int = 8192,
) -> np.ndarray:
    """The speeds Llama 3.1 runs: short wavelengths kept, long ones divided by `factor`, a smooth band between.

    meta-llama/llama-models, ``models/llama3/model.py``, ``apply_scaling`` (its values are the defaults here),
    as transformers' ``_compute_llama3_parameters`` (``modeling_rope_utils.py``): with ``λ = 2π / θ``,
    ``L = original_max_position``, a pair with ``λ < L / high_freq_factor`` keeps ``θ``; one with
    ``λ > L / low_freq_factor`` gets ``θ / factor``; between, ``(1 - k) θ / factor + k θ`` with
    ``k = (L / λ - low_freq_factor) / (high_freq_factor - low_freq_factor)``.

    Examples
    --------
    >>> llama3_freqs(2 * np.pi / np.array([1000.0, 4096.0, 10000.0])) * np.array([1000.0, 4096.0, 10000.0]) / (2 * np.pi)
    array([1.        , 0.41666667, 0.125     ])
    """
    freqs = _freqs(freqs)
    factor = _scale(factor, "factor")
    low = check_real(low_freq_factor, "low_freq_factor", low=0.0, low_open=True)
    high = check_real(
        high_freq_factor, "high_freq_factor", low=low, low_open=True, why=f"(above low_freq_factor={low})"
    )
    length = check_positive_int(original_max_position, "original_max_position")
    wavelengths = 2 * np.pi / freqs
    smooth = (length / wavelengths - low) / (high - low)
    between = (1 - smooth) * freqs / factor + smooth * freqs
    return np.where(wavelengths < length / high, freqs, np.where(wavelengths > length / low, freqs / factor, between))


def interpolate_and_finetune(
    model: TinyLM,
    language: Language,
    scale: float,
    *,
    steps: int,
    batch_size: int = 8,
    peak_lr: float = 1e-3,
    warmup: int = 10,
    seed: int = 0,
) -> tuple[TinyLM, np.ndarray]:
    """Position interpolation to ``scale * model.max_len`` tokens, then `steps` of training at that length.

    Chen et al. 2023 (sections 2.3 and 3.1) fine-tune the interpolated model briefly at the longer window;
    this follows the same procedure, with :func:`posenc.lm.train` on fresh windows of `language` (at this
    size, the outcome is what ``posenc.lm.experiment`` measures, not the paper's).

    Returns
    -------
    model : TinyLM
        A fine-tuned copy (`model` is unchanged).
    losses : ndarray of shape (steps,)
        The training loss at each step.

    Raises
    ------
    ValueError, TypeError
        As :func:`with_freqs` and :func:`posenc.lm.train`; if ``scale * model.max_len`` is not a whole number.

    Examples
    --------
    >>> from posenc.lm.language import make_language
    >>> language = make_language()
    >>> model = TinyLM(language.vocab_size, max_len=8, layers=("rope",), d_model=8, num_heads=2)
    >>> tuned, losses = interpolate_and_finetune(model, language, 2, steps=3, batch_size=2)
    >>> rope_freqs(tuned), losses.shape
    (array([0.5  , 0.005]), (3,))
    """
    if not isinstance(model, TinyLM):
        raise TypeError(f"model must be a TinyLM; got model of type {type(model).__name__}.")
    scale = _scale(scale)
    seq_len = scale * model.max_len
    if seq_len != round(seq_len):
        raise ValueError(
            f"scale times the training length must be a whole number of tokens; got scale={scale} for max_len={model.max_len}."
        )
    tuned = with_freqs(model, interpolated_freqs(rope_freqs(model), scale))
    losses = train(
        tuned, language, steps=steps, batch_size=batch_size, seq_len=round(seq_len), peak_lr=peak_lr,
        warmup=warmup, seed=seed,
    )  # fmt: skip
    return tuned, losses
