"""Plausible wrong answers to the T5 branch of lesson 08's capstone layer (set 12)."""

MISTAKES = []


def _add(checker, name, cause, code):
    MISTAKES.append(dict(checker=checker, name=name, cause=cause, code=code))


C = "check_scheme_layer"

_add(C, 't5-flag-inverted',
     "In the t5 branch, `bidirectional=causal` inverts the flag: without the causal mask your layer uses the decoder's buckets, which put every key after the query in bucket 0, so the keys after the query all get one number. It should be `bidirectional=not causal` (the encoder's buckets unless `causal`).",
     '''
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
        buckets = posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=causal)      # (n, n)
        bias = parts["bucket_values"][buckets]
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 't5-bidirectional-keyword-forgotten',
     'The call `posenc.t5_bucket(i[:, None] - i[None, :])` leaves out the `bidirectional=` keyword. It is a required keyword argument, so the t5 branch crashes with a TypeError. Write `posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=not causal)`.',
     '''
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
        buckets = posenc.t5_bucket(i[:, None] - i[None, :])                      # (n, n)
        bias = parts["bucket_values"][buckets]
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 't5-abs-of-offsets',
     'In the t5 branch you copied `np.abs(i[:, None] - i[None, :])` from the ALiBi line. T5 keeps the direction, so with the abs, a key 2 after the query gets the same bucket as a key 2 before it. Without the causal mask that is wrong. Pass the signed offsets, `posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=not causal)`.',
     '''
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

_add(C, 't5-key-minus-query',
     "The offsets are `i[None, :] - i[:, None]`, key minus query, as in the authors' code, but `posenc.t5_bucket` follows the course's convention: query minus key. Every offset has the wrong sign, so the keys before and after the query swap buckets, and in a decoder every visible key falls into bucket 0. It should be `i[:, None] - i[None, :]`.",
     '''
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

_add(C, 't5-buckets-as-bias',
     'The t5 branch passes the bucket numbers themselves as the bias (`bias = buckets`), which adds 0, 1, 2, ..., 17, ... to the scores. The bias is T5\'s learned number for each bucket: `bias = parts["bucket_values"][buckets]`.',
     '''
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
        bias = buckets
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 't5-bias-negated',
     'The line `bias = -parts["bucket_values"][buckets]` adds a minus sign, as if T5\'s bias were a penalty like ALiBi\'s. T5\'s numbers are learned with their own signs and are added as they are: `bias = parts["bucket_values"][buckets]`.',
     '''
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

_add(C, 't5-alibi-slope-kept',
     'The t5 bias line was copied from the ALiBi line and keeps its factor: `-capstone.ALIBI_SLOPE * parts["bucket_values"][buckets]` halves T5\'s numbers and flips their sign. The slope belongs to ALiBi only. It should be `bias = parts["bucket_values"][buckets]`.',
     '''
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

_add(C, 't5-positions-not-offsets',
     'The call `posenc.t5_bucket(i, ...)` takes the bucket of each position, not of each offset, so the bias has shape (n,). NumPy silently broadcasts it over the rows, so each key j gets the number of bucket j, whatever the query. Buckets are of offsets: pass the (n, n) matrix `i[:, None] - i[None, :]`.',
     '''
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
        buckets = posenc.t5_bucket(i, bidirectional=not causal)                 # one bucket per position
        bias = parts["bucket_values"][buckets]
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 't5-offsets-as-indices',
     'The t5 branch skips `posenc.t5_bucket` and indexes `parts["bucket_values"]` with the offsets themselves, on the reasoning that near offsets have a bucket each. A negative offset wraps round to the end of the array: a key 1 after the query reads value 31, not bucket 17\'s value. Index with the buckets: `parts["bucket_values"][posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=not causal)]`.',
     '''
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
        bias = parts["bucket_values"][i[:, None] - i[None, :]]                   # near offsets have a bucket each
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 't5-sixteen-buckets',
     'The call to `posenc.t5_bucket` passes `num_buckets=16`, taking "the encoder\'s 16 buckets" from lesson 07 as the total. The encoder splits all 32 buckets into 16 per direction. With 16, only 4 distances get a bucket of their own and keys after the query land in buckets 8-15. Leave `num_buckets` at its default of 32, the length of `parts["bucket_values"]`.',
     '''
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
        buckets = posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=not causal, num_buckets=16)  # the encoder's 16
        bias = parts["bucket_values"][buckets]
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 't5-scheme-name-capitalised',
     'The branch tests `scheme == "T5"`, written as in lesson 07\'s text, but the layer is called with `"t5"`. The branch never runs, `bias` stays None, and "t5" behaves like "none". The test should be `elif scheme == "t5":`.',
     '''
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
    elif scheme == "T5":
        buckets = posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=not causal)  # (n, n)
        bias = parts["bucket_values"][buckets]
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 't5-buckets-counted-from-one',
     'The lookup `parts["bucket_values"][buckets - 1]` treats the buckets as numbered from 1. They start at 0, so every key reads its neighbouring bucket\'s value, and bucket 0 (the query itself) wraps round to the last value. It should be `parts["bucket_values"][buckets]`.',
     '''
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
        bias = parts["bucket_values"][buckets - 1]                               # bucket 1 is the first value
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 't5-bias-scaled',
     'The t5 branch divides the bias by `np.sqrt(x.shape[1])`, as if it were a score. `posenc.attention` adds the bias to the already-scaled scores, and T5\'s numbers are added unscaled. The line should be `bias = parts["bucket_values"][buckets]`.',
     '''
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
        bias = parts["bucket_values"][buckets] / np.sqrt(x.shape[1])             # scaled like the scores
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 't5-loop-misses-the-query',
     "The loop that fills the bias runs `for b in range(a)`, so it only visits the keys before query a. The query's own key (offset 0, bucket 0) and every key after it keep a bias of 0 instead of their bucket's number. The inner loop should run `for b in range(n)`.",
     '''
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
        for a in range(n):
            for b in range(a):                                                   # keys before query a
                bias[a, b] = parts["bucket_values"][posenc.t5_bucket(a - b, bidirectional=not causal)]
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 't5-bias-softmaxed',
     'The t5 branch passes the looked-up numbers through `posenc.softmax`, as if they were weights. T5\'s numbers are added to the scores as they are, and `posenc.attention` applies the one softmax itself. It should be `bias = parts["bucket_values"][buckets]`.',
     '''
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
        bias = posenc.softmax(parts["bucket_values"][buckets])
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')
