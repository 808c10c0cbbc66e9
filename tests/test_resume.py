"""`spacy-anon anonymize --resume`: an interrupted run leaves its output under a clearly partial name, and
the same command with --resume continues it: every record once, in input order, equal to an
uninterrupted run. Runs without --resume keep their all-or-nothing output (test_cli_signals.py)."""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_support import cli, raise_on, read_jsonl, write, write_jsonl

import spacy_anon.cli.anonymize as anonymize_cli
from spacy_anon.engines.resume import complete_lines, meta_file, partial_file, partial_folder

EMAIL = "dana.quennell@example.com"
# a blank --model runs the rule recognizers only; newer versions ask for that to be said
RULES_ONLY = ["--rules-only"] if '"--rules-only"' in Path(anonymize_cli.__file__).read_text() else []


def records(n, start=0):
    return [{"id": f"r{i}", "text": f"Record {i}: Ms Dana Quennell wrote to {EMAIL} and to "
                                     f"office{i}@example.org on 3 May 2020."} for i in range(start, start + n)]


def _explode_on(monkeypatch, word):
    """The pipeline raises on a text holding `word` (the run stops at that record)."""
    raise_on(monkeypatch, word)


def test_a_failed_run_keeps_its_partial_output_and_resume_completes_it(tmp_path, capsys, monkeypatch,
                                                                        rules_model):
    data = records(12)
    data[9]["text"] += " STOPHERE"
    src = write_jsonl(tmp_path / "in.jsonl", data)
    out = tmp_path / "out.jsonl"
    reference = tmp_path / "ref.jsonl"
    args = ("--model", rules_model, *RULES_ONLY, "--batch-size", "2", "--quiet")

    with monkeypatch.context() as patch:
        _explode_on(patch, "STOPHERE")
        code, _, err = cli(capsys, src, "-o", out, "--resume", *args)
    assert code == 1 and "line 10" in err and "--resume" in err
    assert not out.exists()  # nothing under the output's own name
    partial = partial_file(out)
    assert partial.name == ".out.jsonl.spacy-anon.partial" and meta_file(partial).exists()
    written = [json.loads(line)["id"] for line in partial.read_text().splitlines()]
    assert written == [f"r{i}" for i in range(8)]  # the batches before the failing one, whole

    # a run killed in the middle of a line leaves a truncated last line: it is cut, then redone
    with partial.open("a", encoding="utf-8") as fh:
        fh.write('{"id": "r8", "anonymized": "Record 8: Ms')
    code, _, err = cli(capsys, src, "-o", out, "--resume", *args)
    assert code == 0, err
    assert not partial.exists() and not meta_file(partial).exists()

    assert cli(capsys, src, "-o", reference, *args)[0] == 0
    assert out.read_bytes() == reference.read_bytes()  # every record once, in order, as an uninterrupted run
    assert [r["id"] for r in read_jsonl(out)] == [r["id"] for r in data]


def test_a_partial_output_is_not_overwritten_without_resume(tmp_path, capsys, monkeypatch, rules_model):
    src = write_jsonl(tmp_path / "in.jsonl", records(4) + [{"id": "x", "text": "STOPHERE"}])
    out = tmp_path / "out.jsonl"
    with monkeypatch.context() as patch:
        _explode_on(patch, "STOPHERE")
        assert cli(capsys, src, "-o", out, "--resume", "--model", rules_model, *RULES_ONLY, "--batch-size", "1")[0] == 1
    before = partial_file(out).read_bytes()
    code, _, err = cli(capsys, src, "-o", out, "--model", rules_model, *RULES_ONLY)
    assert code == 2 and "E901" in err and "--resume" in err
    assert partial_file(out).read_bytes() == before and not out.exists()


def test_resume_refuses_other_settings_and_another_input(tmp_path, capsys, monkeypatch, rules_model):
    src = write_jsonl(tmp_path / "in.jsonl", records(4) + [{"id": "x", "text": "STOPHERE"}])
    out = tmp_path / "out.jsonl"
    with monkeypatch.context() as patch:
        _explode_on(patch, "STOPHERE")
        assert cli(capsys, src, "-o", out, "--resume", "--model", rules_model, *RULES_ONLY, "--batch-size", "1",
                   "--strategy", "tag")[0] == 1
    code, _, err = cli(capsys, src, "-o", out, "--resume", "--model", rules_model, *RULES_ONLY, "--strategy", "mask_chars")
    assert code == 2 and "E900" in err

    # the same settings, but the input's first records are no longer those written
    write_jsonl(src, records(4, start=100))
    code, _, err = cli(capsys, src, "-o", out, "--resume", "--model", rules_model, *RULES_ONLY, "--strategy", "tag")
    assert code == 2 and "E903" in err and "record 1" in err
    assert EMAIL not in err and partial_file(out).exists()


def test_two_runs_cannot_write_one_partial_output(tmp_path, capsys, rules_model):
    src = write_jsonl(tmp_path / "in.jsonl", records(2))
    out = tmp_path / "out.jsonl"
    partial = partial_file(out)
    from spacy_anon.cli.messages import CLIError
    from spacy_anon.cli.writers import Output

    holder = Output(out, folder=False, resume="same")  # another run holding the lock
    try:
        with pytest.raises(CLIError, match="E902"):
            Output(out, folder=False, resume="same")
    finally:
        holder.discard()
    assert not partial.exists()  # the holder wrote nothing: nothing to resume, nothing left


def test_resume_needs_an_output_it_can_continue(tmp_path, capsys, rules_model):
    src = write_jsonl(tmp_path / "in.jsonl", records(2))
    code, _, err = cli(capsys, src, "--resume", "--model", rules_model, *RULES_ONLY)
    assert code == 2 and "E904" in err
    txt = write(tmp_path / "a.txt", "Write to dana@example.com.")
    code, _, err = cli(capsys, txt, "-o", tmp_path / "a.out.txt", "--resume", "--model", rules_model, *RULES_ONLY)
    assert code == 2 and "E904" in err
    code, _, err = cli(capsys, src, "-o", tmp_path / "o.jsonl", "--resume", "--consistent-across-docs",
                       "--model", rules_model, *RULES_ONLY)
    assert code == 2 and "E905" in err


def test_folder_resume_skips_the_files_already_written(tmp_path, capsys, monkeypatch, rules_model):
    src = tmp_path / "docs"
    for i in range(6):
        write(src / "sub" / f"d{i}.txt", f"Document {i}: write to {EMAIL}.\n" + (" STOPHERE" if i == 4 else ""))
    out = tmp_path / "anon"
    with monkeypatch.context() as patch:
        _explode_on(patch, "STOPHERE")
        code, _, err = cli(capsys, src, "-o", out, "--resume", "--model", rules_model, *RULES_ONLY, "--batch-size", "1")
    assert code == 1
    staged = partial_folder(out)
    done = sorted(p.name for p in staged.rglob("*.txt"))
    assert done == [f"d{i}.txt" for i in range(4)]
    assert not list(out.glob("sub/*.txt"))  # nothing in place before the run completes
    (staged / "sub" / "d0.txt").write_text("ALREADY DONE\n")  # proves d0 is not processed again
    (src / "sub" / "d1.txt").unlink()  # an input gone since: its staged output is not output

    code, _, err = cli(capsys, src, "-o", out, "--resume", "--model", rules_model, *RULES_ONLY)
    assert code == 0, err
    assert (out / "sub" / "d0.txt").read_text() == "ALREADY DONE\n"
    assert sorted(p.name for p in (out / "sub").iterdir()) == [f"d{i}.txt" for i in (0, 2, 3, 4, 5)]
    assert EMAIL not in (out / "sub" / "d5.txt").read_text()
    assert not staged.exists() and not meta_file(staged).exists()


def test_complete_lines_stop_at_a_truncated_or_broken_line(tmp_path):
    path = tmp_path / "p.jsonl"
    path.write_bytes(b'{"id": 1}\n{"id": 2}\n{"id": 3, "anonym\n{"id": 4}\n{"id": 5')
    with path.open("rb") as fh:
        assert [i for _, i in complete_lines(fh)] == [1, 2]


@pytest.mark.slow
def test_a_sigkilled_run_resumes_to_the_uninterrupted_output(tmp_path, rules_model):
    """A real subprocess killed with SIGKILL while writing: no file under the output's name; --resume
    finishes it, equal byte for byte to a run that was never interrupted."""
    src = tmp_path / "in.jsonl"
    with src.open("w", encoding="utf-8") as fh:
        for record in records(5000):
            fh.write(json.dumps(record) + "\n")
    out = tmp_path / "out.jsonl"
    argv = [sys.executable, "-m", "spacy_anon", "anonymize", str(src), "-o", str(out), "--resume", "--model",
            str(rules_model), *RULES_ONLY, "--quiet"]
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    partial = partial_file(out)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not partial.exists() or partial.stat().st_size < 300_000):
        assert proc.poll() is None, proc.stderr.read()[-2000:]
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    proc.stderr.close()
    assert not out.exists() and partial.exists()
    with partial.open("rb") as fh:
        kept = sum(1 for _ in complete_lines(fh))
    assert 0 < kept < 5000

    resumed = subprocess.run(argv[:-1], capture_output=True, text=True)
    assert resumed.returncode == 0, resumed.stderr[-2000:]
    assert f"resumed: {kept} more" in resumed.stderr
    reference = tmp_path / "ref.jsonl"
    subprocess.run(argv[:6] + [str(reference)] + argv[8:], check=True)
    assert out.read_bytes() == reference.read_bytes()
