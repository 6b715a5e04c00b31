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


def test_the_hand_written_gradient_matches_finite_differences():
    """One step of gradient descent with lr = eps moves the loss by eps * |grad|^2, to first order."""
    rng = np.random.default_rng(0)
    d, n = 6, 10
    x_rows, W = rng.normal(size=(n, d)), rng.normal(size=(d, 2))
    labels = np.arange(n) % 2

    def loss(rows):
        probs = posenc.softmax(rows @ W)
        return -np.mean(np.log(probs[np.arange(n), labels]))

    probs = posenc.softmax(x_rows @ W)
    dlogits = probs.copy()
    dlogits[np.arange(n), labels] -= 1.0
    dx = dlogits @ W.T / n  # the formula train_parity_table uses
    numeric = np.zeros_like(x_rows)
    for idx in np.ndindex(*x_rows.shape):
        bump = np.zeros_like(x_rows)
        bump[idx] = 1e-6
        numeric[idx] = (loss(x_rows + bump) - loss(x_rows - bump)) / 2e-6
    np.testing.assert_allclose(dx, numeric, atol=1e-8)


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
    ],
)
def test_bad_settings_are_clear_errors(kwargs, match):
    with pytest.raises(ValueError, match=match):
        train_parity_table(**kwargs)
