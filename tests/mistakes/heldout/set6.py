"""Plausible wrong answers to the 12 coding exercises of the positional-encoding course (set 6)."""

MISTAKES = []


def _add(checker, name, cause, code):
    MISTAKES.append(dict(checker=checker, name=name, cause=cause, code=code))


# ---------------------------------------------------------------------------
C = "check_positions_column"

_add(C, "flat-row-no-new-axis",
     "Returns `np.arange(seq_len)`, a 1-D array of shape (seq_len,), not a column. Add the second axis: `np.arange(seq_len)[:, None]`.",
     '''
def my_positions(seq_len):
    # the positions 0, 1, ..., seq_len - 1 as a column: shape (seq_len, 1)
    return np.arange(seq_len)
''')

_add(C, "new-axis-in-front",
     "`[None, :]` puts the new axis first, giving a (1, seq_len) row. The column needs the new axis last: `np.arange(seq_len)[:, None]`.",
     '''
def my_positions(seq_len):
    # the positions 0, 1, ..., seq_len - 1 as a column: shape (seq_len, 1)
    return np.arange(seq_len)[None, :]
''')

_add(C, "transpose-of-1d-is-noop",
     "`.T` does nothing to a 1-D array: `np.arange(seq_len).T` still has shape (seq_len,). Make the column with `[:, None]` (or `.reshape(-1, 1)`).",
     '''
def my_positions(seq_len):
    # transpose the row to get a column
    return np.arange(seq_len).T
''')

_add(C, "starts-at-one",
     "Counts positions from 1 (`np.arange(1, seq_len + 1)`). The first position is 0: use `np.arange(seq_len)`.",
     '''
def my_positions(seq_len):
    # the positions 0, 1, ..., seq_len - 1 as a column: shape (seq_len, 1)
    return np.arange(1, seq_len + 1)[:, None]
''')

_add(C, "stop-included-one-too-many",
     "`np.arange(seq_len + 1)` adds one position too many: `arange` already stops before its end, so `np.arange(seq_len)` gives 0 to seq_len - 1.",
     '''
def my_positions(seq_len):
    # the last position is seq_len, so stop one after it
    return np.arange(seq_len + 1)[:, None]
''')

_add(C, "stop-minus-one-too-few",
     "`np.arange(seq_len - 1)` stops at seq_len - 2: `arange` already leaves out its stop, so write `np.arange(seq_len)` to end at seq_len - 1.",
     '''
def my_positions(seq_len):
    # the last position is seq_len - 1
    return np.arange(seq_len - 1)[:, None]
''')

_add(C, "zeros-right-shape-no-values",
     "`np.zeros((seq_len, 1))` has the right shape but every position is 0. The column must hold 0, 1, ..., seq_len - 1: `np.arange(seq_len)[:, None]`.",
     '''
def my_positions(seq_len):
    # shape (seq_len, 1)
    return np.zeros((seq_len, 1))
''')

_add(C, "linspace-includes-endpoint",
     "`np.linspace(0, seq_len, seq_len)` includes seq_len itself, so the steps are not 1. Use `np.arange(seq_len)`, whose steps are exactly 1.",
     '''
def my_positions(seq_len):
    return np.linspace(0, seq_len, seq_len)[:, None]
''')

_add(C, "normalised-to-unit-interval",
     "Scales the positions into [0, 1] with `np.linspace(0, 1, seq_len)`. Positions are the whole numbers 0, 1, ..., seq_len - 1: `np.arange(seq_len)[:, None]`.",
     '''
def my_positions(seq_len):
    # positions from the start (0) to the end (1) of the sentence
    return np.linspace(0, 1, seq_len)[:, None]
''')

_add(C, "two-new-axes",
     "`[:, None, None]` adds two axes, giving shape (seq_len, 1, 1). One `None` is enough: `np.arange(seq_len)[:, None]`.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len)[:, None, None]
''')

_add(C, "counts-down",
     "Reverses the order (`[::-1]`), so the column runs seq_len - 1, ..., 0. Row p must hold position p: drop the reversal.",
     '''
def my_positions(seq_len):
    # distance from the end of the sentence
    return np.arange(seq_len)[::-1][:, None]
''')

_add(C, "resize-returns-none",
     "`ndarray.resize` changes the array in place and returns None, so the function returns None. Use `.reshape(seq_len, 1)`, which returns the new array (or `[:, None]`).",
     '''
def my_positions(seq_len):
    return np.arange(seq_len).resize(seq_len, 1)
''')

_add(C, "prints-instead-of-returning",
     "The function prints the column and returns nothing (None). Replace `print(...)` with `return ...`.",
     '''
def my_positions(seq_len):
    print(np.arange(seq_len)[:, None])
''')

_add(C, "hard-coded-example",
     "Returns the example's three positions `[[0], [1], [2]]` whatever seq_len is. Build the column from the argument: `np.arange(seq_len)[:, None]`.",
     '''
def my_positions(seq_len):
    return np.array([[0], [1], [2]])
''')

_add(C, "whole-grid-tiled",
     "`np.tile` builds a (seq_len, seq_len) grid of positions, not the (seq_len, 1) column; the broadcasting with the frequencies comes later. Return `np.arange(seq_len)[:, None]`.",
     '''
def my_positions(seq_len):
    return np.tile(np.arange(seq_len), (seq_len, 1))
''')

_add(C, "step-of-two",
     "`np.arange(0, seq_len, 2)` keeps only the even positions (the step 2 belongs to the frequency exponent, not here). Use `np.arange(seq_len)`.",
     '''
def my_positions(seq_len):
    return np.arange(0, seq_len, 2)[:, None]
''')

_add(C, "indices-without-picking-one",
     "`np.indices((seq_len, 1))` returns both index grids, shape (2, seq_len, 1). Take the first one, `np.indices((seq_len, 1))[0]`, or simply `np.arange(seq_len)[:, None]`.",
     '''
def my_positions(seq_len):
    return np.indices((seq_len, 1))
''')


# ---------------------------------------------------------------------------
C = "check_attention"

_add(C, "no-scaling",
     "The scores are `q @ k.T` without the division by the square root of d_head. Write `q @ k.T / np.sqrt(q.shape[-1])`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T  # (seq_len_q, seq_len_k)
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "divides-by-d-not-sqrt",
     "Divides the scores by d_head instead of its square root. The standard deviation of q . k is sqrt(d_head): use `/ np.sqrt(q.shape[-1])`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / q.shape[-1]
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "multiplies-by-sqrt",
     "Multiplies the scores by sqrt(d_head), making them larger instead of bringing them back to variance 1. Divide: `q @ k.T / np.sqrt(d_head)`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T * np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "sqrt-of-seq-len",
     "`len(q)` is the number of queries (seq_len_q), not the width of a query. d_head is `q.shape[-1]`.",
     '''
def my_attention(q, k, v):
    d_head = len(q)
    scores = q @ k.T / np.sqrt(d_head)
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "half-power-precedence",
     "`d_head ** 1/2` is `(d_head ** 1) / 2`, half of d_head, because `**` binds tighter than `/`. Write `d_head ** 0.5` or `np.sqrt(d_head)`.",
     '''
def my_attention(q, k, v):
    d_head = q.shape[-1]
    scale = d_head ** 1/2
    scores = q @ k.T / scale
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "scales-both-q-and-k",
     "Divides both q and k by sqrt(d_head), so the scores are divided by d_head in total. Scale only once: `q @ k.T / np.sqrt(d_head)`.",
     '''
def my_attention(q, k, v):
    d_head = q.shape[-1]
    scores = (q / np.sqrt(d_head)) @ (k / np.sqrt(d_head)).T
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "floor-division",
     "`//` is floor division: it rounds every scaled score down to a whole number. Use `/`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T // np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "softmax-over-queries",
     "`axis=0` normalises each column (over the queries), so a query's weights do not sum to 1. Softmax along the keys: `axis=-1`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=0)
    return weights @ v
''')

_add(C, "softmax-over-whole-matrix",
     "Divides by the sum of the whole matrix of exponentials, so all the weights together sum to 1 rather than each row. Sum along the last axis: `posenc.softmax(scores, axis=-1)`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = np.exp(scores) / np.exp(scores).sum()
    return weights @ v
''')

_add(C, "row-sum-without-keepdims",
     "`np.exp(scores).sum(axis=1)` has shape (seq_len_q,), and broadcasting lines it up with the last axis, so it divides columns, not rows. Use `.sum(axis=-1, keepdims=True)` or `posenc.softmax(scores, axis=-1)`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = np.exp(scores) / np.exp(scores).sum(axis=1)
    return weights @ v
''')

_add(C, "max-subtracted-in-numerator-only",
     "Subtracts the largest score above the fraction but not below it, so every weight is shrunk by e^-max. Subtract it on both sides, or call `posenc.softmax(scores, axis=-1)`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = np.exp(scores - scores.max()) / np.exp(scores).sum(axis=-1, keepdims=True)
    return weights @ v
''')

_add(C, "exponentials-not-normalised",
     "`np.exp(scores)` is only the top of the softmax: without dividing by each row's sum the weights do not sum to 1. Use `posenc.softmax(scores, axis=-1)`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = np.exp(scores)
    return weights @ v
''')

_add(C, "no-softmax",
     "Uses the raw scores as weights. The scores must go through the softmax first: `weights = posenc.softmax(scores, axis=-1)`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = scores
    return weights @ v
''')

_add(C, "scales-after-softmax",
     "Divides the weights by sqrt(d_head) after the softmax, so they no longer sum to 1. The division belongs to the scores, before the softmax.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T
    weights = posenc.softmax(scores, axis=-1) / np.sqrt(q.shape[-1])
    return weights @ v
''')

_add(C, "keys-times-queries",
     "`k @ q.T` puts the keys in the rows: entry (i, j) is key i against query j. Row i must be query i's scores: `q @ k.T`.",
     '''
def my_attention(q, k, v):
    scores = k @ q.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "returns-weights",
     "Returns the attention weights instead of the output. The output is each query's weighted sum of the values: `return weights @ v`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights
''')

_add(C, "returns-output-and-weights",
     "Returns the pair `(output, weights)` the way `posenc.attention` does, but the exercise asks only for the output: `return weights @ v`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v, weights
''')


# ---------------------------------------------------------------------------
C = "check_equivariance_test"

_add(C, "exact-equality",
     "`==` compares to the last digit, and attention on shuffled rows adds its numbers in another order, so it rounds a little differently. Compare with `np.allclose(f(x[perm]), f(x)[perm])`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool((f(x[perm]) == f(x)[perm]).all())
''')

_add(C, "returns-array-of-booleans",
     "`np.isclose` returns one True/False per entry, not a single answer. Reduce it to one boolean: `np.allclose(...)` (or `.all()`).",
     '''
def is_permutation_equivariant(f, x, perm):
    return np.isclose(f(x[perm]), f(x)[perm])
''')

_add(C, "any-instead-of-all",
     "`.any()` is True as soon as one entry matches. Every entry must match: use `.all()`, or `np.allclose`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.isclose(f(x[perm]), f(x)[perm]).any())
''')

_add(C, "tests-invariance",
     "Compares `f(x[perm])` with the unshuffled `f(x)`: that tests whether the output ignores the order (invariance). Equivariance shuffles the outputs too: compare with `f(x)[perm]`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm]), f(x)))
''')

_add(C, "perm-applied-twice",
     "`f(x[perm])[perm]` shuffles the already-shuffled output again, so it is compared with `f(x)` after two shuffles. Shuffle once on each side: `np.allclose(f(x[perm]), f(x)[perm])`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm])[perm], f(x)))
''')

_add(C, "inverse-permutation",
     "`np.argsort(perm)` is the inverse reordering; the outputs must be shuffled by `perm` itself, the same way as the inputs: `f(x)[perm]`.",
     '''
def is_permutation_equivariant(f, x, perm):
    undo = np.argsort(perm)
    return bool(np.allclose(f(x[perm]), f(x)[undo]))
''')

_add(C, "sorted-rows-same-set",
     "Sorting each column only checks that the two outputs hold the same numbers, in any rows. Row p of f(x[perm]) must equal row perm[p] of f(x): compare `f(x[perm])` with `f(x)[perm]` unsorted.",
     '''
def is_permutation_equivariant(f, x, perm):
    a = np.sort(f(x[perm]), axis=0)
    b = np.sort(f(x), axis=0)
    return bool(np.allclose(a, b))
''')

_add(C, "compares-totals",
     "Comparing the sums of the two outputs cannot see the order: any reordering of rows has the same total. Compare the arrays entry by entry with `np.allclose(f(x[perm]), f(x)[perm])`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.isclose(f(x[perm]).sum(), f(x).sum()))
''')

_add(C, "signed-differences-cancel",
     "Summing the signed differences lets positive and negative errors cancel (to exactly 0 when a function adds a fixed row to each position). Compare entry by entry: `np.allclose(f(x[perm]), f(x)[perm])`.",
     '''
def is_permutation_equivariant(f, x, perm):
    diff = f(x[perm]) - f(x)[perm]
    return bool(np.isclose(diff.sum(), 0.0))
''')

_add(C, "first-row-only",
     "Only row 0 is compared; a function can agree there and differ on every other row. Compare all rows: `np.allclose(f(x[perm]), f(x)[perm])`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm])[0], f(x)[perm[0]]))
''')

_add(C, "own-random-shuffle",
     "Shuffles x with `np.random.permutation`, a different order from `perm`, then compares with the outputs shuffled by `perm`. Use the given `perm` on both sides: `x[perm]`.",
     '''
def is_permutation_equivariant(f, x, perm):
    shuffled = np.random.permutation(x)  # shuffle the rows
    return bool(np.allclose(f(shuffled), f(x)[perm]))
''')

_add(C, "alias-not-copy",
     "`shuffled = x` is the same array, so `shuffled[:] = x[perm]` also shuffles x, and `f(x)` is then computed on shuffled rows. Do not write into x: use `x[perm]` (a new array) directly.",
     '''
def is_permutation_equivariant(f, x, perm):
    shuffled = x
    shuffled[:] = x[perm]
    return bool(np.allclose(f(shuffled), f(x)[perm]))
''')

_add(C, "compares-shapes",
     "Comparing the shapes is always True for functions that keep the number of rows. Compare the values: `np.allclose(f(x[perm]), f(x)[perm])`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return f(x[perm]).shape == f(x)[perm].shape
''')

_add(C, "both-sides-shuffle-inputs",
     "Both sides are `f(x[perm])`, so they are always equal. The second side must shuffle the outputs: `f(x)[perm]`.",
     '''
def is_permutation_equivariant(f, x, perm):
    shuffled_in = f(x[perm])
    shuffled_out = f(x[perm])
    return bool(np.allclose(shuffled_in, shuffled_out))
''')

_add(C, "answer-inverted",
     "Returns `not np.allclose(...)`, True when the outputs differ. Equivariant means they match: return `np.allclose(f(x[perm]), f(x)[perm])` itself.",
     '''
def is_permutation_equivariant(f, x, perm):
    changed = not np.allclose(f(x[perm]), f(x)[perm])
    return changed
''')


# ---------------------------------------------------------------------------
C = "check_sinusoidal"

_add(C, "i-instead-of-2i",
     "`np.arange(d_model // 2)` gives i = 0, 1, 2, ..., but the exponent needs 2i = 0, 2, 4, ...: use `np.arange(0, d_model, 2)`.",
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

_add(C, "exponent-missing-minus",
     "`10000 ** (2i / d_model)` grows with i: those are the wavelengths' factors, not frequencies. The frequency is `10000.0 ** (-2i / d_model)`, with the minus sign.",
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

_add(C, "power-before-division",
     "`10000.0 ** -np.arange(0, d_model, 2) / d_model` raises 10000 to -2i first and only then divides by d_model. Bracket the exponent: `10000.0 ** (-np.arange(0, d_model, 2) / d_model)`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** -np.arange(0, d_model, 2) / d_model  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "floor-division-in-exponent",
     "`-np.arange(0, d_model, 2) // d_model` is floor division on integers: every exponent becomes 0 or -1. Use true division `/`.",
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

_add(C, "divides-by-half-width",
     "Divides 2i by `d_model // 2`, the number of pairs, instead of by d_model. The exponent is -2i / d_model.",
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

_add(C, "log10-in-exp-form",
     "In the `np.exp` form the factor must be the natural logarithm, `np.log(10000.0)`; `np.log10(10000.0)` is 4, which turns the base into e**4. Use `np.log`, or write `10000.0 ** (-2i / d_model)`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = np.exp(-np.arange(0, d_model, 2) * np.log10(10000.0) / d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "angles-added-not-multiplied",
     "`positions + freqs` adds the frequency to the position; the angle is the position times the frequency: `positions * freqs`.",
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

_add(C, "extra-two-pi",
     "Multiplies the angles by 2π as if the frequencies counted turns; ω_i is already in radians per position, so the angle is just `positions * freqs`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = 2 * np.pi * positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "sin-cos-swapped",
     "Puts the cosines in the even columns and the sines in the odd ones. The sines go in `table[:, 0::2]`, the cosines in `table[:, 1::2]`.",
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

_add(C, "halves-not-interleaved",
     "Puts all the sines in the first half of the columns and all the cosines in the second half. They alternate: sines in `table[:, 0::2]`, cosines in `table[:, 1::2]`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    half = d_model // 2
    table[:, :half] = np.sin(angles)
    table[:, half:] = np.cos(angles)
    return table
''')

_add(C, "stack-on-wrong-axis",
     "`np.stack(..., axis=1)` puts the sine/cosine axis before the pairs, so the reshape lays out all sines then all cosines. Stack on the last axis (`axis=-1`) so each sine sits next to its cosine.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.stack([np.sin(angles), np.cos(angles)], axis=1)
    return table.reshape(seq_len, d_model)
''')

_add(C, "cosines-overwrite-sine-columns",
     "The cosine line writes into `table[:, 0::2]` again (copied from the sine line), overwriting the sines and leaving the odd columns 0. Write the cosines into `table[:, 1::2]`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    table[:, 0::2] = np.cos(angles)
    return table
''')

_add(C, "cosine-of-the-sines",
     "`np.cos(table[:, 0::2])` takes the cosine of the sines just written, not of the angles. Use `np.cos(angles)`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(table[:, 0::2])
    return table
''')

_add(C, "cosine-from-sqrt",
     "`np.sqrt(1 - sin**2)` is |cos|, never negative, so it loses the cosine's sign. Use `np.cos(angles)`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    sines = np.sin(angles)
    table[:, 0::2] = sines
    table[:, 1::2] = np.sqrt(1 - sines ** 2)
    return table
''')

_add(C, "cosine-uses-own-column-index",
     "Gives the cosine columns their own exponent, from the odd column index 2i + 1. A sine and its cosine share one frequency, ω_i = 10000^(-2i/d_model): use `np.cos(angles)`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    odd_freqs = 10000.0 ** (-np.arange(1, d_model, 2) / d_model)
    table[:, 1::2] = np.cos(positions * odd_freqs)
    return table
''')

_add(C, "linspace-includes-endpoint",
     "`np.linspace(0, d_model, d_model // 2)` includes d_model itself, so its steps are not 2. Use `np.arange(0, d_model, 2)` for 2i = 0, 2, ..., d_model - 2.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.linspace(0, d_model, d_model // 2) / d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "zeros-like-keeps-int-dtype",
     "`np.zeros_like(positions, ...)` copies the integer dtype of positions, so every sine and cosine written into the table is cut to a whole number. Create a float table: `np.zeros((seq_len, d_model))`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros_like(positions, shape=(seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "table-never-returned",
     "The last line is `table` on its own, which does nothing; the function returns None. Write `return table`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    table
''')


# ---------------------------------------------------------------------------
C = "check_wavelength"

_add(C, "frequency-not-wavelength",
     "This is ω_12, the angle per position (0.01), not the wavelength. The wavelength is a full turn divided by it: `2 * np.pi / ω`.",
     '''
my_wavelength = 10000.0 ** (-2 * 12 / 48)  # a number: 2π / ω_12 for d_model = 48
''')

_add(C, "missing-two-pi",
     "`1 / ω` is the number of positions per radian (100). A full turn is 2π radians: `2 * np.pi / ω`.",
     '''
my_wavelength = 1 / 10000.0 ** (-2 * 12 / 48)
''')

_add(C, "half-turn-pi",
     "Divides π by ω, half a turn. A full period of sin is 2π: `2 * np.pi / ω`.",
     '''
my_wavelength = np.pi / 10000.0 ** (-2 * 12 / 48)
''')

_add(C, "degrees-360",
     "Uses 360 for a full turn, but the angles p·ω are in radians: a full turn is `2 * np.pi`.",
     '''
my_wavelength = 360 / 10000.0 ** (-2 * 12 / 48)
''')

_add(C, "i-instead-of-2i",
     "The exponent uses i = 12 instead of 2i = 24: ω_12 = 10000^(-2·12/48).",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-12 / 48)
''')

_add(C, "positive-exponent",
     "Drops the minus sign of the exponent, so it divides by 10000^(+1/2) = 100 instead of 10000^(-1/2). ω_12 = 10000.0 ** (-2 * 12 / 48).",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (2 * 12 / 48)
''')

_add(C, "exponent-not-bracketed",
     "Without brackets `10000.0 ** -2 * 12 / 48` raises 10000 to -2 and then multiplies and divides. Bracket the exponent: `10000.0 ** (-2 * 12 / 48)`.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** -2 * 12 / 48
''')

_add(C, "floor-division-exponent",
     "`-2 * 12 // 48` is floor division: -24 // 48 is -1, not -0.5. Use `/`.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-2 * 12 // 48)
''')

_add(C, "log10-in-exp-form",
     "`np.exp(x * np.log10(10000))` makes the base e**4, not 10000: the exp form needs the natural log, `np.log(10000.0)`.",
     '''
omega = np.exp(-2 * 12 / 48 * np.log10(10000.0))
my_wavelength = 2 * np.pi / omega
''')

_add(C, "base-typo-1000",
     "The base is 1000 instead of 10000 (one zero missing). ω_12 = 10000^(-1/2).",
     '''
my_wavelength = 2 * np.pi / 1000.0 ** (-2 * 12 / 48)
''')

_add(C, "inverse-of-two-pi-omega",
     "`1 / (2π ω)` puts 2π below the fraction. The wavelength is 2π divided by ω: `2 * np.pi / ω`.",
     '''
omega = 10000.0 ** (-2 * 12 / 48)
my_wavelength = 1 / (2 * np.pi * omega)
''')

_add(C, "every-pair-array",
     "Computes the wavelengths of all 24 pairs, an array. The exercise asks for one number, pair 12's: index the array with `[12]` or compute it directly.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-np.arange(0, 48, 2) / 48)
''')

_add(C, "counted-pairs-from-one",
     "`[11]` picks pair 11: the array starts at pair 0, so pair 12 is `[12]`.",
     '''
wavelengths = 2 * np.pi / 10000.0 ** (-np.arange(0, 48, 2) / 48)
my_wavelength = wavelengths[11]  # the 12th pair
''')

_add(C, "truncated-to-int",
     "`int(...)` cuts off the decimals (628 instead of 628.32). Keep the float.",
     '''
my_wavelength = int(2 * np.pi / 10000.0 ** (-2 * 12 / 48))
''')

_add(C, "trailing-comma-tuple",
     "The trailing comma makes `my_wavelength` a tuple of one number. Remove the comma.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-2 * 12 / 48),
''')

_add(C, "assigned-print",
     "`print(...)` shows the number but returns None, so `my_wavelength` is None. Assign the expression itself, then print it if you like.",
     '''
my_wavelength = print(2 * np.pi / 10000.0 ** (-2 * 12 / 48))
''')


# ---------------------------------------------------------------------------
C = "check_offset_rotation"

_add(C, "textbook-rotation-transposed",
     "Uses the textbook rotation block `[[c, -s], [s, c]]`, the transpose of the one this table needs. With pairs stored as (sin, cos), row 2i is `[c, s]` and row 2i + 1 is `[-s, c]`.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, -s], [s, c]]
    return M
''')

_add(C, "minus-sign-dropped",
     "The block `[[c, s], [s, c]]` has lost its minus sign; the cosine row is cos(α + β) = cos α cos β - sin α sin β, so row 2i + 1 is `[-s, c]`.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [s, c]]
    return M
''')

_add(C, "sin-and-cos-swapped-in-block",
     "Puts the sines of the shift on the diagonal and the cosines off it (`[[s, c], [-c, s]]`). The diagonal holds cos(k w): block `[[c, s], [-s, c]]`; at k = 0 it must be the identity.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[s, c], [-c, s]]
    return M
''')

_add(C, "blocks-at-i-not-2i",
     "Places pair i's block at rows and columns i, i + 1, so the blocks overlap and overwrite each other. Pair i occupies 2i and 2i + 1: slice `2 * i : 2 * i + 2`.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[i : i + 2, i : i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "forgot-the-offset-k",
     "Uses cos(w) and sin(w), the turn for an offset of 1, whatever k is. The shift by k turns each pair by k·w: `np.cos(k * w)`, `np.sin(k * w)`.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    for i, w in enumerate(freqs):
        c, s = np.cos(w), np.sin(w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "pair-index-as-frequency",
     "Multiplies k by the pair index i instead of its frequency `freqs[i]`. The angle of pair i is k · ω_i.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    for i in range(d_model // 2):
        c, s = np.cos(k * i), np.sin(k * i)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "loop-misses-last-pair",
     "`range(d_model // 2 - 1)` stops one pair early, so the last block stays zero. Loop over all pairs: `range(d_model // 2)`.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    for i in range(d_model // 2 - 1):
        c, s = np.cos(k * freqs[i]), np.sin(k * freqs[i])
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "identity-plus-block",
     "Starts from `np.eye` and adds the block with `+=`, so the diagonal holds 1 + cos(k w). Start from zeros (as given) and assign the block with `=`.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.eye(d_model)  # start from "no change"
    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] += [[c, s], [-s, c]]
    return M
''')

_add(C, "chained-fancy-index-writes-a-copy",
     "`M[idx][:, idx] = ...` indexes with a list first, which makes a copy, and writes the block into that copy; M stays all zeros. Use one index with slices: `M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = ...`.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        idx = [2 * i, 2 * i + 1]
        M[idx][:, idx] = [[c, s], [-s, c]]
    return M
''')

_add(C, "off-diagonals-link-neighbouring-pairs",
     "The repeated sines fill the whole super- and sub-diagonal, which also couples the last dimension of one pair with the first of the next. Only entries (2i, 2i + 1) and (2i + 1, 2i) are non-zero: put 0 between pairs (e.g. `[s0, 0, s1, 0, ...]`) or fill block by block.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    c = np.repeat(np.cos(k * freqs), 2)  # (d_model,)
    s = np.repeat(np.sin(k * freqs), 2)[:-1]  # (d_model - 1,)
    M = np.diag(c) + np.diag(s, 1) - np.diag(s, -1)
    return M
''')

_add(C, "loop-variable-shadows-k",
     "`for k, w in enumerate(freqs)` reuses the name k for the pair index, so the offset k is lost and each pair turns by i·w. Name the index differently (`for i, w in ...`).",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    for k, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * k : 2 * k + 2, 2 * k : 2 * k + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "return-inside-loop",
     "`return M` is indented inside the loop, so the function returns after the first pair. Dedent it to run after the loop.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
        return M
''')

_add(C, "every-block-in-first-columns",
     "The column slice is fixed at `0:2`, so every pair's block lands in the first two columns. The block sits on the diagonal: columns `2 * i : 2 * i + 2` too.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 0:2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "diagonal-only",
     "Fills only the cosines on the diagonal; the off-diagonal ±sin(k w) entries, which mix sine and cosine, are missing. Each pair needs the full 2 x 2 block `[[c, s], [-s, c]]`.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    for i, w in enumerate(freqs):
        M[2 * i, 2 * i] = np.cos(k * w)
        M[2 * i + 1, 2 * i + 1] = np.cos(k * w)
    return M
''')

_add(C, "returns-list-of-blocks",
     "Returns the list of 2 x 2 blocks instead of placing them on the diagonal of the (d_model, d_model) matrix M. Write each block into `M[2*i:2*i+2, 2*i:2*i+2]` and return M.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    blocks = []
    for w in freqs:
        c, s = np.cos(k * w), np.sin(k * w)
        blocks.append([[c, s], [-s, c]])
    return np.array(blocks)
''')


# ---------------------------------------------------------------------------
C = "check_cosine_similarity"

_add(C, "divides-by-one-length",
     "`dots / lengths` broadcasts the lengths along the last axis, so entry [p, q] is divided by |table[q]| only. Divide by both lengths: `np.outer(lengths, lengths)`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)
    return dots / lengths
''')

_add(C, "normalised-one-side-only",
     "Normalises the rows of only one of the two tables, so entry [p, q] is divided by |table[p]| alone. Normalise both: `unit @ unit.T`.",
     '''
def my_cosine_similarity(table):
    unit = table / np.linalg.norm(table, axis=1, keepdims=True)
    return unit @ table.T
''')

_add(C, "precedence-divide-then-multiply",
     "`dots / a * b` is `(dots / a) * b`: it divides by one length and multiplies by the other. Bracket the product: `dots / (lengths[:, None] * lengths[None, :])`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)
    return dots / lengths[:, None] * lengths[None, :]
''')

_add(C, "norm-of-whole-table",
     "`np.linalg.norm(table)` without `axis` is one number, the length of the whole table, not one length per row. Use `np.linalg.norm(table, axis=1)`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    length = np.linalg.norm(table)
    return dots / (length * length)
''')

_add(C, "squared-lengths",
     "`(table ** 2).sum(axis=1)` is the squared length; the length is its square root. Use `np.sqrt(...)` or `np.linalg.norm(table, axis=1)`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = (table ** 2).sum(axis=1)
    return dots / np.outer(lengths, lengths)
''')

_add(C, "l1-lengths",
     "`np.abs(table).sum(axis=1)` is the sum of absolute values, not the length |v| = sqrt(v · v). Use `np.linalg.norm(table, axis=1)`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.abs(table).sum(axis=1)
    return dots / np.outer(lengths, lengths)
''')

_add(C, "normalised-columns",
     "`np.linalg.norm(table, axis=0)` gives each column's length, so the columns get unit length, not the rows. Normalise along `axis=1` (with `keepdims=True`).",
     '''
def my_cosine_similarity(table):
    unit = table / np.linalg.norm(table, axis=0)
    return unit @ unit.T
''')

_add(C, "sum-of-lengths",
     "Adds the two lengths (`lengths[:, None] + lengths[None, :]`); the formula multiplies them: `lengths[:, None] * lengths[None, :]`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)
    return dots / (lengths[:, None] + lengths[None, :])
''')

_add(C, "divided-by-largest-dot",
     "Divides every dot product by the largest one, which scales the matrix but does not remove each row's own length. Divide entry [p, q] by |table[p]| |table[q]|.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    return dots / dots.max()
''')

_add(C, "divided-by-width",
     "Divides by d_model, as if averaging the products; the cosine divides by the two rows' lengths: `np.outer(lengths, lengths)`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    return dots / table.shape[1]
''')

_add(C, "pearson-correlation",
     "`np.corrcoef` subtracts each row's mean before comparing, which is the correlation, not the cosine similarity. Divide the raw dot products by the two lengths.",
     '''
def my_cosine_similarity(table):
    return np.corrcoef(table)
''')

_add(C, "returns-angle",
     "`np.arccos` turns the cosine into the angle between the rows. The exercise asks for the cosine itself: drop the `arccos`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)
    return np.arccos(np.clip(dots / np.outer(lengths, lengths), -1, 1))
''')

_add(C, "cosine-distance",
     "Returns `1 - cos`, the cosine distance. The similarity is the cosine itself: `dots / np.outer(lengths, lengths)`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)
    return 1 - dots / np.outer(lengths, lengths)
''')

_add(C, "absolute-value",
     "Takes `np.abs` of the cosines, so rows pointing in opposite directions look similar. Keep the sign: the cosine ranges from -1 to 1.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)
    return np.abs(dots) / np.outer(lengths, lengths)
''')

_add(C, "floor-division",
     "`//` floors every cosine to -1, 0 or 1. Use true division `/`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)
    return dots // np.outer(lengths, lengths)
''')

_add(C, "rounded-for-display",
     "`np.round(..., 2)` throws away digits the checker compares. Round only when printing; return the full values.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)
    return np.round(dots / np.outer(lengths, lengths), 2)
''')


# ---------------------------------------------------------------------------
C = "check_apply_rope"

_add(C, "out-aliases-x",
     "`out = x` is not a new array, and `first`, `second` are views of x: writing the new firsts into `out[:, 0::2]` changes `first` before the second line reads it. Use `out = np.empty_like(x)` so both lines read the original values.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
    first, second = x[:, 0::2], x[:, 1::2]
    out = x
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return out
''')

_add(C, "turned-backwards",
     "Both signs are flipped (`first*cos + second*sin`, `-first*sin + second*cos`), which turns each pair by minus its angle. The new first is `first*cos - second*sin`, the new second `first*sin + second*cos`.",
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

_add(C, "one-sign-flipped-reflection",
     "The new second is `first*sin - second*cos`: flipping that one sign makes a reflection, not a rotation. It is `first*sin + second*cos`.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = first * np.sin(angles) - second * np.cos(angles)
    return out
''')

_add(C, "sin-and-cos-swapped",
     "Swaps cos and sin in the formulas (`first*sin - second*cos`, ...). With angle 0 a pair must stay unchanged: the new first is `first*cos - second*sin`.",
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

_add(C, "half-split-pairs",
     "Pairs dimension i with dimension i + d_head/2 (the 'rotate half' layout). This exercise uses interleaved pairs (2i, 2i + 1): `x[:, 0::2]` and `x[:, 1::2]`.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
    half = d_head // 2
    first, second = x[:, :half], x[:, half:]
    out = np.empty_like(x)
    out[:, :half] = first * np.cos(angles) - second * np.sin(angles)
    out[:, half:] = first * np.sin(angles) + second * np.cos(angles)
    return out
''')

_add(C, "results-concatenated-as-halves",
     "Computes the turned pairs correctly but glues all new firsts, then all new seconds, side by side. Put them back interleaved: `out[:, 0::2]` and `out[:, 1::2]`.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
    first, second = x[:, 0::2], x[:, 1::2]
    new_first = first * np.cos(angles) - second * np.sin(angles)
    new_second = first * np.sin(angles) + second * np.cos(angles)
    return np.concatenate([new_first, new_second], axis=1)
''')

_add(C, "row-index-not-positions",
     "Uses the row numbers 0, 1, 2, ... as positions, ignoring the `positions` argument. The angles must come from `np.asarray(positions)`.",
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

_add(C, "thetas-instead-of-angles",
     "Turns by `thetas`, the frequencies, instead of `angles` = position × frequency, so every row turns by the same amount. Use `np.cos(angles)` and `np.sin(angles)`.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(thetas) - second * np.sin(thetas)
    out[:, 1::2] = first * np.sin(thetas) + second * np.cos(thetas)
    return out
''')

_add(C, "second-left-unturned",
     "Only the first dimension of each pair is updated; the second keeps its old value. Also write `out[:, 1::2] = first * sin + second * cos`.",
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

_add(C, "adds-a-sine-table",
     "Adds sines to x, as the sinusoidal table does at the input. RoPE does not add anything: it turns each pair by its angle, mixing the pair's two numbers with cos and sin.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
    return x + np.repeat(np.sin(angles), 2, axis=1)
''')

_add(C, "scales-by-cos-only",
     "Multiplies every entry by the cosine of its angle, which shrinks the pair instead of turning it. A turn also mixes the two: `first*cos - second*sin`, `first*sin + second*cos`.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
    return x * np.repeat(np.cos(angles), 2, axis=1)
''')

_add(C, "tile-instead-of-repeat",
     "`np.tile` lays the angles out as [a0, a1, ..., a0, a1, ...], but with interleaved pairs both columns of pair i need angle i: `np.repeat(..., 2, axis=1)` gives [a0, a0, a1, a1, ...].",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
    cos = np.tile(np.cos(angles), 2)  # (seq_len, d_head)
    sin = np.tile(np.sin(angles), 2)  # (seq_len, d_head)
    swapped = np.empty_like(x)  # (-second, first) for every pair
    swapped[:, 0::2] = -x[:, 1::2]
    swapped[:, 1::2] = x[:, 0::2]
    return x * cos + swapped * sin
''')

_add(C, "roll-is-not-the-pair-swap",
     "`np.roll(x, 1, axis=1)` shifts every column one place, so the first of a pair takes the previous pair's second, with no minus sign. The partner of (a, b) must be (-b, a) within the pair: build it from `x[:, 1::2]` and `x[:, 0::2]`.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
    cos = np.repeat(np.cos(angles), 2, axis=1)  # (seq_len, d_head)
    sin = np.repeat(np.sin(angles), 2, axis=1)  # (seq_len, d_head)
    return x * cos + np.roll(x, 1, axis=1) * sin
''')

_add(C, "loop-misses-last-pair",
     "`range(d_head // 2 - 1)` skips the last pair, which keeps its old values. Loop over `range(d_head // 2)`.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
    out = x.copy()
    for i in range(d_head // 2 - 1):
        a, b = x[:, 2 * i], x[:, 2 * i + 1]
        c, s = np.cos(angles[:, i]), np.sin(angles[:, i])
        out[:, 2 * i] = a * c - b * s
        out[:, 2 * i + 1] = a * s + b * c
    return out
''')

_add(C, "returns-x-unchanged",
     "Builds the turned array `out` but returns `x`. Return `out`.",
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


# ---------------------------------------------------------------------------
C = "check_alibi_slopes"

_add(C, "h-starts-at-zero",
     "`np.arange(n)` makes h run from 0, so the first slope is 2^0 = 1 and the last 2^(-8(n-1)/n). h runs from 1 to n: `np.arange(1, n + 1)`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(n) / n)

    c = 1 << (num_heads.bit_length() - 1)  # largest power of two <= num_heads
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "h-stops-one-short",
     "`np.arange(1, n)` stops at n - 1, so there is one slope too few and 2^-8 is missing. Use `np.arange(1, n + 1)`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n) / n)

    c = 1 << (num_heads.bit_length() - 1)  # largest power of two <= num_heads
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "exponent-missing-minus",
     "The exponent 8h/n has lost its minus sign, so the slopes grow from 2^(8/n) to 2^8. The slopes are 2^(-8h/n), all at most 1/2 for n > 1.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)  # largest power of two <= num_heads
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "exponent-not-bracketed",
     "`2.0 ** -8 * h / n` computes 2^-8, then multiplies by h/n. Bracket the whole exponent: `2.0 ** (-8 * h / n)`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** -8 * np.arange(1, n + 1) / n

    c = 1 << (num_heads.bit_length() - 1)  # largest power of two <= num_heads
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "floor-division-in-exponent",
     "`-8 * h // n` is floor division, so the exponents jump by whole numbers (it only happens to work for n = 8). Use `/`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) // n)

    c = 1 << (num_heads.bit_length() - 1)  # largest power of two <= num_heads
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "base-e-not-2",
     "`np.exp(-8 * h / n)` uses base e. The slopes are powers of 2: `2.0 ** (-8 * h / n)`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return np.exp(-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)  # largest power of two <= num_heads
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "inner-function-reads-num-heads",
     "`power_of_two` uses the outer `num_heads` instead of its own argument n, so `power_of_two(c)` and `power_of_two(2 * c)` both give num_heads slopes. Write the body in terms of n.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, num_heads + 1) / num_heads)

    c = 1 << (num_heads.bit_length() - 1)  # largest power of two <= num_heads
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "formula-for-every-n",
     "Applies 2^(-8h/n) to every head count; for a number that is not a power of two the authors' code takes the c slopes of the largest power of two c, then every other slope of 2c heads.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    return power_of_two(num_heads)
''')

_add(C, "extra-slopes-dropped",
     "Returns only the c slopes of the largest power of two, one per head for c heads only. Append the first `num_heads - c` of `power_of_two(2 * c)[0::2]`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)  # largest power of two <= num_heads
    return power_of_two(c)
''')

_add(C, "power-rounded-up",
     "Takes the next power of two above num_heads (`ceil`) and keeps its first num_heads slopes. The rule starts from the largest power of two c <= n: use `floor` (or `bit_length() - 1`).",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 2 ** int(np.ceil(np.log2(num_heads)))  # power of two covering all heads
    return power_of_two(c)[:num_heads]
''')

_add(C, "exponent-used-as-power",
     "`int(np.log2(num_heads))` is the exponent a (3 for 8 heads), not the power of two 2^a. Write `c = 2 ** int(np.log2(num_heads))`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = int(np.log2(num_heads))  # largest power of two <= num_heads
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "natural-log-for-power",
     "`np.log` is the natural logarithm, so `2 ** int(np.log(n))` is not the largest power of two (it gives 4 for 8 heads). Use `np.log2`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 2 ** int(np.log(num_heads))  # largest power of two <= num_heads
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "bit-length-off-by-one",
     "`1 << num_heads.bit_length()` is the power of two just above num_heads (16 for 8 or 12). The largest power of two <= n is `1 << (num_heads.bit_length() - 1)`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << num_heads.bit_length()  # largest power of two <= num_heads
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "odd-entries-of-2c",
     "`[1::2]` starts at the second slope of 2c heads, and those are exactly the slopes already taken from c heads. Start with the first: `[0::2]`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)  # largest power of two <= num_heads
    extra = power_of_two(2 * c)[1::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "no-step-on-2c",
     "Takes the first slopes of 2c heads without the step 2, so every second one repeats a slope of c heads. Take every other slope: `power_of_two(2 * c)[0::2]`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)  # largest power of two <= num_heads
    extra = power_of_two(2 * c)[: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "sliced-before-step",
     "`[: num_heads - c][0::2]` cuts first and then takes every other one, so too few extra slopes remain. Take every other one first: `[0::2][: num_heads - c]`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)  # largest power of two <= num_heads
    extra = power_of_two(2 * c)[: num_heads - c][0::2]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "extra-from-2n-heads",
     "Takes the extra slopes from `power_of_two(2 * num_heads)`; the rule uses twice the largest power of two, `power_of_two(2 * c)`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)  # largest power of two <= num_heads
    extra = power_of_two(2 * num_heads)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "extra-from-c-again",
     "Takes the extra slopes from `power_of_two(c)` again, which repeats slopes already there. The extra ones interleave: they come from `power_of_two(2 * c)[0::2]`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)  # largest power of two <= num_heads
    extra = power_of_two(c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "extra-slopes-first",
     "Puts the extra slopes before the c slopes of the power of two. The authors' code lists `power_of_two(c)` first, then the extra ones.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)  # largest power of two <= num_heads
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([extra, power_of_two(c)])
''')

_add(C, "sorted-slopes",
     "Sorts the slopes from largest to smallest; the order is part of the rule (head h gets its own slope), and the extra slopes come after the c others, unsorted. Drop the sort.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)  # largest power of two <= num_heads
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.sort(np.concatenate([power_of_two(c), extra]))[::-1]
''')


# ---------------------------------------------------------------------------
C = "check_alibi_bias"

_add(C, "minus-sign-missing",
     "Returns `+m (i - j)`, which raises the scores of far keys. The bias lowers them: `-slopes[:, None, None] * distance`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)  # (seq_len, seq_len)
    return slopes[:, None, None] * distance  # (num_heads, seq_len, seq_len)
''')

_add(C, "offset-reversed",
     "`np.maximum(j - i, 0)` measures keys after the query, so the penalty sits above the diagonal and the visible keys get 0. The causal distance is `np.maximum(i - j, 0)`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = np.maximum(j - i, 0) if causal else np.abs(i - j)  # (seq_len, seq_len)
    return -slopes[:, None, None] * distance  # (num_heads, seq_len, seq_len)
''')

_add(C, "causal-above-diagonal-not-zeroed",
     "In the causal case `i - j` is negative above the diagonal, so the bias there is positive. Clip it: `np.maximum(i - j, 0)`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = (i - j) if causal else np.abs(i - j)  # (seq_len, seq_len)
    return -slopes[:, None, None] * distance  # (num_heads, seq_len, seq_len)
''')

_add(C, "abs-in-causal-case",
     "Uses `np.abs(i - j)` for the causal case too, which puts penalties above the diagonal. The causal bias is 0 there: `np.maximum(i - j, 0)`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = np.abs(i - j)  # (seq_len, seq_len)
    return -slopes[:, None, None] * distance  # (num_heads, seq_len, seq_len)
''')

_add(C, "causal-flag-ignored",
     "Always uses the causal distance, so `causal=False` still leaves 0 above the diagonal. For the encoder use `np.abs(i - j)`: `... if causal else np.abs(i - j)`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = np.maximum(i - j, 0)  # (seq_len, seq_len)
    return -slopes[:, None, None] * distance  # (num_heads, seq_len, seq_len)
''')

_add(C, "branches-swapped",
     "The two branches of the conditional are swapped: the causal case gets |i - j| and the encoder the clipped distance. Write `np.maximum(i - j, 0) if causal else np.abs(i - j)`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = np.abs(i - j) if causal else np.maximum(i - j, 0)  # (seq_len, seq_len)
    return -slopes[:, None, None] * distance  # (num_heads, seq_len, seq_len)
''')

_add(C, "np-max-reduces-an-axis",
     "`np.max(i - j, 0)` is the maximum along axis 0 (a reduction), not an entry-by-entry comparison with 0, so the matrix collapses to one row. Use `np.maximum(i - j, 0)`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = np.max(i - j, 0) if causal else np.abs(i - j)  # (seq_len, seq_len)
    return -slopes[:, None, None] * distance  # (num_heads, seq_len, seq_len)
''')

_add(C, "heads-on-last-axis",
     "`distance[..., None] * slopes` puts the heads on the last axis, shape (seq_len, seq_len, num_heads). The heads go first: `slopes[:, None, None] * distance`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)  # (seq_len, seq_len)
    return -distance[..., None] * slopes
''')

_add(C, "outer-flattens",
     "`np.outer` flattens the distance matrix, giving (num_heads, seq_len * seq_len). Broadcast instead: `slopes[:, None, None] * distance` keeps the (num_heads, seq_len, seq_len) shape.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)  # (seq_len, seq_len)
    return -np.outer(slopes, distance)
''')

_add(C, "first-slope-for-every-head",
     "Stacks `slopes[0] * distance` for every head, so all heads share the first head's slope. Each head h needs its own slope: `slopes[:, None, None] * distance`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)  # (seq_len, seq_len)
    return np.stack([-slopes[0] * distance for _ in range(num_heads)])
''')

_add(C, "divides-by-slope",
     "Divides the distance by the slope, so heads with small slopes get the largest penalties. ALiBi multiplies: `-slopes[:, None, None] * distance`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)  # (seq_len, seq_len)
    return -distance / slopes[:, None, None]
''')

_add(C, "squared-distance",
     "Squares the distance; ALiBi's penalty is linear in it (the L in ALiBi): use `i - j` itself (clipped) or `np.abs(i - j)`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = np.maximum(i - j, 0) ** 2 if causal else (i - j) ** 2  # (seq_len, seq_len)
    return -slopes[:, None, None] * distance  # (num_heads, seq_len, seq_len)
''')

_add(C, "distance-normalised-by-length",
     "Divides the distance by seq_len, so the same offset gets a different penalty in a longer input. The bias is the plain offset times the slope: drop the `/ seq_len`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = (np.maximum(i - j, 0) if causal else np.abs(i - j)) / seq_len  # (seq_len, seq_len)
    return -slopes[:, None, None] * distance  # (num_heads, seq_len, seq_len)
''')

_add(C, "query-counts-as-distance-one",
     "Adds 1 to every offset, so the query itself (i = j) is already penalised. The distance of the query to itself is 0: `np.maximum(i - j, 0)` / `np.abs(i - j)`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = np.maximum(i - j + 1, 0) if causal else np.abs(i - j) + 1  # (seq_len, seq_len)
    return -slopes[:, None, None] * distance  # (num_heads, seq_len, seq_len)
''')

_add(C, "minus-infinity-above-diagonal",
     "Puts -inf above the diagonal, doing the causal mask's job inside the bias. The exercise asks for 0 there (the mask hides those keys separately): `np.maximum(i - j, 0)`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = np.where(j > i, np.inf, i - j) if causal else np.abs(i - j)  # (seq_len, seq_len)
    return -slopes[:, None, None] * distance  # (num_heads, seq_len, seq_len)
''')

_add(C, "boolean-before-not-distance",
     "`i > j` only says whether a key is earlier (True/False), not how far back it is, so every earlier key gets the same penalty. Use the distance `np.maximum(i - j, 0)`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = (i > j) if causal else (i != j)  # (seq_len, seq_len)
    return -slopes[:, None, None] * distance  # (num_heads, seq_len, seq_len)
''')


# ---------------------------------------------------------------------------
C = "check_scheme_layer"

_add(C, "table-added-to-queries-and-keys",
     "Adds the sinusoidal and learned rows to q and k after the projections; these schemes add position p's row to the word vector x at the input, before `x @ w_q` and the others (so v gets it too).",
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
        q, k = q + table, k + table
    elif scheme == "learned":
        q, k = q + parts["table"][:n], k + parts["table"][:n]
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "table-added-after-projections",
     "Adds the position rows to x after q, k and v were already computed from it, so the positions never reach attention. Add them to x before `q, k, v = x @ w_q, ...`.",
     '''
from posenc import capstone


def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]  # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "table-multiplied-not-added",
     "Multiplies the word vectors by the position rows (`x * table`); the table is added: `x = x + posenc.sinusoidal(n, x.shape[1])`, and likewise for the learned rows.",
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
        x = x * parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "learned-uses-sinusoidal-table",
     "The learned scheme adds the sinusoidal table too; it must add the stand-in learned rows, `parts[\"table\"][:n]`.",
     '''
from posenc import capstone


def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]  # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal" or scheme == "learned":
        x = x + posenc.sinusoidal(n, x.shape[1])
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "learned-rows-from-one",
     "`parts[\"table\"][1:n + 1]` starts at row 1, but the first word sits at position 0: take `parts[\"table\"][:n]`.",
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
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "position-from-vocabulary",
     "Adds the sinusoidal rows to the whole vocabulary before picking the words, so each word gets the row of its index in `capstone.WORDS`, not of its place in the sentence. Add `posenc.sinusoidal(n, d)` to x after picking the words.",
     '''
from posenc import capstone


def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]  # (d_model, d_model) each
    n = len(sentence)
    embeddings = parts["embeddings"]  # one row per word of capstone.WORDS
    if scheme == "sinusoidal":
        embeddings = embeddings + posenc.sinusoidal(*embeddings.shape)
    x = embeddings[[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "or-with-a-bare-string",
     "`scheme == \"sinusoidal\" or \"learned\"` is always true, because the non-empty string \"learned\" counts as True on its own, so every scheme gets the sinusoidal rows. Compare both: `scheme == \"sinusoidal\"` for this branch (or `scheme in (...)`).",
     '''
from posenc import capstone


def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]  # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal" or "learned":
        table = parts["table"][:n] if scheme == "learned" else posenc.sinusoidal(n, x.shape[1])
        x = x + table
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "rope-turns-values-too",
     "Turns v as well as q and k. RoPE turns only the queries and the keys, so that the scores depend on the offset; the values stay as they are.",
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
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "rope-turns-queries-only",
     "Turns only q; a score then depends on the query's absolute position, not on the offset. Turn the keys too: `k = posenc.apply_rope(k)`.",
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
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "rope-keys-from-queries",
     "`k = posenc.apply_rope(q)` (copied from the line above) replaces the keys by the turned queries. Turn the keys themselves: `posenc.apply_rope(k)`.",
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
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "rope-on-word-vectors",
     "Turns the word vectors x before the projections; the projections then mix the turned pairs and only the offset no longer counts. Turn q and k after `x @ w_q` and `x @ w_k`.",
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
    elif scheme == "rope":
        x = posenc.apply_rope(x)
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "rope-turns-outputs",
     "Turns the attention outputs instead of the queries and keys, so the scores and weights never see a position. Apply `posenc.apply_rope` to q and k before `posenc.attention`.",
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
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    outputs, weights = posenc.attention(q, k, v, mask=mask, bias=bias)
    if scheme == "rope":
        outputs = posenc.apply_rope(outputs)
    return outputs, weights
''')

_add(C, "alibi-sign-positive",
     "The ALiBi bias is `+ALIBI_SLOPE * |i - j|`, which favours far words. It is a penalty: `-capstone.ALIBI_SLOPE * np.abs(...)`.",
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
        bias = capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "alibi-signed-offset",
     "Uses the signed offset `i - j` without `np.abs`, so later words get a bonus instead of a penalty and a sentence differs from its reverse. The bidirectional bias uses `np.abs(i[:, None] - i[None, :])`.",
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
        bias = -capstone.ALIBI_SLOPE * (i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "alibi-divides-by-slope",
     "Divides the distance by `capstone.ALIBI_SLOPE`, a penalty of 2 per position instead of 1/2. Multiply: `-capstone.ALIBI_SLOPE * np.abs(...)`.",
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
        bias = -np.abs(i[:, None] - i[None, :]) / capstone.ALIBI_SLOPE
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "alibi-transpose-of-1d",
     "`i.T` does nothing to the 1-D `i`, so `i - i.T` is all zeros and ALiBi adds nothing. Make a column and a row: `i[:, None] - i[None, :]`.",
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
        bias = -capstone.ALIBI_SLOPE * np.abs(i - i.T)
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "alibi-name-capitalised",
     "Tests `scheme == \"ALiBi\"`, spelled as in the paper, but the layer is called with the lower-case name \"alibi\", so the bias is never added. Compare with `\"alibi\"`.",
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
    if scheme == "ALiBi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "alibi-bias-for-every-scheme",
     "Builds the ALiBi bias outside the `if scheme == \"alibi\"` test, so every scheme (even none) gets the distance penalty. Keep `bias = None` unless the scheme is alibi.",
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
    i = np.arange(n)
    bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])  # alibi: (n, n)
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "causal-flag-ignored",
     "Never builds the mask, so `causal=True` still lets words attend to later ones. Set `mask = posenc.causal_mask(n) if causal else None` and pass it.",
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
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "mask-always-on",
     "Applies the causal mask whatever `causal` says, so the bidirectional layer cannot see later words. Only when causal: `posenc.causal_mask(n) if causal else None`.",
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
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n)
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "causal-in-elif-chain",
     "`elif causal:` hangs the mask on the alibi test, so ALiBi with `causal=True` gets no mask. The mask is independent of the scheme: a separate `if causal:`.",
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
    mask = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    elif causal:
        mask = posenc.causal_mask(n)
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "returns-outputs-only",
     "`posenc.attention(...)[0]` keeps only the outputs. Return what `posenc.attention` returns, the pair (outputs, weights).",
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
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)[0]
''')


# ---------------------------------------------------------------------------
C = "check_comparison_table"

_add(C, "rope-called-absolute",
     "RoPE's row says 'absolute' because each token is turned by its own position; but the score of a turned query and key depends only on their offset m - n, so RoPE is relative.",
     '''
my_table = {scheme: dict(row) for scheme, row in checks.comparison_table_answer().items()}
# RoPE turns each token by its own position p, so: absolute, like the sinusoidal table
my_table["rope"]["absolute or relative"] = my_table["sinusoidal"]["absolute or relative"]
''')

_add(C, "sinusoidal-called-relative",
     "The sinusoidal row says 'relative' because lesson 03 showed a fixed matrix M_k shifts any row by k; but the table still gives each position its own row, added at the input: it is absolute.",
     '''
my_table = {scheme: dict(row) for scheme, row in checks.comparison_table_answer().items()}
# lesson 03: row p + k is M_k times row p, whatever p, so the table encodes offsets
my_table["sinusoidal"]["absolute or relative"] = my_table["alibi"]["absolute or relative"]
''')

_add(C, "t5-called-absolute",
     "T5's row says 'absolute' because its biases are learned like a table; but they are looked up by the bucket of the offset i - j, so T5's bias is relative.",
     '''
my_table = {scheme: dict(row) for scheme, row in checks.comparison_table_answer().items()}
t5 = list(checks.recap.ROWS)[2]  # the third row
# T5's numbers are learned, like the learned table's rows
my_table[t5]["absolute or relative"] = my_table["learned"]["absolute or relative"]
''')

_add(C, "rope-acts-at-the-input",
     "Says RoPE acts at the input, like the sinusoidal table. RoPE adds nothing to the word vectors: it turns the queries and the keys inside attention (lesson 05).",
     '''
my_table = {scheme: dict(row) for scheme, row in checks.comparison_table_answer().items()}
_known = ("absolute or relative", "past the training length", "trained position parameters", "used by")
where = next(column for column in checks.recap.COLUMNS if column not in _known)
# RoPE is built from sines and cosines too, so it goes in where the sinusoidal table does
my_table["rope"][where] = my_table["sinusoidal"][where]
''')

_add(C, "rope-acts-on-the-scores",
     "Says RoPE acts on the scores, because its effect shows up in them. What RoPE changes is the queries and the keys (it turns them); adding to the scores is what ALiBi and T5 do.",
     '''
my_table = {scheme: dict(row) for scheme, row in checks.comparison_table_answer().items()}
_known = ("absolute or relative", "past the training length", "trained position parameters", "used by")
where = next(column for column in checks.recap.COLUMNS if column not in _known)
# RoPE changes the scores q . k, like ALiBi
my_table["rope"][where] = my_table["alibi"][where]
''')

_add(C, "t5-acts-at-the-input",
     "Says T5's learned numbers are added at the input like a learned table's rows. T5 adds one learned scalar per head and offset bucket to each score, inside attention.",
     '''
my_table = {scheme: dict(row) for scheme, row in checks.comparison_table_answer().items()}
_known = ("absolute or relative", "past the training length", "trained position parameters", "used by")
where = next(column for column in checks.recap.COLUMNS if column not in _known)
t5 = list(checks.recap.ROWS)[2]  # the third row
# learned numbers go in with the input, as for the learned table
my_table[t5][where] = my_table["learned"][where]
''')

_add(C, "sinusoidal-table-trained",
     "Counts trained parameters for the sinusoidal table. Its rows are computed by a fixed formula (lesson 02) and never trained: it has none.",
     '''
my_table = {scheme: dict(row) for scheme, row in checks.comparison_table_answer().items()}
# the table has seq_len x d_model numbers, like the learned one
my_table["sinusoidal"]["trained position parameters"] = my_table["learned"]["trained position parameters"]
''')

_add(C, "t5-has-no-parameters",
     "Says T5's bias has no trained position parameters, like ALiBi. Its bucket biases are learned: one scalar per head and per bucket.",
     '''
my_table = {scheme: dict(row) for scheme, row in checks.comparison_table_answer().items()}
t5 = list(checks.recap.ROWS)[2]  # the third row
# a relative bias, like ALiBi's
my_table[t5]["trained position parameters"] = my_table["alibi"]["trained position parameters"]
''')

_add(C, "alibi-slopes-trained",
     "Counts ALiBi's slopes as trained, like T5's biases. The slopes are fixed by the rule 2^(-8h/n) before training: ALiBi trains no position parameters.",
     '''
my_table = {scheme: dict(row) for scheme, row in checks.comparison_table_answer().items()}
t5 = list(checks.recap.ROWS)[2]  # the third row
# one number per head, like T5's biases
my_table["alibi"]["trained position parameters"] = my_table[t5]["trained position parameters"]
''')

_add(C, "learned-table-goes-on",
     "Gives the learned table the sinusoidal table's answer past the training length, as if it could produce more rows. A learned table stops at its last row (lesson 04): past it there is no row at all.",
     '''
my_table = {scheme: dict(row) for scheme, row in checks.comparison_table_answer().items()}
# both are tables of rows, so they behave the same past the end
my_table["learned"]["past the training length"] = my_table["sinusoidal"]["past the training length"]
''')

_add(C, "sinusoidal-runs-out-of-rows",
     "Says the sinusoidal table runs out of rows like a learned one. Its formula gives a row for any position; past the training length the model meets rows it never trained on, but they exist.",
     '''
my_table = {scheme: dict(row) for scheme, row in checks.comparison_table_answer().items()}
# a table stops where it stops
my_table["sinusoidal"]["past the training length"] = my_table["learned"]["past the training length"]
''')

_add(C, "t5-runs-out-of-buckets",
     "Says T5 runs out of buckets past the training length. Every far offset lands in the last bucket, which training already set: a longer input brings no new bucket.",
     '''
my_table = {scheme: dict(row) for scheme, row in checks.comparison_table_answer().items()}
t5 = list(checks.recap.ROWS)[2]  # the third row
# learned numbers stop at the longest offset seen, like the learned rows
my_table[t5]["past the training length"] = my_table["learned"]["past the training length"]
''')

_add(C, "rope-extrapolates-like-alibi",
     "Gives RoPE ALiBi's answer past the training length, because both are relative. RoPE's slow pairs reach angles that training never gave (lesson 06), which ALiBi's plain linear penalty does not.",
     '''
my_table = {scheme: dict(row) for scheme, row in checks.comparison_table_answer().items()}
# relative schemes only see offsets, so longer inputs change nothing
my_table["rope"]["past the training length"] = my_table["alibi"]["past the training length"]
''')

_add(C, "llama-and-bloom-swapped",
     "Swaps the models of RoPE and ALiBi. Llama and Mistral 7B use RoPE; BLOOM and MPT use ALiBi.",
     '''
my_table = {scheme: dict(row) for scheme, row in checks.comparison_table_answer().items()}
my_table["rope"]["used by"], my_table["alibi"]["used by"] = (
    my_table["alibi"]["used by"],
    my_table["rope"]["used by"],
)
''')

_add(C, "bert-given-the-original-table",
     "Puts the learned table's models down as the original Transformer's. BERT and GPT-2 learn their table; the original Transformer (Vaswani et al.) is the one that uses the sinusoidal table.",
     '''
my_table = {scheme: dict(row) for scheme, row in checks.comparison_table_answer().items()}
# BERT is a Transformer encoder, so it kept the original table
my_table["learned"]["used by"] = my_table["sinusoidal"]["used by"]
''')

_add(C, "rows-share-one-dict",
     "`dict.fromkeys(ROWS, row)` puts the same row dictionary under every key, so filling one row fills them all and every row ends up as the last one filled. Build a new dict per row, as `blank` does: `{scheme: dict.fromkeys(COLUMNS, ...) for scheme in ROWS}`.",
     '''
row = dict.fromkeys(checks.recap.COLUMNS, ...)
my_table = dict.fromkeys(checks.recap.ROWS, row)
for scheme, answers in checks.comparison_table_answer().items():
    for column, answer in answers.items():
        my_table[scheme][column] = answer
''')

_add(C, "numbers-counted-from-zero",
     "Gives each answer's position counted from 0; the printed numbers start at 1 (`enumerate(allowed, start=1)`), so every number points one answer too early. Add 1, or write the answer's text.",
     '''
my_table = {}
for scheme, answers in checks.comparison_table_answer().items():
    my_table[scheme] = {}
    for column, answer in answers.items():
        allowed = list(checks.recap.COLUMNS[column])
        my_table[scheme][column] = allowed.index(answer)  # its number in the list
''')

_add(C, "cell-left-blank",
     "One cell, T5's 'used by', is still `...` from the template. Every one of the 25 cells needs an answer: T5's bias is used by T5.",
     '''
my_table = {scheme: dict(row) for scheme, row in checks.comparison_table_answer().items()}
t5 = list(checks.recap.ROWS)[2]  # the third row
my_table[t5]["used by"] = ...  # come back to this one
''')

_add(C, "columns-as-outer-keys",
     "Builds the table column by column, `my_table[column][scheme]`, the other way round. The outer keys are the schemes (`checks.recap.ROWS`) and each row maps the columns to answers: `my_table[scheme][column]`.",
     '''
answers = checks.comparison_table_answer()
my_table = {
    column: {scheme: answers[scheme][column] for scheme in checks.recap.ROWS}
    for column in checks.recap.COLUMNS
}
''')

_add(C, "t5-and-rope-rows-swapped",
     "Fills the rows in the order of the layer's schemes, so T5's answers are under RoPE's key and RoPE's under T5's. Fill each row under its own key: T5 is the third row.",
     '''
my_table = {scheme: dict(row) for scheme, row in checks.comparison_table_answer().items()}
t5 = list(checks.recap.ROWS)[2]
# the third row: sinusoidal, learned, then RoPE as in the layer
my_table[t5], my_table["rope"] = my_table["rope"], my_table[t5]
''')
