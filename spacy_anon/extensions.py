"""Custom attributes on Doc and Span that carry anonymization decisions between components."""
import weakref
from typing import Tuple

from spacy.tokens import Doc, Span

_SPAN_ATTRS = {
    "anon_source": None,  # recognizer or model that proposed the span
    "anon_score": None,  # confidence in [0, 1]
    "anon_identifier": None,  # DIRECT | QUASI | CONFIDENTIAL
    "anon_entity": None,  # id of the entity the mention belongs to
    "anon_replacement": None,  # text that replaces the mention (set by anon_generalize / anon_mask)
    "anon_validated": None,  # True when a checksum confirmed the value (it keeps its label on overlaps)
    "anon_type": None,  # fine type beside the category: EMAIL, PHONE, NOMBRE_SUJETO_ASISTENCIA... (else the label)
}

_DOC_ATTRS = {
    "anon_text": None,  # anonymized text, written only by anon_mask
    "anon_table": None,  # list of replacement rows, written only by anon_mask
    "anon_subject": None,  # person(s) to protect: str or list of str
    "anon_status": None,  # "ok" once anon_mask completed; None otherwise (fail closed)
    "anon_stats": None,  # dict of counters (e.g. phrases without vector)
    "anon_token_scores": None,  # per token P(inside a span) from anon_context_tagger (None: no vector)
}


_MISSING = object()


def _span_key(name: str, span: Span) -> tuple:
    return ("spacy_anon", name, span.start_char, span.end_char, span.label_)


class _SpanGetter:
    """Getter of one span attribute. A class, not a closure: spaCy pickles every registered extension
    when it starts worker processes under "spawn" (macOS, Windows, Spark, Ray, Dask), and a closure would
    make every pipeline unpicklable once this package is imported."""

    def __init__(self, name: str, default) -> None:
        self.name, self.default = name, default

    def __call__(self, span: Span):
        data = span.doc.user_data
        start, end = span.start_char, span.end_char  # `_span_key`, inline: read for thousands of spans
        value = data.get(("spacy_anon", self.name, start, end, span.label_), _MISSING)
        if value is not _MISSING:
            return value
        return data.get(("._.", self.name, start, end), self.default)  # docs of earlier versions


class _TypeGetter(_SpanGetter):
    """Getter of `span._.anon_type`: the fine type its detector set (a rule's EMAIL, a tagger's corpus
    label such as MEDDOCAN's NOMBRE_SUJETO_ASISTENCIA), else the span's own label, so every span has one."""

    def __call__(self, span: Span):
        value = super().__call__(span)
        return span.label_ if value is None else value


def span_getter(name: str):
    """`getter(span)` returning `span._.<name>`, looked up once: components that read an attribute of
    thousands of spans skip the `span._` object made on each access."""
    getter = Span.get_extension(name)[2]
    return getter if getter is not None else (lambda span: getattr(span._, name))


def has_own_value(span: Span, name: str) -> bool:
    """Whether a detector set the span attribute `name` (spans over the same characters with the same
    label share their attributes: a later detector should not erase an earlier one's fine type)."""
    return _span_key(name, span) in span.doc.user_data


_TEXTS: "weakref.WeakKeyDictionary[Doc, Tuple[int, str]]" = weakref.WeakKeyDictionary()  # doc -> (tokens, text)


def doc_text(doc: Doc) -> str:
    """`doc.text`, built once per doc: spaCy joins the tokens on every access, and the rules, the
    coreference step and the mask each need it. A doc's text cannot change (retokenizing keeps it); it
    is kept while the doc lives (weakly keyed: nothing outlives the doc)."""
    known = _TEXTS.get(doc)
    if known is not None and known[0] == len(doc):
        return known[1]
    text = doc.text
    _TEXTS[doc] = (len(doc), text)
    return text


def remember_text(doc: Doc, text: str) -> None:
    """Tell `doc_text` the text of a doc just made from it (a tokenizer's input, a recased reading), so
    that it is not joined again from the tokens. The caller's proof obligation: `doc.text == text`."""
    _TEXTS[doc] = (len(doc), text)


class _SpanSetter:
    """Setter of one span attribute (a picklable class, see `_SpanGetter`)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __call__(self, span: Span, value) -> None:
        span.doc.user_data[_span_key(self.name, span)] = value


def register_extensions() -> None:
    """Register all attributes once; safe to call repeatedly.

    Span attributes are stored per (start, end, label), not per (start, end) as spaCy's `default=`
    extensions are: a rule's ID span and the CRF's DATETIME span over the same characters must keep
    their own source and score, or the overlap choice by score is a tie and the replacement table
    credits the wrong detector.
    """
    for name, default in _SPAN_ATTRS.items():
        if not Span.has_extension(name):
            getter = (_TypeGetter if name == "anon_type" else _SpanGetter)(name, default)
            Span.set_extension(name, getter=getter, setter=_SpanSetter(name))
    for name, default in _DOC_ATTRS.items():
        if not Doc.has_extension(name):
            Doc.set_extension(name, default=default)


register_extensions()
