"""Lesson 02's value checker: one wavelength computed by hand, told apart from the usual confusions.

A wrong value is never told the right one, which would answer the exercise; it is told
whether it is too large or too small, and which known confusion it equals, if any.
"""

from __future__ import annotations

import numbers

import numpy as np

from posenc.checks.engine import CheckResult, correct, not_attempted, not_yet, register
from posenc.checks.phrasing import number, short
from posenc.sinusoidal import frequencies, wavelengths

__all__ = ["check_wavelength"]

WAVELENGTH_MISTAKES = {
    "one-over-omega": "That is 1 / ω_{pair}: a full turn is 2π radians, so the wavelength is 2π / ω_{pair}.",
    "omega": "That is ω_{pair} itself, the frequency; the wavelength is 2π / ω_{pair}.",
    "two-pi-times-omega": "That is 2π · ω_{pair}, which is also 2π / ω_{pair} with the minus sign of ω's exponent "
    "dropped: the wavelength divides a turn by the speed, 2π / ω_{pair}, with ω_{pair} = base ** (-2·{pair} / d_model).",
    "inverted": "That is ω_{pair} / 2π, the turns per position: the wavelength is its inverse, 2π / ω_{pair}.",
    "floor-division": "That is 2π / 1: ω came out as 1, as when the exponent's 2·{pair} // d_model rounds down to 0 "
    "(// is floor division: use /).",
    "truncated": "That is the wavelength cut to a whole number (int() or //, say): keep its fraction.",
    "other-base": "That is pair {pair}'s wavelength with another base (above): the table's frequencies are powers "
    "of its own base, ω_{pair} = base ** (-2·{pair} / d_model).",
    "half-turn": "That is π / ω_{pair}, half a turn: a full turn is 2π radians.",
    "degrees": "That is 360 / ω_{pair}, a turn in degrees; ω_{pair} is in radians per position, so a turn is 2π.",
    "i-for-2i": "That uses i = {pair} where the formula has 2i: ω_i = base ** (-2i / d_model).",
    "column-index": "That is 2π / ω_{pair}², which has 2·{column} / d_model in the exponent: a division by ω twice "
    "(2π / ω / ω), the column index {column} taken for the pair index, or d_model / 2 where the formula divides by "
    "d_model. Divide 2π once by ω_{pair} = base ** (-2·{pair} / d_model).",
    "tensor2tensor": "That is Tensor2Tensor's spacing, ω_i = base ** (-i / (d_model / 2 - 1)); this table follows "
    "the paper, ω_{pair} = base ** (-2·{pair} / d_model).",
    "neighbour-pair": "That is the wavelength of pair {pair} ± 1: pairs count from 0, and pair {pair} is the "
    "one with ω_{pair} = base ** (-2·{pair} / d_model).",
}

#: The diagnoses measured from a wrong value (the sentence names the expression the value equals).
WAVELENGTH_MEASURED = {
    "exp-for-power": "2π / ω with ω = e ** (-2·pair / d_model): np.exp where the base's power belongs",
    "power-before-division": "what 2π / ω gives when ω's exponent loses its parentheses (base ** -2 * pair / "
    "d_model, say): the power taken before the multiplication and division",
    "printed-none": "None given: an answer assigned from print(...), which shows a number and gives back None",
    "other-width": "the pair's wavelength in a table of another width (512, the paper's, say)",
    "exponent-top": "2π / base ** (-n / d_model) for a whole n other than 2·pair: the top of ω's exponent misread",
}

#: What the message says for each measured diagnosis.
_MEASURED_SAID = {
    "exp-for-power": "That is 2π / ω with ω = e ** (-2·{pair} / d_model): np.exp(x) raises e to x, but ω raises "
    "the base: base ** (-2 * {pair} / d_model).",
    "other-width": "That is pair {pair}'s wavelength in a table {width} wide; this table has d_model = {d_model}: "
    "ω_{pair} = base ** (-2·{pair} / {d_model}).",
    "power-before-division": "That is what 2π / ω gives when ω's exponent loses its parentheses (base ** -2 * "
    "{pair} / d_model, say): ** binds tighter than * and /, so the power is taken first. Put the whole exponent in "
    "parentheses: base ** (-2 * {pair} / d_model).",
}

#: What the message says when no listed confusion fits: the method, never the answer itself.
WAVELENGTH_METHOD = "Work it out in two steps: ω_{pair} = base ** (-2·{pair} / d_model), then 2π / ω_{pair}."


@register("value", WAVELENGTH_MISTAKES, WAVELENGTH_MEASURED)
def check_wavelength(value: object, *, pair: int, d_model: int, base: float = 10_000.0) -> CheckResult:
    """Check a computed wavelength (in positions) of pair `pair` of a `d_model`-wide table.

    A wrong value is never told the right one (that would answer the exercise): it is
    told whether it is too large or too small and, when it equals a known confusion (1 / ω,
    2π · ω, half a turn, degrees, i for 2i, a column for a pair, the next pair), which one.

    Examples
    --------
    >>> check_wavelength(2 * np.pi * 100, pair=12, d_model=48)
    Correct: pair 12 of d_model=48 has wavelength 2π / ω_12 = 628.32 positions.
    >>> check_wavelength(100.0, pair=12, d_model=48)
    Not yet: you gave 100.0000, smaller than pair 12's wavelength. That is 1 / ω_12: a full turn is 2π radians, so the wavelength is 2π / ω_12.
    """
    expected = float(wavelengths(d_model, base=base)[pair])
    w = float(frequencies(d_model, base=base)[pair])
    if value is Ellipsis:
        return not_attempted("your answer")
    if value is None:
        return not_yet(
            "your answer is None. If the line reads my_wavelength = print(...): print shows a number and gives "
            "back None. Assign the expression itself, and print it on a line of its own.",
            mistake="printed-none",
        )
    if isinstance(value, np.ndarray) and value.size == 1:
        value = value.reshape(()).item()
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        return not_yet(f"give one real number, such as 2 * np.pi / omega; got {short(value)}.")
    try:
        got = float(value)
    except OverflowError:  # an int too large for a float
        got = float("inf")
    if np.isclose(got, expected, rtol=1e-5):
        return correct(f"pair {pair} of d_model={d_model} has wavelength 2π / ω_{pair} = {expected:.2f} positions.")
    neighbours = [
        float(x) for x in wavelengths(d_model, base=base)[[max(pair - 1, 0), min(pair + 1, d_model // 2 - 1)]]
    ]
    suspects = {
        "one-over-omega": [1 / w],
        "omega": [w],
        "two-pi-times-omega": [2 * np.pi * w],
        "half-turn": [np.pi / w],
        "degrees": [360 / w],
        "i-for-2i": [2 * np.pi * base ** (pair / d_model)],
        "column-index": [2 * np.pi * base ** (2 * (2 * pair) / d_model)],
        "neighbour-pair": [x for x in neighbours if not np.isclose(x, expected)],
        "tensor2tensor": [2 * np.pi * base ** (pair / max(d_model // 2 - 1, 1))],
    }
    suspects |= {
        "inverted": [w / (2 * np.pi)],
        "floor-division": [2 * np.pi],
        "truncated": [float(np.floor(expected)), float(np.round(expected))],
        "exp-for-power": [2 * np.pi / np.exp(-2 * pair / d_model)] if pair > 0 else [],
        "power-before-division": [
            2 * np.pi * d_model / (base**-2 * pair),  # 2π / (base ** -2 * pair / d_model)
            2 * np.pi * d_model / base ** (-2 * pair),  # 2π / (base ** (-2 * pair) / d_model)
            2 * np.pi / base**-2 * pair / d_model,  # 2π / base ** -2 * pair / d_model, no parentheses at all
        ]
        if pair > 0
        else [],
    }
    mistake = next((m for m, vs in suspects.items() if any(np.isclose(got, v, rtol=1e-4) for v in vs)), None)
    other_base = _base_of(got, pair, d_model)
    if mistake is None and other_base is not None and not np.isclose(other_base, base):
        mistake = "other-base"
    top = _exponent_top(got, d_model, base)
    if mistake is None and top is not None and top != 2 * pair:
        return not_yet(
            f"you gave {number(got)}, {'larger' if got > expected else 'smaller'} than pair {pair}'s wavelength. "
            f"Measured: it is 2π / {base:g} ** (-{top}/{d_model}): the top of ω's exponent is {top}, where 2·{pair} = "
            f"{2 * pair} belongs. Check the exponent: ω_{pair} = base ** (-2·{pair} / d_model).",
            mistake="exponent-top",
        )
    width = _width_of(got, pair, base)
    if mistake is None and width is not None and width != d_model:
        mistake = "other-width"
    args = {"pair": pair, "column": 2 * pair, "column_after": 2 * pair + 1, "width": width, "d_model": d_model}
    hint = _MEASURED_SAID.get(mistake or "") or (WAVELENGTH_MISTAKES[mistake] if mistake else WAVELENGTH_METHOD)
    floored = 2 * np.pi / base ** ((-2 * pair) // d_model)  # the exponent taken with //, floor division
    if mistake == "column-index" and np.isclose(got, floored, rtol=1e-4):
        hint += " Or -2·{pair} // {d_model} in the exponent: // rounds -0.5 down to -1; use /."
    size = "larger" if got > expected else "smaller"
    shown = number(got) if np.isfinite(got) else short(value)
    as_if = f" (as if the base were {other_base:g}, not {base:g})" if mistake == "other-base" else ""
    said = f"you gave {shown}, {size} than pair {pair}'s wavelength{as_if}. {hint.format(**args)}"
    if mistake == "other-base" and top is not None and top != 2 * pair:  # one number, two readings: say both
        said += f" Or the top of ω's exponent is {top} where 2·{pair} = {2 * pair} belongs: that gives the same number."
    return not_yet(said, mistake=mistake)


def _width_of(got: float, pair: int, base: float) -> int | None:
    """The even table width whose pair `pair` has wavelength `got` with this base, when there is one; else None.

    >>> _width_of(2 * np.pi * 10000.0 ** (24 / 512), 12, 10000.0)
    512
    """
    if not (np.isfinite(got) and got > 2 * np.pi and pair > 0):
        return None
    width = 2 * pair * float(np.log(base)) / float(np.log(got / (2 * np.pi)))
    near = round(width)
    return near if near >= 2 and near % 2 == 0 and abs(width - near) < 1e-3 else None


def _base_of(got: float, pair: int, d_model: int) -> float | None:
    """The base whose pair `pair` has wavelength `got` (2π / base ** (-2·pair / d_model) = got), when it is a round
    power of ten from 10 to 10^6 (a base a learner types by mistake); else None.

    >>> _base_of(2 * np.pi * 1000.0 ** 0.5, 12, 48)
    1000.0
    """
    if not (np.isfinite(got) and got > 2 * np.pi and pair > 0):
        return None
    exponent = d_model / (2 * pair) * float(np.log10(got / (2 * np.pi)))  # log10 of that base
    power = round(exponent)
    return float(10**power) if 1 <= power <= 6 and abs(exponent - power) < 1e-3 else None


def _exponent_top(got: float, d_model: int, base: float) -> int | None:
    """The whole n with got = 2π / base ** (-n / d_model), when there is one from 1 to 16 · d_model; else None.

    >>> _exponent_top(2 * np.pi * 10000.0 ** (6 / 48), 48, 10000.0)
    6
    """
    if not (np.isfinite(got) and got > 2 * np.pi):
        return None
    top = d_model * float(np.log(got / (2 * np.pi))) / float(np.log(base))
    near = round(top)
    return near if 1 <= near <= 16 * d_model and abs(top - near) < 1e-6 else None
