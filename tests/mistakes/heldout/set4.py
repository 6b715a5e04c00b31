"""Plausible wrong answers to the 12 coding exercises of the positional-encoding course (set 4)."""

MISTAKES = []


def _add(checker, name, cause, code):
    MISTAKES.append(dict(checker=checker, name=name, cause=cause, code=code))


# ---------------------------------------------------------------------------
C = "check_positions_column"

_add(C, "row-not-column",
     "Returns `np.arange(seq_len)`, a flat row of shape (seq_len,), not a column. Add the second axis: `np.arange(seq_len)[:, None]` gives shape (seq_len, 1).",
     '''
def my_positions(seq_len):
    # the positions 0, 1, ..., seq_len - 1 as a column: shape (seq_len, 1)
    return np.arange(seq_len)
''')

_add(C, "transpose-of-1d-array",
     "`.T` does nothing to a 1-D array: `np.arange(seq_len).T` is still shape (seq_len,). A 1-D array has no second axis to swap with; create one with `[:, None]` (or `.reshape(-1, 1)`).",
     '''
def my_positions(seq_len):
    # transpose the row to make it a column
    return np.arange(seq_len).T
''')

_add(C, "new-axis-in-front",
     "`np.arange(seq_len)[None, :]` puts the new axis first, giving a (1, seq_len) row. The length-1 axis must come second: `[:, None]`.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len)[None, :]
''')

_add(C, "starts-at-one",
     "Counts positions from 1 with `np.arange(1, seq_len + 1)`. The first word is at position 0, so use `np.arange(seq_len)`, which runs 0 … seq_len − 1.",
     '''
def my_positions(seq_len):
    return np.arange(1, seq_len + 1)[:, None]
''')

_add(C, "stops-one-early",
     "`np.arange(seq_len - 1)` already stops before its argument, so it gives only seq_len − 1 positions and drops the last one. `np.arange(seq_len)` already ends at seq_len − 1.",
     '''
def my_positions(seq_len):
    # last position is seq_len - 1
    return np.arange(seq_len - 1)[:, None]
''')

_add(C, "one-past-the-end",
     "`np.arange(seq_len + 1)` makes seq_len + 1 positions, the last being seq_len. The end argument of arange is not included, so `np.arange(seq_len)` already gives the positions 0 … seq_len − 1.",
     '''
def my_positions(seq_len):
    # include the last position seq_len - 1 ... and make sure the end is in
    return np.arange(seq_len + 1)[:, None]
''')

_add(C, "fractions-of-the-sentence",
     "`np.linspace(0, 1, seq_len)` scales the positions into [0, 1], as fractions of the sentence. The exercise wants the word counts themselves, 0, 1, 2, …: use `np.arange(seq_len)`.",
     '''
def my_positions(seq_len):
    return np.linspace(0, 1, seq_len)[:, None]
''')

_add(C, "linspace-includes-endpoint",
     "`np.linspace(0, seq_len, seq_len)` includes the endpoint seq_len, so its steps are seq_len/(seq_len − 1), not 1. Use `np.arange(seq_len)`, which steps by exactly 1.",
     '''
def my_positions(seq_len):
    return np.linspace(0, seq_len, seq_len)[:, None]
''')

_add(C, "zeros-of-the-right-shape",
     "`np.zeros((seq_len, 1))` has the right shape but every value is 0. The column must hold the positions themselves: `np.arange(seq_len)[:, None]`.",
     '''
def my_positions(seq_len):
    # shape (seq_len, 1)
    return np.zeros((seq_len, 1))
''')

_add(C, "arange-given-a-shape",
     "`np.arange(seq_len, 1)` does not make shape (seq_len, 1): its two arguments are start and stop, so it counts from seq_len up to 1 and returns an empty array. Use `np.arange(seq_len)`, then add the axis with `[:, None]`.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len, 1)
''')

_add(C, "two-new-axes",
     "`[:, None, None]` adds two axes, giving shape (seq_len, 1, 1). One `None` is enough: `np.arange(seq_len)[:, None]`.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len)[:, None, None]
''')

_add(C, "counts-from-the-end",
     "Numbers each word by its distance from the end of the sentence (seq_len − 1 − p), so the column runs downwards. A position counts from the start, 0 for the first word: `np.arange(seq_len)[:, None]`.",
     '''
def my_positions(seq_len):
    return (seq_len - 1 - np.arange(seq_len))[:, None]
''')

_add(C, "np-indices-grid",
     "`np.indices((seq_len, 1))` returns one index grid per axis, stacked into shape (2, seq_len, 1), not the column itself. Use `np.arange(seq_len)[:, None]`, which is the first of those grids.",
     '''
def my_positions(seq_len):
    # the index of every cell of a (seq_len, 1) array
    return np.indices((seq_len, 1))
''')

_add(C, "one-hot-positions",
     "`np.eye(seq_len)` gives one one-hot row per position, an (seq_len, seq_len) identity matrix. The exercise wants each position as a single number in a column: `np.arange(seq_len)[:, None]`.",
     '''
def my_positions(seq_len):
    # row p marks position p
    return np.eye(seq_len)
''')

_add(C, "prints-instead-of-returning",
     "The function prints the column and returns None. Replace `print(...)` with `return ...` so that the caller gets the array.",
     '''
def my_positions(seq_len):
    print(np.arange(seq_len)[:, None])
''')

_add(C, "returns-the-shape",
     "Returns the tuple `(seq_len, 1)`, the shape the comment describes, instead of an array with that shape. Return the positions themselves: `np.arange(seq_len)[:, None]`.",
     '''
def my_positions(seq_len):
    # the positions as a column: shape (seq_len, 1)
    return (seq_len, 1)
''')


# ---------------------------------------------------------------------------
C = "check_attention"

_add(C, "no-scaling",
     "The scores are `q @ k.T` without the division by √d_head. Divide them: `q @ k.T / np.sqrt(q.shape[-1])`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T  # (seq_len_q, seq_len_k)
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "divides-by-d-not-sqrt",
     "Divides the scores by d_head instead of its square root. The formula divides by √d_h: `/ np.sqrt(q.shape[-1])`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / q.shape[-1]
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "scales-by-number-of-keys",
     "Uses `k.shape[0]`, the number of keys, in the square root. d_h is the width of a query, the last axis: `np.sqrt(q.shape[-1])`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(k.shape[0])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "multiplies-by-sqrt",
     "Multiplies the scores by √d_head, which makes them larger. The formula divides by it: `q @ k.T / np.sqrt(d_head)`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T * np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "precedence-half-power",
     "`q @ k.T / q.shape[-1] ** 1/2` is read as `(q @ k.T / d ** 1) / 2`, because `**` binds tighter than `/`, so it divides by 2d rather than √d. Write `q.shape[-1] ** 0.5` or `np.sqrt(q.shape[-1])`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / q.shape[-1] ** 1/2
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "softmax-over-queries",
     "`posenc.softmax(scores, axis=0)` normalises each column (a key's scores from all queries), so a query's weights do not sum to 1. Use `axis=-1`, along the keys.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=0)
    return weights @ v
''')

_add(C, "scores-keys-by-queries",
     "`k @ q.T` builds the scores with keys as rows and queries as columns, the transpose of what is needed. Row i must hold query i's scores: `q @ k.T`.",
     '''
def my_attention(q, k, v):
    scores = k @ q.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "weights-transposed-in-output",
     "`weights.T @ v` averages the values with the columns of the weights rather than their rows. Each query's row of weights averages the values: `weights @ v`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights.T @ v
''')

_add(C, "each-query-with-its-own-key",
     "`(q * k).sum(axis=-1)` only gives each query's dot product with the key in the same row, so there is one score per word instead of a (seq_len_q, seq_len_k) matrix. Every query must meet every key: `q @ k.T`.",
     '''
def my_attention(q, k, v):
    scores = (q * k).sum(axis=-1) / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "query-against-queries",
     "`q @ q.T` scores the queries against themselves, so the keys are never used. The scores compare queries with keys: `q @ k.T`.",
     '''
def my_attention(q, k, v):
    scores = q @ q.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "returns-the-weights",
     "Returns the attention weights, but the exercise asks for the output. Finish with `return weights @ v`, each query's weighted sum of the values.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights
''')

_add(C, "returns-output-and-weights",
     "Returns the pair `(output, weights)`, as `posenc.attention` does, but `my_attention` must return only the output: `return weights @ v`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v, weights
''')

_add(C, "exp-without-dividing",
     "The hand-written softmax stops at `np.exp(scores)` and never divides by the row's sum, so the weights do not sum to 1. Use `posenc.softmax(scores, axis=-1)`, or divide by `np.exp(scores).sum(axis=-1, keepdims=True)`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = np.exp(scores)
    return weights @ v
''')

_add(C, "softmax-over-whole-matrix",
     "Divides by `np.exp(scores).sum()`, the sum over the whole matrix, so all the weights together sum to 1 rather than each row. Sum along the keys: `.sum(axis=-1, keepdims=True)`, or use `posenc.softmax(scores, axis=-1)`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    e = np.exp(scores)
    weights = e / e.sum()
    return weights @ v
''')

_add(C, "row-sums-without-keepdims",
     "`e / e.sum(axis=1)` divides by a (seq_len,) array, which broadcasts along the last axis, so column j is divided by row j's sum. Keep the axis so that each row uses its own sum: `e.sum(axis=1, keepdims=True)`, or use `posenc.softmax`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    e = np.exp(scores)
    weights = e / e.sum(axis=1)
    return weights @ v
''')

_add(C, "scales-after-softmax",
     "Divides by √d_head after the softmax, so the rows sum to 1/√d_head and not to 1. The scaling belongs inside: `softmax(q @ k.T / np.sqrt(d_head))`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T
    weights = posenc.softmax(scores, axis=-1) / np.sqrt(q.shape[-1])
    return weights @ v
''')

_add(C, "hard-argmax-attention",
     "Gives all the weight to the best-scoring key (a one-hot row from argmax) instead of using the softmax. Attention averages over every key: `weights = posenc.softmax(scores, axis=-1)`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = np.eye(scores.shape[1])[scores.argmax(axis=-1)]  # each query listens to its best key
    return weights @ v
''')

_add(C, "averages-twice",
     "Divides `weights @ v` by the number of keys as if it were a plain sum. The weights already sum to 1, so `weights @ v` is already the average: return it without dividing.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v / v.shape[0]  # an average: divide by the number of words
''')


# ---------------------------------------------------------------------------
C = "check_equivariance_test"

_add(C, "exact-equality",
     "`np.array_equal` needs every bit to match, but summing in a different order rounds differently in the last digits, so even self-attention fails. Compare with `np.allclose(f(x[perm]), f(x)[perm])`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.array_equal(f(x[perm]), f(x)[perm]))
''')

_add(C, "array-of-booleans",
     "`np.isclose` compares entry by entry and returns a whole array of True/False, not a single answer. Reduce it with `.all()`, or use `np.allclose`, which returns one bool.",
     '''
def is_permutation_equivariant(f, x, perm):
    return np.isclose(f(x[perm]), f(x)[perm])
''')

_add(C, "tests-invariance",
     "Compares `f(x[perm])` with the unshuffled `f(x)`, which tests whether the output stays the same (invariance). Equivariance means the output is shuffled the same way, so compare with `f(x)[perm]`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm]), f(x)))
''')

_add(C, "inverse-permutation",
     "Shuffles the outputs with `np.argsort(perm)`, the inverse reordering, instead of `perm`. Shuffling the inputs by `perm` must shuffle the outputs by the same `perm`: `f(x)[perm]`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm]), f(x)[np.argsort(perm)]))
''')

_add(C, "compares-sorted-columns",
     "Sorts both outputs along axis 0 before comparing. That sorts each column on its own and so forgets which row went where. Any function whose rows get reordered in some way passes. Compare the rows in place: `np.allclose(f(x[perm]), f(x)[perm])`.",
     '''
def is_permutation_equivariant(f, x, perm):
    # order should not matter, so compare the outputs sorted
    return bool(np.allclose(np.sort(f(x[perm]), axis=0), np.sort(f(x), axis=0)))
''')

_add(C, "compares-column-sums",
     "Compares only the sums of the rows, and these are the same for any reordering of the rows. This checks too little. Compare the whole outputs row by row: `np.allclose(f(x[perm]), f(x)[perm])`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm]).sum(axis=0), f(x).sum(axis=0)))
''')

_add(C, "same-thing-on-both-sides",
     "Both sides are `f(x)[perm]`, so the test is always True. One side must shuffle the input before calling f: `f(x[perm])`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x)[perm], f(x)[perm]))
''')

_add(C, "returns-the-difference",
     "Returns the largest difference. That is 0 (falsy) for an equivariant function and nonzero (truthy) otherwise, so the answer is backwards and not a bool. Return `np.allclose(...)`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return np.abs(f(x[perm]) - f(x)[perm]).max()
''')

_add(C, "inverted-answer",
     "The `not` flips the result, so the function returns True exactly for the functions that are not equivariant. Drop the `not`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return not np.allclose(f(x[perm]), f(x)[perm])
''')

_add(C, "ignores-perm",
     "Tests only one reordering, reversing with `[::-1]`, and ignores the `perm` it was given. Use `x[perm]` and `f(x)[perm]`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[::-1]), f(x)[::-1]))
''')

_add(C, "any-instead-of-all",
     "`np.isclose(...).any()` is True as soon as one entry matches. Every entry must match: use `.all()`, or `np.allclose`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.isclose(f(x[perm]), f(x)[perm]).any())
''')

_add(C, "shuffles-x-in-place",
     "`shuffled = x` does not copy, so `shuffled[:] = x[perm]` also shuffles `x`. After that, `f(x)[perm]` shuffles a shuffled input a second time. Don't write into x: use `f(x[perm])` directly, or `x.copy()`.",
     '''
def is_permutation_equivariant(f, x, perm):
    shuffled = x
    shuffled[:] = x[perm]
    return bool(np.allclose(f(shuffled), f(x)[perm]))
''')

_add(C, "compares-shapes",
     "Compares only the shapes of the two outputs, which are the same for any f. Compare their values: `np.allclose(f(x[perm]), f(x)[perm])`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return f(x[perm]).shape == f(x)[perm].shape
''')

_add(C, "first-row-only",
     "Checks only the first row of the two outputs, so a function that breaks equivariance in any other row passes. Compare whole arrays: `np.allclose(f(x[perm]), f(x)[perm])`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm])[0], f(x)[perm][0]))
''')

_add(C, "tolerance-far-too-loose",
     "`rtol=1` accepts any difference as large as the values themselves, so functions that clearly change under reordering pass. `np.allclose`'s default tolerance already absorbs rounding: drop the `rtol=1`.",
     '''
def is_permutation_equivariant(f, x, perm):
    # rounding differs, so allow some slack
    return bool(np.allclose(f(x[perm]), f(x)[perm], rtol=1))
''')

_add(C, "forgot-return",
     "Computes the comparison into `result` but never returns it, so the function returns None. Add `return result`.",
     '''
def is_permutation_equivariant(f, x, perm):
    result = bool(np.allclose(f(x[perm]), f(x)[perm]))
''')


# ---------------------------------------------------------------------------
C = "check_sinusoidal"

_add(C, "exponent-i-not-2i",
     "`np.arange(d_model // 2)` gives i = 0, 1, 2, … in the exponent, but the formula needs 2i = 0, 2, 4, …, so the frequencies fall too slowly. Use `np.arange(0, d_model, 2)`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(d_model // 2) / d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "positive-exponent",
     "The exponent has lost its minus sign, so `10000 ** (2i/d)` gives the wavelength-like factors that grow up to 10000, not frequencies that shrink. Use `10000.0 ** (-np.arange(0, d_model, 2) / d_model)`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "floor-division-in-exponent",
     "`-np.arange(0, d_model, 2) // d_model` is floor division, so the exponent is 0 for the first pair and −1 for all the others. Use true division `/`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) // d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "divides-by-number-of-pairs",
     "Divides 2i by `d_model // 2`, the number of pairs, instead of by d_model, so the exponent runs twice as fast. The formula is `10000 ** (-2i / d_model)`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / (d_model // 2))  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "sines-and-cosines-swapped",
     "Puts the cosines in the even columns and the sines in the odd ones. The even columns (`0::2`) take `np.sin(angles)` and the odd ones (`1::2`) `np.cos(angles)`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.cos(angles)
    table[:, 1::2] = np.sin(angles)
    return table
''')

_add(C, "sines-then-cosines-halves",
     "Puts all the sines in the first half of the columns and all the cosines in the second half. In this table each pair sits side by side, interleaved: `table[:, 0::2] = sin`, `table[:, 1::2] = cos`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.concatenate([np.sin(angles), np.cos(angles)], axis=1)  # (seq_len, d_model)
    return table
''')

_add(C, "stacked-on-the-wrong-axis",
     "`np.stack([sin, cos], axis=0)` stacks two whole (seq_len, d_model // 2) tables, and the reshape then mixes rows of different positions. Stack on a new last axis, `np.stack([sin, cos], axis=-1).reshape(seq_len, d_model)`, or fill `table[:, 0::2]` and `table[:, 1::2]`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.stack([np.sin(angles), np.cos(angles)], axis=0).reshape(seq_len, d_model)
    return table
''')

_add(C, "adds-position-to-frequency",
     "`positions + freqs` adds the frequency to the position. The angle is position times frequency: `angles = positions * freqs`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = positions + freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "angles-as-degrees",
     "Converts the angles from degrees to radians (`* np.pi / 180`), but `p * ω` is already in radians, which is what `np.sin` and `np.cos` expect. Pass `angles` directly.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = positions * freqs * np.pi / 180  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "positions-from-one",
     "Numbers the positions from 1, so every row is shifted by one and the first row is not (0, 1, 0, 1, …). Keep `positions = np.arange(seq_len)[:, None]`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(1, seq_len + 1)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "linspace-exponent-reaches-one",
     "`np.linspace(0, 1, d_model // 2)` makes the last exponent exactly 1, but 2i/d_model stops at (d_model − 2)/d_model. Use `np.arange(0, d_model, 2) / d_model`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.linspace(0, 1, d_model // 2))  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "extra-two-pi",
     "Multiplies the frequencies by 2π, as if ω were in turns per position. ω_i = 10000^(−2i/d_model) is already in radians per position: drop the `2 * np.pi`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 2 * np.pi * 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "base-written-10e4",
     "`10e4` means 10 × 10⁴ = 100,000, not 10,000. Write `10000.0` or `1e4`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10e4 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "forgot-the-cosines",
     "Fills only the sines, so the odd columns stay at 0. Add `table[:, 1::2] = np.cos(angles)`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    return table
''')

_add(C, "integer-table",
     "`np.zeros(..., dtype=int)` makes an integer table, so every sine and cosine written into it is truncated towards 0 (only exact ±1 survive). Keep the default float dtype: `np.zeros((seq_len, d_model))`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model), dtype=int)  # (seq_len, d_model): positions are integers
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "returns-transposed",
     "Returns `table.T`, shape (d_model, seq_len). One row per position is wanted: return `table` itself, shape (seq_len, d_model).",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table.T
''')

_add(C, "each-column-its-own-frequency",
     "Gives every column its own frequency (exponent j/d_model for column j), so the cosine of pair i uses column 2i + 1's frequency instead of the pair's. Both columns of a pair share ω_i = 10000^(−2i/d_model): use `np.cos` of the same angle as the sine.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(d_model) / d_model)  # one per column
    angles = positions * freqs  # (seq_len, d_model)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles[:, 0::2])
    table[:, 1::2] = np.cos(angles[:, 1::2])
    return table
''')

_add(C, "loop-misses-last-row",
     "The loop `range(seq_len - 1)` stops one row early, so the last position's row stays at 0. Loop over `range(seq_len)`, or fill all rows at once with the angles.",
     '''
def my_sinusoidal(seq_len, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    for p in range(seq_len - 1):
        table[p, 0::2] = np.sin(p * freqs)
        table[p, 1::2] = np.cos(p * freqs)
    return table
''')

_add(C, "normalised-positions",
     "Divides the positions by seq_len, so the same position gets a different row in tables of different lengths. The table uses the raw position p: `positions = np.arange(seq_len)[:, None]`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None] / seq_len  # (seq_len, 1), scaled to [0, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')


# ---------------------------------------------------------------------------
C = "check_wavelength"

_add(C, "returns-the-frequency",
     "Gives ω_12 = 10000^(−1/2) = 0.01, the angle per position, not the wavelength. The wavelength is the number of positions in a full turn: `2 * np.pi / ω`.",
     '''
my_wavelength = 10000.0 ** (-2 * 12 / 48)
''')

_add(C, "forgot-two-pi",
     "`1 / ω` = 100 is the number of positions per radian. A full turn is 2π radians, so the wavelength is `2 * np.pi / ω` ≈ 628.3.",
     '''
my_wavelength = 1 / 10000.0 ** (-2 * 12 / 48)
''')

_add(C, "half-turn",
     "Uses π, which is only half a turn (from a peak to a trough). A full period is 2π: `2 * np.pi / ω`.",
     '''
my_wavelength = np.pi / 10000.0 ** (-2 * 12 / 48)
''')

_add(C, "exponent-i-over-d",
     "Uses −i/d_model = −12/48 as the exponent. The formula has 2i: ω_12 = 10000^(−2·12/48) = 10000^(−1/2).",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-12 / 48)
''')

_add(C, "multiplies-by-omega",
     "Multiplies 2π by ω instead of dividing. The wavelength λ satisfies λ·ω = 2π, so λ = 2π / ω.",
     '''
my_wavelength = 2 * np.pi * 10000.0 ** (-2 * 12 / 48)
''')

_add(C, "exponent-without-parentheses",
     "`10000.0 ** -2 * 12 / 48` raises 10000 to −2 and then multiplies by 12/48, because `**` binds tighter than `*` and `/`. Put the whole exponent in parentheses: `10000.0 ** (-2 * 12 / 48)`.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** -2 * 12 / 48
''')

_add(C, "floor-division-in-exponent",
     "`-2 * 12 // 48` is floor division: −24 // 48 = −1, not −0.5. Use `/`.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-2 * 12 // 48)
''')

_add(C, "full-turn-in-degrees",
     "Takes a full turn as 360, but ω is in radians per position, so a full turn is 2π: `2 * np.pi / ω`.",
     '''
my_wavelength = 360 / 10000.0 ** (-2 * 12 / 48)
''')

_add(C, "all-pairs-at-once",
     "Computes the wavelengths of all 24 pairs, an array, instead of pair 12's single number. Take entry 12 of it, or use i = 12 directly: `2 * np.pi / 10000.0 ** (-2 * 12 / 48)`.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-np.arange(0, 48, 2) / 48)
''')

_add(C, "pair-index-off-by-one",
     "Takes `freqs[11]`, reading \"pair 12\" as the 12th pair counted from 1. Pairs are numbered from i = 0, so pair 12 is `freqs[12]`.",
     '''
freqs = 10000.0 ** (-np.arange(0, 48, 2) / 48)
my_wavelength = 2 * np.pi / freqs[11]
''')

_add(C, "base-written-10e4",
     "`10e4` is 100,000, not 10,000 (it means 10 × 10⁴). Write `10000.0` or `1e4`.",
     '''
my_wavelength = 2 * np.pi / 10e4 ** (-2 * 12 / 48)
''')

_add(C, "rounded-to-whole-positions",
     "`round(...)` rounds 628.32 to 628, which the checker does not accept as the wavelength. Keep the unrounded value `2 * np.pi / ω`.",
     '''
my_wavelength = round(2 * np.pi / 10000.0 ** (-2 * 12 / 48))  # a number of positions
''')

_add(C, "wrong-d-model",
     "Uses d_model = 512 (the paper's width) instead of this table's 48. The exponent is −2·12/48.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-2 * 12 / 512)
''')

_add(C, "turns-per-position",
     "`ω / (2π)` is how many turns the pair makes per position, the reciprocal of the wavelength. The wavelength is `2 * np.pi / ω`.",
     '''
my_wavelength = 10000.0 ** (-2 * 12 / 48) / (2 * np.pi)
''')

_add(C, "assigned-the-print",
     "`print(...)` shows the number but returns None, so `my_wavelength` is None. Assign the expression itself and print it on a separate line if you want to see it.",
     '''
my_wavelength = print(2 * np.pi / 10000.0 ** (-2 * 12 / 48))
''')

_add(C, "trailing-comma-tuple",
     "The comma at the end of the line makes `my_wavelength` a one-element tuple `(628.3…,)`, not a number. Remove the trailing comma.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-2 * 12 / 48),
''')


# ---------------------------------------------------------------------------
C = "check_offset_rotation"

_add(C, "textbook-rotation-matrix",
     "Uses the textbook rotation `[[c, -s], [s, c]]`, which is meant for (x, y) = (cos, sin) vectors. Against this table's (sin, cos) pairs it turns back by k. Row 2i must give sin(α + β) = sin α cos β + cos α sin β, so the block is `[[c, s], [-s, c]]`.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, -s], [s, c]]
    return M
''')

_add(C, "missing-minus",
     "The block `[[c, s], [s, c]]` has lost its minus sign. The new cosine is cos α cos β − sin α sin β, so row 2i + 1 is `[-s, c]`.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [s, c]]
    return M
''')

_add(C, "unpacked-sin-cos-swapped",
     "`c, s = np.sin(...), np.cos(...)` unpacks in the wrong order, so c holds the sine and s the cosine. Write `c, s = np.cos(k * w), np.sin(k * w)`.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    for i, w in enumerate(freqs):
        c, s = np.sin(k * w), np.cos(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "angle-without-frequency",
     "Turns every pair by k radians, forgetting the pair's frequency. Pair i turns by k·ω_i: use `np.cos(k * w)` and `np.sin(k * w)`.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    for i, w in enumerate(freqs):
        c, s = np.cos(k), np.sin(k)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "angle-without-offset",
     "Turns pair i by ω_i, one position's worth, whatever k is. The offset is k positions, so the angle is `k * w`.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    for i, w in enumerate(freqs):
        c, s = np.cos(w), np.sin(w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "block-at-i-not-2i",
     "Places pair i's block at rows and columns i, i + 1, so the blocks overlap and overwrite each other, and the second half of M stays empty. Pair i occupies 2i and 2i + 1: `M[2*i : 2*i + 2, 2*i : 2*i + 2]`.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[i : i + 2, i : i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "loop-misses-last-pair",
     "`range(d_model // 2 - 1)` stops one pair early, so the last 2 × 2 block stays zero. Loop over all `d_model // 2` pairs (`for i, w in enumerate(freqs)`).",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    for i in range(d_model // 2 - 1):
        c, s = np.cos(k * freqs[i]), np.sin(k * freqs[i])
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "off-diagonals-cross-pairs",
     "Builds M from whole diagonals with `np.diag(off, 1)` and `np.diag(off, -1)`. That also fills entries (2i + 1, 2i + 2) and (2i + 2, 2i + 1), which link neighbouring pairs. Only the entries inside each 2 × 2 block may be nonzero: fill each block, or zero every other entry of the off-diagonals.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    ws = np.repeat(freqs, 2)  # (d_model,): each pair's frequency twice
    M = np.diag(np.cos(k * ws))  # (d_model, d_model)
    off = np.sin(k * ws)[:-1]
    M = M + np.diag(off, 1) - np.diag(off, -1)
    return M
''')

_add(C, "absolute-value-of-offset",
     "Uses `abs(k)`, treating the offset as a distance, so a negative k moves forward instead of back. Use k with its sign: `np.cos(k * w)`, `np.sin(k * w)`.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    for i, w in enumerate(freqs):
        c, s = np.cos(abs(k) * w), np.sin(abs(k) * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "fills-only-the-sine-row",
     "Fills row 2i of each block (`[c, s]`) but not row 2i + 1, so the cosines of the shifted row come out 0. Also set `M[2*i + 1, 2*i : 2*i + 2] = [-s, c]`.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i, 2 * i : 2 * i + 2] = [c, s]
    return M
''')

_add(C, "adds-blocks-to-identity",
     "Starts from `np.eye(d_model)` and adds each block with `+=`, so every diagonal entry becomes 1 + cos(kw). Start from zeros (as the template does) and assign the block with `=`.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.eye(d_model)  # (d_model, d_model): M_0 is the identity
    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] += [[c, s], [-s, c]]
    return M
''')

_add(C, "divides-by-frequency",
     "Uses `k / w` as the angle, as if ω were a wavelength. The angle of k positions at ω radians per position is `k * w`.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    for i, w in enumerate(freqs):
        c, s = np.cos(k / w), np.sin(k / w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "strided-fill-without-diag",
     "`M[0::2, 0::2] = c` broadcasts the vector c over the whole strided submatrix, so every (2i, 2j) entry gets c_j, not just the diagonal ones. Assign diagonal matrices (`np.diag(c)`, `np.diag(s)`, …) to the four strided views, or fill block by block.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    c, s = np.cos(k * freqs), np.sin(k * freqs)
    M[0::2, 0::2] = c
    M[0::2, 1::2] = s
    M[1::2, 0::2] = -s
    M[1::2, 1::2] = c
    return M
''')

_add(C, "pairs-as-halves",
     "Pairs dimension i with dimension i + d_model/2 (the split-in-halves layout), but this table interleaves its pairs: pair i is columns 2i and 2i + 1. Put the block at rows and columns 2i, 2i + 1.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    h = d_model // 2
    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[i, i], M[i, i + h] = c, s
        M[i + h, i], M[i + h, i + h] = -s, c
    return M
''')

_add(C, "diagonal-only",
     "Puts only cos(kw) on the diagonal, as if shifting a row just scaled it. A shift mixes the two entries of each pair, so each block needs its off-diagonal terms: `[[c, s], [-s, c]]`.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    np.fill_diagonal(M, np.repeat(np.cos(k * freqs), 2))
    return M
''')


# ---------------------------------------------------------------------------
C = "check_cosine_similarity"

_add(C, "squared-lengths",
     "`(table ** 2).sum(axis=1)` is each row's squared length: the square root is missing, so the result is divided by |p|²|q|². Use `np.linalg.norm(table, axis=1)` (or take `np.sqrt`).",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = (table ** 2).sum(axis=1)  # (seq_len,)
    return dots / np.outer(lengths, lengths)
''')

_add(C, "whole-table-norm",
     "`np.linalg.norm(table)` without `axis` is the length of the whole table, one number, so every entry is divided by the same value. Each row needs its own length: `np.linalg.norm(table, axis=1)`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    length = np.linalg.norm(table)
    return dots / (length * length)
''')

_add(C, "divides-by-one-length",
     "`dots / lengths` broadcasts the (seq_len,) lengths along the last axis, so entry [p, q] is divided only by |table[q]|. Divide by both lengths: `np.outer(lengths, lengths)`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)  # (seq_len,)
    return dots / lengths
''')

_add(C, "sum-of-lengths",
     "Divides by `lengths[p] + lengths[q]`. The formula has the product of the two lengths: `lengths[:, None] * lengths[None, :]`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)  # (seq_len,)
    return dots / (lengths[:, None] + lengths[None, :])
''')

_add(C, "returns-raw-dot-products",
     "Returns the dot products without dividing, as if every row had length 1. Divide by `np.outer(lengths, lengths)` with `lengths = np.linalg.norm(table, axis=1)`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    return dots
''')

_add(C, "multiplies-by-lengths",
     "Multiplies the dot products by the two lengths instead of dividing by them. Use `dots / np.outer(lengths, lengths)`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)  # (seq_len,)
    return dots * np.outer(lengths, lengths)
''')

_add(C, "normalises-columns",
     "`np.linalg.norm(table, axis=0)` gives the length of each column, so it is the columns that get normalised, not the rows. Use `axis=1` for the length of each row (position).",
     '''
def my_cosine_similarity(table):
    unit = table / np.linalg.norm(table, axis=0)  # every vector of length 1
    return unit @ unit.T
''')

_add(C, "pearson-correlation",
     "`np.corrcoef` subtracts each row's mean before normalising, so it computes Pearson correlation, not cosine similarity. Use the plain dot products divided by the rows' lengths.",
     '''
def my_cosine_similarity(table):
    return np.corrcoef(table)  # similarity of every pair of rows
''')

_add(C, "euclidean-distance",
     "Computes the distance |table[p] − table[q]| between the rows instead of the cosine of the angle between them. Use `dots / np.outer(lengths, lengths)`.",
     '''
def my_cosine_similarity(table):
    return np.linalg.norm(table[:, None, :] - table[None, :, :], axis=-1)
''')

_add(C, "returns-the-angle",
     "Applies `np.arccos`, which turns the cosine into the angle itself. The exercise asks for the cosine: return `dots / np.outer(lengths, lengths)` without the arccos.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)  # (seq_len,)
    return np.arccos(np.clip(dots / np.outer(lengths, lengths), -1, 1))
''')

_add(C, "row-sums-of-dots",
     "`np.sqrt(dots.sum(axis=1))` adds up a whole row of dot products, which is not a row's length. The length of row p is `np.sqrt(dots[p, p])`, or `np.linalg.norm(table, axis=1)`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.sqrt(dots.sum(axis=1))  # (seq_len,)
    return dots / np.outer(lengths, lengths)
''')

_add(C, "l1-length",
     "`ord=1` gives the sum of absolute values (the L1 norm). The |table[p]| of the formula is the ordinary Euclidean length: `np.linalg.norm(table, axis=1)` with the default `ord`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, ord=1, axis=1)  # (seq_len,)
    return dots / np.outer(lengths, lengths)
''')

_add(C, "len-is-not-length",
     "`len(row)` counts the entries in a row (d_model), which is not its length as a vector. Use `np.linalg.norm(table, axis=1)`, the square root of the sum of squares.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.array([len(row) for row in table])  # (seq_len,)
    return dots / np.outer(lengths, lengths)
''')

_add(C, "transpose-of-1d-lengths",
     "`lengths * lengths.T` does not make a matrix: `.T` does nothing to a 1-D array, so this is a (seq_len,) array of squares, which broadcasts along the last axis. Use `lengths[:, None] * lengths[None, :]` or `np.outer(lengths, lengths)`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)  # (seq_len,)
    return dots / (lengths * lengths.T)
''')

_add(C, "divides-by-the-largest",
     "Divides every entry by the largest dot product, which rescales the matrix but does not remove each row's own length. Divide entry [p, q] by `lengths[p] * lengths[q]`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    return dots / dots.max()  # scale into [-1, 1]
''')

_add(C, "cosine-of-the-dot-product",
     "Applies `np.cos` to the dot products, but \"cosine similarity\" does not mean taking a cosine. It is the dot product divided by the two lengths, which equals the cosine of the angle between the rows.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    return np.cos(dots)
''')


# ---------------------------------------------------------------------------
C = "check_apply_rope"

_add(C, "overwrites-first-through-view",
     "`first = x[:, 0::2]` is a view, so writing the new first values into `x` also changes `first`, and the second line then uses the already-rotated values (and x itself is modified). Compute both from the originals into a new array: `out = np.empty_like(x)`.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
    first, second = x[:, 0::2], x[:, 1::2]
    x[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    x[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return x
''')

_add(C, "turns-backwards",
     "The signs are swapped between the two lines, which turns each pair by −angle. The new first is `first * cos - second * sin` and the new second is `first * sin + second * cos`.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) + second * np.sin(angles)
    out[:, 1::2] = -first * np.sin(angles) + second * np.cos(angles)
    return out
''')

_add(C, "missing-minus",
     "Both lines add (`first * cos + second * sin`, `first * sin + second * cos`), so this is not a rotation and it changes the vectors' lengths. The new first needs a minus: `first * cos - second * sin`.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) + second * np.sin(angles)
    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return out
''')

_add(C, "sin-and-cos-swapped",
     "Uses sin where cos belongs and cos where sin belongs, which turns each pair by 90° − angle instead of by the angle. The new first is `first * cos - second * sin`, the new second `first * sin + second * cos`.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.sin(angles) - second * np.cos(angles)
    out[:, 1::2] = first * np.cos(angles) + second * np.sin(angles)
    return out
''')

_add(C, "pairs-as-halves",
     "Pairs dimension i with i + d_head/2 (the split-in-halves layout of some libraries), but the exercise asks for interleaved pairs (2i, 2i + 1). Use `x[:, 0::2]` and `x[:, 1::2]`, and write them back the same way.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
    h = d_head // 2
    first, second = x[:, :h], x[:, h:]
    out = np.empty_like(x)
    out[:, :h] = first * np.cos(angles) - second * np.sin(angles)
    out[:, h:] = first * np.sin(angles) + second * np.cos(angles)
    return out
''')

_add(C, "stacked-into-halves",
     "`np.stack([new_first, new_second], axis=1).reshape(x.shape)` puts all the new firsts before all the new seconds, so the pairs no longer sit at columns 2i, 2i + 1. Stack on the last axis (`axis=-1`), or write into `out[:, 0::2]` and `out[:, 1::2]`.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
    first, second = x[:, 0::2], x[:, 1::2]
    new_first = first * np.cos(angles) - second * np.sin(angles)
    new_second = first * np.sin(angles) + second * np.cos(angles)
    return np.stack([new_first, new_second], axis=1).reshape(x.shape)
''')

_add(C, "ignores-given-positions",
     "Uses `np.arange(len(x))` as the positions, ignoring the `positions` argument, so scattered positions are wrong. Use `np.asarray(positions)`.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.arange(len(x))[:, None] * thetas  # (seq_len, d_head // 2)
    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return out
''')

_add(C, "adds-a-sinusoid",
     "Adds sin and cos of the angles to x, as the sinusoidal table does, instead of turning each pair. RoPE multiplies: new first = `first * cos - second * sin`, new second = `first * sin + second * cos`.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
    out = x.copy()
    out[:, 0::2] += np.sin(angles)
    out[:, 1::2] += np.cos(angles)
    return out
''')

_add(C, "returns-the-input",
     "Computes the rotated `out` correctly but returns `x`, the input, unchanged. Return `out`.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return x
''')

_add(C, "rotates-only-first-of-pair",
     "Updates only the first entry of each pair and leaves the second as it was, so no pair is really turned. Also set `out[:, 1::2] = first * sin + second * cos`, from the original `first`.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
    first, second = x[:, 0::2], x[:, 1::2]
    out = x.copy()
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    return out
''')

_add(C, "same-angle-for-every-pair",
     "Turns every pair by the position itself in radians, dropping the pair's frequency θ_i. Each pair turns at its own speed: `angles = positions[:, None] * thetas`.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    angles = np.repeat(np.asarray(positions, dtype=float)[:, None], d_head // 2, axis=1)  # (seq_len, d_head // 2)
    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return out
''')

_add(C, "scales-by-cosine",
     "Multiplies each entry by the cosine of its pair's angle, which shrinks the vector but does not turn it. A turn also mixes in the other entry of the pair through the sine: new first = `first * cos - second * sin`, new second = `first * sin + second * cos`.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
    return x * np.repeat(np.cos(angles), 2, axis=1)
''')

_add(C, "shifts-positions-to-zero",
     "Subtracts the smallest position, reasoning that RoPE is relative, but each vector must be turned by its own absolute position. Only the score between two turned vectors depends on the offset alone. Use the positions as given.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    positions = np.asarray(positions)
    positions = positions - positions.min()  # RoPE is relative: count from the first token
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = positions[:, None] * thetas  # (seq_len, d_head // 2)
    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return out
''')

_add(C, "loop-misses-last-pair",
     "The loop `range(d_head // 2 - 1)` stops one pair early, so the last pair (and, for d_head = 2, the only pair) is never turned. Loop over `range(d_head // 2)`, or use the slices `0::2` and `1::2` for all pairs at once.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
    out = x.copy()
    for i in range(d_head // 2 - 1):
        a, b = x[:, 2 * i], x[:, 2 * i + 1]
        out[:, 2 * i] = a * np.cos(angles[:, i]) - b * np.sin(angles[:, i])
        out[:, 2 * i + 1] = a * np.sin(angles[:, i]) + b * np.cos(angles[:, i])
    return out
''')

_add(C, "exponent-i-not-2i",
     "Rewrote the frequencies with `np.arange(d_head // 2) / d_head`, i.e. exponent i/d instead of 2i/d, so the slower pairs turn too fast. Keep `-np.arange(0, d_head, 2) / d_head`.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(d_head // 2) / d_head)  # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return out
''')


# ---------------------------------------------------------------------------
C = "check_alibi_slopes"

_add(C, "h-starts-at-zero",
     "`np.arange(n)` makes h run over 0 … n − 1, so the first slope is 2⁰ = 1 and the last one 2^(−8) is missing. The heads are h = 1 … n: `np.arange(1, n + 1)`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(n) / n)

    c = 1 << (num_heads.bit_length() - 1)  # largest power of two <= num_heads
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "arange-stops-before-n",
     "`np.arange(1, n)` stops at n − 1, so there is one slope too few and 2^(−8) is missing. Use `np.arange(1, n + 1)`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n) / n)

    c = 1 << (num_heads.bit_length() - 1)  # largest power of two <= num_heads
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "positive-exponent",
     "Drops the minus sign, so the slopes grow from 2^(8/n) up to 256 instead of shrinking to 2^(−8). Use `2.0 ** (-8 * h / n)`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)  # largest power of two <= num_heads
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "exponent-without-parentheses",
     "`2.0 ** -8 * h / n` computes 2^(−8) · h/n, because `**` binds tighter than `*` and `/`. Put the whole exponent in parentheses: `2.0 ** (-8 * h / n)`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** -8 * np.arange(1, n + 1) / n

    c = 1 << (num_heads.bit_length() - 1)  # largest power of two <= num_heads
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "geometric-rule-for-every-n",
     "Applies 2^(−8h/n) to any number of heads. For a number that is not a power of two the authors' code does something else: c = the largest power of two ≤ n, then `power_of_two(c)` followed by the first n − c of `power_of_two(2c)[0::2]`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    return power_of_two(num_heads)
''')

_add(C, "every-other-from-the-second",
     "`[1::2]` starts from the second slope of the 2c list, but \"every other slope, starting with the first\" is `[0::2]`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)  # largest power of two <= num_heads
    extra = power_of_two(2 * c)[1::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "takes-the-last-extras",
     "Takes the last n − c of the interleaved 2c slopes (`[-(n - c):]`), but the rule takes the first n − c: `[: n - c]`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)  # largest power of two <= num_heads
    if c == num_heads:
        return power_of_two(c)
    extra = power_of_two(2 * c)[0::2][-(num_heads - c):]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "rounds-up-and-truncates",
     "Goes up to the next power of two and keeps its first n slopes. The rule goes down: keep all c slopes of the largest power of two ≤ n, then add the first n − c of `power_of_two(2c)[0::2]`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    up = 1 << (num_heads - 1).bit_length()  # smallest power of two >= num_heads
    return power_of_two(up)[:num_heads]
''')

_add(C, "half-is-not-a-power-of-two",
     "Takes c = n // 2, which for 12 or 6 heads is 6 or 3, not a power of two. c must be the largest power of two ≤ n: `1 << (n.bit_length() - 1)` (8 for 12, 4 for 6).",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    if num_heads & (num_heads - 1) == 0:
        return power_of_two(num_heads)
    c = num_heads // 2
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "extras-from-c-not-2c",
     "Takes the extra slopes from `power_of_two(c)` again, so they repeat slopes already used. They come from the sequence for twice as many heads: `power_of_two(2 * c)[0::2]`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)  # largest power of two <= num_heads
    extra = power_of_two(c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "extras-put-first",
     "Concatenates the extra slopes before the c main ones. The c slopes of `power_of_two(c)` come first, then the extras: `np.concatenate([power_of_two(c), extra])`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)  # largest power of two <= num_heads
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([extra, power_of_two(c)])
''')

_add(C, "sorted-the-slopes",
     "`np.sort` puts the slopes in increasing order, which reverses the heads' order (head 1 has the largest slope). Return them in the rule's order, without sorting.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)  # largest power of two <= num_heads
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.sort(np.concatenate([power_of_two(c), extra]))  # tidy order
''')

_add(C, "floor-division-in-exponent",
     "`-8 * h // n` floor-divides, so the exponents are rounded down to whole numbers. Use true division: `-8 * h / n`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) // n)

    c = 1 << (num_heads.bit_length() - 1)  # largest power of two <= num_heads
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "bit-length-off-by-one",
     "`1 << n.bit_length()` is the smallest power of two above n (16 for 8 or 12), so c is too large and the number of slopes comes out wrong. Subtract one: `1 << (n.bit_length() - 1)`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << num_heads.bit_length()  # power of two for num_heads
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "rounds-the-log",
     "`round(np.log2(n))` rounds 3.58 (for 12 heads) up to 4, giving c = 16 > n. The largest power of two ≤ n needs the log rounded down: `2 ** int(np.log2(n))`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 2 ** round(np.log2(num_heads))
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "log-instead-of-power",
     "`c = int(np.log2(n))` is the exponent (3 for 8 or 12 heads), not the power of two. Raise 2 to it: `c = 2 ** int(np.log2(n))`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = int(np.log2(num_heads))  # largest power of two <= num_heads
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "natural-exponential",
     "`np.exp(-8 * h / n)` uses base e, but the slopes are powers of two: `2.0 ** (-8 * h / n)`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return np.exp(-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)  # largest power of two <= num_heads
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "doubles-num-heads-not-c",
     "Takes the extra slopes from `power_of_two(2 * num_heads)`. The rule doubles the power of two c, not the number of heads: `power_of_two(2 * c)[0::2]`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)  # largest power of two <= num_heads
    extra = power_of_two(2 * num_heads)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')


# ---------------------------------------------------------------------------
C = "check_alibi_bias"

_add(C, "bonus-not-penalty",
     "Without the minus sign, the bias raises the scores of distant keys. ALiBi lowers them: `return -slopes[:, None, None] * distance`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)  # (seq_len, seq_len)
    return slopes[:, None, None] * distance  # (num_heads, seq_len, seq_len)
''')

_add(C, "key-minus-query",
     "Uses `j - i`, which is positive above the diagonal. The clip then keeps the future keys and zeroes the past ones. The distance back to a past key is `i - j`: `np.maximum(i - j, 0)`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = np.maximum(j - i, 0) if causal else np.abs(i - j)  # (seq_len, seq_len)
    return -slopes[:, None, None] * distance  # (num_heads, seq_len, seq_len)
''')

_add(C, "no-clip-above-diagonal",
     "The causal distance `i - j` is negative above the diagonal, which turns into a bonus there. Clip it: `np.maximum(i - j, 0)` gives 0 above the diagonal.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = (i - j) if causal else np.abs(i - j)  # (seq_len, seq_len)
    return -slopes[:, None, None] * distance  # (num_heads, seq_len, seq_len)
''')

_add(C, "ignores-causal-flag",
     "Always uses `np.abs(i - j)`, so the causal bias is not 0 above the diagonal. With `causal=True` use `np.maximum(i - j, 0)`, and keep `np.abs` for `causal=False`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = np.abs(i - j)  # (seq_len, seq_len)
    return -slopes[:, None, None] * distance  # (num_heads, seq_len, seq_len)
''')

_add(C, "encoder-signed-offset",
     "The encoder branch uses the signed `i - j`, so keys after the query get a bonus instead of a penalty. The encoder's distance is `np.abs(i - j)`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = np.maximum(i - j, 0) if causal else (i - j)  # (seq_len, seq_len)
    return -slopes[:, None, None] * distance  # (num_heads, seq_len, seq_len)
''')

_add(C, "branches-swapped",
     "The two branches of the conditional expression are swapped: the causal bias gets `np.abs` and the encoder's gets the clipped form. Write `np.maximum(i - j, 0) if causal else np.abs(i - j)`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = np.abs(i - j) if causal else np.maximum(i - j, 0)  # (seq_len, seq_len)
    return -slopes[:, None, None] * distance  # (num_heads, seq_len, seq_len)
''')

_add(C, "minimum-not-maximum",
     "`np.minimum(i - j, 0)` keeps the negative part (above the diagonal) and zeroes the past keys, and with the minus sign it becomes a bonus for future keys. Use `np.maximum(i - j, 0)`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = np.minimum(i - j, 0) if causal else np.abs(i - j)  # (seq_len, seq_len)
    return -slopes[:, None, None] * distance  # (num_heads, seq_len, seq_len)
''')

_add(C, "heads-on-last-axis",
     "`slopes * distance[:, :, None]` puts the heads on the last axis, shape (seq_len, seq_len, num_heads). The heads come first: `slopes[:, None, None] * distance`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)  # (seq_len, seq_len)
    return -slopes * distance[:, :, None]
''')

_add(C, "first-slope-for-every-head",
     "Stacks `num_heads` copies of the matrix built with `slopes[0]`, so every head gets the first head's slope. Each head needs its own: `-slopes[:, None, None] * distance`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)  # (seq_len, seq_len)
    return np.stack([-slopes[0] * distance] * num_heads)  # (num_heads, seq_len, seq_len)
''')

_add(C, "slopes-reversed",
     "`slopes[::-1]` gives head 0 the smallest slope. Head h takes `slopes[h]` in the order `posenc.alibi_slopes` returns them.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)[::-1]  # (num_heads,): smallest first
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)  # (seq_len, seq_len)
    return -slopes[:, None, None] * distance  # (num_heads, seq_len, seq_len)
''')

_add(C, "squared-distance",
     "Squares the offset, so the penalty grows quadratically with distance. ALiBi's penalty is linear: `-m_h * (i - j)`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = np.maximum(i - j, 0) ** 2 if causal else (i - j) ** 2  # (seq_len, seq_len)
    return -slopes[:, None, None] * distance  # (num_heads, seq_len, seq_len)
''')

_add(C, "minus-infinity-above-diagonal",
     "Puts −∞ above the diagonal, which is the causal mask's job. The exercise wants 0 there, since the mask hides those keys anyway: `np.maximum(i - j, 0)`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = np.where(j > i, np.inf, i - j) if causal else np.abs(i - j)  # future keys: infinitely far
    return -slopes[:, None, None] * distance  # (num_heads, seq_len, seq_len)
''')

_add(C, "distance-divided-by-length",
     "Divides the distance by seq_len, so the penalty for a given offset shrinks as sentences get longer. ALiBi uses the raw offset i − j.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = (np.maximum(i - j, 0) if causal else np.abs(i - j)) / seq_len  # (seq_len, seq_len)
    return -slopes[:, None, None] * distance  # (num_heads, seq_len, seq_len)
''')

_add(C, "divides-by-slope",
     "Divides the distance by the slope instead of multiplying, so heads with small slopes get huge penalties. The bias is `-slopes[:, None, None] * distance`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)  # (seq_len, seq_len)
    return -distance / slopes[:, None, None]  # (num_heads, seq_len, seq_len)
''')

_add(C, "outer-flattens",
     "`np.outer` flattens the distance matrix, giving shape (num_heads, seq_len²). Broadcast instead, to keep one matrix per head: `slopes[:, None, None] * distance`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)  # (seq_len, seq_len)
    return -np.outer(slopes, distance)
''')

_add(C, "counts-itself-as-one",
     "Adds 1 to every distance, as if the query were one step from itself, which also puts a penalty above the diagonal. The query's own key is at distance 0: drop the `+ 1`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = (np.maximum(i - j, 0) if causal else np.abs(i - j)) + 1  # (seq_len, seq_len)
    return -slopes[:, None, None] * distance  # (num_heads, seq_len, seq_len)
''')


# ---------------------------------------------------------------------------
C = "check_scheme_layer"

_add(C, 'table-added-after-projection',
     'Adds the sinusoidal or learned rows to q, k and v after the projections instead of to the word vectors. These schemes enter at the input: `x = x + table` before `q, k, v = x @ w_q, ...`.',
     '''
from posenc import capstone


def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]  # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
    if scheme == "sinusoidal":
        table = posenc.sinusoidal(n, x.shape[1])
        q, k, v = q + table, k + table, v + table
    elif scheme == "learned":
        table = parts["table"][:n]
        q, k, v = q + table, k + table, v + table
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])  # (n, n)
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)  # (outputs, weights)
''')

_add(C, 'rope-turns-values-too',
     'Also turns the values with RoPE. RoPE turns only the queries and the keys, so that their scores depend on the offset; the values stay as they are: `q, k = posenc.apply_rope(q), posenc.apply_rope(k)`.',
     '''
from posenc import capstone


def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]  # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
    if scheme == "rope":
        q, k, v = posenc.apply_rope(q), posenc.apply_rope(k), posenc.apply_rope(v)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])  # (n, n)
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)  # (outputs, weights)
''')

_add(C, 'rope-turns-only-queries',
     "Turns only the queries, so each score depends on the query's absolute position rather than on the offset m − n. Turn the keys as well: `k = posenc.apply_rope(k)`.",
     '''
from posenc import capstone


def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]  # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
    if scheme == "rope":
        q = posenc.apply_rope(q)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])  # (n, n)
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)  # (outputs, weights)
''')

_add(C, 'rope-keys-from-queries',
     'Copy-paste slip: `k = posenc.apply_rope(q)` replaces the keys with the turned queries. Turn the keys themselves: `posenc.apply_rope(k)`.',
     '''
from posenc import capstone


def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]  # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(q)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])  # (n, n)
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)  # (outputs, weights)
''')

_add(C, 'rope-turns-the-input',
     'Turns the word vectors x before the projections. RoPE turns q and k after the projections; turning x first changes how the rotation comes out, because W_q and W_k mix the pairs. Apply `posenc.apply_rope` to q and k.',
     '''
from posenc import capstone


def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]  # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    if scheme == "rope":
        x = posenc.apply_rope(x)
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])  # (n, n)
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)  # (outputs, weights)
''')

_add(C, 'rope-turns-the-outputs',
     "Applies RoPE to the attention's outputs, after the scores are already computed, so the scores never see position. Turn q and k before calling `posenc.attention`.",
     '''
from posenc import capstone


def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]  # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])  # (n, n)
    mask = posenc.causal_mask(n) if causal else None
    outputs, weights = posenc.attention(q, k, v, mask=mask, bias=bias)
    if scheme == "rope":
        outputs = posenc.apply_rope(outputs)
    return outputs, weights
''')

_add(C, 'alibi-bonus-not-penalty',
     'The ALiBi bias is `+ALIBI_SLOPE * |i − j|`, which rewards distant words. It must lower their scores: `-capstone.ALIBI_SLOPE * np.abs(...)`.',
     '''
from posenc import capstone


def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]  # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])  # (n, n)
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)  # (outputs, weights)
''')

_add(C, 'alibi-forgot-slope',
     "Uses `-|i − j|` without the slope, a penalty twice as steep as the layer's. Multiply by `capstone.ALIBI_SLOPE` (½).",
     '''
from posenc import capstone


def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]  # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -np.abs(i[:, None] - i[None, :])  # (n, n)
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)  # (outputs, weights)
''')

_add(C, 'alibi-signed-offset',
     'Uses the signed offset `i − j` without `np.abs`, so every key after the query gets a bonus that grows with distance. The bidirectional bias is `-½ · |i − j|`.',
     '''
from posenc import capstone


def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]  # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * (i[:, None] - i[None, :])  # (n, n)
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)  # (outputs, weights)
''')

_add(C, 'alibi-causal-form-without-mask',
     'Uses the clipped `np.maximum(i − j, 0)` even when `causal=False`, so keys after the query get no penalty at all. Without the mask the distance is `np.abs(i − j)` in both directions.',
     '''
from posenc import capstone


def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]  # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.maximum(i[:, None] - i[None, :], 0)  # (n, n)
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)  # (outputs, weights)
''')

_add(C, 'learned-uses-sinusoidal-table',
     'The learned scheme adds the sinusoidal table. It must add the learned stand-in rows: `x + parts["table"][:n]`.',
     '''
from posenc import capstone


def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]  # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + posenc.sinusoidal(n, x.shape[1])
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])  # (n, n)
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)  # (outputs, weights)
''')

_add(C, 'learned-rows-off-by-one',
     '`parts["table"][1:n + 1]` starts at row 1, so the word at position p gets row p + 1. The first word is at position 0: `parts["table"][:n]`.',
     '''
from posenc import capstone


def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]  # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][1 : n + 1]
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])  # (n, n)
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)  # (outputs, weights)
''')

_add(C, 'multiplies-by-the-table',
     'Multiplies the word vectors by the sinusoidal table, entry by entry. The table is added to them: `x = x + posenc.sinusoidal(n, x.shape[1])`.',
     '''
from posenc import capstone


def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]  # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x * posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])  # (n, n)
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)  # (outputs, weights)
''')

_add(C, 'or-is-always-true',
     '`scheme == "learned" or "learnt"` is always true, because a non-empty string is truthy, so rope, alibi and none also get the learned rows. Compare each name explicitly: `scheme in ("learned", "learnt")`, or just `scheme == "learned"`.',
     '''
from posenc import capstone


def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]  # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned" or "learnt":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])  # (n, n)
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)  # (outputs, weights)
''')

_add(C, 'scheme-name-typo',
     'Tests `scheme == "sinusoid"`, which never matches the name the checker passes ("sinusoidal"), so the sinusoidal scheme silently behaves like none. Use the exact name `"sinusoidal"`.',
     '''
from posenc import capstone


def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]  # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoid":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])  # (n, n)
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)  # (outputs, weights)
''')

_add(C, 'causal-flag-ignored',
     'Never builds the mask, so with `causal=True` words still attend to later words. Set `mask = posenc.causal_mask(n) if causal else None`.',
     '''
from posenc import capstone


def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]  # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])  # (n, n)
    mask = None
    return posenc.attention(q, k, v, mask=mask, bias=bias)  # (outputs, weights)
''')

_add(C, 'always-masks',
     'Applies the causal mask even when `causal=False`, so the bidirectional layer cannot look ahead. Only build the mask when `causal` is true.',
     '''
from posenc import capstone


def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]  # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])  # (n, n)
    mask = posenc.causal_mask(n)
    return posenc.attention(q, k, v, mask=mask, bias=bias)  # (outputs, weights)
''')

_add(C, 'mask-transposed',
     '`posenc.causal_mask(n).T` flips the mask, so each word can see only itself and later words. Use `posenc.causal_mask(n)` as it is.',
     '''
from posenc import capstone


def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]  # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])  # (n, n)
    mask = posenc.causal_mask(n).T if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)  # (outputs, weights)
''')

_add(C, 'returns-outputs-only',
     'Returns only the outputs (`[0]`), but the layer must return what `posenc.attention` returns, the pair (outputs, weights).',
     '''
from posenc import capstone


def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]  # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])  # (n, n)
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)[0]  # the outputs
''')


# ---------------------------------------------------------------------------
# The allowed answers are printed by the course, not shown in the brief, so each
# entry starts from checks.comparison_table_answer() (the learner's correct cells)
# and changes the one thing the learner got wrong.
C = "check_comparison_table"

_add(C, 'rows-share-one-dict',
     '`dict.fromkeys(ROWS, dict.fromkeys(COLUMNS, ...))` puts the same inner dict in every row, so filling one row fills them all, and every row ends up as the last one filled. Make a fresh dict per row: `{scheme: dict.fromkeys(COLUMNS, ...) for scheme in ROWS}` (as `blank` does).',
     '''
# find the table's keys by name (rows: the four schemes and T5; columns: the five questions)
rows, cols = list(checks.recap.ROWS), list(checks.recap.COLUMNS)
T5 = next((r for r in rows if "t5" in r.lower()), rows[2])
SIN, LEARNED, ROPE, ALIBI = [next((r for r in rows if r != T5 and key in r.lower()), fallback)
                             for key, fallback in [("sin", rows[0]), ("learn", rows[1]), ("rope", rows[3]), ("alibi", rows[4])]]
ABS, PARAMS, PAST, USED = [next((c for c in cols if key in c.lower()), fallback)
                           for key, fallback in [("absolute", cols[1]), ("param", cols[2]), ("past", cols[3]), ("used", cols[4])]]
WHERE = next(c for c in cols if c not in (ABS, PARAMS, PAST, USED))
right = checks.comparison_table_answer()  # stands for what the learner got right: every cell but the one below
my_table = dict.fromkeys(rows, dict.fromkeys(cols, ...))  # my own blank template
for row in rows:
    for col in cols:
        my_table[row][col] = right[row][col]
''')

_add(C, 'numbers-counted-from-zero',
     'Gives each answer by its Python index (0, 1, 2, …), but the printed list numbers the allowed answers from 1. Add 1, or give the answers as text.',
     '''
# find the table's keys by name (rows: the four schemes and T5; columns: the five questions)
rows, cols = list(checks.recap.ROWS), list(checks.recap.COLUMNS)
T5 = next((r for r in rows if "t5" in r.lower()), rows[2])
SIN, LEARNED, ROPE, ALIBI = [next((r for r in rows if r != T5 and key in r.lower()), fallback)
                             for key, fallback in [("sin", rows[0]), ("learn", rows[1]), ("rope", rows[3]), ("alibi", rows[4])]]
ABS, PARAMS, PAST, USED = [next((c for c in cols if key in c.lower()), fallback)
                           for key, fallback in [("absolute", cols[1]), ("param", cols[2]), ("past", cols[3]), ("used", cols[4])]]
WHERE = next(c for c in cols if c not in (ABS, PARAMS, PAST, USED))
right = checks.comparison_table_answer()  # stands for what the learner got right: every cell but the one below
my_table = {row: {col: list(checks.recap.COLUMNS[col]).index(right[row][col]) for col in cols} for row in rows}
''')

_add(C, 'one-cell-left-blank',
     'One cell, RoPE\'s "past the training length", is still `...` from the template. Fill in every one of the 25 cells.',
     '''
# find the table's keys by name (rows: the four schemes and T5; columns: the five questions)
rows, cols = list(checks.recap.ROWS), list(checks.recap.COLUMNS)
T5 = next((r for r in rows if "t5" in r.lower()), rows[2])
SIN, LEARNED, ROPE, ALIBI = [next((r for r in rows if r != T5 and key in r.lower()), fallback)
                             for key, fallback in [("sin", rows[0]), ("learn", rows[1]), ("rope", rows[3]), ("alibi", rows[4])]]
ABS, PARAMS, PAST, USED = [next((c for c in cols if key in c.lower()), fallback)
                           for key, fallback in [("absolute", cols[1]), ("param", cols[2]), ("past", cols[3]), ("used", cols[4])]]
WHERE = next(c for c in cols if c not in (ABS, PARAMS, PAST, USED))
right = checks.comparison_table_answer()  # stands for what the learner got right: every cell but the one below
my_table = {row: dict(right[row]) for row in rows}
my_table[ROPE][PAST] = ...  # not sure yet, come back to it
''')

_add(C, 'rope-called-absolute',
     'Marks RoPE as absolute because each vector is turned by its own position. But the score between a query and a key depends only on their offset m − n, so RoPE is relative.',
     '''
# find the table's keys by name (rows: the four schemes and T5; columns: the five questions)
rows, cols = list(checks.recap.ROWS), list(checks.recap.COLUMNS)
T5 = next((r for r in rows if "t5" in r.lower()), rows[2])
SIN, LEARNED, ROPE, ALIBI = [next((r for r in rows if r != T5 and key in r.lower()), fallback)
                             for key, fallback in [("sin", rows[0]), ("learn", rows[1]), ("rope", rows[3]), ("alibi", rows[4])]]
ABS, PARAMS, PAST, USED = [next((c for c in cols if key in c.lower()), fallback)
                           for key, fallback in [("absolute", cols[1]), ("param", cols[2]), ("past", cols[3]), ("used", cols[4])]]
WHERE = next(c for c in cols if c not in (ABS, PARAMS, PAST, USED))
right = checks.comparison_table_answer()  # stands for what the learner got right: every cell but the one below
my_table = {row: dict(right[row]) for row in rows}
my_table[ROPE][ABS] = right[SIN][ABS]  # each vector is turned by its own position
''')

_add(C, 'rope-acts-at-input',
     'Says RoPE acts at the input, like the sinusoidal table. RoPE adds nothing to the input: it turns the queries and the keys inside attention (lesson 05).',
     '''
# find the table's keys by name (rows: the four schemes and T5; columns: the five questions)
rows, cols = list(checks.recap.ROWS), list(checks.recap.COLUMNS)
T5 = next((r for r in rows if "t5" in r.lower()), rows[2])
SIN, LEARNED, ROPE, ALIBI = [next((r for r in rows if r != T5 and key in r.lower()), fallback)
                             for key, fallback in [("sin", rows[0]), ("learn", rows[1]), ("rope", rows[3]), ("alibi", rows[4])]]
ABS, PARAMS, PAST, USED = [next((c for c in cols if key in c.lower()), fallback)
                           for key, fallback in [("absolute", cols[1]), ("param", cols[2]), ("past", cols[3]), ("used", cols[4])]]
WHERE = next(c for c in cols if c not in (ABS, PARAMS, PAST, USED))
right = checks.comparison_table_answer()  # stands for what the learner got right: every cell but the one below
my_table = {row: dict(right[row]) for row in rows}
my_table[ROPE][WHERE] = right[SIN][WHERE]
''')

_add(C, 'sinusoidal-table-trained',
     "Counts the sinusoidal table's rows as trained parameters, as for a learned table. The sinusoidal rows come from a fixed formula, so no position parameters are trained.",
     '''
# find the table's keys by name (rows: the four schemes and T5; columns: the five questions)
rows, cols = list(checks.recap.ROWS), list(checks.recap.COLUMNS)
T5 = next((r for r in rows if "t5" in r.lower()), rows[2])
SIN, LEARNED, ROPE, ALIBI = [next((r for r in rows if r != T5 and key in r.lower()), fallback)
                             for key, fallback in [("sin", rows[0]), ("learn", rows[1]), ("rope", rows[3]), ("alibi", rows[4])]]
ABS, PARAMS, PAST, USED = [next((c for c in cols if key in c.lower()), fallback)
                           for key, fallback in [("absolute", cols[1]), ("param", cols[2]), ("past", cols[3]), ("used", cols[4])]]
WHERE = next(c for c in cols if c not in (ABS, PARAMS, PAST, USED))
right = checks.comparison_table_answer()  # stands for what the learner got right: every cell but the one below
my_table = {row: dict(right[row]) for row in rows}
my_table[SIN][PARAMS] = right[LEARNED][PARAMS]
''')

_add(C, 't5-has-no-trained-parameters',
     "Says T5's relative bias trains nothing, like ALiBi. T5 learns one scalar per head and per bucket, and those are trained position parameters.",
     '''
# find the table's keys by name (rows: the four schemes and T5; columns: the five questions)
rows, cols = list(checks.recap.ROWS), list(checks.recap.COLUMNS)
T5 = next((r for r in rows if "t5" in r.lower()), rows[2])
SIN, LEARNED, ROPE, ALIBI = [next((r for r in rows if r != T5 and key in r.lower()), fallback)
                             for key, fallback in [("sin", rows[0]), ("learn", rows[1]), ("rope", rows[3]), ("alibi", rows[4])]]
ABS, PARAMS, PAST, USED = [next((c for c in cols if key in c.lower()), fallback)
                           for key, fallback in [("absolute", cols[1]), ("param", cols[2]), ("past", cols[3]), ("used", cols[4])]]
WHERE = next(c for c in cols if c not in (ABS, PARAMS, PAST, USED))
right = checks.comparison_table_answer()  # stands for what the learner got right: every cell but the one below
my_table = {row: dict(right[row]) for row in rows}
my_table[T5][PARAMS] = right[ALIBI][PARAMS]
''')

_add(C, 'alibi-slopes-trained',
     "Counts ALiBi's slopes as trained, like T5's bucket biases. The slopes are fixed by a formula (2^(−8h/n)), so ALiBi trains no position parameters.",
     '''
# find the table's keys by name (rows: the four schemes and T5; columns: the five questions)
rows, cols = list(checks.recap.ROWS), list(checks.recap.COLUMNS)
T5 = next((r for r in rows if "t5" in r.lower()), rows[2])
SIN, LEARNED, ROPE, ALIBI = [next((r for r in rows if r != T5 and key in r.lower()), fallback)
                             for key, fallback in [("sin", rows[0]), ("learn", rows[1]), ("rope", rows[3]), ("alibi", rows[4])]]
ABS, PARAMS, PAST, USED = [next((c for c in cols if key in c.lower()), fallback)
                           for key, fallback in [("absolute", cols[1]), ("param", cols[2]), ("past", cols[3]), ("used", cols[4])]]
WHERE = next(c for c in cols if c not in (ABS, PARAMS, PAST, USED))
right = checks.comparison_table_answer()  # stands for what the learner got right: every cell but the one below
my_table = {row: dict(right[row]) for row in rows}
my_table[ALIBI][PARAMS] = right[T5][PARAMS]
''')

_add(C, 'learned-table-extends',
     'Answers for the learned table as for the sinusoidal one, as if it could produce rows past its end. A learned table stops at its last row (lesson 04): past the training length there is no row to add.',
     '''
# find the table's keys by name (rows: the four schemes and T5; columns: the five questions)
rows, cols = list(checks.recap.ROWS), list(checks.recap.COLUMNS)
T5 = next((r for r in rows if "t5" in r.lower()), rows[2])
SIN, LEARNED, ROPE, ALIBI = [next((r for r in rows if r != T5 and key in r.lower()), fallback)
                             for key, fallback in [("sin", rows[0]), ("learn", rows[1]), ("rope", rows[3]), ("alibi", rows[4])]]
ABS, PARAMS, PAST, USED = [next((c for c in cols if key in c.lower()), fallback)
                           for key, fallback in [("absolute", cols[1]), ("param", cols[2]), ("past", cols[3]), ("used", cols[4])]]
WHERE = next(c for c in cols if c not in (ABS, PARAMS, PAST, USED))
right = checks.comparison_table_answer()  # stands for what the learner got right: every cell but the one below
my_table = {row: dict(right[row]) for row in rows}
my_table[LEARNED][PAST] = right[SIN][PAST]
''')

_add(C, 'rope-extrapolates-like-alibi',
     'Puts RoPE\'s "past the training length" answer equal to ALiBi\'s, on the grounds that both are relative. Past the training length RoPE meets angles of its slow pairs that training never produced (lesson 06).',
     '''
# find the table's keys by name (rows: the four schemes and T5; columns: the five questions)
rows, cols = list(checks.recap.ROWS), list(checks.recap.COLUMNS)
T5 = next((r for r in rows if "t5" in r.lower()), rows[2])
SIN, LEARNED, ROPE, ALIBI = [next((r for r in rows if r != T5 and key in r.lower()), fallback)
                             for key, fallback in [("sin", rows[0]), ("learn", rows[1]), ("rope", rows[3]), ("alibi", rows[4])]]
ABS, PARAMS, PAST, USED = [next((c for c in cols if key in c.lower()), fallback)
                           for key, fallback in [("absolute", cols[1]), ("param", cols[2]), ("past", cols[3]), ("used", cols[4])]]
WHERE = next(c for c in cols if c not in (ABS, PARAMS, PAST, USED))
right = checks.comparison_table_answer()  # stands for what the learner got right: every cell but the one below
my_table = {row: dict(right[row]) for row in rows}
my_table[ROPE][PAST] = right[ALIBI][PAST]
''')

_add(C, 'rope-and-alibi-models-swapped',
     'Swaps the "used by" cells of RoPE and ALiBi. Llama and Mistral 7B use RoPE; BLOOM and MPT use ALiBi.',
     '''
# find the table's keys by name (rows: the four schemes and T5; columns: the five questions)
rows, cols = list(checks.recap.ROWS), list(checks.recap.COLUMNS)
T5 = next((r for r in rows if "t5" in r.lower()), rows[2])
SIN, LEARNED, ROPE, ALIBI = [next((r for r in rows if r != T5 and key in r.lower()), fallback)
                             for key, fallback in [("sin", rows[0]), ("learn", rows[1]), ("rope", rows[3]), ("alibi", rows[4])]]
ABS, PARAMS, PAST, USED = [next((c for c in cols if key in c.lower()), fallback)
                           for key, fallback in [("absolute", cols[1]), ("param", cols[2]), ("past", cols[3]), ("used", cols[4])]]
WHERE = next(c for c in cols if c not in (ABS, PARAMS, PAST, USED))
right = checks.comparison_table_answer()  # stands for what the learner got right: every cell but the one below
my_table = {row: dict(right[row]) for row in rows}
my_table[ROPE][USED], my_table[ALIBI][USED] = right[ALIBI][USED], right[ROPE][USED]
''')

_add(C, 'sinusoidal-and-learned-models-swapped',
     'Swaps the "used by" cells of the sinusoidal and learned rows. The original Transformer uses the sinusoidal table; BERT and GPT-2 learn theirs.',
     '''
# find the table's keys by name (rows: the four schemes and T5; columns: the five questions)
rows, cols = list(checks.recap.ROWS), list(checks.recap.COLUMNS)
T5 = next((r for r in rows if "t5" in r.lower()), rows[2])
SIN, LEARNED, ROPE, ALIBI = [next((r for r in rows if r != T5 and key in r.lower()), fallback)
                             for key, fallback in [("sin", rows[0]), ("learn", rows[1]), ("rope", rows[3]), ("alibi", rows[4])]]
ABS, PARAMS, PAST, USED = [next((c for c in cols if key in c.lower()), fallback)
                           for key, fallback in [("absolute", cols[1]), ("param", cols[2]), ("past", cols[3]), ("used", cols[4])]]
WHERE = next(c for c in cols if c not in (ABS, PARAMS, PAST, USED))
right = checks.comparison_table_answer()  # stands for what the learner got right: every cell but the one below
my_table = {row: dict(right[row]) for row in rows}
my_table[SIN][USED], my_table[LEARNED][USED] = right[LEARNED][USED], right[SIN][USED]
''')

_add(C, 't5-called-absolute',
     "Marks T5's bias as absolute because it is learned, like a learned table. Its scalars are indexed by the bucket of the offset i − j, so it is relative.",
     '''
# find the table's keys by name (rows: the four schemes and T5; columns: the five questions)
rows, cols = list(checks.recap.ROWS), list(checks.recap.COLUMNS)
T5 = next((r for r in rows if "t5" in r.lower()), rows[2])
SIN, LEARNED, ROPE, ALIBI = [next((r for r in rows if r != T5 and key in r.lower()), fallback)
                             for key, fallback in [("sin", rows[0]), ("learn", rows[1]), ("rope", rows[3]), ("alibi", rows[4])]]
ABS, PARAMS, PAST, USED = [next((c for c in cols if key in c.lower()), fallback)
                           for key, fallback in [("absolute", cols[1]), ("param", cols[2]), ("past", cols[3]), ("used", cols[4])]]
WHERE = next(c for c in cols if c not in (ABS, PARAMS, PAST, USED))
right = checks.comparison_table_answer()  # stands for what the learner got right: every cell but the one below
my_table = {row: dict(right[row]) for row in rows}
my_table[T5][ABS] = right[LEARNED][ABS]
''')

_add(C, 't5-acts-at-input',
     "Says T5's bias acts at the input, as a learned table does. T5 adds its learned scalar to each attention score, the same place as ALiBi.",
     '''
# find the table's keys by name (rows: the four schemes and T5; columns: the five questions)
rows, cols = list(checks.recap.ROWS), list(checks.recap.COLUMNS)
T5 = next((r for r in rows if "t5" in r.lower()), rows[2])
SIN, LEARNED, ROPE, ALIBI = [next((r for r in rows if r != T5 and key in r.lower()), fallback)
                             for key, fallback in [("sin", rows[0]), ("learn", rows[1]), ("rope", rows[3]), ("alibi", rows[4])]]
ABS, PARAMS, PAST, USED = [next((c for c in cols if key in c.lower()), fallback)
                           for key, fallback in [("absolute", cols[1]), ("param", cols[2]), ("past", cols[3]), ("used", cols[4])]]
WHERE = next(c for c in cols if c not in (ABS, PARAMS, PAST, USED))
right = checks.comparison_table_answer()  # stands for what the learner got right: every cell but the one below
my_table = {row: dict(right[row]) for row in rows}
my_table[T5][WHERE] = right[LEARNED][WHERE]
''')

_add(C, 'rope-and-alibi-places-swapped',
     'Swaps "where it acts" between RoPE and ALiBi. RoPE turns the queries and keys (lesson 05); ALiBi adds to the scores (lesson 06).',
     '''
# find the table's keys by name (rows: the four schemes and T5; columns: the five questions)
rows, cols = list(checks.recap.ROWS), list(checks.recap.COLUMNS)
T5 = next((r for r in rows if "t5" in r.lower()), rows[2])
SIN, LEARNED, ROPE, ALIBI = [next((r for r in rows if r != T5 and key in r.lower()), fallback)
                             for key, fallback in [("sin", rows[0]), ("learn", rows[1]), ("rope", rows[3]), ("alibi", rows[4])]]
ABS, PARAMS, PAST, USED = [next((c for c in cols if key in c.lower()), fallback)
                           for key, fallback in [("absolute", cols[1]), ("param", cols[2]), ("past", cols[3]), ("used", cols[4])]]
WHERE = next(c for c in cols if c not in (ABS, PARAMS, PAST, USED))
right = checks.comparison_table_answer()  # stands for what the learner got right: every cell but the one below
my_table = {row: dict(right[row]) for row in rows}
my_table[ROPE][WHERE], my_table[ALIBI][WHERE] = right[ALIBI][WHERE], right[ROPE][WHERE]
''')

_add(C, 't5-row-put-last',
     'Fills the rows in the order of the layer\'s schemes with T5 last, but T5 is the third row of the table. Fill each row under its own key (`my_table["..."]`) rather than by position.',
     '''
# find the table's keys by name (rows: the four schemes and T5; columns: the five questions)
rows, cols = list(checks.recap.ROWS), list(checks.recap.COLUMNS)
T5 = next((r for r in rows if "t5" in r.lower()), rows[2])
SIN, LEARNED, ROPE, ALIBI = [next((r for r in rows if r != T5 and key in r.lower()), fallback)
                             for key, fallback in [("sin", rows[0]), ("learn", rows[1]), ("rope", rows[3]), ("alibi", rows[4])]]
ABS, PARAMS, PAST, USED = [next((c for c in cols if key in c.lower()), fallback)
                           for key, fallback in [("absolute", cols[1]), ("param", cols[2]), ("past", cols[3]), ("used", cols[4])]]
WHERE = next(c for c in cols if c not in (ABS, PARAMS, PAST, USED))
right = checks.comparison_table_answer()  # stands for what the learner got right: every cell but the one below
order = [SIN, LEARNED, ROPE, ALIBI, T5]  # the layer's four schemes, then T5
my_table = {row: dict(right[scheme]) for row, scheme in zip(rows, order)}
''')

_add(C, 'nested-the-wrong-way',
     'Nests the table by column first (`my_table[column][scheme]`). The template is keyed by scheme first: `my_table[scheme][column]`.',
     '''
# find the table's keys by name (rows: the four schemes and T5; columns: the five questions)
rows, cols = list(checks.recap.ROWS), list(checks.recap.COLUMNS)
T5 = next((r for r in rows if "t5" in r.lower()), rows[2])
SIN, LEARNED, ROPE, ALIBI = [next((r for r in rows if r != T5 and key in r.lower()), fallback)
                             for key, fallback in [("sin", rows[0]), ("learn", rows[1]), ("rope", rows[3]), ("alibi", rows[4])]]
ABS, PARAMS, PAST, USED = [next((c for c in cols if key in c.lower()), fallback)
                           for key, fallback in [("absolute", cols[1]), ("param", cols[2]), ("past", cols[3]), ("used", cols[4])]]
WHERE = next(c for c in cols if c not in (ABS, PARAMS, PAST, USED))
right = checks.comparison_table_answer()  # stands for what the learner got right: every cell but the one below
my_table = {col: {row: right[row][col] for row in rows} for col in cols}
''')
