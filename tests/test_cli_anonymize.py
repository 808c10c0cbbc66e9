"""End-to-end tests of `spacy-anon anonymize` on temporary files (real default pipeline)."""
import json
import os
import subprocess
import sys
from pathlib import Path

from cli_support import check_anon_offsets, cli, read_jsonl, write, write_jsonl

from spacy_anon.cli import anonymize as anonymize_cli
from spacy_anon.cli import runner

EMAIL_A = "jane.roe@example.com"
EMAIL_B = "r.miller@example.org"
SECRET_IN_BAD_LINE = "leaky.secret@example.net"
SPAN_KEYS = {"start", "end", "label", "type", "entity", "identifier", "replacement", "anon_start", "anon_end"}


def leftovers(folder: Path):
    return [p.name for p in folder.iterdir() if p.name.startswith(".")]


def apply_spans(text, spans):
    out, pos = [], 0
    for span in sorted(spans, key=lambda s: s["start"]):
        out.append(text[pos:span["start"]])
        out.append(span["replacement"])
        pos = span["end"]
    out.append(text[pos:])
    return "".join(out)


# --- text files and folders ---------------------------------------------------------------------------


def test_txt_to_text_file(tmp_path, capsys):
    src = write(tmp_path / "in.txt", f"Please write to {EMAIL_A} before Monday.\n")
    out = tmp_path / "out" / "anon.txt"
    code, stdout, err = cli(capsys, src, "-o", out)
    assert code == 0, err
    result = out.read_text(encoding="utf-8")
    assert EMAIL_A not in result and result.endswith("\n")
    assert stdout == ""
    assert leftovers(out.parent) == []
    assert EMAIL_A not in err
    # the text output is exactly the "anonymized" field of the jsonl output
    assert cli(capsys, src, "--format", "jsonl", "-o", tmp_path / "r.jsonl")[0] == 0
    assert read_jsonl(tmp_path / "r.jsonl")[0]["anonymized"] == result


def test_txt_to_stdout(tmp_path, capsys, rules_model):
    src = write(tmp_path / "in.txt", f"Contact: {EMAIL_A}")
    code, stdout, err = cli(capsys, src, "--model", rules_model, "--rules-only")
    assert code == 0, err
    assert stdout.startswith("Contact: ") and EMAIL_A not in stdout


def test_folder_mirrors_names(tmp_path, capsys):
    src = tmp_path / "docs"
    write(src / "a.txt", f"Mail {EMAIL_A}.")
    write(src / "sub" / "b.txt", f"Mail {EMAIL_B}.")
    write(src / "notes.md", "not a text file")
    out = tmp_path / "anon"
    code, _, err = cli(capsys, src, "-o", out)
    assert code == 0, err
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert files == ["a.txt", "sub/b.txt"]
    assert EMAIL_A not in (out / "a.txt").read_text() and EMAIL_B not in (out / "sub" / "b.txt").read_text()
    assert leftovers(out) == []


def test_folder_needs_output_and_refuses_itself(tmp_path, capsys):
    src = tmp_path / "docs"
    write(src / "a.txt", "x")
    assert cli(capsys, src)[0] == 2
    assert cli(capsys, src, "-o", src)[0] == 2
    assert (src / "a.txt").read_text() == "x"


def test_txt_as_jsonl_contract(tmp_path, capsys):
    text = f"Mr Peter Hansen (e-mail {EMAIL_A}) lodged the application on 3 May 2004."
    src = write(tmp_path / "case.txt", text)
    out = tmp_path / "case.jsonl"
    code, _, err = cli(capsys, src, "--format", "jsonl", "-o", out)
    assert code == 0, err
    [record] = read_jsonl(out)
    assert list(record) == ["id", "anonymized", "spans"]  # no original value by default
    assert record["id"] == "case.txt"
    assert record["spans"], "the e-mail address must be found"
    for span in record["spans"]:  # nor offsets into the original: they would give each value's length
        assert list(span) == ["label", "type", "entity", "identifier", "replacement", "anon_start", "anon_end"]
    check_anon_offsets(record)

    # --original-offsets: start/end into the original text as well
    code, _, err = cli(capsys, src, "--format", "jsonl", "-o", out, "--original-offsets")
    assert code == 0, err
    [record] = read_jsonl(out)
    for span in record["spans"]:
        assert list(span) == ["start", "end", "label", "type", "entity", "identifier", "replacement",
                              "anon_start", "anon_end"]
        assert 0 <= span["start"] < span["end"] <= len(text)
    assert any(text[s["start"]:s["end"]] == EMAIL_A for s in record["spans"])
    raw = out.read_text(encoding="utf-8")
    assert EMAIL_A not in raw and "Hansen" not in raw and "3 May 2004" not in raw
    assert apply_spans(text, record["spans"]) == record["anonymized"]
    check_anon_offsets(record)

    # --include-original: the text after "id" and each span's original value (a warning says so)
    code, _, err = cli(capsys, src, "--format", "jsonl", "-o", out, "--include-original", "--quiet")
    assert code == 0, err
    assert "warning" in err and "original" in err and len(err.strip().splitlines()) == 1
    [full] = read_jsonl(out)
    assert list(full) == ["id", "text", "anonymized", "spans"] and full["text"] == text
    assert all(span["text"] == text[span["start"]:span["end"]] for span in full["spans"])
    assert [{k: v for k, v in span.items() if k not in ("text", "source", "score")}
            for span in full["spans"]] == record["spans"]


# --- JSONL ----------------------------------------------------------------------------------------------


def test_jsonl_bad_lines_fail_without_skip(tmp_path, capsys):
    src = write_jsonl(tmp_path / "in.jsonl", [
        {"id": 1, "text": f"Mail {EMAIL_A}"},
        '{"id": 2, "text": "' + SECRET_IN_BAD_LINE,  # truncated JSON
        {"id": 3, "text": 42, "note": SECRET_IN_BAD_LINE},
        {"id": 4, "body": SECRET_IN_BAD_LINE},
    ])
    out = tmp_path / "out.jsonl"
    code, stdout, err = cli(capsys, src, "-o", out)
    assert code == 1
    assert "line 2" in err and str(src) in err
    assert not out.exists() and leftovers(tmp_path) == []
    assert SECRET_IN_BAD_LINE not in err + stdout


def test_jsonl_bad_lines_skipped_and_reported(tmp_path, capsys):
    src = write_jsonl(tmp_path / "in.jsonl", [
        {"id": 1, "text": f"Mail {EMAIL_A}"},
        '{"id": 2, "text": "' + SECRET_IN_BAD_LINE,
        {"id": 3, "text": 42, "note": SECRET_IN_BAD_LINE},
        {"id": 4, "body": SECRET_IN_BAD_LINE},
        '["' + SECRET_IN_BAD_LINE + '"]',
        {"id": 6, "text": f"Mail {EMAIL_B}"},
    ])
    out = tmp_path / "out.jsonl"
    code, stdout, err = cli(capsys, src, "-o", out, "--skip-invalid")
    assert code == 0, err
    assert [r["id"] for r in read_jsonl(out)] == [1, 6]
    for line_no in (2, 3, 4, 5):
        assert f"line {line_no}:" in err
    assert "line 1:" not in err and "line 6:" not in err
    assert SECRET_IN_BAD_LINE not in err + stdout


def test_jsonl_invalid_utf8_line(tmp_path, capsys):
    src = tmp_path / "in.jsonl"
    src.write_bytes(b'{"id": 1, "text": "ok"}\n{"id": 2, "text": "caf\xe9"}\n')
    code, _, err = cli(capsys, src, "-o", tmp_path / "out.jsonl")
    assert code == 1
    assert "line 2" in err and "invalid UTF-8" in err and "byte offset 46" in err  # 24 + 22
    assert not (tmp_path / "out.jsonl").exists()


def test_invalid_utf8_text_file(tmp_path, capsys):
    src = tmp_path / "latin1.txt"
    src.write_bytes("Grüße from Zoë".encode("latin-1"))
    code, stdout, err = cli(capsys, src, "-o", tmp_path / "out.txt")
    assert code == 1
    assert str(src) in err and "invalid UTF-8 at byte offset 2" in err
    assert stdout == "" and not (tmp_path / "out.txt").exists()


def test_invalid_utf8_in_folder_fails_whole_run(tmp_path, capsys):
    src = tmp_path / "docs"
    write(src / "a.txt", f"Mail {EMAIL_A}")
    (src / "b.txt").write_bytes(b"bad \xff byte")
    out = tmp_path / "anon"
    code, _, err = cli(capsys, src, "-o", out)
    assert code == 1 and "b.txt" in err and "byte offset 4" in err
    assert not out.exists() or list(out.rglob("*.txt")) == []


def test_empty_text_file(tmp_path, capsys):
    src = write(tmp_path / "empty.txt", "")
    out = tmp_path / "empty.jsonl"
    assert cli(capsys, src, "--format", "jsonl", "-o", out)[0] == 0
    [record] = read_jsonl(out)
    assert record["anonymized"] == "" and record["spans"] == []


def test_stdin(tmp_path, capsys, monkeypatch, rules_model):
    import io

    fake_stdin = io.TextIOWrapper(io.BytesIO(f"Mail {EMAIL_A} now".encode()), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", fake_stdin)
    code, stdout, err = cli(capsys, "-", "--model", rules_model, "--rules-only")
    assert code == 0, err
    assert stdout.startswith("Mail ") and stdout.endswith(" now") and EMAIL_A not in stdout


def test_usage_errors(tmp_path, capsys):
    src = write_jsonl(tmp_path / "in.jsonl", [{"id": 1, "text": "x"}])
    assert cli(capsys, src, "--format", "text")[0] == 2
    assert cli(capsys, tmp_path / "missing.txt")[0] == 2
    assert cli(capsys, src, "-o", src)[0] == 2  # never overwrite the input
    assert cli(capsys, src, "--n-process", "0")[0] == 2
    code, _, err = cli(capsys, src, "--key-env", "SPACY_ANON_SURELY_UNSET_VAR")
    assert code == 2 and "SPACY_ANON_SURELY_UNSET_VAR" in err


# --- long documents ---------------------------------------------------------------------------------------


def test_long_document_chunked_offsets_round_trip(tmp_path, capsys, rules_model):
    paragraphs = [
        f"Paragraph {i}. The applicant wrote to {EMAIL_A if i % 2 else EMAIL_B} on the same day. "
        "The Government did not reply."
        for i in range(40)
    ]
    text = "\n\n".join(paragraphs) + "\n"
    src = write(tmp_path / "long.txt", text)
    out = tmp_path / "long.jsonl"
    code, _, err = cli(capsys, src, "--format", "jsonl", "-o", out, "--max-length", "500",
                       "--model", rules_model, "--rules-only", "--original-offsets")
    assert code == 0, err
    assert "chunks" in err
    [record] = read_jsonl(out)
    spans = record["spans"]
    check_anon_offsets(record)
    found = {}
    for span in spans:
        found.setdefault(text[span["start"]:span["end"]], set()).add((span["entity"], span["replacement"]))
    assert set(found) >= {EMAIL_A, EMAIL_B}
    assert sum(text[s["start"]:s["end"]] == EMAIL_A for s in spans) == 20
    # one memory across chunks: each address keeps one entity id and one replacement
    assert len(found[EMAIL_A]) == 1 and len(found[EMAIL_B]) == 1
    assert found[EMAIL_A] != found[EMAIL_B]
    assert apply_spans(text, spans) == record["anonymized"]
    assert len(record["anonymized"].split("\n\n")) == 40

    # the same text in one piece gives the same spans
    code, _, err = cli(capsys, src, "--format", "jsonl", "-o", tmp_path / "whole.jsonl", "--model", rules_model, "--rules-only",
                       "--original-offsets")
    assert code == 0, err
    [whole] = read_jsonl(tmp_path / "whole.jsonl")
    assert [(s["start"], s["end"], s["label"]) for s in whole["spans"]] == \
        [(s["start"], s["end"], s["label"]) for s in spans]


# --- fail closed ----------------------------------------------------------------------------------------


def _patched_loader(monkeypatch, mutate):
    real = runner.load_pipeline

    def load(options):
        nlp = real(options)
        mutate(nlp)
        return nlp

    monkeypatch.setattr(runner, "load_pipeline", load)


def test_status_not_ok_is_an_error(tmp_path, capsys, monkeypatch):
    from spacy.language import Language

    name = "test_cli_forget_status"
    if name not in Language.factories:
        @Language.component(name)
        def forget_status(doc):
            if "second" in doc.text:
                doc._.anon_status = None
            return doc

    _patched_loader(monkeypatch, lambda nlp: nlp.add_pipe(name, last=True))
    src = write_jsonl(tmp_path / "in.jsonl", [
        {"id": 1, "text": f"first {EMAIL_A}"},
        {"id": 2, "text": f"second {EMAIL_B}"},
    ])
    out = tmp_path / "out.jsonl"
    code, stdout, err = cli(capsys, src, "-o", out)
    assert code == 1
    assert "line 2" in err and "not anonymized" in err
    assert not out.exists() and leftovers(tmp_path) == []
    assert EMAIL_A not in stdout + err and EMAIL_B not in stdout + err

    # the same for a long document processed in chunks: one bad chunk fails the whole document
    long_text = "\n\n".join([f"first part {EMAIL_A}."] * 10 + [f"second part {EMAIL_B}."])
    src = write(tmp_path / "long.txt", long_text)
    code, stdout, err = cli(capsys, src, "-o", tmp_path / "long.out.txt", "--max-length", "100")
    assert code == 1 and "chunk" in err and "not anonymized" in err
    assert not (tmp_path / "long.out.txt").exists()
    assert EMAIL_B not in stdout + err


def test_exception_in_pipeline_leaves_nothing(tmp_path, capsys, monkeypatch):
    from spacy.language import Language

    name = "test_cli_explode"
    if name not in Language.factories:
        @Language.component(name)
        def explode(doc):
            if "boom" in doc.text:
                raise ValueError(f"cannot handle {doc.text}")  # a message quoting the document
            return doc

    _patched_loader(monkeypatch, lambda nlp: nlp.add_pipe(name, first=True))
    src = tmp_path / "docs"
    write(src / "a.txt", f"fine {EMAIL_A}")
    write(src / "b.txt", f"boom {EMAIL_B}")
    out = tmp_path / "anon"
    code, stdout, err = cli(capsys, src, "-o", out)
    assert code == 1 and "ValueError" in err
    assert EMAIL_B not in err + stdout
    assert list(out.rglob("*")) == [] if out.exists() else True


# --- options ----------------------------------------------------------------------------------------------


def test_consistent_across_docs(tmp_path, capsys):
    src = write_jsonl(tmp_path / "in.jsonl", [
        {"id": i, "text": f"Document {i}: write to {EMAIL_A} or {EMAIL_B}."} for i in range(3)
    ])
    out = tmp_path / "out.jsonl"
    assert cli(capsys, src, "-o", out, "--consistent-across-docs", "--strategy", "tag", "--original-offsets")[0] == 0
    per_value = {}
    texts = {r["id"]: r["text"] for r in read_jsonl(src)}
    for record in read_jsonl(out):
        for span in record["spans"]:
            value = texts[record["id"]][span["start"]:span["end"]]
            per_value.setdefault(value, set()).add(span["replacement"])
    assert per_value[EMAIL_A] and all(len(v) == 1 for v in per_value.values())
    assert per_value[EMAIL_A] != per_value[EMAIL_B]


def test_n_process_two_matches_one(tmp_path, capsys):
    """Forked workers (spacy_anon.workers) give the same records in the same order as one process, long
    documents (chunked) and anonymized fields included."""
    long_text = "\n\n".join(f"Part {j}: mail {EMAIL_B} today." for j in range(30))
    records = [{"id": i, "text": long_text if i % 3 == 1 else
                f"Doc {i}: mail {EMAIL_A} or call +44 20 7946 0{i:03d}.", "note": f"cc {EMAIL_B}"}
               for i in range(7)]
    src = write_jsonl(tmp_path / "in.jsonl", records)
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    opts = ["--strategy", "tag", "--max-length", "300", "--anonymize-fields", "note"]
    assert cli(capsys, src, "-o", one, *opts)[0] == 0
    code, _, err = cli(capsys, src, "-o", two, *opts, "--n-process", "2", "--batch-size", "2")
    assert code == 0, err
    assert "one process" not in err
    assert read_jsonl(one) == read_jsonl(two)
    assert [r["id"] for r in read_jsonl(two)] == list(range(7))
    for record in read_jsonl(two):  # the note's address gets the replacement it has in the text
        if record["id"] % 3 == 1:
            assert record["note"] == "cc [CONTACT_1]" and "mail [CONTACT_1] today" in record["anonymized"]
        else:
            assert record["note"] == "cc [CONTACT_3]"
    assert leftovers(tmp_path) == []


def test_python_dash_m(tmp_path):
    """The module entry point end to end (help and exit codes are covered in-process and by
    tests/test_install_entrypoints.py)."""
    src = write(tmp_path / "in.txt", f"Mail {EMAIL_A}")
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    done = subprocess.run([sys.executable, "-m", "spacy_anon", "anonymize", str(src), "--format", "jsonl",
                           "--original-offsets"],
                          capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    [record] = [json.loads(line) for line in done.stdout.splitlines()]
    assert EMAIL_A not in record["anonymized"]
    assert apply_spans(f"Mail {EMAIL_A}", record["spans"]) == record["anonymized"]
    assert EMAIL_A not in done.stderr + done.stdout


def test_strategy_choices_match_mask():
    from spacy_anon.mask.component import STRATEGIES

    assert anonymize_cli.STRATEGIES[:len(STRATEGIES)] == STRATEGIES  # built-ins first, then registered ones


def test_options_hold_every_flag_of_the_command_and_nothing_else():
    """The entry point reads the parsed flags into an Options once: a flag without a field would be lost."""
    from dataclasses import fields

    from spacy_anon.cli import build_parser
    from spacy_anon.cli.options import Options

    args = build_parser().parse_args(["anonymize", "in.txt", "--n-process", "3", "--keep-fields", "a"])
    flags = set(vars(args)) - {"command", "func"}
    assert flags == {f.name for f in fields(Options)}
    options = Options.from_args(args)
    assert (options.input, options.n_process, options.keep_fields, options.output_target) == ("in.txt", 3, "a", None)
    assert Options.from_args(build_parser().parse_args(["anonymize", "-"])) == Options()  # same defaults


def test_seed_makes_surrogates_repeatable(tmp_path, capsys):
    src = write_jsonl(tmp_path / "in.jsonl", [{"id": 1, "text": f"Mail {EMAIL_A} on 3 May 2004."}])
    outs = []
    for i in range(2):
        out = tmp_path / f"out{i}.jsonl"
        code, _, err = cli(capsys, src, "-o", out, "--strategy", "surrogate", "--seed", "7")
        assert code == 0, err
        outs.append(read_jsonl(out))
    assert outs[0] == outs[1]
    assert EMAIL_A not in outs[0][0]["anonymized"]


def test_pseudonym_key_from_env(tmp_path, capsys, monkeypatch):
    src = write_jsonl(tmp_path / "in.jsonl", [{"id": 1, "text": f"Mail {EMAIL_A}."}])
    monkeypatch.delenv("SPACY_ANON_KEY", raising=False)
    out = tmp_path / "out.jsonl"
    code, _, err = cli(capsys, src, "-o", out, "--strategy", "pseudonym")
    assert code == 1 and "key" in err and not out.exists()
    monkeypatch.setenv("MY_TEST_KEY", "s3cr3t-value-of-20ch")
    code, _, err = cli(capsys, src, "-o", out, "--strategy", "pseudonym", "--key-env", "MY_TEST_KEY",
                       "--original-offsets")
    assert code == 0, err
    assert "s3cr3t-value-of-20ch" not in out.read_text() + err
    [record] = read_jsonl(out)
    [email] = [s for s in record["spans"] if f"Mail {EMAIL_A}."[s["start"]:s["end"]] == EMAIL_A]
    assert email["replacement"].startswith("CONTACT_") and email["replacement"] != "[CONTACT_1]"


def test_allow_list_file_keeps_terms_from_every_detector(tmp_path, capsys):
    src = write(tmp_path / "in.txt", "The applicant complained to the European Commission of Human Rights. "
                                     "Mr John Smith was represented by Ms Anna Berg.\n")
    allow = write(tmp_path / "allow.txt", "# ECHR bodies\n\nEuropean Commission of Human Rights\nregex:Ms \\w+ Berg\n")
    code, out, _ = cli(capsys, src, "--allow-list", allow, "--quiet")
    assert code == 0
    assert "European Commission of Human Rights" in out and "Ms Anna Berg" in out and "John Smith" not in out
    bad = write(tmp_path / "bad.txt", "Court\nregex:(unclosed\n")
    code, out, err = cli(capsys, src, "--allow-list", bad, "--quiet")
    assert code == 2 and out == "" and "line 2" in err
    code, _, err = cli(capsys, src, "--allow-list", tmp_path / "missing.txt", "--quiet")
    assert code == 2 and "cannot read" in err
