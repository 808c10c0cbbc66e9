"""Check that a speed change leaves the default pipeline's output unchanged, document by document.

Writes, for every document of a JSONL corpus, every span group of `doc.spans` (offsets, label, kb_id and
the span attributes the components set), `doc._.anon_text` and `doc._.anon_table` to one JSON file; with
`--compare` it checks a new run against a file saved from the code before the change.

    python benchmarks/pipeline_fingerprint.py --out /tmp/before.json            # with the old code
    python benchmarks/pipeline_fingerprint.py --compare /tmp/before.json        # with the new code

The output holds the corpus's sensitive values: write it outside the repository (the default is /tmp).
"""
import argparse
import json
import sys
from pathlib import Path
from typing import Any, Dict, List, Optional

REPO = Path(__file__).resolve().parents[1]
DEFAULT_DATA = REPO.parent / "shared" / "data" / "tab" / "tab_dev.jsonl"
SPAN_ATTRS = ("anon_source", "anon_score", "anon_identifier", "anon_entity", "anon_replacement",
              "anon_validated", "anon_type")


def _plain(value: Any) -> Any:
    """JSON-safe copy of an extension value (floats rounded so that a reordered sum does not differ)."""
    if isinstance(value, float):
        return round(value, 9)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (str, int, bool)):
        return value
    return repr(value)


def fingerprint(doc) -> Dict[str, Any]:
    groups = {}
    for key in sorted(doc.spans):
        rows = []
        for span in doc.spans[key]:
            attrs = {name: _plain(span._.get(name)) for name in SPAN_ATTRS if span.has_extension(name)}
            rows.append([span.start_char, span.end_char, span.label_, span.kb_id_, attrs])
        groups[key] = rows
    stored = sorted(([list(map(str, key)), _plain(value)] for key, value in doc.user_data.items()
                     if isinstance(key, tuple) and key and key[0] == "spacy_anon"), key=repr)
    return {"spans": groups, "anon_text": doc._.anon_text, "anon_table": _plain(doc._.anon_table),
            "status": doc._.anon_status, "stats": _plain(doc._.anon_stats), "user_data": stored,
            "ents": [[e.start_char, e.end_char, e.label_] for e in doc.ents]}


def run(data: Path, limit: Optional[int]) -> List[Dict[str, Any]]:
    import spacy_anon

    with open(data, encoding="utf-8") as fh:
        texts = [json.loads(line)["text"] for line in fh if line.strip()][:limit]
    nlp = spacy_anon.load()
    return [fingerprint(doc) for doc in nlp.pipe(texts)]


def compare(old: List[Dict[str, Any]], new: List[Dict[str, Any]]) -> List[str]:
    """Which documents differ, and in what part (never the values themselves)."""
    problems = [] if len(old) == len(new) else [f"{len(old)} documents before, {len(new)} now"]
    for i, (a, b) in enumerate(zip(old, new)):
        for part in ("anon_text", "anon_table", "status", "stats", "user_data", "ents"):
            if a[part] != b[part]:
                problems.append(f"document {i}: {part} differs")
        for key in sorted(set(a["spans"]) | set(b["spans"])):
            if a["spans"].get(key) != b["spans"].get(key):
                problems.append(f"document {i}: doc.spans[{key!r}] differs "
                                f"({len(a['spans'].get(key, []))} spans before, "
                                f"{len(b['spans'].get(key, []))} now)")
    return problems


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--out", type=Path, default=Path("/tmp/spacy_anon_fingerprint.json"))
    parser.add_argument("--compare", type=Path, default=None, help="a file written before the change")
    args = parser.parse_args(argv)
    prints = run(args.data, args.limit)
    if args.compare is None:
        args.out.write_text(json.dumps(prints), encoding="utf-8")
        print(f"{len(prints)} documents written to {args.out}")
        return 0
    problems = compare(json.loads(args.compare.read_text(encoding="utf-8")), prints)
    for line in problems:
        print(line)
    n_spans = sum(len(rows) for p in prints for rows in p["spans"].values())
    print(f"{len(prints)} documents, {n_spans} spans in all groups: "
          + ("identical" if not problems else f"{len(problems)} differences"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
