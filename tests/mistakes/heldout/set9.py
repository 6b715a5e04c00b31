"""Plausible wrong answers to lesson 07's T5 bucket exercise of the positional-encoding course (set 9)."""

MISTAKES = []


def _add(checker, name, cause, code):
    MISTAKES.append(dict(checker=checker, name=name, cause=cause, code=code))


# ---------------------------------------------------------------------------------------------
C = "check_t5_bucket"

# --- misreading the formula ------------------------------------------------------------------
_add(C, "log-of-distance-not-ratio",
     "Took the logarithm of the distance itself, log(d), instead of log(d / e): the logarithm is of the distance divided by the number of exact buckets.",
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
    grown = np.log(np.maximum(distance, exact)) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "denominator-log-of-max-distance",
     "Divided by log(D) instead of log(D / e): the denominator is the logarithm of the maximum distance divided by the number of exact buckets.",
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
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "scaled-by-all-buckets",
     "Multiplied the logarithmic fraction by n, the number of all buckets, instead of n - e, the number of buckets left for the far offsets.",
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
_add(C, "scaled-by-exact",
     "Multiplied by e, assuming n - e always equals e; when n is odd (an encoder with 14 buckets has n = 7, e = 3) it does not: multiply by n - exact.",
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
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * exact
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "missing-brackets-around-n-minus-e",
     "Wrote `* n - exact` without brackets, so Python multiplies by n and then subtracts e: put brackets around (n - exact).",
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
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * n - exact
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "floor-before-scaling",
     "Rounded the ratio of logarithms down before multiplying by n - e, so it is almost always 0; the floor brackets enclose the product, so multiply first and round down after.",
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
_add(C, "rounded-to-nearest",
     "Rounded the logarithmic part to the nearest whole number with np.round; the formula rounds down (floor), which `.astype(int)` alone does for these non-negative values.",
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
     "Rounded the logarithmic part up with np.ceil; the brackets in the formula are floor brackets, so round down.",
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
_add(C, "no-cap-at-last-bucket",
     "Left out the min with n - 1, so offsets beyond the maximum distance get buckets past the last one; cap far with np.minimum(..., n - 1).",
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
_add(C, "cap-at-n-not-n-minus-1",
     "Capped the bucket at n instead of n - 1; buckets are numbered 0 to n - 1, so the last one is n - 1.",
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
_add(C, "far-without-exact",
     "Forgot to add e to the logarithmic part, so far offsets fall back onto the exact buckets 0, 1, ...; far is exact + the rounded-down part.",
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
_add(C, "true-division-for-exact",
     "Computed e as n / 2 with true division, a float that is not a whole number when n is odd (an encoder with 14 buckets); e = floor(n / 2) needs n // 2.",
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

# --- NumPy / Python pitfalls -----------------------------------------------------------------
_add(C, "floor-division-inside-log",
     "Used `//` for d / e inside the logarithm, which rounds the ratio down to a whole number before the logarithm; use true division `/` there.",
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
_add(C, "floor-division-in-denominator",
     "Wrote max_distance // exact, which truncates D / e when e does not divide D (50 // 7 = 7); use true division in log(D / e).",
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
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance // exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "where-branches-swapped",
     "Swapped the two branches of np.where, giving near offsets the logarithmic bucket and far ones their raw distance; it is np.where(distance < exact, distance, far).",
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
_add(C, "condition-on-offsets-not-distance",
     "Tested `offsets < exact` instead of `distance < exact`, so every key after the query counts as near and gets its raw distance as bucket; test the distance.",
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
    return first + np.where(offsets < exact, distance, far)
''')
_add(C, "unsigned-cast-for-clipping",
     "Cast the offsets to an unsigned type to make them non-negative in the decoder, but negative numbers wrap round to huge ones instead of becoming 0; use np.maximum(offsets, 0).",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = offsets.astype(np.uint32)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "boolean-index-is-a-copy",
     "Took `bucket[distance >= exact]` and filled it in place, but indexing with a mask returns a copy, so the far offsets keep their raw distance; assign through the mask, bucket[mask] = far[mask], or use np.where.",
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
    bucket = distance.copy()
    far_part = bucket[distance >= exact]
    far_part[:] = far[distance >= exact]
    return first + bucket
''')

# --- the encoder's halves and the sign convention --------------------------------------------
_add(C, "forgot-to-add-first",
     "Computed `first` but returned only the bucket within one half, so keys after the query land in the lower half too; return first + np.where(...).",
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
_add(C, "upper-half-starts-at-num-buckets",
     "Shifted keys after the query by num_buckets instead of n = num_buckets // 2, pushing them past the last bucket; the second half starts at n.",
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
_add(C, "upper-half-for-keys-before",
     "Gave the second half to keys before the query (offsets > 0) instead of keys after it; with offsets i - j, a key after the query has i - j < 0.",
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
     "Used `offsets <= 0` for the second half, so the query's own position (offset 0) goes to bucket n instead of 0; only offsets < 0 are after the query.",
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
_add(C, "encoder-distance-without-abs",
     "In the encoder took the offsets themselves as the distance, so keys after the query have a negative distance; the distance on either side is np.abs(offsets).",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = offsets
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "decoder-distance-with-abs",
     "Used np.abs(offsets) in the decoder too, so keys after the query get buckets by their distance; in a decoder they count as distance 0: np.maximum(offsets, 0).",
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
_add(C, "decoder-key-minus-query-sign",
     "Followed the authors' code's key - query sign and clipped -offsets, so keys before the query all get bucket 0; the course's offsets are i - j, so clip the offsets themselves: np.maximum(offsets, 0).",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = 0
        distance = np.maximum(-offsets, 0)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')
_add(C, "exact-from-all-buckets",
     "Computed the exact buckets from num_buckets // 2 instead of n // 2, so in an encoder half the buckets of a direction are all exact; e is half of n, the buckets of one direction.",
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
_add(C, "cap-with-all-buckets",
     "Capped far with num_buckets - 1 instead of n - 1, so in an encoder far keys before the query spill into the other half; cap each half at n - 1.",
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
_add(C, "halved-max-distance-in-encoder",
     "Halved the maximum distance as well as the buckets in the encoder; only the buckets are split between the two directions, each half keeps the maximum distance D.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
        max_distance = max_distance // 2
    else:
        first = 0
        distance = np.maximum(offsets, 0)
    exact = n // 2
    grown = np.log(np.maximum(distance, exact) / exact) / np.log(max_distance / exact) * (n - exact)
    far = np.minimum(exact + grown.astype(int), n - 1)
    return first + np.where(distance < exact, distance, far)
''')

# --- restructured with loops -----------------------------------------------------------------
_add(C, "return-inside-the-loop",
     "Rewrote it as a loop over the offsets but put `return` inside the loop body, so it returns after the first offset; collect each bucket and return the whole array after the loop.",
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
    for d in distance:
        if d < exact:
            return first + d
        far = min(n - 1, exact + int(np.log(d / exact) / np.log(max_distance / exact) * (n - exact)))
        return first + far
''')
_add(C, "loop-missing-else",
     "In a loop, appended the exact bucket for a near offset and then fell through to append the far bucket as well, so near offsets give two entries; put the far case under `else`.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = np.zeros_like(offsets)
        distance = np.maximum(offsets, 0)
    exact = n // 2
    out = []
    for k in range(len(distance)):
        d = int(distance[k])
        if d < exact:
            out.append(first[k] + d)
        grown = np.log(max(d, exact) / exact) / np.log(max_distance / exact) * (n - exact)
        out.append(first[k] + min(n - 1, exact + int(grown)))
    return np.array(out)
''')
_add(C, "loop-over-indices-not-offsets",
     "Looped with `for d in range(len(distance))`, using the index as the distance instead of distance[d]; take the distance at that index.",
     '''
def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    n = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        first = np.where(offsets < 0, n, 0)
        distance = np.abs(offsets)
    else:
        first = np.zeros_like(offsets)
        distance = np.maximum(offsets, 0)
    exact = n // 2
    out = []
    for d in range(len(distance)):
        if d < exact:
            out.append(first[d] + d)
        else:
            grown = np.log(d / exact) / np.log(max_distance / exact) * (n - exact)
            out.append(first[d] + min(n - 1, exact + int(grown)))
    return np.array(out)
''')
