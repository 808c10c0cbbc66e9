"""Whether a doc is a shorthand clinical note, by the clinical terms among its words: the count the note
filters (`clinical_notes`, `clinical_content`) decide by, with the letters of codes left out
("NG90 1BS", "TN 37203" are an address, not nasogastric tubes and bowel sounds; "2026-SN-0412" a reference)."""
from itertools import accumulate
from typing import Sequence, Tuple

from spacy.tokens import Doc

from spacy_anon.casing import written_words
from spacy_anon.extensions import doc_text
from spacy_anon.lexicon.clinical_terms import CODE_LETTERS, clinical_term_count, outside_codes
from spacy_anon.tagger.span_filters.base import doc_rows


def note_term_count(doc: Doc, words: Sequence[str]) -> Tuple[int, int]:
    """`clinical_term_count` of the doc's token texts `words`, the letters of codes left out (`outside_codes`:
    postal codes, hyphenated references), which are found in the text as written."""
    written = written_words(doc)
    text = doc_text(doc) if written is None else "".join(
        w + space for w, space in zip(written, doc_rows(doc).whitespace))
    if not CODE_LETTERS.search(text):
        return clinical_term_count(words)
    starts = list(accumulate((len(w) + len(space) for w, space in zip(written or doc_rows(doc).words,
                                                                       doc_rows(doc).whitespace)), initial=0))
    return clinical_term_count(outside_codes(text, words, starts))
