"""Structured inputs (CSV/TSV columns, nested JSON/JSONL fields) through `--engine dask` on a local cluster
of two worker processes and through `--n-process`: the output equals the single-process output record by
record, and the fields of one record keep one replacement memory in every mode."""
import csv
import io
import json

import pytest
from cli_support import cli, read_jsonl, write, write_jsonl

MAILS = ["dana.quennell@example.com", "jan.novak@example.org", "maria.oliveira@example.net"]
PHONES = ["212-555-0199", "+44 20 7946 0958", "212-555-0123"]


def table_rows(n):
    """Rows whose "notes" and "contact" columns name the same address (one memory per row: one
    replacement), and whose "secret" column is never output."""
    rows = [["id", "name", "notes", "contact", "secret"]]
    for i in range(n):
        mail, phone = MAILS[i % 3], PHONES[i % 3]
        rows.append([f"v{i}", f"Ms Person{i}", f"Visit {i}: wrote from {mail}, call {phone}.\nSecond line.",
                     mail, f"s{i}"])
    return rows


def write_csv(path, rows, delimiter=","):
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=delimiter, lineterminator="\n").writerows(rows)
    return write(path, buffer.getvalue())


def nested(n):
    return [{"id": f"p{i}", "patient": {"notes": f"Patient {i} wrote from {MAILS[i % 3]}."},
             "notes": [{"text": f"mail {MAILS[i % 3]}", "by": "nurse"}, {"text": f"call {PHONES[(i + 1) % 3]}"}],
             "mrn": f"{1000 + i}"} for i in range(n)]


@pytest.fixture(scope="module")
def scheduler():
    """One local cluster of two worker processes for the module (`--scheduler ADDRESS`): the runs share
    it instead of each starting its own, and its workers keep the pipeline between runs."""
    pytest.importorskip("distributed")
    import logging

    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address="127.0.0.1:0", silence_logs=logging.ERROR) as cluster:
        yield ["--engine", "dask", "--scheduler", cluster.scheduler_address]


@pytest.fixture
def key(monkeypatch):
    monkeypatch.setenv("TEST_ANON_KEY", "a secret key for the structured test")
    return ["--key-env", "TEST_ANON_KEY"]


def test_csv_through_dask_equals_one_process_row_by_row(tmp_path, capsys, rules_model, scheduler):
    src = write_csv(tmp_path / "in.csv", table_rows(11))
    base = ["--model", rules_model, "--rules-only", "--anonymize-fields", "notes,contact", "--keep-fields", "id",
            "--quiet", "--batch-size", "2"]
    one, many = tmp_path / "one.csv", tmp_path / "many.csv"
    assert cli(capsys, src, "-o", one, *base)[0] == 0
    code, _, err = cli(capsys, src, "-o", many, *scheduler, *base)
    assert code == 0, err
    assert many.read_bytes() == one.read_bytes()
    rows = list(csv.reader(io.StringIO(many.read_text(encoding="utf-8"))))
    assert rows[0] == ["id", "notes", "contact"] and [r[0] for r in rows[1:]] == [f"v{i}" for i in range(11)]
    for _, notes, contact in rows[1:]:
        assert contact == "[CONTACT_1]" and "wrote from [CONTACT_1]" in notes  # one memory per row
    text = many.read_text(encoding="utf-8")
    assert not any(m in text for m in MAILS) and "s3" not in text and "Person" not in text


def test_nested_json_and_jsonl_through_dask_with_keyed_pseudonyms(tmp_path, capsys, rules_model, key, scheduler):
    """JSON array -> JSON array, nested JSONL (list items) -> JSONL: equal to one process, item by item;
    a keyed pseudonym of an address is the same in every record, whichever worker ran it."""
    data = nested(9)
    src_json = write(tmp_path / "in.json", json.dumps(data, indent=1))
    src_jsonl = write_jsonl(tmp_path / "in.jsonl", data)
    fields = ["--anonymize-fields", "patient.notes,notes.*.text", "--keep-fields", "notes.*.by"]
    base = ["--model", rules_model, "--rules-only", "--strategy", "pseudonym", *key, *fields, "--quiet",
            "--batch-size", "2"]
    outputs = {}
    for src, suffix in ((src_json, "json"), (src_jsonl, "jsonl")):
        one, many = tmp_path / f"one.{suffix}", tmp_path / f"many.{suffix}"
        assert cli(capsys, src, "-o", one, *base)[0] == 0
        code, _, err = cli(capsys, src, "-o", many, *scheduler, *base)
        assert code == 0, err
        assert many.read_bytes() == one.read_bytes()
        outputs[suffix] = json.loads(many.read_text()) if suffix == "json" else read_jsonl(many)
    assert outputs["json"] == outputs["jsonl"]
    records = outputs["jsonl"]
    assert [r["id"] for r in records] == [f"p{i}" for i in range(9)] and "mrn" not in records[0]
    pseudonyms = {}
    for i, record in enumerate(records):
        spans = record["field_spans"]
        assert set(spans) == {"patient.notes", "notes.0.text", "notes.1.text"}
        mail = MAILS[i % 3]
        in_notes = {s["replacement"] for s in spans["patient.notes"]}
        in_item = {s["replacement"] for s in spans["notes.0.text"]}
        assert in_notes == in_item and len(in_notes) == 1  # the fields of a record agree
        pseudonyms.setdefault(mail, set()).update(in_notes)
        assert mail not in json.dumps(record)
    assert all(len(v) == 1 for v in pseudonyms.values()) and len(pseudonyms) == 3  # and records agree


def test_dask_runs_the_records_on_both_workers(tmp_path, capsys, rules_model, scheduler):
    """The partitions of a run really spread over the two worker processes (each loads the pipeline)."""
    from distributed import Client

    src = write_csv(tmp_path / "in.csv", table_rows(16))
    code, _, err = cli(capsys, src, "-o", tmp_path / "o.csv", *scheduler, "--model", rules_model, "--rules-only",
                       "--anonymize-fields", "notes", "--quiet", "--batch-size", "1")
    assert code == 0, err
    with Client(scheduler[-1]) as client:
        loaded = client.run(_pipelines_loaded)
    assert len(loaded) == 2 and all(n >= 1 for n in loaded.values())


def _pipelines_loaded():
    from spacy_anon.engines import base

    return len(base._PIPELINES)


def test_a_partial_csv_output_resumes_on_dask_to_the_one_process_output(tmp_path, capsys, monkeypatch, rules_model,
                                                                        scheduler):
    """A run that stopped (here: a record the local pipeline refuses) keeps its rows; --resume on the
    cluster writes the rest, and the file is byte for byte the one a single uninterrupted process writes."""
    import spacy_anon.cli.runner as runner
    from spacy.language import Language

    from spacy_anon.engines.resume import partial_file

    if "test_engines_structured_stop" not in Language.factories:
        @Language.component("test_engines_structured_stop")
        def stop(doc):
            if "Visit 6:" in doc.text:
                raise ValueError("boom")
            return doc

    real = runner.load_pipeline
    src = write_csv(tmp_path / "in.csv", table_rows(10))
    out, reference = tmp_path / "out.csv", tmp_path / "ref.csv"
    base = ["--model", rules_model, "--rules-only", "--anonymize-fields", "notes,contact", "--quiet",
            "--batch-size", "2", "--resume"]
    with monkeypatch.context() as patch:
        patch.setattr(runner, "load_pipeline",
                      lambda options: _with_pipe(real(options), "test_engines_structured_stop"))
        code, _, err = cli(capsys, src, "-o", out, *base)
    assert code == 1 and "output kept: 6 record(s)" in err and partial_file(out).exists()
    code, _, err = cli(capsys, src, "-o", out, *scheduler, *base)
    assert code == 0, err
    assert cli(capsys, src, "-o", reference, *base[:-1])[0] == 0
    assert out.read_bytes() == reference.read_bytes() and not partial_file(out).exists()


def _with_pipe(nlp, name):
    nlp.add_pipe(name, first=True)
    return nlp


def test_tsv_through_forked_workers_equals_one_process(tmp_path, capsys, rules_model):
    src = write_csv(tmp_path / "in.tsv", table_rows(7), delimiter="\t")
    base = ["--model", rules_model, "--rules-only", "--anonymize-fields", "notes,contact", "--quiet",
            "--batch-size", "2", "--format", "jsonl"]
    one, many = tmp_path / "one.jsonl", tmp_path / "many.jsonl"
    assert cli(capsys, src, "-o", one, *base)[0] == 0
    assert cli(capsys, src, "-o", many, "--n-process", "2", *base)[0] == 0
    assert many.read_bytes() == one.read_bytes() and [r["id"] for r in read_jsonl(many)] == list(range(1, 8))


def test_structured_engine_usage_errors(tmp_path, capsys, rules_model):
    src = write_csv(tmp_path / "in.csv", table_rows(2))
    base = ["--model", rules_model, "--rules-only", "--anonymize-fields", "notes"]
    code, _, err = cli(capsys, src, "-o", tmp_path / "o.csv", "--engine", "dask", "--consistent-across-docs", *base)
    assert code == 2 and "E905" in err
    code, _, err = cli(capsys, src, "--resume", *base)  # stdout cannot resume
    assert code == 2 and "E911" in err
    code, _, err = cli(capsys, src, "-o", tmp_path / "o.csv", "--scheduler", "tcp://127.0.0.1:1", *base)
    assert code == 2 and "--engine dask" in err
    assert not (tmp_path / "o.csv").exists()
