"""A synthetic language whose best possible next-token loss is known exactly, token by token.

The language has 16 tokens: 10 *content* tokens (0-9), 4 *value* tokens (10-13), ``STORE`` (14) and
``QUERY`` (15). A stream is a run of events. Before each event a coin decides what comes: with
probability ``store_rate`` (1/20) the two tokens ``STORE v``, a fresh value drawn uniformly, which becomes
the memory; with probability ``query_rate`` (1/20) the two tokens ``QUERY m``, where ``m`` is the memory's
value (the value of the last store); otherwise one content token. Content tokens come from a hidden Markov
process: 4 topics, each a cycle of 3 hidden states that steps forward with probability 0.9 (else jumps to
a uniformly drawn state of the cycle), and a topic that switches with probability 1/100 per content token
(slow mixing); each hidden state emits from its own seeded distribution over the 10 content tokens. A
model that has read more of a window knows the topic, the step of its cycle and the memory better.

The floor at a prediction is the loss of the Bayes-optimal predictor that sees only the tokens of its
window, from the window's first token on (:meth:`Language.floor`): the forward algorithm over the hidden
states of the content process, started from their stationary distribution at the window's first token,
beside the memory (known once a value token is in view, uniform before). Every stream starts from the
stationary distribution, so a window cut anywhere is distributed alike. A *retrieval position* is a
prediction whose input token is ``QUERY``: its target is the memory's value, and its floor is exactly 0
when a value token is earlier in the window (the latest one is the answer) and ``log 4`` otherwise.

Computed by ``python -m posenc.lm`` (``posenc/lm/__main__.py``) on 2,000 streams of 513 tokens (seed 1) of the
default language: each number is a mean of exact per-token floors over that sample, ± a standard error
across streams. Per position inside a window of 32: 2.020 ± 0.005 nats at the first prediction (one token
of context), 1.598 ± 0.006 at the 32nd. Non-overlapping windows (the mean over every prediction of every
window): 1.650 ± 0.002 at W = 32, 1.598 ± 0.002 at W = 512, lower by 0.0511 ± 0.0002 on the same tokens.
Retrieval positions: 0.416 nats at W = 32 (the key out of view at 30.0 % of them), 0.028 at W = 512 (2.1 %).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from posenc._validation import check_positive_int, check_real, check_seed

__all__ = ["Language", "make_language"]  # and as_tokens, for the model and its evaluation


@dataclass(frozen=True)
class Language:
    """A language of content, value, ``STORE`` and ``QUERY`` tokens (the module's docstring describes it).

    Attributes
    ----------
    emissions : ndarray of shape (num_hidden, num_content)
        Row ``h``: the distribution of the content token that hidden state ``h`` emits.
    transitions : ndarray of shape (num_hidden, num_hidden)
        Row ``h``: the distribution of the hidden state of the next content token.
    stationary : ndarray of shape (num_hidden,)
        The stationary distribution of `transitions`.
    num_values : int
        How many value tokens (the memory takes one of them).
    store_rate, query_rate : float
        The chance that an event is a store, a query.

    Examples
    --------
    >>> language = make_language(seed=0)
    >>> language.vocab_size, language.store_token, language.query_token
    (16, 14, 15)
    >>> tokens = language.sample(num_streams=2, seq_len=9, seed=0)
    >>> tokens.shape, language.floor(tokens).shape
    ((2, 9), (2, 8))
    """

    emissions: np.ndarray
    transitions: np.ndarray
    stationary: np.ndarray
    num_values: int
    store_rate: float
    query_rate: float

    @property
    def num_content(self) -> int:
        return self.emissions.shape[1]

    @property
    def store_token(self) -> int:
        return self.num_content + self.num_values

    @property
    def query_token(self) -> int:
        return self.store_token + 1

    @property
    def vocab_size(self) -> int:
        return self.query_token + 1

    def _is_value(self, tokens: np.ndarray) -> np.ndarray:
        return (tokens >= self.num_content) & (tokens < self.store_token)

    def _tokens(self, tokens: object) -> np.ndarray:
        """`tokens` as a (num_windows, seq_len) integer array of this language's tokens, or a clear error."""
        return as_tokens(tokens, "tokens", self.vocab_size, min_len=2)

    def sample(self, num_streams: int, seq_len: int, seed: int = 0) -> np.ndarray:
        """Independent streams of `seq_len` tokens, each started from the stationary distribution.

        Returns
        -------
        tokens : ndarray of int64, shape (num_streams, seq_len)
        """
        num_streams = check_positive_int(num_streams, "num_streams")
        seq_len = check_positive_int(seq_len, "seq_len")
        rng = np.random.default_rng(check_seed(seed))
        emit_cdf, step_cdf = np.cumsum(self.emissions, axis=1), np.cumsum(self.transitions, axis=1)
        num_hidden, rates = len(self.stationary), self.store_rate + self.query_rate
        hidden = _draw(np.cumsum(self.stationary)[None, :], rng.random(num_streams), num_hidden)  # (num_streams,)
        memory = rng.integers(self.num_values, size=num_streams)  # (num_streams,)
        # what the first token is: a new event, the value after a STORE, or the answer after a QUERY (stationary)
        phase = _draw(
            np.cumsum([1.0, self.store_rate, self.query_rate])[None, :] / (1 + rates), rng.random(num_streams), 3
        )
        tokens = np.empty((num_streams, seq_len), dtype=np.int64)
        for t in range(seq_len):
            coin, fresh = rng.random(num_streams), rng.integers(self.num_values, size=num_streams)
            content = _draw(emit_cdf[hidden], rng.random(num_streams), self.num_content)  # (num_streams,)
            memory = np.where(phase == 1, fresh, memory)
            new = phase == 0
            tokens[:, t] = np.select(
                [new & (coin < self.store_rate), new & (coin < rates), new],
                [self.store_token, self.query_token, content],
                default=self.num_content + memory,  # phase 1 or 2: the memory's value
            )
            is_content = new & (coin >= rates)
            hidden = np.where(is_content, _draw(step_cdf[hidden], rng.random(num_streams), num_hidden), hidden)
            phase = np.where(tokens[:, t] == self.store_token, 1, np.where(tokens[:, t] == self.query_token, 2, 0))
        return tokens

    def predictive(self, tokens: object) -> np.ndarray:
        """The Bayes-optimal next-token distribution at every prediction of each window.

        Parameters
        ----------
        tokens : array of int, shape (num_windows, seq_len)
            Each row is one window; prediction ``p`` reads its tokens ``0 .. p`` and predicts token ``p + 1``.

        Returns
        -------
        probs : ndarray of shape (num_windows, seq_len - 1, vocab_size)
        """
        tokens = self._tokens(tokens)
        probs = np.empty((*tokens.shape[:1], tokens.shape[1] - 1, self.vocab_size))
        for t, p in self._predictions(tokens):
            probs[:, t] = p
        return probs

    def floor(self, tokens: object) -> np.ndarray:
        """The exact floor: the Bayes-optimal predictor's loss (nats) at each prediction of each window.

        Returns
        -------
        losses : ndarray of shape (num_windows, seq_len - 1)
            ``losses[w, p] = -log P(tokens[w, p + 1] | tokens[w, :p + 1])`` under the language, the
            window's first token drawn from the stationary distribution.

        Examples
        --------
        >>> language = make_language()
        >>> v = language.num_content  # the first value token
        >>> language.floor([[language.store_token, v, language.query_token, v]]).round(4)  # uniform, then known
        array([[1.3863, 2.9957, 0.    ]])
        """
        tokens = self._tokens(tokens)
        rows = np.arange(len(tokens))
        losses = np.empty((len(tokens), tokens.shape[1] - 1))
        with np.errstate(divide="ignore"):  # a token the language cannot produce there costs inf
            for t, p in self._predictions(tokens):
                losses[:, t] = 0.0 - np.log(p[rows, tokens[:, t + 1]])  # 0.0 - : no -0.0 for a sure token
        return losses

    def retrieval(self, tokens: object) -> tuple[np.ndarray, np.ndarray]:
        """Which predictions are retrieval positions, and how far back their key is.

        Returns
        -------
        is_retrieval : ndarray of bool, shape (num_windows, seq_len - 1)
            Prediction ``p`` reads ``QUERY`` at token ``p`` and must produce the memory's value.
        distance : ndarray of int, shape (num_windows, seq_len - 1)
            ``p - q`` for the latest value token ``q < p`` of the window (the key), -1 where none is in
            view (and at predictions that are not retrieval positions). The floor at a retrieval
            position is 0 with a key in view and ``log(num_values)`` without.

        Examples
        --------
        >>> language = make_language()
        >>> s, q, v = language.store_token, language.query_token, language.num_content
        >>> is_retrieval, distance = language.retrieval([[q, v, s, v, 0, q, v]])
        >>> is_retrieval.astype(int), distance  # the first QUERY has no key in view; the second's is 2 back
        (array([[1, 0, 0, 0, 0, 1]]), array([[-1, -1, -1, -1, -1,  2]]))
        """
        tokens = self._tokens(tokens)
        positions = np.arange(tokens.shape[1])
        last_value = np.maximum.accumulate(np.where(self._is_value(tokens), positions, -1), axis=1)  # (w, n)
        is_retrieval = tokens[:, :-1] == self.query_token
        seen = last_value[:, :-1]  # the latest value token at or before p: before p, as token p is QUERY
        distance = np.where(is_retrieval & (seen >= 0), positions[:-1] - seen, -1)
        return is_retrieval, distance

    def _predictions(self, tokens: np.ndarray) -> Iterator[tuple[int, np.ndarray]]:
        """Yield ``(p, probs of shape (num_windows, vocab_size))`` for each prediction ``p`` of the windows."""
        count, rates = len(tokens), self.store_rate + self.query_rate
        belief = np.tile(self.stationary, (count, 1))  # (w, num_hidden): the next content token's hidden state
        memory = np.full((count, self.num_values), 1.0 / self.num_values)  # (w, num_values)
        values = slice(self.num_content, self.store_token)
        for t in range(tokens.shape[1] - 1):
            x = tokens[:, t]  # (w,)
            content = x < self.num_content
            seen = belief[content] * self.emissions[:, x[content]].T  # (c, num_hidden): emitted it
            belief[content] = (seen / seen.sum(axis=1, keepdims=True)) @ self.transitions
            is_value = self._is_value(x)
            memory[is_value] = np.eye(self.num_values)[x[is_value] - self.num_content]
            probs = np.zeros((count, self.vocab_size))  # (w, vocab_size)
            probs[:, : self.num_content] = (1.0 - rates) * belief @ self.emissions
            probs[:, self.store_token], probs[:, self.query_token] = self.store_rate, self.query_rate
            after_store, after_query = x == self.store_token, x == self.query_token
            probs[after_store | after_query] = 0.0
            probs[after_store, values] = 1.0 / self.num_values
            probs[after_query, values] = memory[after_query]
            yield t, probs


def as_tokens(tokens: object, name: str, vocab_size: int | None, min_len: int) -> np.ndarray:
    """`tokens` as an int64 array of shape (rows, length >= `min_len`) of tokens below `vocab_size`, or a clear error."""
    what = f"{name} must be an integer array of shape (rows, length) with length >= {min_len}"
    try:
        arr = np.asarray(tokens)
    except ValueError as error:  # a ragged list
        raise TypeError(f"{what}; could not convert it ({error}).") from None
    if arr.dtype == bool or not np.issubdtype(arr.dtype, np.integer):
        raise TypeError(f"{what}; got dtype {arr.dtype}.")
    if arr.ndim != 2 or arr.shape[1] < min_len or arr.shape[0] < 1:
        raise ValueError(f"{what}; got {name}.shape={arr.shape}.")
    if vocab_size is not None and (arr.min() < 0 or arr.max() >= vocab_size):
        raise ValueError(f"{name} must hold tokens 0..{vocab_size - 1}; got tokens from {arr.min()} to {arr.max()}.")
    return arr.astype(np.int64)


def _draw(cdf: np.ndarray, uniform: np.ndarray, size: int) -> np.ndarray:
    """Row by row, the index that a uniform number picks from a cumulative distribution (inverse transform)."""
    return np.minimum((uniform[:, None] >= cdf).sum(axis=1), size - 1)


def make_language(
    seed: int = 0,
    *,
    num_topics: int = 4,
    cycle: int = 3,
    num_content: int = 10,
    num_values: int = 4,
    advance: float = 0.9,
    switch_rate: float = 1 / 100,
    concentration: float = 0.15,
    store_rate: float = 1 / 20,
    query_rate: float = 1 / 20,
) -> Language:
    """The course's synthetic language (defaults: 16 tokens), with seeded emissions.

    Parameters
    ----------
    seed : int, default 0
        Seed of the emission distributions (each drawn from a symmetric Dirichlet).
    num_topics, cycle : int, default 4 and 3
        Hidden states: `num_topics` topics of `cycle` states each.
    num_content, num_values : int, default 10 and 4
        How many content and value tokens; the vocabulary adds ``STORE`` and ``QUERY``.
    advance : float, default 0.9
        Within a topic, the chance of stepping to the next state of its cycle; otherwise a
        state of the cycle is drawn uniformly.
    switch_rate : float, default 1/100
        The chance per content token of moving to another topic (uniformly, at a uniform state).
    concentration : float, default 0.15
        The Dirichlet's parameter: smaller makes each state favour fewer tokens.
    store_rate, query_rate : float, default 1/20 each
        The chance that an event is a store, a query; together below 1.

    Returns
    -------
    Language

    Raises
    ------
    ValueError, TypeError
        If a count is not a positive integer, or a rate or probability is out of range.

    Examples
    --------
    >>> language = make_language(seed=0)
    >>> language.emissions.shape, language.transitions.shape
    ((12, 10), (12, 12))
    >>> bool(np.allclose(language.stationary @ language.transitions, language.stationary))
    True
    """
    rng = np.random.default_rng(check_seed(seed))
    num_topics, cycle = check_positive_int(num_topics, "num_topics"), check_positive_int(cycle, "cycle")
    num_content = check_positive_int(num_content, "num_content")
    num_values = check_positive_int(num_values, "num_values")
    advance = check_real(advance, "advance", low=0.0, high=1.0)
    switch_rate = check_real(switch_rate, "switch_rate", low=0.0, high=1.0)
    concentration = check_real(concentration, "concentration", low=0.0, low_open=True)
    store_rate = check_real(store_rate, "store_rate", low=0.0, high=1.0)
    query_rate = check_real(query_rate, "query_rate", low=0.0, high=1.0)
    if store_rate + query_rate >= 1.0:
        raise ValueError(
            f"store_rate + query_rate must be below 1 (content needs a chance); got {store_rate} + {query_rate}."
        )
    if num_topics == 1 and switch_rate > 0:
        raise ValueError(f"switch_rate must be 0 with one topic (there is no other); got switch_rate={switch_rate}.")
    within = advance * np.roll(np.eye(cycle), 1, axis=1) + (1 - advance) / cycle  # (cycle, cycle)
    others = (np.ones((num_topics, num_topics)) - np.eye(num_topics)) / max(num_topics - 1, 1)  # (topics, topics)
    transitions = (1 - switch_rate) * np.kron(np.eye(num_topics), within) + switch_rate * np.kron(
        others, np.full((cycle, cycle), 1.0 / cycle)
    )  # (num_hidden, num_hidden), hidden state = topic * cycle + step
    emissions = rng.dirichlet(np.full(num_content, concentration), size=num_topics * cycle)
    emissions = np.maximum(emissions, 1e-6)  # no token impossible (a Dirichlet draw can underflow to 0)
    emissions /= emissions.sum(axis=1, keepdims=True)
    stationary = np.full(num_topics * cycle, 1.0 / (num_topics * cycle))  # doubly stochastic: uniform
    return Language(emissions, transitions, stationary, num_values, store_rate, query_rate)
