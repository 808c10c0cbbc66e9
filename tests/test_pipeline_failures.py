"""Records in = records out: a document a component fails on is kept and comes out NOT anonymized."""
import spacy
from spacy.language import Language

import spacy_anon
from spacy_anon.failures import failed_component


@Language.component("test_fails_on_boom")
def fails_on_boom(doc):
    if "boom" in doc.text:
        raise RuntimeError("detector failure")
    return doc


def texts():
    return ["Anna Smith called.", "boom: John Doe called.", "Write to a@b.com."]


def test_default_error_handler_still_raises():
    nlp = spacy_anon.load()
    nlp.add_pipe("test_fails_on_boom", before="anon_mask")
    try:
        list(nlp.pipe(texts()))
    except RuntimeError:
        return
    raise AssertionError("the failure was swallowed")


def test_our_components_keep_a_failed_doc_and_mask_fails_closed():
    nlp = spacy.blank("en")
    rules = nlp.add_pipe("anon_rules")
    nlp.add_pipe("anon_mask")
    original_call = type(rules).__call__

    def call(self, doc, **kwargs):  # anon_rules.pipe hands each doc its batch-scanned matches
        if "boom" in doc.text:
            raise RuntimeError("rule failure")
        return original_call(self, doc, **kwargs)

    type(rules).__call__ = call
    try:
        nlp.set_error_handler(lambda *args: None)
        docs = list(nlp.pipe(texts()))
    finally:
        type(rules).__call__ = original_call
    assert len(docs) == 3
    assert [d._.anon_status for d in docs] == ["ok", None, "ok"]
    assert docs[1]._.anon_text is None and failed_component(docs[1]) == "anon_rules"
