"""Train a learned position table on a toy task, with hand-written gradients (numpy only).

The task makes position the only thing worth knowing: every token is a random word,
and the label of a token is the parity of its position (even or odd). A model that
adds a :class:`~posenc.learned.LearnedTable` row to each word's embedding and reads
the sum with one linear layer can solve it only through the table. Training sees
sequences of ``train_len`` tokens; the table has rows up to ``max_len``, so the rows
past ``train_len`` never receive a gradient, and the lesson measures what that means.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from posenc._validation import check_int, check_positive_int, check_real, check_seed
from posenc.attention import softmax
from posenc.learned import LearnedTable

__all__ = ["TrainingRun", "train_parity_table"]


@dataclass(frozen=True)
class TrainingRun:
    """What :func:`train_parity_table` recorded.

    Attributes
    ----------
    steps : ndarray of int, shape (n_snapshots,)
        The step after which each snapshot was taken (0 = before training).
    tables : ndarray, shape (n_snapshots, max_len, d_model)
        The position table at each snapshot.
    losses : ndarray, shape (n_steps,)
        The training loss (mean cross-entropy, in nats) at every step.
    accuracy : ndarray, shape (n_snapshots, max_len)
        At each snapshot, the fraction of `n_eval` random words placed at each position
        whose parity the model gets right.
    train_len : int
        Positions ``0 .. train_len - 1`` were seen in training.

    Examples
    --------
    >>> run = train_parity_table(n_steps=20)
    >>> run.steps.tolist(), run.tables.shape, run.max_len
    ([0, 10, 20], (3, 32, 16), 32)
    """

    steps: np.ndarray
    tables: np.ndarray
    losses: np.ndarray
    accuracy: np.ndarray
    train_len: int

    @property
    def max_len(self) -> int:
        return self.tables.shape[1]


def _parity_loss_and_gradients(
    x: np.ndarray, W: np.ndarray, b: np.ndarray, labels: np.ndarray
) -> tuple[float, np.ndarray, np.ndarray, np.ndarray]:
    """The read-out's mean cross-entropy on inputs `x` (n, d_model), and its gradients by hand.

    Returns ``(loss, dx, dW, db)``: ``dlogits = (softmax(x @ W + b) - onehot(labels)) / n``,
    ``dx = dlogits @ W.T`` (what each token's table row receives), ``dW = x.T @ dlogits``,
    ``db = dlogits.sum(0)``.
    """
    n = labels.size
    probs = softmax(x @ W + b)  # (n, 2)
    loss = float(-np.mean(np.log(probs[np.arange(n), labels])))
    dlogits = probs.copy()
    dlogits[np.arange(n), labels] -= 1.0
    dlogits /= n  # (n, 2)
    return loss, dlogits @ W.T, x.T @ dlogits, dlogits.sum(axis=0)  # (n, d_model), (d_model, 2), (2,)


def train_parity_table(
    *,
    max_len: int = 32,
    train_len: int = 16,
    d_model: int = 16,
    vocab_size: int = 50,
    n_steps: int = 300,
    batch_size: int = 32,
    lr: float = 0.5,
    snapshot_every: int = 10,
    n_eval: int = 200,
    seed: int = 0,
    report_every: int = 0,
) -> TrainingRun:
    """Fit a learned position table so that a linear read-out tells even positions from odd ones.

    The model: ``x = words[token] + table[position]`` (the word embeddings are random
    and frozen), ``logits = x @ W + b``, and the loss is the cross-entropy against the
    parity of the position. Plain gradient descent updates the table, `W` and `b`, with
    gradients written out by hand: ``dlogits = (softmax(logits) - onehot) / n``,
    ``dW = x.T @ dlogits``, ``db = dlogits.sum(0)``, ``dx = dlogits @ W.T``, and each
    position's row of the table receives the sum of ``dx`` over the tokens at it.

    Parameters
    ----------
    max_len : int, default 32
        Rows in the table.
    train_len : int, default 16
        Length of every training sequence (at most `max_len`).
    d_model : int, default 16
    vocab_size : int, default 50
    n_steps : int, default 300
    batch_size : int, default 32
        Sequences per step.
    lr : float, default 0.5
    snapshot_every : int, default 10
    n_eval : int, default 200
        Random words tried at every position for the accuracy.
    seed : int, default 0
    report_every : int, default 0
        If positive, print the step, the loss and the accuracy on seen and unseen
        positions at every snapshot whose step is a multiple of it, while training runs.

    Returns
    -------
    TrainingRun

    Raises
    ------
    ValueError, TypeError
        If a size is not a positive integer, `train_len` exceeds `max_len`, `lr` is not a
        positive number, or `seed` or `report_every` is negative or not an integer.

    Notes
    -----
    Used in ``notebooks/04_learned_tables.ipynb``. About 0.1 s with the defaults.

    Examples
    --------
    >>> run = train_parity_table(n_steps=200)
    >>> bool(run.accuracy[-1, :16].mean() > 0.95)                # seen positions: learned
    True
    >>> bool(np.array_equal(run.tables[0, 16:], run.tables[-1, 16:]))  # unseen rows: untouched
    True
    """
    max_len = check_positive_int(max_len, "max_len")
    train_len = check_positive_int(train_len, "train_len")
    if train_len > max_len:
        raise ValueError(f"train_len must be at most max_len={max_len}; got train_len={train_len}.")
    d_model = check_positive_int(d_model, "d_model")
    vocab_size = check_positive_int(vocab_size, "vocab_size")
    n_steps = check_positive_int(n_steps, "n_steps")
    batch_size = check_positive_int(batch_size, "batch_size")
    snapshot_every = check_positive_int(snapshot_every, "snapshot_every")
    n_eval = check_positive_int(n_eval, "n_eval")
    lr = check_real(lr, "lr", low=0.0, low_open=True, why="(the learning rate)")
    seed = check_seed(seed)
    report_every = check_int(report_every, "report_every")
    if report_every < 0:
        raise ValueError(
            f"report_every must be 0 (no report) or a positive multiple of snapshot_every; got {report_every}."
        )
    if report_every and report_every % snapshot_every:
        raise ValueError(
            f"report_every must be a multiple of snapshot_every={snapshot_every} (or 0); got report_every={report_every}."
        )
    rng = np.random.default_rng(seed)
    words = rng.normal(0.0, 1.0, size=(vocab_size, d_model))  # (vocab_size, d_model), frozen
    table = LearnedTable(max_len, d_model, seed=seed + 1)
    W = rng.normal(0.0, 0.02, size=(d_model, 2))  # (d_model, 2): read-out to "even", "odd"
    b = np.zeros(2)  # (2,)
    positions = np.tile(np.arange(train_len), batch_size)  # (n,), n = batch_size * train_len
    labels = positions % 2  # (n,)
    eval_tokens = rng.integers(vocab_size, size=(n_eval, max_len))  # (n_eval, max_len)

    def accuracy() -> np.ndarray:
        x = words[eval_tokens] + table.weights  # (n_eval, max_len, d_model)
        guess = np.argmax(x @ W + b, axis=-1)  # (n_eval, max_len)
        return np.mean(guess == np.arange(max_len) % 2, axis=0)  # (max_len,)

    steps, tables, accs = [0], [table.weights.copy()], [accuracy()]
    losses = np.empty(n_steps)
    for step in range(1, n_steps + 1):
        tokens = rng.integers(vocab_size, size=positions.size)  # (n,)
        x = words[tokens] + table.lookup(positions)  # (n, d_model)
        losses[step - 1], dx, dW, db = _parity_loss_and_gradients(x, W, b, labels)
        W -= lr * dW
        b -= lr * db
        table.update(positions, dx, lr)  # sums the gradients of each position's tokens
        if step % snapshot_every == 0 or step == n_steps:
            steps.append(step)
            tables.append(table.weights.copy())
            accs.append(accuracy())
            if report_every and step % report_every == 0:
                seen, unseen = accs[-1][:train_len].mean(), accs[-1][train_len:].mean()
                print(
                    f"step {step:>4}/{n_steps} · loss {losses[step - 1]:.3f} · accuracy at positions "
                    f"0–{train_len - 1}: {seen:.0%}"
                    + (f", at {train_len}–{max_len - 1}: {unseen:.0%}" if train_len < max_len else ""),
                    flush=True,
                )
    return TrainingRun(np.array(steps), np.array(tables), losses, np.array(accs), train_len)
