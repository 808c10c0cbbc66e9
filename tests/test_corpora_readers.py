"""Corpus readers on tiny hand-written files (no shared data needed)."""
import json
from unittest import mock

import pytest
import spacy
from spacy.util import registry

from spacy_anon.corpora import (
    CorpusFormatError,
    iter_records,
    read_brat,
    read_harem,
    read_iob,
    read_presidio_synth,
    read_span_jsonl,
    read_tab_json,
    record_from_doc,
    to_category,
    write_docbin,
)
from spacy_anon.corpora.docbin import iter_docbin_records


def blank(lang="en"):
    """spacy.blank, tolerant of sibling factories whose modules are not written yet."""
    try:
        return spacy.blank(lang)
    except ImportError:
        with mock.patch.object(registry._entry_point_factories, "get_all", return_value={}):
            return spacy.blank(lang)


@pytest.fixture(scope="module")
def nlp():
    return blank("en")


TAB_DOC = {
    "doc_id": "d1",
    "text": "Mr John Smith lives in Paris. Smith was born in 1970.",
    "annotations": {
        "ann1": {"entity_mentions": [
            {"start_offset": 3, "end_offset": 13, "span_text": "John Smith", "entity_id": "e1",
             "identifier_type": "DIRECT", "entity_type": "PERSON"},
            {"start_offset": 23, "end_offset": 28, "span_text": "Paris", "entity_id": "e2",
             "identifier_type": "QUASI", "entity_type": "LOC"},
            {"start_offset": 30, "end_offset": 35, "span_text": "Smith", "entity_id": "e1",
             "identifier_type": "DIRECT", "entity_type": "PERSON"},
        ]},
        "ann2": {"entity_mentions": [
            {"start_offset": 3, "end_offset": 13, "span_text": "John Smith", "entity_id": "x1",
             "identifier_type": "DIRECT", "entity_type": "PERSON"},
            {"start_offset": 48, "end_offset": 52, "span_text": "1970", "entity_id": "x2",
             "identifier_type": "NO_MASK", "entity_type": "DATETIME"},
        ]},
    },
}


def test_tab_json_annotators(tmp_path, nlp):
    path = tmp_path / "tab.json"
    path.write_text(json.dumps([TAB_DOC]))
    (doc,) = list(read_tab_json(path, nlp))
    assert doc.user_data["doc_id"] == "d1"
    gold = doc.spans["anon_gold"]
    assert [s.text for s in gold] == ["John Smith", "Paris", "Smith"]
    assert [s.label_ for s in gold] == ["PERSON", "LOC", "PERSON"]
    assert gold[0]._.anon_entity == "e1" and gold[0]._.anon_identifier == "DIRECT"
    assert [s.text for s in doc.spans["anon_gold_ann2"]] == ["John Smith", "1970"]
    assert len(doc.ents) == 3
    (doc2,) = list(read_tab_json(path, nlp, annotator="ann2"))
    assert [s.text for s in doc2.spans["anon_gold"]] == ["John Smith", "1970"]
    assert doc2.spans["anon_gold"][0]._.anon_entity == "x1"


def test_span_jsonl_and_deid_ids(tmp_path, nlp):
    path = tmp_path / "x.jsonl"
    lines = [
        {"doc_id": "a", "text": "Call Anna at home.", "spans": [{"start": 5, "end": 9, "label": "PERSON", "text": "Anna"}]},
        {"patient": 3, "note": 7, "text": "Dr. Lee", "spans": [{"start": 4, "end": 7, "label": "HCPName"}]},
    ]
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    docs = list(read_span_jsonl(path, nlp))
    assert [d.user_data["doc_id"] for d in docs] == ["a", "3-7"]
    assert docs[1].spans["anon_gold"][0].text == "Lee"
    assert to_category("HCPName", "deid") == "PERSON"


def test_mismatch_raises_with_location(tmp_path, nlp):
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps({"doc_id": "a", "text": "Call Anna.", "spans": [{"start": 4, "end": 8, "label": "PERSON", "text": "Anna"}]}) + "\n")
    with pytest.raises(CorpusFormatError, match=r"bad.jsonl:1 span 0"):
        list(read_span_jsonl(path, nlp))
    warnings = []
    (doc,) = list(read_span_jsonl(path, nlp, strict=False, warnings=warnings))
    assert len(doc.spans["anon_gold"]) == 0 and len(warnings) == 1
    assert "Anna" not in warnings[0]  # never print sensitive strings


def test_out_of_range_and_bad_json(tmp_path, nlp):
    path = tmp_path / "oor.jsonl"
    path.write_text(json.dumps({"doc_id": "a", "text": "abc", "spans": [{"start": 1, "end": 9, "label": "X"}]}) + "\n{oops\n")
    with pytest.raises(CorpusFormatError, match="out of range"):
        list(read_span_jsonl(path, nlp))
    warnings = []
    with pytest.raises(CorpusFormatError, match=r"oor.jsonl:2: not valid JSON"):
        list(read_span_jsonl(path, nlp, strict=False, warnings=warnings))


def test_misaligned_span_is_expanded_and_recorded(tmp_path, nlp):
    path = tmp_path / "m.jsonl"
    path.write_text(json.dumps({"doc_id": "m", "text": "Born in Londonderry today", "spans": [{"start": 8, "end": 14, "label": "LOC"}]}) + "\n")
    (doc,) = list(read_span_jsonl(path, nlp))
    assert doc.spans["anon_gold"][0].text == "Londonderry"
    assert doc.user_data["spacy_anon.gold_misaligned"] == [["anon_gold", 8, 14, 8, 19]]
    # exact characters survive for the metrics
    rec = record_from_doc(doc)
    assert (rec.spans[0].start, rec.spans[0].end) == (8, 14)


def test_brat(tmp_path, nlp):
    (tmp_path / "c1.txt").write_text("Paciente: Juan Pérez, varón de 53 años.\n", encoding="utf8")
    (tmp_path / "c1.ann").write_text(
        "T1\tNOMBRE_SUJETO_ASISTENCIA 10 20\tJuan Pérez\n#1\tAnnotatorNotes T1\tnote\n"
        "T2\tSEXO_SUJETO_ASISTENCIA 22 27\tvarón\nT3\tEDAD_SUJETO_ASISTENCIA 31 38\t53 años\n",
        encoding="utf8",
    )
    (doc,) = list(read_brat(tmp_path, nlp))
    assert doc.user_data["doc_id"] == "c1"
    assert [(s.text, s.label_) for s in doc.spans["anon_gold"]] == [
        ("Juan Pérez", "NOMBRE_SUJETO_ASISTENCIA"), ("varón", "SEXO_SUJETO_ASISTENCIA"), ("53 años", "EDAD_SUJETO_ASISTENCIA")]
    assert to_category("NOMBRE_SUJETO_ASISTENCIA", "meddocan") == "PERSON"
    (tmp_path / "c1.ann").write_text("T1\tNOMBRE_SUJETO_ASISTENCIA 10 x20\tJuan\n", encoding="utf8")
    with pytest.raises(CorpusFormatError, match=r"c1.ann:1: malformed"):
        list(read_brat(tmp_path, nlp))


def test_presidio_synth(tmp_path, nlp):
    path = tmp_path / "synth.json"
    path.write_text(json.dumps([{"full_text": "Email jo@x.org now", "spans": [
        {"entity_type": "EMAIL_ADDRESS", "entity_value": "jo@x.org", "start_position": 6, "end_position": 14}]}]))
    (doc,) = list(read_presidio_synth(path, nlp))
    assert doc.user_data["doc_id"] == "synth-0"
    assert doc.spans["anon_gold"][0].label_ == "EMAIL_ADDRESS"


def test_iob_wikiann_and_wnut(tmp_path, nlp):
    wikiann = tmp_path / "dev"
    wikiann.write_text("en:George\tB-PER\nen:Bush\tI-PER\nen:visited\tO\nen:New\tB-LOC\nen:York\tI-LOC\n\nen:IBM\tB-ORG\n\n")
    docs = list(read_iob(wikiann, nlp))
    assert docs[0].text == "George Bush visited New York"
    assert [(s.text, s.label_) for s in docs[0].spans["anon_gold"]] == [("George Bush", "PER"), ("New York", "LOC")]
    assert docs[1].spans["anon_gold"][0].text == "IBM"
    wnut = tmp_path / "w.conll"
    wnut.write_text("I\tO\nlove\tO\nDiscovery\tB-corporation\nChannel\tI-corporation\n\ufeff\nok\tI-person\n")
    docs = list(read_iob(wnut, nlp))
    assert docs[0].spans["anon_gold"][0].text == "Discovery Channel"
    assert docs[1].spans["anon_gold"][0].label_ == "person"  # IOB1-style I- starts a span


def test_harem_xml_and_sgml(tmp_path):
    nlp = blank("pt")
    xml = tmp_path / "h.xml"
    xml.write_bytes(
        '<?xml version="1.0" encoding="ISO-8859-1"?>\n<colHAREM>\n<DOC DOCID="d1"><p>\n  Foi em\n  <EM ID="1" CATEG="LOCAL|PESSOA" TIPO="HUMANO">Lisboa</EM>\n'
        '  com <ALT><EM ID="2" CATEG="PESSOA">Jo&#227;o Silva</EM> | <EM ID="3" CATEG="PESSOA">Jo&#227;o</EM> Silva</ALT>.</p>'
        '<p><OMITIDO><EM ID="4" CATEG="TEMPO">ontem</EM></OMITIDO></p></DOC></colHAREM>\n'.encode("latin-1")
    )
    (doc,) = list(read_harem(xml, nlp))
    assert doc.user_data["doc_id"] == "d1"
    assert doc.text == "Foi em Lisboa com João Silva.\nontem"
    assert [(s.text, s.label_) for s in doc.spans["anon_gold"]] == [("Lisboa", "LOCAL"), ("João Silva", "PESSOA")]
    sgml = tmp_path / "h.txt"
    sgml.write_bytes(
        "<DOC>\n<DOCID>X-1</DOCID>\n<GENERO>Web</GENERO>\n<TEXTO>\nA <ORGANIZACAO TIPO=\"INSTITUICAO\">ABRAÇO</ORGANIZACAO> em <TEMPO TIPO=\"DATA\">Junho de 1992</TEMPO>.\n</TEXTO>\n</DOC>\n".encode("latin-1")
    )
    (doc,) = list(read_harem(sgml, nlp))
    assert doc.user_data["doc_id"] == "X-1"
    assert [(s.text, s.label_) for s in doc.spans["anon_gold"]] == [("ABRAÇO", "ORGANIZACAO"), ("Junho de 1992", "TEMPO")]
    assert to_category("PESSOA", "harem") == "PERSON"


def test_docbin_roundtrip_keeps_ids_and_exact_offsets(tmp_path, nlp):
    path = tmp_path / "tab.json"
    path.write_text(json.dumps([TAB_DOC]))
    out = tmp_path / "corpus" / "x.spacy"
    assert write_docbin(read_tab_json(path, nlp), out) == 1
    (rec,) = list(iter_docbin_records(out))
    assert rec.doc_id == "d1"
    assert [(s.start, s.end, s.label, s.entity, s.identifier) for s in rec.spans] == [
        (3, 13, "PERSON", "e1", "DIRECT"), (23, 28, "LOC", "e2", "QUASI"), (30, 35, "PERSON", "e1", "DIRECT")]
    (rec2,) = list(iter_docbin_records(out, key="anon_gold_ann2"))
    assert rec2.spans[1].identifier == "NO_MASK"
    assert [r.doc_id for r in iter_records(path)] == ["d1"]


REAL = "../shared/data"


def test_real_tab_dev_reads_if_present(nlp):
    import os

    path = os.path.join(os.path.dirname(__file__), "..", REAL, "tab", "tab_dev.jsonl")
    if not os.path.exists(path):
        pytest.skip("shared data not available")
    docs = list(read_span_jsonl(path, nlp))
    assert len(docs) == 58 and sum(len(d.spans["anon_gold"]) for d in docs) == 3238
