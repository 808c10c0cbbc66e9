"""The one way detectors add candidates to `doc.spans["anon"]`: append, never drop others' spans."""
from typing import Dict, Iterable, List, Optional, Tuple

from spacy.tokens import Doc, Span


def append_candidates(doc: Doc, key: str, spans: Iterable[Span]) -> None:
    """Append spans to `doc.spans[key]` (created if missing), keeping what other detectors put there."""
    spans = list(spans)
    if key not in doc.spans:
        doc.spans[key] = spans
        return
    group = doc.spans[key]
    for span in spans:
        group.append(span)


def scored_token_spans(
    doc: Doc, items: Iterable[Tuple[int, int, str, float]], source: str,
    label_map: Optional[Dict[str, str]] = None, min_score: float = float("-inf"),
) -> List[Span]:
    """Spans for (start token, end token, label, score) predictions, with source and score set; the
    span's label is `label_map`'s category, its `span._.anon_type` the predicted label itself."""
    label_map = label_map or {}
    spans = []
    for start, end, label, score in items:
        if score < min_score:
            continue
        span = Span(doc, start, end, label=label_map.get(label, label))
        span._.anon_source = source
        span._.anon_type = label  # the learned (corpus) label survives the mapping to a category
        span._.anon_score = float(score)
        spans.append(span)
    return spans


class FreeTokens:
    """The tokens of a doc no mention holds yet: a span found by its characters (a name's later
    occurrence, a variant of a mention) is added only where no other mention already stands."""

    def __init__(self, doc: Doc, mentions: Iterable[Span]) -> None:
        self.doc = doc
        self.taken = bytearray(len(doc) + 1)
        for span in mentions:
            self.taken[span.start:span.end] = b"\x01" * (span.end - span.start)

    def claim(self, start: int, end: int, label: str) -> Optional[Span]:
        """The span over characters start..end (grown to whole tokens) marked taken, or None when it does
        not align with tokens or overlaps a taken token."""
        span = self.doc.char_span(start, end, label=label, alignment_mode="expand")
        if span is None or self.taken.find(1, span.start, span.end) != -1:
            return None
        self.taken[span.start:span.end] = b"\x01" * (span.end - span.start)
        return span
