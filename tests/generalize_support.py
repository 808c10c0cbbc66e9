"""Helpers shared by the generalizer's tests (imported by them; pytest puts tests/ on sys.path)."""
import numpy
import pytest
import spacy


def generalized(text, spans, generalize=None, mask=None, vectors=None, subject=None):
    """anon_generalize + anon_mask (strategy generalize) on `text`, the given (substring, label) spans being
    the detection; `vectors`: KeyedVectors-like set on the generalizer, `subject`: doc._.anon_subject."""
    nlp = spacy.blank("en")
    gen = nlp.add_pipe("anon_generalize", config=generalize or {})
    if vectors is not None:
        gen.set_vectors(vectors)
    nlp.add_pipe("anon_mask", config={"strategy": "generalize", "run_rules": False, "use_ents": False,
                                      **(mask or {})})
    doc = nlp.make_doc(text)
    group = []
    for sub, label in spans:
        start = text.index(sub)
        group.append(doc.char_span(start, start + len(sub), label=label))
    doc.spans["anon"] = group
    if subject is not None:
        doc._.anon_subject = subject
    with pytest.warns(Warning):  # no detector of names ran: the spans above are the detection
        return nlp(doc)


class CloseKV:
    """Vectors in which every word is close to the protected person "Nora Vell" (cos ~0.98): no specific
    generalization passes a threshold of 0.25; only a class let through by another test can."""

    class _Index(dict):
        def __contains__(self, key):
            return True

    def __init__(self):
        self.key_to_index = self._Index()
        self.vector_size = 2

    def __getitem__(self, key):
        if key in ("nora_vell", "nora", "vell"):
            return numpy.asarray([1.0, 0.0], dtype="float32")
        return numpy.asarray([1.0, 0.2], dtype="float32")


def generalized_near_subject(text, spans, **settings):
    """`generalized` with absolute safety at 0.25 (classes too) over `CloseKV`, protecting "Nora Vell": no
    specific generalization passes, so what is written comes from another test (a class's crowd, a keep
    rule) or is a tag. settings override anon_generalize's."""
    config = {"safety": "absolute", "threshold": 0.25, "class_threshold": 0.25, **settings}
    return generalized(text, spans, generalize=config, vectors=CloseKV(), subject="Nora Vell")


def rows_by_text(doc):
    """The replacement table's rows by the original text they replace."""
    return {doc.text[r["start"]:r["end"]]: r for r in doc._.anon_table}
