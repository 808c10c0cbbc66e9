"""A minimum span score per label: a recall threshold for some labels only.

`entity_threshold` lowers the bar for every label at once. Persons are what anonymization must not leak,
while a place or a date tagged at a low marginal is more often a false alarm; the spans the threshold adds
score their tokens' mean marginal, most of them below 0.5, so a per-label minimum after decoding keeps the
low threshold for the labels left out of it and about the precision of Viterbi decoding for the others.
"""
from typing import Dict, List, Sequence

from spacy.tokens import Doc
from spacy.util import registry

from spacy_anon.errors import Errors
from spacy_anon.tagger.span_filters.base import Scored, SpanFilter, TokenArrays


def label_min_scores(spans: Sequence[Scored], min_scores: Dict[str, float]) -> List[Scored]:
    """spans without those scoring below their label's minimum (`min_scores`; other labels kept)."""
    return [span for span in spans if span[3] >= min_scores.get(span[2], 0.0)]


class LabelMinScores(SpanFilter):
    """Spans of a label in `min_scores` (the CRF's labels, before `label_map`) whose score is below its
    minimum are dropped (`label_min_scores`). Put it before propagation, so a dropped span does not
    spread either."""

    def __init__(self, min_scores: Dict[str, float]):
        for label, value in min_scores.items():
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0:
                raise ValueError(Errors.E620.format(label=label, value=value))
        self.min_scores = dict(min_scores)

    def __call__(self, doc: Doc, tokens: TokenArrays, spans: List[Scored], tagger) -> List[Scored]:
        return label_min_scores(spans, self.min_scores)


@registry.misc("spacy_anon.label_min_scores.v1")
def make_label_min_scores(min_scores: Dict[str, float]) -> LabelMinScores:
    return LabelMinScores(min_scores)
