"""The toy training of a learned table: its gradients, its result, and what it cannot learn."""

import numpy as np
import pytest

import posenc
from posenc.training import train_parity_table


@pytest.fixture(scope="module")
def run():
    return train_parity_table()


def test_seen_positions_are_learned(run):
    assert run.accuracy[-1, : run.train_len].min() == 1.0
    assert run.losses[-1] < 0.05 < 0.6 < run.losses[0]


def test_rows_never_seen_keep_their_initial_values_exactly(run):
    n = run.train_len
    np.testing.assert_array_equal(run.tables[-1, n:], run.tables[0, n:])
    assert np.abs(run.tables[-1, :n] - run.tables[0, :n]).max() > 0.5


def test_unseen_positions_are_at_chance(run):
    """A hand-made bound: 16 positions x 200 words at 50% would stray beyond 0.40..0.60 very rarely."""
    assert 0.40 < run.accuracy[-1, run.train_len :].mean() < 0.60


def test_initial_table_is_the_learned_table_of_the_next_seed():
    run = train_parity_table(n_steps=10, seed=3)
    np.testing.assert_array_equal(run.tables[0], posenc.LearnedTable(32, 16, seed=4).weights)


def test_snapshots_and_shapes():
    run = train_parity_table(n_steps=25, snapshot_every=10, max_len=20, train_len=12, d_model=8)
    assert run.steps.tolist() == [0, 10, 20, 25]
    assert run.tables.shape == (4, 20, 8) and run.accuracy.shape == (4, 20) and run.losses.shape == (25,)
    assert run.max_len == 20


def test_the_hand_written_gradients_match_finite_differences_of_the_cross_entropy():
    """The gradients train_parity_table steps with, against a numerical derivative of the loss written anew."""
    from posenc.training import _parity_loss_and_gradients

    rng = np.random.default_rng(0)
    d, n = 6, 10
    x, W, b = rng.normal(size=(n, d)), rng.normal(size=(d, 2)), rng.normal(size=2)
    labels = np.arange(n) % 2

    def cross_entropy(x, W, b):  # written out here: log of the softmax of the right class
        logits = x @ W + b
        right = logits[np.arange(n), labels]
        return float(np.mean(np.log(np.exp(logits).sum(axis=1)) - right))

    loss, dx, dW, db = _parity_loss_and_gradients(x, W, b, labels)
    assert np.isclose(loss, cross_entropy(x, W, b))
    for which, analytic in [(0, dx), (1, dW), (2, db)]:
        args = [x, W, b]
        numeric = np.zeros_like(args[which])
        for idx in np.ndindex(*numeric.shape):
            bump = np.zeros_like(numeric)
            bump[idx] = 1e-6
            up = cross_entropy(*[a + bump if k == which else a for k, a in enumerate(args)])
            down = cross_entropy(*[a - bump if k == which else a for k, a in enumerate(args)])
            numeric[idx] = (up - down) / 2e-6
        np.testing.assert_allclose(analytic, numeric, atol=1e-8)


def test_each_step_moves_every_row_by_the_sum_of_its_tokens_gradients(monkeypatch):
    """The wiring: the table after step 1 is the table before, minus lr times the summed dx of each position."""
    import posenc.training as training

    seen = []
    real = training._parity_loss_and_gradients

    def recording(x, W, b, labels):
        result = real(x, W, b, labels)
        seen.append(result[1])  # dx, one row per token
        return result

    monkeypatch.setattr(training, "_parity_loss_and_gradients", recording)
    run = train_parity_table(n_steps=1, snapshot_every=1, max_len=10, train_len=6, batch_size=4, lr=0.3)
    summed = seen[0].reshape(4, 6, -1).sum(axis=0)  # tokens are batch-major: position = index % train_len
    np.testing.assert_allclose(run.tables[1, :6] - run.tables[0, :6], -0.3 * summed, atol=1e-12)
    np.testing.assert_array_equal(run.tables[1, 6:], run.tables[0, 6:])


def test_report_prints_progress(capsys):
    train_parity_table(n_steps=20, report_every=10)
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and lines[1].startswith("step   20/20 · loss ")


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"train_len": 40}, "train_len must be at most max_len=32; got train_len=40"),
        ({"d_model": 0}, "d_model"),
        ({"report_every": 15}, "report_every must be a multiple of snapshot_every=10"),
        ({"lr": -0.5}, "lr must be a finite number > 0.0; got lr=-0.5"),
        ({"seed": -1}, "seed must be a non-negative integer"),
    ],
)
def test_bad_settings_are_clear_errors(kwargs, match):
    with pytest.raises(ValueError, match=match):
        train_parity_table(**kwargs)
