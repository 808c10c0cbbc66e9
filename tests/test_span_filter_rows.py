"""The token rows the CRF's span filters share (`span_filters.base.doc_rows`) say what the Tokens say, and
the helpers rewritten over them give what they gave over Tokens."""
import spacy
from hypothesis import given, settings
from hypothesis import strategies as st

from spacy_anon.tagger.span_filters import base
from spacy_anon.tagger.span_filters.base import doc_rows, forget_rows
from spacy_anon.tagger.span_filters.chain import apply_span_filters
from spacy_anon.tagger.span_filters.routes import PlaceLookup
from spacy_anon.tagger.span_filters.span_edges import text_of

NLP = spacy.blank("en")
TEXTS = ["Mr  Kowalski paid £40 to H.M. Revenue & Customs.\n\nTel: 0161 496 0000 ", "", " ", "a\tb\n",
         "Dear Will,\r\nsee you at 6pm!!  \u00a0ok"]
PIECES = st.sampled_from(["Mr", "Smith", " ", "  ", "\n", "\n\n", ".", ",", "6pm", "O'Neil", "\t", "-", "é", "!?"])


def assert_rows_match(doc):
    rows = doc_rows(doc)
    assert rows.words == [t.text for t in doc]
    assert rows.whitespace == [t.whitespace_ for t in doc]
    assert rows.is_space == [t.is_space for t in doc]
    assert rows.is_alpha == [t.is_alpha for t in doc]
    assert rows.is_punct == [t.is_punct for t in doc]
    for a in range(len(doc) + 1):
        for b in range(a + 1, len(doc) + 1):
            assert text_of(doc, (a, b)) == doc[a:b].text


def test_rows_match_tokens_on_written_text():
    for text in TEXTS:
        assert_rows_match(NLP(text))


@settings(max_examples=60, deadline=None)
@given(st.lists(PIECES, max_size=12))
def test_rows_match_tokens_on_any_text(pieces):
    assert_rows_match(NLP("".join(pieces)))


def test_the_chain_forgets_the_rows_of_its_doc():
    doc = NLP("From Leeds to York")
    doc_rows(doc)

    class Reader:
        def __call__(self, doc, tokens, spans, tagger):
            doc_rows(doc)
            return spans

    assert apply_span_filters({"reader": Reader()}, doc, ([], [], []), [(1, 4, "ORG", 1.0)], None) == [
        (1, 4, "ORG", 1.0)]
    assert doc not in base._ROWS
    forget_rows(doc)  # forgetting twice is harmless


def test_place_lookup_asks_both_sets():
    places = PlaceLookup(frozenset({"leeds"}), frozenset({"york"}))
    assert "leeds" in places and "york" in places and "hull" not in places
