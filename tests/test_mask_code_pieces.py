"""A code or a date that a tagger cut at its separators is one span again, labelled by its shape
(`spacy_anon.mask.code_pieces`): a planning reference is one ID, a day and month one date."""
import pytest
import spacy
from spacy.tokens import Span

import spacy_anon
from spacy_anon.mask.code_pieces import join_code_pieces
from spacy_anon.mask.fine_types import relabelled
from spacy_anon.mask.span_kinds import code_shape, date_shape
from spacy_anon.tagger.tokenizer import CharClassTokenizer


def _spans(doc, pieces, source="anon_crf"):
    out = []
    for text, label in pieces:
        start = doc.text.index(text)
        span = doc.char_span(start, start + len(text), label=label)
        span._.anon_source, span._.anon_score = source, 0.5
        out.append(span)
    return out


def _joined(text, pieces, source="anon_crf"):
    doc = CharClassTokenizer(spacy.blank("en").vocab)(text)  # the default pipeline's tokens
    found = join_code_pieces(_spans(doc, pieces, source), text, relabelled, date_shape, code_shape)
    return [(s.text, s.label_) for s in found]


@pytest.mark.parametrize("text,pieces,expected", [
    ("Planning application 23/01456/FUL x",
     [("23", "DATETIME"), ("01456", "DATETIME"), ("FUL", "DATETIME")], [("23/01456/FUL", "ID")]),
    ("Table booked for 02/04 at 7pm", [("02", "DATETIME"), ("04", "CODE")], [("02/04", "DATETIME")]),
    ("ref HC-2023-000123 filed", [("HC", "ORG"), ("2023", "DATETIME"), ("000123", "CODE")], [("HC-2023-000123", "ID")]),
    ("pages 12-14 read", [("12", "QUANTITY"), ("14", "QUANTITY")], [("12-14", "QUANTITY")]),
    ("a 25,000-square-foot site", [("000", "QUANTITY"), ("square", "QUANTITY"), ("foot", "QUANTITY")],
     [("000-square-foot", "QUANTITY")]),  # words, not a code's letters
    ("asset tag KB-LT-0718 x", [("KB", "ORG"), ("LT", "ORG"), ("0718", "ID")], [("KB-LT-0718", "ID")]),
])
def test_touching_pieces_become_one_span_labelled_by_shape(text, pieces, expected):
    assert _joined(text, pieces) == expected


@pytest.mark.parametrize("text,pieces", [
    ("Jean-Pierre Dupont", [("Jean", "PERSON"), ("Pierre", "PERSON")]),  # no digit: the name filters' to join
    ("between 12 - 14 May", [("12", "QUANTITY"), ("14 May", "DATETIME")]),  # spaced: two values
    ("from 12-14 May", [("12", "QUANTITY"), ("14 May", "DATETIME")]),  # digits and a word, labels differ
])
def test_other_pieces_stay_apart(text, pieces):
    assert _joined(text, pieces) == pieces


def test_a_rule_s_span_is_never_joined():
    text = "call 555-0100-22 now"
    pieces = [("555", "CONTACT"), ("0100", "CONTACT"), ("22", "CONTACT")]
    assert _joined(text, pieces, source="rules.phone") == pieces


def test_the_default_pipeline_masks_a_reference_and_a_short_date_whole():
    nlp = spacy_anon.load()
    text = "Planning application 23/01456/FUL was refused. Table booked for 02/04 at 7pm."
    doc = nlp(text)
    rows = {text[r["start"]:r["end"]]: r["label"] for r in doc._.anon_table}
    assert rows.get("23/01456/FUL") == "ID" and rows.get("02/04") == "DATETIME"
    assert "/01456" not in doc._.anon_text and "]/[" not in doc._.anon_text
