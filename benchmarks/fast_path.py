"""The structured-identifier fast path beside datafog and scrubadub, in one run, on one core.

Inputs (generated, seeded: `fast_path_data.py`): PII sentences of eight structured types with gold spans,
and log lines (web server and application logs). Each system runs in its own process pinned to one core
(`taskset -c 0` where available), warmed up on the first texts, then timed over every text; chars/s is
the characters of the input over the seconds of that loop (loading excluded), by the wall clock and by
the process's CPU time (the fairer figure on a machine shared with other jobs).

  spacy-anon fast path     spacy_anon.fast_path.anonymize_structured (one doc per text)
  spacy-anon pipeline      fast_path.structured_blank("en") + anon_rules (same recognizers) + anon_mask, nlp(text) per text
  datafog scan             datafog.scan(text) (4.x, Python regex engine); datafog-core (Rust) when installed
  scrubadub                scrubadub.Scrubber().iter_filth(text) (default detectors)

Token recall and precision on the sentences: tokens are runs of word characters; a gold token is found
when a predicted span overlaps it, a predicted token is right when it overlaps a gold span (every span a
system reports counts, whatever its type: a user masks them all).

Identity: the fast path's anonymized text and table are compared with the pipeline's on every sentence,
every log line and, with --shared, on the Presidio synthetic set and TAB dev (mismatches must be 0).

Peers are not dependencies of spacy-anon: install them in a separate environment and name its Python:

    python -m venv PEERS && PEERS/bin/pip install datafog "datafog[rust]" scrubadub
    python benchmarks/fast_path.py --peer-python PEERS/bin/python [--log-mb 2] [--shared ../shared/data]
"""
import argparse
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, List, Optional

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
WORD = re.compile(r"\w+")
WARMUP = 50


# ------------------------------------------------------------------ one system (run in its own process)
def _system(name: str):
    """texts -> per text a list of [start, end] spans (and, for ours, the anonymized output)."""
    if name == "fast":
        from spacy_anon.fast_path import anonymize_structured, structured_pipeline

        nlp = structured_pipeline()
        return lambda texts: [([[r["start"], r["end"]] for r in table], out)
                              for out, table in anonymize_structured(texts, nlp)]
    if name == "pipeline":
        import spacy

        import spacy_anon.mask.component  # noqa: F401
        from spacy_anon.fast_path import structured_blank, structured_recognizers

        nlp = structured_blank("en")
        nlp.add_pipe("anon_rules", config={"recognizers": list(structured_recognizers())})
        nlp.add_pipe("anon_mask")
        return lambda texts: [([[r["start"], r["end"]] for r in d._.anon_table], d._.anon_text)
                              for d in (nlp(t) for t in texts)]
    if name in ("datafog", "datafog-rust"):
        import datafog

        backend = "rust" if name == "datafog-rust" else "python"
        datafog.scan("warm up 10.0.0.1", backend=backend)
        return lambda texts: [([[e.start, e.end] for e in datafog.scan(t, backend=backend).entities], None)
                              for t in texts]
    if name == "scrubadub":
        import scrubadub

        scrubber = scrubadub.Scrubber()
        return lambda texts: [([[f.beg, f.end] for f in scrubber.iter_filth(t)], None) for t in texts]
    raise ValueError(name)


def run_system(name: str, texts_path: str, out_path: str) -> None:
    texts = [json.loads(line) for line in open(texts_path, encoding="utf-8")]
    run = _system(name)
    run(texts[:WARMUP])
    started, cpu = time.perf_counter(), time.process_time()
    results = run(texts)
    seconds, cpu_seconds = time.perf_counter() - started, time.process_time() - cpu
    with open(out_path, "w", encoding="utf-8") as fh:
        json.dump({"seconds": seconds, "cpu_seconds": cpu_seconds, "chars": sum(map(len, texts)),
                   "results": results}, fh)


# ------------------------------------------------------------------ scoring and the page
def token_scores(texts: List[str], gold: List[List[List]], predicted: List[List[List[int]]]) -> Dict[str, float]:
    found = n_gold = right = n_pred = 0
    for text, spans, pred in zip(texts, gold, predicted):
        for m in WORD.finditer(text):
            s, e = m.span()
            in_gold = any(gs < e and s < ge for gs, ge, _t in spans)
            in_pred = any(ps < e and s < pe for ps, pe in pred)
            n_gold += in_gold
            found += in_gold and in_pred
            n_pred += in_pred
            right += in_pred and in_gold
    return {"recall": found / max(1, n_gold), "precision": right / max(1, n_pred)}


def _pinned(cmd: List[str]) -> List[str]:
    return (["taskset", "-c", "0"] + cmd) if shutil.which("taskset") else cmd


def measure(python: str, name: str, texts: List[str], tmp: Path) -> Optional[dict]:
    src, out = tmp / f"{name}.in.jsonl", tmp / f"{name}.out.json"
    src.write_text("".join(json.dumps(t, ensure_ascii=False) + "\n" for t in texts), encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.run(_pinned([python, str(Path(__file__).resolve()), "--run-system", name, str(src), str(out)]),
                          capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        print(f"{name}: skipped ({proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else proc.returncode})",
              file=sys.stderr)
        return None
    return json.loads(out.read_text(encoding="utf-8"))


def identity_mismatches(texts: List[str]) -> int:
    """Texts where the fast path's (anonymized text, table) differs from the pipeline's."""
    import spacy

    import spacy_anon.mask.component  # noqa: F401
    from spacy_anon.fast_path import anonymize_structured, structured_blank, structured_pipeline, structured_recognizers

    nlp = structured_blank("en")
    nlp.add_pipe("anon_rules", config={"recognizers": list(structured_recognizers())})
    nlp.add_pipe("anon_mask")
    fast = list(anonymize_structured(texts, structured_pipeline()))
    return sum(1 for text, got in zip(texts, fast) if got != (lambda d: (d._.anon_text, d._.anon_table))(nlp(text)))


def shared_corpora(shared: Path) -> Dict[str, List[str]]:
    out = {}
    synth = shared / "presidio_synth" / "synth_dataset_v2.json"
    if synth.exists():
        out["Presidio synth"] = [r["full_text"] for r in json.loads(synth.read_text(encoding="utf-8"))]
    tab = shared / "tab" / "tab_dev.jsonl"
    if tab.exists():
        out["TAB dev"] = [json.loads(line)["text"] for line in tab.open(encoding="utf-8") if line.strip()]
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--run-system", nargs=3, metavar=("NAME", "TEXTS", "OUT"), help=argparse.SUPPRESS)
    parser.add_argument("--peer-python", default=None, help="Python of an environment with datafog and scrubadub")
    parser.add_argument("--n", type=int, default=2109, help="PII sentences")
    parser.add_argument("--log-mb", type=float, default=2.0, help="megabytes of log lines")
    parser.add_argument("--shared", type=Path, default=None, help="data folder: identity check on its corpora")
    parser.add_argument("--systems", default="fast,pipeline,datafog,datafog-rust,scrubadub")
    parser.add_argument("--json", type=Path, default=None, help="write the figures here")
    parser.add_argument("--no-identity", dest="identity", action="store_false",
                        help="skip the check that the fast path's output equals the pipeline's")
    args = parser.parse_args(argv)
    if args.run_system:
        run_system(*args.run_system)
        return 0
    sys.path.insert(0, str(HERE))
    from fast_path_data import log_lines, pii_sentences

    records = pii_sentences(args.n)
    sentences, gold = [r["text"] for r in records], [r["spans"] for r in records]
    lines, size = [], 0
    for line in log_lines():
        lines.append(line)
        size += len(line) + 1
        if size >= args.log_mb * 1_000_000:
            break
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.systems.split(","):
            python = sys.executable if name in ("fast", "pipeline") else args.peer_python
            if python is None:
                print(f"{name}: skipped (no --peer-python)", file=sys.stderr)
                continue
            sent = measure(python, name, sentences, Path(tmp))
            logs = measure(python, name, lines, Path(tmp)) if sent is not None else None
            if sent is None or logs is None:
                continue
            scores = token_scores(sentences, gold, [r[0] for r in sent["results"]])
            rows.append({"system": name, "sentences_chars_per_s": sent["chars"] / sent["seconds"],
                         "logs_chars_per_s": logs["chars"] / logs["seconds"],
                         "sentences_chars_per_cpu_s": sent["chars"] / sent["cpu_seconds"],
                         "logs_chars_per_cpu_s": logs["chars"] / logs["cpu_seconds"], **scores})
            print(json.dumps(rows[-1]), flush=True)
    checks = {"PII sentences": sentences, "log lines": lines[:5000]} if args.identity else {}
    if args.shared and args.identity:
        checks.update(shared_corpora(args.shared))
    mismatches = {name: identity_mismatches(texts) for name, texts in checks.items()}
    print(json.dumps({"mismatches": mismatches}))
    result = {"rows": rows, "mismatches": mismatches, "sentences": len(sentences), "log_lines": len(lines),
              "log_chars": size, "machine": f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores",
              "python": platform.python_version(), "pinned": bool(shutil.which("taskset"))}
    if args.json:
        args.json.write_text(json.dumps(result, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
