"""Helpers shared by the generalizer's tests (imported by them; pytest puts tests/ on sys.path)."""
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
