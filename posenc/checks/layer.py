"""Lesson 08's checker: the learner's capstone layer, ``my_scheme_layer(sentence, scheme, causal=False)``.

Each scheme the exercise asks for is measured by where its record puts position, on sentences
chosen to show the signature, before the layer is compared with :func:`posenc.capstone.scheme_layer`:
nothing (none): reordering the words only reorders the outputs; the inputs (sinusoidal, learned):
absolute, a repeated word's rows of weights are no shifted copies, and the rows added are read back
from the outputs (``x = weights⁻¹ @ outputs @ W_v⁻¹``) and set against the right ones; the queries
and keys (RoPE): relative, each such row is the one before moved on by one, and not flat; the
scores (ALiBi, unmasked): a palindrome's mirrored words get the same output, and the bias read from
the weights is the scheme's. Then the causal flag: with it, row i puts no weight on a word j > i.
The first signature broken is reported, with the number that shows it and the listed mistake it
points to (``posenc.checks.layer_mistakes``); then every scheme is compared, causal and not.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from posenc.capstone import CAPSTONE_SCHEMES, D_MODEL, embed, layer_with, parts, position_params, scheme_layer
from posenc.checks.engine import (
    CheckResult,
    Explained,
    as_real_array,
    call,
    correct,
    first_difference,
    not_yet,
    register,
    room_after,
)
from posenc.checks.layer_bias import BIAS_MEASURED, numbers, read_bias
from posenc.checks.layer_mistakes import LAYER_MISTAKES, VARIANTS, suspects, variant_of
from posenc.checks.measure import centred_logs, distance_bias, inputs_read_back, shift_mismatch
from posenc.checks.phrasing import amount, name_of, number, short, sig
from posenc.rope import apply_rope
from posenc.schemes import SCHEMES, LayerHooks
from posenc.schemes.layer import attend

__all__ = ["LAYER_MISTAKES", "check_scheme_layer"]

SENTENCE = ["dog", "bites", "man"]
PERM = [2, 0, 1]  # PERMUTED[r] is SENTENCE[PERM[r]]
PERMUTED = [SENTENCE[p] for p in PERM]
REPEATED = ["dog"] * 5
PALINDROME = ["dog", "man", "bites", "man", "dog"]
SENTENCES = (SENTENCE, ["man", "bites", "dog", "dog"], ["bites"], ["dog", "man", "bites", "man", "dog", "bites", "man"])
TOL = 1e-5  # a float32 layer is as right as a float64 one
RETURNS = "the pair (outputs, weights) that posenc.attention gives"
#: The schemes the exercise asks the learner's layer for: those the core teaches, in the lessons' order.
EXERCISE_SCHEMES = CAPSTONE_SCHEMES


class _Stop(Exception):
    """A verdict reached while measuring: the checker returns it."""

    def __init__(self, verdict: CheckResult) -> None:
        super().__init__(verdict.message)
        self.verdict = verdict


def _said(sentence: list[str]) -> str:
    return "'" + " ".join(sentence) + "'"


def _where(scheme: str, causal: bool, sentence: list[str]) -> str:
    return f"scheme {scheme!r}, causal={causal}, on {_said(sentence)}"


def _stop(head: str, mistake: str | None = None, hedge: bool = False, detail: str = "") -> _Stop:
    """A verdict: `head` (what was measured), then `detail` and the hint of `mistake` (hedged) if they fit; the hint first."""
    hint = f" {'Likely: ' if hedge else ''}{LAYER_MISTAKES[mistake]}" if mistake in LAYER_MISTAKES else ""
    return _Stop(not_yet(head, Explained(detail + hint if len(detail + hint) <= room_after(head) else hint, mistake)))


def _layer(fn: Callable, name: str) -> Callable[[list[str], str, bool], tuple[np.ndarray, np.ndarray]]:
    """The learner's layer as the measurements call it: (outputs, weights) as float arrays, or a _Stop."""

    def run(sentence: list[str], scheme: str, causal: bool = False) -> tuple[np.ndarray, np.ndarray]:
        value, verdict = call(
            fn,
            name,
            list(sentence),
            scheme,
            params=("sentence", "scheme", "causal"),
            keywords={"causal": causal},
            returns=RETURNS,
        )
        if verdict is not None:
            raise _Stop(verdict)
        where, n, d_model = _where(scheme, causal, sentence), len(sentence), parts()["embeddings"].shape[1]
        if not (isinstance(value, (tuple, list)) and len(value) == 2):
            array, _ = as_real_array(value, name)
            if array is not None and array.shape == (n, d_model):
                raise _stop(f"for {where}, {name} returned one array of shape {array.shape}.", "returns-outputs-only")
            raise _stop(f"for {where}, {name} should return the pair (outputs, weights); got {short(value)}.")
        read = [as_real_array(item, name) for item in value]
        shapes = [None if array is None else array.shape for array, _ in read]
        if shapes == [(n, n), (n, d_model)] and n != d_model:
            raise _stop(f"for {where}, {name} returned (weights, outputs): the pair is (outputs, weights).")
        for (array, bad), what, shape in zip(read, ("outputs", "weights"), ((n, d_model), (n, n)), strict=True):
            if bad is not None:
                raise _Stop(not_yet(f"for {where}, the {what}: " + bad.message.removeprefix("Not yet: ")))
            assert array is not None
            if array.shape != shape:
                meaning = "one row per word" if what == "outputs" else "one row per word, one column per word it sees"
                raise _stop(f"for {where}, the {what} have shape {array.shape}, expected {shape}: {meaning}.")
            if not np.isfinite(array).all():
                raise _stop(f"for {where}, some of the {what} are NaN or infinite.")
        sums = read[1][0].sum(axis=1)  # type: ignore[union-attr]  # an array: checked above
        if not np.allclose(sums, 1.0, atol=TOL):
            r = int(np.argmax(np.abs(sums - 1)))
            raise _stop(f"for {where}, row {r} of the weights sums to {number(sums[r])}, not 1: each row is a softmax.")
        return read[0][0], read[1][0]  # type: ignore[return-value]  # both checked to be arrays above

    return run


def _hooks(scheme: str) -> LayerHooks:
    return SCHEMES[scheme].layer or LayerHooks()


def _added_rows(scheme: str, n: int) -> np.ndarray:
    """What `scheme`'s input hook adds to the vectors of `n` words: (n, d_model)."""
    d_model = parts()["embeddings"].shape[1]
    return _hooks(scheme).inputs(np.zeros((n, d_model)), position_params(scheme))


def _rows_from(scheme: str, added: np.ndarray) -> int | None:
    """The row r ≥ 2 such that `added` is rows r .. r + n - 1 of `scheme`'s table, if any (row 1 on is a listed mistake)."""
    n = len(added)
    for r in range(2, 9):
        try:
            rows = _added_rows(scheme, n + r)[r:]
        except (ValueError, IndexError):  # a table with fewer rows (the learned one): no later rows to try
            return None
        if rows.shape == added.shape and np.allclose(added, rows, atol=1e-4):
            return r
    return None


def _plain_scores(sentence: list[str]) -> np.ndarray:
    """The right layer's scores on `sentence` with no position: (n, n)."""
    w_q, w_k, _ = parts()["projections"]
    x = embed(sentence)
    return (x @ w_q) @ (x @ w_k).T / np.sqrt(x.shape[1])


def _bias_read(weights: np.ndarray, sentence: list[str]) -> tuple[str, float, float]:
    """The bias on distance the weights show, against the scores with no position: its form, slope and misfit."""
    plain = _plain_scores(sentence)
    return distance_bias(centred_logs(weights) - (plain - plain.mean(axis=1, keepdims=True)))


def _penalty_slope(scheme: str) -> float | None:
    """The slope of `scheme`'s unmasked bias if it is a penalty on |i - j| (ALiBi's), else None (T5's, by bucket)."""
    form, slope, misfit = _bias_read(scheme_layer(PALINDROME, scheme)[1], PALINDROME)
    return slope if misfit < 1e-4 and form == "|i − j|" else None


def _none(run: Callable, scheme: str) -> None:
    """A scheme that puts no position reorders its outputs with the words, and puts weight above the diagonal
    without the mask."""
    out, w = run(SENTENCE, scheme)
    if np.allclose(np.triu(w, 1), 0, atol=TOL):
        raise _stop(
            f"for {_where(scheme, False, SENTENCE)}, row 0 of the weights puts 0 on the words after the first: "
            "the causal mask is on.",
            "always-masked",
        )
    moved_out, moved_w = run(PERMUTED, scheme)
    change = np.linalg.norm(moved_out - out[PERM], axis=1)  # (n,)
    if change.max() > TOL or not np.allclose(moved_w, w[np.ix_(PERM, PERM)], atol=TOL):
        for other in (s for s in EXERCISE_SCHEMES if s != scheme):
            theirs = layer_with(SENTENCE, other)
            if np.allclose(out, theirs[0], atol=TOL) and np.allclose(w, theirs[1], atol=TOL):
                raise _stop(
                    f"for {_where(scheme, False, SENTENCE)}, your layer gives what '{other}' gives. Likely: what "
                    f"'{other}' adds is made outside the if that tests for it, or that test is always true "
                    "(scheme == 'a' or 'b' is: write scheme in ('a', 'b')).",
                    "positions-in-none",
                )
        r = int(np.argmax(change))
        raise _stop(
            f"for {_where(scheme, False, PERMUTED)}, the output of '{PERMUTED[r]}' is not the one it had in "
            f"{_said(SENTENCE)} (it moved by {number(change[r])}): attention alone only reorders the outputs.",
            "positions-in-none",
        )


def _absolute(run: Callable, scheme: str) -> None:
    """A scheme that adds rows to the inputs (sinusoidal, learned): a repeated word's rows of weights are no shifted
    copies; the right rows added."""
    out, w = run(REPEATED, scheme)
    if shift_mismatch(w) < TOL:
        plain = layer_with(REPEATED, scheme, hooks=LayerHooks())
        if np.allclose(out, plain[0], atol=TOL) and np.allclose(w, plain[1], atol=TOL):
            raise _stop(
                f"for {_where(scheme, False, REPEATED)}, the outputs and weights are those of 'none'.", "scheme-ignored"
            )
        head = (
            f"for {_where(scheme, False, REPEATED)}, each row of weights is the row before moved on by one: the "
            "layer sees no absolute position"
        )
        out, w = run(SENTENCE, scheme)  # distinct words: the weights then tell v, and so x, apart
        x = inputs_read_back(out, w, parts()["projections"][2])  # (n, d_model), or None
        added = None if x is None else x - embed(SENTENCE)
        if added is not None and np.allclose(added, added[0], atol=1e-4) and not np.allclose(added, 0, atol=1e-4):
            raise _stop(
                f"{head}. Read back from its outputs on {_said(SENTENCE)}, every word got the same row added: one "
                "row of the table, where word p gets row p (the first n rows, table[:n]).",
                "one-row",
            )
        raise _stop(f"{head}, where each position's own table row belongs.")
    out, w = run(SENTENCE, scheme)
    x = inputs_read_back(out, w, parts()["projections"][2])  # (n, d_model), or None
    added = None if x is None else x - embed(SENTENCE)
    n, right = len(SENTENCE), _added_rows(scheme, len(SENTENCE))
    if added is None or np.allclose(added, right, atol=1e-4):
        return
    where = f"for {_where(scheme, False, SENTENCE)}, read back from the outputs"
    others = [s for s in EXERCISE_SCHEMES if SCHEMES[s].acts_on == "inputs" and s != scheme]
    for mistake, wrong, what in (
        ("table-on-qk", np.zeros_like(added), "nothing was added to the word vectors (v carries no table row)"),
        *(
            ("tables-swapped", _added_rows(o, n), f"the rows added to the word vectors are the {o} table's")
            for o in others
        ),
        ("table-rows-shifted", _added_rows(scheme, n + 1)[1:], "word p got row p + 1 of the table"),
    ):
        if np.allclose(added, wrong, atol=1e-4):
            raise _stop(f"{where}, {what}.", mistake, hedge=mistake == "table-on-qk")
    if x is not None and np.allclose(x, embed(SENTENCE) * right, atol=1e-4):
        raise _stop(
            f"{where}, each word vector was multiplied by its table row (x * table), where the row is added: x + table.",
            "multiplied",
        )
    other = _rows_from(scheme, added)
    if other is not None:
        raise _stop(
            f"{where}, the rows added are rows {other}–{other + n - 1} of the table, where word p gets row p: the "
            "first n rows, table[:n].",
            "other-rows",
        )
    if np.allclose(added @ parts()["projections"][2], right, atol=1e-4):
        raise _stop(
            f"{where}, the table's rows reached v after the projection (v = x @ W_v + rows): add them to x before "
            "q, k and v are made.",
            "added-after-projection",
        )
    if x is not None and np.allclose(x, right, atol=1e-4):
        raise _stop(
            f"{where}, the word vectors are gone: the layer's input is the table rows alone (x = table), where "
            "the rows are added to the words: x = x + table.",
            "words-replaced",
        )
    times = float(np.sum(added * right) / np.sum(right**2))
    if np.allclose(added, times * right, atol=1e-4):
        raise _stop(f"{where}, the rows added to the word vectors are {amount(times)} times the table's.")
    got, want = (", ".join(sig(round(float(x), 6) + 0.0) for x in row[:3]) for row in (added[0], right[0]))
    raise _stop(f"{where}, the word at position 0 got [{got}, ...] added, where the table's row 0 is [{want}, ...].")


def _listed_mistake(out: np.ndarray, w: np.ndarray, sentence: list[str], scheme: str) -> str | None:
    """The listed mistake (not a convention of VARIANTS) whose outputs and weights these are, on `sentence`, if any."""
    for mistake, hooks in suspects(scheme).items():
        if mistake in VARIANTS:
            continue
        o, ws = layer_with(sentence, scheme, hooks=hooks)
        if np.allclose(out, o, atol=TOL) and np.allclose(w, ws, atol=TOL):
            return mistake
    return None


def _rope(run: Callable, scheme: str) -> None:
    """A scheme that turns queries and keys (RoPE): a repeated word's rows of weights are shifted copies of each
    other, and not flat; v untouched."""
    out, w = run(REPEATED, scheme)
    where = f"for {_where(scheme, False, REPEATED)}"
    named = _listed_mistake(out, w, REPEATED, scheme)
    off = shift_mismatch(w)
    if off > TOL:
        raise _stop(
            f"{where}, row 1 of the weights is not row 0 moved on by one (log weights {sig(off)} apart): the scores "
            "do not depend on i − j alone.",
            named,
        )
    if np.ptp(w) < TOL:
        flat = number(w[0, 0])
        out, w = run(SENTENCE, scheme)  # the same word everywhere cannot tell a one-sided turn from none
        named = _listed_mistake(out, w, SENTENCE, scheme)
        plain_out, plain_w = layer_with(SENTENCE, scheme, hooks=LayerHooks())  # no turn at all
        if named is None and np.allclose(w, plain_w, atol=TOL) and np.allclose(out, apply_rope(plain_out), atol=TOL):
            raise _stop(
                f"{where}, every weight is {flat}: the scores do not change with i − j. Read on "
                f"{_said(SENTENCE)}, your outputs are attention's outputs turned by RoPE: the turn came after "
                "attention. Turn q and k, before the scores: q = posenc.apply_rope(x @ W_q), and the same for k.",
                "rope-on-outputs",
            )
        raise _stop(f"{where}, every weight is {flat}: the scores do not change with i − j.", named)
    out, w = run(SENTENCE, scheme)
    right_out, right_w = scheme_layer(SENTENCE, scheme)
    if np.allclose(w, right_w, atol=TOL) and not np.allclose(out, right_out, atol=TOL):
        raise _stop(
            f"for {_where(scheme, False, SENTENCE)}, the weights are right but the outputs are not: v changed.",
            _listed_mistake(out, w, SENTENCE, scheme),
        )


def _scores(run: Callable, scheme: str) -> None:
    """A scheme that adds a bias to the scores: a penalty on |i - j| (ALiBi's, unmasked) is measured by its form and
    slope, any other bias (T5's, by bucket of i - j) by the bias read from the weights."""
    slope = _penalty_slope(scheme)
    if slope is not None:
        _alibi(run, scheme, slope)
    else:
        _offset_bias(run, scheme)


def _relative_bias(weights: np.ndarray, sentence: list[str]) -> np.ndarray:
    """The bias the weights show on each key, relative to the query's own key: (n, n), 0 on the diagonal."""
    bias = np.log(np.maximum(weights, 1e-300)) - _plain_scores(sentence)  # each row: the bias, less its log-sum-exp
    return bias - np.diag(bias)[:, None]


def _offset_bias(run: Callable, scheme: str) -> None:
    """A bias by offset (T5's), without the mask: the bias read from the weights is the scheme's; where it is not, a
    listed mistake's layer that gives the same weights names the cause, and the bias read is reported only if the
    layer's scores without a bias ('none') are right."""
    sentence = SENTENCE
    out, w = run(sentence, scheme)
    right_w = scheme_layer(sentence, scheme)[1]
    if np.allclose(w, right_w, atol=TOL):
        return  # the outputs are compared later
    where = f"for {_where(scheme, False, sentence)}"
    named = _listed_mistake(out, w, sentence, scheme)
    if named in (None, "scheme-ignored"):  # no bias at all: what the layer hands attention says why
        _bias_measured(run, scheme, where, out, w)
    if named is None and not np.allclose(run(sentence, "none")[1], scheme_layer(sentence, "none")[1], atol=TOL):
        return  # the scores without a bias are wrong too: the bias cannot be read; the comparison names the cause
    got, want = _relative_bias(w, sentence), _relative_bias(right_w, sentence)
    if np.allclose(got, 0, atol=1e-4):
        raise _stop(f"{where}, the weights show no bias on the scores at all.", named or "scheme-ignored")
    r = int(np.argmax(np.abs(got - want).max(axis=1)))
    raise _stop(
        f"{where}, row {r} of the weights shows a bias of {numbers(got[r])} (each key's bias minus the word's own), "
        f"where the {SCHEMES[scheme].label} gives {numbers(want[r])}.",
        named,
    )


def _bias_measured(run: Callable, scheme: str, where: str, out: np.ndarray, w: np.ndarray) -> None:
    """A _Stop if the bias the layer hands posenc.attention (on seven words) shows what went wrong
    (``posenc.checks.layer_bias``), or if it hands none and its layer is that of 'none' (on `where`'s sentence)."""
    none_out, none_w = scheme_layer(SENTENCE, "none")
    handed = _bias_handed(run, SENTENCES[3], scheme)
    if handed is None:
        if np.allclose(out, none_out, atol=TOL) and np.allclose(w, none_w, atol=TOL):
            raise _stop(
                f"{where}, your layer hands posenc.attention no bias (its numbers are those of 'none'): its test for "
                f"{scheme!r} never matches (names are lowercase), the numbers go to another name than the one passed "
                "as bias=, or a later line resets the bias to None (an else: chain the tests with elif).",
                "bias-not-handed",
            )
        return
    n = len(SENTENCES[3])
    right = _hooks(scheme).score_bias(n, False, position_params(scheme))
    right = None if right is None else np.asarray(right, dtype=float)
    read = None if right is None else read_bias(handed, right, position_params(scheme))
    where_read = f"for {_where(scheme, False, SENTENCES[3])}"
    if read is not None:
        clause, diagnosis = read
        raise _stop(f"{where_read}, {clause}.", diagnosis)
    if right is not None and handed.shape == right.shape and np.ptp(handed) > 1e-6 and not np.allclose(handed, right):
        r = int(np.argmax(np.abs(handed - right).max(axis=1)))  # a bias that is there, but not the scheme's
        raise _stop(
            f"{where_read}, row {r} of the bias it hands posenc.attention is {numbers(handed[r])}, where the "
            f"{SCHEMES[scheme].label} gives {numbers(right[r])}."
        )


def _alibi(run: Callable, scheme: str, right_slope: float) -> None:
    """A scheme that adds a penalty on distance to the scores (ALiBi), without the mask: a palindrome's mirrored
    words get the same output; the bias read from the weights is the scheme's, -(1/2) |i - j| for ALiBi."""
    out, w = run(PALINDROME, scheme)
    where = f"for {_where(scheme, False, PALINDROME)}"
    form, slope, misfit = _bias_read(w, PALINDROME)
    shape = f"the bias read from the weights is {'-' if slope >= 0 else '+'}{sig(abs(slope))}·{form}"
    apart = np.linalg.norm(out - out[::-1], axis=1)
    if apart.max() > TOL:
        fits = misfit < 1e-4
        r = int(np.argmax(apart))
        raise _stop(
            f"{where}, '{PALINDROME[r]}' at positions {r} and {len(PALINDROME) - 1 - r} get outputs "
            f"{number(apart[r])} apart, where |i − j| gives mirrored words the same output.",
            "alibi-causal-form" if fits and form == "max(i − j, 0)" else None,
            detail=f" Measured: {shape}." if fits else "",
        )
    if misfit >= 1e-4 or abs(slope - right_slope) < TOL:
        return
    if abs(slope) < TOL:
        handed = _bias_handed(run, PALINDROME, scheme)
        if handed is not None and handed.size > 1 and np.ptp(handed) < TOL:
            raise _stop(
                f"{where}, the weights show no bias on distance at all: the bias your layer hands posenc.attention "
                f"is {sig(float(handed.flat[0]) + 0.0)} in every entry, which the softmax ignores. The distances |i − j| need "
                "a column minus a row, i[:, None] - i[None, :] (on a 1-D array, i.T is i itself).",
                "flat-bias",
            )
        raise _stop(f"{where}, the weights show no bias on distance at all.", "scheme-ignored")
    raise _stop(
        f"{where}, {shape}, where -{sig(right_slope)}·|i − j| belongs.", "alibi-sign" if slope < 0 else "alibi-slope"
    )


def _bias_handed(run: Callable, sentence: list[str], scheme: str) -> np.ndarray | None:
    """The bias the layer hands to posenc.attention on `sentence` (as an array), or None if it hands none.

    The layer is run once with the package's attention wrapped to record its `bias` argument; a layer that
    calls attention by another name (or writes its own) hands nothing this can see.
    """
    import posenc

    real = posenc.attention
    seen: list[object] = []

    def recording(
        q: np.ndarray, k: np.ndarray, v: np.ndarray, *, mask: np.ndarray | None = None, bias: np.ndarray | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        seen.append(bias)
        return real(q, k, v, mask=mask, bias=bias)

    posenc.attention = recording  # the same signature, recording as it goes
    try:
        run(sentence, scheme)
    except _Stop:
        pass
    finally:
        posenc.attention = real
    handed = next((b for b in seen if b is not None), None)
    return None if handed is None else np.asarray(handed, dtype=float)


def _causal(run: Callable) -> None:
    """With causal=True, row i puts no weight on a word j > i, whatever the scheme."""
    for scheme in EXERCISE_SCHEMES:
        _, w = run(SENTENCE, scheme, True)
        after = np.triu(w, 1)
        if not np.allclose(after, 0, atol=TOL):
            i, j = np.unravel_index(int(np.argmax(after)), after.shape)
            transposed = np.allclose(np.tril(w, -1), 0, atol=TOL)  # nothing before the diagonal: it looks ahead
            raise _stop(
                f"for {_where(scheme, True, SENTENCE)}, row {i} of the weights puts {number(w[i, j])} on "
                f"'{SENTENCE[j]}', a word after it, where the mask leaves 0.",
                "mask-transposed" if transposed else "no-mask",
            )


def _swapped(sentence: list[str], scheme: str, keys_from_queries: bool = False) -> np.ndarray:
    """The weights of the right layer for `sentence` had the queries and keys been swapped (no mask): softmax(k q^T);
    or, with `keys_from_queries`, had the keys been made like the queries: softmax(q q^T).

    The projections W_q and W_k swapped make q' = x W_k and k' = x W_q, so that q' k'^T = k q^T.
    """
    w_q, w_k, w_v = parts()["projections"]
    made = np.stack([w_q, w_q, w_v] if keys_from_queries else [w_k, w_q, w_v])  # (3, d_model, d_model)
    return attend(embed(sentence), made, _hooks(scheme), position_params(scheme), causal=False)[1]


def _compare(run: Callable) -> None:
    """Every scheme, with and without the mask, on every sentence, against scheme_layer."""
    for scheme in EXERCISE_SCHEMES:
        for causal in (False, True):
            for sentence in SENTENCES:
                out, w = run(sentence, scheme, causal)
                right_out, right_w = scheme_layer(sentence, scheme, causal=causal)
                where = f"for {_where(scheme, causal, sentence)}"
                said = first_difference(w, right_w, where, "weights") or first_difference(
                    out, right_out, where, "outputs"
                )
                if said is None:
                    continue
                seen = right_w > 0
                logs, right = centred_logs(w)[seen], centred_logs(right_w)[seen]
                scale = float(np.sum(logs * right) / max(np.sum(right**2), 1e-300))
                scaled = np.allclose(logs, scale * right, atol=1e-4) and abs(scale - np.sqrt(D_MODEL)) < 1e-3
                if not causal and len(sentence) > 1 and scaled:
                    raise _stop(
                        said,
                        "unscaled",
                        detail=f" Measured: the scores are {sig(scale)} = sqrt({D_MODEL}) times too large.",
                    )
                if (
                    not causal
                    and len(sentence) > 1
                    and np.allclose(centred_logs(w), centred_logs(_swapped(sentence, scheme)))
                ):
                    raise _stop(
                        f"{said} Measured: each row of weights is a softmax of k @ q.T, the scores with the queries and "
                        "keys swapped: posenc.attention takes (q, k, v) in that order.",
                        "qk-swapped",
                    )
                if not causal and len(sentence) > 1 and np.allclose(w, _swapped(sentence, scheme, True), atol=1e-6):
                    raise _stop(
                        f"{said} Measured: each row of weights is a softmax of q @ q.T: the keys were made like the "
                        "queries (k from W_q, or the turned q assigned to k).",
                        "keys-from-queries",
                    )
                raise _stop(said, variant_of(w, sentence, scheme, causal))


#: For each place a scheme can put position (``posenc.schemes.PLACES``): the signature measured, and what a
#: correct layer showed there, said in the verdict (None: read from the bias, below).
_SIGNATURES: dict[str, tuple[Callable[[Callable, str], None], str | None]] = {
    "nothing": (_none, "order-blind"),
    "inputs": (_absolute, "absolute"),
    "queries and keys": (_rope, "relative"),
    "scores": (_scores, None),
}


def _what_each_does() -> str:
    """What the signatures showed, scheme by scheme: "none order-blind, sinusoidal and learned absolute, ..."."""
    said: list[tuple[list[str], str]] = []
    for scheme in EXERCISE_SCHEMES:
        record = SCHEMES[scheme]
        what = _SIGNATURES[record.acts_on][1]
        if what is None:  # a bias on the scores: a penalty on |i - j| cannot tell a sentence from its mirror image
            what = "relative" if _penalty_slope(scheme) is None else "blind to mirroring"
        if said and said[-1][1] == what:
            said[-1][0].append(record.label)
        else:
            said.append(([record.label], what))
    return ", ".join(f"{' and '.join(labels)} {what}" for labels, what in said)


def _measure(run: Callable) -> None:
    """Every signature, in the lessons' order of schemes, then the comparison; a _Stop at the first broken."""
    for scheme in EXERCISE_SCHEMES:
        _SIGNATURES[SCHEMES[scheme].acts_on][0](run, scheme)
    _causal(run)
    _compare(run)


#: The diagnoses measured from a wrong layer (the sentence names what was read back from its outputs).
LAYER_MEASURED = {
    "one-row": "every word got the same row added (one row of the table, where word p gets row p)",
    "multiplied": "each word vector multiplied by its table row, where the row is added",
    "qk-swapped": "weights that are a softmax of k @ q.T: the queries and keys swapped",
    "keys-from-queries": "weights that are a softmax of q @ q.T: the keys made like the queries",
    "other-rows": "rows of the table other than the first n added (table[-n:], say)",
    "added-after-projection": "the table's rows added to q, k and v after the projections, not to x before them",
    "rope-on-outputs": "RoPE applied to attention's outputs, after the scores, where it turns q and k before them",
    "words-replaced": "the table rows replace the word vectors (x = table) where they are added to them",
    "flat-bias": "a bias that is one number everywhere (i - i.T on a 1-D i is 0): the softmax ignores it",
    **BIAS_MEASURED,
}


@register("function", LAYER_MISTAKES, LAYER_MEASURED)
def check_scheme_layer(fn: Callable[..., tuple[np.ndarray, np.ndarray]]) -> CheckResult:
    """Check ``fn(sentence, scheme, causal=...)`` -> (outputs, weights), the capstone layer, for every scheme.

    The schemes are passed by their names in :data:`posenc.capstone.CAPSTONE_SCHEMES`. Each
    scheme's signature is measured first (see the module's docstring), then the layer is
    compared with :func:`posenc.capstone.scheme_layer` on four sentences, causal and not.

    Examples
    --------
    >>> check_scheme_layer(scheme_layer)
    Correct: each scheme does what it should (none order-blind, sinusoidal and learned absolute, RoPE relative, ALiBi blind to mirroring, T5 bias relative, the mask causal), and every output and weight matches scheme_layer.
    >>> check_scheme_layer(lambda sentence, scheme, causal=False: scheme_layer(sentence, scheme, causal=True))
    Not yet: for scheme 'none', causal=False, on 'dog bites man', row 0 of the weights puts 0 on the words after the first: the causal mask is on. With causal=False every word sees every other: pass the mask only when causal is True.
    """
    run = _layer(fn, name_of(fn))
    try:
        with np.errstate(all="ignore"):  # a wrong layer's huge numbers may overflow the measuring: no warning
            _measure(run)
    except _Stop as stop:
        return stop.verdict
    return correct(
        f"each scheme does what it should ({_what_each_does()}, the mask causal), and every output and weight "
        "matches scheme_layer."
    )
