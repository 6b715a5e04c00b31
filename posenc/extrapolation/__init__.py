"""Length extrapolation measured: fit a position-only attention pattern up to a length, read it past it.

Three small modules: ``target`` (the pattern and how far a head is from it), ``heads``
(one head per scheme, fitted by :func:`fit_position_scores`) and ``twin`` (a RoPE head
that fits training as well and differs past it, :func:`rope_twin`).

One experiment, the same for every scheme. A head must learn a pattern that depends on
position alone: query ``i`` attends equally to its last ``window`` keys ``i - window + 1
.. i`` (a causal, local window; :func:`window_target`). Its scores depend on positions
only, in the form each scheme allows: its record's head (``posenc.schemes.heads`` writes each
form beside its definition; lesson 06's optional section tables them). A head that trains
nothing (ALiBi's fixed slopes) takes the best of its fixed choices.

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
