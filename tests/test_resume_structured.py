"""`--resume` on structured inputs: CSV/TSV/JSON outputs keep an index of the records written beside the
partial output; a failed, interrupted or SIGKILLed run resumes to the output of an uninterrupted run,
byte for byte. Also: the progress bar and the messages of a resumed or interrupted run, the mode of the
file a finished run replaces, and CSV from stdin."""
import csv
import io
import os
import signal
import stat
import subprocess
import sys
import time

import pytest
from cli_support import cli, raise_on, read_jsonl, write, write_jsonl

from spacy_anon.engines.resume import complete_entries, index_file, meta_file, partial_file

MAIL = "dana.quennell@example.com"
RULES = ["--rules-only"]


def rows(n, stop_at=None):
    out = [["id", "name", "notes", "contact"]]
    for i in range(n):
        notes = f"Visit {i}: Ms Quennell wrote from {MAIL}, \"urgent\",\nthen from office{i}@example.org."
        if i == stop_at:
            notes += " STOPHERE"
        out.append([f"v{i}", f"Ms Person{i}", notes, MAIL])
    return out


def write_csv(path, table):
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(table)
    return write(path, buffer.getvalue())


def _raise_on(monkeypatch, word, error=ValueError):
    """The pipeline raises on a text holding `word` (the run stops at that record)."""
    raise_on(monkeypatch, word, error)


def _args(rules_model, *extra):
    return ("--model", rules_model, *RULES, "--anonymize-fields", "notes,contact", "--keep-fields", "id",
            "--batch-size", "2", *extra)


@pytest.mark.parametrize("out_name", ["out.csv", "out.tsv", "out.json", "out.jsonl"])
def test_a_failed_structured_run_resumes_to_the_uninterrupted_output(tmp_path, capsys, monkeypatch, rules_model,
                                                                     out_name):
    src = write_csv(tmp_path / "in.csv", rows(9, stop_at=5))
    out, reference = tmp_path / out_name, tmp_path / f"ref.{out_name}"
    fmt = out_name.split(".")[1]
    args = _args(rules_model, "--format", fmt, "--quiet")
    with monkeypatch.context() as patch:
        _raise_on(patch, "STOPHERE")
        code, _, err = cli(capsys, src, "-o", out, "--resume", *args)
    assert code == 1 and "line" in err and "--resume" in err and "no output written" not in err
    assert "output kept: 4 record(s)" in err  # the batches before the failing one, whole
    partial = partial_file(out)
    assert not out.exists() and partial.exists() and meta_file(partial).exists()
    if fmt != "jsonl":
        with index_file(partial).open("rb") as fh:
            kept_ids = [i for _, _, i in complete_entries(fh, partial.stat().st_size)]
            assert kept_ids == ["v0", "v1", "v2", "v3"]
        # a run killed while writing a row leaves it without its index line: it is cut, then redone
        with partial.open("a", encoding="utf-8") as fh:
            fh.write('v4,"Visit 4: Ms Quennell wrote from [CONT')
    code, _, err = cli(capsys, src, "-o", out, "--resume", *args[:-1])  # not --quiet: the summary
    assert code == 0, err
    assert "resumed: 4 more were written by the interrupted run" in err
    assert not partial.exists() and not meta_file(partial).exists() and not index_file(partial).exists()
    assert cli(capsys, src, "-o", reference, *args)[0] == 0
    assert out.read_bytes() == reference.read_bytes()
    assert MAIL not in out.read_text(encoding="utf-8")


def test_resumed_progress_counts_what_was_kept_and_the_final_file_keeps_its_mode(tmp_path, capsys, monkeypatch,
                                                                                 rules_model):
    src = write_csv(tmp_path / "in.csv", rows(12, stop_at=8))
    out = tmp_path / "out.csv"
    out.write_text("an older output\n")
    os.chmod(out, 0o640)
    with monkeypatch.context() as patch:
        _raise_on(patch, "STOPHERE")
        assert cli(capsys, src, "-o", out, "--resume", *_args(rules_model, "--quiet"))[0] == 1
    assert stat.S_IMODE(partial_file(out).stat().st_mode) == 0o600  # an unfinished output: the owner's only
    code, _, err = cli(capsys, src, "-o", out, "--resume", *_args(rules_model))
    assert code == 0, err
    assert " 8/12 " in err and "12/12" in err  # the bar starts at the 8 records kept
    assert stat.S_IMODE(out.stat().st_mode) == 0o600  # it holds kept originals: narrower than the file it replaced


def test_jsonl_resume_keeps_the_mode_and_a_folder_bar_counts_staged_files(tmp_path, capsys, monkeypatch, rules_model):
    data = [{"id": f"r{i}", "text": f"Mail {MAIL} {i}" + (" STOPHERE" if i == 3 else "")} for i in range(6)]
    src = write_jsonl(tmp_path / "in.jsonl", data)
    out = tmp_path / "out.jsonl"
    out.write_text("old\n")
    os.chmod(out, 0o604)
    with monkeypatch.context() as patch:
        _raise_on(patch, "STOPHERE")
        assert cli(capsys, src, "-o", out, "--resume", "--model", rules_model, *RULES, "--batch-size", "1")[0] == 1
    code, _, err = cli(capsys, src, "-o", out, "--resume", "--model", rules_model, *RULES)
    assert code == 0, err
    assert " 3/6 " in err
    assert stat.S_IMODE(out.stat().st_mode) == 0o604 and len(read_jsonl(out)) == 6

    folder = tmp_path / "docs"
    for i in range(4):
        write(folder / f"d{i}.txt", f"Mail {MAIL} {i}" + (" STOPHERE" if i == 2 else ""))
    anon = tmp_path / "anon"
    with monkeypatch.context() as patch:
        _raise_on(patch, "STOPHERE")
        assert cli(capsys, folder, "-o", anon, "--resume", "--model", rules_model, *RULES, "--batch-size", "1")[0] == 1
    code, _, err = cli(capsys, folder, "-o", anon, "--resume", "--model", rules_model, *RULES)
    assert code == 0, err
    assert " 2/4 " in err and "resumed: 2 more" in err


def test_ctrl_c_says_what_was_kept(tmp_path, capsys, monkeypatch, rules_model):
    src = write_csv(tmp_path / "in.csv", rows(8, stop_at=6))
    out = tmp_path / "out.csv"
    with monkeypatch.context() as patch:
        _raise_on(patch, "STOPHERE", KeyboardInterrupt)
        code, _, err = cli(capsys, src, "-o", out, "--resume", *_args(rules_model, "--quiet"))
    assert code == 128 + signal.SIGINT
    assert "interrupted; partial output kept: 6 record(s) in" in err and str(partial_file(out)) in err
    assert "no output written" not in err and "Traceback" not in err
    with monkeypatch.context() as patch:  # without --resume nothing is kept, and the message says so
        _raise_on(patch, "STOPHERE", KeyboardInterrupt)
        code, _, err = cli(capsys, src, "-o", tmp_path / "other.csv", *_args(rules_model, "--quiet"))
    assert code == 128 + signal.SIGINT and "interrupted; no output written" in err
    assert not (tmp_path / "other.csv").exists()


def test_resume_refuses_another_header_and_other_ids(tmp_path, capsys, monkeypatch, rules_model):
    src = write_csv(tmp_path / "in.csv", rows(6, stop_at=4))
    out = tmp_path / "out.csv"
    with monkeypatch.context() as patch:
        _raise_on(patch, "STOPHERE")
        assert cli(capsys, src, "-o", out, "--resume", *_args(rules_model, "--quiet"))[0] == 1
    before = partial_file(out).read_bytes()
    # the same columns in another order: the same row numbers, but another output header
    write_csv(src, [[r[0], r[3], r[1], r[2]] for r in rows(6)])
    code, _, err = cli(capsys, src, "-o", out, "--resume", *_args(rules_model, "--quiet"))
    assert code == 2 and "E910" in err and MAIL not in err

    data = [{"id": f"a{i}", "notes": [{"text": MAIL + (" STOPHERE" if i == 3 else "")}]} for i in range(5)]
    jsrc = write_jsonl(tmp_path / "in.jsonl", data)
    jout = tmp_path / "out.json"
    jargs = ("--model", rules_model, *RULES, "--anonymize-fields", "notes.*.text", "--format", "json",
             "--batch-size", "1", "--quiet")
    with monkeypatch.context() as patch:
        _raise_on(patch, "STOPHERE")
        assert cli(capsys, jsrc, "-o", jout, "--resume", *jargs)[0] == 1
    write_jsonl(jsrc, [{"id": f"b{i}", "notes": [{"text": MAIL}]} for i in range(5)])
    code, _, err = cli(capsys, jsrc, "-o", jout, "--resume", *jargs)
    assert code == 2 and "E903" in err and "record 1" in err
    assert partial_file(out).read_bytes() == before  # a refused resume changes nothing


def test_csv_from_stdin(tmp_path, capsys, monkeypatch, rules_model):
    data = write_csv(tmp_path / "in.csv", rows(3)).read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    code, out, err = cli(capsys, "-", "--input-format", "csv", *_args(rules_model, "--quiet"))
    assert code == 0, err
    table = list(csv.reader(io.StringIO(out)))
    assert table[0] == ["id", "notes", "contact"] and [r[0] for r in table[1:]] == ["v0", "v1", "v2"]
    assert MAIL not in out and all(r[2] == "[CONTACT_1]" for r in table[1:])
    bad = b"id,notes\nv0,\"unclosed\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(bad), encoding="utf-8"))
    code, out, err = cli(capsys, "-", "--input-format", "csv", "--model", rules_model, *RULES,
                         "--anonymize-fields", "notes")
    assert code == 1 and "<stdin> line 2" in err and out == ""


@pytest.mark.slow
def test_a_sigkilled_csv_run_resumes_to_the_uninterrupted_output(tmp_path, rules_model):
    """A real subprocess killed with SIGKILL while writing CSV: no file under the output's name; --resume
    finishes it, byte for byte the output of a run that was never interrupted."""
    src = write_csv(tmp_path / "in.csv", rows(4000))
    out = tmp_path / "out.csv"
    argv = [sys.executable, "-m", "spacy_anon", "anonymize", str(src), "-o", str(out), "--resume",
            *map(str, _args(rules_model, "--quiet"))]
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    partial = partial_file(out)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not partial.exists() or partial.stat().st_size < 150_000):
        assert proc.poll() is None, proc.stderr.read()[-2000:]
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    proc.stderr.close()
    assert not out.exists() and partial.exists()
    with index_file(partial).open("rb") as fh:
        kept = sum(1 for _ in complete_entries(fh, partial.stat().st_size))
    assert 0 < kept < 4000

    resumed = subprocess.run(argv[:-1], capture_output=True, text=True)
    assert resumed.returncode == 0, resumed.stderr[-2000:]
    assert f"resumed: {kept} more" in resumed.stderr
    reference = tmp_path / "ref.csv"
    subprocess.run(argv[:6] + [str(reference)] + argv[8:], check=True)
    assert out.read_bytes() == reference.read_bytes()
