"""Signals during a run: SIGTERM, SIGHUP and SIGINT end it like Ctrl-C (exit 128 + signal, no output, no
temporary file or staging folder left); a SIGKILLed run's leftovers are removed by the next run; with
`--n-process 2` no worker outlives the parent.

Each run is a real `python -m spacy_anon anonymize` subprocess on an input large enough to take a minute;
the tests wait until the temporary output has grown (the run is writing) and only then send the signal.
"""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

if sys.platform == "win32":  # pragma: no cover
    pytest.skip("POSIX signals", allow_module_level=True)

MARKER = "Quennell-Marlowe"  # in every input text: must not survive anywhere but in the input
N_RECORDS = 20_000


@pytest.fixture(scope="module")
def blank_model(tmp_path_factory):
    import spacy

    path = tmp_path_factory.mktemp("blank_en")
    spacy.blank("en").to_disk(path)
    return path


@pytest.fixture(scope="module")
def big_input(tmp_path_factory):
    path = tmp_path_factory.mktemp("input") / "big.jsonl"
    with path.open("w", encoding="utf-8") as fh:
        for i in range(N_RECORDS):
            text = (f"Record {i}: Ms Dana {MARKER} wrote to dana.q{i}@example.com and called "
                    f"+44 20 7946 0{i % 1000:03d}. ") * 3
            fh.write(json.dumps({"id": i, "text": text}) + "\n")
    return path


@pytest.fixture(scope="module")
def text_folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("docs")
    for i in range(3000):
        (folder / f"doc{i:04d}.txt").write_text(f"Ms Dana {MARKER} wrote to dana.q{i}@example.com.\n" * 5)
    return folder


def start(*argv, cwd):
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.Popen([sys.executable, "-m", "spacy_anon", "anonymize", *map(str, argv)], cwd=cwd,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env,
                            preexec_fn=_default_signals)


def _default_signals():
    """A test run in the background (or under nohup) may ignore SIGINT/SIGHUP, and the CLI keeps an
    ignored signal ignored: give the child the default dispositions."""
    for signum in (signal.SIGINT, signal.SIGHUP, signal.SIGTERM):
        signal.signal(signum, signal.SIG_DFL)


def ours(folder: Path):
    return [p for p in folder.iterdir() if ".spacy-anon-" in p.name] if folder.is_dir() else []


def wait_until_writing(proc, folder: Path, min_bytes=200_000, timeout=120):
    """Wait until our temporary output in `folder` holds `min_bytes` (a file) or 50 files (a staging
    folder): the run is past loading the model and in the middle of writing."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert proc.poll() is None, f"the run ended early: {proc.stderr.read()[-2000:]}"
        for path in ours(folder):
            try:
                if path.is_dir() and sum(1 for _ in path.rglob("*.txt")) >= 50:
                    return path
                if path.is_file() and path.stat().st_size >= min_bytes:
                    return path
            except FileNotFoundError:
                pass
        time.sleep(0.05)
    proc.kill()
    pytest.fail("the run never started writing")


def children(pid: int):
    """Pids of the live (not zombie) child processes of `pid`."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(entry))
    return found


def alive(pid: int) -> bool:
    """Running (a zombie waiting to be reaped by init is dead)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2:].split()[0] != "Z"


def holders_of_marker(folder: Path, skip: Path):
    found = []
    for path in folder.rglob("*"):
        if path.is_file() and path != skip and MARKER.encode() in path.read_bytes():
            found.append(path)
    return found


def finish(proc, timeout=20):
    start_wait = time.monotonic()
    _, err = proc.communicate(timeout=timeout)
    return proc.returncode, err, time.monotonic() - start_wait


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_signal_while_writing_leaves_nothing(tmp_path, big_input, blank_model, signum):
    out = tmp_path / "out.jsonl"
    proc = start(big_input, "-o", out, "--model", blank_model, "--rules-only", "--include-original", "--quiet", cwd=tmp_path)
    tmp = wait_until_writing(proc, tmp_path)
    assert f"spacy-anon-{proc.pid}-" in tmp.name and MARKER.encode() in tmp.read_bytes()[:100_000]
    proc.send_signal(signum)
    code, err, waited = finish(proc)
    assert code == 128 + signum, err[-2000:]
    assert "interrupted; no output written" in err and "Traceback" not in err
    assert waited < 10
    assert list(tmp_path.iterdir()) == []  # no output, no temporary file


def test_sigterm_during_folder_output_removes_the_staging_folder(tmp_path, text_folder, blank_model):
    out = tmp_path / "anon"
    proc = start(text_folder, "-o", out, "--model", blank_model, "--rules-only", "--quiet", cwd=tmp_path)
    staging = wait_until_writing(proc, out)
    assert staging.is_dir() and f"spacy-anon-{proc.pid}-" in staging.name
    proc.send_signal(signal.SIGTERM)
    code, err, _ = finish(proc)
    assert code == 128 + signal.SIGTERM, err[-2000:]
    assert not out.exists()  # the run created it, and it is empty again


def test_rerun_removes_what_a_sigkill_left(tmp_path, big_input, blank_model):
    out = tmp_path / "out.jsonl"
    proc = start(big_input, "-o", out, "--model", blank_model, "--rules-only", "--include-original", "--quiet", cwd=tmp_path)
    tmp = wait_until_writing(proc, tmp_path)
    proc.kill()  # cannot be handled: the temporary file stays ...
    proc.communicate(timeout=20)
    assert tmp.exists() and holders_of_marker(tmp_path, skip=big_input) == [tmp]

    small = tmp_path / "small.jsonl"
    small.write_text(json.dumps({"id": 1, "text": f"Ms Dana {MARKER} wrote to dana@example.com."}) + "\n")
    done = subprocess.run([sys.executable, "-m", "spacy_anon", "anonymize", str(small), "-o", str(out),
                           "--model", str(blank_model), "--rules-only"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "removed 1 temporary output(s) left by an interrupted run" in done.stderr
    assert not tmp.exists()  # ... until the next run writing the same output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.jsonl", "small.jsonl"]
    assert [json.loads(line)["id"] for line in out.read_text().splitlines()] == [1]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_signal_to_a_two_process_run_stops_the_workers(tmp_path, big_input, blank_model, signum):
    out = tmp_path / "out.jsonl"
    proc = start(big_input, "-o", out, "--model", blank_model, "--rules-only", "--include-original", "--quiet",
                 "--n-process", "2", cwd=tmp_path)
    wait_until_writing(proc, tmp_path)
    workers = children(proc.pid)
    assert len(workers) == 2
    proc.send_signal(signum)
    code, err, waited = finish(proc)
    assert code == 128 + signum, err[-2000:]
    assert waited < 10 and "interrupted; no output written" in err and "Traceback" not in err
    assert [pid for pid in workers if alive(pid)] == []
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_workers_die_with_a_sigkilled_parent(tmp_path, big_input, blank_model):
    out = tmp_path / "out.jsonl"
    proc = start(big_input, "-o", out, "--model", blank_model, "--rules-only", "--quiet", "--n-process", "2", cwd=tmp_path)
    wait_until_writing(proc, tmp_path)
    workers = children(proc.pid)
    assert len(workers) == 2
    proc.kill()
    proc.communicate(timeout=20)
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert [pid for pid in workers if alive(pid)] == []


def test_signals_as_interrupts_in_process():
    """The handler raises once (later signals cannot cut the cleanup short), keeps an ignored signal
    ignored (nohup) and restores the previous handlers."""
    from spacy_anon.cli.signals import Interrupted, exit_status, signals_as_interrupts

    before = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)}
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        with pytest.raises(Interrupted) as caught:
            with signals_as_interrupts():
                assert signal.getsignal(signal.SIGHUP) == signal.SIG_IGN
                os.kill(os.getpid(), signal.SIGHUP)  # ignored
                try:
                    os.kill(os.getpid(), signal.SIGTERM)
                    time.sleep(5)  # not reached: the handler raises
                finally:
                    os.kill(os.getpid(), signal.SIGTERM)  # during cleanup: ignored
                    cleaned = True
        assert cleaned and caught.value.signum == signal.SIGTERM and exit_status(caught.value) == 143
        assert signal.getsignal(signal.SIGHUP) == signal.SIG_IGN
        assert signal.getsignal(signal.SIGTERM) == before[signal.SIGTERM]
        assert signal.getsignal(signal.SIGINT) == before[signal.SIGINT]
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)
