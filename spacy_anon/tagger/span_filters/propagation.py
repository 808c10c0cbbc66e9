"""The propagation filter: a string tagged once is tagged at its other occurrences in the document
(the algorithm is in `spacy_anon.tagger.propagate`)."""
from typing import List

from spacy.tokens import Doc
from spacy.util import registry

from spacy_anon.tagger.propagate import propagate_spans
from spacy_anon.tagger.span_filters.base import Scored, SpanFilter, TokenArrays, stop_words


class Propagate(SpanFilter):
    """Every other occurrence of a tagged token sequence gets the same label and score, so a name the
    CRF found in one context is not left in the clear in another. Only strings with a capitalised
    non-stop word or a digit spread (the doc language's stop words), whitespace tokens are skipped
    when matching and a match never cuts a word (`propagate_spans`)."""

    def __call__(self, doc: Doc, tokens: TokenArrays, spans: List[Scored], tagger) -> List[Scored]:
        texts, gaps, spaces = tokens
        return propagate_spans(texts, spans, skip=spaces, glued=[not gap for gap in gaps],
                               stop_words=stop_words(doc.lang_))


@registry.misc("spacy_anon.propagate.v1")
def make_propagate() -> Propagate:
    return Propagate()
