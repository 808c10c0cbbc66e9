"""`anon_sensitive`: mark terms that disclose a confidential attribute (placeholder, being built)."""
from spacy.language import Language
from spacy.tokens import Doc


@Language.factory("anon_sensitive", default_config={})
def make_anon_sensitive(nlp: Language, name: str) -> "SensitiveTerms":
    return SensitiveTerms(nlp, name)


class SensitiveTerms:
    def __init__(self, nlp: Language, name: str = "anon_sensitive") -> None:
        self.nlp = nlp
        self.name = name

    def __call__(self, doc: Doc) -> Doc:
        return doc
