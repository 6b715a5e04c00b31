"""Plausible wrong answers to the 12 coding exercises of the positional-encoding course (set 7)."""

MISTAKES = []


def _add(checker, name, cause, code):
    MISTAKES.append(dict(checker=checker, name=name, cause=cause, code=code))


# ---------------------------------------------------------------------------------------------
C = "check_positions_column"
_add(C, "returned-the-shape",
     "Read the comment 'shape (seq_len, 1)' as what to return and returned the tuple (seq_len, 1); return the positions themselves, shaped as a column.",
     '''
def my_positions(seq_len):
    return (seq_len, 1)
''')
_add(C, "transpose-of-1d-is-noop",
     "Believed `.T` turns a 1-D row into a column; on a 1-D array it does nothing, so the shape stays (seq_len,): use `[:, None]`.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len).T  # (seq_len, 1)
''')
_add(C, "new-axis-in-front",
     "Put the new axis in front (`[None, :]`), giving a (1, seq_len) row instead of a (seq_len, 1) column: index with `[:, None]`.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len)[None, :]
''')
_add(C, "positions-centred-on-the-middle",
     "Centred the positions on the middle of the sentence (subtracting seq_len // 2); positions count from the first word, 0.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len)[:, None] - seq_len // 2
''')
_add(C, "positions-start-at-one",
     "Counted positions from 1 (1, ..., seq_len) instead of from 0: the arange must start at 0.",
     '''
def my_positions(seq_len):
    return np.arange(1, seq_len + 1)[:, None]
''')
_add(C, "one-position-too-many",
     "Thought arange's stop is included and asked for seq_len + 1, so there is one row too many: use `np.arange(seq_len)`.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len + 1)[:, None]
''')
_add(C, "one-position-too-few",
     "Stopped at seq_len - 1 because the last position is seq_len - 1, forgetting arange already excludes its stop: use `np.arange(seq_len)`.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len - 1)[:, None]
''')
_add(C, "positions-scaled-to-unit-interval",
     "Normalised the positions to run from 0 to 1 with linspace; the positions are the integers 0, ..., seq_len - 1.",
     '''
def my_positions(seq_len):
    return np.linspace(0, 1, seq_len)[:, None]
''')
_add(C, "linspace-used-like-arange",
     "Used `np.linspace(0, seq_len, seq_len)` as if it were arange; it includes the end point, so the steps are not 1: use `np.arange(seq_len)`.",
     '''
def my_positions(seq_len):
    return np.linspace(0, seq_len, seq_len)[:, None]
''')
_add(C, "two-new-axes",
     "Added one axis too many (`[:, None, None]`), giving shape (seq_len, 1, 1): a column needs only one `None`.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len)[:, None, None]
''')
_add(C, "column-of-ones",
     "Confused the shape with the content: `np.ones((seq_len, 1))` has the right shape but every entry is 1, not the positions.",
     '''
def my_positions(seq_len):
    return np.ones((seq_len, 1))
''')
_add(C, "empty-template-returned",
     "Made the (seq_len, 1) array to fill with `np.zeros` and returned it unfilled: the entries must be 0, 1, ..., seq_len - 1.",
     '''
def my_positions(seq_len):
    positions = np.zeros((seq_len, 1))
    return positions
''')
_add(C, "np-indices-grid",
     "Used `np.indices((seq_len, 1))`, which stacks a grid for each axis and returns shape (2, seq_len, 1): use `np.arange(seq_len)[:, None]`.",
     '''
def my_positions(seq_len):
    return np.indices((seq_len, 1))
''')
_add(C, "one-hot-positions",
     "Encoded each position as a one-hot row (`np.eye`), a (seq_len, seq_len) matrix, instead of the plain numbers in one column.",
     '''
def my_positions(seq_len):
    return np.eye(seq_len)
''')
_add(C, "positions-reversed",
     "Counted the positions down from the end (seq_len - 1, ..., 0): they must increase from 0.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len)[::-1][:, None]
''')
_add(C, "step-of-two-from-2i",
     "Carried over the step 2 of the sinusoidal exponents (2i) and took every other position: positions go up by 1.",
     '''
def my_positions(seq_len):
    return np.arange(0, seq_len, 2)[:, None]
''')
_add(C, "offset-matrix-instead-of-column",
     "Broadcast the column against the row of positions, returning the (seq_len, seq_len) offsets i - j instead of the column itself.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len)[:, None] - np.arange(seq_len)
''')


# ---------------------------------------------------------------------------------------------
C = "check_attention"
_add(C, "no-scaling",
     "Forgot to divide the scores by sqrt(d_head): `scores = q @ k.T / np.sqrt(q.shape[-1])`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T                             # (seq_len_q, seq_len_k)
    weights = posenc.softmax(scores, axis=-1)    # (seq_len_q, seq_len_k)
    return weights @ v                           # (seq_len_q, d_v)
''')
_add(C, "divide-by-d-not-sqrt",
     "Divided the scores by d_head itself instead of its square root: use `np.sqrt(q.shape[-1])`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / q.shape[-1]
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')
_add(C, "sqrt-of-sequence-length",
     "Took d_h from the number of queries (`len(q)` is seq_len_q) instead of the width of a query, `q.shape[-1]`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(len(q))
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')
_add(C, "sqrt-of-value-width",
     "Scaled by the width of the values, `v.shape[-1]`, instead of the width of the queries and keys, `q.shape[-1]`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(v.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')
_add(C, "multiplied-by-sqrt",
     "Multiplied the scores by sqrt(d_head) instead of dividing: the scale should shrink large scores.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T * np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')
_add(C, "power-half-precedence",
     "Wrote the square root as `d_head ** 1/2`; `**` binds tighter than `/`, so this divides by d_head and then by 2: write `d_head ** 0.5` or `np.sqrt(d_head)`.",
     '''
def my_attention(q, k, v):
    d_head = q.shape[-1]
    scores = q @ k.T / d_head ** 1/2
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')
_add(C, "softmax-over-queries",
     "Ran the softmax along axis 0, so each key's column sums to 1 instead of each query's row: use `axis=-1`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=0)
    return weights @ v
''')
_add(C, "scaled-after-softmax",
     "Divided by sqrt(d_head) after the softmax instead of before it, so the weights no longer sum to 1: scale the scores, then softmax.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T
    weights = posenc.softmax(scores, axis=-1) / np.sqrt(q.shape[-1])
    return weights @ v
''')
_add(C, "forgot-softmax",
     "Used the scaled scores directly as weights, skipping the softmax: `weights = posenc.softmax(scores, axis=-1)`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = scores
    return weights @ v
''')
_add(C, "exp-without-normalising",
     "Wrote the softmax by hand but stopped at `np.exp(scores)`, without dividing by each row's sum.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = np.exp(scores)
    return weights @ v
''')
_add(C, "softmax-over-whole-matrix",
     "Hand-written softmax divided by the sum of the whole matrix instead of each row's sum (`.sum(axis=-1, keepdims=True)`).",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = np.exp(scores) / np.exp(scores).sum()
    return weights @ v
''')
_add(C, "normalised-without-exp",
     "Turned scores into weights by dividing each row by its sum, without the exponential: the softmax raises e to each score first.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = scores / scores.sum(axis=-1, keepdims=True)
    return weights @ v
''')
_add(C, "hard-argmax",
     "Thought each query attends only to its best key and used a one-hot of the row maximum; the softmax spreads weight over all keys.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = (scores == scores.max(axis=-1, keepdims=True)).astype(float)
    return weights @ v
''')
_add(C, "returned-the-weights",
     "Returned the attention weights instead of the output: the last line should be `weights @ v`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights
''')
_add(C, "returned-output-and-weights",
     "Copied `posenc.attention`'s habit of returning (output, weights); the exercise asks for the output array only.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v, weights
''')
_add(C, "negated-scores",
     "Treated the dot product like a distance (smaller means closer) and negated it; a larger dot product must give a larger weight.",
     '''
def my_attention(q, k, v):
    scores = -(q @ k.T) / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')
_add(C, "euclidean-distance-scores",
     "Scored each query-key pair by their Euclidean distance instead of their dot product: the scores are `q @ k.T`.",
     '''
def my_attention(q, k, v):
    scores = np.linalg.norm(q[:, None, :] - k[None, :, :], axis=-1) / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')
_add(C, "averaged-the-keys",
     "Took the weighted sum of the keys instead of the values: the output is `weights @ v`.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ k
''')


# ---------------------------------------------------------------------------------------------
C = "check_equivariance_test"
_add(C, "exact-equality",
     "Compared with `==` instead of `np.allclose`, so rounding in the last digits makes an equivariant function fail.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool((f(x[perm]) == f(x)[perm]).all())
''')
_add(C, "tests-invariance",
     "Compared f(x[perm]) with the unshuffled f(x), a test of invariance; the outputs must be shuffled too: `f(x)[perm]`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm]), f(x)))
''')
_add(C, "inverse-permutation-on-output",
     "Shuffled the outputs with the inverse permutation `np.argsort(perm)`; the outputs must be shuffled by `perm` itself.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm]), f(x)[np.argsort(perm)]))
''')
_add(C, "scattered-instead-of-gathered",
     "Built the shuffled input by scattering (`shuffled[perm] = x`) but shuffled the outputs by gathering (`f(x)[perm]`), two opposite reorderings: use `x[perm]` for the input too.",
     '''
def is_permutation_equivariant(f, x, perm):
    shuffled = np.empty_like(x)
    shuffled[perm] = x
    return bool(np.allclose(f(shuffled), f(x)[perm]))
''')
_add(C, "any-instead-of-all",
     "Used `np.isclose(...).any()`, which is True as soon as one entry matches; every entry must match (`np.allclose`).",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.isclose(f(x[perm]), f(x)[perm]).any())
''')
_add(C, "compared-sorted-rows",
     "Sorted both outputs and compared them, which only asks whether the same numbers come out in some order, not in the shuffled order.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(np.sort(f(x[perm]), axis=0), np.sort(f(x), axis=0)))
''')
_add(C, "first-row-only",
     "Compared only the first row of the two outputs; equivariance needs every row to match.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm])[0], f(x)[perm][0]))
''')
_add(C, "compared-sums",
     "Compared only the sums of the two outputs, which a reordering never changes; compare the arrays entry by entry.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.isclose(f(x[perm]).sum(), f(x).sum()))
''')
_add(C, "overwrote-x-with-shuffle",
     "Reassigned `x = x[perm]` first, so the 'unshuffled' output is really f of the shuffled input: keep the original x for f(x).",
     '''
def is_permutation_equivariant(f, x, perm):
    x = x[perm]
    return bool(np.allclose(f(x), f(x)[perm]))
''')
_add(C, "return-true-inside-loop",
     "Checked the rows in a loop and returned True at the first row that matched; return True only after every row has matched.",
     '''
def is_permutation_equivariant(f, x, perm):
    shuffled_out, out = f(x[perm]), f(x)[perm]
    for r in range(len(perm)):
        if np.allclose(shuffled_out[r], out[r]):
            return True
    return False
''')
_add(C, "inverted-answer",
     "Returned `not np.allclose(...)`, True when the outputs differ; it must be True when they agree.",
     '''
def is_permutation_equivariant(f, x, perm):
    return not np.allclose(f(x[perm]), f(x)[perm])
''')
_add(C, "returned-the-difference",
     "Returned the largest difference between the outputs (a number, 0 for an equivariant f) instead of True or False.",
     '''
def is_permutation_equivariant(f, x, perm):
    return np.abs(f(x[perm]) - f(x)[perm]).max()
''')
_add(C, "compared-output-with-itself",
     "Typed `f(x)[perm]` on both sides, so the test compares an array with itself; one side must be `f(x[perm])`.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x)[perm], f(x)[perm]))
''')
_add(C, "reversal-instead-of-perm",
     "Ignored `perm` and always tested the reversed order `[::-1]`; the test must use the permutation it is given.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[::-1]), f(x)[::-1]))
''')
_add(C, "is-instead-of-allclose",
     "Compared the arrays with `is`, which asks whether they are the same object (never, here), not whether their values agree.",
     '''
def is_permutation_equivariant(f, x, perm):
    return f(x[perm]) is f(x)[perm]
''')
_add(C, "own-random-shuffle",
     "Shuffled the inputs with `np.random.shuffle` on a copy but shuffled the outputs by `perm`: both sides must use the same `perm`.",
     '''
def is_permutation_equivariant(f, x, perm):
    shuffled = x.copy()
    np.random.shuffle(shuffled)
    return bool(np.allclose(f(shuffled), f(x)[perm]))
''')


# ---------------------------------------------------------------------------------------------
C = "check_sinusoidal"
_add(C, "exponent-without-the-2",
     "Used `np.arange(d_model // 2)` for 2i, i.e. i instead of 2i, so the frequencies fall only half as fast: `np.arange(0, d_model, 2)`.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]                     # (seq_len, 1)
    freqs = 10000.0 ** (-np.arange(d_model // 2) / d_model)     # (d_model // 2,)
    angles = positions * freqs                                  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))                        # (seq_len, d_model)
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')
_add(C, "positive-exponent",
     "Dropped the minus sign in the exponent, so the frequencies grow instead of shrinking: omega_i = 10000 ** (-2i / d_model).",
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
_add(C, "integer-division-in-exponent",
     "Wrote `//` for the division in the exponent, which floors -2i/d_model to 0 or -1: use `/`.",
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
_add(C, "sin-cos-swapped",
     "Put the cosines in the even columns and the sines in the odd ones; sines go in `0::2`, cosines in `1::2`.",
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
_add(C, "halves-layout",
     "Put all the sines in the first half of the columns and all the cosines in the second half; the pairs are interleaved (even/odd columns).",
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
_add(C, "angles-converted-from-degrees",
     "Treated the angles as degrees and converted them with `np.radians`; position times frequency is already in radians.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = np.radians(positions * freqs)
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')
_add(C, "base-1000",
     "Typed the base as 1000 instead of 10000 in the frequencies.",
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
_add(C, "exp-form-without-log",
     "Used the exp form of the frequencies but left out ln(10000): omega_i = exp(-2i * ln(10000) / d_model), not exp(-2i / d_model).",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = np.exp(-np.arange(0, d_model, 2) / d_model)
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')
_add(C, "exponent-over-number-of-pairs",
     "Divided 2i by the number of pairs, d_model // 2, instead of by d_model, so the frequencies fall twice as fast: omega_i = 10000 ** (-2i / d_model).",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / (d_model // 2))
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')
_add(C, "added-instead-of-multiplied",
     "Combined positions and frequencies with `+` as in the broadcasting example; the angle is position times frequency.",
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
_add(C, "sine-copied-into-odd-columns",
     "Copy-pasted the sine line for the odd columns and left `np.sin`: the odd columns take `np.cos(angles)`.",
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
_add(C, "cosines-never-filled",
     "Filled the sines and forgot the cosine line, so the odd columns stay at zero.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    return table
''')
_add(C, "returned-the-angles",
     "Returned the (seq_len, d_model // 2) angles instead of the filled table.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return angles
''')
_add(C, "exponents-spread-to-exactly-one",
     "Spread the exponents evenly from 0 to exactly 1 with linspace, as if the slowest pair's frequency were exactly 1/10000; they are 2i/d_model and stop short of 1.",
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
_add(C, "odd-column-exponents",
     "Took the exponents from the odd column numbers (`np.arange(1, d_model, 2)`); pair i uses 2i = 0, 2, 4, ...",
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
_add(C, "scaled-by-sqrt-d-model",
     "Mixed in the paper's other step, scaling the word embeddings by sqrt(d_model), and scaled the position table with it; the table itself is plain sines and cosines.",
     '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table * np.sqrt(d_model)
''')
_add(C, "extra-two-pi",
     "Read omega as turns per position and multiplied the angles by 2*pi; omega is already in radians per position.",
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
_add(C, "returned-transposed-table",
     "Returned `table.T`, thinking of one column per position; the table has one row per position, shape (seq_len, d_model).",
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


# ---------------------------------------------------------------------------------------------
C = "check_wavelength"
_add(C, "forgot-two-pi",
     "Took 1 / omega as the wavelength and forgot that a full turn is 2*pi radians: 2*pi / omega.",
     '''
my_wavelength = 1 / 10000.0 ** (-2 * 12 / 48)
''')
_add(C, "returned-the-frequency",
     "Returned omega_12 itself (radians per position) instead of the wavelength 2*pi / omega_12.",
     '''
my_wavelength = 10000.0 ** (-2 * 12 / 48)
''')
_add(C, "positive-exponent",
     "Dropped the minus sign in omega's exponent, so omega came out as 100 instead of 1/100.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (2 * 12 / 48)
''')
_add(C, "i-instead-of-2i",
     "Used i = 12 in the exponent instead of 2i = 24: omega_12 = 10000 ** (-24 / 48).",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-12 / 48)
''')
_add(C, "full-turn-in-degrees",
     "Used 360 for a full turn; omega is in radians, so a full turn is 2*pi.",
     '''
my_wavelength = 360 / 10000.0 ** (-2 * 12 / 48)
''')
_add(C, "half-turn-pi",
     "Used pi for a full turn; pi is half a turn, a full one is 2*pi.",
     '''
my_wavelength = np.pi / 10000.0 ** (-2 * 12 / 48)
''')
_add(C, "floor-division-in-exponent",
     "Wrote `//` in the exponent, so -24 // 48 floors to -1 instead of -0.5: use `/`.",
     '''
my_wavelength = 2 * np.pi / 10000 ** (-2 * 12 // 48)
''')
_add(C, "exponent-not-parenthesised",
     "Left out the brackets around the exponent, so `10000.0 ** -2 * 12 / 48` raises 10000 to -2 and multiplies afterwards: write `10000.0 ** (-2 * 12 / 48)`.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** -2 * 12 / 48
''')
_add(C, "minus-one-half-not-parenthesised",
     "Typed the hint's 10000^(-1/2) as `10000.0 ** -1/2`, which is 10000^-1 divided by 2: write `10000.0 ** (-1 / 2)`.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** -1/2
''')
_add(C, "pairs-counted-from-one",
     "Counted the pairs from 1 and used index 11 for pair 12; pairs are numbered from 0, so pair 12 has i = 12.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-2 * 11 / 48)
''')
_add(C, "base-e-instead-of-10000",
     "Wrote the power as `np.exp`, i.e. with base e instead of base 10000: omega = 10000 ** (-2i / d_model).",
     '''
my_wavelength = 2 * np.pi / np.exp(-2 * 12 / 48)
''')
_add(C, "frequency-in-turns",
     "Computed omega / (2*pi), the turns per position, upside down from the wavelength 2*pi / omega.",
     '''
my_wavelength = 10000.0 ** (-2 * 12 / 48) / (2 * np.pi)
''')
_add(C, "paper-d-model-512",
     "Used the paper's d_model = 512 instead of this table's d_model = 48.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-2 * 12 / 512)
''')
_add(C, "base-1000",
     "Typed the base as 1000 instead of 10000.",
     '''
my_wavelength = 2 * np.pi / 1000.0 ** (-2 * 12 / 48)
''')
_add(C, "cosine-column-index",
     "Used the cosine column's number 2i + 1 = 25 in the exponent; both columns of pair i share the exponent 2i / d_model.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-(2 * 12 + 1) / 48)
''')
_add(C, "misread-as-i-over-2d",
     "Misread 2i/d_model as i/(2 d_model), giving exponent -12/96 instead of -24/48.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-12 / (2 * 48))
''')
_add(C, "pair-and-width-swapped",
     "Swapped the pair number and the width in the exponent (-2 * 48 / 12); it is -2 * 12 / 48.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-2 * 48 / 12)
''')


# ---------------------------------------------------------------------------------------------
C = "check_offset_rotation"
_add(C, "textbook-rotation-block",
     "Used the textbook rotation [[c, -s], [s, c]] (the block RoPE needs); for this table's (sin, cos) pairs the block is [[c, s], [-s, c]].",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)   # (d_model // 2,)
    M = np.zeros((d_model, d_model))                           # (d_model, d_model)
    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, -s], [s, c]]
    return M
''')
_add(C, "blocks-at-i-not-2i",
     "Placed pair i's block at rows and columns i, i + 1, so the blocks overlap; pair i occupies 2i and 2i + 1.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[i : i + 2, i : i + 2] = [[c, s], [-s, c]]
    return M
''')
_add(C, "cosines-only-on-diagonal",
     "Put cos(k w) on the diagonal and left out the sines, so the pairs are scaled, not turned: each block also needs its s and -s.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(freqs):
        M[2 * i, 2 * i] = np.cos(k * w)
        M[2 * i + 1, 2 * i + 1] = np.cos(k * w)
    return M
''')
_add(C, "angle-k-without-frequency",
     "Turned every pair by k radians, forgetting its frequency: the angle is k * w.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(freqs):
        c, s = np.cos(k), np.sin(k)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')
_add(C, "angle-w-without-offset",
     "Used the angle w, one position's turn, instead of k * w: the offset k multiplies the frequency.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(freqs):
        c, s = np.cos(w), np.sin(w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')
_add(C, "minus-sign-dropped",
     "Left out the minus sign on the lower sine: the block is [[c, s], [-s, c]].",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [s, c]]
    return M
''')
_add(C, "sin-and-cos-swapped-in-block",
     "Swapped the roles of sin and cos in the block ([[s, c], [-c, s]]); cos(k w) sits on the diagonal.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[s, c], [-c, s]]
    return M
''')
_add(C, "offset-as-absolute-distance",
     "Took the offset as a distance, |k|, so a negative k turns the same way as a positive one: use k as it is.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(freqs):
        c, s = np.cos(abs(k) * w), np.sin(abs(k) * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')
_add(C, "return-inside-the-loop",
     "Indented `return M` inside the loop, so only the first pair's block is filled.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
        return M
''')
_add(C, "own-frequency-without-the-2",
     "Recomputed each pair's frequency in the loop as 10000 ** (-i / d_model), with i instead of 2i; use `freqs[i]`.",
     '''
def my_offset_rotation(k, d_model):
    M = np.zeros((d_model, d_model))
    for i in range(d_model // 2):
        w = 10000.0 ** (-i / d_model)
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')
_add(C, "last-pair-missed",
     "Looped over `range(d_model // 2 - 1)`, one pair short, so the last block stays zero.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    M = np.zeros((d_model, d_model))
    for i in range(d_model // 2 - 1):
        c, s = np.cos(k * freqs[i]), np.sin(k * freqs[i])
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')
_add(C, "extra-two-pi",
     "Multiplied the angle by 2*pi as if w counted turns; w is already in radians per position, so the angle is k * w.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(freqs):
        c, s = np.cos(2 * np.pi * k * w), np.sin(2 * np.pi * k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')
_add(C, "typo-in-entry-by-entry-fill",
     "Filled the block one entry at a time and wrote s instead of c in the bottom-right corner.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i, 2 * i] = c
        M[2 * i, 2 * i + 1] = s
        M[2 * i + 1, 2 * i] = -s
        M[2 * i + 1, 2 * i + 1] = s
    return M
''')
_add(C, "halves-layout-pairs",
     "Paired dimension i with i + d_model/2 (the halves layout of lesson 05); this table interleaves its pairs, at 2i and 2i + 1.",
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
_add(C, "vector-assigned-to-whole-subgrid",
     "Vectorised with `M[0::2, 0::2] = c`, which broadcasts the vector over the whole sub-grid, not just its diagonal: each pair needs its own block (a loop or np.diag).",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    M = np.zeros((d_model, d_model))
    c, s = np.cos(k * freqs), np.sin(k * freqs)
    M[0::2, 0::2] = c
    M[0::2, 1::2] = s
    M[1::2, 0::2] = -s
    M[1::2, 1::2] = c
    return M
''')
_add(C, "divided-by-frequency",
     "Wrote the angle as k / w, like the paper's pos / 10000^(2i/d), while w is already the frequency: the angle is k * w.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(freqs):
        c, s = np.cos(k / w), np.sin(k / w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')
_add(C, "angle-converted-from-degrees",
     "Converted k * w with `np.radians` as if it were in degrees; it is already in radians.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(freqs):
        angle = np.radians(k * w)
        c, s = np.cos(angle), np.sin(angle)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')


# ---------------------------------------------------------------------------------------------
C = "check_cosine_similarity"
_add(C, "no-division",
     "Returned the dot products without dividing by the lengths of the two rows.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    return dots
''')
_add(C, "divided-by-one-length",
     "Divided by `lengths` alone, which broadcasts along the last axis and divides by |table[q]| only; entry [p, q] needs |table[p]| * |table[q]|.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = np.linalg.norm(table, axis=1)
    return dots / lengths
''')
_add(C, "squared-length-of-row-p",
     "Divided by |table[p]| squared, as if both rows had row p's length; divide by |table[p]| * |table[q]|.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = np.linalg.norm(table, axis=1)
    return dots / lengths[:, None] ** 2
''')
_add(C, "norm-of-whole-table",
     "Called `np.linalg.norm(table)` without `axis=1`, which gives one number for the whole table instead of each row's length.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    length = np.linalg.norm(table)
    return dots / (length * length)
''')
_add(C, "lengths-added",
     "Combined the two lengths with `+` instead of `*`: the denominator is |table[p]| * |table[q]|.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = np.linalg.norm(table, axis=1)
    return dots / (lengths[:, None] + lengths[None, :])
''')
_add(C, "length-without-sqrt",
     "Took a row's length as its sum of squares and forgot the square root: `np.linalg.norm(table, axis=1)`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = (table ** 2).sum(axis=1)
    return dots / np.outer(lengths, lengths)
''')
_add(C, "len-as-length",
     "Took a row's 'length' to be its number of entries, `len(row)`, instead of its Euclidean norm.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = np.array([len(row) for row in table])
    return dots / np.outer(lengths, lengths)
''')
_add(C, "scaled-by-the-maximum",
     "Divided every dot product by the largest one, which gives the matrix a maximum of 1 but not the cosine of each pair.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    return dots / dots.max()
''')
_add(C, "dot-of-lengths-not-outer",
     "Used `lengths @ lengths`, a single number, where every pair needs its own product: `np.outer(lengths, lengths)`.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = np.linalg.norm(table, axis=1)
    return dots / (lengths @ lengths)
''')
_add(C, "elementwise-lengths-product",
     "Wrote `lengths * lengths` (element-wise, shape (seq_len,)), which broadcasts as |table[q]|^2 for every row; the outer product pairs p with q.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = np.linalg.norm(table, axis=1)
    return dots / (lengths * lengths)
''')
_add(C, "normalised-columns",
     "Normalised the table with `axis=0`, making each column unit length instead of each row.",
     '''
def my_cosine_similarity(table):
    unit = table / np.linalg.norm(table, axis=0)
    return unit @ unit.T
''')
_add(C, "returned-cosine-distance",
     "Returned 1 minus the cosine (a distance), not the cosine similarity itself.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = np.linalg.norm(table, axis=1)
    return 1 - dots / np.outer(lengths, lengths)
''')
_add(C, "returned-the-angle",
     "Took `np.arccos` of the cosine and returned the angle between the rows; the exercise wants the cosine.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = np.linalg.norm(table, axis=1)
    return np.arccos(np.clip(dots / np.outer(lengths, lengths), -1, 1))
''')
_add(C, "correlation-instead-of-cosine",
     "Used `np.corrcoef`, which subtracts each row's mean first; the cosine uses the rows as they are.",
     '''
def my_cosine_similarity(table):
    return np.corrcoef(table)
''')
_add(C, "l1-norm",
     "Measured the rows' lengths with `ord=1` (sum of absolute values); the length is the Euclidean norm, the default.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = np.linalg.norm(table, axis=1, ord=1)
    return dots / np.outer(lengths, lengths)
''')
_add(C, "absolute-value-taken",
     "Took the absolute value, thinking a similarity cannot be negative; opposite rows have cosine -1.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = np.linalg.norm(table, axis=1)
    return np.abs(dots / np.outer(lengths, lengths))
''')
_add(C, "rounded-like-the-printouts",
     "Rounded the result to 2 decimals as the lesson's printouts do, so it no longer matches to the checker's precision.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = np.linalg.norm(table, axis=1)
    return (dots / np.outer(lengths, lengths)).round(2)
''')


# ---------------------------------------------------------------------------------------------
C = "check_apply_rope"
_add(C, "turned-the-wrong-way",
     "Flipped the signs of the sine terms, turning each pair by minus its angle: new first = first*cos - second*sin, new second = first*sin + second*cos.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)          # (d_head // 2,)
    angles = np.asarray(positions)[:, None] * thetas                 # (seq_len, d_head // 2)
    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) + second * np.sin(angles)
    out[:, 1::2] = -first * np.sin(angles) + second * np.cos(angles)
    return out
''')
_add(C, "out-aliases-x",
     "Wrote `out = x`, which does not copy: the first line overwrites the views `first`, so the second line uses the already-turned values. Use `out = np.empty_like(x)`.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)
    angles = np.asarray(positions)[:, None] * thetas
    first, second = x[:, 0::2], x[:, 1::2]
    out = x
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return out
''')
_add(C, "mutates-the-input",
     "Wrote the turned pairs back into x and returned it, changing the caller's array; build a new array with `np.empty_like(x)`.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)
    angles = np.asarray(positions)[:, None] * thetas
    first, second = x[:, 0::2].copy(), x[:, 1::2].copy()
    x[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    x[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return x
''')
_add(C, "halves-layout",
     "Paired dimension i with i + d_head/2 (the halves layout); this exercise uses interleaved pairs (2i, 2i + 1).",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)
    angles = np.asarray(positions)[:, None] * thetas
    h = d_head // 2
    first, second = x[:, :h], x[:, h:]
    out = np.empty_like(x)
    out[:, :h] = first * np.cos(angles) - second * np.sin(angles)
    out[:, h:] = first * np.sin(angles) + second * np.cos(angles)
    return out
''')
_add(C, "first-and-second-swapped",
     "Took the odd columns as the first of each pair and the even ones as the second; first is `x[:, 0::2]`.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)
    angles = np.asarray(positions)[:, None] * thetas
    first, second = x[:, 1::2], x[:, 0::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return out
''')
_add(C, "ignored-positions-argument",
     "Used the row numbers `np.arange(len(x))` as positions instead of the `positions` passed in, which may be scattered.",
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
_add(C, "sin-and-cos-swapped",
     "Swapped cos and sin in both lines; the new first is first*cos - second*sin.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)
    angles = np.asarray(positions)[:, None] * thetas
    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.sin(angles) - second * np.cos(angles)
    out[:, 1::2] = first * np.cos(angles) + second * np.sin(angles)
    return out
''')
_add(C, "second-left-unturned",
     "Started from a copy and updated only the first of each pair; the second also changes: first*sin + second*cos.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)
    angles = np.asarray(positions)[:, None] * thetas
    first, second = x[:, 0::2], x[:, 1::2]
    out = x.copy()
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    return out
''')
_add(C, "same-formula-both-lines",
     "Copy-pasted the first line's formula for the second; the new second is first*sin + second*cos.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)
    angles = np.asarray(positions)[:, None] * thetas
    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = first * np.cos(angles) - second * np.sin(angles)
    return out
''')
_add(C, "scaled-by-cosine-only",
     "Multiplied each dimension by the cosine of its pair's angle and left out the sine terms that mix the two dimensions of a pair.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)
    angles = np.asarray(positions)[:, None] * thetas
    return x * np.repeat(np.cos(angles), 2, axis=1)
''')
_add(C, "added-like-sinusoidal",
     "Added sin and cos of the angles to the pairs, as the sinusoidal table does; RoPE turns each pair instead of adding to it.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)
    angles = np.asarray(positions)[:, None] * thetas
    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first + np.sin(angles)
    out[:, 1::2] = second + np.cos(angles)
    return out
''')
_add(C, "angles-converted-from-degrees",
     "Passed the angles through `np.radians` as if they were degrees; position times theta is already in radians.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)
    angles = np.radians(np.asarray(positions)[:, None] * thetas)
    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return out
''')
_add(C, "loop-misses-last-pair",
     "Looped over `range(d_head // 2 - 1)`, one pair short, so the last pair is never turned.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)
    angles = np.asarray(positions)[:, None] * thetas
    out = x.copy()
    for i in range(d_head // 2 - 1):
        a, b = x[:, 2 * i], x[:, 2 * i + 1]
        c, s = np.cos(angles[:, i]), np.sin(angles[:, i])
        out[:, 2 * i] = a * c - b * s
        out[:, 2 * i + 1] = a * s + b * c
    return out
''')
_add(C, "result-written-as-halves",
     "Read the interleaved pairs correctly but returned the new firsts and seconds concatenated side by side; they go back into columns 0::2 and 1::2.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)
    angles = np.asarray(positions)[:, None] * thetas
    first, second = x[:, 0::2], x[:, 1::2]
    new_first = first * np.cos(angles) - second * np.sin(angles)
    new_second = first * np.sin(angles) + second * np.cos(angles)
    return np.concatenate([new_first, new_second], axis=1)
''')
_add(C, "stacked-on-wrong-axis-then-reshaped",
     "Interleaved with `np.stack([...], axis=0).reshape(x.shape)`, which does not put each pair side by side; stack on the last axis (axis=-1) before reshaping.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)
    angles = np.asarray(positions)[:, None] * thetas
    first, second = x[:, 0::2], x[:, 1::2]
    new_first = first * np.cos(angles) - second * np.sin(angles)
    new_second = first * np.sin(angles) + second * np.cos(angles)
    return np.stack([new_first, new_second], axis=0).reshape(x.shape)
''')
_add(C, "complex-result-not-split",
     "Turned the pairs as complex numbers but returned the (seq_len, d_head // 2) complex array instead of putting real and imaginary parts back into the columns.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)
    angles = np.asarray(positions)[:, None] * thetas
    z = x[:, 0::2] + 1j * x[:, 1::2]
    return z * np.exp(1j * angles)
''')


# ---------------------------------------------------------------------------------------------
C = "check_alibi_slopes"
_add(C, "paper-text-rule-for-all",
     "Used the paper's text rule 2^(-8h/n) for every head count; for a count that is not a power of two the authors' code combines c and 2c heads.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)
    return power_of_two(num_heads)
''')
_add(C, "heads-counted-from-zero",
     "Numbered the heads from 0 in power_of_two, so the first slope is 2^0 = 1; h runs from 1 to n: `np.arange(1, n + 1)`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(n) / n)
    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')
_add(C, "positive-exponent",
     "Left out the minus sign, so the slopes grow as 2^(8h/n); they shrink: 2^(-8h/n).",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (8 * np.arange(1, n + 1) / n)
    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')
_add(C, "odd-indices-of-2c",
     "Took the extra slopes at indices 1, 3, 5, ... (`[1::2]`), which repeat the slopes of c heads; the code takes `[0::2]`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)
    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[1::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')
_add(C, "no-stride-on-2c",
     "Took the first n - c slopes of 2c heads without skipping every other one; the rule takes `[0::2]` first.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)
    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')
_add(C, "extras-taken-from-the-end",
     "Took the last n - c of the every-other slopes instead of the first n - c: `[: num_heads - c]`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)
    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][-(num_heads - c):]
    return np.concatenate([power_of_two(c), extra])
''')
_add(C, "rounded-up-and-truncated",
     "Rounded the head count up to the next power of two and kept the first n slopes; the rule starts from the largest power of two at most n.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)
    c = 2 ** int(np.ceil(np.log2(num_heads)))
    return power_of_two(c)[:num_heads]
''')
_add(C, "log2-rounded-not-floored",
     "Found c with `round(np.log2(n))`, which rounds 12 up to 16; the largest power of two at most n needs the floor: `int(np.log2(n))`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)
    c = 2 ** round(np.log2(num_heads))
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')
_add(C, "sorted-into-decreasing-order",
     "Sorted the slopes so they decrease from head to head; the code keeps the c slopes first, then the extras, unsorted.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)
    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.sort(np.concatenate([power_of_two(c), extra]))[::-1]
''')
_add(C, "extras-put-first",
     "Concatenated the extra slopes before the c slopes; the c slopes of `power_of_two(c)` come first.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)
    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([extra, power_of_two(c)])
''')
_add(C, "every-other-of-c-not-2c",
     "Took every other slope of c heads instead of 2c heads for the extras: `power_of_two(2 * c)[0::2]`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)
    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')
_add(C, "floor-division-in-exponent",
     "Wrote `//` in the exponent, so -8h/n is floored to an integer: use `/`.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) // n)
    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')
_add(C, "bit-length-without-minus-one",
     "Wrote `1 << num_heads.bit_length()` without the `- 1`, which is the next power of two above n, not the largest one at most n.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)
    c = 1 << num_heads.bit_length()
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')
_add(C, "returned-the-exponents",
     "Returned the exponents 8h/n (as the lesson prints them) instead of the slopes 2^(-8h/n).",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 8 * np.arange(1, n + 1) / n
    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')
_add(C, "exponent-not-parenthesised",
     "Wrote `2.0 ** -8 * h / n` without brackets, which is 2^-8 times h/n: put the whole exponent in brackets.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** -8 * np.arange(1, n + 1) / n
    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')
_add(C, "halving-from-the-8-head-example",
     "Generalised the 8-head example (1/2, 1/4, ..., 1/256) as 'each head halves the slope'; the ratio is 2^(-8/n), which is 1/2 only for 8 heads.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 0.5 ** np.arange(1, n + 1)
    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')
_add(C, "exponent-used-as-the-count",
     "Took c = int(np.log2(n)), the exponent, and forgot to raise 2 to it: c = 2 ** int(np.log2(n)).",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)
    c = int(np.log2(num_heads))
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')


# ---------------------------------------------------------------------------------------------
C = "check_alibi_bias"
_add(C, "missing-minus-sign",
     "Left out the minus sign, so far keys get a bonus instead of a penalty: `-slopes[:, None, None] * distance`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)                        # (num_heads,)
    i = np.arange(seq_len)[:, None]                                # (seq_len, 1)
    j = np.arange(seq_len)[None, :]                                # (1, seq_len)
    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)   # (seq_len, seq_len)
    return slopes[:, None, None] * distance
''')
_add(C, "offset-j-minus-i",
     "Measured the causal distance as j - i, so the penalty lands above the diagonal and the past keys get none: use i - j.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)
    i = np.arange(seq_len)[:, None]
    j = np.arange(seq_len)[None, :]
    distance = np.maximum(j - i, 0) if causal else np.abs(i - j)
    return -slopes[:, None, None] * distance
''')
_add(C, "upper-part-not-clipped",
     "Used i - j for the causal case without `np.maximum(..., 0)`, leaving negative offsets (a positive bias) above the diagonal.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)
    i = np.arange(seq_len)[:, None]
    j = np.arange(seq_len)[None, :]
    distance = (i - j) if causal else np.abs(i - j)
    return -slopes[:, None, None] * distance
''')
_add(C, "causal-flag-ignored-abs",
     "Ignored `causal` and always used |i - j|, so the causal bias is not 0 above the diagonal.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)
    i = np.arange(seq_len)[:, None]
    j = np.arange(seq_len)[None, :]
    distance = np.abs(i - j)
    return -slopes[:, None, None] * distance
''')
_add(C, "causal-flag-ignored-clipped",
     "Ignored `causal` and always used the causal distance, so the encoder's later keys get no penalty; with causal=False use |i - j|.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)
    i = np.arange(seq_len)[:, None]
    j = np.arange(seq_len)[None, :]
    distance = np.maximum(i - j, 0)
    return -slopes[:, None, None] * distance
''')
_add(C, "branches-swapped",
     "Swapped the two cases: |i - j| for causal and the clipped i - j for the encoder.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)
    i = np.arange(seq_len)[:, None]
    j = np.arange(seq_len)[None, :]
    distance = np.abs(i - j) if causal else np.maximum(i - j, 0)
    return -slopes[:, None, None] * distance
''')
_add(C, "heads-on-the-last-axis",
     "Broadcast the slopes along the last axis, giving shape (seq_len, seq_len, num_heads); heads go first: `slopes[:, None, None]`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)
    i = np.arange(seq_len)[:, None]
    j = np.arange(seq_len)[None, :]
    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)
    return -distance[:, :, None] * slopes[None, None, :]
''')
_add(C, "divided-by-the-slope",
     "Divided the distance by the slope, reading m as a length scale; the bias is the slope times the distance.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)
    i = np.arange(seq_len)[:, None]
    j = np.arange(seq_len)[None, :]
    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)
    return -distance / slopes[:, None, None]
''')
_add(C, "squared-distance",
     "Squared the offset; ALiBi's penalty grows linearly with the distance.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)
    i = np.arange(seq_len)[:, None]
    j = np.arange(seq_len)[None, :]
    distance = np.maximum(i - j, 0) ** 2 if causal else (i - j) ** 2
    return -slopes[:, None, None] * distance
''')
_add(C, "distance-normalised-by-length",
     "Divided the distances by seq_len to keep them in [0, 1]; the penalty uses the raw offset in positions.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)
    i = np.arange(seq_len)[:, None]
    j = np.arange(seq_len)[None, :]
    distance = (np.maximum(i - j, 0) if causal else np.abs(i - j)) / seq_len
    return -slopes[:, None, None] * distance
''')
_add(C, "minus-infinity-above-diagonal",
     "Put -inf above the diagonal, doing the causal mask's job inside the bias; the bias is 0 there and the mask hides those keys.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)
    i = np.arange(seq_len)[:, None]
    j = np.arange(seq_len)[None, :]
    distance = np.where(j > i, np.inf, i - j) if causal else np.abs(i - j)
    return -slopes[:, None, None] * distance
''')
_add(C, "triu-instead-of-tril",
     "Zeroed the wrong triangle with `np.triu(i - j)`, keeping the negative offsets above the diagonal and dropping the past; use `np.tril` or `np.maximum(i - j, 0)`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)
    i = np.arange(seq_len)[:, None]
    j = np.arange(seq_len)[None, :]
    distance = np.triu(i - j) if causal else np.abs(i - j)
    return -slopes[:, None, None] * distance
''')
_add(C, "heads-in-reverse-order",
     "Reversed the slopes (`slopes[::-1]`), so the first head gets the gentlest slope; head h takes `slopes[h]`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)[::-1]
    i = np.arange(seq_len)[:, None]
    j = np.arange(seq_len)[None, :]
    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)
    return -slopes[:, None, None] * distance
''')
_add(C, "distance-counted-from-one",
     "Counted the distance from 1, so a query's own key is already penalised; the distance to itself is 0.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)
    i = np.arange(seq_len)[:, None]
    j = np.arange(seq_len)[None, :]
    distance = (np.maximum(i - j, 0) if causal else np.abs(i - j)) + 1
    return -slopes[:, None, None] * distance
''')
_add(C, "outer-flattens-the-matrix",
     "Used `np.outer(slopes, distance)`, which flattens the matrix and returns shape (num_heads, seq_len * seq_len); use `slopes[:, None, None] * distance`.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)
    i = np.arange(seq_len)[:, None]
    j = np.arange(seq_len)[None, :]
    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)
    return -np.outer(slopes, distance)
''')
_add(C, "logarithmic-distance",
     "Took the log of the distance, mixing in T5's logarithmic buckets; ALiBi's penalty is linear in the distance.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)
    i = np.arange(seq_len)[:, None]
    j = np.arange(seq_len)[None, :]
    distance = np.log1p(np.maximum(i - j, 0) if causal else np.abs(i - j))
    return -slopes[:, None, None] * distance
''')
_add(C, "slopes-left-out",
     "Stacked the same distance matrix for every head, forgetting to multiply by each head's slope.",
     '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)
    i = np.arange(seq_len)[:, None]
    j = np.arange(seq_len)[None, :]
    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)
    return -np.stack([distance] * num_heads).astype(float)
''')


# ---------------------------------------------------------------------------------------------
C = "check_scheme_layer"
_add(C, "rope-also-turns-values",
     "Turned the values too; RoPE turns only the queries and the keys, `v` stays as it is.",
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
_add(C, "rope-on-queries-only",
     "Turned the queries but not the keys; the score depends only on the offset when both q and k are turned.",
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
_add(C, "rope-on-word-vectors",
     "Turned the word vectors x before the projections instead of the queries and keys after them.",
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
_add(C, "sinusoidal-added-after-projection",
     "Added the sinusoidal rows to q, k and v after the projections; they are added to the word vectors x, before them.",
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
    if scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    if scheme == "sinusoidal":
        table = posenc.sinusoidal(n, x.shape[1])
        q, k, v = q + table, k + table, v + table
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')
_add(C, "learned-last-rows",
     "Took the last n rows of the learned table; position p uses row p, so take the first n: `parts['table'][:n]`.",
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
        x = x + parts["table"][-n:]
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
_add(C, "learned-rows-replace-words",
     "Replaced the word vectors by the learned rows instead of adding them, so the words themselves are lost.",
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
        x = parts["table"][:n]
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
_add(C, "sinusoidal-multiplied",
     "Multiplied the word vectors by the sinusoidal rows instead of adding them.",
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
_add(C, "sinusoidal-uses-learned-rows",
     "Grouped the two input schemes in one branch and added the learned table for both; sinusoidal adds `posenc.sinusoidal(n, d_model)`.",
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
    if scheme == "sinusoidal" or scheme == "learned":
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
_add(C, "misspelled-scheme-name",
     "Compared with the misspelled name 'sinusoid', so the sinusoidal scheme silently falls through to no positions: test `scheme == 'sinusoidal'`.",
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
    if scheme == "sinusoid":
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
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')
_add(C, "alibi-bias-positive",
     "Left out the minus sign on the ALiBi bias, so far words get a bonus; the bias is -ALIBI_SLOPE * |i - j|.",
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
_add(C, "alibi-without-abs",
     "Used the signed offset i - j, so later words get a bonus in the bidirectional layer: take `np.abs(i - j)`.",
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
        bias = -capstone.ALIBI_SLOPE * (i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')
_add(C, "alibi-slope-forgotten",
     "Used -|i - j| without the slope; the bias is `-capstone.ALIBI_SLOPE * np.abs(i - j)`.",
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
        bias = -np.abs(i[:, None] - i[None, :]).astype(float)
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')
_add(C, "alibi-causal-form-always",
     "Used the causal form max(i - j, 0) even without the mask, so the bidirectional layer does not penalise later words.",
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
_add(C, "alibi-slope-from-head-rule",
     "Took the slope from `posenc.alibi_slopes(1)` (the head rule of lesson 06) instead of the layer's `capstone.ALIBI_SLOPE`.",
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
_add(C, "causal-flag-ignored",
     "Never passed the mask, so `causal=True` changes nothing: `mask = posenc.causal_mask(n) if causal else None`.",
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
    mask = None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')
_add(C, "mask-always-applied",
     "Applied the causal mask whatever the flag, so the bidirectional layer cannot see later words.",
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
     "Transposed the causal mask (rows are queries, columns keys), so each word sees the later words and not the earlier ones.",
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
_add(C, "returned-outputs-only",
     "Returned only the outputs (`[0]`); the layer returns what `posenc.attention` returns, the outputs and the weights.",
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
_add(C, "words-scaled-by-sqrt-d-model",
     "Mixed in the paper's scaling of the embeddings by sqrt(d_model) before adding the sinusoidal rows; this layer adds the rows to the vectors as they are.",
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
    if scheme == "sinusoidal":
        x = x * np.sqrt(x.shape[1]) + posenc.sinusoidal(n, x.shape[1])
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
_add(C, "values-made-before-positions",
     "Computed v from the word vectors before adding the position rows, so only queries and keys carry positions; add the rows to x first, then make q, k and v.",
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
    v = x @ w_v
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k = x @ w_q, x @ w_k
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)
    bias = None
    if scheme == "alibi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')


# ---------------------------------------------------------------------------------------------
C = "check_comparison_table"
_add(C, "sinusoidal-called-relative",
     "Took lesson 03's offset matrix M_k to mean the sinusoidal table is relative; it adds each position's own row at the input, so it is absolute.",
     '''
my_table = {scheme: dict(row) for scheme, row in blank.items()}  # start from the template
my_table["sinusoidal"]["absolute or relative"] = "relative"
my_table["sinusoidal"]["where it acts"] = "added to the input"
my_table["sinusoidal"]["trained position parameters"] = "none"
my_table["sinusoidal"]["past the training length"] = "runs on positions or angles never trained"
my_table["sinusoidal"]["used by"] = "the original Transformer"
my_table["learned"]["absolute or relative"] = "absolute"
my_table["learned"]["where it acts"] = "added to the input"
my_table["learned"]["trained position parameters"] = "one row per position"
my_table["learned"]["past the training length"] = "stops at its last row: nothing to look up past it"
my_table["learned"]["used by"] = "BERT, GPT-2"
my_table["T5 bias"]["absolute or relative"] = "relative"
my_table["T5 bias"]["where it acts"] = "added to the scores"
my_table["T5 bias"]["trained position parameters"] = "one scalar per bucket and head"
my_table["T5 bias"]["past the training length"] = "runs: far offsets share the last trained bucket"
my_table["T5 bias"]["used by"] = "T5"
my_table["RoPE"]["absolute or relative"] = "relative"
my_table["RoPE"]["where it acts"] = "turns queries and keys"
my_table["RoPE"]["trained position parameters"] = "none"
my_table["RoPE"]["past the training length"] = "runs on positions or angles never trained"
my_table["RoPE"]["used by"] = "Llama, Mistral"
my_table["ALiBi"]["absolute or relative"] = "relative"
my_table["ALiBi"]["where it acts"] = "added to the scores"
my_table["ALiBi"]["trained position parameters"] = "none"
my_table["ALiBi"]["past the training length"] = "runs: far keys just get a larger penalty"
my_table["ALiBi"]["used by"] = "BLOOM, MPT"
''')
_add(C, "rope-called-absolute",
     'Because each query and key is turned by its own position, called RoPE absolute; its scores depend only on the offset m - n, so it is relative.',
     '''
my_table = {scheme: dict(row) for scheme, row in blank.items()}  # start from the template
my_table["sinusoidal"]["absolute or relative"] = 1
my_table["sinusoidal"]["where it acts"] = 1
my_table["sinusoidal"]["trained position parameters"] = 1
my_table["sinusoidal"]["past the training length"] = 2
my_table["sinusoidal"]["used by"] = 1
my_table["learned"]["absolute or relative"] = 1
my_table["learned"]["where it acts"] = 1
my_table["learned"]["trained position parameters"] = 2
my_table["learned"]["past the training length"] = 1
my_table["learned"]["used by"] = 2
my_table["T5 bias"]["absolute or relative"] = 2
my_table["T5 bias"]["where it acts"] = 3
my_table["T5 bias"]["trained position parameters"] = 3
my_table["T5 bias"]["past the training length"] = 3
my_table["T5 bias"]["used by"] = 3
my_table["RoPE"]["absolute or relative"] = 1
my_table["RoPE"]["where it acts"] = 2
my_table["RoPE"]["trained position parameters"] = 1
my_table["RoPE"]["past the training length"] = 2
my_table["RoPE"]["used by"] = 4
my_table["ALiBi"]["absolute or relative"] = 2
my_table["ALiBi"]["where it acts"] = 3
my_table["ALiBi"]["trained position parameters"] = 1
my_table["ALiBi"]["past the training length"] = 4
my_table["ALiBi"]["used by"] = 5
''')
_add(C, "t5-called-absolute",
     "Read T5's buckets as buckets of positions; they are buckets of the offset between query and key, so T5's bias is relative.",
     '''
my_table = {scheme: dict(row) for scheme, row in blank.items()}  # start from the template
my_table["sinusoidal"]["absolute or relative"] = "absolute"
my_table["sinusoidal"]["where it acts"] = "added to the input"
my_table["sinusoidal"]["trained position parameters"] = "none"
my_table["sinusoidal"]["past the training length"] = "runs on positions or angles never trained"
my_table["sinusoidal"]["used by"] = "the original Transformer"
my_table["learned"]["absolute or relative"] = "absolute"
my_table["learned"]["where it acts"] = "added to the input"
my_table["learned"]["trained position parameters"] = "one row per position"
my_table["learned"]["past the training length"] = "stops at its last row: nothing to look up past it"
my_table["learned"]["used by"] = "BERT, GPT-2"
my_table["T5 bias"]["absolute or relative"] = "absolute"
my_table["T5 bias"]["where it acts"] = "added to the scores"
my_table["T5 bias"]["trained position parameters"] = "one scalar per bucket and head"
my_table["T5 bias"]["past the training length"] = "runs: far offsets share the last trained bucket"
my_table["T5 bias"]["used by"] = "T5"
my_table["RoPE"]["absolute or relative"] = "relative"
my_table["RoPE"]["where it acts"] = "turns queries and keys"
my_table["RoPE"]["trained position parameters"] = "none"
my_table["RoPE"]["past the training length"] = "runs on positions or angles never trained"
my_table["RoPE"]["used by"] = "Llama, Mistral"
my_table["ALiBi"]["absolute or relative"] = "relative"
my_table["ALiBi"]["where it acts"] = "added to the scores"
my_table["ALiBi"]["trained position parameters"] = "none"
my_table["ALiBi"]["past the training length"] = "runs: far keys just get a larger penalty"
my_table["ALiBi"]["used by"] = "BLOOM, MPT"
''')
_add(C, "rope-acts-on-scores",
     "Since RoPE ends up changing the scores, put it under 'added to the scores'; it acts by turning the queries and keys, and nothing is added.",
     '''
my_table = {scheme: dict(row) for scheme, row in blank.items()}  # start from the template
my_table["sinusoidal"]["absolute or relative"] = "absolute"
my_table["sinusoidal"]["where it acts"] = "added to the input"
my_table["sinusoidal"]["trained position parameters"] = "none"
my_table["sinusoidal"]["past the training length"] = "runs on positions or angles never trained"
my_table["sinusoidal"]["used by"] = "the original Transformer"
my_table["learned"]["absolute or relative"] = "absolute"
my_table["learned"]["where it acts"] = "added to the input"
my_table["learned"]["trained position parameters"] = "one row per position"
my_table["learned"]["past the training length"] = "stops at its last row: nothing to look up past it"
my_table["learned"]["used by"] = "BERT, GPT-2"
my_table["T5 bias"]["absolute or relative"] = "relative"
my_table["T5 bias"]["where it acts"] = "added to the scores"
my_table["T5 bias"]["trained position parameters"] = "one scalar per bucket and head"
my_table["T5 bias"]["past the training length"] = "runs: far offsets share the last trained bucket"
my_table["T5 bias"]["used by"] = "T5"
my_table["RoPE"]["absolute or relative"] = "relative"
my_table["RoPE"]["where it acts"] = "added to the scores"
my_table["RoPE"]["trained position parameters"] = "none"
my_table["RoPE"]["past the training length"] = "runs on positions or angles never trained"
my_table["RoPE"]["used by"] = "Llama, Mistral"
my_table["ALiBi"]["absolute or relative"] = "relative"
my_table["ALiBi"]["where it acts"] = "added to the scores"
my_table["ALiBi"]["trained position parameters"] = "none"
my_table["ALiBi"]["past the training length"] = "runs: far keys just get a larger penalty"
my_table["ALiBi"]["used by"] = "BLOOM, MPT"
''')
_add(C, "sinusoidal-turns-queries-keys",
     'Confused the sinusoidal table with its rotation property (lesson 03) and with RoPE: the table is added to the input, not used to turn queries and keys.',
     '''
my_table = {scheme: dict(row) for scheme, row in blank.items()}  # start from the template
my_table["sinusoidal"]["absolute or relative"] = 1
my_table["sinusoidal"]["where it acts"] = 2
my_table["sinusoidal"]["trained position parameters"] = 1
my_table["sinusoidal"]["past the training length"] = 2
my_table["sinusoidal"]["used by"] = 1
my_table["learned"]["absolute or relative"] = 1
my_table["learned"]["where it acts"] = 1
my_table["learned"]["trained position parameters"] = 2
my_table["learned"]["past the training length"] = 1
my_table["learned"]["used by"] = 2
my_table["T5 bias"]["absolute or relative"] = 2
my_table["T5 bias"]["where it acts"] = 3
my_table["T5 bias"]["trained position parameters"] = 3
my_table["T5 bias"]["past the training length"] = 3
my_table["T5 bias"]["used by"] = 3
my_table["RoPE"]["absolute or relative"] = 2
my_table["RoPE"]["where it acts"] = 2
my_table["RoPE"]["trained position parameters"] = 1
my_table["RoPE"]["past the training length"] = 2
my_table["RoPE"]["used by"] = 4
my_table["ALiBi"]["absolute or relative"] = 2
my_table["ALiBi"]["where it acts"] = 3
my_table["ALiBi"]["trained position parameters"] = 1
my_table["ALiBi"]["past the training length"] = 4
my_table["ALiBi"]["used by"] = 5
''')
_add(C, "sinusoidal-table-counted-as-trained",
     "Counted the sinusoidal table's rows as trained parameters because it is a table; its rows come from a formula, so it trains none.",
     '''
my_table = {scheme: dict(row) for scheme, row in blank.items()}  # start from the template
my_table["sinusoidal"]["absolute or relative"] = "absolute"
my_table["sinusoidal"]["where it acts"] = "added to the input"
my_table["sinusoidal"]["trained position parameters"] = "one row per position"
my_table["sinusoidal"]["past the training length"] = "runs on positions or angles never trained"
my_table["sinusoidal"]["used by"] = "the original Transformer"
my_table["learned"]["absolute or relative"] = "absolute"
my_table["learned"]["where it acts"] = "added to the input"
my_table["learned"]["trained position parameters"] = "one row per position"
my_table["learned"]["past the training length"] = "stops at its last row: nothing to look up past it"
my_table["learned"]["used by"] = "BERT, GPT-2"
my_table["T5 bias"]["absolute or relative"] = "relative"
my_table["T5 bias"]["where it acts"] = "added to the scores"
my_table["T5 bias"]["trained position parameters"] = "one scalar per bucket and head"
my_table["T5 bias"]["past the training length"] = "runs: far offsets share the last trained bucket"
my_table["T5 bias"]["used by"] = "T5"
my_table["RoPE"]["absolute or relative"] = "relative"
my_table["RoPE"]["where it acts"] = "turns queries and keys"
my_table["RoPE"]["trained position parameters"] = "none"
my_table["RoPE"]["past the training length"] = "runs on positions or angles never trained"
my_table["RoPE"]["used by"] = "Llama, Mistral"
my_table["ALiBi"]["absolute or relative"] = "relative"
my_table["ALiBi"]["where it acts"] = "added to the scores"
my_table["ALiBi"]["trained position parameters"] = "none"
my_table["ALiBi"]["past the training length"] = "runs: far keys just get a larger penalty"
my_table["ALiBi"]["used by"] = "BLOOM, MPT"
''')
_add(C, "alibi-slopes-counted-as-trained",
     "Counted ALiBi's one slope per head as trained parameters; the slopes are fixed by a formula, so ALiBi trains none.",
     '''
my_table = {scheme: dict(row) for scheme, row in blank.items()}  # start from the template
my_table["sinusoidal"]["absolute or relative"] = "absolute"
my_table["sinusoidal"]["where it acts"] = "added to the input"
my_table["sinusoidal"]["trained position parameters"] = "none"
my_table["sinusoidal"]["past the training length"] = "runs on positions or angles never trained"
my_table["sinusoidal"]["used by"] = "the original Transformer"
my_table["learned"]["absolute or relative"] = "absolute"
my_table["learned"]["where it acts"] = "added to the input"
my_table["learned"]["trained position parameters"] = "one row per position"
my_table["learned"]["past the training length"] = "stops at its last row: nothing to look up past it"
my_table["learned"]["used by"] = "BERT, GPT-2"
my_table["T5 bias"]["absolute or relative"] = "relative"
my_table["T5 bias"]["where it acts"] = "added to the scores"
my_table["T5 bias"]["trained position parameters"] = "one scalar per bucket and head"
my_table["T5 bias"]["past the training length"] = "runs: far offsets share the last trained bucket"
my_table["T5 bias"]["used by"] = "T5"
my_table["RoPE"]["absolute or relative"] = "relative"
my_table["RoPE"]["where it acts"] = "turns queries and keys"
my_table["RoPE"]["trained position parameters"] = "none"
my_table["RoPE"]["past the training length"] = "runs on positions or angles never trained"
my_table["RoPE"]["used by"] = "Llama, Mistral"
my_table["ALiBi"]["absolute or relative"] = "relative"
my_table["ALiBi"]["where it acts"] = "added to the scores"
my_table["ALiBi"]["trained position parameters"] = "one scalar per bucket and head"
my_table["ALiBi"]["past the training length"] = "runs: far keys just get a larger penalty"
my_table["ALiBi"]["used by"] = "BLOOM, MPT"
''')
_add(C, "rope-angles-counted-as-trained",
     "Thought RoPE's angles per position are a trained table; they are fixed by the formula, so RoPE trains no position parameters.",
     '''
my_table = {scheme: dict(row) for scheme, row in blank.items()}  # start from the template
my_table["sinusoidal"]["absolute or relative"] = 1
my_table["sinusoidal"]["where it acts"] = 1
my_table["sinusoidal"]["trained position parameters"] = 1
my_table["sinusoidal"]["past the training length"] = 2
my_table["sinusoidal"]["used by"] = 1
my_table["learned"]["absolute or relative"] = 1
my_table["learned"]["where it acts"] = 1
my_table["learned"]["trained position parameters"] = 2
my_table["learned"]["past the training length"] = 1
my_table["learned"]["used by"] = 2
my_table["T5 bias"]["absolute or relative"] = 2
my_table["T5 bias"]["where it acts"] = 3
my_table["T5 bias"]["trained position parameters"] = 3
my_table["T5 bias"]["past the training length"] = 3
my_table["T5 bias"]["used by"] = 3
my_table["RoPE"]["absolute or relative"] = 2
my_table["RoPE"]["where it acts"] = 2
my_table["RoPE"]["trained position parameters"] = 2
my_table["RoPE"]["past the training length"] = 2
my_table["RoPE"]["used by"] = 4
my_table["ALiBi"]["absolute or relative"] = 2
my_table["ALiBi"]["where it acts"] = 3
my_table["ALiBi"]["trained position parameters"] = 1
my_table["ALiBi"]["past the training length"] = 4
my_table["ALiBi"]["used by"] = 5
''')
_add(C, "t5-bias-thought-fixed",
     "Thought T5's bias is a fixed function of the offset, like ALiBi's; T5 learns one scalar per bucket and per head.",
     '''
my_table = {scheme: dict(row) for scheme, row in blank.items()}  # start from the template
my_table["sinusoidal"]["absolute or relative"] = "absolute"
my_table["sinusoidal"]["where it acts"] = "added to the input"
my_table["sinusoidal"]["trained position parameters"] = "none"
my_table["sinusoidal"]["past the training length"] = "runs on positions or angles never trained"
my_table["sinusoidal"]["used by"] = "the original Transformer"
my_table["learned"]["absolute or relative"] = "absolute"
my_table["learned"]["where it acts"] = "added to the input"
my_table["learned"]["trained position parameters"] = "one row per position"
my_table["learned"]["past the training length"] = "stops at its last row: nothing to look up past it"
my_table["learned"]["used by"] = "BERT, GPT-2"
my_table["T5 bias"]["absolute or relative"] = "relative"
my_table["T5 bias"]["where it acts"] = "added to the scores"
my_table["T5 bias"]["trained position parameters"] = "none"
my_table["T5 bias"]["past the training length"] = "runs: far offsets share the last trained bucket"
my_table["T5 bias"]["used by"] = "T5"
my_table["RoPE"]["absolute or relative"] = "relative"
my_table["RoPE"]["where it acts"] = "turns queries and keys"
my_table["RoPE"]["trained position parameters"] = "none"
my_table["RoPE"]["past the training length"] = "runs on positions or angles never trained"
my_table["RoPE"]["used by"] = "Llama, Mistral"
my_table["ALiBi"]["absolute or relative"] = "relative"
my_table["ALiBi"]["where it acts"] = "added to the scores"
my_table["ALiBi"]["trained position parameters"] = "none"
my_table["ALiBi"]["past the training length"] = "runs: far keys just get a larger penalty"
my_table["ALiBi"]["used by"] = "BLOOM, MPT"
''')
_add(C, "learned-table-runs-untrained-rows",
     "Generalised from lesson 04's toy table, which had spare untrained rows; a real learned table ends at the training length, so there is nothing to look up past it.",
     '''
my_table = {scheme: dict(row) for scheme, row in blank.items()}  # start from the template
my_table["sinusoidal"]["absolute or relative"] = "absolute"
my_table["sinusoidal"]["where it acts"] = "added to the input"
my_table["sinusoidal"]["trained position parameters"] = "none"
my_table["sinusoidal"]["past the training length"] = "runs on positions or angles never trained"
my_table["sinusoidal"]["used by"] = "the original Transformer"
my_table["learned"]["absolute or relative"] = "absolute"
my_table["learned"]["where it acts"] = "added to the input"
my_table["learned"]["trained position parameters"] = "one row per position"
my_table["learned"]["past the training length"] = "runs on positions or angles never trained"
my_table["learned"]["used by"] = "BERT, GPT-2"
my_table["T5 bias"]["absolute or relative"] = "relative"
my_table["T5 bias"]["where it acts"] = "added to the scores"
my_table["T5 bias"]["trained position parameters"] = "one scalar per bucket and head"
my_table["T5 bias"]["past the training length"] = "runs: far offsets share the last trained bucket"
my_table["T5 bias"]["used by"] = "T5"
my_table["RoPE"]["absolute or relative"] = "relative"
my_table["RoPE"]["where it acts"] = "turns queries and keys"
my_table["RoPE"]["trained position parameters"] = "none"
my_table["RoPE"]["past the training length"] = "runs on positions or angles never trained"
my_table["RoPE"]["used by"] = "Llama, Mistral"
my_table["ALiBi"]["absolute or relative"] = "relative"
my_table["ALiBi"]["where it acts"] = "added to the scores"
my_table["ALiBi"]["trained position parameters"] = "none"
my_table["ALiBi"]["past the training length"] = "runs: far keys just get a larger penalty"
my_table["ALiBi"]["used by"] = "BLOOM, MPT"
''')
_add(C, "sinusoidal-stops-like-a-table",
     'Treated the sinusoidal table like a learned one that ends at its last row; its formula gives a row for any position, never trained on.',
     '''
my_table = {scheme: dict(row) for scheme, row in blank.items()}  # start from the template
my_table["sinusoidal"]["absolute or relative"] = 1
my_table["sinusoidal"]["where it acts"] = 1
my_table["sinusoidal"]["trained position parameters"] = 1
my_table["sinusoidal"]["past the training length"] = 1
my_table["sinusoidal"]["used by"] = 1
my_table["learned"]["absolute or relative"] = 1
my_table["learned"]["where it acts"] = 1
my_table["learned"]["trained position parameters"] = 2
my_table["learned"]["past the training length"] = 1
my_table["learned"]["used by"] = 2
my_table["T5 bias"]["absolute or relative"] = 2
my_table["T5 bias"]["where it acts"] = 3
my_table["T5 bias"]["trained position parameters"] = 3
my_table["T5 bias"]["past the training length"] = 3
my_table["T5 bias"]["used by"] = 3
my_table["RoPE"]["absolute or relative"] = 2
my_table["RoPE"]["where it acts"] = 2
my_table["RoPE"]["trained position parameters"] = 1
my_table["RoPE"]["past the training length"] = 2
my_table["RoPE"]["used by"] = 4
my_table["ALiBi"]["absolute or relative"] = 2
my_table["ALiBi"]["where it acts"] = 3
my_table["ALiBi"]["trained position parameters"] = 1
my_table["ALiBi"]["past the training length"] = 4
my_table["ALiBi"]["used by"] = 5
''')
_add(C, "rope-thought-to-penalise-distance",
     "Credited RoPE with ALiBi's behaviour (a larger penalty for far keys); past the training length RoPE meets angles of its slow pairs that training never gave.",
     '''
my_table = {scheme: dict(row) for scheme, row in blank.items()}  # start from the template
my_table["sinusoidal"]["absolute or relative"] = "absolute"
my_table["sinusoidal"]["where it acts"] = "added to the input"
my_table["sinusoidal"]["trained position parameters"] = "none"
my_table["sinusoidal"]["past the training length"] = "runs on positions or angles never trained"
my_table["sinusoidal"]["used by"] = "the original Transformer"
my_table["learned"]["absolute or relative"] = "absolute"
my_table["learned"]["where it acts"] = "added to the input"
my_table["learned"]["trained position parameters"] = "one row per position"
my_table["learned"]["past the training length"] = "stops at its last row: nothing to look up past it"
my_table["learned"]["used by"] = "BERT, GPT-2"
my_table["T5 bias"]["absolute or relative"] = "relative"
my_table["T5 bias"]["where it acts"] = "added to the scores"
my_table["T5 bias"]["trained position parameters"] = "one scalar per bucket and head"
my_table["T5 bias"]["past the training length"] = "runs: far offsets share the last trained bucket"
my_table["T5 bias"]["used by"] = "T5"
my_table["RoPE"]["absolute or relative"] = "relative"
my_table["RoPE"]["where it acts"] = "turns queries and keys"
my_table["RoPE"]["trained position parameters"] = "none"
my_table["RoPE"]["past the training length"] = "runs: far keys just get a larger penalty"
my_table["RoPE"]["used by"] = "Llama, Mistral"
my_table["ALiBi"]["absolute or relative"] = "relative"
my_table["ALiBi"]["where it acts"] = "added to the scores"
my_table["ALiBi"]["trained position parameters"] = "none"
my_table["ALiBi"]["past the training length"] = "runs: far keys just get a larger penalty"
my_table["ALiBi"]["used by"] = "BLOOM, MPT"
''')
_add(C, "alibi-thought-untrained",
     'Put ALiBi with the schemes that meet untrained positions; ALiBi has no position-indexed parameters, far keys just get a larger penalty.',
     '''
my_table = {scheme: dict(row) for scheme, row in blank.items()}  # start from the template
my_table["sinusoidal"]["absolute or relative"] = "absolute"
my_table["sinusoidal"]["where it acts"] = "added to the input"
my_table["sinusoidal"]["trained position parameters"] = "none"
my_table["sinusoidal"]["past the training length"] = "runs on positions or angles never trained"
my_table["sinusoidal"]["used by"] = "the original Transformer"
my_table["learned"]["absolute or relative"] = "absolute"
my_table["learned"]["where it acts"] = "added to the input"
my_table["learned"]["trained position parameters"] = "one row per position"
my_table["learned"]["past the training length"] = "stops at its last row: nothing to look up past it"
my_table["learned"]["used by"] = "BERT, GPT-2"
my_table["T5 bias"]["absolute or relative"] = "relative"
my_table["T5 bias"]["where it acts"] = "added to the scores"
my_table["T5 bias"]["trained position parameters"] = "one scalar per bucket and head"
my_table["T5 bias"]["past the training length"] = "runs: far offsets share the last trained bucket"
my_table["T5 bias"]["used by"] = "T5"
my_table["RoPE"]["absolute or relative"] = "relative"
my_table["RoPE"]["where it acts"] = "turns queries and keys"
my_table["RoPE"]["trained position parameters"] = "none"
my_table["RoPE"]["past the training length"] = "runs on positions or angles never trained"
my_table["RoPE"]["used by"] = "Llama, Mistral"
my_table["ALiBi"]["absolute or relative"] = "relative"
my_table["ALiBi"]["where it acts"] = "added to the scores"
my_table["ALiBi"]["trained position parameters"] = "none"
my_table["ALiBi"]["past the training length"] = "runs on positions or angles never trained"
my_table["ALiBi"]["used by"] = "BLOOM, MPT"
''')
_add(C, "t5-thought-to-penalise-distance",
     "Took T5's bias for a growing penalty like ALiBi's; every offset past the last bucket shares that bucket's single learned number.",
     '''
my_table = {scheme: dict(row) for scheme, row in blank.items()}  # start from the template
my_table["sinusoidal"]["absolute or relative"] = 1
my_table["sinusoidal"]["where it acts"] = 1
my_table["sinusoidal"]["trained position parameters"] = 1
my_table["sinusoidal"]["past the training length"] = 2
my_table["sinusoidal"]["used by"] = 1
my_table["learned"]["absolute or relative"] = 1
my_table["learned"]["where it acts"] = 1
my_table["learned"]["trained position parameters"] = 2
my_table["learned"]["past the training length"] = 1
my_table["learned"]["used by"] = 2
my_table["T5 bias"]["absolute or relative"] = 2
my_table["T5 bias"]["where it acts"] = 3
my_table["T5 bias"]["trained position parameters"] = 3
my_table["T5 bias"]["past the training length"] = 4
my_table["T5 bias"]["used by"] = 3
my_table["RoPE"]["absolute or relative"] = 2
my_table["RoPE"]["where it acts"] = 2
my_table["RoPE"]["trained position parameters"] = 1
my_table["RoPE"]["past the training length"] = 2
my_table["RoPE"]["used by"] = 4
my_table["ALiBi"]["absolute or relative"] = 2
my_table["ALiBi"]["where it acts"] = 3
my_table["ALiBi"]["trained position parameters"] = 1
my_table["ALiBi"]["past the training length"] = 4
my_table["ALiBi"]["used by"] = 5
''')
_add(C, "sinusoidal-credited-to-bert",
     "Thought BERT uses the sinusoidal table; BERT and GPT-2 learn a table, the sinusoidal one is the original Transformer's.",
     '''
my_table = {scheme: dict(row) for scheme, row in blank.items()}  # start from the template
my_table["sinusoidal"]["absolute or relative"] = "absolute"
my_table["sinusoidal"]["where it acts"] = "added to the input"
my_table["sinusoidal"]["trained position parameters"] = "none"
my_table["sinusoidal"]["past the training length"] = "runs on positions or angles never trained"
my_table["sinusoidal"]["used by"] = "BERT, GPT-2"
my_table["learned"]["absolute or relative"] = "absolute"
my_table["learned"]["where it acts"] = "added to the input"
my_table["learned"]["trained position parameters"] = "one row per position"
my_table["learned"]["past the training length"] = "stops at its last row: nothing to look up past it"
my_table["learned"]["used by"] = "BERT, GPT-2"
my_table["T5 bias"]["absolute or relative"] = "relative"
my_table["T5 bias"]["where it acts"] = "added to the scores"
my_table["T5 bias"]["trained position parameters"] = "one scalar per bucket and head"
my_table["T5 bias"]["past the training length"] = "runs: far offsets share the last trained bucket"
my_table["T5 bias"]["used by"] = "T5"
my_table["RoPE"]["absolute or relative"] = "relative"
my_table["RoPE"]["where it acts"] = "turns queries and keys"
my_table["RoPE"]["trained position parameters"] = "none"
my_table["RoPE"]["past the training length"] = "runs on positions or angles never trained"
my_table["RoPE"]["used by"] = "Llama, Mistral"
my_table["ALiBi"]["absolute or relative"] = "relative"
my_table["ALiBi"]["where it acts"] = "added to the scores"
my_table["ALiBi"]["trained position parameters"] = "none"
my_table["ALiBi"]["past the training length"] = "runs: far keys just get a larger penalty"
my_table["ALiBi"]["used by"] = "BLOOM, MPT"
''')
_add(C, "learned-credited-to-original-transformer",
     'Credited the learned table to the original Transformer; the text names BERT and GPT-2 for it, the original Transformer uses the sinusoidal table.',
     '''
my_table = {scheme: dict(row) for scheme, row in blank.items()}  # start from the template
my_table["sinusoidal"]["absolute or relative"] = "absolute"
my_table["sinusoidal"]["where it acts"] = "added to the input"
my_table["sinusoidal"]["trained position parameters"] = "none"
my_table["sinusoidal"]["past the training length"] = "runs on positions or angles never trained"
my_table["sinusoidal"]["used by"] = "the original Transformer"
my_table["learned"]["absolute or relative"] = "absolute"
my_table["learned"]["where it acts"] = "added to the input"
my_table["learned"]["trained position parameters"] = "one row per position"
my_table["learned"]["past the training length"] = "stops at its last row: nothing to look up past it"
my_table["learned"]["used by"] = "the original Transformer"
my_table["T5 bias"]["absolute or relative"] = "relative"
my_table["T5 bias"]["where it acts"] = "added to the scores"
my_table["T5 bias"]["trained position parameters"] = "one scalar per bucket and head"
my_table["T5 bias"]["past the training length"] = "runs: far offsets share the last trained bucket"
my_table["T5 bias"]["used by"] = "T5"
my_table["RoPE"]["absolute or relative"] = "relative"
my_table["RoPE"]["where it acts"] = "turns queries and keys"
my_table["RoPE"]["trained position parameters"] = "none"
my_table["RoPE"]["past the training length"] = "runs on positions or angles never trained"
my_table["RoPE"]["used by"] = "Llama, Mistral"
my_table["ALiBi"]["absolute or relative"] = "relative"
my_table["ALiBi"]["where it acts"] = "added to the scores"
my_table["ALiBi"]["trained position parameters"] = "none"
my_table["ALiBi"]["past the training length"] = "runs: far keys just get a larger penalty"
my_table["ALiBi"]["used by"] = "BLOOM, MPT"
''')
_add(C, "rope-credited-to-bloom",
     'Mixed up the two families of models: Llama and Mistral use RoPE, BLOOM and MPT use ALiBi.',
     '''
my_table = {scheme: dict(row) for scheme, row in blank.items()}  # start from the template
my_table["sinusoidal"]["absolute or relative"] = 1
my_table["sinusoidal"]["where it acts"] = 1
my_table["sinusoidal"]["trained position parameters"] = 1
my_table["sinusoidal"]["past the training length"] = 2
my_table["sinusoidal"]["used by"] = 1
my_table["learned"]["absolute or relative"] = 1
my_table["learned"]["where it acts"] = 1
my_table["learned"]["trained position parameters"] = 2
my_table["learned"]["past the training length"] = 1
my_table["learned"]["used by"] = 2
my_table["T5 bias"]["absolute or relative"] = 2
my_table["T5 bias"]["where it acts"] = 3
my_table["T5 bias"]["trained position parameters"] = 3
my_table["T5 bias"]["past the training length"] = 3
my_table["T5 bias"]["used by"] = 3
my_table["RoPE"]["absolute or relative"] = 2
my_table["RoPE"]["where it acts"] = 2
my_table["RoPE"]["trained position parameters"] = 1
my_table["RoPE"]["past the training length"] = 2
my_table["RoPE"]["used by"] = 5
my_table["ALiBi"]["absolute or relative"] = 2
my_table["ALiBi"]["where it acts"] = 3
my_table["ALiBi"]["trained position parameters"] = 1
my_table["ALiBi"]["past the training length"] = 4
my_table["ALiBi"]["used by"] = 5
''')
_add(C, "answers-numbered-from-zero",
     'Filled the table with answer numbers counted from 0, Python style; the printed numbers start at 1.',
     '''
my_table = {scheme: dict(row) for scheme, row in blank.items()}  # start from the template
my_table["sinusoidal"]["absolute or relative"] = 0
my_table["sinusoidal"]["where it acts"] = 0
my_table["sinusoidal"]["trained position parameters"] = 0
my_table["sinusoidal"]["past the training length"] = 1
my_table["sinusoidal"]["used by"] = 0
my_table["learned"]["absolute or relative"] = 0
my_table["learned"]["where it acts"] = 0
my_table["learned"]["trained position parameters"] = 1
my_table["learned"]["past the training length"] = 0
my_table["learned"]["used by"] = 1
my_table["T5 bias"]["absolute or relative"] = 1
my_table["T5 bias"]["where it acts"] = 2
my_table["T5 bias"]["trained position parameters"] = 2
my_table["T5 bias"]["past the training length"] = 2
my_table["T5 bias"]["used by"] = 2
my_table["RoPE"]["absolute or relative"] = 1
my_table["RoPE"]["where it acts"] = 1
my_table["RoPE"]["trained position parameters"] = 0
my_table["RoPE"]["past the training length"] = 1
my_table["RoPE"]["used by"] = 3
my_table["ALiBi"]["absolute or relative"] = 1
my_table["ALiBi"]["where it acts"] = 2
my_table["ALiBi"]["trained position parameters"] = 0
my_table["ALiBi"]["past the training length"] = 3
my_table["ALiBi"]["used by"] = 4
''')
_add(C, "answer-in-own-words",
     "Typed RoPE's 'where it acts' in your own words ('turns the queries and keys'); use the allowed text exactly or its number.",
     '''
my_table = {scheme: dict(row) for scheme, row in blank.items()}  # start from the template
my_table["sinusoidal"]["absolute or relative"] = "absolute"
my_table["sinusoidal"]["where it acts"] = "added to the input"
my_table["sinusoidal"]["trained position parameters"] = "none"
my_table["sinusoidal"]["past the training length"] = "runs on positions or angles never trained"
my_table["sinusoidal"]["used by"] = "the original Transformer"
my_table["learned"]["absolute or relative"] = "absolute"
my_table["learned"]["where it acts"] = "added to the input"
my_table["learned"]["trained position parameters"] = "one row per position"
my_table["learned"]["past the training length"] = "stops at its last row: nothing to look up past it"
my_table["learned"]["used by"] = "BERT, GPT-2"
my_table["T5 bias"]["absolute or relative"] = "relative"
my_table["T5 bias"]["where it acts"] = "added to the scores"
my_table["T5 bias"]["trained position parameters"] = "one scalar per bucket and head"
my_table["T5 bias"]["past the training length"] = "runs: far offsets share the last trained bucket"
my_table["T5 bias"]["used by"] = "T5"
my_table["RoPE"]["absolute or relative"] = "relative"
my_table["RoPE"]["where it acts"] = "turns the queries and keys"
my_table["RoPE"]["trained position parameters"] = "none"
my_table["RoPE"]["past the training length"] = "runs on positions or angles never trained"
my_table["RoPE"]["used by"] = "Llama, Mistral"
my_table["ALiBi"]["absolute or relative"] = "relative"
my_table["ALiBi"]["where it acts"] = "added to the scores"
my_table["ALiBi"]["trained position parameters"] = "none"
my_table["ALiBi"]["past the training length"] = "runs: far keys just get a larger penalty"
my_table["ALiBi"]["used by"] = "BLOOM, MPT"
''')
_add(C, "one-cell-left-blank",
     "Left T5's 'used by' cell as the template's `...`; every one of the 25 cells needs an answer.",
     '''
my_table = {scheme: dict(row) for scheme, row in blank.items()}  # start from the template
my_table["sinusoidal"]["absolute or relative"] = "absolute"
my_table["sinusoidal"]["where it acts"] = "added to the input"
my_table["sinusoidal"]["trained position parameters"] = "none"
my_table["sinusoidal"]["past the training length"] = "runs on positions or angles never trained"
my_table["sinusoidal"]["used by"] = "the original Transformer"
my_table["learned"]["absolute or relative"] = "absolute"
my_table["learned"]["where it acts"] = "added to the input"
my_table["learned"]["trained position parameters"] = "one row per position"
my_table["learned"]["past the training length"] = "stops at its last row: nothing to look up past it"
my_table["learned"]["used by"] = "BERT, GPT-2"
my_table["T5 bias"]["absolute or relative"] = "relative"
my_table["T5 bias"]["where it acts"] = "added to the scores"
my_table["T5 bias"]["trained position parameters"] = "one scalar per bucket and head"
my_table["T5 bias"]["past the training length"] = "runs: far offsets share the last trained bucket"
my_table["RoPE"]["absolute or relative"] = "relative"
my_table["RoPE"]["where it acts"] = "turns queries and keys"
my_table["RoPE"]["trained position parameters"] = "none"
my_table["RoPE"]["past the training length"] = "runs on positions or angles never trained"
my_table["RoPE"]["used by"] = "Llama, Mistral"
my_table["ALiBi"]["absolute or relative"] = "relative"
my_table["ALiBi"]["where it acts"] = "added to the scores"
my_table["ALiBi"]["trained position parameters"] = "none"
my_table["ALiBi"]["past the training length"] = "runs: far keys just get a larger penalty"
my_table["ALiBi"]["used by"] = "BLOOM, MPT"
''')
