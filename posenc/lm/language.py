"""A synthetic language whose best possible next-token loss is known exactly, token by token.

The language has 51 tokens: 10 *content* tokens (0-9); 32 *value* tokens, four for each of 8 memory slots
(slot ``j`` holding value ``v`` is token ``10 + 4j + v``); ``STORE`` (42); and one ``QUERY`` per slot (43-50).
A stream is a run of events. Before each event a coin decides what comes: with probability ``store_rate``
(1/40) the two tokens ``STORE x``, where ``x`` is a value token drawn uniformly (a slot and a fresh value),
which that slot now holds; with probability ``query_rate`` (1/10) the two tokens ``QUERY_j x``, for a
uniformly drawn slot ``j``, where ``x`` is the value token of what slot ``j`` holds; otherwise one content
token. Content tokens come from a hidden Markov process: 4 topics, each a cycle of 3 hidden states that
steps forward with probability 0.9 (else jumps to a uniformly drawn state of the cycle), and a topic that
switches with probability 1/100 per content token; each hidden state emits from its own seeded distribution
over the 10 content tokens.

Context pays in two ways, at two ranges. The content process's state is learned from the last few tokens:
the topic and the step of its cycle are about as well known after 32 tokens as after 512 (the emissions
tell the topics apart quickly). A slot is revealed (stored, or answered) once every 72 tokens on average
(8 slots × 1.125 tokens per event / 0.125 reveals per event), so
the key of a ``QUERY`` (the latest value token of its slot) is often far back: only a window that reaches
it can answer. Almost all that context beyond 32 tokens buys is retrieval (the numbers below).

The floor at a prediction is the loss of the Bayes-optimal predictor that sees only the tokens of its
window, from the window's first token on (:meth:`Language.floor`): the forward algorithm over the hidden
states of the content process, started from their stationary distribution at the window's first token,
beside each slot's value (known once a value token of the slot is in view, uniform before). Every stream
starts from the stationary distribution (the slots' values uniform and independent), so a window cut
anywhere is distributed alike. A *retrieval position* is a prediction whose input token is a ``QUERY``:
its target is the slot's value, and its floor is exactly 0 when a value token of that slot is earlier in
the window (the latest one is the answer) and ``log 4`` otherwise.

Computed by ``python -m posenc.lm`` (``posenc/lm/__main__.py``) on 2,000 streams of 1,025 tokens (seed 1)
of the default language: each number is a mean of exact per-token floors over that sample, ± a standard
error across streams. Per position inside a window of 32: 2.248 ± 0.006 nats at the first prediction (one
token of context), 1.844 ± 0.007 at the 32nd. Non-overlapping windows (the mean over every prediction of
every window, tokens 1-512): 1.903 ± 0.002 at W = 32, 1.787 ± 0.002 at W = 512, lower by 0.1164 ± 0.0003
on the same tokens, partly because more predictions have a long context (the early-token curse of Press
et al. 2022, appendix B). On the same tokens 513-1024, each seen as the sliding evaluation sees it (stride
W/2, at least W/2 + 1 tokens of context): 1.854 ± 0.002 at W = 32, 1.767 ± 0.002 at W = 512, lower by
0.0877 ± 0.0003, of which 0.0872 ± 0.0003 at retrieval positions: what 257-512 tokens of context are worth
against 17-32. Retrieval positions, non-overlapping windows over tokens 1-512: 1.121 nats at W = 32 (the key out of view at 80.9 % of them); 0.193 at W = 512 (out
of view at 13.9 %, more than 32 back at 50.8 %).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from posenc._validation import as_tokens, check_positive_int, check_real, check_seed

__all__ = ["Language", "make_language"]


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
    num_slots : int
        How many memory slots; each has its own ``QUERY`` token and its own `num_values` value tokens.
    num_values : int
        How many values a slot can hold.
    store_rate, query_rate : float
        The chance that an event is a store, a query.

    Examples
    --------
    >>> language = make_language(seed=0)
    >>> language.vocab_size, language.store_token, language.query_tokens[:2]
    (51, 42, array([43, 44]))
    >>> tokens = language.sample(num_streams=2, seq_len=9, seed=0)
    >>> tokens.shape, language.floor(tokens).shape
    ((2, 9), (2, 8))
    """

    emissions: np.ndarray
    transitions: np.ndarray
    stationary: np.ndarray
    num_slots: int
    num_values: int
    store_rate: float
    query_rate: float

    @property
    def num_content(self) -> int:
        return self.emissions.shape[1]

    @property
    def store_token(self) -> int:
        return self.num_content + self.num_slots * self.num_values

    @property
    def query_tokens(self) -> np.ndarray:
        """``QUERY`` for slot 0, 1, ...: ``query_tokens[j]`` asks for slot ``j``'s value."""
        return self.store_token + 1 + np.arange(self.num_slots)

    @property
    def vocab_size(self) -> int:
        return self.store_token + 1 + self.num_slots

    def value_token(self, slot: object, value: object) -> np.ndarray:
        """The token that says "slot `slot` holds `value`" (broadcasting), ``num_content + slot * num_values + value``."""
        return self.num_content + np.asarray(slot) * self.num_values + np.asarray(value)

    def _slot_of(self, tokens: np.ndarray) -> np.ndarray:
        """Per token: the slot a value token fills or a ``QUERY`` token asks for; -1 for content and ``STORE``."""
        value_slot = (tokens - self.num_content) // self.num_values
        is_value = (tokens >= self.num_content) & (tokens < self.store_token)
        return np.where(is_value, value_slot, np.where(tokens > self.store_token, tokens - self.store_token - 1, -1))

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
        rows = np.arange(num_streams)
        hidden = _draw(np.cumsum(self.stationary)[None, :], rng.random(num_streams), num_hidden)  # (num_streams,)
        memory = rng.integers(self.num_values, size=(num_streams, self.num_slots))  # every slot's value
        # the first token: a new event, the value after a STORE or the answer to a QUERY of `slot` (stationary)
        phase = _draw(
            np.cumsum([1.0, self.store_rate, self.query_rate])[None, :] / (1 + rates), rng.random(num_streams), 3
        )
        slot = rng.integers(self.num_slots, size=num_streams)
        tokens = np.empty((num_streams, seq_len), dtype=np.int64)
        for t in range(seq_len):
            coin, fresh = rng.random(num_streams), rng.integers(self.num_values, size=num_streams)
            drawn_slot = rng.integers(self.num_slots, size=num_streams)  # a STORE's slot, or a new QUERY's
            content = _draw(emit_cdf[hidden], rng.random(num_streams), self.num_content)  # (num_streams,)
            stored = phase == 1
            slot = np.where(stored, drawn_slot, slot)
            memory[rows[stored], slot[stored]] = fresh[stored]
            new = phase == 0
            tokens[:, t] = np.select(
                [new & (coin < self.store_rate), new & (coin < rates), new],
                [self.store_token, self.store_token + 1 + drawn_slot, content],
                default=self.value_token(slot, memory[rows, slot]),  # phase 1 or 2: the slot's value
            )
            is_content = new & (coin >= rates)
            hidden = np.where(is_content, _draw(step_cdf[hidden], rng.random(num_streams), num_hidden), hidden)
            asked = new & (coin >= self.store_rate) & (coin < rates)
            slot = np.where(asked, drawn_slot, slot)
            phase = np.where(tokens[:, t] == self.store_token, 1, np.where(asked, 2, 0))
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
        tokens = as_tokens(tokens, "tokens", self.vocab_size, min_len=2)
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
        >>> v = language.value_token(slot=0, value=1)  # "slot 0 holds 1"
        >>> q = language.query_tokens[0]  # asks for slot 0
        >>> language.floor([[language.store_token, v, q, v]]).round(4)  # 1 in 32 values; 1 in 80; then known
        array([[3.4657, 4.382 , 0.    ]])
        """
        tokens = as_tokens(tokens, "tokens", self.vocab_size, min_len=2)
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
            Prediction ``p`` reads a ``QUERY`` at token ``p`` and must produce its slot's value.
        distance : ndarray of int, shape (num_windows, seq_len - 1)
            ``p - q`` for the latest value token ``q < p`` of the queried slot in the window (the key), -1
            where none is in view (and at predictions that are not retrieval positions). The floor at a
            retrieval position is 0 with a key in view and ``log(num_values)`` without.

        Examples
        --------
        >>> language = make_language()
        >>> s, (q0, q1) = language.store_token, language.query_tokens[:2]
        >>> a, b = language.value_token(0, 2), language.value_token(1, 3)  # slot 0 holds 2; slot 1 holds 3
        >>> is_retrieval, distance = language.retrieval([[q1, b, s, a, 0, q1, b, q0, a]])
        >>> is_retrieval.astype(int), distance  # the first QUERY's key is out of view; then 4 back (b), 4 back (a)
        (array([[1, 0, 0, 0, 0, 1, 0, 1]]), array([[-1, -1, -1, -1, -1,  4, -1,  4]]))
        """
        tokens = as_tokens(tokens, "tokens", self.vocab_size, min_len=2)
        positions = np.arange(tokens.shape[1])
        slot = self._slot_of(tokens)
        is_value = (tokens >= self.num_content) & (tokens < self.store_token)
        is_retrieval = tokens[:, :-1] > self.store_token
        distance = np.full(is_retrieval.shape, -1)
        for j in range(self.num_slots):  # the latest value token of slot j at or before p (before p: p is a QUERY)
            last = np.maximum.accumulate(np.where(is_value & (slot == j), positions, -1), axis=1)[:, :-1]
            asks = is_retrieval & (slot[:, :-1] == j) & (last >= 0)
            distance[asks] = (positions[:-1] - last)[asks]
        return is_retrieval, distance

    def _predictions(self, tokens: np.ndarray) -> Iterator[tuple[int, np.ndarray]]:
        """Yield ``(p, probs of shape (num_windows, vocab_size))`` for each prediction ``p`` of the windows."""
        count, rates = len(tokens), self.store_rate + self.query_rate
        rows = np.arange(count)
        belief = np.tile(self.stationary, (count, 1))  # (w, num_hidden): the next content token's hidden state
        memory = np.full((count, self.num_slots, self.num_values), 1.0 / self.num_values)  # (w, slots, values)
        values = slice(self.num_content, self.store_token)
        for t in range(tokens.shape[1] - 1):
            x = tokens[:, t]  # (w,)
            slot = self._slot_of(x)
            content = x < self.num_content
            seen = belief[content] * self.emissions[:, x[content]].T  # (c, num_hidden): emitted it
            belief[content] = (seen / seen.sum(axis=1, keepdims=True)) @ self.transitions
            is_value = (x >= self.num_content) & (x < self.store_token)
            memory[rows[is_value], slot[is_value]] = np.eye(self.num_values)[
                (x - self.num_content)[is_value] % self.num_values
            ]
            probs = np.zeros((count, self.vocab_size))  # (w, vocab_size)
            probs[:, : self.num_content] = (1.0 - rates) * belief @ self.emissions
            probs[:, self.store_token] = self.store_rate
            probs[:, self.store_token + 1 :] = self.query_rate / self.num_slots
            after_store, after_query = x == self.store_token, x > self.store_token
            probs[after_store | after_query] = 0.0
            probs[after_store, values] = 1.0 / (self.num_slots * self.num_values)
            asked = rows[after_query]  # their slot's values get its memory
            columns = self.value_token(slot[asked][:, None], np.arange(self.num_values))  # (a, num_values)
            probs[asked[:, None], columns] = memory[asked, slot[asked]]
            yield t, probs


def _draw(cdf: np.ndarray, uniform: np.ndarray, size: int) -> np.ndarray:
    """Row by row, the index that a uniform number picks from a cumulative distribution (inverse transform)."""
    return np.minimum((uniform[:, None] >= cdf).sum(axis=1), size - 1)


def make_language(
    seed: int = 0,
    *,
    num_topics: int = 4,
    cycle: int = 3,
    num_content: int = 10,
    num_slots: int = 8,
    num_values: int = 4,
    advance: float = 0.9,
    switch_rate: float = 1 / 100,
    concentration: float = 0.15,
    store_rate: float = 1 / 40,
    query_rate: float = 1 / 10,
) -> Language:
    """The course's synthetic language (defaults: 51 tokens), with seeded emissions.

    Parameters
    ----------
    seed : int, default 0
        Seed of the emission distributions (each drawn from a symmetric Dirichlet).
    num_topics, cycle : int, default 4 and 3
        Hidden states: `num_topics` topics of `cycle` states each.
    num_content : int, default 10
        How many content tokens.
    num_slots, num_values : int, default 8 and 4
        How many memory slots, and how many values each can hold: ``num_slots * num_values`` value tokens;
        the vocabulary adds ``STORE`` and one ``QUERY`` per slot.
    advance : float, default 0.9
        Within a topic, the chance of stepping to the next state of its cycle; otherwise a
        state of the cycle is drawn uniformly.
    switch_rate : float, default 1/100
        The chance per content token of moving to another topic (uniformly, at a uniform state).
    concentration : float, default 0.15
        The Dirichlet's parameter: smaller makes each state favour fewer tokens.
    store_rate, query_rate : float, default 1/40 and 1/10
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
    num_slots = check_positive_int(num_slots, "num_slots")
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
    return Language(emissions, transitions, stationary, num_slots, num_values, store_rate, query_rate)
