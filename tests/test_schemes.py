"""One record per position scheme: every experiment, checker and widget takes its schemes from the registry,
and each record's parts agree with each other and with the maths."""

import dataclasses
import re

import numpy as np
import pytest

from posenc import capstone, extrapolation, schemes
from posenc.checks import recap
from posenc.schemes import SCHEMES
from posenc.schemes.layer import LayerHooks

WITH_LAYER = [name for name, s in SCHEMES.items() if s.layer is not None]


def test_a_record_must_say_where_it_puts_position():
    with pytest.raises(ValueError, match="acts_on must be one of"):
        dataclasses.replace(SCHEMES["rope"], acts_on="keys")


def test_every_mistake_a_record_lists_has_its_hint_in_the_checkers():
    from posenc.checks.layer_mistakes import LAYER_MISTAKES

    for record in SCHEMES.values():
        assert set(record.layer_suspects) <= set(LAYER_MISTAKES), record.name
        assert {m for _, _, m in record.comparison_mistakes} <= set(recap.COMPARISON_MISTAKES), record.name
        for column, wrong, _ in record.comparison_mistakes:
            assert record.comparison is not None and record.comparison[column] not in wrong
            assert wrong <= set(recap.COLUMNS[column]), "a known wrong answer is one the column allows"


def test_the_lesson_whose_core_teaches_a_scheme_is_the_first_its_record_sends_learners_to():
    for record in SCHEMES.values():
        if record.core_lesson is not None:
            first = re.search(r"lessons? (\d\d)", record.taught_in)
            assert first is not None and int(first.group(1)) == record.core_lesson, record.name


def test_every_experiment_takes_its_schemes_from_the_registry():
    # a lesson's core experiment runs the schemes taught in its core or before, in the lessons' order; any scheme
    # with the part runs by name
    def taught(part, lesson):
        names = [n for n, s in SCHEMES.items() if getattr(s, part) is not None and (s.core_lesson or 99) <= lesson]
        return tuple(sorted(names, key=lambda n: SCHEMES[n].core_lesson))

    assert extrapolation.FITTED_SCHEMES == taught("head", 6) == ("sinusoidal", "learned", "rope", "alibi")
    assert capstone.CAPSTONE_SCHEMES == taught("layer", 8) == ("none", "sinusoidal", "learned", "rope", "alibi", "t5")
    # the comparison table's rows are the labels of the schemes whose record has a row
    assert list(recap.comparison_table_answer()) == [s.label for s in SCHEMES.values() if s.comparison is not None]


@pytest.mark.parametrize("name", [n for n, s in SCHEMES.items() if s.comparison is not None])
def test_each_comparison_answer_is_one_the_table_allows(name):
    answers = SCHEMES[name].comparison
    assert answers is not None and list(answers) == list(recap.COLUMNS)
    assert all(answers[column] in allowed for column, allowed in recap.COLUMNS.items())


def test_labels_and_styles_tell_the_schemes_apart_and_a_name_is_registered_once():
    records = list(SCHEMES.values())
    for part in (lambda s: s.label.lower(), lambda s: s.style.color, lambda s: s.style.marker):
        assert len({part(s) for s in records}) == len(records)
    with pytest.raises(ValueError, match=r"each scheme is registered once; \['rope'\] came twice"):
        schemes._registered(*records, dataclasses.replace(SCHEMES["rope"], label="RoPE again"))


def test_a_comparison_row_says_where_the_scheme_acts_as_its_hooks_do():
    said = {
        "inputs": "added to the input",
        "queries and keys": "turns queries and keys",
        "scores": "added to the scores",
    }
    for record in SCHEMES.values():
        if record.comparison is not None:
            assert record.comparison["where it acts"] == said[record.acts_on], record.name
    with pytest.raises(ValueError, match="answers must be ones COLUMNS allows"):
        schemes._row("absolute", "added to the output", "none", "runs on positions or angles never trained", "T5")


def test_the_capstone_checker_measures_a_signature_for_every_place():
    from posenc.checks import layer

    assert tuple(layer._SIGNATURES) == schemes.PLACES


@pytest.mark.parametrize("name", WITH_LAYER)
def test_each_layer_scheme_acts_where_its_record_says(name):
    hooks = SCHEMES[name].layer
    params = capstone.position_params(name)
    x = np.random.default_rng(0).normal(size=(3, 8))
    acts = {
        "inputs": not np.array_equal(hooks.inputs(x, params), x),
        "queries and keys": not np.array_equal(hooks.queries(x, params), x)
        and not np.array_equal(hooks.keys(x, params), x),
        "scores": hooks.score_bias(3, False, params) is not None,
    }
    where = SCHEMES[name].acts_on
    assert where in schemes.PLACES and acts == {place: place == where for place in acts}
    assert np.array_equal(hooks.values(x, params), x), "no scheme of the course moves the values"


@pytest.mark.parametrize("name", WITH_LAYER)
def test_the_hooks_take_a_batch_of_heads_as_they_take_one(name):
    # (batch, heads, n, d) through each hook gives, slice by slice, what one (n, d) gives
    hooks, params = SCHEMES[name].layer, capstone.position_params(name)
    x = np.random.default_rng(1).normal(size=(2, 3, 5, 8))
    for hook in (hooks.inputs, hooks.queries, hooks.keys, hooks.values):
        batched = hook(x, params)
        assert all(np.allclose(batched[b, h], hook(x[b, h], params)) for b in range(2) for h in range(3))
    # a score bias with one parameter set per head: (heads, n, n), head by head what one set gives
    rng = np.random.default_rng(2)
    per_head = {key: rng.normal(size=(3, *np.shape(value))) for key, value in params.items()}
    for causal in (False, True):
        one = [hooks.score_bias(5, causal, {k: v[h] for k, v in per_head.items()}) for h in range(3)]
        many = hooks.score_bias(5, causal, per_head)
        assert (many is None) == (one[0] is None)
        assert many is None or (many.shape == (3, 5, 5) and all(np.array_equal(many[h], one[h]) for h in range(3)))


@pytest.mark.parametrize("name", [n for n, s in SCHEMES.items() if s.head is not None])
def test_every_scheme_with_a_head_is_fitted_by_name_and_shown_alone(name):
    from posenc import widgets

    fit = extrapolation.fit_position_scores(name, train_len=16, d_model=8, steps=20)
    assert fit.scheme == name and fit.weights(16).shape == (16, 16)
    explorer = widgets.extrapolation_explorer({name: fit}, test_len=32, query=20)
    assert explorer.state.split(" · ")[1].startswith(f"attention in the wrong place: {SCHEMES[name].label}")


def test_the_extrapolation_figure_refuses_heads_it_cannot_compare():
    from posenc import widgets

    short = extrapolation.fit_position_scores("rope", train_len=16, d_model=8, steps=5)
    long = extrapolation.fit_position_scores("alibi", train_len=32)
    for fits in ({}, {"rope": short, "alibi": long}, {"alibi": short}):
        with pytest.raises(ValueError, match="fits must map 1 to 6 scheme names to their fitted heads"):
            widgets.extrapolation_explorer(fits)
    with pytest.raises(TypeError, match="fits must be a dict of scheme names to fitted heads, or None"):
        widgets.extrapolation_explorer([short])


def test_a_scheme_named_by_its_label_runs_the_same_layer():
    for name in WITH_LAYER:
        by_name = capstone.scheme_layer(["dog", "man", "bites"], name)
        by_label = capstone.scheme_layer(["dog", "man", "bites"], SCHEMES[name].label.upper())
        assert all(np.array_equal(a, b) for a, b in zip(by_name, by_label, strict=True))


def test_each_scheme_reads_its_own_parameters():
    # a scheme's hooks get its own parameters: another scheme's "table" would not reach the learned hook
    assert capstone.position_params("learned")["table"].shape == (8, 8)
    assert "table" not in capstone.position_params("t5") and capstone.position_params("rope") == {}


def test_a_hook_changed_in_one_place_changes_the_layer_there_only():
    # the layer runs each hook where its name says: a values hook that doubles v doubles the outputs
    doubled = dataclasses.replace(LayerHooks(), values=lambda v, params: 2 * v)
    plain = capstone.layer_with(["dog", "bites"], "none")
    twice = capstone.layer_with(["dog", "bites"], "none", hooks=doubled)
    assert np.allclose(twice[0], 2 * plain[0]) and np.array_equal(twice[1], plain[1])


@pytest.mark.parametrize("spelling", ["rope", "RoPE", "ROPE"])
def test_a_scheme_is_found_by_its_name_or_its_label_in_any_case(spelling):
    assert schemes.scheme_named(spelling).name == "rope"


def test_an_experiment_refuses_a_scheme_it_does_not_run():
    allowed = ", ".join(repr(n) for n in schemes.with_part("head"))
    with pytest.raises(ValueError, match=f"scheme must be one of {allowed}"):
        extrapolation.fit_position_scores("no-such-scheme")
    assert capstone.scheme_layer(["dog"], "ALiBi")[1].shape == (1, 1)  # a label works
