"""Plausible wrong answers to the 12 coding exercises of the positional-encoding course (set 2)."""

MISTAKES = []


def _add(checker, name, cause, code):
    MISTAKES.append(dict(checker=checker, name=name, cause=cause, code=code))


# ---------------------------------------------------------------------------
C = "check_positions_column"

_add(C, "flat-row",
     "`np.arange(seq_len)` is a flat row of shape (seq_len,); add the second axis with `[:, None]` to make it a column.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len)
''')

_add(C, "none-on-wrong-side",
     "`np.arange(seq_len)[None, :]` puts the new axis first, giving a (1, seq_len) row; the column is `np.arange(seq_len)[:, None]`.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len)[None, :]
''')

_add(C, "starts-at-one",
     "`np.arange(1, seq_len + 1)` counts positions from 1; positions start at 0, so use `np.arange(seq_len)`.",
     '''
def my_positions(seq_len):
    return np.arange(1, seq_len + 1)[:, None]
''')

_add(C, "one-too-many",
     "`np.arange(seq_len + 1)` gives seq_len + 1 positions; `np.arange(seq_len)` already stops at seq_len - 1.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len + 1)[:, None]
''')

_add(C, "one-too-few",
     "`np.arange(seq_len - 1)` stops at seq_len - 2; `np.arange(seq_len)` already excludes seq_len, so no - 1 is needed.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len - 1)[:, None]
''')

_add(C, "transpose-of-1d",
     "`.T` does nothing to a 1-D array, so `np.arange(seq_len).T` is still shape (seq_len,); add an axis with `[:, None]` instead.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len).T
''')

_add(C, "linspace-includes-end",
     "`np.linspace(0, seq_len, seq_len)` includes seq_len as its last value, so the steps are not 1; use `np.arange(seq_len)`.",
     '''
def my_positions(seq_len):
    return np.linspace(0, seq_len, seq_len)[:, None]
''')

_add(C, "zeros-only",
     "`np.zeros((seq_len, 1))` has the right shape but every position is 0; the column must hold 0, 1, ..., seq_len - 1 (`np.arange(seq_len)[:, None]`).",
     '''
def my_positions(seq_len):
    return np.zeros((seq_len, 1))
''')

_add(C, "normalised-positions",
     "Dividing by `seq_len` turns the positions into fractions; the exercise asks for the integer positions 0, 1, ..., seq_len - 1 themselves.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len)[:, None] / seq_len
''')

_add(C, "step-of-two",
     "`np.arange(0, seq_len, 2)` takes every other position (the step belongs to the frequency exponents, not here); use `np.arange(seq_len)`.",
     '''
def my_positions(seq_len):
    return np.arange(0, seq_len, 2)[:, None]
''')

_add(C, "broadcast-already",
     "`np.tile(np.arange(seq_len), (seq_len, 1))` builds a full (seq_len, seq_len) matrix; return just the (seq_len, 1) column and let broadcasting do the rest later.",
     '''
def my_positions(seq_len):
    return np.tile(np.arange(seq_len), (seq_len, 1))
''')

_add(C, "copied-example",
     "The `+ np.array([10, 20])` of the broadcasting example does not belong in the answer; return only `np.arange(seq_len)[:, None]`.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len)[:, None] + np.array([10, 20])
''')

_add(C, "column-transposed-back",
     "The trailing `.T` turns the (seq_len, 1) column back into a (1, seq_len) row; drop it.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len)[:, None].T
''')

_add(C, "three-axes",
     "`[None, :, None]` adds two axes, giving shape (1, seq_len, 1); only one axis after the positions is wanted: `[:, None]`.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len)[None, :, None]
''')

_add(C, "expand-dims-axis-0",
     "`np.expand_dims(..., 0)` inserts the new axis in front, giving (1, seq_len); use axis=1 (or `[:, None]`) for a column.",
     '''
def my_positions(seq_len):
    return np.expand_dims(np.arange(seq_len), 0)
''')

_add(C, "indices-without-index",
     "`np.indices((seq_len, 1))` returns a stack of two index grids, shape (2, seq_len, 1); the row indices are its `[0]`, or simply use `np.arange(seq_len)[:, None]`.",
     '''
def my_positions(seq_len):
    return np.indices((seq_len, 1))
''')

_add(C, "counting-down",
     "`np.arange(seq_len - 1, -1, -1)` lists the positions backwards; position p must be in row p, so count up with `np.arange(seq_len)`.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len - 1, -1, -1)[:, None]
''')


# ---------------------------------------------------------------------------
C = "check_attention"

_add(C, "no-scaling",
     "The scores `q @ k.T` are not divided by `np.sqrt(q.shape[-1])`; the formula scales them by the square root of d_head.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "divide-by-d-not-sqrt",
     "The scores are divided by `q.shape[-1]`; the formula divides by its square root, `np.sqrt(q.shape[-1])`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / q.shape[-1]
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "multiply-by-sqrt",
     "The scores are multiplied by `np.sqrt(d_head)`; they must be divided by it.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T * np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "half-power-precedence",
     "`d ** 1/2` is `(d ** 1) / 2`, i.e. d/2, because `**` binds tighter than `/`; write `d ** 0.5` or `np.sqrt(d)`.",
     '''
def my_attention(q, k, v):
    d = q.shape[-1]
    scores = q @ k.T / d ** 1/2
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "softmax-axis-0",
     "`posenc.softmax(scores, axis=0)` normalises each column (over the queries); each query's row must sum to 1, so use `axis=-1`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=0)
    return weights @ v
''')

_add(C, "keys-times-queries",
     "`k @ q.T` puts the keys in the rows; the scores are `q @ k.T`, one row per query.",
     '''
def my_attention(q, k, v):
    scores = k @ q.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "returns-weights",
     "The function returns `weights`; it must return the weighted sum of the values, `weights @ v`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights
''')

_add(C, "forgot-softmax",
     "`weights = scores` skips the softmax; the weights are `posenc.softmax(scores, axis=-1)`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = scores
    return weights @ v
''')

_add(C, "weights-transposed",
     "`weights.T @ v` averages with the weights of the keys' columns; the output is `weights @ v`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights.T @ v
''')

_add(C, "forgot-transpose",
     "`q @ k` is missing the transpose: the dot products of queries with keys are `q @ k.T`.",
     '''
def my_attention(q, k, v):
    scores = q @ k / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "scale-by-sequence-length",
     "`q.shape[0]` is the number of queries, not the width; d_head is `q.shape[-1]`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[0])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "exp-without-normalising",
     "`np.exp(scores)` alone is not the softmax: each row must then be divided by its sum (use `posenc.softmax(scores, axis=-1)`).",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = np.exp(scores)
    return weights @ v
''')

_add(C, "softmax-over-whole-matrix",
     "`np.exp(scores).sum()` sums over the whole matrix, so the weights sum to 1 overall instead of per row; sum along `axis=-1` with `keepdims=True`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = np.exp(scores) / np.exp(scores).sum()
    return weights @ v
''')

_add(C, "row-sum-without-keepdims",
     "`np.exp(scores).sum(axis=-1)` has shape (seq_len_q,) and broadcasts against the columns, dividing column j by row j's sum; add `keepdims=True` (or `[:, None]`).",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    e = np.exp(scores)
    weights = e / e.sum(axis=-1)
    return weights @ v
''')

_add(C, "scaled-after-softmax",
     "The division by sqrt(d_head) is applied to the weights after the softmax; it belongs inside, on the scores, so the rows still sum to 1.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T
    weights = posenc.softmax(scores, axis=-1) / np.sqrt(q.shape[-1])
    return weights @ v
''')

_add(C, "divide-by-row-sum-no-exp",
     "Dividing the scores by their row sum is not the softmax: raise e to each score first (`posenc.softmax(scores, axis=-1)`).",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = scores / scores.sum(axis=-1, keepdims=True)
    return weights @ v
''')

_add(C, "floor-division",
     "`//` floors the scaled scores to whole numbers; use true division `/`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T // np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')


# ---------------------------------------------------------------------------
C = "check_equivariance_test"

_add(C, "output-not-shuffled",
     "`f(x[perm])` is compared with the unshuffled `f(x)`; that tests invariance, and it should be compared with `f(x)[perm]`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm]), f(x)))
''')

_add(C, "input-not-shuffled",
     "`f(x)[perm]` is compared with `f(x)`; the first side must apply f to the shuffled input, `f(x[perm])`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x)[perm], f(x)))
''')

_add(C, "same-side-twice-output",
     "Both sides are `f(x)[perm]`, so the test is always True; one side must be `f(x[perm])`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x)[perm], f(x)[perm]))
''')

_add(C, "same-side-twice-input",
     "Both sides are `f(x[perm])`, so the test is always True; the second side must shuffle the outputs, `f(x)[perm]`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm]), f(x[perm])))
''')

_add(C, "exact-equality",
     "`(a == b).all()` demands bit-identical numbers, which rounding in a different summing order breaks; compare with `np.allclose`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool((f(x[perm]) == f(x)[perm]).all())
''')

_add(C, "isclose-array",
     "`np.isclose` returns an array of booleans, one per entry; the function must return a single True/False, which `np.allclose` gives.",
     '''
def is_permutation_equivariant(f, x, perm):
    return np.isclose(f(x[perm]), f(x)[perm])
''')

_add(C, "inverse-permutation",
     "`f(x)[np.argsort(perm)]` shuffles the outputs by the inverse permutation; shuffle them by `perm` itself, as the inputs were.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm]), f(x)[np.argsort(perm)]))
''')

_add(C, "shuffles-columns",
     "`x[:, perm]` and `f(x)[:, perm]` reorder the columns (features); the words are the rows, so index with `x[perm]` and `f(x)[perm]`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[:, perm]), f(x)[:, perm]))
''')

_add(C, "output-columns-shuffled",
     "`f(x)[:, perm]` shuffles the output's columns; the output rows must be shuffled like the input rows: `f(x)[perm]`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm]), f(x)[:, perm]))
''')

_add(C, "sorted-comparison",
     "Sorting both outputs throws away which row is where, which is exactly what equivariance is about; compare `f(x[perm])` with `f(x)[perm]` directly.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(np.sort(f(x[perm]), axis=0), np.sort(f(x), axis=0)))
''')

_add(C, "mean-comparison",
     "Comparing the means of the outputs only checks one summary number; compare the whole arrays `f(x[perm])` and `f(x)[perm]`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.isclose(f(x[perm]).mean(), f(x).mean()))
''')

_add(C, "negated",
     "The `not` inverts the answer: return True when `np.allclose(f(x[perm]), f(x)[perm])` holds.",
     '''
def is_permutation_equivariant(f, x, perm):
    return not np.allclose(f(x[perm]), f(x)[perm])
''')

_add(C, "shapes-only",
     "Comparing `.shape`s is always True here; compare the values, with `np.allclose(f(x[perm]), f(x)[perm])`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return f(x[perm]).shape == f(x)[perm].shape
''')

_add(C, "identity-is",
     "`is` asks whether both sides are the same object, which two freshly computed arrays never are; compare their values with `np.allclose`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return f(x[perm]) is f(x)[perm]
''')

_add(C, "prints-instead-of-returning",
     "The result is printed, so the function returns None; `return` the comparison instead.",
     '''
def is_permutation_equivariant(f, x, perm):
    print(np.allclose(f(x[perm]), f(x)[perm]))
''')


# ---------------------------------------------------------------------------
C = "check_sinusoidal"

_SIN_TAIL = '''
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
'''

_SIN_HEAD = '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
'''

_add(C, "i-instead-of-2i",
     "`np.arange(d_model // 2)` gives i, but the exponent uses 2i; use `np.arange(0, d_model, 2)`.",
     _SIN_HEAD + '''    freqs = 10000.0 ** (-np.arange(d_model // 2) / d_model)  # (d_model // 2,)
''' + _SIN_TAIL)

_add(C, "positive-exponent",
     "The exponent lost its minus sign: the frequencies are 10000^(-2i/d_model), which shrink with i.",
     _SIN_HEAD + '''    freqs = 10000.0 ** (np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
''' + _SIN_TAIL)

_add(C, "exponent-precedence",
     "`10000.0 ** -np.arange(0, d_model, 2) / d_model` raises to -2i first and then divides by d_model; put the whole exponent in parentheses.",
     _SIN_HEAD + '''    freqs = 10000.0 ** -np.arange(0, d_model, 2) / d_model  # (d_model // 2,)
''' + _SIN_TAIL)

_add(C, "floor-division-exponent",
     "`-np.arange(0, d_model, 2) // d_model` floors the exponent to -1 or 0; use true division `/`.",
     _SIN_HEAD + '''    freqs = 10000.0 ** (-np.arange(0, d_model, 2) // d_model)  # (d_model // 2,)
''' + _SIN_TAIL)

_add(C, "sin-cos-swapped",
     "The cosines went into the even columns and the sines into the odd ones; sines go in `table[:, 0::2]`, cosines in `table[:, 1::2]`.",
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
     "The sines fill the first half of the columns and the cosines the second half; they must alternate: `table[:, 0::2]` and `table[:, 1::2]`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, : d_model // 2] = np.sin(angles)
    table[:, d_model // 2 :] = np.cos(angles)
    return table
''')

_add(C, "sine-twice",
     "The odd columns got `np.sin(angles)` again; they hold the cosines, `np.cos(angles)`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.sin(angles)
    return table
''')

_add(C, "cosines-forgotten",
     "Only the sines are written, so the odd columns stay 0; also fill `table[:, 1::2] = np.cos(angles)`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    return table
''')

_add(C, "degrees-conversion",
     "`np.deg2rad` treats the angles as degrees; they are already radians, so pass them to `np.sin`/`np.cos` as they are.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = np.deg2rad(positions * freqs)  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "base-one-thousand",
     "The base is 10,000, not 1000: write `10000.0 ** (...)`.",
     _SIN_HEAD + '''    freqs = 1000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
''' + _SIN_TAIL)

_add(C, "divides-by-half-width",
     "The exponent divides 2i by `d_model // 2`; the formula's denominator is d_model itself.",
     _SIN_HEAD + '''    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / (d_model // 2))  # (d_model // 2,)
''' + _SIN_TAIL)

_add(C, "divides-by-freqs",
     "`positions / freqs` divides by frequencies that already carry the minus exponent; the angles are `positions * freqs`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = positions / freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "odd-exponents",
     "`np.arange(1, d_model, 2)` gives the odd numbers 1, 3, 5, ...; the exponent 2i takes the even values 0, 2, 4, ...: `np.arange(0, d_model, 2)`.",
     _SIN_HEAD + '''    freqs = 10000.0 ** (-np.arange(1, d_model, 2) / d_model)  # (d_model // 2,)
''' + _SIN_TAIL)

_add(C, "adds-instead-of-multiplies",
     "`positions + freqs` adds position and frequency; the angle is their product, `positions * freqs`.",
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

_add(C, "outer-swapped",
     "`np.outer(freqs, positions)` gives a (d_model // 2, seq_len) array, rows and columns swapped; use `positions * freqs` (or `np.outer(positions, freqs)`).",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = np.outer(freqs, positions)  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "slices-rows",
     "`table[0::2]` selects every other row; the even columns are `table[:, 0::2]` (and the odd ones `table[:, 1::2]`).",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[0::2] = np.sin(angles)
    table[1::2] = np.cos(angles)
    return table
''')

_add(C, "angles-overwritten",
     "`angles = np.sin(angles)` overwrites the angles, so the cosine column gets cos(sin(angle)); keep `angles` and write `np.sin(angles)` straight into the table.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    angles = np.sin(angles)
    table[:, 0::2] = angles
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "two-counted-twice",
     "`-2 * np.arange(0, d_model, 2)` doubles values that are already 2i; the step of 2 in `np.arange` supplies the 2, so drop the `2 *`.",
     _SIN_HEAD + '''    freqs = 10000.0 ** (-2 * np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
''' + _SIN_TAIL)

_add(C, "linspace-endpoint",
     "`np.linspace(0, d_model, d_model // 2)` includes d_model and spaces the values unevenly; 2i is `np.arange(0, d_model, 2)`.",
     _SIN_HEAD + '''    freqs = 10000.0 ** (-np.linspace(0, d_model, d_model // 2) / d_model)  # (d_model // 2,)
''' + _SIN_TAIL)

_add(C, "log10-in-exp",
     "`np.exp(... * np.log10(10000.0) ...)` mixes bases: exp must be paired with the natural log, `np.log(10000.0)`.",
     _SIN_HEAD + '''    freqs = np.exp(-np.arange(0, d_model, 2) * np.log10(10000.0) / d_model)  # (d_model // 2,)
''' + _SIN_TAIL)

_add(C, "returns-transpose",
     "`table.T` returns a (d_model, seq_len) array; return `table` itself, one row per position.",
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


# ---------------------------------------------------------------------------
C = "check_wavelength"

_add(C, "forgot-two-pi",
     "`1 / ω` counts positions per radian; a full turn is 2π radians, so the wavelength is `2 * np.pi / ω`.",
     '''
my_wavelength = 1 / 10000.0 ** (-2 * 12 / 48)
''')

_add(C, "frequency-not-wavelength",
     "This is ω_12 itself, the angle per position; the wavelength is `2 * np.pi / ω_12`.",
     '''
my_wavelength = 10000.0 ** (-2 * 12 / 48)
''')

_add(C, "multiplies-by-omega",
     "`2 * np.pi * ω` multiplies by the frequency; the wavelength divides: `2 * np.pi / ω`.",
     '''
my_wavelength = 2 * np.pi * 10000.0 ** (-2 * 12 / 48)
''')

_add(C, "exponent-sign-dropped",
     "The exponent lost its minus: ω_12 = 10000^(-2·12/48), so write `10000.0 ** (-2 * 12 / 48)`.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (2 * 12 / 48)
''')

_add(C, "half-turn",
     "`np.pi / ω` is half a turn; a full turn is `2 * np.pi` radians.",
     '''
my_wavelength = np.pi / 10000.0 ** (-2 * 12 / 48)
''')

_add(C, "degrees-full-turn",
     "360 is a full turn in degrees, but ω is in radians per position; use `2 * np.pi`.",
     '''
my_wavelength = 360 / 10000.0 ** (-2 * 12 / 48)
''')

_add(C, "exponent-precedence",
     "`10000.0 ** -2 * 12 / 48` raises to -2 and then multiplies; put the exponent in parentheses: `10000.0 ** (-2 * 12 / 48)`.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** -2 * 12 / 48
''')

_add(C, "i-not-2i",
     "The exponent uses i = 12 where the formula has 2i = 24: `-2 * 12 / 48`.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-12 / 48)
''')

_add(C, "half-width-denominator",
     "The denominator is d_model = 48, not d_model / 2 = 24: the exponent is `-2 * 12 / 48`.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-2 * 12 / 24)
''')

_add(C, "floor-division-exponent",
     "`2 * 12 // 48` is integer division and gives 0; use `/` so the exponent is 0.5.",
     '''
my_wavelength = 2 * np.pi / 10000 ** -(2 * 12 // 48)
''')

_add(C, "pair-eleven",
     "Pair indices already start at 0, so pair 12 is i = 12, not i = 11.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-2 * 11 / 48)
''')

_add(C, "pair-thirteen",
     "The exercise asks for pair i = 12, not i = 13: use `-2 * 12 / 48`.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-2 * 13 / 48)
''')

_add(C, "base-one-thousand",
     "The base is 10,000, not 1000: ω_12 = `10000.0 ** (-2 * 12 / 48)`.",
     '''
my_wavelength = 2 * np.pi / 1000.0 ** (-2 * 12 / 48)
''')

_add(C, "exp-instead-of-power",
     "`np.exp(-2 * 12 / 48)` raises e, not 10,000, to the exponent; ω_12 is `10000.0 ** (-2 * 12 / 48)`.",
     '''
my_wavelength = 2 * np.pi / np.exp(-2 * 12 / 48)
''')

_add(C, "cycles-per-position",
     "`ω / (2π)` is the frequency in turns per position; the wavelength is its inverse, `2 * np.pi / ω`.",
     '''
my_wavelength = 10000.0 ** (-2 * 12 / 48) / (2 * np.pi)
''')

_add(C, "omega-squared",
     "Dividing by ω twice (`/ omega / omega`) divides by ω²; the wavelength divides 2π by ω once.",
     '''
omega = 10000.0 ** (-2 * 12 / 48)
my_wavelength = 2 * np.pi / omega / omega
''')


# ---------------------------------------------------------------------------
C = "check_offset_rotation"

_ROT_HEAD = '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
'''

_add(C, "standard-rotation-block",
     "`[[c, -s], [s, c]]` is the textbook (and RoPE) rotation; for this table's (sin, cos) pairs the block is `[[c, s], [-s, c]]`.",
     _ROT_HEAD + '''    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, -s], [s, c]]
    return M
''')

_add(C, "sin-cos-swapped-in-block",
     "The block has sines on the diagonal; the diagonal holds `cos(k w)` and the off-diagonal `±sin(k w)`: `[[c, s], [-s, c]]`.",
     _ROT_HEAD + '''    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[s, c], [-c, s]]
    return M
''')

_add(C, "missing-minus",
     "The lower-left entry must be `-s`: the block is `[[c, s], [-s, c]]`, not `[[c, s], [s, c]]`.",
     _ROT_HEAD + '''    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [s, c]]
    return M
''')

_add(C, "block-at-i",
     "`M[i : i + 2, i : i + 2]` puts pair i's block at row i, so the blocks overlap; pair i occupies rows and columns 2i and 2i + 1: `M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2]`.",
     _ROT_HEAD + '''    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[i : i + 2, i : i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "forgot-offset-k",
     "`np.cos(w)` and `np.sin(w)` turn by one position; the angle for an offset of k is `k * w`.",
     _ROT_HEAD + '''    for i, w in enumerate(freqs):
        c, s = np.cos(w), np.sin(w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "k-plus-w",
     "`k + w` adds the offset and the frequency; the angle is their product, `k * w`.",
     _ROT_HEAD + '''    for i, w in enumerate(freqs):
        c, s = np.cos(k + w), np.sin(k + w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "k-over-w",
     "`k / w` divides by the frequency (as if it were a wavelength); the angle is `k * w`.",
     _ROT_HEAD + '''    for i, w in enumerate(freqs):
        c, s = np.cos(k / w), np.sin(k / w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "degrees-conversion",
     "`np.radians(k * w)` treats an angle that is already in radians as degrees; use `k * w` directly.",
     _ROT_HEAD + '''    for i, w in enumerate(freqs):
        c, s = np.cos(np.radians(k * w)), np.sin(np.radians(k * w))
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "only-first-pair",
     "Only pair 0's block is filled; loop over every pair (`for i, w in enumerate(freqs)`) so each gets its own block.",
     _ROT_HEAD + '''    w = freqs[0]
    c, s = np.cos(k * w), np.sin(k * w)
    M[0:2, 0:2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "vectorised-without-diag",
     "`M[0::2, 0::2] = c` fills every even-row, even-column entry, not only the diagonal; wrap each in `np.diag(...)` so only pair i's own block is set.",
     _ROT_HEAD + '''    c, s = np.cos(k * freqs), np.sin(k * freqs)
    M[0::2, 0::2] = c
    M[0::2, 1::2] = s
    M[1::2, 0::2] = -s
    M[1::2, 1::2] = c
    return M
''')

_add(C, "negative-offset",
     "`-k` turns the pairs back by k positions; M_k moves forward by k, so the angle is `k * w`.",
     _ROT_HEAD + '''    for i, w in enumerate(freqs):
        c, s = np.cos(-k * w), np.sin(-k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "cos-of-k-times-w",
     "`np.cos(k) * w` takes the cosine of k and then multiplies by w; the cosine is of the product: `np.cos(k * w)`.",
     _ROT_HEAD + '''    for i, w in enumerate(freqs):
        c, s = np.cos(k) * w, np.sin(k) * w
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "rows-swapped",
     "The block's rows are in the wrong order: row 2i (the sine's) is `[c, s]` and row 2i + 1 is `[-s, c]`.",
     _ROT_HEAD + '''    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[-s, c], [c, s]]
    return M
''')

_add(C, "freq-indexed-by-column",
     "With `i` stepping over columns 0, 2, 4, ..., `freqs[i]` skips pairs and runs off the end; the pair's frequency is `freqs[i // 2]`.",
     _ROT_HEAD + '''    for i in range(0, d_model, 2):
        w = freqs[i]
        c, s = np.cos(k * w), np.sin(k * w)
        M[i : i + 2, i : i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "whole-row-band",
     "`M[2 * i : 2 * i + 2]` selects two whole rows; the block also needs the column slice `2 * i : 2 * i + 2`.",
     _ROT_HEAD + '''    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "forgot-to-fill",
     "The function returns the zero matrix it started with; each pair's 2 x 2 block must be filled on the diagonal first.",
     _ROT_HEAD + '''    return M
''')


# ---------------------------------------------------------------------------
C = "check_cosine_similarity"

_add(C, "norm-axis-0",
     "`np.linalg.norm(table, axis=0)` gives each column's length; the rows' lengths need `axis=1`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=0)
    return dots / np.outer(lengths, lengths)
''')

_add(C, "divides-by-one-length",
     "`dots / lengths` divides entry [p, q] only by lengths[q]; it also needs lengths[p]: divide by `np.outer(lengths, lengths)`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)
    return dots / lengths
''')

_add(C, "elementwise-not-outer",
     "`lengths * lengths` multiplies each length by itself (shape (seq_len,)); entry [p, q] needs lengths[p] * lengths[q], which is `np.outer(lengths, lengths)`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)
    return dots / (lengths * lengths)
''')

_add(C, "row-length-twice",
     "Dividing twice by `lengths[:, None]` uses row p's length twice; the second division must be by `lengths[None, :]`, the length of row q.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)
    return dots / lengths[:, None] / lengths[:, None]
''')

_add(C, "whole-table-norm",
     "`np.linalg.norm(table)` without an axis is the length of the whole table, one number; each row needs its own length, `axis=1`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table)
    return dots / np.outer(lengths, lengths)
''')

_add(C, "squared-lengths",
     "`(table ** 2).sum(axis=1)` is the squared length; take its square root to get the length.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = (table ** 2).sum(axis=1)
    return dots / np.outer(lengths, lengths)
''')

_add(C, "sum-of-absolute-values",
     "`np.abs(table).sum(axis=1)` is the sum of absolute values, not the length; the length is the square root of the sum of squares (`np.linalg.norm(table, axis=1)`).",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.abs(table).sum(axis=1)
    return dots / np.outer(lengths, lengths)
''')

_add(C, "square-of-sum",
     "`np.sqrt(table.sum(axis=1) ** 2)` squares the sum of the entries; the length squares each entry first: `np.sqrt((table ** 2).sum(axis=1))`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.sqrt(table.sum(axis=1) ** 2)
    return dots / np.outer(lengths, lengths)
''')

_add(C, "divides-by-largest",
     "Dividing by `dots.max()` rescales every entry by the same number; each entry needs the lengths of its own two rows.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    return dots / dots.max()
''')

_add(C, "diagonal-without-sqrt",
     "The diagonal of `dots` holds the squared lengths; take `np.sqrt(np.diag(dots))` before forming the outer product.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.diag(dots)
    return dots / np.outer(lengths, lengths)
''')

_add(C, "normalised-rows-no-transpose",
     "`unit @ unit` is missing the transpose; the dot products of the unit rows are `unit @ unit.T`.",
     '''
def my_cosine_similarity(table):
    lengths = np.linalg.norm(table, axis=1)
    unit = table / lengths[:, None]
    return unit @ unit
''')

_add(C, "normalise-without-column",
     "`table / lengths` divides column j by lengths[j]; to divide each row by its own length use `lengths[:, None]`.",
     '''
def my_cosine_similarity(table):
    lengths = np.linalg.norm(table, axis=1)
    unit = table / lengths
    return unit @ unit.T
''')

_add(C, "cosine-distance",
     "`1 - ...` gives the cosine distance; the exercise asks for the cosine similarity itself.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)
    return 1 - dots / np.outer(lengths, lengths)
''')

_add(C, "returns-angle",
     "`np.arccos` turns the cosine into an angle; return the cosine similarity itself.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)
    return np.arccos(np.clip(dots / np.outer(lengths, lengths), -1, 1))
''')

_add(C, "sum-of-lengths",
     "`lengths[:, None] + lengths[None, :]` adds the two lengths; the denominator is their product.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)
    return dots / (lengths[:, None] + lengths[None, :])
''')

_add(C, "norm-of-dots",
     "`np.linalg.norm(dots, axis=1)` measures the rows of the dot-product matrix; the lengths are those of the table's rows, `np.linalg.norm(table, axis=1)`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(dots, axis=1)
    return dots / np.outer(lengths, lengths)
''')

_add(C, "divide-then-multiply",
     "`dots / lengths[None, :] * lengths[:, None]` divides by one length and multiplies by the other; put the product in parentheses: `dots / (lengths[:, None] * lengths[None, :])`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)
    return dots / lengths[None, :] * lengths[:, None]
''')

_add(C, "dot-not-outer",
     "`np.dot(lengths, lengths)` is a single number (the sum of the squared lengths); entry [p, q] needs `np.outer(lengths, lengths)`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)
    return dots / np.dot(lengths, lengths)
''')


# ---------------------------------------------------------------------------
C = "check_apply_rope"

_ROPE_HEAD = '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
'''

_add(C, "turns-backwards",
     "The minus sign is on the wrong term, which turns each pair by -angle; the new first is `first * cos - second * sin` and the new second `first * sin + second * cos`.",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) + second * np.sin(angles)
    out[:, 1::2] = -first * np.sin(angles) + second * np.cos(angles)
    return out
''')

_add(C, "missing-minus-first",
     "The new first is `first * cos - second * sin`; with a plus it is no longer a rotation.",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) + second * np.sin(angles)
    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return out
''')

_add(C, "in-place-on-x",
     "`out = x` writes into x itself, so `first` (a view of x) is already overwritten when the second line uses it; use `out = np.empty_like(x)`.",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    out = x
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return out
''')

_add(C, "first-reassigned-before-use",
     "`first` is replaced by its turned value before the new second is computed from it; compute both new values from the original `first` and `second`.",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    first = first * np.cos(angles) - second * np.sin(angles)
    second = first * np.sin(angles) + second * np.cos(angles)
    out = np.empty_like(x)
    out[:, 0::2] = first
    out[:, 1::2] = second
    return out
''')

_add(C, "halves-layout",
     "The pairs are taken as the two halves of x (`x[:, :d_head // 2]`, `x[:, d_head // 2:]`); this exercise's pairs are interleaved, `x[:, 0::2]` and `x[:, 1::2]`.",
     _ROPE_HEAD + '''    half = d_head // 2
    first, second = x[:, :half], x[:, half:]
    out = np.empty_like(x)
    out[:, :half] = first * np.cos(angles) - second * np.sin(angles)
    out[:, half:] = first * np.sin(angles) + second * np.cos(angles)
    return out
''')

_add(C, "sin-cos-swapped",
     "`np.sin` and `np.cos` are swapped in both lines; the new first is `first * cos - second * sin`.",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.sin(angles) - second * np.cos(angles)
    out[:, 1::2] = first * np.cos(angles) + second * np.sin(angles)
    return out
''')

_add(C, "degrees-conversion",
     "`np.deg2rad(angles)` treats radian angles as degrees; pass `angles` straight to `np.cos` and `np.sin`.",
     _ROPE_HEAD + '''    angles = np.deg2rad(angles)
    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return out
''')

_add(C, "second-never-written",
     "Only the even columns are written, so the odd ones stay 0; also set `out[:, 1::2] = first * sin + second * cos`.",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    out = np.zeros_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    return out
''')

_add(C, "returns-x",
     "The function returns `x`, not the turned `out` it has just built.",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return x
''')

_add(C, "copy-pasted-first-formula",
     "The odd columns got the first formula again; the new second is `first * sin + second * cos`.",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = first * np.cos(angles) - second * np.sin(angles)
    return out
''')

_add(C, "scales-instead-of-turning",
     "Multiplying x by the cosines only shrinks each pair; a turn also mixes in the partner dimension times the sine.",
     _ROPE_HEAD + '''    return x * np.cos(np.repeat(angles, 2, axis=1))
''')

_add(C, "tile-instead-of-repeat",
     "`np.tile(angles, 2)` lays the angles out as two halves; interleaved pairs need each angle twice in a row, `np.repeat(angles, 2, axis=1)`.",
     _ROPE_HEAD + '''    cos = np.cos(np.tile(angles, 2))
    sin = np.sin(np.tile(angles, 2))
    partner = np.empty_like(x)
    partner[:, 0::2] = -x[:, 1::2]
    partner[:, 1::2] = x[:, 0::2]
    return x * cos + partner * sin
''')

_add(C, "slices-rows",
     "`out[0::2]` selects every other row (position); the pair's dimensions are columns: `out[:, 0::2]` and `out[:, 1::2]`.",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[1::2] = first * np.sin(angles) + second * np.cos(angles)
    return out
''')

_add(C, "stack-axis-1",
     "`np.stack(..., axis=1)` puts all new firsts before all new seconds after the reshape; stack on the last axis (`axis=-1`) so each pair stays side by side.",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    new_first = first * np.cos(angles) - second * np.sin(angles)
    new_second = first * np.sin(angles) + second * np.cos(angles)
    return np.stack([new_first, new_second], axis=1).reshape(x.shape)
''')

_add(C, "concatenated-output",
     "`np.concatenate` writes all new firsts, then all new seconds; they must go back into the interleaved columns `0::2` and `1::2`.",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    new_first = first * np.cos(angles) - second * np.sin(angles)
    new_second = first * np.sin(angles) + second * np.cos(angles)
    return np.concatenate([new_first, new_second], axis=1)
''')

_add(C, "second-line-roles-swapped",
     "In the second line `first` and `second` trade places; the new second is `first * sin + second * cos`.",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = second * np.sin(angles) + first * np.cos(angles)
    return out
''')


# ---------------------------------------------------------------------------
C = "check_alibi_slopes"

_add(C, "heads-from-zero",
     "`np.arange(n)` starts at h = 0, giving a first slope of 1; h runs from 1 to n: `np.arange(1, n + 1)`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(n) / n)

    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "positive-exponent",
     "The exponent lost its minus: the slopes are 2^(-8h/n), all below 1.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "exponent-precedence",
     "`2.0 ** -8 * np.arange(1, n + 1) / n` computes 2^-8 first and then multiplies; the whole `-8 * h / n` is the exponent, in parentheses.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** -8 * np.arange(1, n + 1) / n

    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "forgot-the-eight",
     "The exponent is -8h/n; without the 8 the last slope is 2^-1 instead of 2^-8.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "formula-for-any-n",
     "`power_of_two(num_heads)` is the paper's sequence only for a power of two; for other counts use the authors' rule (c slopes of power_of_two(c), then every other slope of 2c heads).",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    return power_of_two(num_heads)
''')

_add(C, "every-other-from-second",
     "`[1::2]` starts with the second slope of 2c heads, which repeats slopes power_of_two(c) already has; start with the first: `[0::2]`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[1::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "no-every-other",
     "The extra slopes are every other slope of 2c heads (`[0::2]`), not the first n - c in a row.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "rounds-up",
     "`np.ceil` picks the next power of two above n; the rule starts from the largest power of two at or below n (`int(np.log2(n))`, rounding down).",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 2 ** int(np.ceil(np.log2(num_heads)))
    return power_of_two(c)[:num_heads]
''')

_add(C, "extra-first",
     "The extra slopes come after the c slopes of power_of_two(c), not before: `np.concatenate([power_of_two(c), extra])`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([extra, power_of_two(c)])
''')

_add(C, "sorted",
     "Sorting the slopes mixes the extra ones in among the others; the authors' order keeps power_of_two(c) first and the extra slopes after it.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.sort(np.concatenate([power_of_two(c), extra]))[::-1]
''')

_add(C, "extra-from-c-not-2c",
     "The extra slopes come from the sequence for 2c heads, `power_of_two(2 * c)[0::2]`, not from `power_of_two(c)`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "exponent-not-power",
     "`int(np.log2(num_heads))` is the exponent a of the power of two; c is `2 ** int(np.log2(num_heads))`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = int(np.log2(num_heads))
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "bit-length-off-by-one",
     "`1 << num_heads.bit_length()` is the power of two above num_heads; the largest one at or below it is `1 << (num_heads.bit_length() - 1)`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << num_heads.bit_length()
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "extra-not-truncated",
     "All of `power_of_two(2 * c)[0::2]` is appended; only its first `num_heads - c` entries are needed.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)
    if c == num_heads:
        return power_of_two(c)
    extra = power_of_two(2 * c)[0::2]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "floor-division-exponent",
     "`-8 * h // n` floors the exponent to a whole number; use true division `/`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) // n)

    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "exp-instead-of-two",
     "`np.exp` raises e to the exponent; the slopes are powers of two: `2.0 ** (...)`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return np.exp(-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "one-head-short",
     "`np.arange(1, n)` stops at n - 1, one slope short; h runs up to n: `np.arange(1, n + 1)`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n) / n)

    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')


# ---------------------------------------------------------------------------
C = "check_alibi_bias"

_BIAS_HEAD = '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
'''

_add(C, "sign-positive",
     "The bias must lower the scores of distant keys: return `-slopes[:, None, None] * distance`, with the minus.",
     _BIAS_HEAD + '''    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)
    return slopes[:, None, None] * distance
''')

_add(C, "j-minus-i",
     "`j - i` is positive for keys after the query; the causal distance is `np.maximum(i - j, 0)`, non-zero below the diagonal.",
     _BIAS_HEAD + '''    distance = np.maximum(j - i, 0) if causal else np.abs(i - j)
    return -slopes[:, None, None] * distance
''')

_add(C, "causal-not-clipped",
     "With `causal=True` the distance `i - j` is negative above the diagonal; clip it with `np.maximum(i - j, 0)` so that part is 0.",
     _BIAS_HEAD + '''    distance = (i - j) if causal else np.abs(i - j)
    return -slopes[:, None, None] * distance
''')

_add(C, "abs-always",
     "`np.abs(i - j)` is the encoder's distance; with `causal=True` the part above the diagonal must be 0: `np.maximum(i - j, 0)`.",
     _BIAS_HEAD + '''    distance = np.abs(i - j)
    return -slopes[:, None, None] * distance
''')

_add(C, "causal-flag-ignored",
     "The causal distance is used even when `causal=False`; the encoder needs `np.abs(i - j)` everywhere.",
     _BIAS_HEAD + '''    distance = np.maximum(i - j, 0)
    return -slopes[:, None, None] * distance
''')

_add(C, "slopes-one-new-axis",
     "`slopes[:, None]` has shape (num_heads, 1), which does not give one matrix per head; use `slopes[:, None, None]`.",
     _BIAS_HEAD + '''    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)
    return -slopes[:, None] * distance
''')

_add(C, "heads-last",
     "`distance[..., None] * slopes` puts the heads on the last axis, shape (seq_len, seq_len, num_heads); the heads come first: `slopes[:, None, None] * distance`.",
     _BIAS_HEAD + '''    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)
    return -distance[..., None] * slopes
''')

_add(C, "tile-then-flat-slopes",
     "Multiplying the tiled (num_heads, seq_len, seq_len) stack by `slopes` broadcasts the slopes along the keys' axis; give them shape (num_heads, 1, 1) with `slopes[:, None, None]`.",
     _BIAS_HEAD + '''    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)
    return -np.tile(distance, (num_heads, 1, 1)) * slopes
''')

_add(C, "squared-distance",
     "`(i - j) ** 2` grows quadratically; ALiBi's penalty is linear in the distance, `i - j`.",
     _BIAS_HEAD + '''    distance = np.maximum(i - j, 0) ** 2 if causal else np.abs(i - j) ** 2
    return -slopes[:, None, None] * distance
''')

_add(C, "self-distance-one",
     "The `+ 1` gives the query itself a distance of 1; the distance of a word to itself is 0: `np.maximum(i - j, 0)`.",
     _BIAS_HEAD + '''    distance = np.maximum(i - j + 1, 0) if causal else np.abs(i - j)
    return -slopes[:, None, None] * distance
''')

_add(C, "divides-by-slope",
     "`distance / slopes` divides by the slope; the bias is the slope times the distance: `-slopes[:, None, None] * distance`.",
     _BIAS_HEAD + '''    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)
    return -distance / slopes[:, None, None]
''')

_add(C, "minus-infinity-above",
     "The part above the diagonal must be 0, not -inf: the causal mask hides those keys, so the bias leaves them alone (`np.maximum(i - j, 0)`).",
     _BIAS_HEAD + '''    distance = np.where(j > i, np.inf, i - j) if causal else np.abs(i - j)
    return -slopes[:, None, None] * distance
''')

_add(C, "causal-branches-swapped",
     "The two branches are swapped: `causal=True` takes `np.maximum(i - j, 0)` and `causal=False` takes `np.abs(i - j)`.",
     _BIAS_HEAD + '''    distance = np.abs(i - j) if causal else np.maximum(i - j, 0)
    return -slopes[:, None, None] * distance
''')

_add(C, "np-max-not-maximum",
     "`np.max(i - j, 0)` reduces along axis 0 (the 0 is taken as an axis); the entry-by-entry larger of two arrays is `np.maximum(i - j, 0)`.",
     _BIAS_HEAD + '''    distance = np.max(i - j, 0) if causal else np.abs(i - j)
    return -slopes[:, None, None] * distance
''')

_add(C, "minimum-not-maximum",
     "`np.minimum(i - j, 0)` keeps the negative part above the diagonal and zeroes the keys before the query; use `np.maximum(i - j, 0)`.",
     _BIAS_HEAD + '''    distance = np.minimum(i - j, 0) if causal else np.abs(i - j)
    return -slopes[:, None, None] * distance
''')

_add(C, "exponential-factor",
     "`np.exp(-m * distance)` is a multiplicative decay; ALiBi's bias is added to the scores as it is, `-slopes[:, None, None] * distance`.",
     _BIAS_HEAD + '''    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)
    return np.exp(-slopes[:, None, None] * distance)
''')


# ---------------------------------------------------------------------------
C = "check_scheme_layer"

_LAYER_OK = '''
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
    return posenc.attention(q, k, v, mask=mask, bias=bias)
'''


def _layer(old, new):
    assert _LAYER_OK.count(old) == 1, old
    return _LAYER_OK.replace(old, new)


_add(C, "sinusoidal-concatenated",
     "`np.concatenate` appends the table as extra columns, so x no longer fits W_q; the scheme adds each position's row to its word: `x + posenc.sinusoidal(n, x.shape[1])`.",
     _layer('x = x + posenc.sinusoidal(n, x.shape[1])',
            'x = np.concatenate([x, posenc.sinusoidal(n, x.shape[1])], axis=1)'))

_add(C, "sinusoidal-after-projection",
     "The sinusoidal rows are added to q, k and v after the projections; they belong at the input, added to x before `x @ w_q`.",
     _layer('''    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
''', '''    if scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
    if scheme == "sinusoidal":
        table = posenc.sinusoidal(n, x.shape[1])
        q, k, v = q + table, k + table, v + table
'''))

_add(C, "rope-turns-values",
     "RoPE turns only the queries and the keys; `v` must be left as it is.",
     _layer('q, k = posenc.apply_rope(q), posenc.apply_rope(k)',
            'q, k, v = posenc.apply_rope(q), posenc.apply_rope(k), posenc.apply_rope(v)'))

_add(C, "rope-only-queries",
     "Only `q` is turned; RoPE turns the keys too (`k = posenc.apply_rope(k)`), so that the score depends on the offset.",
     _layer('q, k = posenc.apply_rope(q), posenc.apply_rope(k)',
            'q = posenc.apply_rope(q)'))

_add(C, "rope-at-input",
     "`posenc.apply_rope(x)` turns the input before the projections, which then mix the turned dimensions; turn q and k after `x @ w_q` and `x @ w_k`.",
     _layer('''    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
''', '''    if scheme == "rope":
        x = posenc.apply_rope(x)
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
'''))

_add(C, "alibi-positive",
     "The ALiBi bias must be negative, a penalty: `-capstone.ALIBI_SLOPE * np.abs(...)`.",
     _layer('bias = -capstone.ALIBI_SLOPE * np.abs', 'bias = capstone.ALIBI_SLOPE * np.abs'))

_add(C, "alibi-no-slope",
     "The distance is not multiplied by the slope; the bias is `-capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])`.",
     _layer('bias = -capstone.ALIBI_SLOPE * np.abs', 'bias = -np.abs'))

_add(C, "alibi-one-sided",
     "`np.maximum(i - j, 0)` leaves the keys after the query unpenalised; the layer's ALiBi uses `np.abs(i - j)` on both sides.",
     _layer('np.abs(i[:, None] - i[None, :])', 'np.maximum(i[:, None] - i[None, :], 0)'))

_add(C, "alibi-no-abs",
     "Without `np.abs`, keys after the query get a bonus instead of a penalty; the distance is `np.abs(i[:, None] - i[None, :])`.",
     _layer('np.abs(i[:, None] - i[None, :])', '(i[:, None] - i[None, :])'))

_add(C, "alibi-library-slope",
     "`posenc.alibi_bias(n, 1)` uses the one-head slope 2^-8; this layer's slope is `capstone.ALIBI_SLOPE` (1/2).",
     _layer('bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])  # (n, n)',
            'bias = posenc.alibi_bias(n, 1, causal=False)[0]  # (n, n)'))

_add(C, "learned-last-rows",
     "`parts[\"table\"][-n:]` takes the table's last rows; position p's row is row p, so use the first n rows, `parts[\"table\"][:n]`.",
     _layer('x = x + parts["table"][:n]', 'x = x + parts["table"][-n:]'))

_add(C, "learned-uses-sinusoidal",
     "The learned scheme adds the sinusoidal table again; its rows are the stand-in learned table, `parts[\"table\"][:n]`.",
     _layer('x = x + parts["table"][:n]', 'x = x + posenc.sinusoidal(n, x.shape[1])'))

_add(C, "mask-never",
     "`mask` stays None even when `causal=True`; pass `posenc.causal_mask(n)` when the flag is set.",
     _layer('mask = posenc.causal_mask(n) if causal else None', 'mask = None'))

_add(C, "mask-always",
     "The causal mask is applied even when `causal=False`; use it only when the flag is set.",
     _layer('mask = posenc.causal_mask(n) if causal else None', 'mask = posenc.causal_mask(n)'))

_add(C, "rope-name-capitalised",
     "`scheme == \"RoPE\"` never matches, because the scheme is passed as \"rope\"; test `scheme == \"rope\"`.",
     _layer('if scheme == "rope":', 'if scheme == "RoPE":'))

_add(C, "returns-outputs-only",
     "`[0]` keeps only the outputs; return what `posenc.attention` returns, the outputs and the weights.",
     _layer('return posenc.attention(q, k, v, mask=mask, bias=bias)',
            'return posenc.attention(q, k, v, mask=mask, bias=bias)[0]'))

_add(C, "sinusoidal-arguments-swapped",
     "`posenc.sinusoidal(x.shape[1], n)` swaps its arguments; the table is `posenc.sinusoidal(n, x.shape[1])`, one row per position.",
     _layer('x = x + posenc.sinusoidal(n, x.shape[1])', 'x = x + posenc.sinusoidal(x.shape[1], n)'))

_add(C, "queries-keys-swapped",
     "`posenc.attention(k, q, v, ...)` passes the keys as queries, so the weights come out transposed; the order is `(q, k, v)`.",
     _layer('return posenc.attention(q, k, v, mask=mask, bias=bias)',
            'return posenc.attention(k, q, v, mask=mask, bias=bias)'))

_add(C, "row-by-word-not-position",
     "The sinusoidal row is picked by the word's index in the vocabulary; it must be picked by the word's position in the sentence, `posenc.sinusoidal(n, x.shape[1])`.",
     _layer('x = x + posenc.sinusoidal(n, x.shape[1])',
            'x = x + posenc.sinusoidal(len(capstone.WORDS), x.shape[1])[[capstone.WORDS.index(word) for word in sentence]]'))


# ---------------------------------------------------------------------------
C = "check_comparison_table"

_TABLE_START = '''
my_table = checks.comparison_table_answer()
'''


def _cell(row, column, value):
    return _TABLE_START + f'my_table[{row!r}][{column!r}] = {value!r}\n'


_add(C, "sinusoidal-relative",
     "The sinusoidal table gives each position its own row, added at the input: it is 'absolute', even though an offset acts on it as a fixed rotation.",
     _cell("sinusoidal", "absolute or relative", "relative"))

_add(C, "rope-absolute",
     "RoPE turns each query and key by its own position, but the score only depends on the offset m - n: it is 'relative'.",
     _cell("RoPE", "absolute or relative", "absolute"))

_add(C, "alibi-absolute",
     "ALiBi's penalty depends only on the distance i - j, not on where the query is: it is 'relative'.",
     _cell("ALiBi", "absolute or relative", "absolute"))

_add(C, "rope-acts-on-scores",
     "RoPE's effect shows in the scores, but where it acts is on the queries and keys it turns: 'turns queries and keys'.",
     _cell("RoPE", "where it acts", "added to the scores"))

_add(C, "t5-acts-on-input",
     "T5's bias is a scalar added to each score, not a row added to the input: 'added to the scores'.",
     _cell("T5 bias", "where it acts", "added to the input"))

_add(C, "sinusoidal-has-rows",
     "The sinusoidal table has one row per position but computes them from a formula, so nothing is trained: 'none'.",
     _cell("sinusoidal", "trained position parameters", "one row per position"))

_add(C, "alibi-slopes-trained",
     "ALiBi's slopes are fixed by a formula (2^(-8h/n)), not learned: its trained position parameters are 'none'.",
     _cell("ALiBi", "trained position parameters", "one scalar per bucket and head"))

_add(C, "t5-row-per-position",
     "T5 learns one scalar per bucket of offsets and per head, not a row per position: 'one scalar per bucket and head'.",
     _cell("T5 bias", "trained position parameters", "one row per position"))

_add(C, "learned-table-runs-on",
     "The text assumes the learned table's last row is at the training length, so past it there is no row to look up: 'stops at its last row: nothing to look up past it'.",
     _cell("learned", "past the training length", "runs on positions or angles never trained"))

_add(C, "sinusoidal-stops",
     "The sinusoidal formula gives a row for any position, so past the training length it runs, on positions never trained: 'runs on positions or angles never trained'.",
     _cell("sinusoidal", "past the training length", "stops at its last row: nothing to look up past it"))

_add(C, "t5-stops",
     "T5 has no last position: every far offset falls into the last bucket, which was trained: 'runs: far offsets share the last trained bucket'.",
     _cell("T5 bias", "past the training length", "stops at its last row: nothing to look up past it"))

_add(C, "alibi-untrained-positions",
     "ALiBi's penalty is a fixed line, so a farther key simply gets a larger penalty: 'runs: far keys just get a larger penalty'.",
     _cell("ALiBi", "past the training length", "runs on positions or angles never trained"))

_add(C, "rope-larger-penalty",
     "RoPE has no penalty; past the training length its slow pairs reach angles training never gave: 'runs on positions or angles never trained'.",
     _cell("RoPE", "past the training length", "runs: far keys just get a larger penalty"))

_add(C, "sinusoidal-used-by-bert",
     "BERT learns its table; the sinusoidal table is the original Transformer's.",
     _cell("sinusoidal", "used by", "BERT, GPT-2"))

_add(C, "learned-used-by-original",
     "BERT and GPT-2 learn their table; the original Transformer uses the sinusoidal one.",
     _cell("learned", "used by", "the original Transformer"))

_add(C, "rope-alibi-models-swapped",
     "Llama and Mistral use RoPE; BLOOM and MPT are ALiBi's models.",
     _cell("RoPE", "used by", "BLOOM, MPT"))

_add(C, "alibi-used-by-llama",
     "BLOOM and MPT use ALiBi; Llama and Mistral use RoPE.",
     _cell("ALiBi", "used by", "Llama, Mistral"))

_add(C, "numbers-counted-from-zero",
     "The answers are numbered from 1, so 1 is 'added to the input'; RoPE's 'turns queries and keys' is number 2.",
     _cell("RoPE", "where it acts", 1))

_add(C, "one-cell-left-blank",
     "One cell of the blank template (T5's 'used by') was never filled and is still `...`; it is 'T5'.",
     '''
my_table = {scheme: dict(row) for scheme, row in blank.items()}
my_table["sinusoidal"].update({"absolute or relative": 1, "where it acts": 1, "trained position parameters": 1,
                               "past the training length": 2, "used by": 1})
my_table["learned"].update({"absolute or relative": 1, "where it acts": 1, "trained position parameters": 2,
                            "past the training length": 1, "used by": 2})
my_table["T5 bias"].update({"absolute or relative": 2, "where it acts": 3, "trained position parameters": 3,
                            "past the training length": 3})
my_table["RoPE"].update({"absolute or relative": 2, "where it acts": 2, "trained position parameters": 1,
                         "past the training length": 2, "used by": 4})
my_table["ALiBi"].update({"absolute or relative": 2, "where it acts": 3, "trained position parameters": 1,
                          "past the training length": 4, "used by": 5})
''')
