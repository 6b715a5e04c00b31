"""The course's position schemes, named once: what each is called and where it puts position.

Every experiment that switches between schemes (lesson 06's fitted heads in
``posenc.extrapolation``, the capstone layer in ``posenc.capstone``, the comparison
table of ``posenc.checks.recap``) names them with the keys of :data:`SCHEMES` and
writes them with their :attr:`Scheme.label`. Code takes the name; a learner may
also type the label (``"RoPE"``), which :func:`scheme` accepts. A new scheme is one
entry here, plus its implementation in each experiment that runs it.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Scheme", "SCHEMES", "scheme"]


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
        Where position enters the attention layer: ``"nothing"``, ``"inputs"`` (a table
        row added to each token's vector), ``"queries and keys"`` (turned by position),
        or ``"scores"`` (a bias added before the softmax).
    summary : str
        One line for captions and readouts.
    source : str
        Where the scheme is from (paper and section).
    """

    name: str
    label: str
    acts_on: str
    summary: str
    source: str


#: Every scheme the course teaches, in the order the lessons meet them.
SCHEMES: dict[str, Scheme] = {
    s.name: s
    for s in (
        Scheme("none", "none", "nothing", "no position information at all", "lesson 01: attention alone"),
        Scheme(
            "sinusoidal",
            "sinusoidal",
            "inputs",
            "a fixed table added to the input",
            "Vaswani et al., 2017, section 3.5",
        ),
        Scheme("learned", "learned", "inputs", "a trained table added to the input", "Devlin et al., 2019 (BERT)"),
        Scheme("t5", "T5 bias", "scores", "a learned bias per bucket of distance", "Raffel et al., 2020, section 2.1"),
        Scheme("rope", "RoPE", "queries and keys", "queries and keys turned by their positions", "Su et al., 2021"),
        Scheme("alibi", "ALiBi", "scores", "a penalty on distance added to the scores", "Press et al., 2022"),
    )
}


def scheme(scheme: str, allowed: tuple[str, ...] | None = None) -> Scheme:
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
    >>> scheme("RoPE").name
    'rope'
    >>> scheme("t5", allowed=("none", "rope"))
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
