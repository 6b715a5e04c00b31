"""Every public function validates every argument: a wrong type is a TypeError, a wrong value a ValueError.

One table, read by generic tests: for each public function of the maths (``posenc.__all__``,
``analysis``, ``naive``, ``attention``, ``sinusoidal``, ``schemes``, ``capstone``,
``extrapolation``, ``lm``), a valid call and, for each parameter, wrong types and wrong values; a module's
cases may also sit in its own test module as ``ARGUMENT_CASES`` (tests/wrong_arguments.py). The
message must name the parameter and, for a single value, show what was given. A completeness
test fails when a public function or a parameter is missing from the table; the exemptions
are listed with their reason.
"""

import importlib
import inspect
import math
from pathlib import Path

import numpy as np
import pytest

import posenc
from posenc import analysis, capstone, extrapolation, lm, naive, schemes
from tests.wrong_arguments import ARRAY_TYPES, BOOL_TYPES, INT_TYPES, NUMBER_TYPES, STR_TYPES

# posenc.attention and posenc.sinusoidal are also the names of functions in posenc: take the modules
attention = importlib.import_module("posenc.attention")
sinusoidal = importlib.import_module("posenc.sinusoidal")

FIT = posenc.fit_position_scores("rope", train_len=8, d_model=4, steps=2)
TABLE = posenc.LearnedTable(4, 2)
ROWS = np.arange(12.0).reshape(4, 3) + 1.0  # a (seq_len, width) table with no zero row


#: name -> (callable, valid keyword arguments, {parameter: (wrong types, wrong values)})
CALLS = {
    "softmax": (
        posenc.softmax,
        dict(x=np.ones(3), axis=-1),
        {"x": (ARRAY_TYPES, [np.array([np.nan])]), "axis": (INT_TYPES, [1, -2])},
    ),
    "attention": (
        posenc.attention,
        dict(q=np.ones((2, 4)), k=np.ones((2, 4)), v=np.ones((2, 3)), mask=None, bias=None),
        {
            "q": (ARRAY_TYPES, [np.ones(4), np.ones((2, 5))]),
            "k": (ARRAY_TYPES, [np.ones((2, 5))]),
            "v": (ARRAY_TYPES, [np.ones((3, 3))]),
            "mask": (["x", np.ones((2, 2))], [np.zeros((2, 2), bool), np.ones((3, 3), bool)]),
            "bias": (["x"], [np.ones((3, 3)), np.full((2, 2), np.nan)]),
        },
    ),
    "causal_mask": (posenc.causal_mask, dict(seq_len=3), {"seq_len": (INT_TYPES, [0, -1])}),
    "causal_softmax": (
        attention.causal_softmax,
        dict(scores=np.zeros((3, 3))),
        {"scores": (ARRAY_TYPES, [np.zeros((2, 3)), np.zeros(3)])},
    ),
    "offsets": (
        attention.offsets,
        dict(seq_len=3, scale=1.0),
        {"seq_len": (INT_TYPES, [0]), "scale": (NUMBER_TYPES, [0.0, -1.0, math.nan, math.inf])},
    ),
    "sinusoidal": (
        posenc.sinusoidal,
        dict(seq_len=3, d_model=4, base=100.0),
        {
            "seq_len": (INT_TYPES, [0, -1]),
            "d_model": (INT_TYPES, [-4, 0, 5]),
            "base": (NUMBER_TYPES, [1.0, 0.5, math.nan, math.inf]),
        },
    ),
    "sinusoidal_at": (
        sinusoidal.sinusoidal_at,
        dict(positions=[0.0, 1.5], d_model=4, base=100.0),
        {
            "positions": (ARRAY_TYPES, [[[0.0]], [math.nan]]),
            "d_model": (INT_TYPES, [3, 0]),
            "base": (NUMBER_TYPES, [1.0]),
        },
    ),
    "frequencies": (
        posenc.frequencies,
        dict(d_model=4, base=100.0),
        {"d_model": (INT_TYPES, [3, -2]), "base": (NUMBER_TYPES, [-3.0])},
    ),
    "wavelengths": (
        posenc.wavelengths,
        dict(d_model=4, base=100.0),
        {"d_model": (INT_TYPES, [3]), "base": (NUMBER_TYPES, [0.0])},
    ),
    "offset_rotation": (
        posenc.offset_rotation,
        dict(delta=2, d_model=4, base=100.0),
        {"delta": (INT_TYPES, []), "d_model": (INT_TYPES, [3]), "base": (NUMBER_TYPES, [1.0])},
    ),
    "LearnedTable": (
        posenc.LearnedTable,
        dict(max_len=4, d_model=2, seed=0, init_std=0.02),
        {
            "max_len": (INT_TYPES, [0]),
            "d_model": (INT_TYPES, [-1]),
            "seed": (INT_TYPES, [-1]),
            "init_std": (NUMBER_TYPES, [-0.1, math.nan]),
        },
    ),
    "LearnedTable.lookup": (TABLE.lookup, dict(positions=[0, 1]), {"positions": ([None, "x", [0.5]], [])}),
    "LearnedTable.update": (
        TABLE.update,
        dict(positions=[0], grads=np.zeros((1, 2)), lr=0.0),
        {
            "positions": ([None, "x"], []),
            "grads": (ARRAY_TYPES, [np.zeros((2, 2))]),
            "lr": (NUMBER_TYPES, [-0.5, math.nan]),
        },
    ),
    "minilm_positions": (posenc.minilm_positions, {}, {}),
    "train_parity_table": (
        posenc.train_parity_table,
        dict(
            max_len=6,
            train_len=4,
            d_model=2,
            vocab_size=3,
            n_steps=2,
            batch_size=2,
            lr=0.5,
            snapshot_every=1,
            n_eval=2,
            seed=0,
            report_every=0,
        ),
        {
            "max_len": (INT_TYPES, [0]),
            "train_len": (INT_TYPES, [0, 7]),
            "d_model": (INT_TYPES, [0]),
            "vocab_size": (INT_TYPES, [-1]),
            "n_steps": (INT_TYPES, [0]),
            "batch_size": (INT_TYPES, [0]),
            "lr": (NUMBER_TYPES, [0.0, -1.0, math.nan]),
            "snapshot_every": (INT_TYPES, [0]),
            "n_eval": (INT_TYPES, [0]),
            "seed": (INT_TYPES, [-1]),
            "report_every": (INT_TYPES, [-1]),
        },
    ),
    "rope_angles": (
        posenc.rope_angles,
        dict(positions=[0, 1], d_head=4, base=100.0),
        {
            "positions": (ARRAY_TYPES, [[[0, 1]], [math.inf]]),
            "d_head": (INT_TYPES, [3, 0]),
            "base": (NUMBER_TYPES, [1.0]),
        },
    ),
    "apply_rope": (
        posenc.apply_rope,
        dict(x=np.ones((2, 4)), positions=None, base=100.0, layout="half"),
        {
            "x": (ARRAY_TYPES, [np.ones(4), np.ones((2, 3))]),
            "positions": (["x"], [[0, 1, 2], [[0, 1]]]),
            "base": (NUMBER_TYPES, [1.0]),
            "layout": (STR_TYPES, ["split"]),
        },
    ),
    "half_layout_order": (posenc.half_layout_order, dict(d_head=4), {"d_head": (INT_TYPES, [3, 0])}),
    "rope_decay_bound": (
        posenc.rope_decay_bound,
        dict(distances=[0, 3], d_head=4, base=100.0),
        {"distances": (ARRAY_TYPES, [[[0]], [math.nan]]), "d_head": (INT_TYPES, [5]), "base": (NUMBER_TYPES, [1.0])},
    ),
    "ntk_aware_base": (
        posenc.ntk_aware_base,
        dict(base=100.0, scale=2.0, d_head=8),
        {"base": (NUMBER_TYPES, [1.0]), "scale": (NUMBER_TYPES, [0.5, math.nan]), "d_head": (INT_TYPES, [2, 7])},
    ),
    "alibi_slopes": (posenc.alibi_slopes, dict(num_heads=4), {"num_heads": (INT_TYPES, [0, -8])}),
    "alibi_bias": (
        posenc.alibi_bias,
        dict(seq_len=3, num_heads=2, causal=False),
        {"seq_len": (INT_TYPES, [0]), "num_heads": (INT_TYPES, [0]), "causal": (BOOL_TYPES, [])},
    ),
    "window_target": (
        posenc.window_target,
        dict(seq_len=4, window=2),
        {"seq_len": (INT_TYPES, [0]), "window": (INT_TYPES, [-2])},
    ),
    "pattern_error": (
        posenc.pattern_error,
        dict(weights=np.eye(3), target=np.eye(3)),
        {"weights": (ARRAY_TYPES, [np.eye(2), np.ones(3)]), "target": (ARRAY_TYPES, [np.eye(4)])},
    ),
    "fit_position_scores": (
        posenc.fit_position_scores,
        dict(scheme="rope", train_len=8, d_model=4, window=2, steps=1, learning_rate=0.05, seed=0),
        {
            "scheme": (STR_TYPES, ["no-such-scheme", "nope"]),
            "train_len": (INT_TYPES, [0]),
            "d_model": (INT_TYPES, [3, 0]),
            "window": (INT_TYPES, [0, 9]),
            "steps": (INT_TYPES, [0]),
            "learning_rate": (NUMBER_TYPES, [0.0, -0.1, math.nan]),
            "seed": (INT_TYPES, [-1]),
        },
    ),
    "PositionFit.scores": (
        FIT.scores,
        dict(seq_len=4, position_scale=0.5),
        {"seq_len": (INT_TYPES, [0]), "position_scale": (NUMBER_TYPES, [0.0, -1.0, math.nan])},
    ),
    "PositionFit.weights": (
        FIT.weights,
        dict(seq_len=4, position_scale=0.5),
        {"seq_len": (INT_TYPES, [-3]), "position_scale": (NUMBER_TYPES, [math.inf])},
    ),
    "rope_twin": (
        posenc.rope_twin,
        dict(fit=FIT, test_len=12, max_train_change=0.05, ridge=0.01),
        {
            "fit": ([None, "x", {}], [posenc.fit_position_scores("alibi", train_len=8, steps=1)]),
            "test_len": (INT_TYPES, [8, 0]),
            "max_train_change": (NUMBER_TYPES, [0.0, -1.0, math.nan]),
            "ridge": (NUMBER_TYPES, [0.0, -1e9, math.nan]),
        },
    ),
    "fitted_heads": (
        extrapolation.fitted_heads,
        dict(train_len=64, window=4),
        {"train_len": (INT_TYPES, [0]), "window": (INT_TYPES, [-1])},
    ),
    "cosine_similarity": (
        analysis.cosine_similarity,
        dict(table=ROWS),
        {"table": (ARRAY_TYPES, [np.ones(3), np.zeros((2, 2))])},
    ),
    "principal_components": (
        analysis.principal_components,
        dict(table=ROWS, n_components=2),
        {"table": (ARRAY_TYPES, [np.ones(3)]), "n_components": (INT_TYPES, [0, 4])},
    ),
    "binary_digits": (
        analysis.binary_digits,
        dict(positions=[0, 3], n_bits=2),
        {"positions": (ARRAY_TYPES + [[0.5]], [[4], [-1], [[1]]]), "n_bits": (INT_TYPES, [0])},
    ),
    "round_to_bfloat16": (analysis.round_to_bfloat16, dict(x=[1.0]), {"x": (ARRAY_TYPES, [[math.nan]])}),
    "naive_encoding": (
        naive.naive_encoding,
        dict(scheme="binary", seq_len=4, max_len=8),
        {"scheme": (STR_TYPES, ["ternary"]), "seq_len": (INT_TYPES, [0]), "max_len": (["x", 2.5], [2])},
    ),
    "neighbour_distances": (
        naive.neighbour_distances,
        dict(table=ROWS),
        {"table": (ARRAY_TYPES, [np.ones(3), np.ones((2, 2, 2))])},
    ),
    "scheme_named": (
        schemes.scheme_named,
        dict(scheme="rope", allowed=None),
        {"scheme": (STR_TYPES, ["t6"]), "allowed": (["x", 3], [("nope",)])},
    ),
    "with_part": (
        schemes.with_part,
        dict(part="head", by_lesson=6),
        {"part": (STR_TYPES, ["heads", "label"]), "by_lesson": (["x", 2.5, True], [-1, 9])},
    ),
    "scheme_layer": (
        capstone.scheme_layer,
        dict(sentence=["dog", "bites"], scheme="rope", causal=True),
        {
            "sentence": ([None, "dog bites", 3], [["cat"], [], ["dog"] * 9]),
            "scheme": (STR_TYPES, ["no-such-scheme"]),
            "causal": (BOOL_TYPES, []),
        },
    ),
    "parts": (capstone.parts, {}, {}),
}


def gathered_cases() -> dict:
    """The ``ARGUMENT_CASES`` tables of the other test modules (tests/wrong_arguments.py says why)."""
    found = {}
    for path in sorted(Path(__file__).parent.glob("test_*.py")):
        if path.name != Path(__file__).name and "\nARGUMENT_CASES = " in path.read_text(encoding="utf-8"):
            cases = importlib.import_module(f"tests.{path.stem}").ARGUMENT_CASES
            assert not set(cases) & set(found), f"{path.name} names cases another test module has"
            found |= cases
    return found


def merged(calls: dict, gathered: dict) -> dict:
    """This module's table with the gathered ones, refusing a name that both give."""
    assert not set(calls) & set(gathered), f"argument cases given twice: {sorted(set(calls) & set(gathered))}"
    return calls | gathered


CALLS = merged(CALLS, gathered_cases())

#: Public names that are not functions to validate, with the reason.
EXEMPT = {
    "TrainingRun": "a record train_parity_table returns, not built by learners",
    "PositionFit": "a record fit_position_scores returns; its methods scores and weights are in the table",
    "SCHEMES": "data",
    "ENCODINGS": "data",
    "PLACES": "data",
    "COLUMNS": "data: the comparison table's columns and answers",
    "FITTED_SCHEMES": "data",
    "Scheme": "a record of posenc.schemes.SCHEMES",
    "Style": "a part of a Scheme record",
    "LayerHooks": "a part of a Scheme record",
    "CAPSTONE_SCHEMES": "data",
    "ALIBI_SLOPE": "data: the capstone's ALiBi slope",
    "WORDS": "data",
    "ModelPart": "a part of a Scheme record",
    "Language": "a record make_language returns; its methods sample, floor, predictive and retrieval are in the table",
    "Evaluation": "a record evaluate returns",
    "INPUT_SCHEMES": "data",
    "LAYER_SCHEMES": "data",
}

MODULES = [posenc, analysis, naive, attention, sinusoidal, schemes, capstone, extrapolation, lm]


def cases(kind):
    for name, (function, valid, params) in CALLS.items():
        for param, (wrong_types, wrong_values) in params.items():
            for value in wrong_types if kind == "type" else wrong_values:
                yield pytest.param(function, valid, param, value, id=f"{name}-{param}={value!r}"[:80])


def message_names(error, param, value):
    text = str(error)
    assert param in text, f"the message does not name {param}: {text}"
    if isinstance(value, (int, float, str)) or value is None:  # a single value: the message shows it
        shown = [repr(value), str(value), f"{value!r}".lower()]
        assert any(s in text for s in shown) or "type" in text, f"the message does not show {value!r}: {text}"


def test_every_public_function_and_parameter_is_in_the_table():
    listed = {name.split(".")[-1] for name in CALLS} | set(EXEMPT)
    for module in MODULES:
        for name in module.__all__:
            assert name in listed, f"{module.__name__}.{name} is missing from CALLS in tests/test_arguments.py"
    for name, (function, valid, params) in CALLS.items():
        signature = set(inspect.signature(function).parameters) - {"self"}
        assert set(valid) == signature, f"{name}: the valid call must give every parameter: {sorted(signature)}"
        assert set(params) == signature, f"{name}: every parameter needs wrong types and values: {sorted(signature)}"


@pytest.mark.parametrize("name", list(CALLS))
def test_the_valid_call_works(name):
    function, valid, _ = CALLS[name]
    function(**valid)


@pytest.mark.parametrize("function, valid, param, value", list(cases("type")))
def test_a_wrong_type_is_a_type_error_naming_the_parameter(function, valid, param, value):
    with pytest.raises(TypeError) as error:
        function(**{**valid, param: value})
    message_names(error.value, param, value)


@pytest.mark.parametrize("function, valid, param, value", list(cases("value")))
def test_a_wrong_value_is_a_value_error_naming_the_parameter(function, valid, param, value):
    with pytest.raises((ValueError, IndexError)) as error:
        function(**{**valid, param: value})
    message_names(error.value, param, value)
