"""The course's position schemes: one record each, registered once in :data:`SCHEMES`.

A :class:`Scheme` holds everything the course knows about one scheme: its names, where it puts
position, how figures draw it, where the course teaches it, how it enters an attention layer
(:class:`~posenc.schemes.layer.LayerHooks`) with the parameters its hooks read and the mistakes
learners make with it, how its head scores positions in lesson 06's experiment
(``posenc.schemes.heads``), what lesson 07's language model needs to train it (``posenc.schemes.lm``),
and, for a scheme lesson 08's comparison table has a row for, that row and its known wrong answers.
The experiments (the fitted heads of ``posenc.extrapolation``, the capstone layer of ``posenc.capstone``,
the language model of ``posenc.lm``), the checkers and the widgets take their lists of schemes and
everything per scheme from here, and branch on no name.

Adding a scheme: write its maths, with the functions its hooks and its head call, in a module of its
own (as ``posenc/t5.py``), then one record below, after every record whose ``layer_params`` draws from
the generator (the capstone draws them in this order, so a later one moves none of the earlier values).
``core_lesson`` names the lesson whose core teaches it: a lesson's core experiments, figures and exercises include
the schemes taught in its own core or an earlier one (lesson 06's experiment has no T5 head; lesson 08's capstone has
T5, taught in lesson 07's core); ``comparison`` says whether lesson 08's table has a row for it. A new scheme met only
in an optional section has neither, and changes no core lesson, exercise or checker.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

import numpy as np

from posenc import t5
from posenc._validation import check_choice, check_int_in
from posenc.alibi import alibi_slopes
from posenc.schemes import heads
from posenc.schemes.heads import ChosenHead, TrainedHead
from posenc.schemes.layer import (
    LayerHooks,
    add_sinusoidal,
    add_table_rows,
    distance_penalty,
    mirrored,
    negated,
    one_way,
    rotate,
    rotate_half,
    signed,
    transposed,
)
from posenc.schemes.lm import ModelPart, rope_fixed, table_gradients, turn_back

__all__ = ["COLUMNS", "LayerHooks", "ModelPart", "PLACES", "Scheme", "SCHEMES", "Style", "scheme_named", "with_part"]


@dataclass(frozen=True)
class Style:
    """How figures draw a scheme: an Okabe–Ito colour, told apart by line style and marker too."""

    color: str
    linestyle: str | tuple[int, tuple[int, ...]]  # a named line style, or (offset, (on, off, ...)) dashes
    marker: str


#: Where a scheme can put position in an attention layer; the checkers measure a signature per place.
PLACES = ("nothing", "inputs", "queries and keys", "scores")


@dataclass(frozen=True)
class Scheme:
    """One position scheme of the course.

    Attributes
    ----------
    name : str
        The one spelling code uses: ``"rope"``.
    label : str
        How lessons, figures and messages write it: ``"RoPE"``.
    acts_on : str
        Where position enters the attention layer, one of :data:`PLACES`: ``"nothing"``,
        ``"inputs"`` (a table row added to each token's vector), ``"queries and keys"`` (turned by
        position), or ``"scores"`` (a bias added before the softmax).
    summary : str
        One line for captions and readouts.
    taught_in : str
        Where the course teaches it, for a learner sent back to read: ``"lesson 05"``.
    style : Style
        How figures draw it.
    comparison : mapping of str to str, or None
        Its row of lesson 08's comparison table (column to answer; ``posenc.checks.recap.COLUMNS``
        lists the columns and the answers each allows); None for a scheme the table has no row for.
    comparison_mistakes : tuple of (column, wrong answers, mistake id)
        Wrong answers in its row that a known misconception explains (``posenc.checks.recap``
        holds each id's hint), in the order the checker looks for them.
    layer : LayerHooks or None
        How it enters an attention layer; None where no layer of the course runs it.
    layer_suspects : mapping of mistake id to callable
        Each listed mistake a learner makes with it, as its hooks changed in one place
        (``suspect(hooks) -> LayerHooks``; ``posenc.checks.layer_mistakes`` holds each id's hint).
    layer_params : callable or None
        ``layer_params(rng, max_len, d_model)``: the position parameters its hooks read, for a
        one-head layer of width `d_model` on at most `max_len` tokens (drawn from `rng` where
        they stand in for trained ones); None where its hooks read none.
    core_lesson : int or None
        The lesson whose core teaches it (``5`` for RoPE): the core experiments and exercises of that lesson
        and the later ones include it. None for a scheme met only in optional sections, which still runs by
        name everywhere.
    head : TrainedHead, ChosenHead or None
        How its head scores positions in lesson 06's experiment; None where that does not run it.
    model : ModelPart or None
        What lesson 07's tiny language model (``posenc.lm``) needs beyond `layer`: its position parameters
        and the backward pieces of its hooks; None where the model does not run it. A scheme that acts on
        the inputs runs once, at the model's input; any other runs in the layers that name it.
    """

    name: str
    label: str
    acts_on: str
    summary: str
    taught_in: str
    style: Style
    comparison: Mapping[str, str] | None = None
    comparison_mistakes: tuple[tuple[str, frozenset[str], str], ...] = ()
    layer: LayerHooks | None = None
    layer_suspects: Mapping[str, Callable[[LayerHooks], LayerHooks]] = field(default_factory=dict)
    layer_params: Callable[[np.random.Generator, int, int], dict[str, np.ndarray | float]] | None = None
    core_lesson: int | None = None
    head: TrainedHead | ChosenHead | None = None
    model: ModelPart | None = None

    def __post_init__(self) -> None:
        if self.acts_on not in PLACES:
            raise ValueError(f"acts_on must be one of {PLACES}; got acts_on={self.acts_on!r} for {self.name!r}.")


#: Each column of lesson 08's comparison table and the answers it allows, in order (learners may answer by
#: number: append a new answer, never insert one).
COLUMNS = {
    "absolute or relative": ("absolute", "relative"),
    "where it acts": ("added to the input", "turns queries and keys", "added to the scores"),
    "trained position parameters": ("none", "one row per position", "one scalar per bucket and head"),
    "past the training length": (
        "stops at its last row: nothing to look up past it",
        "runs on positions or angles never trained",
        "runs: far offsets share the last trained bucket",
        "runs: far keys just get a larger penalty",
    ),
    "used by": ("the original Transformer", "BERT, GPT-2", "T5", "Llama, Mistral", "BLOOM, MPT"),
}


def _row(*answers: str) -> dict[str, str]:
    """A row of the comparison table: one answer per column, in the columns' order, each one the column allows."""
    row = dict(zip(COLUMNS, answers, strict=True))
    wrong = {column: answer for column, answer in row.items() if answer not in COLUMNS[column]}
    if wrong:
        raise ValueError(f"a comparison row's answers must be ones COLUMNS allows; got {wrong}.")
    return row


_ADDED, _QK, _SCORES = COLUMNS["where it acts"]
_NOTHING, _PER_POSITION, _PER_BUCKET = COLUMNS["trained position parameters"]
_TRAINS = frozenset({_PER_POSITION, _PER_BUCKET})
_NO_ROW, _UNTRAINED, _BUCKET, _PENALTY = COLUMNS["past the training length"]


def _registered(*records: Scheme) -> dict[str, Scheme]:
    """The registry: each record under its name, a name given twice refused."""
    names = [record.name for record in records]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise ValueError(f"each scheme is registered once; {twice} came twice.")
    return {record.name: record for record in records}


#: Every scheme the course teaches, in the order of the comparison table's rows (T5's bias, taught last, is its
#: third row, between the absolute and the other relative schemes); with_part gives them in the lessons' order.
SCHEMES: dict[str, Scheme] = _registered(
    Scheme(
        "none",
        "none",
        "nothing",
        "no position information at all",
        taught_in="lesson 01",
        style=Style("#000000", ":", "x"),
        layer=LayerHooks(),
        core_lesson=1,
        model=ModelPart(),
    ),
    Scheme(
        "sinusoidal",
        "sinusoidal",
        "inputs",
        "a fixed table added to the input",
        taught_in="lessons 02 and 03",
        style=Style("#d55e00", "-", "o"),
        comparison=_row("absolute", _ADDED, _NOTHING, _UNTRAINED, "the original Transformer"),
        comparison_mistakes=(
            ("absolute or relative", frozenset({"relative"}), "sinusoidal-relative"),
            ("past the training length", frozenset({_NO_ROW}), "sinusoidal-no-row"),
            ("trained position parameters", _TRAINS, "sinusoidal-trained"),
        ),
        layer=LayerHooks(inputs=add_sinusoidal),
        core_lesson=2,
        head=heads.SINUSOIDAL,
        model=ModelPart(),
    ),
    Scheme(
        "learned",
        "learned",
        "inputs",
        "a trained table added to the input",
        taught_in="lesson 04",
        style=Style("#cc79a7", (0, (1, 1)), "s"),
        comparison=_row("absolute", _ADDED, _PER_POSITION, _NO_ROW, "BERT, GPT-2"),
        comparison_mistakes=(("past the training length", frozenset({_UNTRAINED, _BUCKET, _PENALTY}), "learned-runs"),),
        layer=LayerHooks(inputs=add_table_rows),
        layer_params=lambda rng, max_len, d: {"table": rng.normal(scale=0.5, size=(max_len, d))},
        core_lesson=4,
        head=heads.LEARNED,
        model=ModelPart(
            trained=lambda rng, max_len, d, num_heads: {"table": rng.normal(scale=0.5, size=(max_len, d))},
            inputs_gradients=table_gradients,
        ),
    ),
    Scheme(
        "t5",
        "T5 bias",
        "scores",
        "a learned bias per bucket of distance",
        taught_in="lesson 07",
        style=Style("#e69f00", (0, (3, 1, 1, 1)), "v"),
        comparison=_row("relative", _SCORES, _PER_BUCKET, _BUCKET, "T5"),
        layer=LayerHooks(score_bias=t5.bias_hook),
        layer_suspects={
            "scheme-ignored": lambda hooks: LayerHooks(),
            "t5-offset-flipped": transposed,
            "t5-one-way": one_way,
            "t5-no-direction": mirrored,
            "t5-negated": negated,
        },
        layer_params=lambda rng, max_len, d: {"bucket_values": rng.normal(scale=0.5, size=t5.NUM_BUCKETS)},
        core_lesson=7,
        head=TrainedHead(
            t5.head_scores,
            init=lambda rng, train_len, d: {"bucket_values": rng.normal(scale=0.01, size=t5.NUM_BUCKETS)},
            gradients=t5.head_gradients,
        ),
        model=ModelPart(  # buckets scaled to the training length, as T5's to its own (t5.buckets_for)
            trained=lambda rng, max_len, d, num_heads: {
                "bucket_values": rng.normal(scale=0.1, size=(num_heads, t5.buckets_for(max_len)[0]))
            },
            fixed=lambda max_len, d, num_heads: {"max_distance": np.array(t5.buckets_for(max_len)[1])},
            bias_gradients=t5.bias_gradients,
        ),
    ),
    Scheme(
        "rope",
        "RoPE",
        "queries and keys",
        "queries and keys turned by their positions",
        taught_in="lesson 05",
        style=Style("#0072b2", "--", "^"),
        comparison=_row("relative", _QK, _NOTHING, _UNTRAINED, "Llama, Mistral"),
        comparison_mistakes=(
            ("where it acts", frozenset({_ADDED}), "rope-at-input"),
            ("past the training length", frozenset({_BUCKET, _PENALTY}), "rope-extrapolates"),
            ("used by", frozenset({"BLOOM, MPT"}), "models-swapped"),
            ("absolute or relative", frozenset({"absolute"}), "rope-absolute"),
            ("trained position parameters", _TRAINS, "rope-trained"),
        ),
        layer=LayerHooks(queries=rotate, keys=rotate),
        layer_suspects={
            "rope-on-inputs": lambda hooks: LayerHooks(inputs=hooks.queries),
            "rope-one-side": lambda hooks: replace(hooks, keys=LayerHooks().keys),
            "rope-on-v": lambda hooks: replace(hooks, values=hooks.queries),
            "scheme-ignored": lambda hooks: LayerHooks(),
            "rope-half-layout": lambda hooks: replace(hooks, queries=rotate_half, keys=rotate_half),
        },
        core_lesson=5,
        head=heads.ROPE,
        model=ModelPart(fixed=rope_fixed, queries_back=turn_back, keys_back=turn_back),
    ),
    Scheme(
        "alibi",
        "ALiBi",
        "scores",
        "a penalty on distance added to the scores",
        taught_in="lesson 06",
        style=Style("#009e73", "-.", "D"),
        comparison=_row("relative", _SCORES, _NOTHING, _PENALTY, "BLOOM, MPT"),
        comparison_mistakes=(
            ("trained position parameters", _TRAINS, "alibi-trained"),
            ("used by", frozenset({"Llama, Mistral"}), "models-swapped"),
        ),
        layer=LayerHooks(score_bias=distance_penalty),
        layer_suspects={"alibi-signed": signed},
        layer_params=lambda rng, max_len, d: {"slopes": float(alibi_slopes(8)[0])},  # the first of 8 heads
        core_lesson=6,
        head=heads.ALIBI,
        model=ModelPart(fixed=lambda max_len, d, num_heads: {"slopes": alibi_slopes(num_heads)}),
    ),
)


#: The parts a record may lack (None): what with_part can ask for.
_PARTS = ("comparison", "layer", "layer_params", "head", "model")
#: The course's last lesson (08, the recap and capstone).
_LAST_LESSON = 8


def with_part(part: str, by_lesson: int | None = None) -> tuple[str, ...]:
    """The names of the schemes whose record has `part` (``"layer"``, ``"head"``, ...: see ``_PARTS``), in the
    registry's order; with `by_lesson`, only those the core has taught by the end of that lesson (their
    ``core_lesson`` is it or an earlier one), in the order the lessons teach them.

    Examples
    --------
    >>> with_part("head", by_lesson=6)
    ('sinusoidal', 'learned', 'rope', 'alibi')
    >>> with_part("layer", by_lesson=8)  # T5's bias joins after lesson 07
    ('none', 'sinusoidal', 'learned', 'rope', 'alibi', 't5')
    """
    part = check_choice(part, "part", _PARTS)
    names = tuple(n for n, s in SCHEMES.items() if getattr(s, part) is not None)
    if by_lesson is None:
        return names
    by_lesson = check_int_in(by_lesson, "by_lesson", 0, _LAST_LESSON)
    lessons = {n: SCHEMES[n].core_lesson for n in names}
    taught = {n: lesson for n, lesson in lessons.items() if lesson is not None and lesson <= by_lesson}
    return tuple(sorted(taught, key=taught.__getitem__))


def scheme_named(scheme: str, allowed: tuple[str, ...] | None = None) -> Scheme:
    """The scheme called `scheme` (its name or its label, in any case), among `allowed` names if given.

    Parameters
    ----------
    scheme : str
        ``"rope"``, ``"RoPE"`` and ``"ROPE"`` all name RoPE.
    allowed : tuple of str, optional
        The names an experiment runs; another scheme is a ``ValueError`` that lists them.

    Raises
    ------
    TypeError
        If `scheme` is not a str, or `allowed` is not a tuple of names.
    ValueError
        If no scheme (or no allowed one) has that name or label, or `allowed` names an unknown scheme.

    Examples
    --------
    >>> scheme_named("RoPE").name
    'rope'
    >>> scheme_named("t5", allowed=("none", "rope"))
    Traceback (most recent call last):
    ...
    ValueError: scheme must be one of 'none', 'rope' (or their labels none, RoPE); got scheme='t5'.
    """
    if not isinstance(scheme, str):
        raise TypeError(
            f"scheme must be a scheme's name (a str); got scheme={scheme!r} of type {type(scheme).__name__}."
        )
    if allowed is not None and (not isinstance(allowed, tuple) or not all(isinstance(a, str) for a in allowed)):
        raise TypeError(f"allowed must be a tuple of scheme names, such as ('none', 'rope'); got allowed={allowed!r}.")
    unknown = [a for a in allowed or () if a not in SCHEMES]
    if unknown:
        raise ValueError(f"allowed must name schemes of posenc.schemes.SCHEMES; got allowed={allowed!r}.")
    names = tuple(SCHEMES) if allowed is None else allowed
    for candidate in names:
        found = SCHEMES[candidate]
        if scheme.lower() in (found.name, found.label.lower()):
            return found
    labels = ", ".join(SCHEMES[n].label for n in names)
    raise ValueError(
        f"scheme must be one of {', '.join(map(repr, names))} (or their labels {labels}); got scheme={scheme!r}."
    )
