"""Lesson 03's checker: the rotation M_δ that moves every position delta (δ) steps on.

A wrong M is described by reading it block by block: the 2×2 block of pair i should
be a rotation by ``delta * omega_i``, ``[[cos, sin], [-sin, cos]]``. Each block is split
into its rotation (angle and size) and what no rotation has; entries outside the
blocks are reported too; the angles are set against ``delta * omega_i``: another shift
for every pair, one angle for all, a base other than 10000.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from posenc.checks.cases import Case, first_miss
from posenc.checks.engine import (
    CheckResult,
    Explained,
    array_from,
    correct,
    first_difference,
    int_dtype,
    not_yet,
    register,
    room_after,
)
from posenc.checks.measure import common_shift, effective_base, partners, wrap
from posenc.checks.phrasing import Finding, amount, as_if_base, name_of, number, sentences, sig
from posenc.sinusoidal import frequencies, offset_rotation

__all__ = ["check_offset_rotation"]

OFFSET_MISTAKES = {
    "wrong-way": "It rotates the wrong way: the angle is +delta * omega_i (no minus sign) and each block is "
    "[[c, s], [-s, c]]; one of the two signs is flipped (the angle's, or the two sin entries').",
    "negative-k": "Your M is right for delta > 0 but turns forward for delta < 0 too: the angle is delta * omega_i, "
    "negative when delta is (abs(delta), or a lookup by |delta|, loses the sign).",
    "one-speed": "Every pair turns at its own speed: the angle of block i is delta * omega_i, not delta.",
    "cos-sin-swapped": "cos and sin are swapped: each block is [[cos, sin], [-sin, cos]], cos on its diagonal.",
    "blocks-stack": "That is a stack of the 2 × 2 blocks: put block i on the diagonal of a (d_model, d_model) "
    "matrix, in rows and columns 2i and 2i + 1, zeros elsewhere.",
    "blocks-at-i": "Each pair's block goes in rows and columns 2i, 2i + 1, not i, i + 1: placed at i, the blocks "
    "overlap and overwrite each other.",
    "i-for-2i": "you used i where the formula has 2i: the angle of block i is delta * omega_i, with omega_i = "
    "base ** (-2 * i / d_model).",
    "int-dtype": "An int array (np.zeros(..., dtype=int), say) truncates cos and sin to whole numbers, mostly 0: "
    "use floats.",
}

#: The diagnoses measured from a wrong M's blocks (the sentence names the angles).
OFFSET_MEASURED = {
    "k-over-omega": "every block turns by delta / omega_i where delta * omega_i belongs",
    "to-radians": "every block turns by delta * omega_i * π/180: a conversion to radians where none belongs",
    "to-degrees": "every block turns by delta * omega_i * 180/π: a conversion to degrees, but cos and sin take radians",
    "no-sines": "blocks that hold cos on the diagonal and 0 off it: the sines left out",
    "k-plus-omega": "every block turns by delta + omega_i where delta * omega_i belongs",
    "index-for-frequency": "every block turns by delta * i, the pair's index, where delta * omega_i belongs",
    "no-k": "M moves every row 1 position on whatever delta is: the angle lacks its delta",
    "first-block-only": "only block 0 filled, the others 0: a return inside the loop",
    "identity-added": "the right M plus the identity: blocks added (+=) to np.eye where they are assigned to zeros",
    "rows-unwritten": "every row right but some all 0, never written (the second row of each block, say)",
    "outside-block": "an entry outside every block holding one block's cos or sin: a slice or a diagonal that reaches "
    "past the block",
    "filled-grid": "every row of blocks repeats the diagonal's blocks: a slice assignment that fills every (even, "
    "even) entry, not only pair i's",
}

TOL = 1e-6  # entries, angles (radians) and sizes closer than this to the right ones read as right


def _moves(n: float) -> str:
    n = round(n)
    return f"{abs(n)} position{'s' if abs(n) != 1 else ''}" + (" on" if n > 0 else " back" if n < 0 else "")


def _angles(turn: np.ndarray, k: int, d_model: int) -> tuple[list[Finding], str | None]:
    """What the blocks' angles do against delta * omega_i: another shift, one angle for all, another base."""
    pairs, w = d_model // 2, frequencies(d_model)
    error = wrap(turn - k * w)  # (pairs,)
    off = np.flatnonzero(np.abs(error) > TOL)
    if off.size == 0:
        return [], None
    shift = common_shift(turn, w, atol=TOL)
    if shift is not None and abs(shift - round(shift)) < 1e-6:
        # the cases with k > 0 are checked first, so a sign error seen only now is one of k < 0 alone
        cause = ("negative-k" if k < 0 else "wrong-way") if round(shift) == -k else None
        if round(shift) == 1 and k not in (1, -1):
            note = f"M moves every row {_moves(shift)}, not {_moves(k)}: the angle lacks its delta (delta * omega_i)"
            return [Finding.note(note)], "no-k"
        return [Finding.note(f"M moves every row {_moves(shift)}, not {_moves(k)}")], cause
    if np.allclose(wrap(turn + k * w - np.pi / 2), 0, atol=TOL):
        return [Finding.note("each block turns by π/2 minus its angle delta * omega_i")], "cos-sin-swapped"
    base = effective_base(turn / k, d_model, rtol=TOL) if k != 0 and np.all(np.abs(k * w) < np.pi) else None
    if base is not None and abs(np.log(base)) < TOL:
        return [Finding(tuple(range(pairs)), "turns", "turn", f"by {sig(turn[0])} rad, block 0's angle")], "one-speed"
    if base is not None:
        cause = "i-for-2i" if abs(np.log(base / 100)) < 1e-4 else None
        how_far = "too far" if base < 10000 else "not far enough"
        rest = f"{how_far}: the angles fall from block to block {as_if_base(base)}"
        return [Finding(tuple(map(int, off)), "turns", "turn", rest)], cause
    for angles, said, cause in (  # angles a learner computes from delta and omega_i another way, each block alike
        (
            k / w,
            "by delta / omega_i where delta * omega_i belongs: omega_i is already the angle per position",
            "k-over-omega",
        ),
        (k + w, "by delta + omega_i where delta * omega_i belongs: the angle is their product", "k-plus-omega"),
        (
            k * np.arange(pairs),
            "by delta * i, the pair's index, where delta * omega_i belongs: the angle takes the pair's frequency",
            "index-for-frequency",
        ),
        (
            k * w * np.pi / 180,
            "by delta * omega_i * π/180: a conversion to radians where none belongs (omega_i is in radians)",
            "to-radians",
        ),
        (
            k * w * 180 / np.pi,
            "by delta * omega_i * 180/π: a conversion to degrees, but cos and sin take radians",
            "to-degrees",
        ),
    ):
        if np.allclose(wrap(turn - angles), 0, atol=TOL):
            return [Finding(tuple(range(pairs)), "turns", "turn", said)], cause
    want = wrap(k * w)  # (pairs,)
    found = [Finding((int(i),), "turns", "turn", f"by {sig(turn[i])} rad where {sig(want[i])} belongs") for i in off]
    return found, None


def _blocks_at_i(k: int, d_model: int) -> np.ndarray:
    """The rotation's blocks written at rows and columns i, i + 1 (each over the one before), not 2i, 2i + 1."""
    M = np.zeros((d_model, d_model))
    for i, w in enumerate(frequencies(d_model)):
        c, s = np.cos(k * w), np.sin(k * w)
        M[i : i + 2, i : i + 2] = [[c, s], [-s, c]]
    return M


def _blocks(M: np.ndarray, k: int) -> tuple[np.ndarray, list[Finding], str | None]:
    """Each pair's 2×2 block, found where the learner put it, what is wrong with where it sits, and its id."""
    pairs = len(M) // 2
    grid = M.reshape(pairs, 2, pairs, 2)  # grid[m, :, n, :]: the block in rows 2m, 2m + 1 and columns 2n, 2n + 1
    filled = np.abs(grid).max(axis=(1, 3)) > TOL  # (pairs, pairs)
    i = np.arange(pairs)
    where = filled.argmax(axis=1) if (filled.sum(axis=1) == 1).all() else i  # one block in each row: its column
    if (where != i).any():
        m = int(np.flatnonzero(where != i)[0])
        said = f"rows {2 * m}–{2 * m + 1} have their block in columns {2 * where[m]}–{2 * where[m] + 1}"
        found = [Finding.note(f"the blocks sit off the diagonal: {said}, not {2 * m}–{2 * m + 1}")]
        return grid[i, :, where, :], found, None
    rows = np.arange(len(M))
    outside = np.argwhere((rows[:, None] // 2 != rows[None, :] // 2) & (np.abs(M) > TOL))
    if outside.size == 0:
        return grid[i, :, i, :], [], None
    r, c = outside[0]
    said = f"M[{r}, {c}] is {number(M[r, c])} where 0 belongs: each pair's block mixes only its own two rows"
    partner = partners(M, TOL, both_ways=True)
    if partner is not None:  # a whole other pairing (the half layout, say), not a stray entry
        half = " (the half layout's pairing)" if np.array_equal(partner, (rows + len(M) // 2) % len(M)) else ""
        said = (
            f"dimension {r} is paired with dimension {partner[r]}{half}, where this M pairs neighbours: "
            f"{r} with {r ^ 1} (block i in rows and columns 2i, 2i + 1)"
        )
        return grid[i, :, i, :], [Finding.note(said)], None
    owner = _owner(M[r, c], k, len(M))
    if owner is None:
        return grid[i, :, i, :], [Finding.note(said)], None
    pair, what = owner
    said = (
        f"M[{r}, {c}] is {number(M[r, c])}, block {pair}'s {what}, outside block {pair} (rows and columns "
        f"{2 * pair}–{2 * pair + 1}), where 0 belongs: written past its block, by a slice that fills more than "
        "the diagonal (M[0::2, 0::2] = c where np.diag(c) belongs) or a diagonal that runs on into the next block"
    )
    return grid[i, :, i, :], [Finding.note(said)], "outside-block"


def _owner(value: float, k: int, d_model: int) -> tuple[int, str] | None:
    """The one pair whose cos, sin or −sin `value` is (for an entry found outside every block), else None."""
    angles = k * frequencies(d_model)
    found = [
        (int(p), what)
        for p, angle in enumerate(angles)
        for what, entry in (("cos", np.cos(angle)), ("sin", np.sin(angle)), ("−sin", -np.sin(angle)))
        if abs(value - entry) <= TOL
    ]
    return found[0] if len(found) == 1 else None


def _diagnose(M: np.ndarray, k: int) -> tuple[list[Finding], str | None]:
    """What the learner's M does, block by block, against the rotation it should be; the listed mistake it points to."""
    pairs = len(M) // 2
    right = offset_rotation(k, len(M))
    if np.allclose(M - right, np.eye(len(M)), atol=TOL):
        said = (
            "M is the right M plus the identity: every diagonal entry is 1 + cos. Likely M started as "
            "np.eye(d_model) and the blocks were added with +=; start from np.zeros and assign each block with ="
        )
        return [Finding.note(said)], "identity-added"
    empty = [r for r in range(len(M)) if not M[r].any() and right[r].any()]
    rest = [r for r in range(len(M)) if r not in empty]
    whole = set(empty) == {r ^ 1 for r in empty}  # whole blocks left empty: read below, block by block
    if empty and not whole and np.allclose(M[rest], right[rest], atol=TOL):
        which = (
            "the second row of every block"
            if empty == list(range(1, len(M), 2))
            else "the first row of every block"
            if empty == list(range(0, len(M), 2))
            else "rows " + ", ".join(map(str, empty[:4])) + (", …" if len(empty) > 4 else "")
        )
        return [Finding.note(f"every row is right but {which}, all 0: never written (each block has two rows)")], (
            "rows-unwritten"
        )
    grid = M.reshape(pairs, 2, pairs, 2)  # grid[m, :, n, :]: the block in rows 2m, 2m + 1 and columns 2n, 2n + 1
    own = grid[np.arange(pairs), :, np.arange(pairs), :]  # (pairs, 2, 2): the blocks on the diagonal
    if pairs > 1 and np.abs(own).max() > TOL and np.allclose(grid, own.transpose(1, 0, 2)[None], atol=TOL):
        said = (
            "every row of blocks repeats the diagonal's blocks: a slice assignment such as M[0::2, 0::2] = c fills "
            "every (even row, even column) entry, not only pair i's. Set each pair's block alone (a loop over i, "
            "or index arrays such as M[2 * i, 2 * i] = c for i = np.arange(pairs))"
        )
        return [Finding.note(said)], "filled-grid"
    blocks, found, placed = _blocks(M, k)  # (pairs, 2, 2)
    a, b, c, e = blocks[:, 0, 0], blocks[:, 0, 1], blocks[:, 1, 0], blocks[:, 1, 1]  # (pairs,) each
    cos, sin = np.abs(np.cos(k * frequencies(len(M)))), np.abs(np.sin(k * frequencies(len(M))))  # (pairs,) each
    if not np.allclose(cos, sin, atol=1e-3) and all(
        np.allclose(np.abs(diag), sin, atol=TOL) and np.allclose(np.abs(off), cos, atol=TOL)
        for diag, off in ((a, b), (e, c))
    ):
        return found + [
            Finding.note("each block holds sin where cos belongs and cos where sin belongs")
        ], "cos-sin-swapped"
    no_sin = (np.abs(b) <= TOL) & (np.abs(c) <= TOL) & (sin > 1e-3)  # blocks whose sines belong but are missing
    if no_sin.any() and np.allclose(a[no_sin], e[no_sin], atol=TOL) and np.allclose(np.abs(a), cos, atol=TOL):
        said = "cos on the diagonal and 0 off it: the sines are missing ([[c, s], [−s, c]])"
        return found + [Finding(tuple(map(int, np.flatnonzero(no_sin))), "holds", "hold", said)], "no-sines"
    size, turn = np.hypot((a + e) / 2, (b - c) / 2), np.arctan2((b - c) / 2, (a + e) / 2)  # of the rotation in it
    same_sin, other_cos = np.abs(b + c) > TOL, np.abs(a - e) > TOL  # what no rotation has
    groups: dict[tuple[str, str, str], list[int]] = {}
    for j in range(len(blocks)):
        if same_sin[j]:
            groups.setdefault(("has", "have", "two sin entries that are not opposite (s and −s)"), []).append(j)
        if other_cos[j]:
            groups.setdefault(("has", "have", "two different cos entries"), []).append(j)
        if size[j] <= TOL:
            groups.setdefault(("is", "are", "all 0 (never filled in?)"), []).append(j)
        elif abs(size[j] - 1) > TOL and not (same_sin[j] or other_cos[j]):
            groups.setdefault(("is", "are", f"scaled by {amount(size[j])} (a rotation keeps lengths)"), []).append(j)
    found += [Finding(tuple(js), *said) for said, js in groups.items()]
    empty = size <= TOL
    if len(blocks) > 1 and empty[1:].all() and not empty[0]:
        said = (
            "only block 0 is filled and the others are all 0, as when a return inside the loop ends it after one pair"
        )
        return [Finding.note(said)], "first-block-only"
    if (same_sin | other_cos | (size <= TOL)).any():
        return found, placed
    by_angle, cause = _angles(turn, k, len(M))
    return found + by_angle, cause or placed


@register("function", OFFSET_MISTAKES, OFFSET_MEASURED)
def check_offset_rotation(fn: Callable[[int, int], np.ndarray]) -> CheckResult:
    """Check ``fn(delta, d_model)``, the matrix with ``M @ PE[p] == PE[p + delta]`` for every p.

    A wrong M gets its first differing entry, then what its blocks do (the angle each
    turns by against delta * omega_i, their size, entries outside them) and the listed
    mistake those measurements point to.

    Examples
    --------
    >>> import posenc
    >>> check_offset_rotation(posenc.offset_rotation)
    Correct: M @ PE[p] == PE[p + delta] for every p, for (delta, d_model) = (1, 2), (3, 8), (-2, 6), (0, 4).
    >>> check_offset_rotation(lambda k, d: posenc.offset_rotation(k, d).T)
    Not yet: for delta=1, d_model=2, M[0, 1] is -0.8415, expected 0.8415. Measured at delta=3, d_model=8: M moves every row 3 positions back, not 3 positions on. It rotates the wrong way: the angle is +delta * omega_i (no minus sign) and each block is [[c, s], [-s, c]]; one of the two signs is flipped (the angle's, or the two sin entries').
    >>> check_offset_rotation(lambda k, d: posenc.offset_rotation(k, d, base=1000.0))
    Not yet: for delta=3, d_model=8, M[2, 2] is 0.8610, expected 0.9553. Measured: blocks 1–3 turn too far: the angles fall from block to block as if the base were 1000, not 10000.
    """
    name = name_of(fn)
    cases = [
        Case((k, d), offset_rotation(k, d), f"for delta={k}, d_model={d}") for k, d in [(1, 2), (3, 8), (-2, 6), (0, 4)]
    ]
    miss = first_miss(
        fn, name, cases, params=("delta", "d_model"), returns="the (d_model, d_model) matrix M you filled in"
    )
    if miss is None:
        return correct(
            "M @ PE[p] == PE[p + delta] for every p, for (delta, d_model) = (1, 2), (3, 8), (-2, 6), (0, 4)."
        )
    if miss.verdict is not None:
        return miss.verdict
    assert miss.got is not None  # no verdict: an array
    got, expected, where = miss.got, miss.case.expected, miss.case.where
    k, d_model = miss.case.args
    if got.shape != expected.shape:
        stack = got.shape == (d_model // 2, 2, 2)
        hint = f" {OFFSET_MISTAKES['blocks-stack']}" if stack else ""
        return not_yet(
            f"{where} the shape is {got.shape}, expected {expected.shape} (it maps one row to another).{hint}",
            mistake="blocks-stack" if stack else None,
        )
    said = first_difference(got, expected, where, "M")
    assert said is not None  # a miss of the right shape differs somewhere
    if np.allclose(got, _blocks_at_i(k, d_model), atol=TOL) and d_model > 2:
        return not_yet(said, Explained(f" {OFFSET_MISTAKES['blocks-at-i']}", "blocks-at-i"))
    if d_model == 2:  # one block cannot tell a wrong angle from a wrong offset: read a wider M too
        _, wide, _ = array_from(fn, name, 3, 8)
        if wide is not None and wide.shape == (8, 8) and np.isfinite(wide).all():
            lead = " Measured at delta=3, d_model=8:"
            read = _explain(miss.value, wide, 3, room_after(said) - len(lead))
            if read.mistake is not None and read.text.startswith(" Measured:"):
                return not_yet(said, Explained(lead + read.text.removeprefix(" Measured:"), read.mistake))
    return not_yet(said, _explain(miss.value, got, k, room_after(said)))


def _explain(value: object, got: np.ndarray, k: int, room: int) -> Explained:
    """What the learner's M does wrong, measured block by block, in at most `room` characters."""
    dtype = int_dtype(value)
    if dtype is not None:
        return Explained(f" Your M has dtype {dtype}. {OFFSET_MISTAKES['int-dtype']}", "int-dtype")
    if not np.isfinite(got).all():
        return Explained("")
    with np.errstate(all="ignore"):
        findings, mistake = _diagnose(got, k)
    # base 100 is what i for 2i gives, and also what 2i with base 100 gives: a likely cause, not a certain one
    listed = mistake is not None and mistake in OFFSET_MISTAKES
    hint = (
        f" {'Likely: ' if mistake == 'i-for-2i' else ''}{OFFSET_MISTAKES[mistake]}"
        if mistake is not None and listed
        else ""
    )
    said = sentences(findings, len(got) // 2, room - len(hint) - len(" Measured: ."), noun="block")
    return Explained((f" Measured: {said}." if said else "") + hint, mistake if listed or said else None)
