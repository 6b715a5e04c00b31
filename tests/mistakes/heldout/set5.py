"""Plausible wrong answers to the 12 coding exercises of the positional-encoding course (set 5)."""

MISTAKES = []


def _add(checker, name, cause, code):
    MISTAKES.append(dict(checker=checker, name=name, cause=cause, code=code))


# ---------------------------------------------------------------------------
C = "check_positions_column"

_add(C, "flat-row",
     "Returns np.arange(seq_len) as it is: shape (seq_len,), a 1-D row with no second axis. "
     "Add the axis of length 1 with np.arange(seq_len)[:, None].",
     '''
def my_positions(seq_len):
    # the positions 0, 1, ..., seq_len - 1 as a column: shape (seq_len, 1)
    return np.arange(seq_len)
''')

_add(C, "new-axis-first",
     "[None, :] puts the new axis of length 1 in front, giving shape (1, seq_len): a row, not a column. "
     "The None goes second: np.arange(seq_len)[:, None].",
     '''
def my_positions(seq_len):
    return np.arange(seq_len)[None, :]
''')

_add(C, "transpose-of-1d",
     "Uses .T to turn the row into a column, but transposing a 1-D array does nothing: the shape stays (seq_len,). "
     "Add an axis instead: np.arange(seq_len)[:, None] or .reshape(-1, 1).",
     '''
def my_positions(seq_len):
    return np.arange(seq_len).T  # rows become columns
''')

_add(C, "starts-at-one",
     "np.arange(1, seq_len + 1) counts the positions from 1, but the first word is at position 0. "
     "Use np.arange(seq_len), which runs 0, 1, ..., seq_len - 1.",
     '''
def my_positions(seq_len):
    return np.arange(1, seq_len + 1)[:, None]
''')

_add(C, "one-too-many",
     "np.arange(seq_len + 1) adds a position seq_len that does not exist, so the column has seq_len + 1 rows. "
     "np.arange(seq_len) already stops before seq_len.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len + 1)[:, None]  # so that seq_len - 1 is included
''')

_add(C, "one-too-few",
     "np.arange(seq_len - 1) stops at seq_len - 2, so the last position is missing: np.arange's stop is already excluded. "
     "Use np.arange(seq_len).",
     '''
def my_positions(seq_len):
    return np.arange(seq_len - 1)[:, None]
''')

_add(C, "linspace-endpoint",
     "np.linspace(0, seq_len, seq_len) spreads seq_len points from 0 to seq_len inclusive, so the steps are not 1 "
     "and the positions are not whole numbers. Use np.arange(seq_len), which steps by exactly 1.",
     '''
def my_positions(seq_len):
    return np.linspace(0, seq_len, seq_len)[:, None]
''')

_add(C, "scaled-to-unit",
     "Divides the positions by seq_len, so they run from 0 to just below 1 instead of 0, 1, 2, .... "
     "The exercise wants the raw position numbers: drop the division.",
     '''
def my_positions(seq_len):
    return (np.arange(seq_len) / seq_len)[:, None]  # positions between 0 and 1
''')

_add(C, "zeros-of-right-shape",
     "np.zeros((seq_len, 1)) has the right shape but every entry is 0: the shape is not the whole answer. "
     "The entries must be the positions, np.arange(seq_len)[:, None].",
     '''
def my_positions(seq_len):
    return np.zeros((seq_len, 1))  # shape (seq_len, 1)
''')

_add(C, "extra-axis",
     "[:, None, None] adds two axes, giving shape (seq_len, 1, 1). A column needs one extra axis only: [:, None].",
     '''
def my_positions(seq_len):
    return np.arange(seq_len)[:, None, None]
''')

_add(C, "resize-returns-none",
     "ndarray.resize changes the array in place and returns None, so the function returns None. "
     "Use .reshape(seq_len, 1), which returns a new array, or [:, None].",
     '''
def my_positions(seq_len):
    return np.arange(seq_len).resize(seq_len, 1)
''')

_add(C, "indexing-not-in-place",
     "The line positions[:, None] builds the column and throws it away: indexing does not change positions itself. "
     "Return it, or assign it: positions = positions[:, None].",
     '''
def my_positions(seq_len):
    positions = np.arange(seq_len)
    positions[:, None]
    return positions
''')

_add(C, "returns-shape",
     "Returns .shape, the tuple (seq_len, 1), instead of the array: the comment describes the shape, the answer is the array. "
     "Drop the .shape.",
     '''
def my_positions(seq_len):
    return np.arange(seq_len)[:, None].shape  # (seq_len, 1)
''')

_add(C, "prints-not-returns",
     "print shows the column but the function has no return, so it returns None. Replace print(...) with return ....",
     '''
def my_positions(seq_len):
    print(np.arange(seq_len)[:, None])
''')

_add(C, "shape-given-to-arange",
     "np.arange(seq_len, 1) does not make shape (seq_len, 1): arange's second argument is where to stop, so this counts "
     "from seq_len up to 1 and is empty. Make the range with np.arange(seq_len), then add the axis with [:, None].",
     '''
def my_positions(seq_len):
    return np.arange(seq_len, 1)  # (seq_len, 1)
''')

_add(C, "ones-column-times-row",
     "Multiplies a (seq_len, 1) column of ones by the (seq_len,) row, hoping for a column; broadcasting turns that into "
     "a (seq_len, seq_len) table with the positions in every row. Reshape the row itself: np.arange(seq_len)[:, None].",
     '''
def my_positions(seq_len):
    return np.ones((seq_len, 1)) * np.arange(seq_len)  # make it a column
''')

_add(C, "counts-down",
     "np.arange(seq_len - 1, -1, -1) lists the positions backwards, from seq_len - 1 down to 0, so row 0 holds the last "
     "position. Row p must hold position p: np.arange(seq_len)[:, None].",
     '''
def my_positions(seq_len):
    return np.arange(seq_len - 1, -1, -1)[:, None]
''')


# ---------------------------------------------------------------------------
C = "check_attention"

_add(C, "no-scaling",
     "The scores are q @ k.T without the division by sqrt(d_head), so wide queries give too large scores and too peaked weights. "
     "Divide: q @ k.T / np.sqrt(q.shape[-1]).",
     '''
def my_attention(q, k, v):
    scores = q @ k.T  # (seq_len_q, seq_len_k)
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "divides-by-d",
     "Divides the scores by d_head instead of its square root. The formula divides by sqrt(d_h): use np.sqrt(q.shape[-1]).",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / q.shape[-1]
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "multiplies-by-sqrt",
     "Multiplies the scores by sqrt(d_head) instead of dividing, which makes the scores larger rather than bringing them back "
     "to variance 1. Use / np.sqrt(q.shape[-1]).",
     '''
def my_attention(q, k, v):
    scores = q @ k.T * np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "sqrt-of-seq-len",
     "Takes d_head from q.shape[0], which is the number of queries, not their width. d_head is the last axis: q.shape[-1].",
     '''
def my_attention(q, k, v):
    d_head = q.shape[0]
    scores = q @ k.T / np.sqrt(d_head)
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "sqrt-of-value-width",
     "Scales by the width of the values, v.shape[-1] (d_v), instead of the width of the queries and keys whose dot product "
     "makes the score. Use q.shape[-1].",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(v.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "power-precedence",
     "scores / d_head ** 1/2 reads as (scores / d_head) / 2, since ** binds tighter than /, so the scores are divided by 2 * d_head, "
     "not by its square root. Write d_head ** 0.5 or np.sqrt(d_head).",
     '''
def my_attention(q, k, v):
    d_head = q.shape[-1]
    scores = q @ k.T / d_head ** 1/2
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "floor-division",
     "// is floor division: it rounds every scaled score down to a whole number, so nearby scores become equal. "
     "Use / for the scaling.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T // np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ v
''')

_add(C, "softmax-over-queries",
     "posenc.softmax(scores, axis=0) normalises each column, over the queries, so a query's weights do not sum to 1. "
     "Each row is one query's scores: use axis=-1.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=0)
    return weights @ v
''')

_add(C, "no-softmax",
     "Uses the scaled scores directly as weights, so they can be negative and do not sum to 1. "
     "Turn them into weights with posenc.softmax(scores, axis=-1).",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = scores  # already says how much each key matches
    return weights @ v
''')

_add(C, "exp-not-normalised",
     "Writes the softmax by hand but stops at np.exp(scores), without dividing by the row's sum, so the weights do not sum to 1. "
     "Divide by np.exp(scores).sum(axis=-1, keepdims=True), or use posenc.softmax.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = np.exp(scores)
    return weights @ v
''')

_add(C, "normalised-over-whole-matrix",
     "Divides np.exp(scores) by the sum over the whole matrix, so all the weights together sum to 1 instead of each row. "
     "Sum along the keys only: .sum(axis=-1, keepdims=True).",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = np.exp(scores) / np.exp(scores).sum()
    return weights @ v
''')

_add(C, "row-sum-without-keepdims",
     "np.exp(scores).sum(axis=-1) has shape (seq_len_q,), which broadcasts against the columns: entry (i, j) is divided by "
     "row j's sum, not row i's (and it fails when the matrix is not square). Keep the axis: .sum(axis=-1, keepdims=True).",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    e = np.exp(scores)
    weights = e / e.sum(axis=-1)
    return weights @ v
''')

_add(C, "scales-after-softmax",
     "Divides the weights by sqrt(d_head) after the softmax, so they no longer sum to 1 and the softmax saw unscaled scores. "
     "The division belongs to the scores, before the softmax.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T
    weights = posenc.softmax(scores, axis=-1) / np.sqrt(q.shape[-1])
    return weights @ v
''')

_add(C, "divides-by-row-max",
     "Divides np.exp(scores) by each row's largest entry instead of its sum, so the top weight is 1 and the row sums to more than 1. "
     "Divide by the row's sum: .sum(axis=-1, keepdims=True).",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    e = np.exp(scores)
    weights = e / e.max(axis=-1, keepdims=True)
    return weights @ v
''')

_add(C, "returns-weights",
     "Returns the weights, (seq_len_q, seq_len_k), instead of the output. The formula ends with the weighted sum of the values: "
     "return weights @ v.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights
''')

_add(C, "averages-the-keys",
     "Averages the keys, weights @ k, instead of the values. Keys are only matched against queries; the content that gets averaged "
     "is v: return weights @ v.",
     '''
def my_attention(q, k, v):
    scores = q @ k.T / np.sqrt(q.shape[-1])
    weights = posenc.softmax(scores, axis=-1)
    return weights @ k
''')


# ---------------------------------------------------------------------------
C = "check_equivariance_test"

_add(C, "exact-equality",
     "Compares with == and .all(): the two orders of summation round differently in the last digits, so even self-attention "
     "fails. Compare with np.allclose.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool((f(x[perm]) == f(x)[perm]).all())
''')

_add(C, "isclose-array",
     "np.isclose compares entry by entry and returns a whole array of booleans, not one answer. "
     "Use np.allclose (or np.isclose(...).all()) to get a single True or False.",
     '''
def is_permutation_equivariant(f, x, perm):
    return np.isclose(f(x[perm]), f(x)[perm])
''')

_add(C, "outputs-not-shuffled",
     "Compares f(x[perm]) with f(x) unshuffled: that tests whether the output ignores the order (invariance), not whether it "
     "follows it. Shuffle the outputs the same way: f(x)[perm].",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm]), f(x)))
''')

_add(C, "inverse-permutation",
     "Shuffles the outputs with np.argsort(perm), the inverse permutation, so the rows are put back in the opposite order. "
     "Equivariance applies the same perm to both sides: f(x)[perm].",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm]), f(x)[np.argsort(perm)]))  # undo the shuffle
''')

_add(C, "compares-with-itself",
     "Both sides are f(x[perm]), so the test compares one array with itself and always says True. "
     "One side shuffles the input, the other the output: f(x[perm]) against f(x)[perm].",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm]), f(x[perm])))
''')

_add(C, "sorted-rows",
     "Sorts both outputs along the rows before comparing, which only checks that the same numbers appear somewhere in each column, "
     "not that row p went where perm sends it. Compare f(x[perm]) and f(x)[perm] directly.",
     '''
def is_permutation_equivariant(f, x, perm):
    a = np.sort(f(x[perm]), axis=0)
    b = np.sort(f(x), axis=0)
    return bool(np.allclose(a, b))
''')

_add(C, "is-not-equality",
     "is asks whether two names are the same object, and two freshly computed arrays never are, so it always returns False. "
     "Compare the values with np.allclose.",
     '''
def is_permutation_equivariant(f, x, perm):
    return f(x[perm]) is f(x)[perm]
''')

_add(C, "column-sums",
     "Compares only the column sums, which any reordering of rows leaves unchanged, so functions that put rows in the wrong place "
     "still pass. Compare the whole arrays f(x[perm]) and f(x)[perm].",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm]).sum(axis=0), f(x).sum(axis=0)))
''')

_add(C, "negated",
     "The not turns the answer around: it returns True exactly when the two arrays differ. Return np.allclose(...) itself.",
     '''
def is_permutation_equivariant(f, x, perm):
    return not np.allclose(f(x[perm]), f(x)[perm])
''')

_add(C, "shapes-only",
     "Compares the shapes, which are always equal here, so every function passes. Compare the values with np.allclose.",
     '''
def is_permutation_equivariant(f, x, perm):
    return f(x[perm]).shape == f(x)[perm].shape
''')

_add(C, "any-not-all",
     "np.isclose(...).any() is True as soon as one entry matches. Every entry must match: use .all(), or np.allclose.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.isclose(f(x[perm]), f(x)[perm]).any())
''')

_add(C, "first-row-only",
     "Checks only row 0 of the two outputs, so a function that misplaces the other rows can pass. Compare all the rows.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm])[0], f(x)[perm][0]))
''')

_add(C, "alias-not-copy",
     "shuffled = x does not copy: shuffled[:] = x[perm] overwrites x itself, so f(x) is then computed on the shuffled rows too "
     "(and the caller's x is changed). Use shuffled = x[perm], a new array.",
     '''
def is_permutation_equivariant(f, x, perm):
    shuffled = x
    shuffled[:] = x[perm]
    return bool(np.allclose(f(shuffled), f(x)[perm]))
''')

_add(C, "signed-difference",
     "Adds up the differences with their signs, so positive and negative differences cancel and any strongly negative one passes "
     "the < test. Use np.allclose, or the largest absolute difference.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.sum(f(x[perm]) - f(x)[perm]) < 1e-6)
''')

_add(C, "loose-tolerance",
     "atol=0.5 forgives differences up to half a unit, far more than rounding errors, so functions that are only slightly "
     "off pass. The default tolerance of np.allclose is made for rounding: keep it.",
     '''
def is_permutation_equivariant(f, x, perm):
    return bool(np.allclose(f(x[perm]), f(x)[perm], atol=0.5))  # allow for rounding
''')


# ---------------------------------------------------------------------------
C = "check_sinusoidal"

_SIN_HEAD = '''
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
'''

_add(C, "positive-exponent",
     "The exponent lost its minus sign: 10000 ** (2i / d_model) makes the frequencies grow instead of shrink, so later pairs spin "
     "faster instead of slower. Use 10000.0 ** (-np.arange(0, d_model, 2) / d_model).",
     _SIN_HEAD + '''    freqs = 10000.0 ** (np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    angles = positions * freqs  # (seq_len, d_model // 2)
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "i-instead-of-2i",
     "np.arange(d_model // 2) gives i = 0, 1, 2, ..., but the exponent needs 2i = 0, 2, 4, .... Use np.arange(0, d_model, 2).",
     _SIN_HEAD + '''    freqs = 10000.0 ** (-np.arange(d_model // 2) / d_model)  # one per pair
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "two-i-doubled",
     "np.arange(0, d_model, 2) already gives 2i; multiplying it by 2 again makes the exponent 4i / d_model. Drop the extra 2 *.",
     _SIN_HEAD + '''    freqs = 10000.0 ** (-2 * np.arange(0, d_model, 2) / d_model)  # 10000^(-2i/d)
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "floor-division-exponent",
     "// floors -2i / d_model to a whole number (0 for the first pair, -1 for all the others), so every pair but the first gets "
     "frequency 1/10000. Use / for the exponent.",
     _SIN_HEAD + '''    freqs = 10000.0 ** (-np.arange(0, d_model, 2) // d_model)
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "exponent-precedence",
     "Without brackets, 10000.0 ** -np.arange(0, d_model, 2) / d_model is (10000^(-2i)) / d_model, because ** binds tighter "
     "than /. Put the whole exponent in brackets: 10000.0 ** (-np.arange(0, d_model, 2) / d_model).",
     _SIN_HEAD + '''    freqs = 10000.0 ** -np.arange(0, d_model, 2) / d_model
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "base-1000",
     "The base is 1000, a zero short: the formula uses 10000, so the frequencies fall too slowly. Write 10000.0.",
     _SIN_HEAD + '''    freqs = 1000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "log10-in-exp",
     "Writes the power with np.exp but takes np.log10(10000) = 4 instead of the natural log, so the frequencies are e^(-4 * 2i/d). "
     "np.exp needs np.log(10000), or simply use 10000.0 ** (...).",
     _SIN_HEAD + '''    freqs = np.exp(-np.arange(0, d_model, 2) * np.log10(10000.0) / d_model)
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "linspace-exponent",
     "np.linspace(0, 1, d_model // 2) makes the exponents reach exactly 1 at the last pair, but the last 2i/d_model is "
     "(d_model - 2)/d_model, below 1. Use np.arange(0, d_model, 2) / d_model.",
     _SIN_HEAD + '''    freqs = 10000.0 ** -np.linspace(0, 1, d_model // 2)  # exponents from 0 to 1
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "seq-len-in-exponent",
     "Divides 2i by seq_len instead of d_model: the frequencies depend on the width of the table, not on the sentence's length. "
     "Use / d_model.",
     _SIN_HEAD + '''    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / seq_len)
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "plus-not-times",
     "positions + freqs broadcasts to the right shape, but the angle is position times frequency, p * w. Use positions * freqs.",
     _SIN_HEAD + '''    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = positions + freqs  # broadcast (seq_len, 1) with (d_model // 2,)
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "sin-cos-swapped",
     "Puts the cosines in the even columns and the sines in the odd ones. The sines go in table[:, 0::2], the cosines in "
     "table[:, 1::2].",
     _SIN_HEAD + '''    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.cos(angles)
    table[:, 1::2] = np.sin(angles)
    return table
''')

_add(C, "halves-not-interleaved",
     "Puts all the sines in the first half of the columns and all the cosines in the second half. The table interleaves them: "
     "sine of pair i in column 2i, cosine in 2i + 1, i.e. table[:, 0::2] and table[:, 1::2].",
     _SIN_HEAD + '''    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, : d_model // 2] = np.sin(angles)
    table[:, d_model // 2 :] = np.cos(angles)
    return table
''')

_add(C, "cosines-never-written",
     "Fills the sines but never writes the cosines, so every odd column stays 0. Add table[:, 1::2] = np.cos(angles).",
     _SIN_HEAD + '''    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    return table
''')

_add(C, "both-into-even-columns",
     "Writes the cosines into table[:, 0::2] too, overwriting the sines and leaving the odd columns 0. The cosines go in "
     "table[:, 1::2].",
     _SIN_HEAD + '''    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 0::2] = np.cos(angles)
    return table
''')

_add(C, "frequency-as-amplitude",
     "Takes sin(p) for every pair and multiplies the result by w_i, reading the frequency as a height. The frequency goes inside: "
     "sin(p * w_i), i.e. angles = positions * freqs.",
     _SIN_HEAD + '''    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = positions * np.ones_like(freqs)  # the position, once per pair
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = freqs * np.sin(angles)
    table[:, 1::2] = freqs * np.cos(angles)
    return table
''')

_add(C, "treated-as-degrees",
     "np.radians converts the angles as if they were degrees, but p * w is already in radians, which is what np.sin and np.cos "
     "expect. Drop the conversion.",
     _SIN_HEAD + '''    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    table[:, 0::2] = np.sin(np.radians(angles))
    table[:, 1::2] = np.cos(np.radians(angles))
    return table
''')

_add(C, "integer-table",
     "The table is made with dtype=int, so every sine and cosine written into it is cut to a whole number (mostly 0). "
     "Keep the float table of np.zeros((seq_len, d_model)).",
     _SIN_HEAD + '''    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = positions * freqs
    table = np.zeros((seq_len, d_model), dtype=int)  # positions are whole numbers
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table
''')

_add(C, "cos-from-sqrt",
     "Computes the cosine as sqrt(1 - sin^2), which is never negative, so every cosine that should be below 0 comes out positive. "
     "Use np.cos(angles).",
     _SIN_HEAD + '''    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = positions * freqs
    table = np.zeros((seq_len, d_model))
    sines = np.sin(angles)
    table[:, 0::2] = sines
    table[:, 1::2] = np.sqrt(1 - sines ** 2)  # sin^2 + cos^2 = 1
    return table
''')


# ---------------------------------------------------------------------------
C = "check_wavelength"

_add(C, "no-two-pi",
     "1 / w_12 = 100 counts the positions per radian, not per full turn. A full turn is 2π radians: 2 * np.pi / w.",
     '''
my_wavelength = 1 / 10000.0 ** (-2 * 12 / 48)
''')

_add(C, "the-frequency-itself",
     "Gives w_12 = 10000 ** (-1/2) = 0.01, the frequency (radians per position), not the wavelength. The wavelength is 2π / w_12.",
     '''
my_wavelength = 10000.0 ** (-2 * 12 / 48)
''')

_add(C, "times-the-frequency",
     "Multiplies 2π by w_12 instead of dividing. A turn of 2π radians at w radians per position takes 2π / w positions.",
     '''
my_wavelength = 2 * np.pi * 10000.0 ** (-2 * 12 / 48)
''')

_add(C, "inverted-ratio",
     "w / 2π is the number of turns per position; the wavelength is its inverse, positions per turn: 2π / w.",
     '''
my_wavelength = 10000.0 ** (-2 * 12 / 48) / (2 * np.pi)
''')

_add(C, "half-turn",
     "Uses π as a full turn; π is half a turn. The wavelength is 2π / w_12.",
     '''
my_wavelength = np.pi / 10000.0 ** (-2 * 12 / 48)
''')

_add(C, "i-instead-of-2i",
     "The exponent uses i / d_model = 12/48 instead of 2i / d_model = 24/48. Write 10000 ** (-2 * 12 / 48).",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-12 / 48)
''')

_add(C, "pairs-from-one",
     "Counts the pairs from 1 and uses i = 11 for 'pair 12', but pairs are numbered from 0 as in the formula: i = 12.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-2 * 11 / 48)  # the 12th pair has index 11
''')

_add(C, "exponent-precedence",
     "10000.0 ** -2 * 12 / 48 is (10000^-2) * 12 / 48, because ** binds tighter than * and /. Bracket the exponent: "
     "10000.0 ** (-2 * 12 / 48).",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** -2 * 12 / 48
''')

_add(C, "brackets-around-the-wrong-part",
     "(2π / 10000) ** (-1/2) raises the whole fraction to the power, not just 10000. Write 2 * np.pi / 10000.0 ** (-2 * 12 / 48).",
     '''
my_wavelength = (2 * np.pi / 10000.0) ** (-2 * 12 / 48)
''')

_add(C, "floor-division-exponent",
     "-2 * 12 // 48 is floor division and gives -1, not -0.5, so w becomes 10000^-1. Use / in the exponent.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-2 * 12 // 48)
''')

_add(C, "turn-in-degrees",
     "Takes a full turn as 360, but the angles p * w are in radians, so a full turn is 2π. Use 2 * np.pi / w.",
     '''
my_wavelength = 360 / 10000.0 ** (-2 * 12 / 48)
''')

_add(C, "base-1000",
     "Uses base 1000 instead of 10000 (a zero short). w_12 = 10000 ** (-1/2).",
     '''
my_wavelength = 2 * np.pi / 1000.0 ** (-2 * 12 / 48)
''')

_add(C, "exp-not-power",
     "np.exp(-2 * 12 / 48) is e^(-1/2), not 10000^(-1/2): the base of the frequencies is 10000. Write 10000.0 ** (...).",
     '''
my_wavelength = 2 * np.pi / np.exp(-2 * 12 / 48)
''')

_add(C, "paper-width",
     "Uses d_model = 512 from the paper instead of this table's d_model = 48. The exponent is -2 * 12 / 48.",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-2 * 12 / 512)
''')

_add(C, "all-wavelengths",
     "Computes the wavelengths of all 24 pairs and hands in the whole array; the exercise asks for the single number of pair 12, "
     "e.g. that array's entry [12].",
     '''
my_wavelength = 2 * np.pi / 10000.0 ** (-np.arange(0, 48, 2) / 48)
''')


# ---------------------------------------------------------------------------
C = "check_offset_rotation"

_ROT_HEAD = '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
'''

_add(C, "textbook-rotation-block",
     "Writes the usual rotation matrix [[c, -s], [s, c]], the block RoPE uses, but for this table's (sin, cos) pairs row 2i must be "
     "[cos(kw), sin(kw)] and row 2i + 1 [-sin(kw), cos(kw)]: the block is [[c, s], [-s, c]].",
     _ROT_HEAD + '''    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, -s], [s, c]]
    return M
''')

_add(C, "minus-sign-lost",
     "The block [[c, s], [s, c]] has no minus: the new cosine is cos a cos b - sin a sin b, so row 2i + 1 is [-s, c].",
     _ROT_HEAD + '''    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [s, c]]
    return M
''')

_add(C, "sin-and-cos-places-swapped",
     "Puts the sines on the block's diagonal and the cosines off it. From sin(a + b) = sin a cos b + cos a sin b, the diagonal "
     "holds cos(kw): [[c, s], [-s, c]].",
     _ROT_HEAD + '''    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[s, c], [-c, s]]
    return M
''')

_add(C, "frequency-left-out",
     "Uses cos(k) and sin(k) for every pair: the angle of pair i is k times its frequency, k * w.",
     _ROT_HEAD + '''    for i, w in enumerate(freqs):
        c, s = np.cos(k), np.sin(k)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "offset-left-out",
     "Uses cos(w) and sin(w): that is the matrix for an offset of 1. The angle is k * w.",
     _ROT_HEAD + '''    for i, w in enumerate(freqs):
        c, s = np.cos(w), np.sin(w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "offset-as-distance",
     "abs(k) treats the offset as a distance, so a negative k turns the wrong way. Moving back by k is the angle k * w with its sign: "
     "drop the abs.",
     _ROT_HEAD + '''    for i, w in enumerate(freqs):
        c, s = np.cos(abs(k) * w), np.sin(abs(k) * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "sine-bracket-slip",
     "np.sin(k) * w takes the sine of k and then multiplies by w; the w belongs inside: np.sin(k * w).",
     _ROT_HEAD + '''    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k) * w
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "divides-by-frequency",
     "Uses k / w, an offset measured against the wavelength the wrong way round. The angle a shift of k adds is k * w.",
     _ROT_HEAD + '''    for i, w in enumerate(freqs):
        c, s = np.cos(k / w), np.sin(k / w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "block-at-i",
     "Places pair i's block at rows and columns i, i + 1, so the blocks overlap and overwrite each other. Pair i occupies 2i and "
     "2i + 1: M[2*i : 2*i + 2, 2*i : 2*i + 2].",
     _ROT_HEAD + '''    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[i : i + 2, i : i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "last-pair-skipped",
     "range(d_model // 2 - 1) stops one pair early, so the last block stays zeros. Loop over all d_model // 2 pairs.",
     _ROT_HEAD + '''    for i in range(d_model // 2 - 1):
        c, s = np.cos(k * freqs[i]), np.sin(k * freqs[i])
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
    return M
''')

_add(C, "diagonal-only",
     "Writes the cosines on the diagonal but never the sines beside them, so no pair turns (it only shrinks). Each 2 x 2 block "
     "also needs s at (2i, 2i + 1) and -s at (2i + 1, 2i).",
     _ROT_HEAD + '''    for i, w in enumerate(freqs):
        M[2 * i, 2 * i] = np.cos(k * w)
        M[2 * i + 1, 2 * i + 1] = np.cos(k * w)
    return M
''')

_add(C, "return-inside-loop",
     "The return is indented inside the for loop, so the function returns after the first pair and every other block stays zeros. "
     "Dedent return M out of the loop.",
     _ROT_HEAD + '''    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]
        return M
''')

_add(C, "broadcast-instead-of-diag",
     "M[0::2, 0::2] = c assigns the whole vector to every row of that sub-grid, filling entries between different pairs too. "
     "Only the diagonal of each sub-grid is meant: assign np.diag(c) (and np.diag(s), -np.diag(s)).",
     _ROT_HEAD + '''    c, s = np.cos(k * freqs), np.sin(k * freqs)  # (d_model // 2,) each
    M[0::2, 0::2] = c
    M[1::2, 1::2] = c
    M[0::2, 1::2] = s
    M[1::2, 0::2] = -s
    return M
''')

_add(C, "superdiagonal-leak",
     "Builds M from np.diag with offsets 1 and -1, but those diagonals also run between neighbouring pairs (entry (2i + 1, 2i + 2)), "
     "coupling pairs that should be independent. Every other off-diagonal entry must stay 0: fill block by block.",
     _ROT_HEAD + '''    c, s = np.cos(k * freqs), np.sin(k * freqs)
    side = np.repeat(s, 2)[:-1]  # s next to each cosine
    M = np.diag(np.repeat(c, 2)) + np.diag(side, 1) - np.diag(side, -1)
    return M
''')

_add(C, "rebinds-not-writes",
     "block = M[...] gives a view, but block = [[c, s], [-s, c]] then just points the name block at a new list; M is never written "
     "and stays zeros. Assign into M: M[2*i : 2*i + 2, 2*i : 2*i + 2] = [[c, s], [-s, c]].",
     _ROT_HEAD + '''    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        block = M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2]
        block = np.array([[c, s], [-s, c]])
    return M
''')

_add(C, "starts-from-identity",
     "Starts from np.eye and adds each block with +=, so every diagonal entry is 1 + cos(kw) instead of cos(kw). "
     "Start from zeros, or assign the block with = rather than +=.",
     '''
def my_offset_rotation(k, d_model):
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # (d_model // 2,)
    M = np.eye(d_model)  # a shift of 0 changes nothing
    for i, w in enumerate(freqs):
        c, s = np.cos(k * w), np.sin(k * w)
        M[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] += [[c, s], [-s, c]]
    return M
''')


# ---------------------------------------------------------------------------
C = "check_cosine_similarity"

_add(C, "one-length-only",
     "dots / lengths divides entry [p, q] by the length of row q only (the (seq_len,) array lines up with the columns). "
     "Divide by both lengths: np.outer(lengths, lengths).",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T  # (seq_len, seq_len): every dot product
    lengths = np.linalg.norm(table, axis=1)
    return dots / lengths
''')

_add(C, "squared-lengths",
     "Sums the squares of each row but forgets the square root, so the 'lengths' are squared lengths. Use np.linalg.norm(table, axis=1), "
     "or np.sqrt of that sum.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = (table ** 2).sum(axis=1)
    return dots / np.outer(lengths, lengths)
''')

_add(C, "sum-of-absolute-values",
     "Measures each row by the sum of its absolute values (the L1 norm) instead of its length sqrt(sum of squares). "
     "Use np.linalg.norm(table, axis=1).",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = np.abs(table).sum(axis=1)
    return dots / np.outer(lengths, lengths)
''')

_add(C, "whole-table-norm",
     "np.linalg.norm(table) without axis= gives one number, the length of the whole table, not one length per row. "
     "Add axis=1.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    length = np.linalg.norm(table)
    return dots / (length * length)
''')

_add(C, "plus-not-times",
     "Divides by lengths[p] + lengths[q]; the denominator is their product. Use np.outer(lengths, lengths).",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = np.linalg.norm(table, axis=1)
    return dots / (lengths[:, None] + lengths[None, :])
''')

_add(C, "transpose-of-1d",
     "lengths.T does nothing to a 1-D array, so lengths * lengths.T is each length squared, (seq_len,), and it divides the columns. "
     "Make a column and a row: lengths[:, None] * lengths[None, :].",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = np.linalg.norm(table, axis=1)
    return dots / (lengths * lengths.T)
''')

_add(C, "lengths-dot-product",
     "lengths @ lengths is a single number, the sum of all squared lengths, not the product of the two rows' lengths for each entry. "
     "Use np.outer(lengths, lengths).",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = np.linalg.norm(table, axis=1)
    return dots / (lengths @ lengths)
''')

_add(C, "normalises-the-dots",
     "Divides each row of dots by that row's own length, normalising the matrix of dot products instead of the rows of the table. "
     "Take the lengths of the table's rows: np.linalg.norm(table, axis=1).",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    return dots / np.linalg.norm(dots, axis=1, keepdims=True)
''')

_add(C, "divides-by-largest",
     "Scales every dot product by the largest one, which maps the values into [-1, 1] but is not the cosine of each pair. "
     "Divide entry [p, q] by lengths[p] * lengths[q].",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    return dots / np.abs(dots).max()
''')

_add(C, "cosine-distance",
     "Returns 1 - cosine, the cosine distance; the exercise asks for the similarity itself. Drop the 1 -.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = np.linalg.norm(table, axis=1)
    return 1 - dots / np.outer(lengths, lengths)
''')

_add(C, "returns-the-angle",
     "np.arccos turns the cosine into the angle between the rows; the exercise asks for the cosine. Drop np.arccos.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = np.linalg.norm(table, axis=1)
    return np.arccos(np.clip(dots / np.outer(lengths, lengths), -1, 1))
''')

_add(C, "floor-division",
     "// rounds every cosine down to a whole number (-1, 0 or 1). Use / to divide.",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = np.linalg.norm(table, axis=1)
    return dots // np.outer(lengths, lengths)
''')

_add(C, "row-sums",
     "table.sum(axis=1) adds each row's entries, with their signs; a row's length is the square root of the sum of its squares. "
     "Use np.linalg.norm(table, axis=1).",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = table.sum(axis=1)
    return dots / np.outer(lengths, lengths)
''')

_add(C, "correlation-not-cosine",
     "np.corrcoef subtracts each row's mean before comparing, giving the correlation, not the cosine of the raw rows. "
     "Divide the dot products by the lengths.",
     '''
def my_cosine_similarity(table):
    return np.corrcoef(table)
''')

_add(C, "len-as-length",
     "len(row) counts a row's entries (d_model), it is not the row's geometric length. Use np.linalg.norm(table, axis=1).",
     '''
def my_cosine_similarity(table):
    dots = table @ table.T
    lengths = np.array([len(row) for row in table])
    return dots / np.outer(lengths, lengths)
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
     "The signs of the sine terms are swapped (first * cos + second * sin, -first * sin + second * cos), which turns each pair by "
     "minus its angle. The new first is first * cos - second * sin, the new second first * sin + second * cos.",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) + second * np.sin(angles)
    out[:, 1::2] = -first * np.sin(angles) + second * np.cos(angles)
    return out
''')

_add(C, "writes-into-x",
     "out = x is not a copy, and first is a view of x, so writing the new firsts changes first before the second line reads it "
     "(and changes the caller's x). Write into a new array: out = np.empty_like(x).",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    out = x
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return out
''')

_add(C, "pairs-as-halves",
     "Pairs dimension i with dimension i + d_head/2 (first half against second half); this exercise pairs neighbours (2i, 2i + 1). "
     "Use x[:, 0::2] and x[:, 1::2], and write back to the same slices.",
     _ROPE_HEAD + '''    half = d_head // 2
    first, second = x[:, :half], x[:, half:]
    out = np.empty_like(x)
    out[:, :half] = first * np.cos(angles) - second * np.sin(angles)
    out[:, half:] = first * np.sin(angles) + second * np.cos(angles)
    return out
''')

_add(C, "sin-and-cos-swapped",
     "Uses sin where the formula has cos and cos where it has sin, which is not a rotation by the angle. "
     "New first = first * cos - second * sin; new second = first * sin + second * cos.",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.sin(angles) - second * np.cos(angles)
    out[:, 1::2] = first * np.cos(angles) + second * np.sin(angles)
    return out
''')

_add(C, "minus-in-both-lines",
     "Copies the minus into the second line (second * cos - first * sin), so the pair is not turned but reflected and stretched. "
     "The new second is first * sin + second * cos.",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = second * np.cos(angles) - first * np.sin(angles)
    return out
''')

_add(C, "row-number-as-position",
     "Replaces the given positions by the row numbers 0, 1, ..., seq_len - 1, so scattered positions are ignored. "
     "The angles must come from the positions argument.",
     '''
def my_rope(x, positions):
    d_head = x.shape[1]
    thetas = 10000.0 ** (-np.arange(0, d_head, 2) / d_head)  # (d_head // 2,)
    angles = np.arange(x.shape[0])[:, None] * thetas  # row p is at position p
    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return out
''')

_add(C, "second-never-written",
     "Fills the new firsts but never the new seconds, so every odd column stays 0. Add out[:, 1::2] = first * sin + second * cos.",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    out = np.zeros_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    return out
''')

_add(C, "outputs-in-swapped-columns",
     "Writes the new first into the odd columns and the new second into the even ones. The first of pair i stays in column 2i: "
     "out[:, 0::2] gets the new first.",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 1::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 0::2] = first * np.sin(angles) + second * np.cos(angles)
    return out
''')

_add(C, "adds-instead-of-turning",
     "Adds sines and cosines to the pairs, like the sinusoidal table, instead of turning them. RoPE multiplies: "
     "first * cos - second * sin and first * sin + second * cos.",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first + np.sin(angles)
    out[:, 1::2] = second + np.cos(angles)
    return out
''')

_add(C, "no-cross-terms",
     "Multiplies each dimension by cos only, so the two members of a pair never mix and the pair only shrinks. A turn needs the "
     "sine terms too: - second * sin and + first * sin.",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles)
    out[:, 1::2] = second * np.cos(angles)
    return out
''')

_add(C, "returns-the-input",
     "Computes the turned array but returns x. Return out.",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return x
''')

_add(C, "stacked-on-wrong-axis",
     "np.stack(..., axis=1) gives shape (seq_len, 2, d_head // 2), so the reshape puts all new firsts before all new seconds. "
     "Stack on the last axis, axis=-1, so each pair's two values sit side by side before reshaping.",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    new_first = first * np.cos(angles) - second * np.sin(angles)
    new_second = first * np.sin(angles) + second * np.cos(angles)
    return np.stack([new_first, new_second], axis=1).reshape(x.shape)
''')

_add(C, "thetas-not-angles",
     "Takes cos and sin of thetas, the frequencies, so every row is turned by the same angle whatever its position. "
     "Use the angles, positions times thetas.",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(thetas) - second * np.sin(thetas)
    out[:, 1::2] = first * np.sin(thetas) + second * np.cos(thetas)
    return out
''')

_add(C, "slice-typo",
     "x[:, 1:2] is the single column 1, not every odd column: it broadcasts, so every pair uses column 1 as its second. "
     "Write x[:, 1::2] (two colons).",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1:2]
    out = np.empty_like(x)
    out[:, 0::2] = first * np.cos(angles) - second * np.sin(angles)
    out[:, 1::2] = first * np.sin(angles) + second * np.cos(angles)
    return out
''')

_add(C, "treated-as-degrees",
     "np.radians converts the angles as if they were degrees, so every pair turns about 57 times too little. "
     "The angles are already in radians: pass them to np.cos and np.sin directly.",
     _ROPE_HEAD + '''    first, second = x[:, 0::2], x[:, 1::2]
    c, s = np.cos(np.radians(angles)), np.sin(np.radians(angles))
    out = np.empty_like(x)
    out[:, 0::2] = first * c - second * s
    out[:, 1::2] = first * s + second * c
    return out
''')


# ---------------------------------------------------------------------------
C = "check_alibi_slopes"

_add(C, "power-rule-for-every-n",
     "Uses power_of_two(num_heads) for every number of heads; for a non-power of two the authors' code takes the c slopes of "
     "power_of_two(c), c the largest power of two below, then every other slope of power_of_two(2c).",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    return power_of_two(num_heads)
''')

_add(C, "heads-from-zero",
     "np.arange(n) counts h from 0, so the first slope is 2^0 = 1 and the last 2^(-8(n-1)/n). h runs from 1 to n: np.arange(1, n + 1).",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(n) / n)

    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "positive-exponent",
     "The exponent lost its minus: 2^(8h/n) gives slopes from 2^(8/n) up to 256 instead of below 1. Use 2.0 ** (-8 * h / n).",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "divides-by-h",
     "Writes 2^(-8/h) instead of 2^(-8h/n): h multiplies 8 and n divides. Use 2.0 ** (-8 * np.arange(1, n + 1) / n).",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 / np.arange(1, n + 1))

    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "base-e",
     "np.exp raises e, not 2, to the power. The slopes are powers of two: 2.0 ** (-8 * h / n).",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return np.exp(-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "exponent-precedence",
     "2.0 ** -8 * np.arange(1, n + 1) / n is (2^-8) * h / n, since ** binds tighter than * and /. Bracket the exponent: "
     "2.0 ** (-8 * np.arange(1, n + 1) / n).",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** -8 * np.arange(1, n + 1) / n

    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "floor-division-exponent",
     "// floors -8h/n to a whole number, so the exponents jump in whole steps instead of steps of 8/n. Use / in the exponent.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) // n)

    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "truncates-next-power",
     "Takes the sequence of the next power of two and keeps its first num_heads slopes; the rule rounds down instead: the c slopes "
     "of the largest power of two c <= n, then every other slope of 2c for the rest.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 2 ** int(np.ceil(np.log2(num_heads)))  # smallest power of two >= num_heads
    return power_of_two(c)[:num_heads]
''')

_add(C, "every-other-from-second",
     "[1::2] takes every other slope starting with the second; the rule starts with the first, [0::2].",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[1::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "every-other-of-c",
     "Takes the extra slopes from power_of_two(c)[0::2], which repeats slopes already used; they come from the sequence of 2c heads: "
     "power_of_two(2 * c)[0::2].",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "extra-slopes-first",
     "Concatenates the extra slopes before the c slopes of power_of_two(c); they come after: np.concatenate([power_of_two(c), extra]).",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([extra, power_of_two(c)])
''')

_add(C, "extra-not-cut",
     "Adds all c of the every-other slopes, so 12 heads get 16 slopes. Keep only the first num_heads - c: [: num_heads - c].",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2] if num_heads != c else np.array([])
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "first-of-2c-not-every-other",
     "Takes the first num_heads - c slopes of power_of_two(2c) one after another; the rule takes every other one, starting with the "
     "first: power_of_two(2 * c)[0::2][: num_heads - c].",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "exponent-not-power",
     "int(np.log2(num_heads)) is the exponent a (3 for 12 heads), not the power of two c = 2^a (8). Use 2 ** int(np.log2(num_heads)).",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = int(np.log2(num_heads))  # largest power of two <= num_heads
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "bit-length-off-by-one",
     "1 << num_heads.bit_length() is the power of two above num_heads (16 for 8 heads). The largest power of two <= n is "
     "1 << (num_heads.bit_length() - 1).",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << num_heads.bit_length()
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "caret-for-power",
     "In Python ^ is bitwise XOR, not a power: 2 ^ 3 is 1, not 8. Write 2 ** int(np.log2(num_heads)).",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 2 ^ int(np.log2(num_heads))  # 2^a, the largest power of two <= num_heads
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "inner-uses-num-heads",
     "Inside power_of_two the exponent divides by num_heads instead of the function's own n, so power_of_two(c) and power_of_two(2c) "
     "are both built for num_heads heads. Divide by n.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / num_heads)

    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "one-head-short",
     "np.arange(1, n) stops at n - 1, so each sequence lacks its last slope 2^(-8). Use np.arange(1, n + 1).",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n) / n)

    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.concatenate([power_of_two(c), extra])
''')

_add(C, "sorted-slopes",
     "Sorts the slopes from largest to smallest, which moves the extra slopes in among the first c. The authors' order is the c "
     "slopes of power_of_two(c) first, then the extra ones: do not sort.",
     '''
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)

    c = 1 << (num_heads.bit_length() - 1)
    extra = power_of_two(2 * c)[0::2][: num_heads - c]
    return np.sort(np.concatenate([power_of_two(c), extra]))[::-1]  # one slope per head, steepest first
''')


# ---------------------------------------------------------------------------
C = "check_alibi_bias"

_BIAS_HEAD = '''
def my_alibi_bias(seq_len, num_heads, causal=True):
    slopes = posenc.alibi_slopes(num_heads)  # (num_heads,)
    i = np.arange(seq_len)[:, None]  # (seq_len, 1): the query's position
    j = np.arange(seq_len)[None, :]  # (1, seq_len): the key's position
'''

_add(C, "no-minus-sign",
     "slopes * distance is positive, so farther keys get a bonus instead of a penalty. The bias is -slopes[:, None, None] * distance.",
     _BIAS_HEAD + '''    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)
    return slopes[:, None, None] * distance
''')

_add(C, "key-minus-query",
     "np.maximum(j - i, 0) is the distance to later keys: it is zero below the diagonal, where the visible keys are, and grows above it. "
     "The query's distance back to key j is i - j: np.maximum(i - j, 0).",
     _BIAS_HEAD + '''    distance = np.maximum(j - i, 0) if causal else np.abs(i - j)
    return -slopes[:, None, None] * distance
''')

_add(C, "upper-part-not-zeroed",
     "Uses i - j for the causal case without np.maximum, so above the diagonal i - j is negative and the bias becomes a bonus there. "
     "Clip it: np.maximum(i - j, 0).",
     _BIAS_HEAD + '''    distance = (i - j) if causal else np.abs(i - j)
    return -slopes[:, None, None] * distance
''')

_add(C, "always-absolute",
     "Ignores the causal flag and always uses |i - j|, so the causal bias is not 0 above the diagonal. For causal=True use "
     "np.maximum(i - j, 0).",
     _BIAS_HEAD + '''    distance = np.abs(i - j)
    return -slopes[:, None, None] * distance
''')

_add(C, "always-clipped",
     "Ignores causal=False and always uses np.maximum(i - j, 0), so the encoder gets no penalty for keys after the query. "
     "Without the mask the distance is np.abs(i - j).",
     _BIAS_HEAD + '''    distance = np.maximum(i - j, 0)
    return -slopes[:, None, None] * distance
''')

_add(C, "signed-encoder-distance",
     "For causal=False uses i - j with its sign, so keys after the query get a bonus. The encoder's distance is np.abs(i - j).",
     _BIAS_HEAD + '''    distance = np.maximum(i - j, 0) if causal else (i - j)
    return -slopes[:, None, None] * distance
''')

_add(C, "outer-flattens",
     "np.outer flattens the distance matrix, giving shape (num_heads, seq_len * seq_len). Broadcast instead: "
     "-slopes[:, None, None] * distance.",
     _BIAS_HEAD + '''    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)
    return -np.outer(slopes, distance)
''')

_add(C, "one-slope-for-all-heads",
     "Uses slopes[0] for every head, so all the heads get the same bias. Each head h has its own slope: slopes[:, None, None].",
     _BIAS_HEAD + '''    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)
    return np.stack([-slopes[0] * distance for _ in range(num_heads)])
''')

_add(C, "heads-reversed",
     "slopes[::-1] gives the first head the smallest slope; head h takes slopes[h] in the given order.",
     _BIAS_HEAD + '''    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)
    return -slopes[::-1, None, None] * distance  # gentlest head first
''')

_add(C, "squared-distance",
     "Squares the distance, so the penalty grows quadratically; ALiBi's penalty is linear in the distance: -m * (i - j).",
     _BIAS_HEAD + '''    distance = np.maximum(i - j, 0) ** 2 if causal else (i - j) ** 2
    return -slopes[:, None, None] * distance
''')

_add(C, "divides-by-slope",
     "Divides the distance by the slope instead of multiplying, so the gentlest head gets the steepest penalty. The bias is "
     "-m_h * distance.",
     _BIAS_HEAD + '''    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)
    return -distance / slopes[:, None, None]
''')

_add(C, "heads-on-last-axis",
     "slopes * distance[:, :, None] puts the heads on the last axis, shape (seq_len, seq_len, num_heads). The heads come first: "
     "slopes[:, None, None] * distance.",
     _BIAS_HEAD + '''    distance = np.maximum(i - j, 0) if causal else np.abs(i - j)
    return -slopes * distance[:, :, None]
''')

_add(C, "triu-not-tril",
     "np.triu keeps the part above the diagonal, where i - j is negative, and zeroes the visible keys below it. The causal distance "
     "lives below the diagonal: np.maximum(i - j, 0) (or np.tril).",
     _BIAS_HEAD + '''    distance = np.triu(i - j) if causal else np.abs(i - j)
    return -slopes[:, None, None] * distance
''')

_add(C, "flat-penalty",
     "Uses whether a key is another word (0 or 1) instead of how far it is, so every other key gets the same penalty m. "
     "The penalty grows with the distance i - j.",
     _BIAS_HEAD + '''    distance = ((i > j) if causal else (i != j)).astype(float)  # 1 for every other key
    return -slopes[:, None, None] * distance
''')

_add(C, "np-max-reduces",
     "np.max(i - j, 0) is not np.maximum: it takes the maximum along axis 0 and returns one row, shape (seq_len,). Use "
     "np.maximum(i - j, 0), entry by entry.",
     _BIAS_HEAD + '''    distance = np.max(i - j, 0) if causal else np.abs(i - j)
    return -slopes[:, None, None] * distance
''')

_add(C, "minus-infinity-above",
     "Puts -inf above the diagonal, doing the mask's job inside the bias; the exercise wants 0 there (the causal mask hides those keys "
     "anyway). Use np.maximum(i - j, 0).",
     _BIAS_HEAD + '''    distance = np.where(i >= j, i - j, np.inf) if causal else np.abs(i - j)
    return -slopes[:, None, None] * distance
''')


# ---------------------------------------------------------------------------
C = "check_scheme_layer"

_add(C, "sinusoidal-on-queries-and-keys",
     "Adds the sinusoidal table to q and k after the projections instead of to the word vectors x before them. "
     "Add posenc.sinusoidal(n, x.shape[1]) to x, before q, k, v are made.",
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
        q, k = q + table, k + table
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
     "parts['table'][-n:] takes the table's last n rows, so the first word gets a late position's row. Position p's row is row p: "
     "parts['table'][:n].",
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

_add(C, "rope-turns-values",
     "Turns the values as well as the queries and keys, so the outputs carry absolute positions. RoPE turns q and k only; v stays as it is.",
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

_add(C, "rope-turns-queries-only",
     "Turns the queries but not the keys, so a score depends on the query's absolute position instead of the offset m - n. "
     "Turn both: q, k = posenc.apply_rope(q), posenc.apply_rope(k).",
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

_add(C, "rope-at-the-input",
     "Turns the word vectors x before the projections; the projections then mix the turned pairs, so only the offset no longer "
     "counts (and the values are turned too). Turn q and k after x @ w_q and x @ w_k.",
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

_add(C, "alibi-bonus",
     "The ALiBi bias has no minus sign, so far keys get higher scores instead of lower. The bias is -capstone.ALIBI_SLOPE * |i - j|.",
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

_add(C, "alibi-signed-offset",
     "Uses i - j without np.abs, so keys after the query get a bonus and the bidirectional layer tells a sentence from its reverse. "
     "The distance is np.abs(i[:, None] - i[None, :]).",
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

_add(C, "alibi-slope-left-out",
     "The bias is -|i - j| with slope 1 instead of capstone.ALIBI_SLOPE = 1/2, so the penalty is twice as steep. "
     "Multiply by capstone.ALIBI_SLOPE.",
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

_add(C, "always-causal",
     "Always passes posenc.causal_mask(n), so even with causal=False no word sees a later one. Pass the mask only when causal is True, "
     "otherwise None.",
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

_add(C, "causal-flag-ignored",
     "mask is always None, so causal=True still lets words attend to later ones. Use mask = posenc.causal_mask(n) if causal else None.",
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

_add(C, "mask-transposed",
     "posenc.causal_mask(n).T flips the mask, so each word sees the later words instead of the earlier ones. Use "
     "posenc.causal_mask(n) as it is.",
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
    mask = posenc.causal_mask(n).T if causal else None  # rows are keys, columns queries
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')

_add(C, "or-is-always-true",
     "if scheme == 'sinusoidal' or 'learned': is always true, since the non-empty string 'learned' counts as True on its own, so every "
     "scheme gets a table added. Write if scheme in ('sinusoidal', 'learned'): (or compare scheme with each name).",
     '''
from posenc import capstone


def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
    if scheme == "sinusoidal" or "learned":
        x = x + (posenc.sinusoidal(n, x.shape[1]) if scheme == "sinusoidal" else parts["table"][:n])
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

_add(C, "learned-gets-sinusoidal",
     "For 'learned' adds the sinusoidal table too; the learned scheme adds the stand-in learned rows, parts['table'][:n].",
     '''
from posenc import capstone


def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]
    if scheme in ("sinusoidal", "learned"):
        x = x + posenc.sinusoidal(n, x.shape[1])  # both add a table of positions
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

_add(C, "returns-outputs-only",
     "Keeps only [0], the outputs; the layer must return what posenc.attention returns, the outputs and the weights. Drop the [0].",
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
    return posenc.attention(q, k, v, mask=mask, bias=bias)[0]
''')

_add(C, "row-by-word-not-position",
     "Adds the sinusoidal rows to the vocabulary before picking the words, so each word gets the row of its index in capstone.WORDS, "
     "not of its place in the sentence. Add posenc.sinusoidal(n, ...) to x after picking the words.",
     '''
from posenc import capstone


def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]
    n = len(sentence)
    words = parts["embeddings"]
    if scheme == "sinusoidal":
        words = words + posenc.sinusoidal(len(words), words.shape[1])
    x = words[[capstone.WORDS.index(word) for word in sentence]]
    if scheme == "learned":
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

_add(C, "multiplies-the-table",
     "Multiplies the word vectors by the sinusoidal rows instead of adding them. The scheme adds position p's row: x + table.",
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

_add(C, "scheme-name-spelt-like-the-paper",
     "Compares scheme with 'ALiBi', as the paper spells it, but the layer's name is 'alibi'; string comparison is case-sensitive, so "
     "the bias is never added. Compare with scheme == 'alibi'.",
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
    if scheme == "ALiBi":
        i = np.arange(n)
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)
''')


# ---------------------------------------------------------------------------
C = "check_comparison_table"

# Each answer starts from the course's own rows (copied, so the original is not changed) and
# goes wrong in one cell or one idea, as a learner's filled-in table would.
_TABLE_HEAD = '''
my_table = {scheme: dict(row) for scheme, row in checks.comparison_table_answer().items()}
rows, columns = list(checks.recap.ROWS), list(checks.recap.COLUMNS)


def _find(names, words, index):  # the key that contains one of the words, else the one at index
    return next((n for n in names if any(w in n.lower() for w in words)), names[index])


sinusoidal, learned, t5, rope, alibi = (
    _find(rows, words, i) for i, words in enumerate([("sin",), ("learn",), ("t5",), ("rope",), ("alibi",)])
)
column = {
    key: _find(columns, words, i)
    for i, (key, words) in enumerate(
        [("absolute", ("absolute",)), ("where", ("where", "act")), ("past", ("past", "beyond")),
         ("param", ("param", "trained")), ("used", ("used",))]
    )
}
'''

_add(C, "sinusoidal-called-relative",
     "Marks the sinusoidal table as relative because of lesson 03's offset rotation M_k; but the table gives each position its own row, "
     "added at the input: it is absolute (the rotation is only a property the model may use).",
     _TABLE_HEAD + '''my_table[sinusoidal][column["absolute"]] = my_table[rope][column["absolute"]]
''')

_add(C, "rope-called-absolute",
     "Marks RoPE as absolute because each vector is turned by its own position; but the score only sees the difference of the two "
     "angles, the offset m - n: RoPE is relative.",
     _TABLE_HEAD + '''my_table[rope][column["absolute"]] = my_table[learned][column["absolute"]]
''')

_add(C, "t5-called-absolute",
     "Marks T5's bias as absolute, reading the bucket as a position; the bucket is a bucket of the offset i - j, so the bias is relative.",
     _TABLE_HEAD + '''my_table[t5][column["absolute"]] = my_table[learned][column["absolute"]]
''')

_add(C, "rope-acts-at-input",
     "Says RoPE acts at the input, like the tables; it turns the queries and the keys after the projections (lesson 05), not the "
     "word vectors.",
     _TABLE_HEAD + '''my_table[rope][column["where"]] = my_table[sinusoidal][column["where"]]
''')

_add(C, "alibi-acts-at-input",
     "Says ALiBi acts at the input; it adds -m |i - j| to the attention scores (lesson 06), and never touches the word vectors.",
     _TABLE_HEAD + '''my_table[alibi][column["where"]] = my_table[sinusoidal][column["where"]]
''')

_add(C, "t5-acts-on-queries-and-keys",
     "Puts T5's bias on the queries and keys, like RoPE; T5 adds a learned scalar to each score, so it acts on the scores, like ALiBi.",
     _TABLE_HEAD + '''my_table[t5][column["where"]] = my_table[rope][column["where"]]
''')

_add(C, "learned-table-goes-on",
     "Gives the learned table the sinusoidal table's answer past the training length, as if new rows could be computed; a learned "
     "table stops at its last row (lesson 04): there is no row for a later position.",
     _TABLE_HEAD + '''my_table[learned][column["past"]] = my_table[sinusoidal][column["past"]]
''')

_add(C, "sinusoidal-runs-out",
     "Gives the sinusoidal table the learned table's answer, as if it had a last row; the formula gives a row for any position, "
     "only never seen in training.",
     _TABLE_HEAD + '''my_table[sinusoidal][column["past"]] = my_table[learned][column["past"]]
''')

_add(C, "t5-runs-out",
     "Treats T5's buckets like a table's rows that run out; every far offset falls into the last bucket, which already exists "
     "and was trained: a longer input brings no new bucket.",
     _TABLE_HEAD + '''my_table[t5][column["past"]] = my_table[learned][column["past"]]
''')

_add(C, "alibi-slopes-trained",
     "Counts ALiBi's slopes as trained parameters, like T5's bucket biases; the slopes are fixed by a formula (2^(-8h/n)), "
     "nothing about position is trained.",
     _TABLE_HEAD + '''my_table[alibi][column["param"]] = my_table[t5][column["param"]]
''')

_add(C, "rope-angles-trained",
     "Counts RoPE's angles as trained, like a learned table's rows; its frequencies are fixed by the base 10,000, so RoPE adds no "
     "trained position parameters (the query and key weights do not count here).",
     _TABLE_HEAD + '''my_table[rope][column["param"]] = my_table[learned][column["param"]]
''')

_add(C, "t5-bias-not-counted",
     "Says T5 has no trained position parameters, like the sinusoidal table; T5's bucket biases, one learned scalar per head and bucket, "
     "exist only to encode position and count.",
     _TABLE_HEAD + '''my_table[t5][column["param"]] = my_table[sinusoidal][column["param"]]
''')

_add(C, "learned-table-not-counted",
     "Says a learned table has no trained position parameters, as if its rows were computed; its rows are exactly the parameters "
     "trained to encode position.",
     _TABLE_HEAD + '''my_table[learned][column["param"]] = my_table[sinusoidal][column["param"]]
''')

_add(C, "gpt2-with-the-original",
     "Swaps the models of the two tables, putting BERT and GPT-2 with the sinusoidal table; the original Transformer uses the "
     "sinusoidal table and BERT and GPT-2 learn theirs.",
     _TABLE_HEAD + '''used = column["used"]
my_table[sinusoidal][used], my_table[learned][used] = my_table[learned][used], my_table[sinusoidal][used]
''')

_add(C, "llama-with-alibi",
     "Swaps the models of RoPE and ALiBi; Llama and Mistral 7B use RoPE, BLOOM and MPT use ALiBi.",
     _TABLE_HEAD + '''used = column["used"]
my_table[rope][used], my_table[alibi][used] = my_table[alibi][used], my_table[rope][used]
''')

_add(C, "numbers-from-zero",
     "Gives each answer's number counted from 0, like a Python index; the cell above numbers the allowed answers from 1 "
     "(enumerate(..., start=1)), so every number points at the answer before the intended one. Add 1, or write the text.",
     '''
answer = checks.comparison_table_answer()
my_table = {
    scheme: {c: list(checks.recap.COLUMNS[c]).index(text) for c, text in row.items()}
    for scheme, row in answer.items()
}
''')

_add(C, "one-row-dict-shared",
     "dict.fromkeys(rows, row) puts the same inner dict in every row, so each assignment changes all five rows and they all end up "
     "equal to the last one filled. Give each row its own dict, as blank does: {scheme: dict.fromkeys(COLUMNS, ...) for scheme in ROWS}.",
     '''
answer = checks.comparison_table_answer()
columns = list(next(iter(answer.values())))
my_table = dict.fromkeys(answer, dict.fromkeys(columns, ...))
for scheme, row in answer.items():
    for c, text in row.items():
        my_table[scheme][c] = text
''')

_add(C, "one-cell-left-blank",
     "One cell (ALiBi's 'used by') is still ..., as in blank: every one of the 25 cells needs an answer.",
     _TABLE_HEAD + '''my_table[alibi][column["used"]] = ...
''')

_add(C, "columns-as-outer-keys",
     "Nests the table the other way round, columns outside and schemes inside; the table's keys are the schemes (checks.recap.ROWS), "
     "each holding a dict of columns: my_table[scheme][column].",
     '''
answer = checks.comparison_table_answer()
columns = list(next(iter(answer.values())))
my_table = {c: {scheme: answer[scheme][c] for scheme in answer} for c in columns}
''')

_add(C, "list-of-rows",
     "Hands in a list of rows in order; the table must be a dict keyed by the schemes' names (checks.recap.ROWS), as blank is, so "
     "that my_table['learned'] finds the learned row.",
     '''
answer = checks.comparison_table_answer()
my_table = [list(row.values()) for row in answer.values()]
''')
