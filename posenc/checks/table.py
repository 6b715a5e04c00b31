"""Lesson 02's table checker: the sinusoidal table written by hand (the wavelength is ``wavelength.py``).

A wrong table is described by measuring it: the learner's function builds a long
table (a few thousand positions), and each column is read as a wave (its speed,
phase, amplitude and offset, :mod:`posenc.checks.measure`) and set against what it
should be: ``sin(omega_i * pos)`` in column 2i, ``cos(omega_i * pos)`` in 2i + 1. A
listed mistake is named when the measurements point to it.
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
    first_mismatch,
    int_dtype,
    not_yet,
    register,
    room_after,
)
from posenc.checks.measure import common_shift, effective_base, read_columns, wave_kinds, wrap
from posenc.checks.phrasing import (
    Finding,
    amount,
    as_if_base,
    factor,
    name_of,
    number,
    sentences,
    sig,
    signed,
    times,
)
from posenc.sinusoidal import frequencies, sinusoidal

__all__ = ["check_sinusoidal"]

SINUSOIDAL_MISTAKES = {
    "transposed": "one row per position, one column per dimension: the table is transposed (a .T too many, or its "
    "axes built the other way round).",
    "swapped": "sin and cos are swapped: even columns (0, 2, ...) hold the sines.",
    "concatenated": "the sines and cosines are concatenated [sin | cos]; the formula interleaves them: "
    "sin in column 2i, cos in 2i + 1.",
    "i-for-2i": "the frequency uses i instead of 2i: omega_i = base ** (-2 * i / d_model).",
    "growing-frequencies": "the frequencies grow with i (a flipped exponent sign, or pos / omega_i): the angle is "
    "pos * omega_i, with omega_i = base ** (-2 * i / d_model) shrinking as i grows.",
    "column-frequencies": "each column has its own frequency; a sine column and the cosine after it share "
    "omega_i, with i = column // 2.",
    "from-one": "positions count from 0, not 1.",
    "tensor2tensor": "this is Tensor2Tensor's table ([sin | cos], omega_i = base ** (-i / (d_model / 2 - 1))), the "
    "code released with the paper, not the paper's formula: interleave sin and cos, with omega_i = base ** (-2 * i / "
    "d_model).",
    "two-pi": "the angles are multiplied by 2π: omega_i is already in radians per position (pair 0 turns 1 radian "
    "per position), so the angle is pos * omega_i.",
    "one-frequency": "every pair turns at pair 0's speed, 1 radian per position: the exponent is 0 for every pair "
    "(// is floor division, and 2 * i // d_model is 0: use /).",
    "tensor2tensor-spacing": "the frequencies follow Tensor2Tensor's spacing, base ** (-i / (d_model / 2 - 1)); "
    "the paper's formula has omega_i = base ** (-2 * i / d_model).",
    "one-column-per-pair": "that is one column per pair (the angles themselves?): each pair fills two columns, its sine in 2i and its cosine "
    "in 2i + 1.",
    "rounded-exponent": "each pair turns at a whole power of the base (1, 1/10000, ...): the exponent -2i / d_model "
    "was rounded to a whole number, as // does; divide with /.",
    "int-dtype": "an int array (np.zeros(..., dtype=int), say) truncates the sines and cosines to whole numbers, "
    "mostly 0: use floats.",
}

#: The diagnoses measured from a wrong table's speeds (the sentence names the formula the speeds follow).
SINUSOIDAL_MEASURED = {
    "divided-after-power": "each pair turns at base ** (-2i) / d_model: the power was taken before the division, "
    "so the exponent needs its parentheses",
    "exponent-off-by-one": "each pair turns at base ** (-(2i + 1) / d_model) or base ** (-(2i - 1) / d_model): the "
    "exponent's arange starts at 1 (or -1), not 0",
    "added-not-multiplied": "each angle is pos + omega_i, where pos * omega_i belongs",
    "to-radians": "every speed is omega_i · π/180: angles converted to radians where they already are",
    "to-degrees": "every speed is omega_i · 180/π: angles converted to degrees, but np.sin takes radians",
    "exponent-doubled": "each pair turns at base ** (-4i / d_model): the exponent doubled (2 counted twice, or "
    "d_model / 2 in the denominator)",
    "pairs-at-i": "pair i written to columns i and i + 1, each over the one before, where 2i and 2i + 1 belong",
    "angles-overwritten": "one wave's columns hold the other wave of the first ones (cos(sin(angle))): the angles "
    "overwritten before the second wave was taken",
    "log10-in-exp": "speeds with base e^4: np.exp(-2i / d_model * np.log10(10000)), a base-10 logarithm under np.exp",
    "positions-scaled": "the rows of positions p / seq_len: positions divided by the table's length",
    "rows-unfilled": "every row right but some left all 0, never filled (a loop that stops early)",
    "rearranged": "every right number, in the wrong places and not whole columns moved: a stack on the wrong axis, "
    "or a reshape of a table laid out another way",
}

TOL = 1e-5  # a phase (radians), amplitude or offset closer than this to the right one reads as right
SPEED_TOL = 1e-6  # the same for a speed, relative


def _long_table(fn: Callable, name: str, d_model: int) -> np.ndarray | None:
    """The learner's table over a few thousand positions, or None if it gives none.

    Always the same number of rows for a width, whatever the machine's speed, so that the same
    wrong answer gets the same message everywhere (a class of 40 compares them).
    """
    rows = max(1024, min(4096, 2**15 // d_model))
    _, table, _ = array_from(fn, name, rows, d_model)
    return None if table is None or table.shape != (rows, d_model) else table  # None exactly when there is a verdict


def _not_waves(
    table: np.ndarray, line: np.ndarray, amp: np.ndarray, offset: np.ndarray, wave: np.ndarray
) -> list[Finding]:
    """The columns that are no wave at all: NaN or inf, constant, a straight line, or something else."""
    groups: dict[tuple[str, str, str], list[int]] = {}
    for j in np.flatnonzero(~wave):
        bad = np.flatnonzero(~np.isfinite(table[:, j]))
        if bad.size:
            said = ("holds", "hold", f"NaN or inf (first at position {bad[0]})")
        elif line[j]:
            said = ("runs", "run", "in a straight line (angles without np.sin or np.cos?)")
        elif amp[j] <= TOL:
            value = sig(offset[j], 4)
            said = ("stays", "stay", f"at {value}" + (" (never filled in?)" if value == "0" else ""))
        else:
            said = ("follows", "follow", "no wave")
        groups.setdefault(said, []).append(int(j))
    return [Finding(tuple(cols), *said) for said, cols in groups.items()]


def _formula(kind: int, amp: float, offset: float) -> str:
    """A column's wave as the learner would write it, from its kind (0 sin, 1 cos, 2 -sin, 3 -cos): "1 − sin"."""
    wave = ("" if abs(amp - 1) <= TOL else f"{sig(amp)}·") + ("sin", "cos")[kind % 2]
    if abs(offset) <= TOL:
        return f"−{wave}" if kind >= 2 else wave
    return f"{sig(offset)} {'−' if kind >= 2 else '+'} {wave}"


def _placement(speed: np.ndarray, phase: np.ndarray, wave: np.ndarray) -> tuple[list[Finding], str | None] | None:
    """When every column is a column of the right table, perhaps mirrored, and some sit in another's place.

    A column that holds its own pair's other wave, mirrored ("−cos where sin belongs"),
    is left to :func:`_phases`, which says so in those words.
    """
    d_model = speed.size
    pair = np.abs(np.log(speed[:, None] / frequencies(d_model))) < SPEED_TOL  # (d_model, d_model // 2)
    kind, pure = wave_kinds(phase, TOL)
    if not (wave.all() and pure.all() and pair.any(axis=1).all()):
        return None
    cols = np.arange(d_model)
    source = 2 * pair.argmax(axis=1) + kind % 2  # (d_model,): the right table's column that each column holds
    moved = np.flatnonzero(source != cols)
    swapped = (source[moved] == moved ^ 1).all()  # only within pairs
    if moved.size == 0 or swapped and (kind[moved] >= 2).any():
        return None
    cause = None
    if swapped:
        found = [Finding(tuple(map(int, moved)), "has", "have", "sine and cosine swapped")]
        cause = "swapped" if len(moved) == d_model else None
    elif (source == cols[::-1]).all():
        found = [Finding.note(f"the columns are in reverse order (column 0 holds column {d_model - 1}'s wave)")]
    else:
        shown = ", ".join(f"column {j} holds column {source[j]}'s" for j in moved[:2]) + ", …" * (len(moved) > 2)
        found = [Finding(tuple(map(int, moved)), "holds", "hold", f"another column's wave ({shown})")]
        half = d_model // 2
        cause = "concatenated" if (source == np.where(cols < half, 2 * cols, 2 * (cols - half) + 1)).all() else None
    mirrored = tuple(int(j) for j in np.flatnonzero(kind >= 2))
    return found + ([Finding(mirrored, "is", "are", "mirrored (sign flipped)")] if mirrored else []), cause


def _speeds(speed: np.ndarray, wave: np.ndarray) -> tuple[list[Finding], str | None]:
    """Which columns turn too fast or too slow, by how much, and the listed mistake that explains it.

    Whole positions cannot tell a speed w from 2π ± w: a column that reads faster than
    1 radian per position (the fastest pair's speed) may be turning faster still, and
    then the other readings may be such echoes too. Such a table gets its speeds in
    numbers only when they tell one story: one factor for all, or one base.
    """
    d_model = speed.size
    ratio = speed / np.repeat(frequencies(d_model), 2)  # (d_model,)
    wrong = wave & (np.abs(np.log(ratio)) > SPEED_TOL)
    cols = tuple(int(j) for j in np.flatnonzero(wrong))
    if not cols:
        return [], None
    if wave.all() and np.allclose(speed[0::2], speed[1::2], rtol=SPEED_TOL):
        exponents = np.log(speed[0::2]) / np.log(10000.0)  # each pair's speed as a power of the base
        if np.allclose(exponents, np.round(exponents), atol=1e-6) and len(set(np.round(exponents))) > 1:
            return [Finding(cols, "turns", "turn", "at a whole power of 10000")], "rounded-exponent"
    own = 10000.0 ** (-np.arange(d_model) / d_model)  # a speed for each column, as if each were its own pair
    over = [int(j) for j in np.flatnonzero(wave & (speed > 1 + SPEED_TOL))]
    cause = "column-frequencies" if wave.all() and np.all(np.abs(np.log(speed / own)) < SPEED_TOL) else None
    if over and not wrong[:2].any():
        cause = "growing-frequencies"
    groups: dict[str, list[int]] = {}
    for j in cols:
        groups.setdefault(times(ratio[j]), []).append(j)
    base = effective_base(speed[0::2], d_model) if wave.all() and np.allclose(speed[0::2], speed[1::2]) else None
    if base is not None and len(groups) > 1:
        pairs = [j // 2 for j in cols[::2]]
        ends = [f"{factor(ratio[2 * i])} (columns {2 * i}–{2 * i + 1})" for i in dict.fromkeys([pairs[0], pairs[-1]])]
        rest = f"too {'fast' if base < 10000 else 'slow'}, {' to '.join(ends)}: {as_if_base(base)}"
        if abs(np.log(base) - np.log10(10000.0)) < 1e-4:  # e ** log10(base): np.exp with a base-10 logarithm
            rest += " = e^4, e to log10(10000): np.exp undoes np.log, the natural logarithm, not np.log10"
            return [Finding(cols, "turns", "turn", rest)], "log10-in-exp"
        return [Finding(cols, "turns", "turn", rest)], "i-for-2i" if abs(np.log(base / 100)) < 1e-4 else None
    if over and len(groups) > 1:
        rest = "over 1 radian per position, faster than columns 0–1 should"
        found = [Finding(cols, "turns", "turn", "at the wrong speed"), Finding(tuple(over), "turns", "turn", rest)]
        return found, cause
    return [Finding(tuple(js), "turns", "turn", said) for said, js in groups.items()], cause


def _ahead(error: float) -> str:
    return f"{sig(abs(error))} rad {'ahead' if error > 0 else 'behind'}"


def _phases(
    speed: np.ndarray, amp: np.ndarray, phase: np.ndarray, offset: np.ndarray, wave: np.ndarray
) -> tuple[list[Finding], str | None, set[int]]:
    """Columns whose wave starts off wrong: shifted, a sine for a cosine, mirrored, ahead or behind.

    Also the listed mistake this points to, and the columns described in full ("1 − sin where cos belongs").
    """
    d_model = speed.size
    error = wrap(phase - np.tile([0.0, np.pi / 2], d_model // 2))  # (d_model,)
    off = wave & (np.abs(error) > TOL)
    if off.all():
        shift = common_shift(error, speed)
        same = np.ptp(error) < TOL  # every angle off by as much
        if shift is not None and (abs(shift - round(shift)) < 1e-3 or not same):
            n = round(shift) if abs(shift - round(shift)) < 1e-3 else shift
            rest = f"shifted by {sig(abs(n))} {'position' if abs(n) == 1 else 'positions'}: row p holds position p {signed(n)}"
            return [Finding(tuple(range(d_model)), "is", "are", rest)], "from-one" if n == 1 else None, set()
        if same and abs(wrap(4 * error[0])) > TOL:  # not by a quarter turn (a sine for a cosine, mirrored, ...)
            rest = f"every angle is {_ahead(error[0])}: sin(angle {signed(error[0])}) and cos(angle {signed(error[0])})"
            return [Finding.note(rest)], None, set()
    kind, pure = wave_kinds(phase, TOL)
    groups: dict[tuple[str, str, str], list[int]] = {}
    for j in np.flatnonzero(off):
        want = ("sin", "cos")[j % 2]
        if pure[j] and kind[j] == j % 2 + 2:
            said = ("is", "are", "mirrored (sign flipped)")
        elif pure[j]:
            said = ("holds", "hold", f"{_formula(kind[j], amp[j], offset[j])} where {want} belongs")
        else:
            said = ("is", "are", f"{_ahead(error[j])}: {want}(angle {signed(error[j])})")
        groups.setdefault(said, []).append(int(j))
    described = {j for said, js in groups.items() if said[0] == "holds" for j in js}
    return [Finding(tuple(js), *said) for said, js in groups.items()], None, described


def _sizes(amp: np.ndarray, offset: np.ndarray, wave: np.ndarray, described: set[int]) -> list[Finding]:
    """Columns whose wave is larger or smaller than 1, or not centred on 0."""
    groups: dict[str, list[int]] = {}
    for j in (int(j) for j in np.flatnonzero(wave) if j not in described):
        if abs(amp[j] - 1) > TOL:
            groups.setdefault(f"scaled by {amount(amp[j])}", []).append(j)
    for j in (int(j) for j in np.flatnonzero(wave) if j not in described):
        if abs(offset[j]) > TOL:
            groups.setdefault(f"offset by {'+' if offset[j] > 0 else ''}{amount(offset[j])}", []).append(j)
    return [Finding(tuple(js), "is", "are", said) for said, js in groups.items()]


def _diagnose(table: np.ndarray) -> tuple[list[Finding], str | None]:
    """What each column of the learner's long table does against what it should, and the listed mistake it points to."""
    speed, amp, phase, offset, wave, line = read_columns(table, TOL)  # (d_model,) each
    found = _not_waves(table, line, amp, offset, wave)
    if not wave.any():
        return found, None
    placed = _placement(speed, phase, wave)
    if placed is not None:
        more, cause = placed
        return found + more + _sizes(amp, offset, wave, set()), cause
    by_speed, cause = _speeds(speed, wave)
    by_phase, shifted, described = _phases(speed, amp, phase, offset, wave)
    return found + by_speed + by_phase + _sizes(amp, offset, wave, described), cause or shifted


def _interleaved_at(positions: np.ndarray, omega: np.ndarray) -> np.ndarray:
    """The paper's layout, sin and cos of positions * omega, at any positions (fractions too)."""
    angle = positions[:, None] * omega  # (rows, pairs)
    return np.stack([np.sin(angle), np.cos(angle)], axis=-1).reshape(len(positions), 2 * len(omega))


def _interleaved(seq_len: int, omega: np.ndarray) -> np.ndarray:
    """sin(pos * omega) in the even columns and cos in the odd ones: the paper's layout with any speeds."""
    return _interleaved_at(np.arange(seq_len), omega)


def _same_speeds(table: np.ndarray) -> str | None:
    """The mistake whose speeds the learner's table has exactly, in the paper's layout, if any.

    A listed mistake's id, or a measured one's (:data:`SINUSOIDAL_MEASURED`): speeds whose exponent lost its
    parentheses or starts one off, or angles pos + omega_i (the paper's speeds, added where they multiply).
    """
    n, d = table.shape
    pairs = d // 2
    two_i = 2.0 * np.arange(pairs)
    speeds = {
        "two-pi": 2 * np.pi * frequencies(d),
        "one-frequency": np.ones(pairs),
        "tensor2tensor-spacing": 10000.0 ** (-np.arange(pairs) / max(pairs - 1, 1)),
        "divided-after-power": 10000.0 ** (-two_i) / d,
        "to-radians": frequencies(d) * np.pi / 180,
        "to-degrees": frequencies(d) * 180 / np.pi,
        "exponent-doubled": frequencies(d) ** 2,
    }
    found = next((m for m, omega in speeds.items() if np.allclose(table, _interleaved(n, omega), atol=1e-6)), None)
    if found is not None:
        return found
    for shift in (1.0, -1.0):
        if np.allclose(table, _interleaved(n, 10000.0 ** (-(two_i + shift) / d)), atol=1e-6):
            return "exponent-off-by-one"
    right = sinusoidal(n, d)
    at_i = np.zeros((n, d))  # pair i written to columns i and i + 1, each pair over the one before
    for i in range(d // 2):
        at_i[:, i], at_i[:, i + 1] = right[:, 2 * i], right[:, 2 * i + 1]
    if np.allclose(table, at_i, atol=1e-6):
        return "pairs-at-i"
    sines_kept = np.allclose(table[:, 0::2], right[:, 0::2], atol=1e-6)
    if sines_kept and np.allclose(table[:, 1::2], np.cos(right[:, 0::2]), atol=1e-6):
        return "angles-overwritten"
    if np.allclose(table[:, 1::2], right[:, 1::2], atol=1e-6) and np.allclose(
        table[:, 0::2], np.sin(right[:, 1::2]), atol=1e-6
    ):
        return "angles-overwritten"
    angle = np.arange(n)[:, None] + frequencies(d)  # (n, pairs): pos + omega_i
    added = np.stack([np.sin(angle), np.cos(angle)], axis=-1).reshape(n, d)
    return "added-not-multiplied" if np.allclose(table, added, atol=1e-6) else None


def _tensor2tensor(seq_len: int, d_model: int, base: float = 10000.0) -> np.ndarray:
    """The table of Tensor2Tensor's ``get_timing_signal_1d``: [sin | cos], its own frequency spacing, odd widths padded."""
    pairs = d_model // 2
    omega = base ** (-np.arange(pairs) / max(pairs - 1, 1))  # (pairs,): the slowest is exactly 1 / base
    angle = np.arange(seq_len)[:, None] * omega  # (seq_len, pairs)
    return np.concatenate([np.sin(angle), np.cos(angle), np.zeros((seq_len, d_model % 2))], axis=1)


#: What the message says for each measured diagnosis of :func:`_same_speeds`.
_MEASURED_SAID = {
    "divided-after-power": "pair i turns at 10000 ** (-2i) / d_model, where 10000 ** (-2i / d_model) belongs: the "
    "power is taken first, then divided. Put the whole exponent in parentheses: base ** (-2 * i / d_model).",
    "exponent-off-by-one": "every pair turns 10000 ** (1 / d_model) times too {how}: its exponent is -(2i {sign} 1) "
    "/ d_model, where -2i / d_model belongs. Start the exponent's np.arange at 0: 2i is 0, 2, 4, ...",
    "added-not-multiplied": "each angle is pos + omega_i, so row 0 is not [0, 1, 0, 1, ...]: multiply, pos * omega_i.",
    "to-radians": "every pair turns 57.3× too slow: the angles were converted from degrees to radians (np.deg2rad, "
    "np.radians or * π/180), but pos * omega_i is in radians already: pass it to np.sin and np.cos as it is.",
    "to-degrees": "every pair turns 57.3× too fast: the angles were converted to degrees (np.rad2deg, np.degrees or "
    "* 180/π), but np.sin and np.cos take radians: pass pos * omega_i as it is.",
    "exponent-doubled": "pair i turns at 10000 ** (-4i / d_model), where 10000 ** (-2i / d_model) belongs: the "
    "exponent is doubled. np.arange(0, d_model, 2) already holds 2i (no 2 * before it), and the denominator is "
    "d_model, not d_model / 2.",
    "pairs-at-i": "pair i was written to columns i and i + 1, so each pair overwrites the one before and the last "
    "columns stay 0: pair i's sine goes in column 2 * i, its cosine in 2 * i + 1.",
    "angles-overwritten": "one wave's columns hold the other wave taken of the first ones' values (cos(sin(angle)), "
    "say): the angles were overwritten (angles = np.sin(angles)?) before the second wave was computed from them.",
}


def _rearranged(table: np.ndarray) -> bool:
    """Whether `table` holds exactly the right table's numbers, moved around other than column by column."""
    right = sinusoidal(*table.shape)
    if not np.allclose(np.sort(table, axis=None), np.sort(right, axis=None), atol=1e-9, rtol=0.0):
        return False
    columns = [any(np.allclose(col, other, atol=1e-9) for other in right.T) for col in table.T]
    return not all(columns)


def _explain(fn: Callable, name: str, value: object, d_model: int, room: int) -> Explained:
    """What the learner's table does wrong, measured on a long table, in at most `room` characters."""
    dtype = int_dtype(value)
    if dtype is not None:
        return Explained(f" Likely: your table has dtype {dtype}: {SINUSOIDAL_MISTAKES['int-dtype']}", "int-dtype")
    table = _long_table(fn, name, d_model)
    if table is None:
        return Explained("")
    if np.allclose(table, sinusoidal(*table.shape), atol=1e-6, rtol=0.0):
        return Explained(
            f" Your table for seq_len={len(table)}, d_model={d_model} is right, though: only some sizes go wrong."
        )
    if np.allclose(table, _tensor2tensor(*table.shape), atol=1e-6, rtol=0.0):
        return Explained(
            f" Measured over {len(table)} positions: {SINUSOIDAL_MISTAKES['tensor2tensor']}", "tensor2tensor"
        )
    same = _same_speeds(table) if d_model % 2 == 0 and d_model > 2 else None
    if same in SINUSOIDAL_MEASURED:
        late = 10000.0 ** (-(2.0 * np.arange(d_model // 2) + 1) / d_model)  # each exponent one more than 2i
        slow = bool(np.allclose(table, _interleaved(len(table), late), atol=1e-6))
        said = _MEASURED_SAID[same].format(how="slow" if slow else "fast", sign="+" if slow else "-")
        return Explained(f" Measured over {len(table)} positions: {said}", same)
    if same is not None:
        certain = same != "one-frequency"  # pair 0's speed everywhere: floor division is one way, not the only one
        likely = "" if certain else "Likely: "
        return Explained(f" Measured over {len(table)} positions: {likely}{SINUSOIDAL_MISTAKES[same]}", same)
    rows, right = len(table), sinusoidal(*table.shape)
    for n in (rows, rows - 1):  # positions divided by the table's length: every row a fraction of the way
        if np.allclose(table, _interleaved_at(np.arange(rows) / n, frequencies(d_model)), atol=1e-9):
            return Explained(
                f" Measured over {rows} positions: each row is the table's row for p / {'seq_len' if n == rows else 'seq_len - 1'}: "
                "the positions were divided by the length, so one position gets another row in a longer table. "
                "Use the positions themselves, 0, 1, ..., seq_len - 1.",
                "positions-scaled",
            )
    unfilled = [r for r in range(rows) if not table[r].any() and right[r].any()]
    filled = [r for r in range(rows) if r not in unfilled]
    if unfilled and np.allclose(table[filled], right[filled], atol=1e-9):
        where = f"the last {len(unfilled)} rows" if unfilled == list(range(rows - len(unfilled), rows)) else "some rows"
        if len(unfilled) == 1:
            where = "the last row" if unfilled == [rows - 1] else f"row {unfilled[0]}"
        return Explained(
            f" Measured over {rows} positions: every row is right but {where}, all 0: never filled. A loop that stops "
            "early (range(seq_len - 1) where range(seq_len) belongs)?",
            "rows-unfilled",
        )
    if _rearranged(table):
        return Explained(
            " Measured: your table holds every right number, in the wrong places (not whole columns moved): a stack "
            "on the wrong axis, or a reshape of another layout? Stack sin and cos on the last axis (axis=-1), then "
            "reshape, so each pair sits side by side.",
            "rearranged",
        )
    with np.errstate(all="ignore"):
        findings, mistake = _diagnose(table)
    hint = f" Likely: {SINUSOIDAL_MISTAKES[mistake]}" if mistake in SINUSOIDAL_MISTAKES else ""
    lead = f" Measured over {len(table)} positions: "
    said = sentences(findings, d_model, room - len(hint) - len(lead) - 1)
    listed = mistake in SINUSOIDAL_MISTAKES
    return Explained((f"{lead}{said}." if said else "") + hint, mistake if listed or said else None)


@register("function", SINUSOIDAL_MISTAKES, SINUSOIDAL_MEASURED)
def check_sinusoidal(fn: Callable[[int, int], np.ndarray]) -> CheckResult:
    """Check ``fn(seq_len, d_model)`` against :func:`posenc.sinusoidal` on several shapes.

    A wrong table gets its first differing cell, then what its columns do over a few
    thousand positions against what they should (too fast or slow, shifted, mirrored,
    scaled, in the wrong place), and the listed mistake those measurements point to.

    Examples
    --------
    >>> import posenc
    >>> check_sinusoidal(posenc.sinusoidal)
    Correct: matches the reference for (seq_len, d_model) = (8, 6), (1, 4), (6, 2), (3, 128).
    >>> check_sinusoidal(lambda n, d: posenc.sinusoidal(n, d).T)
    Not yet: for seq_len=8, d_model=6 the shape is (6, 8), expected (8, 6): one row per position, one column per dimension: the table is transposed (a .T too many, or its axes built the other way round).
    >>> check_sinusoidal(lambda n, d: posenc.sinusoidal(n, d, base=1000.0))
    Not yet: for seq_len=8, d_model=6, first mismatch at position 1, column 2 (a sine column): got 0.0998, expected 0.0464. Measured over 4096 positions: columns 2–5 turn too fast, 2.2× (columns 2–3) to 4.6× (columns 4–5): as if the base were 1000, not 10000.
    """
    name = name_of(fn)
    shapes = [(8, 6), (1, 4), (6, 2), (3, 128)]
    cases = [Case((n, d), sinusoidal(n, d), f"for seq_len={n}, d_model={d}") for n, d in shapes]
    miss = first_miss(fn, name, cases, params=("seq_len", "d_model"), returns="the (seq_len, d_model) table you built")
    if miss is None:
        listed = ", ".join(f"({n}, {d})" for n, d in shapes)
        return correct(f"matches the reference for (seq_len, d_model) = {listed}.")
    if miss.verdict is not None:
        return miss.verdict
    assert miss.got is not None  # no verdict: an array
    got, expected, where = miss.got, miss.case.expected, miss.case.where
    seq_len, d_model = miss.case.args
    if got.shape != expected.shape:
        said = "one-column-per-pair" if got.shape == (seq_len, d_model // 2) else "transposed"
        return not_yet(
            f"{where} the shape is {got.shape}, expected {expected.shape}: " + SINUSOIDAL_MISTAKES[said], mistake=said
        )
    cell = first_mismatch(got, expected)
    assert cell is not None  # a miss of the right shape differs somewhere
    pos, col = cell
    kind = "a sine column" if col % 2 == 0 else "a cosine column"
    said = (
        f"{where}, first mismatch at position {pos}, column {col} ({kind}): "
        f"got {number(got[pos, col])}, expected {number(expected[pos, col])}."
    )
    return not_yet(said, _explain(fn, name, miss.value, d_model, room_after(said)))
