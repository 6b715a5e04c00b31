"""Plausible wrong answers to the 12 coding exercises of the positional-encoding course.

Each entry: the checker it is handed to, a short id, the single cause a good hint would
name, and the learner's code (run with exec in a namespace holding np, posenc and the
names the exercise's earlier cells define).
"""

MISTAKES = []


def _add(checker, name, cause, code):
    MISTAKES.append(dict(checker=checker, name=name, cause=cause, code=code))


# ---------------------------------------------------------------------------
# check_positions_column: my_positions(seq_len) -> (seq_len, 1) column 0..seq_len-1
# ---------------------------------------------------------------------------
C = "check_positions_column"

_add(C, "flat-row-no-new-axis",
     "Returns np.arange(seq_len), a 1-D array of shape (seq_len,); it needs [:, None] to become a (seq_len, 1) column.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len)
''')

_add(C, "new-axis-first-row",
     "Puts the new axis in front, np.arange(seq_len)[None, :], which gives a (1, seq_len) row instead of a (seq_len, 1) column; the None goes second: [:, None].",
     '''
def my_positions(seq_len):
    return np.arange(seq_len)[None, :]
''')

_add(C, "transpose-of-1d",
     "Uses .T to turn the 1-D arange into a column, but transposing a 1-D array does nothing (shape stays (seq_len,)); add an axis with [:, None] instead.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len).T
''')

_add(C, "starts-at-one",
     "Counts positions from 1 (np.arange(1, seq_len + 1)); the first position is 0, so it should be np.arange(seq_len).",
     '''
def my_positions(seq_len):
    return np.arange(1, seq_len + 1)[:, None]
''')

_add(C, "stops-one-early",
     "Writes np.arange(seq_len - 1) because the last position is seq_len - 1, but arange already excludes its end, so one position is missing; it should be np.arange(seq_len).",
     '''
def my_positions(seq_len):
    return np.arange(seq_len - 1)[:, None]
''')

_add(C, "includes-seq-len",
     "Writes np.arange(seq_len + 1) to 'include the end', giving seq_len + 1 positions up to seq_len; the positions stop at seq_len - 1, so np.arange(seq_len).",
     '''
def my_positions(seq_len):
    return np.arange(seq_len + 1)[:, None]
''')

_add(C, "linspace-endpoint",
     "Uses np.linspace(0, seq_len, seq_len), which spreads seq_len points from 0 to seq_len inclusive, so the steps are not 1; the positions are np.arange(seq_len).",
     '''
def my_positions(seq_len):
    return np.linspace(0, seq_len, seq_len)[:, None]
''')

_add(C, "normalised-positions",
     "Scales the positions into [0, 1] (np.linspace(0, 1, seq_len)); positions are the integer indices 0, 1, ..., seq_len - 1, not fractions of the length.",
     '''
def my_positions(seq_len):
    return np.linspace(0, 1, seq_len)[:, None]
''')

_add(C, "zeros-never-filled",
     "Creates an array of the right shape with np.zeros((seq_len, 1)) but never puts the positions in it; the column must hold 0, 1, ..., seq_len - 1 (np.arange(seq_len)[:, None]).",
     '''
def my_positions(seq_len):
    return np.zeros((seq_len, 1))
''')

_add(C, "counts-down",
     "Lists the positions from the end (seq_len - 1 down to 0); position p is the p-th row, so the column must count up from 0.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len)[::-1][:, None]
''')

_add(C, "two-new-axes",
     "Adds two new axes ([:, None, None]), giving shape (seq_len, 1, 1); a single None after the colon makes the (seq_len, 1) column.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len)[:, None, None]
''')

_add(C, "index-one-instead-of-none",
     "Writes [:, 1] for 'an axis of length 1', which tries to index column 1 of a 1-D array and fails; the new axis is written None (or np.newaxis): [:, None].",
     '''
def my_positions(seq_len):
    return np.arange(seq_len)[:, 1]
''')

_add(C, "pre-broadcast-square",
     "Builds the full (seq_len, seq_len) grid of positions itself instead of a single (seq_len, 1) column; broadcasting does the stretching later, so return just the column.",
     '''
def my_positions(seq_len):
    return np.tile(np.arange(seq_len)[:, None], (1, seq_len))
''')

_add(C, "step-two",
     "Gives np.arange a step of 2 (as for the even columns of the sinusoidal table), keeping only the even positions; the positions go up by 1.",
     '''
def my_positions(seq_len):
    return np.arange(0, seq_len, 2)[:, None]
''')


# ---------------------------------------------------------------------------
# check_attention: my_attention(q, k, v) -> softmax(q k^T / sqrt(d_head)) v
# ---------------------------------------------------------------------------
C = "check_attention"

_add(C, "no-scaling",
     "Leaves out the division by sqrt(d_head): the scores should be q @ k.T / np.sqrt(q.shape[-1]).",
     '''
def my_attention(q, k, v):
    scores = q @ k.T
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "divide-by-d-not-sqrt",
     "Divides the scores by d_head instead of by its square root; the formula scales by 1 / sqrt(d_head).",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / q.shape[-1]
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "multiply-by-sqrt",
     "Multiplies the scores by sqrt(d_head) instead of dividing by it.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T * np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "sqrt-of-seq-len",
     "Takes d_head from q.shape[0], which is the number of queries; the width of a query is q.shape[-1].",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[0])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "sqrt-of-value-width",
     "Scales by the square root of the values' width v.shape[-1]; the scale is the width of the queries and keys, q.shape[-1].",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(v.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "power-half-precedence",
     "Writes the square root as d ** 1/2, which Python reads as (d ** 1) / 2, so the scores are divided by d_head and then halved; use np.sqrt(d) or d ** 0.5.",
     '''
def my_attention(q, k, v):
    d_head = q.shape[-1]
    scores = q @ k.T / d_head ** 1/2
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "softmax-axis-0",
     "Runs the softmax along axis 0, so each key's column sums to 1; each query's row (axis=-1, over the keys) must sum to 1.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=0)
    return weights @ v
''')

_add(C, "no-softmax",
     "Uses the scaled scores directly as weights, skipping the softmax; the weights are posenc.softmax(scores, axis=-1).",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = scores
    return weights @ v
''')

_add(C, "exp-not-normalised",
     "Takes np.exp of the scores but never divides by each row's sum, so the weights do not sum to 1.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = np.exp(scores)
    return weights @ v
''')

_add(C, "normalise-whole-matrix",
     "Divides np.exp(scores) by the sum over the whole matrix, so all weights together sum to 1; each row must be divided by its own sum (softmax along axis=-1).",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = np.exp(scores) / np.exp(scores).sum()
    return weights @ v
''')

_add(C, "row-sum-without-keepdims",
     "Divides np.exp(scores) by np.exp(scores).sum(axis=-1) without keepdims, so the (seq_len_q,) sums broadcast along the last axis and divide columns, not rows; use keepdims=True or posenc.softmax.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    e = np.exp(scores)
    weights = e / e.sum(axis=-1)
    return weights @ v
''')

_add(C, "scale-after-softmax",
     "Divides by sqrt(d_head) after the softmax instead of before it; the scaling belongs to the scores, inside the softmax.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T
    weights = posenc.softmax(scores, axis=-1) / np.sqrt(q.shape[-1])
    return weights @ v
''')

_add(C, "forgot-transpose",
     "Multiplies q @ k without transposing k, which does not line up the shapes; every query must meet every key: q @ k.T.",
     '''
def my_attention(q, k, v):
    scores = q @ k / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "keys-times-queries",
     "Computes k @ q.T, whose rows are keys and columns queries (the transpose of the scores); the scores are q @ k.T with one row per query.",
     '''
def my_attention(q, k, v):
    scores = k @ q.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "weights-transposed-in-output",
     "Returns weights.T @ v, mixing the values with each key's column of weights; each query's output is its row of weights times the values: weights @ v.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights.T @ v
''')

_add(C, "elementwise-times-values",
     "Multiplies weights * v element-wise (broadcasting) instead of the matrix product weights @ v that sums each query's weighted values.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights * v
''')

_add(C, "returns-weights",
     "Returns the attention weights instead of the output weights @ v.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights
''')

_add(C, "returns-tuple-like-posenc",
     "Returns (output, weights) as posenc.attention does, but the exercise asks only for the output array weights @ v.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v, weights
''')


# ---------------------------------------------------------------------------
# check_equivariance_test: is_permutation_equivariant(f, x, perm)
# ---------------------------------------------------------------------------
C = "check_equivariance_test"

_add(C, "exact-equality",
     "Compares with exact equality (np.array_equal), so tiny rounding differences from summing in another order make self-attention fail; compare with np.allclose.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.array_equal(f(x[perm]), f(x)[perm]))
''')

_add(C, "tests-invariance",
     "Compares f(x[perm]) with the unshuffled f(x), which tests invariance (output unchanged), not equivariance; the outputs must be shuffled too: f(x)[perm].",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm]), f(x)))
''')

_add(C, "never-shuffles-input",
     "Compares f(x)[perm] with f(x), never feeding the shuffled input to f; one side must be f(x[perm]).",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x)[perm], f(x)))
''')

_add(C, "same-side-twice",
     "Writes f(x[perm]) on both sides of the comparison, so it is always True; the second side must shuffle the outputs, f(x)[perm].",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm]), f(x[perm])))
''')

_add(C, "inverse-permutation",
     "Shuffles the outputs by the inverse permutation np.argsort(perm); the outputs must be reordered by the same perm as the inputs: f(x)[perm].",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm]), f(x)[np.argsort(perm)]))
''')

_add(C, "perm-applied-twice-to-undo",
     "Tries to undo the shuffle by applying perm again (f(x[perm])[perm] against f(x)), but a permutation is not its own inverse; compare f(x[perm]) with f(x)[perm].",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm])[perm], f(x)))
''')

_add(C, "elementwise-isclose",
     "Returns np.isclose(...), an array of booleans (one per entry), instead of a single True/False; np.allclose reduces it to one answer.",
     '''
def is_permutation_equivariant(f, x, perm):
    return np.isclose(f(x[perm]), f(x)[perm])
''')

_add(C, "returns-outputs",
     "Returns the shuffled-input output f(x[perm]) itself instead of the result of comparing it with f(x)[perm].",
     '''
def is_permutation_equivariant(f, x, perm):
    shuffled_then_f = f(x[perm])
    f_then_shuffled = f(x)[perm]
    return shuffled_then_f
''')

_add(C, "negated",
     "Returns not np.allclose(...), so it says True exactly when the two differ; the function must be True when they match.",
     '''
def is_permutation_equivariant(f, x, perm):
    return not np.allclose(f(x[perm]), f(x)[perm])
''')

_add(C, "sorted-rows",
     "Sorts both outputs before comparing, which only checks that the same values come out in some order; equivariance needs row p of f(x[perm]) to be row perm[p] of f(x), so compare f(x[perm]) with f(x)[perm] unsorted.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(np.sort(f(x[perm]), axis=0), np.sort(f(x), axis=0)))
''')

_add(C, "pooled-sum",
     "Compares the sums of the output rows, which a reordering never changes; it must compare the rows themselves, f(x[perm]) against f(x)[perm].",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm]).sum(axis=0), f(x).sum(axis=0)))
''')

_add(C, "shuffles-columns",
     "Shuffles the columns (x[:, perm], f(x)[:, perm]) instead of the rows; the words are the rows, so it is x[perm] and f(x)[perm].",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[:, perm]), f(x)[:, perm]))
''')

_add(C, "compares-shapes",
     "Compares only the shapes of f(x[perm]) and f(x)[perm], which always match; the values must be compared with np.allclose.",
     '''
def is_permutation_equivariant(f, x, perm):
    return f(x[perm]).shape == f(x)[perm].shape
''')

_add(C, "np-take-flattens",
     "Shuffles with np.take(x, perm) without axis=0, which takes entries from the flattened array instead of whole rows; use x[perm] (or np.take(x, perm, axis=0)).",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(np.take(x, perm)), np.take(f(x), perm)))
''')

_add(C, "identity-is",
     "Compares the two arrays with `is`, which asks whether they are the same object (never, here), not whether their values match; use np.allclose.",
     '''
def is_permutation_equivariant(f, x, perm):
    return f(x[perm]) is f(x)[perm]
''')


# ---------------------------------------------------------------------------
# check_sinusoidal: my_sinusoidal(seq_len, d_model)
# ---------------------------------------------------------------------------
C = "check_sinusoidal"

_add(C, "i-instead-of-2i",
     "Uses np.arange(d_model // 2) (i) in the exponent instead of the even numbers 2i = np.arange(0, d_model, 2), so the frequencies fall too slowly.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** (-np.arange(d_model // 2) / d_model)
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "doubled-2i",
     "Multiplies np.arange(0, d_model, 2) by 2 again, as if it were i; arange with step 2 already gives 2i, so the exponent is -arange(0, d_model, 2) / d_model.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** (-2 * np.arange(0, d_model, 2) / d_model)
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "exponent-sign",
     "Drops the minus sign in the exponent, so the frequencies grow as 10000^(2i/d) instead of shrinking as 10000^(-2i/d).",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** (np.arange(0, d_model, 2) / d_model)
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "exponent-precedence",
     "Leaves out the parentheses around the exponent: 10000.0 ** -np.arange(0, d_model, 2) / d_model raises to -2i and then divides by d_model; write 10000.0 ** (-np.arange(0, d_model, 2) / d_model).",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** -np.arange(0, d_model, 2) / d_model
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "floor-division-exponent",
     "Uses // in the exponent, so -2i // d_model rounds down to 0 or -1 instead of the fraction -2i / d_model; use true division /.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) // d_model)
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "odd-exponents",
     "Starts the exponent's arange at 1 (np.arange(1, d_model, 2)), giving 2i + 1; pair i uses 2i, starting at 0, so the first frequency is 1.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** (-np.arange(1, d_model, 2) / d_model)
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "base-1000",
     "Uses 1000 as the base of the frequencies; the table's base is 10,000.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 1000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "linspace-exponents",
     "Spreads the exponents with np.linspace(0, 1, d_model // 2), which reaches exactly 1 at the last pair; the exponents are 2i / d_model, which stop short of 1.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** (-np.linspace(0, 1, d_model // 2))
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "add-not-multiply",
     "Adds positions + freqs instead of multiplying; the angle of pair i at position p is p * omega_i.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = positions + freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "extra-two-pi",
     "Multiplies the angles by 2*pi, reading omega_i as turns per position; omega_i is already in radians per position, so the angle is just p * omega_i.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = 2 * np.pi * positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "sin-cos-swapped",
     "Puts the cosines in the even columns and the sines in the odd ones; the sines go in table[:, 0::2], the cosines in table[:, 1::2].",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.cos(angles)
    table[:, 1::2] = np.sin(angles)
    return table
''')

_add(C, "sine-twice",
     "Fills the odd columns with np.sin as well (copied line); the odd columns hold np.cos(angles).",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.sin(angles)
    return table
''')

_add(C, "halves-not-interleaved",
     "Puts all the sines in the first half of the columns and all the cosines in the second half; they must alternate, sines in the even columns (0::2), cosines in the odd ones (1::2).",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, : d_model // 2] = np.sin(angles)
    table[:, d_model // 2 :] = np.cos(angles)
    return table
''')

_add(C, "returns-sines-only",
     "Returns np.sin(angles), shape (seq_len, d_model // 2), instead of the filled (seq_len, d_model) table.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return np.sin(angles)
''')

_add(C, "returns-transpose",
     "Returns table.T, shape (d_model, seq_len); the table has one row per position: (seq_len, d_model).",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table.T
''')

_add(C, "outer-wrong-order",
     "Builds the angles with np.outer(freqs, positions), shape (d_model // 2, seq_len), the transpose of what the table's columns need; it is positions * freqs, (seq_len, d_model // 2).",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = np.outer(freqs, positions)
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "slices-rows",
     "Slices the rows (table[0::2], table[1::2]) instead of the columns; every other column is table[:, 0::2] and table[:, 1::2].",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[0::2] = np.sin(angles)
    table[1::2] = np.cos(angles)
    return table
''')


# ---------------------------------------------------------------------------
# check_wavelength: my_wavelength = 2*pi / omega_12, d_model = 48
# ---------------------------------------------------------------------------
C = "check_wavelength"

_add(C, "frequency-not-wavelength",
     "Gives the frequency omega_12 = 10000^(-1/2) itself; the wavelength is 2*pi / omega_12.",
     '''
my_wavelength = 10000.0 ** (-2 * 12 / 48)
''')

_add(C, "no-two-pi",
     "Takes the wavelength as 1 / omega_12, forgetting that a full turn is 2*pi radians; it is 2*pi / omega_12.",
     '''
my_wavelength = 1 / 10000.0 ** (-2 * 12 / 48)
''')

_add(C, "half-turn-pi",
     "Uses pi for a full turn; a full turn is 2*pi radians.",
     '''
my_wavelength = np.pi / 10000.0 ** (-2 * 12 / 48)
''')

_add(C, "degrees-360",
     "Uses 360 (degrees) for a full turn, but the angles p * omega are in radians, so a full turn is 2*pi.",
     '''
my_wavelength = 360 / 10000.0 ** (-2 * 12 / 48)
''')

_add(C, "inverted-ratio",
     "Computes omega_12 / (2*pi), the fraction of a turn per position, instead of its inverse 2*pi / omega_12.",
     '''
my_wavelength = 10000.0 ** (-2 * 12 / 48) / (2 * np.pi)
''')

_add(C, "exponent-sign",
     "Drops the minus sign of the exponent, using omega = 10000^(+1/2); omega_12 = 10000^(-2*12/48).",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (2 * 12 / 48)
''')

_add(C, "i-instead-of-2i",
     "Uses i / d_model = 12/48 in the exponent instead of 2i / d_model = 24/48.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-12 / 48)
''')

_add(C, "pairs-count-as-d",
     "Divides by the number of pairs (24) instead of d_model = 48 in the exponent.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-2 * 12 / 24)
''')

_add(C, "one-based-pair",
     "Counts pairs from 1, so pair 12 becomes index 11; pairs are numbered from 0, so i = 12 itself goes in the exponent.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-2 * 11 / 48)
''')

_add(C, "exponent-precedence",
     "Leaves out the parentheses around the exponent, so 10000.0 ** -2 * 12 / 48 raises to -2 and then multiplies; write 10000.0 ** (-2 * 12 / 48).",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** -2 * 12 / 48
''')

_add(C, "ratio-raised",
     "Puts the parentheses around 2*pi / 10000 and raises that to the power, (2*pi / 10000) ** (-1/2); the power applies to 10000 alone.",
     '''
my_wavelength = (2 * np.pi / 10000.0) ** (-2 * 12 / 48)
''')

_add(C, "floor-division",
     "Uses // in the exponent, so 2 * 12 // 48 is 0 and omega becomes 1; the exponent is the fraction 2 * 12 / 48.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-(2 * 12 // 48))
''')

_add(C, "base-1000",
     "Uses 1000 as the base; the table's frequencies are powers of 10,000.",
     '''
my_wavelength = 2 * np.pi / 1000.0 ** (-2 * 12 / 48)
''')

_add(C, "all-wavelengths-array",
     "Computes the wavelengths of all 24 pairs as an array instead of the single number for pair 12.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-np.arange(0, 48, 2) / 48)
''')

_add(C, "truncated-to-int",
     "Converts the result with int(), which truncates 628.32 to 628; keep the exact value 2*pi / omega_12.",
     '''
my_wavelength = int(2 * np.pi / 10000.0 ** (-2 * 12 / 48))
''')


# ---------------------------------------------------------------------------
# check_offset_rotation: my_offset_rotation(k, d_model) -> block diagonal M_k
# ---------------------------------------------------------------------------
C = "check_offset_rotation"

_add(C, "rope-block-transposed",
     "Uses the textbook rotation block [[c, -s], [s, c]] (the one RoPE needs), which is the transpose; for the (sin, cos) pairs of this table the block is [[c, s], [-s, c]].",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, -s], [s, c]]
    return M
''')

_add(C, "sin-cos-swapped-in-block",
     "Swaps sin and cos in the block, [[s, c], [-c, s]]; the diagonal holds cos(k w) and the off-diagonal sin(k w): [[c, s], [-s, c]].",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[s, c], [-c, s]]
    return M
''')

_add(C, "missing-minus",
     "Forgets the minus sign on the lower sine, [[c, s], [s, c]]; the new cosine is cos(a)cos(b) - sin(a)sin(b), so the block is [[c, s], [-s, c]].",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [s, c]]
    return M
''')

_add(C, "angle-without-k",
     "Uses the angle w instead of k * w, building M for an offset of 1 whatever k is.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(freqs):
        c, s = np.cos(w), np.sin(w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "k-divided-by-w",
     "Treats freqs as wavelengths and uses the angle k / w; freqs are angular frequencies, so the angle is k * w.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(freqs):
        c, s = np.cos(k / w), np.sin(k / w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "scale-outside-trig",
     "Writes np.cos(k) * w and np.sin(k) * w, multiplying outside the functions; the angle k * w goes inside: np.cos(k * w).",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(freqs):
        c, s = np.cos(k) * w, np.sin(k) * w
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "degrees-conversion",
     "Converts k * w with np.radians as if it were in degrees; the angles of the table are already in radians.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(freqs):
        c, s = np.cos(np.radians(k * w)), np.sin(np.radians(k * w))
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "block-at-i-not-2i",
     "Places pair i's block at rows and columns i, i + 1, so the blocks overlap; pair i occupies 2i and 2i + 1.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[i : i + 2, i : i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "half-split-layout",
     "Pairs dimension i with dimension i + d_model/2 (the half-split layout) instead of the interleaved neighbours 2i and 2i + 1 that this table uses.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    M = np.zeros((d_model, d_model))
    h = d_model // 2
    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[i, i], M[i, i + h] = c, s
        M[i + h, i], M[i + h, i + h] = -s, c
    return M
''')

_add(C, "only-diagonal",
     "Puts only the cosines on the diagonal and leaves the off-diagonal sines at 0; each block also needs s and -s off the diagonal: [[c, s], [-s, c]].",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(freqs):
        c = np.cos(k * w)
        M[2 * i, 2 * i] = c
        M[2 * i + 1, 2 * i + 1] = c
    return M
''')

_add(C, "return-inside-loop",
     "Indents the return inside the loop, so M comes back after the first block with the other pairs still zero; return after the loop.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
        return M
''')

_add(C, "loop-one-short",
     "Loops over range(d_model // 2 - 1), so the last pair's block is never filled; there are d_model // 2 pairs.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    M = np.zeros((d_model, d_model))
    for i in range(d_model // 2 - 1):
        c, s = np.cos(k * freqs[i]), np.sin(k * freqs[i])
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "one-frequency-for-all",
     "Uses freqs[0] for every block; each pair i turns at its own frequency freqs[i].",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    M = np.zeros((d_model, d_model))
    w = freqs[0]
    for i in range(d_model // 2):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "chained-indexing",
     "Writes M[2i:2i+2][2i:2i+2], which slices the rows twice instead of rows and columns; the block is M[2i:2i+2, 2i:2i+2].",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2][2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "whole-freqs-in-block",
     "Computes cos and sin of k * freqs (all pairs at once) and tries to put these arrays into one 2 x 2 block; each block needs the single angle k * freqs[i] of its pair.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    M = np.zeros((d_model, d_model))
    c, s = np.cos(k * freqs), np.sin(k * freqs)
    for i in range(d_model // 2):
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')


# ---------------------------------------------------------------------------
# check_cosine_similarity: my_cosine_similarity(table)
# ---------------------------------------------------------------------------
C = "check_cosine_similarity"

_add(C, "divide-by-one-length",
     "Divides dots by lengths, shape (seq_len,), which broadcasts along the last axis and divides entry [p, q] by |table[q]| only; it needs both lengths: np.outer(lengths, lengths).",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = np.linalg.norm(table, axis=1)
    return dots / lengths
''')

_add(C, "elementwise-square-lengths",
     "Multiplies lengths * lengths element-wise, which gives |table[q]|^2 for one row only, instead of the outer product lengths[p] * lengths[q]; use np.outer(lengths, lengths).",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = np.linalg.norm(table, axis=1)
    return dots / (lengths * lengths)
''')

_add(C, "whole-table-norm",
     "Calls np.linalg.norm(table) without axis=1, which gives one number for the whole table; each row needs its own length.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    length = np.linalg.norm(table)
    return dots / (length * length)
''')

_add(C, "squared-lengths",
     "Uses the sums of squares (table**2).sum(axis=1) as the lengths, forgetting the square root.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = (table ** 2).sum(axis=1)
    return dots / np.outer(lengths, lengths)
''')

_add(C, "l1-lengths",
     "Measures a row's length as the sum of the absolute values of its entries; the length is the square root of the sum of squares (np.linalg.norm(table, axis=1)).",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = np.abs(table).sum(axis=1)
    return dots / np.outer(lengths, lengths)
''')

_add(C, "extra-sqrt",
     "Takes the square root of np.outer(lengths, lengths), as if the lengths were squared already; divide by the product of the lengths itself.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = np.linalg.norm(table, axis=1)
    return dots / np.sqrt(np.outer(lengths, lengths))
''')

_add(C, "column-norms",
     "Normalises the columns (norm along axis=0) instead of the rows; each position is a row, so its length is np.linalg.norm(table, axis=1).",
     '''
def my_cosine_similarity(table):
    unit = table / np.linalg.norm(table, axis=0)
    return unit @ unit.T
''')

_add(C, "returns-unit-rows",
     "Returns the rows scaled to length 1, shape (seq_len, d_model), instead of the (seq_len, seq_len) matrix of their dot products.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = np.linalg.norm(table, axis=1)
    return table / lengths[:, None]
''')

_add(C, "unit-gram-wrong-order",
     "Multiplies the unit rows as unit.T @ unit, a (d_model, d_model) matrix between dimensions; the similarities between positions are unit @ unit.T.",
     '''
def my_cosine_similarity(table):
    unit = table / np.linalg.norm(table, axis=1)[:, None]
    return unit.T @ unit
''')

_add(C, "norm-of-dots",
     "Divides by the lengths of the rows of dots (np.linalg.norm(dots, axis=1)) instead of the lengths of the rows of table.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = np.linalg.norm(dots, axis=1)
    return dots / np.outer(lengths, lengths)
''')

_add(C, "floor-division",
     "Divides with //, which rounds every similarity down to -1, 0 or 1; use true division /.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = np.linalg.norm(table, axis=1)
    return dots // np.outer(lengths, lengths)
''')

_add(C, "cosine-distance",
     "Returns 1 - cosine similarity (the cosine distance); the exercise asks for the similarity itself.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = np.linalg.norm(table, axis=1)
    return 1 - dots / np.outer(lengths, lengths)
''')

_add(C, "absolute-dots",
     "Takes the absolute value of the dot products, losing the sign; the cosine is negative when two rows point in opposite directions.",
     '''
def my_cosine_similarity(table):
    dots = np.abs(table @ table.T)
    lengths = np.linalg.norm(table, axis=1)
    return dots / np.outer(lengths, lengths)
''')

_add(C, "mean-centred-correlation",
     "Subtracts each row's mean first, which computes the correlation of the rows, not their cosine similarity; use the rows as they are.",
     '''
def my_cosine_similarity(table):
    centred = table - table.mean(axis=1, keepdims=True)
    dots = centred @ centred.T
    lengths = np.linalg.norm(centred, axis=1)
    return dots / np.outer(lengths, lengths)
''')

_add(C, "lengths-summed",
     "Divides by the sum lengths[p] + lengths[q] instead of the product lengths[p] * lengths[q].",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = np.linalg.norm(table, axis=1)
    return dots / (lengths[:, None] + lengths[None, :])
''')


# ---------------------------------------------------------------------------
# check_apply_rope: my_rope(x, positions)
# ---------------------------------------------------------------------------
C = "check_apply_rope"

_ROPE_HEAD = '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)
    angles = np.asarray(positions)[:, None] * thetas
'''

_add(C, "rotates-backwards",
     "Puts the minus sign on the second line instead of the first (first*cos + second*sin, -first*sin + second*cos), turning each pair by minus its angle; the new first is first*cos - second*sin.",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) + second * np.sin(angles)
    out[:, 1::2] = -first * np.sin(angles) + second * np.cos(angles)
    return out
''')

_add(C, "second-line-sign",
     "Writes the new second as first*sin - second*cos, with a minus sign that turns the rotation into a reflection; it is first*sin + second*cos.",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = first * np.sin(angles) - second * np.cos(angles)
    return out
''')

_add(C, "sin-cos-swapped",
     "Swaps sin and cos in both lines (first*sin - second*cos, ...); the new first is first*cos - second*sin and the new second first*sin + second*cos.",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.sin(angles) - second * np.cos(angles)
    out[:, 1::2] = first * np.cos(angles) + second * np.sin(angles)
    return out
''')

_add(C, "partners-swapped-second-line",
     "In the second line multiplies second by sin and first by cos (second*sin + first*cos); the new second is first*sin + second*cos.",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = second * np.sin(angles) + first * np.cos(angles)
    return out
''')

_add(C, "out-aliases-x",
     "Sets out = x, which is not a copy: writing the new firsts overwrites x (and the view first), so the second line uses the already-turned values; compute into a new array, np.empty_like(x).",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    out = x
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return out
''')

_add(C, "half-split-pairs",
     "Pairs dimension i with i + d_head/2 (first half, second half) instead of the interleaved pairs (2i, 2i + 1) the exercise asks for; use x[:, 0::2] and x[:, 1::2].",
     _ROPE_HEAD + '''    h = d_head // 2
    first, second = x[:, :h], x[:, h:]
    out = np.empty_like(x)
    out[:, :h] = first * np.cos(angles) - second * np.sin(angles)
    out[:, h:] = first * np.sin(angles) + second * np.cos(angles)
    return out
''')

_add(C, "pair-order-reversed",
     "Reads the pair in the wrong order (first = x[:, 1::2], second = x[:, 0::2]) while writing back to 0::2 and 1::2; the first of each pair is the even dimension, x[:, 0::2].",
     _ROPE_HEAD + '''    first, second = x[:, 1::2], x[:, 0::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return out
''')

_add(C, "concatenated-not-interleaved",
     "Returns np.concatenate([new_first, new_second], axis=1), putting all new firsts before all new seconds; they must go back to the interleaved places, out[:, 0::2] and out[:, 1::2].",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    new_first = first * np.cos(angles) - second * np.sin(angles)
    new_second = first * np.sin(angles) + second * np.cos(angles)
    return np.concatenate([new_first, new_second], axis=1)
''')

_add(C, "second-never-written",
     "Only writes the new firsts into out = np.zeros_like(x) and never fills out[:, 1::2] with first*sin + second*cos.",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    out = np.zeros_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    return out
''')

_add(C, "adds-instead-of-turns",
     "Adds the sines and cosines of the angles to x, as the sinusoidal table does, instead of rotating each pair (first*cos - second*sin, first*sin + second*cos).",
     _ROPE_HEAD + '''    out = x.copy()
    out[:, 0::2] = x[:, 0::2] + np.sin(angles)
    out[:, 1::2] = x[:, 1::2] + np.cos(angles)
    return out
''')

_add(C, "ignores-given-positions",
     "Uses np.arange(len(x)) as the positions, ignoring the positions argument; the angles must come from the given (scattered) positions.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)
    angles = np.arange(len(x))[:, None] * thetas
    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return out
''')

_add(C, "thetas-not-angles",
     "Takes cos and sin of thetas instead of angles, so every position is turned by the same angles; use np.cos(angles) and np.sin(angles) (position times theta).",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(thetas) - second * np.sin(thetas)
    out[:, 1::2] = first * np.sin(thetas) + second * np.cos(thetas)
    return out
''')

_add(C, "position-as-angle",
     "Turns every pair by the position itself (np.asarray(positions)[:, None]), forgetting to multiply by each pair's frequency theta_i.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)
    angles = np.asarray(positions)[:, None] * np.ones_like(thetas)
    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return out
''')

_add(C, "i-instead-of-2i-thetas",
     "Rewrites the frequencies with np.arange(d_head // 2) (i) instead of np.arange(0, d_head, 2) (2i) in the exponent, so the slow pairs turn too fast.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(d_head // 2) / d_head)
    angles = np.asarray(positions)[:, None] * thetas
    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return out
''')

_add(C, "returns-x",
     "Fills out correctly but returns x, the unturned input; return out.",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return x
''')


# ---------------------------------------------------------------------------
# check_alibi_slopes: my_alibi_slopes(num_heads)
# ---------------------------------------------------------------------------
C = "check_alibi_slopes"

_add(C, "h-from-zero",
     "Uses np.arange(n) for h, starting at 0, so the first slope is 2^0 = 1 and the last 2^(-8 + 8/n); h runs from 1 to n: np.arange(1, n + 1).",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(n) / n)
    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "formula-for-every-n",
     "Applies 2^(-8h/n) with n = num_heads for every number of heads; that formula is only for powers of two, other counts take the c slopes of the largest power of two c and every other slope of 2c.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)
    return power_of_two(num_heads)
''')

_add(C, "extra-start-second",
     "Takes every other slope of 2c heads starting with the second ([1::2]), which repeats slopes already in power_of_two(c); start with the first: [0::2].",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)
    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[1::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "extra-not-every-other",
     "Takes the first n - c slopes of 2c heads consecutively instead of every other one ([0::2]).",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)
    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "round-up-and-truncate",
     "Rounds the number of heads up to the next power of two and keeps the first num_heads of its slopes; the rule rounds down to c and fills the rest from every other slope of 2c.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)
    up = 1 << (num_heads - 1).bit_length()
    return power_of_two(up)[:num_heads]
''')

_add(C, "exponent-sign",
     "Drops the minus sign: 2^(8h/n) gives slopes from 2 up to 256 instead of from 2^(-8/n) down to 2^(-8).",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (8 * np.arange(1, n + 1) / n)
    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "exponent-precedence",
     "Writes 2.0 ** -8 * h / n without parentheses, which computes 2^-8 times h/n; the whole -8h/n is the exponent: 2.0 ** (-8 * h / n).",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** -8 * np.arange(1, n + 1) / n
    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "floor-division-exponent",
     "Uses // in the exponent, so -8h // n is rounded down to an integer; the exponent is the fraction -8h / n.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) // n)
    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "halving-regardless-of-n",
     "Uses the 8-head sequence 1/2, 1/4, ..., i.e. 2^(-h), for every count; the exponent is -8h/n, so the step depends on the number of heads.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-np.arange(1, n + 1))
    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "log2-without-power",
     "Takes c = int(np.log2(num_heads)), the exponent, instead of the power of two 2 ** int(np.log2(num_heads)).",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)
    c = int(np.log2(num_heads))
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "bit-length-off-by-one",
     "Uses 1 << num_heads.bit_length() without the - 1, which is twice the largest power of two not above num_heads; c = 1 << (num_heads.bit_length() - 1).",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)
    c = 1 << num_heads.bit_length()
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "extra-first",
     "Puts the extra slopes before the c slopes of power_of_two(c); the rule's order is power_of_two(c) first, then the extra ones.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)
    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([extra, power_of_two(c)])
''')

_add(C, "extra-one-too-many",
     "Slices [: num_heads - c + 1], one extra slope too many, so a non-power-of-two count gets num_heads + 1 slopes; it needs num_heads - c extra.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)
    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c + 1]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "doubles-num-heads-not-c",
     "Takes the extra slopes from power_of_two(2 * num_heads) instead of power_of_two(2 * c), the sequence of twice the largest power of two.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)
    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * num_heads)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "extra-repeats-first-slopes",
     "Fills the missing heads by repeating the first slopes of power_of_two(c); the extra slopes are every other slope of power_of_two(2 * c), starting with the first.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)
    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(c)[: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "forgets-extra",
     "Returns only power_of_two(c) for the largest power of two c, so a non-power-of-two count gets too few slopes; append the extra num_heads - c slopes from power_of_two(2 * c)[0::2].",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)
    c = 1 << (num_heads.bit_length() - 1)
    return power_of_two(c)
''')

_add(C, "sorted-ascending",
     "Sorts the slopes with np.sort, which reverses the heads' order (smallest slope first) and moves the extra slopes; keep the rule's order, largest first.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)
    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.sort(np.concatenate([power_of_two(c), extra]))
''')


# ---------------------------------------------------------------------------
# check_alibi_bias: my_alibi_bias(seq_len, num_heads, causal=True)
# ---------------------------------------------------------------------------
C = "check_alibi_bias"

_BIAS_HEAD = '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)
    i = np.arange(seq_len)[:, None]
    j = np.arange(seq_len)[None, :]
'''

_add(C, "positive-sign",
     "Forgets the minus sign, so the bias raises the scores of distant keys; it is -m_h * distance.",
     _BIAS_HEAD + '''    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)
    return slopes[:, None, None] * distance
''')

_add(C, "offset-reversed",
     "Uses j - i (key minus query), which is positive above the diagonal and 0 below it, so the causal distance sits on the wrong side; it is np.maximum(i - j, 0).",
     _BIAS_HEAD + '''    distance = np.maximum(j - i, 0) if causal else np.abs(i - j)
    return -slopes[:, None, None] * distance
''')

_add(C, "signed-offset",
     "Uses the signed offset i - j as the distance, so above the diagonal (and everywhere for the encoder) it is negative and the bias becomes a bonus; use np.maximum(i - j, 0) causally and np.abs(i - j) for the encoder.",
     _BIAS_HEAD + '''    distance = i - j
    return -slopes[:, None, None] * distance
''')

_add(C, "always-abs",
     "Uses np.abs(i - j) even when causal=True, so the part above the diagonal is not 0; the causal bias is np.maximum(i - j, 0).",
     _BIAS_HEAD + '''    distance = np.abs(i - j)
    return -slopes[:, None, None] * distance
''')

_add(C, "ignores-causal-false",
     "Always uses np.maximum(i - j, 0), ignoring causal=False; the encoder needs np.abs(i - j) on both sides of the diagonal.",
     _BIAS_HEAD + '''    distance = np.maximum(i - j, 0)
    return -slopes[:, None, None] * distance
''')

_add(C, "triu-instead-of-tril",
     "Keeps the upper triangle with np.triu(i - j), where i - j is negative, instead of the lower one where the keys are before the query; use np.maximum(i - j, 0) (or np.tril).",
     _BIAS_HEAD + '''    distance = np.triu(i - j) if causal else np.abs(i - j)
    return -slopes[:, None, None] * distance
''')

_add(C, "distance-plus-one",
     "Adds 1 to the distance (counting the key itself), so the diagonal gets -m instead of 0; the distance of a query to itself is 0.",
     _BIAS_HEAD + '''    distance = (np.maximum(i - j, 0) if causal else np.abs(i - j)) + 1
    return -slopes[:, None, None] * distance
''')

_add(C, "mask-folded-in",
     "Puts -inf above the diagonal, folding the causal mask into the bias; the exercise wants 0 there (the mask is applied separately).",
     _BIAS_HEAD + '''    if causal:
        distance = np.where(j > i, np.inf, i - j)
    else:
        distance = np.abs(i - j)
    return -slopes[:, None, None] * distance
''')

_add(C, "heads-last-axis",
     "Broadcasts with distance[..., None] * slopes, putting the heads on the last axis, shape (seq_len, seq_len, num_heads); the heads come first: slopes[:, None, None] * distance.",
     _BIAS_HEAD + '''    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)
    return -distance[..., None] * slopes
''')

_add(C, "one-new-axis",
     "Writes slopes[:, None] (shape (num_heads, 1)), which lines the heads up with the rows of distance instead of adding a head axis; it needs slopes[:, None, None].",
     _BIAS_HEAD + '''    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)
    return -slopes[:, None] * distance
''')

_add(C, "outer-flattens",
     "Uses np.outer(slopes, distance), which flattens the distance matrix and returns (num_heads, seq_len * seq_len); broadcast instead: slopes[:, None, None] * distance.",
     _BIAS_HEAD + '''    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)
    return -np.outer(slopes, distance)
''')

_add(C, "divides-by-slope",
     "Divides the distance by the slope instead of multiplying by it; the penalty is -m_h * distance.",
     _BIAS_HEAD + '''    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)
    return -distance / slopes[:, None, None]
''')

_add(C, "adds-slope",
     "Adds the slope to the distance instead of multiplying, -(m_h + distance); the slope scales the distance: -m_h * distance.",
     _BIAS_HEAD + '''    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)
    return -(slopes[:, None, None] + distance)
''')

_add(C, "slopes-reversed",
     "Assigns the slopes to the heads in reverse order (slopes[::-1]); head h takes the h-th slope of posenc.alibi_slopes.",
     _BIAS_HEAD + '''    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)
    return -slopes[::-1, None, None] * distance
''')


# ---------------------------------------------------------------------------
# check_scheme_layer: my_scheme_layer(sentence, scheme, causal=False)
# ---------------------------------------------------------------------------
C = "check_scheme_layer"

_add(C, "table-added-to-queries",
     "Adds the sinusoidal or learned rows to the queries after the projection instead of to the word vectors x at the input, before q, k and v are made.",
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    if scheme == "sinusoidal":
        q = q + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        q = q + parts["table"][:n]
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "table-added-too-late",
     "Adds the position rows to x after q, k and v have been computed, so they never reach the attention; add them to x before the projections.",
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
    q, k, v = x @ w_q, x @ w_k, x @ w_v
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

_add(C, "table-multiplied",
     "Multiplies the word vectors by the position rows (x * table) instead of adding them (x + table).",
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
    if scheme == "sinusoidal":
        x = x * posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x * parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "sinusoidal-args-swapped",
     "Calls posenc.sinusoidal(x.shape[1], n) with the arguments swapped; it is posenc.sinusoidal(seq_len, d_model) = posenc.sinusoidal(n, x.shape[1]).",
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(x.shape[1], n)
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "learned-single-row",
     "Writes parts[\"table\"][n] (row n alone, added to every word) instead of the first n rows parts[\"table\"][:n], one per position.",
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "learned-uses-sinusoidal",
     "Uses posenc.sinusoidal for the learned scheme too; the learned scheme adds the stand-in trained rows parts[\"table\"][:n].",
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
    if scheme in ("sinusoidal", "learned"):
        x = x + posenc.sinusoidal(n, x.shape[1])
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "or-always-true",
     "Writes if scheme == \"sinusoidal\" or \"learned\":, which is always true (a non-empty string is truthy), so every scheme gets the sinusoidal rows; compare each name: scheme == \"sinusoidal\".",
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
    if scheme == "sinusoidal" or "learned":
        if scheme == "learned":
            x = x + parts["table"][:n]
        else:
            x = x + posenc.sinusoidal(n, x.shape[1])
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "rope-turns-values",
     "Turns the values as well as the queries and keys; RoPE turns only q and k, the values are left as they are.",
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    if scheme == "rope":
        q, k, v = posenc.apply_rope(q), posenc.apply_rope(k), posenc.apply_rope(v)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "rope-queries-only",
     "Turns only the queries; RoPE turns both q and k so that their dot product depends on the offset m - n.",
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    if scheme == "rope":
        q = posenc.apply_rope(q)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "rope-on-input",
     "Turns the word vectors x before the projections instead of the queries and keys after them, so the values are turned too and W_q, W_k spoil the relative property; apply posenc.apply_rope to q and k.",
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    elif scheme == "rope":
        x = posenc.apply_rope(x)
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "alibi-positive",
     "Forgets the minus sign of the ALiBi bias, so distant keys get a bonus; the bias is -ALIBI_SLOPE * |i - j|.",
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "alibi-no-slope",
     "Leaves out the slope, adding -|i - j|; the bias is -capstone.ALIBI_SLOPE * |i - j|.",
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "alibi-library-slope",
     "Takes the slope from posenc.alibi_slopes(1) (2^-8 for a single head) instead of the layer's capstone.ALIBI_SLOPE = 1/2.",
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -posenc.alibi_slopes(1)[0] * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "alibi-one-sided",
     "Uses the causal distance np.maximum(i - j, 0) for ALiBi even without the mask, so keys after the query get no penalty; the layer's bias is -1/2 |i - j| on both sides.",
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.maximum(i[:, None] - i[None, :], 0)
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "mask-never-passed",
     "Builds the mask but never passes it to posenc.attention (mask= left out), so causal=True changes nothing; call posenc.attention(q, k, v, mask=mask, bias=bias).",
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, bias=bias)
''')

_add(C, "mask-always",
     "Applies the causal mask whatever causal says; it belongs only to causal=True, otherwise mask is None.",
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n)
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "mask-transposed",
     "Passes posenc.causal_mask(n).T, which lets each word see the later words instead of the earlier ones; use posenc.causal_mask(n) as it is.",
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n).T if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "returns-outputs-only",
     "Returns only the outputs (posenc.attention(...)[0]); the layer must return what posenc.attention returns, the pair (outputs, weights).",
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    outputs, weights = posenc.attention(q, k, v, mask=mask, bias=bias)
    return outputs
''')


# ---------------------------------------------------------------------------
# check_comparison_table: my_table (5 rows x 5 columns)
# The learner's table is right except for the one cell (or one structural slip) named.
# Rows and columns are found by a word of their name, and the wrong answer is the
# allowed answer of that column whose text says what the learner believes.
# ---------------------------------------------------------------------------
C = "check_comparison_table"

_TABLE_HEAD = '''
my_table = checks.comparison_table_answer()   # every cell as I filled it in, except the one below

def _key(keys, *words):
    for word in words:
        for key in keys:
            if word in str(key).lower():
                return key
    raise KeyError(words)

def my_answer(row, column_words, *answer_words):
    # write into my_table the allowed answer (of that column) that says what I believe
    row = list(my_table)[row] if isinstance(row, int) else _key(my_table, row)
    column = _key(checks.recap.COLUMNS, *column_words)
    others = [a for a in checks.recap.COLUMNS[column] if a != my_table[row][column]]
    for word in answer_words:
        for a in others:
            if word in str(a).lower():
                my_table[row][column] = a
                return
    my_table[row][column] = others[0]

# the five columns, by a word of their names
ABS, WHERE, PAST, PARAMS, USED = ("absolute",), ("where", "acts", "enter"), ("past", "beyond"), ("param", "trained"), ("used",)
'''


_add(C, "left-blank",
     "Hands in the blank template unchanged (every cell still ...); each of the 25 cells needs one of the allowed answers.",
     '''
my_table = blank
''')

_add(C, "numbers-from-zero",
     "Gives each answer's number counting from 0, but the allowed answers are numbered from 1 (as printed), so every number points one answer too early.",
     '''
answers = checks.comparison_table_answer()
my_table = {
    row: {column: list(checks.recap.COLUMNS[column]).index(text) for column, text in cells.items()}
    for row, cells in answers.items()
}
''')

_add(C, "transposed-columns-outside",
     "Builds the table column by column (my_table[column][scheme]) instead of row by row: the keys of my_table must be the schemes (checks.recap.ROWS), each holding a dict of the columns.",
     '''
answers = checks.comparison_table_answer()
my_table = {column: {row: answers[row][column] for row in answers} for column in checks.recap.COLUMNS}
''')

_add(C, "t5-row-last",
     "Lists the rows in the layer's order with T5's bias last, then zips them with checks.recap.ROWS, so from the third row on each scheme gets the next one's answers; T5 is the third row.",
     '''
answers = checks.comparison_table_answer()
rows = list(answers)
my_order = [rows[0], rows[1], rows[3], rows[4], rows[2]]   # sinusoidal, learned, rope, alibi, then T5
my_table = dict(zip(checks.recap.ROWS, [dict(answers[r]) for r in my_order]))
''')

_add(C, "one-cell-left-blank",
     "Leaves T5's \"used by\" cell as ... from the template; every cell needs an allowed answer.",
     _TABLE_HEAD + '''
row = list(my_table)[2]
my_table[row][_key(checks.recap.COLUMNS, *USED)] = ...
''')

_add(C, "rope-absolute",
     "Marks RoPE as absolute because each vector is turned by its own position; but the score between a query and a key depends only on the offset m - n, so RoPE is relative.",
     _TABLE_HEAD + '''
my_answer("rope", ABS, "absolute")
''')

_add(C, "sinusoidal-relative",
     "Marks the sinusoidal table as relative because an offset is a fixed rotation M_k (lesson 03); but the rows added to the input encode each absolute position, so it is absolute.",
     _TABLE_HEAD + '''
my_answer("sin", ABS, "relative")
''')

_add(C, "t5-absolute",
     "Marks T5's bias as absolute; it is indexed by the offset i - j (its bucket), so it is relative.",
     _TABLE_HEAD + '''
my_answer(2, ABS, "absolute")
''')

_add(C, "alibi-acts-on-queries-keys",
     "Says ALiBi acts on the queries and keys, like RoPE; ALiBi adds its penalty to the attention scores.",
     _TABLE_HEAD + '''
my_answer("alibi", WHERE, "quer", "key")
''')

_add(C, "rope-acts-on-scores",
     "Says RoPE acts on the scores because only the offset shows up there; it turns the queries and keys (lesson 05), and the scores follow.",
     _TABLE_HEAD + '''
my_answer("rope", WHERE, "score")
''')

_add(C, "learned-extrapolates",
     "Thinks a learned table carries on past the training length as a formula would; it stops at its last row, so later positions have no row at all.",
     _TABLE_HEAD + '''
my_answer("learned", PAST, "formula", "continu", "new angle", "unseen", "extrapol")
''')

_add(C, "sinusoidal-runs-out",
     "Thinks the sinusoidal table runs out of rows past the training length like a learned table; its formula gives a row for any position.",
     _TABLE_HEAD + '''
my_answer("sin", PAST, "no row", "row", "stop", "nothing", "undefined", "error")
''')

_add(C, "t5-no-parameters",
     "Counts no trained position parameters for T5, as if its relative bias were fixed like ALiBi's; T5 learns one scalar per head and per bucket.",
     _TABLE_HEAD + '''
my_answer(2, PARAMS, "none", "no ", "zero", "0")
''')

_add(C, "sinusoidal-trained-rows",
     "Counts the sinusoidal table's rows as trained parameters; the table is computed by a formula, nothing in it is trained.",
     _TABLE_HEAD + '''
my_answer("sin", PARAMS, "row", "table", "seq", "d_model", "\\u00d7")
''')

_add(C, "alibi-learned-slopes",
     "Counts ALiBi's slopes as trained parameters (one per head); they are fixed by the formula 2^(-8h/n), so ALiBi trains no position parameters.",
     _TABLE_HEAD + '''
my_answer("alibi", PARAMS, "head", "slope", "per")
''')

_add(C, "learned-used-by-original",
     "Credits the learned table to the original Transformer; Vaswani et al. used the sinusoidal table, and BERT and GPT-2 learn theirs.",
     _TABLE_HEAD + '''
my_answer("learned", USED, "vaswani", "original", "transformer")
''')

_add(C, "rope-used-by-bloom",
     "Says RoPE is used by BLOOM and MPT; those use ALiBi, while Llama and Mistral 7B use RoPE.",
     _TABLE_HEAD + '''
my_answer("rope", USED, "bloom", "mpt")
''')

_add(C, "row-key-capitalised",
     "Renames a row key to the paper's spelling (\"RoPE\") instead of the exact key printed in checks.recap.ROWS, so that row is missing from the table.",
     '''
my_table = checks.comparison_table_answer()
rope_key = next(key for key in list(my_table) if "rope" in str(key).lower())
my_table["RoPE" if rope_key != "RoPE" else "Rope"] = my_table.pop(rope_key)
''')
