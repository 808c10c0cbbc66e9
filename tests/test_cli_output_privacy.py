"""The output holds no original value unless the user asks for it (`--include-original`, `--keep-fields`).

Runs the CLI in-process on temporary JSONL files and checks the raw output bytes, not only the parsed
records: a value must not appear anywhere in the file.
"""
import json

from cli_support import check_anon_offsets, cli, read_jsonl, write, write_jsonl

EMAIL_A = "jane.roe@example.com"
EMAIL_B = "r.miller@example.org"
# no "start"/"end" (offsets into the original, which give each value's length) by default
SPAN_KEYS = {"label", "type", "entity", "identifier", "replacement", "anon_start", "anon_end"}


def test_jsonl_records_drop_other_fields_by_default(tmp_path, capsys):
    notes = "Jane Doe SSN 123-45-6789"
    src = write_jsonl(tmp_path / "in.jsonl", [
        {"id": "d1", "text": f"Write to {EMAIL_A}.", "source": "unit", "meta": {"n": 1, "notes": notes}},
        {"id": 7, "text": "", "subject": "Jane Roe"},
        {"text": f"Or to {EMAIL_B}."},
    ])
    out = tmp_path / "out.jsonl"
    code, _, err = cli(capsys, src, "-o", out)
    assert code == 0, err
    assert "warning" not in err
    records = read_jsonl(out)
    assert [r["id"] for r in records] == ["d1", 7, 3]  # a record without "id" gets its line number
    assert [list(r) for r in records] == [["id", "anonymized", "spans"]] * 3
    assert records[1]["anonymized"] == "" and records[1]["spans"] == []  # empty documents are kept
    raw = out.read_text(encoding="utf-8")
    for value in (EMAIL_A, EMAIL_B, "Jane", "123-45-6789", "unit"):
        assert value not in raw
    for record in records:
        for span in record["spans"]:
            assert set(span) == SPAN_KEYS
        check_anon_offsets(record)


def test_jsonl_no_original_is_the_default_and_include_original(tmp_path, capsys):
    src = write_jsonl(tmp_path / "in.jsonl", [{"id": 1, "text": f"Mail {EMAIL_A}", "subject": "Jane"}])
    out, default = tmp_path / "out.jsonl", tmp_path / "default.jsonl"
    assert cli(capsys, src, "-o", default, "--strategy", "tag")[0] == 0
    assert cli(capsys, src, "-o", out, "--no-original", "--strategy", "tag")[0] == 0  # a no-op alias
    assert out.read_text() == default.read_text()
    [record] = read_jsonl(out)
    assert "text" not in record and "subject" not in record
    assert EMAIL_A not in out.read_text() and "Jane" not in out.read_text()
    code, _, err = cli(capsys, src, "-o", out, "--include-original")
    assert code == 0 and "warning: [W902] --include-original" in err
    [record] = read_jsonl(out)
    assert record["text"] == f"Mail {EMAIL_A}" and "subject" not in record
    assert any(span.get("text") == EMAIL_A for span in record["spans"])
    assert cli(capsys, src, "-o", out, "--include-original", "--no-original")[0] == 2


def test_keep_fields_copies_named_fields_with_a_warning(tmp_path, capsys):
    src = write_jsonl(tmp_path / "in.jsonl", [
        {"id": "d1", "text": f"Write to {EMAIL_A}.", "source": "unit", "subject": "Jane Roe",
         "meta": {"n": 1, "notes": "Jane Doe SSN 123-45-6789"}},
        {"id": "d2", "text": "No fields here."},
    ])
    out = tmp_path / "out.jsonl"
    code, _, err = cli(capsys, src, "-o", out, "--keep-fields", "source,meta.n,subject", "--quiet")
    assert code == 0, err
    assert "--keep-fields" in err and "original" in err and len(err.strip().splitlines()) == 1
    first, second = read_jsonl(out)
    assert list(first) == ["id", "anonymized", "spans", "source", "meta", "subject"]
    assert first["source"] == "unit" and first["meta"] == {"n": 1} and first["subject"] == "Jane Roe"
    assert list(second) == ["id", "anonymized", "spans"]  # absent fields stay absent
    assert "123-45-6789" not in out.read_text(encoding="utf-8")


def test_anonymize_fields_share_the_records_replacements(tmp_path, capsys, rules_model):
    src = write_jsonl(tmp_path / "in.jsonl", [
        {"id": 1, "text": f"Mail {EMAIL_A} or {EMAIL_B}.", "summary": f"Asked {EMAIL_B} first.",
         "meta": {"notes": f"{EMAIL_A} is the applicant's address", "source": "web"}},
        {"id": 2, "text": f"Mail {EMAIL_B}.", "summary": None, "meta": {}},
    ])
    out = tmp_path / "out.jsonl"
    code, _, err = cli(capsys, src, "-o", out, "--model", rules_model, "--rules-only", "--strategy", "tag",
                       "--anonymize-fields", "meta.notes,summary")
    assert code == 0, err
    assert "warning" not in err  # anonymized fields hold no original value
    first, second = read_jsonl(out)
    raw = out.read_text(encoding="utf-8")
    assert EMAIL_A not in raw and EMAIL_B not in raw and "web" not in raw
    assert list(first) == ["id", "anonymized", "spans", "meta", "summary", "field_spans"]
    assert first["anonymized"] == "Mail [CONTACT_1] or [CONTACT_2]."
    assert first["meta"] == {"notes": "[CONTACT_1] is the applicant's address"}
    assert first["summary"] == "Asked [CONTACT_2] first."  # same entity, same replacement
    [notes_span] = first["field_spans"]["meta.notes"]
    assert "start" not in notes_span and notes_span["entity"] == "CONTACT_1"
    assert first["meta"]["notes"][notes_span["anon_start"]:notes_span["anon_end"]] == "[CONTACT_1]"
    assert [s["entity"] for s in first["field_spans"]["summary"]] == ["CONTACT_2"]
    # a null field stays null; an absent one stays absent; each record has its own numbering
    assert second["summary"] is None and "meta" not in second
    assert second["field_spans"] == {} and second["anonymized"] == "Mail [CONTACT_1]."

    # with --include-original the field spans carry their original values too
    code, _, err = cli(capsys, src, "-o", out, "--model", rules_model, "--rules-only", "--anonymize-fields", "summary",
                       "--include-original")
    assert code == 0, err
    first = read_jsonl(out)[0]
    assert first["field_spans"]["summary"][0]["text"] == EMAIL_B


def test_anonymize_fields_errors(tmp_path, capsys, rules_model):
    src = write_jsonl(tmp_path / "in.jsonl", [
        {"id": 1, "text": "fine", "summary": "ok"},
        {"id": 2, "text": "fine", "summary": ["Jane Roe"]},
        {"id": 3, "text": "fine", "meta": "Jane Roe"},
        {"id": 4, "text": "fine", "meta": {"x": "ok"}},
    ])
    out = tmp_path / "out.jsonl"
    code, _, err = cli(capsys, src, "-o", out, "--model", rules_model, "--rules-only", "--anonymize-fields", "summary")
    assert code == 1 and "line 2" in err and "summary" in err and "Jane" not in err
    assert not out.exists()
    code, _, err = cli(capsys, src, "-o", out, "--model", rules_model, "--rules-only", "--anonymize-fields", "summary,meta.x",
                       "--skip-invalid")
    assert code == 0, err
    assert "line 2:" in err and "line 3:" in err and "Jane" not in err
    assert [r["id"] for r in read_jsonl(out)] == [1, 4]
    for bad in (["--keep-fields", "text"], ["--keep-fields", "spans"], ["--anonymize-fields", "id"],
                ["--keep-fields", "meta", "--anonymize-fields", "meta.notes"],
                ["--keep-fields", "a", "--anonymize-fields", "a"], ["--keep-fields", "a..b"]):
        assert cli(capsys, src, "-o", out, *bad)[0] == 2, bad
    txt = write(tmp_path / "in.txt", "x")
    assert cli(capsys, txt, "--format", "jsonl", "--keep-fields", "a")[0] == 2


def test_text_output_and_stdout_hold_no_original(tmp_path, capsys, rules_model):
    src = write_jsonl(tmp_path / "in.jsonl", [{"id": 1, "text": f"Mail {EMAIL_A}", "subject": "Jane Roe",
                                               "notes": "Jane Roe SSN 123-45-6789"}])
    code, out, err = cli(capsys, src, "--model", rules_model, "--rules-only", "-o", "-")  # "-": stdout
    assert code == 0, err
    [record] = [json.loads(line) for line in out.splitlines()]
    assert list(record) == ["id", "anonymized", "spans"]
    for value in (EMAIL_A, "Jane", "123-45-6789"):
        assert value not in out + err
    txt = write(tmp_path / "in.txt", f"Mail {EMAIL_A}")
    code, out, err = cli(capsys, txt, "--model", rules_model, "--rules-only", "--include-original")
    assert code == 0 and EMAIL_A not in out and "warning" not in err  # text output: nothing to warn about
