"""Helpers shared by the tagger components: gold spans of an Example on its predicted tokens."""
from typing import Callable, Dict, Iterable, List, Optional, Tuple

from spacy.language import Language
from spacy.tokens import Doc, Span
from spacy.training import Example

from spacy_anon.labels import SPAN_KEY

Span3 = Tuple[int, int, str]


def gold_char_spans(reference: Doc, gold_key: str) -> List[Tuple[int, int, str]]:
    """Gold (start_char, end_char, label) from `reference.spans[gold_key]`, else from `reference.ents`."""
    spans = reference.spans[gold_key] if gold_key in reference.spans else reference.ents
    return [(s.start_char, s.end_char, s.label_) for s in spans]


def char_spans_to_tokens(doc: Doc, char_spans: Iterable[Tuple[int, int, str]], strict: bool = False) -> List[Span3]:
    """Token spans of `doc` covering character spans ("expand" alignment unless `strict`)."""
    mode = "strict" if strict else "expand"
    result: List[Span3] = []
    for start, end, label in char_spans:
        span = doc.char_span(start, end, label=label, alignment_mode=mode)
        if span is not None and len(span):
            result.append((span.start, span.end, label))
    return result


def example_gold_tokens(eg: Example, gold_key: str, strict: bool = False) -> List[Span3]:
    """Gold spans of an Example expressed on its predicted tokens."""
    return char_spans_to_tokens(eg.predicted, gold_char_spans(eg.reference, gold_key), strict=strict)


def upstream_runner(nlp: Optional[Language], name: str) -> Callable[[Doc], Doc]:
    """A function that runs the components placed before `name` in `nlp` over a doc."""
    if nlp is None or name not in nlp.pipe_names:
        return lambda doc: doc
    procs = []
    for pipe_name, proc in nlp.pipeline:
        if pipe_name == name:
            break
        procs.append(proc)

    def run(doc: Doc) -> Doc:
        for proc in procs:
            doc = proc(doc)
        return doc

    return run


def span_group_getter(gold_key: str, spans_key: str, source: Optional[str] = None,
                      label_map: Optional[Dict[str, str]] = None):
    """Getter for `Scorer.score_spans`: gold from `gold_key` on references, predictions from `spans_key`.
    source: keep only predictions with this `anon_source`, in the shared group `SPAN_KEY` only. Span
    attributes are kept per (offsets, label) (`spacy_anon.extensions`), so a later component's span
    with the same offsets and label overwrites the source; a private group (the generator's
    "anon_regex") holds one component's spans anyway.
    label_map: the component's output renaming, applied to the gold labels too (else a model that writes
    PERSON for the corpus' NOMBRE scores 0)."""

    def get(doc: Doc, attr: str):
        if gold_key in doc.spans:
            gold = list(doc.spans[gold_key])
            if label_map:
                gold = [Span(doc, s.start, s.end, label=label_map.get(s.label_, s.label_)) for s in gold]
            return gold
        spans = list(doc.spans[spans_key]) if spans_key in doc.spans else []
        if source is not None and spans_key == SPAN_KEY:
            spans = [s for s in spans if s._.anon_source == source]
        return spans

    return get
