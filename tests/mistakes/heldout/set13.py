"""Plausible wrong answers to the T5 branch of lesson 08's capstone layer (set 13)."""

MISTAKES = []


def _add(checker, name, cause, code):
    MISTAKES.append(dict(checker=checker, name=name, cause=cause, code=code))


C = "check_scheme_layer"

_add(C, 'offset-sign-flipped',
     "In the t5 branch the offsets are written `i[None, :] - i[:, None]`, which is j - i (key minus query, as in the Mesh TensorFlow code the lesson mentions), so keys before the query get the buckets meant for keys after it and the other way round; the course's convention is i - j: `posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=not causal)`.",
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]                                        # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])                                # each position's row, added to its word
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v                                         # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)                       # turned by position; v is not
    bias = None
    i = np.arange(n)
    if scheme == "alibi":
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])          # (n, n)
    elif scheme == "t5":
        buckets = posenc.t5_bucket(i[None, :] - i[:, None], bidirectional=not causal)  # (n, n)
        bias = parts["bucket_values"][buckets]
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'abs-on-offsets',
     'In the t5 branch the offsets go through `np.abs(...)` as in the ALiBi line, so a key 2 positions after the query gets the same bucket as a key 2 positions before it and T5 loses the direction; pass the signed offsets, `posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=not causal)`, with no `np.abs`.',
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]                                        # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])                                # each position's row, added to its word
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v                                         # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)                       # turned by position; v is not
    bias = None
    i = np.arange(n)
    if scheme == "alibi":
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])          # (n, n)
    elif scheme == "t5":
        buckets = posenc.t5_bucket(np.abs(i[:, None] - i[None, :]), bidirectional=not causal)  # (n, n)
        bias = parts["bucket_values"][buckets]
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'bidirectional-flag-inverted',
     "The t5 branch calls `posenc.t5_bucket(..., bidirectional=causal)`: the flag is the wrong way round, so without the causal mask the layer uses the decoder's one-directional buckets (every key after the query lands in bucket 0); an encoder (not causal) is the bidirectional one: `bidirectional=not causal`.",
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]                                        # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])                                # each position's row, added to its word
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v                                         # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)                       # turned by position; v is not
    bias = None
    i = np.arange(n)
    if scheme == "alibi":
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])          # (n, n)
    elif scheme == "t5":
        buckets = posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=causal)  # (n, n)
        bias = parts["bucket_values"][buckets]
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'keyword-named-causal',
     'The t5 branch calls `posenc.t5_bucket(..., causal=causal)`, but `t5_bucket` has no `causal` keyword, so every t5 call stops with a TypeError (this answer crashes); its keyword is `bidirectional`, the opposite of causal: `bidirectional=not causal`.',
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]                                        # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])                                # each position's row, added to its word
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v                                         # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)                       # turned by position; v is not
    bias = None
    i = np.arange(n)
    if scheme == "alibi":
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])          # (n, n)
    elif scheme == "t5":
        buckets = posenc.t5_bucket(i[:, None] - i[None, :], causal=causal)  # (n, n)
        bias = parts["bucket_values"][buckets]
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'minus-sign-from-alibi',
     'The t5 bias is written `bias = -parts["bucket_values"][buckets]`, with the minus sign carried over from the ALiBi line; T5\'s learned numbers are added as they are (a negative number already lowers the score): `bias = parts["bucket_values"][buckets]`.',
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]                                        # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])                                # each position's row, added to its word
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v                                         # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)                       # turned by position; v is not
    bias = None
    i = np.arange(n)
    if scheme == "alibi":
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])          # (n, n)
    elif scheme == "t5":
        buckets = posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=not causal)  # (n, n)
        bias = -parts["bucket_values"][buckets]
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'alibi-slope-on-t5',
     'The t5 bias is written `-capstone.ALIBI_SLOPE * parts["bucket_values"][buckets]`, copying ALiBi\'s factor; the slope belongs to ALiBi only, T5\'s bias is the bucket\'s learned number itself: `bias = parts["bucket_values"][buckets]`.',
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]                                        # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])                                # each position's row, added to its word
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v                                         # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)                       # turned by position; v is not
    bias = None
    i = np.arange(n)
    if scheme == "alibi":
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])          # (n, n)
    elif scheme == "t5":
        buckets = posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=not causal)  # (n, n)
        bias = -capstone.ALIBI_SLOPE * parts["bucket_values"][buckets]
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'bucket-index-as-bias',
     'The t5 branch sets `bias = posenc.t5_bucket(...)`, the bucket numbers themselves (0, 1, 2, ... 16 + distance), so far keys get big positive biases; the bucket is only an index, the bias is the learned number it picks: `bias = parts["bucket_values"][buckets]`.',
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]                                        # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])                                # each position's row, added to its word
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v                                         # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)                       # turned by position; v is not
    bias = None
    i = np.arange(n)
    if scheme == "alibi":
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])          # (n, n)
    elif scheme == "t5":
        bias = posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=not causal)  # (n, n)
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'offsets-one-dimensional',
     'The t5 branch passes `i` (the positions 0..n-1) to `posenc.t5_bucket` instead of the (n, n) matrix of offsets, so the bias has shape (n,) and broadcasts silently: every query gets the same bias for key j, values[bucket(j)]; build the offsets first: `posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=not causal)`.',
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]                                        # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])                                # each position's row, added to its word
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v                                         # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)                       # turned by position; v is not
    bias = None
    i = np.arange(n)
    if scheme == "alibi":
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])          # (n, n)
    elif scheme == "t5":
        buckets = posenc.t5_bucket(i, bidirectional=not causal)  # (n,)
        bias = parts["bucket_values"][buckets]
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'bias-never-assigned',
     'The t5 branch stores the looked-up numbers in `values = parts["bucket_values"][buckets]` but never assigns them to `bias`, which stays None, so scheme t5 gives exactly the layer without positions; the last line of the branch should be `bias = parts["bucket_values"][buckets]`.',
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]                                        # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])                                # each position's row, added to its word
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v                                         # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)                       # turned by position; v is not
    bias = None
    i = np.arange(n)
    if scheme == "alibi":
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])          # (n, n)
    elif scheme == "t5":
        buckets = posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=not causal)  # (n, n)
        values = parts["bucket_values"][buckets]
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'offsets-index-values-directly',
     'The t5 branch skips the buckets and indexes `parts["bucket_values"][i[:, None] - i[None, :]]` with the offsets themselves; the negative offsets of keys after the query wrap around to the end of the array (offset -1 picks value 31) instead of the encoder\'s buckets 17, 18, ...; go through the bucket function: `parts["bucket_values"][posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=not causal)]`.',
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]                                        # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])                                # each position's row, added to its word
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v                                         # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)                       # turned by position; v is not
    bias = None
    i = np.arange(n)
    if scheme == "alibi":
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])          # (n, n)
    elif scheme == "t5":
        bias = parts["bucket_values"][i[:, None] - i[None, :]]                  # (n, n)
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'int-preallocated-bias',
     'The t5 branch makes `bias = np.zeros_like(buckets)` and fills it with `bias[:] = parts["bucket_values"][buckets]`; `zeros_like` of the integer bucket array is an integer array, so every learned number is truncated toward zero (most become 0, -1.47 becomes -1); assign the looked-up floats directly, `bias = parts["bucket_values"][buckets]` (or use `np.zeros((n, n))`).',
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]                                        # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])                                # each position's row, added to its word
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v                                         # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)                       # turned by position; v is not
    bias = None
    i = np.arange(n)
    if scheme == "alibi":
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])          # (n, n)
    elif scheme == "t5":
        buckets = posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=not causal)  # (n, n)
        bias = np.zeros_like(buckets)
        bias[:] = parts["bucket_values"][buckets]
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'loop-range-off-by-one',
     'The t5 bias is filled by two loops `for a in range(n - 1): for b in range(n - 1):`, which stop one short, so the last query\'s row and the last key\'s column keep a bias of 0; the loops must cover every position, `range(n)` (or drop the loops: `parts["bucket_values"][posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=not causal)]`).',
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]                                        # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])                                # each position's row, added to its word
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v                                         # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)                       # turned by position; v is not
    bias = None
    i = np.arange(n)
    if scheme == "alibi":
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])          # (n, n)
    elif scheme == "t5":
        bias = np.zeros((n, n))
        for a in range(n - 1):
            for b in range(n - 1):
                bias[a, b] = parts["bucket_values"][posenc.t5_bucket(a - b, bidirectional=not causal)]
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'scaled-by-sqrt-d',
     'The t5 bias is divided by `np.sqrt(x.shape[1])` as if it were a score; `posenc.attention` adds the bias to the already scaled scores, so T5\'s numbers go in unscaled: `bias = parts["bucket_values"][buckets]`.',
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]                                        # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])                                # each position's row, added to its word
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v                                         # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)                       # turned by position; v is not
    bias = None
    i = np.arange(n)
    if scheme == "alibi":
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])          # (n, n)
    elif scheme == "t5":
        buckets = posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=not causal)  # (n, n)
        bias = parts["bucket_values"][buckets] / np.sqrt(x.shape[1])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'buckets-treated-as-one-based',
     'The t5 branch indexes `parts["bucket_values"][buckets - 1]`, as if buckets were numbered from 1; they start at 0, so every key gets its neighbour bucket\'s number and bucket 0 (the query itself) wraps round to the last value; index with `buckets` itself.',
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]                                        # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])                                # each position's row, added to its word
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v                                         # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)                       # turned by position; v is not
    bias = None
    i = np.arange(n)
    if scheme == "alibi":
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])          # (n, n)
    elif scheme == "t5":
        buckets = posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=not causal)  # (n, n)
        bias = parts["bucket_values"][buckets - 1]
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'sixteen-buckets',
     "The t5 branch calls `posenc.t5_bucket(..., num_buckets=16)`, taking lesson 07's '16 buckets for the query and the keys before it' as the total; T5's encoder has 32 buckets, 16 per direction, which is the function's default, so leave `num_buckets` out: `posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=not causal)`.",
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]                                        # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])                                # each position's row, added to its word
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v                                         # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)                       # turned by position; v is not
    bias = None
    i = np.arange(n)
    if scheme == "alibi":
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])          # (n, n)
    elif scheme == "t5":
        buckets = posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=not causal, num_buckets=16)  # (n, n)
        bias = parts["bucket_values"][buckets]
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'bucket-value-as-slope',
     'The t5 bias is `parts["bucket_values"][buckets] * (i[:, None] - i[None, :])`, treating each bucket\'s number as an ALiBi-like slope to multiply by the offset (which also zeroes the diagonal); in T5 the bucket\'s number is the bias itself: `bias = parts["bucket_values"][buckets]`.',
     '''
from posenc import capstone

def my_scheme_layer(sentence, scheme, causal=False):
    parts = capstone.parts()
    w_q, w_k, w_v = parts["projections"]                                        # (d_model, d_model) each
    n = len(sentence)
    x = parts["embeddings"][[capstone.WORDS.index(word) for word in sentence]]  # (n, d_model)
    if scheme == "sinusoidal":
        x = x + posenc.sinusoidal(n, x.shape[1])                                # each position's row, added to its word
    elif scheme == "learned":
        x = x + parts["table"][:n]
    q, k, v = x @ w_q, x @ w_k, x @ w_v                                         # (n, d_model) each
    if scheme == "rope":
        q, k = posenc.apply_rope(q), posenc.apply_rope(k)                       # turned by position; v is not
    bias = None
    i = np.arange(n)
    if scheme == "alibi":
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])          # (n, n)
    elif scheme == "t5":
        buckets = posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=not causal)  # (n, n)
        bias = parts["bucket_values"][buckets] * (i[:, None] - i[None, :])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')
