"""Plausible wrong answers to the T5 branch of lesson 08's capstone layer (set 11)."""

MISTAKES = []


def _add(checker, name, cause, code):
    MISTAKES.append(dict(checker=checker, name=name, cause=cause, code=code))


C = "check_scheme_layer"

_add(C, 'abs-offsets-copied-from-alibi',
     "The line `buckets = posenc.t5_bucket(np.abs(i[:, None] - i[None, :]), ...)` takes the absolute value of the offsets, copied from the ALiBi line above it: a key j positions after the query then gets the bucket of a key j positions before it, so the encoder's 16 buckets for later keys are never used. T5 keeps the direction: pass the signed offsets, `posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=not causal)`.",
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
        bias = parts["bucket_values"][buckets]                                  # each bucket's number
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'key-minus-query-offsets',
     "The offsets are written `i[None, :] - i[:, None]`, key minus query as in the Mesh TensorFlow code, but `posenc.t5_bucket` takes the course's i - j, query minus key (lesson 07 warns the signs are the other way round): every key before the query is treated as one after it (and in the causal case all land in bucket 0). Use `i[:, None] - i[None, :]`.",
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
        bias = parts["bucket_values"][buckets]                                  # each bucket's number
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'bidirectional-flag-inverted',
     "The call passes `bidirectional=causal`, the flag the wrong way round: without the causal mask the layer uses the decoder's one-directional buckets, so every key after the query falls into bucket 0. A bidirectional encoder is the case *without* the mask: `bidirectional=not causal`.",
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
        buckets = posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=causal)  # (n, n)
        bias = parts["bucket_values"][buckets]                                  # each bucket's number
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'bidirectional-keyword-forgotten',
     'The call `posenc.t5_bucket(i[:, None] - i[None, :])` leaves out the `bidirectional=` keyword, which the helper requires (it has no default), so the layer crashes with a TypeError on scheme "t5". Add `bidirectional=not causal`: the encoder\'s buckets unless `causal`.',
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
        buckets = posenc.t5_bucket(i[:, None] - i[None, :])                     # (n, n)
        bias = parts["bucket_values"][buckets]                                  # each bucket's number
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'bias-negated-like-alibi',
     'The line `bias = -parts["bucket_values"][buckets]` puts a minus sign in front of the bucket values, copied from ALiBi\'s `-capstone.ALIBI_SLOPE * ...`. ALiBi\'s penalty is negative by construction, but T5\'s numbers are learned with their own signs and are added to the scores as they are: `bias = parts["bucket_values"][buckets]`.',
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
        bias = -parts["bucket_values"][buckets]                                 # each bucket's number
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'values-times-distance-like-alibi',
     'The line `bias = parts["bucket_values"][buckets] * np.abs(i[:, None] - i[None, :])` treats each bucket\'s number as a slope to be multiplied by the distance, the way ALiBi\'s slope is. In T5 the bucket\'s number is itself the bias (and the query\'s own score gets 0 here instead of bucket 0\'s number): `bias = parts["bucket_values"][buckets]`.',
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
        bias = parts["bucket_values"][buckets] * np.abs(i[:, None] - i[None, :])  # each bucket's number
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'bucket-numbers-used-as-bias',
     'The line `bias = buckets` adds the bucket *numbers* (0, 1, 2, ..., 17, ...) to the scores instead of the learned value of each bucket. The bucket is only an index: look it up, `bias = parts["bucket_values"][buckets]`.',
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
        bias = buckets                                                          # each bucket's number
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'num-buckets-set-to-sentence-length',
     'The call passes `num_buckets=n`, mixing up lesson 07\'s n (the number of buckets) with the sentence length `n`: the helper then makes only as many buckets as there are words, so distances share buckets they should not and are looked up in the wrong entries of the 32 values (and the helper raises a ValueError for short sentences, or odd lengths in the encoder). Leave `num_buckets` at its default, 32, which matches `parts["bucket_values"]`.',
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
        buckets = posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=not causal, num_buckets=n)  # (n, n)
        bias = parts["bucket_values"][buckets]                                  # each bucket's number
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'num-buckets-16-for-the-encoder',
     'The call passes `num_buckets=16`, after lesson 07\'s \'16 buckets for the query and the keys before it\'. Those 16 are half of the 32: the helper splits `num_buckets` between the two directions itself, so with 16 each direction gets only 8 and the encoder shares buckets from distance 4 on. Keep the default 32, the length of `parts["bucket_values"]`.',
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
        buckets = posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=not causal, num_buckets=16)  # (n, n)
        bias = parts["bucket_values"][buckets]                                  # each bucket's number
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'offsets-not-broadcast',
     'The offsets are written `i - i`, without `[:, None]` and `[None, :]`: that is an (n,) vector of zeros, not the (n, n) matrix of i - j, so every key gets bucket 0\'s number, the same for all, and the softmax cancels it: the layer behaves like "none". Broadcast: `i[:, None] - i[None, :]`.',
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
        buckets = posenc.t5_bucket(i - i, bidirectional=not causal)             # (n, n)
        bias = parts["bucket_values"][buckets]                                  # each bucket's number
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'positions-instead-of-offsets',
     "The call `posenc.t5_bucket(i, ...)` buckets the key's absolute position j, not the offset i - j: the bias is an (n,) vector, broadcast to the same row for every query, an absolute-position bias rather than a relative one. Pass the (n, n) offsets `i[:, None] - i[None, :]`.",
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
        buckets = posenc.t5_bucket(i, bidirectional=not causal)                 # (n, n)
        bias = parts["bucket_values"][buckets]                                  # each bucket's number
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'raw-offsets-index-the-values',
     'The line `bias = parts["bucket_values"][i[:, None] - i[None, :]]` skips `posenc.t5_bucket` and indexes the values by the raw offset. Offsets before the query happen to equal their buckets in short sentences, but the negative offsets of keys after the query wrap round to the end of the array (values 31, 30, ...) instead of the encoder\'s buckets 17, 18, ... Compute `buckets = posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=not causal)` and index with that.',
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
        bias = parts["bucket_values"][i[:, None] - i[None, :]]                  # each bucket's number
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'scheme-name-capitalised',
     'The branch tests `scheme == "T5"` with a capital T, but the layer is called with "t5": the test is never true, the bias stays None and scheme "t5" silently runs as "none". Test `scheme == "t5"`.',
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
        bias = parts["bucket_values"][buckets]                                  # each bucket's number
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 't5-bias-reset-by-else',
     'The t5 branch is written first as its own `if`, and the ALiBi test after it got an `else: bias = None`: for scheme "t5" that `else` runs and throws the T5 bias away, so the layer runs as "none". Chain the tests with `elif` (or drop the `else`, since `bias = None` is already set above).',
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
    if scheme == "t5":
        buckets = posenc.t5_bucket(i[:, None] - i[None, :], bidirectional=not causal)  # (n, n)
        bias = parts["bucket_values"][buckets]                                  # each bucket's number
    if scheme == "alibi":
        bias = -capstone.ALIBI_SLOPE * np.abs(i[:, None] - i[None, :])          # (n, n)
    else:
        bias = None
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'keys-after-query-zeroed',
     'The line `bias = np.tril(parts["bucket_values"][buckets])` sets the bias of every key after the query to 0, as if T5 only biased keys before it. Without the causal mask the encoder has its own buckets (17, 18, ...) for those keys and their numbers must be added too; the mask, not the bias, hides later keys. Drop the `np.tril`.',
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
        bias = np.tril(parts["bucket_values"][buckets])                         # each bucket's number
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'bias-divided-by-sqrt-d',
     'The line `bias = parts["bucket_values"][buckets] / np.sqrt(x.shape[1])` scales the bias like the scores. The hint asks for the bucket values themselves as `bias=`, added to the scores as they are, with no extra scaling: `bias = parts["bucket_values"][buckets]`.',
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
        bias = parts["bucket_values"][buckets] / np.sqrt(x.shape[1])            # each bucket's number
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')

_add(C, 'loop-stops-before-the-query',
     'The bias is filled in a double loop whose inner loop is `for b in range(a)`: it only visits keys strictly before query a, so the diagonal (the query itself, bucket 0) and every key after it keep bias 0. The inner loop must cover every key, `for b in range(n)` (or use the (n, n) offsets `i[:, None] - i[None, :]` at once).',
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
            for b in range(a):
                bucket = posenc.t5_bucket(a - b, bidirectional=not causal)
                bias[a, b] = parts["bucket_values"][bucket]                     # each bucket's number
    mask = posenc.causal_mask(n) if causal else None
    return posenc.attention(q, k, v, mask=mask, bias=bias)                      # (outputs, weights)
''')
