"""Plausible wrong answers to the 12 coding exercises of the positional-encoding course (set 3)."""

MISTAKES = []


def _add(checker, name, cause, code):
    MISTAKES.append(dict(checker=checker, name=name, cause=cause, code=code))


def _variant(base, old, new):
    """The learner's cell: `base` with the one expression `old` written as `new`."""
    assert base.count(old) == 1, (old, base.count(old))
    return base.replace(old, new)


# ---------------------------------------------------------------------------
C = "check_positions_column"

_add(C, "row-not-column",
     "Returns `np.arange(seq_len)`, a 1-D row of shape (seq_len,); add the second axis with `[:, None]` to get the (seq_len, 1) column.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len)
''')

_add(C, "transpose-of-1d",
     "`np.arange(seq_len).T` does nothing to a 1-D array (its transpose is itself); use `np.arange(seq_len)[:, None]` to make it a column.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len).T  # transpose the row into a column
''')

_add(C, "none-on-first-axis",
     "`np.arange(seq_len)[None, :]` puts the new axis first and gives a (1, seq_len) row; the None goes second: `[:, None]`.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len)[None, :]
''')

_add(C, "expand-dims-axis-0",
     "`np.expand_dims(..., axis=0)` adds the length-1 axis in front, shape (1, seq_len); it must be `axis=1` for a (seq_len, 1) column.",
     '''
def my_positions(seq_len):
    return np.expand_dims(np.arange(seq_len), axis=0)
''')

_add(C, "starts-at-one",
     "`np.arange(1, seq_len + 1)` counts positions from 1; the first position is 0, so use `np.arange(seq_len)`.",
     '''
def my_positions(seq_len):
    return np.arange(1, seq_len + 1)[:, None]
''')

_add(C, "one-position-too-many",
     "`np.arange(seq_len + 1)` gives seq_len + 1 positions (0 to seq_len); `np.arange(seq_len)` already stops at seq_len - 1.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len + 1)[:, None]
''')

_add(C, "one-position-too-few",
     "`np.arange(seq_len - 1)` stops at seq_len - 2 and drops the last position; the end of `np.arange` is already excluded, so use `np.arange(seq_len)`.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len - 1)[:, None]  # up to seq_len - 1
''')

_add(C, "zeros-placeholder",
     "`np.zeros((seq_len, 1))` has the right shape but every entry is 0; the column must hold the positions 0, 1, ..., seq_len - 1 (`np.arange(seq_len)[:, None]`).",
     '''
def my_positions(seq_len):
    return np.zeros((seq_len, 1))  # a column, shape (seq_len, 1)
''')

_add(C, "linspace-includes-endpoint",
     "`np.linspace(0, seq_len, seq_len)` includes seq_len itself and spaces the values unevenly, not by 1; use `np.arange(seq_len)`.",
     '''
def my_positions(seq_len):
    return np.linspace(0, seq_len, seq_len)[:, None]
''')

_add(C, "normalised-positions",
     "Dividing by seq_len squeezes the positions into [0, 1); the column must hold the whole positions 0, 1, ..., seq_len - 1, undivided.",
     '''
def my_positions(seq_len):
    return (np.arange(seq_len) / seq_len)[:, None]
''')

_add(C, "extra-axis",
     "`[:, None, None]` adds two axes, shape (seq_len, 1, 1); a single `[:, None]` gives the (seq_len, 1) column.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len)[:, None, None]
''')

_add(C, "tile-square",
     "`np.tile(np.arange(seq_len), (seq_len, 1))` repeats the row seq_len times, so its transpose is a (seq_len, seq_len) square; one column needs no tiling: `np.arange(seq_len)[:, None]`.",
     '''
def my_positions(seq_len):
    return np.tile(np.arange(seq_len), (seq_len, 1)).T
''')

_add(C, "indices-returns-both-grids",
     "`np.indices((seq_len, 1))` returns both index grids stacked, shape (2, seq_len, 1); take only the first, `np.indices((seq_len, 1))[0]`, or use `np.arange(seq_len)[:, None]`.",
     '''
def my_positions(seq_len):
    return np.indices((seq_len, 1))
''')

_add(C, "cumsum-starts-at-one",
     "The running sum of ones down the column counts 1, 2, ..., seq_len; the positions start at 0, so subtract 1 (or use `np.arange(seq_len)[:, None]`).",
     '''
def my_positions(seq_len):
    return np.cumsum(np.ones((seq_len, 1)), axis=0)
''')

_add(C, "cumsum-along-wrong-axis",
     "`np.cumsum(..., axis=1)` sums along the axis of length 1, so every entry stays 1 and, after the `- 1`, is 0; the running count must go down the column, `axis=0`.",
     '''
def my_positions(seq_len):
    return np.cumsum(np.ones((seq_len, 1)), axis=1) - 1
''')

_add(C, "ogrid-returns-a-list",
     "`np.ogrid[0:seq_len, 0:1]` returns a list of two open grids, not one array; keep only the first, or use `np.arange(seq_len)[:, None]`.",
     '''
def my_positions(seq_len):
    return np.ogrid[0:seq_len, 0:1]
''')


# ---------------------------------------------------------------------------
C = "check_attention"

_add(C, "no-scaling",
     "The scores `q @ k.T` are never divided by `np.sqrt(q.shape[-1])`, the square root of d_head that the formula asks for.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T  # (seq_len_q, seq_len_k)
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "divides-by-d-not-sqrt",
     "The scores are divided by d_head itself, `q.shape[-1]`; the formula divides by its square root, `np.sqrt(q.shape[-1])`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / q.shape[-1]
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "multiplies-by-sqrt",
     "The scores are multiplied by `np.sqrt(d_head)`; the formula divides by it: `q @ k.T / np.sqrt(q.shape[-1])`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T * np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "half-power-precedence",
     "`q.shape[-1] ** 1 / 2` is (d_head ** 1) / 2, so the scores are divided by d_head and then by 2; the square root needs brackets, `q.shape[-1] ** (1 / 2)` or `np.sqrt(q.shape[-1])`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / q.shape[-1] ** 1 / 2
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "sqrt-of-number-of-keys",
     "`np.sqrt(k.shape[0])` is the square root of the number of keys; d_head is the width of a query, `q.shape[-1]`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(k.shape[0])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "sqrt-of-value-width",
     "`np.sqrt(v.shape[-1])` uses the width of the values, d_v; the scale is the width of the queries and keys, `np.sqrt(q.shape[-1])`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(v.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "sqrt-of-size",
     "`q.size` counts every entry of q (seq_len_q * d_head); d_head is `q.shape[-1]`.",
     '''
def my_attention(q, k, v):
    d_head = q.size
    scores = q @ k.T / np.sqrt(d_head)
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "softmax-over-queries",
     "`posenc.softmax(scores, axis=0)` normalises each column (each key over the queries); the weights of one query run along the keys, `axis=-1`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=0)
    return weights @ v
''')

_add(C, "softmax-over-whole-matrix",
     "`np.exp(scores) / np.exp(scores).sum()` divides by the sum of the whole matrix, so no row sums to 1; sum each row, `.sum(axis=-1, keepdims=True)` (or use `posenc.softmax(scores, axis=-1)`).",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = np.exp(scores) / np.exp(scores).sum()
    return weights @ v
''')

_add(C, "row-sums-without-keepdims",
     "`np.exp(scores).sum(axis=-1)` has shape (seq_len_q,), which broadcasts along the last axis, so column j is divided by row j's sum; keep the axis, `.sum(axis=-1, keepdims=True)`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = np.exp(scores) / np.exp(scores).sum(axis=-1)
    return weights @ v
''')

_add(C, "no-softmax",
     "The scaled scores are used as the weights directly; they must first go through `posenc.softmax(scores, axis=-1)` so that each row is positive and sums to 1.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = scores
    return weights @ v
''')

_add(C, "keys-times-queries",
     "`k @ q.T` puts the keys on the rows, the transpose of the score matrix; rows must be queries: `q @ k.T`.",
     '''
def my_attention(q, k, v):
    scores = k @ q.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "forgot-transpose",
     "`q @ k` multiplies a (seq_len_q, d_head) by a (seq_len_k, d_head) matrix; the dot products of queries with keys need the transpose, `q @ k.T`.",
     '''
def my_attention(q, k, v):
    scores = q @ k / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "weights-transposed",
     "`weights.T @ v` averages with the columns of the weights; each query's row of weights must multiply the values: `weights @ v`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights.T @ v
''')

_add(C, "einsum-wrong-index",
     "In `np.einsum('qk,qd->qd', weights, v)` the values are indexed by the query, so each row just rescales its own value; the values run over the keys: `'qk,kd->qd'`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return np.einsum("qk,qd->qd", weights, v)
''')

_add(C, "returns-weights",
     "Returns the attention weights, (seq_len_q, seq_len_k); the output is the weighted sum of the values, `weights @ v`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights
''')

_add(C, "returns-tuple",
     "Returns `(weights @ v, weights)` like `posenc.attention`; the exercise asks for the output alone, `weights @ v`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v, weights
''')

_add(C, "floor-division-scale",
     "`//` is floor division, which rounds every scaled score down to a whole number; divide with `/`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T // np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "scale-after-softmax",
     "The division by `np.sqrt(d_head)` is applied to the weights after the softmax, so rows no longer sum to 1; it belongs inside, on the scores.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T
    weights = posenc.softmax(scores, axis=-1) / np.sqrt(q.shape[-1])
    return weights @ v
''')

_add(C, "negated-scores",
     "`posenc.softmax(-scores)` gives the largest weight to the worst-matching key; the softmax takes the scores as they are.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(-scores, axis=-1)
    return weights @ v
''')


# ---------------------------------------------------------------------------
C = "check_equivariance_test"

_add(C, "exact-equality",
     "`(a == b).all()` demands bit-identical results, and rounding in a different summation order makes self-attention fail; compare with `np.allclose`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool((f(x[perm]) == f(x)[perm]).all())
''')

_add(C, "tests-invariance",
     "Compares `f(x[perm])` with the unshuffled `f(x)`, which tests invariance; the outputs must be shuffled too: `f(x)[perm]`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm]), f(x)))
''')

_add(C, "inverse-permutation",
     "`f(x)[np.argsort(perm)]` shuffles the outputs by the inverse of perm; they must be shuffled the same way as the inputs, `f(x)[perm]`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm]), f(x)[np.argsort(perm)]))
''')

_add(C, "shuffles-input-columns",
     "`x[:, perm]` shuffles the columns (features) of x; the rows are the words, so shuffle them with `x[perm]`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[:, perm]), f(x)[perm]))
''')

_add(C, "shuffles-output-columns",
     "`f(x)[:, perm]` shuffles the columns of the output; its rows must be shuffled, `f(x)[perm]`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm]), f(x)[:, perm]))
''')

_add(C, "elementwise-isclose",
     "`np.isclose` returns an array of booleans, one per entry, not a single True or False; use `np.allclose` (or `.all()`).",
     '''
def is_permutation_equivariant(f, x, perm):
    return np.isclose(f(x[perm]), f(x)[perm])
''')

_add(C, "same-thing-both-sides",
     "Both sides are `f(x[perm])`, so the test is always True; the right side must apply f first and shuffle after, `f(x)[perm]`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm]), f(x[perm])))
''')

_add(C, "sorted-rows",
     "Sorting each column of both outputs only checks that the same numbers come out in some order; compare row by row, `np.allclose(f(x[perm]), f(x)[perm])`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(np.sort(f(x[perm]), axis=0), np.sort(f(x), axis=0)))
''')

_add(C, "compares-totals",
     "Comparing the sums of the two outputs ignores which row is where; compare the whole arrays, `np.allclose(f(x[perm]), f(x)[perm])`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm]).sum(), f(x)[perm].sum()))
''')

_add(C, "negated-result",
     "The `not` inverts the answer; return `np.allclose(f(x[perm]), f(x)[perm])` itself.",
     '''
def is_permutation_equivariant(f, x, perm):
    return not np.allclose(f(x[perm]), f(x)[perm])
''')

_add(C, "compares-shapes",
     "Comparing the shapes is always True for these functions; compare the values, `np.allclose(f(x[perm]), f(x)[perm])`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return f(x[perm]).shape == f(x)[perm].shape
''')

_add(C, "forgot-f-on-shuffled-input",
     "The left side is the shuffled input `x[perm]` itself, never passed through f; it must be `f(x[perm])`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(x[perm], f(x)[perm]))
''')

_add(C, "first-row-only",
     "Only row 0 of the two outputs is compared, so a function that breaks any other row passes; compare all rows.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm])[0], f(x)[perm][0]))
''')

_add(C, "reverses-instead-of-perm",
     "`x[::-1]` and `f(x)[::-1]` test the reversal, not the reordering passed in; use the argument: `x[perm]` and `f(x)[perm]`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[::-1]), f(x)[::-1]))
''')

_add(C, "tolerance-too-loose",
     "`atol=0.5` lets outputs that differ by up to half a unit count as equal, so non-equivariant functions pass; the default tolerance of `np.allclose` only absorbs rounding.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm]), f(x)[perm], atol=0.5))
''')

_add(C, "permutes-output-twice",
     "`f(x[perm])[perm]` shuffles an already shuffled output a second time before comparing with `f(x)`; compare `f(x[perm])` with `f(x)[perm]`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm])[perm], f(x)))
''')


# ---------------------------------------------------------------------------
C = "check_sinusoidal"

_SIN = '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
'''

_add(C, "positive-exponent",
     "`10000.0 ** (np.arange(0, d_model, 2) / d_model)` drops the minus sign, so the frequencies grow instead of shrinking; the exponent is `-2i / d_model`.",
     _variant(_SIN, "10000.0 ** (-np.arange(0, d_model, 2) / d_model)",
              "10000.0 ** (np.arange(0, d_model, 2) / d_model)"))

_add(C, "i-instead-of-2i",
     "`np.arange(d_model // 2)` gives i = 0, 1, 2, ...; the exponent uses 2i = 0, 2, 4, ..., i.e. `np.arange(0, d_model, 2)`.",
     _variant(_SIN, "10000.0 ** (-np.arange(0, d_model, 2) / d_model)",
              "10000.0 ** (-np.arange(d_model // 2) / d_model)"))

_add(C, "divides-by-half-width",
     "The exponent divides 2i by `d_model // 2`, the number of pairs; the formula divides by d_model: `-2i / d_model`.",
     _variant(_SIN, "10000.0 ** (-np.arange(0, d_model, 2) / d_model)",
              "10000.0 ** (-2 * np.arange(d_model // 2) / (d_model // 2))"))

_add(C, "doubled-2i",
     "`np.arange(0, d_model, 2)` already is 2i; multiplying it by 2 again makes the exponent -4i / d_model.",
     _variant(_SIN, "10000.0 ** (-np.arange(0, d_model, 2) / d_model)",
              "10000.0 ** (-2 * np.arange(0, d_model, 2) / d_model)"))

_add(C, "floor-division-exponent",
     "`-np.arange(0, d_model, 2) // d_model` is floor division, so every exponent but the first becomes -1; use true division `/`.",
     _variant(_SIN, "10000.0 ** (-np.arange(0, d_model, 2) / d_model)",
              "10000.0 ** (-np.arange(0, d_model, 2) // d_model)"))

_add(C, "exponent-precedence",
     "Without brackets, `10000.0 ** -np.arange(0, d_model, 2) / d_model` raises 10000 to -2i and then divides by d_model; the whole `-2i / d_model` must be the exponent.",
     _variant(_SIN, "10000.0 ** (-np.arange(0, d_model, 2) / d_model)",
              "10000.0 ** -np.arange(0, d_model, 2) / d_model"))

_add(C, "log10-instead-of-ln",
     "`np.exp(-np.log10(10000.0) * ...)` uses the base-10 logarithm (4) inside `np.exp`; `np.exp` needs the natural log, `np.log(10000.0)`.",
     _variant(_SIN, "10000.0 ** (-np.arange(0, d_model, 2) / d_model)",
              "np.exp(-np.log10(10000.0) * np.arange(0, d_model, 2) / d_model)"))

_add(C, "base-1000",
     "The base is written 1000.0; the formula's base is 10000.",
     _variant(_SIN, "10000.0 ** (-np.arange(0, d_model, 2) / d_model)",
              "1000.0 ** (-np.arange(0, d_model, 2) / d_model)"))

_add(C, "linspace-exponents",
     "`np.linspace(0, 1, d_model // 2)` makes the last exponent exactly -1; the exponents are 2i / d_model, which stop at (d_model - 2) / d_model: use `np.arange(0, d_model, 2) / d_model`.",
     _variant(_SIN, "10000.0 ** (-np.arange(0, d_model, 2) / d_model)",
              "10000.0 ** -np.linspace(0, 1, d_model // 2)"))

_add(C, "divides-by-frequency",
     "`positions / freqs` divides by the frequency; the angle is position times frequency, `positions * freqs`.",
     _variant(_SIN, "angles = positions * freqs", "angles = positions / freqs"))

_add(C, "adds-instead-of-multiplies",
     "`positions + freqs` adds position and frequency; the angle is their product, `positions * freqs`.",
     _variant(_SIN, "angles = positions * freqs", "angles = positions + freqs"))

_add(C, "sin-cos-swapped",
     "The cosines are put in the even columns and the sines in the odd ones; sines go in `table[:, 0::2]`, cosines in `table[:, 1::2]`.",
     _variant(_SIN, "    table[:, 0::2] = np.sin(angles)\n    table[:, 1::2] = np.cos(angles)\n",
              "    table[:, 0::2] = np.cos(angles)\n    table[:, 1::2] = np.sin(angles)\n"))

_add(C, "concatenated-halves",
     "`np.concatenate([sin, cos], axis=1)` puts all sines in the first half and all cosines in the second; they must alternate, sines in the even columns, cosines in the odd ones.",
     _variant(_SIN, "    table[:, 0::2] = np.sin(angles)\n    table[:, 1::2] = np.cos(angles)\n    return table\n",
              "    table = np.concatenate([np.sin(angles), np.cos(angles)], axis=1)\n    return table\n"))

_add(C, "stack-wrong-axis",
     "`np.stack([sin, cos], axis=0)` stacks the two tables on a new first axis, so the reshape mixes up rows; stack on the last axis, `axis=-1`, to interleave each pair.",
     _variant(_SIN, "    table[:, 0::2] = np.sin(angles)\n    table[:, 1::2] = np.cos(angles)\n    return table\n",
              "    table = np.stack([np.sin(angles), np.cos(angles)], axis=0).reshape(seq_len, d_model)\n    return table\n"))

_add(C, "loop-columns-i-and-i-plus-1",
     "The loop writes pair i into columns `i` and `i + 1`, so each pair overwrites the last one's cosine; pair i belongs in columns `2 * i` and `2 * i + 1`.",
     _variant(_SIN, "    table[:, 0::2] = np.sin(angles)\n    table[:, 1::2] = np.cos(angles)\n",
              "    for i in range(d_model // 2):\n        table[:, i] = np.sin(angles[:, i])\n        table[:, i + 1] = np.cos(angles[:, i])\n"))

_add(C, "odd-columns-left-zero",
     "Only the sines are written; the odd columns stay 0 from `np.zeros`, and they need `table[:, 1::2] = np.cos(angles)`.",
     _variant(_SIN, "    table[:, 1::2] = np.cos(angles)\n", ""))

_add(C, "returns-angles",
     "Returns `angles`, the (seq_len, d_model // 2) array before sine and cosine; return the filled (seq_len, d_model) `table`.",
     _variant(_SIN, "    return table\n", "    return angles\n"))

_add(C, "integer-table",
     "`np.zeros(..., dtype=int)` makes an integer table, so every sine and cosine written into it is truncated to -1, 0 or 1; leave the default float type.",
     _variant(_SIN, "table = np.zeros((seq_len, d_model))", "table = np.zeros((seq_len, d_model), dtype=int)"))

_add(C, "radians-conversion",
     "`np.radians(angles)` treats the angles as degrees and shrinks them by pi/180; they already are radians, so pass `angles` to `np.sin` and `np.cos` directly.",
     _variant(_SIN, "    angles = positions * freqs  # (seq_len, d_model // 2)\n",
              "    angles = np.radians(positions * freqs)  # (seq_len, d_model // 2)\n"))

_add(C, "positions-from-one",
     "The positions are changed to `np.arange(1, seq_len + 1)`; the first position is 0, so keep `np.arange(seq_len)`.",
     _variant(_SIN, "positions = np.arange(seq_len)[:, None]", "positions = np.arange(1, seq_len + 1)[:, None]"))


# ---------------------------------------------------------------------------
C = "check_wavelength"

_add(C, "forgot-two-pi",
     "`1 / omega` is the number of positions per radian; a full turn is 2pi radians, so the wavelength is `2 * np.pi / omega`.",
     '''
my_wavelength = 1 / 10000.0 ** (-2 * 12 / 48)
''')

_add(C, "returns-frequency",
     "This is the frequency omega_12 itself; the wavelength is `2 * np.pi / omega_12`.",
     '''
my_wavelength = 10000.0 ** (-2 * 12 / 48)
''')

_add(C, "two-pi-times-omega",
     "`2 * np.pi * omega` multiplies by the frequency; the wavelength divides by it, `2 * np.pi / omega`.",
     '''
my_wavelength = 2 * np.pi * 10000.0 ** (-2 * 12 / 48)
''')

_add(C, "i-instead-of-2i",
     "The exponent is written `-12 / 48`, with i instead of 2i; it is `-2 * 12 / 48`.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-12 / 48)
''')

_add(C, "exponent-sign",
     "The exponent `2 * 12 / 48` has lost its minus sign, so this divides by 10000^(1/2) instead of 10000^(-1/2).",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (2 * 12 / 48)
''')

_add(C, "pi-not-two-pi",
     "`np.pi / omega` is half a turn; a full turn is `2 * np.pi`.",
     '''
my_wavelength = np.pi / 10000.0 ** (-2 * 12 / 48)
''')

_add(C, "full-turn-in-degrees",
     "360 is a full turn in degrees, but omega is in radians per position; use `2 * np.pi`.",
     '''
my_wavelength = 360 / 10000.0 ** (-2 * 12 / 48)
''')

_add(C, "floor-division-exponent",
     "`-2 * 12 // 48` is floor division, -24 // 48 = -1, not -1/2; use `/`.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-2 * 12 // 48)
''')

_add(C, "exponent-precedence",
     "Without brackets, `10000.0 ** -2 * 12 / 48` raises 10000 to -2 and then multiplies by 12/48; put the whole exponent in brackets, `10000.0 ** (-2 * 12 / 48)`.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** -2 * 12 / 48
''')

_add(C, "pair-counted-from-one",
     "Pair i = 12 was taken as the twelfth pair, index 11; pairs are numbered from 0, so use i = 12 in `-2 * 12 / 48`.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-2 * 11 / 48)
''')

_add(C, "divides-by-number-of-pairs",
     "The exponent divides by 24, the number of pairs; the formula divides by d_model = 48.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-2 * 12 / 24)
''')

_add(C, "ln-of-ten",
     "`np.exp(-np.log(10) * ...)` computes powers of 10; the base is 10000, so use `np.log(10000.0)`.",
     '''
my_wavelength = 2 * np.pi / np.exp(-np.log(10) * 2 * 12 / 48)
''')

_add(C, "whole-array",
     "This is the array of all 24 wavelengths; the exercise asks for the one number of pair 12 (take entry `[12]`).",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-np.arange(0, 48, 2) / 48)
''')

_add(C, "arange-without-step",
     "`np.arange(48)` without step 2 holds i, not 2i, so entry [12] is the exponent 12/48; use `np.arange(0, 48, 2)` (or the formula directly).",
     '''
my_wavelength = (2 * np.pi / 10000.0 ** (-np.arange(48) / 48))[12]
''')

_add(C, "base-1000",
     "The base is written 1000.0; the table's base is 10000.",
     '''
my_wavelength = 2 * np.pi / 1000.0 ** (-2 * 12 / 48)
''')


# ---------------------------------------------------------------------------
C = "check_offset_rotation"

_ROT = '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
'''

_add(C, "rope-block",
     "The block `[[c, -s], [s, c]]` is RoPE's rotation (lesson 05), the transpose of what this table needs; for (sin, cos) pairs it is `[[c, s], [-s, c]]`.",
     _variant(_ROT, "[[c, s], [-s, c]]", "[[c, -s], [s, c]]"))

_add(C, "missing-minus",
     "The lower-left entry is `s`; it must be `-s`: the block is `[[c, s], [-s, c]]`.",
     _variant(_ROT, "[[c, s], [-s, c]]", "[[c, s], [s, c]]"))

_add(C, "sin-cos-swapped",
     "The block has sin on the diagonal and cos off it, `[[s, c], [-c, s]]`; the diagonal holds `cos(k w)`: `[[c, s], [-s, c]]`.",
     _variant(_ROT, "[[c, s], [-s, c]]", "[[s, c], [-c, s]]"))

_add(C, "block-at-i-not-2i",
     "The block of pair i is put at rows and columns `i : i + 2`, so neighbouring blocks overwrite each other; pair i occupies `2 * i : 2 * i + 2`.",
     _variant(_ROT, "M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2]", "M[i : i + 2, i : i + 2]"))

_add(C, "diagonal-only",
     "Only the two cosines on the diagonal are written; the off-diagonal `M[2i, 2i+1] = s` and `M[2i+1, 2i] = -s` are left at 0.",
     _variant(_ROT, "        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]\n",
              "        M[2 * i, 2 * i] = c\n        M[2 * i + 1, 2 * i + 1] = c\n"))

_add(C, "index-instead-of-frequency",
     "`np.cos(k * i)` uses the pair's index i as its frequency; the angle is `k * w` with `w = freqs[i]`.",
     _variant(_ROT, "c, s = np.cos(k * w), np.sin(k * w)", "c, s = np.cos(k * i), np.sin(k * i)"))

_add(C, "angle-without-offset",
     "`np.cos(w)` leaves out the offset k; the block turns by `k * w`.",
     _variant(_ROT, "c, s = np.cos(k * w), np.sin(k * w)", "c, s = np.cos(w), np.sin(w)"))

_add(C, "degrees-conversion",
     "`np.radians(k * w)` treats the angle as degrees; `k * w` already is in radians.",
     _variant(_ROT, "c, s = np.cos(k * w), np.sin(k * w)", "c, s = np.cos(np.radians(k * w)), np.sin(np.radians(k * w))"))

_add(C, "return-inside-loop",
     "`return M` is indented inside the loop, so only the first pair's block is filled; return after the loop.",
     _variant(_ROT, "        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]\n    return M\n",
              "        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]\n        return M\n"))

_add(C, "offset-over-frequency",
     "`np.cos(k / w)` divides the offset by the frequency; the angle is the product `k * w`.",
     _variant(_ROT, "c, s = np.cos(k * w), np.sin(k * w)", "c, s = np.cos(k / w), np.sin(k / w)"))

_add(C, "cos-of-k-times-w-precedence",
     "`np.cos(k) * w` takes the cosine of k and then multiplies by w; the whole angle goes inside: `np.cos(k * w)` (same for sin).",
     _variant(_ROT, "c, s = np.cos(k * w), np.sin(k * w)", "c, s = np.cos(k) * w, np.sin(k) * w"))

_add(C, "kron-one-frequency",
     "`np.kron` repeats one block built from `freqs[0]` for every pair; each pair's block needs its own frequency `freqs[i]`.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    c, s = np.cos(k * freqs[0]), np.sin(k * freqs[0])
    M = np.kron(np.eye(d_model // 2), [[c, s], [-s, c]])  # one block per pair
    return M
''')

_add(C, "vectorised-no-diag",
     "`M[0::2, 0::2] = c` broadcasts the row of cosines over every even row, filling entries between different pairs; only its diagonal belongs there: `M[0::2, 0::2] = np.diag(c)`.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    c, s = np.cos(k * freqs), np.sin(k * freqs)
    M[0::2, 0::2] = c
    M[0::2, 1::2] = np.diag(s)
    M[1::2, 0::2] = np.diag(-s)
    M[1::2, 1::2] = np.diag(c)
    return M
''')

_add(C, "off-diagonals-between-blocks",
     "`np.diag(np.repeat(s, 2)[:-1], 1)` also fills the superdiagonal entries (2i+1, 2i+2) between two blocks (and likewise below); those must stay 0, only (2i, 2i+1) holds s_i.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    c, s = np.cos(k * freqs), np.sin(k * freqs)
    M = np.diag(np.repeat(c, 2))  # cosines on the diagonal
    M = M + np.diag(np.repeat(s, 2)[:-1], 1)  # sines above it
    M = M - np.diag(np.repeat(s, 2)[:-1], -1)  # minus sines below it
    return M
''')

_add(C, "offset-made-positive",
     "`k = abs(k)` turns a negative offset into a positive one; an offset of -k must turn the other way, so use k as given.",
     _variant(_ROT, "    M = np.zeros((d_model, d_model))  # (d_model, d_model)\n",
              "    M = np.zeros((d_model, d_model))  # (d_model, d_model)\n    k = abs(k)  # an offset is a distance\n"))


# ---------------------------------------------------------------------------
C = "check_cosine_similarity"

_add(C, "divides-by-lengths-row",
     "`dots / lengths` broadcasts the lengths along the last axis, dividing entry [p, q] by |table[q]| only; divide by both, `np.outer(lengths, lengths)`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)
    return dots / lengths
''')

_add(C, "divides-by-lengths-column",
     "`dots / lengths[:, None]` divides entry [p, q] by |table[p]| only; it also needs |table[q]|: `np.outer(lengths, lengths)`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)
    return dots / lengths[:, None]
''')

_add(C, "norm-along-columns",
     "`np.linalg.norm(table, axis=0)` gives the length of each column (d_model of them); the rows' lengths are along `axis=1`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=0)
    return dots / np.outer(lengths, lengths)
''')

_add(C, "norm-of-whole-table",
     "`np.linalg.norm(table)` without `axis` is one number for the whole table; each entry needs its two rows' lengths, `np.linalg.norm(table, axis=1)`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    return dots / np.linalg.norm(table) ** 2
''')

_add(C, "squared-lengths",
     "`(table ** 2).sum(axis=1)` is the squared length; take its square root (or use `np.linalg.norm(table, axis=1)`).",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = (table ** 2).sum(axis=1)
    return dots / np.outer(lengths, lengths)
''')

_add(C, "sum-of-lengths",
     "`lengths[:, None] + lengths[None, :]` adds the two lengths; the denominator is their product, `lengths[:, None] * lengths[None, :]`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)
    return dots / (lengths[:, None] + lengths[None, :])
''')

_add(C, "one-d-transpose-product",
     "`lengths @ lengths.T` is a single number (the transpose of a 1-D array is itself, so this is a dot product); every pair needs its own product, `np.outer(lengths, lengths)`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)
    return dots / (lengths @ lengths.T)
''')

_add(C, "normalises-one-side",
     "Only the left table's rows are made unit length, `unit @ table.T`, so each entry is still multiplied by |table[q]|; normalise both sides, `unit @ unit.T`.",
     '''
def my_cosine_similarity(table):
    lengths = np.linalg.norm(table, axis=1)
    unit = table / lengths[:, None]  # every row of length 1
    return unit @ table.T
''')

_add(C, "unit-rows-wrong-broadcast",
     "`table / lengths` divides the columns, not the rows, by the lengths (and fails unless the table is square); divide each row by its length, `table / lengths[:, None]`.",
     '''
def my_cosine_similarity(table):
    lengths = np.linalg.norm(table, axis=1)
    unit = table / lengths  # every row of length 1
    return unit @ unit.T
''')

_add(C, "l1-lengths",
     "`np.abs(table).sum(axis=1)` is the sum of absolute values; a row's length is the square root of the sum of its squares, `np.linalg.norm(table, axis=1)`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.abs(table).sum(axis=1)
    return dots / np.outer(lengths, lengths)
''')

_add(C, "returns-distance",
     "Returns `1 - cosine`, the cosine distance; the exercise asks for the cosine similarity itself.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)
    return 1 - dots / np.outer(lengths, lengths)
''')

_add(C, "norms-of-dots",
     "`np.linalg.norm(dots, axis=1)` takes the lengths of the rows of the dot-product matrix; the lengths are those of the table's rows, `np.linalg.norm(table, axis=1)`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(dots, axis=1)
    return dots / np.outer(lengths, lengths)
''')

_add(C, "floor-division",
     "`//` floors each cosine to -1, 0 or 1; divide with `/`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)
    return dots // np.outer(lengths, lengths)
''')

_add(C, "same-orientation-product",
     "`lengths[:, None] * lengths[:, None]` is a column of |table[p]|^2, so entry [p, q] is divided by row p's length twice; the second factor must be a row, `lengths[None, :]`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)
    return dots / (lengths[:, None] * lengths[:, None])
''')

_add(C, "divides-by-largest-dot",
     "Dividing by `dots.max()` scales the whole matrix by one number; each entry must be divided by its own two rows' lengths.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    return dots / dots.max()
''')

_add(C, "extra-square-root",
     "The lengths from `np.linalg.norm` are already square roots; `np.sqrt(np.outer(lengths, lengths))` takes a second root; divide by `np.outer(lengths, lengths)`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)
    return dots / np.sqrt(np.outer(lengths, lengths))
''')

_add(C, "returns-angle",
     "`np.arccos` turns the cosines into angles; the exercise asks for the cosines themselves.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)
    return np.arccos(np.clip(dots / np.outer(lengths, lengths), -1, 1))
''')

_add(C, "rms-instead-of-length",
     "`np.sqrt((table ** 2).mean(axis=1))` averages the squares (root mean square) instead of summing them; a row's length is `np.sqrt((table ** 2).sum(axis=1))`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.sqrt((table ** 2).mean(axis=1))
    return dots / np.outer(lengths, lengths)
''')


# ---------------------------------------------------------------------------
C = "check_apply_rope"

_ROPE = '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return out
'''

_add(C, "lesson-03-block",
     "The pair is turned with lesson 03's block, `first * cos + second * sin` and `-first * sin + second * cos`, i.e. the other way round; RoPE's new first is `first * cos - second * sin` and new second `first * sin + second * cos`.",
     _variant(_ROPE,
              "    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)\n    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)\n",
              "    out[:, 0::2] = first * np.cos(angles) + second * np.sin(angles)\n    out[:, 1::2] = -first * np.sin(angles) + second * np.cos(angles)\n"))

_add(C, "reads-updated-first",
     "The new second is computed from `out[:, 0::2]`, which already holds the turned first; it must use the original `first`.",
     _variant(_ROPE, "out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)",
              "out[:, 1::2] = out[:, 0::2] * np.sin(angles) + second * np.cos(angles)"))

_add(C, "out-is-x",
     "`out = x` is not a copy: writing the new first into it also changes `first` (a view of x) before the new second is computed, and overwrites the caller's x; use `out = np.empty_like(x)`.",
     _variant(_ROPE, "out = np.empty_like(x)", "out = x"))

_add(C, "writes-into-input",
     "The turned pairs are written back into `x` itself, which changes the caller's array; write them into a new array, `out = np.empty_like(x)`.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
    first, second = x[:, 0::2], x[:, 1::2]
    new_first = first * np.cos(angles) - second * np.sin(angles)
    new_second = first * np.sin(angles) + second * np.cos(angles)
    x[:, 0::2] = new_first
    x[:, 1::2] = new_second
    return x
''')

_add(C, "half-split-pairs",
     "`x[:, :d_head // 2]` and `x[:, d_head // 2:]` pair dimension i with i + d_head/2 (the rotate-half layout); this exercise pairs neighbours, `x[:, 0::2]` with `x[:, 1::2]`, and writes them back there.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
    first, second = x[:, : d_head // 2], x[:, d_head // 2 :]
    out = np.empty_like(x)
    out[:, : d_head // 2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, d_head // 2 :] = first * np.sin(angles) + second * np.cos(angles)
    return out
''')

_add(C, "sin-cos-swapped",
     "cos and sin are swapped in both lines; the new first is `first * cos - second * sin`, the new second `first * sin + second * cos`.",
     _variant(_ROPE,
              "    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)\n    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)\n",
              "    out[:, 0::2] = first * np.sin(angles) - second * np.cos(angles)\n    out[:, 1::2] = first * np.cos(angles) + second * np.sin(angles)\n"))

_add(C, "concatenated-output",
     "`np.concatenate([new_first, new_second], axis=1)` puts all new firsts before all new seconds; they must go back to their interleaved places, `out[:, 0::2]` and `out[:, 1::2]`.",
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

_add(C, "stack-wrong-axis",
     "`np.stack([new_first, new_second], axis=0).reshape(x.shape)` stacks on a new first axis, so the reshape scrambles rows; stack on the last axis, `axis=-1`, to interleave each pair.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
    first, second = x[:, 0::2], x[:, 1::2]
    new_first = first * np.cos(angles) - second * np.sin(angles)
    new_second = first * np.sin(angles) + second * np.cos(angles)
    return np.stack([new_first, new_second], axis=0).reshape(x.shape)
''')

_add(C, "ignores-positions",
     "`np.arange(len(x))` turns row r by position r whatever `positions` says; the angles come from the given positions, `np.asarray(positions)[:, None] * thetas`.",
     _variant(_ROPE, "angles = np.asarray(positions)[:, None] * thetas", "angles = np.arange(len(x))[:, None] * thetas"))

_add(C, "radians-conversion",
     "`np.radians(...)` treats the angles as degrees; position times theta already is in radians.",
     _variant(_ROPE, "angles = np.asarray(positions)[:, None] * thetas", "angles = np.radians(np.asarray(positions)[:, None] * thetas)"))

_add(C, "second-not-turned",
     "The odd columns get the untouched `second`; the second of each pair also turns: `first * sin + second * cos`.",
     _variant(_ROPE, "out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)", "out[:, 1::2] = second"))

_add(C, "second-line-swapped",
     "The new second is written `first * cos + second * sin`; it is `first * sin + second * cos`.",
     _variant(_ROPE, "out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)",
              "out[:, 1::2] = first * np.cos(angles) + second * np.sin(angles)"))

_add(C, "first-used-twice",
     "The new first is written `first * cos - first * sin`; its sine term uses the other member of the pair: `- second * sin`.",
     _variant(_ROPE, "out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)",
              "out[:, 0::2] = first * np.cos(angles) - first * np.sin(angles)"))

_add(C, "complex-without-i",
     "`np.exp(angles)` is a real growth factor, not a turn; turning a complex number by an angle multiplies by `np.exp(1j * angles)`.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
    z = x[:, 0::2] + 1j * x[:, 1::2]  # each pair as one complex number
    z = z * np.exp(angles)
    out = np.empty_like(x)
    out[:, 0::2] = z.real
    out[:, 1::2] = z.imag
    return out
''')

_add(C, "tile-instead-of-repeat",
     "`np.tile(angles, (1, 2))` lays the angles out as [a0, a1, ..., a0, a1, ...]; each pair's two columns need their own angle twice, `np.repeat(angles, 2, axis=1)` = [a0, a0, a1, a1, ...].",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas  # (seq_len, d_head // 2)
    full = np.tile(angles, (1, 2))  # (seq_len, d_head): one angle per column
    partner = np.empty_like(x)
    partner[:, 0::2] = -x[:, 1::2]
    partner[:, 1::2] = x[:, 0::2]
    return x * np.cos(full) + partner * np.sin(full)
''')

_add(C, "placement-swapped",
     "The new first is written into the odd columns and the new second into the even ones; the new first goes back to `out[:, 0::2]`, the new second to `out[:, 1::2]`.",
     _variant(_ROPE,
              "    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)\n    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)\n",
              "    out[:, 1::2] = first * np.cos(angles) - second * np.sin(angles)\n    out[:, 0::2] = first * np.sin(angles) + second * np.cos(angles)\n"))


# ---------------------------------------------------------------------------
C = "check_alibi_slopes"

_SLOPES = '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 2 ** int(np.log2(num_heads))  # largest power of two <= num_heads
    if c == num_heads:
        return power_of_two(num_heads)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
'''

_add(C, "h-from-zero",
     "`np.arange(n)` runs h from 0, so the first slope is 2^0 = 1; h goes from 1 to n, `np.arange(1, n + 1)`.",
     _variant(_SLOPES, "np.arange(1, n + 1)", "np.arange(n)"))

_add(C, "positive-exponent",
     "The exponent `8 * h / n` has lost its minus sign, giving slopes 2, 4, ..., 256; it is `-8 * h / n`.",
     _variant(_SLOPES, "2.0 ** (-8 * np.arange(1, n + 1) / n)", "2.0 ** (8 * np.arange(1, n + 1) / n)"))

_add(C, "exponent-precedence",
     "Without brackets, `2.0 ** -8 * np.arange(1, n + 1) / n` is 2^-8 times h / n; the whole `-8h/n` must be the exponent.",
     _variant(_SLOPES, "2.0 ** (-8 * np.arange(1, n + 1) / n)", "2.0 ** -8 * np.arange(1, n + 1) / n"))

_add(C, "ratio-power-right-associative",
     "`2.0 ** (-8 / n) ** h` is evaluated as 2^((-8/n)^h) because `**` groups from the right; bracket the ratio, `(2.0 ** (-8 / n)) ** h`.",
     _variant(_SLOPES, "2.0 ** (-8 * np.arange(1, n + 1) / n)", "2.0 ** (-8 / n) ** np.arange(1, n + 1)"))

_add(C, "natural-exp",
     "`np.exp(-8h/n)` uses base e; the slopes are powers of 2, `2.0 ** (-8h/n)`.",
     _variant(_SLOPES, "2.0 ** (-8 * np.arange(1, n + 1) / n)", "np.exp(-8 * np.arange(1, n + 1) / n)"))

_add(C, "floor-division-exponent",
     "`-8 * h // n` is floor division, which rounds the exponents of 16 heads down to whole numbers; use `/`.",
     _variant(_SLOPES, "2.0 ** (-8 * np.arange(1, n + 1) / n)", "2.0 ** (-8 * np.arange(1, n + 1) // n)"))

_add(C, "h-stops-early",
     "`np.arange(1, n)` stops at n - 1, so there is one slope too few and 2^-8 is missing; use `np.arange(1, n + 1)`.",
     _variant(_SLOPES, "np.arange(1, n + 1)", "np.arange(1, n)"))

_add(C, "ignores-rule",
     "For a number of heads that is not a power of two, `power_of_two(num_heads)` is used directly; the authors' code takes the c slopes of `power_of_two(c)` and then every other slope of `power_of_two(2 * c)`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    return power_of_two(num_heads)
''')

_add(C, "every-other-from-second",
     "`power_of_two(2 * c)[1::2]` starts with the second slope, which repeats those of `power_of_two(c)`; start with the first, `[0::2]`.",
     _variant(_SLOPES, "power_of_two(2 * c)[0::2]", "power_of_two(2 * c)[1::2]"))

_add(C, "extra-not-truncated",
     "All c of the interleaved slopes are appended; only the first `num_heads - c` are needed: `[: num_heads - c]`.",
     _variant(_SLOPES, "power_of_two(2 * c)[0::2][: num_heads - c]", "power_of_two(2 * c)[0::2]"))

_add(C, "extra-without-stepping",
     "`power_of_two(2 * c)[: num_heads - c]` takes the first slopes in a row; the rule takes every other one, `power_of_two(2 * c)[0::2][: num_heads - c]`.",
     _variant(_SLOPES, "power_of_two(2 * c)[0::2][: num_heads - c]", "power_of_two(2 * c)[: num_heads - c]"))

_add(C, "rounds-up-to-power",
     "`np.ceil(np.log2(num_heads))` gives the smallest power of two at or above num_heads; c is the largest one at or below it, `int(np.log2(num_heads))` (rounded down).",
     _variant(_SLOPES, "c = 2 ** int(np.log2(num_heads))", "c = 2 ** int(np.ceil(np.log2(num_heads)))"))

_add(C, "bit-length-off-by-one",
     "`1 << num_heads.bit_length()` is twice the largest power of two <= num_heads; subtract one: `1 << (num_heads.bit_length() - 1)`.",
     _variant(_SLOPES, "c = 2 ** int(np.log2(num_heads))", "c = 1 << num_heads.bit_length()"))

_add(C, "natural-log-for-c",
     "`np.log(num_heads)` is the natural logarithm, so c is not the largest power of two <= num_heads (8 heads give c = 4); use `np.log2`.",
     _variant(_SLOPES, "c = 2 ** int(np.log2(num_heads))", "c = 2 ** int(np.log(num_heads))"))

_add(C, "extra-first",
     "The extra slopes are put before those of `power_of_two(c)`; they come after: `np.concatenate([power_of_two(c), extra])`.",
     _variant(_SLOPES, "np.concatenate([power_of_two(c), extra])", "np.concatenate([extra, power_of_two(c)])"))

_add(C, "sorted-slopes",
     "`np.sort` reorders the slopes from smallest to largest; the authors' code keeps them in its order, the c slopes first and then the extra ones.",
     _variant(_SLOPES, "return np.concatenate([power_of_two(c), extra])", "return np.sort(np.concatenate([power_of_two(c), extra]))"))

_add(C, "interleaves-2n-not-2c",
     "The extra slopes are taken from `power_of_two(2 * num_heads)`; the rule interleaves from twice the power of two, `power_of_two(2 * c)`.",
     _variant(_SLOPES, "power_of_two(2 * c)[0::2]", "power_of_two(2 * num_heads)[0::2]"))

_add(C, "even-taken-as-power-of-two",
     "`num_heads % 2 == 0` tests for an even number, so 12 and 6 heads are treated as powers of two; test `c == num_heads` (or `num_heads & (num_heads - 1) == 0`).",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence for n = 2^a heads
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    if num_heads % 2 == 0:  # a power of two
        return power_of_two(num_heads)
    c = 2 ** int(np.log2(num_heads))  # largest power of two <= num_heads
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')


# ---------------------------------------------------------------------------
C = "check_alibi_bias"

_BIAS = '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)  # (seq_len, seq_len)
    return -slopes[:, None, None] * distance  # (num_heads, seq_len, seq_len)
'''

_add(C, "missing-minus",
     "`slopes[:, None, None] * distance` is positive, so it rewards distant keys; the bias lowers scores: `-slopes[:, None, None] * distance`.",
     _variant(_BIAS, "return -slopes[:, None, None] * distance", "return slopes[:, None, None] * distance"))

_add(C, "key-minus-query",
     "`np.maximum(j - i, 0)` measures how far a key lies after the query, so the penalty falls above the diagonal; the distance is `i - j`.",
     _variant(_BIAS, "np.maximum(i - j, 0) if causal", "np.maximum(j - i, 0) if causal"))

_add(C, "no-clip-above-diagonal",
     "`i - j` is negative above the diagonal, so later keys get a bonus instead of 0; clip it with `np.maximum(i - j, 0)`.",
     _variant(_BIAS, "np.maximum(i - j, 0) if causal", "i - j if causal"))

_add(C, "abs-in-causal-too",
     "`np.abs(i - j)` is used for both cases, so the causal bias is not 0 above the diagonal; with `causal=True` use `np.maximum(i - j, 0)`.",
     _variant(_BIAS, "np.maximum(i - j, 0) if causal else np.abs(i - j)", "np.abs(i - j)"))

_add(C, "ignores-causal-flag",
     "`np.maximum(i - j, 0)` is used for both cases, so with `causal=False` later keys get no penalty; the encoder's distance is `np.abs(i - j)`.",
     _variant(_BIAS, "np.maximum(i - j, 0) if causal else np.abs(i - j)", "np.maximum(i - j, 0)"))

_add(C, "branches-swapped",
     "The two branches are swapped: `np.abs` is used when causal and `np.maximum` when not; causal takes `np.maximum(i - j, 0)`, the encoder `np.abs(i - j)`.",
     _variant(_BIAS, "np.maximum(i - j, 0) if causal else np.abs(i - j)", "np.abs(i - j) if causal else np.maximum(i - j, 0)"))

_add(C, "encoder-without-abs",
     "With `causal=False` the distance is `i - j` without `np.abs`, so keys after the query get a bonus; the encoder's distance is `np.abs(i - j)`.",
     _variant(_BIAS, "else np.abs(i - j)", "else i - j"))

_add(C, "heads-on-last-axis",
     "`slopes * distance[..., None]` puts the heads on the last axis, shape (seq_len, seq_len, num_heads); the heads come first: `slopes[:, None, None] * distance`.",
     _variant(_BIAS, "return -slopes[:, None, None] * distance", "return -slopes * distance[..., None]"))

_add(C, "minimum-instead-of-maximum",
     "`np.minimum(i - j, 0)` keeps the negative offsets above the diagonal and zeroes the keys before the query; use `np.maximum(i - j, 0)`.",
     _variant(_BIAS, "np.maximum(i - j, 0) if causal", "np.minimum(i - j, 0) if causal"))

_add(C, "triu-instead-of-tril",
     "`np.triu(i - j)` keeps the upper triangle (keys after the query) and zeroes the past; the past is the lower triangle, `np.tril(i - j)` (or `np.maximum(i - j, 0)`).",
     _variant(_BIAS, "np.maximum(i - j, 0) if causal", "np.triu(i - j) if causal"))

_add(C, "divides-by-slope",
     "`-distance / slopes[:, None, None]` divides by the slope, giving penalties 2 to 256 per step; the penalty is the slope times the distance.",
     _variant(_BIAS, "return -slopes[:, None, None] * distance", "return -distance / slopes[:, None, None]"))

_add(C, "distance-plus-one",
     "`i - j + 1` counts the query itself as distance 1 (and puts a penalty just above the diagonal); the query's distance to itself is 0: `i - j`.",
     _variant(_BIAS, "np.maximum(i - j, 0) if causal else np.abs(i - j)",
              "np.maximum(i - j + 1, 0) if causal else np.abs(i - j)"))

_add(C, "transposed-key-column",
     "`j.T` turns the key row into a column like `i`, so `i - j.T` is 0 everywhere; `i - j` with j as the row already broadcasts to the (seq_len, seq_len) offsets.",
     _variant(_BIAS, "np.maximum(i - j, 0) if causal else np.abs(i - j)",
              "np.maximum(i - j.T, 0) if causal else np.abs(i - j.T)"))

_add(C, "forgot-slopes",
     "The distance is returned without the slopes (one (seq_len, seq_len) matrix, slope 1); multiply by `slopes[:, None, None]` to get one matrix per head.",
     _variant(_BIAS, "return -slopes[:, None, None] * distance", "return -distance"))

_add(C, "minus-infinity-above-diagonal",
     "The keys after the query get `-np.inf`, i.e. the mask itself; the exercise asks for 0 above the diagonal (the causal mask hides those keys separately).",
     _variant(_BIAS, "np.maximum(i - j, 0) if causal", "np.where(j > i, np.inf, i - j) if causal"))


# ---------------------------------------------------------------------------
C = "check_scheme_layer"

_LAYER = '''
from posenc import capstone


def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]  # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])  # each position's row, added to its word
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)  # turned by position; v is not
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])  # (n, n)
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)  # (outputs, weights)
'''

_add(C, "sinusoidal-added-to-qkv",
     "The sinusoidal rows are added to q, k and v after the projections; they are added to the word vectors x, before `x @ w_q` etc.",
     _variant(_LAYER,
              "    if scheme == \"sinusoidal\":\n        x = x + posenc.sinusoidal(n, x.shape[1])  # each position's row, added to its word\n    elif scheme == \"learned\":\n        x = x + parts[\"table\"][:n]\n    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each\n",
              "    if scheme == \"learned\":\n        x = x + parts[\"table\"][:n]\n    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each\n    if scheme == \"sinusoidal\":\n        pe = posenc.sinusoidal(n, x.shape[1])\n        q, k, v = q + pe, k + pe, v + pe\n"))

_add(C, "table-replaces-words",
     "`x = posenc.sinusoidal(...)` replaces the word vectors by the position rows; add them: `x = x + posenc.sinusoidal(n, x.shape[1])`.",
     _variant(_LAYER, "x = x + posenc.sinusoidal(n, x.shape[1])", "x = posenc.sinusoidal(n, x.shape[1])"))

_add(C, "learned-last-rows",
     "`parts[\"table\"][-n:]` takes the table's last n rows; position p's row is row p, so take the first n: `parts[\"table\"][:n]`.",
     _variant(_LAYER, "parts[\"table\"][:n]", "parts[\"table\"][-n:]"))

_add(C, "learned-whole-table",
     "`x + parts[\"table\"]` adds the whole table, which has a row for every position the model knows, not one per word; take its first n rows, `parts[\"table\"][:n]`.",
     _variant(_LAYER, "parts[\"table\"][:n]", "parts[\"table\"]"))

_add(C, "sinusoidal-arguments-swapped",
     "`posenc.sinusoidal(x.shape[1], n)` swaps the arguments, giving a (d_model, n) table; it is `posenc.sinusoidal(n, x.shape[1])`.",
     _variant(_LAYER, "posenc.sinusoidal(n, x.shape[1])", "posenc.sinusoidal(x.shape[1], n)"))

_add(C, "rope-on-values",
     "The values are turned too; RoPE turns only the queries and the keys, so v stays as `x @ w_v`.",
     _variant(_LAYER, "q, k = posenc.apply_rope(q), posenc.apply_rope(k)", "q, k, v = posenc.apply_rope(q), posenc.apply_rope(k), posenc.apply_rope(v)"))

_add(C, "rope-queries-only",
     "Only the queries are turned; the keys must be turned as well, `k = posenc.apply_rope(k)`, for the score to depend on the offset.",
     _variant(_LAYER, "q, k = posenc.apply_rope(q), posenc.apply_rope(k)", "q = posenc.apply_rope(q)"))

_add(C, "rope-key-typo",
     "`posenc.apply_rope(q)` is assigned to k as well, so the keys become turned queries; it must be `posenc.apply_rope(k)`.",
     _variant(_LAYER, "q, k = posenc.apply_rope(q), posenc.apply_rope(k)", "q, k = posenc.apply_rope(q), posenc.apply_rope(q)"))

_add(C, "rope-before-projection",
     "RoPE is applied to x before the projections; it turns the queries and keys, after `x @ w_q` and `x @ w_k` (and not v).",
     _variant(_LAYER,
              "    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each\n    if scheme == \"rope\":\n        q, k = posenc.apply_rope(q), posenc.apply_rope(k)  # turned by position; v is not\n",
              "    if scheme == \"rope\":\n        x = posenc.apply_rope(x)  # turned by position\n    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (n, d_model) each\n"))

_add(C, "alibi-positive",
     "The ALiBi bias is `+ALIBI_SLOPE * |i - j|`, which favours distant words; it is a penalty, `-capstone.ALIBI_SLOPE * ...`.",
     _variant(_LAYER, "bias = -capstone.ALIBI_SLOPE * np.abs", "bias = capstone.ALIBI_SLOPE * np.abs"))

_add(C, "alibi-without-abs",
     "The bias uses `i - j` without `np.abs`, so without the mask the words after the query get a bonus; the bidirectional distance is `np.abs(i[:, None] - i[None, :])`.",
     _variant(_LAYER, "np.abs(i[:, None] - i[None, :])", "(i[:, None] - i[None, :])"))

_add(C, "alibi-without-slope",
     "The bias is `-|i - j|`, slope 1; multiply by `capstone.ALIBI_SLOPE` (1/2).",
     _variant(_LAYER, "bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])", "bias = -np.abs(i[:, None] - i[None, :])"))

_add(C, "alibi-causal-form-always",
     "`np.maximum(i - j, 0)` is lesson 06's causal distance, so without the mask later words get no penalty; the layer's ALiBi uses `np.abs(i - j)`.",
     _variant(_LAYER, "np.abs(i[:, None] - i[None, :])", "np.maximum(i[:, None] - i[None, :], 0)"))

_add(C, "mask-never-applied",
     "`mask = None` ignores `causal=True`; it must be `posenc.causal_mask(n)` when causal.",
     _variant(_LAYER, "mask = posenc.causal_mask(n) if causal else None", "mask = None"))

_add(C, "mask-always-applied",
     "`mask = posenc.causal_mask(n)` is applied even when `causal=False`; only `causal=True` adds the mask.",
     _variant(_LAYER, "mask = posenc.causal_mask(n) if causal else None", "mask = posenc.causal_mask(n)"))

_add(C, "mask-inverted",
     "`np.triu(np.ones((n, n), dtype=bool), k=1)` marks the later keys as True, but here True means a key the query may see (as in `posenc.causal_mask(n)`); use the lower triangle, `posenc.causal_mask(n)`.",
     _variant(_LAYER, "mask = posenc.causal_mask(n) if causal else None", "mask = np.triu(np.ones((n, n), dtype=bool), k=1) if causal else None"))

_add(C, "returns-outputs-only",
     "`posenc.attention(...)[0]` returns only the outputs; the exercise asks for what `posenc.attention` returns, the outputs and the weights.",
     _variant(_LAYER, "return posenc.attention(q, k, v, mask=mask, bias=bias)", "return posenc.attention(q, k, v, mask=mask, bias=bias)[0]"))

_add(C, "or-string-always-true",
     "`scheme == \"sinusoidal\" or \"learned\"` is always true (a non-empty string is truthy), so every scheme gets a position table added; write `scheme in (\"sinusoidal\", \"learned\")`.",
     _variant(_LAYER,
              "    if scheme == \"sinusoidal\":\n        x = x + posenc.sinusoidal(n, x.shape[1])  # each position's row, added to its word\n    elif scheme == \"learned\":\n        x = x + parts[\"table\"][:n]\n",
              "    if scheme == \"sinusoidal\" or \"learned\":\n        table = posenc.sinusoidal(n, x.shape[1]) if scheme == \"sinusoidal\" else parts[\"table\"][:n]\n        x = x + table  # each position's row, added to its word\n"))

_add(C, "scheme-name-capitalised",
     "`scheme == \"RoPE\"` never matches: the layer's scheme names are lower case, so test `scheme == \"rope\"`.",
     _variant(_LAYER, "if scheme == \"rope\":", "if scheme == \"RoPE\":"))


# ---------------------------------------------------------------------------
C = "check_comparison_table"

_FROM_ANSWER = '''
my_table = checks.comparison_table_answer()
my_table[{scheme!r}][{column!r}] = {value!r}
'''

_FROM_BLANK = '''
my_table = {{scheme: dict(row) for scheme, row in blank.items()}}  # a fresh copy of the template
numbers = {{  # the answers by their numbers, one list per row, in the order of the columns
    "sinusoidal": {sinusoidal},
    "learned": {learned},
    "T5 bias": {t5},
    "RoPE": {rope},
    "ALiBi": {alibi},
}}
for scheme, row in numbers.items():
    for column, number in zip(my_table[scheme], row):
        my_table[scheme][column] = number
'''

_RIGHT = {
    "sinusoidal": [1, 1, 1, 2, 1],
    "learned": [1, 1, 2, 1, 2],
    "T5 bias": [2, 3, 3, 3, 3],
    "RoPE": [2, 2, 1, 2, 4],
    "ALiBi": [2, 3, 1, 4, 5],
}
_COLUMNS = ["absolute or relative", "where it acts", "trained position parameters",
            "past the training length", "used by"]


def _one_cell(scheme, column, value):
    return _FROM_ANSWER.format(scheme=scheme, column=column, value=value)


def _one_number(scheme, column, number):
    rows = {s: list(r) for s, r in _RIGHT.items()}
    rows[scheme][_COLUMNS.index(column)] = number
    return _FROM_BLANK.format(sinusoidal=rows["sinusoidal"], learned=rows["learned"],
                              t5=rows["T5 bias"], rope=rows["RoPE"], alibi=rows["ALiBi"])


_add(C, "sinusoidal-relative",
     "The sinusoidal table is marked relative (because of lesson 03's offset rotation M_k); it still gives each position its own row added to the input: absolute.",
     _one_cell("sinusoidal", "absolute or relative", "relative"))

_add(C, "rope-absolute",
     "RoPE is marked absolute because each vector is turned by its own position; the score depends only on the offset m - n, so it is relative.",
     _one_number("RoPE", "absolute or relative", 1))

_add(C, "sinusoidal-stops",
     "The sinusoidal table is said to stop at its last row; its formula computes a row for any position, so past the training length it runs on positions never trained.",
     _one_cell("sinusoidal", "past the training length", "stops at its last row: nothing to look up past it"))

_add(C, "learned-runs-untrained",
     "The learned table is said to run on untrained positions (thinking of lesson 04's toy table with spare rows); with its last row at the training length there is nothing to look up past it.",
     _one_number("learned", "past the training length", 2))

_add(C, "rope-larger-penalty",
     "RoPE is said to give far keys a larger penalty, as ALiBi does; past the training length RoPE meets angles of its slow pairs that training never gave (runs on angles never trained).",
     _one_cell("RoPE", "past the training length", "runs: far keys just get a larger penalty"))

_add(C, "alibi-runs-untrained",
     "ALiBi is said to run on untrained positions; its bias is a fixed slope times the distance, so far keys just get a larger penalty.",
     _one_number("ALiBi", "past the training length", 2))

_add(C, "t5-runs-untrained",
     "T5's bias is said to meet untrained offsets; every far offset falls into the last bucket, which training did set, so far offsets share the last trained bucket.",
     _one_cell("T5 bias", "past the training length", "runs on positions or angles never trained"))

_add(C, "t5-row-per-position",
     "T5's bias is counted as one row per position; it trains one scalar per bucket and per head.",
     _one_number("T5 bias", "trained position parameters", 2))

_add(C, "alibi-trained-slopes",
     "ALiBi's slopes are counted as trained parameters; they are fixed by a formula, so ALiBi trains no position parameters (none).",
     _one_cell("ALiBi", "trained position parameters", "one scalar per bucket and head"))

_add(C, "rope-row-per-position",
     "RoPE is counted as having one trained row per position; its angles come from a fixed formula, so it trains none.",
     _one_number("RoPE", "trained position parameters", 2))

_add(C, "sinusoidal-row-per-position",
     "The sinusoidal table is counted as one trained row per position; its rows are computed by a formula, not trained: none.",
     _one_cell("sinusoidal", "trained position parameters", "one row per position"))

_add(C, "learned-no-parameters",
     "The learned table is said to have no trained position parameters; its rows are exactly what training learns: one row per position.",
     _one_number("learned", "trained position parameters", 1))

_add(C, "rope-acts-on-scores",
     "RoPE is placed at the scores because it changes them; it acts by turning the queries and the keys, before their dot product.",
     _one_cell("RoPE", "where it acts", "added to the scores"))

_add(C, "sinusoidal-turns-qk",
     "The sinusoidal table is said to turn queries and keys (mixing it up with lesson 03's rotation); its rows are added to the input.",
     _one_number("sinusoidal", "where it acts", 2))

_add(C, "alibi-added-to-input",
     "ALiBi is placed at the input; its penalty is added to the attention scores, before the softmax.",
     _one_cell("ALiBi", "where it acts", "added to the input"))

_add(C, "sinusoidal-used-by-bert",
     "The sinusoidal table is credited to BERT, GPT-2; BERT and GPT-2 learn their table, the sinusoidal one is the original Transformer's.",
     _one_number("sinusoidal", "used by", 2))

_add(C, "rope-used-by-bloom",
     "RoPE is credited to BLOOM, MPT, which use ALiBi; RoPE is used by Llama and Mistral.",
     _one_cell("RoPE", "used by", "BLOOM, MPT"))

_add(C, "alibi-used-by-llama",
     "ALiBi is credited to Llama, Mistral, which use RoPE; ALiBi is used by BLOOM and MPT.",
     _one_number("ALiBi", "used by", 4))

_add(C, "learned-used-by-original",
     "The learned table is credited to the original Transformer, which uses the sinusoidal table; the learned one is BERT's and GPT-2's.",
     _one_cell("learned", "used by", "the original Transformer"))

_add(C, "numbers-counted-from-zero",
     "The answers' numbers are counted from 0, so RoPE's `where it acts` = 1 means `added to the input`; the numbers start at 1, so `turns queries and keys` is 2.",
     _one_number("RoPE", "where it acts", 1))

_add(C, "cell-left-blank",
     "T5's `used by` cell is left as `...` from the template; fill it in (T5, answer 3).",
     _one_number("T5 bias", "used by", Ellipsis).replace("Ellipsis", "..."))
