"""A token classifier on contextual vectors, and what the CRF does with its scores.

The classifier is a one-hidden-layer perceptron over a token's contextual vector, its neighbours'
vectors and a few case flags (MiniLM is uncased). It is fitted with scikit-learn and applied with numpy
from plain weight arrays, so a saved pipeline holds numbers, not pickles. `entity_score` is
P(token is inside a span); the CRF can veto its spans where no token scores above a floor
(`veto_spans`), and the component proposes the tokens it is sure of (`confident_runs`).
"""
from typing import Dict, List, Optional, Sequence, Tuple

import numpy

from spacy_anon.errors import Errors

OUTSIDE = "O"
FLAG_SCALE = 2.0  # flags in {0, 2}: on the scale of the hidden states' larger components


def case_flags(words: Sequence[str]) -> numpy.ndarray:
    """(n, 7) flags: title case, upper case (2+ letters), all digits, has a digit, punctuation, lower
    case, first word after a full stop or a line break."""
    # each distinct word is looked at once: a document repeats most of its words
    kinds: Dict[str, int] = {}
    index = numpy.fromiter((kinds.setdefault(w, len(kinds)) for w in words), dtype=numpy.int64, count=len(words))
    rows = [
        [w[:1].isupper() and w[1:].islower(), w.isupper() and sum(c.isalpha() for c in w) > 1, w.isdigit(),
         any(c.isdigit() for c in w), bool(w) and not any(c.isalnum() for c in w), w.islower(),
         w == "." or "\n" in w]
        for w in kinds
    ]
    table = numpy.asarray(rows, dtype=numpy.float32).reshape(len(kinds), 7)
    flags = table[index]
    # the last flag is the previous word's (a line break before the first word)
    flags[:, 6] = numpy.concatenate([[1.0], table[index[:-1], 6]]) if len(words) else flags[:, 6]
    return flags * FLAG_SCALE


def token_inputs(vectors: numpy.ndarray, words: Sequence[str]) -> numpy.ndarray:
    """Classifier input per token: own vector, previous and next token's vectors, case flags."""
    vectors = numpy.asarray(vectors, dtype=numpy.float32)
    zero = numpy.zeros((1, vectors.shape[1]), dtype=numpy.float32)
    prev = numpy.vstack([zero, vectors[:-1]]) if len(vectors) else vectors
    nxt = numpy.vstack([vectors[1:], zero]) if len(vectors) else vectors
    return numpy.hstack([vectors, prev, nxt, case_flags(words)])


class TokenClassifier:
    """Weights of a ReLU perceptron and its class names ("O" and the span labels)."""

    def __init__(self, weights: Sequence[numpy.ndarray], biases: Sequence[numpy.ndarray], classes: Sequence[str]):
        if len(weights) != len(biases) or not weights:
            raise ValueError(Errors.E504)
        self.weights = [numpy.asarray(w, dtype=numpy.float32) for w in weights]
        self.biases = [numpy.asarray(b, dtype=numpy.float32) for b in biases]
        self.classes = list(classes)
        self._blocks: Optional[numpy.ndarray] = None  # the first layer's vector blocks side by side, made once
        if OUTSIDE not in self.classes:
            raise ValueError(Errors.E505.format(outside=OUTSIDE, classes=self.classes))

    @classmethod
    def fit(cls, inputs: numpy.ndarray, labels: Sequence[str], hidden: int = 256, max_iter: int = 30,
            seed: int = 0, early_stopping: bool = True) -> "TokenClassifier":
        """Fit on (n, d) inputs and their labels ("O" outside spans); with early_stopping, 10% are held
        out and training stops when their accuracy stops improving."""
        from sklearn.neural_network import MLPClassifier

        labels = list(labels)
        kinds = sorted(set(labels))
        if OUTSIDE not in kinds or len(kinds) < 2:
            raise ValueError(Errors.E506)
        model = MLPClassifier((hidden,), max_iter=max_iter, early_stopping=early_stopping, random_state=seed)
        model.fit(inputs, labels)
        return cls(model.coefs_, model.intercepts_, [str(c) for c in model.classes_])

    def probabilities(self, inputs: numpy.ndarray) -> numpy.ndarray:
        """(n, n_classes) class probabilities."""
        h = numpy.asarray(inputs, dtype=numpy.float32)
        return self._output(h @ self.weights[0] + self.biases[0])

    def _output(self, out: numpy.ndarray) -> numpy.ndarray:
        """Class probabilities from the first layer's outputs before its activation."""
        for w, b in zip(self.weights[1:], self.biases[1:]):
            out = numpy.maximum(out, 0.0) @ w + b
        if out.shape[1] == 1:  # scikit-learn's binary case: one logistic output for classes[1]
            p = 1.0 / (1.0 + numpy.exp(-out[:, 0]))
            return numpy.stack([1.0 - p, p], axis=1)
        out = out - out.max(axis=1, keepdims=True)
        e = numpy.exp(out)
        return e / e.sum(axis=1, keepdims=True)

    def token_probabilities(self, vectors: numpy.ndarray, flags: numpy.ndarray,
                            rows: Optional[numpy.ndarray] = None) -> numpy.ndarray:
        """`probabilities(token_inputs(vectors, words)[rows])` without building the inputs.

        The first layer is linear in each input block, so its weight matrix is split by block (own vector,
        previous, next, flags): every token's vector is projected once onto the three vector blocks
        (n x dim @ dim x 3H), and a token's pre-activation adds its own projection, its neighbours' shifted
        ones and its flags'. Same sums as the joined inputs (in another order: float32 rounding apart), without
        an (n, 3 dim + 7) array and its row copy. float64 vectors are computed in float64.
        """
        vectors = numpy.asarray(vectors)
        if vectors.dtype != numpy.float64:
            vectors = vectors.astype(numpy.float32, copy=False)
        dim = vectors.shape[1]
        first = self.weights[0]
        if first.shape[0] != 3 * dim + flags.shape[1]:
            raise ValueError(Errors.E507.format(shape=first.shape[0], dim=dim, shape2=flags.shape[1]))
        hidden = first.shape[1]
        blocks = self._vector_blocks(dim)
        projected = vectors @ blocks.astype(vectors.dtype, copy=False)  # (n, 3H): own, as previous, as next
        h = projected[:, :hidden] + flags.astype(vectors.dtype, copy=False) @ first[3 * dim:] + self.biases[0]
        h[1:] += projected[:-1, hidden:2 * hidden]  # the previous token's vector (none for the first)
        h[:-1] += projected[1:, 2 * hidden:]  # the next token's (none for the last)
        if rows is not None and len(rows) != len(h):
            h = h[rows]
        return self._output(h)

    def _vector_blocks(self, dim: int) -> numpy.ndarray:
        """(dim, 3H): the first layer's weights for the own, previous and next vector side by side (kept)."""
        cached = self._blocks
        if cached is None or cached.shape[0] != dim:
            first = self.weights[0]
            cached = numpy.ascontiguousarray(numpy.hstack([first[:dim], first[dim:2 * dim], first[2 * dim:3 * dim]]))
            self._blocks = cached
        return cached

    def entity_scores(self, inputs: numpy.ndarray) -> Tuple[numpy.ndarray, List[str]]:
        """(P(not O) per token, most likely span label per token)."""
        return self._entity_scores(self.probabilities(inputs))

    def token_entity_scores(self, vectors: numpy.ndarray, flags: numpy.ndarray,
                            rows: Optional[numpy.ndarray] = None) -> Tuple[numpy.ndarray, List[str]]:
        """`entity_scores` from the vectors and flags of all a document's tokens, for its `rows`."""
        return self._entity_scores(self.token_probabilities(vectors, flags, rows))

    def _entity_scores(self, probs: numpy.ndarray) -> Tuple[numpy.ndarray, List[str]]:
        outside = self.classes.index(OUTSIDE)
        span_probs = probs.copy()
        span_probs[:, outside] = -1.0
        labels = [self.classes[j] for j in span_probs.argmax(axis=1)] if len(self.classes) > 1 else []
        return 1.0 - probs[:, outside], labels

    def to_dict(self) -> Dict:
        return {"weights": self.weights, "biases": self.biases, "classes": self.classes}

    @classmethod
    def from_dict(cls, data: Dict) -> "TokenClassifier":
        return cls(data["weights"], data["biases"], data["classes"])


def confident_runs(scores: Sequence[Optional[float]], labels: Sequence[str], threshold: float
                   ) -> List[Tuple[int, int, str, float]]:
    """(start, end, label, mean score) runs of adjacent tokens of one label scoring >= threshold."""
    runs: List[Tuple[int, int, str, float]] = []
    start = None
    for i in range(len(scores) + 1):
        ok = i < len(scores) and scores[i] is not None and scores[i] >= threshold
        if start is not None and (not ok or labels[i] != labels[start]):
            runs.append((start, i, labels[start], float(numpy.mean(scores[start:i]))))
            start = None
        if ok and start is None:
            start = i
    return runs


def veto_spans(spans: Sequence[Tuple], scores: Sequence[Optional[float]], floor: float) -> List[Tuple]:
    """Spans (start, end, ...) but those where every token with a score scores below `floor`.

    A span without any scored token (only spaces or characters the encoder skips) is kept.
    """
    kept = []
    for span in spans:
        inside = [scores[i] for i in range(span[0], span[1]) if scores[i] is not None]
        if inside and max(inside) < floor:
            continue
        kept.append(span)
    return kept
