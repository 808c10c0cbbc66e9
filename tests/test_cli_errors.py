"""Hostile inputs and environments: each ends in a one-line error (or a reported, skippable line), never in
a traceback, invalid JSON output, a lost record or a file left behind."""
import errno
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from cli_support import cli, write_jsonl

from spacy_anon.cli import runner

EMAIL_A = "jane.roe@example.com"
EMAIL_B = "r.miller@example.org"
SECRET = "leaky.secret@example.net"


def read_strict(path: Path):
    """Output lines parsed as strict JSON: NaN/Infinity are not JSON."""
    def refuse(name):
        raise ValueError(f"{name} in the output")

    return [json.loads(line, parse_constant=refuse) for line in path.read_text(encoding="utf-8").splitlines()]


def no_leftovers(folder: Path):
    return [p.name for p in folder.iterdir() if p.name.startswith(".")] == []


def one_error_line(err: str) -> bool:
    lines = [line for line in err.splitlines() if line.strip()]
    return len(lines) == 1 and "error:" in lines[0] and "Traceback" not in err


def run_module(*argv, env=None, cwd=None, preexec_fn=None, timeout=300):
    env = dict(os.environ if env is None else env, PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "spacy_anon", "anonymize", *map(str, argv)],
                          capture_output=True, text=True, env=env, cwd=cwd, preexec_fn=preexec_fn,
                          timeout=timeout)


# --- (a) the output location ------------------------------------------------------------------------------


def test_unwritable_output_fails_before_the_model_loads(tmp_path, capsys, monkeypatch):
    loaded = []
    monkeypatch.setattr(runner, "load_pipeline", lambda options: loaded.append(options))
    src = write_jsonl(tmp_path / "in.jsonl", [{"id": 1, "text": f"Mail {EMAIL_A}"}])
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    for out in (blocker / "out.jsonl", blocker / "sub" / "out.jsonl"):
        code, stdout, err = cli(capsys, src, "-o", out)
        assert code == 1 and one_error_line(err), err
        assert f"{out}: cannot write" in err and stdout == ""
    folder_in = tmp_path / "docs"
    folder_in.mkdir()
    (folder_in / "a.txt").write_text(f"Mail {EMAIL_A}")
    code, _, err = cli(capsys, folder_in, "-o", blocker / "anon")
    assert code == 1 and "cannot write" in err
    assert loaded == []  # never got as far as loading a model
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file", "docs", "in.jsonl"]


def test_file_size_limit_while_writing_is_a_clean_error(tmp_path, rules_model):
    """A real write failure from the OS (EFBIG under RLIMIT_FSIZE): one line, no traceback, nothing left."""
    resource = pytest.importorskip("resource")
    src = write_jsonl(tmp_path / "in.jsonl",
                      [{"id": i, "text": f"Record {i}: mail {EMAIL_A} about the case. " * 20} for i in range(200)])

    def limit():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # fail the write instead of killing the process
        resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))

    done = run_module(src, "-o", tmp_path / "out.jsonl", "--model", rules_model, "--rules-only", "--quiet", "--include-original",
                      preexec_fn=limit)
    assert done.returncode == 1, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    assert f"{tmp_path / 'out.jsonl'}: cannot write (File too large); no output written" in done.stderr
    assert EMAIL_A not in done.stderr + done.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl"]


def test_disk_full_while_writing_is_a_clean_error(tmp_path, capsys, monkeypatch, rules_model):
    import spacy_anon.io.atomic_output as io_module

    real_fdopen = io_module.os.fdopen

    class FullDisk:
        def __init__(self, fh):
            self._fh, self._n = fh, 0

        def write(self, text):
            self._n += len(text)
            if self._n > 2000:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return self._fh.write(text)

        def __getattr__(self, name):
            return getattr(self._fh, name)

    monkeypatch.setattr(io_module.os, "fdopen", lambda *a, **k: FullDisk(real_fdopen(*a, **k)))
    src = write_jsonl(tmp_path / "in.jsonl", [{"id": i, "text": f"Mail {EMAIL_A} today. " * 10} for i in range(30)])
    code, stdout, err = cli(capsys, src, "-o", tmp_path / "out.jsonl", "--model", rules_model, "--rules-only", "--quiet")
    assert code == 1 and one_error_line(err), err
    assert "No space left on device" in err and "no output written" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl"]


def test_dash_output_is_stdout(tmp_path, capsys, monkeypatch, rules_model):
    monkeypatch.chdir(tmp_path)
    src = write_jsonl(tmp_path / "in.jsonl", [{"id": 1, "text": f"Mail {EMAIL_A}"}])
    code, stdout, err = cli(capsys, src, "-o", "-", "--model", rules_model, "--rules-only")
    assert code == 0, err
    assert json.loads(stdout)["id"] == 1 and EMAIL_A not in stdout
    txt = tmp_path / "in.txt"
    txt.write_text(f"Mail {EMAIL_A}")
    code, stdout, err = cli(capsys, txt, "-o", "-", "--model", rules_model, "--rules-only")
    assert code == 0 and stdout.startswith("Mail ") and EMAIL_A not in stdout
    assert not (tmp_path / "-").exists()
    folder = tmp_path / "docs"
    folder.mkdir()
    assert cli(capsys, folder, "-o", "-")[0] == 2  # a folder needs an output folder


# --- (f) file modes ---------------------------------------------------------------------------------------


def test_output_modes_follow_the_umask_or_the_replaced_file(tmp_path, capsys, rules_model):
    src = write_jsonl(tmp_path / "in.jsonl", [{"id": 1, "text": f"Mail {EMAIL_A}"}])
    umask = os.umask(0o022)
    try:
        new = tmp_path / "new.jsonl"
        assert cli(capsys, src, "-o", new, "--model", rules_model, "--rules-only")[0] == 0
        assert new.stat().st_mode & 0o777 == 0o644  # not mkstemp's 0600
        kept = tmp_path / "kept.jsonl"
        kept.write_text("old")
        os.chmod(kept, 0o600)
        assert cli(capsys, src, "-o", kept, "--model", rules_model, "--rules-only")[0] == 0
        assert kept.stat().st_mode & 0o777 == 0o600 and kept.read_text() != "old"
        folder = tmp_path / "docs"
        folder.mkdir()
        (folder / "a.txt").write_text(f"Mail {EMAIL_A}")
        (folder / "b.txt").write_text(f"Mail {EMAIL_B}")
        out = tmp_path / "anon"
        out.mkdir()
        (out / "b.txt").write_text("old")
        os.chmod(out / "b.txt", 0o640)
        assert cli(capsys, folder, "-o", out, "--model", rules_model, "--rules-only")[0] == 0
        assert (out / "a.txt").stat().st_mode & 0o777 == 0o644
        assert (out / "b.txt").stat().st_mode & 0o777 == 0o640
    finally:
        os.umask(umask)


# --- (b, c, d) lines Python's json accepts but we cannot write back ---------------------------------------


HOSTILE_LINES = [
    ('{"id": 2, "text": "x", "deep": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested"),
    ('{"id": 3, "text": "' + SECRET + ' \\ud800"}', "unpaired surrogate"),
    ('{"id": 1e999, "text": "' + SECRET + '"}', "not finite"),
    ('{"id": NaN, "text": "' + SECRET + '"}', "non-finite"),
    ('{"id": Infinity, "text": "' + SECRET + '"}', "non-finite"),
    ('{"id": 7, "text": "' + SECRET + '", "text": "decoy"}', 'duplicate key "text"'),
]


def test_hostile_lines_are_invalid_lines(tmp_path, capsys, rules_model):
    lines = [{"id": 1, "text": f"Mail {EMAIL_A}"}] + [line for line, _ in HOSTILE_LINES] + \
        [{"id": 8, "text": f"Mail {EMAIL_B}"}]
    src = write_jsonl(tmp_path / "in.jsonl", lines)
    out = tmp_path / "out.jsonl"
    code, stdout, err = cli(capsys, src, "-o", out, "--model", rules_model, "--rules-only")
    assert code == 1 and one_error_line(err), err[-2000:]
    assert "line 2: not valid JSON (nested" in err
    assert not out.exists() and no_leftovers(tmp_path)

    code, stdout, err = cli(capsys, src, "-o", out, "--model", rules_model, "--rules-only", "--skip-invalid")
    assert code == 0, err[-2000:]
    for line_no, (_, reason) in enumerate(HOSTILE_LINES, 2):
        [message] = [m for m in err.splitlines() if f"line {line_no}:" in m]
        assert reason in message
    assert "Traceback" not in err and SECRET not in err + stdout
    assert [r["id"] for r in read_strict(out)] == [1, 8]
    out.read_text(encoding="utf-8").encode("utf-8")  # valid UTF-8 throughout


def test_duplicate_ids_name_both_lines(tmp_path, capsys, rules_model):
    src = write_jsonl(tmp_path / "in.jsonl", [
        {"id": "a", "text": f"Mail {EMAIL_A}"},
        {"id": "b", "text": "fine"},
        {"id": "a", "text": f"Mail {SECRET}"},
    ])
    out = tmp_path / "out.jsonl"
    code, _, err = cli(capsys, src, "-o", out, "--model", rules_model, "--rules-only")
    assert code == 1 and one_error_line(err)
    assert "line 3: duplicate id (first at line 1)" in err and SECRET not in err
    assert not out.exists()
    code, _, err = cli(capsys, src, "-o", out, "--model", rules_model, "--rules-only", "--skip-invalid")
    assert code == 0 and "skipped:" in err and "line 3" in err
    assert [r["id"] for r in read_strict(out)] == ["a", "b"]
    assert SECRET not in out.read_text()


# --- (g) --key-env in a fresh process ---------------------------------------------------------------------


def test_key_env_in_a_fresh_process(tmp_path):
    src = write_jsonl(tmp_path / "in.jsonl", [{"id": 1, "text": f"Mail {EMAIL_A}."}])
    env = {k: v for k, v in os.environ.items() if k != "SPACY_ANON_KEY"}
    env["MY_FRESH_KEY"] = "a-secret-key-of-32-characters!!!"
    out = tmp_path / "out.jsonl"
    done = run_module(src, "-o", out, "--strategy", "pseudonym", "--key-env", "MY_FRESH_KEY", "--quiet", env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    [record] = read_strict(out)
    [email] = [s for s in record["spans"] if s["label"] == "CONTACT"]
    assert email["replacement"].startswith("CONTACT_") and email["replacement"] != "[CONTACT_1]"
    assert env["MY_FRESH_KEY"] not in out.read_text() + done.stderr


# --- (h) records in = records out -------------------------------------------------------------------------


def _patched_loader(monkeypatch, mutate):
    real = runner.load_pipeline

    def load(options):
        nlp = real(options)
        mutate(nlp)
        return nlp

    monkeypatch.setattr(runner, "load_pipeline", load)


def _register_explode():
    from spacy.language import Language

    name = "test_errors_explode"
    if name not in Language.factories:
        @Language.component(name)
        def explode(doc):
            if "boom" in doc.text:
                raise ValueError(f"cannot handle {doc.text}")  # quotes the document
            return doc
    return name


@pytest.mark.parametrize("n_process", ["1", "2"])
def test_a_swallowing_error_handler_does_not_lose_records(tmp_path, capsys, monkeypatch, n_process):
    """With `nlp.set_error_handler(lambda *a: None)` spaCy drops the failing document from `nlp.pipe` (and
    runs the next components on it in `nlp(doc)`): the run must stop, naming the record."""
    name = _register_explode()

    def mutate(nlp):
        nlp.add_pipe(name, first=True)
        nlp.set_error_handler(lambda *a: None)

    _patched_loader(monkeypatch, mutate)
    records = [{"id": i, "text": f"Record {i}: mail {EMAIL_A}."} for i in range(6)]
    records[3]["text"] = f"boom {SECRET}"
    src = write_jsonl(tmp_path / "in.jsonl", records)
    out = tmp_path / "out.jsonl"
    code, stdout, err = cli(capsys, src, "-o", out, "--n-process", n_process, "--batch-size", "2", "--quiet")
    assert code == 1, err
    assert f"{src} line 4: anonymization failed (ValueError in component '{name}')" in err
    assert one_error_line(err) and SECRET not in err + stdout
    assert not out.exists() and no_leftovers(tmp_path)

    # a long document goes through nlp(doc) chunk by chunk: the same error
    long_text = "\n\n".join([f"fine part {EMAIL_A}."] * 8 + [f"boom {SECRET}."])
    src = write_jsonl(tmp_path / "long.jsonl", [{"id": 1, "text": "fine"}, {"id": 2, "text": long_text}])
    code, stdout, err = cli(capsys, src, "-o", out, "--max-length", "60", "--quiet", "--n-process", n_process)
    assert code == 1 and "line 2: anonymization failed (ValueError" in err
    assert SECRET not in err + stdout and not out.exists()


def test_a_component_that_drops_documents_is_caught(tmp_path, capsys, monkeypatch, rules_model):
    from spacy.language import Language

    name = "test_errors_dropper"

    class Dropper:
        def __call__(self, doc):
            return doc

        def pipe(self, docs, batch_size=128):
            for doc in docs:
                if "drop me" not in doc.text:
                    yield doc

    if name not in Language.factories:
        Language.factory(name, func=lambda nlp, name: Dropper())
    _patched_loader(monkeypatch, lambda nlp: nlp.add_pipe(name, first=True))
    src = write_jsonl(tmp_path / "in.jsonl", [
        {"id": 1, "text": f"Mail {EMAIL_A}"},
        {"id": 2, "text": f"drop me {SECRET}"},
        {"id": 3, "text": f"Mail {EMAIL_B}"},
    ])
    out = tmp_path / "out.jsonl"
    code, stdout, err = cli(capsys, src, "-o", out, "--model", rules_model, "--rules-only", "--quiet")
    assert code == 1 and one_error_line(err), err
    assert "line 2: not anonymized (the pipeline returned no document" in err
    assert SECRET not in err + stdout and not out.exists() and no_leftovers(tmp_path)


def test_a_worker_that_dies_is_an_error(tmp_path, capsys, monkeypatch, rules_model):
    from spacy.language import Language

    name = "test_errors_die"
    if name not in Language.factories:
        @Language.component(name)
        def die(doc):
            if "die" in doc.text:
                os.kill(os.getpid(), signal.SIGKILL)  # only ever runs in a forked worker here
            return doc

    _patched_loader(monkeypatch, lambda nlp: nlp.add_pipe(name, first=True))
    src = write_jsonl(tmp_path / "in.jsonl", [{"id": i, "text": f"Mail {EMAIL_A}" if i != 5 else "die"}
                                              for i in range(8)])
    out = tmp_path / "out.jsonl"
    code, _, err = cli(capsys, src, "-o", out, "--model", rules_model, "--rules-only", "--n-process", "2", "--batch-size", "1",
                       "--quiet")
    assert code == 1 and one_error_line(err), err
    assert "ended unexpectedly (killed by SIGKILL); no output written" in err
    assert not out.exists() and no_leftovers(tmp_path)
