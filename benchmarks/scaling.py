"""Peak memory and time of `spacy-anon anonymize` against document length and number of documents.

Each point is one run of the real command in its own process (`python -m spacy_anon anonymize`), so the
peak resident memory (ru_maxrss of that process, from os.wait4) and the wall time include loading the
pipeline, reading the input and writing the output. Texts are TAB dev judgments
(../shared/data/tab/tab_dev.jsonl): one document made of them repeated up to the length, or many short
documents cut from them.

    python benchmarks/scaling.py            # lengths 1k..1M characters, 10..10,000 documents (--quick)
    python benchmarks/scaling.py --full     # adds 10M characters and 100,000 documents

Writes docs/benchmarks/scaling.md (the section between the markers), docs/benchmarks/scaling.png and
benchmarks/out/scaling.json.
"""
import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Dict, List

REPO = Path(__file__).resolve().parents[1]
DATA = REPO.parent / "shared" / "data" / "tab" / "tab_dev.jsonl"
PAGE = REPO / "docs" / "benchmarks" / "scaling.md"
PLOT = REPO / "docs" / "benchmarks" / "scaling.png"
OUT = REPO / "benchmarks" / "out" / "scaling.json"
START, END = "<!-- scaling:start -->", "<!-- scaling:end -->"
SHORT = 200  # characters of each short document


def tab_texts() -> List[str]:
    with DATA.open(encoding="utf-8") as fh:
        return [json.loads(line)["text"] for line in fh if line.strip()]


def long_text(texts: List[str], n: int) -> str:
    parts, size = [], 0
    while size < n:
        for text in texts:
            parts.append(text)
            size += len(text) + 2
            if size >= n:
                break
    return "\n\n".join(parts)[:n]


def short_docs(texts: List[str], n: int):
    pieces = []
    for text in texts:
        for start in range(0, len(text) - SHORT, SHORT):
            piece = text[start:start + SHORT]
            cut = piece.rfind(" ")
            pieces.append(piece[:cut] if cut > SHORT // 2 else piece)
    for i in range(n):
        yield {"id": i, "text": pieces[i % len(pieces)]}


def run_cli(args: List[str]) -> Dict[str, float]:
    """Wall seconds, CPU seconds and peak RSS (MiB) of one `spacy-anon anonymize` process."""
    cmd = [sys.executable, "-m", "spacy_anon", "anonymize", *args, "--quiet"]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    err = proc.stderr.read().decode("utf-8", "replace")
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}): {err[-2000:]}")
    return {"seconds": round(wall, 2), "cpu_seconds": round(usage.ru_utime + usage.ru_stime, 2),
            "peak_rss_mib": round(usage.ru_maxrss / 1024, 1)}


def measure(lengths: List[int], counts: List[int], max_length: int) -> Dict[str, List[Dict]]:
    texts = tab_texts()
    rows: Dict[str, List[Dict]] = {"length": [], "count": []}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        for n in lengths:
            src = tmp / f"doc{n}.txt"
            src.write_text(long_text(texts, n), encoding="utf-8")
            result = run_cli([str(src), "-o", str(tmp / "out.txt"), "--max-length", str(max_length)])
            row = {"chars": n, **result, "chars_per_s": round(n / result["seconds"])}
            rows["length"].append(row)
            print("length", row, flush=True)
            src.unlink()
        for n in counts:
            src = tmp / f"docs{n}.jsonl"
            chars = 0
            with src.open("w", encoding="utf-8") as fh:
                for record in short_docs(texts, n):
                    chars += len(record["text"])
                    fh.write(json.dumps(record) + "\n")
            result = run_cli([str(src), "-o", str(tmp / "out.jsonl")])
            row = {"documents": n, "chars": chars, **result, "docs_per_s": round(n / result["seconds"], 1)}
            rows["count"].append(row)
            print("count", row, flush=True)
            src.unlink()
    return rows


def plot(rows: Dict[str, List[Dict]]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
    for ax, key, xlabel in ((axes[0], "length", "characters in one document"),
                            (axes[1], "count", "documents (about 190 characters each)")):
        data = rows[key]
        xs = [r["chars"] if key == "length" else r["documents"] for r in data]
        ax.plot(xs, [r["seconds"] for r in data], "o-", color="tab:blue", label="wall seconds")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel(xlabel)
        ax.set_ylabel("seconds (log)", color="tab:blue")
        twin = ax.twinx()
        twin.plot(xs, [r["peak_rss_mib"] for r in data], "s--", color="tab:red", label="peak RSS")
        twin.set_ylabel("peak RSS, MiB", color="tab:red")
        twin.set_ylim(0, max(r["peak_rss_mib"] for r in data) * 1.15)
        ax.set_title("one document, growing" if key == "length" else "many short documents")
    fig.suptitle("spacy-anon anonymize (default pipeline, one process): time and peak memory")
    fig.tight_layout()
    fig.savefig(PLOT, dpi=110)


def table(rows: Dict[str, List[Dict]], command: str, max_length: int, wall: float) -> str:
    lines = [
        "## Scaling", "",
        f"Command: `{command}` ({wall:.0f} s in all)  ",
        f"Date: {datetime.now(timezone.utc):%Y-%m-%d}  ",
        f"Machine: `nproc` = {os.cpu_count()}, Python {platform.python_version()}, {platform.system()}; "
        "one process per point (`python -m spacy_anon anonymize ... --quiet`): pipeline loading, reading and "
        "writing included.  ",
        f"Long documents are processed in windows of `--max-length {max_length:,}` characters.", "",
        "| characters (one document) | seconds | CPU seconds | chars/s | peak RSS (MiB) |",
        "|---:|---:|---:|---:|---:|",
    ]
    for r in rows["length"]:
        lines.append(f"| {r['chars']:,} | {r['seconds']} | {r['cpu_seconds']} | {r['chars_per_s']:,} | "
                     f"{r['peak_rss_mib']} |")
    lines += ["", "| documents (JSONL) | characters | seconds | CPU seconds | docs/s | peak RSS (MiB) |",
              "|---:|---:|---:|---:|---:|---:|"]
    for r in rows["count"]:
        lines.append(f"| {r['documents']:,} | {r['chars']:,} | {r['seconds']} | {r['cpu_seconds']} | "
                     f"{r['docs_per_s']} | {r['peak_rss_mib']} |")
    lines += ["", "![time and peak memory against size](scaling.png)"]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="add 10M characters and 100,000 documents")
    parser.add_argument("--max-length", type=int, default=100_000,
                        help="window of a long document (--max-length of the command; default 100,000)")
    parser.add_argument("--no-write", action="store_true", help="print only")
    args = parser.parse_args()
    lengths = [1_000, 10_000, 100_000, 1_000_000] + ([10_000_000] if args.full else [])
    counts = [10, 100, 1_000, 10_000] + ([100_000] if args.full else [])
    start = time.perf_counter()
    rows = measure(lengths, counts, args.max_length)
    wall = time.perf_counter() - start
    if args.no_write:
        return
    command = "python benchmarks/scaling.py" + (" --full" if args.full else "")
    if args.max_length != 100_000:
        command += f" --max-length {args.max_length}"
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"command": command, "rows": rows}, indent=1) + "\n")
    plot(rows)
    page = PAGE.read_text(encoding="utf-8")
    head, rest = page.split(START, 1)
    _, tail = rest.split(END, 1)
    PAGE.write_text(head + START + "\n" + table(rows, command, args.max_length, wall) + "\n" + END + tail,
                    encoding="utf-8")
    print(f"wrote {PAGE.relative_to(REPO)}, {PLOT.relative_to(REPO)}")


if __name__ == "__main__":
    main()
