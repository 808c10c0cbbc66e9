"""The span filter that finds a lone surname in quotes or brackets: 'The witness "Kowalski" denied it',
"the defendant (Nowak)". The CRF reads a few tokens either side; punctuation around a single word hides
the context it learned names from, so the word stays in the clear wherever it appears."""
from typing import List

from spacy.tokens import Doc
from spacy.util import registry

from spacy_anon.lexicon.generic_words import dictionary_test, folded
from spacy_anon.tagger.span_filters.base import Scored, SpanFilter, TokenArrays

PAIRS = {'"': '"', "“": "”", "(": ")", "[": "]", "‘": "’", "'": "'"}


def quoted_names(doc: Doc, spans: List[Scored], names: frozenset, label: str = "PERSON",
                 score: float = 0.5) -> List[Scored]:
    """`spans` plus a `label` span for each capitalised word alone between a matching pair of quotes or
    brackets that a name gazetteer lists (`names`, lower case) and no dictionary does, where no span is."""
    if len(doc) < 3:
        return spans
    taken = set()
    for start, end, _, _ in spans:
        taken.update(range(start, end))
    is_common = dictionary_test(doc.lang_ or "en")
    found = []
    for i in range(1, len(doc) - 1):
        text = doc[i].text
        if i in taken or not (text[:1].isupper() and text[1:].islower() and text.isalpha() and len(text) > 2):
            continue
        if PAIRS.get(doc[i - 1].text) != doc[i + 1].text or doc[i - 1].whitespace_ or doc[i].whitespace_:
            continue
        w = folded(text)
        if w in names and not is_common(w):
            found.append((i, i + 1, label, score))
    return sorted(spans + found) if found else spans


class QuotedNames(SpanFilter):
    """A gazetteer surname or given name alone in quotes or brackets becomes a span of `label` (a CRF
    label) with `score` (`quoted_names`). Put it before propagation, so its other mentions are found."""

    def __init__(self, label: str = "PERSON", score: float = 0.5):
        self.label, self.score = label, score

    def __call__(self, doc: Doc, tokens: TokenArrays, spans: List[Scored], tagger) -> List[Scored]:
        return quoted_names(doc, spans, tagger.name_terms, self.label, self.score)


@registry.misc("spacy_anon.quoted_names.v1")
def make_quoted_names(label: str = "PERSON", score: float = 0.5) -> QuotedNames:
    return QuotedNames(label, score)
