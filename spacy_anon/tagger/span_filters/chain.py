"""The span filters `anon_crf` is configured with, as one chain: applied in order to the decoded spans,
learning from the training examples, and their learned state saved and loaded by filter name."""
from typing import TYPE_CHECKING, Any, Dict, List, Mapping

from spacy.tokens import Doc

from spacy_anon.tagger.span_filters.base import Scored, SpanFilter, TokenArrays, forget_rows
from spacy_anon.tagger.span_filters.boundary_repair import RepairBoundaries

if TYPE_CHECKING:  # the component imports the filters, not the other way round
    from spacy.training import Example

    from spacy_anon.tagger.crf_component import CRFTagger

SpanFilters = Mapping[str, SpanFilter]


def apply_span_filters(span_filters: SpanFilters, doc: Doc, tokens: TokenArrays, spans: List[Scored],
                       tagger: "CRFTagger") -> List[Scored]:
    """The spans after every filter, in the configured order, each on what the previous one returned."""
    try:
        for span_filter in span_filters.values():
            spans = span_filter(doc, tokens, spans, tagger)
    finally:
        forget_rows(doc)
    return spans


def learn_span_filters(span_filters: SpanFilters, examples: List["Example"], tagger: "CRFTagger") -> None:
    """Let each filter that learns (has `initialize`) learn from the training examples."""
    for span_filter in span_filters.values():
        learn = getattr(span_filter, "initialize", None)
        if learn is not None:
            learn(examples, tagger=tagger)


def span_filter_state(span_filters: SpanFilters) -> Dict[str, Any]:
    """What the span filters learned, by filter name (filters with nothing to save left out)."""
    state = {}
    for name, span_filter in span_filters.items():
        to_dict = getattr(span_filter, "to_dict", None)
        data = to_dict() if to_dict is not None else {}
        if data:
            state[name] = data
    return state


def load_span_filter_state(span_filters: SpanFilters, state: Dict[str, Any]) -> None:
    """Give each configured filter what it learned (state of filters no longer configured is unused)."""
    for name, data in state.items():
        span_filter = span_filters.get(name)
        if span_filter is not None and hasattr(span_filter, "from_dict"):
            span_filter.from_dict(data)


def load_legacy_boundaries(span_filters: SpanFilters, words: Dict[str, Any]) -> None:
    """The boundary words of a pipeline saved before span filters: the repair_boundaries filter's state."""
    for span_filter in span_filters.values():
        if isinstance(span_filter, RepairBoundaries):
            span_filter.from_dict(words)
