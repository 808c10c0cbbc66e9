"""Decoding of `anon_crf`'s sequences into scored spans: the Viterbi tags, the recall knobs that add
tokens by their marginal probability (`entity_threshold`: `raise_recall`; `extend_threshold`:
`extend_spans`), and each span's score (the mean marginal of its tokens).

Two decoders give the same spans and scores: `decode_with_crfsuite` asks python-crfsuite's tagger,
`decode_plans` reads the numpy inference's path and marginals (`spacy_anon.tagger.crf_inference`).
"""
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

import numpy as np

from spacy_anon.tagger.crf_inference import EmissionCache, decode
from spacy_anon.tagger.crf_sequences import DocPlan
from spacy_anon.tagger.features import biluo_to_bio, bio_to_spans
from spacy_anon.tagger.span_filters.base import Scored


def raise_recall(
    tagger, tags: List[str], labels: List[str], threshold: float, words: Optional[Sequence[str]] = None
) -> List[str]:
    """Tag tokens the Viterbi path left "O" whose probability of being in an entity is >= threshold.

    The label is the most probable non-O tag's label; B-/I- follow the previous token (B- when the
    model has no I- tag for the label, e.g. a label only ever seen on one token). Tokens without a
    letter or digit (punctuation) are never added, so the knob does not stretch span boundaries.
    """
    out = list(tags)
    for i, tag in enumerate(tags):
        if tag != "O" or 1.0 - tagger.marginal("O", i) < threshold:
            continue
        if words is not None and not any(ch.isalnum() for ch in words[i]):
            continue
        best = max(labels, key=lambda y: tagger.marginal(y, i))
        label = best[2:]
        prev = out[i - 1] if i else "O"
        # the CRF may lack I-<label> (L-<label> in BILUO)
        inside = prev != "O" and prev[2:] == label and ("I-" + label in labels or "L-" + label in labels)
        out[i] = ("I-" if inside else "B-") + label
    return out


def extend_spans(
    tagger, tags: List[str], labels: List[str], threshold: float, words: Optional[Sequence[str]] = None
) -> List[str]:
    """Grow entity runs over neighbouring "O" tokens whose probability of being in an entity is >= threshold.

    Hysteresis decoding: `entity_threshold` decides where an entity may start; this lower threshold only
    lengthens entities already found ("the night prior to [the attack]"), so it adds no lone
    low-confidence spans. A grown token takes its neighbour's label; punctuation is never added.
    """
    out = list(tags)

    def inside_tag(label: str) -> str:
        return ("I-" if "I-" + label in labels or "L-" + label in labels else "B-") + label

    def eligible(i: int) -> bool:
        if out[i] != "O" or 1.0 - tagger.marginal("O", i) < threshold:
            return False
        return words is None or any(ch.isalnum() for ch in words[i])

    for i in range(1, len(out)):  # rightwards: continue the run on the left
        if out[i - 1] != "O" and eligible(i):
            out[i] = inside_tag(out[i - 1][2:])
    for i in range(len(out) - 2, -1, -1):  # leftwards: the token opens the run on its right
        if out[i + 1] != "O" and eligible(i):
            label = out[i + 1][2:]
            out[i] = "B-" + label
            out[i + 1] = inside_tag(label)
    return out


def raise_recall_at(
    tagger, tags: List[str], labels: List[str], candidates: Iterable[int], words: Optional[Sequence[str]] = None
) -> List[str]:
    """`raise_recall` where the tokens that pass its threshold test ("O" tokens whose probability of
    being in an entity reaches it) are known already (`candidates`, in order): the same tags."""
    out = list(tags)
    tag_set = set(labels)
    for i in candidates:
        if words is not None and not any(ch.isalnum() for ch in words[i]):
            continue
        best = tagger.best(labels, i) if hasattr(tagger, "best") else max(labels, key=lambda y: tagger.marginal(y, i))
        label = best[2:]
        prev = out[i - 1] if i else "O"
        inside = prev != "O" and prev[2:] == label and ("I-" + label in tag_set or "L-" + label in tag_set)
        out[i] = ("I-" if inside else "B-") + label
    return out


class ArrayMarginals:
    """`marginal(tag, i)` over a sequence's marginals computed in numpy (what `raise_recall` and
    `extend_spans` ask python-crfsuite's tagger)."""

    def __init__(self, prob: np.ndarray, columns: Dict[str, int]):
        self.prob = prob
        self.columns = columns

    def marginal(self, tag: str, i: int) -> float:
        return float(self.prob[i, self.columns[tag]])

    def best(self, tags: Sequence[str], i: int) -> str:
        """The most probable of `tags` at token i (the first of equals, as `max` gives)."""
        return tags[int(np.argmax(self.prob[i, [self.columns[t] for t in tags]]))]


def entity_tags_of(tag_names: Sequence[str]) -> Tuple[List[str], Dict[str, List[str]]]:
    """(the non-O tags in the model's order, {label: its tags})."""
    tags = [t for t in tag_names if t != "O"]
    by_label: Dict[str, List[str]] = {}
    for tag in tags:
        by_label.setdefault(tag[2:], []).append(tag)
    return tags, by_label


def decode_with_crfsuite(
    tagger,
    sequences: Iterable[Tuple[List[int], List[List[str]]]],
    texts: Sequence[str],
    labels: List[str],
    label_tags: Dict[str, List[str]],
    *,
    entity_threshold: float,
    extend_threshold: float,
    biluo: bool,
) -> List[Scored]:
    """Scored spans of a doc's sequences ((token indices, feature lists) each) by python-crfsuite's
    tagger; `texts`: the doc's token texts; `labels`, `label_tags`: the tagger's `entity_tags_of`."""
    threshold = entity_threshold
    extend = extend_threshold
    result = []
    for seq, feats in sequences:
        tags = tagger.tag(feats)
        if biluo:
            tags = biluo_to_bio(tags)
        if threshold > 0 or extend > 0:
            words = [texts[i] for i in seq]
            if threshold > 0:
                tags = raise_recall(tagger, tags, labels, threshold, words)
            if extend > 0:
                tags = extend_spans(tagger, tags, labels, extend, words)
        for start, end, label in bio_to_spans(tags):
            if biluo:  # P(the token is in an entity of this label), whatever its position tag
                probs = [sum(tagger.marginal(t, i) for t in label_tags[label]) for i in range(start, end)]
            else:
                probs = [tagger.marginal(tags[i], i) for i in range(start, end)]
            result.append((seq[start], seq[end - 1] + 1, label, sum(probs) / len(probs)))
    return result


def decode_plans(
    cache: EmissionCache,
    plans: Sequence[DocPlan],
    *,
    entity_threshold: float,
    extend_threshold: float,
    biluo: bool,
) -> List[List[Scored]]:
    """Scored spans of each doc (`crf_sequences.doc_plan`) by the numpy inference: the sequences of all
    docs decoded together (one numpy step per position of the longest sequence), the same spans and
    scores as `decode_with_crfsuite`."""
    if not any(plan.words for plan in plans):
        return [[] for _ in plans]

    def joined(field: str, empty: Any = None) -> Optional[List[Any]]:
        """A field over all docs; a doc without it (no lemmas, no extra features) gives `empty` per
        token, which builds the same features as no value."""
        values = [(getattr(plan, field), len(plan.words)) for plan in plans if plan.words]
        if all(v is None for v, _ in values):
            return None
        return [x for v, n in values for x in (v if v is not None else [empty] * n)]

    lengths = [n for plan in plans for n in plan.lengths]
    emissions = cache.emissions(
        joined("words"), lengths, np.concatenate([plan.spaced for plan in plans]), joined("span_tags"),
        lemmas=joined("lemmas", ""), pos=joined("pos", ""), extra=joined("extra", ()),
    )
    path, prob = decode(emissions, lengths, cache.weights.transitions)
    tag_names = cache.weights.labels
    columns = {tag: c for c, tag in enumerate(tag_names)}
    outside = columns.get("O", -1)
    threshold = entity_threshold
    wanted = path != outside
    if threshold > 0:  # "O" tokens that raise_recall looks at: their P(entity) reaches the threshold
        candidate = ~wanted & (1.0 - prob[:, outside] >= threshold)
        wanted |= candidate
    else:
        candidate = np.zeros(len(path), dtype=bool)
    if extend_threshold > 0:
        wanted[:] = True
    out: List[List[Scored]] = []
    offset = 0
    for plan in plans:
        result: List[Scored] = []
        idx = plan.indices
        start = 0
        for n in plan.lengths:
            a, b = offset + start, offset + start + n
            if wanted[a:b].any():
                result.extend(sequence_spans(
                    idx[start:start + n].tolist(), plan.words[start:start + n], path[a:b], prob[a:b],
                    np.flatnonzero(candidate[a:b]).tolist(), tag_names, columns,
                    extend_threshold=extend_threshold, biluo=biluo))
            start += n
        offset += start
        out.append(result)
    return out


def sequence_spans(seq: List[int], words: List[str], path: np.ndarray, prob: np.ndarray, raise_at: List[int],
                   tag_names: Sequence[str], columns: Dict[str, int], *, extend_threshold: float,
                   biluo: bool) -> List[Scored]:
    """Scored spans of one sequence (doc token indices `seq`) from its Viterbi path and marginals (label
    indices, (n, L)); `raise_at`: the tokens `raise_recall` considers."""
    extend = extend_threshold
    tags = [tag_names[c] for c in path.tolist()]
    if biluo:
        tags = biluo_to_bio(tags)
    marginals = ArrayMarginals(prob, columns)
    labels, label_tags = entity_tags_of(tag_names)
    if raise_at:
        tags = raise_recall_at(marginals, tags, labels, raise_at, words)
    if extend > 0:
        tags = extend_spans(marginals, tags, labels, extend, words)
    result = []
    for start, end, label in bio_to_spans(tags):
        if biluo:  # P(the token is in an entity of this label), whatever its position tag
            cols = [columns[t] for t in label_tags[label]]
            probs = [float(sum(prob[i, c] for c in cols)) for i in range(start, end)]
        else:
            probs = [float(prob[i, columns[tags[i]]]) for i in range(start, end)]
        result.append((seq[start], seq[end - 1] + 1, label, sum(probs) / len(probs)))
    return result
