"""posenc: the maths behind the course "Where am I? Positional encodings in Transformers".

Every function here is the reference implementation a lesson teaches, and imports
numpy only. Plots, widgets and exercise checkers live in the submodules
``posenc.plotting``, ``posenc.widgets`` and ``posenc.checks``, which the notebooks
import by name.

Examples
--------
>>> import posenc
>>> posenc.sinusoidal(seq_len=2, d_model=2).round(4)
array([[0.    , 1.    ],
       [0.8415, 0.5403]])
"""

from posenc.alibi import alibi_bias, alibi_slopes
from posenc.attention import attention, causal_mask, softmax
from posenc.extrapolation import PositionFit, fit_position_scores, pattern_error, rope_twin, window_target
from posenc.learned import LearnedTable, minilm_positions
from posenc.rope import apply_rope, half_layout_order, ntk_aware_base, rope_angles, rope_decay_bound
from posenc.sinusoidal import frequencies, offset_rotation, sinusoidal, wavelengths
from posenc.t5 import t5_bias, t5_bucket
from posenc.training import TrainingRun, train_parity_table

__version__ = "0.1.0"

__all__ = [
    "softmax",
    "attention",
    "causal_mask",
    "sinusoidal",
    "frequencies",
    "wavelengths",
    "offset_rotation",
    "LearnedTable",
    "minilm_positions",
    "train_parity_table",
    "TrainingRun",
    "rope_angles",
    "apply_rope",
    "half_layout_order",
    "rope_decay_bound",
    "ntk_aware_base",
    "alibi_slopes",
    "alibi_bias",
    "t5_bucket",
    "t5_bias",
    "window_target",
    "fit_position_scores",
    "PositionFit",
    "pattern_error",
    "rope_twin",
]
