"""spacy_anon.tagger.case_copies: recased training copies keep every token's length, gold span and offset."""
import pytest
import spacy
from hypothesis import given, settings
from hypothesis import strategies as st
from spacy.tokens import Span

from spacy_anon.corpora import GoldRecord, GoldSpan, check_spans, record_from_doc
from spacy_anon.corpora.base import record_to_doc
from spacy_anon.tagger.case_copies import case_copies, pick_copies, recase_text, recased_doc


@given(st.text(max_size=60), st.sampled_from(["upper", "lower"]))
@settings(max_examples=200, deadline=None)
def test_recase_text_keeps_the_length_of_any_text(text, how):
    out, kept = recase_text(text, how)
    assert len(out) == len(text)
    fn = str.upper if how == "upper" else str.lower
    changed_length = sum(1 for c in text if len(fn(c)) != 1)
    assert kept == changed_length
    assert all(o == c or o == fn(c) for o, c in zip(out, text))


def test_recase_text_on_portuguese_spanish_and_length_changing_letters():
    assert recase_text("João Gonçalves, Núñez e Weiß", "upper") == ("JOÃO GONÇALVES, NÚÑEZ E WEIß", 1)
    assert recase_text("İzmir e ÁVILA", "lower") == ("İzmir e ávila", 1)


def test_unknown_casing_is_refused():
    with pytest.raises(ValueError, match="E771"):
        recase_text("Ana", "title")


def _doc(nlp, text, spans):
    rec = GoldRecord("h-1", text, [GoldSpan(s, e, lab) for s, e, lab in spans])
    return record_to_doc(nlp, rec)


def test_recased_doc_keeps_gold_spans_offsets_and_marks_its_id():
    nlp = spacy.blank("pt")
    text = "O Papa Clemente VII recebeu Henrique em Lisboa, na rua Açores."
    doc = _doc(nlp, text, [(2, 19, "PESSOA"), (28, 36, "PESSOA"), (40, 46, "LOCAL")])
    doc.ents = [Span(doc, 7, 8, label="LOCAL")]
    for how in ("upper", "lower"):
        copy = recased_doc(doc, how)
        assert len(copy) == len(doc) and copy.text == recase_text(doc.text, how)[0]
        assert [(s.start_char, s.end_char, s.label_) for s in copy.spans["anon_gold"]] == \
               [(s.start_char, s.end_char, s.label_) for s in doc.spans["anon_gold"]]
        assert [e.text for e in copy.ents] == [recase_text("Lisboa", how)[0]]
        assert copy.user_data["doc_id"] == f"h-1#{how}"
        rec = record_from_doc(copy)  # the saved character offsets still point at the names
        assert [rec.text[s.start:s.end] for s in rec.spans] == [recase_text(t, how)[0] for t in
                                                                 ("Papa Clemente VII", "Henrique", "Lisboa")]
        assert len(check_spans(rec, strict=True)) == 3
    assert doc.user_data["doc_id"] == "h-1" and doc.text == text  # the original is left alone


def test_pick_copies_draws_the_share_half_upper_half_lower():
    picks = pick_copies(10, 0.3, seed=0)
    assert len(picks) == 3 and [i for i, _ in picks] == sorted(i for i, _ in picks)
    assert sorted(h for _, h in picks).count("upper") == 2  # the odd one goes to UPPER
    assert pick_copies(10, 0.3, seed=0) == picks  # seeded
    assert pick_copies(10, 0.0) == [] and len(pick_copies(10, 1.0)) == 10
    assert pick_copies(0, 0.5) == []
    for bad in (-0.1, 1.5):
        with pytest.raises(ValueError, match="E772"):
            pick_copies(10, bad)


def test_case_copies_are_new_documents_in_the_drawn_casing():
    nlp = spacy.blank("es")
    docs = [_doc(nlp, f"La paciente Carmen Ruiz {i} vive en Sevilla.", [(12, 23, "PERSON"), (34, 41, "LOC")])
            for i in range(4)]
    for d, i in zip(docs, range(4)):
        d.user_data["doc_id"] = f"d{i}"
    copies = case_copies(docs, 0.5, seed=1)
    assert len(copies) == 2
    for copy, (i, how) in zip(copies, pick_copies(4, 0.5, seed=1)):
        assert copy.user_data["doc_id"] == f"d{i}#{how}"
        assert copy.text == recase_text(docs[i].text, how)[0]
        assert [s.text for s in copy.spans["anon_gold"]] == [recase_text(t, how)[0] for t in ("Carmen Ruiz", "Sevilla")]
