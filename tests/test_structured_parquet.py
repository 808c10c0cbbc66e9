"""Parquet inputs and outputs (the optional pyarrow extra): columns and struct fields anonymized together
per row, kept columns keep their type, the same output in one process and in forked workers, and
resumable JSONL/CSV outputs of a Parquet input (a Parquet output cannot resume)."""
import csv
import io
import sys

import pytest
from cli_support import cli, read_jsonl

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

MAIL = "dana.quennell@example.com"
MAIL_B = "jan.novak@example.org"


def table(n):
    return pa.table({
        "id": pa.array(range(100, 100 + n), pa.int64()),
        "notes": [f"Visit {i}: wrote from {MAIL if i % 2 else MAIL_B}, call 212-555-0199." for i in range(n)],
        "contact": [MAIL if i % 2 else MAIL_B for i in range(n)],
        "visit": [{"notes": f"Seen again; mail {MAIL if i % 2 else MAIL_B}.", "ward": f"W{i}"} for i in range(n)],
        "secret": [f"s{i}" for i in range(n)],
    })


@pytest.fixture
def src(tmp_path):
    path = tmp_path / "in.parquet"
    pq.write_table(table(7), path, row_group_size=3)
    return path


def base(rules_model, *extra):
    return ["--model", rules_model, "--rules-only", "--quiet", "--batch-size", "2", *extra]


def test_parquet_to_parquet_keeps_column_types_and_one_memory_per_row(tmp_path, capsys, rules_model, src):
    out = tmp_path / "out.parquet"
    code, _, err = cli(capsys, src, "-o", out, *base(rules_model, "--anonymize-fields", "notes,contact",
                                                    "--keep-fields", "id"))
    assert code == 0, err
    result = pq.read_table(out)
    assert result.column_names == ["id", "notes", "contact"]  # the input's order; others dropped
    assert result.schema.field("id").type == pa.int64() and result.column("id").to_pylist()[0] == 100
    for row in result.to_pylist():
        assert row["contact"] == "[CONTACT_1]" and "wrote from [CONTACT_1]" in row["notes"]
    assert MAIL.encode() not in out.read_bytes() and b"s3" not in out.read_bytes()


def test_parquet_struct_fields_to_jsonl_in_forked_workers(tmp_path, capsys, rules_model, src):
    args = base(rules_model, "--format", "jsonl", "--anonymize-fields", "notes,visit.notes",
                "--keep-fields", "visit.ward")
    one, many = tmp_path / "one.jsonl", tmp_path / "many.jsonl"
    assert cli(capsys, src, "-o", one, *args)[0] == 0
    code, _, err = cli(capsys, src, "-o", many, "--n-process", "2", *args)
    assert code == 0, err
    assert many.read_bytes() == one.read_bytes()
    records = read_jsonl(many)
    assert [r["id"] for r in records] == list(range(100, 107))  # the "id" column
    first = records[0]
    assert first["visit"] == {"notes": "Seen again; mail [CONTACT_1].", "ward": "W0"}
    assert set(first["field_spans"]) == {"notes", "visit.notes"} and "secret" not in first


def test_csv_output_of_a_parquet_input_resumes_and_csv_converts_to_parquet(tmp_path, capsys, rules_model, src):
    out = tmp_path / "out.csv"
    args = base(rules_model, "--format", "csv", "--anonymize-fields", "notes", "--keep-fields", "id")
    assert cli(capsys, src, "-o", out, "--resume", *args)[0] == 0
    rows = list(csv.reader(io.StringIO(out.read_text())))
    assert rows[0] == ["id", "notes"] and rows[1][0] == "100" and len(rows) == 8

    back = tmp_path / "back.parquet"
    code, _, err = cli(capsys, out, "-o", back, *base(rules_model, "--format", "parquet",
                                                      "--anonymize-fields", "notes", "--keep-fields", "id"))
    assert code == 0, err
    assert pq.read_table(back).column("id").to_pylist()[0] == "100"  # CSV values are strings


def test_parquet_usage_errors(tmp_path, capsys, rules_model, src, monkeypatch):
    code, _, err = cli(capsys, src, "-o", tmp_path / "o.parquet", "--resume",
                       *base(rules_model, "--anonymize-fields", "notes"))
    assert code == 2 and "E911" in err
    code, _, err = cli(capsys, src, *base(rules_model, "--anonymize-fields", "notes"))
    assert code == 2 and "needs -o FILE" in err
    code, _, err = cli(capsys, src, "-o", tmp_path / "o.csv", *base(rules_model, "--anonymize-fields", "visit.notes"))
    assert code == 2 and "writes whole columns" in err
    code, _, err = cli(capsys, src, "-o", tmp_path / "o.jsonl", *base(rules_model, "--anonymize-fields", "nope"))
    assert code == 1 and "no column named nope" in err
    (tmp_path / "bad.parquet").write_bytes(b"not parquet at all")
    code, _, err = cli(capsys, tmp_path / "bad.parquet", "-o", tmp_path / "o.jsonl",
                       *base(rules_model, "--anonymize-fields", "notes"))
    assert code == 1 and "not a readable Parquet file" in err
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)  # as if the extra were not installed
    code, _, err = cli(capsys, src, "-o", tmp_path / "o.jsonl", *base(rules_model, "--anonymize-fields", "notes"))
    assert code == 2 and "E912" in err and "spacy-anon[parquet]" in err
    assert not any(tmp_path.glob("o.*"))
