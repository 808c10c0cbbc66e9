"""Custom attributes on Doc and Span that carry anonymization decisions between components."""
from spacy.tokens import Doc, Span

_SPAN_ATTRS = {
    "anon_source": None,  # recognizer or model that proposed the span
    "anon_score": None,  # confidence in [0, 1]
    "anon_identifier": None,  # DIRECT | QUASI | CONFIDENTIAL
    "anon_entity": None,  # id of the entity the mention belongs to
    "anon_replacement": None,  # text that replaces the mention (set by anon_generalize / anon_mask)
}

_DOC_ATTRS = {
    "anon_text": None,  # anonymized text, written only by anon_mask
    "anon_table": None,  # list of replacement rows, written only by anon_mask
    "anon_subject": None,  # person(s) to protect: str or list of str
    "anon_status": None,  # "ok" once anon_mask completed; None otherwise (fail closed)
    "anon_stats": None,  # dict of counters (e.g. phrases without vector)
}


def register_extensions() -> None:
    """Register all attributes once; safe to call repeatedly."""
    for name, default in _SPAN_ATTRS.items():
        if not Span.has_extension(name):
            Span.set_extension(name, default=default)
    for name, default in _DOC_ATTRS.items():
        if not Doc.has_extension(name):
            Doc.set_extension(name, default=default)


register_extensions()
