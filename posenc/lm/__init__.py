"""Lesson 07's tiny language model: a synthetic language with an exact floor, a NumPy Transformer, training, evaluation.

``language`` (the language and its floor), ``layers`` and ``model`` (the Transformer, hand-written
gradients, every position scheme from its record in ``posenc.schemes``), ``train`` (Adam and the loop),
``evaluate`` (non-overlapping and sliding windows, beside the floor) and ``extension`` (a trained RoPE
model run on longer windows: position interpolation, NTK-aware, YaRN, dynamic scaling, Llama 3.1's rule,
interpolation with a short fine-tune). NumPy only.

Examples
--------
>>> from posenc import lm
>>> language = lm.make_language(seed=0)
>>> model = lm.TinyLM(language.vocab_size, max_len=8, layers=("rope", "none"), d_model=16, num_heads=2)
>>> losses = lm.train(model, language, steps=5, batch_size=4)
>>> result = lm.evaluate(model, language, language.sample(2, 33, seed=1), window=8)
>>> result.model.shape, result.floor.shape
((8, 8), (8, 8))
"""

from posenc.lm.evaluate import Evaluation, cut_windows, evaluate
from posenc.lm.extension import (
    dynamic_ntk_freqs,
    dynamic_scale,
    interpolate_and_finetune,
    interpolated_freqs,
    llama3_freqs,
    ntk_aware_freqs,
    rope_freqs,
    with_freqs,
    yarn_attention_factor,
    yarn_code_freqs,
    yarn_freqs,
)
from posenc.lm.language import Language, make_language
from posenc.lm.model import INPUT_SCHEMES, LAYER_SCHEMES, TinyLM
from posenc.lm.train import Adam, learning_rate, train

__all__ = [
    "INPUT_SCHEMES",
    "LAYER_SCHEMES",
    "Adam",
    "Evaluation",
    "Language",
    "TinyLM",
    "cut_windows",
    "dynamic_ntk_freqs",
    "dynamic_scale",
    "evaluate",
    "interpolate_and_finetune",
    "interpolated_freqs",
    "learning_rate",
    "llama3_freqs",
    "make_language",
    "ntk_aware_freqs",
    "rope_freqs",
    "train",
    "with_freqs",
    "yarn_attention_factor",
    "yarn_code_freqs",
    "yarn_freqs",
]
