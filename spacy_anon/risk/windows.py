"""Sliding windows over a document and the document-level decision (Manzanares-Salor, §3.3.3, §3.3.5).

A document longer than a window is split into windows of `size` tokens, each overlapping the previous
one by `overlap` tokens (stride = size - overlap), so every token but the first and last sees context on
both sides in some window. The document's prediction is the argmax of the SUM of its windows' raw
scores (logits or decision values): one confident window (a leaked surname) outweighs many unsure
ones, which a vote or a sum of probabilities would not allow.
"""
from typing import List, Sequence, Tuple

import numpy

from spacy_anon.errors import Errors


def sliding_windows(n_tokens: int, size: int = 100, overlap: int = 25) -> List[Tuple[int, int]]:
    """[start, end) of each window over `n_tokens` tokens; an empty document has one empty window."""
    if size <= overlap or overlap < 0:
        raise ValueError(Errors.E856.format(window=size, overlap=overlap))
    if n_tokens <= size:
        return [(0, n_tokens)]
    stride = size - overlap
    out = []
    start = 0
    while True:
        end = min(start + size, n_tokens)
        out.append((start, end))
        if end >= n_tokens:
            return out
        start += stride


def split_tokens(tokens: Sequence, size: int = 100, overlap: int = 25) -> List[Sequence]:
    """The windows of a token sequence (lists, strings of ids...)."""
    return [tokens[s:e] for s, e in sliding_windows(len(tokens), size, overlap)]


def aggregate_windows(window_scores, doc_of_window: Sequence[int], n_docs: int) -> numpy.ndarray:
    """(n_docs, n_classes): the element-wise sum of the scores of each document's windows."""
    scores = numpy.asarray(window_scores, dtype=float)
    out = numpy.zeros((n_docs, scores.shape[1]), dtype=float)
    numpy.add.at(out, numpy.asarray(doc_of_window, dtype=int), scores)
    return out


def predict_documents(window_scores, doc_of_window: Sequence[int], n_docs: int) -> numpy.ndarray:
    """Index of the predicted class of each document: argmax of its summed window scores."""
    return aggregate_windows(window_scores, doc_of_window, n_docs).argmax(axis=1)


def standardize_scores(document_scores) -> numpy.ndarray:
    """Each document's row of class scores as z-scores over the classes (a constant row becomes zeros).

    Summed SVM decision values and summed logits live on unrelated scales (and grow with the number of
    windows); z-scores put two scorers on one scale before they are mixed, without changing either's argmax.
    """
    scores = numpy.asarray(document_scores, dtype=float)
    centred = scores - scores.mean(axis=1, keepdims=True)
    spread = scores.std(axis=1, keepdims=True)
    return numpy.divide(centred, spread, out=numpy.zeros_like(centred), where=spread > 0)


def mix_scores(wide_scores, deep_scores, weight: float) -> numpy.ndarray:
    """weight * z(wide) + (1 - weight) * z(deep): the wide-and-deep document scores (weight 1: wide only)."""
    return weight * standardize_scores(wide_scores) + (1.0 - weight) * standardize_scores(deep_scores)


def pick_weight(weights: Sequence[float], accuracies: Sequence[float], prefer: float = 0.5) -> float:
    """The weight of best accuracy; among equals, the one nearest `prefer` (an even mix when nothing tells
    the parts apart)."""
    best = max(accuracies)
    return min((abs(w - prefer), w) for w, a in zip(weights, accuracies) if a == best)[1]
