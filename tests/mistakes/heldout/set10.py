"""Plausible wrong answers to lesson 07's T5 bucket exercise of the positional-encoding course (set 10)."""

MISTAKES = []


def _add(checker, name, cause, code):
    MISTAKES.append(dict(checker=checker, name=name, cause=cause, code=code))


# ---------------------------------------------------------------------------------------------
C = "check_t5_bucket"

# --- the sign of i - j, the decoder's clipping and the encoder's halves ----------------------
_add(C, "decoder-abs-distance",
     "In the decoder took the distance as `np.abs(offsets)`, so a key after the query gets the bucket of its distance; in a decoder it counts as distance 0: use `np.maximum(offsets, 0)`.",
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
_add(C, "decoder-key-minus-query",
     "Clipped `-offsets` (key minus query, the sign of the authors' code) instead of the offsets: the course's offsets are i - j, positive for a key before the query, so the decoder's distance is `np.maximum(offsets, 0)`.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(-offsets, 0)           # j - i, how far after the query
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "encoder-halves-swapped",
     "Gave the upper half of the buckets to keys before the query (`offsets > 0`); it is the keys after the query, i - j < 0, that take it: `np.where(offsets < 0, n, 0)`.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets > 0, n, 0)
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
     "Used `offsets <= 0` for the upper half, so the query's own position (offset 0) lands in bucket n instead of 0; only keys strictly after the query, `offsets < 0`, take the upper half.",
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
_add(C, "encoder-distance-clipped-like-decoder",
     "Copied the decoder's `np.maximum(offsets, 0)` into the encoder branch, so every key after the query gets bucket n whatever its distance; in the encoder both sides count by `np.abs(offsets)`.",
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
_add(C, "python-if-on-the-array",
     "Chose the half with a Python `if` over the whole array (`n if (offsets < 0).any() else 0`), so one key after the query moves every offset to the upper half; the half is chosen per offset with `np.where(offsets < 0, n, 0)`.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = n if (offsets < 0).any() else 0
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "first-only-on-far-branch",
     "Added `first` to the logarithmic branch only, so near keys after the query stay in the lower half; add it to the result of the whole `np.where`, exact and far branch alike.",
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
    return np.where(distance < exact, distance, first + far)
''')

# --- n, e and the last bucket -----------------------------------------------------------------
_add(C, "exact-from-all-buckets",
     "Took the exact buckets as half of all the buckets (`num_buckets // 2`) even in the encoder; each half has n = num_buckets // 2 buckets, and e = n // 2 of those are exact.",
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
_add(C, "exact-true-division",
     "Wrote `exact = n / 2`, a float, which for an odd n (7 per half with 14 buckets) is 3.5 rather than 3 and makes every bucket a float; e is floor(n / 2): use `n // 2`.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n / 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "cap-at-all-buckets",
     "Capped the far bucket at `num_buckets - 1` instead of `n - 1`, so in the encoder far keys before the query spill into the other half's buckets; each half's last bucket is n - 1.",
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
_add(C, "no-cap",
     "Left out the cap, so distances past max_distance get buckets n, n + 1, ... that do not exist; cap the far bucket with `np.minimum(..., n - 1)`.",
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
_add(C, "cap-at-n",
     "Capped at n instead of n - 1, one bucket past the last (buckets count from 0); cap with `np.minimum(..., n - 1)`.",
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
    far = np.clip(exact + grown.astype(int), 0, n)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "maximum-for-at-most",
     "Read 'at most n - 1' as `np.maximum(..., n - 1)`, which puts every far offset in the last bucket or beyond; an upper bound is taken with `np.minimum`.",
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
_add(C, "cap-before-adding-exact",
     "Capped the logarithmic part at n - 1 before adding e, so far buckets can reach e + n - 1; the min(n - 1, ...) applies to e plus the logarithmic part.",
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
_add(C, "forgot-exact-offset",
     "Left out the `e +` in front of the logarithmic part, so the first far distances fall back to buckets 0, 1, ... already used by the exact ones; far buckets start at e.",
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
    far = np.minimum(grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')

# --- the logarithmic part, symbol by symbol ---------------------------------------------------
_add(C, "log-without-dividing-by-exact",
     "Took log(d) / log(D) instead of log(d / e) / log(D / e); both logarithms are of ratios to e, so the scale starts at 0 at distance e.",
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
_add(C, "denominator-over-n",
     "Divided by log(D / n) instead of log(D / e): the denominator is the logarithm of max_distance over the number of exact buckets, e = n // 2.",
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
_add(C, "scaled-by-n",
     "Multiplied the log ratio by n instead of n - e, so the far buckets grow twice as fast and the last one is reached too early; the logarithmic part spreads over the n - e non-exact buckets.",
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
_add(C, "floor-division-in-ratio",
     "Wrote the ratio d / e as `distance // exact`, an integer division that floors it before the logarithm; d / e must be a true division.",
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

# --- rounding ---------------------------------------------------------------------------------
_add(C, "round-to-nearest",
     "Rounded the logarithmic part to the nearest whole number (`np.round`) instead of down; the formula's brackets are a floor, which `.astype(int)` gives for these non-negative values.",
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
_add(C, "floored-before-scaling",
     "Turned the log ratio into an integer before multiplying by n - e, so it is 0 for every distance below D and the far buckets collapse; round down only after multiplying.",
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
    ratio = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact)
    far = np.minimum(exact + ratio.astype(int) * (n - exact), n - 1)
    return first + np.where(distance < exact, distance, far)
''')

# --- NumPy habits -----------------------------------------------------------------------------
_add(C, "where-arguments-swapped",
     "Swapped the two branches of `np.where`: it takes the condition, then the value where it holds, then the value elsewhere, so near distances must come second: `np.where(distance < exact, distance, far)`.",
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
_add(C, "in-place-clamp-of-distance",
     "Avoided log(0) by raising the distance to e in place (`distance[distance < exact] = exact`), which also changes the distance the exact branch returns, so distances 0 to e - 1 all get bucket e; clamp a copy, e.g. `np.maximum(distance, exact)` inside the log.",
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
    distance[distance < exact] = exact               # no log of 0
    grown = np.log(distance / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "digitize-linear-edges",
     "Replaced the formula with `np.digitize` on evenly spaced bucket edges (`np.linspace`), but T5's far buckets grow geometrically: edge k is e * (D / e) ** (k / (n - e)); or just use the logarithmic formula.",
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
    edges = np.linspace(exact, max_distance, n - exact, endpoint=False)   # where buckets exact .. n-1 start
    far = exact - 1 + np.digitize(distance, edges)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "searchsorted-left-side",
     "Used `np.searchsorted(edges, distance)` with its default side='left', which counts only the edges strictly below a distance, so a distance equal to a bucket's first one (e.g. e itself) lands one bucket too low; use side='right' (or the formula).",
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
    edges = exact * (max_distance / exact) ** (np.arange(n - exact) / (n - exact))  # first distance of buckets exact .. n-1
    far = exact - 1 + np.searchsorted(edges, distance)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "return-inside-the-loop",
     "Wrote the per-offset loop with `return` indented inside it, so the function returns after the first offset; the return belongs after the loop.",
     '''
import math

def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    buckets = []
    for d in distance:
        if d < exact:
            buckets.append(int(d))
        else:
            grown = math.log(d / exact) / math.log(max_distance / exact) * (n - exact)
            buckets.append(min(exact + int(grown), n - 1))
        return first + np.array(buckets)
''')
_add(C, "distance-clipped-to-last-bucket",
     "Clipped the decoder's distance to n - 1 (`np.clip(offsets, 0, n - 1)`), confusing the cap on the bucket with one on the distance, so every distance from n on is treated as n - 1; clip only below, at 0, and cap the bucket instead.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.clip(offsets, 0, n - 1)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
