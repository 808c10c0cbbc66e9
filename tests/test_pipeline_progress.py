"""Fail closed by construction: anon_mask writes nothing for a doc that a component before it did not finish,
whatever error handler is set, in nlp(doc) and in nlp.pipe (the other docs of the batch are anonymized)."""
import numpy
import pytest
import spacy
from spacy.language import Language
from spacy.pipeline import Pipe

import spacy_anon  # noqa: F401  (factories)
from pipeline_support import third_party_function
from spacy_anon import progress
from spacy_anon.coref.component import AnonCoref
from spacy_anon.disclosure import component as disclosure_component
from spacy_anon.generalize import component as generalize_component
from spacy_anon.rules.component import AnonRules
from spacy_anon.sensitive.matching import TermMatcher
from spacy_anon.tagger.context_component import ContextTagger
from spacy_anon.tagger.crf_component import CRFTagger
from spacy_anon.tagger.regex_generator_component import RegexGenerator

SECRET = "Anna Smith"
TEXTS = ["Mail jane@example.com today.", f"boom: {SECRET} wrote from anna@example.com on 3 March 2021.",
         "Write to bob@example.org."]


def swallow(*args):
    return None


def _raise_on_boom(original, of=lambda *args: args[1]):
    """`original`, raising first when the doc (or text) it is given holds "boom"."""
    def patched(*args, **kwargs):
        target = of(*args)
        docs = target if isinstance(target, list) else [target]
        if any("boom" in (d if isinstance(d, str) else d.text) for d in docs):
            raise RuntimeError("detector failure")
        return original(*args, **kwargs)
    return patched


def _tiny_vectors():
    from gensim.models import KeyedVectors

    kv = KeyedVectors(vector_size=4)
    words = ["mail", "today", "write", "wrote", "from", "anna", "smith"]
    kv.add_vectors(words, numpy.random.default_rng(0).random((len(words), 4)).astype("float32"))
    return kv


# factory, what makes it fail on "boom" (monkeypatch.setattr arguments), the components before it
CASES = {
    # one text alone (nlp(text)) or a batch of texts at once (nlp.pipe): both can fail
    "anon_rules": (lambda: [(AnonRules, "match", _raise_on_boom(AnonRules.match)),
                            (AnonRules, "match_batch", _raise_on_boom(AnonRules.match_batch))], []),
    "anon_regex_generator": (lambda: (RegexGenerator, "find", _raise_on_boom(RegexGenerator.find)), []),
    "anon_crf": (lambda: [(CRFTagger, "predict", _raise_on_boom(lambda self, doc: [])),
                          (CRFTagger, "predict_batch", _raise_on_boom(lambda self, docs: [[] for _ in docs]))], []),
    "anon_context_tagger": (lambda: (ContextTagger, "token_scores", _raise_on_boom(
        lambda self, doc: ([0.0] * len(doc), ["O"] * len(doc)))), []),
    "anon_disclosure": (lambda: (disclosure_component, "chunk_doc", _raise_on_boom(
        disclosure_component.chunk_doc, of=lambda doc, *a: doc)), []),
    "anon_generalize": (lambda: (generalize_component, "compound_runs", _raise_on_boom(
        generalize_component.compound_runs, of=lambda spans, *a: [s.doc for s in spans[:1]])), []),
    "anon_coref": (lambda: (AnonCoref, "_entities", _raise_on_boom(AnonCoref._entities)), []),
    "anon_sensitive": (lambda: (TermMatcher, "matches", _raise_on_boom(TermMatcher.matches)), []),
}


def _pipeline(factory, before):
    nlp = spacy.blank("en")
    for name in before + (["anon_rules"] if factory != "anon_rules" else []):
        nlp.add_pipe(name)
    component = nlp.add_pipe(factory)
    if factory == "anon_disclosure":
        component.set_vectors(_tiny_vectors())
    nlp.add_pipe("anon_mask", config={"run_rules": False})  # what the mask writes comes from upstream only
    return nlp


def _break(monkeypatch, factory):
    patches = CASES[factory][0]()
    for target, attr, value in (patches if isinstance(patches, list) else [patches]):
        monkeypatch.setattr(target, attr, value)


def _refused(doc, code):
    assert doc._.anon_status is None and doc._.anon_text is None and doc._.anon_table is None
    reason = doc._.anon_stats[progress.REASON_KEY]
    assert reason.startswith(f"[{code}]") and "Anna" not in reason and "Smith" not in reason


@pytest.mark.parametrize("factory", sorted(CASES))
def test_every_component_marks_the_docs_it_finished(monkeypatch, factory):
    nlp = _pipeline(factory, CASES[factory][1])
    _break(monkeypatch, factory)  # untrained taggers: the patched step stands in for the model
    assert progress.marks_itself(nlp.get_pipe(factory))
    doc = nlp(TEXTS[0])
    assert doc.user_data[progress.PROGRESS_KEY][factory] == progress.FINISHED and doc._.anon_status == "ok"
    docs = list(nlp.pipe(TEXTS[:1] + TEXTS[2:], batch_size=2))
    assert all(d.user_data[progress.PROGRESS_KEY][factory] == progress.FINISHED for d in docs)


@pytest.mark.parametrize("factory", sorted(CASES))
def test_a_component_that_fails_under_a_swallowing_handler_leaves_the_doc_not_anonymized(monkeypatch, factory):
    nlp = _pipeline(factory, CASES[factory][1])
    _break(monkeypatch, factory)
    with pytest.raises(RuntimeError):  # spaCy's default handler: the error propagates
        nlp(TEXTS[1])
    nlp.set_error_handler(swallow)
    _refused(nlp(TEXTS[1]), "E020")  # nlp(doc) went on to the next components with the doc
    assert nlp(TEXTS[0])._.anon_status == "ok"
    docs = list(nlp.pipe(TEXTS, batch_size=3))  # the failing doc in the middle of a batch
    assert [d.text for d in docs] == TEXTS
    assert docs[0]._.anon_status == docs[2]._.anon_status == "ok"
    assert "[CONTACT_1]" in docs[0]._.anon_text and "example" not in docs[2]._.anon_text
    _refused(docs[1], "E020")


def test_the_mask_alone_does_not_anonymize_a_doc_the_detectors_did_not_see():
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_rules")
    nlp.add_pipe("anon_mask", config={"run_rules": False})
    doc = nlp.make_doc(TEXTS[0])
    _refused(nlp.get_pipe("anon_mask")(doc), "E022")
    doc = nlp.get_pipe("anon_rules")(doc)
    assert nlp.get_pipe("anon_mask")(doc)._.anon_text == "Mail [CONTACT_1] today."


def test_a_doc_that_failed_before_is_not_anonymized_by_the_mask_alone(monkeypatch):
    nlp = _pipeline("anon_coref", [])
    _break(monkeypatch, "anon_coref")
    nlp.set_error_handler(swallow)
    doc = nlp(TEXTS[1])
    _refused(nlp.get_pipe("anon_mask")(doc), "E020")  # a second try of the mask alone: still refused


class BoomPipe(Pipe):
    """A third-party non-trainable pipe (like an entity ruler): spaCy's Pipe.pipe drops what fails."""

    def __init__(self, name):
        self.name = name

    def __call__(self, doc):
        return third_party_function(doc)


@Language.factory("test_progress_boom_pipe")
def make_boom_pipe(nlp, name):
    return BoomPipe(name)


@pytest.mark.parametrize("third_party", ["test_third_party_function", "test_progress_boom_pipe",
                                         "test_stand_in_transformer"])
@pytest.mark.parametrize("handler_first", [False, True])
def test_a_failing_third_party_component_is_recorded_and_refused(third_party, handler_first):
    nlp = spacy.blank("en")
    nlp.add_pipe(third_party)
    if handler_first:  # set before anon_mask was added: the mask takes it over when it is built
        nlp.set_error_handler(swallow)
    nlp.add_pipe("anon_rules")
    nlp.add_pipe("anon_mask", config={"run_rules": False})
    if not handler_first:  # set afterwards: nlp.set_error_handler tells the mask too
        nlp.set_error_handler(swallow)
    _refused(nlp(TEXTS[1]), "E021")
    assert nlp(TEXTS[0])._.anon_text == "Mail [CONTACT_1] today."
    if third_party == "test_stand_in_transformer":  # its own pipe() lets the error out of nlp.pipe
        with pytest.raises(RuntimeError):
            list(nlp.pipe(TEXTS, batch_size=3))
    else:  # spaCy drops the doc the component failed on; the others are anonymized
        docs = list(nlp.pipe(TEXTS, batch_size=3))
        assert [d._.anon_text for d in docs] == ["Mail [CONTACT_1] today.", "Write to [CONTACT_1]."]


def test_a_third_party_handler_that_is_not_followed_refuses_every_doc():
    nlp = spacy.blank("en")
    nlp.add_pipe("test_progress_boom_pipe")
    nlp.add_pipe("anon_rules")
    nlp.add_pipe("anon_mask", config={"run_rules": False})
    nlp.get_pipe("test_progress_boom_pipe").set_error_handler(swallow)  # on one component: the mask cannot know
    _refused(nlp(TEXTS[1]), "E023")
    _refused(nlp(TEXTS[0]), "E023")
    nlp.set_error_handler(swallow)  # the whole pipeline's: followed
    assert nlp(TEXTS[0])._.anon_status == "ok"


def test_trainable_pipes_and_parsers_are_trusted_whatever_their_handler():
    nlp = spacy.blank("en")
    nlp.add_pipe("tagger").add_label("N")
    nlp.add_pipe("parser")
    nlp.add_pipe("anon_rules")
    nlp.add_pipe("anon_mask", config={"run_rules": False})
    nlp.initialize()
    # a trainable pipe with spaCy's own __call__ returns no doc when it fails (nlp(doc) then raises), and
    # the parser cannot even hold a handler: neither can fail unseen, whatever handler the tagger has
    nlp.get_pipe("tagger").set_error_handler(swallow)
    assert nlp(TEXTS[0])._.anon_text == "Mail [CONTACT_1] today."
