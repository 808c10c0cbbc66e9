"""`extensions.doc_text` is told the text of a doc made from it (the tokenizer's input, a recased reading)
instead of joining it again from the tokens: what it is told must be exactly the doc's text, for any text."""
import spacy
from hypothesis import given, settings
from hypothesis import strategies as st
from spacy.tokens import Doc

from spacy_anon.casing import reading_doc
from spacy_anon.extensions import doc_text
from spacy_anon.tagger.tokenizer import CharClassTokenizer

TOKENIZE = CharClassTokenizer(spacy.blank("en").vocab)


def _joined(doc: Doc) -> str:
    return "".join(token.text_with_ws for token in doc)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_the_text_the_tokenizer_remembers_is_the_docs_text(text):
    doc = TOKENIZE(text)
    assert doc_text(doc) == _joined(doc) == text


LINES = st.sampled_from(["THE CLAIMANT, MR JOHN SMITH, LIVES IN LEEDS.", "mr lindqvist paid on friday",
                         "İSTANBUL ß STRASSE ǅ ﬁ", "  \t", "Name:\u200bJane", "1 BIRCH LANE\n", "e.g. dr. o'neill"])


@settings(max_examples=60, deadline=None)
@given(st.lists(LINES, min_size=1, max_size=6).map("\n".join))
def test_a_recased_readings_remembered_text_is_its_docs_text(text):
    reading = reading_doc(TOKENIZE(text))
    assert doc_text(reading) == _joined(reading)
    assert len(doc_text(reading)) == len(text)


def test_a_line_in_capitals_is_read_from_a_recased_doc():
    doc = TOKENIZE("THE CLAIMANT, MR JOHN SMITH, LIVES IN LEEDS.")
    reading = reading_doc(doc)
    assert reading is not doc and doc_text(reading) == _joined(reading) != doc_text(doc)
