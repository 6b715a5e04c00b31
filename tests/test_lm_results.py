"""What lesson 07 reads from the shipped results (``posenc.lm.results``), each reading held against another way of
computing it from the runs, and the lesson's retrain switch."""

import nbformat
import numpy as np
import pytest

from posenc.lm import experiment, results
from tests.test_lm_experiment import ROOT

LESSON = ROOT / "notebooks" / "07_train_short_test_long.ipynb"


@pytest.fixture(scope="module")
def full():
    return results.load_results()


def test_each_curve_of_excess_is_its_curve_of_loss_minus_the_floor(full):
    for mode in experiment.MODES:
        excess, loss = results.curves(full, mode), results.curves(full, mode, "loss")
        floor = loss["floor"]
        for label, curve in excess.items():
            if label == "floor":
                continue
            at = np.searchsorted(floor.windows, curve.windows)
            assert np.allclose(curve.mean, loss[label].mean - floor.mean[at], atol=1e-9), (label, mode)
            assert (curve.low <= curve.mean + 1e-12).all() and (curve.mean <= curve.high + 1e-12).all()


def test_a_learned_table_has_a_curve_of_one_window_and_the_others_of_five(full):
    found = results.curves(full)
    assert found["learned"].windows.tolist() == [32]
    assert all(len(c.windows) == 5 for label, c in found.items() if label != "learned")


def test_the_mean_over_a_windows_positions_is_its_loss(full):
    # at W = L every counted position is a run of its own, and each counts once per window
    starts, model, floor = results.position_losses(full, "alibi", 32)
    assert starts.tolist() == list(range(32))
    assert np.isclose(floor.mean(), full["floor"]["32"]["non-overlapping"]["loss"], atol=1e-3)  # rounded to 4 places
    assert np.isclose(model.mean(), results.curves(full, "non-overlapping", "loss")["alibi"].mean[0], atol=1e-3)
    assert floor[0] > floor[-1] + 0.2, "the first prediction, with one token of context, is the hardest"


def test_retrieval_losses_at_W_L_fill_the_first_bin_only_and_lie_between_the_answer_and_a_guess(full):
    edges, near, count = results.retrieval_losses(full, "alibi", 32)
    assert edges.tolist() == [32, 64, 128, 256, 512]
    assert np.isfinite(near[0]) and np.isnan(near[1:]).all()  # no key is more than 32 back in a window of 32
    assert count[0] > 0 and (count[1:] == 0).all()
    for label in ("sinusoidal", "rope", "t5", "alibi", "none"):
        _, loss, _ = results.retrieval_losses(full, label, 512)
        assert ((loss > 0) & (loss < 1.6)).all(), (label, loss)  # 0: read off; log 4 = 1.39: a guess among 4


def test_what_the_lesson_says_of_the_retrieval_probe(full):
    alibi = results.retrieval_losses(full, "alibi", 512)[1]
    t5 = results.retrieval_losses(full, "t5", 512)[1]
    none = results.retrieval_losses(full, "none", 512)[1]
    assert (np.diff(alibi) > 0).all(), "ALiBi does worse the further back the answer is"
    assert t5.max() - t5.min() < 0.25 and none.max() < 0.9, "T5's bias and no positions: no worse far back than near"
    assert (t5 < 1.386 - 0.5).all() and (none < 1.386 - 0.5).all(), "both well below a guess at every distance"


def test_unknown_labels_windows_and_modes_are_refused(full):
    with pytest.raises(ValueError, match="label must be one of"):
        results.position_losses(full, "alibi2", 32)
    with pytest.raises(ValueError, match="window must be one of"):
        results.position_losses(full, "learned", 64)
    with pytest.raises(ValueError, match="mode must be"):
        results.curves(full, "overlapping")
    with pytest.raises(ValueError, match="shipped reduced runs"):
        results.retrain("alibi", seed=7)


def test_run_all_trains_nothing_the_switch_is_off_as_committed():
    lesson = nbformat.read(LESSON, as_version=4)
    (cell,) = [c for c in lesson.cells if c.cell_type == "code" and "RETRAIN = " in c.source]
    assert "RETRAIN = False" in cell.source
    assert "".join(o.get("text", "") for o in cell.outputs).startswith("Nothing trained")


@pytest.mark.slow
def test_the_lessons_retrain_switch_trains_and_lands_on_the_shipped_curve(capsys):
    lesson = nbformat.read(LESSON, as_version=4)
    (cell,) = [c for c in lesson.cells if c.cell_type == "code" and "RETRAIN = " in c.source]
    exec(cell.source.replace("RETRAIN = False", "RETRAIN = True", 1), {"results": results})
    said = capsys.readouterr().out
    assert "on its shipped curve: yes" in said, said
