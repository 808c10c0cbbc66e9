"""`spacy-anon evaluate` and `spacy-anon convert` on tiny files."""
import json
from unittest import mock

import pytest
from spacy.util import registry

from spacy_anon.cli import main

TEXT = "Mr John Smith of Oslo met Ann."


@pytest.fixture
def gold_file(tmp_path):
    path = tmp_path / "gold.json"
    path.write_text(json.dumps([{
        "doc_id": "d", "text": TEXT,
        "annotations": {"a1": {"entity_mentions": [
            {"start_offset": 3, "end_offset": 13, "span_text": "John Smith", "entity_id": "e1",
             "identifier_type": "DIRECT", "entity_type": "PERSON"},
            {"start_offset": 17, "end_offset": 21, "span_text": "Oslo", "entity_id": "e2",
             "identifier_type": "QUASI", "entity_type": "LOC"},
        ]}},
    }]))
    return path


def test_evaluate_masks_file(tmp_path, gold_file, capsys):
    system = tmp_path / "masks.json"
    system.write_text(json.dumps({"d": [[3, 13, "PERSON"], [22, 25, "MISC"]]}))
    out = tmp_path / "report.json"
    assert main(["evaluate", str(gold_file), str(system), "-o", str(out)]) == 0
    report = json.loads(out.read_text())
    assert report["token_recall"] == pytest.approx(2 / 3)
    assert report["recall_direct_entities"] == pytest.approx(1.0)
    assert report["token_precision"] == pytest.approx(2 / 3)
    assert "weighted_token_precision" in report
    assert report["spans_exact"]["precision"] == pytest.approx(0.5)
    assert "token_recall" in capsys.readouterr().out


def test_evaluate_cli_jsonl(tmp_path, gold_file):
    system = tmp_path / "anon.jsonl"
    system.write_text(json.dumps({"id": "d", "text": TEXT, "anonymized": "Mr [PERSON] of [LOC] met Ann.", "spans": [
        {"start": 3, "end": 13, "label": "PERSON", "entity": "P1", "identifier": "DIRECT", "replacement": "[PERSON]"},
        {"start": 17, "end": 21, "label": "LOC", "entity": "L1", "identifier": "QUASI", "replacement": "[LOC]"},
    ]}) + "\n")
    out = tmp_path / "r.json"
    assert main(["evaluate", str(gold_file), str(system), "-o", str(out), "--weighting", "none"]) == 0
    report = json.loads(out.read_text())
    assert report["recall_all_entities"] == 1.0 and report["token_precision"] == 1.0
    assert "weighted_token_precision" not in report
    assert report["b_cubed"]["b3_f1"] == 1.0


def test_evaluate_brat_has_meddocan(tmp_path):
    gold = tmp_path / "brat"
    gold.mkdir()
    (gold / "c.txt").write_text("Paciente Juan Pérez.", encoding="utf8")
    (gold / "c.ann").write_text("T1\tNOMBRE_SUJETO_ASISTENCIA 9 19\tJuan Pérez\n", encoding="utf8")
    system = tmp_path / "m.json"
    system.write_text(json.dumps({"c": [[9, 19, "PERSON"]]}))
    out = tmp_path / "r.json"
    assert main(["evaluate", str(gold), str(system), "-o", str(out)]) == 0
    report = json.loads(out.read_text())
    assert report["meddocan"]["subtrack2_strict"]["f1"] == 1.0
    assert report["meddocan"]["subtrack1"]["f1"] == 0.0
    assert report["meddocan"]["subtrack1_categories"]["f1"] == 1.0


def test_evaluate_reports_bad_system_span(tmp_path, gold_file, capsys):
    system = tmp_path / "masks.json"
    system.write_text(json.dumps({"d": [[3, 999]]}))
    assert main(["evaluate", str(gold_file), str(system)]) == 1
    assert "out of range" in capsys.readouterr().err


def test_convert_writes_docbin(tmp_path, gold_file, capsys):
    out = tmp_path / "corpus" / "g.spacy"
    try:
        code = main(["convert", "tab", str(gold_file), str(out)])
    except ImportError:  # sibling factories not importable yet
        with mock.patch.object(registry._entry_point_factories, "get_all", return_value={}):
            code = main(["convert", "tab", str(gold_file), str(out)])
    assert code == 0 and out.exists()
    report = tmp_path / "r.json"
    system = tmp_path / "masks.json"
    system.write_text(json.dumps({"d": [[3, 13], [17, 21]]}))
    assert main(["evaluate", str(out), str(system), "-o", str(report)]) == 0
    assert json.loads(report.read_text())["recall_all_entities"] == 1.0


def test_one_converter_for_evaluation_and_tagger_training(tmp_path, gold_file):
    """`--tokenizer fine` gives the taggers' tokens (gold offsets on token boundaries), `--categories`
    our labels; the same command without them gives spaCy's tokens and the corpus labels."""
    from spacy.tokens import DocBin

    import spacy

    plain, fine = tmp_path / "plain.spacy", tmp_path / "fine.spacy"
    assert main(["convert", "tab", str(gold_file), str(plain)]) == 0
    assert main(["convert", "tab", str(gold_file), str(fine), "--tokenizer", "fine", "--categories"]) == 0
    nlp = spacy.blank("en")
    [doc_plain] = DocBin().from_disk(plain).get_docs(nlp.vocab)
    [doc_fine] = DocBin().from_disk(fine).get_docs(nlp.vocab)
    assert doc_plain.text == doc_fine.text and len(doc_fine) >= len(doc_plain)
    assert {s.label_ for s in doc_fine.spans["anon_gold"]} <= {"PERSON", "ORG", "LOC", "DATETIME", "CODE", "DEM",
                                                              "QUANTITY", "MISC"}


def test_evaluate_names_term_scores_by_what_they_are(tmp_path, gold_file, capsys):
    """The term scores are saved under "terms" and printed as Hassan et al.'s term scores, with no
    source-document number in a key or a label."""
    system = tmp_path / "masks.json"
    system.write_text(json.dumps({"d": [[3, 13, "PERSON"], [22, 25, "MISC"]]}))
    out = tmp_path / "report.json"
    assert main(["evaluate", str(gold_file), str(system), "-o", str(out)]) == 0
    report = json.loads(out.read_text())
    assert report["terms"]["macro"]["precision"] == pytest.approx(0.5)  # "Ann" holds no tagged word
    assert not any("seed" in key for key in report)
    printed = capsys.readouterr().out
    assert "terms (word embeddings, Hassan et al.) macro" in printed and "seed" not in printed


def test_format_table_reads_a_saved_report_with_the_old_term_key():
    """A report saved by 0.1.0 holds its term scores under "terms_seed003"; it still prints."""
    from spacy_anon.evaluate.report import format_table

    scores = {"precision": 1.0, "recall": 0.5, "f1": 2 / 3}
    old = {"token_recall": 0.9, "spans_exact": dict(scores, f2=0.5), "spans_iou": dict(scores, f2=0.5),
           "terms_seed003": {"macro": scores, "micro": scores, "cv": scores}}
    table = format_table(old)
    assert "terms (word embeddings, Hassan et al.) micro  P 1.000  R 0.500  F1 0.667" in table
