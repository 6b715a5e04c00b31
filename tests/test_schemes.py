"""One vocabulary of position schemes: every experiment names them from posenc.schemes, and acts where it says."""

import numpy as np
import pytest

from posenc import capstone, extrapolation, schemes
from posenc.checks import recap


def test_every_experiment_names_its_schemes_from_the_registry():
    assert set(extrapolation.SCHEMES) <= set(schemes.SCHEMES)
    assert set(capstone.CAPSTONE_SCHEMES) <= set(schemes.SCHEMES)
    # the comparison table's rows are the labels of every scheme that puts position somewhere
    labels = {s.label for s in schemes.SCHEMES.values() if s.acts_on != "nothing"}
    assert set(recap._ANSWER) == labels


@pytest.mark.parametrize("name", capstone.CAPSTONE_SCHEMES)
def test_each_capstone_scheme_acts_where_the_registry_says(name):
    positions = capstone._LAYER[name]
    x = np.random.default_rng(0).normal(size=(3, 8))
    acts = {
        "inputs": not np.array_equal(positions.inputs(x), x),
        "queries and keys": not np.array_equal(positions.queries_and_keys(x), x),
        "scores": positions.bias(3, False) is not None,
    }
    where = schemes.SCHEMES[name].acts_on
    assert acts == {place: place == where for place in acts}


@pytest.mark.parametrize("spelling", ["rope", "RoPE", "ROPE"])
def test_a_scheme_is_found_by_its_name_or_its_label_in_any_case(spelling):
    assert schemes.scheme(spelling).name == "rope"


def test_an_experiment_refuses_a_scheme_it_does_not_run():
    with pytest.raises(ValueError, match="scheme must be one of 'sinusoidal', 'learned', 'rope', 'alibi'"):
        extrapolation.fit_position_scores("t5")
    assert capstone.scheme_layer(["dog"], "ALiBi")[1].shape == (1, 1)  # a label works
