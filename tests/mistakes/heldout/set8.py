"""Plausible wrong answers to lesson 07's T5 bucket exercise of the positional-encoding course (set 8)."""

MISTAKES = []


def _add(checker, name, cause, code):
    MISTAKES.append(dict(checker=checker, name=name, cause=cause, code=code))


# ---------------------------------------------------------------------------------------------
C = "check_t5_bucket"
_add(C, "decoder-sign-flipped",
     "Took the distance as `np.maximum(-offsets, 0)` (the key - query sign of the Mesh TensorFlow code), so keys before the query all land in bucket 0; the course's offsets are i - j, positive for a key before the query: use `np.maximum(offsets, 0)`.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(-offsets, 0)                   # how far back the key is
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "upper-half-for-keys-before",
     "Gave the upper half of the buckets to keys before the query (`offsets > 0`); it belongs to keys after the query, i - j < 0: `first = np.where(offsets < 0, n, 0)`.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets > 0, n, 0)                  # the other side gets the upper half
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "offset-zero-in-upper-half",
     "Wrote `offsets <= 0` for the keys after the query, so the query's own key (offset 0) goes to bucket n instead of 0; only strictly negative offsets take the upper half: `offsets < 0`.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets <= 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "upper-half-shifted-by-all-buckets",
     "Shifted keys after the query by `num_buckets` instead of by the n = num_buckets // 2 buckets of one half, so their buckets run past the last one; the upper half starts at n.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, num_buckets, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "forgot-to-add-first",
     "Computed `first` but returned only the bucket within one half, so an encoder's keys after the query share the buckets of the keys before it; return `first + np.where(...)`.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return np.where(distance < exact, distance, far)
''')
_add(C, "first-added-to-far-branch-only",
     "Added `first` inside the far branch only (`np.where(distance < exact, distance, first + far)`), so near keys after the query stay in the lower half; add `first` to both branches, outside the `np.where`.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(first + exact + grown.astype(int), n - 1 + first)
    return np.where(distance < exact, distance, far)
''')
_add(C, "encoder-distance-clipped-like-decoder",
     "Copied the decoder's `np.maximum(offsets, 0)` into the encoder branch, so every key after the query has distance 0; in an encoder the distance is `np.abs(offsets)`.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.maximum(offsets, 0)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "decoder-uses-abs",
     "Used `np.abs(offsets)` in the decoder too, so a key after the query gets the bucket of the key as far before it; in a decoder such keys count as distance 0: `np.maximum(offsets, 0)`.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.abs(offsets)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "decoder-not-clipped-at-zero",
     "Left the decoder's distance as the raw offsets, so keys after the query get negative 'buckets'; clip them to 0 with `np.maximum(offsets, 0)`.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = offsets                                   # the causal mask hides the rest anyway
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "exact-from-all-buckets",
     "Took the exact buckets as `num_buckets // 2` rather than half of one direction's n, so an encoder has twice too many exact buckets per half; use `exact = n // 2`.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = num_buckets // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "exact-branch-up-to-n",
     "Compared the distance with n instead of with exact in the final `np.where`, so distances exact .. n - 1 keep a bucket each instead of going logarithmic; the exact branch is `distance < exact`.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < n, distance, far)
''')
_add(C, "where-branches-swapped",
     "Swapped the two branches of `np.where`, giving near offsets the logarithmic bucket and far ones their raw distance; it is `np.where(distance < exact, distance, far)`.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, far, distance)
''')
_add(C, "log-without-ratio-to-exact",
     "Took `np.log(distance) / np.log(max_distance)` without dividing both by exact, so the logarithmic part starts far above 0 at d = e; the ratio is log(d/e) / log(D/e).",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact)) / np.log(max_distance) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "denominator-divided-by-n",
     "Wrote `np.log(max_distance / n)` in the denominator instead of `np.log(max_distance / exact)`, so the buckets grow too fast; both logarithms are relative to e = exact.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / n) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "ratio-inverted",
     "Turned the fraction upside down, log(D/e) / log(d/e), so the bucket shrinks as the key gets further away; it is log(d/e) / log(D/e).",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log(max_distance / exact) / np.log(np.maximum(distance, exact + 1) / exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "scaled-by-n",
     "Multiplied the ratio by n instead of by n - exact, the number of logarithmic buckets, so they fill up twice too fast; scale by `(n - exact)`.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * n
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "scale-inside-denominator",
     "Put the scale in the denominator's parentheses, `np.log(d/e) / (np.log(D/e) * (n - exact))`, dividing by n - exact instead of multiplying; the ratio of logarithms is multiplied by n - exact.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / (np.log(max_distance / exact) * (n - exact))
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "mixed-log-bases",
     "Used `np.log2` for the numerator and `np.log` for the denominator; a ratio of logarithms needs the same base on both sides (any base, but the same).",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log2(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "floor-division-inside-log",
     "Wrote `np.maximum(distance, exact) // exact` with floor division, so d/e is cut to a whole number before the logarithm; use true division `/`.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) // exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "log-of-offsets-not-distance",
     "Passed the signed offsets to the logarithm instead of the distance, so an encoder's far keys after the query all fall into the first logarithmic bucket; take the log of `distance`.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log(np.maximum(offsets, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "rounded-to-nearest",
     "Rounded the logarithmic part to the nearest whole number with `np.round`; the rule takes the floor, which `.astype(int)` does for these non-negative values.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + np.round(grown).astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "rounded-up",
     "Rounded the logarithmic part up with `np.ceil`, so each offset past the exact range lands one bucket too far; the rule takes the floor (`.astype(int)`).",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + np.ceil(grown).astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "not-rounded-at-all",
     "Forgot to round the logarithmic part, so far buckets are fractional floats like 17.4; a bucket is a whole number: round down with `.astype(int)`.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + grown, n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "rounded-before-scaling",
     "Cast the ratio of logarithms to int before multiplying by n - exact, so it is 0 below D and the logarithmic buckets in between are skipped; multiply first, then `.astype(int)`.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    ratio = (np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact)).astype(int)
    far = np.minimum(exact + ratio * (n - exact), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "clamped-at-n",
     "Capped the bucket at n instead of n - 1, so offsets from D on get a bucket that does not exist (or the first of the other half); buckets run 0 .. n - 1: `np.minimum(..., n - 1)`.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "no-clamp",
     "Left out the cap, so offsets beyond max_distance keep getting new buckets past the last one; cap with `np.minimum(..., n - 1)`.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = exact + grown.astype(int)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "clamp-with-maximum",
     "Capped with `np.maximum` instead of `np.minimum`, which pushes every far offset up to at least the last bucket; a cap at n - 1 is `np.minimum(..., n - 1)`.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.maximum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "clamp-before-adding-exact",
     "Capped only the logarithmic part at n - 1 and added exact afterwards, so far offsets reach bucket exact + n - 1; cap the sum: `np.minimum(exact + ..., n - 1)`.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = exact + np.minimum(grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "clamp-at-num-buckets",
     "Capped at `num_buckets - 1` instead of n - 1, which in an encoder lets a half spill into the other half's buckets (and past the end); the cap is the last bucket of one direction, n - 1.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), num_buckets - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "clamp-at-max-distance",
     "Capped the bucket at max_distance - 1, mixing up the largest offset with the largest bucket; the cap is the last bucket, n - 1.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), max_distance - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "offsets-made-a-column",
     "Reshaped the offsets into a column out of habit from the score matrices, so the result has shape (L, 1) instead of the offsets' own shape; work on `offsets` as given.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    offsets = np.asarray(offsets)[:, None]                   # a column, like the positions
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "halves-concatenated-out-of-order",
     "Bucketed the keys before and after the query separately with boolean masks and concatenated the two results, which loses the offsets' order; keep them in place with `np.where` (or write into an output array at the masks).",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets

    def one_side(distance):
        exact = n // 2
        grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
        far = np.minimum(exact + grown.astype(int), n - 1)
        return np.where(distance < exact, distance, far)

    if bidirectional:
        before = one_side(offsets[offsets >= 0])
        after = n + one_side(-offsets[offsets < 0])
        return np.concatenate([before, after])
    return one_side(np.maximum(offsets, 0))
''')
