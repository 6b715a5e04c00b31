"""Lesson 04's checker: cosine similarity between every pair of rows of a table.

A wrong matrix is described by measuring it against the right one on tables whose
rows have different lengths: where both are defined, the ratio of the learner's entry
to the true cosine tells what was divided by what. A ratio ``|table[i]| |table[j]|`` means
the lengths were never divided out; its inverse, that they were divided out twice (squared
lengths, a missing square root); a ratio that follows one row alone, that only one length
was used.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable

import numpy as np

from posenc.analysis import cosine_similarity
from posenc.checks.cases import Case, first_miss
from posenc.checks.engine import (
    CheckResult,
    Explained,
    call,
    correct,
    first_difference,
    likely_mistake,
    not_yet,
    register,
    room_after,
)
from posenc.checks.phrasing import name_of, number, sig
from posenc.sinusoidal import sinusoidal

__all__ = ["check_cosine_similarity"]

SIMILARITY_MISTAKES = {
    "dot-products": "Divide each dot product by the two rows' lengths: table[i] · table[j] / (|table[i]| |table[j]|).",
    "no-sqrt": "A row's length is the square root of the sum of its squares: np.linalg.norm(row), or "
    "np.sqrt(np.sum(row ** 2)).",
    "one-length": "Divide by both rows' lengths, |table[i]| and |table[j]|, not by one of them: "
    "the result must be symmetric.",
    "columns-normalised": "Normalise each row (np.linalg.norm(table, axis=1, keepdims=True)), not each column (axis=0).",
    "compared-columns": "Compare rows (positions), not columns: the result is (seq_len, seq_len), "
    "from table @ table.T, not table.T @ table.",
    "one-number": "Each entry needs its own two rows' lengths, lengths[i] * lengths[j] (np.outer): one number for "
    "the whole table (np.linalg.norm with no axis, or np.dot of the lengths) scales every entry alike.",
    "added-lengths": "The two lengths were added: the cosine divides by their product, |table[i]| * |table[j]|.",
    "distance": "That is 1 minus the similarity, the cosine distance: return the similarity itself.",
    "correlation": "That is the correlation (np.corrcoef), which subtracts each row's mean first; the cosine "
    "similarity does not centre the rows.",
    "column-lengths": "Its lengths are the columns' (axis=0): a row's length is np.linalg.norm(table, axis=1, "
    "keepdims=True).",
    "changed-input": "Your function changed the table it was given (with /= or a slice assignment, say): "
    "compute into new arrays, so that the caller's table stays as it was.",
}


def _cases() -> dict[str, np.ndarray]:
    """The tables the checker tries, by how its messages name them: rows of unequal lengths on purpose."""
    return {
        "a 4 × 3 table with rows of lengths 1, 2.83, 3 and 1.73": np.array(
            [[1.0, 0.0, 0.0], [2.0, 2.0, 0.0], [0.0, -3.0, 0.0], [1.0, 1.0, 1.0]]
        ),
        "sinusoidal(6, 4) with rows scaled by 1 to 6": sinusoidal(6, 4) * np.arange(1, 7)[:, None],
        "a random 5 × 16 table": np.random.default_rng(4).normal(size=(5, 16)),
    }


def _suspects(table: np.ndarray) -> list[tuple[str, np.ndarray]]:
    """What each listed mistake returns for `table` ("one-length" in both of its forms)."""
    dots = table @ table.T  # (n, n)
    lengths = np.linalg.norm(table, axis=1)  # (n,)
    by_column = table / np.linalg.norm(table, axis=0)  # (n, d)
    return [
        ("dot-products", dots),
        ("no-sqrt", dots / np.outer(lengths**2, lengths**2)),
        ("one-length", dots / lengths[:, None]),
        ("one-length", dots / lengths[None, :]),
        ("columns-normalised", by_column @ by_column.T),
        ("one-number", dots / np.sum(table**2)),
        ("one-number", dots / np.sqrt(np.sum(table**2))),
        ("added-lengths", dots / (lengths[:, None] + lengths[None, :])),
        ("distance", 1 - dots / np.outer(lengths, lengths)),
    ]


def _column_lengths_used(fn: Callable, name: str) -> bool:
    """Whether `fn`, which crashed on a table that is not square, divides by the columns' lengths on a square one."""
    square = np.random.default_rng(8).normal(size=(4, 4))
    value, verdict = call(fn, name, square.copy())
    if verdict is not None or not isinstance(value, np.ndarray) or value.shape != (4, 4):
        return False
    by_column = np.linalg.norm(square, axis=0)
    return bool(np.allclose(value, square @ square.T / np.outer(by_column, by_column)))


def _ratio(got: np.ndarray, expected: np.ndarray, lengths: np.ndarray) -> Explained:
    """What the learner's entries are, measured against the true cosines and the rows' lengths, and its id."""
    usable = np.abs(expected) > 1e-3
    if not usable.any():
        return Explained("")
    ratio = np.where(usable, got / np.where(usable, expected, 1.0), np.nan)  # (n, n)
    rows, cols = lengths[:, None], lengths[None, :]  # (n, 1), (1, n)
    said = [
        # the first four are listed mistakes too ("dot-products", "no-sqrt", "one-length"): their hint names them
        ("entry [i, j] is the cosine times |table[i]| |table[j]|", None, rows * cols),
        ("entry [i, j] is the cosine divided by |table[i]| |table[j]| once more", None, 1 / (rows * cols)),
        (
            "entry [i, j] is the cosine times |table[j]|: only |table[i]| was divided out",
            None,
            np.broadcast_to(cols, ratio.shape),
        ),
        (
            "entry [i, j] is the cosine times |table[i]|: only |table[j]| was divided out",
            None,
            np.broadcast_to(rows, ratio.shape),
        ),
        (
            "entry [i, j] is divided by |table[j]|² instead of |table[i]| |table[j]|: lengths * lengths has one "
            "number per column, np.outer(lengths, lengths) one per entry",
            "one-squared",
            rows / cols,
        ),
        (
            "entry [i, j] is divided by |table[i]|² instead of |table[i]| |table[j]|: "
            "np.outer(lengths, lengths) gives one product per entry",
            "one-squared",
            cols / rows,
        ),
    ]
    said += [
        (
            "entry [i, j] is multiplied by |table[i]| where it is divided by it: a / b * c is (a / b) * c; put the "
            "product in parentheses, dots / (lengths[:, None] * lengths[None, :])",
            "divided-then-multiplied",
            np.broadcast_to(rows**2, ratio.shape),
        ),
        (
            "entry [i, j] is multiplied by |table[j]| where it is divided by it: a / b * c is (a / b) * c; put the "
            "product in parentheses, dots / (lengths[:, None] * lengths[None, :])",
            "divided-then-multiplied",
            np.broadcast_to(cols**2, ratio.shape),
        ),
    ]
    measured: str | None
    for sentence, measured, factor in said:
        if np.allclose(ratio[usable], factor[usable], rtol=1e-4):
            return Explained(f" Measured: {sentence}.", measured)
    return _other_lengths(ratio, usable, lengths) or _sign_or_rounding(got, expected)


def _other_lengths(ratio: np.ndarray, usable: np.ndarray, lengths: np.ndarray) -> Explained | None:
    """When each entry is the cosine times g_p g_q (one factor per row), the learner divided the dot products by other
    lengths, L_p = |table[i]| / g_p: name them beside the true ones."""
    diagonal = np.diagonal(ratio)  # the cosine of a row with itself is 1: g_p squared
    if not (np.isfinite(diagonal).all() and (diagonal > 0).all()):
        return None
    g = np.sqrt(diagonal)
    if np.allclose(g, 1.0, rtol=1e-4) or not np.allclose(ratio[usable], np.outer(g, g)[usable], rtol=1e-4):
        return None
    if np.allclose(lengths / g, 1 / lengths, rtol=1e-4):
        return Explained(
            " Measured: the dot products are multiplied by the two rows' lengths where they are divided by them: "
            "dots / np.outer(lengths, lengths).",
            "multiplied-lengths",
        )
    if np.allclose(lengths / g, np.sqrt(lengths), rtol=1e-4):
        return Explained(
            " Measured: the dot products are divided by the square roots of the row lengths: a square root too "
            "many, since np.linalg.norm's lengths are already square roots; divide by np.outer(lengths, lengths).",
            "root-of-lengths",
        )
    theirs = ", ".join(sig(x) for x in lengths / g)
    true = ", ".join(sig(x) for x in lengths)
    return Explained(
        (
            f" Measured: the dot products are divided by row lengths {theirs}, where the rows' own lengths |table[i]| "
            f"are {true} (np.linalg.norm(table, axis=1): the square root of each row's sum of squares)."
        ),
        "other-lengths",
    )


def _read_whole(got: np.ndarray, table: np.ndarray) -> Explained | None:
    """An answer that is another whole computation: the distances between rows, np.cos of the dot products, or the
    dot products divided by lengths computed another way (a row of dot products summed, the entries not squared)."""
    dots = table @ table.T  # (n, n)
    with np.errstate(all="ignore"):
        distances = np.linalg.norm(table[:, None, :] - table[None, :, :], axis=-1)
        if np.allclose(got, distances, atol=1e-9):
            return Explained(
                " Measured: your entries are the distances |table[i] − table[j]| between the rows (0 for a row with "
                "itself), not the cosine of the angle between them: dots / np.outer(lengths, lengths).",
                "distances",
            )
        if np.allclose(got, np.cos(dots), atol=1e-9):
            return Explained(
                ' Measured: your entries are np.cos of the dot products. "Cosine similarity" takes no np.cos: it is '
                "the dot product divided by the two lengths, which is the cosine of the angle between the rows.",
                "cos-of-dots",
            )
        others = {
            "the square root of each row of dot products summed, np.sqrt(dots.sum(axis=1)); a row's squared length "
            "is its dot product with itself, dots[p, p]": np.sqrt(dots.sum(axis=1)),
            "the square root of each row's entries summed, unsquared; a length squares them first: "
            "np.sqrt((table ** 2).sum(axis=1))": np.sqrt(table.sum(axis=1)),
        }
        for how, lengths in others.items():
            if np.allclose(got, dots / np.outer(lengths, lengths), atol=1e-9, equal_nan=True):
                return Explained(f" Measured: each row's length was taken as {how}.", "lengths-other-way")
    return None


def _sign_or_rounding(got: np.ndarray, expected: np.ndarray) -> Explained:
    """Three ways an answer can go wrong that its values show: negative cosines turned positive, every entry rounded
    to a whole number, or the angles (np.arccos) in place of the cosines."""
    with np.errstate(all="ignore"):
        angles = np.arccos(np.clip(expected, -1.0, 1.0))
    if np.allclose(got, angles, atol=1e-6):
        return Explained(
            " Measured: your entries are the angles between the rows (np.arccos of the cosines): the exercise asks "
            "for the cosines themselves, 1 for a row with itself.",
            "angles",
        )
    return _sign_or_whole(got, expected)


def _sign_or_whole(got: np.ndarray, expected: np.ndarray) -> Explained:
    """Two ways an answer can go wrong that its values show: negative cosines turned positive, or every entry
    rounded to a whole number."""
    negative = expected < -1e-6
    if negative.any() and np.allclose(got, np.abs(expected), atol=1e-6):
        return Explained(
            " Measured: the negative cosines came out positive: a cosine is negative for rows that point apart.",
            "lost-sign",
        )
    if np.allclose(got, np.round(got)) and not np.allclose(expected, np.round(expected)):
        return Explained(" Measured: every entry is a whole number: // rounds down; divide with /.", "whole-numbers")
    return Explained("")


#: The diagnoses measured from a wrong answer's ratio to the true cosines (the sentence names the numbers).
SIMILARITY_MEASURED = {
    "one-squared": "each entry is divided by one row's length squared (lengths * lengths in place of np.outer)",
    "other-lengths": "the dot products are divided by other row lengths, which the message lists beside the true ones",
    "lost-sign": "the negative cosines came out positive",
    "whole-numbers": "every entry is a whole number: // in place of /",
    "divided-then-multiplied": "each entry multiplied by one row's length where it is divided: a / b * c for a / (b * c)",
    "angles": "the angles between the rows (np.arccos) where their cosines belong",
    "root-of-lengths": "the dot products divided by the square roots of the row lengths: a square root too many",
    "multiplied-lengths": "the dot products multiplied by the two lengths where they are divided by them",
    "distances": "the distances between the rows where the cosines of the angles between them belong",
    "cos-of-dots": "np.cos of the dot products: the name read as an instruction to take a cosine",
    "lengths-other-way": "the dot products divided by lengths computed another way (a row of dots summed, say)",
}


@register("function", SIMILARITY_MISTAKES, SIMILARITY_MEASURED)
def check_cosine_similarity(fn: Callable[[np.ndarray], np.ndarray]) -> CheckResult:
    """Check ``fn(table)``: the (seq_len, seq_len) cosine similarity of every pair of rows.

    A wrong answer gets its first differing entry, then what was measured: the diagonal
    (each row with itself, which must be 1), symmetry, and the ratio of its entries to
    the true cosines against the rows' lengths.

    Examples
    --------
    >>> from posenc.analysis import cosine_similarity
    >>> check_cosine_similarity(cosine_similarity)
    Correct: every entry matches, on a 4 × 3 table with rows of lengths 1, 2.83, 3 and 1.73, sinusoidal(6, 4) with rows scaled by 1 to 6, a random 5 × 16 table.
    >>> check_cosine_similarity(lambda t: t @ t.T)
    Not yet: on a 4 × 3 table with rows of lengths 1, 2.83, 3 and 1.73, entry [0, 1] is 2.0000, expected 0.7071. The diagonal (each row with itself) should be 1; yours holds 1.0000, 8.0000, 9.0000, 3.0000. Measured: entry [i, j] is the cosine times |table[i]| |table[j]|. Divide each dot product by the two rows' lengths: table[i] · table[j] / (|table[i]| |table[j]|).
    """
    name = name_of(fn)
    tables = _cases()
    cases = [Case((table,), cosine_similarity(table), f"on {label}") for label, table in tables.items()]
    miss = first_miss(fn, name, cases, params=("table",), returns="the (seq_len, seq_len) cosine similarities")
    if miss is None:
        return correct("every entry matches, on " + ", ".join(tables) + ".")
    where = miss.case.where
    if miss.verdict is not None:
        if miss.verdict.attempted and "raised" in miss.verdict.message and _column_lengths_used(fn, name):
            head = f"{where}, {name} raised an error; on a square table it runs, but"
            return not_yet(head, Explained(f" {SIMILARITY_MISTAKES['column-lengths']}", "column-lengths"))
        return miss.verdict
    assert miss.got is not None  # no verdict: an array
    got, expected, (table,) = miss.got, miss.case.expected, miss.case.args
    if miss.changed_input is not None:
        return not_yet(
            f"{where}, the table came back changed. {SIMILARITY_MISTAKES['changed-input']}", mistake="changed-input"
        )
    n, d = table.shape
    if got.shape != expected.shape:
        if got.shape == (d, d):
            return not_yet(
                f"{where}, the shape is {got.shape}. {SIMILARITY_MISTAKES['compared-columns']}",
                mistake="compared-columns",
            )
        return not_yet(f"{where}, the shape is {got.shape}, expected {expected.shape}: one entry per pair of rows.")
    said = first_difference(got, expected, where, "entry ")
    assert said is not None  # a miss of the right shape differs somewhere
    return not_yet(said, _explain(got, expected, table, room_after(said)))


def _explain(got: np.ndarray, expected: np.ndarray, table: np.ndarray, room: int) -> Explained:
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        correlation = np.corrcoef(table)  # NaN for a constant row
    if np.allclose(got, correlation, equal_nan=True):
        return Explained(f" {SIMILARITY_MISTAKES['correlation']}", "correlation")
    read = _read_whole(got, table)
    if read is not None:
        return read
    if not np.isfinite(got).all():
        return Explained(" Some entries are NaN or infinite: is a length 0, or a division by 0?")
    parts = []  # what was measured, the least telling first: dropped first when the room is short
    diagonal = np.diagonal(got)
    if not np.allclose(diagonal, 1.0, atol=1e-6):
        parts.append(
            f" The diagonal (each row with itself) should be 1; yours holds {', '.join(number(x) for x in diagonal[:4])}."
        )
    if not np.allclose(got, got.T, atol=1e-6):
        parts.append(" Yours is not symmetric, but the similarity of p to q is that of q to p.")
    ratio = _ratio(got, expected, np.linalg.norm(table, axis=1))
    parts.append(ratio.text)
    mistake = likely_mistake(got, _suspects(table))
    hint = f" {SIMILARITY_MISTAKES[mistake]}" if mistake else ""
    while parts and len("".join(parts)) + len(hint) > room:
        parts.pop(0)
    kept = ratio.text in parts
    return Explained("".join(parts) + hint, mistake or (ratio.mistake if kept and ratio.text else None))
