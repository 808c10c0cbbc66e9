"""Structured inputs: CSV/TSV columns, JSON arrays, nested JSON/JSONL fields with list items, DataFrames."""
import csv
import io
import json

import pytest

from cli_support import cli, read_jsonl, write, write_jsonl
from spacy_anon.io import InputError
from spacy_anon.structured import expand, parse_pattern, read_records
from spacy_anon.structured.paths import project

MAIL = "jane.roe@example.com"
MAIL_B = "bob.stone@example.org"
CSV_TEXT = (
    "id,name,notes,contact,secret\n"
    f"1,Mr. Roe,\"Mr. Roe wrote from {MAIL}, twice\",{MAIL},s1\n"
    f"2,Dr. Stone,Dr. Stone has no mail,{MAIL_B},s2\n"
)


def rows(text, delimiter=","):
    return list(csv.reader(io.StringIO(text), delimiter=delimiter))


def test_patterns_reach_nested_fields_and_list_items():
    obj = {"patient": {"notes": "a"}, "notes": [{"text": "x"}, {"other": 1}, {"text": "y"}]}
    assert list(expand(obj, parse_pattern("patient.notes"))) == [(("patient", "notes"), "a")]
    assert list(expand(obj, parse_pattern("notes.*.text"))) == [(("notes", 0, "text"), "x"),
                                                                   (("notes", 2, "text"), "y")]
    assert list(expand(obj, parse_pattern("missing.x"))) == []
    shaped = project(obj, [(("notes", 0, "text"), "X"), (("notes", 2, "text"), "Y")])
    assert shaped == {"notes": [{"text": "X"}, None, {"text": "Y"}]}
    with pytest.raises(ValueError):
        parse_pattern("a..b")


def test_csv_columns_same_header_order_and_consistent_rows(tmp_path, capsys, rules_model):
    src = write(tmp_path / "in.csv", CSV_TEXT)
    out = tmp_path / "out.csv"
    code, _, err = cli(capsys, src, "-o", out, "--model", rules_model, "--rules-only",
                       "--anonymize-fields", "contact,notes", "--keep-fields", "id")
    assert code == 0, err
    table = rows(out.read_text(encoding="utf-8"))
    assert table[0] == ["id", "notes", "contact"]  # the input's order; "name" and "secret" dropped
    assert [r[0] for r in table[1:]] == ["1", "2"]
    raw = out.read_text(encoding="utf-8")
    for value in (MAIL, MAIL_B, "s1", "s2"):
        assert value not in raw
    # one memory per record: the address gets the same replacement in both columns of row 1
    assert table[1][2] == "[CONTACT_1]" and "[CONTACT_1]" in table[1][1]
    assert table[1][1] == "Mr. Roe wrote from [CONTACT_1], twice"  # only the address is masked (rules only)
    assert table[2][2] == "[CONTACT_1]"  # a new record starts a new memory
    assert "warning: [W901] --keep-fields" in err


def test_tsv_to_jsonl_with_spans(tmp_path, capsys, rules_model):
    src = write(tmp_path / "in.tsv", CSV_TEXT.replace(",", "\t").replace(f"\"Mr. Roe wrote from {MAIL}\t twice\"",
                                                                       f"Mr. Roe wrote from {MAIL} twice"))
    out = tmp_path / "out.jsonl"
    code, _, err = cli(capsys, src, "-o", out, "--model", rules_model, "--rules-only", "--format", "jsonl",
                       "--anonymize-fields", "notes")
    assert code == 0, err
    records = read_jsonl(out)
    assert [r["id"] for r in records] == [1, 2]  # the row number
    assert set(records[0]) == {"id", "notes", "field_spans"}
    assert MAIL not in records[0]["notes"]
    span = records[0]["field_spans"]["notes"][0]
    assert records[0]["notes"][span["anon_start"]:span["anon_end"]] == span["replacement"]
    assert "text" not in span  # no original value without --include-original


def test_malformed_csv_rows_are_reported_by_line(tmp_path, capsys, rules_model):
    text = ("name,notes\n"
            f"A,ok {MAIL}\n"
            "B,\"a stray quote\"x\n"
            "C,too,many\n"
            f"D,fine {MAIL_B}\n")
    src = write(tmp_path / "in.csv", text)
    out = tmp_path / "out.csv"
    code, _, err = cli(capsys, src, "-o", out, "--model", rules_model, "--rules-only", "--anonymize-fields", "notes")
    assert code == 1 and "line 3: bad row" in err and not out.exists()
    code, _, err = cli(capsys, src, "-o", out, "--model", rules_model, "--rules-only", "--anonymize-fields", "notes",
                       "--skip-invalid")
    assert code == 0, err
    assert "skipped: " in err and "line 3" in err and "line 4: 3 fields, the header has 2" in err
    assert rows(out.read_text())[1:] == [["ok [CONTACT_1]"], ["fine [CONTACT_1]"]]  # the row after is kept
    assert MAIL not in err and "stray" not in err


def test_unknown_column_and_missing_fields_are_usage_errors(tmp_path, capsys, rules_model):
    src = write(tmp_path / "in.csv", CSV_TEXT)
    code, _, err = cli(capsys, src, "-o", tmp_path / "o.csv", "--model", rules_model, "--rules-only",
                       "--anonymize-fields", "nope")
    assert code == 1 and "no column named nope" in err
    code, _, err = cli(capsys, src, "-o", tmp_path / "o.csv", "--model", rules_model, "--rules-only")
    assert code == 2 and "--anonymize-fields must name the columns" in err
    code, _, err = cli(capsys, src, "-o", src, "--anonymize-fields", "notes")
    assert code == 2 and "refusing to overwrite" in err


NESTED = [
    {"id": "p1", "patient": {"name": "Mr. Roe", "notes": f"Mr. Roe: {MAIL}"},
     "notes": [{"text": f"mail {MAIL}", "by": "nurse"}, {"text": f"other {MAIL_B}"}], "mrn": "123"},
    {"id": "p2", "patient": {"notes": None}, "notes": []},
]


def test_json_array_with_nested_and_list_fields(tmp_path, capsys, rules_model):
    src = write(tmp_path / "in.json", json.dumps(NESTED, indent=2))
    out = tmp_path / "out.json"
    code, _, err = cli(capsys, src, "-o", out, "--model", rules_model, "--rules-only",
                       "--anonymize-fields", "patient.notes,notes.*.text", "--keep-fields", "notes.*.by")
    assert code == 0, err
    result = json.loads(out.read_text(encoding="utf-8"))
    assert isinstance(result, list) and [r["id"] for r in result] == ["p1", "p2"]
    first = result[0]
    assert "mrn" not in first and "name" not in first["patient"]
    assert first["notes"] == [{"text": "mail [CONTACT_1]", "by": "nurse"}, {"text": "other [CONTACT_2]"}]
    assert first["patient"]["notes"].endswith("[CONTACT_1]")  # the same address, the same replacement
    assert set(first["field_spans"]) == {"patient.notes", "notes.0.text", "notes.1.text"}
    assert MAIL not in out.read_text() and MAIL_B not in out.read_text()
    assert result[1] == {"id": "p2", "field_spans": {}}


def test_jsonl_with_list_items_and_bad_lines(tmp_path, capsys, rules_model):
    src = write_jsonl(tmp_path / "in.jsonl", [NESTED[0], "{broken", {"id": "p3", "notes": [{"text": 5}]}])
    out = tmp_path / "out.jsonl"
    code, _, err = cli(capsys, src, "-o", out, "--model", rules_model, "--rules-only",
                       "--anonymize-fields", "notes.*.text")
    assert code == 1 and "line 2" in err
    code, _, err = cli(capsys, src, "-o", out, "--model", rules_model, "--rules-only",
                       "--anonymize-fields", "notes.*.text", "--skip-invalid", "--include-original")
    assert code == 0, err
    assert "line 2: not valid JSON" in err and "line 3: field notes.0.text must be a string or null, got int" in err
    [record] = read_jsonl(out)
    assert record["notes"] == [{"text": "mail [CONTACT_1]"}, {"text": "other [CONTACT_2]"}]
    assert record["field_spans"]["notes.0.text"][0]["text"] == MAIL  # asked for with --include-original


def test_broken_json_array_stops_with_its_line(tmp_path):
    src = write(tmp_path / "in.json", '[\n {"notes": "a"},\n {"notes": "b",\n]\n')
    with pytest.raises(InputError, match="line 4"):
        list(read_records(src, "json", ["notes"], skip_invalid=True))
    with pytest.raises(InputError, match="array of objects"):
        list(read_records(write(tmp_path / "o.json", '{"notes": "a"}'), "json", ["notes"]))


def test_folder_of_text_files_still_works(tmp_path, capsys, rules_model):
    folder = tmp_path / "docs"
    write(folder / "a.txt", f"Mail {MAIL}")
    write(folder / "sub" / "b.txt", f"Mail {MAIL_B}")
    code, _, err = cli(capsys, folder, "-o", tmp_path / "out", "--model", rules_model, "--rules-only", "--quiet")
    assert code == 0, err
    assert (tmp_path / "out" / "a.txt").read_text() == "Mail [CONTACT_1]"
    assert (tmp_path / "out" / "sub" / "b.txt").read_text() == "Mail [CONTACT_1]"


def test_dataframe_helper():
    pd = pytest.importorskip("pandas")
    import spacy

    import spacy_anon

    nlp = spacy.blank("en")
    nlp.add_pipe("anon_mask")
    df = pd.DataFrame({"id": [1, 2, 3], "note": [f"from {MAIL}", None, f"to {MAIL_B}"],
                       "contact": [MAIL, MAIL_B, MAIL_B], "secret": ["s1", "s2", "s3"]})
    with pytest.warns(UserWarning, match="only the rule recognizers"):
        out = spacy_anon.anonymize_dataframe(nlp, df, columns=["note", "contact"], keep=["id"])
    assert list(out.columns) == ["id", "note", "contact"]
    assert out["note"].tolist()[0] == "from [CONTACT_1]" and out["contact"].tolist()[0] == "[CONTACT_1]"
    assert out["note"].isna().tolist() == [False, True, False]
    assert out["contact"].tolist() == ["[CONTACT_1]", "[CONTACT_1]", "[CONTACT_1]"]
    assert df["note"].tolist()[0] == f"from {MAIL}"  # a new frame; the input is untouched
    with pytest.raises(TypeError, match="column 'id'"):
        spacy_anon.anonymize_dataframe(nlp, df, columns=["id"])
    with pytest.raises(KeyError):
        spacy_anon.anonymize_dataframe(nlp, df, columns=["nope"])


def test_the_output_suffix_chooses_the_format_when_no_format_is_given(tmp_path, rules_model):
    import json as _json

    from spacy_anon.cli import main

    source = tmp_path / "in.csv"
    source.write_text("id,note\n1,Write to jane.roe@example.com today.\n", encoding="utf8")
    out = tmp_path / "out.jsonl"
    assert main(["anonymize", str(source), "-o", str(out), "--anonymize-fields", "note", "--keep-fields", "id",
                 "--model", str(rules_model), "--rules-only", "--quiet"]) == 0
    record = _json.loads(out.read_text(encoding="utf8").splitlines()[0])
    assert "jane.roe" not in _json.dumps(record) and "[CONTACT_1]" in _json.dumps(record)
