"""Third-party components for the tests of pipelines that are not ours (imported by them; pytest puts tests/
on sys.path): a plain function, a class without `pipe()`, and a stand-in for spacy-transformers."""
from spacy.language import Language
from spacy.pipeline import TrainablePipe


@Language.component("test_third_party_function")
def third_party_function(doc):
    """A plain function component; fails on a text holding "boom"."""
    if "boom" in doc.text:
        raise RuntimeError("third-party failure")
    doc.user_data["test_third_party_function"] = True
    return doc


class NoPipeMethod:
    """A component class with `__call__` only (no `pipe`, no error handler)."""

    def __init__(self, name):
        self.name = name

    def __call__(self, doc):
        doc.user_data["test_no_pipe_method"] = True
        return doc


@Language.factory("test_no_pipe_method")
def make_no_pipe_method(nlp, name):
    return NoPipeMethod(name)


class StandInTransformer(TrainablePipe):
    """Stands in for spacy-transformers' Transformer (not installed): a trainable pipe whose `__call__` and
    `pipe` are its own, without error handling (a failure goes to nlp(doc)'s error handler or out of
    nlp.pipe), and that has no model to save."""

    def __init__(self, vocab, name):
        self.vocab, self.name, self.model, self.cfg = vocab, name, None, {}

    def predict(self, docs):
        return [len(doc) for doc in docs]

    def set_annotations(self, docs, lengths):
        for doc, length in zip(docs, lengths):
            third_party_function(doc)
            doc.user_data["test_trf_length"] = length

    def __call__(self, doc):
        self.set_annotations([doc], self.predict([doc]))
        return doc

    def pipe(self, stream, *, batch_size=128):
        for doc in stream:
            yield self(doc)

    def initialize(self, get_examples=None, *, nlp=None):
        return None

    def to_disk(self, path, *, exclude=()):
        path.mkdir(parents=True, exist_ok=True)

    def from_disk(self, path, *, exclude=()):
        return self


@Language.factory("test_stand_in_transformer")
def make_stand_in_transformer(nlp, name):
    return StandInTransformer(nlp.vocab, name)
