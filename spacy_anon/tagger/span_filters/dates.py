"""Filters on date spans: date-shaped chunks the CRF missed or cut, and number groups it took for dates."""
import re
from typing import List

from spacy.tokens import Doc
from spacy.util import registry

from spacy_anon.errors import Errors
from spacy_anon.tagger.clinical_postprocess import implausible_date
from spacy_anon.tagger.features import date_shape
from spacy_anon.tagger.span_filters.base import Scored, SpanFilter, TokenArrays

_OUTER_PUNCT = "()[]{}.,;:¿?¡!\"'"


def fill_dates(doc: Doc, spans: List[Scored], label: str) -> List[Scored]:
    """Make every date-shaped whitespace chunk (outer punctuation left out) a `label` span.

    Predictions lying inside the chunk (a partial date, "25-3" of "25-3-10") give way to it; a chunk
    inside or across a longer prediction is left alone. On MEDDOCAN train, 974 of 976 such chunks are
    dates, but the CRF misses a format it rarely saw ("22-10-04").
    """
    out = list(spans)
    for match in re.finditer(r"\S+", doc.text):
        chunk = match.group()
        if not date_shape(chunk):
            continue
        core = chunk.strip(_OUTER_PUNCT)
        start_char = match.start() + chunk.index(core)
        span = doc.char_span(start_char, start_char + len(core))
        if span is None:
            continue
        inside = [s for s in out if s[0] < span.end and span.start < s[1]]
        if any(s[0] < span.start or s[1] > span.end for s in inside):
            continue
        out = [s for s in out if s not in inside]
        score = max((s[3] for s in inside), default=1.0)
        out.append((span.start, span.end, label, score))
    out.sort()
    return out


class DateChunks(SpanFilter):
    """Every whitespace-delimited chunk shaped like a date ("22-10-04", "enero-04"; see
    `features.date_shape`) becomes a span of `label` (a CRF label), replacing predictions inside it
    (partial dates); chunks inside a longer prediction are left alone (`fill_dates`)."""

    def __init__(self, label: str):
        if not label:
            raise ValueError(Errors.E610.format(value=label))
        self.label = label

    def __call__(self, doc: Doc, tokens: TokenArrays, spans: List[Scored], tagger) -> List[Scored]:
        return fill_dates(doc, spans, self.label)


class DropImplausibleDates(SpanFilter):
    """Spans whose output label is `label` go when they lie in a slashed number group that cannot be a
    date ("129/78", "7.42/56/96", pain "8/10"; `clinical_postprocess.implausible_date`)."""

    def __init__(self, label: str = "DATETIME"):
        self.label = label

    def __call__(self, doc: Doc, tokens: TokenArrays, spans: List[Scored], tagger) -> List[Scored]:
        texts = tokens[0]
        text = doc.text  # built by joining the tokens: once per doc, not once per date
        return [s for s in spans if tagger.output_label(s[2]) != self.label or implausible_date(
            text, doc[s[0]].idx, doc[s[1] - 1].idx + len(texts[s[1] - 1])) is None]


@registry.misc("spacy_anon.date_chunks.v1")
def make_date_chunks(label: str) -> DateChunks:
    return DateChunks(label)


@registry.misc("spacy_anon.drop_implausible_dates.v1")
def make_drop_implausible_dates(label: str = "DATETIME") -> DropImplausibleDates:
    return DropImplausibleDates(label)
