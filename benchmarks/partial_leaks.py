"""Partial-leak benchmark: names masked in one place of a TAB judgment and left in clear in another.

Runs the shipped default pipeline (`spacy_anon.load()`, or `--model`) on the TAB dev judgments and counts,
per document, the occurrences in the masked text of names that the same run masked elsewhere in that
document (`spacy_anon.coref.leaks.partial_leaks`: person name parts, organisation and place names, and
acronyms of organisations). Names are never printed unless `--show` is given.

    python benchmarks/partial_leaks.py [--model PATH] [--tab ../shared/data/tab/tab_dev.jsonl]
        [--coref] [--limit N] [--show] [--out FILE]
"""
import argparse
import json
import platform
import sys
import time
from collections import Counter
from pathlib import Path
from typing import List, Optional

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from spacy_anon.coref.leaks import partial_leaks  # noqa: E402

SHARED = REPO.parent / "shared" / "data"


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default=None, help="pipeline path or name (default: the embedded default)")
    parser.add_argument("--tab", type=Path, default=SHARED / "tab" / "tab_dev.jsonl")
    parser.add_argument("--limit", type=int, default=0, help="only the first N judgments")
    parser.add_argument("--coref", action="store_true", help="add anon_coref before anon_mask (if not there)")
    parser.add_argument("--show", action="store_true", help="print each leak in context (prints names)")
    parser.add_argument("--out", type=Path, default=REPO / "benchmarks" / "out" / "partial_leaks.json")
    args = parser.parse_args(argv)

    import spacy_anon

    docs = [json.loads(line) for line in args.tab.open(encoding="utf-8") if line.strip()]
    if args.limit:
        docs = docs[:args.limit]
    nlp = spacy_anon.load(args.model)
    if args.coref and "anon_coref" not in nlp.pipe_names:
        nlp.add_pipe("anon_coref", before="anon_mask")
    start = time.perf_counter()
    by_label: Counter = Counter()
    per_doc = {}
    distinct = 0
    masked = 0
    for record, doc in zip(docs, nlp.pipe(d["text"] for d in docs)):
        if doc._.anon_status != "ok":
            raise SystemExit(f"{record['doc_id']}: not anonymized")
        rows = doc._.anon_table
        masked += len(rows)
        leaks = partial_leaks(doc.text, doc._.anon_text, rows)
        per_doc[record["doc_id"]] = len(leaks)
        distinct += len({leak.words for leak in leaks})
        for leak in leaks:
            by_label[leak.label] += 1
            if args.show:
                a = doc._.anon_text
                context = a[max(0, leak.start - 50):leak.end + 30].replace("\n", " ")
                print(f"{record['doc_id']} {leak.label}: ...{context}...")
    seconds = time.perf_counter() - start
    total = sum(per_doc.values())
    report = {
        "model": args.model or "default", "pipeline": nlp.pipe_names, "machine": platform.platform(),
        "documents": len(docs), "masked_mentions": masked, "partial_leaks": total,
        "distinct_names_leaked": distinct, "by_label": dict(by_label),
        "documents_with_leaks": sum(1 for n in per_doc.values() if n), "seconds": round(seconds, 1),
    }
    print(f"{len(docs)} judgments, pipeline {nlp.pipe_names}, {masked} masked mentions, {seconds:.0f} s")
    print(f"partial leaks: {total} occurrences of {distinct} masked names in "
          f"{report['documents_with_leaks']} judgments; by label {dict(by_label)}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1))
    print(f"written {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
