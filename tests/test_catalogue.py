"""The checkers against a catalogue of learner mistakes they were not written for.

``tests/mistakes/catalogue.py`` was written by an independent writer who never read the
checkers: plausible wrong answers to every exercise, each with the cause a teacher would
name, and correct but unusual answers. It is not edited to fit the messages. Each mistake is
judged here once: by the id of the listed mistake its verdict names (``CheckResult.mistake``,
so rewording a hint changes no test), or, where a measurement names the cause and no listed
mistake does, by a pattern written from the cause; a mistake the checkers cannot name yet is
listed in NOT_NAMED with the reason, so the hit rate stays visible (docs/checkers.md).
"""

import re

import pytest

from posenc.checks.engine import CHECKERS, MESSAGE_LIMIT
from tests.mistakes.catalogue import CORRECT, MISTAKES

#: The listed mistake (its id among the checker's registered mistakes) whose message names the entry's cause.
NAMED = {
    "positions-row": "flat",
    "positions-row-2d": "row",
    "positions-from-one": "from-one",
    "positions-one-short": "one-short",
    "positions-one-extra": "one-extra",
    "positions-linspace": "steps",
    "positions-zeros": "zeros",
    "positions-tuple": "tuple",
    "attention-unscaled": "unscaled",
    "attention-divided-by-d": "divided-by-d",
    "attention-softmax-over-queries": "softmax-over-queries",
    "attention-returns-weights": "returned-weights",
    "attention-max-over-wrong-axis": "max-over-queries",
    "attention-sum-without-keepdims": "no-keepdims",
    "equivariance-tests-invariance": "says-attention-is-not",
    "equivariance-exact-equality": "exact-equality",
    "equivariance-inverse-permutation": "inverse-permutation",
    "equivariance-compares-shapes": "always-true",
    "equivariance-compares-sums": "says-invariant-is",
    "sinusoidal-i-not-2i": "i-for-2i",
    "sinusoidal-sin-cos-swapped": "swapped",
    "sinusoidal-halves-layout": "concatenated",
    "sinusoidal-positive-exponent": "growing-frequencies",
    "sinusoidal-positions-from-one": "from-one",
    "sinusoidal-times-two-pi": "two-pi",
    "sinusoidal-floor-division": "one-frequency",
    "sinusoidal-tensor2tensor-spacing": "tensor2tensor-spacing",
    "sinusoidal-returns-angles": "one-column-per-pair",
    "wavelength-no-two-pi": "one-over-omega",
    "wavelength-is-frequency": "omega",
    "wavelength-multiplied": "two-pi-times-omega",
    "wavelength-i-not-2i": "i-for-2i",
    "wavelength-degrees": "degrees",
    "wavelength-half-turn": "half-turn",
    "wavelength-pairs-denominator": "column-index",
    "wavelength-counted-from-one": "neighbour-pair",
    "wavelength-tensor2tensor": "tensor2tensor",
    "offset-rope-block": "wrong-way",
    "offset-block-at-pair-index": "blocks-at-i",
    "offset-absolute-k": "negative-k",
    "offset-returns-blocks": "blocks-stack",
    "offset-i-not-2i": "i-for-2i",
    "offset-cos-sin-swapped": "cos-sin-swapped",
    "cosine-broadcast-one-length": "one-length",
    "cosine-squared-lengths": "no-sqrt",
    "cosine-whole-table-norm": "one-number",
    "cosine-column-normalised": "columns-normalised",
    "cosine-added-lengths": "added-lengths",
    "cosine-pearson": "correlation",
    "cosine-dot-of-lengths": "one-number",
    "cosine-distance": "distance",
    "cosine-in-place": "changed-input",
    "cosine-axis0-lengths": "column-lengths",
    "rope-half-layout": "half-layout",
    "rope-turned-backwards": "wrong-way",
    "rope-uses-rotated-first": "used-updated",
    "rope-in-place": "changed-input",
    "rope-ignores-positions": "ignores-positions",
    "rope-i-not-2i": "i-for-2i",
    "rope-tile-not-repeat": "angles-tiled",
    "rope-adds-table": "added-table",
    "slopes-paper-text-rule": "paper-formula",
    "slopes-h-from-zero": "from-zero",
    "slopes-as-if-next-power": "next-power",
    "slopes-odd-indices": "even-extras",
    "slopes-no-step": "no-step",
    "slopes-rounded-log2": "rounded-power",
    "slopes-positive-exponent": "positive-exponent",
    "slopes-precedence": "precedence",
    "slopes-sorted": "sorted",
    "bias-positive": "wrong-sign",
    "bias-transposed": "j-minus-i",
    "bias-upper-not-zeroed": "not-clipped",
    "bias-signed-when-not-causal": "signed-distance",
    "bias-ignores-causal": "causal-always",
    "bias-heads-last": "heads-last",
    "bias-minus-inf-above": "masked-with-inf",
    "bias-paper-slopes": "paper-formula",
    "t5-key-minus-query": "sign-reversed",
    "t5-upper-half-missing": "after-keys-not-moved",
    "t5-upper-half-at-num-buckets": "moved-by-num-buckets",
    "t5-n-not-halved": "n-not-halved",
    "t5-abs-when-causal": "causal-not-clipped",
    "t5-causal-distance-unclipped": "causal-not-clipped",
    "t5-exact-is-n": "exact-is-n",
    "t5-log-part-alone": "log-from-zero",
    "t5-log-of-distance": "log-of-distance",
    "t5-log-of-max-distance": "log-of-max-distance",
    "t5-times-n": "times-n",
    "t5-no-clamp": "no-clamp",
    "t5-clamp-at-n": "clamped-at-n",
    "t5-clamp-at-num-buckets": "clamped-at-num-buckets",
    "t5-np-round": "rounded",
    "t5-np-ceil": "rounded-up",
    "t5-no-astype": "float-buckets",
    "t5-half-as-float": "float-buckets",
    "t5-floor-division-ratio": "int-division",
    "t5-offsets-as-column": "two-d",
    "table-sinusoidal-relative": "sinusoidal-relative",
    "table-rope-absolute": "rope-absolute",
    "table-rope-added-to-input": "rope-at-input",
    "table-alibi-trained-slopes": "alibi-trained",
    "table-sinusoidal-trained-rows": "sinusoidal-trained",
    "table-learned-runs-past": "learned-runs",
    "table-used-by-swapped": "models-swapped",
    "table-shared-row": "shared-row",
    "layer-rope-on-values": "rope-on-v",
    "layer-rope-queries-only": "rope-one-side",
    "layer-rope-label-test": "scheme-ignored",
    "layer-alibi-sign": "alibi-sign",
    "layer-alibi-always-causal": "alibi-causal-form",
    "layer-alibi-one-head-slope": "alibi-slope",
    "layer-no-mask": "no-mask",
    "layer-mask-transposed": "mask-transposed",
    "layer-returns-outputs": "returns-outputs-only",
    "layer-t5-key-minus-query": "t5-offset-flipped",
    "layer-t5-decoder-buckets": "t5-one-way",
    "layer-t5-flag-inverted": "t5-one-way",
    "layer-t5-distance-as-index": "t5-no-direction",
    "layer-t5-minus-like-alibi": "t5-negated",
}

#: Entries named by a measurement rather than a listed mistake (the result carries a measured or a crash id, or
#: none): a pattern the message contains, written from the cause (a regular expression, case-insensitive).
MEASURED = {
    "attention-scaled-by-seq-len": r"number of queries",
    "attention-exp-not-normalised": r"not 1 \(divide each row by its own sum\)",
    "attention-normalised-over-all": r"all the weights together",
    "equivariance-returns-array": r"True or False",
    "equivariance-prints": r"got None",
    "sinusoidal-cosine-overwrites-sine": r"never filled in",
    "wavelength-whole-array": r"one real number",
    "offset-no-minus": r"not opposite",
    "offset-forgot-k": r"1 position on, not 3",
    "offset-last-block-missing": r"never filled in",
    "rope-output-in-halves": r"wrong columns",
    "rope-sin-cos-swapped": r"cos and sin swapped",
    "bias-one-axis-for-slopes": r"axes it lacks",
    "bias-default-not-causal": r"default",
    "t5-where-branches-swapped": r"branches are swapped",
    "t5-log2-then-ln": r"log2 .*and np\.log",
    "table-zero-based-numbers": r"1 to",
    "table-row-unfilled": r"still \.\.\.",
    "layer-rows-by-word": r"position's own table row",
}

#: Entries the course accepts on purpose, and why: not a false pass.
ACCEPTED = {
    "positions-list": "a list of lists holds the same numbers; every checker converts lists, as NumPy does",
    "slopes-list": "a list holds the same numbers; every checker converts lists, as NumPy does",
    "t5-returns-list": "a list of whole numbers holds the same buckets; every checker converts lists, as NumPy does",
    "attention-returns-tuple": "(output, weights) is what posenc.attention returns, and the capstone asks for the "
    "pair; check_attention accepts it and its Correct says the exercise asks for the output alone",
}

#: Mistakes whose cause no message names yet, with what stands in the way.
NOT_NAMED: dict[str, str] = {}


def test_every_catalogue_mistake_is_judged_here_once():
    ids = [m.id for m in MISTAKES]
    assert len(ids) == len(set(ids))
    judged = [*NAMED, *MEASURED, *ACCEPTED, *NOT_NAMED]
    assert sorted(judged) == sorted(ids), "each entry in exactly one of NAMED, MEASURED, ACCEPTED, NOT_NAMED"


@pytest.mark.parametrize("entry", CORRECT, ids=[c.id for c in CORRECT])
def test_an_unusual_correct_answer_is_accepted(entry):
    result = CHECKERS[entry.checker].check(entry.answer, **entry.kwargs)
    assert result.passed, f"{entry.note}: {result.message}"


@pytest.mark.parametrize("entry", [m for m in MISTAKES if m.id in NAMED], ids=lambda m: m.id)
def test_a_catalogue_mistake_gets_the_listed_mistake_of_its_cause(entry):
    result = CHECKERS[entry.checker].check(entry.answer, **entry.kwargs)
    assert not result.passed, f"{entry.cause}: {result.message}"
    assert len(result.message) < MESSAGE_LIMIT
    assert result.mistake == NAMED[entry.id], f"cause: {entry.cause}\nsaid: {result.message}"
    assert result.mistake in CHECKERS[entry.checker].mistakes


@pytest.mark.parametrize("entry", [m for m in MISTAKES if m.id in MEASURED], ids=lambda m: m.id)
def test_a_catalogue_mistake_named_by_a_measurement_gets_a_message_that_names_its_cause(entry):
    result = CHECKERS[entry.checker].check(entry.answer, **entry.kwargs)
    checker = CHECKERS[entry.checker]
    assert not result.passed, f"{entry.cause}: {result.message}"
    assert result.mistake is None or (result.mistake not in checker.mistakes and checker.knows(result.mistake))
    assert len(result.message) < MESSAGE_LIMIT
    assert re.search(MEASURED[entry.id], result.message, re.IGNORECASE), f"cause: {entry.cause}\nsaid: {result.message}"


@pytest.mark.parametrize("entry", CORRECT, ids=[c.id for c in CORRECT])
def test_a_correct_answer_is_given_no_mistake(entry):
    assert CHECKERS[entry.checker].check(entry.answer, **entry.kwargs).mistake is None


@pytest.mark.parametrize("entry", [m for m in MISTAKES if m.id in ACCEPTED], ids=lambda m: m.id)
def test_an_accepted_variant_passes(entry):
    assert CHECKERS[entry.checker].check(entry.answer, **entry.kwargs).passed


@pytest.mark.parametrize("entry", [m for m in MISTAKES if m.id in NOT_NAMED] or [None], ids=lambda m: m and m.id)
def test_a_mistake_not_named_yet_is_still_rejected(entry):
    if entry is None:
        pytest.skip("every catalogue mistake is named (NOT_NAMED is empty)")
    assert not CHECKERS[entry.checker].check(entry.answer, **entry.kwargs).passed, entry.id
