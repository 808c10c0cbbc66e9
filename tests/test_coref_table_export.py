"""The replacement table exported as CSV and JSON (spacy_anon.mask.table_export), on a real masking run."""
import csv
import io
import json

import pytest
import spacy

import spacy_anon  # noqa: F401  (registers the factories)
from spacy_anon.mask.table_export import table_to_csv, table_to_json, write_table


@pytest.fixture(scope="module")
def docs():
    nlp = spacy.blank("en")
    ruler = nlp.add_pipe("span_ruler", config={"spans_key": "anon"})
    ruler.add_patterns([{"label": "PERSON", "pattern": "Anna Kowalski"}, {"label": "ORG", "pattern": "ECHR"},
                        {"label": "PERSON", "pattern": "Jean-Luc Dupont"}])
    nlp.add_pipe("anon_coref", config={"use_ents": False})
    nlp.add_pipe("anon_mask", config={"run_rules": False, "use_ents": False, "include_original": True})
    return [nlp("Anna Kowalski, née Nowak, wrote to the ECHR; Kowalski lost."), nlp("Jean-Luc Dupont, \"Jr\", paid.")]


def test_csv_has_one_row_per_replacement(docs):
    rows = list(csv.DictReader(io.StringIO(table_to_csv(docs[0]))))
    assert [r["replacement"] for r in rows] == ["[PERSON_1]", "[ORG_1]", "[PERSON_1]"]
    assert rows[0]["text"] == "Anna Kowalski" and rows[0]["start"] == "0" and rows[2]["source"] == "anon_coref"
    assert list(rows[0])[:6] == ["start", "end", "label", "entity", "identifier", "replacement"]


def test_csv_quotes_commas_and_quotes_in_values():
    table = [{"start": 0, "end": 14, "label": "PERSON", "replacement": 'Smith, "Jr"', "score": None}]
    assert list(csv.DictReader(io.StringIO(table_to_csv(table)))) == [
        {"start": "0", "end": "14", "label": "PERSON", "replacement": 'Smith, "Jr"', "score": ""}]


def test_json_and_several_docs_get_a_doc_column(docs, tmp_path):
    rows = json.loads(table_to_json(docs, doc_ids=["a", "b"]))
    assert [(r["doc"], r["replacement"]) for r in rows] == [
        ("a", "[PERSON_1]"), ("a", "[ORG_1]"), ("a", "[PERSON_1]"), ("b", "[PERSON_1]")]
    path = write_table(docs, tmp_path / "table.csv")
    back = list(csv.DictReader(path.open(encoding="utf-8")))
    assert [r["doc"] for r in back] == ["0", "0", "0", "1"] and back[3]["text"] == "Jean-Luc Dupont"
    assert json.loads(write_table(docs[1]._.anon_table, tmp_path / "t.out", format="json").read_text())[0]["end"] == 15


def test_bad_format_and_unmasked_doc_are_refused(docs, tmp_path):
    with pytest.raises(ValueError, match="E137"):
        write_table(docs[0], tmp_path / "table.xlsx")
    with pytest.raises(ValueError, match="E136"):
        table_to_csv(spacy.blank("en")("not masked"))
