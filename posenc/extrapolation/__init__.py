"""Length extrapolation measured: fit a position-only attention pattern up to a length, read it past it.

Three small modules: ``target`` (the pattern and how far a head is from it), ``heads``
(one head per scheme, fitted by :func:`fit_position_scores`) and ``twin`` (a RoPE head
that fits training as well and differs past it, :func:`rope_twin`).

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
  slopes are fixed, not trained);
- ``"t5"`` (lesson 06's optional section): a trained number per bucket of ``i - j``
  (``posenc.t5_bucket``, causal: 32 buckets).

The forms are the schemes' records' heads (``posenc.schemes``); this list is for reading.

Training minimises the cross-entropy between the head's attention and the target on
sequences of ``train_len`` tokens (Adam, full batch, hand-written gradients).
:meth:`PositionFit.weights` then runs the fitted head on longer sequences, and
:func:`pattern_error` measures how far each query's attention is from the target.

Limits, stated where the lesson uses it: one head, no content (queries and keys carry
position only), one local pattern, one seed per fit (the lesson compares four seeds), no
fine-tuning. It shows what the formula of each scheme does with positions it was not
fitted on; it does not reproduce a language model's perplexity (Press et al., 2022,
figure 1, measure that).
"""

from posenc.extrapolation.heads import FITTED_SCHEMES, PositionFit, fit_position_scores, fitted_heads
from posenc.extrapolation.target import pattern_error, window_target
from posenc.extrapolation.twin import rope_twin

__all__ = [
    "FITTED_SCHEMES",
    "PositionFit",
    "fit_position_scores",
    "fitted_heads",
    "pattern_error",
    "rope_twin",
    "window_target",
]
