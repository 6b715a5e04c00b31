"""Lesson 05's checker: the learner's RoPE, ``my_rope(x, positions)``, interleaved pairs, base 10000.

A wrong rotation is described by measuring it. Fed the identity matrix with every row
at one position ``i``, a RoPE function returns its own ``(d_head, d_head)`` map at that
position; the checker reads that map: which dimension each one is mixed with (the
pairing: (2p, 2p + 1), or (p, p + d_head/2) as in the half layout), and, pair by pair,
the angle it turns by and its size. The angles are set against ``i * theta_p`` (position ``i``): all
turned as if at another position (the wrong way: ``-i``), or falling from pair to pair
with another base. It also checks that the positions passed in are used, and that the
input is left as it was.
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
    not_yet,
    register,
    room_after,
)
from posenc.checks.measure import common_shift, effective_base, partners, wrap
from posenc.checks.phrasing import Finding, amount, as_if_base, name_of, number, sentences, sig
from posenc.rope import apply_rope, rope_angles

__all__ = ["check_apply_rope"]

ROPE_MISTAKES = {
    "half-layout": "This exercise pairs neighbours, (0, 1), (2, 3), ... as in the RoFormer paper; "
    "yours pairs p with p + d_head/2, the half (rotate_half) layout.",
    "wrong-way": "It turns the wrong way: the first of each pair gets x1 cos - x2 sin, the second x1 sin + x2 cos.",
    "i-for-2i": "you used p where the formula has 2p: pair p turns at theta_p = 10000 ** (-2 * p / d_head).",
    "ignores-positions": "Use the positions passed in, not the row numbers 0, 1, 2, ...: "
    "the row at index j sits at positions[j].",
    "changed-input": "Your function changed the x it was given. Write into a new array "
    "(out = np.empty_like(x)), and compute both halves of a pair from the original values.",
    "angles-tiled": "Pair p's two dimensions turn by pair p's angle, so each angle appears twice in a row "
    "(np.repeat(angles, 2, axis=-1)); np.tile repeats the whole list instead, giving a dimension another pair's angle.",
    "added-table": "RoPE turns each pair and adds nothing: x1 cos - x2 sin, x1 sin + x2 cos. Adding a (sin, cos) "
    "row per position is lesson 02's absolute scheme.",
    "used-updated": "The second of each pair must be computed from the original first value, "
    "not from the one you have just turned: read both halves before you write either.",
}

TOL = 1e-6


def _cases() -> list[tuple[np.ndarray, np.ndarray]]:
    """(x, positions) pairs: a contiguous run, scattered and large positions, one pair, a wide head."""
    rng = np.random.default_rng(5)
    return [
        (rng.normal(size=(6, 8)), np.arange(6)),
        (rng.normal(size=(4, 8)), np.array([3, 10, 0, 700])),
        (rng.normal(size=(3, 2)), np.array([1, 2, 3])),
        (rng.normal(size=(5, 16)), np.arange(100, 105)),
    ]


def _where(x: np.ndarray, positions: np.ndarray) -> str:
    return f"for x of shape {x.shape} at positions {positions.tolist()}"


#: The diagnoses measured from a wrong rotation (the sentence names the numbers or the lines).
ROPE_MEASURED = {
    "block-read-back": "a pair's block read back as the two lines of code it computes (new first = cos·x1 − sin·x2, "
    "say), beside the lines that belong",
    "never-written": "some output dimensions hold 0 whatever the input: never written into the output",
    "no-theta": "every pair turns by the position itself: the angle lacks its theta_p",
    "line-repeated": "both halves of every pair hold one half's numbers: one line's formula written twice",
    "exp-without-i": "each pair scaled by e ** angle where it is turned: np.exp(angle) for np.exp(1j * angle)",
    "last-pair-unturned": "every pair turned right but the last, left as it is: a loop that stops one pair early",
    "no-sin-terms": "each dimension only scaled (by its cos, say), never mixed with its pair's other: the sin terms "
    "missing",
    "rows-mixed": "an output row that changes when only another row of x changes: rows mixed by a reshape or stack",
}


def _listed(dims: list[int]) -> str:
    """Up to four dimensions, then an ellipsis: '1, 3, 5, 7, …'."""
    return ", ".join(map(str, dims[:4])) + (", …" if len(dims) > 4 else "")


@register("function", ROPE_MISTAKES, ROPE_MEASURED)
def check_apply_rope(fn: Callable[[np.ndarray, np.ndarray], np.ndarray]) -> CheckResult:
    """Check ``fn(x, positions)``: RoPE with interleaved pairs and base 10000, x of shape (seq_len, d_head).

    A wrong answer gets its first differing entry, then what was measured: whether the
    positions passed in are used, how the dimensions are paired, and each pair's angle
    and size against ``i * theta_p`` (position ``i``).

    Examples
    --------
    >>> from posenc import apply_rope
    >>> check_apply_rope(apply_rope)
    Correct: matches posenc.apply_rope on 4 cases (d_head 2, 8 and 16, positions up to 700), and leaves x unchanged.
    >>> check_apply_rope(lambda x, p: apply_rope(x, -p))
    Not yet: for x of shape (6, 8) at positions [0, 1, 2, 3, 4, 5], out[1, 0] is 1.7802, expected -0.9711. Measured at position 3: every pair turns as if the position were -3, not 3. It turns the wrong way: the first of each pair gets x1 cos - x2 sin, the second x1 sin + x2 cos.
    """
    name = name_of(fn)
    cases = [Case((x, positions), apply_rope(x, positions), _where(x, positions)) for x, positions in _cases()]
    miss = first_miss(
        fn, name, cases, params=("x", "positions"), returns="the turned copy of x, of shape (seq_len, d_head)"
    )
    if miss is None:
        return correct(
            "matches posenc.apply_rope on 4 cases (d_head 2, 8 and 16, positions up to 700), and leaves x unchanged."
        )
    if miss.verdict is not None:
        return miss.verdict
    assert miss.got is not None  # no verdict: an array
    (x, positions), (given, given_positions) = miss.case.args, miss.given
    got, expected, where = miss.got, miss.case.expected, miss.case.where
    if miss.changed_input == 0:
        r, c = np.argwhere(given != x)[0]
        return not_yet(
            f"{where}, x[{r}, {c}] was {number(x[r, c])} before the call and {number(given[r, c])} after. "
            + ROPE_MISTAKES["changed-input"],
            mistake="changed-input",
        )
    if miss.changed_input == 1:
        return not_yet(
            f"{where}, positions came back changed ({given_positions.tolist()}): leave the inputs as they are."
        )
    if got.shape != expected.shape:
        return not_yet(f"{where}, the shape is {got.shape}, expected {expected.shape} (the same as x).")
    said = first_difference(got, expected, where, "out")
    assert said is not None  # a miss of the right shape differs somewhere
    return not_yet(said, _explain(fn, name, x, positions, got, room_after(said)))


def _explain(fn: Callable, name: str, x: np.ndarray, positions: np.ndarray, got: np.ndarray, room: int) -> Explained:
    """What the learner's function does, measured, in at most `room` characters."""
    if not np.isfinite(got).all():
        return Explained(" Some entries are NaN or infinite.")
    seq_len, d_head = x.shape
    if not np.array_equal(positions, np.arange(seq_len)):
        if np.allclose(got, apply_rope(x, np.arange(seq_len)), atol=TOL):
            return Explained(
                " Measured: each row is turned by its row number, not by its position. "
                + ROPE_MISTAKES["ignores-positions"],
                "ignores-positions",
            )
    mixed = _rows_mixed(fn, name, x, positions, got) if seq_len > 1 else None
    if mixed is not None:
        return Explained(
            f" Measured: changing only the last row of x changed output row {mixed} too, but each position is "
            "turned on its own: row r of the output depends on row r of x alone (a reshape, or np.stack along "
            "the wrong axis, that mixes rows?).",
            "rows-mixed",
        )
    angles = rope_angles(positions, d_head)  # (seq_len, d_head // 2)
    table = np.stack([np.sin(angles), np.cos(angles)], axis=-1).reshape(seq_len, d_head)
    if np.allclose(got, x + table, atol=TOL):
        return Explained(
            f" Measured: out - x is the (sin, cos) of each position's angles. {ROPE_MISTAKES['added-table']}",
            "added-table",
        )
    if d_head > 2 and np.allclose(got, _tiled(x, angles), atol=TOL):
        return Explained(
            f" Measured: some dimensions turn by another pair's angle. {ROPE_MISTAKES['angles-tiled']}", "angles-tiled"
        )
    right = apply_rope(x, positions)
    for kept, copied in ((0, 1), (1, 0)):  # one line of each pair written twice: both columns hold the same numbers
        if np.allclose(got[:, kept::2], right[:, kept::2], atol=TOL) and np.allclose(
            got[:, copied::2], right[:, kept::2], atol=TOL
        ):
            lines = ("new first = cos·x1 − sin·x2", "new second = sin·x1 + cos·x2")
            return Explained(
                f" Measured: both halves of every pair hold the {('first', 'second')[kept]}'s numbers: the line for "
                f"the {('first', 'second')[copied]} repeats the other's formula; it is {lines[copied]}.",
                "line-repeated",
            )
    placed = _misplaced(got, right)
    if placed:
        return Explained(f" Measured: the right numbers, in the wrong columns: {placed}.")
    m = 3
    maps = {}
    for at in (m, 0):
        _, out, _ = array_from(fn, name, np.eye(d_head), np.full(d_head, at), params=("x", "positions"))
        if out is None or out.shape != (d_head, d_head) or not np.isfinite(out).all():  # None: there is a verdict
            return Explained("")
        maps[at] = out.T  # column j: what the function does to the unit vector e_j
    with np.errstate(all="ignore"):
        findings, mistake = _diagnose(maps[m], m)
    if mistake is None and _used_updated(x, positions, got):
        mistake = "used-updated"
    if mistake == "half-layout" and not np.allclose(got, apply_rope(x, positions, layout="half"), atol=TOL):
        mistake = None  # paired as the half layout pairs, but not what it gives: the pairing is said, not named
    if not findings and not np.allclose(maps[0], np.eye(d_head), atol=TOL):
        findings = [Finding.note("at position 0 it changes the vector, but a turn by 0 · theta_p leaves it as it is")]
    # base 100 is what p for 2p gives, and also what 2p with base 100 gives: a likely cause, not a certain one
    listed = mistake is not None and mistake in ROPE_MISTAKES
    hint = (
        f" {'Likely: ' if mistake == 'i-for-2i' else ''}{ROPE_MISTAKES[mistake]}"
        if mistake is not None and listed
        else ""
    )
    said = sentences(findings, d_head // 2, room - len(hint) - len(f" Measured at position {m}: ."), noun="pair")
    return Explained(
        (f" Measured at position {m}: {said}." if said else "") + hint, mistake if listed or said else None
    )


def _rows_mixed(fn: Callable, name: str, x: np.ndarray, positions: np.ndarray, got: np.ndarray) -> int | None:
    """The first output row, other than the last, that changes when only the last row of x changes; else None."""
    probe = x.copy()
    probe[-1] += 1.0
    _, moved, _ = array_from(fn, name, probe, positions.copy(), params=("x", "positions"))
    if moved is None or moved.shape != got.shape:
        return None
    changed = np.flatnonzero(np.any(np.abs(moved[:-1] - got[:-1]) > TOL, axis=1))
    return int(changed[0]) if changed.size else None


def _tiled(x: np.ndarray, angles: np.ndarray) -> np.ndarray:
    """RoPE whose per-dimension angles were laid out as np.tile(angles, 2), not np.repeat(angles, 2)."""
    cos, sin = np.tile(np.cos(angles), 2), np.tile(np.sin(angles), 2)  # (seq_len, d_head) each
    partner = np.empty_like(x)
    partner[:, 0::2], partner[:, 1::2] = -x[:, 1::2], x[:, 0::2]  # what sin multiplies in each pair
    return x * cos + partner * sin


def _used_updated(x: np.ndarray, positions: np.ndarray, got: np.ndarray) -> bool:
    """Whether `got` is RoPE with the second of each pair computed from the already-turned first."""
    angles = rope_angles(positions, x.shape[1])  # (seq_len, d_head // 2)
    first = x[:, 0::2] * np.cos(angles) - x[:, 1::2] * np.sin(angles)
    second = first * np.sin(angles) + x[:, 1::2] * np.cos(angles)
    return bool(np.allclose(got[:, 0::2], first, atol=TOL) and np.allclose(got[:, 1::2], second, atol=TOL))


def _misplaced(got: np.ndarray, expected: np.ndarray) -> str:
    """Where the learner put each right column, if every column of `got` is some column of `expected`."""
    d = got.shape[1]
    source = []
    for j in range(d):
        same = [c for c in range(d) if np.allclose(got[:, j], expected[:, c], atol=TOL)]
        if not same:
            return ""
        source.append(same[0])
    wrong = [j for j in range(d) if source[j] != j]
    if not wrong:
        return ""
    j = wrong[0]
    if source == [*range(0, d, 2), *range(1, d, 2)]:
        return (
            "the turned firsts of the pairs fill the first half of the columns and the seconds the rest, "
            "but the first of pair p belongs in column 2p and the second in 2p + 1 (out[:, 0::2], out[:, 1::2])"
        )
    return f"column {j} holds what belongs in column {source[j]}"


def _as_formula(row: tuple[float, float], angle: float) -> str | None:
    """A row of a pair's 2 × 2 block as the line of code it computes, ``cos·x1 − sin·x2``, each coefficient read as
    ±cos, ±sin, 0 or 1 of `angle`, or a sum or difference of cos and sin (a term written twice for one member);
    None when one is none of these.

    >>> _as_formula((np.cos(0.5), np.sin(0.5)), 0.5)
    'cos·x1 + sin·x2'
    >>> _as_formula((np.cos(0.5) - np.sin(0.5), 0.0), 0.5)
    '(cos − sin)·x1'
    """
    names = {"cos": np.cos(angle), "sin": np.sin(angle), "1": 1.0}
    names |= {"(cos + sin)": names["cos"] + names["sin"], "(cos − sin)": names["cos"] - names["sin"]}
    terms = []
    for value, x in zip(row, ("x1", "x2"), strict=True):
        if abs(value) < TOL:
            continue
        name = next((n for n, v in names.items() if abs(abs(value) - abs(v)) < TOL and abs(v) > TOL), None)
        if name is None:
            return None
        negative = (value < 0) != (names[name] < 0)
        terms.append(("−" if negative else "+", x if name == "1" else f"{name}·{x}"))
    if not terms:
        return "0"
    text = " ".join(f"{sign} {term}" for sign, term in terms)
    return text[2:] if text.startswith("+ ") else "−" + text[2:]


def _diagnose(J: np.ndarray, m: int) -> tuple[list[Finding], str | None]:
    """Read the map at one position pair by pair: pairing, size and angle; the listed mistake it points to."""
    d = len(J)
    if np.allclose(J, np.eye(d), atol=TOL):
        return [Finding.note("nothing turns: the output is the input")], None
    kept = [i for i in range(d) if np.allclose(J[i], np.eye(d)[i], atol=TOL)]
    if kept and kept == list(range(1, d, 2)):
        return [Finding.note("the second of every pair comes out unchanged: both halves of a pair turn")], None
    if kept and kept == list(range(0, d, 2)):
        return [Finding.note("the first of every pair comes out unchanged: both halves of a pair turn")], None
    thetas = rope_angles([1.0], d)[0]  # (d // 2,): each pair's angle per position
    grown = np.repeat(np.exp(m * thetas), 2)  # what e ** angle, with no i, does to each dimension
    if not np.allclose(grown, 1.0) and np.allclose(J, np.diag(grown), atol=TOL):
        note = "each pair is scaled by e ** angle, not turned: np.exp(angle) is real; a turn is np.exp(1j * angle)"
        return [Finding.note(note)], "exp-without-i"
    if np.allclose(J, np.diag(np.diag(J)), atol=TOL):  # scaled, never mixed: no sine terms
        cosines = np.allclose(np.diag(J), np.repeat(np.cos(m * thetas), 2), atol=TOL)
        by = "the cos of its angle" if cosines else "a number"
        note = (
            f"each dimension is only multiplied by {by}, never mixed with the other of its pair: the sin terms "
            "are missing (new first = cos·x1 − sin·x2, new second = sin·x1 + cos·x2)"
        )
        return [Finding.note(note)], "no-sin-terms"
    zero = [i for i in range(d) if np.allclose(J[i], 0, atol=TOL)]  # output dimensions that hold 0 for any input
    if zero and len(zero) < d:
        which = "second" if zero == list(range(1, d, 2)) else "first" if zero == list(range(0, d, 2)) else ""
        said = f"the {which} of every pair is" if which else f"dimensions {_listed(zero)} are"
        return [Finding.note(f"{said} 0 whatever the input: never written into the output")], "never-written"
    partner = partners(J, TOL)
    half, cause, found = d // 2, None, []
    outside = J.copy()
    for i in range(0, d - 1, 2):
        outside[i : i + 2, i : i + 2] = 0
    if partner is None and np.allclose(outside, 0, atol=TOL):  # within its pair, but one member feeds nothing
        partner = np.arange(d) ^ 1
    if partner is None:
        said = "the dimensions are not mixed in pairs: each should be mixed with exactly one other"
        return [Finding.note(said)], None
    if np.array_equal(partner, (np.arange(d) + half) % d) and d > 2:
        firsts, cause = np.arange(half), "half-layout"
        found.append(Finding.note(f"dimension i is mixed with i + {half}, not with its neighbour"))
    elif np.array_equal(partner, np.arange(d) ^ 1):
        firsts = np.arange(0, d, 2)
    else:
        j = int(np.flatnonzero(partner != (np.arange(d) ^ 1))[0])
        return [Finding.note(f"dimension {j} is mixed with dimension {partner[j]}, not with {j ^ 1}")], None
    seconds = partner[firsts]
    a, b = J[firsts, firsts], J[firsts, seconds]  # the block [[a, b], [c, e]] of each pair
    c, e = J[seconds, firsts], J[seconds, seconds]
    size, turn = np.hypot((a + e) / 2, (c - b) / 2), np.arctan2((c - b) / 2, (a + e) / 2)
    not_turn = (np.abs(b + c) > TOL) | (np.abs(a - e) > TOL)  # what no rotation has
    bad = [int(i) for i in np.flatnonzero(not_turn)]
    if bad:
        i = bad[0]
        angle = m * rope_angles([1.0], d)[0][i]
        lines = _as_formula((a[i], b[i]), angle), _as_formula((c[i], e[i]), angle)
        right = ("cos·x1 − sin·x2", "sin·x1 + cos·x2")
        if None not in lines and lines != right:  # each entry read as ±cos, ±sin, 0 or 1 of the pair's angle
            wrong = [
                f"new {which} = {line}, where {want} belongs"
                for which, line, want in zip(("first", "second"), lines, right, strict=True)
                if line != want
            ]
            found.append(Finding.note(f"in pair {i} (x1, x2 its first and second), your {' and '.join(wrong)}"))
            cause = cause or "block-read-back"
        else:
            found.append(
                Finding(tuple(bad), "is", "are", "not a rotation (a rotation's block is [[cos, -sin], [sin, cos]])")
            )
        return found, cause
    scaled = [int(i) for i in np.flatnonzero(np.abs(size - 1) > TOL)]
    if scaled:
        found.append(
            Finding(tuple(scaled), "changes", "change", f"the length by {amount(size[scaled[0]])}× (a turn keeps it)")
        )
    thetas = rope_angles([1.0], d)[0]  # (d // 2,): the angle each pair turns per position
    off = np.abs(wrap(turn - m * thetas)) > TOL
    if not off.any():
        return found, cause
    if np.allclose(wrap(turn - m), 0, atol=TOL):
        found.append(Finding.note(f"every pair turns by {m} rad, the position itself: the angle is position · theta_p"))
        return found, cause or "no-theta"
    shift = common_shift(turn, thetas, atol=TOL)
    if shift is not None and abs(shift - round(shift)) < 1e-6:
        found.append(Finding.note(f"every pair turns as if the position were {round(shift)}, not {m}"))
        return found, cause or ("wrong-way" if round(shift) == -m else None)
    base = effective_base(turn / m, d, rtol=TOL) if np.all(np.abs(m * thetas) < np.pi) else None
    if base is not None:
        how = "too far" if base < 10_000 else "not far enough"
        found.append(Finding(tuple(map(int, np.flatnonzero(off))), "turns", "turn", f"{how}: {as_if_base(base)}"))
        return found, cause or ("i-for-2i" if abs(np.log(base / 100)) < 1e-4 else None)
    if np.allclose(wrap(turn + m * thetas - np.pi / 2), 0, atol=TOL):
        found.append(Finding.note("each pair turns by π/2 minus the right angle (cos and sin swapped?)"))
        return found, cause
    unturned = np.flatnonzero(off & (np.abs(wrap(turn)) <= TOL))
    if list(np.flatnonzero(off)) == [len(turn) - 1] and list(unturned) == [len(turn) - 1]:
        note = (
            f"every pair turns right but the last, pair {len(turn) - 1}, which is left as it is: likely a loop that "
            "stops one pair early (range(d_head // 2 - 1) where range(d_head // 2) belongs)"
        )
        return found + [Finding.note(note)], cause or "last-pair-unturned"
    ratio = turn / (m * thetas)
    if np.all(np.abs(m * thetas) < np.pi) and np.allclose(ratio, ratio[0], rtol=1e-6):
        degrees = " (degrees? np.cos and np.sin take radians)" if abs(ratio[0] - np.pi / 180) < 1e-6 else ""
        found.append(Finding.note(f"every pair turns {sig(ratio[0])} times as far as it should{degrees}"))
        return found, cause
    for i in np.flatnonzero(off)[:2]:
        rest = f"by {sig(turn[i])} rad where {sig(wrap(m * thetas[i]))} belongs"
        found.append(Finding((int(i),), "turns", "turn", rest))
    return found, cause
