"""The checkers against a catalogue of learner mistakes they were not written for.

``tests/mistakes/catalogue.py`` was written by an independent writer who never read the
checkers: plausible wrong answers to every exercise, each with the cause a teacher would
name, and correct but unusual answers. It is not edited to fit the messages. Here, written
from each cause (not from the messages), is a pattern that a message naming that cause
contains; a mistake the checkers cannot name yet is listed in NOT_NAMED with the reason,
so the hit rate stays visible (docs/checkers.md).
"""

import re

import pytest

from posenc.checks.engine import CHECKERS, MESSAGE_LIMIT
from tests.mistakes.catalogue import CORRECT, MISTAKES

#: What a message that names the entry's cause says (a regular expression, case-insensitive).
NAMED = {
    "positions-row": r"second axis|\[:, None\]",
    "positions-row-2d": r"row.*column|\[:, None\]",
    "positions-from-one": r"count from 0",
    "positions-one-short": r"one position too few",
    "positions-one-extra": r"one position too many",
    "positions-linspace": r"linspace|end point",
    "positions-zeros": r"all 0|never filled",
    "positions-tuple": r"tuple|comma",
    "attention-unscaled": r"no scaling",
    "attention-divided-by-d": r"= d_head, where",
    "attention-scaled-by-seq-len": r"number of queries",
    "attention-softmax-over-queries": r"over the queries",
    "attention-returns-weights": r"shape of the weights",
    "attention-exp-not-normalised": r"not 1 \(divide each row by its own sum\)",
    "attention-normalised-over-all": r"all the weights together",
    "attention-max-over-wrong-axis": r"max.*axis|column by column",
    "attention-sum-without-keepdims": r"keepdims",
    "equivariance-tests-invariance": r"f\(x\)\[perm\]",
    "equivariance-exact-equality": r"exactly|allclose",
    "equivariance-inverse-permutation": r"inverse|argsort",
    "equivariance-returns-array": r"True or False",
    "equivariance-compares-shapes": r"shapes",
    "equivariance-compares-sums": r"summary",
    "equivariance-prints": r"got None",
    "sinusoidal-i-not-2i": r"i instead of 2i",
    "sinusoidal-sin-cos-swapped": r"sin and cos are swapped|sine and cosine swapped",
    "sinusoidal-halves-layout": r"\[sin \| cos\]",
    "sinusoidal-positive-exponent": r"exponent sign|grow",
    "sinusoidal-positions-from-one": r"count from 0",
    "sinusoidal-times-two-pi": r"2π",
    "sinusoidal-cosine-overwrites-sine": r"never filled in",
    "sinusoidal-floor-division": r"floor division|//",
    "sinusoidal-tensor2tensor-spacing": r"Tensor2Tensor",
    "sinusoidal-returns-angles": r"a sine and a cosine column|angles",
    "wavelength-no-two-pi": r"1 / ω",
    "wavelength-is-frequency": r"the frequency",
    "wavelength-multiplied": r"2π · ω",
    "wavelength-i-not-2i": r"i = 12 where the formula has 2i",
    "wavelength-degrees": r"degrees",
    "wavelength-half-turn": r"half a turn",
    "wavelength-pairs-denominator": r"d_model ?/ ?2",
    "wavelength-counted-from-one": r"pairs count from 0",
    "wavelength-tensor2tensor": r"Tensor2Tensor",
    "wavelength-whole-array": r"one real number",
    "offset-rope-block": r"wrong way",
    "offset-no-minus": r"not opposite",
    "offset-forgot-k": r"1 position on, not 3",
    "offset-block-at-pair-index": r"2i, 2i \+ 1|overlap",
    "offset-last-block-missing": r"never filled in",
    "offset-absolute-k": r"abs\(k\)|\|k\|",
    "offset-returns-blocks": r"diagonal",
    "offset-i-not-2i": r"i where the formula has 2i",
    "offset-cos-sin-swapped": r"cos and sin are swapped",
    "cosine-broadcast-one-length": r"not by one of them",
    "cosine-squared-lengths": r"square root",
    "cosine-whole-table-norm": r"one number|whole table",
    "cosine-column-normalised": r"not each column",
    "cosine-added-lengths": r"sum of the two lengths|added",
    "cosine-pearson": r"corrcoef|correlation|mean",
    "cosine-dot-of-lengths": r"one number|np\.outer",
    "cosine-distance": r"1 minus|distance",
    "cosine-in-place": r"changed the table",
    "cosine-axis0-lengths": r"axis ?= ?0|columns' lengths|column lengths",
    "rope-half-layout": r"rotate_half",
    "rope-turned-backwards": r"wrong way",
    "rope-uses-rotated-first": r"original first value",
    "rope-in-place": r"changed the x",
    "rope-ignores-positions": r"row number",
    "rope-i-not-2i": r"i where the formula has 2i",
    "rope-tile-not-repeat": r"np\.tile|np\.repeat|angle of pair",
    "rope-adds-table": r"added|adds",
    "rope-output-in-halves": r"wrong columns",
    "rope-sin-cos-swapped": r"cos and sin swapped",
    "slopes-paper-text-rule": r"authors' code",
    "slopes-h-from-zero": r"count from 1",
    "slopes-as-if-next-power": r"next power of two",
    "slopes-odd-indices": r"\[1::2\]",
    "slopes-no-step": r"every other|\[0::2\]",
    "slopes-rounded-log2": r"floor|round",
    "slopes-positive-exponent": r"minus sign",
    "slopes-precedence": r"binds|bracket",
    "slopes-sorted": r"do not sort",
    "bias-positive": r"minus sign",
    "bias-transposed": r"i - j",
    "bias-upper-not-zeroed": r"clip the distance at 0",
    "bias-signed-when-not-causal": r"\|i - j\|",
    "bias-ignores-causal": r"causal form",
    "bias-heads-last": r"head axis",
    "bias-one-axis-for-slopes": r"axes it lacks",
    "bias-minus-inf-above": r"-inf",
    "bias-default-not-causal": r"default",
    "bias-paper-slopes": r"alibi_slopes",
    "table-sinusoidal-relative": r"absolute",
    "table-rope-absolute": r"m − n|relative",
    "table-rope-added-to-input": r"adds nothing to the input",
    "table-alibi-trained-slopes": r"trains nothing",
    "table-sinusoidal-trained-rows": r"formula|nothing .*trained",
    "table-learned-runs-past": r"no row past its last",
    "table-used-by-swapped": r"Llama and Mistral use RoPE",
    "table-shared-row": r"same dict|fromkeys",
    "table-zero-based-numbers": r"1 to",
    "table-row-unfilled": r"still \.\.\.",
    "layer-rope-on-values": r"q and k only",
    "layer-rope-queries-only": r"both q and k",
    "layer-rope-label-test": r"spelled",
    "layer-alibi-sign": r"minus sign",
    "layer-alibi-always-causal": r"causal=False",
    "layer-alibi-one-head-slope": r"ALIBI_SLOPE",
    "layer-rows-by-word": r"position's own table row",
    "layer-no-mask": r"causal_mask",
    "layer-mask-transposed": r"transposed",
    "layer-returns-outputs": r"\(outputs, weights\)",
}

#: Entries the course accepts on purpose, and why: not a false pass.
ACCEPTED = {
    "positions-list": "a list of lists holds the same numbers; every checker converts lists, as NumPy does",
    "slopes-list": "a list holds the same numbers; every checker converts lists, as NumPy does",
    "attention-returns-tuple": "(output, weights) is what posenc.attention returns; check_attention accepts it "
    "by design and its docstring says so",
}

#: Mistakes whose cause no message names yet, with what stands in the way.
NOT_NAMED: dict[str, str] = {}


def test_every_catalogue_mistake_is_judged_here_once():
    ids = [m.id for m in MISTAKES]
    assert len(ids) == len(set(ids))
    assert set(ids) == set(NAMED) | set(ACCEPTED) | set(NOT_NAMED)
    assert not (set(NAMED) & set(NOT_NAMED)) and not (set(ACCEPTED) & (set(NAMED) | set(NOT_NAMED)))


@pytest.mark.parametrize("entry", CORRECT, ids=[c.id for c in CORRECT])
def test_an_unusual_correct_answer_is_accepted(entry):
    result = CHECKERS[entry.checker].check(entry.answer, **entry.kwargs)
    assert result.passed, f"{entry.note}: {result.message}"


@pytest.mark.parametrize("entry", [m for m in MISTAKES if m.id in NAMED], ids=lambda m: m.id)
def test_a_catalogue_mistake_gets_a_message_that_names_its_cause(entry):
    result = CHECKERS[entry.checker].check(entry.answer, **entry.kwargs)
    assert not result.passed, f"{entry.cause}: {result.message}"
    assert len(result.message) < MESSAGE_LIMIT
    assert re.search(NAMED[entry.id], result.message, re.IGNORECASE), f"cause: {entry.cause}\nsaid: {result.message}"


@pytest.mark.parametrize("entry", [m for m in MISTAKES if m.id in ACCEPTED], ids=lambda m: m.id)
def test_an_accepted_variant_passes(entry):
    assert CHECKERS[entry.checker].check(entry.answer, **entry.kwargs).passed


@pytest.mark.parametrize("entry", [m for m in MISTAKES if m.id in NOT_NAMED] or [None], ids=lambda m: m and m.id)
def test_a_mistake_not_named_yet_is_still_rejected(entry):
    if entry is None:
        pytest.skip("every catalogue mistake is named (NOT_NAMED is empty)")
    assert not CHECKERS[entry.checker].check(entry.answer, **entry.kwargs).passed, entry.id
