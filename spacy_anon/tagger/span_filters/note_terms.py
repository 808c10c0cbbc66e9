"""Whether a doc is a shorthand clinical note, by the clinical terms among its words: the count the note
filters (`clinical_notes`, `clinical_content`) decide by, with the letters of codes left out
("NG90 1BS", "TN 37203" are an address, not nasogastric tubes and bowel sounds; "2026-SN-0412" a reference)."""
from typing import Sequence, Tuple
from weakref import WeakKeyDictionary

from spacy.attrs import IDX
from spacy.tokens import Doc

from spacy_anon.casing import written_words
from spacy_anon.extensions import doc_text
from spacy_anon.lexicon.clinical_terms import CODE_LETTERS, clinical_term_count, outside_codes
from spacy_anon.tagger.span_filters.base import doc_rows

_COUNTS: "WeakKeyDictionary[Doc, Tuple[int, Tuple[int, int]]]" = WeakKeyDictionary()


def note_term_count(doc: Doc, words: Sequence[str]) -> Tuple[int, int]:
    """`clinical_term_count` of the doc's token texts `words`, the letters of codes left out (`outside_codes`:
    postal codes, hyphenated references), which are found in the text as written (a recased line keeps
    its offsets). Counted once per doc for both note filters."""
    known = _COUNTS.get(doc)
    if known is not None and known[0] == len(doc):
        return known[1]
    written = written_words(doc)
    text = doc_text(doc) if written is None else "".join(map(str.__add__, written, doc_rows(doc).whitespace))
    if CODE_LETTERS.search(text) is None:
        counts = clinical_term_count(words)
    else:
        starts = doc.to_array([IDX]).ravel().tolist() if len(doc) else []
        counts = clinical_term_count(outside_codes(text, words, starts))
    _COUNTS[doc] = (len(doc), counts)
    return counts
